"""Rule tests M26-M37: several monsters, enhancers, Mate, Undead, interference, help, running away, death, curses."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

from doorkick.shared.rules.base import IllegalAction, NotYourDecision, RuleError, WrongTime
from doorkick.shared.rules.munchkin.actions import (
    AcceptBadStuff,
    AskForHelp,
    Backstab,
    Charm,
    ChooseHelper,
    ChooseLoss,
    ClaimVictory,
    Curse,
    DeclineHelp,
    EndTurn,
    EnhanceMonster,
    GiveItem,
    GoUpALevel,
    JoinUndead,
    KickOpenTheDoor,
    LookForTrouble,
    LootCorpse,
    LootTheRoom,
    PlayCard,
    PlayCheat,
    PlayMate,
    RollToRunAway,
    RunAway,
    TakeSpoil,
    UseOneShot,
    Volunteer,
    WanderingMonster,
)
from doorkick.shared.rules.munchkin.combat import (
    monster_level,
    monster_treasures,
)
from doorkick.shared.rules.munchkin.engine import seats_to_act

if TYPE_CHECKING:
    from conftest import Table


def fight(table: Table, monster: str, seat: int = 0) -> Table:
    """Kick open the door onto `monster`."""
    return table.door_on_top(monster).act(KickOpenTheDoor(seat))


def get_help(table: Table, helper: int, **bribe: Any) -> Table:
    """The fighter asks, `helper` volunteers and is chosen (M31)."""
    fighter = table.combat.fighter
    return table.act(AskForHelp(fighter, **bribe), Volunteer(helper), ChooseHelper(fighter, helper))


def levels(table: Table) -> list[int]:
    return [monster_level(table.state, m) for m in table.combat.monsters]


def run_and_roll(table: Table, *dice: int) -> Table:
    """Run away, let the window pass, and fix the dice the run-away rolls will show."""
    return table.act(RunAway(table.combat.fighter)).pass_all().dice(*dice)


# --- M26: several monsters ---------------------------------------------------------------------------------


def test_M26_several_monsters_must_be_beaten_by_their_sum(table: Table) -> None:
    table.level(0, 5).wear(0, "sword#1").hand(1, "wandering", "ghoul#2")
    fight(table, "ghoul#1").act(WanderingMonster(1, "wandering", "ghoul#2"))
    assert table.strengths() == (7, 8)
    table.refuses(ClaimVictory(0), IllegalAction)
    table.hand(0, "missile#1").act(UseOneShot(0, "missile#1"))
    assert table.strengths() == (12, 8)
    table.act(ClaimVictory(0)).pass_all()
    assert table.state.combat is None
    assert table.player(0).level == 7  # one level per monster killed
    assert len(table.player(0).hand) == 4  # 2 + 2 treasures
    assert {"ghoul#1", "ghoul#2", "wandering"} <= set(table.state.door_discard)


def test_M26_run_from_all_of_them(table: Table) -> None:
    table.level(0, 2).hand(1, "wandering", "rat#2")
    fight(table, "rat#1").act(WanderingMonster(1, "wandering", "rat#2"))  # 2 against 2: a tie loses (R05 lets her run)
    run_and_roll(table, 6, 1)
    assert table.flight.remaining == (0, 1)
    table.act(RollToRunAway(0, 0))
    assert table.combat.step == "flee"
    flight = table.flight
    assert flight.remaining == (1,)
    table.act(RollToRunAway(0, 1))
    assert table.flight.caught_by == 1
    table.act(AcceptBadStuff(0))
    assert table.state.combat is None
    assert table.player(0).level == 1


def test_M26_removing_one_and_fleeing_the_rest_gives_nothing(table: Table) -> None:
    table.level(0, 4)
    table.hand(0, "banish").hand(1, "wandering", "troll")
    fight(table, "rat#1").act(WanderingMonster(1, "wandering", "troll"))
    table.act(UseOneShot(0, "banish", monster=0))
    assert [m.card for m in table.combat.monsters] == ["troll"]
    run_and_roll(table, 6).act(RollToRunAway(0, 0))
    assert table.state.combat is None
    assert table.player(0).level == 4
    assert table.player(0).hand == ()
    assert "rat#1" in table.state.door_discard and "banish" in table.state.treasure_discard


def test_M26_one_level_per_monster_killed(table: Table) -> None:
    table.level(0, 5).hand(2, "wandering", "rat#2")
    fight(table, "rat#1").act(WanderingMonster(2, "wandering", "rat#2"), ClaimVictory(0)).pass_all()
    assert table.player(0).level == 7


def test_M26_a_charmed_monster_and_a_fled_one_give_no_treasure(table: Table) -> None:
    table.klass(0, "wizard").hand(0, "rat#3", "junk#1", "junk#2").hand(1, "wandering", "troll")
    fight(table, "rat#1").act(WanderingMonster(1, "wandering", "troll"), Charm(0, monster=0))
    assert [m.card for m in table.combat.monsters] == ["troll"]
    run_and_roll(table, 6).act(RollToRunAway(0, 0))
    assert table.state.combat is None
    assert (table.player(0).level, table.player(0).hand) == (1, ())


# --- M27: monster enhancers ---------------------------------------------------------------------------------


def test_M27_any_player_enhances_any_combat_cumulatively(table: Table) -> None:
    table.level(0, 8).hand(1, "enraged#1").hand(2, "enraged#2")
    fight(table, "rat#1").act(EnhanceMonster(1, "enraged#1"), EnhanceMonster(2, "enraged#2"))
    assert levels(table) == [11]
    assert monster_treasures(table.state, table.combat.monsters[0]) == 3
    table.refuses(ClaimVictory(0), IllegalAction)


def test_M27_an_enhancer_changes_the_treasures_won(table: Table) -> None:
    table.level(0, 8).hand(1, "enraged#1")
    fight(table, "rat#1").act(EnhanceMonster(1, "enraged#1"), ClaimVictory(0)).pass_all()
    assert len(table.player(0).hand) == 2  # 1 + 1 from Enraged
    assert {"rat#1", "enraged#1"} <= set(table.state.door_discard)


def test_M27_a_minus_enhancer_weakens_the_monster(table: Table) -> None:
    table.level(0, 1).hand(0, "baby")
    fight(table, "ghoul#1").act(EnhanceMonster(0, "baby"))
    assert levels(table) == [-1]
    assert monster_treasures(table.state, table.combat.monsters[0]) == 1
    table.act(ClaimVictory(0)).pass_all()
    assert table.player(0).level == 2 and len(table.player(0).hand) == 1


def test_M27_with_several_monsters_the_player_names_the_target(table: Table) -> None:
    table.level(0, 9).hand(1, "wandering", "rat#2", "enraged#1")
    fight(table, "ghoul#1").act(WanderingMonster(1, "wandering", "rat#2"))
    table.refuses(EnhanceMonster(1, "enraged#1", monster=2), IllegalAction)
    table.act(EnhanceMonster(1, "enraged#1", monster=1))
    assert levels(table) == [4, 6]


def test_M27_enhancers_are_played_only_into_a_combat(table: Table) -> None:
    table.hand(0, "enraged#1")
    table.refuses(EnhanceMonster(0, "enraged#1"), WrongTime)


# --- M28: Undead join Undead ---------------------------------------------------------------------------------


def test_M28_an_undead_joins_an_undead_combat_from_hand(table: Table) -> None:
    table.level(0, 3).hand(2, "ghoul#2")
    fight(table, "ghoul#1").act(JoinUndead(2, "ghoul#2"))
    assert [m.card for m in table.combat.monsters] == ["ghoul#1", "ghoul#2"]
    assert table.player(2).hand == ()
    assert table.strengths() == (3, 8)


def test_M28_no_undead_joins_a_living_monster(table: Table) -> None:
    table.hand(2, "ghoul#2")
    fight(table, "rat#1")
    table.refuses(JoinUndead(2, "ghoul#2"), IllegalAction)


def test_M28_only_an_undead_joins_without_wandering_monster(table: Table) -> None:
    table.hand(2, "rat#2")
    fight(table, "ghoul#1")
    table.refuses(JoinUndead(2, "rat#2"), IllegalAction)


# --- M29: interference -------------------------------------------------------------------------------------


def test_M29_one_shots_help_either_side(table: Table) -> None:
    table.level(0, 8).hand(2, "missile#1").hand(1, "missile#2")
    fight(table, "troll").act(UseOneShot(2, "missile#1", side="fighters"))
    assert table.strengths() == (13, 10)
    table.act(UseOneShot(1, "missile#2", side="monsters"))
    assert table.strengths() == (13, 15)
    table.refuses(ClaimVictory(0), IllegalAction)


def test_M29_a_wandering_monster_comes_from_its_players_own_hand(table: Table) -> None:
    table.hand(1, "wandering").hand(2, "rat#2")
    fight(table, "rat#1")
    table.refuses(WanderingMonster(1, "wandering", "rat#2"), IllegalAction)


def test_M29_both_bad_stuffs_apply_on_a_failed_escape(table: Table) -> None:
    table.level(0, 3).wear(0, "helmet#1").hand(1, "wandering", "ghoul#2")
    fight(table, "rat#1").act(WanderingMonster(1, "wandering", "ghoul#2"))
    run_and_roll(table, 1, 1).act(RollToRunAway(0, 0), AcceptBadStuff(0))
    assert table.player(0).level == 2  # the Rat's Bad Stuff
    table.act(RollToRunAway(0, 1), AcceptBadStuff(0))
    assert table.player(0).items == ()  # and the Ghoul's
    assert table.state.combat is None


def test_M29_a_thief_backstabs_a_fighter_once(table: Table) -> None:
    table.level(0, 3).wear(0, "sword#1").klass(1, "thief").hand(1, "rat#2", "rat#3")
    fight(table, "ghoul#1")
    assert table.strengths() == (5, 4)
    table.act(Backstab(1, 0, "rat#2"))
    assert table.strengths() == (3, 4)
    table.refuses(Backstab(1, 0, "rat#3"), IllegalAction)
    table.refuses(ClaimVictory(0), IllegalAction)


def test_M29_no_backstab_against_ones_own_helper(table: Table) -> None:
    table.klass(0, "thief").hand(0, "rat#2")
    fight(table, "ghoul#1")
    get_help(table, 1)
    table.refuses(Backstab(0, 1, "rat#2"), IllegalAction)


# --- M30: Mate ------------------------------------------------------------------------------------------------


def test_M30_mate_copies_the_monster_with_its_enhancers(table: Table) -> None:
    """The rulings' example: Mate on a level-10 monster carrying +5 gives two level-15 monsters."""
    table.level(0, 9).hand(1, "enraged#1", "mate")
    fight(table, "troll").act(EnhanceMonster(1, "enraged#1"), PlayMate(1, "mate"))
    assert levels(table) == [15, 15]
    assert [monster_treasures(table.state, m) for m in table.combat.monsters] == [4, 4]
    assert table.strengths() == (9, 30)


