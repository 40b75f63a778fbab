"""Combat arithmetic and its turning points: strengths, who wins, the reaction window, victory, the end."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ..base import Event, Wire
from .bribe import pay_bribe
from .cards import TraitBonus
from .character import gear_bonus, has_ability, immune_traits, traits
from .effects import ask, change_level, draw_into_hand
from .events import (
    BardicLuck,
    CombatBegan,
    CombatOver,
    ForcedHelperReleased,
    GameOver,
    Overkill,
    Spoils,
    TookSpoils,
    Victory,
)
from .fairy import close_fairy_dust, fairy_killed, fairy_returns, helper_dust
from .state import Bribe, Combat, CombatMonster, Decision, GameState, discard, draw, evolve, with_player

OVERKILL_MARGIN = 11  # Orc: beating the monsters by more than 10 is worth an extra level (R11)


def monster_level(state: GameState, m: CombatMonster) -> int:
    """Printed level plus every enhancer on it, including those a Mate copied (M27, M30)."""
    base = state.card(m.base).level
    return base + sum(state.card(e).level for e in (*m.enhancers, *m.inherited))


def monster_treasures(state: GameState, m: CombatMonster) -> int:
    return max(0, state.card(m.base).treasures + sum(state.card(e).treasures for e in (*m.enhancers, *m.inherited)))


def trait_bonus(state: GameState, combat: Combat, m: CombatMonster) -> int:
    """A monster's bonus against a race, class or sex counts once even if both fighters qualify (M22, M32)."""
    bonuses = state.card(m.base).bonuses
    if not bonuses:
        return 0  # most monsters: no need to work out the fighters' traits
    return sum(b.amount for b in counted_bonuses(state, combat, m))


def counted_bonuses(state: GameState, combat: Combat, m: CombatMonster) -> list[TraitBonus]:
    """The monster's bonuses and penalties that count against these fighters: a bonus names a trait a fighter
    has and is not immune to (M41); a penalty names any trait a fighter has (R03)."""
    exposed: set[str] = set()  # traits the monster's bonuses count against
    present: set[str] = set()  # traits its penalties count for
    for seat in combat.fighters:
        p = state.players[seat]
        have = traits(state, p)
        exposed |= have - immune_traits(state, p)
        present |= have
    return [b for b in state.card(m.base).bonuses if b.against in (present if b.amount < 0 else exposed)]


def conditions(state: GameState, combat: Combat) -> frozenset[str]:
    """R16: what the monsters' special conditions say, for the whole combat: any monster in it that says
    `level_only`, `no_help` or `no_items` says it for all of them."""
    found: frozenset[str] = frozenset()
    for m in combat.monsters:
        said = state.card(m.base).conditions
        if said:
            found = found.union(said)
    return found


def is_undead(state: GameState, m: CombatMonster) -> bool:
    """An Undead monster, or one an enhancer made Undead, a Mate's copied ones too (R17)."""
    return state.card(m.base).undead or any(state.card(e).undead for e in (*m.enhancers, *m.inherited))


def monsters_strength(state: GameState, combat: Combat) -> int:
    total = sum(monster_level(state, m) + trait_bonus(state, combat, m) for m in combat.monsters)
    total += combat.monster_bonus
    return total + sum(state.card(o.card).bonus for o in combat.one_shots if o.side == "monsters")


def player_strength(state: GameState, combat: Combat, seat: int, said: frozenset[str] | None = None) -> int:
    """Level plus gear plus what abilities and backstabs added in this combat (M19); may be negative. A monster
    may say the Level alone counts, or items nothing (R16)."""
    p = state.players[seat]
    said = conditions(state, combat) if said is None else said
    if "level_only" in said:
        return p.level
    gear = gear_bonus(state, p, items="no_items" not in said)
    return p.level + gear + warrior_bonus(state, combat, seat) + sum(n for s, n, _ in combat.bonuses if s == seat)


def warrior_bonus(state: GameState, combat: Combat, seat: int) -> int:
    """R13 (001): with the rulings option a Warrior gets +1 per monster in the fight."""
    if not state.options.rulings_001 or not has_ability(state, seat, "wins_ties"):
        return 0
    return len(combat.monsters)


