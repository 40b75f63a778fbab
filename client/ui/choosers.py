"""Widgets that hold a choice: an on/off toggle, a stepper over a list of values, a segmented pick, a checklist."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from . import theme
from .text import render_block, render_line
from .widgets import Widget, panel

Refusal = Callable[[Any], str]  # the reason a value may not be chosen now, or "" when it may


def _clicked(widget: Widget, event: pygame.event.Event) -> bool:
    """A left click inside the widget (the press is taken on button up so a drag off it cancels nothing)."""
    return (
        widget.visible
        and event.type == pygame.MOUSEBUTTONDOWN
        and event.button == 1
        and widget.rect.collidepoint(event.pos)
    )


class Toggle(Widget):
    """A switch with its description beside it: a click anywhere on the row flips it."""

    def __init__(
        self,
        rect: pygame.Rect | tuple[int, int, int, int],
        label: str,
        value: bool = False,
        on_change: Callable[[bool], None] | None = None,
        tooltip: str = "",
        size: int = 17,
    ) -> None:
        super().__init__(rect, tooltip)
        self.label, self.value, self.on_change, self.size = label, value, on_change, size
        self.marked = False  # drawn with a small dot: the value was chosen, not a default

    def switch_rect(self) -> pygame.Rect:
        h = min(26, self.rect.h - 6)
        return pygame.Rect(self.rect.x + 4, self.rect.centery - h // 2, int(h * 1.9), h)

    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if not _clicked(self, event):
            return event
        if self.enabled:
            self.value = not self.value
            if self.on_change is not None:
                self.on_change(self.value)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        if self.hovered() and self.enabled:
            pygame.draw.rect(surface, (48, 56, 72), self.rect, border_radius=6)
        sw = self.switch_rect()
        on = self.value
        track = theme.SKY if on and self.enabled else (theme.BUTTON_OFF if not self.enabled else (70, 74, 86))
        pygame.draw.rect(surface, track, sw, border_radius=sw.h // 2)
        pygame.draw.rect(surface, theme.PANEL_EDGE, sw, 1, border_radius=sw.h // 2)
        knob_x = sw.right - sw.h // 2 if on else sw.x + sw.h // 2
        pygame.draw.circle(surface, theme.TEXT, (knob_x, sw.centery), sw.h // 2 - 3)
        # Colour is never the only cue: the state is also written.
        state = render_line("on" if on else "off", sw.w - sw.h, 12, theme.TEXT_DARK if on else theme.TEXT, "bold")
        spot = (sw.x + (sw.w - sw.h) // 2 + 2, sw.centery) if on else (sw.right - (sw.w - sw.h) // 2 - 2, sw.centery)
        surface.blit(state, state.get_rect(center=spot))
        x = sw.right + 10
        colour = theme.TEXT if self.enabled else theme.TEXT_DIM
        text = render_block(self.label, self.rect.right - x - 18, self.rect.h - 4, self.size, colour, min_size=11)
        used = text.get_bounding_rect()
        surface.blit(text, (x, self.rect.centery - (used.bottom + used.top) // 2))
        if self.marked:
            _chosen_mark(surface, self.rect)


def _chosen_mark(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A dot at the row's right end: this value was chosen by hand, not taken from the defaults."""
    pygame.draw.circle(surface, theme.ACCENT, (rect.right - 8, rect.centery), 5)
    pygame.draw.circle(surface, theme.TEXT, (rect.right - 8, rect.centery), 5, 1)


