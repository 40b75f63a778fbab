"""The dice tray: a seeded pymunk throw bouncing off walls and other dice, settling on the server's value.

The whole throw is simulated when it starts, in tray units independent of the window, from (values, seed)
alone, so every client shows the same throw and skipping just jumps to the end. Each die is a cube turned in
three dimensions: it spins as its pymunk body turns and rolls over the felt as the body moves (faster in the
air). Its turns are worked out backwards from the resting pose that shows the server's value on top, so it
always ends there.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import pygame
import pymunk

from ...shared.rules.rng import Rng

TRAY_W, TRAY_H = 1000.0, 600.0
DIE = 150.0  # side of a die in tray units: a quarter of the tray's depth
STEP = 1 / 120
FLY = 1.15  # seconds of free physics
SETTLE = 0.25  # seconds easing onto a flat face
FRAME = 1 / 60  # the recorded track's resolution
OPPOSITE = {1: 6, 2: 5, 3: 4, 4: 3, 5: 2, 6: 1}
ROLL = 0.75  # how much of a die's travel over the felt turns into rolling (1 = rolling without slipping)

Vec = tuple[float, float, float]
Turn = tuple[float, float, float, float, float, float, float, float, float]  # 3x3, row-major: die -> world
# World axes: x to the right, y away from the player (up the screen), z up out of the felt.
# Each face's outward normal and the two axes its pips are laid along (u x v = normal); opposite faces add to 7.
FACES: dict[int, tuple[Vec, Vec, Vec]] = {
    1: ((0, 0, 1), (1, 0, 0), (0, 1, 0)),
    6: ((0, 0, -1), (-1, 0, 0), (0, 1, 0)),
    2: ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    5: ((-1, 0, 0), (0, -1, 0), (0, 0, 1)),
    3: ((0, 1, 0), (0, 0, 1), (1, 0, 0)),
    4: ((0, -1, 0), (0, 0, -1), (1, 0, 0)),
}
IDENTITY: Turn = (1, 0, 0, 0, 1, 0, 0, 0, 1)


def _mul(a: Turn, b: Turn) -> Turn:
    return tuple(  # type: ignore[return-value]
        sum(a[3 * r + k] * b[3 * k + c] for k in range(3)) for r in range(3) for c in range(3)
    )


def _inverse(a: Turn) -> Turn:
    return (a[0], a[3], a[6], a[1], a[4], a[7], a[2], a[5], a[8])


def turned(a: Turn, v: Vec) -> Vec:
    return (
        a[0] * v[0] + a[1] * v[1] + a[2] * v[2],
        a[3] * v[0] + a[4] * v[1] + a[5] * v[2],
        a[6] * v[0] + a[7] * v[1] + a[8] * v[2],
    )


def _about(axis: Vec, angle: float) -> Turn:
    """A turn by `angle` about the unit vector `axis` (Rodrigues)."""
    x, y, z = axis
    c, s = math.cos(angle), math.sin(angle)
    t = 1 - c
    return (
        t * x * x + c, t * x * y - s * z, t * x * z + s * y,
        t * x * y + s * z, t * y * y + c, t * y * z - s * x,
        t * x * z - s * y, t * y * z + s * x, t * z * z + c,
    )  # fmt: skip


# The turn that brings each face to the top.
FACE_UP: dict[int, Turn] = {
    1: IDENTITY,
    6: _about((1, 0, 0), math.pi),
    2: _about((0, 1, 0), -math.pi / 2),
    5: _about((0, 1, 0), math.pi / 2),
    3: _about((1, 0, 0), math.pi / 2),
    4: _about((1, 0, 0), -math.pi / 2),
}


def top_face(turn: Turn) -> int:
    """The face looking most nearly straight up."""
    return max(FACES, key=lambda f: turned(turn, FACES[f][0])[2])


@dataclass(frozen=True)
class Pose:
    x: float
    y: float
    angle: float  # radians, the pymunk body's (on the screen: clockwise)
    height: float  # 0 on the felt; > 0 in the air (drawn larger and lifted, its shadow left below)
    face: int  # the face on top
    turn: Turn = IDENTITY  # how the cube is turned in three dimensions


def simulate(values: Sequence[int], seed: int) -> list[list[Pose]]:
    """The recorded throw: for each die, one pose per FRAME until it rests showing its value."""
    if not values or any(v < 1 or v > 6 for v in values):
        raise ValueError(f"dice values must be 1..6, got {list(values)}")
    rng = Rng.from_seed(seed)
    space = pymunk.Space()
    space.damping = 0.12  # felt: most of the speed is gone after a second
    walls = [
        ((0, 0), (TRAY_W, 0)),
        ((TRAY_W, 0), (TRAY_W, TRAY_H)),
        ((TRAY_W, TRAY_H), (0, TRAY_H)),
        ((0, TRAY_H), (0, 0)),
    ]
    for a, b in walls:
        seg = pymunk.Segment(space.static_body, a, b, 6)
        seg.elasticity, seg.friction = 0.75, 0.6
        space.add(seg)

    def unit() -> float:
        nonlocal rng
        value, rng = rng.below(1_000_000)
        return value / 1_000_000

    bodies = []
    for i in range(len(values)):
        body = pymunk.Body(1.0, pymunk.moment_for_box(1.0, (DIE, DIE)))
        # Thrown in from the left edge, towards the far side, each with its own spin.
        body.position = (DIE * 0.7, TRAY_H * (0.3 + 0.4 * (i + unit()) / len(values)))
        speed = 1900 + 700 * unit()
        heading = -0.35 + 0.7 * unit()
        body.velocity = (speed * math.cos(heading), speed * math.sin(heading))
        body.angle = unit() * math.tau
        body.angular_velocity = (1 if unit() > 0.5 else -1) * (14 + 10 * unit())
        shape = pymunk.Poly.create_box(body, (DIE, DIE), radius=8)
        shape.elasticity, shape.friction = 0.55, 0.7
        space.add(body, shape)
        bodies.append(body)
    airtimes = [0.25 + 0.15 * unit() for _ in values]

    raw: list[list[tuple[float, float, float]]] = [[] for _ in values]
    per_frame = round(FRAME / STEP)
    steps = round(FLY / STEP)
    for n in range(steps):
        space.step(STEP)
        if n % per_frame == per_frame - 1:
            for track, body in zip(raw, bodies, strict=True):
                track.append((body.position.x, body.position.y, body.angle))

    tracks: list[list[Pose]] = []
    settle_frames = round(SETTLE / FRAME)
    for index, (track, value) in enumerate(zip(raw, values, strict=True)):
        end_angle = track[-1][2]
        rest_angle = round(end_angle / (math.pi / 2)) * (math.pi / 2)
        air = airtimes[index]
        places: list[tuple[float, float, float, float]] = []  # x, y, angle, height
        for k, (x, y, angle) in enumerate(track):
            t = (k + 1) * FRAME
            height = 0.0  # two little hops after leaving the hand, then on the felt
            if t < air:
                height = math.sin(math.pi * t / air)
            elif t < air * 1.6:
                height = 0.35 * math.sin(math.pi * (t - air) / (air * 0.6))
            places.append((x, y, angle, height))
        x, y, _ = track[-1]
        for k in range(1, settle_frames + 1):
            ease = 1 - (1 - k / settle_frames) ** 3
            places.append((x, y, end_angle + (rest_angle - end_angle) * ease, 0.0))
        turns = _turns(places, FACE_UP[value])
        tracks.append([Pose(x, y, a, h, top_face(t), t) for (x, y, a, h), t in zip(places, turns, strict=True)])
    return tracks


def _turns(places: Sequence[tuple[float, float, float, float]], rest: Turn) -> list[Turn]:
    """The cube's turn on every frame, worked backwards from `rest` (its value on top, square to the tray): from
    one frame to the next it spins as its body turned and rolls over the way it moved, more while in the air."""
    angle = places[-1][2]
    turns = [_mul(_about((0, 0, 1), -angle), rest)]
    for k in range(len(places) - 2, -1, -1):
        x0, y0, a0, h0 = places[k]
        x1, y1, a1, _ = places[k + 1]
        dx, dy = x1 - x0, -(y1 - y0)  # the tray's y runs down the screen; the world's away from the player
        step = _about((0, 0, 1), -(a1 - a0))  # pymunk turns clockwise on the screen: about -z in the world
        travel = math.hypot(dx, dy)
        if travel > 1e-6:
            roll = travel / (DIE / 2) * ROLL * (1 + 1.5 * h0)
            step = _mul(step, _about((-dy / travel, dx / travel, 0.0), roll))
        turns.append(_mul(_inverse(step), turns[-1]))
    turns.reverse()
    return turns


class DiceThrow:
    """One throw playing out over about 1.4 s; `skip()` jumps to the resting dice."""

    def __init__(self, values: Sequence[int], seed: int) -> None:
        self.values = tuple(values)
        self.seed = seed
        self.tracks = simulate(values, seed)
        self.t = 0.0
        self.linger = 0.0  # how long it has rested, so the tray can fade away after a while

    @property
    def duration(self) -> float:
        return len(self.tracks[0]) * FRAME

    @property
    def done(self) -> bool:
        return self.t >= self.duration

    def skip(self) -> None:
        self.t = self.duration

    def update(self, dt: float) -> None:
        if self.done:
            self.linger += dt
        self.t = min(self.duration, self.t + dt)

    def poses(self) -> list[Pose]:
        index = min(len(self.tracks[0]) - 1, int(self.t / FRAME))
        return [track[index] for track in self.tracks]

    def shown(self) -> tuple[int, ...]:
        return tuple(p.face for p in self.poses())


PIPS = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
}


@lru_cache(maxsize=64)
def die_image(face: int, size: int, colour: tuple[int, int, int] = (246, 242, 232)) -> pygame.Surface:
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    r = s.get_rect()
    pygame.draw.rect(s, colour, r, border_radius=size // 6)
    pygame.draw.rect(s, (60, 50, 40), r, max(1, size // 28), border_radius=size // 6)
    pip = max(2, size // 10)
    ink = (200, 40, 30) if face == 1 else (28, 28, 32)
    for px, py in PIPS[face]:
        pygame.draw.circle(s, ink, (round(px * size), round(py * size)), pip if face != 1 else int(pip * 1.5))
    return s


def tray_rect(area: pygame.Rect) -> pygame.Rect:
    """The largest tray with the simulation's aspect ratio that fits in `area`, centred."""
    scale = min(area.w / TRAY_W, area.h / TRAY_H)
    rect = pygame.Rect(0, 0, int(TRAY_W * scale), int(TRAY_H * scale))
    rect.center = area.center
    return rect


