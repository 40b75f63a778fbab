"""Bad input gets a precise, typed error and changes nothing: refused actions, malformed wire forms, bad options;
and every action's wire form and `repr` paste back to an equal action."""

from __future__ import annotations

import dataclasses
import typing
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgpack
import pytest

from doorkick.shared.bots.easy import EasyBot
from doorkick.shared.rules import base
from doorkick.shared.rules.base import (
    Action,
    IllegalAction,
    MalformedAction,
    NotYourDecision,
    RuleError,
    SeatSetup,
    Wire,
    WrongTime,
)
from doorkick.shared.rules.munchkin import RULESET, GameState, Options, actions
from doorkick.shared.rules.munchkin.actions import (
    ClaimVictory,
    Curse,
    EndTurn,
    GoUpALevel,
    KickOpenTheDoor,
    LootTheRoom,
    MunchkinAction,
    Pass,
    PlayCard,
    Sell,
)
from doorkick.shared.rules.rng import Rng

if TYPE_CHECKING:
    from conftest import Table

RULES_PACK = str(Path(__file__).parent / "packs" / "rules.toml")
SEATS = (SeatSetup("Ann"), SeatSetup("Bo", "female"), SeatSetup("Cy"))
ACTION_TYPES = {kind: cls for kind, cls in MunchkinAction.registry.items() if issubclass(cls, MunchkinAction)}


def legal_everywhere(state: GameState) -> list[list[Action]]:
    return [list(RULESET.legal_actions(state, seat)) for seat in range(len(state.players))]


def assert_refused(table: Table, action: Action, error: type[RuleError], why: str) -> None:
    """Refused with `error` naming `why`; the table and everything legal on it are as before."""
    before = table.state
    legal_before = legal_everywhere(before)
    with pytest.raises(error, match=why):
        table.act(action)
    assert table.state == before
    assert legal_everywhere(table.state) == legal_before


# --- refused actions -----------------------------------------------------------------------------------------


def test_refused_actions_name_why_and_change_nothing(table: Table) -> None:
    table.hand(0, "rat#2", "gold-brick#1").hand(1, "curse-level#1").level(2, 9).hand(2, "level-up#1")
    assert_refused(table, PlayCard(0, "sword#1"), IllegalAction, "sword#1 is not in your hand")
    assert_refused(table, PlayCard(0, "rat#2"), IllegalAction, "Rat is a monster, not a")
    assert_refused(table, KickOpenTheDoor(1), NotYourDecision, "it is not your turn")
    assert_refused(table, LootTheRoom(0), WrongTime, "'start' phase")
    assert_refused(table, EndTurn(0), WrongTime, "'start' phase")
    assert_refused(table, ClaimVictory(0), WrongTime, "there is no combat")
    assert_refused(table, Pass(0), WrongTime, "there is no combat")
    assert_refused(table, Curse(1, "curse-level#1", 7), IllegalAction, "there is no seat 7")
    assert_refused(table, KickOpenTheDoor(5), NotYourDecision, "there is no seat 5")
    assert_refused(table, Sell(0, ("gold-brick#1", "gold-brick#1")), IllegalAction, "name each item to sell once")
    assert_refused(table, Sell(0, ()), IllegalAction, "name each item to sell once")
    assert_refused(table, GoUpALevel(2, "level-up#1", 2), IllegalAction, "never gives the winning level")


def test_later_legal_actions_are_unaffected_by_a_refusal(table: Table) -> None:
    """Applying the same legal actions after a refused one gives exactly the same game."""
    table.level(0, 5).door_on_top("rat#1").hand(1, "curse-level#1")
    script = [KickOpenTheDoor(0), ClaimVictory(0), Pass(1), Pass(2)]
    clean = table.state
    for action in script:
        clean, _ = RULESET.apply(clean, action)
    for action in script:
        for bad in (ClaimVictory(1), Curse(1, "curse-level#1", 9), PlayCard(2, "troll"), EndTurn(0)):
            with pytest.raises(RuleError):
                table.act(bad)
        table.act(action)
    assert table.state == clean


def test_a_refused_action_in_combat_keeps_the_combat(table: Table) -> None:
    table.door_on_top("troll").act(KickOpenTheDoor(0))
    assert_refused(table, ClaimVictory(0), IllegalAction, "you are not winning")
    assert_refused(table, ClaimVictory(1), NotYourDecision, "only the fighter")
    assert_refused(table, Pass(1), WrongTime, "the combat is at its 'fight' step")


def test_a_decision_blocks_everything_else_until_taken(table: Table) -> None:
    table.wear(1, "sword#1", "helmet#1").hand(0, "curse-any")
    table.act(Curse(0, "curse-any", 1))
    assert_refused(table, KickOpenTheDoor(0), WrongTime, "waits for seat 1 to decide")


