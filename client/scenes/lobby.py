"""The lobby of one host: its tables, a new-table form, your seat, readiness, the start button and chat."""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Any

import pygame

from ...shared import protocol
from ..net import Connection, Status
from ..session import NetSession
from ..ui import theme
from ..ui.text import render_line
from ..ui.widgets import Button, Label, ListView, TextInput, panel
from .base import Scene

if TYPE_CHECKING:
    from ..app import App

GAMES = ("munchkin", "wonderland")
COLOUR_NAMES = ("red", "blue", "green", "yellow", "purple", "orange")  # the host's names for seat colours


class LobbyScene(Scene):
    """Connected to a host, not yet playing. `auto_create` makes a table at once and `auto_start` starts it,
    through the scene's own buttons (`doorkick play` and the headless run use these)."""

    name = "lobby"

    def __init__(
        self,
        app: App,
        connection: Connection,
        host_label: str,
        game: str = "munchkin",
        seats: int = 4,
        bots: int = 3,
        auto_create: bool = False,
        auto_start: bool = False,
        on_game: Any = None,
        replay_dir: str = "",
    ) -> None:
        super().__init__(app)
        self.connection = connection
        self.host_label = host_label
        self.game, self.seats, self.bots = game, seats, bots
        self.auto_create, self.auto_start = auto_create or auto_start, auto_start
        self.on_game = on_game  # called with the GameScene it pushes (the CLI attaches the autoplayer here)
        self.replay_dir = replay_dir
        self.tables: list[dict[str, Any]] = []
        self.table: dict[str, Any] | None = None
        self.my_seat: int | None = None
        self.status = "connecting"
        self.chat: deque[str] = deque(maxlen=50)
        self.errors: deque[str] = deque(maxlen=3)
        self.ready = False
        self._auto_step = 0
        self._auto_clock = 0.0
        self._handed_over = False
        self.list = ListView((0, 0, 10, 10), on_activate=self._join_index)
        self.join_button = Button((0, 0, 10, 10), "Join table", self._join_selected)
        self.watch_button = Button((0, 0, 10, 10), "Watch", self._watch_selected)
        self.game_button = Button((0, 0, 10, 10), "", self._toggle_game)
        self.seats_button = Button((0, 0, 10, 10), "", self._more_seats, tooltip="Click to change the table size")
        self.bots_button = Button((0, 0, 10, 10), "", self._more_bots, tooltip="Bots fill seats nobody takes")
        self.create_button = Button((0, 0, 10, 10), "Create table", self._create, colour=(40, 110, 90))
        self.ready_button = Button((0, 0, 10, 10), "I'm ready", self._toggle_ready)
        self.start_button = Button((0, 0, 10, 10), "Start the game", self._start, colour=(150, 90, 10))
        self.leave_button = Button((0, 0, 10, 10), "Leave table", self._leave)
        self.back_button = Button((0, 0, 10, 10), "Back", self._back, hotkey=pygame.K_ESCAPE)
        self.name_input = TextInput((0, 0, 10, 10), app.settings.name, "Your name", 20, self._rename)
        self.chat_input = TextInput((0, 0, 10, 10), "", "Say something…", 200, self._say)
        self.title = Label((0, 0, 10, 10), "", 30, theme.ACCENT, style="bold")
        self.widgets = [
            self.title,
            self.list,
            self.join_button,
            self.watch_button,
            self.game_button,
            self.seats_button,
            self.bots_button,
            self.create_button,
            self.ready_button,
            self.start_button,
            self.leave_button,
            self.back_button,
            self.name_input,
            self.chat_input,
        ]
        self._labels()
        connection.request(protocol.LIST_TABLES)

    # -- layout ------------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        self.title.rect = pygame.Rect(30, 20, w - 60, 44)
        left = pygame.Rect(30, 80, w // 2 - 45, h - 200)
        self.list.rect = pygame.Rect(left.x, left.y + 30, left.w, left.h - 220)
        y = self.list.rect.bottom + 10
        half = (left.w - 10) // 2
        self.join_button.rect = pygame.Rect(left.x, y, half, 44)
        self.watch_button.rect = pygame.Rect(left.x + half + 10, y, half, 44)
        y += 80
        third = (left.w - 20) // 3
        self.game_button.rect = pygame.Rect(left.x, y, third, 44)
        self.seats_button.rect = pygame.Rect(left.x + third + 10, y, third, 44)
        self.bots_button.rect = pygame.Rect(left.x + 2 * (third + 10), y, third, 44)
        self.create_button.rect = pygame.Rect(left.x, y + 54, left.w, 46)
        right = pygame.Rect(w // 2 + 15, 80, w // 2 - 45, h - 200)
        self.right = right
        self.name_input.rect = pygame.Rect(right.x, right.y + 30, right.w // 2, 40)
        self.ready_button.rect = pygame.Rect(right.x, right.y + 300, right.w // 3 - 6, 46)
        self.start_button.rect = pygame.Rect(right.x + right.w // 3, right.y + 300, right.w // 3 - 6, 46)
        self.leave_button.rect = pygame.Rect(right.x + 2 * right.w // 3, right.y + 300, right.w // 3, 46)
        self.chat_input.rect = pygame.Rect(right.x, h - 100, right.w, 40)
        self.back_button.rect = pygame.Rect(30, h - 100, 140, 44)

    def _labels(self) -> None:
        self.game_button.label = f"Game: {self.game.title()}"
        self.seats_button.label = f"Seats: {self.seats}"
        self.bots_button.label = f"Bots: {self.bots}"
        seated = self.table is not None
        for b in (self.join_button, self.watch_button, self.create_button):
            b.set_enabled(
                not seated and self.status == "connected", "Leave your table first" if seated else "Not connected"
            )
        for b in (self.game_button, self.seats_button, self.bots_button):
            b.set_enabled(not seated, "Leave your table first")
        creator = seated and self.table is not None and self.table.get("creator") == self.my_seat
        self.start_button.set_enabled(bool(creator), "Only the table's creator starts the game")
        self.ready_button.set_enabled(seated and self.my_seat is not None, "Sit at a table first")
        self.ready_button.label = "Not ready" if self.ready else "I'm ready"
        self.leave_button.set_enabled(seated, "You are not at a table")
        host = f" · {self.host_label}" if self.host_label else ""
        self.title.text = f"Lobby{host} · {self.status}"

    # -- actions -----------------------------------------------------------------------------------
    def _toggle_game(self) -> None:
        self.game = GAMES[(GAMES.index(self.game) + 1) % len(GAMES)]
        self._labels()

    def _more_seats(self) -> None:
        self.seats = 2 if self.seats >= 6 else self.seats + 1
        self.bots = min(self.bots, self.seats - 1)
        self._labels()

    def _more_bots(self) -> None:
        self.bots = 0 if self.bots >= self.seats - 1 else self.bots + 1
        self._labels()

    def _create(self) -> None:
        colour = COLOUR_NAMES[self.app.settings.colour % len(COLOUR_NAMES)]
        self.connection.request(
            protocol.CREATE_TABLE,
            game=self.game,
            seats=self.seats,
            bots=self.bots,
            sex=self.app.settings.sex,
            colour=colour,
        )

    def _selected(self) -> dict[str, Any] | None:
        index = self.list.selected
        return self.tables[index] if index is not None and index < len(self.tables) else None

    def _join_index(self, index: int) -> None:
        self.list.selected = index
        self._join_selected()

    def _join_selected(self) -> None:
        table = self._selected()
        if table is not None:
            self.connection.request(protocol.JOIN_TABLE, table=table["table"], sex=self.app.settings.sex)

    def _watch_selected(self) -> None:
        table = self._selected()
        if table is not None:
            self.connection.request(protocol.WATCH, table=table["table"])

    def _toggle_ready(self) -> None:
        self.ready = not self.ready
        self.connection.request(protocol.READY, ready=self.ready)
        self._labels()

    def _start(self) -> None:
        self.connection.request(protocol.START, fill_with_bots=True)

    def _leave(self) -> None:
        self.connection.request(protocol.LEAVE)

    def _back(self) -> None:
        self.app.pop()

    def _rename(self, name: str) -> None:
        self.app.settings.name = name.strip()[:20] or self.app.settings.name
        if self.table is not None:
            self.connection.request(protocol.SET_PLAYER, name=self.app.settings.name)
        self.name_input.focused = False

    def _say(self, text: str) -> None:
        if text.strip():
            self.connection.request(protocol.CHAT, text=text.strip()[:300])
        self.chat_input.text = ""

    # -- network -----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        if self._handed_over:
            return
        for item in self.connection.poll():
            if self._absorb(item):
                return
        if self.auto_create:
            self._auto(dt)

    def _absorb(self, item: Any) -> bool:
        """Take one message; True once the game started and the connection went to the game screen."""
        if isinstance(item, Status):
            self.status = item.state
            if item.state == "connected":
                self.connection.request(protocol.LIST_TABLES)
            self._labels()
            return False
        if not isinstance(item, protocol.Message):
            self.errors.append(f"{item.code}: {item.reason}")
            return False
        kind = item.type
        if kind == protocol.TABLES:
            self.tables = [t for t in item.get("tables") if isinstance(t, dict)]
            self.list.set_rows([_row(t) for t in self.tables])
        elif kind == protocol.TABLE:
            self.table = item.get("table")
        elif kind == protocol.SEATED:
            self.my_seat = item.get("seat")
        elif kind == protocol.LEFT:
            self.table, self.my_seat, self.ready = None, None, False
            self.connection.request(protocol.LIST_TABLES)
        elif kind == protocol.CHAT:
            self.chat.append(f"{item.get('from')}: {item.get('text')}")
        elif kind == protocol.ERROR:
            self.errors.append(str(item.get("message")))
        elif kind == protocol.SNAPSHOT:
            self._begin_game(item)
            return True
        self._labels()
        return False

    def _begin_game(self, snapshot: protocol.Message) -> None:
        from .munchkin_table import MunchkinScene
        from .wonderland_board import WonderlandScene

        game = str((snapshot.get("state") or {}).get("view", {}).get("game") or (self.table or {}).get("game"))
        session = NetSession(self.connection, game, str(snapshot.get("table")), snapshot.get("seat"))
        session.names = {
            int(p["seat"]): str(p["name"])
            for p in (self.table or {}).get("players", [])
            if isinstance(p, dict) and "seat" in p
        }
        if self.replay_dir:
            session.replay_path = f"{self.replay_dir}/{snapshot.get('table')}"
        session.absorb(snapshot)
        scene_type = WonderlandScene if game == "wonderland" else MunchkinScene
        scene = scene_type(self.app, session)
        self._handed_over = True
        self.app.replace(scene)
        if self.on_game is not None:
            self.on_game(scene)

    def _auto(self, dt: float) -> None:
        """Create the table and start it, one click at a time, as a player would."""
        self._auto_clock += dt
        if self._auto_clock < 0.2 or self.status != "connected":
            return
        self._auto_clock = 0.0
        if self.table is None and self._auto_step == 0:
            _click(self.app, self.create_button)
            self._auto_step = 1
        elif self.auto_start and self.table is not None and self._auto_step == 1 and self.start_button.enabled:
            _click(self.app, self.start_button)
            self._auto_step = 2

    def shutdown(self) -> None:
        if not self._handed_over:
            self.connection.close()

    # -- drawing -----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        surface.blit(
            render_line("Tables on this host (double-click to join)", self.list.rect.w, 18, theme.TEXT_DIM),
            (self.list.rect.x, self.list.rect.y - 26),
        )
        surface.blit(
            render_line("New table", self.list.rect.w, 18, theme.TEXT_DIM),
            (self.game_button.rect.x, self.game_button.rect.y - 24),
        )
        right = self.right
        surface.blit(render_line("Your name", right.w, 18, theme.TEXT_DIM), (right.x, right.y))
        seats_box = pygame.Rect(right.x, right.y + 80, right.w, 210)
        panel(surface, seats_box, (30, 34, 44))
        if self.table is None:
            msg = render_line("Create a table or join one", seats_box.w - 20, 20, theme.TEXT_DIM)
            surface.blit(msg, msg.get_rect(center=seats_box.center))
        else:
            head = f"{self.table.get('name')} · {str(self.table.get('game', '')).title()}"
            surface.blit(
                render_line(head, seats_box.w - 20, 20, theme.ACCENT, "bold"), (seats_box.x + 10, seats_box.y + 8)
            )
            y = seats_box.y + 40
            for p in self.table.get("players") or []:
                seat = int(p.get("seat", 0))
                colour = theme.seat_colour(seat, p.get("colour"))
                pygame.draw.circle(surface, colour, (seats_box.x + 20, y + 11), 9)
                kind = p.get("kind")
                name = p.get("name") or "(open seat)"
                tag = (
                    "bot" if kind == "bot" else ("ready" if p.get("ready") else "not ready") if kind == "human" else ""
                )
                you = " (you)" if seat == self.my_seat else ""
                surface.blit(render_line(f"{name}{you}", seats_box.w - 160, 18, theme.TEXT), (seats_box.x + 38, y))
                surface.blit(render_line(tag, 120, 16, theme.TEXT_DIM), (seats_box.right - 120, y + 2))
                y += 27
        chat_box = pygame.Rect(right.x, right.y + 360, right.w, self.chat_input.rect.y - right.y - 370)
        panel(surface, chat_box, (28, 32, 42))
        y = chat_box.bottom - 24
        for line in reversed([*self.chat, *(f"! {e}" for e in self.errors)]):
            if y < chat_box.y + 4:
                break
            surface.blit(render_line(line, chat_box.w - 16, 16, theme.TEXT), (chat_box.x + 8, y))
            y -= 22
        super().draw(surface)


def _row(table: dict[str, Any]) -> str:
    state = "finished" if table.get("finished") else "playing" if table.get("started") else "waiting"
    lock = " 🔒" if table.get("password") else ""
    return (
        f"{table.get('name')}{lock} · {str(table.get('game', '')).title()} · {table.get('open_seats', 0)} of "
        f"{table.get('seats', 0)} seats free · {state}"
    )


def _click(app: App, button: Button) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.handle(pygame.event.Event(kind, button=1, pos=button.rect.center))
