"""Saves leave the event loop at once and reach the disk in the order the loop asked, read back whole."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

from doorkick.server.store import ACTIONS, RECORD, Store

TABLE = "0000000c"
ACTIONS_40 = [{"type": "roll", "seat": i % 2, "n": i} for i in range(40)]


def record(n: int, **more: Any) -> dict[str, Any]:
    return {"id": TABLE, "game": "dice", "started": True, "finished": False, "seq": n, **more}


def test_saves_queue_behind_a_busy_disk_without_the_loop_waiting_and_land_in_order(tmp_path: Path) -> None:
    async def scenario() -> None:
        store = Store(tmp_path)
        disk_free = threading.Event()
        store.disk.call(disk_free.wait)  # the disk is busy: everything after this queues up behind it
        log = store.open_log(TABLE)
        store.save_record(TABLE, record(0))
        appended = []
        for i, action in enumerate(ACTIONS_40):
            appended.append(log.append(i + 1, action))
            if i % 10 == 9:
                store.save_record(TABLE, record(i + 1))  # the last four are written once, in the newest form
        # The game ends with its 40th action: the log closes, the folder moves to the history, and the
        # finished record, saved after, follows it there.
        store.finish(TABLE, log)
        store.save_record(TABLE, record(40, finished=True))
        assert not (tmp_path / "tables" / TABLE).exists() and not any(done.done() for done in appended)
        disk_free.set()
        await asyncio.gather(*appended)  # each action is on the disk once its future is done
        await store.settled()
        store.close()

    asyncio.run(scenario())
    assert not (tmp_path / "tables" / TABLE).exists()
    again = Store(tmp_path)
    try:
        saved = again.load_finished(TABLE)
        assert saved is not None and saved.record == record(40, finished=True)
        assert saved.reading.actions == ACTIONS_40 and not saved.reading.problems(40, 40, ())
        assert sorted(p.name for p in (tmp_path / "history" / TABLE).iterdir()) == sorted([ACTIONS, RECORD])
    finally:
        again.close()
