"""The Wonderland board as a player reads it: centred and square, no space under another, every kind of space
explained on hover and in the legend, the win and the Treasures left in sight, standies in step with the log."""

from __future__ import annotations

import math
from dataclasses import replace
from itertools import combinations
from typing import Any

import pygame
import pytest
from layout_scenes import wonderland_session

from doorkick.client.app import App
from doorkick.client.render.board import LEGEND_ORDER, SPACE_HELP
from doorkick.client.scenes.wonderland_board import WonderlandScene
from doorkick.client.session import Happening
from doorkick.client.settings import MIN_WINDOW, Settings
from doorkick.shared.rules.wonderland import events as wev

SIZES = [MIN_WINDOW, (1280, 720), (1920, 1080)]


def board_at(
    size: tuple[int, int], tmp_path: Any, fight: bool = False, pick: bool = False
) -> tuple[App, WonderlandScene]:
    app = App(Settings(), size=size, screenshot_dir=tmp_path / "shots")
    scene = app.push(WonderlandScene(app, wonderland_session(fight=fight, pick=pick)))
    assert isinstance(scene, WonderlandScene)
    app.step(1 / 60, [])
    return app, scene


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_board_is_square_centred_and_clear_of_the_columns(size: tuple[int, int], tmp_path: Any) -> None:
    app, scene = board_at(size, tmp_path)
    try:
        geo, table = scene.geo, scene.table_rect
        assert geo is not None and geo.rect.w == geo.rect.h and table.contains(geo.rect)
        assert not any(geo.rect.colliderect(column) for column in scene.columns)
        if len(scene.columns) == 2:  # wide: in the middle of the table, the key on its right
            assert abs(geo.rect.centerx - table.centerx) <= 2
        else:  # narrow: in the middle of what the column leaves
            left, right = geo.rect.x - scene.column.right, table.right - geo.rect.right
            assert abs(left - right) <= 16
        assert geo.rect.h >= table.h * 0.85 or geo.rect.w >= (table.w - scene.column.w) * 0.85  # as large as fits
        for a, b in combinations(geo.points, 2):
            gap = math.dist(geo.points[a], geo.points[b]) - geo.size_of(a) - geo.size_of(b)
            assert gap >= 2, f"{a} and {b} touch"
    finally:
        app.close()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_how_to_win_and_the_treasures_left_are_always_in_sight(size: tuple[int, int], tmp_path: Any) -> None:
    for fight, pick in ((False, False), (True, False), (True, True)):
        app, scene = board_at(size, tmp_path, fight, pick)
        try:
            assert "win" in scene.parts, (size, fight, pick)
            if pick:  # the helper's Treasures over the board, your Friends in the column
                assert scene.reward_rects and scene.friend_rects and "friends" in scene.parts
            assert scene.record.treasure_deck > 0
            if size != MIN_WINDOW:  # the whole key, beside a fight too
                assert {"legend", "rooms"} <= set(scene.parts), (size, fight, set(scene.parts))
            elif not fight:  # the smallest window: the spaces' key (the Rooms read on hover)
                assert "legend" in scene.parts
            app.screenshot(f"board_{size[0]}x{size[1]}_{'fight' if fight else 'rest'}")
            app.step(1 / 60, [])
        finally:
            app.close()


def test_every_kind_of_space_says_what_it_does_on_hover(tmp_path: Any) -> None:
    app, scene = board_at((1280, 720), tmp_path)
    try:
        geo = scene.geo
        assert geo is not None
        seen = set()
        for space, kind in geo.kinds.items():
            if kind in seen:
                continue
            seen.add(kind)
            pygame.mouse.set_pos(geo.points[space])
            owner, text = scene.hover_hint()
            assert owner == ("space", space)
            if kind == "room":
                room = geo.room_info[geo.rooms[space]]
                assert room.monster in text and f"power {room.power}" in text
            elif kind == "monster":
                assert f"Room {geo.rooms[space]}" in text
            else:
                assert SPACE_HELP[kind] in text
        assert seen == set(LEGEND_ORDER)
        legend = scene.legend_rows()
        assert [kind for kind, _ in legend] == list(LEGEND_ORDER)
        for kind, row in legend:
            pygame.mouse.set_pos(row.center)
            assert SPACE_HELP[kind] in scene.hover_hint()[1]
        pygame.mouse.set_pos(geo.points[scene.shown_at[0]])  # Alexandrina stands in a Room
        assert "Here: Alexandrina" in scene.hover_hint()[1]
        for _ in range(30):  # the pointer rests: the tooltip shows it
            app.step(1 / 60, [])
        assert "Here: Alexandrina" in app.tooltips.text
    finally:
        app.close()


def test_the_standies_move_in_step_with_the_log(tmp_path: Any) -> None:
    app, scene = board_at((1280, 720), tmp_path)
    try:
        geo = scene.geo
        assert geo is not None
        start = scene.shown_at[2]
        path = [s for s, _ in sorted(geo.points.items()) if s != start and geo.kinds[s] == "plain"][:3]
        moved = wev.Moved(seat=2, path=path, running_away=False)
        fight = wev.FightBegan(
            seat=2, room=1, monster="The Dodo", monster_cards=[], monster_die=None, monster_power=1, seed=1
        )
        for event in (moved, fight):
            scene.on_happening(Happening("event", scene.viewer, event=event))
        session = scene.session
        positions = list(session.engine_state.positions)
        positions[2] = path[-1]
        session.engine_state = replace(session.engine_state, positions=tuple(positions))
        session._publish([])  # the state after the move arrives at once, as from a host
        log = [text for text, _ in scene.log]
        assert any("moves 3 spaces" in t for t in log) and not any("fights" in t for t in log)
        visited: list[str] = []
        frames = 0
        while 2 in scene.hops or not visited:
            app.step(1 / 60, [])
            frames += 1
            assert frames < 600, "the standie never arrived"
            if not visited or visited[-1] != scene.shown_at[2]:
                visited.append(scene.shown_at[2])
            if 2 in scene.hops:  # still on its way: the fight waits for it
                assert not any("fights" in text for text, _ in scene.log)
        assert visited[-3:] == path  # space by space, not a jump
        assert any("fights" in text for text, _ in scene.log)
    finally:
        app.close()
