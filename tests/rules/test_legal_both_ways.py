"""Listed <=> accepted, for both games, over every pack and table option: at random states of random games,
every action `legal_actions` lists is accepted by `apply`, and every action `apply` accepts is listed.

The candidates go well beyond what is listed: every action kind, with every card id of the game, every seat
and index, every space of the board, and the listed actions with one field changed. Each is applied: it is
accepted exactly when it is in the seat's legal actions (`in` and the listing agree); a refused one raises a
`RuleError` with a message and leaves the state as it was. Where the listing samples a field on purpose (any
items may be traded; Munchkin's rule table names those fields in `Rule.sampled`; in Wonderland a copy of a
card stands for its copies), an accepted action must be listed up to that field.

The examples are the same on every run (`derandomize`), so the suite never fails by chance; to hunt for more,
raise `max_examples` and drop `derandomize` locally.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Iterable, Iterator
from itertools import pairwise, permutations
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from doorkick.shared.bots.easy import WONDERLAND_WEIGHTS, EasyBot
from doorkick.shared.rules.base import Action, RuleError, SeatSetup
from doorkick.shared.rules.munchkin import RULESET as MUNCHKIN
from doorkick.shared.rules.munchkin.actions import ChooseDoorOrder, MunchkinAction
from doorkick.shared.rules.munchkin.engine import RULES as MUNCHKIN_RULES
from doorkick.shared.rules.munchkin.state import all_cards
from doorkick.shared.rules.rng import Rng
from doorkick.shared.rules.wonderland import RULESET as WONDERLAND
from doorkick.shared.rules.wonderland.actions import Move, WonderlandAction

CODES = {"illegal", "malformed", "not_your_decision", "wrong_time"}
MUNCHKIN_PACKS = [
    ("core",),
    ("core", "epic"),
    ("core", "fairy-dust"),
    ("christmas",),
    ("core", "christmas"),
    ("core", "epic", "fairy-dust", "christmas"),
]
FLAGS = (
    "listening_at_the_door",
    "shared_victory",
    "helping_elf_cannot_win",
    "sell_from_table_only",
    "rulings_001",
    "trade_cooldown",
)
CARD_FIELDS = (
    "card",
    "monster",
    "item",
    "discard",
    "doubled",
    "tripled",
    "take",
    "replace",
    "resurrect",
    "resurrect_second",
)
SEAT_FIELDS = ("target", "to", "helper")
INDEX_FIELDS = ("monster", "die")


@st.composite
def munchkin_tables(draw: st.DrawFn) -> tuple[tuple[str, ...], dict[str, Any], int]:
    packs = draw(st.sampled_from(MUNCHKIN_PACKS))
    players = draw(st.integers(3, 4)) if packs == ("christmas",) else draw(st.integers(2, 6))
    options: dict[str, Any] = {flag: draw(st.booleans()) for flag in FLAGS}
    options["reaction_time"] = draw(st.sampled_from(("short", "normal", "none")))
    if "epic" in packs:
        options["epic"] = draw(st.booleans())
        options["win_level"] = 20 if options["epic"] else 10
    if "fairy-dust" in packs:
        options["fairy_dust_on_top"] = draw(st.booleans())
    return packs, options, players


def _seats(players: int) -> tuple[SeatSetup, ...]:
    return tuple(SeatSetup(f"P{i}", "female" if i % 2 else "male") for i in range(players))


def _played(engine: Any, state: Any, players: int, seed: int, steps: int, weights: Any = None) -> Any:
    """`steps` random-legal actions; now and then a seat that is not waited for acts (any-time cards, trades)."""
    bots = [EasyBot(seed * 31 + i) if weights is None else EasyBot(seed * 31 + i, weights) for i in range(players)]
    chooser = Rng.from_seed(seed)
    for _ in range(steps):
        if engine.outcome(state) is not None:
            break
        waiting = sorted(engine.seats_to_act(state))
        roll, chooser = chooser.below(8)
        candidates = list(range(players)) if roll == 0 or not waiting else waiting
        pick, chooser = chooser.below(len(candidates))
        action = bots[candidates[pick]].choose(engine, state, candidates[pick])
        if action is not None:
            state, _ = engine.apply(state, action)
    return state


def _fingerprint(state: Any) -> str:
    """Everything of a state but its card catalogue and board, which never change."""
    return repr([getattr(state, f.name) for f in dataclasses.fields(state) if f.name not in ("catalog", "board")])


def _values(name: str, hint: Any, cards: list[str], players: int, paths: list[tuple[str, ...]]) -> list[Any]:
    """Plausible values of one field: the right type, in range or just outside it."""
    if hint is bool:
        return [False, True]
    if hint is int:
        if name in SEAT_FIELDS:
            return list(range(-1, players + 1))
        if name in INDEX_FIELDS:
            return list(range(-1, 4))
        if name == "face":
            return list(range(0, 8))
        return list(range(-1, 5))
    if name == "side":
        return ["fighters", "monsters", "nobody"]
    if name == "path":
        return paths
    if hint == tuple[str, ...]:
        return [(), *((c,) for c in cards), *pairwise(cards), tuple(cards[:3])]
    optional = [None] if hint == str | None else []
    return [*optional, "", *cards] if hint is str or optional else []


def _blank(kind: type[Action], seat: int, hints: dict[str, Any]) -> Action:
    """An action of `kind` by `seat` with each field at a first value of its type."""
    empty = {bool: False, int: 0, str: "", tuple[str, ...]: (), str | None: None}
    values = {f.name: empty[hints[f.name]] for f in dataclasses.fields(kind)[1:] if f.default is dataclasses.MISSING}
    return kind(seat, **values)


def _candidates(
    kinds: list[type[Action]],
    seat: int,
    listed: list[Action],
    every_card: list[str],
    near: list[str],
    players: int,
    paths: list[tuple[str, ...]],
) -> Iterator[Action]:
    """Every kind from a blank action with each field run through every card id of the game; the listed
    actions (two of each kind) with each field run through the cards in play and on the piles."""
    for kind in kinds:
        hints = typing.get_type_hints(kind)
        names = [f.name for f in dataclasses.fields(kind)[1:]]
        bases = [(_blank(kind, seat, hints), every_card)]
        bases += [(a, near) for a in [a for a in listed if type(a) is kind][:2]]
        for base, cards in bases:
            yield base
            for name in names:
                pool = near if hints[name] == tuple[str, ...] else cards
                for value in _values(name, hints[name], pool, players, paths):
                    yield dataclasses.replace(base, **{name: value})
    yield from (dataclasses.replace(a, seat=other) for a in listed[:5] for other in (-1, players))


def _check_both_ways(engine: Any, state: Any, seat: int, candidates: Iterable[Action], key: Any) -> int:
    legal = engine.legal_actions(state, seat)
    listed = list(legal)
    before = _fingerprint(state)
    for action in listed:
        engine.apply(state, action)  # a listed action is never refused
        assert action in legal
    listed_keys = {key(a) for a in listed}
    tried = 0
    for action in dict.fromkeys(candidates):
        tried += 1
        try:
            engine.apply(state, action)
        except RuleError as refused:
            assert str(refused) and refused.code in CODES, (action, refused)
            assert action not in legal, f"{action} is refused ({refused}) but `in legal` says yes"
            continue
        finally:
            assert _fingerprint(state) == before, f"trying {action} changed the state"
        assert action in legal, f"{action} is accepted but `in legal` says no"
        assert key(action) in listed_keys, f"{action} is accepted but not listed (phase {state.phase})"
    return tried


def _munchkin_key(action: Action) -> tuple[Any, ...]:
    assert isinstance(action, MunchkinAction)
    sampled = MUNCHKIN_RULES[type(action)].sampled
    return (type(action), *(None if f.name in sampled else getattr(action, f.name) for f in dataclasses.fields(action)))


@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(table=munchkin_tables(), seed=st.integers(0, 10_000), steps=st.integers(0, 400))
def test_munchkin_lists_exactly_what_it_accepts(
    table: tuple[tuple[str, ...], dict[str, Any], int], seed: int, steps: int
) -> None:
    packs, options, players = table
    state = _played(MUNCHKIN, MUNCHKIN.new_game(_seats(players), seed, packs, options), players, seed, steps)
    every_card = sorted(state.catalog.defs)
    decks = {*state.door_deck, *state.treasure_deck, *state.fairy_dust_deck}
    near = sorted(c for c in set(all_cards(state)) if c not in decks)
    kinds: list[type[Action]] = list(MunchkinAction.registry.values())
    for seat in range(players):
        listed: list[Action] = list(MUNCHKIN.legal_actions(state, seat))
        orders = [o for d in state.decisions[:1] for o in permutations(d.cards)]
        candidates = _candidates(kinds, seat, listed, every_card, near, players, [])
        extra = (dataclasses.replace(a, order=o) for a in listed if isinstance(a, ChooseDoorOrder) for o in orders)
        _check_both_ways(MUNCHKIN, state, seat, (*candidates, *extra), _munchkin_key)


@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 6), seed=st.integers(0, 10_000), steps=st.integers(0, 300))
def test_wonderland_lists_exactly_what_it_accepts(players: int, seed: int, steps: int) -> None:
    state = WONDERLAND.new_game(_seats(players), seed)
    state = _played(WONDERLAND, state, players, seed, steps, WONDERLAND_WEIGHTS)
    defs = state.catalog.defs
    every_card = sorted(defs)
    held = [c for cards in (*state.hands, *state.friends) for c in cards]
    near = sorted({*state.treasure_discard, *held, *(state.fight.rewards if state.fight else ())})
    spaces = sorted(state.board.spaces)
    kinds: list[type[Action]] = list(WonderlandAction.registry.values())

    def key(action: Action) -> tuple[Any, ...]:  # a copy of a card stands for its copies
        values = [getattr(action, f.name) for f in dataclasses.fields(action)]
        return (type(action), *(defs[v].id if isinstance(v, str) and v in defs else v for v in values))

    for seat in range(players):
        listed: list[Action] = list(WONDERLAND.legal_actions(state, seat))
        paths: list[tuple[str, ...]] = [(space,) for space in spaces]
        paths += [(*a.path[:-1], space) for a in listed if isinstance(a, Move) for space in spaces]
        _check_both_ways(
            WONDERLAND, state, seat, _candidates(kinds, seat, listed, every_card, near, players, paths), key
        )
