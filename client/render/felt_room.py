"""The screens before a game (the server browser, the lobby) laid on the same table as the game itself: the felt
inside its wooden rim (`table_surface.table_top`), and their parts on the table's own panels, so that a player
walking up to a table and sitting down at it sees one place, not a form and then a game.
"""

from __future__ import annotations

import pygame

from ..ui import theme
from ..ui.widgets import panel
from .table_surface import table_top

PANEL_FILL = (34, 40, 52)  # the table's player panels: the felt shows faintly through
PANEL_ALPHA = 235
PAD = 14  # between a panel's edge and what it holds


def felt_backdrop(surface: pygame.Surface) -> None:
    """The whole window is the table: rim and felt at the window's size (cached, one blit a frame)."""
    w, h = surface.get_size()
    surface.blit(table_top((w, h), max(0.8, min(h / 720, w / 1280))), (0, 0))


def table_panel(surface: pygame.Surface, rect: pygame.Rect, edge: theme.Colour = theme.PANEL_EDGE) -> None:
    """One of the table's panels, where a group of the screen's parts lies."""
    panel(surface, rect, PANEL_FILL, edge, radius=10, alpha=PANEL_ALPHA)


def around(*rects: pygame.Rect, pad: int = PAD) -> pygame.Rect:
    """The panel that holds `rects`, `pad` clear of each."""
    return rects[0].unionall(list(rects[1:])).inflate(2 * pad, 2 * pad)
