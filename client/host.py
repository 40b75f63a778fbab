"""The host embedded in the game window: the real server, run in a thread of its own beside the frame loop."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, TypeVar

T = TypeVar("T")


class EmbeddedHost:
    """`doorkick.server`'s Server on its own asyncio loop; `start()` returns once it listens."""

    def __init__(self, config: Any) -> None:
        self.config = config
        self.server: Any = None
        self.port = 0
        self.error: BaseException | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._stopped: asyncio.Event | None = None

    def start(self, timeout: float = 10.0) -> int:
        ready: Future[int] = Future()
        self._thread = threading.Thread(target=self._run, args=(ready,), name="doorkick-host", daemon=True)
        self._thread.start()
        self.port = ready.result(timeout)
        return self.port

    def _run(self, ready: Future[int]) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        try:
            loop.run_until_complete(self._main(ready))
        except BaseException as exc:  # reported to the window, which shows it instead of dying
            self.error = exc
            if not ready.done():
                ready.set_exception(exc)
        finally:
            loop.close()

    async def _main(self, ready: Future[int]) -> None:
        from ..server.net import Server  # the server is loaded only when this machine hosts

        self._stopped = asyncio.Event()
        self.server = Server(self.config)
        await self.server.start()
        ready.set_result(self.server.port)
        try:
            await self._stopped.wait()
        finally:
            await self.server.close()

    def call(self, work: Callable[[], T], timeout: float = 10.0) -> T:
        """Run `work` on the host's own loop, where the lobby lives, and give back what it returns (or raises)."""
        loop = self._loop
        if loop is None or not self.running:
            raise RuntimeError("the host is not running")

        async def run() -> T:
            return work()

        return asyncio.run_coroutine_threadsafe(run(), loop).result(timeout)

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def stop(self) -> None:
        loop, stopped = self._loop, self._stopped
        if loop is not None and stopped is not None and self.running:
            loop.call_soon_threadsafe(stopped.set)
        if self._thread is not None:
            self._thread.join(timeout=8)


def host_config(
    name: str,
    discovery: bool = True,
    port: int = 0,
    bot_delay: float | None = None,
    pass_timeout: float | None = None,
    data_dir: Any = None,
) -> Any:
    """A ServerConfig for a table hosted from the game window."""
    from ..server.config import ServerConfig

    config = ServerConfig(name=name, port=port, discovery=discovery)
    if data_dir is not None:
        config.data_dir = data_dir
    if bot_delay is not None:
        config.bot_delay = bot_delay
    if pass_timeout is not None:
        config.pass_timeout = pass_timeout
    return config
