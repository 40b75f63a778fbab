"""The data directory: table records written atomically, checksummed action logs, history, and saves set aside.

A game is `(game, packs, options, seed, action log)`. Every write happens in one disk thread, in the order the
event loop asked for it, so the loop never waits on the disk. An action is written to its table's log and to the
process's journal (server/journal.py), and the journal is synced before the match adopts it and tells anybody
(`ActionLog.append` is awaited): a `kill -9` or a power cut loses nothing a player saw. Appends that queue up
while the disk is busy are written together and share one fdatasync of the journal, whatever their tables (group
commit); a table's log is synced at checkpoints (its record saved, its game closed, the journal full). Record
saves are queued the same way; a record saved again before its turn is written only once, in its newest form.

Layout under `<data_dir>`: `server.id`; `journal/<process>.journal` (each process's journal, server/journal.py);
`tables/<id>/record.msgpack` and `actions.log` (games waiting or in play); `history/<id>/` (finished games, the
replay command reads them); `set-aside/<id>[-n]/` (saves the host could not use or found damaged, kept whole,
each with a `why.txt`).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import logging
import os
import queue
import re
import secrets
import shutil
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgpack

from . import actionlog, journal
from .actionlog import LogReading
from .journal import Journal

log = logging.getLogger(__name__)

RECORD = "record.msgpack"
ACTIONS = "actions.log"
SERVER_ID = re.compile(r"[0-9A-Za-z_-]{1,64}")
SYNC_THREADS = 8  # logs flushed at once (fsync waits on the disk, not on the interpreter)
JOURNALS = "journal"


def atomic_write(path: Path, data: bytes) -> None:
    """Write a whole file or nothing: a temporary file, fsync, rename over the old one, fsync the folder."""
    tmp = path.with_name(path.name + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        actionlog.write_all(fd, data)
        os.fsync(fd)
    finally:
        os.close(fd)
    os.replace(tmp, path)
    actionlog.fsync_dir(path.parent)


def _log_failure(done: concurrent.futures.Future[Any]) -> None:
    exc = None if done.cancelled() else done.exception()
    if exc is not None:
        log.error("a disk job failed", exc_info=exc)


class _Append:
    def __init__(self, action_log: ActionLog, data: bytes) -> None:
        self.log, self.data = action_log, data
        self.done: concurrent.futures.Future[None] = concurrent.futures.Future()


class _Call:
    def __init__(self, job: Callable[[], Any]) -> None:
        self.job = job
        self.done: concurrent.futures.Future[Any] = concurrent.futures.Future()


class Disk:
    """The one thread that writes: jobs run in the order given; appends waiting together share one sync: of the
    journal when there is one (all tables at once), else of each log."""

    def __init__(self, journal: Journal | None = None) -> None:
        self.journal = journal
        self._written: set[ActionLog] = set()  # logs written since the journal last restarted
        self._jobs: queue.SimpleQueue[_Append | _Call | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="doorkick disk", daemon=True)
        self._thread.start()
        self._syncers = concurrent.futures.ThreadPoolExecutor(SYNC_THREADS, thread_name_prefix="doorkick sync")
        self.syncs = 0  # syncs of the journal and of action logs, for tests and benchmarks
        self.journal_syncs = 0
        self.restarts = 0  # times the journal was full: every log written since synced, the journal emptied
        self.appends = 0

    def call(self, job: Callable[[], Any]) -> concurrent.futures.Future[Any]:
        item = _Call(job)
        self._jobs.put(item)
        return item.done

    def later(self, job: Callable[[], object]) -> None:
        """Run `job` in its turn with nobody waiting for it: a failure is logged, with its traceback."""
        self.call(job).add_done_callback(_log_failure)

    def append(self, action_log: ActionLog, data: bytes) -> concurrent.futures.Future[None]:
        item = _Append(action_log, data)
        self._jobs.put(item)
        return item.done

    def stop(self) -> None:
        """Finish every queued job, then end the thread (blocking). A stop is a checkpoint: every log is synced
        and the journal left empty (nothing to fold in at the next start)."""
        if self._thread.is_alive():
            self.later(self.checkpoint)
            self._jobs.put(None)
            self._thread.join()
        self._syncers.shutdown()
        if self.journal is not None:
            self.journal.close()

    def _run(self) -> None:
        running = True
        while running:
            batch = [self._jobs.get()]
            with contextlib.suppress(queue.Empty):
                while len(batch) < 512:
                    batch.append(self._jobs.get_nowait())
            written: dict[ActionLog, list[concurrent.futures.Future[None]]] = {}
            for item in batch:
                if item is None:
                    running = False
                elif not item.done.set_running_or_notify_cancel():
                    continue  # nobody waits any more (a match closing): an action nobody adopted is not written
                elif isinstance(item, _Append):
                    try:
                        item.log.write(item.data)
                        if self.journal is not None:
                            self.journal.add(item.log.table_id, item.data)
                        written.setdefault(item.log, []).append(item.done)
                        self.appends += 1
                    except OSError as exc:
                        item.done.set_exception(exc)
                else:
                    try:
                        item.done.set_result(item.job())
                    except Exception as exc:  # to whoever waits (or the log: `later`); the disk thread goes on
                        item.done.set_exception(exc)
            if self.journal is not None:
                self._commit(written)
                continue
            # The logs of several tables are synced at once: the disk (and the file system's journal) takes the
            # flushes together, so a host of many tables is not held to one flush at a time.
            logs = list(written)
            errors = list(self._syncers.map(_sync, logs)) if len(logs) > 1 else [_sync(one) for one in logs]
            for action_log, error in zip(logs, errors, strict=True):
                self.syncs += 1
                for done in written[action_log]:
                    if error is None:
                        done.set_result(None)
                    else:
                        done.set_exception(error)

    def _commit(self, written: dict[ActionLog, list[concurrent.futures.Future[None]]]) -> None:
        """One fdatasync of the journal for the whole batch, every table's appends, then they are released."""
        assert self.journal is not None
        if not written:
            return
        error: OSError | None = None
        try:
            self.journal.commit()
        except OSError as exc:
            error = exc
        self.syncs += 1
        self.journal_syncs += 1
        self._written.update(written)
        for waiting in written.values():
            for done in waiting:
                if error is None:
                    done.set_result(None)
                else:
                    done.set_exception(error)
        if self.journal.full:
            self.checkpoint()

    def checkpoint(self) -> None:
        """Sync every log written since the journal last restarted, then empty the journal (disk thread only)."""
        if self.journal is None:
            return
        logs = [one for one in self._written if one.dirty]
        errors = list(self._syncers.map(_sync, logs)) if len(logs) > 1 else [_sync(one) for one in logs]
        self.syncs += len(logs)
        failed = [error for error in errors if error is not None]
        if failed:  # the journal keeps them all: tried again when it is next full, folded in at a restart
            log.error("cannot sync %d action log(s) at a checkpoint: %s", len(failed), failed[0])
            return
        try:
            self.journal.restart()
        except OSError as exc:
            log.error("cannot restart the journal %s: %s", self.journal.path, exc)
            return
        self._written.clear()
        self.restarts += 1


