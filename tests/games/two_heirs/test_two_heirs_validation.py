"""Broken Two Heirs data files are rejected with one line per problem naming the file, the
record (position and id) and the field; the road and formation notations round-trip.

Facts enforced (``docs/data/two-heirs.md``, "Facts and their provenance"): 6 sets x 9 tiles,
the types of each set ("Tile effects by set"), 3 tiles of each colour per set (review), the
example costs, a green Siege Tower, a Pilgrimage Site with two road ends, more than one
Encampment, Farm/Sawmill/Quarry colours, Pilgrimage Sites not connecting roads.
"""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path

import pytest
from pydantic import ValidationError

from regalia.core.errors import DataError
from regalia.games.two_heirs import (COMPASS, EDGES, Cell, FormationPair, RoadSection, Tile,
                                     load_tiles, load_treasures, rotate_cell, rotate_edge)
from regalia.games.two_heirs.components import DEFAULT_TILES, DEFAULT_TREASURES

from data_files import dump_toml, error_lines, one


# ------------------------------------------------------------------ helpers
def bundled(path: Path = DEFAULT_TILES) -> dict:
    with open(path, "rb") as fh:
        return tomllib.load(fh)


def errors(path: Path, data: dict, loader=load_tiles) -> list[str]:
    """The DataError lines of ``data`` written to ``path`` and loaded by ``loader``
    (:func:`data_files.error_lines`)."""
    return error_lines(path, data, loader)


def rec(data: dict, tile_id: str) -> dict:
    return next(r for r in data["tiles"] if r["id"] == tile_id)


def pos(data: dict, tile_id: str) -> int:
    return [r["id"] for r in data["tiles"]].index(tile_id) + 1


@pytest.fixture
def data() -> dict:
    return bundled()


# ------------------------------------------------------------------ files
def test_missing_file(tmp_path):
    path = tmp_path / "none.toml"
    with pytest.raises(DataError) as exc:
        load_tiles(path)
    assert str(exc.value) == f"{path}: no such file"


def test_bundled_data_round_trips_through_toml(tmp_path, data):
    tiles = load_tiles()
    path = tmp_path / "copy.toml"
    path.write_text(dump_toml(data), encoding="utf-8")
    assert load_tiles(path) == tiles
    dumped = tiles.model_dump(mode="json", exclude_none=True)
    path.write_text(dump_toml(dumped), encoding="utf-8")
    again = load_tiles(path)
    assert again == tiles and again.digest() == tiles.digest()
    trs = load_treasures()
    tpath = tmp_path / "treasures.toml"
    tpath.write_text(dump_toml(trs.model_dump(mode="json", exclude_none=True)), "utf-8")
    assert load_treasures(tpath) == trs


# ------------------------------------------------------------------ the required broken files
def test_unknown_type_for_a_set(tmp_path, data):
    rec(data, "travel-5")["type"] = "cathedral"
    line = one(errors(tmp_path / "f.toml", data), "field 'type'")
    assert line.startswith(f"tiles record #{pos(data, 'travel-5')} (id='travel-5'), field "
                           "'type': 'cathedral' is not a building of the Travel set")
    assert "Trade & Church" in line


def test_type_that_does_not_exist(tmp_path, data):
    rec(data, "war-3")["type"] = "catapult"
    line = one(errors(tmp_path / "f.toml", data), "field 'type'")
    assert line.startswith(f"tiles record #{pos(data, 'war-3')} (id='war-3'), field 'type'")


def test_wrong_colour_count(tmp_path, data):
    rec(data, "war-3")["colour"] = "green"            # war: 4 green, 2 grey
    lines = errors(tmp_path / "f.toml", data)
    green = one(lines, "4 green")
    assert green.startswith(f"tiles record #{pos(data, 'war-6')} (id='war-6'), field 'colour'")
    assert f"#{pos(data, 'war-3')} war-3" in green      # every green tile of the set listed
    assert "set 'war' has 4 green tiles" in green and "expected 3 green" in green
    grey = one(lines, "2 grey")
    assert "field 'colour'" in grey and "(id=" in grey


