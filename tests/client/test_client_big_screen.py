"""The big screen (`doorkick watch`) against a real host on 127.0.0.1: it shows a running table at 1920x1080,
it never draws a card a spectator was not shown (every text it draws is read, through a whole bot game of each
game, against the host's own game replayed), it holds the spectator's view, and it cycles between tables by a key
and by its clock, following a table that ends to the next one. The browser's "Watch on this screen" opens it."""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import layout_scenes
import msgspec
import pygame
import pytest
from client_support import StandInLink, run_until, wait_until
from msgspec.structs import replace
from test_client_layout import SIZES, layout_problems
from view_samples import sample

from doorkick.client import watch as watch_cli
from doorkick.client.app import App
from doorkick.client.catalog import Cards
from doorkick.client.discovery import Found
from doorkick.client.host import EmbeddedHost, host_config
from doorkick.client.net import Connection, Status
from doorkick.client.replay import ReplaySession, load_replay
from doorkick.client.scenes.big_screen import ENDED_HOLD, BigScreenScene
from doorkick.client.scenes.browser import BrowserScene
from doorkick.client.settings import Settings
from doorkick.client.ui import text as ui_text
from doorkick.client.watching import next_table, ranking, running
from doorkick.client.words import Words
from doorkick.shared import protocol
from doorkick.shared.fairness import view_state
from doorkick.shared.rules.base import Event
from doorkick.shared.rules.munchkin.view import CombatView, MunchkinView
from doorkick.shared.rules.munchkin.view import PlayerView as MunchkinPlayer
from doorkick.shared.rules.registry import ruleset
from doorkick.shared.rules.wonderland.view import FightView, OutcomeView, WonderlandView
from doorkick.shared.rules.wonderland.view import PlayerView as WonderlandPlayer
from doorkick.shared.viewer import GameView, OutcomeWire, ViewerState

SHOTS = Path(os.environ.get("DOORKICK_SHOTS", "/tmp/shots-watch"))
FULL_HD = (1920, 1080)
ORIGINALS: dict[str, Callable[..., pygame.Surface]] = {
    fn: getattr(ui_text, fn) for fn in ("render_line", "render_block")
}


def start_host(tmp_path: Path, bot_delay: float) -> EmbeddedHost:
    config = host_config(
        "Party host", discovery=False, data_dir=tmp_path / "data", bot_delay=bot_delay, pass_timeout=0.3
    )
    host = EmbeddedHost(config)
    host.start()
    return host


@pytest.fixture
def party(tmp_path: Path) -> Iterator[EmbeddedHost]:
    host = start_host(tmp_path, 0.2)
    yield host
    host.stop()


def bot_table(host: EmbeddedHost, game: str, seats: int = 4, options: dict[str, Any] | None = None) -> str:
    """A table started by Alice, who then leaves it: a bot plays her seat, and the game runs by itself."""
    alice = Connection("127.0.0.1", host.port, "Alice")
    alice.start()
    seated: list[str] = []
    alice.request(protocol.CREATE_TABLE, game=game, seats=seats, bots=seats - 1, options=options)

    def arrived() -> bool:
        for item in alice.poll():
            if isinstance(item, protocol.Message) and item.type == protocol.SEATED:
                seated.append(str(item.get("table")))
                alice.request(protocol.START, fill_with_bots=True)
            elif isinstance(item, protocol.Message) and item.type == protocol.SNAPSHOT:
                return True
        return False

    wait_until(arrived)
    alice.request(protocol.LEAVE)
    wait_until(lambda: any(isinstance(i, protocol.Message) and i.type == protocol.LEFT for i in alice.poll()))
    alice.close()
    return seated[0]


def big_screen_on(host: EmbeddedHost, size: tuple[int, int] = FULL_HD, cycle: float | None = None) -> BigScreenScene:
    app = App(Settings(), size=size)
    connection = Connection("127.0.0.1", host.port, "Big screen")
    connection.start()
    scene = BigScreenScene(app, connection, "Party host", cycle)
    app.push(scene)
    return scene


