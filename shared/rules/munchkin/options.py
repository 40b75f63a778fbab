"""The table options of a Munchkin game: one record that travels with the game and its saves."""

from __future__ import annotations

import dataclasses
import typing
from dataclasses import dataclass, field
from typing import Any, Final, Literal

import msgspec

from ...records import field_of
from ..base import MalformedAction

# R01 (M25, C03): the "reaction time" table option. Short is the rulebook's 2.66 s (Christmas Lite's 3.75 s);
# the rulings (001) call that a joke, so people get about 8 s by default; "none" waits for every pass.
ReactionTime = Literal["short", "normal", "none"]
REACTION_TIMES: tuple[ReactionTime, ...] = typing.get_args(ReactionTime)
SHORT_REACTION_SECONDS = 2.66
CHRISTMAS_SHORT_REACTION_SECONDS = 3.75
NORMAL_REACTION_SECONDS = 8.0


@dataclass(frozen=True, slots=True)
class Options:
    # X02: a face-down Door at the start of each turn; looting the room draws a Treasure instead.
    listening_at_the_door: bool = field(
        default=False, metadata={"describe": "Listening at the Door: a face-down Door at the start of each turn"}
    )
    # X03: a helper who defeats the monster with the fighter also gains a level.
    shared_victory: bool = field(
        default=False, metadata={"describe": "Shared victory: a helper who wins the fight also gains a level"}
    )
    # M10 rulings option: a helping Elf reaching the winning level by the same kill does not win.
    helping_elf_cannot_win: bool = field(
        default=False, metadata={"describe": "Rulings: a helping Elf cannot win by the kill it helped with"}
    )
    # M47 rulings option (001): only items on the table may be sold, not from the hand.
    sell_from_table_only: bool = field(
        default=False, metadata={"describe": "Rulings: only items in play may be sold, not from the hand"}
    )
    # R13: 001's race and class summaries, where they differ from the core rules (000 is the default).
    rulings_001: bool = field(
        default=False,
        metadata={
            "describe": "Rulings (001): Halfling sells any time and holds 6 cards; Dwarf carries 2 Big items; "
            "Wizard's charm gives no reward; Warrior +1 per monster"
        },
    )
    # M38: the level that wins (20 with Epic rules).
    win_level: int = field(default=10, metadata={"describe": "The winning level: 10, or 20 with Epic Munchkin"})
    # R01: how long the server holds a reaction window open; the engine only counts passes.
    reaction_time: ReactionTime = field(
        default="normal",
        metadata={
            "describe": "Reaction time: how long others may play cards before a fight is settled",
            "choices": REACTION_TIMES,
        },
    )
    # E01-E05: Epic Munchkin: play on to level 20 with Epic feats; implies win_level 20.
    epic: bool = field(
        default=False, metadata={"describe": "Epic Munchkin: play to level 20; Epic feats and two Doors from 10"}
    )
    # F01: the Sparkly Good Fairy is shuffled into the top part of the Door deck.
    fairy_dust_on_top: bool = field(
        default=False, metadata={"describe": "Fairy Dust: shuffle the Sparkly Good Fairy into the top Doors"}
    )
    # M46 (Christmas Lite): items received in a trade cannot be sold before the receiver's next turn.
    trade_cooldown: bool = field(
        default=False, metadata={"describe": "Christmas Lite: traded items wait for your next turn to be sold"}
    )

    def __post_init__(self) -> None:
        # Epic and the level-20 game are one option: either spelling turns on the other.
        if self.epic and self.win_level != 20:
            object.__setattr__(self, "win_level", 20)
        elif self.win_level == 20 and not self.epic:
            object.__setattr__(self, "epic", True)

    @property
    def unkilled_ceiling(self) -> int:
        """The highest level reached without a kill (M09; Epic E01, E02: 10 needs no kill, 19 and 20 do)."""
        return 18 if self.epic else self.win_level - 1

    def reaction_seconds(self, packs: tuple[str, ...]) -> float | None:
        """The reaction window's seconds with these packs (R01), or None for a table without a timer."""
        if self.reaction_time == "none":
            return None
        if self.reaction_time == "short":
            return CHRISTMAS_SHORT_REACTION_SECONDS if "christmas" in packs else SHORT_REACTION_SECONDS
        return NORMAL_REACTION_SECONDS

    @classmethod
    def defaults_for(cls, packs: tuple[str, ...]) -> Options:
        """The table's defaults for these packs: Christmas Lite brings its trade rule (M46); its 3.75 s window is
        the short reaction time (C03, R01)."""
        if "christmas" in packs:
            return cls(trade_cooldown=True)
        return cls()

    def to_wire(self) -> dict[str, Any]:
        # Every view carries the options: read the flat fields directly (`asdict` deep-copies each value).
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}

    @classmethod
    def from_wire(cls, wire: Any, base: Options | None = None) -> Options:
        """Options from their wire form: a map of values, or a list of flags to turn on; what the wire leaves out
        comes from `base` (the defaults of the game's packs, `defaults_for`) or else the plain defaults."""
        base = base or cls()
        if wire is None:
            return base
        if isinstance(wire, Options):
            return wire
        if isinstance(wire, list | tuple):  # ["epic", "fairy_dust_on_top"]: flags turned on (the command line)
            if not all(isinstance(w, str) for w in wire):
                raise MalformedAction("a list of options names flags only")
            flags = {f.name for f in dataclasses.fields(cls) if f.type in (bool, "bool")}
            bad = sorted(set(wire) - flags)
            if bad:
                raise MalformedAction(f"unknown flag option(s): {', '.join(bad)} (known: {', '.join(sorted(flags))})")
            wire = dict.fromkeys(wire, True)
        if not isinstance(wire, dict):
            raise MalformedAction("options must be a map")
        wire = _legacy(wire)
        known = {f.name: f for f in dataclasses.fields(cls)}
        unknown = sorted(set(wire) - set(known))
        if unknown:
            raise MalformedAction(f"unknown option(s): {', '.join(map(str, unknown))}")
        try:
            given = msgspec.convert(wire, _GIVEN)
        except msgspec.ValidationError as exc:  # the map's keys are known: msgspec names the option it refused
            name = field_of(exc) or ""
            choices = known[name].metadata.get("choices")
            if choices is not None:
                raise MalformedAction(f"option {name}: {wire[name]!r} is not one of {', '.join(choices)}") from None
            wanted = type(known[name].default).__name__
            raise MalformedAction(f"option {name}: {wire[name]!r} is not a valid {wanted}") from None
        values = {
            name: value
            for name, value in zip(_GIVEN.__struct_fields__, msgspec.structs.astuple(given), strict=True)
            if value is not msgspec.UNSET
        }
        if values.get("epic") is False and "win_level" not in values:
            values["win_level"] = 10  # turning Epic off turns its level 20 off too
        options = dataclasses.replace(base, **values)
        if options.win_level not in (10, 20):
            raise MalformedAction("option win_level must be 10 (or 20 with Epic rules)")
        if wire.get("epic") is False and wire.get("win_level") == 20:
            raise MalformedAction("win_level 20 is the Epic game: epic cannot be off")
        return options


