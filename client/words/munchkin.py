"""The Munchkin table's words: a label for every action a seat can take, a log line for every event.

Actions are worded for the player who takes them ("Curse Bob with ...", "Take Alice as helper"); log lines
say who did what to whom ("Alice curses Bob with ..."). Monsters in a fight go by their card's name, looked up
in the view's combat, never by their place in it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...shared.rules.base import Event
from ...shared.rules.munchkin import events as ev
from ...shared.rules.munchkin.kinds import Deck
from ...shared.rules.munchkin.view import CombatView, DecisionView, MonsterView, MunchkinView
from . import Say, Words, listed, ordinal, plural, said

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


def _combat(w: Words) -> CombatView | None:
    view = _view(w)
    return view.combat if view is not None else None


def monster(w: Words, index: object) -> str:
    """A monster in the fight by its card's name: "the first Tax Gremlin" when two share one."""
    combat = _combat(w)
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
    combat = _combat(w)
    return monster(w, combat.flight.caught_by if combat is not None and combat.flight is not None else None)


def _fighter(w: Words) -> int | None:
    combat = _combat(w)
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


def _one_shot(w: Wire, words: Words) -> str:
    card = words.card_of(w.get("card"))
    target, index = w.get("target", -1), w.get("monster", -1)
    if isinstance(target, int) and target >= 0:
        return f"Use {card} on {words.yourself(target)}"
    if isinstance(index, int) and index >= 0:
        return f"Use {card} on {monster(words, index)}"
    if _combat(words) is None:
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
    combat = _combat(w)
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
    combat = _combat(w)
    offer = combat.offer if combat is not None else None
    offered = terms(w, offer.items, offer.treasures, offer.helper_first, offer.cards) if offer else "nothing"
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
    view = _view(w)
    if view is None or view.phase == "setup" or not view.turn:
        return "Setting up", "Phase: everyone sets up"
    phase = view.phase
    return f"Turn {view.turn} · {w.name(view.active)}'s turn", f"Phase: {PHASES.get(phase, phase.replace('_', ' '))}"


# --- events ----------------------------------------------------------------------------------------------


def _cursed(w: Words, e: ev.Cursed) -> str:
    victim, by, card = e.seat, e.by, w.card_of(e.card)
    if not isinstance(by, int) or by < 0:
        return f"{w.name(victim)} is cursed: {card}"
    whom = w.themself(by) if by == victim else w.name(victim)
    return f"{w.name(by)} curses {whom} with {card}"


def _level(w: Words, e: ev.Level) -> str:
    who = w.name(e.seat)
    if e.change > 0:
        return f"{who} goes up to level {e.level}"
    if e.change < 0:
        return f"{who} drops to level {e.level}"
    return f"{who} is level {e.level}"


def _one_shot_event(w: Words, e: ev.OneShot) -> str:
    who, card = w.name(e.seat), w.card_of(e.card)
    if e.target >= 0:
        on = w.themself(e.target) if e.target == e.seat else w.name(e.target)
        return f"{who} uses {card} on {on}"
    if e.monster >= 0:
        return f"{who} uses {card} on {_fought(w, e.monster_card, e.monster)}"
    if _combat(w) is not None and w.bonus(e.card):
        return f"{who} uses {card} for the {'monsters' if e.side == 'monsters' else 'munchkins'}"
    return f"{who} uses {card}"


def _played(w: Words, e: ev.Played) -> str:
    if isinstance(e.target, int) and e.target >= 0 and e.target != e.seat:
        return f"{w.name(e.seat)} plays {w.card_of(e.card)} on {w.name(e.target)}"
    return f"{w.name(e.seat)} plays {w.card_of(e.card)}"


_GOT_AWAY: dict[ev.EscapeHow, str] = {"flight_spell": " by a Flight spell", "not_pursued": " (it does not give chase)"}


def _escaped(w: Words, e: ev.Escaped) -> str:
    away = f" from {_fought(w, e.monster_card, e.monster)}" if e.monster >= 0 else ""
    return f"{w.name(e.seat)} gets away{away}{_GOT_AWAY.get(e.how, '')}"


