"""The wire protocol: message types, the msgpack codec, and a sans-I/O length-prefixed framer that checks each frame
against its message's record (shared/messages.py).

A frame is a 4-byte big-endian length followed by that many bytes holding one msgpack map with a `type`
field. The `Framer` never touches a socket: feed it bytes with `receive_data`, take parsed messages (and any
problems, recorded rather than raised) from `events_received`, queue messages with `send` and hand the bytes
of `data_to_send` to whatever transport there is. docs/protocol.md describes every message for other clients.
"""

from __future__ import annotations

import struct
import typing
import zlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

import msgpack
import msgspec
from msgspec import UNSET

from .messages import MAX_CHAT_LENGTH as MAX_CHAT_LENGTH
from .messages import MAX_ID_LENGTH as MAX_ID_LENGTH
from .messages import MAX_NAME_LENGTH as MAX_NAME_LENGTH
from .messages import ClientMessage, HostMessage, Record
from .records import explain

PROTOCOL_VERSION: Final = 1
DEFAULT_MAX_FRAME: Final = 1 << 20
HEADER: Final = struct.Struct(">I")
MAX_DEPTH: Final = 64  # nesting of lists and maps; views are shallow, so deeper is hostile
# A menu opened with less time than this left on a pass clock gets this long, once per clock (`hold`), so
# the warning a client shows over it always comes this long before the end (R01).
HOLD_SECONDS: Final = 4.0
# What the host accepts from a client: requests are small, so a big or busy frame can only be an attack on the
# host's time (decoding a 1 MiB frame of empty lists creates a million objects).
CLIENT_MAX_FRAME: Final = 64 * 1024
CLIENT_MAX_ITEMS: Final = 4096  # values (scalars, lists, maps and keys) in one frame

Wire = Any  # None, bool, int, float, str, lists and string-keyed maps of those

# Message types. Client to server:
HELLO: Final = "hello"
PING: Final = "ping"
PONG: Final = "pong"
LIST_TABLES: Final = "list_tables"
CREATE_TABLE: Final = "create_table"
JOIN_TABLE: Final = "join_table"
RESUME: Final = "resume"
WATCH: Final = "watch"
SET_PLAYER: Final = "set_player"
SET_TABLE: Final = "set_table"
READY: Final = "ready"
START: Final = "start"
LEAVE: Final = "leave"
CHAT: Final = "chat"
ACTION: Final = "action"
RESYNC: Final = "resync"
HOLD: Final = "hold"
GET_PACK: Final = "get_pack"
GET_PICTURE: Final = "get_picture"
CONTRIBUTE: Final = "contribute"
# Server to client (besides ping, pong and chat, which go both ways):
WELCOME: Final = "welcome"
ERROR: Final = "error"
OK: Final = "ok"
TABLES: Final = "tables"
TABLE: Final = "table"
SEATED: Final = "seated"
WATCHING: Final = "watching"
LEFT: Final = "left"
SNAPSHOT: Final = "snapshot"
UPDATE: Final = "update"
TIMER: Final = "timer"
PACK: Final = "pack"
PICTURE: Final = "picture"
COMMIT: Final = "commit"
REVEAL: Final = "reveal"

# Error codes the framer itself records; the server adds its own (see docs/protocol.md).
FRAME_TOO_LARGE: Final = "frame_too_large"
TRUNCATED_FRAME: Final = "truncated_frame"
BAD_MSGPACK: Final = "bad_msgpack"
NOT_A_MAP: Final = "not_a_map"
MISSING_TYPE: Final = "missing_type"
UNKNOWN_TYPE: Final = "unknown_type"
BAD_FIELD: Final = "bad_field"
FRAME_TOO_COMPLEX: Final = "frame_too_complex"

_MSGPACK_PROBLEMS: Final = {  # msgpack's own messages are empty for these
    "FormatError": "a byte that starts no msgpack value (0xc1, or a bin or ext type)",
    "StackError": "nested too deep",
    "ExtraData": "bytes left after the map",
}


