"""Clocks made for people (R01), the parts without a screen: a local game's pass clocks, kept as a host keeps its
own, and which seats in a reaction window hold something they could play.

A host (server/match.py) and a `LocalSession` agree: a human seat the table waits for, with a `pass` to play,
gets the rules' reaction time (or the help call's clock where the rules set none); every action at the table
starts the clocks again; a clock that runs out plays `pass` and says so with a timer of kind "out".
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

from ..shared.protocol import HOLD_SECONDS
from ..shared.rules.base import Action
from ..shared.rules.munchkin.actions import (
    AcceptTrade,
    DeclineTrade,
    DiscardCard,
    Equip,
    GiveCharity,
    GiveItem,
    GiveToHireling,
    OfferTrade,
    Pass,
    Sell,
    Unequip,
)
from ..shared.rules.munchkin.view import MunchkinView
from ..shared.viewer import GameView, ViewerState

# Action kinds that change nothing in a fight: a reaction window does not wait for a seat that has only these
# (and `pass`) to offer. Any other kind (a new one included) counts as something the seat could play.
ASIDE_KINDS: tuple[type[Action], ...] = (
    Pass,
    GiveItem,
    Equip,
    Unequip,
    GiveToHireling,
    OfferTrade,
    AcceptTrade,
    DeclineTrade,
    DiscardCard,
    Sell,
    GiveCharity,
)


def in_reaction_window(view: GameView) -> bool:
    """Whether the table is in a reaction window: the fighters claimed victory or run, the others may react."""
    return isinstance(view, MunchkinView) and view.combat is not None and view.combat.step == "window"


def could_react(legal: Iterable[Action]) -> bool:
    """Whether any of these legal actions plays something into the fight (not only passing or housekeeping)."""
    return any(not isinstance(a, ASIDE_KINDS) for a in legal)


def nothing_to_play(state: ViewerState | None, legal: Sequence[Action], seat: int) -> bool:
    """A seat waited for in a reaction window that can do nothing there but pass (`legal`: its actions in
    `state`): it may be passed for at once."""
    if state is None:
        return False
    return (
        seat in state.to_act
        and in_reaction_window(state.view)
        and any(isinstance(a, Pass) for a in legal)
        and not could_react(legal)
    )


def window_key(state: ViewerState) -> tuple[Any, ...]:
    """What tells one wait apart from the next: the turn, the combat's step and its fighter (a card played in a
    window reopens it, but it stays the same window)."""
    combat = state.view.combat if isinstance(state.view, MunchkinView) else None
    return state.turn, combat.step if combat is not None else None, combat.fighter if combat is not None else None


class LocalClocks:
    """The pass clocks of the human seats of a local game: seat -> (kind, seconds left), the shape a host's
    `timer` messages give a `NetSession`."""

    def __init__(self) -> None:
        self.left: dict[int, tuple[str, float]] = {}
        self.held: set[int] = set()

    def restart(self, may_pass: Iterable[int], reaction: float | None) -> None:
        """After every action: each seat in `may_pass` (waited for, with a `pass`) gets a full clock, in a
        reaction window only. Elsewhere a pass withdraws something (the fighter's call for help): that is a
        decision, and no clock makes it for the player."""
        seconds = reaction
        self.left.clear()
        self.held.clear()
        if seconds is None or seconds == math.inf:  # no window, or a table without a reaction timer
            return
        for seat in may_pass:
            self.left[seat] = ("pass", seconds)

    def tick(self, dt: float, at_screen: set[int] | None) -> list[int]:
        """Count down the clocks of the seats at the screen (None: every seat); returns those that ran out."""
        out = []
        for seat, (kind, seconds) in list(self.left.items()):
            if at_screen is not None and seat not in at_screen:
                continue
            seconds -= dt
            if seconds <= 0:
                del self.left[seat]
                out.append(seat)
            else:
                self.left[seat] = (kind, seconds)
        return out

    def hold(self, seat: int) -> None:
        """A menu opened late: once per clock, top it up to `HOLD_SECONDS` (as a host does on `hold`)."""
        clock = self.left.get(seat)
        if clock is None or seat in self.held or clock[1] >= HOLD_SECONDS:
            return
        self.held.add(seat)
        self.left[seat] = (clock[0], HOLD_SECONDS)