def fighters_strength(state: GameState, combat: Combat, seats: tuple[int, ...] | None = None) -> int:
    seats = combat.fighters if seats is None else seats
    said = conditions(state, combat)
    total = sum(player_strength(state, combat, s, said) for s in seats)
    if "level_only" in said:
        return total
    return total + sum(state.card(o.card).bonus for o in combat.one_shots if o.side == "fighters")


@dataclass(frozen=True, slots=True)
class Part:
    """One term of a side's combat strength, so that a table can show what a total is made of (issue 11.8).

    `kind` is "level", "item", "hireling", "curse", "warrior" (R13), "one_shot" or a fight bonus's source
    (`Combat.bonuses`) on the fighters' side; "monster", "enhancer", "against" (a monster's bonus against a
    trait the fighters have, named in `detail`), "arrows" or "one_shot" on the monsters' side. `seat` is whose
    term it is (the one who played it, for a one-shot); `monster` the index of the monster in the fight it
    belongs to."""

    kind: str
    amount: int
    seat: int | None = None
    card: str | None = None
    monster: int | None = None
    detail: str = ""

    def to_wire(self) -> dict[str, Wire]:
        out: dict[str, Wire] = {"kind": self.kind, "amount": self.amount}
        for key, value in (("seat", self.seat), ("card", self.card), ("monster", self.monster)):
            if value is not None:
                out[key] = value
        if self.detail:
            out["detail"] = self.detail
        return out


def fighter_parts(state: GameState, combat: Combat) -> list[Part]:
    """The fighters' strength term by term, in the order a player reads it: each fighter (level, every
    equipped item, Hireling, lasting curses, this fight's bonuses), then the one-shots played for them.
    Terms worth nothing are left out; the amounts always add up to `fighters_strength` (tested)."""
    parts: list[Part] = []
    said = conditions(state, combat)
    if "level_only" in said:  # R16: nothing but the Levels counts
        return [Part("level", state.players[seat].level, seat) for seat in combat.fighters]
    items = "no_items" not in said
    for seat in combat.fighters:
        p = state.players[seat]
        parts.append(Part("level", p.level, seat))
        parts += [Part("item", state.card(c.card).bonus, seat, c.card) for c in p.items if c.equipped and items]
        if p.hireling:
            parts.append(Part("hireling", state.card(p.hireling).bonus, seat, p.hireling))
        parts += [Part("curse", state.card(c).bonus, seat, c) for c in p.curses]
        parts.append(Part("warrior", warrior_bonus(state, combat, seat), seat))
        parts += [Part(why, n, seat) for s, n, why in combat.bonuses if s == seat]
    parts += [
        Part("one_shot", state.card(o.card).bonus, o.seat, o.card) for o in combat.one_shots if o.side == "fighters"
    ]
    return [part for part in parts if part.amount or part.kind == "level"]


def monster_parts(state: GameState, combat: Combat) -> list[Part]:
    """The monsters' strength term by term: each monster's printed level, its enhancers (a Mate's copied ones
    too) and its bonuses against these fighters, then arrows and one-shots; they add up to `monsters_strength`."""
    parts: list[Part] = []
    for i, m in enumerate(combat.monsters):
        parts.append(Part("monster", state.card(m.base).level, card=m.card, monster=i))
        parts += [Part("enhancer", state.card(e).level, card=e, monster=i) for e in (*m.enhancers, *m.inherited)]
        if state.card(m.base).bonuses:
            parts += [
                Part("against", b.amount, card=m.card, monster=i, detail=b.against)
                for b in counted_bonuses(state, combat, m)
            ]
    if combat.monster_bonus:
        parts.append(Part("arrows", combat.monster_bonus))
    parts += [
        Part("one_shot", state.card(o.card).bonus, o.seat, o.card) for o in combat.one_shots if o.side == "monsters"
    ]
    return [part for part in parts if part.amount or part.kind == "monster"]


def fighters_win(state: GameState, combat: Combat, seats: tuple[int, ...] | None = None) -> bool:
    """Strictly higher wins; a tie goes to the monsters unless a Warrior fights on the players' side (M19, M32)."""
    if not combat.monsters:
        return True
    seats = combat.fighters if seats is None else seats
    ours, theirs = fighters_strength(state, combat, seats), monsters_strength(state, combat)
    return ours > theirs or (ours == theirs and any(has_ability(state, s, "wins_ties") for s in seats))


