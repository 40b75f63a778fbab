"""Every move a seat can make at a Munchkin table, as small frozen records with a wire form."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..base import Action


@dataclass(frozen=True)
class MunchkinAction(Action):
    registry: ClassVar[dict[str, type[Action]]] = {}


# --- setting up and the turn (M08, M11-M15) ---------------------------------------------------------------


@dataclass(frozen=True)
class FinishSetup(MunchkinAction):
    """Done playing a Race, a Class and Items from the starting hand (M08)."""

    kind = "finish_setup"


@dataclass(frozen=True)
class KickOpenTheDoor(MunchkinAction):
    """Draw the top Door face up (M12). A Cleric may resurrect: discard `resurrect` from hand to take the
    top of the Door discards instead (M40); an Epic kick's second Door too, paid with `resurrect_second` (R09)."""

    kind = "kick_open_the_door"
    resurrect: str = ""
    resurrect_second: str = ""


@dataclass(frozen=True)
class LookForTrouble(MunchkinAction):
    """Fight a monster from your own hand (M13)."""

    kind = "look_for_trouble"
    monster: str


@dataclass(frozen=True)
class LootTheRoom(MunchkinAction):
    """Draw a Door face down into the hand (M13; a Treasure with X02)."""

    kind = "loot_the_room"


@dataclass(frozen=True)
class EndTurn(MunchkinAction):
    """End your turn, within the hand limit (charity given, M14); the turn passes left."""

    kind = "end_turn"


@dataclass(frozen=True)
class GiveCharity(MunchkinAction):
    """Give an excess card to a lowest-level player, or discard it (`to` = -1) if you are lowest (M14)."""

    kind = "give_charity"
    card: str
    to: int = -1


# --- cards outside combat ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayCard(MunchkinAction):
    """Put a card from the hand into play: a Race, Class, Half-Breed, Super Munchkin, Hireling, an Item (equipped
    when it can be) or a one-shot to carry."""

    kind = "play_card"
    card: str


@dataclass(frozen=True)
class Equip(MunchkinAction):
    """Wear an item you carry sideways, if its slot is free and you may use it (not during a combat)."""

    kind = "equip"
    card: str


@dataclass(frozen=True)
class Unequip(MunchkinAction):
    """Turn an item you wear sideways: still yours, giving nothing until worn again."""

    kind = "unequip"
    card: str


@dataclass(frozen=True)
class GiveToHireling(MunchkinAction):
    """The Hireling carries this item, outside the slot limits (M44)."""

    kind = "give_to_hireling"
    card: str


@dataclass(frozen=True)
class PlayCheat(MunchkinAction):
    """Attach Cheat! to an item in play: it ignores restrictions and slot limits (M44)."""

    kind = "play_cheat"
    card: str
    item: str


@dataclass(frozen=True)
class DiscardCard(MunchkinAction):
    """Discard a Race, Class, Half-Breed or Super Munchkin at any time (M16)."""

    kind = "discard_card"
    card: str


@dataclass(frozen=True)
class Sell(MunchkinAction):
    """Sell items for a level per full 1000 Gold (M47); a Halfling may name one item to count double; an Epic
    Halfling may double two items a turn, or triple one (E04 Garage Sale)."""

    kind = "sell"
    cards: tuple[str, ...]
    doubled: str = ""
    tripled: str = ""


@dataclass(frozen=True)
class OfferTrade(MunchkinAction):
    """Offer items in play for another player's items in play (M46); they accept or decline."""

    kind = "offer_trade"
    to: int
    give: tuple[str, ...]
    take: tuple[str, ...] = ()


@dataclass(frozen=True)
class AcceptTrade(MunchkinAction):
    """Accept the trade offered to you: both sides' items change hands (M46)."""

    kind = "accept_trade"


@dataclass(frozen=True)
class DeclineTrade(MunchkinAction):
    """Refuse the trade offered to you."""

    kind = "decline_trade"


@dataclass(frozen=True)
class GiveItem(MunchkinAction):
    """Give an item in play away for nothing (M46)."""

    kind = "give_item"
    card: str
    to: int


@dataclass(frozen=True)
class Steal(MunchkinAction):
    """Thief: discard a card to try to steal an item in play; 4+ succeeds, else lose a level (M40)."""

    kind = "steal"
    target: int
    item: str
    discard: str


# --- cards at any time (M16, M37, M49) ---------------------------------------------------------------------


