"""Widgets every scene uses: button, text input, list, dialog and tooltip; each fits its text to its box."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from . import theme
from .text import Fitted, fit, line_size, render_block, render_line

Handler = Callable[[], None]


class Widget:
    """A box on screen. `handle` returns None when it used the event; `draw` changes nothing."""

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int] = (0, 0, 10, 10), tooltip: str = "") -> None:
        self.rect = pygame.Rect(rect)
        self.visible = True
        self.enabled = True
        self.tooltip = tooltip

    def hovered(self) -> bool:
        return self.visible and self.rect.collidepoint(pygame.mouse.get_pos())

    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        return event

    def update(self, dt: float) -> None:
        pass

    def animating(self) -> bool:
        """Its look changed by itself in the last update (a caret blinking): it wants a frame drawn."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        pass


def panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    fill: theme.Colour = theme.PANEL,
    edge: theme.Colour = theme.PANEL_EDGE,
    radius: int = 8,
    alpha: int = 255,
) -> None:
    """A rounded panel; with alpha < 255 it is drawn through a temporary surface."""
    if alpha >= 255:
        pygame.draw.rect(surface, fill, rect, border_radius=radius)
    else:
        tmp = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(tmp, (*fill, alpha), tmp.get_rect(), border_radius=radius)
        surface.blit(tmp, rect.topleft)
    pygame.draw.rect(surface, edge, rect, width=2, border_radius=radius)


class Label(Widget):
    def __init__(
        self,
        rect: pygame.Rect | tuple[int, int, int, int],
        text: str,
        size: int = 20,
        colour: theme.Colour = theme.TEXT,
        align: str = "left",
        style: str = "regular",
    ) -> None:
        super().__init__(rect)
        self.text, self.size, self.colour, self.align, self.style = text, size, colour, align, style

    def draw(self, surface: pygame.Surface) -> None:
        if self.visible and self.text:
            img = render_block(
                self.text,
                self.rect.w,
                self.rect.h,
                self.size,
                self.colour,
                style=self.style,
                align=self.align,
            )
            surface.blit(img, self.rect.topleft)


Clock = Callable[[], float]  # seconds of the app's own time (the sum of its frames' dt), so tests set it

GUARD = 0.35  # seconds a control that just changed under the pointer ignores clicks


