"""Clocks made for people (R01) at the game screen: passing at once for a seat with nothing to play, the warning
over an open menu before the clock passes, one time-up line per window, hot-seat handovers that say why, and
bots at a pace a person can follow."""

from __future__ import annotations

from typing import Any

import msgspec
import pygame
import pytest

from doorkick.client.clocks import in_reaction_window, nothing_to_play, window_key
from doorkick.client.scenes.help_form import AnswerForm
from doorkick.client.scenes.munchkin_table import MunchkinScene
from doorkick.client.scenes.overlays import CoverOverlay
from doorkick.client.scenes.table_clock import WARN_SECONDS
from doorkick.client.session import Happening, LocalSession
from doorkick.client.settings import Settings
from doorkick.shared.bots.easy import EasyBot
from doorkick.shared.rules.base import SeatSetup
from doorkick.shared.rules.registry import ruleset

SETUPS = tuple(SeatSetup(n) for n in ("Alice", "Bob", "Carol", "Dan"))
MUNCHKIN = ruleset("munchkin")


def click(app: Any, pos: tuple[int, int]) -> None:
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos)])
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos)])


def play_until(app: Any, session: LocalSession, want: Any, limit: int = 3000) -> None:
    """Bots play the other seats; an easy bot plays ours (straight into the session) until `want()` holds."""
    me = EasyBot(17)
    for _ in range(limit):
        if want():
            return
        if 0 in MUNCHKIN.seats_to_act(session.engine_state):
            action = me.choose(MUNCHKIN, session.engine_state, 0)
            if action is not None:
                session.act(0, action.to_wire())
        app.step(1 / 30, [])
    raise AssertionError("the situation never came up")


def reacting(scene: MunchkinScene) -> bool:
    """The viewer is waited for in a reaction window, its clock running, with cards in hand to click."""
    return in_reaction_window(scene.record) and scene.reaction_seconds() is not None and bool(scene.hand_rects)


def passes_of(session: LocalSession, seat: int) -> int:
    return sum(1 for a in session.actions if a == {"type": "pass", "seat": seat})


def test_R01_a_seat_with_nothing_to_play_is_passed_for_at_once(app: Any) -> None:
    session = LocalSession(MUNCHKIN, SETUPS, 5, [0])
    app.settings.auto_pass = False  # the player's setting off: the window waits for the player
    scene = app.push(MunchkinScene(app, session))
    play_until(app, session, lambda: nothing_to_play(session.records.get(0), session.legal(0), 0))
    session.bot_delay = 1e9  # the bots hold still
    before = passes_of(session, 0)
    for _ in range(5):
        app.step(1 / 30, [])
    assert passes_of(session, 0) == before and scene.reaction_seconds() is not None
    app.settings.auto_pass = True  # the default: nothing to play, no waiting
    app.step(1 / 30, [])
    assert passes_of(session, 0) == before + 1
    # Passed during this frame: until the state that shows it lands, nothing (the autoplayer, say) acts on the
    # legal list from before the pass.
    assert scene.awaiting > 0
    app.step(1 / 30, [])
    assert scene.awaiting == 0 and [a.to_wire() for a in scene.legal] == (session.state(0) or {}).get("legal")
    assert Settings().auto_pass


def test_R01_the_clock_warns_over_an_open_menu_before_it_passes(app: Any) -> None:
    session = LocalSession(MUNCHKIN, SETUPS, 5, [0], options={"reaction_time": "short"})
    app.settings.auto_pass = False
    scene = app.push(MunchkinScene(app, session))
    play_until(app, session, lambda: reacting(scene))
    session.bot_delay = 1e9
    assert session.timers[0][1] <= 2.66  # the rulebook's short window: less than the warning needs
    before = passes_of(session, 0)
    click(app, scene.hand_rects[0][1].center)  # a card's menu (or its zoom) opens over the table
    assert scene.clock.menu_open()
    app.step(1 / 30, [])
    assert session.timers[0][1] > WARN_SECONDS - 0.1  # topped up once, so the warning shows that long
    warned = 0.0
    while passes_of(session, 0) == before:
        assert scene.clock.menu_open(), "the menu stayed open until the clock passed"
        if scene.reaction_seconds() is not None and scene.reaction_seconds() <= WARN_SECONDS:
            warned += 1 / 30
        if warned <= 1.0 < warned + 1 / 30:
            app.screenshot("clock_warning_over_a_menu")
        app.step(1 / 30, [])
        assert warned < 10, "the clock never ran out"
    assert warned >= WARN_SECONDS - 0.1  # seconds of the game's own time the warning showed, not wall time
    for _ in range(60):  # the table goes on: still one line for that window
        app.step(1 / 30, [])
    lines = [text for text, _ in scene.log if text.startswith("Time is up")]
    assert lines == ["Time is up: you pass."]


