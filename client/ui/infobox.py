"""A small framed note with an info mark: a compact text, and the full story as its hover tooltip."""

from __future__ import annotations

import pygame

from . import theme
from .text import render_block
from .widgets import Widget, panel


class InfoBox(Widget):
    """Shows `text` fitted to the box (wrapped, then shrunk); `tooltip` holds the long version."""

    def __init__(
        self,
        rect: pygame.Rect | tuple[int, int, int, int] = (0, 0, 10, 10),
        text: str = "",
        tooltip: str = "",
        size: int = 14,
    ) -> None:
        super().__init__(rect, tooltip)
        self.text, self.size = text, size

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible or not self.text:
            return
        fill = (44, 52, 66) if self.hovered() else (32, 36, 46)
        panel(surface, self.rect, fill, theme.PANEL_EDGE, radius=6)
        mark = pygame.Rect(self.rect.x + 6, self.rect.y + 6, 16, 16)
        pygame.draw.circle(surface, theme.SKY, mark.center, 8)
        dot = theme.font(12, "bold").render("i", True, theme.TEXT_DARK)
        surface.blit(dot, dot.get_rect(center=mark.center))
        body = pygame.Rect(mark.right + 6, self.rect.y + 4, self.rect.right - mark.right - 12, self.rect.h - 8)
        surface.blit(render_block(self.text, body.w, body.h, self.size, theme.TEXT_DIM, min_size=10), body.topleft)
