"""A scan of the front ends' source for player-facing English that bypasses the catalogues.

A literal is *prose* when, once markup tags, ``{placeholders}`` and ``${...}`` are taken out,
it still holds two words in a row (``Your turn``, ``waiting for them``). Prose must be a
message: the argument of ``_``/``N_``/``ngettext``/``pgettext``/``npgettext`` (Python, Jinja)
or ``t``/``tn``/``tp`` (ES modules), or inside ``{% trans %}``. Docstrings and comments are
not read. A literal that is prose but no player reads (a log line, a CSS selector, an
example in a developer error) is kept by writing ``i18n: no`` in a comment on its line
(``# i18n: no`` in Python, ``// i18n: no`` in JS, ``<!-- i18n: no -->`` in HTML).
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "regalia"

PROSE = re.compile(r"[A-Za-z][a-z]+[ \u00a0]+[a-z]{2,}")
TAG = re.compile(r"<[^<>]*>")
FIELD = re.compile(r"\{[^{}]*\}")
MARK = "i18n: no"
PY_CALLS = {"_", "N_", "gettext", "ngettext", "pgettext", "npgettext"}


@dataclass(frozen=True)
class Literal:
    path: str
    line: int
    text: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.text[:90]!r}"


def is_prose(text: str) -> bool:
    """Whether ``text`` reads as words for a person (see the module's docstring)."""
    bare = FIELD.sub(" ", TAG.sub(" ", text.replace("${", "{")))
    bare = re.sub(r"&[a-z]+;|&#\d+;", " ", bare)
    if re.fullmatch(r"\s*[.#\[][^ ]*( [.#\[>:\w-][^ ]*)*\s*", bare):  # a CSS selector
        return False
    return bool(PROSE.search(bare))


def _docstring_nodes(tree: ast.AST) -> set[int]:
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def _call_name(node: ast.Call) -> str | None:
    func = node.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def scan_python(path: Path) -> list[Literal]:
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    tree = ast.parse(source)
    skip = _docstring_nodes(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _call_name(node) in PY_CALLS:
            for arg in node.args:
                for sub in ast.walk(arg):
                    skip.add(id(sub))
        # logging, and developers' assertions, are not read by players
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                node.func.attr in {"debug", "info", "warning", "exception", "critical"}:
            for sub in ast.walk(node):
                skip.add(id(sub))
        if isinstance(node, ast.Assert):
            for sub in ast.walk(node):
                skip.add(id(sub))
    found: list[Literal] = []
    rel = path.relative_to(PACKAGE).as_posix()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.JoinedStr):
            text = "".join(v.value if isinstance(v, ast.Constant) else "{}"
                           for v in node.values)
            for sub in ast.walk(node):
                skip.add(id(sub))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value
        else:
            continue
        if not is_prose(text):
            continue
        first, last = node.lineno, getattr(node, "end_lineno", node.lineno) or node.lineno
        if any(MARK in lines[i - 1] for i in range(first, last + 1)):
            continue
        found.append(Literal(rel, first, text))
    return found


_JS_COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)
_JS_STRING = re.compile(r"""(["'`])((?:\\.|(?!\1)[^\\])*)\1""", re.S)
_JS_CALL = re.compile(r"""\b(?:t|tn|tp)\(\s*""")


def scan_js(path: Path) -> list[Literal]:
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    found: list[Literal] = []
    rel = path.relative_to(PACKAGE).as_posix()
    pos = 0
    while True:
        s = _JS_STRING.search(source, pos)
        c = _JS_COMMENT.search(source, pos)
        if c and (not s or c.start() < s.start()):
            pos = c.end()
            continue
        if not s:
            break
        pos = s.end()
        text = s.group(2)
        before = source[max(0, s.start() - 40):s.start()]
        # the first argument of t/tn/tp, the second of tn/tp
        if re.search(r"\b(?:t|tn|tp)\(\s*$", before) or \
                re.search(r"\b(?:tn|tp)\(\s*(['\"`])(?:\\.|(?!\1)[^\\])*\1\s*,\s*$", before):
            continue
        if not is_prose(text):
            continue
        line = source.count("\n", 0, s.start()) + 1
        end = source.count("\n", 0, s.end()) + 1
        if any(MARK in lines[i - 1] for i in range(line, end + 1)):
            continue
        found.append(Literal(rel, line, text))
    return found


class _Text(HTMLParser):
    ATTRS = {"alt", "title", "aria-label", "placeholder", "value", "content", "label"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[int, str]] = []
        self.skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in {"script", "style"}:
            self.skip += 1
        for name, value in attrs:
            if name in self.ATTRS and value:
                self.found.append((self.getpos()[0], value))

    def handle_endtag(self, tag):
        if tag in {"script", "style"} and self.skip:
            self.skip -= 1

    def handle_data(self, data):
        if not self.skip and data.strip():
            self.found.append((self.getpos()[0], data))


def scan_html(path: Path) -> list[Literal]:
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()

    def blank(match: re.Match[str]) -> str:  # keep the line numbers
        return "\n" * match.group(0).count("\n")

    stripped = re.sub(r"\{%-?\s*trans\b.*?\{%-?\s*endtrans\s*-?%\}", blank, source, flags=re.S)
    stripped = re.sub(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", blank, stripped, flags=re.S)
    parser = _Text()
    parser.feed(stripped)
    rel = path.relative_to(PACKAGE).as_posix()
    return [Literal(rel, line, text) for line, text in parser.found
            if is_prose(text) and MARK not in lines[line - 1]]


def scan(path: Path) -> list[Literal]:
    """The prose literals of one source file that bypass the catalogues."""
    if path.suffix == ".py":
        return scan_python(path)
    if path.suffix == ".js":
        return scan_js(path)
    if path.suffix == ".html":
        return scan_html(path)
    return []
