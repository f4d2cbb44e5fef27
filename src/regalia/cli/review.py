"""``regalia review``: a recorded game reviewed for one seat (:mod:`regalia.review`).

Registered on the root Typer ``app`` when :mod:`regalia.cli.app` imports this module. The
record is checked first, as ``regalia replay`` checks it; the review shows a progress bar
with the time left (progress lines when stderr is not a terminal), then a table of the
seat's decisions, the key moments and a line of the value curve; ``--out`` writes the
review as a self-contained HTML page or as JSON, ``--plot`` the chart (matplotlib).
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any, Optional

import typer
from rich import box
from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn,
                           TimeElapsedColumn, TimeRemainingColumn)
from rich.table import Table
from rich.text import Text

from regalia.core.errors import ParameterError
from regalia.core.game import Game
from regalia.core.record import GameRecord
from regalia.core.seat_record import SeatRecord, load_any_record
from regalia.review import Budget, review_game
from regalia.review.chart import require_matplotlib
from regalia.review.html import fmt_value, report_html

from .common import (EXIT_FAILED, EXIT_INTERRUPTED, EXIT_USAGE, HUMAN,
                     check_data_file, check_readable, check_writable, checked_game, error,
                     make_console, plain, user_errors)
from .root import app, examples as _examples, help_text as _help
from .runs import ProgressLines
from regalia.core.i18n import format_number, _, N_

#: The formats ``--out`` writes, by file suffix.
OUT_FORMATS = {".html": "html", ".htm": "html", ".json": "json"}
PLOT_FORMATS = {".png": "png", ".svg": "svg"}
LABEL_STYLE = {"best": "green", "good": "green", "inaccuracy": "yellow",
               "mistake": "dark_orange", "blunder": "bold red"}  # i18n: no


@app.command(help=_help(
    _("Review a recorded game: each decision of a seat judged by a strong search."),
    _("""The record is checked first, as by 'regalia replay' (a record that fails is refused,
      exit 1). Each decision of the seat is judged from what that seat knew then: in a game
      with hidden information the search samples the cards the seat could not see, never the
      real ones. It is labelled best, good, inaccuracy, mistake or blunder by what it cost in
      chance to win (in a solo game: in expected points), with the better move; the key
      moments are the costliest. A seat record (downloaded from a web table) is reviewed for
      its own seat only."""),
    _("""The search and its budget per decision are the game's own (docs/review.md, with the
      label thresholds); --iterations and --seconds-per-decision change the budget. With an
      iteration budget the same --seed gives the same review."""),
    _("""--out FILE.html writes a self-contained page (the chart, the board at each key moment
      with the played move outlined in orange and the better one in blue, every decision);
      --out FILE.json the review as data; --plot FILE.png (or .svg) the chart. The chart and
      the page need matplotlib (pip install 'regalia[review]').""")),
    epilog=_examples("regalia review game.json", "regalia review game.json --as 2 --out "  # i18n: no
                     "review.html", "regalia review seat-record.json --seconds-per-decision 2",  # i18n: no
                     "regalia review game.json --iterations 200 --seed 1 --out review.json"))  # i18n: no
def review(
    file: Path = typer.Argument(..., metavar="RECORD", show_default=False,
                                help=_("A game record written by --record, or a seat record "
                                       "downloaded from a web table.")),
    as_seat: Optional[int] = typer.Option(None, "--as", metavar="SEAT", show_default=False,
                                          help=_("The seat to review (1 = the first). Default: "
                                                 "a seat record's own seat, the only seat of a "
                                                 "solo game, or the only 'human' seat.")),
    seconds: Optional[float] = typer.Option(None, "--seconds-per-decision", metavar="S",
                                            show_default=False,
                                            help=_("Thinking time per decision (default: the "
                                                   "game's iteration budget).")),
    iterations: Optional[int] = typer.Option(None, "--iterations", metavar="N",
                                             show_default=False,
                                             help=_("Search iterations per decision (default: "
                                                    "the game's; with --seconds-per-decision, "
                                                    "whichever ends first).")),
    seed: int = typer.Option(0, "--seed", metavar="N", help=_("Seed of the searches.")),
    out: Optional[Path] = typer.Option(None, "--out", "-o", metavar="FILE", show_default=False,
                                       help=_("Write the review: FILE.html (a page) or "
                                              "FILE.json (data).")),
    plot: Optional[Path] = typer.Option(None, "--plot", metavar="FILE", show_default=False,
                                        help=_("Write the chart: FILE.png or FILE.svg.")),
    data: Optional[Path] = typer.Option(None, "--data", metavar="FILE", show_default=False,
                                        help=_("The component data file the game was played "
                                               "with (for a game played with --data).")),
) -> None:
    """Review a recorded game: each decision of a seat judged by a strong search."""
    console = make_console()
    with user_errors(EXIT_USAGE):
        check_readable(file, _("a game record (JSON)"))
        if data is not None:
            check_data_file(data)
        for path, formats, option in ((out, OUT_FORMATS, "--out"), (plot, PLOT_FORMATS, "--plot")):
            if path is not None:
                if path.suffix.lower() not in formats:
                    raise ParameterError(_("{option} {path}: give a file name ending in "
                                           "{formats}").format(option=option, path=path, formats=' or '.join(formats)))
                check_writable(path, _("the review"), option)
        if plot is not None or (out is not None and OUT_FORMATS[out.suffix.lower()] == "html"):
            require_matplotlib()
        budget = Budget(iterations, seconds)
    with user_errors(EXIT_FAILED):
        record = load_any_record(file)
        if isinstance(record, GameRecord):
            game = checked_game(record, file, data)   # refused as `regalia replay` refuses
        else:
            game = record.check(data)
    seat = _seat(record, game, as_seat, file)
    result = _run(record, seat, budget, seed, data)
    _show(console, result)
    if out is not None:
        text = (report_html(result) if OUT_FORMATS[out.suffix.lower()] == "html"
                else json.dumps(result, indent=1))
        _write(out, text.encode("utf-8"), "review")
        console.print(Text(_("Review written to {out}").format(out=out), style="cyan"))
    if plot is not None:
        from regalia.review.chart import chart

        with user_errors(EXIT_USAGE):
            image = chart(result, PLOT_FORMATS[plot.suffix.lower()])
        _write(plot, image, "chart")
        console.print(Text(_("Chart written to {plot}").format(plot=plot), style="cyan"))


def _seat(record: GameRecord | SeatRecord, game: Game, as_seat: int | None,
          file: Path) -> int:
    """The seat to review (0-based): see the --as help.

    Raises:
        typer.Exit: (a usage error) a seat the game does not have, a seat record asked for
        another seat of a game with hidden information, or no default seat.
    """
    n = game.num_players
    if as_seat is not None and not 1 <= as_seat <= n:
        raise error(_("--as {as_seat}: the game has seats 1 to {n}").format(as_seat=as_seat, n=n), EXIT_USAGE)
    if isinstance(record, SeatRecord):
        own = record.seat
        if not game.info.perfect_information:
            if own is None:
                raise error(_("{file} is a spectator's record of a game with hidden "
                              "information: it holds no seat's view, so no seat can be "
                              "reviewed from it").format(file=file), EXIT_USAGE)
            if as_seat is not None and as_seat - 1 != own:
                raise error(_("--as {as_seat}: {file} is the seat record of seat {own}: it "
                              "holds only what that seat saw, so it can be reviewed only for "
                              "seat {own} (give --as {own} or no --as)").format(as_seat=as_seat, file=file, own=own + 1),
                            EXIT_USAGE)
        if as_seat is None and own is not None:
            return own
    if as_seat is not None:
        return as_seat - 1
    if n == 1:
        return 0
    humans = [i for i, p in enumerate(record.players) if p.strip().lower() == HUMAN]
    if len(humans) == 1:
        return humans[0]
    labels = ", ".join(f"{i + 1} ({plain(p)})" for i, p in enumerate(record.players)) or \
        f"1 to {n}"
    raise error(_("choose the seat to review with --as (seats: {labels})").format(labels=labels), EXIT_USAGE)


def _run(record: GameRecord | SeatRecord, seat: int, budget: Budget, seed: int,
         data: Path | None) -> dict[str, Any]:
    """The review, with a progress bar and the time left on stderr."""
    err = make_console(stderr=True)
    progress = Progress(TextColumn("reviewing"), BarColumn(), MofNCompleteColumn(),
                        TextColumn("decisions"), TimeElapsedColumn(), TextColumn("left"),
                        TimeRemainingColumn(), console=err, transient=True,
                        disable=not err.is_terminal)
    bar = progress.add_task("review", total=None)
    lines: list[ProgressLines] = []

    def advance(done: int, total: int) -> None:
        if err.is_terminal:
            progress.update(bar, completed=done, total=total)
            return
        if not lines:
            lines.append(ProgressLines(total, lambda t: err.print(t, markup=False,
                                                                  highlight=False),
                                       unit=N_("decisions")))
        lines[0](done)

    try:
        with progress, user_errors(EXIT_FAILED):
            return review_game(record, seat, budget, advance, seed, data)
    except KeyboardInterrupt:
        err.print(_("[yellow]Interrupted: the review is abandoned.[/yellow]"))
        raise typer.Exit(EXIT_INTERRUPTED) from None


def _show(console: Any, r: dict[str, Any]) -> None:
    """The decisions as a table, the key moments, the counts and the curve."""
    players = r["players"]
    seat = r["seat"]
    console.print(Text(_("{r}: review of {player} (seat {seat})").format(r=r['title'], player=plain(players[seat]), seat=seat + 1),
                       style="bold"))
    what = {"win": _("chance to win"), "margin": _("expected final margin (points)"),
            "score": _("expected final score (points)")}[r["measure"]]
    s = r["search"]
    budget = " ".join(x for x in (_("{s} iterations").format(s=format_number(s['iterations'])) if s["iterations"] else "",
                                  f"{s['seconds']:g} s" if s["seconds"] else "") if x)
    console.print(Text(_("Values: {what}. Search: {s}, {budget} per decision, seed {s2}.").format(what=what, s=s['spec'], budget=budget, s2=s['seed']), style="dim"))
    t = Table(box=box.SIMPLE_HEAD, pad_edge=False, collapse_padding=True)
    for col, justify in (("#", "right"), ("turn", "right"), ("played", "left"),
                         ("label", "left"), ("cost", "right"), ("after", "right"),
                         ("better", "left")):
        t.add_column(col, justify=justify)  # type: ignore[arg-type]
    for d in r["decisions"]:
        forced = d["forced"]
        label = Text("forced", style="dim") if forced else Text(
            d["label"], style=LABEL_STYLE[d["label"]])
        t.add_row(str(d["index"] + 1), str(d["turn"] + 1), Text(plain(d["played"]["notation"])),
                  label, fmt_value(r, d["cost"], True) if not forced else "",
                  fmt_value(r, d["value_after"]),
                  Text(plain(d["better"]["notation"])) if d["better"] else "",
                  style="dim" if forced else ("bold" if d["key"] else ""))
    console.print(t)
    counts = "  ".join(f"{k} {n}" for k, n in r["counts"].items())
    console.print(Text(_("Decisions: {counts}").format(counts=counts), style="bold"))
    for d in r["decisions"]:
        if d["key"]:
            console.print(Text(_("Key moment: decision {d} (turn {d2}): {d3}, {value} {d4} "
                                 "({fmt_value}); better {d5}").format(d=d['index'] + 1, d2=d['turn'] + 1, d3=plain(d['played']['notation']), value='an' if d['label'][0] in 'aeiou' else 'a', d4=d['label'], fmt_value=fmt_value(r, d['cost'], True), d5=plain(d['better']['notation'])),
                               style=LABEL_STYLE[d["label"]]))
    if r["curve"]:
        console.print(Text(_("Curve ({what} after each decision): {sparkline}").format(what=what, sparkline=sparkline(r))))
    if r.get("scores") is not None:
        console.print(Text(_("Result: ") + " · ".join(
            f"{plain(players[i])} {v:g}" for i, v in enumerate(r["scores"]))))


#: The eight heights of a sparkline.
BLOCKS = "▁▂▃▄▅▆▇█"


def sparkline(r: dict[str, Any]) -> str:
    """The value curve as one line of block characters, from its low to its high (a
    chance to win: from 0% to 100%), with the first and last values."""
    ys = [p["value"] for p in r["curve"]]
    lo, hi = (0.0, 1.0) if r["measure"] == "win" else (min(ys), max(ys))
    span = (hi - lo) or 1.0
    line = "".join(BLOCKS[min(7, max(0, math.floor((y - lo) / span * 8)))] for y in ys)
    return f"{fmt_value(r, ys[0])} {line} {fmt_value(r, ys[-1])}"


def _write(path: Path, content: bytes, what: str) -> None:
    try:
        path.write_bytes(content)
    except OSError as exc:
        raise error(_("cannot write the {what} to {path}: {exc}").format(what=what, path=path, exc=exc), EXIT_FAILED) from None


__all__ = ["review", "sparkline"]
