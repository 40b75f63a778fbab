"""What a new table may be: each game's built-in packs and table options, and the host's choices kept legal."""

from __future__ import annotations

import dataclasses
import tomllib
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from ...shared.bots import LEVELS as BOT_LEVELS
from ...shared.rules.base import MalformedAction
from ...shared.rules.cards import PackError, builtin_pack_names, read_pack_text
from ...shared.rules.munchkin.flow import CHRISTMAS_ALONE
from ...shared.rules.munchkin.options import REACTION_TIMES, Options, describe_options

GAMES = ("munchkin", "wonderland")
GAME_TITLES = {"munchkin": "Munchkin", "wonderland": "Munchkin Wonderland"}
DEFAULT_PACKS = {"munchkin": ("core",), "wonderland": ("wonderland",)}
SEATS = (2, 6)
BOT_LEVEL_TITLES = {"easy": "Easy bots", "normal": "Normal bots", "hard": "Hard bots"}
# The reaction time's stepper, shortest first (R01).
REACTION_STEPS = REACTION_TIMES
WIN_LEVELS = (10, 20)
CHRISTMAS = "christmas"


@dataclass(frozen=True)
class PackInfo:
    name: str  # what the host loads it by
    title: str
    description: str


# The packs the host this window talks to offers beyond the shipped ones (`welcome.packs`): its user's own, which
# it hands to clients by hash once a table plays them. One host at a time: each welcome replaces the list.
_host_packs: dict[str, tuple[PackInfo, ...]] = {}


def learn_host_packs(offered: Any) -> None:
    """Take the packs a host's welcome offers, so that the table form lists them beside the shipped ones."""
    found: dict[str, list[PackInfo]] = {}
    for item in offered if isinstance(offered, list) else []:
        if isinstance(item, dict) and all(isinstance(item.get(k), str) for k in ("name", "game", "title")):
            info = PackInfo(item["name"], item["title"], str(item.get("description", "")))
            found.setdefault(item["game"], []).append(info)
    _host_packs.clear()
    _host_packs.update((game, tuple(infos)) for game, infos in found.items())


def packs_for(game: str) -> tuple[PackInfo, ...]:
    """The packs a table of this game may mix: the shipped ones, then those only the host has."""
    shipped = _shipped_packs(game)
    names = {p.name for p in shipped}
    return shipped + tuple(p for p in _host_packs.get(game, ()) if p.name not in names)


@cache
def _shipped_packs(game: str) -> tuple[PackInfo, ...]:
    """The built-in packs of a game with the title and one-line description from each pack's header."""
    found = []
    for name in builtin_pack_names(game):
        try:
            header = tomllib.loads(read_pack_text(name)[0]).get("pack", {})
        except (PackError, tomllib.TOMLDecodeError):
            continue  # a broken pack is the host's to refuse; the lobby just does not offer it
        title = str(header.get("name") or name).removeprefix("DoorKick: ")
        found.append(PackInfo(name, title, str(header.get("description", ""))))
    # The base pack first, then the others alphabetically: the order a host mixes them in.
    return tuple(sorted(found, key=lambda p: (p.name not in DEFAULT_PACKS.get(game, ()), p.name)))


def pack_title(game: str, name: str) -> str:
    return next((p.title for p in packs_for(game) if p.name == name), name)


@dataclass(frozen=True)
class OptionInfo:
    name: str
    kind: type  # bool, int or float
    describe: str


def munchkin_options() -> tuple[OptionInfo, ...]:
    """Every Munchkin table option with its one-line description, in the engine's order."""
    return tuple(OptionInfo(o["name"], type(o["default"]), str(o["describe"])) for o in describe_options())


def christmas_alone(packs: list[str] | tuple[str, ...]) -> bool:
    return set(packs) == {CHRISTMAS}


