"""The ``regalia`` command line (Typer).

Commands: ``games``, ``agents``, ``play``, ``resume``, ``match``, ``replay``, ``score``,
``data check``, ``tournament``. Every user error (a bad argument, an unknown name, a file that does not
validate) is shown as a red message naming what was wrong and what is allowed, never as a
traceback. Exit codes (also in ``regalia --help``):

* 0: success (a game abandoned with 'quit' included).
* 1: an input file whose *content* fails its check: a malformed or edited record, a
  dominoes file that does not validate, a score file (kingdom grid, landscape, play sheets,
  play areas) that does not parse; also a record or result file that cannot be written
  once the work is done.
* 2: bad command-line usage: an unknown game, agent or variant, a bad option value, a path
  on the command line that cannot be read (or, for ``--record``, written; checked before
  the game starts), or a file that cannot be read as text of its kind at all (a FIFO or
  device, over 8 MiB, not UTF-8, nested deeper or holding a longer number than regalia
  reads: :class:`~regalia.core.errors.UnreadableInputError`).
* 130: interrupted by Ctrl-C (``play`` still writes the record of the game so far).

A game plugs in through the registry (``regalia.core.registry``) and, for a tailored
terminal view, a :class:`regalia.cli.frontends.GameUI` (see ``cli/kingdomino.py``).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Optional, Sequence

import typer
from rich import box
from rich.table import Table
from rich.console import Console, RenderableType
from rich.text import Text

from regalia.agents import (DEFAULT_HINT_AGENT, FAST_HINT_AGENT, ISMCTSAgent, SearchAgent,
                            agent_options, check_spec, default_hint_spec, derive_seed, hint,
                            list_agents, make_agent)
from regalia.core.errors import (NotationError, ParameterError, RecordError,
                                 RegaliaError)
from regalia.core.game import Game
from regalia.core.record import GameRecord
from regalia.core.seat_record import SeatRecord, load_any_record
from regalia.core.registry import game_class, game_strengths, list_games, load_game
from regalia.core.state import State

from . import cascadito as _cascadito  # noqa: F401  (registers the Cascadito view)
from . import kingdomino as _kingdomino  # noqa: F401  (registers the Kingdomino view)
from . import inheritors as _inheritors  # noqa: F401  (registers the Inheritors view)
from . import two_heirs as _two_heirs  # noqa: F401  (registers the Two Heirs view)
from .common import (DATA_CODES, EXIT_FAILED, EXIT_INTERRUPTED, EXIT_USAGE, HUMAN,
                     build_game, check_data_file, checked_game, check_players, check_readable,
                     check_seats_for_game, check_toml_readable, check_writable, error,
                     fresh_seed, make_console, markup_safe, read_text_file, seat_labels,
                     solo_specs, user_errors)
from .frontends import Narrator, NotAvailable, ScoreRequest, ui_for
from .prompt import move_reader
from .root import (LEVEL_OPT, PARAM_OPT, SHEET_OPT, VARIANT_OPT, app, data_app,
                   examples as _examples, game_name as _game_name, help_text as _help)
from .session import TABLE_COMMANDS, StopReplay, Thinking, run_match, run_play, run_replay
from regalia.core.i18n import _, pgettext


# ---------------------------------------------------------------------- games, agents
def _provenance_kind(kind: str) -> str:
    """A provenance (``verified``, ``rulebook``, ``reconstructed``) as a word of the language
    in force (the keys stay English in data files and records)."""
    words = {"verified": pgettext("provenance", "verified"),
             "rulebook": pgettext("provenance", "rulebook"),
             "reconstructed": pgettext("provenance", "reconstructed")}
    return words.get(kind, kind)


@app.command(help=_("List the games you can play, with player counts, variants and "
                     "component data."),
             epilog=_examples("regalia games"))  # i18n: no
def games() -> None:
    """List the games you can play, with player counts, variants and component data."""
    console = make_console()
    t = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    t.add_column(pgettext("column", "name"), style="bold cyan", no_wrap=True)  # i18n: no
    t.add_column(pgettext("column", "title"))
    t.add_column(pgettext("column", "players"), justify="center", no_wrap=True)
    t.add_column(pgettext("column", "variants"))
    t.add_column(_("component data"))
    for info in list_games():
        try:
            prov = game_class(info.name)().data_provenance()
            data = ", ".join(f"{n} {_provenance_kind(k)}" for k, n in prov.items()) or "-"
        except RegaliaError as exc:
            data = _("(cannot load: {exc})").format(exc=exc)
        players = (str(info.min_players) if info.min_players == info.max_players
                   else f"{info.min_players}-{info.max_players}")
        t.add_row(info.name, info.title, players, ", ".join(info.variants) or "-", data)
    console.print(t)


@app.command(help=_("List the computer players (agents) and 'human', for --players."),
             epilog=_examples("regalia agents"))  # i18n: no
def agents() -> None:
    """List the computer players (agents) and 'human', for --players."""
    console = make_console()
    t = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    t.add_column(pgettext("column", "name"), style="bold cyan", no_wrap=True)  # i18n: no
    t.add_column(pgettext("column", "plays"))
    t.add_column(pgettext("column", "options"))
    for name, desc in list_agents().items():
        t.add_row(name, desc, ", ".join(agent_options(name)))
    t.add_row(HUMAN, _("you, typing moves at this terminal (regalia play only)"), "")
    console.print(t)
    console.print(_("Options follow a colon, comma-separated, e.g. [cyan]greedy:seed=7[/cyan] or "
                    "[cyan]mcts:seconds=1,playout=greedy[/cyan]; see docs/agents.md. Each agent "
                    "has its own seeded generator."))
    lines = []
    for info in list_games():
        st = game_strengths(info.name)
        if st is not None:
            lines.append(f"  [bold cyan]{info.name}[/bold cyan]: "
                         + _("easy [cyan]{easy}[/cyan], normal [cyan]{normal}[/cyan], "
                             "strong [cyan]{strong}[/cyan]").format(
                                 easy=st.easy, normal=st.normal, strong=st.strong)
                         + (f" ({st.evidence})" if st.evidence else ""))
    if lines:
        console.print(_("\nRecommended opponents (strong: the best measured at <= 1 s per move):"))
        for line in lines:
            console.print(line)


# ---------------------------------------------------------------------- options
GAME_ARG = typer.Argument(..., metavar="GAME", help=_("Game name (see 'regalia games'), e.g. kingdomino."),
                          show_default=False)
SEED_OPT = typer.Option(None, "--seed", "-s", metavar="N", help=_("Seed of the dealer (and of the agents); "
                          "the same seed gives the same game. Default: a fresh one, printed (by 'play' "
                          "at the end of the game: it fixes every draw)."))
RECORD_OPT = typer.Option(None, "--record", "-r", metavar="FILE", help=_("Write the game record (JSON) to this "
                            "file, for 'regalia replay'. Checked before the game starts; 'play' "
                            "writes it also when you quit or press Ctrl-C ('regalia resume "
                            "FILE' continues it)."), dir_okay=False,
                          show_default=False)
SOLO_OPT = typer.Option(False, "--solo", metavar="", help=_("Play the game's solo mode (one "
                          "seat, against its automated opponent, e.g. Two Heirs' Heinrich); "
                          "--players defaults to 'human' (play)."))
DATA_OPT = typer.Option(None, "--data", metavar="FILE", help=_("Use your own component data file (see "
                          "'regalia data check')."), show_default=False)


def _save_record(record: GameRecord, path: Optional[Path], unfinished: bool = False) -> None:
    """Write the record to ``path`` (checked writable before the game by
    :func:`check_writable`), then say so; exit 1 if it cannot be written after all."""
    if path is None:
        return
    try:
        record.save(path)
    except OSError as exc:
        raise error(_("cannot write the record to {path}: {exc}").format(path=path, exc=exc), EXIT_FAILED) from None
    if unfinished:
        make_console().print(_("The unfinished game is saved in [cyan]{path}[/cyan]; continue "
                               "it with: regalia resume {path} (the file holds the game's "
                               "secret seed: reading it would tell the draws to come)").format(
            path=markup_safe(str(path))))
        return
    make_console().print(_("Record written to [cyan]{path}[/cyan] (replay it with: regalia "
                           "replay {path})").format(path=markup_safe(str(path))))


#: Exit codes of the commands that use a component data file: its content failing to
#: validate is exit 1, anything else (unknown names, bad options, unreadable path) exit 2.
_DATA_CODES = DATA_CODES


# ---------------------------------------------------------------------- play
@app.command(help=_help(
    _("Play a game yourself in the terminal, against computer players (or friends)."),
    _("""At your turn type a move ('d5-e5' to place, '23' to pick), 'moves' (or '?') for the
      legal moves, 'help' for the notation, 'board' to see the table again, 'hint' for a
      suggestion (with --hints), 'undo' to take back your last move (against computer
      players, while nothing was drawn since), 'quit' to stop. A decision with a single legal
      move is played for you. On a terminal, Tab completes a legal move and the arrow keys
      edit the line and recall what you typed."""),
    _("""'quit' (or Ctrl-C) keeps the unfinished game in the --record file, or else in
      regalia-GAME-DATE-TIME.json in the current directory; 'regalia resume FILE' continues it.
      The file holds the game's secret seed (it decides the draws to come).""")),
    epilog=_examples(
    "regalia play kingdomino --players human,greedy",  # i18n: no
    "regalia play kingdomino -p human,random,random,greedy --seed 7 --record game.json",  # i18n: no
    "regalia play kingdomino -p human,greedy -v harmony -v middle-kingdom",  # i18n: no
    "regalia play kingdomino -p human,mcts:seconds=1,greedy --hints",  # i18n: no
    "regalia play cascadito --sheet 2 --players human",  # i18n: no
    "regalia play two-heirs --players human,greedy",  # i18n: no
    "regalia play two-heirs --solo --level 3",  # i18n: no
    "regalia play two-heirs -p human,greedy --param sets=war,patrol,crafts --param roads=false"))  # i18n: no
