"""Shared provenance machinery: sourced records, multi-section error lines, file provenance,
content digests (``regalia.core.provenance`` and ``regalia.core.data``)."""

from __future__ import annotations

from typing import Any, ClassVar

import pytest
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from regalia import DataError
from regalia.core.data import describe_errors, load_validated, provenance_by_kind
from regalia.core.provenance import (
    OWN_META_FIELDS,
    STRENGTH,
    SourcedFields,
    SourcedRecord,
    content_digest,
    file_provenance_problems,
    weakest,
)


# ---------------------------------------------------------------------------- toy models
class Rec(SourcedRecord):
    source_hint: ClassVar[str] = "the toy rulebook"

    name: str
    size: int = Field(default=1, ge=0)
    text: str = ""


class TextIsMeta(SourcedRecord):
    record_meta: ClassVar[frozenset[str]] = OWN_META_FIELDS | {"text"}

    name: str
    text: str = ""


class Merged(SourcedFields):
    """Collects its provenance problems together with its own (one error)."""

    size: int

    @model_validator(mode="after")
    def _check(self) -> Merged:
        problems = self.provenance_problems()
        if self.size > 5:
            problems.append(f"@size: {self.size} is more than 5")
        if problems:
            raise ValueError("\n".join(problems))
        return self


class Parts(BaseModel):
    model_config = ConfigDict(extra="forbid")
    colours: tuple[Rec, ...] = ()
    cards: tuple[Rec, ...] = Field(default=(), min_length=1)
    board: Rec | None = None

    @model_validator(mode="after")
    def _whole(self) -> Parts:
        if any(c.name == "dup" for c in self.cards):
            i = next(i for i, c in enumerate(self.cards) if c.name == "dup")
            raise ValueError(f"@cards.{i}.name: a duplicate\n@colours: none left")
        return self


def _label(section: str, rec: Any) -> str:
    if not isinstance(rec, dict):
        return ""
    if section == "cards":
        return f" (name={rec.get('name')!r}, size={rec.get('size')!r})"
    return f" (name={rec['name']!r})" if "name" in rec else ""


def _describe(data: dict, **kw) -> list[str]:
    with pytest.raises(ValidationError) as exc:
        Parts.model_validate(data)
    kw = {"sections": ("colours", "cards"), "label": _label, "single": ("board",)} | kw
    return describe_errors(exc.value, data, "F", **kw).splitlines()


def _rec(**kw) -> dict:
    return {"provenance": "reconstructed", "note": "why", "name": "a"} | kw


# ---------------------------------------------------------------------------- records
def test_sourced_record_valid_and_provenance_of():
    r = Rec(provenance="reconstructed", note="why", name="a",
            field_provenance={"name": "rulebook"}, source="p. 3")
    assert r.provenance_of("name") == "rulebook"
    assert r.provenance_of("size") == "reconstructed"
    assert r.provenance_problems() == []


def test_sourced_record_bad_field_provenance():
    with pytest.raises(ValidationError) as exc:
        Rec(provenance="rulebook", name="a",
            field_provenance={"colour": "verified", "size": "reconstructed",
                              "name": "verified"})
    (err,) = exc.value.errors()
    lines = err["msg"].removeprefix("Value error, ").splitlines()
    assert lines == [
        "@source: a 'rulebook' record must name its source (the toy rulebook)",
        "@field_provenance.colour: 'colour' is not a field of this record; expected one of "
        "['name', 'size', 'text']",
        "@field_provenance.size: 'reconstructed' is weaker than the record's provenance "
        "'rulebook' (a record's provenance is its weakest part)",
        "@source: field 'name' is 'verified', so the record must name its source",
    ]


def test_sourced_record_reconstructed_needs_note_and_meta_fields_are_not_fields():
    with pytest.raises(ValidationError, match="needs a note saying why"):
        Rec(provenance="reconstructed", name="a")
    with pytest.raises(ValidationError, match=r"'text' is not a field of this record; "
                                              r"expected one of \['name'\]"):
        TextIsMeta(provenance="reconstructed", note="n", name="a",
                   field_provenance={"text": "reconstructed"})
    # without "text" in record_meta it is a field like any other
    assert Rec(provenance="reconstructed", note="n", name="a",
               field_provenance={"text": "reconstructed"}).provenance_of("text")


def test_sourced_fields_problems_merge_with_the_records_own():
    with pytest.raises(ValidationError) as exc:
        Merged(provenance="verified", size=9)
    (err,) = exc.value.errors()
    assert err["msg"].removeprefix("Value error, ").splitlines() == [
        "@source: a 'verified' record must name its source (the rulebook sentence or "
        "published source it comes from)",
        "@size: 9 is more than 5",
    ]


