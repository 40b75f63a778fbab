"""The Munchkin table's words: a label for every action a seat can take, the phases, and the helpers the log's
lines share (`munchkin_events` words each event).

Actions are worded for the player who takes them ("Curse Bob with ...", "Take Alice as helper"). Monsters in a
fight go by their card's name, looked up in the view's combat, never by their place in it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...shared.rules.munchkin.view import CombatView, DecisionView, MonsterView, MunchkinView
from . import Words, listed, ordinal, plural

Wire = dict[str, Any]

# A kind of action, as the bar's button naming several of them and as the title of their chooser.
KINDS: dict[str, str] = {
    "finish_setup": "Ready to play",
    "kick_open_the_door": "Kick open the door",
    "look_for_trouble": "Look for trouble",
    "loot_the_room": "Loot the room",
    "end_turn": "End turn",
    "give_charity": "Charity",
    "play_card": "Play a card",
    "equip": "Equip an item",
    "unequip": "Take off an item",
    "give_to_hireling": "Give an item to the Hireling",
    "play_cheat": "Cheat!",
    "discard_card": "Discard a card",
    "sell": "Sell items",
    "offer_trade": "Offer a trade",
    "accept_trade": "Accept the trade",
    "decline_trade": "Decline the trade",
    "give_item": "Give an item away",
    "steal": "Steal an item",
    "curse": "Curse someone",
    "go_up_a_level": "Go up a level",
    "use_one_shot": "Use a one-shot",
    "ask_for_help": "Ask for help",
    "volunteer": "Offer to help",
    "decline_help": "Decline to help",
    "choose_helper": "Choose a helper",
    "claim_victory": "Claim the victory",
    "run_away": "Run away",
    "pass": "Pass",
    "enhance_monster": "Enhance a monster",
    "play_mate": "Play a Mate",
    "wandering_monster": "Wandering Monster",
    "join_undead": "Join the Undead",
    "berserk": "Berserk",
    "turn_undead": "Turn Undead",
    "charm": "Charm a monster",
    "backstab": "Backstab",
    "roll_to_run_away": "Roll to run away",
    "accept_bad_stuff": "Accept the Bad Stuff",
    "flight_spell": "Flight spell",
    "reroll_escape": "Reroll the escape",
    "take_spoil": "Take a spoil",
    "choose_loss": "Choose what to lose",
    "loot_corpse": "Loot the body",
    "choose_door_order": "Order the curses",
    "illusion": "Illusion",
    "pray_for_a_miracle": "Pray for a miracle",
    "steal_from_shadows": "Steal from the shadows",
    "fire_arrow": "Fire an arrow",
    "tame_pet": "Tame the monster",
    "sacrifice_pet": "Sacrifice your pet",
    "eat_monster": "Eat the monster",
    "outrun_curse": "Outrun the curse",
    "accept_curse": "Accept the curse",
    "resurrect": "Resurrect a Treasure",
    "draw_face_up": "Draw the Treasures",
    "cancel_curse": "Cancel the curse",
    "let_curse_strike": "Let the curse strike",
}

# Why a button kept in its place is greyed.
WHY_NOT: dict[str, str] = {
    "kick_open_the_door": "Only at the start of your own turn.",
    "loot_the_room": "Only after a door with no monster behind it.",
    "look_for_trouble": "Only after a door with no monster behind it, with a monster in your hand.",
    "run_away": "Only when you are fighting a monster you cannot beat.",
    "ask_for_help": "Only when you are fighting a monster.",
    "claim_victory": "Only when the munchkins are winning your fight.",
    "pass": "Nothing to pass on right now.",
    "end_turn": "Only once your turn's fighting and looting is done.",
}


def _view(w: Words) -> MunchkinView | None:
    view = w.view()
    return view if isinstance(view, MunchkinView) else None


def combat_of(w: Words) -> CombatView | None:
    view = _view(w)
    return view.combat if view is not None else None


def monster(w: Words, index: object) -> str:
    """A monster in the fight by its card's name: "the first Tax Gremlin" when two share one."""
    combat = combat_of(w)
    monsters = combat.monsters if combat is not None else []
    if not isinstance(index, int) or not 0 <= index < len(monsters):
        return "the monster"
    names = [_monster_name(w, m) for m in monsters]
    name = names[index]
    if names.count(name) > 1:
        return f"the {ordinal(names[:index].count(name))} {name}"
    return name


