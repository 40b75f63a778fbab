"""The normal Wonderland bot: picks destinations by expected Gold and risk, spends cards only when they pay.

Like the Munchkin bot it reasons on a sample (`sampling.sample_wonderland`) whose public part is the real
game: its own hand, positions, Friends in play, the face-up discards and the fight. The unseen Monster cards
are known as a pool (every Monster card not in the discards or the fight), which gives the odds of a fight.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from ..rules.base import Action, Ruleset
from ..rules.rng import Rng
from ..rules.wonderland.actions import (
    AcceptHelp,
    AskForHelp,
    ChangeDie,
    DeclineHelp,
    Discard,
    EndFight,
    Move,
    PickTreasure,
    PlayFriend,
    PlayTreasure,
    Roll,
    TakeBack,
)
from ..rules.wonderland.board import Board
from ..rules.wonderland.cards import CardDef, Catalog
from ..rules.wonderland.fight import monster_power, munchkin_power
from ..rules.wonderland.state import FIGHT, MONSTER, WonderlandState, friends_bonus
from .choices import Choices
from .sampling import SamplingBot


def card_value(d: CardDef) -> float:
    """A Treasure's worth to its holder: its Gold, a little more for what it can do; a Friend by its bonus."""
    if d.kind == "friend":
        return 1.0 + 0.8 * d.bonus
    return d.gold + (0.5 if d.kind in ("get_away", "change_die", "take_back") else 0.0)


@cache
def treasure_value(catalog: Catalog) -> float:
    """The average worth of a Treasure drawn blind."""
    values = [card_value(catalog[c]) for c in catalog.treasures]
    return sum(values) / len(values)


def win_chance(own: int, monster_fixed: int, bonuses: Sequence[int], monster_dice: int) -> float:
    """P(own + d6 >= monster_fixed + a bonus drawn from `bonuses` + monster_dice d6): munchkins win ties."""
    pool = list(bonuses) or [0]
    wins = total = 0
    faces = range(1, 7)
    for b in pool:
        for mine in faces:
            if monster_dice:
                for theirs in faces:
                    total += 1
                    wins += own + mine >= monster_fixed + b + theirs
            else:
                total += 1
                wins += own + mine >= monster_fixed + b
    return wins / total


