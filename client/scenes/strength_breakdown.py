"""What a combat strength is made of, opened on hover over the Munchkin table's score.

The terms come from the engine (`fighters_parts` / `monsters_parts` in the view's combat): the client only
words them and lays them out, so the rows always add up to the total shown.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame
from msgspec import UNSET

from ...shared.rules.munchkin.view import CombatView, Side
from ..ui import theme
from ..ui.text import render_line
from ..ui.widgets import panel

if TYPE_CHECKING:
    from .munchkin_table import MunchkinScene

# A fight bonus by its source (`Combat.bonuses` in the engine), in words.
BONUS_WORDS = {
    "berserk": "Berserk (Warrior)",
    "turn_undead": "Turn Undead (Cleric)",
    "backstab": "Backstabbed (Thief)",
    "illusion": "Illusion (Gnome)",
    "arrow": "Hit by an arrow (Epic Elf)",
    "pet": "Pet sacrificed",
}
PLURALS = {"elf": "Elves", "dwarf": "Dwarves", "male": "males", "female": "females"}
ROW_H = 19
WIDTH = 320


@dataclass(frozen=True)
class Row:
    """One line of the breakdown: a heading (no amount) or a term with its amount."""

    text: str
    amount: int | None = None
    colour: theme.Colour = theme.TEXT
    signed: bool = True  # "+3"; a level reads as a plain number


def fighter_rows(combat: CombatView, name: Callable[[str], str], seat_name: Callable[[int], str]) -> list[Row]:
    """Each fighter's terms under their name (the helper second), then the one-shots played for them."""
    helper = combat.helper
    rows: list[Row] = []
    for p in combat.fighters_parts:
        kind, amount, seat, card = p.kind, p.amount, p.seat, p.card
        if kind == "level":
            who = seat_name(seat) if isinstance(seat, int) else "?"
            if helper is not None:
                who += " (helping)" if seat == helper else " (fighting)"
            rows += [Row(who, colour=theme.ACCENT), Row("Level", amount, signed=False)]
        elif kind == "one_shot":
            if not any(r.text == "One-shots" for r in rows):
                rows.append(Row("One-shots", colour=theme.ACCENT))
            by = f" (from {seat_name(seat)})" if isinstance(seat, int) else ""
            rows.append(Row(f"{name(str(card))}{by}", amount))
        elif kind == "hireling":
            rows.append(Row(f"Hireling: {name(str(card))}", amount))
        elif kind in ("item", "curse"):
            rows.append(Row(name(str(card)), amount))
        elif kind == "pet" and card:
            rows.append(Row(f"{BONUS_WORDS['pet']}: {name(str(card))}", amount))
        else:
            rows.append(Row(BONUS_WORDS.get(kind, kind.replace("_", " ").capitalize()), amount))
    return rows


def monster_rows(combat: CombatView, name: Callable[[str], str], seat_name: Callable[[int], str]) -> list[Row]:
    """Each monster's printed level, its enhancers and its bonuses against these fighters; then the rest."""
    rows: list[Row] = []
    for p in combat.monsters_parts:
        kind, amount, card, seat = p.kind, p.amount, p.card, p.seat
        if kind == "monster":
            rows += [Row(name(str(card)), colour=theme.ACCENT), Row("Level", amount, signed=False)]
        elif kind == "enhancer":
            rows.append(Row(name(str(card)), amount))
        elif kind == "against":
            trait = "" if p.detail is UNSET else p.detail
            rows.append(Row(f"Against {PLURALS.get(trait, trait.capitalize() + 's')}", amount))
        elif kind == "arrows":
            rows.append(Row("Arrows (Epic Elf)", amount))
        elif kind == "one_shot":
            if not any(r.text == "One-shots" for r in rows):
                rows.append(Row("One-shots", colour=theme.ACCENT))
            by = f" (from {seat_name(seat)})" if isinstance(seat, int) else ""
            rows.append(Row(f"{name(str(card))}{by}", amount))
        else:
            rows.append(Row(kind.replace("_", " ").capitalize(), amount))
    return rows


def _number(row: Row) -> str:
    if row.amount is None:
        return ""
    return str(row.amount) if not row.signed else f"{row.amount:+d}"


def breakdown_rect(rows: list[Row], near: pygame.Rect, screen: pygame.Rect) -> pygame.Rect:
    """Beside the score it explains (left of it, where the monsters' cards are), kept on the screen."""
    rect = pygame.Rect(0, 0, WIDTH, 34 + ROW_H * len(rows) + 34)  # title, rows, the line and the total
    rect.topright = (near.x - 8, near.y)
    if rect.x < screen.x:
        rect.topleft = (near.right + 8, near.y)
    return rect.clamp(screen)


def draw_breakdown(
    surface: pygame.Surface, title: str, total: int, rows: list[Row], near: pygame.Rect, colour: theme.Colour
) -> pygame.Rect:
    """A panel listing each term and its amount, a line, then the total as the score shows it."""
    rect = breakdown_rect(rows, near, surface.get_rect())
    panel(surface, rect, (16, 18, 24), colour, radius=8, alpha=240)
    x, right = rect.x + 12, rect.right - 12
    surface.blit(render_line(title, rect.w - 24, 17, colour, "bold"), (x, rect.y + 8))
    y = rect.y + 34
    for row in rows:
        indent = 0 if row.amount is None else 10
        number = render_line(_number(row), 60, 15, row.colour, "bold")
        style = "bold" if row.amount is None else "regular"
        label = render_line(row.text, right - x - indent - number.get_width() - 10, 15, row.colour, style)
        surface.blit(label, (x + indent, y))
        surface.blit(number, number.get_rect(topright=(right, y)))
        y += ROW_H
    pygame.draw.line(surface, theme.PANEL_EDGE, (x, y + 2), (right, y + 2), 1)
    total_img = render_line(str(total), 80, 17, colour, "bold")
    surface.blit(render_line("Total", 120, 16, theme.TEXT, "bold"), (x, y + 6))
    surface.blit(total_img, total_img.get_rect(topright=(right, y + 6)))
    return rect


def hovered_side(scene: MunchkinScene) -> Side | None:
    """Which side's strength the pointer rests on in a fight: "fighters", "monsters" or None."""
    if scene.record.combat is None or scene.app.top is not scene:
        return None
    score, pos = scene.score_rect, pygame.mouse.get_pos()
    if not score.collidepoint(pos):
        return None
    return "fighters" if pos[0] < score.centerx else "monsters"


def draw_for(scene: MunchkinScene, surface: pygame.Surface) -> None:
    """In a fight, a hint that the strengths open; the breakdown of the one under the pointer, if any."""
    side, combat = hovered_side(scene), scene.record.combat
    if combat is None:
        return
    score = scene.score_rect
    if side is None:
        hint = render_line("Point at a number for its parts", score.w - 20, 12, theme.TEXT_DIM)
        surface.blit(hint, hint.get_rect(midtop=(score.centerx, score.y + 94)))
        return
    half = pygame.Rect(score.x + 4, score.y + 4, score.w // 2 - 4, score.h - 40)
    if side == "monsters":
        half.x = score.centerx
    pygame.draw.rect(surface, theme.FOCUS, half, 2, border_radius=8)
    if side == "fighters":
        rows = fighter_rows(combat, scene.cards.name, scene.seat_name)
        total, title, colour = combat.fighters_strength, "The munchkins' strength", theme.SKY
    else:
        rows = monster_rows(combat, scene.cards.name, scene.seat_name)
        total, title, colour = combat.monsters_strength, "The monsters' strength", theme.ORANGE
    draw_breakdown(surface, title, total, rows, score, colour)
