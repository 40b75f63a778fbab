"""Card pictures and emblems.

A card's picture is one of the game-icons.net set DoorKick ships (assets/art/icons/<name>.svg, white on clear,
so it can be tinted per card kind) or an image file a pack brought of its own (drawn as it is). The simple
vector emblems below (monster, sword, skull...) are drawn with pygame primitives: the board's spaces use them,
and so does a card whose picture cannot be loaded.
"""

from __future__ import annotations

import math
import tomllib
from functools import cache, lru_cache
from importlib import resources
from typing import Any

import pygame

Colour = tuple[int, int, int]
ART = resources.files("doorkick.assets") / "art"


@cache
def _kinds() -> dict[str, Any]:
    return tomllib.loads((ART / "kinds.toml").read_text("utf-8"))


def kind_picture(game: str, kind: str) -> str:
    """The picture of a card of `kind` that names none of its own (assets/art/kinds.toml); "" if none."""
    return str(_kinds().get("fallback", {}).get(game, {}).get(kind, ""))


def space_picture(kind: str) -> str:
    """The picture on a Wonderland board space of `kind` (assets/art/kinds.toml, [spaces]); "" if none."""
    return str(_kinds().get("spaces", {}).get(kind, ""))


def worn_pictures() -> dict[str, frozenset[str]]:
    """Which pictures show a thing worn or held in each item slot (headgear, armor, ..., two_hands, shield)."""
    return {slot: frozenset(names) for slot, names in _kinds().get("worn", {}).items()}


def is_image_file(art: str) -> bool:
    return "/" in art or "\\" in art or "." in art


@lru_cache(maxsize=512)
def picture(art: str, size: int) -> pygame.Surface | None:
    """The picture `art` (a name of the set, or an image file's path) fitted in `size` pixels square, or None
    when it cannot be drawn (an unknown name, an unreadable file, an SDL_image without SVG)."""
    if not art or size < 4:
        return None
    path = art if is_image_file(art) else str(ART / "icons" / f"{art}.svg")
    try:
        if path.lower().endswith(".svg"):
            return pygame.image.load_sized_svg(path, (size, size))
        img = pygame.image.load(path)
    except (pygame.error, OSError):
        return None
    scale = size / max(img.get_width(), img.get_height())
    fitted = (max(1, round(img.get_width() * scale)), max(1, round(img.get_height() * scale)))
    try:
        return pygame.transform.smoothscale(img, fitted)
    except ValueError:  # a palette image: smoothscale takes 24 or 32 bits a pixel
        return pygame.transform.scale(img, fitted)