# Every message's record, by its `type`, for each direction: what a Framer accepts (shared/messages.py).
Accept = Mapping[str, type[Record]]


def _by_type(union: Any) -> dict[str, type[Record]]:
    return {record.__struct_config__.tag: record for record in typing.get_args(union)}


CLIENT_MESSAGES: Final[Accept] = _by_type(ClientMessage)
SERVER_MESSAGES: Final[Accept] = _by_type(HostMessage)


def fields_of(record: type[Record]) -> tuple[str, ...]:
    """The wire names of a message's own fields (every message may also carry `id`)."""
    return tuple(f.encode_name for f in msgspec.structs.fields(record) if f.name != "id")


def _holds_any(info: Any) -> bool:
    """Whether a msgspec type (`msgspec.inspect`) lets anything through somewhere inside."""
    if isinstance(info, msgspec.inspect.AnyType):
        return True
    if isinstance(info, tuple):
        return any(_holds_any(i) for i in info)
    if isinstance(info, msgspec.inspect.Type):
        return any(_holds_any(v) for v in msgspec.structs.astuple(info))
    return False


def _struct_info(record: type[Record]) -> msgspec.inspect.StructType:
    info = msgspec.inspect.type_info(record)
    assert isinstance(info, msgspec.inspect.StructType)
    return info


_RECORDS: Final = (*CLIENT_MESSAGES.values(), *SERVER_MESSAGES.values())
# each record's fields by their wire names (`from` is a Python keyword), in order, `id` among them
_WIRE_NAMES: Final = {record: tuple(f.encode_name for f in msgspec.structs.fields(record)) for record in _RECORDS}
# the fields whose values no type bounds (an action, options, a view): checked as plain data after decoding
_LOOSE: Final = {
    record: tuple(f.name for f in _struct_info(record).fields if _holds_any(f.type)) for record in _RECORDS
}


@dataclass(frozen=True)
class Message:
    """A well-formed message: its type, its fields as sent (without `type` and `id`), its request id and its
    typed record (shared/messages.py; None for a message made by hand, as tests do)."""

    type: str
    fields: dict[str, Wire] = field(default_factory=dict)
    id: int | str | None = None
    record: Record | None = field(default=None, compare=False, repr=False)

    def get(self, name: str, default: Wire = None) -> Wire:
        return self.fields.get(name, default)


@dataclass(frozen=True)
class ProtocolError:
    """Something wrong with what arrived. A fatal one means the byte stream can no longer be trusted."""

    code: str
    reason: str
    fatal: bool = False
    id: int | str | None = None


Received = Message | ProtocolError


def encode(message: Mapping[str, Wire]) -> bytes:
    """One frame: length prefix and the msgpack body."""
    body = _ENCODER.encode(message)
    return HEADER.pack(len(body)) + body


# The bytes of msgpack-python's `packb(use_bin_type=True)` (maps in their own order, the smallest form of each
# integer, floats in 64 bits), made in about half the time: the host encodes one update per seat per move.
_ENCODER: Final = msgspec.msgpack.Encoder()


def encode_value(value: Any) -> bytes:
    """The msgpack bytes of one value as frames carry it: a part encoded once for many frames (`msgspec.Raw`)."""
    return _ENCODER.encode(value)


def array_header(count: int) -> bytes:
    """The msgpack header of an array of `count` items, in the shortest form (as any encoder writes it)."""
    if count < 16:
        return bytes((0x90 | count,))
    if count < 0x10000:
        return b"\xdc" + count.to_bytes(2, "big")
    return b"\xdd" + count.to_bytes(4, "big")


def array_items(encoded: bytes) -> bytes:
    """The items of an encoded msgpack array without its header: arrays encoded apart, joined into one behind
    `array_header` of their counts together, make the bytes of the one array of all their items."""
    first = encoded[0]
    if 0x90 <= first <= 0x9F:
        return encoded[1:]
    return encoded[3:] if first == 0xDC else encoded[5:]


def encode_items(items: list[Any]) -> bytes:
    """`array_items` of the encoded list."""
    return array_items(_ENCODER.encode(items))


