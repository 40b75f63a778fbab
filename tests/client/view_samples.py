"""View records built from the few fields a test cares about: every other field holds its type's emptiest value
(0, "", False, [], None, a Literal's first word), so a test names only what it is about."""

from __future__ import annotations

import types
import typing
from typing import Any, TypeVar

import msgspec

R = TypeVar("R", bound=msgspec.Struct)


def sample(record: type[R], **given: Any) -> R:
    """A `record` with the `given` fields and the emptiest value of every other required one."""
    values = dict(given)
    for field in msgspec.structs.fields(record):
        if field.name not in values and field.required:
            values[field.name] = _emptiest(field.type)
    return record(**values)


def _emptiest(hint: Any) -> Any:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return None if type(None) in args else _emptiest(args[0])
    if origin is typing.Literal:
        return args[0]
    if origin in (list, dict, tuple):
        return origin()
    if isinstance(hint, type) and issubclass(hint, msgspec.Struct):
        return sample(hint)
    return hint()  # int, float, str, bool
