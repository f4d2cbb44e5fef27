"""The bundled Two Heirs tile and treasure data: one test per known fact.

Sources: ``../shared/rules/two-heirs.rulebook.en.txt`` (English rulebook),
``two-heirs.rulebook-and-solo.de.txt`` (German rulebook with Example 3 and the solo mode),
``two-heirs.solo.en.md`` and ``../shared/rules/COMPONENTS.md`` (Two Heirs). Each test names
the sentence it rests on. Tests marked "reading" check choices of the reconstruction that the
text suggests without stating them; the validator does not enforce those.
"""

from __future__ import annotations

from collections import Counter

import pytest

from regalia.core.registry import game_class, list_games
from regalia.games.two_heirs import (SET_TYPES, SETS, load_tiles, load_treasures,
                                     provenance_summary)
from regalia.games.two_heirs.components import DEFAULT_TILES, DEFAULT_TREASURES


@pytest.fixture(scope="module")
def tiles():
    return load_tiles()


@pytest.fixture(scope="module")
def treasures():
    return load_treasures()


def of_type(tiles, typ):
    return [t for t in tiles.tiles if t.type == typ]


# ------------------------------------------------------------------ counts and sets
def test_54_tiles_in_6_sets_of_9(tiles):
    # Contents: "54 building tiles: 6 sets of 9 tiles"
    assert len(tiles.tiles) == 54
    assert Counter(t.set for t in tiles.tiles) == {s: 9 for s in SETS}
    assert len({t.id for t in tiles.tiles}) == 54


@pytest.mark.parametrize("set_name", SETS)
def test_each_set_has_exactly_its_listed_types(tiles, set_name):
    # "Tile effects by set": each listed type at least once, no other type
    assert set(tiles.type_counts(set_name)) == set(SET_TYPES[set_name])


@pytest.mark.parametrize("set_name", SETS)
def test_three_tiles_of_each_colour_per_set(tiles, set_name):
    # COMPONENTS.md (review, riseher.cz): 3 green, 3 yellow, 3 grey per set
    assert Counter(t.colour for t in tiles.of_set(set_name)) == {"green": 3, "grey": 3,
                                                                  "yellow": 3}


def test_eighteen_of_each_colour_overall(tiles):
    assert Counter(t.colour for t in tiles.tiles) == {"green": 18, "grey": 18, "yellow": 18}


# ------------------------------------------------------------------ costs in the examples
def cost(t):
    return t.cost.as_dict()


def test_inn_costs_2_stone_1_wheat(tiles):
    # Example 2: "construct an Inn from their hand (cost: 2 stone and 1 wheat)"
    assert any(cost(t) == {"stone": 2, "wheat": 1} for t in of_type(tiles, "inn"))


def test_trading_post_costs_2_wheat_1_wood(tiles):
    # Example 2: "construct the Trading post (cost: 2 wheat and 1 wood)"
    assert any(cost(t) == {"wheat": 2, "wood": 1} for t in of_type(tiles, "trading-post"))


def test_bakery_costs_2_wheat_1_wood(tiles):
    # German Example 3: "die Bäckerei ... (Kosten: 2 Getreide und 1 Holz)"
    assert any(cost(t) == {"wheat": 2, "wood": 1} for t in of_type(tiles, "bakery"))


def test_watchtower_costs_1_wheat_1_wood_1_stone(tiles):
    # Example 4: "their Watchtower (cost: 1 wheat, 1 wood, 1 stone)"
    assert any(cost(t) == {"wheat": 1, "wood": 1, "stone": 1}
               for t in of_type(tiles, "watchtower"))


def test_example_costs_are_marked_rulebook_with_their_sentence(tiles):
    marked = [t for t in tiles.tiles if t.provenance_of("cost") == "rulebook"]
    assert sorted(t.type for t in marked) == ["bakery", "inn", "trading-post", "watchtower"]
    assert all("cost" in t.source.lower() or "kosten" in t.source.lower() for t in marked)


# ------------------------------------------------------------------ colours stated by the texts
def test_a_siege_tower_is_green(tiles):
    # solo example: "Das oberste Gebäude im gemeinsamen Vorrat ist grün, folglich nimmst du
    # den Belagerungsturm"
    greens = [t for t in of_type(tiles, "siege-tower") if t.colour == "green"]
    assert greens and any(t.provenance_of("colour") == "rulebook" for t in greens)


