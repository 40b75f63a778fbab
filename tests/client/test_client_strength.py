"""Issue 11.8: your own panel says what you are; the combat strengths open into their parts on hover."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame
import pytest

from doorkick.client.scenes import own_area, strength_breakdown
from doorkick.client.scenes.munchkin_table import MunchkinScene
from doorkick.client.session import LocalSession
from doorkick.client.ui import text as ui_text
from doorkick.shared.bots.easy import EasyBot
from doorkick.shared.rules.base import SeatSetup
from doorkick.shared.rules.munchkin.state import Carried, Combat, CombatMonster, PlayedOneShot
from doorkick.shared.rules.registry import ruleset

SETUPS = (SeatSetup("Alice", "female"), SeatSetup("Bob", "male"), SeatSetup("Carol", "female"), SeatSetup("Dan"))
IN_PLAY = {  # the cards the arranged fight puts on the table, lifted from wherever the deal left them
    "elf-1", "warrior-1", "tinfoil-tiara", "boiler-plate-hauberk", "henchman-named-gary", "curse-pebble-in-boot",
    "wizard-1", "sequined-battle-gown", "mime-of-menace", "enhancer-triple-espresso", "jar-of-angry-bees#1",
    "rage-sandwich#1",
}  # fmt: skip


def helped_fight(app: Any) -> tuple[MunchkinScene, LocalSession]:
    """Alice (Elf Warrior, two items, a Hireling, a curse, gone berserk) fights the Mime of Menace (enhanced,
    +2 against Wizards) with Bob (a Wizard) helping; Carol played a one-shot for them, Dan one for the monster."""
    session = LocalSession(ruleset("munchkin"), SETUPS, 11, [0], bot_delay=1000.0)
    s = session.engine_state

    def lift(cards: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(c for c in cards if c not in IN_PLAY)

    players = [replace(p, hand=lift(p.hand)) for p in s.players]
    players[0] = replace(
        players[0],
        level=4,
        races=("elf-1",),
        classes=("warrior-1",),
        items=(Carried("tinfoil-tiara", True), Carried("boiler-plate-hauberk", True)),
        hireling="henchman-named-gary",
        curses=("curse-pebble-in-boot",),
    )
    players[1] = replace(players[1], level=3, classes=("wizard-1",), items=(Carried("sequined-battle-gown", True),))
    combat = Combat(
        fighter=0,
        helper=1,
        monsters=(CombatMonster("mime-of-menace", "mime-of-menace", ("enhancer-triple-espresso",)),),
        one_shots=(
            PlayedOneShot("jar-of-angry-bees#1", 2, "fighters"),
            PlayedOneShot("rage-sandwich#1", 3, "monsters"),
        ),
        bonuses=((0, 2, "berserk"),),
        used=((0, "berserk"),),
    )
    session.engine_state = replace(
        s,
        players=tuple(players),
        door_deck=lift(s.door_deck),
        treasure_deck=lift(s.treasure_deck),
        door_discard=lift(s.door_discard),
        treasure_discard=lift(s.treasure_discard),
        phase="combat",
        active=0,
        turn=5,
        ready=(0, 1, 2, 3),
        combat=combat,
    )
    session._publish([])
    scene = app.push(MunchkinScene(app, session))
    app.step(1 / 60, [])
    return scene, session


def hover(app: Any, pos: tuple[int, int]) -> None:
    pygame.mouse.set_pos(pos)
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])


def test_your_own_panel_shows_your_race_class_and_sex(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    helped_fight(app)
    drawn: list[str] = []
    real = ui_text.render_block

    def render_block(text: str, *a: Any, **k: Any) -> pygame.Surface:
        drawn.append(text)
        return real(text, *a, **k)

    monkeypatch.setattr(own_area, "render_block", render_block)  # your panel is drawn there
    app.step(1 / 60, [])
    assert "Elf · Warrior · female" in drawn
    app.screenshot("own_panel")
    app.step(1 / 60, [])


def test_hovering_a_strength_opens_its_parts_for_both_sides(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    scene, _ = helped_fight(app)
    combat = scene.record.combat
    assert combat is not None
    assert combat.fighters_strength == 4 + 2 + 4 + 1 - 2 + 2 + 3 + 3 + 3
    assert combat.monsters_strength == 5 + 5 + 2 + 4
    shown: list[tuple[str, int, list[strength_breakdown.Row]]] = []
    real = strength_breakdown.draw_breakdown

    def draw_breakdown(
        surface: pygame.Surface,
        title: str,
        total: int,
        rows: list[strength_breakdown.Row],
        near: pygame.Rect,
        colour: Any,
    ) -> pygame.Rect:
        shown.append((title, total, rows))
        return real(surface, title, total, rows, near, colour)

    monkeypatch.setattr(strength_breakdown, "draw_breakdown", draw_breakdown)
    score = scene.score_rect
    hover(app, (score.x + 30, score.centery))
    assert scene.hover_hint() == (("strength", "fighters"), "")  # no other tooltip over it
    title, total, rows = shown[-1]
    assert title == "The munchkins' strength"
    assert total == combat.fighters_strength == sum(r.amount or 0 for r in rows)
    assert [(r.text, r.amount) for r in rows] == [
        ("Alice (fighting)", None),
        ("Level", 4),
        ("Tinfoil Tiara", 2),
        ("Boiler-Plate Hauberk", 4),
        ("Hireling: A Henchman Named Gary", 1),
        ("Curse! Pebble in Your Boot", -2),
        ("Berserk (Warrior)", 2),
        ("Bob (helping)", None),
        ("Level", 3),
        ("Sequined Battle Gown", 3),
        ("One-shots", None),
        ("Jar of Angry Bees (from Carol)", 3),
    ]
    app.screenshot("strength_fighters")
    app.step(1 / 60, [])

    hover(app, (score.right - 30, score.centery))
    title, total, rows = shown[-1]
    assert title == "The monsters' strength"
    assert total == combat.monsters_strength == sum(r.amount or 0 for r in rows)
    assert [(r.text, r.amount) for r in rows] == [
        ("Mime of Menace", None),
        ("Level", 5),
        ("Triple Espresso", 5),
        ("Against Wizards", 2),  # Bob, the helper, is a Wizard
        ("One-shots", None),
        ("Rage Sandwich (from Dan)", 4),
    ]
    app.screenshot("strength_monsters")
    app.step(1 / 60, [])

    count = len(shown)
    hover(app, (score.x - 40, score.y - 20))  # off the score: the breakdown closes
    assert len(shown) == count and scene.hover_hint()[0] != ("strength", "fighters")


@pytest.mark.slow
@pytest.mark.parametrize("packs", [("core",), ("core", "epic", "fairy-dust", "christmas")])
def test_every_fight_of_a_whole_game_breaks_down_into_words_that_add_up(app: Any, packs: tuple[str, ...]) -> None:
    options = {"epic": True} if "epic" in packs else None
    session = LocalSession(ruleset("munchkin"), SETUPS, 8, [0], packs, options, bot_delay=0.0)
    scene = app.push(MunchkinScene(app, session))
    me, fights = EasyBot(3), 0
    for _ in range(4000):
        if session.ruleset.outcome(session.engine_state) is not None or scene.results_shown:
            break
        if 0 in session.ruleset.seats_to_act(session.engine_state):
            action = me.choose(session.ruleset, session.engine_state, 0)
            if action is not None:
                session.act(0, action.to_wire())
        app.step(1 / 60, [])
        combat = scene.record.combat
        if combat is None:
            continue
        fights += 1
        for rows, total in (
            (strength_breakdown.fighter_rows(combat, scene.cards.name, scene.seat_name), combat.fighters_strength),
            (strength_breakdown.monster_rows(combat, scene.cards.name, scene.seat_name), combat.monsters_strength),
        ):
            assert sum(r.amount or 0 for r in rows) == total
            for row in rows:
                assert "_" not in row.text and "#" not in row.text and "None" not in row.text, row
    assert fights > 20
