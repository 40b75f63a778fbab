"""The dice check at a game's end when this client cannot set the game up: packs or options it cannot deal with
are a verdict ("cannot check"), while a bug in the engine is not passed off as one (the check's caller,
client/verify.py, says it could not check and logs the traceback)."""

from __future__ import annotations

from typing import Any

import pytest

from doorkick.shared.fairness import HOST, Contribution, Reveal, Seen, commitment, derive_seed, verify
from doorkick.shared.rules.base import SeatSetup
from doorkick.shared.rules.registry import ruleset

SECRET = "ab" * 32


def honest_reveal() -> Reveal:
    contributions = (Contribution(0, HOST), Contribution(1, HOST))
    return Reveal(
        True,
        commitment=commitment(SECRET),
        secret=SECRET,
        contributions=contributions,
        seed=derive_seed(SECRET, contributions),
        players=(SeatSetup("Ann"), SeatSetup("Bo", "female")),
    )


def test_packs_this_client_cannot_deal_with_are_a_verdict_not_a_crash() -> None:
    verdict = verify(ruleset("munchkin"), honest_reveal(), ("no-such-pack",), None, Seen())
    assert verdict.fair is False and verdict.headline == "Cannot check: this client cannot set up the game"
    assert "no-such-pack" in verdict.details[-1]


def test_options_the_engine_refuses_are_a_verdict_too() -> None:
    verdict = verify(ruleset("munchkin"), honest_reveal(), ("core",), {"no_such_option": True}, Seen())
    assert verdict.fair is False and verdict.headline == "Cannot check: this client cannot set up the game"


def test_a_bug_in_the_engine_is_not_taken_for_a_game_it_cannot_set_up() -> None:
    class Broken:
        def __getattr__(self, name: str) -> Any:
            return getattr(ruleset("munchkin"), name)

        def new_game(self, *_args: Any) -> Any:
            raise TypeError("a bug in the engine")

    with pytest.raises(TypeError):
        verify(Broken(), honest_reveal(), ("core",), None, Seen())
