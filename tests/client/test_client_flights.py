"""Card flights arrive at their target quickly, land once, and settle."""

from __future__ import annotations

from doorkick.client.anim.flights import Flights


def test_a_card_flies_to_its_target_and_lands() -> None:
    flights = Flights()
    flights.launch("c1", (0, 0), (600, 400), angle=25)
    landed_at = None
    for frame in range(180):
        flights.update(1 / 60)
        if landed_at is None and flights.take_landings():
            landed_at = frame
        if "c1" not in flights:
            break
    assert landed_at is not None and landed_at < 40
    assert "c1" not in flights and frame < 90


def test_retarget_follows_a_moved_target() -> None:
    flights = Flights()
    flights.launch("c", (0, 0), (100, 100), toss=False)
    flights.update(0.05)
    flights.retarget("c", (500, 100))
    for _ in range(20):
        flights.update(1 / 60)
    pose = flights.pose("c")
    assert pose is None or pose.x > 300


def test_a_delayed_card_waits_at_its_start() -> None:
    flights = Flights()
    flights.launch("late", (10, 10), (500, 500), delay=0.3)
    flights.update(0.2)
    pose = flights.pose("late")
    assert pose is not None and (pose.x, pose.y) == (10, 10)
