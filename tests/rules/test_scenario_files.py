"""Scenario files (docs/scenarios.md): a table arranged by hand is built exactly as written, and every
arrangement a table could never reach is refused with the file, the line and the reason."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doorkick.shared.rules.munchkin import RULESET as MUNCHKIN
from doorkick.shared.rules.munchkin.actions import FinishSetup, KickOpenTheDoor, Pass, RollToRunAway, RunAway
from doorkick.shared.rules.munchkin.state import all_cards
from doorkick.shared.rules.rng import Rng, ScriptedRng
from doorkick.shared.rules.scenario import ScenarioError, load_scenario, parse_scenario
from doorkick.shared.rules.wonderland import RULESET as WONDERLAND
from doorkick.shared.rules.wonderland.actions import Move, Roll
from doorkick.shared.rules.wonderland.state import FIGHT_ROLL

DOCS = Path(__file__).parents[2] / "docs" / "scenarios.md"

TABLE = """\
game = "munchkin"
name = "Ann's last stand"
packs = ["core"]
seed = 9
dice = [1, 6]
active = 1

[[seats]]
name = "Ann"
sex = "female"
level = 8
races = ["elf-1"]
classes = ["warrior-1"]
hand = ["jar-of-angry-bees", "jar-of-angry-bees"]
equipped = ["colander-of-clarity", "demolition-sledgehammer"]
carried = ["pet-rock"]
curses = ["curse-lead-underpants"]
hireling = "unpaid-intern"

[[seats]]
name = "Bob"
half_breed = "complicated-family-tree"
races = ["dwarf-1", "elf-2"]
equipped = ["boiler-plate-hauberk"]
carried = ["battle-wheelbarrow"]

[decks]
door = ["dust-bunny-of-unusual-size", "party-crasher"]
treasure = ["finally-read-the-manual"]
door_discard = ["curse-laundry-day"]
"""


def test_a_munchkin_scenario_puts_every_card_where_it_says(tmp_path: Path) -> None:
    path = tmp_path / "stand.toml"
    path.write_text(TABLE)
    scenario = load_scenario(path)
    state = scenario.state
    ann, bob = state.players
    assert scenario.game == "munchkin" and scenario.name == "Ann's last stand" and scenario.text == TABLE
    assert (ann.name, ann.sex, ann.level, bob.level) == ("Ann", "female", 8, 1)
    assert ann.races == ("elf-1",) and ann.classes == ("warrior-1",) and ann.hireling == "unpaid-intern"
    assert ann.hand == ("jar-of-angry-bees#1", "jar-of-angry-bees#2"), "a card id takes its copies in turn"
    assert [(c.card, c.equipped) for c in ann.items] == [
        ("colander-of-clarity", True),
        ("demolition-sledgehammer", True),
        ("pet-rock", False),
    ]
    assert ann.curses == ("curse-lead-underpants",)
    assert bob.races == ("dwarf-1", "elf-2") and bob.half_breed == "complicated-family-tree"
    assert bob.item_cards == ("boiler-plate-hauberk", "battle-wheelbarrow"), "a Dwarf carries any Big items"
    assert state.door_deck[:2] == ("dust-bunny-of-unusual-size", "party-crasher#1")
    assert state.treasure_deck[0] == "finally-read-the-manual#1" and state.door_discard == ("curse-laundry-day",)
    assert (state.active, state.turn, state.phase, state.ready) == (1, 1, "start", (0, 1))
    assert Counter(all_cards(state)) == Counter(list(state.catalog.defs)), "every card once, none made or lost"


def test_the_same_file_builds_the_same_table() -> None:
    assert parse_scenario(TABLE).state == parse_scenario(TABLE).state
    assert parse_scenario(TABLE).state != parse_scenario(TABLE.replace("seed = 9", "seed = 10")).state


def test_dice_to_come_are_the_next_rolls_then_the_seed_rolls_on() -> None:
    text = TABLE.replace("active = 1", "active = 0").replace("dust-bunny-of-unusual-size", "dust-bunny-supreme")
    state = parse_scenario(text).state
    state, _ = MUNCHKIN.apply(state, KickOpenTheDoor(0))
    assert state.combat is not None and state.combat.monsters[0].card == "dust-bunny-supreme"
    state, _ = MUNCHKIN.apply(state, RunAway(0))
    state, _ = MUNCHKIN.apply(state, Pass(1))
    state, events = MUNCHKIN.apply(state, RollToRunAway(0, 0))
    assert next(e for e in events if e.kind == "escape_roll").for_seat(None)["die"] == 1
    assert isinstance(state.rng, ScriptedRng) and state.rng.dice == (6,)
    face, rng = state.rng.roll()
    assert face == 6 and type(rng) is Rng and rng.state == state.rng.state, "the script spent: a plain generator"
    _, after = state.rng.shuffled(range(10))
    assert isinstance(after, ScriptedRng)
    assert after.dice == (6,), "a reshuffle between two scripted rolls leaves the script alone"


WONDERLAND_TABLE = """\
game = "wonderland"
seed = 3
dice = [2, 2]

