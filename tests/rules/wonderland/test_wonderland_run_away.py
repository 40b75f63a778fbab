"""Rule R21 (W15): a run away from a Room moves away from it, every step farther than the one before, on any
board, even one whose loop would lead a runner straight back."""

from __future__ import annotations

from dataclasses import replace
from itertools import pairwise

import pytest
from wonderland_support import ENGINE, fight, play, table

from doorkick.shared.rules.base import IllegalAction
from doorkick.shared.rules.wonderland.actions import Move
from doorkick.shared.rules.wonderland.board import Board, load_board, parse_board, read_board_text
from doorkick.shared.rules.wonderland.state import MOVING, RUN_DISCARD, RUNNING, WonderlandState

SHIPPED, _ = read_board_text("wonderland")
# One more link closes a short loop of five spaces through Room 1: room1 - path1a - path1b - path1c - path6d.
LOOPED = SHIPPED.replace("links = [\n", 'links = [\n    ["path1c", "path6d"],\n', 1)


def running(board: Board, die: int) -> WonderlandState:
    state = table(
        phase=RUNNING,
        die=die,
        positions=["room1"] + ["entrance"] * 3,
        hands=[["jam_tart"], [], [], []],
        fight=fight(1, cards=("red_knight",), dice=(("fighter", 1),)),
    )
    return replace(state, board=board)


def runs(state: WonderlandState) -> set[tuple[str, ...]]:
    return {a.path for a in ENGINE.legal_actions(state, 0) if isinstance(a, Move)}


def farther_each_step(board: Board, room: str, path: tuple[str, ...]) -> bool:
    away = board.distances_from(room)
    spaces = (room, *path)
    return all(away[b] > away[a] for a, b in pairwise(spaces))


def test_R21_a_run_on_a_board_with_a_short_loop_never_heads_back() -> None:
    board = parse_board(LOOPED, "looped.toml")
    state = running(board, 3)
    assert ("path6d", "path1c", "path1b") in board.paths("room1", 3)  # an ordinary move may go round the loop
    offered = runs(state)
    assert offered and all(farther_each_step(board, "room1", p) for p in offered)
    assert ("path6d", "path1c", "path1b") not in offered  # path1b is no farther from Room 1 than path1c
    assert ("path1a", "path1b", "path1c") not in offered
    assert ("path6d", "path1c", "path1d") in offered
    with pytest.raises(IllegalAction, match="away from the Room"):
        ENGINE.apply(state, Move(0, ("path6d", "path1c", "path1b")))
    state, _ = play(state, Move(0, ("path6d", "path1c", "path1d")))
    assert state.positions[0] == "path1d" and state.phase == RUN_DISCARD


@pytest.mark.parametrize("name", ["shipped", "looped"])
def test_R21_every_run_from_every_room_ends_farther_at_each_step(name: str) -> None:
    board = load_board() if name == "shipped" else parse_board(LOOPED, "looped.toml")
    for room in board.room_space.values():
        for die in range(1, 7):
            found = board.paths_away(room, room, die)
            assert found, (room, die)
            for path in found:
                assert farther_each_step(board, room, path), (room, die, path)
                assert (
                    len(path) == die
                    or board.stops_movement(path[-1])
                    or not [
                        n
                        for n in board.neighbours[path[-1]]
                        if board.distance(room, n) > board.distance(room, path[-1])
                    ]
                )


def test_R21_an_ordinary_move_is_not_limited() -> None:
    board = parse_board(LOOPED, "looped.toml")
    state = replace(running(board, 3), phase=MOVING, fight=None)
    assert runs(state) == set(board.paths("room1", 3))
