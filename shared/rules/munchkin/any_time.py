"""The cards any player may play at any time, outside a combat's resolution: curses (M37) and Go Up a Level
(M49). Its rules follow `table`'s in the order legal actions are listed."""

from __future__ import annotations

from collections.abc import Iterator

from ..base import Event, WrongTime
from .actions import Curse, GoUpALevel
from .combat import card_played_in_combat
from .effects import change_level
from .events import Played
from .flow import strike_with_curse
from .rulebook import Rules, require, require_alive, require_in_hand
from .state import GameState, discard, hand_of_kind, take_from_hand

RULES = Rules()  # this module's rules, in the order legal actions list them
rule = RULES.rule


# --- any time: curses (M37) and Go Up a Level (M49) -----------------------------------------------------


def _aimed_at_anyone(
    state: GameState, seat: int, kind: str, action: type[Curse] | type[GoUpALevel]
) -> Iterator[Curse | GoUpALevel]:
    """Each card of `kind` in the hand, played on each player (oneself included)."""
    return (action(seat, c, t) for c in hand_of_kind(state, seat, kind) for t in range(len(state.players)))


RESOLUTION_STEPS = ("flee", "spoils")  # a combat's resolution steps: the run-away rolls, the spoils handed out


def not_inside_resolution(state: GameState, what: str) -> None:
    """R02: curses and Go Up a Level may be played at any time, but not inside a resolution step: between the
    first run-away roll and the last, while spoils are handed out, or while Bad Stuff is applied (its choices
    hold the table: the gate lets nothing else in)."""
    combat = state.combat
    if combat is not None and combat.step in RESOLUTION_STEPS:
        doing = "running away" if combat.step == "flee" else "spoils being handed out"
        raise WrongTime(f"{what} wait until the combat's {doing} is over (R02)")


def _check_curse(state: GameState, a: Curse) -> None:
    require_in_hand(state, a.seat, a.card, "curse")
    require_alive(state, a.target)
    require(state.phase != "setup", "curses wait until the game has begun", WrongTime)
    not_inside_resolution(state, "curses")


def _aimed_now(state: GameState) -> list[int]:
    """Who a curse or a Go Up a Level may be played on now: every living player, once the game has begun and
    outside a combat's resolution (R02); nobody otherwise."""
    combat = state.combat
    if state.phase == "setup" or (combat is not None and combat.step in RESOLUTION_STEPS):
        return []
    return [t for t, p in enumerate(state.players) if not p.dead]


def _curses_listed(state: GameState, seat: int) -> list[Curse]:
    cards = hand_of_kind(state, seat, "curse")
    if not cards:
        return []
    targets = _aimed_now(state)
    return [Curse(seat, c, t) for c in cards for t in targets]


@rule(
    Curse,
    _check_curse,
    lambda state, seat: _aimed_at_anyone(state, seat, "curse", Curse),
    listed=_curses_listed,
)
def curse(state: GameState, a: Curse) -> tuple[GameState, list[Event]]:
    state = take_from_hand(state, a.seat, a.card)
    state, events = strike_with_curse(state, a.target, a.card, by=a.seat)
    return card_played_in_combat(state), events


def _check_level_up(state: GameState, a: GoUpALevel) -> None:
    require_in_hand(state, a.seat, a.card, "go_up_a_level")
    target = require_alive(state, a.target)
    require(state.phase != "setup", "not before the game has begun", WrongTime)
    not_inside_resolution(state, "Go Up a Level cards")
    require(
        target.level + state.card(a.card).levels <= state.options.unkilled_ceiling,
        "Go Up a Level never gives the winning level (M49; with Epic rules, nor 19 or 20: E02)",
    )


def _level_ups_listed(state: GameState, seat: int) -> Iterator[GoUpALevel]:
    cards = hand_of_kind(state, seat, "go_up_a_level")
    targets = _aimed_now(state) if cards else []
    ceiling = state.options.unkilled_ceiling
    for c in cards:
        levels = state.card(c).levels
        for t in targets:
            if state.players[t].level + levels <= ceiling:
                yield GoUpALevel(seat, c, t)


@rule(
    GoUpALevel,
    _check_level_up,
    lambda state, seat: _aimed_at_anyone(state, seat, "go_up_a_level", GoUpALevel),
    listed=_level_ups_listed,
)
def go_up_a_level(state: GameState, a: GoUpALevel) -> tuple[GameState, list[Event]]:
    state = discard(take_from_hand(state, a.seat, a.card), a.card)
    state, events = change_level(state, a.target, state.card(a.card).levels)
    state = card_played_in_combat(state)
    return state, [Played(seat=a.seat, card=a.card, target=a.target), *events]
