"""`doorkick learn`: the guided first game, in a window of its own, on this machine only (no host, no network).

Leaving it (Escape, or Finish after the last lesson) goes to the start screen, as the start screen's "Learn to
play" comes back there.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ...shared.rules.base import SEXES
from .lessons import LESSONS

if TYPE_CHECKING:
    from ..app import App


def add_arguments(parser: argparse.ArgumentParser, command: str) -> None:
    parser.add_argument(
        "--lesson",
        type=int,
        default=1,
        choices=range(1, len(LESSONS) + 1),
        metavar="N",
        help=f"start at lesson N of {len(LESSONS)} (default 1)",
    )
    parser.add_argument("--name", default=None, help="your name at the lesson's table (saved for next time)")
    parser.add_argument(
        "--sex", default=None, choices=SEXES, help="your character's sex, as at a real table (saved for next time)"
    )
    parser.add_argument("--size", default=None, metavar="WxH", help="window size, e.g. 1600x900 (at least 1024x640)")
    parser.add_argument(
        "--autoplay", action="store_true", help="the tutorial plays itself, clicking where it points (demos, tests)"
    )
    parser.add_argument(
        "--screenshot-dir", type=Path, default=None, metavar="DIR", help="save a PNG at each step of each lesson"
    )
    parser.add_argument(
        "--time-limit",
        type=float,
        default=None,
        metavar="SECONDS",
        help="give up (exit 1) after this long; the headless default is 300",
    )


def run(args: argparse.Namespace) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from ..app import App
    from ..cli import _size
    from ..settings import Settings
    from .pupil import Pupil
    from .table import Guided, Tutorial

    settings = Settings.load()
    if args.name:
        settings.name = args.name
    if args.sex:
        settings.sex = args.sex
    settings.clamp()
    app = App(settings, _size(args.size), args.screenshot_dir)
    limit = args.time_limit if args.time_limit is not None else (300.0 if app.headless or args.autoplay else None)
    if not (app.headless and args.autoplay):
        _push_start_screen(app)

    def attach(scene: Guided) -> None:
        if args.autoplay:
            scene.autoplayer = Pupil(app, scene)

    tutorial = Tutorial(app, 0.3 if args.autoplay else min(0.8, settings.bot_seconds), attach)
    tutorial.start(args.lesson)
    app.give_up_after(limit)

    def played_to_the_end(app: App, _surface: object) -> None:
        if args.autoplay and tutorial.scene is None:
            app.quit()  # a demo closes its window

    app.frame_hooks.append(played_to_the_end)
    app.run()
    if app.gave_up or (args.autoplay and not tutorial.finished):
        print(
            f"doorkick learn: gave up after {limit:g} s" if app.gave_up else "doorkick learn: not finished",
            file=sys.stderr,
        )
        return 1
    if args.screenshot_dir is not None:
        print(f"{len(app.shots_taken)} screenshot(s) in {args.screenshot_dir}")
    return 0


def _push_start_screen(app: App) -> None:
    """The start screen (the LAN browser) under the tutorial, where leaving it goes."""
    from ..cli import _push_browser

    _push_browser(app, argparse.Namespace(autoplay=False, interface=None, quit_after_turns=None), None)
