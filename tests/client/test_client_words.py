"""The words test: whole games of both games, every shipped pack and table option, as a player and as a
spectator, through the real table scenes. Everything a player reads (every text drawn on the screen, every
button label and tooltip, every entry and title of every card's and button's menu, every log line) is checked
against what must never reach a screen: card ids, snake_case, True/False/None, #n/~n, braces, "seat N" and
zero-based numbers."""

from __future__ import annotations

import re
import sys
import types
import typing
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

import msgspec
import pygame
import pytest
from msgspec import UnsetType
from view_samples import sample

from doorkick.client.autoplay import Autoplayer
from doorkick.client.catalog import Cards
from doorkick.client.scenes import results as results_screen
from doorkick.client.scenes.munchkin_table import MunchkinScene
from doorkick.client.scenes.overlays import ChoiceOverlay, ZoomOverlay
from doorkick.client.scenes.table_base import GameScene
from doorkick.client.scenes.wonderland_board import WonderlandScene
from doorkick.client.session import LocalSession
from doorkick.client.ui import text as ui_text
from doorkick.client.ui.scrollback import Scrollback
from doorkick.client.words import Words
from doorkick.shared.rules.base import Event, SeatSetup
from doorkick.shared.rules.munchkin.actions import RollToRunAway
from doorkick.shared.rules.munchkin.events import Cursed, MunchkinEvent
from doorkick.shared.rules.munchkin.options import Options
from doorkick.shared.rules.munchkin.view import (
    BribeView,
    CombatView,
    DecisionView,
    DiscardsView,
    FlightView,
    MonsterView,
    MunchkinView,
    PileView,
)
from doorkick.shared.rules.registry import ruleset
from doorkick.shared.rules.wonderland.actions import ChangeDie
from doorkick.shared.rules.wonderland.events import WonderlandEvent
from doorkick.shared.rules.wonderland.view import DieView, FightView, WonderlandView
from doorkick.shared.viewer import GameView

NEVER = {
    "snake_case": re.compile(r"\b[a-z]+_[a-z0-9_]+\b"),
    "True/False/None": re.compile(r"\b(True|False|None)\b"),
    "#n or ~n": re.compile(r"[#~]\d"),
    "braces": re.compile(r"[{}]"),
    "seat N": re.compile(r"\bseat \d", re.IGNORECASE),
    "zero-based": re.compile(
        r"\b(die|dice|monster|player|card|item|room|space|turn|number|helper|target)\s+0\b", re.IGNORECASE
    ),
}
ALL_MUNCHKIN_PACKS = ("core", "epic", "fairy-dust", "christmas")
EVERY_OPTION = {name: True for name, value in Options().to_wire().items() if isinstance(value, bool)}
# (game, packs, options, seats, seed): every shipped pack and table option at least once.
TABLES = [
    ("munchkin", (), None, 4, 3),
    ("munchkin", ALL_MUNCHKIN_PACKS, EVERY_OPTION, 4, 5),
    ("munchkin", ("christmas",), {"trade_cooldown": True}, 3, 7),
    ("wonderland", (), None, 4, 2),
]
ORIGINALS: dict[str, Callable[..., pygame.Surface]] = {
    fn: getattr(ui_text, fn) for fn in ("render_line", "render_block")
}
assert results_screen  # imported here, where the reader finds it, not first by the table at the game's end
STEP = 0.25  # seconds a frame
NAMES = ("Alice", "Bob", "Carol", "Dan", "Erin", "Finn")


def faults(text: str, ids: frozenset[str]) -> list[str]:
    """What in `text` must never reach a screen."""
    found = [f"{name}: {m.group(0)!r}" for name, rule in NEVER.items() if (m := rule.search(text))]
    found += [f"card id {word!r}" for word in re.findall(r"[a-z0-9]+(?:[-#][a-z0-9]+)*", text) if word in ids]
    return found


def card_ids(game: str, packs: tuple[str, ...]) -> frozenset[str]:
    """The packs' id strings, and each copy's (`id#2`), as the catalogue knows them."""
    copies = set(Cards(game, packs).defs)
    return frozenset(copies | {card.split("#")[0] for card in copies})


