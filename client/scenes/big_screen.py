"""The big screen: a host's running table for a projector across the room, as a spectator sees it.

It joins through the host's spectator path (`watch`), so it only ever holds the spectator's view, which the
host redacts (`player_view(state, None)`): no hand, no deck. It never sits down and sends no game action. Around
the game's own middle part (`big_screen_munchkin`, `big_screen_wonderland`) it shows the table and turn at the
top, who is winning on the right and the last few events as captions at the bottom, in type to read from afar;
dice and big moments play large (the table's own `anim/moments.py`, `anim/dice.py` and `table_moments.py`).

It follows the host's running tables (`watching.py`): Tab or → shows the next, ← the one before, `cycle` seconds
move on by themselves, and a table that ends is followed, once its winner has been shown, to the next one.

Each throw, beside the dice and beside its caption, says what the fair-dice check says of it
(`big_screen_dice`): checked at the end while the game runs, then verified or not once the host reveals its
secret and the big screen has replayed the game like any player's window.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from ...shared import protocol
from ...shared.rules.base import Event
from ...shared.rules.munchkin.view import MunchkinView
from ...shared.rules.wonderland.view import WonderlandView
from ...shared.viewer import GameView, ViewerState
from ..anim.dice import DiceThrow, draw_tray, tray_rect
from ..anim.moments import Callout, Moments, phase
from ..catalog import Cards
from ..net import HostLink, Status
from ..rejoin import history_lines
from ..render.table_surface import table_top
from ..session import Happening, NetSession
from ..ui import theme
from ..ui.text import render_block, render_line
from ..ui.widgets import panel
from ..watching import next_table, ranking, running
from ..words import Words, listed, plural
from . import table_moments
from .base import Box, Scene
from .big_screen_dice import Mark, draw_mark, mark
from .lobby_rules import GAME_TITLES

if TYPE_CHECKING:
    from ..app import App

CAPTIONS = 4  # the events said at the bottom, newest last
LIST_EVERY = 3.0  # seconds between asking the host for its tables (a spectator of a game gets no pushes)
ENDED_HOLD = 10.0  # seconds the winner of a table that ended stays up before the next table comes
NEXT_KEYS = (pygame.K_TAB, pygame.K_RIGHT, pygame.K_PAGEDOWN, pygame.K_n)
BACK_KEYS = (pygame.K_LEFT, pygame.K_PAGEUP, pygame.K_p)
WATCH_REFUSED = ("no_such_table", "bad_password")  # the table went, or it was locked


class Middle(Protocol):
    """A game's part of the big screen: the table between the heading, the ranking and the captions."""

    def layout(self, rect: pygame.Rect) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...

    def on_event(self, event: Event) -> None: ...

    def dice_area(self) -> pygame.Rect: ...

    def callout_point(self) -> tuple[float, float]: ...

    def boxes(self) -> list[Box]: ...


class _Fed:
    """The connection as a table's session sees it: the big screen reads every message first (the host's table
    list and the next table's snapshot come on the same link) and hands the table's own on."""

    def __init__(self, connection: HostLink) -> None:
        self._connection = connection

    def poll(self) -> list[Any]:
        return []

    def __getattr__(self, name: str) -> Any:
        return getattr(self._connection, name)


