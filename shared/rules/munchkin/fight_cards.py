"""The cards a fight brings in and gives out (M31, M40, M48): one-shots played in it, the class abilities
that discard cards for power, and the spoils picked after a kill. Its rules follow `fight`'s in the
order legal actions are listed; it shares two of `fight`'s checks (a monster named by its index, a
fight that allows help)."""

from __future__ import annotations

from collections.abc import Iterator

from ..base import Event, NotYourDecision, WrongTime
from .actions import Backstab, Berserk, Charm, TakeSpoil, TurnUndead, UseOneShot
from .cards import CardDef
from .character import discardable, has_ability
from .combat import card_played_in_combat, is_undead, monster_treasures, resolve_victory, settle_spoils
from .effects import apply_effects, lose_cards_from_play
from .events import Backstabbed, Charmed, MonsterRemoved, OneShot, Side, TookSpoil, UndeadTurned, WentBerserk
from .fairy import dust_for
from .fight import _check_monster_index, _require_help_allowed
from .flight import escape_everything, runner
from .rulebook import (
    Rules,
    check_discards,
    check_fighting_ability,
    combat_of,
    discard_choices,
    refuse,
    require,
    require_alive,
)
from .state import GameState, PlayedOneShot, discard, evolve, take_from_hand, with_player, without

RULES = Rules()  # this module's rules, in the order legal actions list them
rule = RULES.rule


# --- one-shots (M48) ------------------------------------------------------------------------------------


def _one_shot_source(state: GameState, seat: int, card: str) -> str:
    p = state.players[seat]
    if card not in p.hand and card not in p.item_cards:
        refuse(f"{card} is not in your hand or on your table")
    if state.card(card).kind != "one_shot":
        refuse(f"{state.card(card).name} is not a one-shot")
    return "hand" if card in p.hand else "table"


def _one_shot_use(d: CardDef) -> str:
    """What a one-shot is for, which decides the fields its use names."""
    ops = {e.op for e in d.effects}
    if "cancel_curse" in ops:
        return "cancel_curse"
    if ops & {"remove_monster", "remove_monster_keep_treasure"}:
        return "remove"
    if "force_help" in ops:
        return "force_help"
    if "remove_curse" in ops:
        return "remove_curse"
    if "draw_treasures" in ops:
        return "draw"
    if "auto_escape" in ops or (d.escape > 0 and not d.bonus):
        return "escape"
    return "bonus"


def _check_one_shot(state: GameState, a: UseOneShot) -> None:
    _one_shot_source(state, a.seat, a.card)
    d = state.card(a.card)
    use = _one_shot_use(d)
    if use == "cancel_curse":
        raise WrongTime(f"{d.name} is played as a curse is cast (R18)")
    require(a.monster == -1 or use == "remove", "only a card that removes a monster names one")
    if a.target != -1 and use not in ("force_help", "remove_curse"):
        refuse(f"{d.name} does not name a player")
    if a.side != "fighters" and use != "bonus":
        refuse(f"{d.name} does not take a side")
    combat = state.combat
    if combat is not None and combat.step == "flee":
        require(runner(state) == a.seat, "only the one running away may use a card now", NotYourDecision)
        if d.escape <= 0 and use != "escape":
            raise WrongTime(f"{d.name} does not help running away")
        return
    require(state.phase != "setup", "not before the game has begun", WrongTime)
    if use in OUT_OF_COMBAT_USES:
        # R07: a Treasure that is not for fighting is played on your own turn, and not in a combat.
        require(a.seat == state.active, f"{d.name} is played on your own turn", WrongTime)
        require(combat is None, f"{d.name} is not played in a combat", WrongTime)
    if use == "remove_curse":
        require(bool(require_alive(state, a.target).curses), "that player carries no lasting curse")
        return
    if use == "draw":
        return
    if use == "escape":
        raise WrongTime(f"{d.name} is for running away")
    combat = combat_of(state, "fight", "window")
    if use == "force_help":
        require(a.seat == combat.fighter and combat.helper is None, "only a fighter without a helper forces help")
        _require_help_allowed(state, combat)
        require(a.target != a.seat and not require_alive(state, a.target).dead, "name another living player")
    elif use == "remove":
        _check_monster_index(combat, a.monster)
    elif d.bonus == 0:
        refuse(f"{d.name} has no use in a fight")
    else:
        require(a.side in ("fighters", "monsters"), "side is 'fighters' or 'monsters'")


OUT_OF_COMBAT_USES = ("remove_curse", "draw")  # the one-shots `_check_one_shot` lets be used with no combat


