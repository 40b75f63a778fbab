"""The viewer state as typed records: views round-trip through the wire, a decoder refuses what it does not know,
the checksum is the one docs/protocol.md defines, and the views of one state are built once for every viewer."""

from __future__ import annotations

import copy
import random
import zlib
from collections.abc import Callable, Iterator
from typing import Any

import msgpack
import msgspec
import pytest

from doorkick.shared import protocol as p
from doorkick.shared.fairness import view_state
from doorkick.shared.rules.base import SeatSetup
from doorkick.shared.rules.munchkin import view as munchkin_view
from doorkick.shared.rules.registry import ruleset
from doorkick.shared.viewer import Audience, Differ, ViewerState, decode, viewer_state

SEATS = 6
VIEWERS: tuple[int | None, ...] = (*range(SEATS), None)


def states(game: str, seed: int, moves: int = 300) -> Iterator[Any]:
    """A random-legal game's states, one after each move."""
    rules = ruleset(game)
    chooser = random.Random(seed)
    state = rules.new_game(tuple(SeatSetup(f"P{i}", ("female", "male")[i % 2]) for i in range(SEATS)), seed)
    for _ in range(moves):
        yield state
        choices = [a for s in range(SEATS) for a in rules.legal_actions(state, s)]
        if rules.outcome(state) is not None or not choices:
            return
        state, _ = rules.apply(state, chooser.choice(choices))


def sorted_copy(value: Any) -> Any:
    """docs/protocol.md's definition of the canonical form: every map's keys sorted."""
    if isinstance(value, dict):
        return {k: sorted_copy(value[k]) for k in sorted(value)}
    if isinstance(value, list | tuple):
        return [sorted_copy(v) for v in value]
    return value


@pytest.mark.parametrize("game", ["munchkin", "wonderland"])
def test_every_viewer_state_round_trips_through_the_wire_and_keeps_its_checksum(game: str) -> None:
    rules = ruleset(game)
    for n, state in enumerate(states(game, seed=3)):
        if n % 5:
            continue
        viewers = Audience(rules, state, VIEWERS)
        for seat in VIEWERS:
            record = viewers.record(seat)
            received = msgpack.unpackb(msgpack.packb(viewers.wire(seat), use_bin_type=True), raw=False)
            assert decode(received) == record
            assert p.checksum(received) == p.checksum(record) == viewers.checksum(seat)
            # byte-identical to the key-sorted copy the checksum was defined on before the views were typed
            canonical = msgpack.packb(sorted_copy(msgspec.to_builtins(record)), use_bin_type=True)
            assert p.canonical(record) == canonical and viewers.checksum(seat) == zlib.crc32(canonical)


def test_the_deals_views_have_the_checksums_they_had_before_the_views_were_typed() -> None:
    # Measured on the commit before `viewer.py` (dict views, the Rooms' pictures already in the board's wire):
    # the same bytes, so old and new clients agree.
    first = {game: next(states(game, seed=1)) for game in ("munchkin", "wonderland")}
    munchkin = [p.checksum(ruleset("munchkin").player_view(first["munchkin"], s)) for s in VIEWERS]
    wonderland = [p.checksum(ruleset("wonderland").player_view(first["wonderland"], s)) for s in VIEWERS]
    assert munchkin == [852669927, 1914741614, 652889390, 2409854300, 1659495864, 1843808265, 3054883961]
    assert wonderland == [2063143408, 1056231483, 2746474048, 3466306934, 212799512, 687252683, 2857039954]


def wire_of(game: str) -> dict[str, Any]:
    state = next(states(game, seed=2))
    return copy.deepcopy(view_state(ruleset(game), state, 0))


@pytest.mark.parametrize("game", ["munchkin", "wonderland"])
def test_a_decoder_refuses_unknown_missing_or_mistyped_fields(game: str) -> None:
    decode(wire_of(game))
    spoiled: list[Callable[[dict[str, Any]], object]] = [
        lambda w: w.update(extra=1),
        lambda w: w["view"].update(deck_order=["a"]),  # a field no view has: a host leaking, or another version
        lambda w: w["view"]["players"][0].update(hand=["x"]),
        lambda w: w["view"].pop("players"),
        lambda w: w["view"].update(turn="three"),
        lambda w: w["view"].update(game="chess"),
        lambda w: w.update(outcome={"winners": [0], "reason": "r", "why": "?"}),
        lambda w: w["view"].update(phase="teatime"),
    ]
    for spoil in spoiled:
        wire = wire_of(game)
        spoil(wire)
        with pytest.raises(ValueError, match="not a viewer state"):
            decode(wire)


