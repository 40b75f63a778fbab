"""`doorkick play --scenario FILE`: a table arranged by a scenario file opens hot-seat or hosted, through the CLI
entry point, with the file's cards where it says; a broken file says where and why and opens nothing."""

from __future__ import annotations

import argparse
import re
import shutil
from pathlib import Path
from typing import Any

import pygame
import pytest
from client_support import run_until, wait_until

from doorkick.client import cli
from doorkick.client.main import main
from doorkick.client.scenes.lobby import LobbyScene
from doorkick.client.scenes.table_base import GameScene

DOCS = Path(__file__).parents[2] / "docs" / "scenarios.md"
SHOTS = Path("/tmp/shots-scenario")


def doc_example(game: str) -> str:
    """The documentation's example scenario of `game` (docs/scenarios.md), as a user would copy it."""
    examples: list[str] = re.findall(r"```toml\n(.*?)```", DOCS.read_text(), re.S)
    return next(t for t in examples if f'game = "{game}"' in t)


def play_args(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    cli.add_arguments(parser, "play")
    args = parser.parse_args(list(argv))
    args.command = "play"
    cli._read_scenario(args)
    return args


def keep(shots: list[Path], name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    for n, shot in enumerate(shots):
        shutil.copy(shot, SHOTS / f"{name}_{n:02d}_{shot.name}")


def test_a_hot_seat_scenario_table_holds_what_the_file_says(app: Any, tmp_path: Path) -> None:
    path = tmp_path / "combat.toml"
    path.write_text(doc_example("munchkin"))
    cli._open_hot_seat(app, play_args("--scenario", str(path), "--hot-seat", "1"), lambda scene: None)
    scene = app.top
    assert isinstance(scene, GameScene)
    assert scene.session.names == {0: "Arek", 1: "Zuza", 2: "Bob"}, "the scenario names its seats"
    assert scene.session.seats == (0,)
    view = scene.session.state(0)["view"]
    assert view["hand"] == ["potion-of-liquid-courage#1", "party-crasher#1"]
    assert view["players"][0]["level"] == 4
    assert [i["card"] for i in view["players"][0]["items"]] == [
        "greatsword-of-overcompensation",
        "colander-of-clarity",
        "pet-rock",
    ]
    for _ in range(20):
        app.step(1 / 60, [])
    app.screenshot("scenario_hot_seat")
    app.step(1 / 60, [])
    keep(app.shots_taken, "hot_seat")


@pytest.mark.slow
def test_play_scenario_through_the_command_line_plays_from_the_arranged_table(tmp_path: Path) -> None:
    path = tmp_path / "combat.toml"
    path.write_text(doc_example("munchkin"))
    shots = tmp_path / "shots"
    code = main(
        [
            "play",
            "--scenario",
            str(path),
            "--hot-seat",
            "Ann",
            "--autoplay",
            "--quit-after-turns",
            "2",
            "--screenshot-dir",
            str(shots),
            "--size",
            "1280x720",
            "--time-limit",
            "240",
        ]
    )
    assert code == 0
    taken = sorted(shots.glob("*.png"))
    assert taken, "a screenshot at the turn's start and at the fight"
    keep(taken, "cli")


def test_play_scenario_hosts_it_through_the_command_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    path = tmp_path / "combat.toml"
    path.write_text(doc_example("munchkin"))
    shots = tmp_path / "shots"
    code = main(
        [
            "play",
            "--scenario",
            str(path),
            "--no-discovery",
            "--autoplay",
            "--quit-after-turns",
            "2",
            "--screenshot-dir",
            str(shots),
            "--size",
            "1280x720",
            "--time-limit",
            "240",
            "--name",
            "Hostess",
        ]
    )
    assert code == 0
    taken = sorted(shots.glob("*.png"))
    assert taken
    keep(taken, "cli_hosted")


def test_a_hosted_scenario_game_replays_from_its_saved_table(host: Any, tmp_path: Path) -> None:
    from doorkick.client.net import Connection
    from doorkick.client.replay import ReplaySession, load_replay
    from doorkick.shared import protocol
    from doorkick.shared.rules.scenario import load_scenario

    path = tmp_path / "combat.toml"
    path.write_text(doc_example("munchkin"))
    scenario = load_scenario(path)
    table, token = host.call(lambda: host.server.lobby.open_scenario(scenario, "Ann"))
    seen: list[Any] = []
    connection = Connection("127.0.0.1", host.port, "Ann")
    connection.start()
    try:
        connection.request(protocol.RESUME, table=table, token=token)
        connection.request(protocol.START, fill_with_bots=True)

        def snapshot() -> bool:
            seen.extend(connection.poll())
            return any(getattr(m, "type", "") == protocol.SNAPSHOT for m in seen)

        wait_until(snapshot, what="the table's snapshot")
        action = {"type": "kick_open_the_door", "seat": 0}
        connection.request(protocol.ACTION, token=token, action=action)
        match = host.server.lobby.tables[table].match
        folder = host.config.data_dir / "tables" / table

        def logged() -> int:
            return len(load_replay(folder)[1]) if (folder / "actions.log").exists() else 0

        # On disk, every action the table played.
        wait_until(lambda: 1 <= logged() == host.call(lambda: match.seq), every=0.05, what="the actions on disk")
    finally:
        connection.close()
    record, actions = load_replay(folder)
    replay = ReplaySession(record, actions)
    while replay.step():
        pass
    live = host.call(lambda: match.state)
    assert replay.position == len(actions) >= 1
    assert replay.engine_state.combat is not None and replay.engine_state.combat.monsters[0].card == "bone-colossus"
    assert replay.engine_state == live, "the replay is the game the table played"


def test_a_wonderland_scenario_opens_on_its_board(app: Any, tmp_path: Path) -> None:
    path = tmp_path / "red-queen.toml"
    path.write_text(doc_example("wonderland"))
    cli._open_hot_seat(app, play_args("--scenario", str(path), "--hot-seat", "Ruby"), lambda scene: None)
    scene = app.top
    assert isinstance(scene, GameScene) and scene.session.game == "wonderland"
    assert scene.session.names == {0: "Ruby", 1: "Blue"}, "a player's own name replaces the file's"
    view = scene.session.state(0)["view"]
    assert view["hand"] == ["the_stolen_tarts"]
    for _ in range(20):
        app.step(1 / 60, [])
    app.screenshot("scenario_wonderland")
    app.step(1 / 60, [])
    keep(app.shots_taken, "wonderland")


def test_a_hosted_scenario_table_keeps_seat_0_for_its_player_and_starts_as_arranged(
    app: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))  # the host's saves and kept seats: this test's
    app.settings.name = "Hostess"
    path = tmp_path / "combat.toml"
    path.write_text(doc_example("munchkin"))
    host = cli._open_hosted(app, play_args("--scenario", str(path), "--no-discovery"), lambda scene: None)
    try:
        lobby = app.find(LobbyScene)
        assert isinstance(lobby, LobbyScene)
        run_until(app, lambda: lobby.table is not None and lobby.my_seat == 0)
        assert lobby.table is not None
        assert lobby.table["name"] == "The Combat Example" and lobby.table["scenario"] == "The Combat Example"
        assert [p["kind"] for p in lobby.table["players"]] == ["human", "open", "open"]
        assert len(host.server.lobby.tables) == 1, "the window made no table of its own"
        assert not lobby.settings_button.enabled, "the file fixes the table's settings"
        app.screenshot("scenario_lobby")
        app.step(1 / 60, [])
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            app.step(1 / 60, [pygame.event.Event(kind, button=1, pos=lobby.start_button.rect.center)])
        run_until(app, lambda: isinstance(app.top, GameScene) and app.top.session.state(0) is not None)
        scene = app.top
        assert isinstance(scene, GameScene)
        view = scene.session.state(0)["view"]
        assert view["players"][0]["name"] == "Hostess" and view["players"][0]["level"] == 4
        assert view["hand"] == ["potion-of-liquid-courage#1", "party-crasher#1"]
        for _ in range(20):
            app.step(1 / 60, [])
        app.screenshot("scenario_hosted_table")
        app.step(1 / 60, [])
        keep(app.shots_taken, "hosted")
    finally:
        host.stop()


def test_a_broken_scenario_names_file_and_line_and_opens_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "broken.toml"
    path.write_text(doc_example("munchkin").replace('"pet-rock"', '"pet-boulder"'))
    assert main(["play", "--scenario", str(path), "--hot-seat", "1"]) == 2
    err = capsys.readouterr().err
    assert f"{path}, line 17 (seats[0].carried): unknown card 'pet-boulder'" in err


def test_packs_or_options_beside_a_scenario_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "combat.toml"
    path.write_text(doc_example("munchkin"))
    assert main(["play", "--scenario", str(path), "--hot-seat", "1", "--options", "epic"]) == 2
    assert "names its own packs and options" in capsys.readouterr().err


def test_more_hot_seat_players_than_the_scenario_has_seats_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "red-queen.toml"
    path.write_text(doc_example("wonderland"))
    assert main(["play", "--scenario", str(path), "--hot-seat", "Ann,Ben,Cat"]) == 2
    assert "3 players for the 2 seats" in capsys.readouterr().err
