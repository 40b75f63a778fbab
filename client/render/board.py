"""The Wonderland board drawn from its view record (`BoardView`): the path, its spaces, the Rooms, the Entrance, the
standies.

The board keeps its shape (its 0..1 coordinates map onto a square) and every size follows from the distance
between the closest two spaces, so no space covers another at any window size. The links are drawn as a
trodden path with the spaces as stones on it, each special space with its picture (assets/art/kinds.toml,
[spaces]); a Monster space shows the monster of the Room it sends you to. Each Room is a framed tile grown
away from the path into the free board around it, with its monster's picture (the board's [[rooms]] `art`)
and its number; standies in a Room stand along its foot, below the picture, which stays in sight. The
Entrance's caption is placed where it covers no space.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from functools import lru_cache

import pygame

from ...shared.rules.wonderland.view import BoardView
from ..ui import theme
from ..ui.text import fit, render_line
from .icons import emblem, space_picture, tinted_picture

SPACE_STYLE: dict[str, tuple[theme.Colour, str]] = {  # colour, and the vector emblem if a picture fails
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
ROOM_TALL = 1.25  # a Room's tile, upright: its height over its width
LABEL_INK: theme.Colour = (250, 244, 226)
LABEL_PLATE: tuple[int, int, int, int] = (26, 30, 36, 215)


class BoardGeometry:
    """Screen positions of every space for a board fitted into a square in `rect`, and its captions' places."""

    def __init__(self, board: BoardView, rect: pygame.Rect) -> None:
        self.board = board
        side = min(rect.w, rect.h)
        self.rect = pygame.Rect(0, 0, side, side)
        self.rect.center = rect.center
        spaces = board.spaces
        raw = {s.id: (float(s.x), float(s.y)) for s in spaces}
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
            x, y = raw[space.id]
            self.points[space.id] = (int(self.rect.x + margin + x * span), int(self.rect.y + margin + y * span))
            self.kinds[space.id] = space.kind
            self.rooms[space.id] = space.room
        self.room_info = {r.number: r for r in board.rooms}
        self.room_boxes: dict[str, pygame.Rect] = {}
        self._grow_rooms()
        self.label_size = max(10, min(16, int(self.pitch * 0.3)))
        # The captions on the board (the Entrance's): (space, where, lines, font size).
        self.labels: list[tuple[str, pygame.Rect, list[str], int]] = []
        self._place_labels()

    def size_of(self, space: str) -> int:
        """How far from its centre a space reaches (a Room's box: half its side)."""
        kind = self.kinds.get(space, "plain")
        return self.room_half if kind == "room" else int(self.radius * 1.25) if kind == "entrance" else self.radius

    def space_box(self, space: str) -> pygame.Rect:
        """The box a space fills: a Room's whole tile, the square inside a round space."""
        if space in self.room_boxes:
            return self.room_boxes[space]
        x, y = self.points[space]
        half = self.room_half if self.kinds.get(space) == "room" else int(self.size_of(space) * 0.7)
        return pygame.Rect(x - half, y - half, 2 * half, 2 * half)

    def room_art(self, number: int) -> str:
        """The picture of Room `number`'s monster, or a Room's own picture when the board names none."""
        room = self.room_info.get(number)
        return (room.art if room is not None else "") or space_picture("room")

    def _grow_rooms(self) -> None:
        """The Rooms' tiles: upright, each as large as the free board around it allows (up to two pitches wide),
        slid away from the board's middle to where there is room, the space's middle (where the path comes in)
        still inside it."""
        for space, kind in self.kinds.items():
            if kind != "room":
                continue
            x, y = self.points[space]
            box = pygame.Rect(x - self.room_half, y - self.room_half, 2 * self.room_half, 2 * self.room_half)
            for width in range(int(self.pitch * 2), 2 * self.room_half - 1, -2):
                tile = self._tile_at(space, width, round(width * ROOM_TALL))
                if tile is not None:
                    box = tile
                    break
            self.room_boxes[space] = box

    def _tile_at(self, space: str, w: int, h: int) -> pygame.Rect | None:
        """The tile `w` by `h` for a Room, slid outward from its space as far as needed to come near no other
        space or Room nor the board's edge; None if no place along the way fits."""
        x, y = self.points[space]
        cx, cy = self.rect.center
        d = math.hypot(x - cx, y - cy) or 1.0
        ux, uy = (x - cx) / d, (y - cy) / d
        inside = self.rect.inflate(-12, -12)
        for t in range(0, max(w, h), 2):
            box = pygame.Rect(0, 0, w, h)
            box.center = (round(x + ux * t), round(y + uy * t))
            if not box.inflate(-8, -8).collidepoint(x, y):
                return None
            if inside.contains(box) and not self._near(box, space):
                return box
        return None

    def _near(self, box: pygame.Rect, room: str) -> bool:
        """Whether a Room's tile at `box` would come within a few pixels of another space or Room."""
        for space, (x, y) in self.points.items():
            if space == room:
                continue
            if space in self.room_boxes:
                if box.colliderect(self.room_boxes[space].inflate(10, 10)):
                    return True
                continue
            reach = self.room_half if self.kinds[space] == "room" else self.size_of(space)
            near_x, near_y = min(max(x, box.left), box.right), min(max(y, box.top), box.bottom)
            if math.hypot(near_x - x, near_y - y) < reach + 4:
                return True
        return False

    def room_stand(self, space: str, size: int) -> tuple[int, int]:
        """Where a standie of `size` stands in a Room (its middle, as `draw_standie` takes it): at the foot of
        the tile, its top (and the ring of the player whose turn it is) just under the monster's picture, so
        that the Room still shows whose Room it is with players in it."""
        box = self.space_box(space)
        top = room_picture(box).bottom + 4
        return box.centerx, top + round(size * 1.55) - round(size * 0.72)

    def space_at(self, pos: tuple[int, int]) -> str | None:
        room = next((space for space, box in self.room_boxes.items() if box.collidepoint(pos)), None)
        if room is not None:
            return room
        best, best_d = None, 1e9
        for space, (x, y) in self.points.items():
            d = math.hypot(pos[0] - x, pos[1] - y)
            if d <= self.size_of(space) + 4 and d < best_d:
                best, best_d = space, d
        return best

    def room_caption(self, space: str) -> str:
        number = self.rooms.get(space, 0)
        room = self.room_info.get(number)
        if room is None:
            return f"Room {number}: a monster\npower {number} · 1 Treasure"
        treasures = room.treasures or 1
        return (
            f"Room {number}: {room.monster}\npower {room.power} · {treasures} Treasure{'s' if treasures != 1 else ''}"
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


def draw_space(
    surface: pygame.Surface, kind: str, point: tuple[int, int], r: int, number: int = 0, art: str = ""
) -> None:
    """One round space as the board and the key show it: a stone in its kind's colour with its picture; a
    Monster space shows its Room's monster (`art`) and the Room's number."""
    colour, icon = SPACE_STYLE.get(kind, (theme.GREY, ""))
    pygame.draw.circle(surface, (24, 30, 22), (point[0] + 1, point[1] + 2), r + 1)
    pygame.draw.circle(surface, _shade(colour, 0.7), point, r)
    pygame.draw.circle(surface, colour, (point[0] - max(1, r // 8), point[1] - max(1, r // 8)), r - max(1, r // 6))
    pygame.draw.circle(surface, (50, 40, 30), point, r, max(1, r // 9))
    picture = art if kind == "monster" else space_picture(kind)
    if kind == "plain":
        pygame.draw.circle(surface, _shade(colour, 0.86), point, max(2, r // 2), 1)  # a worn flagstone
        return
    img = tinted_picture(picture, int(r * 1.45), (36, 26, 24)) if picture else None
    if img is not None:
        surface.blit(img, img.get_rect(center=(point[0], point[1] - (r // 5 if number else 0))))
    elif icon:
        box = pygame.Rect(0, 0, r * 2, r * 2)
        box.center = point
        emblem(surface, icon, box.inflate(-r // 3, -r // 3), (40, 30, 30), theme.PARCHMENT)
    if kind == "monster" and number:  # the Room it sends you to, on a tag at its foot
        tag = render_line(str(number), r * 2, max(9, int(r * 0.95)), theme.TEXT, "bold")
        plate = tag.get_rect(center=(point[0] + int(r * 0.62), point[1] + int(r * 0.6))).inflate(4, 0)
        pygame.draw.ellipse(surface, (36, 26, 24), plate.inflate(2, 2))
        surface.blit(tag, tag.get_rect(center=plate.center))


def _shade(c: theme.Colour, f: float) -> theme.Colour:
    return (int(c[0] * f), int(c[1] * f), int(c[2] * f))


ROOM_FIELD: theme.Colour = (236, 214, 226)  # the Room colour, pale, behind its monster
ROOM_INK: theme.Colour = (70, 28, 52)


def _room_field(box: pygame.Rect) -> tuple[pygame.Rect, int]:
    """A Room tile's field inside its frame, and the frame's width."""
    frame = max(2, min(box.w, box.h) // 12)
    return box.inflate(-2 * frame, -2 * frame), frame


def room_picture(box: pygame.Rect) -> pygame.Rect:
    """Where a Room's monster picture lies in its tile: high in the field, most of the room below it left at the
    tile's foot for the standies of the players in the Room (and a little above, clear of the number)."""
    field, _ = _room_field(box)
    side = int(min(field.w, field.h) * 0.86)
    picture = pygame.Rect(0, 0, side, side)
    picture.midtop = (field.centerx, field.y + (field.h - side) // 3)
    return picture


def draw_room(surface: pygame.Surface, box: pygame.Rect, number: int, art: str = "") -> None:
    """A Room: a framed tile in the Rooms' colour with its monster's picture and its number on a plate."""
    colour = SPACE_STYLE["room"][0]
    radius = max(3, min(box.w, box.h) // 6)
    pygame.draw.rect(surface, (24, 30, 22), box.move(2, 3), border_radius=radius)
    pygame.draw.rect(surface, colour, box, border_radius=radius)
    field, frame = _room_field(box)
    pygame.draw.rect(surface, ROOM_FIELD, field, border_radius=max(2, radius - frame))
    pygame.draw.rect(surface, (60, 30, 50), box, max(1, frame // 2), border_radius=radius)
    side = min(field.w, field.h)
    img = tinted_picture(art, int(side * 0.86), ROOM_INK) if art and side >= 12 else None
    if img is not None:
        surface.blit(img, img.get_rect(center=room_picture(box).center))
    plate_r = max(6, int(side * (0.24 if img is not None else 0.4)))
    centre = (field.x + plate_r - 1, field.y + plate_r - 1) if img is not None else field.center
    pygame.draw.circle(surface, (60, 30, 50), centre, plate_r + 1)
    pygame.draw.circle(surface, theme.YELLOW, centre, plate_r)
    num = render_line(str(number), 2 * plate_r, int(plate_r * 1.5), theme.TEXT_DARK, "bold")
    surface.blit(num, num.get_rect(center=centre))


PATH_EDGE: theme.Colour = (96, 74, 44)
PATH_FILL: theme.Colour = (206, 182, 128)


def _draw_path(surface: pygame.Surface, geo: BoardGeometry, offset: tuple[int, int]) -> None:
    """The links as a trodden path: a dark edge, then the sand, with round ends so its bends join up."""
    width = max(5, int(geo.pitch * 0.42))
    links = [
        ((geo.points[a][0] - offset[0], geo.points[a][1] - offset[1]),
         (geo.points[b][0] - offset[0], geo.points[b][1] - offset[1]))
        for a, b in geo.board.links
        if a in geo.points and b in geo.points
    ]  # fmt: skip
    for colour, w in ((PATH_EDGE, width + 4), (PATH_FILL, width)):
        for a, b in links:
            pygame.draw.line(surface, colour, a, b, w)
            for end in (a, b):
                pygame.draw.circle(surface, colour, end, w // 2)
    for a, b in links:  # a faint rut down the middle
        pygame.draw.line(surface, _shade(PATH_FILL, 0.9), a, b, max(1, width // 6))


def _draw_garden(surface: pygame.Surface, geo: BoardGeometry) -> None:
    """The board itself: a lawn in a hedge, lighter towards the middle, inside a wooden rim."""
    rect = surface.get_rect()
    pygame.draw.rect(surface, (34, 72, 46), rect, border_radius=24)
    centre = rect.center
    for i in range(6, 0, -1):  # lighter towards the middle
        shade = (38 + 4 * (6 - i), 82 + 5 * (6 - i), 52 + 3 * (6 - i))
        pygame.draw.circle(surface, shade, centre, int(rect.w * 0.085 * i))
    hedge = max(6, rect.w // 40)
    pygame.draw.rect(surface, (26, 56, 34), rect.inflate(-8, -8), hedge, border_radius=20)
    for k in range(0, 360, 9):  # the hedge's leaves along its inside
        a = math.radians(k)
        x = centre[0] + math.cos(a) * (rect.w / 2 - 10 - hedge)
        y = centre[1] + math.sin(a) * (rect.h / 2 - 10 - hedge)
        x, y = min(max(x, 10 + hedge), rect.w - 10 - hedge), min(max(y, 10 + hedge), rect.h - 10 - hedge)
        pygame.draw.circle(surface, (30, 64, 38), (int(x), int(y)), max(2, hedge // 2))
    pygame.draw.rect(surface, (90, 64, 36), rect, 6, border_radius=24)
    pygame.draw.rect(surface, (140, 102, 60), rect.inflate(-2, -2), 1, border_radius=23)


def draw_entrance(surface: pygame.Surface, point: tuple[int, int], r: int) -> None:
    """The Entrance at the middle: a paved round place with its gate."""
    pygame.draw.circle(surface, (24, 30, 22), (point[0] + 1, point[1] + 2), r + 3)
    pygame.draw.circle(surface, PATH_EDGE, point, r + 3)
    draw_space(surface, "entrance", point, r)


def draw_board(geo: BoardGeometry) -> pygame.Surface:
    """The static board layer (garden, path, spaces, Rooms, captions), drawn once per window size."""
    surface = pygame.Surface((geo.rect.w, geo.rect.h), pygame.SRCALPHA)
    ox, oy = geo.rect.topleft

    def local(p: tuple[int, int]) -> tuple[int, int]:
        return p[0] - ox, p[1] - oy

    _draw_garden(surface, geo)
    _draw_path(surface, geo, (ox, oy))
    for space, point in geo.points.items():
        kind = geo.kinds[space]
        number = geo.rooms.get(space, 0)
        if kind == "room":
            draw_room(surface, geo.space_box(space).move(-ox, -oy), number, geo.room_art(number))
        elif kind == "entrance":
            draw_entrance(surface, local(point), geo.size_of(space))
        else:
            draw_space(surface, kind, local(point), geo.size_of(space), number, geo.room_art(number))
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


@lru_cache(maxsize=16)
def _shadow(size: int) -> pygame.Surface:
    """A standie's soft shadow on the board."""
    img = pygame.Surface((round(size * 1.5), max(3, round(size * 0.5))), pygame.SRCALPHA)
    pygame.draw.ellipse(img, (0, 0, 0, 95), img.get_rect())
    return img


def draw_standie(
    surface: pygame.Surface,
    center: tuple[float, float],
    colour: theme.Colour,
    mark: str,
    size: int,
    hop: float = 0.0,
    active: bool = False,
) -> None:
    """A player's standie: a card figure in the player's colour standing upright in a dark base, the player's
    initial on its chest; lifted by `hop` (0..1) mid-jump, its shadow left on the board."""
    x, y = center
    y -= hop * size * 1.2
    shadow = _shadow(size)
    surface.blit(shadow, shadow.get_rect(center=(round(x), round(center[1] + size * 0.85))))
    edge = (20, 20, 20)
    plate = pygame.Rect(0, 0, round(size * 1.0), round(size * 1.55))
    plate.midbottom = (round(x), round(y + size * 0.72))
    pygame.draw.rect(surface, edge, plate.inflate(2, 2), border_radius=max(2, plate.w // 2))
    pygame.draw.rect(surface, colour, plate, border_radius=max(2, plate.w // 2))
    # The figure printed on the card: a head over shoulders, in a lighter tint of the colour.
    light = tuple(min(255, c + (255 - c) // 2) for c in colour)
    head = (round(x), round(plate.y + plate.h * 0.27))
    pygame.draw.circle(surface, light, head, max(2, round(size * 0.2)))
    shoulders = pygame.Rect(0, 0, round(plate.w * 0.7), round(plate.h * 0.5))
    shoulders.midtop = (round(x), round(plate.y + plate.h * 0.42))
    pygame.draw.rect(surface, light, shoulders, border_top_left_radius=shoulders.w // 2,
                     border_top_right_radius=shoulders.w // 2)  # fmt: skip
    letter = render_line(mark, plate.w, max(9, int(size * 0.62)), theme.TEXT_DARK, "bold")
    surface.blit(letter, letter.get_rect(center=(round(x), round(plate.y + plate.h * 0.68))))
    base = pygame.Rect(0, 0, round(size * 1.2), max(3, round(size * 0.3)))
    base.midtop = (round(x), plate.bottom - max(1, round(size * 0.08)))
    pygame.draw.rect(surface, (44, 36, 30), base, border_radius=base.h // 2)
    pygame.draw.rect(surface, edge, base, 1, border_radius=base.h // 2)
    if active:
        pygame.draw.rect(surface, theme.YELLOW, plate.inflate(6, 6), 2, border_radius=plate.w // 2 + 3)
