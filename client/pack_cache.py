"""A table's card packs from its host: asked for by hash, checked, kept in the user's cache dir, loaded as usual.

A table's detail lists its packs (`pack_files`: name, title, sha256). A pack this client ships with the same
bytes is used as it is; any other (the host user's own, or a shipped pack of another version) is asked for with
`get_pack`, the picture files its cards name with `get_picture`, and every file is checked against its hash
before it is written. One request is out at a time (a host bounds what it queues for a client in bytes, and a
pack's pictures together can be megabytes). A pack is complete once its `pack.toml` is written, after its
pictures.
Layout: `<user cache dir>/doorkick/packs/<sha256>/pack.toml`, its pictures at the paths its cards name beside it.
The files are then loaded by the normal pack loader, which refuses a broken pack with its file, card and fault:
a bad pack from a host costs the card names, never the window.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import itertools
import os
import threading
from collections import deque
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path, PurePosixPath
from typing import Any

import platformdirs

from ..shared import protocol
from ..shared.protocol import Message
from ..shared.rules.cards import IMAGE_SUFFIXES

# The host's own limits (server/packs_served.py): a host that sends more is not believed.
MAX_PACK_BYTES = 512 * 1024
MAX_PICTURE_BYTES = 256 * 1024
MAX_PICTURES = 256
HEX = frozenset("0123456789abcdef")
REQUEST_ID = "pack-"  # the id of our requests: a host's refusal of one is ours to take, not the lobby's


def default_root() -> Path:
    return Path(platformdirs.user_cache_dir("doorkick", appauthor=False)) / "packs"


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@cache
def _shipped_hash(name: str) -> str | None:
    resource = resources.files("doorkick.assets") / "cards" / f"{name}.toml"
    return sha256(resource.read_bytes()) if resource.is_file() else None


def _is_hash(value: Any) -> bool:
    return isinstance(value, str) and len(value) == 64 and set(value) <= HEX


@dataclass
class _Fetching:
    """A pack whose text has arrived and checked out, waiting for its pictures."""

    text: bytes
    missing: dict[str, str] = field(default_factory=dict)  # sha256 -> the path it goes to


class PackCache:
    """The packs fetched from hosts, by hash. Thread-safe: the network thread fetches, the frame loop reads."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = root or default_root()
        self.problems: list[str] = []  # what a host sent that was refused (shown to the player, then cleared)
        self.asked = 0  # get_pack and get_picture requests sent (a second visit to a table should send none)
        self._asking: dict[str, _Fetching | None] = {}  # pack sha256 -> progress (None: asked, no answer yet)
        self.refused: set[str] = set()  # packs a host sent wrong: the table goes on without them
        self._queue: deque[tuple[str, str]] = deque()  # (request type, sha256) not sent yet
        self._out: tuple[str, str, str] | None = None  # the request in flight: its id, type and sha256
        self._ids = itertools.count(1)
        self._lock = threading.Lock()

    def folder(self, digest: str) -> Path:
        return self.root / digest

    def source(self, offer: Any) -> str | None:
        """What the pack loader reads for one offered pack: a shipped name, a cached file, or None (not here)."""
        if not isinstance(offer, dict) or not _is_hash(offer.get("sha256")):
            return None
        name, digest = str(offer.get("name", "")), offer["sha256"]
        if "/" not in name and "\\" not in name and _shipped_hash(name) == digest:
            return name
        path = self.folder(digest) / "pack.toml"
        try:
            return str(path) if sha256(path.read_bytes()) == digest else None  # a damaged cache is fetched again
        except OSError:
            return None

    def sources(self, offers: Any) -> tuple[str, ...] | None:
        """Every pack of a table for the loader, in order (less any the host sent wrong); None while any is still
        on its way."""
        if not isinstance(offers, list):
            return None
        kept = [o for o in offers if not (isinstance(o, dict) and o.get("sha256") in self.refused)]
        found = [self.source(offer) for offer in kept]
        return None if any(s is None for s in found) else tuple(s for s in found if s is not None)

    # -- the network thread ----------------------------------------------------------------------------
    def session_started(self) -> None:
        """A new connection: what was asked on the old one is asked again when the table's detail comes."""
        with self._lock:
            self._asking.clear()
            self._queue.clear()
            self._out = None

    def wanted(self, detail: Any) -> list[dict[str, Any]]:
        """The next request for the packs of a table detail that are neither shipped nor cached nor asked for."""
        if not isinstance(detail, dict) or not isinstance(detail.get("pack_files"), list):
            return []
        with self._lock:
            for offer in detail["pack_files"]:
                if self.source(offer) is None and isinstance(offer, dict) and _is_hash(offer.get("sha256")):
                    digest = offer["sha256"]
                    if digest not in self._asking and digest not in self.refused:
                        self._asking[digest] = None
                        self._queue.append((protocol.GET_PACK, digest))
            return self._next()

    @staticmethod
    def ours(item: Message) -> bool:
        """A message for the cache: an answer to one of its requests (or a refusal of one)."""
        return item.type in (protocol.PACK, protocol.PICTURE) or (
            item.type == protocol.ERROR and isinstance(item.id, str) and item.id.startswith(REQUEST_ID)
        )

    def absorb(self, item: Message) -> list[dict[str, Any]]:
        """Take the answer to the request in flight; the next request. True to the hashes, or dropped."""
        with self._lock:
            if self._out is None or item.id != self._out[0]:
                return []  # not asked for (or asked on another connection): a host cannot fill our cache unasked
            _, kind, digest = self._out
            self._out = None
            if item.type == protocol.ERROR:
                self._refuse(self._pack_of(kind, digest), f"the host would not hand out a pack: {item.get('message')}")
            elif item.type == protocol.PACK and kind == protocol.GET_PACK and item.get("sha256") == digest:
                self._pack(item)
            elif item.type == protocol.PICTURE and kind == protocol.GET_PICTURE and item.get("sha256") == digest:
                self._picture(item)
            else:
                self._refuse(self._pack_of(kind, digest), "the host answered another question than the one asked")
            return self._next()

    def _next(self) -> list[dict[str, Any]]:
        while self._out is None and self._queue:
            kind, digest = self._queue.popleft()
            if self._pack_of(kind, digest) in self.refused:
                continue
            self._out = (f"{REQUEST_ID}{next(self._ids)}", kind, digest)
            self.asked += 1
            return [protocol.message(kind, self._out[0], sha256=digest)]
        return []

    def _pack_of(self, kind: str, digest: str) -> str:
        """The pack a request is for (a picture's, found by its hash)."""
        if kind == protocol.GET_PACK:
            return digest
        return next((d for d, f in self._asking.items() if f is not None and digest in f.missing), digest)

    def _pack(self, item: Message) -> None:
        digest = item.get("sha256")
        text = item.get("text").encode("utf-8")
        if len(text) > MAX_PACK_BYTES or sha256(text) != digest:
            self._refuse(digest, f"the pack {item.get('name')!r} from the host does not match its hash")
            return
        fetching = _Fetching(text)
        pictures = item.get("pictures")
        if len(pictures) > MAX_PICTURES:
            self._refuse(digest, f"the pack {item.get('name')!r} names too many pictures")
            return
        for picture in pictures:
            where = _safe_path(picture.get("path")) if isinstance(picture, dict) else None
            if where is None or not _is_hash(picture.get("sha256")):
                self._refuse(digest, f"the pack {item.get('name')!r} names a picture outside its folder")
                return
            target = self.folder(digest) / where
            if not (target.is_file() and sha256(target.read_bytes()) == picture["sha256"]):
                fetching.missing[picture["sha256"]] = where
        self._asking[digest] = fetching
        if not fetching.missing:
            self._complete(digest, fetching)
        self._queue.extend((protocol.GET_PICTURE, wanted) for wanted in fetching.missing)

    def _picture(self, item: Message) -> None:
        wanted = item.get("sha256")
        for digest, fetching in list(self._asking.items()):
            if fetching is None or wanted not in fetching.missing:
                continue
            try:
                data = base64.b64decode(item.get("data"), validate=True)
            except (binascii.Error, ValueError):
                data = b""
            if len(data) > MAX_PICTURE_BYTES or sha256(data) != wanted:
                self._refuse(digest, "a picture from the host does not match its hash")
                return
            _write(self.folder(digest) / fetching.missing.pop(wanted), data)
            if not fetching.missing:
                self._complete(digest, fetching)

    def _complete(self, digest: str, fetching: _Fetching) -> None:
        _write(self.folder(digest) / "pack.toml", fetching.text)  # last: a pack.toml means every picture is here
        del self._asking[digest]

    def _refuse(self, digest: str, why: str) -> None:
        self._asking.pop(digest, None)
        self.refused.add(digest)
        self.problems.append(why)


def _safe_path(raw: Any) -> str | None:
    """A picture's path inside its pack's folder, or None: never absolute, never up and out, an image."""
    if not isinstance(raw, str) or not raw or any(c in raw for c in "\\:\0"):  # no Windows paths or drives
        return None
    path = PurePosixPath(raw)
    if path.is_absolute() or ".." in path.parts or path.name == "pack.toml":
        return None
    return str(path) if raw.lower().endswith(IMAGE_SUFFIXES) else None


def _write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f"{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)
