"""Issue 11.7: the table's log is the whole game's history and scrolls; chat has a place of its own.

Every scroll, drag and click goes through the real input path: pygame events into `App.step`.
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from doorkick.client.scenes.munchkin_table import MunchkinScene
from doorkick.client.scenes.wonderland_board import WonderlandScene
from doorkick.client.session import LocalSession
from doorkick.shared.bots.easy import EasyBot
from doorkick.shared.rules.base import SeatSetup
from doorkick.shared.rules.registry import ruleset

SCENES = {"munchkin": MunchkinScene, "wonderland": WonderlandScene}
SETUPS = tuple(SeatSetup(n) for n in ("Alice", "Bob", "Carol", "Dan"))
OLD_LIMIT = 120  # the log used to keep only this many lines


def press(app: Any, kind: int, pos: tuple[int, int], **extra: Any) -> None:
    pygame.mouse.set_pos(pos)
    app.step(1 / 60, [pygame.event.Event(kind, pos=pos, button=1, **extra)])


def wheel(app: Any, pos: tuple[int, int], notches: int) -> None:
    pygame.mouse.set_pos(pos)
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=notches, flipped=False)])


def key(app: Any, code: int) -> None:
    app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="")])


def play(app: Any, session: LocalSession, frames: int, want: Any = None) -> None:
    """Frames of play, seat 0 played by a bot too; stop early once `want()` holds."""
    me = EasyBot(5)
    for _ in range(frames):
        if want is not None and want():
            return
        if (
            0 in session.ruleset.seats_to_act(session.engine_state)
            and session.ruleset.outcome(session.engine_state) is None
        ):
            action = me.choose(session.ruleset, session.engine_state, 0)
            if action is not None:
                session.act(0, action.to_wire())
        app.step(1 / 60, [])
    assert want is None, "the game never got that far"


def settle(app: Any, scene: Any) -> None:
    """Frames until the board has caught up: on the Wonderland board a line waits while a standie hops."""
    for _ in range(3000):
        if not getattr(scene, "waiting", None) and not getattr(scene, "hops", None):
            return
        app.step(1 / 60, [])
    raise AssertionError("the board never caught up with the game")


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(SCENES))
def test_the_log_keeps_the_whole_game_and_scrolls_by_wheel_drag_and_bar(app: Any, game: str) -> None:
    session = LocalSession(ruleset(game), SETUPS, 11, [0], bot_delay=0.02)
    scene = app.push(SCENES[game](app, session))
    play(app, session, 6000, lambda: len(scene.log) > OLD_LIMIT + 30)
    session.bot_delay = 1000.0  # the bots hold still while the log is scrolled
    log = scene.log
    first = log[0][0]
    assert log.offset == 0 and log.visible_lines()[-1][0] == len(log) - 1  # stuck to the newest line
    app.screenshot(f"log_{game}_bottom")
    app.step(1 / 60, [])

    wheel(app, log.rect.center, 4)  # up: older lines
    assert log.offset == 12
    top_index = log.visible_lines()[0][0]
    session.bot_delay = 0.0
    play(app, session, 30)  # the game goes on; the lines in view stay put and the new ones are counted
    assert log.unread > 0 and log.visible_lines()[0][0] == top_index
    app.screenshot(f"log_{game}_scrolled_up")
    app.step(1 / 60, [])
    session.bot_delay = 1000.0
    newer = log.newer_button
    assert newer is not None
    press(app, pygame.MOUSEBUTTONDOWN, newer.center)
    press(app, pygame.MOUSEBUTTONUP, newer.center)
    assert log.offset == 0 and log.unread == 0
    top_index = log.visible_lines()[0][0]
    key(app, pygame.K_PAGEUP)  # a page up (the top line comes down to the bottom), and End back to the newest
    assert log.offset > 3 and log.visible_lines()[-1][0] == top_index
    key(app, pygame.K_END)
    assert log.offset == 0

    # The bar: grab it and pull it to the top, and the oldest line of the game is in view again.
    track = log.track
    press(app, pygame.MOUSEBUTTONDOWN, (track.centerx, track.bottom - 4))
    press(app, pygame.MOUSEMOTION, (track.centerx, track.y), rel=(0, 0), buttons=(1, 0, 0))
    press(app, pygame.MOUSEBUTTONUP, (track.centerx, track.y))
    assert log.offset == log.max_offset() > 0
    assert log.visible_lines()[0][0] == 0 and log[0][0] == first
    app.screenshot(f"log_{game}_top")
    app.step(1 / 60, [])

    # Dragging the lines themselves: up brings newer lines back.
    start = (log.body.centerx, log.body.centery)
    offset = log.offset
    press(app, pygame.MOUSEBUTTONDOWN, start)
    press(app, pygame.MOUSEMOTION, (start[0], start[1] - 160), rel=(0, -160), buttons=(1, 0, 0))
    press(app, pygame.MOUSEBUTTONUP, (start[0], start[1] - 160))
    assert log.offset == offset - 10


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(SCENES))
def test_chat_has_its_own_place_and_never_pushes_game_lines_away(app: Any, game: str) -> None:
    session = LocalSession(ruleset(game), SETUPS, 3, [0], bot_delay=0.02)
    scene = app.push(SCENES[game](app, session))
    play(app, session, 6000, lambda: len(scene.log) > 30)
    session.bot_delay = 1000.0
    settle(app, scene)
    game_lines = list(scene.log)
    field = scene.chat_input.rect
    for text in ("gg all", "who has the Wishing Ring?", "Bob, one more curse and I flip the table"):
        press(app, pygame.MOUSEBUTTONDOWN, field.center)  # click into the chat field, type, Enter
        app.step(1 / 60, [pygame.event.Event(pygame.TEXTINPUT, text=text)])
        app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")])
    app.step(1 / 60, [])
    assert [t for t, _ in scene.chat] == [
        "you: gg all",
        "you: who has the Wishing Ring?",
        "you: Bob, one more curse and I flip the table",
    ]
    assert list(scene.log) == game_lines  # not one game line went, none was added
    assert scene.log.visible_lines()[-1][0] == len(scene.log) - 1
    chat, log = scene.chat.rect, scene.log.rect
    assert not chat.colliderect(log) and chat.bottom <= field.y and log.h > chat.h
    assert len(scene.chat.visible_lines()) == 3
    app.screenshot(f"chat_{game}")
    app.step(1 / 60, [])
