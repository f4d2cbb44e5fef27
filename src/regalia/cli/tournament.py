"""``regalia tournament``: agents play the same deals in every seat, in parallel.

Registered on the root Typer ``app`` (:mod:`regalia.cli.root`) when :mod:`regalia.cli.app`
imports this module. The
work is :func:`regalia.arena.run_tournament`; this module parses the options, shows a
progress bar on a terminal (progress lines elsewhere: a log, CI), prints the parameters and
the standings, and writes the files.
"""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer
from rich import box
from rich.markup import escape
from rich.table import Table

from regalia.arena.executors import BackendUnavailable, make_executor
from regalia.arena.tournament import (TournamentResult, check_deals, check_lineup,
                                      expand_lineup, output_paths, run_tournament)

from .common import (EXIT_FAILED, EXIT_USAGE, build_game, check_writable, error, fresh_seed,
                     make_console, user_errors)
from .runs import ProgressLines, RateColumn, game_progress, seat_count, split_agents
from .root import (ADDRESS_OPT, BACKEND_OPT, LEVEL_OPT, PARAM_OPT, PLAYERS_OPT, SHEET_OPT,
                   VARIANT_OPT, WORKERS_OPT, app, examples as _examples,
                   game_name as _game_name, help_text as _help)
from regalia.core.i18n import format_decimal, format_number, format_percent, _, ngettext, pgettext


def standings_table(result: TournamentResult) -> Table:
    """agent, games (seats played), win rate [95% CI], mean score ± std, rating, ms/move."""
    t = Table(box=box.SIMPLE_HEAD, pad_edge=False, collapse_padding=True)
    t.add_column(pgettext("column", "agent"), style="bold cyan", overflow="fold", min_width=10)  # i18n: no
    t.add_column(pgettext("column", "games"), justify="right", no_wrap=True)
    t.add_column(_("win rate [95% CI]"), justify="right", no_wrap=True)
    t.add_column(_("mean score"), justify="right", no_wrap=True)
    t.add_column(pgettext("column", "rating"), justify="right", no_wrap=True)
    t.add_column(pgettext("column", "ms/move"), justify="right", no_wrap=True)
    for s in result.standings():
        rating = "-" if s.rating is None else f"{s.rating:+.0f}"
        t.add_row(escape(s.agent), format_number(s.games),
                  f"{format_percent(s.win_rate, 1)} [{format_decimal(100 * s.ci_low, 1)}"
                  f"-{format_decimal(100 * s.ci_high, 1)}]",
                  f"{format_decimal(s.mean_score, 1)} ± {format_decimal(s.std_score, 1)}",
                  rating, format_decimal(1000 * s.seconds_per_move, 1))
    return t


@app.command(help=_help(
    _("Run a tournament: agents play the same deals in every seat, in parallel; win rates "
      "with 95% intervals, mean scores and ratings."),
    _("""--agents lists one agent per seat (the lineup), comma-separated; an agent may appear
      several times (mcts:seconds=1,greedy,greedy,greedy: one mcts against three greedy).
      With fewer agents than --players, the agents are repeated in order to fill the seats
      (A,B for 4 players: A,B,A,B). Options of an agent stay with it
      (mcts:iterations=100,c=0.5,greedy is two agents)."""),
    _("""Each of the --games N deals (deal i has seed derive_seed(SEED, 'deal', i)) is played
      once per seat rotation: in rotation r, seat s holds lineup entry (s - r) mod P. So
      every agent plays every seat on the same cards, and N deals make N x P games. The same
      --seed gives the same results on every backend (unless an agent has a time budget)."""),
    _("""Statistics are per distinct agent, over the seats it played: wins are victory shares
      (a shared win counts 1/k), the interval is Wilson's, the mean score carries its
      standard deviation, and the rating is a Bradley-Terry fit of the pairwise results
      within each game (higher return, then higher score, wins) on the Elo scale, averaging
      0. Parity (an even share) is 1/P."""),
    _("""Progress goes to stderr: a bar on a terminal; elsewhere (a log file, CI) a line every
      few seconds and at each tenth of the games, e.g. '12/40 games, 3.1 games/s, 4 s
      left'.""")),
    epilog=_examples(
        "regalia tournament kingdomino --agents greedy,random --games 50 --seed 1",  # i18n: no
        "regalia tournament two-heirs --agents greedy --level 3 --games 100   (solo)",  # i18n: no
        "regalia tournament kingdomino --agents mcts:seconds=1,greedy,greedy,greedy "  # i18n: no
        "--games 50 --out results.json",  # i18n: no
        "regalia tournament kingdomino -a mcts:iterations=200,greedy --players 4 -n 20 -w 8",  # i18n: no
        "regalia tournament kingdomino -a mce,greedy -n 500 --backend ray --address auto"))  # i18n: no
