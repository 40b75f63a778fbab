"""Tables arranged by a scenario file (docs/scenarios.md): the game they start with, built from the text the host
kept, with the players who sat down in the scenario's seats."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..shared.rules.scenario import parse_scenario
from .tables import HUMAN, Seat


def scenario_state(scenario: dict[str, str], seats: list[Seat]) -> Any:
    """The scenario's state with each seat's name as it sits at the table; the sex and cards stay the file's."""
    source = scenario["source"]
    names = tuple(s.name for s in seats)
    built = parse_scenario(scenario["text"], source, Path(source).parent, names)
    for seat, setup in zip(seats, built.seats, strict=True):
        if seat.kind == HUMAN:
            seat.sex = setup.sex  # the character the scenario wrote, whoever plays it
    return built.state
