"""The Wonderland board as data: load and validate a board TOML file, then answer graph questions about it.

A board file has a `[board]` table (`id`, `name`, optional `description`), `[[spaces]]` (each with an `id`,
a `kind`, drawing coordinates `x`/`y` in 0..1, and `room` for Rooms and monster spaces), `[[rooms]]` (numbers
1-6 with their monster's name, base power, treasure count, draw rule and optional picture) and `links`,
a list of `[a, b]` pairs. The format is documented in docs/wonderland.md.
"""

from __future__ import annotations

import tomllib
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from ..cards import Fields, PackError, read_asset_text

# What landing on a space does (W08-W12); "room" and "entrance" also stop a move early (W07).
SPACE_KINDS = ("plain", "roll_again", "treasure", "monster", "entrance", "room")
# How a Room's monster gets its bonus (W13): one card, a card and a die, or two cards.
ROOM_RULES = ("card", "card_and_die", "two_cards")
ROOM_NUMBERS = (1, 2, 3, 4, 5, 6)
DEFAULT_BOARD = "wonderland"


class BoardError(ValueError):
    """A board file that cannot be used; the message names the file, the entry and the fault."""


@dataclass(frozen=True, slots=True)
class Space:
    id: str
    kind: str
    x: float
    y: float
    room: int = 0  # the Room number of a room space, or the Room a monster space sends you to
    label: str = ""


@dataclass(frozen=True, slots=True)
class Room:
    number: int
    monster: str
    power: int
    treasures: int
    rule: str
    text: str = ""
    art: str = ""  # the monster's picture, as a card's `art` (docs/card-packs.md); "" for the Room's own


@dataclass(frozen=True, eq=False)
class Board:
    """A loaded board; compared and hashed by identity, as each file is loaded once."""

    id: str
    name: str
    description: str
    spaces: Mapping[str, Space]
    rooms: Mapping[int, Room]
    links: tuple[tuple[str, str], ...]
    entrance: str
    room_space: Mapping[int, str]  # Room number -> the id of its space
    neighbours: Mapping[str, tuple[str, ...]]
    source: str
    # Answers worked out once per board: the board never changes after loading.
    _distances: dict[str, dict[str, int]] = field(default_factory=dict, repr=False)
    _paths: dict[tuple[str, int], tuple[tuple[str, ...], ...]] = field(default_factory=dict, repr=False)

    def stops_movement(self, space_id: str) -> bool:
        """W07: entering the Entrance or a Room ends a move at once."""
        return self.spaces[space_id].kind in ("entrance", "room")

    def distances_from(self, start: str) -> dict[str, int]:
        """Steps along the board graph from `start` to every space (breadth first, cached)."""
        known = self._distances.get(start)
        if known is not None:
            return known
        out = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for there in self.neighbours[here]:
                if there not in out:
                    out[there] = out[here] + 1
                    queue.append(there)
        self._distances[start] = out
        return out

    def distance(self, a: str, b: str) -> int:
        return self.distances_from(a)[b]

    def paths(self, start: str, steps: int) -> tuple[tuple[str, ...], ...]:
        """Every way to move `steps` spaces from `start` (W07), cached: each path lists the spaces entered.

        A path never enters a space twice; it may end early on entering the Entrance or a Room, or where it
        cannot go on (a dead end or a loop closing), so a move is always possible on a connected board.
        """
        return _paths(self, start, steps)

    def paths_away(self, room: str, start: str, steps: int) -> tuple[tuple[str, ...], ...]:
        """The moves of a run away from `room` (W15, R21): every step ends farther from the Room (by path
        distance) than the step before, so a loop never leads the runner back towards it. A run ends early,
        like any move, on entering the Entrance or a Room, and where no space farther on is next."""
        return _runs(self, self.distances_from(room), start, steps)


def _paths(board: Board, start: str, steps: int) -> tuple[tuple[str, ...], ...]:
    key = (start, steps)
    cached = board._paths.get(key)
    if cached is not None:
        return cached
    found: list[tuple[str, ...]] = []

    def walk(here: str, path: tuple[str, ...], seen: frozenset[str]) -> None:
        if len(path) == steps or (path and board.stops_movement(here)):
            found.append(path)
            return
        onward = [n for n in board.neighbours[here] if n not in seen]
        if not onward:
            if path:
                found.append(path)
            return
        for there in onward:
            walk(there, (*path, there), seen | {there})

    walk(start, (), frozenset({start}))
    result = tuple(found)
    board._paths[key] = result
    return result


def _runs(board: Board, away: Mapping[str, int], start: str, steps: int) -> tuple[tuple[str, ...], ...]:
    found: list[tuple[str, ...]] = []

    def walk(here: str, path: tuple[str, ...]) -> None:
        if len(path) == steps or (path and board.stops_movement(here)):
            found.append(path)
            return
        onward = [n for n in board.neighbours[here] if away[n] > away[here]]
        if not onward:
            if path:
                found.append(path)
            return
        for there in onward:  # each step farther than the last: no space can come twice
            walk(there, (*path, there))

    walk(start, ())
    return tuple(found)


def parse_board(text: str, source: str) -> Board:
    """Read and check a board file; any fault raises `BoardError` naming the file and the entry."""
    try:
        return _parse_board(text, source)
    except PackError as exc:
        raise BoardError(str(exc)) from exc


