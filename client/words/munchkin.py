"""The Munchkin table's words: a label for every action a seat can take, a log line for every event.

Actions are worded for the player who takes them ("Curse Bob with ...", "Take Alice as helper"); log lines
say who did what to whom ("Alice curses Bob with ..."). Monsters in a fight go by their card's name, looked up
in the view's combat, never by their place in it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

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


def monster(w: Words, index: object) -> str:
    """A monster in the fight by its card's name: "the first Tax Gremlin" when two share one."""
    monsters = (w.view().get("combat") or {}).get("monsters") or []
    if not isinstance(index, int) or not 0 <= index < len(monsters):
        return "the monster"
    names = [_monster_name(w, m) for m in monsters]
    name = names[index]
    if names.count(name) > 1:
        return f"the {ordinal(names[:index].count(name))} {name}"
    return name


def _monster_name(w: Words, m: Wire) -> str:
    """A Mate is its own card copying another monster: "Plus-One (Tinsel Python's mate)"."""
    name = w.card_of(m.get("card"), "a monster")
    base = m.get("base")
    if isinstance(base, str) and base and base != m.get("card"):
        return f"{name} ({w.card_of(base)}'s mate)"
    return name


def _caught_by(w: Words) -> str:
    flight = (w.view().get("combat") or {}).get("flight") or {}
    return monster(w, flight.get("caught_by"))


def _fighter(w: Words) -> object:
    return (w.view().get("combat") or {}).get("fighter")


def _decision(w: Words, kind: str) -> Wire:
    return next((d for d in w.view().get("decisions") or [] if d.get("kind") == kind), {})


def terms(w: Words, items: object, treasures: object, helper_first: object, cards: object = ()) -> str:
    """What a helper is offered: items handed over and cards from the hand (after the fight, R06), a share of
    the Treasures, and who picks first."""
    parts = [w.card_of(card) for card in items] if isinstance(items, list | tuple) else []
    parts += [w.card_of(card) for card in cards] if isinstance(cards, list | tuple) else []
    if isinstance(treasures, int) and treasures > 0:
        parts.append(plural(treasures, "Treasure"))
    offer = listed(parts) or "nothing"
    return offer + (", the helper picks first" if helper_first and treasures else "")


def _one_shot(w: Wire, words: Words) -> str:
    card = words.card_of(w.get("card"))
    target, index = w.get("target", -1), w.get("monster", -1)
    if isinstance(target, int) and target >= 0:
        return f"Use {card} on {words.yourself(target)}"
    if isinstance(index, int) and index >= 0:
        return f"Use {card} on {monster(words, index)}"
    if not (words.view().get("combat")):
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
    if not d:
        return f"{verb} the trade"
    return f"{verb} {w.yours(d.get('source'))} trade: {w.cards(d.get('give'))} for {w.cards(d.get('take'))}"


def _pass(w: Words, wire: Wire) -> str:
    combat = w.view().get("combat") or {}
    if combat.get("step") == "help" and combat.get("fighter") == w.viewer():
        return "Stop asking for help"
    return "Pass"


def _kick(w: Words, wire: Wire) -> str:
    discard, second = wire.get("resurrect"), wire.get("resurrect_second")
    if not discard and not second:
        return "Kick open the door"
    top = ((w.view().get("discards") or {}).get("door") or {}).get("top")
    first = f"Resurrect {w.card_of(top, 'the top discarded Door')}: discard {w.card_of(discard)} for it"
    if not second:
        return first
    also = f"discard {w.card_of(second)} for the second Door too"  # an Epic kick turns over two (R09)
    return f"{first}; {also}" if discard else f"Kick open the door; resurrect the second: {also}"


def _top_treasure_discard(w: Words) -> object:
    return ((w.view().get("discards") or {}).get("treasure") or {}).get("top")


