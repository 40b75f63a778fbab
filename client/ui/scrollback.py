"""A history of lines that scrolls: the table's log and its chat keep every line, newest at the bottom.

It sticks to the newest line until the player scrolls up (mouse wheel, dragging the lines or the bar beside
them, Page Up); then new lines leave the view where it is and a "N new lines ↓" button (or End) leads back down.
"""

from __future__ import annotations

from collections.abc import Iterator

import pygame

from . import theme
from .text import fit, render_block, render_line
from .widgets import Widget, panel

WHEEL_LINES = 3  # lines one notch of the wheel moves
BAR_W = 8
TITLE_H = 24
LINE_GAP = 5  # between entries, so that a wrapped entry reads as one
SCROLL_KEYS = (pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_END)
BUTTON_H = 28  # the strip the "new lines" button takes at the bottom while scrolled up


class Scrollback(Widget):
    """Lines of (text, colour), all kept. `offset` is how many of the newest are scrolled out of view below."""

    def __init__(self, title: str, empty: str = "", size: int = 15, min_size: int = 11, keys: bool = False) -> None:
        super().__init__()
        self.title, self.empty, self.size, self.min_size = title, empty, size, min_size
        self.keys = keys  # Page Up / Page Down / End scroll it (one history per screen answers the keys)
        self.lines: list[tuple[str, theme.Colour]] = []
        self.offset = 0
        self.unread = 0  # lines that came while scrolled up
        self._heights: dict[int, int] = {}  # line index -> pixels, at `_heights_w`
        self._heights_w = 0
        self._drag: tuple[str, int, int] | None = None  # ("lines" | "bar", pointer y, offset) at the press
        self._shown = 0  # how many lines the last drawing showed, for the bar and for dragging it

    # -- the lines -----------------------------------------------------------------------------------
    def append(self, line: tuple[str, theme.Colour]) -> None:
        self.lines.append(line)
        if self.offset:  # scrolled up: what the player reads stays where it is
            self.offset += 1
            self.unread += 1

    def prepend(self, lines: list[tuple[str, theme.Colour]]) -> None:
        """Older lines than any shown (a window back at its seat hears what it missed after its first lines)."""
        self.lines[:0] = lines
        self._heights.clear()

    def __iter__(self) -> Iterator[tuple[str, theme.Colour]]:
        return iter(self.lines)

    def __len__(self) -> int:
        return len(self.lines)

    def __getitem__(self, index: int) -> tuple[str, theme.Colour]:
        return self.lines[index]

    # -- geometry ------------------------------------------------------------------------------------
    @property
    def body(self) -> pygame.Rect:
        """Where the lines are drawn: under the title, left of the bar."""
        r = self.rect
        return pygame.Rect(r.x + 8, r.y + TITLE_H + 4, r.w - 16 - BAR_W - 4, r.h - TITLE_H - 10)

    @property
    def track(self) -> pygame.Rect:
        r = self.rect
        return pygame.Rect(r.right - BAR_W - 6, r.y + TITLE_H + 4, BAR_W, r.h - TITLE_H - 10)

    @property
    def newer_button(self) -> pygame.Rect | None:
        """The "N new lines ↓" button, while there are lines below the view."""
        if not self.offset:
            return None
        rect = pygame.Rect(0, 0, min(180, self.body.w), BUTTON_H - 4)
        rect.midbottom = (self.body.centerx, self.body.bottom)
        return rect

    def line_height(self, index: int) -> int:
        width = self.body.w
        if width != self._heights_w:
            self._heights, self._heights_w = {}, width
        if index not in self._heights:
            fitted = fit(self.lines[index][0], width, 60, self.size, self.min_size)
            self._heights[index] = len(fitted.lines) * theme.font(fitted.size).get_linesize() + LINE_GAP
        return self._heights[index]

    def height_for(self, rows: int, entries: int) -> int:
        """How tall the widget must be to show `entries` entries of `rows` lines of text in all, at the full
        size of its font: the bundled font's own line height, so that no font change cuts a line."""
        return TITLE_H + 10 + rows * theme.font(self.size).get_linesize() + entries * LINE_GAP

    def lines_bottom(self, offset: int) -> int:
        """Where the newest line in view ends: scrolled up, the button below the lines has a strip of its own."""
        return self.body.bottom - (BUTTON_H if offset else 0)

    def max_offset(self) -> int:
        """The offset at which the oldest line sits at the top: no further up than that."""
        room, fitting = self.lines_bottom(1) - self.body.y, 0
        while fitting < len(self.lines):
            room -= self.line_height(fitting)
            if room < 0:
                break
            fitting += 1
        return max(0, len(self.lines) - fitting)

    def scroll_to(self, offset: int) -> None:
        self.offset = max(0, min(self.max_offset(), offset))
        if self.offset == 0:
            self.unread = 0

    # -- input ---------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if not self.visible:
            return event
        if event.type == pygame.MOUSEWHEEL and self.hovered():
            self.scroll_to(self.offset + event.y * WHEEL_LINES)
            return None
        if self.keys and event.type == pygame.KEYDOWN and event.key in SCROLL_KEYS:
            page = max(1, self._shown - 1)
            step = {pygame.K_PAGEUP: page, pygame.K_PAGEDOWN: -page, pygame.K_END: -len(self.lines)}[event.key]
            self.scroll_to(self.offset + step)
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            newer = self.newer_button
            if newer is not None and newer.collidepoint(event.pos):
                self.scroll_to(0)
            elif self.track.inflate(8, 0).collidepoint(event.pos):
                self._drag = ("bar", event.pos[1], self.offset)
                self._bar_to(event.pos[1])
            else:
                self._drag = ("lines", event.pos[1], self.offset)
            return None
        if event.type == pygame.MOUSEMOTION and self._drag is not None:
            kind, y0, offset0 = self._drag
            if kind == "bar":
                self._bar_to(event.pos[1])
            else:  # the lines follow the pointer: dragging down brings older lines into view
                self.scroll_to(offset0 + (event.pos[1] - y0) // 16)
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._drag is not None:
            self._drag = None
            return None
        return event

    def _bar_to(self, y: int) -> None:
        """Put the middle of the bar's thumb at `y`."""
        track, total, shown = self.track, len(self.lines), max(1, self._shown)
        h = self._thumb_h()
        first = round((y - track.y - h / 2) * (total - shown) / max(1, track.h - h))
        self.scroll_to(total - shown - first)

    def _thumb_h(self) -> int:
        return max(18, self.track.h * self._shown // max(1, len(self.lines)))

    # -- drawing -------------------------------------------------------------------------------------
    def visible_lines(self) -> list[tuple[int, int]]:
        """(index, y) of each line in view, newest last."""
        body = self.body
        out: list[tuple[int, int]] = []
        y = self.lines_bottom(self.offset)
        for index in range(len(self.lines) - 1 - self.offset, -1, -1):
            y -= self.line_height(index)
            if y < body.y:
                break
            out.append((index, y))
        return out[::-1]

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        panel(surface, self.rect, (28, 32, 42))
        title = render_line(self.title, self.rect.w - 16, 16, theme.TEXT_DIM, "bold")
        surface.blit(title, (self.rect.x + 8, self.rect.y + 6))
        body = self.body
        shown = self.visible_lines()
        self._shown = len(shown)
        for index, y in shown:
            text, colour = self.lines[index]
            surface.blit(render_block(text, body.w, 60, self.size, colour, min_size=self.min_size), (body.x, y))
        if not self.lines and self.empty:
            surface.blit(render_line(self.empty, body.w, 14, theme.TEXT_DIM), (body.x, body.y + 2))
        self._draw_bar(surface)
        newer = self.newer_button
        if newer is not None:
            count = self.unread
            text = f"{count} new line{'s' if count != 1 else ''} ↓" if count else "Back to the newest ↓"
            panel(surface, newer, theme.BUTTON, theme.FOCUS, radius=10)
            img = render_line(text, newer.w - 12, 15, theme.TEXT, "bold")
            surface.blit(img, img.get_rect(center=newer.center))

    def _draw_bar(self, surface: pygame.Surface) -> None:
        """Where the view stands in the whole history: a thumb as tall as the share of lines in view."""
        track, total = self.track, len(self.lines)
        pygame.draw.rect(surface, (20, 22, 28), track, border_radius=4)
        if total <= self._shown:
            return
        h = self._thumb_h()
        first = total - self.offset - self._shown
        y = track.y + (track.h - h) * first // max(1, total - self._shown)
        thumb = pygame.Rect(track.x, y, track.w, h)
        colour = theme.FOCUS if self._drag is not None and self._drag[0] == "bar" else theme.TEXT_DIM
        pygame.draw.rect(surface, colour, thumb, border_radius=4)
