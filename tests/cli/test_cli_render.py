"""`regalia render`: a recorded position drawn as SVG (issue 12), and Jupyter's _repr_svg_."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import regalia
from regalia.core.record import GameRecord


def _record(cli, tmp_path):
    path = tmp_path / "g.json"
    res = cli("match", "kingdomino", "--players", "greedy,greedy", "--seed", "9",
              "--record", str(path))
    assert res.exit_code == 0, res.output
    return path


def test_render_a_ply_as_a_seat_to_a_file(cli, tmp_path):
    path = _record(cli, tmp_path)
    out = tmp_path / "p.svg"
    res = cli("render", str(path), "--ply", "30", "--as", "2", "-o", str(out))
    assert res.exit_code == 0, res.output
    root = ET.fromstring(out.read_text())
    assert root.get("data-viewer") == "1"
    # the same position rebuilt from the record: same drawing
    rec = GameRecord.load(path)
    s = rec.build_game().new_initial_state(rec.seed)
    for a in rec.actions[:30]:
        s.apply_action(a)
    assert root.get("data-phase") == s.phase_name


def test_render_defaults_to_the_final_public_view_on_stdout(cli, tmp_path):
    path = _record(cli, tmp_path)
    res = cli("render", str(path))
    assert res.exit_code == 0
    root = ET.fromstring(res.stdout)
    assert root.get("data-phase") == "end" and root.get("data-viewer") is None


def test_render_refuses_bad_arguments(cli, tmp_path):
    path = _record(cli, tmp_path)
    assert cli("render", str(path), "--ply", "-1").exit_code == 2
    assert cli("render", str(path), "--ply", "100000").exit_code == 2
    assert cli("render", str(path), "--as", "3").exit_code == 2
    assert cli("render", str(tmp_path / "missing.json")).exit_code == 2
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert cli("render", str(bad)).exit_code == 1


def test_states_draw_themselves_in_jupyter():
    s = regalia.load_game("kingdomino", players=3).new_initial_state(1)
    root = ET.fromstring(s._repr_svg_())
    assert root.get("data-game") == "kingdomino" and root.get("data-viewer") is None