def message(type_: str, id_: int | str | None = None, **fields: Wire) -> dict[str, Wire]:
    """A message map ready for `encode`; the id is included only when the request had one."""
    out: dict[str, Wire] = {"type": type_, **fields}
    if id_ is not None:
        out["id"] = id_
    return out


# msgspec's sorted order writes exactly what msgpack-python's `packb(use_bin_type=True)` writes for a key-sorted
# copy of a value (docs/protocol.md's definition), in one pass in C and without the copy: the checksum of every
# seat's state on every update was the costliest part of the host's work (issue 17).
_CANONICAL: Final = msgspec.msgpack.Encoder(order="sorted")


def canonical(value: Wire) -> bytes:
    """The msgpack bytes of `value` with every map's keys sorted: one value, one byte string."""
    return _CANONICAL.encode(value)


def checksum(value: Wire) -> int:
    """CRC-32 of the canonical bytes: what a client compares after applying an update."""
    return zlib.crc32(canonical(value))


def _reject_ext(code: int, data: bytes) -> Any:
    raise ValueError(f"ext type {code} is not allowed")


_SCALARS: Final = frozenset({str, int, bool, type(None)})


def _check_plain(value: Wire, max_items: int | None = None, depth: int = 0) -> tuple[ProtocolError | None, bool]:
    """Why `value` (found `depth` deep in a frame) is not plain protocol data (nil, bool, int, float, str, list,
    str-keyed map) or holds more than `max_items` values (keys count), or None; and whether it holds a float.
    One nesting level at a time: a frame is wide rather than deep, and a step per value is the cost here."""
    level: list[Wire] = [value]
    items = 0
    floats = False
    while level:
        if depth > MAX_DEPTH:
            return ProtocolError(BAD_MSGPACK, f"nested deeper than {MAX_DEPTH}"), floats
        inner: list[Wire] = []
        for item in level:
            kind = type(item)
            if kind is dict:
                items += len(item)
                if not all(type(k) is str for k in item):
                    return ProtocolError(BAD_MSGPACK, "a map's keys are strings"), floats
                inner.extend(item.values())
            elif kind is list:
                inner.extend(item)
            elif kind is float:
                floats = True
            elif kind not in _SCALARS:
                return ProtocolError(BAD_MSGPACK, f"{kind.__name__} values are not allowed"), floats
        items += len(level)
        if max_items is not None and items + len(inner) > max_items:
            return ProtocolError(FRAME_TOO_COMPLEX, f"more than {max_items} values in one frame"), floats
        level = inner
        depth += 1
    return None, floats


def whole_numbers(value: Wire) -> Wire:
    """`value` with every integral float (3.0) made an int (3): a JavaScript client cannot tell them apart, so
    the host must not keep the difference (it would reach the state, and every checksum would differ)."""
    if isinstance(value, float):
        return int(value) if value.is_integer() else value
    if isinstance(value, dict):
        return {k: whole_numbers(v) for k, v in value.items()}
    if isinstance(value, list):
        return [whole_numbers(v) for v in value]
    return value