def test_bad_road_edge(tmp_path, data):
    rec(data, "travel-1")["roads"] = ["RL", "TX"]
    line = one(errors(tmp_path / "f.toml", data), "roads")
    assert line.startswith(f"tiles record #{pos(data, 'travel-1')} (id='travel-1'), field "
                           "'roads[1]': road section 'TX': unknown edge 'X'")


def test_edge_in_two_sections(tmp_path, data):
    rec(data, "travel-1")["roads"] = ["RL", "TL"]
    line = one(errors(tmp_path / "f.toml", data), "roads")
    assert "(id='travel-1'), field 'roads[1]': edge L (left) is also in road section 1" in line


def test_duplicate_id(tmp_path, data):
    rec(data, "war-4")["id"] = "war-3"
    line = one(errors(tmp_path / "f.toml", data), "unique")
    assert line == (f"tiles record #{pos(data, 'war-3') + 1} (id='war-3'), field 'id': id "
                    f"'war-3' is also tiles record #{pos(data, 'war-3')}; ids must be unique")


# ------------------------------------------------------------------ the other facts
def test_wrong_number_of_tiles_in_a_set(tmp_path, data):
    data["tiles"] = [r for r in data["tiles"] if r["id"] != "war-9"]
    lines = errors(tmp_path / "f.toml", data)
    one(lines, "53 tiles, expected 54")
    one(lines, "set 'war' (War) has 8 tiles, expected 9")


def test_missing_type_in_a_set(tmp_path, data):
    for r in data["tiles"]:
        if r["type"] == "cathedral":
            r["type"] = "quarry"
            r["colour"] = "grey"
    assert "no cathedral" in one(errors(tmp_path / "f.toml", data), "trade-church")


def test_example_cost_missing(tmp_path, data):
    rec(data, "travel-1")["cost"] = {"stone": 1, "wheat": 2}
    line = one(errors(tmp_path / "f.toml", data), "no Inn costs")
    assert "field 'cost'" in line and "2 stone + 1 wheat" in line and "Example 2" in line


def test_no_green_siege_tower(tmp_path, data):
    for tid, colour in (("war-1", "yellow"), ("war-2", "yellow"), ("war-8", "green"),
                        ("war-9", "green")):
        rec(data, tid)["colour"] = colour
    rec(data, "war-1").pop("field_provenance")
    line = one(errors(tmp_path / "f.toml", data), "Siege Tower is green")
    assert "field 'colour'" in line and "(id='war-5')" in line   # the last Siege Tower


def test_one_encampment_is_not_enough(tmp_path, data):
    rec(data, "land-8")["type"] = "mine"
    rec(data, "land-9")["type"] = "mill"
    line = one(errors(tmp_path / "f.toml", data), "only one Encampment")
    assert "(id='land-7'), field 'type'" in line


def test_pilgrimage_site_connecting_roads(tmp_path, data):
    rec(data, "travel-6")["roads"] = ["TB"]
    lines = errors(tmp_path / "f.toml", data)
    line = one(lines, "doesn't connect roads")
    assert "(id='travel-6'), field 'roads[0]'" in line


def test_no_pilgrimage_site_with_two_road_ends(tmp_path, data):
    rec(data, "travel-6")["roads"] = ["T"]
    assert "field 'roads'" in one(errors(tmp_path / "f.toml", data), "two road ends")


def test_farm_on_the_wrong_colour(tmp_path, data):
    rec(data, "trade-1")["colour"] = "green"
    rec(data, "trade-3")["colour"] = "yellow"        # keep the counts right
    line = one(errors(tmp_path / "f.toml", data), "(id='trade-1')")
    assert "field 'colour': a Farm is yellow" in line


