"""Scoring: rulebook "Scoring" (COMPONENTS.md) and the quick reference "End of the Game":

  "each property (orthogonally connected squares of one terrain) scores squares x crowns in
  it; a property without crowns scores 0"; "You may have more than one group of the same
  territory type, these are scored individually."

Variants: Middle Kingdom +10 (castle at the centre of the 5x5), Harmony +5 (complete
kingdom, no discarded domino). The quick reference has no numeric scoring example, so every
expected value below is hand-worked in a comment.
"""

from __future__ import annotations

import pytest

from regalia.core.errors import DataError
from regalia.games.kingdomino import KingdominoGame, Property, parse_kingdom
from regalia.games.kingdomino.scoring import crown_count, game_points, largest_property, properties_of


def props(bd) -> list[tuple[str, int, int, int]]:
    return sorted((p.terrain, p.squares, p.crowns, p.points) for p in properties_of(bd))


# ------------------------------------------------------------------ property scoring
def test_scoring_property_is_squares_times_crowns__rulebook_scoring():
    # L* L** L*** L: one lake property of 4 squares with 1+2+3 = 6 crowns -> 4 x 6 = 24.
    bd = parse_kingdom("C L* L** L*** L").breakdown()
    assert props(bd) == [("lake", 4, 6, 24)]
    assert bd.points("property") == 24
    assert game_points(bd) == 24
    assert bd.total == 24


def test_crowns_are_summed_within_a_property_not_multiplied__rulebook_scoring():
    # One 3-square mine property holding squares with 1 and 3 crowns: 3 x (1 + 3) = 12
    # (a per-square product would give 3 x 1 x 3 = 9; per-square sums 1 + 3 = 4).
    bd = parse_kingdom("C M* M M***").breakdown()
    assert props(bd) == [("mine", 3, 4, 12)]
    assert game_points(bd) == 12


def test_crownless_property_scores_zero__rulebook_scoring():
    # "If a group does not have a crown, it scores 0" (quick reference): four forests, no
    # crown -> 4 x 0 = 0; it is still a property (4 squares).
    bd = parse_kingdom("C F F F F").breakdown()
    assert props(bd) == [("forest", 4, 0, 0)]
    assert game_points(bd) == 0
    assert largest_property(bd) == 4


def test_several_properties_of_one_terrain_scored_separately__quick_reference_groups():
    # W* W .        wheat property A: a1*, b1        -> 2 squares x 1 crown  = 2
    # C  . .        (the castle a2 joins nothing: it is no terrain)
    # W  W* W*      wheat property B: a3, b3*, c3*   -> 3 squares x 2 crowns = 6
    # Total 2 + 6 = 8 (had they been one property: 5 x 3 = 15).
    bd = parse_kingdom("""
        W* W  .
        C  .  .
        W  W* W*
    """).breakdown()
    assert props(bd) == [("wheat", 2, 1, 2), ("wheat", 3, 2, 6)]
    assert game_points(bd) == 8


def test_diagonal_squares_are_not_connected__rulebook_property_is_orthogonal():
    # S* .          two swamp squares touching only at a corner: two properties,
    # .  S*         1x1 + 1x1 = 2 (one property would be 2 x 2 = 4).
    # C  .
    bd = parse_kingdom("S* .\n. S*\nC .").breakdown()
    assert props(bd) == [("swamp", 1, 1, 1), ("swamp", 1, 1, 1)]
    assert game_points(bd) == 2


