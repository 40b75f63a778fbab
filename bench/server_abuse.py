"""Abuse bench: a well-behaved client's latency while one machine abuses the host, and the host's memory under
clients that stop reading (issue 14's goal: p99 under 50 ms during each abuse).

Each abuse gets a fresh `doorkick host` (default limits) on 127.0.0.1. The abusers connect from 127.0.0.1; the
probe, a separate process (so the abusers' own work does not slow its clock), connects from 127.0.0.2 (another
machine, to the host) and sends a `ping` every 20 ms, timing each `pong`. Progress goes to stderr, the figures to
--json PATH (or stdout).
    python bench/server_abuse.py [--quick] [--json PATH]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from typing import Any

import msgpack

from doorkick.bench.common import (
    add_bench_arguments,
    host_command,
    listening_port,
    memory_mb,
    percentile,
    stop_process,
    write_figures,
)
from doorkick.shared import protocol as p

ABUSER, PROBE, BYSTANDER = "127.0.0.1", "127.0.0.2", "127.0.0.3"


class Host:
    """A `doorkick host` with its default limits on 127.0.0.1."""

    def __init__(self) -> None:
        self.data_dir = tempfile.mkdtemp(prefix="doorkick-abuse-")
        self.process = subprocess.Popen(
            host_command(self.data_dir, "--no-discovery", "--bot-delay", "0.6"), stdout=subprocess.PIPE, text=True
        )
        self.port = listening_port(self.process)
        self.idle = memory_mb(self.process.pid)

    def memory(self) -> dict[str, float]:
        return memory_mb(self.process.pid)

    def stop(self) -> None:
        stop_process(self.process)
        shutil.rmtree(self.data_dir, ignore_errors=True)


class Peer:
    """A raw protocol client from a chosen loopback address."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.framer = p.Framer(p.SERVER_MESSAGES)
        self.inbox: list[p.Message] = []
        self.closed = False

    @classmethod
    async def open(cls, port: int, local: str) -> Peer:
        reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(local, 0))
        return cls(reader, writer)

    def send(self, type_: str, id_: int | None = None, **fields: Any) -> None:
        self.writer.write(p.encode(p.message(type_, id_, **fields)))

    async def read(self) -> list[p.Message]:
        data = await self.reader.read(65_536)
        if not data:
            self.closed = True
            return []
        self.framer.receive_data(data)
        got = [m for m in self.framer.events_received() if isinstance(m, p.Message)]
        for message in got:
            if message.type == p.PING:
                self.send(p.PONG)
        return got

    async def reply(self, id_: int, timeout: float = 5.0) -> p.Message | None:
        """The message answering request `id_` (None if the host closed first)."""
        async with asyncio.timeout(timeout):
            while True:
                for i, message in enumerate(self.inbox):
                    if message.id == id_:
                        return self.inbox.pop(i)
                if self.closed:
                    return None
                self.inbox += await self.read()

    async def hello(self, name: str) -> bool:
        self.send("hello", 1, protocol=p.PROTOCOL_VERSION, app="abuse bench", name=name)
        answer = await self.reply(1)
        return answer is not None and answer.type == p.WELCOME

    async def listen(self) -> None:
        """Read (and answer pings) until closed."""
        with contextlib.suppress(ConnectionError, OSError):
            while not self.closed:
                self.inbox = (self.inbox + await self.read())[-50:]

    def close(self) -> None:
        with contextlib.suppress(OSError, RuntimeError):
            self.writer.close()


async def greeted(port: int, local: str, name: str) -> Peer | None:
    try:
        peer = await Peer.open(port, local)
        return peer if await peer.hello(name) else None
    except (ConnectionError, OSError, TimeoutError):
        return None


