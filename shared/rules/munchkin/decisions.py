"""Choices the table waits for: which card a loss takes, looting a corpse, answering a trade, ordering curses."""

from __future__ import annotations

from ..base import Event, NotYourDecision
from .actions import AcceptTrade, ChooseDoorOrder, ChooseLoss, DeclineTrade, DrawFaceUp, LootCorpse, Resurrect
from .combat import RESURRECT, may_resurrect, take_treasures
from .effects import lose_cards_from_play
from .events import Discarded, DoorOrder, LootedCorpse, Lost, Resurrected, Traded, TradeDeclined
from .flow import DOOR_ORDER, resolve_doors
from .handover import swap_items
from .rulebook import Rules, require, require_in_hand
from .state import Decision, GameState, discard, evolve, with_player, without

RULES = Rules()  # this module's rules, in the order legal actions list them
rule = RULES.rule


def current(state: GameState, seat: int, *kinds: str) -> Decision:
    require(bool(state.decisions), "nothing is waiting for a decision", NotYourDecision)
    d = state.decisions[0]
    require(d.seat == seat and d.kind in kinds, "the table is waiting for someone else's decision", NotYourDecision)
    return d


def _done(state: GameState) -> GameState:
    return evolve(state, decisions=state.decisions[1:])


def _check_loss(state: GameState, a: ChooseLoss) -> None:
    d = current(state, a.seat, "lose_item", "lose_cards")
    require(a.card in d.cards, f"choose one of: {', '.join(d.cards)}")


@rule(ChooseLoss, _check_loss, lambda state, seat: (ChooseLoss(seat, c) for c in state.decisions[0].cards))
def choose_loss(state: GameState, a: ChooseLoss) -> tuple[GameState, list[Event]]:
    """The victim picks what is lost (M37)."""
    d = state.decisions[0]
    state = lose_cards_from_play(state, a.seat, [a.card])
    event = Lost(seat=a.seat, cards=[a.card], source=d.kind)
    if d.count > 1:  # several cards to lose (Bad Stuff, an Epic's extra Big items: E05)
        left = without(d.cards, a.card)
        rest = evolve(d, cards=left, count=d.count - 1)
        state = evolve(state, decisions=(rest, *state.decisions[1:]))
    else:
        state = _done(state)
    return _settle_stale_losses(state, a.seat, [event])


def _settle_stale_losses(state: GameState, seat: int, events: list[Event]) -> tuple[GameState, list[Event]]:
    """Losses waiting for `seat` were listed from the cards held when they struck: two In-Laws at the start of one
    turn both name the same hand (C04). What a choice just took is no longer theirs to offer, and one left with
    nothing does nothing (M37). Once the losses before it are done, one left with no more cards than it takes
    takes them without asking, as it would have when it struck."""
    p = state.players[seat]
    held = {*p.hand, *p.item_cards, *p.races, *p.classes, *([p.hireling] if p.hireling else [])}
    kept: list[Decision] = []
    for d in state.decisions:
        if d.seat == seat and d.kind in ("lose_item", "lose_cards") and not held.issuperset(d.cards):
            d = evolve(d, cards=tuple(c for c in d.cards if c in held))
            if not d.cards:
                continue
        kept.append(d)
    state = evolve(state, decisions=tuple(kept))
    head = kept[0] if kept else None
    if (
        head is None
        or head.seat != seat
        or head.kind not in ("lose_item", "lose_cards")
        or len(head.cards) > head.count
    ):
        return state, events
    state = lose_cards_from_play(_done(state), seat, head.cards)
    events.append(Lost(seat=seat, cards=list(head.cards), source=head.kind))
    return _settle_stale_losses(state, seat, events)  # what it took may leave the next one stale too


def _check_loot(state: GameState, a: LootCorpse) -> None:
    current(state, a.seat, "loot_corpse")
    require(a.card in state.corpse, f"{a.card} is not on the corpse")


@rule(LootCorpse, _check_loot, lambda state, seat: (LootCorpse(seat, c) for c in state.corpse))
def loot_corpse(state: GameState, a: LootCorpse) -> tuple[GameState, list[Event]]:
    """One card each, highest level first; what is left is discarded (M36)."""
    p = state.players[a.seat]
    state = with_player(state, a.seat, hand=(*p.hand, a.card), received=(*p.received, a.card))  # M17: play at once
    state = _done(evolve(state, corpse=without(state.corpse, a.card)))
    events: list[Event] = [LootedCorpse(seat=a.seat, card=a.card)]
    more_looters = state.decisions and state.decisions[0].kind == "loot_corpse"
    if not state.corpse or not more_looters:
        leftovers = state.corpse
        looters_left = 0
        while looters_left < len(state.decisions) and state.decisions[looters_left].kind == "loot_corpse":
            looters_left += 1
        state = discard(evolve(state, corpse=(), decisions=state.decisions[looters_left:]), *leftovers)
        if leftovers:
            events.append(Discarded(seat=-1, cards=list(leftovers)))
    return state, events


