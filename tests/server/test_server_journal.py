"""The write-ahead journal: one fdatasync per disk batch for every table's actions, table logs synced at
checkpoints, and an acknowledged action that only the journal holds brought back after a kill or a power cut."""

from __future__ import annotations

import asyncio
import logging
import os
import random
import shutil
import signal
import threading
from pathlib import Path
from typing import Any

import msgpack
import pytest
from test_server_restart import acts, start_host
from test_server_workers import GAME, play, seated
from wire_client import WireClient, hosted, hosted_table, started

from doorkick.server import actionlog, journal
from doorkick.server.store import ACTIONS, RECORD, Store
from doorkick.server.workers import RemoteMatch
from doorkick.shared.rules import registry

TABLES = ["0000000a", "0000000b", "0000000c"]


def roll(n: int) -> dict[str, Any]:
    return {"type": "roll", "seat": n % 2, "n": n}


def saved_table(root: Path, table_id: str) -> Path:
    folder = root / "tables" / table_id
    folder.mkdir(parents=True, exist_ok=True)
    record = {"id": table_id, "game": "dice", "started": True, "finished": False, "seq": 0}
    (folder / RECORD).write_bytes(msgpack.packb(record))
    return folder


def frame_ends(path: Path) -> list[int]:
    """Where each frame of a log ends (the first: where the header ends)."""
    data = path.read_bytes()
    ends = [len(actionlog.MAGIC)]
    while ends[-1] < len(data):
        length, _ = actionlog.FRAME.unpack_from(data, ends[-1])
        ends.append(ends[-1] + actionlog.FRAME.size + length)
    return ends


def cut_back(path: Path, keep: int) -> None:
    """The log as a power cut could leave it: only its first `keep` actions reached the disk."""
    os.truncate(path, frame_ends(path)[keep])


async def appended_in_one_batch(store: Store, counts: dict[str, int], start: int = 1) -> None:
    """Each table's actions, queued while the disk is busy, so the disk thread takes them as one batch."""
    free = threading.Event()
    store.disk.call(free.wait)
    logs = {table_id: store.open_log(table_id) for table_id in counts}
    waiting = [logs[t].append(n, roll(n)) for t, count in counts.items() for n in range(start, start + count)]
    free.set()
    await asyncio.gather(*waiting)
    await store.settled()


