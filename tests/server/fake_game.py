"""A tiny dice race that implements the Ruleset protocol, so the server can be tested without the real games.

Seats take turns to `roll`; the roller draws a secret card from a shuffled deck. Landing on a multiple of
five opens a reaction window in which every other seat must `pass` or `heckle` (heckling moves the roller
back one square). The first seat to reach the goal wins. Card ids are distinctive so a test can search raw
bytes for them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from msgspec import UNSET, UnsetType

from doorkick.shared.rules.base import (
    Action,
    Event,
    IllegalAction,
    NotYourDecision,
    Outcome,
    SeatSetup,
    WrongTime,
)
from doorkick.shared.rules.rng import Rng

GOAL = 30
DECK = tuple(f"CANARY{n:03d}Z" for n in range(120))


class Rolled(Event, tag="rolled"):
    seat: int
    value: int


class Drew(Event, tag="drew"):
    SECRET = ("card",)

    seat: int
    card: str | UnsetType = UNSET


class Won(Event, tag="won"):
    seat: int


class ReactionWindow(Event, tag="reaction_window"):
    pass


class Passed(Event, tag="pass"):
    seat: int


class Heckled(Event, tag="heckle"):
    seat: int


@dataclass(frozen=True)
class RaceAction(Action):
    registry: ClassVar[dict[str, type[Action]]] = {}


@dataclass(frozen=True)
class Roll(RaceAction):
    kind: ClassVar[str] = "roll"


@dataclass(frozen=True)
class Pass(RaceAction):
    kind: ClassVar[str] = "pass"


@dataclass(frozen=True)
class Heckle(RaceAction):
    kind: ClassVar[str] = "heckle"


@dataclass(frozen=True)
class RaceState:
    names: tuple[str, ...]
    positions: tuple[int, ...]
    hands: tuple[tuple[str, ...], ...]
    deck: tuple[str, ...]
    rng: Rng
    goal: int = GOAL
    turn: int = 0
    turns_taken: int = 0
    reacting: frozenset[int] = frozenset()  # seats still to answer the reaction window
    winner: int | None = None


WINDOW_SECONDS = 1.0  # how long the race's reaction window gives the others


class DiceRace:
    game = "dice"
    score_name = "squares"

    def new_game(
        self, seats: tuple[SeatSetup, ...], seed: int, packs: tuple[str, ...] = (), options: Any = None
    ) -> RaceState:
        goal = options.get("goal") if isinstance(options, dict) else None
        if goal is not None and (not isinstance(goal, int) or goal < 1):
            raise ValueError("goal must be a positive int")
        deck, rng = Rng.from_seed(seed).shuffled(DECK)
        state = RaceState(
            names=tuple(s.name for s in seats),
            positions=(0,) * len(seats),
            hands=((),) * len(seats),
            deck=deck,
            rng=rng,
            goal=GOAL if goal is None else goal,
        )
        return state

    def legal_actions(self, state: RaceState, seat: int) -> list[Action]:
        if state.winner is not None:
            return []
        if state.reacting:
            return [Pass(seat), Heckle(seat)] if seat in state.reacting else []
        return [Roll(seat)] if seat == state.turn else []

    def apply(self, state: RaceState, action: Action) -> tuple[RaceState, list[Event]]:
        seat = action.seat
        if state.winner is not None:
            raise WrongTime("the race is over")
        if isinstance(action, Roll):
            if state.reacting or seat != state.turn:
                raise NotYourDecision("not your roll")
            value, rng = state.rng.roll(6)
            events: list[Event] = [Rolled(seat=seat, value=value)]
            hands, deck = state.hands, state.deck
            if deck:  # an empty deck simply stops dealing
                card, deck = deck[0], deck[1:]
                hands = tuple((*h, card) if i == seat else h for i, h in enumerate(hands))
                events.append(Drew(seat=seat, card=card, seen_by=frozenset({seat})))
            positions = tuple(p + value if i == seat else p for i, p in enumerate(state.positions))
            state = replace(
                state, rng=rng, deck=deck, hands=hands, positions=positions, turns_taken=state.turns_taken + 1
            )
            if positions[seat] >= state.goal:
                return replace(state, winner=seat), [*events, Won(seat=seat)]
            if positions[seat] % 5 == 0:
                others = frozenset(range(len(positions))) - {seat}
                return replace(state, reacting=others), [*events, ReactionWindow()]
            return replace(state, turn=(seat + 1) % len(positions)), events
        if isinstance(action, Pass | Heckle):
            if seat not in state.reacting:
                raise NotYourDecision("you have nothing to react to")
            positions = state.positions
            events = [Heckled(seat=seat) if isinstance(action, Heckle) else Passed(seat=seat)]
            if isinstance(action, Heckle):
                positions = tuple(max(0, p - 1) if i == state.turn else p for i, p in enumerate(positions))
            reacting = state.reacting - {seat}
            turn = state.turn if reacting else (state.turn + 1) % len(positions)
            return replace(state, positions=positions, reacting=reacting, turn=turn), events
        raise IllegalAction(f"{action.kind} is not a dice race action")

    def player_view(self, state: RaceState, seat: int | None) -> dict[str, Any]:
        view: dict[str, Any] = {
            "players": [
                {"name": n, "position": p, "cards": len(h)}
                for n, p, h in zip(state.names, state.positions, state.hands, strict=True)
            ],
            "turn": state.turn,
            "reacting": sorted(state.reacting),
            "deck": len(state.deck),
            "winner": state.winner,
        }
        if seat is not None:
            view["hand"] = list(state.hands[seat])
        return view

    def player_views(
        self, state: RaceState, seats: Iterable[int | None], before: Any = None
    ) -> dict[int | None, dict[str, Any]]:
        return {seat: self.player_view(state, seat) for seat in seats}

    def outcome(self, state: RaceState) -> Outcome | None:
        return None if state.winner is None else Outcome((state.winner,), "reached the goal")

    def seats_to_act(self, state: RaceState) -> frozenset[int]:
        if state.winner is not None:
            return frozenset()
        return state.reacting or frozenset({state.turn})

    def turn_number(self, state: RaceState) -> int:
        return state.turns_taken

    def reaction_seconds(self, state: RaceState) -> float | None:
        return WINDOW_SECONDS if state.reacting else None  # only a reaction window runs the pass clock

    def score(self, state: RaceState, seat: int) -> int:
        return state.positions[seat]

    def action_from_wire(self, wire: Any) -> Action:
        return RaceAction.from_wire(wire)


RULESET = DiceRace()


def rulesets(game: str) -> Any:
    """The server's game lookup, for tests: only the dice race."""
    if game == "dice":
        return RULESET
    raise KeyError(f"unknown game {game!r}")