# -- the probe (its own process) ------------------------------------------------------------------------------
async def probe(port: int, seconds: float) -> list[float]:
    peer = await greeted(port, PROBE, "Probe")
    assert peer is not None, "the probe was not let in"
    rtts: list[float] = []
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    n = 1
    while loop.time() < end:
        n += 1
        sent = time.perf_counter()
        peer.send("ping", n)
        if await peer.reply(n, timeout=30.0) is None:
            break
        rtts.append(time.perf_counter() - sent)
        await asyncio.sleep(0.02)
    peer.close()
    return rtts


# -- the abuses (run in this process, from 127.0.0.1) ---------------------------------------------------------
async def idle_slots(port: int, until: float, out: dict[str, Any]) -> None:
    """62 greeted connections that answer every ping and say nothing else."""
    peers = [await greeted(port, ABUSER, f"Idle {i}") for i in range(62)]
    kept = [x for x in peers if x is not None]
    out["idle_connections_let_in"] = len(kept)
    tasks = [asyncio.create_task(x.listen()) for x in kept]
    await asyncio.sleep(max(0.0, until - time.monotonic()))
    for task in tasks:
        task.cancel()
    for x in kept:
        x.close()


async def slowloris(port: int, until: float, out: dict[str, Any]) -> None:
    """Every slot an address may hold, each trickling one byte at a time of a frame that never completes."""
    peers = [x for x in [await greeted(port, ABUSER, f"Slow {i}") for i in range(8)] if x is not None]
    frame = p.encode(p.message("chat", text="z" * 250))
    i = 0
    while time.monotonic() < until:
        for x in peers:
            with contextlib.suppress(ConnectionError, OSError, RuntimeError):
                x.writer.write(frame[i % len(frame) : i % len(frame) + 1])
        i += 1
        await asyncio.sleep(0.1)
    out["slowloris_connections"] = len(peers)
    for x in peers:
        x.close()


async def create_drop(port: int, until: float, out: dict[str, Any]) -> None:
    """Connect, create a table, drop; 63 times as fast as it goes, then: may another machine still create?"""
    created = refused = 0
    for i in range(63):
        peer = await greeted(port, ABUSER, f"Ghost {i}")
        if peer is None:
            refused += 1
            continue
        peer.send("create_table", 2, game="munchkin", seats=3)
        answer = await peer.reply(2)
        created += answer is not None and answer.type == p.SEATED
        refused += answer is None or answer.type != p.SEATED
        peer.close()
    other = await greeted(port, BYSTANDER, "Other")
    assert other is not None
    other.send("create_table", 2, game="munchkin", seats=3)
    answer = await other.reply(2)
    out["create_drop"] = {
        "created": created,
        "refused": refused,
        "another_address_creates": answer is not None and answer.type == p.SEATED,
    }
    await asyncio.sleep(max(0.0, until - time.monotonic()))
    other.close()


async def password_guessing(port: int, until: float, out: dict[str, Any]) -> None:
    """Four clients guessing a table's password as fast as the host answers."""
    owner = await greeted(port, BYSTANDER, "Owner")
    assert owner is not None
    owner.send("create_table", 2, game="munchkin", seats=3, password="swordfish")
    seated = await owner.reply(2, timeout=10.0)
    assert seated is not None and seated.type == p.SEATED, seated
    table = seated.get("table")
    codes: dict[str, int] = {}

    async def guess(n: int) -> None:
        i = 10
        while time.monotonic() < until:  # closed for asking too often: back again at once
            peer = await greeted(port, ABUSER, f"Guesser {n}")
            if peer is None:
                await asyncio.sleep(0.01)
                continue
            while time.monotonic() < until and not peer.closed:
                i += 1
                peer.send("join_table", i, table=table, password=f"guess {n} {i}")
                answer = await peer.reply(i, timeout=30.0)
                code = "closed" if answer is None else str(answer.get("code"))
                codes[code] = codes.get(code, 0) + 1
            peer.close()

    await asyncio.gather(*(guess(n) for n in range(4)))
    out["password_replies"] = codes
    owner.close()


