"""Rules W01-W19 of Munchkin Wonderland, one or more tests each, named by the rule's ID."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from wonderland_support import (
    ENGINE,
    all_monsters,
    all_treasures,
    arrange,
    fight,
    kinds,
    play,
    rolling,
    table,
)

from doorkick.shared.rules.base import IllegalAction, SeatSetup, WrongTime
from doorkick.shared.rules.cards import PackError, parse_pack
from doorkick.shared.rules.wonderland.actions import (
    AcceptHelp,
    AskForHelp,
    ChangeDie,
    DeclineHelp,
    Discard,
    EndFight,
    Move,
    PickTreasure,
    PlayFriend,
    PlayTreasure,
    Roll,
    TakeBack,
)
from doorkick.shared.rules.wonderland.board import load_board
from doorkick.shared.rules.wonderland.cards import load_catalog, parse_card
from doorkick.shared.rules.wonderland.fight import monster_power, munchkin_power
from doorkick.shared.rules.wonderland.state import (
    ASKING,
    ENTRANCE,
    FIGHT,
    FIGHT_ROLL,
    HELPER_PICK,
    HELPER_ROLL,
    MOVING,
    OVER,
    ROLL_AGAIN,
    RUN_DISCARD,
    RUN_ROLL,
    RUNNING,
    START,
    WonderlandState,
    gold,
)

BOARD = load_board()
CATALOG = load_catalog()


def seats(n: int) -> tuple[SeatSetup, ...]:
    return tuple(SeatSetup(f"P{i}") for i in range(n))


# ---------------------------------------------------------------- setup


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_W01_two_to_six_players_start_on_the_entrance(players: int) -> None:
    state = ENGINE.new_game(seats(players), seed=7)
    assert state.positions == (BOARD.entrance,) * players
    assert BOARD.spaces[BOARD.entrance].kind == "entrance"
    assert (BOARD.spaces[BOARD.entrance].x, BOARD.spaces[BOARD.entrance].y) == (0.5, 0.5)


@pytest.mark.parametrize("players", [1, 7])
def test_W01_other_player_counts_are_refused(players: int) -> None:
    with pytest.raises(ValueError, match="2-6 players"):
        ENGINE.new_game(seats(players), seed=7)


def test_W02_thirty_monsters_face_down_and_three_treasures_each() -> None:
    state = ENGINE.new_game(seats(5), seed=3)
    assert len(state.monster_deck) == 30 and sorted(state.monster_deck) == sorted(CATALOG.monsters)
    assert all(len(h) == 3 for h in state.hands)
    assert len(state.treasure_deck) == 70 - 15
    assert sorted(all_treasures(state)) == sorted(CATALOG.treasures)
    view = ENGINE.player_view(state, 0)
    assert view["monster_deck"] == 30 and view["treasure_deck"] == 55


# ---------------------------------------------------------------- cards


def test_W03_monster_cards_give_plus_zero_to_plus_five() -> None:
    bonuses = Counter(CATALOG[m].bonus for m in CATALOG.monsters)
    assert set(bonuses) == {0, 1, 2, 3, 4, 5}
    draws = Counter(CATALOG[m].draw for m in CATALOG.monsters)
    assert draws[2] >= 1 and draws[3] >= 1


def test_W03_draw_2_monsters_draws_two_more_and_adds_them_all() -> None:
    state = table(
        positions=["path1b"] + ["entrance"] * 3,
        phase=MOVING,
        die=2,
        monster_deck=["off_with_their_heads", "slithy_tove", "unwilling_flamingo"],
    )
    state, events = play(state, Move(0, ("path1a", "room1")))
    assert state.fight is not None
    assert state.fight.monster_cards == ("off_with_their_heads", "slithy_tove", "unwilling_flamingo")
    assert monster_power(state) == 1 + 0 + 1 + 2
    assert "fight_began" in kinds(events)


def test_W03_draw_3_monsters_chains_with_another_draw_card() -> None:
    state = table(
        positions=["path1b"] + ["entrance"] * 3,
        phase=MOVING,
        die=2,
        monster_deck=[
            "trial_of_the_knave",
            "tea_party_crashers",
            "slithy_tove",
            "walrus",
            "humpty_dumpty",
            "red_knight",
        ],
    )
    state, _ = play(state, Move(0, ("path1a", "room1")))
    assert state.fight is not None
    # 1 card owed; the Trial adds 3; the Crashers (one of those) adds 2 more: six cards in all.
    assert len(state.fight.monster_cards) == 6
    assert monster_power(state) == 1 + 0 + 0 + 1 + 3 + 4 + 5


def test_W04_friends_are_a_permanent_bonus_two_at_most() -> None:
    state = table(hands=[["white_rabbit", "the_hatter", "cheshire_cat"], [], [], []])
    state, _ = play(state, PlayFriend(0, "white_rabbit"), PlayFriend(0, "the_hatter"))
    assert state.friends[0] == ("white_rabbit", "the_hatter")
    with pytest.raises(IllegalAction, match="name the one to discard"):
        ENGINE.apply(state, PlayFriend(0, "cheshire_cat"))
    state, _ = play(state, PlayFriend(0, "cheshire_cat", "white_rabbit"))
    assert state.friends[0] == ("the_hatter", "cheshire_cat")
    assert state.treasure_discard == ("white_rabbit",)
    # The bonus lasts into every fight: 2 + 3 + the die.
    state = arrange(state, phase=FIGHT, fight=fight(1, dice=(("fighter", 1),)))
    assert munchkin_power(state) == 6


def test_W04_the_legal_actions_offer_each_replacement() -> None:
    state = table(hands=[["cheshire_cat"], [], [], []], friends=[["dinah", "march_hare"], [], [], []])
    offered = [a for a in ENGINE.legal_actions(state, 0) if isinstance(a, PlayFriend)]
    assert offered == [PlayFriend(0, "cheshire_cat", "dinah"), PlayFriend(0, "cheshire_cat", "march_hare")]


def _fighting(hand: list[str], **more: Any) -> WonderlandState:
    return table(
        hands=[hand, [], [], []],
        phase=FIGHT,
        positions=["room3"] + ["entrance"] * 3,
        fight=fight(3, cards=("slithy_tove",), dice=(("fighter", 2),)),
        **more,
    )


def test_W05_one_time_bonus_is_discarded_after_use() -> None:
    state = _fighting(["vorpal_blade"])
    state, _ = play(state, PlayTreasure(0, "vorpal_blade"))
    assert munchkin_power(state) == 2 + 5
    assert state.hands[0] == () and state.treasure_discard == ("vorpal_blade",)


def test_W05_change_a_die_roll() -> None:
    state = _fighting(["eat_me_cake"])
    state, events = play(state, ChangeDie(0, "eat_me_cake", 0, 6))
    assert state.fight is not None and state.fight.faces("fighter") == 6
    assert events[0].for_seat(None)["from"] == 2 and state.treasure_discard == ("eat_me_cake",)


def test_W05_change_your_own_move_die() -> None:
    state = table(hands=[["mushroom_left"], [], [], []], phase=MOVING, die=1, positions=["path1b"] + ["entrance"] * 3)
    state, _ = play(state, ChangeDie(0, "mushroom_left", 0, 4))
    assert state.die == 4
    assert ("path1c", "path1d", "room5") in BOARD.paths("path1b", 4)


def test_W05_roll_another_die() -> None:
    state = arrange(_fighting(["drink_me_bottle"]), rng=rolling(5))
    state, events = play(state, PlayTreasure(0, "drink_me_bottle"))
    assert munchkin_power(state) == 2 + 5 and events[0].for_seat(None)["die"] == 5


def test_W05_get_away_ends_the_fight_losing_nothing() -> None:
    state = _fighting(["pool_of_tears", "jam_tart"], friends=[["dinah"], [], [], []])
    state, events = play(state, PlayTreasure(0, "pool_of_tears"))
    assert "got_away" in kinds(events)
    assert state.friends[0] == ("dinah",) and state.hands[0] == ("jam_tart",)
    assert state.phase == START and state.active == 1


def test_W05_take_a_treasure_back_from_the_discards() -> None:
    state = _fighting(["unbirthday_present"], treasure_discard=["vorpal_blade", "found_gloves"])
    offered = [a for a in ENGINE.legal_actions(state, 0) if isinstance(a, TakeBack)]
    assert offered == [TakeBack(0, "unbirthday_present", "vorpal_blade")]
    state, _ = play(state, TakeBack(0, "unbirthday_present", "vorpal_blade"))
    assert state.hands[0] == ("vorpal_blade",)
    assert state.treasure_discard == ("found_gloves", "unbirthday_present")
    with pytest.raises(IllegalAction, match="another take-back"):
        again = arrange(state, hands=[["rewound_watch"], [], [], []])
        ENGINE.apply(again, TakeBack(0, "rewound_watch", "found_gloves"))


def test_W06_every_treasure_but_a_friend_is_worth_gold() -> None:
    for card_id in CATALOG.treasures:
        card = CATALOG[card_id]
        assert (card.gold == 0) == (card.kind == "friend"), card_id
    state = table(hands=[["vorpal_blade", "jam_tart"], [], [], []], friends=[["cheshire_cat"], [], [], []])
    assert gold(state, 0) == 5 + 1 and ENGINE.score(state, 0) == 6


def test_W06_a_friend_with_gold_is_a_broken_pack() -> None:
    text = (
        '[pack]\nid = "x"\nname = "X"\ngame = "wonderland"\n[[cards]]\nid = "pal"\nkind = "friend"\n'
        'name = "Pal"\nbonus = 1\ngold = 2\n'
    )
    with pytest.raises(PackError, match="Friend is worth no Gold"):
        parse_pack(text, "x.toml", "wonderland", parse_card)


# ---------------------------------------------------------------- movement


def test_W07_move_exactly_the_roll_with_a_choice_at_every_fork() -> None:
    # path1b is a fork: along the loop either way, or down the spoke towards the Entrance.
    state = table(positions=["path1b"] + ["entrance"] * 3, rng=rolling(2))
    state, events = play(state, Roll(0))
    assert state.phase == MOVING and state.die == 2 and events[0].for_seat(None)["die"] == 2
    moves = {a.path for a in ENGINE.legal_actions(state, 0) if isinstance(a, Move)}
    assert moves == {("path1a", "room1"), ("path1c", "path1d"), ("spoke1x", "spoke1y")}


def test_W07_entering_a_room_or_the_entrance_stops_early() -> None:
    # The rulebook's example: a 3 goes three spaces one way, or stops after one step in a Room the other.
    paths = BOARD.paths("path6a", 3)
    assert ("room4",) in paths and ("path6b", "path6c", "path6d") in paths
    assert ("spoke1y", "entrance") in BOARD.paths("spoke1x", 5)
    assert all(len(p) == 5 or BOARD.stops_movement(p[-1]) for p in BOARD.paths("path3c", 5))


def test_W07_a_move_not_in_the_list_is_refused() -> None:
    state = table(positions=["path1b"] + ["entrance"] * 3, phase=MOVING, die=2)
    with pytest.raises(IllegalAction, match="not a move of 2"):
        ENGINE.apply(state, Move(0, ("path1c",)))
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, Move(0, ("path1a", "path1b")))


def test_W08_roll_again_chains() -> None:
    # spoke1x, one step down the spoke from path1b, is a Roll Again space.
    state = table(positions=["path1b"] + ["entrance"] * 3, rng=rolling(1, 3))
    state, events = play(state, Roll(0), Move(0, ("spoke1x",)))
    assert state.phase == ROLL_AGAIN and "roll_again" in kinds(events)
    state, _ = play(state, Roll(0))
    assert state.phase == MOVING and state.die == 3
    state, _ = play(state, Move(0, ("path1b", "path1c", "path1d")))
    assert state.phase == START and state.active == 1


def test_W09_a_monster_space_sends_you_to_its_room() -> None:
    state = table(positions=["path1b"] + ["entrance"] * 3, phase=MOVING, die=1)
    state, events = play(state, Move(0, ("path1c",)))  # a picture of the Jabberwock
    assert state.positions[0] == BOARD.room_space[6]
    assert state.phase == FIGHT_ROLL and state.fight is not None and state.fight.room == 6
    assert kinds(events)[:3] == ["moved", "sent_to_room", "fight_began"]


def test_W10_a_treasure_space_gives_a_free_treasure() -> None:
    state = table(positions=["path1b"] + ["entrance"] * 3, phase=MOVING, die=1)
    top = state.treasure_deck[0]
    state, events = play(state, Move(0, ("path1a",)))
    assert state.hands[0] == (top,)
    drawn = next(e for e in events if e.kind == "treasure_drawn")
    assert drawn.for_seat(0)["cards"] == [top] and "cards" not in drawn.for_seat(1)
    assert state.active == 1


def test_W11_entrance_draws_a_treasure_then_the_roll_picks_the_room() -> None:
    state = table(
        positions=["spoke1y"] + ["entrance"] * 3,
        phase=MOVING,
        die=3,
        hands=[["eat_me_cake"], [], [], []],
        rng=rolling(6),
    )
    state, events = play(state, Move(0, ("entrance",)))
    assert "treasure_drawn" in kinds(events)
    assert state.phase == ENTRANCE and len(state.hands[0]) == 2
    # No "Eat Me" Cake on this roll: nothing but the roll is offered, and a change is refused.
    assert list(ENGINE.legal_actions(state, 0)) == [Roll(0)]
    with pytest.raises(WrongTime):
        ENGINE.apply(state, ChangeDie(0, "eat_me_cake", 0, 1))
    state, _ = play(state, Roll(0))
    assert state.positions[0] == BOARD.room_space[6] and state.fight is not None and state.fight.room == 6


def test_W12_six_rooms_numbered_by_die_face_entering_one_is_a_fight() -> None:
    assert sorted(BOARD.rooms) == [1, 2, 3, 4, 5, 6]
    assert {BOARD.spaces[BOARD.room_space[n]].room for n in range(1, 7)} == set(range(1, 7))
    state = table(positions=["path1b"] + ["entrance"] * 3, phase=MOVING, die=2)
    state, _ = play(state, Move(0, ("path1a", "room1")))
    assert state.phase == FIGHT_ROLL and state.fight is not None and state.fight.room == 1


# ---------------------------------------------------------------- fighting


def test_W13_monster_power_is_room_number_plus_card() -> None:
    state = table(positions=["path1b"] + ["entrance"] * 3, phase=MOVING, die=2, monster_deck=["walrus"])
    state, _ = play(state, Move(0, ("path1a", "room1")))
    assert monster_power(state) == 1 + 3


def test_W13_bandersnatch_draws_a_card_and_rolls_a_die() -> None:
    state = table(positions=["path6a"] + ["entrance"] * 3, phase=MOVING, die=1, monster_deck=["walrus"], rng=rolling(4))
    state, events = play(state, Move(0, ("room4",)))
    assert state.fight is not None and state.fight.monster_cards == ("walrus",)
    assert monster_power(state) == 4 + 3 + 4
    assert events[-1].for_seat(None)["monster_die"] == 4


def test_W13_jabberwock_draws_two_cards() -> None:
    state = table(positions=["path1b"] + ["entrance"] * 3, phase=MOVING, die=1, monster_deck=["walrus", "slithy_tove"])
    state, _ = play(state, Move(0, ("path1c",)))
    assert state.fight is not None and state.fight.monster_cards == ("walrus", "slithy_tove")
    assert monster_power(state) == 6 + 3 + 1


def test_W13_an_empty_monster_deck_reshuffles_its_discards() -> None:
    everything = CATALOG.monsters
    state = table(
        positions=["path1b"] + ["entrance"] * 3, phase=MOVING, die=2, monster_deck=[], monster_discard=everything
    )
    state, events = play(state, Move(0, ("path1a", "room1")))
    assert "monster_deck_reshuffled" in kinds(events)
    assert state.fight is not None and len(state.fight.monster_cards) >= 1
    assert sorted(all_monsters(state)) == sorted(everything)


def test_W14_munchkins_win_ties() -> None:
    # Room 3 + Walrus (+3) = 6; a die of 6 ties it, and the munchkin wins.
    state = table(
        phase=FIGHT, positions=["room3"] + ["entrance"] * 3, fight=fight(3, cards=("walrus",), dice=(("fighter", 6),))
    )
    state, events = play(state, EndFight(0))
    ended = next(e for e in events if e.kind == "fight_ended")
    told = ended.for_seat(None)
    assert told["won"] and told["munchkin_power"] == told["monster_power"] == 6
    assert len(state.hands[0]) == BOARD.rooms[3].treasures


def test_W14_fighter_rolls_then_may_play_or_ask_for_help() -> None:
    state = table(
        positions=["path1b", "path1a", "room5", "entrance"],
        phase=MOVING,
        die=2,
        hands=[["jam_tart", "eat_me_cake"], [], [], []],
        rng=rolling(3),
    )
    state, _ = play(state, Move(0, ("path1a", "room1")))
    assert list(ENGINE.legal_actions(state, 0)) == [Roll(0)]
    state, _ = play(state, Roll(0))
    offered = set(ENGINE.legal_actions(state, 0))
    wanted = {EndFight(0), PlayTreasure(0, "jam_tart"), AskForHelp(0, 1), ChangeDie(0, "eat_me_cake", 0, 6)}
    assert wanted <= offered


def test_W14_the_winner_takes_the_rooms_treasures_and_need_not_show_them() -> None:
    state = table(
        phase=FIGHT,
        positions=["room5"] + ["entrance"] * 3,
        fight=fight(5, cards=("slithy_tove",), dice=(("fighter", 6),)),
    )
    top_two = state.treasure_deck[:2]
    state, events = play(state, EndFight(0))
    assert state.hands[0] == top_two  # the Red Queen gives two
    won = next(e for e in events if e.kind == "treasures_won")
    assert won.for_seat(0)["cards"] == list(top_two)
    assert won.for_seat(1) == {"type": "treasures_won", "seat": 0, "count": 2}
    assert won.for_seat(None) == {"type": "treasures_won", "seat": 0, "count": 2}


def test_W15_losing_means_running_away_and_losing_a_friend() -> None:
    state = table(
        phase=FIGHT,
        positions=["room1"] + ["entrance"] * 3,
        friends=[["dinah", "march_hare"], [], [], []],
        hands=[["jam_tart"], [], [], []],
        fight=fight(1, cards=("red_knight",), dice=(("fighter", 1),)),
        rng=rolling(1),
    )
    state, _ = play(state, EndFight(0))
    assert state.phase == RUN_ROLL
    state, _ = play(state, Roll(0))
    assert state.phase == RUNNING
    moves = {a.path for a in ENGINE.legal_actions(state, 0) if isinstance(a, Move)}
    assert moves == {("path1a",), ("path6d",)}
    # path1a is a Treasure space, but its rule is ignored when running away.
    state, _ = play(state, Move(0, ("path1a",)))
    assert state.phase == RUN_DISCARD and state.hands[0] == ("jam_tart",)
    assert set(ENGINE.legal_actions(state, 0)) == {Discard(0, "dinah"), Discard(0, "march_hare")}
    with pytest.raises(IllegalAction, match="Friend must go first"):
        ENGINE.apply(state, Discard(0, "jam_tart"))
    state, _ = play(state, Discard(0, "march_hare"))
    assert state.friends[0] == ("dinah",) and state.active == 1 and state.phase == START


def test_W15_without_friends_a_card_from_hand_is_lost() -> None:
    state = table(
        phase=RUNNING,
        die=1,
        positions=["room1"] + ["entrance"] * 3,
        hands=[["jam_tart"], [], [], []],
        fight=fight(1, cards=("red_knight",), dice=(("fighter", 1),)),
    )
    state, _ = play(state, Move(0, ("path6d",)), Discard(0, "jam_tart"))
    assert state.hands[0] == () and state.treasure_discard == ("jam_tart",)


def test_W15_running_into_a_room_is_no_fight() -> None:
    state = table(
        phase=RUNNING,
        die=5,
        positions=["room1"] + ["entrance"] * 3,
        fight=fight(1, cards=("red_knight",), dice=(("fighter", 1),)),
    )
    state, events = play(state, Move(0, ("path1a", "path1b", "path1c", "path1d", "room5")))
    assert "fight_began" not in kinds(events) and state.phase == START and state.positions[0] == "room5"


def test_W16_monster_cards_are_discarded_and_the_turn_passes_win_or_lose() -> None:
    win = table(
        phase=FIGHT,
        positions=["room1"] + ["entrance"] * 3,
        fight=fight(1, cards=("walrus", "slithy_tove"), dice=(("fighter", 6),)),
        monster_deck=[c for c in CATALOG.monsters if c not in ("walrus", "slithy_tove")],
        monster_discard=(),
    )
    won, _ = play(win, EndFight(0))
    assert won.monster_discard == ("walrus", "slithy_tove") and won.fight is None and won.active == 1
    lose = arrange(
        win,
        fight=fight(1, cards=("red_knight",), dice=(("fighter", 1),)),
        rng=rolling(1),
        monster_deck=[c for c in CATALOG.monsters if c != "red_knight"],
    )
    lose, _ = play(lose, EndFight(0), Roll(0), Move(0, ("path1a",)))
    assert lose.monster_discard == ("red_knight",) and lose.active == 1 and lose.turn == 2


# ---------------------------------------------------------------- help


def _asking_state(helper_at: str) -> WonderlandState:
    return table(
        phase=FIGHT,
        positions=["room5", helper_at, "room2", "entrance"],
        friends=[["cheshire_cat"], ["the_hatter", "dinah"], [], []],
        fight=fight(5, cards=("humpty_dumpty",), dice=(("fighter", 2),)),
    )


def test_W17_only_players_within_six_spaces_may_be_asked() -> None:
    state = _asking_state("path1a")  # 4 steps from the Red Queen's Room; room2 is 11 away
    assert BOARD.distance("path1a", "room5") == 4 and BOARD.distance("room2", "room5") > 6
    asks = [a for a in ENGINE.legal_actions(state, 0) if isinstance(a, AskForHelp)]
    assert [a.helper for a in asks] == [1, 3]  # the Entrance is 6 steps away: just in range
    with pytest.raises(IllegalAction, match="more than 6 spaces"):
        ENGINE.apply(state, AskForHelp(0, 2))


def test_W17_the_helper_moves_in_rolls_adds_friends_and_picks_a_treasure() -> None:
    state = arrange(_asking_state("path1a"), rng=rolling(4))
    state, _ = play(state, AskForHelp(0, 1))
    assert state.phase == ASKING and ENGINE.seats_to_act(state) == frozenset({1})
    state, _ = play(state, AcceptHelp(1))
    assert state.positions[1] == "room5" and state.phase == HELPER_ROLL
    state, _ = play(state, Roll(1))
    # Fighter: Cheshire Cat 3 + die 2; helper: Hatter 2 + Dinah 1 + die 4 = 12 against 5 + 4 = 9.
    assert munchkin_power(state) == 12 and monster_power(state) == 9
    top_two = state.treasure_deck[:2]
    state, events = play(state, EndFight(0))
    assert state.phase == HELPER_PICK
    shown = next(e for e in events if e.kind == "treasures_shown")
    assert shown.for_seat(None)["cards"] == list(top_two)  # a helped win is shown to everybody
    state, _ = play(state, PickTreasure(1, top_two[1]))
    assert state.hands[1] == (top_two[1],) and state.hands[0] == (top_two[0],)
    assert state.active == 1 and state.phase == START


def test_W17_the_helper_may_play_one_time_treasures_but_not_get_away() -> None:
    state = arrange(_asking_state("path1a"), rng=rolling(1), hands=[[], ["jam_tart", "rabbit_hole"], [], []])
    state, _ = play(state, AskForHelp(0, 1), AcceptHelp(1), Roll(1))
    assert ENGINE.seats_to_act(state) == frozenset({0, 1})
    assert set(ENGINE.legal_actions(state, 1)) == {PlayTreasure(1, "jam_tart")}
    with pytest.raises(IllegalAction, match="only the fighter"):
        ENGINE.apply(state, PlayTreasure(1, "rabbit_hole"))
    state, _ = play(state, PlayTreasure(1, "jam_tart"))
    assert state.fight is not None and state.fight.helper_bonus == 1


def test_W17_only_the_fighter_runs_away_on_a_loss() -> None:
    state = arrange(
        _asking_state("path1a"),
        rng=rolling(1, 1),
        friends=[[], [], [], []],
        hands=[["jam_tart"], ["vorpal_blade"], [], []],
    )
    state, _ = play(state, AskForHelp(0, 1), AcceptHelp(1), Roll(1), EndFight(0))
    assert state.phase == RUN_ROLL and ENGINE.seats_to_act(state) == frozenset({0})
    state, _ = play(state, Roll(0), Move(0, ("path1d",)), Discard(0, "jam_tart"))
    assert state.positions[1] == "room5" and state.hands[1] == ("vorpal_blade",)


def test_W17_one_helper_per_fight_and_each_player_asked_once() -> None:
    state = _asking_state("path1a")
    state, _ = play(state, AskForHelp(0, 1), DeclineHelp(1))
    assert state.phase == FIGHT
    with pytest.raises(IllegalAction, match="already asked"):
        ENGINE.apply(state, AskForHelp(0, 1))
    state, _ = play(state, AskForHelp(0, 3), AcceptHelp(3))
    assert not [a for a in ENGINE.legal_actions(state, 0) if isinstance(a, AskForHelp)]


# ---------------------------------------------------------------- the end


def test_W18_drawing_the_last_treasure_ends_the_game_most_gold_wins() -> None:
    state = table(positions=["path1b"] + ["entrance"] * 3, phase=MOVING, die=1)
    last = state.treasure_deck[-1]
    state = arrange(state, treasure_deck=[last], hands=[[], ["vorpal_blade"], ["jam_tart"], []])
    state = arrange(
        state, treasure_discard=[c for c in CATALOG.treasures if c not in (last, "vorpal_blade", "jam_tart")]
    )
    state, events = play(state, Move(0, ("path1a",)))
    assert state.phase == OVER and state.hands[0] == (last,)
    assert kinds(events)[-1] == "game_over"
    result = ENGINE.outcome(state)
    golds = [gold(state, s) for s in range(4)]
    assert result is not None and result.winners == tuple(s for s in range(4) if golds[s] == max(golds))
    assert ENGINE.seats_to_act(state) == frozenset()
    with pytest.raises(WrongTime, match="over"):
        ENGINE.apply(state, Roll(1))


def test_W18_owed_treasures_come_from_the_reshuffled_discards() -> None:
    state = table(
        phase=FIGHT, positions=["room6"] + ["entrance"] * 3, fight=fight(6, dice=(("fighter", 6), ("fighter", 6)))
    )
    deck = state.treasure_deck
    state = arrange(state, treasure_deck=deck[:1], treasure_discard=deck[1:])
    state, events = play(state, EndFight(0))
    assert len(state.hands[0]) == 3  # the Jabberwock's three: one from the deck, two from the discards
    assert "treasure_discards_reshuffled" in kinds(events) and state.phase == OVER


def test_W18_the_last_treasure_at_the_entrance_ends_the_game_before_the_roll() -> None:
    state = table(positions=["spoke1y"] + ["entrance"] * 3, phase=MOVING, die=1)
    state = arrange(state, treasure_deck=state.treasure_deck[:1], treasure_discard=state.treasure_deck[1:])
    state, events = play(state, Move(0, ("entrance",)))
    assert state.phase == OVER and kinds(events)[-1] == "game_over" and state.fight is None


def test_W18_a_helper_still_picks_when_the_reward_empties_the_deck() -> None:
    state = table(
        phase=FIGHT,
        positions=["room5", "room5", "entrance", "entrance"],
        fight=fight(5, dice=(("fighter", 6), ("helper", 6)), helper=1, asked=(1,)),
    )
    state = arrange(state, treasure_deck=state.treasure_deck[:2], treasure_discard=state.treasure_deck[2:])
    shown = state.treasure_deck
    state, _ = play(state, EndFight(0))
    assert state.phase == HELPER_PICK and state.last_treasure_drawn
    state, events = play(state, PickTreasure(1, shown[0]))
    assert state.phase == OVER and state.hands[1] == (shown[0],) and state.hands[0] == (shown[1],)
    assert kinds(events)[-1] == "game_over"


def test_W18_tied_players_all_win() -> None:
    state = table(hands=[["vorpal_blade"], ["borrowed_crown"], ["jam_tart"], []], phase=OVER)
    result = ENGINE.outcome(state)
    assert result is not None and result.winners == (0, 1)


def test_W19_two_dice_in_a_bandersnatch_fight() -> None:
    state = table(positions=["path6a"] + ["entrance"] * 3, phase=MOVING, die=1, rng=rolling(2, 5))
    state, _ = play(state, Move(0, ("room4",)), Roll(0))
    assert state.fight is not None and [(d.owner, d.face) for d in state.fight.dice] == [("monster", 2), ("fighter", 5)]


def test_W19_another_board_loads_by_path(tmp_path: Path) -> None:
    small = tmp_path / "tiny.toml"
    small.write_text(_tiny_board(), "utf-8")
    state = ENGINE.new_game(seats(2), seed=1, options={"board": str(small)})
    assert state.board.id == "tiny" and state.positions == ("hub", "hub")
    assert state.board.paths("hub", 2) == (("a", "r1"), ("b", "r2"))


def _tiny_board() -> str:
    lines = [
        'links = [["hub", "a"], ["a", "r1"], ["hub", "b"], ["b", "r2"], ["r1", "r3"], ["r3", "r4"],',
        '         ["r4", "r5"], ["r5", "r6"], ["r6", "r2"]]',
        "[board]",
        'id = "tiny"',
        'name = "Tiny"',
        "[[spaces]]",
        'id = "hub"',
        'kind = "entrance"',
        "x = 0.5",
        "y = 0.5",
        "[[spaces]]",
        'id = "a"',
        'kind = "plain"',
        "x = 0.3",
        "y = 0.5",
        "[[spaces]]",
        'id = "b"',
        'kind = "treasure"',
        "x = 0.7",
        "y = 0.5",
    ]
    for n in range(1, 7):
        lines += ["[[spaces]]", f'id = "r{n}"', 'kind = "room"', f"x = 0.{n}", "y = 0.1", f"room = {n}"]
    for n in range(1, 7):
        lines += ["[[rooms]]", f"number = {n}", f'monster = "Beast {n}"']
    return "\n".join(lines) + "\n"


def test_W19_the_board_offers_a_real_choice_on_most_rolls() -> None:
    choices = [len({p[-1] for p in BOARD.paths(s, n)}) > 1 for s in BOARD.spaces for n in range(1, 7)]
    assert sum(choices) / len(choices) > 0.9
