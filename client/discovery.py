"""LAN discovery for the server browser: a zeroconf browser in its own thread, read by the frame loop."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

SERVICE_TYPE = "_doorkick._tcp.local."


@dataclass(frozen=True)
class Found:
    """One host on the LAN as its advertisement describes it."""

    key: str  # the zeroconf service name
    name: str
    host: str
    port: int
    games: tuple[str, ...]
    tables: int
    seats: int
    protocol: int
    host_id: str = ""  # as in its welcome
    host_key: str = ""  # its public key, as advertised: a hint (the welcome proves it, a TXT record cannot)
    # Its load (0 from a host too old to say): tables in play, players connected, the worker processes its
    # games run in (0: in the host process itself) and its machine's cores.
    playing: int = 0
    players: int = 0
    workers: int = 0
    cores: int = 0

    @property
    def address(self) -> str:
        return f"{self.host}:{self.port}"


def parse_properties(key: str, addresses: list[str], port: int, props: Mapping[bytes, bytes | None]) -> Found | None:
    """A `Found` from a service's TXT record, or None if it is not a DoorKick host we can reach."""
    text = {k.decode(errors="replace"): (v or b"").decode(errors="replace") for k, v in props.items()}
    if not addresses:
        return None

    def number(field: str) -> int:
        try:
            return int(text.get(field, "0"))
        except ValueError:
            return 0

    host = next((a for a in addresses if not a.startswith("127.")), addresses[0])
    return Found(
        key=key,
        name=text.get("name") or key.split(".")[0],
        host=host,
        port=port,
        games=tuple(g for g in text.get("games", "").split(",") if g),
        tables=number("tables"),
        seats=number("seats"),
        protocol=number("proto"),
        host_id=text.get("id", ""),
        host_key=text.get("key", ""),
        playing=number("playing"),
        players=number("players"),
        workers=number("workers"),
        cores=number("cores"),
    )


class Browser:
    """Watches the LAN for hosts. `found()` is safe to call from the frame loop at any time."""

    def __init__(self, interfaces: Any = None) -> None:
        self._interfaces = interfaces
        self._found: dict[str, Found] = {}
        self._lock = threading.Lock()
        self._zeroconf: Any = None
        self._browser: Any = None
        self.error = ""

    def start(self) -> None:
        try:
            from zeroconf import IPVersion, ServiceBrowser, Zeroconf

            kwargs: dict[str, Any] = {"ip_version": IPVersion.V4Only}
            if self._interfaces is not None:
                kwargs["interfaces"] = self._interfaces
            self._zeroconf = Zeroconf(**kwargs)
            # The listener runs on zeroconf's own thread; it only files results under the lock.
            self._browser = ServiceBrowser(self._zeroconf, SERVICE_TYPE, handlers=[self._on_change])
        except (OSError, ImportError) as exc:
            self.error = f"LAN search unavailable: {exc}"

    def _on_change(self, zeroconf: Any, service_type: str, name: str, state_change: Any) -> None:
        from zeroconf import ServiceInfo, ServiceStateChange

        if state_change is ServiceStateChange.Removed:
            with self._lock:
                self._found.pop(name, None)
            return
        info = ServiceInfo(service_type, name)
        # Bounded wait on zeroconf's thread, never on the frame loop.
        if not info.request(zeroconf, 1500):
            return
        found = parse_properties(name, info.parsed_addresses(), info.port or 0, dict(info.properties))
        if found is not None:
            with self._lock:
                self._found[name] = found

    def found(self) -> list[Found]:
        with self._lock:
            return sorted(self._found.values(), key=lambda f: f.name.lower())

    def close(self) -> None:
        if self._browser is not None:
            with contextlib.suppress(Exception):
                self._browser.cancel()
        if self._zeroconf is not None:
            with contextlib.suppress(Exception):
                self._zeroconf.close()
        self._browser = self._zeroconf = None