@pytest.mark.parametrize("typ,colour", [("farm", "yellow"), ("sawmill", "green"),
                                        ("quarry", "grey")])
def test_farm_sawmill_quarry_stand_on_their_resource(tiles, typ, colour):
    # "If you have a troop located on your Farm, Sawmill, or Quarry, you have access to 2
    # resources of the corresponding type (1 from the building + 1 from the troop)"
    ts = of_type(tiles, typ)
    assert ts and all(t.colour == colour and t.provenance_of("colour") == "rulebook"
                      for t in ts)


def test_every_tile_gives_the_resource_of_its_colour(tiles):
    # "Green = wood, Grey = stone, Yellow = wheat"
    pairs = {(t.colour, t.resource) for t in tiles.tiles}
    assert pairs == {("green", "wood"), ("grey", "stone"), ("yellow", "wheat")}


# ------------------------------------------------------------------ copies
def test_more_than_one_encampment(tiles):
    # "Each Encampment tile can only be used once per game"
    assert len(of_type(tiles, "encampment")) > 1


def test_at_least_two_siege_towers(tiles):
    # "If 2 of your Siege Towers are orthogonally adjacent to 1 of your opponent's buildings"
    assert len(of_type(tiles, "siege-tower")) >= 2


# ------------------------------------------------------------------ roads
def test_a_pilgrimage_site_has_two_road_ends(tiles):
    # solo example: "Für Option A gäbe es 2 mögliche Plätze (A1 und A2), um die Straßen zu
    # verbinden" (the last built building is the Pilgrimage Site)
    assert any(len(t.road_edges) == 2 for t in of_type(tiles, "pilgrimage-site"))


def test_pilgrimage_sites_do_not_connect_roads(tiles):
    # "The Pilgrimage Site tile doesn't connect roads – it acts as an end point for each road"
    for t in of_type(tiles, "pilgrimage-site"):
        assert all(len(s.edges) == 1 for s in t.roads), t.id


def test_a_tile_has_four_separate_road_sections(tiles):
    # "A tile with 4 separate road sections does not connect all of its roads"
    assert any(len(t.roads) == 4 and len(t.road_edges) == 4 for t in tiles.tiles)


def test_a_road_runs_through_some_tile(tiles):
    # Example 5: "Road A connects 3 buildings" -- the middle one carries the road through
    assert any(len(s.edges) >= 2 for t in tiles.tiles for s in t.roads)


def test_roads_only_on_some_tiles(tiles):
    # tile description: "Road section (only on some tiles)"
    with_roads = [t for t in tiles.tiles if t.roads]
    assert 0 < len(with_roads) < len(tiles.tiles)


def test_no_edge_carries_two_road_ends(tiles):
    for t in tiles.tiles:
        edges = [e for s in t.roads for e in s.edges]
        assert len(edges) == len(set(edges)), t.id


# ------------------------------------------------------------------ parameters the art shows
def test_inns_and_watchtowers_have_a_direction(tiles):
    # "in the same row or column (as depicted on the tile)"
    for typ in ("inn", "watchtower"):
        assert {t.direction for t in of_type(tiles, typ)} == {"row", "column"}   # reading
    assert all(t.direction is None for t in tiles.tiles
               if t.type not in ("inn", "watchtower"))


def test_trading_posts_show_each_target(tiles):
    # "the type depicted on the Trading Post: Farms, Sawmills, or Quarries" (reading: all
    # three are depicted somewhere)
    assert {t.target for t in of_type(tiles, "trading-post")} == {"farm", "sawmill", "quarry"}


def test_guildhalls_show_each_target(tiles):
    # "one type of craft building: Basket Shop, Pottery, or Cooperage" (reading)
    assert {t.target for t in of_type(tiles, "guildhall")} == {"basket-shop", "pottery",
                                                                "cooperage"}


