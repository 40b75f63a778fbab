"""The Munchkin engine's entry points: legal actions, applying an action, who must act, the outcome."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from itertools import chain

import msgspec

from ..base import Action, Event, MalformedAction, NotYourDecision, Outcome, RuleError, SeatSetup, Wire, WrongTime
from ..legal import LegalActions
from .actions import (
    AcceptBadStuff,
    AcceptCurse,
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
    EatMonster,
    EndTurn,
    EnhanceMonster,
    Equip,
    FinishSetup,
    FireArrow,
    FlightSpell,
    GiveCharity,
    GiveItem,
    GiveToHireling,
    GoUpALevel,
    Illusion,
    JoinUndead,
    KickOpenTheDoor,
    LetCurseStrike,
    LookForTrouble,
    LootCorpse,
    LootTheRoom,
    MunchkinAction,
    OfferTrade,
    OutrunCurse,
    Pass,
    PlayCard,
    PlayCheat,
    PlayMate,
    PrayForAMiracle,
    RerollEscape,
    Resurrect,
    RollToRunAway,
    RunAway,
    SacrificePet,
    Sell,
    Steal,
    StealFromShadows,
    TakeSpoil,
    TamePet,
    TurnUndead,
    Unequip,
    UseOneShot,
    Volunteer,
    WanderingMonster,
)
from .any_time import RULES as ANY_TIME_RULES
from .cancel import RULES as CANCEL_RULES
from .character import abilities, sells_any_time
from .combat import RESURRECT, window_seats
from .decisions import RULES as DECISION_RULES
from .feats import RULES as FEAT_RULES
from .fight import RULES as FIGHT_RULES
from .fight import asked_seats
from .fight_cards import RULES as FIGHT_CARD_RULES
from .flight import RULES as FLIGHT_RULES
from .flight import runner
from .flow import CURSE_CAST, DOOR_ORDER, DOORS_WAITING, new_game, resolve_doors
from .flow import RULES as FLOW_RULES
from .options import Options
from .rulebook import Rule
from .state import GameState, evolve, hand_by_kind
from .table import RULES as TABLE_RULES
from .view import MunchkinView, player_view, player_views
from .window import close_window

# The rule table: every action's check, effect and candidates, in the order legal actions are listed.
RULES: dict[type[MunchkinAction], Rule] = {
    **FLOW_RULES,
    **CANCEL_RULES,
    **TABLE_RULES,
    **ANY_TIME_RULES,
    **DECISION_RULES,
    **FLIGHT_RULES,
    **FEAT_RULES,
    **FIGHT_RULES,
    **FIGHT_CARD_RULES,
}
DECISION_ACTIONS: dict[str, tuple[type[MunchkinAction], ...]] = {
    "lose_item": (ChooseLoss,),
    "lose_cards": (ChooseLoss,),
    "loot_corpse": (LootCorpse,),
    "trade": (AcceptTrade, DeclineTrade),
    "outrun_curse": (OutrunCurse, AcceptCurse),
    DOOR_ORDER: (ChooseDoorOrder,),
    DOORS_WAITING: (),  # never left at the head of the queue: `_settle_doors` resolves them
    RESURRECT: (Resurrect, DrawFaceUp),
    CURSE_CAST: (CancelCurse, LetCurseStrike),
}
SETUP_ACTIONS = (PlayCard, Equip, Unequip, DiscardCard, FinishSetup)
# PlayCard: a Hireling any time (M16), its rule refuses the rest; PrayForAMiracle: the Epic Cleric's (E04)
ANY_TIME = (Curse, GoUpALevel, DiscardCard, PlayCard, PrayForAMiracle)
# Combat steps during which only their own actions (and the any-time cards) may be played.
STEP_ACTIONS: dict[str, tuple[type[MunchkinAction], ...]] = {
    "help": (Volunteer, DeclineHelp, ChooseHelper, Pass),
    "flee": (RollToRunAway, AcceptBadStuff, FlightSpell, RerollEscape, UseOneShot),
    "spoils": (TakeSpoil,),
}


def _running(state: GameState, seat: int, caught: bool) -> bool:
    c = state.combat
    return (
        c is not None
        and c.flight is not None
        and c.flight.order[:1] == (seat,)
        and (c.flight.caught_by is not None) == caught
    )


# Where a seat stands at the table: (phase, combat step or None, their turn?, fighting?, the fighter?, the
# kind of the decision the table waits for or None, the seat's abilities). Legal actions are listed per
# situation, see `When`.
Situation = tuple[str, str | None, bool, bool, bool, str | None, frozenset[str]]


def situation(state: GameState, seat: int) -> Situation:
    combat = state.combat
    return (
        state.phase,
        None if combat is None else combat.step,
        seat == state.active,
        combat is not None and (seat == combat.fighter or seat == combat.helper),
        combat is not None and seat == combat.fighter,
        state.decisions[0].kind if state.decisions else None,
        abilities(state, state.players[seat]),  # one of a few frozensets, kept on the catalogue
    )


NO_COMBAT = (None,)
FIGHT_OR_WINDOW = ("fight", "window")


@dataclass(frozen=True)
class When:
    """When a seat could possibly take an action of one kind: a cheap filter before its candidates are checked.
    The fixed part (phase, combat step, whose turn, who fights, an ability) depends on the seat's situation
    alone, so it is settled once per situation; `also` is asked at each call."""

    phases: tuple[str, ...] = ()  # the turn's phases; () for any
    steps: tuple[str | None, ...] | None = None  # the combat's steps, None in it for "no combat"; None for any
    own_turn: bool = False  # only the active player
    fighting: bool | None = None  # True: only the fighter or the helper; False: only someone else
    fighter: bool = False  # only the fighter
    ability: str = ""  # only a character with this ability (a Race's, a Class's or an Epic feat)
    also: Callable[[GameState, int], bool] | None = None

    def fits(self, where: Situation) -> bool:
        phase, step, own_turn, fighting, fighter, _, abilities = where
        return (
            (not self.phases or phase in self.phases)
            and (self.steps is None or step in self.steps)
            and (own_turn or not self.own_turn)
            and (self.fighting is None or fighting == self.fighting)
            and (fighter or not self.fighter)
            and (not self.ability or self.ability in abilities)
        )


WHEN: dict[type[MunchkinAction], When] = {
    FinishSetup: When(phases=("setup",)),
    KickOpenTheDoor: When(phases=("start",), own_turn=True),
    LookForTrouble: When(phases=("door",), own_turn=True, also=lambda s, seat: not s.met_monster),
    LootTheRoom: When(phases=("door",), own_turn=True, also=lambda s, seat: not s.met_monster),
    EndTurn: When(phases=("end",), own_turn=True),
    GiveCharity: When(phases=("end",), own_turn=True),
    AskForHelp: When(
        steps=("fight",), fighter=True, also=lambda s, seat: s.combat is not None and s.combat.helper is None
    ),
    ClaimVictory: When(steps=("fight",), fighter=True),
    RunAway: When(steps=("fight",), fighter=True),
    Volunteer: When(steps=("help",)),
    DeclineHelp: When(steps=("help",)),
    ChooseHelper: When(steps=("help",), fighter=True),
    Pass: When(steps=("help", "window")),
    Berserk: When(fighting=True, ability="berserk"),
    TurnUndead: When(fighting=True, ability="turn_undead"),
    Charm: When(fighting=True, ability="charm"),
    Backstab: When(steps=FIGHT_OR_WINDOW, ability="backstab"),
    EnhanceMonster: When(steps=FIGHT_OR_WINDOW),
    PlayMate: When(steps=FIGHT_OR_WINDOW),
    WanderingMonster: When(steps=FIGHT_OR_WINDOW),
    JoinUndead: When(steps=FIGHT_OR_WINDOW),
    RollToRunAway: When(also=lambda s, seat: _running(s, seat, caught=False)),
    AcceptBadStuff: When(also=lambda s, seat: _running(s, seat, caught=True)),
    FlightSpell: When(ability="flight", also=lambda s, seat: _running(s, seat, caught=True)),
    RerollEscape: When(ability="reroll_escape", also=lambda s, seat: _running(s, seat, caught=True)),
    UseOneShot: When(
        also=lambda s, seat: (
            "one_shot" in hand_by_kind(s, s.players[seat].hand)
            or any(s.card(c.card).kind == "one_shot" for c in s.players[seat].items)
        )
    ),
    TakeSpoil: When(steps=("spoils",)),
    Equip: When(fighting=False),
    Unequip: When(fighting=False),
    GiveToHireling: When(fighting=False, also=lambda s, seat: s.players[seat].hireling is not None),
    OfferTrade: When(fighting=False, also=lambda s, seat: bool(s.players[seat].items)),
    GiveItem: When(fighting=False, also=lambda s, seat: bool(s.players[seat].items)),
    # On one's own turn; with the rulings option a Halfling sells any time (R13).
    Sell: When(steps=NO_COMBAT, also=lambda s, seat: seat == s.active or sells_any_time(s, seat)),
    Steal: When(fighting=False, ability="steal"),
    PlayCheat: When(steps=NO_COMBAT),
    Illusion: When(fighting=True, ability="illusion"),
    PrayForAMiracle: When(ability="pray_for_a_miracle"),
    StealFromShadows: When(steps=NO_COMBAT, own_turn=True, ability="steal_from_shadows"),
    FireArrow: When(steps=FIGHT_OR_WINDOW, ability="arrows"),
    TamePet: When(steps=("fight",), own_turn=True, ability="pets_rock"),
    SacrificePet: When(steps=FIGHT_OR_WINDOW, also=lambda s, seat: s.players[seat].pet is not None),
    EatMonster: When(steps=("fight",), own_turn=True, ability="munchkin_munch"),
}


def allowed_kinds(state: GameState) -> tuple[type[MunchkinAction], ...] | None:
    """The action types the table accepts right now; None means every type, subject to its own rule."""
    if state.phase == "over":
        return ()
    if state.decisions:
        return DECISION_ACTIONS[state.decisions[0].kind]
    if state.phase == "setup":
        return SETUP_ACTIONS
    if state.combat is not None and state.combat.step in STEP_ACTIONS:
        return STEP_ACTIONS[state.combat.step] + ANY_TIME
    return None


def _gate(state: GameState, action: MunchkinAction) -> None:
    if not 0 <= action.seat < len(state.players):
        raise NotYourDecision(f"there is no seat {action.seat}")
    kinds = allowed_kinds(state)
    if kinds is not None and type(action) not in kinds:
        if state.phase == "over":
            raise WrongTime("the game is over")
        if state.decisions:
            d = state.decisions[0]
            raise WrongTime(f"the table waits for seat {d.seat} to decide ({d.kind})")
        raise WrongTime(f"{action.kind} is not allowed now")
    if kinds is None and type(action) in DECISION_KINDS:
        raise NotYourDecision("nothing is waiting for that decision")


def check(state: GameState, action: Action) -> MunchkinAction:
    """Raise the RuleError that refuses `action`, or return it typed."""
    if not isinstance(action, MunchkinAction):
        raise MalformedAction(f"{action!r} is not a Munchkin action")
    _gate(state, action)
    RULES[type(action)].check(state, action)
    return action


DECISION_KINDS: tuple[type[MunchkinAction], ...] = (ChooseLoss, LootCorpse, AcceptTrade, DeclineTrade, OutrunCurse)
DECISION_KINDS += (AcceptCurse, ChooseDoorOrder, Resurrect, DrawFaceUp, CancelCurse, LetCurseStrike)
Lister = Callable[[GameState, int], Iterable[MunchkinAction]]
Entry = tuple[Callable[[GameState, int], bool] | None, Lister]
# The rules a seat's situation leaves open, in the rule table's order (the order legal actions are listed in),
# each as what its `When` still asks at each call and what lists its legal actions: worked out once per
# situation met, not per call (a game meets a few dozen situations and asks some 800 times).
_BY_SITUATION: dict[Situation, tuple[Entry, ...]] = {}


def _checked(rule: Rule) -> Lister:
    """A rule's legal actions: its own listing, or each candidate that passes its check."""
    if rule.listed is not None:
        return rule.listed
    check, candidates = rule.check, rule.candidates

    def listed(state: GameState, seat: int) -> list[MunchkinAction]:
        out = []
        for action in candidates(state, seat):
            try:
                check(state, action)
            except RuleError:
                continue
            out.append(action)
        return out

    return listed


