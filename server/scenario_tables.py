"""Tables arranged by a scenario file (docs/scenarios.md): the game they start with, built from the text the host
kept, with the players who sat down in the scenario's seats."""

from __future__ import annotations

from typing import Any

from ..shared.rules.scenario import rebuild
from .tables import BOT, Seat


def scenario_state(scenario: dict[str, str], seats: list[Seat]) -> Any:
    """The scenario's first state with each seat's player in it. Each seat takes the file's character: its sex,
    and for a bot its name too (a bot plays "Zuza" rather than "Bot 2"); a player keeps their own name."""
    written = rebuild(scenario)
    for seat, character in zip(seats, written.seats, strict=True):
        seat.sex = character.sex
        if seat.kind == BOT:
            seat.name = character.name
    return rebuild(scenario, tuple(s.name for s in seats)).state
