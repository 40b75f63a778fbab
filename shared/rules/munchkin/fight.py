"""What players do in a combat: help and bribes, claiming victory, reaction windows, interference and running
away (M19-M35); the cards it brings in and gives out are `fight_cards`."""

from __future__ import annotations

from collections.abc import Iterator

from msgspec import UNSET

from ..base import Event, NotYourDecision
from .actions import (
    AskForHelp,
    ChooseHelper,
    ClaimVictory,
    DeclineHelp,
    EnhanceMonster,
    JoinUndead,
    Pass,
    PlayMate,
    RunAway,
    Volunteer,
    WanderingMonster,
)
from .cards import CardDef
from .combat import (
    card_played_in_combat,
    conditions,
    fighters_win,
    is_undead,
    monster_treasures,
    window_seats,
)
from .events import (
    AskedForHelp,
    DeclinedToHelp,
    Enhanced,
    HelperChosen,
    HelpWithdrawn,
    Mate,
    NobodyHelps,
    Passed,
    UndeadJoined,
    Volunteered,
    WanderingMonsterPlayed,
)
from .fairy import tradeable
from .rulebook import (
    Rules,
    combat_of,
    refuse,
    require,
    require_in_hand,
    settled_by_first,
)
from .state import (
    Bribe,
    Combat,
    CombatMonster,
    GameState,
    evolve,
    hand_of_kind,
    remembered,
    take_from_hand,
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
    asked = AskedForHelp(
        seat=a.seat,
        items=list(a.items),
        treasures=a.treasures,
        helper_first=a.helper_first,
        cards=list(a.cards) if a.cards else UNSET,
        to=a.to if a.to != -1 else UNSET,
    )
    return state, [asked]


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
        return evolve(state, combat=combat), [Volunteered(seat=a.seat)]
    combat = evolve(combat, declined=(*combat.declined, a.seat))
    events: list[Event] = [DeclinedToHelp(seat=a.seat)]
    if not _awaiting_answer(state, combat) and not combat.volunteers:
        combat = evolve(combat, step="fight", offer=None, asked=-1)
        events.append(NobodyHelps())
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
    return state, [HelperChosen(seat=a.seat, helper=a.helper)]


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
        return state, [HelpWithdrawn(seat=a.seat)]
    combat = evolve(combat, passed=(*combat.passed, a.seat))
    state = evolve(state, combat=combat)
    events: list[Event] = [Passed(seat=a.seat)]
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
    return state, [Enhanced(seat=a.seat, card=a.card, monster=a.monster, monster_card=combat.monster_card(a.monster))]


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
    return state, [Mate(seat=a.seat, card=a.card, monster=a.monster, monster_card=target.card)]


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
    return state, [WanderingMonsterPlayed(seat=a.seat, card=a.card, monster=a.monster)]


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
    return state, [UndeadJoined(seat=a.seat, monster=a.monster)]
