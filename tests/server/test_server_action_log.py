"""The action log's framing at the store level: damage is found where it is, intact actions are kept, and what
was lost is said exactly; legacy logs still load and are migrated."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import msgpack
import pytest

from doorkick.server import actionlog
from doorkick.server.store import ACTIONS, RECORD, ActionLog, Store
from doorkick.shared.protocol import HEADER

ACTIONS_66 = [{"type": "roll", "seat": i % 3, "n": i} for i in range(66)]


def write_log(path: Path, actions: list[dict[str, object]]) -> list[int]:
    """The log of these actions; returns where each frame starts."""
    data, starts = bytearray(actionlog.MAGIC), []
    for i, action in enumerate(actions):
        starts.append(len(data))
        data += actionlog.frame(i + 1, action)
    path.write_bytes(bytes(data))
    return starts


def saved_table(root: Path, table_id: str, seq: int | None) -> Path:
    folder = root / "tables" / table_id
    folder.mkdir(parents=True)
    record = {"id": table_id, "game": "dice", "started": True, "finished": False}
    if seq is not None:
        record["seq"] = seq
    (folder / RECORD).write_bytes(msgpack.packb(record))
    return folder


def test_garbage_inside_action_23_of_66_keeps_the_43_after_it_and_says_why_they_cannot_replay(tmp_path: Path) -> None:
    path = tmp_path / ACTIONS
    starts = write_log(path, ACTIONS_66)
    data = bytearray(path.read_bytes())
    data[starts[22] + 10 : starts[22] + 16] = b"garbag"
    path.write_bytes(bytes(data))
    reading = actionlog.read(path)
    assert reading.actions == ACTIONS_66[:22]
    assert sorted(reading.found) == [*range(1, 23), *range(24, 67)]  # all 43 intact actions after it were found
    assert reading.damaged == [(starts[22], starts[23])]  # exactly action 23's frame
    assert actionlog.matches(23, ACTIONS_66[22], reading.clues[23])  # its header still says what it held
    assert reading.problems(66, 66, rebuilt=(23,))[1:] == [
        "action 23 was damaged and is rebuilt: the one legal action with the length and CRC-32 its frame gives"
    ]
    assert reading.problems(66) == [
        f"bytes {starts[22]}-{starts[23] - 1} do not check out ({starts[23] - starts[22]} bytes)",
        "action 23 is damaged or missing; the 43 intact actions after it (24-66) cannot be replayed without it",
        "the game goes on after action 22 of 66: 44 acknowledged action(s) lost",
    ]


def test_garbage_between_frames_loses_no_action(tmp_path: Path) -> None:
    path = tmp_path / ACTIONS
    starts = write_log(path, ACTIONS_66)
    data = path.read_bytes()
    path.write_bytes(data[: starts[40]] + b"\x00\x01\x02\x03\x04\x05" + data[starts[40] :])
    reading = actionlog.read(path)
    assert reading.actions == ACTIONS_66 and len(reading.found) == 66
    assert reading.damaged == [(starts[40], starts[40] + 6)]


def test_a_torn_last_frame_and_a_frame_written_again_after_a_failed_write(tmp_path: Path) -> None:
    path = tmp_path / ACTIONS
    write_log(path, ACTIONS_66[:3])
    torn = actionlog.frame(4, ACTIONS_66[3])[:-2]
    path.write_bytes(path.read_bytes() + torn + actionlog.frame(4, ACTIONS_66[3]))
    reading = actionlog.read(path)
    assert reading.actions == ACTIONS_66[:4]  # the action counts once; the torn copy is reported
    assert len(reading.damaged) == 1 and reading.problems(4) == [reading.problems(4)[0]]


def test_a_log_shorter_than_the_acknowledged_count_or_deleted_is_reported(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    store = Store(tmp_path)
    short = saved_table(tmp_path, "0000000a", seq=66)
    starts = write_log(short / ACTIONS, ACTIONS_66)
    (short / ACTIONS).write_bytes((short / ACTIONS).read_bytes()[: starts[60]])  # cut at a frame boundary
    saved_table(tmp_path, "0000000b", seq=12)  # its log was deleted
    whole = saved_table(tmp_path, "0000000c", seq=66)
    write_log(whole / ACTIONS, ACTIONS_66)
    with caplog.at_level(logging.WARNING):
        found = {s.folder.name: store.repair(s, s.reading.actions) for s in store.load()}
    assert found["0000000a"] == ["the game goes on after action 60 of 66: 6 acknowledged action(s) lost"]
    assert found["0000000b"] == [
        "the action log is missing",
        "the game goes on after action 0 of 12: 12 acknowledged action(s) lost",
    ]
    assert found["0000000c"] == []
    said = " ".join(r.getMessage() for r in caplog.records)
    assert "0000000a: the game goes on after action 60 of 66" in said and "0000000b: the action log is missing" in said
    assert (tmp_path / "set-aside" / "0000000a-log" / ACTIONS).stat().st_size == starts[60]  # kept as found
    assert actionlog.read(short / ACTIONS).actions == ACTIONS_66[:60]  # new actions follow the whole ones
    store.close()


def test_a_damaged_log_is_kept_aside_and_rewritten_with_what_replays(tmp_path: Path) -> None:
    store = Store(tmp_path)
    folder = saved_table(tmp_path, "0000000d", seq=66)
    starts = write_log(folder / ACTIONS, ACTIONS_66)
    damaged = bytearray((folder / ACTIONS).read_bytes())
    damaged[starts[22] + 10] ^= 0xFF
    (folder / ACTIONS).write_bytes(bytes(damaged))
    (saved,) = store.load()
    assert saved.reading.actions == ACTIONS_66[:22]
    store.repair(saved, saved.reading.actions)
    assert (tmp_path / "set-aside" / "0000000d-log" / ACTIONS).read_bytes() == bytes(damaged)
    assert "action 23 is damaged" in (tmp_path / "set-aside" / "0000000d-log" / "why.txt").read_text()
    assert actionlog.read(folder / ACTIONS).whole
    store.close()


def test_a_legacy_log_still_loads_and_is_migrated_to_the_checksummed_form(tmp_path: Path) -> None:
    store = Store(tmp_path)
    folder = saved_table(tmp_path, "0000000e", seq=None)  # saved before records counted actions
    legacy = b"".join(HEADER.pack(len(body)) + body for body in (msgpack.packb(a) for a in ACTIONS_66[:5]))
    (folder / ACTIONS).write_bytes(legacy)
    assert ActionLog.read(folder / ACTIONS) == ACTIONS_66[:5]  # what `doorkick replay` reads, either form
    (saved,) = store.load()
    assert saved.reading.actions == ACTIONS_66[:5] and store.repair(saved, saved.reading.actions) == []
    assert (folder / ACTIONS).read_bytes().startswith(actionlog.MAGIC)
    assert actionlog.read(folder / ACTIONS).actions == ACTIONS_66[:5]
    store.close()


def test_appends_are_synced_in_order_by_the_disk_thread(tmp_path: Path) -> None:
    async def scenario() -> None:
        store = Store(tmp_path)
        saved_table(tmp_path, "0000000f", seq=0)
        log = store.open_log("0000000f")
        await asyncio.gather(*(log.append(i + 1, a) for i, a in enumerate(ACTIONS_66)))
        assert store.disk.appends == 66 and 1 <= store.disk.syncs <= 66  # appends waiting together share a sync
        log.close()
        await store.settled()
        assert actionlog.read(log.path).actions == ACTIONS_66
        with pytest.raises(OSError):
            await log.append(67, {"type": "late"})
        store.close()

    asyncio.run(scenario())


def test_a_last_frame_cut_short_by_a_kill_is_cut_off_quietly_but_garbage_at_the_end_is_damage(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    store = Store(tmp_path)
    torn = saved_table(tmp_path, "00000010", seq=5)
    write_log(torn / ACTIONS, ACTIONS_66[:5])
    whole = (torn / ACTIONS).read_bytes()
    (torn / ACTIONS).write_bytes(whole + actionlog.frame(6, ACTIONS_66[5])[:-3])  # killed mid-write: never acked
    garbage = saved_table(tmp_path, "00000011", seq=5)
    starts = write_log(garbage / ACTIONS, ACTIONS_66[:5])
    data = (garbage / ACTIONS).read_bytes()
    (garbage / ACTIONS).write_bytes(data[: starts[3]] + b"\x00\x00\x00\x07" + b"x" * (len(data) - starts[3] - 4))
    with caplog.at_level(logging.INFO):
        found = {s.folder.name: (s, store.repair(s, s.reading.actions)) for s in store.load()}
    saved, problems = found["00000010"]
    assert saved.reading.torn == len(actionlog.frame(6, ACTIONS_66[5])) - 3 and problems == []
    assert (torn / ACTIONS).read_bytes() == whole and not (tmp_path / "set-aside" / "00000010-log").exists()
    assert "never acknowledged" in caplog.text
    saved, problems = found["00000011"]
    assert saved.reading.torn == 0 and problems[-1] == (
        "the game goes on after action 3 of 5: 2 acknowledged action(s) lost"
    )
    store.close()
