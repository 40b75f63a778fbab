"""The opponents' panels along the top of the Munchkin table: name and level, who they are, their Hireling and
items small in a strip (hover to read, aim a theft at), and how many cards they hold."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...shared.rules.munchkin.view import PlayerView
from ..presence import draw_mark as draw_presence
from ..render.cards import CARD_RATIO, draw_back
from ..ui import theme
from ..ui.text import render_line
from ..ui.widgets import panel
from .combat_zone import Placed
from .own_area import hireling

if TYPE_CHECKING:
    from .munchkin_table import MunchkinScene


def place(scene: MunchkinScene) -> list[Placed]:
    """Each opponent's Hireling and items, small in their panel's strip, so that they can be read (hover,
    right-click) and aimed at like any card on the table; what does not fit is counted in `opponent_more`."""
    cards: list[Placed] = []
    scene.opponent_more = {}  # seat -> (items not shown, where the count goes)
    scene.opponent_hidden = {}
    players = scene.record.players
    for seat, rows in scene.opponent_rows.items():
        strip = rows["items"]
        mini_h = strip.h - 2
        mini_w = round(mini_h / CARD_RATIO)
        if seat >= len(players):
            continue
        p = players[seat]
        shown = [(c, False) for c in hireling(p)]
        shown += [(item.card, not item.equipped) for item in p.items]
        sizes = [(mini_h, mini_w) if sideways else (mini_w, mini_h) for _, sideways in shown]
        # Crowded, they overlap (each still shows a strip to point at); past that, the rest is counted.
        x0, right = strip.x, strip.right
        natural = sum(w + 3 for w, _ in sizes) - 3
        squeeze = min(1.0, (right - x0 - sizes[-1][0]) / max(1, natural - sizes[-1][0])) if sizes else 1.0
        placed, x = [], x0
        for (card, _sideways), (w, h) in zip(shown, sizes, strict=True):
            placed.append((card, pygame.Rect(x, strip.bottom - 1 - h, w, h), _sideways))
            x += max(12, int((w + 3) * squeeze))
        while placed and placed[-1][1].right > right - (0 if len(placed) == len(shown) else 28):
            placed.pop()  # the 28 pixels hold the count of the rest
        if len(placed) < len(shown):
            scene.opponent_more[seat] = (len(shown) - len(placed), placed[-1][1].right + 4 if placed else x0)
            scene.opponent_hidden[seat] = [card for card, _ in shown[len(placed) :]]
        cards += placed
        scene.card_boxes += [(f"table/opponent:{seat}/items", c, r) for c, r, _ in placed]
    return cards


def draw(
    scene: MunchkinScene,
    surface: pygame.Surface,
    seat: int,
    p: PlayerView,
    rect: pygame.Rect,
    active: bool,
    acting: bool,
) -> None:
    colour = scene.seat_colour(seat)
    panel(surface, rect, (36, 42, 54), colour if acting else theme.PANEL_EDGE, radius=8, alpha=235)
    pygame.draw.rect(surface, colour, (rect.x, rect.y, 8, rect.h), border_radius=4)
    rows = scene.opponent_rows.get(seat) or rows_of(rect)
    name = p.name + (" ▶" if active else "")
    surface.blit(render_line(name, rows["name"].w, 18, theme.TEXT, "bold"), rows["name"].topleft)
    level = render_line(f"L{p.level}", rows["level"].w, 24, theme.YELLOW, "bold")
    surface.blit(level, level.get_rect(topright=rows["level"].topright))
    surface.blit(render_line(scene.opponent_line(p), rows["info"].w, 14, theme.TEXT_DIM), rows["info"].topleft)
    # Their items are table cards (see `_opponents_cards`), drawn with the others; here only what did not fit.
    if seat in scene.opponent_more:
        hidden, x = scene.opponent_more[seat]
        surface.blit(render_line(f"+{hidden}", 26, 15, theme.TEXT), (x, rows["items"].centery - 9))
    hand = rows["hand"]
    surface.blit(draw_back("door", 14), (hand.x, hand.y))
    count = render_line(f"×{p.hand_count}", hand.w - 16, 15, theme.TEXT)
    surface.blit(count, count.get_rect(midright=(hand.right, hand.centery)))
    draw_presence(surface, scene.session.presence.of(seat), rect)


def rows_of(rect: pygame.Rect) -> dict[str, pygame.Rect]:
    """The lines of an opponent's panel: name and level, who they are, their items' strip, their hand."""
    return {
        "name": pygame.Rect(rect.x + 14, rect.y + 4, rect.w - 82, 24),
        "level": pygame.Rect(rect.right - 64, rect.y + 2, 58, 29),
        "info": pygame.Rect(rect.x + 14, rect.y + 32, rect.w - 72, 18),
        "hand": pygame.Rect(rect.right - 52, rect.y + 32, 46, 20),
        "items": pygame.Rect(rect.x + 14, rect.y + 53, rect.w - 22, rect.h - 57),
    }