# What a wire form may say: each option's type, every one of them optional (left out: the base's), nothing else.
_GIVEN: Final = msgspec.defstruct(
    "GivenOptions",
    [(name, hint | msgspec.UnsetType, msgspec.UNSET) for name, hint in typing.get_type_hints(Options).items()],
    kw_only=True,
)


def _legacy(wire: dict[Any, Any]) -> dict[Any, Any]:
    """Tables saved before R01 chose the window in seconds: the rulebook's short ones are "short", longer
    ones "normal"."""
    if "reaction_seconds" not in wire or "reaction_time" in wire:
        return wire
    seconds = wire["reaction_seconds"]
    if not isinstance(seconds, int | float) or isinstance(seconds, bool) or seconds <= 0:
        raise MalformedAction(f"option reaction_seconds: {seconds!r} is not a valid number of seconds")
    rest = {k: v for k, v in wire.items() if k != "reaction_seconds"}
    return {**rest, "reaction_time": "short" if seconds <= CHRISTMAS_SHORT_REACTION_SECONDS else "normal"}


def describe_options() -> list[dict[str, Any]]:
    """One line per table option for the lobby: name, default, what it does (and its choices, if named)."""
    return [
        {
            "name": f.name,
            "default": f.default,
            "describe": f.metadata.get("describe", ""),
            **({"choices": f.metadata["choices"]} if "choices" in f.metadata else {}),
        }
        for f in dataclasses.fields(Options)
    ]