def _check_trade_answer(state: GameState, a: AcceptTrade | DeclineTrade) -> None:
    d = current(state, a.seat, "trade")
    if isinstance(a, AcceptTrade):
        require(all(c in state.players[d.source].item_cards for c in d.give), "the offered items are gone")
        require(all(c in state.players[a.seat].item_cards for c in d.take), "the asked-for items are gone")


@rule(AcceptTrade, _check_trade_answer, lambda state, seat: [AcceptTrade(seat)])
@rule(DeclineTrade, _check_trade_answer, lambda state, seat: [DeclineTrade(seat)])
def answer_trade(state: GameState, a: AcceptTrade | DeclineTrade) -> tuple[GameState, list[Event]]:
    """Both must agree (M46): the offer stands until its receiver answers."""
    d = state.decisions[0]
    state = _done(state)
    if isinstance(a, DeclineTrade):
        return state, [TradeDeclined(seat=a.seat, partner=d.source)]
    state = swap_items(state, d.source, a.seat, d.give, d.take)
    if state.options.trade_cooldown:  # M46 (Christmas Lite): not sold before the receiver's next turn
        for seat, got in ((a.seat, d.give), (d.source, d.take)):
            p = state.players[seat]
            state = with_player(state, seat, trade_locked=(*p.trade_locked, *got))
    return state, [Traded(seat=a.seat, partner=d.source, give=list(d.give), take=list(d.take))]


def _check_door_order(state: GameState, a: ChooseDoorOrder) -> None:
    d = current(state, a.seat, DOOR_ORDER)
    require(
        sorted(a.order) == sorted(d.cards),
        f"order the Doors turned over, each named once: {' and '.join(d.cards)}",
    )


def _door_orders(state: GameState, seat: int) -> list[ChooseDoorOrder]:
    """One order per card that could strike first: the other follows it."""
    cards = state.decisions[0].cards
    return [ChooseDoorOrder(seat, (first, *without(cards, first))) for first in cards]


@rule(ChooseDoorOrder, _check_door_order, _door_orders)
def choose_door_order(state: GameState, a: ChooseDoorOrder) -> tuple[GameState, list[Event]]:
    """E03: an Epic kicker's curses strike in the order the player chooses."""
    state, events = resolve_doors(_done(state), a.seat, a.order)
    return state, [DoorOrder(seat=a.seat, order=list(a.order)), *events]


def _check_resurrect(state: GameState, a: Resurrect | DrawFaceUp) -> None:
    current(state, a.seat, RESURRECT)
    if isinstance(a, Resurrect):
        require_in_hand(state, a.seat, a.discard)
        require(bool(state.treasure_discard), "the Treasure discard pile is empty")


@rule(
    Resurrect,
    _check_resurrect,
    lambda state, seat: (Resurrect(seat, c) for c in state.players[seat].hand[:1]),
    sampled=("discard",),
)
@rule(DrawFaceUp, _check_resurrect, lambda state, seat: [DrawFaceUp(seat)])
def resurrect(state: GameState, a: Resurrect | DrawFaceUp) -> tuple[GameState, list[Event]]:
    """R09: a Cleric's helped win: each face-up Treasure may come from the top of the discards instead, for a
    hand card each (the card taken first, then the payment discarded); the rest are drawn."""
    d = state.decisions[0]
    state = _done(state)
    if isinstance(a, DrawFaceUp):
        return take_treasures(state, d.count, [], d.cards, asked=True)
    top = state.treasure_discard[-1]
    state = evolve(state, treasure_discard=state.treasure_discard[:-1])
    state = discard(with_player(state, a.seat, hand=without(state.players[a.seat].hand, a.discard)), a.discard)
    event = Resurrected(seat=a.seat, card=top, discarded=a.discard)
    raised, left = (*d.cards, top), d.count - 1
    state, events = take_treasures(state, left, [event], raised, asked=not may_resurrect(state, a.seat))
    return state, events
