"""What one seat may see of the table: its own hand, everybody's public cards, counts for the rest.

This is the only module that decides visibility; deck order, other hands and the RNG never leave it. The view is
a typed record (`MunchkinView`, msgspec Structs) whose wire form is a msgpack map with the same keys; the host
encodes it, and a client decodes it back into the record. What is the same for every seat is built once per
state (`player_views`): each seat's view shares the public parts and only replaces its own (`you`, `hand`, the
help form's figures, the cards of a decision only its seat may see).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Literal, TypeVar

import msgspec
from msgspec import UNSET, Struct, UnsetType

from .character import gear_bonus, is_epic
from .combat import (
    conditions,
    fighter_parts,
    fighters_strength,
    fighters_win,
    is_undead,
    monster_level,
    monster_parts,
    monsters_strength,
)
from .fight import asked_seats
from .helping import help_preview, help_previews
from .kinds import CombatStep, DecisionKind, Phase, Resolving
from .state import Bribe, Combat, Decision, GameState, Player, remembered

Side = Literal["fighters", "monsters"]
T = TypeVar("T")


class _Record(Struct, frozen=True, forbid_unknown_fields=True):
    """A part of a view: immutable (seats share it), and a decoder refuses a field it does not know."""


class ItemView(_Record, frozen=True):
    card: str
    equipped: bool
    cheat: str | None
    on_hireling: bool


class PlayerView(_Record, frozen=True):
    name: str
    sex: str
    level: int
    races: list[str]
    classes: list[str]
    half_breed: str | None
    super_munchkin: str | None
    items: list[ItemView]
    hireling: str | None
    curses: list[str]
    hand_count: int
    dead: bool
    gear: int
    epic: bool
    pet: str | None
    charmed: bool
    trade_locked: list[str]


class BribeView(_Record, frozen=True):
    items: list[str]
    treasures: int
    helper_first: bool
    cards: list[str]


class MonsterView(_Record, frozen=True):
    card: str
    base: str
    enhancers: list[str]
    inherited: list[str]
    level: int
    undead: bool


class PartView(_Record, frozen=True):
    """One term of a side's strength (`combat.Part`); a term without a seat, card, monster or detail leaves the
    key out."""

    kind: str
    amount: int
    seat: int | UnsetType = UNSET
    card: str | UnsetType = UNSET
    monster: int | UnsetType = UNSET
    detail: str | UnsetType = UNSET


class OneShotView(_Record, frozen=True):
    card: str
    seat: int
    side: Side


class HelpPreviewView(_Record, frozen=True):
    seat: int
    adds: int
    fighters: int
    monsters: int
    winning: bool


class FlightView(_Record, frozen=True):
    order: list[int]
    remaining: list[int]
    caught_by: int | None
    roll: int


class CombatView(_Record, frozen=True):
    fighter: int
    helper: int | None
    helper_forced: bool
    step: CombatStep
    resolving: Resolving
    monsters: list[MonsterView]
    conditions: list[str]
    monsters_strength: int
    fighters_strength: int
    fighters_winning: bool
    monsters_parts: list[PartView]  # each strength term by term (public cards and numbers only)
    fighters_parts: list[PartView]
    one_shots: list[OneShotView]
    bonuses: list[tuple[int, int, str]]
    monster_bonus: int
    bribe: BribeView
    offer: BribeView | None
    asked: int  # the one player the open call went to; -1: everyone
    volunteers: list[int]
    help_previews: list[HelpPreviewView]  # per seat: the help form's figures for those who decide
    declined: list[int]
    passed: list[int]
    removed: list[str]
    flight: FlightView | None
    spoils: list[str]  # drawn face up: everyone sees them (M20)
    pick_order: list[int]


class DecisionView(_Record, frozen=True):
    """A pending decision; `cards` (or `give` and `take`) only for the kinds that show cards."""

    kind: DecisionKind
    seat: int
    count: int
    source: int
    cards: list[str] | UnsetType = UNSET
    give: list[str] | UnsetType = UNSET
    take: list[str] | UnsetType = UNSET


class DecksView(_Record, frozen=True):
    """Counts only; Fairy Dust: its mini-deck and the cards gone out of the game (F01)."""

    door: int
    treasure: int
    fairy_dust: int
    fairy_dust_out: int


class PileView(_Record, frozen=True):
    top: str | None
    count: int


class DiscardsView(_Record, frozen=True):
    """Only the top card of each pile is visible (M04)."""

    door: PileView
    treasure: PileView


class MunchkinView(_Record, frozen=True, tag_field="game", tag="munchkin"):
    """The table as one seat sees it; `you` None is a spectator, whose `hand` is empty."""

    packs: list[str]
    options: dict[str, Any]
    you: int | None
    turn: int
    active: int
    phase: Phase
    met_monster: bool
    ready: list[int]
    players: list[PlayerView]
    hand: list[str]
    decks: DecksView
    discards: DiscardsView
    combat: CombatView | None
    decisions: list[DecisionView]
    corpse: list[str]
    waiting_for: list[int]
    winners: list[int]


def _player(state: GameState, p: Player) -> PlayerView:
    return PlayerView(
        name=p.name,
        sex=p.sex,
        level=p.level,
        races=list(p.races),
        classes=list(p.classes),
        half_breed=p.half_breed,
        super_munchkin=p.super_munchkin,
        items=[ItemView(c.card, c.equipped, c.cheat, c.on_hireling) for c in p.items],
        hireling=p.hireling,
        curses=list(p.curses),
        hand_count=len(p.hand),
        dead=p.dead,
        gear=gear_bonus(state, p),
        epic=is_epic(state, p),  # E01
        pet=p.pet,  # E04: an Epic Human's pet, in play
        charmed=p.charmed,  # F06
        trade_locked=list(p.trade_locked),  # M46 (Christmas Lite)
    )


def _players(state: GameState, before: _Before | None) -> list[PlayerView]:
    """Every player's view. A player's view depends on nothing but the player, the options and the cards, and an
    action changes one or two players at most: an unchanged player (the very object it was in the state before)
    keeps its view, and while nobody changed the list is the very list of the state before, so the host sees at
    once what did not change and neither converts, diffs nor encodes it again. The state before is the game's own
    (its lineage), so many tables in one process do not push each other's views out of a shared memo."""
    players = state.players
    if before is None or before.state.options is not state.options or len(before.state.players) != len(players):
        return [_player(state, p) for p in players]
    old, kept = before.state.players, before.public.players
    if players is old or all(p is q for p, q in zip(players, old, strict=True)):
        return kept
    return [v if p is q else _player(state, p) for p, q, v in zip(players, old, kept, strict=True)]


