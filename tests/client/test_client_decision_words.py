"""What the middle of the table and the hot-seat cover say while a decision holds the table up: the player who
decides reads "You decide ...", not "Waiting for <their own name>"; a screen passed on for a curse being cast
says why, and waits until the last move's big moment has been seen."""

from __future__ import annotations

from typing import Any

import msgspec
import pygame
import pytest
from test_client_curse_cancel import rules_table

from doorkick.client.anim.moments import Callout
from doorkick.client.scenes import munchkin_table
from doorkick.client.scenes.hot_seat import handover_reason
from doorkick.client.scenes.munchkin_table import MunchkinScene
from doorkick.client.scenes.overlays import CoverOverlay
from doorkick.client.session import LocalSession
from doorkick.client.ui import text as ui_text
from doorkick.client.ui import theme
from doorkick.shared.bots.easy import EasyBot
from doorkick.shared.rules.base import SeatSetup
from doorkick.shared.rules.munchkin import RULESET
from doorkick.shared.rules.munchkin.actions import Curse
from doorkick.shared.rules.munchkin.view import MunchkinView
from doorkick.shared.rules.wonderland.actions import EndFight

NAMES = ("Ann", "Bob", "Cy")


def cursing(viewer: int) -> LocalSession:
    """Ann casts a curse on Bob; Cy holds a card that cancels curses, so everyone in turn is asked (R18)."""
    table = rules_table().hand(2, "nope").hand(0, "curse-level#1").level(1, 3)
    table.act(Curse(0, "curse-level#1", 1))
    session = LocalSession(RULESET, tuple(SeatSetup(n) for n in NAMES), 1, [viewer], bot_delay=1000.0)
    session.engine_state = table.state
    session._refresh()
    return session


def middle_words(app: Any, session: LocalSession, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    said: list[str] = []
    real = ui_text.render_block  # what the table draws its middle with (patched where it is used, below)

    def record(text: str, *args: Any, **kwargs: Any) -> Any:
        said.append(text)
        return real(text, *args, **kwargs)

    scene = app.push(MunchkinScene(app, session))
    app.step(1 / 60, [])
    monkeypatch.setattr(munchkin_table, "render_block", record)
    scene.draw_combat(app.screen)
    return said


def test_the_player_who_decides_reads_you_decide(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    said = middle_words(app, cursing(1), monkeypatch)
    assert "You decide whether to cancel the curse being cast" in said, said
    assert not any("Waiting for Bob" in s for s in said)


def test_the_others_read_whom_the_table_waits_for(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    said = middle_words(app, cursing(2), monkeypatch)
    waiting = [s for s in said if s.startswith("Waiting for ")]
    assert waiting and waiting[0].endswith(" to decide whether to cancel the curse being cast"), said
    assert not any(s.startswith("You decide") for s in said)


def test_the_hot_seat_cover_says_why_the_screen_goes_round_for_a_curse() -> None:
    session = cursing(1)
    state = session.records[1]
    assert handover_reason(state, 1, NAMES.__getitem__) == "A curse is cast on you: cancel it or let it strike"
    view = state.view
    assert isinstance(view, MunchkinView)
    asked = msgspec.structs.replace(view.decisions[0], seat=2)  # the table asks Cy next
    state = msgspec.structs.replace(state, view=msgspec.structs.replace(view, decisions=[asked]))
    assert handover_reason(state, 2, NAMES.__getitem__) == "A curse is cast on Bob: cancel it or let it strike"


def test_the_hot_seat_cover_waits_for_the_moves_big_moment_and_a_click_skips_it(app: Any) -> None:
    """Alice sees how her move ended (a fight won, a level) before the screen goes to Bob; a click skips it."""
    session = LocalSession(RULESET, tuple(SeatSetup(n) for n in NAMES[:2]), 2, [0, 1], bot_delay=1000.0)
    scene = app.push(MunchkinScene(app, session))
    app.step(1 / 60, [])
    assert app.top is scene
    alice = EasyBot(5)
    while list(RULESET.seats_to_act(session.engine_state)) != [1]:  # Alice plays until it is Bob's go
        action = alice.choose(RULESET, session.engine_state, 0)
        assert action is not None
        session.act(0, action.to_wire())
    scene.moments.add(Callout("Alice wins the fight!", lambda: (400.0, 300.0), theme.SKY), 0.0, "queue")
    for _ in range(10):
        app.step(1 / 60, [])
        assert not isinstance(app.top, CoverOverlay), "the moment is still on the screen: no cover yet"
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.step(1 / 60, [pygame.event.Event(kind, button=1, pos=(5, 5))])  # a click skips the moments
    for _ in range(600):  # a die still rolling settles first
        if isinstance(app.top, CoverOverlay):
            break
        app.step(1 / 60, [])
    assert isinstance(app.top, CoverOverlay) and scene.viewer is None


def test_a_wonderland_fight_ends_with_its_result_said_over_the_board(app: Any) -> None:
    """Finish the fight (clicked on the bar): "<name> wins the fight!" plays over the board, as in Munchkin."""
    from layout_scenes import wonderland_session

    from doorkick.client.scenes.wonderland_board import WonderlandScene

    session = wonderland_session(fight=True)
    scene = app.push(WonderlandScene(app, session))
    for _ in range(5):
        app.step(1 / 60, [])
    scene.moments.skip()  # the fight's opening reveal
    finish = scene.bar_button_for(EndFight)
    assert finish is not None and finish.enabled
    for _ in range(30):  # a button that just appeared takes no click (the guard)
        app.step(1 / 60, [])
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.step(1 / 60, [pygame.event.Event(kind, button=1, pos=finish.rect.center)])
    for _ in range(3):
        app.step(1 / 60, [])
    said = [m.text for m in scene.moments.playing if isinstance(m, Callout)]
    assert any(t.endswith(("wins the fight!", "loses the fight!")) for t in said), said


def test_a_bar_button_shown_whole_has_no_tooltip_repeating_its_label(app: Any) -> None:
    """Resting on "Kick open the door" shows nothing more: the tooltip is for what the button cannot show (a
    cut label in full, or why it is greyed)."""
    session = LocalSession(RULESET, tuple(SeatSetup(n) for n in NAMES[:2]), 2, [0], bot_delay=1000.0)
    scene = app.push(MunchkinScene(app, session))
    app.step(1 / 60, [])
    shown = [b for b in scene.bar_buttons if b.enabled and b.label and not b.label_cut]
    assert shown, "some button on the bar is live and shown whole"
    for button in shown:
        assert button.hint == "", (button.label, button.hint)
    greyed = [b for b in scene.bar_buttons if not b.enabled and b.reason]
    assert greyed and all(b.hint for b in greyed), "a greyed button still says why"
