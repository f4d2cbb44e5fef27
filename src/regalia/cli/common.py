"""Shared pieces of the command line: consoles, user-error handling, argument parsing."""

from __future__ import annotations

import os
import re
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator, Sequence

import typer
from rich.console import Console
from rich.markup import escape
from rich.text import Text

from regalia.agents import check_spec, list_agents, make_agent, parse_spec
from regalia.core.errors import (DataError, ParameterError, RecordError, RegaliaError,
                                 UnknownNameError, UnreadableInputError)
from regalia.core.files import (CONTROL_CHARACTERS, check_regular_file, file_kind,
                                parse_toml, read_stream, read_text,
                                without_control_characters)
from regalia.core.game import Game
from regalia.core.params import MAX_DIGITS, shown
from regalia.core.record import GameRecord
from regalia.core.registry import game_class, load_game
from regalia.core.i18n import format_number, _, ngettext, pgettext

HUMAN = "human"

#: Exit codes (documented in the ``regalia --help`` epilog and :mod:`regalia.cli.app`):
#: 0 success; 1 an input file whose *content* fails its check (a malformed or edited record,
#: a dominoes file that does not validate, a kingdom grid that does not parse), or a file
#: that cannot be written once the work is done; 2 bad command-line usage (an unknown
#: game, agent or variant, a bad option value, a path on the command line that cannot be
#: read or written); 130 interrupted (Ctrl-C).
EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130


class PathProblem(ParameterError):
    """A path given on the command line that cannot be read (or written): a usage error
    (exit 2), unlike a file whose content fails its check (exit 1)."""


#: Exit codes of the data-file errors: a path that cannot be read is bad usage (2), a file
#: whose content does not validate is bad input (1).
DATA_CODES: dict[type[RegaliaError], int] = {PathProblem: EXIT_USAGE, DataError: EXIT_FAILED}


def make_console(stderr: bool = False) -> Console:
    """A console on the *current* stdout/stderr (so test runners can capture it).

    Colours follow rich's rules: none when the output is not a terminal or NO_COLOR is set;
    the width follows the terminal (or ``COLUMNS``), 80 when unknown.
    """
    return Console(stderr=stderr, highlight=False)


def error(message: str | Exception, code: int = EXIT_USAGE) -> typer.Exit:
    """Print ``message`` in red on stderr and return the :class:`typer.Exit` to raise."""
    make_console(stderr=True).print(Text(_("Error: {message}").format(message=plain(str(message), keep=chr(10))),
                                         style="bold red"))  # i18n: no
    return typer.Exit(code)


def plain(text: str, keep: str = "") -> str:
    """A string from a file (a record's player label, a name in a data file, an error
    message quoting them) made safe to print as *text*: every control character (ANSI
    escape sequences start with one; :data:`regalia.core.files.CONTROL_CHARACTERS`) but
    those in ``keep`` becomes U+FFFD. Print the result as a :class:`rich.text.Text` (or
    through :func:`markup_safe` inside markup), never as markup."""
    return without_control_characters(str(text), keep)


def markup_safe(text: str) -> str:
    """:func:`plain` ``text`` escaped for rich markup (``[/]`` prints as ``[/]``), for a
    string from a file placed inside a markup string."""
    return escape(plain(text))


@contextmanager
def user_errors(code: int = EXIT_USAGE,
                codes: dict[type[RegaliaError], int] | None = None) -> Iterator[None]:
    """Turn a :class:`RegaliaError` into a red message and an exit code (no traceback).

    Args:
        code: the default exit code.
        codes: exit codes per error class (the first ``isinstance`` match wins).
    """
    try:
        yield
    except RegaliaError as exc:
        exit_code = code
        if isinstance(exc, UnreadableInputError):  # not a file of its kind at all
            raise error(exc, EXIT_USAGE) from None
        for cls, c in (codes or {}).items():
            if isinstance(exc, cls):
                exit_code = c
                break
        raise error(exc, exit_code) from None


def fresh_seed() -> int:
    """A random seed for a game started without ``--seed`` (printed, so it can be replayed):
    128 bits from :mod:`secrets` (:func:`regalia.core.state.fresh_seed`)."""
    from regalia.core.state import fresh_seed as core_fresh_seed
    return core_fresh_seed()


