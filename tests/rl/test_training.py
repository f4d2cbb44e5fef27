"""The trained agent end to end (issue 16): the example's smoke mode trains MaskablePPO for
a few hundred steps, saves the policy, and ``regalia match`` plays it through the ``policy``
agent. Skips without the ``[train]`` extra."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from regalia.agents import make_agent, parse_spec
from regalia.core import UnknownNameError, load_game

ROOT = Path(__file__).resolve().parents[2]


def test_policy_spec_takes_the_file_without_a_key():
    assert parse_spec("policy:runs/p.zip") == ("policy", {"file": "runs/p.zip"})
    assert parse_spec("policy:file=p.zip,sample=true") == ("policy", {"file": "p.zip",
                                                                      "sample": "true"})
    with pytest.raises(UnknownNameError, match="is not key=value"):
        parse_spec("greedy:p.zip")


def test_policy_agent_refuses_a_missing_file(tmp_path):
    agent = make_agent(f"policy:{tmp_path / 'none.zip'}")
    with pytest.raises(UnknownNameError, match="no such file"):
        agent.check_game(load_game("kingdomino", players=2))


def test_import_regalia_imports_no_research_library():
    """``import regalia`` (and its agents and arena) works without the extras: numpy, the
    RL libraries and torch are imported only by the adapters, tensors and policy agent."""
    libs = ["numpy", "gymnasium", "pettingzoo", "pyspiel", "torch", "sb3_contrib"]
    code = (f"import sys, regalia, regalia.agents, regalia.arena; "
            f"print([m for m in {libs!r} if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env={"PYTHONPATH": str(ROOT / "src")}, check=True)
    assert out.stdout.strip() == "[]"


def test_smoke_training_then_match(tmp_path):
    pytest.importorskip("sb3_contrib")
    pytest.importorskip("matplotlib")
    env = {"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"}
    run = subprocess.run([sys.executable, str(ROOT / "examples" / "train_kingdomino.py"),
                          "--smoke", "--out", str(tmp_path)], capture_output=True, text=True,
                         env=env, timeout=900)
    assert run.returncode == 0, run.stderr[-2000:]
    assert (tmp_path / "learning_curve.png").read_bytes()[:4] == b"\x89PNG"
    assert "win share over 2 games" in (tmp_path / "report.txt").read_text()
    policy = tmp_path / "policy.zip"
    match = subprocess.run([sys.executable, "-m", "regalia", "match", "kingdomino",
                            "--players", f"policy:{policy},greedy", "--seed", "3"],
                           capture_output=True, text=True, env=env, timeout=600)
    assert match.returncode == 0, match.stderr[-2000:]
    assert "wins" in match.stdout or "share" in match.stdout, match.stdout[-1000:]
