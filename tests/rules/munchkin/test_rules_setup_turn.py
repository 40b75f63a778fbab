"""Rule tests M01-M18: setting up, the cards, the character, the turn and when cards may be played."""

from __future__ import annotations

from dataclasses import replace
from itertools import pairwise
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from doorkick.shared.rules.base import IllegalAction, NotYourDecision, SeatSetup, WrongTime
from doorkick.shared.rules.munchkin import RULESET
from doorkick.shared.rules.munchkin.actions import (
    AcceptBadStuff,
    AcceptTrade,
    AskForHelp,
    ChooseHelper,
    ClaimVictory,
    Curse,
    DeclineHelp,
    DiscardCard,
    EndTurn,
    Equip,
    FinishSetup,
    GiveCharity,
    GoUpALevel,
    KickOpenTheDoor,
    LookForTrouble,
    LootCorpse,
    LootTheRoom,
    OfferTrade,
    PlayCard,
    RollToRunAway,
    RunAway,
    Sell,
    Steal,
    TakeSpoil,
    Unequip,
    UseOneShot,
    Volunteer,
)
from doorkick.shared.rules.munchkin.character import traits
from doorkick.shared.rules.munchkin.combat import player_strength
from doorkick.shared.rules.munchkin.flow import new_game
from doorkick.shared.rules.munchkin.options import Options
from doorkick.shared.rules.munchkin.state import all_cards

if TYPE_CHECKING:
    from conftest import Table

RULES_PACK = str(Path(__file__).parent / "packs" / "rules.toml")

SEATS = tuple(SeatSetup(f"P{i}", "female" if i % 2 else "male") for i in range(6))
FILLER = ("sword#1", "sword#2", "sword#3", "helmet#1", "helmet#2", "junk#1", "junk#2", "gold-brick#1")


def at_end_of_turn(table: Table) -> Table:
    """Skip to the turn's last phase (charity) without a door."""
    table.state = replace(table.state, phase="end", met_monster=False)
    return table


def in_setup(table: Table) -> Table:
    """Back to the start of the game: everyone may still play a Race, a Class and Items (M08)."""
    table.state = replace(table.state, phase="setup", ready=(), turn=0)
    return table


def flee_until_over(table: Table) -> Table:
    """Run away from the combat in progress, taking whatever the dice say."""
    table.act(RunAway(table.combat.fighter)).pass_all()
    while table.state.combat is not None:
        flight = table.flight
        seat = flight.order[0]
        if flight.caught_by is not None:
            table.act(AcceptBadStuff(seat))
        else:
            table.act(RollToRunAway(seat, flight.remaining[0]))
    return table


# --- M01 players and the first player ------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_M01_two_to_six_players_sit_down(players: int) -> None:
    state = RULESET.new_game(SEATS[:players], 1, (RULES_PACK,))
    assert len(state.players) == players and state.phase == "setup"


@pytest.mark.parametrize("players", [1, 7])
def test_M01_fewer_than_two_or_more_than_six_is_no_game(players: int) -> None:
    seats = tuple(SeatSetup(f"P{i}") for i in range(players))
    with pytest.raises(ValueError, match="2 to 6"):
        RULESET.new_game(seats, 1, (RULES_PACK,))


def test_M01_the_first_player_is_chosen_by_die_roll_and_ties_roll_again() -> None:
    seen_reroll = False
    for seed in range(40):
        state, events = new_game(SEATS[:4], seed, (RULES_PACK,))
        rounds = [e.for_seat(None)["rolls"] for e in events if e.kind == "rolled_for_first"]
        assert sorted(s for s, _ in rounds[0]) == [0, 1, 2, 3]
        for tie, again in pairwise(rounds):  # only the seats tied at the top roll again
            top = max(v for _, v in tie)
            tied = [s for s, v in tie if v == top]
            assert len(tied) > 1 and [s for s, _ in again] == tied
            seen_reroll = True
        best = max(v for _, v in rounds[-1])
        assert [s for s, v in rounds[-1] if v == best] == [state.active]
    assert seen_reroll, "some seed among 40 gives a tie for the first roll"


