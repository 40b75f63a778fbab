""" "Back to your seat": the live seats a relaunched window still holds, one full-width button each, and "Not now"."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from ..seats import KeptSeat
from ..ui import theme
from ..ui.text import render_block, render_line
from ..ui.widgets import Button, modal_box
from .base import Scene

if TYPE_CHECKING:
    from ..app import App

MAX_OFFERS = 5


class SeatOfferScene(Scene):
    """A modal box over the lobby or the browser; choosing closes it, then takes the seat (or declines)."""

    opaque = False
    name = "seat_offer"

    def __init__(
        self, app: App, seats: list[KeptSeat], take: Callable[[KeptSeat], None], decline: Callable[[], None]
    ) -> None:
        super().__init__(app)
        self.seats = seats[:MAX_OFFERS]
        self.buttons = [
            Button(
                (0, 0, 10, 10),
                f"Back to your seat at {s.label}",
                self._choose(_taking(take, s)),
                colour=(40, 110, 90),
                tooltip=f"Seat {s.seat + 1} at {s.address}:{s.port}",
            )
            for s in self.seats
        ]
        self.buttons.append(Button((0, 0, 10, 10), "Not now", self._choose(decline), hotkey=pygame.K_ESCAPE))
        self.widgets = list(self.buttons)
        self.box = pygame.Rect(0, 0, 10, 10)

    def _choose(self, then: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            self.app.remove(self)
            then()

        return run

    def layout(self, size: tuple[int, int]) -> None:
        w = min(620, size[0] - 80)
        self.box = pygame.Rect(0, 0, w, 120 + 56 * len(self.buttons))
        self.box.center = (size[0] // 2, size[1] // 2)
        y = self.box.y + 100
        for button in self.buttons:
            button.rect = pygame.Rect(self.box.x + 24, y, w - 48, 46)
            y += 56

    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        super().handle(event)
        return None  # modal: nothing reaches the scene below

    def draw(self, surface: pygame.Surface) -> None:
        modal_box(surface, self.box)
        title = render_line("Back to your seat", self.box.w - 48, 26, theme.ACCENT, "bold")
        surface.blit(title, (self.box.x + 24, self.box.y + 18))
        text = "You still hold a seat at these tables, and they are still playing."
        surface.blit(render_block(text, self.box.w - 48, 40, 17, theme.TEXT), (self.box.x + 24, self.box.y + 56))
        super().draw(surface)


def _taking(take: Callable[[KeptSeat], None], seat: KeptSeat) -> Callable[[], None]:
    return lambda: take(seat)
