"""The lessons of `doorkick learn`, in order: each a scenario file (assets/tutorial/) and the steps played on it.

A step says what to do and why the rulebook says so, and names the action it waits for: its kind, the card it
is about (any copy of it) and any other fields it must have. The table arranged by the file makes each step's
action legal at its moment (tests/client/test_client_tutorial.py plays them on the engine to check).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...shared.rules.base import Action
from ...shared.rules.munchkin import actions as munchkin
from ...shared.rules.wonderland import actions as wonderland


def base(card: object) -> str:
    """A card's id without its copy number: `sword#2` is a `sword`."""
    return str(card).partition("#")[0]


@dataclass(frozen=True)
class Step:
    say: str  # what to do, in plain words
    why: str  # why the rulebook says so
    do: type[Action]  # the kind of action the step waits for
    card: str = ""  # the card the action is about, by its id in the pack ("" for any card, or none)
    fields: tuple[tuple[str, Any], ...] = ()  # other fields the action must have, cards by their ids

    def wants(self, action: Action) -> bool:
        """Whether `action` (a legal action, or one the player chose) is the one this step waits for."""
        if not isinstance(action, self.do):
            return False
        if self.card and base(getattr(action, "card", "")) != self.card:
            return False
        return all(_same(getattr(action, key), value) for key, value in self.fields)


def _same(value: Any, wanted: Any) -> bool:
    if isinstance(wanted, tuple):
        return isinstance(value, tuple) and sorted(base(v) for v in value) == sorted(wanted)
    return bool(value == wanted)


@dataclass(frozen=True)
class Lesson:
    title: str
    scenario: str  # the file under assets/tutorial/
    steps: tuple[Step, ...]
    done: str  # said when the last step is done: what the player just learnt