def test_M30_enhancers_after_the_mate_affect_only_their_target(table: Table) -> None:
    table.level(0, 9).hand(1, "enraged#1", "mate").hand(2, "enraged#2")
    fight(table, "troll").act(EnhanceMonster(1, "enraged#1"), PlayMate(1, "mate"))
    table.act(EnhanceMonster(2, "enraged#2", monster=1))
    assert levels(table) == [15, 20]


def test_M30_mate_and_copied_enhancer_are_discarded_once(table: Table) -> None:
    table.level(0, 5).wear(0, "armor", "chainsaw").hand(1, "enraged#1", "mate")
    fight(table, "rat#1").act(EnhanceMonster(1, "enraged#1"), PlayMate(1, "mate"))
    assert table.strengths() == (13, 12)
    table.act(ClaimVictory(0)).pass_all()
    assert table.player(0).level == 7
    assert len(table.player(0).hand) == 4  # (1 + 1) for each monster
    for card in ("rat#1", "enraged#1", "mate"):
        assert table.state.door_discard.count(card) == 1


# --- M31: help and bribes ----------------------------------------------------------------------------------


def test_M31_the_fighter_chooses_one_helper_among_volunteers(table: Table) -> None:
    table.level(0, 5).level(1, 3).level(2, 6)
    fight(table, "troll").act(AskForHelp(0), Volunteer(1), Volunteer(2))
    assert table.combat.volunteers == (1, 2)
    table.act(ChooseHelper(0, 2))
    assert table.combat.helper == 2
    assert table.strengths() == (11, 10)
    table.act(ClaimVictory(0)).pass_all()
    assert table.player(0).level == 6
    assert table.player(2).level == 6  # M33: a helper gains no level
    drew = [e for e in table.events if e.kind == "drew"][-1]
    assert drew.for_seat(None)["cards"]  # helped: treasures drawn face up (M20)