class _Before:
    """The state before in this game and its views: a part whose sources are the very objects they were keeps
    its view (the same object), so what did not change is seen at once."""

    __slots__ = ("fight_same", "public", "seats", "state")

    def __init__(self, state: GameState, views: Mapping[int | None, MunchkinView], now: GameState) -> None:
        self.state = state
        self.public = views[None]
        self.seats = views
        # the combat's view (strengths, previews) reads the combat, the players, the options and the cards only
        self.fight_same = now.combat is state.combat and now.players is state.players and now.options is state.options


def _kept(new: T, old: T) -> T:
    """`old` when it equals `new`: a rebuilt part that did not change stays the very object it was."""
    return old if new is old or (type(new) is type(old) and new == old) else new


def _bribe(b: Bribe, fighter: Player) -> BribeView:
    """A bribe is public: the fighter names it aloud, cards promised from the hand too (R06). What the fighter
    no longer has (lost, looted from the corpse) is no longer promised, nor shown where it went."""
    return BribeView(
        items=[c for c in b.items if c in fighter.item_cards],
        treasures=b.treasures,
        helper_first=b.helper_first,
        cards=[c for c in b.cards if c in fighter.hand],
    )


def _part(kind: str, amount: int, seat: int | None, card: str | None, monster: int | None, detail: str) -> PartView:
    return PartView(
        kind,
        amount,
        UNSET if seat is None else seat,
        UNSET if card is None else card,
        UNSET if monster is None else monster,
        detail or UNSET,
    )


