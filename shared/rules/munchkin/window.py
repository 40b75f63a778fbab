"""The reaction window (M25): before a victory or an escape is resolved, every living player not fighting may
still play cards; once all of them pass, the window closes and the victory, or the running away, goes ahead."""

from __future__ import annotations

from ..base import Event
from .combat import fighters_win, resolve_victory, window_seats
from .events import ReactionWindow, VictoryDenied
from .flight import begin_flight
from .kinds import Resolving
from .state import GameState, evolve


def open_window(state: GameState, resolving: Resolving) -> tuple[GameState, list[Event]]:
    combat = state.combat
    assert combat is not None
    combat = evolve(combat, step="window", resolving=resolving, passed=())
    state = evolve(state, combat=combat)
    events: list[Event] = [ReactionWindow(resolving=resolving)]
    if not window_seats(state, combat):
        state, more = close_window(state)
        events += more
    return state, events


def close_window(state: GameState) -> tuple[GameState, list[Event]]:
    combat = state.combat
    assert combat is not None
    if combat.resolving == "flee":
        return begin_flight(state)
    if fighters_win(state, combat):
        return resolve_victory(state)
    state = evolve(state, combat=evolve(combat, step="fight", resolving="", passed=()))
    return state, [VictoryDenied()]
