"""The Munchkin table's words: a label for every action a seat can take, the phases, and the helpers the log's
lines share (`munchkin_events` words each event).

Actions are worded for the player who takes them ("Curse Bob with ...", "Take Alice as helper"). Monsters in a
fight go by their card's name, looked up in the view's combat, never by their place in it.
"""

from __future__ import annotations

from ...shared.rules.base import Action
from ...shared.rules.munchkin import actions as act
from ...shared.rules.munchkin.view import CombatView, DecisionView, MonsterView, MunchkinView
from . import Label, Words, labelled, listed, ordinal, plural

# A kind of action, as the bar's button naming several of them and as the title of their chooser.
KINDS: dict[type[Action], str] = {
    act.FinishSetup: "Ready to play",
    act.KickOpenTheDoor: "Kick open the door",
    act.LookForTrouble: "Look for trouble",
    act.LootTheRoom: "Loot the room",
    act.EndTurn: "End turn",
    act.GiveCharity: "Charity",
    act.PlayCard: "Play a card",
    act.Equip: "Equip an item",
    act.Unequip: "Take off an item",
    act.GiveToHireling: "Give an item to the Hireling",
    act.PlayCheat: "Cheat!",
    act.DiscardCard: "Discard a card",
    act.Sell: "Sell items",
    act.OfferTrade: "Offer a trade",
    act.AcceptTrade: "Accept the trade",
    act.DeclineTrade: "Decline the trade",
    act.GiveItem: "Give an item away",
    act.Steal: "Steal an item",
    act.Curse: "Curse someone",
    act.GoUpALevel: "Go up a level",
    act.UseOneShot: "Use a one-shot",
    act.AskForHelp: "Ask for help",
    act.Volunteer: "Offer to help",
    act.DeclineHelp: "Decline to help",
    act.ChooseHelper: "Choose a helper",
    act.ClaimVictory: "Claim the victory",
    act.RunAway: "Run away",
    act.Pass: "Pass",
    act.EnhanceMonster: "Enhance a monster",
    act.PlayMate: "Play a Mate",
    act.WanderingMonster: "Wandering Monster",
    act.JoinUndead: "Join the Undead",
    act.Berserk: "Berserk",
    act.TurnUndead: "Turn Undead",
    act.Charm: "Charm a monster",
    act.Backstab: "Backstab",
    act.RollToRunAway: "Roll to run away",
    act.AcceptBadStuff: "Accept the Bad Stuff",
    act.FlightSpell: "Flight spell",
    act.RerollEscape: "Reroll the escape",
    act.TakeSpoil: "Take a spoil",
    act.ChooseLoss: "Choose what to lose",
    act.LootCorpse: "Loot the body",
    act.ChooseDoorOrder: "Order the curses",
    act.Illusion: "Illusion",
    act.PrayForAMiracle: "Pray for a miracle",
    act.StealFromShadows: "Steal from the shadows",
    act.FireArrow: "Fire an arrow",
    act.TamePet: "Tame the monster",
    act.SacrificePet: "Sacrifice your pet",
    act.EatMonster: "Eat the monster",
    act.OutrunCurse: "Outrun the curse",
    act.AcceptCurse: "Accept the curse",
    act.Resurrect: "Resurrect a Treasure",
    act.DrawFaceUp: "Draw the Treasures",
    act.CancelCurse: "Cancel the curse",
    act.LetCurseStrike: "Let the curse strike",
}

