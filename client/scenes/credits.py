"""The credits: who drew the card pictures and who made the typefaces, under which licences (CC BY asks it)."""

from __future__ import annotations

import tomllib
from collections import Counter
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING

import pygame

from ..render.icons import tinted_picture
from ..ui import theme
from ..ui.text import render_block, render_line
from ..ui.widgets import Button, panel
from .base import Scene

if TYPE_CHECKING:
    from ..app import App

SAMPLES = 8  # pictures shown beside each author's name


@dataclass(frozen=True)
class Credits:
    source: dict[str, str]  # where the pictures come from: name, url, licence, licence_url, changes
    authors: tuple[tuple[str, tuple[str, ...]], ...]  # each author, most pictures first, with theirs
    fonts: tuple[dict[str, str], ...]  # assets/fonts/fonts.toml


@cache
def read_credits() -> Credits:
    """The credits as the shipped files record them (assets/art/pictures.toml, assets/fonts/fonts.toml)."""
    assets = resources.files("doorkick.assets")
    pictures = tomllib.loads((assets / "art" / "pictures.toml").read_text("utf-8"))
    by_author: dict[str, list[str]] = {}
    for name, author in sorted(pictures.get("authors", {}).items()):
        by_author.setdefault(author, []).append(name)
    counts = Counter({a: len(n) for a, n in by_author.items()})
    authors = tuple((a, tuple(by_author[a])) for a, _ in counts.most_common())
    fonts = tomllib.loads((assets / "fonts" / "fonts.toml").read_text("utf-8")).get("fonts", [])
    return Credits(dict(pictures.get("source", {})), authors, tuple(fonts))


class CreditsScene(Scene):
    """A page of thanks; Back (or Escape) returns to the screen it was opened from."""

    name = "credits"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.credits = read_credits()
        self.back = Button((0, 0, 220, 48), "Back", self.close, hotkey=pygame.K_ESCAPE)
        self.widgets = [self.back]

    def close(self) -> None:
        self.app.pop()

    def layout(self, size: tuple[int, int]) -> None:
        self.back.rect.midbottom = (size[0] // 2, size[1] - 24)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        w = surface.get_width()
        title = render_line("Credits", w - 80, 52, theme.ACCENT, "title")
        surface.blit(title, title.get_rect(midtop=(w // 2, 16)))
        top, bottom = 90, self.back.rect.y - 16
        split = w * 3 // 5
        left = pygame.Rect(40, top, split - 60, bottom - top)
        right = pygame.Rect(split, top, w - split - 40, bottom - top)
        panel(surface, left)
        panel(surface, right)
        self._draw_pictures(surface, left.inflate(-32, -24))
        self._draw_fonts(surface, right.inflate(-32, -24))
        super().draw(surface)

    def _draw_pictures(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        src = self.credits.source
        y = _heading(surface, "Card pictures", box.x, box.y, box.w)
        names = [a for a, _ in self.credits.authors]
        lead = (
            f"Icons made by {', '.join(names[:-1])} and {names[-1]}, from {src.get('name', 'game-icons.net')} "
            f"({src.get('url', '')}), under {src.get('licence', 'CC BY 3.0')} ({src.get('licence_url', '')}); "
            f"{src.get('changes', '')} by DoorKick."
        )
        img = render_block(lead, box.w, 84, 17, theme.TEXT, min_size=12)
        surface.blit(img, (box.x, y))
        y += 92
        row_h = max(22, min(34, (box.bottom - y) // max(1, len(self.credits.authors))))
        icon = row_h - 6
        for author, pictures in self.credits.authors:
            if y + row_h > box.bottom:
                break
            label = render_line(f"{author} · {len(pictures)}", box.w // 3, row_h * 3 // 5, theme.TEXT, "bold")
            surface.blit(label, label.get_rect(midleft=(box.x, y + row_h // 2)))
            x = box.x + box.w // 3 + 8
            for name in pictures[:SAMPLES]:
                picture = tinted_picture(name, icon, theme.PARCHMENT)
                if picture is not None and x + icon <= box.right:
                    surface.blit(picture, (x, y + 3))
                x += icon + 6
            y += row_h

    def _draw_fonts(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        y = _heading(surface, "Typefaces", box.x, box.y, box.w)
        families: dict[str, dict[str, str]] = {}
        for font in self.credits.fonts:
            families.setdefault(font["family"], font)
        for family, font in families.items():
            style = "title" if "heading" in font.get("use", "") else "regular"
            name = render_line(family, box.w, 26, theme.TEXT, style)
            surface.blit(name, (box.x, y))
            y += name.get_height() + 2
            about = f"by {font['author']}, for {font['use']}. {font['licence']}."
            img = render_block(about, box.w, 48, 16, theme.TEXT_DIM, min_size=12)
            surface.blit(img, (box.x, y))
            y += 56
        y = _heading(surface, "The game", box.x, y + 8, box.w)
        words = "DoorKick's cards, their names and texts, and its rules texts are written for DoorKick."
        surface.blit(render_block(words, box.w, box.bottom - y, 16, theme.TEXT_DIM, min_size=12), (box.x, y))


def _heading(surface: pygame.Surface, text: str, x: int, y: int, width: int) -> int:
    img = render_line(text, width, 30, theme.ACCENT, "title")
    surface.blit(img, (x, y))
    return y + img.get_height() + 6
