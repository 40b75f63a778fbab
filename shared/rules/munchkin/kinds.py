"""The words a Munchkin state is made of, as types: the turn's phases, a combat's steps, the decisions a table
waits for and the kinds of card. The engine, the bots and the client name them through these, and mypy checks
every one; the tuples are the same words for code that lists them."""

from __future__ import annotations

import typing
from typing import Literal

# "setup" (M08), "start" (before the door, M11), "door" (after a door without a monster: look for trouble or
# loot), "end" (charity and passing the turn), "over"
Phase = Literal["setup", "start", "door", "end", "over"]
# "fight": the fighter decides; "help": an ask for help is open; "window": others may react before the combat's
# `resolving` happens; "flee": running away; "spoils": treasures being picked by the agreed order
CombatStep = Literal["fight", "help", "window", "flee", "spoils"]
# what a reaction window leads to ("": no window open)
Resolving = Literal["", "victory", "flee"]
DecisionKind = Literal[
    "lose_item",
    "lose_cards",
    "loot_corpse",
    "trade",
    "outrun_curse",
    "door_order",
    "doors_waiting",
    "resurrect",
    "curse_cast",
]
DoorKind = Literal[
    "monster",
    "curse",
    "race",
    "class",
    "enhancer",
    "wandering_monster",
    "mate",
    "half_breed",
    "super_munchkin",
    "cheat",
    "hireling",
]
TreasureKind = Literal["item", "one_shot", "go_up_a_level"]
Deck = Literal["door", "treasure", "fairy_dust"]
CardKind = DoorKind | TreasureKind

PHASES: tuple[Phase, ...] = typing.get_args(Phase)
COMBAT_STEPS: tuple[CombatStep, ...] = typing.get_args(CombatStep)
DECISION_KINDS: tuple[DecisionKind, ...] = typing.get_args(DecisionKind)
DOOR_KINDS: tuple[DoorKind, ...] = typing.get_args(DoorKind)
TREASURE_KINDS: tuple[TreasureKind, ...] = typing.get_args(TreasureKind)
KINDS: tuple[CardKind, ...] = DOOR_KINDS + TREASURE_KINDS
