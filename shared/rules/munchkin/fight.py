"""What players do in a combat: help and bribes, claiming victory, reaction windows, interference, abilities,
running away and picking the spoils (M19-M35)."""

from __future__ import annotations

from collections.abc import Iterator

from ..base import Event, NotYourDecision, WrongTime
from .actions import (
    AskForHelp,
    Backstab,
    Berserk,
    Charm,
    ChooseHelper,
    ClaimVictory,
    DeclineHelp,
    EnhanceMonster,
    JoinUndead,
    Pass,
    PlayMate,
    RunAway,
    TakeSpoil,
    TurnUndead,
    UseOneShot,
    Volunteer,
    WanderingMonster,
)
from .cards import CardDef
from .character import discardable, has_ability
from .combat import (
    card_played_in_combat,
    conditions,
    fighters_win,
    is_undead,
    monster_treasures,
    resolve_victory,
    settle_spoils,
    window_seats,
)
from .effects import apply_effects, lose_cards_from_play
from .fairy import dust_for, tradeable
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
    require_in_hand,
    settled_by_first,
)
from .state import (
    Bribe,
    Combat,
    CombatMonster,
    GameState,
    PlayedOneShot,
    discard,
    evolve,
    hand_of_kind,
    remembered,
    take_from_hand,
    with_player,
    without,
)
from .window import close_window, open_window

RULES = Rules()  # this module's rules, in the order legal actions list them
rule = RULES.rule

MAX_ASKS = 3  # asks for help per combat, so that a table cannot be stalled by endless asking


def _require_fighter(state: GameState, seat: int, *steps: str) -> Combat:
    combat = combat_of(state, *steps)
    if seat != combat.fighter:
        raise NotYourDecision("only the fighter may do that")
    return combat


# --- help and bribes (M31-M33) --------------------------------------------------------------------------


def help_candidates(state: GameState, combat: Combat) -> list[int]:
    """Who could be asked to help: every other living player."""
    return [s for s, p in enumerate(state.players) if s != combat.fighter and not p.dead]


def asked_seats(state: GameState, combat: Combat) -> list[int]:
    """Who the open call for help went to: the one player asked while they live, else everyone who could help."""
    everyone = help_candidates(state, combat)
    return [combat.asked] if combat.asked in everyone else everyone


def _check_ask(state: GameState, a: AskForHelp) -> None:
    combat = _require_fighter(state, a.seat, "fight")
    require(combat.helper is None, "you already have a helper: one at a time")
    if combat.asks >= MAX_ASKS:
        refuse(f"you have asked {MAX_ASKS} times already")
    require(bool(help_candidates(state, combat)), "nobody can help")
    _require_help_allowed(state, combat)
    if a.to != -1 and a.to not in help_candidates(state, combat):
        refuse("ask another living player, or everyone")
    if a.treasures < 0:
        refuse("a share cannot be negative")
    if a.treasures:
        total = _treasures_at_stake(state, combat)
        if a.treasures > total:
            refuse(f"the monsters carry {total} Treasure(s): offer a share of those")
    elif a.helper_first:
        refuse("the helper picks first only from a share of the Treasures")
    if a.cards:
        require(len(set(a.items + a.cards)) == len(a.items) + len(a.cards), "name each card of the bribe once")
        hand = state.players[a.seat].hand
        for c in a.cards:
            if c not in hand:
                refuse(f"{c} is not a card in your hand to promise")
    if a.items:
        mine = state.players[a.seat].item_cards
        for c in a.items:
            if c not in mine:
                refuse(f"{c} is not an item you have in play to offer")
            if not tradeable(state, c):
                refuse(f"{state.card(c).name} is Fairy Dust without a value: it cannot change hands")


def _treasures_at_stake(state: GameState, combat: Combat) -> int:
    return sum(monster_treasures(state, m) for m in combat.monsters)