def test_M31_only_a_volunteer_can_be_chosen(table: Table) -> None:
    fight(table, "troll").act(AskForHelp(0), Volunteer(1))
    table.refuses(ChooseHelper(0, 2), IllegalAction)
    table.refuses(ChooseHelper(1, 1), NotYourDecision)


def test_M31_help_is_binding_once_accepted(table: Table) -> None:
    fight(table, "troll")
    get_help(table, 1)
    table.refuses(AskForHelp(0), IllegalAction)
    assert table.combat.helper == 1


def test_M31_nobody_volunteers(table: Table) -> None:
    fight(table, "troll").act(AskForHelp(0), DeclineHelp(1), DeclineHelp(2))
    assert table.combat.step == "fight" and table.combat.helper is None


def test_M31_bribe_items_are_binding_on_acceptance_and_change_hands_after_the_combat(table: Table) -> None:
    table.level(0, 5).wear(0, "sword#1")
    fight(table, "troll").act(AskForHelp(0, items=("sword#1",)), Volunteer(1))
    assert table.player(0).item_cards == ("sword#1",)  # nothing moves before acceptance
    table.act(ChooseHelper(0, 1))
    assert table.combat.bribe.items == ("sword#1",)
    assert table.player(0).item_cards == ("sword#1",)  # R06: the fighter keeps using it until the combat ends
    assert table.strengths() == (8, 10)


