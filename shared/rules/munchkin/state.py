"""The frozen state of a Munchkin table, and the small pure helpers that move cards between its zones."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, TypeVar

from ..base import Event
from ..rng import Rng
from .cards import CardDef
from .events import DeckEmpty, Reshuffled
from .kinds import CombatStep, DecisionKind, Deck, Phase, Resolving
from .options import Options

T = TypeVar("T")


@dataclass(frozen=True)
class Catalog:
    """Every physical card of this game (instance id -> its definition). Built once from the packs."""

    packs: tuple[str, ...]
    defs: MappingProxyType[str, CardDef]
    # Values worked out from these cards alone (and the plain values in each key), kept for the game's life:
    # e.g. a character's abilities by (races, classes, epic). Never part of a comparison, a repr or a save.
    memo: dict[tuple[object, ...], Any] = field(default_factory=dict, init=False, compare=False, repr=False)

    def __getitem__(self, card: str) -> CardDef:
        return self.defs[card]


@dataclass(frozen=True, slots=True)
class Carried:
    """A card in play in front of a player: an item (equipped, or turned sideways) or a carried one-shot."""

    card: str
    equipped: bool = False
    cheat: str | None = None  # a Cheat! card attached: restrictions and slot limits are ignored
    on_hireling: bool = False  # carried by the Hireling: outside the slot limits


@dataclass(frozen=True, slots=True)
class Player:
    name: str
    sex: str
    level: int = 1
    hand: tuple[str, ...] = ()
    races: tuple[str, ...] = ()
    classes: tuple[str, ...] = ()
    half_breed: str | None = None
    super_munchkin: str | None = None
    items: tuple[Carried, ...] = ()
    hireling: str | None = None
    curses: tuple[str, ...] = ()  # lasting curses kept in front of the player
    dead: bool = False  # dead until the next player's turn starts (M36)
    fresh: bool = False  # a new character: draws 4 + 4 at the start of their own turn
    used_this_turn: tuple[str, ...] = ()  # once-a-turn abilities used: "double_sell", "steal"
    received: tuple[str, ...] = ()  # cards received outside one's turn: playable at once (M17)
    pet: str | None = None  # Epic Human's pet: a tamed monster card in play (E04 Pets Rock)
    charmed: bool = False  # the Sparkly Good Fairy's Bad Stuff, until one's next turn (F06)
    trade_locked: tuple[str, ...] = ()  # items received in trade: not sold before one's next turn (M46)

    @property
    def item_cards(self) -> tuple[str, ...]:
        return tuple([c.card for c in self.items])  # a list first: twice as fast as from a generator


@dataclass(frozen=True, slots=True)
class Bribe:
    """What a fighter offers for help (M31): items in play and cards from the hand, handed over after the combat
    (R06), and a share of the treasures."""

    items: tuple[str, ...] = ()
    treasures: int = 0
    helper_first: bool = False
    cards: tuple[str, ...] = ()  # promised from the hand (R06), e.g. a Go Up a Level for the helper


@dataclass(frozen=True, slots=True)
class CombatMonster:
    card: str  # the physical card in the combat: a monster, or the Mate that copies one
    base: str  # the monster card whose level, bonuses and Bad Stuff this one has
    enhancers: tuple[str, ...] = ()  # enhancer cards played on this monster
    inherited: tuple[str, ...] = ()  # enhancers copied by a Mate: counted, but lying on the original


@dataclass(frozen=True, slots=True)
class PlayedOneShot:
    card: str
    seat: int
    side: str  # "fighters" or "monsters"


@dataclass(frozen=True, slots=True)
class Flight:
    """The run-away rolls still owed (M34), and a failed roll waiting for the runner's answer."""

    order: tuple[int, ...]  # seats still to flee, fighter first; order[0] is rolling now
    remaining: tuple[int, ...]  # monster indexes order[0] has not yet rolled against
    caught_by: int | None = None  # monster index of a failed roll awaiting AcceptBadStuff or an ability
    roll: int = 0  # that failed roll's total
    rerolled: tuple[int, ...] = ()  # seats that used their Halfling re-roll
    flight_used: tuple[int, ...] = ()  # seats that cast their Flight Spell
    caught_seats: tuple[int, ...] = ()  # seats some monster caught (an Epic Gnome's escape pays only if none did)


