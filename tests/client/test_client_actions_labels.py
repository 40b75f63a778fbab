"""Every legal action gets a readable label, and typed addresses parse or are refused."""

from __future__ import annotations

from doorkick.client.actions import decode, describe, group, sent
from doorkick.client.scenes.browser import parse_address
from doorkick.client.session import LocalSession
from doorkick.client.words import Words
from doorkick.shared.bots.easy import EasyBot
from doorkick.shared.rules.base import SeatSetup
from doorkick.shared.rules.munchkin.actions import (
    AskForHelp,
    EndTurn,
    Equip,
    FireArrow,
    GiveCharity,
    KickOpenTheDoor,
    Pass,
    Sell,
    UseOneShot,
)
from doorkick.shared.rules.registry import ruleset
from doorkick.shared.rules.wonderland.actions import PlayFriend, Roll


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
                label = describe(action, lambda s: f"Player{s + 1}", lambda c: "Card", game)
                assert label and "{" not in label and "_" not in label.split("(")[0], label
            chosen = bot.choose(engine, state, waiting[0])
            assert chosen is not None
            state, _ = engine.apply(state, chosen)


def test_actions_about_one_card_go_to_that_card() -> None:
    by_card, by_kind = group([Equip(0, "hat"), Pass(0), Sell(0, ("a",))])
    assert list(by_card) == ["hat"] and list(by_kind) == [Pass, Sell]


def test_the_hosts_legal_list_is_read_into_the_engines_records_and_sent_back_as_it_came() -> None:
    wires = [{"type": "equip", "seat": 1, "card": "hat"}, {"type": "sell", "seat": 1, "cards": ["a", "b"]}]
    actions = decode("munchkin", [*wires[:1], {"type": "no_such_move", "seat": 1}, *wires[1:]])
    assert actions == [Equip(1, "hat"), Sell(1, ("a", "b"))]  # one it cannot read is left out, the rest kept
    assert [sent(a) for a in actions] == [
        {"type": "equip", "card": "hat"},
        {"type": "sell", "cards": ["a", "b"], "doubled": "", "tripled": ""},
    ]


def test_addresses() -> None:
    assert parse_address("10.0.0.5", 47474) == ("10.0.0.5", 47474)
    assert parse_address("host.lan:5000", 47474) == ("host.lan", 5000)
    assert parse_address("[fe80::1]:9", 47474) == ("fe80::1", 9)
    for bad in ("", "a:b", "h:0", "h:70000", "[::1"):
        assert parse_address(bad, 47474) is None


def test_a_sessions_legal_actions_are_read_once_per_state_that_arrives() -> None:
    engine = ruleset("munchkin")
    session = LocalSession(engine, tuple(SeatSetup(n) for n in ("Ann", "Ben", "Cy")), 8, [0])
    first = session.legal(0)
    assert first and first is session.legal(0)  # the same state: read once
    assert first == list(engine.legal_actions(session.engine_state, 0))  # the engine's own records, in its order
    assert [a.to_wire() for a in first] == session.records[0].legal  # the wire form unchanged
    session.act(0, sent(first[0]))
    assert session.legal(0) is not first  # a new state: read again
    assert session.legal(None) == []  # a spectator has nothing to do


def test_a_label_reads_its_records_fields_and_their_defaults() -> None:
    """The labels whose wording turns on a field left at its default (nobody, no monster, no card named)."""
    names = {0: "Ann", 1: "Ben"}
    words = Words("munchkin", names.__getitem__, str.title, viewer=lambda: 0)
    assert [words.action(a) for a in (GiveCharity(0, "hat"), GiveCharity(0, "hat", to=1))] == [
        "Discard Hat as charity",
        "Give Hat to Ben as charity",
    ]
    assert [words.action(a) for a in (UseOneShot(0, "pie"), UseOneShot(0, "pie", target=0))] == [
        "Use Pie",
        "Use Pie on yourself",
    ]
    assert [words.action(a) for a in (Sell(0, ("a", "b")), Sell(0, ("a", "b"), doubled="a"))] == [
        "Sell A and B",
        "Sell A and B (A counts double)",
    ]
    assert [words.action(a) for a in (KickOpenTheDoor(0), FireArrow(0, "x", target=1))] == [
        "Kick open the door",
        "Fire an arrow at Ben (-2; discard X)",
    ]
    assert words.kind(AskForHelp) == "Ask for help" and words.why_not(EndTurn).startswith("Only once")
    wonderland = Words("wonderland", names.__getitem__, str.title)
    assert wonderland.action(PlayFriend(0, "cat")) == "Play Cat as a Friend"
    assert wonderland.action(PlayFriend(0, "cat", replace="hat")) == "Play Cat as a Friend, replacing Hat"
    assert wonderland.kind(Roll) == "Roll the die"
