"""The headless player: picks a legal action for the viewing seat and performs it through the screen's own
input paths (a click on the card, button or space, then a click on the matching menu entry)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..shared.rules.base import Action
from ..shared.rules.rng import Rng
from .scenes.overlays import ChoiceOverlay, ConfirmOverlay
from .scenes.table_base import GameScene

if TYPE_CHECKING:
    from .app import App

THINK = 0.25  # seconds between decisions, so each step is drawn


class Autoplayer:
    """Drives one `GameScene` with synthetic mouse events; its choices come from its own seeded generator."""

    def __init__(self, app: App, scene: GameScene, seed: int = 1, think: float = THINK) -> None:
        self.app, self.scene = app, scene
        self.rng = Rng.from_seed(seed)
        self.think = think
        self.clock = 0.0
        self.pending: Action | None = None  # the action whose menu entry is still to be clicked
        self.clicks = 0
        self.direct = 0  # actions that had no on-screen path (should stay 0)

    def click(self, pos: tuple[int, int]) -> None:
        self.clicks += 1
        pygame.mouse.set_pos(pos)
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.app.handle(pygame.event.Event(kind, button=1, pos=pos))

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.clock < self.think or self.app.shot_wanted:
            return  # a screenshot asked for this step must show the table as it was asked, without a new click
        self.clock = 0.0
        top = self.app.top
        if isinstance(top, ChoiceOverlay):
            key = self.pending  # a menu files each action under itself
            rect = top.option_rect(key) if key is not None else None
            if rect is not None and any(b.rect == rect and b.enabled for b in top.widgets):
                self.click(rect.center)
                self.pending = None
            elif rect is not None or not any(o.key == key for o in top.options):
                top.close()  # the entry went stale (or was never there): back out and choose again
                self.pending = None
            return  # otherwise the menu scrolled the entry into view: click it next time
        compose = getattr(top, "compose", None)
        if compose is not None:  # a form (the call for help): set it up for a legal action, then click
            legal = self.scene.legal
            if self.pending is None and legal:
                index, self.rng = self.rng.below(len(legal))
                self.pending = legal[index]
            rect = compose(self.pending) if self.pending is not None else None
            if rect is not None:
                self.click(rect.center)
            elif top is not None:
                self.app.remove(top)
            self.pending = None
            return
        if top is not self.scene:
            if isinstance(top, ConfirmOverlay):
                self.click(top.dialog.buttons[0].rect.center)
            elif top is not None and top.name in ("zoom", "dialog"):
                self.app.remove(top)
            elif top is not None and top.name == "cover":
                self.click(top.widgets[0].rect.center)
            return
        scene = self.scene
        if (scene.throw is not None and not scene.throw.done) or scene.shot_pending or scene.awaiting > 0:
            return  # let the dice land and the screenshot be taken: they are worth a look
        if scene.moments.active:
            return  # a big moment is playing: watch it (a click would skip it)
        legal = scene.legal
        if scene.viewer is None or not legal:
            return
        index, self.rng = self.rng.below(len(legal))
        action = legal[index]
        target = scene.autoplay_target(action)
        if target is None:
            self.direct += 1
            scene.choose(action)
            return
        self.pending = action
        self.click(target)
        if self.app.top is scene:
            self.pending = None  # the click acted at once (a single-choice button or space)
