"""Tables arranged by a scenario file (docs/scenarios.md): the game they start with, built from the text the host
kept, with the players who sat down in the scenario's seats."""

from __future__ import annotations

from typing import Any

from ..shared.rules.scenario import rebuild
from .tables import Seat


def scenario_state(scenario: dict[str, str], seats: list[Seat]) -> Any:
    """The scenario's state with each seat's name as it sits at the table; the sex and cards stay the file's."""
    built = rebuild(scenario, tuple(s.name for s in seats))
    for seat, setup in zip(seats, built.seats, strict=True):
        seat.sex = setup.sex  # the character the scenario wrote, whoever plays it
    return built.state
