"""Settings persist in the config dir and survive broken or hostile files."""

from __future__ import annotations

import json
from pathlib import Path

from doorkick.client.settings import Settings, config_dir


def test_settings_round_trip_through_the_config_dir() -> None:
    s = Settings(name="Gwen", colour=3, volume=0.25, muted=True, window_w=1600, window_h=900)
    s.save()
    assert (config_dir() / "settings.json").is_file()
    assert Settings.load() == s


def test_missing_or_broken_file_gives_defaults(tmp_path: Path) -> None:
    assert Settings.load(tmp_path / "none.json") == Settings()
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    assert Settings.load(bad) == Settings()


def test_wrong_types_and_wild_values_fall_back_or_clamp(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    path.write_text(json.dumps({"name": 7, "volume": 9, "window_w": 10, "muted": "yes", "extra": 1}), "utf-8")
    s = Settings.load(path)
    assert s.name == "Player" and s.volume == 1.0 and s.window_w == 1024 and s.muted is False


def test_a_word_outside_its_choices_falls_back_alone(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    saved = {"sex": "robot", "animation_speed": "warp", "bot_seconds": 2, "fps": 30.0, "name": "Ann"}
    path.write_text(json.dumps(saved), "utf-8")
    s = Settings.load(path)
    assert (s.sex, s.animation_speed, s.name) == ("male", "normal", "Ann")
    assert s.bot_seconds == 2.0 and type(s.bot_seconds) is float  # an int stands for a float
    assert s.fps == 60  # a float is no int
