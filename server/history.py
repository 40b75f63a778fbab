"""The recent past of a game, kept so that a window coming back to its seat (or a big screen starting to watch)
can fill its log: each viewer gets the events as that viewer may know them, never another seat's secrets.

Only the host's memory holds it (the action log holds the actions, not their events): after a host restart the
history starts again from the first action played since.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from ..shared.rules.base import Event

KEPT = 200  # events: a few turns, the length of a log anyone scrolls back through


class RecentEvents:
    """The last `KEPT` events of a table, in order."""

    def __init__(self, kept: int = KEPT) -> None:
        self._events: deque[Event] = deque(maxlen=kept)

    def add(self, events: list[Event]) -> None:
        self._events.extend(events)

    def for_seat(self, seat: int | None) -> list[dict[str, Any]]:
        """What `seat` (None: a spectator) may know of each kept event, oldest first."""
        return [event.for_seat(seat) for event in self._events]
