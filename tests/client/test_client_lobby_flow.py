"""From the lobby to the table: each player keeps the colour the lobby showed, the lobby's Join says when no
table is picked, hot-seat players are named (on a form or with `--hot-seat NAMES`), and `play` and `join`
take `--interface` like `host`."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

import pygame
import pytest
from client_support import lobby_table, run_until

from doorkick.client import cli
from doorkick.client.discovery import Browser
from doorkick.client.host import EmbeddedHost
from doorkick.client.net import Connection
from doorkick.client.pack_cache import PackCache
from doorkick.client.scenes.browser import BrowserScene
from doorkick.client.scenes.hot_seat_setup import HotSeatSetupScene, names_problem
from doorkick.client.scenes.lobby import LobbyScene
from doorkick.client.scenes.table_base import GameScene
from doorkick.client.ui import theme
from doorkick.shared import protocol


def click(app: Any, pos: tuple[int, int]) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.step(1 / 60, [pygame.event.Event(kind, button=1, pos=pos)])


def play_args(*argv: str, command: str = "play") -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    cli.add_arguments(parser, command)
    args = parser.parse_args(list(argv))
    args.command = command
    return args


def test_every_player_keeps_the_lobbys_colour_at_the_table(app: Any, host: EmbeddedHost) -> None:
    app.settings.colour = 2  # green: not the colour seat order would give the first seat
    connection = Connection("127.0.0.1", host.port, "Alice")
    connection.start()
    lobby = LobbyScene(app, connection, "test", "munchkin", 4, 2)
    app.push(lobby)
    run_until(app, lambda: lobby.status == "connected")
    click(app, lobby.create_button.rect.center)
    run_until(app, lambda: lobby.table is not None)
    click(app, lobby.start_button.rect.center)  # the open seat becomes a bot at the start
    run_until(app, lambda: isinstance(app.top, GameScene))
    scene = app.top
    players = lobby_table(lobby)["players"]  # the seats as the host started them, as the lobby last showed them
    assert [p["kind"] for p in players] == ["human", "bot", "bot", "bot"]
    assert players[0]["colour"] == "green"
    for p in players:
        assert scene.seat_colour(p["seat"]) == theme.seat_colour(p["seat"], p["colour"])
    assert scene.seat_colour(0) == theme.GREEN
    assert len({scene.seat_colour(p["seat"]) for p in players}) == 4
    app.close()


def test_join_table_with_no_table_picked_says_so(app: Any) -> None:
    class Quiet:
        def __init__(self) -> None:
            self.sent: list[Any] = []
            self.wake: Callable[[], None] | None = None
            self.server_id, self.token, self.packs = "", None, PackCache()
            self.incoming = [protocol.Message(protocol.WELCOME, {"features": []})]

        def request(self, type_: str, **fields: Any) -> None:
            self.sent.append(type_)

        def poll(self) -> list[Any]:
            out, self.incoming = self.incoming, []
            return out

        def close(self) -> None:
            pass

    connection = Quiet()
    lobby = LobbyScene(app, connection, "test")
    lobby.status = "connected"
    app.push(lobby)
    app.step(1 / 60, [])
    lobby._labels()
    click(app, lobby.join_button.rect.center)
    assert protocol.JOIN_TABLE not in connection.sent
    banner = lobby._banner()
    assert banner is not None and banner[0].startswith("Pick a table in the list first")
    app.screenshot("lobby_nothing_selected")
    app.step(1 / 60, [])


def test_hot_seat_players_are_named_on_a_form_before_the_game(app: Any) -> None:
    app.headless = False  # the form is for a window; a headless run takes the names as given
    app.settings.name = "Alice"
    args = play_args("--hot-seat", "3", "--seats", "4", "--seed", "3")
    cli._open_hot_seat(app, args, lambda scene: None)
    form = app.top
    assert isinstance(form, HotSeatSetupScene) and form.names() == ["Alice", "Player 2", "Player 3"]
    # Bob's box: clicked, emptied, typed into through the input path.
    second = form.inputs[1]
    click(app, second.rect.center)
    for _ in range(len(second.text)):
        app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="", scancode=0)])
    app.step(1 / 60, [pygame.event.Event(pygame.TEXTINPUT, text="Alice")])
    click(app, form.start_button.rect.center)
    assert app.top is form and "Two players are called Alice" in form.problem
    app.screenshot("hot_seat_names_refused")
    app.step(1 / 60, [])
    for _ in range(5):
        app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="", scancode=0)])
    app.step(1 / 60, [pygame.event.Event(pygame.TEXTINPUT, text="Bob")])
    app.screenshot("hot_seat_names")
    app.step(1 / 60, [])
    click(app, form.start_button.rect.center)
    scene = app.top
    assert isinstance(scene, GameScene)
    assert scene.session.names == {0: "Alice", 1: "Bob", 2: "Player 3", 3: "Bot 4"}
    assert scene.session.seats == (0, 1, 2)


def test_hot_seat_names_on_the_command_line_skip_the_form(app: Any) -> None:
    app.headless = False
    args = play_args("--hot-seat", "Ann,Ben,Cat,Dan,Eve", "--seats", "4", "--game", "wonderland", "--seed", "2")
    cli._open_hot_seat(app, args, lambda scene: None)
    scene = app.top
    assert isinstance(scene, GameScene)  # five names at a table of four: the table grows to five
    assert scene.session.names == {0: "Ann", 1: "Ben", 2: "Cat", 3: "Dan", 4: "Eve"}


@pytest.mark.parametrize(
    ("given", "why"),
    [
        ("0", "1 to 6"),
        ("7", "1 to 6"),
        ("Ann,,Ben", "names separated"),
        ("Ann,ann", "a name of their own"),
        ("A" * 21, "at most 20"),
    ],
)
def test_bad_hot_seat_names_are_refused_clearly(given: str, why: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        play_args("--hot-seat", given)
    assert why in capsys.readouterr().err


def test_the_names_problem_is_said_in_words() -> None:
    assert names_problem(["Ann", "Ben"]) == ""
    assert names_problem(["Ann", ""]) == "Player 2 needs a name"


def test_play_and_join_take_an_interface_for_the_host_and_the_lan_search(app: Any) -> None:
    args = play_args("--interface", "127.0.0.1", "--no-discovery", "--seats", "2")
    host = cli._open_hosted(app, args, lambda scene: None)
    try:
        assert host.config.interface == "127.0.0.1"
        browser = app.find(BrowserScene)
        assert isinstance(browser, BrowserScene) and isinstance(browser.browser, Browser)
        assert browser.browser._interfaces == ["127.0.0.1"]
    finally:
        host.stop()
    joined = play_args("--interface", "127.0.0.1", command="join")
    assert joined.interface == "127.0.0.1" and joined.address == ""


def test_enter_goes_from_name_to_name_and_starts_from_the_last(app: Any) -> None:
    started: list[list[str]] = []
    form = app.push(HotSeatSetupScene(app, ["Ann", "Ben"], started.append))
    enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
    click(app, form.inputs[0].rect.center)
    app.step(1 / 60, [enter])
    assert form.inputs[1].focused and not form.inputs[0].focused and not started
    app.step(1 / 60, [enter])
    assert started == [["Ann", "Ben"]]
