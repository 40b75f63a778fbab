"""A hosted scenario table (docs/scenarios.md): opened by the host's own process from its player's file, the seat
kept for that player, the others open; the game starts as the file arranges it and a restarted host builds the
same game again. A client can never name a file for the host to read."""

from __future__ import annotations

import asyncio
from pathlib import Path

from wire_client import WireClient, hosted

from doorkick.shared.rules.registry import ruleset
from doorkick.shared.rules.scenario import load_scenario

SCENARIO = """\
game = "munchkin"
name = "Bob's bad day"
dice = [1]

[[seats]]
name = "Host"
level = 3
hand = ["jar-of-angry-bees"]
equipped = ["colander-of-clarity"]

[[seats]]
name = "Guest"
sex = "female"
level = 5

[[seats]]
name = "Robo"

[decks]
door = ["bone-colossus"]
"""


def test_a_scenario_table_starts_as_the_file_says_and_a_restart_builds_it_again(tmp_path: Path) -> None:
    path = tmp_path / "bad-day.toml"
    path.write_text(SCENARIO)
    scenario = load_scenario(path)

    async def play() -> None:
        async with hosted(tmp_path / "data", rulesets=ruleset, games=["munchkin"]) as server:
            table, token = server.lobby.open_scenario(scenario, "Hostess")
            lister = WireClient(server.port)
            await lister.connect("Lister")
            (summary,) = (await lister.request("list_tables")).get("tables")
            assert (summary["name"], summary["scenario"], summary["seats"], summary["open_seats"]) == (
                "Bob's bad day",
                "Bob's bad day",
                3,
                2,
            )
            host, guest = WireClient(server.port), WireClient(server.port)
            await host.connect("Hostess")
            assert (await host.request("resume", table=table, token=token)).get("seat") == 0
            await guest.connect("Gus")
            assert (await guest.request("join_table", table=table)).get("seat") == 1
            refused = await host.request("set_table", seats=4)
            assert (refused.type, refused.get("code")) == ("error", "scenario_table")
            assert (await guest.request("ready", ready=True)).type == "ok"
            assert (await host.request("start", fill_with_bots=True)).type == "ok"
            await host.expect("snapshot")
            await guest.expect("snapshot")
            assert host.state is not None
            view = host.state["view"]
            names = ["Hostess", "Gus", "Robo"]
            assert [p["name"] for p in view["players"]] == names, "who sat down in the file's seats; a bot its own"
            assert [p["level"] for p in view["players"]] == [3, 5, 1]
            assert [p["sex"] for p in view["players"]] == ["male", "female", "male"], "the characters the file wrote"
            assert view["hand"] == ["jar-of-angry-bees#1"]
            assert (await host.act({"type": "kick_open_the_door", "seat": 0})).type == "ok"
            await host.drain(0.05)
            assert host.state["view"]["combat"]["monsters"][0]["card"] == "bone-colossus"
            before = (host.seq, host.state)
        async with hosted(tmp_path / "data", rulesets=ruleset, games=["munchkin"]) as server:
            again = WireClient(server.port)
            await again.connect("Hostess")
            assert (await again.request("resume", table=table, token=token)).type == "seated"
            await again.expect("snapshot")
            assert (again.seq, again.state) == before

    asyncio.run(play())


def test_a_client_cannot_hand_the_host_a_scenario(tmp_path: Path) -> None:
    async def ask() -> None:
        async with hosted(tmp_path / "data", rulesets=ruleset, games=["munchkin"]) as server:
            client = WireClient(server.port)
            await client.connect("Mallory")
            reply = await client.request("create_table", game="munchkin", seats=2, scenario="/etc/passwd")
            # The wire has no scenario field: what a client adds is not read, and its table is an ordinary one.
            (table,) = server.lobby.tables.values()
            assert reply.type == "seated" and table.scenario is None and table.record()["scenario"] is None

    asyncio.run(ask())


def test_a_wonderland_scenario_table_starts_on_the_arranged_board(tmp_path: Path) -> None:
    path = tmp_path / "queen.toml"
    path.write_text('game = "wonderland"\n[[seats]]\nposition = "path1c"\nhand = ["the_stolen_tarts"]\n[[seats]]\n')
    scenario = load_scenario(path)

    async def play() -> None:
        async with hosted(tmp_path / "data", rulesets=ruleset, games=["wonderland"]) as server:
            table, token = server.lobby.open_scenario(scenario, "Alice")
            alice = WireClient(server.port)
            await alice.connect("Alice")
            assert (await alice.request("resume", table=table, token=token)).type == "seated"
            assert (await alice.request("start", fill_with_bots=True)).type == "ok"
            await alice.expect("snapshot")
            assert alice.state is not None
            view = alice.state["view"]
            assert view["hand"] == ["the_stolen_tarts"] and view["gold"] == 4
            assert [p["position"] for p in view["players"]] == ["path1c", "entrance"]

    asyncio.run(play())
