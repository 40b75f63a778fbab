"""Fighting a Room's monster: its Power (W13), the munchkins' (W14), winning, help (W17), clean-up (W16)."""

from __future__ import annotations

from dataclasses import replace

from ..base import Event
from .decks import draw_monster, draw_treasures, give
from .events import FightBegan, FightEnded, TreasurePicked, TreasuresShown, TreasuresWon
from .state import (
    FIGHT_ROLL,
    FIGHTER,
    HELPER,
    HELPER_PICK,
    MONSTER,
    RUN_ROLL,
    Die,
    Fight,
    WonderlandState,
    friends_bonus,
)


def begin_fight(state: WonderlandState, room_number: int) -> tuple[WonderlandState, list[Event]]:
    """The active standie enters the Room: draw the monster's cards (and its die); the fighter rolls next."""
    room = state.board.rooms[room_number]
    events: list[Event] = []
    # W13: one card; two for the Jabberwock's rule; "Draw 2/3 Monsters!" adds that many more (W03).
    owed = 2 if room.rule == "two_cards" else 1
    cards: list[str] = []
    while owed > 0:
        state, card, drawn_events = draw_monster(state)
        events += drawn_events
        if card is None:
            break
        cards.append(card)
        owed += state.catalog[card].draw - 1
    dice: tuple[Die, ...] = ()
    if room.rule == "card_and_die":
        face, rng = state.rng.roll(6)
        state = replace(state, rng=rng)
        dice = (Die(MONSTER, face),)
    fight = Fight(room=room_number, fighter=state.active, monster_cards=tuple(cards), dice=dice)
    state = replace(state, fight=fight, phase=FIGHT_ROLL, positions=_placed(state, state.active, room_number))
    events.append(
        FightBegan(
            seat=state.active,
            room=room_number,
            monster=room.monster,
            monster_cards=list(cards),
            monster_die=dice[0].face if dice else None,
            monster_power=monster_power(state),
            seed=state.rng.throw_seed(),
        )
    )
    return state, events


def _placed(state: WonderlandState, seat: int, room_number: int) -> tuple[str, ...]:
    where = state.board.room_space[room_number]
    return tuple(where if i == seat else p for i, p in enumerate(state.positions))


def monster_power(state: WonderlandState) -> int:
    """W13: the Room's power plus every Monster card's bonus (plus the Bandersnatch's die)."""
    fight = state.fight
    assert fight is not None
    room = state.board.rooms[fight.room]
    return room.power + sum(state.catalog[c].bonus for c in fight.monster_cards) + fight.faces(MONSTER)


def munchkin_power(state: WonderlandState) -> int:
    """W14/W17: Friends' bonuses, dice and one-time bonuses of the fighter and of the helper, if any."""
    fight = state.fight
    assert fight is not None
    power = friends_bonus(state, fight.fighter) + fight.faces(FIGHTER) + fight.fighter_bonus
    if fight.helper is not None:
        power += friends_bonus(state, fight.helper) + fight.faces(HELPER) + fight.helper_bonus
    return power


def place_helper(state: WonderlandState, helper: int) -> WonderlandState:
    """W17: the helper who agrees moves into the fighter's Room."""
    fight = state.fight
    assert fight is not None
    return replace(state, positions=_placed(state, helper, fight.room))


def end_fight(state: WonderlandState) -> tuple[WonderlandState, list[Event], bool]:
    """Compare Powers; munchkins win ties (W14). A win pays the Room's Treasures; a loss means Running Away.

    Returns the new state, the events, and whether the fight is over (a lone win) so the turn can pass.
    """
    fight = state.fight
    assert fight is not None
    room = state.board.rooms[fight.room]
    ours, theirs = munchkin_power(state), monster_power(state)
    won = ours >= theirs
    events: list[Event] = [
        FightEnded(
            seat=fight.fighter, helper=fight.helper, room=fight.room, munchkin_power=ours, monster_power=theirs, won=won
        )
    ]
    if not won:
        return replace(state, phase=RUN_ROLL), events, False
    state, drawn, drawn_events = draw_treasures(state, room.treasures)
    events += drawn_events
    if fight.helper is None:
        # W14: a lone winner need not show the new Treasures; only the count is public.
        events.append(
            TreasuresWon(seat=fight.fighter, count=len(drawn), cards=list(drawn), seen_by=frozenset({fight.fighter}))
        )
        state = replace(state, hands=give(state.hands, fight.fighter, drawn))
        return clear_fight(state), events, True
    # W17: a helped win shows the Treasures to everybody, and the helper picks one.
    events.append(TreasuresShown(seat=fight.fighter, helper=fight.helper, cards=list(drawn)))
    if not drawn:
        return clear_fight(state), events, True
    return replace(state, phase=HELPER_PICK, fight=replace(fight, rewards=drawn)), events, False


def helper_picks(state: WonderlandState, card: str) -> tuple[WonderlandState, list[Event]]:
    fight = state.fight
    assert fight is not None and fight.helper is not None
    rest = list(fight.rewards)
    rest.remove(card)
    hands = give(state.hands, fight.helper, (card,))
    hands = give(hands, fight.fighter, tuple(rest))
    events: list[Event] = [TreasurePicked(seat=fight.helper, card=card, fighter_gets=rest)]
    return clear_fight(replace(state, hands=hands)), events


def clear_fight(state: WonderlandState) -> WonderlandState:
    """W16: win or lose, the Monster cards go to their discard pile."""
    fight = state.fight
    assert fight is not None
    return replace(state, fight=None, monster_discard=state.monster_discard + fight.monster_cards)
