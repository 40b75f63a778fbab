"""The slow-callback check every server test runs under (conftest.py, loop_watch.py) is itself checked here."""

from __future__ import annotations

import asyncio
import gc
import os
import subprocess
import sys
import time
from pathlib import Path

import loop_watch
import pytest

HERE = Path(__file__).resolve().parent


def _spin(seconds: float) -> None:
    """Compute for `seconds` of this thread's CPU, however busy the machine."""
    end = time.thread_time() + seconds
    while time.thread_time() < end:
        pass


@pytest.mark.slow_callbacks_allowed  # it makes one, and checks that it is found
def test_a_callback_that_computes_too_long_is_found_and_one_that_waits_is_not() -> None:
    async def scenario() -> None:
        loop = asyncio.get_running_loop()
        loop.call_soon(_spin, 0.05)
        loop.call_soon(time.sleep, 0.05)  # wall time, no CPU: what a preempted callback looks like
        await asyncio.sleep(0)
        await asyncio.sleep(0)

    with loop_watch.watching() as found:
        asyncio.run(scenario())
    assert len(found) == 1 and found[0][0].startswith("<Handle _spin(0.05)")
    assert found[0][1] >= 0.05
    assert "1 event-loop callback(s) used over 20 ms of CPU" in loop_watch.report(found)


@pytest.mark.skipif(os.environ.get("DOORKICK_SLOW_CALLBACK_DEMO") != "1", reason="run by the test below only")
def test_deliberately_slow_callback() -> None:
    async def scenario() -> None:
        asyncio.get_running_loop().call_soon(_spin, 0.05)
        await asyncio.sleep(0.01)

    asyncio.run(scenario())


def test_the_fixture_fails_a_server_test_with_a_slow_callback() -> None:
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            f"{__file__}::test_deliberately_slow_callback",
            "-q",
            "-p",
            "no:cacheprovider",
            "-p",
            "no:xdist",
            "-o",
            "addopts=",
        ],
        cwd=HERE.parent.parent,
        env={**os.environ, "DOORKICK_SLOW_CALLBACK_DEMO": "1"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 1, run.stdout + run.stderr
    assert "event-loop callback(s) used over 20 ms of CPU" in run.stdout
    assert "_spin" in run.stdout


@pytest.mark.slow_callbacks_allowed  # it makes a slow one, and checks what is counted
def test_a_garbage_collection_inside_a_callback_is_not_the_callbacks_time() -> None:
    def collection_then_work(collection: float, work: float) -> None:
        for callback in gc.callbacks:  # a collection as the interpreter reports one, of a known length
            callback("start", {"generation": 2})
        _spin(collection)
        for callback in gc.callbacks:
            callback("stop", {"generation": 2, "collected": 0, "uncollectable": 0})
        _spin(work)

    async def scenario() -> None:
        loop = asyncio.get_running_loop()
        loop.call_soon(collection_then_work, 0.05, 0.001)
        loop.call_soon(collection_then_work, 0.001, 0.05)
        await asyncio.sleep(0)
        await asyncio.sleep(0)

    with loop_watch.watching() as found:
        asyncio.run(scenario())
    assert len(found) == 1 and "(0.001, 0.05)" in found[0][0]
