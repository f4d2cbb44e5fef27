"""Placement rules, with exact counts of legal placements (perft style).

Rulebook "Placement" (COMPONENTS.md): "at least one of the two squares must touch
(orthogonally) the castle or a square of the same terrain; the kingdom must stay within 5x5;
no overlap. A domino that cannot be placed legally is discarded and scores nothing. If a
legal placement exists, the player must place it." Quick reference: "The starting tile is
wild, any terrain can connect to it"; "Your kingdom must not exceed a 5x5 grid".

Ruling R3 (docs/rulings/kingdomino.md): a domino with two identical halves has only its east/south forms as actions.
Notation: "d5-e5" = first half of the current domino on d5, second half on e5; the castle is
e5 (9x9 board, rows numbered from the top).
"""

from __future__ import annotations

import pytest

from regalia.core.errors import IllegalActionError, NotationError
from regalia.games.kingdomino import KingdominoGame

# The 12 domino positions touching a lone castle at e5 (a domino touching the castle must
# cover one of its 4 neighbours d5, f5, e4, e6; each neighbour can be covered in 3 ways, the
# 4th direction being the castle; no domino covers two of them since they are only
# diagonally adjacent): 4 x 3 = 12 positions, written in east/south form.
CASTLE_ONLY_POSITIONS = {
    "c5-d5", "d4-d5", "d5-d6",   # covering d5
    "e3-e4", "d4-e4", "e4-f4",   # covering e4
    "e6-e7", "d6-e6", "e6-f6",   # covering e6
    "f5-g5", "f4-f5", "f5-f6",   # covering f5
}


def reverse(p: str) -> str:
    a, b = p.split("-")
    return f"{b}-{a}"


# ------------------------------------------------------------------ first placement
@pytest.mark.parametrize("domino", [13, 25, 48])  # W/F, F*/W, W/M***: two terrains
def test_first_placement_two_terrain_domino_has_24__rulebook_castle_is_wild(kd, domino):
    # 12 positions x 2 orientations (which half goes where) = 24; the castle is wild so any
    # half may touch it; the 9x9 board and the 5x5 limit cut nothing (max extent 3).
    s = kd.state_to_place(domino, player=0)
    assert s.current_player() == 0 and s.current_domino == domino
    assert len(s.legal_actions()) == 24
    assert s.num_placements() == 24
    assert kd.legal_strings(s) == CASTLE_ONLY_POSITIONS | {reverse(p) for p in CASTLE_ONLY_POSITIONS}


@pytest.mark.parametrize("domino", [1, 7, 12])  # W/W, L/L, S/S: identical halves
def test_first_placement_symmetric_domino_has_12__ruling_R3_identical_halves(kd, domino):
    # Half of 24: swapping two identical halves gives the same placement.
    s = kd.state_to_place(domino, player=0)
    assert len(s.legal_actions()) == 12
    assert kd.legal_strings(s) == CASTLE_ONLY_POSITIONS


def test_first_placement_in_duel_also_24__variant_mighty_duel(kd):
    # Same count on the 13x13 board with the castle at g7: its neighbours f7 h7 g6 g8.
    s = kd.state_to_place(13, player=1, players=2, variants=("mighty-duel",))
    assert len(s.legal_actions()) == 24
    assert "f7-e7" in kd.legal_strings(s) and "g8-g9" in kd.legal_strings(s)


def test_first_placement_four_player_seat_3(kd):
    s = kd.state_to_place(30, player=3)
    assert s.current_player() == 3
    assert len(s.legal_actions()) == 24


# ------------------------------------------------------------------ after placements
# Kingdom "C W W": castle e5, wheat f5 g5 (extent 1 x 3: the 5x5 limit allows columns c..i
# and rows 1..9, which cuts nothing here).
# Free squares touching wheat or the castle (adjW): d5 e4 e6 f4 f6 g4 g6 h5; each has
# exactly 3 free neighbours (its 4th neighbour is occupied).
# Castle neighbours (the only squares a non-wheat half can use): d5 e4 e6.
W_G_AFTER_ONE = {
    # case 1: the wheat half on an adjW square (8 squares x 3 = 24)
    "d5-c5", "d5-d4", "d5-d6", "e4-e3", "e4-d4", "e4-f4", "e6-e7", "e6-d6", "e6-f6",
    "f4-f3", "f4-e4", "f4-g4", "f6-f7", "f6-e6", "f6-g6", "g4-g3", "g4-f4", "g4-h4",
    "g6-g7", "g6-f6", "g6-h6", "h5-h4", "h5-h6", "h5-i5",
    # case 2: wheat half elsewhere, grass half on a castle neighbour (3 + 2 + 2 = 7;
    # f4 and f6 are adjW, already counted)
    "c5-d5", "d4-d5", "d6-d5", "e3-e4", "d4-e4", "e7-e6", "d6-e6",
}
assert len(W_G_AFTER_ONE) == 31


