"""The components tables of a study (see :mod:`regalia.core.balance` for what a game offers).

* A kind that seats **take** (Kingdomino's dominoes, Inheritors' Clans): for each component,
  the seats that took it against the seats of games where it was in play but that did not
  take it: win rates (Wilson), mean scores, and both differences with the game as the unit
  (:func:`~.stats.clustered_difference`: the two groups are seats of the same games), and
  how often it was taken when in play.
* A kind in play for a **whole game** (Cascadito's sheets, Two Heirs' sets): games with the
  component against games without it: the mean score of a seat (one value per game, the mean
  over its seats), and the win rate when the game has one seat and its returns vary (solo
  against an automated opponent).

Each kind's p-values are corrected with Benjamini-Hochberg across its components (a screen
of tens of components: the false discovery rate is what matters).
"""

from __future__ import annotations

import math
import re
from collections import defaultdict
from typing import Any, Sequence

import numpy as np

from regalia.core.balance import ComponentKind

from . import stats, text
from .analysis import returns_vary
from .plan import StudyGame


def natural_key(name: str) -> tuple[Any, ...]:
    """``"domino 2"`` before ``"domino 10"``."""
    return tuple(int(p) if p.isdigit() else p for p in re.split(r"(\d+)", name))


def _correct(rows: list[dict[str, Any]], key: str) -> None:
    qs = stats.benjamini_hochberg([r[key].p for r in rows])
    for r, q in zip(rows, qs):
        r[key + "_q"] = q


def _seat_kind(games: Sequence[StudyGame], kind: ComponentKind, informative: bool = True
               ) -> list[dict[str, Any]]:
    """The rows of a kind seats take (``informative``: the returns vary, so win rates are
    compared; otherwise only the scores)."""
    # per component, per game where it was in play: [returns taken, seats taken, scores
    # taken, returns not taken, seats not taken, scores not taken]
    per: dict[str, list[list[float]]] = defaultdict(list)
    for g in games:
        c = g.components
        if c is None:
            continue
        r, s = g.result.returns, g.result.scores
        owned = [set(mine.get(kind.name, ())) for mine in c.taken]
        for name in c.in_play.get(kind.name, ()):
            row = [0.0] * 6
            for seat, own in enumerate(owned):
                k = 0 if name in own else 3
                row[k] += r[seat]
                row[k + 1] += 1
                row[k + 2] += s[seat]
            per[name].append(row)
    rows = []
    for name in sorted(per, key=natural_key):
        a = np.asarray(per[name], dtype=float)
        nt, nn = int(a[:, 1].sum()), int(a[:, 4].sum())
        win_t, win_n = stats.rate(float(a[:, 0].sum()), nt), stats.rate(float(a[:, 3].sum()), nn)
        # a group too small to tell is not tested (its variance cannot be estimated: one
        # seat that took a component gives a spread of 0), so it counts in no correction
        win_diff = (stats.clustered_difference(a[:, 3], a[:, 4], a[:, 0], a[:, 1])
                    if informative and not (win_t.too_few or win_n.too_few)
                    else stats.UNTESTED)
        score_diff = (stats.clustered_difference(a[:, 5], a[:, 4], a[:, 2], a[:, 1])
                      if min(nt, nn) >= stats.MIN_GAMES else stats.UNTESTED)
        rows.append({"name": name, "games": len(a), "taken": win_t, "not_taken": win_n,
                     "pick": stats.rate(nt, nt + nn), "win_diff": win_diff,
                     "score_taken": _ratio_mean(a[:, 2], a[:, 1]),
                     "score_not": _ratio_mean(a[:, 5], a[:, 4]), "score_diff": score_diff})
    _correct(rows, "win_diff")
    _correct(rows, "score_diff")
    return rows


def _ratio_mean(sums: Any, counts: Any) -> float:
    n = float(counts.sum())
    return float(sums.sum()) / n if n else math.nan


def _game_kind(games: Sequence[StudyGame], kind: ComponentKind, solo_wins: bool
               ) -> list[dict[str, Any]]:
    names: set[str] = set()
    for g in games:
        if g.components is not None:
            names.update(g.components.in_play.get(kind.name, ()))
    rows = []
    for name in sorted(names, key=natural_key):
        with_: tuple[list[float], list[float]] = ([], [])
        without: tuple[list[float], list[float]] = ([], [])
        for g in games:
            if g.components is None:
                continue
            bucket = with_ if name in g.components.in_play.get(kind.name, ()) else without
            bucket[0].append(sum(g.result.returns) / len(g.result.returns))
            bucket[1].append(sum(g.result.scores) / len(g.result.scores))
        row: dict[str, Any] = {"name": name, "score_with": stats.mean(with_[1]),
                               "score_without": stats.mean(without[1]),
                               "score_diff": stats.mean_difference(without[1], with_[1])}
        if solo_wins:
            w, o = stats.rate(sum(with_[0]), len(with_[0])), stats.rate(sum(without[0]),
                                                                       len(without[0]))
            row.update(win_with=w, win_without=o, win_diff=stats.rate_difference(o, w))
        rows.append(row)
    _correct(rows, "score_diff")
    if solo_wins:
        _correct(rows, "win_diff")
    return rows


