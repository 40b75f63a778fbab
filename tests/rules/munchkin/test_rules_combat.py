"""Rule tests M19-M25: combat strength, rewards, getting rid of monsters, monster bonuses, spent cards, fixed
gear and the reaction window."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from scenario_support import arranged

from doorkick.shared.rules.base import IllegalAction, MalformedAction, NotYourDecision, WrongTime
from doorkick.shared.rules.munchkin import RULESET
from doorkick.shared.rules.munchkin.actions import (
    AcceptBadStuff,
    AskForHelp,
    Charm,
    ChooseHelper,
    ClaimVictory,
    Curse,
    DeclineHelp,
    DiscardCard,
    EnhanceMonster,
    Equip,
    GiveItem,
    GoUpALevel,
    KickOpenTheDoor,
    OfferTrade,
    Pass,
    PlayCard,
    RollToRunAway,
    RunAway,
    Sell,
    Steal,
    Unequip,
    UseOneShot,
    Volunteer,
)
from doorkick.shared.rules.munchkin.combat import player_strength
from doorkick.shared.rules.munchkin.options import Options

if TYPE_CHECKING:
    from conftest import Table


def fight(table: Table, monster: str, seat: int = 0) -> Table:
    return table.door_on_top(monster).act(KickOpenTheDoor(seat))


def run_away(table: Table, *dice: int) -> Table:
    """Run from everything with these rolls; Bad Stuff is accepted whenever a roll fails."""
    table.act(RunAway(table.combat.fighter)).pass_all()
    table.dice(*dice)
    while table.state.combat is not None:
        flight = table.flight
        if flight.caught_by is not None:
            table.act(AcceptBadStuff(flight.order[0]))
        else:
            table.act(RollToRunAway(flight.order[0], flight.remaining[0]))
    return table


def helped_by(table: Table, helper: int, treasures: int = 0) -> Table:
    """Ask everyone, `helper` volunteers, the others decline, the fighter takes them."""
    fighter = table.combat.fighter
    table.act(AskForHelp(fighter, treasures=treasures))
    for seat, p in enumerate(table.state.players):
        if seat not in (fighter, helper) and not p.dead:
            table.act(DeclineHelp(seat))
    return table.act(Volunteer(helper), ChooseHelper(fighter, helper))


# --- M19 strength and who wins ---------------------------------------------------------------------------


def test_M19_strength_is_level_plus_the_bonuses_of_gear_in_use(make_table: type[Table]) -> None:
    table = arranged(
        make_table,
        """
        [[seats]]
        level = 4
        equipped = ["sword", "armor"]
        carried = ["helmet"]
        [[seats]]
        [[seats]]
        [decks]
        door = ["troll"]
    """,
    ).act(KickOpenTheDoor(0))
    assert player_strength(table.state, table.combat, 0) == 4 + 2 + 5  # the sideways helmet counts nothing
    assert table.strengths() == (11, 10)
    assert RULESET.player_view(table.state, 1)["combat"]["fighters_strength"] == 11


def test_M19_a_tie_goes_to_the_monster(make_table: type[Table]) -> None:
    table = arranged(
        make_table,
        """
        [[seats]]
        level = 4
        [[seats]]
        [[seats]]
        [decks]
        door = ["ghoul"]
    """,
    ).act(KickOpenTheDoor(0))
    assert table.strengths() == (4, 4)
    table.refuses(ClaimVictory(0), IllegalAction)


def test_M19_strictly_higher_wins(make_table: type[Table]) -> None:
    table = (
        arranged(
            make_table,
            """
        [[seats]]
        level = 5
        [[seats]]
        [[seats]]
        [decks]
        door = ["ghoul"]
    """,
        )
        .act(KickOpenTheDoor(0), ClaimVictory(0))
        .pass_all()
    )
    assert table.state.combat is None and table.player(0).level == 6


WARRIOR_AT_A_TIE = """
    [[seats]]
    level = 4
    classes = ["warrior"]
    [[seats]]
    [[seats]]
    [decks]
    door = ["ghoul"]