def play(
    game: str = GAME_ARG,
    players: Optional[str] = typer.Option(None, "--players", "-p", show_default=False,
                                          metavar="SEATS",
                                          help=_("One entry per seat, comma-separated: 'human' "
                                                 "or an agent (see 'regalia agents'). The "
                                                 "number of entries is the player count "
                                                 "(required, except with --solo).")),
    seed: Optional[int] = SEED_OPT,
    solo: bool = SOLO_OPT,
    level: Optional[int] = LEVEL_OPT,
    variant: Optional[list[str]] = VARIANT_OPT,
    record: Optional[Path] = RECORD_OPT,
    data: Optional[Path] = DATA_OPT,
    sheet: Optional[int] = SHEET_OPT,
    param: Optional[list[str]] = PARAM_OPT,
    hints: bool = typer.Option(False, "--hints", metavar="",
                               help=_("Allow 'hint' at your turn: a search agent suggests a "
                                      "move with its estimated win rate (in a solo game: "
                                      "its expected score, or margin over the automated "
                                      "opponent).")),
    compact: bool = typer.Option(False, "--compact", metavar="",
                                 help=_("A compact table that fits an 80x24 terminal (4-player "
                                        "Kingdomino: kingdoms side by side, small); chosen "
                                        "automatically when the terminal is too small.")),
    hint_agent: Optional[str] = typer.Option(
        None, "--hint-agent", metavar="SPEC",
        help=_("The search agent behind hints (mce, mcts or ismcts with options); default "
               "{default_hint_agent}, or {fast_hint_agent} for a game offering a 'fast' "
               "playout policy (Inheritors).").format(default_hint_agent=DEFAULT_HINT_AGENT, fast_hint_agent=FAST_HINT_AGENT)),
) -> None:
    """Play a game yourself in the terminal, against computer players (or friends).

    At your turn type a move ('d5-e5' to place, '23' to pick), 'moves' (or '?') for the
    legal moves, 'help' for the notation, 'board' to see the table again, 'hint' for a
    suggestion (with --hints), 'undo' to take back your move, 'quit' to stop (the game is
    kept for 'regalia resume').
    """
    console = make_console()
    with user_errors(EXIT_USAGE, _DATA_CODES):
        specs, g = _seats_and_game(game, players, solo, default=HUMAN, allow_human=True,
                                   variant=variant, data=data, sheet=sheet, level=level,
                                   param=param)
        if record is not None:
            check_writable(record, pgettext("object", "game record"))
        check_seats_for_game(specs, g)
        hint_agent = _hint_agent(g, hints, hint_agent)
    if not any(s.strip().lower() == HUMAN for s in specs):
        console.print(_("[yellow]No 'human' in --players: the computer plays every seat "
                        "(use 'regalia match' to watch).[/yellow]"))
    seed = fresh_seed() if seed is None else seed
    _play_at_table(g, specs, seed, hints, hint_agent, record, compact=compact)


