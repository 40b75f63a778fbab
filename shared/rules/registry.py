"""The games DoorKick can host, by name."""

from __future__ import annotations

import importlib

from .base import Ruleset

GAMES = {
    "munchkin": "doorkick.shared.rules.munchkin",
    "wonderland": "doorkick.shared.rules.wonderland",
}


def ruleset(game: str) -> Ruleset[object]:
    """The engine of `game`; each game package exposes its engine as `RULESET`."""
    if game not in GAMES:
        raise KeyError(f"unknown game {game!r} (known: {', '.join(GAMES)})")
    engine: Ruleset[object] = importlib.import_module(GAMES[game]).RULESET
    return engine
