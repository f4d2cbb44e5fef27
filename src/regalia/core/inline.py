"""The :meth:`~regalia.core.state.State.apply_action` template with a game's transition
inlined: one Python frame per action instead of two.

Playouts apply millions of actions, and in CPython the call from the core's template to
the game's ``_apply_action`` costs a few percent of a whole ply (issue 18: 1-3% per
game, measured by ``benchmarks/bench_instructions.py``). :func:`inlined_apply_action`
builds, once per state class, an ``apply_action`` whose body is the template's checks
followed by the statements of the class's ``_apply_action``, each ``return`` of the
transition and its end appending the action to the history, exactly as the template
does after the call. The new function is compiled from the transition's own source with
its file name and line numbers, so a traceback, a debugger or a coverage report points
at the game's ``_apply_action`` lines.

It is an optimisation, never a change of behaviour: where the transition cannot be
inlined to the letter (no source, source that does not compile to the running code, a
``return`` with a value, ``super()``, a rebinding of ``self`` or of the action, a
closure, a generator...) the caller falls back to the plain template, which calls
``_apply_action``.
"""

from __future__ import annotations

import ast
import inspect
from typing import Any, Callable

#: The template's checks, as in :meth:`regalia.core.state.State.apply_action` (``{s}`` the
#: state, ``{a}`` the action, ``{end}`` the class's end phase).
_PROLOGUE = """\
if (type({a}) is not int or {a} < 0 or {a} >= {s}._game.action_bound
        or {s}.phase == {end!r}):
    raise {s}._refusal({a})
"""
#: What the template does once the transition has returned.
_EPILOGUE = "{s}.hist.append({a})\n"

#: Names the generated checks read from the game module's globals (builtins unless the
#: module rebinds them, in which case nothing is inlined).
_BUILTINS_USED = ("type", "int")


def inlined_apply_action(cls: type, end: int) -> Callable[..., None] | None:
    """``apply_action`` for ``cls`` (a :class:`~regalia.core.state.PhasedState` whose
    finished games have phase ``end``) with ``cls._apply_action`` inlined, or None when it
    cannot be inlined to the letter (the caller then uses the template that calls it)."""
    fn = getattr(cls, "_apply_action", None)
    if not inspect.isfunction(fn):
        return None
    code = fn.__code__
    if (code.co_freevars or code.co_argcount != 2
            or code.co_posonlyargcount or code.co_kwonlyargcount or fn.__defaults__
            or code.co_flags & (inspect.CO_VARARGS | inspect.CO_VARKEYWORDS
                                | inspect.CO_GENERATOR | inspect.CO_COROUTINE
                                | inspect.CO_ASYNC_GENERATOR)):
        return None
    glob = fn.__globals__
    if any(name in glob for name in _BUILTINS_USED):
        return None
    try:
        lines, first = inspect.getsourcelines(fn)
        filename = inspect.getsourcefile(fn) or code.co_filename
        # parsed as it stands, indented inside an ``if``: dedenting would change the text
        # of a multi-line string literal
        tree = ast.parse("if 1:\n" + "".join(lines))
    except (OSError, TypeError, SyntaxError):
        return None
    block = tree.body[0]
    if (not isinstance(block, ast.If) or len(block.body) != 1
            or not isinstance(block.body[0], ast.FunctionDef)):
        return None
    fdef = block.body[0]
    if fdef.decorator_list:
        return None
    ast.increment_lineno(tree, first - 2)
    if not _same_code(fdef, filename, glob, code):
        return None  # the file on disk is not the code that runs
    s, a = code.co_varnames[:2]
    body = _strip_docstring(fdef.body)
    if not body or not _inlinable(body, s, a):
        return None
    new_body = _returns_append(body, s, a)
    prologue = ast.parse(_PROLOGUE.format(s=s, a=a, end=end)).body
    epilogue = ast.parse(_EPILOGUE.format(s=s, a=a)).body
    for node in prologue:
        _relocate(node, fdef)
    last = fdef.body[-1]
    for node in epilogue:
        _relocate(node, last, end_of=True)
    fdef.name = "apply_action"
    fdef.body = prologue + new_body + ([] if _ends_in_exit(new_body) else epilogue)
    fdef.returns = None
    for arg in fdef.args.args:
        arg.annotation = None
    module = ast.Module(body=[fdef], type_ignores=[])
    namespace: dict[str, Any] = {}
    exec(compile(module, filename, "exec", dont_inherit=True), glob, namespace)
    out: Callable[..., None] = namespace["apply_action"]
    return out