def test_count_after_a_real_placement__rulebook_placement(kd):
    # 2 players; seat 0 owns kings 1 and 3 (king k -> seat (k-1) % 2 in 1-based numbers).
    # First line 1 (W/W), 15 (W/G), 40, 45. Seat 0's kings take 1 and 15.
    s = KingdominoGame(players=2).new_initial_state(0)
    for n in (1, 15, 40, 45):
        kd.act(s, f"draw {n}")
    for text in ("king 1", "pick 1", "king 3", "pick 15", "king 2", "pick 40"):
        kd.act(s, text)
    # king 4 is the last king: not drawn, it takes the last free domino
    assert s.phase_name == "pick" and s.current_player() == 1
    assert [s.action_to_string(a) for a in s.legal_actions()] == ["pick 45"]
    kd.act(s, "pick 45")
    for n in (2, 3, 4, 5):
        kd.act(s, f"draw {n}")
    assert (s.current_player(), s.current_domino) == (0, 1)
    kd.act(s, "f5-g5")  # W/W east of the castle -> kingdom "C W W"
    kd.act(s, "pick 2")
    assert (s.current_player(), s.current_domino) == (0, 15)
    assert s.num_placements() == 31
    assert kd.legal_strings(s) == W_G_AFTER_ONE


def test_counts_along_a_real_sequence_of_placements__rulebook_placement(kd):
    # 2 players. Seat 0 (kings 1 and 3) takes 1 (W/W) and 15 (W/G) on the first line, then
    # 18 (F/G) and 2 (W/W) on the second line.
    s = KingdominoGame(players=2).new_initial_state(0)
    for text in ("draw 1", "draw 15", "draw 40", "draw 45", "king 1", "pick 1", "king 3",
                 "pick 15", "king 2", "pick 40", "pick 45",
                 "draw 2", "draw 18", "draw 30", "draw 46"):
        kd.act(s, text)
    for text in ("f5-g5", "pick 18", "d5-c5", "pick 2"):
        kd.act(s, text)
    # seat 1 places 40 and 45 next to its castle and picks
    for _ in range(2):
        assert s.current_player() == 1
        s.apply_action(s.legal_actions()[0])
        s.apply_action(s.legal_actions()[0])
    for n in (3, 4, 5, 6):
        kd.act(s, f"draw {n}")
    # Kingdom row 5: c5 G, d5 W, e5 C, f5 W, g5 W (5 wide: columns c..g only).
    # Domino 2 (W/W), identical halves. Squares touching wheat or the castle:
    # d4 d6 e4 e6 f4 f6 g4 g6 (c5 is grass, h5 is outside the 5x5). Free neighbours each:
    # d4 3, d6 3, e4 3, e6 3, f4 3, f6 3, g4 2 (h4 outside), g6 2 = 22, minus the 6
    # positions counted twice (d4-e4 e4-f4 f4-g4 d6-e6 e6-f6 f6-g6) = 16.
    assert (s.current_player(), s.current_domino) == (0, 2)
    assert kd.legal_strings(s) == {
        "c4-d4", "d3-d4", "d4-e4", "c6-d6", "d6-d7", "d6-e6", "e3-e4", "e4-f4", "e6-e7",
        "e6-f6", "f3-f4", "f4-g4", "f6-f7", "f6-g6", "g3-g4", "g6-g7"}
    kd.act(s, "f4-g4")
    kd.act(s, "pick 3")
    # Now rows 4 (f4 W, g4 W) and 5; domino 18 (F/G). No forest in the kingdom, so the
    # forest half needs a castle neighbour (e4, e6); the grass half may use c4, c6 (next
    # to grass c5) or e4, e6.
    #   forest on e4: e3, d4 (f4 is taken) -> 2; forest on e6: e7, d6, f6 -> 3      = 5
    #   grass on c4: forest c3/d4 -> 2; on c6: c7/d6 -> 2; on e4: e3/d4 -> 2;
    #   on e6: e7/d6/f6 -> 3                                                        = 9
    # Total 14.
    assert (s.current_player(), s.current_domino) == (0, 18)
    assert kd.legal_strings(s) == {
        "e4-e3", "e4-d4", "e6-e7", "e6-d6", "e6-f6", "c3-c4", "d4-c4", "c7-c6", "d6-c6",
        "e3-e4", "d4-e4", "e7-e6", "d6-e6", "f6-e6"}
    assert s.num_placements() == 14
    # the same position rebuilt with set_kingdom gives the same legal actions
    t = kd.state_to_place(18, player=0, players=2, kingdom="""
        .  .  .  W  W
        G  W  C  W  W
    """)
    assert kd.legal_strings(t) == kd.legal_strings(s)


