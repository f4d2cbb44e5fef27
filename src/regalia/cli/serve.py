"""``regalia serve``: the web table (needs the ``[web]`` extra).

Registered on the main Typer ``app`` when :mod:`regalia.cli.app` imports this module. The
web packages are imported only when the command runs, so the rest of the command line works
without them.
"""

from __future__ import annotations

from typing import Optional

import typer

from .root import app, examples as _examples, help_text as _help
from .common import EXIT_USAGE, error
from regalia.core.i18n import _, ngettext


#: a duration's unit -> seconds (``--keep-finished 30d``)
UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 7 * 86400}


def parse_duration(text: str, option: str) -> float:
    """``"30d"``, ``"12h"``, ``"90m"``, ``"45s"`` or a number of seconds, as seconds.

    Raises:
        typer.Exit: anything else, or not positive (the message names the option)."""
    t = text.strip().lower()
    unit = UNITS.get(t[-1:], None)
    number = t[:-1] if unit is not None else t
    try:
        value = float(number) * (unit or 1)
    except ValueError:
        value = -1.0
    if not value > 0 or value == float("inf"):
        raise error(_("{option} {text!r}: a duration such as 30d, 12h, 90m or 3600 (seconds)").format(option=option, text=text),
                    EXIT_USAGE)
    return value


def parse_rate_limits(items: list[str]) -> dict[str, str]:
    """``["create=10/hour", "request=off"]`` -> ``{"create": "10/hour", ...}``."""
    from regalia.web.settings import RATE_LIMITS
    out = {}
    for item in items:
        name, eq, windows = item.partition("=")
        if not eq or name.strip() not in RATE_LIMITS:
            raise error(_("--rate-limit {item!r}: NAME=WINDOWS with NAME one of "
                          "{rate_limits} (e.g. create=10/hour, request=off)").format(item=item, rate_limits=', '.join(RATE_LIMITS)),
                        EXIT_USAGE)
        out[name.strip()] = windows.strip()
    return out


@app.command(help=_help(
    _("Start the web table: play in a browser, alone against the computer or with friends."),
    _("""Prints the address to open. Tables are kept in --db (any SQLAlchemy URL; default an
      SQLite file in your data directory, ~/.local/share/regalia/tables.sqlite); every move is
      stored before it is acknowledged, so a stopped server resumes every table. Listens on
      127.0.0.1 unless --host says otherwise (0.0.0.0 opens it to your network). Computer
      players think in --compute-workers processes, each move at most --max-think seconds;
      requests are bounded by rate limits per client (docs/web.md, "Limits"). On a
      PostgreSQL store, --workers N serves from N processes sharing the tables (or run
      several servers on one store behind a proxy: docs/deploy.md).""")),
    epilog=_examples("regalia serve", "regalia serve --port 8080",  # i18n: no
                     "regalia serve --db sqlite:///tables.sqlite",  # i18n: no
                     "regalia serve --host 0.0.0.0 --allowed-origin https://games.example.org "  # i18n: no
                     "--proxy 127.0.0.1 --keep-finished 30d",  # i18n: no
                     "regalia serve --db postgresql://regalia@127.0.0.1/regalia --workers 2",  # i18n: no
                     "regalia serve --purge --keep-finished 30d"))  # i18n: no
