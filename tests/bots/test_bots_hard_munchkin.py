"""The hard Munchkin bot's parts: the fitted chance of winning, what it reads of a seat, finished games."""

from __future__ import annotations

from dataclasses import replace
from itertools import pairwise

from doorkick.shared.bots.hard import HardBot, munchkin_features, munchkin_win_chance
from doorkick.shared.rules.base import SeatSetup
from doorkick.shared.rules.munchkin.character import gear_bonus
from doorkick.shared.rules.munchkin.state import GameState, evolve
from doorkick.shared.rules.registry import ruleset


def seat(
    level: float = 5,
    gear: float = 4,
    r1: float = 5,
    r2: float = 4,
    r3: float = 3,
    r1_gear: float = 4,
    hand: float = 10,
    until: float = 2,
) -> dict[str, float]:
    return {
        "level": level,
        "gear": gear,
        "r1": r1,
        "r2": r2,
        "r3": r3,
        "r1_gear": r1_gear,
        "hand": hand,
        "until": until,
        "cards": 4,
        "dead": 0,
    }


def test_bots_hard_munchkin_win_chance_grows_with_level_and_gear_and_falls_with_the_rivals() -> None:
    chances = [munchkin_win_chance(seat(level=v)) for v in range(1, 10)]
    assert all(a < b for a, b in pairwise(chances))
    assert munchkin_win_chance(seat(gear=8)) > munchkin_win_chance(seat(gear=4))
    assert munchkin_win_chance(seat(hand=20)) > munchkin_win_chance(seat(hand=5))
    assert munchkin_win_chance(seat(r1=9)) < munchkin_win_chance(seat(r1=7)) < munchkin_win_chance(seat(r1=5))
    assert munchkin_win_chance(seat(r1_gear=10)) < munchkin_win_chance(seat(r1_gear=2))
    # The last levels are the hard ones: 8 -> 9 is worth more than 3 -> 4.
    low = munchkin_win_chance(seat(level=4, r1=3)) - munchkin_win_chance(seat(level=3, r1=3))
    high = munchkin_win_chance(seat(level=9, r1=3)) - munchkin_win_chance(seat(level=8, r1=3))
    assert high > 2 * low
    # Even four seats at level 1 are about a quarter each; a level-9 seat against level-2 rivals is the favourite.
    assert 0.15 < munchkin_win_chance(seat(level=1, r1=1, r2=1, r3=1, gear=3, r1_gear=3, until=1)) < 0.35
    assert munchkin_win_chance(seat(level=9, r1=2, r2=2, r3=2, gear=10, r1_gear=2)) > 0.6


def new_table() -> GameState:
    engine = ruleset("munchkin")
    return engine.new_game(tuple(SeatSetup(f"P{i}", "male") for i in range(4)), 3)


def test_bots_hard_munchkin_features_read_the_seat_and_its_leading_rival() -> None:
    state = new_table()
    levels = (3, 7, 2, 5)
    state = replace(
        state, active=2, players=tuple(evolve(p, level=v) for p, v in zip(state.players, levels, strict=True))
    )
    f = munchkin_features(state, 0)
    assert (f["level"], f["r1"], f["r2"], f["r3"]) == (3, 7, 5, 2)
    assert f["r1_gear"] == gear_bonus(state, state.players[1])
    assert f["cards"] == len(state.players[0].hand) and f["hand"] > 0
    assert f["until"] == 2 and munchkin_features(state, 2)["until"] == 0 and munchkin_features(state, 3)["until"] == 1


def test_bots_hard_scores_a_finished_munchkin_game_by_its_share_of_the_win() -> None:
    state = new_table()
    bot = HardBot("munchkin", 1)
    alone = replace(state, winners=(2,), phase="over")
    assert [bot._evaluate(alone, s) for s in range(4)] == [0.0, 0.0, 1000.0, 0.0]
    shared = replace(state, winners=(1, 2), phase="over")
    assert [bot._evaluate(shared, s) for s in range(4)] == [0.0, 500.0, 500.0, 0.0]
    assert 0.0 < bot._evaluate(state, 0) < 1000.0


def test_bots_hard_munchkin_reads_levels_as_a_share_of_the_way_to_the_winning_level() -> None:
    engine = ruleset("munchkin")
    epic = engine.new_game(tuple(SeatSetup(f"P{i}", "male") for i in range(4)), 3, ("core", "epic"), {"epic": True})
    assert epic.options.win_level == 20
    levels = (18, 10, 4, 2)
    epic = replace(epic, players=tuple(evolve(p, level=v) for p, v in zip(epic.players, levels, strict=True)))
    f = munchkin_features(epic, 0)
    assert (f["level"], f["r1"], f["r2"], f["r3"]) == (9, 5, 2, 1)  # level 18 of 20 is 9 of 10
