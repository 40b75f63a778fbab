"""LAN discovery: advertise this host as zeroconf `_doorkick._tcp.local.` and keep its TXT record current."""

from __future__ import annotations

import asyncio
import logging
import os
import re
from typing import TYPE_CHECKING, Any

from zeroconf import InterfaceChoice, IPVersion, get_all_addresses  # type: ignore[attr-defined]
from zeroconf.asyncio import AsyncServiceInfo, AsyncZeroconf

from ..shared.protocol import PROTOCOL_VERSION

if TYPE_CHECKING:
    from .net import Server

log = logging.getLogger(__name__)

SERVICE_TYPE = "_doorkick._tcp.local."
UPDATE_DELAY = 0.5  # lobby changes come in bursts; one TXT update per burst is plenty
# The load fields change with every player who comes or goes: the record goes out again at most this often.
UPDATE_EVERY = 3.0


def instance_name(name: str) -> str:
    """A service instance label: at most 63 bytes of UTF-8, no dots (they would split the label)."""
    label = name.replace(".", " ").strip() or "DoorKick host"
    while len(label.encode()) > 63:
        label = label[:-1]
    return label


class Advertiser:
    """The zeroconf registration of one host; `changed()` schedules a TXT update."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.zeroconf: AsyncZeroconf | None = None
        self.info: AsyncServiceInfo | None = None
        self._pending: asyncio.Task[None] | None = None
        self._sent_at = -UPDATE_EVERY  # the loop's time of the last update
        self._ticker: asyncio.Task[None] | None = None

    def addresses(self) -> list[str]:
        config = self.server.config
        if config.interface:
            return [config.interface]
        if config.host not in ("0.0.0.0", ""):
            return [config.host]
        found = [a for a in get_all_addresses() if not a.startswith("127.")]
        return found or ["127.0.0.1"]

    def properties(self) -> dict[str, str]:
        """Who this host is, the tables waiting for players and their free seats, and its load (so that a
        browser can offer the least busy host of several): tables in play, players connected, the worker
        processes its games run in (0: in the host process) and the machine's cores."""
        lobby = self.server.lobby
        tables, seats = lobby.open_tables()
        workers = self.server.workers
        return {
            "proto": str(PROTOCOL_VERSION),
            "name": self.server.config.name[:100],
            "id": self.server.server_id,
            "key": self.server.identity.public_hex,
            "games": ",".join(self.server.games),
            "tables": str(tables),
            "seats": str(seats),
            "playing": str(sum(1 for t in lobby.tables.values() if t.started and not t.finished)),
            "players": str(len(lobby.clients)),
            "workers": str(workers.size if workers is not None else 0),
            "cores": str(os.cpu_count() or 1),
        }

    def _build(self, name: str) -> AsyncServiceInfo:
        host = re.sub(r"[^a-z0-9-]", "-", f"doorkick-{self.server.server_id}".lower())
        return AsyncServiceInfo(
            SERVICE_TYPE,
            name,
            port=self.server.port,
            properties=self.properties(),
            server=f"{host}.local.",
            parsed_addresses=self.addresses(),
        )

    async def async_start(self) -> None:
        config = self.server.config
        interfaces: Any = [config.interface] if config.interface else InterfaceChoice.All
        self.zeroconf = AsyncZeroconf(interfaces=interfaces, ip_version=IPVersion.V4Only)
        self.info = self._build(f"{instance_name(config.name)}.{SERVICE_TYPE}")
        # allow_name_change: a second host with the same name on the LAN becomes "Name-2" instead of failing
        await (await self.zeroconf.async_register_service(self.info, allow_name_change=True))
        log.info("advertising %s on %s", self.info.name, ", ".join(self.addresses()))
        self._ticker = asyncio.get_running_loop().create_task(self._tick())

    async def _tick(self) -> None:
        """Players come and go without a lobby change (a browser connecting): the load is looked at anyway."""
        while True:
            await asyncio.sleep(UPDATE_EVERY)
            self.changed()

    @property
    def name(self) -> str | None:
        return None if self.info is None else self.info.name

    def changed(self) -> None:
        if self._pending is None and self.zeroconf is not None:
            self._pending = asyncio.get_running_loop().create_task(self._update())

    async def _update(self) -> None:
        loop = asyncio.get_running_loop()
        await asyncio.sleep(max(UPDATE_DELAY, self._sent_at + UPDATE_EVERY - loop.time()))
        self._pending = None
        if self.zeroconf is None or self.info is None:
            return
        fresh = self._build(self.info.name)
        if fresh.properties == self.info.properties:
            return
        self.info, self._sent_at = fresh, loop.time()
        try:
            await (await self.zeroconf.async_update_service(fresh))
        except Exception:  # the LAN may have gone away; the game goes on without advertising
            log.exception("could not update the zeroconf advertisement")

    async def async_close(self) -> None:
        if self._ticker is not None:
            self._ticker.cancel()
            await asyncio.gather(self._ticker, return_exceptions=True)
            self._ticker = None
        if self._pending is not None:
            self._pending.cancel()
            await asyncio.gather(self._pending, return_exceptions=True)
            self._pending = None
        if self.zeroconf is not None:
            if self.info is not None:
                try:
                    await (await self.zeroconf.async_unregister_service(self.info))
                except Exception:  # closing must go on (the zeroconf below is closed anyway) whatever the LAN did
                    log.exception("could not withdraw the zeroconf advertisement")
            await self.zeroconf.async_close()
            self.zeroconf = None
