"""The Wonderland board's look, read from its pixels: the path drawn as a path, every Room a tile with its own
monster's picture and its number, every special space with its picture, the Entrance at the middle, and each
player's standie in that player's colour, at every window size."""

from __future__ import annotations

import math
import tomllib
from importlib import resources

import pygame
import pytest
from layout_scenes import wonderland_session

from doorkick.client.app import App
from doorkick.client.render import board as look
from doorkick.client.render.icons import space_picture
from doorkick.client.scenes.wonderland_board import WonderlandScene
from doorkick.client.settings import MIN_WINDOW, Settings
from doorkick.client.ui import theme
from doorkick.shared.rules.wonderland.view import WonderlandView

SIZES = [MIN_WINDOW, (1280, 720), (1920, 1080)]
ROOM_PICTURES = {  # the monster who lives in each Room of the shipped board (the rulebook: six Rooms, six monsters)
    1: "dodo", 2: "nun-face", 3: "chess-queen", 4: "direwolf", 5: "queen-crown", 6: "wyvern",
}  # fmt: skip


def drawn(size: tuple[int, int]) -> tuple[App, WonderlandScene, pygame.Surface]:
    app = App(Settings(), size=size)
    scene = app.push(WonderlandScene(app, wonderland_session()))
    assert isinstance(scene, WonderlandScene)
    app.step(1 / 60, [])
    app.draw(app.screen)
    return app, scene, app.screen


def count(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int], slack: int = 0) -> int:
    rect = rect.clip(surface.get_rect())
    return sum(
        1
        for x in range(rect.x, rect.right)
        for y in range(rect.y, rect.bottom)
        if all(abs(a - b) <= slack for a, b in zip(surface.get_at((x, y))[:3], colour, strict=True))
    )


