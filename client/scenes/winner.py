"""The winner's screen: a spotlight, falling confetti, a crown over the winner's medallion and their name large;
Munchkin ticks the winning level up to its last, Wonderland counts everyone's Gold into bars. A click, a key or
a few seconds lead on to the results.

All of it is a function of the scene's own clock (`update` moves it, `draw` reads it); the confetti comes
from a fixed seed, so no global random is touched.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from ...shared.rules.munchkin.view import MunchkinView
from ...shared.rules.wonderland.view import WonderlandView
from ...shared.viewer import GameView, OutcomeWire
from ..anim.moments import ease_out, faded, phase, rays, zoomed
from ..session import Session
from ..ui import theme
from ..ui.text import render_line
from .base import Box, Scene

if TYPE_CHECKING:
    from ..app import App

HOLD = 6.0  # seconds (at normal speed) before the results come on their own
CONFETTI = 90


class WinnerScene(Scene):
    name = "winner"

    def __init__(self, app: App, session: Session, view: GameView, outcome: OutcomeWire) -> None:
        super().__init__(app)
        self.session, self.view, self.outcome = session, view, outcome
        self.t = 0.0
        self.names_at = [p.name for p in view.players]  # by seat
        self.levels = [p.level for p in view.players] if isinstance(view, MunchkinView) else []
        self.winners = list(outcome.winners)
        ended = view.outcome if isinstance(view, WonderlandView) else None
        self.golds = list(ended.gold) if ended is not None else []  # W18: the Gold in hand, made public
        self.size = (1280, 720)
        self._sounded = False
        state, self.confetti = 12345, []
        for _ in range(CONFETTI):  # (x share, speed, sway phase, size, colour index)
            values = []
            for _ in range(4):
                state = (1664525 * state + 1013904223) & 0xFFFFFFFF
                values.append(state / 0x100000000)
            self.confetti.append((values[0], 0.6 + 0.8 * values[1], values[2] * math.tau, 7 + 9 * values[3], _))

    def layout(self, size: tuple[int, int]) -> None:
        self.size = size

    def update(self, dt: float) -> None:
        speed = self.app.settings.animation_factor or 1.0
        if not self._sounded:
            self._sounded = True
            self.app.sounds.play("win")
        self.t += dt * speed
        if self.t >= HOLD:
            self.to_results()

    def animating(self) -> bool:
        return True  # confetti never rests; the screen leaves by itself after HOLD

    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.to_results()
            return None
        return event

    def to_results(self) -> None:
        from .results import ResultsScene

        if self.app.top is self:
            self.app.replace(ResultsScene(self.app, self.session, self.view, self.outcome))

    # -- what is where -----------------------------------------------------------------------------
    def names(self) -> str:
        names = [self.names_at[s] or f"Seat {s + 1}" for s in self.winners if s < len(self.names_at)]
        return " and ".join(names) or "Nobody"

    def parts(self) -> dict[str, pygame.Rect]:
        w, h = self.size
        medal = min(h // 4, 180)
        parts = {
            "medal": pygame.Rect(w // 2 - medal // 2, int(h * 0.12), medal, medal),
            "title": pygame.Rect(40, int(h * 0.12) + medal + 16, w - 80, 72),
        }
        parts["line"] = pygame.Rect(40, parts["title"].bottom + 6, w - 80, 34)
        if self.golds:
            rows = len(self.golds)
            top = parts["line"].bottom + 14
            row_h = max(22, min(38, (h - 60 - top) // max(1, rows)))
            parts["gold"] = pygame.Rect(w // 2 - 300, top, 600, row_h * rows)
        elif self.names_at:  # Munchkin: everyone at the table with the level they reached
            top = parts["line"].bottom + 30
            parts["table"] = pygame.Rect(60, top, w - 120, max(40, min(150, h - 60 - top)))
        parts["hint"] = pygame.Rect(40, h - 44, w - 80, 30)
        return parts

    def gold_rows(self) -> list[pygame.Rect]:
        box = self.parts().get("gold")
        if box is None:
            return []
        row_h = box.h // max(1, len(self.golds))
        return [pygame.Rect(box.x, box.y + i * row_h, box.w, row_h - 4) for i in range(len(self.golds))]

    def seat_rects(self) -> list[pygame.Rect]:
        box = self.parts().get("table")
        if box is None:
            return []
        n = len(self.names_at)
        w = min(180, box.w // max(1, n))
        x0 = box.centerx - w * n // 2
        return [pygame.Rect(x0 + i * w + 4, box.y, w - 8, box.h) for i in range(n)]

    def layout_boxes(self) -> list[Box]:
        parts = self.parts()
        boxes: list[Box] = [(name, rect) for name, rect in parts.items()]
        boxes += [(f"gold/row:{i}", r) for i, r in enumerate(self.gold_rows())]
        boxes += [(f"table/seat:{i}", r) for i, r in enumerate(self.seat_rects())]
        return boxes

    # -- drawing -----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.fill((14, 12, 22))
        t = self.t
        parts = self.parts()
        medal = parts["medal"]
        colour = self._colour()
        # The spotlight: a cone of warm light from above onto the winner.
        spread = int(w * 0.28 * ease_out(phase(t, 0.0, 0.6)))
        cone = [(w // 2 - 60, 0), (w // 2 + 60, 0), (w // 2 + spread, h), (w // 2 - spread, h)]
        pygame.draw.polygon(surface, (40, 36, 40), cone)
        rays(
            surface,
            medal.center,
            medal.w * (1.0 + 0.15 * math.sin(t * 2)),
            theme.YELLOW,
            int(120 * ease_out(phase(t, 0.2, 0.8))),
        )
        self._confetti(surface, t)
        pop = ease_out(phase(t, 0.1, 0.6))
        r = max(4, int(medal.w / 2 * (0.5 + 0.5 * pop)))
        pygame.draw.circle(surface, (30, 26, 40), medal.center, r + 6)
        pygame.draw.circle(surface, colour, medal.center, r)
        pygame.draw.circle(surface, theme.YELLOW, medal.center, r, max(3, r // 12))
        full = max(4, medal.w // 2)
        initial = render_line(self.names()[:1], full * 2, max(10, int(full * 1.1)), theme.TEXT_DARK, "title")
        initial = zoomed(initial, r / full)
        surface.blit(initial, initial.get_rect(center=medal.center))
        self._crown(surface, (medal.centerx, medal.y - int(20 * pop) + 8), r, phase(t, 0.4, 0.9))
        title = render_line(f"{self.names()} wins!", parts["title"].w, 64, theme.YELLOW, "title")
        title = faded(title, int(255 * phase(t, 0.3, 0.8)))
        surface.blit(title, title.get_rect(center=parts["title"].center))
        line = render_line(self._line(t), parts["line"].w, 26, theme.TEXT, "bold")
        line = faded(line, int(255 * phase(t, 0.6, 1.0)))
        surface.blit(line, line.get_rect(center=parts["line"].center))
        self._gold(surface, t)
        self._table(surface, t)
        if t > 1.2:
            hint = render_line("Click for the results", parts["hint"].w, 18, theme.TEXT_DIM)
            surface.blit(hint, hint.get_rect(center=parts["hint"].center))

    def _colour(self) -> theme.Colour:
        seat = self.winners[0] if self.winners else 0
        return theme.seat_colour(seat, self.session.colours.get(seat))

    def _line(self, t: float) -> str:
        """Munchkin: the winning level ticking up to its last; Wonderland: the Gold that won."""
        if self.golds:
            best = max((self.golds[s] for s in self.winners if s < len(self.golds)), default=0)
            return f"with {round(best * ease_out(phase(t, 0.8, 2.6)))} Gold"
        levels = [self.levels[s] for s in self.winners if s < len(self.levels)]
        top = max(levels, default=0)
        shown = max(1, top - 3 + round(3 * phase(t, 0.7, 1.4)))
        return f"reaches level {min(top, shown)}!" if top else self.outcome.reason.replace("_", " ")

    def _crown(self, surface: pygame.Surface, base: tuple[int, int], r: int, k: float) -> None:
        if k <= 0:
            return
        cw, ch = int(r * 1.3), int(r * 0.7)
        x, y = base[0] - cw // 2, base[1] - ch - int(20 * (1 - ease_out(k)))
        points = [
            (x, y + ch),
            (x, y + ch * 0.25),
            (x + cw * 0.25, y + ch * 0.6),
            (x + cw * 0.5, y),
            (x + cw * 0.75, y + ch * 0.6),
            (x + cw, y + ch * 0.25),
            (x + cw, y + ch),
        ]
        pygame.draw.polygon(surface, (246, 200, 60), points)
        pygame.draw.polygon(surface, (120, 80, 10), points, 3)
        for px in (0.25, 0.5, 0.75):
            pygame.draw.circle(surface, theme.VERMILLION, (int(x + cw * px), int(y + ch * 0.78)), max(2, r // 14))

    def _confetti(self, surface: pygame.Surface, t: float) -> None:
        w, h = surface.get_size()
        palette = theme.PLAYER_COLOURS
        for i, (share, speed, sway, size, _) in enumerate(self.confetti):
            fallen = t * speed * 0.45 - (share * 7.3) % 1.0  # each piece starts above the window, in its turn
            if fallen < 0:
                continue
            y = (fallen % 1.2 - 0.1) * h
            x = share * w + math.sin(t * 2 + sway) * 24
            turn = abs(math.cos(t * 4 * speed + sway))
            rect = pygame.Rect(0, 0, max(1, int(size * turn)), int(size * 0.6) + 2)
            rect.center = (int(x), int(y))
            pygame.draw.rect(surface, palette[i % len(palette)], rect)

    def _table(self, surface: pygame.Surface, t: float) -> None:
        """Munchkin: everyone who sat at the table, the winner's seat lit, each with the level they reached."""
        for i, rect in enumerate(self.seat_rects()):
            k = ease_out(phase(t, 1.0 + 0.12 * i, 1.5 + 0.12 * i))
            if k <= 0:
                continue
            name_at, won = self.names_at[i] or "?", i in self.winners
            colour = theme.seat_colour(i, self.session.colours.get(i))
            r = max(8, min(rect.w // 4, rect.h // 4))
            centre = (rect.centerx, rect.y + r + 4 + int(20 * (1 - k)))
            pygame.draw.circle(surface, colour, centre, r)
            pygame.draw.circle(surface, theme.YELLOW if won else (60, 60, 76), centre, r, 3)
            mark = render_line(name_at[:1], r * 2, r, theme.TEXT_DARK, "title")
            surface.blit(mark, mark.get_rect(center=centre))
            name = render_line(name_at, rect.w, 18, theme.YELLOW if won else theme.TEXT, "bold")
            surface.blit(name, name.get_rect(midtop=(rect.centerx, centre[1] + r + 6)))
            level = render_line(f"Level {self.levels[i] if i < len(self.levels) else '?'}", rect.w, 16, theme.TEXT_DIM)
            surface.blit(level, level.get_rect(midtop=(rect.centerx, centre[1] + r + 28)))

    def _gold(self, surface: pygame.Surface, t: float) -> None:
        """Wonderland: everyone's Gold counted into bars, one player after another."""
        rows = self.gold_rows()
        if not rows:
            return
        most = max(self.golds) or 1
        for i, (gold, row) in enumerate(zip(self.golds, rows, strict=True)):
            k = ease_out(phase(t, 0.8 + 0.25 * i, 2.0 + 0.25 * i))
            name = self.names_at[i] if i < len(self.names_at) and self.names_at[i] else f"Seat {i + 1}"
            label = render_line(name, 170, 18, theme.TEXT, "bold")
            surface.blit(label, label.get_rect(midleft=(row.x, row.centery)))
            bar = pygame.Rect(row.x + 180, row.y + 3, int((row.w - 260) * gold / most * k), row.h - 6)
            colour = theme.seat_colour(i, self.session.colours.get(i))
            if bar.w > 0:
                pygame.draw.rect(surface, colour, bar, border_radius=6)
            count = render_line(f"{round(gold * k)} Gold", 80, 18, theme.YELLOW if i in self.winners else theme.TEXT)
            surface.blit(count, count.get_rect(midleft=(row.x + 180 + bar.w + 8, row.centery)))
