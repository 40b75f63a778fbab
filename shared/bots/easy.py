"""The easy bot: a uniformly random legal action, drawn from its own seeded generator."""

from __future__ import annotations

from ..rules.base import Action, Ruleset
from ..rules.rng import Rng


class EasyBot:
    """Chooses among the legal actions at random; its generator is separate from the game's."""

    def __init__(self, seed: int) -> None:
        self.rng = Rng.from_seed(seed)

    def choose(self, ruleset: Ruleset[object], state: object, seat: int) -> Action | None:
        actions = list(ruleset.legal_actions(state, seat))
        if not actions:
            return None
        index, self.rng = self.rng.below(len(actions))
        return actions[index]
