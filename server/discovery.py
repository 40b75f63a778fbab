"""LAN discovery: advertise this host as zeroconf `_doorkick._tcp.local.` and keep its TXT record current."""

from __future__ import annotations

import asyncio
import logging
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

    def addresses(self) -> list[str]:
        config = self.server.config
        if config.interface:
            return [config.interface]
        if config.host not in ("0.0.0.0", ""):
            return [config.host]
        found = [a for a in get_all_addresses() if not a.startswith("127.")]
        return found or ["127.0.0.1"]

    def properties(self) -> dict[str, str]:
        tables, seats = self.server.lobby.open_tables()
        return {
            "proto": str(PROTOCOL_VERSION),
            "name": self.server.config.name[:100],
            "id": self.server.server_id,
            "key": self.server.identity.public_hex,
            "games": ",".join(self.server.games),
            "tables": str(tables),
            "seats": str(seats),
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

    @property
    def name(self) -> str | None:
        return None if self.info is None else self.info.name

    def changed(self) -> None:
        if self._pending is None and self.zeroconf is not None:
            self._pending = asyncio.get_running_loop().create_task(self._update())

    async def _update(self) -> None:
        await asyncio.sleep(UPDATE_DELAY)
        self._pending = None
        if self.zeroconf is None or self.info is None:
            return
        fresh = self._build(self.info.name)
        if fresh.properties == self.info.properties:
            return
        self.info = fresh
        try:
            await (await self.zeroconf.async_update_service(fresh))
        except Exception:  # the LAN may have gone away; the game goes on without advertising
            log.exception("could not update the zeroconf advertisement")

    async def async_close(self) -> None:
        if self._pending is not None:
            self._pending.cancel()
            await asyncio.gather(self._pending, return_exceptions=True)
            self._pending = None
        if self.zeroconf is not None:
            if self.info is not None:
                try:
                    await (await self.zeroconf.async_unregister_service(self.info))
                except Exception:
                    log.exception("could not withdraw the zeroconf advertisement")
            await self.zeroconf.async_close()
            self.zeroconf = None
