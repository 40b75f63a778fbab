"""The server browser: hosts found on the LAN, a host:port box, and "Host a game" to start one here."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

import pygame

from ...shared.rules.base import SEXES
from ..discovery import Browser, Found
from ..host_load import grouped, least_busy, load_words, tables_words
from ..render.felt_room import around, felt_backdrop, table_panel
from ..trust import KnownHosts, Untrusted
from ..ui import theme
from ..ui.text import render_block, render_line
from ..ui.widgets import Button, Label, ListView, TextInput
from ..words import plural
from .base import Scene
from .lobby_rules import GAME_TITLES

if TYPE_CHECKING:
    from ..app import App

Connect = Callable[[str, int, str], None]


class HostFinder(Protocol):
    """What the browser reads of a LAN browse: a started `discovery.Browser`, or a stand-in without network."""

    error: str

    def found(self) -> list[Found]: ...

    def close(self) -> None: ...


def parse_address(text: str, default_port: int) -> tuple[str, int] | None:
    """`host`, `host:port` or `[v6]:port`; None when it is not an address."""
    text = text.strip()
    if not text:
        return None
    host, port = text, default_port
    if text.startswith("["):
        end = text.find("]")
        if end < 0:
            return None
        host, rest = text[1:end], text[end + 1 :]
        if rest.startswith(":"):
            if not rest[1:].isdigit():
                return None
            port = int(rest[1:])
    elif text.count(":") == 1:
        host, _, raw = text.partition(":")
        if not raw.isdigit():
            return None
        port = int(raw)
    if not host or not 0 < port < 65536:
        return None
    return host, port


class BrowserScene(Scene):
    """Pick a host. `connect(host, port, label)` and `host_here()` are supplied by whoever starts the window."""

    name = "browser"

    def __init__(
        self,
        app: App,
        connect: Connect,
        host_here: Callable[[], None],
        default_port: int,
        browser: HostFinder | None = None,
        known: KnownHosts | None = None,
        watch: Connect | None = None,
    ) -> None:
        super().__init__(app)
        self.watch = watch  # the big screen: a host's running tables on this window, for the room
        self.known = known if known is not None else KnownHosts()  # to warn of a host not the one met before
        self.connect, self.host_here, self.default_port = connect, host_here, default_port
        if browser is None:
            browser = Browser()
            browser.start()
        self.browser = browser
        self.found: list[Found] = []
        self.message = ""
        self.title = Label((0, 0, 10, 10), "DoorKick", 48, theme.ACCENT, style="title")
        self.list = ListView((0, 0, 10, 10), on_activate=self._join_found, row_h=56, size=19)
        self.join_button = Button((0, 0, 10, 10), "Join selected", self._join_selected)
        self.watch_button = Button(
            (0, 0, 10, 10),
            "Watch on this screen",
            self._watch_selected,
            tooltip="The selected host's games on the whole screen, for a projector or a TV: Esc comes back",
        )
        self.watch_button.visible = watch is not None
        self.address = TextInput(
            (0, 0, 10, 10),
            app.settings.last_host,
            "host:port (e.g. 192.168.1.20:47474)",
            60,
            lambda _text: self._join_typed(),
        )
        self.typed_button = Button((0, 0, 10, 10), "Join address", self._join_typed)
        # Several hosts at the party: a new table goes best to the one with the least to do.
        self.least_busy_button = Button(
            (0, 0, 10, 10),
            "",
            self._join_least_busy,
            colour=(40, 110, 90),
            tooltip="Join the host with the fewest tables in play per core",
        )
        self.least_busy_button.visible = False  # until two hosts or more are found
        self.host_button = Button((0, 0, 10, 10), "Host a game", self.host_here, colour=(40, 110, 90))
        self.name_input = TextInput((0, 0, 10, 10), app.settings.name, "Your name", 20, self._rename)
        self.colour_button = Button((0, 0, 10, 10), "", self._next_colour, tooltip="Your colour at the table")
        self.sex_button = Button(
            (0, 0, 10, 10),
            "",
            self._next_sex,
            tooltip='Your character at every table and in the tutorial (cards name it: "males only", Change Sex)',
        )
        self.sound_button = Button((0, 0, 10, 10), "", self._sound, tooltip="Click: volume; the last step mutes")
        self.quit_button = Button((0, 0, 10, 10), "Quit", app.quit, hotkey=pygame.K_ESCAPE, colour=(90, 60, 60))
        self.credits_button = Button((0, 0, 10, 10), "Credits", self._credits, tooltip="Who made the art and fonts")
        self.learn_button = Button(
            (0, 0, 10, 10),
            "Learn to play",
            self._learn,
            colour=(110, 80, 30),
            tooltip="A short guided game on this machine: each rule as you need it, against a friendly bot",
        )
        self.widgets = [
            self.title,
            self.list,
            self.join_button,
            self.watch_button,
            self.address,
            self.typed_button,
            self.least_busy_button,
            self.host_button,
            self.name_input,
            self.colour_button,
            self.sex_button,
            self.sound_button,
            self.quit_button,
            self.credits_button,
            self.learn_button,
        ]
        self._labels()

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        self.title.rect = pygame.Rect(40, 24, w - 80, 56)
        self.list.rect = pygame.Rect(40, 130, w * 3 // 5, h - 330)
        x = self.list.rect.right + 30
        side = w - x - 40
        self.host_button.rect = pygame.Rect(x, 130, side, 60)
        self.name_input.rect = pygame.Rect(x, 240, side, 42)
        self.colour_button.rect = pygame.Rect(x, 292, side // 2 - 5, 42)
        self.sex_button.rect = pygame.Rect(x + side // 2 + 5, 292, side - side // 2 - 5, 42)
        self.sound_button.rect = pygame.Rect(x, 344, side, 42)
        self.learn_button.rect = pygame.Rect(x, 400, side, 44)
        self.least_busy_button.rect = pygame.Rect(x, 454, side, 44)  # a new table, on the host with most room
        self.quit_button.rect = pygame.Rect(x, h - 84, side, 44)
        self.credits_button.rect = pygame.Rect(x, h - 138, side, 44)
        self.join_button.rect = pygame.Rect(40, self.list.rect.bottom + 10, 220, 44)
        self.watch_button.rect = pygame.Rect(270, self.list.rect.bottom + 10, 260, 44)
        self.address.rect = pygame.Rect(40, h - 84, self.list.rect.w - 230, 44)
        self.typed_button.rect = pygame.Rect(self.address.rect.right + 10, h - 84, 220, 44)

    def _labels(self) -> None:
        colour = theme.PLAYER_COLOUR_NAMES[self.app.settings.colour % len(theme.PLAYER_COLOURS)]
        self.colour_button.label = f"Colour: {colour}"
        self.sex_button.label = self.app.settings.sex.capitalize()
        sounds = self.app.sounds
        self.sound_button.label = "Sound: off" if sounds.level == 0 else f"Sound: {round(sounds.level * 100)}%"

    def _next_colour(self) -> None:
        self.app.settings.colour = (self.app.settings.colour + 1) % len(theme.PLAYER_COLOURS)
        self._labels()

    def _next_sex(self) -> None:
        self.app.settings.sex = SEXES[(SEXES.index(self.app.settings.sex) + 1) % len(SEXES)]
        self._labels()

    def _sound(self) -> None:
        sounds = self.app.sounds
        if self.app.settings.muted:
            self.app.settings.muted = False
            sounds.set_volume(0.25)
        elif sounds.level >= 1.0:
            sounds.toggle_mute()
        else:
            sounds.set_volume(min(1.0, sounds.level + 0.25))
        self._labels()

    def _credits(self) -> None:
        from .credits import CreditsScene

        self.app.push(CreditsScene(self.app))

    def _learn(self) -> None:
        from ..tutorial import start

        start(self.app)

    def _rename(self, name: str) -> None:
        self.app.settings.name = name.strip()[:20] or self.app.settings.name
        self.name_input.focused = False

    def _join_found(self, index: int) -> None:
        if 0 <= index < len(self.found):
            found = self.found[index]
            self.message = ""
            self.connect(found.host, found.port, found.name)

    def _join_least_busy(self) -> None:
        quiet = least_busy(self.found)
        if quiet is not None:
            self._join_found(self.found.index(quiet))

    def _join_selected(self) -> None:
        if self.list.selected is None:
            self.message = (
                "Pick a host in the list first, then Join selected (or type its address below)"
                if self.found
                else "No host is selected: none has been found yet. Type its address below, or host a game"
            )
            return
        self._join_found(self.list.selected)

    def _watch_selected(self) -> None:
        """The selected host (else the typed address) on the big screen."""
        if self.watch is None:
            return
        if self.list.selected is not None and 0 <= self.list.selected < len(self.found):
            found = self.found[self.list.selected]
            self.message = ""
            self.watch(found.host, found.port, found.name)
            return
        parsed = parse_address(self.address.text, self.default_port)
        if parsed is None:
            self.message = "Pick a host in the list (or type its address below), then Watch on this screen"
            return
        self.message = ""
        self.watch(parsed[0], parsed[1], self.address.text.strip())

    def _join_typed(self) -> None:
        parsed = parse_address(self.address.text, self.default_port)
        if parsed is None:
            self.message = "Type an address as host or host:port"
            return
        self.message = ""
        self.app.settings.last_host = self.address.text.strip()
        self.connect(parsed[0], parsed[1], self.address.text.strip())

    def update(self, dt: float) -> None:
        super().update(dt)
        found = grouped(self.browser.found())
        if found != self.found:
            self.changed()
            self.found = found
            quiet = least_busy(found) if len(found) > 1 else None
            self.list.set_rows(
                [
                    f"{f.name} · {plural(f.seats, 'free seat')}"
                    f"{' · ' + load_words(f) if load_words(f) else ''}{' · least busy' if f is quiet else ''}\n"
                    f"{', '.join(GAME_TITLES.get(g, g.title()) for g in f.games) or '?'} · "
                    f"{tables_words(f)} · "
                    f"{f.address}{' · not the host you met before!' if self._stranger(f) else ''}"
                    for f in found
                ]
            )
            self.least_busy_button.label = f"New table on {quiet.name} (least busy)" if quiet else ""
            self.least_busy_button.visible = quiet is not None
        if self.app.settings.name != self.name_input.text.strip() and not self.name_input.focused:
            self._rename(self.name_input.text)
        self._labels()

    def _stranger(self, found: Found) -> bool:
        """A host advertising another key than the one its id had: joining it will be refused."""
        try:
            known = self.known.key_of(found.host_id) if found.host_id else None
        except Untrusted:
            return False
        return bool(known and found.host_key and found.host_key != known)

    def shutdown(self) -> None:
        self.browser.close()

    def draw(self, surface: pygame.Surface) -> None:
        felt_backdrop(surface)  # the table the party plays at, from the first screen on
        table_panel(surface, around(self.title.rect, self.address.rect, pad=12))
        table_panel(surface, around(self.host_button.rect, self.quit_button.rect, pad=12))
        sub = render_line(
            "Munchkin at a LAN party · hosts on your network appear below within seconds",
            self.list.rect.w,
            18,
            theme.TEXT_DIM,
        )
        surface.blit(sub, (40, 84))
        surface.blit(render_line("Your name", 300, 16, theme.TEXT_DIM), (self.name_input.rect.x, 216))
        super().draw(surface)
        note = self.message or self.browser.error
        if note:
            img = render_block(note, self.list.rect.w, 40, 17, theme.ORANGE)
            surface.blit(img, (40, self.address.rect.y - 44))
        if not self.found:
            hint = render_line(
                "Searching the LAN… (or type an address below, or host a game)",
                self.list.rect.w - 40,
                18,
                theme.TEXT_DIM,
            )
            surface.blit(hint, hint.get_rect(center=(self.list.rect.centerx, self.list.rect.centery + 30)))
