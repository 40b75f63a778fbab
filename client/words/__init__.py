"""Every word a table shows about its game: action labels, chooser titles, why a button is greyed, log lines.

One place, so that a player never reads an id, a field name or a zero-based number: cards go by their
catalogue names, players by their names ("you" on your own buttons), dice by whose they are, and everything
counts from one. Each game's vocabulary is a module of its own (`munchkin`, `wonderland`); `Words` is what the
scenes hold, told how to name the table's seats, cards and spaces.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from ...shared.rules.base import Action, Event
from ...shared.viewer import GameView

E = TypeVar("E", bound=Event)
A = TypeVar("A", bound=Action)
Say = Callable[["Words", Any], str]  # a log line for one kind of event record
Label = Callable[["Words", Any], str]  # a button's words for one kind of action record

SEAT_NUMBER = re.compile(r"\bseat (\d+)")
CARD_ID = re.compile(r"'?([a-z0-9]+(?:-[a-z0-9]+)*(?:#\d+)?)'?")
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")


def listed(names: list[str], last: str = "and") -> str:
    """Names joined for a sentence: "A", "A and B", "A, B and C"."""
    if len(names) < 2:
        return "".join(names)
    return f"{', '.join(names[:-1])} {last} {names[-1]}"


def plural(count: object, one: str, many: str = "") -> str:
    """A count with its noun: "1 Treasure", "2 Treasures"."""
    return f"{count} {one if count == 1 else (many or one + 's')}"


def ordinal(index: int) -> str:
    """Zero-based index -> "first", "second"...; past the sixth, "number 7"."""
    return ORDINALS[index] if 0 <= index < len(ORDINALS) else f"number {index + 1}"


def plain(kind: object) -> str:
    """An unknown kind's name, readable: "from_a_newer_host" -> "from a newer host"."""
    return str(kind).replace("_", " ").replace("-", " ").strip()


@dataclass
class Words:
    """The words of one table. The callables are asked each time, so the words follow the table as it changes."""

    game: str
    seat_name: Callable[[int], str]
    card_name: Callable[[str], str]
    card: Callable[[str], Any] = lambda card: None  # the catalogue's record of a card, for its bonus and kind
    viewer: Callable[[], int | None] = lambda: None
    view: Callable[[], GameView | None] = lambda: None  # the table's view record as it stands

    # -- the table's nouns ---------------------------------------------------------------------------
    def name(self, seat: object, nobody: str = "someone") -> str:
        """A player by name; a missing seat (or -1) is `nobody`."""
        return self.seat_name(seat) if isinstance(seat, int) and not isinstance(seat, bool) and seat >= 0 else nobody

    def you(self, seat: object, nobody: str = "someone") -> str:
        """The viewer is "you", anyone else their name: for the viewer's own buttons."""
        return "you" if seat is not None and seat == self.viewer() else self.name(seat, nobody)

    def yours(self, seat: object) -> str:
        """The viewer's is "your", Bob's is "Bob's"."""
        return "your" if seat is not None and seat == self.viewer() else f"{self.name(seat)}'s"

    def yourself(self, seat: object) -> str:
        return "yourself" if seat is not None and seat == self.viewer() else self.name(seat)

    def themself(self, seat: object) -> str:
        """How a log line names a player acting on themself: "herself", "himself" or "themself"."""
        view = self.view()
        players = view.players if view is not None else []
        sex = players[seat].sex if isinstance(seat, int) and 0 <= seat < len(players) else None
        return {"female": "herself", "male": "himself"}.get(str(sex), "themself")

    def card_of(self, card: object, none: str = "a card") -> str:
        return self.card_name(card) if isinstance(card, str) and card else none

    def cards(self, cards: object, none: str = "nothing") -> str:
        """A list of cards by name ("A, B and C"); a count or a hidden list is `none`."""
        if not isinstance(cards, list | tuple) or not cards:
            return none
        return listed([self.card_of(c) for c in cards])

    def bonus(self, card: object) -> int:
        found = self.card(card) if isinstance(card, str) else None
        return int(getattr(found, "bonus", 0) or 0)

    # -- what the scenes ask -------------------------------------------------------------------------
    def action(self, action: Action) -> str:
        """A button or a menu entry for one legal action; a kind without words of its own reads by its name."""
        say = _game(self.game).ACTIONS.get(type(action))
        return self.kind(type(action)) if say is None else _capital(say(self, action))

    def kind(self, kind: type[Action]) -> str:
        """A kind of action: the bar's button that opens a chooser of them, and the chooser's title."""
        return _game(self.game).KINDS.get(kind) or _capital(plain(kind.kind))

    def why_not(self, kind: type[Action]) -> str:
        """Why a kind of action greyed in its place cannot be taken now."""
        return _game(self.game).WHY_NOT.get(kind, "Not possible right now.")

    def heading(self) -> tuple[str, str]:
        """The turn and what it is at, for the top of the sidebar."""
        return _game(self.game).heading(self)

    def event(self, event: Event) -> str:
        """The log line for an event record; "" for one the log leaves out. A kind without words of its own
        reads by its bare name."""
        say = _events(self.game).get(type(event))
        if say is None:
            return self.unworded(event.kind, event)
        return _capital(say(self, event))

    def refusal(self, message: str) -> str:
        """The host's reason for refusing an action, with its card ids and seat numbers put into names."""

        def card(found: re.Match[str]) -> str:
            known = self.card(found.group(1)) is not None
            return self.card_name(found.group(1)) if known else found.group(0)

        text = SEAT_NUMBER.sub(lambda found: self.name(int(found.group(1))), message)
        return f"Refused: {CARD_ID.sub(card, text)}"

    def unworded(self, kind: str, event: Event) -> str:
        who = self.name(getattr(event, "seat", None), "Someone")
        return _capital(f"{who}: {plain(kind)}")


def said(kind: type[E], say: Callable[[Words, E], str]) -> tuple[type[Event], Say]:
    """One entry of a game's EVENTS: the record's class and its log line, checked against that record."""
    return kind, say


def labelled(kind: type[A], say: Callable[[Words, A], str]) -> tuple[type[Action], Label]:
    """One entry of a game's ACTIONS: the record's class and its button's words, checked against that record."""
    return kind, say


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


class Vocabulary(Protocol):
    """What each game's module of words holds."""

    KINDS: dict[type[Action], str]
    WHY_NOT: dict[type[Action], str]
    ACTIONS: dict[type[Action], Label]

    def heading(self, w: Words) -> tuple[str, str]: ...


def _game(game: str) -> Vocabulary:
    from . import munchkin, wonderland

    return wonderland if game == "wonderland" else munchkin


def _events(game: str) -> dict[type[Event], Say]:
    """A game's log lines by event record."""
    from . import munchkin_events, wonderland

    return wonderland.EVENTS if game == "wonderland" else munchkin_events.EVENTS