SHORT_NAMES = {
    "listening_at_the_door": "listening at the door",
    "helping_elf_cannot_win": "helping Elf cannot win",
    "sell_from_table_only": "sell from the table only",
    "epic": "Epic (to level 20)",
    "fairy_dust_on_top": "Fairy near the top",
    "rulings_001": "rulings (001)",
}


def option_text(name: str, value: Any) -> str:
    """An option in force, as the table's info line shows it."""
    if name == "reaction_time":
        return "no reaction timer" if value == "none" else f"{value} reaction time"
    if name == "win_level":
        return f"win at {value}"
    return SHORT_NAMES.get(name, name.replace("_", " "))


def fmt_seconds(value: Any) -> str:
    return f"{float(value):g} s"


def fmt_reaction(value: Any, packs: list[str] | tuple[str, ...] = ()) -> str:
    """A reaction time as the form shows it: its name and, with a timer, its seconds for these packs."""
    chosen = next((time for time in REACTION_TIMES if time == value), None)
    if chosen is None:
        return str(value)
    seconds = Options(reaction_time=chosen).reaction_seconds(tuple(packs))
    return "no timer" if seconds is None else f"{value} ({fmt_seconds(seconds)})"


@dataclass
class TableChoices:
    """The new-table form's state. Options hold only what the host chose (`explicit`); the rest follows the
    packs' defaults (`Options.defaults_for`), so changing the packs refreshes them and a choice still wins."""

    game: str = "munchkin"
    seats: int = 4
    bots: int = 3
    packs: list[str] = field(default_factory=lambda: list(DEFAULT_PACKS["munchkin"]))
    explicit: dict[str, Any] = field(default_factory=dict)
    bot_level: str = "normal"
    note: str = ""  # what the form just changed by itself, and why

    def __post_init__(self) -> None:
        if self.game not in GAMES:
            raise ValueError(f"unknown game {self.game!r}")
        offered = [p.name for p in packs_for(self.game)]
        self.packs = [p for p in offered if p in self.packs] or list(DEFAULT_PACKS[self.game])
        self._keep_legal()

    # -- changes -------------------------------------------------------------------------------------
    def set_game(self, game: str) -> None:
        if game == self.game or game not in GAMES:
            return
        self.game, self.packs, self.explicit, self.note = game, list(DEFAULT_PACKS[game]), {}, ""
        self._keep_legal()

    def set_packs(self, packs: list[str]) -> None:
        self.note = ""
        offered = [p.name for p in packs_for(self.game)]
        self.packs = [p for p in offered if p in packs]
        self._keep_legal()

    def pack_refusal(self, packs: list[str]) -> str:
        return "" if packs else "A table needs at least one card pack"

    def set_seats(self, seats: int) -> None:
        self.note = ""
        self.seats = seats
        self._keep_legal()

    def set_bots(self, bots: int) -> None:
        self.note = ""
        self.bots = max(0, min(bots, self.seats - 1))

    def set_bot_level(self, level: str) -> None:
        if level in BOT_LEVELS:
            self.bot_level = level

    def set_option(self, name: str, value: Any) -> None:
        """An explicit choice; Epic and the level-20 game are one option, so setting one frees the other."""
        self.note = ""
        self.explicit[name] = value
        partner = {"epic": "win_level", "win_level": "epic"}.get(name)
        if partner is not None:
            self.explicit.pop(partner, None)

    def _keep_legal(self) -> None:
        low, high = self.seat_range()
        if not low <= self.seats <= high:
            clamped = max(low, min(high, self.seats))
            if christmas_alone(self.packs):
                self.note = (
                    f"Christmas Lite alone seats {low}-{high} players: seats set to {clamped}. "
                    "Mix in another pack for 5-6."
                )
            self.seats = clamped
        self.bots = max(0, min(self.bots, self.seats - 1))

    # -- what follows ------------------------------------------------------------------------------------
    def seat_range(self) -> tuple[int, int]:
        if self.game == "munchkin" and christmas_alone(self.packs):
            return CHRISTMAS_ALONE
        return SEATS

    def seat_note(self) -> str:
        """Why the seats are limited, shown under the stepper while they are."""
        if self.game == "munchkin" and christmas_alone(self.packs):
            low, high = CHRISTMAS_ALONE
            return f"Christmas Lite alone seats {low}-{high}; mix in another pack for 5-6."
        return ""

    def defaults(self) -> Options:
        return Options.defaults_for(tuple(self.packs))

    def options(self) -> Options:
        """The options the table would play with."""
        return Options.from_wire(dict(self.explicit), self.defaults())

    def problem(self) -> str:
        """Why the host would refuse these choices, or "" (checked here so the button can say so first)."""
        if not self.packs:
            return "Choose at least one card pack"
        low, high = self.seat_range()
        if not low <= self.seats <= high:
            return self.seat_note() or f"A table has {low} to {high} seats"
        if self.game == "munchkin":
            try:
                self.options()
            except MalformedAction as exc:
                return str(exc)
        return ""

    def wire(self) -> dict[str, Any]:
        """The create_table fields: only the explicit options travel; the host applies the packs' defaults."""
        fields: dict[str, Any] = {
            "game": self.game,
            "seats": self.seats,
            "bots": self.bots,
            "bot_level": self.bot_level,
            "packs": list(self.packs),
        }
        if self.game == "munchkin" and self.explicit:
            fields["options"] = dict(self.explicit)
        return fields

    @classmethod
    def from_table(cls, table: dict[str, Any]) -> TableChoices:
        """The form filled from a table's detail, to edit it."""
        players = [p for p in table.get("players") or [] if isinstance(p, dict)]
        options = table.get("options")
        # A map of values, or (from a command line) a list of flags turned on
        explicit = (
            dict(options)
            if isinstance(options, dict)
            else dict.fromkeys(options, True)
            if isinstance(options, list)
            else {}
        )
        return cls(
            game=str(table.get("game") or "munchkin"),
            seats=int(table.get("seats") or len(players) or 4),
            bots=sum(1 for p in players if p.get("kind") == "bot"),
            packs=[str(p) for p in table.get("packs") or []],
            explicit=explicit,
            bot_level=str(table.get("bot_level") or "normal"),
        )


