"""Component data loading: read_toml, load_model, and errors naming file, record, field."""

from __future__ import annotations

import re
import tomllib

import pytest
from pydantic import BaseModel, ConfigDict, Field

import regalia
from regalia import DataError, RegaliaError
from regalia.core.data import load_model, provenance_counts, read_toml
from regalia.games.kingdomino.components import DEFAULT_DATA, load_dominoes


# ---------------------------------------------------------------------------- helpers
def _bundled() -> dict:
    with open(DEFAULT_DATA, "rb") as fh:
        return tomllib.load(fh)


def _value(v) -> str:
    if isinstance(v, str):
        return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{k} = {_value(x)}" for k, x in v.items()) + " }"
    return str(v)


def write_dominoes(path, data: dict) -> str:
    """Write a dominoes file (top-level scalars, then one [[dominoes]] table each)."""
    lines = [f"{k} = {_value(v)}" for k, v in data.items() if k != "dominoes"]
    for d in data.get("dominoes", []):
        lines += ["", "[[dominoes]]"] + [f"{k} = {_value(v)}" for k, v in d.items()]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


@pytest.fixture
def dominoes() -> dict:
    """A fresh, valid copy of the bundled data to break."""
    return _bundled()


def _error_lines(path, data) -> list[str]:
    write_dominoes(path, data)
    with pytest.raises(DataError) as exc:
        load_dominoes(path)
    assert isinstance(exc.value, ValueError) and isinstance(exc.value, RegaliaError)
    lines = str(exc.value).splitlines()
    assert all(line.startswith(f"{path}: ") for line in lines), lines
    return lines


# ---------------------------------------------------------------------------- read_toml
def test_read_toml_missing_file(tmp_path):
    path = tmp_path / "missing.toml"
    with pytest.raises(DataError) as exc:
        read_toml(path)
    assert str(exc.value) == f"{path}: no such file"


def test_read_toml_directory(tmp_path):
    with pytest.raises(DataError, match="is a directory"):
        read_toml(tmp_path)


def test_read_toml_invalid(tmp_path):
    path = tmp_path / "broken.toml"
    path.write_text("provenance = \n[[dominoes]\n", encoding="utf-8")
    with pytest.raises(DataError) as exc:
        read_toml(path)
    assert str(exc.value).startswith(f"{path}: not valid TOML")


def test_read_toml_valid(tmp_path):
    path = tmp_path / "ok.toml"
    path.write_text('a = 1\n[t]\nb = "x"\n', encoding="utf-8")
    assert read_toml(path) == {"a": 1, "t": {"b": "x"}}
    assert read_toml(str(path)) == {"a": 1, "t": {"b": "x"}}


