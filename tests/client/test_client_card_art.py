"""Every card has a picture of its own that fits it, drawn on its face; a pack may bring its own image files."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pygame
import pytest

from doorkick.client.render.cards import draw_face, face_layout, face_of
from doorkick.client.render.icons import kind_picture, picture, tinted_picture, worn_pictures
from doorkick.shared.rules.cards import Pack, builtin_pack_names, load_packs, picture_names
from doorkick.shared.rules.munchkin.cards import KINDS, CardDef, load_munchkin_packs
from doorkick.shared.rules.wonderland import cards as wonderland_cards

pygame.font.init()


def shipped_packs() -> list[Pack[Any]]:
    packs: list[Pack[Any]] = list(load_munchkin_packs(tuple(builtin_pack_names("munchkin"))))
    packs += load_packs(tuple(builtin_pack_names("wonderland")), "wonderland", wonderland_cards.parse_card)
    return packs


PACKS = shipped_packs()


def test_every_shipped_pack_is_checked() -> None:
    assert {p.id for p in PACKS} >= {"core", "christmas", "epic", "fairy-dust", "wonderland"}


@pytest.mark.parametrize("pack", PACKS, ids=lambda p: p.id)
def test_every_card_of_a_pack_names_a_picture_of_its_own(pack: Pack[Any]) -> None:
    nameless = [c.id for c in pack.cards if c.art not in picture_names()]
    assert not nameless, f"{pack.id}: cards without a picture of the set: {nameless}"
    shared = {art: n for art, n in Counter(c.art for c in pack.cards).items() if n > 1}
    assert not shared, f"{pack.id}: pictures used by more than one card: {shared}"


@pytest.mark.parametrize("pack", PACKS, ids=lambda p: p.id)
def test_no_two_monsters_of_a_pack_share_a_picture(pack: Pack[Any]) -> None:
    monsters = [c.art for c in pack.cards if c.kind in ("monster", "wandering_monster")]
    assert monsters and len(set(monsters)) == len(monsters)


def item_slot(card: CardDef) -> str:
    if card.slot == "hands":
        return "two_hands" if card.hands == 2 else "one_hand"
    return card.slot


def test_an_items_picture_fits_its_slot() -> None:
    worn = worn_pictures()
    wrong = []
    items = [c for p in PACKS if p.game == "munchkin" for c in p.cards if c.kind == "item"]
    for card in items:
        slots = [item_slot(card)] if card.slot != "none" else []
        if "shield" in card.name.lower():
            slots.append("shield")
        wrong += [f"{card.id} ({card.art}) is no {slot}" for slot in slots if card.art not in worn[slot]]
    assert len(items) > 50 and not wrong, "\n".join(wrong)


def test_the_slot_lists_name_only_pictures_of_the_set() -> None:
    worn = worn_pictures()
    assert set(worn) == {"headgear", "armor", "footgear", "one_hand", "two_hands", "shield"}
    assert worn["shield"] <= worn["one_hand"]
    assert not set().union(*worn.values()) - picture_names()


def test_every_kind_has_a_picture_to_fall_back_on() -> None:
    for kind in KINDS:
        assert kind_picture("munchkin", kind) in picture_names(), kind
    for wonderland_kind in wonderland_cards.KINDS:
        assert kind_picture("wonderland", wonderland_kind) in picture_names(), wonderland_kind


def test_a_card_without_art_shows_its_kinds_picture() -> None:
    card = CardDef(id="plain-goose", name="Plain Goose", kind="monster", deck="door", text="", level=2)
    assert face_of(card).art == kind_picture("munchkin", "monster")
    friend = wonderland_cards.CardDef("plain-friend", "Plain Friend", "friend", bonus=1)
    assert face_of(friend).art == kind_picture("wonderland", "friend")


def test_every_picture_of_the_set_loads_and_is_tinted() -> None:
    for name in sorted(picture_names()):
        img = picture(name, 48)
        assert img is not None and img.get_size() == (48, 48), name
        assert img.get_bounding_rect().w > 8, f"{name} drew nothing"
    inked = tinted_picture("flamingo", 48, (200, 40, 10))
    assert inked is not None
    opaque = [inked.get_at((x, y)) for x in range(48) for y in range(48) if inked.get_at((x, y)).a == 255]
    assert opaque and all(p[:3] == (200, 40, 10) for p in opaque)


def art_pixels(card: Any, width: int) -> list[tuple[int, ...]]:
    face = face_of(card)
    img = draw_face(face, width)
    area = face_layout(face, width).art
    return [tuple(img.get_at((x, y))) for x in range(area.x, area.right) for y in range(area.y, area.bottom)]


def test_faces_show_their_own_picture() -> None:
    core = next(p for p in PACKS if p.id == "core")
    monsters = [c for c in core.cards if c.kind == "monster"][:6]
    panels = [art_pixels(card, 110) for card in monsters]
    assert len({tuple(p) for p in panels}) == len(panels)  # six monsters, six different pictures


def test_a_packs_own_image_file_is_drawn_as_it_is(tmp_path: Path) -> None:
    (tmp_path / "pics").mkdir()
    goose = pygame.Surface((60, 40), pygame.SRCALPHA)
    goose.fill((10, 200, 30, 255))
    pygame.image.save(goose, str(tmp_path / "pics" / "goose.png"))
    pack_file = tmp_path / "geese.toml"
    pack_file.write_text(
        '[pack]\nid = "geese"\nname = "Geese"\ngame = "munchkin"\n\n'
        '[[cards]]\nid = "own-goose"\nkind = "monster"\nname = "Own Goose"\nart = "pics/goose.png"\nlevel = 3\n',
        "utf-8",
    )
    card = load_munchkin_packs((str(pack_file),))[0].cards[0]
    assert Path(card.art) == tmp_path / "pics" / "goose.png"
    img = tinted_picture(card.art, 30, (0, 0, 0))
    assert img is not None and img.get_size() == (30, 20)
    assert tuple(img.get_at((15, 10)))[:3] == (10, 200, 30)  # its own colours, not tinted
    assert (10, 200, 30, 255) in art_pixels(card, 300)