# --- M02 decks and the deal ----------------------------------------------------------------------------


def test_M02_everyone_is_dealt_four_doors_and_four_treasures() -> None:
    state = RULESET.new_game(SEATS[:4], 3, (RULES_PACK,))
    for p in state.players:
        decks = [state.card(c).deck for c in p.hand]
        assert decks.count("door") == 4 and decks.count("treasure") == 4
    doors = sum(1 for c in state.catalog.defs.values() if c.deck == "door")
    assert len(state.door_deck) == doors - 16
    assert state.door_discard == () and state.treasure_discard == ()
    assert all(state.card(c).deck == "door" for c in state.door_deck)
    assert all(state.card(c).deck == "treasure" for c in state.treasure_deck)


def test_M02_the_decks_are_shuffled_by_the_seed() -> None:
    a = RULESET.new_game(SEATS[:3], 1, (RULES_PACK,))
    b = RULESET.new_game(SEATS[:3], 2, (RULES_PACK,))
    assert a.door_deck + a.players[0].hand != b.door_deck + b.players[0].hand
    assert RULESET.new_game(SEATS[:3], 1, (RULES_PACK,)) == a


def test_M02_each_deck_has_its_own_discard_pile(table: Table) -> None:
    table.race(0, "elf#1").wear(0, "gold-brick#1")
    table.act(DiscardCard(0, "elf#1"), Sell(0, ("gold-brick#1",)))
    assert table.state.door_discard == ("elf#1",)
    assert table.state.treasure_discard == ("gold-brick#1",)


# --- M03 empty decks ----------------------------------------------------------------------------------


def _empty_door_deck(table: Table) -> Table:
    """Every Door card still in the deck goes to seat 2's hand (cards are conserved)."""
    return table.hand(2, *table.state.door_deck)


def test_M03_an_empty_deck_reshuffles_its_discard_pile(table: Table) -> None:
    _empty_door_deck(table).to_discard("rat#1", "rat#2")
    table.act(KickOpenTheDoor(0))
    assert "reshuffled" in table.event_kinds()
    assert table.state.door_discard == ()
    assert table.state.combat is not None and table.combat.monsters[0].card in ("rat#1", "rat#2")
    assert len(table.state.door_deck) == 1


def test_M03_with_deck_and_discards_empty_nobody_draws_and_play_goes_on(table: Table) -> None:
    _empty_door_deck(table)
    total = len(all_cards(table.state))
    table.act(KickOpenTheDoor(0))
    assert table.event_kinds() == ["deck_empty"]
    assert table.state.phase == "door" and table.player(0).hand == ()
    table.act(LootTheRoom(0))
    looted = table.state
    assert table.player(0).hand == () and looted.phase == "end"
    table.act(EndTurn(0))
    assert table.state.active == 1 and len(all_cards(table.state)) == total


def test_M03_a_deck_running_out_in_mid_draw_reshuffles_and_the_draw_goes_on(table: Table) -> None:
    table.treasure_on_top("gold-brick#1")
    table.hand(2, *table.state.treasure_deck[1:]).to_discard("sword#1", "helmet#1", "boots")
    table.level(0, 5).door_on_top("ghoul#1").act(KickOpenTheDoor(0), ClaimVictory(0)).pass_all()
    hand = table.player(0).hand
    assert len(hand) == 2 and hand[0] == "gold-brick#1" and hand[1] in ("sword#1", "helmet#1", "boots")
    reshuffled = next(e for e in table.events if e.kind == "reshuffled")
    assert reshuffled.for_seat(None) == {"type": "reshuffled", "deck": "treasure", "cards": 3}
    assert len(table.state.treasure_deck) == 2 and table.state.treasure_discard == ()


def test_M03_a_kill_with_no_treasures_left_anywhere_still_gives_its_level(table: Table) -> None:
    table.hand(2, *table.state.treasure_deck)
    table.level(0, 5).door_on_top("ghoul#1").act(KickOpenTheDoor(0), ClaimVictory(0)).pass_all()
    assert table.player(0).level == 6 and table.player(0).hand == ()
    assert "deck_empty" in table.event_kinds() and table.state.combat is None and table.state.phase == "end"


