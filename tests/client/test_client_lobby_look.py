"""The screens before a game look like the game's table (issue 12's finished look): the server browser and the
lobby lie on the table's felt inside its wooden rim, their parts on the table's panels, at every window size."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from layout_scenes import _lobby, _NoBrowser

from doorkick.client.app import App
from doorkick.client.render.felt_room import PANEL_FILL
from doorkick.client.render.table_surface import FELT, WOOD
from doorkick.client.scenes.browser import BrowserScene
from doorkick.client.scenes.lobby import LobbyScene
from doorkick.client.settings import MIN_WINDOW, Settings

SIZES = [MIN_WINDOW, (1280, 720), (1920, 1080)]


def near(colour: Any, want: tuple[int, int, int], slack: int) -> bool:
    return all(abs(a - b) <= slack for a, b in zip(colour[:3], want, strict=True))


def drawn(app: App) -> pygame.Surface:
    app.step(1 / 60, [])
    app.draw(app.screen)
    return app.screen


def felt_between(screen: pygame.Surface, panels: list[pygame.Rect]) -> list[tuple[int, int]]:
    """Points of the window inside the rim that no panel covers."""
    w, h = screen.get_size()
    return [
        (x, y)
        for x in range(30, w - 30, 7)
        for y in range(30, h - 30, 7)
        if not any(p.inflate(4, 4).collidepoint(x, y) for p in panels)
    ]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_lobby_lies_on_the_tables_felt_in_the_tables_panels(size: tuple[int, int]) -> None:
    app = App(Settings(name="Alice"), size=size)
    lobby = _lobby(app)
    assert isinstance(lobby, LobbyScene)
    screen = drawn(app)
    panels = lobby._panels()
    assert near(screen.get_at((4, size[1] // 2)), WOOD, 40), "the wooden rim"
    felt = felt_between(screen, panels)
    assert felt and sum(near(screen.get_at(p), FELT, 40) for p in felt) > 0.9 * len(felt), "felt between panels"
    for panel in panels:
        assert screen.get_rect().contains(panel)
        inside = (panel.x + 14, panel.bottom - 5)  # along the bottom edge, where no widget lies
        assert near(screen.get_at(inside), PANEL_FILL, 16), f"{panel} is one of the table's panels"
    for a in panels:
        assert not any(a.colliderect(b) for b in panels if b is not a), "panels lie side by side"
    for widget in lobby.widgets:
        if widget.visible and widget is not lobby.title:
            assert any(p.contains(widget.rect) for p in panels), f"{type(widget).__name__} lies on a panel"


def test_the_server_browser_lies_on_the_tables_felt() -> None:
    app = App(Settings(name="Alice"), size=(1280, 720))
    app.push(BrowserScene(app, lambda *_: None, lambda: None, 47474, _NoBrowser()))
    screen = drawn(app)
    assert near(screen.get_at((4, 360)), WOOD, 40)
    assert near(screen.get_at((20, 700)), FELT, 40), "felt below the panels"
    assert near(screen.get_at((44, 118)), PANEL_FILL, 16), "the hosts lie on a panel"
