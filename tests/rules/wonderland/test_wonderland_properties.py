"""Properties over a few hundred random playouts: cards conserved, every game ends, replays are exact under
a disturbed global `random`, views never leak, illegal actions raise typed errors and change nothing."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from wonderland_support import ENGINE, all_monsters, all_treasures

from doorkick.shared.rules.base import (
    Action,
    Event,
    IllegalAction,
    MalformedAction,
    NotYourDecision,
    RuleError,
    SeatSetup,
    WrongTime,
)
from doorkick.shared.rules.rng import Rng
from doorkick.shared.rules.wonderland.actions import (
    AcceptHelp,
    AskForHelp,
    ChangeDie,
    Discard,
    EndFight,
    Move,
    PickTreasure,
    PlayFriend,
    PlayTreasure,
    Roll,
    TakeBack,
)
from doorkick.shared.rules.wonderland.rules import deciders
from doorkick.shared.rules.wonderland.state import WonderlandState

CAP = 5_000


Step = tuple[WonderlandState, Action, WonderlandState, list[Event]]


def playout(seed: int, players: int) -> Iterator[Step]:
    """A random-legal game: yields (before, action, after, events) for every step until the game ends."""
    seats = tuple(SeatSetup(f"P{i}") for i in range(players))
    state = ENGINE.new_game(seats, seed)
    chooser = Rng.from_seed(seed * 7919 + players)
    for _ in range(CAP):
        if ENGINE.outcome(state) is not None:
            return
        waiting = sorted(ENGINE.seats_to_act(state))
        assert waiting, f"seed {seed}: nobody can act in phase {state.phase}"
        pick, chooser = chooser.below(len(waiting))
        actions = list(ENGINE.legal_actions(state, waiting[pick]))
        assert actions
        index, chooser = chooser.below(len(actions))
        after, events = ENGINE.apply(state, actions[index])
        yield state, actions[index], after, events
        state = after
    raise AssertionError(f"seed {seed}: the game did not end in {CAP} actions")


def test_property_cards_are_conserved_and_every_game_ends() -> None:
    for seed in range(2000):
        players = 2 + seed % 5
        steps = 0
        last: WonderlandState | None = None
        for _, _, after, _ in playout(seed, players):
            steps += 1
            last = after
            treasures = all_treasures(after)
            assert len(treasures) == 70 and len(set(treasures)) == 70, seed
            monsters = all_monsters(after)
            assert len(monsters) == 30 and len(set(monsters)) == 30, seed
            assert all(len(f) <= 2 for f in after.friends)
        assert last is not None and ENGINE.outcome(last) is not None and steps > 0


def _log(seed: int, disturb: bool) -> list[Any]:
    out: list[Any] = []
    for _, action, _, events in playout(seed, 4):
        if disturb:
            random.seed(random.random())
            random.random()
        out.append(action.to_wire())
        out += [e.for_seat(None) for e in events]
    return out


def test_property_deterministic_under_disturbed_global_random() -> None:
    for seed in range(10):
        random.seed(1)
        first = _log(seed, disturb=False)
        random.seed(12345)
        assert _log(seed, disturb=True) == first


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _strings(k)
            yield from _strings(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _strings(v)


def test_property_views_show_other_hands_as_counts_only() -> None:
    for seed in range(30):
        players = 2 + seed % 5
        for _, _, after, events in playout(seed, players):
            if ENGINE.outcome(after) is not None:
                continue  # at the end hands are shown (W18)
            hidden_decks = set(after.treasure_deck) | set(after.monster_deck)
            for seat in (*range(players), None):
                view = ENGINE.player_view(after, seat)
                assert "rng" not in view
                # The board is static public data; scanning it every step would only slow the test down.
                seen = set(_strings({k: v for k, v in view.items() if k != "board"}))
                others = {c for s in range(players) if s != seat for c in after.hands[s]}
                assert not (seen & others), (seed, seat, seen & others)
                assert not (seen & hidden_decks), (seed, seat)
                assert all(isinstance(p["hand_count"], int) for p in view["players"])
                if seat is not None:
                    assert view["hand"] == list(after.hands[seat])
                for event in events:
                    if event.seen_by is None or seat in event.seen_by:
                        continue
                    secret = set(_strings([getattr(event, name) for name in event.SECRET]))
                    assert not (set(_strings(event.for_seat(seat))) & secret), (seed, event.kind)


def _illegal_attempts(state: WonderlandState, action: Action) -> Iterator[tuple[Action, type[RuleError]]]:
    """Actions that must fail at this moment, with the error class each must raise."""
    deciding = sorted(deciders(state))
    outsiders = [s for s in range(state.players) if s not in deciding]
    if outsiders:
        yield Roll(outsiders[0]), NotYourDecision
    yield Roll(state.players + 3), NotYourDecision
    seat = action.seat
    legal = set(ENGINE.legal_actions(state, seat))
    for attempt in (Roll(seat), EndFight(seat), AcceptHelp(seat), PickTreasure(seat, "jam_tart")):
        if attempt not in legal and type(attempt) is not type(action):
            yield attempt, WrongTime
    if isinstance(action, Move):
        yield Move(seat, (*action.path, action.path[-1])), IllegalAction
    if isinstance(action, PlayFriend | PlayTreasure):
        yield type(action)(seat, "no_such_card"), IllegalAction
    if isinstance(action, ChangeDie):
        yield ChangeDie(seat, action.card, action.die, 7), IllegalAction
        yield ChangeDie(seat, action.card, 99, 3), IllegalAction
    if isinstance(action, TakeBack):
        yield TakeBack(seat, action.card, "no_such_card"), IllegalAction
    if isinstance(action, AskForHelp):
        yield AskForHelp(seat, seat), IllegalAction
    if isinstance(action, Discard):
        yield Discard(seat, "no_such_card"), IllegalAction


def test_property_illegal_actions_raise_typed_errors_and_change_nothing() -> None:
    tried: set[str] = set()
    for seed in range(40):
        for before, action, _, _ in playout(seed, 3 + seed % 3):
            snapshot = (before.rng, before.hands, before.positions, before.phase, before.fight)
            for attempt, error in _illegal_attempts(before, action):
                if error is WrongTime and attempt.seat not in deciders(before):
                    error = NotYourDecision
                with pytest.raises(error):
                    ENGINE.apply(before, attempt)
                tried.add(error.__name__)
            assert (before.rng, before.hands, before.positions, before.phase, before.fight) == snapshot
    assert tried == {"NotYourDecision", "WrongTime", "IllegalAction"}


@pytest.mark.parametrize(
    ("wire", "message"),
    [
        ("roll", "an action is a map"),
        ({"type": "fly", "seat": 0}, "unknown action type"),
        ({"type": "move", "seat": 0}, "missing field 'path'"),
        ({"type": "move", "seat": 0, "path": "path1a"}, "expected a list"),
        ({"type": "roll", "seat": "0"}, "expected int"),
        ({"type": "roll", "seat": 0, "die": 6}, "unknown field"),
    ],
)
def test_property_malformed_wire_actions_are_refused(wire: Any, message: str) -> None:
    with pytest.raises(MalformedAction, match=message):
        ENGINE.action_from_wire(wire)


def test_property_every_action_round_trips_through_its_wire_form() -> None:
    for _, action, _, _ in playout(5, 4):
        assert ENGINE.action_from_wire(action.to_wire()) == action
