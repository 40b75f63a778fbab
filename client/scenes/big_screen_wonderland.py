"""The big screen's Wonderland table: the board as large as the screen allows with every standie on it, and beside
it the fight (both Powers with where they come from, the dice, the Monster cards) and every player's public
table: where they stand, their hand as a count, their Friends in play as plates readable across the room
(`big_screen_cards`).

It answers what `table_moments.wonderland` asks of a table, so a Friend played and a monster's cards turning
over play here as at the table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ...shared.rules.base import Event
from ...shared.rules.wonderland.view import DieView, PlayerView, WonderlandView
from ..anim.dice import die_image
from ..presence import draw_mark as draw_presence
from ..render.board import SPACE_NAMES, BoardGeometry, draw_board, draw_standie
from ..render.cards import CARD_RATIO, draw_face
from ..ui import theme
from ..ui.text import render_block, render_line
from ..ui.widgets import panel
from ..words import plural
from ..words.wonderland import die_owner
from . import table_moments, wonderland_fight
from .big_screen_cards import GAP, PLATE_W, plate, plate_grid
from .big_screen_part import ScreenPart

if TYPE_CHECKING:
    from .big_screen import BigScreenScene


class WonderlandMiddle(ScreenPart):
    friend_rects: tuple[tuple[str, pygame.Rect], ...] = ()  # a spectator holds no Friends of its own

    def __init__(self, screen: BigScreenScene) -> None:
        super().__init__(screen)
        self.rect = self.table_rect = self.side_rect = pygame.Rect(0, 0, 10, 10)
        self.hand_rect = pygame.Rect(0, 0, 0, 0)
        self.geo: BoardGeometry | None = None
        self.board_img: pygame.Surface | None = None
        self._board_key: tuple[Any, ...] = ()
        self.pane = self.fight_rect = self.players_rect = pygame.Rect(0, 0, 10, 10)
        self.rows: dict[int, pygame.Rect] = {}

    @property
    def record(self) -> WonderlandView | None:
        """The game's view record, once the big screen holds one of a Wonderland game."""
        record = self.screen.record
        return record if isinstance(record, WonderlandView) else None

    # -- what the table's moments ask ----------------------------------------------------------------

    def on_event(self, event: Event) -> None:
        table_moments.wonderland(self, event)  # type: ignore[arg-type]

    def dice_area(self) -> pygame.Rect:
        """The dice are thrown over the board's middle, large: nothing moves there while they roll."""
        board = self.geo.rect if self.geo is not None else self.rect
        area = pygame.Rect(0, 0, board.w * 3 // 4, board.h // 2)
        area.center = board.center
        return area

    def callout_point(self) -> tuple[float, float]:
        return float(self.table_rect.centerx), float(self.table_rect.centery)

    def boxes(self) -> list[tuple[str, pygame.Rect]]:
        """The parts laid out, for the layout test: the board, the fight (or how near the end is), each player."""
        boxes = [("table/board", self.table_rect), ("table/fight", self.fight_rect)]
        boxes.append(("table/players", self.players_rect))
        return boxes + [(f"table/players/player:{seat}", rect) for seat, rect in self.rows.items()]

    # -- layout --------------------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        self.rect = rect
        k = self.screen.k
        side = min(rect.h - 16, int(rect.w * 0.56))
        board_rect = pygame.Rect(rect.x + 8, rect.y + 8, side, side)
        view = self.record
        board = view.board if view is not None else None
        key = (board_rect.size, board_rect.topleft, board)
        if board is not None and key != self._board_key:
            self._board_key = key
            self.geo = BoardGeometry(board, board_rect)
            self.board_img = draw_board(self.geo)
        self.table_rect = self.geo.rect if self.geo is not None else board_rect
        x = board_rect.right + round(16 * k)
        self.pane = pygame.Rect(x, rect.y + 8, rect.right - 8 - x, rect.h - 16)
        players = view.players if view is not None else []
        n = max(1, len(players))
        fight_h = round(120 * k)
        if view is not None and view.fight is not None:  # as tall as the players' rows (100 pixels each) leave it
            fight_h = min(round(380 * k), max(round(300 * k), self.pane.h - n * round(100 * k) - round(12 * k)))
        self.fight_rect = pygame.Rect(self.pane.x, self.pane.y, self.pane.w, fight_h)
        self.players_rect = pygame.Rect(
            self.pane.x,
            self.fight_rect.bottom + round(12 * k),
            self.pane.w,
            self.pane.bottom - self.fight_rect.bottom - round(12 * k),
        )
        row_h = min(round(150 * k), self.players_rect.h // n)
        area = self.players_rect
        self.rows = {
            p.seat: pygame.Rect(area.x, area.y + i * row_h, area.w, row_h - round(8 * k)) for i, p in enumerate(players)
        }
        # table_moments finds a player's line 60 pixels a seat down its side column; the first row is its top.
        first = self.rows.get(0, self.players_rect)
        self.side_rect = pygame.Rect(first.x - 40, first.centery - 105, self.players_rect.w, self.players_rect.h)

    # -- drawing -------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        geo = self.geo
        if geo is not None and self.board_img is not None:
            surface.blit(self.board_img, geo.rect.topleft)
            self.draw_standies(surface, geo)
        self.draw_fight(surface)
        view, state = self.record, self.screen.state
        if view is None or state is None:
            return
        for p in view.players:
            if p.seat in self.rows:
                self.draw_player(surface, p.seat, p, self.rows[p.seat], p.seat == view.active, p.seat in state.to_act)

    def space_label(self, space: str) -> str:
        if self.geo is None:
            return space
        kind = self.geo.kinds.get(space, "plain")
        if kind in ("room", "monster") and self.geo.rooms.get(space):
            return f"{SPACE_NAMES[kind]} {self.geo.rooms[space]}"
        return SPACE_NAMES.get(kind, space)

    def draw_standies(self, surface: pygame.Surface, geo: BoardGeometry) -> None:
        view = self.record
        if view is None:
            return
        size = max(16, round((geo.radius + 3) * 1.25))
        by_space: dict[str, list[int]] = {}
        for p in view.players:
            by_space.setdefault(p.position, []).append(p.seat)
        active = view.active
        for space, seats in by_space.items():
            room = geo.kinds.get(space) == "room"
            here = int(size * 0.8) if room else size  # smaller in a Room, under its picture, as at the table
            base = geo.room_stand(space, here) if room else geo.points.get(space, geo.rect.center)
            for i, seat in enumerate(seats):
                x = int(base[0] + (i - (len(seats) - 1) / 2) * here * 0.9)
                mark = self.seat_name(seat)[:1].upper()
                draw_standie(surface, (x, base[1]), self.screen.seat_colour(seat), mark, here, 0.0, seat == active)

    def draw_fight(self, surface: pygame.Surface) -> None:
        box, s = self.fight_rect, self.screen
        view = self.record
        if view is None:
            return
        fight = view.fight
        if fight is None:
            panel(surface, box, (28, 40, 36), theme.PANEL_EDGE, radius=12, alpha=230)
            turn, step = s.words.heading()
            surface.blit(render_line(turn, box.w - 30, s.font_size(34), theme.TEXT, "bold"), (box.x + 16, box.y + 12))
            left = view.treasure_deck
            line = " · ".join(t for t in (step, f"{plural(left, 'Treasure')} left: the last one ends the game") if t)
            if s.state is not None and s.state.outcome is not None:
                line = "The last Treasure is drawn: the game is over, and the Gold in every hand is counted"
            img = render_block(line, box.w - 30, box.h - round(62 * s.k), s.font_size(26), theme.TEXT_DIM)
            surface.blit(img, (box.x + 16, box.y + round(58 * s.k)))
            return
        panel(surface, box, (48, 22, 30), theme.VERMILLION, radius=12)
        title = f"Room {fight.room}: {fight.monster}"
        surface.blit(render_line(title, box.w - 30, s.font_size(34), theme.TEXT, "bold"), (box.x + 16, box.y + 10))
        ours, theirs = fight.munchkin_power, fight.monster_power
        half = (box.w - 48) // 2
        dice = [d for d in fight.dice if 1 <= d.face <= 6]
        # Where both Powers come from: the board screen's own sums, read from the same view.
        parts = wonderland_fight.lines(fight, view, self.cards, self.seat_name)
        foot = pygame.Rect(box.x + 16, box.y + round((206 + 28 * len(parts)) * s.k), box.w - 32, 0)
        foot.h = box.bottom - 10 - foot.y
        monster_cards = fight.monster_cards
        below = foot.h >= round(80 * s.k)  # the monster's cards large under the sums when there is room
        sides = (("Munchkins", ours, theme.SKY), ("Monster", theirs, theme.ORANGE))
        for i, (label, value, colour) in enumerate(sides):
            x = box.x + 16 + i * (half + 16)
            head = render_line(label, half, s.font_size(26), theme.TEXT_DIM, "bold")
            surface.blit(head, (x, box.y + round(54 * s.k)))
            big = render_line(str(value), half, s.font_size(72), colour, "bold")
            surface.blit(big, (x, box.y + round(82 * s.k)))
            # Beside each side's Power, its dice (and the monster's cards): what it is made of, in sight.
            mine = [d for d in dice if (d.owner == "monster") == (i == 1)]
            cards = monster_cards if i == 1 and not below else []
            beside = pygame.Rect(
                x + big.get_width() + 20, box.y + round(88 * s.k), half - big.get_width() - 20, round(74 * s.k)
            )
            self.draw_beside(surface, beside, mine, cards)
        winning = ours >= theirs  # the munchkins win ties
        verdict = "The munchkins are winning" if winning else "The monster is winning"
        y = box.y + round(162 * s.k)
        surface.blit(
            render_line(verdict, box.w - 30, s.font_size(30), theme.SKY if winning else theme.ORANGE, "bold"),
            (box.x + 16, y),
        )
        y += round(40 * s.k)
        for part in parts:
            if y + round(24 * s.k) > box.bottom:
                break
            surface.blit(render_line(part, box.w - 30, s.font_size(22), theme.TEXT), (box.x + 16, y))
            y += round(28 * s.k)
        if below:
            self.draw_beside(surface, foot, [], monster_cards)

    def draw_beside(self, surface: pygame.Surface, area: pygame.Rect, dice: list[DieView], cards: list[str]) -> None:
        """A side's dice, each with whose it is under it, then the Monster cards, as many as fit."""
        s = self.screen
        tag_h = round(20 * s.k)
        die = min(round(52 * s.k), area.h - tag_h)
        x = area.x
        for d in dice:
            if die < 12 or x + die > area.right:
                break
            surface.blit(die_image(d.face, die), (x, area.y))
            tag = render_line(die_owner(s.words, d.owner), die + 24, s.font_size(17), theme.TEXT_DIM)
            surface.blit(tag, (x, area.y + die + 2))
            x += die + round(30 * s.k)
        card_w = min(round(96 * s.k), int(area.h / CARD_RATIO))
        for card in cards:
            if card_w < 12 or x + card_w > area.right:
                break
            surface.blit(draw_face(self.cards.face(card), card_w), (x, area.y))
            x += card_w + 6

    def draw_player(
        self, surface: pygame.Surface, seat: int, p: PlayerView, row: pygame.Rect, active: bool, acting: bool
    ) -> None:
        s = self.screen
        colour = s.seat_colour(seat)
        panel(surface, row, (36, 42, 54), colour if acting else theme.PANEL_EDGE, radius=10, alpha=240)
        size = max(16, round(row.h * 0.3))
        draw_standie(
            surface,
            (row.x + size + 12, row.centery - size * 0.2),
            colour,
            self.seat_name(seat)[:1].upper(),
            size,
            0.0,
            active,
        )
        friends = p.friends
        # One column of plates, two narrower ones from the third Friend on: the name keeps half the row.
        cols = 1 if len(friends) <= 2 else 2
        plate_w = PLATE_W if cols == 1 else PLATE_W * 4 // 5
        strip_w = cols * round(plate_w * s.k) + (cols - 1) * round(GAP * s.k)
        strip = pygame.Rect(row.right - 10 - strip_w, row.y + 6, strip_w, row.h - 12)
        spots = plate_grid(len(friends), strip, s.k, plate_w)
        text_x = row.x + 2 * size + 28
        text_w = (strip.x if friends else row.right) - text_x - 12
        name = p.name + (" ▶" if active else "")
        name_size = min(s.font_size(34), max(12, int(row.h * 0.36)))
        line_size = min(s.font_size(25), max(11, int(row.h * 0.27)))
        top = row.y + max(4, row.h // 14)
        surface.blit(render_line(name, text_w, name_size, theme.TEXT, "bold"), (text_x, top))
        line = f"{self.space_label(p.position)} · {plural(p.hand_count, 'card')} in hand"
        line += "" if friends else " · no Friends"
        line += f" · {len(friends) - len(spots)} more Friends" if len(spots) < len(friends) else ""
        surface.blit(render_line(line, text_w, line_size, theme.TEXT_DIM), (text_x, top + round(name_size * 1.3)))
        if s.session is not None:  # greyed while away, under the Friends so that its note does not cover them
            beside = pygame.Rect(row.x, row.y, (strip.x if friends else row.right) - row.x, row.h)
            name_line = pygame.Rect(beside.x, top, beside.w, round(name_size * 1.2))  # its note: beside the name
            draw_presence(surface, s.session.presence.of(seat), beside, name_line)
        for card, spot in zip(friends, spots, strict=False):
            if not self.moments.holds(card):
                surface.blit(plate(self.cards.face(card), spot.size, least=s.font_size(15)), spot.topleft)
