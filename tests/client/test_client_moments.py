"""The big moments: each starts on its event, plays over frames (the scene animates meanwhile), ends by itself,
is skipped by a click and follows the animation-speed setting (off: nothing plays, only the sound)."""

from __future__ import annotations

from typing import Any

import msgspec
import pygame
import pytest
from layout_scenes import munchkin_session, wonderland_session, wonderland_won

from doorkick.client.anim.moments import CardPass, Death, DoorKick, LevelTick, Reveal
from doorkick.client.app import App
from doorkick.client.scenes.munchkin_table import MunchkinScene
from doorkick.client.scenes.results import ResultsScene
from doorkick.client.scenes.winner import WinnerScene
from doorkick.client.scenes.wonderland_board import WonderlandScene
from doorkick.client.settings import AnimationSpeed, Settings
from doorkick.shared.rules.munchkin import events as mev
from doorkick.shared.rules.wonderland import events as wev
from doorkick.shared.viewer import OutcomeWire


def _table(speed: AnimationSpeed = "normal") -> tuple[App, MunchkinScene]:
    app = App(Settings(animation_speed=speed), size=(1280, 720))
    scene = app.push(MunchkinScene(app, munchkin_session()))
    assert isinstance(scene, MunchkinScene)
    for _ in range(90):  # the table settles: nothing moves at rest
        app.step(1 / 60, [])
    assert not scene.animating()
    return app, scene


def _frames_until_still(app: App, scene: Any, limit: int = 600) -> int:
    for frame in range(limit):
        if not scene.animating():
            return frame
        app.step(1 / 60, [])
    raise AssertionError("the moment never ended")


def _door(scene: MunchkinScene, kind: str) -> str:
    return next(c for c, d in scene.cards.defs.items() if getattr(d, "kind", "") == kind and c not in scene.hand)


def _kick(scene: MunchkinScene, kind: str = "curse", seat: int = 0) -> str:
    card = _door(scene, kind)
    scene.on_event(mev.KickedDoor(seat=seat, card=card))
    return card


@pytest.mark.parametrize("kind", ["monster", "curse", "item"])
def test_a_kicked_door_flies_to_the_middle_flips_and_goes_where_it_belongs(kind: str) -> None:
    app, scene = _table()
    card = _kick(scene, kind)
    kick = scene.moments.playing[0]
    assert isinstance(kick, DoorKick) and kick.strike == (kind == "curse")
    assert scene.moments.holds(card) and scene.animating()
    assert "door" in app.sounds.played
    app.step(1 / 60, [])
    t = kick.t
    app.draw(app.screen)
    app.draw(app.screen)
    assert kick.t == t, "drawing changes nothing"
    frames = _frames_until_still(app, scene)
    assert 0.6 * 60 <= frames <= 2.0 * 60
    assert not scene.moments.active and not scene.moments.holds(card)


def test_a_click_skips_the_moment_and_does_nothing_else() -> None:
    app, scene = _table()
    _kick(scene)
    app.step(1 / 60, [])
    assert scene.moments.active
    point = scene.combat_rect.center
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=point, button=1)])
    assert not scene.moments.active and app.top is scene
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=point, button=1)])
    assert _frames_until_still(app, scene) < 5


def test_with_the_animations_off_a_moment_is_instant_but_still_heard() -> None:
    app, scene = _table("off")
    _kick(scene)
    scene.on_event(mev.Level(seat=1, level=4, change=1))
    assert not scene.moments.active and not scene.animating()
    assert {"door", "level"} <= set(app.sounds.played)


def test_fast_plays_the_same_moment_in_about_half_the_frames() -> None:
    counts = {}
    for speed in ("normal", "fast"):
        app, scene = _table(speed)
        scene.on_event(mev.Level(seat=0, level=5, change=1))
        counts[speed] = _frames_until_still(app, scene)
    assert counts["fast"] < counts["normal"] * 0.6


def test_the_menu_changes_the_animation_speed_and_keeps_it() -> None:
    from doorkick.client.scenes.overlays import DialogOverlay

    app, scene = _table()
    for expected in ("fast", "off", "normal", "fast"):
        app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")])
        menu = app.top
        assert isinstance(menu, DialogOverlay)
        button = next(b for b in menu.dialog.buttons if b.label.startswith("Animations"))
        for _ in range(30):  # past the click guard of a button that just appeared
            app.step(1 / 60, [])
        at = button.rect.center
        app.step(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0))])
        app.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1)])
        app.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1)])
        assert app.top is scene and app.settings.animation_speed == expected
    assert Settings.load().animation_speed == "fast"


def test_a_level_ticks_up_with_a_flourish_and_down_in_orange() -> None:
    app, scene = _table()
    scene.on_event(mev.Level(seat=2, level=6, change=1))
    scene.on_event(mev.Level(seat=0, level=3, change=-1))
    up, down = scene.moments.playing
    assert isinstance(up, LevelTick) and (up.old, up.new) == (5, 6)
    assert isinstance(down, LevelTick) and down.t < 0, "the second waits for the first"
    assert app.sounds.played[-1] == "level"
    _frames_until_still(app, scene)
    assert "lose" in app.sounds.played


