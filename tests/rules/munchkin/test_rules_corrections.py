"""Rules R..: the corrections and additions of the seeds' second reading, which win over the IDs they name."""

from __future__ import annotations

from pathlib import Path

from doorkick.shared.rules.base import IllegalAction, WrongTime
from doorkick.shared.rules.munchkin.actions import (
    AcceptTrade,
    AskForHelp,
    ChooseHelper,
    ChooseLoss,
    ClaimVictory,
    DiscardCard,
    GiveItem,
    KickOpenTheDoor,
    OfferTrade,
    PlayCard,
    RollToRunAway,
    RunAway,
    Steal,
    UseOneShot,
    Volunteer,
)

PACKS = Path(__file__).parent / "packs"
RULES_PACK = str(PACKS / "rules.toml")
CORRECTIONS_PACK = str(PACKS / "corrections.toml")  # cards the rule-test pack has no plain one for


def fight(table, monster: str, seat: int = 0):
    return table.door_on_top(monster).act(KickOpenTheDoor(seat))


# --- R05: no running from a fight you are winning --------------------------------------------------------


def test_R05_a_winning_fighter_may_not_run_away(table):
    table.level(0, 5)
    fight(table, "rat#1")
    assert table.strengths() == (5, 1)
    assert RunAway(0) not in table.legal(0)
    table.refuses(RunAway(0), IllegalAction, match="winning")
    assert ClaimVictory(0) in table.legal(0)


def test_R05_a_losing_fighter_may_still_run(table):
    fight(table, "ghoul#1")
    assert RunAway(0) in table.legal(0)


def test_R05_a_card_that_turns_the_fight_during_the_run_window_stops_the_run(table):
    table.hand(1, "missile#1")
    fight(table, "ghoul#1").act(RunAway(0))
    assert table.state.combat.step == "window"
    table.act(UseOneShot(1, "missile#1"))  # a friend's bonus: the fighter now wins (6 against 4)
    assert table.state.combat.step == "fight"
    assert RunAway(0) not in table.legal(0)
    assert ClaimVictory(0) in table.legal(0)


# --- R11: the Orc's extra level needs a margin of more than 10 ------------------------------------------------


def claim(table, monster: str):
    return table.door_on_top(monster).act(KickOpenTheDoor(0), ClaimVictory(0)).pass_all()


def test_R11_an_orc_winning_by_exactly_10_gains_no_extra_level(variant):
    t = variant(epic=True).race(0, "orc").level(0, 3).wear(0, "armor", "chainsaw")  # 11 against a rat
    claim(t, "rat#1")
    assert t.player(0).level == 4


def test_R11_an_orc_winning_by_11_gains_the_extra_level(variant):
    t = variant(epic=True).race(0, "orc").level(0, 4).wear(0, "armor", "chainsaw")  # 12 against a rat
    claim(t, "rat#1")
    assert t.player(0).level == 6


# --- R10: the Sparkly Good Fairy comes back only when she was not defeated ---------------------------------------


def test_R10_a_fairy_removed_by_a_card_is_defeated_and_stays_in_the_discards(variant):
    t = variant().hand(1, "banish").door_on_top("fairy").act(KickOpenTheDoor(0))
    t.act(UseOneShot(1, "banish", monster=0)).pass_all()
    assert t.state.combat is None
    assert "fairy" in t.state.door_discard and "fairy" not in t.state.door_deck


def test_R10_a_fairy_escaped_from_still_returns_to_the_top_ten_doors(variant):
    t = variant().door_on_top("fairy").act(KickOpenTheDoor(0), RunAway(0)).pass_all().dice(6)
    t.act(RollToRunAway(0, 0))
    assert "fairy" in t.state.door_deck[:11] and "fairy" not in t.state.door_discard


# --- R08: a theft is barred only by the Thief's or the victim's own combat, and not once a turn -------------------


def test_R08_a_thief_may_steal_from_a_bystander_while_someone_else_fights(table):
    table.klass(2, "thief").hand(2, "rat#2").wear(1, "helmet#1")
    fight(table, "troll")
    table.dice(4).act(Steal(2, 1, "helmet#1", "rat#2"))
    assert table.player(2).item_cards == ("helmet#1",) and table.player(1).items == ()


def test_R08_no_theft_by_or_from_anyone_in_the_combat(table):
    table.klass(1, "thief").hand(1, "rat#2").wear(0, "helmet#1").wear(2, "boots")
    fight(table, "troll")
    table.refuses(Steal(1, 0, "helmet#1", "rat#2"), WrongTime, match="in combat")
    assert not [a for a in table.legal(1) if isinstance(a, Steal) and a.target == 0]
    table.act(AskForHelp(0), Volunteer(1), ChooseHelper(0, 1))
    table.refuses(Steal(1, 2, "boots", "rat#2"), WrongTime, match="you are in combat")


