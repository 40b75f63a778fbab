"""The lobby over real sockets on 127.0.0.1: handshake, tables, seats, passwords, chat, spectators."""

from __future__ import annotations

import asyncio
from pathlib import Path

from wire_client import WireClient, hosted, play_until_over, table_of

from doorkick.shared import protocol as p


def test_hello_gets_a_welcome_naming_the_games(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path) as server:
            client = WireClient(server.port)
            welcome = await client.connect("Alice")
            assert welcome.type == "welcome"
            assert welcome.get("protocol") == p.PROTOCOL_VERSION
            assert welcome.get("games") == ["dice"]
            assert welcome.get("server") == server.server_id
            await client.close()

    asyncio.run(scenario())


def test_a_version_mismatch_gets_a_clear_error_and_a_close(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path) as server:
            client = await WireClient(server.port).open()
            client.send("hello", 1, protocol=p.PROTOCOL_VERSION + 1, app="future", name="Zed")
            said = await client.until_closed()
            assert [m.get("code") for m in said] == ["version_mismatch"]
            assert "protocol" in said[0].get("message")

    asyncio.run(scenario())


def test_anything_before_hello_is_refused(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path) as server:
            client = await WireClient(server.port).open()
            client.send("list_tables")
            said = await client.until_closed()
            assert [m.get("code") for m in said] == ["handshake_required"]

    asyncio.run(scenario())


def test_create_join_ready_start_and_play_a_whole_game_with_bots(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path) as server:
            alice, bob = await table_of(server.port, ["Alice", "Bob"], seats=4, bots=2)
            assert (alice.seat, bob.seat) == (0, 1)
            refused = await alice.request("start")
            assert refused.get("code") == "not_ready"
            assert (await bob.request("ready", ready=True)).type == "ok"
            assert (await bob.request("start")).get("code") == "not_creator"
            assert (await alice.request("start")).type == "ok"
            await alice.expect("snapshot")
            await bob.expect("snapshot")
            await play_until_over([alice, bob])
            assert alice.state is not None and bob.state is not None
            assert alice.state["outcome"] == bob.state["outcome"]
            assert alice.seq == bob.seq and alice.updates > 10
            assert alice.state["view"]["players"] == bob.state["view"]["players"]
            listing = await alice.request("list_tables")
            (summary,) = listing.get("tables")
            assert summary["finished"] and summary["bots"] == 2

    asyncio.run(scenario())


def test_open_seats_refuse_a_start_unless_bots_fill_them(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path) as server:
            (alice,) = await table_of(server.port, ["Alice"], seats=3)
            assert (await alice.request("start")).get("code") == "seats_open"
            assert (await alice.request("start", fill_with_bots=True)).type == "ok"
            table = await alice.wait_for(lambda m: m.type == "table" and m.get("table")["started"])
            kinds = [s["kind"] for s in table.get("table")["players"]]
            assert kinds == ["human", "bot", "bot"]
            await play_until_over([alice])

    asyncio.run(scenario())


def test_a_password_table_refuses_a_wrong_password(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path) as server:
            (alice,) = await table_of(server.port, ["Alice"], seats=2, password="swordfish")
            bob = WireClient(server.port)
            await bob.connect("Bob")
            listing = await bob.request("list_tables")
            assert listing.get("tables")[0]["password"] is True
            wrong = await bob.request("join_table", table=alice.table, password="trout")
            assert wrong.get("code") == "bad_password"
            assert (await bob.request("watch", table=alice.table)).get("code") == "bad_password"
            right = await bob.request("join_table", table=alice.table, password="swordfish")
            assert right.type == "seated" and right.get("seat") == 1

    asyncio.run(scenario())


