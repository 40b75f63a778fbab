"""Hypothesis in every folder of the suite: the same examples on every run, so that CI fails only on what the run
before it would have failed on too (a property test that finds a new example on one run in ten is a flake to
whoever's change it lands on), and no health check on wall time (CI is a busy 2-core machine).

`HYPOTHESIS_PROFILE=explore` draws fresh examples, to hunt for new failures locally."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "suite", derandomize=True, database=None, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("explore", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "suite"))
