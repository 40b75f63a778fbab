"""Typed records read with msgspec, and msgspec's refusals said in DoorKick's words.

The wire messages, the actions, a table's options and the client's settings are declared once as typed records
(msgspec Structs or dataclasses); msgspec checks a value against them in C. What it says when it refuses
(``Expected `int`, got `str` - at `$.seat` ``) is turned into the project's form, which names the record and the
field and shows the value that was wrong: ``pass.seat: expected int, got '0'``.
"""

from __future__ import annotations

import re
from typing import Any, Final, TypeVar

import msgspec

T = TypeVar("T")

_AT: Final = re.compile(r"^(?P<what>.*?)(?: - at `\$(?P<path>[^`]*)`)?$", re.DOTALL)
_STEP: Final = re.compile(r"\.([^.\[]+)|\[(\d+)\]")
_EXPECTED: Final = re.compile(r"^Expected `(?P<type>[^`]+)`(?:, got `[^`]+`)?(?P<rest>.*)$", re.DOTALL)
_MISSING: Final = re.compile(r"^Object missing required field `(?P<name>[^`]+)`$")
_UNKNOWN: Final = re.compile(r"^Object contains unknown field `(?P<name>[^`]+)`$")
_LONGER: Final = re.compile(r"^ of length <= (?P<n>\d+)$")
# msgspec's names for the wire's types, in the words the project's messages always used
_TYPE_WORDS: Final = {"array": "a list", "object": "map", "null": "nil", "float": "number"}


def read(value: Any, record: type[T], where: str) -> T:
    """`value` (plain wire data) as a `record`, or ValueError saying what is wrong in the project's words.
    Strict: a bool is no int, an int no bool, a list no str; an int may stand for a float."""
    try:
        return msgspec.convert(value, record)
    except msgspec.ValidationError as exc:
        raise ValueError(explain(exc, value, where)) from None


def explain(error: msgspec.ValidationError, value: Any, where: str) -> str:
    """msgspec's refusal of `value` (read as the record called `where`) as `where.field: what is wrong`."""
    said = _AT.match(str(error))
    assert said is not None  # the pattern matches any text
    steps = [name or int(index) for name, index in _STEP.findall(said["path"] or "")]
    field = f"{where}.{steps[0]}" if steps else where
    what = said["what"]
    if missing := _MISSING.match(what):
        return f"{field}: missing field {missing['name']!r}"
    if unknown := _UNKNOWN.match(what):
        return f"{field}: unknown field {unknown['name']!r}"
    if expected := _EXPECTED.match(what):
        longer = _LONGER.match(expected["rest"])
        if longer:
            return f"{field}: longer than {longer['n']}"
        wanted = " | ".join(_TYPE_WORDS.get(t, t) for t in expected["type"].split(" | "))
        return f"{field}: expected {wanted}{expected['rest']}, got {shown(_at(value, steps))}"
    return f"{field}: {what[:1].lower()}{what[1:]}"


def field_of(error: msgspec.ValidationError) -> str | None:
    """The top-level field msgspec refused, if it names one."""
    said = _AT.match(str(error))
    steps = _STEP.findall(said["path"] or "") if said else []
    return (steps[0][0] or None) if steps else None


def shown(value: Any, limit: int = 40) -> str:
    """A short repr of a client's value, for an error message (a client's string can be long)."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _at(value: Any, steps: list[str | int]) -> Any:
    for step in steps:
        try:
            value = value[step]
        except (KeyError, IndexError, TypeError):
            return value
    return value
