"""The wire protocol: message types and fields, the msgpack codec, and a sans-I/O length-prefixed framer.

A frame is a 4-byte big-endian length followed by that many bytes holding one msgpack map with a `type`
field. The `Framer` never touches a socket: feed it bytes with `receive_data`, take parsed messages (and any
problems, recorded rather than raised) from `events_received`, queue messages with `send` and hand the bytes
of `data_to_send` to whatever transport there is. docs/protocol.md describes every message for other clients.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

import msgpack
import msgspec

PROTOCOL_VERSION: Final = 1
DEFAULT_MAX_FRAME: Final = 1 << 20
HEADER: Final = struct.Struct(">I")
MAX_ID_LENGTH: Final = 64
MAX_CHAT_LENGTH: Final = 300
MAX_NAME_LENGTH: Final = 32
MAX_TOKEN_LENGTH: Final = 64
MAX_NONCE_LENGTH: Final = 128  # hello's nonce, hex: the host signs it (docs/protocol.md, "Host identity")
SHA256_LENGTH: Final = 64  # a content address: the SHA-256 of a file's bytes, lowercase hex
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


@dataclass(frozen=True)
class Field:
    """One field of a message: the types it may hold, whether it must be present, a length cap."""

    types: tuple[type, ...]
    required: bool = True
    max_len: int | None = None  # characters of a str, items of a list, entries of a map

    def describe(self) -> str:
        names = "|".join("nil" if t is type(None) else _TYPE_NAMES[t] for t in self.types)
        return names + (f" (at most {self.max_len})" if self.max_len is not None else "")


_TYPE_NAMES: dict[type, str] = {
    int: "int", str: "str", bool: "bool", float: "float", list: "list", dict: "map"
}


def _req(*types: type, max_len: int | None = None) -> Field:
    return Field(types, True, max_len)


def _opt(*types: type, max_len: int | None = None) -> Field:
    return Field(types, False, max_len)


Schema = Mapping[str, Field]
_NIL = type(None)
_NUMBER = (int, float)
_NAME_BOUND = 4 * MAX_NAME_LENGTH

# Every message may also carry `id` (int or str), echoed in the reply to a request.
CLIENT_MESSAGES: Final[Mapping[str, Schema]] = {
    # Names are checked by the host (`bad_name`, saying the limit); the framer only bounds the work.
    HELLO: {
        "protocol": _req(int),
        "app": _req(str, max_len=64),
        "name": _req(str, max_len=_NAME_BOUND),
        "nonce": _opt(str, max_len=MAX_NONCE_LENGTH),
    },
    PING: {},
    PONG: {},
    LIST_TABLES: {},
    CREATE_TABLE: {
        "game": _req(str, max_len=32),
        "seats": _req(int),
        "bots": _opt(int),
        "bot_level": _opt(str, max_len=16),
        "name": _opt(str, max_len=_NAME_BOUND),
        "password": _opt(str, max_len=64),
        "options": _opt(dict, _NIL, max_len=64),
        "packs": _opt(list, max_len=32),
        "sex": _opt(str, max_len=16),
        "colour": _opt(str, max_len=16),
    },
    JOIN_TABLE: {
        "table": _req(str, max_len=32),
        "seat": _opt(int, _NIL),
        "password": _opt(str, max_len=64),
        "sex": _opt(str, max_len=16),
        "colour": _opt(str, max_len=16),
    },
    RESUME: {"table": _req(str, max_len=32), "token": _req(str, max_len=MAX_TOKEN_LENGTH)},
    WATCH: {"table": _req(str, max_len=32), "password": _opt(str, max_len=64)},
    SET_PLAYER: {
        "name": _opt(str, max_len=_NAME_BOUND),
        "sex": _opt(str, max_len=16),
        "colour": _opt(str, max_len=16),
    },
    SET_TABLE: {
        "seats": _opt(int),
        "bots": _opt(int),
        "bot_level": _opt(str, max_len=16),
        "options": _opt(dict, _NIL, max_len=64),
        "packs": _opt(list, max_len=32),
    },
    READY: {"ready": _req(bool)},
    START: {"fill_with_bots": _opt(bool)},
    LEAVE: {},
    CHAT: {"text": _req(str, max_len=MAX_CHAT_LENGTH), "scope": _opt(str, max_len=8)},
    ACTION: {"token": _req(str, max_len=MAX_TOKEN_LENGTH), "action": _req(dict, max_len=32)},
    RESYNC: {},
    HOLD: {},
    GET_PACK: {"sha256": _req(str, max_len=SHA256_LENGTH)},
    GET_PICTURE: {"sha256": _req(str, max_len=SHA256_LENGTH)},
    CONTRIBUTE: {"contribution": _req(str, max_len=128)},
}

SERVER_MESSAGES: Final[Mapping[str, Schema]] = {
    WELCOME: {
        "server": _req(str),
        "name": _req(str),
        "protocol": _req(int),
        "app": _req(str),
        "features": _req(list),
        "games": _req(list),
        "key": _opt(str),
        "proof": _opt(str),
        "packs": _opt(list),
    },
    ERROR: {"code": _req(str), "message": _req(str), "fatal": _opt(bool)},
    OK: {"seq": _opt(int)},
    PING: {},
    PONG: {},
    TABLES: {"tables": _req(list)},
    TABLE: {"table": _req(dict)},
    SEATED: {"table": _req(str), "seat": _req(int), "token": _req(str)},
    WATCHING: {"table": _req(str)},
    LEFT: {"table": _req(str)},
    CHAT: {
        "scope": _req(str),
        "text": _req(str),
        "from": _req(str),
        "table": _opt(str),
        "seat": _opt(int, _NIL),
    },
    SNAPSHOT: {
        "table": _req(str),
        "seat": _req(int, _NIL),
        "seq": _req(int),
        "state": _req(dict),
        "checksum": _req(int),
    },
    UPDATE: {
        "table": _req(str),
        "seat": _req(int, _NIL),
        "seq": _req(int),
        "events": _req(list),
        "changes": _req(list),
        "checksum": _req(int),
        "stand_in": _opt(int),
    },
    TIMER: {"table": _req(str), "seat": _req(int), "kind": _req(str), "seconds": _req(*_NUMBER)},
    PACK: {"sha256": _req(str), "name": _req(str), "text": _req(str), "pictures": _req(list)},
    PICTURE: {"sha256": _req(str), "data": _req(str)},
    COMMIT: {"table": _req(str), "commitment": _req(str), "seats": _req(list), "seconds": _req(*_NUMBER)},
    REVEAL: {
        "table": _req(str),
        "verifiable": _req(bool),
        "reason": _opt(str),
        "commitment": _opt(str),
        "secret": _opt(str),
        "contributions": _opt(list),
        "seed": _opt(int),
        "players": _opt(list),
        "packs": _opt(list),
        "options": _opt(dict, _NIL),
        "actions": _opt(list),
        "outcome": _opt(dict, _NIL),
    },
}


@dataclass(frozen=True)
class Message:
    """A well-formed message: its type, its fields (without `type` and `id`) and its request id."""

    type: str
    fields: dict[str, Wire] = field(default_factory=dict)
    id: int | str | None = None

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
    body: bytes = msgpack.packb(message, use_bin_type=True)
    return HEADER.pack(len(body)) + body


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


def _check_plain(value: Wire, max_items: int | None = None) -> tuple[ProtocolError | None, bool]:
    """Why `value` is not plain protocol data (nil, bool, int, float, str, list, str-keyed map) or holds more
    than `max_items` values (keys count), or None; and whether it holds a float."""
    stack: list[tuple[Wire, int]] = [(value, 0)]
    items = 0
    floats = False
    while stack:
        item, depth = stack.pop()
        items += 1
        if depth > MAX_DEPTH:
            return ProtocolError(BAD_MSGPACK, f"nested deeper than {MAX_DEPTH}"), floats
        if isinstance(item, dict):
            items += len(item)
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)
        elif isinstance(item, float):
            floats = True
        elif item is not None and not isinstance(item, bool | int | str):
            return ProtocolError(BAD_MSGPACK, f"{type(item).__name__} values are not allowed"), floats
        if max_items is not None and items + len(stack) > max_items:
            return ProtocolError(FRAME_TOO_COMPLEX, f"more than {max_items} values in one frame"), floats
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
        self, accept: Mapping[str, Schema], max_frame: int = DEFAULT_MAX_FRAME, max_items: int | None = None,
        whole_floats: bool = False,
    ) -> None:
        """`max_items` bounds the values of one decoded frame (None: only `max_frame` does); `whole_floats`
        turns integral floats into ints (what the host does with everything a client sends)."""
        self.accept = accept
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
        return validate(value, self.accept)

    # -- sending --------------------------------------------------------------------------------------
    def send(self, message: Mapping[str, Wire]) -> None:
        self._outgoing += encode(message)

    def data_to_send(self) -> bytes:
        data, self._outgoing = bytes(self._outgoing), bytearray()
        return data


def _request_id(value: Mapping[str, Wire]) -> tuple[int | str | None, str | None]:
    raw = value.get("id")
    if raw is None:
        return None, None
    if isinstance(raw, bool) or not isinstance(raw, int | str):
        return None, "id must be an int or a str"
    if isinstance(raw, str) and len(raw) > MAX_ID_LENGTH:
        return None, f"id longer than {MAX_ID_LENGTH} characters"
    return raw, None


def validate(value: Mapping[str, Wire], accept: Mapping[str, Schema]) -> Received:
    """Check a decoded map against the schema of its type. Unknown extra fields are ignored (forward
    compatibility); missing or mistyped known ones are errors."""
    request_id, id_problem = _request_id(value)
    if id_problem is not None:
        return ProtocolError(BAD_FIELD, id_problem)
    kind = value.get("type")
    if kind is None:
        return ProtocolError(MISSING_TYPE, "every message needs a 'type' field", id=request_id)
    if not isinstance(kind, str):
        return ProtocolError(BAD_FIELD, "'type' must be a str", id=request_id)
    schema = accept.get(kind)
    if schema is None:
        return ProtocolError(UNKNOWN_TYPE, f"unknown message type {kind[:40]!r}", id=request_id)
    fields: dict[str, Wire] = {}
    for name, spec in schema.items():
        if name not in value:
            if spec.required:
                return ProtocolError(BAD_FIELD, f"{kind}: missing field {name!r}", id=request_id)
            continue
        item = value[name]
        if not _has_type(item, spec.types):
            reason = f"{kind}.{name}: expected {spec.describe()}, got {type(item).__name__}"
            return ProtocolError(BAD_FIELD, reason, id=request_id)
        if spec.max_len is not None and isinstance(item, str | list | dict) and len(item) > spec.max_len:
            return ProtocolError(BAD_FIELD, f"{kind}.{name}: longer than {spec.max_len}", id=request_id)
        fields[name] = item
    return Message(kind, fields, request_id)


def _has_type(item: Wire, types: tuple[type, ...]) -> bool:
    if isinstance(item, bool):
        return bool in types  # bool is an int subclass in Python, never on the wire
    if isinstance(item, int) and int not in types:
        return False
    return isinstance(item, types)


# -- view updates -------------------------------------------------------------------------------------
# An update carries the changed parts of a viewer's state as a list of changes, each `[path, value]` to set
# (path: list of map keys from the root) or `[path]` to delete. Lists are replaced whole.


def diff(old: Mapping[str, Wire], new: Mapping[str, Wire]) -> list[list[Wire]]:
    """The changes that turn `old` into `new` (both string-keyed maps)."""
    changes: list[list[Wire]] = []
    _diff_into(old, new, [], changes)
    return changes


def _diff_into(
    old: Mapping[str, Wire], new: Mapping[str, Wire], path: list[str], out: list[list[Wire]]
) -> None:
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
