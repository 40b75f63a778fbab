"""Card packs: read TOML files, check every field against a game's schema, give frozen card records.

A pack file has a `[pack]` table (`id`, `name`, `game`, optional `description`) and an array of `[[cards]]`.
A card may name its picture (`art`): one of the set in assets/art/icons, or an image file of the pack's own.
Each game supplies the function that turns one card table into its own frozen record; this module supplies
the strict field reader it uses, so every game reports a broken pack the same way: file, card id, what is wrong.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar


class PackError(ValueError):
    """A card pack that cannot be loaded; the message names the file, the card and the fault."""


class _Missing:
    pass


MISSING: Any = _Missing()
W = TypeVar("W", bound=str)  # a word of a Literal

# A card's own picture file, by a path relative to its pack file: the kinds of image the client can draw.
IMAGE_SUFFIXES = (".png", ".svg", ".jpg", ".jpeg", ".bmp", ".webp")


@cache
def picture_names() -> frozenset[str]:
    """The pictures of the set that any pack may name as a card's `art` (assets/art/icons/<name>.svg)."""
    folder = resources.files("doorkick.assets") / "art" / "icons"
    if not folder.is_dir():
        return frozenset()
    return frozenset(p.name.removesuffix(".svg") for p in folder.iterdir() if p.name.endswith(".svg"))


class Fields:
    """Typed reads from one TOML table; whatever is left unread at `finish()` is an unknown key."""

    def __init__(self, raw: Any, where: str, folder: Path | None = None) -> None:
        if not isinstance(raw, Mapping):
            raise PackError(f"{where}: expected a table, got {raw!r}")
        self.raw: Mapping[str, Any] = raw
        self.where = where
        self.folder = folder  # the pack file's folder: where a card's own picture file is looked for
        self._read: set[str] = set()

    def error(self, message: str) -> PackError:
        return PackError(f"{self.where}: {message}")

    def _get(self, key: str, default: Any) -> Any:
        self._read.add(key)
        if key in self.raw:
            return self.raw[key]
        if default is MISSING:
            raise self.error(f"missing required key {key!r}")
        return default

    def has(self, key: str) -> bool:
        return key in self.raw

    def text(self, key: str, default: Any = MISSING, choices: Iterable[str] | None = None) -> str:
        value = self._get(key, default)
        if not isinstance(value, str):
            raise self.error(f"{key} must be a string, got {value!r}")
        if choices is not None and value not in (allowed := tuple(choices)):
            raise self.error(f"{key} must be one of {', '.join(allowed)}; got {value!r}")
        return value

    def word(self, key: str, choices: tuple[W, ...], default: Any = MISSING) -> W:
        """One of `choices` (a Literal's words), typed as that Literal; the message is `text`'s."""
        return choices[choices.index(self.text(key, default, choices))]

    def integer(self, key: str, default: Any = MISSING, lo: int | None = None, hi: int | None = None) -> int:
        value = self._get(key, default)
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.error(f"{key} must be an integer, got {value!r}")
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            raise self.error(f"{key} must be within {lo}..{hi}, got {value}")
        return value

    def number(self, key: str, default: Any = MISSING, lo: float | None = None, hi: float | None = None) -> float:
        """An integer or a decimal (e.g. a normalised board coordinate), as a float."""
        value = self._get(key, default)
        if not isinstance(value, int | float) or isinstance(value, bool):
            raise self.error(f"{key} must be a number, got {value!r}")
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            raise self.error(f"{key} must be within {lo}..{hi}, got {value}")
        return float(value)

    def flag(self, key: str, default: bool = False) -> bool:
        value = self._get(key, default)
        if not isinstance(value, bool):
            raise self.error(f"{key} must be true or false, got {value!r}")
        return value

    def texts(self, key: str, choices: Iterable[str] | None = None) -> tuple[str, ...]:
        value = self._get(key, [])
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.error(f"{key} must be a list of strings, got {value!r}")
        if choices is not None:
            allowed = tuple(choices)
            for v in value:
                if v not in allowed:
                    raise self.error(f"{key}: {v!r} is not one of {', '.join(allowed)}")
        return tuple(value)

    def tables(self, key: str) -> list[Fields]:
        value = self._get(key, [])
        if isinstance(value, Mapping):
            value = [value]
        if not isinstance(value, list):
            raise self.error(f"{key} must be a list of tables, got {value!r}")
        return [Fields(v, f"{self.where}, {key}[{i}]", self.folder) for i, v in enumerate(value)]

    def art(self, key: str = "art") -> str:
        """A card's picture: a name from the set, or the full path of an image file named relative to the pack
        file; "" when the card names none (the client then shows its kind's picture)."""
        value = self.text(key, "")
        if not value or value in picture_names():
            return value
        if not value.lower().endswith(IMAGE_SUFFIXES):
            raise self.error(
                f"{key} {value!r} is not a picture of the set (assets/art/icons) nor an image file "
                f"({', '.join(IMAGE_SUFFIXES)})"
            )
        path = (self.folder or Path.cwd()) / value
        if not path.is_file():
            raise self.error(f"{key} file {value!r} not found (looked for {path})")
        return str(path)

    def finish(self) -> None:
        unknown = sorted(set(self.raw) - self._read)
        if unknown:
            raise self.error(f"unknown key(s) {', '.join(map(repr, unknown))}")


