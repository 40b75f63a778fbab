"""What the others see when a player drops: "Bob is away" with the countdown on his greyed panel, "A bot plays for
Bob" with the stand-in's actions marked in the log, and "Bob is back" (Munchkin against a real host)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
from client_support import lobby_table, run_until

from doorkick.client.autoplay import Autoplayer
from doorkick.client.host import EmbeddedHost, host_config
from doorkick.client.net import Connection
from doorkick.client.presence import AWAY, HERE, STAND_IN, Presence
from doorkick.client.scenes.lobby import LobbyScene
from doorkick.client.scenes.munchkin_table import MunchkinScene
from doorkick.shared import protocol


def click(app: Any, pos: tuple[int, int]) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.step(1 / 60, [pygame.event.Event(kind, button=1, pos=pos)])


def logged(scene: Any, words: str) -> bool:
    return any(words in text for text, _ in scene.log)


def test_others_see_a_drop_the_stand_in_and_the_return(app: Any, tmp_path: Path) -> None:
    config = host_config("test host", discovery=False, data_dir=tmp_path / "data", bot_delay=0.05, pass_timeout=1.0)
    config.reconnect_window = 4.0
    host = EmbeddedHost(config)
    host.start()
    bob = Connection("127.0.0.1", host.port, "Bob")
    try:
        alice = Connection("127.0.0.1", host.port, "Alice")
        alice.start()
        lobby = LobbyScene(app, alice, "test", "munchkin", 3, 1)
        app.push(lobby)
        run_until(app, lambda: lobby.status == "connected")
        click(app, lobby.create_button.rect.center)
        run_until(app, lambda: lobby.table is not None)
        bob.start()
        bob.request(protocol.JOIN_TABLE, table=lobby_table(lobby)["table"])
        seated: list[Any] = []

        def bob_too() -> bool:
            for item in bob.poll():
                if isinstance(item, protocol.Message) and item.type == protocol.SEATED:
                    seated.append(item)
                    bob.request(protocol.READY, ready=True)
            return bool(seated) and all(p.get("ready") or p["seat"] == 0 for p in lobby_table(lobby)["players"])

        run_until(app, bob_too)
        click(app, lobby.start_button.rect.center)
        run_until(app, lambda: isinstance(app.top, MunchkinScene))
        scene = app.top
        assert isinstance(scene, MunchkinScene)
        scene.autoplayer = Autoplayer(app, scene, seed=3, think=0.05)
        presence = scene.session.presence
        run_until(app, lambda: bob.poll() is not None)

        bob.close()  # Bob's window is gone
        run_until(app, lambda: logged(scene, "Bob is away: a bot plays for them in 0:0"))
        assert presence.of(1).state == AWAY and 0 < (presence.of(1).seconds or 0) <= 4
        app.screenshot("presence_bob_is_away")
        app.step(1 / 60, [])

        run_until(app, lambda: logged(scene, "A bot plays for Bob"))
        assert presence.of(1).state == STAND_IN
        run_until(app, lambda: logged(scene, "[bot for Bob] "), seconds=30)
        assert not logged(scene, "[bot for Bot 3]"), "a bot seat playing itself is not a stand-in"
        app.screenshot("presence_a_bot_plays_for_bob")
        app.step(1 / 60, [])

        back = Connection("127.0.0.1", host.port, "Bob")
        back.start()
        back.request(protocol.RESUME, table=seated[0].get("table"), token=seated[0].get("token"))
        run_until(app, lambda: logged(scene, "Bob is back"))
        assert presence.of(1).state == HERE
        app.screenshot("presence_bob_is_back")
        app.step(1 / 60, [])
        back.close()
    finally:
        bob.close()
        app.close()
        host.stop()


def test_presence_words_each_change_once_and_never_our_own() -> None:
    presence = Presence()

    def detail(connected: bool, stand_in: bool, after: float | None) -> dict[str, Any]:
        bob = {
            "seat": 1,
            "kind": "human",
            "name": "Bob",
            "connected": connected,
            "stand_in": stand_in,
            "stand_in_after": after,
        }
        me = {"seat": 0, "kind": "human", "name": "Alice", "connected": False, "stand_in": False}
        bot = {"seat": 2, "kind": "bot", "name": "Bot 3", "connected": True, "stand_in": False}
        return {"players": [me, bob, bot]}

    assert presence.absorb(detail(True, False, None), (0,)) == []
    assert presence.absorb(detail(False, False, 299.5), (0,)) == [(1, "Bob is away: a bot plays for them in 4:59")]
    assert presence.absorb(detail(False, False, 200.0), (0,)) == []  # the same news again says nothing
    presence.tick(0.5)
    assert presence.of(1).seconds == 199.5
    assert presence.absorb(detail(False, True, None), (0,)) == [(1, "A bot plays for Bob")]
    assert presence.absorb(detail(True, False, None), (0,)) == [(1, "Bob is back")]
    assert presence.of(0).state == AWAY and presence.of(2).state == HERE


def test_the_wonderland_board_greys_an_away_players_row_and_marks_a_stand_in(app: Any) -> None:
    from doorkick.client.presence import SeatPresence
    from doorkick.client.scenes.wonderland_board import WonderlandScene
    from doorkick.client.session import LocalSession
    from doorkick.shared.rules.base import SeatSetup
    from doorkick.shared.rules.registry import ruleset

    setups = tuple(SeatSetup(n) for n in ("Alice", "Bob", "Carol"))
    session = LocalSession(ruleset("wonderland"), setups, 5, [0], bot_delay=60.0)
    scene = app.push(WonderlandScene(app, session))
    app.step(1 / 60, [])
    before = app.screen.copy()
    session.presence.seats[1] = SeatPresence(AWAY, 271.0)
    session.presence.seats[2] = SeatPresence(STAND_IN)
    app.step(1 / 60, [])
    app.screenshot("presence_wonderland")
    app.step(1 / 60, [])
    x = scene.side_rect.x + 30
    changed = [
        y
        for y in range(scene.side_rect.y, scene.side_rect.bottom, 3)
        if before.get_at((x, y)) != app.screen.get_at((x, y))
    ]
    assert changed, "the away and stand-in rows look the same as before"