def _one_shot_candidates(state: GameState, seat: int) -> Iterator[UseOneShot]:
    p = state.players[seat]
    for card in (*p.hand, *p.item_cards):
        d = state.card(card)
        if d.kind != "one_shot":
            continue
        use = _one_shot_use(d)
        if use == "cancel_curse":
            continue  # played only as a curse is cast (R18)
        if (state.combat is None) != (use in OUT_OF_COMBAT_USES):
            continue  # the check refuses it anyway (R07); most hands hold one-shots between fights
        if use in OUT_OF_COMBAT_USES and seat != state.active:
            continue
        if use == "remove":
            for i in range(len(state.combat.monsters) if state.combat else 0):
                yield UseOneShot(seat, card, monster=i)
        elif use in ("force_help", "remove_curse"):
            for t in range(len(state.players)):
                yield UseOneShot(seat, card, target=t)
        elif use == "bonus":
            yield UseOneShot(seat, card, "fighters")
            yield UseOneShot(seat, card, "monsters")
        else:
            yield UseOneShot(seat, card)


@rule(UseOneShot, _check_one_shot, _one_shot_candidates)
def use_one_shot(state: GameState, a: UseOneShot) -> tuple[GameState, list[Event]]:
    d = state.card(a.card)
    ops = {e.op for e in d.effects}
    if _one_shot_source(state, a.seat, a.card) == "hand":
        state = take_from_hand(state, a.seat, a.card)
    else:
        p = state.players[a.seat]
        state = with_player(state, a.seat, items=tuple(c for c in p.items if c.card != a.card))
    aimed = state.combat.monster_card(a.monster) if state.combat is not None else ""
    side: Side = "monsters" if a.side == "monsters" else "fighters"  # a one-shot aimed at no side counts as ours
    event = OneShot(seat=a.seat, card=a.card, side=side, monster=a.monster, monster_card=aimed, target=a.target)
    use = _one_shot_use(d)
    combat = state.combat
    if combat is not None and combat.step == "flee":
        bonuses = (*combat.escape_bonuses, (a.seat, d.escape))
        state = evolve(state, combat=evolve(combat, spent=(*combat.spent, a.card), escape_bonuses=bonuses))
        if "auto_escape" in ops:
            state, events = escape_everything(state, a.seat)
            return state, [event, *events]
        return state, [event]
    if combat is None:
        target = a.target if a.target >= 0 else a.seat
        state, events = apply_effects(discard(state, a.card), target, d.effects, a.card)
        if use == "remove_curse" and target != a.seat:  # F02: cancelling a curse on someone else
            state, more = dust_for(state, a.seat, 1, "cancelled_a_curse")
            events += more
        return state, [event, *events]
    if "force_help" in ops:
        combat = evolve(combat, helper=a.target, helper_forced=True, spent=(*combat.spent, a.card))
        return card_played_in_combat(evolve(state, combat=combat)), [event]
    if ops & {"remove_monster", "remove_monster_keep_treasure"}:
        return _remove_monster(state, a.monster, "remove_monster_keep_treasure" in ops, a.card, [event])
    combat = evolve(combat, one_shots=(*combat.one_shots, PlayedOneShot(a.card, a.seat, a.side)))
    return card_played_in_combat(evolve(state, combat=combat)), [event]


def _remove_monster(
    state: GameState, index: int, keep_treasure: bool, spent: str, events: list[Event]
) -> tuple[GameState, list[Event]]:
    """Got rid of without a kill: no level, treasure only if the card says (M21); with none left, it is won."""
    combat = combat_of(state)
    monster = combat.monsters[index]
    gone = [monster.card, *monster.enhancers]
    combat = evolve(
        combat,
        monsters=combat.monsters[:index] + combat.monsters[index + 1 :],
        removed=(*combat.removed, *gone),
        removed_with_treasure=combat.removed_with_treasure
        + (monster_treasures(state, monster) if keep_treasure else 0),
        spent=(*combat.spent, spent) if spent else combat.spent,
    )
    state = evolve(state, combat=combat)
    events.append(MonsterRemoved(card=monster.card, keeps_treasure=keep_treasure))
    if not combat.monsters:
        state, more = resolve_victory(state)
        return state, events + more  # the card and the removal happened before the victory: keep them
    return card_played_in_combat(state), events


# --- class abilities in combat (M40) --------------------------------------------------------------------


def _check_berserk(state: GameState, a: Berserk) -> None:
    check_fighting_ability(state, a.seat, "berserk")
    check_discards(state, a.seat, a.cards)


@rule(
    Berserk,
    _check_berserk,
    lambda state, seat: (Berserk(seat, c) for c in discard_choices(state, seat)),
    sampled=("cards",),
)
def berserk(state: GameState, a: Berserk) -> tuple[GameState, list[Event]]:
    return _ability_bonus(state, a.seat, "berserk", a.cards, len(a.cards))


def _check_turn_undead(state: GameState, a: TurnUndead) -> None:
    combat = check_fighting_ability(state, a.seat, "turn_undead")
    require(any(is_undead(state, m) for m in combat.monsters), "there is no Undead to turn")
    check_discards(state, a.seat, a.cards)