def _combat(state: GameState) -> CombatView | None:
    """The combat as everybody sees it; the help form's figures are added per seat (`_help_previews`)."""
    c = state.combat
    if c is None:
        return None
    flight = c.flight
    offer = c.offer
    fighter = state.players[c.fighter]
    return CombatView(
        fighter=c.fighter,
        helper=c.helper,
        helper_forced=c.helper_forced,
        step=c.step,
        resolving=c.resolving,
        monsters=[
            MonsterView(
                m.card, m.base, list(m.enhancers), list(m.inherited), monster_level(state, m), is_undead(state, m)
            )
            for m in c.monsters
        ],
        conditions=sorted(conditions(state, c)),
        monsters_strength=monsters_strength(state, c),
        fighters_strength=fighters_strength(state, c),
        fighters_winning=fighters_win(state, c),
        monsters_parts=[_part(t.kind, t.amount, t.seat, t.card, t.monster, t.detail) for t in monster_parts(state, c)],
        fighters_parts=[_part(t.kind, t.amount, t.seat, t.card, t.monster, t.detail) for t in fighter_parts(state, c)],
        one_shots=[OneShotView(o.card, o.seat, o.side) for o in c.one_shots],  # type: ignore[arg-type]
        bonuses=list(c.bonuses),
        monster_bonus=c.monster_bonus,
        bribe=_bribe(c.bribe, fighter),
        offer=None if offer is None else _bribe(offer, fighter),
        asked=c.asked,
        volunteers=list(c.volunteers),
        help_previews=[],
        declined=list(c.declined),
        passed=list(c.passed),
        removed=list(c.removed),
        flight=None
        if flight is None
        else FlightView(list(flight.order), list(flight.remaining), flight.caught_by, flight.roll),
        spoils=list(c.spoils),
        pick_order=list(c.pick_order),
    )


def _help_previews(state: GameState, c: Combat, seat: int | None, memo: dict[str, Any]) -> list[HelpPreviewView]:
    """The help form's figures, for those who decide: the fighter sees what every seat that may be asked
    would add; an asked seat sees what its own help would change. Strengths are public; this only spares
    everyone else the work."""
    asking, asked = c.step == "fight" and c.helper is None, c.step == "help"
    if seat is None or not (asking or asked) or (seat != c.fighter and not (asked and seat in asked_seats(state, c))):
        return []
    every = memo.get("previews")  # the fighter's figures hold every asked seat's: worked out once per state
    if every is None:
        every = memo["previews"] = help_previews(state)
    previews = every if seat == c.fighter else tuple(h for h in every if h.seat == seat) or (help_preview(state, seat),)
    return [HelpPreviewView(h.seat, h.adds, h.fighters, h.monsters, h.winning) for h in previews]


def _decision(d: Decision, seat: int | None) -> DecisionView:
    kind = d.kind
    if d.kind in _PUBLIC_CARDS:
        return DecisionView(kind, d.seat, d.count, d.source, cards=list(d.cards))
    if d.kind == "lose_cards":  # hand cards: the victim's secret
        return DecisionView(kind, d.seat, d.count, d.source, cards=list(d.cards) if seat == d.seat else [])
    if d.kind == "trade":
        return DecisionView(kind, d.seat, d.count, d.source, give=list(d.give), take=list(d.take))
    return DecisionView(kind, d.seat, d.count, d.source)


# Items in play; the curse cast; the Doors kicked open face up (E03); the Treasures raised from the discards (R09).
_PUBLIC_CARDS = frozenset({"lose_item", "outrun_curse", "door_order", "doors_waiting", "resurrect", "curse_cast"})


