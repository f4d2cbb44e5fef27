"""The answers of a study, as JSON-able tables: seats, scores, variants and compare (the
components tables are in :mod:`.components`). Statistics: :mod:`.stats`.

Every function takes the finished games (:class:`~.plan.StudyGame`, sorted by index) and
returns a dict with ``rows`` (one per seat, option or component), the ``correction`` applied
to its p-values and ``findings``: sentences saying what the rows show.
"""

from __future__ import annotations

import math
from collections import defaultdict
from typing import Any, Iterable, Sequence

import numpy as np

from . import stats, text
from .plan import Arm, StudyGame
from .text import ORDINALS


def ordinal(position: int) -> str:
    """0 -> ``"1st"`` (the first player)."""
    return ORDINALS[position] if position < len(ORDINALS) else f"{position + 1}th"  # i18n: no


def returns_vary(games: Iterable[StudyGame]) -> bool:
    """False when every seat of every game got the same return (Cascadito played alone is
    always won): win rates then say nothing and the scores carry the comparison."""
    seen = {x for g in games for x in g.result.returns}
    return len(seen) > 1


def by_position(games: Sequence[StudyGame], players: int
                ) -> list[tuple[list[float], list[float]]]:
    """Per turn-order position (the first player first): (returns, scores)."""
    out: list[tuple[list[float], list[float]]] = [([], []) for _ in range(players)]
    for g in games:
        for pos, seat in enumerate(g.order):
            out[pos][0].append(g.result.returns[seat])
            out[pos][1].append(g.result.scores[seat])
    return out


# ---------------------------------------------------------------------- seats
def seats(games: Sequence[StudyGame], players: int) -> dict[str, Any]:
    """Win rate (against parity 1/P, score test, Holm) and mean score by turn order."""
    parity = 1 / players
    informative = returns_vary(games)
    rates: list[stats.Rate] = []
    means: list[stats.Mean] = []
    pvals: list[float] = []
    for rets, scores in by_position(games, players):
        r = stats.rate(sum(rets), len(rets))
        rates.append(r)
        means.append(stats.mean(scores))
        pvals.append(stats.score_test(r, parity) if players > 1 and informative else math.nan)
    adjusted = stats.holm(pvals)
    labels = [ordinal(pos) for pos in range(players)]
    # the first seat's score minus the last's, game by game (two seats of the same games)
    score_gap = (stats.paired_difference([g.result.scores[g.order[0]]
                                          - g.result.scores[g.order[-1]] for g in games])
                 if players > 1 else None)
    significant = [not math.isnan(q) and q < stats.ALPHA for q in adjusted]
    result: dict[str, Any] = {
        "question": "seats", "parity": parity, "informative": informative,
        "correction": "holm",
        "rows": [{"position": pos + 1, "label": labels[pos], "win": rates[pos].to_json(),
                  "score": means[pos].to_json(), "p": stats._num(pvals[pos]),
                  "p_adjusted": stats._num(adjusted[pos]), "significant": significant[pos],
                  "too_few": rates[pos].too_few or means[pos].too_few}
                 for pos in range(players)],
        "first_minus_last_score": score_gap.to_json() if score_gap else None}
    result["findings"] = text.seats_findings(result)
    return result


# ---------------------------------------------------------------------- scores
def _quantiles(values: Sequence[float]) -> dict[str, float | None]:
    if not values:
        return {}
    q = np.quantile(np.asarray(values, dtype=float), [0, 0.25, 0.5, 0.75, 1])
    return dict(zip(("min", "q1", "median", "q3", "max"), (stats._num(float(x)) for x in q)))


def margins(games: Sequence[StudyGame]) -> list[float]:
    """Per game of 2 or more seats: the winner's score minus the best other score (0 for a
    tie on points; the winner by the return, the tie-breaks decided)."""
    out = []
    for g in games:
        r, s = g.result.returns, g.result.scores
        if len(s) < 2:
            continue
        best = max(range(len(s)), key=lambda i: (r[i], s[i]))
        out.append(s[best] - max(s[i] for i in range(len(s)) if i != best))
    return out


