"""The turn: setting up, kicking open the door, looking for trouble or looting, charity, passing left, winning."""

from __future__ import annotations

from collections.abc import Iterator
from types import MappingProxyType
from typing import Final

from msgspec import UNSET

from ..base import SEXES, Event, NotYourDecision, SeatSetup, WrongTime
from ..rng import Rng
from .actions import EndTurn, FinishSetup, GiveCharity, KickOpenTheDoor, LookForTrouble, LootTheRoom
from .cards import load_munchkin_packs
from .character import hand_limit, has_ability, is_epic
from .combat import card_played_in_combat, start_combat
from .effects import apply_effects, ask, draw_into_hand
from .events import (
    Charity,
    Cursed,
    DoorBonus,
    FirstPlayer,
    GameStarted,
    KickedDoor,
    LookingForTrouble,
    Looted,
    MonsterJoins,
    Ready,
    Resurrected,
    RolledForFirst,
    Turn,
)
from .kinds import Deck
from .options import Options
from .rulebook import Rules, others, refuse, require, require_in_hand, require_turn
from .state import (
    Catalog,
    CombatMonster,
    Decision,
    GameState,
    Player,
    discard,
    draw,
    evolve,
    hand_of_kind,
    roll,
    take_from_hand,
    with_player,
    without,
)

RULES = Rules()  # this module's rules, in the order legal actions list them
rule = RULES.rule

DEAL = 4  # M02: four Doors and four Treasures each
FAIRY_TOP = 12  # F01 option: "the top inch or so" of the Door deck the Sparkly Good Fairy is shuffled into
CHRISTMAS_ALONE = (3, 4)  # C01: Christmas Lite alone seats 3-4; mixed with other packs, up to 6


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
    if set(packs) == {"christmas"} and not CHRISTMAS_ALONE[0] <= len(seats) <= CHRISTMAS_ALONE[1]:
        raise ValueError("Christmas Lite alone is played by 3 or 4 players; mix in another pack for 5-6 (C01)")
    catalog = build_catalog(packs)
    rng = Rng.from_seed(seed)
    doors, rng = rng.shuffled(sorted(c for c, d in catalog.defs.items() if d.deck == "door"))
    treasures, rng = rng.shuffled(sorted(c for c, d in catalog.defs.items() if d.deck == "treasure"))
    dust, rng = rng.shuffled(sorted(c for c, d in catalog.defs.items() if d.deck == "fairy_dust"))
    players = tuple(Player(name=s.name, sex=s.sex) for s in seats)
    options = options or Options.defaults_for(packs)
    state = GameState(catalog, options, rng, players, doors, treasures, fairy_dust_deck=dust)
    events: list[Event] = [GameStarted(seats=len(seats), packs=list(packs))]
    for seat in range(len(seats)):
        for deck in ("door", "treasure"):
            state, ev = draw_into_hand(state, seat, deck, DEAL, face_up=False)
            events += ev
    if options.fairy_dust_on_top:
        state = fairy_into_top(state, FAIRY_TOP)
    first, state = _roll_for_first(state, list(range(len(seats))), events)
    state = evolve(state, active=first)
    events.append(FirstPlayer(seat=first))
    return state, events


def fairy_into_top(state: GameState, depth: int) -> GameState:
    """Shuffle every Sparkly Good Fairy still in the Door deck into its top `depth` cards (F01 option, F05)."""
    fairies = tuple(c for c in state.door_deck if state.card(c).fairy)
    if not fairies:
        return state
    rest = tuple(c for c in state.door_deck if c not in fairies)
    top, rng = state.rng.shuffled((*rest[:depth], *fairies))
    return evolve(state, rng=rng, door_deck=(*top, *rest[depth:]))


def _roll_for_first(state: GameState, seats: list[int], events: list[Event]) -> tuple[int, GameState]:
    """Everyone rolls; the highest goes first, ties roll again (M01)."""
    while True:
        rolls = []
        for seat in seats:
            state, value = roll(state)
            rolls.append((value, seat))
        events.append(RolledForFirst(rolls=[[s, v] for v, s in rolls], seed=state.rng.throw_seed()))
        best = max(v for v, _ in rolls)
        seats = [s for v, s in rolls if v == best]
        if len(seats) == 1:
            return seats[0], state


