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


def draw_tray(surface: pygame.Surface, throw: DiceThrow, area: pygame.Rect, alpha: int = 255) -> pygame.Rect:
    """Draw the felt tray and the dice at the throw's current moment; changes nothing."""
    rect = tray_rect(area)
    scale = rect.w / TRAY_W
    felt = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(felt, (26, 84, 62, min(alpha, 200)), felt.get_rect(), border_radius=18)
    pygame.draw.rect(felt, (120, 82, 40, alpha), felt.get_rect(), max(3, int(14 * scale)), border_radius=18)
    surface.blit(felt, rect.topleft)
    size = max(8, int(DIE * scale))
    for pose in throw.poses():
        lift = 1 + 0.45 * pose.height
        px = rect.x + pose.x * scale
        py = rect.y + pose.y * scale
        shadow = pygame.Surface((int(size * 1.1), int(size * 1.1)), pygame.SRCALPHA)
        pygame.draw.ellipse(shadow, (0, 0, 0, 80), shadow.get_rect())
        off = 6 + 30 * pose.height * scale * 3
        surface.blit(shadow, shadow.get_rect(center=(px + off, py + off)))
        img = die_image(pose.face, max(8, int(size * lift)))
        img = pygame.transform.rotate(img, -math.degrees(pose.angle))
        if alpha < 255:
            img.set_alpha(alpha)
        surface.blit(img, img.get_rect(center=(px, py)))
    return rect
