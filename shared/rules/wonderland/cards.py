"""The Wonderland card schema: Monster cards and Treasures, checked on load into frozen `CardDef` records.

A pack's cards each have an `id`, a `name`, a `kind` and optional `text`, `art` (its picture, as in
docs/card-packs.md) and `count` (copies). By kind:
- monster: `bonus` 0..5 added to the Room's power (W03, W13); `draw` 0, 2 or 3 more Monster cards.
- friend: `bonus` 1..5, a permanent bonus while in play (W04); no Gold (W06).
- bonus: `bonus` 1..10 for one fight; `gold`.
- change_die ("Eat Me" Cake and its kin): turn one die of the fight, or your own move, to a face you choose.
- extra_die: roll one more die and add it to your side. get_away: leave the fight, losing nothing.
- take_back: take another Treasure (not a take_back) from the Treasure discards into your hand.
Every Treasure but a Friend has a `gold` value 1..10 (W06).
"""

from __future__ import annotations

import typing
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Final, Literal

from ..cards import Fields, Pack, PackError, load_packs

OneTimeKind = Literal["bonus", "change_die", "extra_die", "get_away", "take_back"]
CardKind = Literal["monster", "friend"] | OneTimeKind
MONSTER: Final = "monster"
FRIEND: Final = "friend"
ONE_TIME_KINDS: tuple[OneTimeKind, ...] = typing.get_args(OneTimeKind)
TREASURE_KINDS: tuple[CardKind, ...] = (FRIEND, *ONE_TIME_KINDS)
KINDS: tuple[CardKind, ...] = (MONSTER, *TREASURE_KINDS)
DEFAULT_PACKS = ("wonderland",)


@dataclass(frozen=True, slots=True)
class CardDef:
    id: str
    name: str
    kind: CardKind
    text: str = ""
    bonus: int = 0
    draw: int = 0  # Monster cards: how many more Monster cards to draw ("Draw 2 Monsters!")
    gold: int = 0
    art: str = ""  # its picture: a name from assets/art/icons or an image file's path; "" for its kind's

    @property
    def deck(self) -> str:
        return "monster" if self.kind == MONSTER else "treasure"

    @property
    def one_time(self) -> bool:
        return self.kind in ONE_TIME_KINDS


def parse_card(f: Fields) -> CardDef:
    card_id = f.text("id")
    if not card_id or not all(c.isalnum() or c in "-_" for c in card_id):
        raise f.error("id must be letters, digits, '-' or '_'")
    kind = f.word("kind", KINDS)
    name = f.text("name")
    if not name:
        raise f.error("name must not be empty")
    text = f.text("text", "")
    art = f.art()
    if kind == MONSTER:
        draw = f.integer("draw", 0, 0, 3)
        if draw == 1:
            raise f.error("draw must be 0, 2 or 3")
        return CardDef(card_id, name, kind, text, bonus=f.integer("bonus", 0, 0, 5), draw=draw, art=art)
    if kind == FRIEND:
        if f.has("gold"):
            raise f.error("a Friend is worth no Gold (W06); remove gold")
        return CardDef(card_id, name, kind, text, bonus=f.integer("bonus", lo=1, hi=5), art=art)
    bonus = f.integer("bonus", lo=1, hi=10) if kind == "bonus" else 0
    return CardDef(card_id, name, kind, text, bonus=bonus, gold=f.integer("gold", lo=1, hi=10), art=art)


@dataclass(frozen=True, eq=False)
class Catalog:
    """The physical cards of a game: each copy has its own instance id (`id`, or `id#2` for a second copy)."""

    packs: tuple[str, ...]
    defs: Mapping[str, CardDef]  # instance id -> its card
    monsters: tuple[str, ...]
    treasures: tuple[str, ...]

    def __getitem__(self, instance: str) -> CardDef:
        return self.defs[instance]


def _instances(pack: Pack[CardDef]) -> list[tuple[str, CardDef]]:
    out = []
    for card, count in zip(pack.cards, pack.counts, strict=True):
        out.append((card.id, card))
        out += [(f"{card.id}#{n}", card) for n in range(2, count + 1)]  # copies named as in Munchkin
    return out


@cache
def load_catalog(packs: tuple[str, ...] = DEFAULT_PACKS) -> Catalog:
    """Load (once per process) the packs of a Wonderland game; a broken pack raises `PackError`."""
    loaded = load_packs(packs, "wonderland", parse_card)
    defs: dict[str, CardDef] = {}
    for pack in loaded:
        defs.update(_instances(pack))
    monsters = tuple(i for i, c in defs.items() if c.kind == MONSTER)
    treasures = tuple(i for i, c in defs.items() if c.kind != MONSTER)
    if not monsters or not treasures:
        raise PackError(f"packs {', '.join(packs)}: a game needs both Monster cards and Treasures")
    return Catalog(packs, defs, monsters, treasures)


__all__ = ["DEFAULT_PACKS", "KINDS", "CardDef", "Catalog", "PackError", "load_catalog", "parse_card"]
