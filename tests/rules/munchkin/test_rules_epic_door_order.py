"""Rule tests E03 (part): an Epic kicker who turns over two different curses chooses which strikes first."""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgpack
import pytest

from doorkick.shared.bots.munchkin_normal import MunchkinNormal
from doorkick.shared.rules.base import IllegalAction, MalformedAction, NotYourDecision, WrongTime
from doorkick.shared.rules.munchkin import RULESET
from doorkick.shared.rules.munchkin.actions import (
    AcceptCurse,
    ChooseDoorOrder,
    ChooseLoss,
    KickOpenTheDoor,
    LootTheRoom,
)

if TYPE_CHECKING:
    from conftest import Table, Variant


def two_curses(variant: Variant) -> Table:
    """Seat 0, Epic, wearing armor, a helmet and a sword, kicks open Lose an Item and Lose Your Armor."""
    t = variant(epic=True).level(0, 12).wear(0, "armor", "helmet#1", "sword#1")
    return t.door_on_top("curse-any", "curse-armor").act(KickOpenTheDoor(0))


def test_E03_two_different_curses_wait_for_the_kicker_to_order_them(variant: Variant) -> None:
    t = two_curses(variant)
    d = t.state.decisions[0]
    assert (d.kind, d.seat, d.cards) == ("door_order", 0, ("curse-any", "curse-armor"))
    assert [c.card for c in t.player(0).items] == ["armor", "helmet#1", "sword#1"]  # nothing struck yet
    assert RULESET.seats_to_act(t.state) == frozenset({0})
    assert t.legal(0) == [
        ChooseDoorOrder(0, ("curse-any", "curse-armor")),
        ChooseDoorOrder(0, ("curse-armor", "curse-any")),
    ]
    assert t.legal(1) == [] and t.legal(2) == []
    assert t.event_kinds().count("kicked_door") == 2


def test_E03_the_pending_curses_are_public(variant: Variant) -> None:
    t = two_curses(variant)
    for seat in (None, 0, 1):
        view = RULESET.player_view(t.state, seat)
        assert view["decisions"] == [
            {"kind": "door_order", "seat": 0, "count": 1, "source": -1, "cards": ["curse-any", "curse-armor"]}
        ]
        assert view["waiting_for"] == [0]


def test_E03_armor_curse_first_then_the_item_curse_takes_another(variant: Variant) -> None:
    t = two_curses(variant).act(ChooseDoorOrder(0, ("curse-armor", "curse-any")))
    assert [c.card for c in t.player(0).items] == ["helmet#1", "sword#1"]  # the armor went at once
    d = t.state.decisions[0]
    assert (d.kind, d.cards) == ("lose_item", ("helmet#1", "sword#1"))
    t.act(ChooseLoss(0, "sword#1"))
    assert [c.card for c in t.player(0).items] == ["helmet#1"] and not t.state.decisions
    assert {"curse-any", "curse-armor", "armor", "sword#1"} <= set(t.state.door_discard + t.state.treasure_discard)
    assert t.legal(0).count(LootTheRoom(0)) == 1  # the turn goes on: no monster behind these Doors


def test_E03_item_curse_first_the_armor_curse_waits_for_that_choice(variant: Variant) -> None:
    t = two_curses(variant).act(ChooseDoorOrder(0, ("curse-any", "curse-armor")))
    assert [d.kind for d in t.state.decisions] == ["lose_item", "doors_waiting"]
    assert t.state.decisions[1].cards == ("curse-armor",)
    assert RULESET.seats_to_act(t.state) == frozenset({0})
    t.act(ChooseLoss(0, "armor"))  # given up to the first curse: the second finds no armor to take
    assert [c.card for c in t.player(0).items] == ["helmet#1", "sword#1"] and not t.state.decisions
    assert "curse-armor" in t.state.door_discard


def test_E03_the_order_is_announced(variant: Variant) -> None:
    t = two_curses(variant).act(ChooseDoorOrder(0, ("curse-armor", "curse-any")))
    chosen = [e for e in t.events if e.kind == "door_order"]
    assert [e.for_seat(None) for e in chosen] == [
        {"type": "door_order", "seat": 0, "order": ["curse-armor", "curse-any"]}
    ]