def table_summary(game: str, packs: list[str] | tuple[str, ...], options: Any) -> tuple[str, str]:
    """A compact line of the packs and the options in force (those not at their plain default), and the long
    text with every description, for a tooltip or an info panel."""
    titles = [pack_title(game, p) for p in packs] or [pack_title(game, p) for p in DEFAULT_PACKS.get(game, ())]
    if game != "munchkin":
        infos = {p.name: p for p in packs_for(game)}
        long = "\n".join(f"• {pack_title(game, p)}: {infos[p].description}" for p in packs if p in infos)
        return "Packs: " + ", ".join(titles), long or "The standard board and deck."
    try:
        chosen = Options.from_wire(options, Options.defaults_for(tuple(packs)))
    except MalformedAction:
        chosen = Options.defaults_for(tuple(packs))
    plain = Options()
    on = [
        f.name
        for f in dataclasses.fields(Options)
        if getattr(chosen, f.name) != getattr(plain, f.name) and not (f.name == "win_level" and chosen.epic)
    ]
    short = (
        "Packs: "
        + ", ".join(titles)
        + " · "
        + (", ".join(option_text(n, getattr(chosen, n)) for n in on) or "standard rules")
    )
    infos = {p.name: p for p in packs_for(game)}
    lines = [f"• {pack_title(game, p)}: {infos[p].description}" for p in packs if p in infos]
    described = {o.name: o.describe or o.name.replace("_", " ") for o in munchkin_options()}
    for name in on:
        value = getattr(chosen, name)
        if isinstance(value, bool):
            shown = ""
        else:
            shown = f": {fmt_reaction(value, packs) if name == 'reaction_time' else value}"
        lines.append(f"• {described[name]}{shown}")
    if not on:
        lines.append("• No table options: the standard rules.")
    return short, "\n".join(lines)
