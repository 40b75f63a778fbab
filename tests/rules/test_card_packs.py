"""The card-pack loader: user packs by path, several packs at once, and precise refusals of broken packs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from doorkick.shared.rules.cards import PackError
from doorkick.shared.rules.munchkin.cards import KINDS, load_munchkin_packs

HEADER = '[pack]\nid = "{pack_id}"\nname = "Test Pack"\ngame = "{game}"\n'

GOOSE = """
[[cards]]
id = "angry-goose"
kind = "monster"
name = "Angry Goose"
level = 3
"""


def write_pack(folder: Path, *cards: str, name: str = "mine", game: str = "munchkin") -> Path:
    path = folder / f"{name}.toml"
    path.write_text(HEADER.format(pack_id=name, game=game) + "".join(cards), "utf-8")
    return path


def card(kind: str, body: str, card_id: str = "bad-card") -> str:
    return f'\n[[cards]]\nid = "{card_id}"\nkind = "{kind}"\nname = "Bad Card"\n{body}\n'


def refusal(*paths: Path | str) -> str:
    with pytest.raises(PackError) as caught:
        load_munchkin_packs(tuple(str(p) for p in paths))
    return str(caught.value)


def test_X01_mixing_loads_several_packs(tmp_path: Path) -> None:
    mine = write_pack(tmp_path, GOOSE)

    packs = load_munchkin_packs(("core", str(mine)))

    assert [p.id for p in packs] == ["core", "mine"]
    ids = {c.id for p in packs for c in p.cards}
    assert "angry-goose" in ids and "sock-golem" in ids
    assert packs[1].source == str(mine)


def test_user_pack_loads_by_path(tmp_path: Path) -> None:
    mine = write_pack(
        tmp_path,
        GOOSE,
        card("item", 'slot = "hands"\nhands = 2\nbonus = 3\nvalue = 400\nusable_by = ["dwarf"]', "club"),
        card("hireling", "count = 2", "goose-squire"),
    )

    (pack,) = load_munchkin_packs((str(mine),))

    goose, club, squire = pack.cards
    assert (goose.deck, goose.level, goose.treasures, goose.levels) == ("door", 3, 1, 1)
    assert (club.deck, club.slot, club.hands, club.bonus) == ("treasure", "hands", 2, 3)
    assert club.usable_by == ("dwarf",)
    assert (squire.deck, squire.bonus) == ("door", 1)
    assert pack.counts == (1, 1, 2)


def test_missing_user_file_is_refused_with_its_path(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere.toml"
    message = refusal(missing)
    assert str(missing) in message and "cannot read" in message


def test_unknown_builtin_pack_name_is_refused() -> None:
    assert "no built-in card pack named 'no-such-pack'" in refusal("no-such-pack")


def test_a_game_needs_at_least_one_pack() -> None:
    assert "at least one card pack" in refusal()


BROKEN_CARDS = [
    pytest.param(card("monster", "level = 3\nsmell = 4"), "unknown key(s) 'smell'", id="unknown-key"),
    pytest.param(card("monster", 'level = "three"'), "level must be an integer", id="bad-type-int"),
    pytest.param(card("monster", "level = 3\nundead = 1"), "undead must be true or false", id="bad-type-flag"),
    pytest.param(
        card("monster", 'level = 3\nbad_stuff = "death"\nname2 = 1'),
        "unknown key(s) 'name2'",
        id="unknown-key-after-valid",
    ),
    pytest.param(card("monster", "level = 31"), "level must be within 1..30, got 31", id="level-too-high"),
    pytest.param(card("monster", "level = 0"), "level must be within 1..30, got 0", id="level-too-low"),
    pytest.param(card("monster", "level = 3\ncount = 0"), "count must be within 1..20", id="count-zero"),
    pytest.param(card("item", "value = 250"), "multiple of 100", id="odd-gold-value"),
    pytest.param(card("item", "value = -100"), "value must be within 0..5000", id="negative-value"),
    pytest.param(card("dragon", "level = 3"), "kind must be one of", id="unknown-kind"),
    pytest.param(
        card("monster", 'level = 3\nbad_stuff = ["lose_shoes"]'), "unknown effect 'lose_shoes'", id="unknown-effect"
    ),
    pytest.param(
        card("monster", 'level = 3\nbad_stuff = ["lose_levels"]'), "needs a whole number", id="effect-missing-number"
    ),
    pytest.param(
        card("monster", 'level = 3\nbad_stuff = ["lose_item:nose"]'), "'lose_item' needs one of", id="effect-bad-slot"
    ),
    pytest.param(
        card("monster", 'level = 3\nbad_stuff = ["death:2"]'),
        "effect 'death' takes no argument",
        id="effect-extra-argument",
    ),
    pytest.param(
        card("monster", 'level = 3\nbonuses = [{ against = "goblin", amount = 2 }]'),
        "against must be one of",
        id="unknown-trait",
    ),
    pytest.param(
        card("monster", 'level = 3\nbonuses = [{ against = "elf", amount = 2, when = "always" }]'),
        "unknown key(s) 'when'",
        id="unknown-bonus-key",
    ),
    pytest.param(card("monster", ""), "missing required key 'level'", id="missing-level"),
    pytest.param(card("item", 'usable_by = ["ogre"]'), "usable_by: 'ogre' is not one of", id="bad-restriction"),
    pytest.param(card("item", 'slot = "hat"'), "slot must be one of", id="unknown-slot"),
    pytest.param(card("item", 'slot = "armor"\nhands = 2'), "goes with slot 'hands'", id="hands-on-armor"),
    pytest.param(card("curse", 'duration = "forever"'), "duration must be one of", id="unknown-duration"),
    pytest.param(card("race", 'race = "troll"'), "race must be one of", id="unknown-race"),
    pytest.param(
        card("class", 'class = "thief"\nabilities = ["teleport"]'), "'teleport' is not one of", id="unknown-ability"
    ),
    pytest.param(card("class", ""), "missing required key 'class'", id="class-without-class"),
    pytest.param(
        card("monster", 'level = 3\nart = "angry-goose"'),
        "art 'angry-goose' is not a picture of the set (assets/art/icons) nor an image file",
        id="unknown-art-name",
    ),
    pytest.param(card("monster", "level = 3\nart = 7"), "art must be a string, got 7", id="art-not-text"),
    # R16, R17: a monster's conditions for the whole combat; an enhancer that makes its monster Undead
    pytest.param(
        card("monster", 'level = 3\nconditions = ["no_hats"]'),
        "conditions: 'no_hats' is not one of level_only, no_help, no_items",
        id="R16-unknown-condition",
    ),
    pytest.param(
        card("monster", 'level = 3\nconditions = ["no_help", "no_help"]'),
        "conditions: 'no_help' is named twice",
        id="R16-condition-twice",
    ),
    pytest.param(
        card("monster", "level = 3\nconditions = 3"),
        "conditions must be a list of strings, got 3",
        id="R16-conditions-not-words",
    ),
    pytest.param(
        card("curse", 'conditions = ["no_help"]'), "unknown key(s) 'conditions'", id="R16-conditions-only-on-monsters"
    ),
    pytest.param(card("enhancer", 'level = 2\nundead = "yes"'), "undead must be true or false", id="R17-undead-flag"),
    pytest.param(card("one_shot", "undead = true"), "unknown key(s) 'undead'", id="R17-undead-only-monsters-enhancers"),
]


@pytest.mark.parametrize(("cards", "fault"), BROKEN_CARDS)
def test_broken_card_names_file_card_and_fault(tmp_path: Path, cards: str, fault: str) -> None:
    path = write_pack(tmp_path, GOOSE, cards)

    message = refusal(path)

    assert message.startswith(f"{path}, card 'bad-card'"), message
    assert fault in message


def test_bad_card_id_is_refused(tmp_path: Path) -> None:
    path = write_pack(tmp_path, card("monster", "level = 3", "bad card!"))
    message = refusal(path)
    assert str(path) in message and "'bad card!'" in message and "id must be letters" in message


def test_card_without_id_is_named_by_position(tmp_path: Path) -> None:
    path = write_pack(tmp_path, GOOSE, '\n[[cards]]\nkind = "monster"\nname = "Anon"\nlevel = 2\n')
    message = refusal(path)
    assert f"{path}, card '#2'" in message and "missing required key 'id'" in message


def test_duplicate_id_in_one_pack_is_refused(tmp_path: Path) -> None:
    path = write_pack(tmp_path, GOOSE, GOOSE)
    message = refusal(path)
    assert message == f"{path}, card 'angry-goose': duplicate card id"


def test_duplicate_id_across_two_packs_names_both_files(tmp_path: Path) -> None:
    first = write_pack(tmp_path, GOOSE, name="first")
    second = write_pack(tmp_path, GOOSE, name="second")
    message = refusal(first, second)
    assert message == f"{second}, card 'angry-goose': already defined by {first}"


def test_user_card_reusing_a_core_id_is_refused(tmp_path: Path) -> None:
    path = write_pack(tmp_path, card("monster", "level = 2", "sock-golem"))
    assert refusal("core", path) == f"{path}, card 'sock-golem': already defined by core.toml"


def test_pack_for_another_game_is_refused(tmp_path: Path) -> None:
    path = write_pack(tmp_path, GOOSE, game="wonderland")
    assert refusal(path) == f"{path}: a 'wonderland' pack cannot be used in a 'munchkin' game"


def test_invalid_toml_is_refused_with_its_path(tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text('[pack]\nid = "broken\n', "utf-8")
    message = refusal(path)
    assert message.startswith(f"{path}: not valid TOML:")


def test_empty_pack_is_refused(tmp_path: Path) -> None:
    path = write_pack(tmp_path)
    assert refusal(path) == f"{path}: a pack needs at least one [[cards]] entry"


def test_pack_header_is_checked(tmp_path: Path) -> None:
    no_header = tmp_path / "headless.toml"
    no_header.write_text(GOOSE, "utf-8")
    assert "[pack]: expected a table" in refusal(no_header)

    extra = write_pack(tmp_path, GOOSE, "\n[decks]\nsize = 3\n", name="extra")
    assert refusal(extra) == f"{extra}: unknown top-level table(s) decks"

    path = tmp_path / "loose.toml"
    path.write_text(HEADER.format(pack_id="loose", game="munchkin") + 'author = "me"\n' + GOOSE, "utf-8")
    assert refusal(path) == f"{path}, [pack]: unknown key(s) 'author'"


def doc_examples() -> list[str]:
    guide = Path(__file__).resolve().parents[2] / "docs" / "card-packs.md"
    return re.findall(r"```toml\n(.*?)```", guide.read_text("utf-8"), re.S)


def test_every_example_in_the_card_pack_guide_loads(tmp_path: Path) -> None:
    examples = doc_examples()
    whole = [e for e in examples if e.startswith("[pack]")]
    snippets = [e for e in examples if e.startswith("[[cards]]")]
    assert len(whole) == 1 and len(whole) + len(snippets) == len(examples)
    (tmp_path / "whole.toml").write_text(whole[0], "utf-8")
    snippet_pack = write_pack(tmp_path, *("\n" + s for s in snippets), name="snippets")

    packs = load_munchkin_packs(("core", str(tmp_path / "whole.toml"), str(snippet_pack)))

    kinds = {c.kind for c in packs[2].cards}
    assert kinds == set(KINDS)


def test_a_cards_own_picture_file_is_found_beside_its_pack(tmp_path: Path) -> None:
    (tmp_path / "pics").mkdir()
    (tmp_path / "pics" / "goose.png").write_bytes(b"not checked here: the client draws it")
    path = write_pack(tmp_path, GOOSE.replace('name = "Angry Goose"', 'name = "Angry Goose"\nart = "pics/goose.png"'))

    goose = load_munchkin_packs((str(path),))[0].cards[0]

    assert goose.art == str(tmp_path / "pics" / "goose.png")


def test_a_missing_picture_file_is_refused_with_where_it_was_looked_for(tmp_path: Path) -> None:
    path = write_pack(tmp_path, card("monster", 'level = 3\nart = "pics/gone.png"'))

    message = refusal(path)

    assert message == (
        f"{path}, card 'bad-card': art file 'pics/gone.png' not found (looked for {tmp_path / 'pics' / 'gone.png'})"
    )


def test_a_card_naming_a_picture_of_the_set_keeps_the_name_and_one_naming_none_has_none(tmp_path: Path) -> None:
    path = write_pack(tmp_path, GOOSE, card("monster", 'level = 3\nart = "flamingo"', "pink-goose"))

    plain, pink = load_munchkin_packs((str(path),))[0].cards

    assert (plain.art, pink.art) == ("", "flamingo")


def test_a_wonderland_card_names_its_picture_the_same_way(tmp_path: Path) -> None:
    from doorkick.shared.rules.cards import parse_pack
    from doorkick.shared.rules.wonderland.cards import parse_card

    head = HEADER.format(pack_id="wl", game="wonderland")
    good = head + '[[cards]]\nid = "cat"\nkind = "friend"\nname = "Cat"\nbonus = 1\nart = "cat"\n'
    assert parse_pack(good, "wl.toml", "wonderland", parse_card, tmp_path).cards[0].art == "cat"
    with pytest.raises(PackError) as caught:
        parse_pack(good.replace('art = "cat"', 'art = "kitten"'), "wl.toml", "wonderland", parse_card, tmp_path)
    assert str(caught.value).startswith("wl.toml, card 'cat': art 'kitten' is not a picture of the set")