def test_E03_an_order_naming_other_cards_is_refused(variant: Variant) -> None:
    t = two_curses(variant)
    message = "order the Doors turned over, each named once: curse-any and curse-armor"
    t.refuses(ChooseDoorOrder(0, ("curse-any", "curse-hat")), IllegalAction, message)
    t.refuses(ChooseDoorOrder(0, ("curse-any", "curse-any")), IllegalAction, message)
    t.refuses(ChooseDoorOrder(0, ("curse-armor",)), IllegalAction, message)
    t.refuses(ChooseDoorOrder(0, ("curse-armor", "curse-any", "curse-any")), IllegalAction, message)
    t.refuses(ChooseDoorOrder(0, ()), IllegalAction, message)


def test_E03_only_the_kicker_orders_the_doors(variant: Variant) -> None:
    t = two_curses(variant)
    t.refuses(ChooseDoorOrder(1, ("curse-any", "curse-armor")), NotYourDecision, "someone else's decision")
    t.refuses(ChooseDoorOrder(9, ("curse-any", "curse-armor")), NotYourDecision, "there is no seat 9")


def test_E03_nothing_else_happens_until_the_order_is_chosen(variant: Variant) -> None:
    t = two_curses(variant)
    t.refuses(LootTheRoom(0), WrongTime, r"waits for seat 0 to decide \(door_order\)")


def test_E03_no_order_to_choose_without_such_a_kick(variant: Variant) -> None:
    t = variant(epic=True).level(0, 12)
    t.refuses(ChooseDoorOrder(0, ("curse-any", "curse-armor")), NotYourDecision, "nothing is waiting")
    t.door_on_top("ghoul#1", "curse-level#1").act(KickOpenTheDoor(0))  # a curse and a monster: the order is fixed
    assert not t.state.decisions and t.state.combat is not None and t.player(0).level == 11


def test_E03_two_copies_of_one_curse_strike_without_asking(variant: Variant) -> None:
    t = variant(epic=True).level(0, 12).door_on_top("curse-level#1", "curse-level#2").act(KickOpenTheDoor(0))
    assert not t.state.decisions and t.player(0).level == 10


def test_E03_a_curse_that_kills_leaves_the_other_unmet(variant: Variant) -> None:
    t = variant(epic=True).level(0, 12).door_on_top("curse-doom", "curse-level#1").act(KickOpenTheDoor(0))
    doom_first = t.act(ChooseDoorOrder(0, ("curse-doom", "curse-level#1")))
    assert doom_first.player(0).dead and doom_first.player(0).level == 12
    assert "curse-level#1" in doom_first.state.door_discard
    t = variant(epic=True).level(0, 12).door_on_top("curse-doom", "curse-level#1").act(KickOpenTheDoor(0))
    level_first = t.act(ChooseDoorOrder(0, ("curse-level#1", "curse-doom")))
    assert level_first.player(0).dead and level_first.player(0).level == 11


def test_E03_a_monster_waits_until_the_curse_s_loss_is_chosen(variant: Variant) -> None:
    t = variant(epic=True).level(0, 12).wear(0, "helmet#1", "sword#1")
    t.door_on_top("ghoul#1", "curse-any").act(KickOpenTheDoor(0))
    assert t.state.combat is None and [d.kind for d in t.state.decisions] == ["lose_item", "doors_waiting"]
    t.act(ChooseLoss(0, "helmet#1"))
    assert t.state.combat is not None and t.combat.monsters[0].card == "ghoul#1" and not t.state.decisions


