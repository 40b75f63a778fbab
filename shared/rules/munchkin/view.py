"""What one seat may see of the table: its own hand, everybody's public cards, counts for the rest.

This is the only function that decides visibility; deck order, other hands and the RNG never leave it.
"""

from __future__ import annotations

from typing import Any

from ..base import Wire
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
from .state import Bribe, Combat, Decision, GameState, Player


def _player(state: GameState, p: Player) -> dict[str, Wire]:
    return {
        "name": p.name,
        "sex": p.sex,
        "level": p.level,
        "races": list(p.races),
        "classes": list(p.classes),
        "half_breed": p.half_breed,
        "super_munchkin": p.super_munchkin,
        "items": [
            {"card": c.card, "equipped": c.equipped, "cheat": c.cheat, "on_hireling": c.on_hireling} for c in p.items
        ],
        "hireling": p.hireling,
        "curses": list(p.curses),
        "hand_count": len(p.hand),
        "dead": p.dead,
        "gear": gear_bonus(state, p),
        "epic": is_epic(state, p),  # E01
        "pet": p.pet,  # E04: an Epic Human's pet, in play
        "charmed": p.charmed,  # F06
        "trade_locked": list(p.trade_locked),  # M46 (Christmas Lite)
    }


def _bribe(b: Bribe, fighter: Player) -> dict[str, Wire]:
    """A bribe is public: the fighter names it aloud, cards promised from the hand too (R06). What the fighter
    no longer has (lost, looted from the corpse) is no longer promised, nor shown where it went."""
    return {
        "items": [c for c in b.items if c in fighter.item_cards],
        "treasures": b.treasures,
        "helper_first": b.helper_first,
        "cards": [c for c in b.cards if c in fighter.hand],
    }


def _combat(state: GameState, seat: int | None) -> dict[str, Wire] | None:
    c = state.combat
    if c is None:
        return None
    flight = c.flight
    offer = c.offer
    return {
        "fighter": c.fighter,
        "helper": c.helper,
        "helper_forced": c.helper_forced,
        "step": c.step,
        "resolving": c.resolving,
        "monsters": [
            {
                "card": m.card,
                "base": m.base,
                "enhancers": list(m.enhancers),
                "inherited": list(m.inherited),
                "level": monster_level(state, m),
                "undead": is_undead(state, m),
            }
            for m in c.monsters
        ],
        "conditions": sorted(conditions(state, c)),
        "monsters_strength": monsters_strength(state, c),
        "fighters_strength": fighters_strength(state, c),
        "fighters_winning": fighters_win(state, c),
        # Each strength term by term (public cards and numbers only), for the table to explain its totals.
        "monsters_parts": [part.to_wire() for part in monster_parts(state, c)],
        "fighters_parts": [part.to_wire() for part in fighter_parts(state, c)],
        "one_shots": [{"card": o.card, "seat": o.seat, "side": o.side} for o in c.one_shots],
        "bonuses": [list(b) for b in c.bonuses],
        "monster_bonus": c.monster_bonus,
        "bribe": _bribe(c.bribe, state.players[c.fighter]),
        "offer": None if offer is None else _bribe(offer, state.players[c.fighter]),
        "asked": c.asked,  # the one player the open call went to; -1: everyone
        "volunteers": list(c.volunteers),
        **_help_preview(state, c, seat),
        "declined": list(c.declined),
        "passed": list(c.passed),
        "removed": list(c.removed),
        "flight": None
        if flight is None
        else {
            "order": list(flight.order),
            "remaining": list(flight.remaining),
            "caught_by": flight.caught_by,
            "roll": flight.roll,
        },
        "spoils": list(c.spoils),  # drawn face up: everyone sees them (M20)
        "pick_order": list(c.pick_order),
    }


def _help_preview(state: GameState, c: Combat, seat: int | None) -> dict[str, Wire]:
    """The help form's figures, for those who decide: the fighter sees what every seat that may be asked
    would add; an asked seat sees what its own help would change. Strengths are public; this only spares
    everyone else the work."""
    asking, asked = c.step == "fight" and c.helper is None, c.step == "help"
    if seat is None or not (asking or asked) or (seat != c.fighter and not (asked and seat in asked_seats(state, c))):
        return {"help_previews": []}
    previews = help_previews(state) if seat == c.fighter else (help_preview(state, seat),)
    return {
        "help_previews": [
            {"seat": h.seat, "adds": h.adds, "fighters": h.fighters, "monsters": h.monsters, "winning": h.winning}
            for h in previews
        ],
    }


def _decision(d: Decision, seat: int | None) -> dict[str, Wire]:
    out: dict[str, Any] = {"kind": d.kind, "seat": d.seat, "count": d.count, "source": d.source}
    if d.kind == "lose_item":
        out["cards"] = list(d.cards)  # items in play: public
    elif d.kind == "lose_cards":
        out["cards"] = list(d.cards) if seat == d.seat else []  # hand cards: the victim's secret
    elif d.kind in ("outrun_curse", "door_order", "doors_waiting", "resurrect", "curse_cast"):
        # the curse cast, the Doors kicked open face up (E03), the Treasures raised from the discards (R09): public
        out["cards"] = list(d.cards)
    elif d.kind == "trade":
        out["give"], out["take"] = list(d.give), list(d.take)
    return out


def player_view(state: GameState, seat: int | None, waiting_for: frozenset[int]) -> dict[str, Wire]:
    """`seat` None is a spectator: nobody's hand."""
    return {
        "game": "munchkin",
        "packs": list(state.catalog.packs),
        "options": state.options.to_wire(),
        "you": seat,
        "turn": state.turn,
        "active": state.active,
        "phase": state.phase,
        "met_monster": state.met_monster,
        "ready": list(state.ready),
        "players": [_player(state, p) for p in state.players],
        "hand": list(state.players[seat].hand) if seat is not None else [],
        "decks": {  # counts only; Fairy Dust: its mini-deck and the cards gone out of the game (F01)
            "door": len(state.door_deck),
            "treasure": len(state.treasure_deck),
            "fairy_dust": len(state.fairy_dust_deck),
            "fairy_dust_out": len(state.fairy_dust_out),
        },
        "discards": {  # only the top card of each pile is visible (M04)
            "door": {"top": state.door_discard[-1] if state.door_discard else None, "count": len(state.door_discard)},
            "treasure": {
                "top": state.treasure_discard[-1] if state.treasure_discard else None,
                "count": len(state.treasure_discard),
            },
        },
        "combat": _combat(state, seat),
        "decisions": [_decision(d, seat) for d in state.decisions],
        "corpse": list(state.corpse),
        "waiting_for": sorted(waiting_for),
        "winners": list(state.winners),
    }
