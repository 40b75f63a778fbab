"""The look's proof shots at 1280x720: the table at rest, a fight with a helper and enhancers, a throw in the
air, a death, the winner's screen and the Wonderland board mid-game, each drawn through the real scenes.

Run: SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy .venv/bin/python docs/screenshots/look_shots.py OUT_DIR [PREFIX]
Then `look_shots.py --beside BEFORE_DIR AFTER_DIR OUT_DIR` puts each pair side by side (the docs' look-*.png), from
shots taken with PREFIX "before-" on the old code and "after-" on the new.
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


PAIRS = ("table-rest", "combat-helper-enhancers", "dice-in-the-air", "death", "winner", "wonderland-mid-game")


def beside(before: Path, after: Path, out: Path) -> None:
    """Each before/after pair in one picture, labelled, at full size."""
    from doorkick.client.ui import theme
    from doorkick.client.ui.text import render_line

    pygame.display.set_mode((10, 10))
    for name in PAIRS:
        old = pygame.image.load(str(before / f"before-{name}.png"))
        new = pygame.image.load(str(after / f"after-{name}.png"))
        pair = pygame.Surface((old.get_width() + new.get_width() + 16, max(old.get_height(), new.get_height()) + 40))
        pair.fill((14, 14, 18))
        for x, img, label in ((0, old, "Before"), (old.get_width() + 16, new, "After")):
            pair.blit(img, (x, 40))
            pair.blit(render_line(label, 400, 26, theme.TEXT, "bold"), (x + 10, 6))
        pygame.image.save(pair, str(out / f"look-{name}.png"))


def main() -> None:
    if sys.argv[1] == "--beside":
        beside(Path(sys.argv[2]), Path(sys.argv[3]), Path(sys.argv[4]))
        return
    out = Path(sys.argv[1])
    prefix = sys.argv[2] if len(sys.argv) > 2 else ""
    out.mkdir(parents=True, exist_ok=True)

    def shot(app: App, name: str) -> None:
        app.draw(app.screen)
        pygame.image.save(app.screen, str(out / f"{prefix}{name}.png"))

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
    session = wonderland_session(fight=True)
    scene = app.push(WonderlandScene(app, session))
    run(app, 0.5)
    if not hasattr(scene, "moments"):  # before the look: the board as it was
        shot(app, "wonderland-mid-game")
        return
    state = session.engine_state
    cards = list(state.monster_deck[:3])
    scene.on_event(
        {
            "type": "fight_began",
            "seat": 0,
            "room": 4,
            "monster": "The Bandersnatch",
            "monster_cards": cards,
            "monster_die": 3,
            "monster_power": 9,
            "seed": 5,
        }
    )
    run(app, 0.9)
    shot(app, "wonderland-mid-game")

    app = App(Settings(), size=SIZE)
    session = munchkin_session()
    scene = app.push(MunchkinScene(app, session))
    run(app, 0.3)
    monster = next(c for c, d in scene.cards.defs.items() if d.kind == "monster" and c not in scene.hand)
    scene.on_event({"type": "kicked_door", "seat": 0, "card": monster})
    run(app, 0.75)
    shot(app, "door-kick")

    app = App(Settings(), size=SIZE)
    scene = app.push(MunchkinScene(app, munchkin_session()))
    run(app, 0.3)
    scene.on_event({"type": "level", "seat": 0, "level": 5, "change": 1})
    scene.on_event({"type": "level", "seat": 3, "level": 4, "change": -1})
    run(app, 0.55)
    shot(app, "level-up")


if __name__ == "__main__":
    main()