class BigScreenScene(Scene):
    name = "big_screen"

    def __init__(
        self,
        app: App,
        connection: HostLink,
        host_label: str,
        cycle: float | None = None,
        leave: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(app)
        self.connection, self.host_label, self.cycle = connection, host_label, cycle
        self.leave = leave  # gives the window back as it was (the whole screen was the big screen's)
        connection.wake = app.wake
        self.status = "connecting"
        self.tables: list[dict[str, Any]] = []
        self.watching: str | None = None  # the table asked for
        self.session: NetSession | None = None  # the table shown, once its snapshot came
        self.state: ViewerState | None = None  # the spectator's state of the table shown
        self.record: GameView | None = None  # ... and its game's view record
        self.game = "munchkin"
        self.cards = Cards(self.game, ())
        self.words = self._words()
        self.moments = Moments(lambda: app.settings.animation_factor, app.sounds.play)
        self.throw: DiceThrow | None = None
        # Each caption with the action that threw dice in it (None: no throw), for its fairness mark.
        self.captions: deque[tuple[str, int | None]] = deque(maxlen=CAPTIONS)
        self.throw_action: int | None = None  # the action whose dice are in the air
        self._verdict_shown: object = None  # the verdict last drawn
        self.middle: Middle | None = None
        self.on_table = 0.0  # seconds the current table has been shown (for `cycle`)
        self.ended = 0.0  # seconds since the table shown ended
        self.list_clock = 0.0
        self.told_end = False  # the winner was called out
        self.table_name = ""
        self.size = (1920, 1080)
        self.k = 1.0  # 1.0 at 1920x1080
        self.ui_scale = 1.8  # what the table's moments size themselves by: a Door turning over fills the middle
        self.header = self.side = self.strip = self.main = pygame.Rect(0, 0, 10, 10)
        connection.request(protocol.LIST_TABLES)

    def _words(self) -> Words:
        return Words(
            self.game,
            self.seat_name,
            lambda c: self.cards.name(c),
            lambda c: self.cards.get(c),
            lambda: None,
            lambda: self.record,
        )

    # -- which table -------------------------------------------------------------------------------
    @property
    def viewer(self) -> None:
        """Nobody's seat: the big screen is a spectator."""
        return None

    def show(self, table: str | None) -> None:
        """Watch `table` instead of the one shown (leaving that one first, as the host wants)."""
        if table is None or table == self.watching:
            return
        if self.watching is not None:
            self.connection.request(protocol.LEAVE)
        self.watching = table
        self.on_table = self.ended = 0.0
        self.connection.request(protocol.WATCH, table=table)
        self.changed()

    def step_table(self, step: int) -> None:
        """The next (or previous) running table, asked for by a key or by the cycle's clock."""
        self.show(next_table(self.tables, self.watching, step))

    def _follow(self) -> None:
        """Nothing shown, or the table shown is gone or ended and its winner had its time: the next running one."""
        over = self.watching not in running(self.tables)
        if self.watching is None or (over and (self.ended >= ENDED_HOLD or not self._listed(self.watching))):
            self.show(next_table(self.tables, None))

    def _listed(self, table: str) -> bool:
        return any(t.get("table") == table for t in self.tables)

    # -- input -------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN and event.key in NEXT_KEYS:
            self.step_table(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return None
        if event.type == pygame.KEYDOWN and event.key in BACK_KEYS:
            self.step_table(-1)
            return None
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_q):
            self.app.pop()
            return None
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.moments.skip()
            if self.throw is not None:
                self.throw.skip()
            return None
        return event

    # -- network -----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        for item in self.connection.poll():
            self.changed()
            self._absorb(item)
        if self.session is not None:
            for happening in self.session.pump(dt):
                self.changed()
                self._happened(happening)
            if self.session.witness.verdict is not self._verdict_shown:  # the check's thread is done
                self._verdict_shown = self.session.witness.verdict
                self.changed()
        self.list_clock += dt
        if self.list_clock >= LIST_EVERY:
            self.list_clock = 0.0
            if self.status == "connected":
                self.connection.request(protocol.LIST_TABLES)
        self.on_table += dt
        if self.state is not None and self.state.outcome is not None:
            self.ended += dt
        elif self.cycle and self.on_table >= self.cycle and len(running(self.tables)) > 1:
            self.step_table(1)
        if self.status == "connected":
            self._follow()
        if self.throw is not None:
            self.throw.update(dt)
            if self.throw.linger > 0.9:
                self.throw = None
        self.moments.update(dt)

    def _absorb(self, item: Any) -> None:
        if isinstance(item, Status):
            self.status = item.state
            if item.state == "connected":
                self.watching = None  # a new link is at no table: ask again
                self.connection.request(protocol.LIST_TABLES)
            return
        if not isinstance(item, protocol.Message):
            return
        kind, table = item.type, _table_of(item)
        if kind == protocol.TABLES:
            self.tables = [t for t in item.get("tables") or [] if isinstance(t, dict)]
        elif kind == protocol.ERROR and item.get("code") in WATCH_REFUSED:
            self.watching = None  # the table asked for could not be watched: another is asked for
        elif kind == protocol.ERROR and item.get("code") == "already_at_table":
            self.connection.request(protocol.LEAVE)  # a watch the host still holds: leave it, then ask again
            self.watching = None
        elif kind == protocol.SNAPSHOT and table == self.watching and item.get("seat") is None:
            self._begin(item)
        elif self.session is not None and (table is None or table == self.session.table):
            # A reveal too: the big screen checks the dice like a player's window, for the marks by the throws.
            self.session.absorb(item)
            for happening in self.session.pump(0.0):  # now, while `seq` is this update's: a throw's action
                self._happened(happening)

    def _begin(self, snapshot: protocol.Message) -> None:
        """A table's first view: a session of its own, and the middle part of its game."""
        from .big_screen_munchkin import MunchkinMiddle
        from .big_screen_wonderland import WonderlandMiddle

        state = snapshot.get("state") or {}
        self.game = str((state.get("view") or {}).get("game") or "munchkin")
        session = NetSession(_Fed(self.connection), self.game, str(snapshot.get("table")), None)
        detail = next((t for t in self.tables if t.get("table") == session.table), {})
        session.names = {}
        session.absorb(snapshot)
        self.session = session
        self.cards = Cards(self.game, ())
        self.words = self._words()
        self.captions.clear()
        self.moments = Moments(lambda: self.app.settings.animation_factor, self.app.sounds.play)
        self.throw = None
        self.told_end = False
        self.table_name = str(detail.get("name") or "")
        self.middle = WonderlandMiddle(self) if self.game == "wonderland" else MunchkinMiddle(self)
        self._refresh()

    def _happened(self, happening: Happening) -> None:
        if happening.kind == "state":
            self._refresh()
        elif happening.kind == "event" and happening.seat is None and happening.event is not None:
            self.on_event(happening.event)
        elif happening.kind == "history" and happening.seat is None:  # started watching mid-game
            lines = history_lines(self.words, happening.data["events"])
            self.captions.extend((text, None) for text in lines[-CAPTIONS:])

    def _refresh(self) -> None:
        if self.session is None:
            return
        state = self.session.records.get(None)
        if state is None:
            return
        self.state, self.record = state, state.view
        named = tuple(self.record.packs)
        if named and not self.cards.defs:
            packs = self.session.card_packs(named)
            if packs:
                self.cards = Cards(self.game, packs)
        if self.middle is not None:
            self.middle.layout(self.main)
        outcome = state.outcome
        if outcome is not None and not self.told_end:
            self.told_end = True
            names = [self.seat_name(s) for s in outcome.winners]
            if names:
                said = f"{listed(names)} {'wins' if len(names) == 1 else 'win'} the game!"
                middle = self.middle
                where = middle.callout_point if middle is not None else lambda: (0.0, 0.0)
                # After everything on the timeline, the last throw's callout too: the two once lay on each other.
                rest = max((m.duration - m.t for m in self.moments.playing), default=0.0)
                self.moments.add(Callout(said, where, theme.YELLOW, self.font_size(60)), rest, "now")

    def on_event(self, event: Event) -> None:
        """One event: a caption, dice for a roll, and the big moment it starts."""
        text = self.words.event(event)
        if self.middle is None:
            if text:
                self.captions.append((text, None))
            return
        thrown = self.throw
        if isinstance(event, table_moments.Roll) and (dice := table_moments.dice_of(event)):
            self.roll(dice, event)
        action = self.throw_action if self.throw is not thrown else None
        if text:
            self.captions.append((text, action))
        self.middle.on_event(event)

    def roll(self, values: list[int], event: table_moments.Roll) -> None:
        """The dice thrown big, settling on the host's values (every client throws the same: the event's seed)."""
        self.throw = DiceThrow(values, event.seed)
        self.throw_action = self.session.seq if self.session is not None else None
        self.app.sounds.play("dice")
        said = table_moments.roll_callout(self, event)  # type: ignore[arg-type]
        if said is not None and self.middle is not None:
            middle = self.middle

            def where() -> tuple[float, float]:
                x, y = tray_rect(middle.dice_area()).center
                return float(x), float(y)

            self.moments.add(Callout(said[0], where, said[1], int(48 * self.k)), self.throw.duration, "now")

    # -- names -------------------------------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        players = self.record.players if self.record is not None else []
        if 0 <= seat < len(players):
            return players[seat].name or f"Player {seat + 1}"
        return f"Player {seat + 1}"

    def seat_colour(self, seat: int) -> theme.Colour:
        colours = self.session.colours if self.session is not None else {}
        return theme.seat_colour(seat, colours.get(seat))

    def font_size(self, size: float) -> int:
        return max(12, round(size * self.k))

    # -- layout ------------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        w, h = size
        self.k = min(w / 1920, h / 1080)
        self.ui_scale = 1.8 * self.k
        k = self.k
        head_h, strip_h, side_w = round(84 * k), round(176 * k), round(430 * k)
        self.header = pygame.Rect(0, 0, w, head_h)
        self.side = pygame.Rect(w - side_w, head_h, side_w, h - head_h)
        self.strip = pygame.Rect(0, h - strip_h, w - side_w, strip_h)
        self.main = pygame.Rect(0, head_h, w - side_w, h - head_h - strip_h)
        if self.middle is not None:
            self.middle.layout(self.main)

    def layout_boxes(self) -> list[Box]:
        boxes = [("header", self.header), ("ranking", self.side), ("captions", self.strip), ("table", self.main)]
        rows = self.ranking_rows()
        boxes += [(f"ranking/seat:{seat}", rect) for seat, rect in rows]
        return boxes + (self.middle.boxes() if self.middle is not None and self.session is not None else [])

    def ranking_rows(self) -> list[tuple[int, pygame.Rect]]:
        """Where each player's line of the ranking goes, best first."""
        k, rect = self.k, self.side
        x, y = rect.x + round(24 * k), rect.y + round(84 * k)
        order = ranking(self.record) if self.record is not None and self.session is not None else []
        row_h = min(round(112 * k), (rect.bottom - y - round(150 * k)) // max(1, len(order)))
        return [
            (seat, pygame.Rect(x, y + i * row_h, rect.w - round(48 * k), row_h - round(10 * k)))
            for i, (seat, _) in enumerate(order)
        ]

    def animating(self) -> bool:
        return self.throw is not None or self.moments.active

    def shutdown(self) -> None:
        self.connection.close()
        if self.leave is not None:
            self.leave()

    # -- drawing -----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(table_top((self.side.x, self.size[1]), self.ui_scale / 1.8), (0, 0))
        if self.middle is not None and self.session is not None:
            self.middle.draw(surface)
        else:
            self.draw_waiting(surface)
        self.draw_header(surface)
        self.draw_ranking(surface)
        self.draw_captions(surface)
        if self.throw is not None and self.middle is not None:
            draw_tray(surface, self.throw, self.middle.dice_area(), int(255 * (1 - phase(self.throw.linger, 0.3, 0.9))))
            tray = tray_rect(self.middle.dice_area())
            at = (tray.centerx, tray.bottom + round(10 * self.k))
            draw_mark(surface, self.dice_mark(self.throw_action), at, self.font_size(26))
        self.moments.draw(surface)

    def dice_mark(self, action: int | None) -> Mark:
        return mark(self.session.witness if self.session is not None else None, action)

    def draw_waiting(self, surface: pygame.Surface) -> None:
        if self.status == "connected":
            text = f"No game is being played at {self.host_label} right now: the next one shows here as it starts"
        elif self.status == "connecting":
            text = f"Reaching {self.host_label}…"
        else:
            text = f"The link to {self.host_label} is down ({self.status}): retrying…"
        img = render_line(text, self.main.w - 80, self.font_size(40), theme.TEXT, "bold")
        surface.blit(img, img.get_rect(center=self.main.center))

    def draw_header(self, surface: pygame.Surface) -> None:
        rect = self.header
        panel(surface, rect, (22, 26, 34), theme.PANEL_EDGE, radius=0, alpha=235)
        k = self.k
        if self.session is None:
            title = f"DoorKick · {self.host_label}"
            turn, phase_text = "", ""
        else:
            name = self.table_name or "Table"
            title = f"{name} · {GAME_TITLES.get(self.game, self.game.title())}"
            turn, phase_text = self.words.heading()
            if not phase_text and self.state is not None and self.state.outcome is not None:
                phase_text = "the game is over"  # Wonderland's heading is the turn alone
            elif not phase_text and self.record is not None:
                phase_text = f"{self.seat_name(self.record.active)}'s turn"
        left = render_line(title, round(rect.w * 0.42), self.font_size(40), theme.ACCENT, "title")
        surface.blit(left, left.get_rect(midleft=(round(24 * k), rect.centery)))
        line = " · ".join(t for t in (turn, phase_text.removeprefix("Phase: ")) if t)
        middle_w = self.side.x - left.get_width() - round(72 * k)
        text = render_line(line, middle_w, self.font_size(34), theme.TEXT, "bold")
        surface.blit(text, text.get_rect(midleft=(left.get_width() + round(56 * k), rect.centery)))
        ids = running(self.tables)
        where = (
            f"Table {ids.index(self.watching) + 1} of {len(ids)} · Tab: next"
            if self.watching in ids and len(ids) > 1
            else "The only table playing"
            if self.watching in ids
            else ""
        )
        if self.cycle and len(ids) > 1:
            where += f" · every {self.cycle:g} s"
        hint = render_line(where, self.side.w - round(40 * k), self.font_size(24), theme.TEXT_DIM)
        surface.blit(hint, hint.get_rect(midright=(rect.right - round(20 * k), rect.centery)))

    def draw_ranking(self, surface: pygame.Surface) -> None:
        rect = self.side
        k = self.k
        panel(surface, rect, (26, 30, 40), theme.PANEL_EDGE, radius=0)
        outcome = self.state.outcome if self.state is not None else None
        winners = set(outcome.winners) if outcome is not None else set()
        title = "The winner" if len(winners) == 1 else "The winners" if winners else "Who is winning"
        x, y = rect.x + round(24 * k), rect.y + round(20 * k)
        surface.blit(render_line(title, rect.w - round(48 * k), self.font_size(40), theme.ACCENT, "title"), (x, y))
        if self.session is None or self.record is None:
            return
        active = self.record.active
        said = dict(ranking(self.record))
        rows = self.ranking_rows()
        for place, (seat, row) in enumerate(rows):
            won = seat in winners
            colour = self.seat_colour(seat)
            fill = (60, 54, 30) if won else (38, 44, 56)
            panel(surface, row, fill, theme.YELLOW if won else colour if seat == active else theme.PANEL_EDGE, 10)
            pygame.draw.rect(surface, colour, (row.x, row.y, round(12 * k), row.h), border_radius=6)
            number = render_line(str(place + 1), round(50 * k), self.font_size(44), theme.TEXT_DIM, "bold")
            surface.blit(number, number.get_rect(midleft=(row.x + round(24 * k), row.centery)))
            name = self.seat_name(seat) + (" ▶" if seat == active and not winners else "")
            text_x = row.x + round(78 * k)
            size = min(self.font_size(34), max(12, row.h // 3))
            top = row.y + row.h // 12
            surface.blit(render_line(name, row.right - text_x - 8, size, theme.TEXT, "bold"), (text_x, top))
            score = render_line(said[seat], row.right - text_x - 8, size * 5 // 6, theme.YELLOW, "bold")
            surface.blit(score, (text_x, top + round(size * 1.25)))
        y = rows[-1][1].bottom if rows else y
        note = self.ranking_note(winners)
        if note:
            img = render_block(note, rect.w - round(48 * k), round(130 * k), self.font_size(22), theme.TEXT_DIM)
            surface.blit(img, (x, y + round(12 * k)))

    def ranking_note(self, winners: set[int]) -> str:
        """What the ranking is by, where it is not plain."""
        view = self.record
        if isinstance(view, WonderlandView) and not winners:
            return (
                f"At the last Treasure the most Gold in hand wins: Gold stays hidden until then. "
                f"{plural(view.treasure_deck, 'Treasure')} left."
            )
        if isinstance(view, MunchkinView) and not winners:
            goal = view.options.get("win_level", 10)
            return f"The first to reach Level {goal} wins."
        witness = self.session.witness if self.session is not None else None
        if winners and witness is not None and witness.verdict is not None:  # the room hears the dice check
            return witness.verdict.headline
        return ""

    def draw_captions(self, surface: pygame.Surface) -> None:
        rect = self.strip
        k = self.k
        panel(surface, rect, (16, 20, 28), theme.PANEL_EDGE, radius=0, alpha=230)
        lines = list(self.captions)
        y = rect.bottom - round(14 * k)
        for age, (text, action) in enumerate(reversed(lines)):
            size = self.font_size(36 if age == 0 else 27)
            colour = theme.TEXT if age == 0 else theme.TEXT_DIM
            room = rect.w - round(48 * k) - (round(420 * k) if action is not None else 0)  # the mark's room
            img = render_line(text, room, size, colour, "bold" if age == 0 else "regular")
            y -= img.get_height() + round(4 * k)
            if y < rect.y + 4:
                break
            surface.blit(img, (rect.x + round(24 * k), y))
            if action is not None:
                at = (rect.x + round(40 * k) + img.get_width(), y + img.get_height() // 2)
                draw_mark(surface, self.dice_mark(action), at, self.font_size(22), "midleft")


def _table_of(message: protocol.Message) -> str | None:
    """The table a message is about, when it names one (a table's detail carries its id inside)."""
    table = message.get("table")
    if isinstance(table, dict):
        table = table.get("table")
    return str(table) if isinstance(table, str) else None
