"""The scene stack: input stops at the scene that uses it, overlays draw over the scene below, resize relayouts."""

from __future__ import annotations

from typing import Any

import pygame

from doorkick.client.scenes.base import Scene
from doorkick.client.ui.widgets import Button


class Recorder(Scene):
    def __init__(self, app: Any, colour: tuple[int, int, int], consume: bool, opaque: bool = True) -> None:
        super().__init__(app)
        self.colour, self.consume, self.opaque = colour, consume, opaque
        self.log: list[str] = []
        self.sizes: list[tuple[int, int]] = []
        self.time = 0.0

    def layout(self, size: tuple[int, int]) -> None:
        self.sizes.append(size)

    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        self.log.append(pygame.event.event_name(event.type))
        return None if self.consume else event

    def update(self, dt: float) -> None:
        self.time += dt

    def draw(self, surface: pygame.Surface) -> None:
        if self.opaque:
            surface.fill(self.colour)
        else:
            pygame.draw.rect(surface, self.colour, (100, 100, 50, 50))

    def pause(self) -> None:
        self.log.append("pause")

    def resume(self) -> None:
        self.log.append("resume")

    def shutdown(self) -> None:
        self.log.append("shutdown")


def key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def test_events_stop_at_the_first_scene_that_uses_them(app: Any) -> None:
    below = app.push(Recorder(app, (10, 10, 10), consume=True))
    top = app.push(Recorder(app, (200, 0, 0), consume=False))
    app.step(1 / 60, [key(pygame.K_a)])
    assert top.log == ["KeyDown"] and below.log == ["pause", "KeyDown"]
    top.consume = True
    app.step(1 / 60, [key(pygame.K_b)])
    assert below.log.count("KeyDown") == 1


def test_an_overlay_draws_over_the_scene_below_and_keeps_input_from_it(app: Any) -> None:
    below = app.push(Recorder(app, (0, 0, 200), consume=True))
    app.push(Recorder(app, (250, 250, 0), consume=False, opaque=False))
    app.step(1 / 60, [key(pygame.K_a)])
    assert "KeyDown" not in below.log
    assert app.screen.get_at((10, 10))[:3] == (0, 0, 200)
    assert app.screen.get_at((120, 120))[:3] == (250, 250, 0)
    assert below.time > 0  # the game below keeps running under an overlay


def test_pop_resumes_and_shutdown_is_called(app: Any) -> None:
    below = app.push(Recorder(app, (0, 0, 0), consume=True))
    top = app.push(Recorder(app, (0, 0, 0), consume=True))
    app.pop()
    assert top.log[-1] == "shutdown" and below.log[-1] == "resume"
    app.pop()
    assert not app.running


def test_resize_lays_out_every_scene_again(app: Any) -> None:
    scene = app.push(Recorder(app, (0, 0, 0), consume=True))
    app.resized((1600, 900))
    assert scene.sizes[-1] == (1600, 900) and app.settings.window_w == 1600


def test_f11_and_alt_enter_toggle_the_whole_screen_and_back_to_the_window(app: Any) -> None:
    scene = app.push(Recorder(app, (0, 0, 0), consume=True))
    app.handle(key(pygame.K_F11))
    assert app.fullscreen and app.settings.fullscreen
    assert scene.sizes[-1] == app.screen.get_size()
    assert (app.settings.window_w, app.settings.window_h) == (1280, 720)  # the window's size is kept for later
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=pygame.KMOD_LALT, unicode="", scancode=0))
    assert not app.fullscreen and not app.settings.fullscreen
    assert scene.sizes[-1] == (1280, 720) == app.screen.get_size()
    assert "KeyDown" not in scene.log  # the keys went to the window, not the scene


def test_a_button_click_goes_through_the_scene_to_its_handler(app: Any) -> None:
    clicked: list[int] = []
    scene = app.push(Scene(app))
    scene.widgets.append(Button((10, 10, 100, 40), "Go", lambda: clicked.append(1)))
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(50, 30))
    up = pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(50, 30))
    app.step(1 / 60, [down, up])
    assert clicked == [1]


def test_screenshots_are_real_frames(app: Any) -> None:
    app.push(Recorder(app, (30, 120, 60), consume=True))
    app.screenshot("first")
    app.step(1 / 60, [])
    assert len(app.shots_taken) == 1 and app.shots_taken[0].stat().st_size > 0
    img = pygame.image.load(str(app.shots_taken[0]))
    assert img.get_size() == (1280, 720) and img.get_at((5, 5))[:3] == (30, 120, 60)


def test_a_tooltip_goes_when_the_pointer_leaves_the_window_and_comes_back_with_it(app: Any) -> None:
    # Seen at a LAN party: the pointer moved to another window, and the last tooltip stayed on over buttons
    # that changed beneath it ("Only when the munchkins are winning" over a new turn).
    scene = app.push(Scene(app))
    scene.widgets.append(Button((10, 10, 100, 40), "Go", lambda: None, tooltip="Go somewhere"))
    pygame.mouse.set_pos((50, 30))
    for _ in range(30):
        app.step(1 / 60, [])
    assert app.tooltips.text == "Go somewhere"
    app.step(1 / 60, [pygame.event.Event(pygame.WINDOWLEAVE)])
    assert app.tooltips.text == ""
    for _ in range(30):
        app.step(1 / 60, [])
    assert app.tooltips.text == ""
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=(50, 30), rel=(0, 0), buttons=(0, 0, 0))])
    for _ in range(30):
        app.step(1 / 60, [])
    assert app.tooltips.text == "Go somewhere"