@dataclass(frozen=True, slots=True)
class Combat:
    fighter: int
    monsters: tuple[CombatMonster, ...]
    step: CombatStep = "fight"
    helper: int | None = None
    helper_forced: bool = False
    bribe: Bribe = field(default_factory=Bribe)
    offer: Bribe | None = None
    asked: int = -1  # the one player the open call for help went to; -1: everyone (M31)
    volunteers: tuple[int, ...] = ()
    declined: tuple[int, ...] = ()
    asks: int = 0
    one_shots: tuple[PlayedOneShot, ...] = ()
    # (seat, strength, source): "berserk", "turn_undead", "backstab", "illusion", "arrow" or "pet" (a sacrifice)
    bonuses: tuple[tuple[int, int, str], ...] = ()
    monster_bonus: int = 0  # added to the monsters' side: an Epic Elf's arrows (E04)
    escape_bonuses: tuple[tuple[int, int], ...] = ()  # (seat, run-away bonus) from one-shots
    used: tuple[tuple[int, str], ...] = ()  # once-per-combat abilities: (seat, "berserk" | "turn_undead")
    backstabs: tuple[tuple[int, int], ...] = ()  # (thief, target)
    resolving: Resolving = ""
    passed: tuple[int, ...] = ()
    removed: tuple[str, ...] = ()  # monster cards got rid of without a kill
    removed_with_treasure: int = 0
    charmed: bool = False
    flight: Flight | None = None
    spoils: tuple[str, ...] = ()
    pick_order: tuple[int, ...] = ()  # who takes the next spoil, one entry per card
    spent: tuple[str, ...] = ()  # other cards used up in this combat, discarded when it ends
    met_by_kick: bool = True
    killed: bool = False  # the monsters left in `monsters` were killed (F04, F05)

    @property
    def fighters(self) -> tuple[int, ...]:
        return (self.fighter,) if self.helper is None else (self.fighter, self.helper)

    def monster_card(self, index: int) -> str:
        """The card of monster `index` ("" for none), so that an event naming a monster by its place in the
        fight also names its card: a client words it even after the fight has moved on."""
        return self.monsters[index].card if 0 <= index < len(self.monsters) else ""


@dataclass(frozen=True, slots=True)
class Decision:
    """A choice the game waits for from one seat before anything else happens."""

    kind: DecisionKind
    seat: int
    cards: tuple[str, ...] = ()  # the cards to choose from (a corpse's cards lie in GameState.corpse)
    count: int = 1
    source: int = -1  # the other seat concerned (the corpse, the trader)
    give: tuple[str, ...] = ()  # a trade: what the offering seat gives
    take: tuple[str, ...] = ()  # ... and what it asks for


@dataclass(frozen=True, slots=True)
class GameState:
    catalog: Catalog
    options: Options
    rng: Rng
    players: tuple[Player, ...]
    door_deck: tuple[str, ...]  # index 0 is the top
    treasure_deck: tuple[str, ...]
    door_discard: tuple[str, ...] = ()  # the last one is the top
    treasure_discard: tuple[str, ...] = ()
    active: int = 0
    turn: int = 0
    phase: Phase = "setup"
    ready: tuple[int, ...] = ()
    met_monster: bool = False
    combat: Combat | None = None
    decisions: tuple[Decision, ...] = ()
    charity: tuple[int, ...] = ()  # who received charity this turn, once per card (M14: split evenly)
    corpse: tuple[str, ...] = ()  # a dead character's cards, face up, being looted (M36)
    winners: tuple[int, ...] = ()
    fairy_dust_deck: tuple[str, ...] = ()  # F01: its own mini-deck, never reshuffled
    fairy_dust_out: tuple[str, ...] = ()  # discarded Fairy Dust cards: out of the game (F01)

    def card(self, card: str) -> CardDef:
        return self.catalog.defs[card]

    def player(self, seat: int) -> Player:
        return self.players[seat]


