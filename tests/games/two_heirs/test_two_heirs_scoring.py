"""Two Heirs scoring of every building type on hand-worked positions, for both owners'
orientations, with and without a troop on the building.

Rulebook (``two-heirs.rulebook.en.txt``), "Scoring" and "Tile effects by set"; rulings S1-S8
in ``docs/rulings/two-heirs.md`` ("Scoring and solo rulings"). Table frame: x east, y north;
seat 0 sits south (its tiles' top edge faces north), seat 1 north (turned by 180 degrees).
Tiles are the bundled reconstruction, named by id; open terrain is written by colour.
"""

from __future__ import annotations

import pytest

from regalia.games.two_heirs.components import TileSet
from regalia.games.two_heirs.landscape import PlacedTile, cell_offset, edge_direction, tables
from regalia.games.two_heirs.scoring import (buildings_of, roads_of, score_heinrich,
                                             score_heinrich_totals, score_landscape,
                                             score_totals, treasures_of)

from two_heirs_tiles import IDX, T, b

OPEN = {"green": "land-3", "grey": "land-2", "yellow": "land-1"}


def o(colour: str) -> PlacedTile:
    """Open terrain of ``colour`` (a tile of that colour face down)."""
    return PlacedTile(IDX[OPEN[colour]], False, None)


def building(land, pos, troops=None, tiles=T, roads=False):
    """The BuildingScore at ``pos`` (looked up in its owner's breakdown)."""
    bds = score_landscape(tiles, land, troops or {}, roads=roads)
    owner = land[pos].owner
    (hit,) = [x for x in buildings_of(bds[owner]) if x.position == pos]
    return hit


def modified(**changes) -> TileSet:
    """The bundled tile set with some tiles' fields changed (still a valid file)."""
    data = T.model_dump(mode="json", exclude_none=True)
    for rec in data["tiles"]:
        if rec["id"] in changes:
            rec.update(changes[rec["id"]])
    return TileSet.model_validate(data)


# ------------------------------------------------------------------ frame
def test_frame_seat0_top_north_seat1_top_south():
    # B.1: "Always place the tile with the bottom edge towards yourself. Your buildings will
    # be upside down for your opponent." Seat 0 sits south, seat 1 north.
    assert [edge_direction(e, 0) for e in "TRBL"] == [0, 1, 2, 3]   # N E S W
    assert [edge_direction(e, 1) for e in "TRBL"] == [2, 3, 0, 1]   # S W N E
    assert cell_offset("N", 0) == (0, 1) and cell_offset("E", 0) == (1, 0)
    assert cell_offset("N", 1) == (0, -1) and cell_offset("E", 1) == (-1, 0)
    assert cell_offset("SW", 0) == (-1, -1) and cell_offset("SW", 1) == (1, 1)


def test_placed_tile_checks_owner():
    with pytest.raises(ValueError, match="owner"):
        PlacedTile(0, True, None)
    with pytest.raises(ValueError, match="belongs to no one"):
        PlacedTile(0, False, 1)


def test_tables_cached_per_tileset():
    assert tables(T) is tables(T)
    tt = tables(T)
    assert tt.sections[0][IDX["travel-8"]] == (1 << 2,)      # "B": south for seat 0
    assert tt.sections[1][IDX["travel-8"]] == (1 << 0,)      # north for seat 1


# ------------------------------------------------------------------ troops
@pytest.mark.parametrize("owner", [0, 1])
def test_own_troop_doubles_opponent_troop_does_not(owner):
    # "If you have troops located on any of your buildings at the end of the game, you score
    # double the usual amount of points for that building. If your opponent has troops
    # located on any of your buildings, it doesn't affect scoring in any way."
    land = {(0, 0): b("trade-9", owner)}
    assert building(land, (0, 0)).points == 5
    own = building(land, (0, 0), {(0, 0): owner})
    assert (own.base, own.doubled, own.points) == (5, True, 10)
    theirs = building(land, (0, 0), {(0, 0): 1 - owner})
    assert (theirs.doubled, theirs.points) == (False, 5)


