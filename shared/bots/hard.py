"""The hard bot: determinised look-ahead. It imagines the hidden cards, tries its best options and plays on.

For a decision with more than one sensible option it deals `samples` states consistent with what the seat
sees (`sampling.sample_state`), and for each option applies it to every sample and lets the normal policy play
every seat until the current turn is over (Wonderland: `turns` more turns; at most `horizon` actions). Each
option is scored by the end states' fitted chance of winning for the bot's seat (a model per game, fitted on
games of four normal bots); the best mean wins, ties going to the normal policy's order. The same samples
and the same dice serve every option (common random numbers), so options are compared on equal luck.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from ..rules.base import Action, RuleError, Ruleset
from ..rules.munchkin import RULESET as MUNCHKIN
from ..rules.munchkin import actions as m
from ..rules.munchkin.character import gear_bonus
from ..rules.munchkin.state import GameState
from ..rules.rng import Rng
from ..rules.wonderland import RULESET as WONDERLAND
from ..rules.wonderland import actions as w
from ..rules.wonderland.state import WonderlandState, friends_bonus, gold
from .munchkin_normal import MunchkinNormal, card_worth
from .sampling import SamplingBot, sample_state
from .wonderland_normal import WonderlandNormal, treasure_value

# Munchkin kinds worth a second look beyond the normal policy's own list.
MUNCHKIN_ALTERNATIVES: tuple[type[Action], ...] = (
    m.ClaimVictory,
    m.AskForHelp,
    m.RunAway,
    m.UseOneShot,
    m.EnhanceMonster,
    m.WanderingMonster,
    m.PlayMate,
    m.Volunteer,
    m.DeclineHelp,
    m.ChooseHelper,
    m.Pass,
    m.LookForTrouble,
    m.LootTheRoom,
    m.Berserk,
    m.TurnUndead,
)
WONDERLAND_ALTERNATIVES: tuple[type[Action], ...] = (
    w.Move,
    w.ChangeDie,
    w.PlayTreasure,
    w.AskForHelp,
    w.EndFight,
    w.AcceptHelp,
    w.DeclineHelp,
    w.PlayFriend,
    w.TakeBack,
    w.PickTreasure,
    w.Discard,
    w.Roll,
)

# Per game: samples dealt, options weighed, playout length (actions; turns begun after the current one),
# the mean gain needed to overrule the normal policy (Munchkin: in thousandths of a win), a budget of playout
# actions that bounds the slowest decisions (counted, not timed, so choices replay exactly) and (Wonderland)
# the weight of the next move's worth, counted as Gold in hand.
SETTINGS: dict[str, dict[str, float]] = {
    "munchkin": {"samples": 24, "options": 4, "horizon": 120, "turns": 0, "margin": 5.0, "budget": 3600},
    "wonderland": {
        "samples": 48,
        "options": 4,
        "horizon": 120,
        "turns": 3,
        "margin": 0.0,
        "budget": 12000,
        "position": 0.5,
    },
}


def munchkin_features(state: GameState, seat: int) -> dict[str, float]:
    """What the Munchkin win model reads of one seat: its level, gear and hand, the rivals' levels (highest
    first) and the leading rival's gear, and how many turns until its own (0: it is its turn)."""
    players = state.players
    p = players[seat]
    rivals = sorted(
        (s for s in range(len(players)) if s != seat),
        key=lambda s: (players[s].level, gear_bonus(state, players[s])),
        reverse=True,
    )
    # The model was fitted on games to level 10; in a longer game (Epic: 20) a level counts as its share of
    # the way to the win, so level 18 of 20 reads like 9 of 10.
    scale = 10.0 / state.options.win_level
    levels = [players[s].level * scale for s in rivals] + [1.0, 1.0, 1.0]
    hand = sorted((card_worth(state.card(c)) for c in p.hand), reverse=True)[:5]
    return {
        "level": p.level * scale,
        "gear": float(gear_bonus(state, p)),
        "cards": float(len(p.hand)),
        "hand": float(sum(hand)),
        "r1": levels[0],
        "r2": levels[1],
        "r3": levels[2],
        "r1_gear": float(gear_bonus(state, players[rivals[0]])) if rivals else 0.0,
        "until": float((seat - state.active) % len(players)),
        "dead": float(p.dead),
    }


