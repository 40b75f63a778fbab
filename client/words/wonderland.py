"""The Wonderland board's words: a label for every action, a log line for every event.

Dice go by whose they are ("your die", "Bob's second die", "the monster's die"), spaces by what they are
("Room 3", "Treasure"), as the board names them.
"""

from __future__ import annotations

from ...shared.rules.base import Action, Event
from ...shared.rules.wonderland import actions as act
from ...shared.rules.wonderland import events as ev
from ...shared.rules.wonderland.view import DieView, FightView, WonderlandView
from . import Label, Say, Words, labelled, listed, ordinal, plural, said

KINDS: dict[type[Action], str] = {
    act.Roll: "Roll the die",
    act.Move: "Move",
    act.PlayFriend: "Play a Friend",
    act.PlayTreasure: "Play a Treasure",
    act.ChangeDie: "Change a die",
    act.TakeBack: "Take a Treasure back",
    act.AskForHelp: "Ask for help",
    act.AcceptHelp: "Help in the fight",
    act.DeclineHelp: "Decline to help",
    act.EndFight: "Finish the fight",
    act.PickTreasure: "Keep a Treasure",
    act.Discard: "Discard",
}

WHY_NOT: dict[type[Action], str] = {
    act.Roll: "Only at the start of your own turn, or when the game asks you to roll.",
    act.EndFight: "Only in your own fight once the cards are down.",
    act.AskForHelp: "Only in your own fight, with another player within six spaces.",
}

# What a roll of the die is for, by the phase the game is in (the action) or by the event's "for".
ROLL_FOR = {
    "start": "Roll to move",
    "roll_again": "Roll again",
    "entrance": "Roll for the Room",
    "fight_roll": "Roll your die for the fight",
    "helper_roll": "Roll your die to help",
    "run_roll": "Roll to run away",
}
ROLLED_FOR: dict[ev.RollPurpose, str] = {
    "move": "to move",
    "run_away": "to run away",
    "room": "for the Room",
    "fighter": "in the fight",
    "helper": "to help in the fight",
}


def _view(w: Words) -> WonderlandView | None:
    view = w.view()
    return view if isinstance(view, WonderlandView) else None


def _fight(w: Words) -> FightView | None:
    view = _view(w)
    return view.fight if view is not None else None


def _dice(w: Words) -> list[DieView]:
    fight = _fight(w)
    return fight.dice if fight is not None else []


def _fighter(w: Words) -> int | None:
    fight = _fight(w)
    return fight.fighter if fight is not None else None


def _phase(w: Words) -> str:
    view = _view(w)
    return view.phase if view is not None else ""


def die_name(w: Words, index: object, owner: object = None, log: bool = False) -> str:
    """Die `index` of the fight by whose it is: "your die", "Bob's second die", "the monster's die".
    Outside a fight the only die is the move (or run-away) die. In the log, names replace "your"; a log line
    whose fight is over by now still says whose die it was ("the helper's die")."""
    fight = _fight(w)
    dice = _dice(w)
    nth = ""
    if isinstance(index, int) and 0 <= index < len(dice) and owner in (None, dice[index].owner):
        owner = dice[index].owner
        same = [i for i, d in enumerate(dice) if d.owner == owner]
        nth = f"{ordinal(same.index(index))} " if len(same) > 1 else ""
    if owner == "monster":
        return f"the monster's {nth}die"
    if owner not in ("fighter", "helper"):
        return "the run-away die" if _phase(w) == "running" else "the move die"
    seat = None if fight is None else fight.helper if owner == "helper" else fight.fighter
    if seat is None:
        return f"the {owner}'s {nth}die"
    whose = f"{w.name(seat)}'s" if log else w.yours(seat)
    return f"{whose} {nth}die"


def die_owner(w: Words, owner: object) -> str:
    """Whose a die of the fight is, in a word, for the label under it: "You", "Bob" or "Monster"."""
    if owner == "monster":
        return "Monster"
    fight = _fight(w)
    seat = None if fight is None else fight.helper if owner == "helper" else fight.fighter
    return "You" if seat is not None and seat == w.viewer() else w.name(seat, "?")


# A space of the board as a sentence names it.
SPACES = {
    "plain": "a path space",
    "roll_again": "a Roll Again space",
    "treasure": "a Treasure space",
    "monster": "a Monster space (off to Room {room})",
    "entrance": "the Entrance",
    "room": "Room {room}",
}


