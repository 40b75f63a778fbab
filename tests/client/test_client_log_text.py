"""Every event the rules can send reads as a sentence in the table's log, not as the event's bare name."""

from __future__ import annotations

import typing
from typing import Any

import pytest

from doorkick.client.scenes.munchkin_table import MunchkinScene
from doorkick.client.scenes.wonderland_board import WonderlandScene
from doorkick.client.session import LocalSession
from doorkick.client.words import munchkin_events as munchkin_words
from doorkick.client.words import wonderland as wonderland_words
from doorkick.shared.bots.easy import EasyBot
from doorkick.shared.rules.base import Event, SeatSetup
from doorkick.shared.rules.munchkin.events import MunchkinEvent
from doorkick.shared.rules.registry import ruleset
from doorkick.shared.rules.wonderland.events import WonderlandEvent
from doorkick.shared.simulate import parse_options

SCENES = {"munchkin": MunchkinScene, "wonderland": WonderlandScene}


def note(kinds: list[str], kind: str) -> str:
    """Words' stand-in for an event it has no words for: noted, and shown by its bare name."""
    kinds.append(kind)
    return kind


@pytest.mark.parametrize("game", sorted(SCENES))
def test_every_event_has_words_of_its_own(app: Any, game: str) -> None:
    """Every record a game's rules declare has a log line of its own, not its bare name."""
    session = LocalSession(ruleset(game), tuple(SeatSetup(n) for n in ("Alice", "Bob", "Carol")), 5, [0])
    scene = app.push(SCENES[game](app, session))
    vocabulary = wonderland_words if game == "wonderland" else munchkin_words
    declared = set(typing.get_args(WonderlandEvent if game == "wonderland" else MunchkinEvent))
    assert len(declared) > 10
    assert declared == set(vocabulary.EVENTS), "every declared event is worded, and only those"
    assert scene.words.event(NewerEvent(seat=1)) == "Bob: from a newer host"


class NewerEvent(Event, tag="from_a_newer_host"):
    """A record no game declares: it reads by its bare name."""

    seat: int


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
                        scene.words.event(event.told(viewer))
                        worded += 1
    assert worded > 1000
    assert not unworded, f"events shown by their bare name: {sorted(set(unworded))}"