# ------------------------------------------------------------------ Travel
@pytest.mark.parametrize("owner", [0, 1])
def test_inn_row(owner):
    # "1 point for each tile in the same row or column (as depicted on the tile) as the Inn,
    # with a maximum of 3 tiles in both directions. The Inn itself is also worth 1 point."
    # travel-3: a row Inn. East: 4 tiles (3 count); west: 1 tile; column tiles do not count.
    land = {(0, 0): b("travel-3", owner), (1, 0): o("green"), (2, 0): o("grey"),
            (3, 0): b("land-5", 1 - owner), (4, 0): o("green"), (-1, 0): o("yellow"),
            (0, 1): o("grey"), (0, -1): o("grey")}
    assert building(land, (0, 0)).base == 1 + 3 + 1
    assert building(land, (0, 0), {(0, 0): owner}).points == 10


@pytest.mark.parametrize("owner", [0, 1])
def test_inn_column_and_maximum_7(owner):
    # travel-2: a column Inn; a half turn maps a column to a column.
    land = {(0, 0): b("travel-2", owner), (1, 0): o("grey"), (-1, 0): o("grey")}
    for k in range(1, 5):
        land[(0, k)] = o("green")
        land[(0, -k)] = o("yellow")
    assert building(land, (0, 0)).base == 7      # "it can score a maximum of 7 points"
    del land[(0, -1)], land[(0, -2)], land[(0, -3)], land[(0, -4)]
    assert building(land, (0, 0)).base == 4
    assert building(land, (0, 0), {(0, 0): owner}).points == 8


def test_inn_line_need_not_be_contiguous():
    # Ruling S2: the Inn counts the nearest 3 tiles each way along its line, gaps allowed
    # ("each tile in the same row ... with a maximum of 3 tiles in both directions").
    land = {(0, 0): b("travel-3", 0), (2, 0): o("green"), (5, 0): o("grey"),
            (9, 0): o("grey"), (12, 0): o("grey"), (-3, 0): o("yellow")}
    assert building(land, (0, 0)).base == 1 + 3 + 1


@pytest.mark.parametrize("owner", [0, 1])
def test_market(owner):
    # "1 point for each tile orthogonally adjacent to the market. The Market itself is also
    # worth 1 point, which means it can score a maximum of 5 points."
    land = {(0, 0): b("travel-5", owner), (0, 1): o("green"), (1, 0): b("trade-9", 1 - owner),
            (0, -1): b("land-5", owner), (1, 1): o("grey"), (-1, -1): o("grey")}
    assert building(land, (0, 0)).base == 4
    assert building(land, (0, 0), {(0, 0): owner}).points == 8
    land[(-1, 0)] = o("yellow")
    assert building(land, (0, 0)).base == 5


@pytest.mark.parametrize("owner", [0, 1])
def test_pilgrimage_site_longest_road(owner):
    # "Score a number of points equal to the number of tiles of the longest continuous road
    # connected to the Pilgrimage Site, regardless of who owns the buildings on the road."
    # travel-6: road ends T and B (north and south for seat 0, south and north for seat 1).
    land = {(0, 0): b("travel-6", owner),
            (0, 1): b("land-8", 0), (0, 2): b("trade-5", 1), (0, 3): o("grey"),   # 3 tiles
            (0, -1): b("trade-7", 1 - owner), (0, -2): b("war-2", owner),
            (0, -3): b("patrol-1", 0), (0, -4): b("crafts-1", 1),               # 5 tiles
            (1, 0): b("land-1", owner)}       # an east-west road: not connected
    assert building(land, (0, 0)).base == 5
    assert building(land, (0, 0), roads=True).base == 5
    assert building(land, (0, 0), {(0, 0): owner}).points == 10


