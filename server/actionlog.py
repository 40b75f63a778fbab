"""A table's action log on disk: framed so that damage is found where it is, and read back saying what was lost.

The file opens with `MAGIC`; then each action is one frame: a 4-byte big-endian body length, the CRC-32 of the
body, and the body, the msgpack of `[seq, action]` (seq counts from 1). A frame whose checksum fails is damage
exactly there; reading skips to the next frame that checks out, so every intact action after it is still found,
and the sequence numbers say which actions are missing. Logs written before this framing (no `MAGIC`: 4-byte
length + msgpack action, no checksum) are still read; the host rewrites them framed (`framed`) before appending.
"""

from __future__ import annotations

import contextlib
import os
import struct
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgpack

from ..shared.protocol import HEADER

MAGIC = b"DoorKick action log 2\n"
FRAME = struct.Struct(">II")  # body length, CRC-32 of the body
MAX_ACTION = 1 << 20  # no action is near this long: a longer length is damage, not an action


def frame(seq: int, action: dict[str, Any]) -> bytes:
    """One action as it is appended to the log."""
    body: bytes = msgpack.packb([seq, action], use_bin_type=True)
    return FRAME.pack(len(body), zlib.crc32(body)) + body


@dataclass
class LogReading:
    """What a log holds: every intact action by its number, and what could not be read."""

    found: dict[int, dict[str, Any]] = field(default_factory=dict)  # seq -> action, every frame that checks out
    damaged: list[tuple[int, int]] = field(default_factory=list)  # byte ranges [start, end) that do not check out
    # seq -> (length, CRC-32) read from the header of a damaged frame: the action it held, if its header survived
    clues: dict[int, tuple[int, int]] = field(default_factory=dict)
    legacy: bool = False  # written before the checksummed framing
    missing_file: bool = False
    torn: int = 0  # bytes of a last frame cut short by a kill: an action that was never acknowledged

    @property
    def actions(self) -> list[dict[str, Any]]:
        """Actions 1..n in order, all intact: what replays without help."""
        out, n = [], 1
        while n in self.found:
            out.append(self.found[n])
            n += 1
        return out

    @property
    def whole(self) -> bool:
        return not (self.damaged or self.missing_file or self.torn) and len(self.actions) == len(self.found)

    def problems(
        self, acknowledged: int | None = None, kept: int | None = None, rebuilt: tuple[int, ...] = ()
    ) -> list[str]:
        """Each loss in words. `acknowledged`: how many actions the host had confirmed, if it knows; `kept`: how
        many replay (default: the intact run from the first); `rebuilt`: damaged actions found from their clue."""
        kept = len(self.actions) if kept is None else kept
        out: list[str] = []
        if self.missing_file:
            out.append("the action log is missing")
        for start, end in self.damaged:
            out.append(f"bytes {start}-{end - 1} do not check out ({end - start} bytes)")
        out.extend(
            f"action {n} was damaged and is rebuilt: the one legal action with the length and CRC-32 its frame gives"
            for n in rebuilt
        )
        later = sorted(seq for seq in self.found if seq > kept + 1)
        if later:
            out.append(
                f"action {kept + 1} is damaged or missing; the {len(later)} intact actions after it "
                f"({later[0]}-{later[-1]}) cannot be replayed without it"
            )
        known = max([kept, *self.found, acknowledged or 0])
        if known > kept:
            out.append(f"the game goes on after action {kept} of {known}: {known - kept} acknowledged action(s) lost")
        return out


def matches(seq: int, action: dict[str, Any], clue: tuple[int, int]) -> bool:
    """Whether `action`, as action `seq`, is what a damaged frame with this (length, CRC-32) header held."""
    body = msgpack.packb([seq, action], use_bin_type=True)
    return (len(body), zlib.crc32(body)) == clue


def read(path: Path) -> LogReading:
    """Read a log, new or legacy, never raising on damage (only on an unreadable file: OSError)."""
    if not path.exists():
        return LogReading(missing_file=True)
    data = path.read_bytes()
    if data.startswith(MAGIC):
        return _read_framed(data)
    if data and MAGIC.startswith(data):
        return LogReading()  # a torn header: nothing was ever appended
    return _read_legacy(data)