# Why a button kept in its place is greyed.
WHY_NOT: dict[type[Action], str] = {
    act.KickOpenTheDoor: "Only at the start of your own turn.",
    act.LootTheRoom: "Only after a door with no monster behind it.",
    act.LookForTrouble: "Only after a door with no monster behind it, with a monster in your hand.",
    act.RunAway: "Only when you are fighting a monster you cannot beat.",
    act.AskForHelp: "Only when you are fighting a monster.",
    act.ClaimVictory: "Only when the munchkins are winning your fight.",
    act.Pass: "Nothing to pass on right now.",
    act.EndTurn: "Only once your turn's fighting and looting is done.",
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


def _one_shot(w: Words, a: act.UseOneShot) -> str:
    card = w.card_of(a.card)
    if a.target >= 0:
        return f"Use {card} on {w.yourself(a.target)}"
    if a.monster >= 0:
        return f"Use {card} on {monster(w, a.monster)}"
    if combat_of(w) is None:
        return f"Use {card}"
    bonus = w.bonus(a.card)
    gain = f" (+{bonus})" if bonus else ""
    return f"Use {card} for the {'monsters' if a.side == 'monsters' else 'munchkins'}{gain}"


def _sell(w: Words, a: act.Sell) -> str:
    text = f"Sell {w.cards(a.cards)}"
    if a.tripled:
        text += f" ({w.card_of(a.tripled)} counts three times)"
    elif a.doubled:
        text += f" ({w.card_of(a.doubled)} counts double)"
    return text


def _trade_answer(w: Words, verb: str) -> str:
    d = _decision(w, "trade")
    if d is None:
        return f"{verb} the trade"
    return f"{verb} {w.yours(d.source)} trade: {w.cards(d.give)} for {w.cards(d.take)}"


def _pass(w: Words, a: act.Pass) -> str:
    combat = combat_of(w)
    if combat is not None and combat.step == "help" and combat.fighter == w.viewer():
        return "Stop asking for help"
    return "Pass"


def _kick(w: Words, a: act.KickOpenTheDoor) -> str:
    discard, second = a.resurrect, a.resurrect_second
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


def _arrow(w: Words, a: act.FireArrow) -> str:
    at = monster(w, a.monster) if a.monster >= 0 else w.yourself(a.target)
    return f"Fire an arrow at {at} (-2; discard {w.card_of(a.discard)})"


def _curse_waiting(w: Words) -> str:
    waiting = _decision(w, "outrun_curse")
    return w.cards(waiting.cards if waiting is not None else None, "the curse")


def _volunteer(w: Words, a: act.Volunteer) -> str:
    combat = combat_of(w)
    offer = combat.offer if combat is not None else None
    offered = terms(w, offer.items, offer.treasures, offer.helper_first, offer.cards) if offer else "nothing"
    fighter = w.name(fighter_of(w))
    return f"Help {fighter} (nothing offered)" if offered == "nothing" else f"Help {fighter} for {offered}"


ACTIONS: dict[type[Action], Label] = dict(
    [
        labelled(act.FinishSetup, lambda w, a: "Ready to play"),
        labelled(act.KickOpenTheDoor, _kick),
        labelled(
            act.LookForTrouble, lambda w, a: f"Look for trouble: fight {w.card_of(a.monster)}" + level_of(w, a.monster)
        ),
        labelled(act.LootTheRoom, lambda w, a: "Loot the room"),
        labelled(act.EndTurn, lambda w, a: "End turn"),
        labelled(
            act.GiveCharity,
            lambda w, a: (
                f"Give {w.card_of(a.card)} to {w.name(a.to)} as charity"
                if a.to >= 0
                else f"Discard {w.card_of(a.card)} as charity"
            ),
        ),
        labelled(act.PlayCard, lambda w, a: f"Play {w.card_of(a.card)}"),
        labelled(act.Equip, lambda w, a: f"Equip {w.card_of(a.card)}"),
        labelled(act.Unequip, lambda w, a: f"Take off {w.card_of(a.card)}"),
        labelled(act.GiveToHireling, lambda w, a: f"Give {w.card_of(a.card)} to your Hireling"),
        labelled(act.PlayCheat, lambda w, a: f"Cheat! Play {w.card_of(a.card)} on {w.card_of(a.item)}"),
        labelled(act.DiscardCard, lambda w, a: f"Discard {w.card_of(a.card)}"),
        labelled(act.Sell, _sell),
        labelled(act.OfferTrade, lambda w, a: f"Offer {w.name(a.to)} {w.cards(a.give)} for {w.cards(a.take)}"),
        labelled(act.AcceptTrade, lambda w, a: _trade_answer(w, "Accept")),
        labelled(act.DeclineTrade, lambda w, a: _trade_answer(w, "Decline")),
        labelled(act.GiveItem, lambda w, a: f"Give {w.card_of(a.card)} to {w.name(a.to)}"),
        labelled(
            act.Steal,
            lambda w, a: f"Steal {w.card_of(a.item)} from {w.name(a.target)} (discard {w.card_of(a.discard)})",
        ),
        labelled(act.Curse, lambda w, a: f"Curse {w.yourself(a.target)} with {w.card_of(a.card)}"),
        labelled(act.GoUpALevel, lambda w, a: f"Play {w.card_of(a.card)} on {w.yourself(a.target)}"),
        labelled(act.UseOneShot, _one_shot),
        labelled(
            act.AskForHelp,
            lambda w, a: f"Ask {asking(w, a.to)}, offering " + terms(w, a.items, a.treasures, a.helper_first, a.cards),
        ),
        labelled(act.Volunteer, _volunteer),
        labelled(act.DeclineHelp, lambda w, a: f"Do not help {w.name(fighter_of(w))}"),
        labelled(act.ChooseHelper, lambda w, a: f"Take {w.name(a.helper)} as helper"),
        labelled(act.ClaimVictory, lambda w, a: "Claim the victory"),
        labelled(act.RunAway, lambda w, a: "Run away"),
        labelled(
            act.Resurrect,
            lambda w, a: (
                f"Resurrect {w.card_of(_top_treasure_discard(w), 'the top Treasure discard')}: "
                f"discard {w.card_of(a.discard)} for it"
            ),
        ),
        labelled(act.DrawFaceUp, lambda w, a: "Draw the Treasures face up"),
        labelled(act.CancelCurse, lambda w, a: f"Cancel the curse with {w.card_of(a.card)}"),
        labelled(act.LetCurseStrike, lambda w, a: "Let the curse strike"),
        labelled(act.Pass, _pass),
        labelled(act.EnhanceMonster, lambda w, a: f"Play {w.card_of(a.card)} on {monster(w, a.monster)}"),
        labelled(act.PlayMate, lambda w, a: f"Play {w.card_of(a.card)}: {monster(w, a.monster)} brings its mate"),
        labelled(
            act.WanderingMonster,
            lambda w, a: f"Play {w.card_of(a.card)}: {w.card_of(a.monster)} wanders into the fight",
        ),
        labelled(act.JoinUndead, lambda w, a: f"Send {w.card_of(a.monster)} to join the Undead in the fight"),
        labelled(act.Berserk, lambda w, a: f"Berserk: discard {w.cards(a.cards)} (+{len(a.cards)})"),
        labelled(act.TurnUndead, lambda w, a: f"Turn Undead: discard {w.cards(a.cards)} (+{3 * len(a.cards)})"),
        labelled(act.Charm, lambda w, a: f"Charm {monster(w, a.monster)} away (discard your whole hand)"),
        labelled(act.Backstab, lambda w, a: f"Backstab {w.name(a.target)} (-2; discard {w.card_of(a.discard)})"),
        labelled(
            act.RollToRunAway,
            lambda w, a: (
                f"Sacrifice your Hireling to escape {monster(w, a.monster)}"
                if a.hireling
                else f"Roll to run away from {monster(w, a.monster)}"
            ),
        ),
        labelled(act.AcceptBadStuff, lambda w, a: f"Accept the Bad Stuff of {_caught_by(w)}"),
        labelled(
            act.FlightSpell, lambda w, a: f"Flight spell: discard {w.cards(a.cards)} (+{len(a.cards)} to the roll)"
        ),
        labelled(act.RerollEscape, lambda w, a: f"Roll the escape again (discard {w.card_of(a.discard)})"),
        labelled(act.TakeSpoil, lambda w, a: f"Take {w.card_of(a.card)}"),
        labelled(act.ChooseLoss, lambda w, a: f"Lose {w.card_of(a.card)}"),
        labelled(act.LootCorpse, lambda w, a: f"Take {w.card_of(a.card)} from the body"),
        labelled(
            act.ChooseDoorOrder,
            lambda w, a: "Curses strike in this order: " + ", then ".join(w.card_of(c) for c in a.order),
        ),
        labelled(act.Illusion, lambda w, a: f"Illusion: discard {w.card_of(a.monster)} for +3"),
        labelled(act.PrayForAMiracle, lambda w, a: f"Pray for a miracle: discard {w.cards(a.cards)}"),
        labelled(
            act.StealFromShadows,
            lambda w, a: f"Steal a card from {w.name(a.target)}'s hand (discard {w.card_of(a.discard)})",
        ),
        labelled(act.FireArrow, _arrow),
        labelled(act.TamePet, lambda w, a: f"Tame {monster(w, 0)} as your pet"),
        labelled(
            act.SacrificePet,
            lambda w, a: "Sacrifice your pet " + ("to the monsters" if a.side == "monsters" else "for the munchkins"),
        ),
        labelled(act.EatMonster, lambda w, a: f"Eat {monster(w, 0)}"),
        labelled(act.OutrunCurse, lambda w, a: f"Outrun {_curse_waiting(w)} (discard {w.card_of(a.discard)})"),
        labelled(act.AcceptCurse, lambda w, a: f"Accept {_curse_waiting(w)}"),
    ]
)


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