def _same_code(fdef: ast.FunctionDef, filename: str, glob: dict[str, Any], code: Any) -> bool:
    """Whether ``fdef`` compiles to the bytecode of ``code`` (the running transition)."""
    probe = ast.Module(body=[fdef], type_ignores=[])
    namespace: dict[str, Any] = {}
    try:
        compiled = compile(probe, filename, "exec", dont_inherit=True,
                           flags=_future_flags(glob))
        # in a copy of the module's names: a module that does not postpone annotations
        # evaluates them at the definition
        exec(compiled, dict(glob), namespace)
    except Exception:
        return False
    got = namespace[fdef.name].__code__
    return bool(got.co_code == code.co_code and got.co_names == code.co_names
                and got.co_consts == code.co_consts and got.co_varnames == code.co_varnames)


def _future_flags(glob: dict[str, Any]) -> int:
    """The ``from __future__`` flags of the module owning ``glob`` (annotations)."""
    feature = glob.get("annotations")
    return int(getattr(feature, "compiler_flag", 0)) if feature is not None else 0


def _strip_docstring(body: list[ast.stmt]) -> list[ast.stmt]:
    if (body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
            and isinstance(body[0].value.value, str)):
        return body[1:]
    return body


class _Scope(ast.NodeVisitor):
    """Finds what forbids inlining in the transition's own scope (nested functions,
    lambdas and classes are not entered: their returns and names are their own)."""

    def __init__(self, s: str, a: str) -> None:
        self.names = (s, a)
        self.ok = True

    def generic_visit(self, node: ast.AST) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda,
                             ast.ClassDef)):
            self.ok = False  # a closure over the transition's locals changes the frame
            return
        if isinstance(node, ast.Return) and node.value is not None:
            self.ok = False  # the template ignores the value; keep that visible
        elif isinstance(node, (ast.Global, ast.Nonlocal, ast.Yield, ast.YieldFrom,
                               ast.Await)):
            self.ok = False
        elif isinstance(node, ast.Name) and (
                node.id in ("super", "__class__", "locals", "vars", "exec", "eval")
                or (node.id in self.names and not isinstance(node.ctx, ast.Load))):
            self.ok = False
        elif isinstance(node, ast.ExceptHandler) and node.name in self.names:
            self.ok = False
        elif isinstance(node, ast.alias) and (node.asname or node.name) in self.names:
            self.ok = False
        elif isinstance(node, (ast.MatchAs, ast.MatchStar)) and node.name in self.names:
            self.ok = False
        elif isinstance(node, ast.MatchMapping) and node.rest in self.names:
            self.ok = False
        elif isinstance(node, (ast.Try, ast.With)) and _has_return(node):
            self.ok = False  # a return inside try/with runs its finally/exit after it
        super().generic_visit(node)


def _has_return(node: ast.AST) -> bool:
    return any(isinstance(n, ast.Return) for n in ast.walk(node))


def _inlinable(body: list[ast.stmt], s: str, a: str) -> bool:
    scope = _Scope(s, a)
    for stmt in body:
        scope.visit(stmt)
    return scope.ok


def _returns_append(body: list[ast.stmt], s: str, a: str) -> list[ast.stmt]:
    """``body`` with each ``return`` preceded by the history's append."""

    class Rewrite(ast.NodeTransformer):
        def visit_Return(self, node: ast.Return) -> list[ast.stmt]:
            append = ast.parse(_EPILOGUE.format(s=s, a=a)).body[0]
            _relocate(append, node)
            return [append, node]

    out = []
    for stmt in body:
        new = Rewrite().visit(stmt)
        out.extend(new if isinstance(new, list) else [new])
    return out


def _ends_in_exit(body: list[ast.stmt]) -> bool:
    """Whether the last statement of ``body`` leaves the function (return or raise), so
    that an epilogue after it could never run."""
    return bool(body) and isinstance(body[-1], (ast.Return, ast.Raise))


def _relocate(node: ast.AST, where: ast.AST, end_of: bool = False) -> None:
    """Give ``node`` and its children the line of ``where`` (its last line with
    ``end_of``), so tracebacks and coverage name a line of the transition."""
    line = getattr(where, "end_lineno" if end_of else "lineno", 1) or 1
    for n in ast.walk(node):
        if "lineno" in n._attributes:
            n.lineno = n.end_lineno = line  # type: ignore[attr-defined]
            n.col_offset = n.end_col_offset = 0  # type: ignore[attr-defined]
