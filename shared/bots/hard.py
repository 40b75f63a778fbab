"""The hard bot: determinised look-ahead. It imagines the hidden cards, tries its best options and plays on.

For a decision with more than one sensible option it deals `samples` states consistent with what the seat
sees (`sampling.sample_state`), and for each option applies it to every sample and lets the normal policy play
every seat until the current turn is over (or `horizon` actions). Each option is scored by an evaluation of
the end states from the bot's seat (its standing against the best rival); the best mean wins, ties going to
the normal policy's order. The same samples and the same dice serve every option (common random numbers), so
options are compared on equal luck.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..rules.base import Action, RuleError, Ruleset
from ..rules.munchkin import RULESET as MUNCHKIN
from ..rules.munchkin.character import gear_bonus
from ..rules.munchkin.state import GameState
from ..rules.rng import Rng
from ..rules.wonderland import RULESET as WONDERLAND
from ..rules.wonderland.state import WonderlandState, friends_bonus, gold
from .munchkin_normal import MunchkinNormal, card_worth
from .sampling import sample_state
from .wonderland_normal import WonderlandNormal

# Munchkin kinds worth a second look beyond the normal policy's own list.
MUNCHKIN_ALTERNATIVES = (
    "claim_victory", "ask_for_help", "run_away", "use_one_shot", "enhance_monster", "wandering_monster",
    "play_mate", "volunteer", "decline_help", "choose_helper", "pass", "look_for_trouble", "loot_the_room",
    "berserk", "turn_undead",
)
WONDERLAND_ALTERNATIVES = (
    "move", "change_die", "play_treasure", "ask_for_help", "end_fight", "accept_help", "decline_help",
    "play_friend", "take_back", "pick_treasure", "discard", "roll",
)

# Per game: samples dealt, options weighed, playout length (actions; turns begun after the current one),
# the mean gain needed to overrule the normal policy, the weight of the best rival in the evaluation, and a
# budget of playout actions that bounds the slowest decisions (counted, not timed, so choices replay exactly).
SETTINGS: dict[str, dict[str, float]] = {
    "munchkin": {"samples": 8, "options": 4, "horizon": 120, "turns": 0, "margin": 1.5, "rival": 0.5,
                 "budget": 1200},
    "wonderland": {"samples": 24, "options": 4, "horizon": 120, "turns": 3, "margin": 0.0, "rival": 0.5,
                   "budget": 6000},
}


def munchkin_score(state: GameState, seat: int) -> float:
    """Standing of one seat: levels count most, then gear, then cards in hand."""
    p = state.players[seat]
    hand = sorted((card_worth(state.card(c)) for c in p.hand), reverse=True)[:5]
    return 10.0 * p.level + 1.5 * gear_bonus(state, p) + 0.3 * sum(hand) - (3.0 if p.dead else 0.0)


def wonderland_score(state: WonderlandState, seat: int) -> float:
    return gold(state, seat) + 0.8 * friends_bonus(state, seat) + 0.2 * len(state.hands[seat])


class HardBot:
    """Look-ahead over the normal policy's options; `samples` x options playouts of one turn each."""

    level = "hard"

    def __init__(self, game: str, seed: int, **tuning: float) -> None:
        self.game = game
        settings = {**SETTINGS[game], **tuning}
        self.samples = int(settings["samples"])
        self.options = int(settings["options"])
        self.horizon = int(settings["horizon"])  # actions at most in one playout
        self.turns = int(settings["turns"])  # turns a playout may begin after the current one
        self.margin = settings["margin"]  # mean gain needed to overrule the normal policy
        self.rival = settings["rival"]  # weight of the best rival's standing in the evaluation
        self.budget = int(settings["budget"])  # playout actions after which no further sample is begun
        self.steps = 0
        self.rng = Rng.from_seed(seed ^ 0x4A2D)
        self.policy: MunchkinNormal | WonderlandNormal
        if game == "munchkin":
            self.engine: Ruleset[Any] = MUNCHKIN
            self.policy = MunchkinNormal(seed)
            self.score: Callable[[Any, int], float] = munchkin_score
            self.alternatives: tuple[str, ...] = MUNCHKIN_ALTERNATIVES
        else:
            self.engine = WONDERLAND
            self.policy = WonderlandNormal(seed)
            self.score = wonderland_score
            self.alternatives = WONDERLAND_ALTERNATIVES
        self.playout_policy = MunchkinNormal(seed + 1) if game == "munchkin" else WonderlandNormal(seed + 1)

    def choose(self, ruleset: Ruleset[Any], state: Any, seat: int) -> Action | None:
        actions = list(ruleset.legal_actions(state, seat))
        if not actions:
            return None
        if len(actions) == 1:
            return actions[0]
        first, self.rng = sample_state(state, seat, self.rng)
        ranked = self.policy.ranked(first, seat, actions)
        candidates = self._candidates(first, seat, ranked, actions)
        if len(candidates) <= 1:
            return candidates[0] if candidates else None
        totals = [0.0] * len(candidates)
        samples = [first]
        for _ in range(self.samples - 1):
            sample, self.rng = sample_state(state, seat, self.rng)
            samples.append(sample)
        self.steps = 0
        used = 0
        for sample in samples:
            for i, action in enumerate(candidates):
                totals[i] += self._playout_value(sample, seat, action)
            used += 1
            if self.steps > self.budget:  # a long decision stops early, after whole samples: still fair
                break
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        # Playouts are short and noisy: leave the normal policy's choice only for a clear gain.
        if (totals[best] - totals[0]) / used < self.margin:
            return candidates[0]
        return candidates[best]

    def _candidates(self, s: Any, seat: int, ranked: Sequence[Action], actions: Sequence[Action]) -> list[Action]:
        out = list(ranked[: self.options])
        if not out and self.game == "wonderland":
            return []  # a helper keeping its cards: nothing to weigh
        seen_kinds = {a.kind for a in out}
        for a in actions:
            if len(out) >= self.options + 2:
                break
            if a.kind not in self.alternatives or a in out or not self._sensible(s, seat, a):
                continue
            if a.kind not in seen_kinds or a.kind in ("move", "change_die"):
                out.append(a)
                seen_kinds.add(a.kind)
        return out

    def _sensible(self, s: Any, seat: int, a: Action) -> bool:
        """Leave out options that only hurt ourselves: a bonus for the other side, a curse on our own seat."""
        if not isinstance(s, GameState) or s.combat is None:
            return True
        ours = seat in s.combat.fighters
        side = getattr(a, "side", None)
        if a.kind == "use_one_shot" and side is not None and (side == "fighters") != ours:
            return False
        return getattr(a, "target", -1) != seat or a.kind == "go_up_a_level"

    def _playout_value(self, sample: Any, seat: int, action: Action) -> float:
        engine = self.engine
        try:
            state, _ = engine.apply(sample, action)
        except RuleError:
            return -1e9
        last_turn = engine.turn_number(sample) + self.turns
        policy = self.playout_policy
        for _ in range(self.horizon):
            if engine.outcome(state) is not None or engine.turn_number(state) > last_turn:
                break
            moved = False
            self.steps += 1
            for s in sorted(engine.seats_to_act(state)):
                legal = list(engine.legal_actions(state, s))
                if not legal:
                    continue
                choice = legal[0] if len(legal) == 1 else policy.decide(state, s, legal)
                if choice is None:
                    continue
                state, _ = engine.apply(state, choice)
                moved = True
                break
            if not moved:
                break
        return self._evaluate(state, seat)

    def _evaluate(self, state: Any, seat: int) -> float:
        result = self.engine.outcome(state)
        if result is not None:
            if seat in result.winners:
                return 1000.0 / len(result.winners)
            return -1000.0
        players = range(len(state.players) if isinstance(state, GameState) else state.players)
        mine = self.score(state, seat)
        rival = max(self.score(state, s) for s in players if s != seat)
        return mine - self.rival * rival
