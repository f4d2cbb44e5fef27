"""Broken data files for the validation tests of the games' component data (Cascadito's
sheets and dice, Inheritors' cards, Two Heirs' tiles and treasures): plain data (a bundled
file read with ``tomllib``, then broken one fact at a time) written back as TOML, the lines
of the ``DataError`` a loader raises for it, and the one line that names given parts.

Imported by the tests as ``data_files``: ``tests/conftest.py`` puts this folder on
``sys.path`` (the project imports tests with ``--import-mode=importlib``, which does not
import sibling modules) and has pytest rewrite this module's asserts.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from regalia.core.errors import DataError, RegaliaError


def _key(k: str) -> str:
    """``k`` as a TOML key: bare when it may be, else quoted."""
    return k if re.fullmatch(r"[A-Za-z0-9_-]+", k) else json.dumps(k, ensure_ascii=False)


def toml_value(v: Any) -> str:
    """``v`` as a TOML value: booleans, numbers, strings, arrays (lists, tuples) and inline
    tables (dicts, their None values left out)."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)   # a JSON string is a valid TOML basic string
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{_key(k)} = {toml_value(x)}" for k, x in v.items()
                                if x is not None) + " }"
    raise TypeError(f"cannot write {v!r} as TOML")


def _table_array(v: Any) -> bool:
    """True for a list of records (an array of tables, ``[[name]]``)."""
    return isinstance(v, (list, tuple)) and bool(v) and isinstance(v[0], dict)


def _plain(v: Any) -> bool:
    """True for a value written as ``key = value``: not None, a table, an array of tables
    or an empty array (those are left out or written apart)."""
    if v is None or isinstance(v, dict):
        return False
    return not isinstance(v, (list, tuple)) or (bool(v) and not _table_array(v))


def dump_toml(data: dict) -> str:
    """TOML text for ``data``: its plain values first, then its tables (``[name]``), then its
    arrays of tables (``[[name]]``, one per record); None values and empty arrays are left
    out."""
    lines = [f"{_key(k)} = {toml_value(v)}" for k, v in data.items() if _plain(v)]
    for k, v in data.items():
        if isinstance(v, dict):
            lines += ["", f"[{k}]"] + [f"{_key(kk)} = {toml_value(x)}" for kk, x in v.items()
                                       if x is not None]
    for k, v in data.items():
        if _table_array(v):
            for rec in v:
                lines += ["", f"[[{k}]]"] + [f"{_key(kk)} = {toml_value(x)}"
                                             for kk, x in rec.items() if x is not None]
    return "\n".join(lines) + "\n"


def write_toml(path: Path, data: dict) -> Path:
    """``data`` written to ``path`` as TOML (:func:`dump_toml`, UTF-8); returns ``path``."""
    path.write_text(dump_toml(data), encoding="utf-8")
    return path


def error_lines(path: Path, data: dict, loader: Callable[[Path], Any]) -> list[str]:
    """Write ``data`` to ``path``, load it with ``loader``, and return the lines of the
    ``DataError`` it must raise (a ValueError and a RegaliaError), each of which must name
    the file; the lines are returned without that ``"{path}: "`` prefix."""
    write_toml(path, data)
    with pytest.raises(DataError) as exc:
        loader(path)
    assert isinstance(exc.value, ValueError) and isinstance(exc.value, RegaliaError)
    lines = str(exc.value).splitlines()
    assert lines and all(line.startswith(f"{path}: ") for line in lines), lines
    return [line[len(f"{path}: "):] for line in lines]


def one(lines: list[str], *parts: str) -> str:
    """The single line of ``lines`` containing every part (there must be exactly one)."""
    hits = [line for line in lines if all(p in line for p in parts)]
    assert len(hits) == 1, (parts, lines)
    return hits[0]
