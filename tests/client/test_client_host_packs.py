"""Card data travels: a pack only the host has (its user's `--pack` file, with a picture of its own) reaches a
client that has none of it, by hash, into the client's cache; a second visit asks for nothing; a bad pack from
a host costs the card names, never the window."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame
from client_support import run_until, wait_until

from doorkick.client.host import EmbeddedHost, host_config
from doorkick.client.net import Connection
from doorkick.client.pack_cache import PackCache
from doorkick.client.render.cards import draw_face
from doorkick.client.scenes.lobby import LobbyScene
from doorkick.client.scenes.table_base import GameScene
from doorkick.server.lobby import Lobby
from doorkick.server.offer import Offer, Offered
from doorkick.server.packs_served import ServedPacks
from doorkick.shared import protocol
from doorkick.shared.rules.munchkin.flow import build_catalog

SHOTS = Path("/tmp/shots-trust")
MAGENTA = (255, 0, 255)
GEESE = """
[pack]
id = "geese"
name = "Goose Invasion"
game = "munchkin"
description = "Only the host has these."

[[cards]]
id = "angry-goose"
kind = "monster"
name = "Angry Goose"
text = "Honks first, asks questions never. Bad Stuff: lose your headgear."
art = "pictures/goose.png"
level = 3
bad_stuff = ["lose_item:headgear"]
count = 8