def _seats_and_game(game: str, players: Optional[str], solo: bool, *, default: str,
                    allow_human: bool, variant: Optional[list[str]], data: Optional[Path],
                    sheet: Optional[int], level: Optional[int],
                    param: Optional[list[str]]) -> tuple[list[str], Game]:
    """The seats and the game that ``play`` and ``match`` are given: the game's name
    looked up, ``--players`` split into seat specs (``default``: the one seat of ``--solo``
    without --players) and checked (``allow_human``: whether 'human' may sit), then the
    game built with that many seats and the other options (see :func:`build_game`).

    Raises:
        UnknownNameError, ParameterError: an unknown game or agent, a bad option value;
        PathProblem: a ``--data`` path that cannot be read; DataError: a ``--data`` file
        that does not validate.
    """
    name = _game_name(game)
    specs = solo_specs(players, solo, default=default)
    check_players(specs, allow_human=allow_human)
    g = build_game(name, len(specs), variant, data, sheet=sheet, solo=solo, level=level,
                   params=param)
    return specs, g


def _hint_agent(g: Game, hints: bool, hint_agent: Optional[str]) -> str:
    """The hint agent spec (the game's default when None), checked when hints are on.

    Raises:
        ParameterError: not a search agent, or one that would see hidden cards."""
    if hint_agent is None:
        hint_agent = default_hint_spec(g.info.name)
    if hints:
        check_spec(hint_agent, g)
    if hints and not isinstance(make_agent(hint_agent), SearchAgent):
        raise ParameterError(_("--hint-agent {hint_agent!r}: hints need a search agent (mce, "
                               "mcts or ismcts)").format(hint_agent=hint_agent))
    if (hints and not g.info.perfect_information
            and not isinstance(make_agent(hint_agent), ISMCTSAgent)):
        # mce and mcts search the true state: their hint would tell hidden cards
        raise ParameterError(_("--hint-agent {hint_agent!r}: {title} hides cards, and only "
                               "ismcts decides from what you can see").format(hint_agent=hint_agent, title=g.info.title))
    return hint_agent


