"""The Wonderland rules as a pure reducer: set up, list legal actions, apply one action, tell the outcome."""

from __future__ import annotations

from collections.abc import Iterator

from ..base import Action, Event, MalformedAction, NotYourDecision, Outcome, RuleError, SeatSetup, Wire, WrongTime
from ..legal import LegalActions
from ..rng import Rng
from .actions import WonderlandAction
from .board import load_board
from .cards import DEFAULT_PACKS, load_catalog
from .options import WonderlandOptions
from .rules import BY_PHASE, RULES, deciders, waiting_for, wrong_time
from .state import OVER, WonderlandState, gold

HAND_SIZE = 3  # W02
MIN_PLAYERS, MAX_PLAYERS = 2, 6  # W01

Result = tuple[WonderlandState, list[Event]]


def new_game(
    seats: tuple[SeatSetup, ...], seed: int, packs: tuple[str, ...] = (), options: Wire = None
) -> WonderlandState:
    """W01/W02: everybody on the Entrance, both decks shuffled, three Treasures dealt to each player."""
    if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
        raise ValueError(f"Wonderland is for {MIN_PLAYERS}-{MAX_PLAYERS} players, not {len(seats)}")
    board = load_board(WonderlandOptions.from_wire(options).board)
    catalog = load_catalog(tuple(packs) or DEFAULT_PACKS)
    rng = Rng.from_seed(seed)
    monsters, rng = rng.shuffled(catalog.monsters)
    treasures, rng = rng.shuffled(catalog.treasures)
    players = len(seats)
    hands = tuple(treasures[i : players * HAND_SIZE : players] for i in range(players))
    return WonderlandState(
        seats=tuple(seats),
        rng=rng,
        positions=(board.entrance,) * players,
        hands=hands,
        friends=((),) * players,
        treasure_deck=treasures[players * HAND_SIZE :],
        treasure_discard=(),
        monster_deck=monsters,
        monster_discard=(),
        board=board,
        catalog=catalog,
    )


# ---------------------------------------------------------------- who acts, and how


def seats_to_act(state: WonderlandState) -> frozenset[int]:
    return frozenset(s for s in deciders(state) if legal_actions(state, s))


def legal_actions(state: WonderlandState, seat: int) -> LegalActions[WonderlandAction]:
    """Every action `seat` may take now, listed when asked; identical copies of a card are listed once, and
    `action in legal_actions(state, seat)` runs `apply`'s own checks, for any copy."""
    return LegalActions(_listing(state, seat), lambda action: _accepts(state, seat, action))


def _listing(state: WonderlandState, seat: int) -> Iterator[WonderlandAction]:
    if seat not in deciders(state):
        return
    for rule in BY_PHASE[state.phase]:
        for action in rule.candidates(state, seat):
            try:
                rule.check(state, action)
            except RuleError:
                continue
            yield action


def _accepts(state: WonderlandState, seat: int, action: object) -> bool:
    if not isinstance(action, WonderlandAction) or action.seat != seat:
        return False
    try:
        check(state, action)
    except RuleError:
        return False
    return True


def check(state: WonderlandState, action: Action) -> WonderlandAction:
    """Raise the RuleError that refuses `action`, or return it typed."""
    if not isinstance(action, WonderlandAction):
        raise MalformedAction(f"{type(action).__name__} is not a Wonderland action")
    if state.phase == OVER:
        raise WrongTime("the game is over")
    if action.seat not in deciders(state):
        if not 0 <= action.seat < state.players:
            raise NotYourDecision(f"there is no seat {action.seat} at this table")
        raise NotYourDecision(f"seat {action.seat} has no say now: {waiting_for(state)}")
    rule = RULES[type(action)]
    if state.phase not in rule.phases:
        raise wrong_time(state, action)
    rule.check(state, action)
    return action


def apply(state: WonderlandState, action: Action) -> Result:
    """Apply a legal action; an illegal one raises a `RuleError` and the state stays as it was."""
    checked = check(state, action)
    return RULES[type(checked)].perform(state, checked)


def outcome(state: WonderlandState) -> Outcome | None:
    """W18: most Gold in hand wins; ties all win."""
    if state.phase != OVER:
        return None
    golds = [gold(state, s) for s in range(state.players)]
    best = max(golds)
    winners = tuple(s for s, g in enumerate(golds) if g == best)
    return Outcome(winners, f"the last Treasure was drawn; most Gold ({best}) wins")