def test_complex_full_kingdom__rulebook_scoring():
    # Row/col:  a   b   c   d   e
    #   1       W   W*  L   L   L*
    #   2       W   F   F*  L   S
    #   3       G*  G   C   F   S**
    #   4       G   M   M*  F   S
    #   5       G   G   M   W   W*
    # Properties (hand-worked):
    #   wheat  a1 b1* a2          3 squares x 1 crown  = 3
    #   wheat  d5 e5*             2 squares x 1 crown  = 2
    #   lake   c1 d1 e1* d2       4 squares x 1 crown  = 4
    #   forest b2 c2*             2 squares x 1 crown  = 2
    #   forest d3 d4              2 squares x 0 crowns = 0  (c2-d3 only touch diagonally)
    #   swamp  e2 e3** e4         3 squares x 2 crowns = 6
    #   grass  a3* b3 a4 a5 b5    5 squares x 1 crown  = 5
    #   mine   b4 c4* c5          3 squares x 1 crown  = 3
    # Total 3+2+4+2+0+6+5+3 = 25; 24 squares + castle; largest property 5; crowns 8.
    text = """
        W  W* L  L  L*
        W  F  F* L  S
        G* G  C  F  S**
        G  M  M* F  S
        G  G  M  W  W*
    """
    bd = parse_kingdom(text).breakdown()
    assert props(bd) == sorted([
        ("wheat", 3, 1, 3), ("wheat", 2, 1, 2), ("lake", 4, 1, 4), ("forest", 2, 1, 2),
        ("forest", 2, 0, 0), ("swamp", 3, 2, 6), ("grassland", 5, 1, 5), ("mine", 3, 1, 3)])
    assert bd.points("property") == 25
    assert game_points(bd) == 25
    assert largest_property(bd) == 5
    assert crown_count(bd) == 8
    # largest points first in the itemised list
    assert [p.points for p in properties_of(bd)] == sorted((p.points for p in properties_of(bd)),
                                                       reverse=True)
    # no variant asked: no bonus even though the kingdom is full and centred
    assert bd.points("middle_kingdom") == 0 and bd.points("harmony") == 0
    assert not bd.of("middle_kingdom", "harmony")  # no item for a variant not played


def test_complex_kingdom_scored_the_same_in_a_real_state__rulebook_scoring(kd):
    # Same kingdom as above (25 points) set into a real 2-player state.
    text = """
        W  W* L  L  L*
        W  F  F* L  S
        G* G  C  F  S**
        G  M  M* F  S
        G  G  M  W  W*
    """
    s = KingdominoGame(players=2).new_initial_state(0)
    s.set_kingdom(1, text)
    assert s.scores() == [0, 25]
    bd = s.breakdown(1)
    assert game_points(bd) == 25 and largest_property(bd) == 5 and crown_count(bd) == 8
    assert s.tie_break_keys() == [(0, 0, 0), (25, 5, 8)]


def test_heavy_crowns_kingdom__rulebook_scoring():
    # M*** M** M** . .     mine   a1*** b1** c1** b2  4 squares x 7 crowns = 28
    # W    M   .   . .     wheat  a2 a3 a4        3 squares x 0           = 0
    # W    .   C   . .     lake   c4* c5**        2 squares x 3 crowns    = 6
    # W    .   L*  . .
    # .    .   L** . .
    # Total 34.
    bd = parse_kingdom("""
        M*** M** M** . .
        W    M   .   . .
        W    .   C   . .
        W    .   L*  . .
        .    .   L** . .
    """).breakdown()
    assert props(bd) == sorted([("mine", 4, 7, 28), ("wheat", 3, 0, 0), ("lake", 2, 3, 6)])
    assert game_points(bd) == 34


def test_crown_digit_notation_equals_stars():
    # "F2" is "F**": 2 forests with 2+1 crowns -> 2 x 3 = 6 either way.
    assert game_points(parse_kingdom("C F2 F1").breakdown()) == 6
    assert game_points(parse_kingdom("C F** F*").breakdown()) == 6


def test_property_points_helper():
    assert Property("lake", 4, 6).points == 24
    assert Property("forest", 7, 0).points == 0


# ------------------------------------------------------------------ Middle Kingdom
FULL_CENTRED = """
    W  W  W  W  W*
    W  W  W  W  W
    F  F  C  F  F
    F  F  F  F  F
    F  F  F  F  F
"""
# wheat 10 squares x 1 crown = 10; forest 14 squares, 0 crowns = 0 -> 10 points.


def test_middle_kingdom_bonus_when_full_5x5_with_centred_castle__variant_middle_kingdom():
    # 10 property points + 10 (Middle Kingdom) = 20.
    tk = parse_kingdom(FULL_CENTRED)
    assert game_points(tk.breakdown()) == 10
    bd = tk.breakdown(middle_kingdom=True)
    assert bd.points("middle_kingdom") == 10
    assert game_points(bd) == 20


