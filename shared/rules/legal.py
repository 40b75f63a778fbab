"""One seat's legal actions in one state, after python-chess's `legal_moves`: a collection that lists itself
only when iterated or counted, and answers `action in legal` by the rules' own check, without listing.

Membership is exactly what `apply` accepts from that seat, for any form of an action; iterating lists each
choice the rules offer, in the engine's order (where a choice has many equivalent or combinatorial forms, a
representative of each, as the engine's docs say). The listing is made once, when first iterated or counted;
`bool(legal)` lists no further than the first action.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator
from typing import TypeVar

from .base import Action

A = TypeVar("A", bound=Action)


class LegalActions(Collection[A]):
    __slots__ = ("_accepts", "_listed", "_rest")

    def __init__(self, listing: Iterator[A], accepts: Callable[[object], bool]) -> None:
        self._rest: Iterator[A] | None = listing  # what is not listed yet; None once all is
        self._listed: list[A] = []
        self._accepts = accepts

    def __contains__(self, action: object) -> bool:
        return self._accepts(action)

    def __iter__(self) -> Iterator[A]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())

    def __bool__(self) -> bool:
        """Whether anything is legal, listing no further than the first action."""
        if self._listed:
            return True
        if self._rest is None:
            return False
        first = next(self._rest, None)
        if first is None:
            self._rest = None
            return False
        self._listed.append(first)
        return True

    def _all(self) -> list[A]:
        if self._rest is not None:
            self._listed.extend(self._rest)
            self._rest = None
        return self._listed

    def __repr__(self) -> str:
        return f"LegalActions({list(self)!r})"
