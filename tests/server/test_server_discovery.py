"""Discovery with real zeroconf bound to 127.0.0.1: the advertisement, its TXT, updates, renames, goodbyes."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from pathlib import Path

import pytest
from wire_client import WireClient, hosted
from zeroconf import IPVersion, ServiceStateChange
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

from doorkick.server.discovery import SERVICE_TYPE

# Real zeroconf on this machine: one at a time (in one xdist worker), or each sees the others' hosts.
pytestmark = pytest.mark.xdist_group("lan")


class Browser:
    """What a client on the LAN would see: every DoorKick host, added and removed."""

    def __init__(self) -> None:
        self.zeroconf = AsyncZeroconf(interfaces=["127.0.0.1"], ip_version=IPVersion.V4Only)
        self.present: set[str] = set()
        self.changed = asyncio.Event()
        self.browser = AsyncServiceBrowser(self.zeroconf.zeroconf, SERVICE_TYPE, handlers=[self._on_change])

    def _on_change(self, zeroconf: object, service_type: str, name: str, state_change: ServiceStateChange) -> None:
        if state_change is ServiceStateChange.Removed:
            self.present.discard(name)
        else:
            self.present.add(name)
        self.changed.set()

    async def until(self, check: Callable[[], bool], timeout: float = 10.0) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not check():
            self.changed.clear()
            remaining = deadline - loop.time()
            assert remaining > 0, f"timed out; present: {self.present}"
            await asyncio.wait_for(self.changed.wait(), remaining)

    async def properties(self, name: str) -> dict[str, str]:
        info = AsyncServiceInfo(SERVICE_TYPE, name)
        assert await info.async_request(self.zeroconf.zeroconf, 3000)
        return {k.decode(): (v or b"").decode() for k, v in info.properties.items()}

    async def close(self) -> None:
        await self.browser.async_cancel()
        await self.zeroconf.async_close()


def test_a_host_is_found_with_its_txt_kept_current_and_leaves_cleanly(tmp_path: Path) -> None:
    async def scenario() -> None:
        browser = Browser()
        try:
            async with hosted(tmp_path / "one", discovery=True, interface="127.0.0.1", name="Party Host") as one:
                name = one.discovery.name
                await browser.until(lambda: name in browser.present)
                txt = await browser.properties(name)
                assert txt == {
                    "proto": "1",
                    "name": "Party Host",
                    "id": one.server_id,
                    "games": "dice",
                    "tables": "0",
                    "seats": "0",
                    "key": one.identity.public_hex,
                    "playing": "0",
                    "players": "0",
                    "workers": "0",
                    "cores": str(os.cpu_count() or 1),
                }
                info = AsyncServiceInfo(SERVICE_TYPE, name)
                assert await info.async_request(browser.zeroconf.zeroconf, 3000)
                assert info.port == one.port and "127.0.0.1" in info.parsed_addresses()

                alice = WireClient(one.port)
                await alice.connect("Alice")
                assert (await alice.request("create_table", game="dice", seats=4, bots=1)).type == "seated"
                loop = asyncio.get_running_loop()
                deadline = loop.time() + 10
                while (await browser.properties(name))["seats"] != "2":
                    assert loop.time() < deadline, "the TXT record was never updated"
                    await asyncio.sleep(0.2)
                assert (await browser.properties(name))["tables"] == "1"

                async with hosted(tmp_path / "two", discovery=True, interface="127.0.0.1", name="Party Host") as two:
                    assert two.discovery.name != name  # renamed, so that both appear
                    await browser.until(lambda: {name, two.discovery.name} <= browser.present)
                    second = two.discovery.name
                await browser.until(lambda: second not in browser.present)
                assert name in browser.present
            await browser.until(lambda: not browser.present)
        finally:
            await browser.close()

    asyncio.run(scenario())


def test_the_txt_record_carries_the_host_s_load_and_a_browser_reads_it(tmp_path: Path) -> None:
    from doorkick.client.discovery import parse_properties
    from doorkick.shared.rules import registry

    async def scenario() -> None:
        browser = Browser()
        try:
            async with hosted(
                tmp_path,
                rulesets=registry.ruleset,
                games=["wonderland"],
                discovery=True,
                interface="127.0.0.1",
                name="Busy Host",
                workers=1,
            ) as host:
                name = host.discovery.name
                await browser.until(lambda: name in browser.present)
                players = []
                for who in ("Ann", "Ben"):
                    client = WireClient(host.port)
                    await client.connect(who)
                    players.append(client)
                created = await players[0].request("create_table", game="wonderland", seats=3, bots=1)
                assert (await players[1].request("join_table", table=created.get("table"))).type == "seated"
                assert (await players[1].request("ready", ready=True)).type == "ok"
                assert (await players[0].request("start")).type == "ok"
                loop = asyncio.get_running_loop()
                deadline = loop.time() + 20
                while (txt := await browser.properties(name))["playing"] != "1":
                    assert loop.time() < deadline, f"the load never reached the TXT record: {txt}"
                    await asyncio.sleep(0.3)
                assert (txt["players"], txt["workers"], txt["tables"]) == ("2", "1", "0")
                cid = WireClient(host.port)
                await cid.connect("Cid")  # only connected: no lobby change, the load is looked at anyway
                while (txt := await browser.properties(name))["players"] != "3":
                    assert loop.time() < deadline + 20, f"the players never reached the TXT record: {txt}"
                    await asyncio.sleep(0.3)
                assert (
                    len("".join(k + v for k, v in txt.items() if k in ("playing", "players", "workers", "cores"))) < 40
                )  # kept small
                info = AsyncServiceInfo(SERVICE_TYPE, name)
                assert await info.async_request(browser.zeroconf.zeroconf, 3000)
                found = parse_properties(name, info.parsed_addresses(), info.port or 0, dict(info.properties))
                assert found is not None
                assert (found.playing, found.players, found.workers, found.cores) == (1, 3, 1, os.cpu_count() or 1)
        finally:
            await browser.close()

    asyncio.run(scenario())