def with_player(state: GameState, seat: int, **changes: Any) -> GameState:
    return set_player(state, seat, evolve(state.players[seat], **changes))


def take_from_hand(state: GameState, seat: int, card: str) -> GameState:
    """The card leaves the seat's hand (to be played, paid or discarded by the caller)."""
    p = state.players[seat]
    return set_player(state, seat, evolve(p, hand=without(p.hand, card)))


def hand_of_kind(state: GameState, seat: int, kind: str) -> tuple[str, ...]:
    return hand_by_kind(state, state.players[seat].hand).get(kind, ())


MEMO_LIMIT = 10_000  # entries a catalogue's memo keeps before starting afresh (a game makes a few thousand)


def remembered(state: GameState, key: tuple[object, ...], work: Callable[[GameState], T]) -> T:
    """`work(state)`, kept on the catalogue under `key` for the game's life. Only for answers that depend on
    nothing but the cards and the plain values in `key`, so a state rebuilt any way gets the same answer."""
    memo = state.catalog.memo
    found: T | None = memo.get(key)
    if found is None:
        if len(memo) >= MEMO_LIMIT:
            memo.clear()
        found = memo[key] = work(state)
    return found


def hand_by_kind(state: GameState, hand: tuple[str, ...]) -> Mapping[str, tuple[str, ...]]:
    """The cards of `hand` by kind, each group in hand order. Legal actions ask this of the same hands over and
    over (an action changes one or two hands at most), so the answer is kept by hand."""
    key = ("by_kind", hand)
    found = state.catalog.memo.get(key)  # `remembered`, its usual answer found without a call
    return found if found is not None else remembered(state, key, lambda s: _by_kind(s, hand))


def _by_kind(state: GameState, hand: tuple[str, ...]) -> Mapping[str, tuple[str, ...]]:
    groups: dict[str, tuple[str, ...]] = {}
    defs = state.catalog.defs
    for card in hand:
        kind = defs[card].kind
        groups[kind] = (*groups.get(kind, ()), card)
    return groups


def set_player(state: GameState, seat: int, player: Player) -> GameState:
    players = list(state.players)
    players[seat] = player
    return evolve(state, players=tuple(players))


Copier = Callable[[Any, dict[str, Any]], Any]
_copiers: dict[type, Copier] = {}


def evolve(record: T, **changes: Any) -> T:
    """`dataclasses.replace` for our slotted records, without its per-call checks: the hottest copy in a game."""
    kind = type(record)
    copy = _copiers.get(kind)
    if copy is None:
        copy = _copiers[kind] = _copier(kind, kind.__slots__)  # type: ignore[attr-defined]
    try:
        return copy(record, changes)  # type: ignore[no-any-return]
    except AttributeError:  # a field name the record lacks: the twin has no slot for it
        unknown = sorted(set(changes) - set(kind.__slots__))  # type: ignore[attr-defined]
        if not unknown:
            raise
        raise TypeError(f"{kind.__name__} has no field(s) {unknown}") from None


