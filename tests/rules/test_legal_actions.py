"""`LegalActions`: a seat's legal actions that list themselves only when iterated or counted (python-chess's
`legal_moves` is the model), while `action in legal` asks the rules' check."""

from __future__ import annotations

from collections.abc import Iterator

from doorkick.shared.rules.base import Action, SeatSetup
from doorkick.shared.rules.legal import LegalActions
from doorkick.shared.rules.munchkin import RULESET as MUNCHKIN
from doorkick.shared.rules.munchkin.actions import FinishSetup, KickOpenTheDoor
from doorkick.shared.rules.wonderland import RULESET as WONDERLAND
from doorkick.shared.rules.wonderland.actions import Roll


class Counted:
    """A listing that counts the actions drawn from it."""

    def __init__(self, actions: list[Action]) -> None:
        self.actions = actions
        self.drawn = 0

    def __iter__(self) -> Iterator[Action]:
        for action in self.actions:
            self.drawn += 1
            yield action


def test_membership_asks_the_check_and_lists_nothing() -> None:
    listing = Counted([Roll(0), Roll(1)])
    legal = LegalActions(iter(listing), lambda action: action == Roll(1))
    assert Roll(1) in legal and Roll(0) not in legal
    assert listing.drawn == 0


def test_truth_lists_one_action_and_iterating_twice_lists_once() -> None:
    listing = Counted([Roll(0), Roll(1), Roll(2)])
    legal = LegalActions(iter(listing), lambda action: True)
    assert legal and listing.drawn == 1
    assert list(legal) == [Roll(0), Roll(1), Roll(2)] and len(legal) == 3
    assert list(legal) == [Roll(0), Roll(1), Roll(2)] and listing.drawn == 3
    assert not LegalActions(iter(Counted([])), lambda action: False)


def test_both_engines_answer_membership_for_the_seat_asked_only() -> None:
    seats = (SeatSetup("Ann", "female"), SeatSetup("Bob"))
    state = MUNCHKIN.new_game(seats, seed=3)
    assert FinishSetup(0) in MUNCHKIN.legal_actions(state, 0)
    assert FinishSetup(0) not in MUNCHKIN.legal_actions(state, 1)  # legal for seat 0, not from seat 1's list
    assert KickOpenTheDoor(0) not in MUNCHKIN.legal_actions(state, 0)  # everyone is still setting up
    assert FinishSetup(0) in list(MUNCHKIN.legal_actions(state, 0))
    game = WONDERLAND.new_game(seats, seed=3)
    mover = min(WONDERLAND.seats_to_act(game))
    assert Roll(mover) in WONDERLAND.legal_actions(game, mover)
    assert Roll(1 - mover) not in WONDERLAND.legal_actions(game, 1 - mover)
    assert not WONDERLAND.legal_actions(game, 1 - mover) and len(WONDERLAND.legal_actions(game, mover)) == 1
