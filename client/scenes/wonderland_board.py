"""The Wonderland screen: the board from its data, hopping standies, reachable spaces, the fight panel."""

from __future__ import annotations

import math
from collections import deque
from typing import TYPE_CHECKING

import pygame

from ...shared.rules.base import Action, Event
from ...shared.rules.wonderland import events as ev
from ...shared.rules.wonderland.actions import Move
from ...shared.rules.wonderland.view import WonderlandView
from ..presence import draw_mark as draw_presence
from ..render.board import (
    LEGEND_ORDER,
    SPACE_HELP,
    SPACE_KEY,
    SPACE_NAMES,
    BoardGeometry,
    draw_board,
    draw_room,
    draw_space,
    draw_standie,
)
from ..render.cards import draw_face
from ..render.icons import tinted_picture
from ..session import Session
from ..ui import theme
from ..ui.text import fit, render_block, render_line
from ..ui.widgets import panel
from ..words import plural
from . import table_hud, table_moments, wonderland_fight
from .base import Box
from .overlays import ChoiceOverlay
from .table_base import GameScene
from .wonderland_fight import FIGHT_H, FIGHT_SHORT_H

if TYPE_CHECKING:
    from ..app import App

HOP = 0.2  # seconds per space a standie hops
WIN_TEXT = "The game ends when the last Treasure is drawn. Then the most Gold in hand wins; ties share the win."
WIN_SHORT = "At the last Treasure, most Gold wins"
WIN_SHORT_H = 52
LEGEND_ROW = 22


