"""The table itself: green baize inside a wooden rim, generated once per size, and cards lying as stacks.

Everything here is drawn from a fixed seed with a tiny generator of its own (no global random), cached by
size, so a frame only blits: the felt costs one blit however rich it looks.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from functools import lru_cache

import pygame

FELT = (30, 74, 58)
WOOD = (104, 64, 34)
RIM = 14  # the wooden rim's width in pixels at 1280x720


def _values(seed: int) -> Iterator[float]:
    """An endless stream in [0, 1) from a small LCG: the same table on every start."""
    state = seed & 0xFFFFFFFF
    while True:
        state = (1664525 * state + 1013904223) & 0xFFFFFFFF
        yield state / 0x100000000


def _mottle(size: tuple[int, int], cells: tuple[int, int], seed: int, spread: int) -> pygame.Surface:
    """Soft light and dark patches: a coarse grid of random greys smoothed up to `size`."""
    values = _values(seed)
    small = pygame.Surface(cells)
    for y in range(cells[1]):
        for x in range(cells[0]):
            v = 128 + int((next(values) - 0.5) * 2 * spread)
            small.set_at((x, y), (v, v, v))
    return pygame.transform.smoothscale(small, size)


def _shade(surface: pygame.Surface, greys: pygame.Surface) -> None:
    """Lighten and darken `surface` by a grey map centred on 128 (a soft-light blend in two blits)."""
    light = greys.copy()
    light.fill((128, 128, 128), special_flags=pygame.BLEND_RGB_SUB)
    dark = pygame.Surface(greys.get_size())
    dark.fill((128, 128, 128))
    dark.blit(greys, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    surface.blit(light, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    surface.blit(dark, (0, 0), special_flags=pygame.BLEND_RGB_SUB)


@lru_cache(maxsize=1)
def _grain_tile() -> pygame.Surface:
    """The baize's fine grain, made once and tiled: its cost does not grow with the window."""
    return _mottle((384, 384), (128, 128), 9, 5)


def _grain(size: tuple[int, int]) -> pygame.Surface:
    tile = _grain_tile()
    out = pygame.Surface(size)
    for y in range(0, size[1], tile.get_height()):
        for x in range(0, size[0], tile.get_width()):
            out.blit(tile, (x, y))
    return out


def felt(size: tuple[int, int]) -> pygame.Surface:
    """Baize the size of the table: mottled, finely grained, darker towards the rim (kept only inside
    `table_top`'s cache)."""
    w, h = max(8, size[0]), max(8, size[1])
    s = pygame.Surface((w, h))
    s.fill(FELT)
    _shade(s, _mottle((w, h), (max(2, w // 90), max(2, h // 90)), 5, 7))
    _shade(s, _grain((w, h)))
    # A vignette: the lamp over the table lights its middle.
    shade = pygame.Surface((w, h), pygame.SRCALPHA)
    steps = 18
    for i in range(steps):
        inset = int(min(w, h) * 0.22 * i / steps)
        alpha = int(70 * (1 - i / steps) ** 2)
        pygame.draw.rect(shade, (0, 0, 0, alpha), (inset, inset, w - 2 * inset, h - 2 * inset), width=max(2, w // 60))
    s.blit(shade, (0, 0))
    return s


@lru_cache(maxsize=2)
def table_top(size: tuple[int, int], scale: float = 1.0) -> pygame.Surface:
    """The whole table: a wooden rim with its grain and a bevel, the felt inside it."""
    w, h = max(40, size[0]), max(40, size[1])
    rim = max(8, int(RIM * scale))
    s = pygame.Surface((w, h))
    s.fill(WOOD)
    values = _values(17)
    # Grain: long wavy streaks along the boards, lighter and darker.
    for y in range(0, h, 3):
        tone = int((next(values) - 0.5) * 26)
        colour = tuple(max(0, min(255, c + tone)) for c in WOOD)
        wave = next(values) * 6
        points = [(x, y + math.sin(x / 90 + wave) * 2) for x in range(0, w + 40, 40)]
        pygame.draw.lines(s, colour, False, points, 2)
    inner = pygame.Rect(rim, rim, w - 2 * rim, h - 2 * rim)
    pygame.draw.rect(s, (150, 104, 62), s.get_rect(), 2, border_radius=rim)  # the rim's outer highlight
    pygame.draw.rect(s, (58, 34, 18), inner.inflate(6, 6), 3, border_radius=rim + 2)  # where the felt dips in
    s.blit(felt(inner.size), inner.topleft)
    pygame.draw.rect(s, (20, 40, 32), inner, 2)
    return s


@lru_cache(maxsize=96)
def card_shadow(size: tuple[int, int], radius: int, lift: int = 0) -> pygame.Surface:
    """A soft shadow for a card of `size`: a few widening translucent rounded rects."""
    pad = 4 + lift // 2
    s = pygame.Surface((size[0] + 2 * pad, size[1] + 2 * pad), pygame.SRCALPHA)
    for i in range(pad, 0, -1):
        alpha = int(120 * (1 - i / (pad + 1)) / pad * 2)
        rect = s.get_rect().inflate(-2 * (pad - i), -2 * (pad - i))
        pygame.draw.rect(s, (0, 0, 0, min(90, alpha)), rect, border_radius=radius + i)
    return s


def stack_depth(count: int) -> int:
    """How many card edges show under the top of a pile of `count`: thicker piles look thicker."""
    if count <= 1:
        return 0
    return min(6, 1 + count // 10)


def draw_stack(surface: pygame.Surface, top: pygame.Surface, rect: pygame.Rect, count: int) -> pygame.Rect:
    """A pile of `count` cards with `top` on top: edges show below and to the right, a shadow under all."""
    depth = stack_depth(count)
    radius = max(4, rect.w // 16)
    shadow = card_shadow(rect.size, radius, depth)
    pad = (shadow.get_width() - rect.w) // 2
    surface.blit(shadow, (rect.x - pad + 2 + depth // 2, rect.y - pad + 3 + 2 * depth))
    for i in range(depth, 0, -1):
        edge = rect.move(i // 2, 2 * i)
        tone = 226 - 30 * (i % 2)
        pygame.draw.rect(surface, (tone, tone - 8, tone - 26), edge, border_radius=radius)
        pygame.draw.rect(surface, (70, 60, 48), edge, 1, border_radius=radius)
    surface.blit(top, rect.topleft)
    return rect


def draw_empty_pile(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """Where a discard pile will lie: a faint outline pressed into the felt."""
    pygame.draw.rect(surface, (18, 44, 34), rect, border_radius=max(4, rect.w // 16))
    pygame.draw.rect(surface, (60, 100, 84), rect, 1, border_radius=max(4, rect.w // 16))


def lying(surface: pygame.Surface, img: pygame.Surface, rect: pygame.Rect) -> None:
    """A card lying flat on the table at `rect`, with its soft shadow."""
    radius = max(4, min(rect.w, rect.h) // 14)
    shadow = card_shadow(rect.size, radius)
    pad = (shadow.get_width() - rect.w) // 2
    surface.blit(shadow, (rect.x - pad + 2, rect.y - pad + 3))
    surface.blit(img, rect.topleft)
