"""Client tests run headless: dummy video and audio drivers, and a throw-away config dir."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest


@pytest.fixture(autouse=True)
def _config_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DOORKICK_CONFIG_DIR", str(tmp_path / "config"))


@pytest.fixture
def host(tmp_path: Path) -> Iterator[object]:
    """A real host on 127.0.0.1 in this process (no discovery), with quick bots and a short pass clock."""
    from doorkick.client.host import EmbeddedHost, host_config

    embedded = EmbeddedHost(
        host_config("test host", discovery=False, data_dir=tmp_path / "data", bot_delay=0.05, pass_timeout=1.0)
    )
    embedded.start()
    yield embedded
    embedded.stop()


@pytest.fixture
def app(tmp_path: Path) -> Iterator[object]:
    from doorkick.client.app import App
    from doorkick.client.settings import Settings

    application = App(Settings(), size=(1280, 720), screenshot_dir=tmp_path / "shots")
    yield application
    application.close()
    pygame.display.quit()