def test_middle_kingdom_counts_extent_not_fill__ruling_R4_middle_kingdom_extent():
    # Ruling R4: the kingdom must reach 2 squares from the castle in every direction;
    # holes are allowed. A plus shape spans the full 5x5 with the castle in the centre.
    # . . W* . .      wheat c1* c2: 2 squares x 1 crown = 2 (the castle splits the column)
    # . . W  . .      wheat c4 c5: 2 x 0 = 0
    # F F C  F F      forest a3 b3 and d3 e3: two crownless properties = 0
    # . . W  . .      -> 2 points, +10 Middle Kingdom = 12
    # . . W  . .
    bd = parse_kingdom("""
        . . W* . .
        . . W  . .
        F F C  F F
        . . W  . .
        . . W  . .
    """).breakdown(middle_kingdom=True)
    assert bd.points("property") == 2 + 0  # the wheat is split by the castle: 2x1 and 2x0
    assert bd.points("middle_kingdom") == 10
    assert game_points(bd) == 12


def test_no_middle_kingdom_when_castle_off_centre__variant_middle_kingdom():
    # Full 5x5 but the castle in a corner: no bonus. Wheat 24 squares x 1 crown = 24.
    bd = parse_kingdom("""
        C  W  W  W  W*
        W  W  W  W  W
        W  W  W  W  W
        W  W  W  W  W
        W  W  W  W  W
    """).breakdown(middle_kingdom=True, harmony=True)
    assert bd.points("property") == 24
    assert bd.points("middle_kingdom") == 0
    assert bd.points("harmony") == 5  # still complete, nothing discarded
    assert game_points(bd) == 29


def test_no_middle_kingdom_when_kingdom_smaller_than_5x5__variant_middle_kingdom_ruling_R4():
    # 4 rows x 5 columns, castle in the centre column but not the centre of a 5x5:
    # wheat 9 x 1 = 9, forest 10 x 0 = 0 -> 9, no bonus, no harmony (19 squares).
    bd = parse_kingdom("""
        W  W  W  W  W*
        W  W  C  W  W
        F  F  F  F  F
        F  F  F  F  F
    """).breakdown(middle_kingdom=True, harmony=True)
    assert bd.points("property") == 9
    assert bd.points("middle_kingdom") == 0 and bd.points("harmony") == 0
    assert game_points(bd) == 9


# ------------------------------------------------------------------ Harmony
def test_harmony_bonus_full_5x5_no_discard__variant_harmony_ruling_R6():
    bd = parse_kingdom(FULL_CENTRED).breakdown(harmony=True, discarded=0)
    assert bd.points("harmony") == 5
    assert game_points(bd) == 10 + 5


def test_no_harmony_when_a_domino_was_discarded__variant_harmony_ruling_R6():
    bd = parse_kingdom(FULL_CENTRED).breakdown(harmony=True, discarded=1)
    assert bd.points("harmony") == 0
    assert game_points(bd) == 10


def test_no_harmony_when_kingdom_has_a_hole__variant_harmony():
    # one square missing (24 squares): wheat 9 x 1 = 9, no harmony; Middle Kingdom still.
    bd = parse_kingdom("""
        W  W  W  W  W*
        W  W  W  W  .
        F  F  C  F  F
        F  F  F  F  F
        F  F  F  F  F
    """).breakdown(middle_kingdom=True, harmony=True)
    assert (bd.points("property"), bd.points("middle_kingdom"), bd.points("harmony"), game_points(bd)) == (9, 10, 0, 19)


def test_middle_kingdom_and_harmony_combined__variants_combinable():
    # 10 + 10 + 5 = 25.
    bd = parse_kingdom(FULL_CENTRED).breakdown(middle_kingdom=True, harmony=True)
    assert (bd.points("property"), bd.points("middle_kingdom"), bd.points("harmony")) == (10, 10, 5)
    assert game_points(bd) == 25
    assert bd.to_json()["total"] == 25