def split_players(text: str) -> list[str]:
    """Split ``--players`` on commas; agent options (``key=value`` after a ``name:``) stay
    with their agent: ``"mcts:iters=9,seed=3,random"`` -> ``["mcts:iters=9,seed=3", "random"]``.

    Raises:
        ParameterError: an empty entry.
    """
    specs: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            raise ParameterError(_("--players {text!r} has an empty entry; write one agent "
                                   "name or 'human' per seat, separated by commas (e.g. "
                                   "--players human,greedy)").format(text=text))
        if "=" in part and ":" not in part and specs and ":" in specs[-1]:
            specs[-1] += "," + part
        else:
            specs.append(part)
    return specs


def check_players(specs: Sequence[str], allow_human: bool) -> None:
    """Every spec names a known agent (or ``human`` when allowed).

    Raises:
        UnknownNameError / ParameterError: naming the bad entry and what is allowed.
    """
    agents = list_agents()
    allowed = ([HUMAN] if allow_human else []) + sorted(agents)
    for spec in specs:
        name, opts = parse_spec(spec)
        if name == HUMAN:
            if not allow_human:
                raise ParameterError(
                    _("'human' cannot sit at a match between computer players; use "
                      "'regalia play' to play yourself (agents: ") + ", ".join(sorted(agents))
                    + ")")
            if opts:
                raise ParameterError(_("'human' takes no options (got {spec!r})").format(spec=spec))
            continue
        if name not in agents:
            raise UnknownNameError(_("unknown player {spec!r} in --players; choose from: "
                                     "{allowed} (options like 'greedy:seed=7')").format(spec=spec, allowed=', '.join(allowed)))
        make_agent(spec, seed=0)  # checks the options (raises UnknownNameError)


def check_seats_for_game(specs: Sequence[str], game: Game) -> None:
    """Every computer seat can play ``game`` (e.g. a playout policy the game offers),
    checked before the game starts.

    Raises:
        UnknownNameError: naming the seat's spec and what the game offers.
    """
    for spec in specs:
        if parse_spec(spec)[0] != HUMAN:
            check_spec(spec, game)


def solo_specs(players: str | None, solo: bool, default: str | None = None) -> list[str]:
    """The seats of ``--players``, with ``--solo``: one seat (``default`` when --players is
    not given).

    Raises:
        ParameterError: --players missing (and no default), or several seats with --solo.
    """
    if players is None:
        if solo and default:
            return [default]
        raise ParameterError(_("--players is required: one entry per seat, e.g. --players "
                               "human,greedy") + (_(" (with --solo: one seat)") if solo else ""))
    specs = split_players(players)
    if solo and len(specs) != 1:
        raise ParameterError(_("--solo is a game for one seat against the automated "
                               "opponent; --players lists {n}").format(n=len(specs)))
    return specs


_WHOLE = re.compile(r"-?[0-9]+")


def parse_params(items: Sequence[str] | None) -> dict[str, Any]:
    """``--param KEY=VALUE`` items as ``load_game`` keywords: whole numbers (ASCII digits,
    an optional leading ``-``) become ints, ``true``/``false`` (also ``yes``/``no``,
    ``on``/``off``) booleans, anything else stays text (a game reads
    ``sets=war,patrol,crafts`` itself, and refuses text where it wants a number, naming
    what is allowed).

    Raises:
        ParameterError: an item without ``=`` or without a key, a key that is not a name
        (letters, digits, ``_``), a number of more than :data:`MAX_DIGITS` digits,
        or a control character in the value.
    """
    out: dict[str, Any] = {}
    for item in items or []:
        key, sep, value = item.partition("=")
        key, value = key.strip().replace("-", "_"), value.strip()
        if not sep or not key:
            raise ParameterError(_("--param {item}: expected KEY=VALUE, e.g. --param level=3 "
                                   "or --param roads=false").format(item=shown(item)))
        if not key.isidentifier() or not key.isascii():
            raise ParameterError(_("--param {item}: {key} is not a parameter name (letters, "
                                   "digits and '_' or '-', e.g. level)").format(item=shown(item), key=shown(key)))
        if CONTROL_CHARACTERS.search(value):
            raise ParameterError(_("--param {key}: the value holds a control character; give "
                                   "plain text").format(key=key))
        low = value.lower()
        v: Any = value
        if _WHOLE.fullmatch(value):
            if len(value.lstrip("-")) > MAX_DIGITS:
                raise ParameterError(_("--param {key}: a number of {n} digits; a whole "
                                       "number here has at most {max_digits} digits").format(key=key, n=format_number(len(value.lstrip('-'))), max_digits=MAX_DIGITS))
            v = int(value)
        elif low in ("true", "yes", "on"):
            v = True
        elif low in ("false", "no", "off"):
            v = False
        out[key] = v
    return out


