"""Running away (M34, M35): one roll per fleeing fighter per monster, Bad Stuff for each that catches them."""

from __future__ import annotations

from collections.abc import Iterator

from ..base import Event, NotYourDecision
from .actions import AcceptBadStuff, FlightSpell, RerollEscape, RollToRunAway
from .character import discardable, escape_bonus, has_ability
from .combat import end_combat
from .effects import apply_effects, draw_into_hand, lose_cards_from_play
from .events import Caught, Escaped, EscapeHow, EscapeRoll, FlightSpellCast, RunningAway, SneakyLittleDevil
from .rulebook import Rules, check_discards, combat_of, discard_choices, require
from .state import Combat, Flight, GameState, evolve, roll

RULES = Rules()  # this module's rules, in the order legal actions list them
rule = RULES.rule

ESCAPE_ON = 5  # M34: a d6 roll of 5 or more escapes


def begin_flight(state: GameState) -> tuple[GameState, list[Event]]:
    combat = state.combat
    assert combat is not None
    flight = Flight(order=combat.fighters, remaining=tuple(range(len(combat.monsters))))
    state = evolve(state, combat=evolve(combat, step="flee", resolving="", passed=(), flight=flight))
    return advance(state, [RunningAway(seats=list(combat.fighters))])


def pursues(state: GameState, combat: Combat, index: int, seat: int) -> bool:
    """Some monsters do not pursue characters of low level: those escape without a roll (M34)."""
    threshold = state.card(combat.monsters[index].base).no_pursue_at_or_below
    return state.players[seat].level > threshold


def escape_modifier(state: GameState, combat: Combat, index: int, seat: int) -> int:
    bonus = escape_bonus(state, state.players[seat]) + state.card(combat.monsters[index].base).escape
    return bonus + sum(n for s, n in combat.escape_bonuses if s == seat)


def runner(state: GameState) -> int | None:
    combat = state.combat
    if combat is None or combat.step != "flee" or combat.flight is None or not combat.flight.order:
        return None
    return combat.flight.order[0]


def roll_against(state: GameState, index: int, hireling: bool) -> tuple[GameState, list[Event]]:
    combat = state.combat
    assert combat is not None and combat.flight is not None
    seat = combat.flight.order[0]
    flight = evolve(combat.flight, remaining=tuple(i for i in combat.flight.remaining if i != index))
    if hireling:
        p = state.players[seat]
        assert p.hireling is not None
        state = lose_cards_from_play(state, seat, [p.hireling])
        return escaped(evolve(state, combat=evolve(combat, flight=flight)), seat, index, "hireling")
    if not pursues(state, combat, index, seat):
        return escaped(evolve(state, combat=evolve(combat, flight=flight)), seat, index, "not_pursued")
    state, value = roll(state)
    total = value + escape_modifier(state, combat, index, seat)
    event = EscapeRoll(
        seat=seat,
        monster=index,
        monster_card=combat.monster_card(index),
        die=value,
        total=total,
        seed=state.rng.throw_seed(),
    )
    if total >= ESCAPE_ON:
        state, events = escaped(evolve(state, combat=evolve(combat, flight=flight)), seat, index, "roll")
        return state, [event, *events]
    flight = evolve(flight, caught_by=index, roll=total)
    return evolve(state, combat=evolve(combat, flight=flight)), [event]


def reroll(state: GameState) -> tuple[GameState, list[Event]]:
    combat = state.combat
    assert combat is not None and combat.flight is not None and combat.flight.caught_by is not None
    flight = combat.flight
    seat, index = flight.order[0], combat.flight.caught_by
    state, value = roll(state)
    total = value + escape_modifier(state, combat, index, seat)
    flight = evolve(flight, rerolled=(*flight.rerolled, seat), roll=total)
    monster_card = combat.monster_card(index)
    seed = state.rng.throw_seed()
    event = EscapeRoll(
        seat=seat, monster=index, monster_card=monster_card, die=value, total=total, seed=seed, reroll=True
    )
    if total >= ESCAPE_ON:
        state = evolve(state, combat=evolve(combat, flight=evolve(flight, caught_by=None)))
        state, events = escaped(state, seat, index, "roll")
        return state, [event, *events]
    return evolve(state, combat=evolve(combat, flight=flight)), [event]


def boost_roll(state: GameState, bonus: int) -> tuple[GameState, list[Event]]:
    """Flight Spell: the failed roll gets `bonus`; it may now succeed."""
    combat = state.combat
    assert combat is not None and combat.flight is not None and combat.flight.caught_by is not None
    flight = combat.flight
    seat, index = flight.order[0], combat.flight.caught_by
    flight = evolve(flight, roll=flight.roll + bonus, flight_used=(*flight.flight_used, seat))
    if flight.roll >= ESCAPE_ON:
        state = evolve(state, combat=evolve(combat, flight=evolve(flight, caught_by=None)))
        return escaped(state, seat, index, "flight_spell")
    return evolve(state, combat=evolve(combat, flight=flight)), []


def escaped(state: GameState, seat: int, index: int, how: EscapeHow) -> tuple[GameState, list[Event]]:
    """Some monsters hurt even those who get away (M34); one that does not pursue lets them go unharmed (001)."""
    combat = state.combat
    assert combat is not None
    monster = combat.monsters[index]
    events = [Escaped(seat=seat, monster=index, monster_card=monster.card, how=how)]
    hurts = () if how == "not_pursued" else state.card(monster.base).on_escape
    state, more = apply_effects(state, seat, hurts, monster.base)
    return advance(state, events + more)