def test_one_fdatasync_of_the_journal_for_a_batch_of_several_tables_and_no_log_fsync(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fsynced: list[int] = []
    real_fsync = os.fsync

    def counted_fsync(fd: int) -> None:
        fsynced.append(fd)
        real_fsync(fd)

    monkeypatch.setattr("doorkick.server.store.os.fsync", counted_fsync)

    async def scenario() -> None:
        store = Store(tmp_path)
        for table_id in TABLES:
            saved_table(tmp_path, table_id)
        fsynced.clear()
        await appended_in_one_batch(store, {t: 5 for t in TABLES})
        assert store.disk.appends == 15
        assert store.disk.journal_syncs == 1 and store.disk.syncs == 1  # one for all three tables' 15 actions
        assert fsynced == []  # no table's log was synced for them
        held = journal.read(tmp_path / "journal" / "host.journal").tables
        assert {t: sorted(held[t]) for t in TABLES} == {t: [1, 2, 3, 4, 5] for t in TABLES}
        store.close()  # a stop is a checkpoint: the logs synced, the journal emptied
        assert (tmp_path / "journal" / "host.journal").read_bytes() == journal.MAGIC
        for table_id in TABLES:
            assert actionlog.read(tmp_path / "tables" / table_id / ACTIONS).actions == [roll(n) for n in range(1, 6)]

    asyncio.run(scenario())


def test_a_saved_record_syncs_its_table_s_log(tmp_path: Path) -> None:
    async def scenario() -> None:
        store = Store(tmp_path)
        saved_table(tmp_path, TABLES[0])
        await appended_in_one_batch(store, {TABLES[0]: 3})
        (action_log,) = store._logs.values()
        assert action_log.dirty
        store.save_record(TABLES[0], {"id": TABLES[0], "game": "dice", "started": True, "seq": 3})
        await store.settled()
        assert not action_log.dirty and store.disk.syncs == 2
        store.close()

    asyncio.run(scenario())


def test_a_full_journal_syncs_every_log_written_and_starts_afresh_and_a_restarted_journal_recovers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(journal, "LIMIT", 1000)
    live = tmp_path / "live"

    async def scenario() -> None:
        store = Store(live)
        for table_id in TABLES[:2]:
            saved_table(live, table_id)
        await appended_in_one_batch(store, {t: 20 for t in TABLES[:2]})  # past the limit in one batch
        assert store.disk.restarts == 1 and store.disk.syncs == 1 + 2  # the journal, then each log once
        assert all(not one.dirty for one in store._logs.values())
        assert (live / "journal" / "host.journal").read_bytes() == journal.MAGIC
        synced = {t: (live / "tables" / t / ACTIONS).stat().st_size for t in TABLES[:2]}
        await appended_in_one_batch(store, {t: 3 for t in TABLES[:2]}, start=21)
        assert store.disk.restarts == 1
        # A power cut now: each log keeps what was synced at the checkpoint, the journal what came after.
        shutil.copytree(live, tmp_path / "cut")
        for table_id, size in synced.items():
            os.truncate(tmp_path / "cut" / "tables" / table_id / ACTIONS, size)
        store.close()

    asyncio.run(scenario())
    again = Store(tmp_path / "cut")
    try:
        for table_id in TABLES[:2]:
            reading = actionlog.read(tmp_path / "cut" / "tables" / table_id / ACTIONS)
            assert reading.actions == [roll(n) for n in range(1, 24)] and reading.whole
        assert again.recovered == [f"table {t}: 3 action(s) (21-23) restored from the journal" for t in TABLES[:2]]
        assert (tmp_path / "cut" / "journal" / "host.journal").read_bytes() == journal.MAGIC  # folded, cleared
    finally:
        again.close()


def test_a_damaged_journal_entry_is_skipped_and_reported_and_the_rest_folded_in(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    for table_id in TABLES[:2]:
        saved_table(tmp_path, table_id)
    written = journal.Journal(tmp_path / "journal" / "worker-1.journal")  # left by a worker of an earlier run
    for n in range(1, 4):
        for table_id in TABLES[:2]:
            written.add(table_id, actionlog.frame(n, roll(n)))
    written.commit()
    written.close()
    path = tmp_path / "journal" / "worker-1.journal"
    data = bytearray(path.read_bytes())
    entry = len(data) // 2  # inside an entry in the middle: one of the second action's
    data[entry] ^= 0xFF
    path.write_bytes(bytes(data))
    damaged = journal.read(path)
    assert len(damaged.damaged) == 1 and sum(len(t) for t in damaged.tables.values()) == 5
    with caplog.at_level(logging.INFO):
        store = Store(tmp_path)  # the host folds in every journal left behind
    try:
        assert any("do not check out, skipped" in line for line in store.recovered)
        assert "worker-1.journal: bytes" in caplog.text
        found = {t: sorted(actionlog.read(tmp_path / "tables" / t / ACTIONS).found) for t in TABLES[:2]}
        assert sorted(found.values()) == [[1, 2, 3], [1, 3]]  # the damaged entry's action is missing, said so
        assert not path.exists() and (tmp_path / "journal" / "host.journal").exists()
    finally:
        store.close()


def test_a_worker_folds_in_its_own_slot_s_journal_only_and_finished_or_deleted_tables_are_left_alone(
    tmp_path: Path,
) -> None:
    saved_table(tmp_path, TABLES[0])
    for name in ("worker-0", "worker-1"):
        written = journal.Journal(tmp_path / "journal" / f"{name}.journal")
        written.add(TABLES[0], actionlog.frame(1, roll(1)))
        written.add("gone0000", actionlog.frame(1, roll(1)))  # finished (in the history) or deleted
        written.commit()
        written.close()
    store = Store(tmp_path, journal.worker_name(0))
    try:
        assert store.recovered == [f"table {TABLES[0]}: 1 action(s) (1-1) restored from the journal"]
        assert not (tmp_path / "tables" / "gone0000").exists()
        assert (tmp_path / "journal" / "worker-0.journal").read_bytes() == journal.MAGIC
        assert sorted(journal.read(tmp_path / "journal" / "worker-1.journal").tables) == [TABLES[0], "gone0000"]
    finally:
        store.close()


def test_an_acknowledged_action_only_in_the_journal_is_there_after_kill_9_and_restart(tmp_path: Path) -> None:
    host, port = start_host(tmp_path)
    try:

        async def before() -> list[WireClient]:
            players = await started(port, ["A", "B"])
            await acts(players, 9)
            for client in players:
                await client.drain(0.05)
            return players

        players = asyncio.run(before())
        acknowledged = players[0].seq
        assert acknowledged >= 9
        host.send_signal(signal.SIGKILL)
        host.wait(10)
        log_path = tmp_path / "tables" / str(players[0].table) / ACTIONS
        cut_back(log_path, acknowledged - 4)  # the log's last four actions never reached the disk
        host, port = start_host(tmp_path)

        async def after() -> None:
            client = WireClient(port)
            await client.connect("Again")
            old = players[0]
            assert (await client.request("resume", table=old.table, token=old.token)).type == "seated"
            await client.expect("snapshot")
            assert client.seq == acknowledged and client.state == old.state

        asyncio.run(after())
        assert len(actionlog.read(log_path).actions) == acknowledged
    finally:
        host.send_signal(signal.SIGINT)
        assert host.wait(10) == 0


def test_an_acknowledged_action_only_in_a_killed_worker_s_journal_is_there_on_its_replacement(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path, rulesets=registry.ruleset, games=[GAME], seed=11, workers=1) as server:
            players = await seated(server.port, ["Ann", "Ben"], bots=4)
            await play(players, random.Random(3), 6)
            assert server.workers is not None
            dead = server.workers.workers[0]
            os.kill(dead.pid, signal.SIGSTOP)  # nothing moves any more: what the players saw is all there is
            for client in players:
                await client.drain(0.2)
            seen = players[0].seq
            assert seen > 4
            table = hosted_table(server, players[0])
            log_path = tmp_path / "tables" / table.id / ACTIONS
            cut_back(log_path, seen - 4)  # a power cut's loss: the worker's log had not been synced
            os.kill(dead.pid, signal.SIGKILL)
            for client in players:
                await client.wait_for(lambda m: m.type == "snapshot", timeout=30)
            assert server.workers.restarts == 1 and isinstance(table.match, RemoteMatch)
            assert players[0].seq >= seen and players[0].seq == players[1].seq  # nothing a player saw is lost
            assert len(actionlog.read(log_path).found) >= seen

    asyncio.run(scenario())


def test_a_journal_that_cannot_be_folded_in_is_kept_for_the_host_s_next_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    saved_table(tmp_path, TABLES[0])
    written = journal.Journal(tmp_path / "journal" / "worker-0.journal")
    written.add(TABLES[0], actionlog.frame(1, roll(1)))
    written.commit()
    written.close()

    def unwritable(*_: object) -> str:
        raise PermissionError("read-only")

    with monkeypatch.context() as patched:
        patched.setattr(journal, "fold_table", unwritable)
        Store(tmp_path, journal.worker_name(0)).close()  # its own journal is kept, not emptied
    (kept,) = (tmp_path / "journal").glob("worker-0-kept-*.journal")
    store = Store(tmp_path)  # the host's next start folds it in
    try:
        assert store.recovered == [f"table {TABLES[0]}: 1 action(s) (1-1) restored from the journal"]
        assert not kept.exists()
    finally:
        store.close()
