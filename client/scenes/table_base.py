"""What both game screens share: the hand, the action bar, dice, the log, timers, banners and hot-seat covers.

A game screen (Munchkin table, Wonderland board) subclasses `GameScene` and draws its own middle part.
Input becomes actions only through `choose()`, which every button, card menu and the autoplayer use.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import pygame

from ...shared.rules.base import Action, Event
from ...shared.viewer import GameView, ViewerState
from .. import actions as acts
from .. import presence
from ..anim.dice import DiceThrow, clear_of_dice, draw_tray, tray_rect
from ..anim.flights import Flights
from ..anim.moments import Callout, Moments, phase
from ..catalog import Cards
from ..net import NOT_ANSWERING
from ..rejoin import history_lines
from ..render.cards import blit_card, draw_back, draw_face
from ..render.table_surface import table_top
from ..session import Happening, Session
from ..ui import theme
from ..ui.scrollback import Scrollback
from ..ui.text import render_line
from ..ui.widgets import Button, TextInput
from ..words import Words
from . import hot_seat, table_hud, table_moments
from .action_bar import ActionBar
from .base import Box, Scene
from .overlays import ChoiceOverlay, ConfirmOverlay, Option
from .table_clock import TableClock, warning_hook
from .table_input import TableInput
from .table_menu import TableMenu

log = logging.getLogger(__name__)

if TYPE_CHECKING:
    from ..app import App

Wire = dict[str, Any]


class GameScene(TableInput, TableMenu, ActionBar, Scene):
    """A running game seen from one (or, hot-seat, several) of this client's seats.

    The scene reads the typed viewer state (`state`) and its game's view record (`record`)."""

    name = "game"
    sidebar_w = 330
    view_type: type[GameView]  # the game's view record, which the session's states must hold
    record: GameView  # subclasses name their game's

    def __init__(self, app: App, session: Session, quit_after_turns: int | None = None) -> None:
        super().__init__(app)
        seen = self._seen(session, session.seats[0] if session.seats else None)
        if seen is None:
            raise ValueError(f"no {session.game} table state to show yet")
        self.state, self.record = seen
        # The big moments (a kicked Door, a level, a death...), at the pace the player set.
        self.moments = Moments(lambda: self.app.settings.animation_factor, self.app.sounds.play)
        self.session = session
        self.viewer: int | None = session.seats[0] if session.seats else None
        self.cards = Cards(session.game, ())
        self.actions: list[Action] = []  # the viewing seat's legal actions (`Session.legal`)
        self.by_card: dict[str, list[Action]] = {}
        self.by_kind: dict[acts.Kind, list[Action]] = {}
        self.log = Scrollback("What happened", keys=True)  # the whole game, never cut short
        self.chat = Scrollback("Chat", "Nothing said yet: type below, Enter sends")
        self.toasts: list[list[Any]] = []  # [text, seconds left]
        self.throw: DiceThrow | None = None
        self.throw_tag = ""
        self._shot_pending: list[tuple[float, str]] = []
        self.flights = Flights()
        self.hand: list[str] = []
        self.hand_rects: list[tuple[str, pygame.Rect]] = []
        self.hovered_card: str | None = None
        self.bar_buttons: list[Button] = []
        self.bar_actions: list[list[Action]] = []
        self.clock = TableClock(self)
        self._clock_warning = warning_hook(self.clock)
        app.frame_hooks.append(self._clock_warning)
        self.turn_seen: int | None = None
        self.start_turn: int | None = None
        self.quit_after_turns = quit_after_turns
        self.results_shown = False
        self.outcome_clock = 0.0
        self._press = None
        self._press_at = (0, 0)
        self.dragging = None
        self.size = (1280, 720)
        self.table_rect = pygame.Rect(0, 0, 10, 10)
        self.side_rect = pygame.Rect(0, 0, 10, 10)
        self.hand_rect = pygame.Rect(0, 0, 10, 10)
        self.bar_rect = pygame.Rect(0, 0, 10, 10)
        self.reaction_rect = pygame.Rect(0, 0, 10, 10)
        self.card_w = 110
        self.ui_scale = 1.0  # 1.0 at 1280x720; the smaller of the height's and the width's ratio to it
        self.autoplayer: Any = None
        self.ghosts: dict[str, str] = {}  # flight key -> card, for cards flying from the hand to the table
        self.chat_input = TextInput((0, 0, 10, 10), "", "Chat (Enter to send)", 200, self._say, size=16)
        self.awaiting = 0.0  # seconds to wait for the host's answer to our last action
        self.menu_button = Button((0, 0, 90, 34), "Menu", self.open_menu, hotkey=pygame.K_ESCAPE, size=16)
        # Every label, title and log line about the game is worded there, for the table as it stands.
        self.words = Words(
            session.game,
            self.seat_name,
            lambda card: self.cards.name(card),
            lambda card: self.cards.get(card),
            lambda: self.viewer,
            lambda: self.record,
        )
        self._refresh()

    # -- state -------------------------------------------------------------------------------------
    def _seen(self, session: Session, seat: int | None) -> tuple[ViewerState, GameView] | None:
        """The seat's typed state and its view record, once the session holds one of this game."""
        state = session.records.get(seat)
        if state is None or not isinstance(state.view, self.view_type):
            return None
        return state, state.view

    def _refresh(self) -> None:
        seen = self._seen(self.session, self.viewer)
        if seen is None:
            return
        self.state, self.record = seen
        named = tuple(self.record.packs)
        if named and (self.cards.game != self.session.game or not self.cards.defs):
            packs = self.session.card_packs(named)
            if packs and packs != self.cards.packs:  # a set of packs that failed is not tried again
                self.cards = Cards(self.session.game, packs)
                if self.cards.problem:
                    problem = self.cards.problem
                    for source, name in zip(packs, self.session.pack_names(list(named)), strict=False):
                        if source != name:  # a cached file by the name the table knows it by
                            problem = problem.replace(source, f"pack {name!r} from the host")
                    self.toast(f"The table's cards cannot be read: {problem}", 8)
        self.actions = self.session.legal(self.viewer)
        self.by_card, self.by_kind = acts.group(self.actions)
        old = set(self.hand)
        old_rects = dict(self.hand_rects)
        self.hand = list(self.record.hand or ())
        self._place_hand()
        for card in old - set(self.hand):
            if card in old_rects and self.turn_seen is not None:
                # A card leaving the hand flies to the table and lands with a little toss.
                key = f"play:{card}"
                self.ghosts[key] = card
                self.flights.launch(key, old_rects[card].center, self.play_point(card), angle=0, target_angle=-8)
        for card, rect in self.hand_rects:
            if card not in old and self.turn_seen is not None:
                self.flights.launch(f"hand:{card}", self.deck_point(self.cards.deck(card)), rect.center, angle=-20)
        self._build_bar()
        keys = set(self.actions)
        for scene in self.app.stack:
            if isinstance(scene, ChoiceOverlay):
                scene.still_legal(keys)
        if self.start_turn is None:
            self.start_turn = self.state.turn
        self.turn_seen = self.state.turn

    @property
    def legal(self) -> list[Action]:
        return list(self.actions)

    def seat_name(self, seat: int) -> str:
        players = self.record.players
        if 0 <= seat < len(players):
            return players[seat].name or f"Player {seat + 1}"
        return str(self.session.names.get(seat, f"Player {seat + 1}"))

    def seat_colour(self, seat: int) -> theme.Colour:
        return theme.seat_colour(seat, self.session.colours.get(seat))

    def describe(self, action: Action) -> str:
        return self.words.action(action)

    # -- choosing actions --------------------------------------------------------------------------
    def choose(self, action: Action, confirmed: bool = False) -> None:
        """Send one legal action for the viewing seat. Every input path ends here.

        An action that gives up several cards at once first shows them and asks, once."""
        if self.viewer is None:
            return
        given = acts.cards_given_up(action)
        if len(given) > 1 and not confirmed:
            faces = [self.cards.face(c) for c in given]
            self.app.push(ConfirmOverlay(self.app, self.describe(action), faces, lambda: self.choose(action, True)))
            return
        self.session.act(self.viewer, acts.sent(action))
        self.awaiting = 2.0  # until the reply lands, the legal list is stale

    def offer(
        self,
        title: str,
        actions: list[Action],
        anchor: tuple[int, int] | None = None,
        face: Any = None,
        clear_of: pygame.Rect | None = None,
    ) -> ChoiceOverlay:
        """A menu of `actions`, each filed under itself; `clear_of`: the part of the table it leaves in sight (what
        the choice is about)."""
        options = [Option(self.describe(a), self._chooser(a), key=a) for a in actions]
        overlay = ChoiceOverlay(self.app, title, options, anchor, face, clock=self.bar_clock, clear_of=clear_of)
        self.app.push(overlay)
        return overlay

    def _chooser(self, action: Action) -> Any:
        return lambda: self.choose(action)

    def autoplay_target(self, action: Action) -> tuple[int, int] | None:
        """Where a click starts the input path for `action` (the autoplayer follows up in the menu)."""
        card = acts.card_of(action)
        if card is not None:
            for c, rect in self.hand_rects:
                if c == card:
                    return rect.center
            return self.table_card_point(card)
        button = self.bar_button_for(type(action))
        return button.rect.center if button is not None else None

    def play_point(self, card: str) -> tuple[int, int]:
        """Where a card played from the hand flies to (subclasses: the combat zone, a discard pile)."""
        return self.table_rect.center

    def _say(self, text: str) -> None:
        if text.strip():
            self.session.chat(text.strip()[:300])
        self.chat_input.text = ""
        self.chat_input.focused = False

    def table_card_point(self, card: str) -> tuple[int, int] | None:
        """Subclasses: where a card on the table (not in the hand) is drawn."""
        return None

    # -- layout ------------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        w, h = size
        self.ui_scale = max(0.8, min(h / 720, w / 1280))
        # The sidebar grows with the window but leaves the table most of a narrow one.
        self.sidebar_w = max(260, min(420, w // 4))
        # The whole card shows in the hand (a hovered one rises over the bar to be read).
        self.card_w = int(104 * self.ui_scale)
        hand_h = round(self.card_w * 1.4) + 14
        bar_h = 46
        self.side_rect = pygame.Rect(w - self.sidebar_w, 0, self.sidebar_w, h)
        self.hand_rect = pygame.Rect(0, h - hand_h, w - self.sidebar_w, hand_h)
        self.bar_rect = pygame.Rect(8, self.hand_rect.y - bar_h - 4, w - self.sidebar_w - 16, bar_h)
        # A strip of its own above the bar for the reaction countdown, so it never lies over the table.
        self.reaction_rect = pygame.Rect(self.bar_rect.x, self.bar_rect.y - 24, self.bar_rect.w, 22)
        self.table_rect = pygame.Rect(0, 0, w - self.sidebar_w, self.reaction_rect.y - 2)
        self.menu_button.rect.topright = (w - 8, 8)
        self.chat_input.rect = pygame.Rect(self.side_rect.x + 10, h - 48, self.side_rect.w - 20, 38)
        self._place_hand()
        self._place_bar()
        self.layout_table(self.table_rect)

    def layout_boxes(self) -> list[Box]:
        boxes: list[Box] = [
            ("table", self.table_rect),
            ("bar", self.bar_rect),
            ("reaction", self.reaction_rect),
            ("hand", self.hand_rect),
            ("sidebar", self.side_rect),
            ("sidebar/menu", self.menu_button.rect),
            ("sidebar/chat", self.chat_input.rect),
        ]
        boxes += [(f"bar/button:{b.label.replace('/', '|')}", b.rect) for b in self.bar_buttons]
        boxes += [(f"hand/card:{card}", rect) for card, rect in self.hand_rects]
        return [(name, rect.copy()) for name, rect in boxes + self.table_boxes()]

    def modal_area(self) -> pygame.Rect:
        """Menus and forms open over the table, the hand and the bar: the sidebar's log (and a lesson's coach)
        stays readable beside them."""
        return pygame.Rect(0, 0, self.side_rect.x, self.side_rect.h)

    def table_boxes(self) -> list[Box]:
        """Subclasses: the parts of their middle part, named under "table/"."""
        return []

    def layout_table(self, rect: pygame.Rect) -> None:
        """Subclasses place their middle part."""

    def _place_hand(self) -> None:
        n = len(self.hand)
        if not n:
            self.hand_rects = []
            return
        cw, ch = self.card_w, int(self.card_w * 1.4)
        room = self.hand_rect.w - 40
        step = min(cw + 8, (room - cw) / max(1, n - 1)) if n > 1 else 0
        total = step * (n - 1) + cw
        x0 = self.hand_rect.centerx - total / 2
        y = self.hand_rect.y + 7
        self.hand_rects = [(c, pygame.Rect(int(x0 + i * step), y, cw, ch)) for i, c in enumerate(self.hand)]

    def deck_point(self, deck: str) -> tuple[int, int]:
        return self.table_rect.center

    def card_under(self, pos: tuple[int, int]) -> str | None:
        # Later cards overlap earlier ones, and a hovered card is lifted: test the lifted one first.
        for card, rect in reversed(self.hand_rects):
            lifted = rect.move(0, -self.card_w // 4) if card == self.hovered_card else rect
            if lifted.collidepoint(pos):
                return card
        return None

    # -- update ------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        for happening in self.session.pump(dt):
            self.on_happening(happening)
            self.changed()
        hot_seat.hand_over(self)
        self.hold_pressed(dt)
        if self.throw is not None:
            self.throw.update(dt)
            if self.throw.linger > 0.9:
                self.throw = None
        self.flights.update(dt)
        self.moments.update(dt)
        self.chat_input.update(dt)
        self.ghosts = {key: card for key, card in self.ghosts.items() if key in self.flights}
        for toast in self.toasts:
            toast[1] -= dt
        self.toasts = [t for t in self.toasts if t[1] > 0]
        self._shots(dt)
        pos = pygame.mouse.get_pos()
        top_is_me = self.app.top is self
        self.hovered_card = self.card_under(pos) if top_is_me else None
        self.awaiting = max(0.0, self.awaiting - dt)
        self.clock.update(dt)
        if self.autoplayer is not None:
            self.autoplayer.update(dt)
        self.update_table(dt)
        self._check_end(dt)

    def update_table(self, dt: float) -> None:
        """Subclasses: their own animation."""

    def on_happening(self, happening: Happening) -> None:
        if happening.kind == "state":
            self.awaiting = 0.0
            self._refresh()
        elif happening.kind == "event" and happening.seat == self.viewer and happening.event is not None:
            self.on_event(happening.event, happening.stand_in)
        elif happening.kind == "history" and happening.seat == self.viewer:
            self.log.prepend([(text, theme.TEXT) for text in history_lines(self.words, happening.data["events"])])
        elif happening.kind == "presence":
            self.toast(str(happening.data.get("text", "")), 5)
        elif happening.kind == "error":
            self.awaiting = 0.0
            self.toast(self.words.refusal(str(happening.data.get("message", ""))))
        elif happening.kind == "status":
            state = happening.data.get("state")
            if state == "reconnecting" and happening.data.get("detail") == NOT_ANSWERING:
                self.toast("The host is not answering, retrying…", 3)
            elif state == "reconnecting":
                self.toast("Connection lost: reconnecting…", 3)
            elif state == "connected":
                self.toast("Reconnected", 2)
            elif state == "failed" and happening.data.get("detail"):
                self.toast(str(happening.data["detail"])[:1].upper() + str(happening.data["detail"])[1:], 30)
        elif happening.kind == "timer":
            self.clock.on_timer(happening.data)
        elif happening.kind == "chat":
            self.chat.append((f"{happening.data.get('from', '?')}: {happening.data.get('text', '')}", theme.SKY))

    def on_event(self, event: Event, stand_in: int | None = None) -> None:
        """One event: its log line (marked when a bot played the action for `stand_in`'s player), dice, effects."""
        text = self.words.event(event)
        if text and stand_in is not None:
            self.log.append((presence.mark(self.seat_name(stand_in)) + text, theme.TEXT_DIM))
        elif text:
            self.log.append((text, theme.TEXT))
        if isinstance(event, table_moments.Roll) and (dice := table_moments.dice_of(event)):
            self.roll_dice(dice, event)
        self.event_effects(event)

    def roll_dice(self, values: list[int], event: table_moments.Roll) -> None:
        # The animation seed is the host's (drawn from the game's state), so every client shows the same throw
        # whatever it has seen before.
        seed = event.seed
        if self.throw is not None and not self.throw.done and len(self.throw.values) < 2 and self.throw.t < 0.3:
            values = [*self.throw.values, *values]  # two rolls at once share the tray
        self.throw = DiceThrow(values, seed)
        self.app.sounds.play("dice")
        said = table_moments.roll_callout(self, event)
        if said is not None:  # once the dice rest, the result is said over the tray, clear of the dice
            throw = self.throw
            callout = Callout(said[0], lambda: (0.0, 0.0), said[1])
            callout.where = lambda: clear_of_dice(throw, tray_rect(self.dice_area()), callout.height)
            self.moments.add(callout, self.throw.duration, "now")
        self.want_shot("dice", 0.45)

    def event_effects(self, event: Event) -> None:
        """Subclasses: sounds, flights and screenshots for their events."""

    def toast(self, text: str, seconds: float = 4.0) -> None:
        self.toasts.append([text, seconds])
        self.log.append((text, theme.ORANGE))

    def want_shot(self, tag: str, delay: float = 0.0) -> None:
        if self.app.screenshot_dir is not None:
            self._shot_pending.append((delay, f"t{self.turn_seen}_{tag}"))

    @property
    def shot_pending(self) -> bool:
        return bool(self._shot_pending)

    def _shots(self, dt: float) -> None:
        due = [tag for left, tag in self._shot_pending if left - dt <= 0]
        self._shot_pending = [(left - dt, tag) for left, tag in self._shot_pending if left - dt > 0]
        for tag in due:
            self.app.screenshot(tag)

    def take_over(self, seat: int) -> None:
        """Hot-seat: `seat`'s player has the screen now."""
        self.viewer = seat
        self._refresh()

    def reaction_seconds(self) -> float | None:
        """Seconds left on the viewer's pass clock (the host's, or a local game's), while they may pass."""
        return self.clock.seconds_left()

    def _check_end(self, dt: float) -> None:
        turn = self.turn_seen
        if (
            self.quit_after_turns is not None
            and turn is not None
            and self.start_turn is not None
            and turn - self.start_turn >= self.quit_after_turns
            and (self.throw is None or self.throw.done)
            and not self._shot_pending
        ):
            self.app.quit()
            return
        outcome = self.state.outcome
        if outcome is not None and not self.results_shown:
            self.outcome_clock += dt
            if self.outcome_clock > 1.5:
                from .results import ResultsScene
                from .winner import WinnerScene

                self.results_shown = True
                self.want_shot("results")
                while self.app.top is not self and self.app.top is not None:
                    self.app.pop()  # a menu or a hot-seat cover still open goes with the table
                # The winner's screen first (unless the animations are off), then the results.
                if self.app.settings.animation_factor > 0:
                    self.app.replace(WinnerScene(self.app, self.session, self.record, outcome))
                else:
                    self.app.replace(ResultsScene(self.app, self.session, self.record, outcome))

    def shutdown(self) -> None:
        if self._clock_warning in self.app.frame_hooks:
            self.app.frame_hooks.remove(self._clock_warning)
        if self.app.find(GameScene) is None or self.app.find(GameScene) is self:
            self.session.close()

    # -- drawing -----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(table_top((self.side_rect.x, self.size[1]), self.ui_scale), (0, 0))
        self.draw_table(surface)
        for key, card in self.ghosts.items():
            pose = self.flights.pose(key)
            if pose is not None:
                blit_card(surface, draw_face(self.cards.face(card), self.card_w), (pose.x, pose.y), pose.angle)
        self.draw_hand(surface)
        for button in self.bar_buttons:
            button.draw(surface)
        self.draw_bar_caption(surface)
        self.draw_sidebar(surface)
        self.draw_reaction(surface)
        if self.throw is not None:
            area = self.dice_area()
            # Once the result is said, the tray gets out of the way.
            draw_tray(surface, self.throw, area, int(255 * (1 - phase(self.throw.linger, 0.3, 0.9))))
        self.moments.draw(surface)
        self.draw_banners(surface)
        self.menu_button.draw(surface)

    def draw_bar_caption(self, surface: pygame.Surface) -> None:
        """Beside a replay's buttons, where it stands; on a spectator's empty bar, that they are watching."""
        text = self.session.caption() or ("You are watching this table" if self.viewer is None else "")
        if not text:
            return
        left = max((b.rect.right for b in self.bar_buttons), default=self.bar_rect.x - 12) + 12
        line = render_line(text, self.bar_rect.right - left, 17, theme.TEXT_DIM)
        surface.blit(line, line.get_rect(midleft=(left, self.bar_rect.centery)))

    def dice_area(self) -> pygame.Rect:
        area = pygame.Rect(0, 0, self.table_rect.w * 11 // 20, self.table_rect.h // 2)
        area.center = self.table_rect.center
        return area

    def draw_table(self, surface: pygame.Surface) -> None:
        """Subclasses draw the middle of the screen here."""

    def draw_hand(self, surface: pygame.Surface) -> None:
        if self.viewer is None:
            return
        lift_for = self.hovered_card
        for card, rect in self.hand_rects:
            if f"hand:{card}" in self.flights or card == self.dragging or self.moments.holds(card):
                continue
            playable = card in self.by_card
            lift = self.card_w // 4 if card == lift_for else (6 if playable else 0)
            r = blit_card(surface, draw_face(self.cards.face(card), self.card_w), rect.center, lift=lift)
            if playable:
                pygame.draw.rect(surface, theme.FOCUS, r.inflate(4, 4), 3, border_radius=8)
        for card, _ in self.hand_rects:
            pose = self.flights.pose(f"hand:{card}")
            if pose is not None and not self.moments.holds(card):
                blit_card(surface, draw_face(self.cards.face(card), self.card_w), (pose.x, pose.y), pose.angle)
        if self.dragging is not None:
            img = draw_face(self.cards.face(self.dragging), self.card_w)
            blit_card(surface, img, pygame.mouse.get_pos(), -6, lift=12)
        if not self.hand_rects:
            text = render_line("Your hand is empty", 300, 18, theme.TEXT_DIM)
            surface.blit(text, text.get_rect(center=self.hand_rect.center))

    def draw_sidebar(self, surface: pygame.Surface) -> None:
        rect = self.side_rect
        pygame.draw.rect(surface, theme.PANEL, rect)
        pygame.draw.line(surface, theme.PANEL_EDGE, rect.topleft, rect.bottomleft, 2)
        top = self.draw_sidebar_top(surface, pygame.Rect(rect.x + 10, rect.y + 50, rect.w - 20, rect.h // 2))
        table_hud.draw_log(self, surface, top)

    def draw_sidebar_top(self, surface: pygame.Surface, rect: pygame.Rect) -> int:
        """Subclasses: players and scores; returns the y where the log may start."""
        return rect.y

    def draw_reaction(self, surface: pygame.Surface) -> None:
        self.clock.draw_countdown(surface)

    def draw_banners(self, surface: pygame.Surface) -> None:
        table_hud.draw_banners(self, surface)

    def hover_hint(self) -> tuple[object | None, str]:
        for button in [*self.bar_buttons, self.menu_button]:
            if button.hovered():
                return button, button.hint
        if self.hovered_card is not None:
            face = self.cards.face(self.hovered_card)
            # The card's full name first: a fanned hand or a small card may cut it.
            hint = f"{face.name} ({face.type_line}). " + (
                "Click to choose what to do, right-click (or hold) to read it"
                if self.hovered_card in self.by_card
                else "Right-click (or hold) to read the card"
            )
            return ("card", self.hovered_card), hint
        return None, ""

    def back_image(self, deck: str) -> pygame.Surface:
        return draw_back(deck, self.card_w)

    def animating(self) -> bool:
        """Dice, a big moment, cards in flight, toasts fading, a countdown, a held or dragged card, or a caret
        blinking."""
        return (
            self.throw is not None
            or self.moments.active
            or len(self.flights) > 0
            or bool(self.toasts)
            or self.reaction_seconds() is not None
            or self.clock.others_waited_for() is not None
            or self._press is not None
            or self.dragging is not None
            or self.chat_input.animating()
        )