# --- M04 discard piles show their top card only -------------------------------------------------------


def test_M04_a_discard_pile_shows_only_its_top_card(table: Table) -> None:
    table.to_discard("ghoul#1", "elf-hater", "lazy-dragon", "missile#1", "chainsaw")
    for seat in (None, 0, 1):
        view = RULESET.player_view(table.state, seat)
        assert view["discards"] == {
            "door": {"top": "lazy-dragon", "count": 3},
            "treasure": {"top": "chainsaw", "count": 2},
        }
        blob = repr(view)
        assert "ghoul#1" not in blob and "elf-hater" not in blob and "missile#1" not in blob


# --- M05 hand limit -----------------------------------------------------------------------------------


def test_M05_the_hand_limit_at_the_end_of_the_turn_is_five(table: Table) -> None:
    at_end_of_turn(table.hand(0, *FILLER[:6]))
    table.refuses(EndTurn(0), IllegalAction)
    table.act(PlayCard(0, "sword#1"))  # playing an extra card is one way down to five
    table.act(EndTurn(0))
    assert table.state.active == 1


def test_M05_a_dwarf_may_keep_six(table: Table) -> None:
    at_end_of_turn(table.race(0, "dwarf").hand(0, *FILLER[:6]))
    table.act(EndTurn(0))
    assert table.state.active == 1 and len(table.player(0).hand) == 6


def test_M05_a_dwarf_with_seven_is_over_the_limit(table: Table) -> None:
    at_end_of_turn(table.race(0, "dwarf").hand(0, *FILLER[:7]))
    table.refuses(EndTurn(0), IllegalAction)


# --- M06 cards in play stay in play --------------------------------------------------------------------


def test_M06_no_legal_action_returns_a_card_in_play_to_a_hand(table: Table) -> None:
    table.race(0, "elf#1").klass(0, "warrior#1").wear(0, "sword#1").wear(0, "helmet#1", equipped=False)
    table.wear(1, "boots").hand(0, "missile#1")
    in_play = {"elf#1", "warrior#1", "sword#1", "helmet#1", "boots"}
    tried = 0
    for seat in range(3):
        for action in table.legal(seat):
            after, _ = RULESET.apply(table.state, action)
            for p in after.players:
                assert not in_play & set(p.hand), action
            tried += 1
    assert tried > 10


def test_M06_unequipping_keeps_the_item_in_play_sideways(table: Table) -> None:
    table.wear(0, "sword#1")
    table.act(Unequip(0, "sword#1"))
    assert "sword#1" in table.player(0).item_cards and "sword#1" not in table.player(0).hand
    assert table.player(0).items[0].equipped is False


def test_M06_an_item_in_play_cannot_simply_be_discarded(table: Table) -> None:
    table.wear(0, "sword#1")
    table.refuses(DiscardCard(0, "sword#1"), IllegalAction)


# --- M07 a new character -----------------------------------------------------------------------------


def test_M07_everyone_starts_at_level_1_human_classless_with_the_chosen_sex() -> None:
    seats = (SeatSetup("Ann", "female"), SeatSetup("Bob", "male"), SeatSetup("Cy", "female"))
    state = RULESET.new_game(seats, 5, (RULES_PACK,))
    for setup, p in zip(seats, state.players, strict=True):
        assert (p.name, p.sex, p.level, p.races, p.classes, p.items) == (setup.name, setup.sex, 1, (), (), ())
        assert traits(state, p) == frozenset({"human", setup.sex})


def test_M07_a_sex_is_male_or_female() -> None:
    seats = (SeatSetup("Ann", "female"), SeatSetup("Bob", "robot"))
    with pytest.raises(ValueError, match="robot"):
        RULESET.new_game(seats, 5, (RULES_PACK,))


# --- M08 setting up from the starting hand -------------------------------------------------------------