def live(app: App, want: Callable[[], bool], seconds: float) -> None:
    """Frames at the pace the window keeps (each one's time as it passed), so the moments keep up with a host
    that plays on by its own clock, until `want()` holds."""
    last = time.monotonic()

    def frame() -> bool:
        nonlocal last
        if want():
            return True
        now = time.monotonic()
        app.step(max(1 / 60, now - last), [])
        last = now
        return False

    wait_until(frame, seconds, 0.005)


def shoot(app: App, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.screen, str(SHOTS / f"{name}.png"))


class Drawn:
    """Every text the screen draws, with how far the host's game had got when it was drawn."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, clock: Callable[[], int]) -> None:
        self.clock = clock
        self.frame: list[str] = []
        self.texts: list[tuple[int, str]] = []
        for module in [m for name, m in sys.modules.items() if name.startswith("doorkick.client") and m]:
            for fn, render in ORIGINALS.items():
                if getattr(module, fn, None) is render:
                    monkeypatch.setattr(module, fn, self._recording(render))
            for value in vars(module).values():  # a card face drawn before (another test) must be drawn again
                if callable(getattr(value, "cache_clear", None)) and getattr(value, "__module__", "").startswith(
                    "doorkick.client"
                ):
                    value.cache_clear()
        words_event = Words.event

        def worded(words: Words, event: Event) -> str:
            said = words_event(words, event)
            self.frame.append(said)
            return said

        monkeypatch.setattr(Words, "event", worded)

    def _recording(self, render: Callable[..., pygame.Surface]) -> Callable[..., pygame.Surface]:
        def recorded(text: str, *args: Any, **kwargs: Any) -> pygame.Surface:
            self.frame.append(text)
            return render(text, *args, **kwargs)

        return recorded

    def end_frame(self) -> None:
        """The host's count of actions once the frame is drawn: the view drawn is from no later than that."""
        seq = self.clock()
        self.texts += [(seq, text) for text in self.frame]
        self.frame = []


def card_ids(value: Any, known: set[str]) -> set[str]:
    """Every card id anywhere in a view or an event (a copy's too: `id#2`)."""
    if isinstance(value, str):
        return {value} if value in known or value.split("#")[0] in known else set()
    if isinstance(value, dict):
        return set().union(*(card_ids(v, known) for v in value.values())) if value else set()
    if isinstance(value, list | tuple):
        return set().union(*(card_ids(v, known) for v in value)) if value else set()
    return set()


def secret_cards(game: str, state: Any) -> set[str]:
    """The cards in hands and decks: what a spectator may not know, unless it was shown them before."""
    if game == "munchkin":
        held = [c for p in state.players for c in p.hand]
        return {*held, *state.door_deck, *state.treasure_deck, *state.fairy_dust_deck}
    return {*(c for hand in state.hands for c in hand), *state.treasure_deck, *state.monster_deck}


def printed_words(catalogue: Cards) -> list[str]:
    """What card faces print besides their own names ("Only Cleric", "+3 against Elves", the name of the
    "Hungover Titan" holding "Hungover"): a card's name read inside them is not that card."""
    faces = [catalogue.face(card) for card in catalogue.defs]
    texts = [t for f in faces for t in (f.kind_label, f.type_line, f.text, f.footer_left, f.footer_right) if t]
    return texts + sorted({f.name for f in faces})


def leaks(text: str, hidden: set[str], printed: list[str]) -> list[str]:
    """The hidden cards `text` names: anywhere in it, or (a name other faces print too) as the whole text."""
    return [n for n in hidden if text == n or (n in text and not any(n in w and n != w for w in printed))]


