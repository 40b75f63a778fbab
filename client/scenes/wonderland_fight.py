"""The Wonderland fight panel: the Room and its monster, both Powers and where they come from (W13, W14, W17),
who is winning, the dice and the Monster cards, and who fights."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from ...shared.rules.wonderland.view import FightView, PlayerView, WonderlandView
from ..anim.dice import die_image
from ..catalog import Cards
from ..render.cards import draw_face
from ..render.icons import tinted_picture
from ..ui import theme
from ..ui.text import render_line
from ..ui.widgets import panel
from ..words.wonderland import die_owner

if TYPE_CHECKING:
    from .wonderland_board import WonderlandScene

FIGHT_H, FIGHT_SHORT_H = 280, 204  # the panel with and without its row of dice and Monster cards


def draw(scene: WonderlandScene, surface: pygame.Surface) -> None:
    """The fight panel at the top of the column, when there is a fight."""
    fight = scene.record.fight
    box = scene.parts.get("fight")
    if fight is None or box is None:
        return
    panel(surface, box, (40, 20, 28), theme.VERMILLION, alpha=235)
    title = render_line(f"Room {fight.room}: {fight.monster}", box.w - 20, 22, theme.TEXT, "bold")
    surface.blit(title, (box.x + 10, box.y + 8))
    if scene.geo is not None:  # the monster of this Room, beside its Power
        side = min(52, (box.w - 28) // 5)
        art = tinted_picture(scene.geo.room_art(fight.room), side, theme.ORANGE)
        if art is not None:
            surface.blit(art, art.get_rect(topright=(box.right - 10, box.y + 62)))
    ours, theirs = fight.munchkin_power, fight.monster_power
    winning = ours >= theirs
    for i, (label, value, colour) in enumerate((("Munchkins", ours, theme.SKY), ("Monster", theirs, theme.ORANGE))):
        x = box.x + 14 + i * (box.w - 28) // 2
        surface.blit(render_line(label, (box.w - 36) // 2, 17, theme.TEXT_DIM), (x, box.y + 40))
        big = render_line(str(value), (box.w - 36) // 2, 54, colour, "bold")
        surface.blit(big, (x, box.y + 52))  # its digits end above the verdict's line, not touching it
    verdict = "The Munchkins are winning" if winning else "The monster is winning"
    surface.blit(
        render_line(verdict, box.w - 20, 17, theme.SKY if winning else theme.ORANGE, "bold"),
        (box.x + 10, box.y + 112),
    )
    for i, part in enumerate(lines(fight, scene.record, scene.cards, scene.seat_name)):
        surface.blit(render_line(part, box.w - 20, 13, theme.TEXT_DIM), (box.x + 10, box.y + 132 + i * 15))
    x = box.x + 10
    short = box.h < FIGHT_H  # the short panel: the dice and Monster cards are in the lines above
    for die in [] if short else fight.dice:
        if 1 <= die.face <= 6:
            surface.blit(die_image(die.face, 30), (x, box.y + 186))
            tag = render_line(die_owner(scene.words, die.owner), 40, 12, theme.TEXT_DIM)
            surface.blit(tag, (x, box.y + 218))
            x += 44
    cx = max(x + 10, box.x + 10)
    for card in [] if short else fight.monster_cards:
        img = draw_face(scene.cards.face(card), 44)
        if cx + 44 > box.right - 6:
            break
        surface.blit(img, (cx, box.y + 186))
        cx += 48
    helper = fight.helper
    who = scene.seat_name(fight.fighter) + (f" + {scene.seat_name(helper)}" if helper is not None else "")
    surface.blit(render_line(f"Fighting: {who}", box.w - 20, 15, theme.TEXT), (box.x + 10, box.bottom - 22))


def lines(fight: FightView, view: WonderlandView, cards: Cards, seat_name: Callable[[int], str]) -> list[str]:
    """Where both Powers come from, as far as the view tells (W13, W14, W17): the Room's power, its Monster
    cards and die; each munchkin's dice, Friends and cards."""
    room = next((r for r in view.board.rooms if r.number == fight.room), None)
    bonuses = [getattr(cards.get(c), "bonus", 0) or 0 for c in fight.monster_cards]
    monster_dice = [d.face for d in fight.dice if d.owner == "monster"]
    theirs = (
        f"Monster: Room {room.power if room is not None else '?'}"
        + "".join(f" +{b}" for b in bonuses)
        + "".join(f" +die {f}" for f in monster_dice)
    )
    players: dict[int, PlayerView] = {p.seat: p for p in view.players}
    ours = []
    roles = (("fighter", fight.fighter, fight.fighter_bonus), ("helper", fight.helper, fight.helper_bonus))
    for role, seat, bonus in roles:
        if seat is None:
            continue
        held = players[seat].friends if seat in players else []
        friends = sum(getattr(cards.get(f), "bonus", 0) or 0 for f in held)
        dice = [d.face for d in fight.dice if d.owner == role]
        ours.append(f"{seat_name(seat)}: dice {'+'.join(map(str, dice)) or '-'}, Friends +{friends}, cards +{bonus}")
    return [theirs, *ours]