def _monster_name(w: Words, m: MonsterView) -> str:
    """A Mate is its own card copying another monster: "Plus-One (Tinsel Python's mate)"."""
    name = w.card_of(m.card, "a monster")
    if m.base and m.base != m.card:
        return f"{name} ({w.card_of(m.base)}'s mate)"
    return name


def _caught_by(w: Words) -> str:
    combat = combat_of(w)
    return monster(w, combat.flight.caught_by if combat is not None and combat.flight is not None else None)


def fighter_of(w: Words) -> int | None:
    combat = combat_of(w)
    return combat.fighter if combat is not None else None


def _decision(w: Words, kind: str) -> DecisionView | None:
    view = _view(w)
    return next((d for d in view.decisions if d.kind == kind), None) if view is not None else None


def terms(w: Words, items: object, treasures: object, helper_first: object, cards: object = ()) -> str:
    """What a helper is offered: items handed over and cards from the hand (after the fight, R06), a share of
    the Treasures, and who picks first."""
    parts = [w.card_of(card) for card in items] if isinstance(items, list | tuple) else []
    parts += [w.card_of(card) for card in cards] if isinstance(cards, list | tuple) else []
    if isinstance(treasures, int) and treasures > 0:
        parts.append(plural(treasures, "Treasure"))
    offer = listed(parts) or "nothing"
    return offer + (", the helper picks first" if helper_first and treasures else "")


def level_of(w: Words, card: object) -> str:
    """A monster's printed level, to choose which one to fight: " (level 5)"; nothing for a card without one."""
    found = w.card(card) if isinstance(card, str) else None
    level = getattr(found, "level", 0)
    return f" (level {level})" if isinstance(level, int) and level > 0 else ""


def asking(w: Words, to: object) -> str:
    """Whom a call for help goes to: "for help" (everyone) or "Bob for help"."""
    return f"{w.name(to)} for help" if isinstance(to, int) and to >= 0 else "for help"


def _one_shot(w: Wire, words: Words) -> str:
    card = words.card_of(w.get("card"))
    target, index = w.get("target", -1), w.get("monster", -1)
    if isinstance(target, int) and target >= 0:
        return f"Use {card} on {words.yourself(target)}"
    if isinstance(index, int) and index >= 0:
        return f"Use {card} on {monster(words, index)}"
    if combat_of(words) is None:
        return f"Use {card}"
    bonus = words.bonus(w.get("card"))
    gain = f" (+{bonus})" if bonus else ""
    return f"Use {card} for the {'monsters' if w.get('side') == 'monsters' else 'munchkins'}{gain}"


def _sell(w: Words, wire: Wire) -> str:
    text = f"Sell {w.cards(wire.get('cards'))}"
    if wire.get("tripled"):
        text += f" ({w.card_of(wire['tripled'])} counts three times)"
    elif wire.get("doubled"):
        text += f" ({w.card_of(wire['doubled'])} counts double)"
    return text


def _trade_answer(w: Words, verb: str) -> str:
    d = _decision(w, "trade")
    if d is None:
        return f"{verb} the trade"
    return f"{verb} {w.yours(d.source)} trade: {w.cards(d.give)} for {w.cards(d.take)}"


def _pass(w: Words, wire: Wire) -> str:
    combat = combat_of(w)
    if combat is not None and combat.step == "help" and combat.fighter == w.viewer():
        return "Stop asking for help"
    return "Pass"


def _kick(w: Words, wire: Wire) -> str:
    discard, second = wire.get("resurrect"), wire.get("resurrect_second")
    if not discard and not second:
        return "Kick open the door"
    view = _view(w)
    top = view.discards.door.top if view is not None else None
    first = f"Resurrect {w.card_of(top, 'the top discarded Door')}: discard {w.card_of(discard)} for it"
    if not second:
        return first
    also = f"discard {w.card_of(second)} for the second Door too"  # an Epic kick turns over two (R09)
    return f"{first}; {also}" if discard else f"Kick open the door; resurrect the second: {also}"


