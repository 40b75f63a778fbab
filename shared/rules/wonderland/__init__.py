"""Munchkin Wonderland, the movement-board game: its engine, exposed as `RULESET`."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import msgspec

from ..base import Action, Event, Outcome, SeatSetup, Wire
from ..legal import LegalActions
from . import engine
from .actions import WonderlandAction
from .state import WonderlandState, gold
from .view import WonderlandView, player_view, player_views


class WonderlandRuleset:
    """The `Ruleset` of Munchkin Wonderland (rules W01-W19); every method is pure."""

    game = "wonderland"
    score_name = "gold"

    def new_game(
        self, seats: tuple[SeatSetup, ...], seed: int, packs: tuple[str, ...] = (), options: Wire = None
    ) -> WonderlandState:
        return engine.new_game(seats, seed, packs, options)

    def legal_actions(self, state: WonderlandState, seat: int) -> LegalActions[WonderlandAction]:
        return engine.legal_actions(state, seat)

    def apply(self, state: WonderlandState, action: Action) -> tuple[WonderlandState, list[Event]]:
        return engine.apply(state, action)

    def player_view(self, state: WonderlandState, seat: int | None) -> dict[str, Wire]:
        return msgspec.to_builtins(player_view(state, seat))  # type: ignore[no-any-return]

    def player_views(
        self,
        state: WonderlandState,
        seats: Iterable[int | None],
        before: tuple[WonderlandState, Mapping[int | None, WonderlandView]] | None = None,
    ) -> dict[int | None, WonderlandView]:
        return player_views(state, seats, before)

    def outcome(self, state: WonderlandState) -> Outcome | None:
        return engine.outcome(state)

    def seats_to_act(self, state: WonderlandState) -> frozenset[int]:
        return engine.seats_to_act(state)

    def turn_number(self, state: WonderlandState) -> int:
        return state.turn

    def reaction_seconds(self, state: WonderlandState) -> float | None:
        return None  # the Wonderland rules set no reaction time

    def score(self, state: WonderlandState, seat: int) -> int:
        return gold(state, seat)

    def action_from_wire(self, wire: Wire) -> Action:
        return WonderlandAction.from_wire(wire)


RULESET = WonderlandRuleset()

__all__ = ["RULESET", "WonderlandRuleset", "WonderlandState"]
