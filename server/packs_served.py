"""The card packs a host hands to its clients, content-addressed, so that card data travels with the table.

Card ids travel on the wire; names, texts and pictures live in pack files. A client that lacks a table's pack
(one the host's own user loaded with `doorkick host --pack FILE`, or a shipped pack of another version) could
only show ids. So each table's detail lists its packs as `pack_files`: name, title, and the SHA-256 of the pack
file's bytes. A client asks for a pack it has not got by that hash (`get_pack`), and for the image files the
pack's cards name as `art` (`get_picture`, each by its own hash), checks every hash and caches the files.
Only files this host offers can be asked for, and only by hash: nothing a client sends names a path.
"""

from __future__ import annotations

import base64
import hashlib
import tomllib
import weakref
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path, PurePosixPath
from typing import Any, Protocol

from ..shared import protocol as p
from ..shared.rules.cards import IMAGE_SUFFIXES, PackError, picture_names
from .tables import Client, ServerError

MAX_PACK_BYTES = 512 * 1024  # a pack file served whole in one frame (the shipped core set is 50 KB)
MAX_PICTURE_BYTES = 256 * 1024  # one picture file, sent as base64 (a third more) within the 1 MiB frame
MAX_PICTURES = 256  # image files one pack may name
DOWNLOAD_LIMIT = 16 * 1024 * 1024  # bytes of packs and pictures one connection may fetch
DEFAULT_PACKS = {"munchkin": ("core",), "wonderland": ("wonderland",)}  # a table that names none plays these


class Offered(Protocol):
    """A pack a table may name: its name, its game, and what the engine loads (a shipped name or a path)."""

    @property
    def name(self) -> str: ...
    @property
    def game(self) -> str: ...
    @property
    def source(self) -> str: ...


@dataclass(frozen=True)
class Picture:
    path: str  # as the pack's cards name it (`art`), relative to the pack file
    sha256: str
    data: bytes


@dataclass(frozen=True)
class ServedPack:
    name: str
    game: str
    title: str
    description: str
    source: str
    sha256: str
    text: str
    pictures: tuple[Picture, ...]

    def offer(self) -> dict[str, Any]:
        return {"name": self.name, "title": self.title, "sha256": self.sha256, "size": len(self.text.encode())}


class ServedPacks:
    """Every pack this host offers, with its hash and its pictures; answers `get_pack` and `get_picture`."""

    def __init__(self, offered: Iterable[Offered]) -> None:
        self.by_name: dict[tuple[str, str], ServedPack] = {}
        self.by_hash: dict[str, ServedPack] = {}
        self.pictures: dict[str, Picture] = {}
        for item in offered:
            pack = _serve(item)
            self.by_name[(item.game, item.name)] = pack
            self.by_hash[pack.sha256] = pack
            self.pictures.update((picture.sha256, picture) for picture in pack.pictures)
        self._fetched: weakref.WeakKeyDictionary[Any, int] = weakref.WeakKeyDictionary()
        self.sent: Counter[str] = Counter()  # packs and pictures handed out (what a client's cache saves)

    def catalogue(self, games: Iterable[str]) -> list[dict[str, str]]:
        """`welcome.packs`: every pack a table of these games may name, so that a client's table form offers it."""
        playing = set(games)
        return [
            {"name": x.name, "game": x.game, "title": x.title, "description": x.description}
            for x in self.by_name.values()
            if x.game in playing
        ]

    def offer(self, game: str, names: Iterable[str]) -> list[dict[str, Any]]:
        """A table's `pack_files`: its packs (or its game's default ones) in the order the engine mixes them."""
        chosen = tuple(names) or DEFAULT_PACKS.get(game, ())
        return [self.by_name[(game, n)].offer() for n in chosen if (game, n) in self.by_name]

    def send_pack(self, client: Client, message: p.Message) -> None:
        pack = self.by_hash.get(message.get("sha256"))
        if pack is None:
            raise ServerError("no_such_pack", "this host offers no pack with that sha256")
        reply = p.message(
            p.PACK,
            message.id,
            sha256=pack.sha256,
            name=pack.name,
            text=pack.text,
            pictures=[{"path": x.path, "sha256": x.sha256, "size": len(x.data)} for x in pack.pictures],
        )
        self._send(client, "pack", p.encode(reply))

    def send_picture(self, client: Client, message: p.Message) -> None:
        picture = self.pictures.get(message.get("sha256"))
        if picture is None:
            raise ServerError("no_such_picture", "this host offers no picture with that sha256")
        data = base64.b64encode(picture.data).decode("ascii")
        self._send(client, "picture", p.encode(p.message(p.PICTURE, message.id, sha256=picture.sha256, data=data)))

    def _send(self, client: Client, kind: str, frame: bytes) -> None:
        fetched = self._fetched.get(client, 0) + len(frame)
        if fetched > DOWNLOAD_LIMIT:
            raise ServerError("too_many_downloads", f"a connection fetches at most {DOWNLOAD_LIMIT >> 20} MiB of packs")
        self._fetched[client] = fetched
        self.sent[kind] += 1
        client.send_frame(frame)


def _serve(item: Offered) -> ServedPack:
    path = _source_path(item.source)
    data = path.read_bytes()
    if len(data) > MAX_PACK_BYTES:
        raise PackError(f"{path}: {len(data)} bytes; a pack served to clients has at most {MAX_PACK_BYTES}")
    text = data.decode("utf-8")
    raw = tomllib.loads(text)
    header = raw.get("pack") or {}
    title = str(header.get("name") or item.name).removeprefix("DoorKick: ")
    return ServedPack(
        item.name,
        item.game,
        title,
        str(header.get("description", "")),
        item.source,
        hashlib.sha256(data).hexdigest(),
        text,
        _pictures(raw, path),
    )


def _pictures(raw: dict[str, Any], path: Path) -> tuple[Picture, ...]:
    """The image files a pack's cards name: read now, so that a client can ask for each by its hash."""
    named = sorted(
        {
            c["art"]
            for c in raw.get("cards") or []
            if isinstance(c, dict)
            and isinstance(c.get("art"), str)
            and c["art"] not in picture_names()
            and c["art"].lower().endswith(IMAGE_SUFFIXES)
        }
    )
    if len(named) > MAX_PICTURES:
        raise PackError(f"{path}: {len(named)} picture files; a pack served to clients names at most {MAX_PICTURES}")
    pictures = []
    for art in named:
        relative = PurePosixPath(art)
        if relative.is_absolute() or ".." in relative.parts or "\\" in art or ":" in art:
            raise PackError(f"{path}: art {art!r} must be a path inside the pack's folder to be served to clients")
        data = (path.parent / relative).read_bytes()
        if len(data) > MAX_PICTURE_BYTES:
            raise PackError(
                f"{path}: art {art!r} is {len(data)} bytes; a served picture has at most {MAX_PICTURE_BYTES}"
            )
        pictures.append(Picture(art, hashlib.sha256(data).hexdigest(), data))
    return tuple(pictures)


def _source_path(source: str) -> Path:
    if source.endswith(".toml") or "/" in source or "\\" in source:
        return Path(source)
    return Path(str(resources.files("doorkick.assets") / "cards" / f"{source}.toml"))
