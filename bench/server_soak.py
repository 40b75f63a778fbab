"""Server soak: whole games, one after another, on one `doorkick host` process that is never restarted.

Each table is one human who starts a game of bots and leaves at once (a stand-in bot plays the seat), so bots
play every seat flat out. Up to --parallel tables play at a time; each finished one is replaced until --games
have ended. The host's `--max-tables` is --parallel, far below the games, so it must free finished tables.
Reports games and actions per second, the host's memory as it goes, and that every game reached its history.
    python bench/server_soak.py --games 200 --game wonderland
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import msgpack

from doorkick.bench.common import (
    add_bench_arguments,
    host_command,
    listening_port,
    memory_mb,
    stop_process,
    write_figures,
)
from doorkick.shared import protocol as p


class Client:
    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.framer = p.Framer(p.SERVER_MESSAGES)
        self.ids = itertools.count(1)
        self.inbox: list[p.Message] = []

    @classmethod
    async def open(cls, port: int, name: str) -> Client:
        client = cls(*await asyncio.open_connection("127.0.0.1", port))
        await client.request("hello", protocol=p.PROTOCOL_VERSION, app="soak", name=name)
        return client

    async def request(self, type_: str, **fields: Any) -> p.Message:
        message_id = next(self.ids)
        self.writer.write(p.encode(p.message(type_, message_id, **fields)))
        while True:
            for i, message in enumerate(self.inbox):
                if message.id == message_id:
                    return self.inbox.pop(i)
            data = await asyncio.wait_for(self.reader.read(65536), 30)
            if not data:
                raise ConnectionError("the host closed")
            self.framer.receive_data(data)
            for event in self.framer.events_received():
                if not isinstance(event, p.Message):
                    continue
                if event.type == p.PING:  # unanswered, the host would drop a connection that waits long
                    self.writer.write(p.encode(p.message(p.PONG)))
                elif event.type == p.COMMIT:
                    # The seed round asks the creator for its part of the seed; unanswered, every start would
                    # wait out the host's contribution timeout (5 s), and the lister, silent meanwhile, would
                    # be closed for saying nothing for 35 s ("the host closed").
                    contribution = p.message(p.CONTRIBUTE, next(self.ids), contribution=os.urandom(32).hex())
                    self.writer.write(p.encode(contribution))
                elif event.id:
                    self.inbox.append(event)

    def close(self) -> None:
        self.writer.close()


async def soak(port: int, game: str, games: int, parallel: int, process: subprocess.Popen[str]) -> dict[str, Any]:
    lister = await Client.open(port, "Lister")
    started, finished, refused = 0, 0, 0
    memory: list[float] = []
    playing: set[str] = set()
    begin = time.perf_counter()
    while finished < games:
        while len(playing) < parallel and started < games:
            creator = await Client.open(port, f"Player {started}")
            seated = await creator.request("create_table", game=game, seats=4, bots=3)
            if seated.type != "seated":
                refused += 1
                creator.close()
                await asyncio.sleep(0.2)
                continue
            assert (await creator.request("start")).type == "ok"
            assert (await creator.request("leave")).type == "left"
            creator.close()
            playing.add(str(seated.get("table")))
            started += 1
        await asyncio.sleep(0.2)
        tables = {t["table"]: t for t in (await lister.request("list_tables")).get("tables")}
        done = {t for t in playing if t not in tables or tables[t]["finished"]}
        finished += len(done)
        playing -= done
        memory.append(memory_mb(process.pid).get("rss_mb", 0.0))
    elapsed = time.perf_counter() - begin
    lister.close()
    return {
        "games": finished,
        "seconds": round(elapsed, 1),
        "games_per_s": round(finished / elapsed, 2),
        "refused_creates": refused,
        "host_rss_first_mb": memory[0],
        "host_rss_last_mb": memory[-1],
        "host_rss_max_mb": max(memory),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="wonderland")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--parallel", type=int, default=8, help="tables playing at once")
    add_bench_arguments(parser, "10 games")
    args = parser.parse_args(argv)
    games = 10 if args.quick else args.games
    data_dir = Path(tempfile.mkdtemp(prefix="doorkick-soak-"))
    process = subprocess.Popen(
        host_command(
            data_dir,
            "--no-discovery",
            "--bot-delay",
            "0",
            "--pass-timeout",
            "0",
            "--turn-timeout",
            "0",
            "--max-tables",
            str(args.parallel),  # far fewer than the games: finished tables must be freed
        ),
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        figures = asyncio.run(soak(listening_port(process), args.game, games, args.parallel, process))
        stop_process(process)
        history = [f for f in (data_dir / "history").iterdir() if (f / "actions.log").is_file()]
        actions = sum(msgpack.unpackb((f / "record.msgpack").read_bytes())["seq"] for f in history)
        figures.update(
            history_games=len(history),
            still_in_tables=len(list((data_dir / "tables").iterdir())),
            host_exit=process.returncode,
            actions=actions,
            actions_per_s=round(actions / figures["seconds"]),
        )
        print(
            f"{figures['games']} {args.game} games on one host in {figures['seconds']} s "
            f"({figures['games_per_s']} games/s, {figures['actions_per_s']} actions/s), "
            f"{figures['history_games']} in its history, "
            f"host RSS {figures['host_rss_first_mb']} -> {figures['host_rss_last_mb']} MiB "
            f"(max {figures['host_rss_max_mb']}), refused creates {figures['refused_creates']}",
            file=sys.stderr,
        )
        write_figures(figures, args.json)
    finally:
        if process.poll() is None:
            process.kill()
        shutil.rmtree(data_dir, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
