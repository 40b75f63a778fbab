"""Overlays over a table: a zoomed card, a choice menu, a dialog and the hot-seat "pass the screen" cover."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from ..render.cards import Face, draw_face
from ..ui import theme
from ..ui.text import render_block, render_line
from ..ui.widgets import Button, Clock, Dialog, panel, shade
from .base import Box, Scene

if TYPE_CHECKING:
    from ..app import App


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

    def card_rect(self, size: tuple[int, int]) -> pygame.Rect:
        rect = pygame.Rect(0, 0, self.card_w, round(self.card_w * 1.4))
        rect.center = (size[0] // 2, size[1] // 2 - 16)
        return rect

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface, 160)
        img = draw_face(self.face, self.card_w)
        rect = img.get_rect(center=self.card_rect(surface.get_size()).center)
        surface.blit(img, rect)
        hint = self.note or "Click anywhere to put the card back"
        line = render_line(hint, surface.get_width() - 40, 18, theme.TEXT_DIM)
        surface.blit(line, line.get_rect(midtop=(rect.centerx, rect.bottom + 8)))

    def layout_boxes(self) -> list[Box]:
        size = self.app.screen.get_size()
        card = self.card_rect(size)
        return [("card", card), ("note", pygame.Rect(20, card.bottom + 8, size[0] - 40, 22))]


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
        clock: Clock | None = None,
        clear_of: pygame.Rect | None = None,
    ) -> None:
        """`clear_of`: a part of the screen the menu must leave in sight, undimmed (the board's paths while the
        player chooses between them)."""
        super().__init__(app)
        self.title, self.options, self.anchor, self.face = title, list(options), anchor, face
        self.clock = clock  # with it, an entry that opened or changed under the pointer waits before it takes a click
        self.clear_of = clear_of
        self.box = pygame.Rect(0, 0, 10, 10)
        self.scroll = 0

    def shown_label(self, option: Option) -> str:
        """An option under the menu's title says only what it adds: "Fight Dust Bunny" under "Look for trouble"."""
        said = f"{self.title}: "
        if option.label.startswith(said) and len(option.label) > len(said):
            rest = option.label[len(said) :]
            return rest[0].upper() + rest[1:]
        return option.label

    def layout(self, size: tuple[int, int]) -> None:
        row = 44
        visible = max(1, min(len(self.options) + 1, (size[1] - 120) // (row + 6)))
        card_w = 280 if self.face is not None and size[0] >= 1000 else 0  # its words readable at a glance
        beside = card_w + 20 if card_w else 0
        height = max(64 + visible * (row + 6), 72 + int(card_w * 1.4))  # the card shown beside fits in the box
        # Over the table when it fits there (the sidebar stays readable), its entries at least 400 wide.
        area = self.app.modal_area((400 + beside, height))
        self.box = pygame.Rect(0, 0, min(560, area.w - 40 - beside) + beside, height)
        self.box.center = area.center
        aside = beside_part(area, self.clear_of, self.box.size, self.anchor) if self.clear_of is not None else None
        if aside is not None:
            self.box = aside
        elif self.anchor is not None:
            self.box.midbottom = (self.anchor[0], self.anchor[1] - 10)
            self.box.clamp_ip(area.inflate(-20, -20))
        self.card_w = card_w
        self.visible = visible
        self._place_buttons()

    def _place_buttons(self) -> None:
        x = self.box.x + 16 + (self.card_w + 20 if self.card_w else 0)
        w = self.box.right - 16 - x
        before = self.widgets
        self.widgets = []
        shown = self.options[self.scroll : self.scroll + self.visible - 1]
        size = _one_size([self.shown_label(o) for o in shown], w - 12)
        y = self.box.y + 56
        for option in shown:
            button = Button((x, y, w, 44), self.shown_label(option), self._chooser(option), size=size, clock=self.clock)
            button.set_enabled(option.enabled, option.reason)
            button.tooltip = option.label
            self.widgets.append(button)
            y += 50
        self.widgets.append(
            Button(
                (x, y, w, 44), "Close this menu", self.close, "", pygame.K_ESCAPE, size, (90, 70, 70), clock=self.clock
            )
        )
        for i, widget in enumerate(self.widgets):
            if isinstance(widget, Button):
                widget.appeared()
                old = before[i] if i < len(before) else None
                if isinstance(old, Button):
                    widget.take_over(old)

    def hovered_key(self) -> object:
        """What the entry under the pointer stands for (its action), if any."""
        shown = self.options[self.scroll : self.scroll + self.visible - 1]
        return next((o.key for o, w in zip(shown, self.widgets, strict=False) if w.hovered()), None)

    def still_legal(self, keys: AbstractSet[object]) -> None:
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
        if self.clear_of is not None and not self.clear_of.colliderect(self.box):
            keep = surface.subsurface(self.clear_of.clip(surface.get_rect())).copy()
            shade(surface, 110)
            surface.blit(keep, self.clear_of.topleft)
        else:
            shade(surface, 110)
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

    def layout_boxes(self) -> list[Box]:
        boxes: list[Box] = [("menu", self.box.copy())]
        boxes.append(("menu/title", pygame.Rect(self.box.x + 16, self.box.y + 16, self.box.w - 32, 30)))
        if self.face is not None and self.card_w:
            boxes.append(
                ("menu/card", pygame.Rect(self.box.x + 16, self.box.y + 56, self.card_w, round(self.card_w * 1.4)))
            )
        boxes += [(f"menu/button:{i}", w.rect.copy()) for i, w in enumerate(self.widgets)]
        return boxes


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
        self.dialog.layout(self.app.modal_area(self.dialog.rect.size))

    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        self.dialog.handle(event)
        return None

    def layout_boxes(self) -> list[Box]:
        return [("dialog", self.dialog.rect.copy())] + [
            (f"dialog/button:{b.label.replace('/', '|')}", b.rect.copy()) for b in self.dialog.buttons
        ]


class ConfirmOverlay(Scene):
    """Before an action gives up several cards at once: the cards that will go, and one question."""

    opaque = False
    name = "confirm"

    def __init__(self, app: App, action: str, faces: Sequence[Face], on_yes: Callable[[], None]) -> None:
        super().__init__(app)
        self.action, self.faces, self.on_yes = action, list(faces), on_yes
        self.dialog = Dialog(
            f"{len(self.faces)} cards will go",
            "",  # the cards are named and shown by `draw`
            [("Go ahead", self._yes), ("Keep them", self.close)],
            size=(760, 440),
            clock=self._clock,
        )
        self.widgets = [self.dialog]
        self.card_w = 110

    def _clock(self) -> float:
        return float(self.app.elapsed)

    def _yes(self) -> None:
        self.close()
        self.on_yes()

    def close(self) -> None:
        self.app.remove(self)

    def layout(self, size: tuple[int, int]) -> None:
        area = self.app.modal_area((600, min(440, size[1] - 40)))
        self.dialog.rect.size = (min(760, area.w - 40), min(440, size[1] - 40))
        self.dialog.layout(area)
        room = self.dialog.rect.w - 40
        self.card_w = max(40, min(110, (room - 8 * (len(self.faces) - 1)) // max(1, len(self.faces))))

    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return None
        self.dialog.handle(event)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        self.dialog.draw(surface)
        box = self.dialog.rect
        lines = render_block(self.action, box.w - 40, 48, 18, theme.TEXT)
        surface.blit(lines, (box.x + 20, box.y + 58))
        x, y = box.x + 20, box.y + 112
        for face in self.faces:
            surface.blit(draw_face(face, self.card_w), (x, y))
            x += self.card_w + 8


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

    def layout_boxes(self) -> list[Box]:
        w, h = self.app.screen.get_size()
        return [("title", pygame.Rect(40, h // 2 - 50, w - 80, 60)), ("button", self.button.rect.copy())]

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


MENU_LEAST_W = 260  # a menu beside what it leaves in sight is at least this wide


def beside_part(
    area: pygame.Rect, keep: pygame.Rect, size: tuple[int, int], anchor: tuple[int, int] | None
) -> pygame.Rect | None:
    """A menu of `size` in `area` clear of `keep`: in the roomiest strip left, right, above or below it that
    holds the menu's height (narrowed to fit, down to `MENU_LEAST_W`), as near the anchor as the strip allows;
    None when no strip holds it."""
    w, h = size
    strips = [
        pygame.Rect(area.x, area.y, keep.x - area.x, area.h),
        pygame.Rect(keep.right, area.y, area.right - keep.right, area.h),
        pygame.Rect(area.x, area.y, area.w, keep.y - area.y),
        pygame.Rect(area.x, keep.bottom, area.w, area.bottom - keep.bottom),
    ]
    fits = [s.inflate(-20, -20) for s in strips if s.w - 20 >= MENU_LEAST_W and s.h - 20 >= h]
    if not fits:
        return None
    strip = max(fits, key=lambda s: min(s.w, w))
    box = pygame.Rect(0, 0, min(w, strip.w), h)
    box.center = anchor if anchor is not None else strip.center
    return box.clamp(strip)


def _one_size(labels: Sequence[str], width: int, largest: int = 18, smallest: int = 14) -> int:
    """One text size for every choice of a menu, so the choices read as one list: the largest at which each fits
    on one line, else the size a button wraps a long label at (15) for all of them."""
    for size in range(largest, smallest - 1, -1):
        font = theme.font(size, "bold")
        if all(font.size(label)[0] <= width for label in labels):
            return size
    return 15
