"""The dice check as a player sees it: a real host on 127.0.0.1, the window's own connection (which sends its
contribution to the seed), a whole game played by the host's clock and bots, then the results screen saying
whether every shuffle and die was fair, with the steps on hover. Once from an honest host, once from a host that
swaps its secret after the commitment."""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pygame
import pytest
from client_support import run_until

from doorkick.client.host import EmbeddedHost, host_config
from doorkick.client.net import Connection
from doorkick.client.scenes.lobby import LobbyScene
from doorkick.client.scenes.results import ResultsScene
from doorkick.client.ui import theme
from doorkick.server import fairness as host_fairness
from doorkick.server import hosted_games
from doorkick.shared import fairness as f

SHOTS = Path(os.environ.get("DOORKICK_SHOTS", "/tmp/shots-dice"))


def play_to_the_results(app: Any, tmp_path: Path) -> ResultsScene:
    config = host_config("Dice host", discovery=False, data_dir=tmp_path / "data", bot_delay=0.0)
    config.host, config.turn_timeout = "127.0.0.1", 0.02  # the clock plays the window's seat: bots all through
    host = EmbeddedHost(config)
    port = host.start()
    try:
        connection = Connection("127.0.0.1", port, "Alice")
        connection.start()
        app.push(LobbyScene(app, connection, "Dice host", "wonderland", 3, 2, auto_start=True))
        run_until(app, lambda: isinstance(app.top, ResultsScene), 300)
        results = app.top
        assert isinstance(results, ResultsScene) and results.witness is not None
        run_until(app, lambda: results.witness is not None and results.witness.verdict is not None)
        assert connection.contributions and connection.commitments  # the window took part in the seed
        app.step(1 / 60, [])
        return results
    finally:
        host.stop()


def hover(app: Any, pos: tuple[int, int]) -> None:
    pygame.mouse.set_pos(pos)
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(90):  # the tooltip waits a moment before it shows
        app.step(1 / 60, [])


def shoot(app: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.screen, str(SHOTS / f"{name}.png"))


@pytest.mark.slow
def test_the_results_say_every_die_was_fair(app: Any, tmp_path: Path) -> None:
    results = play_to_the_results(app, tmp_path)
    verdict = results.witness.verdict if results.witness else None
    assert verdict is not None and verdict.fair is True and verdict.headline == f.FAIR, verdict
    text, colour, details = results.fairness_text()
    assert colour == theme.SKY and text == f.FAIR and "matches the commitment" in details
    shoot(app, "results_verified")
    hover(app, results.fairness.rect.center)
    assert app.tooltips.text == details
    shoot(app, "results_verified_hover")


@pytest.mark.slow
def test_the_results_name_a_host_that_swapped_its_secret(
    app: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    honest = host_fairness.reveal_message

    def swapped(table: Any, actions: list[dict[str, Any]]) -> dict[str, Any]:
        return {**honest(table, actions), "secret": random.randbytes(32).hex()}

    monkeypatch.setattr(hosted_games, "reveal_message", swapped)
    results = play_to_the_results(app, tmp_path)
    verdict = results.witness.verdict if results.witness else None
    assert verdict is not None and verdict.fair is False and "commitment" in verdict.headline, verdict
    assert results.fairness_text()[:2] == (verdict.headline, theme.ORANGE)
    shoot(app, "results_not_fair")
    hover(app, results.fairness.rect.center)
    assert "SHA-256 of the secret" in app.tooltips.text
    shoot(app, "results_not_fair_hover")


@pytest.mark.slow
def test_the_results_name_the_action_a_host_changed(app: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    honest = host_fairness.reveal_message
    changed: list[int] = []

    def altered(table: Any, actions: list[dict[str, Any]]) -> dict[str, Any]:
        # From the middle on, the first action unlike the one before it (a roll again repeats a roll exactly).
        n = next(i for i in range(len(actions) // 2, len(actions) + 1) if actions[i - 1] != actions[i - 2])
        changed.append(n)
        log = [*actions[: n - 1], actions[n - 2], *actions[n:]]  # action n replaced by the one before it
        return {**honest(table, actions), "actions": log}

    monkeypatch.setattr(hosted_games, "reveal_message", altered)
    results = play_to_the_results(app, tmp_path)
    verdict = results.witness.verdict if results.witness else None
    assert verdict is not None and verdict.fair is False and verdict.differs_at is not None, verdict
    assert verdict.differs_at >= changed[0] and f"differs at action {verdict.differs_at}" in verdict.headline
    shoot(app, "results_action_changed")
    hover(app, results.fairness.rect.center)
    assert f"action {verdict.differs_at}" in app.tooltips.text
    shoot(app, "results_action_changed_hover")
