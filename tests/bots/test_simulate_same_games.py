"""`doorkick simulate` plays the same games for the same seeds as the engine before its speed-ups: the digests
below were taken from main at 8ff5693, before the simulate lane changed the legal listing and apply hot paths.

A digest covers each game's actions in order, its turn count and its winners; one more covers every seat's whole
legal listing (in order) along a few games, which the normal and hard bots read too. A change that plays a
different game for a seed, or lists the same actions in another order, changes a digest."""

from __future__ import annotations

import hashlib
from typing import Any

import pytest

from doorkick.shared.bots import make_bot
from doorkick.shared.rules.base import Action, Event
from doorkick.shared.rules.registry import ruleset
from doorkick.shared.simulate import play_match, play_one

GAME_LOGS = {
    # (game, players, seeds, options): sha256 of every game's actions, turns and winners
    ("munchkin", 4, range(1, 9), None): "6212462d52d9dd1991eb",
    ("munchkin", 6, range(20, 23), None): "5191582fc16a59c318c0",
    ("munchkin", 3, range(30, 33), "epic"): "99fa96f905ba2291f8b2",
    ("munchkin", 4, range(40, 42), "fairy"): "9a61af1a77c56a7ac828",
    ("wonderland", 4, range(1, 4), None): "69c093331cb265c294d2",
}
LISTINGS = {
    # (game, players, seed): sha256 of every seat's legal listing at every step of one game, normal and easy bots
    ("munchkin", 4, 5): "ed2ef3d5f298bdc8fb17",
    ("munchkin", 6, 7): "28fdc71b475b550e8c2c",
}
OPTIONS: dict[str | None, Any] = {
    None: None,
    "epic": {"epic": True},
    "fairy": {"fairy_dust_on_top": True},
}
PACKS: dict[str | None, tuple[str, ...]] = {None: (), "epic": ("core", "epic"), "fairy": ("core", "fairy-dust")}


class Recording:
    """The engine, with every applied action written down (and, if asked, every legal listing the bots read)."""

    def __init__(self, game: str, listings: bool = False) -> None:
        self.engine = ruleset(game)
        self.game = game
        self.score_name = self.engine.score_name
        self.log: list[str] = []
        self.listings = listings

    def __getattr__(self, name: str) -> Any:
        return getattr(self.engine, name)

    def apply(self, state: Any, action: Action) -> tuple[Any, list[Event]]:
        if self.listings:  # what every seat, waiting or not, could do before this action
            for seat in range(len(state.players)):
                self.log.append(f"{seat}: " + " | ".join(map(repr, self.engine.legal_actions(state, seat))))
        self.log.append(str(action))
        return self.engine.apply(state, action)


def _digest(lines: list[str]) -> str:
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()[:20]


def game_logs(game: str, players: int, seeds: range, options: str | None) -> str:
    lines = []
    for seed in seeds:
        recording = Recording(game)
        result = play_one(recording, players, seed, PACKS[options], OPTIONS[options])
        winners = None if result.outcome is None else result.outcome.winners
        lines += [*recording.log, f"seed {seed}: {result.turns} turns, {result.actions} actions, winners {winners}"]
    return _digest(lines)


def listings(game: str, players: int, seed: int) -> str:
    recording = Recording(game, listings=True)
    bots = [make_bot(game, "easy" if i % 2 else "normal", seed * 1000 + i) for i in range(players)]
    result = play_match(recording, bots, seed)
    return _digest([*recording.log, f"{result.turns} turns, {result.actions} actions"])


@pytest.mark.parametrize(("game", "players", "seeds", "options"), list(GAME_LOGS))
def test_simulate_plays_the_same_games_for_the_same_seeds(
    game: str, players: int, seeds: range, options: str | None
) -> None:
    assert game_logs(game, players, seeds, options) == GAME_LOGS[(game, players, seeds, options)]


@pytest.mark.parametrize(("game", "players", "seed"), list(LISTINGS))
def test_simulate_legal_listings_are_the_same_in_the_same_order(game: str, players: int, seed: int) -> None:
    assert listings(game, players, seed) == LISTINGS[(game, players, seed)]
