"""Your own area at the foot of the Munchkin table: your name, level, who you are and your gear; the items you wear
in their slots' boxes; your races, classes, Hireling and curses standing; the items you carry lying sideways."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...shared.rules.munchkin.view import PlayerView
from ..catalog import Cards
from ..render.cards import CARD_RATIO
from ..ui import theme
from ..ui.text import render_block, render_line
from ..ui.widgets import panel
from ..words import plural
from .combat_zone import Placed

if TYPE_CHECKING:
    from .munchkin_table import MunchkinScene

SLOT_ORDER = ("headgear", "armor", "footgear", "hands", "big", "none")
SLOT_LABELS = {
    "headgear": "Head",
    "armor": "Armour",
    "footgear": "Feet",
    "hands": "Hands",
    "big": "Big",
    "none": "Other",
}


def place(scene: MunchkinScene, me: PlayerView) -> list[Placed]:
    """Where your cards lie in your area: each worn item in its slot's box, then the standing cards and the
    carried items in one row (into `scene.slot_boxes` and `scene.me_row`; each card also to `scene.card_boxes`)."""
    cards: list[Placed] = []
    worn: dict[str, list[str]] = {slot: [] for slot in SLOT_ORDER}
    carried: list[str] = []
    for item in me.items:
        if item.equipped:
            worn[slot_of(scene.cards, item.card)].append(item.card)
        else:
            carried.append(item.card)
    slots = [slot for slot in SLOT_ORDER if slot != "none" or worn[slot]]
    # Race and Class cards, the Hireling and lasting curses stand upright after the slots, then the
    # carried items lie sideways.
    standing = [*me.races, *me.classes, *hireling(me), *me.curses]
    room = scene.me_rect.right - 8 - (scene.me_rect.x + 200)

    def natural(mini: int) -> int:
        slot_w = sum(max(1, len(worn[s]) or (2 if s == "hands" else 1)) * (mini + 4) + 10 for s in slots)
        row_w = sum(mini + 6 for _ in standing) + sum(round(mini * CARD_RATIO) + 6 for _ in carried)
        return slot_w + 6 + row_w

    # The cards shrink to fit (down to three quarters), and only then overlap.
    mini = min(int(56 * scene.ui_scale), int((scene.me_rect.h - 56) / CARD_RATIO))
    floor = int(mini * 0.75)
    while natural(mini) > room and mini > floor:
        mini -= 1
    card_h = round(mini * CARD_RATIO)
    y = scene.me_rect.y + 30
    x = scene.me_rect.x + 200
    for slot in slots:
        width = max(1, len(worn[slot]) or (2 if slot == "hands" else 1)) * (mini + 4) + 4
        box = pygame.Rect(x, y - 2, width, card_h + 20)
        scene.slot_boxes.append((SLOT_LABELS[slot], box))
        for i, card in enumerate(worn[slot]):
            placed = (card, pygame.Rect(box.x + 4 + i * (mini + 4), box.y + 18, mini, card_h), False)
            cards.append(placed)
            scene.card_boxes.append((f"table/me/slot:{SLOT_LABELS[slot]}", *placed[:2]))
        x = box.right + 6
    row = [(c, mini, card_h, False) for c in standing] + [(c, card_h, mini, True) for c in carried]
    x += 6
    scene.me_row = pygame.Rect(x, y - 2, max(0, scene.me_rect.right - 8 - x), card_h + 20)
    if row:
        natural_row = sum(w + 6 for _, w, _, _ in row) - 6
        last = row[-1][1]
        squeeze = min(1.0, (scene.me_row.w - last) / max(1, natural_row - last))
        for card, w, h, sideways in row:
            placed = (card, pygame.Rect(x, y + 16 + card_h - h, w, h), sideways)
            cards.append(placed)
            scene.card_boxes.append(("table/me/row", card, placed[1]))
            x += int((w + 6) * squeeze)
    return cards


def draw(scene: MunchkinScene, surface: pygame.Surface) -> None:
    """Your panel: name, level, who you are and your gear on the left, the slots' boxes beside them."""
    me = scene.own_player()
    rect = scene.me_rect
    if me is None:
        return
    colour = scene.seat_colour(scene.viewer or 0)
    acting = scene.viewer in scene.state.to_act
    panel(surface, rect, (34, 40, 52), colour if acting else theme.PANEL_EDGE, radius=10, alpha=235)
    pygame.draw.rect(surface, colour, (rect.x, rect.y, 8, rect.h), border_radius=4)
    # The left column ends where the slots begin (x + 200), so nothing here runs into them.
    surface.blit(render_line(f"{me.name} (you)", 180, 17, theme.TEXT, "bold"), (rect.x + 14, rect.y + 6))
    surface.blit(render_line(f"Level {me.level}", 180, 30, theme.YELLOW, "bold"), (rect.x + 14, rect.y + 28))
    identity = render_block(f"{scene.identity(me)} · {me.sex}", 180, 38, 15, theme.TEXT, min_size=12)
    surface.blit(identity, (rect.x + 14, rect.y + 62))
    curses = len(me.curses)
    gear = f"gear {me.gear:+d}" + (f" · {plural(curses, 'curse')}" if curses else "")
    surface.blit(render_line(gear, 180, 14, theme.TEXT_DIM), (rect.x + 14, rect.bottom - 24))
    label = render_line(
        "Worn by slot · races, classes, Hireling, curses · carried items lie sideways",
        rect.w - 210,
        14,
        theme.TEXT_DIM,
    )
    surface.blit(label, (rect.x + 200, rect.y + 8))
    for name, box in scene.slot_boxes:
        pygame.draw.rect(surface, (48, 56, 70), box, border_radius=6)
        pygame.draw.rect(surface, theme.PANEL_EDGE, box, 1, border_radius=6)
        surface.blit(render_line(name, box.w - 6, 13, theme.TEXT_DIM), (box.x + 4, box.y + 2))


def slot_of(cards: Cards, card: str) -> str:
    """The slot an item is worn in, as the area's boxes name them (a big item without a slot: \"big\")."""
    found = cards.get(card)
    if found is None:
        return "none"
    if getattr(found, "big", False) and getattr(found, "slot", "none") == "none":
        return "big"
    slot = str(getattr(found, "slot", "none"))
    return slot if slot in SLOT_ORDER else "none"


def hireling(player: PlayerView) -> list[str]:
    """The player's Hireling card, if any, as a one-card list."""
    return [player.hireling] if player.hireling else []
