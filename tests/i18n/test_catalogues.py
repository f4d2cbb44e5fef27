"""The catalogues are complete and nothing a player reads bypasses them (issue 30).

Per area (``regalia.core.catalogues.AREAS``): every message extracted from the source has a
German translation keeping its placeholders, no German entry is stale, and the area's
player-facing source files hold no English prose outside a message (``i18n_scan``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

import i18n_scan
from regalia.core import catalogues

PACKAGE = i18n_scan.PACKAGE

# Files no player or user reads: research tensors, compiled-engine glue, benchmark
# positions, the balance presets' internals, search heuristics, the i18n machinery itself.
NOT_READ = {"tensors.py", "compiled.py", "positions.py", "balance.py", "policies.py",
            "information.py", "playout.py", "solo_engine.py", "i18n.py", "catalogues.py",
            "svgkit.py", "engines.py", "dealers.py", "codes.py", "hexgrid.py", "geometry.py"}
NOT_READ_DIRS = {"migrations", "vendor", "__pycache__", "adapters", "testing"}


def scanned(area: str) -> list[Path]:
    """The source files of ``area`` whose prose players and users read."""
    files: list[Path] = []
    for rel in catalogues.AREAS[area]:
        root = PACKAGE / rel
        paths = [root] if root.is_file() else sorted(root.rglob("*"))
        for path in paths:
            if path.suffix not in {".py", ".js", ".html"} or path.name in NOT_READ:
                continue
            if NOT_READ_DIRS & set(path.relative_to(PACKAGE).parts):
                continue
            files.append(path)
    return files


@pytest.mark.parametrize("area", list(catalogues.AREAS))
def test_every_message_is_translated(area):
    problems = catalogues.check([area])
    assert not problems, "\n".join(map(str, problems[:60])) + (
        f"\n... {len(problems)} problems (python -m regalia.core.catalogues check {area})")


def test_one_message_has_one_translation_across_areas():
    problems = catalogues.conflicts()
    assert not problems, "\n".join(map(str, problems))


@pytest.mark.parametrize("area", list(catalogues.AREAS))
def test_no_prose_bypasses_the_catalogue(area):
    found = [lit for path in scanned(area) for lit in i18n_scan.scan(path)]
    assert not found, "\n".join(map(str, found[:60])) + f"\n... {len(found)} literals"


def test_the_scan_finds_prose_and_leaves_code(tmp_path):
    assert i18n_scan.is_prose("Your turn")
    assert i18n_scan.is_prose("<text x='3'>Round {n} of the game</text>")
    assert i18n_scan.is_prose("waiting for ${name} to move")
    assert not i18n_scan.is_prose("font-family: sans-serif")
    assert not i18n_scan.is_prose(".story li")
    assert not i18n_scan.is_prose("per_seat")
    assert not i18n_scan.is_prose("<g class='tile sel'/>")
