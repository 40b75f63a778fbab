"""The lobby's table form: game, packs and options with their descriptions, seats kept legal for Christmas Lite
alone, the choices travelling in create_table / set_table, the host's refusal shown, and the table's info box."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
from client_support import run_until

from doorkick.client.host import EmbeddedHost
from doorkick.client.net import Connection
from doorkick.client.pack_cache import PackCache
from doorkick.client.scenes.lobby import LobbyScene
from doorkick.client.scenes.lobby_rules import TableChoices, munchkin_options, packs_for
from doorkick.client.scenes.lobby_setup import TableSetupScene
from doorkick.client.scenes.munchkin_table import MunchkinScene
from doorkick.client.session import LocalSession
from doorkick.client.ui.choosers import Stepper, Toggle
from doorkick.client.ui.text import fit
from doorkick.shared import protocol
from doorkick.shared.rules.base import SeatSetup
from doorkick.shared.rules.cards import builtin_pack_names
from doorkick.shared.rules.registry import ruleset


class FakeConnection:
    """Records what the lobby asks the host; hands it whatever the test queues."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, dict[str, Any]]] = []
        self.incoming: list[Any] = []
        self.wake: Callable[[], None] | None = None
        self.server_id, self.token, self.packs = "", None, PackCache()

    def request(self, type_: str, **fields: Any) -> None:
        self.sent.append((type_, fields))

    def poll(self) -> list[Any]:
        out, self.incoming = self.incoming, []
        return out

    def close(self) -> None:
        pass


def click(app: Any, pos: tuple[int, int]) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.step(1 / 60, [pygame.event.Event(kind, button=1, pos=pos)])


def lobby_with(app: Any, *messages: protocol.Message) -> tuple[LobbyScene, FakeConnection]:
    connection = FakeConnection()
    connection.incoming = [protocol.Message(protocol.WELCOME, {"features": ["set_table"]}), *messages]
    lobby = LobbyScene(app, connection, "test")
    lobby.status = "connected"
    app.push(lobby)
    app.step(1 / 60, [])
    return lobby, connection


def open_form(app: Any, lobby: LobbyScene) -> TableSetupScene:
    click(app, lobby.setup_button.rect.center)
    form = app.top
    assert isinstance(form, TableSetupScene)
    return form


def tick_pack(app: Any, form: TableSetupScene, name: str) -> None:
    index = [item.key for item in form.packs.items].index(name)
    click(app, form.packs.row_rect(index).center)


# -- the choices, without a screen ------------------------------------------------------------------------
def test_pack_defaults_refresh_when_packs_change_but_an_explicit_choice_wins() -> None:
    choices = TableChoices("munchkin", 4, 1, ["core"])
    assert choices.options().reaction_time == "normal" and not choices.options().trade_cooldown
    choices.set_packs(["core", "christmas"])
    assert choices.options().trade_cooldown
    choices.set_option("reaction_time", "short")
    choices.set_packs(["core"])
    choices.set_packs(["core", "christmas"])
    assert choices.options().reaction_time == "short" and choices.options().trade_cooldown
    assert choices.wire() == {
        "game": "munchkin",
        "seats": 4,
        "bots": 1,
        "bot_level": "normal",
        "packs": ["core", "christmas"],
        "options": {"reaction_time": "short"},
    }


def test_epic_and_the_level_20_game_are_one_choice() -> None:
    choices = TableChoices()
    choices.set_option("epic", True)
    assert choices.options().win_level == 20
    choices.set_option("win_level", 10)
    assert not choices.options().epic and choices.explicit == {"win_level": 10}
    assert choices.problem() == ""


def test_christmas_lite_alone_keeps_the_seats_to_3_or_4() -> None:
    choices = TableChoices("munchkin", 6, 5, ["core"])
    choices.set_packs(["christmas"])
    assert (choices.seats, choices.bots, choices.seat_range()) == (4, 3, (3, 4))
    assert "3-4" in choices.note and "5-6" in choices.note
    choices.set_seats(2)
    assert choices.seats == 3
    choices.set_packs(["christmas", "epic"])
    assert choices.seat_range() == (2, 6) and choices.seat_note() == ""


