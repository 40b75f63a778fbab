"""Replays: a finished (or interrupted) game rebuilt from its saved record and action log, step by step."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgpack
import msgspec

from ..shared.rules.base import SeatSetup
from ..shared.rules.registry import ruleset
from ..shared.rules.scenario import rebuild
from ..shared.viewer import viewer_state
from .session import Control, Happening, Session

RECORD = "record.msgpack"
ACTIONS = "actions.log"
FASTEST, SLOWEST = 1 / 64, 8.0  # seconds between actions


class ReplayError(ValueError):
    """A replay folder that cannot be read; the message says what is missing."""


def load_replay(path: Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The table record and the actions of a saved game (a table folder, or its record file)."""
    from ..server.store import ActionLog

    folder = path.parent if path.is_file() else path
    moved = folder.parent.parent / "history" / folder.name
    if not folder.exists() and folder.parent.name == "tables" and moved.is_dir():
        folder = moved  # the host moves a game to its history when it ends
    record_path = folder / RECORD
    if not record_path.is_file():
        raise ReplayError(f"{folder}: no {RECORD} here; point at a table folder of a host's data dir")
    try:
        record = msgpack.unpackb(record_path.read_bytes(), raw=False)
    except (ValueError, msgpack.UnpackException) as exc:
        raise ReplayError(f"{record_path}: unreadable ({exc})") from exc
    if not isinstance(record, dict) or record.get("seed") is None:
        raise ReplayError(f"{record_path}: this game never started, so there is nothing to replay")
    return record, ActionLog.read(folder / ACTIONS)


class ReplaySession(Session):
    """Plays the saved actions back, one per `delay` seconds; `paused`, `step()` and `delay` steer it."""

    def __init__(
        self, record: dict[str, Any], actions: list[dict[str, Any]], seat: int | None = None, delay: float = 0.8
    ) -> None:
        super().__init__()
        self.ruleset = ruleset(str(record["game"]))
        self.game = self.ruleset.game
        seats = record.get("seats") or []
        setups = tuple(
            SeatSetup(str(s.get("name") or f"Seat {i + 1}"), str(s.get("sex") or "male")) for i, s in enumerate(seats)
        )
        self.names = {i: s.name for i, s in enumerate(setups)}
        if record.get("scenario"):  # a table its host arranged from a scenario file: the same first state
            self.engine_state = rebuild(record["scenario"], tuple(s.name for s in setups)).state
        else:
            # Boards and packs the host's user loaded from files are named in the record with where they were.
            sources = record.get("sources") or {}
            packs = tuple(sources.get(name, name) for name in record.get("packs") or ())
            options = record.get("options")
            if isinstance(options, dict) and options.get("board") in sources:
                options = {**options, "board": sources[options["board"]]}
            self.engine_state = self.ruleset.new_game(setups, int(record["seed"]), packs, options)
        self.actions = actions
        self.position = 0
        self.viewer = seat
        self.seats = () if seat is None else (seat,)
        self.delay = delay
        self.paused = False
        self._clock = 0.0
        self.replay_path = ""
        self._refresh()

    def _refresh(self) -> None:
        record = msgspec.structs.replace(viewer_state(self.ruleset, self.engine_state, self.viewer), legal=[])
        self.records[self.viewer] = record
        self.states[self.viewer] = msgspec.to_builtins(record)

    def step(self) -> bool:
        """Apply the next saved action; False at the end."""
        if self.position >= len(self.actions):
            return False
        action = self.ruleset.action_from_wire(self.actions[self.position])
        self.position += 1
        self.engine_state, events = self.ruleset.apply(self.engine_state, action)
        self._refresh()
        for event in events:
            self._happenings.append(Happening("event", self.viewer, event=event.told(self.viewer)))
        self._happenings.append(Happening("state", self.viewer))
        return True

    def controls(self) -> list[Control]:
        return [
            ("Play" if self.paused else "Pause", self.toggle, "space"),
            ("Step", self.step_once, "right"),
            ("Slower", self.slower, "-"),
            ("Faster", self.faster, "="),
        ]

    def caption(self) -> str:
        pace = "paused" if self.paused else f"{1 / self.delay:.3g} actions/s"
        return f"Replay: action {self.position} of {len(self.actions)} · {pace}"

    def toggle(self) -> None:
        self.paused = not self.paused
        self._clock = 0.0

    def step_once(self) -> None:
        self.paused = True
        self.step()

    def slower(self) -> None:
        self.delay = min(SLOWEST, self.delay * 2)

    def faster(self) -> None:
        self.delay = max(FASTEST, self.delay / 2)

    def pump(self, dt: float) -> list[Happening]:
        if not self.paused:
            self._clock += dt
            while self._clock >= self.delay:
                self._clock -= self.delay
                if not self.step():
                    self.paused = True
                    break
        return super().pump(dt)

    def act(self, seat: int, wire: dict[str, Any]) -> None:
        """A replay takes no actions."""

    @property
    def finished(self) -> bool:
        return False  # stay on the last frame instead of jumping to the results
