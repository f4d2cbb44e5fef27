"""The Two Heirs score text format (``docs/games/two-heirs-score-format.md``): parsing,
errors with line and column, scoring a file, the report and the round trip."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from regalia.core.errors import NotationError
from regalia.games.two_heirs.landscape import PlacedTile
from regalia.games.two_heirs.scoring import buildings_of, roads_of, score_landscape
from regalia.games.two_heirs.textformat import (format_breakdown, format_grid,
                                                format_landscape,
                                                parse_landscape, score_sheet, score_text,
                                                winner)

from two_heirs_tiles import IDX, T, landscapes

EXAMPLE5 = """\
# Example 5 of the rulebook: white = south (seat 0), blue = north (seat 1)
# x y  tile      side
0 0    land-1    south          # road A
1 0    land-5    south
2 0    trade-3   south
0 2    war-4     north          # road B
1 2    war-8     north
2 2    patrol-3  south
5 0    travel-2  south  south   # road C, a white troop on the Inn
5 1    land-8    south
5 2    trade-5   north
5 3    trade-7   north
8 0    travel-8  north          # road D
1 1    grey      down           # open terrain between A and B
"""


def test_example_5_file_scores_its_roads():
    sheet, (white, blue) = score_text(EXAMPLE5, T, source="ex5.txt")
    assert [r.points for r in roads_of(white)] == [3, 0, 0]
    assert [r.points for r in roads_of(blue)] == [0, 1, 0]
    assert sheet.troops == {(5, 0): 0}
    assert sheet.landscape[(1, 1)].building is False
    assert T.tiles[sheet.landscape[(1, 1)].tile].colour == "grey"
    # the same as scoring the landscape directly
    direct = score_landscape(T, sheet.landscape, sheet.troops)
    assert (white.total, blue.total) == (direct[0].total, direct[1].total)
    inn = [x for x in buildings_of(white) if x.type == "inn"][0]
    assert inn.doubled and inn.points == 2 * inn.base
    # roads off, in the file or as an override
    _, (w2, b2) = score_text(EXAMPLE5 + "roads off\n", T)
    assert (white.total - w2.total, blue.total - b2.total) == (3, 1)
    assert score_sheet(sheet, T, roads=False)[0].total == w2.total


def test_tiles_by_type_and_colour():
    text = "0 0 cathedral north\n1 0 inn:grey south\n0 1 encampment:green down\n2 0 mill south\n"
    sheet = parse_landscape(text, T)
    assert sheet.landscape[(0, 0)] == PlacedTile(IDX["trade-9"], True, 1)
    assert sheet.landscape[(1, 0)] == PlacedTile(IDX["travel-1"], True, 0)
    assert sheet.landscape[(0, 1)] == PlacedTile(IDX["land-7"], False, None)
    assert sheet.landscape[(2, 0)] == PlacedTile(IDX["land-1"], True, 0)


def test_a_type_whose_copies_differ_is_ambiguous():
    with pytest.raises(NotationError) as exc:
        parse_landscape("0 0 inn south\n", T, source="f.txt")
    msg = str(exc.value)
    assert msg.startswith("f.txt:1:5: 'inn' is ambiguous")
    assert "travel-1 (grey; row; roads RL)" in msg and "write the tile id" in msg
    # an id used explicitly elsewhere is not picked for a type
    sheet = parse_landscape("0 0 market south\n1 0 travel-4 north\n", T)
    assert sheet.landscape[(0, 0)].tile == IDX["travel-5"]
    with pytest.raises(NotationError, match="1:5: no unused Market on yellow"):
        parse_landscape("0 0 market:yellow south\n1 0 travel-4 north\n", T)


@pytest.mark.parametrize("text,where,fragment", [
    ("0 0 land-1\n", "1:1", "4 or 5 fields"),
    ("0 x land-1 south\n", "1:3", "'x' is not an integer"),
    ("0 0 land-1 east\n", "1:12", "unknown side 'east'"),
    ("0 0 land-1 south west\n", "1:18", "unknown troop 'west'"),
    ("0 0 land-1 south\n  0 0 land-2 north\n", "2:3", "already given on line 1"),
    ("0 0 land-1 south\n1 0 land-1 north\n", "2:5", "already placed on line 1"),
    ("0 0 castle south\n", "1:5", "unknown tile 'castle'"),
    ("0 0 green south\n", "1:5", "a building needs its tile"),
    ("0 0 inn:blue south\n", "1:5", "unknown colour 'blue'"),
    ("0 0 cathedral south\n1 0 cathedral north\n", "2:5", "no unused Cathedral"),
    ("roads maybe\n0 0 land-1 south\n", "1:1", "'roads on' or 'roads off'"),
    ("solo 11\n0 0 land-1 south\n", "1:1", "0 to 10"),
    ("0 0 land-1 north\ntreasure 0 0\n", "2:1", "needs a 'solo N' line"),
    ("solo 1\n0 0 land-1 south\ntreasure 0 0\n", "3:1", "holds a south building"),
    ("solo 1\n0 0 land-1 north\ntreasure 0 1\n", "3:1", "holds no tile"),
    ("solo 10\n0 0 land-1 north\ntreasure 0 0\n", "1:1", "more than the 10 treasures"),
    ("# nothing\n", "1:1", "no tiles"),
    ("0 0 land-1 south s\n1 0 land-2 south s\n2 0 land-3 south s\n3 0 land-4 south s\n",
     "4:5", "more than 3 south troops"),
])
def test_errors_name_line_and_column(text, where, fragment):
    with pytest.raises(NotationError) as exc:
        parse_landscape(text, T, source="bad.txt")
    lines = str(exc.value).splitlines()
    assert any(line.startswith(f"bad.txt:{where}: ") and fragment in line for line in lines), \
        lines


def test_every_problem_is_reported():
    with pytest.raises(NotationError) as exc:
        parse_landscape("0 0 castle south\n1 y land-1 south\n2 0 land-2 up\n", T, source="f")
    assert [line.split(": ")[0] for line in str(exc.value).splitlines()] == \
        ["f:2:3", "f:3:12", "f:1:5"]


def test_solo_sheet_scores_heinrich_and_ties_lose():
    text = ("solo 1\n0 0 trade-9 north north\n1 0 land-7 north\n2 0 trade-6 south\n"
            "treasure 1 0\n")
    sheet, (human, heinrich) = score_text(text, T)
    assert sheet.solo and sheet.treasures_on_landscape == ((1, 0),)
    # Heinrich: Cathedral 5 and Encampment 2 doubled (his 3 best; troops ignored), 2 x 5
    assert heinrich.total == 10 + 4 + 10
    assert human.total == 0
    assert winner(sheet, (human, heinrich))[0] == 1
    tie = "solo 0\n0 0 trade-9 north\n5 5 land-9 south\n6 5 land-8 south\n7 5 land-7 south\n"
    sheet, bds = score_text(tie, T)
    assert (bds[0].total, bds[1].total) == (6, 10)      # 3 Encampments; Cathedral doubled
    assert winner(sheet, bds) == (1, "Heinrich wins, 10 to 6")
    # two human troops on Encampments: 4 + 4 + 2 = 10, a tie
    sheet, bds = score_text(tie.replace("5 5 land-9 south", "5 5 land-9 south south")
                            .replace("6 5 land-8 south", "6 5 land-8 south south"), T)
    assert (bds[0].total, bds[1].total) == (10, 10)
    assert winner(sheet, bds) == (1, "Heinrich wins the tie at 10 (the human loses ties)")


def test_two_player_tie_break_by_troops_in_the_reserve():
    # "If there's a tie, the player with the most troops in the royal reserve wins. If they
    # are still tied, the two heirs will need to face off again". Each player has 3 troops;
    # those not on the landscape are in the reserve.
    text = "0 0 land-7 south south\n3 0 land-8 north north\n5 0 land-9 north north\n"
    sheet, bds = score_text(text, T)
    assert (bds[0].total, bds[1].total) == (4, 8)
    assert winner(sheet, bds) == (1, "north wins, 8 to 4")
    text = ("0 0 land-7 south south\n3 0 land-8 north\n5 0 land-9 north\n"
            "6 0 war-1 north north\n7 0 war-2 north north\n")
    sheet, bds = score_text(text, T)          # 4 - 4; reserve: south 2, north 1
    assert (bds[0].total, bds[1].total) == (4, 4)
    assert sheet.reserve_troops() == (2, 1)
    assert winner(sheet, bds) == (0, "tie at 4; south wins with more troops in the royal "
                                     "reserve (2 to 1)")
    text = "0 0 land-7 south south\n3 0 land-8 north north\n"
    sheet, bds = score_text(text, T)          # 4 - 4; reserve 2 - 2
    assert (bds[0].total, bds[1].total) == (4, 4)
    assert winner(sheet, bds)[0] is None


def test_report_lists_buildings_roads_and_result():
    sheet, bds = score_text(EXAMPLE5, T)
    report = format_breakdown(T, sheet, bds)
    assert "(5, 0) Inn [travel-2]:" in report and "x2 (own troop)" in report
    assert "road over (0, 0) (1, 0) (2, 0): buildings south 3, north 0 -> 3" in report
    assert report.rstrip().splitlines()[-1].startswith("Result: ")


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(landscapes(max_tiles=25, reach=5, troops_per_seat=3), st.booleans())
def test_format_then_parse_is_the_same_landscape(lt, roads):
    land, troops = lt
    text = format_landscape(T, land, troops, roads=roads)
    sheet = parse_landscape(text, T)
    assert sheet.landscape == land and sheet.troops == troops and sheet.roads == roads


def test_the_format_documents_examples_parse():
    import re
    from pathlib import Path
    doc = (Path(__file__).parents[3] / "docs" / "games" / "two-heirs-score-format.md").read_text()
    blocks = re.findall(r"```text\n(.*?)```", doc, re.S)
    sheet, (white, blue) = score_text(blocks[0], T)
    assert (white.points("road"), blue.points("road")) == (3, 1)
    assert (white.total, blue.total) == (17, 5)


def test_grid_shows_orientation_colour_and_troops():
    sheet = parse_landscape("0 0 land-1 south south\n1 0 war-4 north\n0 1 grey down\n"
                            "1 1 trade-9 north north\n", T)
    grid = format_grid(T, sheet.landscape, sheet.troops).splitlines()
    assert grid[0].split() == ["0", "1"]
    assert grid[1] == "   1 ... s  CatvsN"
    assert grid[2] == "   0 Mil^yS Sievs"
