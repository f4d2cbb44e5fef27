"""The bundled dominoes file against COMPONENTS.md (Kingdomino section: "The 48 dominoes",
"Check sums: squares W26 F22 L18 G14 S10 M6 (96); crowns W5 F6 L6 G6 S6 M10 (39)").
"""

from __future__ import annotations

from collections import Counter

import pytest

from regalia.core.errors import DataError
from regalia.games.kingdomino import TERRAINS, KingdominoGame, load_dominoes

# The table of COMPONENTS.md, transcribed by hand (number: first / second; * = crown).
COMPONENTS_TABLE = """
1 W/W     13 W/F    25 F*/W   37 L/G*
2 W/W     14 W/L    26 F*/W   38 W/S*
3 F/F     15 W/G    27 F*/W   39 G/S*
4 F/F     16 W/S    28 F*/L   40 M*/W
5 F/F     17 F/L    29 F*/G   41 W/G**
6 F/F     18 F/G    30 L*/W   42 L/G**
7 L/L     19 W*/F   31 L*/W   43 W/S**
8 L/L     20 W*/L   32 L*/F   44 G/S**
9 L/L     21 W*/G   33 L*/F   45 M**/W
10 G/G    22 W*/S   34 L*/F   46 S/M**
11 G/G    23 W*/M   35 L*/F   47 S/M**
12 S/S    24 F*/W   36 W/G*   48 W/M***
"""


def table() -> dict[int, str]:
    toks = COMPONENTS_TABLE.split()
    return {int(toks[i]): toks[i + 1] for i in range(0, len(toks), 2)}


def test_table_transcription_is_complete():
    t = table()
    assert sorted(t) == list(range(1, 49))


@pytest.mark.parametrize("number, code", [(25, "F*/W"), (48, "W/M***"), (41, "W/G**"),
                                          (1, "W/W"), (23, "W*/M"), (46, "S/M**"),
                                          (40, "M*/W"), (12, "S/S")])
def test_spot_check_dominoes__components_md_table(number, code):
    assert load_dominoes().by_number(number).code() == code


def test_every_domino_matches_components_md_table():
    ds = load_dominoes()
    t = table()
    assert [d.number for d in ds.dominoes_sorted] == list(range(1, 49))
    mismatches = {d.number: (d.code(), t[d.number]) for d in ds.dominoes_sorted
                  if d.code() != t[d.number]}
    assert mismatches == {}


def test_check_sums__components_md():
    ds = load_dominoes()
    squares, crowns = Counter(), Counter()
    for d in ds.dominoes:
        for h in (d.first, d.second):
            letter = "WFLGSM"[TERRAINS.index(h.terrain)]
            squares[letter] += 1
            crowns[letter] += h.crowns
    assert dict(squares) == {"W": 26, "F": 22, "L": 18, "G": 14, "S": 10, "M": 6}
    assert sum(squares.values()) == 96
    assert dict(crowns) == {"W": 5, "F": 6, "L": 6, "G": 6, "S": 6, "M": 10}
    assert sum(crowns.values()) == 39


def test_provenance_verified__components_md_policy():
    ds = load_dominoes()
    assert ds.provenance == "verified"
    assert all(d.provenance == "verified" for d in ds.dominoes)
    assert ds.provenance_summary() == {"verified": 48}
    assert KingdominoGame(players=2).data_provenance() == {"verified": 48}


def test_game_tables_follow_the_data():
    g = KingdominoGame(players=4)
    # domino 48 = W/M***: wheat (0) / mine (5) with 0 and 3 crowns; 1 = W/W symmetric
    assert (g.t1[48], g.t2[48], g.c1[48], g.c2[48], g.sym[48]) == (0, 5, 0, 3, False)
    assert g.sym[1] and g.sym[12] and not g.sym[13]
    # exactly the 12 dominoes 1..12 have two identical halves (COMPONENTS.md table)
    assert sum(g.sym[1:]) == 12


def test_custom_data_file_is_used_by_the_engine(tmp_path):
    # The engine must work with any valid file (COMPONENTS.md policy): swap domino 1 to
    # W*/W and the first-placement count becomes 24 (halves no longer identical).
    src = load_dominoes()
    lines = ['provenance = "reconstructed"', 'source = "test"']
    for d in src.dominoes_sorted:
        c1 = 1 if d.number == 1 else d.first.crowns
        lines += ["[[dominoes]]", f"number = {d.number}",
                  f'first = {{ terrain = "{d.first.terrain}", crowns = {c1} }}',
                  f'second = {{ terrain = "{d.second.terrain}", crowns = {d.second.crowns} }}',
                  'provenance = "reconstructed"']
    path = tmp_path / "dominoes.toml"
    path.write_text("\n".join(lines) + "\n")
    g = KingdominoGame(players=4, data=path)
    assert g.code[1] == "W*/W" and not g.sym[1]
    assert g.data_provenance() == {"reconstructed": 48}
    s = g.new_initial_state(0)
    for n in (1, 2, 3, 4):
        s.apply_action(s.string_to_action(f"draw {n}"))
    for text in ("king 1", "pick 1", "king 2", "pick 2", "king 3", "pick 3", "pick 4"):
        s.apply_action(s.string_to_action(text))
    for n in (5, 6, 7, 8):
        s.apply_action(s.string_to_action(f"draw {n}"))
    assert s.current_domino == 1 and len(s.legal_actions()) == 24
    assert load_dominoes().by_number(1).code() == "W/W"  # the bundled set is untouched


def test_bad_data_file_is_rejected(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text('provenance = "verified"\n[[dominoes]]\nnumber = 1\n'
                    'first = { terrain = "wheat", crowns = 0 }\n'
                    'second = { terrain = "lava", crowns = 0 }\nprovenance = "verified"\n')
    with pytest.raises(DataError):
        load_dominoes(path)