TILT = math.radians(20)  # the player looks at the tray from above and in front, this far from straight down
TOWARD_EYE: Vec = (0.0, -math.sin(TILT), math.cos(TILT))
LIGHT: Vec = (-0.36, 0.26, 0.9)  # from the top left, a little behind the tray
IVORY = (246, 242, 232)
CORNERS: tuple[Vec, ...] = tuple((x, y, z) for x in (-0.5, 0.5) for y in (-0.5, 0.5) for z in (-0.5, 0.5))


def _on_screen(v: Vec) -> tuple[float, float]:
    """A point of the world (around the die's centre) as seen by the player, in screen units."""
    return v[0], -(v[1] * math.cos(TILT) + v[2] * math.sin(TILT))


@dataclass(frozen=True)
class DrawnDie:
    """Where one die is drawn on the screen this frame: its centre, side and turn, and where its shadow lies."""

    face: int
    centre: tuple[float, float]
    size: int
    turn: Turn
    shadow: tuple[float, float]  # the spot on the felt under it

    def corners(self) -> list[tuple[float, float]]:
        """The cube's eight corners on the screen."""
        cx, cy = self.centre
        out = []
        for corner in CORNERS:
            sx, sy = _on_screen(turned(self.turn, corner))
            out.append((cx + sx * self.size, cy + sy * self.size))
        return out

    @property
    def box(self) -> pygame.Rect:
        """Everything drawn for this die: the cube as turned, seen from the player's eye."""
        return _bounds(self.corners())


