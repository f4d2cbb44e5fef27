"""``report.html``: one self-contained page (inline CSS and SVG, no script, no link out) with
the question, the findings, the plots and their captions, the tables, the settings and seeds,
and the methods. Built from the summary and the games only, so the same study gives the same
page (the run's wall time and backend stay in ``summary.json``)."""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any, Sequence

from regalia.core import i18n
from regalia.core.i18n import _, pgettext

from . import plots, text
from .plan import StudyGame
from .text import arm_name, count, dec, pct, seat_label, signed

CSS = """/* i18n: no (the style sheet) */
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:0 auto;max-width:52rem;
padding:0.8rem;line-height:1.45;color:#222;background:#fff}
h1{font-size:1.4rem;margin:0.4rem 0}h2{font-size:1.15rem;margin-top:1.6rem;
border-bottom:1px solid #ddd}h3{font-size:1rem}
figure{margin:1rem 0}figure svg{width:100%;height:auto;display:block}
figcaption{font-size:0.9rem;color:#444}
.scroll{overflow-x:auto}table{border-collapse:collapse;font-size:0.85rem;margin:0.5rem 0}
th,td{padding:0.25rem 0.5rem;border-bottom:1px solid #e4e4e4;text-align:right;
white-space:nowrap}th{background:#f4f4f4}td:first-child,th:first-child{text-align:left}
.kv td{white-space:normal;text-align:left;overflow-wrap:anywhere}
.kv td:first-child{white-space:nowrap;width:1%}
.sig{color:#b00020;font-weight:600}.few{color:#8a6d00}.warn{background:#fff6d6;
padding:0.5rem 0.8rem;border-left:4px solid #e0b000}code{font-size:0.85rem;
overflow-wrap:anywhere}
"""


def esc(x: Any) -> str:
    return html.escape(str(x))


def rate(r: dict[str, Any] | None) -> str:
    """``53.1% [50.0-56.2]`` (en), ``53,1 % [50,0-56,2]`` (de)."""
    if not r or r.get("rate") is None:
        return "-"
    lo, hi = r["ci95"]
    return _("{rate} [{low}-{high}]").format(
        rate=pct(r["rate"]), low=dec(None if lo is None else 100 * lo),
        high=pct(hi))


def num(x: float | None, digits: int = 1, is_signed: bool = False) -> str:
    return signed(x, digits) if is_signed else dec(x, digits)


def mean(m: dict[str, Any] | None) -> str:
    if not m or m.get("mean") is None:
        return "-"
    lo, hi = m["ci95"]
    return _("{value} [{low}, {high}]").format(value=num(m["mean"]), low=num(lo), high=num(hi))


def diff(d: dict[str, Any] | None, scale: float = 1.0, digits: int = 1) -> str:
    if not d or d.get("diff") is None:
        return "-"
    lo, hi = d["ci95"]

    def f(v: float | None) -> str:
        return signed(None if v is None else scale * v, digits)

    return _("{value} [{low}, {high}]").format(value=f(d["diff"]), low=f(lo), high=f(hi))


def pval(p: float | None, significant: bool = False) -> str:
    if p is None:
        return "-"
    shown = "&lt;" + dec(0.001, 3) if p < 0.001 else dec(p, 3)
    return f'<span class="sig">{shown}</span>' if significant else shown


def table(head: Sequence[str], rows: Sequence[Sequence[str]], few: Sequence[bool] = (),
          cls: str = "") -> str:
    """A table in a horizontally scrolling box (cells are HTML already)."""
    out = [f'<div class="scroll"><table class="{cls}"><thead><tr>' if cls else
           '<div class="scroll"><table><thead><tr>']
    out += [f"<th>{esc(h)}</th>" for h in head]
    out.append("</tr></thead><tbody>")
    for i, row in enumerate(rows):
        cls = ' class="few"' if i < len(few) and few[i] else ""
        out.append(f"<tr{cls}>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>")
    out.append("</tbody></table></div>")
    return "".join(out)


def figure(svg: str, caption: str) -> str:
    return f"<figure>{plots.inline(svg)}<figcaption>{esc(caption)}</figcaption></figure>"


