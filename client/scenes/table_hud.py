"""The heads-up parts every game screen shares: the event log and chat, banners and toasts."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..ui import theme
from ..ui.text import render_line
from ..ui.widgets import panel

if TYPE_CHECKING:
    from .table_base import GameScene

CHAT_GAP = 6  # between the log and the chat strip


def chat_min_h(scene: GameScene) -> int:
    """The chat strip and its gap above: the last three things said at least, one of them long enough to wrap."""
    return scene.chat.height_for(4, 3) + CHAT_GAP


def draw_log(scene: GameScene, surface: pygame.Surface, top: int) -> None:
    """The game's log down the sidebar and, under it, the chat with its input: each scrolls on its own."""
    place_history(scene, top)
    scene.log.draw(surface)
    scene.chat.draw(surface)
    scene.chat_input.draw(surface)


def place_history(scene: GameScene, top: int) -> None:
    """The log takes the sidebar from `top` down; the chat keeps a strip of its own above its input, so that
    talk never pushes game lines out of view."""
    side, field = scene.side_rect, scene.chat_input.rect
    room = pygame.Rect(side.x + 10, top + 10, side.w - 20, field.y - top - 16)
    least = chat_min_h(scene) - CHAT_GAP
    chat_h = max(min(least, room.h * 2 // 5), min(160, room.h * 3 // 10))  # a short window: two fifths
    scene.log.rect = pygame.Rect(room.x, room.y, room.w, room.h - chat_h - CHAT_GAP)
    scene.chat.rect = pygame.Rect(room.x, scene.log.rect.bottom + CHAT_GAP, room.w, chat_h)


def draw_banners(scene: GameScene, surface: pygame.Surface) -> None:
    status = scene.session.status
    if status in ("reconnecting", "connecting", "failed"):
        refused = getattr(getattr(scene.session, "connection", None), "refused", "")  # an impostor at the address
        text = {
            "reconnecting": "Connection lost: reconnecting with your seat token…",
            "connecting": "Connecting…",
            "failed": "That is not your host: it could not prove who it is. Your seat is kept, its token unsent."
            if refused
            else "Could not reconnect. Your seat is kept: join the host again to carry on.",
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