def never_shown(host: EmbeddedHost, table: str) -> tuple[Callable[[int], set[str]], Any, Any, list[str]]:
    """The host's game replayed from its history: for each count of actions, the names of the cards then in a
    hand or a deck that no spectator's view or event had shown by then; and the last state and its engine."""
    record, actions = load_replay(host.config.data_dir / "history" / table)
    engine = ruleset(str(record["game"]))
    state = ReplaySession(record, actions, None).engine_state
    first = view_state(engine, state, None)
    catalogue = Cards(engine.game, tuple(str(p) for p in first["view"]["packs"]))  # the packs as dealt
    known = set(catalogue.defs)
    assert known
    shown = card_ids(first, known)
    hidden = [{catalogue.name(c) for c in secret_cards(engine.game, state) - shown}]
    for wire in actions:
        state, events = engine.apply(state, engine.action_from_wire(wire))
        for event in events:
            shown |= card_ids(event.for_seat(None), known)
        shown |= card_ids(view_state(engine, state, None), known)
        public_names = {catalogue.name(c) for c in shown}
        hidden.append({catalogue.name(c) for c in secret_cards(engine.game, state) - shown} - public_names)
    return (lambda seq: hidden[min(seq, len(hidden) - 1)]), state, engine, printed_words(catalogue)