# A Munchkin seat's chance of winning at the start of a turn, fitted by logistic regression on 2,000 games of
# four normal bots (328,480 seat-turns: `bench/munchkin_win_data.py 2000 100000 ROWS`, then
# bench/munchkin_win_fit.py). logit = c + the terms below x `munchkin_features`; levels above 7 and 8 count
# extra (the last levels are the hard ones), for the seat and for its leading rival; a gear point counts about
# two thirds of a level, since every fight is level plus gear. The features' "cards" and "dead" added nothing.
MUNCHKIN_WIN_MODEL = {
    "c": -1.1514,
    "level": 0.2219,
    "level>7": 0.2052,
    "level>8": 0.1104,
    "r1": -0.1210,
    "r1>7": -0.1118,
    "r1>8": -0.0137,
    "r2": -0.0854,
    "r3": -0.0804,
    "gear": 0.1477,
    "r1_gear": -0.0767,
    "hand": 0.0143,
    "until": -0.0929,
}


def munchkin_win_chance(f: dict[str, float]) -> float:
    """The fitted chance of winning from `munchkin_features`."""
    m = MUNCHKIN_WIN_MODEL
    z = m["c"] + sum(m[k] * f[k] for k in ("level", "r1", "r2", "r3", "gear", "r1_gear", "hand", "until"))
    for k in ("level", "r1"):
        z += m[k + ">7"] * max(f[k] - 7.0, 0.0) + m[k + ">8"] * max(f[k] - 8.0, 0.0)
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


# A Wonderland seat's chance of winning at the start of a turn, fitted by logistic regression on 1,500 games of
# four normal bots (263,516 seat-turns): logit = c + lead x (d + d*r x r) + Friends x (f + f*r x r)
# + the richest rival's Friends x (mf + mf*r x r) + h x cards in hand + r x r, where the lead is Gold over the
# richest rival and r the share of the 58 Treasures still in the deck. A Gold lead counts little at the start
# (every fight is still to come) and a lot at the end; a Friend's bonus point is worth about 5 Gold at the
# start and a fifth of one at the end.
WIN_MODEL = {
    "c": -1.986,
    "d": 0.411,
    "d*r": -0.355,
    "f": 0.074,
    "f*r": 0.202,
    "mf": -0.053,
    "mf*r": -0.040,
    "h": 0.135,
    "r": 0.589,
}


def win_chance(lead: float, friends: float, rival_friends: float, hand: int, deck: int) -> float:
    """The fitted chance of winning from a Gold lead (negative: behind), Friends, hand size and deck left."""
    m = WIN_MODEL
    r = deck / 58.0
    z = (
        m["c"]
        + lead * (m["d"] + m["d*r"] * r)
        + friends * (m["f"] + m["f*r"] * r)
        + rival_friends * (m["mf"] + m["mf*r"] * r)
        + m["h"] * hand
        + m["r"] * r
    )
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def next_move_value(policy: WonderlandNormal, state: WonderlandState, seat: int) -> float:
    """The Gold the seat's next move is worth from where it stands: the best destination for each face."""
    board = state.board
    rooms = {r: policy.fight_value(state, seat, r) for r in board.rooms}
    g = treasure_value(state.catalog)
    worth = {"treasure": g, "entrance": g + sum(rooms.values()) / len(rooms), "roll_again": 0.4 * g}

    def value(space_id: str) -> float:
        space = board.spaces[space_id]
        if space.kind in ("room", "monster"):
            return rooms[space.room]
        return worth.get(space.kind, 0.0)

    start = state.positions[seat]
    return sum(max(value(p[-1]) for p in board.paths(start, face)) for face in range(1, 7)) / 6


class CachedWonderlandNormal(WonderlandNormal):
    """The normal Wonderland policy with its fight odds remembered: the same choices, ~2.5 times faster.

    A fight's worth depends only on the Room, the unseen Monster cards (the discards and the fight's cards
    say which), the seat's Friends and its hand, so those are the key.
    """

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.fights: dict[tuple[object, ...], float] = {}
        self.moves: dict[tuple[object, ...], float] = {}

    def fight_value(self, s: WonderlandState, me: int, room_number: int) -> float:
        fight = s.fight
        key = (room_number, s.monster_discard, fight.monster_cards if fight else (), s.friends[me], s.hands[me])
        known = self.fights.get(key)
        if known is None:
            if len(self.fights) > 20_000:
                self.fights.clear()
            known = self.fights[key] = super().fight_value(s, me, room_number)
        return known

    def next_move(self, s: WonderlandState, me: int) -> float:
        """`next_move_value`, remembered by the same key plus where the seat stands."""
        fight = s.fight
        key = (s.positions[me], s.monster_discard, fight.monster_cards if fight else (), s.friends[me], s.hands[me])
        known = self.moves.get(key)
        if known is None:
            if len(self.moves) > 20_000:
                self.moves.clear()
            known = self.moves[key] = next_move_value(self, s, me)
        return known