class Stepper(Widget):
    """A value from a fixed list with − and + buttons, and its description beside it."""

    def __init__(
        self,
        rect: pygame.Rect | tuple[int, int, int, int],
        label: str,
        values: Sequence[Any],
        value: Any,
        on_change: Callable[[Any], None] | None = None,
        fmt: Callable[[Any], str] = str,
        tooltip: str = "",
        size: int = 17,
        box_w: int = 130,
    ) -> None:
        super().__init__(rect, tooltip)
        self.label, self.on_change, self.fmt, self.size, self.box_w = label, on_change, fmt, size, box_w
        self.values: list[Any] = list(values)
        self.value = value
        self.set_value(value)
        self.marked = False

    def set_value(self, value: Any) -> None:
        """Show `value`, adding it to the list in order if it is not one of the steps (a pack's default)."""
        if value not in self.values:
            self.values = sorted([*self.values, value])
        self.value = value

    def set_range(self, values: Sequence[Any]) -> None:
        self.values = list(values)
        if self.value not in self.values and self.values:
            self.value = min(self.values, key=lambda v: abs(v - self.value))

    def parts(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """The − button, the value and the + button."""
        h = min(32, self.rect.h - 4)
        y = self.rect.centery - h // 2
        minus = pygame.Rect(self.rect.x + 2, y, h, h)
        plus = pygame.Rect(self.rect.x + self.box_w - h - 2, y, h, h)
        return minus, pygame.Rect(minus.right, y, plus.x - minus.right, h), plus

    def _index(self) -> int:
        return self.values.index(self.value) if self.value in self.values else 0

    def can_step(self, direction: int) -> bool:
        i = self._index() + direction
        return self.enabled and 0 <= i < len(self.values)

    def step(self, direction: int) -> None:
        if self.can_step(direction):
            self.value = self.values[self._index() + direction]
            if self.on_change is not None:
                self.on_change(self.value)

    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if not _clicked(self, event):
            return event
        minus, _, plus = self.parts()
        if minus.collidepoint(event.pos):
            self.step(-1)
        elif plus.collidepoint(event.pos):
            self.step(1)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        minus, middle, plus = self.parts()
        mouse = pygame.mouse.get_pos()
        for box, sign, direction in ((minus, "−", -1), (plus, "+", 1)):
            live = self.can_step(direction)
            fill = theme.BUTTON_OFF if not live else (theme.BUTTON_HOVER if box.collidepoint(mouse) else theme.BUTTON)
            pygame.draw.rect(surface, fill, box, border_radius=6)
            pygame.draw.rect(surface, theme.PANEL_EDGE, box, 1, border_radius=6)
            img = render_line(sign, box.w - 4, 20, theme.TEXT if live else theme.TEXT_DIM, "bold")
            surface.blit(img, img.get_rect(center=box.center))
        pygame.draw.rect(surface, (20, 22, 28), middle.inflate(-4, 0), border_radius=4)
        value = render_line(self.fmt(self.value), middle.w - 8, 18, theme.YELLOW, "bold")
        surface.blit(value, value.get_rect(center=middle.center))
        x = self.rect.x + self.box_w + 10
        if self.label:
            colour = theme.TEXT if self.enabled else theme.TEXT_DIM
            text = render_block(self.label, self.rect.right - x - 18, self.rect.h - 4, self.size, colour, min_size=11)
            used = text.get_bounding_rect()
            surface.blit(text, (x, self.rect.centery - (used.bottom + used.top) // 2))
        if self.marked:
            _chosen_mark(surface, self.rect)


class Segmented(Widget):
    """One of a few named choices side by side (the game); the chosen one is lit and underlined."""

    def __init__(
        self,
        rect: pygame.Rect | tuple[int, int, int, int],
        choices: Sequence[tuple[str, str]],  # (value, label)
        value: str,
        on_change: Callable[[str], None] | None = None,
        size: int = 18,
    ) -> None:
        super().__init__(rect)
        self.choices, self.value, self.on_change, self.size = list(choices), value, on_change, size

    def boxes(self) -> list[tuple[str, str, pygame.Rect]]:
        n = max(1, len(self.choices))
        w = (self.rect.w - 6 * (n - 1)) // n
        return [
            (value, label, pygame.Rect(self.rect.x + i * (w + 6), self.rect.y, w, self.rect.h))
            for i, (value, label) in enumerate(self.choices)
        ]

    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if not _clicked(self, event):
            return event
        for value, _, box in self.boxes():
            if box.collidepoint(event.pos) and self.enabled and value != self.value:
                self.value = value
                if self.on_change is not None:
                    self.on_change(value)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        mouse = pygame.mouse.get_pos()
        for value, label, box in self.boxes():
            chosen = value == self.value
            fill = theme.BUTTON if chosen else ((50, 56, 70) if box.collidepoint(mouse) else (36, 40, 50))
            pygame.draw.rect(surface, fill, box, border_radius=8)
            edge = theme.FOCUS if chosen else theme.PANEL_EDGE
            pygame.draw.rect(surface, edge, box, 2 if chosen else 1, border_radius=8)
            mark = "● " if chosen else "○ "
            colour = theme.TEXT if self.enabled or chosen else theme.TEXT_DIM
            img = render_line(mark + label, box.w - 12, self.size, colour, "bold" if chosen else "regular")
            surface.blit(img, img.get_rect(center=box.center))


@dataclass(frozen=True)
class Item:
    """One row of a checklist: its key, a title and a one-line description."""

    key: str
    title: str
    description: str = ""


class Checklist(Widget):
    """Rows with a tick box, a title and a dim description; a click flips a row unless `refuse` says why not."""

    def __init__(
        self,
        rect: pygame.Rect | tuple[int, int, int, int],
        items: Sequence[Item] = (),
        checked: Sequence[str] = (),
        on_change: Callable[[list[str]], None] | None = None,
        refuse: Refusal | None = None,
        row_h: int = 50,
    ) -> None:
        super().__init__(rect)
        self.items = list(items)
        self.checked = [k for k in checked if any(i.key == k for i in self.items)]
        self.on_change, self.refuse, self.row_h = on_change, refuse, row_h
        self.reason = ""  # why the last click changed nothing, shown under the rows by the owner

    def set_items(self, items: Sequence[Item], checked: Sequence[str]) -> None:
        self.items = list(items)
        self.checked = [k for k in checked if any(i.key == k for i in self.items)]
        self.reason = ""

    def row_rect(self, index: int) -> pygame.Rect:
        return pygame.Rect(self.rect.x, self.rect.y + index * self.row_h, self.rect.w, self.row_h - 4)

    def toggle(self, key: str) -> None:
        after = [k for k in self.checked if k != key] if key in self.checked else [*self.checked, key]
        after = [i.key for i in self.items if i.key in after]  # keep the list's own order
        reason = self.refuse(after) if self.refuse is not None else ""
        self.reason = reason
        if reason:
            return
        self.checked = after
        if self.on_change is not None:
            self.on_change(list(after))

    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if not _clicked(self, event):
            return event
        for i, item in enumerate(self.items):
            if self.row_rect(i).collidepoint(event.pos) and self.enabled:
                self.toggle(item.key)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        mouse = pygame.mouse.get_pos()
        for i, item in enumerate(self.items):
            row = self.row_rect(i)
            if row.bottom > self.rect.bottom + 4:
                break
            on = item.key in self.checked
            panel(surface, row, (48, 56, 72) if row.collidepoint(mouse) else (34, 38, 48), theme.PANEL_EDGE, 6)
            box = pygame.Rect(row.x + 10, row.centery - 11, 22, 22)
            pygame.draw.rect(surface, theme.SKY if on else (20, 22, 28), box, border_radius=4)
            pygame.draw.rect(surface, theme.TEXT if on else theme.PANEL_EDGE, box, 2, border_radius=4)
            if on:  # a tick, so the state does not rest on colour alone
                pygame.draw.lines(
                    surface,
                    theme.TEXT_DARK,
                    False,
                    [(box.x + 5, box.centery), (box.x + 9, box.bottom - 6), (box.right - 5, box.y + 5)],
                    3,
                )
            x = box.right + 12
            title = render_line(item.title, row.right - x - 8, 17, theme.TEXT, "bold")
            surface.blit(title, (x, row.y + 4))
            if item.description:  # up to two lines under the title, shrunk rather than cut
                top = row.y + 4 + title.get_height()
                text = render_block(
                    item.description, row.right - x - 8, row.bottom - top - 2, 14, theme.TEXT_DIM, min_size=10
                )
                surface.blit(text, (x, top))
