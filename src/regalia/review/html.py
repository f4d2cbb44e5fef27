"""The review as one self-contained HTML page: the chart (inline SVG), the counts of each
label, the key moments drawn with the game's own drawing (the played move outlined in
orange, the better one in blue) and every decision in a table. No script, no outside
file; every text from the record (player labels, notation) is escaped.
"""

from __future__ import annotations

from html import escape
from typing import Any, Mapping

from .board import COLOURS, marked_board
from .chart import inline_svg

#: Background colour of each label in the page.
LABEL_BG = {"best": "#d3f9d8", "good": "#e9fac8", "inaccuracy": "#fff3bf",
            "mistake": "#ffe8cc", "blunder": "#ffc9c9"}

_CSS = """
body{font-family:"DejaVu Sans",Verdana,sans-serif;margin:24px auto;max-width:1200px;
color:#212529;line-height:1.4}
h1{font-size:1.5em;margin-bottom:.2em}h2{font-size:1.2em;margin-top:1.6em}
.meta{color:#495057;font-size:.92em}.meta td{padding:1px 10px 1px 0;vertical-align:top}
.counts span{display:inline-block;padding:3px 10px;margin:2px 4px 2px 0;border-radius:12px;
font-size:.92em}
table.decisions{border-collapse:collapse;font-size:.88em;width:100%}
table.decisions th,table.decisions td{border-bottom:1px solid #dee2e6;padding:3px 6px;
text-align:left}
table.decisions td.num{text-align:right;font-variant-numeric:tabular-nums}
tr.forced td{color:#868e96}
.label{padding:1px 8px;border-radius:10px;white-space:nowrap}
.moment{border:1px solid #dee2e6;border-radius:8px;padding:12px;margin:14px 0}
.moment svg.board{max-width:100%;height:auto}
.board-wrap svg{max-width:100%;height:auto}
.legend{display:inline-block;width:14px;height:14px;border-radius:3px;vertical-align:-2px;
margin:0 4px 0 0}
.note{color:#868e96;font-size:.85em}
"""


def report_html(review: Mapping[str, Any]) -> str:
    """The HTML page of ``review`` (a :class:`~.report.Review` as a dict).

    Raises:
        ChartUnavailable: matplotlib is not installed.
    """
    players = [str(p) for p in review["players"]]
    seat = int(review["seat"])
    title = f"Review of {review['title']}: {players[seat]} (seat {seat + 1})"
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           f"<title>{escape(title)}</title><style>{_CSS}</style></head><body>",
           f"<h1>{escape(title)}</h1>", _meta(review), _counts(review),
           f'<div class="chart">{inline_svg(review)}</div>']
    keys = [d for d in review["decisions"] if d["key"]]
    out.append("<h2>Key moments</h2>")
    if not keys:
        out.append("<p>No decision cost enough to be an inaccuracy: well played.</p>")
    for d in keys:
        out.append(_moment(review, d))
    out.append("<h2>Every decision</h2>")
    out.append(_table(review))
    out.append('<p class="note">Each decision is judged from what this seat knew at the '
               "time: the search samples the cards it could not see. This page shows this "
               "seat's own view of the game (its hand included): share it as you would "
               "your hand.</p>")
    out.append("</body></html>")
    return "\n".join(out)


def fmt_value(review: Mapping[str, Any], value: float | None, signed: bool = False) -> str:
    """A value as the review shows it: ``63%`` (a chance to win), ``+3.1`` (a margin),
    ``47.2`` (a score); ``-`` for none. ``signed``: a cost (``-12%`` / ``-3.1``)."""
    if value is None:
        return "-"
    if review["measure"] == "win":
        return f"{'-' if signed and value > 0 else ''}{100 * value:.0f}%"
    if signed:
        return f"{-value:.1f}" if value > 0 else "0.0"
    return f"{value:+.1f}" if review["measure"] == "margin" else f"{value:.1f}"


def _amount(review: Mapping[str, Any], cost: float) -> str:
    """A cost or threshold: ``5%`` of win chance, or ``2.5`` points."""
    return f"{100 * cost:.3g}%" if review["measure"] == "win" else f"{cost:.3g}"