def tournament(
    game: str = typer.Argument(..., metavar="GAME", show_default=False,
                               help=_("Game name (see 'regalia games'), e.g. kingdomino.")),
    agents: str = typer.Option(..., "--agents", "-a", metavar="AGENTS", show_default=False,
                               help=_("The lineup: one agent spec per seat, comma-separated "
                                      "(see 'regalia agents'); fewer agents than seats are "
                                      "repeated in order.")),
    games: int = typer.Option(..., "--games", "-n", metavar="N", show_default=False,
                              help=_("Number of deals; each is played once per seat rotation "
                                     "(N x P games in all).")),
    players: Optional[int] = PLAYERS_OPT,
    seed: Optional[int] = typer.Option(None, "--seed", "-s", metavar="S", show_default=False,
                                       help=_("Base seed of the deals; the same seed gives the "
                                              "same tournament. Default: a fresh one, printed.")),
    workers: Optional[int] = WORKERS_OPT,
    backend: str = BACKEND_OPT,
    address: Optional[str] = ADDRESS_OPT,
    variant: Optional[list[str]] = VARIANT_OPT,
    sheet: Optional[int] = SHEET_OPT,
    level: Optional[int] = LEVEL_OPT,
    param: Optional[list[str]] = PARAM_OPT,
    out: Optional[Path] = typer.Option(None, "--out", "-o", metavar="FILE", dir_okay=False,
                                       show_default=False,
                                       help=_("Write every game and the summary to FILE "
                                              "(JSON) and one row per game per seat to the "
                                              "sibling .csv file.")),
) -> None:
    """Run a tournament: agents play the same deals in every seat, in parallel."""
    console = make_console()
    with user_errors(EXIT_USAGE):
        name = _game_name(game)
        specs = split_agents(agents)
        seats = seat_count(name, len(specs), players)
        lineup = expand_lineup(specs, seats)
        g = build_game(name, seats, variant, sheet=sheet, level=level, params=param)
        lineup = check_lineup(g, lineup)
        check_deals(games, _("--games (the number of deals)"))
        if out is not None:
            for path in output_paths(out):
                check_writable(path, "results", option="--out")
        executor = make_executor(backend, workers, address)
    seed = fresh_seed() if seed is None else seed
    total = games * seats
    variants = ", ".join(g.params.get("variants") or []) or pgettext("variants", "none")
    shown = ("players", "variants", "data")
    labels = {"sheet": _("play sheet")}
    sheet_note = "".join(f", {labels.get(k, k)} "
                         f"{', '.join(map(str, v)) if isinstance(v, list) else v}"
                         for k, v in g.params.items() if k not in shown)
    console.print(_("[bold]{title}[/bold]{sheet_note}, {seats} players, variants: {variants}").format(title=escape(g.info.title), sheet_note=sheet_note, seats=seats, variants=escape(variants)))
    console.print(_("Lineup (seats 1-{seats} in the first rotation): [cyan]{lineup}[/cyan]").format(seats=seats, lineup=escape(', '.join(lineup))))
    console.print(ngettext("{games} deal x {seats} seat rotations = {total} games, seed {seed}; "
                             "running on {describe}",
                             "{games} deals x {seats} seat rotations = {total} games, seed {seed}; "
                             "running on {describe}", games).format(games=format_number(games), seats=seats, total=format_number(total), seed=seed, describe=escape(executor.describe())))

    err = make_console(stderr=True)
    try:
        with game_progress(total) as advance, \
                user_errors(EXIT_FAILED, codes={BackendUnavailable: EXIT_USAGE}):
            result = run_tournament(g, lineup, games, seed=seed, executor=executor,
                                    progress=lambda done, _total, _result: advance(done))
    except KeyboardInterrupt:
        err.print(_("[yellow]Interrupted: the tournament is abandoned.[/yellow]"))
        raise typer.Exit(130) from None

    console.print()
    console.print(standings_table(result))
    rate = total / result.elapsed if result.elapsed > 0 else float("inf")
    if seats == 1:
        console.print(_("Solo: the win rate is how often the agent beats the game's own "
                        "opponent (e.g. Heinrich); ms/move: mean thinking time per decision."))
    else:
        console.print(_("Parity (an even share) is {value} with {seats} players. "
                        "Ratings: Bradley-Terry on the Elo scale, averaging 0; ms/move: mean "
                        "thinking time per decision.").format(value=format_percent(1 / seats, 1), seats=seats))
    console.print(_("{total} games in {elapsed} s ({rate} games/s).").format(total=format_number(total), elapsed=format_decimal(result.elapsed, 1), rate=format_decimal(rate, 1)))
    if out is not None:
        json_path, csv_path = output_paths(out)
        try:
            result.save(out)
        except OSError as exc:
            raise error(_("cannot write the results to {json_path}: {exc}").format(json_path=json_path, exc=exc), EXIT_FAILED) from None
        console.print(_("Results written to [cyan]{json_path}[/cyan] and "
                        "[cyan]{csv_path}[/cyan].").format(json_path=escape(str(json_path)), csv_path=escape(str(csv_path))))


__all__ = ["tournament", "split_agents", "seat_count", "standings_table", "ProgressLines",
           "RateColumn", "game_progress"]