_LISTERS = {kind: _checked(rule) for kind, rule in RULES.items()}


def _open_rules(state: GameState, seat: int) -> tuple[Entry, ...]:
    where = situation(state, seat)
    found = _BY_SITUATION.get(where)
    if found is None:
        kinds = allowed_kinds(state)  # a function of the phase, the decision and the combat step alone
        found = _BY_SITUATION[where] = tuple(
            (when.also if when else None, _LISTERS[kind])
            for kind in RULES
            if (kind not in DECISION_KINDS if kinds is None else kind in kinds)
            for when in [WHEN.get(kind)]
            if when is None or when.fits(where)
        )
    return found


def legal_actions(state: GameState, seat: int) -> LegalActions[MunchkinAction]:
    """Every action `seat` may take now: the candidates of each rule that pass its check, listed when asked;
    `action in legal_actions(state, seat)` runs the gate and the action's own check, what `apply` runs."""
    return LegalActions(_listing(state, seat), lambda action: _accepts(state, seat, action))


def _listing(state: GameState, seat: int) -> Iterator[MunchkinAction]:
    """Rule by rule, as far as asked: each rule's actions are found together and joined without a Python step
    per action (the situation's kinds above are the gate's work)."""
    if not 0 <= seat < len(state.players):
        return iter(())
    entries = _open_rules(state, seat)
    return chain.from_iterable(listed(state, seat) for also, listed in entries if also is None or also(state, seat))