def _bribe_paid(w: Words, e: Wire) -> str:
    items = [*(e.get("items") or []), *(e.get("cards") or [])]
    text = f"{_who(w, e)} pays {w.name(e.get('helper'), 'the helper')} the bribe"
    if items:
        text += f": {w.cards(items)}"
    if e.get("missing"):
        text += f" ({w.cards(e.get('missing'))}: no longer there)"
    return text


def _curse_cancelled(w: Words, e: Wire) -> str:
    target = e.get("target")
    cast_on = f", cast on {w.name(target)}" if isinstance(target, int) and target >= 0 else ""
    return f"{_who(w, e)} cancels {w.card_of(e.get('card'))}{cast_on} with {w.card_of(e.get('with'))}"


def _arrow(w: Words, wire: Wire) -> str:
    target, index = wire.get("target", -1), wire.get("monster", -1)
    at = monster(w, index) if isinstance(index, int) and index >= 0 else w.yourself(target)
    return f"Fire an arrow at {at} (-2; discard {w.card_of(wire.get('discard'))})"


def _curse_waiting(w: Words) -> str:
    return w.cards(_decision(w, "outrun_curse").get("cards"), "the curse")


def _volunteer(w: Words, wire: Wire) -> str:
    offer = (w.view().get("combat") or {}).get("offer") or {}
    offered = terms(w, offer.get("items"), offer.get("treasures"), offer.get("helper_first"), offer.get("cards"))
    fighter = w.name(_fighter(w))
    return f"Help {fighter} (nothing offered)" if offered == "nothing" else f"Help {fighter} for {offered}"