def _save_path(g: Game, record: Optional[Path]) -> Path:
    """Where an unfinished game is kept: ``--record`` (or the resumed file), else
    ``regalia-<game>-<date>-<time>.json`` in the current directory (not named by the seed:
    the seed stays hidden while the game goes on)."""
    if record is not None:
        return record
    return Path(f"regalia-{g.info.name}-{time.strftime('%Y%m%d-%H%M%S')}.json")


def _play_at_table(g: Game, specs: list[str], seed: int, hints: bool, hint_agent: str,
                   record: Optional[Path], history: Sequence[int] = (),
                   compact: bool = False, dealer: str | None = None) -> None:
    """Play (or, with ``history``, continue) a game at this terminal and keep it: the
    record of a finished game goes to ``record`` (if given); an unfinished one (quit, end
    of input, Ctrl-C) to ``record`` or a default file, with how to resume it. ``compact``:
    the compact table (``--compact``). ``dealer``: the generator that dealt ``history``
    (a resumed record's; None: the engine's own)."""
    console = make_console()
    ui = ui_for(g.info.name)
    humans = [i for i, s in enumerate(specs) if s.strip().lower() == HUMAN]
    if humans:  # hidden information stays hidden from the people at the table
        ui = ui.seen_by(humans[0] if len(humans) == 1 else -1)
    if compact:
        ui = ui.laid_out("compact")
    labels = seat_labels(specs)
    read_move = move_reader(console, labels, TABLE_COMMANDS, ui)

    def hinter(state: State) -> str:
        with console.status(_("Thinking about a hint ...")):
            h = hint(state, hint_agent, seed=derive_seed(seed, "hint", len(state.history())))
        return h.summary()

    outcome = run_play(g, specs, seed, ui, console, read_move, hinter if hints else None,
                       history=history, thinking=Thinking(console), dealer=dealer,
                       table={"hints": hints, "hint_agent": hint_agent, "compact": compact})
    if outcome.quit:
        if outcome.interrupted:
            console.print()
            console.print(_("[yellow]Interrupted: the game is abandoned.[/yellow]"))
        path = _save_path(g, record)
        _save_record(outcome.record, path, unfinished=True)
        if outcome.interrupted:
            raise typer.Exit(EXIT_INTERRUPTED)
        return
    console.print()
    console.print(ui.final(outcome.state, labels))
    if humans:  # hidden from the table while the game ran (it fixes every draw)
        console.print(Text(_("Seed of this game: {seed} (the same seed and players give the "
                             "same game)").format(seed=seed), style="dim"))
    _save_record(outcome.record, record)


# ---------------------------------------------------------------------- resume
@app.command(help=_help(
    _("Continue a game you left with 'quit' (or Ctrl-C), with the same seats and settings."),
    _("""'regalia play' keeps an unfinished game in the file given with --record, or else in
      regalia-GAME-DATE-TIME.json in the current directory, and says so. The file is a game
      record: it is checked as 'regalia replay' checks it (an edited file is refused), the
      game is rebuilt move by move from its seed, and play goes on where it stopped; quitting
      again saves it to the same file, and a finished game is written there too."""),
    _("""The file holds the game's secret seed, which decides every future draw: anyone who
      reads it can learn what is still to come. That is fine for your own game against
      computer players; do not use it to hand a game to another person.""")),
    epilog=_examples("regalia play kingdomino -p human,greedy --seed 7   (then 'quit')",  # i18n: no
                     "regalia resume regalia-kingdomino-20261123-201500.json"))  # i18n: no
