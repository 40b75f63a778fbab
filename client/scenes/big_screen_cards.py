"""Cards on the big screen, readable across the room: each card in front of a player is a plate, its picture
beside its bonus and name in type the size of the screen's own lines, instead of a card face too small at
1920x1080 to read (a face 83 pixels wide prints its name in 9-pixel type).

A plate is the card turned into a label: the kind's pale colour and its framed picture, as on the face
(`render.cards`), the badge ("+2") and the name in the kind's darkest ink, and on a plate tall enough the type
line ("Item · Headgear"). A carried item (sideways at the table) says "carried" and is greyed.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from ..render.cards import Face, draw_art
from ..ui import theme
from ..ui.text import line_size, render_block, render_line

PLATE_W = 210  # the narrowest plate at 1920x1080: two side by side in a panel of six players
PLATE_H = 56  # the tallest plate: two lines
ONE_LINE = 46  # lower than this, a plate shows the name only
GAP = 6


def _mix(colour: theme.Colour, other: theme.Colour, keep: float) -> theme.Colour:
    r, g, b = (round(a * keep + b * (1 - keep)) for a, b in zip(colour, other, strict=True))
    return (r, g, b)


@lru_cache(maxsize=256)
def plate(face: Face, size: tuple[int, int], carried: bool = False, least: int = 15) -> pygame.Surface:
    """One card as a plate of `size`: picture, badge and name, and its type line when it is tall enough. A name
    too long shrinks to `least` (the screen's smallest readable type), then is cut short with an ellipsis."""
    w, h = size
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(4, h // 6)
    ink = _mix(face.colour, (0, 0, 0), 0.3)
    pygame.draw.rect(s, _mix(face.colour, (255, 255, 255), 0.3), s.get_rect(), border_radius=radius)
    pygame.draw.rect(s, face.colour, s.get_rect(), max(2, h // 18), border_radius=radius)
    pad = max(3, h // 12)
    art = pygame.Rect(pad, pad, h - 2 * pad, h - 2 * pad)
    draw_art(s, face, art)
    x = art.right + pad + 2
    two_lines = h >= ONE_LINE
    name_size = max(12, round(h * (0.4 if two_lines else 0.56)))
    top = pad if two_lines else (h - round(name_size * 1.15)) // 2

    def put(img: pygame.Surface, at: int) -> None:
        """On the first line; on a plate of one line, centred on the plate's middle whatever its size."""
        s.blit(img, (at, top) if two_lines else img.get_rect(midleft=(at, h // 2)))

    if face.badge:
        badge = render_line(face.badge, w // 3, name_size, ink, "bold")
        put(badge, x)
        x += badge.get_width() + max(4, name_size // 3)
    room = w - x - pad
    # A long name takes both lines rather than shrink out of reach; the picture says the kind.
    long_name = two_lines and line_size(face.name, room, name_size, "bold") < name_size * 0.8
    if long_name:
        name = render_block(face.name, room, h - 2 * pad, name_size, ink, min(name_size, least), "bold")
        s.blit(name, (x, pad))
    else:
        put(render_line(face.name, room, name_size, ink, "bold", min(name_size, least)), x)
    if two_lines and not long_name:
        detail = face.type_line + (" · carried" if carried else "")
        line = render_line(detail, w - art.right - 2 * pad, max(11, round(h * 0.3)), ink)
        s.blit(line, (art.right + pad + 2, h - pad - line.get_height()))
    if carried:  # not worn: greyed, as a sideways card reads at the table
        veil = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(veil, (40, 44, 52, 110), veil.get_rect(), border_radius=radius)
        s.blit(veil, (0, 0))
    return s


def plate_grid(count: int, strip: pygame.Rect, k: float, least_w: int = PLATE_W) -> list[pygame.Rect]:
    """Where up to `count` plates lie in `strip`, row by row: as many columns as plates `least_w` wide (at
    1920x1080) fit, rows as low as a line of type allows; plates that do not fit are left out (the caller says
    how many)."""
    if count <= 0:
        return []
    gap = max(2, round(GAP * k))
    cols = max(1, (strip.w + gap) // (round(least_w * k) + gap))  # one plate is as wide as one of several
    most_rows = max(1, (strip.h + gap) // (max(12, round(30 * k)) + gap))
    rows = min(most_rows, math.ceil(count / cols))
    h = min(round(PLATE_H * k), (strip.h - gap * (rows - 1)) // rows)
    w = (strip.w - gap * (cols - 1)) // cols
    return [
        pygame.Rect(strip.x + c * (w + gap), strip.y + r * (h + gap), w, h)
        for r in range(rows)
        for c in range(cols)
        if r * cols + c < count
    ]
