"""`doorkick learn` and the start screen's "Learn to play": every lesson's scenario loads and makes each step's
action legal when its moment comes; the pupil plays the whole tutorial through real mouse clicks on the control
the coach points at, at the smallest and the largest window; a wrong action is refused with the step's hint;
Escape and Finish go back to the start screen."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pygame
import pytest

from doorkick.client.app import App
from doorkick.client.main import main
from doorkick.client.scenes.browser import BrowserScene
from doorkick.client.scenes.munchkin_table import MunchkinScene
from doorkick.client.scenes.overlays import ChoiceOverlay, DialogOverlay
from doorkick.client.settings import Settings
from doorkick.client.tutorial.lessons import LESSONS, Lesson
from doorkick.client.tutorial.pupil import Pupil
from doorkick.client.tutorial.table import Guided, ScriptedSeat, Tutorial, load_lesson
from doorkick.shared.rules.munchkin.actions import KickOpenTheDoor, Unequip
from doorkick.shared.rules.registry import ruleset

SHOTS = Path("/tmp/shots-learn")


class NoLan:
    """The LAN browser without the network."""

    error = ""

    def found(self) -> list[Any]:
        return []

    def close(self) -> None:
        pass


def click(app: App, pos: tuple[int, int]) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.step(1 / 20, [pygame.event.Event(kind, button=1, pos=pos)])


def key(app: App, code: int) -> None:
    app.step(1 / 20, [pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="")])


def step_until(app: App, want: Any, steps: int = 4000) -> None:
    for _ in range(steps):
        if want():
            return
        app.step(1 / 20, [])
    raise AssertionError("never happened")


def keep(app: App, folder: str) -> None:
    target = SHOTS / folder
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir(parents=True)
    for shot in app.shots_taken:
        shutil.copy(shot, target / shot.name)


def start_screen(app: App) -> BrowserScene:
    browser = BrowserScene(app, lambda *_: None, lambda: None, 47474, NoLan())
    app.push(browser)
    app.step(1 / 20, [])
    return browser


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.scenario.removesuffix(".toml") for lesson in LESSONS])
def test_each_lesson_loads_and_makes_each_step_legal_at_its_moment(lesson: Lesson) -> None:
    scenario = load_lesson(lesson, "Ann")
    rules = ruleset(scenario.game)
    state = scenario.state
    script = ScriptedSeat()
    for number, step in enumerate(lesson.steps, 1):
        for _ in range(20):  # the scripted seats answer (a pass, an offer of help) until it is the player's go
            moves = [(s, script.choose(rules, state, s)) for s in sorted(rules.seats_to_act(state)) if s != 0]
            move = next(((s, a) for s, a in moves if a is not None), None)
            if move is None:
                break
            state, _ = rules.apply(state, move[1])
        wanted = [a for a in rules.legal_actions(state, 0) if step.wants(a)]
        assert wanted, f"{lesson.title}, step {number}: {step.do.kind} is not legal when the step asks for it"
        state, _ = rules.apply(state, wanted[0])
    assert scenario.seats[0].name == "Ann", "the player's own name in seat 0"


@pytest.mark.slow
@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)], ids=["1024x640", "1920x1080"])
def test_the_pupil_plays_the_whole_tutorial_by_clicking_where_it_points(tmp_path: Path, size: tuple[int, int]) -> None:
    app = App(Settings(name="Ann"), size=size, screenshot_dir=tmp_path / "shots")
    try:
        browser = start_screen(app)
        pupils: list[Pupil] = []
        seen: list[tuple[int, int, pygame.Rect | None]] = []

        def attach(scene: Guided) -> None:
            scene.autoplayer = Pupil(app, scene)
            pupils.append(scene.autoplayer)

        def watch(app: App, surface: pygame.Surface) -> None:
            scene = tutorial.scene
            if scene is not None and app.top is scene:
                coach = scene.coach
                seen.append((coach.number, coach.at, coach.target(scene)))
                assert not coach.refused, f"lesson {coach.number}: the pupil was refused: {coach.refused}"
                assert not coach.cut, f"lesson {coach.number}, step {coach.at + 1}: the panel cut its text short"

        tutorial = Tutorial(app, 0.05, attach)
        app.frame_hooks.append(watch)
        tutorial.start(1)
        step_until(app, lambda: tutorial.scene is None, 6000)
        assert tutorial.finished, "the last lesson was played to its end"
        assert app.top is browser, "Finish comes back to the start screen"
        assert all(p.clicks >= len(lesson.steps) + 1 for p, lesson in zip(pupils, LESSONS, strict=True))
        screen = pygame.Rect((0, 0), size)
        for lesson_number, lesson in enumerate(LESSONS, 1):
            pointed = [t for n, at, t in seen if n == lesson_number and at < len(lesson.steps) and t is not None]
            assert pointed, f"lesson {lesson_number}: the coach pointed at something"
            assert all(screen.contains(t) or screen.colliderect(t) for t in pointed)
            reached = {at for n, at, _ in seen if n == lesson_number}
            assert reached >= set(range(len(lesson.steps) + 1)), f"lesson {lesson_number}: every step shown"
        tags = {p.name.split("_", 2)[-1].removesuffix(".png") for p in app.shots_taken}
        for lesson_number, lesson in enumerate(LESSONS, 1):
            for at in range(1, len(lesson.steps) + 1):
                assert f"lesson{lesson_number}_step{at}" in tags
            assert f"lesson{lesson_number}_done" in tags
        app.step(1 / 20, [])
        keep(app, f"{size[0]}x{size[1]}")
    finally:
        app.close()
        pygame.display.quit()


def test_learn_to_play_opens_lesson_one_and_escape_goes_back(app: App) -> None:
    browser = start_screen(app)
    app.screenshot("start_screen")
    app.step(1 / 20, [])
    keep(app, "start-screen")
    click(app, browser.learn_button.rect.center)
    scene = app.top
    assert isinstance(scene, Guided) and scene.coach.number == 1
    assert scene.session.game == "munchkin" and scene.session.seats == (0,), "one player, on this machine"
    step_until(app, lambda: scene.coach.target(scene) is not None)
    kick = scene.bar_button_for(KickOpenTheDoor)
    assert kick is not None and scene.coach.target(scene) == kick.rect
    key(app, pygame.K_ESCAPE)
    assert app.top is browser
    assert not any(isinstance(s, Guided) for s in app.stack)


def test_next_lesson_skips_ahead_on_a_table_of_its_own(app: App) -> None:
    start_screen(app)
    tutorial = Tutorial(app, 0.05)
    first = tutorial.start(1)
    app.step(1 / 20, [])
    click(app, first.coach.next_button.rect.center)
    second = app.top
    assert isinstance(second, Guided) and second.coach.number == 2 and second is not first
    assert first not in app.stack
    assert second.session.state(0)["view"]["players"][0]["items"][0]["card"] == "sharpened-baguette"


def test_a_wrong_action_is_refused_with_the_steps_hint_and_changes_nothing(app: App) -> None:
    start_screen(app)
    tutorial = Tutorial(app, 0.05)
    scene = tutorial.start(2)  # step 1: kick open the door, with a baguette worn
    for _ in range(5):
        app.step(1 / 20, [])
    before = scene.session.engine_state
    assert isinstance(scene, MunchkinScene)
    baguette = next(rect for card, rect, _ in scene.table_cards if card == "sharpened-baguette")
    click(app, baguette.center)  # its menu: take it off, give it away
    menu = app.top
    assert isinstance(menu, ChoiceOverlay)
    assert scene.coach.target(scene) is None and "Close this (Esc)" in scene.coach.note(scene), "not this menu"
    take_off = next(a for a in scene.by_card["sharpened-baguette"] if isinstance(a, Unequip))
    entry = menu.option_rect(take_off)
    assert entry is not None
    click(app, entry.center)
    assert scene.coach.refused == "Not yet: Kick open the door."
    assert scene.session.engine_state is before, "the table is as the lesson arranged it"
    assert scene.coach.at == 0
    app.screenshot("refused")
    app.step(1 / 20, [])
    keep(app, "refused")


@pytest.mark.slow
def test_doorkick_learn_plays_itself_from_the_command_line(tmp_path: Path) -> None:
    shots = tmp_path / "shots"
    code = main(["learn", "--lesson", "8", "--autoplay", "--screenshot-dir", str(shots), "--size", "1280x720"])
    assert code == 0
    taken = sorted(p.name for p in shots.glob("*.png"))
    assert any("lesson8_done" in name for name in taken), taken


def test_the_menus_leave_also_ends_the_tutorial(app: App) -> None:
    browser = start_screen(app)
    tutorial = Tutorial(app, 0.05)
    scene = tutorial.start(8)
    app.step(1 / 20, [])
    click(app, scene.menu_button.rect.center)
    menu = app.top
    assert isinstance(menu, DialogOverlay)
    leave = next(b for b in menu.dialog.buttons if b.label == "Leave")
    click(app, leave.rect.center)
    assert app.top is browser and tutorial.scene is None
    assert tutorial.hook not in app.frame_hooks, "nothing of the tutorial is left drawing"


def test_the_pupil_sits_down_as_the_player_chose_on_the_start_screen(app: App) -> None:
    # Seen last session: the tutorial's pupil was always male, whatever the player was at a real table.
    browser = start_screen(app)
    assert (app.settings.sex, browser.sex_button.label) == ("male", "Male")
    click(app, browser.sex_button.rect.center)
    assert (app.settings.sex, browser.sex_button.label) == ("female", "Female")
    app.screenshot("start_screen_female")
    app.step(1 / 20, [])
    click(app, browser.learn_button.rect.center)
    scene = app.top
    assert isinstance(scene, Guided)
    me = scene.session.state(0)["view"]["players"][0]
    assert me["sex"] == "female" and me["name"] == app.settings.name
    step_until(app, lambda: scene.coach.target(scene) is not None)
    app.screenshot("lesson1_female")
    app.step(1 / 20, [])
    keep(app, "female")
    for number in range(2, len(LESSONS) + 1):  # every Munchkin lesson deals the player as they are
        lesson = scene.tutorial.start(number)
        if lesson.session.game == "munchkin":
            assert lesson.session.state(0)["view"]["players"][0]["sex"] == "female", number


def test_a_lesson_that_names_the_pupils_sex_keeps_it_and_bob_keeps_his() -> None:
    first = load_lesson(LESSONS[0], "Ann", "female")
    assert [(s.name, s.sex) for s in first.seats] == [("Ann", "female"), ("Bob", "male")]
    assert load_lesson(LESSONS[0]).seats[0].sex == "male", "the file's own pupil, when nobody sits down"


def test_doorkick_learn_takes_the_players_sex_and_keeps_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    shots = tmp_path / "shots"
    args = ["learn", "--lesson", "1", "--sex", "female", "--autoplay", "--screenshot-dir", str(shots)]
    assert main([*args, "--size", "1280x720", "--time-limit", "120"]) == 0
    assert Settings.load().sex == "female", "saved for next time, as --name is"
