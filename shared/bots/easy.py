"""The easy bot: a random legal action, drawn from its own seeded generator.

Uniform choice among everything legal makes a Munchkin game last for ever (offering trades and swapping gear
are always legal, claiming a won fight is one option among dozens), so actions are drawn with weights by kind:
still random and legal, but moving the game on the way a careless real player would.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from collections.abc import Mapping
from itertools import accumulate
from typing import TypeVar

from ..rules.base import Action, Ruleset
from ..rules.rng import Rng

# Relative weight of each action kind for one action of that kind; unlisted kinds weigh 1.
PLAYOUT_WEIGHTS: Mapping[str, float] = {
    "claim_victory": 200.0,
    "choose_helper": 20.0,
    "volunteer": 3.0,
    "pass": 5.0,
    "finish_setup": 2.0,
    "kick_open_the_door": 2.0,
    "end_turn": 3.0,
    "equip": 3.0,
    "play_card": 2.0,
    "run_away": 0.3,
    "look_for_trouble": 0.3,
    "curse": 0.3,
    "offer_trade": 0.01,
    "give_item": 0.01,
    "discard_card": 0.05,
    "unequip": 0.05,
    "decline_trade": 0.5,
}
# Wonderland: most legal actions spend a Treasure (each change-a-die card offers a dozen faces), so a uniform
# choice throws its Gold away within a turn; these weights keep the easy bot random but less self-destructive.
WONDERLAND_WEIGHTS: Mapping[str, float] = {
    "change_die": 0.02,
    "play_treasure": 0.4,
    "take_back": 0.5,
    "ask_for_help": 0.5,
    "end_fight": 3.0,
}
# Kinds whose weight is shared by all their variants, so that one bribe-rich ask does not crowd out the rest.
SHARED_WEIGHT = ("ask_for_help", "use_one_shot", "curse", "go_up_a_level", "give_charity", "steal", "backstab")

S = TypeVar("S")  # the game's state: any game, as long as state and ruleset agree


class EasyBot:
    """Chooses among the legal actions at random; its generator is separate from the game's."""

    def __init__(self, seed: int, weights: Mapping[str, float] = PLAYOUT_WEIGHTS) -> None:
        self.rng = Rng.from_seed(seed)
        self.weights = weights

    def choose(self, ruleset: Ruleset[S], state: S, seat: int) -> Action | None:
        actions = list(ruleset.legal_actions(state, seat))
        if not actions:
            return None
        kinds = [a.kind for a in actions]
        # Each kind's ticks worked out once (a shared weight divided among its variants), then the running total
        # of every action's ticks: the pick is the first action whose running total passes it.
        weights = self.weights
        tick = {
            kind: max(1, int(weights.get(kind, 1.0) / (n if kind in SHARED_WEIGHT else 1) * 1000))
            for kind, n in Counter(kinds).items()
        }
        totals = list(accumulate(map(tick.__getitem__, kinds)))
        pick, self.rng = self.rng.below(totals[-1])
        return actions[bisect_right(totals, pick)]
