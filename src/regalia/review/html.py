"""The review as one self-contained HTML page: the chart (inline SVG), the counts of each
label, the key moments drawn with the game's own drawing (the played move outlined in
orange, the better one in blue) and every decision in a table. No script, no outside
file; every text from the record (player labels, notation) is escaped.
"""

from __future__ import annotations

from decimal import Decimal
from html import escape
from typing import Any, Mapping

from regalia.core import i18n
from regalia.core.i18n import _, ngettext, pgettext

from .board import COLOURS, marked_board
from .chart import inline_svg
from .report import label_name, player_label

#: Background colour of each label in the page.
LABEL_BG = {"best": "#d3f9d8", "good": "#e9fac8", "inaccuracy": "#fff3bf",
            "mistake": "#ffe8cc", "blunder": "#ffc9c9"}

_CSS = """/* i18n: no (the style sheet) */
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
    """The HTML page of ``review`` (a :class:`~.report.Review` as a dict), in the language
    in force (:mod:`regalia.core.i18n`; ``<html lang>`` follows it).

    Raises:
        ChartUnavailable: matplotlib is not installed.
    """
    players = [player_label(str(p)) for p in review["players"]]
    seat = int(review["seat"])
    title = _("Review of {game}: {player} (seat {seat})").format(
        game=_(review["title"]), player=players[seat], seat=seat + 1)
    out = ["<!DOCTYPE html>", f'<html lang="{i18n.language()}"><head><meta charset="utf-8">',
           f"<title>{escape(title)}</title><style>{_CSS}</style></head><body>",
           f"<h1>{escape(title)}</h1>", _meta(review), _counts(review),
           f'<div class="chart">{inline_svg(review)}</div>']
    keys = [d for d in review["decisions"] if d["key"]]
    out.append("<h2>" + escape(_("Key moments"), quote=False) + "</h2>")
    if not keys:
        out.append("<p>" + escape(_("No decision cost enough to be an inaccuracy: well "
                                    "played."), quote=False) + "</p>")
    for d in keys:
        out.append(_moment(review, d))
    out.append("<h2>" + escape(_("Every decision"), quote=False) + "</h2>")
    out.append(_table(review))
    out.append('<p class="note">' + escape(_(
        "Each decision is judged from what this seat knew at the time: the search samples "
        "the cards it could not see. This page shows this seat's own view of the game (its "
        "hand included): share it as you would your hand."), quote=False) + "</p>")
    out.append("</body></html>")
    return "\n".join(out)


def _exact(value: float) -> float:
    """``value`` as the exact decimal of its binary value, so that Babel rounds it as
    ``f"{x:.1f}"`` does (Babel takes a Decimal where a float is expected)."""
    return Decimal(float(value))  # type: ignore[return-value]


def fmt_value(review: Mapping[str, Any], value: float | None, signed: bool = False) -> str:
    """A value as the review shows it, in the language in force: ``63%`` (a chance to
    win; German ``63 %``), ``+3.1`` (a margin; ``+3,1``), ``47.2`` (a score); ``-`` for
    none. ``signed``: a cost (``-12%`` / ``-3.1``)."""
    if value is None:
        return "-"
    if review["measure"] == "win":
        shown = i18n.format_percent(_exact(abs(value) if signed else value), 0)
        return ("-" if signed and value > 0 else "") + shown
    if signed:
        return ("-" + i18n.format_decimal(_exact(value), 1) if value > 0
                else i18n.format_decimal(0.0, 1))
    if review["measure"] == "margin":
        return ("-" if value < 0 else "+") + i18n.format_decimal(_exact(abs(value)), 1)
    return i18n.format_decimal(_exact(value), 1)


def _amount(review: Mapping[str, Any], cost: float) -> str:
    """A cost or threshold: ``5%`` of win chance, or ``2.5`` points (3 significant digits,
    the locale's decimal sign)."""
    from babel.numbers import get_decimal_symbol  # noqa: PLC0415

    comma = get_decimal_symbol(i18n.language())
    if review["measure"] == "win":
        return i18n.format_percent(0).replace("0", f"{100 * cost:.3g}".replace(".", comma))
    return f"{cost:.3g}".replace(".", comma)


def _label(label: str) -> str:
    return (f'<span class="label" style="background:{LABEL_BG[label]}">'
            f"{escape(label_name(label))}</span>")


def _unit(review: Mapping[str, Any]) -> str:
    return (pgettext("review unit", "points") if review["unit"] == "points"
            else pgettext("review unit", "win chance"))


def _meta(review: Mapping[str, Any]) -> str:
    players = [player_label(str(p)) for p in review["players"]]
    params = ", ".join(f"{k}={v}" for k, v in review["params"].items())
    rows = [(pgettext("review", "Game"), f"{_(review['title'])} ({params})"),
            (pgettext("review", "Seats"),
             " · ".join(f"{i + 1}: {p}" for i, p in enumerate(players)))]
    if review.get("scores") is not None:
        rows.append((pgettext("review", "Result"), " · ".join(
            f"{players[i]} {_score(s)}" for i, s in enumerate(review["scores"]))))
    else:
        rows.append((pgettext("review", "Result"), _("the game was not finished")))
    s = review["search"]
    if s["iterations"] and s["seconds"]:
        budget = ngettext("{n} iteration (at most {seconds} s)",
                          "{n} iterations (at most {seconds} s)", s["iterations"]).format(
            n=i18n.format_number(s["iterations"]), seconds=_seconds(s["seconds"]))
    elif s["iterations"]:
        budget = ngettext("{n} iteration", "{n} iterations", s["iterations"]).format(
            n=i18n.format_number(s["iterations"]))
    elif s["seconds"]:
        budget = _("at most {seconds} s").format(seconds=_seconds(s["seconds"]))
    else:
        budget = ""
    rows.append((pgettext("review", "Search"),
                 _("{spec}, {budget} per decision, seed {seed}").format(
                     spec=s["spec"], budget=budget, seed=s["seed"])))
    t = review["thresholds"]
    rows.append((pgettext("review", "Labels"),
                 _("cost in {unit}: {best} up to {t_best}, {inaccuracy} from "
                   "{t_inaccuracy}, {mistake} from {t_mistake}, {blunder} from "
                   "{t_blunder}").format(
                     unit=_unit(review), best=label_name("best"),
                     inaccuracy=label_name("inaccuracy"), mistake=label_name("mistake"),
                     blunder=label_name("blunder"), t_best=_amount(review, t["best"]),
                     t_inaccuracy=_amount(review, t["inaccuracy"]),
                     t_mistake=_amount(review, t["mistake"]),
                     t_blunder=_amount(review, t["blunder"]))))
    if not review.get("complete", True):
        rows.append((pgettext("review", "Note"),
                     _("the review was stopped early: the decisions judged so far")))
    body = "".join(f"<tr><td>{escape(k)}</td><td>{escape(v)}</td></tr>" for k, v in rows)
    return f'<table class="meta">{body}</table>'


def _score(value: float) -> str:
    """A final score as ``f"{value:g}"`` shows it, with the locale's decimal sign."""
    from babel.numbers import get_decimal_symbol  # noqa: PLC0415

    return f"{value:g}".replace(".", get_decimal_symbol(i18n.language()))


def _seconds(value: float) -> str:
    return _score(value)


def _counts(review: Mapping[str, Any]) -> str:
    parts = [f'<span style="background:{LABEL_BG[k]}">'
             + escape(_("{label}: {n}").format(label=label_name(k), n=i18n.format_number(n)))
             + "</span>" for k, n in review["counts"].items()]
    return f'<p class="counts">{"".join(parts)}</p>'


def _moment(review: Mapping[str, Any], d: Mapping[str, Any]) -> str:
    better = d["better"]
    moves = [(d["played"]["action"], "played")]
    if better is not None:
        moves.append((better["action"], "better"))
    svg = marked_board(review["game"], d["observation"], moves, review["players"],
                       uid=f"m{d['index']}")
    amount = _amount(review, d["cost"])
    lost = amount if review["measure"] == "win" else _("{amount} points").format(
        amount=amount)
    head = _("Decision {number} (turn {turn}, ply {ply}): {label}, it cost {cost}").format(
        number=d["index"] + 1, turn=d["turn"] + 1, ply=d["ply"], label=_label(d["label"]),
        cost=escape(lost))
    lines = [f'<span class="legend" style="background:{COLOURS["played"]}"></span>'
             + _("Played: {move} ({value})").format(
                 move=f"<b>{escape(d['played']['notation'])}</b>",
                 value=escape(fmt_value(review, d["value_after"])))]
    if better is not None:
        lines.append(f'<span class="legend" style="background:{COLOURS["better"]}"></span>'
                     + _("Better: {move} ({value})").format(
                         move=f"<b>{escape(better['notation'])}</b>",
                         value=escape(fmt_value(review, better["value"]))))
    board = f'<div class="board-wrap">{svg}</div>' if svg else ""
    return (f'<div class="moment"><h3>{head}</h3><p>{" &nbsp; ".join(lines)}</p>'
            f"{board}</div>")


def _table(review: Mapping[str, Any]) -> str:
    heads = ["#", pgettext("review table", "turn"), pgettext("review table", "ply"),
             pgettext("review table", "played"), pgettext("review table", "label"),
             pgettext("review table", "cost"), _("value after"),
             pgettext("review table", "better")]
    rows = ["<tr>" + "".join(f"<th>{escape(h)}</th>" for h in heads) + "</tr>"]
    for d in review["decisions"]:
        better = d["better"]["notation"] if d["better"] else ""
        label = escape(pgettext("review verdict", "forced")) if d["forced"] else \
            _label(d["label"])
        rows.append(f'<tr class="{"forced" if d["forced"] else ""}">'
                    f'<td class="num">{d["index"] + 1}</td><td class="num">{d["turn"] + 1}'
                    f'</td><td class="num">{d["ply"]}</td>'
                    f"<td>{escape(d['played']['notation'])}</td><td>{label}</td>"
                    f'<td class="num">{escape(fmt_value(review, d["cost"], True))}</td>'
                    f'<td class="num">{escape(fmt_value(review, d["value_after"]))}</td>'
                    f"<td>{escape(better)}</td></tr>")
    return f'<table class="decisions">{"".join(rows)}</table>'
