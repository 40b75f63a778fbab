"""Fair dice over real sockets on 127.0.0.1: the seed made by everyone at the table, revealed at the end and
checked by every viewer with its own engine; a cheating host caught at the exact action; `doorkick verify` on
a saved game, fair and tampered."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import msgpack
import pytest
from wire_client import WireClient, hosted, hosted_table, table_of

from doorkick.client.main import main
from doorkick.client.verify import Witness
from doorkick.server import actionlog, fairness
from doorkick.shared import fairness as f
from doorkick.shared import protocol as p
from doorkick.shared.rules.registry import ruleset

GAME_TIMEOUT = 240.0  # a whole game of bots on a busy 2-core machine; the outcome is asserted, never the time


async def until(client: WireClient, kind: str, timeout: float = GAME_TIMEOUT) -> p.Message:
    return await client.wait_for(lambda m: m.type == kind, timeout)


def witness_of(
    client: WireClient, game: str, reveal: p.Message, commitment: str | None, contribution: str | None
) -> f.Verdict:
    """What DoorKick's client does with a reveal: hold it against everything this connection saw."""
    witness = Witness(game, client.seat)
    for message in client.seen:
        witness.absorb(message)
    witness.note_state(client.state)
    witness.check(reveal, (), commitment, contribution)
    witness.join(GAME_TIMEOUT)
    assert witness.verdict is not None
    return witness.verdict


async def a_whole_game(port: int, game: str) -> dict[str, Any]:
    """Alice starts a table of bots, contributes, leaves her seat to a stand-in and comes back after the end;
    a spectator follows every action. Returns what each saw and was revealed."""
    (alice,) = await table_of(port, ["Alice"], seats=3, bots=2, game=game)
    watcher = WireClient(port)
    await watcher.connect("Watcher")
    assert (await watcher.request("watch", table=alice.table)).type == "watching"
    assert (await alice.request("start")).type == "ok"
    commit = await until(alice, p.COMMIT)
    assert commit.get("seats") == [0] and len(commit.get("commitment")) == 64
    await until(alice, p.SNAPSHOT)
    assert (await alice.request("leave")).type == "left"  # a bot plays her seat: a whole game of bots
    reveal = await until(watcher, p.REVEAL)
    assert watcher.finished()
    back = WireClient(port)
    back.seen = list(alice.seen)
    await back.connect("Alice")
    assert (await back.request("resume", table=alice.table, token=alice.token)).type == "seated"
    back_reveal = await until(back, p.REVEAL)
    return {
        "alice": back,
        "watcher": watcher,
        "reveal": reveal,
        "back_reveal": back_reveal,
        "commitment": commit.get("commitment"),
        "contribution": alice.contribution,
    }


@pytest.mark.parametrize("game", ["munchkin", "wonderland"])
def test_every_viewer_verifies_a_whole_game_made_from_everyones_dice(game: str, tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path, rulesets=ruleset, games=[game], contribution_timeout=10.0) as server:
            seen = await a_whole_game(server.port, game)
        reveal = seen["reveal"]
        assert reveal.get("verifiable") and f.commitment(reveal.get("secret")) == seen["commitment"]
        by = {c["seat"]: (c["by"], c["contribution"]) for c in reveal.get("contributions")}
        assert by == {0: (f.PLAYER, seen["contribution"]), 1: (f.HOST, None), 2: (f.HOST, None)}
        watched = witness_of(seen["watcher"], game, reveal, seen["commitment"], None)
        assert watched.fair is True and watched.headline == f.FAIR, watched
        assert len(reveal.get("actions")) == seen["watcher"].seq > 20  # every action, each checksum compared
        mine = witness_of(seen["alice"], game, seen["back_reveal"], seen["commitment"], seen["contribution"])
        assert mine.fair is True and not any("not counted" in d for d in mine.details), mine

    asyncio.run(scenario())


def another_legal_action(game: str, reveal: p.Message, near: int) -> tuple[int, dict[str, Any]]:
    """The first action from `near` on (or before it) that had another legal choice for its seat, one that shows
    on the table (a changed die, a card played instead of a pass): its number and that other choice."""
    engine = ruleset(game)
    parsed = f.Reveal.from_wire(reveal.fields)
    actions = reveal.get("actions")
    states = [engine.new_game(parsed.players, parsed.seed, (), None)]
    for wire in actions:
        states.append(engine.apply(states[-1], engine.action_from_wire(wire))[0])
    for n in [*range(near, len(actions) + 1), *range(near - 1, 0, -1)]:
        state, played = states[n - 1], engine.action_from_wire(actions[n - 1])

        def shown(action: Any, state: Any = state) -> int:
            return p.checksum(f.view_state(engine, engine.apply(state, action)[0], None))

        for other in engine.legal_actions(state, played.seat):
            if other != played and shown(other) != shown(played):
                return n, other.to_wire()
    raise AssertionError("no action had an alternative")


