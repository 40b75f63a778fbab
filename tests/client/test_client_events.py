"""Events from a host reach the scenes as typed records, decoded once where they arrive (`NetSession`); one the
client cannot read costs its log line and a warning, never the game."""

from __future__ import annotations

from typing import Any

import pytest
from client_support import StandInLink

from doorkick.client.session import NetSession, state_for
from doorkick.shared import protocol
from doorkick.shared.rules.base import SeatSetup
from doorkick.shared.rules.munchkin.events import Drew, Level
from doorkick.shared.rules.registry import ruleset


def seated_session() -> tuple[NetSession, StandInLink, dict[str, Any]]:
    engine = ruleset("munchkin")
    state = engine.new_game(tuple(SeatSetup(n) for n in ("Alice", "Bob", "Carol")), 3)
    connection = StandInLink()
    session = NetSession(connection, "munchkin", "t1", 0)
    wire = state_for(engine, state, 0)
    session.absorb(
        protocol.Message(protocol.SNAPSHOT, {"table": "t1", "seat": 0, "seq": 0, "state": wire, "checksum": 0})
    )
    session.pump(0)
    return session, connection, wire


def update(wire: dict[str, Any], events: list[Any]) -> protocol.Message:
    fields = {"table": "t1", "seat": 0, "seq": 1, "events": events, "changes": [], "checksum": protocol.checksum(wire)}
    return protocol.Message(protocol.UPDATE, fields)


def test_the_hosts_events_arrive_as_the_records_they_were_told_as() -> None:
    session, connection, wire = seated_session()
    drew = Drew(seat=0, deck="door", count=1, cards=["elf#1"], seen_by=frozenset({0}))
    level = Level(seat=1, level=2, change=1)
    session.absorb(update(wire, [drew.for_seat(0), level.for_seat(0)]))
    happened = session.pump(0)
    assert [h.event for h in happened if h.kind == "event"] == [drew.told(0), level]
    assert happened[-1].kind == "state" and not connection.sent


def test_an_event_the_client_cannot_read_costs_its_line_and_a_warning(caplog: pytest.LogCaptureFixture) -> None:
    session, _, wire = seated_session()
    level = Level(seat=1, level=2, change=1)
    unreadable = [{"type": "teleported", "seat": 1}, {"type": "level", "seat": 1, "level": "high", "change": 1}]
    session.absorb(update(wire, [*unreadable, level.for_seat(0)]))
    happened = session.pump(0)
    assert [h.event for h in happened if h.kind == "event"] == [level]
    assert happened[-1].kind == "state", "the game goes on"
    assert "unknown munchkin event type 'teleported'" in caplog.text
    assert "level.level: expected int, got 'high'" in caplog.text
