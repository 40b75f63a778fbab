"""The table of rules: for each action, how it is checked, what it does, and when a seat could take it.

Legal actions are the candidates that pass the same check `apply` runs, so what `legal_actions` offers is
never refused, and an action refused by `apply` raises the `RuleError` naming why.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, NoReturn

from ..base import Event, IllegalAction, NotYourDecision, RuleError, WrongTime
from .actions import MunchkinAction
from .character import discardable, has_ability
from .state import Combat, GameState, Player

Perform = Callable[[GameState, Any], tuple[GameState, list[Event]]]


@dataclass(frozen=True)
class Rule:
    check: Callable[[GameState, Any], None]
    perform: Perform
    candidates: Callable[[GameState, int], Iterable[MunchkinAction]]
    # The fields whose values the candidates sample (one representative of many valid choices: any items of a
    # trade, any cards to pay with); every other field's valid values are all listed.
    sampled: tuple[str, ...] = ()
    # The candidates that pass `check`, in their order, found without checking each one: what is the same for
    # all of them is asked once (a call for help offers some thirty bribes). None: each candidate is checked.
    listed: Callable[[GameState, int], Iterable[MunchkinAction]] | None = None


class Rules(dict[type[MunchkinAction], Rule]):
    """One module's rules, in the order they are declared; the engine joins every module's into the one table."""

    def rule(
        self,
        action: type[MunchkinAction],
        check: Callable[[GameState, Any], None],
        candidates: Callable[[GameState, int], Iterable[MunchkinAction]],
        sampled: tuple[str, ...] = (),
        listed: Callable[[GameState, int], Iterable[MunchkinAction]] | None = None,
    ) -> Callable[[Perform], Perform]:
        def register(perform: Perform) -> Perform:
            self[action] = Rule(check, perform, candidates, sampled, listed)
            return perform

        return register


def settled_by_first(
    check: Callable[[GameState, Any], None], candidates: Callable[[GameState, int], Iterable[MunchkinAction]]
) -> Callable[[GameState, int], Iterator[MunchkinAction]]:
    """A `listed` for candidates that pass or fail together: the first one's check settles them all."""

    def listed(state: GameState, seat: int) -> Iterator[MunchkinAction]:
        found = iter(candidates(state, seat))
        first = next(found, None)
        if first is None:
            return
        try:
            check(state, first)
        except RuleError:
            return
        yield first
        yield from found

    return listed


def refuse(message: str, error: type[RuleError] = IllegalAction) -> NoReturn:
    raise error(message)


def require(condition: bool, message: str, error: type[RuleError] = IllegalAction) -> None:
    if not condition:
        raise error(message)


# The helpers below test first and build their message only when they refuse: they run on every candidate
# `legal_actions` checks, some 40 times an action, and most candidates pass.


def require_turn(state: GameState, seat: int, *phases: str) -> None:
    if seat != state.active:
        raise NotYourDecision("it is not your turn")
    if phases and state.phase not in phases:
        raise WrongTime(f"not now: the turn is in its '{state.phase}' phase")


def require_in_hand(state: GameState, seat: int, card: str, *kinds: str) -> None:
    if card not in state.players[seat].hand:
        refuse(f"{card} is not in your hand")
    if kinds:
        d = state.catalog.defs[card]
        if d.kind not in kinds:
            refuse(f"{d.name} is a {d.kind}, not a {' or '.join(kinds)}")


def require_alive(state: GameState, seat: int, who: str = "that player") -> Player:
    if not 0 <= seat < len(state.players):
        refuse(f"there is no seat {seat}")
    p = state.players[seat]
    if p.dead:
        refuse(f"{who} is dead until the next turn begins")
    return p


def in_combat(state: GameState, seat: int) -> bool:
    combat = state.combat  # `seat in combat.fighters`, without building that tuple
    return combat is not None and (seat == combat.fighter or seat == combat.helper)


def require_out_of_combat(state: GameState, seat: int, who: str = "you") -> None:
    if in_combat(state, seat):
        raise WrongTime(f"not while {who} {'are' if who == 'you' else 'is'} in combat")


def others(state: GameState, seat: int) -> list[int]:
    return [s for s in range(len(state.players)) if s != seat]


def combat_of(state: GameState, *steps: str) -> Combat:
    combat = state.combat
    if combat is None:
        raise WrongTime("there is no combat")
    if steps and combat.step not in steps:
        raise WrongTime(f"not now: the combat is at its '{combat.step}' step")
    return combat


MAX_ABILITY_DISCARDS = 3  # Berserk, Turn Undead, Flight Spell (M40)


def check_discards(state: GameState, seat: int, cards: tuple[str, ...], most: int = MAX_ABILITY_DISCARDS) -> None:
    require(1 <= len(cards) <= most, f"discard between 1 and {most} cards")
    require(len(set(cards)) == len(cards), "name each card once")
    mine = discardable(state.players[seat])
    for c in cards:
        require(c in mine, f"{c} is not a card of yours to discard")


def discard_choices(state: GameState, seat: int) -> Iterator[tuple[str, ...]]:
    cards = discardable(state.players[seat])
    for n in range(1, min(MAX_ABILITY_DISCARDS, len(cards)) + 1):
        yield cards[:n]


def check_fighting_ability(state: GameState, seat: int, ability: str, once: bool = True) -> Combat:
    """A class or race ability used in a fight: by a fighter or the helper, once per combat unless told."""
    combat = combat_of(state, "fight", "window")
    require(seat in combat.fighters, "only a fighter or the helper may do that")
    require(has_ability(state, seat, ability), f"you lack the ability {ability!r}")
    if once:
        require((seat, ability) not in combat.used, f"{ability} once per combat")
    return combat
