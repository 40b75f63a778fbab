"""A character's statistics: traits, abilities, which items they may use and wear, strength and hand limit."""

from __future__ import annotations

from .cards import CardDef
from .state import Carried, GameState, Player, discard, evolve, remembered, with_player

BASE_HAND_LIMIT = 5  # M05
NO_HAND_LIMIT = 1_000  # the Epic Dwarf's Hand of the Gods
SINGLE_SLOTS = ("headgear", "armor", "footgear")
EPIC_LEVEL = 10  # E01: levels 10-19 are Epic
HUMAN_FEATS = ("pets_rock",)  # E04: Humans have no card to name their feat


def traits(state: GameState, p: Player) -> frozenset[str]:
    """Races (Human when none), classes and sex: what restrictions and monster bonuses name (M39, M40)."""
    return remembered(state, ("traits", p.races, p.classes, p.sex), lambda s: _traits(s, p))  # as `abilities`


def _traits(state: GameState, p: Player) -> frozenset[str]:
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


def is_epic(state: GameState, p: Player) -> bool:
    """Epic status: Epic rules and level 10-19; lost again at 9 or below (E01)."""
    return state.options.epic and p.level >= EPIC_LEVEL


def abilities(state: GameState, p: Player) -> frozenset[str]:
    """The abilities of the Race and Class cards; an Epic character adds the cards' feats, each replacing the
    abilities its card says (E04)."""
    # Asked dozens of times an action (every `has_ability`), and a function of these three values and the
    # catalogue alone: worked out once per combination and kept on the catalogue (looked up here first: the
    # answer is nearly always there).
    key = ("abilities", p.races, p.classes, state.options.epic and p.level >= EPIC_LEVEL)  # `is_epic`
    found = state.catalog.memo.get(key)
    return found if found is not None else remembered(state, key, lambda s: _abilities(s, p))


def _abilities(state: GameState, p: Player) -> frozenset[str]:
    cards = [state.card(c) for c in (*p.races, *p.classes)]
    out = {a for d in cards for a in d.abilities}
    if is_epic(state, p):
        for d in cards:
            out.difference_update(d.epic_replaces)
        out.update(a for d in cards for a in d.epic_abilities)
        if not p.races:
            out.update(HUMAN_FEATS)
    return frozenset(out)


def has_ability(state: GameState, seat: int, ability: str) -> bool:
    return ability in abilities(state, state.players[seat])


RULINGS_HALFLING_HAND = 6  # R13 (001): a Halfling holds 6 cards
RULINGS_DWARF_BIG_ITEMS = 2  # R13 (001): a Dwarf carries 2 Big items, not any number


def hand_limit(state: GameState, p: Player) -> int:
    if "hand_of_the_gods" in abilities(state, p):
        return NO_HAND_LIMIT
    limits = [BASE_HAND_LIMIT, *(state.card(c).hand_limit for c in p.races)]
    if state.options.rulings_001 and is_halfling(state, p):
        limits.append(RULINGS_HALFLING_HAND)
    return max(limits)


def is_halfling(state: GameState, p: Player) -> bool:
    return any(state.card(c).trait == "halfling" for c in p.races)


def sells_any_time(state: GameState, seat: int) -> bool:
    """R13 (001): with the rulings option a Halfling sells at any time, not only on their own turn."""
    return state.options.rulings_001 and is_halfling(state, state.players[seat])


def restriction(state: GameState, p: Player, d: CardDef) -> str | None:
    """Why `p` may not use the item `d`, or None when it may (M43)."""
    if not d.usable_by and not d.not_usable_by:
        return None  # most items: anyone may use them
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
    if d.slot == "hands":
        # E04 Ludicrous Strength: a two-handed item takes one hand.
        most = 1 if "ludicrous_strength" in abilities(state, p) else 2
        if sum(min(w.hands, most) for w in worn) + min(d.hands, most) > 2:
            return "your hands are full"
    return None


def big_items_carried(state: GameState, p: Player) -> int:
    return sum(1 for c in p.items if state.card(c.card).big and not c.on_hireling and c.cheat is None)


def big_allowance(state: GameState, p: Player) -> int:
    """Big items one may carry (M44): one; an Epic Warrior two (E04); an Epic Steed carries one more (E05)."""
    have = abilities(state, p)
    if "many_big_items" in have:
        return RULINGS_DWARF_BIG_ITEMS if state.options.rulings_001 else NO_HAND_LIMIT
    allowance = 2 if "ludicrous_strength" in have else 1
    if p.hireling and state.card(p.hireling).steed and is_epic(state, p):
        allowance += 1
    return allowance


def may_carry_big(state: GameState, p: Player) -> bool:
    return big_items_carried(state, p) < big_allowance(state, p)


def equip_problem(state: GameState, p: Player, carried: Carried) -> str | None:
    d = state.card(carried.card)
    if d.kind != "item":
        return f"{d.name} is not an item"
    if carried.cheat is not None or carried.on_hireling:
        return None if carried.cheat is not None else restriction(state, p, d)
    return restriction(state, p, d) or slot_conflict(state, p, carried.card)


def settle_items(state: GameState, seat: int) -> GameState:
    """Turn sideways every equipped item the character may no longer use (M43), e.g. after losing a Class.
    A pet wanders off when its owner is no longer an Epic Human (E04 Pets Rock)."""
    p = state.players[seat]
    if p.pet and "pets_rock" not in abilities(state, p):
        state = discard(with_player(state, seat, pet=None), p.pet)
        p = state.players[seat]
    items = []
    changed = False
    for c in p.items:
        if c.equipped and (c.cheat is None and restriction(state, p, state.card(c.card)) is not None):
            c = evolve(c, equipped=False)
            changed = True
        items.append(c)
    return with_player(state, seat, items=tuple(items)) if changed else state


def gear_bonus(state: GameState, p: Player, items: bool = True) -> int:
    """Bonuses of equipped items (unless a monster says items give nothing, R16), the Hireling and lasting
    curses (M19)."""
    total = sum(state.card(c.card).bonus for c in p.items if c.equipped) if items else 0
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