async def costly_frames(port: int, until: float, out: dict[str, Any]) -> None:
    """Frames of empty lists: 0.98 MB ones (refused unread) and ones just under the client limit, again and again."""
    big = msgpack.packb({"type": "chat", "text": "x", "junk": [[]] * 1_000_000})
    small_body = msgpack.packb({"type": "chat", "text": "x", "junk": [[]] * (p.CLIENT_MAX_FRAME - 100)})
    small = struct.pack(">I", len(small_body)) + small_body
    sent = closed = 0

    async def one(n: int) -> None:
        nonlocal sent, closed
        while time.monotonic() < until:
            peer = await greeted(port, ABUSER, f"Packer {n}")
            if peer is None:
                await asyncio.sleep(0.05)
                continue
            frame = struct.pack(">I", len(big)) + big if n == 0 else small
            listening = asyncio.create_task(peer.listen())
            while not peer.closed and not peer.writer.is_closing() and time.monotonic() < until:
                with contextlib.suppress(ConnectionError, OSError, RuntimeError):
                    peer.writer.write(frame)
                    await peer.writer.drain()
                    sent += 1
                await asyncio.sleep(0)
            closed += peer.closed
            listening.cancel()
            peer.close()

    await asyncio.gather(*(one(n) for n in range(5)))
    out["costly_frames"] = {"sent": sent, "connections_closed": closed}


async def forty_tables(port: int) -> list[Peer]:
    """40 tables waiting for players, from ten other machines: a long table list (set up before the probe)."""
    owners = []
    for i in range(40):
        owner = await greeted(port, f"127.0.1.{i // 4 + 1}", f"Owner {i}")
        assert owner is not None
        owner.send("create_table", 2, game="munchkin", seats=6, name=f"Table number {i} of the evening")
        assert (await owner.reply(2)) is not None
        owners.append(owner)
    return owners


async def non_reading(port: int, until: float, out: dict[str, Any], host: Host) -> None:
    """Two clients that ask for the table list as often as the host allows, and never read a byte."""
    peak = host.memory().get("rss_mb", 0.0)
    drops = 0

    async def sleeper(n: int) -> None:
        nonlocal drops
        loop = asyncio.get_running_loop()
        while time.monotonic() < until:
            sock = socket.socket()
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            sock.bind((ABUSER if n == 0 else "127.0.0.4", 0))  # each its own lobby budget
            sock.setblocking(False)
            try:
                await loop.sock_connect(sock, ("127.0.0.1", port))
                await loop.sock_sendall(sock, p.encode(p.message("hello", protocol=1, app="zzz", name=f"Zzz {n}")))
                ask = p.encode(p.message("list_tables"))
                while time.monotonic() < until:  # what an address may ask (lobby requests): the bytes stop it
                    await asyncio.wait_for(loop.sock_sendall(sock, ask * 19), 1.0)
                    await asyncio.sleep(0.5)
            except (ConnectionError, OSError, TimeoutError):
                drops += 1
            finally:
                sock.close()

    async def watch_memory() -> None:
        nonlocal peak
        while time.monotonic() < until:
            peak = max(peak, host.memory().get("rss_mb", 0.0))
            await asyncio.sleep(0.05)

    await asyncio.gather(sleeper(0), sleeper(1), watch_memory())
    out["non_reading"] = {
        "host_rss_idle_mb": host.idle.get("rss_mb", 0.0),
        "host_rss_peak_mb": peak,
        "host_hwm_mb": host.memory().get("hwm_mb", 0.0),
        "dropped": drops,
    }