def _few(row: dict[str, Any]) -> str:
    return _("too few to tell") if row.get("too_few") else ""


# ---------------------------------------------------------------------- per question
def seats_section(result: dict[str, Any]) -> str:
    head = [pgettext("study table", "seat"), pgettext("study table", "games"),
            _("win rate [95%]"), _("p vs parity (Holm)"), _("mean score [95%]"), ""]
    rows = [[esc(seat_label(r["label"])), count(r["win"]["n"]),
             rate(r["win"]) if result["informative"] else "-",
             pval(r["p_adjusted"], r["significant"]), mean(r["score"]), _few(r)]
            for r in result["rows"]]
    return table(head, rows, [r["too_few"] for r in result["rows"]])


def scores_section(result: dict[str, Any]) -> str:
    head = ["", _("mean [95%]"), pgettext("study table", "sd"), pgettext("study table", "min"),
            pgettext("study table", "q1"), pgettext("study table", "median"),
            pgettext("study table", "q3"), pgettext("study table", "max")]

    def line(label: str, d: dict[str, Any]) -> list[str]:
        return [esc(label), mean(d), num(d.get("sd")), num(d.get("min"), 0), num(d.get("q1")),
                num(d.get("median")), num(d.get("q3")), num(d.get("max"), 0)]
    rows = [line(_("score, {seat}").format(seat=seat_label(r["label"])), {**r["score"], **r})
            for r in result["rows"]]
    if result.get("margin"):
        rows.append(line(_("winning margin"), result["margin"]))
    rows.append(line(_("decisions a game"), result["decisions"]))
    rows.append(line(_("actions a game (chance included)"), result["length"]))
    return table(head, rows)


def _sig(r: dict[str, Any], key: str) -> str:
    return pval(r.get(key + "_q"), r.get(key + "_significant", False))


def components_section(result: dict[str, Any]) -> str:
    out = []
    for t in result["tables"]:
        taken = (" " + _("Taken: {what}.").format(what=esc(_(t["taken"])))
                 if t["taken"] else "")
        out.append(f"<h3>{esc(_(t['title']))}</h3><p>"
                   + _("In play: {what}.").format(what=esc(_(t["in_play"]))) + taken + "</p>")
        rows, few = [], []
        q = pgettext("study table", "q")
        if t["per_seat"] and t["measure"] == "score_diff":  # every game won: scores only
            head = [pgettext("study table", "component"), _("seats taken"),
                    _("taken when in play"), _("mean score taken"), _("not taken"),
                    _("score diff [95%]"), q]
            for r in t["rows"]:
                rows.append([esc(r["name"]), count(r["taken"]["n"]), pct(r["pick"]["rate"]),
                             num(r["score_taken"]), num(r["score_not"]), diff(r["score_diff"]),
                             _sig(r, "score_diff")])
                few.append(r["too_few"])
        elif t["per_seat"]:
            head = [pgettext("study table", "component"), _("seats taken"),
                    _("taken when in play"), _("win taken [95%]"), _("win not taken [95%]"),
                    _("win diff [95%] (pts)"), q, _("score diff [95%]"), q]
            for r in t["rows"]:
                rows.append([esc(r["name"]), count(r["taken"]["n"]), pct(r["pick"]["rate"]),
                             rate(r["taken"]), rate(r["not_taken"]),
                             diff(r["win_diff"], 100), _sig(r, "win_diff"),
                             diff(r["score_diff"]), _sig(r, "score_diff")])
                few.append(r["too_few"])
        else:
            head = [pgettext("study table", "component"), pgettext("study table", "games"),
                    _("mean score [95%]"), _("other games"), _("score diff [95%]"), q]
            if result["solo_wins"]:
                head += [_("win rate [95%]"), _("win diff (pts)"), q]
            for r in t["rows"]:
                row = [esc(r["name"]), count(r["score_with"]["n"]), mean(r["score_with"]),
                       mean(r["score_without"]), diff(r["score_diff"]), _sig(r, "score_diff")]
                if result["solo_wins"]:
                    row += [rate(r["win_with"]), diff(r["win_diff"], 100), _sig(r, "win_diff")]
                rows.append(row)
                few.append(r["too_few"])
        out.append(table(head, rows, few))
    return "".join(out)