def resume(
    file: Path = typer.Argument(..., metavar="FILE", show_default=False,
                                help=_("A game saved by 'regalia play' (a game record).")),
) -> None:
    """Continue a game you left with 'quit' (or Ctrl-C), with the same seats and settings."""
    with user_errors(EXIT_USAGE):
        check_readable(file, _("a saved game (JSON)"))
    with user_errors(EXIT_FAILED):
        rec = GameRecord.load(file)
        try:
            state = rec.replay()  # the digest, the seed's draws, every move
            g = load_game(rec.game, **rec.params)
        except RecordError:
            raise
        except RegaliaError as exc:
            raise RecordError(f"{file}: {exc}") from None
        if state.is_terminal():
            raise RecordError(_("{file} holds a finished game (final scores {scores}): "
                                "nothing to resume; watch it with: regalia replay {file}").format(file=file, scores=', '.join(f'{x:g}' for x in state.scores())))
        if rec.seed is None:
            raise RecordError(_("{file}: the record keeps no seed, so the rest of the game "
                                "cannot be dealt as it would have been; it cannot be resumed").format(file=file))
        if len(rec.players) != g.num_players:
            raise RecordError(_("{file}: the record names {n} seats for a {num_players}-seat "
                                "game; it cannot be resumed").format(file=file, n=len(rec.players), num_players=g.num_players))
        table = rec.table or {}
        try:
            check_players(rec.players, allow_human=True)
            check_seats_for_game(rec.players, g)
            hints = table.get("hints") is True
            spec = table.get("hint_agent")
            hint_agent = _hint_agent(g, hints, spec if isinstance(spec, str) else None)
            compact = table.get("compact") is True
        except RegaliaError as exc:
            raise RecordError(_("{file}: cannot seat the players again: {exc}").format(file=file, exc=exc)) from None
    _play_at_table(g, list(rec.players), rec.seed, hints, hint_agent, file, rec.actions,
                   compact, rec.dealer_name)


# ---------------------------------------------------------------------- match
#: the seat of ``match --solo`` when --players is not given
SOLO_MATCH_AGENT = "greedy"

@app.command(help=_("Watch computer players play one game: its course, final kingdoms and "
                     "scores."), epilog=_examples(
    "regalia match kingdomino --players greedy,random,random,random --seed 1",  # i18n: no
    "regalia match kingdomino -p greedy,greedy --seed 3 --record game.json",  # i18n: no
    "regalia match kingdomino -p greedy,random -v mighty-duel --quiet",  # i18n: no
    "regalia match cascadito --sheet 3 -p greedy,random --seed 1",  # i18n: no
    "regalia match two-heirs --players greedy,random --seed 1 --record game.json"))  # i18n: no
def match(
    game: str = GAME_ARG,
    players: Optional[str] = typer.Option(None, "--players", "-p", show_default=False,
                                          metavar="SEATS",
                                          help=_("One agent per seat, comma-separated (see "
                                                 "'regalia agents'). The number of entries "
                                                 "is the player count. Required, except with "
                                                 "--solo (default: {solo_match_agent}).").format(solo_match_agent=SOLO_MATCH_AGENT)),
    seed: Optional[int] = SEED_OPT,
    solo: bool = SOLO_OPT,
    level: Optional[int] = LEVEL_OPT,
    variant: Optional[list[str]] = VARIANT_OPT,
    record: Optional[Path] = RECORD_OPT,
    data: Optional[Path] = DATA_OPT,
    sheet: Optional[int] = SHEET_OPT,
    param: Optional[list[str]] = PARAM_OPT,
    quiet: bool = typer.Option(False, "--quiet", "-q", metavar="",
                               help=_("Print only the result, not the course of the game.")),
) -> None:
    """Watch computer players play one game: its course, final kingdoms and scores."""
    console = make_console()
    with user_errors(EXIT_USAGE, _DATA_CODES):
        specs, g = _seats_and_game(game, players, solo, default=SOLO_MATCH_AGENT,
                                   allow_human=False, variant=variant, data=data,
                                   sheet=sheet, level=level, param=param)
        check_seats_for_game(specs, g)
        if record is not None:
            check_writable(record, pgettext("object", "game record"))
    seed = fresh_seed() if seed is None else seed
    ui = ui_for(g.info.name)
    labels = seat_labels(specs)
    try:
        result = run_match(g, specs, seed, ui, console, quiet=quiet,
                           thinking=Thinking(console))
    except KeyboardInterrupt:
        console.print(_("\n[yellow]Interrupted: the match is abandoned.[/yellow]"))
        raise typer.Exit(EXIT_INTERRUPTED) from None
    if quiet:
        console.print(ui.header(g, labels, seed))
    else:
        console.print()
    console.print(ui.final(result.state, labels, detailed=not quiet))
    _save_record(result.record, record)


# ---------------------------------------------------------------------- replay
@app.command(help=_help(
    _("Replay a recorded game move by move, checking it, and show the final scores."),
    _("""The whole record is checked first (its digest, the seed against every chance
      outcome, the component data, every move, the final scores); a record that fails is
      refused with the first problem (exit 1). Then the moves are printed, the table (every
      kingdom and the lines) at the end of each round, and the final kingdoms and scores:
      the same as the original game. --brief prints only the moves and the result.
  
      A seat record (downloaded from a web table by a seat of a game with hidden
      information) holds only what that seat saw: the moves it could see (another seat's
      draws read "not seen"), its view of the table after each move, and the final scores.
      It is shown as that seat saw it, never as another seat (--as only takes that seat).""")),
    epilog=_examples("regalia replay game.json", "regalia replay game.json --brief",  # i18n: no
                     "regalia replay game.json --step", "regalia replay game.json --as 2"))  # i18n: no
