"""Cards on the table outside the fight: playing and wearing items, races and classes, selling, trading and
stealing (the cards any player may play at any time, curses and Go Up a Level, are `any_time`)."""

from __future__ import annotations

from collections.abc import Iterator

from ..base import Event, WrongTime
from .actions import (
    DiscardCard,
    Equip,
    GiveItem,
    GiveToHireling,
    OfferTrade,
    PlayCard,
    PlayCheat,
    Sell,
    Steal,
    Unequip,
)
from .character import discardable, equip_problem, has_ability, may_carry_big, sells_any_time, settle_items
from .combat import card_played_in_combat
from .effects import change_level, drop_unsupported, lose_cards_from_play
from .events import Cheated, Discarded, Equipped, Gave, HirelingCarries, Played, Sold, Theft, TradeOffered, Unequipped
from .fairy import tradeable
from .handover import move_items
from .rulebook import (
    Rules,
    in_combat,
    others,
    refuse,
    require,
    require_alive,
    require_in_hand,
    require_out_of_combat,
    require_turn,
)
from .state import (
    Carried,
    Decision,
    GameState,
    discard,
    evolve,
    hand_of_kind,
    roll,
    set_player,
    take_from_hand,
    with_player,
    without,
)

RULES = Rules()  # this module's rules, in the order legal actions list them
rule = RULES.rule

SELL_PER_LEVEL = 1000  # M47
CARRIED_KINDS = ("item", "one_shot")
CHARACTER_KINDS = ("race", "class", "half_breed", "super_munchkin")
PLAYABLE_KINDS = (*CHARACTER_KINDS, *CARRIED_KINDS)
PLAYABLE_ANY_KINDS = (*PLAYABLE_KINDS, "hireling")  # a Hireling may be played at any time (M16)


def _may_play_now(state: GameState, seat: int, card: str, in_combat_ok: bool) -> None:
    """Setup (M08), one's own turn (M18), or a card just received outside combat (M17)."""
    if state.phase == "setup":
        require(seat not in state.ready, "you have finished setting up", WrongTime)
        return
    fighting = in_combat(state, seat)
    if card in state.players[seat].received and not fighting:
        return
    require_turn(state, seat)
    if not in_combat_ok:
        require(state.combat is None, "not during a combat (M24)", WrongTime)
    elif state.combat is not None:
        require(state.combat.step in ("fight", "window"), "not at this step of the combat", WrongTime)


def _check_play(state: GameState, a: PlayCard) -> None:
    require_in_hand(state, a.seat, a.card, *PLAYABLE_ANY_KINDS)
    p = state.players[a.seat]
    d = state.card(a.card)
    if d.kind in CHARACTER_KINDS:
        _may_play_now(state, a.seat, a.card, in_combat_ok=True)
    elif d.kind == "hireling":
        require(p.hireling is None, "you already have a Hireling")
    else:
        _may_play_now(state, a.seat, a.card, in_combat_ok=False)
    if d.kind == "race":
        require(d.trait not in {state.card(r).trait for r in p.races}, f"you are already {d.trait}")
        require(len(p.races) < (2 if p.half_breed else 1), "one Race at a time, unless Half-Breed: discard yours first")
        if state.phase == "setup":
            require(not p.races, "one Race at the start (M08)")
    elif d.kind == "class":
        require(d.trait not in {state.card(c).trait for c in p.classes}, f"you are already a {d.trait}")
        require(
            len(p.classes) < (2 if p.super_munchkin else 1),
            "one Class at a time, unless Super Munchkin: discard yours first",
        )
        if state.phase == "setup":
            require(not p.classes, "one Class at the start (M08)")
    elif d.kind == "half_breed":
        require(bool(p.races) and p.half_breed is None, "Half-Breed needs a Race, and only one Half-Breed")
    elif d.kind == "super_munchkin":
        require(bool(p.classes) and p.super_munchkin is None, "Super Munchkin needs a Class, and only one")
    elif d.big:
        require(may_carry_big(state, p), "you already carry a Big item; only a Dwarf carries more (M44, M45)")


def _play_candidates(state: GameState, seat: int) -> Iterator[PlayCard]:
    p = state.players[seat]
    own_time = state.phase == "setup" or seat == state.active
    defs = state.catalog.defs
    for card in p.hand:
        kind = defs[card].kind
        if kind == "hireling" or (kind in PLAYABLE_KINDS and (own_time or card in p.received)):
            yield PlayCard(seat, card)