class WonderlandScene(GameScene):
    name = "wonderland"
    view_type = WonderlandView
    record: WonderlandView

    def __init__(self, app: App, session: Session, quit_after_turns: int | None = None) -> None:
        self.geo: BoardGeometry | None = None
        self.board_img: pygame.Surface | None = None
        self.hops: dict[int, tuple[list[str], float]] = {}  # seat -> (spaces still to hop through, progress)
        self.shown_at: dict[int, str] = {}
        self.pulse = 0.0
        self.reward_rects: list[tuple[str, pygame.Rect]] = []
        self.friend_rects: list[tuple[str, pygame.Rect]] = []
        # Events wait here while a standie hops, so the log, the dice and the pawns tell the same moment.
        self.waiting: deque[tuple[Event, int | None]] = deque()  # events and who stood in for them
        self.column = pygame.Rect(0, 0, 10, 10)  # left of the board: the fight, how to win, your Friends
        self.columns = [self.column]  # and, on a wide table, one right of it: the key to the spaces and Rooms
        self.parts: dict[str, pygame.Rect] = {}  # as placed: fight, win, legend, rooms, friends, rewards
        self.part_column: dict[str, int] = {}
        super().__init__(app, session, quit_after_turns)

    # -- layout ------------------------------------------------------------------------------------
    def layout_table(self, rect: pygame.Rect) -> None:
        area_h = rect.h - 16
        free = rect.w - 24 - area_h
        col_h = rect.h - 24
        if free >= 2 * 220 + 24:
            # Wide: the board in the middle of the table, the fight and how to win left, the key to it right.
            col_w = min(300, (free - 24) // 2)
            self.columns = [
                pygame.Rect(rect.x + 12, rect.y + 12, col_w, col_h),
                pygame.Rect(rect.right - 12 - col_w, rect.y + 12, col_w, col_h),
            ]
        else:  # narrow: one column on the left, the board in the middle of the rest
            self.columns = [pygame.Rect(rect.x + 12, rect.y + 12, max(230, min(300, free - 24)), col_h)]
        self.column = self.columns[0]
        right = self.columns[1].x if len(self.columns) > 1 else rect.right
        area = pygame.Rect(self.column.right + 12, rect.y + 8, right - 12 - self.column.right - 12, area_h)
        side = min(area.w, area.h)
        if side >= 100:
            self.geo = BoardGeometry(
                self.record.board, pygame.Rect(area.centerx - side // 2, area.y + (area.h - side) // 2, side, side)
            )
            self.board_img = draw_board(self.geo)
        self._place_column()

    def prompt_rect(self) -> pygame.Rect:
        """The line that says what to do: under the board, on the line a reaction countdown would take (Wonderland
        has no reaction window), so the board keeps the table's whole height."""
        line = self.reaction_rect
        centre = self.geo.rect.centerx if self.geo is not None else line.centerx
        half = min(centre - line.x, line.right - centre)
        return pygame.Rect(centre - half, line.y, 2 * half, line.h)

    def _place_column(self) -> None:
        """The columns' parts from the top: the fight (when there is one), how to win, the key to the spaces and
        the Rooms, as far as they fit; your Friends at the bottom of the first column."""
        k = self.ui_scale
        self.parts, self.part_column = {}, {}
        players = self.record.players
        mine = players[self.viewer].friends if self.viewer is not None and self.viewer < len(players) else []
        col = self.columns[0]
        fw = min(int(58 * k), (col.w - 12) // 3)
        fh = round(fw * 1.4)
        bottoms = [c.bottom for c in self.columns]
        if mine:
            self._put("friends", 0, pygame.Rect(col.x, col.bottom - fh - 22, col.w, fh + 22))
            bottoms[0] = col.bottom - fh - 22 - 10
        self.friend_rects = [
            (c, pygame.Rect(col.x + i * (fw + 6), col.bottom - fh, fw, fh)) for i, c in enumerate(mine[:3])
        ]
        order = ["win", "legend", "rooms"]
        if self.record.fight is not None:
            order.insert(0, "fight")
        tops = [c.y for c in self.columns]
        for name in order:
            i = 1 if len(self.columns) > 1 and name in ("legend", "rooms") else 0
            room = bottoms[i] - tops[i]
            if name == "fight":  # whole, or without its row of dice and Monster cards to leave how to win room
                height = FIGHT_H if room - FIGHT_H >= WIN_SHORT_H + 10 else max(FIGHT_SHORT_H, room - WIN_SHORT_H - 10)
                height = min(height, room)
            elif name == "win":  # in full, or (beside a fight on a small window) in two lines
                full = self._win_height(self.columns[i].w)
                height = full if full <= room else WIN_SHORT_H
            else:  # a key is shown whole or not at all (the hover text still says what a space does)
                height = 22 + 6 * LEGEND_ROW
            if height <= room:
                self._put(name, i, pygame.Rect(self.columns[i].x, tops[i], self.columns[i].w, height))
                tops[i] += height + 10
        # The Treasures a helped win shows lie over the board, where the helper picks one (W17).
        fight = self.record.fight
        rewards = fight.rewards if fight is not None else []
        self.reward_rects = []
        if rewards and self.geo is not None:
            rw = int(70 * k)
            width = len(rewards) * (rw + 8) - 8
            x, y = self.geo.rect.centerx - width // 2, self.geo.rect.centery - round(rw * 1.4) // 2
            self.reward_rects = [
                (c, pygame.Rect(x + i * (rw + 8), y, rw, round(rw * 1.4))) for i, c in enumerate(rewards)
            ]
            self.parts["rewards"] = pygame.Rect(x - 10, y - 30, width + 20, round(rw * 1.4) + 40)

    def _put(self, name: str, column: int, rect: pygame.Rect) -> None:
        self.parts[name] = rect
        self.part_column[name] = column

    def _win_height(self, width: int) -> int:
        body = fit(WIN_TEXT, width - 20, 200, 14, 11)
        return 8 + 22 + len(body.lines) * theme.font(body.size).get_linesize() + 6 + 26 + 8

    def _refresh(self) -> None:
        had_board = self.geo is not None
        super()._refresh()
        if not had_board:
            self.layout_table(self.table_rect)
        else:
            self._place_column()
        self._sync_standies()

    def _sync_standies(self) -> None:
        """Standies with nothing left to show stand where the game says they are."""
        moving = {e.seat for e, _ in self.waiting if isinstance(e, ev.Moved | ev.SentToRoom)}
        for p in self.record.players:
            if p.seat not in self.hops and p.seat not in moving:
                self.shown_at[p.seat] = p.position

    def destinations(self) -> dict[str, list[Move]]:
        out: dict[str, list[Move]] = {}
        for move in self.by_kind.get(Move, []):
            if isinstance(move, Move) and move.path:
                out.setdefault(move.destination, []).append(move)
        return out

    def hovered_way(self) -> list[str]:
        """While "Which way?" is open, the spaces of the way its entry under the pointer takes, from the standie."""
        menu = self.app.top
        if not isinstance(menu, ChoiceOverlay) or self.geo is None or menu.clear_of != self.geo.rect:
            return []
        key = menu.hovered_key()
        move = next((m for ways in self.destinations().values() for m in ways if m == key), None)
        here = self.shown_at.get(self.viewer) if self.viewer is not None else None
        return [*([here] if here else []), *move.path] if move is not None else []

    # -- input -------------------------------------------------------------------------------------
    def table_click(self, pos: tuple[int, int], button: int) -> bool:
        for card, rect in [*self.reward_rects, *self.friend_rects]:
            if rect.collidepoint(pos):
                self.press_table_card(card, pos, button)
                return True
        if self.geo is None:
            return False
        space = self.geo.space_at(pos)
        if space is None:
            return False
        moves = self.destinations().get(space)
        if button == 1 and moves:
            if len(moves) == 1:
                self.choose(moves[0])
            else:
                self.offer("Which way?", list(moves), pos, clear_of=self.geo.rect)  # the paths stay in sight
            return True
        return False

    def autoplay_target(self, action: Action) -> tuple[int, int] | None:
        if isinstance(action, Move) and action.path and self.geo is not None and action.destination in self.geo.points:
            return self.geo.points[action.destination]
        return super().autoplay_target(action)

    def table_card_point(self, card: str) -> tuple[int, int] | None:
        return next((rect.center for c, rect in [*self.reward_rects, *self.friend_rects] if c == card), None)

    def space_label(self, space: str) -> str:
        if self.geo is None:
            return space
        kind = self.geo.kinds.get(space, "plain")
        if kind in ("room", "monster") and self.geo.rooms.get(space):
            return f"{SPACE_NAMES[kind]} {self.geo.rooms[space]}"
        return SPACE_NAMES.get(kind, space)

    # -- events ------------------------------------------------------------------------------------
    def on_event(self, event: Event, stand_in: int | None = None) -> None:
        # While a standie hops, what happened next waits: its log line, dice and sounds come as it lands.
        if self.hops or self.waiting:
            self.waiting.append((event, stand_in))
        else:
            super().on_event(event, stand_in)

    def event_effects(self, event: Event) -> None:
        table_moments.wonderland(self, event)
        if isinstance(event, ev.Moved):
            if event.path:
                self.hops[event.seat] = (list(event.path), 0.0)
        elif isinstance(event, ev.SentToRoom) and self.geo is not None:
            kinds = self.geo.kinds
            room = next((s for s, n in self.geo.rooms.items() if n == event.room and kinds[s] == "room"), None)
            if room is not None and self.shown_at.get(event.seat) != room:
                self.hops[event.seat] = ([room], 0.0)
        elif isinstance(event, ev.TurnBegan):
            if event.seat == self.viewer:
                self.app.sounds.play("turn")
            self.want_shot("turn_start", 0.1)
        elif isinstance(event, ev.FightBegan):
            self.app.sounds.play("door")  # the Bandersnatch's die is thrown with the other dice (`dice_of`)
            self.want_shot("combat", 0.6)
        elif isinstance(event, ev.TreasurePlayed | ev.FriendPlayed | ev.Discarded | ev.TreasurePicked):
            self.app.sounds.play("card")

    # -- update ------------------------------------------------------------------------------------
    def update_table(self, dt: float) -> None:
        self.pulse = (self.pulse + dt) % 1.0
        # A long queue (fast bots) hops faster, so the board never falls far behind the game.
        hop = HOP / min(4.0, 1.0 + len(self.waiting) / 4)
        for seat, (path, progress) in list(self.hops.items()):
            progress += dt / hop
            while progress >= 1.0 and path:
                self.shown_at[seat] = path.pop(0)
                progress -= 1.0
            if not path:
                del self.hops[seat]
            else:
                self.hops[seat] = (path, progress)
        while self.waiting and not self.hops:
            GameScene.on_event(self, *self.waiting.popleft())
        if not self.waiting and not self.hops:
            self._sync_standies()

    def animating(self) -> bool:
        """Standies hopping, or the spaces you may move to pulsing."""
        return super().animating() or bool(self.hops) or (self.viewer is not None and bool(self.destinations()))

    # -- drawing -----------------------------------------------------------------------------------
    def draw_table(self, surface: pygame.Surface) -> None:
        geo = self.geo
        if geo is None or self.board_img is None:
            return
        surface.blit(self.board_img, geo.rect.topleft)
        if self.viewer is not None:
            ring = 4 + int(3 * math.sin(self.pulse * math.tau))
            for space in self.destinations():
                point = geo.points.get(space)
                if point is not None:
                    r = geo.size_of(space) + ring
                    pygame.draw.circle(surface, theme.YELLOW, point, r, 4)
                    pygame.draw.circle(surface, theme.TEXT_DARK, point, r + 3, 1)
        way = [geo.points[s] for s in self.hovered_way() if s in geo.points]
        if len(way) > 1:  # the way the "Which way?" entry under the pointer takes
            pygame.draw.lines(surface, theme.YELLOW, False, way, max(4, geo.radius // 2))
        self.draw_standies(surface, geo)
        wonderland_fight.draw(self, surface)
        self.draw_info(surface)
        self.draw_rewards(surface)
        self.draw_friends(surface)
        self.draw_prompt(surface)

    def draw_info(self, surface: pygame.Surface) -> None:
        """How the game is won and how near the end is, then what each kind of space does."""
        win = self.parts.get("win")
        if win is not None:
            panel(surface, win, (28, 40, 36), theme.PANEL_EDGE, radius=8, alpha=225)
            if win.h > WIN_SHORT_H:
                title = render_line("How to win", win.w - 20, 17, theme.ACCENT, "bold")
                surface.blit(title, (win.x + 10, win.y + 8))
                body = render_block(WIN_TEXT, win.w - 20, win.h - 64, 14, theme.TEXT, min_size=11)
                surface.blit(body, (win.x + 10, win.y + 30))
            else:
                short = render_line(WIN_SHORT, win.w - 20, 13, theme.TEXT)
                surface.blit(short, (win.x + 10, win.y + 6))
            left = render_line(f"Treasures left: {self.record.treasure_deck}", win.w - 20, 20, theme.YELLOW, "bold")
            surface.blit(left, left.get_rect(bottomleft=(win.x + 10, win.bottom - 8)))
        legend = self.parts.get("legend")
        if legend is None:
            self.draw_rooms_key(surface)
            return
        panel(surface, legend, (28, 40, 36), theme.PANEL_EDGE, radius=8, alpha=225)
        surface.blit(
            render_line("The spaces (hover one on the board)", legend.w - 20, 14, theme.TEXT_DIM, "bold"),
            (legend.x + 10, legend.y + 4),
        )
        for kind, row in self.legend_rows():
            r = 8
            centre = (row.x + r + 2, row.centery)
            if kind == "room":
                box = pygame.Rect(0, 0, 2 * r + 2, 2 * r + 2)
                box.center = centre
                draw_room(surface, box, 1)
            else:
                art = self.geo.room_art(3) if self.geo is not None else ""
                draw_space(surface, kind, centre, r, 3 if kind == "monster" else 0, art)
            line = render_line(SPACE_KEY[kind], row.w - 2 * r - 10, 14, theme.TEXT)
            surface.blit(line, line.get_rect(midleft=(row.x + 2 * r + 10, row.centery)))
        self.draw_rooms_key(surface)

    def draw_rooms_key(self, surface: pygame.Surface) -> None:
        box, geo = self.parts.get("rooms"), self.geo
        if box is None or geo is None:
            return
        panel(surface, box, (28, 40, 36), theme.PANEL_EDGE, radius=8, alpha=225)
        surface.blit(render_line("The Rooms", box.w - 20, 14, theme.TEXT_DIM, "bold"), (box.x + 10, box.y + 4))
        for space, row in self.room_rows():
            number = geo.rooms.get(space, 0)
            tag = pygame.Rect(row.x + 1, row.y + 1, row.h - 2, row.h - 2)
            draw_room(surface, tag, number)
            art = tinted_picture(geo.room_art(number), row.h - 2, theme.TEXT)
            if art is not None:  # its monster, beside the number
                surface.blit(art, (tag.right + 4, row.y + 1))
                tag = tag.move(art.get_width() + 4, 0)
            room = next((r for r in self.record.board.rooms if r.number == number), None)
            text = f"{room.monster} · power {room.power}" if room is not None else f"A monster · power {number}"
            line = render_line(text, row.right - tag.right - 8, 14, theme.TEXT)
            surface.blit(line, line.get_rect(midleft=(tag.right + 8, row.centery)))

    def legend_rows(self) -> list[tuple[str, pygame.Rect]]:
        return self._rows("legend", list(LEGEND_ORDER))

    def room_rows(self) -> list[tuple[str, pygame.Rect]]:
        rooms = [s for s, kind in self.geo.kinds.items() if kind == "room"] if self.geo is not None else []
        return self._rows("rooms", sorted(rooms, key=lambda s: self.geo.rooms.get(s, 0) if self.geo else 0))

    def _rows(self, part: str, keys: list[str]) -> list[tuple[str, pygame.Rect]]:
        box = self.parts.get(part)
        if box is None:
            return []
        rows = (box.h - 22) // LEGEND_ROW
        return [
            (key, pygame.Rect(box.x + 8, box.y + 22 + i * LEGEND_ROW, box.w - 16, LEGEND_ROW - 2))
            for i, key in enumerate(keys[:rows])
        ]

    def draw_rewards(self, surface: pygame.Surface) -> None:
        area = self.parts.get("rewards")
        if area is None:
            return
        panel(surface, area, (20, 24, 30), theme.YELLOW, radius=8, alpha=225)
        label = render_line("Treasures won: the helper keeps one", area.w - 16, 15, theme.TEXT, "bold")
        surface.blit(label, label.get_rect(midtop=(area.centerx, area.y + 6)))
        for card, rect in self.reward_rects:
            surface.blit(draw_face(self.cards.face(card), rect.w), rect.topleft)
            if card in self.by_card:
                pygame.draw.rect(surface, theme.FOCUS, rect.inflate(4, 4), 2, border_radius=6)

    def standie_point(self, seat: int, geo: BoardGeometry) -> tuple[tuple[float, float], float]:
        here = self.shown_at.get(seat)
        base = self._stand(here or "", geo)
        hop = self.hops.get(seat)
        if hop is None or not hop[0]:
            return (float(base[0]), float(base[1])), 0.0
        nxt = self._stand(hop[0][0], geo)
        t = hop[1]
        x = base[0] + (nxt[0] - base[0]) * t
        y = base[1] + (nxt[1] - base[1]) * t
        return (x, y), math.sin(math.pi * t)

    @staticmethod
    def standie_size(geo: BoardGeometry) -> int:
        return max(12, geo.radius + 3)

    def _stand(self, space: str, geo: BoardGeometry) -> tuple[int, int]:
        """Where a standie stands on `space`: on its middle, or in a Room with its feet under the number."""
        if geo.kinds.get(space) == "room":  # drawn smaller there (`draw_standies`)
            return geo.room_stand(space, int(self.standie_size(geo) * 0.8))
        return geo.points.get(space, geo.rect.center)

    def draw_standies(self, surface: pygame.Surface, geo: BoardGeometry) -> None:
        players = self.record.players
        by_space: dict[str, list[int]] = {}
        for p in players:
            by_space.setdefault(self.shown_at.get(p.seat, ""), []).append(p.seat)
        size = self.standie_size(geo)
        active = self.record.active
        for p in players:
            seat = p.seat
            (x, y), hop = self.standie_point(seat, geo)
            group = by_space.get(self.shown_at.get(seat, ""), [seat])
            if seat not in self.hops and len(group) > 1:
                i = group.index(seat)
                x += (i - (len(group) - 1) / 2) * size * 0.9
            name = p.name or "?"
            # In a Room they stand smaller, along its foot, so that its number shows above them.
            small = seat not in self.hops and geo.kinds.get(self.shown_at.get(seat, "")) == "room"
            mark = name[:1].upper()
            draw_standie(
                surface, (x, y), self.seat_colour(seat), mark, int(size * 0.8) if small else size, hop, seat == active
            )

    def draw_friends(self, surface: pygame.Surface) -> None:
        area = self.parts.get("friends")
        if area is None:
            return
        surface.blit(render_line("Your Friends", area.w, 15, theme.TEXT, "bold"), area.topleft)
        for card, rect in self.friend_rects:
            surface.blit(draw_face(self.cards.face(card), rect.w), rect.topleft)
            if card in self.by_card:
                pygame.draw.rect(surface, theme.FOCUS, rect.inflate(4, 4), 2, border_radius=6)

    def hover_hint(self) -> tuple[object | None, str]:
        owner, hint = super().hover_hint()
        if owner is not None:
            return owner, hint
        mx, my = pygame.mouse.get_pos()
        row_top = self.side_rect.y + 50 + 28
        index = (my - row_top) // 60 if self.side_rect.collidepoint(mx, my) and my >= row_top else -1
        players = self.record.players
        if 0 <= index < len(players) and (my - row_top) % 60 < 54:
            p = players[index]
            friends = ", ".join(self.cards.name(f) for f in p.friends) or "no Friends yet"
            return ("player", index), f"{p.name}: {friends}"
        for kind, row in self.legend_rows():
            if row.collidepoint(mx, my):
                return ("legend", kind), f"{SPACE_NAMES[kind].split(':')[0]}: {SPACE_HELP[kind]}."
        for space, row in self.room_rows():
            if row.collidepoint(mx, my):
                return ("room", space), self.space_help(space)
        if self.geo is not None:
            under = self.geo.space_at((mx, my))
            if under is None:  # a caption on the board (the Entrance's) stands for its space
                under = next((s for s, box, _, _ in self.geo.labels if box.collidepoint(mx, my)), None)
            if under is not None:
                return ("space", under), self.space_help(under)
        return None, ""

    def space_help(self, space: str) -> str:
        """A space in words: what it is, what landing there does, and who stands on it."""
        geo = self.geo
        if geo is None:
            return space
        kind = geo.kinds.get(space, "plain")
        if kind == "room":
            text = geo.room_caption(space).replace("\n", ", ") + f". {SPACE_HELP['room'].capitalize()}."
        elif kind == "monster":
            text = f"Monster: go to Room {geo.rooms.get(space)} and fight there."
        else:
            text = f"{SPACE_NAMES.get(kind, space)}: {SPACE_HELP.get(kind, '')}."
        here = [p.name for p in self.record.players if self.shown_at.get(p.seat) == space]
        return text + (f" Here: {', '.join(here)}." if here else "")

    def table_boxes(self) -> list[Box]:
        boxes: list[Box] = [("reaction/prompt", self.prompt_rect())]
        geo = self.geo
        if geo is not None:
            boxes.append(("table/board", geo.rect))
            boxes += [(f"table/board/space:{s}", geo.space_box(s)) for s in geo.points]
            boxes += [(f"table/board/caption:{s}", box) for s, box, _, _ in geo.labels]
        boxes += [(f"table/column:{i}", c) for i, c in enumerate(self.columns)]
        where = {name: f"table/column:{i}/{name}" for name, i in self.part_column.items()}
        where["rewards"] = "table/board/float:rewards"  # lies over the board until the helper has picked
        boxes += [(where[name], rect) for name, rect in self.parts.items()]
        boxes += [(f"{where['rewards']}/card:{c}", r) for c, r in self.reward_rects]
        boxes += [(f"{where.get('friends')}/card:{c}", r) for c, r in self.friend_rects]
        boxes += [(f"{where.get('legend')}/{kind}", row) for kind, row in self.legend_rows()]
        boxes += [(f"{where.get('rooms')}/{space}", row) for space, row in self.room_rows()]
        return boxes

    def draw_prompt(self, surface: pygame.Surface) -> None:
        if self.viewer is None:
            return
        if self.destinations():
            text = "Click a highlighted space to move there"
        elif self.viewer in self.state.to_act:
            text = "Your move: choose below, or click a glowing card"
        else:
            waiting = ", ".join(self.seat_name(s) for s in self.state.to_act)
            text = f"Waiting for {waiting}" if waiting else ""
        if text:
            area = self.prompt_rect()
            img = render_line(text, area.w - 16, 17, theme.TEXT, "bold")
            rect = img.get_rect(center=area.center).inflate(16, 4)
            rect.h = min(rect.h, area.h)
            rect.center = area.center
            panel(surface, rect, (20, 24, 30), theme.PANEL_EDGE, radius=6, alpha=210)
            surface.blit(img, img.get_rect(center=rect.center))

    def draw_sidebar_top(self, surface: pygame.Surface, rect: pygame.Rect) -> int:
        y = rect.y
        view = self.record
        surface.blit(render_line(f"Turn {view.turn}", rect.w, 20, theme.ACCENT, "bold"), (rect.x, y))
        y += 28
        to_act = self.state.to_act
        golds = view.outcome.gold if view.outcome is not None else None
        players = view.players
        # Rows shrink on a short window so that the log below keeps room for a dozen lines, and chat for three.
        compact = self.side_rect.bottom - (y + 36 + 60 * len(players)) < 240 + table_hud.chat_min_h(self)
        step, k = (40, 0.72) if compact else (60, 1.0)
        for p in players:
            seat = p.seat
            row = pygame.Rect(rect.x, y, rect.w, step - 6)
            fill = (52, 58, 72) if seat in to_act else (36, 40, 50)
            panel(surface, row, fill, self.seat_colour(seat) if seat in to_act else theme.PANEL_EDGE, radius=6)
            standie = (row.x + int(20 * k), row.y + int(30 * k))
            draw_standie(surface, standie, self.seat_colour(seat), p.name[:1], int(16 * k))
            you = " (you)" if seat == self.viewer else ""
            surface.blit(
                render_line(f"{p.name}{you}", row.w - 50, int(17 * k) + 2, theme.TEXT, "bold"),
                (row.x + int(42 * k), row.y + int(5 * k)),
            )
            gold = ""
            if golds and seat < len(golds):
                gold = f" · {golds[seat]} Gold"
            elif seat == self.viewer and view.gold is not None:
                gold = f" · {view.gold} Gold"
            line = (
                f"{self.space_label(p.position)} · {plural(p.hand_count, 'card')} · "
                f"{plural(len(p.friends), 'Friend')}{gold}"
            )
            detail = render_line(line, row.w - 50, int(14 * k) + 1, theme.TEXT_DIM)
            surface.blit(detail, (row.x + int(42 * k), row.y + int(28 * k)))
            draw_presence(surface, self.session.presence.of(seat), row)
            y += step
        left, monsters = view.treasure_deck, view.monster_deck
        decks = f"Treasures left: {left} · Monster cards: {monsters}"
        surface.blit(render_block(decks, rect.w, 40, 14, theme.TEXT_DIM), (rect.x, y))
        return y + 36

    def dice_area(self) -> pygame.Rect:
        """The fight panel rolls under its title; a move or a run is rolled at the top of the column beside the
        board, never over the board's middle."""
        fight = self.parts.get("fight")
        if fight is not None:  # over the lines of parts and dice, so the score stays in sight when there is room
            top = 130 if fight.h - 130 - 24 >= 90 else 38
            return pygame.Rect(fight.x + 6, fight.y + top, fight.w - 12, fight.h - top - 24)
        col = self.columns[0]
        return pygame.Rect(col.x, col.y, col.w, min(col.h, round(col.w * 0.75)))

    def deck_point(self, deck: str) -> tuple[int, int]:
        return self.side_rect.x + 40, self.side_rect.y + 60
