"""Tournament statistics on small hand-built cases with known answers: Wilson intervals,
means, pairwise comparisons, Bradley-Terry ratings, per-agent standings."""

from __future__ import annotations

import math

import pytest

from regalia.arena.ratings import (Z95, Comparisons, bradley_terry, elo_ratings,
                                   expected_score, mean_std, wilson_interval)
from regalia.arena.tournament import GameResult, standings


# ---------------------------------------------------------------------- Wilson
def test_wilson_8_of_10_matches_the_published_interval():
    # Brown, Cai & DasGupta (2001) / any statistics table: 8/10 -> [0.4902, 0.9433]
    lo, hi = wilson_interval(8, 10)
    assert lo == pytest.approx(0.4901625, abs=1e-7)
    assert hi == pytest.approx(0.9433178, abs=1e-7)


def test_wilson_closed_forms_at_the_extremes():
    z2 = Z95 ** 2
    # 0 successes: [0, z^2 / (n + z^2)]; n successes: [n / (n + z^2), 1]
    assert wilson_interval(0, 10) == pytest.approx((0.0, z2 / (10 + z2)), abs=1e-15)
    assert wilson_interval(10, 10) == pytest.approx((10 / (10 + z2), 1.0), abs=1e-15)


def test_wilson_is_symmetric_and_contains_the_estimate():
    lo, hi = wilson_interval(2, 10)
    lo8, hi8 = wilson_interval(8, 10)
    assert (lo, hi) == pytest.approx((1 - hi8, 1 - lo8), abs=1e-15)
    for wins in (0, 0.5, 3, 7.5, 12):
        lo, hi = wilson_interval(wins, 12)
        assert 0 <= lo <= wins / 12 <= hi <= 1


