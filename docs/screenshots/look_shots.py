"""The look's proof shots at 1280x720 (issue 12): the table at rest, a fight with a helper and enhancers, a throw
in the air, a death, the winner's screen, the Wonderland board mid-game and the lobby, each drawn through the
real scenes; and the docs' pictures of both tables.

Retake the AFTER pictures and the docs' pictures (into docs/screenshots/):
    .venv/bin/python docs/screenshots/look_shots.py
The BEFORE pictures come from the commit before the look work (34ccfe4): copy this file and
tests/client/layout_scenes.py into a worktree of it and run it there with `--before` (screens the old game did
not have fall back to what it showed at that moment: the results instead of the winner's screen).
"""

from __future__ import annotations

import os
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tests" / "client"))

import pygame
from layout_scenes import munchkin_combat_session, munchkin_session, wonderland_session

from doorkick.client.app import App
from doorkick.client.scenes.munchkin_table import MunchkinScene
from doorkick.client.scenes.wonderland_board import WonderlandScene
from doorkick.client.settings import Settings

SIZE = (1280, 720)


def run(app: App, seconds: float) -> None:
    for _ in range(round(seconds * 60)):
        app.update(1 / 60)


def enhanced_fight() -> Any:
    """The layout test's helped fight, with an enhancer on each monster."""
    session = munchkin_combat_session()
    state = session.engine_state
    used = {c for p in state.players for c in (*p.hand, *p.item_cards)}
    enhancers = [c for c, d in state.catalog.defs.items() if d.kind == "enhancer" and c not in used][:3]
    monsters = state.combat.monsters
    monsters = (replace(monsters[0], enhancers=tuple(enhancers[:2])), replace(monsters[1], enhancers=(enhancers[2],)))
    session.engine_state = replace(state, combat=replace(state.combat, monsters=monsters))
    session._publish([])
    return session


def lobby(app: App) -> None:
    """The lobby seated at a table being filled: two players, a bot, an open seat, a line of chat."""
    from layout_scenes import _lobby

    from doorkick.client.scenes import lobby as lobby_scene

    scene: Any = _lobby(app)
    players = [
        {"seat": 0, "kind": "human", "name": "Alice", "ready": True, "connected": True},
        {"seat": 1, "kind": "human", "name": "Bob", "ready": False, "connected": True},
        {"seat": 2, "kind": "bot", "name": "Bot Carol"},
        {"seat": 3, "kind": "open"},
    ]
    table = {"id": "t1", "name": "Alice's table", "game": "munchkin", "seats": 4, "open_seats": 1, "bots": 1,
             "packs": ["core"], "players": players, "started": False}  # fmt: skip
    other = {"id": "t2", "name": "Wonderland corner", "game": "wonderland", "seats": 5, "open_seats": 3,
             "packs": ["wonderland"], "started": False}  # fmt: skip
    scene.status = "connected"
    scene.tables = [table, other]
    scene.list.set_rows([lobby_scene._row(t) for t in scene.tables])
    scene.table, scene.my_seat, scene.ready = table, 0, True
    scene.chat = ["Bob: two minutes, getting snacks", "Alice: take your time"]
    scene._labels()


def main() -> None:
    before = "--before" in sys.argv
    args = [a for a in sys.argv[1:] if a != "--before"]
    out = Path(args[0]) if args else Path(__file__).resolve().parent
    out.mkdir(parents=True, exist_ok=True)

    def shot(app: App, name: str) -> None:
        app.draw(app.screen)
        pygame.image.save(app.screen, str(out / f"before-after-{name}-{'before' if before else 'after'}.png"))

    app = App(Settings(), size=SIZE)
    app.push(MunchkinScene(app, munchkin_session()))
    run(app, 0.5)
    shot(app, "table-rest")

    app = App(Settings(), size=SIZE)
    scene = app.push(MunchkinScene(app, enhanced_fight()))
    run(app, 0.5)
    shot(app, "combat-helper-enhancers")
    scene.on_event({"type": "escape_roll", "seat": 0, "monster": 0, "die": 3, "total": 4, "seed": 7})
    run(app, 0.4)
    shot(app, "dice-in-the-air")

    app = App(Settings(), size=SIZE)
    session = munchkin_session()
    scene = app.push(MunchkinScene(app, session))
    run(app, 0.3)
    dead = session.engine_state.players[2]
    corpse = [*dead.hand[:3], *dead.item_cards[:2]]
    scene.on_event({"type": "died", "seat": 2, "source": "bad_stuff", "corpse": corpse})
    scene.on_event({"type": "looting", "dead": 2, "order": [3, 4, 0]})
    for looter, card in zip((3, 4, 0, 3, 4), corpse, strict=False):
        scene.on_event({"type": "looted_corpse", "seat": looter, "card": card})
    run(app, 1.0)
    shot(app, "death")

    app = App(Settings(), size=SIZE)
    session = munchkin_session()
    view = (session.state(0) or {}).get("view") or {}
    outcome = {"winners": [2], "reason": "reached_level_10"}
    try:
        from doorkick.client.scenes.winner import WinnerScene

        app.push(WinnerScene(app, session, view, outcome))
        run(app, 1.6)
    except ImportError:
        from doorkick.client.scenes.results import ResultsScene

        app.push(ResultsScene(app, session, view, outcome))
        run(app, 0.2)
    shot(app, "winner")

    app = App(Settings(), size=SIZE)
    app.push(WonderlandScene(app, wonderland_session(fight=True)))
    run(app, 0.5)
    shot(app, "wonderland-mid-game")

    app = App(Settings(name="Alice"), size=SIZE)
    lobby(app)
    run(app, 0.2)
    shot(app, "lobby")
    if before:
        return

    # The docs' pictures of both tables (docs/client.md, "Layout").
    app = App(Settings(), size=SIZE)
    app.push(MunchkinScene(app, munchkin_combat_session()))
    run(app, 0.5)
    app.draw(app.screen)
    pygame.image.save(app.screen, str(out / "munchkin-table-1280x720.png"))
    app = App(Settings(), size=SIZE)
    app.push(WonderlandScene(app, wonderland_session()))
    run(app, 0.5)
    app.draw(app.screen)
    pygame.image.save(app.screen, str(out / "wonderland-board-1280x720.png"))


if __name__ == "__main__":
    main()