@lru_cache(maxsize=512)
def tinted_picture(art: str, size: int, ink: Colour) -> pygame.Surface | None:
    """`picture` in the colour `ink` when it is one of the set (white on clear); a pack's own file as it is."""
    img = picture(art, size)
    if img is None or is_image_file(art):
        return img
    img = img.copy()
    img.fill((*ink, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return img


def emblem(surface: pygame.Surface, name: str, rect: pygame.Rect, ink: Colour, fill: Colour) -> None:
    """Draw emblem `name` centred in `rect` with outline colour `ink` and body colour `fill`."""
    s = min(rect.w, rect.h)
    cx, cy = rect.center
    u = max(1, s // 16)
    draw = _EMBLEMS.get(name, _star)
    draw(surface, cx, cy, s, u, ink, fill)


def _monster(surface: pygame.Surface, cx: int, cy: int, s: int, u: int, ink: Colour, fill: Colour) -> None:
    r = int(s * 0.38)
    pygame.draw.circle(surface, fill, (cx, cy), r)
    pygame.draw.circle(surface, ink, (cx, cy), r, u)
    for dx in (-1, 1):
        horn = [
            (cx + dx * r * 0.55, cy - r * 0.7),
            (cx + dx * r * 0.95, cy - r * 1.25),
            (cx + dx * r * 0.9, cy - r * 0.4),
        ]
        pygame.draw.polygon(surface, ink, horn)
        pygame.draw.circle(surface, (250, 250, 240), (cx + dx * r // 3, cy - r // 5), max(2, r // 5))
        pygame.draw.circle(surface, ink, (cx + dx * r // 3, cy - r // 5), max(1, r // 10))
    mouth = pygame.Rect(0, 0, int(r * 1.1), max(3, r // 3))
    mouth.center = (cx, cy + r // 3)
    pygame.draw.rect(surface, ink, mouth)
    for i in range(4):
        x = mouth.x + (i + 0.5) * mouth.w / 4
        pygame.draw.polygon(
            surface,
            (250, 250, 240),
            [(x - r * 0.1, mouth.y), (x + r * 0.1, mouth.y), (x, mouth.y + mouth.h * 0.8)],
        )


def _sword(surface: pygame.Surface, cx: int, cy: int, s: int, u: int, ink: Colour, fill: Colour) -> None:
    h = s * 0.8
    blade = [
        (cx - u * 1.5, cy + h * 0.2),
        (cx - u * 1.5, cy - h * 0.38),
        (cx, cy - h * 0.5),
        (cx + u * 1.5, cy - h * 0.38),
        (cx + u * 1.5, cy + h * 0.2),
    ]
    pygame.draw.polygon(surface, (220, 224, 232), blade)
    pygame.draw.polygon(surface, ink, blade, max(1, u // 2))
    pygame.draw.rect(surface, fill, (cx - s * 0.22, cy + h * 0.2, s * 0.44, u * 2.5))
    pygame.draw.rect(surface, ink, (cx - s * 0.22, cy + h * 0.2, s * 0.44, u * 2.5), max(1, u // 2))
    pygame.draw.rect(surface, ink, (cx - u, cy + h * 0.2 + u * 2.5, u * 2, h * 0.22))
    pygame.draw.circle(surface, fill, (cx, cy + h * 0.48), u * 1.6)


def _skull(surface: pygame.Surface, cx: int, cy: int, s: int, u: int, ink: Colour, fill: Colour) -> None:
    r = int(s * 0.3)
    pygame.draw.circle(surface, (236, 230, 216), (cx, cy - r // 4), r)
    pygame.draw.rect(surface, (236, 230, 216), (cx - r * 0.6, cy + r * 0.3, r * 1.2, r * 0.6))
    for dx in (-1, 1):
        pygame.draw.circle(surface, fill, (cx + dx * r * 0.4, cy - r * 0.2), max(2, r // 4))
    pygame.draw.polygon(
        surface, ink, [(cx, cy + r * 0.05), (cx - r * 0.12, cy + r * 0.3), (cx + r * 0.12, cy + r * 0.3)]
    )
    for i in range(3):
        x = cx - r * 0.4 + i * r * 0.4
        pygame.draw.line(surface, ink, (x, cy + r * 0.55), (x, cy + r * 0.9), max(1, u // 2))


def _shield(surface: pygame.Surface, cx: int, cy: int, s: int, u: int, ink: Colour, fill: Colour) -> None:
    w, h = s * 0.6, s * 0.72
    pts = [
        (cx - w / 2, cy - h / 2),
        (cx + w / 2, cy - h / 2),
        (cx + w / 2, cy),
        (cx, cy + h / 2),
        (cx - w / 2, cy),
    ]
    pygame.draw.polygon(surface, fill, pts)
    pygame.draw.polygon(surface, ink, pts, u)
    pygame.draw.line(surface, ink, (cx, cy - h / 2), (cx, cy + h / 2 - u), u)
    pygame.draw.line(surface, ink, (cx - w / 2, cy - h / 6), (cx + w / 2, cy - h / 6), u)


def _potion(surface: pygame.Surface, cx: int, cy: int, s: int, u: int, ink: Colour, fill: Colour) -> None:
    r = int(s * 0.26)
    pygame.draw.circle(surface, fill, (cx, cy + r // 2), r)
    pygame.draw.circle(surface, ink, (cx, cy + r // 2), r, u)
    neck = pygame.Rect(0, 0, r * 0.7, r * 1.1)
    neck.midbottom = (cx, cy - r // 3)
    pygame.draw.rect(surface, (220, 230, 236), neck)
    pygame.draw.rect(surface, ink, neck, u)
    pygame.draw.rect(surface, (150, 100, 60), (neck.x - u, neck.y - u * 2, neck.w + 2 * u, u * 2.5))
    for i in range(3):
        pygame.draw.circle(surface, (250, 250, 250), (cx - r // 3 + i * r // 3, cy + r // 2 - i * r // 5), max(1, u))


def _arrow(surface: pygame.Surface, cx: int, cy: int, s: int, u: int, ink: Colour, fill: Colour) -> None:
    h, w = s * 0.7, s * 0.5
    pts = [
        (cx, cy - h / 2),
        (cx + w / 2, cy - h / 2 + w / 2),
        (cx + w / 5, cy - h / 2 + w / 2),
        (cx + w / 5, cy + h / 2),
        (cx - w / 5, cy + h / 2),
        (cx - w / 5, cy - h / 2 + w / 2),
        (cx - w / 2, cy - h / 2 + w / 2),
    ]
    pygame.draw.polygon(surface, fill, pts)
    pygame.draw.polygon(surface, ink, pts, u)


def _plus(surface: pygame.Surface, cx: int, cy: int, s: int, u: int, ink: Colour, fill: Colour) -> None:
    a, b = s * 0.32, s * 0.11
    for rect in ((cx - a, cy - b, 2 * a, 2 * b), (cx - b, cy - a, 2 * b, 2 * a)):
        pygame.draw.rect(surface, fill, rect)
        pygame.draw.rect(surface, ink, rect, u)


def _star(surface: pygame.Surface, cx: int, cy: int, s: int, u: int, ink: Colour, fill: Colour) -> None:
    pts = []
    for i in range(10):
        r = s * (0.36 if i % 2 == 0 else 0.15)
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    pygame.draw.polygon(surface, fill, pts)
    pygame.draw.polygon(surface, ink, pts, u)


def _heart(surface: pygame.Surface, cx: int, cy: int, s: int, u: int, ink: Colour, fill: Colour) -> None:
    r = s * 0.17
    pygame.draw.circle(surface, fill, (cx - r, cy - r * 0.5), r)
    pygame.draw.circle(surface, fill, (cx + r, cy - r * 0.5), r)
    pygame.draw.polygon(surface, fill, [(cx - 2 * r, cy - r * 0.3), (cx + 2 * r, cy - r * 0.3), (cx, cy + 2 * r)])


def _door(surface: pygame.Surface, cx: int, cy: int, s: int, u: int, ink: Colour, fill: Colour) -> None:
    w, h = s * 0.5, s * 0.75
    rect = pygame.Rect(0, 0, w, h)
    rect.center = (cx, cy)
    pygame.draw.rect(surface, fill, rect, border_top_left_radius=int(w / 2), border_top_right_radius=int(w / 2))
    pygame.draw.rect(surface, ink, rect, u, border_top_left_radius=int(w / 2), border_top_right_radius=int(w / 2))
    pygame.draw.circle(surface, ink, (rect.right - w * 0.2, cy + h * 0.1), max(2, u))


def _coin(surface: pygame.Surface, cx: int, cy: int, s: int, u: int, ink: Colour, fill: Colour) -> None:
    r = int(s * 0.34)
    pygame.draw.circle(surface, fill, (cx, cy), r)
    pygame.draw.circle(surface, ink, (cx, cy), r, u)
    pygame.draw.circle(surface, ink, (cx, cy), int(r * 0.7), max(1, u // 2))


_EMBLEMS = {
    "monster": _monster,
    "sword": _sword,
    "skull": _skull,
    "shield": _shield,
    "potion": _potion,
    "arrow": _arrow,
    "plus": _plus,
    "star": _star,
    "heart": _heart,
    "door": _door,
    "coin": _coin,
}
