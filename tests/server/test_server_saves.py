"""What the host reads and keeps, over real sockets on 127.0.0.1: boards and packs by name only, finished tables
freed and kept as history, damaged saves set aside while the host and every other table go on."""

from __future__ import annotations

import asyncio
import logging
import signal
import subprocess
import sys
from importlib import resources
from pathlib import Path
from typing import Any

import msgpack
import pytest
from wire_client import WireClient, hosted, play_until_over, started, table_of

from doorkick.client.replay import ReplaySession, load_replay
from doorkick.server import actionlog
from doorkick.shared.rules.registry import ruleset

OPENED: list[str] = []  # every file this process opens while `_watching` is on (an audit hook cannot be removed)
_watching = [False]


def _audit(event: str, args: tuple[Any, ...]) -> None:
    if _watching[0] and event == "open" and isinstance(args[0], str | Path):
        OPENED.append(str(args[0]))


sys.addaudithook(_audit)


def garden_board(tmp_path: Path) -> Path:
    """A board file of the host's own user: the shipped board under another id."""
    text = (resources.files("doorkick.assets") / "boards" / "wonderland.toml").read_text("utf-8")
    path = tmp_path / "garden.toml"
    path.write_text(text.replace('id = "wonderland"', 'id = "garden"', 1))
    return path


async def create(client: WireClient, **fields: Any) -> Any:
    return await client.request("create_table", game="wonderland", seats=2, bots=1, **fields)


def test_a_client_chooses_boards_and_packs_by_name_and_nothing_it_sends_reaches_the_disk(tmp_path: Path) -> None:
    board = garden_board(tmp_path)
    secret = tmp_path / "secret.toml"
    secret.write_text('[board]\nid = "x"\n[other]\nkey = 1\n')

    async def scenario() -> None:
        async with hosted(tmp_path / "data", ruleset, ["wonderland", "munchkin"], boards=(board,)) as server:
            alice = WireClient(server.port)
            await alice.connect("Alice")
            named = [
                "/etc/passwd",
                "/dev/stdin",
                "/dev/zero",
                str(secret),
                str(board),
                "../boards/wonderland",
                "wonderland.toml",
                str(tmp_path / "nothing-here.toml"),
            ]
            OPENED.clear()
            _watching[0] = True
            try:
                replies = [await create(alice, options={"board": path}) for path in named]
                packs = [await create(alice, packs=[path]) for path in ["/etc/passwd", "../cards/core", "core"]]
            finally:
                _watching[0] = False
            assert not [path for path in OPENED if any(n in path for n in (*named, "passwd", "secret"))]
            for path, reply in zip(named, replies, strict=True):
                assert reply.get("code") == "bad_options", reply
                # the same answer whether the file exists or not, and never what is in it
                assert reply.get("message") == f"no board {path[:40]!r} here; this host offers garden, wonderland"
            for reply in packs:  # "core" is a Munchkin pack: not one for Wonderland
                assert reply.get("code") == "bad_packs", reply
                assert reply.get("message").endswith("this host offers wonderland")
            munchkin = await alice.request("create_table", game="munchkin", seats=2, options={"board": "garden"})
            assert (munchkin.get("code"), munchkin.get("message")) == ("bad_options", "munchkin has no board to choose")

            assert (await create(alice, options={"board": "garden"}, packs=["wonderland"])).type == "seated"
            refused = await alice.request("set_table", options={"board": "/etc/passwd"})
            assert refused.get("code") == "bad_options"
            assert (await alice.request("start")).type == "ok"
            snapshot = await alice.expect("snapshot")
            assert snapshot.get("state")["view"]["board"]["id"] == "garden"
            await server.store.settled()
            record, actions = load_replay(tmp_path / "data" / "tables" / str(alice.table))
            assert record["sources"] == {"garden": str(board.resolve())}  # so that `doorkick replay` finds it
            assert ReplaySession(record, actions).engine_state.board.id == "garden"

    asyncio.run(scenario())


