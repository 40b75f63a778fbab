"""Epic feats of Munchkinry (E04) and the Gnome's illusion: the abilities that are actions of their own."""

from __future__ import annotations

from collections.abc import Iterator

from ..base import Event, NotYourDecision, WrongTime
from .actions import (
    AcceptCurse,
    EatMonster,
    FireArrow,
    Illusion,
    OutrunCurse,
    PrayForAMiracle,
    SacrificePet,
    StealFromShadows,
    TamePet,
)
from .character import discardable, escape_bonus, has_ability
from .combat import card_played_in_combat, end_combat, monster_level
from .effects import change_level, draw_into_hand, lose_cards_from_play
from .events import (
    Arrow,
    AteMonster,
    CurseOutrun,
    IllusionCast,
    Miracle,
    OutrunRoll,
    PetSacrificed,
    Side,
    StoleFromShadows,
    Tamed,
)
from .flight import ESCAPE_ON
from .flow import strike_with_curse
from .rulebook import (
    Rules,
    check_fighting_ability,
    combat_of,
    others,
    require,
    require_alive,
    require_in_hand,
    require_turn,
)
from .state import (
    Combat,
    CombatMonster,
    GameState,
    discard,
    evolve,
    hand_of_kind,
    roll,
    take_from_hand,
    with_player,
    without,
)

RULES = Rules()  # this module's rules, in the order legal actions list them
rule = RULES.rule

ILLUSION_BONUS = 3
PRAYER_COST = 2  # cards discarded for a Miracle
ARROWS_PER_TURN = 2
ARROW = -2
PET_MAX_LEVEL = 5


def _own_fight(state: GameState, seat: int, ability: str) -> Combat:
    """A fight of one's own turn, still undecided, alone against a single monster."""
    combat = combat_of(state, "fight")
    require(seat == combat.fighter and seat == state.active, "only on your own turn's fight", NotYourDecision)
    require(has_ability(state, seat, ability), f"you lack the ability {ability!r}")
    require(len(combat.monsters) == 1 and combat.helper is None, "only against a single monster, alone")
    return combat


def _end_fight_without_treasure(state: GameState, combat: Combat, keep: str | None) -> GameState:
    """The monster leaves the fight (to a pet, into a stomach); enhancers and one-shots are discarded."""
    monster = combat.monsters[0]
    gone = [] if keep else [monster.card]
    combat = evolve(combat, monsters=(), spent=(*combat.spent, *gone, *monster.enhancers))
    return evolve(state, combat=combat)


# --- Gnome: Illusion -------------------------------------------------------------------------------------


def _check_illusion(state: GameState, a: Illusion) -> None:
    check_fighting_ability(state, a.seat, "illusion")
    require_in_hand(state, a.seat, a.monster, "monster")


@rule(
    Illusion,
    _check_illusion,
    lambda state, seat: (Illusion(seat, c) for c in hand_of_kind(state, seat, "monster")),
)
def illusion(state: GameState, a: Illusion) -> tuple[GameState, list[Event]]:
    state = take_from_hand(state, a.seat, a.monster)
    combat = combat_of(state)
    combat = evolve(
        combat,
        bonuses=(*combat.bonuses, (a.seat, ILLUSION_BONUS, "illusion")),
        used=(*combat.used, (a.seat, "illusion")),
        spent=(*combat.spent, a.monster),
    )
    state = card_played_in_combat(evolve(state, combat=combat))
    return state, [IllusionCast(seat=a.seat, card=a.monster, bonus=ILLUSION_BONUS)]


# --- Cleric: Pray for a Miracle ----------------------------------------------------------------------------


def _check_pray(state: GameState, a: PrayForAMiracle) -> None:
    require(state.phase != "setup", "not before the game has begun", WrongTime)
    require_alive(state, a.seat, "you")
    require(has_ability(state, a.seat, "pray_for_a_miracle"), "only an Epic Cleric prays for a Miracle")
    require(len(a.cards) == PRAYER_COST and len(set(a.cards)) == PRAYER_COST, "discard exactly two cards")
    mine = discardable(state.players[a.seat])
    require(all(c in mine for c in a.cards), "discard cards of your own, from hand or table")


def _pray_candidates(state: GameState, seat: int) -> Iterator[PrayForAMiracle]:
    cards = discardable(state.players[seat])
    if len(cards) >= PRAYER_COST:
        yield PrayForAMiracle(seat, cards[:PRAYER_COST])


@rule(PrayForAMiracle, _check_pray, _pray_candidates, sampled=("cards",))
def pray_for_a_miracle(state: GameState, a: PrayForAMiracle) -> tuple[GameState, list[Event]]:
    state = lose_cards_from_play(state, a.seat, a.cards)
    before = len(state.players[a.seat].hand)
    state, events = draw_into_hand(state, a.seat, "treasure", 1, face_up=False)
    p = state.players[a.seat]
    state = with_player(state, a.seat, received=(*p.received, *p.hand[before:]))  # usable at once
    return card_played_in_combat(state), [Miracle(seat=a.seat, cards=list(a.cards)), *events]


