"""Rule tests E01-E05: Epic Munchkin, played to level 20 with Epic feats, two Doors a kick and Epic Steeds."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import pytest

from doorkick.shared.rules.munchkin.actions import (
    AcceptCurse,
    ChooseLoss,
    ClaimVictory,
    Curse,
    EatMonster,
    Equip,
    FireArrow,
    GoUpALevel,
    Illusion,
    KickOpenTheDoor,
    LookForTrouble,
    OutrunCurse,
    PlayCard,
    PrayForAMiracle,
    RollToRunAway,
    RunAway,
    SacrificePet,
    Sell,
    StealFromShadows,
    TamePet,
)
from doorkick.shared.rules.munchkin.character import abilities, hand_limit, has_ability, is_epic, slot_conflict
from doorkick.shared.rules.munchkin.combat import fighters_strength, monster_level, monsters_strength
from doorkick.shared.rules.munchkin.options import Options

if TYPE_CHECKING:
    from conftest import Table, Variant


def treasures(table: Table, seat: int = 0) -> list[str]:
    return [c for c in table.player(seat).hand if table.state.card(c).deck == "treasure"]


def kill(table: Table, monster: str, seat: int = 0) -> Table:
    """Kick open the door onto `monster`, claim the victory and let the window pass."""
    return table.door_on_top(monster).act(KickOpenTheDoor(seat), ClaimVictory(seat)).pass_all()


# --- E01: play on through 10; Epic status at 10-19 -----------------------------------------------------------


def test_E01_level_10_needs_no_kill_with_epic(variant: Variant) -> None:
    t = variant(epic=True).level(1, 9).hand(0, "level-up#1")
    t.act(GoUpALevel(0, "level-up#1", 1))
    assert t.player(1).level == 10
    assert t.state.phase != "over"


def test_E01_without_epic_level_10_still_needs_a_kill(variant: Variant) -> None:
    t = variant().level(1, 9).hand(0, "level-up#1")
    t.refuses(GoUpALevel(0, "level-up#1", 1))


def test_E01_reaching_10_by_a_kill_does_not_end_the_epic_game(variant: Variant) -> None:
    t = kill(variant(epic=True).level(0, 9), "rat#1")
    assert t.player(0).level == 10 and not t.state.winners and t.state.phase == "end"


def test_E01_epic_status_from_10_and_lost_at_9(variant: Variant) -> None:
    t = variant(epic=True).klass(0, "epic-cleric").level(0, 10)
    assert is_epic(t.state, t.player(0)) and has_ability(t.state, 0, "pray_for_a_miracle")
    t.hand(1, "curse-level#1").act(Curse(1, "curse-level#1", 0))
    assert t.player(0).level == 9
    assert not is_epic(t.state, t.player(0)) and not has_ability(t.state, 0, "pray_for_a_miracle")
    assert "epic_lost" in t.event_kinds()


def test_E01_the_view_shows_epic_status(variant: Variant) -> None:
    from doorkick.shared.rules.munchkin import RULESET

    t = variant(epic=True).level(2, 12)
    view = RULESET.player_view(t.state, 0)
    assert [p["epic"] for p in view["players"]] == [False, False, True]
    assert view["options"]["epic"] is True and view["options"]["win_level"] == 20


# --- E02: 19 and 20 only by kills; the game ends at 20 ---------------------------------------------------------


def test_E02_levels_19_and_20_only_by_kills(variant: Variant) -> None:
    t = variant(epic=True).level(1, 18).hand(0, "level-up#1").level(0, 17).wear(0, "gold-brick#1")
    t.refuses(GoUpALevel(0, "level-up#1", 1))
    t.act(Sell(0, ("gold-brick#1",)))
    assert t.player(0).level == 18
    t.wear(0, "gift")
    t.refuses(Sell(0, ("gift",)))


def test_E02_the_game_ends_at_20_by_a_kill(variant: Variant) -> None:
    t = variant(epic=True).level(0, 18).wear(0, "armor", "chainsaw")
    kill(t, "two-level-beast")
    assert t.player(0).level == 20 and t.state.winners == (0,) and t.state.phase == "over"


def test_E02_options_epic_means_level_20() -> None:
    assert Options(epic=True).win_level == 20 and Options(win_level=20).epic
    assert Options.from_wire(["epic"]).win_level == 20
    assert Options.from_wire({"epic": True}).unkilled_ceiling == 18


# --- E03: two Doors for an Epic kicker, in the rulebook's order ------------------------------------------------


def test_E03_an_epic_kick_turns_over_two_doors(variant: Variant) -> None:
    t = variant(epic=True).level(0, 10).door_on_top("helmet#1", "sword#1")
    t.door_on_top("elf#1", "wizard")
    t.act(KickOpenTheDoor(0))
    assert set(t.player(0).hand) == {"elf#1", "wizard"}
    assert t.event_kinds().count("kicked_door") == 2


def test_E03_a_non_epic_kick_turns_over_one(variant: Variant) -> None:
    t = variant(epic=True).level(0, 9).door_on_top("elf#1", "wizard").act(KickOpenTheDoor(0))
    assert t.player(0).hand == ("elf#1",)


def test_E03_curses_first_then_other_cards_then_the_monster(variant: Variant) -> None:
    t = variant(epic=True).level(0, 10).door_on_top("ghoul#1", "curse-level#1")
    t.act(KickOpenTheDoor(0))
    kicked = [e.for_seat(None)["card"] for e in t.events if e.kind == "kicked_door"]
    assert kicked == ["curse-level#1", "ghoul#1"]
    assert t.player(0).level == 9  # the curse struck before the fight began
    assert t.state.combat is not None and t.combat.monsters[0].card == "ghoul#1"


def test_E03_a_monster_and_an_enhancer_the_enhancer_applies(variant: Variant) -> None:
    t = variant(epic=True).level(0, 10).door_on_top("enraged#1", "ghoul#1").act(KickOpenTheDoor(0))
    combat = t.combat
    assert combat.monsters[0].enhancers == ("enraged#1",)
    assert monster_level(t.state, combat.monsters[0]) == 9


def test_E03_a_monster_and_a_mate_two_monsters(variant: Variant) -> None:
    t = variant(epic=True).level(0, 10).door_on_top("mate", "troll").act(KickOpenTheDoor(0))
    assert [m.base for m in t.combat.monsters] == ["troll", "troll"]


def test_E03_two_monsters_fight_both(variant: Variant) -> None:
    t = variant(epic=True).level(0, 10).door_on_top("rat#1", "ghoul#1").act(KickOpenTheDoor(0))
    assert len(t.combat.monsters) == 2


def test_E03_an_enhancer_without_a_monster_goes_to_the_hand(variant: Variant) -> None:
    t = variant(epic=True).level(0, 10).door_on_top("enraged#1", "elf#1").act(KickOpenTheDoor(0))
    assert set(t.player(0).hand) == {"enraged#1", "elf#1"} and t.state.combat is None


def test_E03_listening_at_the_door_still_draws_one(variant: Variant) -> None:
    from doorkick.shared.rules.munchkin.flow import start_turn

    t = variant(epic=True, listening_at_the_door=True).level(1, 12)
    state, _ = start_turn(t.state, 1)
    assert len(state.players[1].hand) == 1


# --- E04: Epic feats ---------------------------------------------------------------------------------------------


def test_E04_every_shipped_race_and_class_has_its_feat() -> None:
    from doorkick.shared.rules.munchkin.cards import load_munchkin_packs

    cards = [c for p in load_munchkin_packs(("core", "epic", "christmas")) for c in p.cards]
    characters = [c for c in cards if c.kind in ("race", "class")]
    assert all(c.epic_abilities for c in characters)
    traits = {c.trait for c in characters}
    assert {"bard", "cleric", "thief", "warrior", "wizard"} <= traits
    assert {"dwarf", "elf", "gnome", "halfling", "orc"} <= traits  # and Humans, who need no card
    feats = {c.trait: set(c.epic_abilities) for c in characters}
    assert feats["gnome"] == {"sneaky_little_devil"} and feats["bard"] == {"super_bardic_luck"}


def test_E04_feats_work_only_while_epic(variant: Variant) -> None:
    t = variant(epic=True).race(0, "epic-dwarf").level(0, 9)
    assert hand_limit(t.state, t.player(0)) == 6
    t.level(0, 10)
    assert hand_limit(t.state, t.player(0)) > 100  # Hand of the Gods


def test_E04_feats_marked_replaces_replace_the_normal_ability(variant: Variant) -> None:
    t = variant(epic=True).race(0, "epic-halfling").klass(0, "bard").level(0, 10)
    have = abilities(t.state, t.player(0))
    assert "garage_sale" in have and "double_sell" not in have and "reroll_escape" in have
    assert "super_bardic_luck" in have and "bardic_luck" not in have


def test_E04_epic_feats_need_the_epic_option(variant: Variant) -> None:
    t = variant().race(0, "epic-dwarf").level(0, 10)
    assert not is_epic(t.state, t.player(0)) and hand_limit(t.state, t.player(0)) == 6


def test_E04_bard_bardic_luck_and_super_bardic_luck(variant: Variant) -> None:
    t = variant(epic=True).klass(0, "bard").wear(0, "armor", "chainsaw")
    kill(t, "ghoul#1")  # 2 treasures + 1 for luck, then one discarded
    assert len(t.player(0).hand) == 3 and t.state.decisions[0].count == 1
    t.act(ChooseLoss(0, t.player(0).hand[0]))
    assert len(t.player(0).hand) == 2
    t2 = variant(epic=True).klass(0, "bard").level(0, 10)
    kill(t2, "ghoul#1")
    assert len(treasures(t2)) == 4 and t2.state.decisions[0].count == 2


def test_E04_cleric_prays_for_a_miracle_even_in_combat(variant: Variant) -> None:
    t = variant(epic=True).klass(0, "epic-cleric").level(0, 10).hand(0, "rat#1", "skunk")
    t.door_on_top("troll").treasure_on_top("missile#1").act(KickOpenTheDoor(0))
    t.act(PrayForAMiracle(0, ("rat#1", "skunk")))
    assert treasures(t) == ["missile#1"]
    assert "rat#1" in t.state.door_discard and "skunk" in t.state.door_discard


def test_E04_thief_steals_from_the_shadows_once_a_turn(variant: Variant) -> None:
    t = variant(epic=True).klass(0, "epic-thief").level(0, 10).hand(0, "rat#1", "skunk").hand(1, "missile#1")
    t.act(StealFromShadows(0, 1, "rat#1"))
    assert t.player(0).hand == ("skunk", "missile#1") and t.player(1).hand == ()
    t.hand(1, "smoke").refuses(StealFromShadows(0, 1, "skunk"))


def test_E04_warrior_ludicrous_strength_two_handed_in_one_and_two_big_items(variant: Variant) -> None:
    t = variant(epic=True).klass(0, "epic-warrior").level(0, 10).wear(0, "chainsaw", "hammer")
    assert slot_conflict(t.state, t.player(0), "hammer") is None
    t.hand(0, "anvil").act(PlayCard(0, "anvil"))
    assert "anvil" in t.player(0).item_cards
    t2 = variant(epic=True).klass(0, "epic-warrior").level(0, 9).wear(0, "chainsaw")
    assert slot_conflict(t2.state, t2.player(0), "elf-bow") is not None


def test_E04_wizard_outruns_a_curse(variant: Variant) -> None:
    t = variant(epic=True).klass(0, "epic-wizard").level(0, 10).hand(0, "rat#1", "skunk").hand(1, "curse-level#1")
    t.act(Curse(1, "curse-level#1", 0))
    assert t.state.decisions[0].kind == "outrun_curse" and t.player(0).level == 10
    t.dice(2).act(OutrunCurse(0, "rat#1"))  # fails: try again
    assert t.state.decisions and t.player(0).level == 10
    t.dice(6).act(OutrunCurse(0, "skunk"))
    assert not t.state.decisions and t.player(0).level == 10 and "curse-level#1" in t.state.door_discard


def test_E04_wizard_may_give_up_and_take_the_curse(variant: Variant) -> None:
    t = variant(epic=True).klass(0, "epic-wizard").level(0, 10).hand(0, "rat#1").hand(1, "curse-level#1")
    t.act(Curse(1, "curse-level#1", 0), AcceptCurse(0))
    assert t.player(0).level == 9 and not t.state.decisions


def test_E04_dwarf_hand_of_the_gods_no_hand_limit(variant: Variant) -> None:
    t = variant(epic=True).race(0, "epic-dwarf").level(0, 10)
    assert hand_limit(t.state, t.player(0)) >= 1000


def test_E04_elf_fires_two_arrows_a_turn_into_others_fights(variant: Variant) -> None:
    t = variant(epic=True, players=3).race(1, "epic-elf").level(1, 10).hand(1, "rat#1", "skunk", "ogre")
    t.door_on_top("troll").act(KickOpenTheDoor(0))
    t.act(FireArrow(1, "rat#1", monster=0))
    assert monsters_strength(t.state, t.combat) == 8
    t.act(FireArrow(1, "skunk", target=0))
    assert fighters_strength(t.state, t.combat) == -1
    t.refuses(FireArrow(1, "ogre", monster=0))


def test_E04_gnome_illusion_and_epic_sneaky_escape(variant: Variant) -> None:
    t = variant(epic=True).race(0, "gnome").hand(0, "rat#1").door_on_top("ghoul#1").act(KickOpenTheDoor(0))
    t.act(Illusion(0, "rat#1"))
    assert fighters_strength(t.state, t.combat) == 4
    t.hand(0, "skunk").refuses(Illusion(0, "skunk"))
    t2 = variant(epic=True).race(0, "gnome").level(0, 10).door_on_top("two-level-beast").act(KickOpenTheDoor(0))
    t2.act(RunAway(0)).pass_all().dice(6).act(RollToRunAway(0, 0))
    assert t2.state.combat is None and len(treasures(t2)) == 2
    assert "sneaky_little_devil" in t2.event_kinds()


def test_E04_halfling_garage_sale(variant: Variant) -> None:
    t = variant(epic=True).race(0, "epic-halfling").level(0, 10).wear(0, "sword#1", "boots", "armor")
    t.act(Sell(0, ("sword#1", "boots"), doubled="sword#1"))  # 400*2 + 400 = 1200
    t.act(Sell(0, ("armor",), doubled="armor"))  # a second double: 1000
    assert t.player(0).level == 12
    t2 = variant(epic=True).race(0, "epic-halfling").level(0, 10).wear(0, "armor")
    t2.act(Sell(0, ("armor",), tripled="armor"))  # 1500
    assert t2.player(0).level == 11
    t2.wear(0, "sword#1", "boots").refuses(Sell(0, ("sword#1", "boots"), doubled="sword#1"))


def test_E04_human_pets_rock(variant: Variant) -> None:
    t = variant(epic=True).level(0, 10).door_on_top("ghoul#1").act(KickOpenTheDoor(0), TamePet(0))
    assert t.player(0).pet == "ghoul#1" and t.state.combat is None
    t.state = replace(t.state, active=1, phase="start")  # the next player's turn
    t.door_on_top("troll").act(KickOpenTheDoor(1), SacrificePet(0, "monsters"))
    assert [m.card for m in t.combat.monsters] == ["troll", "ghoul#1"] and t.player(0).pet is None


def test_E04_a_pet_wanders_off_with_epic_or_human_status(variant: Variant) -> None:
    t = variant(epic=True).level(0, 10).door_on_top("ghoul#1").act(KickOpenTheDoor(0), TamePet(0))
    t.hand(0, "elf#1").act(PlayCard(0, "elf#1"))
    assert t.player(0).pet is None and "ghoul#1" in t.state.door_discard


def test_E04_orc_eats_a_level_one_monster(variant: Variant) -> None:
    t = variant(epic=True).race(0, "orc").level(0, 10).hand(0, "rat#1")
    t.state = replace(t.state, phase="door")  # no monster behind the door: Look for Trouble
    t.act(LookForTrouble(0, "rat#1"), EatMonster(0))
    assert t.player(0).level == 11 and t.state.combat is None and t.player(0).hand == ()


def test_E04_orc_overkill_extra_level(variant: Variant) -> None:
    t = variant(epic=True).race(0, "orc").level(0, 5).wear(0, "armor", "chainsaw")  # 13 against a rat
    kill(t, "rat#1")
    assert t.player(0).level == 7


# --- E05: the Epic Steed ---------------------------------------------------------------------------------------


def test_E05_an_epic_steed_carries_one_extra_big_item(variant: Variant) -> None:
    t = variant(epic=True).level(0, 10).wear(0, "hammer").hand(0, "anvil")
    t.refuses(PlayCard(0, "anvil"))
    t._take("steed")
    t.set(0, hireling="steed").act(PlayCard(0, "anvil"))
    assert {"hammer", "anvil"} <= set(t.player(0).item_cards)


def test_E05_losing_epic_with_an_extra_big_item_forces_a_discard(variant: Variant) -> None:
    t = variant(epic=True).level(0, 10).wear(0, "hammer", "anvil").hand(1, "curse-level#1")
    t._take("steed")
    t.set(0, hireling="steed")
    t.act(Curse(1, "curse-level#1", 0))
    assert t.state.decisions[0].kind == "lose_item" and set(t.state.decisions[0].cards) == {"hammer", "anvil"}
    t.act(ChooseLoss(0, "anvil"))
    assert t.player(0).item_cards == ("hammer",) and "anvil" in t.state.treasure_discard


def test_E05_equip_stays_legal_for_the_kept_big_item(variant: Variant) -> None:
    t = variant(epic=True).level(0, 10).wear(0, "hammer", equipped=False)
    t.act(Equip(0, "hammer"))
    assert t.player(0).items[0].equipped


def test_E04_losing_ludicrous_strength_turns_the_second_two_hander_sideways(variant: Variant) -> None:
    t = variant(epic=True).klass(0, "epic-warrior").level(0, 10).wear(0, "chainsaw", "elf-bow").hand(1, "curse-level#1")
    t.act(Curse(1, "curse-level#1", 0))
    assert [c.equipped for c in t.player(0).items] == [True, False]


# --- the simulate command plays every variant (issue 7) -----------------------------------------------------


def test_E02_simulate_takes_options_and_packs(capsys: pytest.CaptureFixture[str]) -> None:
    from doorkick.client.main import main
    from doorkick.shared.simulate import parse_options

    assert parse_options("epic,fairy_dust_on_top,reaction_seconds=3.75") == {
        "epic": True,
        "fairy_dust_on_top": True,
        "reaction_seconds": 3.75,
    }
    argv = ["simulate", "--players", "3", "--games", "2", "--seed", "2"]
    assert main([*argv, "--packs", "core,epic,fairy-dust", "--options", "epic,listening_at_the_door"]) == 0
    out = capsys.readouterr().out
    assert "games finished:  2 of 2" in out and "mean winning level: 20.0" in out