def serve(
    host: str = typer.Option("127.0.0.1", "--host", metavar="ADDRESS",
                             help=_("Address to listen on.")),
    port: int = typer.Option(8000, "--port", metavar="N", help=_("Port to listen on.")),
    db: Optional[str] = typer.Option(None, "--db", metavar="URL", show_default=False,
                                     help=_("SQLAlchemy URL of the table store.")),
    workers: int = typer.Option(
        1, "--workers", metavar="N",
        help=_("Server processes sharing the port and the tables (more than one needs a "
               "PostgreSQL store).")),
    compute_workers: Optional[int] = typer.Option(
        None, "--compute-workers", metavar="N", show_default=False,
        help=_("Processes for computer players and hints, per server process (default: "
               "the cores but one per server process, shared out, at least 1).")),
    allow_agent_specs: bool = typer.Option(
        False, "--allow-agent-specs",
        help=_("Let a table's creator name any agent spec for a computer seat (default: "
               "only the game's strengths easy, normal, strong).")),
    max_think: float = typer.Option(5.0, "--max-think", metavar="SECONDS",
                                    help=_("The most a computer move or hint may think.")),
    allowed_origin: list[str] = typer.Option(
        [], "--allowed-origin", metavar="ORIGIN",
        help=_("A site whose pages may use this server (https://games.example.org), "
               "besides its own address; repeatable. Its host is served too.")),
    proxy: Optional[str] = typer.Option(
        None, "--proxy", metavar="ADDRESS", show_default=False,
        help=_("Trust X-Forwarded-For from this reverse proxy's address (rate limits then "
               "count the real client).")),
    rate_limit: list[str] = typer.Option(
        [], "--rate-limit", metavar="NAME=WINDOWS",
        help=_("Change a rate limit: request, create, socket, hint, review, player, chat "
               "or join, e.g. create=10/hour or request=off; repeatable.")),
    rate_storage: str = typer.Option("memory://", "--rate-storage", metavar="URI",
                                     help=_("Where rate counts are kept (limits storage "
                                            "URI; redis://HOST to share them).")),
    max_open_tables: int = typer.Option(2000, "--max-open-tables", metavar="N",
                                        help=_("Unfinished tables active in the last day "
                                               "the server keeps; more are refused.")),
    keep_finished: Optional[str] = typer.Option(
        None, "--keep-finished", metavar="DURATION", show_default=False,
        help=_("Delete finished tables this long after their end (30d, 12h, ...; default: "
               "keep them).")),
    purge: bool = typer.Option(False, "--purge",
                               help=_("Delete the finished tables older than "
                                      "--keep-finished, then exit.")),
    max_body: int = typer.Option(64 * 1024, "--max-body", metavar="BYTES",
                                 help=_("The largest request body.")),
    header_timeout: float = typer.Option(10.0, "--header-timeout", metavar="SECONDS",
                                         help=_("Close a connection this slow to send its "
                                                "request's headers.")),
    max_connections: int = typer.Option(2000, "--max-connections", metavar="N",
                                        help=_("Connections and requests held at once; more "
                                               "are answered 503.")),
    idle: float = typer.Option(600.0, "--idle", metavar="SECONDS",
                               help=_("An unfinished table unused this long leaves memory "
                                      "(its record stays).")),
    review_seconds: float = typer.Option(
        60.0, "--review-seconds", metavar="SECONDS",
        help=_("The search time of one seat's game review at a finished table (the budget "
               "per table and seat; docs/review.md).")),
    review_iterations: Optional[int] = typer.Option(
        None, "--review-iterations", metavar="N", show_default=False,
        help=_("Search iterations per decision of a review (default: the game's documented "
               "budget), within --review-seconds.")),
    min_move_seconds: float = typer.Option(30.0, "--min-move-seconds", metavar="SECONDS",
                                           help=_("The shortest move time limit a table may "
                                                  "choose.")),
) -> None:
    """Start the web table."""
    try:
        import uvicorn  # noqa: F401  (checked here: the web extra is installed)

        from regalia.web import create_app
        from regalia.web.server import run, run_processes
        from regalia.web.settings import Settings, default_workers
        from regalia.web.store import Store, default_db_url
    except ImportError as exc:
        raise error(_("the web table needs the web extra ({name} is missing): pip install "
                      "'regalia[web]'").format(name=exc.name), EXIT_USAGE) from None
    if not 0 < port < 65536:
        raise error(_("--port {port}: a port is 1 to 65535").format(port=port), EXIT_USAGE)
    for name, value in (("--max-think", max_think), ("--header-timeout", header_timeout),
                        ("--idle", idle), ("--review-seconds", review_seconds),
                        ("--min-move-seconds", min_move_seconds)):
        if not 0 < value < float("inf"):
            raise error(_("{name} {value}: a positive number of seconds").format(name=name, value=value), EXIT_USAGE)
    for name, number in (("--workers", workers),
                         ("--compute-workers",
                          compute_workers if compute_workers is not None else 1),
                         ("--max-open-tables", max_open_tables), ("--max-body", max_body),
                         ("--max-connections", max_connections),
                         ("--review-iterations", review_iterations or 1)):
        if number < 1:
            raise error(_("{name} {number}: at least 1").format(name=name, number=number), EXIT_USAGE)
    for origin in allowed_origin:
        if not origin.startswith(("http://", "https://")) or origin.count("/") != 2:
            raise error(_("--allowed-origin {origin!r}: an origin is a scheme and a host, "
                          "e.g. https://games.example.org or http://192.168.1.5:8000").format(origin=origin),
                        EXIT_USAGE)
    keep = parse_duration(keep_finished, "--keep-finished") if keep_finished else None
    if purge and keep is None:
        raise error(_("--purge needs --keep-finished DURATION (what to keep)"), EXIT_USAGE)
    settings = Settings(
        compute_workers=compute_workers or default_workers(workers),
        allow_agent_specs=allow_agent_specs,
        max_think=max_think, allowed_origins=tuple(allowed_origin),
        rate_limits=parse_rate_limits(rate_limit), rate_storage=rate_storage,
        max_open_tables=max_open_tables, keep_finished=keep, max_body=max_body,
        header_timeout=header_timeout, max_connections=max_connections, idle_seconds=idle,
        review_seconds=review_seconds, review_iterations=review_iterations,
        min_move_seconds=min_move_seconds)
    if purge:
        from regalia.web.store import now_iso
        try:
            store = Store(db or default_db_url())
        except Exception as exc:
            raise error(_("--db: cannot open the table store: {exc}").format(exc=exc), EXIT_USAGE) from None
        assert keep is not None
        count = store.purge(now_iso(-keep))
        store.close()
        typer.echo(ngettext("deleted {count} finished table older than {keep_finished}",
                             "deleted {count} finished tables older than {keep_finished}",
                             count).format(count=count, keep_finished=keep_finished))
        return
    if workers > 1:
        from regalia.web.guard import Limiter
        from regalia.web.metrics import Metrics
        try:
            Limiter(settings, Metrics())   # the rate limits read, as each process will
        except ValueError as exc:
            raise error(str(exc), EXIT_USAGE) from None
        url = db or default_db_url()
        try:
            store = Store(url)   # checked (and upgraded) once, before the processes start
        except Exception as exc:  # a bad URL or an unreachable database
            raise error(_("--db: cannot open the table store: {exc}").format(exc=exc), EXIT_USAGE) from None
        shared = store.shared
        store.close()
        if not shared:
            raise error(_("--workers {workers} needs a PostgreSQL store (--db "
                          "postgresql://...): the processes tell each other of every move "
                          "with PostgreSQL's LISTEN/NOTIFY and share out the computer "
                          "players with its advisory locks; SQLite has neither. With SQLite, "
                          "serve from one process (--workers 1)").format(workers=workers), EXIT_USAGE)
        typer.echo(_("regalia web table on http://{host}:{port}/  ({workers} processes; "
                     "Ctrl-C stops them)").format(host=host, port=port, workers=workers))
        run_processes(url, host, port, workers, settings, proxy)
        return
    try:
        application = create_app(db, settings)
    except ValueError as exc:   # a rate limit that cannot be read
        raise error(str(exc), EXIT_USAGE) from None
    except Exception as exc:  # a bad URL or an unreachable database
        raise error(_("--db: cannot open the table store: {exc}").format(exc=exc), EXIT_USAGE) from None
    typer.echo(_("regalia web table on http://{host}:{port}/  (Ctrl-C stops it)").format(host=host, port=port))
    run(application, host, port, settings, proxy)
