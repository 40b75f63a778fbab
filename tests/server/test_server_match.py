"""Matches over real sockets: reconnects, stand-in bots, timers, and what each seat may (not) see."""

from __future__ import annotations

import asyncio
from pathlib import Path

import fake_game
from wire_client import WireClient, hosted, play_until_over, started


async def play_a_few(clients: list[WireClient], actions: int) -> None:
    done = 0
    while done < actions:
        for client in clients:
            if client.my_legal() and (await client.act(client.my_legal()[0])).type == "ok":
                done += 1
            await client.drain(0.002)


def test_a_dropped_player_comes_back_with_the_token_to_the_same_seat(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path) as server:
            alice, bob = await started(server.port, ["Alice", "Bob"], seats=2)
            await play_a_few([alice, bob], 5)
            token, table, hand = alice.token, alice.table, alice.state["view"]["hand"] if alice.state else None
            await alice.close()
            dropped = await bob.wait_for(lambda m: m.type == "table" and not m.get("table")["players"][0]["connected"])
            assert dropped.get("table")["players"][0]["kind"] == "human"
            back = WireClient(server.port)
            await back.connect("Alice")
            seated = await back.request("resume", table=table, token=token)
            assert (seated.type, seated.get("seat")) == ("seated", 0)
            await back.expect("snapshot")
            assert back.state is not None and back.state["view"]["hand"] == hand
            await bob.drain(0.05)
            assert back.seq == bob.seq
            await play_until_over([back, bob])

    asyncio.run(scenario())


def test_a_second_connection_with_the_token_replaces_the_first(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path) as server:
            alice, _bob = await started(server.port, ["Alice", "Bob"], seats=2)
            twin = WireClient(server.port)
            await twin.connect("Alice")
            assert (await twin.request("resume", table=alice.table, token=alice.token)).type == "seated"
            said = await alice.until_closed()
            assert said[-1].get("code") == "closed" and "newer connection" in said[-1].get("message")

    asyncio.run(scenario())


def test_after_the_reconnect_window_a_bot_plays_and_hands_the_seat_back(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path, reconnect_window=0.1, bot_delay=0.01) as server:
            alice, bob = await started(server.port, ["Alice", "Bob"], seats=2)
            token, table = alice.token, alice.table
            await alice.close()
            await bob.wait_for(lambda m: m.type == "table" and m.get("table")["players"][0]["stand_in"])
            before = bob.seq
            await play_a_few([bob], 3)  # Alice's seat keeps up on its own
            assert any(e.get("seat") == 0 and e["type"] == "rolled" for e in bob.events)
            assert bob.seq > before + 3
            back = WireClient(server.port)
            await back.connect("Alice")
            assert (await back.request("resume", table=table, token=token)).type == "seated"
            await back.expect("snapshot")
            returned = await bob.wait_for(lambda m: m.type == "table" and not m.get("table")["players"][0]["stand_in"])
            assert returned.get("table")["players"][0]["connected"]
            await play_until_over([back, bob])

    asyncio.run(scenario())


def test_timers_pass_for_a_silent_human_and_a_bot_takes_their_turn(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path, pass_timeout=0.05, turn_timeout=0.1) as server:
            alice, bob = await started(server.port, ["Alice", "Bob"], seats=2)
            loop = asyncio.get_running_loop()
            deadline = loop.time() + 30
            while not alice.finished():  # Bob never acts; the host's clocks act for him
                assert loop.time() < deadline
                if alice.my_legal():
                    await alice.act(alice.my_legal()[0])
                await alice.drain(0.01)
                await bob.drain(0.001)
            await bob.drain(0.05)
            assert any(e["type"] == "rolled" and e["seat"] == 1 for e in bob.events)
            kinds = {m.get("kind") for m in bob.inbox if m.type == "timer" and m.get("seat") == 1}
            assert "turn" in kinds
            if "pass" in kinds:  # a pass clock that ran out passed for him (a turn clock may pass too)
                assert any(e["type"] == "pass" and e["seat"] == 1 for e in bob.events)

    asyncio.run(scenario())


def test_a_rejected_action_leaves_everybody_untouched(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path) as server:
            alice, bob, carol = await started(server.port, ["Alice", "Bob", "Carol"], seats=3)
            reply = await bob.act({"type": "roll", "seat": 1})
            assert (reply.type, reply.get("code")) == ("error", "not_your_decision")
            assert "seat 1" in reply.get("message")
            await carol.drain(0.05)
            assert [c.updates for c in (alice, bob, carol)] == [0, 0, 0]
            assert not any(m.type == "error" for m in alice.inbox + carol.inbox)

    asyncio.run(scenario())


def test_resync_sends_the_whole_state_again(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path) as server:
            alice, bob = await started(server.port, ["Alice", "Bob"], seats=2)
            await play_a_few([alice, bob], 4)
            while alice.seq != bob.seq:  # nothing in flight any more
                await alice.drain(0.01)
                await bob.drain(0.01)
            assert alice.state is not None
            alice.state["view"]["players"][0]["position"] = 999  # a client whose state went wrong
            snapshot = await alice.request("resync")
            assert snapshot.type == "snapshot" and snapshot.get("seq") == alice.seq
            assert alice.state["view"]["players"][0]["position"] != 999

    asyncio.run(scenario())


def test_canary_no_seat_ever_receives_another_seats_cards_or_the_deck(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path) as server:
            players = await started(server.port, ["P1", "P2", "P3", "P4"], seats=6, bots=2)
            watcher = WireClient(server.port)
            await watcher.connect("Watcher")
            assert (await watcher.request("watch", table=players[0].table)).type == "watching"
            await play_until_over(players)
            while not watcher.finished():
                await watcher.drain(0.02)
            for player in players:
                assert player.state is not None
                mine = set(player.state["view"]["hand"])
                assert mine, "each player drew at least one card"
                for card in fake_game.DECK:
                    seen = card.encode() in player.raw
                    assert seen == (card in mine), f"seat {player.seat}: {card} {'leaked' if seen else 'lost'}"
            assert not any(card.encode() in watcher.raw for card in fake_game.DECK)

    asyncio.run(scenario())


def test_a_resumed_seat_hears_the_recent_events_as_it_saw_them_and_nobody_elses_cards(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path) as server:
            alice, bob = await started(server.port, ["Alice", "Bob"], seats=2)
            await play_a_few([alice, bob], 6)
            while alice.seq != bob.seq:  # nothing in flight any more
                await alice.drain(0.01)
                await bob.drain(0.01)
            heard, token, table = list(alice.events), alice.token, alice.table
            await alice.close()
            back = WireClient(server.port)
            await back.connect("Alice")
            assert (await back.request("resume", table=table, token=token)).type == "seated"
            history = (await back.expect("snapshot")).get("history")
            assert history == heard, "the seat's own view of every event so far, its own draws named"
            assert bob.state is not None
            theirs = set(bob.state["view"]["hand"])
            assert theirs and not any(card in str(history) for card in theirs), "nobody else's cards"

    asyncio.run(scenario())
