"""A whole game drawn frame by frame gives way to the results screen: the winners marked, each seat's level or
Gold."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from doorkick.client.scenes.munchkin_table import MunchkinScene
from doorkick.client.scenes.results import ResultsScene
from doorkick.client.scenes.winner import WinnerScene
from doorkick.client.scenes.wonderland_board import WonderlandScene
from doorkick.client.session import LocalSession
from doorkick.shared.bots.easy import EasyBot
from doorkick.shared.rules.base import SeatSetup
from doorkick.shared.rules.registry import ruleset

SCENES = {"munchkin": MunchkinScene, "wonderland": WonderlandScene}


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(SCENES))
def test_the_last_action_brings_up_the_results(
    app: Any, game: str, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    engine = ruleset(game)
    setups = tuple(SeatSetup(n) for n in ("Alice", "Bob", "Carol"))
    session = LocalSession(engine, setups, 11, range(3))  # three people at one screen: the test plays them all
    scene = app.push(SCENES[game](app, session))
    players = [EasyBot(11 + seat) for seat in range(3)]
    while engine.outcome(session.engine_state) is None:
        seat = min(engine.seats_to_act(session.engine_state))
        action = players[seat].choose(engine, session.engine_state, seat)
        assert action is not None
        session.act(seat, action.to_wire())
        app.step(1 / 60, [])  # every state of the game is drawn once: late-game ones too (empty decks, reshuffles)
    for _ in range(200):
        app.step(1 / 60, [])
        if isinstance(app.top, WinnerScene):  # the winner's screen first: a click leads on
            app.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=1)])
        if isinstance(app.top, ResultsScene):
            break
    results = app.top
    assert isinstance(results, ResultsScene), "the results never came up"
    app.step(1 / 60, [])
    pygame.image.save(app.screen, str(tmp_path / f"results_{game}.png"))

    outcome = engine.outcome(session.engine_state)
    assert outcome is not None
    assert [name for name, _, won in results.rows] == ["Alice", "Bob", "Carol"]
    assert {i for i, (_, _, won) in enumerate(results.rows) if won} == set(outcome.winners)
    unit = "Level" if game == "munchkin" else "Gold"
    for seat, (_, score, _) in enumerate(results.rows):
        assert score.replace(unit, "").strip() == str(int(engine.score(session.engine_state, seat)))
    assert scene is not app.top
    assert app.stack == [results]
    assert results.done.label == "Close the game"  # nothing lies beneath a hot-seat game
    assert "could not word" not in caplog.text
