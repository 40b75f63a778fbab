"""Every event of a Munchkin game as a typed record, declared once for the engine, the host and the client.

A record's wire form is a map tagged on `type` (`{"type": "drew", "seat": 0, ...}`); a field that an event
may leave out is `UNSET` (`played.target`: only a card played at someone). A card's id is a `str`, a seat an
`int` (-1 where the rules name nobody: charity given to no one, a one-shot on no monster). Python's keywords
go by other names here (`partner` for `with`), their wire names unchanged.
"""

from __future__ import annotations

from typing import Literal

from msgspec import UNSET, UnsetType, field

from ..base import Event, Sex
from .kinds import Deck, Resolving

Side = Literal["fighters", "monsters"]
# How a runner got away (M34, M35): a die of 5 or more, a monster that does not pursue them, a Hireling
# left behind, a flight spell, or a one-shot that ends the chase.
EscapeHow = Literal["roll", "not_pursued", "hireling", "flight_spell", "one_shot"]
DustWhy = Literal["cancelled_a_curse", "helped", "killed_the_fairy"]  # F02
AbilityBonus = Literal["berserk", "turn_undead"]  # a class power that discards cards for a bonus


# -- the game's start and its turns -----------------------------------------------------------------------


class GameStarted(Event, tag="game_started"):
    seats: int
    packs: list[str]


class RolledForFirst(Event, tag="rolled_for_first"):
    rolls: list[list[int]]  # [seat, die] pairs, one round of the roll for the first player
    seed: int


class FirstPlayer(Event, tag="first_player"):
    seat: int


class Turn(Event, tag="turn"):
    seat: int
    turn: int


class Ready(Event, tag="ready"):
    seat: int


class Passed(Event, tag="passed"):
    seat: int


class GameOver(Event, tag="game_over"):
    winners: list[int]


# -- cards moving -------------------------------------------------------------------------------------------


class Drew(Event, tag="drew"):
    """Cards drawn into a hand: their names are the drawer's secret, unless they were drawn face up."""

    SECRET = ("cards",)

    seat: int
    deck: Deck
    count: int
    cards: list[str] | UnsetType = UNSET


class Reshuffled(Event, tag="reshuffled"):
    deck: Deck
    cards: int


class DeckEmpty(Event, tag="deck_empty"):
    deck: Deck


class KickedDoor(Event, tag="kicked_door"):
    seat: int
    card: str


class LookingForTrouble(Event, tag="looking_for_trouble"):
    seat: int
    card: str


class Looted(Event, tag="looted"):
    seat: int


class Played(Event, tag="played"):
    seat: int
    card: str
    target: int | UnsetType = UNSET


class Equipped(Event, tag="equipped"):
    seat: int
    card: str


class Unequipped(Event, tag="unequipped"):
    seat: int
    card: str


class HirelingCarries(Event, tag="hireling_carries"):
    seat: int
    card: str


class Cheated(Event, tag="cheated"):
    seat: int
    card: str
    item: str


class Discarded(Event, tag="discarded"):
    seat: int
    cards: list[str]


class Lost(Event, tag="lost"):
    seat: int
    cards: list[str]
    source: str  # the card whose Bad Stuff or curse it was, or the decision's kind


class Sold(Event, tag="sold"):
    seat: int
    cards: list[str]
    levels: int


class Charity(Event, tag="charity"):
    """Charity (M04): the card is the giver's and the taker's secret; given to nobody (-1), it is discarded
    face up."""

    SECRET = ("card",)

    seat: int
    to: int
    card: str | UnsetType = UNSET


class TradeOffered(Event, tag="trade_offered"):
    seat: int
    to: int
    give: list[str]
    take: list[str]


class Traded(Event, tag="traded"):
    seat: int
    partner: int = field(name="with")
    give: list[str]
    take: list[str]


class TradeDeclined(Event, tag="trade_declined"):
    seat: int
    partner: int = field(name="with")


class Gave(Event, tag="gave"):
    seat: int
    to: int
    card: str


class Theft(Event, tag="theft"):
    seat: int
    target: int
    item: str
    die: int
    success: bool
    seed: int


