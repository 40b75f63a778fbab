"""The moves a Wonderland seat can make: small frozen records with a wire form, in their own registry."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..base import Action


@dataclass(frozen=True)
class WonderlandAction(Action):
    """Base of every Wonderland action; the registry maps wire `type` names to these classes."""

    registry: ClassVar[dict[str, type[Action]]] = {}


@dataclass(frozen=True)
class Roll(WonderlandAction):
    """Roll the die the moment calls for: to move, again (W08), for the Room (W11), to fight, to run away."""

    kind: ClassVar[str] = "roll"


@dataclass(frozen=True)
class Move(WonderlandAction):
    """Move along `path`, the spaces entered in order; the last one is where the standie stops (W07)."""

    kind: ClassVar[str] = "move"
    path: tuple[str, ...]

    @property
    def destination(self) -> str:
        return self.path[-1]


@dataclass(frozen=True)
class PlayFriend(WonderlandAction):
    """Put a Friend in play (W04); with two already there, `replace` names the one discarded."""

    kind: ClassVar[str] = "play_friend"
    card: str
    replace: str | None = None


@dataclass(frozen=True)
class PlayTreasure(WonderlandAction):
    """Play a one-time bonus, a roll-another-die or a get-away Treasure in a fight (W05)."""

    kind: ClassVar[str] = "play_treasure"
    card: str


@dataclass(frozen=True)
class ChangeDie(WonderlandAction):
    """Play a change-a-die Treasure: turn die number `die` of the fight (0 for one's own move) to `face`."""

    kind: ClassVar[str] = "change_die"
    card: str
    die: int
    face: int


@dataclass(frozen=True)
class TakeBack(WonderlandAction):
    """Play a take-a-Treasure-back card: `take` comes from the Treasure discards into the hand (W05)."""

    kind: ClassVar[str] = "take_back"
    card: str
    take: str


@dataclass(frozen=True)
class AskForHelp(WonderlandAction):
    """The fighter asks `helper`, a player within six spaces of the Room (W17)."""

    kind: ClassVar[str] = "ask_for_help"
    helper: int


@dataclass(frozen=True)
class AcceptHelp(WonderlandAction):
    """Accept the fighter's call for help: your standie moves into the Room and you roll (W17)."""

    kind: ClassVar[str] = "accept_help"


@dataclass(frozen=True)
class DeclineHelp(WonderlandAction):
    """Refuse the fighter's call for help (W17)."""

    kind: ClassVar[str] = "decline_help"


@dataclass(frozen=True)
class EndFight(WonderlandAction):
    """The fighter is done: compare Powers (W14) and win, or Run Away (W15)."""

    kind: ClassVar[str] = "end_fight"


@dataclass(frozen=True)
class PickTreasure(WonderlandAction):
    """After a helped win, the helper takes one of the shown Treasures (W17)."""

    kind: ClassVar[str] = "pick_treasure"
    card: str


@dataclass(frozen=True)
class Discard(WonderlandAction):
    """After running away: discard a Friend in play, or a card from the hand when there is none (W15)."""

    kind: ClassVar[str] = "discard"
    card: str


__all__ = [
    "AcceptHelp",
    "AskForHelp",
    "ChangeDie",
    "DeclineHelp",
    "Discard",
    "EndFight",
    "Move",
    "PickTreasure",
    "PlayFriend",
    "PlayTreasure",
    "Roll",
    "TakeBack",
    "WonderlandAction",
]