def test_every_room_of_the_shipped_board_names_its_monsters_picture_and_it_is_shipped() -> None:
    text = (resources.files("doorkick.assets") / "boards" / "wonderland.toml").read_text("utf-8")
    rooms = {int(r["number"]): r for r in tomllib.loads(text)["rooms"]}
    assert {n: r.get("art") for n, r in rooms.items()} == ROOM_PICTURES
    authors = tomllib.loads((resources.files("doorkick.assets") / "art" / "pictures.toml").read_text("utf-8"))
    for art in [*ROOM_PICTURES.values(), *(space_picture(k) for k in ("roll_again", "treasure", "entrance", "room"))]:
        assert (resources.files("doorkick.assets") / "art" / "icons" / f"{art}.svg").is_file(), art
        assert art in authors["authors"], f"{art} has no author to credit"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_room_shows_its_monsters_picture_and_its_number(size: tuple[int, int]) -> None:
    app, scene, screen = drawn(size)
    try:
        geo = scene.geo
        assert geo is not None
        rooms = {geo.rooms[s]: s for s, k in geo.kinds.items() if k == "room"}
        assert sorted(rooms) == [1, 2, 3, 4, 5, 6]
        tiles = []
        for number, space in rooms.items():
            box = geo.space_box(space)
            assert geo.room_art(number) == ROOM_PICTURES[number]
            assert box.w >= 2 * geo.room_half and box.h > box.w, "an upright tile, no smaller than a space"
            assert geo.space_at(box.inflate(-4, -4).topleft) == space, "the whole tile is the Room"
            # Its picture, inked over the pale field, and the number on its plate, drawn alone to compare.
            alone = pygame.Surface(box.size)
            look.draw_room(alone, alone.get_rect(), number, geo.room_art(number))
            ink = count(alone, alone.get_rect(), look.ROOM_INK, 4)
            assert ink > 0.06 * box.w * box.h, (number, ink)
            assert count(alone, alone.get_rect(), theme.YELLOW) > 12, "the number's plate"
            without = pygame.Surface(box.size)
            look.draw_room(without, without.get_rect(), number + 1 if number < 6 else 1, geo.room_art(number))
            assert pygame.image.tobytes(alone, "RGB") != pygame.image.tobytes(without, "RGB"), "its number shows"
            tiles.append(pygame.image.tobytes(alone, "RGB"))
            # On the board: the tile as drawn there (standies aside) holds that ink too.
            assert count(screen, box, look.ROOM_INK, 4) > 0.03 * box.w * box.h
        assert len(set(tiles)) == 6, "six Rooms, six pictures"
    finally:
        app.close()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_special_spaces_show_their_pictures_and_the_path_runs_between_them(size: tuple[int, int]) -> None:
    app, scene, screen = drawn(size)
    try:
        geo = scene.geo
        assert geo is not None
        standing = {scene.shown_at.get(p.seat) for p in scene.record.players}
        ink = (36, 26, 24)
        for space, kind in geo.kinds.items():
            if space in standing or kind == "room":
                continue
            x, y = geo.points[space]
            r = geo.size_of(space)
            inner = pygame.Rect(x - r, y - r, 2 * r, 2 * r)
            inked = count(screen, inner, ink, 3)
            if kind == "plain":
                assert inked == 0, f"a plain space {space} is a bare stone"
            else:
                assert inked > r * r * 0.1, f"the {kind} space {space} shows its picture"
        entrance = next(s for s, k in geo.kinds.items() if k == "entrance")
        assert math.dist(geo.points[entrance], geo.rect.center) < geo.pitch * 0.5, "the Entrance at the middle"
        sand = 0
        for a, b in geo.board.links:
            (ax, ay), (bx, by) = geo.points[a], geo.points[b]
            gap = math.dist((ax, ay), (bx, by)) - geo.size_of(a) - geo.size_of(b)
            if gap < 6:
                continue
            mid = ((ax + bx) // 2, (ay + by) // 2)
            sand += count(screen, pygame.Rect(mid[0] - 2, mid[1] - 2, 5, 5), look.PATH_FILL, 30) > 0
        assert sand >= 20, "the links are drawn as a sandy path"
    finally:
        app.close()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_each_standie_stands_in_its_players_colour(size: tuple[int, int]) -> None:
    app, scene, screen = drawn(size)
    try:
        geo = scene.geo
        assert geo is not None
        for p in scene.record.players:
            seat = p.seat
            (x, y), _ = scene.standie_point(seat, geo)
            size_px = scene.standie_size(geo)
            around = pygame.Rect(int(x - size_px * 2), int(y - size_px), int(size_px * 4), int(size_px * 2))
            assert count(screen, around, scene.seat_colour(seat)) > size_px, (p.name, scene.seat_colour(seat))
    finally:
        app.close()


def test_a_standie_is_an_upright_figure_on_a_base() -> None:
    surface = pygame.Surface((80, 80), pygame.SRCALPHA)
    look.draw_standie(surface, (40, 40), theme.SKY, "B", 30)
    coloured = [(x, y) for x in range(80) for y in range(80) if surface.get_at((x, y))[:3] == theme.SKY]
    xs, ys = [x for x, _ in coloured], [y for _, y in coloured]
    assert max(ys) - min(ys) > 1.3 * (max(xs) - min(xs)), "taller than wide: a figure standing up"
    assert count(surface, pygame.Rect(0, 0, 80, 80), (44, 36, 30)) > 20, "its base"


def picture_hidden(screen: pygame.Surface, board: pygame.Surface, at: tuple[int, int], picture: pygame.Rect) -> int:
    """How many pixels of a Room's picture on the screen differ from the board as drawn, with nothing on it."""
    return sum(
        1
        for x in range(picture.x, picture.right)
        for y in range(picture.y, picture.bottom)
        if screen.get_at((x, y))[:3] != board.get_at((x - at[0], y - at[1]))[:3]
    )


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_players_in_a_room_stand_at_its_foot_and_its_monster_stays_in_sight(size: tuple[int, int]) -> None:
    # Seen last session: the standies of the players in a Room covered its monster's picture.
    app, scene, screen = drawn(size)
    try:
        geo, board = scene.geo, scene.board_img
        assert geo is not None and board is not None
        rooms = {p.position for p in scene.record.players if geo.kinds.get(p.position) == "room"}
        assert len(rooms) >= 2, "the arranged game has players in two Rooms"
        for room in rooms:
            box = geo.space_box(room)
            picture = look.room_picture(box)
            assert box.contains(picture)
            assert picture_hidden(screen, board, geo.rect.topleft, picture) == 0, f"{room}'s monster is covered"
            feet = pygame.Rect(box.x, picture.bottom, box.w, box.bottom - picture.bottom + 4)
            assert count(screen, feet, scene.seat_colour(0), 0) or any(
                count(screen, feet, scene.seat_colour(p.seat), 0) for p in scene.record.players if p.position == room
            ), f"the players in {room} stand at its foot"
    finally:
        app.close()


def test_the_big_screens_standies_leave_each_rooms_monster_in_sight() -> None:
    from test_client_big_screen import fed_a_table

    app = App(Settings(), size=(1920, 1080))
    scene = fed_a_table(app, wonderland_session(fight=True))
    app.step(1 / 60, [pygame.event.Event(pygame.VIDEOEXPOSE)])
    app.draw(app.screen)
    middle = scene.middle
    geo, board = getattr(middle, "geo", None), getattr(middle, "board_img", None)
    assert geo is not None and board is not None
    assert isinstance(scene.record, WonderlandView)
    rooms = {p.position for p in scene.record.players if geo.kinds.get(p.position) == "room"}
    assert rooms
    for room in rooms:
        picture = look.room_picture(geo.space_box(room))
        assert picture_hidden(app.screen, board, geo.rect.topleft, picture) == 0, f"{room}'s monster is covered"
    app.close()
