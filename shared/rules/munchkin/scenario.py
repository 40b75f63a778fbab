"""A Munchkin table from a scenario file (docs/scenarios.md): each seat's level, Race, Class, hand and cards in
play, the top cards of each deck and the dice to come, checked against the rules a table could never break."""

from __future__ import annotations

import dataclasses
from typing import Any

from ..base import SEXES, MalformedAction, SeatSetup
from ..cards import PackError
from ..rng import ScriptedRng
from ..scenario import Cards, Document, Entries, seat_name
from .character import big_allowance, big_items_carried, equip_problem
from .flow import new_game
from .options import Options
from .state import Carried, GameState, Player, evolve, set_player

PHASES = ("start", "setup")  # the turn's start (cards down, the door still shut), or the setup of M08
LASTING = ("next_combat", "next_turn", "permanent")  # curses that stay in front of their victim


def build(doc: Document, names: tuple[str, ...] | None) -> tuple[GameState, tuple[SeatSetup, ...], tuple[str, ...]]:
    top = doc.top
    packs = tuple(doc.path(p) for p in top.texts("packs")) or ("core",)
    options = _options(top, packs)
    if not 2 <= len(doc.seats) <= 6:
        raise doc.fault("seats", len(doc.seats) - 1, None, None, f"Munchkin seats 2 to 6 players, not {len(doc.seats)}")
    setups = tuple(SeatSetup(seat_name(e, i, names), e.text("sex", "male", SEXES)) for i, e in enumerate(doc.seats))
    seed = top.integer("seed", 1, 0, 2**63 - 1)
    try:
        state, _ = new_game(setups, seed, packs, options)
    except PackError:
        raise  # named at the packs by the loader
    except ValueError as exc:  # a seat count the packs do not allow (C01)
        raise doc.fault("seats", len(doc.seats) - 1, None, None, str(exc)) from exc
    cards = Cards(state.catalog.defs, f"the packs {', '.join(packs)}")
    dealt = tuple(c for p in state.players for c in p.hand)  # back under the decks, as the seed ordered them
    for seat, entries in enumerate(doc.seats):
        state = set_player(state, seat, _player(state, cards, entries, state.players[seat]))
        entries.finish()
    state = _decks(state, cards, doc.decks, dealt)
    doc.decks.finish()
    phase = top.text("phase", "start", PHASES)
    state = evolve(
        state,
        rng=ScriptedRng.of(state.rng, doc.dice()),
        active=top.integer("active", 0, 0, len(doc.seats) - 1),
        turn=1,
        phase=phase,
        ready=() if phase == "setup" else tuple(range(len(doc.seats))),
    )
    return state, setups, packs


def _options(top: Entries, packs: tuple[str, ...]) -> Options:
    wire: Any = top.value("options", {})
    try:
        return Options.from_wire(wire, Options.defaults_for(packs))
    except MalformedAction as exc:
        known = {f.name for f in dataclasses.fields(Options)}
        unknown = sorted(set(wire) - known) if isinstance(wire, dict) else []
        raise top.fault("options", str(exc), unknown[0] if unknown else None) from exc


def _player(state: GameState, cards: Cards, e: Entries, p: Player) -> Player:
    where = e.label

    def kind(key: str, wanted: tuple[str, ...], what: str) -> tuple[str, ...]:
        out = cards.take_all(e, key, where)
        for card in out:
            if state.card(card).kind not in wanted:
                raise e.fault(key, f"{state.card(card).name} ({card}) is not {what}", card)
        return out

    def one(key: str, wanted: str, what: str) -> str | None:
        if not e.has(key):
            return None
        return kind(key, (wanted,), what)[0] if e.texts(key) else None

    level = e.integer("level", 1, 1, state.options.win_level - 1)
    half_breed = one("half_breed", "half_breed", "a Half-Breed")
    super_munchkin = one("super_munchkin", "super_munchkin", "a Super Munchkin")
    races = kind("races", ("race",), "a Race")
    classes = kind("classes", ("class",), "a Class")
    if len(races) > (2 if half_breed else 1):
        raise e.fault("races", f"{len(races)} Races need a Half-Breed (and never more than two)")
    if len(classes) > (2 if super_munchkin else 1):
        raise e.fault("classes", f"{len(classes)} Classes need a Super Munchkin (and never more than two)")
    if half_breed and not races:
        raise e.fault("half_breed", "a Half-Breed needs a Race to go with")
    if super_munchkin and not classes:
        raise e.fault("super_munchkin", "a Super Munchkin needs a Class to go with")
    for key, group in (("races", races), ("classes", classes)):
        if len(group) == 2 and state.card(group[0]).trait == state.card(group[1]).trait:
            raise e.fault(key, f"{state.card(group[1]).name} twice: the second must be another one", group[1])
    hand = cards.take_all(e, "hand", where)
    equipped = kind("equipped", ("item",), "an item to wear")
    carried = kind("carried", ("item", "one_shot"), "an item or a one-shot to carry")
    hireling = one("hireling", "hireling", "a Hireling")
    curses = kind("curses", ("curse",), "a curse")
    for card in curses:
        if state.card(card).duration not in LASTING:
            raise e.fault("curses", f"{state.card(card).name} does its work at once and never stays in play", card)
    p = evolve(
        p,
        level=level,
        hand=hand,
        races=races,
        classes=classes,
        half_breed=half_breed,
        super_munchkin=super_munchkin,
        hireling=hireling,
        curses=curses,
    )
    for card in equipped:  # one by one, as they would be put on: each must fit beside the ones before
        problem = equip_problem(state, p, Carried(card, equipped=True))
        if problem:
            raise e.fault("equipped", f"{state.card(card).name} cannot be worn: {problem}", card)
        p = evolve(p, items=(*p.items, Carried(card, equipped=True)))
    p = evolve(p, items=(*p.items, *(Carried(card) for card in carried)))
    if big_items_carried(state, p) > big_allowance(state, p):
        big = [c.card for c in p.items if state.card(c.card).big]
        key = "carried" if big[-1] in carried else "equipped"
        raise e.fault(key, f"{len(big)} Big items, and this character may carry {big_allowance(state, p)}", big[-1])
    return p


def _decks(state: GameState, cards: Cards, e: Entries, dealt: tuple[str, ...]) -> GameState:
    """The named cards on top of each deck (the first is drawn first), on the discards (the last is on top);
    every card not placed anywhere keeps the order the seed shuffled it into."""

    def pile(key: str, deck: str) -> tuple[str, ...]:
        out = cards.take_all(e, key, "decks")
        for card in out:
            d = state.card(card)
            if d.deck != deck:
                raise e.fault(key, f"{d.name} ({card}) belongs to the {d.deck} deck", card)
        return out

    doors, treasures, dust = pile("door", "door"), pile("treasure", "treasure"), pile("fairy_dust", "fairy_dust")
    door_discard, treasure_discard = pile("door_discard", "door"), pile("treasure_discard", "treasure")
    under = {deck: tuple(c for c in dealt if state.card(c).deck == deck) for deck in ("door", "treasure")}
    return evolve(
        state,
        door_deck=doors + cards.rest((*state.door_deck, *under["door"])),
        treasure_deck=treasures + cards.rest((*state.treasure_deck, *under["treasure"])),
        fairy_dust_deck=dust + cards.rest(state.fairy_dust_deck),
        door_discard=door_discard,
        treasure_discard=treasure_discard,
    )