def test_pilgrimage_site_counts_the_whole_road_with_its_branches():
    # Ruling S4 against the path reading (issue 17): "the number of tiles of the longest
    # continuous road" (German "Anzahl an Plättchen entlang der längsten Straße") counts
    # the tiles of the road as road scoring defines it, a junction's branches included.
    # The site's north end meets a Market (travel-4, a junction E-S-W for seat 0); the
    # road branches east over 2 tiles and west over 1: 5 tiles, where a path would take 4.
    land = {(0, 0): b("travel-6", 0), (0, 1): b("travel-4", 0),
            (1, 1): b("land-1", 0), (2, 1): b("land-1", 1), (-1, 1): b("land-1", 1)}
    assert building(land, (0, 0)).base == 5
    del land[(2, 1)]  # branches of 1 and 1: 4 (a path: 3)
    assert building(land, (0, 0)).base == 4


def test_pilgrimage_site_alone_scores_1_and_counts_once():
    # "The Pilgrimage Site itself also counts as a road, which means it scores 1 point even
    # if no other roads are connected to it."
    land = {(0, 0): b("travel-6", 0), (1, 0): b("land-1", 1), (0, 1): o("grey")}
    assert building(land, (0, 0)).base == 1
    # Ruling S4: a road leaving one road end and coming back to another is one road; the
    # site counts once. travel-7 (4 road ends) with a loop N -> (0,1) -> (1,1) -> (1,0) -> E.
    loop = {(0, 0): b("travel-7", 0),
            (0, 1): b("land-4", 0),            # R-B bend: east and south
            (1, 1): b("travel-9", 0)}          # B-L bend: south and west
    assert building(loop, (0, 0)).base == 3
    loop[(1, 0)] = b("patrol-6", 1)            # T-L turned: south and east, no loop
    assert building(loop, (0, 0)).base == 3
    loop[(1, 0)] = b("patrol-6", 0)            # T-L: north and west, closes the loop
    assert building(loop, (0, 0)).base == 4    # 4 tiles, the site once
    (road,) = [r.road for r in roads_of(score_landscape(T, loop, {})[0])]
    assert road.tiles == ((0, 0), (0, 1), (1, 0), (1, 1)) and road.buildings == (4, 0)


def test_pilgrimage_crossing_roads_are_separate():
    # "The Pilgrimage Site tile doesn't connect roads – it acts as an end point for each road
    # connected to it." travel-7 has 4 separate road ends.
    land = {(0, 0): b("travel-7", 0),
            (-1, 0): b("land-1", 0), (-2, 0): b("land-5", 1), (-3, 0): b("trade-3", 0),
            (1, 0): b("war-4", 1),
            (0, 1): b("land-8", 1)}
    assert building(land, (0, 0)).base == 4          # west road: site + 3 tiles
    assert building(land, (0, 0), roads=False).base == 4   # its own count needs no road scoring


@pytest.mark.parametrize("owner", [0, 1])
def test_robber_barony(owner):
    # "2 points for each of your opponent's buildings orthogonally adjacent to the Robber
    # Barony. The Robber Barony itself is also worth 2 points."
    opp = 1 - owner
    land = {(0, 0): b("travel-8", owner), (0, 1): b("trade-9", opp), (1, 0): b("land-5", opp),
            (0, -1): b("land-6", owner), (-1, 0): o("green"), (1, 1): b("land-2", opp)}
    assert building(land, (0, 0)).base == 2 + 2 * 2
    assert building(land, (0, 0), {(0, 0): owner}).points == 12
    land[(-1, 0)] = b("land-3", opp)
    land[(0, -1)] = b("land-4", opp)
    assert building(land, (0, 0)).base == 10     # "a maximum of 10 points"


# ------------------------------------------------------------------ Land & Industry
@pytest.mark.parametrize("owner", [0, 1])
@pytest.mark.parametrize("tid,colour", [("land-1", "yellow"), ("land-2", "grey"),
                                        ("land-3", "green")])
