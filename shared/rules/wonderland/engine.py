"""The Wonderland rules as a pure reducer: set up, list legal actions, apply one action, tell the outcome."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace

from ..base import (
    Action,
    Event,
    IllegalAction,
    MalformedAction,
    NotYourDecision,
    Outcome,
    SeatSetup,
    Wire,
    WrongTime,
)
from ..rng import Rng
from .actions import (
    AcceptHelp,
    AskForHelp,
    ChangeDie,
    DeclineHelp,
    Discard,
    EndFight,
    Move,
    PickTreasure,
    PlayFriend,
    PlayTreasure,
    Roll,
    TakeBack,
    WonderlandAction,
)
from .board import load_board
from .cards import DEFAULT_PACKS, FRIEND, load_catalog
from .decks import draw_treasures, give, take
from .fight import begin_fight, clear_fight, end_fight, helper_picks, place_helper
from .options import WonderlandOptions
from .state import (
    ASKING,
    ENTRANCE,
    FIGHT,
    FIGHT_ROLL,
    FIGHTER,
    HELPER,
    HELPER_PICK,
    HELPER_ROLL,
    MOVING,
    OVER,
    ROLL_AGAIN,
    RUN_DISCARD,
    RUN_ROLL,
    RUNNING,
    START,
    Die,
    DieOwner,
    WonderlandState,
    gold,
)

HAND_SIZE = 3  # W02
HELP_RANGE = 6  # W17: "any player within six spaces of your Room"
MIN_PLAYERS, MAX_PLAYERS = 2, 6  # W01

Result = tuple[WonderlandState, list[Event]]
Handler = Callable[[WonderlandState, Action], Result]  # (state, action) -> (state, events)


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


# ---------------------------------------------------------------- who decides


def deciders(state: WonderlandState) -> frozenset[int]:
    """The seats with a say at this moment (a helper in a fight may have nothing left to play)."""
    phase, fight = state.phase, state.fight
    if phase == OVER:
        return frozenset()
    if fight is None:
        return frozenset({state.active})
    if phase == ASKING:
        assert fight.pending_ask is not None
        return frozenset({fight.pending_ask})
    if phase in (HELPER_ROLL, HELPER_PICK):
        assert fight.helper is not None
        return frozenset({fight.helper})
    if phase == FIGHT and fight.helper is not None:
        return frozenset({fight.fighter, fight.helper})
    return frozenset({fight.fighter})


def seats_to_act(state: WonderlandState) -> frozenset[int]:
    return frozenset(s for s in deciders(state) if next(legal_actions(state, s), None) is not None)


# ---------------------------------------------------------------- legal actions


def legal_actions(state: WonderlandState, seat: int) -> Iterator[WonderlandAction]:
    """Every action `seat` may take now; identical copies of a card are offered once."""
    if seat not in deciders(state):
        return
    phase, fight = state.phase, state.fight
    if phase in (START, ROLL_AGAIN, ENTRANCE, FIGHT_ROLL, HELPER_ROLL, RUN_ROLL):
        yield Roll(seat)
        if phase == START:
            yield from _friend_plays(state, seat)
    elif phase in (MOVING, RUNNING):
        for path in _moves(state, seat):
            yield Move(seat, path)
        for card in _distinct(state, seat, "change_die"):
            for face in range(1, 7):
                if face != state.die:
                    yield ChangeDie(seat, card, 0, face)
    elif phase == ASKING:
        yield AcceptHelp(seat)
        yield DeclineHelp(seat)
    elif phase == HELPER_PICK:
        assert fight is not None
        for card in dict.fromkeys(fight.rewards):
            yield PickTreasure(seat, card)
    elif phase == RUN_DISCARD:
        pile = state.friends[seat] or state.hands[seat]
        for card in dict.fromkeys(pile):
            yield Discard(seat, card)
    elif phase == FIGHT:
        assert fight is not None
        fighting = seat == fight.fighter
        if fighting:
            yield EndFight(seat)
            yield from _friend_plays(state, seat)
            for other in _helpers_in_range(state):
                yield AskForHelp(seat, other)
        for card in _distinct(state, seat, "bonus", "extra_die", *(("get_away",) if fighting else ())):
            yield PlayTreasure(seat, card)
        for card in _distinct(state, seat, "change_die"):
            for index, die in enumerate(fight.dice):
                for face in range(1, 7):
                    if face != die.face:
                        yield ChangeDie(seat, card, index, face)
        takeable = [c for c in dict.fromkeys(state.treasure_discard) if state.catalog[c].kind != "take_back"]
        if takeable:
            for card in _distinct(state, seat, "take_back"):
                for wanted in _distinct_cards(state, takeable):
                    yield TakeBack(seat, card, wanted)


def _distinct_cards(state: WonderlandState, cards: list[str] | tuple[str, ...]) -> list[str]:
    """One instance per card (copies of a card do the same thing)."""
    seen: dict[str, str] = {}
    for card in cards:
        seen.setdefault(state.catalog[card].id, card)
    return list(seen.values())


def _distinct(state: WonderlandState, seat: int, *kinds: str) -> list[str]:
    return _distinct_cards(state, [c for c in state.hands[seat] if state.catalog[c].kind in kinds])


def _friend_plays(state: WonderlandState, seat: int) -> Iterator[WonderlandAction]:
    in_play = state.friends[seat]
    for card in _distinct(state, seat, FRIEND):
        if len(in_play) < 2:
            yield PlayFriend(seat, card)
        else:
            for old in in_play:
                yield PlayFriend(seat, card, old)


def _helpers_in_range(state: WonderlandState) -> list[int]:
    """W17: players within six spaces of the Room, not yet asked, while the fight has no helper."""
    fight = state.fight
    assert fight is not None
    if fight.helper is not None:
        return []
    distance = state.board.distances_from(state.board.room_space[fight.room])
    return [
        s for s in range(state.players)
        if s != fight.fighter and s not in fight.asked and distance[state.positions[s]] <= HELP_RANGE
    ]


# ---------------------------------------------------------------- applying an action


def apply(state: WonderlandState, action: Action) -> Result:
    """Apply a legal action; an illegal one raises a `RuleError` and the state stays as it was."""
    if not isinstance(action, WonderlandAction):
        raise MalformedAction(f"{type(action).__name__} is not a Wonderland action")
    if state.phase == OVER:
        raise WrongTime("the game is over")
    if action.seat not in deciders(state):
        if not 0 <= action.seat < state.players:
            raise NotYourDecision(f"there is no seat {action.seat} at this table")
        raise NotYourDecision(f"seat {action.seat} has no say now: {_waiting_for(state)}")
    handler = _HANDLERS.get(type(action))
    if handler is None:  # pragma: no cover - every registered action has a handler
        raise MalformedAction(f"no handler for {action.kind}")
    return handler(state, action)


def _waiting_for(state: WonderlandState) -> str:
    return f"the game waits for seat(s) {', '.join(map(str, sorted(deciders(state))))} ({state.phase})"


def _wrong_time(state: WonderlandState, action: Action) -> WrongTime:
    return WrongTime(f"{action.kind} is not possible now: {_waiting_for(state)}")


def _card_in_hand(state: WonderlandState, seat: int, card: str, *kinds: str) -> None:
    if card not in state.hands[seat]:
        raise IllegalAction(f"{card!r} is not in seat {seat}'s hand")
    kind = state.catalog[card].kind
    if kind not in kinds:
        raise IllegalAction(f"{card!r} is a {kind} card, not {' or '.join(kinds)}")


def _roll(state: WonderlandState, action: Action) -> Result:
    phase = state.phase
    seat = action.seat
    face, rng = state.rng.roll(6)
    state = replace(state, rng=rng)
    fight = state.fight
    if phase in (START, ROLL_AGAIN, RUN_ROLL):
        purpose = "run_away" if phase == RUN_ROLL else "move"
        event = Event("rolled", {"seat": seat, "die": face, "for": purpose, "seed": rng.throw_seed()})
        return replace(state, die=face, phase=RUNNING if phase == RUN_ROLL else MOVING), [event]
    if phase == ENTRANCE:
        # W11: the roll picks the Room at once, so no "Eat Me" Cake can touch it.
        events = [Event("rolled", {"seat": seat, "die": face, "for": "room", "seed": rng.throw_seed()})]
        state, fight_events = begin_fight(state, face)
        return state, events + fight_events
    if phase in (FIGHT_ROLL, HELPER_ROLL):
        assert fight is not None
        owner: DieOwner = FIGHTER if phase == FIGHT_ROLL else HELPER
        fight = replace(fight, dice=(*fight.dice, Die(owner, face)))
        event = Event("rolled", {"seat": seat, "die": face, "for": owner, "seed": rng.throw_seed()})
        return replace(state, fight=fight, phase=FIGHT), [event]
    raise _wrong_time(state, action)


def _move(state: WonderlandState, action: Action) -> Result:
    assert isinstance(action, Move)
    if state.phase not in (MOVING, RUNNING):
        raise _wrong_time(state, action)
    seat = action.seat
    start = state.positions[seat]
    if action.path not in _moves(state, seat):
        away = " away from the Room, each step farther from it (R21)" if state.phase == RUNNING else ""
        raise IllegalAction(
            f"{' -> '.join(action.path) or 'nowhere'} is not a move of {state.die} from {start!r}{away}"
        )
    where = action.destination
    positions = tuple(where if i == seat else p for i, p in enumerate(state.positions))
    state = replace(state, positions=positions, die=0)
    running = state.phase == RUNNING
    events = [Event("moved", {"seat": seat, "path": list(action.path), "running_away": running})]
    if state.phase == RUNNING:
        # W15: the landing space's special rule is ignored; then a Friend (or a card) is lost.
        if state.friends[seat] or state.hands[seat]:
            return replace(state, phase=RUN_DISCARD), events
        return _end_turn(clear_fight(state), events)
    space = state.board.spaces[where]
    if space.kind == "entrance":
        state, drawn, draw_events = draw_treasures(state, 1)
        events += [*draw_events, _drawn_event(seat, drawn, "entrance")]
        state = replace(state, hands=give(state.hands, seat, drawn))
        if state.last_treasure_drawn:
            return _end_turn(state, events)
        return replace(state, phase=ENTRANCE), events
    if space.kind == "room":
        state, fight_events = begin_fight(state, space.room)
        return state, events + fight_events
    if space.kind == "monster":
        # W09: the monster's picture sends you to its Room.
        events.append(Event("sent_to_room", {"seat": seat, "room": space.room}))
        state, fight_events = begin_fight(state, space.room)
        return state, events + fight_events
    if space.kind == "treasure":
        state, drawn, draw_events = draw_treasures(state, 1)
        events += [*draw_events, _drawn_event(seat, drawn, "treasure_space")]
        return _end_turn(replace(state, hands=give(state.hands, seat, drawn)), events)
    if space.kind == "roll_again":
        events.append(Event("roll_again", {"seat": seat}))
        return replace(state, phase=ROLL_AGAIN), events
    return _end_turn(state, events)


def _moves(state: WonderlandState, seat: int) -> tuple[tuple[str, ...], ...]:
    """W07's moves of the die's count; a run goes only away from the fight's Room (W15, R21)."""
    start = state.positions[seat]
    if state.phase == RUNNING and state.fight is not None:
        return state.board.paths_away(state.board.room_space[state.fight.room], start, state.die)
    return state.board.paths(start, state.die)


