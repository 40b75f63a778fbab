"""Every screen of the client, arranged as players meet it, for the layout test and its screenshots.

Each builder pushes its scene(s) onto a fresh `App` and returns the scene whose boxes are checked. The tables are
arranged from real engine states (a crowded Munchkin table, a fight with a helper, a Wonderland fight), so what is
laid out is what a game shows.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import msgspec

from doorkick.client.app import App
from doorkick.client.pack_cache import PackCache
from doorkick.client.scenes.base import Scene
from doorkick.client.scenes.browser import BrowserScene
from doorkick.client.scenes.munchkin_table import MunchkinScene
from doorkick.client.scenes.overlays import ZoomOverlay
from doorkick.client.scenes.results import ResultsScene
from doorkick.client.scenes.wonderland_board import WonderlandScene
from doorkick.client.session import LocalSession
from doorkick.client.tutorial.table import Tutorial
from doorkick.shared.rules.base import SeatSetup
from doorkick.shared.rules.registry import ruleset
from doorkick.shared.rules.wonderland.view import OutcomeView, WonderlandView
from doorkick.shared.viewer import OutcomeWire

SETUPS = tuple(SeatSetup(n) for n in ("Alice", "Bob", "Carol", "Dan"))
LONG_NAMES = tuple(
    SeatSetup(n) for n in ("Alexandrina", "Bartholomew", "Clementine", "Dmitri the Loud", "Evangeline", "Ferdinand")
)


class _NoBrowser:
    """The LAN browser without the network: two hosts already found."""

    error = ""

    def found(self) -> list[Any]:
        from doorkick.client.discovery import Found

        return [
            Found("a", "Alice's party table", "192.168.1.20", 47474, ("munchkin", "wonderland"), 2, 3, 1),
            Found("b", "Basement", "192.168.1.33", 47474, ("munchkin",), 1, 0, 1),
        ]

    def close(self) -> None:
        pass


def munchkin_session(crowded: bool = True, players: tuple[SeatSetup, ...] = LONG_NAMES) -> LocalSession:
    """A Munchkin table whose players wear and carry a good deal: the panels at their fullest."""
    from doorkick.shared.rules.munchkin.state import Carried, with_player

    session = LocalSession(ruleset("munchkin"), players, 3, [0], bot_delay=1e9)
    state = replace(session.engine_state, phase="start", active=0, turn=3)
    if crowded:
        defs = state.catalog.defs
        by_kind: dict[str, list[str]] = {}
        taken = {c for p in state.players for c in (*p.hand, *p.item_cards)}
        for card, definition in defs.items():
            if card not in taken:
                by_kind.setdefault(definition.kind, []).append(card)
        items = by_kind["item"]
        spare = [c for c in by_kind.get("door", []) + by_kind["monster"] if c not in taken]
        state = with_player(
            state,
            0,
            races=(by_kind["race"][0],),
            classes=(by_kind["class"][0],),
            items=tuple(Carried(c, equipped=i < 3) for i, c in enumerate(items[0:5])),
            hand=(*state.players[0].hand, *spare[:4]),
            level=4,
        )
        for seat in range(1, len(players)):
            worn = items[5 + seat * 4 : 9 + seat * 4]
            state = with_player(
                state,
                seat,
                items=tuple(Carried(c, equipped=i % 2 == 0) for i, c in enumerate(worn)),
                races=(by_kind["race"][seat % len(by_kind["race"])],),
                curses=(by_kind["curse"][seat],) if seat == 2 else (),
                level=seat + 2,
            )
    session.engine_state = state
    session._publish([])
    return session


def munchkin_combat_session() -> LocalSession:
    """Alexandrina fights two monsters with Bartholomew helping."""
    from doorkick.shared.rules.munchkin.state import Combat, CombatMonster

    session = munchkin_session()
    state = session.engine_state
    hands = {c for p in state.players for c in p.hand}
    monsters = [c for c, d in state.catalog.defs.items() if d.kind == "monster" and c not in hands][:2]
    fight = Combat(fighter=0, monsters=tuple(CombatMonster(m, m) for m in monsters), helper=1, step="window")
    session.engine_state = replace(state, phase="door", met_monster=True, combat=fight)
    session._publish([])
    return session


def wonderland_session(fight: bool = False, pick: bool = False) -> LocalSession:
    """A Wonderland table mid-game: standies spread over the board (two share a space), or a fight in a Room;
    with `pick`, a helped win whose Treasures lie out for the helper, and two Friends in front of you."""
    from doorkick.shared.rules.wonderland.state import Die, Fight

    session = LocalSession(ruleset("wonderland"), LONG_NAMES[:5], 7, [0], bot_delay=1e9)
    state = session.engine_state
    board = session.ruleset.player_view(state, 0)["board"]
    spaces = [s["id"] for s in board["spaces"]]
    rooms = [s["id"] for s in board["spaces"] if s.get("kind") == "room"]
    positions = (rooms[0], spaces[3], spaces[3], spaces[10], rooms[2])
    state = replace(state, positions=positions[: len(state.positions)], turn=6)
    if fight:
        room = next(int(s["room"]) for s in board["spaces"] if s["id"] == rooms[0])
        dice = (Die("fighter", 4), Die("helper", 2))
        state = replace(state, phase="fight", fight=Fight(room=room, fighter=0, helper=1, dice=dice))
        state = replace(state, positions=(rooms[0], rooms[0], *state.positions[2:]))
    if pick:
        deck = state.treasure_deck
        friends = tuple(c for c in deck if state.catalog[c].kind == "friend")[:2]
        shown = tuple(c for c in deck if c not in friends)[:3]
        rest = tuple(c for c in deck if c not in friends and c not in shown)
        assert state.fight is not None
        state = replace(
            state,
            phase="helper_pick",
            treasure_deck=rest,
            fight=replace(state.fight, rewards=shown),
            friends=(friends, *state.friends[1:]),
        )
    session.engine_state = state
    session._publish([])
    return session


def _table(app: App, session: LocalSession, kind: type[Any]) -> Scene:
    scene: Scene = app.push(kind(app, session))
    return scene


def _card_menu(app: App) -> Scene:
    table = _table(app, munchkin_session(), MunchkinScene)
    assert isinstance(table, MunchkinScene)
    table.update(0.0)
    card = next(c for c, _ in table.hand_rects if c in table.by_card)
    table.click_card(card, table.hand_rects[0][1].center)
    return app.top or table


def _zoom(app: App) -> Scene:
    table = _table(app, munchkin_combat_session(), MunchkinScene)
    assert isinstance(table, MunchkinScene)
    return app.push(ZoomOverlay(app, table.cards.face(table.hand[0]), "Nothing to do with this card right now"))


def _results(app: App) -> Scene:
    session = munchkin_session()
    view = session.records[0].view
    outcome = OutcomeWire([2], "reached_level_10")
    return app.push(ResultsScene(app, session, view, outcome, "/home/alex/.local/share/doorkick/tables/t1"))


def _winner(app: App, game: str) -> Scene:
    from doorkick.client.scenes.winner import WinnerScene

    if game == "munchkin":
        session = munchkin_session()
        return app.push(WinnerScene(app, session, session.records[0].view, OutcomeWire([2], "reached_level_10")))
    session = wonderland_session()
    return app.push(WinnerScene(app, session, *wonderland_won(session, [1], [300, 900, 450, 0, 700])))


def wonderland_won(session: LocalSession, winners: list[int], gold: list[int]) -> tuple[WonderlandView, OutcomeWire]:
    """Seat 0's view of `session`'s table as the game ends: `winners` with the most Gold, everyone's `gold` shown."""
    view = session.records[0].view
    assert isinstance(view, WonderlandView)
    hands: list[list[str]] = [[] for _ in view.players]
    ended = msgspec.structs.replace(view, outcome=OutcomeView(winners, "most_gold", gold, hands))
    return ended, OutcomeWire(winners, "most_gold")


