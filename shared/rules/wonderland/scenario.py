"""A Wonderland board from a scenario file (docs/scenarios.md): where each standie stands, its hand and Friends
(and so its Gold), the top cards of both decks and the dice to come."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..base import SeatSetup
from ..cards import PackError
from ..rng import ScriptedRng
from ..scenario import Cards, Document, Entries, seat_name
from .cards import FRIEND
from .engine import MAX_PLAYERS, MIN_PLAYERS, new_game
from .state import WonderlandState

MAX_FRIENDS = 2  # W04


def build(
    doc: Document, names: tuple[str, ...] | None
) -> tuple[WonderlandState, tuple[SeatSetup, ...], tuple[str, ...]]:
    top = doc.top
    packs = tuple(doc.path(p) for p in top.texts("packs"))
    if not MIN_PLAYERS <= len(doc.seats) <= MAX_PLAYERS:
        raise doc.fault(
            "seats",
            len(doc.seats) - 1,
            None,
            None,
            f"Wonderland seats {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(doc.seats)}",
        )
    setups = tuple(SeatSetup(seat_name(e, i, names)) for i, e in enumerate(doc.seats))
    options = _options(doc, top)
    seed = top.integer("seed", 1, 0, 2**63 - 1)
    try:
        state = new_game(setups, seed, packs, options)
    except PackError:
        raise  # named at the packs by the loader
    except ValueError as exc:  # an unknown option, a broken board: the engine's own words
        raise top.fault("options", str(exc)) from exc
    cards = Cards(state.catalog.defs, f"the packs {', '.join(state.catalog.packs)}")
    dealt = tuple(c for hand in state.hands for c in hand)  # back under the deck, as the seed ordered them
    positions, hands, friends = [], [], []
    for e in doc.seats:
        position = e.text("position", state.board.entrance)
        if position not in state.board.spaces:
            raise e.fault("position", f"{position!r} is not a space of the board {state.board.id!r}", position)
        positions.append(position)
        hand, friendly = _treasures(state, cards, e)
        hands.append(hand)
        friends.append(friendly)
        e.finish()
    treasure_tops, monster_tops, treasure_discard, monster_discard = _piles(state, cards, doc.decks)
    doc.decks.finish()
    state = replace(
        state,
        rng=ScriptedRng.of(state.rng, doc.dice()),
        positions=tuple(positions),
        hands=tuple(hands),
        friends=tuple(friends),
        treasure_deck=treasure_tops + cards.rest((*state.treasure_deck, *dealt)),
        monster_deck=monster_tops + cards.rest(state.monster_deck),
        treasure_discard=treasure_discard,
        monster_discard=monster_discard,
        active=top.integer("active", 0, 0, len(doc.seats) - 1),
    )
    return state, setups, packs


def _options(doc: Document, top: Entries) -> dict[str, Any]:
    options = top.value("options", {})
    if not isinstance(options, dict):
        raise top.fault("options", f"options must be a table, got {options!r}")
    if isinstance(options.get("board"), str):
        options = {**options, "board": doc.path(options["board"])}
    return options


def _treasures(state: WonderlandState, cards: Cards, e: Entries) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A seat's hand (its Gold, W06) and its Friends in play (W04): Treasures only, two Friends at most."""
    hand = cards.take_all(e, "hand", e.label)
    friends = cards.take_all(e, "friends", e.label)
    for key, group in (("hand", hand), ("friends", friends)):
        for card in group:
            if state.catalog[card].kind == "monster":
                raise e.fault(key, f"{state.catalog[card].name} ({card}) is a Monster card, not a Treasure", card)
    for card in friends:
        if state.catalog[card].kind != FRIEND:
            raise e.fault("friends", f"{state.catalog[card].name} ({card}) is not a Friend", card)
    if len(friends) > MAX_FRIENDS:
        raise e.fault("friends", f"at most {MAX_FRIENDS} Friends in play (W04), not {len(friends)}")
    if e.has("gold"):
        gold = sum(state.catalog[c].gold for c in hand)
        wanted = e.integer("gold", lo=0)
        if gold != wanted:
            raise e.fault("gold", f"the hand is worth {gold} Gold, not {wanted}: name the cards that make it")
    return hand, friends


def _piles(
    state: WonderlandState, cards: Cards, e: Entries
) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    def pile(key: str, deck: str) -> tuple[str, ...]:
        out = cards.take_all(e, key, "decks")
        for card in out:
            d = state.catalog[card]
            if d.deck != deck:
                raise e.fault(key, f"{d.name} ({card}) belongs to the {d.deck} deck", card)
        return out

    tops = pile("treasure", "treasure"), pile("monster", "monster")
    return (*tops, pile("treasure_discard", "treasure"), pile("monster_discard", "monster"))
