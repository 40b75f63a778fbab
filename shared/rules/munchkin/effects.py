"""What cards do to a character: Bad Stuff, curses and one-shot effects, levels, death and looting the corpse."""

from __future__ import annotations

from collections.abc import Iterable

from ..base import Event, Sex
from .cards import Effect
from .character import EPIC_LEVEL, big_allowance, big_items_carried, settle_items, slot_conflict
from .events import CharmedByFairy, CurseRemoved, Died, Drew, EpicLost, Level, Looting, Lost, SexChanged
from .kinds import Deck
from .state import Decision, GameState, Player, discard, draw, evolve, roll, with_player, without

DECKS: dict[str, Deck] = {"door": "door", "treasure": "treasure", "fairy_dust": "fairy_dust"}
SLOT_WORDS = {"headgear": "headgear", "armor": "armor", "footgear": "footgear", "hands": "hands"}


def change_level(state: GameState, seat: int, amount: int, by_kill: bool = False) -> tuple[GameState, list[Event]]:
    """Levels stay within 1 and the winning level; only a kill reaches the winning level (M09, M38); with
    Epic rules 10 needs no kill but 19 and 20 do (E01, E02). A dead character gains nothing (M36)."""
    p = state.players[seat]
    if amount > 0 and p.dead:
        return state, []
    ceiling = state.options.win_level if by_kill else state.options.unkilled_ceiling
    new = max(1, min(p.level + amount, max(ceiling, p.level))) if amount > 0 else max(1, p.level + amount)
    if new == p.level:
        return state, []
    state = with_player(state, seat, level=new)
    events: list[Event] = [Level(seat=seat, level=new, change=new - p.level)]
    if state.options.epic and new < EPIC_LEVEL <= p.level:
        state, more = lose_epic(state, seat)
        events += more
    return state, events


def lose_epic(state: GameState, seat: int) -> tuple[GameState, list[Event]]:
    """Back to 9 or below (E01): the feats go, the pet wanders off, and Big items beyond what a non-Epic
    character carries must be discarded, the victim choosing which (E05)."""
    events: list[Event] = [EpicLost(seat=seat)]
    state = _unequip_overfull_slots(settle_items(state, seat), seat)
    return keep_to_big_limit(state, seat), events


def keep_to_big_limit(state: GameState, seat: int) -> GameState:
    """R04: the Big-item limit holds on every path an item takes into play (gift, trade, theft, bribe) and when
    what allowed more goes (a Dwarf, an Epic Warrior, a Steed): the owner discards down to it, choosing which."""
    p = state.players[seat]
    over = big_items_carried(state, p) - big_allowance(state, p)
    if over <= 0:
        return state
    bigs = tuple(c.card for c in p.items if state.card(c.card).big and not c.on_hireling and c.cheat is None)
    for d in state.decisions:
        asked = set(d.cards) & set(p.item_cards)  # what such a choice still names: one being made loses a card first
        if d.seat == seat and d.kind == "lose_item" and asked and asked <= set(bigs):
            return state  # already asked: the choice under way brings the count down
    return ask(state, Decision("lose_item", seat, bigs, over))


def lose_cards_from_play(state: GameState, seat: int, cards: Iterable[str]) -> GameState:
    """Discard items (with any Cheat! on them) or race/class cards from in front of a player."""
    for card in cards:
        p = state.players[seat]
        for c in p.items:
            if c.card == card:
                state = with_player(state, seat, items=tuple(x for x in p.items if x.card != card))
                state = discard(state, card, *([c.cheat] if c.cheat else []))
                break
        else:
            if card in p.races:
                state = with_player(state, seat, races=without(p.races, card))
            elif card in p.classes:
                state = with_player(state, seat, classes=without(p.classes, card))
            elif card == p.hireling:
                state = _lose_hireling(state, seat)
                continue
            elif card in p.hand:
                state = with_player(state, seat, hand=without(p.hand, card))
            else:
                raise ValueError(f"{card} is not in front of seat {seat}")
            state = discard(state, card)
    return drop_unsupported(state, seat)


def _lose_hireling(state: GameState, seat: int) -> GameState:
    """The Hireling goes; the item it carried stays with the player, turned sideways."""
    p = state.players[seat]
    assert p.hireling is not None
    items = tuple(evolve(c, on_hireling=False, equipped=False) if c.on_hireling else c for c in p.items)
    state = with_player(state, seat, hireling=None, items=items)
    return discard(state, p.hireling)


