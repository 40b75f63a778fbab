"""Munchkin, the card table: a pure, deterministic rules engine driven by card packs."""

from .engine import MunchkinRules, apply, legal_actions, outcome, seats_to_act
from .options import Options
from .state import GameState

RULESET = MunchkinRules()

__all__ = ["RULESET", "GameState", "MunchkinRules", "Options", "apply", "legal_actions", "outcome", "seats_to_act"]