def _fought(w: Words, card: object, index: int | None = None) -> str:
    """The monster an event is about: by the card the event names (the table may have moved on since), else by
    its place in the fight as the view has it."""
    return w.card_of(card) if isinstance(card, str) and card else monster(w, index)


def _because(w: Words, source: object) -> str:
    """What made a player lose something or die, when it was a card: " to Tax Gremlin's Bad Stuff"."""
    found = w.card(source) if isinstance(source, str) else None
    if found is None:
        return ""
    name = w.card_of(source)
    return f" to {name}'s Bad Stuff" if getattr(found, "kind", "") == "monster" else f" to {name}"


def _victory(w: Words, e: ev.Victory) -> str:
    text = f"{w.name(e.fighter)} defeats " + ("the monsters" if e.killed > 1 else "the monster")
    return text + (f" with {w.name(e.helper)}'s help" if e.helper is not None else "")


def _level_of(w: Words, card: object) -> str:
    """A monster's printed level, to choose which one to fight: " (level 5)"; nothing for a card without one."""
    found = w.card(card) if isinstance(card, str) else None
    level = getattr(found, "level", 0)
    return f" (level {level})" if isinstance(level, int) and level > 0 else ""


def _charity(w: Words, e: ev.Charity) -> str:
    if e.to >= 0:
        return f"{w.name(e.seat)} gives {w.card_of(e.card)} to {w.name(e.to)} as charity"
    return f"{w.name(e.seat)} discards {w.card_of(e.card)} as charity"


def _discarded(w: Words, e: ev.Discarded) -> str:
    cards = w.cards(e.cards, "a card")
    if e.seat < 0:
        return f"What is left of the body is discarded: {cards}"
    return f"{w.name(e.seat)} discards {cards}"


_DECKS: dict[Deck, str] = {"door": "Door", "treasure": "Treasure", "fairy_dust": "Fairy Dust card"}


def _drew(w: Words, e: ev.Drew) -> str:
    shown = f": {w.cards(e.cards)}" if isinstance(e.cards, list) and e.cards else ""
    return f"{w.name(e.seat)} draws {plural(e.count, _DECKS[e.deck])}{shown}"


def _rolled_for_first(w: Words, e: ev.RolledForFirst) -> str:
    rolls = [r for r in e.rolls if len(r) == 2]
    if not rolls:
        return "Everyone rolls to see who goes first"
    return "Rolling to go first: " + ", ".join(f"{w.name(s)} {v}" for s, v in rolls)


def _game_over(w: Words, e: ev.GameOver) -> str:
    winners = [w.name(s) for s in e.winners]
    return f"Game over: {listed(winners)} {'wins' if len(winners) == 1 else 'win'}" if winners else "Game over"


def _door_order(w: Words, e: ev.DoorOrder) -> str:
    order = [w.card_of(c) for c in e.order]
    return f"{w.name(e.seat)} lets the curses strike in this order: {', then '.join(order)}" if order else ""


def _spoils(w: Words, e: ev.Spoils) -> str:
    pickers = [w.name(s) for s in e.order]
    text = f"The spoils are laid out: {w.cards(e.cards)}"
    return text + (f" ({listed(pickers)} pick in turn)" if len(pickers) > 1 else "")


def _pet_sacrificed(w: Words, e: ev.PetSacrificed) -> str:
    side = "to the monsters" if e.side == "monsters" else "for the munchkins"
    return f"{w.name(e.seat)} sacrifices the pet {w.card_of(e.card)} {side}"


def _helped(w: Words, e: ev.Volunteered) -> str:
    fighter = _fighter(w)
    return f"{w.name(e.seat)} offers to help" + (f" {w.name(fighter)}" if fighter is not None else "")


def _asking(w: Words, to: object) -> str:
    """Whom a call for help goes to: "for help" (everyone) or "Bob for help"."""
    return f"{w.name(to)} for help" if isinstance(to, int) and to >= 0 else "for help"