def _drawn_event(seat: int, drawn: tuple[str, ...], reason: str) -> Event:
    return Event("treasure_drawn", {"seat": seat, "count": len(drawn), "reason": reason},
                 {"cards": list(drawn)}, frozenset({seat}))


def _end_turn(state: WonderlandState, events: list[Event]) -> Result:
    """W16/W18: the next player's turn, unless the last Treasure has been drawn."""
    if state.last_treasure_drawn:
        hands = {str(s): list(h) for s, h in enumerate(state.hands)}
        golds = [gold(state, s) for s in range(state.players)]
        events.append(Event("game_over", {"gold": golds, "hands": hands}))
        return replace(state, phase=OVER, die=0, fight=None), events
    nxt = (state.active + 1) % state.players
    events.append(Event("turn_began", {"seat": nxt, "turn": state.turn + 1}))
    return replace(state, active=nxt, turn=state.turn + 1, phase=START, die=0, fight=None), events


def _play_friend(state: WonderlandState, action: Action) -> Result:
    assert isinstance(action, PlayFriend)
    seat = action.seat
    fight = state.fight
    if not (state.phase == START or (state.phase == FIGHT and fight is not None and seat == fight.fighter)):
        raise _wrong_time(state, action)
    _card_in_hand(state, seat, action.card, FRIEND)
    in_play = state.friends[seat]
    discard = state.treasure_discard
    if len(in_play) >= 2:
        # W04: a third Friend sends one of the two to the discards.
        if action.replace is None:
            raise IllegalAction("two Friends are already in play: name the one to discard (replace)")
        if action.replace not in in_play:
            raise IllegalAction(f"{action.replace!r} is not one of seat {seat}'s Friends in play")
        in_play = tuple(c for c in in_play if c != action.replace)
        discard = (*discard, action.replace)
    elif action.replace is not None:
        raise IllegalAction("fewer than two Friends are in play: nothing needs replacing")
    friends = tuple((*in_play, action.card) if i == seat else f for i, f in enumerate(state.friends))
    hands = take(state.hands, seat, action.card)
    state = replace(state, hands=hands, friends=friends, treasure_discard=discard)
    return state, [Event("friend_played", {"seat": seat, "card": action.card, "discarded": action.replace})]


