"""What a host sends for the pack cache is checked before anything is written, and the file of known hosts
refuses rather than forgets: the pieces of card data and trust that need no socket to be tried."""

from __future__ import annotations

import base64
import hashlib
from pathlib import Path

import pytest

from doorkick.client.pack_cache import PackCache, _safe_path
from doorkick.client.trust import KnownHosts, Untrusted, check_welcome
from doorkick.server.identity import HostKey
from doorkick.shared.protocol import Message

TEXT = '[pack]\nid = "owls"\nname = "Owls"\ngame = "munchkin"\n'
PICTURE = b"not really a png, but hashed all the same"


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def offered(cache: PackCache) -> tuple[str, str]:
    """The pack offered by a table detail, and the id of the cache's request for it."""
    digest = sha(TEXT.encode())
    (request,) = cache.wanted({"table": "t", "pack_files": [{"name": "owls", "sha256": digest}]})
    assert request["type"] == "get_pack" and request["sha256"] == digest
    return digest, request["id"]


def pack(digest: str, id_: str, pictures: list[dict[str, object]], text: str = TEXT) -> Message:
    return Message("pack", {"sha256": digest, "name": "owls", "text": text, "pictures": pictures}, id_)


@pytest.mark.parametrize("path", ["../up.png", "/etc/x.png", "a\\b.png", "pack.toml", "x.exe", "C:owl.png", ""])
def test_a_picture_goes_nowhere_but_inside_its_packs_folder(path: str) -> None:
    assert _safe_path(path) is None


def test_a_picture_inside_the_folder_is_fine() -> None:
    assert _safe_path("art/owl.png") == "art/owl.png"


def test_nothing_unasked_nothing_mismatched_and_nothing_half_done_is_cached(tmp_path: Path) -> None:
    cache = PackCache(tmp_path)
    stray = sha(b"other")
    assert cache.absorb(pack(stray, "pack-1", [])) == [] and not any(tmp_path.iterdir()), "unasked: dropped"

    digest, asked = offered(cache)
    assert cache.absorb(pack(digest, "pack-99", [])) == [], "an answer to another request is not ours"
    cache.absorb(pack(digest, asked, [], text=TEXT + "# changed\n"))
    assert cache.problems and "does not match its hash" in cache.problems[-1]
    assert cache.sources([{"name": "owls", "sha256": digest}]) == (), "the table goes on without it"

    cache = PackCache(tmp_path / "again")
    digest, asked = offered(cache)
    picture = {"path": "art/owl.png", "sha256": sha(PICTURE), "size": len(PICTURE)}
    (request,) = cache.absorb(pack(digest, asked, [picture]))
    assert request["type"] == "get_picture" and request["sha256"] == sha(PICTURE)
    assert cache.source({"name": "owls", "sha256": digest}) is None, "no pack.toml before its pictures"
    wrong = base64.b64encode(b"something else").decode()
    cache.absorb(Message("picture", {"sha256": sha(PICTURE), "data": wrong}, request["id"]))
    assert "picture from the host does not match" in cache.problems[-1]
    assert not (cache.folder(digest) / "pack.toml").exists()


def test_one_request_is_out_at_a_time_and_a_refusal_moves_on(tmp_path: Path) -> None:
    cache = PackCache(tmp_path)
    first, second = sha(b"a"), sha(b"b")
    (request,) = cache.wanted({"pack_files": [{"name": "a", "sha256": first}, {"name": "b", "sha256": second}]})
    assert request["sha256"] == first, "the second waits for the first answer"
    (following,) = cache.absorb(Message("error", {"code": "no_such_pack", "message": "not here"}, request["id"]))
    assert following["sha256"] == second and "would not hand out" in cache.problems[-1]
    assert cache.refused == {first}


def test_a_pack_and_its_picture_are_cached_once_checked(tmp_path: Path) -> None:
    cache = PackCache(tmp_path)
    digest, asked = offered(cache)
    picture = {"path": "art/owl.png", "sha256": sha(PICTURE), "size": len(PICTURE)}
    (request,) = cache.absorb(pack(digest, asked, [picture]))
    cache.absorb(
        Message("picture", {"sha256": sha(PICTURE), "data": base64.b64encode(PICTURE).decode()}, request["id"])
    )
    folder = cache.folder(digest)
    assert (folder / "art" / "owl.png").read_bytes() == PICTURE
    assert cache.source({"name": "owls", "sha256": digest}) == str(folder / "pack.toml")
    (folder / "pack.toml").write_text(TEXT + "# tampered\n")
    assert cache.source({"name": "owls", "sha256": digest}) is None, "a damaged cache is fetched again"
    assert cache.asked == 2


def test_a_broken_file_of_known_hosts_refuses_rather_than_trusts_anew(tmp_path: Path) -> None:
    key = HostKey.load_or_create(tmp_path / "host")
    welcome = Message(
        "welcome", {"server": "h1", "name": "Basement", "key": key.public_hex, "proof": key.prove("h1", "n1")}
    )
    known = KnownHosts(tmp_path / "hosts.json")
    assert check_welcome(welcome, "n1", known) == key.public_hex and known.key_of("h1") == key.public_hex
    (tmp_path / "hosts.json").write_text("{ not json")
    with pytest.raises(Untrusted, match="cannot be read"):
        check_welcome(welcome, "n1", known)
    with pytest.raises(Untrusted, match="does not prove who it is"):
        check_welcome(Message("welcome", {"server": "h1", "name": "Basement"}), "n1", None)
