"""The Wonderland rule table: for each action, the phases it belongs to, its check, its effect and its
candidates. Legal actions are the candidates that pass the same check `apply` runs, so what is listed is
accepted, and what is accepted is listed (a copy of a card standing for its copies: they do the same thing)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from typing import Any, Literal

from ..base import Event, IllegalAction, WrongTime
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
from .cards import FRIEND
from .decks import draw_treasures, give, take
from .events import (
    DieChanged,
    Discarded,
    DrawReason,
    FriendPlayed,
    GameOver,
    GotAway,
    HelpAccepted,
    HelpAsked,
    HelpDeclined,
    Moved,
    RollAgain,
    Rolled,
    RollPurpose,
    SentToRoom,
    TreasureDrawn,
    TreasurePlayed,
    TreasureTakenBack,
    TurnBegan,
)
from .fight import begin_fight, clear_fight, end_fight, helper_picks, place_helper
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
    WonderlandState,
    gold,
)

HELP_RANGE = 6  # W17: "any player within six spaces of your Room"
FACES = range(1, 7)

Result = tuple[WonderlandState, list[Event]]


@dataclass(frozen=True)
class Rule:
    phases: tuple[str, ...]  # the phases in which the action may be taken at all
    check: Callable[[WonderlandState, Any], None]  # raises the RuleError that refuses the action
    perform: Callable[[WonderlandState, Any], Result]
    candidates: Callable[[WonderlandState, int], Iterable[WonderlandAction]]


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


def waiting_for(state: WonderlandState) -> str:
    return f"the game waits for seat(s) {', '.join(map(str, sorted(deciders(state))))} ({state.phase})"


def _no_check(state: WonderlandState, action: WonderlandAction) -> None:
    """Nothing to check beyond the phase and the seat, which `apply` checks for every action."""


def _fighter_only(state: WonderlandState, action: WonderlandAction) -> None:
    fight = state.fight
    if fight is None or action.seat != fight.fighter:
        raise wrong_time(state, action)


def _card_in_hand(state: WonderlandState, seat: int, card: str, *kinds: str) -> None:
    if card not in state.hands[seat]:
        raise IllegalAction(f"{card!r} is not in seat {seat}'s hand")
    kind = state.catalog[card].kind
    if kind not in kinds:
        raise IllegalAction(f"{card!r} is a {kind} card, not {' or '.join(kinds)}")


def _distinct_cards(state: WonderlandState, cards: list[str] | tuple[str, ...]) -> list[str]:
    """One instance per card (copies of a card do the same thing)."""
    seen: dict[str, str] = {}
    for card in cards:
        seen.setdefault(state.catalog[card].id, card)
    return list(seen.values())


def _distinct(state: WonderlandState, seat: int, *kinds: str) -> list[str]:
    return _distinct_cards(state, [c for c in state.hands[seat] if state.catalog[c].kind in kinds])


def _one_time_played(state: WonderlandState, seat: int, card: str) -> WonderlandState:
    """W05: a one-time Treasure goes to the discards as soon as it is used."""
    hands = take(state.hands, seat, card)
    return replace(state, hands=hands, treasure_discard=(*state.treasure_discard, card))


def _drawn_event(seat: int, drawn: tuple[str, ...], reason: DrawReason) -> Event:
    return TreasureDrawn(seat=seat, count=len(drawn), reason=reason, cards=list(drawn), seen_by=frozenset({seat}))


def end_turn(state: WonderlandState, events: list[Event]) -> Result:
    """W16/W18: the next player's turn, unless the last Treasure has been drawn."""
    if state.last_treasure_drawn:
        hands = {str(s): list(h) for s, h in enumerate(state.hands)}
        golds = [gold(state, s) for s in range(state.players)]
        events.append(GameOver(gold=golds, hands=hands))
        return replace(state, phase=OVER, die=0, fight=None), events
    nxt = (state.active + 1) % state.players
    events.append(TurnBegan(seat=nxt, turn=state.turn + 1))
    return replace(state, active=nxt, turn=state.turn + 1, phase=START, die=0, fight=None), events


# ---------------------------------------------------------------- rolling and moving (W06-W11)


