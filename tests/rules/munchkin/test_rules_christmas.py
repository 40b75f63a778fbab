"""Rule tests C01-C04 (Christmas Lite), the Christmas trade rule of M46, and the rulings file's two examples."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import pytest

from doorkick.shared.rules.base import SeatSetup
from doorkick.shared.rules.munchkin import RULESET
from doorkick.shared.rules.munchkin.actions import (
    AcceptTrade,
    ChooseLoss,
    ClaimVictory,
    Curse,
    EndTurn,
    EnhanceMonster,
    JoinUndead,
    KickOpenTheDoor,
    OfferTrade,
    PlayMate,
    Sell,
)
from doorkick.shared.rules.munchkin.cards import load_munchkin_packs
from doorkick.shared.rules.munchkin.combat import fighters_strength, monster_level
from doorkick.shared.rules.munchkin.options import Options

if TYPE_CHECKING:
    from conftest import Table, Variant


def seats(n: int) -> tuple[SeatSetup, ...]:
    return tuple(SeatSetup(f"P{i}") for i in range(n))


# --- C01: 3-4 players alone, 5-6 mixed; Bard, Orc, Elf, Halfling ---------------------------------------------


@pytest.mark.parametrize("players", [2, 5, 6])
def test_C01_christmas_alone_seats_three_or_four(players: int) -> None:
    with pytest.raises(ValueError, match="3 or 4"):
        RULESET.new_game(seats(players), 1, ("christmas",))


@pytest.mark.parametrize("players", [3, 4])
def test_C01_christmas_alone_plays_three_or_four(players: int) -> None:
    assert len(RULESET.new_game(seats(players), 1, ("christmas",)).players) == players


@pytest.mark.parametrize("players", [5, 6])
def test_C01_mixed_with_other_packs_five_or_six(players: int) -> None:
    assert len(RULESET.new_game(seats(players), 1, ("core", "christmas")).players) == players


def test_C01_the_pack_has_bards_orcs_elves_halflings_and_santas() -> None:
    (pack,) = load_munchkin_packs(("christmas",))
    traits = {c.trait for c in pack.cards if c.kind in ("race", "class")}
    assert {"bard", "orc", "elf", "halfling"} <= traits
    assert sum(n for c, n in zip(pack.cards, pack.counts, strict=True) if c.santa) >= 5
    assert all(c.epic_abilities for c in pack.cards if c.kind in ("race", "class"))


# --- C02: Santas join Santa combats from a hand ----------------------------------------------------------------


def test_C02_a_santa_joins_a_santa_combat_without_wandering_monster(variant: Variant) -> None:
    t = variant().hand(1, "santa-small#1").door_on_top("santa-big").act(KickOpenTheDoor(0))
    t.act(JoinUndead(1, "santa-small#1"))
    assert [m.card for m in t.combat.monsters] == ["santa-big", "santa-small#1"]


def test_C02_a_santa_does_not_join_other_combats(variant: Variant) -> None:
    t = variant().hand(1, "santa-small#1").door_on_top("troll").act(KickOpenTheDoor(0))
    t.refuses(JoinUndead(1, "santa-small#1"))
    t2 = variant().hand(1, "santa-small#1").door_on_top("ghoul#1").act(KickOpenTheDoor(0))
    t2.refuses(JoinUndead(1, "santa-small#1"))  # Undead and Santas keep to their own kind


def test_C02_undead_still_join_undead(variant: Variant) -> None:
    t = variant().hand(1, "ghoul#2").door_on_top("ghoul#1").act(KickOpenTheDoor(0))
    t.act(JoinUndead(1, "ghoul#2"))
    assert len(t.combat.monsters) == 2


# --- C03 (as corrected by R01): 3.75 seconds is Christmas Lite's short reaction time ---------------------------


def test_C03_christmas_tables_keep_3_75_seconds_as_their_short_reaction_time() -> None:
    state = RULESET.new_game(seats(3), 1, ("christmas",), {"reaction_time": "short"})
    assert state.options.reaction_seconds(("christmas",)) == 3.75
    assert Options(reaction_time="short").reaction_seconds(("core",)) == 2.66
    assert Options.defaults_for(("core", "christmas")).trade_cooldown


def test_C03_a_chosen_reaction_time_overrides_the_default() -> None:
    state = RULESET.new_game(seats(3), 1, ("christmas",), {"reaction_time": "none"})
    assert state.options.reaction_time == "none"
    assert RULESET.player_view(state, 0)["options"]["reaction_time"] == "none"


# --- C04: "on your next turn" curses received during your own turn work at once ----------------------------


def test_C04_received_during_your_turn_it_works_now(variant: Variant) -> None:
    t = variant().level(0, 5).hand(1, "curse-next-turn").act(Curse(1, "curse-next-turn", 0))
    assert t.player(0).level == 4 and t.player(0).curses == () and "curse-next-turn" in t.state.door_discard


def test_C04_received_outside_your_turn_it_waits_for_your_next(variant: Variant) -> None:
    t = variant().level(1, 5).hand(2, "curse-next-turn").act(Curse(2, "curse-next-turn", 1))
    assert t.player(1).level == 5 and t.player(1).curses == ("curse-next-turn",)
    t.state = replace(t.state, phase="end")
    t.act(EndTurn(0))  # seat 1's turn begins
    assert t.player(1).level == 4 and t.player(1).curses == ()


def _two_in_laws_waiting(make_table: type[Table], *hand: str) -> Table:
    """Seat 1 holds `hand` with both In-Laws waiting in front of it; seat 0 ends its turn, so both strike."""
    t = make_table(3, packs=("christmas",)).hand(1, *hand).curse(1, "curse-in-laws#1", "curse-in-laws#2")
    t.state = replace(t.state, phase="end")
    return t.act(EndTurn(0))


def test_C04_two_in_laws_at_one_turn_start_leave_the_second_only_what_the_first_did_not_take(
    make_table: type[Table],
) -> None:
    # Both curses struck from the same three-card hand; once the first has taken two, the second's "lose two
    # cards" finds one: it takes it without asking and names nothing already gone (M37: the victim chooses among
    # what is there; a curse on something absent does nothing). Found by the property test, seed 22035.
    t = _two_in_laws_waiting(make_table, "elf-shoes", "stocking-stuffer", "gift-wrap-mail")
    assert [d.kind for d in t.state.decisions] == ["lose_cards", "lose_cards"]
    t.act(ChooseLoss(1, "stocking-stuffer"))
    assert t.legal(1) == [ChooseLoss(1, "elf-shoes"), ChooseLoss(1, "gift-wrap-mail")]
    t.act(ChooseLoss(1, "elf-shoes"))
    assert t.state.decisions == () and t.player(1).hand == ()
    assert "gift-wrap-mail" in t.state.treasure_discard and "elf-shoes" in t.state.treasure_discard


def test_C04_the_second_in_laws_still_asks_when_more_cards_are_left_than_it_takes(make_table: type[Table]) -> None:
    t = _two_in_laws_waiting(make_table, "elf-shoes", "stocking-stuffer", "gift-wrap-mail", "ice-skates", "santa-hat#1")
    t.act(ChooseLoss(1, "stocking-stuffer"), ChooseLoss(1, "elf-shoes"))
    assert [(d.kind, d.cards, d.count) for d in t.state.decisions] == [
        ("lose_cards", ("gift-wrap-mail", "ice-skates", "santa-hat#1"), 2)
    ]
    t.act(ChooseLoss(1, "ice-skates"))
    assert t.legal(1) == [ChooseLoss(1, "gift-wrap-mail"), ChooseLoss(1, "santa-hat#1")]
    t.act(ChooseLoss(1, "santa-hat#1"))
    assert t.state.decisions == () and t.player(1).hand == ("gift-wrap-mail",)


# --- M46 (Christmas Lite): traded items wait for the receiver's next turn to be sold -----------------------


def test_M46_christmas_traded_items_are_not_sold_before_your_next_turn(variant: Variant) -> None:
    t = variant(trade_cooldown=True).wear(0, "gold-brick#1").wear(1, "gift")
    t.act(OfferTrade(0, 1, ("gold-brick#1",), ("gift",)), AcceptTrade(1))
    assert "gift" in t.player(0).item_cards
    t.refuses(Sell(0, ("gift",)))
    t.state = replace(t.state, phase="end")
    t.act(EndTurn(0))
    t.state = replace(t.state, phase="end")
    t.act(EndTurn(1))
    t.state = replace(t.state, phase="end")
    t.act(EndTurn(2))
    t.act(Sell(0, ("gift",)))
    assert t.player(0).level == 2


def test_M46_christmas_rule_is_on_by_default_with_the_christmas_pack() -> None:
    assert RULESET.new_game(seats(4), 1, ("christmas",)).options.trade_cooldown
    assert not RULESET.new_game(seats(4), 1, ("core",)).options.trade_cooldown


# --- the rulings file's examples (001) -------------------------------------------------------------------------


def test_M30_mate_on_a_level_10_monster_with_plus_5_gives_two_level_15s(variant: Variant) -> None:
    t = variant().hand(1, "enraged#1").hand(2, "mate").door_on_top("troll").act(KickOpenTheDoor(0))
    t.act(EnhanceMonster(1, "enraged#1", 0), PlayMate(2, "mate", 0))
    assert [monster_level(t.state, m) for m in t.combat.monsters] == [15, 15]


def test_M37_a_curse_taking_plus_5_armour_mid_combat_turns_12_into_7(variant: Variant) -> None:
    t = variant().level(0, 4).wear(0, "armor", "chainsaw").hand(1, "curse-armor")  # 4 + 5 + 3 = 12
    t.door_on_top("giant").act(KickOpenTheDoor(0))
    assert fighters_strength(t.state, t.combat) == 12
    t.act(Curse(1, "curse-armor", 0))
    assert fighters_strength(t.state, t.combat) == 7
    t.refuses(ClaimVictory(0))