class Button(Widget):
    """A click target. When disabled it is greyed and its tooltip says why (`reason`).

    With a `clock`, a button that appeared or changed under the pointer ignores clicks for `GUARD` seconds,
    and a press that began before it changed is dropped: the click was aimed at what stood there before.
    """

    def __init__(
        self,
        rect: pygame.Rect | tuple[int, int, int, int],
        label: str,
        on_click: Handler | None = None,
        tooltip: str = "",
        hotkey: int | None = None,
        size: int = 20,
        colour: theme.Colour = theme.BUTTON,
        clock: Clock | None = None,
    ) -> None:
        super().__init__(rect, tooltip)
        self.label, self.on_click, self.hotkey, self.size, self.colour = label, on_click, hotkey, size, colour
        self.reason = ""
        self._pressed = False
        self.clock = clock
        self.changed_at = -GUARD  # when it last appeared or changed under the pointer
        self._pressed_at = 0.0

    def set_enabled(self, enabled: bool, reason: str = "") -> None:
        self.enabled, self.reason = enabled, "" if enabled else reason

    def refit(self, label: str, enabled: bool, reason: str = "", tooltip: str = "") -> None:
        """Show new contents in place; if what a click would do changed under the pointer, guard it."""
        if (label, enabled) != (self.label, self.enabled) and self.clock is not None and self.hovered():
            self.changed_at = self.clock()
        self.label, self.tooltip = label, tooltip
        self.set_enabled(enabled, reason)

    def appeared(self) -> None:
        """Its owner placed it: if that is under the pointer, a click already on its way was not meant for it."""
        if self.clock is not None and self.hovered():
            self.changed_at = self.clock()

    def take_over(self, old: Button) -> None:
        """Stand in for `old` (a menu placed again): a press on it carries on if a click would do the same."""
        if (old.label, old.enabled, old.rect) == (self.label, self.enabled, self.rect):
            self._pressed, self._pressed_at, self.changed_at = old._pressed, old._pressed_at, old.changed_at

    def settled(self) -> bool:
        """Whether a click now is meant for what the button shows (nothing changed under the pointer lately)."""
        return self.clock is None or self.clock() - self.changed_at >= GUARD

    def click(self) -> None:
        if self.enabled and self.visible and self.on_click is not None:
            self.on_click()

    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if not self.visible:
            return event
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self._pressed = True
            self._pressed_at = self.clock() if self.clock is not None else 0.0
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._pressed:
            self._pressed = False
            pressed_on_this = self.clock is None or self._pressed_at >= self.changed_at
            if self.rect.collidepoint(event.pos) and pressed_on_this and self.settled():
                self.click()
            return None
        if event.type == pygame.KEYDOWN and self.hotkey is not None and event.key == self.hotkey and self.enabled:
            self.click()
            return None
        return event

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        if not self.enabled:
            fill, fg = theme.BUTTON_OFF, theme.TEXT_DIM
        elif self._pressed:
            fill, fg = theme.BUTTON_DOWN, theme.TEXT
        elif self.hovered():
            fill, fg = _lighter(self.colour), theme.TEXT
        else:
            fill, fg = self.colour, theme.TEXT
        pygame.draw.rect(surface, fill, self.rect, border_radius=8)
        edge = theme.FOCUS if self.enabled and self.hovered() else theme.PANEL_EDGE
        pygame.draw.rect(surface, edge, self.rect, width=2, border_radius=8)
        if not self._two_lines():
            img = render_line(self.label, self.rect.w - 12, self.size, fg, "bold", self.min_size)
            surface.blit(img, img.get_rect(center=self.rect.center))
            return
        # A long label ("Take Carol as helper") wraps onto a second line before it is cut: places stay fixed.
        fitted = self._fitted()
        f = theme.font(fitted.size, "bold")
        y = self.rect.centery - len(fitted.lines) * f.get_linesize() // 2
        for line in fitted.lines:
            img = f.render(line, True, fg)
            surface.blit(img, img.get_rect(midtop=(self.rect.centerx, y)))
            y += f.get_linesize()

    @property
    def text_size(self) -> int:
        """The size the label is drawn at (shrunk to fit, or wrapped onto two lines)."""
        if self._two_lines():
            return self._fitted().size
        return line_size(self.label, self.rect.w - 12, self.size, "bold", self.min_size)

    @property
    def min_size(self) -> int:
        """The smallest the label shrinks to before it is cut (and then named in full by the tooltip)."""
        return min(self.size, 12)

    def _two_lines(self) -> bool:
        """The label is too long for one readable line but the button is tall enough for two."""
        one_line, small = theme.font(min(self.size, 14), "bold"), theme.font(self.min_size, "bold")
        too_wide = one_line.size(self.label)[0] > self.rect.w - 12
        words_fit = all(small.size(word)[0] <= self.rect.w - 12 for word in self.label.split())  # never "Berser k"
        return too_wide and " " in self.label and words_fit and self.rect.h >= 2 * small.get_linesize() + 4

    def _fitted(self) -> Fitted:
        return fit(self.label, self.rect.w - 12, self.rect.h - 4, min(self.size, 15), self.min_size, "bold")

    @property
    def label_cut(self) -> bool:
        if self._two_lines():
            return self._fitted().truncated
        return theme.font(self.min_size, "bold").size(self.label)[0] > self.rect.w - 12

    @property
    def hint(self) -> str:
        said = self.reason if not self.enabled and self.reason else self.tooltip
        if self.label_cut and self.label not in said:
            return f"{self.label}. {said}" if said else self.label
        return said


def _lighter(c: theme.Colour) -> theme.Colour:
    return (min(255, c[0] + 24), min(255, c[1] + 24), min(255, c[2] + 24))


class TextInput(Widget):
    """A one-line text field: click to focus, type, Enter submits, Escape leaves."""

    def __init__(
        self,
        rect: pygame.Rect | tuple[int, int, int, int],
        text: str = "",
        placeholder: str = "",
        max_len: int = 40,
        on_submit: Callable[[str], None] | None = None,
        size: int = 20,
        allowed: Callable[[str], bool] | None = None,
    ) -> None:
        super().__init__(rect)
        self.text, self.placeholder, self.max_len, self.on_submit = text, placeholder, max_len, on_submit
        self.size, self.allowed = size, allowed
        self.focused = False
        self._blink = 0.0
        self._caret_flipped = False

    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if not self.visible:
            return event
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.focused = self.rect.collidepoint(event.pos)
            return None if self.focused else event
        if not self.focused:
            return event
        if event.type == pygame.TEXTINPUT:
            chars = "".join(c for c in event.text if c.isprintable() and (self.allowed is None or self.allowed(c)))
            self.text = (self.text + chars)[: self.max_len]
            return None
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.text = self.text[:-1]
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if self.on_submit is not None:
                    self.on_submit(self.text)
            elif event.key == pygame.K_ESCAPE:
                self.focused = False
            return None
        return event

    def update(self, dt: float) -> None:
        shown = self._blink < 0.5
        self._blink = (self._blink + dt) % 1.0
        self._caret_flipped = self.focused and shown != (self._blink < 0.5)

    def animating(self) -> bool:
        return self._caret_flipped

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        pygame.draw.rect(surface, (20, 22, 28), self.rect, border_radius=6)
        pygame.draw.rect(surface, theme.FOCUS if self.focused else theme.PANEL_EDGE, self.rect, 2, border_radius=6)
        shown, colour = (self.text, theme.TEXT) if self.text or self.focused else (self.placeholder, theme.TEXT_DIM)
        f = theme.font(self.size)
        # Keep the end of a long entry visible: that is where the caret is.
        while shown and f.size(shown)[0] > self.rect.w - 20:
            shown = shown[1:]
        img = f.render(shown, True, colour)
        y = self.rect.centery - img.get_height() // 2
        surface.blit(img, (self.rect.x + 8, y))
        if self.focused and self._blink < 0.5:
            x = self.rect.x + 9 + (img.get_width() if self.text else 0)
            pygame.draw.line(surface, theme.TEXT, (x, y + 2), (x, y + img.get_height() - 2), 2)


