"""The engine's shortcuts give the answers of the slow path they stand in for, over states of random games:
listing legal actions per situation (`When`), a rule's own listing (`Rule.listed`), the catalogue's memo
(abilities, traits, hands by kind), the record copier `evolve`."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator

import pytest

from doorkick.shared.bots.easy import EasyBot
from doorkick.shared.rules.base import RuleError, SeatSetup
from doorkick.shared.rules.munchkin import RULESET, GameState
from doorkick.shared.rules.munchkin.actions import MunchkinAction
from doorkick.shared.rules.munchkin.character import _abilities, _traits, abilities, traits
from doorkick.shared.rules.munchkin.engine import DECISION_KINDS, RULES, allowed_kinds, legal_actions
from doorkick.shared.rules.munchkin.options import Options
from doorkick.shared.rules.munchkin.state import Player, evolve, hand_by_kind
from doorkick.shared.rules.rng import Rng

# (packs, options, players, seed): the plain game, Epic (feats, level 20) and Fairy Dust, small and large tables.
GAMES = [
    (("core",), None, 4, 11),
    (("core",), None, 6, 12),
    (("core", "epic"), Options(epic=True), 4, 13),
    (("core", "fairy-dust"), Options(fairy_dust_on_top=True), 3, 15),
]
EVERY = 7  # one state in so many is compared: a few hundred states in all


def sampled_states(packs: tuple[str, ...], options: Options | None, players: int, seed: int) -> Iterator[GameState]:
    seats = tuple(SeatSetup(f"P{i}", "female" if i % 2 else "male") for i in range(players))
    state = RULESET.new_game(seats, seed, packs, options)
    bots = [EasyBot(seed * 17 + i) for i in range(players)]
    chooser = Rng.from_seed(seed)
    for n in range(1500):
        if RULESET.outcome(state) is not None:
            return
        if n % EVERY == 0:
            yield state
        waiting = sorted(RULESET.seats_to_act(state))
        pick, chooser = chooser.below(len(waiting))
        action = bots[waiting[pick]].choose(RULESET, state, waiting[pick])
        assert action is not None
        state, _ = RULESET.apply(state, action)


def every_rule_asked(state: GameState, seat: int) -> list[MunchkinAction]:
    """The slow path: every rule the gate lets through, no `When` filter, each candidate checked."""
    kinds = allowed_kinds(state)
    legal = []
    for kind, rule in RULES.items():
        if kind in DECISION_KINDS if kinds is None else kind not in kinds:
            continue
        for action in rule.candidates(state, seat):
            try:
                rule.check(state, action)
            except RuleError:
                continue
            legal.append(action)
    return legal


@pytest.mark.parametrize(("packs", "options", "players", "seed"), GAMES)
def test_legal_actions_per_situation_are_every_rules_checked_candidates(
    packs: tuple[str, ...], options: Options | None, players: int, seed: int
) -> None:
    compared = 0
    for state in sampled_states(packs, options, players, seed):
        for seat in range(players):
            assert list(legal_actions(state, seat)) == every_rule_asked(state, seat), (state.phase, seat)
            compared += 1
    assert compared > 100


@pytest.mark.parametrize(("packs", "options", "players", "seed"), GAMES)
def test_each_rules_own_listing_is_its_candidates_that_pass_its_check(
    packs: tuple[str, ...], options: Options | None, players: int, seed: int
) -> None:
    """A rule's `listed` skips checking each candidate; in every state, situation or not, it lists the same."""
    listers = {kind: rule for kind, rule in RULES.items() if rule.listed is not None}
    assert len(listers) >= 10
    compared = 0
    for state in sampled_states(packs, options, players, seed):
        for seat in range(players):
            for kind, rule in listers.items():
                assert rule.listed is not None
                checked = []
                for action in rule.candidates(state, seat):
                    try:
                        rule.check(state, action)
                    except RuleError:
                        continue
                    checked.append(action)
                assert list(rule.listed(state, seat)) == checked, (kind.kind, state.phase, seat)
                compared += bool(checked)
    assert compared > 100


@pytest.mark.parametrize(("packs", "options", "players", "seed"), GAMES)
def test_memo_gives_what_is_worked_out_afresh(
    packs: tuple[str, ...], options: Options | None, players: int, seed: int
) -> None:
    for state in sampled_states(packs, options, players, seed):
        for p in state.players:
            assert abilities(state, p) == _abilities(state, p)
            assert traits(state, p) == _traits(state, p)
            grouped = hand_by_kind(state, p.hand)
            assert [c for cards in grouped.values() for c in cards] == sorted(p.hand, key=_kind_order(state, p))
            for kind, cards in grouped.items():
                assert cards == tuple(c for c in p.hand if state.card(c).kind == kind)


def _kind_order(state: GameState, p: Player) -> Callable[[str], int]:
    first_seen = list(dict.fromkeys(state.card(c).kind for c in p.hand))
    return lambda c: first_seen.index(state.card(c).kind)


def test_evolve_copies_like_dataclasses_replace_and_refuses_unknown_fields() -> None:
    p = Player("Ann", "female", level=3, hand=("a", "b"))
    assert evolve(p, level=4, dead=True) == dataclasses.replace(p, level=4, dead=True)
    assert evolve(p) == p and evolve(p) is not p
    with pytest.raises(TypeError, match="no field"):
        evolve(p, levle=4)
