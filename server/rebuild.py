"""A game rebuilt from its save: the engine replays the action log from the table's seed.

A damaged action whose frame header survived (its body's length and CRC-32) is found again among the legal
actions at that point: the one whose frame has that length and checksum (a chance match is one in 2^32), so
the intact actions after it replay too and nothing is lost. Pure: safe in a worker thread.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..shared.rules.base import Ruleset
from . import actionlog
from .actionlog import LogReading
from .offer import Offer
from .scenario_tables import scenario_state
from .tables import Seat, Table, setups


@dataclass
class Replayed:
    state: Any
    actions: list[dict[str, Any]]  # every action that replayed, in order
    rebuilt: tuple[int, ...]  # the numbers of those rebuilt from a damaged frame's header


def first_state(
    ruleset: Ruleset[Any], table: Table, offer: Offer, seats: list[Seat] | None = None, seed: int | None = None
) -> Any:
    """The game as it starts: a new one from the seed, or the table the host player's scenario arranges."""
    seats = table.seats if seats is None else seats
    if table.scenario is not None:
        return scenario_state(table.scenario, seats)
    seed = table.seed if seed is None else seed
    assert seed is not None
    return ruleset.new_game(setups(seats), seed, offer.engine_packs(table.packs), offer.engine_options(table.options))


def replay(ruleset: Ruleset[Any], table: Table, offer: Offer, reading: LogReading) -> Replayed:
    """The table's game after every action of its log that can be replayed in order."""
    state = first_state(ruleset, table, offer)
    actions: list[dict[str, Any]] = []
    rebuilt: list[int] = []
    while True:
        n = len(actions) + 1
        wire = reading.found.get(n)
        if wire is None and n in reading.clues:
            wire = _find(ruleset, state, len(table.seats), n, reading.clues[n])
            if wire is not None:
                rebuilt.append(n)
        if wire is None:
            return Replayed(state, actions, tuple(rebuilt))
        state, _ = ruleset.apply(state, ruleset.action_from_wire(wire))
        actions.append(wire)


def _find(ruleset: Ruleset[Any], state: Any, seats: int, n: int, clue: tuple[int, int]) -> dict[str, Any] | None:
    for seat in range(seats):
        for action in ruleset.legal_actions(state, seat):
            wire = action.to_wire()
            if actionlog.matches(n, wire, clue):
                return wire
    return None
