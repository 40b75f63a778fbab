"""What a helper would change in a fight, before anyone answers (M31, M32): the strength a seat would add,
the monsters' strength then (a monster's bonus against the helper's race, class or sex counts), and what an
item handed over as a bribe costs the fighter's side. Pure: it only reads the state."""

from __future__ import annotations

from dataclasses import dataclass

from .combat import fighters_strength, fighters_win, monsters_strength
from .fight import help_candidates
from .state import Combat, GameState, evolve
from .table import move_items


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


def help_preview(state: GameState, seat: int, items: tuple[str, ...] = ()) -> HelpPreview:
    """The fight as it would stand with `seat` helping, the bribe's `items` handed over first (they arrive
    sideways, M24, so they count for neither side until equipped)."""
    combat = _fight(state)
    if seat == combat.fighter or not 0 <= seat < len(state.players):
        raise ValueError(f"seat {seat} cannot help in this fight")
    before = fighters_strength(state, combat)
    after = move_items(state, combat.fighter, seat, items) if items else state
    helped = evolve(combat, helper=seat)
    fighters = fighters_strength(after, helped)
    return HelpPreview(seat, fighters - before, fighters, monsters_strength(after, helped), fighters_win(after, helped))


def help_previews(state: GameState, items: tuple[str, ...] = ()) -> tuple[HelpPreview, ...]:
    """A preview for every seat that could be asked now (none once there is a helper)."""
    combat = _fight(state)
    if combat.helper is not None:
        return ()
    return tuple(help_preview(state, seat, items) for seat in help_candidates(state, combat))


def bribe_cost(state: GameState, item: str) -> int:
    """The strength the fighter's side loses by handing `item` over (0 for an item carried, not worn)."""
    combat = _fight(state)
    takers = help_candidates(state, combat)
    if not takers:
        return 0
    without = move_items(state, combat.fighter, takers[0], (item,))
    return fighters_strength(state, combat) - fighters_strength(without, combat)