def caught(state: GameState) -> tuple[GameState, list[Event]]:
    """A failed escape: the monster's Bad Stuff (M34)."""
    combat = state.combat
    assert combat is not None and combat.flight is not None and combat.flight.caught_by is not None
    seat, index = combat.flight.order[0], combat.flight.caught_by
    flight = evolve(combat.flight, caught_by=None, caught_seats=(*combat.flight.caught_seats, seat))
    state = evolve(state, combat=evolve(combat, flight=flight))
    monster = combat.monsters[index]
    events = [Caught(seat=seat, monster=index, card=monster.card)]
    state, more = apply_effects(state, seat, state.card(monster.base).bad_stuff, monster.base)
    return advance(state, events + more)


def escape_everything(state: GameState, seat: int) -> tuple[GameState, list[Event]]:
    """An auto-escape one-shot: the runner gets away from every monster still chasing them."""
    combat = state.combat
    assert combat is not None and combat.flight is not None
    flight = evolve(combat.flight, remaining=(), caught_by=None)
    state = evolve(state, combat=evolve(combat, flight=flight))
    return advance(state, [Escaped(seat=seat, monster=-1, how="one_shot")])


def advance(state: GameState, events: list[Event]) -> tuple[GameState, list[Event]]:
    """Move to the next runner when one is done; end the combat when everyone has fled (M35: no rewards)."""
    combat = state.combat
    if combat is None or combat.flight is None:
        return state, events
    flight = combat.flight
    if flight.caught_by is not None:
        return state, events
    got_away: list[int] = []
    while flight.order and (not flight.remaining or state.players[flight.order[0]].dead):
        seat = flight.order[0]
        if not state.players[seat].dead and seat not in flight.caught_seats:
            got_away.append(seat)
        flight = evolve(flight, order=flight.order[1:], remaining=tuple(range(len(combat.monsters))))
    state = evolve(state, combat=evolve(combat, flight=flight))
    for seat in got_away:  # E04 Sneaky Little Devil: an Epic Gnome who gets clean away draws two Treasures
        if has_ability(state, seat, "sneaky_little_devil"):
            state, more = draw_into_hand(state, seat, "treasure", 2, face_up=False)
            events = [*events, SneakyLittleDevil(seat=seat), *more]
    if not flight.order:
        return end_combat(state, events)
    return state, events


# --- the runner's moves ---------------------------------------------------------------------------------


def _check_roll(state: GameState, a: RollToRunAway) -> None:
    combat = combat_of(state, "flee")
    require(runner(state) == a.seat, "it is not your roll", NotYourDecision)
    assert combat.flight is not None
    require(combat.flight.caught_by is None, "answer the failed roll first")
    require(a.monster in combat.flight.remaining, "you have already rolled against that monster")
    if a.hireling:
        require(state.players[a.seat].hireling is not None, "you have no Hireling to sacrifice")


def _roll_candidates(state: GameState, seat: int) -> Iterator[RollToRunAway]:
    combat = state.combat
    if combat is None or combat.flight is None:
        return
    for i in combat.flight.remaining:
        yield RollToRunAway(seat, i)
        if state.players[seat].hireling:
            yield RollToRunAway(seat, i, hireling=True)


@rule(RollToRunAway, _check_roll, _roll_candidates)
def roll_to_run_away(state: GameState, a: RollToRunAway) -> tuple[GameState, list[Event]]:
    return roll_against(state, a.monster, a.hireling)


def _caught(state: GameState, seat: int) -> Combat:
    combat = combat_of(state, "flee")
    require(runner(state) == seat, "it is not your roll", NotYourDecision)
    assert combat.flight is not None
    require(combat.flight.caught_by is not None, "no failed roll to answer")
    return combat


def _check_accept(state: GameState, a: AcceptBadStuff) -> None:
    _caught(state, a.seat)


@rule(AcceptBadStuff, _check_accept, lambda state, seat: [AcceptBadStuff(seat)])
def accept_bad_stuff(state: GameState, a: AcceptBadStuff) -> tuple[GameState, list[Event]]:
    return caught(state)


def _check_flight_spell(state: GameState, a: FlightSpell) -> None:
    combat = _caught(state, a.seat)
    assert combat.flight is not None
    require(has_ability(state, a.seat, "flight"), "only a Wizard casts the Flight Spell")
    require(a.seat not in combat.flight.flight_used, "one Flight Spell per escape")
    check_discards(state, a.seat, a.cards)


@rule(
    FlightSpell,
    _check_flight_spell,
    lambda state, seat: (FlightSpell(seat, c) for c in discard_choices(state, seat)),
    sampled=("cards",),
)
def flight_spell(state: GameState, a: FlightSpell) -> tuple[GameState, list[Event]]:
    state = lose_cards_from_play(state, a.seat, a.cards)
    state, events = boost_roll(state, len(a.cards))
    return state, [FlightSpellCast(seat=a.seat, cards=list(a.cards)), *events]


def _check_reroll(state: GameState, a: RerollEscape) -> None:
    combat = _caught(state, a.seat)
    assert combat.flight is not None
    require(has_ability(state, a.seat, "reroll_escape"), "only a Halfling rolls again")
    require(a.seat not in combat.flight.rerolled, "one re-roll per combat")
    check_discards(state, a.seat, (a.discard,), most=1)


@rule(
    RerollEscape,
    _check_reroll,
    lambda state, seat: (RerollEscape(seat, c) for c in discardable(state.players[seat])[:1]),
    sampled=("discard",),
)
def reroll_escape(state: GameState, a: RerollEscape) -> tuple[GameState, list[Event]]:
    return reroll(lose_cards_from_play(state, a.seat, (a.discard,)))
