"""The viewer state: what a seat (or a spectator) holds of a running game, defined once for host and client.

`{"view", "legal", "to_act", "turn", "outcome"}` (docs/protocol.md): the game's view record for that seat, the
wire forms of its legal actions, the seats to act, the turn number and the outcome. The host
(server/match.py), a local game (client/session.py) and the dice check (shared/fairness.py) build it here; a
client decodes what it receives with `decode`, which refuses a field it does not know.

`Audience` builds the states of every viewer of one game state: the public view once, each seat only its own
part, and the wire forms of different seats share every part that is the same for them (one object). The
canonical bytes of the public view's fields are encoded once, so a seat's checksum encodes only its own part.
Given the audience of the state before, its views are built from the views before (parts whose sources did
not change are the very parts they were), it diffs the public view once and each seat only in its own part, and
`changes_since_before` gives a seat's changes as msgpack bytes with the public ones encoded once and spliced in;
`Differ` diffs any two states, comparing a part two viewers share once for both.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final

import msgspec
from msgspec import Raw, Struct

from .protocol import Wire, array_items, canonical, checksum, encode_value
from .rules.base import Outcome, Ruleset
from .rules.munchkin.view import MunchkinView
from .rules.wonderland.view import WonderlandView

GameView = MunchkinView | WonderlandView  # tagged by their `game` key


class OutcomeWire(Struct, frozen=True, forbid_unknown_fields=True):
    """How a game ended, as every viewer, the lobby's results and the dice check see it."""

    winners: list[int]
    reason: str


class ViewerState(Struct, frozen=True, forbid_unknown_fields=True):
    view: GameView
    legal: list[dict[str, Any]]  # the seat's legal actions (none for a spectator or once the game is over)
    to_act: list[int]  # sorted
    turn: int
    outcome: OutcomeWire | None


def outcome_wire(outcome: Outcome | None) -> OutcomeWire | None:
    return None if outcome is None else OutcomeWire(list(outcome.winners), outcome.reason)


def outcome_map(outcome: Outcome | None) -> dict[str, Wire] | None:
    """The outcome's wire form as a plain map (a finished table's record, a fairness `Seen`)."""
    wire = outcome_wire(outcome)
    return None if wire is None else msgspec.to_builtins(wire)


def decode(wire: Mapping[str, Wire]) -> ViewerState:
    """The typed viewer state of a received map; raises ValueError when it is not one (a field missing, of the
    wrong type, or unknown)."""
    try:
        return msgspec.convert(wire, ViewerState)
    except msgspec.ValidationError as exc:
        raise ValueError(f"not a viewer state: {exc}") from exc


Legal = Callable[[int], list[Any]]

_TAIL = ("legal", "to_act", "turn", "outcome")  # the viewer state's fields beside the view, in diff order


