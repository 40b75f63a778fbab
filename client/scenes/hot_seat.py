"""Hot-seat: several players share one screen. Before another of them must act, a cover hides every hand and
hands the screen over, saying why in the game's words ("Carol asks for your help")."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...shared.rules.munchkin.view import CombatView, DecisionView, MunchkinView
from ...shared.viewer import ViewerState
from ..clocks import nothing_to_play
from ..session import LocalSession
from .overlays import CoverOverlay

if TYPE_CHECKING:
    from .table_base import GameScene


def hand_over(scene: GameScene) -> None:
    """Several seats here: before another of them must act, cover the screen and hand it over, saying why. A
    reaction window goes only to those who could play something (the clock passes for the others), and only
    the seat holding the screen has its clock running."""
    session = scene.session
    if len(session.seats) < 2:
        return
    if isinstance(session, LocalSession):
        covered = any(isinstance(s, CoverOverlay) for s in scene.app.stack)
        session.at_screen = set() if scene.viewer is None or covered else {scene.viewer}
    if scene.app.top is not scene:
        return
    if scene.moments.active or len(scene.flights) or scene.throw is not None:
        return  # the player sees how their move ended (the fight won, the die settled) before handing over
    first = session.records.get(session.seats[0])
    to_act = [
        s
        for s in (first.to_act if first is not None else [])
        if s in session.seats and not nothing_to_play(session.records.get(s), session.legal(s), s)
    ]
    if to_act and scene.viewer not in to_act:
        seat = to_act[0]
        scene.viewer = None  # nothing of anyone's hand shows under the cover
        scene.hand, scene.hand_rects = [], []
        scene.app.push(
            CoverOverlay(
                scene.app,
                scene.seat_name(seat),
                scene.seat_colour(seat),
                lambda: scene.take_over(seat),
                handover_reason(session.records.get(seat), seat, scene.seat_name),
            )
        )


def handover_reason(state: ViewerState | None, seat: int, name: Callable[[int], str]) -> str:
    """Why the screen goes to `seat` in hot-seat, in the game's words ("Carol asks for your help")."""
    if state is None:
        return ""
    view = state.view
    if not isinstance(view, MunchkinView):  # Wonderland: only ever a turn of one's own
        return "Your turn" if view.active == seat else ""
    decisions = view.decisions
    if decisions and decisions[0].seat == seat:
        return _decision_reason(decisions[0], name)
    if view.phase == "setup":
        return "Get ready: play your first race or class, if you like"
    combat = view.combat
    if combat is None:
        return "Your turn" if view.active == seat else ""
    fighter, step = combat.fighter, combat.step
    if step == "help":
        return f"{name(fighter)} asks for your help" if seat != fighter else "Your call for help has answers"
    if step == "window":
        return _window_reason(combat, name)
    if step == "flee":
        return "Roll to run away"
    if step == "spoils":
        return "Take your share of the treasure"
    return "Your fight" if seat == fighter else ""


def _decision_reason(decision: DecisionView, name: Callable[[int], str]) -> str:
    source = decision.source
    other = name(source) if source >= 0 else "Someone"
    victim = "you" if source == decision.seat else other  # a curse_cast's source is the one it strikes
    return {
        "trade": f"{other} offers you a trade",
        "lose_item": "Bad Stuff: choose what you lose",
        "lose_cards": "Bad Stuff: choose what you lose",
        "loot_corpse": f"Loot {other}'s body: pick a card",
        "outrun_curse": "A curse is cast on you: outrun it or take it",
        "door_order": "Choose the order your Doors strike in",
        "curse_cast": f"A curse is cast on {victim}: cancel it or let it strike",
        "resurrect": "Resurrection: you may take the top Treasure discard",
    }.get(decision.kind, "")


def _window_reason(combat: CombatView, name: Callable[[int], str]) -> str:
    """A reaction window, from the onlooker's side: who fights what, and that a card may be played now."""
    helper = combat.helper
    who = name(combat.fighter) + (f" and {name(helper)} are" if helper is not None else " is")
    levels = [m.level for m in combat.monsters]
    foes = (
        f"a Level {levels[0]} monster"
        if len(levels) == 1
        else " and ".join(f"Level {level}" for level in levels) + " monsters"
    )
    doing = "running away from" if combat.resolving == "flee" else "fighting"
    return f"{who} {doing} {foes}: you may play a card"