@pytest.mark.slow
@pytest.mark.parametrize("game", ["munchkin", "wonderland"])
def test_the_big_screen_shows_a_running_table_at_1920x1080(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    party = start_host(tmp_path, 1.0)  # a fight lasts a few actions: long enough for its moments to end
    try:
        shown_at_full_hd(party, monkeypatch, game)
    finally:
        party.stop()


def fight_of(view: GameView | None) -> CombatView | FightView | None:
    return view.combat if isinstance(view, MunchkinView) else view.fight if view is not None else None


def strengths(view: GameView | None) -> tuple[int, int]:
    """Both sides' strengths of the fight shown: the munchkins', the monsters'."""
    fight = fight_of(view)
    if isinstance(fight, CombatView):
        return fight.fighters_strength, fight.monsters_strength
    assert fight is not None
    return fight.munchkin_power, fight.monster_power


def shown_at_full_hd(party: EmbeddedHost, monkeypatch: pytest.MonkeyPatch, game: str) -> None:
    table = bot_table(party, game)
    scene = big_screen_on(party)
    app = scene.app
    run_until(app, lambda: scene.session is not None and scene.session.table == table and scene.captions, 60)
    reader = Drawn(monkeypatch, lambda: 0)
    app.step(1 / 60, [pygame.event.Event(pygame.VIDEOEXPOSE)])
    drawn = reader.frame
    assert app.screen.get_size() == FULL_HD
    assert scene.record is not None
    players = scene.record.players
    title = "Munchkin Wonderland" if game == "wonderland" else "Munchkin"
    assert "Who is winning" in drawn and f"Alice's table · {title}" in drawn
    for p in players:  # every player's table: their name, and their level or where they stand, and their hand
        assert any(text.startswith(p.name) for text in drawn)
        count = p.hand_count
        assert any(f"{count} card{'s' if count != 1 else ''} in hand" in text for text in drawn), drawn
    if game == "munchkin":
        assert all(f"Level {p.level}" in drawn for p in players if isinstance(p, MunchkinPlayer))
    assert any(caption in drawn for caption, _ in scene.captions)
    boxes = dict(scene.layout_boxes())
    screen = pygame.Rect((0, 0), FULL_HD)
    assert all(screen.contains(box) for box in boxes.values())
    shoot(app, f"watch_{game}_running")
    # And in a fight: both strengths, large, with the words for each side (once its moments rest, for the shot).
    live(app, lambda: fight_of(scene.record) is not None and not scene.moments.active, 240)
    reader.frame = []
    app.step(1 / 60, [pygame.event.Event(pygame.VIDEOEXPOSE)])
    ours, theirs = strengths(scene.record)
    assert "Munchkins" in reader.frame and ("Monsters" if game == "munchkin" else "Monster") in reader.frame
    assert str(ours) in reader.frame and str(theirs) in reader.frame
    shoot(app, f"watch_{game}_fight")
    app.close()


@pytest.mark.slow
@pytest.mark.parametrize(("game", "options"), [("munchkin", None), ("wonderland", None)])
def test_the_big_screen_never_shows_a_hand_or_a_deck(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str, options: dict[str, Any] | None
) -> None:
    host = start_host(tmp_path, 0.005)
    try:
        table = bot_table(host, game, 4, options)
        match = host.server.lobby.tables[table].match
        scene = big_screen_on(host, (1280, 720))
        app = scene.app
        drawn = Drawn(monkeypatch, lambda: match.seq)
        fights = 0

        def frame() -> bool:
            nonlocal fights
            if scene.state is not None and scene.state.outcome is not None:
                return True
            app.step(1 / 30, [])
            drawn.end_frame()
            if scene.session is not None:
                # The view it holds is a spectator's: no seat, no hand, no Gold of anyone's.
                assert scene.session.seats == () and scene.viewer is None
                assert scene.record is not None and not scene.record.hand
                assert not isinstance(scene.record, WonderlandView) or scene.record.gold is None
                assert scene.state is not None and not scene.state.legal
            fight = fight_of(scene.record)
            if fight and fights < 2 and scene.moments.active:
                shoot(app, f"watch_{game}_hidden_check_{fights}")
                fights += 1
            return False

        wait_until(frame, 400, 0.002, "the game's end")
        for _ in range(30):  # the winner called out, the ranking turned to the result
            app.step(1 / 30, [])
            drawn.end_frame()
        shoot(app, f"watch_{game}_game_over")
        wait_until(lambda: (host.config.data_dir / "history" / table).is_dir())
        hidden_at, last, engine, printed = never_shown(host, table)
        assert len(drawn.texts) > 1000
        for seq, text in drawn.texts:
            leaked = leaks(text, hidden_at(seq), printed)
            assert not leaked, f"{text!r} names {leaked} (hidden after action {seq})"
        # the host's own spectator view, to the last field (as it comes off the wire: a pair is a list there)
        assert msgspec.to_builtins(scene.state) == view_state(engine, last, None)
        app.close()
    finally:
        host.stop()


def test_the_big_screen_cycles_between_two_tables_by_key_and_by_clock(party: EmbeddedHost) -> None:
    first, second = bot_table(party, "munchkin"), bot_table(party, "wonderland")
    scene = big_screen_on(party, (1280, 720))
    app = scene.app
    run_until(app, lambda: scene.session is not None and len(running(scene.tables)) == 2, 30)
    shown = scene.session.table if scene.session is not None else ""
    other = second if shown == first else first
    tab = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t", scancode=0)
    app.step(1 / 60, [tab])
    assert scene.watching == other
    run_until(app, lambda: scene.session is not None and scene.session.table == other and scene.middle is not None)
    assert scene.game == ("wonderland" if other == second else "munchkin")
    shoot(app, "watch_after_tab")
    app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0, unicode="", scancode=0)])
    run_until(app, lambda: scene.session is not None and scene.session.table == shown)
    # By the clock: every 5 s of frames, the next table; not before.
    scene.cycle = 5.0
    scene.on_table = 0.0
    for _ in range(4 * 60):
        app.step(1 / 60, [])
    assert scene.watching == shown
    for _ in range(2 * 60):
        app.step(1 / 60, [])
    assert scene.watching == other
    run_until(app, lambda: scene.session is not None and scene.session.table == other)
    app.close()


Wire = StandInLink  # the big screen's link, standing in for a host


def listed(*tables: tuple[str, bool, bool]) -> protocol.Message:
    return protocol.Message(
        protocol.TABLES, {"tables": [{"table": t, "name": t, "started": s, "finished": f} for t, s, f in tables]}
    )