@pytest.mark.parametrize("tile_id,field,value,expected", [
    ("travel-1", "direction", None, "field 'direction': an Inn shows its direction"),
    ("travel-5", "direction", "row", "field 'direction': only an Inn or a Watchtower"),
    ("trade-6", "target", "guildhall", "field 'target': a Trading Post cannot target"),
    ("crafts-7", "target", None, "field 'target': a Guildhall shows its target"),
    ("crafts-1", "formation", None, "field 'formation': a Basket Shop shows its formation"),
    ("war-1", "formation", ["W+E"], "field 'formation': only a Basket Shop"),
    ("crafts-1", "formation", ["W+W"], "field 'formation[0]'"),
    ("crafts-1", "formation", ["W:green+E:grey"], "must hold one green and one yellow"),
    ("crafts-1", "formation", ["Q+E"], "unknown position 'Q'"),
    ("travel-2", "cost", {"wood": 5}, "field 'cost.wood'"),
    ("travel-2", "cost", {"gold": 1}, "field 'cost.gold'"),
])
def test_bad_parameters(tmp_path, data, tile_id, field, value, expected):
    r = rec(data, tile_id)
    if value is None:
        r.pop(field)
    else:
        r[field] = value
    line = one(errors(tmp_path / "f.toml", data), expected)
    assert line.startswith(f"tiles record #{pos(data, tile_id)} (id={tile_id!r}), field")


def test_reconstructed_record_needs_a_note(tmp_path, data):
    rec(data, "war-7").pop("note")
    assert "(id='war-7'), field 'note'" in one(errors(tmp_path / "f.toml", data), "note")


def test_field_provenance_needs_a_source_and_a_real_field(tmp_path, data):
    rec(data, "war-1").pop("source")
    rec(data, "war-2")["field_provenance"] = {"size": "rulebook"}
    lines = errors(tmp_path / "f.toml", data)
    assert "(id='war-1'), field 'source'" in one(lines, "war-1")
    assert "(id='war-2'), field 'field_provenance.size'" in one(lines, "'size'")


def test_file_provenance_cannot_be_stronger_than_its_records(tmp_path, data):
    data["provenance"] = "verified"
    assert one(errors(tmp_path / "f.toml", data), "weakest").startswith("field 'provenance'")


def test_several_problems_are_all_reported(tmp_path, data):
    rec(data, "travel-1")["roads"] = ["Z"]
    rec(data, "crafts-9")["target"] = "inn"
    lines = errors(tmp_path / "f.toml", data)
    one(lines, "(id='travel-1')")
    one(lines, "(id='crafts-9')")


def test_a_user_transcription_with_other_choices_loads(tmp_path, data):
    # another valid manifest: swap two colours within a set, change a reconstructed cost,
    # turn a road, pin a formation's colours
    rec(data, "travel-2")["colour"], rec(data, "travel-3")["colour"] = "yellow", "green"
    rec(data, "travel-2")["cost"] = {"wood": 1, "stone": 1}
    rec(data, "travel-9")["roads"] = ["TR"]
    rec(data, "crafts-1")["formation"] = ["W:green+E:yellow"]
    path = tmp_path / "mine.toml"
    path.write_text(dump_toml(data), encoding="utf-8")
    tiles = load_tiles(path)
    assert tiles.digest() != load_tiles().digest()
    assert str(tiles.by_id("crafts-1").formation[0]) == "W:green+E:yellow"


# ------------------------------------------------------------------ treasures
@pytest.fixture
def tdata() -> dict:
    return bundled(DEFAULT_TREASURES)


def test_treasure_count_and_duplicate_id(tmp_path, tdata):
    tdata["treasures"][1]["id"] = "treasure-1"
    tdata["treasures"].pop()
    lines = errors(tmp_path / "t.toml", tdata, load_treasures)
    one(lines, "9 treasures, expected 10")
    assert one(lines, "unique").startswith("treasures record #2 (id='treasure-1'), field 'id'")


