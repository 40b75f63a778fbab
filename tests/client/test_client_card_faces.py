"""Every card of the shipped packs gets a readable face at 1280x720: nothing overflows or is cut when zoomed."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from doorkick.client.render.cards import (
    TEXT_MIN,
    TITLE_MIN,
    TITLE_STYLE,
    draw_back,
    draw_face,
    face_layout,
    face_of,
)
from doorkick.client.ui.text import fit
from doorkick.shared.rules.cards import builtin_pack_names

ZOOM_W = 300  # the zoomed card at 720 lines
HAND_W = 110  # a card in the hand at 720 lines

pygame.font.init()


def shipped_cards() -> list[Any]:
    cards: list[Any] = []
    if builtin_pack_names("munchkin"):
        from doorkick.shared.rules.munchkin.cards import load_munchkin_packs

        for pack in load_munchkin_packs(tuple(builtin_pack_names("munchkin"))):
            cards += pack.cards
    if builtin_pack_names("wonderland"):
        from doorkick.shared.rules.wonderland.cards import load_catalog

        cards += list({c.id: c for c in load_catalog(tuple(builtin_pack_names("wonderland"))).defs.values()}.values())
    return cards


CARDS = shipped_cards()


def test_the_shipped_packs_have_cards() -> None:
    assert CARDS


@pytest.mark.parametrize("width", [HAND_W, ZOOM_W])
def test_every_face_renders_at_its_size(width: int) -> None:
    for card in CARDS:
        img = draw_face(face_of(card), width)
        assert img.get_width() == width
        assert img.get_bounding_rect().size == img.get_size()


def test_zoomed_faces_show_the_whole_title_and_text() -> None:
    problems = []
    for card in CARDS:
        face = face_of(card)
        lay = face_layout(face, ZOOM_W)
        title = fit(face.name, lay.title_box.w, lay.title_box.h, lay.title_size, TITLE_MIN, TITLE_STYLE)
        body = fit(face.text, lay.text_box.w, lay.text_box.h, lay.text_size, TEXT_MIN)
        if title.truncated or title.size < 11:
            problems.append(f"{face.key}: title cut or tiny ({title.size}px)")
        if face.text and (body.truncated or body.size < 10):
            problems.append(f"{face.key}: rules text cut or tiny ({body.size}px)")
    assert not problems, "\n".join(problems)


def test_card_backs_for_every_deck() -> None:
    for deck in ("door", "treasure", "monster"):
        assert draw_back(deck, HAND_W).get_width() == HAND_W
