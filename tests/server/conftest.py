"""Every server test fails if an event-loop callback used more than 20 ms of the loop thread's CPU.

The host must never block its loop (issue 15): one slow callback delays every table and connection. The check
counts CPU time, not wall time (see `loop_watch`), so a callback preempted on a busy CI machine does not fail a
test, while one that really computes for too long fails it wherever it runs. A test that must run slow code on
a loop on purpose is marked `slow_callbacks_allowed`.
"""

from __future__ import annotations

from collections.abc import Iterator

import loop_watch
import pytest

# Imported here, once, so that the first test to reach them does not count a module's first import (tens of ms
# of CPU, once per process) as a slow callback: these are the modules the host imports lazily.
import doorkick.shared.bots.easy
import doorkick.shared.bots.hard
import doorkick.shared.bots.munchkin_normal
import doorkick.shared.bots.wonderland_normal  # noqa: F401


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "slow_callbacks_allowed: the test runs slow code on an event loop on purpose")


@pytest.fixture(autouse=True)
def no_slow_callbacks(request: pytest.FixtureRequest) -> Iterator[None]:
    if request.node.get_closest_marker("slow_callbacks_allowed"):
        yield
        return
    with loop_watch.watching() as found:
        yield
    if found:
        pytest.fail(loop_watch.report(found), pytrace=False)
