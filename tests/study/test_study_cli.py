"""`regalia study`: a small run writes its files and a self-contained report; hostile
arguments are refused with the accepted range and change nothing; --open; the help."""

from __future__ import annotations

import csv
import json
import re
import sys

import pytest
from typer.testing import CliRunner

from regalia.cli.app import app
from regalia.games.kingdomino.components import DEFAULT_DATA

ENV = {"COLUMNS": "100", "LINES": "50", "NO_COLOR": "1", "FORCE_COLOR": None, "TERM": "dumb"}


def run(*args: str):
    return CliRunner().invoke(app, ["study", *args], env=ENV)


def flat(text: str) -> str:
    return " ".join(text.split())


def test_a_small_seats_study_writes_its_files_and_resumes(tmp_path):
    out = tmp_path / "s"
    result = run("kingdomino", "seats", "--players", "2", "-n", "30", "--seed", "5",
                 "-w", "1", "-o", str(out))
    assert result.exit_code == 0, result.output
    text = flat(result.output)
    assert "30 deals = 30 games, seed 5" in text
    assert "The first player won" in text and "Report:" in text
    rows = list(csv.DictReader((out / "games.csv").open()))
    assert len(rows) == 60
    assert {r["position"] for r in rows} == {"1", "2"}
    summary = json.loads((out / "summary.json").read_text())
    assert summary["question"] == "seats" and summary["games"] == 30
    assert summary["command"] == ("regalia study kingdomino seats --players 2 --agents greedy "
                                  "--games 30 --seed 5")
    assert [r["win"]["n"] for r in summary["result"]["rows"]] == [30, 30]
    page = (out / "report.html").read_text()
    # self-contained: no script, nothing fetched from anywhere (only the SVGs' own #ids)
    assert "<script" not in page and not re.search(r"""(src|href)=["'](?!#)""", page)
    assert page.count("<svg") == page.count("<figcaption>") == 2
    assert "Wilson" in page and "Holm" in page and summary["command"] in page
    # the same command again (without --seed) resumes the stored study: nothing to play
    again = run("kingdomino", "seats", "--players", "2", "-n", "30", "-w", "1", "-o", str(out))
    assert again.exit_code == 0, again.output
    assert "Resuming: 30 of 30 games" in flat(again.output)
    assert (out / "report.html").read_text() == page


@pytest.mark.parametrize("args,message", [
    (["kingdomino", "seats", "-n", "0"],
     "--games (the number of deals) must be a whole number from 1 to 100,000, got 0"),
    (["kingdomino", "seats", "-n", str(10**15)],
     "--games (the number of deals) must be a whole number from 1 to 100,000, got "
     "1000000000000000"),
    (["kingdomino", "balance"],
     "unknown question 'balance'; questions: seats, components, variants, compare, scores"),
    (["kingdomino", "compare"], "compare needs --data B.toml"),
    (["kingdomino", "seats", "--data", "a.toml", "--data", "b.toml"],
     "several --data files are for the compare question"),
    (["kingdomino", "seats", "-a", "greedy,nobody"], "unknown agent 'nobody'"),
    (["kingdomino", "seats", "--players", "7"], "--players 7: Kingdomino is for 2 to 4 players"),
    (["kingdomino", "seats", "-w", "0"], "workers must be a whole number >= 1"),
    (["kingdomino", "seats", "-b", "dask"], "unknown backend 'dask'"),
    (["chess", "seats"], "unknown game 'chess'"),
    (["two-heirs", "variants", "--players", "1", "--param", "roads=maybe"], "roads must be"),
    # 100,000 deals x 3 settings x 4 seat rotations
    (["kingdomino", "variants", "--players", "4", "-n", "100000", "-a", "greedy,onestep"],
     "= 1,200,000 games; a study plays at most 1,000,000: choose --games up to 83,333"),
])
def test_bad_arguments_exit_2_and_write_nothing(tmp_path, args, message):
    out = tmp_path / "never"
    result = run(*args, "-o", str(out))
    assert result.exit_code == 2, result.output
    assert message in flat(result.output)
    assert "Traceback" not in result.output
    assert not out.exists()


def test_a_broken_data_file_exits_1_and_writes_nothing(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text(DEFAULT_DATA.read_text().replace("number = 48", "number = 47"))
    out = tmp_path / "never"
    for question in ("seats", "compare"):
        result = run("kingdomino", question, "--data", str(bad), "-o", str(out))
        assert result.exit_code == 1, result.output
        assert "does not validate" in flat(result.output)
        assert "Traceback" not in result.output
        assert not out.exists()
    missing = run("kingdomino", "compare", "--data", str(tmp_path / "nope.toml"), "-o", str(out))
    assert missing.exit_code == 2 and "--data" in flat(missing.output)
    garbage = tmp_path / "garbage.toml"
    garbage.write_text("[[[ not toml")
    result = run("kingdomino", "compare", "--data", str(garbage), "-o", str(out))
    assert result.exit_code in (1, 2) and "Traceback" not in result.output
    assert not out.exists()


def test_a_directory_holding_another_study_is_refused(tmp_path):
    out = tmp_path / "s"
    assert run("kingdomino", "scores", "--players", "2", "-n", "3", "-w", "1", "-o",
               str(out)).exit_code == 0
    result = run("kingdomino", "scores", "--players", "3", "-n", "3", "-w", "1", "-o", str(out))
    assert result.exit_code == 2
    assert "holds another study" in flat(result.output) and "--restart" in flat(result.output)
    restarted = run("kingdomino", "scores", "--players", "3", "-n", "3", "-w", "1", "-o",
                    str(out), "--restart")
    assert restarted.exit_code == 0, restarted.output


def test_open_opens_the_report(tmp_path, monkeypatch):
    opened = []
    monkeypatch.setattr("webbrowser.open", lambda uri: opened.append(uri))
    out = tmp_path / "s"
    result = run("kingdomino", "scores", "--players", "2", "-n", "4", "-w", "1", "-o", str(out),
                 "--open")
    assert result.exit_code == 0, result.output
    assert opened == [(out / "report.html").resolve().as_uri()]


def test_missing_matplotlib_gives_the_install_command(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib -> ImportError
    result = run("kingdomino", "seats", "-o", str(tmp_path / "x"))
    assert result.exit_code == 2
    assert "pip install 'regalia[study]'" in flat(result.output)


def test_help_lists_the_questions_and_examples():
    result = run("--help")
    assert result.exit_code == 0
    text = flat(result.output)
    for word in ("seats", "components", "variants", "compare", "scores", "Wilson",
                 "Benjamini-Hochberg", "report.html", "resumes", "pip install 'regalia[study]'"):
        assert word in text
    assert "regalia study kingdomino seats" in result.output.split("Examples", 1)[1]
