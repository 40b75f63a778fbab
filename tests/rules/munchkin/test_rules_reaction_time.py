"""Rule R01 (correcting M25 and C03): the reaction time is a table option for people: short, normal or none."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pytest

from doorkick.shared.rules.base import MalformedAction, SeatSetup
from doorkick.shared.rules.munchkin import RULESET
from doorkick.shared.rules.munchkin.actions import ClaimVictory, KickOpenTheDoor, Pass
from doorkick.shared.rules.munchkin.options import Options, describe_options

if TYPE_CHECKING:
    from conftest import Table


def seats(n: int) -> tuple[SeatSetup, ...]:
    return tuple(SeatSetup(f"P{i}") for i in range(n))


def window(table: Table) -> Table:
    return table.level(0, 5).door_on_top("ghoul#1").act(KickOpenTheDoor(0), ClaimVictory(0))


def test_R01_people_get_the_normal_reaction_time_by_default(make_table: type[Table]) -> None:
    assert Options().reaction_time == "normal"
    assert RULESET.new_game(seats(3), 1, ("christmas",)).options.reaction_time == "normal"  # C03 corrected
    table = window(make_table(players=3))
    assert RULESET.reaction_seconds(table.state) == 8.0


@pytest.mark.parametrize("packs, seconds", [(("core",), 2.66), (("christmas",), 3.75), (("core", "christmas"), 3.75)])
def test_R01_the_short_setting_keeps_the_rulebooks_seconds(
    make_table: type[Table], packs: tuple[str, ...], seconds: float
) -> None:
    assert Options(reaction_time="short").reaction_seconds(packs) == seconds
    state = RULESET.new_game(seats(3), 1, packs, {"reaction_time": "short"})
    assert RULESET.player_view(state, 0)["options"]["reaction_time"] == "short"


def test_R01_no_timer_waits_for_every_pass(make_table: type[Table]) -> None:
    table = window(make_table(players=3, options=Options(reaction_time="none")))
    assert RULESET.reaction_seconds(table.state) == math.inf
    assert RULESET.seats_to_act(table.state) == {1, 2}


def test_R01_outside_a_window_the_rules_give_no_reaction_time(table: Table) -> None:
    assert RULESET.reaction_seconds(table.state) is None


def test_R01_everyone_may_pass_at_once(make_table: type[Table]) -> None:
    table = window(make_table(players=4))
    assert RULESET.seats_to_act(table.state) == {1, 2, 3}  # nobody waits for anybody else to answer
    table.act(Pass(3), Pass(1))
    assert table.player(0).level == 5 and RULESET.seats_to_act(table.state) == {2}
    table.act(Pass(2))  # the last pass closes the window at once
    assert table.state.combat is None and table.player(0).level == 6


def test_R01_a_reaction_time_is_one_of_three_and_old_tables_keep_theirs() -> None:
    with pytest.raises(MalformedAction, match="not one of short, normal, none"):
        Options.from_wire({"reaction_time": "long"})
    with pytest.raises(MalformedAction, match="reaction_seconds"):
        Options.from_wire({"reaction_seconds": 0})
    # A table saved when the window was chosen in seconds: the rulebook's seconds are the short setting.
    assert Options.from_wire({"reaction_seconds": 2.66}).reaction_time == "short"
    assert Options.from_wire({"reaction_seconds": 3.75}).reaction_time == "short"
    assert Options.from_wire({"reaction_seconds": 10}).reaction_time == "normal"
    described = next(o for o in describe_options() if o["name"] == "reaction_time")
    assert described["default"] == "normal" and described["choices"] == ("short", "normal", "none")
