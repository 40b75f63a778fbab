"""One client cannot freeze or lock out everyone: per-address limits, whole-message deadlines, decoding costs,
byte-bounded send queues, password checks off the event loop and rate limits, over real sockets.

Every loopback client comes from 127.0.0.1 unless it binds another loopback address (127.0.0.2...: all of
127.0.0.0/8 is loopback), which the host counts as another machine.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import struct
import threading
from pathlib import Path
from typing import Any

import msgpack
import pytest
from wire_client import WireClient, hosted

from doorkick.server import seating, table_setup
from doorkick.server import tables as tables_module
from doorkick.shared import protocol as p


def run(scenario: Any) -> None:
    asyncio.run(scenario())


async def poll(check: Any, timeout: float = 10.0) -> bool:
    """Wait (generously) until `check()` holds; whether it did."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while loop.time() < deadline:
        if await check():
            return True
        await asyncio.sleep(0.05)
    return False


def test_one_address_cannot_take_every_connection(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path, max_connections_per_address=3) as server:
            mine = [WireClient(server.port) for _ in range(3)]
            for i, client in enumerate(mine):
                assert (await client.connect(f"Idle {i}")).type == "welcome"
            fourth = await WireClient(server.port).open()
            said = await fourth.until_closed()
            assert [m.get("code") for m in said] == ["server_full"]
            assert "3 connections from one address" in said[0].get("message")
            other = WireClient(server.port, local="127.0.0.2")  # another machine still gets in
            assert (await other.connect("Other")).type == "welcome"
            assert (await other.request("ping")).type == "pong"
            await mine[0].close()
            assert await poll(lambda: _welcomed(server.port)), "a freed slot of the address was not given back"

    run(scenario)


async def _welcomed(port: int) -> bool:
    try:
        return (await WireClient(port).connect("Again")).type == "welcome"
    except (ConnectionError, OSError, AssertionError):
        return False


def test_a_trickle_of_bytes_is_no_sign_of_life_but_whole_messages_are(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path, idle_timeout=0.6, heartbeat=0.1) as server:
            slow = WireClient(server.port)
            slow.auto_pong = False
            await slow.connect("Slowloris")
            polite = WireClient(server.port)
            await polite.connect("Polite")  # answers every ping with a pong
            frame = p.encode(p.message("chat", text="x" * 200))
            closed_by: list[p.Message] = []

            async def trickle() -> None:
                for byte in frame:  # one byte at a time, never a whole message in the deadline
                    if slow.closed:
                        return
                    with contextlib.suppress(ConnectionError, OSError):
                        slow.send_raw(bytes([byte]))
                    await asyncio.sleep(0.05)

            task = asyncio.create_task(trickle())
            listening = asyncio.create_task(polite.drain(30.0))  # reads, and so answers every ping
            closed_by = await slow.until_closed(timeout=20.0)
            task.cancel()
            listening.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await listening
            assert not polite.closed
            assert [m.get("code") for m in closed_by if m.type == "error"] == ["timeout"]
            assert "whole message" in closed_by[-1].get("message")
            assert (await polite.request("ping")).type == "pong"  # whole messages kept it alive meanwhile

    run(scenario)


def test_a_vanished_creators_table_is_freed_soon_unless_others_sit_there(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path, abandoned_window=0.2, reconnect_window=60.0) as server:
            browser = WireClient(server.port, local="127.0.0.2")
            await browser.connect("Browser")
            for i in range(5):  # connect, create, drop: the lock-out of issue 14
                ghost = WireClient(server.port)
                await ghost.connect(f"Ghost {i}")
                assert (await ghost.request("create_table", game="dice", seats=3)).type == "seated"
                await ghost.close()

            async def empty() -> bool:
                return bool((await browser.request("list_tables")).get("tables") == [])

            assert await poll(empty), "the tables of vanished creators were kept"
            # a creator who drops from a table where someone else sits keeps the seat for the reconnect window
            alice, bob = WireClient(server.port), WireClient(server.port, local="127.0.0.3")
            await alice.connect("Alice")
            seated = await alice.request("create_table", game="dice", seats=3)
            await bob.connect("Bob")
            assert (await bob.request("join_table", table=seated.get("table"))).type == "seated"
            await alice.close()
            detail = await bob.wait_for(lambda m: m.type == "table" and not m.get("table")["players"][0]["connected"])
            assert detail.get("table")["players"][0]["stand_in_after"] > 1.0  # the long window, not the short one
            await asyncio.sleep(0.4)  # twice the short window: still there
            tables = (await browser.request("list_tables")).get("tables")
            assert [t["table"] for t in tables] == [seated.get("table")]

    run(scenario)