@pytest.mark.parametrize("index,change,expected", [
    (0, {"colour": None}, "record #1 (id='treasure-1'), field 'colour'"),
    (0, {"cells": ["N:green", "S:green"]}, "field 'cells': only a formation"),
    (6, {"cells": ["N:grey"]}, "record #7 (id='treasure-7'), field 'cells': 'at least 2"),
    (6, {"cells": ["N:grey", "S"]}, "field 'cells[1]': cell S needs a colour"),
    (6, {"cells": ["N:grey", "N:green"]}, "field 'cells[1]': position N appears twice"),
    (6, {"colour": "grey"}, "field 'colour': a formation condition"),
    (6, {"cells": ["N:brown", "S:grey"]}, "unknown colour 'brown'"),
    (0, {"kind": "diagonal"}, "field 'kind'"),
])
def test_bad_treasures(tmp_path, tdata, index, change, expected):
    r = tdata["treasures"][index]
    for k, v in change.items():
        if v is None:
            r.pop(k)
        else:
            r[k] = v
    one(errors(tmp_path / "t.toml", tdata, load_treasures), expected)


def test_treasures_need_brown_and_all_kinds(tmp_path, tdata):
    for r in tdata["treasures"]:
        if r["kind"] == "horizontal":
            r["kind"] = "vertical"
        if r.get("colour") == "any":
            r["colour"] = "green"
        if "cells" in r:
            r["cells"] = [c.replace("any", "grey") for c in r["cells"]]
    lines = errors(tmp_path / "t.toml", tdata, load_treasures)
    one(lines, "no horizontal condition")
    one(lines, "brown")


# ------------------------------------------------------------------ road and formation model
@pytest.mark.parametrize("text,canonical", [("TB", "TB"), ("bt", "TB"), ("LR", "RL"),
                                             ("LBR", "RBL"), ("B", "B"), ("LTRB", "TRBL")])
def test_road_section_notation_round_trips(text, canonical):
    sec = RoadSection.model_validate(text)
    assert str(sec) == canonical and sec.model_dump() == canonical
    assert RoadSection.model_validate(sec.model_dump()) == sec
    assert RoadSection.model_validate({"edges": list(sec.edges)}) == sec
    assert sec.rotated(2).rotated(2) == sec and sec.rotated(1).rotated(3) == sec


def test_road_rotation_for_the_opponent():
    assert [rotate_edge(e) for e in EDGES] == ["B", "L", "T", "R"]
    assert rotate_edge("T", 1) == "R"
    assert str(RoadSection.model_validate("RB").rotated()) == "TL"
    assert str(RoadSection.model_validate("B").rotated()) == "T"


def test_tile_roads_round_trip_and_turn():
    tiles = load_tiles()
    for t in tiles.tiles:
        dumped = t.model_dump(mode="json", exclude_none=True)
        assert Tile.model_validate(dumped) == t
        assert [str(s) for s in t.roads] == dumped["roads"]
        turned = t.roads_turned()
        assert {rotate_edge(e) for e in t.road_edges} == {e for s in turned for e in s.edges}
        assert len(turned) == len(t.roads)
    crossing = tiles.by_id("travel-7")
    assert [str(s) for s in crossing.roads_turned()] == ["B", "L", "T", "R"]


@pytest.mark.parametrize("bad", ["", "TT", "X", "T-B"])
def test_bad_road_sections(bad):
    with pytest.raises(ValidationError):
        RoadSection.model_validate(bad)


def test_cells_and_formations_round_trip_and_turn():
    assert [rotate_cell(c) for c in COMPASS] == ["S", "SW", "W", "NW", "N", "NE", "E", "SE"]
    cell = Cell.model_validate("nw:Green")
    assert str(cell) == "NW:green" and cell.offset == (-1, -1)
    assert cell.rotated().offset == (1, 1)
    pair = FormationPair.model_validate("W:green+NE:yellow")
    assert FormationPair.model_validate(pair.model_dump()) == pair
    assert str(pair.rotated()) == "E:green+SW:yellow"
    with pytest.raises(ValidationError):
        FormationPair.model_validate("W+E+N")
    with pytest.raises(ValidationError):
        FormationPair.model_validate("W:green+E")


def test_tile_model_is_frozen_and_strict():
    t = load_tiles().tiles[0]
    with pytest.raises(ValidationError):
        t.colour = "green"
    with pytest.raises(ValidationError):
        Tile.model_validate({**t.model_dump(mode="json"), "crowns": 1})
    assert copy.deepcopy(t) == t
