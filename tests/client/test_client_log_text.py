"""Every event the rules can send reads as a sentence in the table's log, not as the event's bare name."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import doorkick.shared.rules as rules_package
from doorkick.client.scenes.munchkin_table import MunchkinScene
from doorkick.client.scenes.wonderland_board import WonderlandScene
from doorkick.client.session import LocalSession
from doorkick.shared.bots.easy import EasyBot
from doorkick.shared.rules.base import SeatSetup
from doorkick.shared.rules.registry import ruleset
from doorkick.shared.simulate import parse_options

SCENES = {"munchkin": MunchkinScene, "wonderland": WonderlandScene}


def note(kinds: list[str], kind: str) -> str:
    """Words' stand-in for an event it has no words for: noted, and shown by its bare name."""
    kinds.append(kind)
    return kind


def event_kinds(game: str) -> set[str]:
    """The kinds of event a game's rules create, read from their source."""
    folder = Path(rules_package.__file__).parent / game
    # Events are made by name, and a class's fighting abilities name theirs through `_ability_bonus`.
    found = r'(?:Event\(|_ability_bonus\(state, a\.seat,)\s*"([a-z_]+)"'
    return {k for f in folder.rglob("*.py") for k in re.findall(found, f.read_text())}


@pytest.mark.parametrize("game", sorted(SCENES))
def test_every_event_has_words_of_its_own(app: Any, game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    session = LocalSession(ruleset(game), tuple(SeatSetup(n) for n in ("Alice", "Bob", "Carol")), 5, [0])
    scene = app.push(SCENES[game](app, session))
    unworded: list[str] = []
    monkeypatch.setattr(scene.words, "unworded", lambda kind, event: note(unworded, kind))
    kinds = event_kinds(game)
    assert len(kinds) > 10
    for kind in sorted(kinds):
        scene.words.event({"type": kind, "seat": 1, "target": 2})
    assert not unworded, f"events shown by their bare name: {unworded}"
    assert scene.words.event({"type": "from_a_newer_host", "seat": 1}) == "from_a_newer_host"


TABLES: dict[str, list[tuple[tuple[str, ...], str | None]]] = {
    "munchkin": [((), None), (("core", "epic", "fairy-dust", "christmas"), "epic,fairy_dust_on_top")],
    "wonderland": [((), None)],
}


@pytest.mark.parametrize("game", sorted(SCENES))
def test_the_events_of_whole_games_word_cleanly_for_players_and_spectators(
    app: Any, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Events exactly as the engine sends them (counts where a list might be, hidden cards), whole games long."""
    engine = ruleset(game)
    setups = tuple(SeatSetup(n) for n in ("Alice", "Bob", "Carol", "Dan"))
    scene = app.push(SCENES[game](app, LocalSession(engine, setups, 5, [0])))
    unworded: list[str] = []
    monkeypatch.setattr(scene.words, "unworded", lambda kind, event: note(unworded, kind))
    worded = 0
    for packs, options in TABLES[game]:
        for seed in range(2):
            state = engine.new_game(setups, seed, packs, parse_options(options) if options else None)
            bots = [EasyBot(seed * 10 + seat) for seat in range(len(setups))]
            for _ in range(20_000):
                if engine.outcome(state) is not None:
                    break
                seat = min(engine.seats_to_act(state))
                action = bots[seat].choose(engine, state, seat)
                assert action is not None
                state, events = engine.apply(state, action)
                for event in events:
                    for viewer in (0, None):
                        scene.words.event(event.for_seat(viewer))
                        worded += 1
    assert worded > 1000
    assert not unworded, f"events shown by their bare name: {sorted(set(unworded))}"
