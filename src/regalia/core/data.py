"""Component data loading: TOML files validated by pydantic models, with provenance.

Every record carries a provenance (``../shared/rules/COMPONENTS.md``):

* ``verified``: from a published source, quoted;
* ``rulebook``: derived from a rulebook sentence or example;
* ``reconstructed``: designed by the project to fit every known fact because the printed
  value is not public. Never presented as the printed component.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any, Callable, Collection, Iterable, Literal, TypeVar

from pydantic import BaseModel, ValidationError

from .errors import DataError
from .files import check_plain_text, parse_toml, read_text
from regalia.core.i18n import _

Provenance = Literal["verified", "rulebook", "reconstructed"]
PROVENANCES: tuple[str, ...] = ("verified", "rulebook", "reconstructed")

M = TypeVar("M", bound=BaseModel)


def read_toml(path: str | Path) -> dict[str, Any]:
    """Read a TOML file safely (:func:`regalia.core.files.read_text`: a regular file of at
    most :data:`~regalia.core.files.MAX_FILE_BYTES`, UTF-8) and parse it.

    Raises:
        DataError: naming the file: missing, not a regular file, too large, not UTF-8, not
        valid TOML, nested too deeply, an integer too long, a control character (other than
        a newline or tab) in a string.
    """
    p = Path(path)
    text = read_text(p, "a TOML file", DataError)
    data = parse_toml(text, str(p), _("a component data file"), DataError)
    check_plain_text(data, str(p), DataError)
    return data


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
            where = _("record #{number}{label}").format(number=idx + 1, label=label)
            loc = loc[2:]
        field = ".".join(str(x) for x in loc)
        if field:
            where = (_("{where}, field {field!r}").format(where=where, field=field) if where
                     else _("field {field!r}").format(field=field))
        where = where or "file"
        msg = err["msg"].removeprefix("Value error, ")  # i18n: no (pydantic's prefix)
        lines.append(f"{source}: {where}: {msg}")
    return "\n".join(lines)


#: A validator's line giving a position relative to the failing model: ``@a.0.b: message``.
REL_LINE = re.compile(r"^@([^:\s]+): (.*)$", re.DOTALL)


def no_label(section: str, rec: Any) -> str:
    """The default record label of :func:`describe_errors`: none."""
    return ""


def describe_location(loc: list[Any], data: Any, sections: Collection[str],
                      label: Callable[[str, Any], str] = no_label,
                      single: Collection[str] = ()) -> str:
    """Where ``loc`` (a pydantic error location) points in the raw ``data``.

    * in a list section (one of ``sections``) with an index: ``SECTION record #N LABEL``,
      where ``LABEL`` is ``label(section, raw_record)`` (``raw_record`` is ``None`` if the
      raw data has no such record; return ``""`` for no label, else e.g.
      ``" (name='Wolf')"``);
    * a list section without an index: ``section 'SECTION'``;
    * a single-table section (one of ``single``): ``[SECTION]``;
    * then the rest as a field, ``field 'abilities[0].effects[1].n'`` (indices in
      brackets); ``file`` if nothing is left.
    """
    where = ""
    if loc and loc[0] in sections and len(loc) >= 2 and isinstance(loc[1], int):
        rec = None
        try:
            rec = data[loc[0]][loc[1]]
        except (KeyError, IndexError, TypeError):
            pass
        where = _("{table} record #{number}{label}").format(table=loc[0], number=loc[1] + 1,
                                                            label=label(loc[0], rec))
        loc = loc[2:]
    elif loc and loc[0] in single:
        where = f"[{loc[0]}]"
        loc = loc[1:]
    elif loc and loc[0] in sections:
        where = _("section {name!r}").format(name=loc[0])
        loc = loc[1:]
    field = ""
    for part in loc:
        field += f"[{part}]" if isinstance(part, int) else (f".{part}" if field else str(part))
    if field:
        where = (_("{where}, field {field!r}").format(where=where, field=field) if where
                 else _("field {field!r}").format(field=field))
    return where or _("file")


def describe_errors(exc: ValidationError, data: Any, source: str, *,
                    sections: Collection[str], label: Callable[[str, Any], str] = no_label,
                    single: Collection[str] = (), skip_implied_too_short: bool = True) -> str:
    """One line per problem: ``SOURCE: SECTION record #N LABEL, field F: message``.

    For files with several list sections (``[[towns]]``, ``[[rivers]]``, ...) and, in
    ``single``, single tables (``[kingdom]``); the location is described by
    :func:`describe_location` (``label`` names a raw record). A validator's message may hold
    several lines, each ``@relative.path: message`` (:data:`REL_LINE`, relative to the
    failing model, indices as numbers): each is resolved against the raw data so its line
    names the record and field. Pydantic's ``Value error, `` prefix is dropped. With
    ``skip_implied_too_short``, a ``too_short`` error is left out when an error inside the
    same list explains it (an item failed, so fewer items survived validation).
    """
    lines = []
    errors = exc.errors()
    locs = [tuple(e["loc"]) for e in errors]
    for err in errors:
        base = list(err["loc"])
        n = len(base)
        if (skip_implied_too_short and err["type"] == "too_short"
                and any(len(o) > n and o[:n] == tuple(base) for o in locs)):
            continue
        msg = err["msg"].removeprefix("Value error, ")  # i18n: no (pydantic's prefix)
        for part in msg.split("\n"):
            m = REL_LINE.match(part)
            loc = base
            if m:
                loc = base + [int(p) if p.isdigit() else p for p in m.group(1).split(".")]
                part = m.group(2)
            lines.append(f"{source}: {describe_location(loc, data, sections, label, single)}: "
                         f"{part}")
    return "\n".join(lines)


def load_validated(model: type[M], path: str | Path,
                   describe: Callable[[ValidationError, Any, str], str]) -> M:
    """Read the TOML file ``path`` and validate it as ``model``.

    Raises:
        DataError: for I/O or TOML errors (:func:`read_toml`), or with
            ``describe(exc, raw_data, str(path))`` for a validation error.
    """
    data = read_toml(path)
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise DataError(describe(exc, data, str(path))) from None


def load_model(model: type[M], path: str | Path, list_key: str,
               record_label: str = "number") -> M:
    """Read ``path`` and validate it as ``model``.

    Raises:
        DataError: one line per problem, each naming the file, the record (position and
            label) and the field.
    """
    return load_validated(model, path, lambda exc, data, source: describe_validation_error(
        exc, data, source, list_key, record_label))


def provenance_counts(records: Iterable[Any]) -> dict[str, int]:
    """Counts of records per provenance, in the order verified, rulebook, reconstructed."""
    c = Counter(getattr(r, "provenance") for r in records)
    return {k: c[k] for k in PROVENANCES if c[k]}


def provenance_by_kind(records: Iterable[tuple[str, Any]]) -> dict[str, dict[str, int]]:
    """``{kind: {provenance: records}}`` of ``(kind, record)`` pairs, kinds in first-seen
    order, each as :func:`provenance_counts`."""
    groups: dict[str, list[Any]] = defaultdict(list)
    for kind, rec in records:
        groups[kind].append(rec)
    return {k: provenance_counts(v) for k, v in groups.items()}
