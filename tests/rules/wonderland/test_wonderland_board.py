"""The board file: the shipped layout is sound, and a broken file is refused with a precise error."""

from __future__ import annotations

import itertools
from importlib import resources
from pathlib import Path

import pytest

from doorkick.shared.rules.wonderland.board import BoardError, load_board, parse_board
from doorkick.shared.rules.wonderland.view import board_view

SHIPPED = (resources.files("doorkick.assets") / "boards" / "wonderland.toml").read_text("utf-8")


def test_the_shipped_board_has_a_loop_of_rooms_and_spokes_to_the_entrance() -> None:
    board = load_board()
    assert board.id == "wonderland" and board.spaces[board.entrance].kind == "entrance"
    kinds = {s.kind for s in board.spaces.values()}
    assert kinds == {"plain", "roll_again", "treasure", "monster", "entrance", "room"}
    assert all(0.0 <= s.x <= 1.0 and 0.0 <= s.y <= 1.0 for s in board.spaces.values())
    assert board.rooms[5].monster == "The Red Queen" and board.rooms[5].treasures == 2
    assert board.rooms[6].monster == "The Jabberwock" and board.rooms[6].rule == "two_cards"
    assert board.rooms[4].monster == "The Bandersnatch" and board.rooms[4].rule == "card_and_die"
    assert board.rooms[3].monster == "The White Queen"
    assert all(board.rooms[n].power == n for n in range(1, 7))
    # Every Room sits on the loop (two neighbours); the Entrance has a spoke in six directions.
    assert all(len(board.neighbours[board.room_space[n]]) == 2 for n in range(1, 7))
    assert len(board.neighbours[board.entrance]) == 6
    drawn = board_view(board)  # what a client draws
    assert len(drawn.spaces) == len(board.spaces) and len(drawn.rooms) == 6
    assert [room.art for room in drawn.rooms] == [board.rooms[n].art for n in range(1, 7)]


def test_paths_never_revisit_a_space_and_stop_at_rooms_and_the_entrance() -> None:
    board = load_board()
    for start in board.spaces:
        for steps in range(1, 7):
            paths = board.paths(start, steps)
            assert paths, (start, steps)
            for path in paths:
                assert start not in path and len(set(path)) == len(path)
                assert all(not board.stops_movement(s) for s in path[:-1])
                assert len(path) == steps or board.stops_movement(path[-1])
                hops = [start, *path]
                assert all(b in board.neighbours[a] for a, b in itertools.pairwise(hops))


def _broken(old: str, new: str) -> str:
    assert old in SHIPPED, old
    return SHIPPED.replace(old, new, 1)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (_broken('["path1a", "path1b"]', '["path1a", "nowhere"]'), r"links\[\d+\]: link to unknown space"),
        (_broken('["path1a", "path1b"]', '["path1a", "path1a"]'), "cannot link to itself"),
        (_broken('["path1a", "path1b"]', '["path1b", "path1a"], ["path1a", "path1b"]'), "duplicate link"),
        (_broken('["path1a", "path1b"]', '["path1a"]'), "a link is a pair of space ids"),
        (_broken("room = 6", "room = 7"), "space 'path1c': room number must be 1-6, got 7"),
        (_broken("number = 6", "number = 0"), "room 0: room number must be 1-6"),
        (_broken("number = 6", "number = 5"), "room 5: duplicate room number"),
        (_broken('id = "path1b"', 'id = "path1a"'), "space 'path1a': duplicate space id"),
        (_broken('kind = "plain"', 'kind = "swamp"'), "kind must be one of"),
        (_broken("x = 0.500", "x = 1.500"), r"x must be within 0.0..1.0, got 1.5"),
        (_broken('kind = "room"', 'kind = "monster"'), "no room space for room"),
        (_broken('kind = "plain"', 'kind = "room"'), "unknown key|missing required key 'room'"),
        (_broken('kind = "plain"', 'kind = "entrance"'), "exactly one entrance space, found 2"),
        (_broken('rule = "two_cards"', 'rule = "three_cards"'), "rule must be one of"),
        (_broken('rule = "two_cards"', 'rule = "two_cards"\ncolour = "red"'), "room 6: unknown key"),
        (_broken("[board]", "[board]\nsize = 3"), r"\[board\]: unknown key"),
        (_broken("links = [", "paths = []\nlinks = ["), "unknown top-level key"),
        ("[board\n", "not valid TOML"),
    ],
)
def test_a_broken_board_is_refused_with_a_precise_error(text: str, message: str) -> None:
    with pytest.raises(BoardError, match=message) as caught:
        parse_board(text, "broken.toml")
    assert str(caught.value).startswith("broken.toml")


def test_a_space_nobody_can_reach_is_refused() -> None:
    text = SHIPPED.replace('    ["path1c", "path1d"],\n', "").replace('    ["path1d", "room5"],\n', "")
    with pytest.raises(BoardError, match="'path1d' cannot be reached from the entrance"):
        parse_board(text, "broken.toml")


def test_a_missing_room_is_named() -> None:
    start = SHIPPED.index("[[rooms]]\nnumber = 2")
    end = SHIPPED.index("[[rooms]]", start + 1)
    with pytest.raises(BoardError, match="rooms 2 are missing"):
        parse_board(SHIPPED[:start] + SHIPPED[end:], "broken.toml")


def test_a_missing_board_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(BoardError, match="cannot read the board"):
        load_board(str(tmp_path / "absent.toml"))
    with pytest.raises(BoardError, match="no built-in board named 'narnia'"):
        load_board("narnia")
