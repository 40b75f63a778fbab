"""Card flights: each moving card is a pymunk body pulled to its target by springs, tossed on landing."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pymunk

STEP = 1 / 120
STIFFNESS = 220.0
DAMPING = 14.0  # with the space damping below: a fast arrival with a small overshoot
ARRIVE = 14.0  # pixels from the target counts as landed
REST_SPEED = 25.0


@dataclass
class Flight:
    key: str
    body: pymunk.Body
    anchor: pymunk.Body
    spring: pymunk.DampedSpring
    twist: pymunk.DampedRotarySpring
    toss: bool
    delay: float = 0.0
    landed: bool = False
    age: float = 0.0


@dataclass(frozen=True)
class CardPose:
    x: float
    y: float
    angle: float  # degrees, counter-clockwise as pygame.transform.rotate takes it


class Flights:
    """All cards in motion on one screen. Positions are screen pixels; `retarget` follows a resize."""

    def __init__(self) -> None:
        self.space = pymunk.Space()
        self.space.damping = 0.003  # felt friction: kills sideways drift that a spring cannot
        self.flights: dict[str, Flight] = {}
        self._pending = 0.0
        self.landings: list[str] = []  # keys that landed since the last `take_landings()`

    def launch(
        self,
        key: str,
        start: tuple[float, float],
        target: tuple[float, float],
        angle: float = 0.0,
        target_angle: float = 0.0,
        toss: bool = True,
        delay: float = 0.0,
    ) -> None:
        """Start (or restart) `key` flying from `start` to `target`; angles in degrees."""
        self.land(key)
        body = pymunk.Body(1.0, 2000.0)
        body.position = start
        body.angle = math.radians(angle)
        anchor = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
        anchor.position = target
        anchor.angle = math.radians(target_angle)
        spring = pymunk.DampedSpring(anchor, body, (0, 0), (0, 0), 0.0, STIFFNESS, DAMPING)
        twist = pymunk.DampedRotarySpring(anchor, body, 0.0, STIFFNESS * 2000 / 1.5, DAMPING * 2000 / 1.2)
        self.space.add(body, anchor, spring, twist)
        self.flights[key] = Flight(key, body, anchor, spring, twist, toss, delay)

    def retarget(self, key: str, target: tuple[float, float], target_angle: float | None = None) -> None:
        flight = self.flights.get(key)
        if flight is not None:
            flight.anchor.position = target
            if target_angle is not None:
                flight.anchor.angle = math.radians(target_angle)

    def land(self, key: str) -> None:
        """Stop `key` flying at once (the card is then drawn in its place)."""
        flight = self.flights.pop(key, None)
        if flight is not None:
            self.space.remove(flight.body, flight.anchor, flight.spring, flight.twist)

    def finish_all(self) -> None:
        for key in list(self.flights):
            self.land(key)

    def update(self, dt: float) -> None:
        self._pending = min(self._pending + dt, 0.1)
        while self._pending >= STEP:
            self._pending -= STEP
            for flight in list(self.flights.values()):
                if flight.delay > 0:
                    flight.delay -= STEP
                    flight.body.velocity = (0, 0)
                    continue
                flight.age += STEP
            self.space.step(STEP)
            self._check_arrivals()

    def _check_arrivals(self) -> None:
        for flight in list(self.flights.values()):
            if flight.delay > 0:
                continue
            gap = (flight.body.position - flight.anchor.position).length
            speed = flight.body.velocity.length
            if not flight.landed and gap < ARRIVE:
                flight.landed = True
                self.landings.append(flight.key)
                if flight.toss:
                    # The little toss: a flick of spin and a hop the springs then pull back.
                    spin = 1.0 if int(flight.body.position.x) % 2 else -1.0
                    flight.body.angular_velocity += spin * 2.2
                    flight.body.apply_impulse_at_local_point((0, -90))
            if (
                flight.landed and gap < 1.5 and speed < REST_SPEED and abs(flight.body.angular_velocity) < 0.2
            ) or flight.age > 3.0:
                self.land(flight.key)

    def pose(self, key: str) -> CardPose | None:
        flight = self.flights.get(key)
        if flight is None:
            return None
        p = flight.body.position
        return CardPose(p.x, p.y, math.degrees(flight.body.angle))

    def take_landings(self) -> list[str]:
        out, self.landings = self.landings, []
        return out

    def __contains__(self, key: str) -> bool:
        return key in self.flights

    def __len__(self) -> int:
        return len(self.flights)