class Audience:
    """Every viewer state of one game state, each built once when first asked for.

    `legal` gives a seat's legal actions' wire forms (the host passes its own cache of them)."""

    outcome: OutcomeWire | None
    to_act: list[int]
    _outcome_wire: dict[str, Wire] | None

    def __init__(
        self,
        ruleset: Ruleset[Any],
        state: Any,
        seats: Iterable[int | None],
        legal: Legal | None = None,
        before: Audience | None = None,
    ) -> None:
        """`before`: the audience of the state the viewers held until now, to diff from (`changes`); its views
        are the ones the new views share every unchanged part with (`Ruleset.player_views`)."""
        self.state = state
        self.before = before
        outcome = outcome_wire(ruleset.outcome(state))
        to_act = sorted(ruleset.seats_to_act(state))
        if before is not None:  # what did not change is the very object it was: neither diffed nor encoded again
            outcome = before.outcome if outcome == before.outcome else outcome
            to_act = before.to_act if to_act == before.to_act else to_act
        self.outcome = outcome
        self._outcome_wire = (
            before._outcome_wire
            if before is not None and outcome is before.outcome
            else None
            if outcome is None
            else msgspec.to_builtins(outcome)
        )
        self.to_act = to_act
        self.turn = ruleset.turn_number(state)
        wanted = {*seats, None}  # the public view is built anyway: every seat's view shares its parts
        prior = None if before is None else (before.state, before.views)
        self.views: Mapping[int | None, Any] = ruleset.player_views(state, wanted, prior)
        self._parts: dict[str, Any] | None = None  # the canonical bytes of the public view's fields
        self._kept_parts: dict[str, Any] = {}  # ... of those the state before had already encoded
        self._public_wire = self._wire_of_public(before)
        self._legal = legal or (lambda seat: [a.to_wire() for a in ruleset.legal_actions(state, seat)])
        self._legal_lists: dict[int, list[Any]] = {}
        self._records: dict[int | None, ViewerState] = {}
        self._wires: dict[int | None, dict[str, Wire]] = {}
        self._checksums: dict[int | None, int] = {}
        self._own: dict[int | None, tuple[str, ...]] = {}
        self._own_wire: dict[tuple[int | None, str], tuple[Any, Any, Raw | None]] = {}  # (obj, wire, bytes)
        self._legal_raw: dict[int | None, tuple[list[Any], Raw]] = {}  # each seat's legal list and its bytes
        self._public_changes: dict[str, list[list[Wire]]] | None = None
        self._encoded: dict[str, tuple[int, bytes]] | None = None  # the public changes' bytes, by view field
        self._spliced: dict[tuple[str, ...], tuple[int, bytes]] = {}  # ... all but some fields, joined
        self._tail: tuple[int, bytes] | None = None  # the changes of `to_act`, `turn`, `outcome`: every seat's
        self._differ = Differ()
        self._pieces: list[bytes] | None = None  # `_sorted_public`
        self._pieces_by_part: dict[int, tuple[Any, bytes]] = {}
        self._around: tuple[bytes, bytes] | None = None
        if before is not None:
            before.before = None  # only one state back is ever diffed from

    def _wire_of_public(self, before: Audience | None) -> Any:
        """The public view's wire form; a field that is the very object it was in the state before (the board,
        the options) keeps its wire form and its bytes, so it is neither converted, diffed nor encoded again."""
        public = self.views[None]
        if before is None or type(before.views[None]) is not type(public) or not isinstance(public, Struct):
            return msgspec.to_builtins(public)
        if public is before.views[None]:
            self._kept_parts = before._parts or {}
            return before._public_wire
        old = before.views[None]
        config = public.__struct_config__
        wire: dict[str, Wire] = {} if config.tag_field is None else {config.tag_field: config.tag}
        old_wire, old_parts = before._public_wire, before._parts
        for name, value, was in zip(
            public.__struct_fields__, msgspec.structs.astuple(public), msgspec.structs.astuple(old), strict=True
        ):
            if value is was:
                wire[name] = old_wire[name]
                if old_parts is not None:
                    self._kept_parts[name] = old_parts[name]
            else:
                wire[name] = msgspec.to_builtins(value)
        return wire

    def legal(self, seat: int | None) -> list[Any]:
        if seat is None or self.outcome is not None:
            return []
        found = self._legal_lists.get(seat)
        if found is None:
            found = self._legal_lists[seat] = self._legal(seat)
        return found

    def record(self, seat: int | None) -> ViewerState:
        if seat not in self._records:
            self._records[seat] = ViewerState(self.views[seat], self.legal(seat), self.to_act, self.turn, self.outcome)
        return self._records[seat]

    def wire(self, seat: int | None) -> dict[str, Wire]:
        """The record's wire form (what msgpack carries); a part the same for every seat is one shared object."""
        if seat not in self._wires:
            public = self.views[None]
            if isinstance(public, Struct) and type(self.views[seat]) is type(public):
                view = dict(self._public_wire) if self.own(seat) else self._public_wire
                for name in self.own(seat):
                    view[name] = self._own_part(seat, name)[1]
            else:
                view = _shared_wire(self.views[seat], public, self._public_wire)
            self._wires[seat] = {
                "view": view,
                "legal": self.legal(seat),
                "to_act": self.to_act,
                "turn": self.turn,
                "outcome": self._outcome_wire,
            }
        return self._wires[seat]

    def _own_part(self, seat: int | None, name: str) -> tuple[Any, Any, Raw | None]:
        """A field of `seat`'s own view: its object, wire form and canonical bytes (made when first asked for);
        the very object the seat's view before had keeps its wire form and bytes."""
        key = (seat, name)
        found = self._own_wire.get(key)
        if found is None:
            value = getattr(self.views[seat], name)
            kept = None if self.before is None else self.before._own_wire.get(key)
            if kept is not None and kept[0] is value:
                found = kept
            else:
                shared = getattr(self.views[None], name)
                wire = (
                    _shared_wire(value, shared, self._public_wire[name])
                    if isinstance(shared, Struct)
                    else msgspec.to_builtins(value)
                )
                found = (value, wire, None)
            self._own_wire[key] = found
        return found

    def _own_raw(self, seat: int | None, name: str) -> Raw:
        value, wire, raw = self._own_part(seat, name)
        if raw is None:
            raw = Raw(canonical(value))
            self._own_wire[(seat, name)] = (value, wire, raw)
        return raw

    def checksum(self, seat: int | None) -> int:
        """CRC-32 of the record's canonical encoding (protocol.checksum): what the seat checks after an update.
        The public view's fields are encoded once (their key and value bytes, in key order); a seat's bytes are
        those pieces with its own fields' in their places: the bytes of the whole record, never re-encoded."""
        if seat not in self._checksums:
            public = self.views[None]
            if not isinstance(public, Struct) or type(self.views[seat]) is not type(public):
                self._checksums[seat] = checksum(self.record(seat))
            else:
                pieces = self._sorted_public()
                own = self.own(seat)
                if own:
                    pieces = list(pieces)
                    keys, at = _keys_of(type(public))
                    for name in own:
                        pieces[at[name]] = keys[name] + self._own_raw(seat, name)
                head, middle = self._around_legal()
                crc = zlib.crc32(head + self._legal_bytes(seat) + middle)
                self._checksums[seat] = zlib.crc32(b"".join(pieces), crc)
        return self._checksums[seat]

    def _sorted_public(self) -> list[bytes]:
        """The public view's canonical bytes as pieces in key order: the map's header, then each field's key and
        value; a seat's view replaces the pieces of its own fields (the key order is the same for every seat)."""
        if self._pieces is None:
            parts = self._public_parts()
            keys, _ = _keys_of(type(self.views[None]))
            before = self.before
            kept = before._pieces_by_part if before is not None else {}
            pieces = [_map_header(len(keys))]
            by_part: dict[int, tuple[Any, bytes]] = {}
            for name, key in keys.items():
                part = parts[name]
                found = kept.get(id(part))
                piece = found[1] if found is not None and found[0] is part else key + canonical(part)
                by_part[id(part)] = (part, piece)
                pieces.append(piece)
            self._pieces, self._pieces_by_part = pieces, by_part
        return self._pieces

    def _around_legal(self) -> tuple[bytes, bytes]:
        """The canonical bytes of the viewer state before its legal list and after it up to the view's map:
        `{legal, outcome, to_act, turn, view}` in key order, the same for every seat."""
        if self._around is None:
            self._around = (
                _STATE_HEAD,
                _KEY_OUTCOME
                + canonical(self.outcome)
                + _KEY_TO_ACT
                + canonical(self.to_act)
                + _KEY_TURN
                + canonical(self.turn)
                + _KEY_VIEW,
            )
        return self._around

    def _legal_bytes(self, seat: int | None) -> Raw:
        """The canonical bytes of the seat's legal list; the very list the state before had keeps its bytes."""
        legal = self.legal(seat)
        kept = self._legal_raw.get(seat)
        if kept is None and self.before is not None:
            kept = self.before._legal_raw.get(seat)
        if kept is None or kept[0] is not legal:
            kept = (legal, Raw(canonical(legal)))
        self._legal_raw[seat] = kept
        return kept[1]

    def own(self, seat: int | None) -> tuple[str, ...]:
        """The view's fields that are `seat`'s own, not the public view's."""
        if seat not in self._own:
            record, public = self.views[seat], self.views[None]
            self._own[seat] = (
                ()
                if record is public
                else tuple(
                    name
                    for name, mine, shared in zip(
                        public.__struct_fields__,
                        msgspec.structs.astuple(record),
                        msgspec.structs.astuple(public),
                        strict=True,
                    )
                    if mine is not shared
                )
            )
        return self._own[seat]

    def _public_parts(self) -> dict[str, Any]:
        """The canonical bytes of each public view field, and of the game's tag."""
        if self._parts is None:
            public = self.views[None]
            config = public.__struct_config__
            kept = self._kept_parts
            self._parts = {
                name: kept.get(name) or Raw(canonical(value))
                for name, value in zip(public.__struct_fields__, msgspec.structs.astuple(public), strict=True)
            }
            if config.tag_field is not None:
                self._parts[config.tag_field] = config.tag
        return self._parts

    def _follows(self, seat: int | None) -> bool:
        """Whether the seat's changes can be worked out part by part from the audience before."""
        before = self.before
        if before is None or seat not in before.views:
            return False
        kind = type(self.views[None])
        return (
            issubclass(kind, Struct)
            and type(before.views[None]) is kind
            and type(self.views[seat]) is kind
            and type(before.views[seat]) is kind
        )

    def changes(self, seat: int | None, held: dict[str, Wire], differ: Differ) -> list[list[Wire]]:
        """The changes from `held` to this state's `wire(seat)`. Where `held` is what the audience before gave the
        seat, the public view's changes are worked out once for all seats, and each seat's own fields apart."""
        new = self.wire(seat)
        before = self.before
        if before is None or before._wires.get(seat) is not held or not self._follows(seat):
            return differ.diff(held, new)
        out: list[list[Wire]] = []
        own = dict.fromkeys((*before.own(seat), *self.own(seat)))  # ordered: every run sends the same changes
        for key, changes in self._changes_of_public(differ).items():
            if key not in own:
                out.extend(changes)
        old_view, new_view = held["view"], new["view"]
        for key in own:
            differ.one(key, old_view[key], new_view[key], ["view"], out)
        for key in _TAIL:
            differ.one(key, held[key], new[key], [], out)
        return out

    def changes_since_before(self, seat: int | None) -> tuple[int, bytes]:
        """The changes from what the audience before gave `seat` to what this one gives it, as the msgpack bytes
        of the `changes` list (and how many there are): those of the public view are worked out and encoded
        once for every seat and spliced in; each seat adds only the changes of its own fields and legal list.
        The changes are those `changes` gives for the seat's state before."""
        before = self.before
        assert before is not None
        if not self._follows(seat):
            held = before.wire(seat)
            changes = self._differ.diff(held, self.wire(seat))
            return len(changes), array_items(encode_value(changes))
        own = tuple(dict.fromkeys((*before.own(seat), *self.own(seat))))
        count, public = self._public_spliced(own)
        mine: list[list[Wire]] = []
        differ = self._differ
        for key in own:
            was = before._own_part(seat, key)[1] if key in before.own(seat) else before._public_wire[key]
            now = self._own_part(seat, key)[1] if key in self.own(seat) else self._public_wire[key]
            differ.one(key, was, now, ["view"], mine)
        differ.one("legal", before.legal(seat), self.legal(seat), [], mine)
        tail_count, tail = self._tail_changes()
        if not mine:
            return count + tail_count, public + tail
        return count + len(mine) + tail_count, public + array_items(encode_value(mine)) + tail

    def _public_spliced(self, own: tuple[str, ...]) -> tuple[int, bytes]:
        """The encoded changes of the public view but those of the fields in `own`, joined once for each set."""
        encoded = self._encoded
        if encoded is None:
            encoded = self._encoded = {
                key: (len(changes), array_items(encode_value(changes)))
                for key, changes in self._changes_of_public(self._differ).items()
            }
        skipped = tuple(key for key in own if key in encoded)
        found = self._spliced.get(skipped)
        if found is None:
            kept = [part for key, part in encoded.items() if key not in skipped]
            found = self._spliced[skipped] = (sum(n for n, _ in kept), b"".join(body for _, body in kept))
        return found

    def _tail_changes(self) -> tuple[int, bytes]:
        """The changes of `to_act`, `turn` and `outcome`: the same for every seat."""
        if self._tail is None:
            before = self.before
            assert before is not None
            out: list[list[Wire]] = []
            self._differ.one("to_act", before.to_act, self.to_act, [], out)
            self._differ.one("turn", before.turn, self.turn, [], out)
            self._differ.one("outcome", before._outcome_wire, self._outcome_wire, [], out)
            self._tail = (len(out), array_items(encode_value(out)) if out else b"")
        return self._tail

    def _changes_of_public(self, differ: Differ) -> dict[str, list[list[Wire]]]:
        """The public view's changes since the audience before, by the view's field they are in."""
        if self._public_changes is None:
            assert self.before is not None
            grouped: dict[str, list[list[Wire]]] = {}
            old, new = self.before._public_wire, self._public_wire
            if old is not new:
                for change in differ.diff(old, new):
                    grouped.setdefault(change[0][0], []).append([["view", *change[0]], *change[1:]])
            self._public_changes = grouped
        return self._public_changes


