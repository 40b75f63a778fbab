"""docs/protocol.md describes every message and every field the code knows, so other clients can be written."""

from __future__ import annotations

from pathlib import Path

import pytest

from doorkick.server.config import ServerConfig
from doorkick.server.limits import TOO_FAST
from doorkick.shared import protocol as p

DOC = (Path(__file__).parents[2] / "docs" / "protocol.md").read_text()


def rows_for(kind: str) -> list[str]:
    return [line for line in DOC.splitlines() if line.startswith("| ") and f"`{kind}`" in line.split("|")[1]]


@pytest.mark.parametrize(
    ("direction", "kind"),
    [("client", k) for k in p.CLIENT_MESSAGES] + [("server", k) for k in p.SERVER_MESSAGES],
)
def test_every_message_and_field_is_documented(direction: str, kind: str) -> None:
    record = (p.CLIENT_MESSAGES if direction == "client" else p.SERVER_MESSAGES)[kind]
    rows = rows_for(kind)
    assert rows, f"docs/protocol.md has no row for {kind}"
    for name in p.fields_of(record):
        assert any(f"`{name}`" in row for row in rows), f"{kind}.{name} undocumented"


def test_the_framer_error_codes_are_documented() -> None:
    for code in (
        p.FRAME_TOO_LARGE,
        p.TRUNCATED_FRAME,
        p.BAD_MSGPACK,
        p.NOT_A_MAP,
        p.MISSING_TYPE,
        p.UNKNOWN_TYPE,
        p.BAD_FIELD,
        p.FRAME_TOO_COMPLEX,
        TOO_FAST,
    ):
        assert f"`{code}`" in DOC


def test_the_limits_in_the_doc_are_the_codes() -> None:
    config = ServerConfig()
    said = " ".join(DOC.split())  # line breaks aside
    assert p.DEFAULT_MAX_FRAME == 1 << 20 and "at most **1 MiB**" in said
    assert p.CLIENT_MAX_FRAME == config.max_frame == 64 * 1024 and "at most **64 KiB**" in said
    assert config.max_items == p.CLIENT_MAX_ITEMS and f"at most **{p.CLIENT_MAX_ITEMS} values**" in said
    assert f"nesting is at most {p.MAX_DEPTH} deep" in said
    assert f"`name` str ≤{p.MAX_NAME_LENGTH}" in said and f"`text` str ≤{p.MAX_CHAT_LENGTH}" in said
    assert f"then 1 to {p.MAX_NAME_LENGTH} characters" in said
    assert f"about {config.rate:g} messages a second with bursts of {config.burst}" in said
    assert config.byte_rate == 64 * 1024 and 4 * config.max_frame == 256 * 1024
    assert "64 KiB a second with bursts of 256 KiB" in said
    assert config.send_queue_bytes == 2 << 20 and f"at most {config.send_queue} frames or 2 MiB" in said
    assert f"accepts {config.max_connections} connections, at most {config.max_connections_per_address} from" in said
    lobby = config.lobby_rate * config.max_connections_per_address
    assert f"about {config.lobby_rate:g} a second for each connection the address may hold ({lobby:g})" in said
    assert f"chat {config.chat_rate:g} a second with bursts of {config.chat_burst}" in said
    assert (
        f"password tries (joining or watching a table with a password, creating one) {config.password_rate:g} "
        f"a second with bursts of {config.password_burst}" in said
    )
    assert f"at most {config.max_tables_per_address} tables waiting" in said
    assert f"is freed after {config.abandoned_window:g} s" in said
    assert f"within {config.handshake_timeout:g} s" in said and f"`ping` every {config.heartbeat:g} s" in said
    assert f"no whole message for {config.idle_timeout:g} s" in said
    assert f"`--pass-timeout` ({config.pass_timeout:g} s)" in said
    assert f"`turn` (default {config.turn_timeout:g} s)" in said


def test_every_message_type_name_is_a_records_tag() -> None:
    names = {
        value
        for name, value in vars(p).items()
        if name.isupper()
        and isinstance(value, str)
        and name
        not in (
            "FRAME_TOO_LARGE",
            "TRUNCATED_FRAME",
            "BAD_MSGPACK",
            "NOT_A_MAP",
            "MISSING_TYPE",
            "UNKNOWN_TYPE",
            "BAD_FIELD",
            "FRAME_TOO_COMPLEX",
        )
    }
    assert names == set(p.CLIENT_MESSAGES) | set(p.SERVER_MESSAGES)
