"""Items changing hands in play: given, traded, stolen, or paid as a bribe after a combat (M46, R04, R06)."""

from __future__ import annotations

from .character import settle_items
from .effects import keep_to_big_limit
from .state import GameState, evolve, with_player


def move_items(state: GameState, giver: int, taker: int, cards: tuple[str, ...]) -> GameState:
    """Items change hands in play; they arrive turned sideways, to be equipped when allowed (M24, M46)."""
    return keep_to_big_limit(_hand_over(state, giver, taker, cards), taker)


def swap_items(state: GameState, one: int, other: int, gives: tuple[str, ...], takes: tuple[str, ...]) -> GameState:
    """A trade: both halves change hands before the Big-item limit is counted (R04)."""
    state = _hand_over(_hand_over(state, one, other, gives), other, one, takes)
    return keep_to_big_limit(keep_to_big_limit(state, other), one)


def _hand_over(state: GameState, giver: int, taker: int, cards: tuple[str, ...]) -> GameState:
    g = state.players[giver]
    moving = [evolve(c, equipped=False, on_hireling=False) for c in g.items if c.card in cards]
    state = with_player(state, giver, items=tuple(c for c in g.items if c.card not in cards))
    t = state.players[taker]
    return settle_items(with_player(state, taker, items=(*t.items, *moving)), giver)