def build_game(name: str, players: int, variants: Sequence[str] | None = None,
               data: Path | str | None = None, sheet: int | None = None,
               solo: bool = False, level: int | None = None,
               params: Sequence[str] | None = None) -> Game:
    """``load_game`` with the command line's parameters, checking the player count first.

    ``solo``/``level``: the game's solo mode (``players`` 1) and its difficulty, passed as
    the game's ``level`` parameter. ``params``: ``--param KEY=VALUE`` items, any other
    parameter of the game (see :func:`parse_params`); an unknown key is refused by
    ``load_game`` with the list of the game's parameters.

    Raises:
        UnknownNameError: an unknown game; ParameterError: a player count or variant the
        game does not allow; DataError: a bad ``--data`` file.
    """
    info = game_class(name).info
    if solo and info.min_players > 1:
        raise ParameterError(_("--solo: {title} has no solo mode (it is for {min_players} to "
                               "{max_players} players)").format(title=info.title, min_players=info.min_players, max_players=info.max_players))
    if not info.min_players <= players <= info.max_players:
        span = (f"{info.min_players}" if info.min_players == info.max_players
                else f"{info.min_players} to {info.max_players}")
        raise ParameterError(ngettext("--players lists {players} player; {title} is for {span} players (one "
                                        "agent name or 'human' per seat)",
                                        "--players lists {players} players; {title} is for {span} players "
                                        "(one agent name or 'human' per seat)", players).format(
                                   players=players, title=info.title, span=span))
    kwargs: dict[str, Any] = {"players": players}
    if sheet is not None:  # --sheet (games with play sheets, e.g. Cascadito)
        kwargs["sheet"] = sheet
    flat = [v for item in (variants or []) for v in item.replace(",", " ").split()]
    if flat:
        kwargs["variants"] = flat
    if level is not None:
        kwargs["level"] = level
    extra = parse_params(params)
    for key in extra:
        if key == "players":
            raise ParameterError(_("--param players: the player count is the number of seats "
                                   "--players lists"))
        if key in kwargs:
            raise ParameterError(_("--param {key}: already given by its own option "
                                   "(--{replace}); give it once").format(key=key, replace=key.replace('_', '-')))
    kwargs.update(extra)
    if "data" in extra:  # --param data=FILE: the same as --data FILE
        if data is not None:
            raise ParameterError(_("--param data: already given by --data; give it once"))
        data = str(extra.pop("data"))
        del kwargs["data"]
    if data is not None:
        kwargs["data"] = str(check_data_file(data))
    try:
        return load_game(name, **kwargs)
    except DataError as exc:
        if data is None:
            raise
        if isinstance(exc, UnreadableInputError):  # not TOML at all: keep its kind
            raise type(exc)(f"--data {exc}") from None
        raise DataError(_("--data {data}: the component file does not validate (see 'regalia "
                          "data check'):\n{exc}").format(data=data, exc=exc)) from None
    except TypeError as exc:
        raise ParameterError(_("{title} does not accept these options ({kwargs}): {exc}").format(title=info.title, kwargs=', '.join(kwargs), exc=exc)) from None


def checked_game(rec: GameRecord, file: Path, data: Path | None = None) -> Game:
    """The game of a record, once the whole record is checked (its digest, the seed
    against every chance outcome, every move, the final scores: :meth:`GameRecord.replay`),
    before anything of it is shown. ``data``: the component data file the game was played
    with (``--data``), checked against the record's data digest.

    Raises:
        RecordError, DataError: the record, or ``data``, fails its check; any other
        :class:`RegaliaError` of the record (a game or parameter regalia does not know)
        as a RecordError naming ``file``.
    """
    try:
        rec.replay(data=data)
        return rec.build_game(data)
    except (RecordError, DataError):
        raise
    except RegaliaError as exc:
        raise RecordError(f"{file}: {exc}") from None


def seat_labels(specs: Sequence[str], you: bool = True) -> list[str]:
    """``"Seat 1 (you)"`` for the only human (with ``you``), ``"Seat 2 (greedy)"`` for an
    agent. A spec may come from a record, so it passes through :func:`plain` (labels are
    printed as text, or through :func:`markup_safe` inside markup)."""
    humans = sum(1 for s in specs if s.strip().lower() == HUMAN) if you else 0
    out = []
    for i, spec in enumerate(specs):
        who = (pgettext("seat", "you") if spec.strip().lower() == HUMAN and humans == 1
               else plain(spec))
        out.append(_("Seat {i} ({who})").format(i=i + 1, who=who))
    return out


