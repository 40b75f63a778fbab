"""What every scene is: input, update and a pure draw, with pause/resume/shutdown hooks for the stack."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..ui.widgets import Widget, hint_under_mouse

if TYPE_CHECKING:
    from ..app import App

# One laid-out part of a screen: its name and where it lies. A name "a/b" is a part of "a" and lies inside it.
Box = tuple[str, pygame.Rect]


class Scene:
    """One screen. `handle` returns None when it used the event; `draw` changes nothing it shows.

    An overlay (`opaque = False`) lets the scenes below it show through; the app draws from the top-most
    opaque scene upwards.

    The app draws a frame only when one is due: input marks it so, and a scene whose look changes without
    input (a message from the host, a timer running out) calls `changed()` in `update`; one that moves by
    itself (dice, a card in flight, a countdown) says so in `animating()`.
    """

    opaque = True
    name = "scene"

    def __init__(self, app: App) -> None:
        self.app = app
        self.widgets: list[Widget] = []

    def layout(self, size: tuple[int, int]) -> None:
        """Place widgets for a window of `size`; called on push and on every resize."""

    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        for w in reversed(self.widgets):
            if w.handle(event) is None:
                return None
        return event

    def update(self, dt: float) -> None:
        for w in self.widgets:
            w.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        for w in self.widgets:
            w.draw(surface)

    def changed(self) -> None:
        """What this scene shows changed without input: the app draws the next frame."""
        self.app.changed()

    def animating(self) -> bool:
        """Something here moves by itself: the app draws every frame while this holds."""
        return any(w.visible and w.animating() for w in self.widgets)

    def hover_hint(self) -> tuple[object | None, str]:
        return hint_under_mouse(self.widgets)

    def modal_area(self) -> pygame.Rect | None:
        """The part of this screen a menu or form opened over it should cover (`App.modal_area`); None: any."""
        return None

    def layout_boxes(self) -> list[Box]:
        """The parts this scene laid out for the current size, for the layout test: each inside the window and
        inside its parent ("a" for "a/b"); parts with the same parent never overlap, except cards ("card:...")
        fanned over one another and a passing popup ("float:...") that lies over the rest on purpose. Reads the
        layout only; changes nothing."""
        return [(f"{type(w).__name__.lower()}:{i}", w.rect.copy()) for i, w in enumerate(self.widgets) if w.visible]

    def pause(self) -> None:
        """Another scene went on top of this one."""

    def resume(self) -> None:
        """This scene is on top again."""

    def shutdown(self) -> None:
        """This scene left the stack for good: close what it opened."""
