"""The new-table (and table settings) form over the lobby: game, seats, bots, card packs and table options."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from ...shared.bots import LEVELS as BOT_LEVELS
from ...shared.rules.base import MalformedAction
from ..ui import theme
from ..ui.choosers import Checklist, Item, Segmented, Stepper, Toggle
from ..ui.text import render_block, render_line
from ..ui.widgets import Button, modal_box
from .base import Scene
from .lobby_rules import (
    BOT_LEVEL_TITLES,
    GAME_TITLES,
    GAMES,
    REACTION_STEPS,
    SEATS,
    WIN_LEVELS,
    TableChoices,
    fmt_reaction,
    munchkin_options,
    packs_for,
)

if TYPE_CHECKING:
    from ..app import App

Submit = Callable[[dict[str, Any]], None]


class TableSetupScene(Scene):
    """A modal form. `on_submit` gets the create_table (or set_table) fields once the choices are legal."""

    opaque = False
    name = "table_setup"

    def __init__(self, app: App, choices: TableChoices, on_submit: Submit, editing: bool = False) -> None:
        super().__init__(app)
        self.choices, self.on_submit, self.editing = choices, on_submit, editing
        self.box = pygame.Rect(0, 0, 10, 10)
        self.game = Segmented((0, 0, 10, 10), [(g, GAME_TITLES[g]) for g in GAMES], choices.game, self._game)
        self.game.enabled = not editing  # a table keeps its game: make a new table for the other one
        self.seats = Stepper(
            (0, 0, 10, 10),
            "seats",
            range(SEATS[0], SEATS[1] + 1),
            choices.seats,
            self._seats,
            tooltip="Players at the table, bots included",
            box_w=120,
        )
        self.bots = Stepper(
            (0, 0, 10, 10),
            "bots",
            range(0, 6),
            choices.bots,
            self._bots,
            tooltip="Bots take the last seats; open seats left at the start become bots too",
            box_w=120,
        )
        self.bot_level = Segmented(
            (0, 0, 10, 10),
            [(lv, BOT_LEVEL_TITLES[lv]) for lv in BOT_LEVELS],
            choices.bot_level,
            self._bot_level,
            size=16,
        )
        self.packs = Checklist((0, 0, 10, 10), refuse=choices.pack_refusal, on_change=self._packs, row_h=66)
        self.option_widgets: dict[str, Toggle | Stepper] = {}
        label = "Save settings" if editing else "Create table"
        self.submit_button = Button((0, 0, 10, 10), label, self._submit, colour=(40, 110, 90), hotkey=pygame.K_RETURN)
        self.cancel_button = Button((0, 0, 10, 10), "Cancel", self._cancel, hotkey=pygame.K_ESCAPE)
        self._build()

    # -- widgets from the choices -------------------------------------------------------------------
    def _build(self) -> None:
        c = self.choices
        self.packs.set_items([Item(p.name, p.title, p.description) for p in packs_for(c.game)], c.packs)
        self.option_widgets = {}
        if c.game == "munchkin":
            for info in munchkin_options():
                widget: Toggle | Stepper
                if info.kind is bool:
                    widget = Toggle(
                        (0, 0, 10, 10),
                        info.describe,
                        False,
                        _setter(self, info.name),
                        tooltip=info.describe,
                    )
                elif info.name == "win_level":
                    widget = Stepper(
                        (0, 0, 10, 10),
                        info.describe,
                        WIN_LEVELS,
                        10,
                        _setter(self, info.name),
                        tooltip=info.describe,
                        box_w=140,
                    )
                else:
                    widget = Stepper(
                        (0, 0, 10, 10),
                        info.describe,
                        REACTION_STEPS,
                        "normal",
                        _setter(self, info.name),
                        fmt=lambda value: fmt_reaction(value, self.choices.packs),
                        tooltip="Reaction time: short is the rulebook's 2.66 s (Christmas Lite's 3.75 s), "
                        "normal 8 s, or no timer: the fight waits until everyone passes",
                        box_w=190,
                    )
                self.option_widgets[info.name] = widget
        self._sync()
        self.layout(self.app.screen.get_size())

    def _sync(self) -> None:
        """Show the choices: effective option values, which were chosen, the seat limits."""
        c = self.choices
        low, high = c.seat_range()
        self.seats.set_range(range(low, high + 1))
        self.seats.set_value(c.seats)
        self.bots.set_range(range(0, c.seats))
        self.bots.set_value(c.bots)
        self.bot_level.value = c.bot_level
        self.packs.checked = list(c.packs)
        if self.option_widgets:
            try:
                shown = c.options()
            except MalformedAction:  # an illegal mix is reported by `problem()`; show the packs' defaults meanwhile
                shown = c.defaults()
            for name, widget in self.option_widgets.items():
                value = getattr(shown, name)
                if isinstance(widget, Toggle):
                    widget.value = bool(value)
                else:
                    widget.set_value(value)
                widget.marked = name in c.explicit
        problem = c.problem()
        self.submit_button.set_enabled(not problem, problem)
        self.widgets = [
            self.game,
            self.seats,
            self.bots,
            self.bot_level,
            self.packs,
            *self.option_widgets.values(),
            self.submit_button,
            self.cancel_button,
        ]

    # -- layout --------------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        self.box = pygame.Rect(0, 0, min(1220, w - 40), min(680, h - 30))
        self.box.center = (w // 2, h // 2)
        b = self.box
        left_w = int(b.w * 0.44)
        x = b.x + 20
        self.left = pygame.Rect(x, b.y + 64, left_w, b.h - 140)
        self.game.rect = pygame.Rect(x, self.left.y + 24, left_w, 40)
        self.seats.rect = pygame.Rect(x, self.game.rect.bottom + 36, left_w // 2 - 6, 36)
        self.bots.rect = pygame.Rect(x + left_w // 2 + 6, self.game.rect.bottom + 36, left_w // 2 - 6, 36)
        self.seat_note_rect = pygame.Rect(x, self.seats.rect.bottom + 4, left_w, 22)
        self.bot_level.rect = pygame.Rect(x, self.seat_note_rect.bottom + 4, left_w, 34)
        packs_y = self.bot_level.rect.bottom + 30
        self.packs.rect = pygame.Rect(x, packs_y, left_w, self.packs.row_h * max(1, len(self.packs.items)))
        self.right = pygame.Rect(x + left_w + 24, b.y + 64, b.right - x - left_w - 44, b.h - 140)
        rows = max(1, len(self.option_widgets))
        row_h = min(48, (self.right.h - 26) // rows)
        for i, widget in enumerate(self.option_widgets.values()):
            widget.rect = pygame.Rect(self.right.x, self.right.y + 26 + i * row_h, self.right.w, row_h - 4)
        self.submit_button.rect = pygame.Rect(b.right - 400, b.bottom - 60, 220, 44)
        self.cancel_button.rect = pygame.Rect(b.right - 170, b.bottom - 60, 150, 44)
        self.problem_rect = pygame.Rect(b.x + 20, b.bottom - 64, b.w - 440, 52)

    # -- changes -------------------------------------------------------------------------------------
    def _game(self, game: str) -> None:
        self.choices.set_game(game)
        self._build()

    def _seats(self, seats: int) -> None:
        self.choices.set_seats(seats)
        self._sync()

    def _bots(self, bots: int) -> None:
        self.choices.set_bots(bots)
        self._sync()

    def _bot_level(self, level: str) -> None:
        self.choices.set_bot_level(level)
        self._sync()

    def _packs(self, packs: list[str]) -> None:
        self.choices.set_packs(packs)
        self._sync()

    def set_option(self, name: str, value: Any) -> None:
        self.choices.set_option(name, value)
        self._sync()

    def _submit(self) -> None:
        if self.choices.problem():
            return
        self.app.remove(self)
        self.on_submit(self.choices.wire())

    def _cancel(self) -> None:
        self.app.remove(self)

    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        super().handle(event)
        return None  # modal: nothing reaches the lobby below

    # -- drawing -------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        modal_box(surface, self.box)
        title = "Table settings" if self.editing else "New table"
        surface.blit(render_line(title, self.box.w - 40, 28, theme.ACCENT, "bold"), (self.box.x + 20, self.box.y + 16))
        _heading(
            surface,
            "Game" + (" (fixed once the table exists)" if self.editing else ""),
            self.left.w,
            (self.left.x, self.game.rect.y - 22),
        )
        _heading(surface, "Players", self.left.w, (self.left.x, self.seats.rect.y - 22))
        note = self.choices.note or self.choices.seat_note()
        if note:
            colour = theme.ACCENT if self.choices.note else theme.TEXT_DIM
            img = render_block(note, self.seat_note_rect.w, self.seat_note_rect.h, 14, colour, min_size=10)
            surface.blit(img, self.seat_note_rect.topleft)
        _heading(
            surface,
            "Card packs (mix any; the first is the base game)",
            self.left.w,
            (self.left.x, self.packs.rect.y - 22),
        )
        if self.packs.reason:
            img = render_line(self.packs.reason, self.left.w, 15, theme.ACCENT)
            surface.blit(img, (self.left.x, self.packs.rect.bottom + 4))
        if self.option_widgets:
            _heading(
                surface,
                "Table options (a dot marks your own choice; the rest follow the packs)",
                self.right.w,
                (self.right.x, self.right.y),
            )
        else:
            _heading(surface, "Table options", self.right.w, (self.right.x, self.right.y))
            text = "Munchkin Wonderland has no table options: it plays the standard board with the packs chosen."
            img = render_block(text, self.right.w, 80, 18, theme.TEXT_DIM)
            surface.blit(img, (self.right.x, self.right.y + 30))
        problem = self.choices.problem()
        if problem:
            img = render_block(problem, self.problem_rect.w, self.problem_rect.h, 17, theme.ACCENT, min_size=11)
            surface.blit(img, self.problem_rect.topleft)
        super().draw(surface)


def _heading(surface: pygame.Surface, text: str, width: int, at: tuple[int, int]) -> None:
    surface.blit(render_line(text, width, 16, theme.TEXT_DIM, "bold"), at)


def _setter(scene: TableSetupScene, name: str) -> Callable[[Any], None]:
    return lambda value: scene.set_option(name, value)
