"""An idle window draws nothing: frames come only when something changed (input, a message, a timer) or moves
(dice, a card in flight, a blinking caret). Counted in frames drawn over loop steps, never in seconds."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pygame
from client_support import StandInLink

from doorkick.client.app import WAKE, App
from doorkick.client.scenes.lobby import LobbyScene
from doorkick.client.scenes.munchkin_table import MunchkinScene
from doorkick.client.session import LocalSession
from doorkick.shared import protocol
from doorkick.shared.rules.base import SeatSetup
from doorkick.shared.rules.registry import ruleset
from doorkick.shared.rules.wonderland import events as wev


def frames_over(app: App, steps: int, dt: float = 1 / 60) -> int:
    before = app.frame
    for _ in range(steps):
        app.step(dt, [])
    return app.frame - before


def settle(app: Any, scene: Any, limit: int = 2000) -> None:
    """Step until nothing on screen moves any more (bounded)."""
    for _ in range(limit):
        app.step(1 / 60, [])
        if not scene.animating() and not app.dirty:
            app.step(1 / 60, [])  # the frame after the motion stopped
            return
    raise AssertionError("the scene never settled")


def test_an_idle_lobby_draws_no_frame_and_a_message_draws_one(app: Any) -> None:
    connection = StandInLink()
    lobby = LobbyScene(app, connection, "test")
    app.push(lobby)
    assert connection.wake == app.wake  # the host's messages wake an idle window
    assert frames_over(app, 3) >= 1  # the first frame
    assert frames_over(app, 600) == 0  # ten seconds of nothing: nothing drawn
    tables = [{"table": "t1", "name": "Kitchen", "game": "munchkin", "seats": 4, "open_seats": 3}]
    connection.incoming = [protocol.Message(protocol.TABLES, {"tables": tables})]
    assert frames_over(app, 1) == 1 and lobby.list.rows[0].startswith("Kitchen")
    assert frames_over(app, 300) == 0


def test_input_draws_a_frame_and_a_focused_caret_blinks_at_its_own_pace(app: Any) -> None:
    lobby = LobbyScene(app, StandInLink(), "test")
    app.push(lobby)
    frames_over(app, 3)
    before = app.frame
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0))])
    assert app.frame == before + 1
    click = lobby.chat_input.rect.center
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=click)])
    assert lobby.chat_input.focused
    # Two seconds: the caret shows and hides four times (each change and the frame after it), not 120 frames.
    assert 4 <= frames_over(app, 120) <= 10


def test_an_idle_table_draws_nothing_and_dice_draw_every_frame_until_they_rest(app: Any) -> None:
    setups = tuple(SeatSetup(n) for n in ("Alice", "Bob", "Carol"))
    session = LocalSession(ruleset("munchkin"), setups, 5, [0], bot_delay=1e9)
    scene = MunchkinScene(app, session)
    app.push(scene)
    settle(app, scene)
    assert frames_over(app, 600) == 0
    scene.roll_dice([4], wev.Rolled(seat=0, die=4, purpose="move", seed=9))
    drawn = frames_over(app, 60)
    assert drawn == 60  # a throw in the air is drawn every frame
    settle(app, scene)
    assert scene.throw is None and frames_over(app, 300) == 0


def test_a_wake_from_another_thread_reaches_the_event_queue(app: Any) -> None:
    pygame.event.clear()
    thread = threading.Thread(target=app.wake)
    thread.start()
    thread.join()
    assert any(event.type == WAKE for event in pygame.event.get())


def test_f12_saves_a_screenshot_and_says_where(app: Any, tmp_path: Path) -> None:
    lobby = LobbyScene(app, StandInLink(), "test")
    app.push(lobby)
    frames_over(app, 3)
    app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F12, mod=0, unicode="", scancode=0)])
    assert len(app.shots_taken) == 1 and app.shots_taken[0].exists()
    assert app.notices and str(app.shots_taken[0].resolve()) in app.notices[0][0]
    assert frames_over(app, 1) == 1  # the note shows at once
    app.screenshot("notice")
    app.step(1 / 60, [])
    shot = pygame.image.load(str(app.shots_taken[-1]))
    note_edge = shot.get_at((640, 720 - 12 - 2))[:3]  # the note's panel sits at the bottom middle
    assert note_edge != (24, 28, 36), note_edge
    frames_over(app, 60 * 6)  # the note goes after a few seconds, with one frame to take it away
    assert not app.notices and frames_over(app, 120) == 0