def test_M31_the_bribe_can_only_offer_ones_own_items(table: Table) -> None:
    table.wear(1, "sword#1")
    fight(table, "troll")
    table.refuses(AskForHelp(0, items=("sword#1",)), IllegalAction)


@pytest.mark.parametrize("helper_first, order", [(True, (1, 0, 0)), (False, (0, 0, 1))])
def test_M31_the_treasure_share_follows_the_agreed_pick_order(
    table: Table, helper_first: bool, order: tuple[int, ...]
) -> None:
    table.level(0, 8).level(1, 3).treasure_on_top("gold-brick#1", "junk#1", "helmet#1")
    fight(table, "troll")
    get_help(table, 1, treasures=1, helper_first=helper_first)
    table.act(ClaimVictory(0)).pass_all()
    combat = table.combat
    assert combat.step == "spoils"
    assert set(combat.spoils) == {"gold-brick#1", "junk#1", "helmet#1"}
    assert combat.pick_order == order
    other = 0 if order[0] == 1 else 1
    table.refuses(TakeSpoil(other, "gold-brick#1"), NotYourDecision)
    table.act(TakeSpoil(order[0], "gold-brick#1"))
    if helper_first:
        assert table.state.combat is None  # only the fighter is left to pick: the rest are theirs
        assert table.player(1).hand == ("gold-brick#1",)
        assert sorted(table.player(0).hand) == ["helmet#1", "junk#1"]
    else:
        table.act(TakeSpoil(0, "junk#1"))
        assert table.state.combat is None
        assert table.player(1).hand == ("helmet#1",)
        assert sorted(table.player(0).hand) == ["gold-brick#1", "junk#1"]


def test_M31_a_forced_helper_is_released_if_the_fighter_wins_alone(table: Table) -> None:
    table.level(0, 6).race(1, "elf#1").level(1, 2).hand(0, "draft-notice")
    fight(table, "ghoul#1").act(UseOneShot(0, "draft-notice", target=1))
    assert table.combat.helper == 1 and table.combat.helper_forced
    table.act(ClaimVictory(0)).pass_all()
    assert "forced_helper_released" in table.event_kinds()
    assert table.player(1).level == 2  # released: not a helper, no Elf level
    assert table.player(0).level == 7


def test_M31_a_forced_helper_stays_when_needed(table: Table) -> None:
    table.level(0, 3).race(1, "elf#1").level(1, 2).hand(0, "draft-notice")
    fight(table, "ghoul#1").act(UseOneShot(0, "draft-notice", target=1), ClaimVictory(0)).pass_all()
    assert "forced_helper_released" not in table.event_kinds()
    assert table.player(0).level == 4
    assert table.player(1).level == 3  # an Elf helper (M33)


# --- M32: the helper and the monster ------------------------------------------------------------------------


def test_M32_monster_bonuses_apply_to_the_helper(table: Table) -> None:
    table.level(0, 5).race(1, "elf#1").level(1, 3)
    fight(table, "elf-hater")
    assert table.strengths() == (5, 6)
    get_help(table, 1)
    assert table.strengths() == (8, 10)


