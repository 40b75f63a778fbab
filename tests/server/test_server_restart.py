"""Saves: a host killed with SIGKILL at any moment comes back with every unfinished game where it was."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import msgpack
from wire_client import WireClient, hosted, hosted_match, play_until_over, started, table_of

from doorkick.server import actionlog, journal
from doorkick.server.store import ActionLog, Store, atomic_write

HERE = Path(__file__).parent


def start_host(data_dir: Path) -> tuple[subprocess.Popen[str], int]:
    env = {**os.environ, "PYTHONPATH": str(HERE)}
    process = subprocess.Popen(
        [sys.executable, str(HERE / "fake_host.py"), str(data_dir)], stdout=subprocess.PIPE, text=True, env=env
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    assert line.startswith("listening on "), line
    return process, int(line.rsplit(":", 1)[1])


async def acts(clients: list[WireClient], count: int) -> None:
    for _ in range(count):
        for client in clients:
            await client.drain(0.003)
        mover = next((c for c in clients if c.my_legal()), None)
        if mover is not None:
            assert (await mover.act(mover.my_legal()[0])).type == "ok"


def test_kill_9_then_restart_resumes_every_unfinished_table(tmp_path: Path) -> None:
    host, port = start_host(tmp_path)
    try:

        async def before() -> tuple[list[list[WireClient]], WireClient]:
            first = await started(port, ["A", "B", "C"])
            second = await started(port, ["D", "E"])
            done = await started(port, ["F", "G"])
            await acts(first, 12)
            await acts(second, 7)
            await play_until_over(done)
            for client in first + second:
                await client.drain(0.02)
            assert done[0].table is not None
            return [first, second], done[0]

        tables, winner = asyncio.run(before())
        finished_id = winner.table
        assert finished_id is not None
        host.send_signal(signal.SIGKILL)
        host.wait(10)
        host, port = start_host(tmp_path)

        async def after() -> None:
            listing = WireClient(port)
            await listing.connect("Lister")
            summaries = (await listing.request("list_tables")).get("tables")
            assert {s["table"] for s in summaries} == {t[0].table for t in tables}
            for old_clients in tables:
                fresh = []
                for old in old_clients:
                    client = WireClient(port)
                    await client.connect("Again")
                    reply = await client.request("resume", table=old.table, token=old.token)
                    assert (reply.type, reply.get("seat")) == ("seated", old.seat)
                    await client.expect("snapshot")
                    assert client.seq == old.seq and client.state == old.state
                    fresh.append(client)
                await play_until_over(fresh)
            # The finished game is not listed after the restart, but its players still get its result.
            again = WireClient(port)
            await again.connect("Again")
            reply = await again.request("resume", table=finished_id, token=winner.token)
            assert (reply.type, reply.get("seat")) == ("seated", winner.seat), reply
            snapshot = await again.expect("snapshot")
            assert snapshot.get("seq") == winner.seq and snapshot.get("state")["outcome"] is not None

        asyncio.run(after())
        assert not (tmp_path / "tables" / finished_id).exists()
        assert (tmp_path / "history" / finished_id / "actions.log").stat().st_size > 0  # kept as a replay
    finally:
        host.send_signal(signal.SIGINT)
        assert host.wait(10) == 0


def test_records_are_replaced_whole_and_the_server_id_is_stable(tmp_path: Path) -> None:
    store = Store(tmp_path)
    assert store.server_id() == Store(tmp_path).server_id()
    atomic_write(tmp_path / "x", b"one")
    atomic_write(tmp_path / "x", b"two")
    assert (tmp_path / "x").read_bytes() == b"two"
    assert not (tmp_path / "x.tmp").exists()


def test_kill_9_in_the_middle_of_bot_play_loses_nothing_acknowledged(tmp_path: Path) -> None:
    import fake_game

    from doorkick.shared.rules.base import SeatSetup

    host, port = start_host(tmp_path)
    try:

        async def before() -> tuple[str, str, int]:
            (alice,) = await table_of(port, ["Alice"], seats=6, bots=5, options={"goal": 10**6})
            assert (await alice.request("start")).type == "ok"
            assert (await alice.request("leave")).type == "left"  # now bots play every seat, flat out
            assert alice.table is not None and alice.token is not None
            assert (await alice.request("watch", table=alice.table)).type == "watching"
            while alice.seq < 300:
                await alice.drain(0.01)
            return alice.table, alice.token, alice.seq

        table, token, seen = asyncio.run(before())
        host.send_signal(signal.SIGKILL)
        host.wait(10)
        logged = ActionLog.read(tmp_path / "tables" / table / "actions.log")
        assert len(logged) >= seen  # everything a viewer was told had been written first
        host, port = start_host(tmp_path)

        async def after() -> None:
            log_path = tmp_path / "tables" / table / "actions.log"
            for _ in range(100):  # the bot standing in for Alice (she left) carries on after the restart
                await asyncio.sleep(0.02)
                if len(ActionLog.read(log_path)) > len(logged):
                    break
            else:
                raise AssertionError("nobody played after the restart")
            alice = WireClient(port)
            await alice.connect("Alice")
            assert (await alice.request("resume", table=table, token=token)).type == "seated"
            snapshot = await alice.expect("snapshot")
            assert snapshot.get("seq") >= len(logged)
            actions = ActionLog.read(tmp_path / "tables" / table / "actions.log")[: snapshot.get("seq")]
            record = msgpack.unpackb((tmp_path / "tables" / table / "record.msgpack").read_bytes())
            engine = fake_game.RULESET
            state = engine.new_game(
                tuple(SeatSetup(s["name"], s["sex"]) for s in record["seats"]), record["seed"], (), record["options"]
            )
            for wire in actions:
                state, _ = engine.apply(state, engine.action_from_wire(wire))
            assert snapshot.get("state")["view"] == engine.player_view(state, 0)

        asyncio.run(after())
    finally:
        host.send_signal(signal.SIGINT)
        assert host.wait(10) == 0


def test_a_save_that_no_longer_replays_is_set_aside_and_the_host_carries_on(tmp_path: Path) -> None:
    host, port = start_host(tmp_path)
    try:

        async def before() -> tuple[str, str]:
            kept = await started(port, ["A", "B"])
            broken = await started(port, ["C", "D"])
            await acts(kept, 3)
            await acts(broken, 3)
            assert kept[0].table is not None and broken[0].table is not None
            return kept[0].table, broken[0].table

        kept_id, broken_id = asyncio.run(before())
        host.send_signal(signal.SIGKILL)
        host.wait(10)
        # As if an older engine had written it: an action today's rules do not know.
        log_path = tmp_path / "tables" / broken_id / "actions.log"
        count = len(ActionLog.read(log_path))
        with log_path.open("ab") as f:
            f.write(actionlog.frame(count + 1, {"type": "no_such_action", "seat": 0}))
        host, port = start_host(tmp_path)

        async def after() -> None:
            listing = WireClient(port)
            await listing.connect("Lister")
            summaries = (await listing.request("list_tables")).get("tables")
            assert {s["table"] for s in summaries} == {kept_id}

        asyncio.run(after())
        assert (tmp_path / "set-aside" / broken_id / "actions.log").is_file()  # nothing is lost
        assert not (tmp_path / "tables" / broken_id).exists()
    finally:
        host.send_signal(signal.SIGINT)
        host.wait(10)


def test_an_action_is_on_the_disk_before_it_is_acknowledged(tmp_path: Path, monkeypatch: Any) -> None:
    # A power cut, unlike kill -9, loses what the OS had not flushed: nobody hears of an action before the journal
    # that holds it is synced (its table's log is synced later, at a checkpoint).
    synced: dict[int, int] = {}  # descriptor -> its file's size when it was last synced
    real_fdatasync = os.fdatasync

    def fdatasync(fd: int) -> None:
        real_fdatasync(fd)
        synced[fd] = os.fstat(fd).st_size

    monkeypatch.setattr("doorkick.server.journal.os.fdatasync", fdatasync)

    async def scenario() -> None:
        async with hosted(tmp_path) as server:
            alice, bob = await started(server.port, ["Alice", "Bob"])
            match = hosted_match(server, alice)
            assert match.log is not None and server.store.disk.journal is not None
            journal_fd = server.store.disk.journal._fd
            for _ in range(5):
                for _ in range(500):  # both hold the latest state (bots may have played at the start)
                    if alice.seq == bob.seq == match.seq:
                        break
                    await alice.drain(0.005)
                    await bob.drain(0.005)
                mover = next(c for c in (alice, bob) if c.my_decision())
                assert (await mover.act(mover.my_decision()[0])).type == "ok"
                assert synced.get(journal_fd) == os.fstat(journal_fd).st_size  # all of it, synced
                held = journal.read(server.store.disk.journal.path).tables.get(match.table.id, {})
                on_disk = {*actionlog.read(match.log.path).found, *held}
                assert sorted(on_disk) == list(range(1, match.seq + 1)) and match.seq == mover.seq

    asyncio.run(scenario())
