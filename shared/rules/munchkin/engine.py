"""The Munchkin engine's entry points: legal actions, applying an action, who must act, the outcome."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ..base import Action, Event, MalformedAction, NotYourDecision, Outcome, RuleError, SeatSetup, Wire, WrongTime
from . import decisions, feats, fight, flow, table  # noqa: F401  (each module registers its rules)
from .actions import (
    AcceptBadStuff,
    AcceptCurse,
    AcceptTrade,
    AskForHelp,
    Backstab,
    Berserk,
    Charm,
    ChooseDoorOrder,
    ChooseHelper,
    ChooseLoss,
    ClaimVictory,
    Curse,
    DeclineHelp,
    DeclineTrade,
    DiscardCard,
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
from .character import has_ability
from .combat import close_window, window_seats
from .fight import help_candidates
from .flight import runner
from .options import Options
from .rulebook import RULES
from .state import GameState, evolve
from .view import player_view

DECISION_ACTIONS: dict[str, tuple[type[MunchkinAction], ...]] = {
    "lose_item": (ChooseLoss,),
    "lose_cards": (ChooseLoss,),
    "loot_corpse": (LootCorpse,),
    "trade": (AcceptTrade, DeclineTrade),
    "outrun_curse": (OutrunCurse, AcceptCurse),
    flow.DOOR_ORDER: (ChooseDoorOrder,),
    flow.DOORS_WAITING: (),  # never left at the head of the queue: `_settle_doors` resolves them
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


def _step(state: GameState, *steps: str) -> bool:
    return state.combat is not None and state.combat.step in steps


def _fighting(state: GameState, seat: int) -> bool:
    return state.combat is not None and seat in state.combat.fighters


def _running(state: GameState, seat: int, caught: bool) -> bool:
    c = state.combat
    return (
        c is not None
        and c.flight is not None
        and c.flight.order[:1] == (seat,)
        and (c.flight.caught_by is not None) == caught
    )


# When a seat could possibly take an action of each kind: a cheap filter before its candidates are checked.
WHEN: dict[type[MunchkinAction], Callable[[GameState, int], bool]] = {
    FinishSetup: lambda s, seat: s.phase == "setup",
    KickOpenTheDoor: lambda s, seat: seat == s.active and s.phase == "start",
    LookForTrouble: lambda s, seat: seat == s.active and s.phase == "door" and not s.met_monster,
    LootTheRoom: lambda s, seat: seat == s.active and s.phase == "door" and not s.met_monster,
    EndTurn: lambda s, seat: seat == s.active and s.phase == "end",
    GiveCharity: lambda s, seat: seat == s.active and s.phase == "end",
    AskForHelp: lambda s, seat: (
        _step(s, "fight") and s.combat is not None and s.combat.fighter == seat and s.combat.helper is None
    ),
    ClaimVictory: lambda s, seat: _step(s, "fight") and s.combat is not None and s.combat.fighter == seat,
    RunAway: lambda s, seat: _step(s, "fight") and s.combat is not None and s.combat.fighter == seat,
    Volunteer: lambda s, seat: _step(s, "help"),
    DeclineHelp: lambda s, seat: _step(s, "help"),
    ChooseHelper: lambda s, seat: _step(s, "help") and s.combat is not None and s.combat.fighter == seat,
    Pass: lambda s, seat: _step(s, "help", "window"),
    Berserk: lambda s, seat: _fighting(s, seat) and has_ability(s, seat, "berserk"),
    TurnUndead: lambda s, seat: _fighting(s, seat) and has_ability(s, seat, "turn_undead"),
    Charm: lambda s, seat: _fighting(s, seat) and has_ability(s, seat, "charm"),
    Backstab: lambda s, seat: _step(s, "fight", "window") and has_ability(s, seat, "backstab"),
    EnhanceMonster: lambda s, seat: _step(s, "fight", "window"),
    PlayMate: lambda s, seat: _step(s, "fight", "window"),
    WanderingMonster: lambda s, seat: _step(s, "fight", "window"),
    JoinUndead: lambda s, seat: _step(s, "fight", "window"),
    RollToRunAway: lambda s, seat: _running(s, seat, caught=False),
    AcceptBadStuff: lambda s, seat: _running(s, seat, caught=True),
    FlightSpell: lambda s, seat: _running(s, seat, caught=True) and has_ability(s, seat, "flight"),
    RerollEscape: lambda s, seat: _running(s, seat, caught=True) and has_ability(s, seat, "reroll_escape"),
    UseOneShot: lambda s, seat: any(
        s.card(c).kind == "one_shot" for c in (*s.players[seat].hand, *s.players[seat].item_cards)
    ),
    TakeSpoil: lambda s, seat: _step(s, "spoils"),
    Equip: lambda s, seat: not _fighting(s, seat),
    Unequip: lambda s, seat: not _fighting(s, seat),
    GiveToHireling: lambda s, seat: s.players[seat].hireling is not None and not _fighting(s, seat),
    OfferTrade: lambda s, seat: bool(s.players[seat].items) and not _fighting(s, seat),
    GiveItem: lambda s, seat: bool(s.players[seat].items) and not _fighting(s, seat),
    Sell: lambda s, seat: seat == s.active and s.combat is None,
    Steal: lambda s, seat: s.combat is None and has_ability(s, seat, "steal"),
    PlayCheat: lambda s, seat: s.combat is None,
    Illusion: lambda s, seat: _fighting(s, seat) and has_ability(s, seat, "illusion"),
    PrayForAMiracle: lambda s, seat: has_ability(s, seat, "pray_for_a_miracle"),
    StealFromShadows: lambda s, seat: _shadows_time(s, seat) and has_ability(s, seat, "steal_from_shadows"),
    FireArrow: lambda s, seat: _step(s, "fight", "window") and has_ability(s, seat, "arrows"),
    TamePet: lambda s, seat: _step(s, "fight") and seat == s.active and has_ability(s, seat, "pets_rock"),
    SacrificePet: lambda s, seat: _step(s, "fight", "window") and s.players[seat].pet is not None,
    EatMonster: lambda s, seat: _step(s, "fight") and seat == s.active and has_ability(s, seat, "munchkin_munch"),
}


def _shadows_time(state: GameState, seat: int) -> bool:
    return seat == state.active and state.combat is None


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


DECISION_KINDS = (ChooseLoss, LootCorpse, AcceptTrade, DeclineTrade, OutrunCurse, AcceptCurse, ChooseDoorOrder)
# Every rule with its WHEN filter, in the rule table's order (the order legal actions are listed in); and the
# same without the decisions, for the usual case where no decision is pending: worked out once, not per call.
_EVERY_RULE = tuple((kind, rule, WHEN.get(kind)) for kind, rule in RULES.items())
_UNLESS_DECIDING = tuple(entry for entry in _EVERY_RULE if entry[0] not in DECISION_KINDS)


def legal_actions(state: GameState, seat: int) -> Iterator[MunchkinAction]:
    """Every action `seat` may take now: the candidates of each rule that pass its check."""
    if not 0 <= seat < len(state.players):
        return iter(())
    kinds = allowed_kinds(state)
    entries = _UNLESS_DECIDING if kinds is None else [e for e in _EVERY_RULE if e[0] in kinds]
    legal: list[MunchkinAction] = []
    for _, rule, when in entries:
        if when is not None and not when(state, seat):
            continue
        for action in rule.candidates(state, seat):  # the kind filter above is the gate's work
            try:
                rule.check(state, action)
            except RuleError:
                continue
            legal.append(action)
    return iter(legal)


def apply(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """Check `action` and return the new state with what happened; a refused action raises `RuleError`."""
    checked = check(state, action)
    state, events = RULES[type(checked)].perform(state, checked)
    state, events = _settle_doors(state, events)
    return _settle_window(state, events)


def _settle_doors(state: GameState, events: list[Event]) -> tuple[GameState, list[Event]]:
    """Doors of an Epic kick held behind a decision take effect once the decisions before them are made (E03)."""
    while state.decisions and state.decisions[0].kind == flow.DOORS_WAITING:
        held = state.decisions[0]
        state, more = flow.resolve_doors(evolve(state, decisions=state.decisions[1:]), held.seat, held.cards)
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
        waiting = {s for s in help_candidates(state, combat) if s not in combat.volunteers + combat.declined}
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
        state, _ = flow.new_game(seats, seed, packs, chosen)
        return state

    def legal_actions(self, state: GameState, seat: int) -> Iterator[Action]:
        return legal_actions(state, seat)

    def apply(self, state: GameState, action: Action) -> tuple[GameState, list[Event]]:
        return apply(state, action)

    def player_view(self, state: GameState, seat: int | None) -> dict[str, Wire]:
        return player_view(state, seat, seats_to_act(state))

    def outcome(self, state: GameState) -> Outcome | None:
        return outcome(state)

    def seats_to_act(self, state: GameState) -> frozenset[int]:
        return seats_to_act(state)

    def turn_number(self, state: GameState) -> int:
        return state.turn

    def reaction_seconds(self, state: GameState) -> float | None:
        """The reaction window's time (M25: the rulebook's 2.66 s, Christmas Lite's 3.75 s), as a table option."""
        combat = state.combat
        return state.options.reaction_seconds if combat is not None and combat.step == "window" else None

    def score(self, state: GameState, seat: int) -> int:
        return state.players[seat].level

    def action_from_wire(self, wire: Wire) -> Action:
        return MunchkinAction.from_wire(wire)