def arms_section(result: dict[str, Any], base: str) -> str:
    head = [pgettext("study table", "setting"), pgettext("study table", "deals"),
            _("mean score, {setting}").format(setting=arm_name(base)),
            _("mean score, with it"), _("change a seat [95%]"), _("p (Holm)"),
            _("winner changed"), _("1st seat wins, before → after"), _("decisions change")]
    rows = []
    for r in result["rows"]:
        first = r["positions"][0]
        rows.append([esc(arm_name(r["option"])), count(r["pairs"]), mean(r["mean_base"]),
                     mean(r["mean_arm"]), diff(r["score_diff"], 1, 2),
                     pval(r["p_adjusted"], r["significant"]),
                     rate(r["winner_changed"]) if result["informative"] else "-",
                     f"{pct(first['base']['rate'])} → {pct(first['arm']['rate'])}"
                     if result["informative"] else "-", diff(r["length_diff"])])
    out = [table(head, rows, [r["too_few"] for r in result["rows"]])]
    for r in result["rows"]:
        if r["description"]:
            out.append(f"<p><b>{esc(arm_name(r['option']))}</b>: "
                       f"{esc(text.arm_description(r['description']))}</p>")
    for t in result.get("components", []):
        out.append("<h3>" + esc(_("{kind}: taken and won with, first file against second")
                                .format(kind=_(t["title"]))) + "</h3>")
        q = pgettext("study table", "q")
        head = [pgettext("study table", "component"), _("taken when in play, A"), "B",
                _("diff [95%] (pts)"), q, _("win when taken, A"), "B", _("diff [95%] (pts)"), q]
        rows = [[esc(r["name"]), rate(r["pick_a"]), rate(r["pick_b"]), diff(r["pick_diff"], 100),
                 pval(r.get("pick_diff_q"), r["pick_diff_significant"]), rate(r["taken_a"]),
                 rate(r["taken_b"]), diff(r["win_diff"], 100), _sig(r, "win_diff")]
                for r in t["rows"]]
        out.append(table(head, rows, [r["too_few"] for r in t["rows"]]))
    return "".join(out)


# ---------------------------------------------------------------------- the page
def settings_section(summary: dict[str, Any], command: str) -> str:
    arms = summary["arms"]
    n = summary["players"]
    first = ", ".join(map(str, summary["seeds"]["first_deals"][:5])) + (
        ", ..." if summary["deals"] > 5 else "")
    rows = [[pgettext("study table", "game"),
             esc(i18n.ngettext("{title} ({game}), {n} player", "{title} ({game}), {n} players",
                               n).format(title=summary["title"], game=summary["game"], n=n))],
            [pgettext("study table", "agents"), esc(plan_lineup(summary))],
            [pgettext("study table", "deals"), count(summary["deals"])],
            [pgettext("study table", "games"), count(summary["games"])],
            [_("seat rotations"), esc(_(summary["seeds"]["rotation"]))],
            [pgettext("study table", "seed"), esc(summary["seed"])],
            [pgettext("study table", "seeds"), esc(_(summary["seeds"]["rule"]))],
            [_("first deal seeds"), esc(first)]]
    for a in arms:
        rows.append([esc(_("setting {name}").format(name=arm_name(a["name"]))),
                     f"<code>{esc(json.dumps(a['params'], sort_keys=True))}</code>"])
    rows.append([pgettext("study table", "command"), f"<code>{esc(command)}</code>"])
    return table(["", ""], rows, cls="kv")


def plan_lineup(summary: dict[str, Any]) -> str:
    """The agents, as :func:`~.plan.lineup_label` says them in the language in force."""
    from .plan import lineup_label  # noqa: PLC0415

    return lineup_label(summary["lineup"]) if summary.get("lineup") else summary["lineup_label"]


def figures(summary: dict[str, Any], games: Sequence[StudyGame]) -> list[tuple[str, str]]:
    """The question's plots: (standalone SVG, caption) each."""
    result, q = summary["result"], summary["question"]
    if q == "seats":
        return plots.seats(result)
    if q == "scores":
        return plots.scores(games, summary["players"])
    if q == "components":
        return plots.components(result)
    return plots.arms(result, summary["arms"][0]["name"])


