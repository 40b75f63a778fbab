"""The link to a host, tested on 127.0.0.1: an address nobody listens on fails with a message (the browser says
why), a host that accepts and then says nothing is reported and retried, a host process frozen with SIGSTOP is
reported and found again after SIGCONT, and a live host that merely has nothing to say is never reported."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from client_support import PATIENCE, on_top, run_until

from doorkick.client.cli import open_lobby
from doorkick.client.host import EmbeddedHost
from doorkick.client.net import NOT_ANSWERING, Connection, Status
from doorkick.client.scenes.browser import BrowserScene
from doorkick.client.scenes.lobby import LobbyScene

SHOTS = Path(os.environ.get("DOORKICK_TEST_SHOTS", "")) if os.environ.get("DOORKICK_TEST_SHOTS") else None


class NoLan:
    """Stands in for zeroconf: no host found, nothing sent on any network."""

    error = ""

    def start(self) -> None:
        pass

    def found(self) -> list[Any]:
        return []

    def close(self) -> None:
        pass


def closed_port() -> int:
    """A port on 127.0.0.1 with nothing listening (bound for a moment, then let go)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def silent_host() -> Iterator[tuple[int, list[socket.socket]]]:
    """A server that accepts connections and reads them, and never says a word."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    listener.settimeout(0.2)
    accepted: list[socket.socket] = []
    stop = threading.Event()

    def serve() -> None:
        while not stop.is_set():
            try:
                conn, _ = listener.accept()
            except TimeoutError:
                continue
            accepted.append(conn)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield int(listener.getsockname()[1]), accepted
    stop.set()
    thread.join(timeout=2)
    for conn in accepted:
        conn.close()
    listener.close()


def statuses_until(connection: Connection, want: Any, seconds: float = PATIENCE) -> list[Status]:
    """Poll the connection (as the frame loop does) until a status matching `want` arrives."""
    seen: list[Status] = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for item in connection.poll():
            if isinstance(item, Status):
                seen.append(item)
                if want(item):
                    return seen
        time.sleep(0.02)
    raise AssertionError(f"timed out; statuses seen: {seen}")


def type_and_join(app: Any, browser: BrowserScene, address: str) -> None:
    """Click the address box, type into it and click Join address, through the app's input path."""
    box = browser.address.rect.center
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.step(1 / 60, [pygame.event.Event(kind, button=1, pos=box)])
    browser.address.text = ""
    app.step(1 / 60, [pygame.event.Event(pygame.TEXTINPUT, text=address)])
    join = browser.typed_button.rect.center
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.step(1 / 60, [pygame.event.Event(kind, button=1, pos=join)])


def test_a_typed_address_with_nothing_listening_fails_with_a_message(app: Any) -> None:
    browser = BrowserScene(app, lambda h, p, label: open_lobby(app, h, p, label), lambda: None, 47474, NoLan())
    app.push(browser)
    app.step(1 / 60, [])
    port = closed_port()
    started = time.monotonic()
    type_and_join(app, browser, f"127.0.0.1:{port}")
    on_top(app, LobbyScene)  # the lobby opens at once, saying it connects
    run_until(app, lambda: app.top is browser and bool(browser.message), seconds=30)
    print(f"nothing listening at 127.0.0.1:{port}: back in the browser after {time.monotonic() - started:.2f} s")
    assert browser.message == f"Cannot reach 127.0.0.1:{port}: nothing is listening there"
    if SHOTS is not None:
        app.screenshot("unreachable")
        app.step(1 / 60, [])


def test_join_with_no_host_selected_says_so(app: Any) -> None:
    browser = BrowserScene(app, lambda h, p, label: None, lambda: None, 47474, NoLan())
    app.push(browser)
    app.step(1 / 60, [])
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.step(1 / 60, [pygame.event.Event(kind, button=1, pos=browser.join_button.rect.center)])
    assert "No host is selected" in browser.message


def test_a_host_that_accepts_and_says_nothing_is_reported_and_retried(
    silent_host: tuple[int, list[socket.socket]],
) -> None:
    port, accepted = silent_host
    connection = Connection("127.0.0.1", port, "Alice", silent_after=1.5)
    connection.start()
    try:
        seen = statuses_until(connection, lambda s: s.state == "reconnecting" and s.detail == NOT_ANSWERING)
        assert "connected" not in [s.state for s in seen]  # a socket that opens is not a host that answers
        # ... and it tries again rather than waiting for ever.
        statuses_until(connection, lambda s: s.state == "reconnecting" and s.detail == NOT_ANSWERING)
        assert len(accepted) >= 2
        # It asked the silent host whether it was there before giving up on it.
        accepted[0].settimeout(2)
        assert accepted[0].recv(65536)  # hello and at least one ping
    finally:
        connection.close()


def test_the_lobby_says_the_host_is_not_answering(app: Any, silent_host: tuple[int, list[socket.socket]]) -> None:
    port, _ = silent_host
    connection = Connection("127.0.0.1", port, "Alice", silent_after=1.5)
    connection.start()
    lobby = LobbyScene(app, connection, f"127.0.0.1:{port}")
    app.push(lobby)
    run_until(app, lambda: lobby.status == "reconnecting" and lobby.status_detail == NOT_ANSWERING, seconds=30)
    banner = lobby._banner()
    assert banner is not None and banner[0] == "The host is not answering, retrying…"
    if SHOTS is not None:
        app.screenshot("silent_host")
        app.step(1 / 60, [])
    app.close()


def test_a_frozen_host_process_is_reported_and_found_again_when_it_wakes(tmp_path: Path) -> None:
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "doorkick.client.main",
            "host",
            "--port",
            "0",
            "--no-discovery",
            "--bind",
            "127.0.0.1",
            "--data-dir",
            str(tmp_path / "saves"),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    connection: Connection | None = None
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line.startswith("listening on 127.0.0.1:"), line
        port = int(line.strip().rsplit(":", 1)[1])
        connection = Connection("127.0.0.1", port, "Alice", silent_after=2.0)
        connection.start()
        statuses_until(connection, lambda s: s.state == "connected")
        process.send_signal(signal.SIGSTOP)
        statuses_until(connection, lambda s: s.state == "reconnecting" and s.detail == NOT_ANSWERING)
        process.send_signal(signal.SIGCONT)
        statuses_until(connection, lambda s: s.state == "connected")
    finally:
        if connection is not None:
            connection.close()
        process.send_signal(signal.SIGCONT)
        process.kill()
        process.wait(timeout=10)


def test_a_live_host_with_nothing_to_say_is_not_reported(host: EmbeddedHost) -> None:
    # A silence limit a busy machine's stall of a second cannot reach, while the pings come every 0.67 s.
    connection = Connection("127.0.0.1", host.port, "Alice", silent_after=2.0)
    connection.start()
    try:
        statuses_until(connection, lambda s: s.state == "connected")
        # Three times the silence limit with nothing to say: the pings are answered, so the link stays up.
        end = time.monotonic() + 6.0
        seen: list[Any] = []
        while time.monotonic() < end:
            seen += connection.poll()
            time.sleep(0.05)
        assert not [s for s in seen if isinstance(s, Status)], seen
    finally:
        connection.close()
