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