def _require_help_allowed(state: GameState, combat: Combat) -> None:
    if "no_help" in conditions(state, combat):
        loner = next(state.card(m.base).name for m in combat.monsters if "no_help" in state.card(m.base).conditions)
        refuse(f"{loner} is fought alone: nobody may help in this combat (R16)")


def _ask_candidates(state: GameState, seat: int) -> tuple[AskForHelp, ...]:
    """The calls for help listed: a function of the values in the key alone, so kept by them (a fight lists the
    same thirty-odd bribes at each of its steps)."""
    combat = state.combat
    if combat is None or combat.step != "fight" or seat != combat.fighter:
        return ()
    total = _treasures_at_stake(state, combat)
    askable = tuple(help_candidates(state, combat))
    items = tuple([c for c in state.players[seat].item_cards if tradeable(state, c)])
    card = hand_of_kind(state, seat, "go_up_a_level")[:1]
    key = ("asks", seat, total, askable, items, card)
    return remembered(state, key, lambda s: tuple(_asks(seat, total, askable, items, card)))


def _asks(
    seat: int, total: int, askable: tuple[int, ...], items: tuple[str, ...], card: tuple[str, ...]
) -> Iterator[AskForHelp]:
    for to in (-1, *askable):  # everyone, or one player (M31: "ask another player")
        for share in range(total + 1):
            yield AskForHelp(seat, (), share, False, to=to)
            if share:
                yield AskForHelp(seat, (), share, True, to=to)
        for item in items:
            yield AskForHelp(seat, (item,), 0, False, to=to)
        for promised in card:  # R06's example; any hand card may be promised
            yield AskForHelp(seat, cards=(promised,), to=to)


# Every candidate of a call for help passes when the first (asking everyone, offering nothing) does: the rest
# differ only in whom they ask and which share, item or card they offer, and each is drawn from what is valid.
@rule(AskForHelp, _check_ask, _ask_candidates, ("items", "cards"), settled_by_first(_check_ask, _ask_candidates))
def ask_for_help(state: GameState, a: AskForHelp) -> tuple[GameState, list[Event]]:
    combat = combat_of(state)
    offer = Bribe(a.items, a.treasures, a.helper_first, a.cards)
    combat = evolve(combat, step="help", offer=offer, asked=a.to, volunteers=(), declined=(), asks=combat.asks + 1)
    state = evolve(state, combat=combat)
    data = {"seat": a.seat, "items": list(a.items), "treasures": a.treasures, "helper_first": a.helper_first}
    if a.cards:
        data["cards"] = list(a.cards)
    if a.to != -1:
        data["to"] = a.to
    return state, [Event("asked_for_help", data)]


def _awaiting_answer(state: GameState, combat: Combat) -> list[int]:
    return [s for s in asked_seats(state, combat) if s not in combat.volunteers and s not in combat.declined]


def _check_answer(state: GameState, a: Volunteer | DeclineHelp) -> None:
    combat = combat_of(state, "help")
    require(a.seat in _awaiting_answer(state, combat), "you have no open call for help to answer", NotYourDecision)
    if isinstance(a, DeclineHelp):
        require(not state.players[a.seat].charmed, "the Fairy's charm: you must help when asked (F06)")


def _answering(state: GameState, seat: int) -> bool:
    combat = state.combat
    return combat is not None and combat.step == "help" and seat in _awaiting_answer(state, combat)


