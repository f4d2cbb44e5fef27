"""Provenance of component records: the shared base models, the strength order and the
content digest that leaves provenance out.

Every record of a component file says how well it is established (``verified``,
``rulebook`` or ``reconstructed``, see :mod:`regalia.core.data`). The rules checked here
are the same for every game:

* a ``verified``/``rulebook`` record names its ``source``;
* a ``reconstructed`` record has a ``note`` saying why the reconstruction was chosen;
* ``field_provenance`` may only name fields of the record that are *better* established
  than the record (a record's provenance is its weakest part), and a non-reconstructed
  field needs the record's ``source``.

Problems are reported as lines ``@relative.path: message`` (relative to the failing record);
:func:`regalia.core.data.describe_errors` resolves them against the raw data so each line
names the file, the record and the field.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, ClassVar, Iterable

from pydantic import BaseModel, ConfigDict, Field, model_validator

from .data import Provenance
from regalia.core.i18n import N_, _

#: How well established each provenance is: a higher number is stronger.
STRENGTH: dict[str, int] = {"reconstructed": 0, "rulebook": 1, "verified": 2}
#: The provenance fields of :class:`SourcedFields`; they describe a record, not a component.
OWN_META_FIELDS: frozenset[str] = frozenset({"provenance", "source", "note",
                                             "field_provenance"})


class SourcedFields(BaseModel):
    """Provenance fields of a record, checked on demand by :meth:`provenance_problems`.

    Use this base when the record's own validator collects provenance problems together
    with its other problems (one error for the record); use :class:`SourcedRecord` to have
    them checked by a validator of their own.

    Subclasses tune two class variables:

    * ``source_hint``: what a source is in this game, quoted in the "must name its source"
      message (``"the rulebook sentence it rests on"``);
    * ``record_meta``: fields that describe the record and so cannot appear in
      ``field_provenance`` (default :data:`OWN_META_FIELDS`).
    """

    model_config = ConfigDict(extra="forbid", frozen=True)
    source_hint: ClassVar[str] = N_("the rulebook sentence or published source it comes from")
    record_meta: ClassVar[frozenset[str]] = OWN_META_FIELDS

    provenance: Provenance
    source: str = ""
    note: str = ""
    field_provenance: dict[str, Provenance] = Field(default_factory=dict)

    def provenance_problems(self) -> list[str]:
        """The record's provenance problems, one ``@field: message`` line each (empty if
        none): a missing ``source`` or ``note``, and each ``field_provenance`` entry that
        names no field of the record, is weaker than the record, or lacks a source."""
        problems = []
        if self.provenance != "reconstructed" and not self.source.strip():
            problems.append(_("@source: a {provenance!r} record must name its source "
                              "({source_hint})").format(provenance=self.provenance, source_hint=_(self.source_hint)))
        if self.provenance == "reconstructed" and not self.note.strip():
            problems.append(_("@note: a 'reconstructed' record needs a note saying why this "
                              "reconstruction was chosen"))
        fields = sorted(set(type(self).model_fields) - self.record_meta)
        for name, prov in self.field_provenance.items():
            if name not in fields:
                problems.append(_("@field_provenance.{name}: {name!r} is not a field of this "
                                  "record; expected one of {fields}").format(name=name, fields=fields))
            elif STRENGTH[prov] < STRENGTH[self.provenance]:
                problems.append(
                    _("@field_provenance.{name}: {prov!r} is weaker than the record's "
                      "provenance {provenance!r} (a record's provenance is its weakest part)").format(name=name, prov=prov, provenance=self.provenance))
            elif prov != "reconstructed" and not self.source.strip():
                problems.append(_("@source: field {name!r} is {prov!r}, so the record must "
                                  "name its source").format(name=name, prov=prov))
        return problems

    def provenance_of(self, field: str) -> str:
        """The provenance of one field: its ``field_provenance`` entry or the record's."""
        return self.field_provenance.get(field, self.provenance)


class SourcedRecord(SourcedFields):
    """:class:`SourcedFields` checked by a validator of its own.

    Raises (on validation):
        pydantic.ValidationError: a value error whose message is the
            :meth:`~SourcedFields.provenance_problems` lines joined by newlines.
    """

    @model_validator(mode="after")
    def _sourced(self) -> "SourcedRecord":
        problems = self.provenance_problems()
        if problems:
            raise ValueError("\n".join(problems))
        return self


def weakest(provenances: Iterable[str], default: str | None = None) -> str:
    """The weakest of ``provenances`` (``default`` if there are none; ``ValueError`` if
    there are none and no default)."""
    if default is None:
        return min(provenances, key=STRENGTH.__getitem__)
    return min(provenances, key=STRENGTH.__getitem__, default=default)


def file_provenance_problems(provenance: str, source: str, records: Iterable[Any], *,
                             what: str = "file", require_source: bool = True) -> list[str]:
    """A file's (or sheet's) own provenance checked against its ``records``.

    The file may be no stronger than its weakest record (``@provenance`` line naming
    ``what``), and, with ``require_source``, a non-reconstructed file names its source
    (``@source`` line). ``records``: objects with a ``provenance``; none means the file's
    own provenance is the weakest.
    """
    problems = []
    low = weakest((r.provenance for r in records), default=provenance)
    if STRENGTH[provenance] > STRENGTH[low]:
        problems.append(_("@provenance: the {what} says {provenance!r} but holds {low!r} "
                          "records; a file's provenance is that of its weakest record").format(what=what, provenance=provenance, low=low))
    if require_source and provenance != "reconstructed" and not source.strip():
        problems.append(_("@source: a {provenance!r} {what} must name its source").format(provenance=provenance, what=what))
    return problems


def strip_meta(value: Any, meta_fields: Iterable[str]) -> Any:
    """``value`` (JSON-like: dicts, lists, scalars) without the keys ``meta_fields`` in any
    dict at any depth."""
    meta = frozenset(meta_fields)

    def strip(v: Any) -> Any:
        if isinstance(v, dict):
            return {k: strip(x) for k, x in v.items() if k not in meta}
        if isinstance(v, list):
            return [strip(x) for x in v]
        return v

    return strip(value)


def json_digest(value: Any) -> str:
    """SHA-256 (hex) of ``value`` as canonical JSON (sorted keys, no spaces)."""
    text = json.dumps(value, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def content_digest(model: BaseModel, meta_fields: Iterable[str]) -> str:
    """:func:`json_digest` of ``model`` dumped as JSON with ``meta_fields`` stripped at every
    depth: changes with the components, not with their provenance, sources or notes."""
    return json_digest(strip_meta(model.model_dump(mode="json"), meta_fields))


__all__ = ["STRENGTH", "OWN_META_FIELDS", "SourcedFields", "SourcedRecord", "weakest",
           "file_provenance_problems", "strip_meta", "json_digest", "content_digest"]