class ListView(Widget):
    """Rows of text, one selectable; the wheel scrolls; a double click (or Enter) activates. A row with a line
    break shows its first line as a title and the rest, smaller, beneath it."""

    def __init__(
        self,
        rect: pygame.Rect | tuple[int, int, int, int],
        rows: Sequence[str] = (),
        on_select: Callable[[int], None] | None = None,
        on_activate: Callable[[int], None] | None = None,
        row_h: int = 34,
        size: int = 18,
    ) -> None:
        super().__init__(rect)
        self.rows: list[str] = list(rows)
        self.on_select, self.on_activate, self.row_h, self.size = on_select, on_activate, row_h, size
        self.selected: int | None = None
        self.scroll = 0
        self._last_click = (-1, -10_000)

    def set_rows(self, rows: Sequence[str]) -> None:
        self.rows = list(rows)
        if self.selected is not None and self.selected >= len(self.rows):
            self.selected = None
        self.scroll = max(0, min(self.scroll, self._max_scroll()))

    def _max_scroll(self) -> int:
        return max(0, len(self.rows) - self.rect.h // self.row_h)

    def row_at(self, pos: tuple[int, int]) -> int | None:
        if not self.rect.collidepoint(pos):
            return None
        index = self.scroll + (pos[1] - self.rect.y) // self.row_h
        return index if 0 <= index < len(self.rows) else None

    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if not self.visible:
            return event
        if event.type == pygame.MOUSEWHEEL and self.hovered():
            self.scroll = max(0, min(self._max_scroll(), self.scroll - event.y))
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            index = self.row_at(event.pos)
            if index is not None:
                now = pygame.time.get_ticks()
                double = self._last_click[0] == index and now - self._last_click[1] < 400
                self._last_click = (index, now)
                self.selected = index
                if self.on_select is not None:
                    self.on_select(index)
                if double and self.on_activate is not None:
                    self.on_activate(index)
            return None
        if event.type == pygame.KEYDOWN and self.rows and event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_RETURN):
            if event.key == pygame.K_RETURN:
                if self.selected is not None and self.on_activate is not None:
                    self.on_activate(self.selected)
                return None
            step = -1 if event.key == pygame.K_UP else 1
            self.selected = max(0, min(len(self.rows) - 1, (self.selected if self.selected is not None else -1) + step))
            if self.on_select is not None:
                self.on_select(self.selected)
            return None
        return event

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        panel(surface, self.rect, (28, 32, 42))
        clip = surface.get_clip()
        surface.set_clip(self.rect.inflate(-4, -4))
        visible = self.rect.h // self.row_h + 1
        for i, row in enumerate(self.rows[self.scroll : self.scroll + visible]):
            index = self.scroll + i
            r = pygame.Rect(self.rect.x + 4, self.rect.y + i * self.row_h + 2, self.rect.w - 8, self.row_h - 4)
            if index == self.selected:
                pygame.draw.rect(surface, theme.BUTTON, r, border_radius=5)
                pygame.draw.rect(surface, theme.FOCUS, r, 2, border_radius=5)
            else:  # each row a tile of its own, so it reads as something to click
                pygame.draw.rect(surface, (38, 44, 56), r, border_radius=5)
            title, _, detail = row.partition("\n")
            lines = [render_line(title, r.w - 12, self.size, theme.TEXT, "bold" if detail else "regular")]
            if detail:
                lines.append(render_line(detail, r.w - 12, self.size - 4, theme.TEXT_DIM))
            y = r.centery - (sum(img.get_height() for img in lines) + 2 * (len(lines) - 1)) // 2
            for img in lines:
                surface.blit(img, (r.x + 6, y))
                y += img.get_height() + 2
        surface.set_clip(clip)
        if not self.rows:
            img = render_line("(nothing yet)", self.rect.w - 16, self.size, theme.TEXT_DIM)
            surface.blit(img, img.get_rect(center=self.rect.center))