def test_M32_a_bonus_counts_once_when_both_fighters_qualify(table: Table) -> None:
    table.level(0, 5).race(0, "elf#1").race(1, "elf#2").level(1, 6)
    fight(table, "elf-hater")
    get_help(table, 1)
    assert table.strengths() == (11, 10)


def test_M32_a_warrior_helper_wins_ties(table: Table) -> None:
    table.level(0, 3).klass(1, "warrior#1").level(1, 1)
    fight(table, "ghoul#1")
    get_help(table, 1)
    assert table.strengths() == (4, 4)
    table.act(ClaimVictory(0)).pass_all()
    assert table.player(0).level == 4


# --- M33: what the helper gets and may do -------------------------------------------------------------------


def test_M33_an_elf_helper_gains_a_level_per_monster_killed(table: Table) -> None:
    table.level(0, 2).race(1, "elf#1").level(1, 1).hand(2, "wandering", "rat#2")
    fight(table, "rat#1").act(WanderingMonster(2, "wandering", "rat#2"))
    get_help(table, 1)
    table.act(ClaimVictory(0)).pass_all()
    assert table.player(0).level == 4
    assert table.player(1).level == 3


def test_M33_a_helper_may_not_play_new_items_but_may_use_one_shots(table: Table) -> None:
    table.level(0, 5).level(1, 1).hand(1, "sword#2", "missile#1")
    fight(table, "troll")
    get_help(table, 1)
    table.refuses(PlayCard(1, "sword#2"))
    table.act(UseOneShot(1, "missile#1"))
    assert table.strengths() == (11, 10)


# --- M34: running away --------------------------------------------------------------------------------------


def test_M34_a_roll_of_5_escapes(table: Table) -> None:
    fight(table, "troll")
    run_and_roll(table, 5).act(RollToRunAway(0, 0))
    assert table.state.combat is None
    assert table.player(0).level == 1
    assert "escaped" in table.event_kinds()


def test_M34_a_failed_roll_brings_the_bad_stuff(table: Table) -> None:
    table.level(0, 5)
    fight(table, "troll")
    run_and_roll(table, 4).act(RollToRunAway(0, 0))
    assert table.flight.caught_by == 0
    table.act(AcceptBadStuff(0))
    assert table.player(0).level == 3
    assert table.state.combat is None


def test_M34_items_and_race_modify_the_roll(table: Table) -> None:
    table.race(0, "elf#1").wear(0, "boots")
    fight(table, "troll")
    run_and_roll(table, 3).act(RollToRunAway(0, 0))
    roll = next(e for e in table.events if e.kind == "escape_roll")
    assert (roll.for_seat(None)["die"], roll.for_seat(None)["total"]) == (3, 5)
    assert table.state.combat is None


def test_M34_monsters_modify_the_roll(table: Table) -> None:
    table.level(0, 5)
    fight(table, "lazy-dragon")
    run_and_roll(table, 5).act(RollToRunAway(0, 0))
    assert table.flight.caught_by == 0  # 5 - 1 = 4


def test_M34_some_monsters_hurt_even_on_escape(table: Table) -> None:
    table.level(0, 2)
    fight(table, "skunk")
    run_and_roll(table, 6).act(RollToRunAway(0, 0))
    assert table.state.combat is None
    assert table.player(0).level == 1


def test_M34_the_helper_runs_too(table: Table) -> None:
    table.level(0, 2).level(1, 4)
    fight(table, "troll")
    get_help(table, 1)
    run_and_roll(table, 5, 2)
    assert table.flight.order == (0, 1)
    table.act(RollToRunAway(0, 0))
    table.refuses(RollToRunAway(0, 0), RuleError)
    table.act(RollToRunAway(1, 0), AcceptBadStuff(1))
    assert table.player(0).level == 2
    assert table.player(1).level == 2
    assert table.state.combat is None


def test_M34_each_monster_in_the_order_the_fighter_chooses(table: Table) -> None:
    table.level(0, 4).hand(1, "wandering", "rat#2")
    fight(table, "troll").act(WanderingMonster(1, "wandering", "rat#2"))
    run_and_roll(table, 6, 6).act(RollToRunAway(0, 1))
    assert table.flight.remaining == (0,)
    table.refuses(RollToRunAway(0, 1), IllegalAction)
    table.act(RollToRunAway(0, 0))
    assert table.state.combat is None


