"""Regenerate the card pictures under assets/art/ from the game-icons.net set as npm publishes it.

    npm pack @iconify-json/game-icons && tar xzf iconify-json-game-icons-*.tgz    # into /tmp, never the repo
    python assets/art/regenerate.py /tmp/package [--authors-from GAME_ICONS_CHECKOUT]

It brings in only the pictures DoorKick uses: every `art = "name"` of the shipped packs (assets/cards/*.toml)
and boards' Rooms (assets/boards/*.toml), and every picture named in assets/art/kinds.toml. Each becomes
assets/art/icons/<name>.svg, drawn in white on nothing, so the client can tint it per card kind; pictures no
longer used are removed.

CC BY 3.0 asks us to name each picture's author. The npm package does not say who drew which picture, but the
game-icons.net source tree keeps each author's pictures in a folder of their own (lorc/, delapouite/, ...).
`--authors-from` reads a checkout of that tree and records each picture's author in assets/art/pictures.toml;
without it, the authors already recorded there are kept, and a picture without one is an error.
Standard library only.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tomllib
from pathlib import Path

ART = Path(__file__).resolve().parent
ASSETS = ART.parent
SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}">{body}</svg>\n'
# Folder names in the game-icons.net tree that are not the author's name as the author writes it.
AUTHOR_NAMES = {
    "darkzaitzev": "DarkZaitzev",
    "generalace135": "GeneralAce135",
    "heavenly-dog": "HeavenlyDog",
    "lucasms": "Lucas",
    "priorblue": "PriorBlue",
    "seregacthtuf": "SeregaCthtuf",
    "spencerdub": "SpencerDub",
}
NOT_AUTHORS = {"badges"}  # a folder of variants, not a person


def used_pictures() -> set[str]:
    """Every picture a shipped pack, board or assets/art/kinds.toml names (a pack's own image file is not ours)."""
    names: set[str] = set()
    for pack in sorted((ASSETS / "cards").glob("*.toml")):
        for card in tomllib.loads(pack.read_text("utf-8")).get("cards", []):
            art = card.get("art", "")
            if art and not is_file_name(art):
                names.add(art)
    for board in sorted((ASSETS / "boards").glob("*.toml")):
        for room in tomllib.loads(board.read_text("utf-8")).get("rooms", []):
            art = room.get("art", "")
            if art and not is_file_name(art):
                names.add(art)
    kinds = tomllib.loads((ART / "kinds.toml").read_text("utf-8"))
    for table in kinds.get("fallback", {}).values():
        names.update(table.values())
    names.update(kinds.get("spaces", {}).values())
    return names


def is_file_name(art: str) -> bool:
    return "/" in art or "\\" in art or "." in art


def numbers(path_data: str, count: int = 12) -> list[str]:
    """The first numbers of an SVG path, for telling two versions of one picture from others of that name."""
    return [n.lstrip("0") or "0" for n in re.findall(r"\d+(?:\.\d+)?", path_data)[:count]]


def authors_from(tree: Path, icons: dict[str, dict[str, str]], wanted: set[str]) -> dict[str, str]:
    """Who drew each wanted picture, from the author folders of a game-icons.net checkout."""
    found: dict[str, str] = {}
    for name in sorted(wanted):
        body = numbers(icons[name]["body"])
        candidates = [p for p in sorted(tree.glob(f"*/{name}.svg")) if p.parent.name not in NOT_AUTHORS]
        for path in candidates:
            drawn = re.findall(r'd="([^"]+)"', path.read_text("utf-8"))
            if len(candidates) == 1 or any(numbers(d) == body for d in drawn):
                folder = path.parent.name
                found[name] = AUTHOR_NAMES.get(folder, folder.replace("-", " ").title())
                break
    return found


def recorded_authors() -> dict[str, str]:
    path = ART / "pictures.toml"
    if not path.is_file():
        return {}
    return dict(tomllib.loads(path.read_text("utf-8")).get("authors", {}))


def write_pictures_toml(version: str, authors: dict[str, str]) -> None:
    lines = [
        "# Written by assets/art/regenerate.py: who drew each card picture. Do not edit by hand.",
        "# The pictures are from game-icons.net, under the Creative Commons Attribution 3.0 licence; DoorKick",
        "# recolours them and frames them per card kind. See assets/CREDITS.md.",
        "",
        "[source]",
        'name = "game-icons.net"',
        'url = "https://game-icons.net"',
        'package = "@iconify-json/game-icons"',
        f'version = "{version}"',
        'licence = "CC BY 3.0"',
        'licence_url = "https://creativecommons.org/licenses/by/3.0/"',
        'changes = "recoloured, and framed per card kind"',
        "",
        "[authors]",
        *(f'{name} = "{author}"' for name, author in sorted(authors.items())),
    ]
    (ART / "pictures.toml").write_text("\n".join(lines) + "\n", "utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("package", type=Path, help="the unpacked @iconify-json/game-icons (holds icons.json)")
    parser.add_argument("--authors-from", type=Path, help="a checkout of the game-icons.net source tree")
    args = parser.parse_args()
    data = json.loads((args.package / "icons.json").read_text("utf-8"))
    version = json.loads((args.package / "package.json").read_text("utf-8")).get("version", "?")
    icons: dict[str, dict[str, str]] = data["icons"]
    wanted = used_pictures()
    unknown = sorted(wanted - set(icons))
    if unknown:
        print(f"not in the package: {', '.join(unknown)}", file=sys.stderr)
        return 1
    authors = {n: a for n, a in recorded_authors().items() if n in wanted}
    if args.authors_from:
        authors.update(authors_from(args.authors_from, icons, wanted))
    nameless = sorted(wanted - set(authors))
    if nameless:
        print(f"no author known for: {', '.join(nameless)} (give --authors-from)", file=sys.stderr)
        return 1
    folder = ART / "icons"
    folder.mkdir(exist_ok=True)
    for old in folder.glob("*.svg"):
        if old.stem not in wanted:
            old.unlink()
    width, height = data.get("width", 512), data.get("height", 512)
    for name in sorted(wanted):
        body = icons[name]["body"].replace("currentColor", "#fff")
        (folder / f"{name}.svg").write_text(SVG.format(w=width, h=height, body=body), "utf-8")
    write_pictures_toml(version, authors)
    print(f"{len(wanted)} pictures written to {folder}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