def test_one_address_opens_only_so_many_tables(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path, max_tables_per_address=2) as server:
            clients = [WireClient(server.port) for _ in range(3)]
            for i, client in enumerate(clients):
                await client.connect(f"Maker {i}")
            for client in clients[:2]:
                assert (await client.request("create_table", game="dice", seats=2)).type == "seated"
            refused = await clients[2].request("create_table", game="dice", seats=2)
            assert refused.get("code") == "too_many_tables" and "at most 2" in refused.get("message")
            other = WireClient(server.port, local="127.0.0.2")
            await other.connect("Other")
            assert (await other.request("create_table", game="dice", seats=2)).type == "seated"
            # a table that starts no longer waits for players and leaves the count
            assert (await clients[0].request("start", fill_with_bots=True)).type == "ok"
            assert (await clients[2].request("create_table", game="dice", seats=2)).type == "seated"

    run(scenario)


def test_password_checks_run_in_a_worker_and_guessing_is_rate_limited(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    threads: list[str] = []
    real_check, real_hash = tables_module.password_matches, tables_module.hash_password

    def check(stored: str, attempt: str) -> bool:
        threads.append(threading.current_thread().name)
        return real_check(stored, attempt)

    def digest(password: str) -> str:
        threads.append(threading.current_thread().name)
        return real_hash(password)

    monkeypatch.setattr(seating, "password_matches", check)
    monkeypatch.setattr(table_setup, "hash_password", digest)

    async def scenario() -> None:
        async with hosted(tmp_path, password_burst=2, password_rate=0.001) as server:
            alice = WireClient(server.port)
            await alice.connect("Alice")
            seated = await alice.request("create_table", game="dice", seats=3, password="open sesame")
            assert seated.type == "seated"
            table = seated.get("table")
            guesser = WireClient(server.port, local="127.0.0.2")
            await guesser.connect("Guesser")
            codes = []
            for guess in ["a", "b", "c", "open sesame"]:
                codes.append((await guesser.request("join_table", table=table, password=guess)).get("code"))
            assert codes == ["bad_password", "bad_password", "too_fast", "too_fast"]  # the right one too: wait
            bob = WireClient(server.port, local="127.0.0.3")  # another address is not held up by the guesser
            await bob.connect("Bob")
            assert (await bob.request("join_table", table=table, password="open sesame")).type == "seated"
            # a request after a password check is answered after it: one connection's replies keep their order
            carol = WireClient(server.port, local="127.0.0.4")
            await carol.connect("Carol")
            carol.send("watch", 1, table=table, password="open sesame")
            carol.send("ping", 2)
            first = await carol.wait_for(lambda m: m.id in (1, 2))
            assert first.type == "watching"
        assert threads and all(name.startswith("passwords") for name in threads), threads

    run(scenario)


def test_a_frame_too_costly_to_decode_is_refused_and_the_connection_goes_on(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path) as server:
            client = WireClient(server.port)
            await client.connect("Packer")
            lists = {"type": "chat", "id": 7, "text": "hi", "junk": [[] for _ in range(p.CLIENT_MAX_ITEMS)]}
            body = msgpack.packb(lists)
            assert len(body) < p.CLIENT_MAX_FRAME  # small in bytes, costly in objects
            client.send_raw(struct.pack(">I", len(body)) + body)
            refused = await client.wait_for(lambda m: m.type == "error")
            assert refused.get("code") == "frame_too_complex" and refused.get("fatal") is None
            assert (await client.request("ping")).type == "pong"
            # a frame the size a host may send is more than a client may
            client.send_raw(struct.pack(">I", p.CLIENT_MAX_FRAME + 1))
            said = await client.until_closed()
            assert said[-1].get("code") == "frame_too_large"

    run(scenario)


def test_a_client_that_stops_reading_is_dropped_by_the_bytes_waiting(tmp_path: Path) -> None:
    async def scenario() -> None:
        # frames are not what stops it here: only the bytes can
        async with hosted(
            tmp_path, send_queue=10**7, send_queue_bytes=256 * 1024, rate=1e9, burst=10**9, lobby_rate=1e9
        ) as server:
            maker = WireClient(server.port)
            await maker.connect("Maker")
            await maker.request("create_table", game="dice", seats=6, name="A table with a long name to list")
            loop = asyncio.get_running_loop()
            sleepy = socket.socket()
            sleepy.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            sleepy.setblocking(False)
            await loop.sock_connect(sleepy, ("127.0.0.1", server.port))
            await loop.sock_sendall(sleepy, p.encode(p.message("hello", protocol=1, app="t", name="Zzz")))
            asks = p.encode(p.message("list_tables")) * 1000
            for _ in range(400):
                if len(server.connections) == 1:
                    break
                with contextlib.suppress(TimeoutError, ConnectionError):
                    await asyncio.wait_for(loop.sock_sendall(sleepy, asks), 0.2)
            assert len(server.connections) == 1, "the sleepy client was never dropped"
            sleepy.close()
            assert (await maker.request("ping")).type == "pong"

    run(scenario)


def test_chat_is_rate_limited_per_address(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path, chat_burst=3, chat_rate=0.001) as server:
            spammer, other = WireClient(server.port), WireClient(server.port, local="127.0.0.2")
            await spammer.connect("Spammer")
            await other.connect("Other")
            for i in range(3):
                spammer.send("chat", text=f"spam {i}", scope="lobby")
            refused = await spammer.request("chat", text="spam 3", scope="lobby")
            assert refused.get("code") == "too_fast"
            heard = [m.get("text") for m in spammer.inbox if m.type == "chat"]
            assert heard == ["spam 0", "spam 1", "spam 2"]
            other.send("chat", text="hello", scope="lobby")
            hello = await spammer.wait_for(lambda m: m.type == "chat" and m.get("from") == "Other")
            assert hello.get("text") == "hello"
            assert not [m for m in other.inbox if m.type == "chat" and m.get("text") == "spam 3"]

    run(scenario)


def test_lobby_requests_are_counted_per_address_not_per_connection(tmp_path: Path) -> None:
    async def scenario() -> None:
        # 0.25 a second for each of the 10 connections an address may hold: 2.5 a second, bursts of 5
        async with hosted(tmp_path, lobby_rate=0.25, max_connections_per_address=10) as server:
            first, second = WireClient(server.port), WireClient(server.port)
            await first.connect("First")
            await second.connect("Second")
            codes = [(await c.request("list_tables")).get("code") for c in [first, second] * 3]
            assert codes[:5] == [None] * 5 and codes[5] == "too_fast"  # a second connection bought nothing
            other = WireClient(server.port, local="127.0.0.2")
            await other.connect("Other")
            assert (await other.request("list_tables")).type == "tables"
            assert (await first.request("ping")).type == "pong"  # refused, not closed

    run(scenario)


def test_a_client_sending_more_bytes_than_allowed_is_closed(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path, byte_rate=1000.0, max_frame=1024) as server:  # bursts of 4 KiB
            flood = WireClient(server.port)
            await flood.connect("Flood")
            polite = WireClient(server.port, local="127.0.0.2")
            await polite.connect("Polite")
            flood.send_raw(p.encode(p.message("chat", text="x" * 300)) * 40)  # about 12 KiB at once
            said = await flood.until_closed()
            assert said[-1].get("code") == "rate_limited" and "bytes a second" in said[-1].get("message")
            assert (await polite.request("ping")).type == "pong"

    run(scenario)
