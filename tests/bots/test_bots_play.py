"""Bots of every level play legal, finished games; the factory and `doorkick simulate --bots` work."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from doorkick.client.main import main
from doorkick.shared.bots import LEVELS, level_for, make_bot
from doorkick.shared.bots.easy import EasyBot
from doorkick.shared.bots.hard import HardBot
from doorkick.shared.rules.base import Action, SeatSetup
from doorkick.shared.rules.registry import ruleset
from doorkick.shared.simulate import play_match, play_one, run_matches, summarise


@pytest.mark.parametrize("game", ["munchkin", "wonderland"])
@pytest.mark.parametrize("level", LEVELS)
def test_bots_make_bot_gives_a_bot_that_answers_with_a_legal_action(game: str, level: str) -> None:
    engine = ruleset(game)
    state = engine.new_game((SeatSetup("A"), SeatSetup("B", "female"), SeatSetup("C")), 3)
    seat = min(engine.seats_to_act(state))
    action = make_bot(game, level, 1).choose(engine, state, seat)
    assert action in list(engine.legal_actions(state, seat))


def test_bots_make_bot_refuses_unknown_games_and_levels() -> None:
    with pytest.raises(ValueError, match="level"):
        make_bot("munchkin", "grandmaster", 1)
    with pytest.raises(ValueError, match="no normal bots for game 'chess'"):
        make_bot("chess", "normal", 1)
    assert isinstance(make_bot("chess", "easy", 1), EasyBot)  # a random legal move suits any game
    assert level_for("chess", "hard") == "easy" and level_for("wonderland", "hard") == "hard"


def test_bots_easy_bot_keeps_its_signature() -> None:
    engine = ruleset("munchkin")
    state = engine.new_game((SeatSetup("A"), SeatSetup("B")), 2)
    assert EasyBot(5).choose(engine, state, 0) is not None


@pytest.mark.parametrize("game", ["munchkin", "wonderland"])
def test_bots_normal_games_finish_without_the_cap(game: str) -> None:
    results = run_matches(game, ["normal", "easy", "normal", "easy"], games=6, seed=20)
    summary = summarise(results, ["normal", "easy", "normal", "easy"])
    assert summary["capped"] == 0
    assert sum(summary["win_by_level"].values()) == pytest.approx(1.0)


@pytest.mark.parametrize("game", ["munchkin", "wonderland"])
def test_bots_normal_beats_easy_more_often_than_chance(game: str) -> None:
    summary = summarise(
        run_matches(game, ["normal", "easy", "easy", "easy"], games=16, seed=3), ["normal", "easy", "easy", "easy"]
    )
    assert summary["win_by_level"]["normal"] > 0.4


def test_bots_normal_games_are_timed_per_decision() -> None:
    # Decision times are measured in bench/bots_bench.py; a test only checks they are recorded (CI is busy).
    engine = ruleset("munchkin")
    bots = [make_bot("munchkin", "normal", i) for i in range(4)]
    result = play_match(engine, bots, 8, levels=["normal"] * 4, timed=True)
    assert result.decision_ms["normal"] and all(ms >= 0 for ms in result.decision_ms["normal"])


class CountingHardBot(HardBot):
    """A hard bot that remembers the most playout actions any one decision took: the counted bound on its time."""

    most_steps = 0

    def decide_on_sample(self, first: Any, state: Any, seat: int, actions: Sequence[Action]) -> Action | None:
        choice = super().decide_on_sample(first, state, seat, actions)
        self.most_steps = max(self.most_steps, self.steps)
        return choice


@pytest.mark.parametrize("game", ["munchkin", "wonderland"])
def test_bots_hard_plays_legal_moves_within_its_playout_budget(game: str) -> None:
    engine = ruleset(game)
    levels = ["hard", "normal", "normal", "normal"]
    hard = CountingHardBot(game, 7)
    bots = [hard, *(make_bot(game, level, 8 + i) for i, level in enumerate(levels[1:]))]
    result = play_match(engine, bots, 4, levels=levels, action_cap=250)
    assert result.actions > 0
    # The budget is checked after whole samples: one sample's playouts may run past it, never more.
    one_sample = (hard.options + 2) * hard.horizon
    assert 0 < hard.most_steps <= hard.budget + one_sample


def test_bots_play_one_still_plays_random_legal_games() -> None:
    result = play_one(ruleset("wonderland"), 3, 5)
    assert result.outcome is not None


def test_bots_simulate_prints_wins_by_seat_and_level(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "--game", "wonderland", "--bots", "normal,easy,easy", "--games", "3", "--seed", "2"])
    out = capsys.readouterr().out
    assert code == 0
    assert "wins by seat" in out and "wins by level" in out and "hit the action cap: 0" in out
    assert "normal: p50" in out
