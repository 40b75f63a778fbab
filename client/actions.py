"""Legal actions as players read them: a label for each wire action, and how the table groups them.

An action naming one card (`card`) belongs to that card: click the card, then choose. Every other action
goes on the action bar, one button per kind; a kind with several variants opens a chooser. So every legal
action of either engine is reachable without the scene knowing the game's whole vocabulary.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

Wire = dict[str, Any]
CardName = Callable[[str], str]

# How each kind reads on a button. `{card}`, `{to}`, `{target}`... are filled from the action's fields.
LABELS: dict[str, str] = {
    # Munchkin
    "finish_setup": "Ready to play",
    "kick_open_the_door": "Kick open the door",
    "look_for_trouble": "Look for trouble: {monster}",
    "loot_the_room": "Loot the room",
    "end_turn": "End turn",
    "give_charity": "Give {card} to {to}",
    "play_card": "Play {card}",
    "equip": "Equip {card}",
    "unequip": "Unequip {card}",
    "give_to_hireling": "Give {card} to the Hireling",
    "play_cheat": "Cheat! {card} on {item}",
    "discard_card": "Discard {card}",
    "sell": "Sell {cards}",
    "offer_trade": "Offer {to}: {give} for {take}",
    "accept_trade": "Accept the trade",
    "decline_trade": "Decline the trade",
    "give_item": "Give {card} to {to}",
    "steal": "Steal {item} from {target}",
    "curse": "Curse {target} with {card}",
    "go_up_a_level": "{card} on {target}",
    "use_one_shot": "Use {card}",
    "ask_for_help": "Ask for help",
    "volunteer": "Offer to help",
    "decline_help": "Decline to help",
    "choose_helper": "Take {helper} as helper",
    "claim_victory": "Claim the victory",
    "run_away": "Run away",
    "pass": "Pass",
    "enhance_monster": "Enhance a monster with {card}",
    "play_mate": "Play {card} as a Mate",
    "wandering_monster": "Wandering Monster: {monster} via {card}",
    "join_undead": "Join with undead {monster}",
    "berserk": "Berserk ({cards})",
    "turn_undead": "Turn Undead ({cards})",
    "charm": "Charm the monster",
    "backstab": "Backstab {target}",
    "roll_to_run_away": "Roll to run away",
    "accept_bad_stuff": "Accept the Bad Stuff",
    "flight_spell": "Flight spell ({cards})",
    "reroll_escape": "Reroll the escape",
    "take_spoil": "Take {card}",
    "choose_loss": "Lose {card}",
    "loot_corpse": "Take {card} from the corpse",
    "choose_door_order": "Order the curses: {order}",
    "resurrect": "Resurrect: the top Treasure discard for {discard}",
    "draw_face_up": "Draw the Treasures",
    "cancel_curse": "Cancel the curse with {card}",
    "let_curse_strike": "Let the curse strike",
    # Wonderland
    "roll": "Roll the die",
    "move": "Move to {dest}",
    "play_friend": "Play {card} as a Friend",
    "play_treasure": "Play {card}",
    "change_die": "{card}: make die {die} a {face}",
    "take_back": "{card}: take back {take}",
    "accept_help": "Help in the fight",
    "end_fight": "Finish the fight",
    "pick_treasure": "Keep {card}",
    "discard": "Discard {card}",
}

# Kinds a player needs at hand even when they are not legal, so the button stays in place, greyed,
# and says why not.
ALWAYS_SHOWN: dict[str, dict[str, str]] = {
    "munchkin": {
        "kick_open_the_door": "Only at the start of your own turn.",
        "loot_the_room": "Only after a door with no monster behind it.",
        "run_away": "Only when you are fighting a monster you cannot beat.",
        "pass": "Nothing to pass on right now.",
        "end_turn": "Only once your turn's fighting and looting is done.",
    },
    "wonderland": {
        "roll": "Only at the start of your own turn.",
        "end_fight": "Only in your own fight once the cards are down.",
    },
}

SEAT_FIELDS = ("to", "target", "helper")
CARD_FIELDS = ("card", "item", "take", "replace", "discard", "doubled")


def describe(wire: Wire, seat_name: Callable[[int], str], card_name: CardName) -> str:
    """The button text for one action."""
    kind = str(wire.get("type", "?"))
    template = LABELS.get(kind, kind.replace("_", " ").capitalize())
    values: dict[str, str] = {}
    for key, value in wire.items():
        if key in ("type", "seat") or value is None or value == "" or value == -1:
            continue  # an unused option of the action says nothing worth reading
        if key in SEAT_FIELDS and isinstance(value, int):
            values[key] = "nobody" if value < 0 else seat_name(value)
        elif key in CARD_FIELDS and isinstance(value, str):
            values[key] = card_name(value) if value else "nothing"
        elif isinstance(value, list):
            names = [card_name(v) if isinstance(v, str) else str(v) for v in value]
            values[key] = (", then " if key == "order" else ", ").join(names) or "nothing"
        else:
            values[key] = str(value)
    if kind == "move" and isinstance(wire.get("path"), list) and wire["path"]:
        values["dest"] = str(wire["path"][-1])
    try:
        text = template.format(**values)
    except (KeyError, IndexError):
        text = kind.replace("_", " ").capitalize()
    if kind == "play_friend" and "replace" in values:
        template += ", replacing {replace}"
    shown = {"dest", "path"}
    extras = [f"{k} {values[k]}" for k in values if "{" + k + "}" not in template and k not in shown]
    if extras and kind not in ("move",):
        text += " (" + ", ".join(extras) + ")"
    return text


def card_of(wire: Wire) -> str | None:
    """The hand or table card this action is about, if it is about one card."""
    card = wire.get("card")
    return card if isinstance(card, str) and card else None


def group(legal: Iterable[Wire]) -> tuple[dict[str, list[Wire]], dict[str, list[Wire]]]:
    """(actions by card, other actions by kind), each in the engine's order."""
    by_card: dict[str, list[Wire]] = {}
    by_kind: dict[str, list[Wire]] = {}
    for wire in legal:
        card = card_of(wire)
        if card is not None:
            by_card.setdefault(card, []).append(wire)
        else:
            by_kind.setdefault(str(wire.get("type")), []).append(wire)
    return by_card, by_kind


def without_seat(wire: Wire) -> Wire:
    return {k: v for k, v in wire.items() if k != "seat"}
