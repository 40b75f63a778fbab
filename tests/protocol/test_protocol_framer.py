"""The sans-I/O framer, byte by byte, without sockets."""

from __future__ import annotations

import struct

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doorkick.shared import messages
from doorkick.shared import protocol as p


def server_framer(max_frame: int = p.DEFAULT_MAX_FRAME) -> p.Framer:
    return p.Framer(p.CLIENT_MESSAGES, max_frame)


def frame_of(body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + body


HELLO = {"type": "hello", "protocol": 1, "app": "test", "name": "Alice", "id": 7}


def test_a_frame_fed_one_byte_at_a_time_gives_one_message() -> None:
    framer = server_framer()
    data = p.encode(HELLO)
    for i, byte in enumerate(data):
        framer.receive_data(bytes([byte]))
        if i < len(data) - 1:
            assert framer.events_received() == []
    (event,) = framer.events_received()
    assert event == p.Message("hello", {"protocol": 1, "app": "test", "name": "Alice"}, 7)


def test_several_frames_in_one_chunk_come_out_in_order() -> None:
    framer = server_framer()
    framer.receive_data(p.encode({"type": "ping"}) + p.encode(HELLO) + p.encode({"type": "leave"})[:3])
    assert [e.type for e in framer.events_received() if isinstance(e, p.Message)] == ["ping", "hello"]
    framer.receive_data(p.encode({"type": "leave"})[3:])
    assert [e.type for e in framer.events_received() if isinstance(e, p.Message)] == ["leave"]


def test_length_prefix_is_big_endian() -> None:
    data = p.encode({"type": "ping"})
    assert data[:4] == len(data[4:]).to_bytes(4, "big")
    assert msgpack.unpackb(data[4:]) == {"type": "ping"}


def test_an_oversized_frame_is_fatal_and_stops_parsing() -> None:
    framer = server_framer(max_frame=100)
    framer.receive_data(struct.pack(">I", 101))
    (event,) = framer.events_received()
    assert isinstance(event, p.ProtocolError) and event.fatal and event.code == p.FRAME_TOO_LARGE
    framer.receive_data(p.encode({"type": "ping"}))
    assert framer.events_received() == []


def test_garbage_bytes_read_as_a_huge_length_are_fatal() -> None:
    framer = server_framer()
    framer.receive_data(b"GET / HTTP/1.1\r\n\r\n")
    (event,) = framer.events_received()
    assert isinstance(event, p.ProtocolError) and event.fatal


def test_a_frame_that_is_not_msgpack_is_an_error_but_the_stream_goes_on() -> None:
    framer = server_framer()
    framer.receive_data(frame_of(b"\xc1\xc1\xc1") + p.encode({"type": "ping"}))
    bad, good = framer.events_received()
    assert isinstance(bad, p.ProtocolError) and bad.code == p.BAD_MSGPACK and not bad.fatal
    assert good == p.Message("ping")


@pytest.mark.parametrize(
    ("body", "code"),
    [
        (msgpack.packb([1, 2, 3]), p.NOT_A_MAP),
        (msgpack.packb({"hello": 1}), p.MISSING_TYPE),
        (msgpack.packb({"type": "launch_missiles"}), p.UNKNOWN_TYPE),
        (msgpack.packb({"type": 5}), p.BAD_FIELD),
        (msgpack.packb({"type": "hello", "protocol": "1", "app": "a", "name": "n"}), p.BAD_FIELD),
        (msgpack.packb({"type": "hello", "protocol": True, "app": "a", "name": "n"}), p.BAD_FIELD),
        (msgpack.packb({"type": "hello", "app": "a", "name": "n"}), p.BAD_FIELD),
        (msgpack.packb({"type": "chat", "text": "x" * 301}), p.BAD_FIELD),
        (msgpack.packb({"type": "ping", "id": [1]}), p.BAD_FIELD),
        (msgpack.packb({"type": "ping"}) + b"\x00", p.BAD_MSGPACK),  # trailing bytes inside the frame
        (b"\xd6\xff\x00\x00\x00\x01", p.BAD_MSGPACK),  # a timestamp ext
        (b"\xd4\x01\x02", p.BAD_MSGPACK),  # any other ext
        (b"\xc4\x01a", p.BAD_MSGPACK),  # bin
        (b"\x81\x01\x02", p.BAD_MSGPACK),  # int map key
        (b"\xa2\xff\xfe", p.BAD_MSGPACK),  # invalid UTF-8
        (b"\x91" * 100 + b"\xc0", p.BAD_MSGPACK),  # nested too deep
        (b"\x91" * 100_000 + b"\xc0", p.BAD_MSGPACK),  # nested far too deep for the unpacker itself
        (b"\xdd\xff\xff\xff\xff", p.BAD_MSGPACK),  # an array claiming 4 billion items
        (b"", p.BAD_MSGPACK),
    ],
)
def test_bad_frames_are_recorded_never_raised(body: bytes, code: str) -> None:
    framer = server_framer()
    framer.receive_data(frame_of(body))
    (event,) = framer.events_received()
    assert isinstance(event, p.ProtocolError)
    assert event.code == code
    assert not event.fatal


def test_an_error_keeps_the_request_id_when_it_could_be_read() -> None:
    framer = server_framer()
    framer.receive_data(p.encode({"type": "nonsense", "id": "r1"}))
    (event,) = framer.events_received()
    assert isinstance(event, p.ProtocolError) and event.id == "r1"


def test_a_truncated_frame_at_eof_is_recorded() -> None:
    framer = server_framer()
    framer.receive_data(p.encode(HELLO)[:-2])
    framer.receive_eof()
    (event,) = framer.events_received()
    assert isinstance(event, p.ProtocolError) and event.code == p.TRUNCATED_FRAME


def test_a_clean_eof_records_nothing() -> None:
    framer = server_framer()
    framer.receive_data(p.encode(HELLO))
    framer.events_received()
    framer.receive_eof()
    assert framer.events_received() == []


def test_unknown_extra_fields_are_ignored() -> None:
    framer = server_framer()
    framer.receive_data(p.encode({"type": "ready", "ready": True, "colour_of_socks": "red"}))
    assert framer.events_received() == [p.Message("ready", {"ready": True})]


def test_sent_messages_come_out_as_frames_once() -> None:
    framer = p.Framer(p.SERVER_MESSAGES)
    framer.send(p.message("pong", 3))
    framer.send(p.message("ok", seq=4))
    data = framer.data_to_send()
    assert framer.data_to_send() == b""
    reader = p.Framer(p.SERVER_MESSAGES)
    reader.receive_data(data)
    assert reader.events_received() == [p.Message("pong", {}, 3), p.Message("ok", {"seq": 4})]


def test_a_frame_exactly_at_the_limit_is_accepted() -> None:
    body = msgpack.packb({"type": "chat", "text": "x"})
    framer = server_framer(max_frame=len(body))
    framer.receive_data(frame_of(body))
    assert framer.events_received() == [p.Message("chat", {"text": "x"})]


def test_canonical_bytes_ignore_key_order() -> None:
    assert p.canonical({"b": 1, "a": {"d": 2, "c": 3}}) == p.canonical({"a": {"c": 3, "d": 2}, "b": 1})
    assert p.checksum({"b": 1, "a": 2}) == p.checksum({"a": 2, "b": 1})
    wide = {"list": list(range(70_000)), **{f"k{i}": [i] * 20 for i in range(70_000, 0, -1)}}  # 32-bit headers
    assert p.canonical(wide) == msgpack.packb(_key_sorted(wide), use_bin_type=True)


def _key_sorted(value: object) -> object:
    """docs/protocol.md's canonical form spelled out: a copy with every map's keys sorted (by code point, which
    is UTF-8 byte order), to be packed by msgpack-python."""
    if isinstance(value, dict):
        return {k: _key_sorted(value[k]) for k in sorted(value)}
    if isinstance(value, list | tuple):
        return [_key_sorted(v) for v in value]
    return value


_SCALARS = (
    st.none() | st.booleans() | st.integers(-(2**63), 2**64 - 1) | st.floats(allow_nan=False) | st.text(max_size=300)
)
_WIRE = st.recursive(
    _SCALARS,
    lambda inner: st.lists(inner, max_size=20) | st.tuples(inner, inner) | st.dictionaries(st.text(max_size=12), inner),
    max_leaves=60,
)


@settings(max_examples=300, deadline=None)
@given(_WIRE)
def test_canonical_bytes_are_those_of_msgpack_python_for_the_key_sorted_value(value: object) -> None:
    assert p.canonical(value) == msgpack.packb(_key_sorted(value), use_bin_type=True)


def test_diff_then_apply_rebuilds_the_new_state() -> None:
    old = {"hand": ["a", "b"], "players": {"0": {"level": 1, "name": "A"}}, "gone": 1, "n": 1}
    new = {"hand": ["a"], "players": {"0": {"level": 2, "name": "A"}, "1": {"level": 1}}, "n": 1.0}
    changes = p.diff(old, new)
    assert [["players", "0", "name"]] not in [c[:1] for c in changes if len(c) == 2]
    rebuilt = p.apply_changes(msgpack.unpackb(msgpack.packb(old)), changes)
    assert rebuilt == new and p.checksum(rebuilt) == p.checksum(new)
    assert isinstance(rebuilt["n"], float)


def test_apply_changes_refuses_malformed_changes() -> None:
    with pytest.raises(ValueError):
        p.apply_changes({}, [["not a path", 1]])
    with pytest.raises(ValueError):
        p.apply_changes({}, [[[], 1]])


def test_a_frame_with_more_values_than_allowed_is_refused_without_closing() -> None:
    framer = p.Framer(p.CLIENT_MESSAGES, p.CLIENT_MAX_FRAME, max_items=100)
    body = msgpack.packb({"type": "ping", "junk": [[] for _ in range(200)]})
    framer.receive_data(struct.pack(">I", len(body)) + body + p.encode({"type": "ping"}))
    refused, ping = framer.events_received()
    assert isinstance(refused, p.ProtocolError) and refused.code == p.FRAME_TOO_COMPLEX and not refused.fatal
    assert isinstance(ping, p.Message) and ping.type == "ping"


def test_integral_floats_become_ints_where_the_framer_is_told_so() -> None:
    body = msgpack.packb({"type": "create_table", "game": "dice", "seats": 3.0, "options": {"a": [1.0, 2.5]}})
    host, other = p.Framer(p.CLIENT_MESSAGES, whole_floats=True), p.Framer(p.CLIENT_MESSAGES)
    host.receive_data(struct.pack(">I", len(body)) + body)
    other.receive_data(struct.pack(">I", len(body)) + body)
    (made,) = host.events_received()
    assert isinstance(made, p.Message) and made.get("seats") == 3 and type(made.get("seats")) is int
    assert made.get("options") == {"a": [1, 2.5]} and type(made.get("options")["a"][0]) is int
    (kept,) = other.events_received()
    assert isinstance(kept, p.ProtocolError) and kept.code == p.BAD_FIELD  # seats must be an int


def test_an_unknown_msgpack_byte_gets_a_message_that_names_it() -> None:
    framer = server_framer()
    framer.receive_data(struct.pack(">I", 1) + b"\xc1")
    (error,) = framer.events_received()
    assert isinstance(error, p.ProtocolError) and error.code == p.BAD_MSGPACK and "0xc1" in error.reason


_FIELD_NAMES = sorted({name for record in p.CLIENT_MESSAGES.values() for name in p.fields_of(record)} | {"id", "junk"})
_CLIENT_FRAMES = st.dictionaries(st.sampled_from(_FIELD_NAMES), _WIRE, max_size=6).flatmap(
    lambda fields: st.sampled_from(sorted(p.CLIENT_MESSAGES)).map(lambda kind: {"type": kind, **fields})
)


@settings(max_examples=500, deadline=None)
@given(_CLIENT_FRAMES)
def test_the_one_pass_read_agrees_with_the_careful_one_whenever_it_answers(value: dict[str, object]) -> None:
    body = msgpack.packb(value, use_bin_type=True)
    host = p.Framer(p.CLIENT_MESSAGES, p.CLIENT_MAX_FRAME, max_items=p.CLIENT_MAX_ITEMS, whole_floats=True)
    fast, careful = host._fast(body), host._careful(body)
    if fast is not None:
        assert isinstance(careful, p.Message)
        assert (fast.type, fast.fields, fast.id) == (careful.type, careful.fields, careful.id)
        assert fast.record == careful.record


def test_a_message_carries_its_typed_record() -> None:
    framer = server_framer()
    framer.receive_data(p.encode({"type": "join_table", "table": "t1", "seat": None, "id": 3}))
    (joined,) = framer.events_received()
    assert isinstance(joined, p.Message) and joined.fields == {"table": "t1", "seat": None}  # sent as nil: kept
    assert joined.record == messages.JoinTable(table="t1", seat=None, id=3)


def test_a_nil_id_is_no_id() -> None:
    framer = server_framer()
    framer.receive_data(p.encode({"type": "ping", "id": None}))
    assert framer.events_received() == [p.Message("ping")]


def _nested(depth: int) -> object:
    value: object = []
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize("junk", [msgpack.ExtType(1, b"x"), b"bytes", {1: "int key"}, _nested(p.MAX_DEPTH + 1)])
def test_a_field_no_record_knows_is_ignored_only_if_it_is_plain_data(junk: object) -> None:
    framer = server_framer()
    framer.receive_data(frame_of(msgpack.packb({"type": "ready", "ready": True, "junk": junk}, use_bin_type=True)))
    (refused,) = framer.events_received()
    assert isinstance(refused, p.ProtocolError) and refused.code == p.BAD_MSGPACK
