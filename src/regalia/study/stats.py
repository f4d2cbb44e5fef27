"""The statistics of a balance study: intervals, tests and corrections for many comparisons.

Every interval is two-sided at 95% (:data:`LEVEL`); a difference is *significant* when its
p-value, corrected for the comparisons of its table, is below 0.05 (:data:`ALPHA`).

* **Win rates** (victory shares: 1 a win, 1/k a win shared by k, 0 a loss): the Wilson score
  interval (:func:`regalia.arena.ratings.wilson_interval`). A win rate against a fixed value
  (parity, 1/P) is tested with the score test, the test the Wilson interval inverts: the
  interval excludes the value exactly when p < 0.05.
* **Two win rates of different games** (one setting against another): the difference with
  Newcombe's hybrid score interval (R. G. Newcombe, "Interval estimation for the difference
  between independent proportions", Statistics in Medicine 17, 1998, method 10), built from
  the two Wilson intervals; tested with the pooled two-proportion z test. Settings played on
  the same deals are positively correlated, so this is conservative for them.
* **Two groups of seats of the same games** (the seats that took a component against those
  that had it in play and did not): :func:`clustered_difference`, the game as the unit
  (cluster-robust variance), since such seats are not independent.
* **Mean scores**: Student's t interval; two means by Welch's t test and interval (unequal
  variances, Welch-Satterthwaite degrees of freedom); paired results (the same deal in two
  arms) by the t interval of the differences (scipy.stats).
* **Many comparisons**: Holm's step-down correction (S. Holm, Scandinavian Journal of
  Statistics 6, 1979: the family-wise error rate) for the small families of the seats and
  variants tables; Benjamini-Hochberg (Journal of the Royal Statistical Society B 57, 1995:
  the false discovery rate) for the component tables, where tens of components are screened.
* **Too few to tell**: a win rate resting on fewer than :data:`MIN_EVENTS` wins or
  :data:`MIN_EVENTS` losses, or a mean on fewer than :data:`MIN_GAMES` values, is flagged:
  the normal approximations behind the tests are poor there and the intervals wide. A
  component whose groups are that small is not tested at all (:data:`UNTESTED`), so it
  cannot be called significant and does not count in the correction.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Sequence

import numpy as np
from numpy.typing import ArrayLike
from scipy import stats as st

from regalia.arena.ratings import Z95, wilson_interval
from regalia.core.i18n import N_

LEVEL = 0.95
ALPHA = 0.05
MIN_EVENTS = 5
MIN_GAMES = 30

INTERVALS = N_("win rates: Wilson score interval (95%); win rate against parity: the score "
             "test; mean scores: Student's t interval (95%); seats that took a component "
             "against seats of the same games that did not: difference of means with a "
             "cluster-robust (game as the unit) t interval and test; win rates of two "
             "settings: Newcombe's hybrid score interval with the pooled z test; scores of "
             "two settings on the same deals, or of two seats of the same games: the paired "
             "t interval of the per-game differences; game-wide components: Welch's t test")


@dataclass(frozen=True)
class Rate:
    """A win rate: ``wins`` (victory shares) of ``n``, with its Wilson interval."""

    wins: float
    n: int
    low: float
    high: float

    @property
    def value(self) -> float:
        return self.wins / self.n if self.n else math.nan

    @property
    def too_few(self) -> bool:
        """Fewer than :data:`MIN_EVENTS` wins or losses."""
        return min(self.wins, self.n - self.wins) < MIN_EVENTS

    def to_json(self) -> dict[str, Any]:
        return {"n": self.n, "wins": round(self.wins, 6), "rate": _num(self.value),
                "ci95": [_num(self.low), _num(self.high)], "too_few": self.too_few}


@dataclass(frozen=True)
class Mean:
    """A mean of ``n`` values with its standard deviation and t interval."""

    mean: float
    sd: float
    n: int
    low: float
    high: float

    @property
    def too_few(self) -> bool:
        return self.n < MIN_GAMES

    def to_json(self) -> dict[str, Any]:
        return {"n": self.n, "mean": _num(self.mean), "sd": _num(self.sd),
                "ci95": [_num(self.low), _num(self.high)], "too_few": self.too_few}


@dataclass(frozen=True)
class Difference:
    """A difference (second minus first, e.g. taken minus not taken) with its interval and
    p-value (uncorrected; the table's correction is applied by the caller)."""

    value: float
    low: float
    high: float
    p: float

    def to_json(self) -> dict[str, Any]:
        return {"diff": _num(self.value), "ci95": [_num(self.low), _num(self.high)],
                "p": _num(self.p)}


#: The difference of a row too small to tell: not computed, not tested, in no correction.
UNTESTED = Difference(math.nan, math.nan, math.nan, math.nan)


def _num(x: float) -> float | None:
    """A float for JSON: NaN (undefined) as None, others rounded to 6 decimals."""
    return None if x is None or math.isnan(x) else round(float(x), 6)


def rate(wins: float, n: int) -> Rate:
    """``wins`` of ``n`` with the Wilson 95% interval."""
    lo, hi = wilson_interval(min(max(wins, 0.0), n), n)
    return Rate(wins, n, lo, hi)


def score_test(r: Rate, p0: float) -> float:
    """Two-sided p-value of the score test of ``r``'s true rate being ``p0`` (0 < p0 < 1)."""
    if r.n == 0:
        return math.nan
    z = (r.value - p0) / math.sqrt(p0 * (1 - p0) / r.n)
    return math.erfc(abs(z) / math.sqrt(2))


def rate_difference(a: Rate, b: Rate) -> Difference:
    """``b - a`` with Newcombe's hybrid score interval and the pooled z test's p-value."""
    if a.n == 0 or b.n == 0:
        return Difference(math.nan, math.nan, math.nan, math.nan)
    d = b.value - a.value
    low = d - math.sqrt((b.value - b.low) ** 2 + (a.high - a.value) ** 2)
    high = d + math.sqrt((b.high - b.value) ** 2 + (a.value - a.low) ** 2)
    pooled = (a.wins + b.wins) / (a.n + b.n)
    var = pooled * (1 - pooled) * (1 / a.n + 1 / b.n)
    p = 1.0 if var <= 0 else math.erfc(abs(d) / math.sqrt(2 * var))
    return Difference(d, low, high, p)


def mean(values: Sequence[float]) -> Mean:
    """Mean, sample standard deviation and Student's t 95% interval (NaN for no values; a
    single value gives an unbounded interval, shown as NaN)."""
    x = np.asarray(values, dtype=float)
    n = len(x)
    if n == 0:
        return Mean(math.nan, math.nan, 0, math.nan, math.nan)
    m = float(x.mean())
    if n < 2:
        return Mean(m, math.nan, 1, math.nan, math.nan)
    sd = float(x.std(ddof=1))
    half = float(st.t.ppf(0.5 + LEVEL / 2, n - 1)) * sd / math.sqrt(n)
    return Mean(m, sd, n, m - half, m + half)


def mean_difference(a: Sequence[float], b: Sequence[float]) -> Difference:
    """``mean(b) - mean(a)`` by Welch's t test and interval."""
    x, y = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    if len(x) < 2 or len(y) < 2:
        return Difference(math.nan, math.nan, math.nan, math.nan)
    d = float(y.mean() - x.mean())
    vx, vy = x.var(ddof=1) / len(x), y.var(ddof=1) / len(y)
    se = math.sqrt(vx + vy)
    if se == 0:
        return Difference(d, d, d, 1.0 if d == 0 else 0.0)
    df = (vx + vy) ** 2 / (vx ** 2 / (len(x) - 1) + vy ** 2 / (len(y) - 1))
    half = float(st.t.ppf(0.5 + LEVEL / 2, df)) * se
    p = float(2 * st.t.sf(abs(d) / se, df))
    return Difference(d, d - half, d + half, p)


def paired_difference(differences: Sequence[float]) -> Difference:
    """The mean of paired ``differences`` with its t interval and the paired t test."""
    x = np.asarray(differences, dtype=float)
    n = len(x)
    if n < 2:
        return Difference(math.nan, math.nan, math.nan, math.nan)
    d = float(x.mean())
    se = float(x.std(ddof=1)) / math.sqrt(n)
    if se == 0:
        return Difference(d, d, d, 1.0 if d == 0 else 0.0)
    half = float(st.t.ppf(0.5 + LEVEL / 2, n - 1)) * se
    p = float(2 * st.t.sf(abs(d) / se, n - 1))
    return Difference(d, d - half, d + half, p)


def clustered_difference(sum_a: ArrayLike, n_a: ArrayLike, sum_b: ArrayLike,
                         n_b: ArrayLike) -> Difference:
    """The mean of group b minus the mean of group a, when both groups are seats of the same
    games: game ``g`` gives ``n_a[g]`` seats to a with values summing to ``sum_a[g]``, and
    ``n_b[g]`` to b. Seats of one game are not independent (in a 2-player game the seat that
    took a component and the one that did not have complementary results), so the variance
    is the cluster-robust (linearised ratio) one, with the game as the unit: for the ratio
    means ``R_a``, ``R_b`` and the mean group sizes ``m_a``, ``m_b``, each game's residual is
    ``e_g = (sum_b[g] - R_b n_b[g]) / m_b - (sum_a[g] - R_a n_a[g]) / m_a`` and
    ``Var = sum(e_g^2) / (G (G - 1))`` over the ``G`` games; t interval and test with
    ``G - 1`` degrees of freedom."""
    ya, na = np.asarray(sum_a, dtype=float), np.asarray(n_a, dtype=float)
    yb, nb = np.asarray(sum_b, dtype=float), np.asarray(n_b, dtype=float)
    g = len(ya)
    if g < 2 or na.sum() == 0 or nb.sum() == 0:
        return Difference(math.nan, math.nan, math.nan, math.nan)
    ra, rb = ya.sum() / na.sum(), yb.sum() / nb.sum()
    e = (yb - rb * nb) / nb.mean() - (ya - ra * na) / na.mean()
    d = float(rb - ra)
    se = math.sqrt(float((e ** 2).sum()) / (g * (g - 1)))
    if se == 0:
        return Difference(d, d, d, 1.0 if d == 0 else 0.0)
    half = float(st.t.ppf(0.5 + LEVEL / 2, g - 1)) * se
    return Difference(d, d - half, d + half, float(2 * st.t.sf(abs(d) / se, g - 1)))


def holm(pvalues: Sequence[float]) -> list[float]:
    """Holm-adjusted p-values (same order; NaN stays NaN and is not counted)."""
    idx = [i for i, p in enumerate(pvalues) if not math.isnan(p)]
    order = sorted(idx, key=lambda i: pvalues[i])
    m = len(order)
    out = [math.nan] * len(pvalues)
    running = 0.0
    for k, i in enumerate(order):
        running = max(running, min(1.0, (m - k) * pvalues[i]))
        out[i] = running
    return out


def benjamini_hochberg(pvalues: Sequence[float]) -> list[float]:
    """Benjamini-Hochberg adjusted p-values (q-values; same order, NaN kept)."""
    idx = [i for i, p in enumerate(pvalues) if not math.isnan(p)]
    out = [math.nan] * len(pvalues)
    if not idx:
        return out
    adjusted = st.false_discovery_control([pvalues[i] for i in idx], method="bh")
    for i, q in zip(idx, adjusted):
        out[i] = float(q)
    return out


CORRECTIONS = {"holm": holm, "bh": benjamini_hochberg}
CORRECTION_NAMES = {"holm": N_("Holm (family-wise error rate)"),
                    "bh": N_("Benjamini-Hochberg (false discovery rate)")}

__all__ = ["Rate", "Mean", "Difference", "rate", "score_test", "rate_difference", "clustered_difference", "mean",
           "mean_difference", "paired_difference", "holm", "benjamini_hochberg",
           "CORRECTIONS", "CORRECTION_NAMES", "UNTESTED", "LEVEL", "ALPHA", "MIN_EVENTS", "MIN_GAMES",
           "INTERVALS", "Z95"]