@rule(
    Volunteer,
    _check_answer,
    lambda state, seat: [Volunteer(seat)],
    listed=lambda state, seat: [Volunteer(seat)] if _answering(state, seat) else [],
)
@rule(
    DeclineHelp,
    _check_answer,
    lambda state, seat: [DeclineHelp(seat)],
    listed=lambda state, seat: (
        [DeclineHelp(seat)] if _answering(state, seat) and not state.players[seat].charmed else []
    ),
)
def answer_call_for_help(state: GameState, a: Volunteer | DeclineHelp) -> tuple[GameState, list[Event]]:
    combat = combat_of(state)
    if isinstance(a, Volunteer):
        combat = evolve(combat, volunteers=(*combat.volunteers, a.seat))
        return evolve(state, combat=combat), [Event("volunteered", {"seat": a.seat})]
    combat = evolve(combat, declined=(*combat.declined, a.seat))
    events = [Event("declined_to_help", {"seat": a.seat})]
    if not _awaiting_answer(state, combat) and not combat.volunteers:
        combat = evolve(combat, step="fight", offer=None, asked=-1)
        events.append(Event("nobody_helps", {}))
    return evolve(state, combat=combat), events


def _check_choose_helper(state: GameState, a: ChooseHelper) -> None:
    combat = _require_fighter(state, a.seat, "help")
    require(a.helper in combat.volunteers, "choose one of the volunteers")


@rule(
    ChooseHelper,
    _check_choose_helper,
    lambda state, seat: (ChooseHelper(seat, v) for v in (state.combat.volunteers if state.combat else ())),
)
def choose_helper(state: GameState, a: ChooseHelper) -> tuple[GameState, list[Event]]:
    """Help is binding once accepted; the bribe changes hands after the combat (R06): until then the fighter
    keeps using its items."""
    combat = combat_of(state)
    offer = combat.offer
    assert offer is not None
    if state.players[a.helper].charmed:  # F06: a charmed helper need not be rewarded
        offer = Bribe()
    combat = evolve(
        combat, step="fight", helper=a.helper, bribe=offer, offer=None, asked=-1, volunteers=(), declined=()
    )
    state = card_played_in_combat(evolve(state, combat=combat))
    return state, [Event("helper_chosen", {"seat": a.seat, "helper": a.helper})]


# --- the fight's turning points -------------------------------------------------------------------------


_last_fight: tuple[GameState | None, bool] = (None, False)  # the last state `_winning` was asked of, and its answer


def _winning(state: GameState, combat: Combat) -> bool:
    """`fighters_win` of the state's own combat, kept for the last state asked: claiming victory and running away
    are both checked on every state of a fight (one tuple, so that a thread never reads half of it)."""
    global _last_fight
    asked, won = _last_fight
    if asked is not state:
        won = fighters_win(state, combat)
        _last_fight = (state, won)
    return won


def _check_claim(state: GameState, a: ClaimVictory) -> None:
    combat = _require_fighter(state, a.seat, "fight")
    require(_winning(state, combat), "you are not winning: play cards, ask for help or run away")


def _fighting_now(state: GameState, seat: int) -> Combat | None:
    """The combat, when `seat` is its fighter at the fight step: what claiming or running away first asks."""
    combat = state.combat
    return combat if combat is not None and combat.step == "fight" and seat == combat.fighter else None


def _claims_listed(state: GameState, seat: int) -> list[ClaimVictory]:
    combat = _fighting_now(state, seat)
    return [ClaimVictory(seat)] if combat is not None and _winning(state, combat) else []


@rule(ClaimVictory, _check_claim, lambda state, seat: [ClaimVictory(seat)], listed=_claims_listed)
def claim_victory(state: GameState, a: ClaimVictory) -> tuple[GameState, list[Event]]:
    return open_window(state, "victory")


def _check_run(state: GameState, a: RunAway) -> None:
    combat = _require_fighter(state, a.seat, "fight")
    # R05: running away is for a fight you cannot win; a winning side claims its victory instead.
    require(not _winning(state, combat), "you are winning this fight: you may not run away")


def _runs_listed(state: GameState, seat: int) -> list[RunAway]:
    combat = _fighting_now(state, seat)
    return [RunAway(seat)] if combat is not None and not _winning(state, combat) else []


@rule(RunAway, _check_run, lambda state, seat: [RunAway(seat)], listed=_runs_listed)
def run_away(state: GameState, a: RunAway) -> tuple[GameState, list[Event]]:
    return open_window(state, "flee")


