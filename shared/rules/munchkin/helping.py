"""What a helper would change in a fight, before anyone answers (M31, M32): the strength a seat would add and
the monsters' strength then (a monster's bonus against the helper's race, class or sex counts). A bribe's items
change hands only after the combat (R06), so they change nothing here. Pure: it only reads the state."""

from __future__ import annotations

from dataclasses import dataclass

from .combat import fighters_strength, fighters_win, monsters_strength
from .fight import help_candidates
from .state import Combat, GameState, evolve


@dataclass(frozen=True, slots=True)
class HelpPreview:
    seat: int  # the seat that would help
    adds: int  # the fighters' strength with this helper minus their strength now
    fighters: int  # the fighters' strength with this helper
    monsters: int  # the monsters' strength with this helper in the fight
    winning: bool  # whether the fighters would then be winning


def _fight(state: GameState) -> Combat:
    combat = state.combat
    if combat is None:
        raise ValueError("there is no fight to help in")
    return combat


def help_preview(state: GameState, seat: int) -> HelpPreview:
    """The fight as it would stand with `seat` helping."""
    combat = _fight(state)
    if seat == combat.fighter or not 0 <= seat < len(state.players):
        raise ValueError(f"seat {seat} cannot help in this fight")
    before = fighters_strength(state, combat)
    helped = evolve(combat, helper=seat)
    fighters = fighters_strength(state, helped)
    return HelpPreview(seat, fighters - before, fighters, monsters_strength(state, helped), fighters_win(state, helped))


def help_previews(state: GameState) -> tuple[HelpPreview, ...]:
    """A preview for every seat that could be asked now (none once there is a helper)."""
    combat = _fight(state)
    if combat.helper is not None:
        return ()
    return tuple(help_preview(state, seat) for seat in help_candidates(state, combat))