class WonderlandNormal(SamplingBot):
    """A sensible Wonderland player. `choose` follows the bot contract; `decide` is the policy on a known state."""

    level = "normal"

    def __init__(self, seed: int, ruleset: Ruleset[Any] | None = None) -> None:
        self.rng = Rng.from_seed(seed)

    def decide_on_sample(self, sample: Any, state: Any, seat: int, actions: Sequence[Action]) -> Action | None:
        return self.decide(sample, seat, actions)

    def decide(self, s: WonderlandState, me: int, actions: Sequence[Action]) -> Action | None:
        ranked = self.ranked(s, me, actions)
        return ranked[0] if ranked else None

    # -- the policy ----------------------------------------------------------------------------------------

    def ranked(self, s: WonderlandState, me: int, actions: Sequence[Action]) -> Sequence[Action]:
        """Sensible actions, best first; empty when a helper in a fight would rather keep its cards."""
        by = Choices(actions)
        cat = s.catalog
        if Move in by:
            return self._moves(s, me, by)
        if PickTreasure in by:
            return sorted(by(PickTreasure), key=lambda a: -card_value(cat[a.card]))
        if Discard in by:
            return sorted(by(Discard), key=lambda a: card_value(cat[a.card]))
        if AcceptHelp in by:
            return self._asked(s, me, by)
        if s.phase == FIGHT and s.fight is not None:
            return self._fight(s, me, by)
        out = self._friends(s, me, by)
        return out + by(Roll) or list(actions[:1])

    def _friends(self, s: WonderlandState, me: int, by: Choices) -> list[Action]:
        cat = s.catalog
        best: tuple[int, Action] | None = None
        for a in by(PlayFriend):
            gain = cat[a.card].bonus - (cat[a.replace].bonus if a.replace else 0)
            if gain > 0 and (best is None or gain > best[0]):
                best = (gain, a)
        return [best[1]] if best else []

    # -- moving ---------------------------------------------------------------------------------------------

    def space_value(self, s: WonderlandState, me: int, space_id: str) -> float:
        """Expected Gold of stopping on a space (a Room or a monster picture means a fight)."""
        board: Board = s.board
        space = board.spaces[space_id]
        g = treasure_value(s.catalog)
        if space.kind in ("room", "monster"):
            return self.fight_value(s, me, space.room)
        if space.kind == "treasure":
            return g
        if space.kind == "entrance":
            return g + sum(self.fight_value(s, me, r) for r in board.rooms) / len(board.rooms)
        if space.kind == "roll_again":
            return 0.4 * g
        return 0.0

    def fight_value(self, s: WonderlandState, me: int, room_number: int) -> float:
        room = s.board.rooms[room_number]
        fight = s.fight
        seen = set(s.monster_discard) | (set(fight.monster_cards) if fight else set())
        pool = [s.catalog[c].bonus for c in s.catalog.monsters if c not in seen]
        cards = 2 if room.rule == "two_cards" else 1
        mean = sum(pool) / len(pool) if pool else 0.0
        fixed = room.power + round(mean * (cards - 1))
        own = friends_bonus(s, me) + self._spare_bonus(s, me)
        p = win_chance(own, fixed, pool, 1 if room.rule == "card_and_die" else 0)
        g = treasure_value(s.catalog)
        return p * room.treasures * g - (1 - p) * self._loss(s, me)

    def _spare_bonus(self, s: WonderlandState, me: int) -> int:
        """One-time bonuses we would play to turn a close fight (the cheapest one only: they cost Gold)."""
        bonuses = [s.catalog[c].bonus for c in s.hands[me] if s.catalog[c].kind == "bonus"]
        return min(bonuses) if bonuses else 0

    def _loss(self, s: WonderlandState, me: int) -> float:
        """Running away costs a Friend in play, or a card from the hand when there is none (W15)."""
        cat = s.catalog
        if s.friends[me]:
            return min(card_value(cat[c]) for c in s.friends[me])
        if s.hands[me]:
            return min(card_value(cat[c]) for c in s.hands[me])
        return 0.0

    def _moves(self, s: WonderlandState, me: int, by: Choices) -> Sequence[Action]:
        moves = by(Move)
        if s.phase != "moving":  # running away: the landing is ignored; keep away from nothing in particular
            return moves
        scored = sorted(moves, key=lambda a: -self.space_value(s, me, a.path[-1]))
        best = self.space_value(s, me, scored[0].path[-1])
        start = s.positions[me]
        cat = s.catalog
        changes: list[ChangeDie] = []
        for change in by(ChangeDie):
            paths = s.board.paths(start, change.face)
            value = max((self.space_value(s, me, p[-1]) for p in paths), default=0.0)
            if value - cat[change.card].gold - 0.5 > best:
                changes.append(change)
        changes.sort(key=lambda a: -max(self.space_value(s, me, p[-1]) for p in s.board.paths(start, a.face)))
        return [*changes, *scored]

    # -- fights -----------------------------------------------------------------------------------------------

    def _asked(self, s: WonderlandState, me: int, by: Choices) -> Sequence[Action]:
        fight = s.fight
        assert fight is not None
        # The helper risks nothing (only the fighter runs); a win gives us a pick of the shown Treasures.
        ours = munchkin_power(s) + friends_bonus(s, me) + 3.5
        room = s.board.rooms[fight.room]
        if ours >= monster_power(s) and room.treasures >= 1:
            return by(AcceptHelp)
        return by(DeclineHelp)

    def _fight(self, s: WonderlandState, me: int, by: Choices) -> list[Action]:
        fight = s.fight
        assert fight is not None
        cat = s.catalog
        fighting = me == fight.fighter
        gap = monster_power(s) - munchkin_power(s)  # we win when gap <= 0
        room = s.board.rooms[fight.room]
        g = treasure_value(cat)
        out: list[Action] = []
        # A take-back that fetches more than it costs is free Gold.
        for back in by(TakeBack):
            if card_value(cat[back.take]) > card_value(cat[back.card]) + 0.5:
                out.append(back)
        if gap <= 0:
            return out + (by(EndFight) if fighting else [])
        if fighting:
            # A Friend from the hand costs no Gold.
            for friend in by(PlayFriend):
                if not friend.replace or cat[friend.replace].bonus < cat[friend.card].bonus:
                    out.append(friend)
            if out:
                return out
            stake = room.treasures * g + self._loss(s, me)
        else:
            stake = g  # the helper's pick
        fixes: list[tuple[float, Action]] = []
        for treasure in by(PlayTreasure):
            d = cat[treasure.card]
            if d.kind == "bonus" and d.bonus >= gap:
                fixes.append((card_value(d), treasure))
        for change in by(ChangeDie):
            die = fight.dice[change.die]
            ours = die.owner != MONSTER
            delta = (change.face - die.face) if ours else (die.face - change.face)
            if delta >= gap and (change.face == 6 if ours else change.face == 1):
                fixes.append((card_value(cat[change.card]), change))
        fixes.sort(key=lambda t: t[0])
        out += [a for cost, a in fixes if cost < stake]
        if fighting:
            asks = sorted(by(AskForHelp), key=lambda a: -friends_bonus(s, a.helper))
            if gap <= 6 + (friends_bonus(s, asks[0].helper) if asks else 0):
                out += asks[:1]
            extra = [a for a in by(PlayTreasure) if cat[a.card].kind == "extra_die"]
            if extra and gap <= 6 and card_value(cat[extra[0].card]) < stake:
                out.append(extra[0])
            away = [a for a in by(PlayTreasure) if cat[a.card].kind == "get_away"]
            if away and card_value(cat[away[0].card]) < self._loss(s, me):
                out.append(away[0])
            out += by(EndFight)
        return out
