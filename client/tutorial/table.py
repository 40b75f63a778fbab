"""A lesson's table: the scenario's engine in this process (no host, no network), the other seats played by a
script, and the real table screen with the coach over it.

The screens are the game's own (`MunchkinScene`, `WonderlandScene`) with three hooks: every action the player
chooses passes the coach first (`choose`, the one path all input takes), Escape leaves the tutorial, and the
coach's panel is drawn down the sidebar, its pointer over each finished frame, above any menu or form open.
"""

from __future__ import annotations

import json
import tomllib
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from ...shared.rules.base import Action, Ruleset
from ...shared.rules.munchkin import actions as munchkin
from ...shared.rules.registry import ruleset
from ...shared.rules.scenario import Scenario, load_scenario, parse_scenario
from ...shared.rules.wonderland import actions as wonderland
from ..scenes.base import Box
from ..scenes.munchkin_table import MunchkinScene
from ..scenes.table_base import GameScene
from ..scenes.wonderland_board import WonderlandScene
from ..session import LocalSession
from .coach import Coach
from .lessons import LESSONS, Lesson

if TYPE_CHECKING:
    from ..app import App

# What the other seats do, best first: help when asked, let everything else pass. They never start anything,
# so the table stays as the lesson arranged it (a forced choice takes its first option).
SCRIPT: tuple[type[Action], ...] = (
    munchkin.Volunteer,
    wonderland.AcceptHelp,
    munchkin.Pass,
    munchkin.LetCurseStrike,
    munchkin.DeclineTrade,
    munchkin.AcceptBadStuff,
    munchkin.ChooseLoss,
    munchkin.TakeSpoil,
    wonderland.PickTreasure,
    wonderland.Discard,
    munchkin.LootCorpse,
)


def scenario_path(lesson: Lesson) -> Path:
    return Path(str(resources.files("doorkick.assets") / "tutorial" / lesson.scenario))


def load_lesson(lesson: Lesson, player: str = "", sex: str = "") -> Scenario:
    """The lesson's table, with `player`'s own name in seat 0 (the file's names elsewhere) and, in Munchkin,
    the player's own sex (M07), as a real seat brings them; a lesson whose file names the pupil's sex keeps it
    (it teaches something that needs it)."""
    path = scenario_path(lesson)
    scenario = load_scenario(path)
    text = scenario.text
    pupil = (tomllib.loads(text).get("seats") or [{}])[0]
    if sex and scenario.game == "munchkin" and "sex" not in pupil:
        text = text.replace("[[seats]]\n", f"[[seats]]\nsex = {json.dumps(sex)}\n", 1)
    if not player and text == scenario.text:
        return scenario
    names = (player or scenario.seats[0].name, *(s.name for s in scenario.seats[1:]))
    return parse_scenario(text, str(path), path.parent, names)


class ScriptedSeat:
    """A seat that plays the lesson's script (`SCRIPT`): the same answer every time, whatever the table."""

    def choose(self, rules: Ruleset[Any], state: Any, seat: int) -> Action | None:
        legal = list(rules.legal_actions(state, seat))
        for kind in SCRIPT:
            found = next((a for a in legal if isinstance(a, kind)), None)
            if found is not None:
                return found
        return None


class LessonSession(LocalSession):
    """The scenario's game in this process, seat 0 the player's, the others scripted. A script never starts
    anything, so once the lesson is done the table rests where it is: on Bob's turn, nobody kicks a door."""

    def __init__(self, scenario: Scenario, bot_delay: float) -> None:
        super().__init__(
            ruleset(scenario.game),
            scenario.seats,
            1,
            (0,),
            scenario.packs,
            None,
            bot_delay=bot_delay,
            state=scenario.state,
        )
        self.bots = {seat: ScriptedSeat() for seat in self.bots}

    def others_busy(self) -> bool:
        """Whether a scripted seat still has something to play (a pass, an offer of help)."""
        state = self.engine_state
        return any(
            seat in self.bots and self.bots[seat].choose(self.ruleset, state, seat) is not None
            for seat in self.ruleset.seats_to_act(state)
        )


