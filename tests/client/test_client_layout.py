"""Every screen laid out at five window sizes, from the smallest allowed to 1920x1080: no part runs out of the
window or out of the part it belongs to, and no two parts of the same parent overlap (cards may fan, a popup
may float). The test
reads the boxes the scenes report (`Scene.layout_boxes`), never pixel positions, so fonts may change."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from layout_scenes import SCENES

from doorkick.client.app import App
from doorkick.client.scenes.base import Box
from doorkick.client.settings import MIN_WINDOW, Settings
from doorkick.client.ui.widgets import Button

SIZES = [MIN_WINDOW, (1024, 768), (1280, 720), (1600, 900), (1920, 1080)]


def layout_problems(boxes: list[Box], size: tuple[int, int]) -> list[str]:
    """What is wrong with a screen's boxes: empty, outside the window or its parent, or overlapping a sibling."""
    window = pygame.Rect(0, 0, *size)
    named = dict(boxes)
    problems = []
    for name, rect in boxes:
        parent_name = name.rpartition("/")[0]
        if rect.w <= 0 or rect.h <= 0:
            problems.append(f"{name} has no room: {rect}")
        elif not window.contains(rect):
            problems.append(f"{name} leaves the window: {rect}")
        elif parent_name and parent_name not in named:
            problems.append(f"{name} belongs to {parent_name}, which is not laid out")
        elif parent_name and not named[parent_name].contains(rect):
            problems.append(f"{name} {rect} sticks out of {parent_name} {named[parent_name]}")
    for i, (a, ra) in enumerate(boxes):
        for b, rb in boxes[i + 1 :]:
            if a.rpartition("/")[0] != b.rpartition("/")[0] or not ra.colliderect(rb):
                continue
            if _is_card(a) and _is_card(b):
                continue  # cards fan over one another by design
            if _floats(a) or _floats(b):
                continue  # a passing popup (the Treasures a helper picks from) lies over the board on purpose
            problems.append(f"{a} {ra} overlaps {b} {rb}")
    return problems


def _is_card(name: str) -> bool:
    return name.rpartition("/")[2].startswith("card:")


def _floats(name: str) -> bool:
    return name.rpartition("/")[2].startswith("float:")


def _laid_out(name: str, size: tuple[int, int], tmp_path: Any) -> tuple[App, Any]:
    app = App(Settings(), size=size, screenshot_dir=tmp_path / "shots")
    scene = SCENES[name](app)
    for _ in range(2):
        app.step(1 / 60, [])  # a drawn frame: parts placed while drawing are in place too
    return app, app.top or scene


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", sorted(SCENES))
def test_every_screen_fits_its_window_without_overlaps(name: str, size: tuple[int, int], tmp_path: Any) -> None:
    app, scene = _laid_out(name, size, tmp_path)
    try:
        boxes = scene.layout_boxes()
        assert len(boxes) >= 2, "the scene reports its parts"
        problems = layout_problems(boxes, size)
        assert not problems, "\n".join(problems)
    finally:
        app.close()


@pytest.mark.parametrize("name", sorted(SCENES))
def test_a_button_whose_label_is_cut_names_it_in_full_on_hover(name: str, tmp_path: Any) -> None:
    app, scene = _laid_out(name, MIN_WINDOW, tmp_path)
    try:
        buttons = [w for w in scene.widgets if isinstance(w, Button)] + list(getattr(scene, "bar_buttons", []))
        for button in buttons:
            if button.label_cut:
                assert button.label in button.hint, (button.label, button.hint)
    finally:
        app.close()


def test_the_checker_sees_overlaps_and_parts_out_of_place() -> None:
    boxes: list[Box] = [
        ("table", pygame.Rect(0, 0, 500, 400)),
        ("table/a", pygame.Rect(10, 10, 100, 100)),
        ("table/b", pygame.Rect(50, 50, 100, 100)),
        ("table/a/card:x", pygame.Rect(90, 90, 40, 40)),
        ("table/card:y", pygame.Rect(200, 200, 40, 40)),
        ("table/card:z", pygame.Rect(220, 200, 40, 40)),
        ("side", pygame.Rect(480, 0, 200, 400)),
        ("table/float:popup", pygame.Rect(40, 40, 100, 100)),
    ]
    problems = layout_problems(boxes, (640, 400))
    assert any("table/b" in p and "overlaps" in p for p in problems)
    assert any("card:x" in p and "sticks out" in p for p in problems)
    assert any(p.startswith("side") and "leaves the window" in p for p in problems)
    assert any("overlaps side" in p for p in problems)
    assert not any("card:y" in p and "card:z" in p for p in problems)
    assert not any("float:popup" in p for p in problems)


def test_the_window_never_opens_below_its_minimum(tmp_path: Any) -> None:
    from doorkick.client.cli import _size

    assert _size("800x500") == MIN_WINDOW and _size("1600x900") == (1600, 900)
    settings = Settings(window_w=640, window_h=480)
    settings.clamp()
    assert (settings.window_w, settings.window_h) == MIN_WINDOW
    app = App(Settings(), size=(800, 500), screenshot_dir=tmp_path)
    try:
        assert app.screen.get_size() == MIN_WINDOW
        with pytest.warns(DeprecationWarning):  # the display module's window, reached as the app reaches it
            assert pygame.Window.from_display_module().minimum_size == MIN_WINDOW
    finally:
        app.close()


def test_hovering_a_cut_label_or_a_crowded_opponent_reads_it_in_full(tmp_path: Any) -> None:
    app, scene = _laid_out("munchkin_rest", MIN_WINDOW, tmp_path)
    try:
        # Long labels take a second line in their place (none is cut at the minimum size); one too long even for
        # two lines is cut, and the tooltip names it in full.
        assert not [b.label for b in scene.bar_buttons if b.label_cut]
        cut = scene.bar_buttons[0]
        cut.refit("Kick open the door with a war cry the whole dungeon and the neighbours hear", True)
        assert cut.label_cut
        pygame.mouse.set_pos(cut.rect.center)
        for _ in range(30):
            app.step(1 / 60, [])
        assert cut.label in app.tooltips.text
        app.screenshot("cut_label_tooltip")
        app.step(1 / 60, [])
        seat, rows = next(iter(scene.opponent_rows.items()))
        player = scene.record.players[seat]
        pygame.mouse.set_pos(rows["info"].center)
        owner, text = scene.hover_hint()
        assert owner == ("opponent", seat)
        assert player.name in text and scene.opponent_line(player) in text
        for seat, hidden in scene.opponent_hidden.items():  # what the "+N" stands for is named
            pygame.mouse.set_pos(scene.opponent_rows[seat]["name"].center)
            assert all(scene.cards.name(card) in scene.hover_hint()[1] for card in hidden)
    finally:
        app.close()