def test_M34_a_monster_that_does_not_pursue_low_levels_is_fled_without_a_roll(table: Table) -> None:
    table.level(0, 3)
    fight(table, "lazy-dragon").act(RunAway(0)).pass_all()
    rng = table.state.rng
    table.act(RollToRunAway(0, 0))
    assert table.state.combat is None
    assert table.state.rng == rng  # no die was rolled
    escaped = next(e for e in table.events if e.kind == "escaped")
    assert escaped.for_seat(None)["how"] == "not_pursued"
    assert table.player(0).level == 3  # let go unharmed: not even its on-escape hurt (001)


def test_M34_a_pursuing_no_pursue_monster_still_hurts_on_escape(table: Table) -> None:
    table.level(0, 4)
    fight(table, "lazy-dragon")
    run_and_roll(table, 6).act(RollToRunAway(0, 0))  # 6 - 1 = 5: escaped
    assert table.state.combat is None
    assert table.player(0).level == 3


def test_M34_a_no_pursue_monster_may_be_fought_for_its_treasure(table: Table) -> None:
    table.level(0, 3).wear(0, "armor", "chainsaw", "ladder#1", "helmet#1").hand(0, "missile#1")
    fight(table, "lazy-dragon").act(UseOneShot(0, "missile#1"), ClaimVictory(0)).pass_all()
    assert table.player(0).level == 5
    assert len(table.player(0).hand) == 4


# --- M35: fleeing gives nothing ------------------------------------------------------------------------------


def test_M35_fleeing_gives_no_level_no_treasure_and_no_looting(table: Table) -> None:
    table.hand(0, "rat#2")
    fight(table, "troll")
    run_and_roll(table, 6).act(RollToRunAway(0, 0))
    assert table.player(0).level == 1
    assert table.player(0).hand == ("rat#2",)
    table.refuses(LootTheRoom(0), WrongTime)
    table.refuses(LookForTrouble(0, "rat#2"), WrongTime)


# --- M36: death and looting ---------------------------------------------------------------------------------


def test_M36_death_takes_hand_and_items_and_keeps_the_rest(table: Table) -> None:
    table.level(0, 2).race(0, "dwarf").klass(0, "warrior#1").curse(0, "curse-chicken")
    table.hand(0, "half-breed").act(PlayCard(0, "half-breed"))
    table.wear(0, "sword#1", "helmet#1").hand(0, "rat#2", "level-up#1")
    table.level(1, 2).level(2, 5)
    fight(table, "elf-hater")
    run_and_roll(table, 1).act(RollToRunAway(0, 0), AcceptBadStuff(0))
    p = table.player(0)
    assert p.dead
    assert (p.hand, p.items) == ((), ())
    assert (p.races, p.classes, p.level, p.curses, p.half_breed) == (
        ("dwarf",),
        ("warrior#1",),
        2,
        ("curse-chicken",),
        "half-breed",
    )
    assert table.state.combat is None
    assert [d.seat for d in table.state.decisions] == [2, 1]  # highest level loots first
    assert set(table.state.corpse) == {"sword#1", "helmet#1", "rat#2", "level-up#1"}
    table.refuses(LootCorpse(1, "sword#1"), NotYourDecision)
    table.act(LootCorpse(2, "sword#1"), LootCorpse(1, "helmet#1"))
    assert table.player(2).hand == ("sword#1",) and table.player(1).hand == ("helmet#1",)
    assert table.state.corpse == () and table.state.decisions == ()
    assert "rat#2" in table.state.door_discard and "level-up#1" in table.state.treasure_discard


def test_M36_the_dead_receive_no_cards_or_levels(table: Table) -> None:
    table.hand(0, "curse-doom", "level-up#1").wear(0, "sword#1")
    table.act(Curse(0, "curse-doom", 1))
    assert table.player(1).dead
    table.refuses(GoUpALevel(0, "level-up#1", 1), IllegalAction)
    table.refuses(GiveItem(0, "sword#1", 1), IllegalAction)