class Framer:
    """Sans-I/O protocol state for one connection: bytes in, messages out; messages in, bytes out."""

    def __init__(
        self,
        accept: Accept,
        max_frame: int = DEFAULT_MAX_FRAME,
        max_items: int | None = None,
        whole_floats: bool = False,
    ) -> None:
        """`max_items` bounds the values of one decoded frame (None: only `max_frame` does); `whole_floats`
        turns integral floats into ints (what the host does with everything a client sends)."""
        self.accept = accept
        self._decoder = msgspec.msgpack.Decoder(typing.Union[tuple(accept.values())])  # noqa: UP007
        self.max_frame = max_frame
        self.max_items = max_items
        self.whole_floats = whole_floats
        self._buffer = bytearray()
        self._events: list[Received] = []
        self._outgoing = bytearray()
        self.closed_by_error: ProtocolError | None = None  # after a fatal error nothing more is parsed
        self.frames_received = 0

    # -- receiving ------------------------------------------------------------------------------------
    def receive_data(self, data: bytes) -> None:
        """Take bytes from the transport; complete frames become events."""
        if self.closed_by_error is not None:
            return
        self._buffer += data
        while self.closed_by_error is None and len(self._buffer) >= HEADER.size:
            (length,) = HEADER.unpack_from(self._buffer)
            if length > self.max_frame:
                self._fail(FRAME_TOO_LARGE, f"frame of {length} bytes exceeds the limit of {self.max_frame}")
                return
            if len(self._buffer) < HEADER.size + length:
                return
            body = bytes(self._buffer[HEADER.size : HEADER.size + length])
            del self._buffer[: HEADER.size + length]
            self.frames_received += 1
            self._events.append(self._parse(body))

    def receive_eof(self) -> None:
        """The peer closed; a partial frame left in the buffer is an error worth recording."""
        if self.closed_by_error is None and self._buffer:
            self._fail(TRUNCATED_FRAME, f"closed with {len(self._buffer)} bytes of an unfinished frame")

    def events_received(self) -> list[Received]:
        """Messages and problems since the last call, in arrival order."""
        events, self._events = self._events, []
        return events

    def _fail(self, code: str, reason: str) -> None:
        error = ProtocolError(code, reason, fatal=True)
        self.closed_by_error = error
        self._buffer.clear()
        self._events.append(error)

    def _parse(self, body: bytes) -> Received:
        return self._fast(body) or self._careful(body)

    def _fast(self, body: bytes) -> Message | None:
        """A well-formed frame read straight into its record in one pass in C; None if anything is off or
        cannot be told so cheaply (`_careful` then says what). Fields no record declares are skipped unread."""
        if self.max_items is not None and len(body) > self.max_items:
            return None  # every value takes a byte at least: a frame this short cannot hold too many
        try:
            record = self._decoder.decode(body)
        except (msgspec.DecodeError, RecursionError):  # a ValidationError is a DecodeError
            return None
        for name in _LOOSE[type(record)]:
            value = getattr(record, name)
            if value is UNSET:
                continue
            problem, floats = _check_plain(value, self.max_items, depth=1)
            if problem is not None or (floats and self.whole_floats):
                return None
        message = _message(record)
        if _map_size(body) != 1 + len(message.fields) + (record.id is not UNSET):
            return None  # fields the record does not know (or one twice): `_careful` checks them as plain data
        return message

    def _careful(self, body: bytes) -> Received:
        limit = self.max_frame
        entries = min(limit, 65_536, self.max_items or 65_536)
        try:
            value = msgpack.unpackb(
                body,
                raw=False,
                strict_map_key=True,
                use_list=True,
                ext_hook=_reject_ext,
                max_str_len=limit,
                max_bin_len=0,
                max_array_len=entries,
                max_map_len=entries,
                max_ext_len=0,
            )
        except (ValueError, msgpack.UnpackException) as exc:  # ExtraData, StackError, UnicodeDecodeError...
            if self.max_items is not None and ("exceeds max_array_len" in str(exc) or "max_map_len" in str(exc)):
                return ProtocolError(FRAME_TOO_COMPLEX, f"a list or map of more than {entries} entries")
            detail = str(exc) or _MSGPACK_PROBLEMS.get(type(exc).__name__, type(exc).__name__)
            return ProtocolError(BAD_MSGPACK, f"not a msgpack value: {detail}"[:200])
        problem, floats = _check_plain(value, self.max_items)
        if problem is not None:
            return problem
        if floats and self.whole_floats:
            value = whole_numbers(value)
        if not isinstance(value, dict):
            return ProtocolError(NOT_A_MAP, f"a frame holds a map, not {type(value).__name__}")
        return to_message(value, self.accept)

    # -- sending --------------------------------------------------------------------------------------
    def send(self, message: Mapping[str, Wire]) -> None:
        self._outgoing += encode(message)

    def data_to_send(self) -> bytes:
        data, self._outgoing = bytes(self._outgoing), bytearray()
        return data


