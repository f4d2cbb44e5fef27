"""A real PostgreSQL for the tests: the server at ``$REGALIA_PG_URL``, or a throwaway
cluster started from the server's binaries (``initdb`` in a temporary directory,
``pg_ctl`` on a free loopback port, stopped and deleted at the end of the session).

PostgreSQL refuses to run as root: as root the cluster runs as the ``postgres`` system user
(Debian's ``postgresql`` package creates it) through ``runuser``. Each test's store is a
schema of its own in one database of the session (:meth:`Postgres.new_store`: the URL sets
its ``search_path``), dropped after it: a schema costs milliseconds where a database costs a
second (``DROP DATABASE`` waits for a checkpoint). ``$REGALIA_PG_URL`` names a server and a
role allowed to create databases (``postgresql://user@host:port/postgres``).
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path


class Unavailable(Exception):
    """No PostgreSQL to test against (the message says why and what would provide one)."""


def server_bindir() -> Path | None:
    """The directory of ``initdb``, ``pg_ctl`` and ``pg_dump``: that of ``initdb`` on the
    PATH (links followed), else Debian's ``/usr/lib/postgresql/<version>/bin`` (the
    newest)."""
    found = shutil.which("initdb")
    if found:
        return Path(found).resolve().parent
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                      key=lambda p: int(Path(p).parts[-3]) if Path(p).parts[-3].isdigit() else 0)
    return Path(versions[-1]).parent if versions else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Cluster:
    """A PostgreSQL cluster in a temporary directory, trusted on 127.0.0.1 only.

    Raises:
        Unavailable: no server binaries, or root without a ``postgres`` user.
        subprocess.CalledProcessError: initdb or pg_ctl failed (their output attached).
    """

    def __init__(self) -> None:
        bindir = server_bindir()
        if bindir is None:
            raise Unavailable("PostgreSQL's server binaries (initdb, pg_ctl) are not "
                              "installed: apt-get install postgresql, or set REGALIA_PG_URL")
        self.prefix: list[str] = []
        self.dir = Path(tempfile.mkdtemp(prefix="regalia-pg-"))
        if os.geteuid() == 0:
            try:
                user = pwd.getpwnam("postgres")
            except KeyError:
                shutil.rmtree(self.dir)
                raise Unavailable("PostgreSQL refuses to run as root and there is no "
                                  "'postgres' user to run it as (apt-get install "
                                  "postgresql creates one)") from None
            os.chown(self.dir, user.pw_uid, user.pw_gid)
            self.prefix = ["runuser", "-u", "postgres", "--"]
        self.data = self.dir / "data"
        self.port = _free_port()
        self.bindir = bindir
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "regalia",
                  "-E", "UTF8", "--locale=C", "--no-sync")
        options = (f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 "
                   f"-c max_connections=200")
        self._run("pg_ctl", "-D", str(self.data), "-o", options, "-l",
                  str(self.dir / "server.log"), "-w", "-t", "60", "start")
        self.url = f"postgresql+psycopg://regalia@127.0.0.1:{self.port}/postgres"
        self._watchdog()

    def _watchdog(self) -> None:
        """A shell that outlives this process only to stop the cluster and delete it, should
        this process end without :meth:`stop` (killed, or interrupted hard)."""
        stop = " ".join([*self.prefix, str(self.bindir / "pg_ctl"), "-D", str(self.data),
                         "-m", "immediate", "-w", "stop"])
        script = (f"while kill -0 {os.getpid()} 2>/dev/null; do sleep 2; done; "
                  f"if [ -d {self.data} ]; then {stop}; rm -rf {self.dir}; fi")
        subprocess.Popen(["sh", "-c", script], start_new_session=True,
                         stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL)

    def _run(self, tool: str, *args: str) -> None:
        # the server that pg_ctl starts writes to its log file (-l), never to these pipes
        # (it would hold them open, and this call would wait for it to end)
        subprocess.run([*self.prefix, str(self.bindir / tool), *args], check=True,
                       capture_output=True, text=True, cwd=self.dir, timeout=120)

    def restart(self) -> None:
        """Stop the server (fast: open connections are cut) and start it again."""
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-l",
                  str(self.dir / "server.log"), "-w", "-t", "60", "restart")

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)


class Postgres:
    """A PostgreSQL server the tests may create databases in: ``$REGALIA_PG_URL`` or a
    :class:`Cluster` started here.

    Raises:
        Unavailable: neither (or psycopg, the driver, is not installed).
    """

    _names = itertools.count()

    def __init__(self) -> None:
        try:
            import psycopg  # noqa: F401
        except ImportError:
            raise Unavailable("psycopg is not installed: pip install '.[postgres]'") from None
        from sqlalchemy import create_engine
        from sqlalchemy.engine import make_url

        given = os.environ.get("REGALIA_PG_URL")
        self.cluster = None if given else Cluster()
        self.url = make_url(given or self.cluster.url)   # type: ignore[union-attr]
        if self.url.drivername == "postgresql":
            self.url = self.url.set(drivername="postgresql+psycopg")
        # pre-ping: a test may restart the cluster under these engines' pooled connections
        self.admin = create_engine(self.url, isolation_level="AUTOCOMMIT", pool_pre_ping=True)
        self.session_db = make_url(self.new_database())
        self.session = create_engine(self.session_db, isolation_level="AUTOCOMMIT",
                                     pool_pre_ping=True)

    def new_store(self) -> str:
        """The URL of a new empty schema of the session's database (the URL's ``options``
        put it first on the ``search_path``, so a store made there lives in it)."""
        from sqlalchemy import text

        name = f"store_{next(self._names)}"
        with self.session.connect() as conn:
            conn.execute(text(f'CREATE SCHEMA "{name}"'))
        url = self.session_db.update_query_dict({"options": f"-csearch_path={name}"})
        return url.render_as_string(hide_password=False)

    def drop_store(self, url: str) -> None:
        """Drop the schema of :meth:`new_store`'s ``url`` and what it holds."""
        from sqlalchemy import text
        from sqlalchemy.engine import make_url

        name = make_url(url).query["options"].removeprefix("-csearch_path=")
        with self.session.connect() as conn:
            conn.execute(text(f'DROP SCHEMA IF EXISTS "{name}" CASCADE'))

    def new_database(self) -> str:
        """The URL of a new empty database (UTF-8), its name unique to this session."""
        from sqlalchemy import text

        name = f"regalia_test_{os.getpid()}_{next(self._names)}"
        with self.admin.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{name}" ENCODING \'UTF8\' '
                              f'TEMPLATE template0'))
        return self.url.set(database=name).render_as_string(hide_password=False)

    def drop_database(self, url: str) -> None:
        """Drop the database of ``url`` (its open connections are cut)."""
        from sqlalchemy import text
        from sqlalchemy.engine import make_url

        name = make_url(url).database
        with self.admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))

    def _tool(self, name: str) -> str:
        bindir = self.cluster.bindir if self.cluster else server_bindir()
        tool = str(bindir / name) if bindir else shutil.which(name)
        if tool is None or not Path(tool).exists():
            raise Unavailable(f"{name} is not installed")
        return tool

    @staticmethod
    def _libpq(url: str) -> tuple[str, list[str]]:
        """``url`` as libpq takes it, and the ``--schema`` option of its search path."""
        from sqlalchemy.engine import make_url

        parsed = make_url(url)
        schema = parsed.query.get("options", "").removeprefix("-csearch_path=")
        libpq = parsed.set(drivername="postgresql", query={}).render_as_string(
            hide_password=False)
        return libpq, (["--schema", str(schema)] if schema else [])

    def dump(self, url: str, *options: str) -> bytes:
        """Everything the store at ``url`` holds, as ``pg_dump`` writes it (plain SQL, or
        as ``options`` ask: ``-Fc``).

        Raises:
            Unavailable: no ``pg_dump`` found.
        """
        libpq, schema = self._libpq(url)
        return subprocess.run([self._tool("pg_dump"), "--dbname", libpq, *schema, *options],
                              check=True, capture_output=True, timeout=120).stdout

    def restore(self, url: str, archive: bytes) -> None:
        """``pg_restore`` a ``pg_dump -Fc`` archive into the database of ``url``."""
        libpq, _schema = self._libpq(url)
        subprocess.run([self._tool("pg_restore"), "--dbname", libpq, "--exit-on-error"],
                       input=archive, check=True, capture_output=True, timeout=120)

    def close(self) -> None:
        try:
            self.session.dispose()
            if self.cluster is None:   # a throwaway cluster goes whole
                self.drop_database(self.session_db.render_as_string(hide_password=False))
            self.admin.dispose()
        finally:
            if self.cluster is not None:
                self.cluster.stop()
