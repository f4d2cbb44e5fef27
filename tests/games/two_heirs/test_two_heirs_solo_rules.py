"""Two Heirs solo mode: Heinrich's take rule, placement options A to D (with the rulebook's
placement example), his troop, and the treasure conditions.

Source: German solo rulebook (``two-heirs.rulebook-and-solo.de.txt``, SOLOMODUS), English
rendering ``two-heirs.solo.en.md``; rulings S9-S13 in ``docs/rulings/two-heirs.md``. The
human is seat 0 (south), Heinrich seat 1 (north); x east, y north.
"""

from __future__ import annotations

import pytest

from regalia.games.two_heirs import load_treasures
from regalia.games.two_heirs.solo import (HEINRICH_TROOP_COLOURS, heinrich_placement,
                                          heinrich_placement_option, heinrich_take,
                                          heinrich_troop, met_treasures, treasure_met)

from two_heirs_tiles import IDX, T, b, o

TR = load_treasures()
HUMAN, HEINRICH = 0, 1

OPEN = {"green": "land-3", "grey": "land-2", "yellow": "land-1"}


def oc(colour):
    return o(OPEN[colour])


# ------------------------------------------------------------------ Play 1: take
def test_take_first_building_of_the_supply_tops_colour_clockwise_from_shield():
    # "Take 1 building for Heinrich from the royal reserve, counting clockwise from the
    # royal shield. Heinrich always has unlimited reach. Take: a) the first building of the
    # same colour as the top tile of the shared supply"
    reserve = [IDX["land-3"],      # slot 0 green
               IDX["land-1"],      # slot 1 yellow
               None,               # slot 2: the shield
               IDX["land-2"],      # slot 3 grey
               IDX["land-4"],      # slot 4 yellow
               IDX["trade-9"],     # slot 5 grey
               IDX["land-5"]]      # slot 6 grey
    assert heinrich_take(T, reserve, 2, "yellow") == 4     # not slot 1: counted from slot 3
    assert heinrich_take(T, reserve, 2, "grey") == 3
    assert heinrich_take(T, reserve, 2, "green") == 0      # the 5th counted: unlimited reach
    assert heinrich_take(T, reserve, 6, "yellow") == 1


def test_take_first_building_when_no_match_or_supply_empty():
    # "b) if there is no such building, or the shared supply is empty, the first building of
    # the reserve." Empty slots (final round) are skipped.
    reserve = [IDX["land-2"], None, IDX["land-5"], None, IDX["trade-9"], IDX["land-3"], None]
    assert heinrich_take(T, reserve, 1, "yellow") == 2
    assert heinrich_take(T, reserve, 1, None) == 2
    assert heinrich_take(T, reserve, 1, "green") == 5
    assert heinrich_take(T, reserve, 6, None) == 0
    assert heinrich_take(T, [None] * 7, 0, "green") is None
    with pytest.raises(ValueError, match="shield slot 7"):
        heinrich_take(T, reserve, 7, None)
    with pytest.raises(ValueError, match="unknown colour"):
        heinrich_take(T, reserve, 1, "brown")


# ------------------------------------------------------------------ Play 2: place
def test_solo_placement_example_pilgrimage_site_c6():
    # Worked example: "The top building of the shared supply is green, so you take the Siege
    # Tower from the reserve. You try to place it adjacent to your last built building, the
    # Pilgrimage Site. Option A has 2 spaces (A1, A2) that would connect the roads; both are
    # occupied. Option B has 2 spaces (B1, B2); both are occupied too. Only option C remains:
    # starting at C1 you check the 8 adjacent spaces clockwise; the first empty one is C6."
    # Pilgrimage Site travel-6 (road ends T and B: north and south for the human) at (0, 0).
    # Ruling S10: C1 = north, clockwise: C2 NE, C3 E, C4 SE, C5 S, C6 SW, C7 W, C8 NW.
    land = {(0, 0): b("travel-6", HUMAN),
            (0, 1): b("land-8", HEINRICH),         # C1 = A1/B1 (road end north)
            (1, 1): oc("grey"),                    # C2
            (1, 0): b("land-5", HUMAN),            # C3
            (1, -1): oc("green"),                  # C4
            (0, -1): b("trade-5", HUMAN)}          # C5 = A2/B2 (road end south)
    reserve = [IDX["land-2"], IDX["war-1"], None, IDX["land-4"], IDX["trade-8"],
               IDX["land-1"], IDX["travel-5"]]
    slot = heinrich_take(T, reserve, 2, "green")   # the supply's top tile is green
    assert T.tiles[reserve[slot]].type == "siege-tower"
    assert heinrich_placement_option(T, land, (0, 0), reserve[slot]) == ("C", (-1, -1))
    assert heinrich_placement(T, land, (0, 0), reserve[slot]) == (-1, -1)      # C6 = SW


