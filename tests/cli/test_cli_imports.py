"""The command-line modules import one way (issue 18): no cycle among them, and none
takes a private name (``_x``) from another; the shared pieces live in ``cli/root.py`` and
``cli/common.py``."""

from __future__ import annotations

import ast
from pathlib import Path

import regalia.cli

CLI = Path(regalia.cli.__file__).resolve().parent


def cli_imports() -> dict[str, list[tuple[str, str]]]:
    """Module name -> ``(imported cli module, imported name)`` for each import of a cli
    module by another (``name`` empty for ``import regalia.cli.x`` / ``from . import x``)."""
    modules = {p.stem for p in CLI.glob("*.py")}
    found: dict[str, list[tuple[str, str]]] = {m: [] for m in modules}
    for path in CLI.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level == 0 and not base.startswith("regalia.cli"):
                    continue
                if node.level == 0:
                    base = base.removeprefix("regalia.cli").lstrip(".")
                for alias in node.names:
                    if base:
                        found[path.stem].append((base.split(".")[0], alias.name))
                    elif alias.name in modules:
                        found[path.stem].append((alias.name, ""))
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.startswith("regalia.cli."):
                        found[path.stem].append((alias.name.split(".")[2], ""))
    return found


def test_the_walk_sees_the_known_imports():
    imports = cli_imports()
    assert ("root", "app") in imports["tournament"]
    assert ("tournament", "") in imports["app"]
    assert ("frontends", "GameUI") in imports["kingdomino"]


def test_no_cli_module_takes_a_private_name_from_another():
    private = [(m, src, name) for m, edges in cli_imports().items() for src, name in edges
               if name.startswith("_") and not name.startswith("__")]
    assert private == []


def test_cli_imports_have_no_cycle():
    graph = {m: {src for src, _ in edges if src != m and src != "__init__"}
             for m, edges in cli_imports().items() if m != "__init__"}
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> None:
        assert module not in path, "import cycle: " + " -> ".join(path + [module])
        if module in done:
            return
        for nxt in sorted(graph.get(module, ())):
            visit(nxt, path + [module])
        done.add(module)

    for module in sorted(graph):
        visit(module, [])