def test_mill_mine_cowshed_area(owner, tid, colour):
    # Mill: "1 point for every yellow tile (field) within a contiguous area of yellow tiles
    # orthogonally connected (with adjacent edges) to the Mill, including your opponent's
    # yellow tiles and yellow open terrain. The Mill itself is also worth 1 point."
    other = "green" if colour != "green" else "grey"
    land = {(0, 0): b(tid, owner), (1, 0): o(colour), (2, 0): o(colour), (2, 1): o(colour),
            (0, 1): o(other), (0, 2): o(colour),          # cut off by a tile of another colour
            (-1, -1): o(colour),                          # diagonal only: not connected
            (0, -1): o(other)}
    # the opponent's building of the colour joins the area: put one at (3, 1)
    opp_tile = {"yellow": "land-4", "grey": "land-5", "green": "land-6"}[colour]
    land[(3, 1)] = b(opp_tile, 1 - owner)
    got = building(land, (0, 0))
    assert got.base == 1 + 4        # ruling S5: the Mill's own square is its "itself" point
    assert building(land, (0, 0), {(0, 0): owner}).points == 10


@pytest.mark.parametrize("owner", [0, 1])
@pytest.mark.parametrize("tid,colour", [("land-4", "yellow"), ("land-5", "grey"),
                                        ("land-6", "green")])
def test_bakery_smithy_lodge(owner, tid, colour):
    # Bakery: "1 point for each of your buildings on yellow tiles. The Bakery itself is also
    # worth 1 point." Smithy grey, Lodge green.
    same = {"yellow": ("trade-1", "travel-4"), "grey": ("trade-9", "travel-5"),
            "green": ("trade-3", "travel-9")}[colour]
    land = {(0, 0): b(tid, owner), (5, 5): b(same[0], owner), (-3, 2): b(same[1], owner),
            (1, 0): b({"yellow": "trade-2", "grey": "trade-5", "green": "trade-4"}[colour],
                      1 - owner),                         # the opponent's: not counted
            (0, 1): o(colour)}                            # open terrain: not a building
    got = building(land, (0, 0))
    assert got.base == 1 + 2        # ruling S6: its own tile is its "itself" point, once
    assert building(land, (0, 0), {(0, 0): owner}).points == 6


@pytest.mark.parametrize("owner", [0, 1])
def test_encampment_unused_scores_2_used_is_open_terrain(owner):
    # "If you haven't used the Encampment's effect by the end of the game, it scores 2
    # points." Using it flips it "face down": open terrain, no owner, no points.
    land = {(0, 0): b("land-7", owner)}
    assert building(land, (0, 0)).base == 2
    assert building(land, (0, 0), {(0, 0): owner}).points == 4
    used = {(0, 0): o("green")}
    assert score_totals(T, used, {(0, 0): owner}) == (0, 0)


# ------------------------------------------------------------------ Trade & Church
@pytest.mark.parametrize("owner", [0, 1])
@pytest.mark.parametrize("tid", ["trade-1", "trade-3", "trade-5"])
def test_producers_score_nothing(owner, tid):
    # Farm, Sawmill, Quarry give resources; no scoring text.
    land = {(0, 0): b(tid, owner)}
    assert building(land, (0, 0), {(0, 0): owner}).points == 0


@pytest.mark.parametrize("owner", [0, 1])
def test_trading_post(owner):
    # "Score 3 points for each of your buildings of the type depicted on the Trading Post:
    # Farms, Sawmills, or Quarries." trade-7 depicts Sawmills.
    land = {(0, 0): b("trade-7", owner), (1, 0): b("trade-3", owner), (9, 9): b("trade-4", owner),
            (0, 1): b("trade-1", owner)}          # a Farm: another type
    assert building(land, (0, 0)).base == 6
    land[(9, 9)] = b("trade-4", 1 - owner)        # the opponent's Sawmill: not counted
    assert building(land, (0, 0)).base == 3
    assert building(land, (0, 0), {(0, 0): owner}).points == 6


