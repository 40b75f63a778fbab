"""Overlays over a table: a zoomed card, a choice menu, a dialog and the hot-seat "pass the screen" cover."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from ..render.cards import Face, draw_face
from ..ui import theme
from ..ui.text import render_block, render_line
from ..ui.widgets import Button, Dialog, panel
from .base import Scene

if TYPE_CHECKING:
    from ..app import App


def _shade(surface: pygame.Surface, alpha: int = 160) -> None:
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((0, 0, 0, alpha))
    surface.blit(shade, (0, 0))


class ZoomOverlay(Scene):
    """One card at readable size with its whole text; any click or key puts it away."""

    opaque = False
    name = "zoom"

    def __init__(self, app: App, face: Face, note: str = "") -> None:
        super().__init__(app)
        self.face, self.note = face, note
        self.card_w = 300

    def layout(self, size: tuple[int, int]) -> None:
        # As tall as the window allows, keeping room for the note underneath.
        self.card_w = max(220, min(int(size[1] * 0.78 / 1.4), size[0] // 2))

    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.app.remove(self)
            return None
        return event

    def draw(self, surface: pygame.Surface) -> None:
        _shade(surface)
        img = draw_face(self.face, self.card_w)
        rect = img.get_rect(center=(surface.get_width() // 2, surface.get_height() // 2 - 16))
        surface.blit(img, rect)
        hint = self.note or "Click anywhere to put the card back"
        line = render_line(hint, surface.get_width() - 40, 18, theme.TEXT_DIM)
        surface.blit(line, line.get_rect(midtop=(rect.centerx, rect.bottom + 8)))


@dataclass
class Option:
    label: str
    on_choose: Callable[[], None]
    enabled: bool = True
    reason: str = ""
    key: object = None  # what the option stands for (an action), so the autoplayer can find it


class ChoiceOverlay(Scene):
    """A titled list of choices (the actions of a card, the variants of an action); Escape cancels."""

    opaque = False
    name = "choice"

    def __init__(
        self,
        app: App,
        title: str,
        options: Sequence[Option],
        anchor: tuple[int, int] | None = None,
        face: Face | None = None,
    ) -> None:
        super().__init__(app)
        self.title, self.options, self.anchor, self.face = title, list(options), anchor, face
        self.box = pygame.Rect(0, 0, 10, 10)
        self.scroll = 0

    def layout(self, size: tuple[int, int]) -> None:
        row = 44
        width = min(560, size[0] - 40)
        visible = max(1, min(len(self.options) + 1, (size[1] - 120) // (row + 6)))
        card_w = 200 if self.face is not None and size[0] >= 1000 else 0
        height = max(64 + visible * (row + 6), 72 + int(card_w * 1.4))  # the card shown beside fits in the box
        self.box = pygame.Rect(0, 0, width + (card_w + 20 if card_w else 0), height)
        self.box.center = (size[0] // 2, size[1] // 2)
        if self.anchor is not None:
            self.box.midbottom = (self.anchor[0], self.anchor[1] - 10)
            self.box.clamp_ip(pygame.Rect(0, 0, *size).inflate(-20, -20))
        self.card_w = card_w
        self.visible = visible
        self._place_buttons()

    def _place_buttons(self) -> None:
        x = self.box.x + 16 + (self.card_w + 20 if self.card_w else 0)
        w = self.box.right - 16 - x
        self.widgets = []
        shown = self.options[self.scroll : self.scroll + self.visible - 1]
        y = self.box.y + 56
        for option in shown:
            button = Button((x, y, w, 44), option.label, option.on_choose and self._chooser(option), size=18)
            button.set_enabled(option.enabled, option.reason)
            button.tooltip = option.label
            self.widgets.append(button)
            y += 50
        self.widgets.append(
            Button((x, y, w, 44), "Cancel", self.close, hotkey=pygame.K_ESCAPE, size=18, colour=(90, 70, 70))
        )

    def still_legal(self, keys: set[object]) -> None:
        """Grey out the choices the game moved past while the menu was open."""
        for option in self.options:
            if option.key is not None and option.key not in keys:
                option.enabled, option.reason = False, "No longer possible: the table moved on"
        self._place_buttons()

    def _chooser(self, option: Option) -> Callable[[], None]:
        def choose() -> None:
            self.close()
            option.on_choose()

        return choose

    def close(self) -> None:
        self.app.remove(self)

    def option_rect(self, key: object) -> pygame.Rect | None:
        shown = self.options[self.scroll : self.scroll + self.visible - 1]
        for option, button in zip(shown, self.widgets, strict=False):
            if option.key == key:
                return button.rect
        if any(o.key == key for o in self.options):
            # Off the visible page: scroll it into view first (the autoplayer clicks again next frame).
            index = next(i for i, o in enumerate(self.options) if o.key == key)
            self.scroll = max(0, min(index, len(self.options) - (self.visible - 1)))
            self._place_buttons()
        return None

    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.MOUSEWHEEL and len(self.options) > self.visible - 1:
            self.scroll = max(0, min(len(self.options) - (self.visible - 1), self.scroll - event.y))
            self._place_buttons()
            return None
        if super().handle(event) is None:
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and not self.box.collidepoint(event.pos):
            self.close()
        return None

    def draw(self, surface: pygame.Surface) -> None:
        _shade(surface, 110)
        panel(surface, self.box, radius=12)
        title = render_line(self.title, self.box.w - 32, 24, theme.ACCENT, "bold")
        surface.blit(title, (self.box.x + 16, self.box.y + 16))
        if self.face is not None and self.card_w:
            surface.blit(draw_face(self.face, self.card_w), (self.box.x + 16, self.box.y + 56))
        super().draw(surface)
        if len(self.options) > self.visible - 1:
            more = render_line(
                f"{self.scroll + 1}-{min(len(self.options), self.scroll + self.visible - 1)} of "
                f"{len(self.options)} (scroll for more)",
                self.box.w - 32,
                15,
                theme.TEXT_DIM,
            )
            surface.blit(more, (self.box.right - more.get_width() - 16, self.box.y + 22))


class DialogOverlay(Scene):
    """A modal message with buttons."""

    opaque = False
    name = "dialog"

    def __init__(self, app: App, title: str, message: str, choices: Sequence[tuple[str, Callable[[], None]]]) -> None:
        super().__init__(app)
        wrapped = [(label, self._wrap(handler)) for label, handler in choices]
        self.dialog = Dialog(title, message, wrapped)
        self.widgets = [self.dialog]

    def _wrap(self, handler: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            self.app.remove(self)
            handler()

        return run

    def layout(self, size: tuple[int, int]) -> None:
        self.dialog.layout(pygame.Rect(0, 0, *size))

    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        self.dialog.handle(event)
        return None


class CoverOverlay(Scene):
    """Hot-seat: hides every hand until the named player says they have the screen; `reason` says why it is
    theirs now ("Carol asks for your help")."""

    opaque = True
    name = "cover"

    def __init__(
        self, app: App, player: str, colour: theme.Colour, on_ready: Callable[[], None], reason: str = ""
    ) -> None:
        super().__init__(app)
        self.player, self.colour, self.on_ready, self.reason = player, colour, on_ready, reason
        self.button = Button((0, 0, 320, 56), f"I am {player}: show my cards", self._ready, hotkey=pygame.K_RETURN)
        self.widgets = [self.button]

    def _ready(self) -> None:
        self.app.remove(self)
        self.on_ready()

    def layout(self, size: tuple[int, int]) -> None:
        self.button.rect.center = (size[0] // 2, size[1] // 2 + 96)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        w, h = surface.get_size()
        pygame.draw.circle(surface, self.colour, (w // 2, h // 2 - 110), 40)
        title = render_block(
            f"Pass the screen to {self.player}", w - 80, 60, 40, theme.TEXT, style="bold", align="center"
        )
        surface.blit(title, (40, h // 2 - 50))
        if self.reason:
            line = render_block(self.reason, w - 80, 30, 24, theme.ACCENT, align="center", min_size=14)
            surface.blit(line, (40, h // 2 + 16))
        super().draw(surface)
