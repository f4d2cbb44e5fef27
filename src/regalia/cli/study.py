"""``regalia study``: the balance lab (:mod:`regalia.study`) on the command line.

Registered on the root Typer ``app`` when :mod:`regalia.cli.app` imports this module. Agent
parsing, seats, executors and the progress display are the tournament's
(:mod:`regalia.cli.tournament`, :mod:`regalia.arena`); this module parses the options,
prints the settings, runs the study resumably into its directory, prints the findings and
writes the files (``report.html``, ``games.csv``, ``summary.json``).
"""

from __future__ import annotations

import shlex
import webbrowser
from pathlib import Path
from typing import Optional

import typer
from rich.markup import escape

from regalia.arena.executors import BackendUnavailable, make_executor
from regalia.arena.tournament import expand_lineup
from regalia.core.errors import ParameterError

from .common import (DATA_CODES, EXIT_FAILED, EXIT_INTERRUPTED, EXIT_USAGE, build_game, error, fresh_seed,
                     make_console, parse_params, user_errors)
from .root import (ADDRESS_OPT, BACKEND_OPT, LEVEL_OPT, PARAM_OPT, PLAYERS_OPT, SHEET_OPT,
                   VARIANT_OPT, WORKERS_OPT, app, examples as _examples,
                   game_name as _game_name, help_text as _help)
from .runs import game_progress, seat_count, split_agents
from regalia.core.i18n import format_decimal, format_number, _, ngettext

#: The default number of deals per question (with the default agent, greedy, a few minutes
#: at most on one core for every game; docs/studies.md gives the measured rates).
DEFAULT_GAMES = {"seats": 2000, "scores": 1000, "components": 2000, "variants": 500,
                 "compare": 500}
DEFAULT_AGENT = "greedy"


def _command(game: str, question: str, agents: str, players: int, games: int, seed: int,
             variant: Optional[list[str]], sheet: Optional[int], level: Optional[int],
             param: Optional[list[str]], data: Optional[list[Path]]) -> str:
    """The canonical command of a study (what fixes its games; not where they run)."""
    words = ["regalia", "study", game, question, "--players", str(players), "--agents",
             agents, "--games", str(games), "--seed", str(seed)]
    for v in variant or []:
        words += ["--variant", v]
    if sheet is not None:
        words += ["--sheet", str(sheet)]
    if level is not None:
        words += ["--level", str(level)]
    for p in param or []:
        words += ["--param", p]
    for d in data or []:
        words += ["--data", str(d)]
    return shlex.join(words)


@app.command(help=_help(
    _("Run a balance study: many games between fixed agents answer a question about a game, "
      "with intervals, plots and a report."),
    _("""QUESTION is one of: seats (win rate and mean score by seat in turn order, the first
      player first); components (win rate and score when a component is in play or taken,
      against when it is not: Kingdomino dominoes and first picks, Two Heirs sets and
      buildings, Cascadito sheets and achievements, Inheritors Clans, Honors, Quests,
      Advocates and Epics); variants (each variant or ruling option against the game without
      it, on the same deals); compare (a changed component file against the bundled one,
      --data B.toml, or two files, --data A.toml --data B.toml, on the same deals); scores
      (distributions of final scores, margins and game length)."""),
    _("""Agents are chosen as in 'regalia tournament' (--agents, one spec per seat; default
      greedy in every seat: each game's fastest strong setting, e.g. Kingdomino's Full Greedy,
      see docs/agents.md). --games N is the number of deals (default per question: seats
      2000, scores 1000, components 2000, variants 500, compare 500, at most 100,000); a mixed
      lineup plays each deal once per seat rotation, and variants and compare play each deal
      once per setting."""),
    _("""Output in --out DIR (default study-GAME-QUESTION): report.html (self-contained: plots,
      tables, settings, seeds, methods; --open opens it), games.csv (one row per game and
      seat), summary.json, and games.jsonl with every game as it finishes: running the same
      command again resumes an interrupted study (--restart discards it). The same --seed
      gives the same games and report on every backend (serial, process, ray). Progress with
      rate and time left goes to stderr."""),
    _("""Statistics: Wilson intervals for win rates, t intervals for mean scores, Holm's
      correction in the seats and variants tables and Benjamini-Hochberg in the component
      tables, each row's sample size, and a warning where it is too small to tell. Needs
      matplotlib and scipy: pip install 'regalia\\[study]'.""")),
    epilog=_examples(
        "regalia study kingdomino seats --players 2 --games 20000 --seed 1 --open",  # i18n: no
        "regalia study cascadito components --players 1 --games 4000 --seed 1",  # i18n: no
        "regalia study two-heirs components --players 2 --games 2000 --out th-sets",  # i18n: no
        "regalia study kingdomino variants --players 4 --games 1000 --seed 1",  # i18n: no
        "regalia study kingdomino compare --players 2 --data my-dominoes.toml --games 2000",  # i18n: no
        "regalia study inheritors components --players 3 -a greedy -n 1000 -w 2",  # i18n: no
        "regalia study kingdomino scores -a mcts:iterations=200,greedy --players 2 -n 100 "  # i18n: no
        "--backend ray --address auto"))  # i18n: no
