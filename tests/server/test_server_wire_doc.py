"""The wire as docs/protocol.md tells it, seen by a client written from the doc alone: names and chat that show
nothing hidden, replies that carry their ids, readable errors, settings refused when a table is made, integral
floats made ints, a colour at join a wish, and a Wonderland state that sends each thing once."""

from __future__ import annotations

import asyncio
import struct
from pathlib import Path
from typing import Any

import msgpack
from wire_client import WireClient, hosted, table_of

from doorkick.shared import protocol as p
from doorkick.shared.rules import registry
from doorkick.shared.rules.munchkin.actions import Sell


def run(scenario: Any) -> None:
    asyncio.run(scenario())


async def hello(port: int, **fields: Any) -> list[p.Message]:
    client = await WireClient(port).open()
    client.send("hello", 41, **{"protocol": p.PROTOCOL_VERSION, "app": "node test", "name": "Alice", **fields})
    return await client.until_closed()


def test_names_with_hidden_or_escaping_characters_or_too_long_are_refused_with_the_id(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path) as server:
            for name in ["Eve\x1b[2J", "Mallory\u202e", "Zero\u200bWidth", "Bell\x07"]:
                said = await hello(server.port, name=name)
                assert [(m.get("code"), m.get("fatal"), m.id) for m in said] == [("bad_name", True, 41)], name
            said = await hello(server.port, name="x" * (p.MAX_NAME_LENGTH + 1))
            assert [(m.get("code"), m.id) for m in said] == [("bad_name", 41)]
            assert str(p.MAX_NAME_LENGTH) in said[0].get("message")
            said = await hello(server.port, protocol=99)
            assert [(m.get("code"), m.get("fatal"), m.id) for m in said] == [("version_mismatch", True, 41)]

    run(scenario)


def test_chat_is_shown_without_control_direction_or_escape_characters(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path) as server:
            alice, bob = await table_of(server.port, ["Alice", "Bob"], seats=2)
            alice.send("chat", text="\x1b]0;owned\x07hi \u202eevil\u202c\u200b there\r\n")
            heard = await bob.wait_for(lambda m: m.type == "chat")
            assert heard.get("text") == "]0;ownedhi evil there"
            refused = await alice.request("chat", text="\x1b\u202e\u2066")
            assert refused.get("code") == "empty_chat"

    run(scenario)


def test_names_are_unique_at_a_table(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path) as server:
            *_, third = await table_of(server.port, ["Alice", "alice", "Bob"], seats=3)
            players = (
                await third.wait_for(lambda m: m.type == "table" and m.get("table")["players"][2]["kind"] == "human")
            ).get("table")["players"]
            assert [s["name"] for s in players] == ["Alice", "alice 2", "Bob"]
            refused = await third.request("set_player", name="ALICE")
            assert refused.get("code") == "bad_name" and "ALICE" in refused.get("message")

    run(scenario)


def test_a_byte_that_starts_no_msgpack_value_gets_a_message_that_says_so(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path) as server:
            client = WireClient(server.port)
            await client.connect()
            client.send_raw(struct.pack(">I", 1) + b"\xc1")
            error = await client.wait_for(lambda m: m.type == "error")
            assert error.get("code") == "bad_msgpack" and "0xc1" in error.get("message")

    run(scenario)


def test_an_illegal_action_is_named_without_python_syntax() -> None:
    shown = str(Sell(0, ("sword", "helmet"), doubled="sword"))
    assert shown == 'seat 0: sell cards=["sword", "helmet"] doubled="sword" tripled=""'
    assert "(" not in shown and "'" not in shown


def test_an_integral_float_option_is_kept_as_an_int(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path) as server:
            client = WireClient(server.port)
            await client.connect()
            body = msgpack.packb(
                {"type": "create_table", "id": 1, "game": "dice", "seats": 2.0, "options": {"goal": 3.0, "ratio": 0.5}}
            )
            client.send_raw(struct.pack(">I", len(body)) + body)
            assert (await client.wait_for(lambda m: m.id == 1)).type == "seated"
            options = (await client.expect("table")).get("table")["options"]
            assert options == {"goal": 3, "ratio": 0.5} and type(options["goal"]) is int

    run(scenario)


def test_unknown_packs_and_bad_options_are_refused_at_once_and_a_taken_colour_is_a_wish(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path, rulesets=registry.ruleset, games=["munchkin", "wonderland"]) as server:
            alice = WireClient(server.port)
            await alice.connect("Alice")
            for game in ["munchkin", "wonderland"]:
                reply = await alice.request("create_table", game=game, seats=3, packs=["no_such_pack"])
                assert reply.get("code") == "bad_packs" and "no_such_pack" in reply.get("message"), reply
                reply = await alice.request("create_table", game=game, seats=3, options={"nonsense": 1})
                assert reply.get("code") == "bad_options" and "nonsense" in reply.get("message"), reply
            assert (await alice.request("list_tables")).get("tables") == []
            seated = await alice.request("create_table", game="munchkin", seats=3, colour="red")
            assert seated.type == "seated"
            refused = await alice.request("set_table", options={"nonsense": 1})
            assert refused.get("code") == "bad_options"
            bob = WireClient(server.port)
            await bob.connect("Bob")
            # a colour asked for at join is a wish (DoorKick's client sends its player's favourite): taken, it gives
            # the first free one; set_player refuses a taken colour, as the doc says
            assert (await bob.request("join_table", table=seated.get("table"), colour="red")).type == "seated"
            players = (await bob.expect("table")).get("table")["players"]
            assert [s["colour"] for s in players[:2]] == ["red", "blue"]
            assert (await bob.request("set_player", colour="red")).get("code") == "colour_taken"

    run(scenario)


def test_a_wonderland_state_sends_legal_actions_once(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path, rulesets=registry.ruleset, games=["wonderland"]) as server:
            alice = WireClient(server.port)
            await alice.connect("Alice")
            assert (await alice.request("create_table", game="wonderland", seats=2, bots=1)).type == "seated"
            assert (await alice.request("start")).type == "ok"
            state = (await alice.expect("snapshot")).get("state")
            assert state["legal"] and state["to_act"] == [0]
            assert "legal" not in state["view"] and "to_act" not in state["view"]
            assert "outcome" in state["view"]  # the game's own end (every hand and its Gold), beside the host's

    run(scenario)
