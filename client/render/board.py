"""The Wonderland board drawn from its wire form: spaces, links, Rooms, the Entrance, and the standies.

The board keeps its shape (its 0..1 coordinates map onto a square) and every size follows from the distance
between the closest two spaces, so no space covers another at any window size. The Entrance's caption is placed
where it covers no space; Rooms show their number, and standies in a Room stand under it.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

import pygame

from ..ui import theme
from ..ui.text import fit, render_line
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
# What landing on each kind of space does (W07-W12), for the legend and the hover text.
SPACE_HELP = {
    "plain": "nothing happens; your turn ends there",
    "roll_again": "roll the die and move again",
    "treasure": "draw a Treasure",
    "monster": "go to the Room with that number and fight",
    "entrance": "draw a Treasure, roll for a Room and fight there; everyone starts here",
    "room": "entering it means a fight with its monster",
}
# The same, short enough for one line of the legend.
SPACE_KEY = {
    "plain": "Path: nothing happens",
    "roll_again": "Roll again: roll, move on",
    "treasure": "Treasure: draw one",
    "monster": "Monster: fight in that Room",
    "entrance": "Entrance: a Treasure, a Room",
    "room": "Room: fight its monster",
}
LEGEND_ORDER = ("plain", "roll_again", "treasure", "monster", "entrance", "room")
LABEL_INK: theme.Colour = (250, 244, 226)
LABEL_PLATE: tuple[int, int, int, int] = (26, 30, 36, 215)


class BoardGeometry:
    """Screen positions of every space for a board fitted into a square in `rect`, and its captions' places."""

    def __init__(self, board: dict[str, Any], rect: pygame.Rect) -> None:
        self.board = board
        side = min(rect.w, rect.h)
        self.rect = pygame.Rect(0, 0, side, side)
        self.rect.center = rect.center
        spaces = board.get("spaces", [])
        raw = {s["id"]: (float(s["x"]), float(s["y"])) for s in spaces}
        # The closest two spaces set the pitch; every size on the board follows from it.
        closest = min(
            (math.dist(a, b) for i, a in enumerate(raw.values()) for b in list(raw.values())[i + 1 :]),
            default=0.1,
        )
        margin = max(12, int(side * 0.05))
        span = side - 2 * margin
        self.pitch = max(12.0, closest * span)
        self.radius = max(7, int(self.pitch * 0.34))
        self.room_half = max(self.radius + 2, int(self.pitch * 0.5))
        self.points: dict[str, tuple[int, int]] = {}
        self.kinds: dict[str, str] = {}
        self.rooms: dict[str, int] = {}
        for space in spaces:
            x, y = raw[space["id"]]
            self.points[space["id"]] = (int(self.rect.x + margin + x * span), int(self.rect.y + margin + y * span))
            self.kinds[space["id"]] = space.get("kind", "plain")
            self.rooms[space["id"]] = int(space.get("room") or 0)
        self.room_info = {int(r["number"]): r for r in board.get("rooms", [])}
        self.label_size = max(10, min(16, int(self.pitch * 0.3)))
        # The captions on the board (the Entrance's): (space, where, lines, font size).
        self.labels: list[tuple[str, pygame.Rect, list[str], int]] = []
        self._place_labels()

    def size_of(self, space: str) -> int:
        """How far from its centre a space reaches (a Room's box: half its side)."""
        kind = self.kinds.get(space, "plain")
        return self.room_half if kind == "room" else int(self.radius * 1.25) if kind == "entrance" else self.radius

    def space_box(self, space: str) -> pygame.Rect:
        """The box a space fills: a Room's whole box, the square inside a round space."""
        x, y = self.points[space]
        half = self.room_half if self.kinds.get(space) == "room" else int(self.size_of(space) * 0.7)
        return pygame.Rect(x - half, y - half, 2 * half, 2 * half)

    def room_feet(self, space: str) -> tuple[int, int]:
        """Where standies in a Room put their feet: the foot of its box, under the number."""
        box = self.space_box(space)
        return box.centerx, box.bottom + 2

    def space_at(self, pos: tuple[int, int]) -> str | None:
        best, best_d = None, 1e9
        for space, (x, y) in self.points.items():
            d = math.hypot(pos[0] - x, pos[1] - y)
            if d <= self.size_of(space) + 4 and d < best_d:
                best, best_d = space, d
        return best

    def room_caption(self, space: str) -> str:
        number = self.rooms.get(space, 0)
        room = self.room_info.get(number, {})
        treasures = int(room.get("treasures") or 1)
        return (
            f"Room {number}: {room.get('monster', 'a monster')}\n"
            f"power {room.get('power', number)} · {treasures} Treasure{'s' if treasures != 1 else ''}"
        )

    def _place_labels(self) -> None:
        """The Entrance's caption goes beside it where it covers no space, no Room and no other caption; failing
        that, in the least crowded place found. (The Rooms are named in the key beside the board.)"""
        font = theme.font(self.label_size, "bold")
        centre = self.rect.center
        inside = self.rect.inflate(-8, -8)
        taken: list[pygame.Rect] = []
        captions = [(s, "Entrance") for s, k in self.kinds.items() if k == "entrance"]
        for space, text in captions:
            fitted = fit(text, int(self.pitch * 3.2), font.get_linesize() * 3, self.label_size, 9, "bold")
            lines = list(fitted.lines)
            f = theme.font(fitted.size, "bold")
            w = max(f.size(line)[0] for line in lines) + 8
            h = f.get_linesize() * len(lines) + 4
            x, y = self.points[space]
            toward = math.atan2(centre[1] - y, centre[0] - x) if (x, y) != centre else math.pi / 2
            best: tuple[float, pygame.Rect] | None = None
            for turn in (0, 0.5, -0.5, 1.0, -1.0, 1.5, -1.5, math.pi):
                angle = toward + turn
                for reach in (1.0, 1.3, 1.7, 2.2, 2.8):
                    d = self.size_of(space) + 4 + reach * max(w, h) / 2
                    box = pygame.Rect(0, 0, w, h)
                    box.center = (int(x + math.cos(angle) * d), int(y + math.sin(angle) * d))
                    if not inside.contains(box):
                        continue
                    cost = self._crowding(box, taken)
                    if best is None or cost < best[0]:
                        best = (cost, box)
                    if cost == 0:
                        break
                if best is not None and best[0] == 0:
                    break
            box = best[1] if best is not None else pygame.Rect(x - w // 2, y + self.size_of(space) + 2, w, h)
            taken.append(box)
            self.labels.append((space, box, lines, fitted.size))

    def _crowding(self, box: pygame.Rect, taken: Iterable[pygame.Rect]) -> float:
        """How much of the board a caption at `box` would cover: spaces, Rooms and other captions it touches."""
        cost = 0.0
        for space, (x, y) in self.points.items():
            if self.kinds[space] == "room":
                cost += 3 * _area(box.clip(self.space_box(space).inflate(4, 4)))
            else:
                near_x = min(max(x, box.left), box.right)
                near_y = min(max(y, box.top), box.bottom)
                gap = math.hypot(near_x - x, near_y - y) - self.size_of(space) - 3
                cost += 2 * max(0.0, -gap) * self.radius
        return cost + sum(3 * _area(box.clip(other.inflate(4, 4))) for other in taken)


def _area(rect: pygame.Rect) -> int:
    return rect.w * rect.h


def draw_space(surface: pygame.Surface, kind: str, point: tuple[int, int], r: int, number: int = 0) -> None:
    """One round space as the board and the legend show it: its colour, its emblem, a Monster space's Room."""
    colour, icon = SPACE_STYLE.get(kind, (theme.GREY, ""))
    pygame.draw.circle(surface, (30, 30, 30), (point[0] + 2, point[1] + 3), r)
    pygame.draw.circle(surface, colour, point, r)
    pygame.draw.circle(surface, (50, 40, 30), point, r, 2)
    if kind == "monster" and number:  # the Room it sends you to, inside the space where nothing covers it
        tag = render_line(str(number), r * 2, max(9, int(r * 1.3)), theme.TEXT_DARK, "bold")
        surface.blit(tag, tag.get_rect(center=point))
    elif icon:
        box = pygame.Rect(0, 0, r * 2, r * 2)
        box.center = point
        emblem(surface, icon, box.inflate(-r // 3, -r // 3), (40, 30, 30), theme.PARCHMENT)


def draw_room(surface: pygame.Surface, box: pygame.Rect, number: int) -> None:
    colour = SPACE_STYLE["room"][0]
    pygame.draw.rect(surface, (30, 30, 30), box.move(2, 3), border_radius=box.w // 4)
    pygame.draw.rect(surface, colour, box, border_radius=box.w // 4)
    pygame.draw.rect(surface, (60, 30, 50), box, 2, border_radius=box.w // 4)
    # High in the box: standies in the Room stand along its foot (see `room_feet`).
    num = render_line(str(number), box.w, int(box.h * 0.6), theme.TEXT_DARK, "bold")
    surface.blit(num, num.get_rect(center=(box.centerx, box.y + box.h * 0.36)))


def draw_board(geo: BoardGeometry) -> pygame.Surface:
    """The static board layer (links, spaces, Rooms, captions), drawn once per window size."""
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
    for space, point in geo.points.items():
        kind = geo.kinds[space]
        if kind == "room":
            draw_room(surface, geo.space_box(space).move(-ox, -oy), geo.rooms.get(space, 0))
        else:
            draw_space(surface, kind, local(point), geo.size_of(space), geo.rooms.get(space, 0))
    for _space, box, lines, size in geo.labels:
        plate = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(plate, LABEL_PLATE, plate.get_rect(), border_radius=6)
        surface.blit(plate, box.move(-ox, -oy).topleft)
        f = theme.font(size, "bold")
        y = box.y - oy + 2
        for line in lines:
            img = f.render(line, True, LABEL_INK)
            surface.blit(img, img.get_rect(midtop=(box.centerx - ox, y)))
            y += f.get_linesize()
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
