"""The channel between the host process and a worker process: msgpack lists over a socketpair.

Each message is one msgpack list, `[kind, table id, ...]`, packed back to back (msgpack needs no length prefix:
its streaming unpacker finds where one ends). Frames for the players travel as bytes already encoded and framed
for the client, so the host process writes them to a connection without decoding them. The frames one table
sends in a row (a broadcast: every seat's update, the spectators' one, the clocks' notices, the action's answer)
travel as one `FRAMES` message, `[FRAMES, table id, target, frame, target, frame, ...]`: one message to pack,
unpack and dispatch per broadcast instead of one per frame. What one side sends in one turn of its event loop
goes out in one write.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

import msgpack
import msgspec

log = logging.getLogger(__name__)

# host -> worker
OPEN = "open"  # table id, the table's record: rebuild the game from its save (or deal it, if it has no log yet)
START = "start"  # table id: the clocks and bots start
ACT = "act"  # table id, seat, the action's wire form, request id
SNAP = "snap"  # table id, viewer id, seat (None: spectator), request id
FORGET = "forget"  # table id, seat: that seat's connection went away
HOLD = "hold"  # table id, seat
SEATS = "seats"  # table id, every seat's stand-in flag: a bot took a seat over, or its human came back
CLOSE = "close"  # table id
# worker -> host
FRAMES = "f"  # table id, then target and frame, again and again: a table's frames sent in a row, in order
VIEWER = "c"  # table id, viewer id, frame: for one connection (a snapshot it asked for)
PROGRESS = "p"  # table id, actions applied so far
END = "end"  # table id, actions applied, outcome, final checksum (or None)
OPENED = "opened"  # table id, actions replayed (after an OPEN)
READY = "ready"  # None: the worker has started (its imports done) and takes games
LOST = "lost"  # table id, why: the save could not be resumed; the table is set aside
# The targets of a frame in FRAMES: a seat's index (for whoever sits there now), or one of these.
WATCHERS = -1  # every spectator of the table: the one frame goes to each
REPLY = -2  # the answer to the oldest action of this table not yet answered


class Relay(asyncio.Protocol):
    """One end of the channel. `on_message` gets every message; `on_lost` is called once the other end is gone."""

    def __init__(self, on_message: Callable[[list[Any]], None], on_lost: Callable[[], None]) -> None:
        self.on_message = on_message
        self.on_lost = on_lost
        self.transport: asyncio.Transport | None = None
        self.lost = False  # what is sent after the other end went away is dropped (before it came, it waits)
        self._unpacker = msgpack.Unpacker(raw=False, max_buffer_size=1 << 30)
        self._out = bytearray()
        self._flush_pending = False
        self._encoder = msgspec.msgpack.Encoder()  # msgpack-python's bytes, in about half the time
        self._frames: list[Any] = []  # the FRAMES message being gathered: [FRAMES, table id, target, frame, ...]

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        if self._out or self._frames:
            self._flush()

    def data_received(self, data: bytes) -> None:
        self._unpacker.feed(data)
        for item in self._unpacker:
            try:
                self.on_message(item)
            except Exception:  # a bug with one table's message must not cut the channel of all the others
                log.exception("relay: %r failed", item[:2] if isinstance(item, list) else item)

    def connection_lost(self, exc: Exception | None) -> None:
        self.transport, self.lost = None, True
        self._out.clear()
        self._frames.clear()
        self.on_lost()

    def send(self, *item: Any) -> None:
        """Queue one message; everything queued in this turn of the loop is written together just after."""
        if self.lost:
            return
        if self._frames:
            self._end_frames()
        self._encoder.encode_into(item, self._out, len(self._out))
        self._flush_soon()

    def send_frame(self, table_id: str, target: int, frame: bytes) -> None:
        """Queue a frame for `target` (a seat, `WATCHERS` or `REPLY`) of a table: the frames one table sends in
        a row go out as one FRAMES message, in the order sent."""
        if self.lost:
            return
        frames = self._frames
        if frames and frames[1] != table_id:
            self._end_frames()
        if not frames:
            frames += (FRAMES, table_id)
        frames += (target, frame)
        self._flush_soon()

    def _end_frames(self) -> None:
        self._encoder.encode_into(self._frames, self._out, len(self._out))
        self._frames.clear()

    def _flush_soon(self) -> None:
        if not self._flush_pending and self.transport is not None:
            self._flush_pending = True
            asyncio.get_running_loop().call_soon(self._flush)

    def _flush(self) -> None:
        self._flush_pending = False
        if self._frames:
            self._end_frames()
        if self.transport is not None and self._out:
            out, self._out = self._out, bytearray()  # handed over, not copied: the transport may keep it
            self.transport.write(out)

    def close(self) -> None:
        self._flush()
        if self.transport is not None:
            self.transport.close()