def study(
    game: str = typer.Argument(..., metavar="GAME", show_default=False,
                               help=_("Game name (see 'regalia games'), e.g. kingdomino.")),
    question: str = typer.Argument(..., metavar="QUESTION", show_default=False,
                                   help=_("seats, components, variants, compare or scores.")),
    agents: str = typer.Option(DEFAULT_AGENT, "--agents", "-a", metavar="AGENTS",
                               help=_("The lineup: one agent spec per seat, comma-separated "
                                      "(see 'regalia agents'); fewer agents than seats are "
                                      "repeated in order.")),
    games: Optional[int] = typer.Option(None, "--games", "-n", metavar="N",
                                        show_default=False,
                                        help=_("Number of deals (1 to 100,000). Default per "
                                               "question: seats 2000, scores 1000, components "
                                               "2000, variants 500, compare 500.")),
    players: Optional[int] = PLAYERS_OPT,
    seed: Optional[int] = typer.Option(None, "--seed", "-s", metavar="S", show_default=False,
                                       help=_("Base seed of the deals. Default: the seed of the "
                                              "study being resumed in --out, else a fresh one, "
                                              "printed.")),
    workers: Optional[int] = WORKERS_OPT,
    backend: str = BACKEND_OPT,
    address: Optional[str] = ADDRESS_OPT,
    variant: Optional[list[str]] = VARIANT_OPT,
    sheet: Optional[int] = SHEET_OPT,
    level: Optional[int] = LEVEL_OPT,
    param: Optional[list[str]] = PARAM_OPT,
    data: Optional[list[Path]] = typer.Option(None, "--data", metavar="FILE",
                                              show_default=False,
                                              help=_("A component data file (TOML). compare: "
                                                     "B alone (against the bundled data) or A "
                                                     "then B; other questions: at most one, "
                                                     "the game's data.")),
    out: Optional[Path] = typer.Option(None, "--out", "-o", metavar="DIR", file_okay=False,
                                       show_default=False,
                                       help=_("The study's directory (created; default "
                                              "study-GAME-QUESTION). The same command resumes "
                                              "a study stored there.")),
    restart: bool = typer.Option(False, "--restart",
                                 help=_("Discard the games of an earlier run in --out.")),
    open_report: bool = typer.Option(False, "--open", help=_("Open report.html when done.")),
) -> None:
    """Run a balance study (see the help text)."""
    console = make_console()
    with user_errors(EXIT_USAGE, DATA_CODES):
        from regalia import study as lab  # noqa: PLC0415  (the balance lab)
        from regalia.study import text as study_text  # noqa: PLC0415
        from regalia.study.plots import require  # noqa: PLC0415

        require()
        name = _game_name(game)
        q = lab.check_question(question)
        specs = split_agents(agents)
        seats = seat_count(name, len(specs), players)
        lineup = expand_lineup(specs, seats)
        files = list(data or [])
        if q != "compare" and len(files) > 1:
            raise ParameterError(_("several --data files are for the compare question; give at "
                                   "most one (the game's data) to the others"))
        own = files[0] if files and q != "compare" else None
        g = build_game(name, seats, variant, data=own, sheet=sheet, level=level, params=param)
        checked = []
        for f in files if q == "compare" else []:  # each file checked as --data is anywhere
            checked.append(str(build_game(name, seats, variant, data=f, sheet=sheet,
                                          level=level, params=param).params["data"]))
        fixed = set(parse_params(param)) | ({"sheet"} if sheet is not None else set()) \
            | ({"data"} if own is not None else set()) | ({"level"} if level is not None else set())
        deals = DEFAULT_GAMES[q] if games is None else games
        directory = out if out is not None else Path(f"study-{name}-{q}")
        if seed is None:
            seed = _resumable_seed(directory, restart) or fresh_seed()
        plan = lab.plan_study(q, g, lineup, deals, seed, data=checked, fixed=sorted(fixed))
        executor = make_executor(backend, workers, address)
        done = lab.prepare(directory, plan, restart)
    command = _command(name, q, ",".join(specs), seats, deals, seed, variant, sheet, level,
                       param, files)
    console.print(ngettext("[bold]{title}[/bold], {seats} player: [bold]{question}[/bold]. "
                           "{asked}", "[bold]{title}[/bold], {seats} players: "
                           "[bold]{question}[/bold]. {asked}", seats).format(
        title=escape(g.info.title), seats=seats, question=q, asked=escape(_(lab.QUESTIONS[q]))))
    names = [a.name for a in plan.arms]
    shown = ", ".join(names[:4]) + (_(" and {n} more").format(n=len(names) - 4) if len(names) > 4 else "")
    console.print(ngettext("Agents: [cyan]{lineup}[/cyan]; {n} setting: {settings}",
                           "Agents: [cyan]{lineup}[/cyan]; {n} settings: {settings}",
                           len(names)).format(lineup=escape(lab.lineup_label(plan.lineup)),
                                              n=len(names), settings=escape(shown)))
    console.print(_("{deals} deals = {total} games, seed {seed}; running on {describe}; "
                    "directory [cyan]{directory}[/cyan]").format(deals=format_number(deals), total=format_number(plan.total), seed=seed, describe=escape(executor.describe()), directory=escape(str(directory))))
    if done:
        console.print(_("Resuming: {n} of {total} games were played by an earlier run.").format(n=format_number(len(done)), total=format_number(plan.total)))
    err = make_console(stderr=True)
    try:
        with game_progress(plan.total, len(done)) as advance, \
                user_errors(EXIT_FAILED, codes={BackendUnavailable: EXIT_USAGE}):
            played, resumed, elapsed = lab.run_study(
                plan, executor, directory, progress=lambda n, _t: advance(n), finished=done)
    except KeyboardInterrupt:
        err.print(_("[yellow]Interrupted: the finished games are kept in {directory}; run "
                    "the same command to resume.[/yellow]").format(directory=escape(str(directory))))
        raise typer.Exit(EXIT_INTERRUPTED) from None
    run = {"backend": executor.describe(), "elapsed_seconds": round(elapsed, 3),
           "games_played": len(played) - resumed, "games_resumed": resumed}
    try:
        summary = lab.finish(directory, plan, played, run, command)
    except OSError as exc:
        raise error(_("cannot write the study's files in {directory}: {exc}").format(directory=directory, exc=exc), EXIT_FAILED) from None
    console.print()
    for line in study_text.findings(summary["result"]):   # in the language in force
        console.print(f"- {escape(line)}")
    for line in study_text.warnings(summary["result"]):
        console.print(f"[yellow]{escape(line)}[/yellow]")
    rate = (len(played) - resumed) / elapsed if elapsed > 0 else 0.0
    console.print(_("{n} games in {elapsed} s ({rate} games/s).").format(n=format_number(len(played) - resumed), elapsed=format_decimal(elapsed, 1), rate=format_decimal(rate, 1)))
    report = (directory / lab.REPORT_FILE).resolve()
    console.print(_("Report: [cyan]{report}[/cyan] (with games.csv and summary.json beside "
                    "it).").format(report=escape(str(report))))
    if open_report:
        webbrowser.open(report.as_uri())


def _resumable_seed(directory: Path, restart: bool) -> int | None:
    """The seed of the study stored in ``directory`` (to resume it without --seed)."""
    if restart:
        return None
    from regalia.study import stored_plan  # noqa: PLC0415

    plan = stored_plan(directory)
    seed = plan.get("seed") if plan else None
    return seed if isinstance(seed, int) and not isinstance(seed, bool) else None


__all__ = ["study", "DEFAULT_GAMES", "DEFAULT_AGENT"]