def reading(log: Scrollback, read: Callable[[str, str], None], monkeypatch: pytest.MonkeyPatch) -> None:
    """Hand every line the table's log is given to the reader as it is written (the log is a widget the scene
    draws and scrolls, so it stays itself: only its `append` is wrapped)."""
    append = log.append

    def appended(line: tuple[str, Any]) -> None:
        read(line[0], "log")
        append(line)

    monkeypatch.setattr(log, "append", appended)


class Reader:
    """Collects everything a player reads: the text the screen draws, and the words of every menu."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.seen: dict[str, str] = {}  # text -> where it was read first
        self.monkeypatch = monkeypatch
        for module in [m for name, m in sys.modules.items() if name.startswith("doorkick.client") and m]:
            for fn, render in ORIGINALS.items():
                if getattr(module, fn, None) is render:
                    monkeypatch.setattr(module, fn, self._recording(render))

    def _recording(self, render: Callable[..., pygame.Surface]) -> Callable[..., pygame.Surface]:
        def recorded(text: str, *args: Any, **kwargs: Any) -> pygame.Surface:
            self.read(text, "drawn")
            return render(text, *args, **kwargs)

        return recorded

    def read(self, text: str, where: str) -> None:
        self.seen.setdefault(text, where)

    def menus(self, scene: GameScene) -> None:
        """Open every menu the viewer could open now, read it, and put it away again."""
        app = scene.app
        for button in list(scene.bar_buttons):
            self.read(button.label, "bar button")
            self.read(button.hint, "bar tooltip")
            if button.enabled and button.label.endswith("…"):
                self._open(scene, button.click, "bar chooser")
        for card in list(scene.by_card):
            self._open(scene, partial(scene.click_card, card, (400, 300)), "card menu")
        if isinstance(scene, MunchkinScene):
            for card, rect, _ in list(scene.table_cards):
                pygame.mouse.set_pos(rect.center)
                self.read(scene.hover_hint()[1], "table card tooltip")
                self._open(scene, partial(scene.press_table_card, card, rect.center, 1), "table card menu")
        assert app.top is scene

    def _open(self, scene: GameScene, click: Callable[[], None], where: str) -> None:
        app = scene.app
        click()
        top = app.top
        if isinstance(top, ChoiceOverlay):
            self.read(top.title, f"{where} title")
            for option in top.options:
                self.read(option.label, where)
                self.read(option.reason, f"{where} tooltip")
        elif top is not scene and not isinstance(top, ZoomOverlay):
            top.draw(app.screen)  # a form (the call for help's, say): its words are read as it is drawn
        if top is not scene:
            app.remove(top)


def play(
    app: Any, reader: Reader, game: str, packs: tuple[str, ...], options: Any, seats: int, seed: int, seat: int | None
) -> GameScene:
    """One whole game at the table scene, the viewer's seat (if any) clicked by the autoplayer."""
    engine = ruleset(game)
    setups = tuple(SeatSetup(NAMES[i], "female" if i % 2 else "male") for i in range(seats))
    mine = [] if seat is None else [seat]
    # A spectator's bots act one a frame, so that every state of the game is drawn; a player's act at once.
    delay = 0.0 if seat is not None else STEP
    session = LocalSession(engine, setups, seed, mine, packs, options, bot_delay=delay, bot_level="easy")
    app.settings.reaction_seconds = 1
    scene_type = MunchkinScene if game == "munchkin" else WonderlandScene
    scene: GameScene = app.push(scene_type(app, session))
    reading(scene.log, reader.read, reader.monkeypatch)
    if seat is not None:
        scene.autoplayer = Autoplayer(app, scene, seed, think=0.0)
    seen_state: object = None
    for _frame in range(20_000):
        if app.top is scene and scene.state is not seen_state:
            seen_state = scene.state
            reader.menus(scene)
        if scene.throw is not None:
            scene.throw.skip()
        app.step(STEP, [])
        if scene.results_shown:
            app.step(STEP, [])  # the results screen, drawn once
            break
    return scene


def checked(reader: Reader, ids: frozenset[str]) -> Iterator[str]:
    for text, where in reader.seen.items():
        for fault in faults(text, ids):
            yield f"{where}: {text!r} ({fault})"