def _sync(action_log: ActionLog) -> OSError | None:
    try:
        action_log.sync()
    except OSError as exc:
        return exc
    return None


class ActionLog:
    """One table's log, appended to only through the disk thread (which alone opens its file)."""

    def __init__(self, path: Path, disk: Disk) -> None:
        self.path = path
        self.table_id = path.parent.name
        self.disk = disk
        self._fd: int | None = None
        self.closed = False
        self.dirty = False  # written since it was last synced (the journal holds what it has not synced)

    def append(self, seq: int, action: dict[str, Any]) -> asyncio.Future[None]:
        """Action number `seq`; the future is done once it is on the disk (or fails with OSError)."""
        return asyncio.wrap_future(self.disk.append(self, actionlog.frame(seq, action)))

    def close(self) -> None:
        """Close the file once the appends queued before are written."""
        self.disk.later(self._close)

    # -- in the disk thread ---------------------------------------------------------------------------
    def write(self, data: bytes) -> None:
        if self.closed:
            raise OSError(f"{self.path} is closed")
        if self._fd is None:
            self._fd = actionlog.create(self.path)
        self.dirty = True
        actionlog.write_all(self._fd, data)

    def sync(self) -> None:
        if self._fd is not None:
            os.fsync(self._fd)
            self.dirty = False

    def _close(self) -> None:
        """A checkpoint: the log is synced before its folder may move to the history."""
        self.closed = True
        if self._fd is not None:
            with contextlib.suppress(OSError):
                if self.dirty:
                    os.fsync(self._fd)
                    self.disk.syncs += 1
                self.dirty = False
            os.close(self._fd)
            self._fd = None

    @staticmethod
    def read(path: Path) -> list[dict[str, Any]]:
        """The actions that replay in order (what `doorkick replay` shows); damage is skipped, never raised."""
        return actionlog.read(path).actions


