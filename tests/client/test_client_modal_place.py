"""Menus and forms open over the table, beside the sidebar: a lesson's coach (and the log) stays readable while
the help form or a card's menu is open, at every window size from the smallest to 1920x1080. Played through
real clicks into the window; the coach's panel is compared pixel for pixel with and without the form."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from layout_scenes import SCENES

from doorkick.client.app import App
from doorkick.client.scenes.help_form import HelpForm
from doorkick.client.scenes.overlays import ChoiceOverlay
from doorkick.client.scenes.table_base import GameScene
from doorkick.client.settings import MIN_WINDOW, Settings
from doorkick.client.tutorial.table import Guided, Tutorial

SIZES = [MIN_WINDOW, (1024, 768), (1280, 720), (1600, 900), (1920, 1080)]
SHOTS = Path("/tmp/shots-walk/modal")


def click(app: App, pos: tuple[int, int]) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.step(1 / 20, [pygame.event.Event(kind, button=1, pos=pos)])


def rest(app: App, steps: int = 30) -> None:
    for _ in range(steps):
        app.step(1 / 20, [])


def pointed(app: App, scene: Guided, step: int) -> pygame.Rect:
    """The control the coach points at once the lesson is at `step` (counted from 0)."""
    for _ in range(400):
        target = scene.coach.target(scene)
        if scene.coach.at == step and target is not None and app.top is scene:
            return target
        app.step(1 / 20, [])
    raise AssertionError(f"the coach never pointed at step {step + 1}")


def panel_pixels(app: App, scene: Guided) -> bytes:
    """The panel's words and buttons (inside its rounded corners, where the table below shows)."""
    return pygame.image.tobytes(app.screen.subsurface(scene.coach.rect.inflate(-24, -24)), "RGB")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_help_form_opens_beside_the_coach_and_its_words_stay_bright(size: tuple[int, int], tmp_path: Path) -> None:
    app = App(Settings(name="Ann"), size=size, screenshot_dir=tmp_path / "shots")
    try:
        scene = Tutorial(app, 0.05).start(3)  # a fight you need help for
        click(app, pointed(app, scene, 0).center)  # kick open the door
        ask = pointed(app, scene, 1)  # "Ask for help…" on the bar
        rest(app)
        before = panel_pixels(app, scene)
        click(app, ask.center)
        form = app.top
        assert isinstance(form, HelpForm)
        rest(app, 4)
        assert not form.box.colliderect(scene.coach.rect), "the form leaves the coach's panel in sight"
        assert form.box.right <= scene.side_rect.x, "over the table, beside the sidebar"
        assert app.screen.get_rect().contains(form.box)
        assert panel_pixels(app, scene) == before, "the step's words read as they did before the form opened"
        SHOTS.mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.screen, SHOTS / f"help-form-{size[0]}x{size[1]}.png")
    finally:
        app.close()
        pygame.display.quit()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_cards_menu_and_a_chooser_stay_over_the_table(size: tuple[int, int], tmp_path: Path) -> None:
    app = App(Settings(), size=size, screenshot_dir=tmp_path / "shots")
    try:
        menu = SCENES["card_menu"](app)  # a card's menu, opened as a click on the card opens it
        table = app.stack[0]
        assert isinstance(menu, ChoiceOverlay) and isinstance(table, GameScene)
        assert menu.box.right <= table.side_rect.x and app.screen.get_rect().contains(menu.box)
        assert menu.card_w >= 260, "the card beside its menu is drawn big enough to read its text"
        menu.close()
        chooser = ChoiceOverlay(app, "Look for trouble", [])
        app.push(chooser)  # no card under it: centred over the table
        assert chooser.box.right <= table.side_rect.x
        assert chooser.box.centerx == table.side_rect.x // 2
    finally:
        app.close()
        pygame.display.quit()


def test_a_menu_too_wide_for_the_table_centres_on_the_window(tmp_path: Path) -> None:
    app = App(Settings(), size=MIN_WINDOW, screenshot_dir=tmp_path / "shots")
    try:
        SCENES["munchkin_rest"](app)
        assert app.modal_area((2000, 100)) == app.screen.get_rect()
        table_area = app.stack[0].modal_area()
        assert table_area is not None and app.modal_area((400, 100)).right == table_area.right
    finally:
        app.close()
        pygame.display.quit()


def test_a_bribe_ticked_in_the_help_form_is_offered_for_after_the_fight(tmp_path: Path) -> None:
    """The offer line says what R06 and the item's row say: the item changes hands after the fight."""
    from doorkick.client.scenes.help_form import offer_text

    app = App(Settings(name="Ann"), size=(1280, 720), screenshot_dir=tmp_path / "shots")
    try:
        scene = Tutorial(app, 0.05).start(3)
        click(app, pointed(app, scene, 0).center)
        click(app, pointed(app, scene, 1).center)
        form = app.top
        assert isinstance(form, HelpForm)
        rest(app, 10)  # a control that just appeared takes no click (the guard)
        click(app, form.item_list.row_rect(0).center)  # tick the Pet Rock
        assert form.items, "the row was ticked"
        offer = offer_text(form.table, form.terms(), form.fighter, form.fighter)
        assert offer.endswith("Pet Rock handed over after the fight"), offer
    finally:
        app.close()
        pygame.display.quit()
