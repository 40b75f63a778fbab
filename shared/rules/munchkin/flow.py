"""The turn: setting up, kicking open the door, looking for trouble or looting, charity, passing left, winning."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from types import MappingProxyType

from ..base import Event, NotYourDecision, SeatSetup, WrongTime
from ..rng import Rng
from .actions import EndTurn, FinishSetup, GiveCharity, KickOpenTheDoor, LookForTrouble, LootTheRoom
from .cards import SEXES, load_munchkin_packs
from .character import hand_limit, has_ability
from .combat import start_combat
from .effects import apply_effects, draw_into_hand
from .options import Options
from .rulebook import others, require, require_in_hand, require_turn, rule
from .state import Catalog, CombatMonster, GameState, Player, discard, draw, roll, with_player, without

DEAL = 4  # M02: four Doors and four Treasures each


def build_catalog(packs: tuple[str, ...]) -> Catalog:
    defs = {}
    for pack in load_munchkin_packs(packs):
        for card, count in zip(pack.cards, pack.counts, strict=True):
            for n in range(1, count + 1):
                defs[card.id if count == 1 else f"{card.id}#{n}"] = card
    return Catalog(packs, MappingProxyType(defs))


def new_game(
    seats: tuple[SeatSetup, ...], seed: int, packs: tuple[str, ...] = ("core",), options: Options | None = None
) -> tuple[GameState, list[Event]]:
    """Shuffle both decks, deal 4 + 4 (M02), roll for the first player (M01); then everyone sets up (M08)."""
    if not 2 <= len(seats) <= 6:
        raise ValueError("Munchkin is played by 2 to 6 players")
    for s in seats:  # M07: the sex each player chose at join; cards and monsters name exactly these
        if s.sex not in SEXES:
            raise ValueError(f"{s.name}: sex {s.sex!r} is not one of {', '.join(SEXES)}")
    catalog = build_catalog(packs)
    rng = Rng.from_seed(seed)
    doors, rng = rng.shuffled(sorted(c for c, d in catalog.defs.items() if d.deck == "door"))
    treasures, rng = rng.shuffled(sorted(c for c, d in catalog.defs.items() if d.deck == "treasure"))
    players = tuple(Player(name=s.name, sex=s.sex) for s in seats)
    state = GameState(catalog, options or Options(), rng, players, doors, treasures)
    events = [Event("game_started", {"seats": len(seats), "packs": list(packs)})]
    for seat in range(len(seats)):
        for deck in ("door", "treasure"):
            state, ev = draw_into_hand(state, seat, deck, DEAL, face_up=False)
            events += ev
    first, state = _roll_for_first(state, list(range(len(seats))), events)
    state = replace(state, active=first)
    events.append(Event("first_player", {"seat": first}))
    return state, events


def _roll_for_first(state: GameState, seats: list[int], events: list[Event]) -> tuple[int, GameState]:
    """Everyone rolls; the highest goes first, ties roll again (M01)."""
    while True:
        rolls = []
        for seat in seats:
            state, value = roll(state)
            rolls.append((value, seat))
        events.append(Event("rolled_for_first", {"rolls": [[s, v] for v, s in rolls]}))
        best = max(v for v, _ in rolls)
        seats = [s for v, s in rolls if v == best]
        if len(seats) == 1:
            return seats[0], state


def start_turn(state: GameState, seat: int) -> tuple[GameState, list[Event]]:
    """The dead come back (M36); a new character draws 4 + 4; with X02, a face-down Door first."""
    players = tuple(replace(p, dead=False, used_this_turn=(), received=()) for p in state.players)
    state = replace(
        state, players=players, active=seat, turn=state.turn + 1, phase="start", met_monster=False, charity=()
    )
    events = [Event("turn", {"seat": seat, "turn": state.turn})]
    if state.players[seat].fresh:
        state = with_player(state, seat, fresh=False)
        for deck in ("door", "treasure"):
            state, ev = draw_into_hand(state, seat, deck, DEAL, face_up=False)
            events += ev
    if state.options.listening_at_the_door:
        state, ev = draw_into_hand(state, seat, "door", 1, face_up=False)
        events += ev
    return state, events


def check_winners(state: GameState, events: list[Event]) -> tuple[GameState, list[Event]]:
    """Whoever reaches the winning level wins; several at once win together (M10)."""
    winners = tuple(s for s, p in enumerate(state.players) if p.level >= state.options.win_level)
    if winners and not state.winners:
        state = replace(state, winners=winners, phase="over", decisions=())
        events.append(Event("game_over", {"winners": list(winners)}))
    return state, events


# --- setup ---------------------------------------------------------------------------------------------


def _check_finish_setup(state: GameState, a: FinishSetup) -> None:
    require(state.phase == "setup", "setup is over", WrongTime)
    require(a.seat not in state.ready, "you have already finished setting up", NotYourDecision)


@rule(FinishSetup, _check_finish_setup, lambda state, seat: [FinishSetup(seat)])
def finish_setup(state: GameState, a: FinishSetup) -> tuple[GameState, list[Event]]:
    state = replace(state, ready=(*state.ready, a.seat))
    events = [Event("ready", {"seat": a.seat})]
    if len(state.ready) == len(state.players):
        state, more = start_turn(replace(state, turn=0), state.active)
        events += more
    return state, events


# --- kicking open the door (M12) ----------------------------------------------------------------------


def _check_kick(state: GameState, a: KickOpenTheDoor) -> None:
    require_turn(state, a.seat, "start")
    if a.resurrect:
        require(has_ability(state, a.seat, "resurrect"), "only a Cleric can resurrect")
        require_in_hand(state, a.seat, a.resurrect)
        require(bool(state.door_discard), "the Door discard pile is empty")


def _kick_candidates(state: GameState, seat: int) -> Iterator[KickOpenTheDoor]:
    yield KickOpenTheDoor(seat)
    p = state.players[seat]
    if p.hand and state.door_discard and has_ability(state, seat, "resurrect"):
        yield KickOpenTheDoor(seat, resurrect=p.hand[0])


def doors_per_kick(state: GameState, seat: int) -> int:
    """How many Doors a kick turns over. Epic rules (E03) raise this to two for Epic characters."""
    return 1


@rule(KickOpenTheDoor, _check_kick, _kick_candidates)
def kick_open_the_door(state: GameState, a: KickOpenTheDoor) -> tuple[GameState, list[Event]]:
    events: list[Event] = []
    doors: list[str] = []
    if a.resurrect:
        # Cleric's Resurrection: the top of the discards instead of a face-up draw, paid with a hand card.
        doors.append(state.door_discard[-1])
        state = replace(state, door_discard=state.door_discard[:-1])
        p = state.players[a.seat]
        state = discard(with_player(state, a.seat, hand=without(p.hand, a.resurrect)), a.resurrect)
        events.append(Event("resurrected", {"seat": a.seat, "card": doors[0], "discarded": a.resurrect}))
    while len(doors) < doors_per_kick(state, a.seat):
        state, card, more = draw(state, "door")
        events += more
        if card is None:
            break
        doors.append(card)
    state = replace(state, phase="door")
    for card in doors:
        events.append(Event("kicked_door", {"seat": a.seat, "card": card}))
        state, more = reveal_door(state, a.seat, card)
        events += more
    return state, events


def reveal_door(state: GameState, seat: int, card: str) -> tuple[GameState, list[Event]]:
    """A face-up Door (M12): a monster is fought (joining a combat already begun), a curse strikes the
    drawer, anything else goes to the hand to be played at once or kept."""
    d = state.card(card)
    if d.kind == "monster":
        if state.combat is not None:
            combat = state.combat
            monsters = (*combat.monsters, CombatMonster(card, card))
            return replace(state, combat=replace(combat, monsters=monsters)), [Event("monster_joins", {"card": card})]
        return start_combat(state, seat, card, by_kick=True)
    if d.kind == "curse":
        return strike_with_curse(state, seat, card)
    p = state.players[seat]
    return with_player(state, seat, hand=(*p.hand, card)), []


def strike_with_curse(state: GameState, target: int, card: str) -> tuple[GameState, list[Event]]:
    """A curse takes effect at once; a lasting one is kept in front of its victim (M37)."""
    d = state.card(card)
    events = [Event("cursed", {"seat": target, "card": card})]
    state, more = apply_effects(state, target, d.effects, card)
    if d.duration != "instant" and not state.players[target].dead:
        p = state.players[target]
        return with_player(state, target, curses=(*p.curses, card)), events + more
    return discard(state, card), events + more


# --- after the door (M13) -------------------------------------------------------------------------------


def _check_look_for_trouble(state: GameState, a: LookForTrouble) -> None:
    require_turn(state, a.seat, "door")
    require(not state.met_monster, "you already met a monster this turn")
    require_in_hand(state, a.seat, a.monster, "monster")


@rule(
    LookForTrouble,
    _check_look_for_trouble,
    lambda state, seat: (LookForTrouble(seat, c) for c in state.players[seat].hand if state.card(c).kind == "monster"),
)
def look_for_trouble(state: GameState, a: LookForTrouble) -> tuple[GameState, list[Event]]:
    p = state.players[a.seat]
    state = with_player(state, a.seat, hand=without(p.hand, a.monster))
    state, events = start_combat(state, a.seat, a.monster, by_kick=False)
    return state, [Event("looking_for_trouble", {"seat": a.seat, "card": a.monster}), *events]


def _check_loot(state: GameState, a: LootTheRoom) -> None:
    require_turn(state, a.seat, "door")
    require(not state.met_monster, "who met a monster may not loot the room (M13)")


@rule(LootTheRoom, _check_loot, lambda state, seat: [LootTheRoom(seat)])
def loot_the_room(state: GameState, a: LootTheRoom) -> tuple[GameState, list[Event]]:
    deck = "treasure" if state.options.listening_at_the_door else "door"
    state, events = draw_into_hand(state, a.seat, deck, 1, face_up=False)
    return replace(state, phase="end"), [Event("looted", {"seat": a.seat}), *events]


# --- the end of the turn: charity (M14) and passing left (M15) ------------------------------------------


def excess(state: GameState, seat: int) -> int:
    p = state.players[seat]
    return max(0, len(p.hand) - hand_limit(state, p))


def charity_targets(state: GameState, seat: int) -> list[int]:
    """The lowest-level living players other than the giver; none if the giver is (tied) lowest."""
    living = [s for s, p in enumerate(state.players) if not p.dead or s == seat]
    lowest = min(state.players[s].level for s in living)
    if state.players[seat].level == lowest:
        return []
    return [s for s in others(state, seat) if s in living and state.players[s].level == lowest]


def _check_end_turn(state: GameState, a: EndTurn) -> None:
    require_turn(state, a.seat, "end")
    over = excess(state, a.seat)
    require(over == 0, f"you hold {over} card(s) over your hand limit: play them or give them away (M14)")


@rule(EndTurn, _check_end_turn, lambda state, seat: [EndTurn(seat)])
def end_turn(state: GameState, a: EndTurn) -> tuple[GameState, list[Event]]:
    return start_turn(state, (a.seat + 1) % len(state.players))


def _check_charity(state: GameState, a: GiveCharity) -> None:
    require_turn(state, a.seat, "end")
    require(excess(state, a.seat) > 0, "you are within your hand limit")
    require_in_hand(state, a.seat, a.card)
    targets = charity_targets(state, a.seat)
    if not targets:
        require(a.to == -1, "you are the lowest level: discard the excess instead (to = -1)")
        return
    require(a.to in targets, f"charity goes to the lowest-level player(s): seat {', '.join(map(str, targets))}")
    counts = {t: state.charity.count(t) for t in targets}
    require(
        counts[a.to] == min(counts.values()),
        "split the excess as evenly as possible: give to someone who has had fewer",
    )


def _charity_candidates(state: GameState, seat: int) -> Iterator[GiveCharity]:
    if excess(state, seat) == 0 or seat != state.active:
        return
    targets = charity_targets(state, seat) or [-1]
    for card in state.players[seat].hand:
        for to in targets:
            yield GiveCharity(seat, card, to)


@rule(GiveCharity, _check_charity, _charity_candidates)
def give_charity(state: GameState, a: GiveCharity) -> tuple[GameState, list[Event]]:
    p = state.players[a.seat]
    state = with_player(state, a.seat, hand=without(p.hand, a.card))
    if a.to == -1:
        return discard(state, a.card), [Event("charity", {"seat": a.seat, "to": -1, "card": a.card})]
    q = state.players[a.to]
    state = with_player(state, a.to, hand=(*q.hand, a.card), received=(*q.received, a.card))
    state = replace(state, charity=(*state.charity, a.to))
    return state, [Event("charity", {"seat": a.seat, "to": a.to}, {"card": a.card}, frozenset({a.seat, a.to}))]
