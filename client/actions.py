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

# Kinds a player needs at hand even when they are not legal, so the button stays in place, greyed,
# and says why not (the words module says why).
ALWAYS_SHOWN: dict[str, tuple[str, ...]] = {
    "munchkin": ("kick_open_the_door", "loot_the_room", "run_away", "pass", "end_turn"),
    "wonderland": ("roll", "end_fight"),
}


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
