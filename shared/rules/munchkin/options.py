"""The table options of a Munchkin game: one record that travels with the game and its saves."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from ..base import MalformedAction


@dataclass(frozen=True, slots=True)
class Options:
    # X02: a face-down Door at the start of each turn; looting the room draws a Treasure instead.
    listening_at_the_door: bool = False
    # X03: a helper who defeats the monster with the fighter also gains a level.
    shared_victory: bool = False
    # M10 rulings option: a helping Elf reaching the winning level by the same kill does not win.
    helping_elf_cannot_win: bool = False
    # M47 rulings option (001): only items on the table may be sold, not from the hand.
    sell_from_table_only: bool = False
    # M38: the level that wins (20 with Epic rules).
    win_level: int = 10
    # M25: how long the server holds a reaction window open (seconds); the engine only counts passes.
    reaction_seconds: float = 2.66

    def to_wire(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_wire(cls, wire: Any) -> Options:
        if wire is None:
            return cls()
        if isinstance(wire, Options):
            return wire
        if not isinstance(wire, dict):
            raise MalformedAction("options must be a map")
        known = {f.name: f for f in dataclasses.fields(cls)}
        unknown = sorted(set(wire) - set(known))
        if unknown:
            raise MalformedAction(f"unknown option(s): {', '.join(map(str, unknown))}")
        values: dict[str, Any] = {}
        for name, value in wire.items():
            default = getattr(cls(), name)
            if isinstance(default, bool):
                ok = isinstance(value, bool)
            elif isinstance(default, float):
                ok = isinstance(value, int | float) and not isinstance(value, bool) and value > 0
            else:
                ok = isinstance(value, int) and not isinstance(value, bool)
            if not ok:
                raise MalformedAction(f"option {name}: {value!r} is not a valid {type(default).__name__}")
            values[name] = value
        options = cls(**values)
        if options.win_level not in (10, 20):
            raise MalformedAction("option win_level must be 10 (or 20 with Epic rules)")
        return options
