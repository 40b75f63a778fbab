"""Rule tests M38-M50 and X01-X03: levels, races and classes, items and slots, trading, selling, table options."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from scenario_support import arranged

from doorkick.shared.rules.base import IllegalAction, NotYourDecision, WrongTime
from doorkick.shared.rules.munchkin import Options
from doorkick.shared.rules.munchkin.actions import (
    AcceptTrade,
    AskForHelp,
    Berserk,
    Charm,
    ChooseHelper,
    ClaimVictory,
    Curse,
    DeclineTrade,
    DiscardCard,
    EndTurn,
    Equip,
    FlightSpell,
    GiveItem,
    GiveToHireling,
    GoUpALevel,
    JoinUndead,
    KickOpenTheDoor,
    LookForTrouble,
    LootTheRoom,
    OfferTrade,
    PlayCard,
    PlayCheat,
    RerollEscape,
    RollToRunAway,
    RunAway,
    Sell,
    Steal,
    TurnUndead,
    UseOneShot,
    Volunteer,
)
from doorkick.shared.rules.munchkin.cards import PackError, load_munchkin_packs
from doorkick.shared.rules.munchkin.character import escape_bonus, hand_limit
from doorkick.shared.rules.munchkin.state import Carried

if TYPE_CHECKING:
    from conftest import Table

RULES_PACK = str(Path(__file__).parent / "packs" / "rules.toml")


def fight(table: Table, monster: str, seat: int = 0) -> Table:
    return table.door_on_top(monster).act(KickOpenTheDoor(seat))


def carried(table: Table, seat: int) -> dict[str, bool]:
    """Item -> whether it is in use (False: turned sideways, M43)."""
    return {c.card: c.equipped for c in table.player(seat).items}


def run_and_roll(table: Table, *dice: int) -> Table:
    return table.act(RunAway(table.combat.fighter)).pass_all().dice(*dice)


def at_end_of_turn(table: Table) -> Table:
    table.state = replace(table.state, phase="end")
    return table


def _won_with_help(table: Table, helper_race: str | None = None) -> Table:
    if helper_race:
        table.race(1, helper_race)
    table.level(0, 5).level(1, 6)
    fight(table, "troll").act(AskForHelp(0), Volunteer(1), ChooseHelper(0, 1), ClaimVictory(0)).pass_all()
    return table


# --- M38: the level range ------------------------------------------------------------------------------------


def test_M38_level_never_below_1(table: Table) -> None:
    table.hand(1, "curse-level#1").act(Curse(1, "curse-level#1", 0))
    assert table.player(0).level == 1


def test_M38_level_never_above_the_winning_level(table: Table) -> None:
    table.level(0, 9).wear(0, "armor", "chainsaw").hand(0, "missile#1")
    fight(table, "lazy-dragon").act(UseOneShot(0, "missile#1"), ClaimVictory(0)).pass_all()
    assert table.player(0).level == 10  # 9 + 2 levels, capped
    assert table.state.winners == (0,)


def test_M38_epic_levels_go_to_20(make_table: type[Table]) -> None:
    table = make_table(options=Options(win_level=20))
    table.level(0, 10).hand(0, "level-up#1").act(GoUpALevel(0, "level-up#1", 0))
    assert table.player(0).level == 11
    assert table.state.winners == ()


def test_M38_epic_win_at_20_only_by_a_kill(make_table: type[Table]) -> None:
    table = make_table(options=Options(win_level=20))
    table.level(0, 19).hand(0, "level-up#1").wear(0, "gold-brick#1")
    table.refuses(GoUpALevel(0, "level-up#1", 0), IllegalAction)
    table.refuses(Sell(0, ("gold-brick#1",)), IllegalAction)
    fight(table, "rat#1").act(ClaimVictory(0)).pass_all()
    assert table.player(0).level == 20
    assert table.state.winners == (0,)


# --- M39: races ----------------------------------------------------------------------------------------------


def test_M39_one_race_at_a_time(table: Table) -> None:
    table.race(0, "elf#1").hand(0, "dwarf")
    table.refuses(PlayCard(0, "dwarf"), IllegalAction)
    table.act(DiscardCard(0, "elf#1"), PlayCard(0, "dwarf"))
    assert table.player(0).races == ("dwarf",)


def test_M39_never_two_of_the_same_race(table: Table) -> None:
    table.race(0, "elf#1").hand(0, "half-breed", "elf#2", "dwarf").act(PlayCard(0, "half-breed"))
    table.refuses(PlayCard(0, "elf#2"), IllegalAction)
    table.act(PlayCard(0, "dwarf"))
    assert table.player(0).races == ("elf#1", "dwarf")


def test_M39_abilities_come_and_go_with_the_card(table: Table) -> None:
    table.race(0, "dwarf").hand(0, *(f"rat#{n}" for n in (1, 2, 3)), "ghoul#1", "ghoul#2", "troll")
    assert hand_limit(table.state, table.player(0)) == 6
    at_end_of_turn(table).act(DiscardCard(0, "dwarf"))
    table.refuses(EndTurn(0), IllegalAction)  # six cards are one too many for a Human
    table.race(0, "elf#1")
    assert escape_bonus(table.state, table.player(0)) == 1
    table.act(DiscardCard(0, "elf#1"))
    assert escape_bonus(table.state, table.player(0)) == 0


def test_M39_abilities_may_be_paid_from_the_table(table: Table) -> None:
    table.level(0, 3).klass(0, "warrior#1").wear(0, "sword#1")
    fight(table, "ghoul#1").act(Berserk(0, ("sword#1",)))
    assert table.player(0).items == ()
    assert "sword#1" in table.state.treasure_discard
    assert table.strengths() == (4, 4)  # 3 + 1 (the sword's +2 went with it)


def test_M39_an_ability_costing_the_whole_hand_needs_a_hand(table: Table) -> None:
    table.klass(0, "wizard")
    fight(table, "troll")
    table.refuses(Charm(0), IllegalAction)


# --- M40: classes --------------------------------------------------------------------------------------------


def test_M40_warrior_wins_ties(table: Table) -> None:
    table.level(0, 4).klass(0, "warrior#1")
    fight(table, "ghoul#1").act(ClaimVictory(0)).pass_all()
    assert table.player(0).level == 5


def test_M40_warrior_berserks_up_to_three_cards_once_per_combat(table: Table) -> None:
    table.level(0, 5).klass(0, "warrior#1").hand(0, "rat#2", "rat#3", "ghoul#2", "junk#1", "junk#2")
    fight(table, "troll")
    table.refuses(Berserk(0, ("rat#2", "rat#3", "ghoul#2", "junk#1")), IllegalAction)
    table.act(Berserk(0, ("rat#2", "rat#3", "ghoul#2")))
    assert table.strengths() == (8, 10)
    assert table.player(0).hand == ("junk#1", "junk#2")
    table.refuses(Berserk(0, ("junk#1",)), IllegalAction)


def test_M40_wizard_charms_a_monster_away_for_its_treasure_but_no_level(table: Table) -> None:
    table.klass(0, "wizard").hand(0, "rat#2", "rat#3", "junk#1")
    fight(table, "troll").act(Charm(0))
    assert table.state.combat is None
    assert table.player(0).level == 1
    assert len(table.player(0).hand) == 3  # the Troll's 3 treasures; the hand paid for it
    assert {"rat#2", "rat#3", "troll"} <= set(table.state.door_discard)


def test_M40_wizard_flight_spell_adds_to_a_failed_roll(table: Table) -> None:
    table.level(0, 3).klass(0, "wizard").hand(0, "rat#2", "rat#3")
    fight(table, "troll")
    run_and_roll(table, 3).act(RollToRunAway(0, 0))
    assert table.flight.caught_by == 0
    table.act(FlightSpell(0, ("rat#2", "rat#3")))
    assert table.state.combat is None
    assert table.player(0).level == 3


A_THIEF_AND_A_HELMET = """
    dice = [{die}]

    [[seats]]
    level = 3
    classes = ["thief"]
    hand = ["rat#2", "rat#3"]

    [[seats]]
    equipped = ["helmet#1"]

    [[seats]]
