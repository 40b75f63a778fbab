"""Before a hot-seat game: who sits at this screen. One name box per player; Start when every name is set."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from ..ui import theme
from ..ui.text import render_block, render_line
from ..ui.widgets import Button, TextInput, panel
from .base import Scene

if TYPE_CHECKING:
    from ..app import App

MAX_NAME = 20


def names_problem(names: Sequence[str]) -> str:
    """Why these names cannot sit down together, or "" when they can."""
    for i, name in enumerate(names):
        if not name:
            return f"Player {i + 1} needs a name"
    folded = [n.casefold() for n in names]
    for name in names:
        if folded.count(name.casefold()) > 1:
            return f"Two players are called {name}: each needs a name of their own"
    return ""


class HotSeatSetupScene(Scene):
    """Names for the players sharing this screen; `on_start(names)` opens the table."""

    name = "hot_seat_setup"

    def __init__(self, app: App, defaults: Sequence[str], on_start: Callable[[list[str]], None]) -> None:
        super().__init__(app)
        self.on_start = on_start
        self.inputs = [TextInput((0, 0, 10, 10), name, f"Player {i + 1}", MAX_NAME) for i, name in enumerate(defaults)]
        for box in self.inputs:
            box.on_submit = self._next_from(box)
        self.problem = ""
        self.start_button = Button((0, 0, 10, 10), "Start the game", self._start, colour=(40, 110, 90))
        self.quit_button = Button((0, 0, 10, 10), "Quit", app.quit, hotkey=pygame.K_ESCAPE, colour=(90, 60, 60))
        self.widgets = [*self.inputs, self.start_button, self.quit_button]
        self.box = pygame.Rect(0, 0, 10, 10)

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        rows = len(self.inputs)
        self.box = pygame.Rect(0, 0, min(560, w - 40), 190 + rows * 54)
        self.box.center = (w // 2, h // 2)
        y = self.box.y + 96
        for box in self.inputs:
            box.rect = pygame.Rect(self.box.x + 150, y, self.box.w - 180, 42)
            y += 54
        half = (self.box.w - 70) // 2
        self.start_button.rect = pygame.Rect(self.box.x + 30, self.box.bottom - 64, half, 46)
        self.quit_button.rect = pygame.Rect(self.box.right - 30 - half, self.box.bottom - 64, half, 46)

    def names(self) -> list[str]:
        return [" ".join(box.text.split()) for box in self.inputs]

    def _next_from(self, box: TextInput) -> Callable[[str], None]:
        """Enter in a name box goes on to the next one; in the last, it starts the game."""

        def submit(_text: str) -> None:
            index = self.inputs.index(box)
            box.focused = False
            if index + 1 < len(self.inputs):
                self.inputs[index + 1].focused = True
            else:
                self._start()

        return submit

    def _start(self) -> None:
        names = self.names()
        self.problem = names_problem(names)
        if not self.problem:
            self.on_start(names)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        panel(surface, self.box, radius=12)
        x = self.box.x + 30
        surface.blit(render_line("Who is playing?", self.box.w - 60, 28, theme.ACCENT, "bold"), (x, self.box.y + 18))
        hint = "You share this screen; a cover hides each hand until its player takes over."
        surface.blit(render_line(hint, self.box.w - 60, 16, theme.TEXT_DIM), (x, self.box.y + 58))
        for i, box in enumerate(self.inputs):
            colour = theme.seat_colour(i)
            pygame.draw.circle(surface, colour, (x + 10, box.rect.centery), 9)
            label = render_line(f"Player {i + 1}", 100, 18, theme.TEXT)
            surface.blit(label, label.get_rect(midleft=(x + 26, box.rect.centery)))
        if self.problem:
            img = render_block(self.problem, self.box.w - 60, 24, 16, theme.ACCENT, min_size=11)
            surface.blit(img, (x, self.start_button.rect.y - 28))
        super().draw(surface)
