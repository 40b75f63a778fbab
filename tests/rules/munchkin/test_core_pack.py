"""The `core` Munchkin pack: loads, is big enough, and covers every mechanic the engine implements."""

from __future__ import annotations

import re
from collections import Counter
from itertools import pairwise

import pytest

from doorkick.shared.rules.base import SEXES
from doorkick.shared.rules.munchkin.cards import (
    CLASSES,
    KINDS,
    CardDef,
    Effect,
    load_munchkin_packs,
)

CORE_RACES = ("elf", "dwarf", "halfling")
CORE_CLASSES = ("warrior", "wizard", "thief", "cleric")
ABILITIES_OF = {
    "elf": {"helper_level"},
    "dwarf": {"many_big_items"},
    "halfling": {"double_sell", "reroll_escape"},
    "warrior": {"wins_ties", "berserk"},
    "wizard": {"charm", "flight"},
    "thief": {"backstab", "steal"},
    "cleric": {"resurrect", "turn_undead"},
}


def core() -> list[tuple[CardDef, int]]:
    (pack,) = load_munchkin_packs(("core",))
    return list(zip(pack.cards, pack.counts, strict=True))


def cards_of(kind: str) -> list[CardDef]:
    return [c for c, _ in core() if c.kind == kind]


def copies(kind: str) -> int:
    return sum(n for c, n in core() if c.kind == kind)


def ops(effects: tuple[Effect, ...]) -> set[str]:
    return {str(e) for e in effects}


def test_core_pack_loads_with_its_header() -> None:
    (pack,) = load_munchkin_packs(("core",))
    assert (pack.id, pack.game, pack.source) == ("core", "munchkin", "core.toml")
    assert pack.name and pack.description


def test_core_pack_is_a_full_game() -> None:
    decks = Counter[str]()
    for c, n in core():
        decks[c.deck] += n
    assert decks["door"] + decks["treasure"] >= 170
    assert 90 <= decks["door"] <= 110
    assert 70 <= decks["treasure"] <= 85


def test_every_kind_is_in_the_core_pack() -> None:
    present = {c.kind for c, _ in core()}
    assert present == set(KINDS)
    assert copies("wandering_monster") == 2
    assert copies("hireling") == 2
    for kind in ("mate", "half_breed", "super_munchkin", "cheat"):
        assert copies(kind) == 1, kind


def test_every_card_has_a_name_and_text() -> None:
    for c, _ in core():
        assert c.name.strip() and len(c.text) >= 20, c.id


def test_names_are_unique_apart_from_races_and_classes() -> None:
    names = Counter(c.name for c, _ in core() if c.kind not in ("race", "class"))
    assert [n for n, k in names.items() if k > 1] == []


def test_monster_levels_run_from_1_to_20() -> None:
    monsters = cards_of("monster")
    assert 45 <= len(monsters) <= 55
    assert {m.level for m in monsters} == set(range(1, 21))


def test_M20_only_the_biggest_monsters_give_two_levels() -> None:
    big = [m for m in cards_of("monster") if m.levels == 2]
    assert len(big) >= 3
    assert all(m.level >= 16 for m in big)
    assert all("2 levels" in m.text for m in big)


def test_monster_treasures_grow_with_level() -> None:
    monsters = sorted(cards_of("monster"), key=lambda m: m.level)
    assert monsters[0].treasures == 1 and monsters[-1].treasures >= 4
    for low, high in pairwise(monsters):
        assert low.treasures <= high.treasures, (low.id, high.id)


def test_monster_bad_stuff_is_varied() -> None:
    monsters = cards_of("monster")
    assert all(m.bad_stuff for m in monsters)
    used = {e.op for m in monsters for e in m.bad_stuff}
    assert {
        "lose_levels",
        "lose_item",
        "lose_race",
        "lose_class",
        "lose_hand",
        "lose_cards",
        "death",
        "change_sex",
    } <= used
    slots = {e.arg for m in monsters for e in m.bad_stuff if e.op == "lose_item"}
    assert {"headgear", "armor", "footgear", "hands", "big", "any", "all"} <= slots
    assert sum(bool(m.on_escape) for m in monsters) >= 2


def test_M22_monster_bonuses_name_races_classes_and_sexes_both_ways() -> None:
    bonuses = [b for m in cards_of("monster") for b in m.bonuses]
    against = {b.against for b in bonuses}
    assert against & set(CORE_RACES) and against & set(CORE_CLASSES) and set(SEXES) <= against
    assert "human" in against
    assert any(b.amount > 0 for b in bonuses) and any(b.amount < 0 for b in bonuses)


def test_M28_undead_monsters() -> None:
    undead = [m for m in cards_of("monster") if m.undead]
    assert 8 <= len(undead) <= 11
    assert all("Undead" in m.text for m in undead)
    assert min(m.level for m in undead) <= 5 and max(m.level for m in undead) >= 15


def test_M34_some_monsters_do_not_pursue_low_levels_and_some_change_run_away() -> None:
    monsters = cards_of("monster")
    lazy = [m for m in monsters if m.no_pursue_at_or_below]
    assert len(lazy) >= 5
    for m in lazy:
        assert f"level {m.no_pursue_at_or_below} or lower" in m.text, m.id
    escapes = {m.escape for m in monsters}
    assert min(escapes) < 0 < max(escapes)