"""


def test_M40_thief_steals_on_4_or_more(make_table: type[Table]) -> None:
    table = arranged(make_table, A_THIEF_AND_A_HELMET.format(die=4)).act(Steal(0, 1, "helmet#1", "rat#2"))
    assert table.player(0).item_cards == ("helmet#1",)
    assert table.player(1).items == ()


def test_M40_a_failed_theft_costs_a_level(make_table: type[Table]) -> None:
    table = arranged(make_table, A_THIEF_AND_A_HELMET.format(die=3)).act(Steal(0, 1, "helmet#1", "rat#2"))
    assert table.player(1).item_cards == ("helmet#1",)
    assert table.player(0).level == 2


def test_M40_no_theft_from_a_player_in_combat(table: Table) -> None:
    table.klass(2, "thief").hand(2, "rat#2").wear(0, "helmet#1")
    fight(table, "troll")
    table.refuses(Steal(2, 0, "helmet#1", "rat#2"), WrongTime)


def test_M40_cleric_resurrects_the_top_door_discard(make_table: type[Table]) -> None:
    table = arranged(
        make_table,
        """
        [[seats]]
        classes = ["cleric"]
        hand = ["rat#2"]
        [[seats]]
        [[seats]]
        [decks]
        door = ["troll"]
        door_discard = ["ghoul#1"]
    """,
    ).act(KickOpenTheDoor(0, resurrect="rat#2"))
    assert [m.card for m in table.combat.monsters] == ["ghoul#1"]
    assert table.state.door_deck[0] == "troll"
    assert table.state.door_discard[-1] == "rat#2"


def test_M40_cleric_turns_undead_for_3_per_card(table: Table) -> None:
    table.klass(0, "cleric").hand(0, "rat#2", "rat#3")
    fight(table, "ghoul#1").act(TurnUndead(0, ("rat#2", "rat#3")))
    assert table.strengths() == (7, 4)


def test_M40_turn_undead_only_against_undead(table: Table) -> None:
    table.klass(0, "cleric").hand(0, "rat#2")
    fight(table, "troll")
    table.refuses(TurnUndead(0, ("rat#2",)), IllegalAction)


def test_M40_halfling_rolls_a_failed_escape_again(table: Table) -> None:
    table.race(0, "halfling").hand(0, "rat#2", "rat#3")
    fight(table, "troll")
    run_and_roll(table, 2, 6).act(RollToRunAway(0, 0), RerollEscape(0, "rat#2"))
    assert table.state.combat is None
    assert table.player(0).hand == ("rat#3",)


# --- M41: Half-Breed and Super Munchkin with one card -----------------------------------------------------


def test_M41_half_breed_with_one_race_has_no_disadvantage(table: Table) -> None:
    """An Elf alone meets "+4 against Elves" (see M32); a Half-Breed Elf does not."""
    table.level(0, 3).race(0, "elf#1").hand(0, "half-breed").act(PlayCard(0, "half-breed"))
    fight(table, "elf-hater")
    assert table.strengths() == (3, 6)  # no "+4 against Elves"
    assert escape_bonus(table.state, table.player(0)) == 1  # the advantage stays


def test_M41_super_munchkin_with_one_class_has_no_disadvantage(table: Table) -> None:
    table.klass(0, "warrior#1").hand(0, "peace-pipe", "super-munchkin")
    table.act(PlayCard(0, "peace-pipe"))
    assert carried(table, 0) == {"peace-pipe": False}
    table.act(PlayCard(0, "super-munchkin"), Equip(0, "peace-pipe"))
    assert carried(table, 0) == {"peace-pipe": True}
    fight(table, "ogre")
    assert table.strengths() == (2, 8)  # no "+3 against Warriors"; a Warrior still wins ties


def test_M41_super_munchkin_allows_a_second_class(table: Table) -> None:
    table.klass(0, "warrior#1").hand(0, "super-munchkin", "wizard").act(PlayCard(0, "super-munchkin"))
    table.act(PlayCard(0, "wizard"))
    assert table.player(0).classes == ("warrior#1", "wizard")
    fight(table, "ogre")
    assert table.strengths() == (1, 11)  # two classes: the Warrior's disadvantage is back


def test_M41_costs_still_apply(table: Table) -> None:
    table.level(0, 5).klass(0, "warrior#1").hand(0, "super-munchkin", "rat#2").act(PlayCard(0, "super-munchkin"))
    fight(table, "ogre").act(Berserk(0, ("rat#2",)))
    assert table.player(0).hand == ()
    assert table.strengths() == (6, 8)


def test_M41_losing_the_half_breed_drops_the_second_race(table: Table) -> None:
    table.race(0, "elf#1", "dwarf").hand(0, "half-breed").act(PlayCard(0, "half-breed"))
    table.act(DiscardCard(0, "half-breed"))
    assert table.player(0).races == ("elf#1",)
    assert "dwarf" in table.state.door_discard


# --- M42: gold values ---------------------------------------------------------------------------------------


def test_M42_an_item_of_no_value_is_still_an_item(table: Table) -> None:
    table.klass(0, "thief").hand(0, "rat#2").wear(1, "junk#1").wear(0, "junk#2")
    table.refuses(Sell(0, ("junk#2",)), IllegalAction)  # 0 Gold buys nothing
    table.dice(6).act(Steal(0, 1, "junk#1", "rat#2"))
    assert set(carried(table, 0)) == {"junk#1", "junk#2"}
    table.act(GiveItem(0, "junk#1", 2))
    assert table.player(2).item_cards == ("junk#1",)
    table.hand(1, "curse-any").act(Curse(1, "curse-any", 2))
    assert table.player(2).items == ()  # and lost


# --- M43: items one may not use ------------------------------------------------------------------------------


def test_M43_an_unusable_item_is_carried_sideways(table: Table) -> None:
    table.hand(0, "elf-bow").act(PlayCard(0, "elf-bow"))
    assert carried(table, 0) == {"elf-bow": False}
    table.refuses(Equip(0, "elf-bow"), IllegalAction)
    fight(table, "rat#1")
    assert table.strengths() == (1, 1)


def test_M43_a_sideways_item_can_still_be_sold_and_traded(table: Table) -> None:
    table.wear(0, "elf-bow", equipped=False).wear(0, "sword#1").wear(1, "helmet#1")
    table.act(OfferTrade(0, 1, ("elf-bow",), ("helmet#1",)), AcceptTrade(1))
    assert table.player(1).item_cards == ("elf-bow",)
    table.wear(0, "elf-bow", equipped=False).act(Sell(0, ("elf-bow", "sword#1")))
    assert table.player(0).level == 2


def test_M43_losing_a_race_turns_its_items_sideways(table: Table) -> None:
    table.race(0, "elf#1").hand(0, "elf-bow").act(PlayCard(0, "elf-bow"))
    assert carried(table, 0) == {"elf-bow": True}
    table.act(DiscardCard(0, "elf#1"))
    assert carried(table, 0) == {"elf-bow": False}


# --- M44: slots, Big items, Cheat!, Hireling -----------------------------------------------------------------


def test_M44_one_headgear(table: Table) -> None:
    table.hand(0, "helmet#1", "helmet#2").act(PlayCard(0, "helmet#1"), PlayCard(0, "helmet#2"))
    assert carried(table, 0) == {"helmet#1": True, "helmet#2": False}
    table.refuses(Equip(0, "helmet#2"), IllegalAction)


def test_M44_two_hands(table: Table) -> None:
    table.hand(0, "sword#1", "sword#2", "sword#3").act(*(PlayCard(0, f"sword#{n}") for n in (1, 2, 3)))
    assert carried(table, 0) == {"sword#1": True, "sword#2": True, "sword#3": False}
    table.hand(0, "chainsaw").act(PlayCard(0, "chainsaw"))
    assert carried(table, 0)["chainsaw"] is False


def test_M44_one_big_item_unless_dwarf(table: Table) -> None:
    table.wear(0, "ladder#1").hand(0, "ladder#2")
    table.refuses(PlayCard(0, "ladder#2"), IllegalAction)
    table.race(0, "dwarf").act(PlayCard(0, "ladder#2"))
    assert carried(table, 0) == {"ladder#1": True, "ladder#2": True}


def test_M44_cheat_lifts_slot_limits(table: Table) -> None:
    table.wear(0, "helmet#1").wear(0, "helmet#2", equipped=False).hand(0, "cheat")
    table.act(PlayCheat(0, "cheat", "helmet#2"))
    assert carried(table, 0) == {"helmet#1": True, "helmet#2": True}
    fight(table, "troll")
    assert table.strengths() == (3, 10)


def test_M44_cheat_lifts_restrictions(table: Table) -> None:
    table.wear(0, "elf-bow", equipped=False).hand(0, "cheat")
    table.act(PlayCheat(0, "cheat", "elf-bow"))
    assert carried(table, 0) == {"elf-bow": True}
    fight(table, "troll")
    assert table.strengths() == (5, 10)


def test_M44_the_hireling_carries_an_item_outside_the_slots(table: Table) -> None:
    table.wear(0, "helmet#1").wear(0, "helmet#2", equipped=False).hand(0, "hireling")
    table.act(PlayCard(0, "hireling"), GiveToHireling(0, "helmet#2"))
    assert carried(table, 0) == {"helmet#1": True, "helmet#2": True}
    table.wear(0, "sword#1", equipped=False)
    table.refuses(GiveToHireling(0, "sword#1"), IllegalAction)  # it carries one item
    fight(table, "troll")
    assert table.strengths() == (4, 10)  # 1 + helmet + helmet + the Hireling's +1


def test_M44_a_sacrificed_hireling_escapes_a_monster(table: Table) -> None:
    table.wear(0, "helmet#2").set(0, items=(Carried("helmet#2", equipped=True, on_hireling=True),))
    table.hand(0, "hireling").act(PlayCard(0, "hireling"))
    fight(table, "troll").act(RunAway(0)).pass_all().act(RollToRunAway(0, 0, hireling=True))
    assert table.state.combat is None
    assert table.player(0).hireling is None
    assert carried(table, 0) == {"helmet#2": False}  # the item it carried stays, sideways


# --- M45: items are never simply discarded -------------------------------------------------------------------


def test_M45_items_are_never_simply_discarded(table: Table) -> None:
    table.wear(0, "sword#1")
    table.refuses(DiscardCard(0, "sword#1"), IllegalAction)


def test_M45_a_big_item_is_not_discarded_to_make_room(table: Table) -> None:
    table.wear(0, "ladder#1").hand(0, "ladder#2")
    table.refuses(PlayCard(0, "ladder#2"), IllegalAction)
    assert table.player(0).item_cards == ("ladder#1",)


# --- M46: trading --------------------------------------------------------------------------------------------


def test_M46_a_trade_needs_both_to_agree(table: Table) -> None:
    table.wear(0, "sword#1").wear(1, "helmet#1")
    table.act(OfferTrade(0, 1, ("sword#1",), ("helmet#1",)))
    assert table.player(0).item_cards == ("sword#1",)  # nothing moves before the answer
    table.refuses(AcceptTrade(0), NotYourDecision)
    table.refuses(AcceptTrade(2), NotYourDecision)
    table.act(DeclineTrade(1))
    assert (table.player(0).item_cards, table.player(1).item_cards) == (("sword#1",), ("helmet#1",))
    table.act(OfferTrade(0, 1, ("sword#1",), ("helmet#1",)), AcceptTrade(1))
    assert (table.player(0).item_cards, table.player(1).item_cards) == (("helmet#1",), ("sword#1",))


def test_M46_only_items_in_play_are_traded(table: Table) -> None:
    table.hand(0, "sword#1").wear(1, "helmet#1")
    table.refuses(OfferTrade(0, 1, ("sword#1",), ("helmet#1",)), IllegalAction)


def test_M46_no_trade_with_someone_in_combat(table: Table) -> None:
    table.wear(0, "sword#1").wear(1, "helmet#1").wear(2, "boots")
    fight(table, "troll")
    table.refuses(OfferTrade(1, 0, ("helmet#1",), ("sword#1",)), WrongTime)
    table.refuses(OfferTrade(0, 1, ("sword#1",), ("helmet#1",)), WrongTime)
    table.act(OfferTrade(1, 2, ("helmet#1",), ("boots",)), AcceptTrade(2))  # two others may trade meanwhile
    assert table.player(1).item_cards == ("boots",)


def test_M46_items_may_be_given_away(table: Table) -> None:
    table.wear(0, "sword#1")
    table.act(GiveItem(0, "sword#1", 2))
    assert table.player(2).item_cards == ("sword#1",)


# --- M47: selling --------------------------------------------------------------------------------------------


def test_M47_a_level_per_full_1000_gold_and_no_change(table: Table) -> None:
    table.wear(0, "gold-brick#1", "sword#1")
    table.act(Sell(0, ("gold-brick#1", "sword#1")))
    assert table.player(0).level == 2  # 1400 Gold: one level, 400 lost
    assert table.player(0).items == ()
    assert {"gold-brick#1", "sword#1"} <= set(table.state.treasure_discard)


def test_M47_too_little_gold_buys_nothing(table: Table) -> None:
    table.wear(0, "sword#1", "helmet#1")
    table.refuses(Sell(0, ("sword#1", "helmet#1")), IllegalAction)


def test_M47_selling_from_the_hand(table: Table) -> None:
    table.hand(0, "gold-brick#1").act(Sell(0, ("gold-brick#1",)))
    assert table.player(0).level == 2


def test_M47_table_only_option(make_table: type[Table]) -> None:
    table = make_table(options=Options(sell_from_table_only=True))
    table.hand(0, "gold-brick#1").wear(0, "gold-brick#2")
    table.refuses(Sell(0, ("gold-brick#1",)), IllegalAction)
    table.act(Sell(0, ("gold-brick#2",)))
    assert table.player(0).level == 2


def test_M47_only_on_ones_own_turn_and_not_in_combat(table: Table) -> None:
    table.wear(1, "gold-brick#1").wear(0, "gold-brick#2")
    table.refuses(Sell(1, ("gold-brick#1",)), NotYourDecision)
    fight(table, "troll")
    table.refuses(Sell(0, ("gold-brick#2",)), WrongTime)


def test_M47_never_the_winning_level(table: Table) -> None:
    table.level(0, 9).wear(0, "gold-brick#1")
    table.refuses(Sell(0, ("gold-brick#1",)), IllegalAction)


def test_M47_halfling_sells_one_item_a_turn_at_double_value(table: Table) -> None:
    table.race(0, "halfling").wear(0, "elf-bow", "chainsaw")
    table.act(Sell(0, ("elf-bow",), doubled="elf-bow"))
    assert table.player(0).level == 2
    table.refuses(Sell(0, ("chainsaw",), doubled="chainsaw"), IllegalAction)


def test_M47_only_a_halfling_sells_at_double_value(table: Table) -> None:
    table.wear(0, "elf-bow")
    table.refuses(Sell(0, ("elf-bow",), doubled="elf-bow"), IllegalAction)


# --- M48: one-shots ------------------------------------------------------------------------------------------


def test_M48_one_shots_from_hand_or_table_are_discarded_after_the_combat(table: Table) -> None:
    table.level(0, 2).hand(0, "missile#1", "missile#2").act(PlayCard(0, "missile#1"))
    assert table.player(0).item_cards == ("missile#1",)
    fight(table, "troll").act(UseOneShot(0, "missile#1"), UseOneShot(0, "missile#2"))
    assert table.strengths() == (12, 10)
    table.refuses(UseOneShot(0, "missile#1"), IllegalAction)  # once
    table.act(ClaimVictory(0)).pass_all()
    assert {"missile#1", "missile#2"} <= set(table.state.treasure_discard)


def test_M48_a_bonus_one_shot_needs_a_combat(table: Table) -> None:
    table.hand(0, "missile#1")
    table.refuses(UseOneShot(0, "missile#1"), WrongTime)


# --- M49: Go Up a Level --------------------------------------------------------------------------------------


def test_M49_go_up_a_level_any_time_on_any_player(table: Table) -> None:
    table.level(1, 3).hand(2, "level-up#1", "level-up#2")
    table.act(GoUpALevel(2, "level-up#1", 1))  # out of turn, on someone else
    assert table.player(1).level == 4
    assert "level-up#1" in table.state.treasure_discard
    fight(table, "troll").act(GoUpALevel(2, "level-up#2", 0))  # even in combat
    assert table.strengths() == (2, 10)


def test_M49_never_the_winning_level(table: Table) -> None:
    table.level(1, 9).hand(2, "level-up#1")
    table.refuses(GoUpALevel(2, "level-up#1", 1), IllegalAction)


# --- M50: monsters in hand ----------------------------------------------------------------------------------


def test_M50_a_monster_in_hand_is_not_simply_played(table: Table) -> None:
    table.hand(0, "rat#2")
    table.refuses(PlayCard(0, "rat#2"), IllegalAction)


def test_M50_a_monster_from_hand_is_fought_by_looking_for_trouble(table: Table) -> None:
    table.level(0, 3).hand(0, "rat#2", "rat#3")
    fight(table, "elf#1")  # not a monster: to the hand
    table.refuses(LookForTrouble(0, "elf#1"), IllegalAction)
    table.act(LookForTrouble(0, "rat#2"))
    assert [m.card for m in table.combat.monsters] == ["rat#2"]  # one card, one monster
    table.act(ClaimVictory(0)).pass_all()
    assert table.player(0).level == 4


# --- X01-X03: table options ----------------------------------------------------------------------------------


def test_X01_several_packs_mix_into_one_game(make_table: type[Table]) -> None:
    table = make_table(packs=(RULES_PACK, "core"))
    packs = {table.state.card(c).id for c in table.state.catalog.defs}
    assert {"troll", "skeleton-intern", "grand-piano"} <= packs
    table.level(0, 9).hand(1, "skeleton-intern")
    fight(table, "ghoul#1").act(JoinUndead(1, "skeleton-intern"))  # undead of both packs meet
    assert table.strengths() == (9, 7)
    table.wear(0, "ladder#1").hand(0, "grand-piano")
    table.state = replace(table.state, combat=None, phase="start")
    table.refuses(PlayCard(0, "grand-piano"), IllegalAction)  # one Big item, whichever pack


def test_X01_a_card_id_defined_twice_is_refused() -> None:
    with pytest.raises(PackError, match="already defined"):
        load_munchkin_packs((RULES_PACK, RULES_PACK))


def test_X02_listening_at_the_door(make_table: type[Table]) -> None:
    table = make_table(options=Options(listening_at_the_door=True))
    at_end_of_turn(table).act(EndTurn(0))
    assert [table.state.card(c).deck for c in table.player(1).hand] == ["door"]
    table.door_on_top("elf#1").act(KickOpenTheDoor(1), LootTheRoom(1))
    assert [table.state.card(c).deck for c in table.player(1).hand] == ["door", "door", "treasure"]


def test_X02_off_by_default(table: Table) -> None:
    at_end_of_turn(table).act(EndTurn(0))
    assert table.player(1).hand == ()
    table.door_on_top("elf#1").act(KickOpenTheDoor(1), LootTheRoom(1))
    assert [table.state.card(c).deck for c in table.player(1).hand] == ["door", "door"]


def test_X03_shared_victory_gives_the_helper_a_level(make_table: type[Table]) -> None:
    table = _won_with_help(make_table(options=Options(shared_victory=True)))
    assert (table.player(0).level, table.player(1).level) == (6, 7)


def test_X03_without_the_option_the_helper_gains_nothing(table: Table) -> None:
    _won_with_help(table)
    assert (table.player(0).level, table.player(1).level) == (6, 6)


def test_X03_shared_victory_does_not_add_to_the_elf_level(make_table: type[Table]) -> None:
    table = _won_with_help(make_table(options=Options(shared_victory=True)), "elf#1")
    assert table.player(1).level == 7


def test_X03_no_level_for_a_helper_who_fled(make_table: type[Table]) -> None:
    table = make_table(options=Options(shared_victory=True))
    table.level(0, 2).level(1, 2)
    fight(table, "troll").act(AskForHelp(0), Volunteer(1), ChooseHelper(0, 1))
    run_and_roll(table, 6, 6).act(RollToRunAway(0, 0), RollToRunAway(1, 0))
    assert (table.player(0).level, table.player(1).level) == (2, 2)
