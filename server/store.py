"""Tables on disk: each table's record, written atomically, and its append-only action log.

A game is `(game, packs, options, seed, action log)`. The log is written with one `os.write` per action
before the result is broadcast, so a killed server (`kill -9`) loses nothing it acknowledged. An fsync per
action would cost a disk flush each; instead the host syncs every log written to since the last round once
every `log_sync` seconds, one after the other in one worker thread (`Store.sync_logs`), so a power cut loses at
most that last second. Records and closed logs are synced at once.
Layout: `<data_dir>/server.id`, `<data_dir>/tables/<table id>/record.msgpack` and `actions.log`.
"""

from __future__ import annotations

import contextlib
import logging
import os
import secrets
import shutil
import threading
import weakref
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgpack

from ..shared.protocol import HEADER

log = logging.getLogger(__name__)

RECORD = "record.msgpack"
ACTIONS = "actions.log"


def atomic_write(path: Path, data: bytes) -> None:
    """Write a whole file or nothing: a temporary file, fsync, rename over the old one, fsync the folder."""
    tmp = path.with_name(path.name + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        _write_all(fd, data)
        os.fsync(fd)
    finally:
        os.close(fd)
    os.replace(tmp, path)
    _fsync_dir(path.parent)


def _fsync_dir(folder: Path) -> None:
    with contextlib.suppress(OSError):  # not every platform can open a folder
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


class ActionLog:
    """One table's actions, appended as length-prefixed msgpack frames."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd: int | None = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        self._lock = threading.Lock()  # `sync` runs in a worker thread: the descriptor must outlive it
        self.dirty = False  # appended to since the last sync

    def append(self, action: dict[str, Any]) -> None:
        if self._fd is None:
            raise OSError(f"{self.path} is closed")
        body = msgpack.packb(action, use_bin_type=True)
        _write_all(self._fd, HEADER.pack(len(body)) + body)
        self.dirty = True

    def sync(self) -> None:
        """Flush what was appended to the disk (safe from another thread; a closed log has nothing to do)."""
        with self._lock:
            if self._fd is not None and self.dirty:
                self.dirty = False
                os.fsync(self._fd)

    def close(self, sync: bool = True) -> None:
        with self._lock:
            if self._fd is not None:
                if sync:
                    with contextlib.suppress(OSError):
                        os.fsync(self._fd)
                os.close(self._fd)
                self._fd = None

    @staticmethod
    def read(path: Path, repair: bool = False) -> list[dict[str, Any]]:
        """Every whole action in the log. With `repair` (only while nobody writes to it: at start-up) a torn
        last frame, left by a kill mid-write, is cut off the file so that new actions follow whole ones."""
        if not path.exists():
            return []
        data = path.read_bytes()
        actions: list[dict[str, Any]] = []
        pos = 0
        while pos + HEADER.size <= len(data):
            (length,) = HEADER.unpack_from(data, pos)
            end = pos + HEADER.size + length
            if end > len(data):
                break
            try:
                actions.append(msgpack.unpackb(data[pos + HEADER.size : end], raw=False))
            except (ValueError, msgpack.UnpackException):
                break
            pos = end
        if repair and pos != len(data):
            log.warning("%s: cutting %d bytes of a torn last action", path, len(data) - pos)
            with open(path, "r+b") as f:
                f.truncate(pos)
        return actions


@dataclass
class Saved:
    """A table as found on disk."""

    record: dict[str, Any]
    actions: list[dict[str, Any]]


class Store:
    """The data directory."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.tables = root / "tables"
        self.tables.mkdir(parents=True, exist_ok=True, mode=0o700)
        self._logs: weakref.WeakSet[ActionLog] = weakref.WeakSet()  # open logs, for `sync_logs`

    def server_id(self) -> str:
        """A stable id for this host, so clients recognise it after a restart."""
        path = self.root / "server.id"
        if path.exists():
            text = path.read_text().strip()
            if text:
                return text
        text = secrets.token_hex(8)
        atomic_write(path, text.encode())
        return text

    def save_record(self, table_id: str, record: dict[str, Any]) -> None:
        folder = self.tables / table_id
        folder.mkdir(exist_ok=True, mode=0o700)
        atomic_write(folder / RECORD, msgpack.packb(record, use_bin_type=True))

    def open_log(self, table_id: str) -> ActionLog:
        action_log = ActionLog(self.tables / table_id / ACTIONS)
        self._logs.add(action_log)
        return action_log

    def sync_logs(self) -> None:
        """Flush every log written to since the last call, one after another (run it off the event loop)."""
        for action_log in list(self._logs):
            try:
                action_log.sync()
            except OSError as exc:
                log.error("cannot sync %s: %s", action_log.path, exc)

    def set_aside(self, table_id: str) -> Path:
        """Move a table that can no longer be resumed (say, saved by an older engine) out of the way, kept whole."""
        aside = self.root / "set-aside"
        aside.mkdir(exist_ok=True, mode=0o700)
        target = aside / table_id
        shutil.rmtree(target, ignore_errors=True)
        (self.tables / table_id).rename(target)
        return target

    def delete(self, table_id: str) -> None:
        shutil.rmtree(self.tables / table_id, ignore_errors=True)

    def load(self) -> list[Saved]:
        """Every table on disk, finished ones included (the caller decides what to resume)."""
        found: list[Saved] = []
        for folder in sorted(self.tables.iterdir()):
            record_path = folder / RECORD
            if not record_path.is_file():
                continue
            try:
                record = msgpack.unpackb(record_path.read_bytes(), raw=False)
            except (OSError, ValueError, msgpack.UnpackException) as exc:
                log.warning("skipping %s: unreadable record (%s)", folder, exc)
                continue
            found.append(Saved(record, ActionLog.read(folder / ACTIONS, repair=True)))
        return found
