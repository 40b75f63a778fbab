"""The Munchkin table: opponents around the top, decks and the combat zone in the middle, you at the bottom."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ..presence import draw_mark as draw_presence
from ..render.cards import CARD_RATIO, blit_card, draw_back, draw_face
from ..session import Session
from ..ui import theme
from ..ui.infobox import InfoBox
from ..ui.text import render_block, render_line
from ..ui.widgets import panel
from . import strength_breakdown
from .lobby_rules import table_summary
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
FACE_UP_DECISIONS = ("door_order", "doors_waiting", "outrun_curse", "resurrect", "curse_cast")
DECISION_TEXT = {
    "door_order": "which curse strikes first",
    "outrun_curse": "whether to outrun the curse",
    "lose_item": "which item to lose",
    "lose_cards": "which cards to lose",
    "loot_corpse": "what to take from the corpse",
    "trade": "whether to take the trade",
    "resurrect": "whether to take the top Treasure discard (Resurrection)",
    "curse_cast": "whether to cancel the curse being cast",
}


class MunchkinScene(GameScene):
    name = "munchkin"

    def __init__(self, app: App, session: Session, quit_after_turns: int | None = None) -> None:
        self.table_cards: list[tuple[str, pygame.Rect, bool]] = []  # (card, rect, sideways)
        self.opponent_rects: dict[int, pygame.Rect] = {}
        self.opponent_more: dict[int, tuple[int, int]] = {}
        self.me_rect = pygame.Rect(0, 0, 10, 10)
        self.combat_rect = pygame.Rect(0, 0, 10, 10)
        self.decks_rect = pygame.Rect(0, 0, 10, 10)
        self.slot_boxes: list[tuple[str, pygame.Rect]] = []
        self._in_combat: set[str] = set()
        self.rules_info = InfoBox(size=13)  # the packs and table options in force; hover for descriptions
        self._rules_key = ""
        super().__init__(app, session, quit_after_turns)

    # -- layout ------------------------------------------------------------------------------------
    def layout_table(self, rect: pygame.Rect) -> None:
        players = self.view.get("players") or []
        others = [i for i in range(len(players)) if i != self.viewer]
        k = theme.scale_for(self.size[1])
        top_h = int(128 * k)
        n = max(1, len(others))
        w = (rect.w - 16 - 8 * (n - 1)) // n
        self.opponent_rects = {
            seat: pygame.Rect(rect.x + 8 + i * (w + 8), rect.y + 8, w, top_h) for i, seat in enumerate(others)
        }
        middle_y = rect.y + top_h + 16
        me_h = int(150 * k)
        self.me_rect = pygame.Rect(rect.x + 8, rect.bottom - me_h - 4, rect.w - 16, me_h)
        self.decks_rect = pygame.Rect(rect.x + 8, middle_y, int(190 * k), self.me_rect.y - middle_y - 8)
        self.combat_rect = pygame.Rect(
            self.decks_rect.right + 8, middle_y, rect.right - self.decks_rect.right - 16, self.me_rect.y - middle_y - 8
        )
        self._place_table()

    def _refresh(self) -> None:
        super()._refresh()
        if self.size[0] > 100:
            self.layout_table(self.table_rect)

    def _place_table(self) -> None:
        """Where each card on the table sits, so it can be clicked (equip, sell, take a spoil...)."""
        cards: list[tuple[str, pygame.Rect, bool]] = self._opponents_cards()
        self.slot_boxes = []
        me = self._me()
        if me is not None:
            k = theme.scale_for(self.size[1])
            mini = int(56 * k)
            card_h = int(mini * 1.4)
            y = self.me_rect.y + 30
            x = self.me_rect.x + 200
            worn: dict[str, list[str]] = {slot: [] for slot in SLOT_ORDER}
            carried: list[str] = []
            for item in me.get("items") or []:
                card = str(item.get("card"))
                if item.get("equipped"):
                    worn[self._slot_of(card)].append(card)
                else:
                    carried.append(card)
            for slot in SLOT_ORDER:
                if slot == "none" and not worn[slot]:
                    continue
                width = max(1, len(worn[slot]) or (2 if slot == "hands" else 1)) * (mini + 4) + 4
                box = pygame.Rect(x, y - 2, width, card_h + 20)
                self.slot_boxes.append((SLOT_LABELS[slot], box))
                for i, card in enumerate(worn[slot]):
                    cards.append((card, pygame.Rect(box.x + 4 + i * (mini + 4), box.y + 18, mini, card_h), False))
                x = box.right + 6
            # Race and Class cards, the Hireling and lasting curses stand upright after the slots, then the
            # carried items lie sideways; on a narrow screen they overlap rather than run off the panel.
            standing = [*(me.get("races") or []), *(me.get("classes") or []), *_hireling(me), *(me.get("curses") or [])]
            row = [(str(c), mini, card_h, False) for c in standing] + [(c, card_h, mini, True) for c in carried]
            x += 6
            if row:
                natural = sum(w + 6 for _, w, _, _ in row) - 6
                last = row[-1][1]
                room = self.me_rect.right - 8 - x
                squeeze = min(1.0, (room - last) / max(1, natural - last))
                for card, w, h, sideways in row:
                    cards.append((card, pygame.Rect(x, y + 16 + card_h - h, w, h), sideways))
                    x += int((w + 6) * squeeze)
        combat = self.view.get("combat")
        if isinstance(combat, dict):
            x = self.combat_rect.x + 12
            for monster in combat.get("monsters") or []:
                mw = int(96 * theme.scale_for(self.size[1]))
                cards.append(
                    (str(monster.get("card")), pygame.Rect(x, self.combat_rect.y + 30, mw, int(mw * 1.4)), False)
                )
                x += mw + 8
            for spoil in combat.get("spoils") or []:
                cards.append((str(spoil), pygame.Rect(x, self.combat_rect.y + 30, 70, 98), False))
                x += 76
        elif self.face_up_doors():  # an Epic kick's curses waiting to strike lie face up in the middle
            mw = int(96 * theme.scale_for(self.size[1]))
            x = self.combat_rect.centerx - len(self.face_up_doors()) * (mw + 8) // 2
            for card in self.face_up_doors():
                cards.append((card, pygame.Rect(x, self.combat_rect.y + 64, mw, int(mw * 1.4)), False))
                x += mw + 8
        for corpse_card in self.view.get("corpse") or []:
            x = self.combat_rect.x + 12 + 76 * len([c for c in cards if c[1].y > self.combat_rect.centery])
            cards.append((str(corpse_card), pygame.Rect(x, self.combat_rect.bottom - 104, 70, 98), False))
        # A monster or spoil new to the combat zone slides in from the Door deck.
        fresh = {c for c, r, _ in cards if r.colliderect(self.combat_rect)}
        for card, rect, _ in cards:
            if card in fresh and card not in self._in_combat and self.turn_seen is not None:
                self.flights.launch(f"table:{card}", self.deck_point(self.cards.deck(card)), rect.center, angle=-25)
            elif f"table:{card}" in self.flights:
                self.flights.retarget(f"table:{card}", rect.center)
        self._in_combat = fresh
        self.table_cards = cards

    def _opponents_cards(self) -> list[tuple[str, pygame.Rect, bool]]:
        """Each opponent's Hireling and items, small in their panel, so that they can be read (hover, right-click)
        and aimed at like any card on the table; what does not fit is counted in `opponent_more`."""
        cards: list[tuple[str, pygame.Rect, bool]] = []
        self.opponent_more = {}  # seat -> (items not shown, where the count goes)
        players = self.view.get("players") or []
        mini_w = int(34 * theme.scale_for(self.size[1]))
        mini_h = round(mini_w * CARD_RATIO)
        for seat, rect in self.opponent_rects.items():
            p = players[seat] if seat < len(players) and isinstance(players[seat], dict) else {}
            shown = [(c, False) for c in _hireling(p)]
            shown += [(str(item.get("card")), not item.get("equipped")) for item in p.get("items") or []]
            sizes = [(mini_h, mini_w) if sideways else (mini_w, mini_h) for _, sideways in shown]
            # Crowded, they overlap (each still shows a strip to point at); past that, the rest is counted.
            x0, right = rect.x + 14, rect.right - 60
            natural = sum(w + 3 for w, _ in sizes) - 3
            squeeze = min(1.0, (right - x0 - sizes[-1][0]) / max(1, natural - sizes[-1][0])) if sizes else 1.0
            placed, x = [], x0
            for (card, sideways), (w, h) in zip(shown, sizes, strict=True):
                placed.append((card, pygame.Rect(x, rect.y + 52, w, h), sideways))
                x += max(12, int((w + 3) * squeeze))
            while placed and placed[-1][1].right > right - (0 if len(placed) == len(shown) else 24):
                placed.pop()  # the 24 pixels hold the count of the rest
            if len(placed) < len(shown):
                self.opponent_more[seat] = (len(shown) - len(placed), placed[-1][1].right + 4 if placed else x0)
            cards += placed
        return cards

    def _slot_of(self, card: str) -> str:
        found = self.cards.get(card)
        if found is None:
            return "none"
        if getattr(found, "big", False) and getattr(found, "slot", "none") == "none":
            return "big"
        slot = str(getattr(found, "slot", "none"))
        return slot if slot in SLOT_ORDER else "none"

    def _me(self) -> dict[str, Any] | None:
        players = self.view.get("players") or []
        if self.viewer is not None and 0 <= self.viewer < len(players):
            me: dict[str, Any] = players[self.viewer]
            return me
        return None

    # -- input -------------------------------------------------------------------------------------
    def table_click(self, pos: tuple[int, int], button: int) -> bool:
        card = self.table_card_at(pos)
        if card is not None:
            self.press_table_card(card, pos, button)
        return card is not None

    def play_point(self, card: str) -> tuple[int, int]:
        if self.view.get("combat"):
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
            return [
                w
                for w in wires
                if w.get("type") in ("enhance_monster", "use_one_shot", "play_mate", "wandering_monster", "play_card")
            ]
        if self.me_rect.collidepoint(pos):
            return [
                w
                for w in wires
                if w.get("type") in ("equip", "unequip", "play_card", "give_to_hireling", "play_cheat")
                or w.get("target") == self.viewer
            ]
        if self.decks_rect.collidepoint(pos):
            return [w for w in wires if w.get("type") in ("discard_card", "give_charity")]
        return []

    def press_table_card(self, card: str, pos: tuple[int, int], button: int) -> None:
        # Someone else's item offers what can be done to it (a Thief's steal), as one's own cards offer their uses.
        aimed = [w for wires in self.by_kind.values() for w in wires if w.get("item") == card]
        if button == 1 and aimed and card not in self.by_card:
            self.offer(self.cards.name(card), aimed, pos, self.cards.face(card))
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
        monsters = (self.view.get("combat") or {}).get("monsters") or []
        if isinstance(monster, int) and 0 <= monster < len(monsters):
            return bool(monsters[monster].get("card") == card)
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
        card = self.table_card_at(pygame.mouse.get_pos())
        if card is not None:
            face = self.cards.face(card)
            return ("table", card), f"{face.name}: {face.type_line}. {face.text}"
        return None, ""

    # -- events ------------------------------------------------------------------------------------
    def roll_events(self) -> tuple[str, ...]:
        return ("escape_roll", "outrun_roll", "theft", "rolled")

    def event_effects(self, event: dict[str, Any]) -> None:
        kind = event.get("type")
        seat = event.get("seat")
        if kind == "turn":
            if seat == self.viewer:
                self.app.sounds.play("turn")
            self.want_shot("turn_start", 0.1)
        elif kind == "kicked_door":
            self.app.sounds.play("door")
        elif kind == "combat":
            self.want_shot("combat", 0.5)
        elif kind in ("played", "equipped", "enhanced", "one_shot", "cursed", "sold", "discarded", "mate"):
            self.app.sounds.play("card")
        elif kind == "rolled_for_first":
            rolls = [int(r[1]) for r in event.get("rolls") or [] if isinstance(r, list) and len(r) == 2]
            if rolls:
                self.roll_dice(rolls[:2], event)

    def event_text(self, event: dict[str, Any]) -> str | None:
        kind = str(event.get("type"))
        seat = event.get("seat", event.get("fighter"))
        who = self.seat_name(seat) if isinstance(seat, int) else "Someone"
        card = self.cards.name(str(event["card"])) if event.get("card") else ""
        names = self.card_names(event.get("cards"))
        target = event.get("target", event.get("to", event.get("with")))
        deck = str(event.get("deck") or "card").capitalize()
        helper = event.get("helper")
        helper_name = self.seat_name(helper) if isinstance(helper, int) else "a helper"
        whom = self.seat_name(target) if isinstance(target, int) and target >= 0 else ""
        monster = self.cards.name(str(event["monster"])) if isinstance(event.get("monster"), str) else "the monster"
        bribe = ", ".join(n for n in (self.card_names(event.get("items")), self.card_names(event.get("cards"))) if n)
        missing = self.card_names(event.get("missing"))
        texts = {
            "turn": f"Turn {event.get('turn')}: {who}",
            "kicked_door": f"{who} kicks open the door: {card or 'a card'}",
            "combat": f"{who} fights {monster}",
            "escape_roll": f"{who} rolls {event.get('die')} to run away (total {event.get('total')})",
            "escaped": f"{who} got away",
            "caught": f"{who} was caught",
            "level": f"{who} is now level {event.get('level', '?')}",
            "played": f"{who} played {card}",
            "equipped": f"{who} equipped {card}",
            "unequipped": f"{who} took off {card}",
            "cursed": f"{who} cursed {whom} with {card}" if whom else f"{who} is cursed: {card}",
            "sold": f"{who} sold {names}",
            "discarded": f"{who} discarded {names or card}",
            "drew": f"{who} drew " + (names or f"{event.get('count', 'a')} {deck}(s)"),
            "asked_for_help": f"{who} asks for help",
            "volunteered": f"{who} offers to help",
            "helper_chosen": f"{who} takes {helper_name} along",
            "bribe_paid": f"{who} pays {helper_name} the bribe"
            + (f": {bribe}" if bribe else "")
            + (f" ({missing}: no longer there)" if missing else ""),
            "combat_over": f"The fight is over{': the munchkins win' if event.get('won') else ''}",
            "died": f"{who} died!",
            "victory": f"{who} defeats the monster" + (f" with {helper_name}" if isinstance(helper, int) else ""),
            "game_over": "Game over",
            "looted": f"{who} loots the room",
            "looking_for_trouble": f"{who} looks for trouble",
            "charity": f"{who} gives {card or 'a card'} to {whom}" if whom else f"{who} discards {card} as charity",
            "traded": f"{who} traded with {whom}",
            "trade_offered": f"{who} offers {whom} a trade",
            "reaction_window": "Anyone may react now",
            "passed": "",
            "ready": "",
            "door_order": f"{who} chose the order of the doors",
            "berserk": f"{who} goes berserk: discards {names} for +{event.get('bonus')}",
            "turn_undead": f"{who} turns the Undead: discards {names} for +{event.get('bonus')}",
            "mate": f"{who} played {card}: the monster brought its mate",
            "one_shot": f"{who} used {card}",
            "resurrected": f"{who} takes {card} back from the discards (Resurrection)",
            "rolled_for_first": "Everyone rolls to see who goes first",
            "game_started": "",
            "arrow": f"{who} fires an arrow at {whom or monster} (-2)",
            "ate_monster": f"{who} eats {card}",
            "backstab": f"{who} backstabs {whom}",
            "bardic_luck": f"{who} draws extra with a Bard's luck and discards {event.get('discard')}",
            "charmed": f"{who} charms {monster} away",
            "charmed_by_fairy": f"{who} is charmed by a fairy",
            "cheated": f"{who} cheats: {card}",
            "curse_outrun": f"{who} outran the curse {card}",
            "outrun_roll": f"{who} rolls {event.get('die')} to outrun {card} (total {event.get('total')})",
            "curse_removed": f"{who} is free of {card}",
            "curse_cancelled": f"{who} cancels {card}" + (f", cast on {whom}" if whom else ""),
            "deck_empty": f"The {deck} deck is empty",
            "reshuffled": f"The {deck} discards are shuffled into a new deck",
            "declined_to_help": f"{who} declines to help",
            "nobody_helps": "Nobody helps",
            "help_withdrawn": f"{who} stops helping",
            "forced_helper_released": f"{helper_name} is released from helping",
            "door_bonus": f"A door bonus: {card}",
            "enhanced": f"{who} played {card} on {monster}",
            "epic_lost": f"{who} loses Epic status",
            "fairy_dust": f"{who} gets Fairy Dust",
            "fairy_dust_to_treasures": "The Fairy Dust goes back into the Treasures",
            "fairy_returns": "The fairies return to their deck",
            "first_player": f"{who} goes first",
            "flight_spell": f"{who} casts a Flight spell with {names}",
            "gave": f"{who} gave {card} to {whom}",
            "hireling_carries": f"{who}'s Hireling carries {card}",
            "illusion": f"{who} casts an Illusion: {card}",
            "looted_corpse": f"{who} takes {card} from the body",
            "looting": "The others loot the body",
            "lost": f"{who} loses {names or 'nothing'}",
            "miracle": f"{who} prays for a miracle with {names}",
            "monster_joins": f"{card} joins the fight",
            "monster_removed": f"{card} leaves the fight",
            "overkill": f"{who} wins by Overkill",
            "pet_sacrificed": f"{who} sacrifices {card}",
            "running_away": "Running away!",
            "sex_changed": f"{who} is now {event.get('sex', '')}",
            "sneaky_little_devil": f"{who} slips away, sneaky little devil",
            "spoils": "The spoils are laid out",
            "stole_from_shadows": f"{who} steals from {whom} out of the shadows",
            "theft": f"{who} rolls {event.get('die')} to steal from {whom}: "
            + ("stolen!" if event.get("success") else "caught!"),
            "tamed": f"{who} tames {card}",
            "took_spoil": f"{who} takes {card}",
            "took_spoils": f"{who} takes the spoils: {names}",
            "trade_declined": f"{who} turns down {whom}'s trade",
            "undead_joined": f"{who} adds {monster} to the Undead in the fight",
            "victory_denied": "The monsters pull ahead again: the fight goes on",
            "wandering_monster": f"{who} plays {card}: {monster} wanders into the fight",
        }
        text = texts.get(kind)
        if text is None:
            text = self.unworded_event(kind, who) + (f" ({card})" if card else "")
        return text or None

    def deck_point(self, deck: str) -> tuple[int, int]:
        row = 0 if deck == "door" else 1
        return self.decks_rect.x + 40, self.decks_rect.y + row * (self.decks_rect.h // 2) + 60

    # -- drawing -----------------------------------------------------------------------------------
    def draw_sidebar_top(self, surface: pygame.Surface, rect: pygame.Rect) -> int:
        phase = str(self.view.get("phase", "")).replace("_", " ")
        active = self.view.get("active")
        whose = f"{self.seat_name(active)}'s turn" if isinstance(active, int) else ""
        head = render_line(f"Turn {self.view.get('turn', '?')} · {whose}", rect.w, 20, theme.ACCENT, "bold")
        surface.blit(head, (rect.x, rect.y))
        surface.blit(render_line(f"Phase: {phase}", rect.w, 15, theme.TEXT_DIM), (rect.x, rect.y + 26))
        self._update_rules_info()
        self.rules_info.rect = pygame.Rect(rect.x, rect.y + 48, rect.w, 58)
        self.rules_info.draw(surface)
        return rect.y + 110

    def _update_rules_info(self) -> None:
        packs, options = list(self.view.get("packs") or []), self.view.get("options")
        key = repr((packs, options))
        if key != self._rules_key:
            self._rules_key = key
            self.rules_info.text, self.rules_info.tooltip = table_summary("munchkin", packs, options)

    def draw_table(self, surface: pygame.Surface) -> None:
        players = self.view.get("players") or []
        active = self.view.get("active")
        to_act = self.st.get("to_act") or []
        for seat, rect in self.opponent_rects.items():
            if seat < len(players):
                self.draw_opponent(surface, seat, players[seat], rect, seat == active, seat in to_act)
        self.draw_decks(surface)
        self.draw_combat(surface)
        self.draw_me(surface)
        for card, rect, sideways in self.table_cards:
            face = draw_face(self.cards.face(card), rect.h if sideways else rect.w)
            pose = self.flights.pose(f"table:{card}")
            if pose is not None:
                blit_card(surface, face, (pose.x, pose.y), pose.angle)
                continue
            if sideways:
                face = pygame.transform.rotate(face, 90)
            surface.blit(face, rect.topleft)
            if card in self.by_card:
                pygame.draw.rect(surface, theme.FOCUS, rect.inflate(4, 4), 2, border_radius=6)

    def draw_opponent(
        self, surface: pygame.Surface, seat: int, p: dict[str, Any], rect: pygame.Rect, active: bool, acting: bool
    ) -> None:
        colour = self.seat_colour(seat)
        panel(surface, rect, (36, 42, 54), colour if acting else theme.PANEL_EDGE, radius=8, alpha=235)
        pygame.draw.rect(surface, colour, (rect.x, rect.y, 8, rect.h), border_radius=4)
        name = str(p.get("name", "?")) + (" ▶" if active else "")
        surface.blit(render_line(name, rect.w - 80, 18, theme.TEXT, "bold"), (rect.x + 14, rect.y + 6))
        level = render_line(f"L{p.get('level', '?')}", 60, 28, theme.YELLOW, "bold")
        surface.blit(level, level.get_rect(topright=(rect.right - 8, rect.y + 4)))
        sex = str(p.get("sex", ""))
        surface.blit(
            render_line(f"{self.identity(p)} · {sex}", rect.w - 20, 14, theme.TEXT_DIM), (rect.x + 14, rect.y + 30)
        )
        # Their items are table cards (see `_opponents_cards`), drawn with the others; here only what did not fit.
        if seat in self.opponent_more:
            hidden, x = self.opponent_more[seat]
            surface.blit(render_line(f"+{hidden}", 40, 15, theme.TEXT), (x, rect.y + 62))
        back = draw_back("door", 26)
        surface.blit(back, (rect.right - 56, rect.bottom - 42))
        count = render_line(f"×{p.get('hand_count', 0)}", 30, 16, theme.TEXT)
        surface.blit(count, (rect.right - 28, rect.bottom - 30))
        gear = f"gear {int(p.get('gear') or 0):+d}"
        curses = len(p.get("curses") or [])
        extra = f"{gear}" + (f" · {curses} curse(s)" if curses else "") + (" · DEAD" if p.get("dead") else "")
        surface.blit(render_line(extra, rect.w - 80, 14, theme.TEXT_DIM), (rect.x + 14, rect.bottom - 22))
        draw_presence(surface, self.session.presence.of(seat), rect)

    def identity(self, p: dict[str, Any]) -> str:
        """A player's races and classes by name, as every panel shows them."""
        names = [self.cards.name(str(c)) for c in (*(p.get("races") or []), *(p.get("classes") or []))]
        return " · ".join(names) or "Human, no class"

    def draw_decks(self, surface: pygame.Surface) -> None:
        rect = self.decks_rect
        decks = self.view.get("decks") or {}
        discards = self.view.get("discards") or {}
        row_h = rect.h // 2
        card_w = max(40, min(72, int((row_h - 20) / 1.4)))
        for i, deck in enumerate(("door", "treasure")):
            y = rect.y + i * row_h
            pile = discards.get(deck) or {}
            text = f"{deck.title()}: {decks.get(deck, 0)} · discards {pile.get('count', 0)}"
            label = render_line(text, rect.w, 14, theme.TEXT)
            surface.blit(label, (rect.x + 4, y))
            centre_y = y + 18 + int(card_w * 0.7)
            blit_card(surface, draw_back(deck, card_w), (rect.x + 8 + card_w // 2, centre_y))
            pile = discards.get(deck) or {}
            top = pile.get("top")
            spot = (rect.x + 24 + card_w + card_w // 2, centre_y)
            if top:
                blit_card(surface, draw_face(self.cards.face(str(top)), card_w), spot)
            else:
                empty = pygame.Rect(0, 0, card_w, int(card_w * 1.4))
                empty.center = spot
                pygame.draw.rect(surface, theme.TABLE_EDGE, empty, 2, border_radius=6)

    def face_up_doors(self) -> list[str]:
        """Doors turned over but not yet resolved: a curse to order or to outrun, or Doors waiting behind them."""
        decisions = self.view.get("decisions") or []
        if decisions and decisions[0].get("kind") in FACE_UP_DECISIONS:
            return [str(c) for c in decisions[0].get("cards") or []]
        return []

    def phase_text(self) -> str:
        """What the table is waiting for between fights, in words, for the middle of the table."""
        phase = str(self.view.get("phase", ""))
        active = self.view.get("active")
        you = isinstance(active, int) and active == self.viewer
        who = "You" if you else self.seat_name(active) if isinstance(active, int) else "Someone"
        texts = {
            "setup": "Everyone sets up: play a Race, a Class and items from your hand, then say you are ready",
            "start": f"{who} {'are' if you else 'is'} about to kick open the door",
            "door": f"{who} may look for trouble (a monster from {'your' if you else 'their'} hand) or loot the room",
            "end": f"{who} {'are' if you else 'is'} ending the turn (more than five cards? charity first)",
            "over": "Game over",
        }
        return texts.get(phase, phase.replace("_", " "))

    def draw_combat(self, surface: pygame.Surface) -> None:
        rect = self.combat_rect
        combat = self.view.get("combat")
        if not isinstance(combat, dict):
            pygame.draw.rect(surface, (26, 56, 46), rect, border_radius=12)
            text = self.phase_text()
            decisions = self.view.get("decisions") or []
            if decisions:  # a decision holds up the table: that is what everyone waits for
                d = decisions[0]
                kind = str(d.get("kind", ""))
                text = (
                    f"Waiting for {self.seat_name(int(d.get('seat', 0)))} to decide "
                    f"{DECISION_TEXT.get(kind, kind.replace('_', ' '))}"
                )
            img = render_block(text, rect.w - 40, 80, 22, theme.TEXT_DIM, align="center")
            # With cards lying face up in the middle, the line goes above them.
            surface.blit(img, (rect.x + 20, rect.y + 8 if self.face_up_doors() else rect.centery - 20))
            return
        pygame.draw.rect(surface, (58, 30, 30), rect, border_radius=12)
        pygame.draw.rect(surface, theme.VERMILLION, rect, 2, border_radius=12)
        fighter = combat.get("fighter")
        helper = combat.get("helper")
        who = self.seat_name(fighter) if isinstance(fighter, int) else "?"
        if isinstance(helper, int):
            who += f" + {self.seat_name(helper)}"
        surface.blit(render_line(f"Combat: {who}", rect.w - 24, 18, theme.TEXT, "bold"), (rect.x + 12, rect.y + 6))
        ours, theirs = int(combat.get("fighters_strength") or 0), int(combat.get("monsters_strength") or 0)
        winning = bool(combat.get("fighters_winning"))
        score = self.score_rect()
        panel(surface, score, (30, 22, 24), theme.SKY if winning else theme.ORANGE, radius=10)
        for i, (label, value, colour) in enumerate(
            (("Munchkins", ours, theme.SKY), ("Monsters", theirs, theme.ORANGE))
        ):
            x = score.x + 10 + i * 106
            surface.blit(render_line(label, 100, 15, theme.TEXT_DIM), (x, score.y + 8))
            surface.blit(render_line(str(value), 100, 56, colour, "bold"), (x, score.y + 30))
        verdict = "Munchkins winning" if winning else "Monsters winning"
        surface.blit(
            render_line(verdict, score.w - 20, 18, theme.SKY if winning else theme.ORANGE, "bold"),
            (score.x + 10, score.bottom - 30),
        )
        y = rect.y + 40 + int(134 * theme.scale_for(self.size[1]))
        for monster in combat.get("monsters") or []:
            enh = ", ".join(self.cards.name(str(e)) for e in monster.get("enhancers") or [])
            line = f"{self.cards.name(str(monster.get('card')))}: level {monster.get('level')}" + (
                f" ({enh})" if enh else ""
            )
            surface.blit(render_line(line, rect.w - 250, 15, theme.TEXT), (rect.x + 12, y))
            y += 18
        shots = [
            f"{self.cards.name(str(o.get('card')))} for the {o.get('side')}" for o in combat.get("one_shots") or []
        ]
        if shots:
            surface.blit(
                render_line("One-shots: " + "; ".join(shots), rect.w - 24, 14, theme.TEXT_DIM), (rect.x + 12, y)
            )

    def score_rect(self) -> pygame.Rect:
        """The combat's score: the munchkins' strength on its left half, the monsters' on its right."""
        rect = self.combat_rect
        return pygame.Rect(rect.right - 230, rect.y + 30, 218, 150)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        strength_breakdown.draw_for(self, surface)  # over everything, like a tooltip

    def draw_me(self, surface: pygame.Surface) -> None:
        me = self._me()
        rect = self.me_rect
        if me is None:
            return
        colour = self.seat_colour(self.viewer or 0)
        acting = self.viewer in (self.st.get("to_act") or [])
        panel(surface, rect, (34, 40, 52), colour if acting else theme.PANEL_EDGE, radius=10, alpha=235)
        pygame.draw.rect(surface, colour, (rect.x, rect.y, 8, rect.h), border_radius=4)
        # The left column ends where the slots begin (x + 200), so nothing here runs into them.
        surface.blit(render_line(f"{me.get('name')} (you)", 180, 17, theme.TEXT, "bold"), (rect.x + 14, rect.y + 6))
        surface.blit(render_line(f"Level {me.get('level')}", 180, 30, theme.YELLOW, "bold"), (rect.x + 14, rect.y + 28))
        identity = render_block(f"{self.identity(me)} · {me.get('sex')}", 180, 38, 15, theme.TEXT, min_size=12)
        surface.blit(identity, (rect.x + 14, rect.y + 62))
        curses = len(me.get("curses") or [])
        gear = f"gear {int(me.get('gear') or 0):+d}" + (f" · {curses} curse(s)" if curses else "")
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


def _hireling(player: dict[str, Any]) -> list[str]:
    """The player's Hireling card, if any, as a one-card list."""
    card = player.get("hireling")
    return [str(card)] if card else []
