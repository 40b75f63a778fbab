"""Host identity on real sockets: a host signs each client's nonce with the key kept in its data dir; the client
remembers that key on first contact and gives no seat token to a host that cannot prove it holds it."""

from __future__ import annotations

import socket
import threading
import time
from pathlib import Path
from typing import Any

import pygame
from client_support import PATIENCE, run_until

from doorkick.client.host import EmbeddedHost, host_config
from doorkick.client.net import Connection, Status
from doorkick.client.rejoin import probe
from doorkick.client.scenes.lobby import LobbyScene
from doorkick.client.seats import SeatStore
from doorkick.client.trust import KnownHosts
from doorkick.server.identity import KEY_FILE
from doorkick.shared import protocol

SHOTS = Path("/tmp/shots-trust")


def start_host(data: Path, port: int = 0) -> EmbeddedHost:
    host = EmbeddedHost(host_config("Basement", discovery=False, data_dir=data, port=port, bot_delay=0.05))
    host.start()
    return host


def wait(connection: Connection, want: Any, seconds: float = PATIENCE) -> list[Any]:
    """Everything the connection delivered until `want(item)` held for one of them."""
    seen: list[Any] = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for item in connection.poll():
            seen.append(item)
            if want(item):
                return seen
        time.sleep(0.01)
    raise AssertionError(f"timed out; saw {seen[-5:]}")


def seated(item: Any) -> bool:
    return isinstance(item, protocol.Message) and item.type == protocol.SEATED


def failed(item: Any) -> bool:
    return isinstance(item, Status) and item.state == "failed"


def sit_down(port: int, store: SeatStore) -> Connection:
    connection = Connection("127.0.0.1", port, "Alice", seats=store)
    connection.start()
    connection.request(protocol.CREATE_TABLE, game="munchkin", seats=3, bots=2)
    wait(connection, seated)
    return connection


def captured_welcome(port: int) -> bytes:
    """The welcome frame the host sent someone else (an eavesdropper on the LAN has one of these)."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        hello = protocol.message(protocol.HELLO, protocol=1, app="victim", name="Alice", nonce="ab" * 32)
        sock.sendall(protocol.encode(hello))
        framer = protocol.Framer(protocol.SERVER_MESSAGES)
        while True:
            data = sock.recv(65536)
            framer.receive_data(data)
            if framer.events_received():
                return data


class ReplayingHost:
    """A fake host on the real host's port: answers every hello with a captured welcome, keeps every byte."""

    def __init__(self, port: int, welcome: bytes) -> None:
        self.welcome = welcome
        self.received = bytearray()
        self.listener = socket.create_server(("127.0.0.1", port), reuse_port=False)
        self.listener.settimeout(0.2)
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        while not self.stopped.is_set():
            try:
                conn, _ = self.listener.accept()
            except TimeoutError:
                continue
            with conn:
                conn.settimeout(0.2)
                conn.sendall(self.welcome)
                while not self.stopped.is_set():
                    try:
                        data = conn.recv(65536)
                    except TimeoutError:
                        continue
                    except OSError:
                        break
                    if not data:
                        break
                    self.received += data

    def frames(self) -> list[str]:
        framer = protocol.Framer(protocol.CLIENT_MESSAGES)
        framer.receive_data(bytes(self.received))
        return [m.type for m in framer.events_received() if isinstance(m, protocol.Message)]

    def close(self) -> None:
        self.stopped.set()
        self.thread.join(timeout=3)
        self.listener.close()


def test_a_fake_host_replaying_a_captured_welcome_is_refused_and_gets_no_token(tmp_path: Path) -> None:
    host = start_host(tmp_path / "data")
    port = host.port
    store = SeatStore(tmp_path / "client" / "seats.json")
    connection = sit_down(port, store)
    token = connection.token
    assert token and store.all()[0].token == token
    assert KnownHosts.beside(store).key_of(connection.server_id) == connection.host_key
    welcome = captured_welcome(port)
    host.stop()  # the real host goes; an impostor takes its address and replays what it overheard
    fake = ReplayingHost(port, welcome)
    try:
        seen = wait(connection, failed, 30.0)
        refusal = seen[-1].detail
        assert "failed to prove it holds its key" in refusal and "Basement" in refusal
        connection.close()
        assert fake.frames() == ["hello"], "nothing but hello before the host proved who it is"
        assert token.encode() not in fake.received
        assert probe("127.0.0.1", port, hosts=KnownHosts.beside(store)) is None  # the seat finder is not fooled
    finally:
        fake.close()
    assert store.all()[0].token == token, "the seat is still ours, to take back at the real host"


