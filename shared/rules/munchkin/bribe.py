"""Paying a bribe (M31, R06): what the fighter promised for help changes hands once the combat is over."""

from __future__ import annotations

from ..base import Event
from .events import BribePaid
from .handover import move_items
from .state import Combat, GameState, with_player, without


def pay_bribe(state: GameState, combat: Combat) -> tuple[GameState, list[Event]]:
    """R06: the bribe's items change hands after the combat, by the trade rules (003): Christmas Lite's wait on
    selling applies (M46), and the Big-item limit (R04); until then the fighter kept using them. Cards promised
    from the hand join the helper's hand, playable at once (M17). What is no longer the fighter's to give (lost
    to Bad Stuff, to a curse, to death) is named as missing; a helper who left the fight, or died, gets nothing."""
    bribe, helper, fighter = combat.bribe, combat.helper, combat.fighter
    if helper is None or not (bribe.items or bribe.cards) or state.players[helper].dead:
        return state, []
    p = state.players[fighter]
    items = tuple(c for c in bribe.items if c in p.item_cards)
    cards = tuple(c for c in bribe.cards if c in p.hand)
    missing = [c for c in (*bribe.items, *bribe.cards) if c not in items + cards]
    state = move_items(state, fighter, helper, items)
    q = state.players[helper]
    locked = q.trade_locked + items if state.options.trade_cooldown else q.trade_locked
    state = with_player(state, fighter, hand=without(state.players[fighter].hand, *cards))
    q = state.players[helper]
    state = with_player(state, helper, hand=q.hand + cards, received=q.received + cards, trade_locked=locked)
    return state, [BribePaid(seat=fighter, helper=helper, items=list(items), cards=list(cards), missing=missing)]