def test_a_table_that_ends_is_followed_to_the_next_running_one(app: Any) -> None:
    wire = Wire()
    scene = BigScreenScene(app, wire, "Party host")
    app.push(scene)
    wire.incoming = [Status("connected"), listed(("a", True, False), ("b", False, False))]
    app.step(1 / 60, [])
    assert scene.watching == "a" and wire.sent[-1] == (protocol.WATCH, {"table": "a"})
    scene.state = sample(ViewerState, outcome=OutcomeWire([0], "won"))  # the game at "a" is over; "b" starts meanwhile
    wire.incoming = [listed(("a", True, True), ("b", True, False))]
    for _ in range(int(ENDED_HOLD * 60) - 30):
        app.step(1 / 60, [])
    assert scene.watching == "a"  # the winner stays up a while
    for _ in range(60):
        app.step(1 / 60, [])
    assert scene.watching == "b"
    kinds = [t for t, _ in wire.sent]
    left = kinds.index(protocol.LEAVE)
    assert wire.sent[left + 1] == (protocol.WATCH, {"table": "b"})
    assert not any(t in (protocol.JOIN_TABLE, protocol.ACTION, protocol.READY) for t, _ in wire.sent)


def test_which_table_comes_next_and_who_is_winning() -> None:
    tables = [
        {"table": "a", "started": True},
        {"table": "b", "started": False},
        {"table": "c", "started": True, "password": True},
        {"table": "d", "started": True},
        {"table": "e", "started": True, "finished": True},
    ]
    assert running(tables) == ["a", "d"]
    assert next_table(tables, None) == "a" and next_table(tables, "a") == "d" and next_table(tables, "d") == "a"
    assert next_table(tables, "d", -1) == "a" and next_table(tables, "e") == "a" and next_table([], "a") is None
    levels = [
        sample(MunchkinPlayer, level=3, gear=1),
        sample(MunchkinPlayer, level=5),
        sample(MunchkinPlayer, level=3, gear=4),
    ]
    assert ranking(sample(MunchkinView, players=levels)) == [(1, "Level 5"), (2, "Level 3"), (0, "Level 3")]
    players = [
        sample(WonderlandPlayer, seat=0, hand_count=2, friends=["x"]),
        sample(WonderlandPlayer, seat=1, hand_count=4),
    ]
    playing = sample(WonderlandView, players=players)
    assert ranking(playing) == [(1, "4 cards · 0 Friends"), (0, "2 cards · 1 Friend")]
    over = replace(playing, outcome=sample(OutcomeView, gold=[9, 3], winners=[0]))
    assert ranking(over) == [(0, "9 Gold"), (1, "3 Gold")]


def test_watch_on_this_screen_in_the_browser_opens_the_big_screen(app: Any) -> None:
    class Lan:
        error = ""

        def found(self) -> list[Found]:
            return [Found("k", "Basement", "127.0.0.1", 47999, ("munchkin",), 1, 0, 1)]

        def close(self) -> None:
            pass

    watched: list[tuple[str, int, str]] = []
    browser = BrowserScene(app, lambda *a: None, lambda: None, 47474, Lan(), watch=lambda *a: watched.append(a))
    app.push(browser)
    app.step(1 / 60, [])
    browser.list.selected = 0
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.step(1 / 60, [pygame.event.Event(kind, button=1, pos=browser.watch_button.rect.center)])
    assert watched == [("127.0.0.1", 47999, "Basement")]
    # `doorkick watch HOST:PORT` has the same parser as the rest: an address, a cycle, a window size.
    parser = argparse.ArgumentParser()
    watch_cli.add_arguments(parser, "watch")
    args = parser.parse_args(["127.0.0.1:47999", "--cycle", "30", "--size", "1920x1080"])
    assert (args.address, args.cycle, args.size) == ("127.0.0.1:47999", 30.0, "1920x1080")


