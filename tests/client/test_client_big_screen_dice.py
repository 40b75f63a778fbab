"""The big screen's word on each throw's fairness, from a real host on 127.0.0.1: while the game runs a throw is
"checked at the end"; once the host reveals its secret the big screen replays the game like a player's window,
and every throw it showed reads "verified fair", or, from a host that changed an action, "not fair" from there on.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest
from client_support import run_until
from test_client_big_screen import big_screen_on, bot_table, shoot, start_host

from doorkick.client.scenes import big_screen_dice
from doorkick.client.scenes.big_screen import BigScreenScene
from doorkick.client.scenes.big_screen_dice import LATER, NOT_FAIR, VERIFIED
from doorkick.client.ui import text as ui_text
from doorkick.server import hosted_games
from doorkick.server.fairness import reveal_message


def watched_to_the_end(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[BigScreenScene, dict[int, str]]:
    """A bots' Wonderland game watched on the big screen from its first throw to the dice check after it: the
    action of every throw shown, with the mark drawn beside it while it was in the air."""
    drawn: list[str] = []
    render = ui_text.render_line

    def recorded(text: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        drawn.append(text)
        return render(text, *args, **kwargs)

    monkeypatch.setattr(big_screen_dice, "render_line", recorded)
    host = start_host(tmp_path, 0.01)
    try:
        bot_table(host, "wonderland", seats=3)
        scene = big_screen_on(host)
        app = scene.app
        throws: dict[int, str] = {}

        def watch() -> bool:
            drawn.clear()
            app.step(1 / 30, [pygame.event.Event(pygame.VIDEOEXPOSE)])  # a frame drawn, as the window would
            if scene.throw is not None and scene.throw_action is not None:
                throws.setdefault(scene.throw_action, drawn[0] if drawn else "")
            return scene.session is not None and scene.session.witness.verdict is not None

        run_until(app, watch, 240)
        return scene, throws
    finally:
        host.stop()


def test_every_throw_on_the_big_screen_is_checked_at_the_end_then_verified(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    scene, throws = watched_to_the_end(tmp_path, monkeypatch)
    assert len(throws) >= 3, "the dice were thrown on the big screen"
    assert set(throws.values()) == {LATER}, "while the game ran, each throw said it is checked at the end"
    verdict = scene.session.witness.verdict if scene.session else None
    assert verdict is not None and verdict.fair is True, verdict
    assert all(scene.dice_mark(action).text == VERIFIED for action in throws)
    app = scene.app
    app.step(1 / 60, [pygame.event.Event(pygame.VIDEOEXPOSE)])
    shoot(app, "watch_dice_verified")
    app.close()


def test_a_host_that_changed_an_action_has_its_throws_from_there_on_marked_not_fair(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    changed: list[int] = []

    def altered(table: Any, actions: list[dict[str, Any]]) -> dict[str, Any]:
        n = next(i for i in range(len(actions) // 2, len(actions) + 1) if actions[i - 1] != actions[i - 2])
        changed.append(n)
        return {**reveal_message(table, actions), "actions": [*actions[: n - 1], actions[n - 2], *actions[n:]]}

    monkeypatch.setattr(hosted_games, "reveal_message", altered)
    scene, throws = watched_to_the_end(tmp_path, monkeypatch)
    verdict = scene.session.witness.verdict if scene.session else None
    assert verdict is not None and verdict.fair is False and verdict.differs_at is not None, verdict
    assert verdict.differs_at >= changed[0]
    marks = {action: scene.dice_mark(action).text for action in throws}
    assert {m for a, m in marks.items() if a < verdict.differs_at} <= {VERIFIED}
    assert {m for a, m in marks.items() if a >= verdict.differs_at} <= {NOT_FAIR}
    assert NOT_FAIR in marks.values() or max(throws) < verdict.differs_at
    scene.app.close()


def test_the_winner_is_called_out_after_the_last_throw_not_over_it() -> None:
    # Seen last session: the last roll's callout and the winner's lay on each other over the board.
    import layout_scenes
    from test_client_big_screen import FULL_HD, fed_a_table

    from doorkick.client.anim.moments import Callout
    from doorkick.client.app import App
    from doorkick.client.settings import Settings
    from doorkick.shared import protocol

    app = App(Settings(), size=FULL_HD)
    scene = fed_a_table(app, layout_scenes.wonderland_session(fight=True))
    assert scene.session is not None
    state = scene.session.state(None)
    assert state is not None
    outcome = {"winners": [0], "reason": "most_gold"}
    final = {**state, "outcome": outcome}
    update = protocol.Message(
        protocol.UPDATE,
        {
            "table": "Friday night",
            "seat": None,
            "seq": 2,
            "events": [{"type": "rolled", "seat": 0, "die": 4, "for": "move", "seed": 5}],
            "changes": [[["outcome"], outcome]],
            "checksum": protocol.checksum(final),
        },
    )
    wire: Any = scene.connection  # the test's stand-in link (test_client_big_screen.Wire)
    wire.incoming = [update]
    app.step(1 / 60, [])
    callouts = [m for m in scene.moments.playing if isinstance(m, Callout)]
    said = {m.text: (-m.t, -m.t + m.duration) for m in callouts}
    roll = next(span for text, span in said.items() if "rolls 4" in text)
    won = next(span for text, span in said.items() if "wins the game" in text)
    assert won[0] >= roll[1], f"the winner ({won}) waits for the throw's callout ({roll})"
    app.close()
