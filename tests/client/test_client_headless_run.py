"""`doorkick play --autoplay ... --screenshot-dir` runs headless and leaves real frames; a replay of the
saved game plays back too."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from doorkick.client.replay import ReplaySession, load_replay

ARGS = ["--bots", "3", "--autoplay", "--quit-after-turns", "6", "--no-discovery"]


def run_doorkick(args: list[str], tmp: Path) -> subprocess.Popen[str]:
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "DOORKICK_CONFIG_DIR": str(tmp / "config"),
        "XDG_DATA_HOME": str(tmp / "data"),
    }
    return subprocess.Popen(
        [sys.executable, "-m", "doorkick.client.main", *args],
        env=env,
        text=True,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )


def check_frames(folder: Path) -> list[str]:
    shots = sorted(folder.glob("*.png"))
    names = [p.name for p in shots]
    assert shots, "no screenshots"
    pygame.init()
    for path in shots:
        img = pygame.image.load(str(path))
        assert img.get_size() == (1280, 720)
        # Not blank: the table, the sidebar and the action bar (above the whole hand) each hold several colours.
        for box in ((20, 20, 900, 480), (960, 60, 300, 600), (10, 512, 900, 40)):
            x0, y0, w, h = box
            colours = {img.get_at((x, y))[:3] for x in range(x0, x0 + w, 23) for y in range(y0, y0 + h, 17)}
            assert len(colours) > 3, f"{path.name}: region {box} looks blank"
    return names


def events_on_screen(table: Path) -> set[str]:
    """The kinds of event the saved game sent in the turns the window showed (the host plays on a little after
    the window closes, so later ones do not count)."""
    replay = ReplaySession(*load_replay(table))
    replay.paused = True
    turn = replay.ruleset.turn_number
    last_turn = turn(replay.engine_state) + int(ARGS[ARGS.index("--quit-after-turns") + 1])
    kinds: set[str] = set()
    while turn(replay.engine_state) < last_turn and replay.step():
        kinds.update(h.event.kind for h in replay.pump(0.0) if h.event is not None)
    return kinds


# What happened on screen -> the frame it must have left. Random tables may not fight or roll within the turns
# shown (a Munchkin table rolls only when someone runs away), so each frame is asked for only when its moment came.
FRAMES = {"escape_roll": "dice", "rolled": "dice", "combat": "combat", "fight_began": "combat"}


@pytest.mark.slow
@pytest.mark.parametrize("game", ["munchkin", "wonderland"])
def test_headless_autoplay_saves_real_frames_at_turns_combats_and_dice(game: str, tmp_path: Path) -> None:
    shots = tmp_path / "shots"
    proc = run_doorkick(["play", "--game", game, *ARGS, "--screenshot-dir", str(shots)], tmp_path)
    _out, err = proc.communicate(timeout=240)
    assert proc.returncode == 0, err[-2000:]
    names = check_frames(shots)
    assert sum("turn_start" in n for n in names) >= 3

    tables = list((tmp_path / "data").glob("doorkick/server/*/*"))  # tables/ while in play, history/ once over
    tables = [t for t in tables if (t / "record.msgpack").is_file()]
    assert tables, "the host kept no record of the game"
    wanted = {FRAMES[kind] for kind in events_on_screen(tables[0]) if kind in FRAMES}
    if game == "wonderland":
        assert "dice" in wanted  # every Wonderland turn rolls to move
    for tag in wanted:
        assert any(tag in n for n in names), f"no {tag} frame"

    replay = run_doorkick(
        ["replay", str(tables[0]), "--speed", "40", "--screenshot-dir", str(tmp_path / "r")], tmp_path
    )
    _, err = replay.communicate(timeout=120)
    assert replay.returncode == 0, err[-2000:]