def checked_body(data: bytes, pos: int, limit: int = MAX_ACTION) -> tuple[bytes, int] | None:
    """(body, end) of a frame starting at `pos` whose length (at most `limit`) and CRC-32 check out, or None.
    The journal's entries are framed the same way."""
    if pos + FRAME.size > len(data):
        return None
    length, crc = FRAME.unpack_from(data, pos)
    end = pos + FRAME.size + length
    if length > limit or end > len(data):
        return None
    body = data[pos + FRAME.size : end]
    if zlib.crc32(body) != crc:
        return None
    return body, end


def frame_at(data: bytes, pos: int) -> tuple[int, Any, int] | None:
    """(seq, action, end) of an intact frame starting at `pos`, or None."""
    checked = checked_body(data, pos)
    if checked is None:
        return None
    body, end = checked
    try:
        seq, action = msgpack.unpackb(body, raw=False)
    except (ValueError, TypeError, msgpack.UnpackException):
        return None
    if not isinstance(seq, int) or not isinstance(action, dict):
        return None
    return seq, action, end


def _read_framed(data: bytes) -> LogReading:
    reading = LogReading()
    pos, last = len(MAGIC), 0
    while pos < len(data):
        intact = frame_at(data, pos)
        if intact is not None:
            last, action, pos = intact
            reading.found.setdefault(last, action)  # a frame written again after a failed write counts once
            continue
        start = pos
        if pos + FRAME.size <= len(data):
            length, crc = FRAME.unpack_from(data, pos)
            if length <= MAX_ACTION:
                reading.clues.setdefault(last + 1, (length, crc))
        pos += 1
        while pos < len(data) and frame_at(data, pos) is None:
            pos += 1
        if pos == len(data) and _torn(data, start, last + 1):
            reading.torn = len(data) - start
        else:
            reading.damaged.append((start, pos))
    return reading


def _torn(data: bytes, start: int, seq: int) -> bool:
    """Whether the bytes from `start` to the end are the first part of action `seq`'s frame: a write that a
    kill cut short (so never acknowledged), rather than damage."""
    if start + FRAME.size > len(data):
        return True  # not even a whole header
    length, _ = FRAME.unpack_from(data, start)
    if length > MAX_ACTION or start + FRAME.size + length <= len(data):
        return False
    unpacker = msgpack.Unpacker(raw=False)
    unpacker.feed(data[start + FRAME.size :])
    try:
        return bool(unpacker.read_array_header() == 2 and unpacker.unpack() == seq)
    except msgpack.OutOfData:
        return True  # too little of the body to tell: a torn header's worth
    except (ValueError, TypeError, msgpack.UnpackException):
        return False


def _read_legacy(data: bytes) -> LogReading:
    reading = LogReading(legacy=True)
    pos = 0
    while pos + HEADER.size <= len(data):
        (length,) = HEADER.unpack_from(data, pos)
        end = pos + HEADER.size + length
        if end > len(data):
            break
        try:
            action = msgpack.unpackb(data[pos + HEADER.size : end], raw=False)
        except (ValueError, msgpack.UnpackException):
            break
        if not isinstance(action, dict):
            break
        reading.found[len(reading.found) + 1] = action
        pos = end
    if pos != len(data):
        reading.damaged.append((pos, len(data)))  # the legacy form cannot tell where damage ends
    return reading


def framed(actions: list[dict[str, Any]]) -> bytes:
    """A whole log holding exactly these actions (to repair a damaged log or migrate a legacy one)."""
    return MAGIC + b"".join(frame(i + 1, a) for i, a in enumerate(actions))


def create(path: Path) -> int:
    """Open a log for appending, writing the header into a new or empty file; returns the descriptor."""
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    if os.fstat(fd).st_size == 0:
        os.write(fd, MAGIC)
    return fd


def write_all(fd: int, data: bytes) -> None:
    """`data` written whole (a write may take only part of it)."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def fsync_dir(folder: Path) -> None:
    """A folder's entries synced (a file created or renamed in it survives a power cut)."""
    with contextlib.suppress(OSError):  # not every platform can open a folder
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