def start_combat(state: GameState, seat: int, monster: str, by_kick: bool) -> tuple[GameState, list[Event]]:
    combat = Combat(fighter=seat, monsters=(CombatMonster(monster, monster),), met_by_kick=by_kick)
    state = evolve(state, combat=combat, met_monster=True)
    return state, [CombatBegan(fighter=seat, monster=monster)]


def window_seats(state: GameState, combat: Combat) -> list[int]:
    """Who must pass before a resolution step: every living player not fighting (M25)."""
    fighters = combat.fighters
    return [s for s, p in enumerate(state.players) if s not in fighters and not p.dead]


def card_played_in_combat(state: GameState) -> GameState:
    """A card played reopens the reaction window; if the fighters now lose, the fighter decides again (M25).
    A monster that allows no help, joining a helped fight, sends the helper home unrewarded (R16)."""
    combat = state.combat
    if combat is not None and combat.helper is not None and "no_help" in conditions(state, combat):
        combat = evolve(combat, helper=None, helper_forced=False, bribe=Bribe())
        state = evolve(state, combat=combat)
    if combat is None or combat.step != "window":
        return state
    if (combat.resolving == "victory") != fighters_win(state, combat):
        # The card turned the fight: a victory no longer stands, or a run is no longer allowed (R05).
        return evolve(state, combat=evolve(combat, step="fight", resolving="", passed=()))
    return evolve(state, combat=evolve(combat, passed=()))


def resolve_victory(state: GameState) -> tuple[GameState, list[Event]]:
    """The monsters are beaten: levels per kill, treasures drawn (face up if helped), the bribe honoured."""
    combat = state.combat
    assert combat is not None
    events: list[Event] = []
    if combat.helper is not None and combat.helper_forced and fighters_win(state, combat, (combat.fighter,)):
        # M31 (2018 rule): a helper forced by a card leaves without penalty when the fighter wins alone.
        events.append(ForcedHelperReleased(helper=combat.helper))
        combat = evolve(combat, helper=None, helper_forced=False)
        state = evolve(state, combat=combat)
    killed = combat.monsters
    levels = sum(state.card(m.base).levels for m in killed)
    margin = fighters_strength(state, combat) - monsters_strength(state, combat)
    alone = combat.helper is None
    if killed and alone and margin >= OVERKILL_MARGIN and has_ability(state, combat.fighter, "overkill"):
        levels += 1
        events.append(Overkill(seat=combat.fighter))
    combat = evolve(combat, killed=True)
    state = evolve(state, combat=combat)
    events.append(Victory(fighter=combat.fighter, helper=combat.helper, killed=len(killed)))
    if killed:
        state, ev = change_level(state, combat.fighter, levels, by_kill=True)
        events += ev
    if combat.helper is not None and killed:
        gain = len(killed) if has_ability(state, combat.helper, "helper_level") else 0
        if state.options.shared_victory:
            gain = max(gain, 1)
        if gain:
            state, ev = change_level(state, combat.helper, gain, by_kill=not state.options.helping_elf_cannot_win)
            events += ev
    state, more = helper_dust(state, combat)
    events += more
    if killed:
        state, more = fairy_killed(state, combat)
        events += more
    treasures = sum(monster_treasures(state, m) for m in killed) + combat.removed_with_treasure
    return take_treasures(state, treasures, events)


def bardic_luck(state: GameState, seat: int) -> int:
    """Bardic Luck draws one Treasure more, Super Bardic Luck (Epic) two; as many are then discarded."""
    if has_ability(state, seat, "super_bardic_luck"):
        return 2
    return 1 if has_ability(state, seat, "bardic_luck") else 0


RESURRECT: Final = "resurrect"  # the Decision of a Cleric whose helped win's Treasures are drawn face up (R09)


def may_resurrect(state: GameState, seat: int) -> bool:
    """R09: a Cleric may take the top of the Treasure discards instead of a face-up draw, paying a hand card."""
    return bool(state.treasure_discard) and bool(state.players[seat].hand) and has_ability(state, seat, "resurrect")