def test_M08_at_the_start_one_race_one_class_and_any_items(table: Table) -> None:
    in_setup(table).hand(0, "elf#1", "dwarf", "warrior#1", "wizard", "sword#1", "helmet#1", "boots")
    table.act(PlayCard(0, "elf#1"))
    table.refuses(PlayCard(0, "dwarf"), IllegalAction)
    table.act(PlayCard(0, "warrior#1"))
    table.refuses(PlayCard(0, "wizard"), IllegalAction)
    table.act(PlayCard(0, "sword#1"), PlayCard(0, "helmet#1"), PlayCard(0, "boots"))
    p = table.player(0)
    assert p.races == ("elf#1",) and p.classes == ("warrior#1",)
    assert [c.card for c in p.items if c.equipped] == ["sword#1", "helmet#1", "boots"]
    assert p.hand == ("dwarf", "wizard")


def test_M08_setup_is_only_for_setting_up(table: Table) -> None:
    in_setup(table).hand(0, "curse-level#1", "level-up#1")
    table.refuses(KickOpenTheDoor(0), WrongTime)
    table.refuses(Curse(0, "curse-level#1", 1), WrongTime)
    table.refuses(GoUpALevel(0, "level-up#1", 0), WrongTime)


def test_M08_the_game_begins_when_everyone_is_ready(table: Table) -> None:
    in_setup(table).hand(0, "sword#1", "sword#2")
    table.act(FinishSetup(0))
    table.refuses(PlayCard(0, "sword#1"), WrongTime)
    table.refuses(FinishSetup(0), NotYourDecision)
    table.act(FinishSetup(2))
    assert table.state.phase == "setup" and RULESET.seats_to_act(table.state) == {1}
    table.act(FinishSetup(1))
    started = table.state
    assert started.phase == "start" and started.turn == 1 and started.active == 0


# --- M09 the rules no card overrides -----------------------------------------------------------------


def test_M09_a_level_never_drops_below_1(table: Table) -> None:
    table.hand(1, "curse-level#1", "curse-level#2")
    table.act(Curse(1, "curse-level#1", 0))
    assert table.player(0).level == 1
    table.level(0, 2).act(Curse(1, "curse-level#2", 0))
    assert table.player(0).level == 1


def test_M09_combat_strength_may_go_below_1(table: Table) -> None:
    table.curse(0, "curse-weak").door_on_top("rat#1")
    table.act(KickOpenTheDoor(0))
    assert player_strength(table.state, table.combat, 0) == -1


def test_M09_getting_rid_of_a_monster_without_a_kill_gives_no_level(table: Table) -> None:
    table.hand(0, "banish").door_on_top("troll")
    table.act(KickOpenTheDoor(0), UseOneShot(0, "banish", monster=0))
    assert table.state.combat is None and table.player(0).level == 1 and table.player(0).hand == ()


def test_M09_no_reward_in_mid_combat(table: Table) -> None:
    table.wear(0, "sword#1").door_on_top("rat#1")
    table.act(KickOpenTheDoor(0), ClaimVictory(0))
    assert table.player(0).level == 1 and table.player(0).hand == ()  # the others may still react
    table.pass_all()
    assert table.player(0).level == 2 and len(table.player(0).hand) == 1


def test_M09_level_10_is_not_bought_nor_given(table: Table) -> None:
    table.level(0, 9).hand(0, "gold-brick#1", "level-up#1").hand(1, "level-up#2")
    table.refuses(Sell(0, ("gold-brick#1",)), IllegalAction)
    table.refuses(GoUpALevel(0, "level-up#1", 0), IllegalAction)
    table.refuses(GoUpALevel(1, "level-up#2", 0), IllegalAction)
    assert table.player(0).level == 9


def test_M09_level_10_comes_with_a_kill(table: Table) -> None:
    table.level(0, 9).door_on_top("rat#1")
    table.act(KickOpenTheDoor(0), ClaimVictory(0)).pass_all()
    assert table.player(0).level == 10 and table.state.winners == (0,)


# --- M10 winning ------------------------------------------------------------------------------------------


def test_M10_the_first_to_level_10_wins_and_the_game_stops(table: Table) -> None:
    table.level(0, 9).level(1, 9).door_on_top("rat#1")
    table.act(KickOpenTheDoor(0), ClaimVictory(0)).pass_all()
    outcome = RULESET.outcome(table.state)
    assert outcome is not None and outcome.winners == (0,)
    assert table.state.phase == "over" and RULESET.seats_to_act(table.state) == frozenset()
    table.refuses(EndTurn(0), WrongTime)
    assert table.legal(0) == [] and table.legal(1) == []