@pytest.mark.slow
@pytest.mark.parametrize(("game", "packs", "options", "seats", "seed"), TABLES)
def test_everything_a_player_reads_is_in_words(
    app: Any, monkeypatch: pytest.MonkeyPatch, game: str, packs: tuple[str, ...], options: Any, seats: int, seed: int
) -> None:
    ids = card_ids(game, packs or (("core",) if game == "munchkin" else ("wonderland",)))
    app.screenshot_dir = None  # the table's own screenshots only slow the games down here
    reader = Reader(monkeypatch)
    for seat in (0, None):
        reader.seen.clear()
        scene = play(app, reader, game, packs, options, seats, seed, seat)
        assert scene.results_shown, "the game did not end"
        assert len(reader.seen) > 200
        bad = sorted(set(checked(reader, ids)))
        assert not bad, "\n".join(bad[:40])


def test_the_checks_catch_what_they_are_for() -> None:
    ids = card_ids("munchkin", ALL_MUNCHKIN_PACKS)
    for shown in (
        "Ask for help (items nothing, treasures 1, helper_first False)",
        "Look for trouble: mummy-influencer",
        "Roll to run away (monster 0, hireling False)",
        "Kick open the door (resurrect jar-of-angry-bees#2)",
        "Turn Undead ({cards})",
        "make die 0 a 1",
        "Seat 0 discarded",
        "Play jar-of-angry-bees",
        "Card: None",
    ):
        assert faults(shown, ids), shown
    assert not faults("Alice curses Bob with Wet Blanket of Doom", ids)


def seen_by(seat: int) -> Callable[[], int]:
    return lambda: seat


def test_named_dice_monsters_and_players() -> None:
    dice = [DieView("monster", 2), DieView("fighter", 0), DieView("helper", 0), DieView("fighter", 5)]
    view = sample(WonderlandView, fight=sample(FightView, fighter=0, helper=1, dice=dice), phase="fight")
    names = {0: "Alice", 1: "Bob"}
    for viewer, expected in ((0, "your second die"), (1, "Alice's second die")):
        words = Words("wonderland", names.__getitem__, str.title, viewer=seen_by(viewer), view=lambda: view)
        assert words.action(ChangeDie(viewer, "cake", die=3, face=1)) == f"Cake: make {expected} a 1 (now 5)"
    words = Words("wonderland", names.__getitem__, str.title, viewer=lambda: 0, view=lambda: view)
    for die, whose in ((0, "the monster's die a 6 (now 2)"), (2, "Bob's die a 6")):
        assert words.action(ChangeDie(0, "cake", die=die, face=6)) == f"Cake: make {whose}"
    monsters = [sample(MonsterView, card="tax-gremlin"), sample(MonsterView, card="tax-gremlin#2")]
    fight = sample(MunchkinView, combat=sample(CombatView, fighter=0, monsters=monsters))
    munchkin = Words("munchkin", names.__getitem__, lambda c: "Tax Gremlin", viewer=lambda: 0, view=lambda: fight)
    assert munchkin.action(RollToRunAway(0, monster=1)) == ("Roll to run away from the second Tax Gremlin")
    assert munchkin.event(Cursed(seat=1, by=0, card="x")) == "Alice curses Bob with Tax Gremlin"


