"""Helpers for client tests that run against a real host: step frames until something has happened."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, TypeVar

from doorkick.client.pack_cache import PackCache
from doorkick.client.scenes.base import Scene
from doorkick.client.scenes.lobby import LobbyScene

SceneT = TypeVar("SceneT", bound=Scene)

# How long a wait may take before it counts as a hang. Generous: CI is a busy 2-core machine, and a wait that
# holds returns as soon as it holds, so only a test that is failing anyway ever waits this long.
PATIENCE = 120.0


def wait_until(want: Callable[[], object], seconds: float = PATIENCE, every: float = 0.01, what: str = "") -> None:
    """Check `want()` every `every` seconds (other threads do the work) until it holds; fail saying `what`."""
    end = time.monotonic() + seconds
    while not want():
        if time.monotonic() > end:
            raise AssertionError(f"timed out after {seconds:g} s waiting for {what or 'the condition'}")
        time.sleep(every)


def run_until(
    app: Any,
    want: Callable[[], object],
    seconds: float = PATIENCE,
    act: Callable[[], None] | None = None,
    what: str = "",
) -> None:
    """Step the app's frames (the host and the connection run on their own threads) until `want()` holds.
    `act()`, if given, plays on before each frame (chooses an action, closes a menu)."""

    def stepped() -> object:
        if act is not None:
            act()
        app.step(1 / 60, [])
        return want()

    wait_until(stepped, seconds, 0.005, what)


def on_top(app: Any, kind: type[SceneT]) -> SceneT:
    """The scene on top of the app's stack, which must be a `kind`; read afresh each time it is called."""
    top = app.top
    assert isinstance(top, kind), f"{type(top).__name__} on top, not {kind.__name__}"
    return top


def lobby_table(lobby: LobbyScene) -> dict[str, Any]:
    """The table the lobby sits at (it must sit at one)."""
    assert lobby.table is not None, "the lobby is at no table"
    return lobby.table


class StandInLink:
    """A link to the host (`client/net.py`'s `HostLink`) that records what the screen asks and hands over what
    the test queues in `incoming`, and nothing else."""

    def __init__(self, *incoming: Any) -> None:
        self.sent: list[tuple[str, dict[str, Any]]] = []
        self.incoming: list[Any] = list(incoming)
        self.wake: Callable[[], None] | None = None
        self.server_id, self.token, self.packs = "", None, PackCache()

    def request(self, type_: str, **fields: Any) -> None:
        self.sent.append((type_, fields))

    def poll(self) -> list[Any]:
        out, self.incoming = self.incoming, []
        return out

    def close(self) -> None:
        pass