def test_a_host_restarted_with_its_data_dir_is_still_trusted(tmp_path: Path) -> None:
    data = tmp_path / "data"
    host = start_host(data)
    port = host.port
    store = SeatStore(tmp_path / "client" / "seats.json")
    connection = sit_down(port, store)
    key = connection.host_key
    host.stop()
    again = start_host(data, port)
    try:
        seen = wait(connection, seated, 30.0)  # it reconnects and resumes the seat with its token
        assert not any(failed(item) for item in seen)
        assert connection.host_key == key and not connection.refused
        assert (data / KEY_FILE).stat().st_mode & 0o077 == 0, "the private key is its owner's only"
    finally:
        connection.close()
        again.stop()


def test_a_new_key_under_a_known_host_id_is_refused_with_a_message_on_screen(app: Any, tmp_path: Path) -> None:
    data = tmp_path / "data"
    host = start_host(data)
    port = host.port
    store = SeatStore(tmp_path / "client" / "seats.json")
    sit_down(port, store).close()
    host.stop()
    (data / KEY_FILE).unlink()  # same host id, another key: what an impostor who copied server.id would show
    again = start_host(data, port)
    try:
        connection = Connection("127.0.0.1", port, "Alice", seats=store)
        connection.start()
        scene = LobbyScene(app, connection, "test", "munchkin", 3, 2)
        app.push(scene)
        run_until(app, lambda: scene.status == "failed")
        assert "shows another key" in scene.status_detail
        assert str(store.path.with_name("hosts.json")) in scene.status_detail, "where to forget it"
        app.step(1 / 60, [])
        SHOTS.mkdir(exist_ok=True)
        pygame.image.save(app.screen, SHOTS / "new-key-refused.png")
        assert connection.token is None
    finally:
        again.stop()


class Lan:
    """Stands in for zeroconf: two advertisements, nothing on any network."""

    error = ""

    def __init__(self, found: list[Any]) -> None:
        self._found = found

    def start(self) -> None:
        pass

    def found(self) -> list[Any]:
        return self._found

    def close(self) -> None:
        pass


def test_the_browser_warns_of_a_host_advertising_another_key_than_before(app: Any, tmp_path: Path) -> None:
    from doorkick.client.discovery import parse_properties
    from doorkick.client.scenes.browser import BrowserScene

    known = KnownHosts(tmp_path / "hosts.json")
    known.remember("basement-id", "aa" * 32, "Basement")
    known.remember("attic-id", "bb" * 32, "Attic")
    found = [
        parse_properties(
            "Basement._doorkick._tcp.local.",
            ["10.0.0.5"],
            47474,
            {b"name": b"Basement", b"id": b"basement-id", b"key": b"aa" * 32, b"games": b"munchkin"},
        ),
        parse_properties(
            "Attic._doorkick._tcp.local.",
            ["10.0.0.6"],
            47474,
            {b"name": b"Attic", b"id": b"attic-id", b"key": b"cc" * 32, b"games": b"munchkin"},
        ),
    ]
    browser = BrowserScene(app, lambda *_: None, lambda: None, 47474, Lan(found), known)
    app.push(browser)
    app.step(1 / 60, [])
    rows = browser.list.rows
    assert "not the host you met before" not in rows[0] and "not the host you met before" in rows[1]
    app.step(1 / 60, [])
    pygame.image.save(app.screen, SHOTS / "browser-stranger.png")


def test_at_the_table_an_impostor_at_the_hosts_address_is_refused_on_screen(app: Any, tmp_path: Path) -> None:
    from doorkick.client.scenes.table_base import GameScene

    host = start_host(tmp_path / "data")
    port = host.port
    connection = Connection("127.0.0.1", port, "Alice", seats=SeatStore(tmp_path / "client" / "seats.json"))
    connection.start()
    app.push(LobbyScene(app, connection, "test", "munchkin", 3, 2, auto_create=True, auto_start=True))
    run_until(app, lambda: isinstance(app.top, GameScene))
    scene = app.top
    token = connection.token
    welcome = captured_welcome(port)
    host.stop()
    fake = ReplayingHost(port, welcome)
    try:
        run_until(app, lambda: scene.session.status == "failed", 30.0)
        run_until(app, lambda: any("failed to prove" in t for t, _ in scene.toasts))
        app.step(1 / 60, [])
        pygame.image.save(app.screen, SHOTS / "impostor-at-the-table.png")
        assert token and token.encode() not in fake.received
    finally:
        fake.close()
