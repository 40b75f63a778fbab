"""The contract every game engine keeps: actions with a wire form, typed rule errors, redactable events."""

from __future__ import annotations

import dataclasses
import json
import typing
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, Protocol, Self, TypeVar

import msgspec

from ..records import explain

Wire = Any  # what msgpack carries: None, bool, int, str, lists and string-keyed maps of those


class RuleError(Exception):
    """An action the rules refuse. The state it was tried on is unchanged."""

    code: ClassVar[str] = "illegal"


class MalformedAction(RuleError):
    """The action's wire form is not an action of this game."""

    code = "malformed"


class NotYourDecision(RuleError):
    """The seat may not act now (another seat's turn, or it has no say in the pending decision)."""

    code = "not_your_decision"


class WrongTime(RuleError):
    """The action exists but the rules do not allow it at this moment."""

    code = "wrong_time"


class IllegalAction(RuleError):
    """The action is not allowed for a reason the message names (a card, a target, a cost)."""

    code = "illegal"


_FIELD_ORDER: dict[type, tuple[str, ...]] = {}  # each action class's fields, in order (`Action.to_wire`)


@dataclass(frozen=True)
class Action:
    """A move by one seat. Subclasses are small frozen records; `repr` pastes back as code."""

    kind: ClassVar[str] = ""
    registry: ClassVar[dict[str, type[Action]]] = {}

    seat: int

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # Each game's action base declares its own `registry`; a concrete action registers in the nearest one.
        super().__init_subclass__(**kwargs)
        if cls.__dict__.get("kind"):
            owner = next(base for base in cls.__mro__[1:] if "registry" in base.__dict__)
            owner.__dict__["registry"][cls.kind] = cls

    def to_wire(self) -> dict[str, Wire]:
        out: dict[str, Wire] = {"type": self.kind}
        # the host lists every seat's legal actions in wire form after every move: the names are looked up once
        names = _FIELD_ORDER.get(type(self))
        if names is None:
            names = _FIELD_ORDER[type(self)] = tuple(f.name for f in dataclasses.fields(self))
        for name in names:
            value = getattr(self, name)
            out[name] = list(value) if isinstance(value, tuple) else value
        return out

    def __str__(self) -> str:
        # values as a client wrote them (JSON-like lists and quotes), never Python's tuple syntax
        wire = self.to_wire()
        shown = {k: v for k, v in wire.items() if k not in ("type", "seat")}
        args = " ".join(f"{k}={json.dumps(v, ensure_ascii=False)}" for k, v in shown.items())
        return f"seat {self.seat}: {self.kind}" + (f" {args}" if args else "")

    @classmethod
    def from_wire(cls, wire: Wire) -> Action:
        """Parse and type-check a wire form against this game's actions (msgspec reads the fields into the
        action's record, strictly: a bool is no int, a str no list)."""
        if not isinstance(wire, Mapping):
            raise MalformedAction("an action is a map")
        kind = wire.get("type")
        action_cls = cls.registry.get(kind) if isinstance(kind, str) else None
        if action_cls is None:
            raise MalformedAction(f"unknown action type {kind!r}")
        extra = wire.keys() - _field_names(action_cls) - {"type"}
        if extra:
            raise MalformedAction(f"{kind}: unknown field(s) {', '.join(sorted(map(str, extra)))}")
        try:
            return msgspec.convert(wire, action_cls)
        except msgspec.ValidationError as exc:
            raise MalformedAction(explain(exc, wire, action_cls.kind)) from None


_FIELD_NAMES: dict[type[Action], frozenset[str]] = {}


def _field_names(action_cls: type[Action]) -> frozenset[str]:
    """An action's field names, found once per action class (the wire parser is on the server's hot path)."""
    names = _FIELD_NAMES.get(action_cls)
    if names is None:
        names = _FIELD_NAMES[action_cls] = frozenset(f.name for f in dataclasses.fields(action_cls))
    return names


