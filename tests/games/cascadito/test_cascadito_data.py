"""Hex geometry, the dice, provenance, digests, and that the Cascadito game is registered."""

from __future__ import annotations

import regalia.games
from regalia.core.registry import game_class, list_games
from regalia.games import cascadito
from regalia.games.cascadito import hexgrid, load_dice, load_sheet


# ------------------------------------------------------------------ hex grid
def test_neighbours_and_distance():
    assert set(hexgrid.neighbours((4, 2))) == {(6, 2), (2, 2), (5, 1), (3, 1), (5, 3), (3, 3)}
    assert all(hexgrid.distance((4, 2), n) == 1 for n in hexgrid.neighbours((4, 2)))
    assert hexgrid.distance((0, 0), (6, 0)) == 3
    assert hexgrid.distance((0, 0), (3, 3)) == 3
    assert hexgrid.distance((0, 0), (1, 5)) == 5
    assert hexgrid.distance((2, 2), (2, 2)) == 0


def test_distance_matches_axial():
    for a in [(0, 0), (3, 1), (8, 4), (5, 7)]:
        for b in [(2, 0), (7, 3), (0, 6), (11, 1)]:
            q1, r1 = hexgrid.to_axial(a)
            q2, r2 = hexgrid.to_axial(b)
            axial = (abs(q1 - q2) + abs(r1 - r2) + abs(q1 + r1 - q2 - r2)) // 2
            assert hexgrid.distance(a, b) == axial
            assert hexgrid.from_axial(q1, r1) == a


def test_components_and_extra_edges():
    cells = {(0, 0), (2, 0), (6, 0)}
    assert sorted(map(len, hexgrid.components(cells))) == [1, 2]
    assert hexgrid.group_of(cells, (6, 0), [((2, 0), (6, 0))]) == cells
    assert hexgrid.group_of(cells, (9, 9)) == set()


def test_picture_coordinates():
    assert dict(hexgrid.parse_picture([". .", " ."])) == {(0, 0): ".", (2, 0): ".",
                                                          (1, 1): "."}


# ------------------------------------------------------------------ dice
def test_dice():
    dice = load_dice()
    assert dice.dice.count == 6 and dice.dice.provenance_of("count") == "rulebook"
    assert dice.dice.faces == ("blue", "yellow", "orange", "pink", "white", "black")
    assert dice.dice.provenance == "reconstructed"          # inferred, not stated
    assert not dice.face("black").icon
    assert {dice.face(c).theme for c in ("orange", "pink", "white")} == {
        "manufacturing", "trading", "education"}
    assert dice.face("blue").provenance == "reconstructed"
    assert dice.face("blue").provenance_of("colour") == "rulebook"


# ------------------------------------------------------------------ provenance, digest
def test_provenance_summary():
    total = cascadito.provenance_summary()
    assert set(total) == {"rulebook", "reconstructed"}
    per_sheet = [load_sheet(n).provenance_summary() for n in (1, 2, 3, 4)]
    dice = load_dice().provenance_summary()
    for k in total:
        assert total[k] == sum(s.get(k, 0) for s in per_sheet) + dice.get(k, 0)
    assert all(load_sheet(n).provenance == "reconstructed" for n in (1, 2, 3, 4))


def test_every_map_record_is_reconstructed():
    for n in (1, 2, 3, 4):
        s = load_sheet(n)
        for rec in (s.kingdom, *s.towns, *s.specials, *s.rivers, *s.tracks):
            assert rec.provenance == "reconstructed"


def test_digests_differ_and_ignore_notes():
    digests = {load_sheet(n).digest() for n in (1, 2, 3, 4)}
    assert len(digests) == 4
    s = load_sheet(1)
    changed = s.model_copy(update={"note": "another note"})
    assert changed.digest() == s.digest()
    assert len(cascadito.digest()) == 64


def test_render_shows_towns_and_rivers():
    pic = load_sheet(3).render().splitlines()
    assert "=" in pic[4] and pic[4].count("~") == 10
    assert load_sheet(1).render().count("~") == 8


# ------------------------------------------------------------------ registered
def test_cascadito_game_registered():
    assert "cascadito" in {g.name for g in list_games()}
    cls = game_class("cascadito")
    assert cls.info.min_players == 1 and cls.info.max_players == 4


def test_games_package_imports_cascadito():
    import pathlib
    src = pathlib.Path(regalia.games.__file__).read_text()
    assert "from . import cascadito" in src
