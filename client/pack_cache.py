"""A table's card packs from its host: asked for by hash, checked, kept in the user's cache dir, loaded as usual.

A table's detail lists its packs (`pack_files`: name, title, sha256). A pack this client ships with the same
bytes is used as it is; any other (the host user's own, or a shipped pack of another version) is asked for with
`get_pack`, the picture files its cards name with `get_picture`, and every file is checked against its hash
before it is written. A pack is complete once its `pack.toml` is written, after its pictures:
Layout: `<user cache dir>/doorkick/packs/<sha256>/pack.toml`, its pictures at the paths its cards name beside it.
The files are then loaded by the normal pack loader, which refuses a broken pack with its file, card and fault:
a bad pack from a host costs the card names, never the window.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import os
import threading
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
    def wanted(self, detail: Any) -> list[dict[str, Any]]:
        """The requests for the packs of a table detail that are neither shipped nor cached nor asked for."""
        if not isinstance(detail, dict) or not isinstance(detail.get("pack_files"), list):
            return []
        out = []
        with self._lock:
            for offer in detail["pack_files"]:
                if self.source(offer) is None and isinstance(offer, dict) and _is_hash(offer.get("sha256")):
                    digest = offer["sha256"]
                    if digest not in self._asking:
                        self._asking[digest] = None
                        out.append(self._ask(protocol.GET_PACK, digest))
        return out

    def absorb(self, item: Message) -> list[dict[str, Any]]:
        """Take a `pack` or `picture` answer; the further requests it calls for. True to the hashes or dropped."""
        with self._lock:
            if item.type == protocol.PACK:
                return self._pack(item)
            if item.type == protocol.PICTURE:
                return self._picture(item)
        return []

    def _ask(self, kind: str, digest: str) -> dict[str, Any]:
        self.asked += 1
        return protocol.message(kind, sha256=digest)

    def _pack(self, item: Message) -> list[dict[str, Any]]:
        digest = item.get("sha256")
        if digest not in self._asking or self._asking[digest] is not None:
            return []  # not asked for (or answered already): a host cannot fill our cache unasked
        text = item.get("text").encode("utf-8")
        if len(text) > MAX_PACK_BYTES or sha256(text) != digest:
            return self._refuse(digest, f"the pack {item.get('name')!r} from the host does not match its hash")
        fetching = _Fetching(text)
        pictures = item.get("pictures")
        if len(pictures) > MAX_PICTURES:
            return self._refuse(digest, f"the pack {item.get('name')!r} names too many pictures")
        for picture in pictures:
            where = _safe_path(picture.get("path")) if isinstance(picture, dict) else None
            if where is None or not _is_hash(picture.get("sha256")):
                return self._refuse(digest, f"the pack {item.get('name')!r} names a picture outside its folder")
            target = self.folder(digest) / where
            if not (target.is_file() and sha256(target.read_bytes()) == picture["sha256"]):
                fetching.missing[picture["sha256"]] = where
        self._asking[digest] = fetching
        if not fetching.missing:
            self._complete(digest, fetching)
            return []
        return [self._ask(protocol.GET_PICTURE, wanted) for wanted in fetching.missing]

    def _picture(self, item: Message) -> list[dict[str, Any]]:
        wanted = item.get("sha256")
        for digest, fetching in list(self._asking.items()):
            if fetching is None or wanted not in fetching.missing:
                continue
            try:
                data = base64.b64decode(item.get("data"), validate=True)
            except (binascii.Error, ValueError):
                data = b""
            if len(data) > MAX_PICTURE_BYTES or sha256(data) != wanted:
                return self._refuse(digest, "a picture from the host does not match its hash")
            _write(self.folder(digest) / fetching.missing.pop(wanted), data)
            if not fetching.missing:
                self._complete(digest, fetching)
        return []

    def _complete(self, digest: str, fetching: _Fetching) -> None:
        _write(self.folder(digest) / "pack.toml", fetching.text)  # last: a pack.toml means every picture is here
        del self._asking[digest]

    def _refuse(self, digest: str, why: str) -> list[dict[str, Any]]:
        self._asking.pop(digest, None)
        self.refused.add(digest)
        self.problems.append(why)
        return []


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
