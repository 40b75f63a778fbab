"""The cards in front of each player on the big screen read across the room at 1920x1080: every item, curse,
Hireling and Friend is a plate whose name is drawn in type no smaller than the screen's small lines (a card face
there printed its name in 9-pixel type), and no plate covers another."""

from __future__ import annotations

from typing import Any

import layout_scenes
import pygame
import pytest
from msgspec.structs import replace
from test_client_big_screen import FULL_HD, fed_a_table, shoot

from doorkick.client.app import App
from doorkick.client.scenes import big_screen_cards
from doorkick.client.settings import Settings
from doorkick.client.ui.text import fit, line_size, render_block, render_line
from doorkick.shared.rules.munchkin.view import MunchkinView
from doorkick.shared.rules.wonderland.view import WonderlandView

READABLE = 15  # pixels: the smallest type a plate may print a name in at 1920x1080


def names_drawn(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """Every text a plate draws, with the size of type it came out in."""
    sizes: dict[str, int] = {}
    line, block = render_line, render_block

    def on_a_line(text: str, width: int, size: int, colour: Any, style: str = "regular", least: int = 8) -> Any:
        sizes[text] = line_size(text, width, size, style, least)
        return line(text, width, size, colour, style, least)

    def in_a_block(text: str, width: int, height: int, size: int, colour: Any, least: int = 9, style: str = "") -> Any:
        sizes[text] = fit(text, width, height, size, least, style).size
        return block(text, width, height, size, colour, least, style)

    monkeypatch.setattr(big_screen_cards, "render_line", on_a_line)
    monkeypatch.setattr(big_screen_cards, "render_block", in_a_block)
    big_screen_cards.plate.cache_clear()
    return sizes


@pytest.mark.parametrize("arranged", ["munchkin-six", "munchkin-fight", "wonderland-friends"])
def test_every_card_in_front_of_a_player_reads_across_the_room(arranged: str, monkeypatch: pytest.MonkeyPatch) -> None:
    sizes = names_drawn(monkeypatch)
    if arranged.startswith("wonderland"):
        session = layout_scenes.wonderland_session(fight=True)
    elif arranged == "munchkin-six":
        session = layout_scenes.munchkin_session()
    else:
        session = layout_scenes.munchkin_combat_session()
    app = App(Settings(), size=FULL_HD)
    scene = fed_a_table(app, session)
    record = scene.record
    if isinstance(record, WonderlandView):  # two Friends each: a column of plates beside the name
        friends = [c for c, d in scene.cards.defs.items() if getattr(d, "kind", "") == "friend"]
        players = [replace(p, friends=friends[2 * i : 2 * i + 2]) for i, p in enumerate(record.players)]
        scene.record = replace(record, players=players)
        shown = [c for p in players for c in p.friends]
    else:
        assert isinstance(record, MunchkinView)
        shown = [
            c for p in record.players for c in [p.hireling, *(i.card for i in p.items), *p.curses] if c is not None
        ]
    assert scene.middle is not None
    scene.middle.layout(scene.main)
    app.step(1 / 60, [pygame.event.Event(pygame.VIDEOEXPOSE)])
    assert len(shown) >= 8
    small = {name: size for name, size in sizes.items() if size < READABLE}
    names = {scene.cards.name(card) for card in shown}
    drawn = names & set(sizes)
    assert len(drawn) >= len(names) * 3 // 4, f"most cards are on the screen: {sorted(names - drawn)}"
    assert not (small.keys() & names), f"names too small to read from across the room: {small}"
    shoot(app, f"watch_plates_{arranged}")
    app.close()
