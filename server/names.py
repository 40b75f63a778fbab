"""Names and chat as everyone sees them: nothing that hides, reorders or escapes into a terminal."""

from __future__ import annotations

import unicodedata

from ..shared import protocol as p
from .tables import ServerError


def _invisible(c: str) -> bool:
    # Cc: control characters (ESC starts every terminal escape); Cf: format characters, among them the
    # bidirectional overrides and isolates (U+202A-202E, U+2066-2069) and zero-width ones; Cs, Co, Cn: surrogates,
    # private and unassigned code points, which no font shows the same way twice.
    return unicodedata.category(c).startswith("C")


def clean_name(raw: str) -> str:
    """A display name: runs of white space made one space, trimmed, 1 to 32 characters. A name with a control,
    format (bidirectional override) or unassigned character is refused, not changed: its owner should know."""
    name = " ".join(raw.split())
    if not name or len(name) > p.MAX_NAME_LENGTH:
        raise ServerError("bad_name", f"a name has 1 to {p.MAX_NAME_LENGTH} characters, not {len(name)}")
    if any(_invisible(c) for c in name):
        raise ServerError("bad_name", "a name may not contain control, format or direction characters")
    return name


def clean_chat(raw: str) -> str:
    """Chat text as everyone sees it: control, format (bidirectional override) and unassigned characters
    stripped, runs of white space made one space."""
    return " ".join("".join(c for c in raw if not _invisible(c)).split())


def unique_name(name: str, taken: set[str]) -> str:
    """`name`, or "name 2", "name 3"... (shortened to fit) when someone else at the table has it, case aside."""
    folded = {t.casefold() for t in taken}
    candidate, n = name, 1
    while candidate.casefold() in folded:
        n += 1
        number = f" {n}"
        room = p.MAX_NAME_LENGTH - len(number)
        candidate = (name if len(name) <= room else name[: room - 1] + "…") + number
    return candidate
