"""The whole state of a Wonderland game as frozen records of tuples, with its random generator inside."""

from __future__ import annotations

import typing
from dataclasses import dataclass, field
from typing import Final, Literal

from ..base import SeatSetup
from ..rng import Rng
from .board import Board
from .cards import Catalog

# Whose decision the game waits for, and what it may be:
START: Final = "start"  # the active seat rolls to move (and may play Friends first)
MOVING: Final = "moving"  # the move die is rolled: pick a destination (or change the die)
ROLL_AGAIN: Final = "roll_again"  # landed on a Roll Again space: roll and move again (W08)
ENTRANCE: Final = "entrance"  # entered the Entrance: roll for the Room (W11)
FIGHT_ROLL: Final = "fight_roll"  # a fight has begun: the fighter rolls (W14)
FIGHT: Final = "fight"  # dice are down: play Treasures, change dice, ask for help, end the fight
ASKING: Final = "asking"  # a seat was asked for help and must accept or decline (W17)
HELPER_ROLL: Final = "helper_roll"  # the helper has moved into the Room and rolls (W17)
HELPER_PICK: Final = "helper_pick"  # a helped win: the helper picks one of the shown Treasures (W17)
RUN_ROLL: Final = "run_roll"  # a lost fight: the fighter rolls to Run Away (W15)
RUNNING: Final = "running"  # the run-away die is rolled: pick where to run
RUN_DISCARD: Final = "run_discard"  # after running: discard a Friend, or a card when there is none
OVER: Final = "over"  # the last Treasure was drawn (W18)
Phase = Literal[
    "start",
    "moving",
    "roll_again",
    "entrance",
    "fight_roll",
    "fight",
    "asking",
    "helper_roll",
    "helper_pick",
    "run_roll",
    "running",
    "run_discard",
    "over",
]
PHASES: tuple[Phase, ...] = typing.get_args(Phase)

# Who owns a die in a fight.
FIGHTER: Final = "fighter"
HELPER: Final = "helper"
MONSTER: Final = "monster"
DieOwner = Literal["fighter", "helper", "monster"]


@dataclass(frozen=True, slots=True)
class Die:
    owner: DieOwner
    face: int


@dataclass(frozen=True, slots=True)
class Fight:
    room: int
    fighter: int
    monster_cards: tuple[str, ...] = ()
    dice: tuple[Die, ...] = ()  # the Bandersnatch's die, the fighter's, the helper's, then any extra dice
    fighter_bonus: int = 0  # one-time bonuses played for the fighter's side
    helper_bonus: int = 0
    helper: int | None = None
    asked: tuple[int, ...] = ()  # seats already asked in this fight: each is asked at most once
    pending_ask: int | None = None
    rewards: tuple[str, ...] = ()  # a helped win: the Treasures shown for the helper to pick from

    def faces(self, owner: DieOwner) -> int:
        return sum(d.face for d in self.dice if d.owner == owner)

    def rolled(self, owner: DieOwner) -> bool:
        return any(d.owner == owner for d in self.dice)


@dataclass(frozen=True)
class WonderlandState:
    seats: tuple[SeatSetup, ...]
    rng: Rng
    positions: tuple[str, ...]  # the space each standie stands on
    hands: tuple[tuple[str, ...], ...]
    friends: tuple[tuple[str, ...], ...]  # Friends in play, two at most (W04)
    treasure_deck: tuple[str, ...]  # top card first
    treasure_discard: tuple[str, ...]  # face up; newest last
    monster_deck: tuple[str, ...]
    monster_discard: tuple[str, ...]
    active: int = 0
    turn: int = 1
    phase: Phase = START
    die: int = 0  # the move or run-away die waiting for a destination
    fight: Fight | None = None
    last_treasure_drawn: bool = False
    board: Board = field(compare=False, repr=False, kw_only=True)
    catalog: Catalog = field(compare=False, repr=False, kw_only=True)

    @property
    def players(self) -> int:
        return len(self.seats)


def gold(state: WonderlandState, seat: int) -> int:
    """W06/W18: the Gold in a seat's hand; Friends in play count for nothing."""
    return sum(state.catalog[c].gold for c in state.hands[seat])


def friends_bonus(state: WonderlandState, seat: int) -> int:
    return sum(state.catalog[c].bonus for c in state.friends[seat])