def test_M37_curses_of_every_duration() -> None:
    curses = cards_of("curse")
    assert 13 <= copies("curse") <= 18
    instant = {str(e) for c in curses if c.duration == "instant" for e in c.effects}
    assert {
        "lose_levels:1",
        "lose_item:headgear",
        "lose_item:armor",
        "lose_item:footgear",
        "lose_race",
        "lose_class",
        "change_sex",
    } <= instant
    assert any(op.startswith("lose_cards:") for op in instant)
    assert all(c.effects for c in curses if c.duration == "instant")
    assert any(c.bonus < 0 for c in curses if c.duration == "next_combat")
    assert any(c.bonus < 0 for c in curses if c.duration == "permanent")
    assert any(c.escape == -1 for c in curses if c.duration == "permanent")
    assert all(c.bonus or c.escape for c in curses if c.duration != "instant")


def test_M27_enhancers_raise_and_lower_monsters() -> None:
    enhancers = cards_of("enhancer")
    assert 6 <= len(enhancers) <= 10
    assert max(e.level for e in enhancers) == 10 and min(e.level for e in enhancers) <= -5
    for e in enhancers:
        assert f"{e.level:+d} to the monster" in e.text, e.id


@pytest.mark.parametrize("trait", CORE_RACES + CORE_CLASSES)
def test_M39_M40_three_of_each_race_and_class_with_their_abilities(trait: str) -> None:
    kind = "race" if trait in CORE_RACES else "class"
    cards = [(c, n) for c, n in core() if c.kind == kind and c.trait == trait]
    assert sum(n for _, n in cards) == 3
    for c, _ in cards:
        assert set(c.abilities) == ABILITIES_OF[trait], c.id
        assert c.name == trait.capitalize()


def test_M05_dwarves_hold_six_cards_and_elves_run_faster() -> None:
    assert {c.hand_limit for c in cards_of("race") if c.trait == "dwarf"} == {6}
    assert {c.escape for c in cards_of("race") if c.trait == "elf"} == {1}
    assert {c.hand_limit for c in cards_of("race") + cards_of("class") if c.trait != "dwarf"} == {0}


def test_M44_items_fill_every_slot() -> None:
    items = cards_of("item")
    assert 38 <= len(items) <= 50
    slots = Counter(i.slot for i in items)
    assert all(slots[s] >= 5 for s in ("headgear", "armor", "footgear", "hands", "none")), slots
    hands = Counter(i.hands for i in items if i.slot == "hands")
    assert hands[1] >= 5 and hands[2] >= 5
    assert len({i.slot for i in items if i.big}) >= 3


def test_item_restrictions_use_race_class_and_sex() -> None:
    items = cards_of("item")
    usable = {t for i in items for t in i.usable_by}
    banned = {t for i in items for t in i.not_usable_by}
    assert usable & set(CORE_RACES) and usable & set(CLASSES) and usable & set(SEXES)
    assert banned & set(CORE_RACES) and banned & set(CLASSES)
    for i in items:
        if i.usable_by:
            assert "Usable by" in i.text and "only" in i.text, i.id
        if i.not_usable_by:
            assert "Not usable by" in i.text, i.id


def test_M42_item_values_run_from_no_value_to_1000() -> None:
    values = {i.value for i in cards_of("item")}
    assert 0 in values and max(values) == 1000
    assert any(i.escape > 0 for i in cards_of("item"))


def test_item_text_matches_its_numbers() -> None:
    for i in cards_of("item"):
        if i.bonus:
            assert f"+{i.bonus}." in i.text or f"+{i.bonus};" in i.text, i.id
        if i.escape:
            assert f"+{i.escape} to Run Away" in i.text, i.id
        assert ("Big." in i.text) == i.big, i.id
        if i.slot == "hands":
            assert f"{i.hands} hand" in i.text, i.id


def test_M48_one_shots_cover_bonuses_escapes_and_monster_removal() -> None:
    shots = cards_of("one_shot")
    assert 15 <= copies("one_shot") <= 25
    bonuses = {s.bonus for s in shots if s.bonus}
    assert min(bonuses) == 2 and max(bonuses) == 5
    assert any(s.escape > 0 for s in shots)
    effects = {e.op for s in shots for e in s.effects}
    assert {
        "auto_escape",
        "remove_monster",
        "remove_monster_keep_treasure",
        "draw_treasures",
        "remove_curse",
        "force_help",
    } <= effects
    assert sum(n for c, n in core() if c.kind == "one_shot" and ops(c.effects) == {"force_help"}) == 1
    assert all(s.bonus or s.escape or s.effects for s in shots)


def test_M49_go_up_a_level_cards() -> None:
    cards = cards_of("go_up_a_level")
    assert copies("go_up_a_level") >= 8 and len(cards) >= 8
    for c in cards:
        assert "never to the winning level" in c.text
        assert (f"up {c.levels} levels" in c.text) == (c.levels > 1), c.id


def test_hirelings_help_in_combat() -> None:
    assert all(h.bonus >= 1 for h in cards_of("hireling"))


def test_core_pack_uses_no_well_known_munchkin_names() -> None:
    taken = (
        "plutonium dragon",
        "butt-kicking",
        "gelatinous octahedron",
        "lame goblin",
        "potted plant",
        "duck of doom",
        "chicken on your head",
        "bribe gm",
        "kneepads of allure",
        "cotion of ponfusion",
        "boil an anthill",
        "whine at the gm",
        "mutilate the bodies",
        "convenient addition error",
    )
    for c, _ in core():
        name = c.name.lower()
        assert not any(t in name for t in taken), c.name
        assert not re.fullmatch(r"(wandering monster|mate|half-breed|super munchkin|cheat!?|hireling)", name)
