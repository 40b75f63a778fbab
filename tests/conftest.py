"""Hypothesis in every folder of the suite: the same examples on every run, so that CI fails only on what the run
before it would have failed on too (a property test that finds a new example on one run in ten is a flake to
whoever's change it lands on), and no health check on wall time (CI is a busy 2-core machine).

`HYPOTHESIS_PROFILE=explore` draws fresh examples, to hunt for new failures locally."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "suite", derandomize=True, database=None, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("explore", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "suite"))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The `slow` tests and the `lan` group (one worker's queue) first: the workers then end together on short
    tests, instead of one of them starting a long game as the others run out of work."""
    items.sort(key=lambda item: not (item.get_closest_marker("slow") or item.get_closest_marker("xdist_group")))
