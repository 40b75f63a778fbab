"""Hard bots think in worker processes (`server/bot_pool.py`) and play there exactly what they play in-process."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from wire_client import hosted, hosted_match, table_of

from doorkick.server import bot_pool
from doorkick.server.bot_pool import BotPool
from doorkick.shared.bots import make_bot
from doorkick.shared.rules.base import SeatSetup
from doorkick.shared.rules.registry import ruleset


def _positions(game: str, count: int) -> list[tuple[Any, int]]:
    """`count` states where seat 0 must decide with more than one legal action, reached by normal bots."""
    rules = ruleset(game)
    state = rules.new_game(tuple(SeatSetup(f"P{i}") for i in range(4)), 7)
    players = [make_bot(game, "normal", 40 + i) for i in range(4)]
    found: list[tuple[Any, int]] = []
    while len(found) < count and rules.outcome(state) is None:
        seat = min(rules.seats_to_act(state))
        if seat == 0 and len(list(rules.legal_actions(state, 0))) > 1:
            found.append((state, 0))
        action = players[seat].choose(rules, state, seat) or next(iter(rules.legal_actions(state, seat)))
        state, _ = rules.apply(state, action)
    return found


@pytest.mark.parametrize("game", ["munchkin", "wonderland"])
def test_a_hard_bots_moves_come_from_the_pool_and_are_its_moves_in_process(game: str) -> None:
    rules = ruleset(game)
    positions = _positions(game, 4)
    here, there = make_bot(game, "hard", 11), make_bot(game, "hard", 11)
    expected = [here.choose(rules, state, seat) for state, seat in positions]

    async def scenario() -> list[Any]:
        pool = BotPool(workers=1)
        moves = []
        try:
            bot = there
            for state, seat in positions:  # each decision goes on from the bot as the last one left it
                action, bot = await pool.choose(rules, bot, state, seat)
                moves.append(action)
        finally:
            await asyncio.to_thread(pool.close)
        assert (pool.submitted, pool.in_threads) == (len(positions), False)
        assert pool.sent_bytes < 8_000 * len(positions)  # the catalogue travels by its packs' names
        return moves

    assert asyncio.run(scenario()) == expected


def test_a_state_travels_with_its_catalogue_and_board_by_name() -> None:
    for game in ("munchkin", "wonderland"):
        state, _ = _positions(game, 1)[0]
        again = bot_pool.loads(bot_pool.dumps(state))
        assert again == state and again.catalog is bot_pool.loads(bot_pool.dumps(state)).catalog
        assert len(bot_pool.dumps(state)) < len(bot_pool.dumps(dict(state.catalog.defs))) / 4
        if game == "wonderland":
            assert again.board is state.board  # shipped boards are loaded once per process


def test_without_processes_the_bot_thinks_in_a_thread_and_plays_the_same() -> None:
    rules = ruleset("wonderland")
    ((state, seat),) = _positions("wonderland", 1)
    expected = make_bot("wonderland", "hard", 3).choose(rules, state, seat)
    pool = BotPool(processes=False)
    action, _ = asyncio.run(pool.choose(rules, make_bot("wonderland", "hard", 3), state, seat))
    assert (action, pool.submitted) == (expected, 0)


def test_a_hosts_hard_bots_think_in_its_pool(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path, rulesets=ruleset, games=["wonderland"], seed=5) as server:
            (alice,) = await table_of(server.port, ["Alice"], seats=3, bots=2, game="wonderland", bot_level="hard")
            assert (await alice.request("start")).type == "ok"
            await alice.expect("snapshot")
            match = hosted_match(server, alice)
            assert (await alice.request("leave")).type == "left"  # a stand-in plays her seat: the bots play on
            loop = asyncio.get_running_loop()
            deadline = loop.time() + 60
            while server.lobby.bot_pool.submitted < 3:
                assert loop.time() < deadline, f"{server.lobby.bot_pool.submitted} bot moves came from the pool"
                await asyncio.sleep(0.05)
            assert match.seq >= 2 and not server.lobby.bot_pool.in_threads

    asyncio.run(scenario())


def test_a_worker_that_dies_costs_one_decision_in_a_thread_then_new_workers_start() -> None:
    import os
    import signal

    rules = ruleset("wonderland")
    positions = _positions("wonderland", 3)
    here = make_bot("wonderland", "hard", 5)
    expected = [here.choose(rules, state, seat) for state, seat in positions]

    async def scenario() -> list[Any]:
        pool = BotPool(workers=1)
        bot = make_bot("wonderland", "hard", 5)
        moves = []
        try:
            for n, (state, seat) in enumerate(positions):
                if n == 1:  # the worker is killed between two decisions (out of memory, say)
                    assert pool._pool is not None
                    for process in list(pool._pool._processes.values()):
                        assert process.pid is not None
                        os.kill(process.pid, signal.SIGKILL)
                        process.join()
                action, bot = await pool.choose(rules, bot, state, seat)
                moves.append(action)
        finally:
            await asyncio.to_thread(pool.close)
        assert not pool.in_threads and pool.submitted == 3  # the third went to a new worker
        return moves

    assert asyncio.run(scenario()) == expected


def test_where_no_process_can_start_the_bots_think_in_a_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_processes(workers: int) -> None:
        raise OSError(38, "Function not implemented")  # what a system without sem_open says

    monkeypatch.setattr(bot_pool, "_start", no_processes)
    rules = ruleset("wonderland")
    ((state, seat),) = _positions("wonderland", 1)
    expected = make_bot("wonderland", "hard", 3).choose(rules, state, seat)
    pool = BotPool()
    action, _ = asyncio.run(pool.choose(rules, make_bot("wonderland", "hard", 3), state, seat))
    assert (action, pool.in_threads) == (expected, True)