def _map_size(body: bytes) -> int:
    """How many entries the msgpack map at the start of `body` says it has (-1: it is no map)."""
    first = body[0]
    if 0x80 <= first <= 0x8F:
        return first & 0x0F
    if first in (0xDE, 0xDF):
        return int.from_bytes(body[1 : 3 if first == 0xDE else 5], "big")
    return -1


def _request_id(value: Mapping[str, Wire]) -> tuple[int | str | None, str | None]:
    raw = value.get("id")
    if raw is None:
        return None, None
    if isinstance(raw, bool) or not isinstance(raw, int | str):
        return None, "id must be an int or a str"
    if isinstance(raw, str) and len(raw) > MAX_ID_LENGTH:
        return None, f"id longer than {MAX_ID_LENGTH} characters"
    return raw, None


def to_message(value: Mapping[str, Wire], accept: Accept) -> Received:
    """A decoded map read as the record its `type` names (msgspec checks the fields against it). Fields the
    record does not declare are ignored (forward compatibility); missing or mistyped known ones are errors."""
    request_id, id_problem = _request_id(value)
    if id_problem is not None:
        return ProtocolError(BAD_FIELD, id_problem)
    kind = value.get("type")
    if kind is None:
        return ProtocolError(MISSING_TYPE, "every message needs a 'type' field", id=request_id)
    if not isinstance(kind, str):
        return ProtocolError(BAD_FIELD, "'type' must be a str", id=request_id)
    record_type = accept.get(kind)
    if record_type is None:
        return ProtocolError(UNKNOWN_TYPE, f"unknown message type {kind[:40]!r}", id=request_id)
    try:
        return _message(msgspec.convert(value, record_type))
    except msgspec.ValidationError as exc:
        return ProtocolError(BAD_FIELD, explain(exc, value, kind), id=request_id)


def _message(record: Record) -> Message:
    values = msgspec.structs.astuple(record)
    fields = {wire: item for wire, item in zip(_WIRE_NAMES[type(record)], values, strict=True) if item is not UNSET}
    request_id = fields.pop("id", None)
    return Message(str(record.__struct_config__.tag), fields, request_id, record)


# -- view updates -------------------------------------------------------------------------------------
# An update carries the changed parts of a viewer's state as a list of changes, each `[path, value]` to set
# (path: list of map keys from the root) or `[path]` to delete. Lists are replaced whole.


def diff(old: Mapping[str, Wire], new: Mapping[str, Wire]) -> list[list[Wire]]:
    """The changes that turn `old` into `new` (both string-keyed maps)."""
    changes: list[list[Wire]] = []
    _diff_into(old, new, [], changes)
    return changes


def _diff_into(old: Mapping[str, Wire], new: Mapping[str, Wire], path: list[str], out: list[list[Wire]]) -> None:
    for key in old:
        if key not in new:
            out.append([[*path, key]])
    for key, value in new.items():
        if key in old:
            before = old[key]
            # dict, not Mapping: views are plain dicts, and an ABC check per value is the diff's main cost
            if isinstance(before, dict) and isinstance(value, dict):
                _diff_into(before, value, [*path, key], out)
                continue
            if _same(before, value):
                continue
        out.append([[*path, key], value])


def _same(a: Wire, b: Wire) -> bool:
    # 1 == 1.0 == True in Python but not on the wire, so the types must match as well
    return type(a) is type(b) and a == b


def apply_changes(state: dict[str, Wire], changes: list[list[Wire]]) -> dict[str, Wire]:
    """Apply an update's changes to a viewer's state in place; raises ValueError on a malformed change."""
    for change in changes:
        if not isinstance(change, list) or len(change) not in (1, 2) or not isinstance(change[0], list):
            raise ValueError(f"malformed change {change!r}")
        path = change[0]
        if not path or not all(isinstance(k, str) for k in path):
            raise ValueError(f"malformed path {path!r}")
        target = state
        for key in path[:-1]:
            child = target.get(key)
            if not isinstance(child, dict):
                child = target[key] = {}
            target = child
        if len(change) == 2:
            target[path[-1]] = change[1]
        else:
            target.pop(path[-1], None)
    return state