def _one_time_played(state: WonderlandState, seat: int, card: str) -> WonderlandState:
    """W05: a one-time Treasure goes to the discards as soon as it is used."""
    hands = take(state.hands, seat, card)
    return replace(state, hands=hands, treasure_discard=(*state.treasure_discard, card))


def _play_treasure(state: WonderlandState, action: Action) -> Result:
    assert isinstance(action, PlayTreasure)
    fight = state.fight
    if state.phase != FIGHT or fight is None:
        raise _wrong_time(state, action)
    seat = action.seat
    fighting = seat == fight.fighter
    _card_in_hand(state, seat, action.card, "bonus", "extra_die", "get_away")
    card = state.catalog[action.card]
    if card.kind == "get_away" and not fighting:
        raise IllegalAction("only the fighter can get away from the monster")
    state = _one_time_played(state, seat, action.card)
    data: dict[str, Wire] = {"seat": seat, "card": action.card}
    if card.kind == "bonus":
        if fighting:
            fight = replace(fight, fighter_bonus=fight.fighter_bonus + card.bonus)
        else:
            fight = replace(fight, helper_bonus=fight.helper_bonus + card.bonus)
        return replace(state, fight=fight), [Event("treasure_played", data)]
    if card.kind == "extra_die":
        face, rng = state.rng.roll(6)
        fight = replace(fight, dice=(*fight.dice, Die(FIGHTER if fighting else HELPER, face)))
        return replace(state, fight=fight, rng=rng), [Event("treasure_played", {**data, "die": face})]
    # get_away: the fight is over with nothing won and nothing lost.
    events = [Event("treasure_played", data), Event("got_away", {"seat": seat, "room": fight.room})]
    return _end_turn(clear_fight(state), events)


