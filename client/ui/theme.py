"""Colours and fonts for every screen; the Okabe-Ito palette lets colour-blind players tell them apart."""

from __future__ import annotations

from functools import cache
from importlib import resources

import pygame

Colour = tuple[int, int, int]

# Okabe-Ito: distinguishable under the common colour-vision deficiencies. Each also gets a letter or shape
# wherever it marks a player, so colour is never the only cue.
ORANGE: Colour = (230, 159, 0)
SKY: Colour = (86, 180, 233)
GREEN: Colour = (0, 158, 115)
YELLOW: Colour = (240, 228, 66)
BLUE: Colour = (0, 114, 178)
VERMILLION: Colour = (213, 94, 0)
PURPLE: Colour = (204, 121, 167)
GREY: Colour = (150, 150, 150)

PLAYER_COLOURS: tuple[Colour, ...] = (VERMILLION, SKY, GREEN, YELLOW, PURPLE, ORANGE)
PLAYER_COLOUR_NAMES = ("vermillion", "sky", "green", "yellow", "purple", "orange")
PLAYER_MARKS = ("▲", "●", "■", "◆", "★", "✚")  # drawn as shapes, see render.shapes

# The host names seat colours; each name maps onto the palette above.
COLOUR_BY_NAME: dict[str, Colour] = {
    "red": VERMILLION,
    "blue": SKY,
    "green": GREEN,
    "yellow": YELLOW,
    "purple": PURPLE,
    "orange": ORANGE,
}


def seat_colour(seat: int, name: str | None = None) -> Colour:
    """A seat's colour: the one the host gave it by name, else the palette in seat order."""
    if name in COLOUR_BY_NAME:
        return COLOUR_BY_NAME[name]
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]


BG: Colour = (24, 28, 36)
TABLE: Colour = (30, 64, 52)
TABLE_EDGE: Colour = (20, 44, 36)
PANEL: Colour = (40, 46, 58)
PANEL_EDGE: Colour = (90, 100, 120)
TEXT: Colour = (236, 236, 236)
TEXT_DIM: Colour = (160, 166, 178)
TEXT_DARK: Colour = (24, 24, 28)
ACCENT: Colour = ORANGE
BUTTON: Colour = (58, 92, 140)
BUTTON_HOVER: Colour = (76, 118, 176)
BUTTON_DOWN: Colour = (44, 70, 110)
BUTTON_OFF: Colour = (62, 64, 70)
FOCUS: Colour = YELLOW
GOOD: Colour = SKY  # "you are winning": blue/orange instead of green/red
BAD: Colour = ORANGE
PARCHMENT: Colour = (244, 236, 214)

# The bundled faces (assets/fonts/, SIL Open Font License): text lays out the same on every machine.
# Linux Biolinum for reading, Yanone Kaffeesatz for card names and headings. Biolinum and Kaffeesatz draw
# small for their nominal size, so each is scaled to about the width DejaVu Sans gave at the same size.
_FONT_FILES: dict[str, tuple[str, float]] = {
    "regular": ("LinBiolinum_R.otf", 1.15),
    "bold": ("LinBiolinum_RB.otf", 1.15),
    "condensed": ("LinBiolinum_R.otf", 1.05),
    "title": ("YanoneKaffeesatz-Bold.otf", 1.2),
}


def font_file(style: str) -> str:
    """The path of the bundled font file for `style` (regular, bold, condensed or title)."""
    name = _FONT_FILES.get(style, _FONT_FILES["regular"])[0]
    return str(resources.files("doorkick.assets") / "fonts" / name)


@cache
def font(size: int, style: str = "regular") -> pygame.font.Font:
    """A cached font; `style` is regular, bold, condensed or title (card names and headings)."""
    if not pygame.font.get_init():
        pygame.font.init()
    scale = _FONT_FILES.get(style, _FONT_FILES["regular"])[1]
    return pygame.font.Font(font_file(style), max(6, round(size * scale)))


def scale_for(surface_height: int) -> float:
    """UI scale: 1.0 at 720 lines, growing with the window."""
    return max(0.75, surface_height / 720)
