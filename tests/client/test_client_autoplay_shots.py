"""The autoplayer's screenshots show the moment they were asked for: it makes no click between a table asking for
a frame and that frame being saved (the call for help's form once covered a "combat" frame it had opened in the
very step the frame was due)."""

from __future__ import annotations

from typing import Any

from doorkick.client.autoplay import Autoplayer
from doorkick.client.scenes.munchkin_table import MunchkinScene
from doorkick.client.session import LocalSession
from doorkick.shared.rules.base import SeatSetup
from doorkick.shared.rules.registry import ruleset

STEP = 0.1  # a loaded machine's frame: the autoplayer's next click and a shot's delay end in the same step


def test_no_autoplay_click_lands_between_a_screenshot_asked_for_and_taken(app: Any) -> None:
    setups = tuple(SeatSetup(f"P{i}", "female" if i % 2 else "male") for i in range(4))
    session = LocalSession(ruleset("munchkin"), setups, 5, [0], bot_level="easy")
    app.settings.reaction_seconds = 1
    scene = app.push(MunchkinScene(app, session))
    player = scene.autoplayer = Autoplayer(app, scene, seed=5, think=0.0)  # clicks whenever it may
    asked: list[int] = []  # the clicks made when each screenshot was asked for
    saved: list[int] = []  # ... and when its frame was drawn, just before it is saved
    ask = app.screenshot

    def screenshot(tag: str) -> None:
        asked.append(player.clicks)
        ask(tag)

    app.screenshot = screenshot
    drawn: list[int] = []  # the clicks made when the last frame was drawn (the hooks run between draw and save)
    app.frame_hooks.append(lambda _app, _surface: drawn.append(player.clicks))
    for _step in range(3000):
        taken = len(app.shots_taken)
        app.step(STEP, [])
        saved.extend(drawn[-1:] * (len(app.shots_taken) - taken))
        if len(saved) >= 12 or scene.results_shown:
            break
    assert player.clicks > 10 and len(saved) >= 12, "the game made too few clicks or screenshots to tell"
    assert saved == asked[: len(saved)]
