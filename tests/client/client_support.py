"""Helpers for client tests that run against a real host: step frames until something has happened."""

from __future__ import annotations

import time
from typing import Any


def run_until(app: Any, want: Any, seconds: float = 15.0) -> None:
    """Step the app's frames (the host and the connection run on their own threads) until `want()` holds."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.step(1 / 60, [])
        if want():
            return
        time.sleep(0.005)
    raise AssertionError("timed out")
