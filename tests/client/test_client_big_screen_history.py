"""A big screen that starts watching mid-game says what just happened: the snapshot's `history` (the host's
recent events, as a spectator may know them) fills its captions, newest last, before any new event comes."""

from __future__ import annotations

from typing import Any

import layout_scenes
import pygame
from test_client_big_screen import FULL_HD, Wire, listed

from doorkick.client.app import App
from doorkick.client.net import Status
from doorkick.client.scenes.big_screen import CAPTIONS, BigScreenScene
from doorkick.client.settings import Settings
from doorkick.shared import protocol


def test_a_big_screen_watching_mid_game_captions_the_last_events() -> None:
    app = App(Settings(), size=FULL_HD)
    wire: Any = Wire()  # the screen's link, standing in for a host
    scene = BigScreenScene(app, wire, "Party host")
    app.push(scene)
    wire.incoming = [Status("connected"), listed(("Friday night", True, False))]
    app.step(1 / 60, [])
    state: Any = layout_scenes.wonderland_session().state(None)
    history = [
        {"type": "turn_began", "seat": 0, "turn": 8},
        {"type": "rolled", "seat": 0, "die": 3, "for": "move", "seed": 1},
        {"type": "moved", "seat": 0, "path": ["path1"], "to": "path1"},
        {"type": "turn_began", "seat": 1, "turn": 9},
        {"type": "rolled", "seat": 1, "die": 5, "for": "move", "seed": 2},
    ]
    snapshot = {"table": "Friday night", "seat": None, "seq": 9, "state": state, "history": history}
    wire.incoming = [protocol.Message(protocol.SNAPSHOT, {**snapshot, "checksum": protocol.checksum(state)})]
    app.step(1 / 60, [pygame.event.Event(pygame.VIDEOEXPOSE)])
    said = [text for text, _ in scene.captions]
    assert len(said) == CAPTIONS and said[-1] == "Bartholomew rolls a 5 to move", said
    assert not any("None" in text for text in said), said
    assert scene.throw is None, "what happened before is said, not thrown again"
    app.close()
