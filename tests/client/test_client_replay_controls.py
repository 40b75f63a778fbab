"""A replay is steered from the action bar: pause and play, a step at a time, slower and faster; a spectator's
bar offers nothing to click and says they are watching."""

from __future__ import annotations

from typing import Any

import msgspec
import pygame

from doorkick.client.replay import FASTEST, ReplaySession
from doorkick.client.scenes.munchkin_table import MunchkinScene
from doorkick.client.session import LocalSession
from doorkick.shared.bots.easy import EasyBot
from doorkick.shared.rules.base import SeatSetup
from doorkick.shared.rules.registry import ruleset

SETUPS = tuple(SeatSetup(n, s) for n, s in (("Alice", "female"), ("Bob", "male"), ("Carol", "female")))


def saved_game(actions: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A record and action log as a host keeps them, from a few random actions."""
    engine = ruleset("munchkin")
    state = engine.new_game(SETUPS, 4)
    bots = [EasyBot(seat) for seat in range(len(SETUPS))]
    log = []
    for _ in range(actions):
        seat = min(engine.seats_to_act(state))
        action = bots[seat].choose(engine, state, seat)
        assert action is not None
        state, _ = engine.apply(state, action)
        log.append(action.to_wire())
    record = {"game": "munchkin", "seed": 4, "seats": [{"name": s.name, "sex": s.sex} for s in SETUPS]}
    return record, log


def press(app: Any, key: int) -> None:
    app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="")])


def click(app: Any, label: str, scene: MunchkinScene) -> None:
    button = next(b for b in scene.bar_buttons if b.label == label)
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=button.rect.center)
    up = pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=button.rect.center)
    app.step(1 / 60, [down, up])


def test_the_bar_pauses_steps_and_paces_a_replay(app: Any) -> None:
    replay = ReplaySession(*saved_game(30), delay=0.5)
    scene = app.push(MunchkinScene(app, replay))
    app.step(1 / 60, [])
    assert [b.label for b in scene.bar_buttons] == ["Pause", "Step", "Slower", "Faster"]
    for _ in range(40):  # 0.67 s: one action played
        app.step(1 / 60, [])
    assert replay.position == 1

    press(app, pygame.K_SPACE)
    assert replay.paused and scene.bar_buttons[0].label == "Play"
    for _ in range(60):
        app.step(1 / 60, [])
    assert replay.position == 1  # paused: nothing moves
    click(app, "Step", scene)
    press(app, pygame.K_RIGHT)
    assert replay.position == 3 and replay.paused
    assert replay.caption() == "Replay: action 3 of 30 · paused"
    app.screenshot("replay_bar")
    app.step(1 / 60, [])

    click(app, "Slower", scene)
    assert replay.delay == 1.0
    for _ in range(12):
        press(app, pygame.K_EQUALS)
    assert replay.delay == FASTEST
    click(app, "Play", scene)
    for _ in range(60):  # a second at 64 actions a second: the rest of the game
        app.step(1 / 60, [])
    assert replay.position == 30 and replay.paused
    assert msgspec.to_builtins(scene.record) == replay.states[None]["view"]


def test_a_spectator_has_an_empty_bar_that_says_so(app: Any) -> None:
    session = LocalSession(ruleset("munchkin"), SETUPS, 4, [])  # every seat a bot: this client only watches
    scene = app.push(MunchkinScene(app, session))
    app.step(1 / 60, [])
    assert scene.viewer is None and scene.bar_buttons == []
    app.screenshot("spectator_bar")
    app.step(1 / 60, [])
