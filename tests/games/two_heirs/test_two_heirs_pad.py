"""Two Heirs' scoring pad (``games/two_heirs/pad.py``): the rulebook's Example 5 entered by
edits, sides, troops and the reserve, solo treasures, the parser's refusals, menus."""

from __future__ import annotations

import pytest

from regalia.core.errors import NotationError
from regalia.games.two_heirs import pad
from regalia.games.two_heirs.textformat import parse_landscape, score_text

from test_two_heirs_textformat import EXAMPLE5
from two_heirs_tiles import T

#: Example 5's tiles: (x, y, tile id or colour for open terrain, side, troop)
EXAMPLE5_TILES = [(0, 0, "land-1", "south"), (1, 0, "land-5", "south"),
                  (2, 0, "trade-3", "south"), (0, 2, "war-4", "north"),
                  (1, 2, "war-8", "north"), (2, 2, "patrol-3", "south"),
                  (5, 0, "travel-2", "south"), (5, 1, "land-8", "south"),
                  (5, 2, "trade-5", "north"), (5, 3, "trade-7", "north"),
                  (8, 0, "travel-8", "north"), (1, 1, "grey", "down")]


def enter_example5() -> str:
    text = pad.new({"players": 2})
    for x, y, tile, side in EXAMPLE5_TILES:
        if side == "down":
            text = pad.edit(text, {"op": "terrain", "x": x, "y": y, "colour": tile})
            continue
        text = pad.edit(text, {"op": "tile", "x": x, "y": y, "tile": tile})
        if side == "north":
            text = pad.edit(text, {"op": "side", "x": x, "y": y, "side": "north"})
    return pad.edit(text, {"op": "troop", "x": 5, "y": 0, "seat": "south"})


def test_example_5_entered_scores_as_its_text():
    text = enter_example5()
    _, (white, blue) = score_text(EXAMPLE5, T)
    v = pad.view(text)
    assert [p["total"] for p in v["score"]["players"]] == [white.total, blue.total]
    a, b = white.total, blue.total
    assert v["score"]["result"].startswith("South wins" if a > b else "North wins")
    mine, doc = parse_landscape(text, T), parse_landscape(EXAMPLE5, T)
    assert {p: (x.building, x.owner) for p, x in mine.landscape.items()} == \
        {p: (x.building, x.owner) for p, x in doc.landscape.items()}
    assert mine.troops == doc.troops == {(5, 0): 0}
    assert v["score"]["ranking"][0]["keys"][1] in (2, 3)     # troops in the reserve
    roads = [s for s in v["score"]["players"][0]["steps"] if s["label"] == "road"]
    assert [s["points"] for s in roads] == [3, 0, 0]
    assert roads[0]["section"].endswith("'Scoring: Roads'")
    off = pad.view(pad.edit(text, {"op": "roads", "on": False}))
    assert "roads off" in off["text"]
    assert [p["total"] for p in off["score"]["players"]] == [a - 3, b - 1]


def test_troops_the_reserve_and_the_tie_break():
    text = pad.new({"players": 2})
    for x in (1, 2, 3):
        text = pad.edit(text, {"op": "terrain", "x": x, "y": 0, "colour": "green"})
        text = pad.edit(text, {"op": "troop", "x": x, "y": 0, "seat": "north"})
    with pytest.raises(NotationError, match="more than 3 north troops on the landscape"):
        pad.edit(text, {"op": "troop", "x": 0, "y": 0, "seat": "north"})
    v = pad.view(text)["score"]
    assert [p["keys"] for p in v["players"]] == [[0, 3], [0, 0]]
    assert v["result"] == "Tie at 0; south wins with more troops in the royal reserve (3 to 0)."
    assert [r["rank"] for r in v["ranking"]] == [1, 2]


def test_solo_treasures_go_on_heinrichs_buildings_only():
    text = pad.new({"players": 1})
    assert "solo 0" in text
    text = pad.edit(text, {"op": "tile", "x": 1, "y": 0, "tile": "war-4"})
    with pytest.raises(NotationError, match="holds a south building"):
        pad.edit(text, {"op": "treasure", "x": 1, "y": 0, "on": True})
    text = pad.edit(text, {"op": "side", "x": 1, "y": 0, "side": "north"})
    text = pad.edit(text, {"op": "treasure", "x": 1, "y": 0, "on": True})
    text = pad.edit(text, {"op": "pile", "value": 9})
    with pytest.raises(NotationError, match="more than the 10 treasures"):
        pad.edit(text, {"op": "pile", "value": 10})
    v = pad.view(text)["score"]
    assert v["players"][1]["steps"][-1]["label"] == "treasures left"
    assert v["players"][1]["steps"][-1]["points"] == 50
    assert v["result"].startswith("Heinrich wins")


def test_the_tile_menu_lists_a_set_with_faces_and_what_is_placed():
    text = pad.edit(pad.new({"players": 2}), {"op": "tile", "x": 1, "y": 0, "tile": "travel-1"})
    menu = pad.view(text, "cell:2:0")["menu"]
    labels = [g["label"] for g in menu["groups"]]
    assert labels == ["Tile set (its symbol)", "Travel tiles (reconstructed)",
                      "Open terrain (face down)"]
    tiles = menu["groups"][1]["options"]
    assert len(tiles) == 9 and all(o["svg"].startswith("<svg") for o in tiles)
    inn = tiles[0]
    assert inn["label"] == "Inn" and inn["edit"] is None and inn["note"] == "travel-1, at 1, 0"
    war = pad.view(text, "cell:2:0:war")["menu"]
    assert war["groups"][1]["label"] == "War tiles (reconstructed)"
    assert war["groups"][0]["options"][3]["focus"] == "cell:2:0:war"
    with pytest.raises(NotationError, match="travel-1 lies at 1, 0 already"):
        pad.edit(text, {"op": "tile", "x": 2, "y": 0, "tile": "travel-1"})
    own = pad.view(text, "cell:1:0")["menu"]
    assert [g["label"] for g in own["groups"]][:2] == ["Whose building",
                                                       "Troop on it (each side has 3)"]


def test_the_last_tile_stays_and_open_terrain_has_no_owner():
    text = pad.new({"players": 2})
    with pytest.raises(NotationError, match="the last tile stays"):
        pad.edit(text, {"op": "clear", "x": 0, "y": 0})
    with pytest.raises(NotationError, match="open terrain belongs to no one"):
        pad.edit(text, {"op": "side", "x": 0, "y": 0, "side": "north"})
    with pytest.raises(NotationError, match="no tile at 4, 4"):
        pad.edit(text, {"op": "troop", "x": 4, "y": 4, "seat": "south"})
