"""The dice tray: the same (values, seed) gives the same throw, which always settles on the server's value."""

from __future__ import annotations

import pygame
import pytest

from doorkick.client.anim.dice import TRAY_H, TRAY_W, DiceThrow, draw_tray, simulate


@pytest.mark.parametrize("values", [(1,), (6,), (3,), (2, 5), (6, 6), (1, 4)])
def test_dice_settle_on_the_requested_faces_for_many_seeds(values: tuple[int, ...]) -> None:
    for seed in range(120):
        throw = DiceThrow(values, seed)
        assert throw.duration <= 1.5
        throw.update(throw.duration + 0.01)
        assert throw.done and throw.shown() == values
        for pose in throw.poses():
            assert 0 < pose.x < TRAY_W and 0 < pose.y < TRAY_H
            assert pose.height == 0.0


def test_the_same_seed_gives_the_same_throw_and_another_seed_another() -> None:
    assert simulate((4, 2), 99) == simulate((4, 2), 99)
    assert simulate((4, 2), 99) != simulate((4, 2), 100)


def test_faces_tumble_in_the_air_before_settling() -> None:
    throw = DiceThrow((5,), 3)
    seen = {pose.face for track in throw.tracks for pose in track}
    assert len(seen) >= 3


def test_a_click_skips_to_the_result() -> None:
    throw = DiceThrow((2, 3), 7)
    throw.update(0.1)
    assert not throw.done
    throw.skip()
    assert throw.done and throw.shown() == (2, 3)


def test_bad_values_are_refused() -> None:
    with pytest.raises(ValueError):
        simulate((7,), 1)
    with pytest.raises(ValueError):
        simulate((), 1)


def test_the_tray_draws_dice_on_felt() -> None:
    surface = pygame.Surface((640, 360))
    throw = DiceThrow((6,), 1)
    throw.skip()
    rect = draw_tray(surface, throw, surface.get_rect())
    assert rect.w > 500
    colours = {tuple(surface.get_at((x, y)))[:3] for x in range(0, 640, 8) for y in range(0, 360, 8)}
    assert len(colours) > 4  # felt, frame, die, pips
