"""The only source of randomness in a game: a seeded, serialisable generator kept in the game state.

Every function is pure: it takes an `Rng` and returns the result with the advanced `Rng`, so a game replays
exactly from its seed and action log, whatever the process's global `random` does.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")

_MASK64 = (1 << 64) - 1


@dataclass(frozen=True, slots=True)
class Rng:
    """SplitMix64: tiny state (one integer), good statistical quality, trivially serialised."""

    state: int

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        return cls(seed & _MASK64)

    def next64(self) -> tuple[int, Rng]:
        state = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31), Rng(state)

    def below(self, n: int) -> tuple[int, Rng]:
        """A uniform integer in [0, n), by rejection so that no value is favoured."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        state = self.state
        while True:  # `next64` written out: one generator made for the answer, not one per step
            state = (state + 0x9E3779B97F4A7C15) & _MASK64
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
            value = z ^ (z >> 31)
            if value < limit:
                out = _new(Rng)  # `Rng(state)` without the frozen record's per-field call: asked every action
                _set_state(out, state)
                return value % n, out

    def roll(self, sides: int = 6) -> tuple[int, Rng]:
        """One die: 1..sides."""
        value, rng = self.below(sides)
        return value + 1, rng

    def throw_seed(self) -> int:
        """A seed for showing a die roll (the same throw on every screen), without advancing the generator.

        A one-way digest of the state, so the seed sent to every client tells nothing about rolls to come."""
        digest = hashlib.blake2b(self.state.to_bytes(8, "little"), digest_size=4, person=b"doorkick-dice")
        return int.from_bytes(digest.digest(), "little")

    def shuffled(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """A Fisher-Yates shuffle of `items` (left untouched)."""
        out = list(items)
        rng = self
        for i in range(len(out) - 1, 0, -1):
            j, rng = rng.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return tuple(out), rng


_new = object.__new__
_set_state = vars(Rng)["state"].__set__  # the slot's own descriptor


@dataclass(frozen=True, slots=True)
class ScriptedRng(Rng):
    """A generator with die faces written down first (a scenario's `dice`, docs/scenarios.md): the next d6 rolls
    give them in order, then the seeded generator rolls on. Shuffles leave the script alone. A game not set up
    from a scenario never has one, so the plain `Rng` on the engine's hot path stays a single integer."""

    dice: tuple[int, ...] = ()

    @classmethod
    def of(cls, rng: Rng, dice: tuple[int, ...]) -> Rng:
        return cls(rng.state, dice) if dice else Rng(rng.state)

    def next64(self) -> tuple[int, Rng]:
        value, rng = Rng.next64(self)
        return value, ScriptedRng(rng.state, self.dice)

    def below(self, n: int) -> tuple[int, Rng]:
        value, rng = Rng.below(Rng(self.state), n)
        return value, ScriptedRng(rng.state, self.dice)

    def roll(self, sides: int = 6) -> tuple[int, Rng]:
        if self.dice and 1 <= self.dice[0] <= sides:
            return self.dice[0], ScriptedRng.of(self, self.dice[1:])
        return Rng.roll(self, sides)
