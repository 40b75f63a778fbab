"""The events of both games as a client reads them: each game's tagged union of event records, and `decode`.

The records are declared beside each game's rules (`rules/munchkin/events.py`, `rules/wonderland/events.py`);
the engines build them and the host sends each viewer its own form (`Event.told`). A client decodes what
arrives once, strictly: an event of a kind its game does not declare, a field it does not know or of the wrong
type is refused with a message that names the event and the field.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

import msgspec

from .records import explain
from .rules.munchkin.events import MunchkinEvent
from .rules.wonderland.events import WonderlandEvent

GameEvent = MunchkinEvent | WonderlandEvent

_UNIONS: Final[dict[str, Any]] = {"munchkin": MunchkinEvent, "wonderland": WonderlandEvent}


def decode(wire: Mapping[str, Any], game: str) -> GameEvent:
    """The typed record of an event of `game` as a viewer received it; ValueError saying what is wrong when it
    is not one (`rolled.die: expected int, got '6'`, `unknown event type 'teleported'`)."""
    union = _UNIONS.get(game)
    if union is None:
        raise ValueError(f"no events are known for the game {game!r}")
    kind = wire.get("type") if isinstance(wire, Mapping) else None
    try:
        record: GameEvent = msgspec.convert(wire, union)
    except msgspec.ValidationError as exc:
        if isinstance(kind, str) and "Invalid value" in str(exc) and "$.type" in str(exc):
            raise ValueError(f"unknown {game} event type {kind!r}") from None
        raise ValueError(explain(exc, wire, f"{kind if isinstance(kind, str) else 'event'}")) from None
    if record.seen_by is not None:
        raise ValueError(f"{kind}: 'seen_by' is the host's to know, never sent")
    return record
