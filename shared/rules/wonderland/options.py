"""The table options of a Wonderland game, read from their wire form (a map; nil: every default)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from ...records import read
from .board import DEFAULT_BOARD


class WonderlandOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    board: str = DEFAULT_BOARD  # a board's name, or a path to a board file (a scenario's)

    @classmethod
    def from_wire(cls, wire: Any) -> WonderlandOptions:
        if wire is None:
            return cls()
        if not isinstance(wire, Mapping):
            raise ValueError(f"options must be a map, got {wire!r}")
        unknown = sorted(set(wire) - set(cls.__struct_fields__))
        if unknown:
            raise ValueError(f"unknown Wonderland option(s) {', '.join(map(str, unknown))}")
        return read(wire, cls, "options")
