"""docs/protocol.md describes every message and every field the code knows, so other clients can be written."""

from __future__ import annotations

from pathlib import Path

import pytest

from doorkick.shared import protocol as p

DOC = (Path(__file__).parents[2] / "docs" / "protocol.md").read_text()


def rows_for(kind: str) -> list[str]:
    return [line for line in DOC.splitlines() if line.startswith("| ") and f"`{kind}`" in line.split("|")[1]]


@pytest.mark.parametrize(
    ("direction", "kind"),
    [("client", k) for k in p.CLIENT_MESSAGES] + [("server", k) for k in p.SERVER_MESSAGES],
)
def test_every_message_and_field_is_documented(direction: str, kind: str) -> None:
    schema = (p.CLIENT_MESSAGES if direction == "client" else p.SERVER_MESSAGES)[kind]
    rows = rows_for(kind)
    assert rows, f"docs/protocol.md has no row for {kind}"
    for name in schema:
        assert any(f"`{name}`" in row for row in rows), f"{kind}.{name} undocumented"


def test_the_framer_error_codes_are_documented() -> None:
    for code in (p.FRAME_TOO_LARGE, p.TRUNCATED_FRAME, p.BAD_MSGPACK, p.NOT_A_MAP, p.MISSING_TYPE,
                 p.UNKNOWN_TYPE, p.BAD_FIELD):
        assert f"`{code}`" in DOC
