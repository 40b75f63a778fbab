"""The main loop: events to the scene stack, update(dt), then a draw of the visible scenes when one is due.

A frame is drawn only when something changed (input, a message from the host, a timer, a scene saying so
with `changed()`) or moves (a scene's `animating()`); otherwise the loop sleeps on the event queue, so an
idle window costs next to nothing. The network thread wakes the loop with a `WAKE` event.
"""

from __future__ import annotations

import contextlib
import os
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import pygame

from .audio import Sounds
from .scenes.base import Scene
from .settings import MIN_WINDOW, Settings
from .ui import theme
from .ui.text import render_line
from .ui.widgets import Tooltips, panel

FrameHook = Callable[["App", pygame.Surface], None]
SceneT = TypeVar("SceneT", bound=Scene)  # push and replace hand back the very scene given, with its class
# How long an idle loop sleeps on the event queue: timers (a bot's pace, a toast, a clock) keep this precision.
IDLE_WAIT_MS = 100
WAKE = pygame.event.custom_type()  # posted by other threads: something arrived, run a step now
MANUAL_SHOT = "manual"  # the tag of a screenshot the player took with F12


class App:
    """Owns the window, the scene stack, sounds and settings. Scenes reach everything through it."""

    def __init__(
        self,
        settings: Settings | None = None,
        size: tuple[int, int] | None = None,
        screenshot_dir: Path | None = None,
    ) -> None:
        self.settings = settings or Settings.load()
        # Everything is drawn in software; a GL-backed window surface would only add a texture upload per
        # frame and load the GL driver (over 100 MB resident with Mesa). A player may still set it.
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
        pygame.init()
        pygame.display.set_caption("DoorKick")
        w, h = size or (self.settings.window_w, self.settings.window_h)
        self.screen = _window((max(MIN_WINDOW[0], w), max(MIN_WINDOW[1], h)), pygame.RESIZABLE)
        self.fullscreen = False
        pygame.key.set_repeat(400, 40)
        self.clock = pygame.time.Clock()
        self.stack: list[Scene] = []
        self.sounds = Sounds(self.settings)
        self.tooltips = Tooltips()
        self.pointer_in = True  # the pointer is over this window: a tooltip follows it only then
        self.running = True
        self.frame = 0  # frames drawn
        self.steps = 0  # loop steps, drawn or not
        self.elapsed = 0.0
        self.dirty = True  # something changed since the last frame: draw one
        self.was_animating = False  # one more frame after the motion stops shows where it came to rest
        self.notices: list[list[Any]] = []  # [text, seconds left]: the window's own notes (where a screenshot went)
        self.frame_hooks: list[FrameHook] = []  # run after every step
        self.gave_up = False  # quit by `give_up_after`
        self.on_close: list[Callable[[], None]] = []  # run once when the window closes (stop a host...)
        self.screenshot_dir = screenshot_dir
        self._shots_wanted: list[str] = []
        self.shots_taken: list[Path] = []
        self.headless = os.environ.get("SDL_VIDEODRIVER") == "dummy"
        if self.settings.fullscreen and size is None and not self.headless:
            self.toggle_fullscreen()

    # -- the scene stack ---------------------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: SceneT) -> SceneT:
        if self.stack:
            self.stack[-1].pause()
        self.stack.append(scene)
        scene.layout(self.screen.get_size())
        self.dirty = True
        return scene

    def pop(self) -> Scene | None:
        if not self.stack:
            return None
        scene = self.stack.pop()
        scene.shutdown()
        self.dirty = True
        if self.stack:
            self.stack[-1].layout(self.screen.get_size())
            self.stack[-1].resume()
        else:
            self.running = False
        return scene

    def replace(self, scene: SceneT) -> SceneT:
        """Swap the top scene (a screen change rather than an overlay)."""
        if self.stack:
            self.stack.pop().shutdown()
        return self.push(scene)

    def remove(self, scene: Scene) -> None:
        if scene is self.top:
            self.pop()
        elif scene in self.stack:
            self.stack.remove(scene)
            scene.shutdown()
            self.dirty = True

    def find(self, kind: type[Scene]) -> Scene | None:
        return next((s for s in reversed(self.stack) if isinstance(s, kind)), None)

    def modal_area(self, least: tuple[int, int]) -> pygame.Rect:
        """Where a menu or form at least `least` in size is centred: over the table of the scene below it (its
        `modal_area`), so the sidebar beside it (the log, a lesson's coach) stays in sight, when it fits
        there with a margin of 20; else over the whole window."""
        window = self.screen.get_rect()
        for scene in reversed(self.stack):
            area = scene.modal_area()
            if area is not None:
                fits = least[0] <= area.w - 40 and least[1] <= area.h - 40
                return area.clip(window) if fits else window
        return window

    # -- one frame ---------------------------------------------------------------------------------
    def changed(self) -> None:
        """Something on screen is no longer what the last frame showed: draw the next one."""
        self.dirty = True

    def wake(self) -> None:
        """Safe from any thread: run a step soon (a message arrived for a scene to read)."""
        with contextlib.suppress(pygame.error):  # the window may be closing
            pygame.event.post(pygame.event.Event(WAKE))

    def handle(self, event: pygame.event.Event) -> None:
        self.dirty = True  # input, a resize or a wake-up: whatever it changes shows in the next frame
        if event.type == WAKE:
            return
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type in (pygame.WINDOWLEAVE, pygame.WINDOWENTER, pygame.MOUSEMOTION):
            # With the pointer gone to another window, a tooltip would stay over whatever changed beneath it.
            self.pointer_in = event.type != pygame.WINDOWLEAVE
        if event.type == pygame.WINDOWSIZECHANGED:
            self.resized(_display().get_size())
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F12:
            self.screenshot(MANUAL_SHOT)
            return
        if event.type == pygame.KEYDOWN and (
            event.key == pygame.K_F11 or (event.key == pygame.K_RETURN and event.mod & pygame.KMOD_ALT)
        ):
            self.toggle_fullscreen()
            return
        # Top-most scene first; an event stops at the first scene that uses it.
        current: pygame.event.Event | None = event
        for scene in reversed(list(self.stack)):
            if current is None:
                break
            current = scene.handle(current)
            if not scene.opaque and current is not None and _is_input(current):
                # An overlay that did not use a click or key still keeps it from the scene below.
                current = None

    def resized(self, size: tuple[int, int]) -> None:
        self.screen = _display()
        if not self.fullscreen:  # the window's own size is what next time opens with
            self.settings.window_w, self.settings.window_h = size
        for scene in self.stack:
            scene.layout(size)

    def toggle_fullscreen(self) -> None:
        """F11 or Alt+Enter: the whole screen (at the desktop's resolution) and back to the window as it was."""
        self.fullscreen = not self.fullscreen
        self.settings.fullscreen = self.fullscreen
        if self.fullscreen:
            _window((0, 0), pygame.FULLSCREEN)
        else:
            _window((self.settings.window_w, self.settings.window_h), pygame.RESIZABLE)
        self.resized(_display().get_size())

    def update(self, dt: float) -> None:
        self.elapsed += dt
        for scene in list(self.stack):
            scene.update(dt)
        top = self.top
        owner, text = top.hover_hint() if top is not None and self.pointer_in else (None, "")
        shown = self.tooltips.text
        self.tooltips.update(dt, owner, text)
        if self.tooltips.text != shown:
            self.dirty = True
        for notice in self.notices:
            notice[1] -= dt
        if any(left <= 0 for _, left in self.notices):
            self.notices = [n for n in self.notices if n[1] > 0]
            self.dirty = True

    def notice(self, text: str, seconds: float = 5.0) -> None:
        """A note from the window itself, shown at the bottom over any scene for a few seconds."""
        self.notices.append([text, seconds])
        self.dirty = True

    def visible_scenes(self) -> list[Scene]:
        """The top-most opaque scene and the overlays above it: what a frame shows."""
        start = 0
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i].opaque:
                start = i
                break
        return self.stack[start:]

    def frame_due(self) -> bool:
        """Draw now? When something changed or moves, and once more after it stopped moving."""
        animating = any(scene.animating() for scene in self.visible_scenes())
        due = self.dirty or animating or self.was_animating or bool(self._shots_wanted)
        self.was_animating = animating
        return due

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        for scene in self.visible_scenes():
            scene.draw(surface)
        self.tooltips.draw(surface)
        self._draw_notices(surface)

    def _draw_notices(self, surface: pygame.Surface) -> None:
        y = surface.get_height() - 12
        for text, _ in reversed(self.notices[-3:]):
            img = render_line(text, surface.get_width() - 80, 17, theme.TEXT)
            rect = img.get_rect(midbottom=(surface.get_width() // 2, y)).inflate(20, 12)
            panel(surface, rect, (20, 22, 28), theme.SKY, radius=6, alpha=235)
            surface.blit(img, img.get_rect(center=rect.center))
            y = rect.y - 6

    def step(self, dt: float, events: list[pygame.event.Event] | None = None) -> bool:
        """One step: input, update(dt), then a frame if one is due, and the hooks. True when it drew.
        Tests call this directly with their own events."""
        for event in pygame.event.get() if events is None else events:
            self.handle(event)
        self.update(dt)
        self.steps += 1
        if not self.running:
            return False
        drew = self.frame_due()
        if drew:
            self.dirty = False
            self.draw(self.screen)
            self.frame += 1
        for hook in list(self.frame_hooks):
            hook(self, self.screen)
        if drew:
            self._take_wanted_shots()
            pygame.display.flip()
        return drew

    def run(self, max_frames: int | None = None) -> None:
        """Loop until the stack empties or `quit()` (or after `max_frames` steps); update gets the real elapsed
        time. While frames are due the loop is capped at the settings' fps; when idle it sleeps on the event
        queue until an event, a wake-up from the network, or the next timer tick."""
        last = time.perf_counter()
        events: list[pygame.event.Event] | None = None
        while self.running and self.stack and (max_frames is None or self.steps < max_frames):
            now = time.perf_counter()
            dt = min(0.1, now - last)  # a stall (window drag, debugger) must not fling the dice
            last = now
            drew = self.step(dt, events)
            if drew or self.dirty:
                # Capped even headless: the sleep leaves the GIL to the network and host threads.
                self.clock.tick(self.settings.fps)
                events = None
            else:
                events = _wait_for_events(IDLE_WAIT_MS)
        self.close()

    def quit(self) -> None:
        self.running = False

    def give_up_after(self, seconds: float | None) -> None:
        """`--time-limit`: quit once `seconds` have passed since now (None: never), and say so in `gave_up`."""
        if seconds is None:
            return
        deadline = time.monotonic() + seconds

        def watchdog(app: App, _surface: object) -> None:
            if time.monotonic() > deadline:
                app.gave_up = True
                app.quit()

        self.frame_hooks.append(watchdog)

    def close(self) -> None:
        while self.stack:
            self.stack.pop().shutdown()
        while self.on_close:
            self.on_close.pop()()
        # A read-only config dir must not stop the game from closing.
        with contextlib.suppress(OSError):
            self.settings.save()

    # -- screenshots -------------------------------------------------------------------------------
    def screenshot(self, tag: str) -> None:
        """Save the next finished frame as a PNG in `screenshot_dir` (or the config dir)."""
        self._shots_wanted.append(tag)

    @property
    def shot_wanted(self) -> bool:
        """A screenshot waits for the frame this step draws: what it shows must not change before then."""
        return bool(self._shots_wanted)

    def _take_wanted_shots(self) -> None:
        if not self._shots_wanted:
            return
        folder = self.screenshot_dir or Path(os.environ.get("DOORKICK_SHOTS", "screenshots"))
        folder.mkdir(parents=True, exist_ok=True)
        for tag in self._shots_wanted:
            safe = "".join(c if c.isalnum() or c in "-_" else "_" for c in tag)
            path = folder / f"{len(self.shots_taken):04d}_{safe}.png"
            pygame.image.save(self.screen, str(path))
            self.shots_taken.append(path)
            if tag == MANUAL_SHOT:
                self.notice(f"Screenshot saved: {path.resolve()}")
        self._shots_wanted.clear()


def _wait_for_events(timeout_ms: int) -> list[pygame.event.Event]:
    """Sleep until an event arrives or `timeout_ms` passes; then everything queued."""
    first = pygame.event.wait(timeout_ms)
    rest = pygame.event.get()
    return rest if first.type == pygame.NOEVENT else [first, *rest]


def _display() -> pygame.Surface:
    """The window's surface; the app opens its window before anything asks for it."""
    surface = pygame.display.get_surface()
    if surface is None:
        raise RuntimeError("no window is open")
    return surface


def _window(size: tuple[int, int], flags: int) -> pygame.Surface:
    """Open (or change) the window; it cannot be dragged smaller than the size every screen is laid out for."""
    screen = pygame.display.set_mode(size, flags)
    with warnings.catch_warnings():  # the display module's own window, reached the only way pygame-ce offers
        warnings.simplefilter("ignore", DeprecationWarning)
        pygame.Window.from_display_module().minimum_size = MIN_WINDOW
    return screen


def _is_input(event: pygame.event.Event) -> bool:
    return event.type in (
        pygame.MOUSEBUTTONDOWN,
        pygame.MOUSEBUTTONUP,
        pygame.KEYDOWN,
        pygame.TEXTINPUT,
        pygame.MOUSEWHEEL,
    )
