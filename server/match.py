"""One running game: a queue serialises actions; each is checked, applied, logged, then sent to every viewer.

Every seat and spectator gets its own view: a full snapshot on join or resync, otherwise a sequence-numbered
update holding the events as that seat may know them and the changed parts of its state, with a checksum. The
views of one state are built once for every viewer (`viewer.Audience`): the public part once, each seat only its
own; spectators share one. What every seat shares (the public changes, the events as everybody knows them) is
encoded once and spliced into each seat's frame.
Timers play `pass` for a silent human in a window where passing is legal; a human with nothing to pass is
played for by a bot after the longer turn timeout. Bots use the same path as humans; a hard bot thinks in a
worker process (`bot_pool`) so that the other tables on this host keep moving meanwhile.
"""

from __future__ import annotations

import asyncio
import logging
import math
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from msgspec import Raw

from ..shared import protocol as p
from ..shared.bots import THINKS_LONG, Bot, level_for, make_bot
from ..shared.rules.base import (
    Action,
    Event,
    IllegalAction,
    NotYourDecision,
    RuleError,
    Ruleset,
    WrongTime,
)
from ..shared.viewer import Audience, Differ, outcome_map
from .bot_pool import BotPool
from .config import ServerConfig
from .history import RecentEvents
from .store import ActionLog
from .tables import BOT, Client, ServerError, Table

log = logging.getLogger(__name__)

PASS = "pass"


@dataclass
class _Submitted:
    client: Client | None
    seat: int
    action: Action
    request_id: int | str | None


@dataclass
class _BotTurn:
    seat: int


@dataclass
class _Timeout:
    seat: int
    generation: int


@dataclass
class _Timer:
    kind: str  # "pass" or "turn"
    generation: int
    handle: asyncio.TimerHandle
    held: bool = False  # topped up once already for a menu opened late (`hold`)


Job = _Submitted | _BotTurn | _Timeout


