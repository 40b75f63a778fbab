"""The game screen's Menu: keep playing, sound, auto-pass, the bots' pace, the animations' pace, or leave."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..session import LocalSession
from ..settings import ANIMATION_SPEEDS
from .overlays import DialogOverlay

BOT_PACES = (1.0, 2.0, 0.5)  # the Menu's choices of seconds between two bot actions


class TableMenu:
    """Mixed into GameScene: the Menu button's dialog and what its entries do."""

    app: Any
    session: Any
    toast: Callable[..., None]

    def open_menu(self) -> None:
        sounds = self.app.sounds
        auto = "on" if self.app.settings.auto_pass else "off"
        self.app.push(
            DialogOverlay(
                self.app,
                "Menu",
                "Leave this table? Your seat stays yours: join again to come back. Auto-pass passes for you "
                f"in a reaction window when you have nothing to play (now {auto}). Bot pace: the time between "
                "two bot actions in a game this window runs (hot-seat now; a hosted game from the next table).",
                [
                    ("Keep playing", lambda: None),
                    ("Sound on/off", sounds.toggle_mute),
                    (f"Auto-pass {auto}", self._toggle_auto_pass),
                    (f"Bot pace {self.app.settings.bot_seconds:g} s", self._next_bot_pace),
                    (f"Animations: {self.app.settings.animation_speed}", self.next_animation_speed),
                    ("Leave", self.leave),
                ],
            )
        )

    def _toggle_auto_pass(self) -> None:
        self.app.settings.auto_pass = not self.app.settings.auto_pass

    def _next_bot_pace(self) -> None:
        """Slower, then faster again: 1 s (a pace a person follows), 2 s, 0.5 s."""
        paces = BOT_PACES
        now = self.app.settings.bot_seconds
        self.app.settings.bot_seconds = paces[(paces.index(now) + 1) % len(paces)] if now in paces else paces[0]
        if isinstance(self.session, LocalSession) and self.session.bot_delay > 0:
            self.session.bot_delay = self.app.settings.bot_seconds

    def next_animation_speed(self) -> None:
        """The menu's animation setting: normal, fast, off, and round again (kept for next time)."""
        order = list(ANIMATION_SPEEDS)
        settings = self.app.settings
        settings.animation_speed = order[(order.index(settings.animation_speed) + 1) % len(order)]
        settings.save()
        self.toast(f"Animations: {settings.animation_speed}", 2)

    def leave(self) -> None:
        self.session.close()
        self.app.pop()
