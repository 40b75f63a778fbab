"""Which big moment each event starts, and where on the screen it plays (`anim/moments.py` draws them).

Built only on the events every client receives, read when they arrive (before the state that follows them),
so a card's old place is still known. The scenes call `munchkin(scene, event)` or `wonderland(scene, event)`
from their `event_effects`; the dice's result line comes from `roll_callout`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...shared.rules.base import Event
from ...shared.rules.munchkin import events as mev
from ...shared.rules.munchkin.flight import ESCAPE_ON
from ...shared.rules.wonderland import events as wev
from ..anim.moments import Callout, CardPass, Death, DoorKick, LevelTick, Point, Reveal, Where
from ..render.cards import draw_back, draw_face
from ..ui import theme

if TYPE_CHECKING:
    from .munchkin_table import MunchkinScene
    from .table_base import GameScene
    from .wonderland_board import WonderlandScene

MONSTERS = ("monster", "wandering_monster")
# The events that throw dice, each with the host's seed for the throw, so every client shows the same one.
Roll = mev.EscapeRoll | mev.OutrunRoll | mev.Theft | mev.RolledForFirst | wev.Rolled | wev.FightBegan


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


def munchkin(scene: MunchkinScene, event: Event) -> None:
    moments = scene.moments
    k = scene.ui_scale
    small = max(40, int(64 * k))
    if isinstance(event, mev.KickedDoor):
        seat, card = event.seat, event.card
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
    elif isinstance(event, mev.Level):
        old = event.level - event.change
        if old != event.level:
            point = _fixed(_level_point(scene, event.seat))
            moments.add(LevelTick(point, old, event.level, scene.seat_name(event.seat)))
    elif isinstance(event, mev.Died):
        images = [_image(scene, c, small) for c in event.corpse[:8]]
        panel = _panel(scene, event.seat).copy()
        zone = scene.combat_rect.center
        moments.add(Death(lambda: panel, scene.seat_name(event.seat), images, _fixed(zone), list(event.corpse)))
    elif isinstance(event, mev.LootedCorpse):
        start = _card_point(scene, event.card, None)
        after = isinstance(moments.playing[-1], Death) if moments.playing else False
        moments.add(
            CardPass(
                _image(scene, event.card, small), _fixed(start), _fixed(_hand_point(scene, event.seat)), event.card
            ),
            0.0 if after else LOOT_STAGGER,
            "after" if after else "with",
        )
    elif isinstance(event, mev.Lost):
        for i, card in enumerate(event.cards[:8]):
            discard = scene.deck_parts().get(scene.cards.deck(card), scene.deck_parts()["door"])["discard"]
            start = _card_point(scene, card, event.seat)
            pass_ = CardPass(_image(scene, card, small), _fixed(start), _fixed(discard.center), card, fade_out=True)
            if i == 0:
                pass_.sound = "lose"
            moments.add(pass_, LOOT_STAGGER * i, "queue")
    elif isinstance(event, mev.Charity | mev.Gave):
        seat, to = event.seat, event.to
        given = event.card if isinstance(event.card, str) and event.card else None  # a charity's card is secret
        start = _card_point(scene, given, seat) if given else _hand_point(scene, seat)
        end_point = _hand_point(scene, to) if to >= 0 else scene.deck_parts()["door"]["discard"].center
        moments.add(CardPass(_image(scene, given, small), _fixed(start), _fixed(end_point), given or ""), 0.0, "queue")
    elif isinstance(event, mev.Cursed) and event.card and not moments.holds(event.card):
        # A curse played on someone (a kicked one strikes in its Door's moment) flies at its victim.
        card = event.card
        start = _card_point(scene, card, None)
        target = _fixed(_panel(scene, event.seat).center)
        moments.add(CardPass(_image(scene, card, small), _fixed(start), target, card, glow=theme.PURPLE, fade_out=True))
    elif isinstance(event, mev.Victory):
        words = f"{scene.seat_name(event.fighter)} wins the fight!"
        moments.add(Callout(words, _fixed(scene.combat_rect.center), theme.SKY, 34), 0.0, "queue")
    elif isinstance(event, mev.Traded):
        seat, other = event.seat, event.partner
        legs = [(c, seat, other) for c in event.give] + [(c, other, seat) for c in event.take]
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


def wonderland(scene: WonderlandScene, event: Event) -> None:
    k = scene.ui_scale
    if isinstance(event, wev.FriendPlayed):
        seat, card = event.seat, event.card
        mine = next((r.center for c, r in scene.friend_rects if c == card), None)
        end = mine if seat == scene.viewer and mine else _row_point(scene, seat)
        start = scene.hand_rect.center if seat == scene.viewer else _row_point(scene, seat)
        board = scene.geo.rect.center if scene.geo is not None else scene.table_rect.center
        img = draw_face(scene.cards.face(card), int(110 * k))
        # The Friend comes forward over the board, glowing, then takes their place.
        scene.moments.add(CardPass(img, _fixed(start), _fixed(board), card, glow=theme.YELLOW), 0.0, "queue")
        scene.moments.add(CardPass(img, _fixed(board), _fixed(end), card), 0.0, "after")
    elif isinstance(event, wev.FightBegan):
        if not event.monster_cards:
            return
        width = int(96 * k)
        images = [draw_face(scene.cards.face(c), width) for c in event.monster_cards[:5]]
        where = scene.geo.rect.center if scene.geo is not None else scene.table_rect.center
        title = f"{event.monster}: power {event.monster_power}"
        scene.moments.add(Reveal(images, draw_back("monster", width), _fixed(where), title))
    elif isinstance(event, wev.FightEnded):
        # The fight's end said over the board, as Munchkin's "wins the fight!" (and the hot-seat cover waits for it).
        words = f"{scene.seat_name(event.seat)} {'wins' if event.won else 'loses'} the fight!"
        where = scene.geo.rect.center if scene.geo is not None else scene.table_rect.center
        colour = theme.SKY if event.won else theme.ORANGE
        scene.moments.add(Callout(words, _fixed(where), colour, int(34 * k)), 0.0, "queue")


# -- the dice's result, said where the eye is --------------------------------------------------------------
_ROLLED_FOR: dict[wev.RollPurpose, str] = {
    "move": ": moves {}",
    "room": ": Room {}",
    "run_away": ": runs",
    "fighter": " for the fight",
    "helper": " to help",
}


def roll_callout(scene: GameScene, event: Roll) -> tuple[str, theme.Colour] | None:
    """The line the tray calls out once the dice rest: who rolled what, and what it means."""
    if isinstance(event, mev.EscapeRoll | mev.OutrunRoll):
        away = event.total >= ESCAPE_ON
        who = scene.seat_name(event.seat)
        return f"{who} rolls {event.die}: {'away!' if away else 'caught!'}", theme.SKY if away else theme.ORANGE
    if isinstance(event, mev.Theft):
        ok = event.success
        return f"{scene.seat_name(event.seat)} rolls {event.die}: {'stolen!' if ok else 'caught!'}", (
            theme.SKY if ok else theme.ORANGE
        )
    if isinstance(event, mev.RolledForFirst):
        rolls = [r for r in event.rolls if len(r) == 2]
        if rolls:
            seat, best = max(rolls, key=lambda r: r[1])
            return f"{scene.seat_name(seat)} rolls {best}", theme.YELLOW
        return None
    if isinstance(event, wev.FightBegan):
        return f"The monster rolls {event.monster_die}", theme.ORANGE
    said = _ROLLED_FOR[event.purpose].format(event.die)
    return f"{scene.seat_name(event.seat)} rolls {event.die}{said}", theme.YELLOW


def dice_of(event: Roll) -> list[int]:
    """The dice an event throws on the table's tray, settling on the host's faces (at most two at once)."""
    if isinstance(event, mev.RolledForFirst):
        faces = [r[1] for r in event.rolls if len(r) == 2][:2]
    elif isinstance(event, wev.FightBegan):
        faces = [] if event.monster_die is None else [event.monster_die]  # the Bandersnatch's die
    else:
        faces = [event.die]
    return [face for face in faces if 1 <= face <= 6]
