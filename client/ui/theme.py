"""Colours and fonts for every screen; the Okabe-Ito palette lets colour-blind players tell them apart."""

from __future__ import annotations

from functools import cache
from pathlib import Path

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

_FONT_FILES = {
    "regular": ("DejaVuSans.ttf", "LiberationSans-Regular.ttf"),
    "bold": ("DejaVuSans-Bold.ttf", "LiberationSans-Bold.ttf"),
    "condensed": ("DejaVuSansCondensed.ttf", "DejaVuSans.ttf", "LiberationSansNarrow-Regular.ttf"),
}
_FONT_DIRS = (
    Path("/usr/share/fonts/truetype/dejavu"),
    Path("/usr/share/fonts/TTF"),
    Path("/usr/share/fonts/dejavu"),
    Path("/usr/share/fonts/truetype/liberation"),
    Path("/Library/Fonts"),
    Path("C:/Windows/Fonts"),
)


@cache
def _font_path(style: str) -> str | None:
    # A common system sans if there is one, else pygame's bundled font (None); no fc-list subprocess.
    for name in _FONT_FILES.get(style, ()):
        for folder in _FONT_DIRS:
            if (folder / name).is_file():
                return str(folder / name)
    return None


@cache
def font(size: int, style: str = "regular") -> pygame.font.Font:
    """A cached font; `style` is regular, bold or condensed."""
    if not pygame.font.get_init():
        pygame.font.init()
    path = _font_path(style)
    f = pygame.font.Font(path, max(6, size))
    if path is None and style == "regular":
        f.set_bold(False)
    return f


def scale_for(surface_height: int) -> float:
    """UI scale: 1.0 at 720 lines, growing with the window."""
    return max(0.75, surface_height / 720)