@pytest.mark.parametrize("owner", [0, 1])
def test_cathedral(owner):
    # "Score 5 points."
    assert building({(0, 0): b("trade-9", owner)}, (0, 0)).base == 5


# ------------------------------------------------------------------ War
@pytest.mark.parametrize("owner", [0, 1])
def test_siege_tower_and_stronghold(owner):
    # Siege Tower: "Siege Towers themselves are not worth any points." Stronghold: "1 point
    # for each of your Siege Towers and Strongholds anywhere on the play area, including
    # this one."
    land = {(0, 0): b("war-6", owner), (1, 0): b("war-1", owner), (7, -3): b("war-2", owner),
            (2, 0): b("war-7", owner), (0, 1): b("war-3", 1 - owner),
            (0, -1): PlacedTile(IDX["war-5"], False, None)}     # face down: not a building
    assert building(land, (0, 0)).base == 2 + 2
    assert building(land, (1, 0), {(1, 0): owner}).points == 0
    assert building(land, (0, 0), {(0, 0): owner}).points == 8


# ------------------------------------------------------------------ Patrol
@pytest.mark.parametrize("owner", [0, 1])
def test_watchtower_row_counts_colour(owner):
    # "1 point per tile of the same type as the Watchtower, located in its column or row (as
    # depicted on the tile). This includes your own buildings, your opponent's buildings, and
    # open terrain. The Watchtower itself is also worth 1 point." Ruling S3: type = the tile
    # type (colour), whole line, no range limit. patrol-1: yellow, row.
    land = {(0, 0): b("patrol-1", owner), (1, 0): o("yellow"), (3, 0): b("travel-4", 1 - owner),
            (-1, 0): o("grey"), (-6, 0): b("land-4", owner),
            (2, 0): b("patrol-3", owner),        # a green Watchtower: not the same colour
            (0, 1): o("yellow")}                 # its column: not counted
    assert building(land, (0, 0)).base == 1 + 3
    assert building(land, (0, 0), {(0, 0): owner}).points == 8


@pytest.mark.parametrize("owner", [0, 1])
def test_watchtower_column(owner):
    # patrol-4: green, column.
    land = {(0, 0): b("patrol-4", owner), (0, 1): o("green"), (0, -2): o("green"),
            (0, 2): o("grey"), (1, 0): o("green")}
    assert building(land, (0, 0)).base == 3


@pytest.mark.parametrize("owner", [0, 1])
def test_garrison(owner):
    # "2 points per Watchtower (yours or your opponent's) diagonally in line with your
    # Garrison, regardless of distance."
    land = {(0, 0): b("patrol-7", owner), (1, 1): b("patrol-1", 1 - owner),
            (3, -3): b("patrol-2", owner), (-1, -1): b("land-1", 0),
            (-4, 4): b("patrol-5", 0),
            (-2, 2): PlacedTile(IDX["patrol-6"], False, None),   # face down: open terrain
            (0, 2): b("patrol-3", owner)}                         # not on a diagonal
    assert building(land, (0, 0)).base == 2 * 3
    assert building(land, (0, 0), {(0, 0): owner}).points == 12


# ------------------------------------------------------------------ Crafts
@pytest.mark.parametrize("owner", [0, 1])
def test_basket_shop_pairs(owner):
    # "3 points per pair of green and yellow tiles in the formation depicted on the tile
    # (diagonally or orthogonally). Your opponent's tiles and open terrain tiles also count.
    # If the above condition is not met, the tile does not score any points."
    # crafts-2: pairs W+E and N+S.
    land = {(0, 0): b("crafts-2", owner), (-1, 0): o("green"), (1, 0): b("land-4", 1 - owner),
            (0, 1): o("yellow"), (0, -1): o("grey")}
    assert building(land, (0, 0)).base == 3
    land[(0, -1)] = o("green")
    assert building(land, (0, 0)).base == 6
    assert building(land, (0, 0), {(0, 0): owner}).points == 12
    land[(1, 0)] = o("green")                    # green + green: not a pair
    assert building(land, (0, 0)).base == 3
    del land[(0, 1)]
    assert building(land, (0, 0)).base == 0