@dataclass(frozen=True)
class Curse(MunchkinAction):
    """Play a curse from the hand on the player `target`, at any time."""

    kind = "curse"
    card: str
    target: int


@dataclass(frozen=True)
class GoUpALevel(MunchkinAction):
    """Play a Go Up a Level card on the player `target`, at any time; never to the winning level."""

    kind = "go_up_a_level"
    card: str
    target: int


@dataclass(frozen=True)
class UseOneShot(MunchkinAction):
    """Use a one-shot from hand or table: a bonus to a side, or its effect on a monster or a player."""

    kind = "use_one_shot"
    card: str
    side: str = "fighters"  # "fighters" or "monsters"
    monster: int = -1
    target: int = -1


# --- combat (M19-M35) ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class AskForHelp(MunchkinAction):
    """Ask for help with a bribe (M31): items in play and cards from the hand (`cards`), handed over after the
    combat (R06), and a share of the treasures; `to` one player, or everyone (-1)."""

    kind = "ask_for_help"
    items: tuple[str, ...] = ()
    treasures: int = 0
    helper_first: bool = False
    cards: tuple[str, ...] = ()
    to: int = -1


@dataclass(frozen=True)
class Volunteer(MunchkinAction):
    """Offer to help the fighter who asked; they choose among the volunteers (M31)."""

    kind = "volunteer"


@dataclass(frozen=True)
class DeclineHelp(MunchkinAction):
    """Say no to the fighter's call for help."""

    kind = "decline_help"


@dataclass(frozen=True)
class ChooseHelper(MunchkinAction):
    """The fighter takes one volunteer as the helper; a bribe's items change hands at once (M31)."""

    kind = "choose_helper"
    helper: int


@dataclass(frozen=True)
class ClaimVictory(MunchkinAction):
    """The fighters say they win; the others get a reaction window (M25)."""

    kind = "claim_victory"


@dataclass(frozen=True)
class RunAway(MunchkinAction):
    """Give up the fight and run: after the others' reaction window, roll against each monster (M34)."""

    kind = "run_away"


@dataclass(frozen=True)
class Pass(MunchkinAction):
    """Nothing to play in this reaction window or help call (the server sends it when time runs out)."""

    kind = "pass"


@dataclass(frozen=True)
class EnhanceMonster(MunchkinAction):
    """Play an enhancer on the monster at index `monster` of the fight, whoever's fight it is."""

    kind = "enhance_monster"
    card: str
    monster: int = 0


@dataclass(frozen=True)
class PlayMate(MunchkinAction):
    """Play the Mate on the monster at index `monster`: a copy of it, with its enhancers, joins the fight."""

    kind = "play_mate"
    card: str
    monster: int = 0


@dataclass(frozen=True)
class WanderingMonster(MunchkinAction):
    """Add a monster from your hand to the combat (M29)."""

    kind = "wandering_monster"
    card: str
    monster: str


@dataclass(frozen=True)
class JoinUndead(MunchkinAction):
    """An Undead monster from hand joins a combat against another Undead, no card needed (M28)."""

    kind = "join_undead"
    monster: str


@dataclass(frozen=True)
class Berserk(MunchkinAction):
    """Warrior: discard up to 3 cards for +1 each, once per combat (M40)."""

    kind = "berserk"
    cards: tuple[str, ...]


@dataclass(frozen=True)
class TurnUndead(MunchkinAction):
    """Cleric: discard up to 3 cards for +3 each against Undead (M40)."""

    kind = "turn_undead"
    cards: tuple[str, ...]


@dataclass(frozen=True)
class Charm(MunchkinAction):
    """Wizard: discard the whole hand (3 cards at least) to charm one monster away (M40)."""

    kind = "charm"
    monster: int = 0


@dataclass(frozen=True)
class Backstab(MunchkinAction):
    """Thief: discard a card for -2 to a player in combat, once per target per combat (M40)."""

    kind = "backstab"
    target: int
    discard: str


@dataclass(frozen=True)
class RollToRunAway(MunchkinAction):
    """Roll to escape one monster (M34); sacrificing a Hireling escapes it without a roll."""

    kind = "roll_to_run_away"
    monster: int
    hireling: bool = False


@dataclass(frozen=True)
class AcceptBadStuff(MunchkinAction):
    """Take the Bad Stuff of the monster that caught you after a failed run-away roll."""

    kind = "accept_bad_stuff"


