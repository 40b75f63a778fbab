"""The games DoorKick can host, by name."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any, Literal, overload

from .base import Ruleset

if TYPE_CHECKING:  # for the types only: the engines are imported when first asked for
    from .munchkin import MunchkinRules
    from .wonderland import WonderlandRuleset

GAMES = {
    "munchkin": "doorkick.shared.rules.munchkin",
    "wonderland": "doorkick.shared.rules.wonderland",
}


@overload
def ruleset(game: Literal["munchkin"]) -> MunchkinRules: ...
@overload
def ruleset(game: Literal["wonderland"]) -> WonderlandRuleset: ...
@overload
def ruleset(game: str) -> Ruleset[Any]: ...
def ruleset(game: str) -> Ruleset[Any]:
    """The engine of `game`; each game package exposes its engine as `RULESET`. A caller naming the game
    gets that game's engine, typed with its own state; a caller holding a name from the wire gets any."""
    if game not in GAMES:
        raise KeyError(f"unknown game {game!r} (known: {', '.join(GAMES)})")
    engine: Ruleset[Any] = importlib.import_module(GAMES[game]).RULESET
    return engine
