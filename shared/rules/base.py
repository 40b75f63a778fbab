"""The contract every game engine keeps: actions with a wire form, typed rule errors, redactable events."""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol, TypeVar

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
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out

    def __str__(self) -> str:
        # values as a client wrote them (JSON-like lists and quotes), never Python's tuple syntax
        wire = self.to_wire()
        shown = {k: v for k, v in wire.items() if k not in ("type", "seat")}
        args = " ".join(f"{k}={json.dumps(v, ensure_ascii=False)}" for k, v in shown.items())
        return f"seat {self.seat}: {self.kind}" + (f" {args}" if args else "")

    @classmethod
    def from_wire(cls, wire: Wire) -> Action:
        """Parse and type-check a wire form against this game's actions."""
        if not isinstance(wire, Mapping):
            raise MalformedAction("an action is a map")
        kind = wire.get("type")
        action_cls = cls.registry.get(kind) if isinstance(kind, str) else None
        if action_cls is None:
            raise MalformedAction(f"unknown action type {kind!r}")
        hints = _field_types(action_cls)
        names = set(hints)
        extra = set(wire) - names - {"type"}
        if extra:
            raise MalformedAction(f"{kind}: unknown field(s) {', '.join(sorted(map(str, extra)))}")
        values: dict[str, Any] = {}
        for f in dataclasses.fields(action_cls):
            if f.name in wire:
                values[f.name] = _coerce(wire[f.name], hints[f.name], f"{kind}.{f.name}")
            elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                raise MalformedAction(f"{kind}: missing field {f.name!r}")
        return action_cls(**values)


_FIELD_TYPES: dict[type[Action], dict[str, Any]] = {}


def _field_types(action_cls: type[Action]) -> dict[str, Any]:
    """Each field's declared type, resolved once per action class (the wire parser is on the server's hot path)."""
    if action_cls not in _FIELD_TYPES:
        hints = typing.get_type_hints(action_cls)
        _FIELD_TYPES[action_cls] = {f.name: hints[f.name] for f in dataclasses.fields(action_cls)}
    return _FIELD_TYPES[action_cls]


def _coerce(value: Any, hint: Any, where: str) -> Any:
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        for option in typing.get_args(hint):
            try:
                return _coerce(value, option, where)
            except MalformedAction:
                continue
        raise MalformedAction(f"{where}: {value!r} is not a {hint}")
    if hint is type(None):
        if value is None:
            return None
        raise MalformedAction(f"{where}: expected nothing, got {value!r}")
    if origin is tuple:
        item_hint = typing.get_args(hint)[0]
        if not isinstance(value, list | tuple):
            raise MalformedAction(f"{where}: expected a list, got {value!r}")
        return tuple(_coerce(v, item_hint, where) for v in value)
    if hint is bool:
        if isinstance(value, bool):
            return value
    elif hint is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    elif hint is str:
        if isinstance(value, str):
            return value
    else:
        raise MalformedAction(f"{where}: unsupported field type {hint}")
    raise MalformedAction(f"{where}: expected {hint.__name__}, got {value!r}")


@dataclass(frozen=True)
class Event:
    """Something that happened. `secret` is seen only by the seats in `audience`; everyone sees `data`."""

    kind: str
    data: Mapping[str, Wire] = field(default_factory=dict)
    secret: Mapping[str, Wire] = field(default_factory=dict)
    audience: frozenset[int] = frozenset()

    def for_seat(self, seat: int | None) -> dict[str, Wire]:
        """What `seat` (None for a spectator) may know of this event."""
        out: dict[str, Wire] = {"type": self.kind, **self.data}
        if seat is not None and seat in self.audience:
            out.update(self.secret)
        return out


@dataclass(frozen=True)
class Outcome:
    winners: tuple[int, ...]
    reason: str


@dataclass(frozen=True)
class SeatSetup:
    """Who sits in a seat, as chosen at join time (M07: sex is the player's choice)."""

    name: str
    sex: str = "male"


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

    def player_view(self, state: S, seat: int | None) -> dict[str, Wire]: ...

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
