"""Card ids to card records for the client, from the packs a table's view names (loaded once per pack set)."""

from __future__ import annotations

import logging
from functools import cache
from typing import Any

from ..shared.rules.cards import PackError
from .render.cards import Face, face_of

log = logging.getLogger(__name__)


@cache
def _defs(game: str, packs: tuple[str, ...]) -> dict[str, Any]:
    if game == "munchkin":
        from ..shared.rules.munchkin.flow import build_catalog

        return dict(build_catalog(packs).defs)
    from ..shared.rules.wonderland.cards import load_catalog

    return dict(load_catalog(packs).defs)


def _loads(game: str, *packs: str) -> bool:
    try:
        _defs(game, packs)
    except PackError:
        return False
    return True


class Cards:
    """Looks up the cards of one table; an unknown id gets a plain placeholder face rather than a crash."""

    def __init__(self, game: str, packs: tuple[str, ...]) -> None:
        self.game = game
        self.packs = packs
        self.problem = ""  # why the packs did not load (the loader's file, card and fault)
        if not packs:  # a table before its first view names them
            self.defs: dict[str, Any] = {}
            return
        try:
            self.defs = _defs(game, packs)
        except PackError as exc:  # a pack this client lacks, or a broken one: names from ids, not a crash
            log.warning("cards shown by id: %s", exc)
            self.problem = str(exc)
            good = tuple(p for p in packs if _loads(game, p))
            self.defs = _defs(game, good) if good and good != packs and _loads(game, *good) else {}

    def get(self, card: str) -> Any | None:
        return self.defs.get(card)

    def name(self, card: str) -> str:
        found = self.defs.get(card)
        if found is not None:
            return str(found.name)
        return card.split("#")[0].replace("_", " ").replace("-", " ").title()

    def face(self, card: str) -> Face:
        found = self.defs.get(card)
        if found is not None:
            return face_of(found)
        from .ui import theme

        return Face(
            key=f"?:{card}",
            name=self.name(card),
            kind_label="Card",
            type_line="Card",
            text="",
            colour=theme.GREY,
            emblem="star",
        )

    def deck(self, card: str) -> str:
        found = self.defs.get(card)
        return str(getattr(found, "deck", "door")) if found is not None else "door"