# ... and as a step on the way.
STEPS = {
    "plain": "path",
    "roll_again": "Roll Again",
    "treasure": "Treasure",
    "monster": "Monster",
    "entrance": "Entrance",
    "room": "Room {room}",
}


def space(w: Words, space_id: object, names: dict[str, str] = SPACES) -> str:
    """A space by what it is, from the board in the view: "Room 4", "a Treasure space"."""
    view = _view(w)
    found = next((s for s in view.board.spaces if s.id == space_id), None) if view is not None else None
    if found is None:
        return "a space"
    return names.get(found.kind, "a space").format(room=found.room)


def _showing(w: Words, index: object) -> str:
    """What the die to change shows now: " (now 3)"."""
    dice, view = _dice(w), _view(w)
    face = dice[index].face if isinstance(index, int) and 0 <= index < len(dice) else view.die if view else None
    return f" (now {face})" if face is not None and face > 0 else ""


def _move(w: Words, a: act.Move) -> str:
    path = list(a.path)
    if not path:
        return "Move"
    text = f"Move {plural(len(path), 'space')} to {space(w, path[-1])}"
    # Two ways to one space differ by the spaces passed on the way.
    return text + (f", by {' → '.join(space(w, s, STEPS) for s in path[:-1])}" if len(path) > 1 else "")


def _roll(w: Words, a: act.Roll) -> str:
    return ROLL_FOR.get(_phase(w), "Roll the die")


def _help(w: Words, a: act.AcceptHelp) -> str:
    fighter = _fighter(w)
    return f"Help {w.name(fighter)} in the fight" if fighter is not None else "Help in the fight"


def _decline(w: Words, a: act.DeclineHelp) -> str:
    fighter = _fighter(w)
    return f"Do not help {w.name(fighter)}" if fighter is not None else "Do not help"


ACTIONS: dict[type[Action], Label] = dict(
    [
        labelled(act.Roll, _roll),
        labelled(act.Move, _move),
        labelled(
            act.PlayFriend,
            lambda w, a: (
                f"Play {w.card_of(a.card)} as a Friend" + (f", replacing {w.card_of(a.replace)}" if a.replace else "")
            ),
        ),
        labelled(act.PlayTreasure, lambda w, a: f"Play {w.card_of(a.card)}"),
        labelled(
            act.ChangeDie,
            lambda w, a: f"{w.card_of(a.card)}: make {die_name(w, a.die)} a {a.face}" + _showing(w, a.die),
        ),
        labelled(act.TakeBack, lambda w, a: f"{w.card_of(a.card)}: take back {w.card_of(a.take)}"),
        labelled(act.AskForHelp, lambda w, a: f"Ask {w.name(a.helper)} for help"),
        labelled(act.AcceptHelp, _help),
        labelled(act.DeclineHelp, _decline),
        labelled(act.EndFight, lambda w, a: "Finish the fight"),
        labelled(act.PickTreasure, lambda w, a: f"Keep {w.card_of(a.card)}"),
        labelled(act.Discard, lambda w, a: f"Discard {w.card_of(a.card)}"),
    ]
)


def heading(w: Words) -> tuple[str, str]:
    view = _view(w)
    return f"Turn {view.turn if view is not None else '?'}", ""


# --- events ----------------------------------------------------------------------------------------------


def _moved(w: Words, e: ev.Moved) -> str:
    verb = "runs" if e.running_away else "moves"
    where = f" to {space(w, e.path[-1])}" if e.path else ""
    return f"{w.name(e.seat)} {verb} {plural(len(e.path), 'space')}{where}"


def _drawn(w: Words, e: ev.TreasureDrawn | ev.TreasuresWon) -> str:
    shown = f": {w.cards(e.cards)}" if isinstance(e.cards, list) and e.cards else ""
    verb = "wins" if isinstance(e, ev.TreasuresWon) else "draws"
    return f"{w.name(e.seat)} {verb} {plural(e.count, 'Treasure')}{shown}"


def _die_changed(w: Words, e: ev.DieChanged) -> str:
    die = "the move die" if e.purpose == "move" else die_name(w, e.die, e.purpose, log=True)
    return f"{w.name(e.seat)} plays {w.card_of(e.card)}: {die} goes from {e.was} to {e.to}"


