"""The Two Heirs package's layout (issue 18): its modules import one another without a
cycle, and no import hides inside a function to dodge one; the terminal front end imports no
state module of the game.
"""

from __future__ import annotations

import ast
from pathlib import Path

import regalia.cli
import regalia.games.two_heirs as pkg

PACKAGE = Path(pkg.__file__).parent
NAME = "regalia.games.two_heirs"


def _runtime_imports(tree: ast.Module) -> set[str]:
    """This package's modules a module imports when it runs (``if TYPE_CHECKING`` blocks
    left out), as module names relative to the package."""
    out: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            continue
        for sub in ast.walk(node):
            if isinstance(sub, ast.ImportFrom):
                if sub.level == 1 and sub.module:
                    out.add(sub.module.split(".")[0])
                elif sub.level == 1:
                    out.update(a.name for a in sub.names)
                elif sub.module and sub.module.startswith(NAME + "."):
                    out.add(sub.module[len(NAME) + 1:].split(".")[0])
    return out


def _modules() -> dict[str, ast.Module]:
    return {p.stem: ast.parse(p.read_text(encoding="utf-8"))
            for p in sorted(PACKAGE.glob("*.py")) if p.stem != "__init__"}


def test_the_package_modules_import_one_another_without_a_cycle():
    modules = _modules()
    graph = {name: _runtime_imports(tree) & set(modules) for name, tree in modules.items()}
    assert graph["state"] >= {"geometry", "notation", "information", "serialize", "positions"}
    done: set[str] = set()

    def visit(name: str, path: tuple[str, ...]) -> None:
        assert name not in path, f"import cycle: {' -> '.join(path + (name,))}"
        if name in done:
            return
        for dep in graph[name]:
            visit(dep, path + (name,))
        done.add(name)

    for name in graph:
        visit(name, ())


def test_no_module_imports_inside_a_function():
    for name, tree in _modules().items():
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                inner = [n for n in ast.walk(node) if isinstance(n, (ast.Import, ast.ImportFrom))]
                assert not inner, f"{name}.{node.name} imports inside the function"


def test_geometry_is_not_in_the_state_module():
    state = _modules()["state"]
    defined = {n.name for n in state.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    assigned = {t.id for n in state.body if isinstance(n, ast.Assign) for t in n.targets
                if isinstance(t, ast.Name)}
    assert not {"cell_of", "xy_of", "fmt_cell"} & defined
    assert not {"DELTA", "DIRS", "XY", "ORTH"} & assigned


#: What the terminal front end may call on a state: the core contract and the game's public
#: queries (no field, no private method).
PUBLIC_STATE_API = {"game", "observation", "action_to_string", "decode", "legal_actions",
                    "current_player", "is_chance_node", "phase_name", "actions_this_turn",
                    "resources", "breakdowns", "winners", "troops_in_reserve"}


def test_the_terminal_front_end_imports_no_state_module_and_reads_no_state_field():
    path = Path(regalia.cli.__file__).parent / "two_heirs.py"
    tree = ast.parse(path.read_text(encoding="utf-8"))
    modules = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert not any(m and m.split(".")[-1] == "state" for m in modules), modules
    read = {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)
            and isinstance(n.value, ast.Name) and n.value.id in ("state", "s")}
    assert read <= PUBLIC_STATE_API, read - PUBLIC_STATE_API
