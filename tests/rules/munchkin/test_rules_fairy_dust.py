"""Rule tests F01-F06: the Sparkly Good Fairy and the Fairy Dust mini-deck."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from doorkick.shared.rules.base import SeatSetup
from doorkick.shared.rules.munchkin import RULESET
from doorkick.shared.rules.munchkin.actions import (
    AcceptBadStuff,
    AskForHelp,
    ChooseHelper,
    ClaimVictory,
    Curse,
    DeclineHelp,
    EndTurn,
    GiveItem,
    KickOpenTheDoor,
    OfferTrade,
    RollToRunAway,
    RunAway,
    UseOneShot,
    Volunteer,
)
from doorkick.shared.rules.munchkin.flow import excess
from doorkick.shared.rules.munchkin.options import Options
from doorkick.shared.rules.munchkin.state import all_cards, discard

if TYPE_CHECKING:
    from conftest import Table, Variant

DUST = {"fd-wand", *(f"fd-sparkle#{n}" for n in range(1, 6))}


def dust_in_hand(table: Table, seat: int) -> list[str]:
    return [c for c in table.player(seat).hand if table.state.card(c).is_fairy_dust]


def helped_kill(table: Table, monster: str = "troll", helper: int = 1) -> Table:
    """Seat 0 kicks `monster`, seat `helper` helps for nothing, they win."""
    table.door_on_top(monster).act(KickOpenTheDoor(0), AskForHelp(0), Volunteer(helper), ChooseHelper(0, helper))
    return table.act(ClaimVictory(0)).pass_all()


# --- F01: the Fairy in the Door deck, Fairy Dust in its own mini-deck ---------------------------------------


def test_F01_fairy_dust_is_its_own_mini_deck(variant: Variant) -> None:
    state = variant().state
    assert set(state.fairy_dust_deck) == DUST
    assert not DUST & set(state.door_deck + state.treasure_deck)
    assert "fairy" in state.door_deck or any("fairy" in p.hand for p in state.players)


def test_F01_discarded_fairy_dust_leaves_the_game(variant: Variant) -> None:
    t = variant()
    t._take("fd-wand")
    state = discard(t.state, "fd-wand")
    assert state.fairy_dust_out == ("fd-wand",) and "fd-wand" not in state.treasure_discard
    assert sorted(all_cards(state)) == sorted([*all_cards(t.state), "fd-wand"])


def test_F01_the_view_counts_the_mini_deck_only(variant: Variant) -> None:
    t = variant()
    view = RULESET.player_view(t.state, 0)
    assert view["decks"]["fairy_dust"] == 6 and view["decks"]["fairy_dust_out"] == 0


def test_F01_option_shuffles_her_into_the_top_of_the_door_deck() -> None:
    seats = tuple(SeatSetup(f"P{i}") for i in range(4))
    for seed in range(8):
        state = RULESET.new_game(seats, seed, ("core", "fairy-dust"), {"fairy_dust_on_top": True})
        dealt = any("sparkly-good-fairy" in p.hand for p in state.players)
        assert dealt or "sparkly-good-fairy" in state.door_deck[:13]  # among the top 12 Doors


def test_F01_an_empty_mini_deck_is_not_refilled(variant: Variant) -> None:
    t = variant()
    t.state = replace(t.state, fairy_dust_deck=())
    helped_kill(t.wear(0, "armor", "chainsaw").level(1, 5))
    assert dust_in_hand(t, 1) == [] and t.state.combat is None


# --- F02: Fairy Dust for helping a winning side, and for cancelling a curse on someone else ----------------


def test_F02_a_helper_on_the_winning_side_draws_one(variant: Variant) -> None:
    t = helped_kill(variant().wear(0, "armor", "chainsaw").level(1, 5))
    assert len(dust_in_hand(t, 1)) == 1 and len(t.state.fairy_dust_deck) == 5


def test_F02_one_card_per_combat_not_per_monster(variant: Variant) -> None:
    t = variant().wear(0, "armor", "chainsaw").level(1, 9).hand(2, "mate")
    t.door_on_top("ghoul#1").act(KickOpenTheDoor(0), AskForHelp(0), Volunteer(1), ChooseHelper(0, 1))
    from doorkick.shared.rules.munchkin.actions import PlayMate

    t.act(PlayMate(2, "mate", 0), ClaimVictory(0)).pass_all()
    assert len(t.combat.monsters if t.state.combat else ()) == 0
    assert len(dust_in_hand(t, 1)) == 1


def test_F02_cancelling_a_curse_on_another_player(variant: Variant) -> None:
    t = variant().curse(1, "curse-chicken").hand(0, "holy-water")
    t.act(UseOneShot(0, "holy-water", target=1))
    assert t.player(1).curses == () and len(dust_in_hand(t, 0)) == 1


def test_F02_no_dust_for_cancelling_ones_own_curse(variant: Variant) -> None:
    t = variant().curse(0, "curse-chicken").hand(0, "holy-water")
    t.act(UseOneShot(0, "holy-water", target=0))
    assert t.player(0).curses == () and dust_in_hand(t, 0) == []


# --- F03: tradeable if valued; kept through death; counted in the hand ---------------------------------------


def test_F03_valued_fairy_dust_is_an_item_and_trades(variant: Variant) -> None:
    t = variant().wear(0, "fd-wand").wear(1, "helmet#1")
    t.act(OfferTrade(0, 1, ("fd-wand",), ("helmet#1",)))
    assert t.state.decisions[0].kind == "trade"


def test_F03_unvalued_fairy_dust_cannot_change_hands(variant: Variant) -> None:
    t = variant().wear(0, "fd-sparkle#1").wear(1, "helmet#1")
    t.refuses(OfferTrade(0, 1, ("fd-sparkle#1",), ("helmet#1",)))
    t.refuses(GiveItem(0, "fd-sparkle#1", 1))


def test_F03_fairy_dust_is_kept_through_death(variant: Variant) -> None:
    t = variant().hand(0, "fd-sparkle#1", "rat#1").wear(0, "fd-wand", "armor").hand(1, "curse-doom")
    t.act(Curse(1, "curse-doom", 0))
    p = t.player(0)
    assert p.dead and p.hand == ("fd-sparkle#1",) and p.item_cards == ("fd-wand",)
    assert "fd-wand" not in t.state.corpse and "armor" in t.state.corpse


def test_F03_fairy_dust_counts_toward_the_hand_limit(variant: Variant) -> None:
    t = variant().hand(0, "fd-sparkle#1", "fd-sparkle#2", "fd-sparkle#3", "rat#1", "rat#2", "rat#3")
    t.state = replace(t.state, phase="end")
    assert excess(t.state, 0) == 1
    t.refuses(EndTurn(0))


# --- F04: killing her ----------------------------------------------------------------------------------------


def test_F04_killing_her_four_treasures_two_dust_and_the_rest_on_the_treasures(variant: Variant) -> None:
    t = variant().level(0, 5).wear(0, "armor", "chainsaw")  # 13 against 12
    t.door_on_top("fairy").act(KickOpenTheDoor(0), ClaimVictory(0)).pass_all()
    hand = t.player(0).hand
    assert len(dust_in_hand(t, 0)) == 2 and len(hand) == 6
    assert t.state.fairy_dust_deck == ()
    assert set(t.state.treasure_deck[:4]) <= DUST and "fairy" in t.state.door_discard


# --- F05: failing to kill her --------------------------------------------------------------------------------


def test_F05_failing_to_kill_her_she_hides_in_the_top_ten_doors(variant: Variant) -> None:
    t = variant().door_on_top("fairy").act(KickOpenTheDoor(0), RunAway(0)).pass_all().dice(6)
    t.act(RollToRunAway(0, 0))
    assert t.state.combat is None and "fairy" in t.state.door_deck[:11] and "fairy" not in t.state.door_discard


# --- F06: her Bad Stuff, the charm -----------------------------------------------------------------------------


def charmed(variant: Variant) -> Table:
    t = variant().door_on_top("fairy").act(KickOpenTheDoor(0), RunAway(0)).pass_all().dice(1)
    return t.act(RollToRunAway(0, 0), AcceptBadStuff(0))


def test_F06_her_bad_stuff_charms_until_your_next_turn(variant: Variant) -> None:
    t = charmed(variant)
    assert t.player(0).charmed
    t.act(EndTurn(0))
    assert t.player(0).charmed  # seat 1's turn
    t.state = replace(t.state, phase="end")
    t.act(EndTurn(1))
    t.state = replace(t.state, phase="end")
    t.act(EndTurn(2))
    assert not t.player(0).charmed


def test_F06_charmed_you_must_help_unrewarded_and_get_no_dust(variant: Variant) -> None:
    t = variant().set(1, charmed=True).level(1, 5).wear(0, "armor", "chainsaw", "helmet#1")
    t.door_on_top("troll").act(KickOpenTheDoor(0), AskForHelp(0, items=("helmet#1",)))
    t.refuses(DeclineHelp(1))
    t.act(Volunteer(1), ChooseHelper(0, 1))
    assert "helmet#1" in t.player(0).item_cards  # the bribe is not paid
    t.act(ClaimVictory(0)).pass_all()
    assert dust_in_hand(t, 1) == []


def test_F06_a_charmed_elf_still_gains_its_level(variant: Variant) -> None:
    t = variant().set(1, charmed=True).race(1, "epic-elf").level(1, 5).wear(0, "armor", "chainsaw")
    helped_kill(t)
    assert t.player(1).level == 6 and dust_in_hand(t, 1) == []


def test_F06_options_and_pack_describe_themselves() -> None:
    from doorkick.shared.rules.munchkin.cards import load_munchkin_packs
    from doorkick.shared.rules.munchkin.options import describe_options

    described = {d["name"]: d["describe"] for d in describe_options()}
    assert described["fairy_dust_on_top"] and described["epic"]
    assert all(p.description for p in load_munchkin_packs(("fairy-dust", "christmas", "epic")))
    assert Options.from_wire(["fairy_dust_on_top"]).fairy_dust_on_top


def test_F05_a_thin_door_deck_takes_its_discards_before_she_hides_in_it(variant: Variant) -> None:
    t = variant().door_on_top("fairy")
    others = [c for c in t.state.door_deck if c != "fairy"]
    t.to_discard(*others[:-3])  # three Doors left under her, the rest discarded
    t.act(KickOpenTheDoor(0), RunAway(0)).pass_all().dice(6)
    t.act(RollToRunAway(0, 0))
    deck = t.state.door_deck
    assert "fairy" in deck[:10] and len(deck) > 10 and t.state.door_discard == ()
    assert "reshuffled" in t.event_kinds()
