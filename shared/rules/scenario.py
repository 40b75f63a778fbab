"""Scenario files: a table arranged by hand, checked like a card pack and built into a game's starting state.

A scenario names the game, its packs, options and seats; for each seat what it holds and has in play; the top
cards of each deck; and the dice to come (docs/scenarios.md). Each game reads its own seats and decks
(`munchkin/scenario.py`, `wonderland/scenario.py`); this module reads the file, finds the line a fault is on,
and hands out each card once. Loading a scenario reads files (the scenario, its packs); the state it builds is
an ordinary game state, played by the same pure engine.
"""

from __future__ import annotations

import importlib
import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .base import SeatSetup
from .cards import Fields, PackError

# Game -> the module whose `build(doc)` makes that game's state from a scenario.
BUILDERS = {
    "munchkin": "doorkick.shared.rules.munchkin.scenario",
    "wonderland": "doorkick.shared.rules.wonderland.scenario",
}
# A table the loader leaves to other tools: the project's golden tests keep their steps and checks there.
FREE_TABLE = "test"
MAX_DICE = 200


class ScenarioError(PackError):
    """A scenario that cannot be built; the message names the file, the line and the fault."""


@dataclass(frozen=True)
class Scenario:
    game: str
    name: str
    description: str
    seats: tuple[SeatSetup, ...]
    packs: tuple[str, ...]  # as the engine was given them: built-in names, or paths made absolute
    options: Any  # the `options` table as written (for showing it; the state holds the options in force)
    state: Any  # the game's state, ready for its first action
    text: str  # the file's text: a hosted table keeps it, to build the same game again after a restart
    source: str

    def kept(self) -> dict[str, str]:
        """What a table keeps of its scenario (in its saved record) to build the same game again: `rebuild`."""
        return {"text": self.text, "source": self.source, "name": self.name}


_HEADER = re.compile(r"^\s*(\[\[?)\s*([A-Za-z0-9_.\-]+)\s*\]\]?\s*(#.*)?$")


class Lines:
    """Where a key stands in a TOML text. `tomllib` gives values without lines, so the text is scanned: table
    headers by name (and, for `[[arrays]]`, by count), then the key's line, then the line naming a value."""

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()
        # (table name, index in its array or -1, its header line or -1 for the keys before any table)
        self.sections: list[tuple[str, int, int]] = [("", -1, -1)]
        counts: dict[str, int] = {}
        for n, line in enumerate(self.lines):
            match = _HEADER.match(line)
            if match:
                name = match.group(2)
                index = counts.get(name, 0)
                counts[name] = index + 1
                self.sections.append((name, index if match.group(1) == "[[" else -1, n))

    def find(self, table: str, index: int, key: str | None, value: str | None) -> int | None:
        """The 1-based line of `key` (and of `value` after it) in table `table` (`index`: which of an array)."""
        for i, (name, at, start) in enumerate(self.sections):
            if name == table and at == index:
                end = self.sections[i + 1][2] if i + 1 < len(self.sections) else len(self.lines)
                return self._within(start, end, key, value) or (start + 1 if start >= 0 else None)
        return None

    def _within(self, start: int, end: int, key: str | None, value: str | None) -> int | None:
        first = max(start, 0)
        if key is not None:
            pattern = re.compile(rf"^\s*[\"']?{re.escape(key)}[\"']?\s*=")
            found = next((n for n in range(first, end) if pattern.match(self.lines[n])), None)
            if found is None:
                return None
            first = found
        if value is not None:
            quoted = (f'"{value}"', f"'{value}'")
            for n in range(first, end):
                line = self.lines[n]
                if n > first and _HEADER.match(line):
                    break
                if any(q in line for q in quoted) or (n == first and re.search(rf"\b{re.escape(value)}\b", line)):
                    return n + 1
        return first + 1


class Entries(Fields):
    """The typed reads of `cards.Fields` over one table of a scenario; every fault names its file and line."""

    def __init__(self, doc: Document, raw: Any, table: str = "", index: int = -1) -> None:
        self.doc, self.table, self.index = doc, table, index
        self.label = table if index < 0 else f"{table}[{index}]"
        self._key: str | None = None
        if not isinstance(raw, Mapping):
            raise doc.fault(table, index, None, None, f"{self.label or 'the file'} must be a table")
        super().__init__(raw, self.label)

    def _get(self, key: str, default: Any) -> Any:
        self._key = key
        return super()._get(key, default)

    def value(self, key: str, default: Any = None) -> Any:
        """The raw value of `key` (a table, a list the caller checks itself), marked as read."""
        return self._get(key, default)

    def error(self, message: str) -> PackError:
        return self.fault(self._key, message)

    def fault(self, key: str | None, message: str, value: str | None = None) -> ScenarioError:
        return self.doc.fault(self.table, self.index, key, value, message)

    def finish(self) -> None:
        unknown = sorted(set(self.raw) - self._read - ({FREE_TABLE} if not self.table else set()))
        if unknown:
            raise self.fault(unknown[0], f"unknown key(s) {', '.join(map(repr, unknown))}")


