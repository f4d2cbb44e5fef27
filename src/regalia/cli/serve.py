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


@app.command(help=_help(
    "Start the web table: play in a browser, alone against the computer or with friends.",
    """Prints the address to open. Tables are kept in --db (any SQLAlchemy URL; default an
    SQLite file in your data directory, ~/.local/share/regalia/tables.sqlite); every move is
    stored before it is acknowledged, so a stopped server resumes every table. Listens on
    127.0.0.1 unless --host says otherwise (0.0.0.0 opens it to your network)."""),
    epilog=_examples("regalia serve", "regalia serve --port 8080",
                     "regalia serve --db sqlite:///tables.sqlite"))
def serve(
    host: str = typer.Option("127.0.0.1", "--host", metavar="ADDRESS",
                             help="Address to listen on."),
    port: int = typer.Option(8000, "--port", metavar="N", help="Port to listen on."),
    db: Optional[str] = typer.Option(None, "--db", metavar="URL", show_default=False,
                                     help="SQLAlchemy URL of the table store."),
) -> None:
    """Start the web table."""
    try:
        import uvicorn  # noqa: F401  (checked here: the web extra is installed)

        from regalia.web import create_app
        from regalia.web.server import run
    except ImportError as exc:
        raise error(f"the web table needs the web extra ({exc.name} is missing): "
                    f"pip install 'regalia[web]'", EXIT_USAGE) from None
    if not 0 < port < 65536:
        raise error(f"--port {port}: a port is 1 to 65535", EXIT_USAGE)
    try:
        application = create_app(db)
    except Exception as exc:  # a bad URL or an unreachable database
        raise error(f"--db: cannot open the table store: {exc}", EXIT_USAGE) from None
    typer.echo(f"regalia web table on http://{host}:{port}/  (Ctrl-C stops it)")
    run(application, host, port)
