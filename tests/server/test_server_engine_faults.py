"""A fault in the engine while a table is set up is the host's, not the player's: the creator is told the host
failed ("internal", not "bad_options"), the traceback is logged, nothing changes and the host goes on."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Any

import fake_game
import pytest
from wire_client import WireClient, hosted


def test_a_bug_in_the_engine_at_setup_is_not_blamed_on_the_options(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(*_args: Any, **_kwargs: Any) -> Any:
        raise TypeError("a bug in the engine")

    async def scenario() -> None:
        async with hosted(tmp_path) as server:
            alice = WireClient(server.port)
            await alice.connect("Alice")
            with monkeypatch.context() as patched:
                patched.setattr(fake_game.RULESET, "new_game", broken)
                reply = await alice.request("create_table", game="dice", seats=2, options={"goal": 3})
            assert reply.get("code") == "internal", reply
            assert (await alice.request("list_tables")).get("tables") == []
            # the engine refusing the options is still the options' fault
            refused = await alice.request("create_table", game="dice", seats=2, options={"goal": -1})
            assert refused.get("code") == "bad_options"
            assert (await alice.request("create_table", game="dice", seats=2)).type == "seated"

    with caplog.at_level(logging.ERROR, logger="doorkick.server.net"):
        asyncio.run(scenario())
    failed = [r for r in caplog.records if r.exc_info is not None and isinstance(r.exc_info[1], TypeError)]
    assert len(failed) == 1