def drop_unsupported(state: GameState, seat: int) -> GameState:
    """Half-Breed needs a Race and Super Munchkin a Class to attach to; without them, one of each at most (M41)."""
    p = state.players[seat]
    if p.half_breed and not p.races:
        state = discard(with_player(state, seat, half_breed=None), p.half_breed)
    if p.super_munchkin and not p.classes:
        state = discard(with_player(state, seat, super_munchkin=None), p.super_munchkin)
    p = state.players[seat]
    if not p.half_breed and len(p.races) > 1:
        state = discard(with_player(state, seat, races=p.races[:1]), *p.races[1:])
    if not p.super_munchkin and len(p.classes) > 1:
        state = discard(with_player(state, seat, classes=p.classes[:1]), *p.classes[1:])
    return keep_to_big_limit(settle_items(state, seat), seat)


def loss_candidates(state: GameState, p: Player, what: str) -> tuple[str, ...]:
    """The items a `lose_item:WHAT` could take (M37: the victim chooses among them)."""
    if what in SLOT_WORDS:
        return tuple(c.card for c in p.items if c.equipped and state.card(c.card).slot == what)
    if what == "big":
        return tuple(c.card for c in p.items if state.card(c.card).big)
    return p.item_cards


def _unequip_overfull_slots(state: GameState, seat: int) -> GameState:
    """Without Ludicrous Strength two-handed items take both hands again: what no longer fits turns sideways."""
    p = state.players[seat]
    items = list(p.items)
    for i, c in enumerate(items):
        if c.equipped and not c.on_hireling and c.cheat is None:
            before = evolve(p, items=tuple(x if j < i else evolve(x, equipped=False) for j, x in enumerate(items)))
            if slot_conflict(state, before, c.card) is not None:
                items[i] = evolve(c, equipped=False)
    return with_player(state, seat, items=tuple(items))


def apply_effects(state: GameState, seat: int, effects: Iterable[Effect], source: str) -> tuple[GameState, list[Event]]:
    """Apply a card's effects to one character. Effects on something absent do nothing (M37)."""
    events: list[Event] = []
    for effect in effects:
        p = state.players[seat]
        if p.dead:
            break
        op, arg = effect.op, effect.arg
        if op == "lose_levels":
            state, ev = change_level(state, seat, -int(arg or 1))
            events += ev
        elif op == "gain_levels":
            state, ev = change_level(state, seat, int(arg or 1))
            events += ev
        elif op == "lose_item":
            candidates = loss_candidates(state, p, str(arg))
            if arg == "all" or len(candidates) == 1:
                state = lose_cards_from_play(state, seat, candidates)
                if candidates:
                    events.append(Lost(seat=seat, cards=list(candidates), source=source))
            elif candidates:
                state = ask(state, Decision("lose_item", seat, candidates))
        elif op == "lose_race" and p.races:
            state = lose_cards_from_play(state, seat, p.races)
            events.append(Lost(seat=seat, cards=list(p.races), source=source))
        elif op == "lose_class" and p.classes:
            state = lose_cards_from_play(state, seat, p.classes)
            events.append(Lost(seat=seat, cards=list(p.classes), source=source))
        elif op == "lose_hand" and p.hand:
            state = discard(with_player(state, seat, hand=()), *p.hand)
            events.append(Lost(seat=seat, cards=list(p.hand), source=source))
        elif op == "lose_cards" and p.hand:
            count = int(arg or 1)
            if len(p.hand) <= count:
                state = discard(with_player(state, seat, hand=()), *p.hand)
                events.append(Lost(seat=seat, cards=list(p.hand), source=source))
            else:
                state = ask(state, Decision("lose_cards", seat, p.hand, count))
        elif op == "death":
            state, ev = kill(state, seat, source)
            events += ev
        elif op == "change_sex":
            sex: Sex = "female" if p.sex == "male" else "male"
            state = settle_items(with_player(state, seat, sex=sex), seat)
            events.append(SexChanged(seat=seat, sex=sex))
        elif op == "draw_treasures":
            state, ev = draw_into_hand(state, seat, "treasure", int(arg or 1), face_up=False)
            events += ev
        elif op == "fairy_charm":  # F06: until the victim's next turn
            state = with_player(state, seat, charmed=True)
            events.append(CharmedByFairy(seat=seat))
        elif op == "remove_curse" and p.curses:
            state = discard(with_player(state, seat, curses=p.curses[1:]), p.curses[0])
            events.append(CurseRemoved(seat=seat, card=p.curses[0]))
    return state, events


