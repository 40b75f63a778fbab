"""A process's write-ahead journal: every action its tables append goes here too, one fdatasync per disk batch.

A host process and each of its worker processes keep one journal each (`journal/host.journal`,
`journal/worker-<slot>.journal`). The disk thread writes a batch of appends to the tables' action logs without
syncing them, writes the same frames to the journal in one write, and syncs only the journal: one fdatasync for
every table's actions in the batch, after which the appends are acknowledged. A table's log is synced at a
checkpoint (its record saved, its game closed or ended, the journal full); when the journal passes `LIMIT`, every
log written since the last checkpoint is synced and the journal starts afresh.

The file opens with `MAGIC`; each entry is a frame as in an action log (4-byte body length, CRC-32 of the body,
the body), whose body is the msgpack of `[table id, the action log's frame of that action]`. Before any game is
opened from its save, the journals left behind are folded in (`fold`): each journaled action that its table's
log lacks is appended to that log (synced), a damaged entry is skipped and reported, and then the journal is
cleared. Used only by the disk thread, or at start-up before it serves.
"""

from __future__ import annotations

import logging
import os
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgpack

from . import actionlog
from .actionlog import FRAME, MAX_ACTION

log = logging.getLogger(__name__)

MAGIC = b"DoorKick journal 1\n"
SUFFIX = ".journal"
HOST = "host"  # the host process's journal; a worker's is "worker-<slot>"
LIMIT = 4 << 20  # bytes: past this, the logs written since the last checkpoint are synced and the journal restarts


def worker_name(slot: int) -> str:
    """The journal of the worker in `slot`: its replacement, in the same slot, finds it."""
    return f"worker-{slot}"


class Journal:
    """One process's journal file, open for appending (the disk thread's alone)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        self._fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        self._pending: list[bytes] = []
        self.size = 0
        self.restart()
        actionlog.fsync_dir(path.parent)

    def add(self, table_id: str, log_frame: bytes) -> None:
        """One action, as framed for its table's log, to be written with the rest of the batch."""
        body: bytes = msgpack.packb([table_id, log_frame], use_bin_type=True)
        self._pending.append(FRAME.pack(len(body), zlib.crc32(body)) + body)

    @property
    def pending(self) -> bool:
        return bool(self._pending)

    def commit(self) -> None:
        """Write the batch's entries in one write and sync them: once this returns, they survive a power cut."""
        data, self._pending = b"".join(self._pending), []
        actionlog.write_all(self._fd, data)
        os.fdatasync(self._fd)
        self.size += len(data)

    @property
    def full(self) -> bool:
        return self.size > LIMIT

    def restart(self) -> None:
        """Empty the journal (every action in it is in its table's synced log) and sync that."""
        os.ftruncate(self._fd, 0)
        os.write(self._fd, MAGIC)
        os.fsync(self._fd)
        self.size = len(MAGIC)

    def close(self) -> None:
        os.close(self._fd)


@dataclass
class JournalReading:
    """A journal read back: table id -> seq -> (action, its log frame), and what could not be read."""

    tables: dict[str, dict[int, tuple[dict[str, Any], bytes]]] = field(default_factory=dict)
    damaged: list[tuple[int, int]] = field(default_factory=list)  # byte ranges [start, end) that do not check out
    torn: int = 0  # bytes of a last entry that a kill cut short: a batch never acknowledged


def read(path: Path) -> JournalReading:
    """Every intact entry of a journal; damage is skipped (to the next entry that checks out), never raised."""
    data = path.read_bytes()
    reading = JournalReading()
    if not data.startswith(MAGIC):
        if data and not MAGIC.startswith(data):
            reading.damaged.append((0, len(data)))
        return reading
    pos = len(MAGIC)
    while pos < len(data):
        entry = _entry_at(data, pos)
        if entry is not None:
            table_id, seq, action, log_frame, pos = entry
            reading.tables.setdefault(table_id, {}).setdefault(seq, (action, log_frame))
            continue
        start = pos
        pos += 1
        while pos < len(data) and _entry_at(data, pos) is None:
            pos += 1
        if pos == len(data) and _torn(data, start):
            reading.torn = len(data) - start
        else:
            reading.damaged.append((start, pos))
    return reading