@pytest.mark.parametrize("game", ["munchkin", "wonderland"])
def test_one_audience_gives_each_viewer_what_its_own_view_gives(game: str) -> None:
    rules = ruleset(game)
    for n, state in enumerate(states(game, seed=5)):
        if n % 9:
            continue
        viewers = Audience(rules, state, VIEWERS)
        for seat in VIEWERS:
            alone = viewer_state(rules, state, seat)
            assert viewers.record(seat) == alone
            assert viewers.wire(seat) == msgspec.to_builtins(alone) == view_state(rules, state, seat)
        # the public parts are one object for everyone, spectators share one state
        assert viewers.wire(0)["view"]["players"] is viewers.wire(5)["view"]["players"]
        assert viewers.wire(None) is viewers.wire(None)


def test_the_public_view_is_built_once_for_six_seats_and_the_spectators(monkeypatch: pytest.MonkeyPatch) -> None:
    state = next(states("munchkin", seed=4))
    built: list[int] = []
    inner = munchkin_view._player

    def counting(state: Any, player: Any) -> Any:
        built.append(1)
        return inner(state, player)

    monkeypatch.setattr(munchkin_view, "_player", counting)
    viewers = Audience(ruleset("munchkin"), state, VIEWERS)
    for seat in VIEWERS:
        viewers.checksum(seat)
        viewers.wire(seat)
    assert len(built) == SEATS  # once per player, not once per player per viewer


@pytest.mark.parametrize("game", ["munchkin", "wonderland"])
def test_shared_diffs_are_the_diffs_protocol_diff_gives(game: str) -> None:
    rules = ruleset(game)
    held: dict[int | None, dict[str, Any]] = {}
    copies: dict[int | None, dict[str, Any]] = {}
    viewers: Audience | None = None
    for n, state in enumerate(states(game, seed=7, moves=200)):
        viewers = Audience(rules, state, VIEWERS, before=viewers)
        differ = Differ()
        for seat in VIEWERS:
            if n % 50 == 49 and seat == 2:
                held[seat] = copy.deepcopy(held[seat])  # a seat that holds another copy (a resync) is diffed whole
            new = viewers.wire(seat)
            if seat in held:
                changes = viewers.changes(seat, held[seat], differ)
                assert sorted(map(repr, changes)) == sorted(map(repr, p.diff(held[seat], new)))
                assert sorted(map(repr, Differ().diff(held[seat], new))) == sorted(map(repr, changes))
                # what a client does with them: its own copy ends up as the state, and the checksum holds
                p.apply_changes(copies[seat], msgpack.unpackb(msgpack.packb(changes), raw=False))
                assert p.checksum(copies[seat]) == viewers.checksum(seat)
            held[seat] = new
            copies[seat] = msgpack.unpackb(msgpack.packb(new), raw=False)


def test_a_viewer_state_names_its_fields_once() -> None:
    assert ViewerState.__struct_fields__ == ("view", "legal", "to_act", "turn", "outcome")


def test_a_public_part_that_did_not_change_keeps_its_wire_form_and_is_not_diffed() -> None:
    rules = ruleset("wonderland")
    first, second = list(states("wonderland", seed=2, moves=2))
    before = Audience(rules, first, VIEWERS)
    before.checksum(0)
    after = Audience(rules, second, VIEWERS, before=before)
    assert after.wire(3)["view"]["board"] is before.wire(0)["view"]["board"]  # one board, converted once a game
    changes = after.changes(0, before.wire(0), Differ())
    assert changes and not any(path[:2] == ["view", "board"] for path, *_ in changes)
    assert after.checksum(0) == p.checksum(after.record(0))


def test_what_did_not_change_is_the_very_object_of_the_state_before_and_every_checksum_holds() -> None:
    """The host hands the views a seat's legal list of the state before when it is equal, and the players' views
    are kept while the players are: both are then neither diffed nor encoded again, and the checksums hold."""
    rules = ruleset("munchkin")
    kept: dict[int, list[Any]] = {}

    def legal_in(state: Any) -> Callable[[int], list[Any]]:
        def legal(seat: int) -> list[Any]:
            wire = [a.to_wire() for a in rules.legal_actions(state, seat)]
            before = kept.get(seat)
            kept[seat] = before if before is not None and before == wire else wire
            return kept[seat]

        return legal

    viewers: Audience | None = None
    legal_kept = players_kept = 0
    for state in states("munchkin", seed=3, moves=200):
        before = viewers
        viewers = Audience(rules, state, VIEWERS, legal_in(state), before=before)
        for seat in VIEWERS:
            assert viewers.checksum(seat) == p.checksum(viewers.record(seat))
        if before is not None:
            legal_kept += viewers.legal(0) is before.legal(0)
            players_kept += viewers.views[None].players is before.views[None].players
    assert legal_kept and players_kept
