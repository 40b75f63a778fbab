"""Determinisation: a state a seat could be in, given only what it sees, with the hidden cards dealt at random.

A bot may not look at other hands, the deck order or the game's generator. `sample_state` keeps every public
record of the real state (levels, cards in play, the combat, discard tops, counts) and rebuilds every hidden one
from the pool of cards the seat cannot see (the catalogue minus everything public), shuffled by the bot's own
generator: other hands, both decks, the discards below their top card, and the state's `Rng`. The pool is what
is left of the catalogue after the public cards, so it never depends on where the hidden cards really lie: a
state whose hidden parts are scrambled gives the very same sample (tests/bots prove it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ..rules.base import Action, Ruleset
from ..rules.munchkin.state import Decision, GameState, Player, evolve
from ..rules.munchkin.view import seen_cards as munchkin_public_cards  # what the seat's view shows
from ..rules.rng import Rng
from ..rules.wonderland.state import WonderlandState
from ..rules.wonderland.view import seen_cards as wonderland_seen


def sample_munchkin(state: GameState, seat: int, rng: Rng) -> tuple[GameState, Rng]:
    """A Munchkin state consistent with `seat`'s view; the hidden cards dealt by `rng`."""
    seen = munchkin_public_cards(state, seat)
    defs = state.catalog.defs
    # Sorted first: the pool's order must not depend on anything but its contents.
    doors = sorted(c for c in defs if c not in seen and defs[c].deck == "door")
    treasures = sorted(c for c in defs if c not in seen and defs[c].deck == "treasure")
    doors_t, rng = rng.shuffled(doors)
    treasures_t, rng = rng.shuffled(treasures)
    door_list, treasure_list = list(doors_t), list(treasures_t)

    def take(pile: list[str], n: int) -> tuple[str, ...]:
        n = min(n, len(pile))
        out = tuple(pile[:n])
        del pile[:n]
        return out

    door_deck = take(door_list, len(state.door_deck))
    treasure_deck = take(treasure_list, len(state.treasure_deck))
    door_discard = state.door_discard
    if door_discard:
        door_discard = (*take(door_list, len(door_discard) - 1), door_discard[-1])
    treasure_discard = state.treasure_discard
    if treasure_discard:
        treasure_discard = (*take(treasure_list, len(treasure_discard) - 1), treasure_discard[-1])
    rest, rng = rng.shuffled(door_list + treasure_list)
    loose = list(rest)
    players: list[Player] = []
    for s, p in enumerate(state.players):
        if s == seat:
            players.append(p)
        else:
            players.append(evolve(p, hand=take(loose, len(p.hand)), received=()))
    decisions = tuple(
        evolve(d, cards=players[d.seat].hand[: len(d.cards)]) if d.kind == "lose_cards" and d.seat != seat else d
        for d in state.decisions
    )
    seed, rng = rng.next64()
    sampled = replace(
        state,
        rng=Rng.from_seed(seed),
        players=tuple(players),
        door_deck=door_deck,
        treasure_deck=treasure_deck,
        door_discard=door_discard,
        treasure_discard=treasure_discard,
        decisions=decisions,
    )
    return sampled, rng


def sample_wonderland(state: WonderlandState, seat: int, rng: Rng) -> tuple[WonderlandState, Rng]:
    """A Wonderland state consistent with `seat`'s view: other hands and both decks dealt by `rng`."""
    catalog = state.catalog
    seen = wonderland_seen(state, seat)
    fight = state.fight
    treasures_t, rng = rng.shuffled(sorted(c for c in catalog.treasures if c not in seen))
    pool = list(treasures_t)
    deck = tuple(pool[: len(state.treasure_deck)])
    del pool[: len(state.treasure_deck)]
    hands: list[tuple[str, ...]] = []
    for s, hand in enumerate(state.hands):
        if s == seat:
            hands.append(hand)
        else:
            hands.append(tuple(pool[: len(hand)]))
            del pool[: len(hand)]
    out_monsters: set[str] = set(state.monster_discard) | (set(fight.monster_cards) if fight else set())
    monsters, rng = rng.shuffled(sorted(c for c in catalog.monsters if c not in out_monsters))
    seed, rng = rng.next64()
    sampled = replace(
        state,
        rng=Rng.from_seed(seed),
        hands=tuple(hands),
        treasure_deck=deck,
        monster_deck=monsters[: len(state.monster_deck)],
    )
    return sampled, rng


def sample_state(state: Any, seat: int, rng: Rng) -> tuple[Any, Rng]:
    """Dispatch on the game: a determinised copy of `state` as `seat` could imagine it."""
    if isinstance(state, GameState):
        return sample_munchkin(state, seat, rng)
    if isinstance(state, WonderlandState):
        return sample_wonderland(state, seat, rng)
    raise TypeError(f"no sampler for {type(state).__name__}")


class SamplingBot:
    """The bot contract for bots that reason on a sample: no choice to make is answered at once, any other is
    made by `decide_on_sample`, given a state dealt from what the seat sees (and the real one, to deal more)."""

    rng: Rng

    def choose(self, ruleset: Ruleset[Any], state: Any, seat: int) -> Action | None:
        actions = list(ruleset.legal_actions(state, seat))
        if not actions:
            return None
        if len(actions) == 1:
            return actions[0]
        sample, self.rng = sample_state(state, seat, self.rng)
        return self.decide_on_sample(sample, state, seat, actions)

    def decide_on_sample(self, sample: Any, state: Any, seat: int, actions: Sequence[Action]) -> Action | None:
        raise NotImplementedError


__all__ = [
    "Decision",
    "SamplingBot",
    "munchkin_public_cards",
    "sample_munchkin",
    "sample_state",
    "sample_wonderland",
]