def test_R08_the_thief_card_sets_no_limit_a_turn(table):
    table.klass(0, "thief").hand(0, "rat#2", "rat#3").wear(1, "helmet#1", "boots")
    table.dice(4, 5).act(Steal(0, 1, "helmet#1", "rat#2"), Steal(0, 1, "boots", "rat#3"))
    assert set(table.player(0).item_cards) == {"helmet#1", "boots"}


# --- R07: Treasures that are not for fighting are played on your own turn, out of combat ---------------------------


def test_R07_removing_a_curse_on_your_own_turn_works(table):
    table.curse(1, "curse-chicken").hand(0, "holy-water")
    table.act(UseOneShot(0, "holy-water", target=1))
    assert table.player(1).curses == ()


def test_R07_a_bystander_may_not_remove_a_curse_on_someone_elses_turn(table):
    table.curse(1, "curse-chicken").hand(1, "holy-water")
    assert not [a for a in table.legal(1) if isinstance(a, UseOneShot)]
    table.refuses(UseOneShot(1, "holy-water", target=1), WrongTime, match="your own turn")


def test_R07_no_curse_removal_in_a_combat_even_your_own(table):
    table.curse(0, "curse-chicken").hand(0, "holy-water")
    fight(table, "troll")
    assert UseOneShot(0, "holy-water", target=0) not in table.legal(0)
    table.refuses(UseOneShot(0, "holy-water", target=0), WrongTime, match="not played in a combat")


# --- R03: a Half-Breed's or Super Munchkin's single race or class keeps the monsters' penalties against it -------


def test_R03_super_munchkin_warrior_keeps_the_monsters_penalty(make_table):
    t = make_table(packs=(RULES_PACK, CORRECTIONS_PACK))
    t.klass(0, "warrior#1").hand(0, "super-munchkin").act(PlayCard(0, "super-munchkin"))
    fight(t, "timid-ghost")
    assert t.strengths() == (1, 5)  # the Ghost's -3 against Warriors still counts


def test_R03_super_munchkin_warrior_still_escapes_the_monsters_bonus(table):
    table.klass(0, "warrior#1").hand(0, "super-munchkin").act(PlayCard(0, "super-munchkin"))
    fight(table, "ogre")
    assert table.strengths() == (1, 8)  # no "+3 against Warriors"


def test_R03_a_plain_warrior_meets_both(make_table):
    t = make_table(packs=(RULES_PACK, CORRECTIONS_PACK)).klass(0, "warrior#1")
    fight(t, "timid-ghost")
    assert t.strengths() == (1, 5)


# --- R04: the Big-item limit holds on every path into play ----------------------------------------------------------


def test_R04_a_gift_beyond_the_limit_makes_the_taker_discard_down_to_it(table):
    table.wear(0, "ladder#1").wear(1, "ladder#2")
    table.act(GiveItem(1, "ladder#2", 0))
    d = table.state.decisions[0]
    assert (d.kind, d.seat, set(d.cards), d.count) == ("lose_item", 0, {"ladder#1", "ladder#2"}, 1)
    table.act(ChooseLoss(0, "ladder#1"))
    assert table.player(0).item_cards == ("ladder#2",) and not table.state.decisions


def test_R04_a_theft_beyond_the_limit_makes_the_thief_discard_down_to_it(table):
    table.klass(0, "thief").hand(0, "rat#2").wear(0, "ladder#1").wear(1, "ladder#2")
    table.dice(6).act(Steal(0, 1, "ladder#2", "rat#2"))
    assert table.state.decisions[0].kind == "lose_item" and table.state.decisions[0].seat == 0


def test_R04_a_trade_of_one_big_item_for_another_needs_no_discard(make_table):
    t = make_table(packs=(RULES_PACK, CORRECTIONS_PACK)).wear(0, "ladder#1").wear(1, "battering-ram")
    t.act(OfferTrade(0, 1, ("ladder#1",), ("battering-ram",)), AcceptTrade(1))
    assert t.player(0).item_cards == ("battering-ram",) and t.player(1).item_cards == ("ladder#1",)
    assert not t.state.decisions


def test_R04_a_dwarf_may_carry_several_but_losing_the_dwarf_forces_the_discard(table):
    table.race(0, "dwarf").wear(0, "ladder#1", "ladder#2")
    assert not table.state.decisions
    table.act(DiscardCard(0, "dwarf"))
    d = table.state.decisions[0]
    assert (d.kind, d.seat, d.count) == ("lose_item", 0, 1)
    table.act(ChooseLoss(0, "ladder#2"))
    assert table.player(0).item_cards == ("ladder#1",) and "ladder#2" in table.state.treasure_discard
