"""Rule tests' tables written as scenario files (docs/scenarios.md): the public loader arranges the table, the
conftest `Table` acts on it. The header names the game and the test pack; the text gives the seats and decks."""

from __future__ import annotations

import textwrap

from conftest import RULES_PACK, Table

from doorkick.shared.rules.scenario import parse_scenario


class ScenarioTable(Table):
    """A `Table` whose state comes from a scenario's text instead of private edits to a new game."""

    def __init__(self, text: str) -> None:
        header = f'game = "munchkin"\npacks = ["{RULES_PACK}"]\n'
        self.state = parse_scenario(header + textwrap.dedent(text), "<rule test>").state
        self.events = []


def arranged(text: str) -> ScenarioTable:
    return ScenarioTable(text)
