"""The big screen's Munchkin table: every player's public table in two rows, the decks and the fight between.

A player's panel: name and level large, race(s), class(es) and sex, the hand as a count, and the Hireling,
items (carried ones greyed) and curses as plates readable across the room (`big_screen_cards`). The fight: the
monsters large with their enhancers and level plates (`combat_zone`), and each side's strength as the engine's
sum of parts (`strength_breakdown`'s rows), total first. It also answers what `table_moments.munchkin` asks of
a table, so the table's own big moments play here: a spectator has no hand and no panel of its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...shared.rules.base import Event
from ...shared.rules.munchkin.view import MunchkinView, PlayerView
from ..presence import draw_mark as draw_presence
from ..render.cards import CARD_RATIO, draw_back, draw_face
from ..render.table_surface import draw_empty_pile, draw_stack, lying
from ..ui import theme
from ..ui.text import render_block, render_line
from ..ui.widgets import panel
from ..words import listed, plural
from . import combat_zone, table_moments
from .big_screen_cards import plate, plate_grid
from .big_screen_part import ScreenPart
from .munchkin_table import DECISION_TEXT, FACE_UP_DECISIONS
from .strength_breakdown import Row, fighter_rows, monster_rows

if TYPE_CHECKING:
    from .big_screen import BigScreenScene

Placed = tuple[str, pygame.Rect, bool]  # a card on the table: where, and whether it lies sideways


class MunchkinMiddle(ScreenPart):
    hand_rects: tuple[tuple[str, pygame.Rect], ...] = ()

    def __init__(self, screen: BigScreenScene) -> None:
        super().__init__(screen)
        self.rect = pygame.Rect(0, 0, 10, 10)
        self.opponent_rects: dict[int, pygame.Rect] = {}  # every player's panel (table_moments' word for them)
        self.opponent_rows: dict[int, dict[str, pygame.Rect]] = {}
        self.decks_rect = self.combat_rect = pygame.Rect(0, 0, 10, 10)
        self.me_rect = self.hand_rect = pygame.Rect(0, 0, 0, 0)
        self.table_cards: list[Placed] = []  # the plates in the panels, then the fight's cards and the Doors
        self.plates = 0  # how many of `table_cards` are plates
        self.monster_rects: list[pygame.Rect] = []
        self.more: dict[int, int] = {}  # seat -> cards of their panel that did not fit
        self.card_w = 90

    @property
    def record(self) -> MunchkinView | None:
        """The table's view record, once the big screen holds one of a Munchkin game."""
        record = self.screen.record
        return record if isinstance(record, MunchkinView) else None

    # -- what the table's moments ask ----------------------------------------------------------------

    def seat_colour(self, seat: int) -> theme.Colour:
        return self.screen.seat_colour(seat)

    def table_card_point(self, card: str) -> tuple[int, int] | None:
        return next((rect.center for c, rect, _ in self.table_cards if c == card), None)

    def deck_parts(self) -> dict[str, dict[str, pygame.Rect]]:
        rect, k = self.decks_rect, self.screen.k
        row_h = rect.h // 2
        card_w = max(30, min(round(84 * k), int((row_h - 34 * k) / CARD_RATIO), (rect.w - 30) // 2))
        parts = {}
        for i, deck in enumerate(("door", "treasure")):
            row = pygame.Rect(rect.x, rect.y + i * row_h, rect.w, row_h - 4)
            pile = pygame.Rect(row.x + 8, row.y + round(30 * k), card_w, round(card_w * CARD_RATIO))
            parts[deck] = {"row": row, "pile": pile, "discard": pile.move(card_w + 12, 0)}
        return parts

    def on_event(self, event: Event) -> None:
        table_moments.munchkin(self, event)  # type: ignore[arg-type]

    def dice_area(self) -> pygame.Rect:
        """The dice are thrown large over the middle of the fight, between its two strengths, which stay in
        sight."""
        k = self.screen.k
        middle = self.combat_rect.inflate(-2 * round(360 * k), round(120 * k))
        return middle if middle.w > 200 else self.combat_rect.inflate(0, round(120 * k))

    def callout_point(self) -> tuple[float, float]:
        return float(self.combat_rect.centerx), float(self.combat_rect.centery)

    def boxes(self) -> list[tuple[str, pygame.Rect]]:
        """The parts laid out, for the layout test: each player's panel and its lines, the decks, the fight."""
        boxes = [("table/decks", self.decks_rect), ("table/fight", self.combat_rect)]
        for seat, rect in self.opponent_rects.items():
            boxes.append((f"table/player:{seat}", rect))
            boxes += [(f"table/player:{seat}/{name}", r) for name, r in self.opponent_rows[seat].items()]
        boxes += [(f"table/decks/{deck}", parts["row"]) for deck, parts in self.deck_parts().items()]
        for card, rect, _ in self.table_cards:
            owner = next((seat for seat, rows in self.opponent_rows.items() if rows["items"].contains(rect)), None)
            parent = f"table/player:{owner}/items" if owner is not None else "table/fight"
            boxes.append((f"{parent}/card:{card}", rect))
        return boxes

    # -- layout --------------------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        self.rect = rect
        k = self.screen.k
        n = max(1, len(self.record.players) if self.record is not None else 0)
        top = (n + 1) // 2
        panel_h, gap = round(244 * k), round(10 * k)
        self.opponent_rects = {}
        for row, seats in ((0, range(top)), (1, range(top, n))):
            count = len(seats)
            if not count:
                continue
            w = min(round(740 * k), (rect.w - 16 - gap * (count - 1)) // count)
            x0 = rect.centerx - (count * w + gap * (count - 1)) // 2
            y = rect.y + 8 if row == 0 else rect.bottom - panel_h - 8
            for i, seat in enumerate(seats):
                self.opponent_rects[seat] = pygame.Rect(x0 + i * (w + gap), y, w, panel_h)
        self.opponent_rows = {seat: _rows(r, k) for seat, r in self.opponent_rects.items()}
        band_y = rect.y + 8 + panel_h + gap
        band_h = rect.bottom - (panel_h + 8 if n > 1 else 0) - gap - band_y
        self.decks_rect = pygame.Rect(rect.x + 8, band_y, round(200 * k), band_h)
        x = self.decks_rect.right + gap
        self.combat_rect = pygame.Rect(x, band_y, rect.right - 8 - x, band_h)
        self.card_w = round(84 * k)
        self._place()

    def _place(self) -> None:
        """Where every card on the table lies: each panel's strip, the fight's cards, Doors turned over."""
        cards: list[Placed] = []
        self.more = {}
        view = self.record
        players = view.players if view is not None else []
        for seat, rows in self.opponent_rows.items():
            shown: list[tuple[str, bool]] = []
            if seat < len(players):
                p = players[seat]
                shown += [(p.hireling, False)] if p.hireling else []
                shown += [(i.card, not i.equipped) for i in p.items]
                shown += [(c, False) for c in p.curses]
            spots = plate_grid(len(shown), rows["items"], self.screen.k)
            self.more[seat] = len(shown) - len(spots)
            cards += [(card, rect, carried) for (card, carried), rect in zip(shown, spots, strict=False)]
        self.plates = len(cards)
        self.monster_rects = []
        combat = view.combat if view is not None else None
        area = self.cards_area()
        if combat is not None:
            fight, self.monster_rects = combat_zone.place(combat, area, 3.0)
            used = max((r.right for _, r, _ in fight), default=area.x) - area.x
            shift = max(0, (area.w - used) // 2)  # the monsters in the middle of the fight
            cards += [(c, r.move(shift, 0), s) for c, r, s in fight]
            self.monster_rects = [r.move(shift, 0) for r in self.monster_rects]
        else:
            doors = self.face_up_doors()
            if doors:
                w = min(round(area.h / CARD_RATIO), (area.w - 12 * (len(doors) - 1)) // len(doors))
                x = area.centerx - (len(doors) * (w + 12) - 12) // 2
                cards += [
                    (c, pygame.Rect(x + i * (w + 12), area.y, w, round(w * CARD_RATIO)), False)
                    for i, c in enumerate(doors)
                ]
        self.table_cards = cards

    def cards_area(self) -> pygame.Rect:
        """Where the fight's cards lie: between the two strengths, under the title, above the verdict."""
        c, k = self.combat_rect, self.screen.k
        side = round(350 * k)
        if self.record is None or self.record.combat is None:
            return pygame.Rect(c.x + 16, c.y + round(90 * k), c.w - 32, c.h - round(100 * k))
        return pygame.Rect(c.x + side + 16, c.y + round(50 * k), c.w - 2 * side - 32, c.h - round(96 * k))

    def face_up_doors(self) -> list[str]:
        decisions = self.record.decisions if self.record is not None else []
        if decisions and decisions[0].kind in FACE_UP_DECISIONS and decisions[0].cards:
            return list(decisions[0].cards)
        return []

    # -- drawing -------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        view, state = self.record, self.screen.state
        if view is None or state is None:
            return
        for seat, rect in self.opponent_rects.items():
            if seat < len(view.players):
                self.draw_player(surface, seat, view.players[seat], rect, seat == view.active, seat in state.to_act)
        self.draw_decks(surface)
        self.draw_fight(surface)
        for i, (card, rect, sideways) in enumerate(self.table_cards):
            if self.moments.holds(card):
                continue  # a big moment carries it there
            if i < self.plates:
                lying(surface, plate(self.cards.face(card), rect.size, sideways, self.screen.font_size(15)), rect)
                continue
            face = draw_face(self.cards.face(card), rect.h if sideways else rect.w)
            lying(surface, pygame.transform.rotate(face, 90) if sideways else face, rect)
        if view.combat is not None:
            combat_zone.draw_plates(self, surface, view.combat)  # type: ignore[arg-type]

    def draw_player(
        self, surface: pygame.Surface, seat: int, p: PlayerView, rect: pygame.Rect, active: bool, acting: bool
    ) -> None:
        s = self.screen
        colour = self.seat_colour(seat)
        panel(surface, rect, (36, 42, 54), colour if acting else theme.PANEL_EDGE, radius=12, alpha=240)
        pygame.draw.rect(surface, colour, (rect.x, rect.y, round(12 * s.k), rect.h), border_radius=6)
        rows = self.opponent_rows[seat]
        name = p.name + (" ▶" if active else "")
        surface.blit(render_line(name, rows["name"].w, s.font_size(36), theme.TEXT, "bold"), rows["name"].topleft)
        level = render_line(f"Level {p.level}", rows["level"].w, s.font_size(42), theme.YELLOW, "bold")
        surface.blit(level, level.get_rect(topright=rows["level"].topright))
        names = [self.cards.name(c) for c in (*p.races, *p.classes)]
        who = f"{' · '.join(names) or 'Human, no class'} · {p.sex}"
        surface.blit(render_line(who, rows["info"].w, s.font_size(26), theme.TEXT), rows["info"].topleft)
        curses = len(p.curses)
        hand = rows["hand"]
        back = draw_back("door", round(hand.h / CARD_RATIO))
        surface.blit(back, hand.topleft)
        line = (
            f"{plural(p.hand_count, 'card')} in hand · gear {p.gear:+d}"
            + (f" · {plural(curses, 'curse')}" if curses else "")
            + (f" · {self.more[seat]} more cards in play" if self.more.get(seat) else "")
        )
        text = render_line(line, hand.w - back.get_width() - 10, s.font_size(24), theme.TEXT_DIM)
        surface.blit(text, text.get_rect(midleft=(hand.x + back.get_width() + 10, hand.centery)))
        if p.dead:
            shade = pygame.Surface(rect.size, pygame.SRCALPHA)
            shade.fill((0, 0, 0, 130))
            surface.blit(shade, rect.topleft)
            dead = render_line("Dead: back next turn", rect.w - 40, s.font_size(40), theme.ORANGE, "bold")
            surface.blit(dead, dead.get_rect(center=rect.center))
        if s.session is not None:
            draw_presence(surface, s.session.presence.of(seat), rect, rows["info"])  # its note clear of the cards

    def draw_decks(self, surface: pygame.Surface) -> None:
        view = self.record
        if view is None:
            return
        size = self.screen.font_size(22)
        for deck, parts in self.deck_parts().items():
            left = view.decks.door if deck == "door" else view.decks.treasure
            pile = view.discards.door if deck == "door" else view.discards.treasure
            label = f"{'Doors' if deck == 'door' else 'Treasures'} {left} · discards {pile.count}"
            surface.blit(render_line(label, parts["row"].w - 8, size, theme.TEXT), (parts["row"].x + 4, parts["row"].y))
            if left:
                draw_stack(surface, draw_back(deck, parts["pile"].w), parts["pile"], left)
            else:
                draw_empty_pile(surface, parts["pile"])
            if pile.top:
                face = draw_face(self.cards.face(pile.top), parts["discard"].w)
                draw_stack(surface, face, parts["discard"], pile.count or 1)
            else:
                draw_empty_pile(surface, parts["discard"])

    def draw_fight(self, surface: pygame.Surface) -> None:
        rect, s = self.combat_rect, self.screen
        combat = self.record.combat if self.record is not None else None
        if combat is None:
            panel(surface, rect, (14, 40, 30), (60, 100, 84), radius=14, alpha=140)
            text = self.waiting_text()
            img = render_block(text, rect.w - 60, round(110 * s.k), s.font_size(40), theme.TEXT, align="center")
            doors = self.table_cards and self.face_up_doors()  # the line goes above Doors turned over
            top = rect.y + round(14 * s.k) if doors else rect.centery - img.get_height() // 3
            surface.blit(img, (rect.x + 30, top))
            return
        panel(surface, rect, (62, 30, 30), theme.VERMILLION, radius=14)
        names = [self.seat_name(x) for x in (combat.fighter, combat.helper) if x is not None]
        title = f"{listed(names)} {'fights' if len(names) < 2 else 'fight'}"
        step = {"flee": "running away", "help": "asking for help", "spoils": "won: taking the Treasures"}.get(
            combat.step, ""
        )
        title += f" · {step}" if step else ""
        side = round(350 * s.k)
        img = render_line(title, rect.w - 2 * side - 20, s.font_size(34), theme.TEXT, "bold")
        surface.blit(img, img.get_rect(midtop=(rect.centerx, rect.y + round(8 * s.k))))
        ours = pygame.Rect(rect.x + 16, rect.y + round(12 * s.k), side - 16, rect.h - round(24 * s.k))
        theirs = pygame.Rect(rect.right - side, ours.y, side - 16, ours.h)
        name = self.cards.name
        self.draw_sum(
            surface,
            ours,
            "Munchkins",
            combat.fighters_strength,
            theme.SKY,
            fighter_rows(combat, name, self.seat_name),
        )
        self.draw_sum(
            surface,
            theirs,
            "Monsters",
            combat.monsters_strength,
            theme.ORANGE,
            monster_rows(combat, name, self.seat_name),
        )
        winning = combat.fighters_winning
        verdict = "The munchkins are winning" if winning else "The monsters are winning"
        line = render_line(verdict, rect.w - 2 * side, s.font_size(36), theme.SKY if winning else theme.ORANGE, "bold")
        surface.blit(line, line.get_rect(midbottom=(rect.centerx, rect.bottom - round(8 * s.k))))

    def draw_sum(
        self, surface: pygame.Surface, box: pygame.Rect, label: str, total: int, colour: theme.Colour, rows: list[Row]
    ) -> None:
        """One side's strength: its total large, then the terms it is the sum of, one a line."""
        s = self.screen
        panel(surface, box, (30, 22, 24), colour, radius=10)
        head = render_line(label, box.w - 120, s.font_size(28), theme.TEXT, "bold")
        surface.blit(head, (box.x + 14, box.y + round(10 * s.k)))
        big = render_line(str(total), round(120 * s.k), s.font_size(72), colour, "bold")
        surface.blit(big, big.get_rect(topright=(box.right - 14, box.y + 2)))
        y = box.y + round(76 * s.k)
        # Closer lines before any term is left out: a helped fight has many.
        line_h = max(round(19 * s.k), min(round(27 * s.k), (box.bottom - 8 - y) // max(1, len(rows))))
        size = max(12, line_h - round(4 * s.k))
        room = max(0, (box.bottom - 8 - y) // line_h)
        shown = rows if len(rows) <= room else rows[: max(0, room - 1)]
        for row in shown:
            text_colour = row.colour if row.amount is None else theme.TEXT
            style = "bold" if row.amount is None else "regular"
            words = render_line(row.text, box.w - 100, size, text_colour, style)
            surface.blit(words, (box.x + 14, y))
            if row.amount is not None:
                number = f"{row.amount:+d}" if row.signed else str(row.amount)
                img = render_line(number, 70, size, colour, "bold")
                surface.blit(img, img.get_rect(topright=(box.right - 14, y)))
            y += line_h
        if len(shown) < len(rows):
            rest = sum(r.amount or 0 for r in rows[len(shown) :])
            more = render_line(
                f"… {plural(len(rows) - len(shown), 'more term')}: {rest:+d}", box.w - 28, size, theme.TEXT_DIM
            )
            surface.blit(more, (box.x + 14, y))

    def waiting_text(self) -> str:
        """What the table waits for between fights: a decision, else whose turn it is at which step."""
        decisions = self.record.decisions if self.record is not None else []
        if decisions:
            d = decisions[0]
            return f"Waiting for {self.seat_name(d.seat)} to decide {DECISION_TEXT.get(d.kind, 'what to do')}"
        turn, step = self.screen.words.heading()
        return f"{turn}\n{step.removeprefix('Phase: ')}"


def _rows(rect: pygame.Rect, k: float) -> dict[str, pygame.Rect]:
    """The lines of a player's panel: name and level, who they are, their hand, the strip of their cards."""
    x = rect.x + round(24 * k)
    return {
        "name": pygame.Rect(x, rect.y + round(8 * k), rect.w - round(230 * k), round(42 * k)),
        "level": pygame.Rect(rect.right - round(200 * k), rect.y + round(6 * k), round(186 * k), round(46 * k)),
        "info": pygame.Rect(x, rect.y + round(52 * k), rect.w - round(40 * k), round(30 * k)),
        "hand": pygame.Rect(x, rect.y + round(84 * k), rect.w - round(40 * k), round(30 * k)),
        "items": pygame.Rect(x, rect.y + round(120 * k), rect.w - round(40 * k), rect.h - round(128 * k)),
    }