async def chat_flood(port: int, until: float, out: dict[str, Any]) -> None:
    """One client saying lobby chat as fast as it can write; how much reaches a bystander?"""
    flooder, listener = await greeted(port, ABUSER, "Flooder"), await greeted(port, BYSTANDER, "Listener")
    assert flooder is not None and listener is not None
    heard = 0
    started = time.monotonic()

    async def count() -> None:
        nonlocal heard
        with contextlib.suppress(ConnectionError, OSError):
            while not listener.closed:
                heard += sum(m.type == p.CHAT for m in await listener.read())

    counting = asyncio.create_task(count())
    flooding = asyncio.create_task(flooder.listen())
    sent = 0
    while time.monotonic() < until and not flooder.closed:
        flooder.send("chat", text=f"spam {sent}", scope="lobby")
        sent += 1
        await asyncio.sleep(0.005)
    await asyncio.sleep(0.2)
    counting.cancel()
    flooding.cancel()
    elapsed = time.monotonic() - started
    out["chat_flood"] = {"sent_per_s": round(sent / elapsed, 1), "delivered_per_s": round(heard / elapsed, 1)}
    flooder.close()
    listener.close()


async def nothing(port: int, until: float, out: dict[str, Any]) -> None:
    await asyncio.sleep(max(0.0, until - time.monotonic()))


ABUSES: dict[str, Callable[..., Awaitable[None]]] = {
    "baseline": nothing,
    "idle_slots": idle_slots,
    "slowloris": slowloris,
    "create_drop": create_drop,
    "password_guessing": password_guessing,
    "costly_frames": costly_frames,
    "non_reading": non_reading,
    "chat_flood": chat_flood,
}


def timings(rtts: list[float]) -> dict[str, Any]:
    ms = [v * 1000 for v in rtts]
    if not ms:
        return {"pings": 0}
    return {
        "pings": len(ms),
        "p50_ms": round(percentile(ms, 0.5), 2),
        "p99_ms": round(percentile(ms, 0.99), 2),
        "max_ms": round(max(ms), 2),
    }


async def run_abuse(name: str, seconds: float) -> dict[str, Any]:
    host = Host()
    out: dict[str, Any] = {}
    try:
        owners = await forty_tables(host.port) if name == "non_reading" else []
        probe_process = await asyncio.create_subprocess_exec(
            sys.executable,
            __file__,
            "--probe",
            str(host.port),
            str(seconds + 1.0),
            stdout=asyncio.subprocess.PIPE,
        )
        await asyncio.sleep(0.5)  # the probe is in and pinging
        until = time.monotonic() + seconds
        abuse = ABUSES[name]
        if name == "non_reading":
            await non_reading(host.port, until, out, host)
        else:
            await abuse(host.port, until, out)
        stdout, _ = await probe_process.communicate()
        out["probe"] = timings(json.loads(stdout))
        nested = out.pop(name, None)  # an abuse's own figures, one level up
        if isinstance(nested, dict):
            out.update(nested)
        for owner in owners:
            owner.close()
    finally:
        host.stop()
    return out


def bench(quick: bool) -> dict[str, Any]:
    seconds = 2.0 if quick else 5.0
    figures: dict[str, Any] = {}
    for name in ABUSES:
        # the non-readers need a while to fill the kernel's buffers (4 MB on Linux) and then what the host queues
        result = asyncio.run(run_abuse(name, (10.0 if quick else 30.0) if name == "non_reading" else seconds))
        figures[name] = result
        probe_figures = result["probe"]
        verdict = "ok" if probe_figures.get("p99_ms", 1e9) < 50 else "SLOW"
        extra = {k: v for k, v in result.items() if k != "probe"}
        print(
            f"{name:18} probe p50 {probe_figures.get('p50_ms')} ms p99 {probe_figures.get('p99_ms')} ms "
            f"max {probe_figures.get('max_ms')} ms [{verdict}] {extra}",
            file=sys.stderr,
            flush=True,
        )
    return figures


def main() -> int:
    if len(sys.argv) == 4 and sys.argv[1] == "--probe":
        print(json.dumps(asyncio.run(probe(int(sys.argv[2]), float(sys.argv[3])))))
        return 0
    logging.getLogger("asyncio").setLevel(logging.ERROR)  # abusers write to sockets the host closed: expected
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    add_bench_arguments(parser, "two seconds per abuse")
    args = parser.parse_args()
    write_figures(bench(args.quick), args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
