"""The normal Munchkin bot: a heuristic player that gears up, fights what it can beat and hinders the leader.

It decides from its own seat's knowledge only: `MunchkinNormal.choose` deals the hidden cards afresh
(`sampling.sample_munchkin`) and then reasons on that sample, whose public part is the real table. Whether a
card would win a fight is found by applying it to the sample and reading the strengths, so the bot always
agrees with the rules about what a card does. `decide` is the policy itself; the hard bot calls it inside its
playouts on states that are already samples.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..rules.base import Action, RuleError, Ruleset
from ..rules.munchkin import RULESET as MUNCHKIN
from ..rules.munchkin.actions import (
    AcceptBadStuff,
    AcceptTrade,
    AskForHelp,
    Backstab,
    Berserk,
    CancelCurse,
    Charm,
    ChooseDoorOrder,
    ChooseHelper,
    ChooseLoss,
    ClaimVictory,
    Curse,
    DeclineHelp,
    DeclineTrade,
    DiscardCard,
    DrawFaceUp,
    EndTurn,
    EnhanceMonster,
    Equip,
    FinishSetup,
    FlightSpell,
    GiveCharity,
    GiveItem,
    GiveToHireling,
    GoUpALevel,
    JoinUndead,
    KickOpenTheDoor,
    LetCurseStrike,
    LookForTrouble,
    LootCorpse,
    LootTheRoom,
    MunchkinAction,
    OfferTrade,
    Pass,
    PlayCard,
    PlayCheat,
    PlayMate,
    RerollEscape,
    RollToRunAway,
    RunAway,
    Sell,
    Steal,
    TakeSpoil,
    TurnUndead,
    Unequip,
    UseOneShot,
    Volunteer,
    WanderingMonster,
)
from ..rules.munchkin.cards import CardDef
from ..rules.munchkin.character import gear_bonus, has_ability
from ..rules.munchkin.combat import fighters_strength, fighters_win, monster_treasures, monsters_strength
from ..rules.munchkin.kinds import DecisionKind
from ..rules.munchkin.state import Combat, GameState
from ..rules.rng import Rng
from .choices import Choices
from .sampling import SamplingBot

# Kinds that hurt the fighters of a combat when played in its reaction window.
HINDERING: tuple[type[MunchkinAction], ...] = (
    EnhanceMonster,
    UseOneShot,
    WanderingMonster,
    PlayMate,
    Backstab,
    Curse,
    JoinUndead,
)


def card_worth(d: CardDef) -> float:
    """How much a card in hand or in play is worth keeping; used to choose what to lose, give or discard."""
    if d.kind == "item":
        return 2.0 + 1.5 * max(d.bonus, 0) + d.value / 400 + max(d.escape, 0)
    if d.kind == "one_shot":
        ops = {e.op for e in d.effects}
        special = 4.0 if ops & {"remove_monster", "remove_monster_keep_treasure", "auto_escape"} else 0.0
        if "draw_treasures" in ops:
            special = 4.0
        return 2.0 + d.bonus + d.escape + special
    return {
        "go_up_a_level": 9.0,
        "hireling": 3.0,
        "cheat": 3.0,
        "race": 2.0,
        "class": 2.5,
        "curse": 2.0,
        "monster": 1.0,
        "enhancer": 1.5 + abs(d.level) / 3,
        "wandering_monster": 1.5,
        "mate": 1.5,
    }.get(d.kind, 1.0)


def power(state: GameState, seat: int) -> int:
    p = state.players[seat]
    return p.level + gear_bonus(state, p)


def leader(state: GameState, me: int) -> int | None:
    """The opponent most likely to win: highest level, then strongest."""
    rivals = [s for s in range(len(state.players)) if s != me]
    if not rivals:
        return None
    return max(rivals, key=lambda s: (state.players[s].level, power(state, s), -s))


def margin(state: GameState, combat: Combat) -> int:
    """Fighters' strength minus the monsters'; above zero (or zero for a Warrior) the fighters win."""
    return fighters_strength(state, combat) - monsters_strength(state, combat)


def kill_levels(state: GameState, combat: Combat) -> int:
    return sum(state.card(m.base).levels for m in combat.monsters)


class MunchkinNormal(SamplingBot):
    """A careful Munchkin player. `choose` follows the bot contract; `decide` is the policy on a known state."""

    level = "normal"

    def __init__(self, seed: int, ruleset: Ruleset[GameState] = MUNCHKIN) -> None:
        self.rng = Rng.from_seed(seed)
        self.ruleset = ruleset

    def decide_on_sample(self, sample: Any, state: Any, seat: int, actions: Sequence[Action]) -> Action | None:
        return self.decide(sample, seat, actions)

    # -- the policy ----------------------------------------------------------------------------------------

    def decide(self, s: GameState, me: int, actions: Sequence[Action]) -> Action:
        """The action to take among `actions`, reasoning on `s` (a sample, or a playout state)."""
        return self.ranked(s, me, actions)[0]

    def ranked(self, s: GameState, me: int, actions: Sequence[Action]) -> list[Action]:
        """Sensible actions, best first (never empty): the hard bot weighs the first few by playouts."""
        by = Choices(actions)
        plan = self._plan(s, me, by)
        out: list[Action] = []
        for a in plan:
            if a not in out:
                out.append(a)
        if not out:
            out.append(self._fallback(by, actions))
        return out

    def _plan(self, s: GameState, me: int, by: Choices) -> Sequence[Action]:
        d = s.decisions[0] if s.decisions else None
        if d is not None and d.seat == me:
            return self._decision(s, me, d.kind, by)
        if s.phase == "setup":
            return [*self._improvements(s, me, by, setup=True), *by(FinishSetup)]
        c = s.combat
        if c is not None:
            if c.step == "spoils" and TakeSpoil in by:
                return sorted(by(TakeSpoil), key=lambda a: -card_worth(s.card(a.card)))
            if c.step == "flee" and (RollToRunAway in by or AcceptBadStuff in by):
                return self._flee(s, me, c, by)
            if c.step == "help":
                return self._help(s, me, c, by)
            if c.step == "fight" and c.fighter == me:
                return self._fight(s, me, c, by)
            if c.step == "window" and Pass in by:
                return self._window(s, me, c, by)
        if s.active == me and c is None:
            return self._my_turn(s, me, by)
        return []

    def _fallback(self, by: Choices, actions: Sequence[Action]) -> Action:
        for kind in (
            Pass,
            DeclineHelp,
            DeclineTrade,
            ClaimVictory,
            EndTurn,
            FinishSetup,
            KickOpenTheDoor,
            LootTheRoom,
            AcceptBadStuff,
            RollToRunAway,
            RunAway,
        ):
            if kind in by:
                return by(kind)[0]
        quiet = [a for a in actions if not isinstance(a, OfferTrade | GiveItem | DiscardCard | Curse | Steal)]
        return (quiet or list(actions))[0]

    # -- helpers that try an action on the sample -----------------------------------------------------------

    def _after(self, s: GameState, a: Action) -> GameState | None:
        try:
            return self.ruleset.apply(s, a)[0]
        except RuleError:
            return None

    def _cost(self, s: GameState, me: int, a: Action) -> float:
        """What playing `a` spends from our cards."""
        cards: list[str] = []
        for name in ("card", "discard", "resurrect"):
            value = getattr(a, name, "")
            if value:
                cards.append(value)
        cards += list(getattr(a, "cards", ()))
        if isinstance(a, Charm):
            cards += list(s.players[me].hand)
        return sum(card_worth(s.card(c)) for c in cards)

    # -- decisions the table waits for ----------------------------------------------------------------------

    def _decision(self, s: GameState, me: int, kind: DecisionKind, by: Choices) -> Sequence[Action]:
        if kind in ("lose_item", "lose_cards"):
            return sorted(by(ChooseLoss), key=lambda a: card_worth(s.card(a.card)))
        if kind == "loot_corpse":
            return sorted(by(LootCorpse), key=lambda a: -card_worth(s.card(a.card)))
        if kind == "door_order":
            return self._door_order(s, me, by(ChooseDoorOrder))
        if kind == "resurrect":  # R09: cards are worth more in the hand than a chance at the discards
            return by(DrawFaceUp)
        if kind == "curse_cast":  # R18: a cancelling card is kept for a curse on ourselves
            mine = s.decisions[0].source == me
            return [*(by(CancelCurse) if mine else []), *by(LetCurseStrike)]
        if kind == "trade":
            for a in by(AcceptTrade):
                after = self._after(s, a)
                if after is not None and power(after, me) > power(s, me):
                    return [a]
            return by(DeclineTrade)
        return []

    def _door_order(self, s: GameState, me: int, orders: list[ChooseDoorOrder]) -> list[Action]:
        """Two curses from an Epic kick (E03): try each order on the sample, make the choices it leaves us the
        way we would, and keep the order that leaves us best off."""

        def standing(after: GameState | None) -> float:
            if after is None:
                return float("-inf")
            after = self._own_choices(after, me)
            p = after.players[me]
            if p.dead:
                return -100.0
            kept = sum(card_worth(after.card(c)) for c in (*p.item_cards, *p.hand))
            return 5.0 * p.level + gear_bonus(after, p) + kept - 2.0 * len(p.curses)

        return sorted(orders, key=lambda a: -standing(self._after(s, a)))

    def _own_choices(self, s: GameState, me: int, most: int = 6) -> GameState:
        """`s` after the decisions waiting for us (what a curse takes...) are made by this policy."""
        for _ in range(most):
            if not s.decisions or s.decisions[0].seat != me:
                break
            actions = list(self.ruleset.legal_actions(s, me))
            after = self._after(s, self.decide(s, me, actions)) if actions else None
            if after is None:
                break
            s = after
        return s

    # -- our own table between fights -----------------------------------------------------------------------

    def _improvements(self, s: GameState, me: int, by: Choices, setup: bool = False) -> list[Action]:
        out: list[Action] = []
        p = s.players[me]
        base = power(s, me)
        for a in by(PlayCard):
            d = s.card(a.card)
            if (d.kind == "race" and p.races) or (d.kind == "class" and p.classes):
                continue
            if d.kind in ("race", "class", "hireling", "half_breed", "super_munchkin"):
                out.append(a)
            elif d.kind == "item":
                after = self._after(s, a)
                if after is not None and (power(after, me) > base or not setup):
                    out.append(a)
        gains: list[tuple[int, Action]] = []
        for kind in (Equip, GiveToHireling, PlayCheat):
            for gear in by(kind):
                after = self._after(s, gear)
                if after is not None and power(after, me) > base:
                    gains.append((power(after, me), gear))
        gains.sort(key=lambda t: -t[0])  # the best first, so that an unequip is followed by its better item
        out += [a for _, a in gains]
        for off in by(Unequip):
            # Worth it only if something better can then be equipped in its place.
            after = self._after(s, off)
            if after is None:
                continue
            for nxt in self.ruleset.legal_actions(after, me):
                if isinstance(nxt, Equip) and nxt.card != off.card:
                    again = self._after(after, nxt)
                    if again is not None and power(again, me) > base:
                        out.append(off)
                        break
        return out

    def _my_turn(self, s: GameState, me: int, by: Choices) -> list[Action]:
        p = s.players[me]
        out: list[Action] = [a for a in by(GoUpALevel) if a.target == me]
        out += self._improvements(s, me, by)
        for a in by(UseOneShot):
            d = s.card(a.card)
            if any(e.op == "draw_treasures" for e in d.effects):
                out.append(a)
        sells = by(Sell)
        if sells:
            best = max(sells, key=lambda a: power(self._after(s, a) or s, me))
            after = self._after(s, best)
            if after is not None:
                lost_gear = gear_bonus(s, p) - gear_bonus(after, after.players[me])
                if lost_gear <= 2 or (lost_gear <= 5 and p.level >= 7):
                    out.append(best)
        out += self._curses(s, me, by)
        if s.phase == "start":
            kicks = [a for a in by(KickOpenTheDoor) if not (a.resurrect or a.resurrect_second)]
            out += kicks or by(KickOpenTheDoor)
        elif s.phase == "door":
            out += self._trouble(s, me, by)
            out += by(LootTheRoom)
        elif s.phase == "end":
            out += self._charity(s, me, by)
            out += by(EndTurn)
        return out

    def _curses(self, s: GameState, me: int, by: Choices) -> list[Action]:
        top = leader(s, me)
        if top is None:
            return []
        mine, theirs = s.players[me], s.players[top]
        if theirs.level < mine.level and theirs.level < s.options.win_level - 3:
            return []
        return [a for a in by(Curse) if a.target == top]

    def _trouble(self, s: GameState, me: int, by: Choices) -> list[Action]:
        best: tuple[int, Action] | None = None
        for a in by(LookForTrouble):
            after = self._after(s, a)
            if after is None or after.combat is None:
                continue
            edge = margin(after, after.combat)
            if edge >= 3 and (best is None or edge > best[0]):
                best = (edge, a)
        return [best[1]] if best else []

    def _charity(self, s: GameState, me: int, by: Choices) -> list[Action]:
        gifts = by(GiveCharity)
        if not gifts:
            return []
        top = leader(s, me)

        def key(a: GiveCharity) -> tuple[float, int]:
            # Discarding beats feeding a rival; never feed the leader if another lowest player exists.
            return (card_worth(s.card(a.card)), 0 if a.to == -1 else 2 if a.to == top else 1)

        return [min(gifts, key=key)]

    # -- fighting -------------------------------------------------------------------------------------------

    def _fixes(
        self, s: GameState, me: int, c: Combat, by: Choices, good: Callable[[GameState], bool]
    ) -> list[tuple[float, Action]]:
        """Single plays after which `good(state)` holds, with what each costs."""
        out: list[tuple[float, Action]] = []
        for kind in (GoUpALevel, UseOneShot, Berserk, TurnUndead, Charm):
            for a in by(kind):
                if isinstance(a, UseOneShot) and a.side == "monsters":
                    continue
                if isinstance(a, GoUpALevel) and a.target != me:
                    continue
                after = self._after(s, a)
                if after is not None and good(after):
                    cost = 0.0 if isinstance(a, GoUpALevel) else self._cost(s, me, a)
                    out.append((cost, a))
        out.sort(key=lambda t: t[0])
        return out

    def _fight(self, s: GameState, me: int, c: Combat, by: Choices) -> list[Action]:
        out: list[Action] = [a for a in by(GoUpALevel) if a.target == me]
        if ClaimVictory in by:
            return out + by(ClaimVictory)

        def winning(after: GameState) -> bool:
            return after.combat is None or after.combat.step != "fight" or fighters_win(after, after.combat)

        fixes = self._fixes(s, me, c, by, winning)
        worth_of_win = 4.0 * kill_levels(s, c) + 2.5 * sum(monster_treasures(s, m) for m in c.monsters)
        out += [a for cost, a in fixes if cost <= worth_of_win]
        asks = c.asks
        if c.helper is None and asks < 3 and AskForHelp in by:
            need = -margin(s, c) + 1
            helpers = [o for o in range(len(s.players)) if o != me and not s.players[o].dead]
            if any(power(s, o) >= need for o in helpers):
                total = sum(monster_treasures(s, m) for m in c.monsters)
                share = min(total, 1 + asks)
                asks_now = [a for a in by(AskForHelp) if not a.items and a.treasures == share and not a.helper_first]
                out += asks_now[:1]
        out += by(RunAway)  # nothing wins and nobody helps: run
        return out

    def _help(self, s: GameState, me: int, c: Combat, by: Choices) -> list[Action]:
        if c.fighter == me:
            best: tuple[int, Action] | None = None
            for a in by(ChooseHelper):
                after = self._after(s, a)
                if after is None or after.combat is None:
                    continue
                edge = margin(after, after.combat)
                if best is None or edge > best[0]:
                    best = (edge, a)
            if best is not None and best[0] >= 0:
                return [best[1]]
            return by(Pass)
        if Volunteer not in by:
            return by(Pass)
        offer = c.offer
        fighter = s.players[c.fighter]
        wins_game = fighter.level + kill_levels(s, c) >= s.options.win_level
        reward = 0.0 if offer is None else 2.5 * offer.treasures + sum(card_worth(s.card(i)) for i in offer.items)
        if has_ability(s, me, "helper_level") or s.options.shared_victory:
            reward += 4.0 * len(c.monsters)
        strong_enough = margin(s, c) + power(s, me) > 0
        if strong_enough and reward >= 2.5 and not wins_game and fighter.level <= s.players[me].level + 2:
            return by(Volunteer)
        return by(DeclineHelp)

    def _window(self, s: GameState, me: int, c: Combat, by: Choices) -> list[Action]:
        if c.resolving != "victory" or me in c.fighters:
            return by(Pass)
        fighter = s.players[c.fighter]
        top = max(p.level for i, p in enumerate(s.players) if i != c.fighter)
        wins_game = fighter.level + kill_levels(s, c) >= s.options.win_level
        threat = (
            wins_game
            or fighter.level >= max(top, s.players[me].level)
            or (c.helper is not None and s.players[c.helper].level + 1 >= s.options.win_level)
        )
        if not threat:
            return by(Pass)

        def denied(after: GameState) -> bool:
            return after.combat is not None and not fighters_win(after, after.combat)

        hinders: list[tuple[float, Action, int]] = []
        for kind in HINDERING:
            for a in by(kind):
                if isinstance(a, UseOneShot) and a.side != "monsters":
                    continue
                if isinstance(a, Curse | Backstab) and a.target not in c.fighters:
                    continue
                after = self._after(s, a)
                if after is None:
                    continue
                cost = self._cost(s, me, a)
                if after.combat is not None and not denied(after):
                    gain = margin(s, c) - margin(after, after.combat)
                    if gain > 0:
                        hinders.append((cost + 100.0, a, gain))
                elif after.combat is not None:
                    hinders.append((cost, a, 0))
        hinders.sort(key=lambda t: (t[0], -t[2]))
        flips = [a for cost, a, _ in hinders if cost < 100.0]
        if flips:
            return [*flips, *by(Pass)]
        if wins_game and hinders:
            # Nobody card stops them alone: chip away (the window reopens for the others too).
            biggest = max(hinders, key=lambda t: t[2])
            return [biggest[1], *by(Pass)]
        return by(Pass)

    def _flee(self, s: GameState, me: int, c: Combat, by: Choices) -> list[Action]:
        flight = c.flight
        out: list[Action] = []
        if flight is not None and flight.caught_by is not None:
            bad = s.card(c.monsters[flight.caught_by].base).bad_stuff
            severity = self._severity(s, me, bad)
            for kind in (RerollEscape, FlightSpell):
                cheap = sorted(by(kind), key=lambda a: self._cost(s, me, a))
                for a in cheap:
                    if self._cost(s, me, a) < severity:
                        out.append(a)
                        break
            return out + by(AcceptBadStuff)
        rolls = by(RollToRunAway)
        if not rolls:
            return out
        worst = max(rolls, key=lambda a: self._severity(s, me, s.card(c.monsters[a.monster].base).bad_stuff))
        severity = self._severity(s, me, s.card(c.monsters[worst.monster].base).bad_stuff)
        for a in by(UseOneShot):
            if self._cost(s, me, a) < severity * 0.6:
                out.append(a)
        hirelings = [a for a in rolls if a.hireling and a.monster == worst.monster]
        if hirelings and severity >= 8:
            out.append(hirelings[0])
        out += [a for a in rolls if not a.hireling]
        return out

    def _severity(self, s: GameState, me: int, bad: Sequence[Any]) -> float:
        """What Bad Stuff would cost us, in the same units as `card_worth`."""
        p = s.players[me]
        total = 0.0
        for e in bad:
            if e.op == "death":
                total += 6.0 + sum(card_worth(s.card(c.card)) for c in p.items) / 2
            elif e.op == "lose_levels":
                total += 5.0 * min(int(e.arg or 1), p.level - 1)
            elif e.op in ("lose_item", "lose_hand", "lose_cards"):
                total += 4.0
            else:
                total += 2.0
        return total
