"""The tutorial played by itself (`doorkick learn --autoplay`, and the tests): a pupil who clicks where the
coach points, with real mouse events into the window, and nothing else."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from ..app import App
    from .table import Guided

THINK = 0.3  # seconds between two clicks, so each step is drawn (and a button that just changed takes clicks)


class Pupil:
    """Follows one lesson's coach on its table."""

    def __init__(self, app: App, scene: Guided, think: float = THINK) -> None:
        self.app, self.scene, self.think = app, scene, think
        self.clock = 0.0
        self.clicks = 0
        self.was_waiting = True

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.clock < self.think:
            return
        self.clock = 0.0
        scene = self.scene
        waiting = scene.tutorial.shot_at != scene.coach.at or scene.shot_pending
        if waiting or self.was_waiting:  # one more beat after the screenshot is asked for: it is taken then
            self.was_waiting = waiting
            return  # let the step show (the dice land, the cards fly, the big moment play) and be shot
        target = scene.coach.target(scene)
        if target is None:
            return  # the others are playing: wait
        self.clicks += 1
        pos = target.center
        pygame.mouse.set_pos(pos)
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.app.handle(pygame.event.Event(kind, button=1, pos=pos))
        rest = scene.coach.rect.center  # then the hand goes back to the coach's panel, as a reader's would
        pygame.mouse.set_pos(rest)
        self.app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=rest, rel=(0, 0), buttons=(0, 0, 0)))
