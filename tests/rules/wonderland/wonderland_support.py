"""Arranging Wonderland tables for tests: a fresh game, then the few fields a test cares about."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from doorkick.shared.rules.base import Action, Event, SeatSetup
from doorkick.shared.rules.rng import Rng
from doorkick.shared.rules.wonderland import RULESET
from doorkick.shared.rules.wonderland.state import Die, DieOwner, Fight, WonderlandState

ENGINE = RULESET


def table(players: int = 4, seed: int = 1, **changes: Any) -> WonderlandState:
    """A new game with empty hands, then `changes` applied (hands, positions, decks, phase, ...)."""
    seats = tuple(SeatSetup(f"Player {i + 1}") for i in range(players))
    state = RULESET.new_game(seats, seed)
    # Dealt cards go back under the deck so a test starts from hands it chose; cards stay conserved.
    dealt = tuple(c for hand in state.hands for c in hand)
    state = replace(state, hands=((),) * players, treasure_deck=state.treasure_deck + dealt)
    return arrange(state, **changes)


def arrange(state: WonderlandState, **changes: Any) -> WonderlandState:
    """Apply changes; cards given to hands, Friends or piles are taken out of the Treasure deck first."""
    moved: list[str] = []
    for key in ("hands", "friends"):
        if key in changes:
            changes[key] = tuple(tuple(h) for h in changes[key])
            moved += [c for h in changes[key] for c in h]
    if "treasure_discard" in changes:
        changes["treasure_discard"] = tuple(changes["treasure_discard"])
        moved += changes["treasure_discard"]
    if moved and "treasure_deck" not in changes:
        changes["treasure_deck"] = tuple(c for c in state.treasure_deck if c not in moved)
    if "monster_deck" in changes and "monster_discard" not in changes:
        # Cards named for the top of the Monster deck come first; the rest of the deck follows.
        top = tuple(changes["monster_deck"])
        rest = tuple(c for c in state.catalog.monsters if c not in top)
        changes["monster_deck"] = top + rest
    if "positions" in changes:
        changes["positions"] = tuple(changes["positions"])
    return replace(state, **changes)


def rolling(*faces: int) -> Rng:
    """An Rng whose next d6 rolls are exactly `faces` (found by trying seeds)."""
    for seed in range(1, 2_000_000):
        rng = Rng.from_seed(seed)
        probe = rng
        for face in faces:
            got, probe = probe.roll(6)
            if got != face:
                break
        else:
            return rng
    raise AssertionError(f"no seed rolls {faces}")


def fight(
    room: int, fighter: int = 0, cards: tuple[str, ...] = (), dice: tuple[tuple[DieOwner, int], ...] = (), **more: Any
) -> Fight:
    return Fight(
        room=room, fighter=fighter, monster_cards=cards, dice=tuple(Die(owner, face) for owner, face in dice), **more
    )


def play(state: WonderlandState, *actions: Action) -> tuple[WonderlandState, list[Event]]:
    """Apply actions in order, collecting every event."""
    events: list[Event] = []
    for action in actions:
        state, new = RULESET.apply(state, action)
        events += new
    return state, events


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def all_treasures(state: WonderlandState) -> list[str]:
    out = [c for h in state.hands for c in h] + [c for f in state.friends for c in f]
    out += list(state.treasure_deck) + list(state.treasure_discard)
    if state.fight is not None:
        out += list(state.fight.rewards)
    return out


def all_monsters(state: WonderlandState) -> list[str]:
    out = list(state.monster_deck) + list(state.monster_discard)
    if state.fight is not None:
        out += list(state.fight.monster_cards)
    return out
