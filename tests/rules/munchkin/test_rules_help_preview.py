"""The help form's preview (M31, M32): what a seat would add to a fight, computed without changing anything."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from doorkick.shared.rules.munchkin.actions import AskForHelp, ChooseHelper, KickOpenTheDoor, Volunteer
from doorkick.shared.rules.munchkin.helping import help_preview, help_previews
from doorkick.shared.rules.munchkin.view import CombatView, player_view

if TYPE_CHECKING:
    from conftest import Table


def test_M31_a_helper_adds_their_level_and_gear_and_the_preview_changes_nothing(table: Table) -> None:
    table.level(0, 5).level(1, 3).wear(1, "sword#1").level(2, 6)
    table.door_on_top("troll").act(KickOpenTheDoor(0))
    before = table.state
    previews = {p.seat: p for p in help_previews(table.state)}
    assert table.state is before
    assert (previews[1].adds, previews[1].fighters, previews[1].monsters) == (5, 10, 10)
    assert not previews[1].winning  # a tie goes to the monsters
    assert (previews[2].adds, previews[2].winning) == (6, True)
    table.act(AskForHelp(0), Volunteer(2), ChooseHelper(0, 2))
    assert table.strengths() == (previews[2].fighters, previews[2].monsters)


def test_M32_a_monsters_bonus_against_the_helpers_race_shows_in_the_preview(table: Table) -> None:
    table.level(0, 8).level(1, 4).race(1, "elf#1")
    table.door_on_top("elf-hater").act(KickOpenTheDoor(0))
    preview = help_preview(table.state, 1)
    assert preview.monsters == 6 + 4 and preview.fighters == 12 and preview.winning


def test_R06_an_item_promised_as_a_bribe_changes_nothing_in_the_preview(table: Table) -> None:
    table.level(0, 5).wear(0, "sword#1").level(1, 3)
    table.door_on_top("troll").act(KickOpenTheDoor(0))
    before = help_preview(table.state, 1)
    table.act(AskForHelp(0, items=("sword#1",)))
    assert help_preview(table.state, 1) == before and before.fighters == 5 + 2 + 3  # the Sword fights on


def test_M31_no_preview_for_the_fighter_or_outside_a_fight(table: Table) -> None:
    with pytest.raises(ValueError):
        help_previews(table.state)
    table.door_on_top("troll").act(KickOpenTheDoor(0))
    with pytest.raises(ValueError):
        help_preview(table.state, 0)


def test_M31_the_view_carries_the_previews_to_those_who_decide(table: Table) -> None:
    table.level(0, 5).level(1, 3).wear(0, "sword#1")
    table.door_on_top("troll").act(KickOpenTheDoor(0))

    def combat(seat: int) -> CombatView:
        view = player_view(table.state, seat, frozenset())
        assert view.combat is not None
        return view.combat

    assert [p.seat for p in combat(0).help_previews] == [1, 2]
    assert combat(1).help_previews == []  # not asked yet
    table.act(AskForHelp(0, treasures=1))
    asked = combat(1)
    assert [p.seat for p in asked.help_previews] == [1] and asked.help_previews[0].adds == 3
    table.act(Volunteer(1), ChooseHelper(0, 1))
    assert combat(0).help_previews == []