def _json(row: dict[str, Any], wins: bool = True) -> dict[str, Any]:
    """A row for JSON; ``too_few`` judged on the win rates (``wins``) or, when the returns
    do not vary (every game won: win rates say nothing), on the scores' sample sizes."""
    out: dict[str, Any] = {}
    for k, v in row.items():
        if isinstance(v, (stats.Rate, stats.Mean, stats.Difference)):
            out[k] = v.to_json()
        elif isinstance(v, float):
            out[k] = stats._num(v)
        else:
            out[k] = v
    for k in ("win_diff", "score_diff"):
        q = row.get(k + "_q")
        if q is not None:
            out[k + "_significant"] = bool(not math.isnan(q) and q < stats.ALPHA)
    small = [v.too_few for k, v in row.items()
             if (isinstance(v, stats.Rate) and wins and k != "pick")
             or isinstance(v, stats.Mean)]
    if not wins and "taken" in row:  # seats taken / not taken, judged on the scores
        small.append(min(row["taken"].n, row["not_taken"].n) < stats.MIN_GAMES)
    out["too_few"] = any(small) or row.get("games", stats.MIN_GAMES) < stats.MIN_GAMES
    return out


def components(games: Sequence[StudyGame], kinds: Sequence[ComponentKind]) -> dict[str, Any]:
    """One table per kind (see the module doc); findings name the significant components."""
    players = len(games[0].result.scores) if games else 0
    solo_wins = players == 1 and returns_vary(games)
    tables = []
    informative = returns_vary(games)
    for kind in kinds:
        if kind.per_seat:
            rows = _seat_kind(games, kind, informative)
            key = "win_diff" if informative else "score_diff"
        else:
            rows = _game_kind(games, kind, solo_wins)
            key = "win_diff" if solo_wins else "score_diff"
        tables.append({"kind": kind.name, "title": kind.title, "per_seat": kind.per_seat,
                       "in_play": kind.in_play, "taken": kind.taken, "measure": key,
                       "rows": [_json(r, key == "win_diff") for r in rows]})
    result: dict[str, Any] = {"question": "components", "correction": "bh",
                              "solo_wins": solo_wins, "tables": tables}
    result["findings"] = text.components_findings(result)
    return result


def _tested(a: stats.Rate, b: stats.Rate) -> stats.Difference:
    """``b - a``, untested when either rate is too small to tell."""
    return stats.UNTESTED if a.too_few or b.too_few else stats.rate_difference(a, b)


def compare_components(games: Sequence[StudyGame], kinds: Sequence[ComponentKind],
                       base: int, arm: int) -> list[dict[str, Any]]:
    """Per taken kind: each component's pick rate and win rate when taken in the base arm
    against the other arm (differences, Benjamini-Hochberg across the kind)."""
    out = []
    for kind in (k for k in kinds if k.per_seat):
        a = {r["name"]: r for r in _seat_kind([g for g in games if g.arm == base], kind)}
        b = {r["name"]: r for r in _seat_kind([g for g in games if g.arm == arm], kind)}
        rows = []
        for name in sorted(set(a) | set(b), key=natural_key):
            if name not in a or name not in b:
                continue
            ra, rb = a[name], b[name]
            rows.append({"name": name, "pick_a": ra["pick"], "pick_b": rb["pick"],
                         "pick_diff": _tested(ra["pick"], rb["pick"]),
                         "taken_a": ra["taken"], "taken_b": rb["taken"],
                         "win_diff": _tested(ra["taken"], rb["taken"])})
        _correct(rows, "pick_diff")
        _correct(rows, "win_diff")
        out.append({"kind": kind.name, "title": kind.title,
                    "rows": [{**_json(r), "pick_diff_significant":
                              bool(not math.isnan(r["pick_diff_q"])
                                   and r["pick_diff_q"] < stats.ALPHA)} for r in rows]})
    return out


__all__ = ["components", "compare_components", "natural_key"]