# The canonical encoding of a viewer state: a map of five keys (`legal` first), the view's map last.
_STATE_HEAD: Final = b"\x85" + canonical("legal")
_KEY_OUTCOME: Final = canonical("outcome")
_KEY_TO_ACT: Final = canonical("to_act")
_KEY_TURN: Final = canonical("turn")
_KEY_VIEW: Final = canonical("view")
_KEYS: dict[type, tuple[dict[str, bytes], dict[str, int]]] = {}


def _keys_of(kind: type) -> tuple[dict[str, bytes], dict[str, int]]:
    """A view record's wire keys (its fields and its tag) in canonical order, each with its encoded bytes, and
    each one's place among the pieces of `Audience._sorted_public` (after the map's header)."""
    found = _KEYS.get(kind)
    if found is None:
        config = kind.__struct_config__  # type: ignore[attr-defined]
        names = [*kind.__struct_fields__, *(() if config.tag_field is None else (config.tag_field,))]  # type: ignore[attr-defined]
        ordered = sorted(names, key=lambda name: name.encode())
        found = _KEYS[kind] = ({name: canonical(name) for name in ordered}, {n: i + 1 for i, n in enumerate(ordered)})
    return found


def _map_header(count: int) -> bytes:
    if count < 16:
        return bytes((0x80 | count,))
    return b"\xde" + count.to_bytes(2, "big") if count < 0x10000 else b"\xdf" + count.to_bytes(4, "big")