def test_count_after_one_placement_set_kingdom__rulebook_placement(kd):
    # The same position built with set_kingdom, for W/G (15) and W/F (13): both 31
    # (the non-wheat half only ever uses the castle).
    for domino in (15, 13):
        s = kd.state_to_place(domino, player=2, kingdom="C W W")
        assert kd.legal_strings(s) == W_G_AFTER_ONE


def test_count_non_matching_domino_uses_castle_only__rulebook_placement(kd):
    # F/G (18) on "C W W": neither terrain in the kingdom, so a half must cover one of the
    # free castle neighbours d5 e4 e6; 3 positions each (no overlap between them) = 9
    # positions x 2 orientations = 18.
    s = kd.state_to_place(18, player=1, kingdom="C W W")
    assert s.num_placements() == 18
    positions = {"c5-d5", "d4-d5", "d5-d6", "e3-e4", "d4-e4", "e4-f4", "e6-e7", "d6-e6",
                 "e6-f6"}
    assert kd.legal_strings(s) == positions | {reverse(p) for p in positions}


def test_count_symmetric_domino_after_one_placement__ruling_R3_identical_halves(kd):
    # W/W (2) on "C W W": unordered positions with a square in adjW: 8 x 3 = 24 minus
    # the 4 positions with both squares in adjW (e4-f4, f4-g4, e6-f6, f6-g6) counted
    # twice = 20.
    s = kd.state_to_place(2, player=0, kingdom="C W W")
    assert s.num_placements() == 20
    assert kd.legal_strings(s) == {
        "c5-d5", "d4-d5", "d5-d6",   # around d5
        "e3-e4", "d4-e4", "e4-f4",   # around e4
        "e6-e7", "d6-e6", "e6-f6",   # around e6
        "f3-f4", "f4-g4",            # around f4 (e4-f4 already listed)
        "f6-f7", "f6-g6",            # around f6
        "g3-g4", "g4-h4",            # around g4
        "g6-g7", "g6-h6",            # around g6
        "h4-h5", "h5-h6", "h5-i5",   # around h5
    }


def test_count_near_the_5x5_limit__rulebook_5x5(kd):
    # Kingdom "W W C W W" spans columns c..g (5 wide): no square may be used in columns b
    # or h. W/W (1): adjW free squares c4 d4 e4 f4 g4 / c6 d6 e6 f6 g6. Above row 4:
    # 4 horizontal positions in row 4 + 5 vertical (rows 3-4) = 9; the same below = 9;
    # total 18.
    s = kd.state_to_place(1, player=0, kingdom="W W C W W")
    expected = {"c4-d4", "d4-e4", "e4-f4", "f4-g4", "c3-c4", "d3-d4", "e3-e4", "f3-f4",
                "g3-g4", "c6-d6", "d6-e6", "e6-f6", "f6-g6", "c6-c7", "d6-d7", "e6-e7",
                "f6-f7", "g6-g7"}
    assert kd.legal_strings(s) == expected
    assert s.num_placements() == 18


NEARLY_FULL = """
    F F F F .
    F F F F .
    F F C F F
    F F F F F
    F F F F F
"""
# Castle e5; the grid covers c3..g7; the only free squares are g3 and g4.


def test_count_with_two_holes__rulebook_placement(kd):
    # F*/W (24): the forest half may go on g3 (touches f3) or g4 (touches f4): g3-g4 and
    # g4-g3. The wheat half touches no wheat and the castle is enclosed. 2 placements.
    s = kd.state_to_place(24, player=0, kingdom=NEARLY_FULL)
    assert kd.legal_strings(s) == {"g3-g4", "g4-g3"}
    # F/F (4), identical halves: only the south form g3-g4.
    s = kd.state_to_place(4, player=0, kingdom=NEARLY_FULL)
    assert kd.legal_strings(s) == {"g3-g4"}