def test_wilson_half_of_one_game_and_no_games():
    lo, hi = wilson_interval(0.5, 1)
    assert lo + hi == pytest.approx(1.0)  # symmetric around 1/2
    assert wilson_interval(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize("wins,games", [(-1, 10), (11, 10), (0, -1)])
def test_wilson_refuses_impossible_counts(wins, games):
    with pytest.raises(ValueError):
        wilson_interval(wins, games)


def test_mean_and_sample_standard_deviation():
    mean, std = mean_std([2, 4, 4, 4, 5, 5, 7, 9])
    assert mean == 5.0
    assert std == pytest.approx(math.sqrt(32 / 7), abs=1e-15)
    assert mean_std([3.0]) == (3.0, 0.0)
    with pytest.raises(ValueError):
        mean_std([])


# ---------------------------------------------------------------------- comparisons
def test_a_game_compares_returns_then_scores_and_splits_ties():
    c = Comparisons()
    # B wins; A and C lose, C with more points; D ties A on return and score
    c.add_game(["A", "B", "C", "D"], [0.0, 1.0, 0.0, 0.0], [10, 9, 12, 10])
    assert c.wins[("B", "A")] == 1.0 and c.wins[("A", "B")] == 0.0
    assert c.wins[("B", "C")] == 1.0 and c.wins[("C", "A")] == 1.0
    assert c.wins[("C", "D")] == 1.0
    assert c.wins[("A", "D")] == 0.5 and c.wins[("D", "A")] == 0.5
    assert c.score("B") == 3.0 and c.score("A") == 0.5
    assert c.count("A", "D") == 1.0


def test_seats_of_the_same_agent_are_not_compared():
    c = Comparisons()
    c.add_game(["mcts", "greedy", "greedy", "greedy"], [0.0, 0.5, 0.5, 0.0], [20, 30, 30, 5])
    assert c.count("greedy", "greedy") == 0.0
    assert c.count("mcts", "greedy") == 3.0
    assert c.score("mcts") == 1.0  # beat the last greedy on score
    assert c.score("greedy") == 2.0


def test_shared_victory_is_a_tie_between_the_winners():
    c = Comparisons()
    c.add_game(["A", "B"], [0.5, 0.5], [25, 25])
    assert c.wins[("A", "B")] == 0.5


# ---------------------------------------------------------------------- Bradley-Terry
def test_bradley_terry_two_agents_maximum_likelihood():
    # A beats B 3 times out of 4: MLE g_A / g_B = 3; geometric mean 1 -> sqrt(3), 1/sqrt(3)
    c = Comparisons()
    for outcome in (1, 1, 1, 0):
        c.add("A", "B", outcome)
    g = bradley_terry(c, prior=0)
    assert g["A"] == pytest.approx(math.sqrt(3), abs=1e-9)
    assert g["B"] == pytest.approx(1 / math.sqrt(3), abs=1e-9)
    elo = elo_ratings(g)
    assert elo["A"] == pytest.approx(200 * math.log10(3), abs=1e-7)  # 95.424...
    assert elo["B"] == pytest.approx(-200 * math.log10(3), abs=1e-7)
    assert expected_score(elo["A"] - elo["B"]) == pytest.approx(0.75, abs=1e-9)


def test_bradley_terry_three_agents_with_consistent_proportions():
    # results in exact proportion to strengths 4 : 2 : 1 (A-B 2/3, B-C 2/3, A-C 4/5), so
    # the maximum-likelihood strengths are 4 : 2 : 1, i.e. 400 log10(2) Elo apart
    c = Comparisons()
    for a, b, won, lost in [("A", "B", 2, 1), ("B", "C", 2, 1), ("A", "C", 4, 1)]:
        for _ in range(won):
            c.add(a, b, 1)
        for _ in range(lost):
            c.add(a, b, 0)
    elo = elo_ratings(bradley_terry(c, prior=0))
    step = 400 * math.log10(2)  # 120.41
    assert elo["A"] == pytest.approx(step, abs=1e-6)
    assert elo["B"] == pytest.approx(0.0, abs=1e-6)
    assert elo["C"] == pytest.approx(-step, abs=1e-6)


def test_bradley_terry_cycle_is_a_draw():
    c = Comparisons()
    c.add("A", "B", 1)
    c.add("B", "C", 1)
    c.add("C", "A", 1)
    elo = elo_ratings(bradley_terry(c, prior=0))
    assert all(v == pytest.approx(0.0, abs=1e-9) for v in elo.values())


def test_bradley_terry_prior_solves_the_regularised_equations():
    # with a prior of 1 virtual draw against a reference of strength 1, the fit satisfies
    # W_i + 1/2 = g_i * (n_AB / (g_A + g_B) + 1 / (g_i + 1)) for each agent
    c = Comparisons()
    for outcome in (1, 1, 1, 0):
        c.add("A", "B", outcome)
    raw = bradley_terry(c, prior=1.0, tol=1e-15)
    # undo the final normalisation: solve for the scale that satisfies the equations
    ratio = raw["A"] / raw["B"]
    assert 1 < ratio < 3  # shrunk towards equality
    # the fixed point, found independently by bisection on g_B with g_A = ratio * g_B
    def residual(gb: float) -> float:
        ga = ratio * gb
        return 3.5 - ga * (4 / (ga + gb) + 1 / (ga + 1))
    lo, hi = 1e-6, 1e6
    for _ in range(200):
        mid = math.sqrt(lo * hi)
        lo, hi = (mid, hi) if residual(mid) > 0 else (lo, mid)
    gb = lo
    ga = ratio * gb
    assert 1.5 == pytest.approx(gb * (4 / (ga + gb) + 1 / (gb + 1)), abs=1e-9)


def test_bradley_terry_without_prior_undefeated_is_infinite_and_prior_keeps_it_finite():
    c = Comparisons()
    c.add("A", "B", 1)
    c.add("A", "B", 1)
    g = bradley_terry(c, prior=0)
    assert math.isinf(g["A"]) and g["B"] == 0.0
    assert elo_ratings(g) == {"A": math.inf, "B": -math.inf}
    g = bradley_terry(c, prior=1.0)
    assert all(0 < v < math.inf for v in g.values())
    assert g["A"] > g["B"]
    # A wins 2.5 of 3 comparisons counting its virtual draw, B 0.5 of 3
    elo = elo_ratings(g)
    assert elo["A"] == pytest.approx(-elo["B"])


def test_bradley_terry_agent_without_comparisons():
    c = Comparisons()
    c.add_agent("lonely")
    assert bradley_terry(c, prior=0) == {"lonely": 1.0}
    assert bradley_terry(c, prior=1.0) == pytest.approx({"lonely": 1.0})
    with pytest.raises(ValueError):
        bradley_terry(c, prior=-1)


def test_comparisons_refuse_self_and_bad_outcomes():
    c = Comparisons()
    with pytest.raises(ValueError):
        c.add("A", "A", 1)
    with pytest.raises(ValueError):
        c.add("A", "B", 2)


# ---------------------------------------------------------------------- standings
def game(index, agents, scores, returns):
    return GameResult(index=index, deal=index // len(agents), rotation=index % len(agents),
                      seed=100 + index // len(agents), agents=tuple(agents),
                      scores=tuple(scores), returns=tuple(returns), length=10, moves=6)


def test_standings_of_hand_built_games():
    games = [
        game(0, ["mcts", "greedy", "greedy"], [30, 20, 10], [1.0, 0.0, 0.0]),
        game(1, ["greedy", "mcts", "greedy"], [25, 25, 5], [0.5, 0.5, 0.0]),
        game(2, ["greedy", "greedy", "mcts"], [40, 12, 16], [1.0, 0.0, 0.0]),
    ]
    mcts, greedy = standings(games, ["mcts", "greedy"], prior=0)
    assert (mcts.agent, mcts.games, mcts.wins) == ("mcts", 3, 1.5)
    assert mcts.win_rate == 0.5
    assert (mcts.ci_low, mcts.ci_high) == pytest.approx(wilson_interval(1.5, 3))
    assert mcts.mean_score == pytest.approx(71 / 3)
    assert mcts.std_score == pytest.approx(mean_std([30, 25, 16])[1])
    assert mcts.seat_games == (1, 1, 1) and mcts.seat_wins == (1.0, 0.5, 0.0)
    assert (greedy.games, greedy.wins) == (6, 1.5)
    assert greedy.win_rate == 0.25
    assert greedy.seat_games == (2, 2, 2) and greedy.seat_wins == (1.5, 0.0, 0.0)
    # pairwise: game 0 mcts 2-0, game 1 mcts 1.5-0.5, game 2 mcts 1-1: 4.5 of 6
    expected = 200 * math.log10(4.5 / 1.5)
    assert mcts.rating == pytest.approx(expected, abs=1e-6)
    assert greedy.rating == pytest.approx(-expected, abs=1e-6)


def test_standings_rating_none_when_infinite_and_row_order():
    games = [game(0, ["a", "b"], [3, 1], [1.0, 0.0]), game(1, ["b", "a"], [0, 2], [0.0, 1.0])]
    rows = standings(games, prior=0)
    assert [r.agent for r in rows] == ["a", "b"]
    assert rows[0].rating is None and rows[1].rating is None  # +inf and -inf
    rows = standings(games, ["b", "a"])
    assert [r.agent for r in rows] == ["b", "a"]
    assert rows[1].rating > 0 > rows[0].rating
