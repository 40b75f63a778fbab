"""The Munchkin log's words: a line for every event record, saying who did what to whom ("Alice curses Bob
with ..."); the helpers it shares with the action labels (a monster by its card's name, the terms of a
bribe) are in `munchkin`."""

from __future__ import annotations

from ...shared.rules.base import Event
from ...shared.rules.munchkin import events as ev
from ...shared.rules.munchkin.kinds import Deck
from . import Say, Words, listed, plural, said
from .munchkin import asking, combat_of, fighter_of, monster, terms

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
    if combat_of(w) is not None and w.bonus(e.card):
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
    fighter = fighter_of(w)
    return f"{w.name(e.seat)} offers to help" + (f" {w.name(fighter)}" if fighter is not None else "")


def _asked(w: Words, e: ev.AskedForHelp) -> str:
    offered = terms(w, e.items, e.treasures, e.helper_first, e.cards)
    return f"{w.name(e.seat)} asks {asking(w, e.to)}, offering {offered}"


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
