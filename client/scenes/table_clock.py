"""The table's clocks as a player meets them (R01): the countdown, its warning over an open menu, one log line
per window when time runs out, and passing at once for a seat with nothing to play.

The host (or a `LocalSession`) owns the clocks; this reads them. A menu opened with less than `HOLD_SECONDS`
left asks for that long once (`Session.hold`), so the warning always shows for that long before the end.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from ...shared.protocol import HOLD_SECONDS
from ...shared.rules.munchkin.actions import Pass
from ..actions import sent
from ..clocks import nothing_to_play, window_key
from ..ui import theme
from ..ui.text import render_line
from ..ui.widgets import panel
from .overlays import CoverOverlay

if TYPE_CHECKING:
    from ..app import App
    from .table_base import GameScene

WARN_SECONDS = HOLD_SECONDS  # the warning shows this long before a clock runs out


class TableClock:
    """The viewer's pass clock at one game screen, and the seats of this client it may pass for."""

    def __init__(self, scene: GameScene) -> None:
        self.scene = scene
        self.full = 1.0  # what the running clock started from (the bar's full width)
        self._last = 0.0
        self._held = False  # asked for time once on this clock
        self._said: set[tuple[Any, ...]] = set()  # the waits a time-up line was written for
        self._passed_for: set[int] = set()  # passes sent and not yet seen land
        self._kinds: dict[int, str] = {}  # each seat's last clock: "pass" or "turn"
        self.others_full = 1.0  # the same for the clocks of the others the viewer waits on
        self._others_last = 0.0

    # -- reading the clock ------------------------------------------------------------------------------
    def seconds_left(self) -> float | None:
        """The viewer's pass clock, while they may pass."""
        scene = self.scene
        clock = getattr(scene.session, "timers", {}).get(scene.viewer)
        if clock is None or clock[0] != "pass" or Pass not in scene.by_kind:
            return None
        return max(0.0, float(clock[1]))

    def others_waited_for(self) -> tuple[list[int], float] | None:
        """While the viewer has no clock of their own: the other seats the table waits on to react or pass,
        and the longest time any of them has left (the fighter otherwise sees a bar gone grey for seconds)."""
        scene = self.scene
        timers = getattr(scene.session, "timers", {})
        seats = [
            s
            for s in scene.state.to_act
            if s != scene.viewer and (timers.get(s) or ("",))[0] == "pass" and float(timers[s][1]) > 0
        ]
        if not seats or self.seconds_left() is not None:
            return None
        return seats, max(float(timers[s][1]) for s in seats)

    def countdown_text(self) -> str:
        """The words on the line above the bar: the viewer's own reaction clock, or whom the table waits for."""
        seconds = self.seconds_left()
        if seconds is not None:
            return f"Reaction window: {seconds:0.0f} s to play a card, or Pass (P)"
        others = self.others_waited_for()
        if others is None:
            return ""
        seats, left = others
        names = " and ".join(self.scene.seat_name(s) for s in seats)
        return f"Waiting {left:0.0f} s for {names} to play a card or pass"

    def update(self, dt: float) -> None:
        others = self.others_waited_for()
        if others is not None and others[1] > self._others_last + 0.05:
            self.others_full = others[1]
        self._others_last = others[1] if others is not None else 0.0
        left = self.seconds_left()
        if left is not None and left > self._last + 0.05:  # a clock (re)started, or our hold topped it up
            self.full, self._held = left, self._held and abs(left - HOLD_SECONDS) < 0.05
        self._last = left if left is not None else 0.0
        scene = self.scene
        late = left is not None and left < HOLD_SECONDS
        if late and scene.viewer is not None and not self._held and self.menu_open():
            self._held = True
            scene.session.hold(scene.viewer)
        self._pass_for_idle_seats()

    def menu_open(self) -> bool:
        """A menu, dialog or zoomed card of the player's is open over the table (not a hot-seat cover)."""
        stack = self.scene.app.stack
        if self.scene not in stack:
            return False
        above = stack[stack.index(self.scene) + 1 :]
        return bool(above) and not any(isinstance(s, CoverOverlay) for s in above)

    # -- passing for a seat with nothing to play --------------------------------------------------------
    def _pass_for_idle_seats(self) -> None:
        """A seat of this client waited for in a reaction window with nothing it could play passes at once: the
        viewer's when the player's setting says so; in hot-seat, every other seat (it is not handed the screen)."""
        scene, session = self.scene, self.scene.session
        hot_seat = len(session.seats) > 1
        for seat in session.seats:
            if not nothing_to_play(session.records.get(seat), session.legal(seat), seat):
                self._passed_for.discard(seat)
                continue
            if seat in self._passed_for:
                continue  # sent; the state that shows it has not come yet
            if seat == scene.viewer and not scene.app.settings.auto_pass:
                continue
            if seat != scene.viewer and not hot_seat:
                continue
            self._passed_for.add(seat)
            session.act(seat, sent(Pass(seat)))
            scene.awaiting = 2.0  # as after any action of ours: the legal list is stale until the state lands

    # -- time running out -------------------------------------------------------------------------------
    def on_timer(self, data: dict[str, Any]) -> None:
        """A clock started, or ran out and acted for a seat (kind "out"): one line per wait, however many seats
        of this client it acts for there."""
        scene, session = self.scene, self.scene.session
        seat, kind = data.get("seat"), data.get("kind")
        if not isinstance(seat, int) or seat not in session.seats:
            return
        if kind != "out":
            self._kinds[seat] = str(kind)
            return
        state = session.records.get(seat)
        key = data.get("window") or (window_key(state) if state is not None else ())
        if key in self._said:
            return
        self._said.add(key)
        you = len(session.seats) == 1
        if self._kinds.get(seat, "pass") == "pass":
            line = "Time is up: you pass." if you else f"Time is up: {scene.seat_name(seat)} passes."
        else:
            line = f"Time is up: a bot plays for {'you' if you else scene.seat_name(seat)}."
        scene.log.append((line, theme.TEXT_DIM))

    # -- drawing ----------------------------------------------------------------------------------------
    def draw_countdown(self, surface: pygame.Surface) -> None:
        """The bar above the action bar: how long is left to play a card, or pass."""
        seconds, full, colour = self.seconds_left(), self.full, theme.TEXT
        if seconds is None:
            others = self.others_waited_for()
            if others is None:
                return
            seconds, full, colour = others[1], self.others_full, theme.TEXT_DIM
        strip = self.scene.reaction_rect  # the line above the bar kept for it: the words, then the time left
        label = render_line(self.countdown_text(), strip.w // 2, 16, colour)
        surface.blit(label, label.get_rect(midleft=strip.midleft))
        bar = pygame.Rect(strip.x + label.get_width() + 12, strip.centery - 4, strip.w - label.get_width() - 12, 8)
        pygame.draw.rect(surface, (20, 20, 24), bar, border_radius=4)
        filled = bar.copy()
        filled.w = int(bar.w * min(1.0, seconds / max(0.1, full)))
        colour = theme.VERMILLION if seconds <= WARN_SECONDS else theme.ORANGE
        pygame.draw.rect(surface, colour, filled, border_radius=4)

    def draw_warning(self, surface: pygame.Surface) -> None:
        """Over everything open above the table: the clock is about to pass for the player."""
        seconds = self.seconds_left()
        if seconds is None or seconds > WARN_SECONDS or not (self.menu_open() or self.scene.app.top is self.scene):
            return
        w = surface.get_width()
        rect = pygame.Rect(0, 0, min(640, w - 40), 54)
        rect.midtop = (w // 2, 10)
        panel(surface, rect, (120, 40, 10), theme.YELLOW, alpha=240)
        text = f"{seconds:0.0f} s left to react: choose now, or you pass"
        img = render_line(text, rect.w - 24, 22, theme.TEXT, "bold")
        surface.blit(img, img.get_rect(center=rect.center))


def warning_hook(clock: TableClock) -> Callable[[App, pygame.Surface], None]:
    """A frame hook drawing the clock's warning after the whole stack, so it shows over any open menu."""

    def hook(app: App, surface: pygame.Surface) -> None:
        if clock.scene in app.stack:
            clock.draw_warning(surface)

    return hook
