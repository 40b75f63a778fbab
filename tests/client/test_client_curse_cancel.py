"""R18 at the table: a player holding a card that cancels curses clicks it as a curse is cast on them."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import pygame

from doorkick.client.scenes.munchkin_table import MunchkinScene
from doorkick.client.scenes.overlays import ChoiceOverlay
from doorkick.client.session import LocalSession
from doorkick.shared.rules.base import SeatSetup
from doorkick.shared.rules.munchkin import RULESET
from doorkick.shared.rules.munchkin.actions import CancelCurse, Curse

RULE_TESTS = Path(__file__).parents[1] / "rules" / "munchkin"


def rules_table() -> Any:
    """The rule tests' table arranger (tests/rules/munchkin/conftest.py), loaded under a name of its own."""
    spec = importlib.util.spec_from_file_location("munchkin_rule_tables", RULE_TESTS / "conftest.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.Table(3, 1, None, (module.RULES_PACK, str(RULE_TESTS / "packs" / "corrections.toml")))


def click(app: Any, pos: tuple[int, int]) -> None:
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos)])
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos)])


def test_R18_clicking_the_cancelling_card_cancels_the_curse_cast_on_you(app: Any) -> None:
    table = rules_table().hand(1, "nope").hand(0, "curse-level#1").level(1, 3)
    table.act(Curse(0, "curse-level#1", 1))
    session = LocalSession(RULESET, tuple(SeatSetup(n) for n in ("Ann", "Bob", "Cy")), 1, [1], bot_delay=1000.0)
    session.engine_state = table.state
    session._refresh()
    scene = app.push(MunchkinScene(app, session))
    app.step(1 / 60, [])
    rect = dict(scene.hand_rects)["nope"]
    click(app, rect.center)
    app.screenshot("r18_cancel_menu")
    menu = app.top
    assert isinstance(menu, ChoiceOverlay)
    target = menu.option_rect(CancelCurse(1, "nope"))
    assert target is not None
    click(app, target.center)
    assert session.engine_state.players[1].level == 3 and not session.engine_state.decisions
    assert "nope" in session.engine_state.treasure_discard
