"""Cancelling a curse as it is cast (R18): each living player in turn may play a card that says so; cancelling a
curse cast on someone else is rewarded with a Fairy Dust card (F02)."""

from __future__ import annotations

from collections.abc import Iterator

from ..base import Event, NotYourDecision
from .actions import CancelCurse, LetCurseStrike
from .combat import card_played_in_combat
from .events import CurseCancelled
from .fairy import dust_for
from .flow import CURSE_CAST, curse_cancellers, curse_strikes, next_to_answer
from .rulebook import Rules, refuse, require
from .state import Decision, GameState, discard, evolve, with_player, without

RULES = Rules()  # this module's rules, in the order legal actions list them
rule = RULES.rule


def _asked(state: GameState, seat: int) -> Decision:
    require(bool(state.decisions), "no curse is being cast", NotYourDecision)
    d = state.decisions[0]
    require(d.kind == CURSE_CAST and d.seat == seat, "no curse is waiting for your answer", NotYourDecision)
    return d


def _check_cancel(state: GameState, a: CancelCurse) -> None:
    _asked(state, a.seat)
    if a.card not in curse_cancellers(state, a.seat):
        refuse(f"{a.card} is not a card of yours that cancels a curse")


def _check_let_strike(state: GameState, a: LetCurseStrike) -> None:
    _asked(state, a.seat)


def _cancel_candidates(state: GameState, seat: int) -> Iterator[CancelCurse]:
    return (CancelCurse(seat, c) for c in curse_cancellers(state, seat)[:1])


@rule(CancelCurse, _check_cancel, _cancel_candidates, sampled=("card",))
def cancel_curse(state: GameState, a: CancelCurse) -> tuple[GameState, list[Event]]:
    d = state.decisions[0]
    curse, target = d.cards[0], d.source
    p = state.players[a.seat]
    if a.card in p.hand:
        state = with_player(state, a.seat, hand=without(p.hand, a.card))
    else:
        state = with_player(state, a.seat, items=tuple(c for c in p.items if c.card != a.card))
    state = discard(evolve(state, decisions=state.decisions[1:]), curse, a.card)
    events: list[Event] = [CurseCancelled(seat=a.seat, target=target, card=curse, with_card=a.card)]
    if a.seat != target:  # F02: cancelling a curse cast at another player
        state, more = dust_for(state, a.seat, 1, "cancelled_a_curse")
        events += more
    return card_played_in_combat(state), events


@rule(LetCurseStrike, _check_let_strike, lambda state, seat: [LetCurseStrike(seat)])
def let_curse_strike(state: GameState, a: LetCurseStrike) -> tuple[GameState, list[Event]]:
    """The next player is asked; after the last, the curse strikes (an Epic Wizard may still outrun it)."""
    d = state.decisions[0]
    rest = state.decisions[1:]
    following = next_to_answer(state, d.source, a.seat)
    if following is not None:
        return evolve(state, decisions=(Decision(CURSE_CAST, following, d.cards, source=d.source), *rest)), []
    state, events = curse_strikes(evolve(state, decisions=rest), d.source, d.cards[0])
    return card_played_in_combat(state), events