class Match:
    """The game at one table. Only the worker task changes `state`."""

    def __init__(
        self,
        table: Table,
        ruleset: Ruleset[Any],
        state: Any,
        seq: int,
        action_log: ActionLog | None,
        config: ServerConfig,
        on_finish: Any,
        on_progress: Any = None,
        bot_pool: BotPool | None = None,
    ) -> None:
        self.table = table
        self.ruleset = ruleset
        self.state = state
        self.seq = seq  # actions applied so far
        self.log = action_log
        self.config = config
        self.on_finish = on_finish  # called with the table once the game has an outcome
        self.on_progress = on_progress or (lambda table: None)  # called with the table after every action
        self.queue: asyncio.Queue[Job] = asyncio.Queue(maxsize=config.queue_limit)
        # the viewer states each connected seat holds: `wire(seat)` of that audience (None: the spectators')
        self.sent: dict[int, Audience] = {}
        self.spectator_state: Audience | None = None
        self.timers: dict[int, _Timer] = {}
        self.bot_turns: dict[int, asyncio.TimerHandle] = {}
        # Each seat's legal actions in the current state: the broadcast, the clocks and the next action's check
        # all ask for them, and listing them is the costliest part of an action.
        self._legal_in: tuple[Any, dict[int, Collection[Action]]] = (None, {})
        self._legal_wire_in: tuple[Any, dict[int, list[Any]]] = (None, {})  # the same lists as the wire has them
        self._legal_wire_before: dict[int, list[Any]] = {}  # ... of the state before
        self.sent_checksum: dict[int | None, int] = {}  # the checksum of what each viewer holds (None: spectators)
        self._viewers: Audience | None = None  # the viewer states of `state`, once asked for
        self.recent = RecentEvents()  # for a window back at its seat: its log (history.py)
        levels = {s.index: _bot_level(table, s.index) for s in table.seats}
        seed = (table.seed or 0) * 7919
        self.bots: dict[int, Bot] = {i: make_bot(table.game, level, seed + i + 1) for i, level in levels.items()}
        self.deep_thinkers = {i for i, level in levels.items() if level in THINKS_LONG}
        self.bot_pool = bot_pool if bot_pool is not None else BotPool(processes=False)  # where they think
        self._generation = 0
        self._task: asyncio.Task[None] | None = None
        self.finished = ruleset.outcome(state) is not None

    # -- life cycle -----------------------------------------------------------------------------------
    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run(), name=f"match {self.table.id}")
        self._schedule(actor=None)

    async def close(self) -> None:
        self._stop_clocks()
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None
        if self.log is not None:
            self.log.close()

    # -- requests from the lobby ----------------------------------------------------------------------
    def submit(self, client: Client, seat: int, wire: dict[str, Any], request_id: int | str | None) -> None:
        """Queue a player's action; a malformed one or one for another seat is refused at once."""
        action = self.ruleset.action_from_wire(wire)  # raises MalformedAction
        if action.seat != seat:
            raise ServerError("not_your_seat", f"your seat is {seat}, the action is for seat {action.seat}")
        try:
            self.queue.put_nowait(_Submitted(client, seat, action, request_id))
        except asyncio.QueueFull:
            raise ServerError("busy", "too many actions waiting at this table") from None

    def send_snapshot(self, client: Client, seat: int | None, request_id: int | str | None = None) -> None:
        """The whole state for a viewer joining, coming back or asking to resync."""
        viewers = self._audience()
        state = viewers.wire(seat)
        if seat is None:
            self.spectator_state = viewers
        else:
            self.sent[seat] = viewers
        checksum = self.sent_checksum[seat] = viewers.checksum(seat)
        client.send(
            p.message(
                p.SNAPSHOT,
                request_id,
                table=self.table.id,
                seat=seat,
                seq=self.seq,
                state=state,
                checksum=checksum,
                history=self.recent.for_seat(seat),
            )
        )

    def forget(self, seat: int) -> None:
        self.sent.pop(seat, None)

    def hold(self, seat: int) -> None:
        """The player opened a menu with little time left: once per clock, top it up to `HOLD_SECONDS`, so the
        clock cannot run out on an open menu before its warning has shown for that long (R01)."""
        timer = self.timers.get(seat)
        loop = asyncio.get_running_loop()
        if timer is None or timer.kind != PASS or timer.held or timer.handle.when() - loop.time() >= p.HOLD_SECONDS:
            return
        self._cancel_timer(seat)
        self._start_timer(seat, PASS, p.HOLD_SECONDS, held=True)

    def seat_changed(self) -> None:
        """A seat went over to a bot or back to its human: re-plan bots and timers."""
        if not self.finished:
            self._schedule(actor=None)

    # -- the worker -----------------------------------------------------------------------------------
    async def _run(self) -> None:
        while True:
            job = await self.queue.get()
            try:
                await self._do(job)
            except Exception:  # an engine bug must not take the table down; the state is unchanged
                log.exception("table %s: %r failed", self.table.id, job)
                if isinstance(job, _Submitted) and job.client is not None:
                    job.client.send(
                        p.message(
                            p.ERROR, job.request_id, code="internal", message="the server failed to apply that action"
                        )
                    )

    async def _do(self, job: Job) -> None:
        if isinstance(job, _Submitted):
            try:
                await self._play(job.seat, job.action)
            except RuleError as exc:
                if job.client is not None:
                    job.client.send(p.message(p.ERROR, job.request_id, code=exc.code, message=str(exc)))
                return
            except OSError as exc:
                log.error("table %s: cannot save the action log: %s", self.table.id, exc)
                if job.client is not None:
                    job.client.send(
                        p.message(
                            p.ERROR, job.request_id, code="storage", message="the server could not save that action"
                        )
                    )
                return
            if job.client is not None:
                job.client.send(p.message(p.OK, job.request_id, seq=self.seq))
        elif isinstance(job, _BotTurn):
            self.bot_turns.pop(job.seat, None)
            if self._waits_for(job.seat) and self.table.seats[job.seat].bot_controlled:
                await self._bot_plays(job.seat)
        else:
            timer = self.timers.get(job.seat)
            if timer is None or timer.generation != job.generation or not self._waits_for(job.seat):
                return
            del self.timers[job.seat]
            # Everyone hears that the clock, not the player, acts now: a client words it once per window.
            self._tell_timer(job.seat, "out", 0)
            action = self._legal_pass(job.seat)
            if action is None:
                await self._bot_plays(job.seat)
            else:
                await self._play(job.seat, action)

    async def _bot_plays(self, seat: int) -> None:
        bot = self.bots[seat]
        # A deep thinker with one legal action or none answers at once, so it is asked here, not in the pool.
        if seat in self.deep_thinkers and len(self._legal(seat)) > 1:
            # Only this worker changes the state, and it waits here, so the pool sees a state that holds still.
            # The bot comes back as it is after choosing (its dice moved on): its next move starts from there.
            action, self.bots[seat] = await self.bot_pool.choose(self.ruleset, bot, self.state, seat)
        else:
            action = bot.choose(self.ruleset, self.state, seat)
        if action is None:
            return
        try:
            await self._play(seat, action, stand_in=self.table.seats[seat].kind != BOT)
        except OSError as exc:
            log.error("table %s: cannot save the action log: %s", self.table.id, exc)
            return
        except RuleError as exc:  # the engine listed an action it then refused: draw again a little later
            log.warning("table %s: seat %d's bot tried %s: %s", self.table.id, seat, action, exc)
            if seat not in self.bot_turns:
                loop = asyncio.get_running_loop()
                self.bot_turns[seat] = loop.call_later(self.config.bot_delay + 0.05, self._enqueue, _BotTurn(seat))

    def _legal(self, seat: int) -> Collection[Action]:
        """The seat's legal actions in the current state, as the engine gives them: listed only when iterated,
        while `action in legal` asks the rules' check alone."""
        state, known = self._legal_in
        if state is not self.state:
            known = {}
            self._legal_in = (self.state, known)
        if seat not in known:
            known[seat] = self.ruleset.legal_actions(self.state, seat)
        return known[seat]

    def _legal_wire(self, seat: int) -> list[Any]:
        """The list a seat's client shows; empty, and not listed, for a seat that can neither act nor react. A
        list equal to the one of the state before is that very list, so that the views see at once that it did
        not change (its diff and its checksum's bytes are not worked out again)."""
        state, known = self._legal_wire_in
        if state is not self.state:
            self._legal_wire_before = known
            known = {}
            self._legal_wire_in = (self.state, known)
        if seat not in known:
            legal = self._legal(seat)
            wire = [a.to_wire() for a in legal] if legal else []
            before = self._legal_wire_before.get(seat)
            known[seat] = before if before is not None and before == wire else wire
        return known[seat]

    def _legal_pass(self, seat: int) -> Action | None:
        """The seat's pass when passing is legal for it now, found by the rules' check, without a listing."""
        try:
            action = self.ruleset.action_from_wire({"type": PASS, "seat": seat})
        except RuleError:  # a game without passes
            return None
        return action if action in self._legal(seat) else None

    def _waits_for(self, seat: int) -> bool:
        return not self.finished and seat in self.ruleset.seats_to_act(self.state)

    async def _play(self, seat: int, action: Action, stand_in: bool = False) -> None:
        """Check, apply, log, broadcast. Raises RuleError (or OSError) with nothing changed. `stand_in`: a bot
        played this for a human's seat, and everyone is told so."""
        if self.finished:
            raise WrongTime("the game is over")
        # Legal is what the engine lists for the seat; a seat need not be in `seats_to_act` for that (Munchkin
        # lets anyone sell or equip between fights).
        legal = self._legal(seat)
        if action not in legal:
            if not legal:
                raise NotYourDecision(f"seat {seat} has no decision to make now")
            raise IllegalAction(f"{action} is not a legal action now")
        state, events = self.ruleset.apply(self.state, action)
        # On the disk before anybody hears of it; the disk thread syncs it while the loop serves other tables,
        # and only this worker changes the state, so nothing else moves here meanwhile.
        assert self.log is not None  # only a finished game has no log
        await self.log.append(self.seq + 1, action.to_wire())
        self.state = state
        self.seq += 1
        self.on_progress(self.table)
        outcome = self.ruleset.outcome(state)
        if outcome is not None:
            self.finished = True
            self._stop_clocks()
        self._broadcast(events, seat if stand_in else None)
        if outcome is not None:
            self.on_finish(self.table, outcome_map(outcome))
        else:
            self._schedule(actor=seat)

    # -- views ----------------------------------------------------------------------------------------
    def _audience(self) -> Audience:
        """Every viewer's state of the current state, each built once and only when asked for."""
        if self._viewers is None or self._viewers.state is not self.state:
            seats = [s.index for s in self.table.seats]
            self._viewers = Audience(self.ruleset, self.state, seats, self._legal_wire, before=self._viewers)
        return self._viewers

    def _update(
        self, seat: int | None, events: _Events, held: Audience, stand_in: int | None = None
    ) -> tuple[Audience, bytes]:
        """The seat's update frame from the viewer state it holds (`held`'s) to the current one. The parts every
        seat shares (the public view's changes, the events as everybody knows them) come encoded once and are
        spliced in; a seat adds only its own."""
        viewers = self._audience()
        if held is viewers:
            count, changes = 0, b""
        elif held is viewers.before:
            count, changes = viewers.changes_since_before(seat)
        else:  # it holds an older state (it missed an update): its changes are worked out whole
            whole = Differ().diff(held.wire(seat), viewers.wire(seat))
            count, changes = len(whole), p.encode_items(whole)
        # A viewer whose state did not change holds the checksum it was last sent.
        checksum = self.sent_checksum.get(seat) if not count else None
        if checksum is None:
            checksum = self.sent_checksum[seat] = viewers.checksum(seat)
        message = p.message(
            p.UPDATE,
            table=self.table.id,
            seat=seat,
            seq=self.seq,
            events=events.for_seat(seat),
            changes=Raw(p.array_header(count) + changes),
            checksum=checksum,
        )
        if stand_in is not None:
            message["stand_in"] = stand_in
        return viewers, p.encode(message)

    def _broadcast(self, events: list[Event], stand_in: int | None = None) -> None:
        self.recent.add(events)
        told = _Events(events)  # as everybody knows them, encoded once
        for seat in self.table.seats:
            before = self.sent.get(seat.index)
            if seat.client is None or before is None:
                continue
            self.sent[seat.index], frame = self._update(seat.index, told, before, stand_in)
            seat.client.send_frame(frame)
        if self.table.spectators and self.spectator_state is not None:
            self.spectator_state, frame = self._update(None, told, self.spectator_state, stand_in)
            for client in list(self.table.spectators):
                client.send_frame(frame)

    # -- bots and clocks ------------------------------------------------------------------------------
    def _schedule(self, actor: int | None) -> None:
        """After every change: bots whose turn it is get a move queued; humans who must decide get a clock."""
        waiting = self.ruleset.seats_to_act(self.state)
        config = self.config
        # With both clocks off (a bench, a host told so) a human who must decide gets no clock at all: nothing
        # to look up per seat (its pass, the reaction time) after every move.
        clocks = config.pass_timeout is not None or config.turn_timeout is not None
        reaction: float | None = None
        looked_up = False
        for seat in self.table.seats:
            i = seat.index
            if i not in waiting:
                if i in self.timers:
                    self._cancel_timer(i)
                continue
            if seat.bot_controlled:
                self._cancel_timer(i)
                if i not in self.bot_turns:
                    loop = asyncio.get_running_loop()
                    self.bot_turns[i] = loop.call_later(config.bot_delay, self._enqueue, _BotTurn(i))
                continue
            if not clocks:
                continue
            # Outside a reaction window a pass withdraws something (the fighter's call for help): a decision,
            # on the turn clock like any other, never a reaction that a short clock may make for the player.
            if not looked_up:
                reaction, looked_up = self.ruleset.reaction_seconds(self.state), True
            has_pass = reaction is not None and self._legal_pass(i) is not None
            kind = PASS if has_pass else "turn"
            # A pass clock starts again after any action (a card played reopens the window); a turn clock
            # keeps running until the seat itself acts.
            timer = self.timers.get(i)
            if timer is not None and timer.kind == kind == "turn" and i != actor:
                continue
            self._cancel_timer(i)
            seconds: float | None
            if has_pass and config.pass_timeout is not None:
                # The rules' own reaction time where they give one (R01), else the host's clock.
                seconds = reaction or config.pass_timeout
                if seconds == math.inf:  # a table without a reaction timer waits as long as for any decision
                    kind, seconds = "turn", config.turn_timeout
            elif has_pass:
                seconds = None
            else:
                seconds = config.turn_timeout
            if seconds is None:
                continue
            self._start_timer(i, kind, seconds)

    def _start_timer(self, seat: int, kind: str, seconds: float, held: bool = False) -> None:
        self._generation += 1
        handle = asyncio.get_running_loop().call_later(seconds, self._enqueue, _Timeout(seat, self._generation))
        self.timers[seat] = _Timer(kind, self._generation, handle, held)
        self._tell_timer(seat, kind, seconds)

    def _tell_timer(self, seat: int, kind: str, seconds: float) -> None:
        notice = p.encode(p.message(p.TIMER, table=self.table.id, seat=seat, kind=kind, seconds=seconds))
        for client in self.table.clients():
            client.send_frame(notice)

    def _enqueue(self, job: Job) -> None:
        try:
            self.queue.put_nowait(job)
        except asyncio.QueueFull:  # a flooded table: try the bot or the clock again a little later
            asyncio.get_running_loop().call_later(0.05, self._enqueue, job)

    def _cancel_timer(self, seat: int) -> None:
        timer = self.timers.pop(seat, None)
        if timer is not None:
            timer.handle.cancel()

    def _stop_clocks(self) -> None:
        for seat in list(self.timers):
            self._cancel_timer(seat)
        for handle in self.bot_turns.values():
            handle.cancel()
        self.bot_turns.clear()


class _Events:
    """One action's events for every viewer: as everybody may know them encoded once, and a seat in an
    event's audience (one that may know its secret part) gets its own."""

    def __init__(self, events: list[Event]) -> None:
        self.events = events
        self.public = [Raw(p.encode_value(e.told(None))) for e in events]
        self.everybody = Raw(p.encode_value(self.public))
        self.secret = [e for e in events if e.audience]

    def for_seat(self, seat: int | None) -> Raw:
        if seat is None or not any(seat in e.audience for e in self.secret):
            return self.everybody
        return Raw(
            p.encode_value(
                [
                    Raw(p.encode_value(e.told(seat))) if seat in e.audience else known
                    for e, known in zip(self.events, self.public, strict=True)
                ]
            )
        )


def _bot_level(table: Table, seat: int) -> str:
    """Bot seats play at the table's level; a normal bot stands in for a human who dropped out."""
    return level_for(table.game, table.bot_level if table.seats[seat].kind == BOT else "normal")
