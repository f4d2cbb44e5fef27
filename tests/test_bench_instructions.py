"""benchmarks/bench_instructions.py, the before/after engine cost in one run: its sides,
its workload children and its reading of callgrind totals (the figures themselves are
measured, not tested)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _bench():
    spec = importlib.util.spec_from_file_location(
        "bench_instructions", ROOT / "benchmarks" / "bench_instructions.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # (its dataclass looks its module up)
    spec.loader.exec_module(module)
    return module


def test_wall_mode_runs_the_same_games_on_both_sides(capsys):
    bench = _bench()
    assert bench.main(["--mode", "wall", "--repeat", "1", "--scale", "0.05",
                       "--games", "cascadito", "--before", str(ROOT), "--after",
                       str(ROOT)]) == 0
    rows = [line.split() for line in capsys.readouterr().out.splitlines()
            if line.startswith("cascadito")]
    assert len(rows) == 1
    _, before, after, ratio, actions, same = rows[0]
    n_before, n_after = actions.split("/")
    assert n_before == n_after and int(n_before) > 0 and same == "yes"
    assert float(before) > 0 and float(after) > 0 and float(ratio) > 0



def test_compiled_mode_measures_every_compiled_engine(capsys):
    from regalia.games.cascadito import compiled as ca
    from regalia.games.inheritors import compiled as inh
    from regalia.games.kingdomino import compiled as kd
    from regalia.games.two_heirs import compiled as th

    if not all(m.available() for m in (kd, th, ca, inh)):
        pytest.skip("the compiled engines are not built in this tree")
    bench = _bench()
    assert bench.main(["--mode", "wall", "--engine", "compiled", "--repeat", "1",
                       "--scale", "0.05", "--before", str(ROOT), "--after", str(ROOT)]) == 0
    rows = {line.split()[0]: line.split() for line in capsys.readouterr().out.splitlines()
            if line.split() and line.split()[0] in bench.WORKLOADS}
    assert sorted(rows) == ["cascadito", "inheritors", "kingdomino", "two-heirs"]
    for _, before, after, ratio, actions, same in rows.values():
        n_before, n_after = actions.split("/")
        assert n_before == n_after and int(n_before) > 0 and same == "yes"

def test_callgrind_totals_are_read_from_the_output_file(tmp_path):
    out = tmp_path / "callgrind.out"
    out.write_text("version: 1\ncreator: callgrind-3.19.0\nevents: Ir\n"
                   "fn=(1) main\n12 5\nsummary: 123456\ntotals: 123456\n")
    assert _bench().read_total(out) == 123456


def test_a_side_that_is_neither_a_tree_nor_a_commit_is_refused(capsys):
    with pytest.raises(SystemExit) as e:
        _bench().main(["--mode", "wall", "--games", "cascadito",
                       "--before", "no-such-commit-or-dir", "--after", str(ROOT)])
    assert "'no-such-commit-or-dir' is neither a directory nor a commit" in str(e.value)
