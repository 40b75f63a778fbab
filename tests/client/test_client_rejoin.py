"""Back to your seat: tokens kept on disk the moment they are issued, a relaunched window that sits down again
(or offers its live seats), stale seats forgotten, and the host player's own table reclaimed after a restart."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pygame
import pytest
from client_support import run_until

from doorkick.client import cli
from doorkick.client.autoplay import Autoplayer
from doorkick.client.host import EmbeddedHost
from doorkick.client.main import build_parser
from doorkick.client.net import Connection
from doorkick.client.rejoin import SeatFinder, probe
from doorkick.client.scenes.lobby import LobbyScene
from doorkick.client.scenes.seat_offer import SeatOfferScene
from doorkick.client.scenes.table_base import GameScene
from doorkick.client.seats import KeptSeat, SeatStore, issued
from doorkick.shared.rules.munchkin.view import MunchkinView


def click(app: Any, pos: tuple[int, int]) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.step(1 / 60, [pygame.event.Event(kind, button=1, pos=pos)])


def close_window(app: Any) -> None:
    """Every scene goes, and with them the connection: the host sees the player drop."""
    while app.top is not None:
        app.pop()
    app.running = True  # the same App stands in for the relaunched window


def play_a_game(app: Any, host: EmbeddedHost, store: SeatStore) -> tuple[GameScene, Connection]:
    connection = Connection("127.0.0.1", host.port, "Alice", seats=store)
    connection.start()
    app.push(LobbyScene(app, connection, "test", "munchkin", 3, 2, auto_create=True, auto_start=True))
    run_until(app, lambda: isinstance(app.top, GameScene))
    assert isinstance(app.top, GameScene)
    return app.top, connection


# -- the store -----------------------------------------------------------------------------------------
def test_kept_seats_survive_a_new_store_and_stale_ones_are_forgotten(tmp_path: Path) -> None:
    path = tmp_path / "seats.json"
    store = SeatStore(path)
    store.keep(issued("host-a", "t1", 2, "secret-1", "10.0.0.5", 47474))
    store.rename("host-a", "t1", "Alice's table")
    store.keep(issued("host-a", "t1", 2, "secret-2", "10.0.0.5", 47474))  # a resume: same seat, name kept
    store.keep(issued("host-b", "t9", 0, "secret-9", "10.0.0.6", 47474))
    again = SeatStore(path)
    seats = {s.table: s for s in again.all()}
    assert seats["t1"].token == "secret-2" and seats["t1"].label == "Alice's table"
    assert [s.table for s in again.at_host("host-b")] == ["t9"]
    assert os.stat(path).st_mode & 0o077 == 0, "tokens are secrets: the file is its owner's only"
    again.forget("host-b", "t9")
    assert [s.table for s in SeatStore(path).all()] == ["t1"]


def test_a_broken_seat_file_costs_the_seats_not_the_window(tmp_path: Path) -> None:
    path = tmp_path / "seats.json"
    path.write_text("{not json")
    assert SeatStore(path).all() == []
    path.write_text('{"host": {"t": {"seat": "x"}}, "other": 3}')
    assert SeatStore(path).all() == []


# -- at a host -----------------------------------------------------------------------------------------
def test_a_token_is_on_disk_the_moment_it_is_issued(app: Any, host: EmbeddedHost, tmp_path: Path) -> None:
    store = SeatStore(tmp_path / "seats.json")
    connection = Connection("127.0.0.1", host.port, "Alice", seats=store)
    connection.start()
    connection.request("create_table", game="munchkin", seats=3, bots=2)
    # Nobody polls the connection here: the network thread itself wrote the token when `seated` arrived.
    run_until(app, lambda: bool(store.all()))
    (kept,) = store.all()
    assert kept.host_id == host.server.server_id and kept.seat == 0 and kept.port == host.port
    run_until(app, lambda: SeatStore(store.path).all()[0].table_name == "Alice's table")
    connection.request("leave")
    run_until(app, lambda: not store.all())  # left on purpose: nothing to come back to
    connection.close()


def test_a_relaunched_window_sits_down_again_at_its_only_live_seat(
    app: Any, host: EmbeddedHost, tmp_path: Path
) -> None:
    store = SeatStore(tmp_path / "seats.json")
    first, _ = play_a_game(app, host, store)
    table, hand = first.session.table, list(first.hand)
    close_window(app)

    # The new window's lobby would make a table of its own (as `doorkick play` does): the kept seat comes first.
    connection = Connection("127.0.0.1", host.port, "Alice", seats=SeatStore(store.path))
    connection.start()
    app.push(LobbyScene(app, connection, "test", "munchkin", 3, 2, auto_create=True, auto_start=True))
    run_until(app, lambda: isinstance(app.top, GameScene))
    scene = app.top
    assert isinstance(scene, GameScene)
    assert scene.session.table == table and scene.session.seats == (0,)
    assert scene.hand, "back with the hand"
    assert set(hand) & set(scene.hand) or scene.record.turn > 1
    assert list(host.server.lobby.tables) == [table], "no second table was made"
    run_until(app, lambda: any("Back at your seat at Alice's table" in text for text, _ in scene.log))
    app.screenshot("rejoin_back_at_the_seat")
    app.step(1 / 60, [])


def test_stale_seats_are_forgotten(app: Any, host: EmbeddedHost, tmp_path: Path) -> None:
    store = SeatStore(tmp_path / "seats.json")
    play_a_game(app, host, store)
    (live,) = store.all()
    close_window(app)
    here = host.server.server_id
    store.keep(issued(here, "gone1234", 1, "old", "127.0.0.1", host.port))  # a table this host no longer has
    store.keep(KeptSeat(here, live.table, 0, "not-the-token", "127.0.0.1", host.port, "Alice's table", live.kept_at))

    connection = Connection("127.0.0.1", host.port, "Alice", seats=store)
    connection.start()
    lobby = LobbyScene(app, connection, "test", auto_create=False)
    app.push(lobby)
    run_until(app, lambda: not store.all())
    run_until(app, lambda: "Could not sit down again at Alice's table" in lobby.alert)
    assert isinstance(app.top, LobbyScene)


def test_several_live_seats_are_offered_and_one_click_takes_one(app: Any, host: EmbeddedHost, tmp_path: Path) -> None:
    store = SeatStore(tmp_path / "seats.json")
    tables = []
    for n in range(2):  # two windows, two tables (one store would have gone back to the first table)
        own = SeatStore(tmp_path / f"seats{n}.json")
        scene, _ = play_a_game(app, host, own)
        tables.append(scene.session.table)
        close_window(app)
        store.keep(own.all()[0])
    connection = Connection("127.0.0.1", host.port, "Alice", seats=store)
    connection.start()
    app.push(LobbyScene(app, connection, "test", auto_create=True))
    run_until(app, lambda: isinstance(app.top, SeatOfferScene))
    offer = app.top
    assert isinstance(offer, SeatOfferScene)
    labels = [button.label for button in offer.buttons]
    # Table names are unique on a host: the offer tells the two tables apart.
    assert sorted(labels[:2]) == ["Back to your seat at Alice's table", "Back to your seat at Alice's table 2"]
    assert labels[-1] == "Not now"
    app.screenshot("rejoin_offer")
    app.step(1 / 60, [])
    click(app, offer.buttons[0].rect.center)
    run_until(app, lambda: isinstance(app.top, GameScene))
    assert app.top.session.table in tables
    assert len(host.server.lobby.tables) == 2, "no table of its own while seats were on offer"


def test_the_finder_asks_each_kept_seats_host(app: Any, host: EmbeddedHost, tmp_path: Path) -> None:
    store = SeatStore(tmp_path / "seats.json")
    play_a_game(app, host, store)
    close_window(app)
    here = host.server.server_id
    answer = probe("127.0.0.1", host.port)
    assert answer is not None and answer[0] == here
    store.keep(issued(here, "gone1234", 1, "old", "127.0.0.1", host.port))
    store.keep(issued("elsewhere", "t", 0, "tok", "127.0.0.1", 1))  # nothing listens there: kept for later
    finder = SeatFinder(store, timeout=1.0).start()
    run_until(app, lambda: finder.done)
    assert [s.host_id for s in finder.live] == [here]
    assert {s.table for s in store.all()} == {finder.live[0].table, "t"}


# -- the host player's own window --------------------------------------------------------------------------
def test_the_host_players_window_reclaims_its_table_after_a_host_restart(
    app: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))  # the host's saves and the kept seats live here
    args = build_parser("play").parse_args(["play", "--seats", "3", "--no-discovery", "--autoplay"])
    attach = cli._attacher(app, args)

    def launch() -> tuple[EmbeddedHost, GameScene]:
        host = cli._open_hosted(app, args, attach)
        run_until(app, lambda: isinstance(app.top, GameScene), seconds=20)
        assert isinstance(app.top, GameScene)
        return host, app.top

    host, scene = launch()
    table, port = scene.session.table, host.port
    run_until(app, lambda: scene.record.turn >= 2, seconds=30)
    close_window(app)
    host.stop()

    host, scene = launch()
    try:
        assert host.port == port, "the same port again, where the others' windows are reconnecting"
        assert scene.session.table == table
        assert list(host.server.lobby.tables) == [table]
        # Seat 0's own view of the game it left (its hand may be empty: the seat's stand-in plays on while the
        # window is away, and can give every card to charity).
        assert isinstance(scene.record, MunchkinView) and scene.record.you == scene.viewer == 0
        assert scene.record.turn >= 2
    finally:
        close_window(app)
        host.stop()


def test_join_with_no_address_takes_the_only_live_seat_at_once(
    app: Any, host: EmbeddedHost, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    store = SeatStore()  # where `doorkick join` looks: the user's data dir
    assert str(store.path).startswith(str(tmp_path / "data"))
    first, _ = play_a_game(app, host, store)
    table = first.session.table
    close_window(app)
    store.keep(issued("switched-off", "t", 0, "tok", "127.0.0.1", 1))  # a host that is not there tonight

    args = build_parser("join").parse_args(["join"])
    cli._find_kept_seats(app, args, cli._attacher(app, args), automatic=True)
    run_until(app, lambda: isinstance(app.top, GameScene), seconds=20)
    assert app.top.session.table == table
    assert {s.host_id for s in store.all()} == {host.server.server_id, "switched-off"}


def test_a_remote_players_window_reconnecting_finds_its_seat_when_the_host_comes_back(app: Any, tmp_path: Path) -> None:
    from doorkick.client.host import host_config
    from doorkick.shared import protocol

    def start(port: int) -> EmbeddedHost:
        config = host_config("test host", discovery=False, port=port, data_dir=tmp_path / "data", bot_delay=0.05)
        config.host = "127.0.0.1"
        host = EmbeddedHost(config)
        host.start()
        return host

    host = start(0)
    alice = Connection("127.0.0.1", host.port, "Alice")
    bob = Connection("127.0.0.1", host.port, "Bob")  # his window just keeps going while the host is away
    for c in (alice, bob):
        c.start()
    got: dict[str, list[protocol.Message]] = {"Alice": [], "Bob": []}

    def heard(who: Connection, kind: str, count: int = 1) -> Any:
        def check() -> bool:
            got[who.name].extend(i for i in who.poll() if isinstance(i, protocol.Message))
            return sum(m.type == kind for m in got[who.name]) >= count

        return check

    alice.request(protocol.CREATE_TABLE, game="munchkin", seats=2, bots=0)
    run_until(app, heard(alice, protocol.SEATED))
    bob.request(protocol.JOIN_TABLE, table=alice.table)
    run_until(app, heard(bob, protocol.SEATED))
    bob.request(protocol.READY, ready=True)
    run_until(app, heard(bob, protocol.OK))
    alice.request(protocol.START)
    run_until(app, heard(bob, protocol.SNAPSHOT))
    port = host.port
    alice.close()
    host.stop()

    host = start(port)
    try:
        run_until(app, heard(bob, protocol.SNAPSHOT, 2), seconds=20)
        assert bob.seat == 1 and host.server.lobby.tables[bob.table].seats[1].client is not None
    finally:
        bob.close()
        host.stop()


def test_a_window_back_at_its_seat_paints_every_seat_in_the_hosts_colour(
    app: Any, host: EmbeddedHost, tmp_path: Path
) -> None:
    # Seen after a kill -9 at a LAN party: Bob's relaunched window painted the seats in seat order (Bob blue,
    # the bot green) while everyone else, and Bob's own window before, had Bob green.
    from doorkick.client.ui import theme

    app.settings.colour = 2  # Alice picks green: not seat 0's colour in seat order
    store = SeatStore(tmp_path / "seats.json")
    first, _ = play_a_game(app, host, store)
    colours = {seat: first.seat_colour(seat) for seat in range(3)}
    assert colours[0] == theme.GREEN
    close_window(app)
    connection = Connection("127.0.0.1", host.port, "Alice", seats=SeatStore(store.path))
    connection.start()
    app.push(LobbyScene(app, connection, "test", "munchkin", 3, 2))
    run_until(app, lambda: isinstance(app.top, GameScene))
    scene = app.top
    assert isinstance(scene, GameScene)
    run_until(app, lambda: {seat: scene.seat_colour(seat) for seat in range(3)} == colours)


def test_a_window_back_at_its_seat_shows_what_happened_before_as_its_seat_saw_it(
    app: Any, host: EmbeddedHost, tmp_path: Path
) -> None:
    # Seen at a LAN party: a window killed and relaunched mid-game came back to an empty log.
    store = SeatStore(tmp_path / "seats.json")
    first, _ = play_a_game(app, host, store)
    first.autoplayer = Autoplayer(app, first, seed=1)  # Alice plays her turn through the screen's own input
    run_until(app, lambda: len(first.log) >= 6)
    seen = [text for text, _ in first.log]  # worded from what the host told seat 0, its own draws named
    close_window(app)

    connection = Connection("127.0.0.1", host.port, "Alice", seats=SeatStore(store.path))
    connection.start()
    app.push(LobbyScene(app, connection, "test", "munchkin", 3, 2, auto_create=True, auto_start=True))
    run_until(app, lambda: isinstance(app.top, GameScene))
    scene = app.top
    assert isinstance(scene, GameScene)
    run_until(app, lambda: any("Back at your seat" in text for text, _ in scene.log))
    lines = [text for text, _ in scene.log]
    assert len(lines) > len(seen) >= 4
    assert lines[: len(seen)] == seen, "the log picks up where the killed window's left off, oldest first"
    app.screenshot("rejoin_log_back")
    app.step(1 / 60, [])