def _won_with_a_helper(table: Table) -> Table:
    table.level(0, 9).level(1, 9).door_on_top("rat#1")
    table.act(KickOpenTheDoor(0), AskForHelp(0), Volunteer(1), DeclineHelp(2), ChooseHelper(0, 1))
    return table.act(ClaimVictory(0)).pass_all()


def test_M10_several_reaching_10_at_once_win_together(make_table: type[Table]) -> None:
    table = _won_with_a_helper(make_table(options=Options(shared_victory=True)))
    assert table.state.winners == (0, 1) and table.player(1).level == 10


def test_M10_a_helping_elf_reaching_10_wins_too_by_default(table: Table) -> None:
    table = _won_with_a_helper(table.race(1, "elf#1"))
    assert table.state.winners == (0, 1)


def test_M10_option_a_helping_elf_reaching_10_does_not_win(make_table: type[Table]) -> None:
    table = make_table(options=Options(helping_elf_cannot_win=True)).race(1, "elf#1")
    table = _won_with_a_helper(table)
    assert table.state.winners == (0,) and table.player(1).level == 9


# --- M11 before the door ---------------------------------------------------------------------------------


def test_M11_before_the_door_play_equip_trade_and_sell(table: Table) -> None:
    table.hand(0, "sword#1", "gold-brick#1").wear(0, "helmet#1", equipped=False).wear(0, "boots").wear(1, "armor")
    kinds = {a.kind for a in table.legal(0)}
    assert {"play_card", "equip", "unequip", "offer_trade", "sell", "kick_open_the_door"} <= kinds
    table.act(PlayCard(0, "sword#1"), Equip(0, "helmet#1"), Unequip(0, "boots"))
    table.act(OfferTrade(0, 1, ("boots",), ("armor",)), AcceptTrade(1))
    table.act(Sell(0, ("gold-brick#1",)))
    p = table.player(0)
    assert p.level == 2 and set(p.item_cards) == {"sword#1", "helmet#1", "armor"}
    assert table.state.phase == "start"
    table.act(KickOpenTheDoor(0))


# --- M12 kicking open the door ---------------------------------------------------------------------------


def test_M12_a_monster_behind_the_door_is_fought(table: Table) -> None:
    table.door_on_top("ghoul#1")
    table.act(KickOpenTheDoor(0))
    combat = table.state.combat
    assert combat is not None and combat.fighter == 0 and combat.monsters[0].card == "ghoul#1"
    assert table.event_kinds() == ["kicked_door", "combat"] and table.state.met_monster


def test_M12_only_the_active_player_kicks_once(table: Table) -> None:
    table.door_on_top("elf#1")
    table.refuses(KickOpenTheDoor(1), NotYourDecision)
    table.act(KickOpenTheDoor(0))
    table.refuses(KickOpenTheDoor(0), WrongTime)


def test_M12_a_curse_behind_the_door_hits_the_drawer_then_is_discarded(table: Table) -> None:
    table.level(0, 3).door_on_top("curse-level#1")
    table.act(KickOpenTheDoor(0))
    assert table.player(0).level == 2 and table.state.door_discard == ("curse-level#1",)
    assert table.player(0).hand == () and table.state.phase == "door"


def test_M12_a_lasting_curse_behind_the_door_is_kept(table: Table) -> None:
    table.door_on_top("curse-chicken")
    table.act(KickOpenTheDoor(0))
    assert table.player(0).curses == ("curse-chicken",) and table.state.door_discard == ()


def test_M12_anything_else_goes_to_the_hand_and_may_be_played_at_once(table: Table) -> None:
    table.door_on_top("elf#1")
    table.act(KickOpenTheDoor(0))
    assert table.player(0).hand == ("elf#1",) and table.state.combat is None
    table.act(PlayCard(0, "elf#1"))
    assert table.player(0).races == ("elf#1",)


