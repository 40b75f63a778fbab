"""Arranging a Munchkin table for a rule test: a game past setup, with named cards moved where the test wants."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from doorkick.shared.rules.base import Action, Event, RuleError, SeatSetup
from doorkick.shared.rules.munchkin import RULESET, GameState, Options
from doorkick.shared.rules.munchkin.combat import fighters_strength, monsters_strength
from doorkick.shared.rules.munchkin.state import Carried, Combat, Flight, Player, set_player
from doorkick.shared.rules.rng import Rng

RULES_PACK = str(Path(__file__).parent / "packs" / "rules.toml")


class Table:
    """A test table. `state` is the game; helpers move cards from wherever they lie, so cards are conserved."""

    def __init__(self, players: int = 3, seed: int = 1, options: Options | None = None, packs: Iterable[str] = ()):
        seats = tuple(SeatSetup(f"P{i}", "female" if i % 2 else "male") for i in range(players))
        state = RULESET.new_game(seats, seed, tuple(packs) or (RULES_PACK,), options)
        # Everyone's dealt cards go back under the decks: each test gives exactly what it needs.
        doors = state.door_deck
        treasures = state.treasure_deck
        for p in state.players:
            doors += tuple(c for c in p.hand if state.card(c).deck == "door")
            treasures += tuple(c for c in p.hand if state.card(c).deck == "treasure")
        players_ = tuple(replace(p, hand=()) for p in state.players)
        self.state: GameState = replace(
            state,
            players=players_,
            door_deck=doors,
            treasure_deck=treasures,
            phase="start",
            active=0,
            turn=1,
            ready=tuple(range(players)),
        )
        self.events: list[Event] = []

    # --- arranging -------------------------------------------------------------------------------------

    def _take(self, card: str) -> None:
        """Lift `card` out of whatever zone holds it (the Fairy Dust mini-deck too, F01)."""
        s = self.state
        if card in s.fairy_dust_deck:
            self.state = replace(s, fairy_dust_deck=tuple(c for c in s.fairy_dust_deck if c != card))
            return
        for name in ("door_deck", "treasure_deck", "door_discard", "treasure_discard"):
            zone = getattr(s, name)
            if card in zone:
                emptied: dict[str, Any] = {name: tuple(c for c in zone if c != card)}
                self.state = replace(s, **emptied)
                return
        for seat, p in enumerate(s.players):
            fields: dict[str, Any] = {
                "hand": tuple(c for c in p.hand if c != card),
                "races": tuple(c for c in p.races if c != card),
                "classes": tuple(c for c in p.classes if c != card),
                "items": tuple(c for c in p.items if c.card != card),
                "curses": tuple(c for c in p.curses if c != card),
            }
            if any(len(v) != len(getattr(p, k)) for k, v in fields.items()):
                self.state = set_player(s, seat, replace(p, **fields))
                return
            for attr in ("half_breed", "super_munchkin", "hireling"):
                if getattr(p, attr) == card:
                    cleared: dict[str, Any] = {attr: None}
                    self.state = set_player(s, seat, replace(p, **cleared))
                    return
        raise KeyError(f"{card} is nowhere on the table")

    def player(self, seat: int) -> Player:
        return self.state.players[seat]

    def set(self, seat: int, **changes: Any) -> Table:  # any of a Player's fields, each of its own type
        self.state = set_player(self.state, seat, replace(self.player(seat), **changes))
        return self

    def hand(self, seat: int, *cards: str) -> Table:
        for c in cards:
            self._take(c)
            self.set(seat, hand=(*self.player(seat).hand, c))
        return self

    def wear(self, seat: int, *cards: str, equipped: bool = True) -> Table:
        for c in cards:
            self._take(c)
            self.set(seat, items=(*self.player(seat).items, Carried(c, equipped=equipped)))
        return self

    def race(self, seat: int, *cards: str) -> Table:
        for c in cards:
            self._take(c)
            self.set(seat, races=(*self.player(seat).races, c))
        return self

    def klass(self, seat: int, *cards: str) -> Table:
        for c in cards:
            self._take(c)
            self.set(seat, classes=(*self.player(seat).classes, c))
        return self

    def curse(self, seat: int, *cards: str) -> Table:
        for c in cards:
            self._take(c)
            self.set(seat, curses=(*self.player(seat).curses, c))
        return self

    def level(self, seat: int, level: int) -> Table:
        return self.set(seat, level=level)

    def door_on_top(self, *cards: str) -> Table:
        """The next Door draws are these, in order."""
        for c in cards:
            self._take(c)
        self.state = replace(self.state, door_deck=tuple(cards) + self.state.door_deck)
        return self

    def treasure_on_top(self, *cards: str) -> Table:
        for c in cards:
            self._take(c)
        self.state = replace(self.state, treasure_deck=tuple(cards) + self.state.treasure_deck)
        return self

    def to_discard(self, *cards: str) -> Table:
        for c in cards:
            self._take(c)
            if self.state.card(c).deck == "door":
                self.state = replace(self.state, door_discard=(*self.state.door_discard, c))
            else:
                self.state = replace(self.state, treasure_discard=(*self.state.treasure_discard, c))
        return self

    # --- acting ----------------------------------------------------------------------------------------

    def act(self, *actions: Action) -> Table:
        for action in actions:
            self.state, events = RULESET.apply(self.state, action)
            self.events += events
        return self

    def refuses(self, action: Action, error: type[RuleError] = RuleError, match: str | None = None) -> Table:
        """`action` is refused with `error` (its message matching `match`) and the table is exactly as it was."""
        before = self.state
        with pytest.raises(error, match=match):
            self.act(action)
        assert self.state is before
        return self

    def strengths(self) -> tuple[int, int]:
        """The fighters' and the monsters' strength in the current combat."""
        return fighters_strength(self.state, self.combat), monsters_strength(self.state, self.combat)

    def dice(self, *values: int) -> Table:
        """Make the next die rolls come out as `values` (M34 run-away rolls, M40 thefts): pick an Rng seed."""
        for seed in range(1, 200_000):
            rng = Rng.from_seed(seed)
            ok = True
            for want in values:
                got, rng = rng.roll(6)
                if got != want:
                    ok = False
                    break
            if ok:
                self.state = replace(self.state, rng=Rng.from_seed(seed))
                return self
        raise AssertionError(f"no seed rolls {values}")

    @property
    def combat(self) -> Combat:
        """The combat under way (a test that reads it has one going)."""
        assert self.state.combat is not None, "no combat under way"
        return self.state.combat

    @property
    def flight(self) -> Flight:
        """The running away under way."""
        assert self.combat.flight is not None, "nobody is running away"
        return self.combat.flight

    def legal(self, seat: int) -> list[Action]:
        return list(RULESET.legal_actions(self.state, seat))

    def event_kinds(self) -> list[str]:
        return [e.kind for e in self.events]

    def pass_all(self) -> Table:
        """Everyone waited for in a reaction window passes (M25)."""
        from doorkick.shared.rules.munchkin.actions import Pass

        while self.state.combat is not None and self.state.combat.step == "window":
            waiting = sorted(RULESET.seats_to_act(self.state))
            self.act(Pass(waiting[0]))
        return self


@pytest.fixture
def table() -> Table:
    return Table()


@pytest.fixture
def make_table() -> type[Table]:
    """The Table class, for tests that need other players, options or packs: `make_table(players=4)`."""
    return Table


# --- appended for the variant rule tests (issue 7: Epic, Fairy Dust, Christmas Lite) ---------------------

VARIANTS_PACK = str(Path(__file__).parent / "packs" / "variants.toml")


def variant_table(players: int = 3, seed: int = 1, **flags: Any) -> Table:  # any of Options' fields
    """A table with the rules pack and the variants pack, and the named options (e.g. `epic=True`)."""
    return Table(players, seed, Options(**flags), (RULES_PACK, VARIANTS_PACK))


Variant = Callable[..., Table]  # the `variant` fixture: `variant(players=3, epic=True)`


@pytest.fixture
def variant() -> Variant:
    """`variant(players=3, epic=True)`: a table with the variants pack and those options."""
    return variant_table