@dataclass(frozen=True)
class FlightSpell(MunchkinAction):
    """Wizard: after a failed run-away roll, discard up to 3 cards for +1 each to it (M40)."""

    kind = "flight_spell"
    cards: tuple[str, ...]


@dataclass(frozen=True)
class RerollEscape(MunchkinAction):
    """Halfling: discard a card to roll a failed escape again, once per combat (M39)."""

    kind = "reroll_escape"
    discard: str


@dataclass(frozen=True)
class TakeSpoil(MunchkinAction):
    """Take one of a helped victory's face-up treasures, in the agreed pick order (M31)."""

    kind = "take_spoil"
    card: str


# --- decisions the game waits for ------------------------------------------------------------------------


@dataclass(frozen=True)
class ChooseLoss(MunchkinAction):
    """The victim chooses which card a curse or Bad Stuff takes (M37)."""

    kind = "choose_loss"
    card: str


@dataclass(frozen=True)
class Resurrect(MunchkinAction):
    """Cleric: instead of drawing the next face-up Treasure of a helped win, take the top of the Treasure
    discards, discarding `discard` from the hand for it (R09)."""

    kind = "resurrect"
    discard: str


@dataclass(frozen=True)
class DrawFaceUp(MunchkinAction):
    """Cleric: resurrect no more; the rest of the helped win's Treasures are drawn face up (R09)."""

    kind = "draw_face_up"


@dataclass(frozen=True)
class CancelCurse(MunchkinAction):
    """Play a one-shot that cancels a curse as it is cast, on you or on anyone (R18); cancelling a curse on
    someone else draws a Fairy Dust card (F02)."""

    kind = "cancel_curse"
    card: str


@dataclass(frozen=True)
class LetCurseStrike(MunchkinAction):
    """Cancel nothing: the curse being cast goes on (R18)."""

    kind = "let_curse_strike"


@dataclass(frozen=True)
class LootCorpse(MunchkinAction):
    """Take one card of a dead player's corpse, in your place of the looting order (M36)."""

    kind = "loot_corpse"
    card: str


# --- variants: Epic feats (E04), the Gnome's illusion ------------------------------------------------------


@dataclass(frozen=True)
class Illusion(MunchkinAction):
    """Gnome: once per combat, a fighter discards a Monster card from the hand for +3."""

    kind = "illusion"
    monster: str


@dataclass(frozen=True)
class PrayForAMiracle(MunchkinAction):
    """Epic Cleric: any time, discard two cards (hand or table) to take the top Treasure into the hand."""

    kind = "pray_for_a_miracle"
    cards: tuple[str, ...]


@dataclass(frozen=True)
class StealFromShadows(MunchkinAction):
    """Epic Thief: on your turn, out of combat, once a turn: discard a hand card, take a random card from
    `target`'s hand."""

    kind = "steal_from_shadows"
    target: int
    discard: str


@dataclass(frozen=True)
class FireArrow(MunchkinAction):
    """Epic Elf: into a fight you are not in, discard a card to give -2 to a monster (`monster`) or a fighter
    (`target`); two arrows a turn."""

    kind = "fire_arrow"
    discard: str
    target: int = -1
    monster: int = -1


@dataclass(frozen=True)
class TamePet(MunchkinAction):
    """Epic Human: instead of fighting a lone monster of level 5 or less, make it your pet."""

    kind = "tame_pet"


@dataclass(frozen=True)
class SacrificePet(MunchkinAction):
    """Epic Human: spend the pet in any combat: its level for the fighters, or it joins the monsters."""

    kind = "sacrifice_pet"
    side: str = "fighters"


@dataclass(frozen=True)
class EatMonster(MunchkinAction):
    """Epic Orc: eat the level-1 monster you turned over or looked for: a kill, nothing else."""

    kind = "eat_monster"


@dataclass(frozen=True)
class OutrunCurse(MunchkinAction):
    """Epic Wizard: discard a hand card to roll to run away from the curse just cast on you."""

    kind = "outrun_curse"
    discard: str


@dataclass(frozen=True)
class AcceptCurse(MunchkinAction):
    """Epic Wizard: give up running from the curse; it takes effect."""

    kind = "accept_curse"


@dataclass(frozen=True)
class ChooseDoorOrder(MunchkinAction):
    """Epic kick: the two curses just turned over take effect in `order`, the first named first (E03)."""

    kind = "choose_door_order"
    order: tuple[str, ...]
