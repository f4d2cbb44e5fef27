"""The root of the ``regalia`` command line: the Typer app every command module registers
its commands on (:mod:`regalia.cli.app`, :mod:`regalia.cli.tournament`), its help layout,
and the options that more than one command module takes.

Command modules import from here, never from each other: :mod:`regalia.cli.app` imports
:mod:`regalia.cli.tournament` only so that its command is registered.
"""

from __future__ import annotations

from typing import Any, Callable, Optional, TypeVar

import typer
from typer.core import TyperCommand, TyperGroup

import regalia
from regalia.arena.executors import BACKENDS
from regalia.core.registry import game_class
from regalia.core import i18n
from regalia.core.i18n import _

F = TypeVar("F", bound=Callable[..., Any])


class Command(TyperCommand):
    """A command whose help shows ``-h, --help`` without a type and arguments in the usage
    line as ``GAME FILE`` (Typer writes ``<bool>`` and ``{GAME}``)."""

    def get_help_option(self, ctx: Any) -> Any:
        option = super().get_help_option(ctx)
        if option is not None:
            option.metavar = ""
        return option

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        return [p[1:-1] if p.startswith("{") and p.endswith("}") else p
                for p in super().collect_usage_pieces(ctx)]


class Group(TyperGroup):
    """A command group with the same clean ``--help`` line as :class:`Command`."""

    def get_help_option(self, ctx: Any) -> Any:
        option = super().get_help_option(ctx)
        if option is not None:
            option.metavar = ""
        return option


class Typer(typer.Typer):
    """``typer.Typer`` whose commands default to :class:`Command`."""

    def command(self, *args: Any, **kwargs: Any) -> Callable[[F], F]:
        kwargs.setdefault("cls", Command)
        return super().command(*args, **kwargs)


EXIT_CODES_HELP = (_("[bold]Exit codes[/bold]: 0 done; 1 an input file whose content fails "
                     "its check (a malformed or edited record, a dominoes file that does not "
                     "validate, a score file that does not parse); 2 bad usage (an unknown "
                     "game, agent or variant, a bad option value, a path that cannot be read "
                     "or written, a file that is not text of its kind at all: a FIFO or "
                     "device, over 8 MiB, binary, absurdly nested); 130 interrupted (Ctrl-C)."))

app = Typer(
    cls=Group,
    epilog=EXIT_CODES_HELP,
    name="regalia",
    help=_("Play, watch, replay and score kingdom-building board games (Kingdomino first)."),
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="rich",
    pretty_exceptions_show_locals=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)
data_app = Typer(
    cls=Group,
    help=_("Check component data files (your own transcription of the physical components)."),
    no_args_is_help=True,
    rich_markup_mode="rich",
    context_settings={"help_option_names": ["-h", "--help"]},
)
app.add_typer(data_app, name="data")


def help_text(*paragraphs: str) -> str:
    """Command help: the first paragraph is the one-line summary; each paragraph is one
    line of source text so the help formatter can wrap it to the terminal."""
    return "\n\n".join(" ".join(p.split()) for p in paragraphs)


def examples(*lines: str) -> str:
    return "[bold]" + _("Examples") + "[/bold]\n\n" + "\n\n".join(f"  [cyan]{x}[/cyan]" for x in lines)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"regalia {regalia.__version__}")
        raise typer.Exit()


def _language(value: Optional[str]) -> Optional[str]:
    """``--lang``: the language of the messages (already set by ``regalia.__main__`` before
    the help texts were built; set here too for callers of the app itself)."""
    if value is not None:
        try:
            i18n.set_default_language(value)
        except ValueError:
            raise typer.BadParameter(_("unknown language {given!r}: regalia speaks "
                                       "{languages}").format(
                given=value, languages=i18n.format_list(i18n.LANGUAGES))) from None
    return value


@app.callback(help=_("Play, watch, replay and score kingdom-building board games "
                     "(Kingdomino first)."))
def _root(version: bool = typer.Option(False, "--version", callback=_version, metavar="",
                                       is_eager=True, help=_("Show the version and exit.")),
          lang: Optional[str] = typer.Option(
              None, "--lang", metavar="LANG", callback=_language, is_eager=True,
              show_default=False,
              help=_("Language of the messages: en (English) or de (Deutsch). Default: the "
                     "locale (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), else English.")),
          ) -> None:
    """Play, watch, replay and score kingdom-building board games (Kingdomino first)."""


def game_name(name: str) -> str:
    """The registry name of ``name`` (raises UnknownNameError listing the games)."""
    return game_class(name).info.name


# ---------------------------------------------------------------------- shared options
VARIANT_OPT = typer.Option(None, "--variant", "-v", metavar="NAME", help=_("A variant to play (repeatable, or "
                             "comma-separated); see 'regalia games'."), show_default=False)
LEVEL_OPT = typer.Option(None, "--level", metavar="N", help=_("Solo difficulty (Two Heirs: 1 "
                           "Heinrich the Poor, 2 the Brave, 3 the Hammer)."), show_default=False)
PARAM_OPT = typer.Option(None, "--param", "-P", metavar="KEY=VALUE", show_default=False,
                         help=_("Another game parameter (repeatable), e.g. Two Heirs' "
                                "--param sets=war,patrol,crafts --param roads=false; see the "
                                "game's page in docs/games."))
# The options of the commands that run many games (tournament, study).
PLAYERS_OPT = typer.Option(None, "--players", metavar="P", show_default=False,
                           help=_("Number of seats. Default: one per agent (at least the game's "
                                  "minimum)."))
WORKERS_OPT = typer.Option(None, "--workers", "-w", metavar="K", show_default=False,
                           help=_("Games run at once. Default: every core (1 runs them in this "
                                  "process)."))
BACKEND_OPT = typer.Option("process", "--backend", "-b", metavar="NAME",
                           help=_("Where games run: {backends} (ray needs pip install "
                                  "'regalia\\[ray]').").format(backends=', '.join(BACKENDS)))
ADDRESS_OPT = typer.Option(None, "--address", metavar="ADDR", show_default=False,
                           help=_("Ray cluster to join ('auto', 'ray://host:10001'); default: a "
                                  "local Ray instance. Only with --backend ray."))
SHEET_OPT = typer.Option(None, "--sheet", metavar="N", help=_("The play sheet, for games that have "
                           "them (Cascadito: 1 to 4, default 1)."), show_default=False)
