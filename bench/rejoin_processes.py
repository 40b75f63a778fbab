"""Real `doorkick join` windows in processes of their own (dummy SDL, their own user data and config dirs), a host
on 127.0.0.1 in this process, and a spectator that tells when a fight is on: what the two-process rejoin test and
bench/client_rejoin.py share."""

from __future__ import annotations

import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from doorkick.client.host import EmbeddedHost, host_config
from doorkick.client.net import Connection
from doorkick.client.seats import SeatStore
from doorkick.client.session import NetSession
from doorkick.shared import protocol

SEATED_LINE = re.compile(r"doorkick: at table (\S+), seat (\d+), (\d+) cards in hand")


def start_host(data_dir: Path) -> EmbeddedHost:
    config = host_config("rejoin host", discovery=False, data_dir=data_dir, bot_delay=0.05, pass_timeout=1.0)
    config.host = "127.0.0.1"
    host = EmbeddedHost(config)
    host.start()
    return host


class Window:
    """One player's `doorkick join 127.0.0.1:PORT --autoplay`; each launch is a new process on the same user dirs."""

    def __init__(self, home: Path, name: str, port: int, shots: Path | None = None) -> None:
        self.home, self.name, self.port = home, name, port
        self.shots = shots  # where the window saves its PNGs (--screenshot-dir), if anywhere
        self.process: subprocess.Popen[str] | None = None
        self.lines: queue.Queue[str] = queue.Queue()
        self.launched_at = 0.0

    @property
    def seats(self) -> SeatStore:
        """The seat store the process reads: its own XDG data dir."""
        return SeatStore(self.home / "data" / "doorkick" / "client" / "seats.json")

    def env(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if k != "DOORKICK_CONFIG_DIR"}
        env.update(
            SDL_VIDEODRIVER="dummy",
            SDL_AUDIODRIVER="dummy",
            XDG_DATA_HOME=str(self.home / "data"),
            XDG_CONFIG_HOME=str(self.home / "config"),
        )
        return env

    def launch(self) -> None:
        self.lines = queue.Queue()
        self.launched_at = time.monotonic()
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "doorkick.client.main",
                "join",
                f"127.0.0.1:{self.port}",
                "--autoplay",
                "--name",
                self.name,
                "--time-limit",
                "120",
                *(["--screenshot-dir", str(self.shots)] if self.shots else []),
            ],
            env=self.env(),
            text=True,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        threading.Thread(target=self._read, args=(self.process, self.lines), daemon=True).start()

    @staticmethod
    def _read(process: subprocess.Popen[str], lines: queue.Queue[str]) -> None:
        assert process.stdout is not None
        for line in process.stdout:
            lines.put(line.strip())

    def wait_seated(self, timeout: float = 30.0) -> tuple[str, int, int, float]:
        """The table, seat and hand size the window printed once its game screen opened, and how long after the
        launch it did."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                line = self.lines.get(timeout=0.1)
            except queue.Empty:
                assert self.process is not None and self.process.poll() is None, f"{self.name}'s window exited"
                continue
            found = SEATED_LINE.search(line)
            if found:
                return found[1], int(found[2]), int(found[3]), time.monotonic() - self.launched_at
        raise AssertionError(f"{self.name}'s window did not sit down within {timeout:g} s")

    def kill(self) -> None:
        """SIGKILL: no goodbye, no clean close; the host only sees the socket die."""
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(10)

    def close(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)


def wait_for(connection: Connection, kind: str, timeout: float = 10.0) -> protocol.Message:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        for item in connection.poll():
            if isinstance(item, protocol.Message) and item.type == kind:
                return item
        time.sleep(0.01)
    raise AssertionError(f"no {kind} within {timeout:g} s")


def seat_players(port: int, windows: list[Window]) -> str:
    """Alice makes a two-seat Munchkin table, Bob joins, the game starts, and both connections drop at once.
    Each got its token through the real client path, straight into the seat store of its player's window."""
    connections = [Connection("127.0.0.1", port, w.name, seats=w.seats) for w in windows]
    for c in connections:
        c.start()
    first, second = connections
    first.request(protocol.CREATE_TABLE, game="munchkin", seats=2, bots=0)
    table = str(wait_for(first, protocol.SEATED).get("table"))
    second.request(protocol.JOIN_TABLE, table=table)
    wait_for(second, protocol.SEATED)
    second.request(protocol.READY, ready=True)
    wait_for(second, protocol.OK)
    first.request(protocol.START)
    for c in connections:
        wait_for(c, protocol.SNAPSHOT)
    for c in connections:
        c.close()
    return table


class Spectator:
    """Watches the table to know when a fight is on (and whom it involves)."""

    def __init__(self, port: int, table: str) -> None:
        self.connection = Connection("127.0.0.1", port, "Watcher")
        self.connection.start()
        self.session = NetSession(self.connection, "munchkin", table, None)
        self.connection.request(protocol.WATCH, table=table)

    def combat(self) -> dict[str, Any] | None:
        self.session.pump(0.0)
        view = (self.session.state(None) or {}).get("view") or {}
        combat = view.get("combat")
        return combat if isinstance(combat, dict) else None

    def wait_for_fight(self, seat: int, timeout: float) -> str:
        """'combat' once a fight `seat` is in is on ('combat' for any fight after half the time), else 'game'."""
        start = time.monotonic()
        while time.monotonic() - start < timeout:
            combat = self.combat()
            if combat is not None and (
                seat in (combat.get("fighter"), combat.get("helper")) or time.monotonic() - start > timeout / 2
            ):
                return "combat"
            time.sleep(0.02)
        return "game"

    def wait_for_peace(self, timeout: float) -> None:
        """Until no fight is on (so that the next kill comes in a new one)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end and self.combat() is not None:
            time.sleep(0.02)

    def close(self) -> None:
        self.connection.close()


def seat_of(host: EmbeddedHost, table: str, seat: int) -> dict[str, Any]:
    """What everyone at the table is told of `seat` (read from the host's thread-owned table: a snapshot)."""
    return dict(host.server.lobby.tables[table].seats[seat].public())