[[cards]]
id = "goose-down-vest"
kind = "item"
name = "Goose-Down Vest"
text = "Armor. +2. Warm and smug."
art = "bee"
slot = "armor"
bonus = 2
value = 300
count = 8
"""


def write_pack(folder: Path, text: str = GEESE) -> Path:
    (folder / "pictures").mkdir(parents=True)
    picture = pygame.Surface((64, 64), pygame.SRCALPHA)
    pygame.draw.circle(picture, MAGENTA, (32, 32), 30)
    pygame.image.save(picture, str(folder / "pictures" / "goose.png"))
    path = folder / "geese.toml"
    path.write_text(text, encoding="utf-8")
    return path


def start_host(tmp_path: Path, pack: Path) -> EmbeddedHost:
    config = host_config("Basement", discovery=False, data_dir=tmp_path / "data", bot_delay=0.05)
    config.packs = (pack,)
    host = EmbeddedHost(config)
    host.start()
    return host


def served(host: EmbeddedHost) -> ServedPacks:
    lobby: Lobby = host.server.lobby  # the embedded host keeps its server untyped: it is imported only when hosting
    return lobby.served


def lobby_with_geese(app: Any, connection: Connection) -> LobbyScene:
    # as `doorkick join HOST --packs core,geese` asks: geese is the host's own, offered in its welcome
    return LobbyScene(
        app, connection, "test", "munchkin", 3, 2, auto_create=True, auto_start=True, packs=["core", "geese"]
    )


def game_at(app: Any, connection: Connection) -> GameScene:
    app.push(lobby_with_geese(app, connection))
    run_until(app, lambda: isinstance(app.top, GameScene))
    scene = app.top
    assert isinstance(scene, GameScene)
    run_until(app, lambda: bool(scene.cards.defs), 20.0)
    return scene


def test_a_pack_only_the_host_has_shows_every_card_by_name_and_text(app: Any, tmp_path: Path) -> None:
    pack = write_pack(tmp_path / "host-only")
    host = start_host(tmp_path, pack)
    try:
        cache = PackCache(tmp_path / "cache")
        connection = Connection("127.0.0.1", host.port, "Alice", packs=cache)
        connection.start()
        scene = game_at(app, connection)
        engine = build_catalog(("core", str(pack.resolve())))  # what the host plays with
        assert set(scene.cards.defs) == set(engine.defs), "every card of the table is known here"
        for card_id, definition in engine.defs.items():
            assert scene.cards.name(card_id) == definition.name
        goose = scene.cards.get("angry-goose#1")
        assert goose is not None and goose.text.startswith("Honks first")
        assert Path(goose.art).is_relative_to(cache.root), "its picture came from the host, into the cache"
        face = scene.cards.face("angry-goose#1")
        assert face.name == "Angry Goose" and "Honks first" in face.text
        card = draw_face(face, 220)
        SHOTS.mkdir(exist_ok=True)
        pygame.image.save(card, SHOTS / "host-pack-goose-face.png")
        w, h = card.get_size()
        pixels = [card.get_at((x, y))[:3] for x in range(0, w, 2) for y in range(0, h, 2)]
        assert sum(1 for c in pixels if c == MAGENTA) > 50, "the pack's own picture is drawn on the face"
        app.step(1 / 60, [])
        pygame.image.save(app.screen, SHOTS / "host-pack-table.png")
        first = dict(served(host).sent)
        assert first == {"pack": 1, "picture": 1}, first  # core has the shipped bytes: not asked for
        assert cache.asked == 2

        shutil.rmtree(tmp_path / "host-only")  # nothing of the pack is left on disk but in the client's cache
        again = PackCache(tmp_path / "cache")
        second = Connection("127.0.0.1", host.port, "Bob", packs=again)
        second.start()
        second.request(protocol.WATCH, table=scene.session.table)
        detail = wait_for_detail(second)
        assert again.sources(detail["pack_files"]) is not None
        assert again.asked == 0 and dict(served(host).sent) == first, "the second visit fetched nothing"
        second.close()
    finally:
        host.stop()


def wait_for_detail(connection: Connection) -> dict[str, Any]:
    details: list[dict[str, Any]] = []

    def arrived() -> bool:
        tables = [i for i in connection.poll() if isinstance(i, protocol.Message) and i.type == protocol.TABLE]
        details.extend(dict(i.get("table")) for i in tables)
        return bool(details)

    wait_until(arrived, what="the table's detail")
    return details[0]


def test_a_broken_pack_from_a_host_is_refused_with_its_fault_and_the_table_plays_on(app: Any, tmp_path: Path) -> None:
    pack = write_pack(tmp_path / "host-only")
    host = start_host(tmp_path, pack)
    try:
        # The host now hands out another text under the pack's hash: the kind of thing a hostile host does.
        shelf = served(host)
        real = shelf.by_name[("munchkin", "geese")]
        broken = GEESE.replace("level = 3", "level = 99")
        shelf.by_hash[real.sha256] = replace(real, text=broken)
        connection = Connection("127.0.0.1", host.port, "Alice", packs=PackCache(tmp_path / "cache"))
        connection.start()
        app.push(lobby_with_geese(app, connection))
        run_until(app, lambda: isinstance(app.top, GameScene))
        scene = app.top
        assert isinstance(scene, GameScene)
        run_until(app, lambda: any("does not match its hash" in t for t, _ in scene.toasts))
        run_until(app, lambda: bool(scene.cards.defs))  # the shipped core set still names its cards
        assert scene.cards.get("angry-goose#1") is None and scene.cards.name("angry-goose#1") == "Angry Goose"
        assert not any((tmp_path / "cache").rglob("pack.toml")), "nothing unchecked is cached"
    finally:
        host.stop()


def test_a_pack_that_matches_its_hash_but_does_not_load_shows_the_loaders_fault(app: Any, tmp_path: Path) -> None:
    pack = write_pack(tmp_path / "host-only")
    host = start_host(tmp_path, pack)
    try:
        # The host plays its good pack but offers a broken one, under that one's own (true) hash.
        shelf = served(host)
        real = shelf.by_name[("munchkin", "geese")]
        broken = write_pack(tmp_path / "broken", GEESE.replace("level = 3", "level = 99"))
        bad_pack = replace(shelf_entry(broken), source=real.source)
        shelf.by_name[("munchkin", "geese")] = bad_pack
        shelf.by_hash[bad_pack.sha256] = bad_pack
        shelf.pictures.update((x.sha256, x) for x in bad_pack.pictures)
        connection = Connection("127.0.0.1", host.port, "Alice", packs=PackCache(tmp_path / "cache"))
        connection.start()
        app.push(lobby_with_geese(app, connection))
        run_until(app, lambda: isinstance(app.top, GameScene))
        scene = app.top
        assert isinstance(scene, GameScene)
        run_until(app, lambda: any("cannot be read" in t for t, _ in scene.toasts), 20.0)
        fault = next(t for t, _ in scene.toasts if "cannot be read" in t)
        assert "card 'angry-goose'" in fault and "level must be within 1..30, got 99" in fault
        app.step(1 / 60, [])
        pygame.image.save(app.screen, SHOTS / "host-pack-broken.png")
        assert "pack 'geese' from the host, card 'angry-goose'" in fault, "named as the table knows it"
        assert scene.cards.get("angry-goose#1") is None and scene.cards.name("angry-goose#1") == "Angry Goose"
        assert len(scene.cards.defs) > 100, "the shipped core set still names its cards"
    finally:
        host.stop()


def shelf_entry(path: Path) -> Any:
    """A served pack for a file, without the checks `Offer.load` makes (a hostile host skips them)."""
    from doorkick.server.packs_served import _serve

    return _serve(Offered("geese", "munchkin", str(path)))


def test_the_host_refuses_to_start_with_a_broken_pack_of_its_own_user(tmp_path: Path) -> None:
    path = write_pack(tmp_path / "mine", GEESE.replace('slot = "armor"', 'slot = "tail"'))
    try:
        Offer.load(pack_files=[path])
    except ValueError as exc:
        assert "card 'goose-down-vest'" in str(exc) and "slot must be one of" in str(exc)
    else:
        raise AssertionError("a broken pack was offered")


def test_the_table_form_offers_the_hosts_own_pack(app: Any, tmp_path: Path) -> None:
    host = start_host(tmp_path, write_pack(tmp_path / "host-only"))
    try:
        connection = Connection("127.0.0.1", host.port, "Alice", packs=PackCache(tmp_path / "cache"))
        connection.start()
        lobby = LobbyScene(app, connection, "test", "munchkin", 3, 2)
        app.push(lobby)
        run_until(app, lambda: lobby.status == "connected" and bool(lobby.features))
        app.step(1 / 60, [])
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):  # "Game, packs, options…", as a player clicks
            app.step(1 / 60, [pygame.event.Event(kind, button=1, pos=lobby.setup_button.rect.center)])
        form = app.top
        assert form is not lobby
        titles = [item.title for item in form.packs.items]
        assert titles[0] == "Core Set" and "Goose Invasion" in titles
        app.step(1 / 60, [])
        pygame.image.save(app.screen, SHOTS / "host-pack-in-the-table-form.png")
    finally:
        host.stop()


def test_doorkick_play_hosts_a_pack_file_named_on_its_command_line(tmp_path: Path) -> None:
    from doorkick.client.cli import hosted_packs

    path = write_pack(tmp_path / "mine")
    assert hosted_packs(["core", str(path)]) == (["core", "geese"], (path,))  # offered by its id, by the host
    assert hosted_packs(["core", "epic"]) == (["core", "epic"], ())
    broken = write_pack(tmp_path / "broken", GEESE.replace("level = 3", "level = 0"))
    try:
        hosted_packs([str(broken)])
    except ValueError as exc:
        assert "card 'angry-goose': level must be within 1..30, got 0" in str(exc)
    else:
        raise AssertionError("a broken pack was hosted")
