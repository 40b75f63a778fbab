"""The dice tray on the table: it lies in the panel that rolls, under that panel's title and off the board's middle;
the dice stay inside its walls on every frame; the result is said over it; and every client throws the same
dice for the same roll, with the seed the host's engine put in the event."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from layout_scenes import munchkin_combat_session, munchkin_session, wonderland_session

from doorkick.client.anim.dice import (
    FACES,
    FRAME,
    DiceThrow,
    Pose,
    clear_of_dice,
    draw_tray,
    drawn_dice,
    top_face,
    tray_rect,
    turned,
)
from doorkick.client.anim.moments import Callout
from doorkick.client.app import App
from doorkick.client.scenes.munchkin_table import MunchkinScene
from doorkick.client.scenes.wonderland_board import WonderlandScene
from doorkick.client.settings import Settings
from doorkick.shared.rules.munchkin import events as mev
from doorkick.shared.rules.rng import Rng


@pytest.mark.parametrize("values", [(3,), (6, 1)])
@pytest.mark.parametrize(
    "area", [pygame.Rect(0, 0, 266, 160), pygame.Rect(30, 40, 222, 200), pygame.Rect(0, 0, 900, 300)]
)
def test_the_dice_stay_inside_the_tray_on_every_frame(values: tuple[int, ...], area: pygame.Rect) -> None:
    tray = tray_rect(area)
    for seed in range(60):
        throw = DiceThrow(values, seed)
        while not throw.done:
            for die in drawn_dice(throw, tray):
                assert tray.contains(die.box), (seed, throw.t, die)
            throw.update(FRAME)


def _title(scene: MunchkinScene) -> pygame.Rect:
    return dict(scene.layout_boxes())["table/combat/title"]


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1920, 1080)])
def test_the_fight_panel_rolls_under_its_title_and_says_the_result(size: tuple[int, int]) -> None:
    app = App(Settings(), size=size)
    scene = app.push(MunchkinScene(app, munchkin_combat_session()))
    app.step(1 / 60, [])
    scene.on_event(mev.EscapeRoll(seat=0, monster=0, monster_card="", die=2, total=3, seed=11))
    tray = tray_rect(scene.dice_area())
    assert scene.combat_rect.contains(tray) and not tray.colliderect(_title(scene))
    boxes = scene.layout_boxes()
    assert not tray.colliderect(dict(boxes)["table/combat/score"]), "the score stays in sight"
    plates = [rect for name, rect in boxes if name.startswith("table/combat/fighters/")]
    assert plates and not any(tray.colliderect(p) for p in plates), "who is fighting stays in sight"
    callout = next(m for m in scene.moments.playing if isinstance(m, Callout))
    assert callout.text == "Alexandrina rolls 2: caught!" and callout.t < 0, "said once the dice rest"
    assert scene.throw is not None
    for _ in range(4 * 60):
        app.step(1 / 60, [])
    assert scene.throw is None and not scene.moments.active, "then the tray gets out of the way"


def test_a_roll_without_a_fight_uses_the_middle_panel_below_its_line() -> None:
    app = App(Settings(), size=(1280, 720))
    scene = app.push(MunchkinScene(app, munchkin_session()))
    app.step(1 / 60, [])
    scene.on_event(mev.Theft(seat=0, target=1, item="x", die=5, success=True, seed=3))
    tray = tray_rect(scene.dice_area())
    assert scene.combat_rect.contains(tray) and tray.y >= scene.combat_rect.y + 30
    assert any(isinstance(m, Callout) and m.text.endswith("stolen!") for m in scene.moments.playing)


@pytest.mark.parametrize("fight", [False, True])
def test_wonderland_rolls_beside_the_board_or_in_the_fight_panel(fight: bool) -> None:
    app = App(Settings(), size=(1280, 720))
    scene = app.push(WonderlandScene(app, wonderland_session(fight=fight)))
    app.step(1 / 60, [])
    tray = tray_rect(scene.dice_area())
    assert scene.geo is not None and not tray.collidepoint(scene.geo.rect.center)
    assert not tray.colliderect(scene.geo.rect.inflate(-scene.geo.rect.w // 2, -scene.geo.rect.h // 2))
    if fight:
        panel = scene.parts["fight"]
        assert panel.contains(tray) and tray.y >= panel.y + 36, "under the fight panel's title"


def test_two_clients_throw_the_same_dice_for_the_same_event_whatever_they_saw_before() -> None:
    event = mev.EscapeRoll(seat=1, monster=0, monster_card="", die=4, total=6, seed=99)
    throws: list[tuple[int, list[list[Pose]]]] = []
    for seen in (0, 37):
        app = App(Settings(), size=(1280, 720))
        scene = app.push(MunchkinScene(app, munchkin_combat_session()))
        app.step(1 / 60, [])
        for i in range(seen):  # one client has a longer log (it joined earlier, chatted...)
            scene.log.append((f"line {i}", (255, 255, 255)))
        scene.turn_seen = 3 + seen
        scene.throw = None
        scene.on_event(event)
        assert scene.throw is not None
        throws.append((scene.throw.seed, scene.throw.tracks))
    assert throws[0] == throws[1] and throws[0][0] == 99


def test_the_engine_sends_a_seed_with_every_roll_without_spending_its_random_numbers() -> None:
    session = wonderland_session()
    state = replace(session.engine_state, phase="start", active=0, fight=None)
    rng = state.rng
    roll = {"type": "roll", "seat": 0}
    after, events = session.ruleset.apply(state, session.ruleset.action_from_wire(roll))
    rolled = next(e for e in events if e.kind == "rolled")
    seed = rolled.for_seat(None)["seed"]
    face, advanced = rng.roll(6)
    assert isinstance(seed, int) and seed == advanced.throw_seed() and rolled.for_seat(None)["die"] == face
    assert after.rng == advanced, "the seed is read from the generator, never drawn from it"
    assert Rng.from_seed(1).throw_seed() != Rng.from_seed(2).throw_seed()


def _tray_of(size: tuple[int, int], panel: str) -> tuple[App, pygame.Rect]:
    app = App(Settings(), size=size)
    scene: MunchkinScene | WonderlandScene
    if panel == "fight":
        scene = app.push(MunchkinScene(app, munchkin_combat_session()))
    else:
        scene = app.push(WonderlandScene(app, wonderland_session(fight=panel == "wonderland fight")))
    app.step(1 / 60, [])
    return app, tray_rect(scene.dice_area())


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("panel", ["fight", "wonderland move", "wonderland fight"])
def test_the_dice_are_a_good_size_for_their_tray(size: tuple[int, int], panel: str) -> None:
    app, tray = _tray_of(size, panel)
    try:
        throw = DiceThrow((5, 2), 4)
        sizes = []
        while not throw.done:
            sizes.append(max(d.size for d in drawn_dice(throw, tray)))
            throw.update(FRAME)
        rest = [d.size for d in drawn_dice(throw, tray)]
        assert all(0.2 * tray.h <= s <= 0.3 * tray.h for s in rest), (tray, rest)
        assert min(rest) >= 24, "a die reads at a glance"
        assert max(sizes) > max(rest), "a die in the air is nearer the eye, so larger"
    finally:
        app.close()


def test_a_die_tumbles_in_three_dimensions_and_lies_flat_on_the_value() -> None:
    for value in range(1, 7):
        throw = DiceThrow((value,), 20 + value)
        turns = [pose.turn for pose in throw.tracks[0]]
        tops = [top_face(t) for t in turns]
        assert len(set(tops)) >= 3, "it rolls over several faces"
        tipped = [turned(t, (0.0, 0.0, 1.0))[2] for t in turns]
        assert min(tipped) < 0.5, "not only spun flat: turned over in three dimensions"
        assert turned(turns[-1], FACES[value][0])[2] > 0.9999, "it rests flat, the value straight up"
        throw.skip()
        tray = tray_rect(pygame.Rect(0, 0, 300, 180))
        assert [d.face for d in drawn_dice(throw, tray)] == [value]


def test_the_resting_die_shows_its_value_on_its_top_face() -> None:
    """Drawn: the top face (lit, nearest straight up) carries the value's pips and no other face is larger."""
    surface = pygame.Surface((400, 240))
    for value in (1, 6):
        throw = DiceThrow((value,), 2)
        throw.skip()
        surface.fill((0, 0, 0))
        rect = draw_tray(surface, throw, surface.get_rect())
        die = drawn_dice(throw, rect)[0]
        red = sum(
            1
            for x in range(die.box.x, die.box.right)
            for y in range(die.box.y, die.box.bottom)
            if surface.get_at((x, y))[:3] == (200, 40, 30)
        )
        assert (red > 0) == (value == 1), "the one's red pip shows only when one is up"


def test_the_result_is_said_clear_of_the_resting_die() -> None:
    tray = tray_rect(pygame.Rect(0, 0, 266, 160))
    for seed in range(40):
        throw = DiceThrow((4,), seed)
        x, y = clear_of_dice(throw, tray, 44)
        band = pygame.Rect(tray.x, round(y - 22), tray.w, 44)
        throw.skip()
        assert tray.contains(band) and x == tray.centerx
        assert not any(die.box.colliderect(band) for die in drawn_dice(throw, tray)), seed


def test_the_fight_panels_callout_stands_where_the_dice_are_not() -> None:
    app = App(Settings(), size=(1280, 720))
    scene = app.push(MunchkinScene(app, munchkin_combat_session()))
    app.step(1 / 60, [])
    scene.on_event(mev.EscapeRoll(seat=0, monster=0, monster_card="", die=2, total=3, seed=11))
    callout = next(m for m in scene.moments.playing if isinstance(m, Callout))
    assert scene.throw is not None
    tray = tray_rect(scene.dice_area())
    assert callout.where() == clear_of_dice(scene.throw, tray, callout.height)