class CardRecord(Protocol):
    @property
    def id(self) -> str: ...


C = TypeVar("C", bound=CardRecord)
CardParser = Callable[[Fields], C]


@dataclass(frozen=True)
class Pack(Generic[C]):
    id: str
    name: str
    game: str
    description: str
    cards: tuple[C, ...]
    counts: tuple[int, ...]  # copies of each card in a deck, parallel to `cards`
    source: str


def builtin_pack_names(game: str | None = None) -> list[str]:
    folder = resources.files("doorkick.assets") / "cards"
    names = sorted(p.name.removesuffix(".toml") for p in folder.iterdir() if p.name.endswith(".toml"))
    if game is None:
        return names
    return [n for n in names if _pack_header(tomllib.loads((folder / f"{n}.toml").read_text("utf-8")))[2] == game]


def _pack_header(data: Mapping[str, Any]) -> tuple[str, str, str]:
    pack = data.get("pack", {})
    return str(pack.get("id", "")), str(pack.get("name", "")), str(pack.get("game", ""))


def _is_path(name_or_path: str) -> bool:
    return name_or_path.endswith(".toml") or "/" in name_or_path or "\\" in name_or_path


def pack_folder(name_or_path: str) -> Path:
    """The folder a pack file lives in, where its cards' own picture files are looked for."""
    if _is_path(name_or_path):
        return Path(name_or_path).parent
    return Path(str(resources.files("doorkick.assets") / "cards"))


def read_asset_text(folder: str, what: str, name_or_path: str, error: type[ValueError] = PackError) -> tuple[str, str]:
    """The TOML text of a built-in asset (by name, from `assets/<folder>/`) or a user's file (by path), and
    where it came from; `what` names it in the error ("card pack", "board")."""
    if _is_path(name_or_path):
        path = Path(name_or_path)
        try:
            return path.read_text("utf-8"), str(path)
        except OSError as exc:
            raise error(f"{path}: cannot read the {what}: {exc.strerror}") from exc
    resource = resources.files("doorkick.assets") / folder / f"{name_or_path}.toml"
    if not resource.is_file():
        raise error(f"no built-in {what} named {name_or_path!r}")
    return resource.read_text("utf-8"), f"{name_or_path}.toml"


def read_pack_text(name_or_path: str) -> tuple[str, str]:
    """The TOML text of a built-in pack (by name) or a user's pack (by path), and where it came from."""
    return read_asset_text("cards", "card pack", name_or_path)


def parse_pack(text: str, source: str, game: str, parse_card: CardParser[C], folder: Path | None = None) -> Pack[C]:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise PackError(f"{source}: not valid TOML: {exc}") from exc
    header = Fields(data.get("pack"), f"{source}, [pack]")
    pack_id = header.text("id")
    name = header.text("name")
    pack_game = header.text("game")
    description = header.text("description", "")
    header.finish()
    if pack_game != game:
        raise PackError(f"{source}: a {pack_game!r} pack cannot be used in a {game!r} game")
    unknown = sorted(set(data) - {"pack", "cards"})
    if unknown:
        raise PackError(f"{source}: unknown top-level table(s) {', '.join(unknown)}")
    raw_cards = data.get("cards", [])
    if not isinstance(raw_cards, list) or not raw_cards:
        raise PackError(f"{source}: a pack needs at least one [[cards]] entry")
    cards: list[C] = []
    counts: list[int] = []
    seen: set[str] = set()
    for i, raw in enumerate(raw_cards):
        label = raw.get("id", f"#{i + 1}") if isinstance(raw, Mapping) else f"#{i + 1}"
        fields = Fields(raw, f"{source}, card {label!r}", folder)
        counts.append(fields.integer("count", 1, 1, 20))
        card = parse_card(fields)
        fields.finish()
        if card.id in seen:
            raise PackError(f"{source}, card {card.id!r}: duplicate card id")
        seen.add(card.id)
        cards.append(card)
    return Pack(pack_id, name, game, description, tuple(cards), tuple(counts), source)


def load_packs(names: Iterable[str], game: str, parse_card: CardParser[C]) -> tuple[Pack[C], ...]:
    """Load several packs for one game (X01), refusing a card id that two packs both define."""
    packs: list[Pack[C]] = []
    owner: dict[str, str] = {}
    for name in names:
        text, source = read_pack_text(name)
        pack = parse_pack(text, source, game, parse_card, pack_folder(name))
        for card in pack.cards:
            if card.id in owner:
                raise PackError(f"{source}, card {card.id!r}: already defined by {owner[card.id]}")
            owner[card.id] = source
        packs.append(pack)
    if not packs:
        raise PackError("a game needs at least one card pack")
    return tuple(packs)