def test_craft_buildings_have_formations_of_adjacent_cells(tiles):
    # "per pair of green and yellow tiles in the formation depicted on the tile (diagonally
    # or orthogonally)"
    for typ in ("basket-shop", "pottery", "cooperage"):
        ts = of_type(tiles, typ)
        assert ts and all(t.formation for t in ts)
        for t in ts:
            for pair in t.formation:
                for cell in pair.cells:
                    dx, dy = cell.offset
                    assert max(abs(dx), abs(dy)) == 1
    assert all(t.formation is None for t in tiles.tiles
               if t.type not in ("basket-shop", "pottery", "cooperage"))


# ------------------------------------------------------------------ plausibility of the design
def test_reconstructed_costs_are_plausible(tiles):
    # design: 1-4 resources each; stronger effects cost more
    assert all(1 <= t.cost.total <= 4 for t in tiles.tiles)

    def mean(typ):
        ts = of_type(tiles, typ)
        return sum(t.cost.total for t in ts) / len(ts)

    assert mean("cathedral") == mean("robber-barony") == 4
    for cheap in ("siege-tower", "encampment", "guildhall", "farm", "sawmill", "quarry"):
        assert mean(cheap) < mean("inn") <= mean("cathedral")


def test_producers_do_not_cost_their_own_resource(tiles):
    for typ, res in (("farm", "wheat"), ("sawmill", "wood"), ("quarry", "stone")):
        assert all(getattr(t.cost, res) == 0 for t in of_type(tiles, typ))


# ------------------------------------------------------------------ provenance
def test_every_record_is_reconstructed_with_a_note(tiles, treasures):
    assert tiles.provenance_summary() == {"reconstructed": 54}
    assert treasures.provenance_summary() == {"reconstructed": 10}
    assert provenance_summary() == {"reconstructed": 64}
    assert all(r.note.strip() for r in (*tiles.tiles, *treasures.treasures))
    assert tiles.field_provenance_summary() == {"colour": {"rulebook": 6},
                                                "cost": {"rulebook": 4}}
    assert all(t.source for t in tiles.tiles if t.field_provenance)


def test_digest_is_stable_and_content_only(tiles, treasures):
    assert tiles.digest() == load_tiles(DEFAULT_TILES).digest()
    assert treasures.digest() == load_treasures(DEFAULT_TREASURES).digest()
    shuffled = tiles.model_copy(update={"tiles": tuple(reversed(tiles.tiles))})
    assert shuffled.digest() == tiles.digest()                       # order-blind
    renoted = tiles.tiles[0].model_copy(update={"note": "other"})
    assert tiles.model_copy(update={"tiles": (renoted, *tiles.tiles[1:])}).digest() == \
        tiles.digest()
    recoloured = tiles.tiles[1].model_copy(update={"colour": "yellow"})
    assert tiles.model_copy(update={"tiles": (tiles.tiles[0], recoloured,
                                              *tiles.tiles[2:])}).digest() != tiles.digest()


# ------------------------------------------------------------------ treasures
def test_ten_treasures_of_the_three_kinds(treasures):
    # solo: "10 Schätze"; conditions Vertikal, Horizontal, Anordnung
    assert len(treasures.treasures) == 10
    assert {t.kind for t in treasures.treasures} == {"vertical", "horizontal", "formation"}


def test_a_treasure_shows_brown(treasures):
    # "Zeigt eine Voraussetzung braune Plättchen, wird sie von jeder Farbe/Art erfüllt."
    assert any(t.uses_any for t in treasures.treasures)


def test_formation_treasures_show_at_least_two_cells(treasures):
    # "Mind. 2 Plättchen um den Schatz müssen in der angegebenen Anordnung sein."
    forms = [t for t in treasures.treasures if t.kind == "formation"]
    assert forms and all(len(t.cells) >= 2 and all(c.colour for c in t.cells) for t in forms)
    lines = [t for t in treasures.treasures if t.kind != "formation"]
    assert all(t.colour and t.cells is None for t in lines)


# ------------------------------------------------------------------ registered
def test_two_heirs_is_registered_with_its_data():
    import regalia.games  # noqa: F401  (registers the built-in games)
    assert "two-heirs" in {g.name for g in list_games()}
    game = game_class("two-heirs")()
    assert game.data_provenance() == {"reconstructed": 54}
    assert game_class("two-heirs")(players=1).data_provenance() == {"reconstructed": 64}