class Event(msgspec.Struct, tag_field="type", kw_only=True, forbid_unknown_fields=True, omit_defaults=True):
    """Something that happened, as a typed record tagged on `type` (each game declares its own in `events.py`).

    The fields a record names in `SECRET` are seen only by the seats in `seen_by`; None means nothing of this
    event is hidden (a card drawn face up). `told` is the one place a viewer's form of an event is made; the wire
    form is that record as a map, without `seen_by`, so no viewer ever holds another's secret."""

    SECRET: ClassVar[tuple[str, ...]] = ()

    seen_by: frozenset[int] | None = None

    @property
    def kind(self) -> str:
        return str(self.__struct_config__.tag)

    @property
    def audience(self) -> frozenset[int]:
        """The seats whose form of this event differs from everyone's (they see its secret fields)."""
        return frozenset() if self.seen_by is None else self.seen_by

    def told(self, seat: int | None) -> Self:
        """What `seat` (None for a spectator) may know of this event: its secret fields left out unless the seat
        is in `seen_by`."""
        if self.seen_by is None:
            return self
        if seat is not None and seat in self.seen_by:
            return msgspec.structs.replace(self, seen_by=None)
        return msgspec.structs.replace(self, seen_by=None, **dict.fromkeys(self.SECRET, msgspec.UNSET))

    def for_seat(self, seat: int | None) -> dict[str, Wire]:
        """The wire form of what `seat` may know of this event."""
        wire: dict[str, Wire] = msgspec.to_builtins(self.told(seat))
        return wire


@dataclass(frozen=True)
class Outcome:
    winners: tuple[int, ...]
    reason: str


# M07: a player's sex, their choice at the table (cards name it: "males only", Change Sex).
Sex = Literal["male", "female"]
SEXES: tuple[Sex, ...] = typing.get_args(Sex)


@dataclass(frozen=True)
class SeatSetup:
    """Who sits in a seat, as chosen at join time (M07: sex is the player's choice)."""

    name: str
    sex: str = "male"  # one of SEXES: the game checks it (a saved game or a scenario names it as text)


S = TypeVar("S")


class Ruleset(Protocol[S]):
    """What the server, bots and tools need from a game engine, and nothing more."""

    game: str
    score_name: str  # what `score` counts: "level" for Munchkin, "gold" for Wonderland

    def new_game(
        self, seats: tuple[SeatSetup, ...], seed: int, packs: tuple[str, ...] = (), options: Wire = None
    ) -> S: ...

    def legal_actions(self, state: S, seat: int) -> Collection[Action]: ...

    def apply(self, state: S, action: Action) -> tuple[S, list[Event]]: ...

    def player_view(self, state: S, seat: int | None) -> dict[str, Wire]:
        """The wire form of `seat`'s view record (None: a spectator's), as tests and tools read it."""
        ...

    def player_views(
        self, state: S, seats: Iterable[int | None], before: tuple[S, Mapping[int | None, Any]] | None = None
    ) -> Mapping[int | None, Any]:
        """Each of `seats`' view records (msgspec Structs, the host encodes them), the public part built once.
        `before`: an earlier state of the same game and the views this gave for it (the public one, None, among
        them): a part whose sources did not change may be that very object (the views are equal either way)."""
        ...

    def outcome(self, state: S) -> Outcome | None: ...

    def seats_to_act(self, state: S) -> frozenset[int]: ...

    def turn_number(self, state: S) -> int: ...

    def score(self, state: S, seat: int) -> int: ...

    def reaction_seconds(self, state: S) -> float | None:
        """How long the rules give the others to react right now (M25, R01); None when no reaction window is
        open (a pass then withdraws something, a decision no short clock makes for a player), or `math.inf`
        where the table chose to wait for every answer (R01's "no timer")."""
        ...

    def action_from_wire(self, wire: Wire) -> Action: ...
