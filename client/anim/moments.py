"""The big moments: a kicked Door flipping in the middle, a level ticking up, a death scattering the corpse,
cards flying between players, a Wonderland monster's power revealed card by card.

A moment is a short tween (about 0.6 to 1.5 s) owned by the scene: `Moments.update(dt)` moves its clock,
`draw()` only reads it. Moments play one after another on a timeline (a moment that only shows a card
passing starts with the one before it), so what the log says happens in order; a backlog plays faster,
a click skips them all, and the animation-speed setting scales them (off: nothing plays, only the sounds).
Where a card goes is asked each frame (`Where`), so a moment follows a resize or a state that moves it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import lru_cache

import pygame

from ..ui import theme
from ..ui.text import render_line

Point = tuple[float, float]
Where = Callable[[], Point]
CATCH_UP = 2.5  # seconds of moments waiting beyond which they play faster


def ease_out(t: float) -> float:
    t = min(1.0, max(0.0, t))
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    t = min(1.0, max(0.0, t))
    return 3 * t * t - 2 * t * t * t


def lerp(a: Point, b: Point, t: float) -> Point:
    return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t


def phase(t: float, start: float, end: float) -> float:
    """How far `t` is through [start, end], 0..1."""
    return min(1.0, max(0.0, (t - start) / (end - start)))


def scaled(img: pygame.Surface, width: float, squash: float = 1.0) -> pygame.Surface:
    """`img` at `width` pixels wide (keeping its shape), narrowed by `squash` for a card turning over."""
    w = max(1, round(width * max(0.02, squash)))
    h = max(1, round(img.get_height() * width / img.get_width()))
    return pygame.transform.scale(img, (w, h))


def faded(img: pygame.Surface, alpha: int) -> pygame.Surface:
    """`img` at `alpha`: a copy, since rendered text and card faces are shared from their caches."""
    if alpha >= 255:
        return img
    out = img.copy()
    out.set_alpha(max(0, alpha))
    return out


def zoomed(img: pygame.Surface, k: float) -> pygame.Surface:
    """`img` grown or shrunk by `k` (text is rendered once at its size and scaled, not rendered at each size)."""
    if abs(k - 1.0) < 0.02:
        return img
    w, h = img.get_size()
    return pygame.transform.smoothscale(img, (max(1, round(w * k)), max(1, round(h * k))))


def blit_centred(surface: pygame.Surface, img: pygame.Surface, at: Point, angle: float = 0.0, alpha: int = 255) -> None:
    if abs(angle) > 0.5:
        img = pygame.transform.rotate(img, angle)
    img = faded(img, alpha)
    surface.blit(img, img.get_rect(center=(round(at[0]), round(at[1]))))


def shadow_under(surface: pygame.Surface, size: tuple[int, int], at: Point, height: float) -> None:
    """A card's shadow, further off and softer the higher it flies."""
    shade = _shade(size)
    shade.set_alpha(int(255 - 110 * min(1.0, max(0.0, height))))  # the cached image's own alpha, set for this draw
    off = 4 + 22 * height
    surface.blit(shade, shade.get_rect(center=(round(at[0] + off), round(at[1] + off))))