def _bounds(points: Sequence[tuple[float, float]]) -> pygame.Rect:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    left, top = math.floor(min(xs)), math.floor(min(ys))
    return pygame.Rect(left, top, math.ceil(max(xs)) - left + 1, math.ceil(max(ys)) - top + 1)


def die_side(rect: pygame.Rect) -> int:
    """A resting die's side in a tray drawn at `rect`."""
    return max(10, int(DIE * rect.w / TRAY_W))


def drawn_dice(throw: DiceThrow, rect: pygame.Rect) -> list[DrawnDie]:
    """The dice as drawn in the tray `rect` at the throw's moment: lifted ones larger and higher over their
    shadows, all kept inside its walls."""
    return _drawn(throw.poses(), rect)


def clear_of_dice(throw: DiceThrow, rect: pygame.Rect, height: int) -> tuple[float, float]:
    """Where a line `height` tall said across the tray `rect` hides least of the dice once they rest: the
    middle of the tray, else its top or its foot."""
    resting = [die.box for die in _drawn([track[-1] for track in throw.tracks], rect)]
    spots = (rect.centery, rect.y + height / 2 + 4, rect.bottom - height / 2 - 4)

    def hidden(y: float) -> int:
        band = pygame.Rect(rect.x, round(y - height / 2), rect.w, height)
        return sum(box.clip(band).w * box.clip(band).h for box in resting)

    return float(rect.centerx), float(min(spots, key=hidden))