def start_turn(state: GameState, seat: int) -> tuple[GameState, list[Event]]:
    """The dead come back (M36); a new character draws 4 + 4; with X02, a face-down Door first."""
    players = tuple(evolve(p, dead=False, used_this_turn=(), received=()) for p in state.players)
    # The Fairy's charm and the wait on traded items last until the player's own next turn (F06, M46).
    players = tuple(
        evolve(p, charmed=False, trade_locked=()) if s == seat and (p.charmed or p.trade_locked) else p
        for s, p in enumerate(players)
    )
    state = evolve(
        state, players=players, active=seat, turn=state.turn + 1, phase="start", met_monster=False, charity=()
    )
    events: list[Event] = [Turn(seat=seat, turn=state.turn)]
    for card in state.players[seat].curses:  # curses that work "on your next turn" (C04)
        if state.card(card).duration == "next_turn" and not state.players[seat].dead:
            state = with_player(state, seat, curses=without(state.players[seat].curses, card))
            state, more = _curse_takes_effect(state, seat, card)
            events += more
    if state.players[seat].fresh:
        state = with_player(state, seat, fresh=False)
        for deck in ("door", "treasure"):
            state, ev = draw_into_hand(state, seat, deck, DEAL, face_up=False)
            events += ev
    if state.options.listening_at_the_door:
        state, ev = draw_into_hand(state, seat, "door", 1, face_up=False)
        events += ev
    return state, events


# --- setup ---------------------------------------------------------------------------------------------


def _check_finish_setup(state: GameState, a: FinishSetup) -> None:
    require(state.phase == "setup", "setup is over", WrongTime)
    require(a.seat not in state.ready, "you have already finished setting up", NotYourDecision)


@rule(FinishSetup, _check_finish_setup, lambda state, seat: [FinishSetup(seat)])
def finish_setup(state: GameState, a: FinishSetup) -> tuple[GameState, list[Event]]:
    state = evolve(state, ready=(*state.ready, a.seat))
    events: list[Event] = [Ready(seat=a.seat)]
    if len(state.ready) == len(state.players):
        state, more = start_turn(evolve(state, turn=0), state.active)
        events += more
    return state, events


# --- kicking open the door (M12) ----------------------------------------------------------------------


def _check_kick(state: GameState, a: KickOpenTheDoor) -> None:
    require_turn(state, a.seat, "start")
    paid = [c for c in (a.resurrect, a.resurrect_second) if c]
    if not paid:
        return
    require(has_ability(state, a.seat, "resurrect"), "only a Cleric can resurrect")
    if a.resurrect_second:
        require(doors_per_kick(state, a.seat) == 2, "only an Epic kick turns over a second Door (E03)")
    require(len(set(paid)) == len(paid), "each Door taken from the discards costs a card of its own")
    for card in paid:
        require_in_hand(state, a.seat, card)
    if len(state.door_discard) < len(paid):
        refuse(f"the Door discard pile holds {len(state.door_discard)} card(s)")


def _kick_candidates(state: GameState, seat: int) -> Iterator[KickOpenTheDoor]:
    yield KickOpenTheDoor(seat)
    p = state.players[seat]
    if p.hand and state.door_discard and has_ability(state, seat, "resurrect"):
        yield KickOpenTheDoor(seat, resurrect=p.hand[0])
        if doors_per_kick(state, seat) == 2:  # R09: an Epic kick's second Door may come from the discards too
            yield KickOpenTheDoor(seat, resurrect_second=p.hand[0])


def doors_per_kick(state: GameState, seat: int) -> int:
    """How many Doors a kick turns over: two for an Epic character (E03)."""
    return 2 if is_epic(state, state.players[seat]) else 1


def _door_rank(state: GameState, card: str) -> int:
    """E03's order: curses; other cards; monsters; then monster enhancers and Mates, which apply to a monster."""
    kind = state.card(card).kind
    return {"curse": 0, "monster": 2, "enhancer": 3, "mate": 3}.get(kind, 1)