@rule(PlayCard, _check_play, _play_candidates)
def play_card(state: GameState, a: PlayCard) -> tuple[GameState, list[Event]]:
    p = state.players[a.seat]
    d = state.card(a.card)
    p = evolve(p, hand=without(p.hand, a.card), received=tuple(c for c in p.received if c != a.card))
    if d.kind == "race":
        p = evolve(p, races=(*p.races, a.card))
    elif d.kind == "class":
        p = evolve(p, classes=(*p.classes, a.card))
    elif d.kind == "half_breed":
        p = evolve(p, half_breed=a.card)
    elif d.kind == "super_munchkin":
        p = evolve(p, super_munchkin=a.card)
    elif d.kind == "hireling":
        p = evolve(p, hireling=a.card)
    else:
        carried = Carried(a.card)
        wearable = d.kind == "item" and equip_problem(state, p, carried) is None
        p = evolve(p, items=(*p.items, evolve(carried, equipped=wearable)))
    state = set_player(state, a.seat, p)
    state = settle_items(state, a.seat)
    return card_played_in_combat(state), [Played(seat=a.seat, card=a.card)]


def _own_item(state: GameState, seat: int, card: str) -> Carried:
    for c in state.players[seat].items:
        if c.card == card:
            return c
    refuse(f"{card} is not an item you have in play")


def _check_equip(state: GameState, a: Equip) -> None:
    require_out_of_combat(state, a.seat)
    c = _own_item(state, a.seat, a.card)
    if c.equipped:
        refuse(f"{state.card(a.card).name} is already in use")
    problem = equip_problem(state, state.players[a.seat], c)
    if problem is not None:
        refuse(problem)


def _item_candidates(state: GameState, seat: int, equipped: bool) -> Iterator[str]:
    return (c.card for c in state.players[seat].items if c.equipped == equipped)


def _equips_listed(state: GameState, seat: int) -> Iterator[Equip]:
    if in_combat(state, seat):
        return
    p = state.players[seat]
    for card in _item_candidates(state, seat, False):
        c = _own_item(state, seat, card)
        if not c.equipped and equip_problem(state, p, c) is None:
            yield Equip(seat, card)


@rule(
    Equip,
    _check_equip,
    lambda state, seat: (Equip(seat, c) for c in _item_candidates(state, seat, False)),
    listed=_equips_listed,
)
def equip(state: GameState, a: Equip) -> tuple[GameState, list[Event]]:
    return _set_equipped(state, a.seat, a.card, True), [Equipped(seat=a.seat, card=a.card)]


def _check_unequip(state: GameState, a: Unequip) -> None:
    require_out_of_combat(state, a.seat)
    c = _own_item(state, a.seat, a.card)
    if not c.equipped or c.on_hireling:
        refuse(f"{state.card(a.card).name} is not worn by you")


def _unequips_listed(state: GameState, seat: int) -> Iterator[Unequip]:
    if in_combat(state, seat):
        return
    for card in _item_candidates(state, seat, True):
        c = _own_item(state, seat, card)
        if c.equipped and not c.on_hireling:
            yield Unequip(seat, card)


@rule(
    Unequip,
    _check_unequip,
    lambda state, seat: (Unequip(seat, c) for c in _item_candidates(state, seat, True)),
    listed=_unequips_listed,
)
def unequip(state: GameState, a: Unequip) -> tuple[GameState, list[Event]]:
    return _set_equipped(state, a.seat, a.card, False), [Unequipped(seat=a.seat, card=a.card)]


def _set_equipped(
    state: GameState, seat: int, card: str, equipped: bool, cheat: str | None = None, on_hireling: bool = False
) -> GameState:
    p = state.players[seat]
    items = tuple(
        evolve(c, equipped=equipped, cheat=cheat or c.cheat, on_hireling=on_hireling or c.on_hireling)
        if c.card == card
        else c
        for c in p.items
    )
    return with_player(state, seat, items=items)


def _check_hireling(state: GameState, a: GiveToHireling) -> None:
    require_out_of_combat(state, a.seat)
    p = state.players[a.seat]
    require(p.hireling is not None, "you have no Hireling")
    require(not any(c.on_hireling for c in p.items), "your Hireling already carries an item")
    c = _own_item(state, a.seat, a.card)
    require(state.card(a.card).kind == "item" and c.cheat is None, "the Hireling carries a plain item")


