"""The Munchkin table: opponents around the top, decks and the combat zone in the middle, you at the bottom."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...shared.rules.base import Action, Event
from ...shared.rules.munchkin import events as ev
from ...shared.rules.munchkin.actions import (
    AskForHelp,
    ChooseHelper,
    ClaimVictory,
    Curse,
    DeclineHelp,
    DiscardCard,
    EndTurn,
    EnhanceMonster,
    Equip,
    GiveCharity,
    GiveItem,
    GiveToHireling,
    GoUpALevel,
    PlayCard,
    PlayCheat,
    PlayMate,
    RunAway,
    Steal,
    Unequip,
    UseOneShot,
    Volunteer,
    WanderingMonster,
)
from ...shared.rules.munchkin.kinds import DecisionKind, Deck, Phase
from ...shared.rules.munchkin.view import MunchkinView, PlayerView
from ..actions import menu_order
from ..render.cards import CARD_RATIO, blit_card, draw_back, draw_face
from ..render.table_surface import draw_empty_pile, draw_stack, lying
from ..session import Session
from ..ui import theme
from ..ui.infobox import InfoBox
from ..ui.text import render_block, render_line
from ..ui.widgets import panel
from ..words import plural
from . import combat_zone, opponents, own_area, strength_breakdown, table_moments
from .base import Box
from .help_form import AnswerForm, HelpForm, helper_options, helper_title
from .lobby_rules import table_summary
from .overlays import ChoiceOverlay
from .table_base import GameScene

if TYPE_CHECKING:
    from ..app import App

# Decisions whose cards are Doors just turned over, public and not yet anywhere else on the table.
CARD_SOUNDS = (ev.Played, ev.Equipped, ev.Enhanced, ev.OneShot, ev.Cursed, ev.Sold, ev.Discarded, ev.Mate)
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
_INTO_COMBAT = (EnhanceMonster, UseOneShot, PlayMate, WanderingMonster, PlayCard)
_ONTO_ME = (Equip, Unequip, PlayCard, GiveToHireling, PlayCheat)
_ONTO_DISCARDS = (DiscardCard, GiveCharity)
# The bar's places of the fight itself, which wait in a reaction window (see `_window_reason`).
_FIGHT_PLACES = (RunAway, AskForHelp, ClaimVictory)


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
        self.opponent_rows = {seat: opponents.rows_of(r) for seat, r in self.opponent_rects.items()}
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
        cards: list[tuple[str, pygame.Rect, bool]] = opponents.place(self)
        self.slot_boxes, self.me_row = [], pygame.Rect(0, 0, 0, 0)
        me = self.own_player()
        if me is not None:
            cards += own_area.place(self, me)
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
        if self.own_player() is not None:
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

    def own_player(self) -> PlayerView | None:
        players = self.record.players
        if self.viewer is not None and 0 <= self.viewer < len(players):
            return players[self.viewer]
        return None

    def bar_form(self, actions: list[Action]) -> str:
        kinds = {type(a) for a in actions}
        if kinds == {AskForHelp}:
            return f"{self.words.kind(AskForHelp)}…"
        if kinds & {ChooseHelper, Volunteer} and len(kinds) == 1:
            # Several volunteers: "Choose a helper (2)…", not a bare "Take (2)…" nobody can read.
            if len(actions) == 1:
                return self.describe(actions[0]) + "…"
            return f"{self.words.kind(kinds.pop())} ({len(actions)})…"
        return ""

    def bar_special(self, actions: list[Action]) -> bool:
        """Help is a negotiation: asking, answering and choosing the helper each open their form (M31)."""
        kinds = {type(a) for a in actions}
        if not self.bar_form(actions):
            return False
        if kinds == {AskForHelp}:
            self.app.push(HelpForm(self.app, self, actions))
        elif kinds == {ChooseHelper}:
            options = helper_options(self, actions)
            self.app.push(ChoiceOverlay(self.app, helper_title(self), options, clock=self.bar_clock))
        else:
            self.app.push(AnswerForm(self.app, self, [*actions, *self.by_kind.get(DeclineHelp, [])]))
        return True

    def why_not(self, kind: type[Action], default: str) -> str:
        if kind is EndTurn and self._owes_charity():  # not "fighting and looting": too many cards
            default = (
                "You hold more cards than you may keep: click a card in your hand to give it away as charity "
                "(or discard it, if nobody is below your level)."
            )
        return super().why_not(kind, self._window_reason(kind) or default)

    def _window_reason(self, kind: type[Action]) -> str:
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
        return any(isinstance(a, GiveCharity) for a in self.actions)

    def update_table(self, dt: float) -> None:
        # A call for help comes to the asked player with its terms, once per call (it stays on the bar after).
        combat = self.record.combat
        call = repr((self.record.turn, combat.offer if combat is not None else None, self.viewer))
        if Volunteer in self.by_kind and self.app.top is self and call != self._call_seen:
            self._call_seen = call
            self.bar_special(self.by_kind[Volunteer])

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

    def drop_actions(self, card: str, pos: tuple[int, int]) -> list[Action]:
        actions = self.by_card.get(card, [])
        onto = self.table_card_at(pos)
        if onto is not None and onto != card:
            aimed = [a for a in actions if self._aims_at(a, onto)]
            if aimed:  # onto one item or one monster: only what the card does to that one
                return aimed
        for seat, rect in self.opponent_rects.items():
            if rect.collidepoint(pos):  # onto a player: curses, levels, gifts, charity, trades for them
                return [a for a in actions if _seat_aimed_at(a) == seat]
        if self.combat_rect.collidepoint(pos):
            return [a for a in actions if isinstance(a, _INTO_COMBAT)]
        if self.me_rect.collidepoint(pos):
            return [a for a in actions if isinstance(a, _ONTO_ME) or _seat_aimed_at(a, me=True) == self.viewer]
        if self.decks_rect.collidepoint(pos):
            return [a for a in actions if isinstance(a, _ONTO_DISCARDS)]
        return []

    def press_table_card(self, card: str, pos: tuple[int, int], button: int) -> None:
        # Someone else's item offers what can be done to it (a Thief's steal), as one's own cards offer their uses.
        aimed = [a for actions in self.by_kind.values() for a in actions if _item_aimed_at(a) == card]
        if button == 1 and aimed and card not in self.by_card:
            self.offer(self.cards.name(card), menu_order(aimed), pos, self.cards.face(card))
            return
        super().press_table_card(card, pos, button)

    def table_card_at(self, pos: tuple[int, int]) -> str | None:
        """The card lying on the table at `pos` (the topmost where cards overlap); `card_under` is for the hand."""
        return next((c for c, rect, _ in reversed(self.table_cards) if rect.collidepoint(pos)), None)

    def _aims_at(self, action: Action, card: str) -> bool:
        """Whether `action` is aimed at the table card `card`: an item (Cheat!, a theft) or a monster in the
        fight."""
        if _item_aimed_at(action) == card:
            return True
        match action:
            case UseOneShot(monster=monster) | EnhanceMonster(monster=monster) | PlayMate(monster=monster):
                combat = self.record.combat
                monsters = combat.monsters if combat is not None else []
                return 0 <= monster < len(monsters) and monsters[monster].card == card
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
    def event_effects(self, event: Event) -> None:
        table_moments.munchkin(self, event)
        if isinstance(event, ev.Turn):
            if event.seat == self.viewer:
                self.app.sounds.play("turn")
            self.want_shot("turn_start", 0.1)
        elif isinstance(event, ev.CombatBegan):
            self.want_shot("combat", 0.5)
        elif isinstance(event, CARD_SOUNDS):
            self.app.sounds.play("card")

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
                opponents.draw(self, surface, seat, players[seat], rect, seat == active, seat in to_act)
        self.draw_decks(surface)
        self.draw_combat(surface)
        own_area.draw(self, surface)
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


def _seat_aimed_at(action: Action, me: bool = False) -> int | None:
    """The player a card's action is aimed at, when it is aimed at one: a curse, a level, a gift, charity. Only a
    `target` is aimed at oneself (`me`): a gift or charity goes to another."""
    match action:
        case Curse(target=seat) | GoUpALevel(target=seat) | UseOneShot(target=seat):
            return seat
        case GiveItem(to=seat) | GiveCharity(to=seat) if not me:
            return seat
    return None


def _item_aimed_at(action: Action) -> str | None:
    """The item on the table an action is aimed at: the one a Cheat! card goes onto, the one a Thief steals."""
    match action:
        case PlayCheat(item=item) | Steal(item=item):
            return item
    return None
