"""Wonderland's table options from their wire form: a board by name, nothing else, each fault said precisely."""

from __future__ import annotations

from typing import Any

import pytest

from doorkick.shared.rules.base import SeatSetup
from doorkick.shared.rules.wonderland import engine
from doorkick.shared.rules.wonderland.options import WonderlandOptions

SEATS = (SeatSetup("Ann"), SeatSetup("Bob", "female"))


def test_no_options_are_the_default_board() -> None:
    assert WonderlandOptions.from_wire(None) == WonderlandOptions.from_wire({}) == WonderlandOptions()
    assert WonderlandOptions.from_wire({"board": "wonderland"}).board == "wonderland"


@pytest.mark.parametrize(
    ("wire", "message"),
    [
        ("fast", "options must be a map, got 'fast'"),
        ({"dice": 2, "board": "wonderland"}, "unknown Wonderland option(s) dice"),
        ({"board": 5}, "options.board: expected str, got 5"),
    ],
)
def test_bad_options_are_refused_precisely(wire: Any, message: str) -> None:
    with pytest.raises(ValueError) as caught:
        engine.new_game(SEATS, 1, (), wire)
    assert str(caught.value) == message
