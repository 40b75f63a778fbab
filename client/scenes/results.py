"""The end of a game: the winner(s), levels or Gold, a short summary, and where the replay was saved."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...shared.rules.munchkin.view import MunchkinView
from ...shared.viewer import GameView, OutcomeWire
from ..session import NetSession, Session
from ..ui import theme
from ..ui.text import render_block, render_line
from ..ui.widgets import Button, Widget, panel
from ..verify import CHECKING
from .base import Box, Scene

if TYPE_CHECKING:
    from ..app import App


class ResultsScene(Scene):
    name = "results"

    def __init__(self, app: App, session: Session, view: GameView, outcome: OutcomeWire, replay_path: str = "") -> None:
        super().__init__(app)
        self.session, self.view, self.outcome = session, view, outcome
        self.replay_path = replay_path or str(getattr(session, "replay_path", "") or "")
        self.done = Button((0, 0, 300, 50), "Close the game", self.back, hotkey=pygame.K_RETURN)
        # The dice check (client/verify.py): one line under the rows, the steps it took on hover.
        self.witness = session.witness if isinstance(session, NetSession) else None
        self.fairness = Widget()
        self.fairness.visible = self.witness is not None
        self._verdict_shown: object = None
        self.widgets = [self.done, self.fairness]
        self.rows = self._rows()
        self.row_h = 60

    def _rows(self) -> list[tuple[str, str, bool]]:
        view, winners = self.view, set(self.outcome.winners)
        if isinstance(view, MunchkinView):
            scores = [f"Level {p.level}" for p in view.players]
        else:  # W18: the Gold in hand, made public at the end
            golds = view.outcome.gold if view.outcome is not None else []
            scores = [f"{golds[i]} Gold" if i < len(golds) else "? Gold" for i in range(len(view.players))]
        names = [p.name for p in view.players]
        return [(name or f"Seat {i + 1}", scores[i], i in winners) for i, name in enumerate(names)]

    def layout(self, size: tuple[int, int]) -> None:
        self.done.rect.midbottom = (size[0] // 2, size[1] - 40)
        # The button says where it leads: the lobby or browser beneath, or out of a hot-seat game's window.
        below = self.app.stack[-2] if len(self.app.stack) > 1 and self.app.stack[-1] is self else None
        self.done.label = {"lobby": "Back to the lobby", "browser": "Back to the browser"}.get(
            below.name if below is not None else "", "Close the game"
        )
        self.fairness.rect = self.fairness_rect(self.table_box(size[0]))
        self.fairness.tooltip = self.fairness_text()[2]

    def table_box(self, w: int) -> pygame.Rect:
        """The players' rows; on a short window they are thinner so that the button below stays clear."""
        room = self.done.rect.y - 150 - 70 - 36  # the replay note and the dice line go between rows and button
        self.row_h = max(34, min(60, (room - 20) // max(1, len(self.rows))))
        box = pygame.Rect(0, 0, min(640, w - 80), self.row_h * len(self.rows) + 20)
        box.midtop = (w // 2, 150)
        return box

    def row_rects(self, box: pygame.Rect) -> list[pygame.Rect]:
        return [
            pygame.Rect(box.x + 10, box.y + 10 + i * self.row_h, box.w - 20, self.row_h - 8)
            for i in range(len(self.rows))
        ]

    def layout_boxes(self) -> list[Box]:
        w = self.app.screen.get_width()
        box = self.table_box(w)
        boxes: list[Box] = [("title", pygame.Rect(40, 40, w - 80, 56)), ("players", box)]
        boxes += [(f"players/row:{i}", r) for i, r in enumerate(self.row_rects(box))]
        if self.replay_path:
            boxes.append(("note", pygame.Rect(40, box.bottom + 16, w - 80, 50)))
        if self.fairness.visible:
            boxes.append(("fairness", self.fairness_rect(box)))
        return [*boxes, ("done", self.done.rect.copy())]

    def fairness_rect(self, box: pygame.Rect) -> pygame.Rect:
        top = box.bottom + (74 if self.replay_path else 16)
        return pygame.Rect(40, top, self.app.screen.get_width() - 80, 30)

    def update(self, dt: float) -> None:
        super().update(dt)
        witness = self.witness
        if witness is None:
            return
        if witness.verdict is None and not witness.checking:
            self.session.pump(dt)  # the host's reveal follows the outcome: keep reading until it is here
        if witness.verdict is not self._verdict_shown:
            self._verdict_shown = witness.verdict
            self.fairness.tooltip = self.fairness_text()[2]
            self.changed()

    def fairness_text(self) -> tuple[str, tuple[int, int, int], str]:
        """The line, its colour (blue: fair, orange: not, grey: nothing to say yet) and the hover details."""
        verdict = self.witness.verdict if self.witness is not None else None
        if verdict is None:
            return CHECKING, theme.TEXT_DIM, "The host reveals its secret with the outcome; then every die is checked."
        details = "\n".join(verdict.details)
        if verdict.fair is True:
            return verdict.headline, theme.SKY, details
        if verdict.fair is False:
            return verdict.headline, theme.ORANGE, details
        return verdict.headline, theme.TEXT_DIM, details

    def back(self) -> None:
        self.session.close()
        self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        w = surface.get_width()
        winners = [name for name, _, won in self.rows if won]
        title = "Winner: " + " and ".join(winners) if winners else "Game over"
        img = render_line(title, w - 80, 48, theme.ACCENT, "bold")
        surface.blit(img, img.get_rect(midtop=(w // 2, 40)))
        reason = self.outcome.reason.replace("_", " ")
        if reason:
            sub = render_line(reason.capitalize(), w - 80, 22, theme.TEXT_DIM)
            surface.blit(sub, sub.get_rect(midtop=(w // 2, 100)))
        box = self.table_box(w)
        panel(surface, box, radius=12)
        for i, ((name, score, won), row) in enumerate(zip(self.rows, self.row_rects(box), strict=True)):
            if won:
                pygame.draw.rect(surface, (70, 60, 20), row, border_radius=8)
                pygame.draw.rect(surface, theme.YELLOW, row, 2, border_radius=8)
            colour = theme.seat_colour(i, self.session.colours.get(i))
            pygame.draw.circle(surface, colour, (row.x + 26, row.centery), 14)
            who = render_line(name + ("  ★ winner" if won else ""), row.w - 220, 24, theme.TEXT, "bold")
            surface.blit(who, who.get_rect(midleft=(row.x + 52, row.centery)))
            s = render_line(score, 180, 24, theme.TEXT)
            surface.blit(s, s.get_rect(midright=(row.right - 14, row.centery)))
        if self.replay_path:
            note = render_block(
                f"Replay saved. Watch it again with: doorkick replay {self.replay_path}",
                w - 80,
                50,
                18,
                theme.TEXT_DIM,
                align="center",
            )
            surface.blit(note, (40, box.bottom + 16))
        if self.fairness.visible:
            text, colour, _ = self.fairness_text()
            line = render_line(text, self.fairness.rect.w, 22, colour, "bold")
            surface.blit(line, line.get_rect(center=self.fairness.rect.center))
        super().draw(surface)
