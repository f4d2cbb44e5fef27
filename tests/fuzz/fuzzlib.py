"""Shared pieces of the hostile-input tests (issue 11), imported by the tests as
``fuzzlib`` (``conftest.py`` puts this folder on ``sys.path``): real records and data files of
every game, seeded mutations of them, hostile values, and the check that an input ends in
a clean regalia error or a legitimate result, never another exception."""

from __future__ import annotations

import json
import random
import re
import signal
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable

import pytest
from typer.testing import CliRunner

import regalia
from regalia.arena.match import play_match
from regalia.cli.app import app
from regalia.core.errors import RegaliaError

GAMES_DIR = Path(regalia.__file__).resolve().parent / "games"

#: One configuration per kind of game: every game, solo modes included.
CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("kingdomino", {"players": 2}),
    ("kingdomino", {"players": 4, "variants": ["harmony", "middle-kingdom"]}),
    ("two-heirs", {"players": 2}),
    ("two-heirs", {"players": 1, "level": 3}),
    ("cascadito", {"players": 2, "sheet": 3}),
    ("cascadito", {"players": 1, "sheet": 2}),
    ("inheritors", {"players": 3}),
]
CONFIG_IDS = [f"{g}-{'-'.join(f'{k}{v}' for k, v in kw.items() if k != 'variants')}"
              for g, kw in CONFIGS]

#: The bundled data files a user may replace (game, path under games/).
DATA_FILES: list[tuple[str, str]] = [
    ("kingdomino", "kingdomino/data/dominoes.toml"),
    ("two-heirs", "two_heirs/data/tiles.toml"),
    ("two-heirs", "two_heirs/data/treasures.toml"),
    ("cascadito", "cascadito/data/sheets/sheet1.toml"),
    ("cascadito", "cascadito/data/sheets/sheet3.toml"),
    ("cascadito", "cascadito/data/sheets/sheet4.toml"),
    ("inheritors", "inheritors/data/cards.toml"),
]
DATA_IDS = [p.split("/")[-1].removesuffix(".toml") + "-" + g for g, p in DATA_FILES]

runner = CliRunner()
ENV = {"COLUMNS": "100", "LINES": "50", "NO_COLOR": "1", "FORCE_COLOR": None, "TERM": "dumb"}


def record_text(game: str, params: dict[str, Any], seed: int = 7, plies: int | None = None,
                players: list[str] | None = None) -> str:
    """The JSON of a real record: a random game of ``game`` (cut after ``plies`` actions if
    given, to have unfinished records too)."""
    g = regalia.load_game(game, **params)
    result = play_match(g, ["random"] * g.num_players, seed)
    rec = result.record
    if plies is not None and plies < len(rec.actions):
        state = g.new_initial_state(rec.seed)
        for a in rec.actions[:plies]:
            state.apply_action(a)
        rec = type(rec).from_state(state, rec.players)
    if players is not None:
        rec.players = players
        rec.digest = rec.compute_digest()
    return rec.to_json_string()


# ------------------------------------------------------------------ hostile values
HOSTILE_STRINGS = ["", " ", "[/]", "[bold red]x[/bold red]", "[link=file:///etc/passwd]y[/link]",
                   "\x1b]0;pwned\x07", "\x1b[2J", "\x00", "\u202eevil", "\ud800", "²", "--1",
                   "9" * 5000, "x" * 100_000, "/dev/zero", "/etc/passwd", "/dev/stdin", "-",
                   "../../../etc/passwd", "NaN", "1e999", "{}", "null"]
HOSTILE_JSON_VALUES: list[Any] = [None, True, False, 0, -1, 2**63, -(2**70), 10**300, 1.5,
                                  float("inf"), float("nan"), [], {}, [[[[[]]]]], {"a": {"b": []}},
                                  *HOSTILE_STRINGS]


def deep_json(depth: int) -> str:
    return "[" * depth + "]" * depth


def deep_toml(depth: int) -> str:
    return "a = " + "[" * depth + "]" * depth + "\n"


def huge_int(digits: int = 5000) -> str:
    return "1" + "0" * (digits - 1)


# ------------------------------------------------------------------ mutation
def mutate_bytes(data: bytes, rng: random.Random) -> bytes:
    """One to four byte-level mutations: flip, delete, duplicate or insert a slice,
    truncate."""
    b = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        op = rng.randrange(6)
        n = len(b)
        if n == 0:
            b += rng.randbytes(rng.randint(1, 8))
            continue
        i = rng.randrange(n)
        if op == 0:
            b[i] ^= 1 << rng.randrange(8)
        elif op == 1:
            b[i] = rng.randrange(256)
        elif op == 2:
            del b[i:i + rng.randint(1, 64)]
        elif op == 3:
            j = min(n, i + rng.randint(1, 200))
            b[j:j] = b[i:j]
        elif op == 4:
            b[i:i] = rng.choice([b"\x00", b"\xff\xfe", b"\x1b[31m", b"[/]", b"\\u001b",
                                 b'"', b"{", b"[", b"]", b"}", b"\n", b"=", b",",
                                 huge_int().encode(), b"-", b"9" * 40])
        else:
            del b[i:]
    return bytes(b)


