"""The study's statistics: hand-worked values, published values, a cross-check with scipy,
and the coverage of the Wilson interval over repeated small studies of a game whose true
win rate is known."""

from __future__ import annotations

import math

import pytest
from scipy import stats as sst

from regalia.core.registry import load_game
from regalia.study import StudyPlan, Arm, run_study, stats
from regalia.study.analysis import seats


def test_holm_hand_worked():
    # sorted 0.005, 0.01, 0.03, 0.04 times 4, 3, 2, 1 = 0.02, 0.03, 0.06, 0.04 -> running max
    assert stats.holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])


def test_benjamini_hochberg_hand_worked():
    # p * m / rank = 0.02, 0.02, 0.04, 0.04, then the running minimum from the largest
    assert stats.benjamini_hochberg([0.01, 0.04, 0.03, 0.005]) == pytest.approx(
        [0.02, 0.04, 0.04, 0.02])


def test_corrections_skip_undefined_p_values():
    assert math.isnan(stats.holm([0.01, math.nan])[1])
    assert stats.holm([0.01, math.nan])[0] == pytest.approx(0.01)  # one comparison only
    assert math.isnan(stats.benjamini_hochberg([math.nan])[0])


def test_newcombe_interval_matches_the_published_example():
    # Newcombe (1998), table II, example (a): 56/70 - 48/80, method 10: 0.0524 to 0.3339
    d = stats.rate_difference(stats.rate(48, 80), stats.rate(56, 70))
    assert d.value == pytest.approx(0.2)
    assert (round(d.low, 4), round(d.high, 4)) == (0.0524, 0.3339)


def test_welch_and_paired_agree_with_scipy():
    a = [12.0, 15, 11, 19, 14, 13, 18, 10]
    b = [16.0, 19, 15, 22, 13, 21, 20, 17, 18]
    d = stats.mean_difference(a, b)
    ref = sst.ttest_ind(b, a, equal_var=False)
    assert d.p == pytest.approx(ref.pvalue)
    ci = ref.confidence_interval(0.95)
    assert (d.low, d.high) == pytest.approx((ci.low, ci.high))
    diffs = [y - x for x, y in zip(a, b)]
    p = stats.paired_difference(diffs)
    assert p.p == pytest.approx(sst.ttest_1samp(diffs, 0).pvalue)


def test_score_test_is_the_test_the_wilson_interval_inverts():
    for wins, n in [(30, 50), (33, 50), (34, 50), (7, 40)]:
        r = stats.rate(wins, n)
        excluded = not r.low <= 0.5 <= r.high
        assert excluded == (stats.score_test(r, 0.5) < 0.05)


def test_too_few_flags():
    assert stats.rate(4, 100).too_few and stats.rate(96, 100).too_few
    assert not stats.rate(5, 10).too_few
    assert stats.mean([1.0] * 29).too_few and not stats.mean([1.0, 2.0] * 15).too_few


def test_wilson_coverage_over_repeated_small_studies(draw_duel):
    """300 studies of 40 games where seat 0 truly wins 30%: the 95% Wilson interval of the
    first seat's win rate should hold 0.30 in about 95% of them (Wilson's coverage at n=40,
    p=0.3 is 0.946; 300 studies give a standard error of 1.3 points)."""
    game = load_game("draw-duel", lead=30)
    hits = 0
    studies = 300
    for k in range(studies):
        plan = StudyPlan("seats", "draw-duel", (Arm("game", game.params),), ("random", "random"),
                         40, seed=k)
        games, _, _ = run_study(plan)
        row = seats(games, 2)["rows"][0]["win"]
        assert row["n"] == 40
        hits += row["ci95"][0] <= 0.30 <= row["ci95"][1]
    coverage = hits / studies
    assert 0.91 <= coverage <= 0.985, coverage


def test_component_difference_coverage_at_the_null(draw_duel):
    """Fair cards: the clustered interval of 'taken minus not taken' (the two seats of the
    same games) holds the true difference, 0, in about 95% of 600 intervals (100 studies of
    200 deals x 6 cards). The independent two-proportion interval would be too narrow by a
    factor of about 1.4 here (the two groups' results are complementary)."""
    from regalia.study import plan_study
    from regalia.study.summary import answer

    game = load_game("draw-duel", edge=1)
    hits = total = 0
    for k in range(100):
        plan = plan_study("components", game, ["random", "random"], 200, 1000 + k)
        for row in answer(plan, run_study(plan)[0])["tables"][0]["rows"]:
            lo, hi = row["win_diff"]["ci95"]
            hits += lo <= 0 <= hi
            total += 1
    assert total == 600
    assert 0.91 <= hits / total <= 0.98, hits / total