@pytest.mark.parametrize("game", ["munchkin", "wonderland"])
def test_every_action_kind_reads_in_words_whatever_its_fields(game: str) -> None:
    """Each kind of action the engine knows has words of its own and a title for its chooser, and only those;
    filled with any card, any seat (the first one, number 0, too) and either truth value, its label names them
    and leaks nothing."""
    from dataclasses import fields

    from doorkick.client.words import munchkin, wonderland
    from doorkick.shared.rules.munchkin.actions import MunchkinAction
    from doorkick.shared.rules.wonderland.actions import WonderlandAction

    vocabulary, registry = (
        (munchkin, MunchkinAction.registry) if game == "munchkin" else (wonderland, WonderlandAction.registry)
    )
    declared = set(registry.values())
    assert len(declared) > 10
    assert declared == set(vocabulary.ACTIONS), "every action record is labelled, and only those"
    assert declared == set(vocabulary.KINDS), "every action record has a chooser title, and only those"
    assert set(vocabulary.WHY_NOT) <= declared
    packs = ALL_MUNCHKIN_PACKS if game == "munchkin" else ("wonderland",)
    defs = Cards(game, packs).defs
    ids = card_ids(game, packs)
    card = next(iter(defs))
    view: GameView = (
        sample(
            MunchkinView,
            combat=sample(
                CombatView,
                fighter=0,
                step="help",
                monsters=[sample(MonsterView, card=card, base=card)] * 2,
                offer=sample(BribeView, items=[card], treasures=2, helper_first=True),
                flight=sample(FlightView, caught_by=1),
            ),
            decisions=[sample(DecisionView, kind="trade", source=1, give=[card], take=[])],
            discards=sample(DiscardsView, door=sample(PileView, top=card)),
        )
        if game == "munchkin"
        else sample(
            WonderlandView,
            fight=sample(FightView, fighter=0, helper=1, dice=[DieView("monster", 0), DieView("fighter", 0)]),
            phase="fight",
        )
    )
    words = Words(game, NAMES.__getitem__, lambda c: defs[c].name, defs.get, lambda: 0, lambda: view)
    for kind in declared:
        for truth, seat in ((False, 0), (True, 1)):
            values: dict[str, Any] = {}
            for f in fields(kind):
                hint = str(f.type)
                values[f.name] = (
                    (card,) if "tuple" in hint else truth if "bool" in hint else seat if "int" in hint else card
                )
            label = vocabulary.ACTIONS[kind](words, kind(**values))  # its own words, not the kind's bare name
            assert label and not faults(label, ids), (kind, label)


def sample_value(hint: Any, name: str, card: str, game: str) -> Any:
    """A value of a field's type for a sample event: the first seat (0) and the first monster of the fight where
    a seat or a monster goes, a card where a card goes."""
    options = (
        [t for t in typing.get_args(hint) if t not in (UnsetType, type(None))]
        if typing.get_origin(hint)
        in (
            typing.Union,
            types.UnionType,
        )
        else [hint]
    )
    hint = options[0]
    origin = typing.get_origin(hint)
    if origin is typing.Literal:
        return typing.get_args(hint)[0]
    if hint is bool:
        return True
    if hint is int:
        return 0 if name in ("seat", "fighter", "dead", "to", "monster") else 1
    if hint is str:
        return "The Jabberwock" if game == "wonderland" and name == "monster" else card  # a Room's monster: a name
    if origin is list:
        (item,) = typing.get_args(hint)
        return (
            [[0, 3]]
            if typing.get_origin(item) is list
            else [0, 1]
            if item is int
            else ["x"]
            if name == "path"
            else [card]
        )
    if origin is dict:
        return {"0": [card]}
    raise AssertionError(f"no sample for {name}: {hint}")


def sample_event(record: type[Event], card: str, game: str) -> Event:
    hints = typing.get_type_hints(record)
    wire = {
        wire_name: sample_value(hints[name], name, card, game)
        for name, wire_name in zip(record.__struct_fields__, record.__struct_encode_fields__, strict=True)
        if name != "seen_by"
    }
    return msgspec.convert(wire, record)


@pytest.mark.parametrize("game", ["munchkin", "wonderland"])
def test_every_event_kind_reads_in_words_whatever_its_fields(game: str) -> None:
    """Each kind of event the rules declare, with the first seat and the first monster of the fight among its
    fields, names them and leaks nothing: no number 0, no id."""
    packs = ALL_MUNCHKIN_PACKS if game == "munchkin" else ("wonderland",)
    defs = Cards(game, packs).defs
    ids = card_ids(game, packs)
    card = next(iter(defs))
    view: GameView = (
        sample(MunchkinView, combat=sample(CombatView, fighter=0, monsters=[sample(MonsterView, card=card, base=card)]))
        if game == "munchkin"
        else sample(WonderlandView, fight=sample(FightView, fighter=0))
    )
    words = Words(game, NAMES.__getitem__, lambda c: defs[c].name, defs.get, lambda: 0, lambda: view)
    union = MunchkinEvent if game == "munchkin" else WonderlandEvent
    for record in typing.get_args(union):
        line = words.event(sample_event(record, card, game))
        assert not faults(line, ids), (record.__name__, line)