def _change_die(state: WonderlandState, action: Action) -> Result:
    assert isinstance(action, ChangeDie)
    seat = action.seat
    if not 1 <= action.face <= 6:
        raise IllegalAction(f"a die has faces 1-6, not {action.face}")
    if state.phase in (MOVING, RUNNING):
        _card_in_hand(state, seat, action.card, "change_die")
        if action.die != 0:
            raise IllegalAction("while moving, the only die to change is your own move (die 0)")
        state = _one_time_played(state, seat, action.card)
        event = Event("die_changed", {"seat": seat, "card": action.card, "die": 0, "from": state.die,
                                      "to": action.face, "for": "move"})
        return replace(state, die=action.face), [event]
    fight = state.fight
    if state.phase != FIGHT or fight is None:
        raise _wrong_time(state, action)
    _card_in_hand(state, seat, action.card, "change_die")
    if not 0 <= action.die < len(fight.dice):
        raise IllegalAction(f"this fight has dice 0-{len(fight.dice) - 1}, not {action.die}")
    old = fight.dice[action.die]
    dice = tuple(Die(d.owner, action.face) if i == action.die else d for i, d in enumerate(fight.dice))
    state = replace(_one_time_played(state, seat, action.card), fight=replace(fight, dice=dice))
    event = Event("die_changed", {"seat": seat, "card": action.card, "die": action.die, "from": old.face,
                                  "to": action.face, "for": old.owner})
    return state, [event]


def _take_back(state: WonderlandState, action: Action) -> Result:
    assert isinstance(action, TakeBack)
    if state.phase != FIGHT:
        raise _wrong_time(state, action)
    seat = action.seat
    _card_in_hand(state, seat, action.card, "take_back")
    if action.take not in state.treasure_discard:
        raise IllegalAction(f"{action.take!r} is not in the Treasure discards")
    if state.catalog[action.take].kind == "take_back":
        # Two take-backs fetching each other would never end a fight.
        raise IllegalAction("a take-back card cannot fetch another take-back card")
    discard = list(state.treasure_discard)
    discard.remove(action.take)
    hands = give(take(state.hands, seat, action.card), seat, (action.take,))
    state = replace(state, hands=hands, treasure_discard=(*discard, action.card))
    return state, [Event("treasure_taken_back", {"seat": seat, "card": action.card, "took": action.take})]


