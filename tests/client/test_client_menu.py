"""The table's Menu, clicked as a player would: the bots' pace (issue 11.6) changes there and at once."""

from __future__ import annotations

from typing import Any

import pygame

from doorkick.client.scenes.munchkin_table import MunchkinScene
from doorkick.client.scenes.overlays import DialogOverlay
from doorkick.client.scenes.table_menu import BOT_PACES
from doorkick.client.session import LocalSession
from doorkick.shared.rules.base import SeatSetup
from doorkick.shared.rules.registry import ruleset

SETUPS = (SeatSetup("You"), SeatSetup("Bot A", "female"), SeatSetup("Bot B"))


def click(app: Any, pos: tuple[int, int]) -> None:
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos)])
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos)])


def open_menu(app: Any) -> DialogOverlay:
    app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b")])
    menu = app.top
    assert isinstance(menu, DialogOverlay)
    for _ in range(30):  # past the click guard of buttons that just appeared
        app.step(1 / 60, [])
    return menu


def test_the_menu_sets_the_bots_pace_and_a_local_game_takes_it_at_once(app: Any) -> None:
    app.settings.bot_seconds = 1.0
    session = LocalSession(ruleset("munchkin"), SETUPS, 3, [0], bot_delay=1.0)
    app.push(MunchkinScene(app, session))
    app.step(1 / 60, [])
    seen = []
    for _ in BOT_PACES:
        menu = open_menu(app)
        pace = next(b for b in menu.dialog.buttons if b.label.startswith("Bot pace"))
        seen.append(pace.label)
        click(app, pace.rect.center)
        assert app.settings.bot_seconds == session.bot_delay
    assert seen == [f"Bot pace {s:g} s" for s in BOT_PACES]
    assert app.settings.bot_seconds == BOT_PACES[0]  # round the cycle and back


def test_a_card_menu_draws_every_choice_at_one_text_size_and_without_its_title_again(app: Any) -> None:
    from doorkick.client.scenes.overlays import ChoiceOverlay, Option
    from doorkick.client.ui.widgets import Button

    labels = [
        "Look for trouble: fight Dust Bunny of Unusual Size (level 1)",
        "Look for trouble: fight Timeshare Salesgoblin (level 6)",
        "Play it",
    ]
    menu = ChoiceOverlay(app, "Look for trouble", [Option(label, lambda: None) for label in labels])
    app.push(menu)
    for size in ((1024, 640), (1280, 720), (1920, 1080)):
        menu.layout(size)
        buttons = [w for w in menu.widgets if isinstance(w, Button)]
        assert len(buttons) == len(labels) + 1  # and "Close this menu"
        assert len({b.text_size for b in buttons}) == 1, [(b.label, b.text_size) for b in buttons]
    # under its title, a choice says only what it adds; its tooltip still says it whole
    assert [b.label for b in buttons[:2]] == [
        "Fight Dust Bunny of Unusual Size (level 1)",
        "Fight Timeshare Salesgoblin (level 6)",
    ]
    assert buttons[0].tooltip == labels[0]
