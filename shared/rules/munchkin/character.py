"""A character's statistics: traits, abilities, which items they may use and wear, strength and hand limit."""

from __future__ import annotations

from dataclasses import replace

from .cards import CardDef
from .state import Carried, GameState, Player, with_player

BASE_HAND_LIMIT = 5  # M05
SINGLE_SLOTS = ("headgear", "armor", "footgear")


def traits(state: GameState, p: Player) -> frozenset[str]:
    """Races (Human when none), classes and sex: what restrictions and monster bonuses name (M39, M40)."""
    races = [state.card(c).trait for c in p.races] or ["human"]
    return frozenset([*races, *(state.card(c).trait for c in p.classes), p.sex])


def immune_traits(state: GameState, p: Player) -> frozenset[str]:
    """Half-Breed or Super Munchkin with a single Race or Class: its advantages without its disadvantages (M41)."""
    out: set[str] = set()
    if p.half_breed and len(p.races) == 1:
        out.add(state.card(p.races[0]).trait)
    if p.super_munchkin and len(p.classes) == 1:
        out.add(state.card(p.classes[0]).trait)
    return frozenset(out)


def abilities(state: GameState, p: Player) -> frozenset[str]:
    return frozenset(a for c in (*p.races, *p.classes) for a in state.card(c).abilities)


def has_ability(state: GameState, seat: int, ability: str) -> bool:
    return ability in abilities(state, state.players[seat])


def hand_limit(state: GameState, p: Player) -> int:
    return max([BASE_HAND_LIMIT, *(state.card(c).hand_limit for c in p.races)])


def restriction(state: GameState, p: Player, d: CardDef) -> str | None:
    """Why `p` may not use the item `d`, or None when it may (M43)."""
    have = traits(state, p)
    if d.usable_by and not have & set(d.usable_by):
        return f"{d.name} is usable only by {', '.join(d.usable_by)}"
    barred = (have - immune_traits(state, p)) & set(d.not_usable_by)
    if barred:
        return f"{d.name} is not usable by {', '.join(sorted(barred))}"
    return None


def slot_conflict(state: GameState, p: Player, card: str) -> str | None:
    """Why `card` cannot be equipped next to what `p` already wears, or None (M44)."""
    d = state.card(card)
    if d.slot == "none":
        return None
    worn = [
        state.card(c.card) for c in p.items if c.equipped and c.card != card and not c.on_hireling and c.cheat is None
    ]
    if d.slot in SINGLE_SLOTS and any(w.slot == d.slot for w in worn):
        return f"you already wear {d.slot}"
    if d.slot == "hands" and sum(w.hands for w in worn) + d.hands > 2:
        return "your hands are full"
    return None


def big_items_carried(state: GameState, p: Player) -> int:
    return sum(1 for c in p.items if state.card(c.card).big and not c.on_hireling and c.cheat is None)


def may_carry_big(state: GameState, p: Player) -> bool:
    return "many_big_items" in abilities(state, p) or big_items_carried(state, p) == 0


def equip_problem(state: GameState, p: Player, carried: Carried) -> str | None:
    d = state.card(carried.card)
    if d.kind != "item":
        return f"{d.name} is not an item"
    if carried.cheat is not None or carried.on_hireling:
        return None if carried.cheat is not None else restriction(state, p, d)
    return restriction(state, p, d) or slot_conflict(state, p, carried.card)


def settle_items(state: GameState, seat: int) -> GameState:
    """Turn sideways every equipped item the character may no longer use (M43), e.g. after losing a Class."""
    p = state.players[seat]
    items = []
    changed = False
    for c in p.items:
        if c.equipped and (c.cheat is None and restriction(state, p, state.card(c.card)) is not None):
            c = replace(c, equipped=False)
            changed = True
        items.append(c)
    return with_player(state, seat, items=tuple(items)) if changed else state


def gear_bonus(state: GameState, p: Player) -> int:
    """Bonuses of equipped items, the Hireling and lasting curses (M19)."""
    total = sum(state.card(c.card).bonus for c in p.items if c.equipped)
    if p.hireling:
        total += state.card(p.hireling).bonus
    return total + sum(state.card(c).bonus for c in p.curses)


def escape_bonus(state: GameState, p: Player) -> int:
    """Run-away modifiers of Race, Class, equipped items and curses (M34)."""
    total = sum(state.card(c).escape for c in (*p.races, *p.classes, *p.curses))
    return total + sum(state.card(c.card).escape for c in p.items if c.equipped)


def discardable(p: Player) -> tuple[str, ...]:
    """Cards an ability may cost: from the hand or the table (M39)."""
    return p.hand + p.item_cards
