"""Winners, returns and tie-breaks.

Rulebook "Tie-break" (COMPONENTS.md): "the most extended property (largest, crowns or not)
wins; then the most crowns; then a shared victory." Core contract: returns() is the victory
share (sole winner 1.0, k sharing 1/k each), zeros before the end.

Terminal positions are built by :func:`finish_with_kingdoms` (conftest): a random game is
played to the last line, every kingdom is replaced by a full 5x5 grid, and the remaining
dominoes are (necessarily) discarded.
"""

from __future__ import annotations

import pytest

from regalia.games.kingdomino import KingdominoGame, parse_kingdom
from regalia.games.kingdomino.scoring import crown_count, game_points, largest_property, properties_of

# 12 points, largest property 12, 1 crown.
#   wheat a1* .. row 2, a3 b3: 12 squares x 1 = 12; forest d3 e3 + rows 4-5: 12 x 0 = 0.
BIG_WHEAT = """
    W* W W W W
    W  W W W W
    W  W C F F
    F  F F F F
    F  F F F F
"""
# 12 points, largest property 6, 2 crowns.
#   wheat a1* a2* b1 b2 c1 c2: 6 x 2 = 12; lake d1 e1 d2 e2: 4 x 0; grass a3 b3 a4 b4 a5 b5:
#   6 x 0; swamp d3 e3 d4 e4: 4 x 0; mine c4 c5 d5 e5: 4 x 0. Largest 6.
SMALL_PROPS = """
    W* W  W  L  L
    W* W  W  L  L
    G  G  C  S  S
    G  G  M  S  S
    G  G  M  M  M
"""
# 12 points, largest property 12, 2 crowns.
#   wheat a1* b1* c1 a2 b2 c2: 6 x 2 = 12; forest d1 e1 d2 e2 a3 b3 d3 e3 a4 b4 c4 d4:
#   12 x 0 (d3-d4 and a3-a4 join the two sides through row 4); grass e4 + row 5: 6 x 0.
TWO_CROWNS = """
    W* W* W  F  F
    W  W  W  F  F
    F  F  C  F  F
    F  F  F  F  G
    G  G  G  G  G
"""
# 7 points, largest property 17 (crownless forest), 1 crown (hand-worked in test_hand_worked_keys).
LOW = """
    W* W W W W
    W  W C F F
    F  F F F F
    F  F F F F
    F  F F F F
"""


def test_hand_worked_keys():
    # (points, largest property, crowns) of the kingdoms above, via the scoring assistant
    def key(text):
        bd = parse_kingdom(text).breakdown()
        return game_points(bd), largest_property(bd), crown_count(bd)

    assert key(BIG_WHEAT) == (12, 12, 1)
    assert key(SMALL_PROPS) == (12, 6, 2)
    assert key(TWO_CROWNS) == (12, 12, 2)
    # LOW: wheat a1* b1 c1 d1 e1 a2 b2 = 7 x 1 = 7; forest d2 e2 + rows 3-5 = 17 x 0
    assert key(LOW) == (7, 17, 1)


def test_higher_score_wins__rulebook_scoring(kd):
    s = kd.finish_with_kingdoms(2, [LOW, BIG_WHEAT])
    assert s.is_terminal()
    assert s.scores() == [7, 12]
    assert s.winners() == [1]
    assert s.returns() == [0.0, 1.0]


def test_equal_score_largest_property_wins__rulebook_tie_break(kd):
    # 12 = 12; largest property 12 (BIG_WHEAT) beats 6 (SMALL_PROPS) even though SMALL_PROPS
    # has more crowns: the property size is compared first.
    s = kd.finish_with_kingdoms(2, [SMALL_PROPS, BIG_WHEAT])
    assert s.scores() == [12, 12]
    assert s.tie_break_keys() == [(12, 6, 2), (12, 12, 1)]
    assert s.winners() == [1]
    assert s.returns() == [0.0, 1.0]


def test_equal_score_and_property_most_crowns_wins__rulebook_tie_break(kd):
    # 12 = 12, largest 12 = 12, crowns 2 (TWO_CROWNS) > 1 (BIG_WHEAT).
    s = kd.finish_with_kingdoms(2, [BIG_WHEAT, TWO_CROWNS])
    assert s.tie_break_keys() == [(12, 12, 1), (12, 12, 2)]
    assert s.winners() == [1]
    assert s.returns() == [0.0, 1.0]


def test_full_tie_is_a_shared_victory__rulebook_tie_break_ruling_R9(kd):
    s = kd.finish_with_kingdoms(2, [BIG_WHEAT, BIG_WHEAT])
    assert s.winners() == [0, 1]
    assert s.returns() == [0.5, 0.5]


def test_shared_victory_between_two_of_three__rulebook_tie_break_ruling_R9(kd):
    s = kd.finish_with_kingdoms(3, [TWO_CROWNS, LOW, TWO_CROWNS])
    assert s.scores() == [12, 7, 12]
    assert s.winners() == [0, 2]
    assert s.returns() == [0.5, 0.0, 0.5]


def test_four_player_chain_of_tie_breaks__rulebook_tie_break(kd):
    # P0 (12,12,1), P1 (12,6,2), P2 (12,12,2) wins, P3 (7,17,1).
    s = kd.finish_with_kingdoms(4, [BIG_WHEAT, SMALL_PROPS, TWO_CROWNS, LOW])
    assert s.winners() == [2]
    assert s.returns() == [0.0, 0.0, 1.0, 0.0]
    assert sum(s.returns()) == 1.0


def test_returns_are_zero_before_the_end__core_contract_rulings_R7_R9(kd):
    s = KingdominoGame(players=2).new_initial_state(0)
    s.set_kingdom(0, BIG_WHEAT)
    assert s.returns() == [0.0, 0.0]
    # but the provisional tie-break keys and winners already reflect the kingdoms
    assert s.tie_break_keys() == [(12, 12, 1), (0, 0, 0)]
    assert s.winners() == [0]


def test_tie_break_keys_order_directly__rulebook_tie_break():
    s = KingdominoGame(players=4).new_initial_state(0)
    for p, text in enumerate([SMALL_PROPS, TWO_CROWNS, BIG_WHEAT, LOW]):
        s.set_kingdom(p, text)
    keys = s.tie_break_keys()
    assert keys == [(12, 6, 2), (12, 12, 2), (12, 12, 1), (7, 17, 1)]
    ranking = sorted(range(4), key=lambda p: keys[p], reverse=True)
    assert ranking == [1, 2, 0, 3]


def test_largest_property_counts_crownless_properties__rulebook_tie_break():
    # "the most extended property (largest, crowns or not)": LOW's largest is its
    # crownless forest of 17 squares.
    bd = parse_kingdom(LOW).breakdown()
    assert largest_property(bd) == 17
    assert max(p.squares for p in properties_of(bd) if p.crowns) == 7


@pytest.mark.parametrize("seed", range(5))
def test_random_game_returns_consistent_with_keys(kd, seed):
    import random

    g = KingdominoGame(players=3)
    s = kd.play_out(g.new_initial_state(seed), random.Random(seed))
    keys = s.tie_break_keys()
    assert [k[0] for k in keys] == s.scores()
    best = max(keys)
    winners = [p for p in range(3) if keys[p] == best]
    assert s.winners() == winners
    assert s.returns() == [1 / len(winners) if p in winners else 0.0 for p in range(3)]
    for p in range(3):
        bd = s.breakdown(p)
        assert keys[p] == (game_points(bd), largest_property(bd), crown_count(bd))
