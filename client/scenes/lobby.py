"""The lobby of one host: its tables, the new-table form, your seat, readiness, the start button and chat."""

from __future__ import annotations

import copy
from collections import deque
from typing import TYPE_CHECKING, Any

import pygame

from ...shared import protocol
from ..net import HostLink, Status
from ..rejoin import Rejoin, offer
from ..render.felt_room import around, felt_backdrop, table_panel
from ..session import NetSession
from ..ui import theme
from ..ui.text import render_block, render_line
from ..ui.widgets import Button, Label, ListView, TextInput, panel
from .base import Scene
from .lobby_rules import GAME_TITLES, TableChoices, learn_host_packs, pack_title, table_summary
from .lobby_setup import TableSetupScene

if TYPE_CHECKING:
    from ..app import App

COLOUR_NAMES = ("red", "blue", "green", "yellow", "purple", "orange")  # the host's names for seat colours


class LobbyScene(Scene):
    """Connected to a host, not yet playing. `auto_create` makes a table at once and `auto_start` starts it,
    through the scene's own buttons (`doorkick play` and the headless run use these)."""

    name = "lobby"

    def __init__(
        self,
        app: App,
        connection: HostLink,
        host_label: str,
        game: str = "munchkin",
        seats: int = 4,
        bots: int = 3,
        bot_level: str = "normal",
        auto_create: bool = False,
        auto_start: bool = False,
        on_game: Any = None,
        replay_dir: str = "",
        packs: list[str] | None = None,
        options: dict[str, Any] | None = None,
        sit_at: tuple[str, str] | None = None,
    ) -> None:
        super().__init__(app)
        # (table, token): a seat the host kept for this window (a scenario table): taken once connected, and no
        # table of our own is made.
        self.sit_at, self.arranged = sit_at, sit_at is not None
        self.connection = connection
        self.host_label = host_label
        self.choices = TableChoices(game, seats, bots, list(packs or []), dict(options or {}), bot_level)
        self.wanted_packs = list(packs or [])
        self.auto_create, self.auto_start = auto_create or auto_start, auto_start
        self.on_game = on_game  # called with the GameScene it pushes (the CLI attaches the autoplayer here)
        self.replay_dir = replay_dir
        self.tables: list[dict[str, Any]] = []
        self.table: dict[str, Any] | None = None
        self.my_seat: int | None = None
        self.status = "connecting"
        self.status_detail = ""  # why the link is down, while it is ("the host is not answering")
        self.chat: deque[str] = deque(maxlen=50)
        self.errors: deque[str] = deque(maxlen=3)
        self.alert = ""  # the host's last refusal, shown in a banner until dismissed or replaced
        self.alert_clock = 0.0
        self.notice = ""  # a note of the lobby's own ("pick a table first"), shown like the alert, in blue
        self.ready = False
        self.features: list[str] = []  # what the host said it can do (its welcome)
        self._auto_step = 0
        self._auto_clock = 0.0
        self._handed_over = False
        self._game_session: NetSession | None = None  # the game screen's, once the snapshot came
        # Seats kept from an earlier window at this host: one still in play is taken back before anything else.
        # (A stand-in connection without a seat store, as in tests, keeps none.)
        # A window opened on its scenario's table has asked for that seat: it takes no other back.
        kept = None if self.arranged else getattr(connection, "seats", None)
        self.rejoin = Rejoin(kept, lambda: connection.server_id, connection.request)
        self._offered = False
        self.list = ListView((0, 0, 10, 10), on_activate=self._join_index, row_h=54)
        self.join_button = Button((0, 0, 10, 10), "Join table", self._join_selected)
        self.watch_button = Button((0, 0, 10, 10), "Watch", self._watch_selected)
        self.setup_button = Button(
            (0, 0, 10, 10),
            "Game, packs, options…",
            self._open_setup,
            tooltip="Choose the game, seats, bots, card packs and table options",
        )
        self.create_button = Button(
            (0, 0, 10, 10),
            "Create table",
            lambda: self._create(self.choices.wire()),
            colour=(40, 110, 90),
            tooltip="Make a table with the choices above",
        )
        self.settings_button = Button(
            (0, 0, 10, 10),
            "Table settings…",
            self._open_settings,
            size=17,
            tooltip="Change seats, bots, card packs and options before the start",
        )
        self.ready_button = Button((0, 0, 10, 10), "I'm ready", self._toggle_ready)
        self.start_button = Button((0, 0, 10, 10), "Start the game", self._start, colour=(150, 90, 10))
        self.leave_button = Button((0, 0, 10, 10), "Leave table", self._leave)
        self.back_button = Button((0, 0, 10, 10), "Back", self._back, hotkey=pygame.K_ESCAPE)
        self.name_input = TextInput((0, 0, 10, 10), app.settings.name, "Your name", 20, self._rename)
        self.chat_input = TextInput((0, 0, 10, 10), "", "Say something…", 200, self._say)
        self.title = Label((0, 0, 10, 10), "", 34, theme.ACCENT, style="title")  # the table's own title face
        self.widgets = [
            self.title,
            self.list,
            self.join_button,
            self.watch_button,
            self.setup_button,
            self.create_button,
            self.settings_button,
            self.ready_button,
            self.start_button,
            self.leave_button,
            self.back_button,
            self.name_input,
            self.chat_input,
        ]
        self._labels()
        connection.wake = app.wake  # an idle window wakes when the host says something
        connection.request(protocol.LIST_TABLES)

    # -- layout ------------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        self.title.rect = pygame.Rect(30, 20, w // 2 - 45, 38)
        self.alert_rect = pygame.Rect(w // 2 + 15, 14, w // 2 - 45, 56)
        left = pygame.Rect(30, 80, w // 2 - 45, h - 200)
        self.list.rect = pygame.Rect(left.x, left.y + 30, left.w, left.h - 220)
        y = self.list.rect.bottom + 10
        half = (left.w - 10) // 2
        self.join_button.rect = pygame.Rect(left.x, y, half, 44)
        self.watch_button.rect = pygame.Rect(left.x + half + 10, y, half, 44)
        y += 80
        self.new_table_rect = pygame.Rect(left.x, y, left.w, 48)
        half = (left.w - 10) // 2
        self.setup_button.rect = pygame.Rect(left.x, y + 54, half, 46)
        self.create_button.rect = pygame.Rect(left.x + half + 10, y + 54, half, 46)
        right = pygame.Rect(w // 2 + 15, 80, w // 2 - 45, h - 200)
        self.right = right
        self.name_input.rect = pygame.Rect(right.x, right.y + 30, right.w // 2, 40)
        self.ready_button.rect = pygame.Rect(right.x, right.y + 300, right.w // 3 - 6, 46)
        self.start_button.rect = pygame.Rect(right.x + right.w // 3, right.y + 300, right.w // 3 - 6, 46)
        self.leave_button.rect = pygame.Rect(right.x + 2 * right.w // 3, right.y + 300, right.w // 3, 46)
        self.settings_button.rect = pygame.Rect(right.right - 170, right.y + 30, 170, 40)
        self.chat_input.rect = pygame.Rect(right.x, h - 100, right.w, 40)
        self.back_button.rect = pygame.Rect(30, h - 100, 140, 44)

    def _labels(self) -> None:
        seated = self.table is not None
        for b in (self.join_button, self.watch_button, self.create_button, self.setup_button):
            b.set_enabled(
                not seated and self.status == "connected", "Leave your table first" if seated else "Not connected"
            )
        creator = seated and self.table is not None and self.table.get("creator") == self.my_seat
        self.start_button.set_enabled(bool(creator), "Only the table's creator starts the game")
        self.settings_button.visible = bool(creator)
        if (self.table or {}).get("scenario"):
            self.settings_button.set_enabled(False, "The scenario file sets this table's seats, packs and options")
        else:
            self.settings_button.set_enabled(
                protocol.SET_TABLE in self.features,
                "This host cannot change a table once made: leave and make a new one",
            )
        self.ready_button.set_enabled(seated and self.my_seat is not None, "Sit at a table first")
        self.ready_button.label = "Not ready" if self.ready else "I'm ready"
        self.leave_button.set_enabled(seated, "You are not at a table")
        host = f" · {self.host_label}" if self.host_label else ""
        self.title.text = f"Lobby{host} · {self.status}"

    # -- actions -----------------------------------------------------------------------------------
    def _open_setup(self) -> None:
        choices = copy.deepcopy(self.choices)  # Cancel leaves the lobby's choices as they were

        def create(fields: dict[str, Any]) -> None:
            self.choices = choices  # remembered for the next table
            self._create(fields)

        self.app.push(TableSetupScene(self.app, choices, create))

    def _open_settings(self) -> None:
        if self.table is not None:
            self.app.push(TableSetupScene(self.app, TableChoices.from_table(self.table), self._edit, editing=True))

    def _create(self, fields: dict[str, Any]) -> None:
        self.connection.request(protocol.CREATE_TABLE, **fields, sex=self.app.settings.sex, colour=self._colour())

    def _edit(self, fields: dict[str, Any]) -> None:
        fields = {k: v for k, v in fields.items() if k != "game"}
        fields.setdefault("options", None)  # no explicit options left: back to the packs' defaults
        self.connection.request(protocol.SET_TABLE, **fields)

    def _selected(self) -> dict[str, Any] | None:
        index = self.list.selected
        if index is None and len(self.tables) == 1:
            return self.tables[0]  # the only table listed: there is nothing to pick between
        return self.tables[index] if index is not None and index < len(self.tables) else None

    def _join_index(self, index: int) -> None:
        self.list.selected = index
        self._join_selected()

    def _join_selected(self) -> None:
        table = self._selected()
        if table is None:
            self._note("Pick a table in the list first, then Join table (or double-click it)")
            return
        self.connection.request(
            protocol.JOIN_TABLE, table=table["table"], sex=self.app.settings.sex, colour=self._colour()
        )

    def _watch_selected(self) -> None:
        table = self._selected()
        if table is None:
            self._note("Pick a table in the list first, then Watch")
            return
        self.connection.request(protocol.WATCH, table=table["table"])

    def _note(self, text: str) -> None:
        self.notice, self.alert_clock = text, 6.0

    def _colour(self) -> str:
        """The colour this player picked, by the host's name for it (the host gives another if it is taken)."""
        return COLOUR_NAMES[self.app.settings.colour % len(COLOUR_NAMES)]

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

    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if (
            (self.alert or self.notice)
            and event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.alert_rect.collidepoint(event.pos)
        ):
            self.alert = self.notice = ""  # read: a click puts it away
            return None
        return super().handle(event)

    # -- network -----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        if self._handed_over:
            return
        items = self.connection.poll()
        for i, item in enumerate(items):
            self.changed()
            if self._absorb(item):
                # What came in the same batch after the snapshot (the seats' colours, the first updates) is the
                # game's now: dropped here, a window back at its seat painted the seats in seat order.
                game = self._game_session
                if game is not None:
                    for later in items[i + 1 :]:
                        game.absorb(later)
                return
        self.alert_clock = max(0.0, self.alert_clock - dt)
        if self.alert_clock == 0.0 and (self.alert or self.notice):
            self.alert = self.notice = ""
            self.changed()
        if self.auto_create:
            self._auto(dt)

    def _absorb(self, item: Any) -> bool:
        """Take one message; True once the game started and the connection went to the game screen."""
        if isinstance(item, Status):
            self.status = item.state
            self.status_detail = item.detail if item.state in ("reconnecting", "failed") else ""
            if item.state == "connected":
                self.connection.request(protocol.LIST_TABLES)
                if self.sit_at is not None:
                    table, token = self.sit_at
                    self.connection.request(protocol.RESUME, table=table, token=token)
                    self.sit_at = None
            elif item.state == "failed" and not getattr(self.connection, "reached", True):
                self._unreachable(item.detail)
            self._labels()
            return False
        if not isinstance(item, protocol.Message):
            self.errors.append(f"{item.code}: {item.reason}")
            return False
        kind = item.type
        if kind == protocol.WELCOME:
            self.features = [str(f) for f in item.get("features") or []]
            learn_host_packs(item.get("packs"))
            if self.wanted_packs:  # the packs asked for on the command line may be the host's own
                self.choices.set_packs(self.wanted_packs)
        elif kind == protocol.TABLES:
            self.tables = [t for t in item.get("tables") if isinstance(t, dict)]
            self.list.set_rows([_row(t) for t in self.tables])
        elif kind == protocol.TABLE:
            self.table = item.get("table")
            mine = next((p for p in (self.table or {}).get("players") or [] if p.get("seat") == self.my_seat), None)
            if mine is not None and mine.get("kind") == "human":
                self.ready = bool(mine.get("ready"))  # a change of table settings asks everyone to ready again
        elif kind == protocol.SEATED:
            self.my_seat = item.get("seat")
        elif kind == protocol.LEFT:
            self.table, self.my_seat, self.ready = None, None, False
            self.connection.request(protocol.LIST_TABLES)
        elif kind == protocol.CHAT:
            self.chat.append(f"{item.get('from')}: {item.get('text')}")
        elif kind == protocol.ERROR:
            self.errors.append(str(item.get("message")))
            self.alert, self.alert_clock = str(item.get("message")), 12.0
        elif kind == protocol.SNAPSHOT:
            return self._begin_game(item)
        self._rejoin(item)
        self._labels()
        return False

    def _rejoin(self, item: protocol.Message) -> None:
        self.rejoin.absorb(item)
        if self.rejoin.note:
            self.alert, self.alert_clock, self.rejoin.note = self.rejoin.note, 12.0, ""
        if len(self.rejoin.offers) > 1 and not self._offered:
            self._offered = True
            offer(self.app, self.rejoin.offers, self.rejoin.take, self.rejoin.decline)

    def _unreachable(self, why: str) -> None:
        """The host was never reached: back to the server browser, which says why (or say it here)."""
        from .browser import BrowserScene

        browser = self.app.find(BrowserScene)
        if isinstance(browser, BrowserScene) and self.app.top is self:
            browser.message = why[:1].upper() + why[1:]
            self.app.pop()

    def _begin_game(self, snapshot: protocol.Message) -> bool:
        """Open the game screen on the table's first state; False (the lobby stays) when it cannot be read."""
        from .munchkin_table import MunchkinScene
        from .wonderland_board import WonderlandScene

        game = str((snapshot.get("state") or {}).get("view", {}).get("game") or (self.table or {}).get("game"))
        session = NetSession(self.connection, game, str(snapshot.get("table")), snapshot.get("seat"))
        players = [p for p in (self.table or {}).get("players", []) if isinstance(p, dict) and "seat" in p]
        session.names = {int(p["seat"]): str(p["name"]) for p in players}
        # The colours the host gave in the lobby are the colours at the table (else seat order would repaint them).
        session.colours = {int(p["seat"]): str(p["colour"]) for p in players if p.get("colour")}
        if self.replay_dir:
            session.replay_path = f"{self.replay_dir}/{snapshot.get('table')}"
        session.absorb(snapshot)
        if (session.seats[0] if session.seats else None) not in session.records:  # refused as it came in
            self.errors.append("bad_state: this client cannot read the host's table (a newer host?)")
            return False
        self._game_session = session
        scene_type = WonderlandScene if game == "wonderland" else MunchkinScene
        scene = scene_type(self.app, session)
        self._handed_over = True
        self.app.replace(scene)
        if self.rejoin.taken is not None:
            scene.toast(f"Back at your seat at {self.rejoin.taken.label}", 5)
            scene.want_shot("back_at_the_seat", 0.5)
        if self.on_game is not None:
            self.on_game(scene)
        return True

    def _auto(self, dt: float) -> None:
        """Create the table and start it, one click at a time, as a player would."""
        self._auto_clock += dt
        if self._auto_clock < 0.2 or self.status != "connected" or self.rejoin.holds:
            return
        self._auto_clock = 0.0
        if self._auto_step == 0 and self.arranged:
            self._auto_step = 1  # a scenario's table is there already: only the start is ours to click
        elif self.table is None and self._auto_step == 0:
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
        felt_backdrop(surface)
        for box in self._panels():
            table_panel(surface, box)
        surface.blit(
            render_line("Tables on this host (double-click to join)", self.list.rect.w, 18, theme.TEXT_DIM),
            (self.list.rect.x, self.list.rect.y - 26),
        )
        surface.blit(
            render_line("New table", self.list.rect.w, 18, theme.TEXT_DIM),
            (self.new_table_rect.x, self.new_table_rect.y - 24),
        )
        c = self.choices
        short, _ = table_summary(c.game, c.packs, c.explicit or None)
        bots = f"{c.bots} {c.bot_level} bot{'s' if c.bots != 1 else ''}" if c.bots else "no bots"
        plan = f"{GAME_TITLES[c.game]} · {c.seats} seats, {bots} · {short}"
        surface.blit(
            render_block(plan, self.new_table_rect.w, self.new_table_rect.h, 17, theme.TEXT, min_size=11),
            self.new_table_rect.topleft,
        )
        right = self.right
        surface.blit(render_line("Your name", right.w, 18, theme.TEXT_DIM), (right.x, right.y))
        seats_box = pygame.Rect(right.x, right.y + 80, right.w, 210)
        panel(surface, seats_box, (30, 34, 44))
        if self.table is None:
            msg = render_line("Create a table or join one", seats_box.w - 20, 20, theme.TEXT_DIM)
            surface.blit(msg, msg.get_rect(center=seats_box.center))
        else:
            game = str(self.table.get("game", ""))
            head = f"{self.table.get('name')} · {GAME_TITLES.get(game, game.title())}"
            surface.blit(
                render_line(head, seats_box.w - 20, 20, theme.ACCENT, "bold"), (seats_box.x + 10, seats_box.y + 8)
            )
            short, _ = table_summary(game, list(self.table.get("packs") or []), self.table.get("options"))
            surface.blit(render_line(short, seats_box.w - 20, 15, theme.TEXT_DIM), (seats_box.x + 10, seats_box.y + 34))
            y = seats_box.y + 58
            row = max(18, min(27, (seats_box.bottom - y - 4) // max(1, len(self.table.get("players") or []))))
            for p in self.table.get("players") or []:
                seat = int(p.get("seat", 0))
                kind = p.get("kind")
                if kind in ("human", "bot"):
                    colour = theme.seat_colour(seat, p.get("colour"))
                    pygame.draw.circle(surface, colour, (seats_box.x + 20, y + 11), 9)
                else:  # an open seat has no colour yet: whoever sits there gets one the others do not wear
                    pygame.draw.circle(surface, theme.TEXT_DIM, (seats_box.x + 20, y + 11), 9, 2)
                name = p.get("name") or "(open seat)"
                if kind == "bot":
                    tag = f"{self.table.get('bot_level') or 'normal'} bot"
                elif kind == "human" and not p.get("connected", True):
                    tag = "away"  # the seat is kept for them while they reconnect
                else:
                    tag = ("ready" if p.get("ready") else "not ready") if kind == "human" else ""
                you = " (you)" if seat == self.my_seat else ""
                surface.blit(render_line(f"{name}{you}", seats_box.w - 160, 18, theme.TEXT), (seats_box.x + 38, y))
                surface.blit(render_line(tag, 120, 16, theme.TEXT_DIM), (seats_box.right - 120, y + 2))
                y += row
        chat_box = pygame.Rect(right.x, right.y + 360, right.w, self.chat_input.rect.y - right.y - 370)
        panel(surface, chat_box, (28, 32, 42))
        y = chat_box.bottom - 24
        for line in reversed([*self.chat, *(f"! {e}" for e in self.errors)]):
            if y < chat_box.y + 4:
                break
            surface.blit(render_line(line, chat_box.w - 16, 16, theme.TEXT), (chat_box.x + 8, y))
            y -= 22
        banner = self._banner()
        if banner is not None:
            text, fill, edge = banner
            panel(surface, self.alert_rect, fill, edge, radius=8, alpha=240)
            img = render_block(text, self.alert_rect.w - 20, self.alert_rect.h - 8, 17, theme.TEXT, min_size=11)
            surface.blit(img, (self.alert_rect.x + 10, self.alert_rect.y + 5))
        super().draw(surface)

    def _panels(self) -> list[pygame.Rect]:
        """The table's panels the lobby lies on: its title; the host's tables and a new one; the table sat at."""
        label = pygame.Rect(self.list.rect.x, self.list.rect.y - 26, self.list.rect.w, 1)
        title = render_line(self.title.text, self.title.rect.w, self.title.size, theme.ACCENT, self.title.style)
        return [
            around(pygame.Rect(self.title.rect.topleft, (title.get_width(), self.title.rect.h)), pad=6),
            around(label, self.back_button.rect, pad=10),
            around(pygame.Rect(self.right.topleft, (self.right.w, 1)), self.chat_input.rect, pad=10),
        ]

    def _banner(self) -> tuple[str, theme.Colour, theme.Colour] | None:
        """The note top right: the host's refusal, else a link problem, else the lobby's own note."""
        if self.alert:
            return f"The host refused: {self.alert}", (110, 50, 10), theme.ORANGE
        if self.status in ("reconnecting", "failed") and self.status_detail:
            detail = self.status_detail[:1].upper() + self.status_detail[1:]
            more = "retrying…" if self.status == "reconnecting" else "press Back and try another host"
            return f"{detail}, {more}", (120, 60, 10), theme.YELLOW
        if self.notice:
            return self.notice, (30, 60, 100), theme.SKY
        return None


def _row(table: dict[str, Any]) -> str:
    state = "finished" if table.get("finished") else "playing" if table.get("started") else "waiting"
    lock = " 🔒" if table.get("password") else ""
    game = str(table.get("game", ""))
    packs = ", ".join(pack_title(game, str(p)) for p in table.get("packs") or [])
    bots = f" · {table.get('bot_level') or 'normal'} bots" if table.get("bots") else ""
    away = f" · {table['away']} away" if table.get("away") else ""
    return (
        f"{table.get('name')}{lock} · {table.get('open_seats', 0)} of {table.get('seats', 0)} seats free{away}\n"
        f"{GAME_TITLES.get(game, game.title())}{f' ({packs})' if packs else ''}{bots} · {state}"
    )


def _click(app: App, button: Button) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.handle(pygame.event.Event(kind, button=1, pos=button.rect.center))
