"""Every legal action gets a readable label, and typed addresses parse or are refused."""

from __future__ import annotations

from doorkick.client.actions import describe, group
from doorkick.client.scenes.browser import parse_address
from doorkick.shared.bots.easy import EasyBot
from doorkick.shared.rules.base import SeatSetup
from doorkick.shared.rules.registry import ruleset


def test_every_action_of_a_few_games_reads_as_words() -> None:
    for game in ("munchkin", "wonderland"):
        engine = ruleset(game)
        state = engine.new_game(tuple(SeatSetup(n) for n in ("Ann", "Ben", "Cy")), 8)
        bot = EasyBot(8)
        for _ in range(300):
            waiting = sorted(engine.seats_to_act(state))
            if not waiting or engine.outcome(state) is not None:
                break
            for action in engine.legal_actions(state, waiting[0]):
                label = describe(action.to_wire(), lambda s: f"Player{s + 1}", lambda c: "Card", game)
                assert label and "{" not in label and "_" not in label.split("(")[0], label
            chosen = bot.choose(engine, state, waiting[0])
            assert chosen is not None
            state, _ = engine.apply(state, chosen)


def test_actions_about_one_card_go_to_that_card() -> None:
    by_card, by_kind = group([{"type": "equip", "card": "hat"}, {"type": "pass"}, {"type": "sell", "cards": ["a"]}])
    assert list(by_card) == ["hat"] and sorted(by_kind) == ["pass", "sell"]


def test_addresses() -> None:
    assert parse_address("10.0.0.5", 47474) == ("10.0.0.5", 47474)
    assert parse_address("host.lan:5000", 47474) == ("host.lan", 5000)
    assert parse_address("[fe80::1]:9", 47474) == ("fe80::1", 9)
    for bad in ("", "a:b", "h:0", "h:70000", "[::1"):
        assert parse_address(bad, 47474) is None