@rule(
    TurnUndead,
    _check_turn_undead,
    lambda state, seat: (TurnUndead(seat, c) for c in discard_choices(state, seat)),
    sampled=("cards",),
)
def turn_undead(state: GameState, a: TurnUndead) -> tuple[GameState, list[Event]]:
    return _ability_bonus(state, a.seat, "turn_undead", a.cards, 3 * len(a.cards))


def _ability_bonus(
    state: GameState, seat: int, ability: str, cards: tuple[str, ...], bonus: int
) -> tuple[GameState, list[Event]]:
    state = lose_cards_from_play(state, seat, cards)
    combat = combat_of(state)
    combat = evolve(combat, bonuses=(*combat.bonuses, (seat, bonus, ability)), used=(*combat.used, (seat, ability)))
    state = card_played_in_combat(evolve(state, combat=combat))
    told = WentBerserk if ability == "berserk" else UndeadTurned
    return state, [told(seat=seat, cards=list(cards), bonus=bonus)]


def _check_charm(state: GameState, a: Charm) -> None:
    combat = check_fighting_ability(state, a.seat, "charm", once=False)
    _check_monster_index(combat, a.monster)
    require(len(state.players[a.seat].hand) >= 3, "charming takes your whole hand, at least 3 cards")


@rule(
    Charm,
    _check_charm,
    lambda state, seat: (Charm(seat, i) for i in range(len(state.combat.monsters) if state.combat else 0)),
)
def charm(state: GameState, a: Charm) -> tuple[GameState, list[Event]]:
    """The Wizard's charm: no level, but the monster's treasures (our Wizard card says so; M21); with the rulings
    option no reward at all (R13, 001)."""
    p = state.players[a.seat]
    state = lose_cards_from_play(state, a.seat, p.hand)
    state = evolve(state, combat=evolve(combat_of(state), charmed=True))
    keep = not state.options.rulings_001  # R13: by 001's reading the Wizard's charm gives no reward
    charmed = Charmed(seat=a.seat, monster=a.monster, monster_card=combat_of(state).monster_card(a.monster))
    return _remove_monster(state, a.monster, keep, "", [charmed])


def _check_backstab(state: GameState, a: Backstab) -> None:
    combat = combat_of(state, "fight", "window")
    require(has_ability(state, a.seat, "backstab"), "only a Thief backstabs")
    require(a.target in combat.fighters and a.target != a.seat, "backstab someone in the fight, not yourself")
    require(
        not (a.seat == combat.fighter and a.target == combat.helper) and a.seat != combat.helper,
        "not against your own side in this fight (M29)",
    )
    require((a.seat, a.target) not in combat.backstabs, "once per target per combat")
    check_discards(state, a.seat, (a.discard,), most=1)


def _backstab_candidates(state: GameState, seat: int) -> Iterator[Backstab]:
    if state.combat is None or not discardable(state.players[seat]):
        return
    for target in state.combat.fighters:
        yield Backstab(seat, target, discardable(state.players[seat])[0])


@rule(Backstab, _check_backstab, _backstab_candidates, sampled=("discard",))
def backstab(state: GameState, a: Backstab) -> tuple[GameState, list[Event]]:
    state = lose_cards_from_play(state, a.seat, (a.discard,))
    combat = combat_of(state)
    combat = evolve(
        combat, bonuses=(*combat.bonuses, (a.target, -2, "backstab")), backstabs=(*combat.backstabs, (a.seat, a.target))
    )
    state = card_played_in_combat(evolve(state, combat=combat))
    return state, [Backstabbed(seat=a.seat, target=a.target)]


# --- spoils (M31 treasure share) ------------------------------------------------------------------------


def _check_spoil(state: GameState, a: TakeSpoil) -> None:
    combat = combat_of(state, "spoils")
    require(bool(combat.pick_order) and combat.pick_order[0] == a.seat, "it is not your pick", NotYourDecision)
    if a.card not in combat.spoils:
        refuse(f"{a.card} is not among the spoils")


@rule(
    TakeSpoil,
    _check_spoil,
    lambda state, seat: (TakeSpoil(seat, c) for c in (state.combat.spoils if state.combat else ())),
)
def take_spoil(state: GameState, a: TakeSpoil) -> tuple[GameState, list[Event]]:
    combat = combat_of(state)
    combat = evolve(combat, spoils=without(combat.spoils, a.card), pick_order=combat.pick_order[1:])
    p = state.players[a.seat]
    # M17: a treasure won may be played at once, even by a helper outside their turn.
    state = evolve(with_player(state, a.seat, hand=(*p.hand, a.card), received=(*p.received, a.card)), combat=combat)
    return settle_spoils(state, [TookSpoil(seat=a.seat, card=a.card)])
