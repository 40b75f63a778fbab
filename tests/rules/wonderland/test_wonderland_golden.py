"""Golden scenarios: the rulebook's own examples played through the engine, and fixed seeded games."""

from __future__ import annotations

from wonderland_support import ENGINE, kinds, play

from doorkick.shared.rules.base import SeatSetup
from doorkick.shared.rules.rng import Rng
from doorkick.shared.rules.scenario import parse_scenario
from doorkick.shared.rules.wonderland.actions import EndFight, Move, PlayTreasure, Roll
from doorkick.shared.rules.wonderland.board import load_board
from doorkick.shared.rules.wonderland.fight import monster_power, munchkin_power
from doorkick.shared.rules.wonderland.state import FIGHT, START, WonderlandState

BOARD = load_board()


RED_QUEEN = """\
game = "wonderland"
dice = [2, 2]  # a 2 to move, then a 2 in the fight

[[seats]]
name = "Player 1"
position = "path1c"
friends = ["the_hatter", "march_hare"]
hand = ["the_stolen_tarts"]

[[seats]]
name = "Player 2"

[[seats]]
name = "Player 3"

[[seats]]
name = "Player 4"

[decks]
monster = ["humpty_dumpty"]
"""


def _into_the_red_queens_room() -> WonderlandState:
    # Red is two steps from the Red Queen's Room (room 5) with a Friends total of 4 and the Stolen Tarts (+4).
    state, _ = play(parse_scenario(RED_QUEEN).state, Roll(0))
    state, events = play(state, Move(0, ("path1d", "room5")))
    assert kinds(events) == ["moved", "fight_began"]
    return state


def test_golden_red_queen_and_humpty_dumpty_have_power_9() -> None:
    state = _into_the_red_queens_room()
    assert BOARD.rooms[5].monster == "The Red Queen" and BOARD.rooms[5].treasures == 2
    assert monster_power(state) == 5 + 4 == 9
    assert state.fight is not None and state.fight.monster_cards == ("humpty_dumpty",)


def test_golden_friends_4_die_2_and_a_one_time_4_make_10_and_win() -> None:
    state = _into_the_red_queens_room()
    state, _ = play(state, Roll(0))
    assert state.phase == FIGHT and munchkin_power(state) == 4 + 2
    state, _ = play(state, PlayTreasure(0, "the_stolen_tarts"))
    assert munchkin_power(state) == 10
    top_two = state.treasure_deck[:2]
    state, events = play(state, EndFight(0))
    ended = next(e for e in events if e.kind == "fight_ended")
    assert ended.for_seat(None) == {
        "type": "fight_ended",
        "seat": 0,
        "helper": None,
        "room": 5,
        "munchkin_power": 10,
        "monster_power": 9,
        "won": True,
    }
    assert state.hands[0] == top_two  # "When you beat the Red Queen, draw two Treasures."
    assert state.monster_discard[-1] == "humpty_dumpty" and state.phase == START and state.active == 1


def test_golden_entrance_draw_then_a_6_means_the_jabberwock() -> None:
    arranged = RED_QUEEN.replace('position = "path1c"', 'position = "spoke3y"').replace("[2, 2]", "[1, 6]")
    state, _ = play(parse_scenario(arranged).state, Roll(0))
    state, events = play(state, Move(0, ("entrance",)), Roll(0))
    assert kinds(events)[:3] == ["moved", "treasure_drawn", "rolled"]
    assert state.positions[0] == BOARD.room_space[6] and BOARD.rooms[6].monster == "The Jabberwock"
    assert state.fight is not None and len(state.fight.monster_cards) >= 2


def test_golden_rolling_3_reaches_a_room_one_way_a_plain_space_the_other() -> None:
    paths = {p[-1]: p for p in BOARD.paths("path6a", 3)}
    assert BOARD.spaces["path6d"].kind == "plain" and paths["path6d"] == ("path6b", "path6c", "path6d")
    assert paths["room4"] == ("room4",)


# Fixed seeds, uniformly random legal play from a chooser of the test's own: (turns, winners, actions, Gold).
# Recorded from this engine; a change here means the rules, board or pack changed: check it on purpose.
GOLDEN_GAMES: dict[int, tuple[int, tuple[int, ...], int, tuple[int, ...]]] = {
    1: (71, (2,), 484, (0, 2, 12, 3)),
    2: (75, (0,), 501, (2, 0, 0, 1)),
    3: (66, (0,), 458, (5, 2, 0, 3)),
}


def _fingerprint(seed: int) -> tuple[int, tuple[int, ...], int, tuple[int, ...]]:
    state = ENGINE.new_game(tuple(SeatSetup(f"P{i}") for i in range(4)), seed)
    chooser = Rng.from_seed(seed)
    actions = 0
    while (result := ENGINE.outcome(state)) is None:
        waiting = sorted(ENGINE.seats_to_act(state))
        pick, chooser = chooser.below(len(waiting))
        legal = list(ENGINE.legal_actions(state, waiting[pick]))
        index, chooser = chooser.below(len(legal))
        state, _ = ENGINE.apply(state, legal[index])
        actions += 1
    return state.turn, result.winners, actions, tuple(ENGINE.score(state, s) for s in range(4))


def test_golden_seeded_games_replay_identically() -> None:
    for seed, expected in GOLDEN_GAMES.items():
        assert _fingerprint(seed) == expected, seed


def test_golden_a_game_replays_from_its_wire_log() -> None:
    seats = tuple(SeatSetup(f"P{i}") for i in range(3))
    state = ENGINE.new_game(seats, 99)
    log = []
    for _ in range(300):
        waiting = sorted(ENGINE.seats_to_act(state))
        if not waiting:
            break
        action = list(ENGINE.legal_actions(state, waiting[0]))[-1]
        log.append(action.to_wire())
        state, _ = ENGINE.apply(state, action)
    again = ENGINE.new_game(seats, 99)
    for wire in log:
        again, _ = ENGINE.apply(again, ENGINE.action_from_wire(wire))
    assert again == state
