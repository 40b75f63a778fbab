"""Drawing cards: the Treasure deck whose last card ends the game (W18), the Monster deck that reshuffles."""

from __future__ import annotations

from dataclasses import replace

from ..base import Event
from .events import MonsterDeckReshuffled, TreasureDiscardsReshuffled
from .state import WonderlandState

Hands = tuple[tuple[str, ...], ...]


def draw_treasures(state: WonderlandState, count: int) -> tuple[WonderlandState, tuple[str, ...], list[Event]]:
    """Take `count` Treasures off the deck. Drawing the last one ends the game (W18): any still owed come
    from the discards, shuffled, so the draw completes."""
    events: list[Event] = []
    deck = state.treasure_deck
    drawn = deck[:count]
    deck = deck[count:]
    last = state.last_treasure_drawn or (bool(drawn) and not deck)
    rng = state.rng
    discard = state.treasure_discard
    owed = count - len(drawn)
    if owed and discard:
        reshuffled, rng = rng.shuffled(discard)
        events.append(TreasureDiscardsReshuffled(cards=len(reshuffled)))
        drawn += reshuffled[:owed]
        deck = reshuffled[owed:]
        discard = ()
        last = True
    state = replace(state, treasure_deck=deck, treasure_discard=discard, rng=rng, last_treasure_drawn=last)
    return state, drawn, events


def draw_monster(state: WonderlandState) -> tuple[WonderlandState, str | None, list[Event]]:
    """One Monster card; an empty deck reshuffles its discards first (W13). None when every card is out."""
    events: list[Event] = []
    if not state.monster_deck:
        if not state.monster_discard:
            return state, None, events
        deck, rng = state.rng.shuffled(state.monster_discard)
        events.append(MonsterDeckReshuffled(cards=len(deck)))
        state = replace(state, monster_deck=deck, monster_discard=(), rng=rng)
    card = state.monster_deck[0]
    return replace(state, monster_deck=state.monster_deck[1:]), card, events


def give(hands: Hands, seat: int, cards: tuple[str, ...]) -> Hands:
    return tuple(h + cards if i == seat else h for i, h in enumerate(hands))


def take(hands: Hands, seat: int, card: str) -> Hands:
    """The hands with one copy of `card` removed from `seat`'s (the caller checked it is there)."""
    hand = list(hands[seat])
    hand.remove(card)
    return tuple(tuple(hand) if i == seat else h for i, h in enumerate(hands))