def question_name(q: str) -> str:
    """A question's name as a heading shows it (the command keeps the English word)."""
    return {"seats": pgettext("study question", "seats"),
            "scores": pgettext("study question", "scores"),
            "components": pgettext("study question", "components"),
            "variants": pgettext("study question", "variants"),
            "compare": pgettext("study question", "compare")}.get(q, q)


def build(summary: dict[str, Any], games: Sequence[StudyGame], command: str,
          figs: Sequence[tuple[str, str]] | None = None) -> str:
    """The page's HTML (``figs``: the plots, when the caller made them already), in the
    language in force."""
    figs = figures(summary, games) if figs is None else figs
    result = summary["result"]
    q = summary["question"]
    if q == "seats":
        body = seats_section(result)
    elif q == "scores":
        body = scores_section(result)
    elif q == "components":
        body = components_section(result)
    else:
        body = arms_section(result, summary["arms"][0]["name"])
    title = f"{summary['title']}: {question_name(q)}"
    methods = summary["methods"]
    parts = [f'<!DOCTYPE html><html lang="{i18n.language()}"><head><meta charset="utf-8">',
             '<meta name="viewport" content="width=device-width, initial-scale=1">',
             "<title>" + esc(_("{title} (regalia study)").format(title=title))
             + f"</title><style>{CSS}</style></head><body>",
             f"<h1>{esc(title)}</h1><p><b>" + esc(_("The question.")) + "</b> "
             + esc(_(summary["asks"])) + "</p>",
             "<h2>" + esc(_("What it found")) + "</h2><ul>",
             *[f"<li>{esc(f)}</li>" for f in text.findings(result)], "</ul>"]
    parts += [f'<p class="warn">{esc(w)}</p>' for w in text.warnings(result)]
    parts += ["<h2>" + esc(pgettext("study report", "Plots")) + "</h2>",
              *[figure(svg, cap) for svg, cap in figs],
              "<h2>" + esc(pgettext("study report", "Tables")) + "</h2>", body,
              "<h2>" + esc(_("Settings and seeds")) + "</h2>", settings_section(summary, command),
              "<h2>" + esc(pgettext("study report", "Method")) + "</h2><ul>",
              "<li>" + esc(_("Intervals: {intervals}.").format(
                  intervals=_(methods["intervals"]))) + "</li>",
              "<li>" + esc(_("Correction for many comparisons: {correction}; significant: "
                             "{significance} (shown in red).").format(
                  correction=text.correction(result.get("correction", "")),
                  significance=text.significance())) + "</li>",
              "<li>" + esc(_("Too few to tell: {rule} (rows shaded).").format(
                  rule=text.too_few())) + "</li>",
              "<li>" + esc(_("Win rates count victory shares: 1 a win, 1/k a victory shared "
                             "by k, 0 a loss. Seats of one game are not independent (only "
                             "one wins), so intervals over several seats of the same games "
                             "are somewhat narrow.")) + "</li>",
              "<li>" + esc(_("Every game is a function of its seed, settings and agents: the "
                             "same command gives the same games and this same page, whatever "
                             "the backend.")) + "</li></ul>",
              "<p><small>" + esc(_("Made by regalia study; the data: games.csv (one row per "
                                   "game and seat), games.jsonl (every game with its actions, "
                                   "replayable), summary.json.")) + "</small></p></body></html>"]
    return "\n".join(parts)


def write(directory: Path, summary: dict[str, Any], games: Sequence[StudyGame],
          command: str) -> Path:
    """``report.html`` in ``directory``, and each plot as ``plots/QUESTION-N.svg`` beside it
    (for slides and documents); returns the report's path."""
    figs = figures(summary, games)
    folder = directory / "plots"
    folder.mkdir(exist_ok=True)
    for old in folder.glob("*.svg"):
        old.unlink()
    for k, (svg, _caption) in enumerate(figs, 1):
        (folder / f"{summary['question']}-{k}.svg").write_text(svg + "\n", encoding="utf-8")
    path = directory / "report.html"
    path.write_text(build(summary, games, command, figs), encoding="utf-8")
    return path


__all__ = ["build", "write", "figures", "CSS"]
