"""The host's clocks made for people (R01), over real sockets: a menu opened late gets its warning time once, a
clock that acts says so, and a table without a reaction timer waits as long as for any decision."""

from __future__ import annotations

import asyncio
import math
from pathlib import Path
from typing import Any

import fake_game
import pytest
from wire_client import WireClient, hosted, hosted_match, started

from doorkick.shared import protocol


async def bobs_window(alice: WireClient, bob: WireClient) -> None:
    """Play on until Bob is waited for in a reaction window (Alice landed on a multiple of five)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 120  # a hang, not a slow game: the window comes within a few turns
    while not any(w["type"] == "pass" for w in bob.my_legal()):
        assert loop.time() < deadline and not alice.finished(), "no reaction window came up for Bob"
        for client in (alice, bob):
            if client.my_legal():
                await client.act(next(w for w in client.my_legal() if w["type"] != "heckle"))
        await alice.drain(0.005)
        await bob.drain(0.005)


def bobs_timer(kind: str) -> Any:
    return lambda m: m.type == "timer" and m.get("seat") == 1 and m.get("kind") == kind


def test_a_menu_opened_late_gets_the_warning_time_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Clocks long enough for Bob's prompt "hold" on a busy machine; the warning's time longer than the pass clock.
    monkeypatch.setattr(fake_game, "WINDOW_SECONDS", 3.0)
    monkeypatch.setattr(protocol, "HOLD_SECONDS", 5.0)

    async def scenario() -> None:
        async with hosted(tmp_path, pass_timeout=1.0, seed=5) as server:
            alice, bob = await started(server.port, ["Alice", "Bob"], seats=2)
            await bobs_window(alice, bob)
            assert (await bob.wait_for(bobs_timer("pass"))).get("seconds") == 3.0
            assert (await bob.request("hold")).type == "ok"
            assert (await bob.wait_for(bobs_timer("pass"))).get("seconds") == 5.0  # topped up for the warning
            assert (await bob.request("hold")).type == "ok"  # once per clock: the second changes nothing
            await bob.wait_for(bobs_timer("out"))  # the clock, not Bob, acts now: everyone hears it
            assert not any(bobs_timer("pass")(m) for m in bob.inbox)
            await bob.wait_for(
                lambda m: m.type == "update" and any(e["type"] == "pass" and e["seat"] == 1 for e in m.get("events"))
            )
            await alice.wait_for(bobs_timer("out"))

    asyncio.run(scenario())


def test_holding_without_a_game_is_refused(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path) as server:
            alice = WireClient(server.port)
            await alice.connect("Alice")
            assert (await alice.request("hold")).get("code") == "not_seated"

    asyncio.run(scenario())


class NoTimerRace(fake_game.DiceRace):
    """The dice race at a table that chose no reaction timer (R01's "none")."""

    def reaction_seconds(self, state: fake_game.RaceState) -> float | None:
        return math.inf if state.reacting else None


def test_a_table_without_a_reaction_timer_waits_as_long_as_for_any_decision(tmp_path: Path) -> None:
    race = NoTimerRace()

    async def scenario() -> None:
        async with hosted(tmp_path, rulesets=lambda game: race, pass_timeout=0.05, turn_timeout=5.0, seed=5) as server:
            alice, bob = await started(server.port, ["Alice", "Bob"], seats=2)
            await bobs_window(alice, bob)
            await bob.drain(0.05)
            clock = [m for m in bob.inbox if m.type == "timer" and m.get("seat") == 1][-1]  # the window's own
            assert (clock.get("kind"), clock.get("seconds")) == ("turn", 5.0)  # not the 0.05 s pass clock
            await bob.wait_for(bobs_timer("out"))

    asyncio.run(scenario())


def test_bots_on_a_host_act_about_once_a_second_by_default() -> None:
    import argparse

    from doorkick.server import cli
    from doorkick.server.config import ServerConfig

    parser = argparse.ArgumentParser()
    cli.add_arguments(parser, "host")
    assert ServerConfig().bot_delay == 1.0 == cli.config_from(parser.parse_args([])).bot_delay
    assert cli.config_from(parser.parse_args(["--bot-delay", "0"])).bot_delay == 0.0


class CountingRace(fake_game.DiceRace):
    """The dice race, counting how often the host asks for a reaction window's time."""

    def __init__(self) -> None:
        self.reaction_asked = 0

    def reaction_seconds(self, state: fake_game.RaceState) -> float | None:
        self.reaction_asked += 1
        return super().reaction_seconds(state)


def test_with_both_clocks_off_a_move_starts_no_clock_and_looks_nothing_up(tmp_path: Path) -> None:
    race = CountingRace()

    async def scenario() -> None:
        async with hosted(tmp_path, rulesets=lambda game: race, pass_timeout=None, turn_timeout=None, seed=5) as server:
            alice, bob = await started(server.port, ["Alice", "Bob"], seats=2)
            await bobs_window(alice, bob)  # a reaction window, where a pass clock would start
            await bob.act(next(w for w in bob.my_legal() if w["type"] == "pass"))
            await alice.drain(0.05)
            await bob.drain(0.05)
            assert not any(m.type == "timer" for m in [*alice.inbox, *bob.inbox])
            assert race.reaction_asked == 0  # nor asked after every move what the clock would be
            match = hosted_match(server, alice)
            assert not match.timers and not match.bot_turns

    asyncio.run(scenario())