def ask(state: GameState, decision: Decision) -> GameState:
    return evolve(state, decisions=(*state.decisions, decision))


def draw_into_hand(state: GameState, seat: int, deck: Deck, count: int, face_up: bool) -> tuple[GameState, list[Event]]:
    """Draw cards into a hand: face down only the drawer sees them; face up everyone does (M20)."""
    events: list[Event] = []
    drawn: list[str] = []
    for _ in range(count):
        state, card, ev = draw(state, DECKS.get(deck, "treasure"))
        events += ev
        if card is None:
            break
        drawn.append(card)
    if not drawn:
        return state, events
    p = state.players[seat]
    state = with_player(state, seat, hand=p.hand + tuple(drawn))
    events.append(
        Drew(seat=seat, deck=deck, count=len(drawn), cards=drawn, seen_by=None if face_up else frozenset({seat}))
    )
    return state, events


def kill(state: GameState, seat: int, source: str) -> tuple[GameState, list[Event]]:
    """Death (M36): hand and carried cards become a corpse for the others to loot, highest level first;
    Race, Class, level, lasting curses, Half-Breed and Super Munchkin stay."""
    p = state.players[seat]
    dust = {c for c in (*p.hand, *p.item_cards) if state.card(c).is_fairy_dust}  # F03: kept through death
    corpse = [c for c in (*p.hand, *p.item_cards) if c not in dust] + [c.cheat for c in p.items if c.cheat]
    if p.hireling:
        corpse.append(p.hireling)
    if p.pet:
        corpse.append(p.pet)
    kept_items = tuple(evolve(c, equipped=False, cheat=None, on_hireling=False) for c in p.items if c.card in dust)
    state = with_player(
        state,
        seat,
        hand=tuple(c for c in p.hand if c in dust),
        items=kept_items,
        hireling=None,
        pet=None,
        dead=True,
        fresh=True,
    )
    events: list[Event] = [Died(seat=seat, source=source, corpse=corpse)]
    combat = state.combat
    if combat is not None and seat in combat.fighters:
        state = _leave_combat(state, seat)
    looters, state = _looting_order(state, [s for s, q in enumerate(state.players) if s != seat and not q.dead])
    looters = looters[: len(corpse)]
    if not looters:
        return discard(state, *corpse), events
    decisions = tuple(Decision("loot_corpse", s, source=seat) for s in looters)
    state = evolve(state, corpse=state.corpse + tuple(corpse), decisions=state.decisions + decisions)
    events.append(Looting(dead=seat, order=looters))
    return state, events


def _leave_combat(state: GameState, seat: int) -> GameState:
    """A dead fighter is left alone by the monsters; a dead helper leaves the fighter to flee alone (M36)."""
    combat = state.combat
    assert combat is not None
    flight = combat.flight
    if flight is not None and seat in flight.order:
        current = flight.order[0] == seat
        order = tuple(s for s in flight.order if s != seat)
        remaining = flight.remaining if not current else tuple(range(len(combat.monsters)))
        flight = (
            evolve(flight, order=order, remaining=remaining, caught_by=None) if current else evolve(flight, order=order)
        )
        combat = evolve(combat, flight=flight)
    if seat == combat.helper:
        combat = evolve(combat, helper=None, helper_forced=False)
    return evolve(state, combat=combat)


def _looting_order(state: GameState, seats: list[int]) -> tuple[list[int], GameState]:
    """Highest level first; players tied on level roll a die, again while still tied (M36)."""
    by_level: dict[int, list[int]] = {}
    for s in seats:
        by_level.setdefault(state.players[s].level, []).append(s)
    order: list[int] = []
    for level in sorted(by_level, reverse=True):
        group, state = _roll_off(state, by_level[level])
        order += group
    return order, state


def _roll_off(state: GameState, group: list[int]) -> tuple[list[int], GameState]:
    if len(group) < 2:
        return group, state
    rolls: dict[int, list[int]] = {}
    for s in group:
        state, value = roll(state)
        rolls.setdefault(value, []).append(s)
    out: list[int] = []
    for value in sorted(rolls, reverse=True):
        tied, state = _roll_off(state, rolls[value])
        out += tied
    return out, state
