"""Several hosts at one party: the browser shows each host's tables and load, the hosts of one machine side by
side, and offers the least busy host for a new table (the button is clicked through the real input path)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from doorkick.client.discovery import Found, parse_properties
from doorkick.client.host_load import grouped, least_busy, load, load_words, tables_words
from doorkick.client.scenes.browser import BrowserScene
from doorkick.shared.protocol import PROTOCOL_VERSION

SHOTS = Path("/tmp/shots-shard")


def advertised(name: str, address: str, port: int = 47474, **txt: int | str) -> Found:
    props = {
        b"name": name.encode(),
        b"proto": str(PROTOCOL_VERSION).encode(),
        b"games": b"munchkin,wonderland",
        **{k.encode(): str(v).encode() for k, v in txt.items()},
    }
    found = parse_properties(f"{name}._doorkick._tcp.local.", [address], port, props)
    assert found is not None
    return found


class Lan:
    """Stands in for zeroconf: these advertisements, nothing on any network."""

    error = ""

    def __init__(self, found: list[Found]) -> None:
        self._found = found

    def start(self) -> None:
        pass

    def found(self) -> list[Found]:
        return sorted(self._found, key=lambda f: f.name.lower())  # as the real browser hands them over

    def close(self) -> None:
        pass


PARTY = [
    advertised("Basement", "10.0.0.5", tables=1, seats=3, playing=14, players=80, workers=2, cores=2),
    advertised("Attic", "10.0.0.6", tables=2, seats=7, playing=3, players=20, workers=2, cores=2),
    advertised("Basement spare", "10.0.0.5", 47475, tables=0, seats=0, playing=2, players=12, workers=0, cores=2),
    advertised("Old laptop", "10.0.0.9", tables=1, seats=2),  # a host too old to advertise its load
]


def test_the_least_busy_host_has_the_fewest_tables_in_play_per_worker() -> None:
    basement, attic, spare, old = PARTY
    assert [load(f) for f in PARTY] == [7.0, 1.5, 2.0, 0.0]
    # The old host says nothing of its load: it counts as idle, which it may well be; the rest by load.
    assert least_busy(PARTY) is old
    assert least_busy([basement, attic, spare]) is attic
    assert least_busy([basement, spare]) is spare
    other_protocol = advertised("Future", "10.0.0.7", proto=PROTOCOL_VERSION + 1)
    assert least_busy([other_protocol]) is None and least_busy([]) is None
    # Equal loads: the host whose cores have fewer players, then the name.
    twin = advertised("Twin", "10.0.0.8", tables=2, seats=7, playing=3, players=10, workers=2, cores=2)
    assert least_busy([attic, twin]) is twin


def test_the_hosts_of_one_machine_stand_together_with_their_tables_and_load_in_words() -> None:
    assert [f.name for f in grouped(PARTY)] == ["Basement", "Basement spare", "Attic", "Old laptop"]
    basement, _, spare, old = PARTY
    assert tables_words(basement) == "1 table open · 14 playing"
    assert load_words(basement) == "80 players on 2 cores"
    assert load_words(spare) == "12 players on 1 core"  # no workers: its games share the host process
    assert (tables_words(old), load_words(old)) == ("1 table open", "")


def click(app: Any, pos: tuple[int, int]) -> None:
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos)])
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos)])


def test_the_browser_groups_the_hosts_shows_their_load_and_joins_the_least_busy_on_a_click(app: Any) -> None:
    joined: list[tuple[str, int, str]] = []
    party = PARTY[:3]  # hosts that say their load
    browser = app.push(BrowserScene(app, lambda *a: joined.append(a), lambda: None, 47474, Lan(party)))
    app.step(1 / 60, [])
    app.step(1 / 60, [])
    rows = browser.list.rows
    assert [r.split(" · ")[0] for r in rows] == ["Basement", "Basement spare", "Attic"]
    assert "80 players on 2 cores" in rows[0] and "14 playing" in rows[0]
    assert "least busy" in rows[2] and not any("least busy" in r for r in rows[:2])
    assert browser.least_busy_button.visible and "Attic" in browser.least_busy_button.label
    pygame.image.save(app.screen, SHOTS / "browser-hosts-by-load.png")
    click(app, browser.least_busy_button.rect.center)
    assert joined == [("10.0.0.6", 47474, "Attic")]


def test_with_one_host_found_no_least_busy_button_is_offered(app: Any) -> None:
    browser = app.push(BrowserScene(app, lambda *_: None, lambda: None, 47474, Lan(PARTY[:1])))
    app.step(1 / 60, [])
    assert not browser.least_busy_button.visible
    assert not any("least busy" in r for r in browser.list.rows)
