"""The hard Wonderland bot's parts: the fitted chance of winning, the remembered normal policy, the next move."""

from __future__ import annotations

from dataclasses import replace

from doorkick.shared.bots.easy import EasyBot
from doorkick.shared.bots.hard import CachedWonderlandNormal, HardBot, next_move_value, win_chance
from doorkick.shared.bots.sampling import sample_state
from doorkick.shared.bots.wonderland_normal import WonderlandNormal
from doorkick.shared.rules.base import SeatSetup
from doorkick.shared.rules.registry import ruleset
from doorkick.shared.rules.rng import Rng
from doorkick.shared.rules.wonderland.state import OVER, WonderlandState


def test_bots_hard_win_chance_grows_with_the_lead_and_counts_it_more_at_the_end() -> None:
    early = [win_chance(lead, 2, 2, 3, deck=50) for lead in (-4, 0, 4)]
    late = [win_chance(lead, 2, 2, 3, deck=4) for lead in (-4, 0, 4)]
    assert early[0] < early[1] < early[2]
    assert late[0] < late[1] < late[2]
    assert late[2] - late[0] > early[2] - early[0]
    # A Friend's bonus counts more while many fights are still to come.
    assert win_chance(0, 5, 2, 3, deck=50) - win_chance(0, 2, 2, 3, deck=50) > (
        win_chance(0, 5, 2, 3, deck=4) - win_chance(0, 2, 2, 3, deck=4)
    )
    assert 0.0 < win_chance(-100, 0, 10, 0, deck=0) < win_chance(100, 10, 0, 9, deck=58) < 1.0


def decision_states(seed: int, limit: int) -> list[tuple[WonderlandState, int]]:
    engine = ruleset("wonderland")
    state = engine.new_game(tuple(SeatSetup(f"P{i}") for i in range(4)), seed)
    bots = [EasyBot(seed * 10 + i) for i in range(4)]
    out: list[tuple[WonderlandState, int]] = []
    while engine.outcome(state) is None and len(out) < limit:
        seat = min(engine.seats_to_act(state))
        if len(list(engine.legal_actions(state, seat))) > 1:
            out.append((state, seat))
        action = bots[seat].choose(engine, state, seat)
        assert action is not None
        state, _ = engine.apply(state, action)
    return out


def test_bots_hard_remembered_normal_policy_chooses_like_the_normal_bot() -> None:
    engine = ruleset("wonderland")
    cached = CachedWonderlandNormal(1)
    rng = Rng.from_seed(5)
    points = decision_states(8, 60)
    assert len(points) >= 40
    for state, seat in points + points:  # the second round answers from what was remembered
        sample, rng = sample_state(state, seat, rng)
        actions = list(engine.legal_actions(sample, seat))
        assert cached.ranked(sample, seat, actions) == WonderlandNormal(1).ranked(sample, seat, actions)
        for other in range(sample.players):
            assert cached.next_move(sample, other) == next_move_value(WonderlandNormal(1), sample, other)
    assert cached.fights and cached.moves


def test_bots_hard_next_move_is_worth_more_by_the_entrance_than_by_the_bandersnatch() -> None:
    engine = ruleset("wonderland")
    state = engine.new_game(tuple(SeatSetup(f"P{i}") for i in range(4)), 2)
    policy = WonderlandNormal(1)
    # Next to the Entrance (every Room and many Treasures one roll away) against the space before Room 4.
    near = replace(state, positions=("spoke1y", *state.positions[1:]))
    behind = replace(state, positions=("path5d", *state.positions[1:]))
    assert next_move_value(policy, near, 0) > next_move_value(policy, behind, 0) > 0


def test_bots_hard_scores_a_finished_wonderland_game_by_its_share_of_the_win() -> None:
    engine = ruleset("wonderland")
    state = engine.new_game(tuple(SeatSetup(f"P{i}") for i in range(4)), 2)
    over = replace(state, phase=OVER)
    bot = HardBot("wonderland", 1)
    result = engine.outcome(over)
    assert result is not None
    for seat in range(4):
        expected = 1000.0 * (2.0 / len(result.winners) - 1.0) if seat in result.winners else -1000.0
        assert bot._evaluate(over, seat) == expected
    running = bot._evaluate(state, 0)
    assert -1000.0 < running < 1000.0