def _roll(state: WonderlandState, action: Roll) -> Result:
    phase = state.phase
    seat = action.seat
    face, rng = state.rng.roll(6)
    state = replace(state, rng=rng)
    if phase in (START, ROLL_AGAIN, RUN_ROLL):
        purpose: RollPurpose = "run_away" if phase == RUN_ROLL else "move"
        event = Rolled(seat=seat, die=face, purpose=purpose, seed=rng.throw_seed())
        return replace(state, die=face, phase=RUNNING if phase == RUN_ROLL else MOVING), [event]
    if phase == ENTRANCE:
        # W11: the roll picks the Room at once, so no "Eat Me" Cake can touch it.
        events = [Rolled(seat=seat, die=face, purpose="room", seed=rng.throw_seed())]
        state, fight_events = begin_fight(state, face)
        return state, events + fight_events
    fight = state.fight
    assert fight is not None and phase in (FIGHT_ROLL, HELPER_ROLL)
    owner: Literal["fighter", "helper"] = FIGHTER if phase == FIGHT_ROLL else HELPER
    fight = replace(fight, dice=(*fight.dice, Die(owner, face)))
    event = Rolled(seat=seat, die=face, purpose=owner, seed=rng.throw_seed())
    return replace(state, fight=fight, phase=FIGHT), [event]


def moves(state: WonderlandState, seat: int) -> tuple[tuple[str, ...], ...]:
    """W07's moves of the die's count; a run goes only away from the fight's Room (W15, R21)."""
    start = state.positions[seat]
    if state.phase == RUNNING and state.fight is not None:
        return state.board.paths_away(state.board.room_space[state.fight.room], start, state.die)
    return state.board.paths(start, state.die)


def _check_move(state: WonderlandState, action: Move) -> None:
    if action.path not in moves(state, action.seat):
        away = " away from the Room, each step farther from it (R21)" if state.phase == RUNNING else ""
        start = state.positions[action.seat]
        raise IllegalAction(
            f"{' -> '.join(action.path) or 'nowhere'} is not a move of {state.die} from {start!r}{away}"
        )


def _move(state: WonderlandState, action: Move) -> Result:
    seat = action.seat
    where = action.destination
    positions = tuple(where if i == seat else p for i, p in enumerate(state.positions))
    state = replace(state, positions=positions, die=0)
    running = state.phase == RUNNING
    events: list[Event] = [Moved(seat=seat, path=list(action.path), running_away=running)]
    if state.phase == RUNNING:
        # W15: the landing space's special rule is ignored; then a Friend (or a card) is lost.
        if state.friends[seat] or state.hands[seat]:
            return replace(state, phase=RUN_DISCARD), events
        return end_turn(clear_fight(state), events)
    space = state.board.spaces[where]
    if space.kind == "entrance":
        state, drawn, draw_events = draw_treasures(state, 1)
        events += [*draw_events, _drawn_event(seat, drawn, "entrance")]
        state = replace(state, hands=give(state.hands, seat, drawn))
        if state.last_treasure_drawn:
            return end_turn(state, events)
        return replace(state, phase=ENTRANCE), events
    if space.kind == "room":
        state, fight_events = begin_fight(state, space.room)
        return state, events + fight_events
    if space.kind == "monster":
        # W09: the monster's picture sends you to its Room.
        events.append(SentToRoom(seat=seat, room=space.room))
        state, fight_events = begin_fight(state, space.room)
        return state, events + fight_events
    if space.kind == "treasure":
        state, drawn, draw_events = draw_treasures(state, 1)
        events += [*draw_events, _drawn_event(seat, drawn, "treasure_space")]
        return end_turn(replace(state, hands=give(state.hands, seat, drawn)), events)
    if space.kind == "roll_again":
        events.append(RollAgain(seat=seat))
        return replace(state, phase=ROLL_AGAIN), events
    return end_turn(state, events)


# ---------------------------------------------------------------- Treasures and Friends (W04, W05)


def _check_friend(state: WonderlandState, action: PlayFriend) -> None:
    if state.phase == FIGHT:
        _fighter_only(state, action)
    _card_in_hand(state, action.seat, action.card, FRIEND)
    in_play = state.friends[action.seat]
    if len(in_play) >= 2:
        # W04: a third Friend sends one of the two to the discards.
        if action.replace is None:
            raise IllegalAction("two Friends are already in play: name the one to discard (replace)")
        if action.replace not in in_play:
            raise IllegalAction(f"{action.replace!r} is not one of seat {action.seat}'s Friends in play")
    elif action.replace is not None:
        raise IllegalAction("fewer than two Friends are in play: nothing needs replacing")