def _entry_at(data: bytes, pos: int) -> tuple[str, int, dict[str, Any], bytes, int] | None:
    """(table id, seq, action, log frame, end) of an intact entry starting at `pos`, or None."""
    checked = actionlog.checked_body(data, pos, MAX_ACTION + 256)
    if checked is None:
        return None
    body, end = checked
    try:
        table_id, log_frame = msgpack.unpackb(body, raw=False)
    except (ValueError, TypeError, msgpack.UnpackException):
        return None
    if not isinstance(table_id, str) or not isinstance(log_frame, bytes):
        return None
    inner = actionlog.frame_at(log_frame, 0)
    if inner is None or inner[2] != len(log_frame):
        return None
    return table_id, inner[0], inner[1], log_frame, end


def _torn(data: bytes, start: int) -> bool:
    """Whether the bytes from `start` to the end are the first part of one entry (a write a kill cut short)."""
    if start + FRAME.size > len(data):
        return True
    length: int = FRAME.unpack_from(data, start)[0]
    return length <= MAX_ACTION + 256 and start + FRAME.size + length > len(data)


def fold(path: Path, tables: Path, keep_aside: Callable[[Path, str], Path]) -> list[str]:
    """Bring every table's log in `tables/` up to what the journal at `path` holds, then empty the journal.
    `keep_aside(folder, why)` copies a damaged log aside before it is rewritten. Returns what was done, in words."""
    if not path.exists():
        return []
    reading = read(path)
    said = [f"journal {path.name}: bytes {start}-{end - 1} do not check out, skipped" for start, end in reading.damaged]
    for table_id, entries in sorted(reading.tables.items()):
        folder = tables / table_id
        if not (folder / "record.msgpack").exists():
            continue  # finished (its log, synced when it closed, is in the history) or deleted
        done = fold_table(folder / "actions.log", entries, keep_aside)
        if done:
            said.append(f"table {table_id}: {done}")
    # Only now that each log is synced may the journal go: a power cut before this line folds it in again.
    with open(path, "r+b") as file:
        file.truncate(0)
        file.write(MAGIC)
        file.flush()
        os.fsync(file.fileno())
    for line in said:
        (log.warning if "do not check out" in line or "damaged" in line else log.info)("%s", line)
    return said


def fold_table(
    path: Path, entries: dict[int, tuple[dict[str, Any], bytes]], keep_aside: Callable[[Path, str], Path]
) -> str:
    """Append to one table's log the journaled actions it lacks (synced); '' when it lacks none."""
    reading = actionlog.read(path)
    lacking = sorted(seq for seq in entries if seq not in reading.found)
    if not lacking:
        return ""
    found = {seq: action for seq, action in reading.found.items()}
    found.update((seq, entries[seq][0]) for seq in lacking)
    whole = sorted(found) == list(range(1, len(found) + 1))
    if reading.damaged or reading.legacy:
        if not whole:
            return f"journaled actions {lacking[0]}-{lacking[-1]} not folded in: the log is damaged before them"
        why = f"damaged; {len(lacking)} action(s) ({lacking[0]}-{lacking[-1]}) restored from the journal"
        keep_aside(path.parent, why)
        data = actionlog.framed([found[seq] for seq in sorted(found)])
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_bytes(data)
        with open(tmp, "rb+") as file:
            os.fsync(file.fileno())
        os.replace(tmp, path)
        actionlog.fsync_dir(path.parent)
        return f"action log {why}"
    fd = actionlog.create(path)
    try:
        if reading.torn:
            os.ftruncate(fd, os.fstat(fd).st_size - reading.torn)  # a frame a kill cut short: its whole copy follows
        actionlog.write_all(fd, b"".join(entries[seq][1] for seq in lacking))
        os.fsync(fd)
    finally:
        os.close(fd)
    actionlog.fsync_dir(path.parent)
    return f"{len(lacking)} action(s) ({lacking[0]}-{lacking[-1]}) restored from the journal"