# --- Thief: Steal From Shadows -----------------------------------------------------------------------------


def _check_shadows(state: GameState, a: StealFromShadows) -> None:
    require_turn(state, a.seat)
    require(state.combat is None, "not during a combat", WrongTime)
    require(has_ability(state, a.seat, "steal_from_shadows"), "only an Epic Thief steals from the shadows")
    require("steal_from_shadows" not in state.players[a.seat].used_this_turn, "once a turn")
    require(a.target != a.seat, "steal from someone else")
    require(bool(require_alive(state, a.target).hand), "they hold no cards")
    require_in_hand(state, a.seat, a.discard)


def _shadows_candidates(state: GameState, seat: int) -> Iterator[StealFromShadows]:
    hand = state.players[seat].hand
    if hand:
        for other in others(state, seat):
            yield StealFromShadows(seat, other, hand[0])


@rule(StealFromShadows, _check_shadows, _shadows_candidates, sampled=("discard",))
def steal_from_shadows(state: GameState, a: StealFromShadows) -> tuple[GameState, list[Event]]:
    state = discard(take_from_hand(state, a.seat, a.discard), a.discard)
    victim = state.players[a.target]
    pick, rng = state.rng.below(len(victim.hand))
    card = victim.hand[pick]
    state = with_player(evolve(state, rng=rng), a.target, hand=without(victim.hand, card))
    p = state.players[a.seat]
    used = (*p.used_this_turn, "steal_from_shadows")
    state = with_player(state, a.seat, hand=(*p.hand, card), used_this_turn=used)
    return state, [StoleFromShadows(seat=a.seat, target=a.target, card=card, seen_by=frozenset({a.seat, a.target}))]


# --- Elf: Arrow-Minded -------------------------------------------------------------------------------------


def _check_arrow(state: GameState, a: FireArrow) -> None:
    combat = combat_of(state, "fight", "window")
    require(has_ability(state, a.seat, "arrows"), "only an Epic Elf fires arrows")
    require(a.seat not in combat.fighters, "arrows fly into a fight you are not in")
    require(state.players[a.seat].used_this_turn.count("arrow") < ARROWS_PER_TURN, "two arrows a turn")
    require((a.target == -1) != (a.monster == -1), "aim at one monster or one fighter")
    if a.monster != -1:
        require(0 <= a.monster < len(combat.monsters), f"there is no monster {a.monster}")
    else:
        require(a.target in combat.fighters, "aim at someone in the fight")
    require(a.discard in discardable(state.players[a.seat]), f"{a.discard} is not yours to discard")


def _arrow_candidates(state: GameState, seat: int) -> Iterator[FireArrow]:
    combat = state.combat
    cards = discardable(state.players[seat])
    if combat is None or not cards:
        return
    for i in range(len(combat.monsters)):
        yield FireArrow(seat, cards[0], monster=i)
    for target in combat.fighters:
        yield FireArrow(seat, cards[0], target=target)


@rule(FireArrow, _check_arrow, _arrow_candidates, sampled=("discard",))
def fire_arrow(state: GameState, a: FireArrow) -> tuple[GameState, list[Event]]:
    state = lose_cards_from_play(state, a.seat, [a.discard])
    p = state.players[a.seat]
    state = with_player(state, a.seat, used_this_turn=(*p.used_this_turn, "arrow"))
    combat = combat_of(state)
    if a.monster != -1:
        combat = evolve(combat, monster_bonus=combat.monster_bonus + ARROW)
    else:
        combat = evolve(combat, bonuses=(*combat.bonuses, (a.target, ARROW, "arrow")))
    state = card_played_in_combat(evolve(state, combat=combat))
    return state, [Arrow(seat=a.seat, target=a.target, monster=a.monster, monster_card=combat.monster_card(a.monster))]


# --- Human: Pets Rock --------------------------------------------------------------------------------------


def _check_tame(state: GameState, a: TamePet) -> None:
    combat = _own_fight(state, a.seat, "pets_rock")
    require(state.players[a.seat].pet is None, "you already have a pet")
    monster = combat.monsters[0]
    require(monster.card == monster.base, "a Mate's copy cannot be tamed")
    require(monster_level(state, monster) <= PET_MAX_LEVEL, "only a monster of level 5 or below becomes a pet")


