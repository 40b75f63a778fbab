"""Scene tests under the dummy driver: clicks play cards, a timeout passes, hot-seat covers hands."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame
import pytest
from client_support import on_top

from doorkick.client.scenes.munchkin_table import MunchkinScene
from doorkick.client.scenes.overlays import ChoiceOverlay, CoverOverlay, ZoomOverlay
from doorkick.client.scenes.wonderland_board import WonderlandScene
from doorkick.client.session import LocalSession
from doorkick.shared.bots.easy import EasyBot
from doorkick.shared.rules.base import SeatSetup
from doorkick.shared.rules.munchkin.actions import EnhanceMonster
from doorkick.shared.rules.registry import ruleset

SETUPS = tuple(SeatSetup(n) for n in ("Alice", "Bob", "Carol", "Dan"))


def click(app: Any, pos: tuple[int, int]) -> None:
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos)
    up = pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos)
    app.step(1 / 60, [down, up])


def play_until(app: Any, session: LocalSession, want: Any, limit: int = 400) -> None:
    """Let the bots (and a random player in seat 0) play, frame by frame, until `want(session)` holds."""
    engine = session.ruleset
    me = EasyBot(17)
    for _ in range(limit):
        if want(session):
            return
        if 0 in engine.seats_to_act(session.engine_state):
            action = me.choose(engine, session.engine_state, 0)
            if action is not None:
                session.act(0, action.to_wire())
        app.step(1 / 60, [])
    raise AssertionError("the situation never came up")


@pytest.mark.parametrize("game", ["wonderland", "munchkin"])
def test_clicking_a_card_then_its_entry_plays_it(app: Any, game: str) -> None:
    session = LocalSession(ruleset(game), SETUPS, 11, [0], bot_delay=0.0)
    scene = app.push((WonderlandScene if game == "wonderland" else MunchkinScene)(app, session))
    app.step(1 / 60, [])
    card, rect = next((c, r) for c, r in scene.hand_rects if c in scene.by_card)
    action = scene.by_card[card][0]
    before = len(session.actions)
    click(app, rect.center)
    menu = app.top
    assert isinstance(menu, ChoiceOverlay)
    app.screenshot(f"menu_{game}")
    app.step(1 / 60, [])
    if menu.card_w:  # the card shown beside the entries lies inside the menu's box
        assert menu.box.bottom >= menu.box.y + 56 + round(menu.card_w * 1.4)
    target = menu.option_rect(action)
    assert target is not None
    click(app, target.center)
    assert app.top is scene
    assert session.actions[before] == action.to_wire()


def test_a_click_on_a_highlighted_space_moves_the_standie(app: Any) -> None:
    session = LocalSession(ruleset("wonderland"), SETUPS, 11, [0], bot_delay=0.0)
    scene = app.push(WonderlandScene(app, session))
    app.step(1 / 60, [])
    click(app, scene.bar_buttons[0].rect.center)  # "Roll the die"
    app.step(1 / 60, [])
    destinations = scene.destinations()
    assert destinations and scene.throw is not None
    space, _moves = next((s, w) for s, w in destinations.items() if len(w) == 1)
    scene.throw.skip()
    click(app, scene.geo.points[space])
    mine = [a for a in session.actions if a["seat"] == 0]
    assert mine[-1]["type"] == "move" and mine[-1]["path"][-1] == space


def test_when_the_reaction_clock_runs_out_you_pass(app: Any) -> None:
    session = LocalSession(ruleset("munchkin"), SETUPS, 5, [0], options={"reaction_time": "short"})
    app.settings.auto_pass = False  # wait for the clock even with nothing to play
    scene = app.push(MunchkinScene(app, session))

    def reaction(s: LocalSession) -> bool:  # a pass that lets a moment go by (not one withdrawing a call for help)
        state = s.state(0) or {}
        combat = state.get("view", {}).get("combat") or {}
        passes = any(w["type"] == "pass" for w in state.get("legal", []))
        return passes and 0 in state.get("to_act", []) and combat.get("step") != "help"

    play_until(app, session, reaction)
    session.bot_delay = 1000.0  # the bots hold still: only the clock may act now
    app.step(1 / 60, [])
    assert scene.reaction_seconds() is not None
    app.screenshot("reaction")
    before = len(session.actions)
    for _ in range(3 * 30):
        app.step(1 / 30, [])
        if {"type": "pass", "seat": 0} in session.actions[before:]:
            break
    assert {"type": "pass", "seat": 0} in session.actions[before:]
    assert any("Time is up" in text for text, _ in scene.log)


def test_hot_seat_covers_the_screen_before_the_other_player_acts(app: Any) -> None:
    session = LocalSession(ruleset("wonderland"), SETUPS, 3, [0, 1], bot_delay=0.0)
    scene = app.push(WonderlandScene(app, session))
    play_until(app, session, lambda s: 1 in s.ruleset.seats_to_act(s.engine_state))
    session.bot_delay = 1000.0
    for _ in range(600):  # the last move's moments play out first
        if isinstance(app.top, CoverOverlay):
            break
        app.step(1 / 60, [])
    assert scene.viewer is None and not scene.hand_rects
    click(app, on_top(app, CoverOverlay).button.rect.center)
    assert app.top is scene and scene.viewer == 1 and scene.hand_rects


def test_right_click_zooms_a_card_and_any_click_closes_it(app: Any) -> None:
    session = LocalSession(ruleset("munchkin"), SETUPS, 2, [0], bot_delay=0.0)
    scene = app.push(MunchkinScene(app, session))
    app.step(1 / 60, [])
    _, rect = scene.hand_rects[0]
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=3, pos=rect.center)])
    assert app.top.name == "zoom"
    app.screenshot("zoom")
    app.step(1 / 60, [])
    click(app, (5, 5))
    assert app.top is scene
    shot = pygame.image.load(str(app.shots_taken[-1]))
    assert len({shot.get_at((x, 300))[:3] for x in range(400, 880, 10)}) > 5  # a card face, not a blank


def test_the_table_lays_itself_out_again_when_the_window_grows(app: Any) -> None:
    for scene_type, game in ((MunchkinScene, "munchkin"), (WonderlandScene, "wonderland")):
        session = LocalSession(ruleset(game), SETUPS, 4, [0], bot_delay=0.0)
        scene = app.push(scene_type(app, session))
        app.step(1 / 60, [])
        small = scene.card_w
        app.screen = pygame.display.set_mode((1920, 1080), pygame.RESIZABLE)
        app.resized((1920, 1080))
        app.step(1 / 60, [])
        assert scene.card_w > small
        screen = app.screen.get_rect()
        assert all(screen.contains(rect) or rect.bottom > screen.bottom for _, rect in scene.hand_rects)
        assert all(screen.contains(b.rect) for b in scene.bar_buttons)
        app.screen = pygame.display.set_mode((1280, 720), pygame.RESIZABLE)
        app.resized((1280, 720))
        app.pop()


def test_dragging_a_card_onto_the_table_plays_it(app: Any) -> None:
    session = LocalSession(ruleset("wonderland"), SETUPS, 11, [0], bot_delay=1000.0)
    scene = app.push(WonderlandScene(app, session))
    app.step(1 / 60, [])
    card, rect = next((c, r) for c, r in scene.hand_rects if len(scene.by_card.get(c, [])) == 1)
    action = scene.by_card[card][0]
    target = scene.table_rect.center
    app.step(
        1 / 60,
        [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=rect.center),
            pygame.event.Event(
                pygame.MOUSEMOTION, pos=(rect.centerx, rect.centery - 60), rel=(0, -60), buttons=(1, 0, 0)
            ),
        ],
    )
    assert scene.dragging == card
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=target)])
    assert session.actions[-1] == action.to_wire()


def test_local_bots_play_at_the_chosen_level_and_a_content_helper_does_not_hold_up_the_fighter() -> None:
    # Normal Wonderland helpers often want nothing while the fighter decides; the other bots must go on.
    # The hard bots' look-ahead was three quarters of this test's time: forty of their actions show they play on.
    for level, kind, enough in (("normal", "WonderlandNormal", 120), ("hard", "HardBot", 40)):
        session = LocalSession(ruleset("wonderland"), SETUPS, 11, [0], bot_delay=0.0, bot_level=level)
        assert {type(bot).__name__ for bot in session.bots.values()} == {kind}
        engine, me = session.ruleset, EasyBot(17)
        for _ in range(20_000):
            if len(session.actions) >= enough or engine.outcome(session.engine_state) is not None:
                break
            if 0 in engine.seats_to_act(session.engine_state):
                action = me.choose(engine, session.engine_state, 0)
                if action is not None:
                    session.act(0, action.to_wire())
            session.pump(1 / 60)
            if level == "hard" and session._thinking is not None:
                session._thinking[2].result()  # let the thinking thread finish instead of spinning frames
        session.close()
        assert len(session.actions) >= enough or engine.outcome(session.engine_state) is not None, level


def test_a_card_dropped_onto_a_monster_is_aimed_at_that_monster(app: Any) -> None:
    session = LocalSession(ruleset("munchkin"), SETUPS, 3, [0], bot_delay=0.0)
    scene = app.push(MunchkinScene(app, session))

    def enhancer_ready(_: LocalSession) -> bool:
        return any(isinstance(a, EnhanceMonster) for actions in scene.by_card.values() for a in actions)

    play_until(app, session, enhancer_ready, limit=3000)
    card = next(c for c, actions in scene.by_card.items() if isinstance(actions[0], EnhanceMonster))
    assert scene.record.combat is not None
    monsters = scene.record.combat.monsters
    for index, monster in enumerate(monsters):
        point = scene.table_card_point(monster.card)
        assert point is not None
        aimed = scene.drop_actions(card, point)
        assert aimed and all(isinstance(a, EnhanceMonster) and a.monster == index for a in aimed)


def test_an_epic_kicks_two_curses_lie_face_up_until_their_order_is_chosen(app: Any) -> None:
    session = LocalSession(ruleset("munchkin"), SETUPS[:3], 5, [0], ("core", "epic"), ["epic"], bot_delay=1000.0)
    state = session.engine_state
    first, second = next(
        (a, b)
        for a in state.door_deck
        for b in state.door_deck
        if state.card(a).kind == state.card(b).kind == "curse" and state.card(a) != state.card(b)
    )
    players = list(state.players)
    players[0] = replace(players[0], level=12)  # Epic: a kick turns over two Doors (E03)
    deck = (first, second, *(c for c in state.door_deck if c not in (first, second)))
    session.engine_state = replace(
        state, door_deck=deck, players=tuple(players), phase="start", active=0, turn=1, ready=(0, 1, 2)
    )
    session.act(0, {"type": "kick_open_the_door"})
    scene = app.push(MunchkinScene(app, session))
    app.step(1 / 60, [])
    assert scene.face_up_doors() == [first, second]
    assert {first, second} <= {card for card, _, _ in scene.table_cards}
    labels = [b.label for b in scene.bar_buttons if b.enabled]
    assert "Order the curses (2)…" in labels


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
def test_a_crowded_row_of_your_cards_stays_inside_your_panel(tmp_path: Any, size: tuple[int, int]) -> None:
    from doorkick.client.app import App
    from doorkick.client.settings import Settings
    from doorkick.shared.rules.munchkin.state import Carried, with_player

    app = App(Settings(), size=size, screenshot_dir=tmp_path / "shots")
    try:
        session = LocalSession(ruleset("munchkin"), SETUPS, 3, [0], bot_delay=1e9)
        state = session.engine_state
        by_kind: dict[str, list[str]] = {}
        for card, definition in state.catalog.defs.items():
            by_kind.setdefault(definition.kind, []).append(card)
        items = [c for c in by_kind["item"] if c not in {i for p in state.players for i in p.item_cards}][:4]
        crowded = dict(
            races=tuple(by_kind["race"][:2]),
            classes=tuple(by_kind["class"][:2]),
            curses=tuple(by_kind["curse"][:2]),
            items=tuple(Carried(c) for c in items),  # carried, not worn: they lie sideways
        )
        session.engine_state = with_player(state, 0, **crowded)
        session._refresh()  # the views, worked out afresh from the arranged table
        scene = app.push(MunchkinScene(app, session))
        app.screenshot("crowded_row")
        app.step(1 / 60, [])
        row = [(c, r) for c, r, _ in scene.table_cards if r.colliderect(scene.me_rect)]
        assert len(row) == 10
        assert all(scene.me_rect.contains(r) for _, r in row), [r for _, r in row]
        assert all(scene.table_card_at((r.left + 1, r.top + 1)) == c for c, r in row)  # an edge to point at
    finally:
        app.close()


def test_the_middle_of_the_table_says_in_words_what_the_table_waits_for(app: Any) -> None:
    session = LocalSession(ruleset("munchkin"), SETUPS, 3, [0], bot_delay=1e9)
    scene = app.push(MunchkinScene(app, session))
    app.step(1 / 60, [])
    assert scene.phase_text().startswith("Everyone sets up")
    for phase, active, said in (
        ("start", 0, "You are about to kick open the door"),
        ("start", 2, "Carol is about to kick open the door"),
        ("door", 1, "Bob may look for trouble (a monster from their hand) or loot the room"),
    ):
        session.engine_state = replace(session.engine_state, phase=phase, active=active)
        session._publish([])  # the arranged table, shown as if it had just happened
        app.step(1 / 60, [])
        assert scene.phase_text() == said
    app.screenshot("phase_words")
    app.step(1 / 60, [])


def test_an_opponents_items_can_be_read_with_a_right_click(app: Any) -> None:
    from doorkick.shared.rules.munchkin.state import Carried, with_player

    session = LocalSession(ruleset("munchkin"), SETUPS, 3, [0], bot_delay=1e9)
    state = session.engine_state
    taken = {i for p in state.players for i in p.item_cards}
    items = [c for c, d in state.catalog.defs.items() if d.kind == "item" and c not in taken][:5]
    worn = tuple(Carried(c, equipped=i % 2 == 0) for i, c in enumerate(items))  # some worn, some carried
    session.engine_state = with_player(state, 1, items=worn)
    session._publish([])
    scene = app.push(MunchkinScene(app, session))
    app.step(1 / 60, [])
    bob = scene.opponent_rects[1]
    shown = [(c, r) for c, r, _ in scene.table_cards if bob.contains(r)]
    assert [c for c, _ in shown] == items  # all five, overlapping where the panel is narrow
    card, rect = shown[2]
    assert scene.table_card_at((rect.left + 2, rect.top + 2)) == card
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=3, pos=(rect.left + 2, rect.top + 2))
    app.step(1 / 60, [down])
    assert isinstance(app.top, ZoomOverlay) and app.top.face == scene.cards.face(card)


def test_a_thief_clicks_an_opponents_item_and_is_offered_to_steal_it(app: Any) -> None:
    from doorkick.shared.rules.munchkin.state import Carried, with_player

    session = LocalSession(ruleset("munchkin"), SETUPS, 3, [0], bot_delay=1e9)
    state = replace(session.engine_state, phase="start", active=0)
    defs = state.catalog.defs
    thief = next(c for c, d in defs.items() if d.kind == "class" and "steal" in d.abilities)
    taken = {i for p in state.players for i in p.item_cards}
    item = next(c for c, d in defs.items() if d.kind == "item" and c not in taken)
    state = with_player(state, 0, classes=(thief,), hand=tuple(c for c in state.players[0].hand if c != thief))
    session.engine_state = with_player(state, 1, items=(Carried(item, equipped=True),))
    session._publish([])
    scene = app.push(MunchkinScene(app, session))
    app.step(1 / 60, [])
    rect = next(r for c, r, _ in scene.table_cards if c == item)
    click(app, rect.center)
    menu = app.top
    assert isinstance(menu, ChoiceOverlay)
    steals = [o for o in menu.options if o.key is not None and "steal" in str(o.key)]
    assert steals and len(steals) == len(menu.options)
    app.screenshot("steal_menu")
    app.step(1 / 60, [])
