"""One seat's legal actions in one state, after python-chess's `legal_moves`: a collection that lists itself
only when iterated or counted, and answers `action in legal` by the rules' own check, without listing.

Membership is exactly what `apply` accepts from that seat, for any form of an action; iterating lists each
choice the rules offer, in the engine's order (where a choice has many equivalent or combinatorial forms, a
representative of each, as the engine's docs say). The listing is made once, as far as it has been asked for:
`bool(legal)` stops at the first action, a second pass reads what the first one listed.
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
        if self._rest is None:
            return iter(self._listed)
        return self._listing()

    def _listing(self) -> Iterator[A]:
        i = 0
        while True:
            if i < len(self._listed):
                yield self._listed[i]
                i += 1
                continue
            if self._rest is None:
                return
            action = next(self._rest, None)
            if action is None:
                self._rest = None
                return
            self._listed.append(action)

    def __len__(self) -> int:
        if self._rest is not None:
            self._listed.extend(self._rest)
            self._rest = None
        return len(self._listed)

    def __bool__(self) -> bool:
        return any(True for _ in self)

    def __repr__(self) -> str:
        return f"LegalActions({list(self)!r})"


def none_legal() -> LegalActions[Action]:
    """The legal actions of a seat that has no say: nothing listed, nothing accepted."""
    return LegalActions(iter(()), lambda action: False)