def test_E03_an_epic_wizard_outruns_each_curse_in_the_order_chosen(variant: Variant) -> None:
    t = variant(epic=True).klass(0, "epic-wizard").level(0, 12).wear(0, "armor").hand(0, "rat#1")
    t.door_on_top("curse-armor", "curse-level#1").act(KickOpenTheDoor(0))
    t.act(ChooseDoorOrder(0, ("curse-level#1", "curse-armor")))
    assert [d.kind for d in t.state.decisions] == ["outrun_curse", "doors_waiting"]
    assert t.state.decisions[0].cards == ("curse-level#1",)
    t.act(AcceptCurse(0))
    assert t.player(0).level == 11 and t.state.decisions[0].cards == ("curse-armor",)  # now the second one
    t.act(AcceptCurse(0))
    assert t.player(0).items == () and not t.state.decisions


def test_E03_the_order_action_round_trips_through_the_wire(variant: Variant) -> None:
    action = ChooseDoorOrder(0, ("curse-armor", "curse-any"))
    wire = action.to_wire()
    assert wire == {"type": "choose_door_order", "seat": 0, "order": ["curse-armor", "curse-any"]}
    decoded = RULESET.action_from_wire(msgpack.unpackb(msgpack.packb(wire)))
    assert decoded == action
    t = two_curses(variant).act(decoded)
    assert [c.card for c in t.player(0).items] == ["helmet#1", "sword#1"]
    with pytest.raises(MalformedAction):
        RULESET.action_from_wire({"type": "choose_door_order", "seat": 0, "order": "curse-any"})


def test_E03_the_normal_bot_orders_the_curses_to_lose_less(variant: Variant) -> None:
    # Hat first: the helmet goes, then the bot gives up its cheaper other item. Item curse first: the bot gives
    # up the helmet, and the hat curse finds no hat.
    t = variant(epic=True).level(0, 12).wear(0, "armor", "helmet#1", "sword#1")
    t.door_on_top("curse-hat", "curse-any").act(KickOpenTheDoor(0))
    assert t.legal(0)[0] == ChooseDoorOrder(0, ("curse-hat", "curse-any"))
    for seed in range(3):
        assert MunchkinNormal(seed).choose(RULESET, t.state, 0) == ChooseDoorOrder(0, ("curse-any", "curse-hat"))


def test_E03_random_epic_games_with_curses_on_top_keep_every_invariant() -> None:
    """Easy bots at an Epic table whose Door deck starts with all its curses: many ordered pairs, held Doors."""
    from collections import Counter
    from dataclasses import replace

    from doorkick.shared.bots.easy import EasyBot
    from doorkick.shared.rules.base import SeatSetup
    from doorkick.shared.rules.munchkin.state import all_cards

    seen: Counter[str] = Counter()
    for seed in range(12):
        state = RULESET.new_game(tuple(SeatSetup(f"P{i}") for i in range(4)), seed, ("core", "epic"), ["epic"])
        curses = tuple(c for c in state.door_deck if state.card(c).kind == "curse")
        rest = tuple(c for c in state.door_deck if c not in curses)
        players = tuple(replace(p, level=10) for p in state.players)
        state = replace(state, door_deck=curses + rest, players=players)
        total = Counter(all_cards(state))
        bots = [EasyBot(seed * 31 + i) for i in range(4)]
        for step in range(1500):
            if RULESET.outcome(state) is not None:
                break
            waiting = sorted(RULESET.seats_to_act(state))
            if state.decisions:
                seen[state.decisions[0].kind] += 1
                assert state.decisions[0].kind != "doors_waiting", "held Doors left at the head of the queue"
                for seat in range(4):  # what is offered is accepted, and only the deciding seat is offered it
                    legal = list(RULESET.legal_actions(state, seat))
                    assert bool(legal) == (seat in waiting)
                    for listed in legal:
                        RULESET.apply(state, listed)
            seat = waiting[step % len(waiting)]
            action = bots[seat].choose(RULESET, state, seat)
            assert action is not None, f"seat {seat} is waited for but has no legal action"
            state, _ = RULESET.apply(state, action)
            assert Counter(all_cards(state)) == total, "cards were created or lost"
            seen.update(d.kind for d in state.decisions[1:] if d.kind == "doors_waiting")
    assert seen["door_order"] >= 20 and seen["doors_waiting"] >= 5, seen