class HardBot(SamplingBot):
    """Look-ahead over the normal policy's options: `samples` x options short playouts, scored from its seat."""

    level = "hard"

    def __init__(self, game: str, seed: int, **tuning: float) -> None:
        self.game = game
        settings = {**SETTINGS[game], **tuning}
        self.samples = int(settings["samples"])
        self.options = int(settings["options"])
        self.horizon = int(settings["horizon"])  # actions at most in one playout
        self.turns = int(settings["turns"])  # turns a playout may begin after the current one
        self.margin = settings["margin"]  # mean gain needed to overrule the normal policy
        self.budget = int(settings["budget"])  # playout actions after which no further sample is begun
        self.position = settings.get("position", 0.0)  # Gold per Gold of the next move's worth (Wonderland)
        self.steps = 0
        self.rng = Rng.from_seed(seed ^ 0x4A2D)
        self.policy: MunchkinNormal | WonderlandNormal
        if game == "munchkin":
            self.engine: Ruleset[Any] = MUNCHKIN
            self.policy = MunchkinNormal(seed)
            self.alternatives = MUNCHKIN_ALTERNATIVES
        else:
            self.engine = WONDERLAND
            self.policy = CachedWonderlandNormal(seed)
            self.alternatives = WONDERLAND_ALTERNATIVES
        self.playout_policy = MunchkinNormal(seed + 1) if game == "munchkin" else CachedWonderlandNormal(seed + 1)

    def decide_on_sample(self, first: Any, state: Any, seat: int, actions: Sequence[Action]) -> Action | None:
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
        seen_kinds = {type(a) for a in out}
        for a in actions:
            if len(out) >= self.options + 2:
                break
            if type(a) not in self.alternatives or a in out or not self._sensible(s, seat, a):
                continue
            if type(a) not in seen_kinds or isinstance(a, w.Move | w.ChangeDie):
                out.append(a)
                seen_kinds.add(type(a))
        return out

    def _sensible(self, s: Any, seat: int, a: Action) -> bool:
        """Leave out options that only hurt ourselves: a bonus for the other side, a curse on our own seat."""
        if not isinstance(s, GameState) or s.combat is None:
            return True
        ours = seat in s.combat.fighters
        if isinstance(a, m.UseOneShot) and (a.side == "fighters") != ours:
            return False
        return getattr(a, "target", -1) != seat or isinstance(a, m.GoUpALevel)

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
        if isinstance(state, WonderlandState):
            return self._wonderland_chance(state, seat)
        # Munchkin: 1000 x the fitted chance of winning; a finished game counts the share of the win it gave.
        result = self.engine.outcome(state)
        if result is not None:
            return 1000.0 * (seat in result.winners) / len(result.winners)
        return 1000.0 * munchkin_win_chance(munchkin_features(state, seat))

    def _wonderland_chance(self, state: WonderlandState, seat: int) -> float:
        """1000 x (2 x the chance of winning - 1); a finished game counts the share of the win it gave."""
        result = WONDERLAND.outcome(state)
        if result is not None:
            return 1000.0 * (2.0 * (seat in result.winners) / len(result.winners) - 1.0)
        mine = float(gold(state, seat))
        if self.position:
            assert isinstance(self.playout_policy, CachedWonderlandNormal)
            mine += self.position * self.playout_policy.next_move(state, seat)
        rivals = [s for s in range(state.players) if s != seat]
        lead = mine - max(gold(state, s) for s in rivals)
        rival_friends = max(friends_bonus(state, s) for s in rivals)
        chance = win_chance(
            lead, friends_bonus(state, seat), rival_friends, len(state.hands[seat]), len(state.treasure_deck)
        )
        return 1000.0 * (2.0 * chance - 1.0)