def viewer_state(ruleset: Ruleset[Any], state: Any, seat: int | None) -> ViewerState:
    """One viewer's state, on its own (a local game's seat, the dice check's replay)."""
    return Audience(ruleset, state, (seat,)).record(seat)


def _shared_wire(record: Any, public: Any, public_wire: Any) -> Any:
    """`to_builtins(record)`, reusing `public_wire` (the wire form of `public`) wherever `record` holds the very
    parts of `public`: a seat's view shares every part it does not replace."""
    if record is public:
        return public_wire
    if not isinstance(record, Struct) or type(record) is not type(public):
        return msgspec.to_builtins(record)
    out = dict(public_wire)
    for name in record.__struct_fields__:
        value, shared = getattr(record, name), getattr(public, name)
        if value is not shared:
            out[name] = (
                _shared_wire(value, shared, public_wire[name])
                if isinstance(shared, Struct)
                else (msgspec.to_builtins(value))
            )
    return out


class Differ:
    """`protocol.diff` for the viewers of one update: the changes between two shared parts are worked out once,
    for every viewer that held the one and now gets the other. Give each update its own Differ."""

    def __init__(self) -> None:
        # (id old, id new) -> (old, new, their changes or whether equal); keeping both alive keeps their ids theirs
        self._known: dict[tuple[int, int], tuple[Any, Any, Any]] = {}

    def diff(self, old: Mapping[str, Wire], new: Mapping[str, Wire]) -> list[list[Wire]]:
        """The changes that turn `old` into `new`, as `protocol.diff` gives them."""
        out: list[list[Wire]] = []
        self._into(old, new, [], out)
        return out

    def _into(self, old: Mapping[str, Wire], new: Mapping[str, Wire], path: list[str], out: list[list[Wire]]) -> None:
        for key in old:
            if key not in new:
                out.append([[*path, key]])
        for key, value in new.items():
            if key not in old:
                out.append([[*path, key], value])
            else:
                self.one(key, old[key], value, path, out)

    def one(self, key: str, before: Wire, value: Wire, path: list[str], out: list[list[Wire]]) -> None:
        """The changes of the value at `path` + `key`, from `before` to `value`."""
        if before is value:
            return
        kind = type(value)
        known = self._known
        # 1 == 1.0 == True in Python but not on the wire, so the types must match as well (as in protocol.diff)
        if kind is not type(before):
            out.append([[*path, key], value])
        elif kind is dict:
            pair = (id(before), id(value))
            seen = known.get(pair)
            if seen is None:
                changes: list[list[Wire]] = []
                self._into(before, value, [], changes)
                seen = known[pair] = (before, value, changes)
            out.extend([[*path, key, *change[0]], *change[1:]] for change in seen[2])
        elif kind is list:  # lists are replaced whole; a shared pair is compared once
            pair = (id(before), id(value))
            seen = known.get(pair)
            if seen is None:
                seen = known[pair] = (before, value, before == value)
            if not seen[2]:
                out.append([[*path, key], value])
        elif before != value:
            out.append([[*path, key], value])
