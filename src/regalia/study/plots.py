"""The study's plots: matplotlib figures written as inline SVG (text kept as text, ids
salted with a fixed string, no date: the same study gives the same bytes).

Each function returns ``(svg, caption)``: the caption is the sentence the report prints
under the plot, saying what it shows. Figures are 5 inches wide with 10-point text, so a
phone shows them at about their size; the page scales them to its width.
"""

from __future__ import annotations

import io
import math
import re
from typing import Any, Sequence

from regalia.core.errors import RegaliaError
from regalia.core.i18n import _, pgettext
from regalia.review.chart import locale_ticks

from .analysis import by_position, margins, ordinal
from .plan import StudyGame
from .text import arm_name, seat_label

STUDY_HINT = "pip install 'regalia[study]'"  # i18n: no (a command)
WIDTH = 5.0
BLUE, ORANGE, GREY, RED = "#1f77b4", "#ff7f0e", "#7f7f7f", "#d62728"


class StudyDependencyError(RegaliaError):
    """matplotlib or scipy is missing (the ``study`` extra)."""


def require() -> None:
    """Raise :class:`StudyDependencyError` with the install command unless matplotlib and
    scipy can be imported."""
    missing = []
    for name in ("matplotlib", "scipy"):
        try:
            __import__(name)
        except ImportError:
            missing.append(name)
    if missing:
        raise StudyDependencyError(_("regalia study needs {modules}, not installed; "
                                     "install the extra with: {command}").format(
            modules=" and ".join(missing), command=STUDY_HINT))


def _figure(height: float) -> Any:
    from matplotlib.figure import Figure  # noqa: PLC0415  (optional extra)

    fig = Figure(figsize=(WIDTH, height), layout="constrained")
    return fig


def _svg(fig: Any) -> str:
    import matplotlib  # noqa: PLC0415

    buf = io.StringIO()
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "regalia-study",
                                "font.size": 10}):
        fig.savefig(buf, format="svg", metadata={"Date": None})
    text = buf.getvalue()
    return text[text.index("<svg"):]


def inline(svg: str) -> str:
    """``svg`` without its width and height, for a page that sizes it (CSS); the viewBox
    keeps its proportions."""
    return re.sub(r'<svg([^>]*?) width="[^"]*" height="[^"]*"', r'<svg\1', svg, count=1)


def _style(ax: Any) -> None:
    ax.grid(axis="both", alpha=0.3)
    ax.spines[["top", "right"]].set_visible(False)
    locale_ticks(ax)


def _errorbars(values: Sequence[float], lows: Sequence[float], highs: Sequence[float]
               ) -> list[list[float]]:
    return [[max(0.0, v - lo) if not math.isnan(lo) else 0.0 for v, lo in zip(values, lows)],
            [max(0.0, hi - v) if not math.isnan(hi) else 0.0 for v, hi in zip(values, highs)]]


def seats(result: dict[str, Any]) -> list[tuple[str, str]]:
    """Win rate and mean score by turn order, with their 95% intervals."""
    rows = result["rows"]
    labels = [seat_label(r["label"]) for r in rows]
    out = []
    if result["informative"]:
        fig = _figure(2.6)
        ax = fig.add_subplot()
        v = [r["win"]["rate"] for r in rows]
        lo = [r["win"]["ci95"][0] for r in rows]
        hi = [r["win"]["ci95"][1] for r in rows]
        ax.bar(labels, [100 * x for x in v], color=BLUE, alpha=0.8,
               yerr=[[100 * x for x in e] for e in _errorbars(v, lo, hi)], capsize=6)
        if len(rows) > 1:
            ax.axhline(100 * result["parity"], color=RED, ls="--", lw=1,
                       label=pgettext("study plot", "parity"))
            ax.legend(loc="lower right", frameon=False)  # i18n: no
        ax.set_ylabel(_("win rate (%)"))
        ax.set_xlabel(_("seat in turn order"))
        _style(ax)
        out.append((_svg(fig), _("Win rate of each seat in turn order (first player first), "
                                 "with its 95% Wilson interval; the dashed line is parity "
                                 "(an even share).")))
    fig = _figure(2.6)
    ax = fig.add_subplot()
    v = [r["score"]["mean"] for r in rows]
    ax.errorbar(labels, v, yerr=_errorbars(v, [r["score"]["ci95"][0] for r in rows],
                                          [r["score"]["ci95"][1] for r in rows]),
                fmt="o", color=BLUE, capsize=6, ms=7)
    ax.set_ylabel(_("mean final score"))
    ax.set_xlabel(_("seat in turn order"))
    ax.margins(x=0.3)
    _style(ax)
    out.append((_svg(fig), _("Mean final score of each seat in turn order, with its 95% t "
                             "interval.")))
    return out


