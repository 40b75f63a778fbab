"""Rule tests' tables written as scenario files (docs/scenarios.md): the public loader arranges the table, the
conftest `Table` acts on it. The header names the game and the test pack; the text gives the seats and decks."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import TYPE_CHECKING

from doorkick.shared.rules.scenario import parse_scenario

if TYPE_CHECKING:  # conftest is not imported by name: several test folders have one
    from conftest import Table

HEADER = f'game = "munchkin"\npacks = ["{Path(__file__).parent / "packs" / "rules.toml"}"]\n'


def arranged(make_table: type[Table], text: str) -> Table:
    """A test `Table` (the `make_table` fixture) playing the table the scenario `text` arranges."""
    table = make_table()
    table.state = parse_scenario(HEADER + textwrap.dedent(text), "<rule test>").state
    return table