def replay(
    file: Path = typer.Argument(..., metavar="FILE", help=_("A game record written by --record, or a seat "
                                  "record downloaded from a web table."),
                                show_default=False),
    brief: bool = typer.Option(False, "--brief", metavar="",
                               help=_("Print only the moves and the result, not the table at "
                                      "the end of each round nor the final kingdoms.")),
    step: bool = typer.Option(False, "--step", metavar="", help=_("Stop before every move and show the "
                                "table; Enter goes on, 'c' plays to the end, 'q' stops.")),
    as_seat: Optional[int] = typer.Option(None, "--as", metavar="N", show_default=False,
                                          help=_("Show the game as seat N (1 = the first "
                                                 "seat) could see it: other players' hidden "
                                                 "cards stay hidden (the record keeps them). "
                                                 "A seat record is shown only as its own "
                                                 "seat.")),
    data: Optional[Path] = typer.Option(None, "--data", metavar="FILE", show_default=False,
                                        help=_("The component data file the game was played "
                                               "with, for a game played with --data (a "
                                               "record never makes regalia open a file it "
                                               "names; the file must match the record's data "
                                               "digest).")),
) -> None:
    """Replay a recorded game move by move, checking it, and show the final scores."""
    console = make_console()
    with user_errors(EXIT_USAGE):
        check_readable(file, _("a game record (JSON)"))
        if data is not None:
            check_data_file(data)
    with user_errors(EXIT_FAILED):
        loaded = load_any_record(file)
    if isinstance(loaded, SeatRecord):
        _replay_seat_record(loaded, file, brief, step, as_seat, data, console)
        return
    rec = loaded
    with user_errors(EXIT_FAILED):
        g = checked_game(rec, file, data)  # the whole record, before printing anything
    ui = ui_for(g.info.name)
    n = g.num_players
    if as_seat is not None:
        if not 1 <= as_seat <= n:
            raise error(_("--as {as_seat}: the record has seats 1 to {n}").format(as_seat=as_seat, n=n), EXIT_USAGE)
        ui = ui.seen_by(as_seat - 1)
    specs = rec.players if len(rec.players) == n else [_("player {i}").format(i=i + 1) for i in range(n)]
    labels = seat_labels(specs, you=False)
    console.print(ui.header(g, labels, rec.seed))
    if rec.seed is None:
        console.print(Text(_("Note: the record has no seed: chance outcomes not verified "
                             "against a seed."), style="yellow"))
    if rec.digest is None:
        console.print(Text(_("Note: the record has no digest: edits cannot be detected."),
                           style="yellow"))
    stepping = [step]

    def on_decision(state: State, narrator: Narrator) -> bool:
        if not stepping[0]:
            return True
        narrator.flush()
        console.print()
        console.print(ui.position(state, labels))
        console.print(Text(f"{labels[state.current_player()]}: {ui.decision(state)}",
                           style="bold yellow"))  # i18n: no
        answer = _step_answer(console)
        if answer == "quit":
            return False
        if answer == "continue":
            stepping[0] = False
        return True

    with user_errors(EXIT_FAILED):
        try:
            state = run_replay(rec, labels, ui, console, step=on_decision,
                               rounds=lambda: not brief and not stepping[0], data=data)
        except StopReplay:
            console.print(_("[yellow]Replay stopped.[/yellow]"))
            return
    console.print()
    if state.is_terminal():
        console.print(ui.final(state, labels, detailed=not brief))
    else:
        console.print(_("[yellow]The record ends before the game is over; the last "
                        "position:[/yellow]"))
        console.print(ui.position(state, labels))


def _step_answer(console: Console) -> str:
    """``replay --step``: ask what to do before the next move and return ``"quit"`` ('q'
    or 'quit': stop), ``"continue"`` ('c' or 'continue', or the end of input: play to the
    end) or ``"next"`` (Enter or anything else: show the next move)."""
    try:
        answer = console.input(_("[dim]Enter: next move, c: to the end, q: stop[/dim] "))
    except EOFError:
        return "continue"
    answer = answer.strip().lower()
    if answer in ("q", "quit"):
        return "quit"
    if answer in ("c", "continue"):
        return "continue"
    return "next"


