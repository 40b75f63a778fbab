"""Which host is which: the key each host showed the first time (trust on first use), and the check of its proof.

Every `hello` carries a fresh random nonce; the host's `welcome` must carry its public key and its signature of
(host id, nonce). A host that cannot sign (one replaying a welcome it captured) or that shows another key under
a host id this user knows is refused before any seat token is sent: the token is what holds a seat and its hand.
Layout: `<user data dir>/doorkick/client/hosts.json` beside seats.json, one JSON map `{host id: {key, name,
first_seen}}`, replaced atomically, readable by its owner only. A host whose owner really made a new key is
forgotten by deleting its line (the refusal names the file).
"""

from __future__ import annotations

import json
import secrets
import threading
import time
from pathlib import Path
from typing import Any

from ..shared.identity import fingerprint, proof_holds
from ..shared.protocol import Message
from .seats import SeatStore, write_private_json
from .seats import default_path as seats_path

FILE = "hosts.json"


def new_nonce() -> str:
    """32 random bytes in hex: a host cannot have signed them before this hello."""
    return secrets.token_hex(32)


class Untrusted(Exception):
    """A host refused; the message says why in a player's words."""


class KnownHosts:
    """The keys of the hosts this user has met. Thread-safe: the network thread checks, a finder thread too."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or seats_path().with_name(FILE)
        self._lock = threading.Lock()

    @classmethod
    def beside(cls, seats: SeatStore) -> KnownHosts:
        return cls(seats.path.with_name(FILE))

    def key_of(self, host_id: str) -> str | None:
        with self._lock:
            entry = self._read().get(host_id)
        return str(entry["key"]) if isinstance(entry, dict) and isinstance(entry.get("key"), str) else None

    def remember(self, host_id: str, key: str, name: str) -> None:
        with self._lock:
            data = self._read()
            if host_id not in data:
                data[host_id] = {"key": key, "name": name, "first_seen": time.time()}
                self._write(data)

    def _read(self) -> dict[str, Any]:
        try:
            raw = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}
        except (OSError, ValueError):
            # A broken file must not turn every host into a stranger whose new key is then taken on trust.
            raise Untrusted(f"the file of known hosts ({self.path}) cannot be read; mend or delete it") from None
        return raw if isinstance(raw, dict) else {}

    def _write(self, data: dict[str, Any]) -> None:
        write_private_json(self.path, data)


def check_welcome(welcome: Message, nonce: str, known: KnownHosts | None, pinned: str | None = None) -> str:
    """The host's key once its welcome proves it holds the key this user knows for its id (or, met for the
    first time, any key it can prove); raises `Untrusted` otherwise. `pinned` is the key this connection saw
    before (a reconnect must meet the same host even without a file of known hosts)."""
    host_id, name = str(welcome.get("server")), str(welcome.get("name"))
    key, proof = welcome.get("key"), welcome.get("proof")
    if not isinstance(key, str) or not isinstance(proof, str):
        raise Untrusted(f"the host {name!r} does not prove who it is (an older or a fake host); not joining it")
    if not proof_holds(key, proof, host_id, nonce):
        raise Untrusted(f"the host {name!r} failed to prove it holds its key: it may be an impostor; not joining it")
    expected = pinned or (known.key_of(host_id) if known is not None else None)
    if expected is not None and expected != key:
        where = f"; if its owner made it a new key, forget it in {known.path}" if known is not None else ""
        raise Untrusted(
            f"the host {name!r} shows another key ({fingerprint(key)}, before {fingerprint(expected)}) and may be "
            f"an impostor: not joining it{where}"
        )
    if known is not None and expected is None:
        known.remember(host_id, key, name)
    return key
