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