class Document:
    """A scenario's parsed text: its top-level entries, its seats and decks, and where each line is."""

    def __init__(self, text: str, source: str, folder: Path) -> None:
        self.text, self.source, self.folder = text, source, folder
        self.lines = Lines(text)
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise ScenarioError(f"{source}: not valid TOML: {exc}") from exc
        self.top = Entries(self, data)
        self.top._read.update(("seats", "decks"))  # read here, as tables of their own
        self.seats = [Entries(self, raw, "seats", i) for i, raw in enumerate(self._list(data, "seats"))]
        self.decks = Entries(self, data.get("decks", {}), "decks")

    def _list(self, data: Mapping[str, Any], key: str) -> list[Any]:
        value = data.get(key, [])
        if not isinstance(value, list):
            raise self.fault("", -1, key, None, f"{key} must be an array of tables ([[{key}]])")
        return value

    def fault(self, table: str, index: int, key: str | None, value: str | None, message: str) -> ScenarioError:
        line = self.lines.find(table, index, key, value)
        if line is None and table:  # an inline table (`decks = { ... }`) stands on its key's line
            line = self.lines.find("", -1, table, value)
        if line is None and not table and key:  # a [table] where a value or an [[array]] belongs
            line = self.lines.find(key, -1, None, None)
        where = ".".join(p for p in ((table if index < 0 else f"{table}[{index}]"), key or "") if p)
        place = f"{self.source}, line {line}" if line is not None else self.source
        return ScenarioError(f"{place}{f' ({where})' if where else ''}: {message}")

    def path(self, name: str) -> str:
        """A pack, board or other file a scenario names: a built-in name stays, a path is read beside the file."""
        if name.endswith(".toml") or "/" in name or "\\" in name:
            return str((self.folder / name).resolve())
        return name

    def dice(self) -> tuple[int, ...]:
        dice = self.top.value("dice", [])
        if not isinstance(dice, list) or not all(isinstance(d, int) and not isinstance(d, bool) for d in dice):
            raise self.top.fault("dice", f"dice must be a list of die faces, got {dice!r}")
        bad = next((d for d in dice if not 1 <= d <= 6), None)
        if bad is not None:
            raise self.top.fault("dice", f"a die shows 1 to 6, not {bad}")
        if len(dice) > MAX_DICE:
            raise self.top.fault("dice", f"at most {MAX_DICE} dice to come, got {len(dice)}")
        return tuple(dice)


class Cards:
    """Hands out each physical card once. A card id names its next copy not yet placed (`sword` is `sword#1`,
    then `sword#2`); an instance id (`sword#2`) names that copy."""

    def __init__(self, instances: Iterable[str], describe: str) -> None:
        self.order = list(instances)
        self.free = dict.fromkeys(self.order)
        self.placed: dict[str, str] = {}  # instance -> where it was placed
        self.copies: dict[str, list[str]] = {}
        for instance in self.order:
            self.copies.setdefault(instance.partition("#")[0], []).append(instance)
        self.describe = describe  # the packs, for the refusal of an unknown card

    def take(self, name: Any, entries: Entries, key: str, where: str) -> str:
        if not isinstance(name, str):
            raise entries.fault(key, f"a card is named by its id, got {name!r}")
        if name in self.free:
            instance = name
        elif name in self.copies or name in self.placed:
            copies = self.copies.get(name, [name])
            instance = next((c for c in copies if c in self.free), "")
            if not instance and len(copies) == 1:
                raise entries.fault(key, f"card {name!r} is used twice (first in {self.placed[copies[0]]})", name)
            if not instance:
                raise entries.fault(key, f"all {len(copies)} copies of {name!r} are placed already", name)
        else:
            raise entries.fault(key, f"unknown card {name!r} (not in {self.describe})", name)
        del self.free[instance]
        self.placed[instance] = where
        return instance

    def take_all(self, entries: Entries, key: str, where: str) -> tuple[str, ...]:
        return tuple(self.take(name, entries, key, where) for name in entries.texts(key))

    def rest(self, order: Iterable[str]) -> tuple[str, ...]:
        """The cards of `order` not placed, in that order."""
        return tuple(c for c in order if c in self.free)


def rebuild(kept: Mapping[str, str], names: tuple[str, ...] | None = None) -> Scenario:
    """The scenario a table kept (`Scenario.kept`), built again: packs by path are found beside the file it was."""
    source = kept["source"]
    return parse_scenario(kept["text"], source, Path(source).parent, names)


def seat_name(e: Entries, seat: int, names: tuple[str, ...] | None) -> str:
    """The seat's name: the file's, or the one given for it (the players who sit down at a hosted table)."""
    written = e.text("name", f"Player {seat + 1}")
    return written if names is None else names[seat]


def load_scenario(path: str | Path, names: tuple[str, ...] | None = None) -> Scenario:
    """Read and build a scenario file; `names` (one per seat) replace the file's player names."""
    path = Path(path)
    try:
        text = path.read_text("utf-8")
    except OSError as exc:
        raise ScenarioError(f"{path}: cannot read the scenario: {exc.strerror}") from exc
    return parse_scenario(text, str(path), path.parent, names)


def parse_scenario(
    text: str, source: str = "<scenario>", folder: Path | None = None, names: tuple[str, ...] | None = None
) -> Scenario:
    """Build a scenario from its text; packs and boards named by path are looked for in `folder`."""
    doc = Document(text, source, folder or Path.cwd())
    game = doc.top.text("game", choices=BUILDERS)
    if names is not None and len(names) != len(doc.seats):
        raise doc.top.fault("game", f"{len(names)} player name(s) given for {len(doc.seats)} seats")
    builder = importlib.import_module(BUILDERS[game])
    try:
        state, seats, packs = builder.build(doc, names)
    except PackError as exc:
        if isinstance(exc, ScenarioError):
            raise
        raise doc.top.fault("packs", str(exc)) from exc
    name = doc.top.text("name", "")
    description = doc.top.text("description", "")
    doc.top.finish()
    options = doc.top.raw.get("options")
    return Scenario(game, name, description, seats, packs, options, state, text, source)


__all__ = [
    "Cards",
    "Document",
    "Entries",
    "Scenario",
    "ScenarioError",
    "load_scenario",
    "parse_scenario",
    "rebuild",
    "seat_name",
]
