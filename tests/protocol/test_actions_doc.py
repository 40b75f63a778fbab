"""docs/actions.md lists every action of both games with its wire type and fields, and is what the generator
writes from the action classes today (regenerate: `.venv/bin/python -m doorkick.shared.actionsdoc docs/actions.md`)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from doorkick.shared.actionsdoc import GAMES, render
from doorkick.shared.rules.base import Action

PAGE = Path(__file__).parents[2] / "docs" / "actions.md"


def test_the_actions_page_is_up_to_date() -> None:
    assert PAGE.read_text(encoding="utf-8") == render(), (
        "docs/actions.md is stale: run .venv/bin/python -m doorkick.shared.actionsdoc docs/actions.md"
    )


@pytest.mark.parametrize(("game", "base"), [(g, b) for g, _, b in GAMES])
def test_every_action_is_on_the_page_with_each_field_and_a_description(game: str, base: type[Action]) -> None:
    page = PAGE.read_text(encoding="utf-8")
    section = page.split(f"## {dict((g, t) for g, t, _ in GAMES)[game]}\n", 1)[1].split("\n## ", 1)[0]
    table = [line for line in section.splitlines() if line.startswith("| `") and "fields (" not in line]
    rows = {line.split("|")[1].strip(" `"): line for line in table}
    assert set(rows) == set(base.registry)
    for kind, action in base.registry.items():
        for f in dataclasses.fields(action):
            if f.name != "seat":
                assert f"`{f.name}`:" in rows[kind], f"{kind}: field {f.name} is missing"
        assert not rows[kind].rstrip().endswith("| — |"), f"{kind} has no docstring to describe it"
