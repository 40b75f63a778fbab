"""What the big screen says of each throw's fairness: a mark beside the dice and beside each throw's caption.

The room cannot check a die as it lands: the host committed to its secret before the deal, and the secret (with
the whole action log) comes only at the end (`reveal`). The big screen is a spectator: it holds the checksums of
every view it was shown (its `NetSession.witness`) and checks the reveal like any player's window (`verify.py`).
So a throw says "checked at the end" while the game runs, then "verified" once the replay held up to and past
the action that threw it, or "not fair" from the first action where the replay differs.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...shared.fairness import Verdict
from ..ui import theme
from ..ui.text import render_line
from ..ui.widgets import panel
from ..verify import CHECKING, Witness

LATER = "dice checked at the end"
VERIFIED = "verified fair"
NOT_FAIR = "not fair"
UNVERIFIABLE = "not verifiable"


@dataclass(frozen=True)
class Mark:
    text: str
    colour: theme.Colour
    sign: str = ""  # "tick" or "cross": drawn, the bundled fonts have neither glyph


def mark(witness: Witness | None, action: int | None) -> Mark:
    """The word for the throw made by action number `action` (its update's `seq`), as the check stands now."""
    verdict: Verdict | None = witness.verdict if witness is not None else None
    if verdict is None:
        return Mark(CHECKING if witness is not None and witness.checking else LATER, theme.TEXT_DIM)
    if verdict.fair is None:
        return Mark(UNVERIFIABLE, theme.TEXT_DIM)
    if verdict.fair or (verdict.differs_at is not None and action is not None and action < verdict.differs_at):
        return Mark(VERIFIED, theme.SKY, "tick")
    return Mark(NOT_FAIR, theme.ORANGE, "cross")


def draw_mark(surface: pygame.Surface, found: Mark, at: tuple[int, int], size: int, anchor: str = "midtop") -> None:
    """A pill with the mark's sign and words, placed by `anchor` ("midtop", "midright"...) at `at`."""
    words = render_line(found.text, size * 16, size, found.colour, "bold")
    sign_w = size if found.sign else 0
    pad = max(6, size // 2)
    rect = pygame.Rect(0, 0, words.get_width() + sign_w + 2 * pad + (pad // 2 if sign_w else 0), size + pad)
    setattr(rect, anchor, at)
    panel(surface, rect, (16, 20, 28), found.colour, radius=rect.h // 2, alpha=225)
    x = rect.x + pad
    if found.sign:
        _sign(surface, found, pygame.Rect(x, rect.centery - size // 2, size, size))
        x += sign_w + pad // 2
    surface.blit(words, words.get_rect(midleft=(x, rect.centery)))


def _sign(surface: pygame.Surface, found: Mark, box: pygame.Rect) -> None:
    width = max(2, box.w // 6)
    if found.sign == "tick":
        points = [(box.x + box.w * 0.1, box.y + box.h * 0.55), (box.x + box.w * 0.4, box.y + box.h * 0.85)]
        points.append((box.x + box.w * 0.9, box.y + box.h * 0.15))
        pygame.draw.lines(surface, found.colour, False, points, width)
    else:
        inner = box.inflate(-box.w // 5, -box.h // 5)
        pygame.draw.line(surface, found.colour, inner.topleft, inner.bottomright, width)
        pygame.draw.line(surface, found.colour, inner.topright, inner.bottomleft, width)