def shade(surface: pygame.Surface, alpha: int = 150) -> None:
    """Dim everything drawn so far: what lies under a modal box or a zoomed card."""
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((0, 0, 0, alpha))
    surface.blit(veil, (0, 0))


def modal_box(surface: pygame.Surface, box: pygame.Rect) -> None:
    """A modal box's ground: the screen dimmed, then the box's panel."""
    shade(surface)
    panel(surface, box, radius=12)


class Dialog(Widget):
    """A modal box with a title, a message and buttons; it takes every event while open."""

    MIN_BUTTON_W = 150  # narrower, and a label like "Keep playing" is cut

    def __init__(
        self,
        title: str,
        message: str,
        choices: Sequence[tuple[str, Handler]],
        size: tuple[int, int] = (520, 260),
        clock: Clock | None = None,
    ) -> None:
        super().__init__((0, 0, *size))
        self.title, self.message = title, message
        self.buttons = [Button((0, 0, 10, 10), label, on_click, clock=clock) for label, on_click in choices]
        self.extra: list[Widget] = []
        self.base_h = size[1]
        self.button_rows = 1

    def layout(self, screen: pygame.Rect) -> None:
        # Buttons too many for one readable row go on more rows (the box grows), never shrink to "Keep play…".
        n = len(self.buttons)
        per_row = max(1, min(n, (self.rect.w - 40 + 12) // (self.MIN_BUTTON_W + 12)))
        self.button_rows = -(-n // per_row)
        self.rect.h = min(screen.h - 20, self.base_h + (self.button_rows - 1) * 56)
        self.rect.center = screen.center
        for row in range(self.button_rows):
            line = self.buttons[row * per_row : (row + 1) * per_row]
            bw = min(180, (self.rect.w - 40 - 12 * (per_row - 1)) // per_row)
            x = self.rect.centerx - (len(line) * bw + 12 * (len(line) - 1)) // 2
            y = self.rect.bottom - 64 - (self.button_rows - 1 - row) * 56
            for b in line:
                b.rect = pygame.Rect(x, y, bw, 44)
                b.appeared()
                x += bw + 12

    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        for w in [*self.extra, *self.buttons]:
            if w.handle(event) is None:
                return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN and self.buttons:
            self.buttons[0].click()
        return None

    def update(self, dt: float) -> None:
        for w in self.extra:
            w.update(dt)

    def animating(self) -> bool:
        return any(w.animating() for w in self.extra)

    def draw(self, surface: pygame.Surface) -> None:
        modal_box(surface, self.rect)
        title = render_line(self.title, self.rect.w - 40, 28, theme.ACCENT, "bold")
        surface.blit(title, (self.rect.x + 20, self.rect.y + 16))
        body = pygame.Rect(self.rect.x + 20, self.rect.y + 60, self.rect.w - 40, self.base_h - 140)
        surface.blit(render_block(self.message, body.w, body.h, 20, theme.TEXT), body.topleft)
        for w in [*self.extra, *self.buttons]:
            w.draw(surface)


class Tooltips:
    """Shows the hint of whatever widget the mouse has rested on for a moment."""

    DELAY = 0.35

    def __init__(self) -> None:
        self._owner: object | None = None
        self._said = ""
        self._rest = 0.0
        self.text = ""

    def update(self, dt: float, hovered: object | None, text: str) -> None:
        # A new widget under the pointer, or the same one saying something new (a button that changed in
        # place), starts the rest again: a tooltip never outlives what it was about. Equal, not identical: a
        # card or a space is named by a fresh tuple each frame.
        if hovered != self._owner or text != self._said:
            self._owner, self._said, self._rest = hovered, text, 0.0
        self._rest += dt
        self.text = text if hovered is not None and text and self._rest >= self.DELAY else ""

    def draw(self, surface: pygame.Surface) -> None:
        if not self.text:
            return
        width = min(360, surface.get_width() - 20)
        body = render_block(self.text, width - 16, 200, 17, theme.TEXT)
        used = _used_height(body)
        rect = pygame.Rect(0, 0, width, used + 14)
        mx, my = pygame.mouse.get_pos()
        rect.topleft = (mx + 16, my + 18)
        rect.clamp_ip(surface.get_rect())
        panel(surface, rect, (16, 18, 24), theme.FOCUS, radius=6, alpha=235)
        surface.blit(body, (rect.x + 8, rect.y + 7))


def _used_height(img: pygame.Surface) -> int:
    bounds = img.get_bounding_rect()
    return bounds.bottom if bounds.h else 20


def hint_under_mouse(widgets: Sequence[Widget]) -> tuple[Widget | None, str]:
    """The top-most hovered widget with a hint, for `Tooltips.update`."""
    for w in reversed(widgets):
        if w.hovered():
            text = w.hint if isinstance(w, Button) else w.tooltip
            return w, text
    return None, ""
