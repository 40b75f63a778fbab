"""Clicks as a player makes them, through the app's event path: a quick click on "Take X as helper" takes the
helper even when another player's answer lands mid-click, the bar keeps its places, a control that just changed
under the pointer ignores a click, card menus keep a stable order, and giving up several cards asks first."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame

from doorkick.client.scenes.munchkin_table import MunchkinScene
from doorkick.client.scenes.overlays import ChoiceOverlay
from doorkick.client.session import LocalSession
from doorkick.shared.rules.base import SeatSetup
from doorkick.shared.rules.registry import ruleset

SETUPS = tuple(SeatSetup(n) for n in ("Alice", "Bob", "Carol", "Dan"))
FRAME = 1 / 60


def press(app: Any, pos: tuple[int, int]) -> None:
    pygame.mouse.set_pos(pos)
    app.step(FRAME, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
    app.step(FRAME, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos)])


def release(app: Any, pos: tuple[int, int]) -> None:
    app.step(FRAME, [pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos)])


def frames(app: Any, seconds: float) -> None:
    for _ in range(round(seconds / FRAME)):
        app.step(FRAME, [])


def fighting(seed: int = 5) -> LocalSession:
    """Alice (seat 0, this window) in a fight she kicked open; the bots hold still so the test says who acts."""
    session = LocalSession(ruleset("munchkin"), SETUPS, seed, [0], bot_delay=1e9)
    for _ in range(50):
        session.engine_state = replace(
            session.engine_state, phase="start", active=0, turn=1, ready=(0, 1, 2, 3), combat=None, decisions=()
        )
        session.act(0, {"type": "kick_open_the_door"})
        if session.engine_state.combat is not None:
            return session
    raise AssertionError("no monster behind fifty doors")


def asked(session: LocalSession) -> None:
    """Alice asks everyone for help for one treasure, and Carol volunteers."""
    session.act(0, {"type": "ask_for_help", "items": [], "treasures": 1, "helper_first": False})
    session.act(2, {"type": "volunteer"})


def test_a_quick_click_on_take_as_helper_takes_the_helper_while_another_answer_lands(app: Any) -> None:
    session = fighting()
    asked(session)
    scene = app.push(MunchkinScene(app, session))
    frames(app, 0.5)
    take = next(b for b in scene.bar_buttons if b.label == "Take Carol as helper")
    pos, place = take.rect.center, take.rect.copy()
    press(app, pos)
    session.act(3, {"type": "decline_help"})  # Dan's answer lands between the button's down and up
    app.step(FRAME, [])
    release(app, pos)  # a quick click: about three frames from down to up
    assert take.rect == place
    menu = app.top
    assert isinstance(menu, ChoiceOverlay), "the click on the helper's place opens who may help and on what terms"
    entry = next(b for b in menu.widgets if b.label.startswith("Take Carol"))
    frames(app, 0.1)
    press(app, entry.rect.center)
    release(app, entry.rect.center)
    assert session.actions[-1] == {"type": "choose_helper", "seat": 0, "helper": 2}
    frames(app, 10.0)
    assert {"type": "pass", "seat": 0} not in session.actions


def test_the_reaction_clock_never_withdraws_a_call_for_help(app: Any) -> None:
    app.settings.reaction_seconds = 2
    session = fighting()
    asked(session)
    scene = app.push(MunchkinScene(app, session))
    frames(app, 5.0)
    assert scene.reaction_seconds() is None
    assert session.engine_state.combat is not None and session.engine_state.combat.step == "help"
    assert {"type": "pass", "seat": 0} not in session.actions