# --- M13 looking for trouble or looting the room ------------------------------------------------------


def test_M13_look_for_trouble_with_a_monster_from_the_hand(table: Table) -> None:
    table.hand(0, "rat#1", "sword#1").door_on_top("elf#1")
    table.act(KickOpenTheDoor(0))
    table.refuses(LookForTrouble(0, "sword#1"), IllegalAction)
    table.act(LookForTrouble(0, "rat#1"))
    combat = table.state.combat
    assert combat is not None and combat.monsters[0].card == "rat#1" and not combat.met_by_kick
    assert "rat#1" not in table.player(0).hand


def test_M13_loot_the_room_draws_a_door_face_down(table: Table) -> None:
    table.door_on_top("elf#1", "dwarf")
    table.act(KickOpenTheDoor(0), LootTheRoom(0))
    assert table.player(0).hand == ("elf#1", "dwarf") and table.state.phase == "end"
    drew = table.events[-1]
    assert drew.kind == "drew" and drew.audience == frozenset({0})
    assert drew.for_seat(1) == {"type": "drew", "seat": 0, "deck": "door", "count": 1}


def test_M13_no_looting_after_looking_for_trouble_or_loot_before_the_door(table: Table) -> None:
    table.refuses(LootTheRoom(0), WrongTime)
    table.hand(0, "rat#1").wear(0, "sword#1").door_on_top("elf#1")
    table.act(KickOpenTheDoor(0), LookForTrouble(0, "rat#1"), ClaimVictory(0)).pass_all()
    table.refuses(LootTheRoom(0), WrongTime)


def test_M13_who_fled_a_monster_may_not_loot_nor_look_for_trouble(table: Table) -> None:
    table.hand(0, "rat#2").door_on_top("troll")
    table.act(KickOpenTheDoor(0))
    flee_until_over(table)
    assert table.state.phase == "end" and table.state.met_monster
    table.refuses(LootTheRoom(0), WrongTime)
    table.refuses(LookForTrouble(0, "rat#2"), WrongTime)


# --- M14 charity ---------------------------------------------------------------------------------------


def test_M14_excess_cards_go_to_the_lowest_level_players_split_evenly(make_table: type[Table]) -> None:
    table = make_table(players=4).level(0, 3).level(1, 1).level(2, 1).level(3, 2)
    at_end_of_turn(table.hand(0, *FILLER))  # 8 cards: 3 over the limit
    table.refuses(EndTurn(0), IllegalAction)
    table.refuses(GiveCharity(0, "sword#1", 3), IllegalAction)  # not the lowest
    table.refuses(GiveCharity(0, "sword#1", -1), IllegalAction)  # the giver is not lowest: no discarding
    table.act(GiveCharity(0, "sword#1", 1))
    table.refuses(GiveCharity(0, "sword#2", 1), IllegalAction)  # seat 2 has had fewer
    table.act(GiveCharity(0, "sword#2", 2))
    table.act(GiveCharity(0, "sword#3", 2))  # the giver chooses who gets the larger share
    assert table.player(1).hand == ("sword#1",) and table.player(2).hand == ("sword#2", "sword#3")
    assert len(table.player(0).hand) == 5
    table.refuses(GiveCharity(0, "helmet#1", 1), IllegalAction)  # within the limit now
    table.act(EndTurn(0))
    assert table.state.active == 1


def test_M14_the_lowest_level_giver_discards_the_excess(table: Table) -> None:
    at_end_of_turn(table.hand(0, *FILLER[:6]))  # everyone is level 1: tied lowest
    table.refuses(GiveCharity(0, "sword#1", 1), IllegalAction)
    table.act(GiveCharity(0, "sword#1", -1))
    assert table.state.treasure_discard == ("sword#1",) and table.player(1).hand == ()
    table.act(EndTurn(0))


def test_M14_the_dead_receive_no_charity(table: Table) -> None:
    table.level(0, 4).level(1, 1).level(2, 2).set(1, dead=True)
    at_end_of_turn(table.hand(0, *FILLER[:6]))
    table.refuses(GiveCharity(0, "sword#1", 1), IllegalAction)
    table.act(GiveCharity(0, "sword#1", 2))
    assert table.player(2).hand == ("sword#1",)