@dataclass
class Saved:
    """A table as found on disk; `reading` is its log's (an unstarted table has none)."""

    folder: Path
    record: dict[str, Any]
    reading: LogReading

    @property
    def acknowledged(self) -> int | None:
        """How many actions the host had confirmed when it last saved the record (older records do not say)."""
        seq = self.record.get("seq")
        return seq if isinstance(seq, int) else None


class Store:
    """The data directory, read at start-up (on the loop, before serving) and written by the disk thread.

    `journal_name`: this process's journal's. The host's (`journal.HOST`, the default) folds in every journal
    left behind, its workers' too (none runs yet); a worker's folds in only its own slot's, its predecessor's."""

    def __init__(self, root: Path, journal_name: str = journal.HOST) -> None:
        self.root = root
        self.tables = root / "tables"
        self.history = root / "history"
        self.aside = root / "set-aside"
        self.journals = root / JOURNALS
        for folder in (self.tables, self.history):
            folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        own = self.journals / (journal_name + journal.SUFFIX)
        self.recovered = self._fold_journals(own, every=journal_name == journal.HOST)
        self.disk = Disk(Journal(own))
        self._logs: dict[str, ActionLog] = {}  # this process's open logs, synced when their record is saved
        self._finished = {f.name for f in self.history.iterdir() if (f / RECORD).is_file()}
        # Where each table's folder is as far as the disk thread has got: a record saved before `finish` but
        # written after it was asked for goes into `tables/`, which then moves whole to the history.
        self._in_history = set(self._finished)
        self._records: dict[str, bytes] = {}  # records waiting for the disk thread, newest form
        self._records_lock = threading.Lock()

    def _fold_journals(self, own: Path, every: bool) -> list[str]:
        """Before any game is opened from its save: the actions journaled and not yet in their logs go there."""
        if not self.journals.is_dir():
            return []
        paths = sorted(self.journals.glob("*" + journal.SUFFIX)) if every else [own]
        said: list[str] = []
        for path in paths:
            try:
                said.extend(journal.fold(path, self.tables, self.keep_damaged_log))
            except OSError as exc:
                if path == own:  # kept under a name the host's next start folds in, not emptied by this one
                    kept = path.with_name(f"{path.stem}-kept-{secrets.token_hex(4)}{journal.SUFFIX}")
                    os.replace(path, kept)
                    log.error("cannot fold in the journal %s (%s): kept as %s", path, exc, kept)
                else:
                    log.error("cannot fold in the journal %s: %s", path, exc)
                continue
            if path != own:
                path.unlink()  # a worker's, folded in: it starts its own afresh
        return said

    def server_id(self) -> str:
        """A stable id for this host, so clients recognise it after a restart; a damaged one is set aside."""
        path = self.root / "server.id"
        if path.exists():
            raw = path.read_bytes().strip()
            text = raw.decode("ascii", "replace")
            if SERVER_ID.fullmatch(text):
                return text
            if raw:
                kept = path.with_name("server.id.damaged")
                os.replace(path, kept)
                log.warning(
                    "%s is damaged (%r): kept as %s; this host has a new id, so clients see a new host",
                    path,
                    raw[:40],
                    kept,
                )
        text = secrets.token_hex(8)
        atomic_write(path, text.encode())
        return text

    # -- writes (queued for the disk thread, in order) ------------------------------------------------
    def save_record(self, table_id: str, record: dict[str, Any]) -> None:
        """Save a table's record soon; a finished table's goes with its history."""
        data = msgpack.packb(record, use_bin_type=True)
        with self._records_lock:
            queued = table_id in self._records
            self._records[table_id] = data
        if not queued:
            self.disk.later(lambda: self._write_record(table_id))

    def _write_record(self, table_id: str) -> None:
        with self._records_lock:
            data = self._records.pop(table_id, None)
        if data is None:
            return
        folder = (self.history if table_id in self._in_history else self.tables) / table_id
        try:
            folder.mkdir(exist_ok=True, mode=0o700)
            atomic_write(folder / RECORD, data)
            action_log = self._logs.get(table_id)
            if action_log is not None and action_log.dirty and not action_log.closed:
                action_log.sync()  # a checkpoint: the log holds at least what the record counts
                self.disk.syncs += 1
        except OSError as exc:
            log.error("cannot save table %s: %s", table_id, exc)

    def open_log(self, table_id: str) -> ActionLog:
        action_log = ActionLog(self.tables / table_id / ACTIONS, self.disk)
        self._logs[table_id] = action_log
        self.disk.later(lambda: self._touch_log(action_log))
        return action_log

    def _touch_log(self, action_log: ActionLog) -> None:
        action_log.path.parent.mkdir(exist_ok=True, mode=0o700)
        os.close(actionlog.create(action_log.path))  # a started game has a log from its first moment

    def finish(self, table_id: str, action_log: ActionLog | None) -> None:
        """A game is over: close its log and move its folder to the history (records saved after follow it)."""
        if action_log is not None:
            action_log.close()
        if self._logs.get(table_id) is action_log:
            self._logs.pop(table_id, None)
        self._finished.add(table_id)
        self.disk.later(lambda: self._to_history(table_id))

    def _to_history(self, table_id: str) -> None:
        self._in_history.add(table_id)
        source, target = self.tables / table_id, self.history / table_id
        if not source.exists():
            return
        with contextlib.suppress(FileNotFoundError):
            shutil.rmtree(target)
        source.rename(target)
        actionlog.fsync_dir(self.history)

    def delete(self, table_id: str) -> None:
        self.disk.later(lambda: shutil.rmtree(self.tables / table_id, ignore_errors=True))

    async def settled(self) -> None:
        """Wait until everything asked of the disk so far is done."""
        await asyncio.wrap_future(self.disk.call(lambda: None))

    def close(self) -> None:
        """Write everything still queued and stop the disk thread (blocking)."""
        self.disk.stop()

    # -- start-up -------------------------------------------------------------------------------------
    def set_aside(self, folder: Path, why: str) -> Path:
        """Move a save the host cannot use out of the way, whole, with the reason beside it."""
        self.aside.mkdir(exist_ok=True, mode=0o700)
        target, n = self.aside / folder.name, 1
        while target.exists():
            n += 1
            target = self.aside / f"{folder.name}-{n}"
        folder.rename(target)
        with contextlib.suppress(OSError):
            (target / "why.txt").write_text(why + "\n")
        return target

    def keep_damaged_log(self, folder: Path, why: str) -> Path:
        """Copy a damaged log aside (the original bytes stay), before the host rewrites it with what replays."""
        self.aside.mkdir(exist_ok=True, mode=0o700)
        target, n = self.aside / f"{folder.name}-log", 1
        while target.exists():
            n += 1
            target = self.aside / f"{folder.name}-log-{n}"
        target.mkdir(mode=0o700)
        for name in (ACTIONS, RECORD):
            if (folder / name).exists():
                shutil.copy2(folder / name, target / name)
        (target / "why.txt").write_text(why + "\n")
        return target

    def rewrite_log(self, folder: Path, actions: list[dict[str, Any]]) -> None:
        """The log holds exactly these actions afterwards, framed (after damage, or to migrate a legacy log)."""
        atomic_write(folder / ACTIONS, actionlog.framed(actions))

    def load(self) -> list[Saved]:
        """Every table in `tables/` with a usable record; anything else is set aside with a warning."""
        found: list[Saved] = []
        for folder in sorted(self.tables.iterdir()):
            if not folder.is_dir():
                continue
            try:
                saved = self._read(folder)
            except SaveError as exc:
                kept = self.set_aside(folder, str(exc))
                log.warning("table %s set aside: %s; kept in %s", folder.name, exc, kept)
                continue
            if saved is not None:
                found.append(saved)
        return found

    def is_finished(self, table_id: object) -> bool:
        return table_id in self._finished

    def load_finished(self, table_id: str) -> Saved | None:
        """A finished game from the history, by an id the host itself listed (never a name a client made up)."""
        if table_id not in self._finished:
            return None
        try:
            return self._read(self.history / table_id)
        except SaveError as exc:
            log.warning("history %s unreadable: %s", table_id, exc)
            return None

    def _read(self, folder: Path) -> Saved | None:
        record_path = folder / RECORD
        if not record_path.exists():
            if any(folder.iterdir()):
                raise SaveError(f"no {RECORD}")
            folder.rmdir()  # an empty folder left by a kill between mkdir and the first save
            return None
        try:
            record = msgpack.unpackb(record_path.read_bytes(), raw=False)
        except (OSError, ValueError, TypeError, msgpack.UnpackException) as exc:
            raise SaveError(f"unreadable {RECORD} ({type(exc).__name__}: {exc})") from exc
        if not isinstance(record, dict):
            raise SaveError(f"{RECORD} holds a {type(record).__name__}, not a table record")
        if record.get("id") != folder.name:
            raise SaveError(f"{RECORD} names table {record.get('id')!r}, not {folder.name!r}")
        if not record.get("started"):
            return Saved(folder, record, LogReading())
        try:
            return Saved(folder, record, actionlog.read(folder / ACTIONS))
        except OSError as exc:
            raise SaveError(f"unreadable {ACTIONS} ({exc})") from exc

    def repair(self, saved: Saved, actions: list[dict[str, Any]], rebuilt: tuple[int, ...] = ()) -> list[str]:
        """After replaying a loaded table: say what its log lost, keep a damaged log aside, and leave the log
        holding exactly the `actions` that replayed (framed). Returns the problems in words (empty: none)."""
        folder, reading = saved.folder, saved.reading
        if not saved.record.get("started"):
            return []
        problems = reading.problems(saved.acknowledged, len(actions), rebuilt)
        if problems:
            why = "; ".join(problems)
            kept = self.keep_damaged_log(folder, why)
            self.rewrite_log(folder, actions)
            log.warning("table %s: %s. The damaged log is kept in %s", folder.name, why, kept)
        elif reading.legacy or reading.torn:
            self.rewrite_log(folder, actions)
            done = (
                "migrated to the checksummed form"
                if reading.legacy
                else (f"cut {reading.torn} bytes of a last action that a stop cut short (never acknowledged)")
            )
            log.info("table %s: action log %s; %d actions", folder.name, done, len(actions))
        return problems


class SaveError(ValueError):
    """A table's save that cannot be used; the message says what is wrong with it."""