def _top_treasure_discard(w: Words) -> str | None:
    view = _view(w)
    return view.discards.treasure.top if view is not None else None


def _arrow(w: Words, wire: Wire) -> str:
    target, index = wire.get("target", -1), wire.get("monster", -1)
    at = monster(w, index) if isinstance(index, int) and index >= 0 else w.yourself(target)
    return f"Fire an arrow at {at} (-2; discard {w.card_of(wire.get('discard'))})"


def _curse_waiting(w: Words) -> str:
    waiting = _decision(w, "outrun_curse")
    return w.cards(waiting.cards if waiting is not None else None, "the curse")


def _volunteer(w: Words, wire: Wire) -> str:
    combat = combat_of(w)
    offer = combat.offer if combat is not None else None
    offered = terms(w, offer.items, offer.treasures, offer.helper_first, offer.cards) if offer else "nothing"
    fighter = w.name(fighter_of(w))
    return f"Help {fighter} (nothing offered)" if offered == "nothing" else f"Help {fighter} for {offered}"


ACTIONS: dict[str, Callable[[Words, Wire], str]] = {
    "finish_setup": lambda w, a: "Ready to play",
    "kick_open_the_door": _kick,
    "look_for_trouble": lambda w, a: (
        f"Look for trouble: fight {w.card_of(a.get('monster'))}" + level_of(w, a.get("monster"))
    ),
    "loot_the_room": lambda w, a: "Loot the room",
    "end_turn": lambda w, a: "End turn",
    "give_charity": lambda w, a: (
        f"Give {w.card_of(a.get('card'))} to {w.name(a.get('to'))} as charity"
        if isinstance(a.get("to"), int) and a["to"] >= 0
        else f"Discard {w.card_of(a.get('card'))} as charity"
    ),
    "play_card": lambda w, a: f"Play {w.card_of(a.get('card'))}",
    "equip": lambda w, a: f"Equip {w.card_of(a.get('card'))}",
    "unequip": lambda w, a: f"Take off {w.card_of(a.get('card'))}",
    "give_to_hireling": lambda w, a: f"Give {w.card_of(a.get('card'))} to your Hireling",
    "play_cheat": lambda w, a: f"Cheat! Play {w.card_of(a.get('card'))} on {w.card_of(a.get('item'))}",
    "discard_card": lambda w, a: f"Discard {w.card_of(a.get('card'))}",
    "sell": _sell,
    "offer_trade": lambda w, a: f"Offer {w.name(a.get('to'))} {w.cards(a.get('give'))} for {w.cards(a.get('take'))}",
    "accept_trade": lambda w, a: _trade_answer(w, "Accept"),
    "decline_trade": lambda w, a: _trade_answer(w, "Decline"),
    "give_item": lambda w, a: f"Give {w.card_of(a.get('card'))} to {w.name(a.get('to'))}",
    "steal": lambda w, a: (
        f"Steal {w.card_of(a.get('item'))} from {w.name(a.get('target'))} (discard {w.card_of(a.get('discard'))})"
    ),
    "curse": lambda w, a: f"Curse {w.yourself(a.get('target'))} with {w.card_of(a.get('card'))}",
    "go_up_a_level": lambda w, a: f"Play {w.card_of(a.get('card'))} on {w.yourself(a.get('target'))}",
    "use_one_shot": lambda w, a: _one_shot(a, w),
    "ask_for_help": lambda w, a: (
        f"Ask {asking(w, a.get('to'))}, offering "
        + terms(w, a.get("items"), a.get("treasures"), a.get("helper_first"), a.get("cards"))
    ),
    "volunteer": _volunteer,
    "decline_help": lambda w, a: f"Do not help {w.name(fighter_of(w))}",
    "choose_helper": lambda w, a: f"Take {w.name(a.get('helper'))} as helper",
    "claim_victory": lambda w, a: "Claim the victory",
    "run_away": lambda w, a: "Run away",
    "resurrect": lambda w, a: (
        f"Resurrect {w.card_of(_top_treasure_discard(w), 'the top Treasure discard')}: "
        f"discard {w.card_of(a.get('discard'))} for it"
    ),
    "draw_face_up": lambda w, a: "Draw the Treasures face up",
    "cancel_curse": lambda w, a: f"Cancel the curse with {w.card_of(a.get('card'))}",
    "let_curse_strike": lambda w, a: "Let the curse strike",
    "pass": _pass,
    "enhance_monster": lambda w, a: f"Play {w.card_of(a.get('card'))} on {monster(w, a.get('monster'))}",
    "play_mate": lambda w, a: f"Play {w.card_of(a.get('card'))}: {monster(w, a.get('monster'))} brings its mate",
    "wandering_monster": lambda w, a: (
        f"Play {w.card_of(a.get('card'))}: {w.card_of(a.get('monster'))} wanders into the fight"
    ),
    "join_undead": lambda w, a: f"Send {w.card_of(a.get('monster'))} to join the Undead in the fight",
    "berserk": lambda w, a: f"Berserk: discard {w.cards(a.get('cards'))} (+{len(a.get('cards') or [])})",
    "turn_undead": lambda w, a: f"Turn Undead: discard {w.cards(a.get('cards'))} (+{3 * len(a.get('cards') or [])})",
    "charm": lambda w, a: f"Charm {monster(w, a.get('monster'))} away (discard your whole hand)",
    "backstab": lambda w, a: f"Backstab {w.name(a.get('target'))} (-2; discard {w.card_of(a.get('discard'))})",
    "roll_to_run_away": lambda w, a: (
        f"Sacrifice your Hireling to escape {monster(w, a.get('monster'))}"
        if a.get("hireling")
        else f"Roll to run away from {monster(w, a.get('monster'))}"
    ),
    "accept_bad_stuff": lambda w, a: f"Accept the Bad Stuff of {_caught_by(w)}",
    "flight_spell": lambda w, a: (
        f"Flight spell: discard {w.cards(a.get('cards'))} (+{len(a.get('cards') or [])} to the roll)"
    ),
    "reroll_escape": lambda w, a: f"Roll the escape again (discard {w.card_of(a.get('discard'))})",
    "take_spoil": lambda w, a: f"Take {w.card_of(a.get('card'))}",
    "choose_loss": lambda w, a: f"Lose {w.card_of(a.get('card'))}",
    "loot_corpse": lambda w, a: f"Take {w.card_of(a.get('card'))} from the body",
    "choose_door_order": lambda w, a: (
        "Curses strike in this order: " + ", then ".join(w.card_of(c) for c in a.get("order") or [])
    ),
    "illusion": lambda w, a: f"Illusion: discard {w.card_of(a.get('monster'))} for +3",
    "pray_for_a_miracle": lambda w, a: f"Pray for a miracle: discard {w.cards(a.get('cards'))}",
    "steal_from_shadows": lambda w, a: (
        f"Steal a card from {w.name(a.get('target'))}'s hand (discard {w.card_of(a.get('discard'))})"
    ),
    "fire_arrow": _arrow,
    "tame_pet": lambda w, a: f"Tame {monster(w, 0)} as your pet",
    "sacrifice_pet": lambda w, a: (
        "Sacrifice your pet " + ("to the monsters" if a.get("side") == "monsters" else "for the munchkins")
    ),
    "eat_monster": lambda w, a: f"Eat {monster(w, 0)}",
    "outrun_curse": lambda w, a: f"Outrun {_curse_waiting(w)} (discard {w.card_of(a.get('discard'))})",
    "accept_curse": lambda w, a: f"Accept {_curse_waiting(w)}",
}


PHASES = {
    "setup": "everyone sets up",
    "start": "the start of the turn",
    "door": "the door is open",
    "end": "the end of the turn",
    "over": "the game is over",
}


def heading(w: Words) -> tuple[str, str]:
    view = _view(w)
    if view is None or view.phase == "setup" or not view.turn:
        return "Setting up", "Phase: everyone sets up"
    phase = view.phase
    return f"Turn {view.turn} · {w.name(view.active)}'s turn", f"Phase: {PHASES.get(phase, phase.replace('_', ' '))}"
