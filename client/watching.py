"""Which of a host's tables the big screen shows: the running ones, in the host's order, one after another.

Pure (no pygame, no sockets), so the choice is tested on its own. A table is running once it started and until
it finished; a table behind a password is not the room's to watch.
"""

from __future__ import annotations

from typing import Any

from ..shared.rules.munchkin.view import MunchkinView
from ..shared.viewer import GameView
from .words import plural

Table = dict[str, Any]


def running(tables: list[Table]) -> list[str]:
    """The ids of the tables playing now, in the order the host lists them."""
    return [
        str(t["table"])
        for t in tables
        if t.get("table") and t.get("started") and not t.get("finished") and not t.get("password")
    ]


def next_table(tables: list[Table], current: str | None, step: int = 1) -> str | None:
    """The running table `step` places after `current` (before it, for a negative step), round the list; the
    first running table when `current` is not one of them; None when no table runs."""
    ids = running(tables)
    if not ids:
        return None
    if current not in ids:
        return ids[0] if step >= 0 else ids[-1]
    return ids[(ids.index(current) + step) % len(ids)]


def ranking(view: GameView) -> list[tuple[int, str]]:
    """Who is winning, best first, each seat with its score in words. Munchkin: by level. Wonderland: by Gold once
    the game is over (Gold stays in hidden hands until then), before that by the cards held and Friends in play."""
    keyed: list[tuple[tuple[int, int], int, str]]
    if isinstance(view, MunchkinView):
        keyed = [((p.level, p.gear), i, f"Level {p.level}") for i, p in enumerate(view.players)]
    else:
        golds = view.outcome.gold if view.outcome is not None else []
        keyed = []
        for p in view.players:
            cards, friends = p.hand_count, len(p.friends)
            if p.seat < len(golds):
                keyed.append(((golds[p.seat], 0), p.seat, f"{golds[p.seat]} Gold"))
            else:
                keyed.append(((cards, friends), p.seat, f"{plural(cards, 'card')} · {plural(friends, 'Friend')}"))
    keyed.sort(key=lambda k: (-k[0][0], -k[0][1], k[1]))
    return [(seat, said) for _, seat, said in keyed]
