"""The Wonderland board drawn from its wire form: spaces, links, Rooms, the Entrance, and the standies."""

from __future__ import annotations

import math
from typing import Any

import pygame

from ..ui import theme
from ..ui.text import render_block, render_line
from .icons import emblem

SPACE_STYLE: dict[str, tuple[theme.Colour, str]] = {
    "plain": (theme.PARCHMENT, ""),
    "roll_again": (theme.SKY, "arrow"),
    "treasure": (theme.YELLOW, "coin"),
    "monster": (theme.VERMILLION, "monster"),
    "entrance": (theme.GREEN, "door"),
    "room": (theme.PURPLE, "monster"),
}
SPACE_NAMES = {
    "plain": "Path",
    "roll_again": "Roll again",
    "treasure": "Treasure",
    "monster": "Monster: go to Room",
    "entrance": "The Entrance",
    "room": "Room",
}


class BoardGeometry:
    """Screen positions of every space for a board fitted into a rectangle."""

    def __init__(self, board: dict[str, Any], rect: pygame.Rect) -> None:
        self.board = board
        self.rect = rect.copy()
        self.radius = max(10, min(rect.w, rect.h) // 30)
        self.points: dict[str, tuple[int, int]] = {}
        self.kinds: dict[str, str] = {}
        self.rooms: dict[str, int] = {}
        for space in board.get("spaces", []):
            x = self.rect.x + self.radius * 2 + float(space["x"]) * (self.rect.w - self.radius * 4)
            y = self.rect.y + self.radius * 2 + float(space["y"]) * (self.rect.h - self.radius * 4)
            self.points[space["id"]] = (int(x), int(y))
            self.kinds[space["id"]] = space.get("kind", "plain")
            self.rooms[space["id"]] = int(space.get("room") or 0)

    def size_of(self, space: str) -> int:
        kind = self.kinds.get(space, "plain")
        return int(self.radius * (2.4 if kind == "room" else 1.8 if kind == "entrance" else 1.0))

    def space_at(self, pos: tuple[int, int]) -> str | None:
        best, best_d = None, 1e9
        for space, (x, y) in self.points.items():
            d = math.hypot(pos[0] - x, pos[1] - y)
            if d <= self.size_of(space) + 4 and d < best_d:
                best, best_d = space, d
        return best


def draw_board(geo: BoardGeometry) -> pygame.Surface:
    """The static board layer (links, spaces, Room labels), drawn once per window size."""
    surface = pygame.Surface((geo.rect.w, geo.rect.h), pygame.SRCALPHA)
    ox, oy = geo.rect.topleft

    def local(p: tuple[int, int]) -> tuple[int, int]:
        return p[0] - ox, p[1] - oy

    pygame.draw.rect(surface, (44, 88, 60), surface.get_rect(), border_radius=24)
    pygame.draw.rect(surface, (90, 64, 36), surface.get_rect(), 6, border_radius=24)
    for a, b in geo.board.get("links", []):
        if a in geo.points and b in geo.points:
            pygame.draw.line(
                surface, (214, 196, 150), local(geo.points[a]), local(geo.points[b]), max(3, geo.radius // 2)
            )
    rooms = {int(r["number"]): r for r in geo.board.get("rooms", [])}
    for space, point in geo.points.items():
        kind = geo.kinds[space]
        colour, icon = SPACE_STYLE.get(kind, (theme.GREY, ""))
        r = geo.size_of(space)
        p = local(point)
        if kind == "room":
            box = pygame.Rect(0, 0, int(r * 2.4), int(r * 1.9))
            box.center = p
            pygame.draw.rect(surface, colour, box, border_radius=10)
            pygame.draw.rect(surface, (60, 30, 50), box, 3, border_radius=10)
            number = geo.rooms.get(space, 0)
            room = rooms.get(number, {})
            num = render_line(str(number), r, int(r * 0.9), theme.TEXT_DARK, "bold")
            surface.blit(num, num.get_rect(midtop=(box.centerx, box.y + 2)))
            label = render_block(
                f"{room.get('monster', 'Room')}\npower {room.get('power', '?')}",
                box.w - 8,
                box.h - num.get_height() - 4,
                max(10, r // 3),
                theme.TEXT_DARK,
                min_size=8,
                style="bold",
                align="center",
            )
            surface.blit(label, (box.x + 4, box.y + num.get_height() + 2))
            continue
        pygame.draw.circle(surface, (30, 30, 30), (p[0] + 2, p[1] + 3), r)
        pygame.draw.circle(surface, colour, p, r)
        pygame.draw.circle(surface, (50, 40, 30), p, r, 2)
        if icon:
            box = pygame.Rect(0, 0, r * 2, r * 2)
            box.center = p
            emblem(surface, icon, box.inflate(-r // 3, -r // 3), (40, 30, 30), theme.PARCHMENT)
        if kind == "monster" and geo.rooms.get(space):
            tag = render_line(str(geo.rooms[space]), r, max(10, r), theme.TEXT, "bold")
            surface.blit(tag, tag.get_rect(center=(p[0] + r, p[1] - r)))
        if kind == "entrance":
            tag = render_line("Entrance", r * 4, max(10, r // 2 + 4), theme.TEXT, "bold")
            surface.blit(tag, tag.get_rect(midtop=(p[0], p[1] + r + 2)))
    return surface


def draw_standie(
    surface: pygame.Surface,
    center: tuple[float, float],
    colour: theme.Colour,
    mark: str,
    size: int,
    hop: float = 0.0,
    active: bool = False,
) -> None:
    """A player's standie: a coloured pawn with the player's initial, lifted by `hop` (0..1) mid-jump."""
    x, y = center
    y -= hop * size * 1.2
    pygame.draw.ellipse(surface, (0, 0, 0, 90), (x - size * 0.7, center[1] + size * 0.55, size * 1.4, size * 0.5))
    body = [
        (x - size * 0.55, y + size * 0.8),
        (x + size * 0.55, y + size * 0.8),
        (x + size * 0.25, y - size * 0.2),
        (x - size * 0.25, y - size * 0.2),
    ]
    pygame.draw.polygon(surface, colour, body)
    pygame.draw.polygon(surface, (20, 20, 20), body, 2)
    pygame.draw.circle(surface, colour, (x, y - size * 0.45), size * 0.42)
    pygame.draw.circle(surface, (20, 20, 20), (x, y - size * 0.45), size * 0.42, 2)
    letter = render_line(mark, size, max(9, int(size * 0.6)), theme.TEXT_DARK, "bold")
    surface.blit(letter, letter.get_rect(center=(x, y - size * 0.45)))
    if active:
        pygame.draw.circle(surface, theme.YELLOW, (x, y - size * 0.45), size * 0.62, 3)
