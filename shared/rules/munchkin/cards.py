"""The Munchkin card schema: what each kind of card may say, checked on load into frozen `CardDef` records.

The full schema, with the effect and ability vocabulary, is documented in docs/card-packs.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from ..base import SEXES
from ..cards import Fields, Pack, PackError, load_packs
from .kinds import DOOR_KINDS as DOOR_KINDS
from .kinds import KINDS as KINDS
from .kinds import TREASURE_KINDS as TREASURE_KINDS
from .kinds import CardKind

RACES = ("elf", "dwarf", "halfling", "orc", "gnome")
CLASSES = ("warrior", "wizard", "thief", "cleric", "bard")
# Who a restriction or a monster bonus can name: a race (or "human"), a class, a sex, or undead monsters.
TRAITS = (*RACES, "human", *CLASSES, *SEXES)

SLOTS = ("headgear", "armor", "footgear", "hands", "none")
LOSS_TARGETS = ("headgear", "armor", "footgear", "hands", "big", "any", "all")

# Effect words: "op" or "op:argument". What each does is in docs/card-packs.md.
EFFECT_ARGS: dict[str, str] = {
    "lose_levels": "int",
    "gain_levels": "int",
    "lose_item": "slot",
    "lose_race": "",
    "lose_class": "",
    "lose_hand": "",
    "lose_cards": "int",
    "death": "",
    "change_sex": "",
    "draw_treasures": "int",
    "remove_monster": "",
    "remove_monster_keep_treasure": "",
    "auto_escape": "",
    "remove_curse": "",
    "force_help": "",
    "fairy_charm": "",
    "cancel_curse": "",
}

# Race and class abilities implemented in code, named by cards.
ABILITIES = (
    "wins_ties",
    "berserk",
    "charm",
    "flight",
    "backstab",
    "steal",
    "resurrect",
    "turn_undead",
    "helper_level",
    "many_big_items",
    "double_sell",
    "reroll_escape",
    "bardic_luck",
    "illusion",
    "overkill",
    # Epic feats (E04): usually named in `epic_abilities`, working only while the holder is Epic
    "super_bardic_luck",
    "pray_for_a_miracle",
    "steal_from_shadows",
    "ludicrous_strength",
    "outrun_curse",
    "hand_of_the_gods",
    "arrows",
    "sneaky_little_devil",
    "garage_sale",
    "pets_rock",
    "munchkin_munch",
)

CURSE_DURATIONS = ("instant", "next_combat", "next_turn", "permanent")
# A monster's special conditions, holding for the whole combat it is in (R16): the fighters count their Level
# alone; nobody may help; items in play give nothing.
COMBAT_CONDITIONS = ("level_only", "no_help", "no_items")


@dataclass(frozen=True, slots=True)
class Effect:
    op: str
    arg: int | str | None = None

    def __str__(self) -> str:
        return self.op if self.arg is None else f"{self.op}:{self.arg}"


@dataclass(frozen=True, slots=True)
class TraitBonus:
    against: str
    amount: int


@dataclass(frozen=True, slots=True)
class CardDef:
    id: str
    name: str
    kind: CardKind
    deck: str
    text: str
    art: str = ""  # its picture: a name from assets/art/icons or an image file's path; "" for its kind's
    # monsters and enhancers
    level: int = 0
    treasures: int = 0
    levels: int = 1
    undead: bool = False  # an Undead monster, or an enhancer that makes its monster Undead (R17)
    santa: bool = False  # Christmas Lite: joins another Santa's combat from a hand (C02)
    fairy: bool = False  # the Sparkly Good Fairy (F04, F05)
    fairy_dust: int = 0  # Fairy Dust cards drawn for killing it (F04)
    bonuses: tuple[TraitBonus, ...] = ()
    no_pursue_at_or_below: int = 0
    bad_stuff: tuple[Effect, ...] = ()
    on_escape: tuple[Effect, ...] = ()
    conditions: tuple[str, ...] = ()  # COMBAT_CONDITIONS, for the whole combat (R16)
    # items, one-shots, hirelings, curses
    slot: str = "none"
    hands: int = 0
    big: bool = False
    bonus: int = 0
    value: int = 0
    usable_by: tuple[str, ...] = ()
    not_usable_by: tuple[str, ...] = ()
    escape: int = 0
    effects: tuple[Effect, ...] = ()
    duration: str = "instant"
    # races and classes
    trait: str = ""
    abilities: tuple[str, ...] = ()
    epic_abilities: tuple[str, ...] = ()  # feats added while the holder is Epic (E04)
    epic_replaces: tuple[str, ...] = ()  # normal abilities a feat replaces while Epic
    hand_limit: int = 0
    steed: bool = False  # a Hireling that is a Steed: carries one extra Big item while its owner is Epic (E05)

    @property
    def is_fairy_dust(self) -> bool:
        return self.deck == "fairy_dust"

    @property
    def is_item(self) -> bool:
        return self.kind == "item"


def parse_effects(fields: Fields, key: str) -> tuple[Effect, ...]:
    effects = []
    for word in fields.texts(key):
        op, _, arg = word.partition(":")
        if op not in EFFECT_ARGS:
            raise fields.error(f"{key}: unknown effect {op!r} (known: {', '.join(EFFECT_ARGS)})")
        want = EFFECT_ARGS[op]
        if not want:
            if arg:
                raise fields.error(f"{key}: effect {op!r} takes no argument")
            effects.append(Effect(op))
        elif want == "int":
            if not arg.lstrip("-").isdigit():
                raise fields.error(f"{key}: effect {op!r} needs a whole number, as {op}:1")
            effects.append(Effect(op, int(arg)))
        else:
            if arg not in LOSS_TARGETS:
                raise fields.error(f"{key}: effect {op!r} needs one of {', '.join(LOSS_TARGETS)}")
            effects.append(Effect(op, arg))
    return tuple(effects)


def parse_card(f: Fields) -> CardDef:
    card_id = f.text("id")
    if not card_id or not all(c.isalnum() or c in "-_" for c in card_id):
        raise f.error("id must be letters, digits, '-' or '_'")
    kind = f.text("kind", choices=KINDS)
    common: dict[str, Any] = {
        "id": card_id,
        "name": f.text("name"),
        "kind": kind,
        "deck": "door" if kind in DOOR_KINDS else "treasure",
        "text": f.text("text", ""),
        "art": f.art(),
    }
    if not common["name"]:
        raise f.error("name must not be empty")
    if kind == "monster":
        bonuses = []
        for b in f.tables("bonuses"):
            bonuses.append(TraitBonus(b.text("against", choices=TRAITS), b.integer("amount", lo=-20, hi=20)))
            b.finish()
        return CardDef(
            **common,
            level=f.integer("level", lo=1, hi=30),
            treasures=f.integer("treasures", 1, 0, 8),
            levels=f.integer("levels", 1, 1, 3),
            undead=f.flag("undead"),
            santa=f.flag("santa"),
            fairy=f.flag("fairy"),
            fairy_dust=f.integer("fairy_dust", 0, 0, 4),
            bonuses=tuple(bonuses),
            no_pursue_at_or_below=f.integer("no_pursue_at_or_below", 0, 0, 19),
            escape=f.integer("escape", 0, -5, 5),
            bad_stuff=parse_effects(f, "bad_stuff"),
            on_escape=parse_effects(f, "on_escape"),
            conditions=_conditions(f),
        )
    if kind == "enhancer":
        return CardDef(
            **common,
            level=f.integer("level", lo=-10, hi=10),
            treasures=f.integer("treasures", 0, -3, 5),
            undead=f.flag("undead"),
        )
    if kind in ("race", "class"):
        trait = f.text(kind, choices=RACES if kind == "race" else CLASSES)
        abilities = f.texts("abilities", ABILITIES)
        replaces = f.texts("epic_replaces", ABILITIES)
        if set(replaces) - set(abilities):
            raise f.error("epic_replaces names only abilities the card has")
        return CardDef(
            **common,
            trait=trait,
            abilities=abilities,
            epic_abilities=f.texts("epic_abilities", ABILITIES),
            epic_replaces=replaces,
            escape=f.integer("escape", 0, -5, 5),
            hand_limit=f.integer("hand_limit", 0, 0, 10),
        )
    if kind in TREASURE_KINDS and f.flag("fairy_dust"):
        common["deck"] = "fairy_dust"  # F01: its own mini-deck
    if kind == "item":
        slot = f.text("slot", "none", SLOTS)
        hands = f.integer("hands", 1 if slot == "hands" else 0, 0, 2)
        if (slot == "hands") != (hands > 0):
            raise f.error("hands (1 or 2) goes with slot 'hands' and only with it")
        return CardDef(
            **common,
            slot=slot,
            hands=hands,
            big=f.flag("big"),
            bonus=f.integer("bonus", 0, -10, 10),
            value=_gold(f),
            usable_by=f.texts("usable_by", TRAITS),
            not_usable_by=f.texts("not_usable_by", TRAITS),
            escape=f.integer("escape", 0, -5, 5),
        )
    if kind == "one_shot":
        return CardDef(
            **common,
            bonus=f.integer("bonus", 0, -10, 10),
            value=_gold(f),
            escape=f.integer("escape", 0, -5, 5),
            effects=parse_effects(f, "effects"),
        )
    if kind == "curse":
        return CardDef(
            **common,
            effects=parse_effects(f, "effects"),
            duration=f.text("duration", "instant", CURSE_DURATIONS),
            bonus=f.integer("bonus", 0, -10, 10),
            escape=f.integer("escape", 0, -5, 5),
        )
    if kind == "go_up_a_level":
        return CardDef(**common, levels=f.integer("levels", 1, 1, 3))
    if kind == "hireling":
        return CardDef(**common, bonus=f.integer("bonus", 1, 0, 5), steed=f.flag("steed"))
    return CardDef(**common)


def _conditions(f: Fields) -> tuple[str, ...]:
    conditions = f.texts("conditions", COMBAT_CONDITIONS)
    for word in conditions:
        if conditions.count(word) > 1:
            raise f.error(f"conditions: {word!r} is named twice")
    return conditions


def _gold(f: Fields) -> int:
    value = f.integer("value", 0, 0, 5000)
    if value % 100:
        raise f.error(f"value must be a multiple of 100 Gold Pieces, got {value}")
    return value


@cache
def load_munchkin_packs(names: tuple[str, ...]) -> tuple[Pack[CardDef], ...]:
    """Load (once per process) the packs a Munchkin table uses; a broken pack raises `PackError`."""
    return load_packs(names, "munchkin", parse_card)


__all__ = ["CardDef", "Effect", "Pack", "PackError", "TraitBonus", "load_munchkin_packs", "parse_card"]
