"""`regalia serve`: bad arguments are refused before anything starts (issue 12)."""

from __future__ import annotations

import pytest

pytest.importorskip("fastapi")


def test_serve_refuses_a_bad_port_and_a_bad_store(cli, tmp_path):
    res = cli("serve", "--port", "0")
    assert res.exit_code == 2 and "1 to 65535" in res.output
    res = cli("serve", "--db", "nosuchdialect://x")
    assert res.exit_code == 2 and "cannot open the table store" in res.output
    res = cli("serve", "--db", f"sqlite:///{tmp_path}/missing/dir/t.sqlite")
    assert res.exit_code == 2
    # a PostgreSQL server that is not there (port 1 of the loopback refuses at once)
    res = cli("serve", "--db", "postgresql://regalia:secret@127.0.0.1:1/tables")
    assert res.exit_code == 2 and "cannot open the table store" in res.output
    assert "secret" not in res.output


def test_serve_refuses_a_database_that_is_not_a_store(cli, tmp_path):
    import sqlite3

    db = tmp_path / "other.sqlite"
    with sqlite3.connect(db) as conn:
        conn.execute("CREATE TABLE actions (verb TEXT)")
    res = cli("serve", "--db", f"sqlite:///{db}")
    assert res.exit_code == 2
    said = " ".join(res.output.split())
    assert "is not one: table 'actions' has columns ['verb']" in said
    with sqlite3.connect(db) as conn:   # left as it was
        assert [r[0] for r in conn.execute("SELECT name FROM sqlite_master")] == ["actions"]


def test_serve_help_names_its_options(cli):
    res = cli("serve", "--help")
    assert res.exit_code == 0
    assert all(opt in res.output for opt in ("--host", "--port", "--db"))


def test_serve_refuses_bad_limits(cli):
    """Issue 23: every limit is checked before anything starts, naming what is allowed."""
    cases = [(("--rate-limit", "nosuch=1/second"), "request, create, socket"),
             (("--rate-limit", "create=often"), "create"),
             (("--keep-finished", "forever"), "30d"),
             (("--purge",), "--keep-finished"),
             (("--allowed-origin", "evil.example"), "scheme and a host"),
             (("--max-think", "0"), "positive"),
             (("--workers", "0"), "at least 1")]
    for args, said in cases:
        res = cli("serve", *args)
        assert res.exit_code == 2 and said in " ".join(res.output.split()), (args, res.output)


def test_a_tournament_has_an_upper_bound(cli):
    res = cli("tournament", "kingdomino", "--agents", "greedy,random", "-n", str(10**15))
    assert res.exit_code != 0 and "from 1 to 100,000" in " ".join(res.output.split())
