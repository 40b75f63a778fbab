"""The action bar under the table: a fixed place for each kind of action that is not about a single card."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from ...shared.rules.base import Action
from ...shared.rules.munchkin.actions import Pass
from ...shared.viewer import ViewerState
from .. import actions as acts
from ..ui import theme
from ..ui.widgets import Button
from ..words import Words

MORE_WIDTH = 150  # the "More" place shows any kind's name ("Berserk (3)…")


class ActionBar:
    """Mixed into GameScene: builds, places and runs the bar's buttons from the seat's legal actions.

    Every place stays where it is for the whole game (`actions.BAR_PLACES`): what is not possible now is
    greyed in its place with the reason, never removed, so nothing reflows under the pointer. The buttons
    are kept and refitted in place rather than made anew, so a press survives a state that changes nothing
    it shows; one that changed under the pointer ignores clicks for a moment (see `Button`).
    """

    app: Any
    session: Any
    by_kind: dict[acts.Kind, list[Action]]
    bar_buttons: list[Button]
    bar_rect: pygame.Rect
    state: ViewerState
    viewer: int | None
    words: Words
    bar_widest = 230  # a button's widest
    bar_places: tuple[tuple[acts.Kind, ...], ...] = ()
    bar_actions: list[list[Action]]  # each place's legal actions now
    _bar_steers = False  # the buttons are a replay's controls
    describe: Callable[[Action], str]
    choose: Callable[[Action], None]
    offer: Callable[..., Any]
    seat_name: Callable[[int], str]

    def bar_clock(self) -> float:
        return float(self.app.elapsed)

    def _build_bar(self) -> None:
        controls = self.session.controls()
        if controls or self.viewer is None:  # a replay steers playback; a spectator has nothing to do
            self.bar_buttons = [self._control_button(*control) for control in controls]
            self.bar_places, self.bar_actions, self._bar_steers = (), [], True
            self.bar_widest = 140  # room beside them for the replay's caption
            self._place_bar()
            return
        places = acts.bar_places(self.session.game, self.by_kind)
        placed = {kind for place in places for kind in place}
        more = sorted((kind for kind in self.by_kind if kind not in placed), key=lambda kind: kind.kind)
        fresh = self._bar_steers or places != self.bar_places or not self.bar_buttons
        if fresh:
            self.bar_buttons = [
                Button((0, 0, 10, 10), "", self._bar_handler(i), size=17, clock=self.bar_clock)
                for i in range(len(places))
            ]
            self.bar_places, self._bar_steers = places, False
            self._place_bar()
        self.bar_actions = []
        for button, place in zip(self.bar_buttons, places, strict=True):
            kinds = more if place == (acts.More,) else [k for k in place if k in self.by_kind]
            actions = [a for kind in kinds for a in self.by_kind[kind]]
            self.bar_actions.append(actions)
            label = self._place_label(place, kinds, actions)
            reason = "" if actions else self.why_not(place[0], self._default_reason(place[0]))
            button.refit(label, bool(actions), reason)  # a label shown whole needs no tooltip repeating it
            button.colour = (110, 80, 30) if actions and kinds == [Pass] else theme.BUTTON

    def _place_label(self, place: tuple[acts.Kind, ...], kinds: list[acts.Kind], actions: list[Action]) -> str:
        form = self.bar_form(actions)  # a form to fill in rather than one action names itself
        if form:
            return form
        if len(actions) == 1:
            return self.describe(actions[0]).split(" {")[0]
        head = self._head(kinds[0] if len(kinds) == 1 else place[0])
        return f"{head} ({len(actions)})…" if actions else head

    def _default_reason(self, kind: acts.Kind) -> str:
        return self.words.why_not(kind)

    def _control_button(self, label: str, run: Callable[[], None], key: str) -> Button:
        def click() -> None:
            run()
            self._build_bar()  # "Pause" becomes "Play"

        # Space is the bar's own key for its first button (see GameScene.handle), so it needs no hotkey here.
        hotkey = pygame.key.key_code(key) if key and key != "space" else None
        return Button((0, 0, 10, 10), label, click, tooltip=f"Key: {key}" if key else "", hotkey=hotkey, size=17)

    def why_not(self, kind: acts.Kind, default: str) -> str:
        if self.viewer is not None and self.viewer not in self.state.to_act:
            waiting = ", ".join(self.seat_name(s) for s in self.state.to_act)
            return f"Waiting for {waiting}. {default}" if waiting else default
        return default

    def _bar_handler(self, index: int) -> Callable[[], None]:
        def handler() -> None:
            actions = self.bar_actions[index] if index < len(self.bar_actions) else []
            if not actions or self.bar_special(actions):
                return
            if len(actions) == 1:
                self.choose(actions[0])
            else:
                kinds = {type(a) for a in actions}
                place = self.bar_places[index]
                self.offer(self._head(kinds.pop() if len(kinds) == 1 else place[0]), actions)

        return handler

    def _head(self, kind: acts.Kind) -> str:
        """A kind's name on the bar, without the fields its label would fill in."""
        return "More" if kind is acts.More else self.words.kind(kind)

    def bar_form(self, actions: list[Action]) -> str:
        """Subclasses: the button's label when these actions open a form of their own (the call for help)
        rather than a menu; "" when they do not."""
        return ""

    def bar_special(self, actions: list[Action]) -> bool:
        """Subclasses: open the form `bar_form` promised; True when it took the actions."""
        return False

    def bar_button_for(self, kind: acts.Kind) -> Button | None:
        """The bar's button where actions of `kind` are (the autoplayer clicks it), if any is live."""
        for button, actions in zip(self.bar_buttons, self.bar_actions, strict=False):
            if any(isinstance(a, kind) for a in actions):
                return button
        return None

    def _place_bar(self) -> None:
        """Widths follow the places' own names, fixed for the game, so a live label never moves a neighbour."""
        n = len(self.bar_buttons)
        if not n:
            return
        gap = 8
        room = self.bar_rect.w - gap * (n - 1)
        if self._bar_steers:
            widths = [min(self.bar_widest, room // n)] * n
        else:
            f = theme.font(17, "bold")
            # A place is as wide as its own name ("More" holds any kind's): fixed for the game. A longer live
            # label takes a second line in its place rather than pushing a neighbour.
            natural = [
                MORE_WIDTH if place == (acts.More,) else max(90, f.size(self._head(place[0]))[0] + 28)
                for place in self.bar_places
            ]
            spare = max(0, room - sum(natural)) // n
            scale = min(1.0, room / max(1, sum(natural)))
            widths = [min(max(self.bar_widest, w), int(w * scale) + spare) for w in natural]
        x = self.bar_rect.x
        for button, width in zip(self.bar_buttons, widths, strict=True):
            button.rect = pygame.Rect(x, self.bar_rect.y, width, self.bar_rect.h)
            x += width + gap
