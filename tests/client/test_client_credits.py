"""The credits screen is a click away in the server browser and thanks every author; text uses the bundled fonts."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pygame

from doorkick.client.scenes.browser import BrowserScene
from doorkick.client.scenes.credits import CreditsScene, read_credits
from doorkick.client.ui import theme

ASSETS = Path(__file__).resolve().parents[2] / "assets"


class NoLan:
    """A browser that finds nothing: these tests need no network."""

    error = ""

    def found(self) -> list[Any]:
        return []

    def close(self) -> None:
        pass


def click(app: Any, pos: tuple[int, int]) -> None:
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos)
    up = pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos)
    app.step(1 / 60, [down, up])


def test_the_browsers_credits_button_opens_the_credits_and_escape_closes_them(app: Any) -> None:
    browser = app.push(BrowserScene(app, lambda *_: None, lambda: None, 47474, NoLan()))
    app.step(1 / 60, [])

    click(app, browser.credits_button.rect.center)

    assert isinstance(app.top, CreditsScene)
    app.screenshot("credits")
    app.step(1 / 60, [])
    app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")])
    assert app.top is browser


def test_the_credits_thank_every_author_and_name_the_licences() -> None:
    recorded = tomllib.loads((ASSETS / "art" / "pictures.toml").read_text("utf-8"))
    credits = read_credits()
    assert {a for a, _ in credits.authors} == set(recorded["authors"].values())
    assert sum(len(p) for _, p in credits.authors) == len(recorded["authors"])
    assert credits.source["licence"] == "CC BY 3.0"
    assert {f["family"] for f in credits.fonts} == {"Linux Biolinum", "Yanone Kaffeesatz"}


def test_text_is_set_in_the_bundled_faces() -> None:
    for style in ("regular", "bold", "condensed", "title"):
        path = Path(theme.font_file(style))
        assert path.parent == ASSETS / "fonts" and path.is_file(), style
        assert theme.font(18, style).size("Door") != (0, 0)
    assert theme.font_file("title") != theme.font_file("regular")  # the title face has a character of its own
