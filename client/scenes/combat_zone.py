"""The Munchkin combat zone: the fighter with the helper beside them on the left, the monsters large with their
enhancers stacked on them, each monster's own level on a plate under it, the spoils after them.

`place` works out the rectangles (for drawing, clicking and the layout test), `draw_fighters` and
`draw_plates` draw what is not a card; the cards themselves are table cards the scene draws.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...shared.rules.munchkin.view import CombatView
from ..render.cards import CARD_RATIO
from ..ui import theme
from ..ui.text import render_line
from ..ui.widgets import panel

if TYPE_CHECKING:
    from .munchkin_table import MunchkinScene

Placed = tuple[str, pygame.Rect, bool]
GAP = 8
PLATE_H = 22  # a monster's level plate, over the foot of its card


def fighters_rect(zone: pygame.Rect, k: float) -> pygame.Rect:
    """The column of the people fighting: the fighter above, the helper beside them below."""
    w = max(96, min(int(150 * k), zone.w // 4))
    return pygame.Rect(zone.x, zone.y, w, zone.h)


def plates(combat: CombatView, column: pygame.Rect) -> dict[str, pygame.Rect]:
    """The fighter's and the helper's plates in the fighters column."""
    h = min(64, (column.h - GAP) // 2)
    out = {"fighter": pygame.Rect(column.x, column.y + 18, column.w, h)}
    if combat.helper is not None:
        out["helper"] = out["fighter"].move(0, h + GAP)
    return out


def cards_rect(zone: pygame.Rect, k: float) -> pygame.Rect:
    """Where the monsters and spoils lie: right of the fighters."""
    column = fighters_rect(zone, k)
    return pygame.Rect(column.right + 10, zone.y, zone.right - column.right - 10, zone.h)


def place(combat: CombatView, area: pygame.Rect, k: float) -> tuple[list[Placed], list[pygame.Rect]]:
    """Each monster large with its enhancers fanned over its lower half, then the spoils; and each monster's
    rectangle (its level plate goes on it)."""
    monsters, spoils = combat.monsters, combat.spoils
    n = len(monsters) + len(spoils)
    mw = max(20, min(int(132 * k), int(area.h / CARD_RATIO), (area.w - GAP * (n - 1)) // max(1, n)))
    mh = round(mw * CARD_RATIO)
    placed: list[Placed] = []
    rects: list[pygame.Rect] = []
    x = area.x
    for m in monsters:
        rect = pygame.Rect(x, area.y, mw, mh)
        placed.append((m.card, rect, False))
        rects.append(rect)
        enhancers = m.enhancers
        if enhancers:
            ew = max(16, int(mw * 0.52))
            eh = round(ew * CARD_RATIO)
            step = (mw - ew) / max(1, len(enhancers) - 1) if len(enhancers) > 1 else 0
            for j, card in enumerate(enhancers):
                # Stacked on the monster's lower half, fanned so each badge shows, above its level plate.
                ey = max(rect.y + 20, rect.bottom - PLATE_H - eh - 2)
                placed.append((card, pygame.Rect(int(rect.x + j * step), ey, ew, eh), False))
        x += mw + GAP
    for card in spoils:
        placed.append((card, pygame.Rect(x, area.y, mw, mh), False))
        x += mw + GAP
    return placed, rects


def seat_strength(combat: CombatView, seat: int) -> int:
    """What one fighter adds (their level, items, class tricks...), from the engine's parts."""
    return sum(p.amount for p in combat.fighters_parts if p.seat == seat and p.kind != "one_shot")


def draw_fighters(scene: MunchkinScene, surface: pygame.Surface, combat: CombatView, column: pygame.Rect) -> None:
    surface.blit(render_line("Fighting", column.w, 14, theme.TEXT_DIM, "bold"), column.topleft)
    players = scene.record.players
    for role, rect in plates(combat, column).items():
        seat = combat.fighter if role == "fighter" else combat.helper
        if seat is None:
            continue
        colour = scene.seat_colour(seat)
        panel(surface, rect, (44, 30, 34), colour, radius=8)
        pygame.draw.rect(surface, colour, (rect.x, rect.y, 7, rect.h), border_radius=4)
        level = players[seat].level if seat < len(players) else "?"
        surface.blit(render_line(scene.seat_name(seat), rect.w - 16, 16, theme.TEXT, "bold"), (rect.x + 12, rect.y + 4))
        what = "fights" if role == "fighter" else "helps"
        line = f"L{level} {what} · +{seat_strength(combat, seat)}"
        surface.blit(render_line(line, rect.w - 16, 14, theme.SKY), (rect.x + 12, rect.y + 26))
        if rect.h >= 60:
            tag = "the fighter" if role == "fighter" else "beside them"
            surface.blit(render_line(tag, rect.w - 16, 12, theme.TEXT_DIM), (rect.x + 12, rect.y + 44))


def draw_plates(scene: MunchkinScene, surface: pygame.Surface, combat: CombatView) -> None:
    """Each monster's level as it stands (printed level plus its enhancers), on a plate over its card's foot."""
    for m, rect in zip(combat.monsters, scene.monster_rects, strict=False):
        plate = pygame.Rect(rect.x + 4, rect.bottom - PLATE_H, rect.w - 8, PLATE_H - 3)
        panel(surface, plate, (40, 16, 12), theme.ORANGE, radius=6, alpha=235)
        text = render_line(f"Level {m.level}", plate.w - 6, 15, theme.ORANGE, "bold")
        surface.blit(text, text.get_rect(center=plate.center))
