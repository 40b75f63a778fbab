"""Text that fits its box: wrap at words, shrink the size, and as a last resort end with an ellipsis."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from . import theme


def wrap(text: str, f: pygame.font.Font, width: int) -> list[str]:
    """Split `text` into lines no wider than `width`; a word wider than the box is cut by characters."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            if f.size(candidate)[0] <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
            while f.size(word)[0] > width and len(word) > 1:
                cut = len(word) - 1
                while cut > 1 and f.size(word[:cut])[0] > width:
                    cut -= 1
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    return lines


@dataclass(frozen=True)
class Fitted:
    size: int
    lines: tuple[str, ...]
    truncated: bool


@lru_cache(maxsize=4096)
def fit(text: str, width: int, height: int, max_size: int, min_size: int = 9, style: str = "regular") -> Fitted:
    """The largest size from `max_size` down to `min_size` at which the wrapped text fits the box."""
    width, height = max(1, width), max(1, height)
    size = max_size
    while True:
        f = theme.font(size, style)
        lines = wrap(text, f, width)
        if len(lines) * f.get_linesize() <= height or size <= min_size:
            break
        size = max(min_size, size - max(1, size // 10))
    f = theme.font(size, style)
    keep = max(1, height // f.get_linesize())
    if len(lines) <= keep:
        return Fitted(size, tuple(lines), False)
    kept = lines[:keep]
    last = kept[-1] + "…"
    while f.size(last)[0] > width and len(last) > 1:
        last = last[:-2] + "…"
    kept[-1] = last
    return Fitted(size, tuple(kept), True)


@lru_cache(maxsize=2048)
def render_block(
    text: str,
    width: int,
    height: int,
    max_size: int,
    colour: theme.Colour,
    min_size: int = 9,
    style: str = "regular",
    align: str = "left",
) -> pygame.Surface:
    """A transparent surface of exactly (width, height) holding the fitted text, top-aligned."""
    fitted = fit(text, width, height, max_size, min_size, style)
    f = theme.font(fitted.size, style)
    surface = pygame.Surface((max(1, width), max(1, height)), pygame.SRCALPHA)
    y = 0
    for line in fitted.lines:
        img = f.render(line, True, colour)
        x = {"left": 0, "center": (width - img.get_width()) // 2, "right": width - img.get_width()}[align]
        surface.blit(img, (x, y))
        y += f.get_linesize()
    return surface


@lru_cache(maxsize=2048)
def line_size(text: str, width: int, max_size: int, style: str = "regular", min_size: int = 8) -> int:
    """The size `render_line` draws `text` at: the largest from `max_size` down to `min_size` that fits `width`."""
    size = max_size
    while theme.font(size, style).size(text)[0] > width and size > min_size:
        size -= 1
    return size


def render_line(
    text: str, width: int, max_size: int, colour: theme.Colour, style: str = "regular", min_size: int = 8
) -> pygame.Surface:
    """One line shrunk (then ellipsised) until it is no wider than `width`."""
    f = theme.font(line_size(text, width, max_size, style, min_size), style)
    shown = text
    while f.size(shown)[0] > width and len(shown) > 1:
        shown = shown[:-2] + "…"
    return f.render(shown, True, colour)


def blit_centered(surface: pygame.Surface, img: pygame.Surface, center: tuple[int, int]) -> None:
    surface.blit(img, img.get_rect(center=center))