@lru_cache(maxsize=32)
def _shade(size: tuple[int, int]) -> pygame.Surface:
    shade = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(shade, (0, 0, 0, 90), shade.get_rect(), border_radius=max(4, size[0] // 14))
    return shade


def rays(surface: pygame.Surface, at: Point, radius: float, colour: theme.Colour, alpha: int) -> None:
    """A burst of light behind something just revealed, growing and fading with `radius` and `alpha`."""
    if radius < 4 or alpha <= 0:
        return
    layer = _burst(max(16, int(radius) // 16 * 16), colour)
    layer.set_alpha(min(255, alpha))  # the cached image's own alpha, set for this draw
    surface.blit(layer, layer.get_rect(center=(round(at[0]), round(at[1]))))


@lru_cache(maxsize=24)
def _burst(radius: int, colour: theme.Colour) -> pygame.Surface:
    size = radius * 2 + 2
    layer = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size / 2
    for i in range(12):
        a = i * math.tau / 12
        points = [
            (c, c),
            (c + math.cos(a - 0.12) * radius, c + math.sin(a - 0.12) * radius),
            (c + math.cos(a + 0.12) * radius, c + math.sin(a + 0.12) * radius),
        ]
        pygame.draw.polygon(layer, (*colour, 128), points)
    pygame.draw.circle(layer, (*colour, 255), (c, c), radius * 0.35)
    return layer


def sparks(surface: pygame.Surface, at: Point, t: float, colour: theme.Colour, count: int = 14) -> None:
    """Little stars flying out and fading, for a level gained."""
    for i in range(count):
        a = i * math.tau / count + i * 0.37
        d = 16 + 70 * ease_out(t) * (0.6 + 0.4 * ((i * 7) % 5) / 4)
        x, y = at[0] + math.cos(a) * d, at[1] + math.sin(a) * d - 20 * t
        r = max(1, round(4 * (1 - t)))
        pygame.draw.circle(surface, colour, (round(x), round(y)), r)


class Moment:
    """One tween: `t` runs from below zero (waiting its turn) to `duration`."""

    duration = 1.0
    blocking = True  # the next blocking moment waits for this one
    sound = ""

    def __init__(self, cards: Sequence[str] = ()) -> None:
        self.t = 0.0
        self.cards = frozenset(cards)  # the table does not draw these while the moment carries them

    @property
    def done(self) -> bool:
        return self.t >= self.duration

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the moment at `t`; changes nothing."""


class DoorKick(Moment):
    """The Door flies from its deck to the middle, flips face up with a burst, then goes where it belongs: a
    monster into the fight, a curse onto its victim (with a strike), anything else into a hand."""

    duration = 1.35
    sound = "door"

    def __init__(
        self,
        card: str,
        front: pygame.Surface,
        back: pygame.Surface,
        start: Where,
        middle: Where,
        end: Where,
        end_w: float,
        strike: bool,
    ) -> None:
        super().__init__([card])
        self.front, self.back = front, back
        self.start, self.middle, self.end, self.end_w, self.strike = start, middle, end, end_w, strike

    def draw(self, surface: pygame.Surface) -> None:
        t = self.t
        big = self.front.get_width()
        small = self.back.get_width()
        if t < 0.35:  # flying in, face down
            k = ease_out(t / 0.35)
            at = lerp(self.start(), self.middle(), k)
            at = at[0], at[1] - math.sin(math.pi * k) * 40
            img = scaled(self.back, small + (big - small) * k)
            shadow_under(surface, img.get_size(), at, 1 - k * 0.5)
            blit_centred(surface, img, at, -20 * (1 - k))
            return
        at = self.middle()
        if t < 0.6:  # turning over
            k = phase(t, 0.35, 0.6)
            squash = abs(math.cos(math.pi * k))
            img = scaled(self.back if k < 0.5 else self.front, big, squash)
            shadow_under(surface, (big, img.get_height()), at, 0.5)
            blit_centred(surface, img, at)
            return
        if t < 0.95:  # face up, in a burst of light
            k = phase(t, 0.6, 0.95)
            rays(surface, at, big * (0.8 + 0.3 * k), theme.YELLOW, int(170 * (1 - k * 0.6)))
            shadow_under(surface, self.front.get_size(), at, 0.5)
            blit_centred(surface, self.front, at)
            return
        k = ease_in_out(phase(t, 0.95, self.duration))  # to where it belongs
        at = lerp(at, self.end(), k)
        img = scaled(self.front, big + (self.end_w - big) * k)
        shadow_under(surface, img.get_size(), at, 0.5 * (1 - k))
        blit_centred(surface, img, at, 8 * math.sin(math.pi * k) if self.strike else 0)
        if self.strike and k > 0.7:  # the curse strikes: a ring bursting from its victim
            ring = phase(k, 0.7, 1.0)
            pygame.draw.circle(surface, theme.PURPLE, self.end(), 20 + 60 * ring, max(1, int(8 * (1 - ring))))


class LevelTick(Moment):
    """A level counter ticking from `old` to `new`: up with stars and a burst, down dropping in orange."""

    duration = 1.25
    sound = "level"

    def __init__(self, where: Where, old: int, new: int, name: str) -> None:
        super().__init__()
        self.where, self.old, self.new, self.name = where, old, new, name
        self.sound = "level" if new >= old else "lose"

    def draw(self, surface: pygame.Surface) -> None:
        t = self.t
        at = self.where()
        up = self.new >= self.old
        colour = theme.YELLOW if up else theme.ORANGE
        tick = phase(t, 0.25, 0.75)
        steps = abs(self.new - self.old)
        shown = self.old + (1 if up else -1) * min(steps, int(tick * steps + 0.999)) if steps else self.new
        pop = 1 + 0.35 * math.sin(math.pi * phase(t, 0.2, 0.9))
        fade = int(255 * (1 - phase(t, 1.0, self.duration)))
        if up:
            rays(surface, at, 70 * pop, colour, int(140 * (1 - phase(t, 0.6, self.duration))))
            sparks(surface, at, phase(t, 0.3, self.duration), colour)
        plate = zoomed(_plate(f"L{shown}", colour), pop)
        surface.blit(faded(plate, fade), plate.get_rect(center=(round(at[0]), round(at[1]))))
        words = f"{self.name}: level {self.new}!" if up else f"{self.name} drops to level {self.new}"
        rise = 30 + 24 * ease_out(phase(t, 0.3, 1.0)) * (1 if up else -1)
        caption = faded(_banner(words, colour, 22), fade)
        centre = (round(at[0]), round(at[1] - plate.get_height() / 2 - rise + 24))
        surface.blit(caption, caption.get_rect(center=centre).clamp(surface.get_rect()))


@lru_cache(maxsize=32)
def _plate(text: str, colour: theme.Colour) -> pygame.Surface:
    """A level counter's plate: the number on a dark rounded plate rimmed in `colour`."""
    layer = pygame.Surface((96, 64), pygame.SRCALPHA)
    pygame.draw.rect(layer, (24, 20, 30, 235), layer.get_rect(), border_radius=12)
    pygame.draw.rect(layer, colour, layer.get_rect(), 3, border_radius=12)
    number = render_line(text, 88, 40, colour, "bold")
    layer.blit(number, number.get_rect(center=layer.get_rect().center))
    return layer


class CardPass(Moment):
    """A card flying along an arc from one place to another: charity, a gift, a trade, a looted corpse."""

    duration = 0.7
    blocking = False
    sound = "card"

    def __init__(
        self,
        img: pygame.Surface,
        start: Where,
        end: Where,
        card: str = "",
        glow: theme.Colour | None = None,
        fade_out: bool = False,
    ) -> None:
        super().__init__([card] if card else [])
        self.img, self.start, self.end, self.glow, self.fade_out = img, start, end, glow, fade_out

    def draw(self, surface: pygame.Surface) -> None:
        k = ease_in_out(self.t / self.duration)
        at = lerp(self.start(), self.end(), k)
        at = at[0], at[1] - math.sin(math.pi * k) * 60
        if self.glow is not None:
            rays(surface, at, self.img.get_width() * 0.9, self.glow, int(150 * math.sin(math.pi * k)))
        lift = math.sin(math.pi * k)
        shadow_under(surface, self.img.get_size(), at, lift)
        alpha = int(255 * (1 - phase(k, 0.6, 1.0))) if self.fade_out else 255
        blit_centred(surface, self.img, at, 14 * math.sin(math.tau * k), alpha)


class Death(Moment):
    """A player dies: their panel goes dark under a skull, and the corpse's cards burst out onto the table."""

    duration = 1.5
    sound = "death"

    def __init__(
        self,
        panel: Callable[[], pygame.Rect],
        name: str,
        cards: Sequence[pygame.Surface],
        to: Where,
        held: Sequence[str] = (),
    ) -> None:
        super().__init__(held)
        self.panel, self.name, self.images, self.to = panel, name, list(cards), to

    def draw(self, surface: pygame.Surface) -> None:
        t = self.t
        rect = self.panel()
        dark = 200 * phase(t, 0.0, 0.3) * (1 - phase(t, 1.25, self.duration))
        keep = 255 - int(dark)
        surface.fill((keep, keep, keep), rect, special_flags=pygame.BLEND_RGB_MULT)  # the panel goes dark
        skull = zoomed(_skull(min(rect.h, 90)), 0.6 + 0.4 * ease_out(phase(t, 0.0, 0.35)))
        skull = faded(skull, int(255 * (1 - phase(t, 1.25, self.duration))))
        surface.blit(skull, skull.get_rect(center=rect.center))
        words = faded(
            _banner(f"{self.name} died!", theme.VERMILLION, 34),
            int(255 * (1 - phase(t, 1.2, self.duration))),
        )
        target = self.to()
        lift = (self.images[0].get_height() // 2 if self.images else 0) + 40
        surface.blit(words, words.get_rect(midbottom=(round(target[0]), round(target[1]) - lift)))
        n = len(self.images)
        for i, img in enumerate(self.images):  # the corpse's cards scatter towards the table's middle
            k = ease_out(phase(t, 0.3 + 0.05 * i, 1.1 + 0.05 * i))
            spread = (i - (n - 1) / 2) * img.get_width() * 0.9
            target = self.to()
            end = (target[0] + spread, target[1] + 14 * math.sin(i * 1.7))
            at = lerp((rect.centerx, rect.centery), end, k)
            at = at[0], at[1] - math.sin(math.pi * k) * 50
            shadow_under(surface, img.get_size(), at, math.sin(math.pi * k))
            blit_centred(surface, img, at, (1 - k) * 200 * (1 if i % 2 else -1) + (i - n / 2) * 4)


@lru_cache(maxsize=8)
def _skull(size: int) -> pygame.Surface:
    s = float(size)
    layer = pygame.Surface((size + 2, size + 2), pygame.SRCALPHA)
    bone, ink = (236, 230, 214), (20, 16, 20)
    pygame.draw.circle(layer, bone, (s / 2, s * 0.42), s * 0.38)
    pygame.draw.rect(layer, bone, (s * 0.27, s * 0.55, s * 0.46, s * 0.3), border_radius=int(s * 0.08))
    for dx in (-0.15, 0.15):
        pygame.draw.circle(layer, ink, (s / 2 + dx * s, s * 0.45), s * 0.1)
    for dx in (-0.12, 0.0, 0.12):
        pygame.draw.line(layer, ink, (s / 2 + dx * s, s * 0.72), (s / 2 + dx * s, s * 0.84), 2)
    return layer


class Reveal(Moment):
    """Cards turned over one after another in a row (a Wonderland monster's power, card by card)."""

    blocking = True
    sound = "door"
    STEP = 0.35

    def __init__(self, images: Sequence[pygame.Surface], back: pygame.Surface, where: Where, title: str) -> None:
        super().__init__()
        self.images, self.back, self.where, self.title = list(images), back, where, title
        self.duration = 0.4 + self.STEP * len(self.images) + 0.5

    def draw(self, surface: pygame.Surface) -> None:
        t = self.t
        at = self.where()
        fade = int(255 * (1 - phase(t, self.duration - 0.3, self.duration)))
        n = len(self.images)
        w = self.back.get_width()
        title = faded(_banner(self.title, theme.ORANGE, 26), fade)
        surface.blit(title, title.get_rect(midbottom=(round(at[0]), round(at[1] - self.back.get_height() / 2 - 8))))
        for i, img in enumerate(self.images):
            x = at[0] + (i - (n - 1) / 2) * (w + 12)
            k = phase(t, 0.3 + self.STEP * i, 0.3 + self.STEP * (i + 1))
            face = self.back if k < 0.5 else img
            card = scaled(face, w, abs(math.cos(math.pi * k)))
            if 0.5 <= k < 1.0:
                rays(surface, (x, at[1]), w * 0.9, theme.ORANGE, int(160 * (1 - k)))
            blit_centred(surface, card, (x, at[1]), 0, fade)


class Callout(Moment):
    """A line said big where the eye already is ("Bob rolls 4: caught!"), popping in and fading."""

    duration = 1.3
    blocking = False

    def __init__(self, text: str, where: Where, colour: theme.Colour = theme.TEXT, size: int = 28) -> None:
        super().__init__()
        self.text, self.where, self.colour, self.size = text, where, colour, size

    @property
    def height(self) -> int:
        return _banner(self.text, self.colour, self.size).get_height()

    def draw(self, surface: pygame.Surface) -> None:
        t = self.t
        pop = 0.7 + 0.3 * ease_out(phase(t, 0.0, 0.2))
        fade = int(255 * (1 - phase(t, self.duration - 0.35, self.duration)))
        img = faded(zoomed(_banner(self.text, self.colour, self.size), pop), fade)
        surface.blit(img, img.get_rect(center=tuple(round(v) for v in self.where())).clamp(surface.get_rect()))


@lru_cache(maxsize=32)
def _banner(text: str, colour: theme.Colour, size: int) -> pygame.Surface:
    img = render_line(text, 560, size, colour, "bold")
    layer = pygame.Surface(img.get_rect().inflate(24, 10).size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (16, 18, 24, 220), layer.get_rect(), border_radius=10)
    pygame.draw.rect(layer, colour, layer.get_rect(), 2, border_radius=10)
    layer.blit(img, img.get_rect(center=layer.get_rect().center))
    return layer


class Moments:
    """The scene's moments on one timeline. `speed()` is read each frame (the setting can change mid-game)."""

    def __init__(self, speed: Callable[[], float], play: Callable[[str], None]) -> None:
        self.speed = speed
        self.play = play
        self.playing: list[Moment] = []
        self.started = 0  # how many moments have started, for tests

    def add(self, moment: Moment, wait: float = 0.0, when: str = "") -> None:
        """Put `moment` on the timeline `wait` seconds after: the blocking moments already there ("queue", a
        blocking moment's default), the start of the last one added ("with", the default for a card passing),
        the end of the last one added ("after"), or now ("now"). With the animations off, only its sound plays."""
        if self.speed() <= 0:
            if moment.sound:
                self.play(moment.sound)
            return
        when = when or ("queue" if moment.blocking else "with")
        last = self.playing[-1] if self.playing else None
        if when == "queue":
            wait += self.busy_for()
        elif when == "with" and last is not None:
            wait += max(0.0, -last.t)
        elif when == "after" and last is not None:
            wait += last.duration - last.t
        moment.t = -wait
        if wait <= 0:
            self._start(moment)
        self.playing.append(moment)

    def busy_for(self) -> float:
        """Seconds until every blocking moment on the timeline has played."""
        return max((m.duration - m.t for m in self.playing if m.blocking), default=0.0)

    def _start(self, moment: Moment) -> None:
        self.started += 1
        if moment.sound:
            self.play(moment.sound)

    def update(self, dt: float) -> None:
        speed = self.speed()
        if speed <= 0:
            self.skip()
            return
        backlog = self.busy_for()
        speed *= 1.0 if backlog < CATCH_UP else backlog / CATCH_UP
        for moment in self.playing:
            before = moment.t
            moment.t += dt * speed
            if before < 0 <= moment.t:
                self._start(moment)
        self.playing = [m for m in self.playing if not m.done]

    def skip(self) -> None:
        """Everything lands at once where the table says it is."""
        self.playing.clear()

    @property
    def active(self) -> bool:
        return bool(self.playing)

    @property
    def showing_big(self) -> bool:
        """Whether a big (blocking) moment is on the screen now: a click then only skips it; a line said or a
        card passing lets the click through."""
        return any(m.blocking and m.t >= 0 for m in self.playing)

    def holds(self, card: str) -> bool:
        return any(card in m.cards for m in self.playing)

    def draw(self, surface: pygame.Surface) -> None:
        for moment in self.playing:
            if moment.t >= 0:
                moment.draw(surface)