class StoleFromShadows(Event, tag="stole_from_shadows"):
    """The card taken is the thief's and the victim's secret."""

    SECRET = ("card",)

    seat: int
    target: int
    card: str | UnsetType = UNSET


# -- a character --------------------------------------------------------------------------------------------


class Level(Event, tag="level"):
    seat: int
    level: int
    change: int


class SexChanged(Event, tag="sex_changed"):
    seat: int
    sex: Sex


class EpicLost(Event, tag="epic_lost"):
    seat: int


class Cursed(Event, tag="cursed"):
    seat: int
    card: str
    by: int | UnsetType = UNSET  # none for a curse kicked open


class CurseCancelled(Event, tag="curse_cancelled"):
    seat: int
    target: int
    card: str
    with_card: str = field(name="with")


class CurseRemoved(Event, tag="curse_removed"):
    seat: int
    card: str


class CurseOutrun(Event, tag="curse_outrun"):
    seat: int
    card: str


class OutrunRoll(Event, tag="outrun_roll"):
    seat: int
    card: str
    die: int
    total: int
    seed: int


class Died(Event, tag="died"):
    seat: int
    source: str
    corpse: list[str]


class Looting(Event, tag="looting"):
    dead: int
    order: list[int]


class LootedCorpse(Event, tag="looted_corpse"):
    seat: int
    card: str


class Resurrected(Event, tag="resurrected"):
    seat: int
    card: str
    discarded: str


class DoorOrder(Event, tag="door_order"):
    seat: int
    order: list[str]


class FairyDust(Event, tag="fairy_dust"):
    seat: int
    why: DustWhy


class FairyDustToTreasures(Event, tag="fairy_dust_to_treasures"):
    cards: int


class FairyReturns(Event, tag="fairy_returns"):
    cards: list[str]


class CharmedByFairy(Event, tag="charmed_by_fairy"):
    seat: int


# -- combat -------------------------------------------------------------------------------------------------


class CombatBegan(Event, tag="combat"):
    fighter: int
    monster: str


class WanderingMonsterPlayed(Event, tag="wandering_monster"):
    seat: int
    card: str
    monster: str


class MonsterJoins(Event, tag="monster_joins"):
    card: str


class UndeadJoined(Event, tag="undead_joined"):
    seat: int
    monster: str


class Enhanced(Event, tag="enhanced"):
    seat: int
    card: str
    monster: int
    monster_card: str


class Mate(Event, tag="mate"):
    seat: int
    card: str
    monster: int
    monster_card: str


class DoorBonus(Event, tag="door_bonus"):
    card: str
    monster: int
    monster_card: str


class IllusionCast(Event, tag="illusion"):
    seat: int
    card: str
    bonus: int


class OneShot(Event, tag="one_shot"):
    seat: int
    card: str
    side: Side
    monster: int
    monster_card: str
    target: int


class Arrow(Event, tag="arrow"):
    seat: int
    target: int
    monster: int
    monster_card: str


class Backstabbed(Event, tag="backstab"):
    seat: int
    target: int


class WentBerserk(Event, tag="berserk"):
    seat: int
    cards: list[str]
    bonus: int


class UndeadTurned(Event, tag="turn_undead"):
    seat: int
    cards: list[str]
    bonus: int


class Miracle(Event, tag="miracle"):
    seat: int
    cards: list[str]


class Charmed(Event, tag="charmed"):
    seat: int
    monster: int
    monster_card: str


class Tamed(Event, tag="tamed"):
    seat: int
    card: str


class PetSacrificed(Event, tag="pet_sacrificed"):
    seat: int
    card: str
    side: Side


class AteMonster(Event, tag="ate_monster"):
    seat: int
    card: str


class MonsterRemoved(Event, tag="monster_removed"):
    card: str
    keeps_treasure: bool


class AskedForHelp(Event, tag="asked_for_help"):
    seat: int
    items: list[str]
    treasures: int
    helper_first: bool
    cards: list[str] | UnsetType = UNSET  # hand cards promised
    to: int | UnsetType = UNSET  # none: asked of everyone


