"""The coach of a lesson: which step the player is at, where the control for it is on the real screen, and the
panel down the sidebar that says what to do and why.

The control is found the way the player would find it, through the screen's own widgets: the card in the
hand or on the table, the bar's button, the entry of the menu that opened, the row of the help form, the
space of the board. The coach points at it and waits; any other action is refused with the step's hint
(`refusal`), so the table stays as the lesson arranged it.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from ...shared.rules.base import Action
from ...shared.rules.munchkin.actions import AskForHelp
from ...shared.rules.wonderland.actions import Move
from .. import actions as acts
from ..actions import card_of
from ..scenes.help_form import HelpForm
from ..scenes.overlays import ChoiceOverlay, ConfirmOverlay
from ..ui import theme
from ..ui.text import fit, render_block, render_line
from ..ui.widgets import Button, panel
from .lessons import Lesson, Step, base

if TYPE_CHECKING:
    from ..scenes.table_base import GameScene

POINTER = theme.ORANGE
PANEL_TOP = 0.36  # the panel takes the sidebar from this share of the window's height down


class Coach:
    """One lesson's progress on its table. `next_lesson` and `leave` are the tutorial's."""

    def __init__(self, lesson: Lesson, number: int, count: int, next_lesson: Any, leave: Any) -> None:
        self.lesson, self.number, self.count = lesson, number, count
        self.at = 0  # the step waited for; len(steps) once the lesson is done
        self.seen = 0  # the session's actions already read
        self.refused = ""  # the hint for the last action refused, shown until the step moves on
        self.clock = 0.0
        self.rect = pygame.Rect(0, 0, 10, 10)
        self.scale = 1.0
        self.cut = False  # the last panel drawn had to cut its text short (the tests check it never does)
        last = number == count
        self.next_button = Button(
            (0, 0, 10, 10),
            "Finish" if last else "Next lesson",
            next_lesson,
            size=17,
            colour=(40, 110, 90),
            tooltip="Back to the start screen" if last else "Skip ahead: the next lesson, on a table of its own",
        )
        self.leave_button = Button(
            (0, 0, 10, 10), "Leave (Esc)", leave, size=17, colour=(90, 60, 60), tooltip="Back to the start screen"
        )

    @property
    def step(self) -> Step | None:
        return self.lesson.steps[self.at] if self.at < len(self.lesson.steps) else None

    @property
    def done(self) -> bool:
        return self.step is None

    # -- following the game ----------------------------------------------------------------------------
    def update(self, dt: float, game: str, played: list[acts.Wire], seat: int) -> None:
        """Read the actions played since the last call (the session's log of `game`'s actions, in their wire
        form): the step's, by `seat`, moves the lesson on."""
        self.clock += dt
        for action in acts.decode(game, played[self.seen :]):
            if action.seat == seat and self.wants(action):
                self.at += 1
                self.refused = ""
        self.seen = len(played)

    def refusal(self, action: Action) -> str:
        """Why the player's `action` is not for now ("" when it is the step's), in the step's own words."""
        step = self.step
        if step is not None and step.wants(action):
            return ""
        if step is None:
            return "This lesson is done: click Next lesson to go on."
        return f"Not yet: {step.say}"

    def refuse(self, action: Action) -> None:
        self.refused = self.refusal(action)
        self.clock = 0.0  # the pointer starts its bounce again, to catch the eye

    def wants(self, action: Action) -> bool:
        step = self.step
        return step is not None and step.wants(action)

    def wanted(self, scene: GameScene) -> Action | None:
        """The legal action the step waits for, as the table lists it."""
        return next((a for a in scene.legal if self.wants(a)), None)

    def note(self, scene: GameScene) -> str:
        """A line under the step when it cannot be taken as things stand: refused, waiting, or a wrong menu."""
        if self.refused:
            return self.refused
        if self.wanted(scene) is None:
            return "Wait a moment: the others may play now."
        if scene.app.top is not scene and self.target(scene) is None:
            return "Close this (Esc) to carry on: the arrow waits on the table."
        return ""

    # -- where the control is -----------------------------------------------------------------------------
    def target(self, scene: GameScene) -> pygame.Rect | None:
        """The control to use now: found among the widgets of whatever is on top of the table."""
        if self.done:
            return self.next_button.rect if scene.app.top is scene else None
        wanted = self.wanted(scene)
        if wanted is None:
            return None  # the others' turn to play (a reaction window, a volunteer): wait
        top = scene.app.top
        if isinstance(top, ChoiceOverlay):  # the menu's entry for the step (any card, if the step names none)
            keys = {option.key for option in top.options}
            key = next((a for a in scene.legal if self.wants(a) and a in keys), None)
            return top.option_rect(key) if key is not None else None
        if isinstance(top, HelpForm):
            return help_control(top, wanted) if isinstance(wanted, AskForHelp) else None
        if isinstance(top, ConfirmOverlay):
            return top.dialog.buttons[0].rect  # "Go ahead"
        if top is not scene:
            return None
        return table_control(scene, wanted)

    # -- the panel -------------------------------------------------------------------------------------
    def layout(self, scene: GameScene) -> None:
        side = scene.side_rect
        top = side.y + int(scene.size[1] * PANEL_TOP)
        self.rect = pygame.Rect(side.x + 8, top, side.w - 16, side.bottom - 8 - top)
        self.scale = scene.ui_scale  # the words grow with the window, as the table's do
        half, high = (self.rect.w - 30) // 2, int(40 * self.scale)
        for button, x in ((self.next_button, self.rect.x + 10), (self.leave_button, self.rect.right - 10 - half)):
            button.rect = pygame.Rect(x, self.rect.bottom - 10 - high, half, high)
            button.size = int(17 * self.scale)

    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        for button in (self.next_button, self.leave_button):
            if button.handle(event) is None:
                return None
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self.rect.collidepoint(event.pos):
            return None  # the panel lies over the log and the chat: a click on it is the panel's
        return event

    def draw(self, surface: pygame.Surface, scene: GameScene) -> None:
        panel(surface, self.rect, (28, 32, 42), POINTER, radius=10)
        x, w = self.rect.x + 12, self.rect.w - 24
        y = self.rect.y + 10
        head = f"Lesson {self.number} of {self.count} · {self.lesson.title}"
        k = self.scale
        surface.blit(render_line(head, w, int(17 * k), theme.ACCENT, "bold"), (x, y))
        y += int(26 * k)
        steps = len(self.lesson.steps)
        count = "Done!" if self.done else f"Step {self.at + 1} of {steps}"
        surface.blit(render_line(count, w, int(14 * k), theme.TEXT_DIM), (x, y))
        y += int(22 * k)
        room = self.next_button.rect.y - 10 - y
        step, self.cut = self.step, False
        if step is None:
            self.cut = fit(self.lesson.done, w, room, int(19 * k), 12).truncated
            surface.blit(render_block(self.lesson.done, w, room, int(19 * k), theme.TEXT, min_size=12), (x, y))
        else:
            note = self.note(scene)
            why = "The rules: " + step.why
            for text, share, size, colour, style in (
                (step.say, 0.42, int(20 * k), theme.TEXT, "bold"),
                (why, 0.78 if note else 1.0, int(16 * k), theme.TEXT_DIM, "regular"),
                (note, 1.0, int(16 * k), theme.ORANGE, "regular"),
            ):
                if not text:
                    continue
                space = max(20, int((self.next_button.rect.y - 10 - y) * share))
                fitted = fit(text, w, space, size, 10, style)
                self.cut = self.cut or fitted.truncated
                height = len(fitted.lines) * theme.font(fitted.size, style).get_linesize()
                surface.blit(render_block(text, w, height, size, colour, min_size=10, style=style), (x, y))
                y += height + 10
        self.next_button.draw(surface)
        self.leave_button.draw(surface)

    def draw_pointer(self, surface: pygame.Surface, target: pygame.Rect, from_left: bool) -> None:
        """A ring round the control and an arrow bouncing towards it: `from_left` in a menu or a form (their
        entries lie close above one another), else from above (or below, near the top of the window)."""
        pulse = 0.5 + 0.5 * math.sin(self.clock * 5)
        ring = target.inflate(8 + int(6 * pulse), 8 + int(6 * pulse))
        pygame.draw.rect(surface, POINTER, ring, 4, border_radius=10)
        size, bounce = int(18 * self.scale), int(8 * pulse)
        # The arrow pointing down at (0, 0), turned to come from where there is room.
        shape = [
            (0, 0),
            (-size, -size),
            (-size // 2, -size),
            (-size // 2, -2 * size),
            (size // 2, -2 * size),
            (size // 2, -size),
            (size, -size),
        ]
        turn: Callable[[int, int], tuple[int, int]] | None
        if from_left and ring.left - 2 * size > 0:
            tip, turn = (ring.left - 4 - bounce, target.centery), lambda x, y: (y, -x)
        elif ring.top - 2 * size > 0:
            tip, turn = (max(size, min(surface.get_width() - size, target.centerx)), ring.top - 4 - bounce), None
        else:
            tip, turn = (target.centerx, ring.bottom + 4 + bounce), lambda x, y: (x, -y)
        points = [(tip[0] + px, tip[1] + py) for px, py in (shape if turn is None else [turn(x, y) for x, y in shape])]
        pygame.draw.polygon(surface, POINTER, points)
        pygame.draw.polygon(surface, theme.TEXT_DARK, points, 2)


def table_control(scene: GameScene, action: Action) -> pygame.Rect | None:
    """Where `action` starts on the table itself: its card (in the hand, or lying on the table), the board's
    space it moves to, or the bar's button for its kind."""
    card = card_of(action)
    if card is not None:
        for c, rect in scene.hand_rects:
            if c == card:
                return rect
        lying = [(c, r) for c, r, _ in getattr(scene, "table_cards", [])]
        lying += [*getattr(scene, "reward_rects", []), *getattr(scene, "friend_rects", [])]
        return next((r for c, r in lying if c == card), None)
    geo = getattr(scene, "geo", None)
    if isinstance(action, Move) and geo is not None:
        return geo.space_box(action.destination) if action.path else None
    button = scene.bar_button_for(type(action))
    return button.rect if button is not None else None


def help_control(form: HelpForm, call: AskForHelp) -> pygame.Rect | None:
    """The next control of the help form to set for `call`'s terms: whom to ask, each item, then the button."""
    to = str(call.to)
    if form.whom.value != to:
        return next((box for value, _, box in form.whom.boxes() if value == to), None)
    wanted = set(call.items)
    keys = [item.key for item in form.item_list.items]
    for index, key in enumerate(keys):
        if (key in wanted) != (key in form.items):
            return form.item_list.row_rect(index)
    if call.treasures != form.treasures:
        return form.share.rect
    return form.ask.rect


__all__ = ["Coach", "base", "help_control", "table_control"]