def _friend_plays(state: WonderlandState, seat: int) -> Iterator[PlayFriend]:
    fight = state.fight
    if state.phase == FIGHT and (fight is None or seat != fight.fighter):
        return
    in_play = state.friends[seat]
    for card in _distinct(state, seat, FRIEND):
        if len(in_play) < 2:
            yield PlayFriend(seat, card)
        else:
            for old in in_play:
                yield PlayFriend(seat, card, old)


def _play_friend(state: WonderlandState, action: PlayFriend) -> Result:
    seat = action.seat
    in_play = state.friends[seat]
    discard = state.treasure_discard
    if action.replace is not None:
        in_play = tuple(c for c in in_play if c != action.replace)
        discard = (*discard, action.replace)
    friends = tuple((*in_play, action.card) if i == seat else f for i, f in enumerate(state.friends))
    hands = take(state.hands, seat, action.card)
    state = replace(state, hands=hands, friends=friends, treasure_discard=discard)
    return state, [FriendPlayed(seat=seat, card=action.card, discarded=action.replace)]


def _fighting(state: WonderlandState, seat: int) -> bool:
    return state.fight is not None and seat == state.fight.fighter


def _check_treasure(state: WonderlandState, action: PlayTreasure) -> None:
    _card_in_hand(state, action.seat, action.card, "bonus", "extra_die", "get_away")
    if state.catalog[action.card].kind == "get_away" and not _fighting(state, action.seat):
        raise IllegalAction("only the fighter can get away from the monster")


def _treasure_plays(state: WonderlandState, seat: int) -> Iterator[PlayTreasure]:
    kinds = ("bonus", "extra_die", *(("get_away",) if _fighting(state, seat) else ()))
    return (PlayTreasure(seat, card) for card in _distinct(state, seat, *kinds))


def _play_treasure(state: WonderlandState, action: PlayTreasure) -> Result:
    fight = state.fight
    assert fight is not None
    seat = action.seat
    fighting = seat == fight.fighter
    card = state.catalog[action.card]
    state = _one_time_played(state, seat, action.card)
    if card.kind == "bonus":
        if fighting:
            fight = replace(fight, fighter_bonus=fight.fighter_bonus + card.bonus)
        else:
            fight = replace(fight, helper_bonus=fight.helper_bonus + card.bonus)
        return replace(state, fight=fight), [TreasurePlayed(seat=seat, card=action.card)]
    if card.kind == "extra_die":
        face, rng = state.rng.roll(6)
        fight = replace(fight, dice=(*fight.dice, Die(FIGHTER if fighting else HELPER, face)))
        return replace(state, fight=fight, rng=rng), [TreasurePlayed(seat=seat, card=action.card, die=face)]
    # get_away: the fight is over with nothing won and nothing lost.
    events = [TreasurePlayed(seat=seat, card=action.card), GotAway(seat=seat, room=fight.room)]
    return end_turn(clear_fight(state), events)


def _faces(state: WonderlandState) -> list[int]:
    """The faces of the dice a change-a-die card may turn: one's own move, or each die of the fight."""
    if state.phase in (MOVING, RUNNING):
        return [state.die]
    assert state.fight is not None
    return [d.face for d in state.fight.dice]


def _check_change(state: WonderlandState, action: ChangeDie) -> None:
    if action.face not in FACES:
        raise IllegalAction(f"a die has faces 1-6, not {action.face}")
    _card_in_hand(state, action.seat, action.card, "change_die")
    faces = _faces(state)
    if state.phase in (MOVING, RUNNING) and action.die != 0:
        raise IllegalAction("while moving, the only die to change is your own move (die 0)")
    if not 0 <= action.die < len(faces):
        raise IllegalAction(f"this fight has dice 0-{len(faces) - 1}, not {action.die}")
    if faces[action.die] == action.face:
        raise IllegalAction(f"die {action.die} already shows {action.face}")


def _changes(state: WonderlandState, seat: int) -> Iterator[ChangeDie]:
    faces = _faces(state)
    for card in _distinct(state, seat, "change_die"):
        for index, shown in enumerate(faces):
            for face in FACES:
                if face != shown:
                    yield ChangeDie(seat, card, index, face)


