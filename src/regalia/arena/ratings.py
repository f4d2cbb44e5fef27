"""Tournament statistics in pure Python: win rates with Wilson intervals, score summaries,
pairwise comparisons and Bradley-Terry ratings on the Elo scale.

Win rate. An agent's wins are the sum of its *victory shares* (``State.returns()``: 1 for
a win, ``1/k`` for a win shared by ``k`` players, 0 for a loss) over the seats it played;
its win rate is ``wins / games``. With ``P`` players, parity is ``1/P``.

Confidence interval. The 95% interval of a win rate is the Wilson score interval
(E. B. Wilson, "Probable inference, the law of succession, and statistical inference",
JASA 22, 1927; recommended by Brown, Cai & DasGupta, "Interval Estimation for a Binomial
Proportion", Statistical Science 16, 2001)::

    p = w / n,   z = 1.959964 (the 97.5% normal quantile)
    centre = (p + z^2 / (2n)) / (1 + z^2 / n)
    half   = z / (1 + z^2 / n) * sqrt(p (1 - p) / n + z^2 / (4 n^2))
    interval = [centre - half, centre + half]

It stays inside [0, 1] and behaves at 0/n and n/n, unlike the normal (Wald) interval.
Fractional wins (shared victories) are used as they are. The interval treats games as
independent trials: seats of the *same* agent in one game are not independent (only one of
them can win), so for an agent listed several times in a lineup it is somewhat too narrow.

Ratings. Each game gives pairwise comparisons: for every two seats held by *different*
agents, the one with the higher return wins; equal returns are split on the score; equal
returns and scores are a tie, half a win to each. The comparisons are fitted with the
Bradley-Terry model ``P(i beats j) = g_i / (g_i + g_j)`` (R. A. Bradley & M. E. Terry,
Biometrika 39, 1952) by the MM algorithm of D. R. Hunter, "MM algorithms for generalized
Bradley-Terry models" (Annals of Statistics 32, 2004)::

    g_i <- W_i / sum_{j != i} n_ij / (g_i + g_j)

where ``W_i`` counts i's wins (ties half) and ``n_ij`` the comparisons between i and j. A
``prior`` adds, for every agent, that many virtual comparisons against a fixed reference
of strength 1, half of them won (the virtual draws of Coulom's BayesElo): it keeps ratings
finite when an agent wins or loses every comparison, and pulls weakly supported ratings
towards the middle. ``prior=0`` is the plain maximum-likelihood fit. Strengths are shown on
the Elo scale, ``400 * log10(g_i)``, shifted so that the ratings average 0: a difference of
``D`` points means an expected pairwise score of ``1 / (1 + 10^(-D/400))``.
"""

from __future__ import annotations

import math
from typing import Hashable, Iterable, Mapping, Sequence, TypeVar
from regalia.core.i18n import _

K = TypeVar("K", bound=Hashable)

#: The 97.5% quantile of the standard normal distribution (two-sided 95%).
Z95 = 1.959963984540054