def test_M14_a_card_given_in_charity_is_secret_between_giver_and_taker(table: Table) -> None:
    table.level(0, 2)
    at_end_of_turn(table.hand(0, *FILLER[:6]))
    table.act(GiveCharity(0, "junk#1", 1))
    event = table.events[-1]
    assert event.for_seat(2) == {"type": "charity", "seat": 0, "to": 1}
    assert event.for_seat(1)["card"] == "junk#1"


# --- M15 the turn passes left ---------------------------------------------------------------------------


def test_M15_the_turn_passes_to_the_left_and_wraps_around(table: Table) -> None:
    for expected in (1, 2, 0):
        at_end_of_turn(table)
        table.act(EndTurn(table.state.active))
        assert table.state.active == expected and table.state.phase == "start"
    assert table.state.turn == 4
    table.refuses(EndTurn(1), NotYourDecision)


# --- M16 cards any player may play at any time --------------------------------------------------------


def test_M16_anyone_discards_a_race_or_class_any_time_even_in_combat(table: Table) -> None:
    table.race(1, "elf#1").klass(1, "thief").race(0, "dwarf").door_on_top("rat#1")
    table.act(DiscardCard(1, "thief"))  # not their turn
    table.act(KickOpenTheDoor(0), DiscardCard(0, "dwarf"), DiscardCard(1, "elf#1"))
    assert table.player(0).races == () and table.player(1).races == () and table.player(1).classes == ()
    assert set(table.state.door_discard) == {"thief", "dwarf", "elf#1"}


def test_M16_go_up_a_level_on_anyone_any_time_but_not_to_win(table: Table) -> None:
    table.hand(2, "level-up#1", "level-up#2", "level-up#3").level(1, 9).door_on_top("troll")
    table.act(GoUpALevel(2, "level-up#1", 0))  # on another player, in someone else's turn
    table.act(KickOpenTheDoor(0), GoUpALevel(2, "level-up#2", 0))  # in combat
    assert table.player(0).level == 3
    table.refuses(GoUpALevel(2, "level-up#3", 1), IllegalAction)  # never the winning level


def test_M16_a_curse_may_be_played_any_time_on_anyone(table: Table) -> None:
    table.level(0, 5).level(1, 5).hand(2, "curse-level#1", "curse-level#2").door_on_top("rat#1")
    table.act(Curse(2, "curse-level#1", 1))
    table.act(KickOpenTheDoor(0), Curse(2, "curse-level#2", 0))
    assert table.player(0).level == 4 and table.player(1).level == 4


def test_M16_a_hireling_may_be_played_any_time(table: Table) -> None:
    table.hand(1, "hireling").door_on_top("rat#1")
    table.act(KickOpenTheDoor(0), PlayCard(1, "hireling"))
    assert table.player(1).hireling == "hireling"


def test_M16_a_hireling_may_be_played_even_while_someone_runs_away(table: Table) -> None:
    table.hand(1, "hireling").door_on_top("troll")
    table.act(KickOpenTheDoor(0), RunAway(0)).pass_all()
    assert table.combat.step == "flee"
    table.act(PlayCard(1, "hireling"))
    assert table.player(1).hireling == "hireling"


# --- M17 any time outside combat ----------------------------------------------------------------------------


def test_M17_trade_and_swap_gear_outside_your_turn(table: Table) -> None:
    table.wear(1, "sword#1").wear(1, "helmet#1", equipped=False).wear(2, "boots")
    table.act(Equip(1, "helmet#1"), Unequip(1, "sword#1"))
    table.act(OfferTrade(1, 2, ("sword#1",), ("boots",)), AcceptTrade(2))
    assert set(table.player(1).item_cards) == {"helmet#1", "boots"}
    assert table.player(2).item_cards == ("sword#1",)