def test_the_host_refuses_to_start_with_a_board_file_that_is_not_one(tmp_path: Path) -> None:
    from doorkick.server.offer import Offer, OfferError

    (tmp_path / "big.toml").write_bytes(b"#" * (2 << 20))
    (tmp_path / "broken.toml").write_text("[board]\n")
    for bad in ("/dev/zero", str(tmp_path / "big.toml"), str(tmp_path / "broken.toml"), str(tmp_path / "none")):
        with pytest.raises(OfferError):
            Offer.load([Path(bad)])
    with pytest.raises(OfferError, match="offered already"):
        Offer.load([garden_board(tmp_path), garden_board(tmp_path)])


def test_finished_tables_leave_the_count_stay_listed_a_while_and_are_kept_as_history(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path, max_tables=1, results_kept=0.3) as server:
            games = []
            for n in range(3):  # one table at a time, and yet a third game
                players = await started(server.port, [f"A{n}", f"B{n}"])
                await play_until_over(players)
                games.append(players)
                listing = WireClient(server.port)
                await listing.connect("Lister")
                summaries = (await listing.request("list_tables")).get("tables")
                assert [(s["table"], s["finished"]) for s in summaries] == [(players[0].table, True)]
                for player in players:  # back to the lobby: nobody looks at the result any more
                    assert (await player.request("leave")).type == "left"
                for _ in range(200):  # the result leaves the list after `results_kept`
                    if players[0].table not in server.lobby.tables:
                        break
                    await asyncio.sleep(0.02)
                assert players[0].table not in server.lobby.tables
            await server.store.settled()
            for players in games:
                folder = tmp_path / "tables" / str(players[0].table)  # where it was: the replay looks in history/
                record, actions = load_replay(folder)  # what `doorkick replay` reads
                assert record["finished"] and len(actions) == players[0].seq == record["seq"]
                assert not (tmp_path / "tables" / str(players[0].table)).exists()
            winner = games[0][0]  # long gone from the list: resuming still gets the result
            again = WireClient(server.port)
            await again.connect("Again")
            assert (await again.request("resume", table=winner.table, token=winner.token)).type == "seated"
            snapshot = await again.expect("snapshot")
            assert winner.state is not None
            assert snapshot.get("state")["outcome"] == winner.state["outcome"]
            assert snapshot.get("seq") == winner.seq
            stranger = WireClient(server.port)
            await stranger.connect("Stranger")
            bad = await stranger.request("resume", table=games[1][0].table, token="not-a-token")
            assert bad.get("code") == "bad_token"
            assert (await stranger.request("resume", table="../tables", token="x")).get("code") == "no_such_table"
            lost = games[2][0]
            (tmp_path / "history" / str(lost.table) / "record.msgpack").write_bytes(b"\xc1")  # damaged since
            refused = await stranger.request("resume", table=lost.table, token=lost.token)
            assert refused.get("code") == "no_such_table"

    asyncio.run(scenario())


def test_a_finished_password_table_is_watched_from_history_after_its_password(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path, results_kept=0.1) as server:
            players = await table_of(server.port, ["A", "B"], seats=2, password="swordfish")
            assert (await players[1].request("ready", ready=True)).type == "ok"
            assert (await players[0].request("start")).type == "ok"
            for player in players:
                await player.expect("snapshot")
            await play_until_over(players)
            for player in players:
                assert (await player.request("leave")).type == "left"
            for _ in range(200):
                if players[0].table not in server.lobby.tables:
                    break
                await asyncio.sleep(0.02)
            assert players[0].table not in server.lobby.tables  # only the history has it now
            await server.store.settled()
            watcher = WireClient(server.port)
            await watcher.connect("Watcher")
            wrong = await watcher.request("watch", table=players[0].table, password="trout")
            assert wrong.get("code") == "bad_password"
            right = await watcher.request("watch", table=players[0].table, password="swordfish")
            assert right.type == "watching", right
            assert players[0].state is not None
            assert (await watcher.expect("snapshot")).get("state")["outcome"] == players[0].state["outcome"]

    asyncio.run(scenario())


def _play(clients: list[WireClient], count: int) -> Any:
    async def go() -> None:
        for _ in range(count):
            for client in clients:
                await client.drain(0.003)
            mover = next(c for c in clients if c.my_decision())
            assert (await mover.act(mover.my_decision()[0])).type == "ok"

    return go()