def take_treasures(
    state: GameState, count: int, events: list[Event], raised: tuple[str, ...] = (), asked: bool = False
) -> tuple[GameState, list[Event]]:
    """The win's Treasures: drawn face down by a lone fighter, face up when helped (M20), into the fighter's hand
    or laid out as spoils for the agreed share. Before a face-up draw a Cleric fighter is asked whether to take
    cards from the discards instead (R09); `raised` are those taken, `count` the draws still owed."""
    combat = state.combat
    assert combat is not None
    if combat.helper is not None and count and not asked and may_resurrect(state, combat.fighter):
        return ask(state, Decision(RESURRECT, combat.fighter, raised, count)), events
    if combat.helper is None or combat.bribe.treasures == 0:
        luck = bardic_luck(state, combat.fighter) if count + len(raised) else 0
        p = state.players[combat.fighter]
        before = len(p.hand)
        state = with_player(state, combat.fighter, hand=p.hand + raised)
        state, ev = draw_into_hand(state, combat.fighter, "treasure", count + luck, face_up=combat.helper is not None)
        drawn = state.players[combat.fighter].hand[before:]
        if luck and len(drawn) > luck:  # the Bard keeps all but `luck` of the cards drawn
            state = ask(state, Decision("lose_cards", combat.fighter, drawn, luck))
            ev.append(BardicLuck(seat=combat.fighter, discard=luck))
        return end_combat(state, events + ev)
    spoils: list[str] = list(raised)
    for _ in range(count):
        state, card, ev = draw(state, "treasure")
        events += ev
        if card is not None:
            spoils.append(card)
    share = min(combat.bribe.treasures, len(spoils))
    helper, fighter = combat.helper, combat.fighter
    first, second = (
        ((helper, share), (fighter, len(spoils) - share))
        if combat.bribe.helper_first
        else (
            (fighter, len(spoils) - share),
            (helper, share),
        )
    )
    order = (first[0],) * first[1] + (second[0],) * second[1]
    combat = evolve(combat, step="spoils", spoils=tuple(spoils), pick_order=order)
    events.append(Spoils(cards=spoils, order=list(order)))
    state = evolve(state, combat=combat)
    return settle_spoils(state, events)


def settle_spoils(state: GameState, events: list[Event]) -> tuple[GameState, list[Event]]:
    """Once only one picker is left, the rest is theirs; then the combat ends."""
    combat = state.combat
    assert combat is not None
    if combat.pick_order and len(set(combat.pick_order)) > 1:
        return state, events
    if combat.spoils:
        seat = combat.pick_order[0] if combat.pick_order else combat.fighter
        p = state.players[seat]
        state = with_player(state, seat, hand=p.hand + combat.spoils, received=p.received + combat.spoils)  # M17
        events.append(TookSpoils(seat=seat, cards=list(combat.spoils)))
        state = evolve(state, combat=evolve(combat, spoils=(), pick_order=()))
    return end_combat(state, events)


def end_combat(state: GameState, events: list[Event]) -> tuple[GameState, list[Event]]:
    """Monsters, enhancers and one-shots of the combat are discarded, win or lose (M23); "next combat" curses
    on the fighters expire; the bribe is paid (R06)."""
    combat = state.combat
    assert combat is not None
    used = [m.card for m in combat.monsters] + [e for m in combat.monsters for e in m.enhancers]
    used += [o.card for o in combat.one_shots] + list(combat.removed) + list(combat.spent)
    killed = tuple(m.card for m in combat.monsters) if combat.killed else ()
    # R10: a monster removed by a card was defeated too, so a removed Fairy does not come back.
    defeated = killed + combat.removed
    state, used, more = fairy_returns(evolve(state, combat=None, phase="end"), used, defeated)
    events += more
    state, more = close_fairy_dust(state, killed)
    events += more
    state = discard(state, *used)
    for seat in combat.fighters:
        p = state.players[seat]
        expiring = [c for c in p.curses if state.card(c).duration == "next_combat"]
        if expiring:
            state = discard(with_player(state, seat, curses=tuple(c for c in p.curses if c not in expiring)), *expiring)
    events.append(CombatOver(fighter=combat.fighter))
    state, more = pay_bribe(state, combat)
    return check_winners(state, events + more)


def check_winners(state: GameState, events: list[Event]) -> tuple[GameState, list[Event]]:
    """Whoever reaches the winning level wins; several at once win together (M10). Only a kill gives the winning
    level (M09), so the end of a combat is where a game is won."""
    winners = tuple(s for s, p in enumerate(state.players) if p.level >= state.options.win_level)
    if winners and not state.winners:
        state = evolve(state, winners=winners, phase="over", decisions=())
        events.append(GameOver(winners=list(winners)))
    return state, events