def _copier(kind: type, slots: tuple[str, ...]) -> Copier:
    """A copy function written out for one record type, field by field, the way `dataclasses` writes its
    `__init__`, and `evolve` runs some 5,000 times a game. The copy is made as an unfrozen twin of the record
    (the same slots, so the same layout): plain attribute stores, each a single fast step where a frozen
    record needs a call per field; every field is copied, the changed ones written over, and only then does
    the copy become a `kind`, frozen like any other."""
    twin = type(f"Open{kind.__name__}", (), {"__slots__": slots})
    lines = ["def copy(record, changes):", "    out = new(twin)"]
    lines += [f"    out.{name} = record.{name}" for name in slots]
    lines += ["    for name, value in changes.items():", "        setattr(out, name, value)"]
    lines += ["    out.__class__ = kind", "    return out"]
    scope: dict[str, Any] = {"new": object.__new__, "kind": kind, "twin": twin}
    exec("\n".join(lines), scope)  # only our own field names: no outside text is run
    return scope["copy"]  # type: ignore[no-any-return]


def without(cards: tuple[str, ...], *gone: str) -> tuple[str, ...]:
    out = list(cards)
    for card in gone:
        out.remove(card)
    return tuple(out)


def discard(state: GameState, *cards: str) -> GameState:
    """Put cards face up on their own deck's discard pile; Fairy Dust leaves the game (F01)."""
    doors = tuple(c for c in cards if state.card(c).deck == "door")
    treasures = tuple(c for c in cards if state.card(c).deck == "treasure")
    dust = tuple(c for c in cards if state.card(c).deck == "fairy_dust")
    if dust:
        state = evolve(state, fairy_dust_out=state.fairy_dust_out + dust)
    return evolve(
        state,
        door_discard=state.door_discard + doors,
        treasure_discard=state.treasure_discard + treasures,
    )


def draw(state: GameState, deck: Deck) -> tuple[GameState, str | None, list[Event]]:
    """The top card of a deck; an empty deck reshuffles its discards first, and with none nothing is drawn (M03)."""
    if deck == "fairy_dust":
        if not state.fairy_dust_deck:
            return state, None, [DeckEmpty(deck=deck)]
        return evolve(state, fairy_dust_deck=state.fairy_dust_deck[1:]), state.fairy_dust_deck[0], []
    door = deck == "door"
    pile = state.door_deck if door else state.treasure_deck
    events: list[Event] = []
    if not pile:
        discards = state.door_discard if door else state.treasure_discard
        if not discards:
            return state, None, [DeckEmpty(deck=deck)]
        pile, rng = state.rng.shuffled(discards)
        state = evolve(state, rng=rng, door_discard=()) if door else evolve(state, rng=rng, treasure_discard=())
        events.append(Reshuffled(deck=deck, cards=len(pile)))
    state = evolve(state, door_deck=pile[1:]) if door else evolve(state, treasure_deck=pile[1:])
    return state, pile[0], events


def roll(state: GameState, sides: int = 6) -> tuple[GameState, int]:
    value, rng = state.rng.roll(sides)
    return evolve(state, rng=rng), value


def all_cards(state: GameState) -> list[str]:
    """Every card in every zone; a game never creates or loses a card (property tests count these)."""
    cards = [*state.door_deck, *state.treasure_deck, *state.door_discard, *state.treasure_discard]
    cards += [*state.fairy_dust_deck, *state.fairy_dust_out]
    for p in state.players:
        cards += [*p.hand, *p.races, *p.classes, *p.item_cards, *p.curses]
        cards += [c for c in (p.half_breed, p.super_munchkin, p.hireling, p.pet) if c]
        cards += [c.cheat for c in p.items if c.cheat]
    combat = state.combat
    if combat is not None:
        for m in combat.monsters:
            cards += [m.card, *m.enhancers]
        cards += [o.card for o in combat.one_shots]
        cards += [*combat.removed, *combat.spoils, *combat.spent]
    for d in state.decisions:
        # A curse held while an Epic Wizard tries to outrun it (E04); Doors an Epic kick turned over, not yet
        # resolved (E03).
        # Treasures a Cleric took from the discards, not yet dealt out (R09).
        if d.kind in ("outrun_curse", "door_order", "doors_waiting", "resurrect", "curse_cast"):
            cards += d.cards
    return cards + list(state.corpse)