def _accepts(state: GameState, seat: int, action: object) -> bool:
    if not isinstance(action, MunchkinAction) or action.seat != seat:
        return False
    try:
        check(state, action)
    except RuleError:
        return False
    return True


def apply(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """Check `action` and return the new state with what happened; a refused action raises `RuleError`."""
    checked = check(state, action)
    state, events = RULES[type(checked)].perform(state, checked)
    state, events = _settle_doors(state, events)
    return _settle_window(state, events)


def _settle_doors(state: GameState, events: list[Event]) -> tuple[GameState, list[Event]]:
    """Doors of an Epic kick held behind a decision take effect once the decisions before them are made (E03)."""
    while state.decisions and state.decisions[0].kind == DOORS_WAITING:
        held = state.decisions[0]
        state, more = resolve_doors(evolve(state, decisions=state.decisions[1:]), held.seat, held.cards)
        events = events + more
    return state, events


def _settle_window(state: GameState, events: list[Event]) -> tuple[GameState, list[Event]]:
    """A reaction window nobody is left to answer closes (its last player died, or became the helper)."""
    combat = state.combat
    if combat is None or combat.step != "window" or state.decisions:
        return state, events
    if all(s in combat.passed for s in window_seats(state, combat)):
        state, more = close_window(state)
        events = events + more
    return state, events


def seats_to_act(state: GameState) -> frozenset[int]:
    """The seats the table is waiting for (others may still play any-time cards)."""
    if state.phase == "over":
        return frozenset()
    if state.decisions:
        return frozenset({state.decisions[0].seat})
    if state.phase == "setup":
        return frozenset(s for s in range(len(state.players)) if s not in state.ready)
    combat = state.combat
    if combat is None:
        return frozenset({state.active})
    if combat.step == "help":
        waiting = {s for s in asked_seats(state, combat) if s not in combat.volunteers + combat.declined}
        return frozenset(waiting | ({combat.fighter} if combat.volunteers else set()))
    if combat.step == "window":
        return frozenset(s for s in window_seats(state, combat) if s not in combat.passed)
    if combat.step == "flee":
        seat = runner(state)
        return frozenset() if seat is None else frozenset({seat})
    if combat.step == "spoils":
        return frozenset(combat.pick_order[:1])
    return frozenset({combat.fighter})


def outcome(state: GameState) -> Outcome | None:
    if not state.winners:
        return None
    return Outcome(state.winners, f"reached level {state.options.win_level}")


class MunchkinRules:
    """The `Ruleset` of the Munchkin card table."""

    game = "munchkin"
    score_name = "level"

    def new_game(
        self, seats: tuple[SeatSetup, ...], seed: int, packs: tuple[str, ...] = (), options: Wire = None
    ) -> GameState:
        packs = packs or ("core",)
        chosen = Options.from_wire(options, Options.defaults_for(packs))  # unset: the packs' defaults (C03)
        state, _ = new_game(seats, seed, packs, chosen)
        return state

    def legal_actions(self, state: GameState, seat: int) -> LegalActions[MunchkinAction]:
        return legal_actions(state, seat)

    def apply(self, state: GameState, action: Action) -> tuple[GameState, list[Event]]:
        return apply(state, action)

    def player_view(self, state: GameState, seat: int | None) -> dict[str, Wire]:
        return msgspec.to_builtins(player_view(state, seat, seats_to_act(state)))  # type: ignore[no-any-return]

    def player_views(
        self,
        state: GameState,
        seats: Iterable[int | None],
        before: tuple[GameState, Mapping[int | None, MunchkinView]] | None = None,
    ) -> dict[int | None, MunchkinView]:
        return player_views(state, seats, seats_to_act(state), before)

    def outcome(self, state: GameState) -> Outcome | None:
        return outcome(state)

    def seats_to_act(self, state: GameState) -> frozenset[int]:
        return seats_to_act(state)

    def turn_number(self, state: GameState) -> int:
        return state.turn

    def reaction_seconds(self, state: GameState) -> float | None:
        """The reaction window's time, the table option of R01 (short: M25's 2.66 s, C03's 3.75 s; normal: 8 s);
        `math.inf` at a table without a timer."""
        combat = state.combat
        if combat is None or combat.step != "window":
            return None
        seconds = state.options.reaction_seconds(state.catalog.packs)
        return math.inf if seconds is None else seconds

    def score(self, state: GameState, seat: int) -> int:
        return state.players[seat].level

    def action_from_wire(self, wire: Wire) -> Action:
        return MunchkinAction.from_wire(wire)
