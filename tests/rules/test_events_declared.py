"""Every event the engines emit is a record its game declares (`shared/rules/*/events.py`): whole random games
of both games, with every pack and option that adds events, are read back from each viewer's wire form strictly,
and come back as the very record that viewer was told. A malformed or unknown event is refused in words."""

from __future__ import annotations

import typing
from typing import Any

import msgspec
import pytest

from doorkick.shared.bots.easy import EasyBot
from doorkick.shared.events import decode
from doorkick.shared.rules.base import Event, SeatSetup
from doorkick.shared.rules.munchkin.events import MunchkinEvent
from doorkick.shared.rules.registry import ruleset
from doorkick.shared.rules.rng import Rng
from doorkick.shared.rules.wonderland.events import WonderlandEvent
from doorkick.shared.simulate import next_action

UNIONS: dict[str, Any] = {"munchkin": MunchkinEvent, "wonderland": WonderlandEvent}
ALL_PACKS = ("core", "epic", "fairy-dust", "christmas")
# (packs, options) of the tables played: each pack and option that brings events of its own
TABLES: dict[str, list[tuple[tuple[str, ...], dict[str, Any] | None]]] = {
    "munchkin": [
        ((), None),
        (ALL_PACKS, {"epic": True, "win_level": 20, "fairy_dust_on_top": True}),
        (ALL_PACKS, {"listening_at_the_door": True, "shared_victory": True, "rulings_001": True}),
    ],
    "wonderland": [((), None)],
}


def games(game: str, count: int) -> typing.Iterator[tuple[list[Event], int]]:
    """The events of every action of `count` random games at each of the game's tables, and the seats."""
    engine = ruleset(game)
    for packs, options in TABLES[game]:
        for seed in range(count):
            players = 3 + seed % 4
            seats = tuple(SeatSetup(f"Bot {i}", "female" if i % 2 else "male") for i in range(players))
            state = engine.new_game(seats, seed, packs, options)
            bots = [EasyBot(seed * 1000 + i) for i in range(players)]
            chooser = Rng.from_seed(seed ^ 0x5EED)

            def choose(state: Any, seat: int, bots: list[EasyBot] = bots) -> Any:
                return bots[seat].choose(engine, state, seat)

            for _ in range(6000):
                if engine.outcome(state) is not None:
                    break
                action, chooser = next_action(engine, state, chooser, choose)
                if action is None:
                    break
                state, events = engine.apply(state, action)
                yield events, players


@pytest.mark.parametrize("game", sorted(UNIONS))
def test_every_event_of_random_games_is_declared_and_reads_back_as_each_viewer_was_told(game: str) -> None:
    declared = set(typing.get_args(UNIONS[game]))
    seen: set[type[Event]] = set()
    for events, players in games(game, 5):
        for event in events:
            assert type(event) in declared, f"{event.kind} is not declared for {game}"
            seen.add(type(event))
            # a public event is told alike to all: the spectator's form stands for everyone's
            for viewer in (None,) if event.seen_by is None else (*range(players), None):
                told = event.told(viewer)
                assert told.seen_by is None, "the wire form never says who sees the secret"
                wire = msgspec.msgpack.decode(msgspec.msgpack.encode(event.for_seat(viewer)))
                assert decode(wire, game) == told
    assert len(seen) > len(declared) // 2, f"the games met too few kinds of event: {len(seen)} of {len(declared)}"


@pytest.mark.parametrize("game", sorted(UNIONS))
def test_a_secret_is_told_only_to_its_audience(game: str) -> None:
    told_secrets = 0
    for events, players in games(game, 2):
        for event in (e for e in events if e.seen_by is not None):
            for viewer in (*range(players), None):
                told = event.told(viewer)
                secrets = [getattr(told, name) for name in type(event).SECRET]
                if viewer in event.audience:
                    assert secrets == [getattr(event, name) for name in type(event).SECRET]
                    told_secrets += 1
                else:
                    assert all(value is msgspec.UNSET for value in secrets), (event.kind, viewer)
                    assert not set(type(event).SECRET) & set(event.for_seat(viewer)), (event.kind, viewer)
    assert told_secrets > 0


def test_a_face_up_draw_shows_its_cards_to_everyone() -> None:
    from doorkick.shared.rules.munchkin.events import Drew

    drew = Drew(seat=1, deck="treasure", count=1, cards=["sword"])
    assert drew.told(None) is drew and drew.for_seat(2) == {
        "type": "drew",
        "seat": 1,
        "deck": "treasure",
        "count": 1,
        "cards": ["sword"],
    }


@pytest.mark.parametrize(
    ("wire", "said"),
    [
        ({"type": "teleported", "seat": 1}, "unknown munchkin event type 'teleported'"),
        ({"seat": 1}, "event: missing field 'type'"),
        ({"type": "level", "seat": 0, "level": "5", "change": 1}, "level.level: expected int, got '5'"),
        ({"type": "level", "seat": 0, "level": 5}, "level: missing field 'change'"),
        ({"type": "level", "seat": 0, "level": 5, "change": 1, "extra": 2}, "level: unknown field 'extra'"),
        ({"type": "drew", "seat": 0, "deck": "attic", "count": 1}, "drew.deck: invalid enum value 'attic'"),
        ({"type": "escaped", "seat": 0, "monster": 0, "how": True}, "escaped.how: expected str, got True"),
        ({"type": "drew", "seat": 0, "deck": "door", "count": 1, "seen_by": [0]}, "drew: 'seen_by' is the host's"),
    ],
)
def test_decoding_refuses_a_malformed_or_unknown_event_in_words(wire: dict[str, Any], said: str) -> None:
    with pytest.raises(ValueError, match="^" + said.replace("(", r"\(").replace(")", r"\)")):
        decode(wire, "munchkin")


def test_decoding_reads_events_of_the_game_named() -> None:
    wire = {"type": "rolled", "seat": 1, "die": 4, "for": "move", "seed": 7}
    assert decode(wire, "wonderland").kind == "rolled"
    with pytest.raises(ValueError, match="unknown munchkin event type 'rolled'"):
        decode(wire, "munchkin")
    with pytest.raises(ValueError, match="no events are known for the game 'chess'"):
        decode(wire, "chess")