def test_bad_table_settings_are_refused_precisely(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path) as server:
            alice = WireClient(server.port)
            await alice.connect("Alice")
            cases = [
                ({"game": "chess", "seats": 2}, "unknown_game"),
                ({"game": "dice", "seats": 7}, "bad_seats"),
                ({"game": "dice", "seats": 1}, "bad_seats"),
                ({"game": "dice", "seats": 3, "bots": 3}, "bad_bots"),
                ({"game": "dice", "seats": 3, "bot_level": "godlike"}, "bad_bot_level"),
                ({"game": "dice", "seats": 3, "bot_level": 3}, "bad_field"),
                ({"game": "dice", "seats": 3, "packs": [1]}, "bad_packs"),
                ({"game": "dice", "seats": 3, "packs": ["/etc/passwd"]}, "bad_packs"),
                ({"game": "dice", "seats": 3, "packs": ["../core"]}, "bad_packs"),
                ({"game": "dice", "seats": 3, "sex": "robot"}, "bad_sex"),
                ({"game": "dice", "seats": 3, "colour": "plaid"}, "bad_colour"),
            ]
            for fields, code in cases:
                reply = await alice.request("create_table", **fields)
                assert reply.get("code") == code, (fields, reply)
            assert (await alice.request("list_tables")).get("tables") == []
            # options the game cannot start with are refused when the table is made or changed, not at its start
            refused = await alice.request("create_table", game="dice", seats=2, options={"goal": -1})
            assert refused.get("code") == "bad_options" and "goal" in refused.get("message")
            created = await alice.request("create_table", game="dice", seats=2, options={"goal": 3})
            assert created.type == "seated"
            changed = await alice.request("set_table", options={"goal": 0})
            assert changed.get("code") == "bad_options"
            assert (await alice.request("start", fill_with_bots=True)).get("code") is None

    asyncio.run(scenario())


def test_names_colours_and_sex_can_change_before_the_start(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path) as server:
            alice, bob = await table_of(server.port, ["Alice", "Bob"], seats=2)
            changed = await bob.request("set_player", name="Robert", sex="female", colour="purple")
            assert changed.type == "ok"
            assert (await alice.request("set_player", colour="purple")).get("code") == "colour_taken"
            assert (await alice.request("set_player", name="  ")).get("code") == "bad_name"
            table = await alice.wait_for(
                lambda m: m.type == "table" and m.get("table")["players"][1]["name"] == "Robert"
            )
            seat = table.get("table")["players"][1]
            assert (seat["sex"], seat["colour"]) == ("female", "purple")

    asyncio.run(scenario())


def test_chat_reaches_the_table_or_the_whole_lobby(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path) as server:
            alice, bob = await table_of(server.port, ["Alice", "Bob"], seats=2)
            carol = WireClient(server.port)
            await carol.connect("Carol")
            alice.send("chat", text="  kick   the door ")
            said = await bob.wait_for(lambda m: m.type == "chat")
            assert (said.get("text"), said.get("from"), said.get("scope"), said.get("seat")) == (
                "kick the door",
                "Alice",
                "table",
                0,
            )
            carol.send("chat", text="anyone?")
            for client in (alice, bob):
                heard = await client.wait_for(lambda m: m.type == "chat" and m.get("scope") == "lobby")
                assert heard.get("from") == "Carol"
            assert (await carol.request("chat", text="   ")).get("code") == "empty_chat"
            assert (await carol.request("chat", text="x", scope="table")).get("code") == "not_at_table"
            await carol.drain()
            assert not any(m.type == "chat" and m.get("scope") == "table" for m in carol.inbox)

    asyncio.run(scenario())


def test_a_spectator_sees_the_public_view_and_no_hand(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path) as server:
            (alice,) = await table_of(server.port, ["Alice"], seats=3, bots=2)
            watcher = WireClient(server.port)
            await watcher.connect("Watcher")
            assert (await watcher.request("watch", table=alice.table)).type == "watching"
            assert (await alice.request("start")).type == "ok"
            await watcher.expect("snapshot")
            await play_until_over([alice])
            while not watcher.finished():
                await watcher.drain(0.02)
            assert watcher.state is not None and alice.state is not None
            assert "hand" not in watcher.state["view"] and watcher.state["legal"] == []
            assert watcher.state["view"]["players"] == alice.state["view"]["players"]
            assert watcher.seq == alice.seq
            assert (await watcher.request("action", token="x" * 32, action={"type": "roll", "seat": 0})).get(
                "code"
            ) == "not_seated"

    asyncio.run(scenario())


def test_two_tables_play_at_once_without_crossing(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path) as server:
            first = await table_of(server.port, ["A1", "A2"], seats=3, bots=1)
            second = await table_of(server.port, ["B1", "B2"], seats=2)
            assert first[0].table != second[0].table
            for group in (first, second):
                assert (await group[1].request("ready", ready=True)).type == "ok"
                assert (await group[0].request("start")).type == "ok"
            await asyncio.gather(play_until_over(first), play_until_over(second))
            seen = {m.get("table") for c in first for m in c.inbox if m.type in ("update", "snapshot")}
            assert seen <= {first[0].table}
            assert first[0].state is not None and second[0].state is not None
            assert len(first[0].state["view"]["players"]) == 3
            assert len(second[0].state["view"]["players"]) == 2

    asyncio.run(scenario())


