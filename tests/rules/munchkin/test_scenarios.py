"""Golden scenarios: whole stretches of play written as data (scenarios/*.toml), replayed through the engine.

A scenario file says:
- `name`, `description`, `rules` (the rule IDs it proves), `players`, `seed`, `packs` ("rules" is the test pack
  packs/rules.toml; any other name is loaded as the engine loads packs), `options` (fields of `Options`);
- `arrange`: the table before the first action, in the words of the conftest `Table` helpers, one call per
  entry: `["wear", 0, "chainsaw"]`, `["wear", 0, "smoke", { equipped = false }]`, `["dice", 2, 6]`;
- `[[steps]]`, each with `action` (the wire form, as a client sends it) and either `events` (the exact kinds of
  the events it produces, in order) or `refused` (the `RuleError` code it must be refused with, changing
  nothing); optionally `fields` (tables `{ kind = ..., key = value }`: some event of that kind in this step
  carries those values, secret ones included) and `facts` (see below) checked after the step;
- `[facts]`: checked at the end.

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
from typing import TYPE_CHECKING, Any

import pytest

from doorkick.shared.rules.base import Event, RuleError
from doorkick.shared.rules.munchkin import RULESET, GameState
from doorkick.shared.rules.munchkin.options import Options
from doorkick.shared.rules.munchkin.state import all_cards

if TYPE_CHECKING:
    from conftest import Table

HERE = Path(__file__).parent
SCENARIOS = sorted((HERE / "scenarios").glob("*.toml"))
PACKS = {"rules": str(HERE / "packs" / "rules.toml")}
ARRANGERS = (
    "level", "hand", "wear", "race", "klass", "curse", "set",
    "door_on_top", "treasure_on_top", "to_discard", "dice",
)  # fmt: skip
SCENARIO_KEYS = {"name", "description", "rules", "players", "seed", "packs", "options", "arrange", "steps", "facts"}
STEP_KEYS = {"action", "events", "refused", "fields", "facts", "note"}


def load(path: Path) -> dict[str, Any]:
    spec = tomllib.loads(path.read_text(encoding="utf-8"))
    unknown = set(spec) - SCENARIO_KEYS
    assert not unknown, f"{path.name}: unknown key(s) {sorted(unknown)}"
    assert spec.get("name") and spec.get("rules") and spec.get("steps"), f"{path.name}: name, rules and steps"
    for n, step in enumerate(spec["steps"], 1):
        assert not set(step) - STEP_KEYS, f"{path.name} step {n}: unknown key(s) {sorted(set(step) - STEP_KEYS)}"
        assert ("events" in step) != ("refused" in step), f"{path.name} step {n}: either events or refused"
    return spec


def build(spec: dict[str, Any], make_table: type[Table]) -> Table:
    packs = [PACKS.get(p, p) for p in spec.get("packs", ["rules"])]
    options = Options.from_wire(spec.get("options", {}))
    table = make_table(players=spec["players"], seed=spec["seed"], options=options, packs=packs)
    for entry in spec.get("arrange", []):
        name, *args = entry
        assert name in ARRANGERS, f"arrange: {name!r} is not a Table helper ({', '.join(ARRANGERS)})"
        kwargs = args.pop() if args and isinstance(args[-1], dict) else {}
        getattr(table, name)(*args, **kwargs)
    return table


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
    seen = [plain({**e.data, **e.secret}) for e in events if e.kind == kind]
    assert any(all(k in s and s[k] == v for k, v in expected.items()) for s in seen), (
        f"{where}: no {kind} event with {expected}; saw {seen}"
    )


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario(path: Path, make_table: type[Table]) -> None:
    spec = load(path)
    table = build(spec, make_table)
    cards = Counter(all_cards(table.state))
    for n, step in enumerate(spec["steps"], 1):
        action = RULESET.action_from_wire(step["action"])
        where = f"{path.name} step {n} ({action})"
        assert RULESET.action_from_wire(action.to_wire()) == action, f"{where}: the wire form does not round-trip"
        if "refused" in step:
            before = table.state
            with pytest.raises(RuleError) as refused:
                table.act(action)
            assert refused.value.code == step["refused"], f"{where}: refused as {refused.value.code}: {refused.value}"
            assert table.state is before, f"{where}: a refused action changed the table"
        else:
            start = len(table.events)
            table.act(action)
            events = table.events[start:]
            assert [e.kind for e in events] == step["events"], f"{where}: events"
            for want in step.get("fields", []):
                check_fields(events, want, where)
        check_facts(table.state, step.get("facts", {}), where)
    check_facts(table.state, spec.get("facts", {}), f"{path.name} at the end")
    assert Counter(all_cards(table.state)) == cards, f"{path.name}: cards were created or lost"


def test_there_are_golden_scenarios_and_the_combat_example_is_one() -> None:
    names = {load(p)["name"] for p in SCENARIOS}
    assert "Combat Example" in names and len(names) >= 4
