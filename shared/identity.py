"""What a host signs in `welcome` and how a client checks it: both sides build the same bytes here.

The signed message is a fixed label, the host id and the client's nonce, each ended by a NUL byte, so that no
other DoorKick signature (or a host id that ends in digits of a nonce) can be passed off as a welcome proof.
"""

from __future__ import annotations

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

LABEL = b"doorkick welcome v1"
KEY_HEX_LENGTH = 64  # an Ed25519 public key: 32 bytes
PROOF_HEX_LENGTH = 128  # an Ed25519 signature: 64 bytes


def welcome_message(server_id: str, nonce: str) -> bytes:
    return b"\0".join((LABEL, server_id.encode(), nonce.encode())) + b"\0"


def proof_holds(key_hex: str, proof_hex: str, server_id: str, nonce: str) -> bool:
    """True when `proof_hex` is the signature, by the key `key_hex`, of this host id and this nonce."""
    if len(key_hex) != KEY_HEX_LENGTH or len(proof_hex) != PROOF_HEX_LENGTH:
        return False
    try:
        key = Ed25519PublicKey.from_public_bytes(bytes.fromhex(key_hex))
        key.verify(bytes.fromhex(proof_hex), welcome_message(server_id, nonce))
    except (ValueError, InvalidSignature):
        return False
    return True


def fingerprint(key_hex: str) -> str:
    """A key as a person compares it: its first 16 hex digits in groups of four."""
    head = key_hex[:16]
    return " ".join(head[i : i + 4] for i in range(0, len(head), 4))
