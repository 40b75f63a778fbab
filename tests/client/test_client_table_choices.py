"""Two faults seen in play, played through the window's own input: the greyed "Run away" in a reaction window
said "only when you cannot beat it" to a fighter already running away, and Wonderland's "Which way?" menu lay
over the very paths it asks about."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame
import pytest
from client_support import StandInLink
from layout_scenes import LONG_NAMES, munchkin_session

from doorkick.client.app import App
from doorkick.client.scenes.munchkin_table import MunchkinScene
from doorkick.client.scenes.overlays import ChoiceOverlay
from doorkick.client.scenes.wonderland_board import WonderlandScene
from doorkick.client.session import LocalSession
from doorkick.client.settings import MIN_WINDOW, Settings
from doorkick.shared.rules.munchkin.kinds import Resolving
from doorkick.shared.rules.munchkin.state import Combat, CombatMonster
from doorkick.shared.rules.registry import ruleset
from doorkick.shared.rules.wonderland.actions import Move

SIZES = [MIN_WINDOW, (1280, 720), (1920, 1080)]


def click(app: App, pos: tuple[int, int]) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.step(1 / 20, [pygame.event.Event(kind, button=1, pos=pos)])


def rest(app: App, steps: int = 30) -> None:
    for _ in range(steps):
        app.step(1 / 20, [])


def hover(app: App, pos: tuple[int, int]) -> str:
    """The tooltip once the pointer has rested on `pos`."""
    pygame.mouse.set_pos(pos)
    app.step(1 / 20, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
    rest(app, 30)
    return app.tooltips.text


def window_against(resolving: Resolving) -> LocalSession:
    """Seat 0 fights the strongest monster of the pack alone, in the reaction window before `resolving`."""
    session = munchkin_session()
    state = session.engine_state
    hands = {c for p in state.players for c in p.hand}
    monsters = [c for c, d in state.catalog.defs.items() if d.kind == "monster" and c not in hands]
    strongest = max(monsters, key=lambda c: (state.catalog.defs[c].level, c))
    fight = Combat(fighter=0, monsters=(CombatMonster(strongest, strongest),), step="window", resolving=resolving)
    session.engine_state = replace(state, phase="door", met_monster=True, combat=fight)
    session._publish([])
    return session


@pytest.mark.parametrize(("resolving", "said"), [("flee", "already running away"), ("victory", "claimed the victory")])
def test_the_greyed_run_away_in_a_reaction_window_says_what_the_fighter_waits_for(
    tmp_path: Path, resolving: Resolving, said: str
) -> None:
    app = App(Settings(), size=(1280, 720), screenshot_dir=tmp_path)
    try:
        session = window_against(resolving)
        scene = app.push(MunchkinScene(app, session))
        rest(app, 5)
        run = next(b for b in scene.bar_buttons if b.label == "Run away")
        assert not run.enabled
        text = hover(app, run.rect.center)
        assert said in text and "cannot beat" not in text, text
        assert "Waiting for Bartholomew" in text  # whom the window waits for, as before
        click(app, run.rect.center)  # a greyed button does nothing
        assert session.actions == [] and app.top is scene
        app.screenshot(f"run_away_greyed_{resolving}")
    finally:
        app.close()


def test_an_onlooker_in_the_window_keeps_the_plain_reason(tmp_path: Path) -> None:
    app = App(Settings(), size=(1280, 720), screenshot_dir=tmp_path)
    try:
        session = window_against("flee")
        session.seats, session.names = (1,), {i: s.name for i, s in enumerate(LONG_NAMES)}
        session._publish([])
        scene = app.push(MunchkinScene(app, session))
        rest(app, 5)
        run = next(b for b in scene.bar_buttons if b.label == "Run away")
        text = hover(app, run.rect.center)
        assert "Only when you are fighting a monster you cannot beat" in text and "already" not in text, text
    finally:
        app.close()


def two_ways() -> tuple[LocalSession, str]:
    """A Wonderland table whose move die leads seat 0 to one space by two paths."""
    session = LocalSession(ruleset("wonderland"), LONG_NAMES[:3], 7, [0], bot_delay=1e9)
    state = session.engine_state
    for die in range(1, 7):
        for start in state.board.spaces:
            moved = replace(state, phase="moving", die=die, positions=(start, *state.positions[1:]))
            ends: dict[str, int] = {}
            for action in session.ruleset.legal_actions(moved, 0):
                if isinstance(action, Move):
                    ends[action.path[-1]] = ends.get(action.path[-1], 0) + 1
            both = sorted(end for end, ways in ends.items() if ways > 1)
            if both:
                session.engine_state = moved
                session._publish([])
                return session, both[0]
    raise AssertionError("no board position with two ways to one space")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_which_way_leaves_the_board_in_sight_and_takes_the_way_clicked(tmp_path: Path, size: tuple[int, int]) -> None:
    app = App(Settings(), size=size, screenshot_dir=tmp_path)
    try:
        session, end = two_ways()
        scene = app.push(WonderlandScene(app, session))
        rest(app, 5)
        assert scene.geo is not None
        click(app, scene.geo.points[end])
        menu = app.top
        assert isinstance(menu, ChoiceOverlay) and menu.title == "Which way?"
        assert not menu.box.colliderect(scene.geo.rect), (menu.box, scene.geo.rect)
        assert app.screen.get_rect().contains(menu.box)
        app.screenshot(f"which_way_{size[0]}x{size[1]}")
        ways = [w for w in scene.destinations()[end]]
        second = menu.widgets[1]
        rest(app, 10)  # past the guard on buttons that just appeared
        hover(app, second.rect.center)
        assert scene.hovered_way()[1:] == list(ways[1].path)  # the way it takes lights up on the board
        app.screenshot(f"which_way_hovered_{size[0]}x{size[1]}")
        click(app, second.rect.center)
        assert app.top is scene
        assert session.actions[-1]["path"] == list(ways[1].path)
    finally:
        app.close()


def test_a_table_state_this_client_cannot_read_keeps_the_lobby_open_and_says_why(tmp_path: Path) -> None:
    """The scenes read typed records: a first state refused as it came in opens no half-read table."""
    from doorkick.client.scenes.lobby import LobbyScene
    from doorkick.shared import protocol

    # A host that hands the lobby one unreadable snapshot, then nothing.
    state = {"view": {"game": "munchkin", "packs": 3}, "legal": [], "to_act": [], "turn": 1, "outcome": None}
    fields = {"table": "t1", "seat": 0, "seq": 1, "checksum": 0, "state": state}
    quiet = StandInLink(protocol.Message(protocol.SNAPSHOT, fields))

    app = App(Settings(), size=(1280, 720), screenshot_dir=tmp_path)
    try:
        lobby = app.push(LobbyScene(app, quiet, "a host"))
        rest(app, 3)
        assert app.top is lobby and any("bad_state" in e for e in lobby.errors), list(lobby.errors)
    finally:
        app.close()