# ------------------------------------------------------------------ discard
def test_only_discard_when_no_placement_exists__rulebook_discard_ruling_R8(kd):
    # W/L (14) into NEARLY_FULL: there is room (g3-g4) but no half touches its terrain or
    # the castle -> the only action is discard.
    s = kd.state_to_place(14, player=0, kingdom=NEARLY_FULL)
    geo = s.game.geo
    assert s.legal_actions() == [geo.discard]
    assert [s.action_to_string(a) for a in s.legal_actions()] == ["discard"]
    assert s.num_placements() == 0
    with pytest.raises(IllegalActionError, match="neither half touches"):
        s.apply_action(s.string_to_action("g3-g4"))
    kd.act(s, "discard")
    assert s.observation(0)["discarded"] == [1, 0, 0, 0]
    # R8: the discarding king still moves on to the next line
    assert s.phase_name == "pick" and s.current_player() == 0
    assert s.kingdom_rows(0)[2].split()[6] == "."  # g3 still empty


def test_only_discard_when_kingdom_full__rulebook_discard_ruling_R8(kd):
    s = kd.state_to_place(3, player=1, kingdom="\n".join(["F F F F F"] * 2 + ["F F C F F"]
                                                        + ["F F F F F"] * 2))
    assert s.legal_actions() == [s.game.geo.discard]


def test_only_discard_when_castle_enclosed_by_other_terrain__rulebook_discard_ruling_R8(kd):
    # F ring around the castle, W/L (14) has nowhere to connect although the board is
    # mostly empty.
    s = kd.state_to_place(14, player=0, kingdom="F F F\nF C F\nF F F")
    assert s.legal_actions() == [s.game.geo.discard]
    # but a forest domino may go anywhere along the ring: not discard
    s = kd.state_to_place(17, player=0, kingdom="F F F\nF C F\nF F F")  # F/L
    assert s.game.geo.discard not in s.legal_actions() and s.num_placements() > 0


def test_discard_illegal_when_a_placement_exists__rulebook_must_place_ruling_R8(kd):
    s = kd.state_to_place(24, player=0, kingdom=NEARLY_FULL)
    before = s.to_json()
    with pytest.raises(IllegalActionError, match="must") as info:
        s.apply_action(s.string_to_action("discard"))
    assert "g3-g4" in str(info.value) or "g4-g3" in str(info.value)
    assert s.to_json() == before  # state unchanged


def test_discard_illegal_on_first_placement__rulebook_must_place_ruling_R8(kd):
    s = kd.state_to_place(48, player=0)
    with pytest.raises(IllegalActionError):
        kd.act(s, "discard")


# ------------------------------------------------------------------ the individual rules
def test_half_touching_same_terrain_is_legal__rulebook_terrain_match(kd):
    # W/F (13) on "C W W": h5-h4 puts the wheat half on h5, next to the wheat g5.
    s = kd.state_to_place(13, player=0, kingdom="C W W")
    kd.act(s, "h5-h4")
    row5 = s.kingdom_rows(0)[4].split()
    row4 = s.kingdom_rows(0)[3].split()
    assert (row5[4], row5[5], row5[6], row5[7], row4[7]) == ("C", "W", "W", "W", "F")


def test_half_touching_only_other_terrain_is_illegal__rulebook_terrain_match(kd):
    # W/F (13) as h4-h5: the forest half h5 touches only wheat (g5), the wheat half h4
    # touches nothing -> illegal. F/L (17) as h5-h4: the forest half touches wheat only.
    s = kd.state_to_place(13, player=0, kingdom="C W W")
    before = s.to_json()
    with pytest.raises(IllegalActionError, match="neither half touches"):
        kd.act(s, "h4-h5")
    assert s.to_json() == before
    s = kd.state_to_place(17, player=0, kingdom="C W W")
    with pytest.raises(IllegalActionError, match="neither half touches"):
        kd.act(s, "h5-h4")
    assert "h5-h4" not in kd.legal_strings(s)


def test_castle_is_wild__quick_reference_starting_tile_wild(kd):
    # F/L (17) on "C W W": either half may touch the castle (d5), but a diagonal contact
    # (d4 next to the castle e5 only by a corner) is not a contact.
    s = kd.state_to_place(17, player=0, kingdom="C W W")
    legal = kd.legal_strings(s)
    assert {"d5-c5", "c5-d5", "d5-d4", "d4-d5"} <= legal
    assert "d4-c4" not in legal and "c4-d4" not in legal
    with pytest.raises(IllegalActionError):
        kd.act(s, "d4-c4")


