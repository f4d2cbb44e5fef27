"""``report.html``: one self-contained page (inline CSS and SVG, no script, no link out) with
the question, the findings, the plots and their captions, the tables, the settings and seeds,
and the methods. Built from the summary and the games only, so the same study gives the same
page (the run's wall time and backend stay in ``summary.json``)."""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any, Sequence

from . import plots
from .plan import StudyGame

CSS = """
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


def pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def rate(r: dict[str, Any] | None) -> str:
    """``53.1% [50.0-56.2]``."""
    if not r or r.get("rate") is None:
        return "-"
    lo, hi = r["ci95"]
    return f"{pct(r['rate'])} [{pct(lo)[:-1]}-{pct(hi)}]"


def num(x: float | None, digits: int = 1, signed: bool = False) -> str:
    if x is None:
        return "-"
    return f"{x:+.{digits}f}" if signed else f"{x:.{digits}f}"


def mean(m: dict[str, Any] | None) -> str:
    if not m or m.get("mean") is None:
        return "-"
    lo, hi = m["ci95"]
    return f"{num(m['mean'])} [{num(lo)}, {num(hi)}]"


def diff(d: dict[str, Any] | None, scale: float = 1.0, digits: int = 1) -> str:
    if not d or d.get("diff") is None:
        return "-"
    lo, hi = d["ci95"]

    def f(v: float | None) -> str:
        return num(None if v is None else scale * v, digits, signed=True)

    return f"{f(d['diff'])} [{f(lo)}, {f(hi)}]"


def pval(p: float | None, significant: bool = False) -> str:
    if p is None:
        return "-"
    text = "<0.001" if p < 0.001 else f"{p:.3f}"
    return f'<span class="sig">{text}</span>' if significant else text


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
    return "too few to tell" if row.get("too_few") else ""


# ---------------------------------------------------------------------- per question
def seats_section(result: dict[str, Any]) -> str:
    head = ["seat", "games", "win rate [95%]", "p vs parity (Holm)", "mean score [95%]", ""]
    rows = [[esc(r["label"]), f"{r['win']['n']:,}",
             rate(r["win"]) if result["informative"] else "-",
             pval(r["p_adjusted"], r["significant"]), mean(r["score"]), _few(r)]
            for r in result["rows"]]
    return table(head, rows, [r["too_few"] for r in result["rows"]])


def scores_section(result: dict[str, Any]) -> str:
    head = ["", "mean [95%]", "sd", "min", "q1", "median", "q3", "max"]
    def line(label: str, d: dict[str, Any]) -> list[str]:
        return [esc(label), mean(d), num(d.get("sd")), num(d.get("min"), 0), num(d.get("q1")),
                num(d.get("median")), num(d.get("q3")), num(d.get("max"), 0)]
    rows = [line(f"score, {r['label']}", {**r["score"], **r}) for r in result["rows"]]
    if result.get("margin"):
        rows.append(line("winning margin", result["margin"]))
    rows.append(line("decisions a game", result["decisions"]))
    rows.append(line("actions a game (chance included)", result["length"]))
    return table(head, rows)


def components_section(result: dict[str, Any]) -> str:
    out = []
    for t in result["tables"]:
        out.append(f"<h3>{esc(t['title'])}</h3><p>In play: {esc(t['in_play'])}."
                   + (f" Taken: {esc(t['taken'])}." if t["taken"] else "") + "</p>")
        rows, few = [], []
        if t["per_seat"] and t["measure"] == "score_diff":  # every game won: scores only
            head = ["component", "seats taken", "taken when in play", "mean score taken",
                    "not taken", "score diff [95%]", "q"]
            for r in t["rows"]:
                rows.append([esc(r["name"]), f"{r['taken']['n']:,}", pct(r["pick"]["rate"]),
                             num(r["score_taken"]), num(r["score_not"]), diff(r["score_diff"]),
                             pval(r.get("score_diff_q"), r.get("score_diff_significant", False))])
                few.append(r["too_few"])
        elif t["per_seat"]:
            head = ["component", "seats taken", "taken when in play", "win taken [95%]",
                    "win not taken [95%]", "win diff [95%] (pts)", "q", "score diff [95%]", "q"]
            for r in t["rows"]:
                rows.append([esc(r["name"]), f"{r['taken']['n']:,}", pct(r["pick"]["rate"]),
                             rate(r["taken"]), rate(r["not_taken"]),
                             diff(r["win_diff"], 100), pval(r.get("win_diff_q"),
                                                          r.get("win_diff_significant", False)),
                             diff(r["score_diff"]), pval(r.get("score_diff_q"),
                                                         r.get("score_diff_significant", False))])
                few.append(r["too_few"])
        else:
            head = ["component", "games", "mean score [95%]", "other games", "score diff [95%]",
                    "q"]
            if result["solo_wins"]:
                head += ["win rate [95%]", "win diff (pts)", "q"]
            for r in t["rows"]:
                row = [esc(r["name"]), f"{r['score_with']['n']:,}", mean(r["score_with"]),
                       mean(r["score_without"]), diff(r["score_diff"]),
                       pval(r.get("score_diff_q"), r.get("score_diff_significant", False))]
                if result["solo_wins"]:
                    row += [rate(r["win_with"]), diff(r["win_diff"], 100),
                            pval(r.get("win_diff_q"), r.get("win_diff_significant", False))]
                rows.append(row)
                few.append(r["too_few"])
        out.append(table(head, rows, few))
    return "".join(out)


def arms_section(result: dict[str, Any], base: str) -> str:
    head = ["setting", "deals", f"mean score, {base}", "mean score, with it",
            "change a seat [95%]", "p (Holm)", "winner changed", "1st seat wins, before → after",
            "decisions change"]
    rows = []
    for r in result["rows"]:
        first = r["positions"][0]
        rows.append([esc(r["option"]), f"{r['pairs']:,}", mean(r["mean_base"]),
                     mean(r["mean_arm"]), diff(r["score_diff"], 1, 2),
                     pval(r["p_adjusted"], r["significant"]),
                     rate(r["winner_changed"]) if result["informative"] else "-",
                     f"{pct(first['base']['rate'])} → {pct(first['arm']['rate'])}"
                     if result["informative"] else "-", diff(r["length_diff"])])
    out = [table(head, rows, [r["too_few"] for r in result["rows"]])]
    for r in result["rows"]:
        if r["description"]:
            out.append(f"<p><b>{esc(r['option'])}</b>: {esc(r['description'])}</p>")
    for t in result.get("components", []):
        out.append(f"<h3>{esc(t['title'])}: taken and won with, first file against second</h3>")
        head = ["component", "taken when in play, A", "B", "diff [95%] (pts)", "q",
                "win when taken, A", "B", "diff [95%] (pts)", "q"]
        rows = [[esc(r["name"]), rate(r["pick_a"]), rate(r["pick_b"]), diff(r["pick_diff"], 100),
                 pval(r.get("pick_diff_q"), r["pick_diff_significant"]), rate(r["taken_a"]),
                 rate(r["taken_b"]), diff(r["win_diff"], 100),
                 pval(r.get("win_diff_q"), r.get("win_diff_significant", False))]
                for r in t["rows"]]
        out.append(table(head, rows, [r["too_few"] for r in t["rows"]]))
    return "".join(out)


# ---------------------------------------------------------------------- the page
def settings_section(summary: dict[str, Any], command: str) -> str:
    arms = summary["arms"]
    rows = [["game", esc(f"{summary['title']} ({summary['game']}), {summary['players']} "
                         f"player{'s' if summary['players'] != 1 else ''}")],
            ["agents", esc(summary["lineup_label"])],
            ["deals", f"{summary['deals']:,}"], ["games", f"{summary['games']:,}"],
            ["seat rotations", esc(summary["seeds"]["rotation"])],
            ["seed", esc(summary["seed"])],
            ["seeds", esc(summary["seeds"]["rule"])],
            ["first deal seeds", esc(", ".join(map(str, summary["seeds"]["first_deals"][:5]))
                                     + (", ..." if summary["deals"] > 5 else ""))]]
    for a in arms:
        rows.append([f"setting {esc(a['name'])}",
                     f"<code>{esc(json.dumps(a['params'], sort_keys=True))}</code>"])
    rows.append(["command", f"<code>{esc(command)}</code>"])
    return table(["", ""], rows, cls="kv")


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


def build(summary: dict[str, Any], games: Sequence[StudyGame], command: str,
          figs: Sequence[tuple[str, str]] | None = None) -> str:
    """The page's HTML (``figs``: the plots, when the caller made them already)."""
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
    title = f"{summary['title']}: {q}"
    parts = ["<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">",
             '<meta name="viewport" content="width=device-width, initial-scale=1">',
             f"<title>{esc(title)} (regalia study)</title><style>{CSS}</style></head><body>",
             f"<h1>{esc(title)}</h1><p><b>The question.</b> {esc(summary['asks'])}</p>",
             "<h2>What it found</h2><ul>",
             *[f"<li>{esc(f)}</li>" for f in result["findings"]], "</ul>"]
    parts += [f'<p class="warn">{esc(w)}</p>' for w in summary["warnings"]]
    parts += ["<h2>Plots</h2>", *[figure(svg, cap) for svg, cap in figs],
              "<h2>Tables</h2>", body,
              "<h2>Settings and seeds</h2>", settings_section(summary, command),
              "<h2>Method</h2><ul>",
              f"<li>Intervals: {esc(summary['methods']['intervals'])}.</li>",
              f"<li>Correction for many comparisons: {esc(summary['methods']['correction'])};"
              f" significant: {esc(summary['methods']['significance'])} (shown in red).</li>",
              f"<li>Too few to tell: {esc(summary['methods']['too_few'])} (rows shaded).</li>",
              "<li>Win rates count victory shares: 1 a win, 1/k a victory shared by k, 0 a "
              "loss. Seats of one game are not independent (only one wins), so intervals over "
              "several seats of the same games are somewhat narrow.</li>",
              "<li>Every game is a function of its seed, settings and agents: the same command "
              "gives the same games and this same page, whatever the backend.</li></ul>",
              "<p><small>Made by regalia study; the data: games.csv (one row per game and "
              "seat), games.jsonl (every game with its actions, replayable), summary.json."
              "</small></p></body></html>"]
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
    for k, (svg, _) in enumerate(figs, 1):
        (folder / f"{summary['question']}-{k}.svg").write_text(svg + "\n", encoding="utf-8")
    path = directory / "report.html"
    path.write_text(build(summary, games, command, figs), encoding="utf-8")
    return path


__all__ = ["build", "write", "figures", "CSS"]