def test_every_built_in_pack_is_offered_with_its_description() -> None:
    for game in ("munchkin", "wonderland"):
        offered = packs_for(game)
        assert sorted(p.name for p in offered) == sorted(builtin_pack_names(game))
        assert all(p.description for p in offered)
    assert packs_for("munchkin")[0].name == "core"


# -- the form on screen ---------------------------------------------------------------------------------------
def test_the_form_sends_game_packs_options_seats_and_bots_in_create_table(app: Any, tmp_path: Path) -> None:
    lobby, connection = lobby_with(app)
    form = open_form(app, lobby)
    assert set(form.option_widgets) == {o.name for o in munchkin_options()}
    assert isinstance(form.option_widgets["epic"], Toggle)
    assert isinstance(form.option_widgets["reaction_time"], Stepper)
    tick_pack(app, form, "epic")
    tick_pack(app, form, "fairy-dust")
    click(app, form.option_widgets["epic"].rect.center)
    assert form.option_widgets["win_level"].value == 20
    plus = form.option_widgets["reaction_time"].parts()[2]
    click(app, plus.center)
    click(app, form.bots.parts()[0].center)  # one bot fewer
    hard = next(box for value, _, box in form.bot_level.boxes() if value == "hard")
    click(app, hard.center)
    app.screenshot("form_munchkin")
    app.step(1 / 60, [])
    click(app, form.submit_button.rect.center)
    assert app.top is lobby
    kind, fields = connection.sent[-1]
    assert kind == protocol.CREATE_TABLE
    assert (fields["game"], fields["seats"], fields["bots"], fields["bot_level"]) == ("munchkin", 4, 2, "hard")
    assert fields["packs"] == ["core", "epic", "fairy-dust"]
    assert fields["options"] == {"epic": True, "reaction_time": "none"}
    click(app, lobby.create_button.rect.center)  # the lobby remembers the choices for the next table
    assert connection.sent[-1] == (kind, fields)


def test_cancel_leaves_the_choices_as_they_were(app: Any) -> None:
    lobby, connection = lobby_with(app)
    form = open_form(app, lobby)
    tick_pack(app, form, "epic")
    click(app, form.cancel_button.rect.center)
    assert app.top is lobby and lobby.choices.packs == ["core"]
    assert all(kind != protocol.CREATE_TABLE for kind, _ in connection.sent)


def test_every_label_fits_its_box_at_1280x720(app: Any) -> None:
    lobby, _ = lobby_with(app)
    form = open_form(app, lobby)
    for game in ("munchkin", "wonderland"):
        form._game(game)
        app.step(1 / 60, [])
        for widget in form.option_widgets.values():
            left = widget.switch_rect().right + 10 if isinstance(widget, Toggle) else widget.rect.x + widget.box_w + 10
            fitted = fit(widget.label, widget.rect.right - left - 18, widget.rect.h - 4, widget.size, 11)
            assert not fitted.truncated and fitted.size >= 14, widget.label
        for i, item in enumerate(form.packs.items):
            row = form.packs.row_rect(i)
            assert row.bottom <= form.box.bottom - 70
            assert not fit(item.description, row.w - 60, row.h - 26, 14, 10).truncated, item.description
        for placed in form.widgets:
            assert form.box.contains(placed.rect), placed


def test_christmas_alone_limits_the_seats_on_screen_and_says_why(app: Any) -> None:
    lobby, connection = lobby_with(app)
    lobby.choices.set_seats(6)
    form = open_form(app, lobby)
    tick_pack(app, form, "christmas")
    tick_pack(app, form, "core")
    assert form.packs.checked == ["christmas"]
    assert form.seats.value == 4 and not form.seats.can_step(1)
    assert "Christmas Lite alone seats 3-4" in form.choices.note
    assert form.option_widgets["reaction_time"].value == "normal"
    tick_pack(app, form, "christmas")  # the last pack cannot go
    assert form.packs.checked == ["christmas"] and form.packs.reason
    app.screenshot("form_christmas_alone")
    app.step(1 / 60, [])
    click(app, form.submit_button.rect.center)
    assert connection.sent[-1][1]["seats"] == 4 and connection.sent[-1][1]["packs"] == ["christmas"]