def test_leaving_before_the_start_frees_the_seat_and_hands_on_the_table(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path) as server:
            alice, bob = await table_of(server.port, ["Alice", "Bob"], seats=2)
            assert (await alice.request("leave")).type == "left"
            table = await bob.wait_for(lambda m: m.type == "table" and m.get("table")["creator"] == 1)
            assert table.get("table")["players"][0]["kind"] == "open"
            assert (await bob.request("leave")).type == "left"
            assert (await bob.request("list_tables")).get("tables") == []

    asyncio.run(scenario())


def test_before_the_start_a_seat_left_empty_past_the_window_is_freed(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path, reconnect_window=0.1) as server:
            alice, bob = await table_of(server.port, ["Alice", "Bob"], seats=3)
            await alice.close()
            table = await bob.wait_for(lambda m: m.type == "table" and m.get("table")["creator"] == 1)
            assert table.get("table")["players"][0]["kind"] == "open"
            assert (await bob.request("start", fill_with_bots=True)).type == "ok"
            await play_until_over([bob])

    asyncio.run(scenario())


def test_players_waiting_at_a_table_see_the_list_change_and_players_in_a_game_do_not(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path) as server:
            alice, bob = await table_of(server.port, ["Alice", "Bob"], seats=2)
            carol = WireClient(server.port)
            await carol.connect("Carol")
            assert (await carol.request("create_table", game="dice", seats=2)).type == "seated"
            listed = await alice.wait_for(lambda m: m.type == "tables" and len(m.get("tables")) == 2)
            assert {t["name"] for t in listed.get("tables")} == {"Alice's table", "Carol's table"}
            assert (await bob.request("ready", ready=True)).type == "ok"
            assert (await alice.request("start")).type == "ok"
            await alice.drain(0.05)
            alice.inbox.clear()
            await carol.request("leave")  # Carol's table goes: the list changes
            await alice.drain(0.2)
            assert not [m for m in alice.inbox if m.type == "tables"]

    asyncio.run(scenario())


def test_a_dropped_player_shows_as_away_in_the_table_and_the_list(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path) as server:
            alice, bob = await table_of(server.port, ["Alice", "Bob"], seats=3)
            await alice.close()
            table = await bob.wait_for(lambda m: m.type == "table" and not m.get("table")["players"][0]["connected"])
            assert table.get("table")["away"] == 1 and table.get("table")["players"][0]["kind"] == "human"
            carol = WireClient(server.port)
            await carol.connect("Carol")
            (summary,) = (await carol.request("list_tables")).get("tables")
            assert summary["away"] == 1 and summary["open_seats"] == 1

    asyncio.run(scenario())


def test_leaving_a_running_game_hands_the_seat_to_a_bot_until_the_player_resumes(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path) as server:
            alice, bob = await table_of(server.port, ["Alice", "Bob"], seats=2)
            assert (await bob.request("ready", ready=True)).type == "ok"
            assert (await alice.request("start")).type == "ok"
            assert (await bob.request("leave")).type == "left"
            await alice.wait_for(lambda m: m.type == "table" and m.get("table")["players"][1]["stand_in"])
            await play_until_over([alice])  # Bob's seat plays itself
            bob.inbox.clear()
            back = await bob.request("resume", table=alice.table, token=bob.token)
            assert (back.type, back.get("seat")) == ("seated", 1)
            assert (await bob.expect("snapshot")).get("seq") == alice.seq

    asyncio.run(scenario())