def _lobby(app: App) -> Scene:
    from doorkick.client.scenes.lobby import LobbyScene

    class _Quiet:
        """A connection that is never answered: the lobby as it first opens."""

        def __init__(self) -> None:
            self.wake: Callable[[], None] | None = None
            self.server_id, self.token, self.packs = "", None, PackCache()

        def request(self, *_args: Any, **_kwargs: Any) -> None:
            pass

        def poll(self) -> list[Any]:
            return []

        def close(self) -> None:
            pass

    scene = app.push(LobbyScene(app, _Quiet(), "Alice's party table (192.168.1.20)"))
    return scene


def _menu(app: App) -> Scene:
    table = _table(app, munchkin_session(), MunchkinScene)
    assert isinstance(table, MunchkinScene)
    table.open_menu()
    return app.top or table


def _cover(app: App) -> Scene:
    from doorkick.client.scenes.overlays import CoverOverlay

    _table(app, munchkin_session(), MunchkinScene)
    return app.push(CoverOverlay(app, "Bartholomew", (86, 180, 233), lambda: None))


SCENES: dict[str, Callable[[App], Scene]] = {
    "browser": lambda app: app.push(BrowserScene(app, lambda *_: None, lambda: None, 47474, _NoBrowser())),
    "lobby": _lobby,
    "munchkin_rest": lambda app: _table(app, munchkin_session(), MunchkinScene),
    "munchkin_combat": lambda app: _table(app, munchkin_combat_session(), MunchkinScene),
    "wonderland_board": lambda app: _table(app, wonderland_session(), WonderlandScene),
    "wonderland_fight": lambda app: _table(app, wonderland_session(fight=True), WonderlandScene),
    "wonderland_pick": lambda app: _table(app, wonderland_session(fight=True, pick=True), WonderlandScene),
    "results": _results,
    "winner_munchkin": lambda app: _winner(app, "munchkin"),
    "winner_wonderland": lambda app: _winner(app, "wonderland"),
    "zoom": _zoom,
    "card_menu": _card_menu,
    "table_menu": _menu,
    "hot_seat_cover": _cover,
    "lesson_munchkin": lambda app: Tutorial(app, 0.05).start(3),
    "lesson_wonderland": lambda app: Tutorial(app, 0.05).start(8),
}
