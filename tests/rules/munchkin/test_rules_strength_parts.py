"""M19 and M22, as the table shows them: each side's strength term by term, adding up to the engine's strength."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

import pytest
from test_munchkin_properties import VARIANTS, playout, variant_playout

from doorkick.shared.rules.munchkin import RULESET, GameState
from doorkick.shared.rules.munchkin.actions import (
    AskForHelp,
    ChooseHelper,
    EnhanceMonster,
    KickOpenTheDoor,
    SacrificePet,
    TamePet,
    Volunteer,
)
from doorkick.shared.rules.munchkin.combat import (
    fighter_parts,
    fighters_strength,
    monster_parts,
    monsters_strength,
)
from doorkick.shared.rules.munchkin.options import Options

if TYPE_CHECKING:
    from conftest import Table, Variant

FIGHTER_KINDS = {"level", "item", "hireling", "curse", "one_shot", "berserk", "turn_undead", "backstab", "illusion"}
FIGHTER_KINDS |= {"arrow", "pet"}
MONSTER_KINDS = {"monster", "enhancer", "against", "arrows", "one_shot"}


def parts_add_up(seen: Counter[str]) -> Callable[[GameState], None]:
    """A check for every state of a playout: the parts sum to the strengths, in the view as in the engine."""

    def check(state: GameState) -> None:
        combat = state.combat
        if combat is None:
            return
        ours, theirs = fighter_parts(state, combat), monster_parts(state, combat)
        assert sum(p.amount for p in ours) == fighters_strength(state, combat)
        assert sum(p.amount for p in theirs) == monsters_strength(state, combat)
        assert {p.kind for p in ours} <= FIGHTER_KINDS and {p.kind for p in theirs} <= MONSTER_KINDS
        assert [p.seat for p in ours if p.kind == "level"] == list(combat.fighters)
        assert [p.monster for p in theirs if p.kind == "monster"] == list(range(len(combat.monsters)))
        view = RULESET.player_view(state, None)["combat"]
        assert sum(p["amount"] for p in view["fighters_parts"]) == view["fighters_strength"]
        assert sum(p["amount"] for p in view["monsters_parts"]) == view["monsters_strength"]
        seen.update(f"fighters:{p.kind}" for p in ours)
        seen.update(f"monsters:{p.kind}" for p in theirs)

    return check


@pytest.mark.parametrize("seed", range(12))
def test_M19_the_strength_parts_add_up_to_the_strengths_over_random_games(seed: int) -> None:
    seen: Counter[str] = Counter()
    options = Options(shared_victory=seed % 2 == 0)
    playout(seed, 3 + seed % 4, options, check=parts_add_up(seen))
    assert seen["fighters:level"] and seen["monsters:monster"]


def test_M19_the_strength_parts_add_up_in_every_variant_and_name_every_kind_of_term() -> None:
    seen: Counter[str] = Counter()
    for packs, flags, players in VARIANTS[::3]:
        variant_playout(1 + len(packs), packs, Options.from_wire(list(flags)), players, parts_add_up(seen))
    # Every kind of term really comes up (a sacrificed pet is rare enough to be left to the rule tests).
    assert {f"fighters:{k}" for k in FIGHTER_KINDS - {"pet"}} <= set(seen)
    assert {f"monsters:{k}" for k in MONSTER_KINDS} <= set(seen)


def test_M32_a_helped_fight_against_an_enhanced_elf_hater_shows_every_term(table: Table) -> None:
    table.level(0, 5).wear(0, "sword#1").race(1, "elf#1").level(1, 3).hand(2, "enraged#1")
    table.door_on_top("elf-hater").act(KickOpenTheDoor(0))
    table.act(AskForHelp(0), Volunteer(1), ChooseHelper(0, 1), EnhanceMonster(2, "enraged#1", 0))
    combat = table.combat
    ours = [(p.kind, p.amount, p.seat, p.card) for p in fighter_parts(table.state, combat)]
    theirs = [(p.kind, p.amount, p.card, p.detail) for p in monster_parts(table.state, combat)]
    sword = table.state.card("sword#1").bonus
    assert ours == [("level", 5, 0, None), ("item", sword, 0, "sword#1"), ("level", 3, 1, None)]
    assert theirs == [
        ("monster", 6, "elf-hater", ""),
        ("enhancer", 5, "enraged#1", ""),
        ("against", 4, "elf-hater", "elf"),  # the helper is an Elf
    ]
    assert table.strengths() == (5 + sword + 3, 6 + 5 + 4)


def test_E04_a_pet_sacrificed_for_the_fighter_is_a_term_of_its_own(variant: Variant) -> None:
    t = variant(epic=True).level(0, 10).door_on_top("ghoul#1").act(KickOpenTheDoor(0), TamePet(0))
    t.state = replace(t.state, phase="start")  # the next turn of the same player
    t.door_on_top("troll").act(KickOpenTheDoor(0), SacrificePet(0, "fighters"))
    parts = fighter_parts(t.state, t.combat)
    assert ("pet", 4) in [(p.kind, p.amount) for p in parts]
    assert sum(p.amount for p in parts) == fighters_strength(t.state, t.combat)