def test_the_creator_changes_seats_bots_packs_and_options_before_the_start(tmp_path: Path) -> None:
    extra = tmp_path / "extra.toml"  # a pack the host's user offers (`doorkick host --pack extra.toml`)
    extra.write_text('[pack]\nid = "extra"\nname = "Extra"\ngame = "dice"\n')

    async def scenario() -> None:
        async with hosted(tmp_path / "data", packs=(extra,)) as server:
            alice, bob = await table_of(server.port, ["Alice", "Bob"], seats=4, bots=1)
            assert (await bob.request("ready", ready=True)).type == "ok"
            assert (await bob.request("set_table", seats=3)).get("code") == "not_creator"
            assert (await alice.request("set_table", seats=1)).get("code") == "bad_seats"
            assert (await alice.request("set_table", seats=3, bots=2)).get("code") == "bad_bots"
            assert (await alice.request("set_table", packs=["../core"])).get("code") == "bad_packs"
            assert (await alice.request("set_table", seats=5, bot_level="nightmare")).get("code") == "bad_bot_level"
            changed = await alice.request(
                "set_table", seats=5, bots=2, packs=["extra"], options={"goal": 3}, bot_level="hard"
            )
            assert changed.type == "ok", changed
            detail = await alice.wait_for(lambda m: m.type == "table" and len(m.get("table")["players"]) == 5)
            table = detail.get("table")
            assert [p["kind"] for p in table["players"]] == ["human", "human", "open", "bot", "bot"]
            assert (table["packs"], table["options"], table["bot_level"]) == (["extra"], {"goal": 3}, "hard")
            assert table["players"][1]["ready"] is False  # Bob agreed to another table: he readies again
            colours = [p["colour"] for p in table["players"] if p["kind"] != "open"]
            assert len(set(colours)) == len(colours)
            assert (await alice.request("set_table", seats=2, bots=0, options=None)).type == "ok"
            detail = await alice.wait_for(lambda m: m.type == "table" and len(m.get("table")["players"]) == 2)
            assert detail.get("table")["options"] is None
            assert (await alice.request("set_table", packs=[])).type == "ok"
            assert (await bob.request("ready", ready=True)).type == "ok"
            assert (await alice.request("start", fill_with_bots=True)).type == "ok"
            assert (await alice.request("set_table", seats=3)).get("code") == "already_started"

    asyncio.run(scenario())


def test_table_names_are_unique_on_a_host_and_fit_the_name_limit(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path) as server:
            long_name = "Bartholomew Montgomery-Smythe Jr"  # 32 characters, the longest name there is
            assert len(long_name) == p.MAX_NAME_LENGTH
            clients = [WireClient(server.port) for _ in range(4)]
            for client, name in zip(clients, ["Player", "Player", long_name, long_name], strict=True):
                await client.connect(name)
            names = []
            for client in clients:
                seated = await client.request("create_table", game="dice", seats=2)
                assert seated.type == "seated", seated
                names.append((await client.expect("table")).get("table")["name"])
            assert names[:2] == ["Player's table", "Player's table 2"]
            assert names[2].endswith("…'s table") and names[3].endswith("…'s table 2")
            assert all(len(n) <= p.MAX_NAME_LENGTH for n in names) and len(set(names)) == 4
            # A name asked for by hand is kept, numbered when another table has it (letter case aside).
            guest = WireClient(server.port)
            await guest.connect("Guest")
            await guest.request("create_table", game="dice", seats=2, name="player's TABLE")
            assert (await guest.expect("table")).get("table")["name"] == "player's TABLE 3"
            for client in [*clients, guest]:
                await client.close()

    asyncio.run(scenario())


def test_the_seats_as_started_reach_the_players_before_the_first_snapshot(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path) as server:
            (alice,) = await table_of(server.port, ["Alice"], seats=3, colour="blue")
            assert (await alice.request("start", fill_with_bots=True)).type == "ok"
            # The open seats became bots with colours: that table comes first, so the game screen opens with the
            # names and colours the lobby shows.
            table = await alice.wait_for(
                lambda m: m.type in ("table", "snapshot") and (m.type == "snapshot" or m.get("table").get("started"))
            )
            assert table.type == "table", table.type
            players = table.get("table")["players"]
            assert [s["kind"] for s in players] == ["human", "bot", "bot"]
            assert players[0]["colour"] == "blue" and all(s["colour"] for s in players)
            assert len({s["colour"] for s in players}) == 3
            await alice.expect("snapshot")
            await alice.close()

    asyncio.run(scenario())


def test_the_creator_gets_the_colour_asked_for_before_the_bots_take_theirs(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path) as server:
            (alice,) = await table_of(server.port, ["Alice"], seats=4, bots=3, colour="green")
            players = (await alice.expect("table")).get("table")["players"]
            assert players[0]["colour"] == "green"
            assert len({s["colour"] for s in players}) == 4
            await alice.close()

    asyncio.run(scenario())