@rule(TamePet, _check_tame, lambda state, seat: [TamePet(seat)])
def tame_pet(state: GameState, a: TamePet) -> tuple[GameState, list[Event]]:
    combat = combat_of(state)
    pet = combat.monsters[0].card
    state = with_player(_end_fight_without_treasure(state, combat, pet), a.seat, pet=pet)
    return end_combat(state, [Tamed(seat=a.seat, card=pet)])


def _check_sacrifice(state: GameState, a: SacrificePet) -> None:
    combat_of(state, "fight", "window")
    require(state.players[a.seat].pet is not None, "you have no pet")
    require(a.side in ("fighters", "monsters"), "side is 'fighters' or 'monsters'")


@rule(
    SacrificePet,
    _check_sacrifice,
    lambda state, seat: (SacrificePet(seat, side) for side in ("fighters", "monsters")),
)
def sacrifice_pet(state: GameState, a: SacrificePet) -> tuple[GameState, list[Event]]:
    """For a player: +its level, once. Against: it joins as a Wandering Monster, abilities and all."""
    pet = state.players[a.seat].pet
    assert pet is not None
    state = with_player(state, a.seat, pet=None)
    combat = combat_of(state)
    if a.side == "fighters":
        bonus = (combat.fighter, state.card(pet).level, "pet")
        combat = evolve(combat, bonuses=(*combat.bonuses, bonus), spent=(*combat.spent, pet))
    else:
        combat = evolve(combat, monsters=(*combat.monsters, CombatMonster(pet, pet)))
    state = card_played_in_combat(evolve(state, combat=combat))
    side: Side = "fighters" if a.side == "fighters" else "monsters"  # the check refused any other word
    return state, [PetSacrificed(seat=a.seat, card=pet, side=side)]


# --- Orc: Munchkin Munch -----------------------------------------------------------------------------------


def _check_eat(state: GameState, a: EatMonster) -> None:
    combat = _own_fight(state, a.seat, "munchkin_munch")
    require(state.card(combat.monsters[0].base).level == 1, "only a level-1 monster is a snack")


@rule(EatMonster, _check_eat, lambda state, seat: [EatMonster(seat)])
def eat_monster(state: GameState, a: EatMonster) -> tuple[GameState, list[Event]]:
    """Nobody can stop it; its bonuses are discarded; a level for the meal, and being a kill, it may win."""
    combat = combat_of(state)
    eaten = combat.monsters[0].card
    state = _end_fight_without_treasure(state, combat, None)
    state, events = change_level(state, a.seat, 1, by_kill=True)
    return end_combat(state, [AteMonster(seat=a.seat, card=eaten), *events])


# --- Wizard: Outrun Curse ----------------------------------------------------------------------------------


def _outrun_decision(state: GameState, seat: int) -> str:
    require(bool(state.decisions), "nothing is waiting for a decision", NotYourDecision)
    d = state.decisions[0]
    require(d.kind == "outrun_curse" and d.seat == seat, "no curse of yours to outrun", NotYourDecision)
    return d.cards[0]


def _check_outrun(state: GameState, a: OutrunCurse) -> None:
    _outrun_decision(state, a.seat)
    require_in_hand(state, a.seat, a.discard)


def _check_accept_curse(state: GameState, a: AcceptCurse) -> None:
    _outrun_decision(state, a.seat)


@rule(
    OutrunCurse,
    _check_outrun,
    lambda state, seat: (OutrunCurse(seat, c) for c in state.players[seat].hand[:1]),
    sampled=("discard",),
)
def outrun_curse(state: GameState, a: OutrunCurse) -> tuple[GameState, list[Event]]:
    """A normal Run Away roll; on a failure another card may be tried, until the hand is empty."""
    curse = _outrun_decision(state, a.seat)
    state = discard(take_from_hand(state, a.seat, a.discard), a.discard)
    state, value = roll(state)
    total = value + escape_bonus(state, state.players[a.seat])
    event = OutrunRoll(seat=a.seat, card=curse, die=value, total=total, seed=state.rng.throw_seed())
    if total >= ESCAPE_ON:
        state = discard(evolve(state, decisions=state.decisions[1:]), curse)
        return card_played_in_combat(state), [event, CurseOutrun(seat=a.seat, card=curse)]
    if state.players[a.seat].hand:
        return state, [event]
    return _curse_lands(state, a.seat, curse, [event])


@rule(AcceptCurse, _check_accept_curse, lambda state, seat: [AcceptCurse(seat)])
def accept_curse(state: GameState, a: AcceptCurse) -> tuple[GameState, list[Event]]:
    return _curse_lands(state, a.seat, _outrun_decision(state, a.seat), [])


def _curse_lands(state: GameState, seat: int, curse: str, events: list[Event]) -> tuple[GameState, list[Event]]:
    state = evolve(state, decisions=state.decisions[1:])
    state, more = strike_with_curse(state, seat, curse, may_outrun=False)
    return card_played_in_combat(state), events + more
