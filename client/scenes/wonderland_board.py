"""The Wonderland screen: the board from its data, hopping standies, reachable spaces, the fight panel."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from ..anim.dice import die_image
from ..render.board import SPACE_NAMES, BoardGeometry, draw_board, draw_standie
from ..render.cards import draw_face
from ..session import Session
from ..ui import theme
from ..ui.text import render_block, render_line
from ..ui.widgets import panel
from ..words import plural
from ..words.wonderland import die_owner
from .table_base import GameScene, Wire

if TYPE_CHECKING:
    from ..app import App

HOP = 0.2  # seconds per space a standie hops


class WonderlandScene(GameScene):
    name = "wonderland"

    def __init__(self, app: App, session: Session, quit_after_turns: int | None = None) -> None:
        self.geo: BoardGeometry | None = None
        self.board_img: pygame.Surface | None = None
        self.hops: dict[int, tuple[list[str], float]] = {}  # seat -> (spaces still to hop through, progress)
        self.shown_at: dict[int, str] = {}
        self.pulse = 0.0
        self.reward_rects: list[tuple[str, pygame.Rect]] = []
        self.friend_rects: list[tuple[str, pygame.Rect]] = []
        super().__init__(app, session, quit_after_turns)

    # -- layout ------------------------------------------------------------------------------------
    def layout_table(self, rect: pygame.Rect) -> None:
        board = self.view.get("board")
        if not isinstance(board, dict) or min(rect.size) < 100:
            return
        # The left column keeps the fight panel clear of the board.
        area = pygame.Rect(rect.x + 300, rect.y + 8, rect.w - 308, rect.h - 16)
        self.geo = BoardGeometry(board, area)
        self.board_img = draw_board(self.geo)

    def _refresh(self) -> None:
        had_board = self.geo is not None
        super()._refresh()
        if not had_board and self.view.get("board"):
            self.layout_table(self.table_rect)
        for p in self.view.get("players") or []:
            seat = int(p.get("seat", 0))
            if seat not in self.hops:
                self.shown_at[seat] = str(p.get("position"))

    def destinations(self) -> dict[str, list[Wire]]:
        out: dict[str, list[Wire]] = {}
        for wire in self.by_kind.get("move", []):
            path = wire.get("path") or []
            if path:
                out.setdefault(str(path[-1]), []).append(wire)
        return out

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
        wires = self.destinations().get(space)
        if button == 1 and wires:
            if len(wires) == 1:
                self.choose(wires[0])
            else:
                self.offer("Which way?", wires, pos)
            return True
        return False

    def autoplay_target(self, wire: Wire) -> tuple[int, int] | None:
        if wire.get("type") == "move" and self.geo is not None:
            path = wire.get("path") or []
            if path and str(path[-1]) in self.geo.points:
                return self.geo.points[str(path[-1])]
        return super().autoplay_target(wire)

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
    def event_effects(self, event: dict[str, Any]) -> None:
        kind = event.get("type")
        seat = event.get("seat")
        if kind == "moved" and isinstance(seat, int):
            path = [str(s) for s in event.get("path") or []]
            if path:
                self.hops[seat] = (path, 0.0)
        elif kind == "turn_began":
            if seat == self.viewer:
                self.app.sounds.play("turn")
            self.want_shot("turn_start", 0.1)
        elif kind == "fight_began":
            self.app.sounds.play("door")
            die = event.get("monster_die")
            if isinstance(die, int):
                self.roll_dice([die], {**event, "for": "monster"})
            self.want_shot("combat", 0.6)
        elif kind in ("treasure_played", "friend_played", "discarded", "treasure_picked"):
            self.app.sounds.play("card")

    # -- update ------------------------------------------------------------------------------------
    def update_table(self, dt: float) -> None:
        self.pulse = (self.pulse + dt) % 1.0
        # The Treasures a helped win shows lie under the fight panel, where the helper picks one (W17).
        fight = self.view.get("fight")
        rewards = fight.get("rewards") or [] if isinstance(fight, dict) else []
        x, y = self.table_rect.x + 14, self.table_rect.y + 330
        self.reward_rects = [(str(c), pygame.Rect(x + i * 76, y, 70, 98)) for i, c in enumerate(rewards)]
        # Your Friends lie in front of you (W04), bottom left, where a card can target them.
        players = self.view.get("players") or []
        mine = (
            players[self.viewer].get("friends") or [] if self.viewer is not None and self.viewer < len(players) else []
        )
        y = self.table_rect.bottom - 112
        self.friend_rects = [(str(c), pygame.Rect(x + i * 64, y, 58, 81)) for i, c in enumerate(mine[:4])]
        for seat, (path, progress) in list(self.hops.items()):
            progress += dt / HOP
            while progress >= 1.0 and path:
                self.shown_at[seat] = path.pop(0)
                progress -= 1.0
            if not path:
                del self.hops[seat]
            else:
                self.hops[seat] = (path, progress)

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
        self.draw_standies(surface, geo)
        self.draw_fight(surface)
        self.draw_friends(surface)
        self.draw_prompt(surface)

    def standie_point(self, seat: int, geo: BoardGeometry) -> tuple[tuple[float, float], float]:
        here = self.shown_at.get(seat)
        base = geo.points.get(here or "", geo.rect.center)
        hop = self.hops.get(seat)
        if hop is None or not hop[0]:
            return (float(base[0]), float(base[1])), 0.0
        nxt = geo.points.get(hop[0][0], base)
        t = hop[1]
        x = base[0] + (nxt[0] - base[0]) * t
        y = base[1] + (nxt[1] - base[1]) * t
        return (x, y), math.sin(math.pi * t)

    def draw_standies(self, surface: pygame.Surface, geo: BoardGeometry) -> None:
        players = self.view.get("players") or []
        by_space: dict[str, list[int]] = {}
        for p in players:
            seat = int(p.get("seat", 0))
            by_space.setdefault(self.shown_at.get(seat, ""), []).append(seat)
        size = max(14, geo.radius + 4)
        active = self.view.get("active")
        for p in players:
            seat = int(p.get("seat", 0))
            (x, y), hop = self.standie_point(seat, geo)
            group = by_space.get(self.shown_at.get(seat, ""), [seat])
            if seat not in self.hops and len(group) > 1:
                i = group.index(seat)
                x += (i - (len(group) - 1) / 2) * size * 0.9
            name = str(p.get("name") or "?")
            draw_standie(surface, (x, y), self.seat_colour(seat), name[:1].upper(), size, hop, seat == active)

    def draw_fight(self, surface: pygame.Surface) -> None:
        fight = self.view.get("fight")
        if not isinstance(fight, dict):
            return
        box = pygame.Rect(self.table_rect.x + 12, self.table_rect.y + 12, 284, 294)
        panel(surface, box, (40, 20, 28), theme.VERMILLION, alpha=235)
        title = render_line(f"Room {fight.get('room')}: {fight.get('monster')}", box.w - 20, 22, theme.TEXT, "bold")
        surface.blit(title, (box.x + 10, box.y + 8))
        ours, theirs = int(fight.get("munchkin_power") or 0), int(fight.get("monster_power") or 0)
        winning = ours >= theirs
        for i, (label, value, colour) in enumerate((("Munchkins", ours, theme.SKY), ("Monster", theirs, theme.ORANGE))):
            x = box.x + 14 + i * 140
            surface.blit(render_line(label, 130, 17, theme.TEXT_DIM), (x, box.y + 40))
            big = render_line(str(value), 130, 54, colour, "bold")
            surface.blit(big, (x, box.y + 58))
        verdict = "The Munchkins are winning" if winning else "The monster is winning"
        surface.blit(
            render_line(verdict, box.w - 20, 17, theme.SKY if winning else theme.ORANGE, "bold"),
            (box.x + 10, box.y + 112),
        )
        for i, part in enumerate(self.power_parts(fight)):
            surface.blit(render_line(part, box.w - 20, 13, theme.TEXT_DIM), (box.x + 10, box.y + 132 + i * 15))
        x = box.x + 10
        for die in fight.get("dice") or []:
            face = int(die.get("face") or 1)
            if 1 <= face <= 6:
                surface.blit(die_image(face, 30), (x, box.y + 186))
                tag = render_line(die_owner(self.words, die.get("owner")), 40, 12, theme.TEXT_DIM)
                surface.blit(tag, (x, box.y + 218))
                x += 44
        cx = max(x + 10, box.x + 10)
        for card in fight.get("monster_cards") or []:
            img = draw_face(self.cards.face(str(card)), 44)
            if cx + 44 > box.right - 6:
                break
            surface.blit(img, (cx, box.y + 186))
            cx += 48
        if self.reward_rects:
            label = render_line("Treasures won: the helper keeps one", 300, 15, theme.TEXT, "bold")
            surface.blit(label, (self.reward_rects[0][1].x, self.reward_rects[0][1].y - 20))
        for card, rect in self.reward_rects:
            surface.blit(draw_face(self.cards.face(card), rect.w), rect.topleft)
            if card in self.by_card:
                pygame.draw.rect(surface, theme.FOCUS, rect.inflate(4, 4), 2, border_radius=6)
        helper = fight.get("helper")
        who = f"{self.seat_name(int(fight.get('fighter', 0)))}" + (
            f" + {self.seat_name(int(helper))}" if isinstance(helper, int) else ""
        )
        surface.blit(render_line(f"Fighting: {who}", box.w - 20, 15, theme.TEXT), (box.x + 10, box.bottom - 22))

    def draw_friends(self, surface: pygame.Surface) -> None:
        if not self.friend_rects:
            return
        first = self.friend_rects[0][1]
        surface.blit(render_line("Your Friends", 260, 15, theme.TEXT, "bold"), (first.x, first.y - 20))
        for card, rect in self.friend_rects:
            surface.blit(draw_face(self.cards.face(card), rect.w), rect.topleft)
            if card in self.by_card:
                pygame.draw.rect(surface, theme.FOCUS, rect.inflate(4, 4), 2, border_radius=6)

    def power_parts(self, fight: dict[str, Any]) -> list[str]:
        """Where both Powers come from, as far as the view tells (W13, W14, W17)."""
        rooms = {int(r["number"]): r for r in (self.view.get("board") or {}).get("rooms", [])}
        room = rooms.get(int(fight.get("room") or 0), {})
        cards = [getattr(self.cards.get(str(c)), "bonus", 0) or 0 for c in fight.get("monster_cards") or []]
        monster_dice = [int(d.get("face") or 0) for d in fight.get("dice") or [] if d.get("owner") == "monster"]
        theirs = (
            f"Monster: Room {room.get('power', '?')}"
            + "".join(f" +{b}" for b in cards)
            + "".join(f" +die {f}" for f in monster_dice)
        )
        players = {int(p.get("seat", -1)): p for p in self.view.get("players") or []}
        ours = []
        for role, seat_key, bonus_key in (
            ("fighter", "fighter", "fighter_bonus"),
            ("helper", "helper", "helper_bonus"),
        ):
            seat = fight.get(seat_key)
            if not isinstance(seat, int):
                continue
            friends = sum(
                getattr(self.cards.get(str(f)), "bonus", 0) or 0 for f in players.get(seat, {}).get("friends") or []
            )
            dice = [int(d.get("face") or 0) for d in fight.get("dice") or [] if d.get("owner") == role]
            ours.append(
                f"{self.seat_name(seat)}: dice {'+'.join(map(str, dice)) or '-'}, Friends +{friends}, "
                f"cards +{fight.get(bonus_key) or 0}"
            )
        return [theirs, *ours]

    def hover_hint(self) -> tuple[object | None, str]:
        owner, hint = super().hover_hint()
        if owner is not None:
            return owner, hint
        mx, my = pygame.mouse.get_pos()
        row_top = self.side_rect.y + 50 + 28
        index = (my - row_top) // 60 if self.side_rect.collidepoint(mx, my) and my >= row_top else -1
        players = self.view.get("players") or []
        if 0 <= index < len(players) and (my - row_top) % 60 < 54:
            p = players[index]
            friends = ", ".join(self.cards.name(str(f)) for f in p.get("friends") or []) or "no Friends yet"
            return ("player", index), f"{p.get('name')}: {friends}"
        if self.geo is not None:
            space = self.geo.space_at((mx, my))
            if space is not None:
                return ("space", space), self.space_label(space)
        return None, ""

    def draw_prompt(self, surface: pygame.Surface) -> None:
        if self.viewer is None:
            return
        if self.destinations():
            text = "Click a highlighted space to move there"
        elif self.viewer in (self.st.get("to_act") or []):
            text = "Your move: choose below, or click a glowing card"
        else:
            waiting = ", ".join(self.seat_name(s) for s in self.st.get("to_act") or [])
            text = f"Waiting for {waiting}" if waiting else ""
        if text:
            img = render_line(text, self.table_rect.w - 40, 20, theme.TEXT, "bold")
            rect = img.get_rect(midbottom=(self.table_rect.centerx, self.table_rect.bottom - 8)).inflate(16, 8)
            panel(surface, rect, (20, 24, 30), theme.PANEL_EDGE, radius=6, alpha=210)
            surface.blit(img, img.get_rect(center=rect.center))

    def draw_sidebar_top(self, surface: pygame.Surface, rect: pygame.Rect) -> int:
        y = rect.y
        surface.blit(render_line(f"Turn {self.view.get('turn', '?')}", rect.w, 20, theme.ACCENT, "bold"), (rect.x, y))
        y += 28
        to_act = self.st.get("to_act") or []
        outcome = self.view.get("outcome") or {}
        golds = outcome.get("gold") if isinstance(outcome, dict) else None
        players = self.view.get("players") or []
        # Rows shrink on a short window so that the log below keeps room for a dozen lines.
        compact = self.side_rect.bottom - (y + 36 + 60 * len(players)) < 240
        step, k = (40, 0.72) if compact else (60, 1.0)
        for p in players:
            seat = int(p.get("seat", 0))
            row = pygame.Rect(rect.x, y, rect.w, step - 6)
            fill = (52, 58, 72) if seat in to_act else (36, 40, 50)
            panel(surface, row, fill, self.seat_colour(seat) if seat in to_act else theme.PANEL_EDGE, radius=6)
            standie = (row.x + int(20 * k), row.y + int(30 * k))
            draw_standie(surface, standie, self.seat_colour(seat), str(p.get("name", "?"))[:1], int(16 * k))
            you = " (you)" if seat == self.viewer else ""
            surface.blit(
                render_line(f"{p.get('name')}{you}", row.w - 50, int(17 * k) + 2, theme.TEXT, "bold"),
                (row.x + int(42 * k), row.y + int(5 * k)),
            )
            friends = p.get("friends") or []
            gold = ""
            if golds and seat < len(golds):
                gold = f" · {golds[seat]} Gold"
            elif seat == self.viewer and self.view.get("gold") is not None:
                gold = f" · {self.view.get('gold')} Gold"
            line = (
                f"{self.space_label(str(p.get('position')))} · {plural(p.get('hand_count', 0), 'card')} · "
                f"{plural(len(friends), 'Friend')}{gold}"
            )
            detail = render_line(line, row.w - 50, int(14 * k) + 1, theme.TEXT_DIM)
            surface.blit(detail, (row.x + int(42 * k), row.y + int(28 * k)))
            y += step
        left, monsters = self.view.get("treasure_deck", "?"), self.view.get("monster_deck", "?")
        decks = f"Treasures left: {left} · Monster cards: {monsters}"
        surface.blit(render_block(decks, rect.w, 40, 14, theme.TEXT_DIM), (rect.x, y))
        return y + 36

    def dice_area(self) -> pygame.Rect:
        area = super().dice_area()
        if self.geo is not None:
            area.center = self.geo.rect.center
        return area

    def deck_point(self, deck: str) -> tuple[int, int]:
        return self.side_rect.x + 40, self.side_rect.y + 60