def test_M36_the_dead_return_at_the_next_turn_and_draw_four_and_four(table: Table) -> None:
    table.hand(0, "curse-doom").act(Curse(0, "curse-doom", 1))
    assert table.player(1).dead
    fight(table, "elf#1").act(LootTheRoom(0), EndTurn(0))
    p = table.player(1)
    assert not p.dead and table.state.active == 1
    assert sorted(table.state.card(c).deck for c in p.hand) == ["door"] * 4 + ["treasure"] * 4


def test_M36_the_dead_may_help_as_soon_as_they_return(table: Table) -> None:
    table.hand(0, "curse-doom").act(Curse(0, "curse-doom", 2))
    fight(table, "elf#1").act(LootTheRoom(0), EndTurn(0))
    table.door_on_top("troll").act(KickOpenTheDoor(1), AskForHelp(1), Volunteer(2))
    assert table.combat.volunteers == (2,)


def test_M36_a_helper_killed_leaves_the_fighter_alone(table: Table) -> None:
    table.level(0, 5).level(1, 6).hand(2, "curse-doom")
    fight(table, "troll")
    get_help(table, 1)
    assert table.strengths() == (11, 10)
    table.act(Curse(2, "curse-doom", 1))
    assert table.combat.helper is None
    assert table.strengths() == (5, 10)
    table.refuses(ClaimVictory(0), IllegalAction)


def test_M36_a_dead_fighter_leaves_the_helper_to_flee_after_the_looting(table: Table) -> None:
    table.level(0, 2).level(1, 1).wear(0, "sword#1")
    fight(table, "elf-hater")
    get_help(table, 1)  # 5 against 6: together they still lose, so they may run (R05)
    run_and_roll(table, 1, 6).act(RollToRunAway(0, 0), AcceptBadStuff(0))
    assert table.player(0).dead
    assert [d.kind for d in table.state.decisions] == ["loot_corpse"]
    table.act(LootCorpse(table.state.decisions[0].seat, "sword#1"))
    assert table.flight.order == (1,)
    table.act(RollToRunAway(1, 0))
    assert table.state.combat is None
    assert not table.player(1).dead


def test_M36_looters_tied_on_level_roll_for_the_order(table: Table) -> None:
    table.level(0, 3).wear(0, "sword#1", "helmet#1")
    fight(table, "elf-hater")
    run_and_roll(table, 1, 2, 5).act(RollToRunAway(0, 0), AcceptBadStuff(0))
    assert [d.seat for d in table.state.decisions] == [2, 1]  # seat 2 rolled 5, seat 1 rolled 2


# --- M37: curses ---------------------------------------------------------------------------------------------


def test_M37_a_curse_drawn_face_up_hits_the_drawer(table: Table) -> None:
    table.level(0, 3)
    fight(table, "curse-level#1")
    assert table.player(0).level == 2
    assert table.state.door_discard[-1] == "curse-level#1"


def test_M37_a_curse_from_hand_hits_any_player_at_any_time(table: Table) -> None:
    table.level(1, 3).hand(2, "curse-level#1", "curse-level#2")
    table.act(Curse(2, "curse-level#1", 1))  # not even the active player's turn
    assert table.player(1).level == 2
    fight(table, "troll").act(Curse(2, "curse-level#2", 1))  # in someone else's combat
    assert table.player(1).level == 1


def test_M37_no_curse_while_the_table_waits_for_a_decision(table: Table) -> None:
    table.wear(1, "sword#1", "helmet#1").hand(0, "curse-any").hand(2, "curse-level#1")
    table.act(Curse(0, "curse-any", 1))
    table.refuses(Curse(2, "curse-level#1", 1), WrongTime)


def test_M37_the_victim_chooses_the_lost_item(table: Table) -> None:
    table.wear(1, "sword#1", "helmet#1").hand(0, "curse-any")
    table.act(Curse(0, "curse-any", 1))
    decision = table.state.decisions[0]
    assert (decision.kind, decision.seat, set(decision.cards)) == ("lose_item", 1, {"sword#1", "helmet#1"})
    table.refuses(ChooseLoss(0, "helmet#1"), NotYourDecision)
    table.refuses(ChooseLoss(1, "armor"), IllegalAction)
    table.act(ChooseLoss(1, "helmet#1"))
    assert table.player(1).item_cards == ("sword#1",)
    assert "helmet#1" in table.state.treasure_discard