def test_a_cheating_host_is_caught_where_it_cheats(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = "munchkin"
    honest_record = fairness.SeedRound.record

    def loaded_dice(self: fairness.SeedRound) -> tuple[int, dict[str, Any]]:
        seed, record = honest_record(self)
        return seed ^ 1, record  # deals from a seed of its own, reveals the honest round

    async def a_game(folder: str) -> dict[str, Any]:
        async with hosted(tmp_path / folder, rulesets=ruleset, games=[game], contribution_timeout=10.0) as server:
            return await a_whole_game(server.port, game)

    # The witness replays whole games: the checks run between the hosts' loops, not as callbacks of one.
    honest = asyncio.run(a_game("honest"))
    watcher, reveal, commitment = honest["watcher"], honest["reveal"], honest["commitment"]

    swapped = p.Message(p.REVEAL, {**reveal.fields, "secret": random.randbytes(32).hex()})
    verdict = witness_of(watcher, game, swapped, commitment, None)
    assert verdict.fair is False and "commitment" in verdict.headline and verdict.differs_at == 0

    n, other = another_legal_action(game, reveal, len(reveal.get("actions")) // 2)
    actions = list(reveal.get("actions"))
    actions[n - 1] = other
    altered = p.Message(p.REVEAL, {**reveal.fields, "actions": actions})
    verdict = witness_of(watcher, game, altered, commitment, None)
    assert verdict.fair is False and verdict.differs_at == n, verdict
    assert f"differs at action {n}" in verdict.headline
    said = verdict.details[-1]  # in the players' words: whose action, never its wire form
    assert said.startswith(f"action {n}, ") and "'s " in said and "{" not in said and "seat" not in said, said

    monkeypatch.setattr(fairness.SeedRound, "record", loaded_dice)
    loaded = asyncio.run(a_game("loaded"))
    verdict = witness_of(loaded["watcher"], game, loaded["reveal"], loaded["commitment"], None)
    assert verdict.fair is False and verdict.differs_at == 0, verdict
    assert "seed is not the one the contributions make" in verdict.headline
    # a sneakier host names the seed it should have used: the deal the viewer was shown gives it away
    parsed = f.Reveal.from_wire(loaded["reveal"].fields)
    claimed = p.Message(
        p.REVEAL, {**loaded["reveal"].fields, "seed": f.derive_seed(parsed.secret, parsed.contributions)}
    )
    verdict = witness_of(loaded["alice"], game, claimed, loaded["commitment"], loaded["contribution"])
    assert verdict.fair is False and verdict.differs_at == 0 and "deal" in verdict.headline, verdict
    # a spectator's deal shows no hand, so the same deal looks alike from any seed: the first card played
    # from a hand (or the first door kicked open) that seed would not have dealt gives it away
    verdict = witness_of(loaded["watcher"], game, claimed, loaded["commitment"], None)
    assert verdict.fair is False and verdict.differs_at is not None, verdict


def test_a_late_player_is_dealt_without_and_told_so(tmp_path: Path) -> None:
    async def scenario() -> None:
        # Long enough for Alice's prompt answer on a busy machine (Bob's never comes: the deal waits this long).
        async with hosted(tmp_path, rulesets=ruleset, games=["munchkin"], contribution_timeout=2.0) as server:
            alice, bob = await table_of(server.port, ["Alice", "Bob"], seats=2, game="munchkin")
            bob.contribution = None  # Bob's client answers too late
            assert (await bob.request("ready", ready=True)).type == "ok"
            assert (await alice.request("start")).type == "ok"
            commit = await until(bob, p.COMMIT)
            await until(bob, p.SNAPSHOT)
            told = await bob.wait_for(lambda m: m.type == p.CHAT and m.get("seat") is None)
            assert told.get("text").startswith("Dealt without the dice of Bob")
            late = random.randbytes(32).hex()
            bob.send(p.CONTRIBUTE, 99, contribution=late)  # after the deal: ignored, no reply
            table = hosted_table(server, alice)
            assert table.fairness is not None
            by = {c["seat"]: c["by"] for c in table.fairness["contributions"]}
            assert by == {0: f.PLAYER, 1: f.MISSING}
            revealed = p.Message(p.REVEAL, fairness.reveal_message(table, []))
            verdict = witness_of(bob, "munchkin", revealed, commit.get("commitment"), late)
            assert any("not counted" in d for d in verdict.details), verdict
            assert verdict.fair is True and verdict.headline.endswith("your dice were not counted"), verdict
            await bob.drain(0.1)
            assert not [m for m in bob.inbox if m.id == 99]

    asyncio.run(scenario())


def test_contributions_are_checked(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path, contribution_timeout=60.0) as server:  # the deal comes once both answered
            alice, bob = await table_of(server.port, ["Alice", "Bob"], seats=2)
            refused = await alice.request("contribute", contribution="ab")
            assert refused.get("code") == "no_seed_round"
            alice.contribution = bob.contribution = None
            assert (await bob.request("ready", ready=True)).type == "ok"
            alice.send(p.START, 50)
            await until(alice, p.COMMIT)
            for bad in ("ABCD", "abc", "zz", "a" * 130):
                assert (await alice.request("contribute", contribution=bad)).get("code") in (
                    "bad_contribution",
                    "bad_field",
                )
            assert (await alice.request("start")).get("code") == "already_started"
            assert (await alice.request("set_table", seats=3)).get("code") == "already_started"
            assert (await alice.request("contribute", contribution="00ff")).type == "ok"
            again = await alice.request("contribute", contribution="00ff")
            assert again.get("code") == "already_contributed"
            await until(bob, p.COMMIT)
            assert (await bob.request("contribute", contribution="1234")).type == "ok"
            assert (await alice.wait_for(lambda m: m.id == 50)).type == "ok"  # the deal, as soon as both answered
            table = hosted_table(server, alice)
            assert table.fairness is not None and table.seed == f.derive_seed(
                table.fairness["secret"], [f.Contribution.from_wire(c) for c in table.fairness["contributions"]]
            )
            # hidden until the end: nothing sent so far holds the secret, nor the seed it makes
            await alice.drain(0.05)
            sent = bytes(alice.raw + bob.raw)
            assert table.fairness["secret"].encode() not in sent
            assert msgpack.packb(table.seed) not in sent and str(table.seed).encode() not in sent

    asyncio.run(scenario())


def test_a_table_with_a_fixed_seed_says_it_cannot_be_checked(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with hosted(tmp_path, seed=7) as server:
            alice, bob = await table_of(server.port, ["Alice", "Bob"], seats=2)
            assert (await bob.request("ready", ready=True)).type == "ok"
            assert (await alice.request("start")).type == "ok"
            assert not [m for m in alice.inbox if m.type == p.COMMIT]
            table = hosted_table(server, alice)
            revealed = p.Message(p.REVEAL, fairness.reveal_message(table, []))
            verdict = witness_of(alice, "dice", revealed, None, None)
            assert verdict.fair is None and "--seed" in verdict.headline

    asyncio.run(scenario())


def test_doorkick_verify_checks_a_saved_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = "wonderland"

    async def scenario() -> dict[str, Any]:
        async with hosted(tmp_path, rulesets=ruleset, games=[game], contribution_timeout=10.0) as server:
            seen = await a_whole_game(server.port, game)
            await server.lobby.store.settled()
        return seen

    seen = asyncio.run(scenario())
    folder = tmp_path / "history" / seen["alice"].table
    assert main(["verify", str(folder)]) == 0
    assert f.FAIR in capsys.readouterr().out

    record_path = folder / "record.msgpack"
    honest = record_path.read_bytes()
    record = msgpack.unpackb(honest, raw=False)
    record["fairness"]["secret"] = random.randbytes(32).hex()
    record_path.write_bytes(msgpack.packb(record, use_bin_type=True))
    assert main(["verify", str(folder)]) == 1
    assert "does not match its commitment" in capsys.readouterr().out
    record_path.write_bytes(honest)

    actions = list(seen["reveal"].get("actions"))
    n, other = another_legal_action(game, seen["reveal"], len(actions) - 3)
    actions[n - 1] = other
    (folder / "actions.log").write_bytes(actionlog.framed(actions))
    assert main(["verify", str(folder)]) == 1
    said = capsys.readouterr().out
    assert "Not fair" in said and "action" in said


def test_the_seed_is_derived_as_the_protocol_doc_says() -> None:
    """Another client can compute it from the doc alone: SHA-256 of the listed text, 8 bytes, one bit off."""
    import hashlib

    from doorkick.server.config import ServerConfig

    secret = bytes(range(32)).hex()
    made = [f.Contribution(0, f.PLAYER, "00ff"), f.Contribution(2, f.MISSING), f.Contribution(1, f.HOST)]
    text = f"doorkick seed v1\nsecret {secret}\nseat 0 player 00ff\nseat 1 host\nseat 2 missing\n"
    assert f.seed_text(secret, made) == text
    assert f.derive_seed(secret, made) == int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1
    assert f.commitment(secret) == hashlib.sha256(bytes(range(32))).hexdigest()
    doc = " ".join((Path(__file__).parents[2] / "docs" / "protocol.md").read_text().split())
    assert "doorkick seed v1 secret <the secret in lowercase hex> seat 0 player <that seat's contribution>" in doc
    assert f"or `seconds` ({ServerConfig().contribution_timeout:g} s by default) are up" in doc
    assert all(f.is_contribution(c) for c in ("00", "ab" * 64)) and not any(
        f.is_contribution(c) for c in ("", "0", "AB", "ab" * 65, 12)
    )