def test_the_game_over_refuses_everything(table: Table) -> None:
    table.level(0, 9).door_on_top("rat#1").act(KickOpenTheDoor(0), ClaimVictory(0)).pass_all()
    outcome = RULESET.outcome(table.state)
    assert outcome is not None and outcome.winners == (0,)
    assert legal_everywhere(table.state) == [[], [], []]
    assert_refused(table, LootTheRoom(0), WrongTime, "the game is over")


def test_an_action_of_another_game_is_malformed(table: Table) -> None:
    class Foreign(base.Action):
        registry: typing.ClassVar[dict[str, type[base.Action]]] = {}
        kind = "foreign"

    with pytest.raises(MalformedAction, match="not a Munchkin action"):
        table.act(Foreign(0))


# --- fuzzing: random actions on states from real games ---------------------------------------------------


def _values(hint: object, pool: list[str], rng: Rng) -> tuple[object, Rng]:
    if hint is int:
        pick, rng = rng.below(7)
        return pick - 2, rng
    if hint is bool:
        pick, rng = rng.below(2)
        return bool(pick), rng
    if hint is str:
        pick, rng = rng.below(len(pool))
        return pool[pick], rng
    if typing.get_origin(hint) is tuple:
        n, rng = rng.below(4)
        out = []
        for _ in range(n):
            value, rng = _values(str, pool, rng)
            out.append(value)
        return tuple(out), rng
    raise AssertionError(hint)


def random_action(state: GameState, rng: Rng) -> tuple[MunchkinAction, Rng]:
    kinds = sorted(ACTION_TYPES)
    pick, rng = rng.below(len(kinds))
    cls = ACTION_TYPES[kinds[pick]]
    hints = typing.get_type_hints(cls)
    # Mostly cards near the action (hands, tables, the combat), sometimes any card or nonsense.
    near = [c for p in state.players for c in (*p.hand, *p.item_cards, *p.races, *p.classes)]
    pool = near + list(state.catalog.defs)[:40] + ["", "no-such-card", "fighters", "monsters"]
    values: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        if f.name == "seat":
            seat, rng = rng.below(len(state.players) + 1)
            values["seat"] = seat
        else:
            values[f.name], rng = _values(hints[f.name], pool, rng)
    return cls(**values), rng


@pytest.mark.parametrize("seed", range(4))
def test_random_actions_are_applied_or_refused_cleanly(seed: int) -> None:
    """Whatever a client sends, the engine answers with a new state or a RuleError, never a crash; a refusal
    leaves the state as it was."""
    state = RULESET.new_game(SEATS, seed, (RULES_PACK,))
    bots = [EasyBot(seed * 7 + s) for s in range(3)]
    fuzz = Rng.from_seed(seed + 100)
    refusals = 0
    for _ in range(250):
        if RULESET.outcome(state) is not None:
            break
        for _ in range(12):
            action, fuzz = random_action(state, fuzz)
            try:
                RULESET.apply(state, action)
            except RuleError as exc:
                refusals += 1
                assert str(exc), f"{action!r} refused without a reason"
                assert type(exc) in (IllegalAction, WrongTime, NotYourDecision), (action, exc)
        waiting = sorted(RULESET.seats_to_act(state))
        seat = waiting[0] if waiting else state.active
        chosen = bots[seat].choose(RULESET, state, seat)
        if chosen is None:
            break
        state, _ = RULESET.apply(state, chosen)
    assert refusals > 100


# --- malformed wire forms -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "wire, message",
    [
        ([1, 2], "an action is a map"),
        ({"seat": 0}, "unknown action type None"),
        ({"type": "fly_away", "seat": 0}, "unknown action type 'fly_away'"),
        ({"type": 3, "seat": 0}, "unknown action type 3"),
        ({"type": "play_card", "seat": 0}, "play_card: missing field 'card'"),
        ({"type": "pass"}, "pass: missing field 'seat'"),
        ({"type": "play_card", "seat": 0, "card": 5}, "play_card.card: expected str, got 5"),
        ({"type": "play_card", "seat": "0", "card": "rat#1"}, "play_card.seat: expected int, got '0'"),
        ({"type": "pass", "seat": 0, "why": "bored"}, "pass: unknown field(s) why"),
        ({"type": "pass", "seat": 0, "a": 1, "b": 2}, "pass: unknown field(s) a, b"),
        ({"type": "pass", "seat": True}, "pass.seat: expected int, got True"),
        (
            {"type": "curse", "seat": 0, "card": "curse-level#1", "target": False},
            "curse.target: expected int, got False",
        ),
        ({"type": "ask_for_help", "seat": 0, "helper_first": 1}, "ask_for_help.helper_first: expected bool, got 1"),
        ({"type": "sell", "seat": 0, "cards": "gold-brick#1"}, "sell.cards: expected a list, got 'gold-brick#1'"),
        ({"type": "sell", "seat": 0, "cards": ["gold-brick#1", 2]}, "sell.cards: expected str, got 2"),
        (
            {"type": "use_one_shot", "seat": 0, "card": "missile#1", "monster": 1.5},
            "use_one_shot.monster: expected int",
        ),
        ({"type": "pass", "seat": None}, "pass.seat: expected int, got None"),
    ],
)
def test_malformed_wire_actions_are_refused_precisely(wire: Wire, message: str) -> None:
    with pytest.raises(MalformedAction) as caught:
        RULESET.action_from_wire(wire)
    assert str(caught.value).startswith(message)
    assert caught.value.code == "malformed"


