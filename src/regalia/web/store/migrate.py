"""The store's schema, versioned with Alembic, and its upgrade when a store opens.

A store keeps its schema revision in Alembic's ``alembic_version`` table. :func:`upgrade`
runs at every :class:`~regalia.web.store.Store` opening: a new database gets the whole
schema, an older store the revisions it lacks, a store at the newest revision nothing. A
store made before the schema was versioned (no ``alembic_version``, today's three tables) is
recognised and stamped with revision ``0001``, which is exactly that schema. On PostgreSQL
the upgrade runs in one transaction under an advisory lock, so servers starting together
upgrade once and a failed revision leaves the store as it was; on SQLite Alembic's DDL is
not transactional (back up first: docs/deploy.md).

The revisions are files of ``migrations/versions/`` (shipped in the wheel), named
``NNNN_what.py`` with ``revision = "NNNN"`` and ``down_revision`` the one before.

Adding a revision (a column of :mod:`.schema`, say):

1. change :mod:`.schema`;
2. write ``migrations/versions/0002_what.py`` by hand after ``0001``, or have Alembic
   write it from the difference, from the source tree (pyproject.toml's ``[tool.alembic]``
   points at the migrations)::

       python -c "from regalia.web.store import Store; Store('sqlite:////tmp/head.sqlite')"
       alembic -x url=sqlite:////tmp/head.sqlite revision --autogenerate --rev-id 0002 -m "what"

   and read what it wrote: Alembic writes ``op.batch_alter_table`` blocks (SQLite rebuilds
   the table; PostgreSQL runs ALTER TABLE);
3. a new ``NOT NULL`` column needs a ``server_default`` for the rows already stored
   (``sa.Boolean(), server_default=sa.false()`` for a flag: SQLite stores 0/1, PostgreSQL a
   boolean; ``sa.Text()`` for text of any length, ``sa.String(n)`` is checked against ``n``
   on PostgreSQL only, so the store checks lengths itself before writing);
4. ``tests/web/test_store_migrations.py`` checks on SQLite and PostgreSQL that :mod:`.schema`
   is what the revisions build, that each revision goes down and up again, and that an old
   store upgrades and plays on.
"""

from __future__ import annotations

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from alembic.util import CommandError
from sqlalchemy import Connection, Engine, inspect, text
from sqlalchemy.engine import URL, make_url

from regalia.core.i18n import _

from .schema import metadata

#: Where the revisions live (a package resource, so an installed wheel finds them).
SCRIPT_LOCATION = "regalia.web.store:migrations"
#: The revision whose schema stores made before versioning have.
FIRST = "0001"
#: The PostgreSQL advisory lock held while a store is upgraded (the bytes of "regalia1").
MIGRATION_LOCK = 0x7265_6761_6C69_6131
VERSION_TABLE = "alembic_version"


class StoreError(Exception):
    """The store cannot be opened: a database that is not a regalia store, a store written
    by a newer regalia, or a missing database driver."""


def engine_url(url: str | URL) -> URL:
    """``url`` as the store opens it: ``postgresql://`` (SQLAlchemy's default driver is
    psycopg2) means psycopg 3, ``postgresql+psycopg://``.

    Raises:
        sqlalchemy.exc.ArgumentError: not an SQLAlchemy URL.
    """
    parsed = make_url(url)
    if parsed.drivername == "postgresql":
        parsed = parsed.set(drivername="postgresql+psycopg")
    return parsed


def _config(conn: Connection | None = None) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", SCRIPT_LOCATION)
    if conn is not None:
        cfg.attributes["connection"] = conn
    return cfg


def head() -> str:
    """The newest revision of the schema this regalia knows."""
    current = ScriptDirectory.from_config(_config()).get_current_head()
    assert current is not None
    return current


def _legacy(conn: Connection) -> bool:
    """True for a store made before versioning: revision 0001's tables, no version table.

    Raises:
        StoreError: the database has a table named like one of the store's with other
            columns, or some of the store's tables without the others.
    """
    found = set(inspect(conn).get_table_names())
    ours = {t.name for t in metadata.sorted_tables}
    if VERSION_TABLE in found or not found & ours:
        return False
    first = {"tables": {"id", "game", "params", "seed", "created", "options"},
             "seats": {"table_id", "seat", "kind", "agent", "label", "token_hash"},
             "actions": {"table_id", "ply", "action"}}
    for name, columns in first.items():
        have = ({c["name"] for c in inspect(conn).get_columns(name)} if name in found
                else None)
        if have is not None and have != columns:
            raise StoreError(_("the database has tables named like a regalia store's but is not one: table {name!r} has columns {values}, a store's has {values2}").format(name=name, values=sorted(have), values2=sorted(columns)))
    if not set(first) <= found:
        raise StoreError(_("the database has tables named like a regalia store's but is not one: it has {values} without {values2}").format(values=sorted(found & set(first)), values2=sorted(set(first) - found)))
    return True


def upgrade(engine: Engine) -> tuple[str | None, str]:
    """Bring the store of ``engine`` to the newest revision; returns the revision it had
    (None: an empty database) and the one it has now.

    Raises:
        StoreError: a database that is not a regalia store, or a store at a revision this
            regalia does not know (written by a newer one).
    """
    with engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            # released at commit; a second server waits here, then finds nothing to do
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        cfg = _config(conn)
        script = ScriptDirectory.from_config(cfg)
        if _legacy(conn):
            command.stamp(cfg, FIRST)
        before = MigrationContext.configure(conn).get_current_revision()
        if before is not None:
            try:
                script.get_revision(before)
            except CommandError:
                raise StoreError(
                    _('the store is at schema revision {before!r}, which this regalia does not know (it knows up to {get_current_head!r}): it was written by a newer regalia; upgrade regalia to open it').format(before=before, get_current_head=script.get_current_head())) from None
        command.upgrade(cfg, "head")
        after = MigrationContext.configure(conn).get_current_revision()
    assert after is not None
    return before, after