def check_readable(path: Path | str, what: str) -> Path:
    """``path`` as a :class:`Path`, after checking, without opening it, that it names a
    readable regular file of at most :data:`~regalia.core.files.MAX_FILE_BYTES` (a FIFO,
    device or directory is refused, so nothing can block or run out of memory).

    Args:
        what: the file expected, with its article ("a game record"), for messages.

    Raises:
        PathProblem: ``cannot read FILE: no such file`` (or: it is a directory, a FIFO, a
        character device, too large, permission denied, ...).
    """
    p = Path(path)
    try:
        check_regular_file(p, what, PathProblem)
    except PathProblem as exc:
        text = str(exc).removeprefix(f"{p}: ")
        problem = text.replace("is a ", "it is a ", 1)  # i18n: no (English wording only)
        raise PathProblem(_("cannot read {p}: {problem}").format(p=p, problem=problem)) from None
    if not os.access(p, os.R_OK):
        raise PathProblem(_("cannot read {p}: permission denied").format(p=p))
    return p


def check_data_file(data: Path | str) -> Path:
    """:func:`check_readable` for the ``--data`` option (messages start ``--data:``)."""
    try:
        return check_readable(data, _("a component data file (TOML)"))
    except PathProblem as exc:
        raise PathProblem(f"--data: {exc}") from None


def check_toml_readable(path: Path | str, what: str) -> None:
    """Check that ``path`` can be read as TOML at all (a regular file of at most 8 MiB,
    UTF-8, nesting and numbers within what regalia reads); TOML that is read but does not
    validate is left to the game's check, which reports it as bad content (exit 1).

    Raises:
        UnreadableInputError (as a DataError): the file cannot be read as TOML at all.
    """
    try:
        parse_toml(read_text(path, what), str(path), what)
    except UnreadableInputError:
        raise
    except DataError:
        pass


def check_writable(path: Path | str, what: str, option: str = "--record") -> Path:
    """Check, before any work is done, that ``path`` can be written later: its directory
    exists and is writable, and it is not a directory, FIFO or device, nor a read-only
    file. Nothing is created or changed.

    Raises:
        PathProblem: naming the option, the path and what is wrong.
    """
    p = Path(path)
    parent = p.parent if str(p.parent) else Path(".")
    head = _("{option} {p}: cannot write the {what} there").format(option=option, p=p, what=what)
    if p.is_dir():
        raise PathProblem(_("{head}: it is a directory (give a file name, e.g. {p})").format(head=head, p=p / 'game.json'))
    if not parent.exists():
        raise PathProblem(_("{head}: directory {parent} does not exist").format(head=head, parent=parent))
    if not parent.is_dir():
        raise PathProblem(_("{head}: {parent} is not a directory").format(head=head, parent=parent))
    if p.exists():
        if not p.is_file():  # a FIFO would block the write, a device swallow it
            raise PathProblem(_("{head}: it is {file_kind}, not a regular file").format(head=head, file_kind=file_kind(p.stat().st_mode)))
        if not os.access(p, os.W_OK):
            raise PathProblem(_("{head}: the file exists and is read-only").format(head=head))
    elif not os.access(parent, os.W_OK | os.X_OK):
        raise PathProblem(_("{head}: directory {parent} is not writable").format(head=head, parent=parent))
    return p


def read_text_file(path: str, what: str) -> tuple[str, str]:
    """The text of ``path`` (``-``: stdin) and a name for messages; at most
    :data:`~regalia.core.files.MAX_FILE_BYTES` are read, from stdin too.

    Raises:
        PathProblem: the file cannot be read (missing, a directory, a FIFO or device, too
        large, no permission).
        DataError: the file is not UTF-8 text.
    """
    if path == "-":
        return read_stream(sys.stdin, "<stdin>", f"a {what}", DataError), "<stdin>"
    p = check_readable(path, f"a {what}")
    return read_text(p, f"a {what}", DataError), str(p)


__all__ = ["HUMAN", "make_console", "error", "user_errors", "fresh_seed", "split_players",
           "check_players", "build_game", "checked_game", "solo_specs", "seat_labels", "read_text_file", "check_readable",
           "check_writable", "check_data_file", "PathProblem", "DATA_CODES", "plain", "markup_safe", "parse_params", "EXIT_OK", "EXIT_FAILED", "EXIT_USAGE",
           "EXIT_INTERRUPTED"]