def test_defaults_may_be_left_out_of_the_wire() -> None:
    assert RULESET.action_from_wire({"type": "kick_open_the_door", "seat": 2}) == KickOpenTheDoor(2)
    assert RULESET.action_from_wire({"type": "sell", "seat": 0, "cards": ["a", "b"]}) == Sell(0, ("a", "b"))


# --- options --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "wire, message",
    [
        ({"turbo": True}, "unknown option(s): turbo"),
        ({"shared_victory": 1}, "option shared_victory: 1 is not a valid bool"),
        ({"win_level": True}, "option win_level: True is not a valid int"),
        ({"win_level": 15}, "option win_level must be 10 (or 20 with Epic rules)"),
        ({"reaction_seconds": 0}, "option reaction_seconds: 0 is not a valid number of seconds"),
        ({"reaction_time": "slow"}, "option reaction_time: 'slow' is not one of short, normal, none"),
        ("fast", "options must be a map"),
    ],
)
def test_unknown_or_bad_options_raise(wire: Wire, message: str) -> None:
    with pytest.raises(MalformedAction) as caught:
        RULESET.new_game(SEATS, 1, (RULES_PACK,), wire)
    assert str(caught.value) == message


def test_options_round_trip_through_the_wire() -> None:
    options = Options(listening_at_the_door=True, shared_victory=True, sell_from_table_only=True, win_level=20)
    assert Options.from_wire(msgpack.unpackb(msgpack.packb(options.to_wire()))) == options
    state = RULESET.new_game(SEATS, 1, (RULES_PACK,), options.to_wire())
    assert state.options == options


# --- every action: wire form and repr ------------------------------------------------------------------------


def _example(cls: type[MunchkinAction]) -> MunchkinAction:
    """An instance with every field away from its default, so that nothing round-trips by accident."""
    hints = typing.get_type_hints(cls)
    samples: dict[object, Any] = {int: 2, str: "rat#1", bool: True, tuple[str, ...]: ("sword#1", "helmet#1")}
    return cls(**{f.name: samples[hints[f.name]] for f in dataclasses.fields(cls)})


def _namespace() -> dict[str, object]:
    return {name: getattr(actions, name) for name in dir(actions)}


def test_every_action_class_is_registered_once() -> None:
    classes = [
        c
        for c in vars(actions).values()
        if isinstance(c, type) and issubclass(c, MunchkinAction) and c is not MunchkinAction
    ]
    assert sorted(c.kind for c in classes) == sorted(ACTION_TYPES)
    assert all(ACTION_TYPES[c.kind] is c for c in classes)
    assert len(ACTION_TYPES) >= 40


@pytest.mark.parametrize("kind", sorted(ACTION_TYPES))
def test_every_action_round_trips_through_wire_and_repr(kind: str) -> None:
    action = _example(ACTION_TYPES[kind])
    wire = action.to_wire()
    assert wire["type"] == kind
    assert RULESET.action_from_wire(wire) == action
    assert RULESET.action_from_wire(msgpack.unpackb(msgpack.packb(wire))) == action
    assert eval(repr(action), _namespace()) == action
    if all(f.default is not dataclasses.MISSING for f in dataclasses.fields(action) if f.name != "seat"):
        plain = ACTION_TYPES[kind](seat=1)  # only defaults: they travel too
        assert RULESET.action_from_wire(plain.to_wire()) == plain


def test_legal_actions_of_a_real_game_round_trip(table: Table) -> None:
    table.level(0, 3).wear(0, "sword#1").hand(0, "missile#1", "enraged#1", "wandering", "rat#2", "level-up#1")
    table.door_on_top("ghoul#1").act(KickOpenTheDoor(0))
    seen = 0
    for seat in range(3):
        for action in table.legal(seat):
            seen += 1
            assert RULESET.action_from_wire(msgpack.unpackb(msgpack.packb(action.to_wire()))) == action
            assert eval(repr(action), _namespace()) == action
    assert seen > 10
