"""How a game screen takes the player's input: clicks, drags and long presses on the hand's cards and the
table's, the bar's buttons and keys. Every one of them ends in `GameScene.choose`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from ...shared.rules.base import Action
from ...shared.rules.munchkin.actions import Pass
from .. import actions as acts
from ..anim.dice import DiceThrow
from ..anim.moments import Moments
from ..catalog import Cards
from ..ui.scrollback import Scrollback
from ..ui.widgets import Button, TextInput
from .overlays import ZoomOverlay

LONG_PRESS = 0.6  # seconds a card is held down before it opens to be read


class TableInput:
    """Mixed into GameScene: its `handle` and what a click or a drop on a card does."""

    app: Any
    menu_button: Button
    chat_input: TextInput
    log: Scrollback
    chat: Scrollback
    moments: Moments
    throw: DiceThrow | None
    table_rect: pygame.Rect
    hand_rect: pygame.Rect
    bar_buttons: list[Button]
    by_card: dict[str, list[Action]]
    by_kind: dict[acts.Kind, list[Action]]
    cards: Cards
    _press: tuple[str, float] | None  # the hand card held down, and for how long
    _press_at: tuple[int, int]
    dragging: str | None  # a hand card being dragged to a target
    card_under: Callable[[tuple[int, int]], str | None]
    choose: Callable[[Action], None]
    offer: Callable[..., Any]
    toast: Callable[..., None]

    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if self.menu_button.handle(event) is None or self.chat_input.handle(event) is None:
            return None
        if self.log.handle(event) is None or self.chat.handle(event) is None:
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and self.moments.active:
            big = self.moments.showing_big
            self.moments.skip()  # a click skips the moments; over a big one on the table it does nothing else
            if big and self.table_rect.collidepoint(event.pos):
                return None
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and self.throw is not None
            and not self.throw.done
            and self.table_rect.collidepoint(event.pos)
        ):
            self.throw.skip()
            return None
        for button in self.bar_buttons:
            if button.handle(event) is None:
                return None
        if event.type == pygame.MOUSEBUTTONDOWN:
            card = self.card_under(event.pos)
            if card is not None:
                if event.button == 3:
                    self.app.push(ZoomOverlay(self.app, self.cards.face(card)))
                elif event.button == 1:
                    self._press, self._press_at = (card, 0.0), event.pos
                return None
            if self.table_click(event.pos, event.button):
                return None
        if event.type == pygame.MOUSEMOTION and self._press is not None and self.dragging is None:
            dx, dy = event.pos[0] - self._press_at[0], event.pos[1] - self._press_at[1]
            if dx * dx + dy * dy > 144 and self._press[0] in self.by_card:
                self.dragging, self._press = self._press[0], None
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging is not None:
            card, self.dragging = self.dragging, None
            if not self.hand_rect.collidepoint(event.pos):
                self.drop(card, event.pos)
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._press is not None:
            card, held = self._press
            self._press = None
            if held < LONG_PRESS and self.card_under(event.pos) == card:
                self.click_card(card, event.pos)
            return None
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_m:
                self.app.sounds.toggle_mute()
                return None
            if event.key == pygame.K_p and Pass in self.by_kind:
                self.choose(self.by_kind[Pass][0])
                return None
            if event.key == pygame.K_SPACE:
                enabled = [b for b in self.bar_buttons if b.enabled]
                if enabled:
                    enabled[0].click()
                return None
        return event

    def table_click(self, pos: tuple[int, int], button: int) -> bool:
        """Subclasses: a click on the table itself; True when used."""
        return False

    def click_card(self, card: str, anchor: tuple[int, int]) -> None:
        actions = acts.menu_order(self.by_card.get(card, []))
        face = self.cards.face(card)
        if not actions:
            self.app.push(ZoomOverlay(self.app, face, "Nothing to do with this card right now"))
        else:
            self.offer(self.cards.name(card), actions, anchor, face)

    def press_table_card(self, card: str, pos: tuple[int, int], button: int) -> None:
        """A card lying on the table clicked: the right button reads it, the left one offers what it can do."""
        if button == 3:
            self.app.push(ZoomOverlay(self.app, self.cards.face(card)))
        else:
            self.click_card(card, pos)

    def drop(self, card: str, pos: tuple[int, int]) -> None:
        """A card dragged onto the table: the actions that fit where it landed; one plays, several ask."""
        actions = self.drop_actions(card, pos)
        if len(actions) == 1:
            self.choose(actions[0])
        elif actions:
            self.offer(self.cards.name(card), acts.menu_order(actions), pos, self.cards.face(card))
        else:
            self.toast(f"{self.cards.name(card)} cannot go there; click it to see what it can do", 3)

    def drop_actions(self, card: str, pos: tuple[int, int]) -> list[Action]:
        """Subclasses narrow this by target (a player, the combat zone...); here: anything the card can do."""
        return list(self.by_card.get(card, [])) if self.table_rect.collidepoint(pos) else []

    def hold_pressed(self, dt: float) -> None:
        """A card held down long enough opens at full size to be read."""
        if self._press is not None:
            card, held = self._press
            held += dt
            self._press = (card, held)
            if held >= LONG_PRESS:
                self._press = None
                self.app.push(ZoomOverlay(self.app, self.cards.face(card)))
