"""Alembic's environment for the table store's migrations (how to add a revision:
:mod:`regalia.web.store.migrate`).

Two callers run it:

* regalia itself: :func:`regalia.web.store.migrate.upgrade` passes the connection it holds
  (in a transaction, under PostgreSQL's migration lock) as ``config.attributes["connection"]``;
* the ``alembic`` command line, run by a developer from the source tree (pyproject.toml's
  ``[tool.alembic]``), with the store's URL as ``-x url=...``; ``--sql`` writes the SQL
  instead of running it (offline mode).
"""

from __future__ import annotations

from typing import Any

from alembic import context
from sqlalchemy import create_engine, pool

from regalia.web.store.migrate import engine_url
from regalia.web.store.schema import metadata

config = context.config


def _run(**kwargs: Any) -> None:
    # batch mode: SQLite cannot ALTER most things, so a revision rebuilds the table there
    # (and runs plain ALTERs on PostgreSQL)
    context.configure(target_metadata=metadata, render_as_batch=True, compare_type=True,
                      **kwargs)
    with context.begin_transaction():
        context.run_migrations()


given = config.attributes.get("connection")
if given is not None:
    _run(connection=given)
else:
    url = context.get_x_argument(as_dictionary=True).get("url")
    if not url:
        raise SystemExit("name the store: alembic -x url=sqlite:///path/tables.sqlite ... "
                         "(or a postgresql:// URL)")
    if context.is_offline_mode():
        _run(url=engine_url(url), literal_binds=True)
    else:
        with create_engine(engine_url(url), poolclass=pool.NullPool).connect() as conn:
            _run(connection=conn)
            conn.commit()
