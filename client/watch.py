"""`doorkick watch [HOST:PORT]`: the big screen, a host's running tables for a projector across the room.

With an address it watches that host at once; without one it browses the LAN like `doorkick join`, watches the
host it finds when it is the only one, and otherwise lets you pick (the browser's "Watch on this screen"). The
whole screen by default; `--size WxH` keeps a window (for tests, or a second monitor).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .app import App

SPECTATOR_NAME = "Big screen"  # how the host's lobby knows this connection
PICK_AFTER = 1.5  # seconds of browsing before the only host found is watched


def add_arguments(parser: argparse.ArgumentParser, command: str) -> None:
    parser.add_argument("address", nargs="?", default="", help="host or host:port (default: browse the LAN)")
    parser.add_argument(
        "--cycle", type=float, default=None, metavar="SECONDS", help="show the next running table every SECONDS"
    )
    parser.add_argument("--size", default=None, metavar="WxH", help="a window of this size instead of the whole screen")
    parser.add_argument("--interface", default=None, metavar="IP", help="look for hosts on this network card only")
    parser.add_argument("--screenshot-dir", default=None, metavar="DIR", help="where F12 saves a PNG")
    parser.add_argument("--time-limit", type=float, default=None, metavar="SECONDS", help="close after this long")


def open_big_screen(
    app: App, host: str, port: int, label: str, cycle: float | None = None, whole_screen: bool = True
) -> None:
    """Watch `host`'s tables on this window, on the whole screen when `whole_screen`; leaving the big screen (Esc)
    gives the window back as it was."""
    from .net import Connection
    from .scenes.big_screen import BigScreenScene

    connection = Connection(host, port, SPECTATOR_NAME)
    connection.start()
    whole = whole_screen and not app.headless and not app.fullscreen
    kept = app.settings.fullscreen
    if whole:
        app.toggle_fullscreen()
        app.settings.fullscreen = kept  # the players' own choice of window is not the projector's

    def leave() -> None:
        if whole and app.fullscreen:
            app.toggle_fullscreen()
            app.settings.fullscreen = kept

    app.push(BigScreenScene(app, connection, label, cycle, leave))


def run(args: argparse.Namespace) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from pathlib import Path

    from .app import App
    from .cli import DEFAULT_PORT, _size
    from .scenes.browser import parse_address
    from .settings import Settings

    size = _size(args.size)
    app = App(Settings.load(), size, Path(args.screenshot_dir) if args.screenshot_dir else None)
    if args.address:
        parsed = parse_address(args.address, DEFAULT_PORT)
        if parsed is None:
            app.close()
            print(f"doorkick watch: {args.address!r} is not host or host:port", file=sys.stderr)
            return 2
        open_big_screen(app, parsed[0], parsed[1], args.address, args.cycle, size is None)
    else:
        _browse(app, args, size is None)
    app.give_up_after(args.time_limit)
    app.run()
    return 0


def _browse(app: App, args: argparse.Namespace, whole_screen: bool) -> None:
    """The LAN browser (Join works as in `doorkick join`); the only host found is watched, several are picked."""
    from . import cli
    from .scenes.browser import BrowserScene

    args.autoplay, args.quit_after_turns = False, None  # what the shared browser asks of `play` and `join`

    def watch(host: str, port: int, label: str) -> None:
        open_big_screen(app, host, port, label, args.cycle, whole_screen)

    cli._push_browser(app, args, None, watch)
    browser = app.find(BrowserScene)
    first_seen: float | None = None

    def pick(app: App, _surface: object) -> None:
        nonlocal first_seen
        if not isinstance(browser, BrowserScene) or app.top is not browser or not browser.found:
            return
        first_seen = time.monotonic() if first_seen is None else first_seen
        if time.monotonic() - first_seen < PICK_AFTER:
            return
        app.frame_hooks.remove(pick)
        if len(browser.found) == 1:
            found = browser.found[0]
            watch(found.host, found.port, found.name)

    app.frame_hooks.append(pick)
