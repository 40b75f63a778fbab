"""The host's update frames, built from parts shared between seats and encoded once (the public view's changes,
the events as everybody knows them, the checksum's pieces), say exactly what the straightforward path says: the
whole view of every viewer built on its own, diffed whole against what the viewer held, checksummed whole.

Random legal games of every variant and Wonderland, driven through the host's own `Match` in process, with six
seats and spectators; some seats leave and come back (a snapshot) mid-game, one misses an update while it keeps
its state (diffed whole from the older state), a spectator starts watching mid-game."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import msgspec
import pytest

from doorkick.bench.server_views import NoLog
from doorkick.server.config import ServerConfig
from doorkick.server.match import Match
from doorkick.server.tables import HUMAN, Seat, Table
from doorkick.shared import protocol as p
from doorkick.shared.rules.base import SeatSetup
from doorkick.shared.rules.registry import ruleset
from doorkick.shared.viewer import ViewerState, outcome_wire

SEATS = 6

GAMES: list[tuple[str, tuple[str, ...], Any]] = [
    ("munchkin", ("core",), None),
    ("munchkin", ("core", "epic"), {"epic": True}),
    ("munchkin", ("core", "fairy-dust"), {"fairy_dust_on_top": True}),
    ("munchkin", ("core", "christmas"), {"trade_cooldown": True, "reaction_time": "short"}),
    ("munchkin", ("core",), {"listening_at_the_door": True, "shared_victory": True, "rulings_001": True}),
    ("wonderland", (), None),
]


class Receiver:
    """A client that decodes every frame it is handed and keeps its state as a client does."""

    def __init__(self) -> None:
        self.name = "receiver"
        self.table: Table | None = None
        self.seat: int | None = None
        self.frames: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any]) -> None:
        self.frames.append(msgspec.msgpack.decode(msgspec.msgpack.encode(message)))

    def send_frame(self, frame: bytes) -> None:
        assert p.HEADER.unpack_from(frame)[0] == len(frame) - p.HEADER.size
        self.frames.append(msgspec.msgpack.decode(frame[p.HEADER.size :]))

    def close(self, reason: str) -> None:
        pass


def straightforward(match: Match, seat: int | None) -> dict[str, Any]:
    """The viewer state built on its own, with nothing shared and nothing kept from before."""
    rules, state = match.ruleset, match.state
    view = rules.player_views(state, [seat])[seat]
    outcome = outcome_wire(rules.outcome(state))
    legal = [] if seat is None or outcome is not None else [a.to_wire() for a in rules.legal_actions(state, seat)]
    record = ViewerState(view, legal, sorted(rules.seats_to_act(state)), rules.turn_number(state), outcome)
    return msgspec.msgpack.decode(msgspec.msgpack.encode(record))  # type: ignore[no-any-return]  # as received


async def play(game: str, packs: tuple[str, ...], options: Any, seed: int, moves: int) -> dict[str, int]:
    rules = ruleset(game)
    setups = tuple(SeatSetup(f"P{i}", ("female", "male")[i % 2]) for i in range(SEATS))
    receivers = [Receiver() for _ in range(SEATS)]
    seats = [Seat(i, HUMAN, s.name, s.sex, client=receivers[i]) for i, s in enumerate(setups)]
    table = Table("t1", "test", game, seats, started=True, seed=seed)
    watcher, late_watcher = Receiver(), Receiver()
    table.spectators.add(watcher)
    spectators = [watcher]
    state = rules.new_game(setups, seed, packs, options) if packs else rules.new_game(setups, seed)
    config = ServerConfig(pass_timeout=None, turn_timeout=None, discovery=False)
    match = Match(table, rules, state, 0, NoLog(), config, lambda *a: None)  # type: ignore[arg-type]
    for s in seats:
        match.send_snapshot(receivers[s.index], s.index)
    match.send_snapshot(watcher, None)
    held: dict[Any, dict[str, Any]] = {}  # each receiver's state, as a client keeps it
    expected_before: dict[Any, dict[str, Any]] = {}  # what the straightforward path gave it last
    viewers: dict[Any, int | None] = {id(r): i for i, r in enumerate(receivers)} | {id(watcher): None}
    counts = {"updates": 0, "unchanged": 0, "own_kept": 0, "whole": 0, "snapshots": SEATS + 1}

    def read(receiver: Receiver, seat: int | None, events: list[Any] | None) -> None:
        key = id(receiver)
        expected = straightforward(match, seat)
        for frame in receiver.frames:
            if frame["type"] == p.SNAPSHOT:
                assert frame["seat"] == seat and frame["seq"] == match.seq
                held[key] = frame["state"]
            else:
                assert frame["type"] == p.UPDATE and frame["seat"] == seat and frame["seq"] == match.seq
                assert events is not None
                assert frame["events"] == [e.for_seat(seat) if seat in e.audience else e.for_seat(None) for e in events]
                if key in expected_before:  # it held the state before: the very changes a whole diff gives
                    whole = p.diff(expected_before[key], expected)
                    assert sorted(map(repr, frame["changes"])) == sorted(map(repr, whole))
                    counts["unchanged"] += not whole
                    counts["own_kept"] += not any(path[:2] == ["view", "hand"] for path, *_ in whole)
                else:
                    counts["whole"] += 1
                p.apply_changes(held[key], frame["changes"])
                counts["updates"] += 1
            assert held[key] == expected
            assert frame["checksum"] == p.checksum(expected) == p.checksum(held[key])
        if receiver.frames:  # a seat that missed an update still holds what it held
            expected_before[key] = expected
        receiver.frames.clear()

    for r in (*receivers, watcher):
        read(r, viewers[id(r)], None)
    chooser = random.Random(seed)
    away: dict[int, int] = {}  # seat -> moves left until it comes back with a resume
    missed: int | None = None  # a seat that misses one update but keeps its state
    for n in range(moves):
        if match.finished:
            break
        choices = [a for s in range(SEATS) for a in rules.legal_actions(match.state, s)]
        if not choices:
            break
        if n % 17 == 5 and not away:  # a seat disconnects, comes back a few moves later
            gone = chooser.randrange(SEATS)
            seats[gone].client = None
            match.forget(gone)
            away[gone] = chooser.randrange(1, 4)
            expected_before.pop(id(receivers[gone]), None)
        if n % 23 == 11 and missed is None and not away:  # a seat misses an update, keeps what it held
            missed = chooser.randrange(SEATS)
            seats[missed].client = None
        if n == 30:  # a big screen starts watching mid-game
            table.spectators.add(late_watcher)
            spectators.append(late_watcher)
            viewers[id(late_watcher)] = None
            match.send_snapshot(late_watcher, None)
            read(late_watcher, None, None)
            counts["snapshots"] += 1
        if n == 40:  # the state did not change (nothing new for anybody): empty updates, the checksums held
            match._broadcast([])
            for i, r in enumerate(receivers):
                if seats[i].client is not None:
                    read(r, i, [])
            for watching in spectators:
                read(watching, None, [])
        action = chooser.choice(choices)
        events_seen: list[Any] = []
        inner = match.recent.add

        def keep(events: list[Any], into: list[Any] = events_seen, add: Any = inner) -> None:
            into.extend(events)
            add(events)

        match.recent.add = keep  # type: ignore[method-assign]
        await match._play(action.seat, action)
        await asyncio.sleep(0)  # the checks below are the test's, not the host's: other callbacks may run
        match.recent.add = inner  # type: ignore[method-assign]
        if missed is not None and seats[missed].client is None:
            seats[missed].client = receivers[missed]  # back, holding the state before the last update
            expected_before.pop(id(receivers[missed]), None)
        elif missed is not None:
            missed = None
        for gone in list(away):
            away[gone] -= 1
            if away[gone] == 0:
                del away[gone]
                seats[gone].client = receivers[gone]
                match.send_snapshot(receivers[gone], gone)
                counts["snapshots"] += 1
        for i, r in enumerate(receivers):
            if seats[i].client is not None:
                read(r, i, events_seen)
        for watching in spectators:
            read(watching, None, events_seen)
    await match.close()
    return counts


@pytest.mark.slow_callbacks_allowed  # the test's own whole-view checks run between the host's moves
@pytest.mark.parametrize(("game", "packs", "options"), GAMES)
def test_every_update_frame_says_what_the_whole_view_diff_says(game: str, packs: tuple[str, ...], options: Any) -> None:
    totals = {"updates": 0, "unchanged": 0, "own_kept": 0, "whole": 0, "snapshots": 0}
    for seed in (1, 2, 3):
        counts = asyncio.run(play(game, packs, options, seed, moves=160))
        totals = {k: totals[k] + counts[k] for k in totals}
    assert totals["updates"] > 1000 and totals["whole"] > 0 and totals["snapshots"] > 3 * (SEATS + 1)
    assert totals["unchanged"] > 0  # a state that did not change: every viewer got an empty update
    assert totals["own_kept"] > 0  # most moves change nothing of most seats' own parts (their hands)