def _check_pass(state: GameState, a: Pass) -> None:
    combat = combat_of(state, "window", "help")
    if combat.step == "help":
        require(a.seat == combat.fighter, "answer the call for help: volunteer or decline", NotYourDecision)
        return
    waiting = [s for s in window_seats(state, combat) if s not in combat.passed]
    require(a.seat in waiting, "you have nothing to pass", NotYourDecision)


def _passes_listed(state: GameState, seat: int) -> list[Pass]:
    combat = state.combat
    if combat is None or combat.step not in ("window", "help"):
        return []
    if combat.step == "help":
        return [Pass(seat)] if seat == combat.fighter else []
    return [Pass(seat)] if seat not in combat.passed and seat in window_seats(state, combat) else []


@rule(Pass, _check_pass, lambda state, seat: [Pass(seat)], listed=_passes_listed)
def pass_(state: GameState, a: Pass) -> tuple[GameState, list[Event]]:
    combat = combat_of(state)
    if combat.step == "help":  # the fighter withdraws the call for help
        state = evolve(state, combat=evolve(combat, step="fight", offer=None, asked=-1, volunteers=(), declined=()))
        return state, [Event("help_withdrawn", {"seat": a.seat})]
    combat = evolve(combat, passed=(*combat.passed, a.seat))
    state = evolve(state, combat=combat)
    events = [Event("passed", {"seat": a.seat})]
    if all(s in combat.passed for s in window_seats(state, combat)):
        state, more = close_window(state)
        events += more
    return state, events


# --- interference: monsters and enhancers (M26-M30) -----------------------------------------------------


def _check_monster_index(combat: Combat, index: int) -> None:
    require(0 <= index < len(combat.monsters), f"there is no monster {index} in this combat")


def _check_enhance(state: GameState, a: EnhanceMonster) -> None:
    combat = combat_of(state, "fight", "window")
    require_in_hand(state, a.seat, a.card, "enhancer")
    _check_monster_index(combat, a.monster)


def _monster_targets(state: GameState, seat: int, kind: str) -> Iterator[tuple[str, int]]:
    if state.combat is None:
        return
    for card in hand_of_kind(state, seat, kind):
        for i in range(len(state.combat.monsters)):
            yield card, i


@rule(
    EnhanceMonster,
    _check_enhance,
    lambda state, seat: (EnhanceMonster(seat, c, i) for c, i in _monster_targets(state, seat, "enhancer")),
)
def enhance_monster(state: GameState, a: EnhanceMonster) -> tuple[GameState, list[Event]]:
    """Enhancers count only on their own target, even after a Mate copied it (M27, M30)."""
    state = take_from_hand(state, a.seat, a.card)
    combat = combat_of(state)
    monsters = list(combat.monsters)
    monsters[a.monster] = evolve(monsters[a.monster], enhancers=(*monsters[a.monster].enhancers, a.card))
    state = card_played_in_combat(evolve(state, combat=evolve(combat, monsters=tuple(monsters))))
    data = {"seat": a.seat, "card": a.card, "monster": a.monster, "monster_card": combat.monster_card(a.monster)}
    return state, [Event("enhanced", data)]


def _check_mate(state: GameState, a: PlayMate) -> None:
    combat = combat_of(state, "fight", "window")
    require_in_hand(state, a.seat, a.card, "mate")
    _check_monster_index(combat, a.monster)


@rule(
    PlayMate, _check_mate, lambda state, seat: (PlayMate(seat, c, i) for c, i in _monster_targets(state, seat, "mate"))
)
def play_mate(state: GameState, a: PlayMate) -> tuple[GameState, list[Event]]:
    """The Mate is a copy of the monster with every enhancer already on it (M30)."""
    state = take_from_hand(state, a.seat, a.card)
    combat = combat_of(state)
    target = combat.monsters[a.monster]
    mate = CombatMonster(a.card, target.base, (), target.enhancers + target.inherited)
    state = card_played_in_combat(evolve(state, combat=evolve(combat, monsters=(*combat.monsters, mate))))
    data = {"seat": a.seat, "card": a.card, "monster": a.monster, "monster_card": target.card}
    return state, [Event("mate", data)]