def test_a_death_scatters_the_corpse_then_its_cards_fly_to_the_looters() -> None:
    app, scene = _table()
    dead = scene.record.players[2]
    corpse = [i.card for i in dead.items][:3]
    scene.on_event(mev.Died(seat=2, source="bad_stuff", corpse=corpse))
    scene.on_event(mev.Looting(dead=2, order=[3, 0]))
    for looter, card in zip((3, 0, 3), corpse, strict=True):
        scene.on_event(mev.LootedCorpse(seat=looter, card=card))
    death, *loot = scene.moments.playing
    assert isinstance(death, Death) and "death" in app.sounds.played
    assert all(isinstance(m, CardPass) for m in loot) and len(loot) == 3
    assert all(m.t <= -death.duration + 0.01 for m in loot), "the looters take their cards after the death"
    assert _frames_until_still(app, scene) < 5 * 60


def test_bad_stuff_and_gifts_send_cards_across_the_table() -> None:
    app, scene = _table()
    items = [i.card for i in scene.record.players[1].items][:2]
    scene.on_event(mev.Lost(seat=1, cards=items, source="bad_stuff"))
    scene.on_event(mev.Gave(seat=0, to=3, card=scene.hand[0]))
    scene.on_event(mev.Traded(seat=0, partner=2, give=[scene.hand[1]], take=[]))
    passes = scene.moments.playing
    assert len(passes) == 4 and all(isinstance(m, CardPass) for m in passes)
    assert isinstance(passes[0], CardPass) and passes[0].fade_out and "lose" in app.sounds.played
    assert _frames_until_still(app, scene) < 5 * 60


def test_the_end_shows_the_winner_then_the_results() -> None:
    app, scene = _table()
    scene.state = msgspec.structs.replace(scene.state, outcome=OutcomeWire([2], "reached_level_10"))
    for _ in range(120):
        app.step(1 / 60, [])
        if isinstance(app.top, WinnerScene):
            break
    app.step(1 / 60, [])
    winner = app.top
    assert isinstance(winner, WinnerScene) and winner.animating() and "win" in app.sounds.played
    assert winner.names() == scene.seat_name(2)
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(640, 360), button=1)])
    assert isinstance(app.top, ResultsScene)


def test_the_winners_screen_leads_on_by_itself_and_is_skipped_with_the_animations_off() -> None:
    app, scene = _table()
    scene.state = msgspec.structs.replace(scene.state, outcome=OutcomeWire([1], "reached_level_10"))
    for _ in range(12 * 60):
        app.step(1 / 60, [])
        if isinstance(app.top, ResultsScene):
            break
    assert isinstance(app.top, ResultsScene)
    app, scene = _table("off")
    scene.state = msgspec.structs.replace(scene.state, outcome=OutcomeWire([1], "reached_level_10"))
    for _ in range(120):
        app.step(1 / 60, [])
    assert isinstance(app.top, ResultsScene)


def test_wonderland_reveals_the_monsters_power_and_a_friend_joins() -> None:
    app = App(Settings(), size=(1280, 720))
    session = wonderland_session()
    scene = app.push(WonderlandScene(app, session))
    assert isinstance(scene, WonderlandScene)
    app.step(1 / 60, [])
    state = session.engine_state
    monster_cards = [c for c in state.monster_deck][:2] if hasattr(state, "monster_deck") else []
    friend = next(c for c in state.treasure_deck if state.catalog[c].kind == "friend")
    scene.on_event(
        wev.FightBegan(
            seat=0,
            room=2,
            monster="The Duchess",
            monster_cards=monster_cards,
            monster_die=None,
            monster_power=4,
            seed=1,
        )
    )
    scene.on_event(wev.FriendPlayed(seat=1, card=friend, discarded=None))
    kinds = [type(m) for m in scene.moments.playing]
    passed = scene.moments.playing[-2]
    assert kinds[-2:] == [CardPass, CardPass] and isinstance(passed, CardPass) and passed.glow is not None
    assert (Reveal in kinds) == bool(monster_cards)
    assert _frames_until_still(app, scene) < 6 * 60


def test_a_winners_screen_counts_the_gold_in_wonderland() -> None:
    app = App(Settings(), size=(1280, 720))
    session = wonderland_session()
    screen = app.push(WinnerScene(app, session, *wonderland_won(session, [1], [300, 900, 450, 0, 700])))
    assert isinstance(screen, WinnerScene)
    early = screen._line(0.9)
    screen.t = 3.0
    assert screen._line(3.0) == "with 900 Gold" != early
    assert len(screen.gold_rows()) == 5


def test_a_curse_flies_at_its_victim_once_and_a_won_fight_is_called_out() -> None:
    from doorkick.client.anim.moments import Callout
    from doorkick.client.ui import theme

    app, scene = _table()
    kicked = _kick(scene, "curse", seat=0)
    scene.on_event(mev.Cursed(seat=0, card=kicked))  # the kicked curse strikes in its Door's moment
    assert [type(m) for m in scene.moments.playing] == [DoorKick]
    played = next(c for c, d in scene.cards.defs.items() if getattr(d, "kind", "") == "curse" and c != kicked)
    scene.on_event(mev.Cursed(seat=3, card=played))
    scene.on_event(mev.Victory(fighter=0, helper=None, killed=1))
    curse, said = scene.moments.playing[1:]
    assert isinstance(curse, CardPass) and curse.glow == theme.PURPLE
    assert isinstance(said, Callout) and said.text == f"{scene.seat_name(0)} wins the fight!"
    assert _frames_until_still(app, scene) < 5 * 60
