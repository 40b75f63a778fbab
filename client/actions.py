"""Legal actions as the table lays them out: which go to a card, which to the bar, and the bar's fixed buttons.

The host sends a seat's legal actions in their wire form; `decode` reads them once, where a state arrives, into
the engines' own action records (`shared/rules/*/actions.py`), and the scenes dispatch on those classes. An
action goes back to the host in its wire form (`Action.to_wire`) only when it is sent.

An action naming one card (`card`) belongs to that card: click the card, then choose. Every other action
goes on the action bar, one button per kind; a kind with several variants opens a chooser. So every legal
action of either engine is reachable without the scene knowing the game's whole vocabulary.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from typing import Any

from ..shared.rules.base import Action, MalformedAction
from ..shared.rules.munchkin import actions as munchkin
from ..shared.rules.wonderland import actions as wonderland
from .words import Words

log = logging.getLogger(__name__)

Wire = dict[str, Any]
Kind = type[Action]
CardName = Callable[[str], str]


class More(Action):
    """The bar's last place: every kind of the game that no other place lists. Never an action itself."""

    kind = ""


# Each game's action records, by the name its wire form's `type` carries.
ACTIONS: dict[str, type[Action]] = {"munchkin": munchkin.MunchkinAction, "wonderland": wonderland.WonderlandAction}

# The action bar's places, left to right. Each place holds the kinds that may take it, in order; the first
# names the place (greyed) when none of them is possible now. A place never moves and is never removed, so a
# click lands where the player aimed. Kinds of the game no place lists go to the last place, `More`.
BAR_PLACES: dict[str, tuple[tuple[Kind, ...], ...]] = {
    "munchkin": (
        (munchkin.KickOpenTheDoor, munchkin.FinishSetup, munchkin.LookForTrouble),
        (munchkin.LootTheRoom,),
        (munchkin.AskForHelp, munchkin.ChooseHelper, munchkin.Volunteer),
        (munchkin.ClaimVictory, munchkin.AcceptTrade),
        (munchkin.RunAway, munchkin.RollToRunAway, munchkin.RerollEscape, munchkin.OutrunCurse),
        (munchkin.Pass, munchkin.DeclineHelp, munchkin.AcceptBadStuff, munchkin.DeclineTrade, munchkin.AcceptCurse),
        (munchkin.EndTurn,),
        (More,),
    ),
    "wonderland": (
        (wonderland.Roll,),
        (wonderland.Move,),
        (wonderland.AskForHelp, wonderland.AcceptHelp),
        (wonderland.DeclineHelp,),  # Wonderland has no pass
        (wonderland.EndFight,),
        (More,),
    ),
}

# A card's menu: its own uses first, then what it does to others, giving it away or losing it last.
MENU_ORDER: tuple[Kind, ...] = (
    munchkin.PlayCard,
    munchkin.Equip,
    munchkin.Unequip,
    munchkin.UseOneShot,
    wonderland.PlayFriend,
    wonderland.PlayTreasure,
    wonderland.ChangeDie,
    wonderland.TakeBack,
    munchkin.GiveToHireling,
    munchkin.PlayCheat,
    munchkin.EnhanceMonster,
    munchkin.PlayMate,
    munchkin.WanderingMonster,
    munchkin.JoinUndead,
    munchkin.Illusion,
    munchkin.TamePet,
    munchkin.SacrificePet,
    munchkin.EatMonster,
    munchkin.GoUpALevel,
    munchkin.Curse,
    munchkin.TakeSpoil,
    munchkin.LootCorpse,
    wonderland.PickTreasure,
    munchkin.ChooseLoss,
    munchkin.Sell,
    munchkin.OfferTrade,
    munchkin.GiveItem,
    munchkin.GiveCharity,
    munchkin.DiscardCard,
    wonderland.Discard,
)


def decode(game: str, wires: Iterable[Wire]) -> list[Action]:
    """The records of the legal actions the host listed, in its order. One this client cannot read is left out
    (and logged): the rest of the table still plays."""
    records = ACTIONS.get(game)
    if records is None:
        return []
    out: list[Action] = []
    for wire in wires:
        try:
            out.append(records.from_wire(wire))
        except MalformedAction as exc:
            log.warning("a legal action from the host could not be read: %s", exc)
    return out


def describe(action: Action, seat_name: Callable[[int], str], card_name: CardName, game: str) -> str:
    """The button text for one action: the words module says it (a scene asks its own `Words`, which also knows
    the view: whose die, which monster)."""
    return Words(game, seat_name, card_name).action(action)


def card_of(action: Action) -> str | None:
    """The hand or table card this action is about, if it is about one card."""
    card = getattr(action, "card", None)  # any game's action naming one card, whatever its class
    return card if isinstance(card, str) and card else None


def group(legal: Iterable[Action]) -> tuple[dict[str, list[Action]], dict[Kind, list[Action]]]:
    """(actions by card, other actions by kind), each in the engine's order."""
    by_card: dict[str, list[Action]] = {}
    by_kind: dict[Kind, list[Action]] = {}
    for action in legal:
        card = card_of(action)
        if card is not None:
            by_card.setdefault(card, []).append(action)
        else:
            by_kind.setdefault(type(action), []).append(action)
    return by_card, by_kind


def sent(action: Action) -> Wire:
    """The wire form an action goes to the host in: the session names the seat that sends it."""
    wire = action.to_wire()
    del wire["seat"]
    return wire


def bar_places(game: str, kinds: Iterable[Kind]) -> tuple[tuple[Kind, ...], ...]:
    """The bar's places for `game`; a game with none listed gets one place per kind, then `More`."""
    return BAR_PLACES.get(game) or (*((k,) for k in kinds), (More,))


def menu_order(actions: Iterable[Action]) -> list[Action]:
    """A card's actions in a stable order: its own uses first, giving it away last; ties by their fields."""
    rank = {kind: i for i, kind in enumerate(MENU_ORDER)}

    def key(action: Action) -> tuple[float, str]:
        return rank.get(type(action), rank[munchkin.Sell] - 0.5), repr(action)

    return sorted(actions, key=key)


def cards_given_up(action: Action) -> list[str]:
    """The cards an action gives up at once (a set sold, discarded for a bonus): they are confirmed first."""
    cards = getattr(action, "cards", ())  # a Sell, a Berserk, a Flight spell...: whichever names its cards
    return [c for c in cards if isinstance(c, str)] if isinstance(cards, tuple) else []
