"""Broken sheet and dice files: each error names the file, the record and the field.

The bundled files are read as plain TOML, broken one fact at a time, written to
``tmp_path`` and loaded again.
"""

from __future__ import annotations

import tomllib

import pytest

from regalia.core.errors import DataError
from regalia.games.cascadito import load_dice, load_sheet
from regalia.games.cascadito.components import DEFAULT_DICE, sheet_path

from data_files import dump_toml, error_lines, one


def raw(n: int) -> dict:
    with open(sheet_path(n), "rb") as fh:
        return tomllib.load(fh)


def errors(tmp_path, data: dict, loader=load_sheet, name="broken.toml") -> list[str]:
    """The DataError lines of ``data`` written to ``tmp_path / name`` and loaded by
    ``loader`` (:func:`data_files.error_lines`)."""
    return error_lines(tmp_path / name, data, loader)


# ------------------------------------------------------------------ round trip, I/O
@pytest.mark.parametrize("n", (1, 2, 3, 4))
def test_round_trip(tmp_path, n):
    path = tmp_path / f"s{n}.toml"
    path.write_text(dump_toml(raw(n)), encoding="utf-8")
    again = load_sheet(path)
    assert again == load_sheet(n) and again.digest() == load_sheet(n).digest()


def test_missing_file(tmp_path):
    with pytest.raises(DataError, match="no such file"):
        load_sheet(tmp_path / "none.toml")


def test_not_toml(tmp_path):
    p = tmp_path / "bad.toml"
    p.write_text("number = = 1\n")
    with pytest.raises(DataError, match="not valid TOML"):
        load_sheet(p)


@pytest.mark.parametrize("n", (0, 5, True, "1"))
def test_unknown_sheet_number(n):
    with pytest.raises(DataError):
        load_sheet(n) if n != "1" else load_sheet(sheet_path(n))


# ------------------------------------------------------------------ geometry
def test_coordinate_off_the_grid(tmp_path):
    d = raw(1)
    d["towns"][2]["at"] = [3, 0]
    line = one(errors(tmp_path, d), "towns record #3")
    assert "field 'at'" in line and "x + y is even" in line


def test_town_outside_the_kingdom(tmp_path):
    d = raw(1)
    d["towns"][0]["at"] = [40, 0]
    assert one(errors(tmp_path, d), "towns record #1") == (
        "towns record #1 (colour='pink', at=[40, 0]), field 'at': [40, 0] is not a hex of "
        "the kingdom picture")


def test_duplicate_town_coordinates(tmp_path):
    d = raw(2)
    d["towns"][4]["at"] = d["towns"][3]["at"]
    line = one(errors(tmp_path, d), "towns record #5")
    assert "field 'at'" in line and "also the hex of towns record #4" in line


def test_bad_picture(tmp_path):
    d = raw(1)
    d["kingdom"]["rows"][0] = ".x. . ."
    line = one(errors(tmp_path, d), "[kingdom]")
    assert "field 'rows'" in line and "only '.'" in line


def test_picture_hex_at_odd_column(tmp_path):
    d = raw(1)
    d["kingdom"]["rows"][0] = " ." + d["kingdom"]["rows"][0][2:]
    line = one(errors(tmp_path, d), "[kingdom]")
    assert "x + y even" in line


def test_river_spaces_not_adjacent(tmp_path):
    d = raw(1)
    sp = d["rivers"][0]["spaces"]
    sp[2], sp[3] = sp[3], sp[2]
    lines = errors(tmp_path, d)
    assert any(ln.startswith("rivers record #1 (name='river'), field 'spaces[2].at': ")
               and "does not neighbour the previous space" in ln for ln in lines), lines


def test_river_flowing_the_wrong_way(tmp_path):
    d = raw(1)
    d["rivers"][0]["flows"] = "left"
    assert "field 'flows'" in one(errors(tmp_path, d), "rivers record #1")


def test_separate_river_inside_the_kingdom(tmp_path):
    d = raw(1)
    for s in d["rivers"][0]["spaces"]:
        s["at"] = [s["at"][0], 7]
    line = one(errors(tmp_path, d), "field 'spaces[0].at'")
    assert "separate from the kingdom" in line


def test_river_not_reaching_the_bridge(tmp_path):
    d = raw(3)
    d["rivers"][0]["spaces"] = d["rivers"][0]["spaces"][:-1]
    line = one(errors(tmp_path, d), "does not neighbour the bridge")
    assert line.startswith("rivers record #1 (name='west river'), field 'spaces[3].at'")


def test_special_on_a_town(tmp_path):
    d = raw(2)
    d["specials"][0]["at"] = d["towns"][0]["at"]
    line = one(errors(tmp_path, d), "specials record #1")
    assert "field 'at'" in line and "is a town" in line


def test_trade_good_next_to_a_town(tmp_path):
    d = raw(4)
    i = next(i for i, s in enumerate(d["specials"]) if s["kind"] == "trade_good")
    town = d["towns"][0]["at"]
    d["specials"][i]["at"] = [town[0] + 2, town[1]]
    lines = errors(tmp_path, d)
    assert any(f"specials record #{i + 1}" in ln and "neighbours a town" in ln for ln in lines)


def test_trade_good_shown_once(tmp_path):
    d = raw(4)
    i = next(i for i, s in enumerate(d["specials"]) if s["kind"] == "trade_good")
    d["specials"][i]["good"] = "silk"
    line = one(errors(tmp_path, d), "'silk'")
    assert line.startswith(f"specials record #{i + 1} (kind='trade_good'")
    assert "field 'good'" in line and "2 different fields" in line


