"""Bot players that act only from a seat's view and its legal actions; `make_bot(game, level, seed)` builds one.

Levels, for both games:
- `easy`: a random legal action, weighted by kind (`easy.EasyBot`);
- `normal`: a heuristic player (`munchkin_normal.MunchkinNormal`, `wonderland_normal.WonderlandNormal`);
- `hard`: determinised look-ahead (`hard.HardBot`): deals the unseen cards consistently with what the seat
  sees, and weighs the normal player's best few options by short playouts.

Every bot has `choose(ruleset, state, seat) -> Action | None`. It reads the real state only through
`ruleset.legal_actions(state, seat)`, `ruleset.player_view(state, seat)` and the public records the view is
made of; hidden cards are dealt afresh by `sampling.sample_state`. None means "no action from me now": no legal
action, or (Wonderland) a helper keeping its cards while the fighter, who always has a move, decides.
"""

from __future__ import annotations

from typing import Any, Protocol

from ..rules.base import Action, Ruleset

LEVELS = ("easy", "normal", "hard")
GAMES = ("munchkin", "wonderland")  # games with normal and hard bots; any game has easy ones
# Levels whose decisions take long enough (up to half a second) to be made off the event loop or frame loop.
THINKS_LONG = frozenset({"hard"})


class Bot(Protocol):
    def choose(self, ruleset: Ruleset[Any], state: Any, seat: int) -> Action | None: ...


def level_for(game: str, level: str) -> str:
    """The level a table can have: a game without heuristic bots (a test game, say) gets easy ones."""
    return level if game in GAMES else "easy"


def make_bot(game: str, level: str, seed: int) -> Bot:
    """A bot for `game` ("munchkin" or "wonderland") at `level` ("easy", "normal" or "hard").

    Easy bots play any game (a random legal action); the other levels know only the games in `GAMES`.
    """
    if level not in LEVELS:
        raise ValueError(f"bot level must be one of {', '.join(LEVELS)}, not {level!r}")
    if game not in GAMES and level != "easy":
        raise ValueError(f"no {level} bots for game {game!r}: only {', '.join(GAMES)} have them")
    if level == "easy":
        from .easy import PLAYOUT_WEIGHTS, WONDERLAND_WEIGHTS, EasyBot

        return EasyBot(seed, WONDERLAND_WEIGHTS if game == "wonderland" else PLAYOUT_WEIGHTS)
    if level == "normal":
        if game == "munchkin":
            from .munchkin_normal import MunchkinNormal

            return MunchkinNormal(seed)
        from .wonderland_normal import WonderlandNormal

        return WonderlandNormal(seed)
    from .hard import HardBot

    return HardBot(game, seed)


__all__ = ["GAMES", "LEVELS", "THINKS_LONG", "Bot", "level_for", "make_bot"]