@rule(KickOpenTheDoor, _check_kick, _kick_candidates, sampled=("resurrect", "resurrect_second"))
def kick_open_the_door(state: GameState, a: KickOpenTheDoor) -> tuple[GameState, list[Event]]:
    events: list[Event] = []
    doors: list[str] = []
    # Cleric's Resurrection (R09: each face-up Door of the kick): the top of the discards instead of a draw,
    # paid with a hand card. Every Door is taken before any payment is discarded, so none takes its own back.
    # The Doors paid for leave the discards first: a draw that empties the deck reshuffles the discards.
    payments = (a.resurrect, a.resurrect_second)[: doors_per_kick(state, a.seat)]
    raised: list[tuple[str, str]] = []
    for payment in payments:
        if payment:
            raised.append((state.door_discard[-1], payment))
            state = evolve(state, door_discard=state.door_discard[:-1])
    tops = iter(raised)
    for payment in payments:
        if payment:
            doors.append(next(tops)[0])
            continue
        state, card, more = draw(state, "door")
        events += more
        if card is None:
            continue  # nothing left to draw; a Door paid for still comes
        doors.append(card)
    for card, payment in raised:
        state = discard(take_from_hand(state, a.seat, payment), payment)
        events.append(Resurrected(seat=a.seat, card=card, discarded=payment))
    state = evolve(state, phase="door")
    if len(doors) > 1:  # E03: curses, then everything else, the monsters last
        doors.sort(key=lambda c: _door_rank(state, c))
    events += [KickedDoor(seat=a.seat, card=card) for card in doors]
    if _order_is_chosen(state, doors):  # E03: the kicker picks which curse strikes first (ChooseDoorOrder)
        return ask(state, Decision(DOOR_ORDER, a.seat, tuple(doors))), events
    state, more = resolve_doors(state, a.seat, tuple(doors))
    return state, events + more


DOOR_ORDER: Final = "door_order"  # the Decision of an Epic kicker whose two curses strike in the order chosen (E03)
# kicked Doors held behind a decision: no seat's choice, the engine resolves them
DOORS_WAITING: Final = "doors_waiting"


def _order_is_chosen(state: GameState, doors: list[str]) -> bool:
    """E03: curses strike in the order the player chooses. With a curse and anything else the rulebook's order
    is fixed; two copies of one curse strike alike; cards other than curses go to the hand, to be played in
    whatever order the player likes, so only two different curses ask."""
    return (
        len(doors) == 2
        and all(state.card(c).kind == "curse" for c in doors)
        and state.card(doors[0]) != state.card(doors[1])
    )


def resolve_doors(state: GameState, seat: int, doors: tuple[str, ...]) -> tuple[GameState, list[Event]]:
    """The Doors of one kick take effect one by one, in the order given (E03). When one leaves a choice to make
    (what a curse takes, a corpse to loot, a curse to outrun), the rest wait face up behind it (DOORS_WAITING),
    so each meets the table as the one before left it; the engine goes on with them once the choices are made."""
    events: list[Event] = []
    for i, card in enumerate(doors):
        if state.players[seat].dead:  # a curse killed the drawer: nobody meets what is left
            state = discard(state, card)
            continue
        if state.decisions:
            return ask(state, Decision(DOORS_WAITING, seat, doors[i:])), events
        if state.card(card).kind in ("enhancer", "mate") and state.combat is not None:
            state, more = _bonus_on_kicked_monster(state, card)  # only a kick with two Doors gets here
        else:
            state, more = reveal_door(state, seat, card)
        events += more
    return state, events


def _bonus_on_kicked_monster(state: GameState, card: str) -> tuple[GameState, list[Event]]:
    """E03: an enhancer or a Mate turned over with a monster applies to it."""
    combat = state.combat
    assert combat is not None
    first = combat.monsters[0]
    if state.card(card).kind == "enhancer":
        monsters = (evolve(first, enhancers=(*first.enhancers, card)), *combat.monsters[1:])
    else:
        monsters = (*combat.monsters, CombatMonster(card, first.base, (), first.enhancers + first.inherited))
    state = card_played_in_combat(evolve(state, combat=evolve(combat, monsters=monsters)))
    return state, [DoorBonus(card=card, monster=0, monster_card=first.card)]


def reveal_door(state: GameState, seat: int, card: str) -> tuple[GameState, list[Event]]:
    """A face-up Door (M12): a monster is fought (joining a combat already begun), a curse strikes the
    drawer, anything else goes to the hand to be played at once or kept."""
    d = state.card(card)
    if d.kind == "monster":
        if state.combat is not None:
            combat = state.combat
            monsters = (*combat.monsters, CombatMonster(card, card))
            return evolve(state, combat=evolve(combat, monsters=monsters)), [MonsterJoins(card=card)]
        return start_combat(state, seat, card, by_kick=True)
    if d.kind == "curse":
        return strike_with_curse(state, seat, card)
    p = state.players[seat]
    return with_player(state, seat, hand=(*p.hand, card)), []


CURSE_CAST: Final = "curse_cast"  # the Decision of each player in turn whether to cancel the curse being cast (R18)


def cancels_curses(state: GameState, card: str) -> bool:
    return any(e.op == "cancel_curse" for e in state.card(card).effects)