def test_R01_the_warning_is_drawn_over_the_menu(app: Any) -> None:
    session = LocalSession(MUNCHKIN, SETUPS, 5, [0], options={"reaction_time": "short"})
    app.settings.auto_pass = False
    scene = app.push(MunchkinScene(app, session))
    play_until(app, session, lambda: reacting(scene))
    session.bot_delay = 1e9
    click(app, scene.hand_rects[0][1].center)
    app.step(1 / 30, [])
    width = app.screen.get_width()
    inside = app.screen.get_at((width // 2 - min(640, width - 40) // 2 + 6, 36))[:3]
    assert all(abs(a - b) < 30 for a, b in zip(inside, (120, 40, 10), strict=True)), inside


def test_R01_one_time_up_line_per_window_however_many_seats_run_out(app: Any) -> None:
    session = LocalSession(MUNCHKIN, SETUPS, 5, [0, 1, 2], bot_delay=1e9)
    scene = app.push(MunchkinScene(app, session))
    app.step(1 / 30, [])
    wait = window_key(session.records[0])
    for seat in (1, 2, 1):
        scene.on_happening(Happening("timer", seat, {"seat": seat, "kind": "out", "window": wait}))
    scene.on_happening(Happening("timer", 3, {"seat": 3, "kind": "out", "window": wait}))  # a bot's: not ours
    assert [t for t, _ in scene.log if t.startswith("Time is up")] == ["Time is up: Bob passes."]
    scene.on_happening(Happening("timer", 2, {"seat": 2, "kind": "out", "window": ("next", "window", 0)}))
    assert [t for t, _ in scene.log if t.startswith("Time is up")][-1] == "Time is up: Carol passes."


@pytest.mark.slow
def test_R01_hot_seat_hands_a_window_only_to_those_who_can_play_and_says_why(app: Any) -> None:
    session = LocalSession(MUNCHKIN, SETUPS, 4, [0, 1, 2])
    scene = app.push(MunchkinScene(app, session))
    me = EasyBot(5)
    reasons: list[str] = []
    wanted = {"cover_window": "you may play a card", "cover_help": "asks for your help"}
    for _ in range(6000):
        top = app.top
        if isinstance(top, CoverOverlay):
            reasons.append(top.reason)
            waiting = MUNCHKIN.seats_to_act(session.engine_state)
            if "you may play a card" in top.reason:
                seat = next(s for s in (0, 1, 2) if session.names[s] == top.player)
                assert seat in waiting and not nothing_to_play(session.records.get(seat), session.legal(seat), seat)
                # the local seats with nothing to play were passed for: nobody waits for them
                assert not any(
                    nothing_to_play(session.records.get(s), session.legal(s), s) for s in (0, 1, 2) if s in waiting
                )
            for tag, words in list(wanted.items()):
                if words in top.reason:
                    app.screenshot(tag)
                    del wanted[tag]
            app.step(1 / 30, [])
            click(app, top.button.rect.center)
            continue
        if not wanted:
            break
        viewer = scene.viewer
        if isinstance(top, AnswerForm) and viewer is not None:  # asked for help: answered on its form, as the bot would
            action = me.choose(MUNCHKIN, session.engine_state, viewer)
            answer = top.compose(action) if action is not None else None
            click(app, (answer or top.buttons[-1].rect).center)  # the bot's answer, else "Decline to help"
            continue
        if viewer is not None and top is scene and viewer in MUNCHKIN.seats_to_act(session.engine_state):
            action = me.choose(MUNCHKIN, session.engine_state, viewer)
            if action is not None:
                session.act(viewer, action.to_wire())
        app.step(1 / 30, [])
    assert not wanted, f"no handover for {sorted(wanted)}"
    assert all(reasons), reasons  # every handover says why


def test_R01_bots_act_at_a_pace_a_person_can_follow(app: Any) -> None:
    session = LocalSession(MUNCHKIN, SETUPS, 5, [], bot_delay=Settings().bot_seconds)  # only bots, as set
    assert Settings().bot_seconds == 1.0
    app.push(MunchkinScene(app, session))
    for _ in range(29):
        app.step(1 / 30, [])
    assert session.actions == []  # under a second of the game's time: nobody has moved yet
    for _ in range(31):
        app.step(1 / 30, [])
    assert len(session.actions) == 1
    assert LocalSession(MUNCHKIN, SETUPS, 5, []).bot_delay == 0.0  # tests and tools: instant


def test_R01_the_players_bot_pace_is_instant_for_demos_and_test_runs(app: Any) -> None:
    import argparse

    from doorkick.client import cli

    parser = argparse.ArgumentParser()
    cli.add_arguments(parser, "play")
    app.settings.bot_seconds = 1.5
    assert cli._bot_pace(app, parser.parse_args([])) == 1.5
    assert cli._bot_pace(app, parser.parse_args(["--autoplay"])) < 0.1
    assert cli._bot_pace(app, parser.parse_args(["--quit-after-turns", "3"])) < 0.1


def test_R01_auto_pass_is_switched_in_the_tables_menu(app: Any) -> None:
    session = LocalSession(MUNCHKIN, SETUPS, 5, [0], bot_delay=1e9)
    scene = app.push(MunchkinScene(app, session))
    app.step(1 / 30, [])
    click(app, scene.menu_button.rect.center)
    dialog = app.top
    app.screenshot("menu_auto_pass")
    app.step(1 / 30, [])
    toggle = next(b for b in dialog.dialog.buttons if b.label == "Auto-pass on")
    click(app, toggle.rect.center)
    assert app.top is scene and not app.settings.auto_pass


def test_R01_bots_answer_a_reaction_window_together_and_act_once_a_second_otherwise(app: Any) -> None:
    session = LocalSession(MUNCHKIN, SETUPS, 5, [], bot_delay=1.0)  # four bots, at the player's pace
    app.push(MunchkinScene(app, session))
    together = 0
    for _ in range(30 * 120):  # two minutes of the game's own time
        before = len(session.actions)
        app.step(1 / 30, [])
        new = session.actions[before:]
        assert sum(1 for a in new if a["type"] != "pass") <= 1  # a pace a person can follow
        together += sum(1 for a in new if a["type"] == "pass") >= 2
        if together:
            break
    assert together, "no reaction window for several bots came up"


def test_R01_the_fighter_sees_whom_the_table_waits_for_and_how_long(app: Any) -> None:
    # Seen over the LAN: Alice looked for trouble, her whole bar went grey and nothing said why for 8 s while
    # Bob's window counted down. Her line above the bar now says whom the table waits for, with their clock.
    session = LocalSession(MUNCHKIN, SETUPS, 5, [0], bot_delay=1e9)
    scene = app.push(MunchkinScene(app, session))
    app.step(1 / 30, [])
    assert scene.clock.countdown_text() == ""
    scene.state = msgspec.structs.replace(scene.state, to_act=[1, 2])  # as a reaction window the others hold up
    session.at_screen = {0}  # their clocks are the host's (a NetSession's timers): this session does not run them
    session.timers.update({1: ("pass", 6.0), 2: ("pass", 3.0), 3: ("pass", 9.0)})  # Dan's passed: not waited on
    frames = app.frame
    for _ in range(3):
        app.step(1 / 30, [])
    assert scene.clock.countdown_text() == "Waiting 6 s for Bob and Carol to play a card or pass"
    assert app.frame >= frames + 3  # it counts down on screen, not only on the next click
    app.screenshot("waiting_for_others_to_react")
    app.step(1 / 30, [])
    session.timers.update({1: ("pass", 0.0), 2: ("pass", 0.0)})
    app.step(1 / 30, [])
    assert scene.clock.countdown_text() == ""
