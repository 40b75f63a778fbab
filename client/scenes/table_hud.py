"""The heads-up parts every game screen shares: the event log, banners and toasts."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..ui import theme
from ..ui.text import render_block, render_line
from ..ui.widgets import panel

if TYPE_CHECKING:
    from .table_base import GameScene


def draw_log(scene: GameScene, surface: pygame.Surface, top: int) -> None:
    """The event log (and chat) down the sidebar, newest at the bottom."""
    rect = scene.side_rect
    log_rect = pygame.Rect(rect.x + 10, top + 10, rect.w - 20, rect.bottom - top - 66)
    scene.chat_input.draw(surface)
    panel(surface, log_rect, (28, 32, 42))
    title = render_line("What happened", log_rect.w - 16, 16, theme.TEXT_DIM, "bold")
    surface.blit(title, (log_rect.x + 8, log_rect.y + 6))
    y = log_rect.bottom - 6
    for text, colour in reversed(scene.log):
        img = render_block(text, log_rect.w - 16, 60, 15, colour, min_size=11)
        used = max(16, img.get_bounding_rect().bottom + 3)
        y -= used
        if y < log_rect.y + 28:
            break
        surface.blit(img, (log_rect.x + 8, y))


def draw_banners(scene: GameScene, surface: pygame.Surface) -> None:
    status = scene.session.status
    if status in ("reconnecting", "connecting", "failed"):
        text = {
            "reconnecting": "Connection lost: reconnecting with your seat token…",
            "connecting": "Connecting…",
            "failed": "Could not reconnect. Your seat is kept: join the host again to carry on.",
        }[status]
        rect = pygame.Rect(0, 0, min(720, scene.table_rect.w - 40), 48)
        rect.midtop = (scene.table_rect.centerx, 12)
        panel(surface, rect, (120, 60, 10), theme.YELLOW, alpha=235)
        img = render_line(text, rect.w - 20, 20, theme.TEXT, "bold")
        surface.blit(img, img.get_rect(center=rect.center))
    y = scene.table_rect.bottom - 50
    for text, left in scene.toasts[-3:]:
        img = render_line(text, scene.table_rect.w - 60, 18, theme.TEXT)
        rect = img.get_rect(midbottom=(scene.table_rect.centerx, y)).inflate(20, 12)
        panel(surface, rect, (20, 22, 28), theme.ORANGE, radius=6, alpha=int(min(1.0, left) * 230))
        surface.blit(img, img.get_rect(center=rect.center))
        y -= rect.h + 6
