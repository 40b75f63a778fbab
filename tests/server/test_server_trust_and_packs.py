"""The wire side of host identity and served packs, as a client written from docs/protocol.md sees them."""

from __future__ import annotations

import asyncio
import base64
import hashlib
from pathlib import Path

from wire_client import WireClient, hosted

from doorkick.server.identity import KEY_FILE
from doorkick.server.packs_served import DOWNLOAD_LIMIT
from doorkick.shared.identity import proof_holds, welcome_message
from doorkick.shared.rules.registry import ruleset

PACK = """
[pack]
id = "owls"
name = "Owl Parliament"
game = "munchkin"

[[cards]]
id = "tax-owl"
kind = "monster"
name = "Tax Owl"
text = "Audits your hoard. Bad Stuff: lose 2 cards."
art = "art/owl.png"
level = 2
bad_stuff = ["lose_cards:2"]
"""
PICTURE = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 8  # served as bytes: the host does not draw it


def owls(folder: Path) -> Path:
    (folder / "art").mkdir(parents=True)
    (folder / "art" / "owl.png").write_bytes(PICTURE)
    (folder / "owls.toml").write_text(PACK, encoding="utf-8")
    return folder / "owls.toml"


def test_the_welcome_signs_the_nonce_with_the_key_kept_in_the_data_dir(tmp_path: Path) -> None:
    async def scenario() -> str:
        async with hosted(tmp_path) as server:
            client = await WireClient(server.port).open()
            welcome = await client.request("hello", protocol=1, app="test", name="Alice", nonce="c0ffee" * 8)
            key, proof = welcome.get("key"), welcome.get("proof")
            assert proof_holds(key, proof, server.server_id, "c0ffee" * 8)
            assert not proof_holds(key, proof, server.server_id, "c0ffee" * 7), "a proof is for one nonce"
            assert not proof_holds(key, proof, "another-host", "c0ffee" * 8), "and for one host id"
            assert welcome_message(server.server_id, "ab").endswith(b"\0ab\0")
            assert "signed_welcome" in welcome.get("features") and "packs" in welcome.get("features")
            bob = WireClient(server.port)
            plain = await bob.connect("Bob")  # a hello without a nonce: the key, no proof
            assert plain.get("key") == key and plain.get("proof") is None
            await client.close()
            await bob.close()
            return str(key)

    first = asyncio.run(scenario())
    assert (tmp_path / KEY_FILE).is_file()
    assert asyncio.run(scenario()) == first, "a restart keeps the key"


def test_a_tables_packs_are_served_by_hash_and_nothing_else_is(tmp_path: Path) -> None:
    path = owls(tmp_path / "mine")

    async def scenario() -> None:
        async with hosted(tmp_path / "data", rulesets=ruleset, games=["munchkin"], packs=(path,)) as server:
            alice = WireClient(server.port)
            await alice.connect("Alice")
            assert (
                await alice.request("create_table", game="munchkin", seats=3, bots=2, packs=["core", "owls"])
            ).type == "seated"
            detail = (await alice.expect("table")).get("table")
            files = detail["pack_files"]
            assert [f["name"] for f in files] == ["core", "owls"]
            default = server.lobby.served.offer("wonderland", ())  # a table that names none: its game's own
            assert [f["name"] for f in default] == ["wonderland"]
            assert files[1]["sha256"] == hashlib.sha256(path.read_bytes()).hexdigest()
            assert files[1]["title"] == "Owl Parliament" and files[1]["size"] == len(path.read_bytes())

            pack = await alice.request("get_pack", sha256=files[1]["sha256"])
            assert pack.type == "pack" and hashlib.sha256(pack.get("text").encode()).hexdigest() == files[1]["sha256"]
            (picture,) = pack.get("pictures")
            assert picture == {
                "path": "art/owl.png",
                "sha256": hashlib.sha256(PICTURE).hexdigest(),
                "size": len(PICTURE),
            }
            image = await alice.request("get_picture", sha256=picture["sha256"])
            assert base64.b64decode(image.get("data")) == PICTURE

            for kind, code in (("get_pack", "no_such_pack"), ("get_picture", "no_such_picture")):
                refused = await alice.request(kind, sha256="0" * 64)
                assert refused.type == "error" and refused.get("code") == code
            too_long = await alice.request("get_pack", sha256="../../etc/passwd" * 5)
            assert too_long.get("code") == "bad_field"
            await alice.close()

    asyncio.run(scenario())


def test_a_connection_fetches_a_bounded_amount(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path, rulesets=ruleset, games=["munchkin"]) as server:
            client = WireClient(server.port)
            await client.connect("Greedy")
            core = server.lobby.served.by_name[("munchkin", "core")]
            served = 0
            while True:
                answer = await client.request("get_pack", sha256=core.sha256)
                if answer.type == "error":
                    break
                served += 1
            assert answer.get("code") == "too_many_downloads" and "16 MiB" in answer.get("message")
            assert served * len(core.text) <= DOWNLOAD_LIMIT < (served + 2) * (len(core.text) + 200)
            await client.close()

    asyncio.run(scenario())


def test_doorkick_host_names_the_fault_of_a_broken_pack_of_its_user_and_exits_2(tmp_path: Path) -> None:
    import subprocess
    import sys

    path = owls(tmp_path / "mine")
    path.write_text(PACK.replace("level = 2", "level = 31"), encoding="utf-8")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "doorkick.client.main",
            "host",
            "--pack",
            str(path),
            "--port",
            "0",
            "--no-discovery",
            "--data-dir",
            str(tmp_path / "data"),
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert "card 'tax-owl': level must be within 1..30, got 31" in done.stderr
