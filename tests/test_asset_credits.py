"""Every bundled asset made by others has its licence and its attribution; the picture set is exactly what is used."""

from __future__ import annotations

import importlib.util
import tomllib
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
ASSETS = ROOT / "assets"
OURS = {".toml", ".py", ".md"}  # data and code written for DoorKick


def regenerate_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("regenerate", ASSETS / "art" / "regenerate.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def read_toml(path: Path) -> dict[str, Any]:
    return tomllib.loads(path.read_text("utf-8"))


def test_every_bundled_file_is_ours_or_a_credited_picture_font_or_licence() -> None:
    credited = {ASSETS / "art" / "icons" / f"{n}.svg" for n in read_toml(ASSETS / "art" / "pictures.toml")["authors"]}
    fonts = read_toml(ASSETS / "fonts" / "fonts.toml")["fonts"]
    credited |= {ASSETS / "fonts" / f["file"] for f in fonts} | {ASSETS / "fonts" / f["licence_file"] for f in fonts}
    others = [p for p in ASSETS.rglob("*") if p.is_file() and p.suffix not in OURS and "__pycache__" not in p.parts]
    uncredited = sorted(str(p.relative_to(ASSETS)) for p in others if p not in credited)
    assert others and not uncredited, f"bundled without a credit: {uncredited}"


def test_every_picture_has_an_author_and_the_licence_is_named() -> None:
    pictures = read_toml(ASSETS / "art" / "pictures.toml")
    shipped = {p.stem for p in (ASSETS / "art" / "icons").glob("*.svg")}
    authors = pictures["authors"]
    assert shipped and set(authors) == shipped
    assert all(isinstance(a, str) and a.strip() for a in authors.values())
    assert pictures["source"]["licence"] == "CC BY 3.0"
    assert pictures["source"]["licence_url"] == "https://creativecommons.org/licenses/by/3.0/"


def test_every_author_is_thanked_in_the_credits_and_the_readme() -> None:
    authors = set(read_toml(ASSETS / "art" / "pictures.toml")["authors"].values())
    for doc in (ASSETS / "CREDITS.md", ROOT / "README.md"):
        text = doc.read_text("utf-8")
        missing = sorted(a for a in authors if a not in text)
        assert "game-icons.net" in text and "CC BY 3.0" in text and not missing, f"{doc.name} lacks {missing}"


def test_every_font_has_its_licence_and_author() -> None:
    fonts = read_toml(ASSETS / "fonts" / "fonts.toml")["fonts"]
    shipped = {p.name for p in (ASSETS / "fonts").iterdir() if p.suffix in (".otf", ".ttf")}
    assert shipped and {f["file"] for f in fonts} == shipped
    credits = (ASSETS / "CREDITS.md").read_text("utf-8")
    for font in fonts:
        licence = (ASSETS / "fonts" / font["licence_file"]).read_text("utf-8")
        assert font["licence"] == "SIL Open Font License 1.1" and "SIL OPEN FONT LICENSE Version 1.1" in licence
        assert font["author"] and font["family"] in credits and font["file"] in credits


def test_the_shipped_pictures_are_exactly_the_ones_the_packs_and_kinds_use() -> None:
    used = regenerate_script().used_pictures()
    shipped = {p.stem for p in (ASSETS / "art" / "icons").glob("*.svg")}
    assert used == shipped


def test_the_pictures_are_white_on_clear_from_one_square_set() -> None:
    for path in sorted((ASSETS / "art" / "icons").glob("*.svg")):
        text = path.read_text("utf-8")
        assert text.startswith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">'), path.name
        assert "currentColor" not in text and 'fill="#fff"' in text, path.name


def test_the_package_data_ships_fonts_pictures_and_credits() -> None:
    data = read_toml(ROOT / "pyproject.toml")["tool"]["setuptools"]["package-data"]["doorkick.assets"]
    for wanted in ("*.md", "fonts/*.otf", "fonts/*.txt", "fonts/*.toml", "art/*.toml", "art/icons/*.svg"):
        assert wanted in data


def test_the_regenerate_script_tells_authors_apart_by_the_drawing(tmp_path: Path) -> None:
    script = regenerate_script()
    for folder, name, path_data in (
        ("lorc", "fist", "M10.5 20l3 4z"),
        ("skoll", "fist", "M329.8 235.69l62.83-82.71z"),
        ("badges", "crown", "M1 1z"),
        ("lorc", "crown", "M408.256 119.46l-37.7 52.165z"),
        ("darkzaitzev", "bat", "M5 5z"),
    ):
        (tmp_path / folder).mkdir(exist_ok=True)
        svg = f'<svg><path d="M0 0h512v512H0z"/><path fill="#fff" d="{path_data}"/></svg>'
        (tmp_path / folder / f"{name}.svg").write_text(svg, "utf-8")
    icons = {
        "fist": {"body": '<path fill="currentColor" d="m329.8 235.69l62.83-82.71z"/>'},
        "crown": {"body": '<path fill="currentColor" d="m408.256 119.46l-37.7 52.165z"/>'},
        "bat": {"body": '<path fill="currentColor" d="M5 5z"/>'},
    }

    authors = script.authors_from(tmp_path, icons, {"fist", "crown", "bat"})

    assert authors == {"fist": "Skoll", "crown": "Lorc", "bat": "DarkZaitzev"}