@rule(
    GiveToHireling,
    _check_hireling,
    lambda state, seat: (GiveToHireling(seat, c) for c in state.players[seat].item_cards),
)
def give_to_hireling(state: GameState, a: GiveToHireling) -> tuple[GameState, list[Event]]:
    p = state.players[a.seat]
    carried = evolve(_own_item(state, a.seat, a.card), on_hireling=True)
    state = _set_equipped(state, a.seat, a.card, equip_problem(state, p, carried) is None, on_hireling=True)
    return state, [HirelingCarries(seat=a.seat, card=a.card)]


def _check_cheat(state: GameState, a: PlayCheat) -> None:
    require_in_hand(state, a.seat, a.card, "cheat")
    _may_play_now(state, a.seat, a.card, in_combat_ok=False)
    c = _own_item(state, a.seat, a.item)
    require(state.card(a.item).kind == "item", "Cheat! goes on an item")
    require(c.cheat is None and not c.on_hireling, "that item already cheats")


def _cheat_candidates(state: GameState, seat: int) -> Iterator[PlayCheat]:
    for card in hand_of_kind(state, seat, "cheat"):
        for c in state.players[seat].items:
            yield PlayCheat(seat, card, c.card)


@rule(PlayCheat, _check_cheat, _cheat_candidates)
def play_cheat(state: GameState, a: PlayCheat) -> tuple[GameState, list[Event]]:
    state = take_from_hand(state, a.seat, a.card)
    state = _set_equipped(state, a.seat, a.item, True, cheat=a.card)
    return state, [Cheated(seat=a.seat, card=a.card, item=a.item)]


def _check_discard(state: GameState, a: DiscardCard) -> None:
    p = state.players[a.seat]
    if not (a.card in p.races or a.card in p.classes or a.card == p.half_breed or a.card == p.super_munchkin):
        refuse("only a Race, Class, Half-Breed or Super Munchkin in play may simply be discarded (M16, M45)")


def _discard_candidates(state: GameState, seat: int) -> Iterator[DiscardCard]:
    p = state.players[seat]
    for card in (*p.races, *p.classes, p.half_breed, p.super_munchkin):
        if card:
            yield DiscardCard(seat, card)


@rule(DiscardCard, _check_discard, _discard_candidates, listed=_discard_candidates)  # each is what the check asks for
def discard_card(state: GameState, a: DiscardCard) -> tuple[GameState, list[Event]]:
    p = state.players[a.seat]
    if a.card == p.half_breed:
        state = drop_unsupported(discard(with_player(state, a.seat, half_breed=None), a.card), a.seat)
    elif a.card == p.super_munchkin:
        state = drop_unsupported(discard(with_player(state, a.seat, super_munchkin=None), a.card), a.seat)
    else:
        state = lose_cards_from_play(state, a.seat, [a.card])
    return card_played_in_combat(state), [Discarded(seat=a.seat, cards=[a.card])]


# --- selling (M47) --------------------------------------------------------------------------------------


def sellable(state: GameState, seat: int) -> tuple[str, ...]:
    p = state.players[seat]
    hand = () if state.options.sell_from_table_only else p.hand
    defs = state.catalog.defs
    return tuple(
        [c for c in (*p.item_cards, *hand) if defs[c].kind in CARRIED_KINDS and c not in p.trade_locked]  # M46
    )


def sale_value(state: GameState, a: Sell) -> int:
    total = sum(state.card(c).value for c in a.cards)
    total += state.card(a.doubled).value if a.doubled else 0
    return total + (2 * state.card(a.tripled).value if a.tripled else 0)


def _check_bargains(state: GameState, a: Sell) -> None:
    """Halfling: one item at double value a turn; Epic Garage Sale: two at double, or one at triple (E04)."""
    used = state.players[a.seat].used_this_turn.count("double_sell")
    garage = has_ability(state, a.seat, "garage_sale")
    if a.doubled:
        require(garage or has_ability(state, a.seat, "double_sell"), "only a Halfling sells at double value")
        require(used < (2 if garage else 1), "no more double-value sales this turn")
        require(a.doubled in a.cards, "the doubled item must be one of those sold")
    if a.tripled:
        require(garage, "only an Epic Halfling sells at triple value")
        require(used == 0 and not a.doubled, "a triple-value sale is the turn's only bargain")
        require(a.tripled in a.cards, "the tripled item must be one of those sold")