@pytest.mark.parametrize("owner", [0, 1])
def test_pottery_and_cooperage(owner):
    # Pottery: grey and yellow; Cooperage: grey and green. crafts-4 pottery: NW+SE, NE+SW;
    # crafts-6 cooperage: N+W, S+E.
    land = {(0, 0): b("crafts-4", owner), (-1, 1): o("grey"), (1, -1): o("yellow"),
            (1, 1): o("yellow"), (-1, -1): o("yellow")}
    assert building(land, (0, 0)).base == 3
    n, w = cell_offset("N", owner), cell_offset("W", owner)
    s, e = cell_offset("S", owner), cell_offset("E", owner)
    land2 = {(0, 0): b("crafts-6", owner), n: o("grey"), w: o("green"), s: o("green"),
             e: o("yellow")}
    assert building(land2, (0, 0)).base == 3
    assert building(land2, (0, 0), {(0, 0): owner}).points == 6


def test_pinned_formation_turns_with_owner():
    # "in the formation depicted on the tile": the formation is in the tile's frame, so it
    # turns with the owner. A (user-data) Basket Shop pinned W:green + E:yellow.
    tiles = modified(**{"crafts-1": {"formation": ["W:green+E:yellow"]}})
    land = {(0, 0): PlacedTile(IDX["crafts-1"], True, 0), (-1, 0): o("green"),
            (1, 0): o("yellow")}
    assert building(land, (0, 0), tiles=tiles).base == 3
    land[(0, 0)] = PlacedTile(IDX["crafts-1"], True, 1)      # turned: W is east now
    assert building(land, (0, 0), tiles=tiles).base == 0
    land[(-1, 0)], land[(1, 0)] = o("yellow"), o("green")
    assert building(land, (0, 0), tiles=tiles).base == 3


@pytest.mark.parametrize("owner", [0, 1])
def test_guildhall_boosts_own_craft_to_4(owner):
    # "Guildhalls boost the score of one type of craft building [...] The associated
    # building will now score 4 points per pair instead of 3. Guildhalls themselves are not
    # worth any points." Ruling S8: the owner's own Guildhall; several do not stack.
    land = {(0, 0): b("crafts-1", owner), (-1, 0): o("green"), (1, 0): o("yellow"),
            (5, 5): b("crafts-7", 1 - owner)}                 # the opponent's: no effect
    assert building(land, (0, 0)).base == 3
    land[(5, 5)] = b("crafts-7", owner)
    assert building(land, (0, 0)).base == 4
    assert building(land, (5, 5), {(5, 5): owner}).points == 0
    land[(6, 6)] = b("crafts-9", owner)                       # a Cooperage Guildhall
    assert building(land, (0, 0)).base == 4
    tiles = modified(**{"crafts-8": {"target": "basket-shop"}})
    land[(7, 7)] = b("crafts-8", owner)                       # a second Basket Shop one
    assert building(land, (0, 0), tiles=tiles).base == 4