class Guided(GameScene):
    """The hooks a lesson's table adds to the game's screen (mixed in before it)."""

    coach: Coach
    tutorial: Tutorial

    def choose(self, action: Action, confirmed: bool = False) -> None:
        if self.coach.refusal(action):  # gently: the step's hint, and the table unchanged
            self.coach.refuse(action)
            self.toast(self.coach.refused, 4)
            return
        super().choose(action, confirmed)

    def handle(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.tutorial.leave()
            return None
        if self.coach.handle(event) is None:
            return None
        return super().handle(event)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        self.coach.layout(self)

    def layout_boxes(self) -> list[Box]:
        """The coach's panel lies over the log and the chat on purpose (a float of the sidebar)."""
        panel = "sidebar/float:coach"
        buttons = (self.coach.next_button, self.coach.leave_button)
        boxes = [(f"{panel}/button:{b.label}", b.rect.copy()) for b in buttons]
        return [*super().layout_boxes(), (panel, self.coach.rect.copy()), *boxes]

    def update(self, dt: float) -> None:
        # The actions first, the table's news of them after: a step's screenshot waits for what they set moving.
        self.coach.update(dt, self.session.game, self.session.actions, 0)
        super().update(dt)
        tutorial, step = self.tutorial, f"lesson{self.coach.number}_step{self.coach.at + 1}"
        if self.coach.at != tutorial.shot_at and self.resting():  # a screenshot of each step, once it shows
            tutorial.shot_at = self.coach.at
            self.want_shot(f"lesson{self.coach.number}_done" if self.coach.done else step, 0.6)
        top, target = self.app.top, self.coach.target(self)
        shown = (top, tuple(target or ()))
        if top is not self and top is not None and target is not None and shown not in tutorial.shot_menus:
            tutorial.shot_menus.append(shown)  # and of each control of a menu or a form the step goes through
            self.want_shot(f"{step}_{top.name}{len(tutorial.shot_menus)}", 0.4)

    def resting(self) -> bool:
        """Nothing on its way: no scripted seat about to answer, no moment, card, die or standie still moving."""
        if isinstance(self.session, LessonSession) and self.session.others_busy():
            return False
        rolling = self.throw is not None and not self.throw.done
        hopping = bool(getattr(self, "hops", None) or getattr(self, "waiting", None))  # Wonderland's standies
        return not (rolling or hopping or self.moments.active or len(self.flights))

    def animating(self) -> bool:
        return True  # the pointer bounces

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.coach.draw(surface, self)  # under any menu or form; `draw_guide` brings it back up beside one

    def draw_guide(self, app: App, surface: pygame.Surface) -> None:
        """Over the finished frame (a frame hook): the pointer on the control, on whatever is on top."""
        if app.frame == self.tutorial.drawn_frame or self not in app.visible_scenes():
            return
        self.tutorial.drawn_frame = app.frame
        top = app.top
        beside = top is not None and not any(r.colliderect(self.coach.rect) for _, r in top.layout_boxes())
        if top is not self and beside:
            # A menu or form opens over the table beside the panel (`App.modal_area`): the step's words stay
            # as bright as the form, not dimmed under its shade; a tooltip stays on top.
            self.coach.draw(surface, self)
            app.tooltips.draw(surface)
        target = self.coach.target(self)
        if target is not None:
            self.coach.draw_pointer(surface, target, from_left=app.top is not self)

    def shutdown(self) -> None:
        super().shutdown()
        if self.tutorial.scene is self:  # left some other way (the Menu's Leave): the tutorial is over
            self.tutorial.leave()


class GuidedMunchkin(Guided, MunchkinScene):
    name = "lesson"


class GuidedWonderland(Guided, WonderlandScene):
    name = "lesson"


class Tutorial:
    """The lessons one after another, each on a table of its own; leaving (or the last Finish) goes back to
    the screen the tutorial was opened from."""

    def __init__(self, app: App, bot_delay: float = 0.8, on_scene: Any = None) -> None:
        self.app, self.bot_delay, self.on_scene = app, bot_delay, on_scene
        self.number = 0
        self.scene: Guided | None = None
        self.drawn_frame = -1
        self.shot_at = -1
        self.shot_menus: list[tuple[Any, tuple[int, ...]]] = []  # the menus' and forms' controls shot already
        self.finished = False  # the last lesson played to its end

    def hook(self, app: App, surface: pygame.Surface) -> None:
        if self.scene is not None:
            self.scene.draw_guide(app, surface)

    def start(self, number: int = 1) -> Guided:
        """Open lesson `number` (counted from 1) in place of the lesson on screen, or over the current screen."""
        lesson = LESSONS[number - 1]
        settings = self.app.settings
        session = LessonSession(load_lesson(lesson, settings.name, settings.sex), self.bot_delay)
        kind = GuidedWonderland if session.game == "wonderland" else GuidedMunchkin
        scene = kind(self.app, session)
        scene.tutorial = self
        scene.coach = Coach(lesson, number, len(LESSONS), self.next_lesson, self.leave)
        self.number, self.shot_at = number, -1
        previous, self.scene = self.scene, scene
        if previous is not None and previous in self.app.stack:
            while self.app.top is not previous:
                self.app.pop()  # a menu still open on the last lesson's table goes with it
            self.app.replace(scene)
        else:
            self.app.push(scene)
        if self.hook not in self.app.frame_hooks:
            self.app.frame_hooks.append(self.hook)
        if self.on_scene is not None:
            self.on_scene(scene)
        return scene

    def next_lesson(self) -> None:
        if self.number >= len(LESSONS):
            self.app.notice("Tutorial finished: host a game or join one to play for real.", 6)
            self.leave()
        else:
            self.start(self.number + 1)

    def leave(self) -> None:
        """Back to whatever was under the tutorial (the start screen); the window closes if nothing was."""
        scene, self.scene = self.scene, None
        if self.hook in self.app.frame_hooks:
            self.app.frame_hooks.remove(self.hook)
        if scene is None or scene not in self.app.stack:
            return
        while self.app.top is not None and self.app.top is not scene:
            self.app.pop()  # a menu or form still open on the lesson's table goes with it
        self.app.remove(scene)
        self.finished = self.finished or (self.number == len(LESSONS) and scene.coach.done)


def start(app: App, bot_delay: float | None = None, on_scene: Any = None) -> Tutorial:
    """Open the tutorial's first lesson over the current screen (the browser's "Learn to play")."""
    delay = app.settings.bot_seconds if bot_delay is None else bot_delay
    tutorial = Tutorial(app, min(delay, 0.8), on_scene)
    tutorial.start(1)
    return tutorial