def test_variant_bonuses_in_real_state__variants_middle_kingdom_harmony_rulings_R6_R7(kd):
    # Both players get FULL_CENTRED (10 points). Player 0 then must place domino 14 (W/L)
    # into a full kingdom: impossible, so it is discarded -> no Harmony for player 0.
    # Player 0: 10 + 10 = 20; player 1: 10 + 10 + 5 = 25.
    s = kd.state_to_place(14, player=0, kingdom=FULL_CENTRED, players=2,
                          variants=("middle-kingdom", "harmony"))
    s.set_kingdom(1, FULL_CENTRED)
    assert s.scores() == [25, 25]
    kd.act(s, "discard")
    assert s.scores() == [20, 25]
    b0, b1 = s.breakdown(0), s.breakdown(1)
    assert (b0.points("middle_kingdom"), b0.points("harmony"), game_points(b0)) == (10, 0, 20)
    assert (b1.points("middle_kingdom"), b1.points("harmony"), game_points(b1)) == (10, 5, 25)


def test_no_bonuses_without_the_variants_in_real_state(kd):
    s = kd.state_to_place(14, player=0, kingdom=FULL_CENTRED, players=2)
    s.set_kingdom(1, FULL_CENTRED)
    assert s.scores() == [10, 10]


def test_middle_kingdom_off_centre_in_real_state__variant_middle_kingdom():
    # Castle in the corner of a full 5x5: 24 wheat x 1 crown = 24, no +10.
    s = KingdominoGame(players=2, variants=["middle-kingdom"]).new_initial_state(0)
    s.set_kingdom(0, "C W W W W*\n" + "W W W W W\n" * 4)
    s.set_kingdom(1, FULL_CENTRED)
    assert s.scores() == [24, 20]


# ------------------------------------------------------------------ The Mighty Duel (7x7)
DUEL_KINGDOM = """
    W*   W W W  W  W  W
    W    W W W  W  W  W
    W    W W W  W  W  W
    F    F F C  L  L  L
    F    F F S  S  S  S
    F    F F S  S  S  S
    M*** M M S** S  S  S
"""
# wheat 21 squares x 1 crown = 21; forest 9 x 0 = 0; lake 3 x 0 = 0;
# swamp d5-g5, d6-g6, d7**-g7: 12 squares x 2 crowns = 24; mine a7*** b7 c7: 3 x 3 = 9.
# Total 21 + 24 + 9 = 54 (48 squares + castle = 49 = 7x7).


def test_duel_7x7_kingdom_scoring__variant_mighty_duel():
    tk = parse_kingdom(DUEL_KINGDOM, size=7)
    bd = tk.breakdown()
    assert props(bd) == sorted([("wheat", 21, 1, 21), ("forest", 9, 0, 0), ("lake", 3, 0, 0),
                                ("swamp", 12, 2, 24), ("mine", 3, 3, 9)])
    assert game_points(bd) == 54
    assert largest_property(bd) == 21
    # full 7x7, castle (g7 of the 13x13 board) at the centre: +10 and +5
    assert game_points(tk.breakdown(middle_kingdom=True, harmony=True)) == 69


def test_duel_kingdom_does_not_fit_5x5__rulebook_5x5_limit():
    with pytest.raises(DataError, match="5x5"):
        parse_kingdom(DUEL_KINGDOM)  # size 5 by default


def test_duel_kingdom_in_a_real_duel_state__variant_mighty_duel():
    g = KingdominoGame(players=2, variants=["mighty-duel", "middle-kingdom", "harmony"])
    s = g.new_initial_state(0)
    s.set_kingdom(0, DUEL_KINGDOM)
    assert s.kingdom_extent(0) == (3, 9, 3, 9)  # rows/cols d..j around the castle g7 (6, 6)
    assert s.scores() == [69, 0]
    assert s.breakdown(0).points("property") == 54


def test_duel_kingdom_is_too_big_for_a_normal_game__rulebook_5x5_limit():
    s = KingdominoGame(players=2).new_initial_state(0)
    with pytest.raises(DataError):
        s.set_kingdom(0, DUEL_KINGDOM)


# ------------------------------------------------------------------ parse errors
@pytest.mark.parametrize("text, fragment", [
    ("W F", "castle"),                  # no castle
    ("C W C", "castle"),                # two castles
    ("C X", "not a square"),            # unknown terrain
    ("C W****", "at most 3"),           # four crowns
    ("C W*x", "crowns"),
    ("", "no squares"),
    ("C W W W W W", "5x5"),             # 6 wide
])
def test_parse_kingdom_errors_are_helpful(text, fragment):
    with pytest.raises(DataError, match=fragment):
        parse_kingdom(text)
