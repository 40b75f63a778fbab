"""The far side of the multi-machine test: find the host by zeroconf on IP, play a game with bots, exit 0."""

from __future__ import annotations

import asyncio
import sys

from wire_client import WireClient, play_until_over
from zeroconf import IPVersion
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

from doorkick.server.discovery import SERVICE_TYPE


async def main(my_ip: str) -> int:
    zeroconf = AsyncZeroconf(interfaces=[my_ip], ip_version=IPVersion.V4Only)
    try:
        info = await find(zeroconf)
    finally:
        await zeroconf.async_close()
    host, port = info
    print(f"found {host}:{port}", flush=True)
    client = WireClient(port, host)
    await client.connect("Far away")
    assert (await client.request("create_table", game="dice", seats=3, bots=2)).type == "seated"
    assert (await client.request("start")).type == "ok"
    await client.expect("snapshot")
    await play_until_over([client])
    assert client.state is not None
    print(f"game over: {client.state['outcome']}", flush=True)
    return 0


async def find(zeroconf: AsyncZeroconf) -> tuple[str, int]:
    found: asyncio.Queue[str] = asyncio.Queue()
    browser = AsyncServiceBrowser(zeroconf.zeroconf, SERVICE_TYPE, handlers=[lambda **kw: found.put_nowait(kw["name"])])
    try:
        name = await asyncio.wait_for(found.get(), 15)
        info = AsyncServiceInfo(SERVICE_TYPE, name)
        assert await info.async_request(zeroconf.zeroconf, 5000)
        assert info.properties[b"games"] == b"dice"
        return info.parsed_addresses()[0], info.port or 0
    finally:
        await browser.async_cancel()


if __name__ == "__main__":
    sys.exit(asyncio.run(main(sys.argv[1])))