def fed_a_table(app: App, session: Any, table: str = "Friday night") -> BigScreenScene:
    """The big screen given a table's spectator view as a host would send it (from a table arranged in this
    process), through the messages it reads."""
    wire = Wire()
    scene = BigScreenScene(app, wire, "Party host")
    app.push(scene)
    wire.incoming = [Status("connected"), listed((table, True, False))]
    app.step(1 / 60, [])
    state = session.state(None)
    wire.incoming = [
        protocol.Message(
            protocol.SNAPSHOT,
            {"table": table, "seat": None, "seq": 1, "state": state, "checksum": protocol.checksum(state)},
        )
    ]
    app.step(1 / 60, [])
    assert scene.session is not None and scene.middle is not None
    return scene


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("arranged", ["munchkin-fight", "munchkin-six", "wonderland-fight"])
def test_the_big_screen_fits_every_window_without_overlaps(size: tuple[int, int], arranged: str) -> None:
    if arranged == "wonderland-fight":
        session = layout_scenes.wonderland_session(fight=True)
    elif arranged == "munchkin-six":
        session = layout_scenes.munchkin_session()
    else:
        session = layout_scenes.munchkin_combat_session()
    app = App(Settings(), size=size)
    scene = fed_a_table(app, session)
    app.step(1 / 60, [pygame.event.Event(pygame.VIDEOEXPOSE)])
    assert layout_problems(scene.layout_boxes(), size) == []
    panels = [n for n, _ in scene.layout_boxes() if n.rpartition("/")[2].startswith("player:")]
    assert scene.record is not None and len(panels) == len(
        scene.record.players
    )  # every player's table is on the screen
    if size == FULL_HD:
        shoot(app, f"watch_layout_{arranged}")
    app.close()


@pytest.mark.xdist_group("lan")  # real zeroconf on this machine: one at a time, as in test_client_e2e_lan.py
def test_doorkick_watch_with_no_address_finds_the_only_host_and_watches_it(app: Any, tmp_path: Path) -> None:
    config = host_config("LAN party", discovery=True, data_dir=tmp_path / "data", bot_delay=0.2, pass_timeout=0.3)
    config.host = config.interface = "127.0.0.1"
    host = EmbeddedHost(config)
    host.start()
    try:
        table = bot_table(host, "wonderland")
        parser = argparse.ArgumentParser()
        watch_cli.add_arguments(parser, "watch")
        args = parser.parse_args(["--interface", "127.0.0.1", "--size", "1280x720"])
        watch_cli._browse(app, args, whole_screen=False)
        assert isinstance(app.top, BrowserScene) and app.top.watch is not None
        run_until(app, lambda: isinstance(app.top, BigScreenScene) and app.top.session is not None, 30)
        scene = app.top
        assert isinstance(scene, BigScreenScene) and scene.session is not None and scene.session.table == table
        assert scene.host_label == "LAN party" and scene.game == "wonderland"
        app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)])
        assert isinstance(app.top, BrowserScene)  # Esc leaves the big screen for the browser
    finally:
        host.stop()


@pytest.mark.slow
def test_the_check_catches_a_host_that_leaks_the_hands(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The reading above is no formality: a host whose spectator view shows every hand among the items (the
    host's engine runs in its own thread; the test's replay, in this one, stays honest) is caught."""
    import threading

    from doorkick.shared.rules.munchkin import view as munchkin_view

    honest = munchkin_view._player

    def leaky(state: Any, player: Any) -> munchkin_view.PlayerView:
        shown = honest(state, player)
        if threading.current_thread() is not threading.main_thread():
            held = [munchkin_view.ItemView(c, True, None, False) for c in player.hand]
            shown = msgspec.structs.replace(shown, items=[*shown.items, *held])
        return shown

    monkeypatch.setattr(munchkin_view, "_player", leaky)
    with pytest.raises(AssertionError, match=r"names \['.+'\] \(hidden after action \d+\)"):
        test_the_big_screen_never_shows_a_hand_or_a_deck(tmp_path, monkeypatch, "munchkin", None)