def test_damaged_saves_are_set_aside_and_the_host_and_every_other_table_go_on(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    async def before() -> tuple[str, str]:
        async with hosted(tmp_path) as server:
            good = await started(server.port, ["Alice", "Bob"])
            other = await started(server.port, ["Carol", "Dan"])
            await _play(good, 4)
            await _play(other, 4)
            return str(good[0].table), str(other[0].table)

    good_id, other_id = asyncio.run(before())
    tables = tmp_path / "tables"
    damaged = {
        "0000000a": msgpack.packb([1, 2, 3]),  # valid msgpack, not a map
        "0000000b": msgpack.packb({"name": "no id", "game": "dice"}),  # a record without id
        "0000000c": b"\xc1\x00garbage",  # not msgpack at all
    }
    for table_id, data in damaged.items():
        (tables / table_id).mkdir()
        (tables / table_id / "record.msgpack").write_bytes(data)
    record = msgpack.unpackb((tables / other_id / "record.msgpack").read_bytes())
    record["seats"] = "not a list"
    (tables / other_id / "record.msgpack").write_bytes(msgpack.packb(record))
    (tmp_path / "server.id").write_bytes(b"\xff\xfe\x80 not utf-8")

    async def after() -> None:
        with caplog.at_level(logging.WARNING):
            async with hosted(tmp_path) as server:
                lister = WireClient(server.port)
                welcome = await lister.connect("Lister")
                assert welcome.type == "welcome" and welcome.get("server")
                summaries = (await lister.request("list_tables")).get("tables")
                assert [s["table"] for s in summaries] == [good_id]

    asyncio.run(after())
    for table_id in [*damaged, other_id]:
        aside = tmp_path / "set-aside" / table_id
        assert (aside / "record.msgpack").is_file(), table_id  # kept whole
        assert (aside / "why.txt").read_text().strip()
        assert not (tables / table_id).exists()
        assert any(
            table_id in r.getMessage() and ("set aside" in r.getMessage() or "kept in" in r.getMessage())
            for r in caplog.records
        )
    assert "not a table record" in (tmp_path / "set-aside" / "0000000a" / "why.txt").read_text()
    assert "names table None" in (tmp_path / "set-aside" / "0000000b" / "why.txt").read_text()
    assert (tmp_path / "server.id.damaged").read_bytes().startswith(b"\xff\xfe")
    assert any("server.id is damaged" in r.getMessage() for r in caplog.records)


def test_a_damaged_action_is_rebuilt_from_its_checksum_else_what_is_lost_is_said_exactly(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    async def before() -> list[WireClient]:
        async with hosted(tmp_path) as server:
            creators = []
            for names in (["Alice", "Bob"], ["Carol", "Dan"]):
                players = await table_of(server.port, names, seats=2, options={"goal": 10**6})
                assert (await players[1].request("ready", ready=True)).type == "ok"
                assert (await players[0].request("start")).type == "ok"
                await _play(players, 30)
                while players[0].seq < 30:  # its creator holds the state after the last action
                    await players[0].drain(0.01)
                creators.append(players[0])
            return creators

    body_hit, header_hit = asyncio.run(before())
    logs = []
    for client, at in ((body_hit, 12), (header_hit, 0)):  # six bytes inside action 10: its body, or its header
        folder = tmp_path / "tables" / str(client.table)
        assert msgpack.unpackb((folder / "record.msgpack").read_bytes())["seq"] == 30  # saved as the host closed
        data = bytearray((folder / "actions.log").read_bytes())
        start = _frame_offsets(bytes(data))[9]
        data[start + at : start + at + 6] = b"\xde\xad\xbe\xef\x00\x01"
        (folder / "actions.log").write_bytes(bytes(data))
        logs.append(bytes(data))

    async def after() -> None:
        with caplog.at_level(logging.WARNING):
            async with hosted(tmp_path) as server:
                for client, seq in ((body_hit, 30), (header_hit, 9)):
                    again = WireClient(server.port)
                    await again.connect("Again")
                    assert (await again.request("resume", table=client.table, token=client.token)).type == "seated"
                    assert (await again.expect("snapshot")).get("seq") == seq
                    if seq == 30:
                        assert again.state == client.state  # exactly the game its players saw

    asyncio.run(after())
    said = {r.getMessage().split(":")[0]: r.getMessage() for r in caplog.records if "kept in" in r.getMessage()}
    assert "action 10 was damaged and is rebuilt" in said[f"table {body_hit.table}"]
    assert "lost" not in said[f"table {body_hit.table}"]
    assert (
        "action 10 is damaged or missing; the 20 intact actions after it (11-30) cannot be replayed without it"
        in said[f"table {header_hit.table}"]
    )
    assert "the game goes on after action 9 of 30: 21 acknowledged action(s) lost" in said[f"table {header_hit.table}"]
    for client, kept in zip((body_hit, header_hit), logs, strict=True):
        assert (tmp_path / "set-aside" / f"{client.table}-log" / "actions.log").read_bytes() == kept  # kept as found


def _frame_offsets(data: bytes) -> list[int]:
    pos, out = len(actionlog.MAGIC), []
    while pos < len(data):
        out.append(pos)
        length, _ = actionlog.FRAME.unpack_from(data, pos)
        pos += actionlog.FRAME.size + length
    return out


def test_saving_never_holds_up_the_event_loop(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every fsync the host makes is watched: none may run on the event loop's thread (a slow disk would hold up
    every table). Which thread, not how long: a busy machine's preemption says nothing about the host."""
    import os
    import threading

    real_fsync = os.fsync
    loop_thread: list[int] = []
    on_loop: list[int] = []

    def watched_fsync(fd: int) -> None:
        if threading.get_ident() in loop_thread:
            on_loop.append(fd)
        real_fsync(fd)

    monkeypatch.setattr("doorkick.server.store.os.fsync", watched_fsync)

    async def scenario() -> None:
        async with hosted(tmp_path) as server:  # from here on: the host serves (its start-up is not counted)
            loop_thread.append(threading.get_ident())
            players = await started(server.port, ["Alice", "Bob"])
            await _play(players, 6)
            await table_of(server.port, ["Carol"], seats=3)  # lobby changes are saved too
            assert server.store.disk.syncs >= 6

    asyncio.run(scenario())
    assert on_loop == [], f"{len(on_loop)} fsync(s) on the event loop's thread"


def _host(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
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
            *args,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_doorkick_host_offers_its_users_files_and_starts_over_damaged_saves(tmp_path: Path) -> None:
    bad = _host("--data-dir", str(tmp_path / "a"), "--board", "/dev/zero")
    _, err = bad.communicate(timeout=60)
    assert bad.returncode == 2 and "/dev/zero: not a board file" in err and "Traceback" not in err

    data = tmp_path / "b"
    (data / "tables" / "0000000a").mkdir(parents=True)
    (data / "tables" / "0000000a" / "record.msgpack").write_bytes(msgpack.packb("not a map"))
    (data / "server.id").write_bytes(b"\xff\xfe")
    pack = tmp_path / "mine.toml"
    pack.write_text(
        (resources.files("doorkick.assets") / "cards" / "wonderland.toml")
        .read_text("utf-8")
        .replace('id = "wonderland"', 'id = "mine"', 1)
    )
    host = _host("--data-dir", str(data), "--board", str(garden_board(tmp_path)), "--pack", str(pack))
    try:
        assert host.stdout is not None
        line = host.stdout.readline()
        assert line.startswith("listening on 127.0.0.1:"), line + (host.stderr.read() if host.stderr else "")
        port = int(line.strip().rsplit(":", 1)[1])

        async def visit() -> None:
            alice = WireClient(port)
            await alice.connect("Alice")
            seated = await create(alice, options={"board": "garden"}, packs=["mine"])
            assert seated.type == "seated", seated
            assert (await alice.request("start")).type == "ok"
            view = (await alice.expect("snapshot")).get("state")["view"]
            assert view["board"]["id"] == "garden"

        asyncio.run(visit())
    finally:
        host.send_signal(signal.SIGINT)
        _, err = host.communicate(timeout=20)
    assert host.returncode == 0, err
    assert "set aside" in err and "server.id is damaged" in err
    assert (data / "set-aside" / "0000000a" / "why.txt").is_file()
