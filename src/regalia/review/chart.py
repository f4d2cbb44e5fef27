"""The review's chart with matplotlib: the seat's value after each decision (its chance to
win, or in a solo game its expected final margin or score), the costly decisions marked in
their label's colour.

matplotlib is an optional dependency (the ``review`` extra); it is imported when a chart is
drawn, with its object-oriented API only (no pyplot, no display, no global state), so
drawing is safe in a worker process.
"""

from __future__ import annotations

import importlib.util
import io
import re
from decimal import Decimal
from typing import Any, Mapping

from regalia.core import i18n
from regalia.core.errors import RegaliaError
from regalia.core.i18n import N_, _, pgettext

from .report import label_name, player_label

#: Marker colours of the labels shown on the curve (the others are not marked).
LABEL_COLOURS = {"inaccuracy": "#f2b705", "mistake": "#e8590c", "blunder": "#c92a2a"}
#: The words of each measure on the chart's axis (in English; shown with ``_``).
AXIS = {"win": N_("chance to win"), "margin": N_("expected final margin (points)"),
        "score": N_("expected final score (points)")}
#: How to install matplotlib.
INSTALL = "pip install 'regalia[review]'"  # i18n: no (a command)


def _unavailable() -> "ChartUnavailable":
    return ChartUnavailable(_("drawing the review's chart needs matplotlib: {command}").format(
        command=INSTALL))


class ChartUnavailable(RegaliaError):
    """matplotlib is not installed (``pip install 'regalia[review]'``)."""


def require_matplotlib() -> None:
    """Check that matplotlib can be imported (before a long review whose chart needs it).

    Raises:
        ChartUnavailable: it cannot.
    """
    if importlib.util.find_spec("matplotlib") is None:
        raise _unavailable()


def chart(review: Mapping[str, Any], fmt: str = "svg") -> bytes:
    """The chart of ``review`` (a :class:`~.report.Review` as a dict) as an image.

    Args:
        fmt: ``"svg"`` or ``"png"``.

    Raises:
        ChartUnavailable: matplotlib is not installed.
        ValueError: another format.
    """
    if fmt not in ("svg", "png"):
        raise ValueError(_("chart format {format}: choose svg or png").format(format=repr(fmt)))
    try:
        from matplotlib.figure import Figure
        from matplotlib.ticker import MaxNLocator
    except ImportError:
        raise _unavailable() from None
    measure = review["measure"]
    win = measure == "win"
    decisions = {d["index"]: d for d in review["decisions"]}
    xs = [p["index"] + 1 for p in review["curve"]]
    ys = [p["value"] * (100 if win else 1) for p in review["curve"]]
    fig = Figure(figsize=(8, 3.2), dpi=100)
    ax = fig.add_subplot()
    ax.plot(xs, ys, color="#3b5bdb", linewidth=1.8, marker="o", markersize=3)
    for label, colour in LABEL_COLOURS.items():
        pts = [(x, y) for x, y in zip(xs, ys) if decisions[x - 1]["label"] == label]
        if pts:
            ax.scatter([p[0] for p in pts], [p[1] for p in pts], s=60, color=colour,
                       zorder=3, label=label_name(label), edgecolors="#222",
                       linewidths=0.6)
    if win:
        n = len(review["players"])
        ax.axhline(100 / n, color="#868e96", linestyle="--", linewidth=1,
                   label=_("even chances ({share})").format(share=_percent(100 / n)))
        ax.set_ylim(0, 100)
        ax.yaxis.set_major_formatter(lambda v, _pos: _percent(v))
    elif measure == "margin":
        ax.axhline(0, color="#868e96", linestyle="--", linewidth=1,
                   label=pgettext("review chart", "a tie"))
    ax.set_xlabel(pgettext("review chart", "decision"))
    ax.set_ylabel(_(AXIS[measure]))
    # a label comes from a record: "$" would start matplotlib's mathtext
    player = player_label(str(review["players"][review["seat"]])).replace("$", r"\$")
    ax.set_title(_("{game}: {player}, after each decision").format(
        game=_(review["title"]), player=player), fontsize=11)
    ax.grid(True, alpha=0.3)
    if xs:
        ax.set_xlim(0.5, max(xs) + 0.5)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    locale_ticks(ax)
    handles, _labels = ax.get_legend_handles_labels()
    if handles:
        ax.legend(loc="best", fontsize=8, framealpha=0.85)
    fig.tight_layout()
    out = io.BytesIO()
    if fmt == "svg":
        fig.savefig(out, format="svg", metadata={"Date": None})
    else:
        fig.savefig(out, format="png", metadata={"Software": None})
    return out.getvalue()


def _percent(value: float) -> str:
    """``value`` percent, whole, by locale (``50%``, ``50 %``), rounded as ``f"{v:.0f}"``."""
    exact: Any = Decimal(float(value)) / 100   # Babel takes a Decimal where a float goes
    return i18n.format_percent(exact, 0)


def locale_ticks(ax: Any) -> None:
    """The numeric axes of ``ax`` (matplotlib's own tick labels) with the locale's decimal
    sign (``2,5`` in German); untouched where it is a point (English: the same bytes)."""
    from babel.numbers import get_decimal_symbol
    from matplotlib.ticker import FuncFormatter, ScalarFormatter

    sign = get_decimal_symbol(i18n.language())
    if sign == ".":
        return
    for axis in (ax.xaxis, ax.yaxis):
        own = axis.get_major_formatter()
        if type(own) is ScalarFormatter:
            axis.set_major_formatter(FuncFormatter(
                lambda v, pos, own=own: own(v, pos).replace(".", sign)))


def inline_svg(review: Mapping[str, Any]) -> str:
    """:func:`chart` as an ``<svg>`` element to put inside an HTML page (the XML prologue
    and DOCTYPE dropped, text kept as text, ids made deterministic)."""
    try:
        from matplotlib import rc_context
    except ImportError:
        raise _unavailable() from None
    with rc_context({"svg.fonttype": "none", "svg.hashsalt": "regalia-review"}):
        text = chart(review, "svg").decode("utf-8")
    start = text.find("<svg")
    return re.sub(r"\s+$", "", text[start:]) if start >= 0 else text