def test_M37_a_curse_on_something_absent_does_nothing(table: Table) -> None:
    table.wear(1, "sword#1").hand(0, "curse-hat")
    before = table.player(1)
    table.act(Curse(0, "curse-hat", 1))
    assert table.player(1) == before
    assert table.state.door_discard[-1] == "curse-hat"


def test_M37_cursing_yourself_is_legal(table: Table) -> None:
    table.level(0, 3).hand(0, "curse-level#1").act(Curse(0, "curse-level#1", 0))
    assert table.player(0).level == 2


def test_M37_next_combat_means_the_current_one(table: Table) -> None:
    table.level(0, 6).hand(1, "curse-weak")
    fight(table, "ghoul#1")
    assert table.strengths() == (6, 4)
    table.act(Curse(1, "curse-weak", 0))
    assert table.strengths() == (4, 4)
    table.refuses(ClaimVictory(0), IllegalAction)
    run_and_roll(table, 6).act(RollToRunAway(0, 0))
    assert table.player(0).curses == ()  # it lasted this combat only
    assert "curse-weak" in table.state.door_discard


def test_M37_strength_is_recomputed_at_once_in_mid_combat(table: Table) -> None:
    """The rulings' example: a curse taking +5 armor turns strength 12 into 7."""
    table.level(0, 7).wear(0, "armor").hand(1, "curse-armor")
    fight(table, "troll").act(ClaimVictory(0))
    assert table.combat.step == "window"
    assert table.strengths() == (12, 10)
    table.act(Curse(1, "curse-armor", 0))
    assert table.strengths() == (7, 10)
    combat = table.combat
    assert combat.step == "fight"  # the claim no longer stands
    table.refuses(ClaimVictory(0), IllegalAction)


def test_M37_the_victim_chooses_what_bad_stuff_takes(table: Table) -> None:
    table.wear(0, "helmet#1").wear(0, "helmet#2", equipped=False).hand(0, "cheat")
    table.act(PlayCheat(0, "cheat", "helmet#2"))
    fight(table, "ghoul#1")
    run_and_roll(table, 1).act(RollToRunAway(0, 0), AcceptBadStuff(0))
    decision = table.state.decisions[0]
    assert (decision.kind, decision.seat, set(decision.cards)) == ("lose_item", 0, {"helmet#1", "helmet#2"})
    table.act(ChooseLoss(0, "helmet#2"))
    assert table.player(0).item_cards == ("helmet#1",)
    assert "helmet#2" in table.state.treasure_discard and "cheat" in table.state.door_discard


def test_M37_a_next_combat_curse_on_a_bystander_waits_for_their_combat(table: Table) -> None:
    table.level(0, 5).level(1, 3).hand(2, "curse-weak")
    fight(table, "rat#1").act(Curse(2, "curse-weak", 1), ClaimVictory(0)).pass_all()
    assert table.player(1).curses == ("curse-weak",)  # seat 1 did not fight
    table.act(EndTurn(0))
    fight(table, "ghoul#2", seat=1)
    assert table.strengths() == (1, 4)
    run_and_roll(table, 6).act(RollToRunAway(1, 0))
    assert table.player(1).curses == ()


# --- M31: asking one player rather than everyone -------------------------------------------------------------


def test_M31_the_fighter_may_ask_one_player_and_only_they_answer(table: Table) -> None:
    table.level(0, 1)
    fight(table, "troll")
    table.act(AskForHelp(0, treasures=1, to=2))
    assert table.combat.asked == 2
    assert seats_to_act(table.state) == frozenset({2}) and Volunteer(1) not in table.legal(1)
    table.refuses(Volunteer(1), NotYourDecision)
    table.act(Volunteer(2), ChooseHelper(0, 2))
    assert table.combat.helper == 2 and table.combat.asked == -1


def test_M31_a_call_to_one_player_declined_goes_back_to_the_fight(table: Table) -> None:
    fight(table, "troll")
    table.act(AskForHelp(0, to=1), DeclineHelp(1))
    assert table.combat.step == "fight" and table.combat.asked == -1
    assert "nobody_helps" in table.event_kinds()


def test_M31_one_cannot_ask_oneself_or_a_stranger(table: Table) -> None:
    fight(table, "troll")
    table.refuses(AskForHelp(0, to=0), IllegalAction)
    table.refuses(AskForHelp(0, to=7), IllegalAction)
    assert AskForHelp(0, to=1) in table.legal(0) and AskForHelp(0) in table.legal(0)