# ------------------------------------------------------------------ totals and solo
def test_breakdown_totals_and_fast_totals_agree():
    land = {(0, 0): b("travel-1", 0), (1, 0): b("land-1", 1), (2, 0): b("travel-4", 0),
            (0, 1): o("grey"), (2, -1): b("land-8", 1), (1, 1): b("trade-9", 1)}
    troops = {(0, 0): 0, (1, 1): 1, (2, 0): 1}
    b0, b1 = score_landscape(T, land, troops)
    assert (b0.total, b1.total) == score_totals(T, land, troops)
    assert b0.total == b0.points("building") + b0.points("road")
    # seat 0: Inn row 1+2 doubled = 6, Market 1+2 = 3; road (0,0)-(1,0)-(2,0)-(2,-1):
    # 2 seat-0, 2 seat-1 buildings: tie, no points
    assert [(x.type, x.points) for x in buildings_of(b0)] == [("inn", 6), ("market", 3)]
    assert b0.total == 9
    # seat 1: Mill (1,0) yellow area: (2,0) yellow market -> 2; Cathedral doubled 10;
    # Encampment 2
    assert {x.type: x.points for x in buildings_of(b1)} == {"mill": 2, "cathedral": 10,
                                                        "encampment": 2}
    assert b1.total == 14
    assert score_totals(T, land, troops, roads=False) == (9, 14)


def test_heinrich_scoring_three_best_doubled_troops_ignored_treasures():
    # Solo scoring: "His buildings score normally, and his 3 highest-scoring buildings score
    # double. Heinrich's troops are ignored. Roads score normally. 5 points for each
    # treasure left (in the pile and in the play area)."
    land = {(0, 0): b("trade-9", 1),              # 5
            (3, 0): b("land-7", 1),               # 2
            (6, 0): b("war-6", 1),                # stronghold: 1
            (9, 0): b("travel-5", 1),             # market alone: 1
            (12, 0): b("land-9", 1),              # 2
            (0, 3): b("land-8", 0)}               # human: encampment 2, own troop: 4
    troops = {(6, 0): 1, (0, 3): 0}
    human, heinrich = score_heinrich(T, land, troops, [(3, 0), (12, 0)], 1)
    assert human.total == 4
    # 5 + 2 + 2 doubled = 18, + 1 + 1 = 20; treasures 3 x 5 = 15
    assert heinrich.points("building") == 20
    assert (treasures_of(heinrich), heinrich.points("treasures"), heinrich.total) == (3, 15, 35)
    assert sum(x.doubled for x in buildings_of(heinrich)) == 3
    assert not [x for x in buildings_of(heinrich) if x.type == "stronghold"][0].doubled
    assert score_heinrich_totals(T, land, troops, [(3, 0), (12, 0)], 1) == (4, 35)
    with pytest.raises(ValueError, match="Heinrich"):
        score_heinrich(T, land, troops, [(0, 3)], 0)
    with pytest.raises(ValueError, match="0 or more"):
        score_heinrich_totals(T, land, troops, [], -1)


def test_mill_and_bakery_not_on_their_own_colour_user_data():
    # Rulings S5, S6 for a user's tiles: a grey Mill counts every yellow area touching it
    # (the Mill is the start of the search, whatever its colour), a grey Bakery counts all
    # its owner's yellow buildings. Colours swapped within the set (still 3/3/3).
    tiles = modified(**{"land-1": {"colour": "grey"}, "land-2": {"colour": "yellow"},
                        "land-4": {"colour": "grey"}, "land-5": {"colour": "yellow"}})
    land = {(0, 0): PlacedTile(IDX["land-1"], True, 0),           # grey Mill
            (-1, 0): PlacedTile(IDX["land-9"], False, None),      # a yellow area west
            (-2, 0): PlacedTile(IDX["trade-7"], False, None),
            (1, 0): b("travel-4", 1),                             # a yellow area east
            (0, 1): PlacedTile(IDX["war-3"], False, None)}        # grey
    assert building(land, (0, 0), tiles=tiles).base == 1 + 3
    land2 = {(0, 0): PlacedTile(IDX["land-4"], True, 1),          # grey Bakery
             (4, 4): b("trade-1", 1), (5, 5): b("trade-2", 1), (6, 6): b("travel-4", 0)}
    assert building(land2, (0, 0), tiles=tiles).base == 1 + 2
