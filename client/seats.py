"""Seat tokens kept on disk, so a window that closed (or was killed) can sit down again where it was.

A host hands out a token with every `seated`; the token is what holds the seat. It is written here the moment
it arrives, keyed by the host's id (stable across host restarts, from `welcome.server`) and the table, with the
address it was reached at and the table's name, so that a relaunched window can offer "Back to your seat".
Layout: `<user data dir>/doorkick/client/seats.json`, one JSON map `{host id: {table id: seat}}`, replaced
atomically on every change. Tokens are secrets: the file is readable by its owner only.
"""

from __future__ import annotations

import json
import os
import threading
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import platformdirs


def default_path() -> Path:
    return Path(platformdirs.user_data_dir("doorkick", appauthor=False)) / "client" / "seats.json"


@dataclass(frozen=True)
class KeptSeat:
    """One seat this user holds (or held) somewhere: enough to find the host again and resume."""

    host_id: str
    table: str
    seat: int
    token: str
    address: str = ""  # where the host was reached (host name or IP)
    port: int = 0
    table_name: str = ""
    kept_at: float = 0.0  # when the token was issued (seconds since the epoch): newest first

    @property
    def label(self) -> str:
        """The table as a player knows it."""
        return self.table_name or f"table {self.table}"


class SeatStore:
    """The kept seats of this user. Thread-safe: the network thread keeps, the frame loop reads."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or default_path()
        self._lock = threading.Lock()

    def keep(self, seat: KeptSeat) -> None:
        """Remember a seat (a newer token for the same table replaces the old one)."""
        with self._lock:
            data = self._read()
            tables = data.setdefault(seat.host_id, {})
            entry = asdict(seat)
            if not entry["table_name"]:  # a resume's `seated` does not repeat the name learnt before
                entry["table_name"] = str((tables.get(seat.table) or {}).get("table_name", ""))
            tables[seat.table] = entry
            self._write(data)

    def rename(self, host_id: str, table: str, name: str) -> None:
        """The table's name as the host calls it (it arrives after the token)."""
        with self._lock:
            data = self._read()
            entry = data.get(host_id, {}).get(table)
            if entry is not None and entry.get("table_name") != name:
                entry["table_name"] = name
                self._write(data)

    def forget(self, host_id: str, table: str) -> None:
        with self._lock:
            data = self._read()
            if data.get(host_id, {}).pop(table, None) is not None:
                if not data[host_id]:
                    del data[host_id]
                self._write(data)

    def at_host(self, host_id: str) -> list[KeptSeat]:
        return [s for s in self.all() if s.host_id == host_id]

    def all(self) -> list[KeptSeat]:
        """Every kept seat, newest first."""
        with self._lock:
            data = self._read()
        seats = [_seat(entry) for tables in data.values() for entry in tables.values()]
        return sorted((s for s in seats if s is not None), key=lambda s: -s.kept_at)

    # -- the file ------------------------------------------------------------------------------------
    def _read(self) -> dict[str, dict[str, dict[str, Any]]]:
        try:
            raw = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}  # none kept yet, or a broken file: a broken file costs the seats, never the window
        if not isinstance(raw, dict):
            return {}
        return {h: t for h, t in raw.items() if isinstance(h, str) and isinstance(t, dict)}

    def _write(self, data: dict[str, dict[str, dict[str, Any]]]) -> None:
        write_private_json(self.path, data)  # kept the moment it is issued: a kill right after must not lose it


def write_private_json(path: Path, data: Any) -> None:
    """Replace `path` with `data` as JSON, readable by its owner only, on the disk before this returns."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def issued(host_id: str, table: str, seat: int, token: str, address: str, port: int) -> KeptSeat:
    return KeptSeat(host_id, table, seat, token, address, port, kept_at=time.time())


def _seat(entry: Any) -> KeptSeat | None:
    try:
        return KeptSeat(
            host_id=str(entry["host_id"]),
            table=str(entry["table"]),
            seat=int(entry["seat"]),
            token=str(entry["token"]),
            address=str(entry.get("address", "")),
            port=int(entry.get("port", 0)),
            table_name=str(entry.get("table_name", "")),
            kept_at=float(entry.get("kept_at", 0.0)),
        )
    except (KeyError, TypeError, ValueError):
        return None
