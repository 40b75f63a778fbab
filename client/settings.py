"""Player settings (name, colour, volume, window size, bot pace, passing, animation speed) as JSON in the
config dir."""

from __future__ import annotations

import json
import os
import typing
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Literal

import msgspec
from platformdirs import user_config_dir

from ..shared.rules.base import SEXES, Sex

# Tests and portable installs point this at a directory of their own.
CONFIG_ENV = "DOORKICK_CONFIG_DIR"
# The smallest window every screen is laid out for without overlaps (the layout test checks it); the window,
# `--size` and saved settings never go below it.
MIN_WINDOW = (1024, 640)
# The big moments' pace (a kicked Door, a level, a death...): off plays none of them, only their sounds.
AnimationSpeed = Literal["off", "normal", "fast"]
ANIMATION_SPEEDS: dict[AnimationSpeed, float] = {"off": 0.0, "normal": 1.0, "fast": 2.0}


def config_dir() -> Path:
    override = os.environ.get(CONFIG_ENV)
    return Path(override) if override else Path(user_config_dir("doorkick", appauthor=False))


@dataclass
class Settings:
    name: str = "Player"
    colour: int = 0  # index into theme.PLAYER_COLOURS
    sex: Sex = "male"
    volume: float = 0.7
    muted: bool = False
    window_w: int = 1280
    window_h: int = 720
    fullscreen: bool = False
    fps: int = 60
    # R01: a reaction window passes at once for a seat with nothing it could play there.
    auto_pass: bool = True
    bot_seconds: float = 1.0  # between a bot's actions in a game this window hosts: a pace people can follow
    last_host: str = ""
    animation_speed: AnimationSpeed = "normal"

    @classmethod
    def load(cls, path: Path | None = None) -> Settings:
        """Read the saved settings; whatever is missing, unknown or mistyped falls back to its default."""
        path = path or config_dir() / "settings.json"
        try:
            raw: Any = msgspec.json.decode(path.read_bytes())
        except (OSError, msgspec.DecodeError):
            return cls()
        if not isinstance(raw, dict):
            return cls()
        settings = cls()
        for name in raw.keys() & _FIELD_TYPES.keys():  # one setting at a time: a bad one loses only itself
            try:
                setattr(settings, name, msgspec.convert(raw[name], _FIELD_TYPES[name]))
            except msgspec.ValidationError:
                continue
        settings.clamp()
        return settings

    def clamp(self) -> None:
        self.volume = min(1.0, max(0.0, self.volume))
        self.window_w = min(7680, max(MIN_WINDOW[0], self.window_w))
        self.window_h = min(4320, max(MIN_WINDOW[1], self.window_h))
        self.fps = min(240, max(20, self.fps))
        self.bot_seconds = min(5.0, max(0.0, self.bot_seconds))
        self.name = self.name.strip()[:20] or "Player"
        if self.sex not in SEXES:
            self.sex = "male"
        if self.animation_speed not in ANIMATION_SPEEDS:
            self.animation_speed = "normal"

    @property
    def animation_factor(self) -> float:
        """How fast the big moments play: 0 (off), 1 (normal) or 2 (fast)."""
        return ANIMATION_SPEEDS.get(self.animation_speed, 1.0)

    def save(self, path: Path | None = None) -> None:
        """Write atomically so a crash mid-write never leaves a broken file."""
        path = path or config_dir() / "settings.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(asdict(self), indent=2), encoding="utf-8")
        os.replace(tmp, path)


_FIELD_TYPES: dict[str, Any] = typing.get_type_hints(Settings)  # what msgspec reads each setting as