[[seats]]
name = "Red"
position = "path1c"
hand = ["the_stolen_tarts"]
friends = ["the_hatter", "march_hare"]
gold = 4

[[seats]]
name = "Blue"
position = "spoke3y"

[decks]
monster = ["humpty_dumpty"]
treasure = ["the_stolen_tarts"]
"""


def test_a_wonderland_scenario_places_standies_hands_friends_and_the_monster_on_top() -> None:
    state = parse_scenario(WONDERLAND_TABLE).state
    assert state.positions == ("path1c", "spoke3y")
    assert state.hands == (("the_stolen_tarts",), ()) and state.friends == (("the_hatter", "march_hare"), ())
    assert state.treasure_deck[0] == "the_stolen_tarts#2" and state.monster_deck[0] == "humpty_dumpty"
    state, _ = WONDERLAND.apply(state, Roll(0))
    state, events = WONDERLAND.apply(state, Move(0, ("path1d", "room5")))
    assert [e.kind for e in events] == ["moved", "fight_began"] and state.phase == FIGHT_ROLL
    assert state.fight is not None and state.fight.monster_cards == ("humpty_dumpty",)


def test_a_table_can_start_in_the_setup_of_M08() -> None:
    state = parse_scenario(TABLE.replace("active = 1", 'phase = "setup"')).state
    assert (state.phase, state.ready) == ("setup", ())
    assert MUNCHKIN.seats_to_act(state) == frozenset({0, 1})
    state, _ = MUNCHKIN.apply(state, FinishSetup(0))
    assert state.ready == (0,)


def test_an_epic_table_allows_levels_to_19() -> None:
    epic = TABLE.replace("level = 8", "level = 19").replace("seed = 9", "seed = 9\noptions = { epic = true }")
    state = parse_scenario(epic).state
    assert state.players[0].level == 19 and state.options.win_level == 20


def test_names_given_replace_the_files_names() -> None:
    scenario = parse_scenario(WONDERLAND_TABLE, names=("Ann", "Bob"))
    assert [s.name for s in scenario.seats] == ["Ann", "Bob"] and scenario.state.seats == scenario.seats
    with pytest.raises(ScenarioError, match="3 player name"):
        parse_scenario(WONDERLAND_TABLE, names=("Ann", "Bob", "Cy"))


ANN = '[[seats]]\nname = "Ann"\n'
BOB = '[[seats]]\nname = "Bob"\n'
M = 'game = "munchkin"\npacks = ["core"]\n'
W = 'game = "wonderland"\n'

# (what is wrong, the file, the line named, the reason's words)
REFUSALS = [
    ("an unknown card", M + ANN + 'hand = ["the-one-ring"]\n' + BOB, 5, "unknown card 'the-one-ring'"),
    (
        "an unknown card in a long list",
        M + ANN + 'hand = [\n  "jar-of-angry-bees",\n  "the-one-ring",\n]\n' + BOB,
        7,
        "unknown card",
    ),
    (
        "a card used twice",
        M + ANN + 'hand = ["grand-piano"]\n' + BOB + 'carried = ["grand-piano"]\n',
        8,
        r"'grand-piano' is used twice \(first in seats\[0\]\)",
    ),
    (
        "more copies than the packs have",
        M + ANN + 'hand = ["jar-of-angry-bees", "jar-of-angry-bees", "jar-of-angry-bees"]\n' + BOB,
        5,
        "all 2 copies",
    ),
    (
        "an instance used twice",
        M + ANN + 'hand = ["jar-of-angry-bees#2"]\n' + BOB + 'hand = ["jar-of-angry-bees#2"]\n',
        8,
        "used twice",
    ),
    (
        "two headgear equipped",
        M + ANN + 'equipped = ["colander-of-clarity", "propeller-beanie"]\n' + BOB,
        5,
        "Propeller Beanie.* cannot be worn: you already wear headgear",
    ),
    (
        "an item the seat may not use, equipped",
        M + ANN + 'equipped = ["demolition-sledgehammer"]\n' + BOB,
        5,
        "usable only by warrior",
    ),
    (
        "two Big items without a Dwarf",
        M + ANN + 'carried = ["grand-piano", "battle-wheelbarrow"]\n' + BOB,
        5,
        "2 Big items, and this character may carry 1",
    ),
    ("a level out of range", M + ANN + "level = 10\n" + BOB, 5, "level must be within 1..9, got 10"),
    ("level 0", M + ANN + BOB + "level = 0\n", 7, "level must be within 1..9"),
    ("too few seats", M + ANN, 3, "Munchkin seats 2 to 6 players, not 1"),
    ("too many seats", M + ANN * 7, 15, "not 7"),
    ("an unknown option", M + "options = { epic = true, speedy = true }\n" + ANN + BOB, 3, "unknown option.*speedy"),
    ("an option of the wrong type", M + 'options = { epic = "yes" }\n' + ANN + BOB, 3, "option epic"),
    ("a typo in a seat", M + ANN + 'hnad = ["grand-piano"]\n' + BOB, 5, "unknown key.*'hnad'"),
    ("an unknown top-level key", M + "sede = 4\n" + ANN + BOB, 3, "unknown key.*'sede'"),
    ("a Race among the Classes", M + ANN + 'classes = ["elf-1"]\n' + BOB, 5, r"Elf \(elf-1\) is not a Class"),
    (
        "two Races without a Half-Breed",
        M + ANN + 'races = ["elf-1", "dwarf-1"]\n' + BOB,
        5,
        "2 Races need a Half-Breed",
    ),
    ("a Half-Breed without a Race", M + ANN + 'half_breed = "complicated-family-tree"\n' + BOB, 5, "needs a Race"),
    (
        "the same Class twice",
        M + ANN + 'super_munchkin = "double-major"\nclasses = ["warrior-1", "warrior-2"]\n' + BOB,
        6,
        "Warrior twice",
    ),
    ("a curse that never stays", M + ANN + 'curses = ["curse-laundry-day"]\n' + BOB, 5, "never stays in play"),
    (
        "a Door on the Treasure deck",
        M + ANN + BOB + '[decks]\ntreasure = ["party-crasher"]\n',
        8,
        "belongs to the door deck",
    ),
    ("a die that shows 7", M + "dice = [3, 7]\n" + ANN + BOB, 3, "a die shows 1 to 6, not 7"),
    ("a sex the game does not know", M + ANN + 'sex = "robot"\n' + BOB, 5, "sex must be one of male, female"),
    ("an unknown game", 'game = "chess"\n' + ANN + BOB, 1, "game must be one of munchkin, wonderland"),
    ("an unknown pack", 'game = "munchkin"\npacks = ["cor"]\n' + ANN + BOB, 2, "no built-in card pack named 'cor'"),
    ("Christmas Lite alone for two", 'game = "munchkin"\npacks = ["christmas"]\n' + ANN + BOB, 5, "3 or 4 players"),
    ("whose turn, out of range", M + "active = 2\n" + ANN + BOB, 3, "active must be within 0..1"),
    ("a phase a table cannot start in", M + 'phase = "combat"\n' + ANN + BOB, 3, "phase must be one of start, setup"),
    ("not TOML", M + "seed = = 3\n", None, "not valid TOML"),
    ("a [seats] table instead of [[seats]]", M + '[seats]\nname = "Ann"\n', 3, r"an array of tables \(\[\[seats\]\]\)"),
    ("no game named", ANN + BOB, None, "missing required key 'game'"),
    ("a space not on the board", W + ANN + 'position = "narnia"\n' + BOB, 4, "'narnia' is not a space"),
    (
        "three Friends",
        W + ANN + 'friends = ["the_hatter", "march_hare", "white_rabbit"]\n' + BOB,
        4,
        "at most 2 Friends",
    ),
    ("a Monster in a hand", W + ANN + 'hand = ["humpty_dumpty"]\n' + BOB, 4, "is a Monster card, not a Treasure"),
    ("a one-time Treasure as a Friend", W + ANN + 'friends = ["the_stolen_tarts"]\n' + BOB, 4, "is not a Friend"),
    (
        "Gold that the hand does not make",
        W + ANN + 'hand = ["the_stolen_tarts"]\ngold = 9\n' + BOB,
        5,
        "the hand is worth 4 Gold, not 9",
    ),
    ("an unknown Wonderland option", W + "options = { dice = 2 }\n" + ANN + BOB, 2, "unknown Wonderland option"),
    ("one Wonderland seat", W + ANN, 2, "Wonderland seats 2 to 6 players, not 1"),
]


@pytest.mark.parametrize(("text", "line", "reason"), [r[1:] for r in REFUSALS], ids=[r[0] for r in REFUSALS])
def test_an_impossible_scenario_is_refused_with_file_line_and_reason(
    tmp_path: Path, text: str, line: int | None, reason: str
) -> None:
    path = tmp_path / "broken.toml"
    path.write_text(text)
    with pytest.raises(ScenarioError) as refused:
        load_scenario(path)
    message = str(refused.value)
    if line is None:  # nothing to point at: a file that is not TOML, a key that is missing
        assert message.startswith(str(path)) and ", line" not in message, message
    else:
        assert message.startswith(f"{path}, line {line} "), message
    assert re.search(reason, message), message


def test_a_missing_file_is_named() -> None:
    with pytest.raises(ScenarioError, match="cannot read the scenario"):
        load_scenario("/nonexistent/table.toml")


def test_the_documentation_examples_load() -> None:
    examples = re.findall(r"```toml\n(.*?)```", DOCS.read_text(), re.S)
    assert len(examples) >= 2
    for example in examples:
        parse_scenario(example, "docs/scenarios.md", DOCS.parent)


# --- any arrangement at all: built and playable, or refused with a place and a reason --------------------------

CORE_DEFS = parse_scenario(M + ANN + BOB).state.catalog.defs
CORE = sorted(CORE_DEFS)
POOLS = {  # the cards each key takes, so that most arrangements are possible ones
    "hand": CORE,
    "equipped": [c for c in CORE if CORE_DEFS[c].kind == "item"],
    "carried": [c for c in CORE if CORE_DEFS[c].kind in ("item", "one_shot")],
    "races": [c for c in CORE if CORE_DEFS[c].kind == "race"],
    "classes": [c for c in CORE if CORE_DEFS[c].kind == "class"],
    "curses": [c for c in CORE if CORE_DEFS[c].kind == "curse" and CORE_DEFS[c].duration != "instant"],
    "door": [c for c in CORE if CORE_DEFS[c].deck == "door"],
    "treasure": [c for c in CORE if CORE_DEFS[c].deck == "treasure"],
}
POOLS["door_discard"], POOLS["treasure_discard"] = POOLS["door"], POOLS["treasure"]
SEAT_KEYS = ("hand", "equipped", "carried", "races", "classes", "curses")
DECK_KEYS = ("door", "treasure", "door_discard", "treasure_discard")


def cards_for(key: str) -> st.SearchStrategy[list[str]]:
    fitting = st.sampled_from(POOLS[key])
    anything = st.one_of(st.sampled_from(CORE), st.sampled_from([c.partition("#")[0] for c in CORE]), st.just("nope"))
    size = 1 if key in ("races", "classes") else 3
    return st.lists(st.one_of(fitting, fitting, fitting, fitting, anything), max_size=size)


@st.composite
def arrangements(draw: st.DrawFn) -> str:
    dice = draw(st.lists(st.one_of(st.integers(1, 6), st.integers(0, 7)), max_size=4))
    lines = [M, f"seed = {draw(st.integers(0, 99))}", f"dice = {dice}"]
    for _ in range(draw(st.one_of(st.integers(2, 6), st.integers(1, 7)))):
        lines.append("[[seats]]")
        lines.append(f"level = {draw(st.one_of(st.integers(1, 9), st.integers(0, 11)))}")
        for key in draw(st.lists(st.sampled_from(SEAT_KEYS), max_size=3, unique=True)):
            lines.append(f"{key} = {draw(cards_for(key))}".replace("'", '"'))
    lines.append("[decks]")
    for key in draw(st.lists(st.sampled_from(DECK_KEYS), max_size=2, unique=True)):
        lines.append(f"{key} = {draw(cards_for(key))}".replace("'", '"'))
    return "\n".join(lines) + "\n"


@settings(max_examples=60, deadline=None)
@given(arrangements(), st.randoms(use_true_random=False))
def test_any_arrangement_is_built_and_playable_or_refused_with_a_line(text: str, chooser: Random) -> None:
    try:
        state = parse_scenario(text, "any.toml").state
    except ScenarioError as refused:
        assert re.match(r"any\.toml, line \d+ \(", str(refused)), str(refused)
        return
    assert Counter(all_cards(state)) == Counter(list(state.catalog.defs))
    for _ in range(30):  # the table plays on by the rules
        waiting = sorted(MUNCHKIN.seats_to_act(state))
        if not waiting:
            break
        legal = list(MUNCHKIN.legal_actions(state, waiting[0]))
        state, _ = MUNCHKIN.apply(state, chooser.choice(legal))
    assert Counter(all_cards(state)) == Counter(list(state.catalog.defs))
