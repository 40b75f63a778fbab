"""Golden scenarios: whole stretches of play written as data (scenarios/*.toml), replayed through the engine.

Each file is a scenario file (docs/scenarios.md: the game, packs, options, seats and what each holds, the top
cards of the decks, the dice to come), loaded by the public loader exactly as `doorkick play --scenario` loads
it, so every golden scenario can also be opened at a table. What the test replays lives in the file's `[test]`
table, which the loader leaves alone:
- `rules` (the rule IDs it proves);
- `[[test.steps]]`, each with `action` (the wire form, as a client sends it) and either `events` (the exact kinds
  of the events it produces, in order) or `refused` (the `RuleError` code it must be refused with, changing
  nothing); optionally `fields` (tables `{ kind = ..., key = value }`: some event of that kind in this step
  carries those values, secret ones included), `facts` (see below) checked after the step, and a `note`;
- `[test.facts]`: checked at the end.

A fact is `"path" = value`. The path walks the `GameState` by attribute, index and key ("players.0.level",
"players.1.item_cards", "door_discard"); a first part "view" or "view@SEAT" walks the spectator's or that seat's
`player_view` instead ("view.combat.fighters_strength"). A last part "len" takes the length. Tuples compare as
lists and None as the string "none".
"""

from __future__ import annotations

import dataclasses
import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from doorkick.shared.rules.base import Event, RuleError
from doorkick.shared.rules.munchkin import RULESET, GameState
from doorkick.shared.rules.munchkin.state import all_cards
from doorkick.shared.rules.scenario import load_scenario

HERE = Path(__file__).parent
SCENARIOS = sorted((HERE / "scenarios").glob("*.toml"))
TEST_KEYS = {"rules", "steps", "facts"}
STEP_KEYS = {"action", "events", "refused", "fields", "facts", "note"}


def load(path: Path) -> dict[str, Any]:
    """The file's `[test]` table, checked: its rules, steps and facts."""
    spec = tomllib.loads(path.read_text(encoding="utf-8"))
    test = spec.get("test", {})
    unknown = set(test) - TEST_KEYS
    assert not unknown, f"{path.name}: unknown key(s) {sorted(unknown)} in [test]"
    assert spec.get("name") and test.get("rules") and test.get("steps"), f"{path.name}: name, test.rules and steps"
    for n, step in enumerate(test["steps"], 1):
        assert not set(step) - STEP_KEYS, f"{path.name} step {n}: unknown key(s) {sorted(set(step) - STEP_KEYS)}"
        assert ("events" in step) != ("refused" in step), f"{path.name} step {n}: either events or refused"
    return {"name": spec["name"], **test}


def plain(value: Any) -> Any:
    if value is None:
        return "none"
    if isinstance(value, tuple | list):
        return [plain(v) for v in value]
    if isinstance(value, frozenset | set):
        return sorted(plain(v) for v in value)
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    return value


def fact(state: GameState, path: str) -> Any:
    parts = path.split(".")
    obj: Any = state
    if parts[0] == "view" or parts[0].startswith("view@"):
        seat = None if parts[0] == "view" else int(parts[0][5:])
        obj, parts = RULESET.player_view(state, seat), parts[1:]
    for part in parts:
        if part == "len":
            obj = len(obj)
        elif isinstance(obj, tuple | list):
            obj = obj[int(part)]
        elif isinstance(obj, dict):
            obj = obj[part]
        else:
            assert dataclasses.is_dataclass(obj) or hasattr(obj, part), f"{path}: cannot walk into {obj!r}"
            obj = getattr(obj, part)
    return plain(obj)


def check_facts(state: GameState, facts: dict[str, Any], where: str) -> None:
    for path, want in facts.items():
        assert fact(state, path) == want, f"{where}: {path} is {fact(state, path)!r}, expected {want!r}"


def check_fields(events: list[Event], want: dict[str, Any], where: str) -> None:
    kind = want["kind"]
    expected = {k: v for k, v in want.items() if k != "kind"}
    seen = [plain(e.for_seat(min(e.audience, default=None))) for e in events if e.kind == kind]
    assert any(all(k in s and s[k] == v for k, v in expected.items()) for s in seen), (
        f"{where}: no {kind} event with {expected}; saw {seen}"
    )


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario(path: Path) -> None:
    spec = load(path)
    state: GameState = load_scenario(path).state
    cards = Counter(all_cards(state))
    for n, step in enumerate(spec["steps"], 1):
        action = RULESET.action_from_wire(step["action"])
        where = f"{path.name} step {n} ({action})"
        assert RULESET.action_from_wire(action.to_wire()) == action, f"{where}: the wire form does not round-trip"
        if "refused" in step:
            with pytest.raises(RuleError) as refused:
                RULESET.apply(state, action)
            assert refused.value.code == step["refused"], f"{where}: refused as {refused.value.code}: {refused.value}"
        else:
            state, events = RULESET.apply(state, action)
            assert [e.kind for e in events] == step["events"], f"{where}: events"
            for want in step.get("fields", []):
                check_fields(events, want, where)
        check_facts(state, step.get("facts", {}), where)
    check_facts(state, spec.get("facts", {}), f"{path.name} at the end")
    assert Counter(all_cards(state)) == cards, f"{path.name}: cards were created or lost"


def test_there_are_golden_scenarios_and_the_combat_example_is_one() -> None:
    names = {load(p)["name"] for p in SCENARIOS}
    assert "Combat Example" in names and len(names) >= 4