def test_the_creator_edits_the_table_with_set_table(app: Any) -> None:
    table = {
        "table": "t1",
        "name": "Alice's table",
        "game": "munchkin",
        "seats": 4,
        "creator": 0,
        "packs": ["core", "christmas"],
        "options": {"epic": True},
        "bot_level": "easy",
        "players": [
            {"seat": 0, "kind": "human", "name": "Alice", "ready": False},
            {"seat": 1, "kind": "open", "name": ""},
            {"seat": 2, "kind": "bot", "name": "Bot 3"},
            {"seat": 3, "kind": "bot", "name": "Bot 4"},
        ],
    }
    lobby, connection = lobby_with(
        app,
        protocol.Message(protocol.SEATED, {"table": "t1", "seat": 0, "token": "x"}),
        protocol.Message(protocol.TABLE, {"table": table}),
    )
    assert lobby.settings_button.visible and lobby.settings_button.enabled
    app.screenshot("lobby_seated")
    app.step(1 / 60, [])
    click(app, lobby.settings_button.rect.center)
    form = app.top
    assert isinstance(form, TableSetupScene) and form.editing and not form.game.enabled
    assert form.packs.checked == ["core", "christmas"] and form.choices.bots == 2
    assert form.option_widgets["epic"].value is True
    click(app, form.option_widgets["epic"].rect.center)
    click(app, form.submit_button.rect.center)
    kind, fields = connection.sent[-1]
    assert kind == protocol.SET_TABLE and "game" not in fields
    assert fields == {
        "seats": 4,
        "bots": 2,
        "bot_level": "easy",
        "packs": ["core", "christmas"],
        "options": {"epic": False},
    }


def test_a_refusal_from_the_host_shows_in_a_banner(app: Any) -> None:
    lobby, _ = lobby_with(
        app,
        protocol.Message(
            protocol.ERROR,
            {
                "code": "bad_options",
                "message": "the game cannot start: Christmas Lite alone is played by 3 or 4 players",
            },
        ),
    )
    assert "Christmas Lite alone" in lobby.alert
    app.screenshot("lobby_refused")
    app.step(1 / 60, [])
    inside = (lobby.alert_rect.x + 4, lobby.alert_rect.centery)
    colour = app.screen.get_at(inside)[:3]
    assert all(abs(a - b) < 30 for a, b in zip(colour, (110, 50, 10), strict=True)), colour
    click(app, lobby.alert_rect.center)
    assert lobby.alert == ""


# -- against a real host ----------------------------------------------------------------------------------------
def test_the_host_plays_the_chosen_packs_and_options_and_its_refusal_is_shown(app: Any, host: EmbeddedHost) -> None:
    connection = Connection("127.0.0.1", host.port, "Alice")
    connection.start()
    lobby = LobbyScene(app, connection, "test")
    app.push(lobby)
    run_until(app, lambda: lobby.status == "connected" and "set_table" in lobby.features)
    # A client that skips the form's checks: the host refuses Christmas Lite alone for two as the table is made.
    connection.request(protocol.CREATE_TABLE, game="munchkin", seats=2, bots=1, packs=["christmas"])
    run_until(app, lambda: bool(lobby.alert))
    assert "3 or 4 players" in lobby.alert and lobby.table is None
    # The creator makes it in the form instead: three seats, Epic on; the game starts with them.
    lobby.choices = TableChoices("munchkin", 2, 1, ["christmas"])
    click(app, lobby.setup_button.rect.center)
    form = app.top
    assert isinstance(form, TableSetupScene)
    assert form.choices.seats == 3 and "3-4" in form.choices.note  # kept legal as it opened
    click(app, form.option_widgets["epic"].rect.center)
    click(app, form.submit_button.rect.center)
    run_until(app, lambda: lobby.table is not None and len(lobby.table.get("players") or []) == 3)
    lobby._start()
    run_until(app, lambda: isinstance(app.top, MunchkinScene))
    scene = app.top
    run_until(app, lambda: bool(scene.record.options))
    assert scene.record.packs == ["christmas"] and scene.record.options["epic"] is True
    assert scene.record.options["reaction_time"] == "normal"  # R01: people get the normal time by default
    app.step(1 / 60, [])
    assert "Christmas Lite" in scene.rules_info.text and "Epic" in scene.rules_info.text
    app.close()


