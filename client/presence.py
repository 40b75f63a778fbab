"""Who is at the table: players who dropped ("Bob is away"), the bots standing in for them, and their return.

The host says it in its `table` details (`connected`, `stand_in`, `stand_in_after`, see docs/protocol.md); this
turns each change into a line for the log and keeps, per seat, what the panels draw: greyed with a countdown
while away, "a bot plays" while a stand-in has the seat.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from .ui import theme
from .ui.text import render_line

HERE, AWAY, STAND_IN = "here", "away", "stand_in"


@dataclass
class SeatPresence:
    state: str = HERE
    seconds: float | None = None  # until a bot takes an away player's seat (counted down here between details)


class Presence:
    """Every human seat's presence at one table, from the host's table details."""

    def __init__(self) -> None:
        self.seats: dict[int, SeatPresence] = {}

    def of(self, seat: int) -> SeatPresence:
        return self.seats.get(seat, SeatPresence())

    def absorb(self, detail: dict[str, Any], me: tuple[int, ...]) -> list[tuple[int, str]]:
        """Take a table detail; the changes worth a line, as (seat, line). Our own seats are not announced."""
        lines: list[tuple[int, str]] = []
        for player in detail.get("players") or []:
            if not isinstance(player, dict) or player.get("kind") != "human" or not isinstance(player.get("seat"), int):
                continue
            seat, name = player["seat"], str(player.get("name") or "Someone")
            after = player.get("stand_in_after")
            if player.get("stand_in"):
                state = STAND_IN
            elif not player.get("connected", True):
                state = AWAY
            else:
                state = HERE
            old = self.seats.get(seat, SeatPresence()).state
            self.seats[seat] = SeatPresence(state, float(after) if isinstance(after, int | float) else None)
            if state != old and seat not in me:
                lines.append((seat, announcement(name, state, self.seats[seat].seconds)))
        return lines

    def tick(self, dt: float) -> None:
        for presence in self.seats.values():
            if presence.seconds is not None:
                presence.seconds = max(0.0, presence.seconds - dt)


def announcement(name: str, new: str, seconds: float | None) -> str:
    if new == AWAY:
        return f"{name} is away" + (f": a bot plays for them in {countdown(seconds)}" if seconds else "")
    if new == STAND_IN:
        return f"A bot plays for {name}"
    return f"{name} is back"


def countdown(seconds: float | None) -> str:
    whole = int(seconds or 0)
    return f"{whole // 60}:{whole % 60:02d}"


def mark(name: str) -> str:
    """The prefix of a log line for an action a bot played for `name`."""
    return f"[bot for {name}] "


def draw_mark(
    surface: pygame.Surface, presence: SeatPresence, rect: pygame.Rect, note: pygame.Rect | None = None
) -> None:
    """Over a player's panel: greyed, with "away · bot in 4:31" while away, "a bot plays" while one stands in,
    at the right of `note` (a line of the panel clear of its text; the panel's middle when not given)."""
    if presence.state == HERE:
        return
    shade = pygame.Surface(rect.size, pygame.SRCALPHA)
    shade.fill((40, 40, 44, 150) if presence.state == AWAY else (20, 30, 50, 110))
    surface.blit(shade, rect.topleft)
    if presence.state == AWAY:
        text = "away" + (f" · bot in {countdown(presence.seconds)}" if presence.seconds is not None else "")
    else:
        text = "a bot plays"
    where = rect if note is None else note
    size = 16 if note is None else max(16, where.h * 2 // 3)
    label = render_line(text, where.w - 16, size, theme.YELLOW if presence.state == AWAY else theme.SKY, "bold")
    surface.blit(label, label.get_rect(midright=(where.right - 8, where.centery)))
