"""Component data loading: TOML files validated by pydantic models, with provenance.

Every record carries a provenance (``../shared/rules/COMPONENTS.md``):

* ``verified``: from a published source, quoted;
* ``rulebook``: derived from a rulebook sentence or example;
* ``reconstructed``: designed by the project to fit every known fact because the printed
  value is not public. Never presented as the printed component.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from pathlib import Path
from typing import Any, Iterable, Literal, TypeVar

from pydantic import BaseModel, ValidationError

from .errors import DataError

Provenance = Literal["verified", "rulebook", "reconstructed"]
PROVENANCES: tuple[str, ...] = ("verified", "rulebook", "reconstructed")

M = TypeVar("M", bound=BaseModel)


def read_toml(path: str | Path) -> dict[str, Any]:
    """Read a TOML file; raises :class:`DataError` naming the file for I/O or syntax errors."""
    p = Path(path)
    try:
        with p.open("rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise DataError(f"{p}: no such file") from None
    except IsADirectoryError:
        raise DataError(f"{p}: is a directory, expected a TOML file") from None
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{p}: not valid TOML: {exc}") from None


def describe_validation_error(exc: ValidationError, data: Any, source: str, list_key: str,
                              record_label: str = "number") -> str:
    """Turn a pydantic error into lines ``FILE: record #N (label=X), field F: message``."""
    lines = []
    for err in exc.errors():
        loc = list(err["loc"])
        where = ""
        if len(loc) >= 2 and loc[0] == list_key and isinstance(loc[1], int):
            idx = loc[1]
            label = ""
            try:
                rec = data[list_key][idx]
                if isinstance(rec, dict) and record_label in rec:
                    label = f" ({record_label}={rec[record_label]!r})"
            except (KeyError, IndexError, TypeError):
                pass
            where = f"record #{idx + 1}{label}"
            loc = loc[2:]
        field = ".".join(str(x) for x in loc)
        if field:
            where = f"{where}, field {field!r}" if where else f"field {field!r}"
        where = where or "file"
        msg = err["msg"].removeprefix("Value error, ")
        lines.append(f"{source}: {where}: {msg}")
    return "\n".join(lines)


def load_model(model: type[M], path: str | Path, list_key: str,
               record_label: str = "number") -> M:
    """Read ``path`` and validate it as ``model``.

    Raises:
        DataError: one line per problem, each naming the file, the record (position and
            label) and the field.
    """
    data = read_toml(path)
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise DataError(describe_validation_error(exc, data, str(path), list_key,
                                                  record_label)) from None


def provenance_counts(records: Iterable[Any]) -> dict[str, int]:
    """Counts of records per provenance, in the order verified, rulebook, reconstructed."""
    c = Counter(getattr(r, "provenance") for r in records)
    return {k: c[k] for k in PROVENANCES if c[k]}