def _change_die(state: WonderlandState, action: ChangeDie) -> Result:
    seat = action.seat
    if state.phase in (MOVING, RUNNING):
        state = _one_time_played(state, seat, action.card)
        event = DieChanged(seat=seat, card=action.card, die=0, was=state.die, to=action.face, purpose="move")
        return replace(state, die=action.face), [event]
    fight = state.fight
    assert fight is not None
    old = fight.dice[action.die]
    dice = tuple(Die(d.owner, action.face) if i == action.die else d for i, d in enumerate(fight.dice))
    state = replace(_one_time_played(state, seat, action.card), fight=replace(fight, dice=dice))
    event = DieChanged(seat=seat, card=action.card, die=action.die, was=old.face, to=action.face, purpose=old.owner)
    return state, [event]


def _check_take_back(state: WonderlandState, action: TakeBack) -> None:
    _card_in_hand(state, action.seat, action.card, "take_back")
    if action.take not in state.treasure_discard:
        raise IllegalAction(f"{action.take!r} is not in the Treasure discards")
    if state.catalog[action.take].kind == "take_back":
        # Two take-backs fetching each other would never end a fight.
        raise IllegalAction("a take-back card cannot fetch another take-back card")


def _take_backs(state: WonderlandState, seat: int) -> Iterator[TakeBack]:
    takeable = [c for c in dict.fromkeys(state.treasure_discard) if state.catalog[c].kind != "take_back"]
    if takeable:
        for card in _distinct(state, seat, "take_back"):
            for wanted in _distinct_cards(state, takeable):
                yield TakeBack(seat, card, wanted)


def _take_back(state: WonderlandState, action: TakeBack) -> Result:
    seat = action.seat
    discard = list(state.treasure_discard)
    discard.remove(action.take)
    hands = give(take(state.hands, seat, action.card), seat, (action.take,))
    state = replace(state, hands=hands, treasure_discard=(*discard, action.card))
    return state, [TreasureTakenBack(seat=seat, card=action.card, took=action.take)]


# ---------------------------------------------------------------- help (W17)


def helpers_in_range(state: WonderlandState) -> list[int]:
    """W17: players within six spaces of the Room, not yet asked, while the fight has no helper."""
    fight = state.fight
    assert fight is not None
    if fight.helper is not None:
        return []
    distance = state.board.distances_from(state.board.room_space[fight.room])
    return [
        s
        for s in range(state.players)
        if s != fight.fighter and s not in fight.asked and distance[state.positions[s]] <= HELP_RANGE
    ]


def _check_ask(state: WonderlandState, action: AskForHelp) -> None:
    _fighter_only(state, action)
    fight = state.fight
    assert fight is not None
    if fight.helper is not None:
        raise IllegalAction("one helper per fight (W17)")
    if not 0 <= action.helper < state.players or action.helper == fight.fighter:
        raise IllegalAction(f"seat {action.helper} cannot be asked for help")
    if action.helper in fight.asked:
        raise IllegalAction(f"seat {action.helper} was already asked in this fight")
    if action.helper not in helpers_in_range(state):
        raise IllegalAction(f"seat {action.helper} is more than {HELP_RANGE} spaces from the Room")


def _asks(state: WonderlandState, seat: int) -> list[AskForHelp]:
    return [AskForHelp(seat, other) for other in helpers_in_range(state)] if _fighting(state, seat) else []


def _ask_for_help(state: WonderlandState, action: AskForHelp) -> Result:
    fight = state.fight
    assert fight is not None
    fight = replace(fight, pending_ask=action.helper, asked=(*fight.asked, action.helper))
    event = HelpAsked(seat=action.seat, helper=action.helper)
    return replace(state, fight=fight, phase=ASKING), [event]


def _answer_help(state: WonderlandState, action: AcceptHelp | DeclineHelp) -> Result:
    fight = state.fight
    assert fight is not None
    if isinstance(action, DeclineHelp):
        fight = replace(fight, pending_ask=None)
        return replace(state, fight=fight, phase=FIGHT), [HelpDeclined(seat=action.seat)]
    fight = replace(fight, pending_ask=None, helper=action.seat)
    state = place_helper(replace(state, fight=fight, phase=HELPER_ROLL), action.seat)
    return state, [HelpAccepted(seat=action.seat, room=fight.room)]


# ---------------------------------------------------------------- the end of a fight (W14, W15, W17)