# ---------------------------------------------------------------------------- load_model
class Item(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    size: int = Field(ge=0)


class Catalogue(BaseModel):
    model_config = ConfigDict(extra="forbid")
    items: list[Item]


def test_load_model_valid(tmp_path):
    path = tmp_path / "c.toml"
    path.write_text('[[items]]\nname = "a"\nsize = 1\n', encoding="utf-8")
    assert load_model(Catalogue, path, list_key="items", record_label="name") == \
        Catalogue(items=[Item(name="a", size=1)])


def test_load_model_names_record_label_and_field(tmp_path):
    path = tmp_path / "c.toml"
    path.write_text('[[items]]\nname = "a"\nsize = 1\n\n[[items]]\nname = "b"\nsize = -2\n'
                    '\n[[items]]\nsize = 3\n', encoding="utf-8")
    with pytest.raises(DataError) as exc:
        load_model(Catalogue, path, list_key="items", record_label="name")
    lines = str(exc.value).splitlines()
    assert len(lines) == 2, lines
    assert lines[0].startswith(f"{path}: record #2 (name='b'), field 'size': ")
    # a record without its label is named by position only
    assert lines[1].startswith(f"{path}: record #3, field 'name': ")


def test_load_model_file_level_problem(tmp_path):
    path = tmp_path / "c.toml"
    path.write_text('colour = "red"\n', encoding="utf-8")
    with pytest.raises(DataError) as exc:
        load_model(Catalogue, path, list_key="items")
    message = str(exc.value)
    assert f"{path}: field 'items'" in message
    assert f"{path}: field 'colour'" in message


def test_load_model_missing_file(tmp_path):
    with pytest.raises(DataError, match="no such file"):
        load_model(Catalogue, tmp_path / "none.toml", list_key="items")


def test_provenance_counts_order_and_omission():
    class R:
        def __init__(self, p):
            self.provenance = p

    records = [R("reconstructed"), R("verified"), R("reconstructed")]
    counts = provenance_counts(records)
    assert counts == {"verified": 1, "reconstructed": 2}
    assert list(counts) == ["verified", "reconstructed"]


# ---------------------------------------------------------------------------- dominoes
def test_bundled_dominoes_load():
    ds = load_dominoes()
    assert [d.number for d in ds.dominoes_sorted] == list(range(1, 49))
    assert ds.provenance_summary() == {"verified": 48}
    assert ds.by_number(1).code() == "W/W"


def test_rewritten_bundled_file_loads_the_same(tmp_path, dominoes):
    """The test's TOML writer is faithful: the unbroken copy loads equal to the bundle."""
    path = write_dominoes(tmp_path / "copy.toml", dominoes)
    assert load_dominoes(path) == load_dominoes()
    game = regalia.load_game("kingdomino", players=2, data=path)
    assert game.params["data"] == path
    assert regalia.load_game("kingdomino", **game.params) == game


def test_duplicate_domino_number(tmp_path, dominoes):
    dominoes["dominoes"][1]["number"] = 1  # two dominoes numbered 1, none numbered 2
    lines = _error_lines(tmp_path / "dup.toml", dominoes)
    assert len(lines) == 1
    assert "once" in lines[0]  # "... must appear once" / "... more than once"
    assert re.search(r"\b1\b", lines[0].split(": ", 1)[1]), lines[0]
    assert "number 1 in records #1, #2" in lines[0]
    assert "missing: [2]" in lines[0]  # both the duplicate and the gap it leaves


def test_missing_domino(tmp_path, dominoes):
    del dominoes["dominoes"][16]  # number 17
    lines = _error_lines(tmp_path / "missing.toml", dominoes)
    assert len(lines) == 1
    assert "missing: [17]" in lines[0]


def test_unknown_terrain(tmp_path, dominoes):
    dominoes["dominoes"][4]["first"]["terrain"] = "desert"
    lines = _error_lines(tmp_path / "terrain.toml", dominoes)
    assert len(lines) == 1
    assert "record #5 (number=5), field 'first.terrain': " in lines[0]
    assert "wheat" in lines[0]  # says what is allowed


def test_too_many_crowns(tmp_path, dominoes):
    dominoes["dominoes"][40]["second"]["crowns"] = 4
    number = dominoes["dominoes"][40]["number"]
    lines = _error_lines(tmp_path / "crowns.toml", dominoes)
    assert len(lines) == 1
    assert f"record #41 (number={number}), field 'second.crowns': " in lines[0]
    assert "3" in lines[0]


def test_missing_and_extra_fields(tmp_path, dominoes):
    del dominoes["dominoes"][0]["provenance"]
    dominoes["dominoes"][9]["colour"] = "blue"
    lines = _error_lines(tmp_path / "fields.toml", dominoes)
    assert len(lines) == 2, lines
    assert "record #1 (number=1), field 'provenance': " in lines[0]
    assert "record #10 (number=10), field 'colour': " in lines[1]


def test_one_line_per_problem(tmp_path, dominoes):
    dominoes["dominoes"][2]["first"]["crowns"] = -1
    dominoes["dominoes"][7]["second"]["terrain"] = "sea"
    dominoes["dominoes"][30]["provenance"] = "guessed"
    lines = _error_lines(tmp_path / "many.toml", dominoes)
    assert len(lines) == 3, lines
    assert "record #3 (number=3), field 'first.crowns'" in lines[0]
    assert "record #8 (number=8), field 'second.terrain'" in lines[1]
    assert "record #31 (number=31), field 'provenance'" in lines[2]


def test_number_out_of_range(tmp_path, dominoes):
    dominoes["dominoes"][47]["number"] = 49
    lines = _error_lines(tmp_path / "range.toml", dominoes)
    assert any("record #48 (number=49), field 'number'" in line for line in lines), lines


def test_broken_data_is_refused_by_load_game(tmp_path, dominoes):
    dominoes["dominoes"][0]["first"]["crowns"] = 9
    path = write_dominoes(tmp_path / "bad.toml", dominoes)
    with pytest.raises(DataError, match="record #1"):
        regalia.load_game("kingdomino", players=2, data=path)


def test_invalid_toml_dominoes_file(tmp_path):
    path = tmp_path / "junk.toml"
    path.write_text("[[dominoes]]\nnumber = = 1\n", encoding="utf-8")
    with pytest.raises(DataError, match="not valid TOML"):
        load_dominoes(path)
    with pytest.raises(DataError, match="no such file"):
        load_dominoes(tmp_path / "absent.toml")
