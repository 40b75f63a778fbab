"""A seat at a table as scenes see it: its state (view, legal actions, who acts), its events, and `act`.

Two sources give the same viewer state the server sends (`viewer.ViewerState`: `{"view", "legal", "to_act",
"turn", "outcome"}`): `NetSession` follows snapshots and updates from a host and decodes each state it ends up
with (a state it cannot read is an error, not a screen); `LocalSession` runs an engine in this process (bots for
the other seats), which serves tests, hot-seat play without a network, and replays. Scenes read `records` (the
typed `ViewerState`s); `states` holds the same states' wire form (plain maps: what updates change, and what the
words read).
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable, Iterable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec

from ..shared import protocol
from ..shared.bots import THINKS_LONG, Bot, level_for, make_bot
from ..shared.events import decode as decode_event
from ..shared.fairness import view_state
from ..shared.protocol import Message, ProtocolError
from ..shared.rules.base import Action, Event, RuleError, Ruleset, SeatSetup
from ..shared.rules.munchkin.actions import Pass
from ..shared.viewer import Audience, ViewerState, decode
from .actions import decode as decode_actions
from .actions import sent
from .clocks import LocalClocks, window_key
from .net import HostLink, Status
from .presence import Presence
from .verify import Witness

log = logging.getLogger(__name__)

TableState = dict[str, Any]
# A button a session offers in place of the table's actions: label, what it does, its key (a pygame key name).
Control = tuple[str, Callable[[], None], str]


@dataclass
class Happening:
    """Something a scene may want to show: an engine event for a seat, a status change, an error, a timer."""

    kind: str  # "event", "history", "status", "error", "timer", "chat", "state", "presence"
    seat: int | None = None
    data: dict[str, Any] = field(default_factory=dict)
    stand_in: int | None = None  # an event of an action a bot played for this (human) seat
    event: Event | None = None  # an "event": its record (`shared/events.py`), as this seat may know it


def state_for(ruleset: Ruleset[Any], state: Any, seat: int | None) -> TableState:
    """What the server would send `seat`: the same five fields, so scenes cannot tell the sources apart."""
    return view_state(ruleset, state, seat)


class Session:
    """The common face of a table seen from this client."""

    game: str = ""
    seats: tuple[int, ...] = ()  # the seats this client plays (more than one for hot-seat)
    names: dict[int, str]
    status: str = "connected"
    replay_path: str = ""  # where this game's replay is kept, when this machine knows

    def __init__(self) -> None:
        self.states: dict[int | None, TableState] = {}
        self.records: dict[int | None, ViewerState] = {}  # the same states, typed
        self._legal: dict[int | None, tuple[ViewerState, list[Action]]] = {}  # see `legal`
        self.names = {}
        self.colours: dict[int, str] = {}  # seat -> the host's colour name
        self.presence = Presence()  # who dropped, who a bot plays for (only a host tells)
        self._happenings: deque[Happening] = deque()

    def state(self, seat: int | None) -> TableState | None:
        return self.states.get(seat)

    def legal(self, seat: int | None) -> list[Action]:
        """The seat's legal actions as the engine's action records, read from their wire form once per state
        that arrives (the scenes dispatch on the records; an action goes back in its wire form)."""
        record = self.records.get(seat)
        if record is None:
            return []
        read = self._legal.get(seat)
        if read is None or read[0] is not record:
            read = self._legal[seat] = (record, decode_actions(self.game, record.legal))
        return read[1]

    def pump(self, dt: float) -> list[Happening]:
        """Advance (bots, network) and return what happened since the last call."""
        out = list(self._happenings)
        self._happenings.clear()
        return out

    def act(self, seat: int, wire: dict[str, Any]) -> None:
        raise NotImplementedError

    def card_packs(self, named: tuple[str, ...]) -> tuple[str, ...] | None:
        """What the pack loader reads for the packs a view names; None while they are still on their way."""
        return named

    def pack_names(self, named: list[str]) -> list[str]:
        """The packs a view names, as the table chose them (a host's view may name its own files)."""
        return named

    def chat(self, text: str) -> None:
        """Say something at the table (a local game just echoes it into the log)."""
        self._happenings.append(Happening("chat", None, {"from": "you", "text": text}))

    def hold(self, seat: int) -> None:
        """A menu of `seat` opened with little time left on its pass clock: ask for time to see the warning."""

    def close(self) -> None:
        pass

    def controls(self) -> list[Control]:
        """Buttons in place of the table's actions (a replay's pause, step and speed); none at a live table."""
        return []

    def caption(self) -> str:
        """A line beside those buttons: where a replay stands."""
        return ""

    @property
    def finished(self) -> bool:
        return any(s["outcome"] for s in self.states.values())


class LocalSession(Session):
    """An engine in this process. Seats not in `seats` are played by bots, one action per `bot_delay` (none by
    default: tests and tools want them instant; the window passes the player's pace); their passes in a
    reaction window come together.

    Hard bots think for up to half a second, so they think in a worker thread while frames go on; an answer
    for a state the table has since left is thrown away. The human seats get pass clocks as a host gives them
    (`LocalClocks`); in hot-seat only the seats in `at_screen` count down.
    """

    def __init__(
        self,
        ruleset: Ruleset[Any],
        setups: tuple[SeatSetup, ...],
        seed: int,
        seats: Iterable[int],
        packs: tuple[str, ...] = (),
        options: Any = None,
        bot_delay: float = 0.0,
        on_apply: Callable[[Any, dict[str, Any]], None] | None = None,
        bot_level: str = "normal",
        state: Any = None,
    ) -> None:
        """`state`: a table already arranged (a scenario's); otherwise a new game from `seed`, packs and options."""
        super().__init__()
        self.ruleset = ruleset
        self.game = ruleset.game
        self.seats = tuple(seats)
        self.names = {i: s.name for i, s in enumerate(setups)}
        self.engine_state = ruleset.new_game(setups, seed, packs, options) if state is None else state
        level = level_for(ruleset.game, bot_level)
        self.bots: dict[int, Bot] = {
            i: make_bot(ruleset.game, level, seed * 7919 + i) for i in range(len(setups)) if i not in self.seats
        }
        self._thinker = ThreadPoolExecutor(1, "doorkick-bot") if level in THINKS_LONG else None
        self._thinking: tuple[int, Any, Future[Action | None]] | None = None  # seat, state, its decision
        self.bot_delay = bot_delay
        self._bot_clock = 0.0
        self._content: set[int] = set()  # bots that want nothing in this state (a Wonderland helper, say)
        self.actions: list[dict[str, Any]] = []  # the action log, for replays
        self.seed, self.packs, self.options, self.setups = seed, packs, options, setups
        self.on_apply = on_apply
        self.clocks = LocalClocks()
        self.timers = self.clocks.left
        self.at_screen: set[int] | None = None
        self._refresh()
        self._restart_clocks()

    def _refresh(self) -> None:
        viewers = Audience(self.ruleset, self.engine_state, (*self.seats, None))  # the public view built once
        for seat in (*self.seats, None):
            self.records[seat] = viewers.record(seat)
            self.states[seat] = msgspec.to_builtins(self.records[seat])  # each seat's own maps, for the scenes

    def _apply(self, wire: dict[str, Any]) -> None:
        action = self.ruleset.action_from_wire(wire)
        if not any(a == action for a in self.ruleset.legal_actions(self.engine_state, action.seat)):
            raise RuleError(f"{action} is not a legal action now")
        self.engine_state, events = self.ruleset.apply(self.engine_state, action)
        self._content.clear()
        self.actions.append(action.to_wire())
        if self.on_apply is not None:
            self.on_apply(self.engine_state, action.to_wire())
        self._publish(events)

    def _publish(self, events: list[Event]) -> None:
        self._refresh()
        self._restart_clocks()
        for seat in (*self.seats, None):
            for event in events:
                self._happenings.append(Happening("event", seat, event=event.told(seat)))
        self._happenings.append(Happening("state"))

    def act(self, seat: int, wire: dict[str, Any]) -> None:
        try:
            self._apply({**wire, "seat": seat})
        except RuleError as exc:
            self._happenings.append(Happening("error", seat, {"code": exc.code, "message": str(exc)}))

    def _restart_clocks(self) -> None:
        waiting = self.ruleset.seats_to_act(self.engine_state)
        may_pass = [s for s in self.seats if s in waiting and any(isinstance(a, Pass) for a in self.legal(s))]
        self.clocks.restart(may_pass, self.ruleset.reaction_seconds(self.engine_state))

    def hold(self, seat: int) -> None:
        self.clocks.hold(seat)

    def pump(self, dt: float) -> list[Happening]:
        for seat in self.clocks.tick(dt, self.at_screen):
            wait = window_key(self.records[seat])  # the wait it ends, read before the pass moves the table on
            self._happenings.append(Happening("timer", seat, {"seat": seat, "kind": "out", "window": wait}))
            self.act(seat, sent(Pass(seat)))
        self._bot_clock += dt
        while self._bot_clock >= self.bot_delay and self.ruleset.outcome(self.engine_state) is None:
            waiting = sorted(
                s for s in self.ruleset.seats_to_act(self.engine_state) if s in self.bots and s not in self._content
            )
            if not waiting:
                self._bot_clock = 0.0
                break
            seat = waiting[0]
            action = self._decision(seat)
            if isinstance(action, _Thinking):
                break  # the clock keeps running: the move comes on a later frame
            if action is None:
                self._content.add(seat)  # asked again once the table changes; the other bots go on meanwhile
                continue
            self._apply(action.to_wire())
            if isinstance(action, Pass) and self.ruleset.reaction_seconds(self.engine_state) is not None:
                continue  # the bots' passes in a reaction window come together, as a host's bots' do
            self._bot_clock -= self.bot_delay
            if self.bot_delay > 0:
                break
        return super().pump(dt)

    def close(self) -> None:
        if self._thinker is not None:
            self._thinker.shutdown(wait=False, cancel_futures=True)

    def _decision(self, seat: int) -> Action | _Thinking | None:
        """The bot's action, None for no action, or `_THINKING` while a hard bot's thread is still at it."""
        bot, state = self.bots[seat], self.engine_state
        if self._thinker is None:
            return bot.choose(self.ruleset, state, seat)
        if self._thinking is not None:
            thinking_seat, thought_about, future = self._thinking
            if thinking_seat == seat and thought_about is state:
                if not future.done():
                    return _THINKING
                self._thinking = None
                return future.result()
        # One worker thread: a stale decision still running finishes first, so a bot never thinks twice at once.
        self._thinking = (seat, state, self._thinker.submit(bot.choose, self.ruleset, state, seat))
        return _THINKING


class _Thinking:
    """LocalSession._decision's answer while a hard bot is still thinking."""


_THINKING = _Thinking()


class NetSession(Session):
    """A seat (or spectator view) at a table on a host, kept in step by snapshots and updates."""

    def __init__(self, connection: HostLink, game: str, table: str, seat: int | None) -> None:
        super().__init__()
        self.connection = connection
        self.game = game
        self.table = table
        self.seats = () if seat is None else (seat,)
        self.seq = -1
        self.timers: dict[int, tuple[str, float]] = {}
        self._packs_awaited = False  # the scene waits for the table's packs to arrive from the host
        self.witness = Witness(game, seat)  # what this seat saw, for the dice check at the end

    def absorb(self, item: Message | ProtocolError | Status) -> None:
        """Take one item from the connection (the scene owning the connection hands them over)."""
        if isinstance(item, Status):
            self.status = item.state
            self._happenings.append(Happening("status", None, {"state": item.state, "detail": item.detail}))
            return
        if isinstance(item, ProtocolError):
            self._happenings.append(Happening("error", None, {"code": item.code, "message": item.reason}))
            return
        kind = item.type
        self.witness.absorb(item)
        if kind == protocol.SNAPSHOT:
            first, self.seq = self.seq < 0, item.get("seq")
            state = dict(item.get("state"))
            if self._typed(item.get("seat"), state):
                self.states[item.get("seat")] = state
                self._happenings.append(Happening("state", item.get("seat")))
                if first and item.get("history"):  # back at the seat: the log so far (a resync keeps its own)
                    events = self._read_events(item.get("history"))
                    self._happenings.append(Happening("history", item.get("seat"), {"events": events}))
        elif kind == protocol.UPDATE:
            seat = item.get("seat")
            current = self.states.get(seat)
            if current is None:
                self.connection.request(protocol.RESYNC)
                return
            try:
                protocol.apply_changes(current, item.get("changes"))
            except ValueError:
                self.connection.request(protocol.RESYNC)
                return
            self.seq = item.get("seq")
            if protocol.checksum(current) != item.get("checksum"):
                # Our copy drifted (a lost frame, a bug): ask for the whole state again.
                self.connection.request(protocol.RESYNC)
            elif not self._typed(seat, current):
                return
            for event in self._read_events(item.get("events")):
                self._happenings.append(Happening("event", seat, stand_in=item.get("stand_in"), event=event))
            self._happenings.append(Happening("state", seat))
        elif kind == protocol.TIMER:
            self.timers[item.get("seat")] = (item.get("kind"), float(item.get("seconds")))
            self._happenings.append(Happening("timer", item.get("seat"), dict(item.fields)))
        elif kind == protocol.ERROR:
            self._happenings.append(Happening("error", None, dict(item.fields)))
        elif kind == protocol.CHAT:
            self._happenings.append(Happening("chat", item.get("seat"), dict(item.fields)))
        elif kind == protocol.SEATED:
            self.seats = (item.get("seat"),)
            self.witness.seen.seat = item.get("seat")
        elif kind == protocol.REVEAL and item.get("table") == self.table:
            self._check_dice(item)
        elif kind == protocol.TABLE:
            # The host's own colours for the seats: a window back at its seat after a crash opened the game
            # without the lobby's list and painted the seats in seat order until this came.
            players = (item.get("table") or {}).get("players") or []
            self.colours.update(
                {int(p["seat"]): str(p["colour"]) for p in players if isinstance(p, dict) and p.get("colour")}
            )
            for seat, line in self.presence.absorb(item.get("table"), self.seats):
                self._happenings.append(Happening("presence", seat, {"text": line}))

    def _read_events(self, wires: list[Any]) -> list[Event]:
        """The records of the events the host sent; one this client cannot read costs its log line, not the
        game: the states go on."""
        events: list[Event] = []
        for wire in wires:
            try:
                events.append(decode_event(wire, self.game))
            except ValueError as exc:
                log.warning("an event from the host could not be read: %s", exc)
        return events

    def _typed(self, seat: int | None, state: TableState) -> bool:
        """Decode a state the host sent into `records`; one this client cannot read is reported, and False."""
        try:
            self.records[seat] = decode(state)
        except ValueError as exc:
            self._happenings.append(Happening("error", seat, {"code": "bad_state", "message": str(exc)}))
            return False
        return True

    def _check_dice(self, reveal: Message) -> None:
        """The host revealed its secret: replay the game with our engine and the packs we hold (its hashes)."""
        self.witness.note_state(self.states.get(self.witness.seen.seat))
        named = tuple(str(n) for n in reveal.get("packs") or ())
        packs = self.card_packs(named) if named else ()  # none named: the game's own, as the host dealt them
        self.witness.check(
            reveal,
            packs,
            getattr(self.connection, "commitments", {}).get(self.table),
            getattr(self.connection, "contributions", {}).get(self.table),
        )
        self._happenings.append(Happening("fairness", self.witness.seen.seat))

    def card_packs(self, named: tuple[str, ...]) -> tuple[str, ...] | None:
        """The table's packs from the host's `pack_files` (shipped, or fetched into the cache by hash). Never a
        path the host's view names: a host must not make this machine read a file of its choosing."""
        offers = self.pack_files
        if offers is None:  # a host that does not hand out packs: shipped ones by name, or none
            found = named if not any("/" in n or "\\" in n or n.endswith(".toml") for n in named) else None
        else:
            found = self.connection.packs.sources(offers)
        self._packs_awaited = found is None
        return found

    def pack_names(self, named: list[str]) -> list[str]:
        offers = self.pack_files
        if offers is not None and len(offers) == len(named):
            return [str(o.get("name", n)) if isinstance(o, dict) else n for o, n in zip(offers, named, strict=True)]
        return [Path(n).stem if "/" in n or "\\" in n or n.endswith(".toml") else n for n in named]

    @property
    def pack_files(self) -> list[Any] | None:
        return getattr(self.connection, "table_packs", {}).get(self.table)

    def pump(self, dt: float) -> list[Happening]:
        for item in self.connection.poll():
            self.absorb(item)
        cache = getattr(self.connection, "packs", None)
        while cache is not None and cache.problems:
            self._happenings.append(Happening("error", None, {"code": "bad_pack", "message": cache.problems.pop(0)}))
        offers = self.pack_files
        if self._packs_awaited and cache is not None and offers is not None and cache.sources(offers) is not None:
            self._packs_awaited = False
            self._happenings.append(Happening("state"))  # the cards can be named now
        for seat, (kind, seconds) in list(self.timers.items()):
            self.timers[seat] = (kind, max(0.0, seconds - dt))
        self.presence.tick(dt)
        return super().pump(dt)

    def act(self, seat: int, wire: dict[str, Any]) -> None:
        token = self.connection.token or ""
        self.connection.request(protocol.ACTION, token=token, action={**wire, "seat": seat})

    def hold(self, seat: int) -> None:
        self.connection.request(protocol.HOLD)

    def chat(self, text: str) -> None:
        self.connection.request(protocol.CHAT, text=text)

    def close(self) -> None:
        self.connection.close()