def _add_monster(state: GameState, seat: int, monster: str, *spent: str) -> GameState:
    state = take_from_hand(state, seat, monster)
    combat = combat_of(state)
    combat = evolve(combat, monsters=(*combat.monsters, CombatMonster(monster, monster)), spent=combat.spent + spent)
    return card_played_in_combat(evolve(state, combat=combat))


def _check_wandering(state: GameState, a: WanderingMonster) -> None:
    combat_of(state, "fight", "window")
    require_in_hand(state, a.seat, a.card, "wandering_monster")
    require_in_hand(state, a.seat, a.monster, "monster")


def _wandering_candidates(state: GameState, seat: int) -> Iterator[WanderingMonster]:
    for card in hand_of_kind(state, seat, "wandering_monster"):
        for m in hand_of_kind(state, seat, "monster"):
            yield WanderingMonster(seat, card, m)


@rule(WanderingMonster, _check_wandering, _wandering_candidates)
def wandering_monster(state: GameState, a: WanderingMonster) -> tuple[GameState, list[Event]]:
    """Its player picks the monster from their own hand; both must be beaten (M26, M29)."""
    state = _add_monster(take_from_hand(state, a.seat, a.card), a.seat, a.monster, a.card)
    return state, [Event("wandering_monster", {"seat": a.seat, "card": a.card, "monster": a.monster})]


def kindred(d: CardDef, undead: bool = False) -> frozenset[str]:
    """The kinds of monster that join their own kind's combats from a hand: Undead (M28; `undead` if a card
    made it so, R17), Santas (C02)."""
    return frozenset(k for k, on in (("Undead", d.undead or undead), ("Santa", d.santa)) if on)


def _check_undead(state: GameState, a: JoinUndead) -> None:
    combat = combat_of(state, "fight", "window")
    require_in_hand(state, a.seat, a.monster, "monster")
    d = state.card(a.monster)
    require(bool(kindred(d)), f"{d.name} is neither Undead nor a Santa")
    fighting = frozenset().union(*(kindred(state.card(m.base), is_undead(state, m)) for m in combat.monsters))
    require(
        bool(kindred(d) & fighting),
        "an Undead (or a Santa) joins only a combat against another of its kind (M28, C02)",
    )


@rule(
    JoinUndead,
    _check_undead,
    lambda state, seat: (JoinUndead(seat, c) for c in hand_of_kind(state, seat, "monster") if kindred(state.card(c))),
)
def join_undead(state: GameState, a: JoinUndead) -> tuple[GameState, list[Event]]:
    state = _add_monster(state, a.seat, a.monster)
    return state, [Event("undead_joined", {"seat": a.seat, "monster": a.monster})]


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
    event = Event(
        "one_shot",
        {
            "seat": a.seat,
            "card": a.card,
            "side": a.side,
            "monster": a.monster,
            "monster_card": aimed,
            "target": a.target,
        },
    )
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
    events.append(Event("monster_removed", {"card": monster.card, "keeps_treasure": keep_treasure}))
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
    return state, [Event(ability, {"seat": seat, "cards": list(cards), "bonus": bonus})]


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
    charmed = {"seat": a.seat, "monster": a.monster, "monster_card": combat_of(state).monster_card(a.monster)}
    return _remove_monster(state, a.monster, keep, "", [Event("charmed", charmed)])


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
    return state, [Event("backstab", {"seat": a.seat, "target": a.target})]


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
    return settle_spoils(state, [Event("took_spoil", {"seat": a.seat, "card": a.card})])
