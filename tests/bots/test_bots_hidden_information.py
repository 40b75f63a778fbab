"""Bots never use what their seat cannot see: scrambling the hidden cards changes neither samples nor choices."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from doorkick.shared.bots import make_bot
from doorkick.shared.bots.easy import EasyBot
from doorkick.shared.bots.sampling import sample_state
from doorkick.shared.rules.base import SeatSetup
from doorkick.shared.rules.munchkin.state import GameState, evolve
from doorkick.shared.rules.registry import ruleset
from doorkick.shared.rules.rng import Rng
from doorkick.shared.rules.wonderland.state import WonderlandState


def scramble_munchkin(state: GameState, seat: int, rng: Rng) -> GameState:
    """Deal the cards `seat` cannot see differently: other hands, decks, discards below the top, the Rng."""
    others = [s for s in range(len(state.players)) if s != seat]
    hidden = [c for s in others for c in state.players[s].hand]
    hidden += [*state.door_deck, *state.treasure_deck, *state.door_discard[:-1], *state.treasure_discard[:-1]]
    doors = [c for c in hidden if state.card(c).deck == "door"]
    treasures = [c for c in hidden if state.card(c).deck == "treasure"]
    doors_t, rng = rng.shuffled(doors)
    treasures_t, rng = rng.shuffled(treasures)
    d, t = list(doors_t), list(treasures_t)

    def take(pile: list[str], n: int) -> tuple[str, ...]:
        out = tuple(pile[:n])
        del pile[:n]
        return out

    door_deck = take(d, len(state.door_deck))
    treasure_deck = take(t, len(state.treasure_deck))
    door_discard = (*take(d, len(state.door_discard) - 1), state.door_discard[-1]) if state.door_discard else ()
    treasure_discard = (
        (*take(t, len(state.treasure_discard) - 1), state.treasure_discard[-1]) if state.treasure_discard else ()
    )
    loose_t, rng = rng.shuffled(d + t)
    loose = list(loose_t)
    players = list(state.players)
    for s in others:
        players[s] = evolve(players[s], hand=take(loose, len(players[s].hand)), received=())
    return replace(
        state,
        rng=Rng.from_seed(rng.state ^ 0xABCDEF),
        players=tuple(players),
        door_deck=door_deck,
        treasure_deck=treasure_deck,
        door_discard=door_discard,
        treasure_discard=treasure_discard,
    )


def scramble_wonderland(state: WonderlandState, seat: int, rng: Rng) -> WonderlandState:
    others = [s for s in range(state.players) if s != seat]
    hidden = [c for s in others for c in state.hands[s]] + list(state.treasure_deck)
    shuffled, rng = rng.shuffled(hidden)
    pool = list(shuffled)
    hands = list(state.hands)
    for s in others:
        hands[s] = tuple(pool[: len(hands[s])])
        del pool[: len(hands[s])]
    monsters, rng = rng.shuffled(state.monster_deck)
    return replace(
        state,
        hands=tuple(hands),
        treasure_deck=tuple(pool),
        monster_deck=monsters,
        rng=Rng.from_seed(rng.state ^ 0x1234),
    )


def decision_points(game: str, seed: int, every: int, limit: int) -> list[tuple[Any, int]]:
    """States met in an easy-bot game, with the seat that decides in each."""
    engine = ruleset(game)
    state = engine.new_game(tuple(SeatSetup(f"P{i}") for i in range(4)), seed)
    bots = [EasyBot(seed * 10 + i) for i in range(4)]
    out: list[tuple[Any, int]] = []
    choices = 0
    while engine.outcome(state) is None and len(out) < limit:
        seat = min(engine.seats_to_act(state))
        if len(list(engine.legal_actions(state, seat))) > 1:
            choices += 1
            if choices % every == 0:
                out.append((state, seat))
        action = bots[seat].choose(engine, state, seat)
        assert action is not None
        state, _ = engine.apply(state, action)
    return out


SCRAMBLE: dict[str, Callable[[Any, int, Rng], Any]] = {"munchkin": scramble_munchkin, "wonderland": scramble_wonderland}


@pytest.mark.parametrize("game", ["munchkin", "wonderland"])
def test_bots_sample_ignores_hidden_cards(game: str) -> None:
    scramble = SCRAMBLE[game]
    for i, (state, seat) in enumerate(decision_points(game, 11, every=3, limit=40)):
        scrambled = scramble(state, seat, Rng.from_seed(i))
        assert scrambled != state
        a, _ = sample_state(state, seat, Rng.from_seed(99))
        b, _ = sample_state(scrambled, seat, Rng.from_seed(99))
        assert a == b


@pytest.mark.parametrize("game", ["munchkin", "wonderland"])
@pytest.mark.parametrize("level", ["normal", "hard"])
def test_bots_choice_ignores_hidden_cards(game: str, level: str) -> None:
    engine = ruleset(game)
    scramble = SCRAMBLE[game]
    points = decision_points(game, 5, every=7 if level == "hard" else 3, limit=12 if level == "hard" else 40)
    assert len(points) >= 10
    for i, (state, seat) in enumerate(points):
        scrambled = scramble(state, seat, Rng.from_seed(1000 + i))
        real = make_bot(game, level, 42).choose(engine, state, seat)
        other = make_bot(game, level, 42).choose(engine, scrambled, seat)
        assert real == other, f"{level} {game} bot changed its mind when hidden cards moved: {real} vs {other}"
