"""Every kind of bad input gets a clear error or a closed connection, never a crash or a change to a game."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import struct
from pathlib import Path
from typing import Any

import msgpack
from wire_client import WireClient, hosted, table_of

from doorkick.shared import protocol as p


async def started_pair(port: int) -> tuple[WireClient, WireClient]:
    alice, bob = await table_of(port, ["Alice", "Bob"], seats=2)
    assert (await bob.request("ready", ready=True)).type == "ok"
    assert (await alice.request("start")).type == "ok"
    await alice.expect("snapshot")
    await bob.expect("snapshot")
    return alice, bob


async def still_fine(port: int) -> None:
    """The host still answers a new client."""
    probe = WireClient(port)
    assert (await probe.connect("Probe")).type == "welcome"
    assert (await probe.request("ping")).type == "pong"
    await probe.close()


def run(scenario: Any) -> None:
    asyncio.run(scenario())


def test_garbage_bytes_get_an_error_and_a_close(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path) as server:
            client = await WireClient(server.port).open()
            client.send_raw(b"GET / HTTP/1.1\r\nHost: doorkick\r\n\r\n")
            said = await client.until_closed()
            assert [(m.get("code"), m.get("fatal")) for m in said] == [("frame_too_large", True)]
            await still_fine(server.port)

    run(scenario)


def test_an_oversized_frame_is_refused_before_it_is_read(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path, max_frame=4096) as server:
            client = WireClient(server.port)
            await client.connect()
            client.send_raw(struct.pack(">I", 4097) + b"x" * 100)
            said = await client.until_closed()
            assert said[-1].get("code") == "frame_too_large"
            await still_fine(server.port)

    run(scenario)


def test_a_truncated_frame_then_eof_harms_nobody(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path) as server:
            alice, bob = await started_pair(server.port)
            seq = alice.seq
            frame = p.encode(
                {
                    "type": "action",
                    "token": alice.token,
                    "action": alice.my_legal()[0] if alice.my_legal() else {"type": "roll", "seat": 0},
                }
            )
            cheat = await WireClient(server.port).open()
            cheat.send_raw(frame[: len(frame) // 2])
            cheat.writer.write_eof()
            await cheat.until_closed()
            await bob.drain(0.1)
            assert (alice.seq, bob.seq) == (seq, seq)
            await still_fine(server.port)

    run(scenario)


def test_malformed_messages_get_errors_and_the_connection_stays(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path) as server:
            client = WireClient(server.port)
            await client.connect()
            bodies = [
                (msgpack.packb({"id": 1, "text": "no type"}), "missing_type"),
                (msgpack.packb({"id": 2, "type": "teleport"}), "unknown_type"),
                (msgpack.packb({"id": 3, "type": "create_table", "game": "dice", "seats": "4"}), "bad_field"),
                (msgpack.packb({"id": 4, "type": "ready", "ready": 1}), "bad_field"),
                (msgpack.packb([1, 2]), "not_a_map"),
                (b"\xc1", "bad_msgpack"),
                (msgpack.packb({"id": 7, "type": "chat", "text": "x" * 5000}), "bad_field"),
                (msgpack.packb({"id": 8, "type": "hello", "protocol": 1, "app": "a", "name": "b"}), "already_greeted"),
                (msgpack.packb({"id": 9, "type": "welcome"}), "unknown_type"),  # a server message
            ]
            for body, code in bodies:
                client.send_raw(struct.pack(">I", len(body)) + body)
                error = await client.expect("error")
                assert error.get("code") == code, (body, error)
                assert not error.get("fatal")
            assert (await client.request("ping")).type == "pong"

    run(scenario)


def test_wrong_and_stale_tokens_and_foreign_seats_change_nothing(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path) as server:
            (old,) = await table_of(server.port, ["Old"], seats=2, bots=1)
            stale = old.token
            assert (await old.request("leave")).type == "left"  # the table is gone, and its tokens with it
            alice, bob = await started_pair(server.port)
            seq = alice.seq
            roll = {"type": "roll", "seat": 0}
            assert (await alice.request("action", token=stale, action=roll)).get("code") == "bad_token"
            assert (await alice.request("action", token="A" * 32, action=roll)).get("code") == "bad_token"
            assert (await alice.request("action", token=bob.token, action=roll)).get("code") == "bad_token"
            assert (await bob.act(roll)).get("code") == "not_your_seat"
            assert (await bob.act({"type": "roll", "seat": 1})).get("code") == "not_your_decision"
            assert (await alice.act({"type": "heckle", "seat": 0})).get("code") == "illegal"
            assert (await alice.act({"type": "fly", "seat": 0})).get("code") == "malformed"
            assert (await alice.act({"type": "roll", "seat": "0"})).get("code") == "malformed"
            assert (await alice.act({"type": "roll", "seat": 0, "dice": 6})).get("code") == "malformed"
            assert (await alice.request("resume", table=alice.table, token=stale)).get("code") == "bad_token"
            assert (await alice.request("resume", table="nope", token=stale)).get("code") == "no_such_table"
            await bob.drain(0.1)
            assert (alice.seq, bob.seq, alice.updates, bob.updates) == (seq, seq, 0, 0)
            assert (await alice.act(roll)).type == "ok"
            await bob.expect("update")
            assert bob.seq == seq + 1

    run(scenario)


def test_flooding_is_cut_off(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path, rate=20.0, burst=20) as server:
            client = WireClient(server.port)
            await client.connect()
            client.send_raw(p.encode({"type": "ping"}) * 200)
            said = await client.until_closed()
            assert said[-1].get("code") == "rate_limited"
            assert sum(m.type == "pong" for m in said) <= 20
            await still_fine(server.port)

    run(scenario)


def test_a_client_that_stops_reading_is_dropped(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path, send_queue=32, rate=1e9, burst=10**9) as server:
            loop = asyncio.get_running_loop()
            sleepy = socket.socket()
            sleepy.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            sleepy.setblocking(False)
            await loop.sock_connect(sleepy, ("127.0.0.1", server.port))
            await loop.sock_sendall(sleepy, p.encode(p.message("hello", protocol=1, app="t", name="Zzz")))
            watcher = WireClient(server.port)
            await watcher.connect("Watcher")
            pings = p.encode(p.message("list_tables")) * 1000  # every reply goes to the one who never reads
            for _ in range(200):
                if len(server.connections) == 1:
                    break
                with contextlib.suppress(TimeoutError, ConnectionError):
                    await asyncio.wait_for(loop.sock_sendall(sleepy, pings), 0.2)
            assert len(server.connections) == 1, "the sleepy client was never dropped"
            sleepy.close()
            assert (await watcher.request("ping")).type == "pong"
            await still_fine(server.port)

    run(scenario)


def test_connections_beyond_the_maximum_are_turned_away(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path, max_connections=2) as server:
            first, second = WireClient(server.port), WireClient(server.port)
            await first.connect("One")
            await second.connect("Two")
            third = await WireClient(server.port).open()
            said = await third.until_closed()
            assert [m.get("code") for m in said] == ["server_full"]
            await first.close()
            await asyncio.sleep(0.05)
            assert (await WireClient(server.port).connect("Four")).type == "welcome"

    run(scenario)


def test_silence_before_hello_and_silence_after_it_both_time_out(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path, handshake_timeout=0.2, idle_timeout=0.4, heartbeat=0.1) as server:
            mute = await WireClient(server.port).open()
            deaf = WireClient(server.port)
            deaf.auto_pong = False
            await deaf.connect("Deaf")
            polite = WireClient(server.port)
            await polite.connect("Polite")
            listening = asyncio.get_running_loop().create_task(polite.drain(1.0))  # answering pings
            assert [m.get("code") for m in await mute.until_closed()] == ["handshake_timeout"]
            said = await deaf.until_closed()
            assert said[-1].get("code") == "timeout" and any(m.type == "ping" for m in said)
            await listening
            assert not polite.closed and (await polite.request("ping")).type == "pong"

    run(scenario)