def _ask_for_help(state: WonderlandState, action: Action) -> Result:
    assert isinstance(action, AskForHelp)
    fight = state.fight
    if state.phase != FIGHT or fight is None or action.seat != fight.fighter:
        raise _wrong_time(state, action)
    if fight.helper is not None:
        raise IllegalAction("one helper per fight (W17)")
    if not 0 <= action.helper < state.players or action.helper == fight.fighter:
        raise IllegalAction(f"seat {action.helper} cannot be asked for help")
    if action.helper in fight.asked:
        raise IllegalAction(f"seat {action.helper} was already asked in this fight")
    if action.helper not in _helpers_in_range(state):
        raise IllegalAction(f"seat {action.helper} is more than {HELP_RANGE} spaces from the Room")
    fight = replace(fight, pending_ask=action.helper, asked=(*fight.asked, action.helper))
    event = Event("help_asked", {"seat": action.seat, "helper": action.helper})
    return replace(state, fight=fight, phase=ASKING), [event]


def _answer_help(state: WonderlandState, action: Action) -> Result:
    fight = state.fight
    assert fight is not None and state.phase == ASKING
    if isinstance(action, DeclineHelp):
        fight = replace(fight, pending_ask=None)
        return replace(state, fight=fight, phase=FIGHT), [Event("help_declined", {"seat": action.seat})]
    fight = replace(fight, pending_ask=None, helper=action.seat)
    state = place_helper(replace(state, fight=fight, phase=HELPER_ROLL), action.seat)
    return state, [Event("help_accepted", {"seat": action.seat, "room": fight.room})]


def _end_fight(state: WonderlandState, action: Action) -> Result:
    fight = state.fight
    if state.phase != FIGHT or fight is None or action.seat != fight.fighter:
        raise _wrong_time(state, action)
    state, events, over = end_fight(state)
    return _end_turn(state, events) if over else (state, events)


def _pick_treasure(state: WonderlandState, action: Action) -> Result:
    assert isinstance(action, PickTreasure)
    fight = state.fight
    if state.phase != HELPER_PICK or fight is None:
        raise _wrong_time(state, action)
    if action.card not in fight.rewards:
        raise IllegalAction(f"{action.card!r} is not among the shown Treasures")
    state, events = helper_picks(state, action.card)
    return _end_turn(state, events)


def _discard(state: WonderlandState, action: Action) -> Result:
    assert isinstance(action, Discard)
    if state.phase != RUN_DISCARD:
        raise _wrong_time(state, action)
    seat = action.seat
    friends = state.friends[seat]
    if friends:
        if action.card not in friends:
            raise IllegalAction(f"{action.card!r} is not a Friend in play; a Friend must go first (W15)")
        rest = tuple(c for c in friends if c != action.card)
        state = replace(state, friends=tuple(rest if i == seat else f for i, f in enumerate(state.friends)))
    else:
        if action.card not in state.hands[seat]:
            raise IllegalAction(f"{action.card!r} is not in seat {seat}'s hand")
        state = replace(state, hands=take(state.hands, seat, action.card))
    state = replace(state, treasure_discard=(*state.treasure_discard, action.card))
    events = [Event("discarded", {"seat": seat, "card": action.card, "friend": bool(friends)})]
    return _end_turn(clear_fight(state), events)


def _by_phase(phases: tuple[str, ...], handler: Handler) -> Handler:
    def checked(state: WonderlandState, action: Action) -> Result:
        if state.phase not in phases:
            raise _wrong_time(state, action)
        return handler(state, action)

    return checked


_HANDLERS: dict[type[Action], Handler] = {
    Roll: _by_phase((START, ROLL_AGAIN, ENTRANCE, FIGHT_ROLL, HELPER_ROLL, RUN_ROLL), _roll),
    Move: _move,
    PlayFriend: _play_friend,
    PlayTreasure: _play_treasure,
    ChangeDie: _change_die,
    TakeBack: _take_back,
    AskForHelp: _ask_for_help,
    AcceptHelp: _by_phase((ASKING,), _answer_help),
    DeclineHelp: _by_phase((ASKING,), _answer_help),
    EndFight: _end_fight,
    PickTreasure: _pick_treasure,
    Discard: _discard,
}


def outcome(state: WonderlandState) -> Outcome | None:
    """W18: most Gold in hand wins; ties all win."""
    if state.phase != OVER:
        return None
    golds = [gold(state, s) for s in range(state.players)]
    best = max(golds)
    winners = tuple(s for s, g in enumerate(golds) if g == best)
    return Outcome(winners, f"the last Treasure was drawn; most Gold ({best}) wins")
