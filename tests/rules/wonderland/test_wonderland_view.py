"""What a seat sees: its own hand in full, others as counts, public fights; and the engine behind the CLI."""

from __future__ import annotations

import pytest
from wonderland_support import fight, table

from doorkick.client.main import main
from doorkick.shared.rules.registry import ruleset
from doorkick.shared.rules.wonderland import RULESET
from doorkick.shared.rules.wonderland.state import FIGHT, HELPER_PICK, OVER


def test_own_hand_in_full_other_hands_as_counts_and_no_secrets() -> None:
    state = table(hands=[["vorpal_blade", "dinah"], ["jam_tart"], [], []], friends=[[], ["march_hare"], [], []])
    view = RULESET.player_view(state, 0)
    assert view["hand"] == ["vorpal_blade", "dinah"] and view["gold"] == 5
    assert [p["hand_count"] for p in view["players"]] == [2, 1, 0, 0]
    assert view["players"][1]["friends"] == ["march_hare"]  # Friends in play are public
    assert "jam_tart" not in repr(view) and "rng" not in view
    assert view["treasure_deck"] == len(state.treasure_deck) and view["monster_deck"] == 30
    assert "legal" not in view and "to_act" not in view  # the host sends them once, beside the view
    spectator = RULESET.player_view(state, None)
    assert spectator["hand"] is None and spectator["gold"] is None
    assert "vorpal_blade" not in repr(spectator)
    with pytest.raises(ValueError, match="no seat 9"):
        RULESET.player_view(state, 9)


def test_a_fight_is_public_with_both_powers() -> None:
    state = table(
        phase=FIGHT,
        positions=["room5"] + ["entrance"] * 3,
        fight=fight(5, cards=("humpty_dumpty",), dice=(("fighter", 2),)),
    )
    shown = RULESET.player_view(state, 2)["fight"]
    assert shown["monster"] == "The Red Queen" and shown["monster_power"] == 9 and shown["munchkin_power"] == 2
    assert shown["monster_cards"] == ["humpty_dumpty"] and shown["dice"] == [{"owner": "fighter", "face": 2}]


def test_a_helped_wins_treasures_are_shown_to_everybody() -> None:
    state = table(
        phase=HELPER_PICK,
        positions=["room5", "room5", "entrance", "entrance"],
        fight=fight(5, dice=(("fighter", 6), ("helper", 6)), helper=1, rewards=("jam_tart", "vorpal_blade")),
    )
    assert RULESET.player_view(state, 3)["fight"]["rewards"] == ["jam_tart", "vorpal_blade"]
    assert RULESET.seats_to_act(state) == frozenset({1})


def test_at_the_end_every_hand_and_its_gold_is_shown() -> None:
    state = table(phase=OVER, hands=[["vorpal_blade"], ["jam_tart"], [], []])
    end = RULESET.player_view(state, 1)["outcome"]
    assert end["winners"] == [0] and end["gold"] == [5, 1, 0, 0] and end["hands"][0] == ["vorpal_blade"]


def test_the_registry_and_simulate_run_wonderland(capsys: pytest.CaptureFixture[str]) -> None:
    assert ruleset("wonderland") is RULESET
    assert RULESET.game == "wonderland" and RULESET.score_name == "gold"
    assert main(["simulate", "--game", "wonderland", "--players", "3", "--games", "3", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "games finished:  3 of 3" in out and "mean winning gold" in out
