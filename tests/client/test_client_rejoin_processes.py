"""The proof of issue 11.1: two real client windows (processes of their own, dummy SDL, their own user dirs)
play at a host on 127.0.0.1; Bob's is killed with SIGKILL in a fight, launched again on the same user dirs, and
is back in his seat with his hand with no human step. (bench/client_rejoin.py measures how long that takes.)"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from doorkick.bench.rejoin_processes import Spectator, Window, seat_of, seat_players, start_host
from doorkick.client.host import EmbeddedHost


def host_sees(host: EmbeddedHost, table: str, seat: int, connected: bool, timeout: float = 60.0) -> dict[str, object]:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        now = seat_of(host, table, seat)
        if now["connected"] == connected:
            return now
        time.sleep(0.02)
    raise AssertionError(f"the host never saw seat {seat} {'come back' if connected else 'drop'}")


@pytest.mark.slow
def test_a_window_killed_mid_fight_is_back_in_its_seat_when_launched_again(tmp_path: Path) -> None:
    host = start_host(tmp_path / "host")
    alice, bob = Window(tmp_path / "alice", "Alice", host.port), Window(tmp_path / "bob", "Bob", host.port)
    spectator = None
    try:
        table = seat_players(host.port, [alice, bob])
        for window in (alice, bob):
            window.launch()
        assert alice.wait_seated()[:2] == (table, 0)  # each window found its kept seat and took it
        assert bob.wait_seated()[:2] == (table, 1)

        spectator = Spectator(host.port, table)
        moment = spectator.wait_for_fight(seat=1, timeout=16.0)  # "combat", or "game" if no fight came
        bob.kill()
        host_sees(host, table, 1, connected=False)
        bob.launch()  # the same user dirs; nobody clicks anything
        back_at, seat, cards, seconds = bob.wait_seated()
        assert (back_at, seat) == (table, 1)
        now = host_sees(host, table, 1, connected=True)
        assert not now["stand_in"]
        print(f"killed mid-{moment}; back in the seat with {cards} cards in hand {seconds:.2f} s after the launch")
    finally:
        if spectator is not None:
            spectator.close()
        for window in (alice, bob):
            window.close()
        host.stop()
