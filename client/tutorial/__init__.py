"""`doorkick learn` and the start screen's "Learn to play": a short guided game on scenario files.

`lessons` holds the lessons (what to do, why the rulebook says so, the action each step waits for); `coach`
follows a lesson on its table and points at the control to use; `table` runs a lesson's table in this
process; `pupil` plays the tutorial by itself for demos and tests; `cli` is the subcommand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..app import App
    from .table import Tutorial


def start(app: App, bot_delay: float | None = None, on_scene: Any = None) -> Tutorial:
    """Open the first lesson over the current screen; leaving comes back to it."""
    from .table import start as open_first

    return open_first(app, bot_delay, on_scene)
