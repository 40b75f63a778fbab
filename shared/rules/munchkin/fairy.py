"""Fairy Dust (F01-F06): the Sparkly Good Fairy's rewards and return, and the Fairy Dust mini-deck's draws."""

from __future__ import annotations

from ..base import Event
from .effects import draw_into_hand
from .events import DustWhy, FairyDust, FairyDustToTreasures, FairyReturns, Reshuffled
from .state import Combat, GameState, evolve

FAIRY_RETURN_DEPTH = 10  # F05: she is shuffled into the top 10 Doors


def dust_for(state: GameState, seat: int, count: int, why: DustWhy) -> tuple[GameState, list[Event]]:
    """Draw Fairy Dust cards face down; an empty (or closed) mini-deck gives nothing (F01, F02)."""
    if not state.fairy_dust_deck or count <= 0:
        return state, []
    state, events = draw_into_hand(state, seat, "fairy_dust", count, face_up=False)
    return state, [FairyDust(seat=seat, why=why), *events]


def helper_dust(state: GameState, combat: Combat) -> tuple[GameState, list[Event]]:
    """F02: a helper whose side wins draws one card, once per combat; not a charmed helper (F06)."""
    helper = combat.helper
    if helper is None or state.players[helper].charmed:
        return state, []
    return dust_for(state, helper, 1, "helped")


def fairy_killed(state: GameState, combat: Combat) -> tuple[GameState, list[Event]]:
    """F04: killing the Fairy draws her Fairy Dust cards, besides her four regular Treasures."""
    dust = sum(state.card(m.base).fairy_dust for m in combat.monsters)
    return dust_for(state, combat.fighter, dust, "killed_the_fairy")


def close_fairy_dust(state: GameState, killed: tuple[str, ...]) -> tuple[GameState, list[Event]]:
    """F04: once she is dead and her treasure drawn, the rest of the mini-deck goes on top of the Treasure deck."""
    if not state.fairy_dust_deck or not any(state.card(c).fairy for c in killed):
        return state, []
    rest = state.fairy_dust_deck
    state = evolve(state, fairy_dust_deck=(), treasure_deck=rest + state.treasure_deck)
    return state, [FairyDustToTreasures(cards=len(rest))]


def fairy_returns(
    state: GameState, used: list[str], defeated: tuple[str, ...]
) -> tuple[GameState, list[str], list[Event]]:
    """F05, R10: a Fairy not defeated does not vanish: she goes back among the top 10 Doors. Returns the others."""
    fairies = [c for c in used if state.card(c).fairy and state.card(c).kind == "monster" and c not in defeated]
    if not fairies:
        return state, used, []
    depth = FAIRY_RETURN_DEPTH
    events: list[Event] = []
    if len(state.door_deck) < depth and state.door_discard:
        # A Door deck thinner than ten takes its discards first, as it would on running out: else she is the
        # whole deck and meets the next kick again, and again.
        below, rng = state.rng.shuffled(state.door_discard)
        state = evolve(state, rng=rng, door_deck=(*state.door_deck, *below), door_discard=())
        events.append(Reshuffled(deck="door", cards=len(below)))
    top, rng = state.rng.shuffled((*state.door_deck[:depth], *fairies))
    state = evolve(state, rng=rng, door_deck=(*top, *state.door_deck[depth:]))
    return state, [c for c in used if c not in fairies], [*events, FairyReturns(cards=fairies)]


def tradeable(state: GameState, card: str) -> bool:
    """F03: Fairy Dust cards with a value are items and change hands; the others do not."""
    d = state.catalog.defs[card]
    return not (d.is_fairy_dust and d.value == 0)


__all__ = ["close_fairy_dust", "dust_for", "fairy_killed", "fairy_returns", "helper_dust", "tradeable"]