def scores(games: Sequence[StudyGame], players: int) -> dict[str, Any]:
    """Distributions of final scores (by turn order and all seats), margins, game length."""
    per = by_position(games, players)
    every = [x for _, sc in per for x in sc]
    rows = [{"label": ordinal(pos) if players > 1 else "solo", "score": stats.mean(sc).to_json(),
             **_quantiles(sc)} for pos, (_, sc) in enumerate(per)]
    if players > 1:
        rows.append({"label": "every seat",  # i18n: no (a key, shown by text.seat_label)
                     "score": stats.mean(every).to_json(),
                     **_quantiles(every)})
    m = margins(games)
    lengths = [float(g.result.length) for g in games]
    moves = [float(g.result.moves) for g in games]
    shared = sum(1 for g in games if sum(1 for x in g.result.returns if x > 0) > 1
                 and len(g.result.returns) > 1)
    result: dict[str, Any] = {
        "question": "scores", "rows": rows, "games": len(games),
        "ties": sum(1 for x in m if x == 0),
            "margin": {**stats.mean(m).to_json(), **_quantiles(m)} if m else None,
            "length": {**stats.mean(lengths).to_json(), **_quantiles(lengths)},
            "decisions": {**stats.mean(moves).to_json(), **_quantiles(moves)},
            "shared_victories": shared}
    result["findings"] = text.scores_findings(result)
    return result


# ---------------------------------------------------------------------- arms compared
def _paired(games: Sequence[StudyGame], base: int, arm: int
            ) -> list[tuple[StudyGame, StudyGame]]:
    by_key: dict[tuple[int, int], dict[int, StudyGame]] = defaultdict(dict)
    for g in games:
        by_key[(g.result.deal, g.result.rotation)][g.arm] = g
    return [(v[base], v[arm]) for _, v in sorted(by_key.items()) if base in v and arm in v]


def _winners(g: StudyGame) -> tuple[int, ...]:
    return tuple(s for s, x in enumerate(g.result.returns) if x > 0)


def arm_effect(games: Sequence[StudyGame], players: int, base: int, arm: int
               ) -> dict[str, Any]:
    """One arm against the base, on the same deals: the paired score difference, win rates
    by turn order in each, how often the winner changes, the length difference."""
    pairs = _paired(games, base, arm)
    # one value per deal (the seats' mean change): seats of one game are not independent
    score_diff = stats.paired_difference([
        sum(b.result.scores[s] - a.result.scores[s] for s in range(players)) / players
        for a, b in pairs])
    length_diff = stats.paired_difference([b.result.moves - a.result.moves for a, b in pairs])
    base_pos = by_position([a for a, _ in pairs], players)
    arm_pos = by_position([b for _, b in pairs], players)
    positions = []
    for pos in range(players):
        ra = stats.rate(sum(base_pos[pos][0]), len(base_pos[pos][0]))
        rb = stats.rate(sum(arm_pos[pos][0]), len(arm_pos[pos][0]))
        positions.append({"label": ordinal(pos), "base": ra.to_json(), "arm": rb.to_json(),
                          "diff": stats.rate_difference(ra, rb).to_json()})
    changed = stats.rate(sum(1 for a, b in pairs if _winners(a) != _winners(b)), len(pairs))
    return {"pairs": len(pairs), "score_diff": score_diff, "length_diff": length_diff,
            "positions": positions, "winner_changed": changed,
            "mean_base": stats.mean([a.result.scores[s] for a, _ in pairs
                                     for s in range(players)]).to_json(),
            "mean_arm": stats.mean([b.result.scores[s] for _, b in pairs
                                    for s in range(players)]).to_json()}


def variants(games: Sequence[StudyGame], players: int, arms: Sequence[Arm]) -> dict[str, Any]:
    """Each option (arm 1..) against the base (arm 0): see :func:`arm_effect`; Holm across
    the options' score differences."""
    effects = [arm_effect(games, players, 0, k) for k in range(1, len(arms))]
    adjusted = stats.holm([e["score_diff"].p for e in effects])
    rows = []
    informative = returns_vary(games)
    for arm, e, q in zip(arms[1:], effects, adjusted):
        d = e["score_diff"]
        sig = bool(not math.isnan(q) and q < stats.ALPHA)
        rows.append({"option": arm.name, "description": arm.description, "pairs": e["pairs"],
                     "score_diff": d.to_json(), "p_adjusted": stats._num(q),
                     "significant": sig, "length_diff": e["length_diff"].to_json(),
                     "mean_base": e["mean_base"], "mean_arm": e["mean_arm"],
                     "positions": e["positions"],
                     "winner_changed": e["winner_changed"].to_json(),
                     "too_few": e["pairs"] < stats.MIN_GAMES})
    result: dict[str, Any] = {"question": "variants", "base": arms[0].to_json(),
                              "correction": "holm", "informative": informative, "rows": rows}
    result["findings"] = text.variants_findings(result)
    return result


__all__ = ["seats", "scores", "variants", "arm_effect", "margins", "by_position",
           "returns_vary", "ordinal"]
