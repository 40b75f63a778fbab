"""The action bar under the table: one button per kind of action that is not about a single card."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from .. import actions as acts
from ..ui.widgets import Button
from ..words import Words


class ActionBar:
    """Mixed into GameScene: builds, places and runs the bar's buttons from the seat's legal actions.

    The usual buttons of the game stay in place, greyed with the reason when not possible; a kind with
    several variants opens a chooser.
    """

    session: Any
    by_kind: dict[str, list[dict[str, Any]]]
    bar_buttons: list[Button]
    bar_rect: pygame.Rect
    st: dict[str, Any]
    viewer: int | None
    words: Words
    bar_widest = 230  # a button's widest

    def _build_bar(self) -> None:
        controls = self.session.controls()
        if controls or self.viewer is None:  # a replay steers playback; a spectator has nothing to do
            self.bar_buttons = [self._control_button(*control) for control in controls]
            self.bar_widest = 140  # room beside them for the replay's caption
            self._place_bar()
            return
        kinds = self._bar_kinds()
        self.bar_buttons = []
        for kind in kinds:
            wires = self.by_kind.get(kind, [])
            label = self.describe(wires[0]) if len(wires) == 1 else self.words.kind(kind)
            if len(wires) > 1:
                label = f"{label} ({len(wires)})…"
            button = Button((0, 0, 10, 10), label, self._bar_handler(kind), size=17)
            if not wires:
                button.set_enabled(False, self.why_not(kind, self.words.why_not(kind)))
            elif kind == "pass":
                button.colour = (110, 80, 30)
            self.bar_buttons.append(button)
        self._place_bar()

    def _control_button(self, label: str, run: Callable[[], None], key: str) -> Button:
        def click() -> None:
            run()
            self._build_bar()  # "Pause" becomes "Play"

        # Space is the bar's own key for its first button (see GameScene.handle), so it needs no hotkey here.
        hotkey = pygame.key.key_code(key) if key and key != "space" else None
        return Button((0, 0, 10, 10), label, click, tooltip=f"Key: {key}" if key else "", hotkey=hotkey, size=17)

    def why_not(self, kind: str, default: str) -> str:
        if self.viewer is not None and self.viewer not in (self.st.get("to_act") or []):
            waiting = ", ".join(self.seat_name(s) for s in self.st.get("to_act") or [])
            return f"Waiting for {waiting}. {default}" if waiting else default
        return default

    def _bar_handler(self, kind: str) -> Any:
        def handler() -> None:
            wires = self.by_kind.get(kind, [])
            if len(wires) == 1:
                self.choose(wires[0])
            elif wires:
                self.offer(self.words.kind(kind), wires)

        return handler

    def _bar_kinds(self) -> list[str]:
        """The bar's buttons: the usual ones (greyed when not possible), then the rest of what is legal.
        A crowded bar drops the greyed ones first, so live buttons keep readable labels."""
        always = acts.ALWAYS_SHOWN.get(self.session.game, ())
        kinds = list(always) + [k for k in self.by_kind if k not in always]
        if len(kinds) > 8:
            kinds = [k for k in kinds if k in self.by_kind]
        return kinds

    def _button_kind(self, button: Button) -> str:
        kinds = self._bar_kinds()
        index = self.bar_buttons.index(button)
        return kinds[index] if index < len(kinds) else ""

    def _place_bar(self) -> None:
        n = len(self.bar_buttons)
        if not n:
            return
        gap = 8
        width = min(self.bar_widest, (self.bar_rect.w - gap * (n - 1)) // n)
        x = self.bar_rect.x
        for button in self.bar_buttons:
            button.rect = pygame.Rect(x, self.bar_rect.y, width, self.bar_rect.h)
            x += width + gap