def _replay_seat_record(rec: SeatRecord, file: Path, brief: bool, step: bool,
                        as_seat: int | None, data: Path | None, console: Console) -> None:
    """``regalia replay`` of a seat record: the moves as its seat saw them, the table
    drawn from its stored observations (no state is rebuilt: the hidden outcomes are not
    in it), and the final scores."""
    with user_errors(EXIT_FAILED):
        g = rec.check(data)   # the whole record before printing anything
    n = g.num_players
    viewer = rec.seat
    if as_seat is not None:
        if viewer is None:
            raise error(_("--as {as_seat}: {file} is a spectator's record of public "
                          "information only; it holds no seat's view (replay it without --as)").format(as_seat=as_seat, file=file), EXIT_USAGE)
        if as_seat != viewer + 1:
            raise error(_("--as {as_seat}: {file} is the seat record of seat {viewer}: it "
                          "holds only what that seat saw, so it cannot be shown as another "
                          "seat (replay it without --as, or with --as {viewer})").format(as_seat=as_seat, file=file, viewer=viewer + 1), EXIT_USAGE)
    ui = ui_for(g.info.name)
    specs = rec.players if len(rec.players) == n else [_("player {i}").format(i=i + 1) for i in range(n)]
    labels = seat_labels(specs, you=False)
    params = ", ".join(f"{k}={v}" for k, v in g.params.items())
    whose = (_("as seat {viewer} ({label}) saw it").format(viewer=viewer + 1, label=labels[viewer]) if viewer is not None
             else _("as a spectator saw it (public information only)"))
    console.print(Text(f"{g.info.title} ({params}), {whose}", style="bold"))
    console.print(Text(_("Seats: ") + " · ".join(labels)))
    console.print(Text(_("A seat record: it holds only what this viewer saw; moves it did "
                         "not see read 'not seen'."), style="dim"))

    def drawn(obs: dict[str, Any], where: str) -> RenderableType:
        try:
            return ui.observed(g, obs, labels)
        except Exception:   # a hostile observation that passed the shape check
            raise error(_("{file}: {where}: the observation cannot be drawn as a table of "
                          "{title} (the record is damaged or forged)").format(file=file, where=where, title=g.info.title),
                        EXIT_FAILED) from None

    stepping = step
    before = rec.start
    for i, ply in enumerate(rec.plies):
        if stepping and ply.mover is not None:
            console.print()
            console.print(drawn(before, "start" if i == 0 else _("ply {i}").format(i=i)))
            answer = _step_answer(console)
            if answer == "quit":
                console.print(_("[yellow]Replay stopped.[/yellow]"))
                return
            if answer == "continue":
                stepping = False
        who = labels[ply.mover] if ply.mover is not None else "chance"
        text = ply.notation if ply.notation is not None else _("(not seen)")
        console.print(Text(f"  {who}: {text}", style="dim" if ply.mover is None else ""))
        before = ply.observation
    console.print()
    if rec.scores is not None and rec.returns is not None:
        if not brief:
            console.print(drawn(before, _("the last ply")))
        console.print(ui.final_scores(rec.scores, rec.returns, labels))
    else:
        console.print(_("[yellow]The record ends before the game is over; the last "
                        "position:[/yellow]"))
        console.print(drawn(before, _("the last ply")))


# ---------------------------------------------------------------------- score
@app.command(help=_help(
    _("Score a finished position from a physical game, typed as text (Kingdomino, Two Heirs, "
      "Cascadito, Inheritors)."),
    _("""Kingdomino: the kingdom as a grid, one row per line, squares separated by spaces: C the
      castle, . an empty square, a terrain letter (W wheat, F forest, L lake, G grassland, S
      swamp, M mine) followed by one * per crown (F** or F2). Text after # is a comment. The
      grid need not be centred. Several kingdoms of one game, each after a 'player NAME' line
      (with 'discarded N' under it, and 'variant middle-kingdom, harmony' first), are ranked
      with the tie-break."""),
    _("""Two Heirs: the landscape, one tile per line (x y tile side, then an optional troop), described in
      docs/games/two-heirs-score-format.md."""),
    _("""Cascadito: each player's sheet (tracks, rivers, bandits, achievements claimed), one or
      more sheets per file, several files for the tie-break (docs/games/cascadito-score-format.md);
      or --interactive to answer questions field by field."""),
    _("""Inheritors: every player's play area, hand, Quests, Honors and Clan in one file
      (docs/games/inheritors-score-format.md)."""),
    _("""The scoring is printed step by step in the rulebook's order, then the winner with the
      tie-break. A file that does not parse is refused with every line at fault and what was
      expected (exit 1).""")),
    epilog=_examples(
    "regalia score kingdomino kingdom.txt",  # i18n: no
    "regalia score two-heirs landscape.txt",  # i18n: no
    "regalia score cascadito anna.txt ben.txt",  # i18n: no
    "regalia score cascadito --interactive --sheet 2",  # i18n: no
    "regalia score inheritors table.txt",  # i18n: no
    "regalia score kingdomino kingdom.txt --variant middle-kingdom --variant harmony",  # i18n: no
    "printf 'W W* C\\nF F* L' | regalia score kingdomino -"))  # i18n: no
