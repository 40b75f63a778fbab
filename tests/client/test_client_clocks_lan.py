"""R01 against a real host on 127.0.0.1: a menu opened late over a reaction window gets its warning time from
the host, as a local game gives it (tests/client/test_client_clocks.py)."""

from __future__ import annotations

from typing import Any

import pygame
from client_support import run_until

from doorkick.client.clocks import in_reaction_window
from doorkick.client.host import EmbeddedHost
from doorkick.client.net import Connection
from doorkick.client.scenes.lobby import LobbyScene
from doorkick.client.scenes.table_base import GameScene
from doorkick.client.scenes.table_clock import WARN_SECONDS

# What moves a turn on; anything else the first legal action (the bots play the other seats).
ONWARD = (
    "finish_setup",
    "claim_victory",
    "kick_open_the_door",
    "loot_the_room",
    "roll_to_run_away",
    "accept_bad_stuff",
    "take_spoil",
    "choose_loss",
    "loot_corpse",
    "accept_curse",
    "decline_trade",
    "decline_help",
    "give_charity",
    "end_turn",
    "run_away",
)


def test_R01_a_host_gives_a_late_menu_its_warning_time(app: Any, host: EmbeddedHost) -> None:
    app.settings.auto_pass = False  # wait in the window even with nothing to play
    connection = Connection("127.0.0.1", host.port, "Alice")
    connection.start()
    app.push(
        LobbyScene(
            app,
            connection,
            "test",
            "munchkin",
            3,
            2,
            auto_create=True,
            auto_start=True,
            options={"reaction_time": "short"},
        )
    )
    run_until(app, lambda: isinstance(app.top, GameScene))
    scene = app.top

    def play_on() -> None:
        if app.top is not scene:
            app.pop()
        elif scene.awaiting == 0 and scene.viewer in scene.state.to_act and scene.legal:
            kinds = {a.kind: a for a in scene.legal}
            scene.choose(next((kinds[k] for k in ONWARD if k in kinds), scene.legal[0]))

    def reaction_window() -> bool:
        """One Alice can still open a menu in: a window that reached this frame nearly spent (a busy machine's
        late frame) is let go, and the test waits for the next one."""
        left = scene.reaction_seconds()
        return in_reaction_window(scene.record) and left is not None and left > 1.0 and bool(scene.hand_rects)

    run_until(app, lambda: reaction_window() or scene.state.outcome is not None, act=play_on)
    assert reaction_window(), "the game ended with no reaction window for Alice"
    assert scene.reaction_seconds() < WARN_SECONDS  # 2.66 s: too short for the warning
    rect = scene.hand_rects[0][1]
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=rect.center)])
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=rect.center)])
    assert scene.clock.menu_open()
    # The host tops the clock up to the warning's 4 s (a fresh timer), then passes for Alice when it runs out.
    said = sum(1 for t, _ in scene.log if t == "Time is up: you pass.")
    run_until(app, lambda: scene.session.timers[0][1] > WARN_SECONDS - 0.5)
    run_until(app, lambda: scene.session.timers[0][0] == "out")
    assert sum(1 for t, _ in scene.log if t == "Time is up: you pass.") == said + 1
    app.close()
