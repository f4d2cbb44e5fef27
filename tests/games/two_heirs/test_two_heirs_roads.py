"""Two Heirs roads (rulebook, Scoring, "Roads"; Example 5) and properties of the scoring.

Table frame: x east, y north; seat 0 (white in Example 5) sits south, seat 1 (blue) north.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings

from regalia.games.two_heirs.landscape import PlacedTile
from regalia.games.two_heirs.roads import road_networks
from regalia.games.two_heirs.scoring import score_landscape, score_totals
from regalia.games.two_heirs.scoring import buildings_of, roads_of

from two_heirs_tiles import T, b, landscapes, o

WHITE, BLUE = 0, 1


def example5():
    """Example 5 as a hand-built position: roads A to D, apart from each other.

    A: a west-east road over 3 white buildings. B: a west-east road over 2 blue and 1 white
    building. C: a south-north road over 2 white and 2 blue buildings. D: one blue building
    with a road end leading nowhere.
    """
    return {
        # road A, y = 0
        (0, 0): b("land-1", WHITE), (1, 0): b("land-5", WHITE), (2, 0): b("trade-3", WHITE),
        # road B, y = 2 (blue tiles are turned; "RL" stays west-east)
        (0, 2): b("war-4", BLUE), (1, 2): b("war-8", BLUE), (2, 2): b("patrol-3", WHITE),
        # road C, x = 5 ("TB" stays south-north for both)
        (5, 0): b("travel-2", WHITE), (5, 1): b("land-8", WHITE), (5, 2): b("trade-5", BLUE),
        (5, 3): b("trade-7", BLUE),
        # road D, (8, 0): a Robber Barony with one road end ("B": north for blue)
        (8, 0): b("travel-8", BLUE),
    }


def test_example_5_roads_a_to_d():
    # Example 5: "Road A connects 3 buildings, all of which belong to the white player,
    # scoring them 3 points (3 - 0 = 3). Road B also connects 3 buildings, 2 of which belong
    # to the blue player and 1 to the white player. The blue player scores 1 point for road
    # B (2 - 1 = 1). Road C has 2 white and 2 blue buildings: neither of the players score
    # points for it. Road D is only connected to 1 building, so the blue player doesn't
    # score any points for it."
    land = example5()
    roads = road_networks(T, land)
    assert [(r.tiles, r.buildings, r.scored) for r in roads] == [
        (((0, 0), (1, 0), (2, 0)), (3, 0), True),                    # A
        (((0, 2), (1, 2), (2, 2)), (1, 2), True),                    # B
        (((5, 0), (5, 1), (5, 2), (5, 3)), (2, 2), True),            # C
        (((8, 0),), (0, 1), False),                                  # D
    ]
    white, blue = score_landscape(T, land, {})
    assert [r.points for r in roads_of(white)] == [3, 0, 0]
    assert [r.points for r in roads_of(blue)] == [0, 1, 0]
    assert (white.points("road"), blue.points("road")) == (3, 1)
    # without road scoring ("For your first game, we recommend not scoring roads at all")
    w0, b0 = score_landscape(T, land, {}, roads=False)
    assert (roads_of(w0), roads_of(b0)) == ([], [])
    assert (white.total - w0.total, blue.total - b0.total) == (3, 1)
    assert score_totals(T, land, {}) == (white.total, blue.total)


def test_open_terrain_breaks_a_road():
    # "Open terrain does not count as a road section and does not connect roads."
    land = {(0, 0): b("land-1", WHITE), (1, 0): o("land-5"), (2, 0): b("trade-3", WHITE)}
    assert [r.tiles for r in road_networks(T, land)] == [((0, 0),), ((2, 0),)]
    assert roads_of(score_landscape(T, land, {})[0]) == []
    land[(1, 0)] = b("land-5", BLUE)
    (road,) = road_networks(T, land)
    assert road.buildings == (2, 1) and road.points(WHITE) == 1 and road.points(BLUE) == 0


def test_roads_need_road_ends_on_both_sides_of_the_edge():
    # B.1: "Any roads that might be on the tile don't have to be aligned with roads on
    # adjacent tiles": a road end facing a tile without one on that edge ends there.
    land = {(0, 0): b("land-1", WHITE), (1, 0): b("trade-5", WHITE)}      # RL next to TB
    assert len(road_networks(T, land)) == 2
    assert score_totals(T, land, {}) == score_totals(T, land, {}, roads=False)


def test_road_ends_turn_with_the_owner():
    # "Your buildings will be upside down for your opponent": a "B" road end faces south on
    # seat 0's building and north on seat 1's.
    land = {(0, 1): b("travel-8", WHITE), (0, 0): b("trade-1", BLUE)}      # both "B"
    (road,) = road_networks(T, land)
    assert road.tiles == ((0, 0), (0, 1)) and road.buildings == (1, 1)
    assert road.points(WHITE) == road.points(BLUE) == 0                     # a tie
    land = {(0, 0): b("travel-8", WHITE), (0, 1): b("trade-1", BLUE)}
    assert len(road_networks(T, land)) == 2                                 # ends face away
    # a bend "RB" (land-4): east+south for white; west+north for blue
    land = {(0, 0): b("land-4", BLUE), (-1, 0): b("land-1", WHITE), (0, 1): b("trade-5", WHITE)}
    (road,) = road_networks(T, land)
    assert road.buildings == (2, 1) and road.points(WHITE) == 1


def test_four_separate_sections_end_four_roads():
    # "A tile with 4 separate road sections does not connect all of its roads. Instead, it
    # acts as an end point for each of the 4 roads connecting to it."
    land = {(0, 0): b("travel-7", BLUE),
            (-1, 0): b("land-1", WHITE), (1, 0): b("land-5", WHITE),
            (0, 1): b("land-8", WHITE), (0, -1): b("trade-5", BLUE)}
    roads = road_networks(T, land)
    assert len(roads) == 4 and all(len(r.tiles) == 2 for r in roads)
    assert sorted(r.buildings for r in roads) == [(0, 2), (1, 1), (1, 1), (1, 1)]
    white, blue = score_landscape(T, land, {})
    assert (white.points("road"), blue.points("road")) == (0, 2)


def test_junction_joins_three_roads():
    # travel-4 (a Market) joins R, B and L in one section: one road.
    land = {(0, 0): b("travel-4", WHITE), (-1, 0): b("land-1", BLUE),
            (1, 0): b("land-5", BLUE), (0, -1): b("trade-5", BLUE)}
    (road,) = road_networks(T, land)
    assert road.buildings == (1, 3)
    assert score_landscape(T, land, {})[1].points("road") == 2


def test_same_building_counted_once_per_road():
    # "Both players count how many of their buildings they connected using the road": a
    # building on a road twice (two sections in one road) is one building.
    land = {(0, 0): b("travel-7", WHITE), (0, 1): b("land-4", WHITE),
            (1, 1): b("travel-9", WHITE), (1, 0): b("patrol-6", WHITE)}
    (road,) = [r for r in road_networks(T, land) if r.scored]     # + 2 lone road ends
    assert road.buildings == (4, 0)
    assert score_landscape(T, land, {})[0].points("road") == 4


# ------------------------------------------------------------------ properties
def _rotated(land, troops):
    """The position turned by 180 degrees with the seats swapped: seat 1 sees exactly what
    seat 0 saw."""
    land2 = {(-x, -y): (PlacedTile(pt.tile, True, 1 - pt.owner) if pt.building else pt)
             for (x, y), pt in land.items()}
    troops2 = {(-x, -y): 1 - s for (x, y), s in troops.items()}
    return land2, troops2


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(landscapes(max_tiles=30, reach=4))
def test_half_turn_with_seats_swapped_swaps_the_scores(lt):
    # Orientation turns with the owner: turning the whole table and swapping the seats must
    # swap the scores exactly (every building, every road).
    land, troops = lt
    b0, b1 = score_landscape(T, land, troops)
    r0, r1 = score_landscape(T, *_rotated(land, troops))
    assert (r0.total, r1.total) == (b1.total, b0.total)
    assert sorted(x.points for x in buildings_of(r0)) == sorted(x.points for x in buildings_of(b1))
    assert score_totals(T, land, troops) == (b0.total, b1.total)
    assert score_totals(T, land, troops, roads=False) == (b0.points("building"),
                                                          b1.points("building"))


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(landscapes(max_tiles=30, reach=4))
def test_own_troop_adds_exactly_the_base(lt):
    land, troops = lt
    b0, b1 = score_landscape(T, land, {})
    for seat, bd in enumerate((b0, b1)):
        for x in buildings_of(bd):
            t0, t1 = score_totals(T, land, {x.position: seat})
            assert (t0, t1)[seat] == bd.total + x.base
            assert (t0, t1)[1 - seat] == (b0, b1)[1 - seat].total
            assert score_totals(T, land, {x.position: 1 - seat}) == (b0.total, b1.total)