def _asked(w: Words, e: ev.AskedForHelp) -> str:
    offered = terms(w, e.items, e.treasures, e.helper_first, e.cards)
    return f"{w.name(e.seat)} asks {_asking(w, e.to)}, offering {offered}"


def _theft(w: Words, e: ev.Theft) -> str:
    outcome = "stolen!" if e.success else "caught, and loses a level!"
    return (
        f"{w.name(e.seat)} rolls a {e.die} to steal {w.card_of(e.item, 'an item')} from {w.name(e.target)}: {outcome}"
    )


def _bribe_paid(w: Words, e: ev.BribePaid) -> str:
    text = f"{w.name(e.seat)} pays {w.name(e.helper, 'the helper')} the bribe"
    if e.items or e.cards:
        text += f": {w.cards([*e.items, *e.cards])}"
    if e.missing:
        text += f" ({w.cards(e.missing)}: no longer there)"
    return text


def _curse_cancelled(w: Words, e: ev.CurseCancelled) -> str:
    cast_on = f", cast on {w.name(e.target)}" if e.target >= 0 else ""
    return f"{w.name(e.seat)} cancels {w.card_of(e.card)}{cast_on} with {w.card_of(e.with_card)}"


def _arrow_event(w: Words, e: ev.Arrow) -> str:
    at = _fought(w, e.monster_card, e.monster) if e.monster >= 0 else w.name(e.target, "the fight")
    return f"{w.name(e.seat)} fires an arrow at {at} (-2)"


def _deck(deck: str) -> str:
    return deck.replace("_", " ").title()