def curse_cancellers(state: GameState, seat: int) -> tuple[str, ...]:
    """The one-shots in `seat`'s hand or in play in front of them that cancel a curse as it is cast (R18)."""
    p = state.players[seat]
    return tuple(c for c in (*p.hand, *p.item_cards) if state.card(c).kind == "one_shot" and cancels_curses(state, c))


def next_to_answer(state: GameState, target: int, after: int | None) -> int | None:
    """Who is asked next whether to cancel a curse cast on `target`: every living player in turn, the target
    first (R18)."""
    n = len(state.players)
    order = [s for s in ((target + i) % n for i in range(n)) if not state.players[s].dead]
    rest = order if after is None else order[order.index(after) + 1 :]
    return rest[0] if rest else None


def strike_with_curse(
    state: GameState,
    target: int,
    card: str,
    may_outrun: bool = True,
    may_cancel: bool = True,
    by: int | None = None,
) -> tuple[GameState, list[Event]]:
    """A curse is cast (`by` the player who cast it; none for a curse kicked open, so the log can say so). While
    some living player holds a card that cancels curses, everyone in turn may cancel it (R18): the table asks
    everybody, so that nobody's wait gives a hand away. Then it strikes."""
    events: list[Event] = [Cursed(seat=target, card=card, by=UNSET if by is None else by)]
    if may_outrun and may_cancel and any(curse_cancellers(state, s) for s, p in enumerate(state.players) if not p.dead):
        first = next_to_answer(state, target, None)
        if first is not None:
            return ask(state, Decision(CURSE_CAST, first, (card,), source=target)), events
    state, more = curse_strikes(state, target, card, may_outrun)
    return state, events + more


def curse_strikes(state: GameState, target: int, card: str, may_outrun: bool = True) -> tuple[GameState, list[Event]]:
    """A curse takes effect at once; a lasting one is kept in front of its victim (M37). One that works "on your
    next turn" waits in front of its victim, unless it is their turn already (C04). An Epic Wizard may first try
    to outrun it (E04)."""
    d = state.card(card)
    events: list[Event] = []
    p = state.players[target]
    if may_outrun and p.hand and has_ability(state, target, "outrun_curse"):
        state = evolve(state, decisions=(*state.decisions, Decision("outrun_curse", target, (card,))))
        return state, events
    if d.duration == "next_turn" and not (target == state.active and state.phase != "setup"):
        return with_player(state, target, curses=(*p.curses, card)), events
    state, more = _curse_takes_effect(state, target, card)
    return state, events + more


def _curse_takes_effect(state: GameState, target: int, card: str) -> tuple[GameState, list[Event]]:
    d = state.card(card)
    state, more = apply_effects(state, target, d.effects, card)
    events: list[Event] = []
    if d.duration not in ("instant", "next_turn") and not state.players[target].dead:
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
    lambda state, seat: (LookForTrouble(seat, c) for c in hand_of_kind(state, seat, "monster")),
)
def look_for_trouble(state: GameState, a: LookForTrouble) -> tuple[GameState, list[Event]]:
    state = take_from_hand(state, a.seat, a.monster)
    state, events = start_combat(state, a.seat, a.monster, by_kick=False)
    return state, [LookingForTrouble(seat=a.seat, card=a.monster), *events]


def _check_loot(state: GameState, a: LootTheRoom) -> None:
    require_turn(state, a.seat, "door")
    require(not state.met_monster, "who met a monster may not loot the room (M13)")


@rule(LootTheRoom, _check_loot, lambda state, seat: [LootTheRoom(seat)])
def loot_the_room(state: GameState, a: LootTheRoom) -> tuple[GameState, list[Event]]:
    deck: Deck = "treasure" if state.options.listening_at_the_door else "door"
    state, events = draw_into_hand(state, a.seat, deck, 1, face_up=False)
    return evolve(state, phase="end"), [Looted(seat=a.seat), *events]


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
    if over:
        refuse(f"you hold {over} card(s) over your hand limit: play them or give them away (M14)")


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
    if a.to not in targets:
        refuse(f"charity goes to the lowest-level player(s): seat {', '.join(map(str, targets))}")
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
    state = take_from_hand(state, a.seat, a.card)
    if a.to == -1:
        return discard(state, a.card), [Charity(seat=a.seat, to=-1, card=a.card)]
    q = state.players[a.to]
    state = with_player(state, a.to, hand=(*q.hand, a.card), received=(*q.received, a.card))
    state = evolve(state, charity=(*state.charity, a.to))
    return state, [Charity(seat=a.seat, to=a.to, card=a.card, seen_by=frozenset({a.seat, a.to}))]