def _label(label: str) -> str:
    return f'<span class="label" style="background:{LABEL_BG[label]}">{label}</span>'


def _meta(review: Mapping[str, Any]) -> str:
    players = [str(p) for p in review["players"]]
    params = ", ".join(f"{k}={v}" for k, v in review["params"].items())
    rows = [("Game", f"{review['title']} ({params})"),
            ("Seats", " · ".join(f"{i + 1}: {p}" for i, p in enumerate(players)))]
    if review.get("scores") is not None:
        rows.append(("Result", " · ".join(f"{players[i]} {s:g}" for i, s in
                                          enumerate(review["scores"]))))
    else:
        rows.append(("Result", "the game was not finished"))
    s = review["search"]
    budget = (f"{s['iterations']:,} iterations" if s["iterations"] else "") + (
        f" (at most {s['seconds']:g} s)" if s["seconds"] else "")
    rows.append(("Search", f"{s['spec']}, {budget} per decision, seed {s['seed']}"))
    t = review["thresholds"]
    rows.append(("Labels", f"cost in {review['unit']}: best up to "
                 f"{_amount(review, t['best'])}, inaccuracy from "
                 f"{_amount(review, t['inaccuracy'])}, mistake from "
                 f"{_amount(review, t['mistake'])}, blunder from "
                 f"{_amount(review, t['blunder'])}"))
    if not review.get("complete", True):
        rows.append(("Note", "the review was stopped early: the decisions judged so far"))
    body = "".join(f"<tr><td>{escape(k)}</td><td>{escape(v)}</td></tr>" for k, v in rows)
    return f'<table class="meta">{body}</table>'


def _counts(review: Mapping[str, Any]) -> str:
    parts = [f'<span style="background:{LABEL_BG[k]}">{k}: {n}</span>'
             for k, n in review["counts"].items()]
    return f'<p class="counts">{"".join(parts)}</p>'


def _moment(review: Mapping[str, Any], d: Mapping[str, Any]) -> str:
    better = d["better"]
    moves = [(d["played"]["action"], "played")]
    if better is not None:
        moves.append((better["action"], "better"))
    svg = marked_board(review["game"], d["observation"], moves, review["players"],
                       uid=f"m{d['index']}")
    lost = _amount(review, d["cost"]) + ("" if review["measure"] == "win" else " points")
    head = (f"Decision {d['index'] + 1} (turn {d['turn'] + 1}, ply {d['ply']}): "
            f"{_label(d['label'])}, it cost {escape(lost)}")
    lines = [f'<span class="legend" style="background:{COLOURS["played"]}"></span>Played: '
             f"<b>{escape(d['played']['notation'])}</b> "
             f"({escape(fmt_value(review, d['value_after']))})"]
    if better is not None:
        lines.append(f'<span class="legend" style="background:{COLOURS["better"]}"></span>'
                     f"Better: <b>{escape(better['notation'])}</b> "
                     f"({escape(fmt_value(review, better['value']))})")
    board = f'<div class="board-wrap">{svg}</div>' if svg else ""
    return (f'<div class="moment"><h3>{head}</h3><p>{" &nbsp; ".join(lines)}</p>'
            f"{board}</div>")


def _table(review: Mapping[str, Any]) -> str:
    rows = ["<tr><th>#</th><th>turn</th><th>ply</th><th>played</th><th>label</th>"
            "<th>cost</th><th>value after</th><th>better</th></tr>"]
    for d in review["decisions"]:
        better = d["better"]["notation"] if d["better"] else ""
        label = "forced" if d["forced"] else _label(d["label"])
        rows.append(f'<tr class="{"forced" if d["forced"] else ""}">'
                    f'<td class="num">{d["index"] + 1}</td><td class="num">{d["turn"] + 1}'
                    f'</td><td class="num">{d["ply"]}</td>'
                    f"<td>{escape(d['played']['notation'])}</td><td>{label}</td>"
                    f'<td class="num">{escape(fmt_value(review, d["cost"], True))}</td>'
                    f'<td class="num">{escape(fmt_value(review, d["value_after"]))}</td>'
                    f"<td>{escape(better)}</td></tr>")
    return f'<table class="decisions">{"".join(rows)}</table>'
