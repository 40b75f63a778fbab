"""Legal actions as the table lays them out: which go to a card, which to the bar, and the bar's fixed buttons.

An action naming one card (`card`) belongs to that card: click the card, then choose. Every other action
goes on the action bar, one button per kind; a kind with several variants opens a chooser. So every legal
action of either engine is reachable without the scene knowing the game's whole vocabulary.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from .words import Words

Wire = dict[str, Any]
CardName = Callable[[str], str]

# The action bar's places, left to right. Each place holds the kinds that may take it, in order; the first
# names the place (greyed) when none of them is possible now. A place never moves and is never removed, so a
# click lands where the player aimed. Kinds of the game no place lists go to the last place, "More".
MORE = "more"
BAR_PLACES: dict[str, tuple[tuple[str, ...], ...]] = {
    "munchkin": (
        ("kick_open_the_door", "finish_setup", "look_for_trouble"),
        ("loot_the_room",),
        ("ask_for_help", "choose_helper", "volunteer"),
        ("claim_victory", "accept_trade"),
        ("run_away", "roll_to_run_away", "reroll_escape", "outrun_curse"),
        ("pass", "decline_help", "accept_bad_stuff", "decline_trade", "accept_curse"),
        ("end_turn",),
        (MORE,),
    ),
    "wonderland": (
        ("roll",),
        ("move",),
        ("ask_for_help", "accept_help"),
        ("decline_help", "pass"),
        ("end_fight",),
        (MORE,),
    ),
}

# A card's menu: its own uses first, then what it does to others, giving it away or losing it last.
MENU_ORDER = (
    "play_card",
    "equip",
    "unequip",
    "use_one_shot",
    "play_friend",
    "play_treasure",
    "change_die",
    "take_back",
    "give_to_hireling",
    "play_cheat",
    "enhance_monster",
    "play_mate",
    "wandering_monster",
    "join_undead",
    "illusion",
    "tame_pet",
    "sacrifice_pet",
    "eat_monster",
    "go_up_a_level",
    "curse",
    "take_spoil",
    "loot_corpse",
    "pick_treasure",
    "choose_loss",
    "sell",
    "offer_trade",
    "give_item",
    "give_charity",
    "discard_card",
    "discard",
)


def describe(wire: Wire, seat_name: Callable[[int], str], card_name: CardName, game: str) -> str:
    """The button text for one action: the words module says it (a scene asks its own `Words`, which also knows
    the view: whose die, which monster)."""
    return Words(game, seat_name, card_name).action(wire)


def card_of(wire: Wire) -> str | None:
    """The hand or table card this action is about, if it is about one card."""
    card = wire.get("card")
    return card if isinstance(card, str) and card else None


def group(legal: Iterable[Wire]) -> tuple[dict[str, list[Wire]], dict[str, list[Wire]]]:
    """(actions by card, other actions by kind), each in the engine's order."""
    by_card: dict[str, list[Wire]] = {}
    by_kind: dict[str, list[Wire]] = {}
    for wire in legal:
        card = card_of(wire)
        if card is not None:
            by_card.setdefault(card, []).append(wire)
        else:
            by_kind.setdefault(str(wire.get("type")), []).append(wire)
    return by_card, by_kind


def without_seat(wire: Wire) -> Wire:
    return {k: v for k, v in wire.items() if k != "seat"}


def bar_places(game: str, kinds: Iterable[str]) -> tuple[tuple[str, ...], ...]:
    """The bar's places for `game`; a game with none listed gets one place per kind, then "More"."""
    return BAR_PLACES.get(game) or (*((k,) for k in kinds), (MORE,))


def menu_order(wires: Iterable[Wire]) -> list[Wire]:
    """A card's actions in a stable order: its own uses first, giving it away last; ties by their fields."""
    rank = {kind: i for i, kind in enumerate(MENU_ORDER)}

    def key(wire: Wire) -> tuple[float, str]:
        kind = str(wire.get("type"))
        return rank.get(kind, rank["sell"] - 0.5), repr(sorted((k, repr(v)) for k, v in wire.items()))

    return sorted(wires, key=key)


def cards_given_up(wire: Wire) -> list[str]:
    """The cards an action gives up at once (a set sold, discarded for a bonus): they are confirmed first."""
    cards = wire.get("cards")
    return [c for c in cards if isinstance(c, str)] if isinstance(cards, list) else []
