"""Two machines on one LAN, simulated: network namespaces joined by a veth pair. The client in one finds the
host in the other by zeroconf and plays a game through.

This test changes the machine's networking while it runs: it adds two network namespaces and a veth pair between
them (10.77.0.0/24, nothing routed outside them) and removes them at the end. That needs root: it skips without
it, and where `ip netns` is not permitted."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

HERE = Path(__file__).parent
HOST_IP, CLIENT_IP = "10.77.0.1", "10.77.0.2"


def ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True, timeout=10)


@pytest.fixture
def two_machines() -> Iterator[tuple[str, str]]:
    if shutil.which("ip") is None:
        pytest.skip("no `ip` command")
    if os.geteuid() != 0:
        pytest.skip("adding network namespaces changes the machine's networking and needs root")
    host_ns, client_ns = f"dkhost{os.getpid()}", f"dkclient{os.getpid()}"
    try:
        ip("netns", "add", host_ns)
    except (subprocess.CalledProcessError, OSError) as exc:
        pytest.skip(f"`ip netns` is not permitted here: {exc}")
    try:
        ip("netns", "add", client_ns)
        veth_host, veth_client = f"vh{os.getpid() % 100000}", f"vc{os.getpid() % 100000}"
        ip("link", "add", veth_host, "netns", host_ns, "type", "veth", "peer", "name", veth_client, "netns", client_ns)
        for ns, dev, addr in ((host_ns, veth_host, HOST_IP), (client_ns, veth_client, CLIENT_IP)):
            ip("-n", ns, "addr", "add", f"{addr}/24", "dev", dev)
            ip("-n", ns, "link", "set", dev, "up", "multicast", "on")
            ip("-n", ns, "link", "set", "lo", "up")
            ip("-n", ns, "route", "add", "224.0.0.0/4", "dev", dev)
        yield host_ns, client_ns
    except subprocess.CalledProcessError as exc:
        pytest.skip(f"cannot wire the namespaces: {exc.stderr!r}")
    finally:
        for ns in (host_ns, client_ns):
            subprocess.run(["ip", "netns", "del", ns], capture_output=True, timeout=10)


def test_a_client_in_another_namespace_finds_the_host_and_plays(two_machines: tuple[str, str], tmp_path: Path) -> None:
    host_ns, client_ns = two_machines
    env = {**os.environ, "PYTHONPATH": str(HERE)}
    host = subprocess.Popen(
        ["ip", "netns", "exec", host_ns, sys.executable, str(HERE / "fake_host.py"), str(tmp_path), "0", HOST_IP],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert host.stdout is not None
        assert host.stdout.readline().startswith(f"listening on {HOST_IP}:")
        client = subprocess.run(
            ["ip", "netns", "exec", client_ns, sys.executable, str(HERE / "netns_client.py"), CLIENT_IP],
            capture_output=True,
            text=True,
            env=env,
            timeout=60,
        )
        assert client.returncode == 0, client.stdout + client.stderr
        assert f"found {HOST_IP}:" in client.stdout and "game over" in client.stdout
    finally:
        host.terminate()
        host.wait(10)