def test_crown_without_colour(tmp_path):
    d = raw(4)
    i = next(i for i, s in enumerate(d["specials"]) if s["kind"] == "crown")
    del d["specials"][i]["colour"]
    lines = errors(tmp_path, d)
    assert any(f"specials record #{i + 1}" in ln and "field 'colour'" in ln
               and "needs a 'colour'" in ln for ln in lines), lines


# ------------------------------------------------------------------ tracks
def test_track_points_falling(tmp_path):
    d = raw(1)
    d["tracks"][1]["spaces"][3]["points"] = 1
    assert one(errors(tmp_path, d), "points grow") == (
        "tracks record #2 (colour='yellow'), field 'spaces[3].points': 1 is less than the "
        "space below (4); points grow bottom-up")


def test_home_points_not_higher(tmp_path):
    d = raw(2)
    d["tracks"][0]["home_points"] = 10
    line = one(errors(tmp_path, d), "tracks record #1")
    assert "field 'home_points'" in line and "not higher" in line


def test_castles_in_the_wrong_order(tmp_path):
    d = raw(2)
    d["tracks"][0], d["tracks"][1] = d["tracks"][1], d["tracks"][0]
    assert "field 'castle'" in one(errors(tmp_path, d), "home castles")


def test_duplicate_track_colour(tmp_path):
    d = raw(2)
    d["tracks"][4]["colour"] = "pink"
    lines = errors(tmp_path, d)
    assert any(ln.startswith("tracks record #5 (colour='pink'), field 'colour': a second pink")
               for ln in lines), lines


def test_white_town_on_sheet_1(tmp_path):
    d = raw(1)
    d["towns"][0]["colour"] = "white"
    line = one(errors(tmp_path, d), "forbidden colour")
    assert line.startswith("towns record #1 (colour='white', at=[6, 0]), field 'colour'")


def test_banner_too_high(tmp_path):
    d = raw(1)
    d["banners"][1]["height"] = 12
    assert "field 'height'" in one(errors(tmp_path, d), "banners record #2")


# ------------------------------------------------------------------ achievements, provenance
def test_criterion_names_a_missing_banner(tmp_path):
    d = raw(3)
    d["achievements"][0]["criterion"]["banner"] = 2
    line = one(errors(tmp_path, d), "achievements record #1")
    assert "field 'criterion.banner'" in line


def test_criterion_missing_parameter(tmp_path):
    d = raw(2)
    del d["achievements"][3]["criterion"]["count"]
    line = one(errors(tmp_path, d), "achievements record #4")
    assert "field 'criterion.count'" in line and "needs 'count'" in line


def test_criterion_field_not_markable(tmp_path):
    d = raw(3)
    d["achievements"][4]["criterion"]["fields"][0] = d["towns"][0]["at"]
    line = one(errors(tmp_path, d), "achievements record #5")
    assert "field 'criterion.fields[0]'" in line


def test_rulebook_record_without_source(tmp_path):
    d = raw(1)
    del d["achievements"][0]["source"]
    line = one(errors(tmp_path, d), "achievements record #1")
    assert "field 'source'" in line and "must name its source" in line


def test_reconstructed_record_without_note(tmp_path):
    d = raw(1)
    del d["towns"][5]["note"]
    assert "field 'note'" in one(errors(tmp_path, d), "towns record #6")


def test_field_provenance_of_an_unknown_field(tmp_path):
    d = raw(1)
    d["tracks"][0]["field_provenance"]["colur"] = "rulebook"
    assert "field 'field_provenance.colur'" in one(errors(tmp_path, d), "tracks record #1")


def test_file_stronger_than_its_records(tmp_path):
    d = raw(1)
    d["provenance"] = "rulebook"
    assert one(errors(tmp_path, d), "weakest record").startswith("field 'provenance'")


def test_unknown_key(tmp_path):
    d = raw(1)
    d["towns"][0]["size"] = 3
    assert "field 'size'" in one(errors(tmp_path, d), "towns record #1")


def test_example_scores_a_field(tmp_path):
    d = raw(2)
    d["examples"][0]["scores"] = [d["examples"][0]["mark"]]
    assert "field 'scores[0]'" in one(errors(tmp_path, d), "examples record #1")


# ------------------------------------------------------------------ dice
def raw_dice() -> dict:
    with open(DEFAULT_DICE, "rb") as fh:
        return tomllib.load(fh)


def test_dice_round_trip(tmp_path):
    p = tmp_path / "dice.toml"
    p.write_text(dump_toml(raw_dice()))
    assert load_dice(p) == load_dice()


def test_dice_duplicate_face(tmp_path):
    d = raw_dice()
    d["faces"][1]["colour"] = "blue"
    lines = errors(tmp_path, d, load_dice)
    assert any(ln.startswith("faces record #2 (colour='blue'), field 'colour'") for ln in lines)


def test_dice_black_face_with_icon(tmp_path):
    d = raw_dice()
    d["faces"][5]["icon"] = True
    assert "field 'icon'" in one(errors(tmp_path, d, load_dice), "faces record #6")


def test_dice_unknown_face_colour(tmp_path):
    d = raw_dice()
    d["dice"]["faces"][0] = "green"
    assert "[dice], field 'faces[0]'" in one(errors(tmp_path, d, load_dice), "faces[0]")