def test_no_overlap__rulebook_placement(kd):
    s = kd.state_to_place(13, player=0, kingdom="C W W")
    with pytest.raises(IllegalActionError, match="already occupied"):
        kd.act(s, "f4-f5")  # f5 is wheat
    with pytest.raises(IllegalActionError, match="already occupied"):
        kd.act(s, "e4-e5")  # e5 is the castle


def test_kingdom_may_not_become_6_wide__rulebook_5x5(kd):
    # "W W C W W" spans c..g; W/F (13) at h5-h4 would touch wheat g5 but make it 6 wide.
    s = kd.state_to_place(13, player=0, kingdom="W W C W W")
    before = s.to_json()
    for text in ("h5-h4", "b5-b4", "h4-h5"):
        assert text not in kd.legal_strings(s)
    with pytest.raises(IllegalActionError, match="5x5"):
        kd.act(s, "h5-h4")
    with pytest.raises(IllegalActionError, match="5x5"):
        kd.act(s, "b5-b6")
    assert s.to_json() == before
    # growing vertically is still fine up to 5 rows: c4-c3 (wheat half touching c5)
    kd.act(s, "c4-c3")
    assert s.kingdom_extent(0) == (2, 4, 2, 6)


def test_kingdom_may_not_become_6_tall__rulebook_5x5(kd):
    s = kd.state_to_place(13, player=0, kingdom="W\nW\nC\nW\nW")  # rows 3..7 in column e
    with pytest.raises(IllegalActionError, match="5x5"):
        kd.act(s, "e8-f8")
    assert not any(p[1] in "28" or p[4] in "28" for p in kd.legal_strings(s))
    # W/F on the wheat column e3..e7 (castle e5): rows 3..7 only. adjW = d3..d7, f3..f7.
    # Wheat half on adjW: column d: d3 (c3, d4) 2 + d4 3 + d5 3 + d6 3 + d7 (c7, d6) 2
    # = 13, column f the same 13 -> 26. Wheat half elsewhere with the forest half on a
    # castle neighbour: c5-d5 and g5-f5 -> 2. Total 28.
    assert s.num_placements() == 28


def test_off_the_board_placement__board_geometry(kd):
    # "C W W W W" spans e..i, the last board column. A placement id with its first half on
    # i4 pointing east has its second half off the board: illegal, named as such.
    s = kd.state_to_place(13, player=0, kingdom="C W W W W")
    geo = s.game.geo
    action = 0 * geo.area + 3 * geo.b + 8  # east, row 4, column i
    assert s.action_to_string(action) == "i4-(off the board to the east)"
    assert action not in s.legal_actions()
    with pytest.raises(IllegalActionError, match="off the board"):
        s.apply_action(action)
    with pytest.raises(NotationError):
        s.string_to_action("i4-j4")


def test_symmetric_domino_west_form_id_is_rejected__ruling_R3_identical_halves(kd):
    s = kd.state_to_place(1, player=0)
    geo = s.game.geo
    west_form = 2 * geo.area + 3 * geo.b + 4  # first half e4, second half d4 (west)
    assert s.action_to_string(west_form) == "e4-d4"
    with pytest.raises(IllegalActionError, match="identical halves"):
        s.apply_action(west_form)
    # the text "e4-d4" is read as the canonical east form d4-e4, which is legal
    assert s.string_to_action("e4-d4") == s.string_to_action("d4-e4")
    kd.act(s, "e4-d4")
    assert s.kingdom_rows(0)[3].split()[3:5] == ["W", "W"]


def test_legal_actions_sorted_and_distinct__core_contract(kd):
    s = kd.state_to_place(15, player=0, kingdom="C W W")
    la = s.legal_actions()
    assert la == sorted(set(la))


def test_engine_placements_match_naive_oracle_on_hand_positions(kd):
    for domino, kingdom in [(15, "C W W"), (1, "W W C W W"), (24, NEARLY_FULL),
                            (44, "G* G S\n. C S**\n. L L"), (37, "M M M\nL C G\nL . G*")]:
        s = kd.state_to_place(domino, player=0, kingdom=kingdom)
        assert kd.legal_strings(s) - {"discard"} == kd.naive_placements(s), (domino, kingdom)