def scores(games: Sequence[StudyGame], players: int) -> list[tuple[str, str]]:
    """Histograms: final scores by turn order, winning margins, game length."""
    out = []
    fig = _figure(2.8)
    ax = fig.add_subplot()
    per = by_position(games, players)
    every = [x for _, sc in per for x in sc]
    lo, hi = (min(every), max(every)) if every else (0, 1)
    bins = _bins(lo, hi)
    for pos, (_returns, sc) in enumerate(per):
        ax.hist(sc, bins=bins, histtype="step", lw=1.6,
                label=seat_label(ordinal(pos) if players > 1 else "solo"))
    ax.set_xlabel(_("final score"))
    ax.set_ylabel(pgettext("study plot", "games"))
    if players > 1:
        ax.legend(title=pgettext("study plot", "seat"), frameon=False)
    _style(ax)
    out.append((_svg(fig), _("How final scores are spread: one outline per seat in turn "
                             "order (counts of games per score band).")))
    m = margins(games)
    if m:
        out.append((_histogram(m, _("winner's lead over the runner-up (points)"), BLUE),
                    _("Winning margins: the winner's score minus the best other score (0: "
                      "decided by a tie-break, or shared).")))
    out.append((_histogram([float(g.result.moves) for g in games],
                           _("decisions in the game (all seats)"), GREY),
                _("Game length: the number of decisions the players made (chance outcomes "
                  "not counted).")))
    return out


def _histogram(values: Sequence[float], xlabel: str, colour: str) -> str:
    fig = _figure(2.4)
    ax = fig.add_subplot()
    ax.hist(values, bins=_bins(min(values), max(values)), color=colour, alpha=0.85)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(pgettext("study plot", "games"))
    _style(ax)
    return _svg(fig)


