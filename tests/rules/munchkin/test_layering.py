"""The Munchkin engine's modules depend on each other one way (docs/munchkin-engine.md, "Layers"): every import
at the top of its module, none inside a function to dodge a cycle, and the imports between the modules form no
cycle, the package's own `__init__` included."""

from __future__ import annotations

import ast
from pathlib import Path

import doorkick.shared.rules.munchkin as munchkin

PACKAGE = Path(munchkin.__file__).parent
INIT = "__init__"


def _imports(tree: ast.Module) -> tuple[set[str], list[int]]:
    """The sibling modules a module imports (`from . import x` counts as the package and x), and the lines of
    any import not at the module's top level."""
    siblings: set[str] = set()
    nested: list[int] = []
    top = set(map(id, tree.body))
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom) or node.level != 1:
            continue
        if id(node) not in top:
            nested.append(node.lineno)
        if node.module is None:
            siblings.add(INIT)
            siblings.update(alias.name for alias in node.names)
        else:
            siblings.add(node.module.split(".")[0])
    return siblings, nested


def _graph() -> dict[str, set[str]]:
    graph = {}
    for path in sorted(PACKAGE.glob("*.py")):
        siblings, nested = _imports(ast.parse(path.read_text(encoding="utf-8")))
        assert not nested, f"{path.name} imports inside a function at line(s) {nested}: a cycle dodged"
        graph[path.stem] = siblings
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> list[str] | None:
        if module in path:
            return [*path[path.index(module) :], module]
        if module in done:
            return None
        for used in sorted(graph.get(module, ())):
            found = visit(used, [*path, module])
            if found:
                return found
        done.add(module)
        return None

    for module in graph:
        found = visit(module, [])
        if found:
            return found
    return None


def test_munchkin_modules_import_each_other_one_way() -> None:
    graph = _graph()
    assert len(graph) > 20
    cycle = _cycle(graph)
    assert cycle is None, " -> ".join(cycle or ())


def test_combat_knows_nothing_of_the_turn_or_of_running_away() -> None:
    """The combat's arithmetic and its end sit below the turn (`flow`), the flight and the reaction window."""
    graph = _graph()
    assert not graph["combat"] & {"flow", "flight", "window", "fight", "fight_cards", "table", "any_time", "engine"}
    assert INIT not in graph["engine"]
