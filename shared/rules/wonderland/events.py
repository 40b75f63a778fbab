"""Every event of a Wonderland game as a typed record, declared once for the engine, the host and the client.

A record's wire form is a map tagged on `type`; Python's keywords go by other names here (`purpose` for
`for`, `was` for `from`), their wire names unchanged.
"""

from __future__ import annotations

from typing import Literal

from msgspec import UNSET, UnsetType, field

from ..base import Event
from .state import DieOwner

# What a die was rolled for: a move (W06), the run-away die (W15), the Room at the Entrance (W11), or a fight's
# die of the fighter or the helper.
RollPurpose = Literal["move", "run_away", "room", "fighter", "helper"]
ChangedDie = DieOwner | Literal["move"]  # whose die a change-a-die card turned
DrawReason = Literal["entrance", "treasure_space"]  # why a Treasure was drawn outside a fight


class TurnBegan(Event, tag="turn_began"):
    seat: int
    turn: int


class Rolled(Event, tag="rolled"):
    seat: int
    die: int
    purpose: RollPurpose = field(name="for")
    seed: int


class Moved(Event, tag="moved"):
    seat: int
    path: list[str]
    running_away: bool


class SentToRoom(Event, tag="sent_to_room"):
    seat: int
    room: int


class RollAgain(Event, tag="roll_again"):
    seat: int


class TreasureDrawn(Event, tag="treasure_drawn"):
    """A Treasure drawn on the board: the cards are the drawer's secret."""

    SECRET = ("cards",)

    seat: int
    count: int
    reason: DrawReason
    cards: list[str] | UnsetType = UNSET


class FriendPlayed(Event, tag="friend_played"):
    seat: int
    card: str
    discarded: str | None  # the Friend it replaced


class TreasurePlayed(Event, tag="treasure_played"):
    seat: int
    card: str
    die: int | UnsetType = UNSET  # an extra die's face


class GotAway(Event, tag="got_away"):
    seat: int
    room: int


class DieChanged(Event, tag="die_changed"):
    seat: int
    card: str
    die: int  # the die's index in the fight (0 for one's move)
    was: int = field(name="from")
    to: int
    purpose: ChangedDie = field(name="for")


class TreasureTakenBack(Event, tag="treasure_taken_back"):
    seat: int
    card: str
    took: str


class HelpAsked(Event, tag="help_asked"):
    seat: int
    helper: int


class HelpDeclined(Event, tag="help_declined"):
    seat: int


class HelpAccepted(Event, tag="help_accepted"):
    seat: int
    room: int


class FightBegan(Event, tag="fight_began"):
    seat: int
    room: int
    monster: str
    monster_cards: list[str]
    monster_die: int | None  # the Bandersnatch's die
    monster_power: int
    seed: int


class FightEnded(Event, tag="fight_ended"):
    seat: int
    helper: int | None
    room: int
    munchkin_power: int
    monster_power: int
    won: bool


class TreasuresWon(Event, tag="treasures_won"):
    """A lone winner's Treasures (W14): only the count is public."""

    SECRET = ("cards",)

    seat: int
    count: int
    cards: list[str] | UnsetType = UNSET


class TreasuresShown(Event, tag="treasures_shown"):
    seat: int
    helper: int
    cards: list[str]


class TreasurePicked(Event, tag="treasure_picked"):
    seat: int
    card: str
    fighter_gets: list[str]


class Discarded(Event, tag="discarded"):
    seat: int
    card: str
    friend: bool


class TreasureDiscardsReshuffled(Event, tag="treasure_discards_reshuffled"):
    cards: int


class MonsterDeckReshuffled(Event, tag="monster_deck_reshuffled"):
    cards: int


class GameOver(Event, tag="game_over"):
    gold: list[int]
    hands: dict[str, list[str]]  # every hand shown at the end, by seat number


WonderlandEvent = (
    TurnBegan
    | Rolled
    | Moved
    | SentToRoom
    | RollAgain
    | TreasureDrawn
    | FriendPlayed
    | TreasurePlayed
    | GotAway
    | DieChanged
    | TreasureTakenBack
    | HelpAsked
    | HelpDeclined
    | HelpAccepted
    | FightBegan
    | FightEnded
    | TreasuresWon
    | TreasuresShown
    | TreasurePicked
    | Discarded
    | TreasureDiscardsReshuffled
    | MonsterDeckReshuffled
    | GameOver
)