def score(
    game: str = GAME_ARG,
    files: Optional[list[str]] = typer.Argument(
        None, show_default=False, metavar="FILE",
        help=_("The position as text, or '-' for stdin (Cascadito: one or more files of "
               "sheets).")),
    variant: Optional[list[str]] = typer.Option(
        None, "--variant", "-v", show_default=False, metavar="NAME",
        help=_("Kingdomino scoring variants: middle-kingdom, harmony (repeatable); mighty-duel "
               "for 7x7.")),
    size: Optional[int] = typer.Option(None, "--size", show_default=False, metavar="N",
                                       help=_("Kingdomino kingdom size: 5, or 7 (The Mighty "
                                              "Duel).")),
    discarded: int = typer.Option(0, "--discarded", metavar="N", help=_("Kingdomino: dominoes "
                                    "you discarded (Harmony needs none).")),
    sheet: Optional[int] = typer.Option(None, "--sheet", metavar="N", show_default=False,
                                        help=_("Cascadito: the play sheet, 1 to 4 (a file may "
                                               "then leave out its 'sheet' line; needed with "
                                               "--interactive).")),
    data: Optional[Path] = typer.Option(None, "--data", metavar="FILE", show_default=False,
                                        help=_("Score with your own component data file (Two "
                                               "Heirs tiles, a Cascadito sheet, Inheritors "
                                               "cards; see 'regalia data check').")),
    interactive: bool = typer.Option(False, "--interactive", "-i", metavar="",
                                     help=_("Cascadito: enter a sheet by answering questions "
                                            "(needs --sheet).")),
) -> None:
    """Score a finished position from a physical game, typed as text (see the help)."""
    console = make_console()
    # a text that does not parse (a grid's DataError, a landscape's NotationError) is bad
    # file content: exit 1
    given = tuple(o for o, v in (("--variant", variant), ("--size", size is not None),
                                 ("--discarded", discarded), ("--sheet", sheet is not None),
                                 ("--data", data), ("--interactive", interactive)) if v)
    with user_errors(EXIT_USAGE, {**_DATA_CODES, NotationError: EXIT_FAILED}):
        name = _game_name(game)
        ui = ui_for(name)
        if not ui.has_score:
            ui.score(ScoreRequest(), console)  # raises NotAvailable
        if interactive and files:
            raise ParameterError(_("--interactive asks for the sheet; give no FILE with it"))
        if not interactive and not files:
            raise ParameterError(_("give the FILE to score ('-' for stdin), or --interactive")
                                 if ui.has_interactive_score else
                                 _("give the FILE to score ('-' for stdin)"))
        if data is not None:
            check_readable(data, _("a component data file (TOML)"))
        texts = tuple(read_text_file(f, _("score file")) for f in files or ())
        try:
            ui.score(ScoreRequest(texts=texts, variants=tuple(variant or ()), size=size,
                                  discarded=discarded, sheet=sheet,
                                  data=None if data is None else str(data),
                                  interactive=interactive, given=given,
                                  ask=lambda prompt: console.input(markup_safe(prompt))),
                     console)
        except KeyboardInterrupt:
            console.print(_("\n[yellow]Interrupted: nothing was scored.[/yellow]"))
            raise typer.Exit(EXIT_INTERRUPTED) from None


# ---------------------------------------------------------------------- data check
@data_app.command("check", help=_("Validate a component data file and compare it with the "
                                  "bundled set."), epilog=_examples(
    "regalia data check kingdomino my-dominoes.toml",  # i18n: no
    "regalia match kingdomino -p greedy,random --data my-dominoes.toml",  # i18n: no
    "regalia data check cascadito my-sheet.toml"))  # i18n: no
def data_check(
    game: str = GAME_ARG,
    file: Path = typer.Argument(..., metavar="FILE", help=_("The component data file (TOML)."),
                                show_default=False),
) -> None:
    """Validate a component data file and compare it with the bundled set."""
    console = make_console()
    with user_errors(EXIT_USAGE):
        name = _game_name(game)
        ui = ui_for(name)
        if not ui.has_data_check:
            ui.check_data(file, console)  # raises NotAvailable
        check_readable(file, _("a component data file (TOML)"))
        check_toml_readable(file, _("a component data file (TOML)"))
    if not ui.check_data(file, console):
        raise typer.Exit(EXIT_FAILED)


def main() -> None:
    """The former entry point of the ``regalia`` script (now :func:`regalia.__main__.main`,
    which sets the language before this module builds the help texts). A script installed
    before that still lands here: its messages follow ``--lang`` and the locale, its help
    texts stay English until the package is installed again."""
    import sys

    from regalia.__main__ import choose_language
    choose_language(sys.argv[1:])
    app()


__all__ = ["app", "main", "NotAvailable"]
from . import tournament as _tournament  # noqa: E402,F401  (registers `regalia tournament`)
from . import render as _render  # noqa: E402,F401  (registers `regalia render`)
from . import serve as _serve  # noqa: E402,F401  (registers `regalia serve`)
from . import review as _review  # noqa: E402,F401  (registers `regalia review`)
from . import study as _study  # noqa: E402,F401  (registers `regalia study`)
