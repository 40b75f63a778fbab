"""Help as a negotiation (Munchkin, M31): the fighter's form for a call for help, the asked player's answer,
and the fighter's choice among volunteers, each showing the terms and the strength each helper would add.

The forms only compose actions the host listed as legal: a bribe the list does not hold cannot be set up,
and the strength figures are the engine's own (`help_previews` in the combat view).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ...shared.rules.base import Action
from ...shared.rules.munchkin.actions import AskForHelp, ChooseHelper, Volunteer
from ...shared.rules.munchkin.view import BribeView, CombatView, HelpPreviewView
from ..ui import theme
from ..ui.choosers import Checklist, Item, Segmented, Stepper, Toggle
from ..ui.text import render_block, render_line
from ..ui.widgets import Button, modal_box
from .base import Scene
from .overlays import Option

if TYPE_CHECKING:
    from ..app import App
    from .munchkin_table import MunchkinScene

Terms = tuple[tuple[str, ...], int, bool]  # (items, treasures, helper first)


EVERYONE = -1  # a call for help to the whole table; else the seat asked (M31)


def legal_calls(actions: list[Action], to: int) -> dict[Terms, AskForHelp]:
    """The legal calls for help to `to`, by their terms. A promise of hand cards (R06) is not a term of this form:
    such a call would share its terms with the plain one."""
    return {terms_of(a): a for a in actions if isinstance(a, AskForHelp) and a.to == to and not a.cards}


def terms_of(call: AskForHelp) -> Terms:
    return tuple(sorted(call.items)), call.treasures, call.helper_first


def offer_text(table: MunchkinScene, terms: Terms, fighter: int, reader: int | None) -> str:
    """The terms in words, for whoever reads them (the fighter, or an asked player)."""
    items, treasures, first = terms
    parts = ["no treasure" if not treasures else ("1 treasure" if treasures == 1 else f"{treasures} treasures")]
    if items:
        parts.append(", ".join(table.cards.name(i) for i in items) + " handed over after the fight")
    if treasures:
        if reader == fighter:
            picker = "the helper picks" if first else "you pick"
        else:
            picker = "you pick" if first else f"{table.seat_name(fighter)} picks"
        parts.append(picker + " first")
    return "; ".join(parts)


def offered_terms(offer: BribeView | None) -> Terms:
    """The terms of the call for help the asked players hold (none: nothing offered)."""
    if offer is None:
        return (), 0, False
    return tuple(sorted(offer.items)), offer.treasures, offer.helper_first


def preview_line(table: MunchkinScene, preview: HelpPreviewView, you: bool = False) -> str:
    """What one helper changes: the strength they add and the fight as it would then stand (the engine's own
    verdict: ties, Warriors)."""
    who = "Your help adds" if you else table.seat_name(preview.seat) + " adds"
    line = f"{who} {preview.adds:+d}: {preview.fighters} against {preview.monsters}"
    return line + (", winning" if preview.winning else ", still losing")


def _combat(table: MunchkinScene) -> CombatView | None:
    return table.record.combat


def _previews(table: MunchkinScene) -> dict[int, HelpPreviewView]:
    combat = _combat(table)
    return {p.seat: p for p in combat.help_previews} if combat is not None else {}


def _fighter(table: MunchkinScene) -> int:
    combat = _combat(table)
    return combat.fighter if combat is not None else table.viewer or 0


def _against(table: MunchkinScene) -> str:
    combat = _combat(table)
    if combat is None:
        return "Against the monsters"
    monsters = ", ".join(f"{table.cards.name(m.card)} (level {m.level})" for m in combat.monsters)
    return (
        f"Against {monsters or 'the monsters'}: munchkins {combat.fighters_strength}, "
        f"monsters {combat.monsters_strength}"
    )


class HelpForm(Scene):
    """The fighter's call for help: the treasure share, the items handed over and who picks first, composed
    from the legal `ask_for_help` actions, with what each player would add."""

    opaque = False
    name = "help_form"

    def __init__(self, app: App, table: MunchkinScene, calls: list[Action]) -> None:
        super().__init__(app)
        self.table = table
        self.to = EVERYONE
        self.legal = legal_calls(calls, self.to)
        self.items: list[str] = []
        self.treasures = min((t for _, t, _ in self.legal), default=0)
        self.first = False
        self.box = pygame.Rect(0, 0, 10, 10)
        self.fighter = _fighter(table)
        shares = sorted({t for items, t, _ in self.legal if not items})
        self.share = Stepper(
            (0, 0, 10, 10),
            "Treasures for the helper, of those the monsters carry",
            shares or [0],
            self.treasures,
            self._set_share,
            fmt=lambda n: "none" if n == 0 else str(n),
        )
        self.first_toggle = Toggle((0, 0, 10, 10), "The helper picks the treasures first", False, self._set_first)
        self.whom = Segmented((0, 0, 10, 10), self._whom_choices(calls), str(EVERYONE), self._set_whom, size=16)
        offered = sorted({i for items, _, _ in self.legal for i in items})
        self.item_list = Checklist(
            (0, 0, 10, 10),
            [Item(i, table.cards.name(i), "yours to use in this fight; theirs after it") for i in offered],
            (),
            self._set_items,
            self._refuse_items,
            row_h=44,
        )
        clock = table.bar_clock
        self.ask = Button((0, 0, 10, 10), "Ask for help", self._send, clock=clock)
        self.cancel = Button((0, 0, 10, 10), "Cancel", self.close, "", pygame.K_ESCAPE, 20, (90, 70, 70), clock)
        self.widgets = [self.whom, self.share, self.first_toggle, self.item_list, self.ask, self.cancel]
        self._sync()

    def _whom_choices(self, calls: list[Action]) -> list[tuple[str, str]]:
        seats = sorted({a.to for a in calls if isinstance(a, AskForHelp)} - {EVERYONE})
        return [(str(EVERYONE), "Everyone"), *((str(s), self.table.seat_name(s)) for s in seats)]

    def _set_whom(self, value: str) -> None:
        """Whom to ask: the terms stay as near as the table allows for that player."""
        self.to = int(value)
        self.legal = legal_calls(self.table.by_kind.get(AskForHelp, []), self.to)
        fitted = self._fit(self.items, self.treasures, self.first) or self._fit([], 0, False)
        if fitted is not None:
            self._apply(fitted)
        self._sync()

    # -- composing a legal call ---------------------------------------------------------------------
    def terms(self) -> Terms:
        return tuple(sorted(self.items)), self.treasures, self.first

    def _fit(self, items: list[str], treasures: int, first: bool) -> Terms | None:
        """The nearest legal terms keeping what was just chosen: drop who-picks-first, then the share."""
        for candidate in ((items, treasures, first), (items, treasures, False), (items, 0, False)):
            terms = (tuple(sorted(candidate[0])), candidate[1], candidate[2])
            if terms in self.legal:
                return terms
        return None

    def _apply(self, terms: Terms) -> None:
        self.items, self.treasures, self.first = list(terms[0]), terms[1], terms[2]
        self._sync()

    def _set_share(self, value: Any) -> None:
        # A share the items cannot go with (the table lists an item as a bribe on its own) sets the items aside.
        fitted = self._fit(self.items, int(value), self.first) or self._fit([], int(value), self.first)
        if fitted is not None:
            self._apply(fitted)

    def _set_first(self, value: bool) -> None:
        if (*self.terms()[:2], value) in self.legal:
            self.first = value
        self._sync()

    def _refuse_items(self, after: list[str]) -> str:
        if self._fit(after, self.treasures, self.first) is None:
            return "The table allows no call for help with those items together"
        return ""

    def _set_items(self, after: list[str]) -> None:
        fitted = self._fit(after, self.treasures, self.first)
        if fitted is not None:
            self._apply(fitted)

    def _sync(self) -> None:
        """The controls show the terms; what would make them illegal is greyed and says so."""
        self.share.value = self.treasures
        self.item_list.checked = list(self.items)
        can_first = (*self.terms()[:2], True) in self.legal
        self.first_toggle.value = self.first
        self.first_toggle.enabled = can_first
        self.first_toggle.tooltip = "" if can_first else "Only with a share of the treasures to pick"
        self.ask.set_enabled(self.terms() in self.legal, "The table allows no such call for help now")

    def compose(self, action: Action) -> pygame.Rect | None:
        """The autoplayer's way in: set the form to a call's terms; the button to click, if they are legal."""
        if not isinstance(action, AskForHelp):
            return None
        self._set_whom(str(action.to))
        self.whom.value = str(self.to)
        terms = terms_of(action)
        if terms not in self.legal:
            return None
        self._apply(terms)
        return self.ask.rect

    def update(self, dt: float) -> None:
        # The table moves on under the form (a monster enhanced, the fight over): it keeps to what is legal now.
        calls = self.table.by_kind.get(AskForHelp, [])
        if not calls:
            self.close()
            return
        legal = legal_calls(calls, self.to)
        if legal != self.legal:
            self.legal = legal
            self.share.set_range(sorted({t for items, t, _ in legal if not items}) or [0])
            self._sync()

    def _send(self) -> None:
        call = self.legal.get(self.terms())
        self.close()
        if call is not None:
            self.table.choose(call)

    def close(self) -> None:
        self.app.remove(self)

    # -- screen -------------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        area = self.app.modal_area((680, min(520, size[1] - 40)))  # over the table: the sidebar stays in sight
        self.box = pygame.Rect(0, 0, min(820, area.w - 40), min(520, size[1] - 40))
        self.box.center = area.center
        x, w = self.box.x + 24, self.box.w - 48
        self.share.rect = pygame.Rect(x, self.box.y + 118, w, 40)
        self.first_toggle.rect = pygame.Rect(x, self.box.y + 164, w, 36)
        self.whom.rect = pygame.Rect(x + 60, self.box.y + 80, w - 60, 30)
        rows = max(1, len(self.item_list.items))
        self.item_list.rect = pygame.Rect(x, self.box.y + 236, w // 2 - 8, min(rows, 4) * 44)
        self.ask.rect = pygame.Rect(self.box.right - 24 - 400, self.box.bottom - 64, 220, 44)
        self.cancel.rect = pygame.Rect(self.box.right - 24 - 170, self.box.bottom - 64, 170, 44)
        self.ask.appeared()
        self.cancel.appeared()

    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        super().handle(event)
        return None  # a form takes every click and key while it is open

    def hover_hint(self) -> tuple[object | None, str]:
        if self.first_toggle.hovered() and self.first_toggle.tooltip:
            return self.first_toggle, self.first_toggle.tooltip
        return super().hover_hint()

    def draw(self, surface: pygame.Surface) -> None:
        modal_box(surface, self.box)
        x, w = self.box.x + 24, self.box.w - 48
        surface.blit(render_line("Ask for help", w, 28, theme.ACCENT, "bold"), (x, self.box.y + 16))
        surface.blit(render_line(_against(self.table), w, 17, theme.TEXT), (x, self.box.y + 54))
        surface.blit(render_line("Ask:", 56, 17, theme.TEXT, "bold"), (x, self.box.y + 85))
        label = "Items to hand over after the fight" if self.item_list.items else "No item of yours can change hands"
        surface.blit(render_line(label, w // 2, 17, theme.TEXT, "bold"), (x, self.box.y + 210))
        if self.item_list.reason:
            reason = render_block(self.item_list.reason, w // 2 - 8, 40, 15, theme.ORANGE)
            surface.blit(reason, (x, self.item_list.rect.bottom + 4))
        self._draw_preview(surface, pygame.Rect(x + w // 2 + 8, self.box.y + 210, w // 2 - 8, self.box.h - 290))
        super().draw(surface)

    def _draw_preview(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        heading = "What each of them would add" if self.to == EVERYONE else "What their help would add"
        surface.blit(render_line(heading, rect.w, 17, theme.TEXT, "bold"), rect.topleft)
        y = rect.y + 28
        for seat, preview in _previews(self.table).items():
            if self.to != EVERYONE and seat != self.to:
                continue  # only the one player asked
            line = render_line(preview_line(self.table, preview), rect.w, 17, theme.TEXT)
            surface.blit(line, (rect.x, y))
            y += 28
        terms = "Offer: " + offer_text(self.table, self.terms(), self.fighter, self.fighter)
        surface.blit(render_block(terms, rect.w, 60, 16, theme.YELLOW), (rect.x, min(y + 6, rect.bottom - 60)))


class AnswerForm(Scene):
    """The asked player's side: who asks, the terms, what their help would change; then offer or decline."""

    opaque = False
    name = "help_answer"

    def __init__(self, app: App, table: MunchkinScene, answers: list[Action]) -> None:
        super().__init__(app)
        self.table = table
        self.answers = answers
        self.box = pygame.Rect(0, 0, 10, 10)
        clock = table.bar_clock
        # The terms are written out above the buttons, so each names only its answer (whole on hover): the long
        # wording ("Help Alice for 1 Treasure, the helper picks first") does not fit a third of the form.
        self.buttons = [
            Button((0, 0, 10, 10), table.words.kind(type(a)), self._send(a), table.describe(a), clock=clock)
            for a in answers
        ]
        self.later = Button((0, 0, 10, 10), "Decide later", self.close, "", pygame.K_ESCAPE, 20, (90, 70, 70), clock)
        self.widgets = [*self.buttons, self.later]

    def _send(self, answer: Action) -> Any:
        def send() -> None:
            self.close()
            self.table.choose(answer)

        return send

    def update(self, dt: float) -> None:
        if Volunteer not in self.table.by_kind:  # the call was withdrawn or answered (hot-seat: the bar)
            self.close()

    def compose(self, action: Action) -> pygame.Rect | None:
        for answer, button in zip(self.answers, self.buttons, strict=True):
            if answer == action:
                return button.rect
        return None

    def close(self) -> None:
        self.app.remove(self)

    def text(self) -> str:
        table, combat = self.table, _combat(self.table)
        fighter = _fighter(table)
        terms = offered_terms(combat.offer if combat is not None else None)
        lines = [_against(table), "They offer: " + offer_text(table, terms, fighter, table.viewer) + "."]
        if terms[0]:
            lines.append("The items come to you as soon as you are chosen, turned sideways (not worn in this fight).")
        mine = _previews(table).get(table.viewer if table.viewer is not None else -1)
        if mine is not None:
            lines.append(preview_line(table, mine, you=True) + ".")
        others = [table.seat_name(s) for s in (combat.volunteers if combat is not None else [])]
        if others:
            lines.append("Already offering: " + ", ".join(others) + ". The fighter chooses one helper.")
        return "\n".join(lines)

    def layout(self, size: tuple[int, int]) -> None:
        area = self.app.modal_area((600, min(330, size[1] - 40)))
        self.box = pygame.Rect(0, 0, min(760, area.w - 40), min(330, size[1] - 40))
        self.box.center = area.center
        n = len(self.widgets)
        bw = (self.box.w - 48 - 12 * (n - 1)) // n
        x = self.box.x + 24
        for button in self.widgets:
            button.rect = pygame.Rect(x, self.box.bottom - 64, bw, 44)
            if isinstance(button, Button):
                button.appeared()
            x += bw + 12

    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        super().handle(event)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        modal_box(surface, self.box)
        title = f"{self.table.seat_name(_fighter(self.table))} asks for your help"
        surface.blit(render_line(title, self.box.w - 48, 28, theme.ACCENT, "bold"), (self.box.x + 24, self.box.y + 16))
        body = render_block(self.text(), self.box.w - 48, self.box.h - 150, 18, theme.TEXT)
        surface.blit(body, (self.box.x + 24, self.box.y + 62))
        super().draw(surface)


def helper_options(table: MunchkinScene, choices: list[Action]) -> list[Option]:
    """The fighter's choice among volunteers, each entry with the strength that volunteer adds."""
    previews = _previews(table)
    options = []
    for choice in choices:
        label = table.describe(choice)
        preview = previews.get(choice.helper) if isinstance(choice, ChooseHelper) else None
        if preview is not None:
            label += " · " + preview_line(table, preview).split(" adds ", 1)[1]
        options.append(Option(label, _chooser(table, choice), key=choice))
    return options


def helper_title(table: MunchkinScene) -> str:
    combat = _combat(table)
    terms = offered_terms(combat.offer if combat is not None else None)
    return "Who helps you? Your offer: " + offer_text(table, terms, _fighter(table), table.viewer)


def _chooser(table: MunchkinScene, choice: Action) -> Any:
    return lambda: table.choose(choice)
