"""Sound effects synthesised at start-up (dice, card, door kick, your turn, a level won or lost, a death, the
winner's fanfare), with volume and mute."""

from __future__ import annotations

import math
from array import array
from collections.abc import Callable

import pygame

from .settings import Settings

RATE = 22050


def _noise(seed: int) -> Callable[[], float]:
    # A tiny LCG: the sounds are the same every start, and no global random is touched.
    state = seed & 0xFFFFFFFF

    def next_value() -> float:
        nonlocal state
        state = (1664525 * state + 1013904223) & 0xFFFFFFFF
        return state / 0x7FFFFFFF - 1.0

    return next_value


def dice_samples() -> list[float]:
    """A die clattering: a few short wooden knocks, each quieter than the last."""
    out = [0.0] * int(RATE * 0.45)
    noise = _noise(7)
    for i, start in enumerate((0.0, 0.09, 0.16, 0.22, 0.27, 0.31)):
        amp = 0.9 * (0.78**i)
        pitch = 900 + 260 * (i % 3)
        base = int(start * RATE)
        for n in range(int(0.035 * RATE)):
            t = n / RATE
            env = math.exp(-t * 140)
            value = amp * env * (0.6 * math.sin(2 * math.pi * pitch * t) + 0.4 * noise())
            if base + n < len(out):
                out[base + n] += value
    return out


def card_samples() -> list[float]:
    """A card sliding onto the table: a soft swish of noise rising then falling."""
    length = int(RATE * 0.18)
    noise = _noise(11)
    out, smooth = [], 0.0
    for n in range(length):
        t = n / length
        env = math.sin(math.pi * t) ** 2
        smooth += 0.35 * (noise() - smooth)  # a one-pole low-pass makes the hiss softer
        out.append(0.7 * env * smooth)
    return out


def door_samples() -> list[float]:
    """A door kicked open: a falling low thump, a crack of noise and a short creak."""
    length = int(RATE * 0.55)
    noise = _noise(23)
    out, phase, creak_phase = [], 0.0, 0.0
    for n in range(length):
        t = n / RATE
        phase += 2 * math.pi * (55 + 90 * math.exp(-t * 18)) / RATE
        thump = math.sin(phase) * math.exp(-t * 9)
        crack = noise() * math.exp(-t * 60) * 0.6
        creak_phase += 2 * math.pi * (320 + 60 * math.sin(t * 40)) / RATE
        creak = (
            0.12 * math.copysign(1.0, math.sin(creak_phase)) * max(0.0, math.sin(math.pi * (t - 0.2) / 0.35))
            if 0.2 < t < 0.55
            else 0.0
        )
        out.append(0.85 * thump + crack + creak)
    return out


def turn_samples() -> list[float]:
    """Your turn: a bright two-note chime."""
    length = int(RATE * 0.6)
    out = []
    for n in range(length):
        t = n / RATE
        a = math.sin(2 * math.pi * 660 * t) * math.exp(-t * 6)
        b = math.sin(2 * math.pi * 990 * t) * math.exp(-(t - 0.15) * 6) if t > 0.15 else 0.0
        out.append(0.45 * (a + b))
    return out


def _notes(notes: list[tuple[float, float, float]], length: float, decay: float = 5.0) -> list[float]:
    """Plucked notes (start second, frequency, loudness) with a touch of the octave for brightness."""
    out = [0.0] * int(RATE * length)
    for start, freq, amp in notes:
        base = int(start * RATE)
        for n in range(len(out) - base):
            t = n / RATE
            env = math.exp(-t * decay) * min(1.0, t * 400)
            out[base + n] += amp * env * (math.sin(2 * math.pi * freq * t) + 0.3 * math.sin(4 * math.pi * freq * t))
    return out


def level_samples() -> list[float]:
    """A level gained: a quick rising arpeggio ending on a held note."""
    return _notes([(0.0, 523.3, 0.5), (0.08, 659.3, 0.5), (0.16, 784.0, 0.5), (0.26, 1046.5, 0.7)], 0.9)


def lose_samples() -> list[float]:
    """Something lost (a level, items): two falling notes, a little flat."""
    return _notes([(0.0, 392.0, 0.6), (0.16, 277.2, 0.7)], 0.6, 7.0)


def death_samples() -> list[float]:
    """A death: a low falling groan over a thud."""
    length = int(RATE * 0.95)
    noise = _noise(31)
    out, phase = [], 0.0
    for n in range(length):
        t = n / RATE
        phase += 2 * math.pi * (160 - 90 * t) / RATE
        groan = 0.6 * math.sin(phase) * math.exp(-t * 2.5) * min(1.0, t * 30)
        thud = (0.8 * math.sin(2 * math.pi * 50 * t) + 0.4 * noise()) * math.exp(-t * 14)
        out.append(groan + thud)
    return out


def win_samples() -> list[float]:
    """The winner's fanfare: a rising call and a bright held chord."""
    call = [(0.0, 392.0, 0.5), (0.12, 523.3, 0.5), (0.24, 659.3, 0.5)]
    chord = [(0.38, 523.3, 0.5), (0.38, 659.3, 0.45), (0.38, 784.0, 0.45), (0.38, 1046.5, 0.35)]
    return _notes(call + chord, 0.98, 3.0)


SYNTHS: dict[str, Callable[[], list[float]]] = {
    "dice": dice_samples,
    "card": card_samples,
    "door": door_samples,
    "turn": turn_samples,
    "level": level_samples,
    "lose": lose_samples,
    "death": death_samples,
    "win": win_samples,
}


def to_pcm16(samples: list[float], channels: int) -> bytes:
    peak = max(1.0, max((abs(s) for s in samples), default=1.0))
    data = array("h")
    for s in samples:
        value = int(32000 * s / peak)
        data.extend([value] * channels)
    return data.tobytes()


class Sounds:
    """Plays the effects by name. Without a sound device it stays silent rather than failing."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.played: list[str] = []  # what was asked for, for tests and the headless run
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(RATE, -16, 2, 512)
            init = pygame.mixer.get_init()
        except pygame.error:
            init = None
        if not init:
            return
        freq, size, channels = init
        if abs(size) != 16:
            return
        for name, synth in SYNTHS.items():
            samples = synth()
            if freq != RATE:  # resample by nearest neighbour: these are short effects
                ratio = RATE / freq
                samples = [samples[min(len(samples) - 1, int(i * ratio))] for i in range(int(len(samples) / ratio))]
            self.sounds[name] = pygame.mixer.Sound(buffer=to_pcm16(samples, channels))
        self.apply_volume()

    @property
    def level(self) -> float:
        return 0.0 if self.settings.muted else self.settings.volume

    def apply_volume(self) -> None:
        for sound in self.sounds.values():
            sound.set_volume(self.level)

    def set_volume(self, volume: float) -> None:
        self.settings.volume = min(1.0, max(0.0, volume))
        self.apply_volume()

    def toggle_mute(self) -> None:
        self.settings.muted = not self.settings.muted
        self.apply_volume()

    def play(self, name: str) -> None:
        self.played.append(name)
        sound = self.sounds.get(name)
        if sound is not None and self.level > 0:
            sound.play()