"""


def test_M19_a_warrior_wins_ties(make_table: type[Table]) -> None:
    table = arranged(make_table, WARRIOR_AT_A_TIE).act(KickOpenTheDoor(0), ClaimVictory(0)).pass_all()
    assert "victory" in table.event_kinds() and table.player(0).level == 5


def test_M19_without_the_warrior_class_the_tie_is_lost_again(make_table: type[Table]) -> None:
    table = arranged(make_table, WARRIOR_AT_A_TIE).act(KickOpenTheDoor(0), DiscardCard(0, "warrior#1"))
    table.refuses(ClaimVictory(0), IllegalAction)


# --- M20 rewards for a kill ---------------------------------------------------------------------------


def test_M20_a_kill_gives_one_level_and_the_treasures_drawn_face_down(make_table: type[Table]) -> None:
    table = (
        arranged(
            make_table,
            """
        [[seats]]
        level = 5
        [[seats]]
        [[seats]]
        [decks]
        door = ["ghoul"]
        treasure = ["sword#1", "helmet#1"]
    """,
        )
        .act(KickOpenTheDoor(0), ClaimVictory(0))
        .pass_all()
    )
    assert table.player(0).level == 6 and table.player(0).hand == ("sword#1", "helmet#1")
    drew = next(e for e in table.events if e.kind == "drew")
    assert drew.for_seat(1) == {"type": "drew", "seat": 0, "deck": "treasure", "count": 2}
    assert drew.for_seat(0)["cards"] == ["sword#1", "helmet#1"]


def test_M20_a_monster_worth_two_levels_gives_two(table: Table) -> None:
    table.level(0, 5).wear(0, "armor", "chainsaw", "helmet#1", "boots").hand(0, "missile#1")
    fight(table, "lazy-dragon").act(UseOneShot(0, "missile#1"))
    assert table.strengths() == (5 + 5 + 3 + 1 + 2 + 5, 16)
    table.act(ClaimVictory(0)).pass_all()
    assert table.player(0).level == 7 and len(table.player(0).hand) == 4


def test_M20_enhancers_change_the_treasure_count(table: Table) -> None:
    table.level(0, 5).wear(0, "sword#1").hand(1, "enraged#1")
    fight(table, "rat#1").act(EnhanceMonster(1, "enraged#1"))
    assert table.strengths() == (7, 6)
    table.act(ClaimVictory(0)).pass_all()
    assert len(table.player(0).hand) == 1 + 1


def test_M20_a_minus_enhancer_lowers_the_treasures(table: Table) -> None:
    table.hand(0, "baby")
    fight(table, "ghoul#1").act(EnhanceMonster(0, "baby"), ClaimVictory(0)).pass_all()
    assert len(table.player(0).hand) == 2 - 1


def test_M20_helped_treasures_are_drawn_face_up(table: Table) -> None:
    table.level(0, 3).level(1, 3).treasure_on_top("sword#1", "helmet#1")
    helped_by(fight(table, "ghoul#1"), 1).act(ClaimVictory(0)).pass_all()
    drew = next(e for e in table.events if e.kind == "drew")
    assert drew.for_seat(2)["cards"] == ["sword#1", "helmet#1"]
    assert table.player(0).level == 4 and table.player(1).level == 3  # the helper gains no level (M33)


# --- M21 got rid of without a kill ------------------------------------------------------------------------


def test_M21_a_monster_sent_away_by_a_card_gives_no_level_and_no_treasure(table: Table) -> None:
    table.hand(0, "banish")
    fight(table, "troll").act(UseOneShot(0, "banish", monster=0))
    assert table.state.combat is None and table.state.phase == "end"
    assert table.player(0).level == 1 and table.player(0).hand == ()
    assert {"one_shot", "monster_removed", "combat_over"} <= set(table.event_kinds())
    assert "level" not in table.event_kinds()
    assert set(table.state.door_discard) == {"troll"} and set(table.state.treasure_discard) == {"banish"}


def test_M21_a_wizards_charm_gives_no_level_but_the_treasures_its_card_promises(table: Table) -> None:
    table.klass(0, "wizard").hand(0, "sword#1", "sword#2", "junk#1").treasure_on_top("helmet#1", "boots", "armor")
    fight(table, "troll").act(Charm(0, 0))
    assert table.state.combat is None and table.player(0).level == 1
    assert table.player(0).hand == ("helmet#1", "boots", "armor")  # the whole hand paid, 3 treasures taken
    assert {"charmed", "monster_removed"} <= set(table.event_kinds())


def test_M21_charming_needs_a_hand_of_three(table: Table) -> None:
    table.klass(0, "wizard").hand(0, "sword#1", "sword#2")
    fight(table, "troll")
    table.refuses(Charm(0, 0), IllegalAction)


# --- M22 monster bonuses count once ---------------------------------------------------------------------


def test_M22_a_bonus_against_a_race_counts_once_though_both_fighters_qualify(table: Table) -> None:
    table.race(0, "elf#1").race(1, "elf#2").level(0, 6).level(1, 3)
    fight(table, "elf-hater")
    assert table.strengths() == (6, 6 + 4)
    helped_by(table, 1)
    assert table.strengths() == (9, 10)


def test_M22_the_bonus_applies_when_only_the_helper_qualifies(table: Table) -> None:
    table.race(1, "elf#1").level(0, 6).level(1, 3)
    fight(table, "elf-hater")
    assert table.strengths() == (6, 6)
    helped_by(table, 1)
    assert table.strengths() == (9, 10)


def test_M22_discarding_the_race_drops_the_bonus(table: Table) -> None:
    table.race(0, "elf#1").level(0, 7)
    fight(table, "elf-hater").act(DiscardCard(0, "elf#1"))
    assert table.strengths() == (7, 6)


# --- M23 spent cards are discarded when the combat ends -------------------------------------------------


def test_M23_one_shots_and_enhancers_are_discarded_after_a_win(table: Table) -> None:
    table.level(0, 5).hand(0, "missile#1").wear(0, "missile#2", equipped=False).hand(1, "enraged#1")
    fight(table, "ghoul#1").act(UseOneShot(0, "missile#1"), EnhanceMonster(1, "enraged#1"))
    table.act(UseOneShot(0, "missile#2"))  # a one-shot carried on the table is used the same way (M48)
    assert table.state.treasure_discard == () and table.state.door_discard == ()  # still in the combat
    table.act(ClaimVictory(0)).pass_all()
    assert set(table.state.treasure_discard) == {"missile#1", "missile#2"}
    assert set(table.state.door_discard) == {"ghoul#1", "enraged#1"}
    assert table.player(0).item_cards == ()


def test_M23_one_shots_and_enhancers_are_discarded_after_a_flight(table: Table) -> None:
    table.hand(0, "missile#1").hand(1, "enraged#1", "missile#2")
    fight(table, "troll").act(UseOneShot(0, "missile#1"), EnhanceMonster(1, "enraged#1"))
    table.act(UseOneShot(1, "missile#2", side="monsters"))
    run_away(table, 6)
    assert "escaped" in table.event_kinds()
    assert set(table.state.treasure_discard) == {"missile#1", "missile#2"}
    assert set(table.state.door_discard) == {"troll", "enraged#1"}


# --- M24 gear is fixed in combat ------------------------------------------------------------------------


def test_M24_in_combat_no_equipping_unequipping_playing_or_discarding_items(table: Table) -> None:
    table.wear(0, "sword#1").wear(0, "helmet#1", equipped=False).hand(0, "boots", "gold-brick#1")
    fight(table, "troll")
    table.refuses(Equip(0, "helmet#1"), WrongTime)
    table.refuses(Unequip(0, "sword#1"), WrongTime)
    table.refuses(PlayCard(0, "boots"), WrongTime)
    table.refuses(DiscardCard(0, "sword#1"), IllegalAction)
    table.refuses(Sell(0, ("gold-brick#1",)), WrongTime)
    kinds = {a.kind for a in table.legal(0)}
    assert not kinds & {"equip", "unequip", "sell", "offer_trade", "give_item"}


def test_M24_in_combat_no_trading_giving_or_stealing(table: Table) -> None:
    table.wear(0, "sword#1").wear(1, "boots").klass(2, "thief").hand(2, "junk#1")
    fight(table, "troll")
    table.refuses(OfferTrade(0, 1, ("sword#1",), ("boots",)), WrongTime)
    table.refuses(OfferTrade(1, 0, ("boots",), ("sword#1",)), WrongTime)
    table.refuses(GiveItem(1, "boots", 0), WrongTime)
    table.refuses(Steal(2, 0, "sword#1", "junk#1"), WrongTime)  # R08: a bystander's items may be stolen


def test_M24_the_helper_brings_gear_as_it_is(table: Table) -> None:
    table.level(1, 2).wear(1, "sword#1").wear(1, "helmet#1", equipped=False).hand(1, "boots")
    helped_by(fight(table, "troll"), 1)
    table.refuses(Equip(1, "helmet#1"), WrongTime)
    table.refuses(PlayCard(1, "boots"), NotYourDecision)
    assert table.strengths() == (1 + 2 + 2, 10)


def test_M24_one_shots_are_the_exception(table: Table) -> None:
    table.hand(0, "missile#1")
    fight(table, "ghoul#1").act(UseOneShot(0, "missile#1"))
    assert table.strengths() == (6, 4)


# --- M25 the reaction window ----------------------------------------------------------------------------


def test_M25_after_a_claim_every_other_player_may_react_before_the_kill(make_table: type[Table]) -> None:
    table = make_table(players=4).level(0, 5)
    fight(table, "ghoul#1").act(ClaimVictory(0))
    combat = table.combat
    assert combat.step == "window" and combat.resolving == "victory"
    assert RULESET.seats_to_act(table.state) == {1, 2, 3}
    table.refuses(Pass(0), NotYourDecision)  # the fighter waits
    table.act(Pass(2))
    table.refuses(Pass(2), NotYourDecision)  # passed once is passed
    assert table.combat.passed == (2,) and RULESET.seats_to_act(table.state) == {1, 3}
    assert table.player(0).level == 5
    table.act(Pass(1), Pass(3))
    assert table.state.combat is None and table.player(0).level == 6


def test_M25_a_card_played_reopens_the_window(table: Table) -> None:
    table.level(0, 9).level(1, 5).hand(2, "level-up#1")
    fight(table, "ghoul#1").act(ClaimVictory(0), Pass(1))
    table.act(GoUpALevel(2, "level-up#1", 1))  # a card that does not change the fight still reopens it
    assert table.combat.step == "window" and table.combat.passed == ()
    assert RULESET.seats_to_act(table.state) == {1, 2}


def test_M25_a_card_that_turns_the_fight_sends_it_back_to_the_fighter(table: Table) -> None:
    table.level(0, 5).hand(1, "enraged#1")
    fight(table, "ghoul#1").act(ClaimVictory(0), EnhanceMonster(1, "enraged#1"))
    assert table.combat.step == "fight" and RULESET.seats_to_act(table.state) == {0}
    table.refuses(Pass(2), WrongTime)
    table.refuses(ClaimVictory(0), IllegalAction)


def test_M25_a_curse_in_the_window_counts_at_once(table: Table) -> None:
    table.level(0, 6).hand(2, "curse-weak")
    fight(table, "ghoul#1").act(ClaimVictory(0), Curse(2, "curse-weak", 0))
    assert table.strengths() == (4, 4) and table.combat.step == "fight"


def test_M25_running_away_also_waits_for_the_window(table: Table) -> None:
    table.hand(1, "enraged#1")
    fight(table, "troll").act(RunAway(0))
    combat = table.combat
    assert combat.step == "window" and combat.resolving == "flee"
    table.refuses(RollToRunAway(0, 0), WrongTime)
    table.act(EnhanceMonster(1, "enraged#1"))  # interference before the flight starts
    assert table.combat.step == "window"
    table.pass_all()
    combat = table.combat
    assert combat.step == "flee" and "running_away" in table.event_kinds()


def test_M25_the_dead_and_the_fighters_are_not_waited_for(make_table: type[Table]) -> None:
    table = make_table(players=4).level(0, 3).level(1, 3).set(3, dead=True)
    helped_by(fight(table, "ghoul#1"), 1).act(ClaimVictory(0))
    assert RULESET.seats_to_act(table.state) == {2}


def test_M25_with_nobody_to_react_the_window_closes_at_once(make_table: type[Table]) -> None:
    table = make_table(players=2).level(0, 5).set(1, dead=True)
    fight(table, "ghoul#1").act(ClaimVictory(0))
    assert table.state.combat is None and table.event_kinds()[2:5] == ["reaction_window", "victory", "level"]


def test_M25_the_window_timer_is_a_table_option() -> None:
    assert Options(reaction_time="short").reaction_seconds(("core",)) == 2.66  # the rulebook's "2.66 seconds"
    assert Options.from_wire({"reaction_time": "normal"}).reaction_seconds(("core",)) == 8.0  # R01
    with pytest.raises(MalformedAction):
        Options.from_wire({"reaction_time": 3})


def test_M25_passing_is_a_legal_action_only_for_those_waited_for(table: Table) -> None:
    table.level(0, 5)
    fight(table, "ghoul#1").act(ClaimVictory(0))
    assert Pass(1) in table.legal(1) and Pass(2) in table.legal(2)
    assert Pass(0) not in table.legal(0)
