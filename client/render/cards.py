"""Card faces and backs from card data: frame and colour by kind, title, badge, type line, text, Gold."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import pygame

from ..ui import theme
from ..ui.text import render_block, render_line
from .backs import designed_back
from .icons import emblem, kind_picture, tinted_picture
from .table_surface import card_shadow

CARD_RATIO = 7 / 5  # height / width, a standard playing card
COMPACT_BELOW = 150  # narrower than this, the rules text is left for the zoomed view


@dataclass(frozen=True)
class Face:
    """What a card face shows, whatever game it comes from."""

    key: str  # a stable id for caching
    name: str
    kind_label: str
    type_line: str
    text: str
    colour: theme.Colour
    emblem: str
    badge: str = ""  # "8" for a level-8 monster, "+3" for a bonus
    badge_label: str = ""  # "Level", "Bonus"
    footer_left: str = ""
    footer_right: str = ""  # "300 Gold"
    deck: str = "door"
    art: str = ""  # its picture (icons.picture); the emblem stands in when that cannot be drawn


# Munchkin kinds: a colour from the colour-blind-safe palette, an emblem and a name, so colour is never
# the only clue to a card's kind.
MUNCHKIN_KINDS: dict[str, tuple[theme.Colour, str, str]] = {
    "monster": (theme.VERMILLION, "monster", "Monster"),
    "wandering_monster": (theme.VERMILLION, "monster", "Wandering Monster"),
    "curse": (theme.PURPLE, "skull", "Curse"),
    "race": (theme.GREEN, "shield", "Race"),
    "class": (theme.BLUE, "shield", "Class"),
    "half_breed": (theme.GREEN, "star", "Half-Breed"),
    "super_munchkin": (theme.BLUE, "star", "Super Munchkin"),
    "enhancer": (theme.ORANGE, "plus", "Monster Enhancer"),
    "mate": (theme.SKY, "heart", "Mate"),
    "cheat": (theme.GREY, "star", "Cheat!"),
    "hireling": (theme.SKY, "shield", "Hireling"),
    "item": (theme.YELLOW, "sword", "Item"),
    "one_shot": (theme.ORANGE, "potion", "One-Shot"),
    "go_up_a_level": (theme.SKY, "arrow", "Go Up a Level"),
}

SLOT_NAMES = {"headgear": "Headgear", "armor": "Armour", "footgear": "Footgear", "hands": "Hands"}
DURATIONS = {"next_combat": "until next combat", "permanent": "stays until removed"}


def munchkin_face(card: Any) -> Face:
    """The face of a Munchkin `CardDef`."""
    colour, icon, label = MUNCHKIN_KINDS.get(card.kind, (theme.GREY, "star", card.kind.replace("_", " ").title()))
    parts = [label]
    badge = badge_label = footer_left = footer_right = ""
    if card.kind in ("monster", "wandering_monster"):
        badge, badge_label = str(card.level), "Level"
        if card.undead:
            parts.append("Undead")
        footer_left = f"{card.treasures} Treasure{'s' if card.treasures != 1 else ''}"
        if card.levels > 1:
            footer_right = f"{card.levels} Levels"
    elif card.kind == "enhancer":
        badge, badge_label = f"{card.level:+d}", "Monster"
        if card.treasures:
            footer_left = f"{card.treasures:+d} Treasure{'s' if abs(card.treasures) != 1 else ''}"
    elif card.kind == "item":
        if card.slot in SLOT_NAMES:
            parts.append(
                SLOT_NAMES[card.slot] if card.slot != "hands" else f"{card.hands} Hand{'s' if card.hands > 1 else ''}"
            )
        if card.big:
            parts.append("Big")
        if card.bonus:
            badge, badge_label = f"{card.bonus:+d}", "Bonus"
        if card.usable_by:
            footer_left = "Only " + ", ".join(t.title() for t in card.usable_by)
        elif card.not_usable_by:
            footer_left = "Not " + ", ".join(t.title() for t in card.not_usable_by)
    elif card.kind == "one_shot":
        if card.bonus:
            badge, badge_label = f"{card.bonus:+d}", "Bonus"
    elif card.kind in ("race", "class"):
        parts.append(card.trait.title())
    elif card.kind == "curse":
        if card.duration in DURATIONS:
            parts.append(DURATIONS[card.duration])
    elif card.kind == "go_up_a_level":
        badge, badge_label = f"+{card.levels}", "Level"
    elif card.kind == "hireling" and card.bonus:
        badge, badge_label = f"{card.bonus:+d}", "Bonus"
    if getattr(card, "value", 0):
        footer_right = f"{card.value} Gold"
    return Face(
        key=f"m:{card.id}",
        name=card.name,
        kind_label=label,
        type_line=" · ".join(parts),
        text=card.text,
        colour=colour,
        emblem=icon,
        badge=badge,
        badge_label=badge_label,
        footer_left=footer_left,
        footer_right=footer_right,
        deck=card.deck,
        art=getattr(card, "art", "") or kind_picture("munchkin", card.kind),
    )


WONDERLAND_KINDS: dict[str, tuple[theme.Colour, str, str]] = {
    "monster": (theme.VERMILLION, "monster", "Monster"),
    "friend": (theme.SKY, "heart", "Friend"),
    "bonus": (theme.ORANGE, "plus", "Bonus"),
    "change_die": (theme.PURPLE, "potion", "Change a Die"),
    "extra_die": (theme.GREEN, "star", "Extra Die"),
    "get_away": (theme.BLUE, "arrow", "Get Away"),
    "take_back": (theme.YELLOW, "coin", "Take Back"),
}


def wonderland_face(card: Any) -> Face:
    """The face of a Wonderland `CardDef` (or any record with kind, name, text, bonus, gold)."""
    kind = str(getattr(card, "kind", "card"))
    colour, icon, label = WONDERLAND_KINDS.get(kind, (theme.GREY, "star", kind.replace("_", " ").title()))
    parts = [label]
    badge = badge_label = footer_left = ""
    bonus = getattr(card, "bonus", 0)
    if isinstance(bonus, int) and bonus:
        badge, badge_label = f"+{bonus}", "Bonus"
    draw = getattr(card, "draw", 0)
    if kind == "monster":
        parts[0] = "Monster card"
        if draw:
            footer_left = f"Draw {draw} more Monsters!"
    elif kind == "friend":
        parts.append("stays in play")
    else:
        parts.append("one use")
    gold = getattr(card, "gold", 0)
    deck = getattr(card, "deck", "monster" if kind == "monster" else "treasure")
    return Face(
        key=f"w:{getattr(card, 'id', card.name)}",
        name=card.name,
        kind_label=label,
        type_line=" · ".join(parts),
        text=str(getattr(card, "text", "")),
        colour=colour,
        emblem=icon,
        badge=badge,
        badge_label=badge_label,
        footer_left=footer_left,
        footer_right=f"{gold} Gold" if isinstance(gold, int) and gold else "",
        deck=str(deck),
        art=str(getattr(card, "art", "")) or kind_picture("wonderland", kind),
    )


def face_of(card: Any) -> Face:
    if isinstance(card, Face):
        return card
    if "munchkin" in type(card).__module__:
        return munchkin_face(card)
    return wonderland_face(card)


def card_size(width: int) -> tuple[int, int]:
    return width, round(width * CARD_RATIO)


def _darker(c: theme.Colour, f: float = 0.55) -> theme.Colour:
    return (int(c[0] * f), int(c[1] * f), int(c[2] * f))


def _ink_on(c: theme.Colour) -> theme.Colour:
    # Dark text on light fills, light on dark: luminance decides, never the hue.
    return theme.TEXT_DARK if 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2] > 140 else theme.TEXT


@dataclass(frozen=True)
class FaceLayout:
    """Where each part of a face goes on a card `width` pixels wide, and the font sizes it starts from."""

    width: int
    height: int
    pad: int
    radius: int
    inner: pygame.Rect
    title: pygame.Rect
    title_box: pygame.Rect
    title_size: int
    badge_r: int
    type_rect: pygame.Rect
    type_size: int
    art: pygame.Rect
    text_box: pygame.Rect
    text_size: int
    footer: pygame.Rect
    footer_size: int


def face_layout(face: Face, width: int) -> FaceLayout:
    w, h = card_size(width)
    radius = max(4, w // 16)
    pad = max(3, w // 28)
    inner = pygame.Rect(0, 0, w, h).inflate(-pad * 3, -pad * 3)
    compact = w < COMPACT_BELOW
    # Title banner across the top, leaving room for the badge on the left.
    title_h = max(18, int(h * (0.13 if compact else 0.11)))
    badge_r = title_h // 2 + max(1, w // 60) if face.badge else 0
    title = pygame.Rect(inner.x + pad, inner.y + pad, inner.w - 2 * pad, title_h)
    text_left = title.x + (2 * badge_r + pad if face.badge else pad)
    title_box = pygame.Rect(text_left, title.y + 2, title.right - text_left - pad, title.h - 4)
    title_size = max(11, title_h * 2 // 3 if compact else title_h // 2 + 2)
    type_h = max(12, int(h * 0.065))
    type_rect = pygame.Rect(inner.x + pad, title.bottom + 2, inner.w - 2 * pad, type_h)
    footer_h = max(12, int(h * 0.07)) if face.footer_left or face.footer_right else 0
    footer = pygame.Rect(inner.x + pad, inner.bottom - pad - footer_h, inner.w - 2 * pad, footer_h)
    # Emblem panel, then the rules text (left out on small cards; the zoomed card shows it).
    if compact:
        art = pygame.Rect(inner.x + pad, type_rect.bottom + 2, inner.w - 2 * pad, footer.y - type_rect.bottom - 6)
        text_box = pygame.Rect(inner.x, art.bottom, 0, 0)
    else:
        art = pygame.Rect(inner.x + pad, type_rect.bottom + 2, inner.w - 2 * pad, int(h * 0.26))
        text_box = pygame.Rect(
            inner.x + pad + 2, art.bottom + pad, inner.w - 2 * pad - 4, footer.y - art.bottom - 2 * pad
        )
    return FaceLayout(
        w,
        h,
        pad,
        radius,
        inner,
        title,
        title_box,
        title_size,
        badge_r,
        type_rect,
        max(8, type_h * 4 // 5),
        art,
        text_box,
        max(10, w // 17),
        footer,
        max(8, footer_h * 4 // 5),
    )


TITLE_MIN, TEXT_MIN, LINE_MIN = 8, 8, 7
TITLE_STYLE = "title"  # card names in the title face (theme.font)


@lru_cache(maxsize=512)
def draw_face(face: Face, width: int) -> pygame.Surface:
    """The card face `width` pixels wide (cached); below COMPACT_BELOW the rules text is omitted."""
    lay = face_layout(face, width)
    s = pygame.Surface((lay.width, lay.height), pygame.SRCALPHA)
    pygame.draw.rect(s, _darker(face.colour), s.get_rect(), border_radius=lay.radius)
    pygame.draw.rect(s, face.colour, s.get_rect().inflate(-lay.pad, -lay.pad), border_radius=lay.radius)
    pygame.draw.rect(s, theme.PARCHMENT, lay.inner, border_radius=max(3, lay.radius - 2))

    pygame.draw.rect(s, _darker(face.colour, 0.35), lay.title, border_radius=4)
    img = render_block(
        face.name,
        lay.title_box.w,
        lay.title_box.h,
        lay.title_size,
        theme.TEXT,
        min_size=TITLE_MIN,
        style=TITLE_STYLE,
    )
    s.blit(
        img,
        (lay.title_box.x, lay.title_box.y + max(0, (lay.title_box.h - img.get_bounding_rect().bottom) // 2)),
    )

    img = render_line(
        face.type_line, lay.type_rect.w, lay.type_size, _darker(face.colour, 0.4), "bold", min_size=LINE_MIN
    )
    s.blit(img, img.get_rect(midleft=lay.type_rect.midleft))

    draw_art(s, face, lay.art)
    if lay.text_box.h > 8 and face.text:
        body = render_block(
            face.text, lay.text_box.w, lay.text_box.h, lay.text_size, theme.TEXT_DARK, min_size=TEXT_MIN
        )
        s.blit(body, lay.text_box.topleft)

    footer = lay.footer
    if footer.h:
        half = footer.w // 2 - 2
        if face.footer_left:
            left_w = footer.w - (half if face.footer_right else 0)
            img = render_line(face.footer_left, left_w, lay.footer_size, theme.TEXT_DARK, "bold", min_size=LINE_MIN)
            s.blit(img, img.get_rect(midleft=footer.midleft))
        if face.footer_right:
            img = render_line(
                face.footer_right,
                half if face.footer_left else footer.w,
                lay.footer_size,
                (120, 84, 0),
                "bold",
                min_size=LINE_MIN,
            )
            s.blit(img, img.get_rect(midright=footer.midright))

    if face.badge:
        centre = (lay.title.x + lay.badge_r - 2, lay.title.centery)
        pygame.draw.circle(s, theme.PARCHMENT, centre, lay.badge_r + 2)
        pygame.draw.circle(s, _darker(face.colour, 0.35), centre, lay.badge_r + 2, 2)
        img = render_line(
            face.badge,
            lay.badge_r * 2 - 2,
            int(lay.badge_r * 1.2),
            theme.TEXT_DARK,
            "bold",
            min_size=LINE_MIN,
        )
        s.blit(img, img.get_rect(center=centre))
    return s


def draw_art(surface: pygame.Surface, face: Face, rect: pygame.Rect) -> None:
    """The picture panel, framed alike for every card of a kind: a pale field of the kind's colour with a
    lighter medallion, the picture inked in the kind's darkest shade over a soft shadow, and a double rule."""
    colour = face.colour
    pygame.draw.rect(surface, _lighter(colour), rect, border_radius=4)
    medallion = min(rect.w, rect.h) * 9 // 20
    pygame.draw.circle(surface, _lighter(colour, 0.15), rect.center, medallion)
    pygame.draw.circle(surface, _lighter(colour, 0.6), rect.center, medallion, max(1, medallion // 24))
    size = min(rect.w, rect.h) - max(6, min(rect.w, rect.h) // 7)
    ink = tinted_picture(face.art, size, _darker(colour, 0.3))
    if ink is None:
        emblem(surface, face.emblem, rect.inflate(-4, -4), _darker(colour, 0.3), colour)
    else:
        shadow = tinted_picture(face.art, size, (0, 0, 0))
        at = ink.get_rect(center=rect.center)
        if shadow is not None and shadow is not ink:
            shadow = shadow.copy()
            shadow.set_alpha(60)
            surface.blit(shadow, at.move(max(1, size // 40), max(1, size // 40)))
        surface.blit(ink, at)
    pygame.draw.rect(surface, _darker(colour, 0.7), rect, max(1, rect.w // 90), border_radius=4)
    pygame.draw.rect(surface, colour, rect.inflate(-4, -4), 1, border_radius=3)


def _lighter(c: theme.Colour, keep: float = 1 / 3) -> theme.Colour:
    # `keep` of the colour, the rest white
    return (
        round(255 - (255 - c[0]) * keep),
        round(255 - (255 - c[1]) * keep),
        round(255 - (255 - c[2]) * keep),
    )


@lru_cache(maxsize=64)
def draw_back(deck: str, width: int) -> pygame.Surface:
    """The back of a Door or Treasure card (or another deck's), each designed apart: see `render.backs`."""
    w, h = card_size(width)
    return designed_back(deck, w, h)


def blit_card(
    surface: pygame.Surface,
    img: pygame.Surface,
    center: tuple[float, float],
    angle: float = 0.0,
    lift: int = 0,
) -> pygame.Rect:
    """Draw a card image centred (optionally rotated by `angle` degrees) with a soft shadow."""
    if abs(angle) > 0.5:
        img = pygame.transform.rotate(img, angle)
    rect = img.get_rect(center=(round(center[0]), round(center[1]) - lift))
    # Softer and further off the higher it is held; a turning card's shadow comes in a few sizes, so the cache
    # keeps up.
    size = (rect.w // 16 * 16, rect.h // 16 * 16) if abs(angle) > 0.5 else rect.size
    shade = card_shadow(size, max(4, rect.w // 14), lift)
    spot = shade.get_rect(center=rect.center).move(3 + lift // 3, 4 + lift // 3)
    surface.blit(shade, spot)
    surface.blit(img, rect.topleft)
    return rect