def _bins(lo: float, hi: float) -> list[float]:
    span = max(1.0, hi - lo)
    step = max(1.0, math.ceil(span / 30))
    start = math.floor(lo) - 0.5
    return [start + i * step for i in range(int(span // step) + 3)]


def forest(names: Sequence[str], diffs: Sequence[dict[str, Any]],
           significant: Sequence[bool], xlabel: str, scale: float = 1.0) -> str:
    """A forest plot: one row per name, the difference and its 95% interval; significant
    rows in red, the others grey; a line at 0. Rows without a difference (too small to
    tell, not tested) are left out: the tables list them."""
    order = sorted((i for i in range(len(names)) if diffs[i]["diff"] is not None),
                   key=lambda i: diffs[i]["diff"])
    fig = _figure(max(1.8, 0.6 + 0.19 * len(names)))
    ax = fig.add_subplot()
    for y, i in enumerate(order):
        d = diffs[i]
        lo, hi = d["ci95"]
        colour = RED if significant[i] else GREY
        ax.plot([scale * (lo if lo is not None else d["diff"]),
                 scale * (hi if hi is not None else d["diff"])], [y, y], color=colour, lw=1.5)
        ax.plot([scale * d["diff"]], [y], "o", color=colour, ms=4)
    ax.axvline(0, color="black", lw=0.8)
    ax.set_yticks(range(len(order)), [names[i] for i in order], fontsize=8)
    ax.set_ylim(-0.8, len(order) - 0.2)
    ax.set_xlabel(xlabel)
    _style(ax)
    return _svg(fig)


def components(result: dict[str, Any]) -> list[tuple[str, str]]:
    """One forest plot per kind of component."""
    out = []
    for table in result["tables"]:
        key = table["measure"]
        rows = table["rows"]
        if not any(r[key]["diff"] is not None for r in rows):
            continue  # nothing tested: the table says why
        names = [r["name"] for r in rows]
        diffs = [r[key] for r in rows]
        sig = [r.get(key + "_significant", False) for r in rows]
        if key == "win_diff":
            label, scale = _("win rate difference (percentage points)"), 100.0
        else:
            label, scale = _("mean score difference (points)"), 1.0
        values = {"kind": _(table["title"]), "taken": _(table["taken"]),
                  "in_play": _(table["in_play"])}
        if table["per_seat"] and key == "win_diff":
            caption = _("{kind}: how much a seat's win rate changes when it took the "
                        "component ({taken}) against when the component was in play "
                        "({in_play}) but it did not; 95% intervals, red where significant "
                        "after Benjamini-Hochberg (components too rare to tell are left "
                        "out).").format(**values)
        elif table["per_seat"]:
            caption = _("{kind}: how much a seat's mean score changes when it took the "
                        "component ({taken}) against when the component was in play "
                        "({in_play}) but it did not; 95% intervals, red where significant "
                        "after Benjamini-Hochberg (components too rare to tell are left "
                        "out).").format(**values)
        elif key == "win_diff":
            caption = _("{kind}: how much the win rate of a game changes when the component "
                        "is in play against the other games; 95% intervals, red where "
                        "significant after Benjamini-Hochberg.").format(**values)
        else:
            caption = _("{kind}: how much the mean score of a game changes when the "
                        "component is in play against the other games; 95% intervals, red "
                        "where significant after Benjamini-Hochberg.").format(**values)
        out.append((forest(names, diffs, sig, label, scale), caption))
    return out


def arms(result: dict[str, Any], base_name: str) -> list[tuple[str, str]]:
    """Variants and compare: the score difference of each option; win rates by turn order
    in the base and each option; for compare, the pick-rate differences per component."""
    rows = result["rows"]
    out = []
    if rows:
        out.append((forest([arm_name(r["option"]) for r in rows],
                           [r["score_diff"] for r in rows], [r["significant"] for r in rows],
                           _("mean score change a seat (points)")),
                    _("How much each setting changes a seat's mean final score against "
                      "{setting}, on the same deals (95% paired t intervals; red where "
                      "significant after Holm).").format(setting=arm_name(base_name))))
    if rows and result["informative"]:
        fig = _figure(2.8)
        ax = fig.add_subplot()
        labels = [seat_label(p["label"]) for p in rows[0]["positions"]]
        series = [(arm_name(base_name), [p["base"] for p in rows[0]["positions"]])]
        series += [(arm_name(r["option"]), [p["arm"] for p in r["positions"]]) for r in rows]
        width = 0.8 / len(series)
        for k, (name, rates) in enumerate(series):
            v = [100 * (x["rate"] or 0.0) for x in rates]
            err = [[100 * max(0.0, (x["rate"] or 0) - (x["ci95"][0] or 0)) for x in rates],
                   [100 * max(0.0, (x["ci95"][1] or 0) - (x["rate"] or 0)) for x in rates]]
            ax.bar([i + (k - (len(series) - 1) / 2) * width for i in range(len(labels))], v,
                   width=width, yerr=err, capsize=3, label=name)
        ax.set_xticks(range(len(labels)), labels)
        ax.set_ylabel(_("win rate (%)"))
        ax.set_xlabel(_("seat in turn order"))
        fig.legend(loc="outside upper center",  # i18n: no (a place)
                   ncol=min(3, len(series)), frameon=False, fontsize=8)
        _style(ax)
        out.append((_svg(fig), _("Win rate of each seat in turn order in each setting, with "
                                 "95% Wilson intervals.")))
    for table in result.get("components", []):
        if any(r["pick_diff"]["diff"] is not None for r in table["rows"]):
            out.append((forest([r["name"] for r in table["rows"]],
                               [r["pick_diff"] for r in table["rows"]],
                               [r["pick_diff_significant"] for r in table["rows"]],
                               _("change in how often it is taken (percentage points)"), 100.0),
                        _("{kind}: how much more (or less) often a seat took each one when it "
                          "was in play, with the second data file against the first; red "
                          "where significant after Benjamini-Hochberg.").format(
                              kind=_(table["title"]))))
    return out


__all__ = ["require", "inline", "StudyDependencyError", "STUDY_HINT", "seats", "scores", "components",
           "arms", "forest"]
