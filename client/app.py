"""The main loop: events to the scene stack, update(dt), then a frame-capped draw of the visible scenes."""

from __future__ import annotations

import contextlib
import os
import time
import warnings
from collections.abc import Callable
from pathlib import Path

import pygame

from .audio import Sounds
from .scenes.base import Scene
from .settings import MIN_WINDOW, Settings
from .ui import theme
from .ui.widgets import Tooltips

FrameHook = Callable[["App", pygame.Surface], None]


class App:
    """Owns the window, the scene stack, sounds and settings. Scenes reach everything through it."""

    def __init__(
        self,
        settings: Settings | None = None,
        size: tuple[int, int] | None = None,
        screenshot_dir: Path | None = None,
    ) -> None:
        self.settings = settings or Settings.load()
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
        self.running = True
        self.frame = 0
        self.elapsed = 0.0
        self.frame_hooks: list[FrameHook] = []
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

    def push(self, scene: Scene) -> Scene:
        if self.stack:
            self.stack[-1].pause()
        self.stack.append(scene)
        scene.layout(self.screen.get_size())
        return scene

    def pop(self) -> Scene | None:
        if not self.stack:
            return None
        scene = self.stack.pop()
        scene.shutdown()
        if self.stack:
            self.stack[-1].layout(self.screen.get_size())
            self.stack[-1].resume()
        else:
            self.running = False
        return scene

    def replace(self, scene: Scene) -> Scene:
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

    def find(self, kind: type[Scene]) -> Scene | None:
        return next((s for s in reversed(self.stack) if isinstance(s, kind)), None)

    # -- one frame ---------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.WINDOWSIZECHANGED:
            self.resized(pygame.display.get_surface().get_size())
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F12:
            self.screenshot("manual")
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
        self.screen = pygame.display.get_surface()
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
        self.resized(pygame.display.get_surface().get_size())

    def update(self, dt: float) -> None:
        self.elapsed += dt
        for scene in list(self.stack):
            scene.update(dt)
        top = self.top
        owner, text = top.hover_hint() if top is not None else (None, "")
        self.tooltips.update(dt, owner, text)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        start = 0
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i].opaque:
                start = i
                break
        for scene in self.stack[start:]:
            scene.draw(surface)
        self.tooltips.draw(surface)

    def step(self, dt: float, events: list[pygame.event.Event] | None = None) -> None:
        """One frame: input, update(dt), draw, hooks. Tests call this directly with their own events."""
        for event in pygame.event.get() if events is None else events:
            self.handle(event)
        self.update(dt)
        if not self.running:
            return
        self.draw(self.screen)
        self.frame += 1
        for hook in list(self.frame_hooks):
            hook(self, self.screen)
        self._take_wanted_shots()
        pygame.display.flip()

    def run(self, max_frames: int | None = None) -> None:
        """Loop until the stack empties or `quit()`; update gets the real elapsed time, draw is capped."""
        last = time.perf_counter()
        while self.running and self.stack and (max_frames is None or self.frame < max_frames):
            now = time.perf_counter()
            dt = min(0.1, now - last)  # a stall (window drag, debugger) must not fling the dice
            last = now
            self.step(dt)
            # Capped even headless: the sleep leaves the GIL to the network and host threads.
            self.clock.tick(self.settings.fps)
        self.close()

    def quit(self) -> None:
        self.running = False

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
        self._shots_wanted.clear()


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