# ---------------------------------------------------------------------------- error lines
def test_describe_errors_multi_section_labels_and_fields():
    lines = _describe({"colours": [_rec(name="red"), _rec(name="blue", size=-1)],
                       "cards": [_rec(name="x", size=2, bogus=1)]})
    assert lines[0].startswith("F: colours record #2 (name='blue'), field 'size': ")
    assert lines[1] == "F: cards record #1 (name='x', size=2), field 'bogus': Extra inputs " \
        "are not permitted"


def test_describe_errors_resolves_relative_paths():
    # a record's own validator: "@field_provenance.size: ..." relative to the record
    lines = _describe({"cards": [_rec(), _rec(name="b", provenance="rulebook",
                                              source="s",
                                              field_provenance={"size": "reconstructed"})]})
    assert lines == ["F: cards record #2 (name='b', size=None), field "
                     "'field_provenance.size': 'reconstructed' is weaker than the record's "
                     "provenance 'rulebook' (a record's provenance is its weakest part)"]
    # a whole-file validator: "@cards.1.name" and "@colours" relative to the file
    lines = _describe({"cards": [_rec(), _rec(name="dup")]})
    assert lines == ["F: cards record #2 (name='dup', size=None), field 'name': a duplicate",
                     "F: section 'colours': none left"]


def test_describe_errors_single_tables_and_file_level():
    lines = _describe({"cards": [_rec()], "board": _rec(size=-1), "extra": 1})
    assert lines[0].startswith("F: [board], field 'size': ")
    assert lines[1] == "F: field 'extra': Extra inputs are not permitted"
    # not a single table: the field path as it is
    lines = _describe({"cards": [_rec()], "board": _rec(size=-1)}, single=())
    assert lines[0].startswith("F: field 'board.size': ")


def test_describe_errors_index_beyond_raw_data_and_no_label():
    lines = _describe({"cards": [{"name": "a"}]}, label=lambda s, r: "")
    assert lines[0].startswith("F: cards record #1, field 'provenance': ")


def test_describe_errors_implied_too_short():
    data = {"cards": [_rec(size=-1)]}
    assert len(_describe(data)) == 1       # the too_short error only follows from the item
    lines = _describe(data, skip_implied_too_short=False)
    assert len(lines) == 2 and lines[1].startswith("F: section 'cards': ")


def test_load_validated(tmp_path):
    path = tmp_path / "p.toml"
    path.write_text('[[cards]]\nname = "a"\nprovenance = "verified"\n', encoding="utf-8")

    def describe(exc, data, source):
        return describe_errors(exc, data, source, sections=("cards",), label=_label)

    with pytest.raises(DataError) as exc:
        load_validated(Parts, path, describe)
    assert str(exc.value) == (f"{path}: cards record #1 (name='a', size=None), field "
                              "'source': a 'verified' record must name its source (the toy "
                              "rulebook)")
    path.write_text('[[cards]]\nname = "a"\nprovenance = "reconstructed"\nnote = "n"\n',
                    encoding="utf-8")
    assert load_validated(Parts, path, describe).cards[0].name == "a"
    with pytest.raises(DataError, match="no such file"):
        load_validated(Parts, tmp_path / "none.toml", describe)


# ---------------------------------------------------------------------------- files
def test_weakest_and_file_provenance_problems():
    recs = [Rec(**_rec()), Rec(provenance="verified", source="s", name="b")]
    assert weakest(r.provenance for r in recs) == "reconstructed"
    assert weakest([], default="rulebook") == "rulebook"
    assert STRENGTH["verified"] > STRENGTH["rulebook"] > STRENGTH["reconstructed"]
    assert file_provenance_problems("verified", "", recs) == [
        "@provenance: the file says 'verified' but holds 'reconstructed' records; a file's "
        "provenance is that of its weakest record",
        "@source: a 'verified' file must name its source"]
    assert file_provenance_problems("verified", "", recs[1:], what="sheet",
                                    require_source=False) == []
    assert file_provenance_problems("rulebook", "", [], what="sheet") == [
        "@source: a 'rulebook' sheet must name its source"]


def test_content_digest_ignores_meta_and_provenance_by_kind():
    a = Rec(**_rec(text="one"))
    b = Rec(provenance="verified", source="elsewhere", name="a", text="two")
    assert content_digest(a, OWN_META_FIELDS | {"text"}) == \
        content_digest(b, OWN_META_FIELDS | {"text"})
    assert content_digest(a, OWN_META_FIELDS) != content_digest(b, OWN_META_FIELDS)
    assert content_digest(a, OWN_META_FIELDS) != \
        content_digest(Rec(**_rec(text="one", size=2)), OWN_META_FIELDS)
    assert provenance_by_kind([("x", a), ("y", b), ("x", b)]) == \
        {"x": {"verified": 1, "reconstructed": 1}, "y": {"verified": 1}}
