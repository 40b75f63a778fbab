"""Sounds are synthesised at start-up and obey volume and mute."""

from __future__ import annotations

import pygame

from doorkick.client.audio import SYNTHS, Sounds, to_pcm16
from doorkick.client.settings import Settings


def test_every_effect_is_short_and_audible() -> None:
    for name, synth in SYNTHS.items():
        samples = synth()
        assert 0.1 < len(samples) / 22050 < 1.0, name
        assert max(abs(s) for s in samples) > 0.2, name
    assert len(to_pcm16([0.0, 1.0, -1.0], 2)) == 12


def test_volume_and_mute() -> None:
    pygame.init()
    settings = Settings(volume=0.5)
    sounds = Sounds(settings)
    sounds.play("dice")
    assert sounds.played == ["dice"]
    assert sounds.level == 0.5
    sounds.toggle_mute()
    assert sounds.level == 0.0 and settings.muted
    sounds.set_volume(3.0)
    assert settings.volume == 1.0
