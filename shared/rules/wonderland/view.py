"""What one seat may see of a Wonderland game: its own hand, public cards and positions, counts for the rest.

Deck order and the random generator never appear; other hands and Gold stay hidden until the game is over.
"""

from __future__ import annotations

from ..base import Wire
from .engine import outcome
from .fight import monster_power, munchkin_power
from .state import WonderlandState, gold


def player_view(state: WonderlandState, seat: int | None) -> dict[str, Wire]:
    """The game as `seat` sees it (None: a spectator, who sees only what is public). The seat's legal actions and
    the seats to act travel beside the view (the host's state), so the view does not repeat them."""
    if seat is not None and not 0 <= seat < state.players:
        raise ValueError(f"there is no seat {seat} at this table")
    result = outcome(state)
    view: dict[str, Wire] = {
        "game": "wonderland",
        "seat": seat,
        "packs": list(state.catalog.packs),
        "board": state.board.to_wire(),
        "turn": state.turn,
        "active": state.active,
        "phase": state.phase,
        "die": state.die or None,
        "players": [
            {
                "seat": s,
                "name": state.seats[s].name,
                "sex": state.seats[s].sex,
                "position": state.positions[s],
                "friends": list(state.friends[s]),
                "hand_count": len(state.hands[s]),
            }
            for s in range(state.players)
        ],
        "treasure_deck": len(state.treasure_deck),
        "monster_deck": len(state.monster_deck),
        # Discards lie face up: every played or lost Treasure and every fought Monster card was seen.
        "treasure_discard": list(state.treasure_discard),
        "monster_discard": list(state.monster_discard),
        "fight": _fight_view(state),
        "hand": list(state.hands[seat]) if seat is not None else None,
        "gold": gold(state, seat) if seat is not None else None,
        "outcome": None,
    }
    if result is not None:
        # W18: at the end everybody adds up the Gold in hand, so hands and Gold become public.
        view["outcome"] = {
            "winners": list(result.winners),
            "reason": result.reason,
            "gold": [gold(state, s) for s in range(state.players)],
            "hands": [list(h) for h in state.hands],
        }
    return view


def _fight_view(state: WonderlandState) -> dict[str, Wire] | None:
    fight = state.fight
    if fight is None:
        return None
    room = state.board.rooms[fight.room]
    return {
        "room": fight.room,
        "monster": room.monster,
        "fighter": fight.fighter,
        "helper": fight.helper,
        "monster_cards": list(fight.monster_cards),
        "dice": [{"owner": d.owner, "face": d.face} for d in fight.dice],
        "fighter_bonus": fight.fighter_bonus,
        "helper_bonus": fight.helper_bonus,
        "monster_power": monster_power(state),
        "munchkin_power": munchkin_power(state),
        "asked": list(fight.asked),
        "pending_ask": fight.pending_ask,
        "rewards": list(fight.rewards),  # only ever filled by a helped win, whose Treasures are shown to all
    }