def _end_fight(state: WonderlandState, action: EndFight) -> Result:
    state, events, over = end_fight(state)
    return end_turn(state, events) if over else (state, events)


def _check_pick(state: WonderlandState, action: PickTreasure) -> None:
    assert state.fight is not None
    if action.card not in state.fight.rewards:
        raise IllegalAction(f"{action.card!r} is not among the shown Treasures")


def _picks(state: WonderlandState, seat: int) -> Iterator[PickTreasure]:
    rewards = state.fight.rewards if state.fight is not None else ()
    return (PickTreasure(seat, card) for card in dict.fromkeys(rewards))


def _pick_treasure(state: WonderlandState, action: PickTreasure) -> Result:
    state, events = helper_picks(state, action.card)
    return end_turn(state, events)


def _check_discard(state: WonderlandState, action: Discard) -> None:
    seat = action.seat
    if state.friends[seat]:
        if action.card not in state.friends[seat]:
            raise IllegalAction(f"{action.card!r} is not a Friend in play; a Friend must go first (W15)")
    elif action.card not in state.hands[seat]:
        raise IllegalAction(f"{action.card!r} is not in seat {seat}'s hand")


def _discards(state: WonderlandState, seat: int) -> Iterator[Discard]:
    return (Discard(seat, card) for card in dict.fromkeys(state.friends[seat] or state.hands[seat]))


def _discard(state: WonderlandState, action: Discard) -> Result:
    seat = action.seat
    friends = state.friends[seat]
    if friends:
        rest = tuple(c for c in friends if c != action.card)
        state = replace(state, friends=tuple(rest if i == seat else f for i, f in enumerate(state.friends)))
    else:
        state = replace(state, hands=take(state.hands, seat, action.card))
    state = replace(state, treasure_discard=(*state.treasure_discard, action.card))
    events: list[Event] = [Discarded(seat=seat, card=action.card, friend=bool(friends))]
    return end_turn(clear_fight(state), events)


def _one(action: type[WonderlandAction]) -> Callable[[WonderlandState, int], list[WonderlandAction]]:
    return lambda state, seat: [action(seat)]


ROLLS = (START, ROLL_AGAIN, ENTRANCE, FIGHT_ROLL, HELPER_ROLL, RUN_ROLL)

# The rule table, in the order legal actions are listed.
RULES: dict[type[WonderlandAction], Rule] = {
    Roll: Rule(ROLLS, _no_check, _roll, _one(Roll)),
    Move: Rule((MOVING, RUNNING), _check_move, _move, lambda s, seat: (Move(seat, p) for p in moves(s, seat))),
    EndFight: Rule((FIGHT,), _fighter_only, _end_fight, lambda s, seat: [EndFight(seat)] if _fighting(s, seat) else []),
    PlayFriend: Rule((START, FIGHT), _check_friend, _play_friend, _friend_plays),
    AskForHelp: Rule((FIGHT,), _check_ask, _ask_for_help, _asks),
    PlayTreasure: Rule((FIGHT,), _check_treasure, _play_treasure, _treasure_plays),
    ChangeDie: Rule((MOVING, RUNNING, FIGHT), _check_change, _change_die, _changes),
    TakeBack: Rule((FIGHT,), _check_take_back, _take_back, _take_backs),
    AcceptHelp: Rule((ASKING,), _no_check, _answer_help, _one(AcceptHelp)),
    DeclineHelp: Rule((ASKING,), _no_check, _answer_help, _one(DeclineHelp)),
    PickTreasure: Rule((HELPER_PICK,), _check_pick, _pick_treasure, _picks),
    Discard: Rule((RUN_DISCARD,), _check_discard, _discard, _discards),
}
# The rules open in each phase, in the table's order.
BY_PHASE: dict[str, tuple[Rule, ...]] = {
    phase: tuple(r for r in RULES.values() if phase in r.phases)
    for phase in (
        START,
        MOVING,
        ROLL_AGAIN,
        ENTRANCE,
        FIGHT_ROLL,
        FIGHT,
        ASKING,
        HELPER_ROLL,
        HELPER_PICK,
        RUN_ROLL,
        RUNNING,
        RUN_DISCARD,
        OVER,
    )
}


def wrong_time(state: WonderlandState, action: WonderlandAction) -> WrongTime:
    return WrongTime(f"{action.kind} is not possible now: {waiting_for(state)}")