def _parse_board(text: str, source: str) -> Board:
    try:
        data: dict[str, Any] = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise BoardError(f"{source}: not valid TOML: {exc}") from exc
    unknown = sorted(set(data) - {"board", "spaces", "rooms", "links"})
    if unknown:
        raise BoardError(f"{source}: unknown top-level key(s) {', '.join(unknown)}")
    header = Fields(data.get("board"), f"{source}, [board]")
    board_id = header.text("id")
    name = header.text("name")
    description = header.text("description", "")
    header.finish()

    top = Fields(data, source)
    spaces: dict[str, Space] = {}
    for f in top.tables("spaces"):
        space_id = f.text("id")
        where = f"{source}, space {space_id!r}"
        f.where = where
        if not space_id or not all(c.isalnum() or c in "-_" for c in space_id):
            raise BoardError(f"{where}: id must be letters, digits, '-' or '_'")
        if space_id in spaces:
            raise BoardError(f"{where}: duplicate space id")
        kind = f.text("kind", choices=SPACE_KINDS)
        x, y = f.number("x", lo=0.0, hi=1.0), f.number("y", lo=0.0, hi=1.0)
        room = 0
        if kind in ("room", "monster"):
            room = f.integer("room")
            if room not in ROOM_NUMBERS:
                raise BoardError(f"{where}: room number must be 1-6, got {room}")
        spaces[space_id] = Space(space_id, kind, x, y, room, f.text("label", ""))
        f.finish()
    if not spaces:
        raise BoardError(f"{source}: a board needs [[spaces]]")

    rooms: dict[int, Room] = {}
    for f in top.tables("rooms"):
        number = f.integer("number")
        where = f"{source}, room {number}"
        f.where = where
        if number not in ROOM_NUMBERS:
            raise BoardError(f"{where}: room number must be 1-6")
        if number in rooms:
            raise BoardError(f"{where}: duplicate room number")
        rooms[number] = Room(
            number,
            f.text("monster"),
            f.integer("power", number, 0, 20),
            f.integer("treasures", 1, 1, 5),
            f.text("rule", "card", ROOM_RULES),
            f.text("text", ""),
            f.text("art", ""),
        )
        f.finish()
    missing = [n for n in ROOM_NUMBERS if n not in rooms]
    if missing:
        raise BoardError(f"{source}: rooms {', '.join(map(str, missing))} are missing from [[rooms]]")

    entrances = [s.id for s in spaces.values() if s.kind == "entrance"]
    if len(entrances) != 1:
        raise BoardError(f"{source}: a board needs exactly one entrance space, found {len(entrances)}")
    room_space: dict[int, str] = {}
    for s in spaces.values():
        if s.kind == "room":
            if s.room in room_space:
                raise BoardError(f"{source}, space {s.id!r}: room {s.room} already has space {room_space[s.room]!r}")
            room_space[s.room] = s.id
    without = [n for n in ROOM_NUMBERS if n not in room_space]
    if without:
        raise BoardError(f"{source}: no room space for room(s) {', '.join(map(str, without))}")

    links = _read_links(data.get("links"), source, spaces)
    neighbours: dict[str, list[str]] = {s: [] for s in spaces}
    for a, b in links:
        neighbours[a].append(b)
        neighbours[b].append(a)
    board = Board(
        board_id,
        name,
        description,
        spaces,
        rooms,
        links,
        entrances[0],
        room_space,
        {s: tuple(n) for s, n in neighbours.items()},
        source,
    )
    reached = board.distances_from(board.entrance)
    cut_off = sorted(set(spaces) - set(reached))
    if cut_off:
        names = ", ".join(map(repr, cut_off))
        raise BoardError(f"{source}: space(s) {names} cannot be reached from the entrance")
    return board


def _read_links(raw: Any, source: str, spaces: Mapping[str, Space]) -> tuple[tuple[str, str], ...]:
    if not isinstance(raw, list) or not raw:
        raise BoardError(f"{source}: links must be a non-empty list of [a, b] pairs")
    seen: set[frozenset[str]] = set()
    out: list[tuple[str, str]] = []
    for i, pair in enumerate(raw):
        where = f"{source}, links[{i}]"
        if not isinstance(pair, list) or len(pair) != 2 or not all(isinstance(p, str) for p in pair):
            raise BoardError(f"{where}: a link is a pair of space ids, got {pair!r}")
        a, b = pair
        for end in (a, b):
            if end not in spaces:
                raise BoardError(f"{where}: link to unknown space {end!r}")
        if a == b:
            raise BoardError(f"{where}: a space cannot link to itself ({a!r})")
        key = frozenset((a, b))
        if key in seen:
            raise BoardError(f"{where}: duplicate link {a!r} - {b!r}")
        seen.add(key)
        out.append((a, b))
    return tuple(out)


def read_board_text(name_or_path: str) -> tuple[str, str]:
    """The TOML text of a built-in board (by name) or of a board file (by path), and where it came from."""
    return read_asset_text("boards", "board", name_or_path, BoardError)


@cache
def load_board(name_or_path: str = DEFAULT_BOARD) -> Board:
    """Load (once per process) a built-in board or a board file; a broken board raises `BoardError`."""
    text, source = read_board_text(name_or_path)
    return parse_board(text, source)
