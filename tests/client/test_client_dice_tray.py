"""The dice tray on the table: it lies in the panel that rolls, under that panel's title and off the board's middle;
the dice stay inside its walls on every frame; the result is said over it; and every client throws the same
dice for the same roll, with the seed the host's engine put in the event."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from layout_scenes import munchkin_combat_session, munchkin_session, wonderland_session

from doorkick.client.anim.dice import FRAME, DiceThrow, drawn_dice, tray_rect
from doorkick.client.anim.moments import Callout
from doorkick.client.app import App
from doorkick.client.scenes.munchkin_table import MunchkinScene
from doorkick.client.scenes.wonderland_board import WonderlandScene
from doorkick.client.settings import Settings
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
    scene.on_event({"type": "escape_roll", "seat": 0, "monster": 0, "die": 2, "total": 3, "seed": 11})
    tray = tray_rect(scene.dice_area())
    assert scene.combat_rect.contains(tray) and not tray.colliderect(_title(scene))
    assert not tray.colliderect(dict(scene.layout_boxes())["table/combat/score"]), "the score stays in sight"
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
    scene.on_event({"type": "theft", "seat": 0, "target": 1, "item": "x", "die": 5, "success": True, "seed": 3})
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
    event = {"type": "escape_roll", "seat": 1, "monster": 0, "die": 4, "total": 6}
    throws = []
    for seen in (0, 37):
        app = App(Settings(), size=(1280, 720))
        scene = app.push(MunchkinScene(app, munchkin_combat_session()))
        app.step(1 / 60, [])
        for i in range(seen):  # one client has a longer log (it joined earlier, chatted...)
            scene.log.append((f"line {i}", (255, 255, 255)))
        scene.turn_seen = 3 + seen
        for with_seed in (False, True):
            scene.throw = None
            scene.on_event({**event, "seed": 99} if with_seed else dict(event))
            assert scene.throw is not None
            throws.append((with_seed, scene.throw.seed, scene.throw.tracks))
    assert throws[0] == throws[2] and throws[1] == throws[3]
    assert throws[1][1] == 99


def test_the_engine_sends_a_seed_with_every_roll_without_spending_its_random_numbers() -> None:
    session = wonderland_session()
    state = replace(session.engine_state, phase="start", active=0, fight=None)
    rng = state.rng
    roll = {"type": "roll", "seat": 0}
    after, events = session.ruleset.apply(state, session.ruleset.action_from_wire(roll))
    rolled = next(e for e in events if e.kind == "rolled")
    seed = rolled.data["seed"]
    face, advanced = rng.roll(6)
    assert isinstance(seed, int) and seed == advanced.throw_seed() and rolled.data["die"] == face
    assert after.rng == advanced, "the seed is read from the generator, never drawn from it"
    assert Rng.from_seed(1).throw_seed() != Rng.from_seed(2).throw_seed()