def test_option_a_continues_a_road_before_b_blocks_one():
    # "A. continue one of the roads of your last built building, or, if that is not
    # possible, B. block a road of your last placed building". travel-4 (a Market) joins
    # R, B, L: east, south and west for the human.
    land = {(0, 0): b("travel-4", HUMAN)}
    # travel-8 has one road end "B", which faces north for Heinrich: it can continue only
    # the road leaving south, although east comes first clockwise.
    assert heinrich_placement_option(T, land, (0, 0), IDX["travel-8"]) == ("A", (0, -1))
    # land-1 ("RL": west-east for Heinrich too) continues the east road first.
    assert heinrich_placement_option(T, land, (0, 0), IDX["land-1"]) == ("A", (1, 0))
    # a tile without roads blocks the first road end clockwise from the top: east
    assert heinrich_placement_option(T, land, (0, 0), IDX["war-1"]) == ("B", (1, 0))
    land[(1, 0)] = oc("green")
    assert heinrich_placement_option(T, land, (0, 0), IDX["war-1"]) == ("B", (0, -1))
    # Heinrich's "TB" tile (war-2) cannot continue west; south is free: A there
    assert heinrich_placement_option(T, land, (0, 0), IDX["war-2"]) == ("A", (0, -1))
    land[(0, -1)] = oc("green")
    assert heinrich_placement_option(T, land, (0, 0), IDX["war-2"]) == ("B", (-1, 0))
    land[(-1, 0)] = oc("grey")
    # every road space taken: option C, first empty clockwise from north
    assert heinrich_placement_option(T, land, (0, 0), IDX["war-2"]) == ("C", (0, 1))


def test_starting_tile_and_option_d():
    # "If you have not built any building yet, Heinrich places his buildings adjacent to the
    # starting tile." The starting tile is face down: no roads, so option C from north.
    land = {(0, 0): oc("grey")}
    assert heinrich_placement_option(T, land, (0, 0), IDX["land-1"]) == ("C", (0, 1))
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            land.setdefault((dx, dy), oc("green"))
    # "D. be removed from the game without being placed"
    assert heinrich_placement_option(T, land, (0, 0), IDX["land-1"]) == ("D", None)
    assert heinrich_placement(T, land, (0, 0), IDX["land-1"]) is None
    with pytest.raises(ValueError, match="holds no tile"):
        heinrich_placement(T, land, (5, 5), IDX["land-1"])


# ------------------------------------------------------------------ Play 4: troop
def test_troop_of_the_tiles_colour():
    # "Move 1 of Heinrich's troops onto the building just built, always the troop whose
    # colour matches the tile." Ruling S12: each of his 3 troops stands for one colour.
    assert HEINRICH_TROOP_COLOURS == ("green", "grey", "yellow")
    assert heinrich_troop(T, IDX["war-1"]) == 0            # green
    assert heinrich_troop(T, IDX["land-2"]) == 1           # grey
    assert heinrich_troop(T, IDX["land-4"]) == 2           # yellow


# ------------------------------------------------------------------ treasures
def test_vertical_treasure():
    # "Vertical: the treasure's column holds at least 2 tiles of the colour/kind shown. The
    # building carrying the treasure does not count." treasure-1: vertical, green.
    t = TR.by_id("treasure-1")
    land = {(0, 0): b("land-3", HEINRICH),          # green, carries the treasure
            (0, 1): oc("green"), (0, 2): oc("grey"), (1, 0): oc("green")}
    assert not treasure_met(t, (0, 0), land, T)
    land[(0, -4)] = b("war-6", HUMAN)                # green, far down the column (S11)
    assert treasure_met(t, (0, 0), land, T)
    # "any colour" (brown): treasure-3
    any_t = TR.by_id("treasure-3")
    assert treasure_met(any_t, (0, 0), {(0, 0): b("land-3", HEINRICH), (0, 1): oc("grey"),
                                        (0, 2): oc("yellow")}, T)
    assert not treasure_met(any_t, (0, 0), {(0, 0): b("land-3", HEINRICH), (0, 1): oc("grey"),
                                            (1, 2): oc("yellow")}, T)


def test_horizontal_treasure():
    # "Horizontal: the treasure's row holds at least 2 tiles of the colour/kind shown."
    t = TR.by_id("treasure-4")                       # horizontal, grey
    land = {(0, 0): b("land-2", HEINRICH), (1, 0): oc("grey"), (-1, 0): oc("green"),
            (0, 1): oc("grey")}
    assert not treasure_met(t, (0, 0), land, T)
    land[(-2, 0)] = b("trade-9", HEINRICH)
    assert treasure_met(t, (0, 0), land, T)
    any_t = TR.by_id("treasure-6")
    assert treasure_met(any_t, (0, 0), land, T)


def test_formation_treasure_in_the_humans_frame():
    # "Formation: at least 2 tiles around the treasure stand in the formation shown."
    # Treasures are "turned towards you": W is west. treasure-8: W green, E yellow.
    t = TR.by_id("treasure-8")
    land = {(0, 0): b("war-1", HEINRICH), (-1, 0): oc("green"), (1, 0): oc("yellow")}
    assert treasure_met(t, (0, 0), land, T)
    swapped = {(0, 0): b("war-1", HEINRICH), (-1, 0): oc("yellow"), (1, 0): oc("green")}
    assert not treasure_met(t, (0, 0), swapped, T)
    del land[(1, 0)]
    assert not treasure_met(t, (0, 0), land, T)
    # brown corners: treasure-9, NW and SE any colour
    brown = TR.by_id("treasure-9")
    land = {(0, 0): b("war-1", HEINRICH), (-1, 1): oc("grey"), (1, -1): b("land-4", HUMAN)}
    assert treasure_met(brown, (0, 0), land, T)
    assert not treasure_met(brown, (0, 0), {(0, 0): b("war-1", HEINRICH),
                                            (1, 1): oc("grey"), (-1, -1): oc("grey")}, T)


def test_met_treasures_lists_the_positions_to_remove():
    # "If you already meet a treasure's condition when it is placed, remove it at once."
    land = {(0, 0): b("war-1", HEINRICH), (-1, 0): oc("green"), (1, 0): oc("yellow"),
            (3, 3): b("land-2", HEINRICH)}
    at = {(0, 0): TR.by_id("treasure-8"), (3, 3): TR.by_id("treasure-7")}
    assert met_treasures(T, land, at) == ((0, 0),)
