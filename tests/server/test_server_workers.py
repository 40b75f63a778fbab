"""A host that shards its tables across worker processes: games played in a worker, a killed worker's tables
opened again from their saves with the seated players still at them."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import socket
from pathlib import Path
from typing import Any

from wire_client import WireClient, hosted, hosted_table, play_until_over, table_of

from doorkick.client.verify import verify_saved
from doorkick.server import relay
from doorkick.server.config import ServerConfig
from doorkick.server.match import Match
from doorkick.server.tables import Seat, Table
from doorkick.server.workers import MAX_MOVES, RemoteMatch, WorkerPool
from doorkick.shared import protocol as p
from doorkick.shared.rules import registry

GAME = "wonderland"


async def seated(port: int, names: list[str], bots: int) -> list[WireClient]:
    players = await table_of(port, names, seats=len(names) + bots, bots=bots, game=GAME)
    for client in players[1:]:
        assert (await client.request("ready", ready=True)).type == "ok"
    assert (await players[0].request("start")).type == "ok"
    for client in players:
        await client.expect("snapshot")
    return players


async def play(players: list[WireClient], chooser: random.Random, moves: int, expect_ok: bool = False) -> None:
    """`moves` rounds: the first human who must decide plays a random listed action, the bots play in between."""
    for _ in range(moves):
        mover = next((c for c in players if c.my_decision()), None)
        if mover is not None:
            reply = await mover.act(chooser.choice(mover.my_decision()))
            assert reply.type == "ok" or not expect_ok
        for client in players:
            await client.drain(0.05)


def test_a_table_in_a_worker_plays_a_whole_bot_game_that_verifies_as_fair(tmp_path: Path) -> None:
    async def scenario() -> None:
        # No fixed seed: the players' seed round deals, and the worker's last state is what `verify` checks.
        async with hosted(tmp_path, rulesets=registry.ruleset, games=[GAME], workers=1) as server:
            players = await seated(server.port, ["Ann"], bots=5)
            watcher = WireClient(server.port)
            await watcher.connect("Watcher")
            assert (await watcher.request("watch", table=players[0].table)).type == "watching"
            await watcher.expect("snapshot")
            table = hosted_table(server, players[0])
            assert isinstance(table.match, RemoteMatch)
            assert server.workers is not None and server.workers.workers[0].pid != os.getpid()
            await play_until_over(players, timeout=120)
            while not watcher.finished():
                await watcher.drain(0.02)
            assert players[0].seq > 20 and watcher.seq == players[0].seq
            assert watcher.state is not None and players[0].state is not None
            assert watcher.state["outcome"] == players[0].state["outcome"] is not None
            for _ in range(200):  # the host moves the game to the history once the worker says it is over
                if table.finished:
                    break
                await asyncio.sleep(0.05)
            assert table.finished and table.outcome == players[0].state["outcome"]
            assert isinstance(table.fairness, dict) and isinstance(table.fairness["final_checksum"], int)
            await server.store.settled()
            # a whole game replayed: off the loop, which the loop watch holds to 20 ms a callback
            verdict = await asyncio.to_thread(verify_saved, tmp_path / "history" / table.id)
            assert verdict.fair is True, verdict

    asyncio.run(scenario())


def test_a_killed_worker_s_table_resumes_from_its_save_with_its_player_still_seated(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path, rulesets=registry.ruleset, games=[GAME], seed=11, workers=1) as server:
            players = await seated(server.port, ["Ann", "Ben"], bots=4)
            watcher = WireClient(server.port)
            await watcher.connect("Watcher")
            assert (await watcher.request("watch", table=players[0].table)).type == "watching"
            await watcher.expect("snapshot")
            await play(players, random.Random(3), 6)  # a few moves of the humans, the bots in between
            assert server.workers is not None
            dead = server.workers.workers[0]
            before = players[0].seq
            assert before > 0
            for _ in range(100):  # the bots have played: a human decides
                if any(c.my_decision() for c in players):
                    break
                for client in players:
                    await client.drain(0.05)
            # The worker stops before it can answer an action on its way, then dies.
            os.kill(dead.pid, signal.SIGSTOP)
            mover = next(c for c in players if c.my_decision())
            asked = next(mover.ids)
            mover.send("action", asked, token=mover.token, action=mover.my_decision()[0])
            await mover.drain(0.2)
            os.kill(dead.pid, signal.SIGKILL)
            refused = await mover.wait_for(lambda m: m.id == asked, timeout=30)
            assert (refused.type, refused.get("code")) == ("error", "restarted")
            # Each seated player is sent the game again as its save has it, on the new worker, and plays on.
            for client in [*players, watcher]:
                await client.wait_for(lambda m: m.type == "snapshot", timeout=30)
            assert server.workers.restarts == 1 and server.workers.workers[0] is not dead
            # Nothing a player saw is lost: the game goes on from where they were, on the new worker.
            assert players[0].seq >= before and players[0].seq == players[1].seq
            table = hosted_table(server, players[0])
            assert isinstance(table.match, RemoteMatch) and table.match.worker is server.workers.workers[0]
            await play_until_over(players, timeout=120)
            assert players[0].state is not None and players[0].state["outcome"] is not None
            while not watcher.finished():  # the spectator followed the game on the new worker to its end
                await watcher.drain(0.02)
            assert watcher.seq == players[0].seq
            for _ in range(200):
                if table.finished:
                    break
                await asyncio.sleep(0.05)
            assert table.finished and (tmp_path / "history" / table.id / "actions.log").exists()

    asyncio.run(scenario())


def test_a_host_with_workers_restarted_opens_each_game_in_a_worker_where_it_was(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path, rulesets=registry.ruleset, games=[GAME], seed=11, workers=2) as server:
            players = await seated(server.port, ["Ann", "Ben"], bots=1)
            await play(players, random.Random(5), 4, expect_ok=True)
            match = hosted_table(server, players[0]).match
            assert isinstance(match, RemoteMatch)
            for _ in range(100):  # until the bot has nothing more to play and Ann holds what the host has
                await players[0].drain(0.05)
                if players[0].seq == match.seq and players[0].state and set(players[0].state["to_act"]) & {0, 1}:
                    break
            seq, state = players[0].seq, players[0].state
            assert seq > 0
        async with hosted(tmp_path, rulesets=registry.ruleset, games=[GAME], seed=11, workers=2) as again:
            table = hosted_table(again, players[0])
            assert isinstance(table.match, RemoteMatch)
            back = WireClient(again.port)
            await back.connect("Ann again")
            reply = await back.request("resume", table=players[0].table, token=players[0].token)
            assert reply.type == "seated"
            await back.expect("snapshot")
            assert back.seq == seq and back.state == state

    asyncio.run(scenario())


def test_a_seat_taken_over_while_the_game_moves_gets_its_snapshot_before_any_update(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path, rulesets=registry.ruleset, games=[GAME], seed=11, workers=1) as server:
            players = await seated(server.port, ["Ann", "Ben"], bots=2)
            chooser = random.Random(9)
            for _ in range(5):
                mover = next((c for c in players if c.my_decision()), None)
                if mover is not None:  # an action on its way while the seat changes hands
                    mover.send("action", next(mover.ids), token=mover.token, action=chooser.choice(mover.my_decision()))
                old = players[1]
                again = WireClient(server.port)
                await again.connect("Ben again")
                # WireClient refuses an update that comes before a snapshot (or out of order)
                reply = await again.request("resume", table=old.table, token=old.token)
                assert reply.type == "seated"
                await again.expect("snapshot")
                players[1] = again
                for client in players:
                    await client.drain(0.05)
                assert players[1].seq == players[0].seq
                await old.close()

    asyncio.run(scenario())


def test_a_game_whose_workers_keep_dying_is_given_up_and_the_host_goes_on(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path, rulesets=registry.ruleset, games=[GAME], seed=11, workers=1) as server:
            players = await seated(server.port, ["Ann"], bots=2)
            assert server.workers is not None
            for died in range(1, MAX_MOVES + 2):
                worker = server.workers.workers[0]
                await players[0].drain(0.3)  # the new worker has started
                os.kill(worker.pid, signal.SIGKILL)
                loop = asyncio.get_running_loop()
                deadline = loop.time() + 30
                while server.workers.restarts < died:
                    assert loop.time() < deadline
                    await asyncio.sleep(0.05)
            lost = await players[0].wait_for(lambda m: m.type == "error" and m.get("code") == "table_lost", 30)
            assert lost.id is None
            assert players[0].table is not None
            assert (tmp_path / "tables" / players[0].table / "actions.log").exists()  # kept for a restart
            # The host itself goes on: a new table plays in the new worker.
            others = await seated(server.port, ["Cid"], bots=1)
            assert others[0].state is not None and others[0].seq >= 0

    asyncio.run(scenario())


def test_the_first_games_run_in_the_host_process_and_the_next_on_a_worker(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(
            tmp_path, rulesets=registry.ruleset, games=[GAME], seed=5, workers=1, local_games=1
        ) as server:
            assert server.workers is not None and server.workers.workers[0].ready.done()  # listening: workers up
            first = await seated(server.port, ["Ann"], bots=1)
            second = await seated(server.port, ["Ben"], bots=1)
            here, there = hosted_table(server, first[0]), hosted_table(server, second[0])
            assert isinstance(here.match, Match) and isinstance(there.match, RemoteMatch)
            assert set(server.workers.workers[0].matches) == {there.id}
            await play_until_over([*first, *second], timeout=120)
            assert first[0].state is not None and first[0].state["outcome"] is not None
            assert second[0].state is not None and second[0].state["outcome"] is not None

    asyncio.run(scenario())


async def _channel() -> tuple[relay.Relay, list[list[Any]], asyncio.Event]:
    """A worker's end of a real socketpair, and what the host's end hears."""
    heard: list[list[Any]] = []
    arrived = asyncio.Event()

    def hears(item: list[Any]) -> None:
        heard.append(item)
        arrived.set()

    host, worker = relay.Relay(hears, lambda: None), relay.Relay(lambda item: None, lambda: None)
    ours, theirs = socket.socketpair()
    loop = asyncio.get_running_loop()
    await loop.create_connection(lambda: host, sock=ours)
    await loop.create_connection(lambda: worker, sock=theirs)
    return worker, heard, arrived


def test_a_tables_frames_sent_in_a_row_cross_the_relay_as_one_message_in_order() -> None:
    async def scenario() -> None:
        worker, heard, arrived = await _channel()
        for seat in range(6):
            worker.send_frame("t1", seat, bytes([seat]) * 3)
        worker.send_frame("t1", relay.WATCHERS, b"spectators")
        worker.send_frame("t1", relay.REPLY, b"ok")
        worker.send_frame("t2", 0, b"other table")  # another table's frame starts its own message
        worker.send(relay.PROGRESS, "t2", 5)  # any other message ends the one being gathered, order kept
        worker.send_frame("t2", 1, b"after progress")
        while len(heard) < 4:
            arrived.clear()
            await asyncio.wait_for(arrived.wait(), 5)
        seats = [x for seat in range(6) for x in (seat, bytes([seat]) * 3)]
        assert heard == [
            [relay.FRAMES, "t1", *seats, relay.WATCHERS, b"spectators", relay.REPLY, b"ok"],
            [relay.FRAMES, "t2", 0, b"other table"],
            [relay.PROGRESS, "t2", 5],
            [relay.FRAMES, "t2", 1, b"after progress"],
        ]
        worker.close()

    asyncio.run(scenario())


class _Connection:
    """A stand-in for a connection in the host process: the frames written to it."""

    def __init__(self) -> None:
        self.frames: list[bytes] = []

    def send_frame(self, frame: bytes) -> None:
        self.frames.append(frame)

    def send(self, message: dict[str, Any]) -> None:
        self.frames.append(p.encode(message))


def test_the_host_hands_each_frame_of_a_batch_to_whoever_it_is_for_unchanged() -> None:
    table = Table("t1", "Bench", "wonderland", [Seat(i) for i in range(3)])
    sitting = [_Connection() for _ in range(3)]
    for seat, connection in zip(table.seats, sitting, strict=True):
        seat.client = connection  # type: ignore[assignment]
    watchers = [_Connection(), _Connection()]
    table.spectators = set(watchers)  # type: ignore[arg-type]
    pool = WorkerPool(ServerConfig(), 0)
    match = RemoteMatch(pool, table, 0, None, None)
    mover, waiting_for_snapshot = sitting[1], sitting[2]
    match.waiting.append((mover, 7))  # type: ignore[arg-type]
    match.unsent_seats[2] = pool.viewer_id(waiting_for_snapshot)  # type: ignore[arg-type]
    frames = [0, b"seat 0", 1, b"seat 1", 2, b"seat 2", relay.WATCHERS, b"spectators", relay.REPLY, b"answer"]
    match.received(relay.FRAMES, frames)
    assert sitting[0].frames == [b"seat 0"]
    assert mover.frames == [b"seat 1", b"answer"]
    assert waiting_for_snapshot.frames == []  # its update was built for the state it held before the snapshot
    assert all(w.frames == [b"spectators"] for w in watchers)
    assert not match.waiting
    assert frames[1] is sitting[0].frames[0]  # the very bytes that came from the worker, not a copy
