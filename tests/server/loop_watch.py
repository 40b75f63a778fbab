"""Every asyncio callback's CPU time on its loop's thread, so a test can fail on one that holds the loop up.

CPU time of the loop's own thread (`time.thread_time`), not wall time: CI is a busy 2-core machine where a
callback may be preempted for tens of milliseconds by other processes, and that is not the host blocking its
loop. A callback that computes or does synchronous work for longer than the limit is counted however idle or
busy the machine is. (Waiting in a blocking system call costs no CPU, so a slow fsync on the loop would slip
through here: `test_saving_never_holds_up_the_event_loop` catches that case with fsyncs made slow.)
"""

from __future__ import annotations

import asyncio
import gc
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from unittest.mock import patch

LIMIT = 0.020  # seconds of CPU in one callback (issue 15: "fail on a callback over 20 ms")


@contextmanager
def watching(limit: float = LIMIT) -> Iterator[list[tuple[str, float]]]:
    """While inside, every callback of every event loop is timed; those over `limit` are listed (what, seconds)."""
    real = asyncio.events.Handle._run
    found: list[tuple[str, float]] = []
    collecting = _Collections()

    def timed(handle: asyncio.Handle) -> None:
        start, collected = time.thread_time(), collecting.spent
        try:
            real(handle)
        finally:
            spent = time.thread_time() - start - (collecting.spent - collected)
            if spent > limit:
                found.append((_describe(handle), spent))

    gc.callbacks.append(collecting)
    try:
        with patch.object(asyncio.events.Handle, "_run", timed):
            yield found
    finally:
        gc.callbacks.remove(collecting)


class _Collections:
    """CPU time spent collecting garbage, left out of the callbacks' time: a collection happens wherever the
    process's allocations reach the threshold, and its length is set by everything the test process holds (every
    message the test clients kept, other tests' leftovers), so it says nothing about the callback it falls in. The
    host's own collection pauses are measured by `bench/server_loop.py`."""

    def __init__(self) -> None:
        self._here = threading.local()  # a collection runs in the thread whose allocation set it off

    @property
    def spent(self) -> float:
        """This thread's CPU seconds collecting so far."""
        return getattr(self._here, "spent", 0.0)

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        now = time.thread_time()
        if phase == "start":
            self._here.started = now
        elif hasattr(self._here, "started"):
            self._here.spent = self.spent + now - self._here.started


def _describe(handle: asyncio.Handle) -> str:
    """The task a step belongs to (its coroutine and where it stopped next), else the callback itself."""
    callback = getattr(handle, "_callback", None)
    task = getattr(callback, "__self__", None)
    if isinstance(task, asyncio.Task):
        return f"task {task.get_name()}: {task.get_coro()!r}"[:300]
    return repr(handle)[:300]


def report(found: list[tuple[str, float]], limit: float = LIMIT) -> str:
    lines = [f"{len(found)} event-loop callback(s) used over {limit * 1000:.0f} ms of CPU:"]
    lines += [f"  {spent * 1000:.1f} ms  {what}" for what, spent in found[:10]]
    return "\n".join(lines)
