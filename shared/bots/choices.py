"""The legal actions of one moment, grouped by their record type, so that a bot asks for `Sell` and is handed
Sells (typed: mypy knows their fields), never a bare kind string and an `Action` it must trust to have them."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar, cast

from ..rules.base import Action

A = TypeVar("A", bound=Action)


class Choices:
    def __init__(self, actions: Iterable[Action]) -> None:
        self._by: dict[type[Action], list[Action]] = {}
        for a in actions:
            self._by.setdefault(type(a), []).append(a)

    def __call__(self, kind: type[A]) -> list[A]:
        """The legal actions of this type, in the order the engine listed them (empty: none)."""
        return cast("list[A]", self._by.get(kind, []))  # grouped by exact type above: each one is an A

    def __contains__(self, kind: type[Action]) -> bool:
        return kind in self._by

    def any_of(self, *kinds: type[Action]) -> list[Action]:
        """The legal actions of these types, type by type."""
        return [a for kind in kinds for a in self._by.get(kind, [])]
