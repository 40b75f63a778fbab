"""This client's check of the host's dice: what it saw during the game, held against the `reveal` at the end.

`Witness` notes the commitment from the `commit`, the contribution this client sent and the checksum of every
snapshot and update for its seat; when the `reveal` comes it replays the game in a worker thread (a long game
takes a moment and the window must keep drawing) and leaves a `Verdict` in `verdict`. `verify_saved` does the
same from a host's saved game folder, for `doorkick verify`.
"""

from __future__ import annotations

import argparse
import logging
import os
import threading
from pathlib import Path
from typing import Any

from ..shared import fairness as f
from ..shared import protocol
from ..shared.protocol import Message
from ..shared.rules.base import SeatSetup
from ..shared.rules.registry import ruleset

log = logging.getLogger(__name__)

CHECKING = "Checking the dice…"


class Witness:
    """Everything one viewer saw of a table that a reveal must agree with."""

    def __init__(self, game: str, seat: int | None) -> None:
        self.game = game
        self.seen = f.Seen(seat=seat)
        self.verdict: f.Verdict | None = None
        self.checking = False
        self._thread: threading.Thread | None = None

    def absorb(self, item: Message) -> None:
        """Snapshots and updates give checksums; the outcome is noted as shown."""
        if item.type in (protocol.SNAPSHOT, protocol.UPDATE) and item.get("seat") == self.seen.seat:
            self.seen.checksums[int(item.get("seq"))] = int(item.get("checksum"))

    def note_state(self, state: dict[str, Any] | None) -> None:
        if state is not None and state.get("outcome"):
            self.seen.outcome = dict(state["outcome"])

    def check(
        self, reveal: Message, packs: tuple[str, ...] | None, commitment: str | None, contribution: str | None
    ) -> None:
        """Start checking a reveal; `packs` are this machine's copies of the table's packs (None: by name)."""
        self.seen.commitment, self.seen.contribution = commitment, contribution
        try:
            revealed = f.Reveal.from_wire(reveal.fields)
        except (KeyError, TypeError, ValueError) as exc:
            self.verdict = f.Verdict(False, "Not fair: the host's reveal cannot be read", [str(exc)], 0)
            return
        if not revealed.verifiable:
            self.verdict = f.Verdict(None, "Not verifiable: " + revealed.reason, [revealed.reason])
            return
        names = tuple(str(n) for n in reveal.get("packs") or ())
        engine_packs = packs if packs is not None else names
        options = reveal.get("options")
        self.checking = True
        self._thread = threading.Thread(
            target=self._run, args=(revealed, engine_packs, options), name="verify dice", daemon=True
        )
        self._thread.start()

    def _run(self, revealed: f.Reveal, packs: tuple[str, ...], options: Any) -> None:
        try:
            self.verdict = f.verify(ruleset(self.game), revealed, packs, options, self.seen)
        except Exception as exc:  # a bug in the check must not take the window down; say it could not check
            log.exception("the dice check failed")
            self.verdict = f.Verdict(False, "Cannot check the dice here", [f"{type(exc).__name__}: {exc}"])
        self.checking = False

    def join(self, timeout: float | None = None) -> None:
        if self._thread is not None:
            self._thread.join(timeout)


def verify_saved(folder: Path) -> f.Verdict:
    """A host's saved game (its history folder: record and action log), checked from its record's round."""
    from .replay import load_replay

    record, actions = load_replay(folder)
    fairness = record.get("fairness")
    if not isinstance(fairness, dict) or not fairness.get("verifiable"):
        reason = (fairness or {}).get("reason") if isinstance(fairness, dict) else None
        return f.Verdict(None, "Not verifiable: " + str(reason or "this game was saved without a seed round"))
    if not record.get("finished"):
        return f.Verdict(None, "Not verifiable yet: the game is still being played")
    sources = record.get("sources") or {}
    packs = tuple(sources.get(name, name) for name in record.get("packs") or ())
    options = record.get("options")
    if isinstance(options, dict) and options.get("board") in sources:
        options = {**options, "board": sources[options["board"]]}
    seats = record.get("seats") or []
    try:
        reveal = f.Reveal(
            True,
            "",
            str(fairness["commitment"]),
            str(fairness["secret"]),
            tuple(f.Contribution.from_wire(c) for c in fairness["contributions"]),
            int(record["seed"]),
            tuple(SeatSetup(str(s["name"]), str(s["sex"])) for s in seats),
            tuple(actions),
        )
    except (KeyError, TypeError, ValueError) as exc:
        return f.Verdict(False, f"Not fair: the record's seed round cannot be read ({exc})", [], 0)
    seen = f.Seen(outcome=record.get("outcome"))
    if isinstance(fairness.get("final_checksum"), int):  # the spectator's view after the last action
        seen.checksums[len(actions)] = fairness["final_checksum"]
    return f.verify(ruleset(str(record["game"])), reveal, packs, options, seen)


def add_arguments(parser: argparse.ArgumentParser, name: str) -> None:
    parser.add_argument(
        "save", type=Path, metavar="SAVE_DIR", help="a finished game's folder in a host's data dir (history/TABLE)"
    )


def run(args: argparse.Namespace) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # the replay reader's imports load pygame: no banner
    from .replay import ReplayError

    try:
        verdict = verify_saved(args.save)
    except ReplayError as exc:
        print(f"doorkick verify: {exc}")
        return 2
    print(verdict.headline)
    for line in verdict.details:
        print("  " + line)
    return 0 if verdict.fair else 1