def test_M17_not_while_in_combat_and_not_with_someone_in_combat(table: Table) -> None:
    table.wear(0, "sword#1").wear(0, "helmet#1", equipped=False).wear(1, "boots").door_on_top("troll")
    table.act(KickOpenTheDoor(0))
    table.refuses(Equip(0, "helmet#1"), WrongTime)
    table.refuses(Unequip(0, "sword#1"), WrongTime)
    table.refuses(OfferTrade(0, 1, ("sword#1",), ("boots",)), WrongTime)
    table.refuses(OfferTrade(1, 0, ("boots",), ("sword#1",)), WrongTime)
    table.act(Unequip(1, "boots"))  # a bystander is not in combat


def test_M17_a_card_just_received_may_be_played_outside_your_turn(table: Table) -> None:
    table.level(0, 3).hand(1, "boots")
    at_end_of_turn(table.hand(0, *FILLER[:6]))
    table.act(GiveCharity(0, "sword#1", 1))
    table.refuses(PlayCard(1, "boots"), NotYourDecision)  # held before: only on their own turn
    table.act(PlayCard(1, "sword#1"))
    assert table.player(1).item_cards == ("sword#1",)


def test_M17_a_helper_may_play_a_treasure_won_at_once(table: Table) -> None:
    table.level(0, 5).level(1, 6).door_on_top("troll").treasure_on_top("boots", "sword#1", "helmet#1")
    table.act(KickOpenTheDoor(0), AskForHelp(0, treasures=1, helper_first=True), Volunteer(1), DeclineHelp(2))
    table.act(ChooseHelper(0, 1), ClaimVictory(0)).pass_all().act(TakeSpoil(1, "boots"))
    assert table.state.combat is None and table.state.active == 0
    table.act(PlayCard(1, "boots"))  # "even if you only helped in the combat" (seeds/000, Rewards)
    assert table.player(1).item_cards == ("boots",)


def test_M17_a_card_looted_from_a_corpse_may_be_played_at_once(table: Table) -> None:
    table.level(1, 3).hand(0, "sword#1").door_on_top("elf-hater").dice(1)
    table.act(KickOpenTheDoor(0), RunAway(0)).pass_all()
    table.act(RollToRunAway(0, 0), AcceptBadStuff(0))
    assert table.player(0).dead and table.state.corpse == ("sword#1",)
    table.act(LootCorpse(1, "sword#1"), PlayCard(1, "sword#1"))
    assert table.player(1).item_cards == ("sword#1",)


# --- M18 own turn only --------------------------------------------------------------------------------------


def test_M18_a_new_race_or_class_only_on_your_own_turn_even_in_combat(table: Table) -> None:
    table.hand(0, "elf#1").hand(1, "warrior#1").door_on_top("rat#1")
    table.refuses(PlayCard(1, "warrior#1"), NotYourDecision)
    table.act(KickOpenTheDoor(0), PlayCard(0, "elf#1"))
    assert table.player(0).races == ("elf#1",)
    table.refuses(PlayCard(1, "warrior#1"), NotYourDecision)


def test_M18_sell_only_on_your_own_turn_outside_combat(table: Table) -> None:
    table.hand(0, "gold-brick#1").hand(1, "gold-brick#2").door_on_top("rat#1")
    table.refuses(Sell(1, ("gold-brick#2",)), NotYourDecision)
    table.act(KickOpenTheDoor(0))
    table.refuses(Sell(0, ("gold-brick#1",)), WrongTime)


def test_M18_items_only_on_your_own_turn_and_not_in_combat_but_one_shots(table: Table) -> None:
    table.hand(0, "sword#1", "missile#1").hand(1, "helmet#1").door_on_top("troll")
    table.refuses(PlayCard(1, "helmet#1"), NotYourDecision)
    table.act(KickOpenTheDoor(0))
    table.refuses(PlayCard(0, "sword#1"), WrongTime)
    table.act(UseOneShot(0, "missile#1"))
    assert table.combat.one_shots[0].card == "missile#1"


def test_M18_a_thief_steals_outside_combat_only(table: Table) -> None:
    table.klass(1, "thief").wear(0, "sword#1").hand(1, "junk#1").door_on_top("rat#1")
    table.act(KickOpenTheDoor(0))
    table.refuses(Steal(1, 0, "sword#1", "junk#1"), WrongTime)