class Volunteered(Event, tag="volunteered"):
    seat: int


class DeclinedToHelp(Event, tag="declined_to_help"):
    seat: int


class NobodyHelps(Event, tag="nobody_helps"):
    pass


class HelperChosen(Event, tag="helper_chosen"):
    seat: int
    helper: int


class HelpWithdrawn(Event, tag="help_withdrawn"):
    seat: int


class ForcedHelperReleased(Event, tag="forced_helper_released"):
    helper: int


class ReactionWindow(Event, tag="reaction_window"):
    resolving: Resolving


class VictoryDenied(Event, tag="victory_denied"):
    pass


class Overkill(Event, tag="overkill"):
    seat: int


class Victory(Event, tag="victory"):
    fighter: int
    helper: int | None
    killed: int


class BardicLuck(Event, tag="bardic_luck"):
    seat: int
    discard: int


class Spoils(Event, tag="spoils"):
    cards: list[str]
    order: list[int]


class TookSpoil(Event, tag="took_spoil"):
    seat: int
    card: str


class TookSpoils(Event, tag="took_spoils"):
    seat: int
    cards: list[str]


class BribePaid(Event, tag="bribe_paid"):
    seat: int
    helper: int
    items: list[str]
    cards: list[str]
    missing: list[str]


class CombatOver(Event, tag="combat_over"):
    fighter: int


class RunningAway(Event, tag="running_away"):
    seats: list[int]


class FlightSpellCast(Event, tag="flight_spell"):
    seat: int
    cards: list[str]


class EscapeRoll(Event, tag="escape_roll"):
    seat: int
    monster: int
    monster_card: str
    die: int
    total: int
    seed: int
    reroll: bool | UnsetType = UNSET  # a Halfling's second roll


class Escaped(Event, tag="escaped"):
    seat: int
    monster: int  # -1: every monster at once (a one-shot)
    how: EscapeHow
    monster_card: str | UnsetType = UNSET


class Caught(Event, tag="caught"):
    seat: int
    monster: int
    card: str


class SneakyLittleDevil(Event, tag="sneaky_little_devil"):
    seat: int


MunchkinEvent = (
    GameStarted
    | RolledForFirst
    | FirstPlayer
    | Turn
    | Ready
    | Passed
    | GameOver
    | Drew
    | Reshuffled
    | DeckEmpty
    | KickedDoor
    | LookingForTrouble
    | Looted
    | Played
    | Equipped
    | Unequipped
    | HirelingCarries
    | Cheated
    | Discarded
    | Lost
    | Sold
    | Charity
    | TradeOffered
    | Traded
    | TradeDeclined
    | Gave
    | Theft
    | StoleFromShadows
    | Level
    | SexChanged
    | EpicLost
    | Cursed
    | CurseCancelled
    | CurseRemoved
    | CurseOutrun
    | OutrunRoll
    | Died
    | Looting
    | LootedCorpse
    | Resurrected
    | DoorOrder
    | FairyDust
    | FairyDustToTreasures
    | FairyReturns
    | CharmedByFairy
    | CombatBegan
    | WanderingMonsterPlayed
    | MonsterJoins
    | UndeadJoined
    | Enhanced
    | Mate
    | DoorBonus
    | IllusionCast
    | OneShot
    | Arrow
    | Backstabbed
    | WentBerserk
    | UndeadTurned
    | Miracle
    | Charmed
    | Tamed
    | PetSacrificed
    | AteMonster
    | MonsterRemoved
    | AskedForHelp
    | Volunteered
    | DeclinedToHelp
    | NobodyHelps
    | HelperChosen
    | HelpWithdrawn
    | ForcedHelperReleased
    | ReactionWindow
    | VictoryDenied
    | Overkill
    | Victory
    | BardicLuck
    | Spoils
    | TookSpoil
    | TookSpoils
    | BribePaid
    | CombatOver
    | RunningAway
    | FlightSpellCast
    | EscapeRoll
    | Escaped
    | Caught
    | SneakyLittleDevil
)
