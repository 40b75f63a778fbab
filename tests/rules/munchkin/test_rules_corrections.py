"""Rules R..: the corrections and additions of the seeds' second reading, which win over the IDs they name."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from doorkick.shared.rules.base import IllegalAction, WrongTime
from doorkick.shared.rules.munchkin import RULESET, GameState, Options
from doorkick.shared.rules.munchkin.actions import (
    AcceptBadStuff,
    AcceptTrade,
    AskForHelp,
    Berserk,
    CancelCurse,
    Charm,
    ChooseDoorOrder,
    ChooseHelper,
    ChooseLoss,
    ClaimVictory,
    Curse,
    DiscardCard,
    DrawFaceUp,
    EnhanceMonster,
    FlightSpell,
    GiveItem,
    GoUpALevel,
    JoinUndead,
    KickOpenTheDoor,
    LetCurseStrike,
    OfferTrade,
    Pass,
    PlayCard,
    Resurrect,
    RollToRunAway,
    RunAway,
    Sell,
    Steal,
    TakeSpoil,
    TurnUndead,
    UseOneShot,
    Volunteer,
    WanderingMonster,
)
from doorkick.shared.rules.munchkin.state import all_cards

if TYPE_CHECKING:
    from conftest import Table, Variant

PACKS = Path(__file__).parent / "packs"
RULES_PACK = str(PACKS / "rules.toml")
CORRECTIONS_PACK = str(PACKS / "corrections.toml")  # cards the rule-test pack has no plain one for


def fight(table: Table, monster: str, seat: int = 0) -> Table:
    return table.door_on_top(monster).act(KickOpenTheDoor(seat))


# --- R05: no running from a fight you are winning --------------------------------------------------------


def test_R05_a_winning_fighter_may_not_run_away(table: Table) -> None:
    table.level(0, 5)
    fight(table, "rat#1")
    assert table.strengths() == (5, 1)
    assert RunAway(0) not in table.legal(0)
    table.refuses(RunAway(0), IllegalAction, match="winning")
    assert ClaimVictory(0) in table.legal(0)


def test_R05_a_losing_fighter_may_still_run(table: Table) -> None:
    fight(table, "ghoul#1")
    assert RunAway(0) in table.legal(0)


def test_R05_a_card_that_turns_the_fight_during_the_run_window_stops_the_run(table: Table) -> None:
    table.hand(1, "missile#1")
    fight(table, "ghoul#1").act(RunAway(0))
    assert table.combat.step == "window"
    table.act(UseOneShot(1, "missile#1"))  # a friend's bonus: the fighter now wins (6 against 4)
    combat = table.combat
    assert combat.step == "fight"
    assert RunAway(0) not in table.legal(0)
    assert ClaimVictory(0) in table.legal(0)


# --- R11: the Orc's extra level needs a margin of more than 10 ------------------------------------------------


def claim(table: Table, monster: str) -> Table:
    return table.door_on_top(monster).act(KickOpenTheDoor(0), ClaimVictory(0)).pass_all()


def test_R11_an_orc_winning_by_exactly_10_gains_no_extra_level(variant: Variant) -> None:
    t = variant(epic=True).race(0, "orc").level(0, 3).wear(0, "armor", "chainsaw")  # 11 against a rat
    claim(t, "rat#1")
    assert t.player(0).level == 4


def test_R11_an_orc_winning_by_11_gains_the_extra_level(variant: Variant) -> None:
    t = variant(epic=True).race(0, "orc").level(0, 4).wear(0, "armor", "chainsaw")  # 12 against a rat
    claim(t, "rat#1")
    assert t.player(0).level == 6


# --- R10: the Sparkly Good Fairy comes back only when she was not defeated ---------------------------------------


def test_R10_a_fairy_removed_by_a_card_is_defeated_and_stays_in_the_discards(variant: Variant) -> None:
    t = variant().hand(1, "banish").door_on_top("fairy").act(KickOpenTheDoor(0))
    t.act(UseOneShot(1, "banish", monster=0)).pass_all()
    assert t.state.combat is None
    assert "fairy" in t.state.door_discard and "fairy" not in t.state.door_deck


def test_R10_a_fairy_escaped_from_still_returns_to_the_top_ten_doors(variant: Variant) -> None:
    t = variant().door_on_top("fairy").act(KickOpenTheDoor(0), RunAway(0)).pass_all().dice(6)
    t.act(RollToRunAway(0, 0))
    assert "fairy" in t.state.door_deck[:11] and "fairy" not in t.state.door_discard


# --- R08: a theft is barred only by the Thief's or the victim's own combat, and not once a turn -------------------


def test_R08_a_thief_may_steal_from_a_bystander_while_someone_else_fights(table: Table) -> None:
    table.klass(2, "thief").hand(2, "rat#2").wear(1, "helmet#1")
    fight(table, "troll")
    table.dice(4).act(Steal(2, 1, "helmet#1", "rat#2"))
    assert table.player(2).item_cards == ("helmet#1",) and table.player(1).items == ()


def test_R08_no_theft_by_or_from_anyone_in_the_combat(table: Table) -> None:
    table.klass(1, "thief").hand(1, "rat#2").wear(0, "helmet#1").wear(2, "boots")
    fight(table, "troll")
    table.refuses(Steal(1, 0, "helmet#1", "rat#2"), WrongTime, match="in combat")
    assert not [a for a in table.legal(1) if isinstance(a, Steal) and a.target == 0]
    table.act(AskForHelp(0), Volunteer(1), ChooseHelper(0, 1))
    table.refuses(Steal(1, 2, "boots", "rat#2"), WrongTime, match="you are in combat")


def test_R08_the_thief_card_sets_no_limit_a_turn(table: Table) -> None:
    table.klass(0, "thief").hand(0, "rat#2", "rat#3").wear(1, "helmet#1", "boots")
    table.dice(4, 5).act(Steal(0, 1, "helmet#1", "rat#2"), Steal(0, 1, "boots", "rat#3"))
    assert set(table.player(0).item_cards) == {"helmet#1", "boots"}


# --- R07: Treasures that are not for fighting are played on your own turn, out of combat ---------------------------


def test_R07_removing_a_curse_on_your_own_turn_works(table: Table) -> None:
    table.curse(1, "curse-chicken").hand(0, "holy-water")
    table.act(UseOneShot(0, "holy-water", target=1))
    assert table.player(1).curses == ()


def test_R07_a_bystander_may_not_remove_a_curse_on_someone_elses_turn(table: Table) -> None:
    table.curse(1, "curse-chicken").hand(1, "holy-water")
    assert not [a for a in table.legal(1) if isinstance(a, UseOneShot)]
    table.refuses(UseOneShot(1, "holy-water", target=1), WrongTime, match="your own turn")


def test_R07_no_curse_removal_in_a_combat_even_your_own(table: Table) -> None:
    table.curse(0, "curse-chicken").hand(0, "holy-water")
    fight(table, "troll")
    assert UseOneShot(0, "holy-water", target=0) not in table.legal(0)
    table.refuses(UseOneShot(0, "holy-water", target=0), WrongTime, match="not played in a combat")


# --- R03: a Half-Breed's or Super Munchkin's single race or class keeps the monsters' penalties against it -------


def test_R03_super_munchkin_warrior_keeps_the_monsters_penalty(make_table: type[Table]) -> None:
    t = make_table(packs=(RULES_PACK, CORRECTIONS_PACK))
    t.klass(0, "warrior#1").hand(0, "super-munchkin").act(PlayCard(0, "super-munchkin"))
    fight(t, "timid-ghost")
    assert t.strengths() == (1, 5)  # the Ghost's -3 against Warriors still counts


def test_R03_super_munchkin_warrior_still_escapes_the_monsters_bonus(table: Table) -> None:
    table.klass(0, "warrior#1").hand(0, "super-munchkin").act(PlayCard(0, "super-munchkin"))
    fight(table, "ogre")
    assert table.strengths() == (1, 8)  # no "+3 against Warriors"


def test_R03_a_plain_warrior_meets_both(make_table: type[Table]) -> None:
    t = make_table(packs=(RULES_PACK, CORRECTIONS_PACK)).klass(0, "warrior#1")
    fight(t, "timid-ghost")
    assert t.strengths() == (1, 5)


# --- R04: the Big-item limit holds on every path into play ----------------------------------------------------------


def test_R04_a_gift_beyond_the_limit_makes_the_taker_discard_down_to_it(table: Table) -> None:
    table.wear(0, "ladder#1").wear(1, "ladder#2")
    table.act(GiveItem(1, "ladder#2", 0))
    d = table.state.decisions[0]
    assert (d.kind, d.seat, set(d.cards), d.count) == ("lose_item", 0, {"ladder#1", "ladder#2"}, 1)
    table.act(ChooseLoss(0, "ladder#1"))
    assert table.player(0).item_cards == ("ladder#2",) and not table.state.decisions


def test_R04_a_theft_beyond_the_limit_makes_the_thief_discard_down_to_it(table: Table) -> None:
    table.klass(0, "thief").hand(0, "rat#2").wear(0, "ladder#1").wear(1, "ladder#2")
    table.dice(6).act(Steal(0, 1, "ladder#2", "rat#2"))
    assert table.state.decisions[0].kind == "lose_item" and table.state.decisions[0].seat == 0


def test_R04_a_trade_of_one_big_item_for_another_needs_no_discard(make_table: type[Table]) -> None:
    t = make_table(packs=(RULES_PACK, CORRECTIONS_PACK)).wear(0, "ladder#1").wear(1, "battering-ram")
    t.act(OfferTrade(0, 1, ("ladder#1",), ("battering-ram",)), AcceptTrade(1))
    assert t.player(0).item_cards == ("battering-ram",) and t.player(1).item_cards == ("ladder#1",)
    assert not t.state.decisions


def test_R04_a_dwarf_may_carry_several_but_losing_the_dwarf_forces_the_discard(table: Table) -> None:
    table.race(0, "dwarf").wear(0, "ladder#1", "ladder#2")
    assert not table.state.decisions
    table.act(DiscardCard(0, "dwarf"))
    d = table.state.decisions[0]
    assert (d.kind, d.seat, d.count) == ("lose_item", 0, 1)
    table.act(ChooseLoss(0, "ladder#2"))
    assert table.player(0).item_cards == ("ladder#1",) and "ladder#2" in table.state.treasure_discard


# --- R02: no curse and no Go Up a Level inside a resolution step ------------------------------------------------


def helped_run(table: Table) -> Table:
    """Seat 0 and helper seat 1 run from the Troll; seat 0 has rolled (a 6) and seat 1 is still to roll."""
    table.hand(2, "curse-level#1", "level-up#1")
    fight(table, "troll").act(AskForHelp(0), Volunteer(1), ChooseHelper(0, 1), RunAway(0)).pass_all()
    table.dice(6, 6).act(RollToRunAway(0, 0))
    assert table.combat.step == "flee" and table.flight.order == (1,)
    return table


def test_R02_no_curse_between_the_fighters_and_the_helpers_run_away_rolls(table: Table) -> None:
    helped_run(table)
    assert not [a for a in table.legal(2) if isinstance(a, Curse | GoUpALevel)]
    table.refuses(Curse(2, "curse-level#1", 1), WrongTime, match="R02")
    table.refuses(GoUpALevel(2, "level-up#1", 1), WrongTime, match="running away")
    table.act(RollToRunAway(1, 0))
    assert table.state.combat is None
    table.act(Curse(2, "curse-level#1", 1))  # the run is over: any time again
    assert "cursed" in table.event_kinds()


def test_R02_no_go_up_a_level_while_the_spoils_are_handed_out(table: Table) -> None:
    table.level(0, 3).level(1, 2).hand(2, "level-up#1", "curse-level#1")
    fight(table, "ghoul#1").act(AskForHelp(0, treasures=1), Volunteer(1), ChooseHelper(0, 1), ClaimVictory(0))
    table.pass_all()
    combat = table.combat
    assert combat.step == "spoils" and len(set(combat.pick_order)) == 2
    table.refuses(GoUpALevel(2, "level-up#1", 0), WrongTime, match="spoils")
    table.refuses(Curse(2, "curse-level#1", 0), WrongTime, match="spoils")
    table.act(TakeSpoil(combat.pick_order[0], combat.spoils[0]))
    assert table.state.combat is None
    table.act(GoUpALevel(2, "level-up#1", 2))


def test_R02_no_curse_while_bad_stuff_is_being_applied(table: Table) -> None:
    table.wear(0, "helmet#1", "helmet#2", equipped=True).hand(2, "curse-level#1")
    fight(table, "ghoul#1").act(RunAway(0)).pass_all().dice(1).act(RollToRunAway(0, 0), AcceptBadStuff(0))
    assert table.state.decisions[0].kind == "lose_item"  # which headgear the Ghoul takes
    table.refuses(Curse(2, "curse-level#1", 0), WrongTime)


def test_R02_curses_and_go_up_a_level_still_go_into_the_fight_itself(table: Table) -> None:
    table.hand(2, "curse-level#1", "level-up#1").level(0, 3)
    fight(table, "ghoul#1")
    table.act(GoUpALevel(2, "level-up#1", 0), Curse(2, "curse-level#1", 0))
    assert table.player(0).level == 3  # up one, down one, in the middle of the fight


# --- R06: the bribe changes hands after the combat ---------------------------------------------------------------


def bribed_fight(table: Table, **bribe: Any) -> Table:
    """Seat 0 (level 1, a +2 Sword) fights the Ghoul (4) with seat 1 (level 2) bribed by `bribe`."""
    table.wear(0, "sword#1").level(1, 2)
    return fight(table, "ghoul#1").act(AskForHelp(0, **bribe), Volunteer(1), ChooseHelper(0, 1))


def test_R06_the_fighter_keeps_using_the_bribe_item_until_the_combat_is_over(table: Table) -> None:
    bribed_fight(table, items=("sword#1",))
    assert table.player(0).item_cards == ("sword#1",) and table.player(0).items[0].equipped
    assert table.strengths() == (5, 4)  # 1 + 2 (the Sword) + 2: the Sword still counts
    table.act(ClaimVictory(0)).pass_all()
    assert table.state.combat is None
    assert table.player(0).item_cards == () and table.player(1).item_cards == ("sword#1",)
    paid = [e.for_seat(None) for e in table.events if e.kind == "bribe_paid"]
    assert paid == [{"type": "bribe_paid", "seat": 0, "helper": 1, "items": ["sword#1"], "cards": [], "missing": []}]


def test_R06_in_christmas_lite_a_bribe_item_waits_like_a_traded_one(make_table: type[Table]) -> None:
    t = make_table(options=Options(trade_cooldown=True))
    bribed_fight(t, items=("sword#1",)).act(ClaimVictory(0)).pass_all()
    assert t.player(1).trade_locked == ("sword#1",)


def test_R06_cards_promised_from_the_hand_are_given_after_the_combat(table: Table) -> None:
    table.hand(0, "level-up#1")
    bribed_fight(table, cards=("level-up#1",))
    assert table.player(0).hand == ("level-up#1",)
    assert view_of(table, 2)["combat"]["bribe"]["cards"] == ["level-up#1"]
    table.act(ClaimVictory(0)).pass_all()
    assert "level-up#1" in table.player(1).hand and "level-up#1" in table.player(1).received
    assert "level-up#1" not in table.player(0).hand
    table.act(GoUpALevel(1, "level-up#1", 1))  # the helper may play it at once (M17)
    assert table.player(1).level == 3


def test_R06_what_the_fighter_lost_in_the_combat_is_named_as_missing(table: Table) -> None:
    table.wear(0, "helmet#1").hand(0, "level-up#1")
    fight(table, "ghoul#1").act(AskForHelp(0, items=("helmet#1",), cards=("level-up#1",)), Volunteer(1))
    table.act(ChooseHelper(0, 1), RunAway(0)).pass_all().dice(1, 6)
    table.act(RollToRunAway(0, 0), AcceptBadStuff(0), RollToRunAway(1, 0))  # the Ghoul takes the helmet
    assert table.state.combat is None
    paid = [e.for_seat(None) for e in table.events if e.kind == "bribe_paid"]
    assert paid == [
        {"type": "bribe_paid", "seat": 0, "helper": 1, "items": [], "cards": ["level-up#1"], "missing": ["helmet#1"]}
    ]


def test_R06_a_promise_of_a_card_not_in_the_hand_is_refused(table: Table) -> None:
    fight(table, "ghoul#1")
    table.refuses(AskForHelp(0, cards=("level-up#1",)), IllegalAction, match="not a card in your hand")
    table.hand(0, "level-up#1")
    table.refuses(AskForHelp(0, cards=("level-up#1", "level-up#1")), IllegalAction, match="once")
    assert AskForHelp(0, cards=("level-up#1",)) in table.legal(0)


def view_of(table: Table, seat: int) -> dict[str, Any]:
    return RULESET.player_view(table.state, seat)


# --- R09: a Cleric resurrects on every face-up draw of the turn ---------------------------------------------------


def helped_cleric_win(table: Table, **bribe: Any) -> Table:
    """Seat 0, a level-3 Cleric holding two Rats, beats the Ghoul with seat 1; two Treasures lie in the discards."""
    table.klass(0, "cleric").level(0, 3).level(1, 2).hand(0, "rat#2", "rat#3").to_discard("helmet#1", "gold-brick#1")
    table.treasure_on_top("sword#1", "boots")
    fight(table, "ghoul#1").act(AskForHelp(0, **bribe), Volunteer(1), ChooseHelper(0, 1), ClaimVictory(0))
    return table.act(Pass(2))  # the only one not fighting lets the victory stand


def test_R09_a_helped_wins_face_up_treasures_may_come_from_the_discards(table: Table) -> None:
    helped_cleric_win(table)
    d = table.state.decisions[0]
    assert (d.kind, d.seat, d.count) == ("resurrect", 0, 2)
    assert set(table.legal(0)) == {Resurrect(0, "rat#2"), DrawFaceUp(0)}
    table.act(Resurrect(0, "rat#2"))  # the Gold Brick, then the Rat is paid
    assert table.state.decisions[0].count == 1
    table.act(Resurrect(0, "rat#3"))
    assert table.state.combat is None
    assert table.player(0).hand == ("gold-brick#1", "helmet#1")
    assert "sword#1" in table.state.treasure_deck and {"rat#2", "rat#3"} <= set(table.state.door_discard)
    raised = [e.for_seat(None)["card"] for e in table.events if e.kind == "resurrected"]
    assert raised == ["gold-brick#1", "helmet#1"]


def test_R09_the_cleric_may_stop_and_draw_the_rest(table: Table) -> None:
    helped_cleric_win(table).act(Resurrect(0, "rat#2"), DrawFaceUp(0))
    assert table.state.combat is None
    assert table.player(0).hand == ("rat#3", "gold-brick#1", "sword#1")


def test_R09_cards_raised_from_the_discards_join_the_spoils(table: Table) -> None:
    helped_cleric_win(table, treasures=1, helper_first=True).act(Resurrect(0, "rat#2"), DrawFaceUp(0))
    assert table.combat.step == "spoils"
    assert table.combat.spoils == ("gold-brick#1", "sword#1")


def test_R09_a_lone_win_draws_face_down_with_nothing_to_resurrect(table: Table) -> None:
    table.klass(0, "cleric").level(0, 5).hand(0, "rat#2").to_discard("helmet#1")
    fight(table, "ghoul#1").act(ClaimVictory(0)).pass_all()
    assert table.state.combat is None and not table.state.decisions


def test_R09_an_epic_kicks_second_door_may_come_from_the_discards(variant: Variant) -> None:
    t = variant(epic=True).klass(0, "cleric").level(0, 12).hand(0, "rat#2").to_discard("rat#1")
    t.door_on_top("dwarf")
    assert KickOpenTheDoor(0, resurrect_second="rat#2") in t.legal(0)
    t.act(KickOpenTheDoor(0, resurrect_second="rat#2"))
    assert [m.card for m in t.combat.monsters] == ["rat#1"]  # the second Door, raised from the discards
    assert t.player(0).hand == ("dwarf",) and t.state.door_discard == ("rat#2",)


def test_R09_a_door_raised_from_the_discards_is_taken_before_an_empty_deck_reshuffles_them(variant: Variant) -> None:
    t = variant(epic=True).klass(0, "cleric").level(0, 12).hand(0, "rat#2").to_discard("rat#1")
    t.state = replace(t.state, door_deck=(), door_discard=t.state.door_deck + t.state.door_discard)
    t.state = replace(t.state, door_discard=(*(c for c in t.state.door_discard if c != "rat#1"), "rat#1"))
    before = Counter(all_cards(t.state))
    t.act(KickOpenTheDoor(0, resurrect_second="rat#2"))  # the first Door is drawn from the reshuffled rest
    assert "rat#1" not in t.state.door_deck + t.state.door_discard  # raised and turned over, not reshuffled
    assert "rat#2" in t.state.door_discard and Counter(all_cards(t.state)) == before


def test_R09_both_doors_of_an_epic_kick_may_be_raised_each_for_its_own_card(variant: Variant) -> None:
    t = variant(epic=True).klass(0, "cleric").level(0, 12).hand(0, "rat#2", "dwarf").to_discard("rat#1", "ghoul#1")
    t.refuses(KickOpenTheDoor(0, "rat#2", "rat#2"), IllegalAction, match="a card of its own")
    t.act(KickOpenTheDoor(0, "rat#2", "dwarf"))
    assert {m.card for m in t.combat.monsters} == {"rat#1", "ghoul#1"}
    assert set(t.state.door_discard) == {"rat#2", "dwarf"}


def test_R09_only_an_epic_kick_has_a_second_door_to_raise(table: Table) -> None:
    table.klass(0, "cleric").hand(0, "rat#2").to_discard("rat#1")
    assert not [a for a in table.legal(0) if isinstance(a, KickOpenTheDoor) and a.resurrect_second]
    table.refuses(KickOpenTheDoor(0, resurrect_second="rat#2"), IllegalAction, match="Epic")


# --- R16: a monster's special conditions hold for the whole combat ------------------------------------------------


def corrections(make_table: type[Table], players: int = 3) -> Table:
    return make_table(players=players, packs=(RULES_PACK, CORRECTIONS_PACK))


def test_R16_fight_with_your_level_only(make_table: type[Table]) -> None:
    t = corrections(make_table).level(0, 3).wear(0, "sword#1", "armor").hand(0, "missile#1")
    fight(t, "auditor")
    assert t.strengths() == (3, 3)  # the Sword and the Armor count for nothing
    t.act(UseOneShot(0, "missile#1"))
    assert t.strengths() == (3, 3)  # nor a one-shot for the fighters
    parts = view_of(t, 0)["combat"]["fighters_parts"]
    assert parts == [{"kind": "level", "amount": 3, "seat": 0}]
    assert view_of(t, 1)["combat"]["conditions"] == ["level_only"]


def test_R16_items_give_nothing_but_a_level_and_a_class_bonus_still_count(make_table: type[Table]) -> None:
    t = corrections(make_table).level(0, 2).wear(0, "sword#1").klass(0, "warrior#1").hand(0, "rat#2")
    fight(t, "magnet")
    assert t.strengths() == (2, 3)
    t.act(Berserk(0, ("rat#2",)))
    assert t.strengths() == (3, 3)  # a Warrior wins ties


def test_R16_a_condition_holds_for_the_whole_combat_when_its_monster_joins_later(make_table: type[Table]) -> None:
    t = corrections(make_table).level(0, 4).wear(0, "sword#1").hand(1, "wandering", "auditor")
    fight(t, "rat#1")
    assert t.strengths() == (6, 1)
    t.act(WanderingMonster(1, "wandering", "auditor"))
    assert t.strengths() == (4, 4)  # the Auditor's "Level only" now holds against both monsters


def test_R16_nobody_may_help_against_a_monster_that_says_so(make_table: type[Table]) -> None:
    t = corrections(make_table).hand(0, "draft-notice")
    fight(t, "loner")
    assert not [a for a in t.legal(0) if isinstance(a, AskForHelp)]
    t.refuses(AskForHelp(0), IllegalAction, match="Loner is fought alone")
    t.refuses(UseOneShot(0, "draft-notice", target=1), IllegalAction, match="nobody may help")


def test_R16_a_no_help_monster_joining_a_helped_fight_sends_the_helper_home(make_table: type[Table]) -> None:
    t = corrections(make_table).level(1, 5).wear(0, "sword#1").hand(2, "wandering", "loner")
    fight(t, "rat#1").act(AskForHelp(0, items=("sword#1",)), Volunteer(1), ChooseHelper(0, 1))
    t.act(WanderingMonster(2, "wandering", "loner"))
    assert t.combat.helper is None and t.combat.bribe.items == ()
    assert t.strengths() == (3, 5)


# --- R17: cards that make a monster Undead -------------------------------------------------------------------------


def test_R17_an_enhancer_makes_the_monster_undead_for_turning_and_for_joining(make_table: type[Table]) -> None:
    t = corrections(make_table).klass(0, "cleric").hand(0, "rat#2").hand(1, "zombify", "ghoul#2")
    fight(t, "troll")
    assert JoinUndead(1, "ghoul#2") not in t.legal(1)
    t.refuses(TurnUndead(0, ("rat#2",)), IllegalAction, match="no Undead")
    t.act(EnhanceMonster(1, "zombify", 0))
    assert view_of(t, 2)["combat"]["monsters"][0]["undead"] is True
    t.act(JoinUndead(1, "ghoul#2"))  # M28: another Undead joins from the hand, no Wandering Monster needed
    assert [m.card for m in t.combat.monsters] == ["troll", "ghoul#2"]
    t.act(TurnUndead(0, ("rat#2",)))
    assert t.strengths()[0] == 1 + 3


def test_R17_the_core_pack_has_a_card_that_makes_a_monster_undead() -> None:
    from doorkick.shared.rules.munchkin.cards import load_munchkin_packs

    (core,) = load_munchkin_packs(("core",))
    makers = [c for c in core.cards if c.kind == "enhancer" and c.undead]
    assert makers and all("Undead" in c.text for c in makers)
    said = {w for c in core.cards if c.kind == "monster" for w in c.conditions}
    assert said == {"level_only", "no_help", "no_items"}  # R16: each condition on a core monster


# --- R18: a curse cancelled as it is cast --------------------------------------------------------------------------


def test_R18_everyone_in_turn_may_cancel_a_curse_cast_the_target_first(make_table: type[Table]) -> None:
    t = corrections(make_table).hand(2, "nope").hand(0, "curse-level#1").level(1, 3)
    t.act(Curse(0, "curse-level#1", 1))
    d = t.state.decisions[0]
    assert (d.kind, d.seat, d.cards, d.source) == ("curse_cast", 1, ("curse-level#1",), 1)
    assert t.legal(1) == [LetCurseStrike(1)]  # no card to cancel it with, but asked all the same: hands stay secret
    t.act(LetCurseStrike(1))
    assert t.state.decisions[0].seat == 2 and CancelCurse(2, "nope") in t.legal(2)
    t.act(CancelCurse(2, "nope"))
    assert t.player(1).level == 3 and not t.state.decisions
    assert {"curse-level#1"} <= set(t.state.door_discard) and "nope" in t.state.treasure_discard
    assert "curse_cancelled" in t.event_kinds()


def test_R18_when_nobody_cancels_the_curse_strikes_after_the_last_answer(make_table: type[Table]) -> None:
    t = corrections(make_table).hand(2, "nope").hand(0, "curse-level#1").level(1, 3)
    t.act(Curse(0, "curse-level#1", 1), LetCurseStrike(1), LetCurseStrike(2))
    assert t.state.decisions[0].seat == 0  # the caster is asked last: turn order from the target
    t.act(LetCurseStrike(0))
    assert t.player(1).level == 2 and not t.state.decisions and t.player(2).hand == ("nope",)


def test_R18_a_kicked_curse_may_be_cancelled_by_its_drawer(make_table: type[Table]) -> None:
    t = corrections(make_table).hand(0, "nope").level(0, 3).door_on_top("curse-level#1")
    t.act(KickOpenTheDoor(0), CancelCurse(0, "nope"))
    assert t.player(0).level == 3 and t.state.phase == "door"


def test_R18_without_a_cancelling_card_at_the_table_a_curse_strikes_at_once(table: Table) -> None:
    table.hand(0, "curse-level#1").level(1, 3)
    table.act(Curse(0, "curse-level#1", 1))
    assert table.player(1).level == 2 and not table.state.decisions


def test_R18_the_cancelling_card_is_not_a_one_shot_to_use_any_other_time(make_table: type[Table]) -> None:
    t = corrections(make_table).hand(0, "nope")
    assert not [a for a in t.legal(0) if isinstance(a, UseOneShot)]
    t.refuses(UseOneShot(0, "nope"), WrongTime, match="as a curse is cast")


def test_R18_F02_cancelling_a_curse_on_someone_else_draws_fairy_dust(make_table: type[Table]) -> None:
    t = make_table(packs=(RULES_PACK, str(PACKS / "variants.toml"), CORRECTIONS_PACK))
    t.hand(2, "nope").hand(0, "curse-level#1").level(1, 3)
    dust = len(t.state.fairy_dust_deck)
    t.act(Curse(0, "curse-level#1", 1), LetCurseStrike(1), CancelCurse(2, "nope"))
    assert len(t.state.fairy_dust_deck) == dust - 1
    assert [e.for_seat(None) for e in t.events if e.kind == "fairy_dust"] == [
        {"type": "fairy_dust", "seat": 2, "why": "cancelled_a_curse"}
    ]


def test_R18_cancelling_a_curse_on_yourself_earns_no_fairy_dust(make_table: type[Table]) -> None:
    t = make_table(packs=(RULES_PACK, str(PACKS / "variants.toml"), CORRECTIONS_PACK))
    t.hand(1, "nope").hand(0, "curse-level#1").level(1, 3)
    dust = len(t.state.fairy_dust_deck)
    t.act(Curse(0, "curse-level#1", 1), CancelCurse(1, "nope"))
    assert len(t.state.fairy_dust_deck) == dust and t.player(1).level == 3


# --- R20 (E03): two curses of one Epic kick strike in the order the player chooses ------------------------------


def test_R20_two_curses_of_one_epic_kick_strike_in_the_order_the_player_chooses(variant: Variant) -> None:
    outcomes = {}
    for first, second in (("curse-armor", "curse-any"), ("curse-any", "curse-armor")):
        t = variant(epic=True).level(0, 12).wear(0, "armor", "helmet#1")
        t.door_on_top("curse-any", "curse-armor").act(KickOpenTheDoor(0))
        assert t.state.decisions[0].kind == "door_order"
        assert t.player(0).item_cards == ("armor", "helmet#1")  # neither has struck before the choice
        t.act(ChooseDoorOrder(0, (first, second)))
        while t.state.decisions:
            t.act(ChooseLoss(0, t.state.decisions[0].cards[0]))
        outcomes[first] = t.player(0).item_cards
    assert outcomes == {"curse-armor": (), "curse-any": ("helmet#1",)}  # the order chosen decides what is left


# --- R12: a forced helper leaves without penalty when the fighter would win alone ---------------------------------


def test_R12_a_forced_helper_leaves_without_penalty_or_reward_when_not_needed(table: Table) -> None:
    table.level(0, 6).race(1, "elf#1").level(1, 2).hand(0, "draft-notice")
    fight(table, "ghoul#1").act(UseOneShot(0, "draft-notice", target=1), ClaimVictory(0)).pass_all()
    assert "forced_helper_released" in table.event_kinds()
    assert table.player(1).level == 2 and table.player(0).level == 7  # the Elf gains nothing, loses nothing
    assert len(table.player(0).hand) == 2  # the Ghoul's two Treasures, drawn face down: the fighter was alone


def test_R12_a_forced_helper_the_fighter_needs_stays_to_the_end(table: Table) -> None:
    table.level(0, 3).race(1, "elf#1").level(1, 2).hand(0, "draft-notice")
    fight(table, "ghoul#1").act(UseOneShot(0, "draft-notice", target=1), ClaimVictory(0)).pass_all()
    assert "forced_helper_released" not in table.event_kinds()
    assert table.player(1).level == 3  # the Elf helper's level for the kill


# --- R14: a hand is never touched by another player unless a card says so ----------------------------------------


CARD_FIELDS = (
    "card",
    "cards",
    "discard",
    "item",
    "monster",
    "give",
    "take",
    "resurrect",
    "resurrect_second",
    "doubled",
    "tripled",
    "order",
    "items",
)


def test_R14_no_legal_action_names_a_card_in_another_players_hand() -> None:
    from test_munchkin_properties import playout

    def check(state: GameState) -> None:
        for seat in range(len(state.players)):
            others = {c for s, p in enumerate(state.players) if s != seat for c in p.hand}
            for action in RULESET.legal_actions(state, seat):
                named = set()
                for field in CARD_FIELDS:
                    value = getattr(action, field, None)
                    named |= set(value) if isinstance(value, tuple) else {value} if isinstance(value, str) else set()
                assert not named & others, (seat, action)

    for seed in range(3):
        playout(seed, 4, check=check)


def test_R14_a_rivals_hand_card_cannot_be_played_traded_or_stolen(table: Table) -> None:
    table.hand(1, "curse-level#1", "sword#1").klass(0, "thief").hand(0, "rat#2")
    table.refuses(Curse(0, "curse-level#1", 2), IllegalAction, match="not in your hand")
    table.refuses(OfferTrade(0, 1, (), ("sword#1",)), IllegalAction, match="not an item they have in play")
    table.refuses(Steal(0, 1, "sword#1", "rat#2"), IllegalAction, match="not in play in front of them")


# --- R15: curses lying in front of a player do not pay for abilities ----------------------------------------------


def test_R15_a_lasting_curse_cannot_be_discarded_to_pay_for_an_ability(table: Table) -> None:
    table.klass(0, "warrior#1").curse(0, "curse-chicken").hand(0, "rat#2")
    fight(table, "troll")
    assert not [a for a in table.legal(0) if isinstance(a, Berserk) and "curse-chicken" in a.cards]
    table.refuses(Berserk(0, ("curse-chicken",)), IllegalAction, match="not a card of yours to discard")
    table.act(Berserk(0, ("rat#2",)))
    assert table.player(0).curses == ("curse-chicken",)


def test_R15_nor_for_a_flight_spell(table: Table) -> None:
    table.klass(0, "wizard").curse(0, "curse-chicken").hand(0, "rat#2")
    fight(table, "troll").act(RunAway(0)).pass_all().dice(1).act(RollToRunAway(0, 0))
    table.refuses(FlightSpell(0, ("curse-chicken",)), IllegalAction, match="not a card of yours")
    assert FlightSpell(0, ("rat#2",)) in table.legal(0)


# --- R19: cards in play are public, discards show their top, hands and deck order are secret ----------------------


def test_R19_what_a_seat_sees_of_the_others(table: Table) -> None:
    table.race(0, "elf#1").klass(0, "warrior#1").wear(0, "sword#1").curse(0, "curse-chicken")
    table.hand(0, "level-up#1", "rat#2").to_discard("helmet#1", "boots")
    for seat in (None, 1, 2):
        view = RULESET.player_view(table.state, seat)
        them = view["players"][0]
        assert them["races"] == ["elf#1"] and them["classes"] == ["warrior#1"] and them["curses"] == ["curse-chicken"]
        assert [i["card"] for i in them["items"]] == ["sword#1"]
        assert them["hand_count"] == 2 and "hand" not in them
        assert view["discards"]["treasure"] == {"top": "boots", "count": 2}  # the Helmet below it stays hidden
        assert set(view["decks"]) == {"door", "treasure", "fairy_dust", "fairy_dust_out"}  # counts, no order
        blob = repr(view)
        assert "level-up#1" not in blob and "helmet#1" not in blob and "'rng'" not in blob
        assert all(isinstance(n, int) for n in view["decks"].values())
    assert RULESET.player_view(table.state, 0)["hand"] == ["level-up#1", "rat#2"]


# --- R13: the rulings option (001's race and class summaries), off by default ----------------------------------------


RULINGS = Options(rulings_001=True)


def test_R13_the_rulings_option_is_off_by_default_and_described_for_the_lobby() -> None:
    from doorkick.shared.rules.munchkin.options import describe_options

    assert Options().rulings_001 is False
    assert Options.from_wire(["rulings_001"]).rulings_001 is True
    (line,) = [o for o in describe_options() if o["name"] == "rulings_001"]
    assert line["default"] is False and "Halfling" in line["describe"]


@pytest.mark.parametrize(("options", "limit"), [(None, 5), (RULINGS, 6)])
def test_R13_a_halfling_holds_6_cards_with_the_rulings(
    make_table: type[Table], options: Options | None, limit: int
) -> None:
    from doorkick.shared.rules.munchkin.character import hand_limit

    t = make_table(options=options).race(0, "halfling")
    assert hand_limit(t.state, t.player(0)) == limit


def test_R13_a_halfling_sells_on_someone_elses_turn_with_the_rulings(make_table: type[Table]) -> None:
    plain = make_table().race(1, "halfling").wear(1, "gold-brick#1")
    plain.refuses(Sell(1, ("gold-brick#1",)), match="not your turn")
    t = make_table(options=RULINGS).race(1, "halfling").wear(1, "gold-brick#1")
    assert Sell(1, ("gold-brick#1",)) in t.legal(1)
    t.act(Sell(1, ("gold-brick#1",)))
    assert t.player(1).level == 2
    fight(t, "troll").wear(1, "gold-brick#2")
    t.refuses(Sell(1, ("gold-brick#2",)), WrongTime, match="combat")  # still not during a combat (M47)


@pytest.mark.parametrize(("options", "carried"), [(None, 3), (RULINGS, 2)])
def test_R13_a_dwarf_carries_2_big_items_with_the_rulings(
    make_table: type[Table], options: Options | None, carried: int
) -> None:
    t = make_table(options=options, packs=(RULES_PACK, CORRECTIONS_PACK)).race(0, "dwarf")
    t.wear(0, "ladder#1", "ladder#2").wear(1, "battering-ram").act(GiveItem(1, "battering-ram", 0))
    assert bool(t.state.decisions) == (carried == 2)  # over the limit: one must go (R04)


@pytest.mark.parametrize(("options", "treasures"), [(None, 2), (RULINGS, 0)])
def test_R13_the_wizards_charm_gives_no_reward_with_the_rulings(
    make_table: type[Table], options: Options | None, treasures: int
) -> None:
    t = make_table(options=options).klass(0, "wizard").hand(0, "rat#2", "rat#3", "level-up#1")
    fight(t, "ghoul#1").act(Charm(0, 0))
    assert t.state.combat is None and len(t.player(0).hand) == treasures and t.player(0).level == 1


@pytest.mark.parametrize(("options", "strength"), [(None, 1), (RULINGS, 3)])
def test_R13_a_warrior_gets_1_per_monster_with_the_rulings(
    make_table: type[Table], options: Options | None, strength: int
) -> None:
    t = make_table(options=options).klass(0, "warrior#1").hand(1, "wandering", "rat#2")
    fight(t, "ghoul#1").act(WanderingMonster(1, "wandering", "rat#2"))
    assert t.strengths()[0] == strength
    parts = view_of(t, 1)["combat"]["fighters_parts"]
    assert sum(p["amount"] for p in parts) == strength
