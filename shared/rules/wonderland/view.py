"""What one seat may see of a Wonderland game: its own hand, public cards and positions, counts for the rest.

Deck order and the random generator never appear; other hands and Gold stay hidden until the game is over. The
view is a typed record (`WonderlandView`, msgspec Structs) whose wire form is a msgpack map with the same keys.
What is the same for every seat is built once per state (`player_views`); a seat's view only adds its hand and
Gold.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache

import msgspec
from msgspec import Struct

from .board import Board
from .engine import outcome
from .fight import monster_power, munchkin_power
from .state import DieOwner, Phase, WonderlandState, gold


class _Record(Struct, frozen=True, forbid_unknown_fields=True):
    """A part of a view: immutable (seats share it), and a decoder refuses a field it does not know."""


class SpaceView(_Record, frozen=True):
    id: str
    kind: str
    x: int | float
    y: int | float
    room: int
    label: str


class RoomView(_Record, frozen=True):
    number: int
    monster: str
    power: int
    treasures: int
    rule: str
    text: str
    art: str  # the monster's picture (docs/wonderland.md); "" for the Room's own
    space: str


class BoardView(_Record, frozen=True):
    """The board as a client draws it."""

    id: str
    name: str
    entrance: str
    spaces: list[SpaceView]
    links: list[tuple[str, str]]
    rooms: list[RoomView]


class PlayerView(_Record, frozen=True):
    seat: int
    name: str
    sex: str
    position: str
    friends: list[str]
    hand_count: int


class DieView(_Record, frozen=True):
    owner: DieOwner
    face: int


class FightView(_Record, frozen=True):
    room: int
    monster: str
    fighter: int
    helper: int | None
    monster_cards: list[str]
    dice: list[DieView]
    fighter_bonus: int
    helper_bonus: int
    monster_power: int
    munchkin_power: int
    asked: list[int]
    pending_ask: int | None
    rewards: list[str]  # only ever filled by a helped win, whose Treasures are shown to all


class OutcomeView(_Record, frozen=True):
    """W18: at the end everybody adds up the Gold in hand, so hands and Gold become public."""

    winners: list[int]
    reason: str
    gold: list[int]
    hands: list[list[str]]


class WonderlandView(_Record, frozen=True, tag_field="game", tag="wonderland"):
    """The game as one seat sees it (`seat` None: a spectator, without hand or Gold). The seat's legal actions
    and the seats to act travel beside the view (the viewer state), so the view does not repeat them."""

    seat: int | None
    packs: list[str]
    board: BoardView
    turn: int
    active: int
    phase: Phase
    die: int | None
    players: list[PlayerView]
    treasure_deck: int
    monster_deck: int
    # Discards lie face up: every played or lost Treasure and every fought Monster card was seen.
    treasure_discard: list[str]
    monster_discard: list[str]
    fight: FightView | None
    hand: list[str] | None
    gold: int | None
    outcome: OutcomeView | None


@cache
def board_view(board: Board) -> BoardView:
    """Once per board: a board never changes after loading."""
    return BoardView(
        id=board.id,
        name=board.name,
        entrance=board.entrance,
        spaces=[SpaceView(s.id, s.kind, s.x, s.y, s.room, s.label) for s in board.spaces.values()],
        links=[(a, b) for a, b in board.links],
        rooms=[
            RoomView(r.number, r.monster, r.power, r.treasures, r.rule, r.text, r.art, board.room_space[r.number])
            for r in board.rooms.values()
        ],
    )


def _public_view(state: WonderlandState) -> WonderlandView:
    result = outcome(state)
    return WonderlandView(
        seat=None,
        packs=list(state.catalog.packs),
        board=board_view(state.board),
        turn=state.turn,
        active=state.active,
        phase=state.phase,
        die=state.die or None,
        players=[
            PlayerView(
                s,
                state.seats[s].name,
                state.seats[s].sex,
                state.positions[s],
                list(state.friends[s]),
                len(state.hands[s]),
            )
            for s in range(state.players)
        ],
        treasure_deck=len(state.treasure_deck),
        monster_deck=len(state.monster_deck),
        treasure_discard=list(state.treasure_discard),
        monster_discard=list(state.monster_discard),
        fight=_fight_view(state),
        hand=None,
        gold=None,
        outcome=None
        if result is None
        else OutcomeView(
            list(result.winners),
            result.reason,
            [gold(state, s) for s in range(state.players)],
            [list(h) for h in state.hands],
        ),
    )


def player_views(
    state: WonderlandState,
    seats: Iterable[int | None],
    before: tuple[WonderlandState, Mapping[int | None, WonderlandView]] | None = None,
) -> dict[int | None, WonderlandView]:
    """Each of `seats`' views (None: the spectators'), the public part built once for all of them. `before`: an
    earlier state of this game and its views (the public one among them): a part equal to the one it had there is
    that very object, and a view that did not change is the view before itself, so what did not change is seen at
    once (and neither converted, diffed nor encoded again)."""
    public = _public_view(state)
    old = None if before is None else before[1].get(None)
    if old is not None:
        public = _kept_parts(public, old)
    views: dict[int | None, WonderlandView] = {}
    for seat in seats:
        if seat is not None and not 0 <= seat < state.players:
            raise ValueError(f"there is no seat {seat} at this table")
        if seat is None:
            views[seat] = public
            continue
        hand = list(state.hands[seat])
        was = None if before is None else before[1].get(seat)
        if was is not None and was.hand == hand:
            hand = was.hand  # its own part that did not change: the very list it was
        views[seat] = msgspec.structs.replace(public, seat=seat, hand=hand, gold=gold(state, seat))
    return views


def _kept_parts(new: WonderlandView, old: WonderlandView) -> WonderlandView:
    """`new` with each field equal to `old`'s that very object; `old` itself when all are."""
    fields, was = msgspec.structs.astuple(new), msgspec.structs.astuple(old)
    parts = [b if a is b or (type(a) is type(b) and a == b) else a for a, b in zip(fields, was, strict=True)]
    if all(a is b for a, b in zip(parts, was, strict=True)):
        return old
    return WonderlandView(*parts)


def player_view(state: WonderlandState, seat: int | None) -> WonderlandView:
    """The game as `seat` sees it (None: a spectator, who sees only what is public)."""
    return player_views(state, (seat,))[seat]


def seen_cards(state: WonderlandState, seat: int) -> set[str]:
    """Every Treasure `seat` can see, wherever it lies (its own hand included): every one its view names."""
    seen: set[str] = set(state.hands[seat]) | set(state.treasure_discard)
    for friends in state.friends:
        seen.update(friends)
    if state.fight is not None:
        seen.update(state.fight.rewards)
    return seen


def _fight_view(state: WonderlandState) -> FightView | None:
    fight = state.fight
    if fight is None:
        return None
    room = state.board.rooms[fight.room]
    return FightView(
        room=fight.room,
        monster=room.monster,
        fighter=fight.fighter,
        helper=fight.helper,
        monster_cards=list(fight.monster_cards),
        dice=[DieView(d.owner, d.face) for d in fight.dice],
        fighter_bonus=fight.fighter_bonus,
        helper_bonus=fight.helper_bonus,
        monster_power=monster_power(state),
        munchkin_power=munchkin_power(state),
        asked=list(fight.asked),
        pending_ask=fight.pending_ask,
        rewards=list(fight.rewards),
    )