ACTIONS: dict[str, Callable[[Words, Wire], str]] = {
    "finish_setup": lambda w, a: "Ready to play",
    "kick_open_the_door": _kick,
    "look_for_trouble": lambda w, a: (
        f"Look for trouble: fight {w.card_of(a.get('monster'))}" + _level_of(w, a.get("monster"))
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
        f"Ask {_asking(w, a.get('to'))}, offering "
        + terms(w, a.get("items"), a.get("treasures"), a.get("helper_first"), a.get("cards"))
    ),
    "volunteer": _volunteer,
    "decline_help": lambda w, a: f"Do not help {w.name(_fighter(w))}",
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
    view = w.view()
    phase = str(view.get("phase", ""))
    active = view.get("active")
    if phase == "setup" or not view.get("turn"):
        return "Setting up", "Phase: everyone sets up"
    whose = f" · {w.name(active)}'s turn" if isinstance(active, int) else ""
    return f"Turn {view.get('turn')}{whose}", f"Phase: {PHASES.get(phase, phase.replace('_', ' '))}"


# --- events ----------------------------------------------------------------------------------------------


def _who(w: Words, e: Wire) -> str:
    return w.name(e.get("seat", e.get("fighter")), "Someone")


def _cursed(w: Words, e: Wire) -> str:
    victim, by, card = e.get("seat"), e.get("by"), w.card_of(e.get("card"))
    if by is None or not isinstance(by, int) or by < 0:
        return f"{w.name(victim)} is cursed: {card}"
    whom = w.themself(by) if by == victim else w.name(victim)
    return f"{w.name(by)} curses {whom} with {card}"


def _level(w: Words, e: Wire) -> str:
    change = e.get("change")
    who, level = _who(w, e), e.get("level", "?")
    if isinstance(change, int) and change > 0:
        return f"{who} goes up to level {level}"
    if isinstance(change, int) and change < 0:
        return f"{who} drops to level {level}"
    return f"{who} is level {level}"


def _one_shot_event(w: Words, e: Wire) -> str:
    who, card = _who(w, e), w.card_of(e.get("card"))
    target, index = e.get("target", -1), e.get("monster", -1)
    if isinstance(target, int) and target >= 0:
        on = w.themself(target) if target == e.get("seat") else w.name(target)
        return f"{who} uses {card} on {on}"
    if isinstance(index, int) and index >= 0:
        return f"{who} uses {card} on {_fought(w, e, 'monster_card')}"
    if w.view().get("combat") and w.bonus(e.get("card")):
        return f"{who} uses {card} for the {'monsters' if e.get('side') == 'monsters' else 'munchkins'}"
    return f"{who} uses {card}"


def _played(w: Words, e: Wire) -> str:
    target = e.get("target")
    if isinstance(target, int) and target >= 0 and target != e.get("seat"):
        return f"{_who(w, e)} plays {w.card_of(e.get('card'))} on {w.name(target)}"
    return f"{_who(w, e)} plays {w.card_of(e.get('card'))}"


def _escaped(w: Words, e: Wire) -> str:
    index = e.get("monster", -1)
    away = f" from {_fought(w, e, 'monster_card')}" if isinstance(index, int) and index >= 0 else ""
    how = {"flight_spell": " by a Flight spell", "not_pursued": " (it does not give chase)"}.get(str(e.get("how")), "")
    return f"{_who(w, e)} gets away{away}{how}"


def _fought(w: Words, e: Wire, fallback: str = "card") -> str:
    """The monster an event is about: by the card the event names (the table may have moved on since), else by
    its place in the fight as the view has it."""
    card = e.get("monster_card") or e.get(fallback)
    return w.card_of(card) if isinstance(card, str) and card else monster(w, e.get("monster"))


def _because(w: Words, source: object) -> str:
    """What made a player lose something or die, when it was a card: " to Tax Gremlin's Bad Stuff"."""
    found = w.card(source) if isinstance(source, str) else None
    if found is None:
        return ""
    name = w.card_of(source)
    return f" to {name}'s Bad Stuff" if getattr(found, "kind", "") == "monster" else f" to {name}"


def _victory(w: Words, e: Wire) -> str:
    helper = e.get("helper")
    text = f"{_who(w, e)} defeats " + ("the monsters" if (e.get("killed") or 0) > 1 else "the monster")
    return text + (f" with {w.name(helper)}'s help" if isinstance(helper, int) else "")


def _level_of(w: Words, card: object) -> str:
    """A monster's printed level, to choose which one to fight: " (level 5)"; nothing for a card without one."""
    found = w.card(card) if isinstance(card, str) else None
    level = getattr(found, "level", 0)
    return f" (level {level})" if isinstance(level, int) and level > 0 else ""


def _charity(w: Words, e: Wire) -> str:
    to = e.get("to")
    if isinstance(to, int) and to >= 0:
        return f"{_who(w, e)} gives {w.card_of(e.get('card'))} to {w.name(to)} as charity"
    return f"{_who(w, e)} discards {w.card_of(e.get('card'))} as charity"


def _discarded(w: Words, e: Wire) -> str:
    cards = w.cards(e.get("cards"), w.card_of(e.get("card")))
    seat = e.get("seat")
    if not isinstance(seat, int) or seat < 0:
        return f"What is left of the body is discarded: {cards}"
    return f"{_who(w, e)} discards {cards}"


def _drew(w: Words, e: Wire) -> str:
    deck = {"door": "Door", "treasure": "Treasure", "fairy_dust": "Fairy Dust card"}.get(str(e.get("deck")), "card")
    count = e.get("count", len(e["cards"]) if isinstance(e.get("cards"), list) else 1)
    shown = f": {w.cards(e['cards'])}" if isinstance(e.get("cards"), list) and e["cards"] else ""
    return f"{_who(w, e)} draws {plural(count, deck)}{shown}"


def _rolled_for_first(w: Words, e: Wire) -> str:
    rolls = [r for r in e.get("rolls") or [] if isinstance(r, list | tuple) and len(r) == 2]
    if not rolls:
        return "Everyone rolls to see who goes first"
    return "Rolling to go first: " + ", ".join(f"{w.name(s)} {v}" for s, v in rolls)


def _game_over(w: Words, e: Wire) -> str:
    winners = [w.name(s) for s in e.get("winners") or []]
    return f"Game over: {listed(winners)} {'wins' if len(winners) == 1 else 'win'}" if winners else "Game over"


def _traded(w: Words, e: Wire) -> str:
    return (
        f"{_who(w, e)} accepts {w.name(e.get('with'))}'s trade: {w.cards(e.get('give'))} for {w.cards(e.get('take'))}"
    )


def _door_order(w: Words, e: Wire) -> str:
    order = [w.card_of(c) for c in e.get("order") or []]
    return f"{_who(w, e)} lets the curses strike in this order: {', then '.join(order)}" if order else ""


def _spoils(w: Words, e: Wire) -> str:
    pickers = [w.name(s) for s in e.get("order") or []]
    text = f"The spoils are laid out: {w.cards(e.get('cards'))}"
    return text + (f" ({listed(pickers)} pick in turn)" if len(pickers) > 1 else "")


def _pet_sacrificed(w: Words, e: Wire) -> str:
    side = "to the monsters" if e.get("side") == "monsters" else "for the munchkins"
    return f"{_who(w, e)} sacrifices the pet {w.card_of(e.get('card'))} {side}"


def _fairy_dust(w: Words, e: Wire) -> str:
    return f"{_who(w, e)} gets Fairy Dust"


def _helped(w: Words, e: Wire) -> str:
    fighter = _fighter(w)
    return f"{_who(w, e)} offers to help" + (f" {w.name(fighter)}" if isinstance(fighter, int) else "")


def _asking(w: Words, to: object) -> str:
    """Whom a call for help goes to: "for help" (everyone) or "Bob for help"."""
    return f"{w.name(to)} for help" if isinstance(to, int) and to >= 0 else "for help"


def _asked(w: Words, e: Wire) -> str:
    offered = terms(w, e.get("items"), e.get("treasures"), e.get("helper_first"), e.get("cards"))
    return f"{_who(w, e)} asks {_asking(w, e.get('to'))}, offering {offered}"


def _theft(w: Words, e: Wire) -> str:
    outcome = "stolen!" if e.get("success") else "caught, and loses a level!"
    return (
        f"{_who(w, e)} rolls a {e.get('die')} to steal {w.card_of(e.get('item'), 'an item')} from "
        f"{w.name(e.get('target'))}: {outcome}"
    )


EVENTS: dict[str, Callable[[Words, Wire], str]] = {
    "game_started": lambda w, e: "",
    "ready": lambda w, e: "",
    "passed": lambda w, e: "",
    "rolled_for_first": _rolled_for_first,
    "first_player": lambda w, e: f"{_who(w, e)} goes first",
    "turn": lambda w, e: f"Turn {e.get('turn')}: {_who(w, e)}",
    "kicked_door": lambda w, e: f"{_who(w, e)} kicks open the door: {w.card_of(e.get('card'))}",
    "resurrected": lambda w, e: (
        f"{_who(w, e)} discards {w.card_of(e.get('discarded'))} to take "
        f"{w.card_of(e.get('card'))} back from the discards (Resurrection)"
    ),
    "door_bonus": lambda w, e: f"{w.card_of(e.get('card'))} comes with {_fought(w, e, 'monster_card')}",
    "monster_joins": lambda w, e: f"{w.card_of(e.get('card'))} joins the fight",
    "combat": lambda w, e: f"{_who(w, e)} fights {w.card_of(e.get('monster'), 'a monster')}",
    "looking_for_trouble": lambda w, e: f"{_who(w, e)} looks for trouble with {w.card_of(e.get('card'))}",
    "looted": lambda w, e: f"{_who(w, e)} loots the room",
    "reaction_window": lambda w, e: "Anyone may react now",
    "victory_denied": lambda w, e: "The monsters pull ahead again: the fight goes on",
    "level": _level,
    "epic_lost": lambda w, e: f"{_who(w, e)} is no longer Epic",
    "played": _played,
    "equipped": lambda w, e: f"{_who(w, e)} equips {w.card_of(e.get('card'))}",
    "unequipped": lambda w, e: f"{_who(w, e)} takes off {w.card_of(e.get('card'))}",
    "hireling_carries": lambda w, e: f"{_who(w, e)}'s Hireling carries {w.card_of(e.get('card'))}",
    "cheated": lambda w, e: f"{_who(w, e)} cheats: {w.card_of(e.get('card'))} on {w.card_of(e.get('item'))}",
    "discarded": _discarded,
    "sold": lambda w, e: (
        f"{_who(w, e)} sells {w.cards(e.get('cards'))}"
        + (f" and goes up {plural(e['levels'], 'level')}" if isinstance(e.get("levels"), int) and e["levels"] else "")
    ),
    "drew": _drew,
    "trade_offered": lambda w, e: (
        f"{_who(w, e)} offers {w.name(e.get('to'))} {w.cards(e.get('give'))} for {w.cards(e.get('take'))}"
    ),
    "traded": _traded,
    "trade_declined": lambda w, e: f"{_who(w, e)} turns down {w.name(e.get('with'))}'s trade",
    "charity": _charity,
    "gave": lambda w, e: f"{_who(w, e)} gives {w.card_of(e.get('card'))} to {w.name(e.get('to'))}",
    "theft": _theft,
    "cursed": _cursed,
    "curse_removed": lambda w, e: f"{_who(w, e)} is free of {w.card_of(e.get('card'))}",
    "curse_cancelled": _curse_cancelled,
    "outrun_roll": lambda w, e: (
        f"{_who(w, e)} rolls a {e.get('die')} to outrun {w.card_of(e.get('card'))} (total {e.get('total')})"
    ),
    "curse_outrun": lambda w, e: f"{_who(w, e)} outruns the curse {w.card_of(e.get('card'))}",
    "sex_changed": lambda w, e: f"{_who(w, e)} is now {e.get('sex', 'changed')}",
    "charmed_by_fairy": lambda w, e: f"{_who(w, e)} is charmed by a fairy",
    "lost": lambda w, e: f"{_who(w, e)} loses {w.cards(e.get('cards'))}{_because(w, e.get('source'))}",
    "died": lambda w, e: f"{_who(w, e)} dies{_because(w, e.get('source'))}!",
    "looting": lambda w, e: f"The others loot {w.name(e.get('dead'))}'s body",
    "looted_corpse": lambda w, e: f"{_who(w, e)} takes {w.card_of(e.get('card'))} from the body",
    "asked_for_help": _asked,
    "volunteered": _helped,
    "declined_to_help": lambda w, e: f"{_who(w, e)} declines to help",
    "nobody_helps": lambda w, e: "Nobody helps",
    "help_withdrawn": lambda w, e: f"{_who(w, e)} stops asking for help",
    "helper_chosen": lambda w, e: f"{_who(w, e)} takes {w.name(e.get('helper'))} as helper",
    "bribe_paid": _bribe_paid,
    "forced_helper_released": lambda w, e: f"{w.name(e.get('helper'), 'The helper')} is released from helping",
    "enhanced": lambda w, e: f"{_who(w, e)} plays {w.card_of(e.get('card'))} on {_fought(w, e, 'monster_card')}",
    "mate": lambda w, e: (
        f"{_who(w, e)} plays {w.card_of(e.get('card'))}: {_fought(w, e, 'monster_card')} brings its mate"
    ),
    "wandering_monster": lambda w, e: (
        f"{_who(w, e)} plays {w.card_of(e.get('card'))}: "
        f"{w.card_of(e.get('monster'), 'a monster')} wanders into the fight"
    ),
    "undead_joined": lambda w, e: (
        f"{_who(w, e)} sends {w.card_of(e.get('monster'), 'a monster')} to join the Undead in the fight"
    ),
    "one_shot": _one_shot_event,
    "berserk": lambda w, e: f"{_who(w, e)} goes berserk: discards {w.cards(e.get('cards'))} for +{e.get('bonus')}",
    "turn_undead": lambda w, e: (
        f"{_who(w, e)} turns the Undead: discards {w.cards(e.get('cards'))} for +{e.get('bonus')}"
    ),
    "charmed": lambda w, e: f"{_who(w, e)} charms {_fought(w, e, 'monster_card')} away",
    "backstab": lambda w, e: f"{_who(w, e)} backstabs {w.name(e.get('target'))} (-2)",
    "arrow": lambda w, e: (
        f"{_who(w, e)} fires an arrow at "
        + (
            _fought(w, e, "monster_card")
            if isinstance(e.get("monster"), int) and e["monster"] >= 0
            else w.name(e.get("target"), "the fight")
        )
        + " (-2)"
    ),
    "illusion": lambda w, e: (
        f"{_who(w, e)} casts an Illusion: discards {w.card_of(e.get('card'))} for +{e.get('bonus', 3)}"
    ),
    "miracle": lambda w, e: f"{_who(w, e)} prays for a miracle, discarding {w.cards(e.get('cards'))}",
    "stole_from_shadows": lambda w, e: (
        f"{_who(w, e)} steals a card from {w.name(e.get('target'))}'s hand out of the shadows"
    ),
    "tamed": lambda w, e: f"{_who(w, e)} tames {w.card_of(e.get('card'))} as a pet",
    "pet_sacrificed": _pet_sacrificed,
    "ate_monster": lambda w, e: f"{_who(w, e)} eats {w.card_of(e.get('card'))}",
    "overkill": lambda w, e: f"{_who(w, e)} wins by Overkill",
    "bardic_luck": lambda w, e: (
        f"{_who(w, e)} draws an extra Treasure with a Bard's luck and discards {w.card_of(e.get('discard'), 'one')}"
    ),
    "running_away": lambda w, e: (
        f"{listed([w.name(s) for s in e.get('seats') or []]) or 'The munchkins'} must run away!"
    ),
    "escape_roll": lambda w, e: (
        f"{_who(w, e)} rolls a {e.get('die')} to run away from "
        f"{_fought(w, e, 'monster_card')} (total {e.get('total')})" + (", a second try" if e.get("reroll") else "")
    ),
    "escaped": _escaped,
    "caught": lambda w, e: f"{_fought(w, e)} catches {_who(w, e)}",
    "sneaky_little_devil": lambda w, e: f"{_who(w, e)} slips away, sneaky little devil",
    "flight_spell": lambda w, e: f"{_who(w, e)} casts a Flight spell, discarding {w.cards(e.get('cards'))}",
    "monster_removed": lambda w, e: f"{w.card_of(e.get('card'), 'A monster')} leaves the fight",
    "victory": _victory,
    "spoils": _spoils,
    "took_spoil": lambda w, e: f"{_who(w, e)} takes {w.card_of(e.get('card'))}",
    "took_spoils": lambda w, e: f"{_who(w, e)} takes the spoils: {w.cards(e.get('cards'))}",
    "combat_over": lambda w, e: "The fight is over",
    "door_order": _door_order,
    "fairy_dust": _fairy_dust,
    "fairy_dust_to_treasures": lambda w, e: "The Fairy Dust goes back into the Treasures",
    "fairy_returns": lambda w, e: "The fairies return to their deck",
    "deck_empty": lambda w, e: f"The {str(e.get('deck', 'card')).replace('_', ' ').title()} deck is empty",
    "reshuffled": lambda w, e: (
        f"The {str(e.get('deck', 'card')).replace('_', ' ').title()} discards are shuffled into a new deck"
    ),
    "game_over": _game_over,
}
