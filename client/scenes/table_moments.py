"""Which big moment each event starts, and where on the screen it plays (`anim/moments.py` draws them).

Built only on the events every client receives, read when they arrive (before the state that follows them),
so a card's old place is still known. The scenes call `munchkin(scene, event)` or `wonderland(scene, event)`
from their `event_effects`; the dice's result line comes from `roll_callout`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import wraps
from typing import TYPE_CHECKING, Any, TypeVar

import pygame

from ...shared.rules.munchkin.flight import ESCAPE_ON
from ..anim.moments import Callout, CardPass, Death, DoorKick, LevelTick, Point, Reveal, Where
from ..render.cards import draw_back, draw_face
from ..ui import theme

log = logging.getLogger(__name__)

if TYPE_CHECKING:
    from .munchkin_table import MunchkinScene
    from .table_base import GameScene
    from .wonderland_board import WonderlandScene

MONSTERS = ("monster", "wandering_monster")
Scene = TypeVar("Scene", bound="GameScene")


def _guarded(start: Callable[[Scene, dict[str, Any]], None]) -> Callable[[Scene, dict[str, Any]], None]:
    """An event shaped unexpectedly (a newer host's) costs its moment and a warning, never the game."""

    @wraps(start)
    def run(scene: Scene, event: dict[str, Any]) -> None:
        try:
            start(scene, event)
        except (TypeError, ValueError, KeyError, AttributeError, IndexError) as exc:
            log.warning("no moment for a %r event: %r", event.get("type"), exc)

    return run


LOOT_STAGGER = 0.15  # seconds between the corpse's cards (or lost items) leaving one after another


def _fixed(point: Point | tuple[int, int]) -> Where:
    x, y = point
    return lambda: (float(x), float(y))


# -- Munchkin ----------------------------------------------------------------------------------------------
def _panel(scene: MunchkinScene, seat: int) -> pygame.Rect:
    """A seat's panel: yours at the bottom, an opponent's along the top."""
    if seat == scene.viewer:
        return scene.me_rect
    return scene.opponent_rects.get(seat, scene.combat_rect)


def _level_point(scene: MunchkinScene, seat: int) -> Point:
    if seat == scene.viewer:
        return scene.me_rect.x + 70.0, scene.me_rect.y + 46.0
    rows = scene.opponent_rows.get(seat)
    if rows is None:
        return float(scene.combat_rect.centerx), float(scene.combat_rect.centery)
    # Under the counter rather than on it, so the panel's own "L5" shows once the flourish is over.
    return float(rows["level"].centerx - 20), float(rows["level"].bottom + 34)


def _hand_point(scene: MunchkinScene, seat: int) -> Point:
    if seat == scene.viewer:
        return float(scene.hand_rect.centerx), float(scene.hand_rect.centery)
    rows = scene.opponent_rows.get(seat)
    rect = rows["hand"] if rows is not None else scene.combat_rect
    return float(rect.centerx), float(rect.centery)


def _card_point(scene: MunchkinScene, card: str, seat: int | None) -> Point:
    """Where `card` lies now: on the table, in your hand, or else in its owner's panel."""
    on_table = scene.table_card_point(card)
    if on_table is not None:
        return float(on_table[0]), float(on_table[1])
    for c, rect in scene.hand_rects:
        if c == card:
            return float(rect.centerx), float(rect.centery)
    if isinstance(seat, int):
        centre = _panel(scene, seat).center
        return float(centre[0]), float(centre[1])
    return float(scene.combat_rect.centerx), float(scene.combat_rect.centery)


def _image(scene: GameScene, card: str | None, width: int, deck: str = "door") -> pygame.Surface:
    """A card's face, or a back where the card is not ours to see."""
    if card:
        return draw_face(scene.cards.face(card), width)
    return draw_back(deck, width)


@_guarded
def munchkin(scene: MunchkinScene, event: dict[str, Any]) -> None:
    kind = event.get("type")
    seat = event.get("seat")
    moments = scene.moments
    k = scene.ui_scale
    small = max(40, int(64 * k))
    if kind == "kicked_door" and isinstance(seat, int) and event.get("card"):
        card = str(event["card"])
        found = scene.cards.get(card)
        what = str(getattr(found, "kind", ""))
        pile = scene.deck_parts()["door"]["pile"]
        if what in MONSTERS:
            end: Where = lambda: _card_point(scene, card, None)  # noqa: E731 (the fight's place, once it is laid)
            end_w = float(next((r.w for c, r, _ in scene.table_cards if c == card), int(110 * k)))
        elif what == "curse":
            end, end_w = _fixed(_panel(scene, seat).center), float(small)
        else:
            end, end_w = _fixed(_hand_point(scene, seat)), float(scene.card_w if seat == scene.viewer else 20)
        middle = _fixed(scene.combat_rect.center)
        front = draw_face(scene.cards.face(card), int(150 * k))
        moments.add(
            DoorKick(card, front, draw_back("door", pile.w), _fixed(pile.center), middle, end, end_w, what == "curse")
        )
    elif kind == "level" and isinstance(seat, int) and isinstance(event.get("level"), int):
        new = int(event["level"])
        old = new - int(event.get("change") or 0)
        if old != new:
            moments.add(LevelTick(_fixed(_level_point(scene, seat)), old, new, scene.seat_name(seat)))
    elif kind == "died" and isinstance(seat, int):
        corpse = [str(c) for c in event.get("corpse") or []] if isinstance(event.get("corpse"), list) else []
        images = [_image(scene, c, small) for c in corpse[:8]]
        panel = _panel(scene, seat).copy()
        zone = scene.combat_rect.center
        moments.add(Death(lambda: panel, scene.seat_name(seat), images, _fixed(zone), corpse))
    elif kind == "looted_corpse" and isinstance(seat, int):
        card = str(event.get("card") or "")
        start = _card_point(scene, card, None)
        after = isinstance(moments.playing[-1], Death) if moments.playing else False
        moments.add(
            CardPass(_image(scene, card, small), _fixed(start), _fixed(_hand_point(scene, seat)), card),
            0.0 if after else LOOT_STAGGER,
            "after" if after else "with",
        )
    elif kind == "lost" and isinstance(seat, int) and isinstance(event.get("cards"), list):
        for i, card in enumerate(str(c) for c in event["cards"][:8]):
            discard = scene.deck_parts().get(scene.cards.deck(card), scene.deck_parts()["door"])["discard"]
            start = _card_point(scene, card, seat)
            pass_ = CardPass(_image(scene, card, small), _fixed(start), _fixed(discard.center), card, fade_out=True)
            if i == 0:
                pass_.sound = "lose"
            moments.add(pass_, LOOT_STAGGER * i, "queue")
    elif kind in ("charity", "gave") and isinstance(seat, int):
        to = event.get("to")
        given = str(event.get("card") or "") or None  # a charity's card is the giver's and taker's secret
        start = _card_point(scene, given, seat) if given else _hand_point(scene, seat)
        if isinstance(to, int) and to >= 0:
            end_point = _hand_point(scene, to)
        else:
            end_point = scene.deck_parts()["door"]["discard"].center
        moments.add(CardPass(_image(scene, given, small), _fixed(start), _fixed(end_point), given or ""), 0.0, "queue")
    elif kind == "cursed" and isinstance(seat, int) and event.get("card") and not moments.holds(str(event["card"])):
        # A curse played on someone (a kicked one strikes in its Door's moment) flies at its victim.
        card = str(event["card"])
        start = _card_point(scene, card, None)
        target = _fixed(_panel(scene, seat).center)
        moments.add(CardPass(_image(scene, card, small), _fixed(start), target, card, glow=theme.PURPLE, fade_out=True))
    elif kind == "victory" and isinstance(event.get("fighter"), int):
        words = f"{scene.seat_name(int(event['fighter']))} wins the fight!"
        moments.add(Callout(words, _fixed(scene.combat_rect.center), theme.SKY, 34), 0.0, "queue")
    elif kind == "traded" and isinstance(seat, int) and isinstance(event.get("with"), int):
        other = int(event["with"])
        legs = [(str(c), seat, other) for c in event.get("give") or []]
        legs += [(str(c), other, seat) for c in event.get("take") or []]
        for i, (card, giver, taker) in enumerate(legs[:8]):
            start = _card_point(scene, card, giver)
            moments.add(
                CardPass(_image(scene, card, small), _fixed(start), _fixed(_hand_point(scene, taker)), card),
                LOOT_STAGGER * i,
                "queue",
            )


# -- Wonderland --------------------------------------------------------------------------------------------
def _row_point(scene: WonderlandScene, seat: int) -> Point:
    """A player's line in the sidebar (where their Friends are counted)."""
    return float(scene.side_rect.x + 60), float(scene.side_rect.y + 50 + 28 + 60 * seat + 27)


@_guarded
def wonderland(scene: WonderlandScene, event: dict[str, Any]) -> None:
    kind = event.get("type")
    seat = event.get("seat")
    k = scene.ui_scale
    if kind == "friend_played" and isinstance(seat, int) and event.get("card"):
        card = str(event["card"])
        mine = next((r.center for c, r in scene.friend_rects if c == card), None)
        end = mine if seat == scene.viewer and mine else _row_point(scene, seat)
        start = scene.hand_rect.center if seat == scene.viewer else _row_point(scene, seat)
        board = scene.geo.rect.center if scene.geo is not None else scene.table_rect.center
        img = draw_face(scene.cards.face(card), int(110 * k))
        # The Friend comes forward over the board, glowing, then takes their place.
        scene.moments.add(CardPass(img, _fixed(start), _fixed(board), card, glow=theme.YELLOW), 0.0, "queue")
        scene.moments.add(CardPass(img, _fixed(board), _fixed(end), card), 0.0, "after")
    elif kind == "fight_began":
        cards = [str(c) for c in event.get("monster_cards") or []]
        if not cards:
            return
        width = int(96 * k)
        images = [draw_face(scene.cards.face(c), width) for c in cards[:5]]
        where = scene.geo.rect.center if scene.geo is not None else scene.table_rect.center
        title = f"{event.get('monster', 'The monster')}: power {event.get('monster_power', '?')}"
        scene.moments.add(Reveal(images, draw_back("monster", width), _fixed(where), title))
    elif kind == "fight_ended" and isinstance(seat, int):
        # The fight's end said over the board, as Munchkin's "wins the fight!" (and the hot-seat cover waits for it).
        won = bool(event.get("won"))
        words = f"{scene.seat_name(seat)} {'wins' if won else 'loses'} the fight!"
        where = scene.geo.rect.center if scene.geo is not None else scene.table_rect.center
        scene.moments.add(Callout(words, _fixed(where), theme.SKY if won else theme.ORANGE, int(34 * k)), 0.0, "queue")


# -- the dice's result, said where the eye is --------------------------------------------------------------
def roll_callout(scene: GameScene, event: dict[str, Any]) -> tuple[str, theme.Colour] | None:
    """The line the tray calls out once the dice rest: who rolled what, and what it means."""
    kind = event.get("type")
    seat = event.get("seat")
    who = scene.seat_name(seat) if isinstance(seat, int) else "The monster"
    die = event.get("die")
    if kind in ("escape_roll", "outrun_roll"):
        away = int(event.get("total") or 0) >= ESCAPE_ON
        return f"{who} rolls {die}: {'away!' if away else 'caught!'}", theme.SKY if away else theme.ORANGE
    if kind == "theft":
        ok = bool(event.get("success"))
        return f"{who} rolls {die}: {'stolen!' if ok else 'caught!'}", theme.SKY if ok else theme.ORANGE
    if kind == "rolled_for_first":
        rolls = [r for r in event.get("rolls") or [] if isinstance(r, list) and len(r) == 2]
        if rolls:
            seat_, best = max(rolls, key=lambda r: r[1])
            return f"{scene.seat_name(int(seat_))} rolls {best}", theme.YELLOW
        return None
    if kind == "fight_began":
        return f"The monster rolls {event.get('monster_die')}", theme.ORANGE
    if kind == "rolled":
        purpose = str(event.get("for", ""))
        words = {
            "move": f": moves {die}",
            "room": f": Room {die}",
            "run_away": ": runs",
            "fighter": " for the fight",
            "helper": " to help",
        }
        return f"{who} rolls {die}{words.get(purpose, '')}", theme.YELLOW
    return None
