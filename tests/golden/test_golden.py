"""Golden playthroughs: every committed transcript in this directory equals a fresh
playthrough of its configuration (``regalia.testing.golden``), line for line.

A difference means the engine's behaviour changed (legal actions, notation, chance
outcomes and their probabilities, observations, information states, returns or scores).
If the change is wanted, rewrite the files on purpose and commit them with the change:

    PYTHONPATH=src python -m regalia.testing.golden --write [--game NAME]
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import regalia
from regalia.testing import golden, playthrough

HERE = Path(__file__).parent
CONFIGS = golden.golden_configs()


def test_every_configuration_has_a_transcript_and_no_other_is_left():
    on_disk = {p.name for p in HERE.glob("*.txt")}
    missing = sorted(set(CONFIGS) - on_disk)
    stale = sorted(on_disk - set(CONFIGS))
    assert not missing, f"no transcript for {missing}: python -m regalia.testing.golden --write"
    assert not stale, f"transcripts of no configuration: {stale}"


@pytest.mark.parametrize("filename", sorted(CONFIGS), ids=[n[:-4] for n in sorted(CONFIGS)])
def test_transcript_is_unchanged(filename):
    expected = (HERE / filename).read_text(encoding="utf-8")
    actual = golden.render(CONFIGS[filename])
    diff = golden.first_difference(expected, actual)
    assert diff is None, (f"{filename}: {diff}\nIf the change is wanted: "
                          f"python -m regalia.testing.golden --write --game {CONFIGS[filename][0]}")


def _compiled_by_default(config) -> bool:
    name, params = config
    return getattr(regalia.load_game(name, **params), "engine", None) == "compiled"


PURE_TOO = sorted(f for f, c in CONFIGS.items() if _compiled_by_default(c))


@pytest.mark.parametrize("filename", PURE_TOO, ids=[n[:-4] + "-pure" for n in PURE_TOO])
def test_transcript_is_unchanged_on_the_pure_engine(filename, monkeypatch):
    """A game with a compiled engine (issue 15) plays its transcripts on the pure engine
    (``REGALIA_PURE=1``) too: the two engines write the same files."""
    monkeypatch.setenv("REGALIA_PURE", "1")
    assert getattr(regalia.load_game(*CONFIGS[filename][:1], **CONFIGS[filename][1]),
                   "engine") == "pure"
    expected = (HERE / filename).read_text(encoding="utf-8")
    diff = golden.first_difference(expected, golden.render(CONFIGS[filename]))
    assert diff is None, f"{filename} on the pure engine: {diff}"


def test_transcripts_are_whole_games_with_every_seat_observed():
    """The files really are what the header says: each ends at a terminal state with the
    returns; each ply has a player and one action; early plies show every seat."""
    for filename, (name, params) in CONFIGS.items():
        text = (HERE / filename).read_text(encoding="utf-8")
        game = regalia.load_game(name, **params)
        assert f"game: {name}\n" in text
        assert "\nplayer: terminal\n" in text and "\nreturns: " in text, filename
        plies = text.count("\nply ")
        assert plies == text.count("\naction: ") + text.count("\nchance: ") + 1, filename
        assert plies <= game.max_game_length + 1, filename
        first = text.split("\nply 1\n")[0]
        for seat in range(game.num_players):
            assert f"\nobservation {seat}: {{" in first, (filename, seat)
            assert f"\ninformation state {seat}: " in first, (filename, seat)


def test_first_difference_names_the_line_and_ply():
    text = golden.render(CONFIGS["kingdomino-2p.txt"])
    lines = text.splitlines(keepends=True)
    k = next(i for i, line in enumerate(lines) if line.startswith("action: "))
    changed = "".join(lines[:k] + ["action: 0 \"other\"\n"] + lines[k + 1:])
    diff = golden.first_difference(text, changed)
    ply = next(line for line in reversed(lines[:k]) if line.startswith("ply ")).strip()
    assert diff.startswith(f"line {k + 1} ({ply}) differs at column 9"), diff
    assert golden.first_difference(text, text) is None
    assert "end of" in golden.first_difference(text, text + "extra\n")


def test_a_changed_engine_is_caught():
    """A playthrough of other decisions (another policy) or another deal (another seed)
    is not the committed transcript: the comparison can fail."""
    game = regalia.load_game("kingdomino", players=2)
    committed = (HERE / "kingdomino-2p.txt").read_text(encoding="utf-8")
    first = playthrough(game, golden.SEED, lambda s, rng: s.legal_actions()[0],
                        detail_plies=golden.DETAIL_PLIES)
    assert golden.first_difference(committed, first) is not None
    other = playthrough(game, golden.SEED + 1, detail_plies=golden.DETAIL_PLIES)
    assert golden.first_difference(committed, other) is not None
    again = playthrough(game, golden.SEED, detail_plies=golden.DETAIL_PLIES)
    assert golden.first_difference(committed, again) is None


def test_transcripts_do_not_depend_on_the_hash_seed():
    """Set and dict order cannot leak into a transcript: two processes with other
    ``PYTHONHASHSEED``s write the committed text (games with hidden hands and sets)."""
    names = ["inheritors-3p.txt", "two-heirs-2p.txt", "cascadito-1p-harder-start.txt"]
    code = ("import sys; from regalia.testing import golden; "
            "sys.stdout.write(''.join(golden.render(golden.golden_configs()[n]) "
            "for n in sys.argv[1:]))")
    expected = "".join((HERE / n).read_text(encoding="utf-8") for n in names)
    src = str(Path(regalia.__file__).resolve().parents[1])
    for hash_seed in ("0", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed,
               "PYTHONPATH": os.pathsep.join([src, os.environ.get("PYTHONPATH", "")])}
        out = subprocess.run([sys.executable, "-c", code, *names], env=env, check=True,
                             capture_output=True, text=True, encoding="utf-8").stdout
        assert golden.first_difference(expected, out) is None, hash_seed


def test_length_limit_and_full_detail():
    game = regalia.load_game("kingdomino", players=3)
    text = playthrough(game, 5, max_plies=10)
    assert "length: at most 10 plies" in text
    assert "detail: observations and information states at every ply" in text
    assert text.count("\nply ") == 11
    assert text.endswith("stopped: the length limit\n")
    assert text.count("\nobservation 2: ") == 11
    assert "returns:" not in text


def test_the_command_checks_writes_and_cleans(tmp_path, monkeypatch, capsys):
    """``python -m regalia.testing.golden``: missing and changed files fail (exit 1, the
    first differing line shown), ``--write`` rewrites them and deletes stale ones."""
    one = {"two-heirs-1p.txt": CONFIGS["two-heirs-1p.txt"]}
    monkeypatch.setattr(golden, "golden_configs", lambda game=None: one)
    args = ["--dir", str(tmp_path)]
    assert golden.main(args) == 1
    assert "two-heirs-1p.txt: MISSING" in capsys.readouterr().out
    (tmp_path / "old.txt").write_text("stale\n")
    assert golden.main(args + ["--write"]) == 0
    out = capsys.readouterr().out
    assert "two-heirs-1p.txt: written (changed)" in out and "old.txt: deleted" in out
    assert sorted(p.name for p in tmp_path.iterdir()) == ["two-heirs-1p.txt"]
    written = (tmp_path / "two-heirs-1p.txt").read_text(encoding="utf-8")
    assert written == (HERE / "two-heirs-1p.txt").read_text(encoding="utf-8")
    assert golden.main(args) == 0
    (tmp_path / "two-heirs-1p.txt").write_text(written.replace("seed: 1\n", "seed: 2\n"))
    assert golden.main(args) == 1
    captured = capsys.readouterr()
    assert "DIFFERS: line 4 differs at column 7" in captured.out
    assert "--write" in captured.err


def test_the_command_refuses_an_unknown_game(capsys):
    with pytest.raises(SystemExit) as exc:
        golden.main(["--game", "chess"])
    assert exc.value.code == 2
    assert "no game named 'chess'; games: cascadito" in capsys.readouterr().err