# -- the table ---------------------------------------------------------------------------------------------
def test_the_munchkin_table_shows_the_packs_and_options_in_force(app: Any) -> None:
    setups = tuple(SeatSetup(n) for n in ("Alice", "Bob", "Carol"))
    session = LocalSession(
        ruleset("munchkin"), setups, 3, [0], ("core", "fairy-dust"), {"listening_at_the_door": True}, bot_delay=60.0
    )
    scene = MunchkinScene(app, session)
    app.push(scene)
    app.step(1 / 60, [])
    info = scene.rules_info
    assert info.text.startswith("Packs: Core Set, Fairy Dust") and "listening at the door" in info.text
    assert "Sparkly Good Fairy" in info.tooltip and "face-down Door" in info.tooltip
    assert not fit(info.text, info.rect.w - 40, info.rect.h - 8, 14, 10).truncated
    pygame.mouse.set_pos(info.rect.center)
    assert scene.hover_hint() == (info, info.tooltip)
    app.screenshot("table_info")
    app.step(1 / 60, [])


def test_the_table_list_shows_each_tables_packs_and_bots(app: Any) -> None:
    tables = [
        {
            "table": "t1",
            "name": "Kitchen",
            "game": "munchkin",
            "packs": ["core", "epic"],
            "seats": 5,
            "open_seats": 2,
            "away": 1,
            "bots": 1,
            "bot_level": "hard",
            "started": False,
        },
        {
            "table": "t2",
            "name": "Sofa",
            "game": "wonderland",
            "packs": ["wonderland"],
            "seats": 3,
            "open_seats": 0,
            "bots": 0,
            "bot_level": "normal",
            "started": True,
        },
    ]
    lobby, _ = lobby_with(app, protocol.Message(protocol.TABLES, {"tables": tables}))
    app.screenshot("lobby_tables")
    app.step(1 / 60, [])
    kitchen, sofa = lobby.list.rows
    assert kitchen == "Kitchen · 2 of 5 seats free · 1 away\nMunchkin (Core Set, Epic Deeds) · hard bots · waiting"
    assert "Munchkin Wonderland" in sofa and "bots" not in sofa and "playing" in sofa


def test_the_browser_lists_each_host_as_a_two_line_tile(app: Any) -> None:
    from doorkick.client.discovery import Found
    from doorkick.client.scenes.browser import BrowserScene

    class Listed:  # stands in for zeroconf: the hosts a browse found
        error = ""

        def start(self) -> None:
            pass

        def found(self) -> list[Found]:
            return [Found("k1", "Maya's DoorKick", "192.168.1.20", 47474, ("munchkin", "wonderland"), 2, 3, 1)]

        def close(self) -> None:
            pass

    browser = app.push(BrowserScene(app, lambda *_: None, lambda: None, 47474, Listed()))
    app.screenshot("browser_hosts")
    app.step(1 / 60, [])
    assert browser.list.rows == [
        "Maya's DoorKick · 3 free seats\nMunchkin, Munchkin Wonderland · 2 tables open · 192.168.1.20:47474"
    ]
    browser.found = [Found("k1", "Maya's DoorKick", "192.168.1.20", 47474, ("munchkin",), 1, 1, 1)]
    browser.browser.found = lambda: [Found("k2", "Lone host", "192.168.1.21", 47474, ("munchkin",), 1, 1, 1)]
    app.step(1 / 60, [])
    assert browser.list.rows[0].startswith("Lone host · 1 free seat\nMunchkin · 1 table open · ")


def test_the_options_tooltips_speak_words_not_option_names(app: Any) -> None:
    # Seen in the Table settings: "listening_at_the_door: Listening at the Door: ..." in a tooltip.
    lobby, _ = lobby_with(app)
    form = open_form(app, lobby)
    for widget in form.option_widgets.values():
        assert widget.tooltip and "_" not in widget.tooltip, widget.tooltip