def _check_sell(state: GameState, a: Sell) -> None:
    if sells_any_time(state, a.seat):  # R13 (001): a Halfling, any time the game is on
        require(state.phase in ("start", "door", "end"), "not before the game has begun", WrongTime)
    else:
        require_turn(state, a.seat, "start", "door", "end")
    require(state.combat is None, "no selling in combat (M47)", WrongTime)
    require(len(set(a.cards)) == len(a.cards) and bool(a.cards), "name each item to sell once")
    allowed = sellable(state, a.seat)
    for c in a.cards:
        if c not in allowed:
            refuse(f"{c} is not an item you can sell")
    _check_bargains(state, a)
    gold = sale_value(state, a)
    if gold < SELL_PER_LEVEL:
        refuse(f"{gold} Gold buys no level: 1000 per level, no change")
    levels = gold // SELL_PER_LEVEL
    require(
        state.players[a.seat].level + levels <= state.options.unkilled_ceiling,
        "the winning level cannot be bought (M09; with Epic rules, nor 19 or 20: E02)",
    )


def _sell_candidates(state: GameState, seat: int) -> Iterator[Sell]:
    if (seat != state.active and not sells_any_time(state, seat)) or state.combat is not None:
        return
    defs = state.catalog.defs
    cards = sellable(state, seat)
    if sum(defs[c].value for c in cards) < SELL_PER_LEVEL:
        return  # not a level's worth of Gold in all: the usual case, settled without sorting
    cards = tuple(sorted(cards, key=lambda c: defs[c].value, reverse=True))
    picked: list[str] = []
    gold = 0
    for c in cards:  # the fewest, dearest items that make a level; and each dear item alone
        if defs[c].value >= SELL_PER_LEVEL and picked:
            yield Sell(seat, (c,))
        picked.append(c)
        gold += defs[c].value
        if gold >= SELL_PER_LEVEL:
            yield Sell(seat, tuple(picked))
            if has_ability(state, seat, "double_sell") or has_ability(state, seat, "garage_sale"):
                yield Sell(seat, tuple(picked), doubled=picked[0])
            if has_ability(state, seat, "garage_sale"):
                yield Sell(seat, tuple(picked), tripled=picked[0])
            break


@rule(Sell, _check_sell, _sell_candidates, sampled=("cards", "doubled", "tripled"))
def sell(state: GameState, a: Sell) -> tuple[GameState, list[Event]]:
    levels = sale_value(state, a) // SELL_PER_LEVEL
    p = state.players[a.seat]
    in_hand = [c for c in a.cards if c in p.hand]
    state = with_player(state, a.seat, hand=without(p.hand, *in_hand))
    state = discard(state, *in_hand)
    state = lose_cards_from_play(state, a.seat, [c for c in a.cards if c not in in_hand])
    if a.doubled or a.tripled:
        q = state.players[a.seat]
        uses = ("double_sell",) if a.doubled else ("double_sell", "double_sell")
        state = with_player(state, a.seat, used_this_turn=(*q.used_this_turn, *uses))
    state, events = change_level(state, a.seat, levels)
    return state, [Sold(seat=a.seat, cards=list(a.cards), levels=levels), *events]


# --- trading and giving (M46) ---------------------------------------------------------------------------


def _check_offer(state: GameState, a: OfferTrade) -> None:
    require(a.to != a.seat, "trade with someone else")
    require_alive(state, a.to)
    require_out_of_combat(state, a.seat)
    require_out_of_combat(state, a.to, "they")
    require(bool(a.give or a.take), "a trade needs something to change hands")
    mine = state.players[a.seat].item_cards
    theirs = state.players[a.to].item_cards
    for c in a.give:
        if c not in mine or state.card(c).kind not in CARRIED_KINDS:
            refuse(f"{c} is not an item you have in play")
    for c in a.take:
        if c not in theirs or state.card(c).kind not in CARRIED_KINDS:
            refuse(f"{c} is not an item they have in play")
    for c in (*a.give, *a.take):
        if not tradeable(state, c):
            refuse(f"{state.card(c).name} is Fairy Dust without a value: it cannot be traded (F03)")
    require(bool(a.give and a.take), "a trade is items for items (M46); to give an item away, give it")


def _first_tradeable(state: GameState, seat: int) -> tuple[str, ...]:
    """The first item in play that may change hands (not a worthless Fairy Dust card, F03), if any."""
    return next(((c.card,) for c in state.players[seat].items if tradeable(state, c.card)), ())


def _offer_candidates(state: GameState, seat: int) -> Iterator[OfferTrade]:
    mine = _first_tradeable(state, seat)
    if not mine or in_combat(state, seat) or state.phase == "setup":
        return
    for other, p in enumerate(state.players):
        if other == seat or p.dead or in_combat(state, other):
            continue
        theirs = _first_tradeable(state, other)
        if theirs:  # one sample swap per player, first item for first item; any other items may be offered too
            yield OfferTrade(seat, other, mine, theirs)