def _public_view(state: GameState, waiting_for: frozenset[int], before: _Before | None) -> MunchkinView:
    """What everybody sees: the spectator's view, which every seat's view shares. Given the state before, every
    part that did not change is the very object it was, and an unchanged view is the view before itself."""
    if before is not None:
        return _public_view_since(state, waiting_for, before)
    fresh = MunchkinView(
        # the same objects all game long, so that the host sees at once that they did not change
        packs=remembered(state, ("view_packs",), lambda s: list(s.catalog.packs)),
        options=remembered(state, ("view_options", state.options), lambda s: s.options.to_wire()),
        you=None,
        turn=state.turn,
        active=state.active,
        phase=state.phase,
        met_monster=state.met_monster,
        ready=list(state.ready),
        players=_players(state, None),
        hand=[],
        decks=DecksView(
            len(state.door_deck), len(state.treasure_deck), len(state.fairy_dust_deck), len(state.fairy_dust_out)
        ),
        discards=DiscardsView(
            PileView(state.door_discard[-1] if state.door_discard else None, len(state.door_discard)),
            PileView(state.treasure_discard[-1] if state.treasure_discard else None, len(state.treasure_discard)),
        ),
        combat=_combat(state),
        decisions=[_decision(d, None) for d in state.decisions],
        corpse=list(state.corpse),
        waiting_for=sorted(waiting_for),
        winners=list(state.winners),
    )
    return fresh


def _public_view_since(state: GameState, waiting_for: frozenset[int], before: _Before) -> MunchkinView:
    """`_public_view` from the state before: a part whose sources are the very objects they were is not built
    again, a part rebuilt equal to the one before is that one, and a view with every part kept is the view before.
    The views are equal to those built afresh (tests/server/test_server_update_frames.py)."""
    then, old = before.state, before.public
    decks, discards = old.decks, old.discards
    if (decks.door, decks.treasure, decks.fairy_dust, decks.fairy_dust_out) != (
        len(state.door_deck),
        len(state.treasure_deck),
        len(state.fairy_dust_deck),
        len(state.fairy_dust_out),
    ):
        decks = DecksView(
            len(state.door_deck), len(state.treasure_deck), len(state.fairy_dust_deck), len(state.fairy_dust_out)
        )
    if state.door_discard is not then.door_discard or state.treasure_discard is not then.treasure_discard:
        discards = _kept(
            DiscardsView(
                PileView(state.door_discard[-1] if state.door_discard else None, len(state.door_discard)),
                PileView(state.treasure_discard[-1] if state.treasure_discard else None, len(state.treasure_discard)),
            ),
            discards,
        )
    waiting = sorted(waiting_for)
    parts = (
        # the same objects all game long
        old.packs
        if state.catalog is then.catalog
        else remembered(state, ("view_packs",), lambda s: list(s.catalog.packs)),
        old.options
        if state.options is then.options
        else remembered(state, ("view_options", state.options), lambda s: s.options.to_wire()),
        None,
        state.turn,
        state.active,
        state.phase,
        state.met_monster,
        old.ready if state.ready is then.ready else _kept(list(state.ready), old.ready),
        _players(state, before),
        old.hand,
        decks,
        discards,
        old.combat if before.fight_same else _kept(_combat(state), old.combat),
        old.decisions
        if state.decisions is then.decisions
        else _kept([_decision(d, None) for d in state.decisions], old.decisions),
        old.corpse if state.corpse is then.corpse else _kept(list(state.corpse), old.corpse),
        old.waiting_for if waiting == old.waiting_for else waiting,
        old.winners if state.winners is then.winners else _kept(list(state.winners), old.winners),
    )
    was = msgspec.structs.astuple(old)
    if (
        all(new is then_part or new == then_part for new, then_part in zip(parts[2:7], was[2:7], strict=True))
        and all(new is then_part for new, then_part in zip(parts[7:], was[7:], strict=True))
        and parts[1] is was[1]
    ):
        return old
    return MunchkinView(*parts)