EVENTS: dict[type[Event], Say] = dict(
    [
        said(ev.GameStarted, lambda w, e: ""),
        said(ev.Ready, lambda w, e: ""),
        said(ev.Passed, lambda w, e: ""),
        said(ev.RolledForFirst, _rolled_for_first),
        said(ev.FirstPlayer, lambda w, e: f"{w.name(e.seat)} goes first"),
        said(ev.Turn, lambda w, e: f"Turn {e.turn}: {w.name(e.seat)}"),
        said(ev.KickedDoor, lambda w, e: f"{w.name(e.seat)} kicks open the door: {w.card_of(e.card)}"),
        said(
            ev.Resurrected,
            lambda w, e: (
                f"{w.name(e.seat)} discards {w.card_of(e.discarded)} to take "
                f"{w.card_of(e.card)} back from the discards (Resurrection)"
            ),
        ),
        said(
            ev.DoorBonus,
            lambda w, e: f"{w.card_of(e.card)} comes with {_fought(w, e.monster_card, e.monster)}",
        ),
        said(ev.MonsterJoins, lambda w, e: f"{w.card_of(e.card)} joins the fight"),
        said(ev.CombatBegan, lambda w, e: f"{w.name(e.fighter)} fights {w.card_of(e.monster, 'a monster')}"),
        said(ev.LookingForTrouble, lambda w, e: f"{w.name(e.seat)} looks for trouble with {w.card_of(e.card)}"),
        said(ev.Looted, lambda w, e: f"{w.name(e.seat)} loots the room"),
        said(ev.ReactionWindow, lambda w, e: "Anyone may react now"),
        said(ev.VictoryDenied, lambda w, e: "The monsters pull ahead again: the fight goes on"),
        said(ev.Level, _level),
        said(ev.EpicLost, lambda w, e: f"{w.name(e.seat)} is no longer Epic"),
        said(ev.Played, _played),
        said(ev.Equipped, lambda w, e: f"{w.name(e.seat)} equips {w.card_of(e.card)}"),
        said(ev.Unequipped, lambda w, e: f"{w.name(e.seat)} takes off {w.card_of(e.card)}"),
        said(ev.HirelingCarries, lambda w, e: f"{w.name(e.seat)}'s Hireling carries {w.card_of(e.card)}"),
        said(
            ev.Cheated,
            lambda w, e: f"{w.name(e.seat)} cheats: {w.card_of(e.card)} on {w.card_of(e.item)}",
        ),
        said(ev.Discarded, _discarded),
        said(
            ev.Sold,
            lambda w, e: (
                f"{w.name(e.seat)} sells {w.cards(e.cards)}"
                + (f" and goes up {plural(e.levels, 'level')}" if e.levels else "")
            ),
        ),
        said(ev.Drew, _drew),
        said(
            ev.TradeOffered,
            lambda w, e: f"{w.name(e.seat)} offers {w.name(e.to)} {w.cards(e.give)} for {w.cards(e.take)}",
        ),
        said(
            ev.Traded,
            lambda w, e: (
                f"{w.name(e.seat)} accepts {w.name(e.partner)}'s trade: {w.cards(e.give)} for {w.cards(e.take)}"
            ),
        ),
        said(ev.TradeDeclined, lambda w, e: f"{w.name(e.seat)} turns down {w.name(e.partner)}'s trade"),
        said(ev.Charity, _charity),
        said(ev.Gave, lambda w, e: f"{w.name(e.seat)} gives {w.card_of(e.card)} to {w.name(e.to)}"),
        said(ev.Theft, _theft),
        said(ev.Cursed, _cursed),
        said(ev.CurseRemoved, lambda w, e: f"{w.name(e.seat)} is free of {w.card_of(e.card)}"),
        said(ev.CurseCancelled, _curse_cancelled),
        said(
            ev.OutrunRoll,
            lambda w, e: f"{w.name(e.seat)} rolls a {e.die} to outrun {w.card_of(e.card)} (total {e.total})",
        ),
        said(ev.CurseOutrun, lambda w, e: f"{w.name(e.seat)} outruns the curse {w.card_of(e.card)}"),
        said(ev.SexChanged, lambda w, e: f"{w.name(e.seat)} is now {e.sex}"),
        said(ev.CharmedByFairy, lambda w, e: f"{w.name(e.seat)} is charmed by a fairy"),
        said(ev.Lost, lambda w, e: f"{w.name(e.seat)} loses {w.cards(e.cards)}{_because(w, e.source)}"),
        said(ev.Died, lambda w, e: f"{w.name(e.seat)} dies{_because(w, e.source)}!"),
        said(ev.Looting, lambda w, e: f"The others loot {w.name(e.dead)}'s body"),
        said(ev.LootedCorpse, lambda w, e: f"{w.name(e.seat)} takes {w.card_of(e.card)} from the body"),
        said(ev.AskedForHelp, _asked),
        said(ev.Volunteered, _helped),
        said(ev.DeclinedToHelp, lambda w, e: f"{w.name(e.seat)} declines to help"),
        said(ev.NobodyHelps, lambda w, e: "Nobody helps"),
        said(ev.HelpWithdrawn, lambda w, e: f"{w.name(e.seat)} stops asking for help"),
        said(ev.HelperChosen, lambda w, e: f"{w.name(e.seat)} takes {w.name(e.helper)} as helper"),
        said(ev.BribePaid, _bribe_paid),
        said(
            ev.ForcedHelperReleased,
            lambda w, e: f"{w.name(e.helper, 'The helper')} is released from helping",
        ),
        said(
            ev.Enhanced,
            lambda w, e: f"{w.name(e.seat)} plays {w.card_of(e.card)} on {_fought(w, e.monster_card, e.monster)}",
        ),
        said(
            ev.Mate,
            lambda w, e: (
                f"{w.name(e.seat)} plays {w.card_of(e.card)}: {_fought(w, e.monster_card, e.monster)} brings its mate"
            ),
        ),
        said(
            ev.WanderingMonsterPlayed,
            lambda w, e: (
                f"{w.name(e.seat)} plays {w.card_of(e.card)}: "
                f"{w.card_of(e.monster, 'a monster')} wanders into the fight"
            ),
        ),
        said(
            ev.UndeadJoined,
            lambda w, e: f"{w.name(e.seat)} sends {w.card_of(e.monster, 'a monster')} to join the Undead in the fight",
        ),
        said(ev.OneShot, _one_shot_event),
        said(
            ev.WentBerserk,
            lambda w, e: f"{w.name(e.seat)} goes berserk: discards {w.cards(e.cards)} for +{e.bonus}",
        ),
        said(
            ev.UndeadTurned,
            lambda w, e: f"{w.name(e.seat)} turns the Undead: discards {w.cards(e.cards)} for +{e.bonus}",
        ),
        said(ev.Charmed, lambda w, e: f"{w.name(e.seat)} charms {_fought(w, e.monster_card, e.monster)} away"),
        said(ev.Backstabbed, lambda w, e: f"{w.name(e.seat)} backstabs {w.name(e.target)} (-2)"),
        said(ev.Arrow, _arrow_event),
        said(
            ev.IllusionCast,
            lambda w, e: f"{w.name(e.seat)} casts an Illusion: discards {w.card_of(e.card)} for +{e.bonus}",
        ),
        said(
            ev.Miracle,
            lambda w, e: f"{w.name(e.seat)} prays for a miracle, discarding {w.cards(e.cards)}",
        ),
        said(
            ev.StoleFromShadows,
            lambda w, e: f"{w.name(e.seat)} steals a card from {w.name(e.target)}'s hand out of the shadows",
        ),
        said(ev.Tamed, lambda w, e: f"{w.name(e.seat)} tames {w.card_of(e.card)} as a pet"),
        said(ev.PetSacrificed, _pet_sacrificed),
        said(ev.AteMonster, lambda w, e: f"{w.name(e.seat)} eats {w.card_of(e.card)}"),
        said(ev.Overkill, lambda w, e: f"{w.name(e.seat)} wins by Overkill"),
        said(
            ev.BardicLuck,
            lambda w, e: (
                f"{w.name(e.seat)} draws an extra Treasure with a Bard's luck and discards "
                f"{w.card_of(e.discard, 'one')}"
            ),
        ),
        said(
            ev.RunningAway,
            lambda w, e: f"{listed([w.name(s) for s in e.seats]) or 'The munchkins'} must run away!",
        ),
        said(
            ev.EscapeRoll,
            lambda w, e: (
                f"{w.name(e.seat)} rolls a {e.die} to run away from "
                f"{_fought(w, e.monster_card, e.monster)} (total {e.total})" + (", a second try" if e.reroll else "")
            ),
        ),
        said(ev.Escaped, _escaped),
        said(ev.Caught, lambda w, e: f"{_fought(w, e.card, e.monster)} catches {w.name(e.seat)}"),
        said(ev.SneakyLittleDevil, lambda w, e: f"{w.name(e.seat)} slips away, sneaky little devil"),
        said(
            ev.FlightSpellCast,
            lambda w, e: f"{w.name(e.seat)} casts a Flight spell, discarding {w.cards(e.cards)}",
        ),
        said(ev.MonsterRemoved, lambda w, e: f"{w.card_of(e.card, 'A monster')} leaves the fight"),
        said(ev.Victory, _victory),
        said(ev.Spoils, _spoils),
        said(ev.TookSpoil, lambda w, e: f"{w.name(e.seat)} takes {w.card_of(e.card)}"),
        said(ev.TookSpoils, lambda w, e: f"{w.name(e.seat)} takes the spoils: {w.cards(e.cards)}"),
        said(ev.CombatOver, lambda w, e: "The fight is over"),
        said(ev.DoorOrder, _door_order),
        said(ev.FairyDust, lambda w, e: f"{w.name(e.seat)} gets Fairy Dust"),
        said(ev.FairyDustToTreasures, lambda w, e: "The Fairy Dust goes back into the Treasures"),
        said(ev.FairyReturns, lambda w, e: "The fairies return to their deck"),
        said(ev.DeckEmpty, lambda w, e: f"The {_deck(e.deck)} deck is empty"),
        said(ev.Reshuffled, lambda w, e: f"The {_deck(e.deck)} discards are shuffled into a new deck"),
        said(ev.GameOver, _game_over),
    ]
)
