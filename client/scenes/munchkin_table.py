"""The Munchkin table: opponents around the top, decks and the combat zone in the middle, you at the bottom."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ...shared.rules.munchkin.actions import (
    AskForHelp,
    ChooseHelper,
    ClaimVictory,
    DeclineHelp,
    DiscardCard,
    EnhanceMonster,
    Equip,
    GiveCharity,
    GiveToHireling,
    PlayCard,
    PlayCheat,
    PlayMate,
    RunAway,
    Unequip,
    UseOneShot,
    Volunteer,
    WanderingMonster,
)
from ...shared.rules.munchkin.kinds import DecisionKind, Phase
from ...shared.rules.munchkin.state import Deck
from ...shared.rules.munchkin.view import MunchkinView, PlayerView
from ..actions import menu_order
from ..presence import draw_mark as draw_presence
from ..render.cards import CARD_RATIO, blit_card, draw_back, draw_face
from ..render.table_surface import draw_empty_pile, draw_stack, lying
from ..session import Session
from ..ui import theme
from ..ui.infobox import InfoBox
from ..ui.text import render_block, render_line
from ..ui.widgets import panel
from ..words import plural
from . import combat_zone, strength_breakdown, table_moments
from .base import Box
from .help_form import AnswerForm, HelpForm, helper_options, helper_title
from .lobby_rules import table_summary
from .overlays import ChoiceOverlay
from .table_base import GameScene

if TYPE_CHECKING:
    from ..app import App

SLOT_ORDER = ("headgear", "armor", "footgear", "hands", "big", "none")
SLOT_LABELS = {
    "headgear": "Head",
    "armor": "Armour",
    "footgear": "Feet",
    "hands": "Hands",
    "big": "Big",
    "none": "Other",
}
# Decisions whose cards are Doors just turned over, public and not yet anywhere else on the table.
FACE_UP_DECISIONS: tuple[DecisionKind, ...] = ("door_order", "doors_waiting", "outrun_curse", "resurrect", "curse_cast")
DECISION_TEXT: dict[str, str] = {  # by DecisionKind
    "door_order": "which curse strikes first",
    "outrun_curse": "whether to outrun the curse",
    "lose_item": "which item to lose",
    "lose_cards": "which cards to lose",
    "loot_corpse": "what to take from the corpse",
    "trade": "whether to take the trade",
    "resurrect": "whether to take the top Treasure discard (Resurrection)",
    "curse_cast": "whether to cancel the curse being cast",
}


DECKS: tuple[Deck, ...] = ("door", "treasure")  # the decks column, top to bottom
# What a card dragged onto a part of the table may do there.
_INTO_COMBAT = (EnhanceMonster.kind, UseOneShot.kind, PlayMate.kind, WanderingMonster.kind, PlayCard.kind)
_ONTO_ME = (Equip.kind, Unequip.kind, PlayCard.kind, GiveToHireling.kind, PlayCheat.kind)
_ONTO_DISCARDS = (DiscardCard.kind, GiveCharity.kind)
# The bar's places of the fight itself, which wait in a reaction window (see `_window_reason`).
_FIGHT_PLACES = (RunAway.kind, AskForHelp.kind, ClaimVictory.kind)


class MunchkinScene(GameScene):
    name = "munchkin"
    view_type = MunchkinView
    record: MunchkinView

    def __init__(self, app: App, session: Session, quit_after_turns: int | None = None) -> None:
        self.table_cards: list[tuple[str, pygame.Rect, bool]] = []  # (card, rect, sideways)
        self.opponent_rects: dict[int, pygame.Rect] = {}
        self.opponent_more: dict[int, tuple[int, int]] = {}
        self.me_rect = pygame.Rect(0, 0, 10, 10)
        self.combat_rect = pygame.Rect(0, 0, 10, 10)
        self.decks_rect = pygame.Rect(0, 0, 10, 10)
        self.slot_boxes: list[tuple[str, pygame.Rect]] = []
        self.opponent_rows: dict[int, dict[str, pygame.Rect]] = {}
        self.opponent_hidden: dict[int, list[str]] = {}  # seat -> the cards behind the "+N", named on hover
        self.score_rect = pygame.Rect(0, 0, 10, 10)
        self.me_row = pygame.Rect(0, 0, 0, 0)
        self.card_boxes: list[tuple[str, str, pygame.Rect]] = []
        self.monster_rects: list[pygame.Rect] = []  # each monster in the fight, for its level plate
        self._in_combat: set[str] = set()
        self.rules_info = InfoBox(size=13)  # the packs and table options in force; hover for descriptions
        self._rules_key = ""
        self._call_seen = ""  # the call for help this seat was last shown
        super().__init__(app, session, quit_after_turns)

    # -- layout ------------------------------------------------------------------------------------
    def layout_table(self, rect: pygame.Rect) -> None:
        others = [i for i in range(len(self.record.players)) if i != self.viewer]
        k = self.ui_scale
        top_h = int(120 * k)
        n = max(1, len(others))
        w = (rect.w - 16 - 8 * (n - 1)) // n
        self.opponent_rects = {
            seat: pygame.Rect(rect.x + 8 + i * (w + 8), rect.y + 8, w, top_h) for i, seat in enumerate(others)
        }
        self.opponent_rows = {seat: _opponent_rows(r) for seat, r in self.opponent_rects.items()}
        middle_y = rect.y + top_h + 16
        me_h = int(140 * k)
        self.me_rect = pygame.Rect(rect.x + 8, rect.bottom - me_h - 4, rect.w - 16, me_h)
        self.decks_rect = pygame.Rect(rect.x + 8, middle_y, int(170 * k), self.me_rect.y - middle_y - 8)
        self.combat_rect = pygame.Rect(
            self.decks_rect.right + 8, middle_y, rect.right - self.decks_rect.right - 16, self.me_rect.y - middle_y - 8
        )
        c = self.combat_rect
        self.score_rect = pygame.Rect(c.right - 230, c.y + 30, 218, max(80, min(150, c.h - 38)))
        self._place_table()

    def _refresh(self) -> None:
        super()._refresh()
        if self.size[0] > 100:
            self.layout_table(self.table_rect)

    def _place_table(self) -> None:
        """Where each card on the table sits, so it can be clicked (equip, sell, take a spoil...)."""
        self.card_boxes = []  # (the part it lies in, card, rect) for `table_boxes`
        cards: list[tuple[str, pygame.Rect, bool]] = self._opponents_cards()
        self.slot_boxes = []
        self.me_row = pygame.Rect(0, 0, 0, 0)
        me = self._me()
        if me is not None:
            worn: dict[str, list[str]] = {slot: [] for slot in SLOT_ORDER}
            carried: list[str] = []
            for item in me.items:
                if item.equipped:
                    worn[self._slot_of(item.card)].append(item.card)
                else:
                    carried.append(item.card)
            slots = [slot for slot in SLOT_ORDER if slot != "none" or worn[slot]]
            # Race and Class cards, the Hireling and lasting curses stand upright after the slots, then the
            # carried items lie sideways.
            standing = [*me.races, *me.classes, *_hireling(me), *me.curses]
            room = self.me_rect.right - 8 - (self.me_rect.x + 200)

            def natural(mini: int) -> int:
                slot_w = sum(max(1, len(worn[s]) or (2 if s == "hands" else 1)) * (mini + 4) + 10 for s in slots)
                row_w = sum(mini + 6 for _ in standing) + sum(round(mini * CARD_RATIO) + 6 for _ in carried)
                return slot_w + 6 + row_w

            # The cards shrink to fit (down to three quarters), and only then overlap.
            mini = min(int(56 * self.ui_scale), int((self.me_rect.h - 56) / CARD_RATIO))
            floor = int(mini * 0.75)
            while natural(mini) > room and mini > floor:
                mini -= 1
            card_h = round(mini * CARD_RATIO)
            y = self.me_rect.y + 30
            x = self.me_rect.x + 200
            for slot in slots:
                width = max(1, len(worn[slot]) or (2 if slot == "hands" else 1)) * (mini + 4) + 4
                box = pygame.Rect(x, y - 2, width, card_h + 20)
                self.slot_boxes.append((SLOT_LABELS[slot], box))
                for i, card in enumerate(worn[slot]):
                    placed = (card, pygame.Rect(box.x + 4 + i * (mini + 4), box.y + 18, mini, card_h), False)
                    cards.append(placed)
                    self.card_boxes.append((f"table/me/slot:{SLOT_LABELS[slot]}", *placed[:2]))
                x = box.right + 6
            row = [(c, mini, card_h, False) for c in standing] + [(c, card_h, mini, True) for c in carried]
            x += 6
            self.me_row = pygame.Rect(x, y - 2, max(0, self.me_rect.right - 8 - x), card_h + 20)
            if row:
                natural_row = sum(w + 6 for _, w, _, _ in row) - 6
                last = row[-1][1]
                squeeze = min(1.0, (self.me_row.w - last) / max(1, natural_row - last))
                for card, w, h, sideways in row:
                    placed = (card, pygame.Rect(x, y + 16 + card_h - h, w, h), sideways)
                    cards.append(placed)
                    self.card_boxes.append(("table/me/row", card, placed[1]))
                    x += int((w + 6) * squeeze)
        combat = self.record.combat
        zone = self.combat_zone()
        self.monster_rects = []
        if combat is not None:
            fight_cards, self.monster_rects = combat_zone.place(combat, zone, self.ui_scale)
            cards += fight_cards
            self.card_boxes += [("table/combat/cards", card, rect) for card, rect, _ in fight_cards]
        elif self.face_up_doors():  # an Epic kick's curses waiting to strike lie face up in the middle
            doors = self.face_up_doors()
            mw = self._zone_card_w(zone, len(doors))
            x = zone.centerx - (len(doors) * (mw + 8) - 8) // 2
            for card in doors:
                cards.append((card, pygame.Rect(x, zone.y, mw, round(mw * CARD_RATIO)), False))
                self.card_boxes.append(("table/combat/cards", *cards[-1][:2]))
                x += mw + 8
        corpse = self.record.corpse
        if corpse and combat is None:
            mw = self._zone_card_w(zone, len(corpse))
            for i, card in enumerate(corpse):
                rect = pygame.Rect(
                    zone.x + i * (mw + 8), zone.bottom - round(mw * CARD_RATIO), mw, round(mw * CARD_RATIO)
                )
                cards.append((card, rect, False))
                self.card_boxes.append(("table/combat/cards", card, rect))
        # A monster or spoil new to the combat zone slides in from the Door deck.
        fresh = {c for c, r, _ in cards if r.colliderect(self.combat_rect)}
        for card, rect, _ in cards:
            held = self.moments.holds(card)  # a kicked Door's moment carries it there itself
            if card in fresh and card not in self._in_combat and self.turn_seen is not None and not held:
                self.flights.launch(f"table:{card}", self.deck_point(self.cards.deck(card)), rect.center, angle=-25)
            elif f"table:{card}" in self.flights:
                self.flights.retarget(f"table:{card}", rect.center)
        self._in_combat = fresh
        self.table_cards = cards

    def combat_zone(self) -> pygame.Rect:
        """Where the fight's cards lie: under its title, right of the fighters, left of the score, above the line
        of one-shots played."""
        c = self.combat_rect
        combat = self.record.combat
        if combat is not None:
            lines = 18 if combat.one_shots else 0
            box = pygame.Rect(c.x + 12, c.y + 30, self.score_rect.x - 10 - c.x - 12, c.h - 36 - lines - 4)
            return combat_zone.cards_rect(box, self.ui_scale)
        top = c.y + 64 if self.face_up_doors() else c.y + 30
        return pygame.Rect(c.x + 12, top, c.right - 12 - c.x - 12, c.bottom - 10 - top)

    def fighters_rect(self) -> pygame.Rect:
        """The fighter and the helper beside them, left of the monsters."""
        zone = self.combat_zone()
        return pygame.Rect(self.combat_rect.x + 12, zone.y, zone.x - 10 - self.combat_rect.x - 12, zone.h)

    def _zone_card_w(self, zone: pygame.Rect, n: int) -> int:
        return max(20, min(int(96 * self.ui_scale), int(zone.h / CARD_RATIO), (zone.w - 8 * (n - 1)) // max(1, n)))

    def _opponents_cards(self) -> list[tuple[str, pygame.Rect, bool]]:
        """Each opponent's Hireling and items, small in their panel's strip, so that they can be read (hover,
        right-click) and aimed at like any card on the table; what does not fit is counted in `opponent_more`."""
        cards: list[tuple[str, pygame.Rect, bool]] = []
        self.opponent_more = {}  # seat -> (items not shown, where the count goes)
        self.opponent_hidden = {}
        players = self.record.players
        for seat, rows in self.opponent_rows.items():
            strip = rows["items"]
            mini_h = strip.h - 2
            mini_w = round(mini_h / CARD_RATIO)
            if seat >= len(players):
                continue
            p = players[seat]
            shown = [(c, False) for c in _hireling(p)]
            shown += [(item.card, not item.equipped) for item in p.items]
            sizes = [(mini_h, mini_w) if sideways else (mini_w, mini_h) for _, sideways in shown]
            # Crowded, they overlap (each still shows a strip to point at); past that, the rest is counted.
            x0, right = strip.x, strip.right
            natural = sum(w + 3 for w, _ in sizes) - 3
            squeeze = min(1.0, (right - x0 - sizes[-1][0]) / max(1, natural - sizes[-1][0])) if sizes else 1.0
            placed, x = [], x0
            for (card, _sideways), (w, h) in zip(shown, sizes, strict=True):
                placed.append((card, pygame.Rect(x, strip.bottom - 1 - h, w, h), _sideways))
                x += max(12, int((w + 3) * squeeze))
            while placed and placed[-1][1].right > right - (0 if len(placed) == len(shown) else 28):
                placed.pop()  # the 28 pixels hold the count of the rest
            if len(placed) < len(shown):
                self.opponent_more[seat] = (len(shown) - len(placed), placed[-1][1].right + 4 if placed else x0)
                self.opponent_hidden[seat] = [card for card, _ in shown[len(placed) :]]
            cards += placed
            self.card_boxes += [(f"table/opponent:{seat}/items", c, r) for c, r, _ in placed]
        return cards

    def table_boxes(self) -> list[Box]:
        boxes: list[Box] = []
        for seat, rect in self.opponent_rects.items():
            boxes.append((f"table/opponent:{seat}", rect))
            boxes += [(f"table/opponent:{seat}/{row}", r) for row, r in self.opponent_rows[seat].items()]
            if seat in self.opponent_more:
                strip = self.opponent_rows[seat]["items"]
                x = self.opponent_more[seat][1]
                boxes.append((f"table/opponent:{seat}/items/more", pygame.Rect(x, strip.centery - 9, 24, 18)))
        boxes.append(("table/decks", self.decks_rect))
        for deck, parts in self.deck_parts().items():
            boxes += [(f"table/decks/{deck}", parts["row"])]
            boxes += [(f"table/decks/{deck}/{part}", r) for part, r in parts.items() if part != "row"]
        boxes.append(("table/combat", self.combat_rect))
        combat = self.record.combat
        zone = self.combat_zone()
        boxes.append(("table/combat/cards", zone))
        if combat is not None:
            boxes.append(
                ("table/combat/title", pygame.Rect(self.combat_rect.x + 12, self.combat_rect.y + 6, zone.w, 22))
            )
            boxes.append(("table/combat/score", self.score_rect))
            column = self.fighters_rect()
            boxes.append(("table/combat/fighters", column))
            boxes += [(f"table/combat/fighters/{role}", r) for role, r in combat_zone.plates(combat, column).items()]
            if combat.one_shots:
                lines = pygame.Rect(column.x, zone.bottom + 4, self.score_rect.x - 10 - column.x, 18)
                boxes.append(("table/combat/lines", lines))
        if self._me() is not None:
            boxes.append(("table/me", self.me_rect))
            boxes.append(("table/me/info", pygame.Rect(self.me_rect.x + 14, self.me_rect.y + 6, 180, 80)))
            boxes.append(
                ("table/me/caption", pygame.Rect(self.me_rect.x + 200, self.me_rect.y + 6, self.me_rect.w - 210, 18))
            )
            boxes += [(f"table/me/slot:{name}", box) for name, box in self.slot_boxes]
            if self.me_row.w:
                boxes.append(("table/me/row", self.me_row))
        boxes += [(f"{parent}/card:{card}", rect) for parent, card, rect in self.card_boxes]
        return boxes

    def _slot_of(self, card: str) -> str:
        found = self.cards.get(card)
        if found is None:
            return "none"
        if getattr(found, "big", False) and getattr(found, "slot", "none") == "none":
            return "big"
        slot = str(getattr(found, "slot", "none"))
        return slot if slot in SLOT_ORDER else "none"

    def _me(self) -> PlayerView | None:
        players = self.record.players
        if self.viewer is not None and 0 <= self.viewer < len(players):
            return players[self.viewer]
        return None

    def bar_form(self, wires: list[dict[str, Any]]) -> str:
        kinds = {w.get("type") for w in wires}
        if kinds == {AskForHelp.kind}:
            return f"{self.words.kind(AskForHelp.kind)}…"
        if kinds & {ChooseHelper.kind, Volunteer.kind} and len(kinds) == 1:
            # Several volunteers: "Choose a helper (2)…", not a bare "Take (2)…" nobody can read.
            if len(wires) == 1:
                return self.describe(wires[0]) + "…"
            return f"{self.words.kind(str(kinds.pop()))} ({len(wires)})…"
        return ""

    def bar_special(self, wires: list[dict[str, Any]]) -> bool:
        """Help is a negotiation: asking, answering and choosing the helper each open their form (M31)."""
        kinds = {w.get("type") for w in wires}
        if not self.bar_form(wires):
            return False
        if kinds == {AskForHelp.kind}:
            self.app.push(HelpForm(self.app, self, wires))
        elif kinds == {ChooseHelper.kind}:
            options = helper_options(self, wires)
            self.app.push(ChoiceOverlay(self.app, helper_title(self), options, clock=self.bar_clock))
        else:
            self.app.push(AnswerForm(self.app, self, [*wires, *self.by_kind.get(DeclineHelp.kind, [])]))
        return True

    def why_not(self, kind: str, default: str) -> str:
        if kind == "end_turn" and self._owes_charity():  # not "fighting and looting": too many cards
            default = (
                "You hold more cards than you may keep: click a card in your hand to give it away as charity "
                "(or discard it, if nobody is below your level)."
            )
        return super().why_not(kind, self._window_reason(kind) or default)

    def _window_reason(self, kind: str) -> str:
        """In a reaction window the fight's own buttons wait: the fighters already chose to run or to claim the
        victory, and the others may still play cards. Their usual reasons ("only when you cannot beat it")
        would contradict the fight on the table."""
        combat = self.record.combat
        fighting = combat is not None and self.viewer in (combat.fighter, combat.helper)
        if combat is None or combat.step != "window" or not fighting or kind not in _FIGHT_PLACES:
            return ""
        if combat.resolving == "flee":
            return "You are already running away: the die is rolled once everyone else has passed."
        return "You claimed the victory: it is yours once everyone else has passed (a card played may change it)."

    def _owes_charity(self) -> bool:
        return any(w.get("type") == GiveCharity.kind for w in self.legal)

    def update_table(self, dt: float) -> None:
        # A call for help comes to the asked player with its terms, once per call (it stays on the bar after).
        combat = self.record.combat
        call = repr((self.record.turn, combat.offer if combat is not None else None, self.viewer))
        if Volunteer.kind in self.by_kind and self.app.top is self and call != self._call_seen:
            self._call_seen = call
            self.bar_special(self.by_kind[Volunteer.kind])

    # -- input -------------------------------------------------------------------------------------
    def table_click(self, pos: tuple[int, int], button: int) -> bool:
        card = self.table_card_at(pos)
        if card is not None:
            self.press_table_card(card, pos, button)
        return card is not None

    def play_point(self, card: str) -> tuple[int, int]:
        if self.record.combat is not None:
            return self.combat_rect.center
        return self.decks_rect.center

    def drop_actions(self, card: str, pos: tuple[int, int]) -> list[dict[str, Any]]:
        wires = self.by_card.get(card, [])
        onto = self.table_card_at(pos)
        if onto is not None and onto != card:
            aimed = [w for w in wires if self._aims_at(w, onto)]
            if aimed:  # onto one item or one monster: only what the card does to that one
                return aimed
        for seat, rect in self.opponent_rects.items():
            if rect.collidepoint(pos):  # onto a player: curses, levels, gifts, charity, trades for them
                return [w for w in wires if seat in (w.get("target"), w.get("to"))]
        if self.combat_rect.collidepoint(pos):
            return [w for w in wires if w.get("type") in _INTO_COMBAT]
        if self.me_rect.collidepoint(pos):
            return [w for w in wires if w.get("type") in _ONTO_ME or w.get("target") == self.viewer]
        if self.decks_rect.collidepoint(pos):
            return [w for w in wires if w.get("type") in _ONTO_DISCARDS]
        return []

    def press_table_card(self, card: str, pos: tuple[int, int], button: int) -> None:
        # Someone else's item offers what can be done to it (a Thief's steal), as one's own cards offer their uses.
        aimed = [w for wires in self.by_kind.values() for w in wires if w.get("item") == card]
        if button == 1 and aimed and card not in self.by_card:
            self.offer(self.cards.name(card), menu_order(aimed), pos, self.cards.face(card))
            return
        super().press_table_card(card, pos, button)

    def table_card_at(self, pos: tuple[int, int]) -> str | None:
        """The card lying on the table at `pos` (the topmost where cards overlap); `card_under` is for the hand."""
        return next((c for c, rect, _ in reversed(self.table_cards) if rect.collidepoint(pos)), None)

    def _aims_at(self, wire: dict[str, Any], card: str) -> bool:
        """Whether `wire` is aimed at the table card `card`: an item (Cheat!, a theft) or a monster in the fight."""
        if wire.get("item") == card:
            return True
        monster = wire.get("monster")
        combat = self.record.combat
        monsters = combat.monsters if combat is not None else []
        if isinstance(monster, int) and 0 <= monster < len(monsters):
            return monsters[monster].card == card
        return False

    def table_card_point(self, card: str) -> tuple[int, int] | None:
        for c, rect, _ in self.table_cards:
            if c == card:
                return rect.center
        return None

    def hover_hint(self) -> tuple[object | None, str]:
        owner, hint = super().hover_hint()
        if owner is not None:
            return owner, hint
        if self.rules_info.hovered():
            return self.rules_info, self.rules_info.tooltip
        side = strength_breakdown.hovered_side(self)
        if side is not None:
            return ("strength", side), ""  # its breakdown is drawn by `draw`, not as a tooltip
        pos = pygame.mouse.get_pos()
        card = self.table_card_at(pos)
        if card is not None:
            face = self.cards.face(card)
            return ("table", card), f"{face.name}: {face.type_line}. {face.text}"
        for seat, rect in self.opponent_rects.items():
            if rect.collidepoint(pos):  # a name or a line cut short on a narrow panel reads in full here
                p = self.record.players[seat]
                hidden = ", ".join(self.cards.name(c) for c in self.opponent_hidden.get(seat, []))
                text = f"{p.name}, level {p.level}: {self.opponent_line(p)}"
                return ("opponent", seat), text + (f". Also: {hidden}" if hidden else "")
        return None, ""

    # -- events ------------------------------------------------------------------------------------
    def roll_events(self) -> tuple[str, ...]:
        return ("escape_roll", "outrun_roll", "theft", "rolled")

    def event_effects(self, event: dict[str, Any]) -> None:
        table_moments.munchkin(self, event)
        kind = event.get("type")
        seat = event.get("seat")
        if kind == "turn":
            if seat == self.viewer:
                self.app.sounds.play("turn")
            self.want_shot("turn_start", 0.1)
        elif kind == "combat":
            self.want_shot("combat", 0.5)
        elif kind in ("played", "equipped", "enhanced", "one_shot", "cursed", "sold", "discarded", "mate"):
            self.app.sounds.play("card")
        elif kind == "rolled_for_first":
            rolls = [int(r[1]) for r in event.get("rolls") or [] if isinstance(r, list) and len(r) == 2]
            if rolls:
                self.roll_dice(rolls[:2], event)

    def dice_area(self) -> pygame.Rect:
        """The fight panel rolls (a run away, an outrun curse, a theft): under its title, over the fight's cards,
        between the people fighting and the score, so both stay readable while the die is in the air."""
        c = self.combat_rect
        if self.record.combat is None:
            return pygame.Rect(c.x + 12, c.y + 30, c.right - 24 - c.x, c.h - 36)
        cards = self.combat_zone()
        return pygame.Rect(cards.x, c.y + 30, cards.w, c.h - 36)

    def deck_point(self, deck: str) -> tuple[int, int]:
        parts = self.deck_parts()
        return parts.get(deck, parts["door"])["pile"].center

    # -- drawing -----------------------------------------------------------------------------------
    def draw_sidebar_top(self, surface: pygame.Surface, rect: pygame.Rect) -> int:
        turn, phase = self.words.heading()
        surface.blit(render_line(turn, rect.w, 20, theme.ACCENT, "bold"), (rect.x, rect.y))
        surface.blit(render_line(phase, rect.w, 15, theme.TEXT_DIM), (rect.x, rect.y + 26))
        self._update_rules_info()
        self.rules_info.rect = pygame.Rect(rect.x, rect.y + 48, rect.w, 58)
        self.rules_info.draw(surface)
        return rect.y + 110

    def _update_rules_info(self) -> None:
        packs, options = self.session.pack_names(list(self.record.packs)), self.record.options
        key = repr((packs, options))
        if key != self._rules_key:
            self._rules_key = key
            self.rules_info.text, self.rules_info.tooltip = table_summary("munchkin", packs, options)

    def draw_table(self, surface: pygame.Surface) -> None:
        players = self.record.players
        active = self.record.active
        to_act = self.state.to_act
        for seat, rect in self.opponent_rects.items():
            if seat < len(players):
                self.draw_opponent(surface, seat, players[seat], rect, seat == active, seat in to_act)
        self.draw_decks(surface)
        self.draw_combat(surface)
        self.draw_me(surface)
        for card, rect, sideways in self.table_cards:
            if self.moments.holds(card):
                continue  # a big moment is carrying it there
            face = draw_face(self.cards.face(card), rect.h if sideways else rect.w)
            pose = self.flights.pose(f"table:{card}")
            if pose is not None:
                blit_card(surface, face, (pose.x, pose.y), pose.angle)
                continue
            if sideways:
                face = pygame.transform.rotate(face, 90)
            lying(surface, face, rect)
            if card in self.by_card:
                pygame.draw.rect(surface, theme.FOCUS, rect.inflate(4, 4), 2, border_radius=6)
        combat = self.record.combat
        if combat is not None:
            combat_zone.draw_plates(self, surface, combat)

    def draw_opponent(
        self, surface: pygame.Surface, seat: int, p: PlayerView, rect: pygame.Rect, active: bool, acting: bool
    ) -> None:
        colour = self.seat_colour(seat)
        panel(surface, rect, (36, 42, 54), colour if acting else theme.PANEL_EDGE, radius=8, alpha=235)
        pygame.draw.rect(surface, colour, (rect.x, rect.y, 8, rect.h), border_radius=4)
        rows = self.opponent_rows.get(seat) or _opponent_rows(rect)
        name = p.name + (" ▶" if active else "")
        surface.blit(render_line(name, rows["name"].w, 18, theme.TEXT, "bold"), rows["name"].topleft)
        level = render_line(f"L{p.level}", rows["level"].w, 24, theme.YELLOW, "bold")
        surface.blit(level, level.get_rect(topright=rows["level"].topright))
        surface.blit(render_line(self.opponent_line(p), rows["info"].w, 14, theme.TEXT_DIM), rows["info"].topleft)
        # Their items are table cards (see `_opponents_cards`), drawn with the others; here only what did not fit.
        if seat in self.opponent_more:
            hidden, x = self.opponent_more[seat]
            surface.blit(render_line(f"+{hidden}", 26, 15, theme.TEXT), (x, rows["items"].centery - 9))
        hand = rows["hand"]
        surface.blit(draw_back("door", 14), (hand.x, hand.y))
        count = render_line(f"×{p.hand_count}", hand.w - 16, 15, theme.TEXT)
        surface.blit(count, count.get_rect(midright=(hand.right, hand.centery)))
        draw_presence(surface, self.session.presence.of(seat), rect)

    def identity(self, p: PlayerView) -> str:
        """A player's races and classes by name, as every panel shows them."""
        names = [self.cards.name(c) for c in (*p.races, *p.classes)]
        return " · ".join(names) or "Human, no class"

    def opponent_line(self, p: PlayerView) -> str:
        """Who an opponent is, in one line: race(s), class(es), sex, gear, curses."""
        identity = self.identity(p)
        curses = len(p.curses)
        return (
            f"{identity} · {p.sex} · gear {p.gear:+d}"
            + (f" · {plural(curses, 'curse')}" if curses else "")
            + (" · DEAD" if p.dead else "")
        )

    def deck_parts(self) -> dict[str, dict[str, pygame.Rect]]:
        """Each deck's row in the decks column: its label, the face-down pile and the discard pile beside it."""
        rect = self.decks_rect
        row_h = rect.h // 2
        card_w = max(24, min(72, int((row_h - 26) / CARD_RATIO), (rect.w - 32) // 2))
        parts: dict[str, dict[str, pygame.Rect]] = {}
        for i, deck in enumerate(DECKS):
            row = pygame.Rect(rect.x, rect.y + i * row_h, rect.w, row_h - 2)
            pile = pygame.Rect(row.x + 8, row.y + 20, card_w, round(card_w * CARD_RATIO))
            parts[deck] = {
                "row": row,
                "label": pygame.Rect(row.x + 2, row.y, row.w - 4, 18),
                "pile": pile,
                "discard": pile.move(card_w + 12, 0),
            }
        return parts

    def draw_decks(self, surface: pygame.Surface) -> None:
        view = self.record
        for deck, parts in self.deck_parts().items():
            left = view.decks.door if deck == "door" else view.decks.treasure
            pile = view.discards.door if deck == "door" else view.discards.treasure
            text = f"{deck.title()}: {left} · discards {pile.count}"
            surface.blit(render_line(text, parts["label"].w, 14, theme.TEXT), parts["label"].topleft)
            if left:
                draw_stack(surface, draw_back(deck, parts["pile"].w), parts["pile"], left)
            else:
                draw_empty_pile(surface, parts["pile"])
            if pile.top:
                face = draw_face(self.cards.face(pile.top), parts["discard"].w)
                draw_stack(surface, face, parts["discard"], pile.count or 1)
            else:
                draw_empty_pile(surface, parts["discard"])

    def face_up_doors(self) -> list[str]:
        """Doors turned over but not yet resolved: a curse to order or to outrun, or Doors waiting behind them."""
        decisions = self.record.decisions
        if decisions and decisions[0].kind in FACE_UP_DECISIONS and decisions[0].cards:
            return list(decisions[0].cards)
        return []

    def phase_text(self) -> str:
        """What the table is waiting for between fights, in words, for the middle of the table."""
        active = self.record.active
        you = active == self.viewer
        who = "You" if you else self.seat_name(active)
        texts: dict[Phase, str] = {
            "setup": "Everyone sets up: play a Race, a Class and items from your hand, then say you are ready",
            "start": f"{who} {'are' if you else 'is'} about to kick open the door",
            "door": f"{who} may look for trouble (a monster from {'your' if you else 'their'} hand) or loot the room",
            "end": "You hold too many cards: click one to give it away (or discard it) as charity, then end your turn"
            if you and self._owes_charity()
            else f"{who} {'are' if you else 'is'} ending the turn (more than five cards? charity first)",
            "over": "Game over",
        }
        return texts[self.record.phase]

    def draw_combat(self, surface: pygame.Surface) -> None:
        rect = self.combat_rect
        combat = self.record.combat
        if combat is None:
            panel(surface, rect, (14, 40, 30), (60, 100, 84), radius=12, alpha=120)  # the felt shows through
            text = self.phase_text()
            decisions = self.record.decisions
            if decisions:  # a decision holds up the table: that is what everyone waits for
                d = decisions[0]
                what = DECISION_TEXT.get(d.kind, d.kind.replace("_", " "))
                who = "You decide" if d.seat == self.viewer else f"Waiting for {self.seat_name(d.seat)} to decide"
                text = f"{who} {what}"
            img = render_block(text, rect.w - 40, 80, 22, theme.TEXT_DIM, align="center")
            # With cards lying face up in the middle, the line goes above them.
            surface.blit(img, (rect.x + 20, rect.y + 8 if self.face_up_doors() else rect.centery - 20))
            return
        pygame.draw.rect(surface, (58, 30, 30), rect, border_radius=12)
        pygame.draw.rect(surface, theme.VERMILLION, rect, 2, border_radius=12)
        who = self.seat_name(combat.fighter)
        if combat.helper is not None:
            who += f" + {self.seat_name(combat.helper)}"
        title = render_line(f"Combat: {who}", self.score_rect.x - rect.x - 22, 18, theme.TEXT, "bold")
        surface.blit(title, (rect.x + 12, rect.y + 6))
        ours, theirs = combat.fighters_strength, combat.monsters_strength
        winning = combat.fighters_winning
        score = self.score_rect
        panel(surface, score, (30, 22, 24), theme.SKY if winning else theme.ORANGE, radius=10)
        big = max(28, min(56, int(score.h * 0.37)))
        for i, (label, value, colour) in enumerate(
            (("Munchkins", ours, theme.SKY), ("Monsters", theirs, theme.ORANGE))
        ):
            x = score.x + 10 + i * 106
            surface.blit(render_line(label, 100, 15, theme.TEXT_DIM), (x, score.y + 8))
            surface.blit(render_line(str(value), 100, big, colour, "bold"), (x, score.y + 26))
        verdict = "Munchkins winning" if winning else "Monsters winning"
        surface.blit(
            render_line(verdict, score.w - 20, 18, theme.SKY if winning else theme.ORANGE, "bold"),
            (score.x + 10, score.bottom - 28),
        )
        zone = self.combat_zone()
        combat_zone.draw_fighters(self, surface, combat, self.fighters_rect())
        shots = [f"{self.cards.name(o.card)} for the {o.side}" for o in combat.one_shots]
        if shots:
            width = self.score_rect.x - 22 - rect.x
            line = render_line("One-shots: " + "; ".join(shots), width, 14, theme.TEXT_DIM)
            surface.blit(line, (rect.x + 12, zone.bottom + 4))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        strength_breakdown.draw_for(self, surface)  # over everything, like a tooltip

    def draw_me(self, surface: pygame.Surface) -> None:
        me = self._me()
        rect = self.me_rect
        if me is None:
            return
        colour = self.seat_colour(self.viewer or 0)
        acting = self.viewer in self.state.to_act
        panel(surface, rect, (34, 40, 52), colour if acting else theme.PANEL_EDGE, radius=10, alpha=235)
        pygame.draw.rect(surface, colour, (rect.x, rect.y, 8, rect.h), border_radius=4)
        # The left column ends where the slots begin (x + 200), so nothing here runs into them.
        surface.blit(render_line(f"{me.name} (you)", 180, 17, theme.TEXT, "bold"), (rect.x + 14, rect.y + 6))
        surface.blit(render_line(f"Level {me.level}", 180, 30, theme.YELLOW, "bold"), (rect.x + 14, rect.y + 28))
        identity = render_block(f"{self.identity(me)} · {me.sex}", 180, 38, 15, theme.TEXT, min_size=12)
        surface.blit(identity, (rect.x + 14, rect.y + 62))
        curses = len(me.curses)
        gear = f"gear {me.gear:+d}" + (f" · {plural(curses, 'curse')}" if curses else "")
        surface.blit(render_line(gear, 180, 14, theme.TEXT_DIM), (rect.x + 14, rect.bottom - 24))
        label = render_line(
            "Worn by slot · races, classes, Hireling, curses · carried items lie sideways",
            rect.w - 210,
            14,
            theme.TEXT_DIM,
        )
        surface.blit(label, (rect.x + 200, rect.y + 8))
        for name, box in self.slot_boxes:
            pygame.draw.rect(surface, (48, 56, 70), box, border_radius=6)
            pygame.draw.rect(surface, theme.PANEL_EDGE, box, 1, border_radius=6)
            surface.blit(render_line(name, box.w - 6, 13, theme.TEXT_DIM), (box.x + 4, box.y + 2))


def _opponent_rows(rect: pygame.Rect) -> dict[str, pygame.Rect]:
    """The lines of an opponent's panel: name and level, who they are, their items' strip, their hand."""
    return {
        "name": pygame.Rect(rect.x + 14, rect.y + 4, rect.w - 82, 24),
        "level": pygame.Rect(rect.right - 64, rect.y + 2, 58, 29),
        "info": pygame.Rect(rect.x + 14, rect.y + 32, rect.w - 72, 18),
        "hand": pygame.Rect(rect.right - 52, rect.y + 32, 46, 20),
        "items": pygame.Rect(rect.x + 14, rect.y + 53, rect.w - 22, rect.h - 57),
    }


def _hireling(player: PlayerView) -> list[str]:
    """The player's Hireling card, if any, as a one-card list."""
    return [player.hireling] if player.hireling else []