def _friend(w: Words, e: ev.FriendPlayed) -> str:
    gone = f", letting {w.card_of(e.discarded)} go" if e.discarded else ""
    return f"{w.name(e.seat)} makes a Friend: {w.card_of(e.card)}{gone}"


def _fight_ended(w: Words, e: ev.FightEnded) -> str:
    both = e.helper is not None
    side = w.name(e.seat) + (f" and {w.name(e.helper)}" if both else "")
    verb = ("beat" if both else "beats") if e.won else ("lose to" if both else "loses to")
    return f"{side} {verb} the monster: {e.munchkin_power} against {e.monster_power}"


def _declined(w: Words, e: ev.HelpDeclined) -> str:
    fighter = _fighter(w)
    return f"{w.name(e.seat)} will not help" + (f" {w.name(fighter)}" if fighter is not None else "")


def _accepted(w: Words, e: ev.HelpAccepted) -> str:
    fighter = _fighter(w)
    return f"{w.name(e.seat)} helps" + (f" {w.name(fighter)}" if fighter is not None else "") + " in the fight"


def _picked(w: Words, e: ev.TreasurePicked) -> str:
    fighter = _fighter(w)
    text = f"{w.name(e.seat)} keeps {w.card_of(e.card)}"
    if e.fighter_gets:
        text += f"; {w.name(fighter, 'the fighter')} gets {w.cards(e.fighter_gets)}"
    return text


def _game_over(w: Words, e: ev.GameOver) -> str:
    if e.gold:
        best = max(e.gold)
        winners = [w.name(s) for s, g in enumerate(e.gold) if g == best]
        have = "has" if len(winners) == 1 else "have"
        return f"The last Treasure is drawn: {listed(winners)} {have} the most Gold ({best})"
    return "The last Treasure is drawn: count your Gold!"


EVENTS: dict[type[Event], Say] = dict(
    [
        said(ev.TurnBegan, lambda w, e: f"Turn {e.turn}: {w.name(e.seat)}"),
        said(ev.Rolled, lambda w, e: f"{w.name(e.seat)} rolls a {e.die} {ROLLED_FOR[e.purpose]}"),
        said(ev.Moved, _moved),
        said(ev.SentToRoom, lambda w, e: f"{w.name(e.seat)} is sent to Room {e.room}"),
        said(ev.RollAgain, lambda w, e: f"{w.name(e.seat)} rolls again"),
        said(ev.TreasureDrawn, _drawn),
        said(ev.FriendPlayed, _friend),
        said(
            ev.TreasurePlayed,
            lambda w, e: (
                f"{w.name(e.seat)} plays {w.card_of(e.card)}"
                + (f" and rolls an extra die: {e.die}" if isinstance(e.die, int) else "")
            ),
        ),
        said(ev.GotAway, lambda w, e: f"{w.name(e.seat)} gets away from Room {e.room}"),
        said(ev.DieChanged, _die_changed),
        said(
            ev.TreasureTakenBack,
            lambda w, e: f"{w.name(e.seat)} plays {w.card_of(e.card)} to take back {w.card_of(e.took)}",
        ),
        said(ev.HelpAsked, lambda w, e: f"{w.name(e.seat)} asks {w.name(e.helper)} for help"),
        said(ev.HelpDeclined, _declined),
        said(ev.HelpAccepted, _accepted),
        said(ev.Discarded, lambda w, e: f"{w.name(e.seat)} discards {w.card_of(e.card)}"),
        said(
            ev.FightBegan,
            lambda w, e: f"{w.name(e.seat)} fights {e.monster or 'the monster'} (Power {e.monster_power})",
        ),
        said(ev.FightEnded, _fight_ended),
        said(ev.TreasuresWon, _drawn),
        said(ev.TreasuresShown, lambda w, e: f"The Treasures won: {w.cards(e.cards)}"),
        said(ev.TreasurePicked, _picked),
        said(ev.GameOver, _game_over),
        said(ev.MonsterDeckReshuffled, lambda w, e: "The beaten monsters are shuffled into a new monster deck"),
        said(
            ev.TreasureDiscardsReshuffled,
            lambda w, e: "The Treasure discards are shuffled into a new deck",
        ),
    ]
)