def _walk(value: Any, path: tuple = ()) -> list[tuple]:
    """Every (path, value) inside a JSON value."""
    out = [(path, value)]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _walk(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _walk(v, path + (i,))
    return out


def _set(root: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    node = root
    for p in path[:-1]:
        node = node[p]
    node[path[-1]] = value
    return root


def mutate_json(value: Any, rng: random.Random) -> Any:
    """One to three structural mutations of a JSON value: a node replaced by a hostile
    value, two nodes swapped, a list item duplicated or dropped, a key dropped, a number
    nudged."""
    value = json.loads(json.dumps(value))
    for _ in range(rng.randint(1, 3)):
        nodes = _walk(value)
        path, node = rng.choice(nodes)
        op = rng.randrange(6)
        if op == 0:
            value = _set(value, path, rng.choice(HOSTILE_JSON_VALUES))
        elif op == 1:
            path2, node2 = rng.choice(nodes)
            if path and path2 and path[:len(path2)] != path2 and path2[:len(path)] != path:
                value = _set(value, path, node2)
                value = _set(value, path2, node)
        elif op == 2 and isinstance(node, list) and node:
            i = rng.randrange(len(node))
            node.insert(i, node[i])
        elif op == 3 and isinstance(node, list) and node:
            del node[rng.randrange(len(node))]
        elif op == 4 and isinstance(node, dict) and node:
            del node[rng.choice(list(node))]
        elif isinstance(node, int) and not isinstance(node, bool):
            value = _set(value, path, node + rng.choice([-1, 1, -node - 1, 1000, 2**40]))
    return value


_TOML_VALUE = re.compile(r"^([A-Za-z_][\w-]*\s*=\s*)(.+)$", re.M)
HOSTILE_TOML_VALUES = ["-1", "0", "999999", huge_int(), "1e999", "nan", "true", '"[/]"',
                       '"\\u001b[2J"', '"\\u0007"', '"x"', '""', "[]", "{}", deep_json(50),
                       '"' + "y" * 5000 + '"', '"/dev/zero"', '"river"', '"west"', '"Spy"']


def mutate_toml(text: str, rng: random.Random) -> str:
    """One to three mutations that keep most of a TOML file parseable: a value replaced by a
    hostile one, a ``[[table]]`` record duplicated, dropped or swapped with another, a line
    dropped or duplicated; sometimes bytes mutated as well."""
    for _ in range(rng.randint(1, 3)):
        op = rng.randrange(5)
        if op == 0:
            matches = list(_TOML_VALUE.finditer(text))
            if matches:
                m = rng.choice(matches)
                text = text[:m.start(2)] + rng.choice(HOSTILE_TOML_VALUES) + text[m.end(2):]
        elif op in (1, 2):
            blocks = re.split(r"(?m)^(?=\[\[)", text)
            if len(blocks) > 2:
                i = rng.randrange(1, len(blocks))
                if op == 1:
                    blocks.insert(rng.randrange(1, len(blocks)), blocks[i])
                elif rng.random() < 0.5:
                    del blocks[i]
                else:
                    j = rng.randrange(1, len(blocks))
                    blocks[i], blocks[j] = blocks[j], blocks[i]
                text = "".join(blocks)
        elif op == 3:
            lines = text.splitlines(keepends=True)
            if lines:
                i = rng.randrange(len(lines))
                if rng.random() < 0.5:
                    del lines[i]
                else:
                    lines.insert(i, lines[i])
                text = "".join(lines)
        else:
            text = mutate_bytes(text.encode(), rng).decode("utf-8", "replace")
    return text


# ------------------------------------------------------------------ outcomes
def clean(fn: Callable[[], Any]) -> Any:
    """Run ``fn``: its result, or None when it raised a :class:`RegaliaError` whose message
    says something; any other exception fails the test (it propagates)."""
    try:
        return fn()
    except RegaliaError as exc:
        assert str(exc).strip(), f"empty message from {type(exc).__name__}"
        return None


def invoke_clean(args: list[str], input: str | bytes | None = None,
                 codes: tuple[int, ...] = (0, 1, 2)):
    """Run the command line: the exit code must be one of ``codes``, no exception may escape
    (a traceback), and a failure prints an ``Error:`` message or a validation report."""
    result = runner.invoke(app, args, input=input, env=ENV)
    exc = result.exception
    if exc is not None and not isinstance(exc, SystemExit):
        raise AssertionError(f"regalia {' '.join(a[:60] for a in args)} raised "
                             f"{type(exc).__name__}: {exc!s:.300}") from exc
    assert result.exit_code in codes, (result.exit_code, result.output[-2000:])
    assert "Traceback" not in result.output
    if result.exit_code == 2:  # regalia's "Error: ..." or Click's usage box "Error"
        assert "Error" in result.output, result.output[-2000:]
    return result


def redigest(text: str) -> str:
    """``text`` with its record digest recomputed when it parses as a record (so a mutation
    reaches the replay's own checks instead of stopping at the digest); else unchanged."""
    from regalia.core.record import GameRecord

    try:
        data = json.loads(text)
        data["digest"] = GameRecord.model_validate(data).compute_digest()
        return json.dumps(data)
    except Exception:  # noqa: BLE001 - not a record: left for the loader to refuse
        return text


@contextmanager
def no_hang(seconds: int = 60):
    """Fail (instead of hanging the suite) if the block blocks, e.g. on opening a FIFO."""
    def fail(signum, frame):
        raise AssertionError(f"blocked for {seconds} s: a file was opened that should not be")
    old = signal.signal(signal.SIGALRM, fail)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