def _seat_view(
    state: GameState, public: MunchkinView, seat: int, before: _Before | None, memo: dict[str, Any]
) -> MunchkinView:
    """`public` with what only `seat` sees: its hand, its help form's figures, a decision's secret cards. Given
    the state before, a part that did not change is the very object it was (the seat's view before, if all)."""
    old = None if before is None else before.seats.get(seat)
    source = state.players[seat].hand
    if old is not None and before is not None and source is before.state.players[seat].hand:  # `old`: seat was there
        hand = old.hand
    else:
        hand = list(source) if old is None else _kept(list(source), old.hand)
    changes: dict[str, Any] = {"you": seat, "hand": hand}
    c = state.combat
    if c is not None and public.combat is not None:
        if old is not None and before is not None and before.fight_same and public.combat is before.public.combat:
            if old.combat is not public.combat:
                changes["combat"] = old.combat  # its own figures, from the very fight they were worked out for
        else:
            previews = _help_previews(state, c, seat, memo)
            if previews:
                mine = msgspec.structs.replace(public.combat, help_previews=previews)
                changes["combat"] = mine if old is None or old.combat is None else _kept(mine, old.combat)
    if any(d.kind == "lose_cards" and d.seat == seat for d in state.decisions):
        decisions = [_decision(d, seat) for d in state.decisions]
        changes["decisions"] = decisions if old is None else _kept(decisions, old.decisions)
    if (
        old is not None
        and before is not None
        and public is before.public
        and all(getattr(old, name) is value for name, value in changes.items() if name != "you")
        and all(getattr(old, name) is getattr(public, name) for name in _MAY_BE_OWN if name not in changes)
    ):
        return old
    return msgspec.structs.replace(public, **changes)


_MAY_BE_OWN = ("combat", "decisions")  # the fields a seat's view replaces only at times


def player_views(
    state: GameState,
    seats: Iterable[int | None],
    waiting_for: frozenset[int],
    before: tuple[GameState, Mapping[int | None, MunchkinView]] | None = None,
) -> dict[int | None, MunchkinView]:
    """Each of `seats`' views (None: the spectators'), the public part built once for all of them. `before`: an
    earlier state of this game and its views (the public one among them), whose parts the new views reuse where
    their sources are the very objects they were; the views are equal either way."""
    was = None if before is None or None not in before[1] else _Before(before[0], before[1], state)
    public = _public_view(state, waiting_for, was)
    memo: dict[str, Any] = {}  # what the seats' own parts share (the help form's figures)
    return {seat: public if seat is None else _seat_view(state, public, seat, was, memo) for seat in seats}


def player_view(state: GameState, seat: int | None, waiting_for: frozenset[int]) -> MunchkinView:
    """`seat` None is a spectator: nobody's hand."""
    return player_views(state, (seat,), waiting_for)[seat]


def seen_cards(state: GameState, seat: int) -> set[str]:
    """Every card `seat` can see where it lies (its own hand included): every card its view shows in a place, and
    the cards used up in this combat, which were played face up. A bot's sample deals only the others
    (`bots.sampling`)."""
    seen: set[str] = set(state.players[seat].hand)
    for p in state.players:
        seen.update(p.races, p.classes, p.curses, p.item_cards)
        seen.update(c for c in (p.half_breed, p.super_munchkin, p.hireling, p.pet) if c)
        seen.update(c.cheat for c in p.items if c.cheat)
    combat = state.combat
    if combat is not None:
        for m in combat.monsters:
            seen.add(m.card)
            seen.update(m.enhancers)
        seen.update(o.card for o in combat.one_shots)
        seen.update(combat.removed)
        seen.update(combat.spoils)
        seen.update(combat.spent)
    seen.update(state.corpse)
    for pile in (state.door_discard, state.treasure_discard):
        if pile:
            seen.add(pile[-1])
    for d in state.decisions:
        if d.kind in _PUBLIC_CARDS or (d.kind == "lose_cards" and d.seat == seat):
            seen.update(d.cards)
    return seen  # a trade's items are in play (named above while they are), not where an offer names them
