"""The host's identity: an Ed25519 key pair kept in its data dir, and the signed proof in every `welcome`.

A client sends a fresh random nonce in `hello`; the host signs `welcome_message(server id, nonce)` with its
private key and sends the public key and the signature in `welcome`. A client that remembers this host's key
(trust on first use, client/trust.py) can then tell the real host from one that merely replays a captured
welcome: only the holder of the private key can sign a nonce it has never seen.
Layout: `<data_dir>/host_key.pem`, PKCS#8 PEM, readable by its owner only, made on first start.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from ..shared.identity import welcome_message

log = logging.getLogger(__name__)

KEY_FILE = "host_key.pem"


class HostKey:
    """The host's key pair: its public half in hex for the wire, and `prove` to sign a client's nonce."""

    def __init__(self, private: Ed25519PrivateKey) -> None:
        self._private = private
        raw = private.public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
        self.public_hex = raw.hex()

    @classmethod
    def load_or_create(cls, data_dir: Path) -> HostKey:
        """The key kept in `data_dir`, or a new one written there (a restarted host keeps its identity)."""
        path = data_dir / KEY_FILE
        try:
            pem = path.read_bytes()
        except FileNotFoundError:
            return cls._create(path)
        key = serialization.load_pem_private_key(pem, password=None)
        if not isinstance(key, Ed25519PrivateKey):
            raise ValueError(f"{path} does not hold an Ed25519 key")
        return cls(key)

    @classmethod
    def _create(cls, path: Path) -> HostKey:
        key = Ed25519PrivateKey.generate()
        pem = key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        )
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(path.name + ".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "wb") as f:
            f.write(pem)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)  # never a half-written key: a torn one would change the host's identity
        log.info("made a new host key in %s", path)
        return cls(key)

    def prove(self, server_id: str, nonce: str) -> str:
        """The signature (hex) of this host's id and the client's nonce."""
        return self._private.sign(welcome_message(server_id, nonce)).hex()
