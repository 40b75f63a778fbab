"""What this host offers its clients to choose, by name: boards and card packs.

The offer holds the boards and packs shipped with DoorKick and those the host's own user loaded with
`doorkick host --board FILE` / `--pack FILE`. A client names one; only the offer turns a name into something the
engine reads (a shipped name, or the host user's file path), so nothing a client sends reaches the file system.
A name the host does not offer is refused at `create_table` / `set_table`, naming what it offers.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from ..shared.rules.cards import PackError, load_packs
from .tables import ServerError

PACK_ID = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")  # what a table may name

MAX_FILE = 1 << 20  # a board or pack file is a few KiB; anything past this is not one
BOARD_GAME = "wonderland"  # the one game played on a board


class OfferError(ValueError):
    """A board or pack file the host's user gave that cannot be offered; the message says why."""


@dataclass(frozen=True)
class Offered:
    name: str
    game: str
    source: str  # what the engine loads: a shipped name, or the path of the host user's file


class Offer:
    """Boards and packs by name, each for one game."""

    def __init__(self, boards: Iterable[Offered] = (), packs: Iterable[Offered] = ()) -> None:
        self.boards = {b.name: b for b in boards}
        self.packs = {p.name: p for p in packs}

    @classmethod
    def load(cls, board_files: Iterable[Path] = (), pack_files: Iterable[Path] = ()) -> Offer:
        """The shipped boards and packs, and the host user's files (each read and checked now, at start)."""
        assets = resources.files("doorkick.assets")
        boards = [
            Offered(f.name[:-5], BOARD_GAME, f.name[:-5])
            for f in (assets / "boards").iterdir()
            if f.name.endswith(".toml")
        ]
        packs = []
        for f in (assets / "cards").iterdir():
            if f.name.endswith(".toml"):
                header = _pack_header(tomllib.loads(f.read_text("utf-8")), f.name)
                packs.append(Offered(f.name[:-5], header["game"], f.name[:-5]))
        offer = cls(boards, packs)
        for path in board_files:
            offer._add(offer.boards, _user_board(path), "board")
        for path in pack_files:
            offer._add(offer.packs, _user_pack(path), "card pack")
        return offer

    def _add(self, into: dict[str, Offered], item: Offered, what: str) -> None:
        if item.name in into:
            raise OfferError(f"{item.source}: a {what} named {item.name!r} is offered already; give it another id")
        into[item.name] = item

    # -- a client's choice --------------------------------------------------------------------------------
    def packs_for(self, game: str, wanted: Any) -> tuple[str, ...]:
        """The packs a client asked for, each one this host offers for the game; else `bad_packs`."""
        offered = sorted(n for n, p in self.packs.items() if p.game == game)
        names = ", ".join(offered) or "none"
        if not isinstance(wanted, list) or not all(isinstance(n, str) for n in wanted):
            raise ServerError("bad_packs", f"packs are a list of pack names; this host offers {names}")
        unknown = [n for n in wanted if n not in offered]
        if unknown:
            shown = ", ".join(repr(n[:40]) for n in unknown[:3])
            raise ServerError("bad_packs", f"no pack {shown} for {game} here; this host offers {names}")
        if len(set(wanted)) != len(wanted):
            raise ServerError("bad_packs", "each pack once")
        return tuple(wanted)

    def check_options(self, game: str, options: Any) -> None:
        """The board a client chose, if any, is one this host offers for the game; else `bad_options`."""
        if not isinstance(options, Mapping) or "board" not in options:
            return
        board = options["board"]
        offered = sorted(n for n, b in self.boards.items() if b.game == game)
        if not offered:
            raise ServerError("bad_options", f"{game} has no board to choose")
        if not isinstance(board, str) or board not in offered:
            shown = repr(board[:40]) if isinstance(board, str) else type(board).__name__
            raise ServerError("bad_options", f"no board {shown} here; this host offers {', '.join(offered)}")

    # -- for the engine -----------------------------------------------------------------------------------
    def engine_packs(self, packs: Iterable[str]) -> tuple[str, ...]:
        """What the engine loads for these offered pack names (a name no longer offered stays a bare name)."""
        return tuple(self.packs[n].source if n in self.packs else _bare(n) for n in packs)

    def engine_options(self, options: Any) -> Any:
        if not isinstance(options, Mapping) or not isinstance(options.get("board"), str):
            return options
        board = options["board"]
        source = self.boards[board].source if board in self.boards else _bare(board)
        return {**options, "board": source}

    def sources(self, packs: Iterable[str], options: Any) -> dict[str, str]:
        """The host user's files behind these names, for the record (so that a replay can find them)."""
        names = [*packs]
        if isinstance(options, Mapping) and isinstance(options.get("board"), str):
            names.append(options["board"])
        found = {**self.packs, **self.boards}
        return {n: found[n].source for n in names if n in found and found[n].source != n}


def _bare(name: str) -> str:
    """A name saved by an older host that this one does not offer: never a path, whatever it holds."""
    return name.replace("/", "_").replace("\\", "_").removesuffix(".toml") or "_"


def _read_user_file(path: Path, what: str) -> str:
    try:
        if not path.is_file():
            raise OfferError(f"{path}: not a {what} file")
        if path.stat().st_size > MAX_FILE:
            raise OfferError(f"{path}: over {MAX_FILE} bytes, not a {what}")
        return path.read_text("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise OfferError(f"{path}: cannot read the {what}: {exc}") from exc


def _user_board(path: Path) -> Offered:
    from ..shared.rules.wonderland.board import BoardError, parse_board

    text = _read_user_file(path, "board")
    try:
        board = parse_board(text, str(path))
    except BoardError as exc:
        raise OfferError(str(exc)) from exc
    return Offered(board.id, BOARD_GAME, str(path.resolve()))


def _user_pack(path: Path) -> Offered:
    text = _read_user_file(path, "card pack")
    try:
        header = _pack_header(tomllib.loads(text), str(path))
    except tomllib.TOMLDecodeError as exc:
        raise OfferError(f"{path}: not valid TOML: {exc}") from exc
    if not PACK_ID.fullmatch(header["id"]):
        raise OfferError(f"{path}, [pack]: id {header['id']!r} is not a name a table can choose (a-z, 0-9, - and _)")
    parser = card_parser(header["game"])
    if parser is not None:  # the whole pack, card by card: a broken one stops the host now, not a game later
        try:
            load_packs([str(path.resolve())], header["game"], parser)
        except PackError as exc:
            raise OfferError(str(exc)) from exc
    return Offered(header["id"], header["game"], str(path.resolve()))


def card_parser(game: str) -> Any:
    """The card reader of a game whose packs DoorKick reads (None for another game: its engine reads them)."""
    if game == "munchkin":
        from ..shared.rules.munchkin import cards as munchkin

        return munchkin.parse_card
    if game == "wonderland":
        from ..shared.rules.wonderland import cards as wonderland

        return wonderland.parse_card
    return None


def _pack_header(data: dict[str, Any], source: str) -> dict[str, str]:
    header = data.get("pack")
    if not isinstance(header, dict) or not all(isinstance(header.get(k), str) for k in ("id", "game")):
        raise OfferError(f"{source}: a card pack starts with [pack] holding id and game")
    return {"id": header["id"], "game": header["game"]}