def _drawn(poses: Sequence[Pose], rect: pygame.Rect) -> list[DrawnDie]:
    scale = rect.w / TRAY_W
    base = die_side(rect)
    wall = max(3, int(14 * scale))
    inner = rect.inflate(-2 * wall, -2 * wall)
    out = []
    for pose in poses:
        size = max(10, int(base * (1 + 0.35 * pose.height)))
        lift = pose.height * base * 0.9 * math.sin(TILT)
        probe = DrawnDie(pose.face, (0.0, 0.0), size, pose.turn, (0.0, 0.0))
        reach = probe.box
        x = rect.x + pose.x * scale
        y = rect.y + pose.y * scale - lift
        x = min(max(x, inner.x - reach.x), inner.right - reach.right)
        y = min(max(y, inner.y - reach.y), inner.bottom - reach.bottom)
        shadow = (x, min(y + lift + size * 0.25, inner.bottom - size * 0.2))
        out.append(DrawnDie(pose.face, (x, y), size, pose.turn, shadow))
    return out


def _dot(a: Vec, b: Vec) -> float:
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def _cube(surface: pygame.Surface, die: DrawnDie, alpha: int) -> None:
    """A die as a cube seen from the player's eye: the (up to three) faces turned towards them, each shaded by
    the light and with its pips, over a darker body that reads as the rounded edges."""
    box = die.box
    layer = pygame.Surface(box.inflate(2, 2).size, pygame.SRCALPHA)
    ox, oy = box.x - 1, box.y - 1
    cx, cy = die.centre[0] - ox, die.centre[1] - oy
    s = die.size

    def at(v: Vec) -> tuple[float, float]:
        sx, sy = _on_screen(turned(die.turn, v))
        return cx + sx * s, cy + sy * s

    hull = [at(c) for c in CORNERS]
    pygame.draw.polygon(layer, (120, 112, 100), _convex(hull))
    edge = max(1, s // 30)
    for face, (normal, u, v) in FACES.items():
        facing = _dot(turned(die.turn, normal), TOWARD_EYE)
        if facing <= 0.02:
            continue
        lit = 0.55 + 0.45 * max(0.0, _dot(turned(die.turn, normal), LIGHT))
        colour = tuple(min(255, int(c * lit)) for c in IVORY)
        inset = 0.44  # the face inside its rounded edge
        quad = [at(_on_face(normal, u, v, a * inset, b * inset)) for a, b in ((-1, -1), (1, -1), (1, 1), (-1, 1))]
        pygame.draw.polygon(layer, colour, quad)
        if facing < 0.36 or s * facing < 10:
            continue  # too nearly edge-on for its pips to read (a resting die's front)
        ink = (200, 40, 30) if face == 1 else (28, 28, 32)
        r = 0.13 if face == 1 else 0.085
        for px, py in PIPS[face]:
            a, b = (px - 0.5) * 0.9, (py - 0.5) * 0.9
            ring = [at(_on_face(normal, u, v, a + r * math.cos(q), b + r * math.sin(q))) for q in PIP_ROUND]
            pygame.draw.polygon(layer, ink, ring)
    pygame.draw.polygon(layer, (60, 50, 40), _convex(hull), edge)
    if alpha < 255:
        layer.set_alpha(alpha)
    surface.blit(layer, (ox, oy))


PIP_ROUND = tuple(k * math.tau / 10 for k in range(10))


def _on_face(normal: Vec, u: Vec, v: Vec, a: float, b: float) -> Vec:
    """The point (a, b) from the middle of a face of the unit cube, along its axes u and v."""
    return (
        normal[0] * 0.5 + a * u[0] + b * v[0],
        normal[1] * 0.5 + a * u[1] + b * v[1],
        normal[2] * 0.5 + a * u[2] + b * v[2],
    )


def _convex(points: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
    """The outline around `points` (Andrew's monotone chain)."""
    pts = sorted(set(points))
    if len(pts) < 3:
        return list(pts)

    def cross(o: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[tuple[float, float]] = []
    upper: list[tuple[float, float]] = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


@lru_cache(maxsize=8)
def _tray_image(size: tuple[int, int]) -> pygame.Surface:
    """The tray: a wooden box with a raised rim, dark felt inside with the rim's shadow across it."""
    tray = pygame.Surface(size, pygame.SRCALPHA)
    rim = max(4, int(14 * size[0] / TRAY_W))
    box = tray.get_rect()
    pygame.draw.rect(tray, (92, 58, 30), box, border_radius=14)
    pygame.draw.rect(tray, (150, 104, 60), box, 2, border_radius=14)
    felt = box.inflate(-2 * rim, -2 * rim)
    pygame.draw.rect(tray, (22, 72, 54), felt, border_radius=8)
    for i in range(4):  # the rim's shadow falling on the felt from the top left
        pygame.draw.line(tray, (14, 48, 36), (felt.x + 6, felt.y + i), (felt.right - 6, felt.y + i))
        pygame.draw.line(tray, (14, 48, 36), (felt.x + i, felt.y + 6), (felt.x + i, felt.bottom - 6))
    pygame.draw.rect(tray, (50, 30, 14), felt, 1, border_radius=8)
    return tray


def draw_tray(surface: pygame.Surface, throw: DiceThrow, area: pygame.Rect, alpha: int = 255) -> pygame.Rect:
    """Draw the felt tray and the dice at the throw's current moment; changes nothing."""
    rect = tray_rect(area)
    tray = _tray_image(rect.size)
    tray.set_alpha(alpha)  # the cached image's own alpha, set afresh for every draw
    surface.blit(tray, rect.topleft)
    dice = drawn_dice(throw, rect)
    for die in dice:
        w = int(die.size * 1.15)
        shadow = pygame.Surface((w, w // 2), pygame.SRCALPHA)
        pygame.draw.ellipse(shadow, (0, 0, 0, min(90, alpha)), shadow.get_rect())
        surface.blit(shadow, shadow.get_rect(center=(round(die.shadow[0]), round(die.shadow[1]))).clamp(rect))
    for die in sorted(dice, key=lambda d: d.centre[1]):  # the nearer die over the farther
        _cube(surface, die, alpha)
    return rect
