"""Card backs designed per deck: a Door is an iron-banded oak door, a Treasure a gold lattice around a coin.

Each deck also says its name on the back, so shape and word tell the decks apart, never colour alone.
"""

from __future__ import annotations

import math

import pygame

from ..ui import theme
from ..ui.text import render_line
from .icons import emblem


def _frame(s: pygame.Surface, edge: theme.Colour, field: theme.Colour, rule: theme.Colour) -> pygame.Rect:
    w = s.get_width()
    radius = max(4, w // 16)
    pygame.draw.rect(s, edge, s.get_rect(), border_radius=radius)
    inner = s.get_rect().inflate(-max(4, w // 10), -max(4, w // 10))
    pygame.draw.rect(s, field, inner, border_radius=max(3, radius - 2))
    pygame.draw.rect(s, rule, inner, max(1, w // 45), border_radius=max(3, radius - 2))
    return inner


def _label(s: pygame.Surface, text: str, inner: pygame.Rect, y: int, ink: theme.Colour) -> None:
    w = s.get_width()
    if w < 30:
        return
    label = render_line(text, inner.w - 6, max(9, w // 7), ink, "title")
    s.blit(label, label.get_rect(center=(w // 2, y)))


def door_back(w: int, h: int) -> pygame.Surface:
    """An arched oak door with planks, two iron bands, studs and a ring pull, on a dark red frame."""
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    inner = _frame(s, (60, 22, 18), (96, 34, 26), (196, 150, 90))
    door = pygame.Rect(0, 0, int(inner.w * 0.7), int(inner.h * 0.72))
    door.midtop = (inner.centerx, inner.y + max(3, inner.h // 14))
    arch_r = door.w // 2
    body = pygame.Rect(door.x, door.y + arch_r, door.w, door.h - arch_r)
    oak, dark = (142, 92, 50), (86, 52, 26)
    pygame.draw.circle(s, oak, (door.centerx, door.y + arch_r), arch_r)
    pygame.draw.rect(s, oak, body)
    planks = 4
    for i in range(1, planks):
        x = door.x + door.w * i // planks
        pygame.draw.line(s, dark, (x, door.y + max(1, arch_r // 3) if i != 2 else door.y), (x, body.bottom), 1)
    for frac in (0.3, 0.75):  # iron bands with studs
        y = body.y + int(body.h * frac) - (arch_r if frac < 0.5 else 0) // 2
        band = pygame.Rect(door.x, y, door.w, max(2, h // 40))
        pygame.draw.rect(s, (54, 54, 60), band)
        for k in range(planks):
            cx = door.x + door.w * (2 * k + 1) // (2 * planks)
            pygame.draw.circle(s, (170, 170, 176), (cx, band.centery), max(1, w // 50))
    pygame.draw.circle(s, (40, 40, 44), (door.centerx, door.y + arch_r), arch_r, max(1, w // 40))
    pygame.draw.rect(s, (40, 40, 44), body, max(1, w // 40))
    ring = (door.right - door.w // 4, body.y + body.h // 2)
    pygame.draw.circle(s, (214, 180, 90), ring, max(2, w // 18), max(1, w // 60))
    pygame.draw.line(s, (30, 20, 12), (door.x - 2, body.bottom), (door.right + 2, body.bottom), max(1, w // 40))
    _label(s, "DOOR", inner, (body.bottom + inner.bottom) // 2 + 1, theme.PARCHMENT)
    return s


def treasure_back(w: int, h: int) -> pygame.Surface:
    """A gold field with a diamond lattice, and a big stamped coin in a ring of little ones."""
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    inner = _frame(s, (120, 78, 10), (214, 166, 40), (255, 236, 150))
    clip = s.subsurface(inner)
    step = max(6, w // 6)
    for k in range(-inner.h // step - 2, inner.w // step + inner.h // step + 2):
        x = k * step
        pygame.draw.line(clip, (186, 136, 24), (x, 0), (x + inner.h, inner.h), 1)
        pygame.draw.line(clip, (186, 136, 24), (x, inner.h), (x + inner.h, 0), 1)
    centre = (inner.centerx, inner.y + int(inner.h * 0.44))
    r = int(inner.w * 0.32)
    for i in range(8):  # little coins around the big one
        a = i * math.tau / 8
        c = (int(centre[0] + math.cos(a) * r * 1.25), int(centre[1] + math.sin(a) * r * 1.25))
        pygame.draw.circle(s, (250, 214, 90), c, max(1, r // 5))
        pygame.draw.circle(s, (140, 96, 12), c, max(1, r // 5), 1)
    pygame.draw.circle(s, (140, 96, 12), centre, r + max(1, w // 40))
    pygame.draw.circle(s, (252, 220, 100), centre, r)
    pygame.draw.circle(s, (190, 140, 30), centre, int(r * 0.78), max(1, w // 50))
    art = pygame.Rect(0, 0, int(r * 1.2), int(r * 1.2))
    art.center = centre
    emblem(s, "coin", art, (120, 78, 10), (236, 190, 60))
    _label(s, "TREASURE", inner, inner.bottom - max(6, h // 9), (70, 44, 6))
    return s


def plain_back(deck: str, w: int, h: int) -> pygame.Surface:
    """Any other deck (Wonderland's monsters): its colour, its emblem and its name."""
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    colour = (110, 40, 60) if deck == "monster" else (70, 80, 110)
    inner = _frame(s, (60, 20, 32), colour, (220, 190, 200))
    art = pygame.Rect(0, 0, w * 2 // 3, w * 2 // 3)
    art.center = (w // 2, h // 2 - h // 12)
    emblem(s, "monster" if deck == "monster" else "star", art, (40, 12, 20), (200, 150, 170))
    _label(s, deck.upper(), inner, art.bottom + max(6, h // 10), theme.PARCHMENT)
    return s


def designed_back(deck: str, w: int, h: int) -> pygame.Surface:
    if deck == "door":
        return door_back(w, h)
    if deck == "treasure":
        return treasure_back(w, h)
    return plain_back(deck, w, h)