# ---------------------------------------------------------------------- win rates
def wilson_interval(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of the proportion ``wins / games`` (see the module doc).

    Args:
        wins: successes, possibly fractional (shared victories), ``0 <= wins <= games``.
        games: trials; 0 gives the uninformative interval ``(0.0, 1.0)``.
        z: the normal quantile (default: 95% two-sided).

    Raises:
        ValueError: negative games, or wins outside ``[0, games]``.
    """
    if games < 0:
        raise ValueError(_("games must be >= 0, got {games}").format(games=games))
    if not 0 <= wins <= games:
        raise ValueError(_("wins must lie in [0, {games}], got {wins}").format(games=games, wins=wins))
    if games == 0:
        return 0.0, 1.0
    n = games
    p = wins / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z / denom * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    lo = 0.0 if wins == 0 else max(0.0, centre - half)  # exact ends: no rounding residue
    hi = 1.0 if wins == n else min(1.0, centre + half)
    return lo, hi


def mean_std(values: Sequence[float]) -> tuple[float, float]:
    """Mean and sample standard deviation (``n - 1`` in the denominator; 0 for ``n < 2``).

    Raises:
        ValueError: no values.
    """
    n = len(values)
    if n == 0:
        raise ValueError(_("mean of no values"))
    mean = math.fsum(values) / n
    if n < 2:
        return mean, 0.0
    var = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(var)


# ---------------------------------------------------------------------- comparisons
class Comparisons:
    """Pairwise results between agents (any hashable keys, e.g. spec strings).

    Attributes:
        wins: ``wins[(a, b)]`` is how often ``a`` beat ``b``, ties counting half to each.
        agents: every agent seen, in order of appearance.
    """

    def __init__(self) -> None:
        self.wins: dict[tuple[Hashable, Hashable], float] = {}
        self.agents: list[Hashable] = []

    def add_agent(self, agent: Hashable) -> None:
        """Make ``agent`` known (rated) even before, or without, any comparison."""
        if agent not in self.agents:
            self.agents.append(agent)

    def add(self, a: Hashable, b: Hashable, outcome: float) -> None:
        """One comparison of ``a`` with ``b``: ``outcome`` 1 (a won), 0 (b won) or 0.5."""
        if a == b:
            raise ValueError(_("an agent is not compared with itself"))
        if not 0.0 <= outcome <= 1.0:
            raise ValueError(_("outcome must lie in [0, 1], got {outcome}").format(outcome=outcome))
        self.add_agent(a)
        self.add_agent(b)
        self.wins[(a, b)] = self.wins.get((a, b), 0.0) + outcome
        self.wins[(b, a)] = self.wins.get((b, a), 0.0) + 1.0 - outcome

    def add_game(self, agents: Sequence[Hashable], returns: Sequence[float],
                 scores: Sequence[float] | None = None) -> None:
        """Every pair of seats held by different agents in one game (see the module doc:
        higher return wins, then higher score, else a tie)."""
        if len(agents) != len(returns) or (scores is not None and len(scores) != len(agents)):
            raise ValueError(_("agents, returns and scores must have one entry per seat"))
        for agent in agents:
            self.add_agent(agent)
        for i in range(len(agents)):
            for j in range(i + 1, len(agents)):
                if agents[i] == agents[j]:
                    continue
                ki = (returns[i], scores[i] if scores is not None else 0)
                kj = (returns[j], scores[j] if scores is not None else 0)
                self.add(agents[i], agents[j], 1.0 if ki > kj else 0.0 if ki < kj else 0.5)

    def count(self, a: Hashable, b: Hashable) -> float:
        """Comparisons between ``a`` and ``b``."""
        return self.wins.get((a, b), 0.0) + self.wins.get((b, a), 0.0)

    def score(self, a: Hashable) -> float:
        """All of ``a``'s pairwise wins (ties half)."""
        return math.fsum(w for (x, _), w in self.wins.items() if x == a)


def bradley_terry(comparisons: Comparisons, prior: float = 1.0, tol: float = 1e-12,
                  max_iter: int = 100_000) -> dict[Hashable, float]:
    """Bradley-Terry strengths by Hunter's MM iterations (see the module doc).

    Args:
        comparisons: the pairwise results.
        prior: virtual comparisons of each agent against a reference of strength 1, half
            won (0: maximum likelihood, which is infinite or zero for an agent that won or
            lost every comparison).
        tol: stop when no strength changes by more than this fraction.
        max_iter: at most this many sweeps.

    Returns:
        agent -> strength ``g > 0`` (or 0 / ``inf`` in degenerate cases with ``prior=0``),
        normalised to a geometric mean of 1 over the agents with finite positive strength.
    """
    if prior < 0:
        raise ValueError(_("prior must be >= 0, got {prior}").format(prior=prior))
    agents = list(comparisons.agents)
    g = {a: 1.0 for a in agents}
    won = {a: comparisons.score(a) + prior / 2 for a in agents}
    opponents = {a: [(b, comparisons.count(a, b)) for b in agents
                     if b != a and comparisons.count(a, b) > 0] for a in agents}
    for a in agents:
        if not opponents[a] and prior == 0:
            continue  # no information: left at the reference strength 1
        if won[a] == 0.0:
            g[a] = 0.0
    active = [a for a in agents if g[a] > 0 and (opponents[a] or prior > 0)]
    # an agent that never lost (and no prior) has no finite maximum: mark it infinite
    if prior == 0:
        for a in active:
            lost = math.fsum(comparisons.wins.get((b, a), 0.0) for b, _ in opponents[a])
            if lost == 0.0:
                g[a] = math.inf
        active = [a for a in active if math.isfinite(g[a])]
    for _round in range(max_iter):
        change = 0.0
        for a in active:
            denom = math.fsum(n / (g[a] + g[b]) for b, n in opponents[a]
                              if math.isfinite(g[b]))
            denom += prior / (g[a] + 1.0)
            if denom == 0.0:
                continue
            new = won[a] / denom
            change = max(change, abs(new - g[a]) / g[a])
            g[a] = new
        if prior == 0 and active:
            _normalise(g, active)
        if change <= tol:
            break
    finite = [a for a in agents if 0.0 < g[a] < math.inf]
    if finite:
        _normalise(g, finite)
    return g


def _normalise(g: dict[Hashable, float], agents: Iterable[Hashable]) -> None:
    agents = list(agents)
    shift = math.fsum(math.log(g[a]) for a in agents) / len(agents)
    factor = math.exp(-shift)
    for a in agents:
        g[a] *= factor


def elo_ratings(strengths: Mapping[K, float]) -> dict[K, float]:
    """Strengths on the Elo scale, ``400 * log10(g)`` shifted to average 0 over the finite
    ones; a zero strength is ``-inf``, an infinite one ``inf``."""
    out: dict[K, float] = {}
    for a, s in strengths.items():
        out[a] = -math.inf if s == 0 else math.inf if math.isinf(s) else 400 * math.log10(s)
    finite = [v for v in out.values() if math.isfinite(v)]
    if finite:
        shift = math.fsum(finite) / len(finite)
        out = {a: (v - shift if math.isfinite(v) else v) for a, v in out.items()}
    return out


def expected_score(elo_difference: float) -> float:
    """The expected pairwise score of an agent rated ``elo_difference`` above another."""
    return 1.0 / (1.0 + 10 ** (-elo_difference / 400))


__all__ = ["Z95", "wilson_interval", "mean_std", "Comparisons", "bradley_terry",
           "elo_ratings", "expected_score"]
