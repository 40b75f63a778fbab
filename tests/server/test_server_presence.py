"""Presence over real sockets: everyone at the table hears the moment a player drops (with the time left before a
bot takes the seat), the moment a stand-in takes over (its actions marked in the updates), and their return."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from wire_client import WireClient, hosted, started


def alice_in(message: Any) -> dict[str, Any]:
    return dict(message.get("table")["players"][0])


def test_a_drop_a_stand_in_and_a_return_reach_the_others(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path, reconnect_window=0.6, bot_delay=0.01) as server:
            alice, bob = await started(server.port, ["Alice", "Bob"], seats=2)
            token, table = alice.token, alice.table
            here = await bob.wait_for(lambda m: m.type == "table")
            assert alice_in(here)["stand_in_after"] is None
            await alice.close()

            away = await bob.wait_for(lambda m: m.type == "table" and not alice_in(m)["connected"])
            assert not alice_in(away)["stand_in"]
            assert 0.0 < alice_in(away)["stand_in_after"] <= 0.6

            stood_in = await bob.wait_for(lambda m: m.type == "table" and alice_in(m)["stand_in"])
            assert alice_in(stood_in)["stand_in_after"] is None
            marked: list[Any] = []
            loop = asyncio.get_running_loop()
            deadline = loop.time() + 10
            while not marked:  # Bob plays on; the bot moves for Alice's seat, and says so
                assert loop.time() < deadline
                if bob.my_decision():
                    await bob.act(bob.my_decision()[0])
                await bob.drain(0.01)
                marked = [m for m in bob.seen if m.type == "update" and m.get("stand_in") == 0]
            assert all(m.get("stand_in") in (None, 0) for m in bob.seen if m.type == "update")

            back = WireClient(server.port)
            await back.connect("Alice")
            assert (await back.request("resume", table=table, token=token)).type == "seated"
            returned = await bob.wait_for(lambda m: m.type == "table" and alice_in(m)["connected"])
            assert not alice_in(returned)["stand_in"] and alice_in(returned)["stand_in_after"] is None

    asyncio.run(scenario())


def test_humans_and_bot_seats_playing_their_own_seats_are_never_marked(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path, bot_delay=0.01) as server:
            alice, bob = await started(server.port, ["Alice", "Bob"], seats=3, bots=1)
            for _ in range(20):
                for client in (alice, bob):
                    if client.my_decision():
                        await client.act(client.my_decision()[0])
                    await client.drain(0.005)
            assert all(m.get("stand_in") is None for m in bob.seen if m.type == "update")

    asyncio.run(scenario())
