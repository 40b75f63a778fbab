"""Both real games played through the host over 127.0.0.1: humans and bots, a spectator, a reconnect in the
middle of a fight, and a canary: no seat is ever sent a card it could not know (another hand, the decks)."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest
from wire_client import WireClient, hosted, hosted_match, table_of

from doorkick.shared import protocol as p
from doorkick.shared.rules.registry import ruleset


def hidden_zones(game: str, state: Any) -> tuple[list[set[str]], set[str]]:
    """Each seat's hand and the cards in the draw piles, read from the engine's full state."""
    if game == "munchkin":
        hands = [set(player.hand) for player in state.players]
        decks = {*state.door_deck, *state.treasure_deck, *state.fairy_dust_deck}
    else:
        hands = [set(hand) for hand in state.hands]
        decks = {*state.treasure_deck, *state.monster_deck}
    return hands, decks


def strings_in(value: Any) -> set[str]:
    out: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            out.add(item)
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return out


class Recorder:
    """The real engine, plus a note after every applied action of what each seat may legitimately know."""

    def __init__(self, game: str, seats: int) -> None:
        self.engine = ruleset(game)
        self.game = game
        self.seats = seats
        self.cards: set[str] = set()
        self.known: list[list[set[str]]] = []  # [seq][seat] -> cards that seat may have heard of

    def __getattr__(self, name: str) -> Any:
        return getattr(self.engine, name)

    def new_game(self, *args: Any, **kwargs: Any) -> Any:
        state = self.engine.new_game(*args, **kwargs)
        hands, decks = hidden_zones(self.game, state)
        self.cards = decks.union(*hands)
        self.known = []
        self._note(state)
        return state

    def apply(self, state: Any, action: Any) -> Any:
        state, events = self.engine.apply(state, action)
        self._note(state, [e.for_seat(None) for e in events])
        return state, events

    def _note(self, state: Any, announced: Any = ()) -> None:
        hands, _ = hidden_zones(self.game, state)
        view = self.engine.player_view(state, None)
        public = strings_in([view, announced]) & self.cards  # shown to all, or announced to all
        before = self.known[-1] if self.known else [set() for _ in range(self.seats)]
        self.known.append([before[s] | public | hands[s] for s in range(self.seats)])

    def check(self, client: WireClient, message: p.Message) -> None:
        seq = message.get("seq")
        if seq is None or client.seat is None:
            return
        mentioned = strings_in(message.fields) & self.cards
        leaked = mentioned - self.known[seq][client.seat]
        assert not leaked, f"seat {client.seat} was sent {sorted(leaked)} at seq {seq}: " + "; ".join(
            where(message.fields, card) for card in sorted(leaked)
        )


def where(value: Any, card: str, path: str = "") -> str:
    """The paths in a message at which a card id appears."""
    if value == card:
        return path
    found: list[str] = []
    if isinstance(value, dict):
        found = [where(v, card, f"{path}.{k}") for k, v in value.items()]
    elif isinstance(value, list):
        found = [where(v, card, f"{path}[{i}]") for i, v in enumerate(value)]
    return " ".join(f for f in found if f)


def in_a_fight(client: WireClient, game: str) -> bool:
    view = client.state["view"] if client.state else {}
    return bool(view.get("combat") if game == "munchkin" else view.get("fight"))


# Random Munchkin can run to thousands of actions; four seats and a seed with a 900-action game keep it quick.
@pytest.mark.slow
@pytest.mark.parametrize(("game", "seats", "seed"), [("munchkin", 4, 1), ("wonderland", 6, 11)])
def test_a_full_game_through_the_host(game: str, seats: int, seed: int, tmp_path: Path) -> None:
    recorder = Recorder(game, seats=seats)

    async def scenario() -> None:
        async with hosted(tmp_path, rulesets=lambda name: recorder, games=[game], seed=seed) as server:
            names = ["Ann", "Ben", "Cid"][: seats // 2]
            players = await table_of(server.port, names, seats=seats, bots=seats - len(names), game=game)
            for client in players[1:]:
                assert (await client.request("ready", ready=True)).type == "ok"
            watcher = WireClient(server.port)
            await watcher.connect("Watcher")
            assert (await watcher.request("watch", table=players[0].table)).type == "watching"
            assert (await players[0].request("start")).type == "ok"
            for client in players:
                await client.expect("snapshot")
            chooser = random.Random(4)
            humans = {c.seat for c in players}
            reconnected = False
            loop = asyncio.get_running_loop()
            deadline = loop.time() + 90
            while True:
                # Humans move only once the bots have nothing left to do, so a seed always plays the same game.
                await settle(players, humans, deadline, hosted_match(server, players[0]))
                if players[0].finished():
                    break
                if not reconnected and in_a_fight(players[1], game):
                    players[1] = await reconnect(server.port, players[1])
                    reconnected = True
                mover = next(c for c in players if c.my_decision())
                reply = await mover.act(chooser.choice(mover.my_decision()))
                assert reply.type == "ok", reply.fields
            while not watcher.finished():
                await watcher.drain(0.02)
            assert reconnected, "no fight happened to reconnect in"
            assert players[0].seq > 100
            outcome = players[0].state["outcome"] if players[0].state else None
            assert outcome and all(c.state and c.state["outcome"] == outcome for c in [*players, watcher])
            checked.extend(players)

    checked: list[WireClient] = []
    asyncio.run(scenario())
    for client in checked:  # after the loop: the test's own checking is no callback of the host's
        for message in client.seen:
            recorder.check(client, message)


async def settle(players: list[WireClient], humans: set[int | None], deadline: float, match: Any) -> None:
    """Read until every player holds the same state and the host waits for humans only (or the game is over).

    A Wonderland bot may stay among the seats to act with nothing it wants to play (a helper keeping its cards
    while the fighter decides), so "waits for humans only" is the host's own: no job queued, no bot move due.
    """
    loop = asyncio.get_running_loop()
    while True:
        assert loop.time() < deadline, "the game did not finish in time"
        for client in players:
            await client.drain(0.001)
        states = [c.state for c in players]
        if any(s is None for s in states) or len({c.seq for c in players}) > 1:
            continue
        first = states[0]
        assert first is not None
        if first["outcome"] is not None:
            return
        # The worker must be waiting for its next job: a bot's action being written to the log has left the
        # queue and the bot's turn already, and lands after a human who moved now would find his decision gone.
        worker_waits = bool(match.queue._getters)
        host_idle = worker_waits and match.queue.empty() and not match.bot_turns and players[0].seq == match.seq
        if host_idle and set(first["to_act"]) & humans:
            return


async def reconnect(port: int, old: WireClient) -> WireClient:
    """Drop the connection in the middle of a fight and come back with the token."""
    state, seq = old.state, old.seq
    await old.close()
    client = WireClient(port)
    client.seen = old.seen
    await client.connect("Ben again")
    assert (await client.request("resume", table=old.table, token=old.token)).type == "seated"
    await client.expect("snapshot")
    assert client.seq >= seq and client.state is not None
    if client.seq == seq:
        assert client.state == state
    return client


@pytest.mark.parametrize("game", ["munchkin", "wonderland"])
def test_a_restarted_host_replays_each_real_game_to_the_same_views(game: str, tmp_path: Path) -> None:
    async def scenario() -> None:
        chooser = random.Random(9)
        async with hosted(tmp_path, rulesets=ruleset, games=[game], seed=5) as server:
            players = await table_of(server.port, ["Ann", "Ben", "Cid"], seats=3, game=game)
            for client in players[1:]:
                assert (await client.request("ready", ready=True)).type == "ok"
            assert (await players[0].request("start")).type == "ok"
            for client in players:
                await client.expect("snapshot")
            for _ in range(60):
                movers = [c for c in players if c.my_legal() and not c.finished()]
                if not movers:
                    break
                mover = chooser.choice(movers)
                assert (await mover.act(chooser.choice(mover.my_legal()))).type in ("ok", "error")
                for client in players:
                    await client.drain(0.002)
        async with hosted(tmp_path, rulesets=ruleset, games=[game], seed=5) as server:
            for old in players:
                client = WireClient(server.port)
                await client.connect("Again")
                assert (await client.request("resume", table=old.table, token=old.token)).type == "seated"
                await client.expect("snapshot")
                assert (client.seq, client.state) == (old.seq, old.state)

    asyncio.run(scenario())


@pytest.mark.slow
@pytest.mark.parametrize("game", ["munchkin", "wonderland"])
def test_bot_seats_play_at_the_tables_level_and_a_normal_bot_stands_in(game: str, tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path, rulesets=ruleset, games=[game], seed=5) as server:
            (alice,) = await table_of(server.port, ["Alice"], seats=3, bots=2, game=game, bot_level="hard")
            assert (await alice.request("start")).type == "ok"
            await alice.expect("snapshot")
            match = hosted_match(server, alice)
            assert [type(bot).__name__ for bot in match.bots.values()][1:] == ["HardBot", "HardBot"]
            assert match.deep_thinkers == {1, 2}
            # Alice leaves: a normal bot plays her seat, and the three bots take the game on by themselves.
            assert (await alice.request("leave")).type == "left"
            assert type(match.bots[0]).__name__ in ("MunchkinNormal", "WonderlandNormal")
            loop = asyncio.get_running_loop()
            deadline = loop.time() + 60
            while match.seq < 30 and not match.finished:
                assert loop.time() < deadline, f"the bots stalled after {match.seq} actions"
                await asyncio.sleep(0.05)

    asyncio.run(scenario())
