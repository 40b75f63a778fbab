"""The dice tray: a seeded pymunk throw bouncing off walls and other dice, settling on the server's value.

The whole throw is simulated when it starts, in tray units independent of the window, from (values, seed)
alone, so every client shows the same throw and skipping just jumps to the end. The face on top changes as
a die tumbles; the sequence is built backwards from the value the server decided, so it always ends there.
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
DIE = 110.0  # side of a die in tray units
STEP = 1 / 120
FLY = 1.15  # seconds of free physics
SETTLE = 0.25  # seconds easing onto a flat face
FRAME = 1 / 60  # the recorded track's resolution
OPPOSITE = {1: 6, 2: 5, 3: 4, 4: 3, 5: 2, 6: 1}


@dataclass(frozen=True)
class Pose:
    x: float
    y: float
    angle: float  # radians
    height: float  # 0 on the felt; > 0 in the air (drawn larger, with a shadow further away)
    face: int


def _tumble_faces(final: int, tumbles: int, rng: Rng) -> tuple[list[int], Rng]:
    """Faces shown after each quarter turn, ending on `final`; each step goes to a face next to the last."""
    faces = [final]
    for _ in range(tumbles):
        here = faces[-1]
        neighbours = [f for f in range(1, 7) if f != here and f != OPPOSITE[here]]
        pick, rng = rng.below(len(neighbours))
        faces.append(neighbours[pick])
    faces.reverse()
    return faces, rng


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
        body.position = (DIE * 0.8, TRAY_H * (0.3 + 0.4 * (i + unit()) / len(values)))
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
        tumbles = max(3, int(sum(abs(track[k + 1][2] - track[k][2]) for k in range(len(track) - 1)) / (math.pi / 2)))
        faces, rng = _tumble_faces(value, tumbles, rng)
        total_turn = sum(abs(track[k + 1][2] - track[k][2]) for k in range(len(track) - 1)) or 1.0
        turned = 0.0
        poses = []
        for k, (x, y, angle) in enumerate(track):
            if k:
                turned += abs(angle - track[k - 1][2])
            t = (k + 1) * FRAME
            face = faces[min(len(faces) - 1, int(turned / total_turn * (len(faces) - 1)))]
            # Two little hops after leaving the hand, then on the felt.
            air = airtimes[index]
            height = 0.0
            if t < air:
                height = math.sin(math.pi * t / air)
            elif t < air * 1.6:
                height = 0.35 * math.sin(math.pi * (t - air) / (air * 0.6))
            poses.append(Pose(x, y, angle, height, face if k < len(track) - 1 else value))
        x, y, _ = track[-1]
        for k in range(1, settle_frames + 1):
            ease = 1 - (1 - k / settle_frames) ** 3
            poses.append(Pose(x, y, end_angle + (rest_angle - end_angle) * ease, 0.0, value))
        tracks.append(poses)
    return tracks


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


@dataclass(frozen=True)
class DrawnDie:
    """Where one die is drawn on the screen this frame: its centre, side, angle and how thick it looks."""

    face: int
    centre: tuple[float, float]
    size: int
    angle: float  # radians
    depth: int  # the cube's side showing under its top face; more in the air

    @property
    def box(self) -> pygame.Rect:
        """Everything drawn for this die (top face turned by its angle, and its side below)."""
        half = self.size * _reach(self.angle)
        return pygame.Rect(
            round(self.centre[0] - half), round(self.centre[1] - half), round(2 * half), round(2 * half + self.depth)
        )


def _reach(angle: float) -> float:
    """Half the width of a unit square turned by `angle`, as drawn."""
    return 0.5 * (abs(math.cos(angle)) + abs(math.sin(angle)))


def drawn_dice(throw: DiceThrow, rect: pygame.Rect) -> list[DrawnDie]:
    """The dice as drawn in the tray `rect` at the throw's moment: lifted ones larger, all kept inside its walls."""
    scale = rect.w / TRAY_W
    base = max(8, int(DIE * scale))
    wall = max(3, int(14 * scale))
    inner = rect.inflate(-2 * wall, -2 * wall)
    out = []
    for pose in throw.poses():
        size = max(8, int(base * (1 + 0.45 * pose.height)))
        depth = max(2, int(size * (0.14 + 0.12 * pose.height)))
        half = size * _reach(pose.angle)
        x = min(max(rect.x + pose.x * scale, inner.x + half), inner.right - half)
        y = min(max(rect.y + pose.y * scale, inner.y + half), inner.bottom - half - depth)
        out.append(DrawnDie(pose.face, (x, y), size, pose.angle, depth))
    return out


def _cube(surface: pygame.Surface, die: DrawnDie, alpha: int) -> None:
    """A die as a cube seen from above and in front: its sides under the turned top face, then the face."""
    box = die.box
    layer = pygame.Surface(box.size, pygame.SRCALPHA)
    cx, cy = die.centre[0] - box.x, die.centre[1] - box.y
    c, s = math.cos(die.angle), math.sin(die.angle)
    h = die.size / 2
    square = ((-h, -h), (h, -h), (h, h), (-h, h))
    corners = [(cx + x * c - y * s, cy + x * s + y * c) for x, y in square]
    for i in range(4):  # the faces whose edge looks down show as the cube's sides, lit from above
        a, b = corners[i], corners[(i + 1) % 4]
        if a[0] - b[0] <= 0:  # the edge's outward normal points up: that side is hidden
            continue
        side = [a, b, (b[0], b[1] + die.depth), (a[0], a[1] + die.depth)]
        shade = 176 + int(50 * abs(b[0] - a[0]) / die.size)
        pygame.draw.polygon(layer, (shade, shade - 6, shade - 20), side)
        pygame.draw.polygon(layer, (60, 50, 40), side, 1)
    img = pygame.transform.rotate(die_image(die.face, die.size), -math.degrees(die.angle))
    layer.blit(img, img.get_rect(center=(round(cx), round(cy))))
    if alpha < 255:
        layer.set_alpha(alpha)
    surface.blit(layer, box.topleft)


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
    for die, pose in zip(drawn_dice(throw, rect), throw.poses(), strict=True):
        shadow = pygame.Surface((int(die.size * 1.1), int(die.size * 1.1)), pygame.SRCALPHA)
        pygame.draw.ellipse(shadow, (0, 0, 0, min(80, alpha)), shadow.get_rect())
        off = 3 + die.size * 0.5 * pose.height
        spot = shadow.get_rect(center=(die.centre[0] + off, die.centre[1] + off + die.depth))
        surface.blit(shadow, spot.clamp(rect))
        _cube(surface, die, alpha)
    return rect
