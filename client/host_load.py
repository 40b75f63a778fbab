"""Several hosts at one LAN party: each host's tables and load in words, the hosts of one machine side by side,
and the least busy host to open a new table on. Pure: the browser scene shows what these say."""

from __future__ import annotations

from ..shared.protocol import PROTOCOL_VERSION
from .discovery import Found
from .words import plural


def load(found: Found) -> float:
    """Tables in play per process its games run in: a host without workers plays them all in one."""
    return found.playing / max(1, found.workers)


def least_busy(hosts: list[Found]) -> Found | None:
    """The host to open a new table on: the fewest tables in play per worker, then the fewest players per
    core, among the hosts this client can play with; None when there is none."""
    usable = [f for f in hosts if f.protocol == PROTOCOL_VERSION]
    if not usable:
        return None
    return min(usable, key=lambda f: (load(f), f.players / max(1, f.cores), f.name.lower(), f.address))


def grouped(hosts: list[Found]) -> list[Found]:
    """The hosts by machine (one address), so that several hosts on one machine stand together, then by name."""
    return sorted(hosts, key=lambda f: (f.host, f.name.lower(), f.port))


def tables_words(found: Found) -> str:
    """The host's tables: those waiting for players, and those in play (a host too old to say: waiting only)."""
    waiting = f"{plural(found.tables, 'table')} open"
    return f"{waiting} · {found.playing} playing" if found.cores else waiting


def load_words(found: Found) -> str:
    """Its load: players connected and the cores its games run on; empty for a host too old to say."""
    if not found.cores:
        return ""
    cores = plural(max(1, found.workers), "core")
    return f"{plural(found.players, 'player')} on {cores}"
