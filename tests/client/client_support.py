"""Helpers for client tests that run against a real host: step frames until something has happened."""

from __future__ import annotations

import time
from typing import Any, TypeVar

from doorkick.client.scenes.base import Scene
from doorkick.client.scenes.lobby import LobbyScene

SceneT = TypeVar("SceneT", bound=Scene)


def run_until(app: Any, want: Any, seconds: float = 15.0) -> None:
    """Step the app's frames (the host and the connection run on their own threads) until `want()` holds."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.step(1 / 60, [])
        if want():
            return
        time.sleep(0.005)
    raise AssertionError("timed out")


def on_top(app: Any, kind: type[SceneT]) -> SceneT:
    """The scene on top of the app's stack, which must be a `kind`; read afresh each time it is called."""
    top = app.top
    assert isinstance(top, kind), f"{type(top).__name__} on top, not {kind.__name__}"
    return top


def lobby_table(lobby: LobbyScene) -> dict[str, Any]:
    """The table the lobby sits at (it must sit at one)."""
    assert lobby.table is not None, "the lobby is at no table"
    return lobby.table
