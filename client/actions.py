"""Legal actions as the table lays them out: which go to a card, which to the bar, and the bar's fixed buttons.

An action naming one card (`card`) belongs to that card: click the card, then choose. Every other action
goes on the action bar, one button per kind; a kind with several variants opens a chooser. So every legal
action of either engine is reachable without the scene knowing the game's whole vocabulary.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ..shared.rules.munchkin import actions as munchkin
from ..shared.rules.wonderland import actions as wonderland
from .words import Words

Wire = dict[str, Any]
CardName = Callable[[str], str]

# The action bar's places, left to right. Each place holds the kinds that may take it, in order; the first
# names the place (greyed) when none of them is possible now. A place never moves and is never removed, so a
# click lands where the player aimed. Kinds of the game no place lists go to the last place, "More".
MORE = "more"
BAR_PLACES: dict[str, tuple[tuple[str, ...], ...]] = {
    "munchkin": (
        (munchkin.KickOpenTheDoor.kind, munchkin.FinishSetup.kind, munchkin.LookForTrouble.kind),
        (munchkin.LootTheRoom.kind,),
        (munchkin.AskForHelp.kind, munchkin.ChooseHelper.kind, munchkin.Volunteer.kind),
        (munchkin.ClaimVictory.kind, munchkin.AcceptTrade.kind),
        (munchkin.RunAway.kind, munchkin.RollToRunAway.kind, munchkin.RerollEscape.kind, munchkin.OutrunCurse.kind),
        (
            munchkin.Pass.kind,
            munchkin.DeclineHelp.kind,
            munchkin.AcceptBadStuff.kind,
            munchkin.DeclineTrade.kind,
            munchkin.AcceptCurse.kind,
        ),
        (munchkin.EndTurn.kind,),
        (MORE,),
    ),
    "wonderland": (
        (wonderland.Roll.kind,),
        (wonderland.Move.kind,),
        (wonderland.AskForHelp.kind, wonderland.AcceptHelp.kind),
        (wonderland.DeclineHelp.kind,),  # Wonderland has no pass
        (wonderland.EndFight.kind,),
        (MORE,),
    ),
}

# A card's menu: its own uses first, then what it does to others, giving it away or losing it last.
MENU_ORDER = (
    munchkin.PlayCard.kind,
    munchkin.Equip.kind,
    munchkin.Unequip.kind,
    munchkin.UseOneShot.kind,
    wonderland.PlayFriend.kind,
    wonderland.PlayTreasure.kind,
    wonderland.ChangeDie.kind,
    wonderland.TakeBack.kind,
    munchkin.GiveToHireling.kind,
    munchkin.PlayCheat.kind,
    munchkin.EnhanceMonster.kind,
    munchkin.PlayMate.kind,
    munchkin.WanderingMonster.kind,
    munchkin.JoinUndead.kind,
    munchkin.Illusion.kind,
    munchkin.TamePet.kind,
    munchkin.SacrificePet.kind,
    munchkin.EatMonster.kind,
    munchkin.GoUpALevel.kind,
    munchkin.Curse.kind,
    munchkin.TakeSpoil.kind,
    munchkin.LootCorpse.kind,
    wonderland.PickTreasure.kind,
    munchkin.ChooseLoss.kind,
    munchkin.Sell.kind,
    munchkin.OfferTrade.kind,
    munchkin.GiveItem.kind,
    munchkin.GiveCharity.kind,
    munchkin.DiscardCard.kind,
    wonderland.Discard.kind,
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
        return rank.get(kind, rank[munchkin.Sell.kind] - 0.5), repr(sorted((k, repr(v)) for k, v in wire.items()))

    return sorted(wires, key=key)


def cards_given_up(wire: Wire) -> list[str]:
    """The cards an action gives up at once (a set sold, discarded for a bonus): they are confirmed first."""
    cards = wire.get("cards")
    return [c for c in cards if isinstance(c, str)] if isinstance(cards, list) else []