LESSONS: tuple[Lesson, ...] = (
    Lesson(
        "Kick open the door",
        "01-kick-the-door.toml",
        (
            Step(
                "Your turn begins: kick open the door.",
                "Every turn starts with the door: you turn over the top Door card for everyone to see. A monster "
                "means a fight, a curse strikes you at once, anything else goes into your hand.",
                munchkin.KickOpenTheDoor,
            ),
            Step(
                "An Elf! Click the Elf card in your hand and play it.",
                "On your own turn you may play a new Race or Class. An Elf runs away more easily and gains a level "
                "for each monster it helps to kill.",
                munchkin.PlayCard,
                "elf-1",
            ),
            Step(
                "No monster showed up, so loot the room.",
                "A player who met no monster either looks for trouble (fights a monster from their own hand) or "
                "loots the room: draws one more Door, face down, into the hand.",
                munchkin.LootTheRoom,
            ),
            Step(
                "That is all for this turn: end it.",
                "At the end of your turn you may keep five cards in your hand; the turn passes to the left.",
                munchkin.EndTurn,
            ),
        ),
        "That is a whole turn: kick open the door, deal with what is behind it, loot if no monster came, end.",
    ),
    Lesson(
        "A fight you win",
        "02-a-fight-you-win.toml",
        (
            Step(
                "Kick open the door.",
                "Behind a door there may be a monster. Your strength is your level plus the bonuses of the items "
                "you wear.",
                munchkin.KickOpenTheDoor,
            ),
            Step(
                "A level-1 monster against your level 1 and your +2 baguette: 3 against 1. Claim the win.",
                "You win a fight when your strength is higher than the monster's; a tie goes to the monster. The "
                "others get a moment to play cards against you before the win counts.",
                munchkin.ClaimVictory,
            ),
        ),
        "Bob had nothing to play, so you won: a kill gives a level (you are level 2) and the monster's Treasures, "
        "drawn face down into your hand.",
    ),
    Lesson(
        "A fight you need help for",
        "03-a-fight-you-need-help-for.toml",
        (
            Step(
                "Kick open the door.",
                "Some monsters are too strong to beat alone. Then you may ask another player to help you.",
                munchkin.KickOpenTheDoor,
            ),
            Step(
                "4 against 4 is a tie, and ties go to the monster. Ask Bob for help: tick the Pet Rock as his "
                "bribe, choose Bob, then Ask for help.",
                "You may ask anyone for help and bribe them: items you have in play, or a share of the Treasures. "
                "The items change hands after the fight; until then they still count for you.",
                munchkin.AskForHelp,
                fields=(("to", 1), ("items", ("pet-rock",)), ("treasures", 0)),
            ),
            Step(
                "Bob offers to help. Choose him as your helper.",
                "Of the players who offer, the fighter chooses one helper. Once the help is agreed it is binding, "
                "and the helper's strength adds to yours.",
                munchkin.ChooseHelper,
                fields=(("helper", 1),),
            ),
            Step(
                "You and Bob together are far stronger than the monster. Claim the win.",
                "The fighter wins the level; a helper gains none (an Elf helper would). The bribe goes to the "
                "helper when the fight is over.",
                munchkin.ClaimVictory,
            ),
        ),
        "Together you won: you went up a level and Bob got his Pet Rock. Help is the heart of the game: ask "
        "often, and pay what it takes.",
    ),
    Lesson(
        "Running away",
        "04-running-away.toml",
        (
            Step(
                "Kick open the door.",
                "Not every fight can be won. When nobody will help, there is still the way out.",
                munchkin.KickOpenTheDoor,
            ),
            Step(
                "A level-7 monster against your 5: you cannot win. Run away.",
                "Running away is for a fight you cannot win: while your side is winning you may not run. The "
                "others may still play cards before you roll.",
                munchkin.RunAway,
            ),
            Step(
                "Roll the die to run from the monster.",
                "You escape on a roll of 5 or more (some items, Races and monsters change that). If you are "
                "caught, the monster's Bad Stuff happens to you.",
                munchkin.RollToRunAway,
            ),
        ),
        "A 5: you got away. Running away gives no level and no Treasure, and you may not loot the room after it, "
        "but you keep everything you have.",
    ),
    Lesson(
        "A curse",
        "05-a-curse.toml",
        (
            Step(
                "Kick open the door.",
                "A curse turned over when you kick open the door strikes you at once.",
                munchkin.KickOpenTheDoor,
            ),
            Step(
                "The gust took your helmet. Now pay it forward: click the Pebble in Boot in your hand and curse "
                "Bob with it.",
                "A curse from your hand may be played on any player at any time. This one gives -2 in their "
                "next fight.",
                munchkin.Curse,
                "curse-pebble-in-boot",
                (("target", 1),),
            ),
        ),
        "A curse from the door hits whoever kicked it; one from your hand hits whoever you like. Bob will fight "
        "his next monster at -2.",
    ),
    Lesson(
        "Equipping and selling",
        "06-equip-and-sell.toml",
        (
            Step(
                "Click the Propeller Beanie in your hand and play it: you put it on.",
                "On your own turn you may play items from your hand. An item you can use goes on its slot: one "
                "for the head, one for armour, one for the feet, two hands.",
                munchkin.PlayCard,
                "propeller-beanie",
            ),
            Step(
                "The slippers lie sideways on the table: carried, not worn. Click them and put them on.",
                "Outside a fight you may change what you wear at any time. A carried item gives no bonus until "
                "you wear it.",
                munchkin.Equip,
                "steel-toed-slippers",
            ),
            Step(
                "Now sell the Grand Piano for a level: its button is the last one on the bar.",
                "On your own turn, outside a fight, you may sell items worth 1000 Gold or more for one level per "
                "full 1000 (never to the winning level). The piano is worth exactly 1000.",
                munchkin.Sell,
                fields=(("cards", ("grand-piano",)),),
            ),
        ),
        "You wear a hat and slippers, and the piano bought you a level: level 3. Selling is the slow but sure way up.",
    ),
    Lesson(
        "Charity",
        "07-charity.toml",
        (
            Step(
                "Kick open the door.",
                "Cards pile up in your hand as you play; at the end of the turn you may keep only five.",
                munchkin.KickOpenTheDoor,
            ),
            Step(
                "No monster: loot the room.",
                "Looting draws one more Door into your hand. You will have six cards, one too many.",
                munchkin.LootTheRoom,
            ),
            Step(
                "Six cards: give one away. Click a card in your hand and give it to Bob.",
                "Over the hand limit at the end of your turn, you give the extra cards to the lowest-level "
                "player: Bob, at level 1. Had you been the lowest yourself, you would discard them.",
                munchkin.GiveCharity,
                fields=(("to", 1),),
            ),
            Step(
                "Five cards left: now you may end your turn.",
                "The hand limit is five (a Dwarf may keep six). Charity is the last thing of the turn.",
                munchkin.EndTurn,
            ),
        ),
        "That is the Munchkin table: doors, fights, help, running, curses, items and charity. Last, the "
        "Wonderland board.",
    ),
    Lesson(
        "Wonderland",
        "08-wonderland.toml",
        (
            Step(
                "In Munchkin Wonderland you move on a board. Roll the die to move.",
                "Each turn you roll a die, pick a direction and move exactly that many spaces; entering a Room "
                "or the Entrance stops you early.",
                wonderland.Roll,
            ),
            Step(
                "A 2. Click the glowing Room 1 to walk there.",
                "Every Room has a monster, numbered like the die's faces: entering a Room means a fight.",
                wonderland.Move,
                fields=(("path", ("path1a", "room1")),),
            ),
            Step(
                "The Dodo of Room 1 and a +3 Monster card: power 4. Roll the die to fight.",
                "The monster's power is its Room's number plus the Monster card's bonus. Yours is your Friends' "
                "bonuses (the Hatter gives +2) plus a die roll.",
                wonderland.Roll,
            ),
            Step(
                "A 1: 3 against 4. Play your Jam Tart for +1 to draw level.",
                "After rolling you may play Treasures for a bonus. In Wonderland a tie goes to the munchkins.",
                wonderland.PlayTreasure,
                "jam_tart",
            ),
            Step(
                "4 against 4: end the fight and win it.",
                "A winner takes as many Treasures as the Room gives. Every Treasure but a Friend is worth Gold.",
                wonderland.EndFight,
            ),
        ),
        "You spent a 1-Gold Jam Tart and won a 5-Gold Vorpal Blade. When the last Treasure is drawn the game "
        "ends, and the most Gold in hand wins. You are ready to play!",
    ),
)