def _offers_listed(state: GameState, seat: int) -> Iterator[OfferTrade]:
    """Each candidate asks a living player out of combat, for tradeable items in play: only what kind of
    card those are is left to check."""
    defs = state.catalog.defs
    for a in _offer_candidates(state, seat):
        if defs[a.give[0]].kind in CARRIED_KINDS and defs[a.take[0]].kind in CARRIED_KINDS:
            yield a


@rule(OfferTrade, _check_offer, _offer_candidates, sampled=("give", "take"), listed=_offers_listed)
def offer_trade(state: GameState, a: OfferTrade) -> tuple[GameState, list[Event]]:
    decision = Decision("trade", a.to, source=a.seat, give=a.give, take=a.take)
    state = evolve(state, decisions=(*state.decisions, decision))
    return state, [TradeOffered(seat=a.seat, to=a.to, give=list(a.give), take=list(a.take))]


def _check_give(state: GameState, a: GiveItem) -> None:
    require(a.to != a.seat, "give it to someone else")
    require_alive(state, a.to)
    require_out_of_combat(state, a.seat)
    require_out_of_combat(state, a.to, "they")
    _own_item(state, a.seat, a.card)
    if not tradeable(state, a.card):
        refuse(f"{state.card(a.card).name} is Fairy Dust without a value: it stays (F03)")


def _gifts_listed(state: GameState, seat: int) -> Iterator[GiveItem]:
    if state.phase == "setup" or in_combat(state, seat):
        return
    for c in _first_tradeable(state, seat):
        for to, p in enumerate(state.players):
            if to != seat and not p.dead and not in_combat(state, to):
                yield GiveItem(seat, c, to)


@rule(
    GiveItem,
    _check_give,
    lambda state, seat: (
        GiveItem(seat, c, to)
        for c in _first_tradeable(state, seat)
        for to in others(state, seat)
        if state.phase != "setup" and not in_combat(state, to)  # the check refuses a fighter anyway
    ),
    sampled=("card",),
    listed=_gifts_listed,
)
def give_item(state: GameState, a: GiveItem) -> tuple[GameState, list[Event]]:
    return move_items(state, a.seat, a.to, (a.card,)), [Gave(seat=a.seat, to=a.to, card=a.card)]


# --- the Thief's theft (M40) ----------------------------------------------------------------------------


def _check_steal(state: GameState, a: Steal) -> None:
    require(has_ability(state, a.seat, "steal"), "only a Thief steals")
    require(state.phase != "setup", "no stealing before the game begins", WrongTime)
    # R08: only a Thief or a victim in combat bars a theft; a bystander's fight does not, and the card sets
    # no limit on how often.
    require(not _in_combat(state, a.seat), "no stealing while you are in combat", WrongTime)
    require(a.target != a.seat, "steal from someone else")
    require(not _in_combat(state, a.target), "no stealing from a player in combat", WrongTime)
    require_alive(state, a.target)
    require(a.item in state.players[a.target].item_cards, f"{a.item} is not in play in front of them")
    require(a.discard in discardable(state.players[a.seat]), f"{a.discard} is not yours to discard")


def _in_combat(state: GameState, seat: int) -> bool:
    return state.combat is not None and seat in state.combat.fighters


def _steal_candidates(state: GameState, seat: int) -> Iterator[Steal]:
    p = state.players[seat]
    if not discardable(p) or not has_ability(state, seat, "steal"):
        return
    for other in others(state, seat):
        if _in_combat(state, other):
            continue
        for item in state.players[other].item_cards[:2]:
            yield Steal(seat, other, item, discardable(p)[0])


@rule(Steal, _check_steal, _steal_candidates, sampled=("item", "discard"))
def steal(state: GameState, a: Steal) -> tuple[GameState, list[Event]]:
    state = lose_cards_from_play(state, a.seat, [a.discard])
    state, value = roll(state)
    event = Theft(seat=a.seat, target=a.target, item=a.item, die=value, success=value >= 4, seed=state.rng.throw_seed())
    if a.item not in state.players[a.target].item_cards:  # the discard paid for it was the item itself
        return state, [event]
    if value >= 4:
        return move_items(state, a.target, a.seat, (a.item,)), [event]
    state, events = change_level(state, a.seat, -1)
    return state, [event, *events]
