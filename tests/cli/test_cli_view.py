"""The plain-text Kingdomino views (games/kingdomino/view.py) used by the terminal."""

from __future__ import annotations

import regalia
from regalia.games.kingdomino import view
from regalia.games.kingdomino.scoring import Property, kingdom_breakdown


def state_with(kingdoms: list[str], players: int = 2):
    s = regalia.load_game("kingdomino", players=players).new_initial_state(seed=1)
    for p, text in enumerate(kingdoms):
        s.set_kingdom(p, text)
    return s


def test_kingdom_text_has_coordinates_and_margin():
    s = regalia.load_game("kingdomino", players=2).new_initial_state(seed=1)
    assert view.kingdom_text(s, 0, margin=False) == ["  e", "5 C"]
    full = view.kingdom_text(s, 0)
    assert full[0].split() == list("abcdefghi")
    assert len(full) == 10 and full[5].split() == ["5", ".", ".", ".", ".", "C", ".", ".",
                                                   ".", "."]


def test_kingdom_window_shrinks_as_the_kingdom_grows():
    s = state_with(["W W* C F F*"])  # five squares wide: no room left or right
    grid = view.kingdom_grid(s, 0)
    assert grid.columns == tuple("cdefg")
    assert grid.rows == tuple(range(1, 10))
    assert grid.cells[4] == ("W", "W*", "C", "F", "F*")
    assert view.kingdom_grid(s, 0, margin=False).rows == (5,)
    assert view.kingdom_grid(s, 0, full=True).columns == tuple("abcdefghi")


def test_wide_tokens_keep_a_space():
    s = state_with(["M*** W C"])
    line = view.kingdom_text(s, 0, margin=False)[1]
    assert "M*** W" in line


def test_breakdown_text_and_rows():
    bd = kingdom_breakdown([Property("forest", 4, 2), Property("lake", 3, 0),
                            Property("swamp", 1, 0)],
                           middle_kingdom=10, harmony=0, previous_games=[30])
    rows = view.breakdown_rows(bd)
    assert rows[0] == ("forest", "4", "2", "8")
    assert ("Middle Kingdom bonus", "", "", "10") in rows
    assert ("Harmony bonus", "", "", "0") in rows
    assert ("game 1 of the Dynasty", "", "", "30") in rows
    assert rows[-1] == ("total", "", "", "48")
    grouped = view.breakdown_rows(bd, group_crownless=True)
    assert ("no crowns (2)", "4", "0", "0") in grouped
    text = view.breakdown_text(bd)
    assert text[0].split() == ["property", "squares", "crowns", "points"]
    assert text[-1].split() == ["total", "48"]


def test_winner_sole():
    s = state_with(["W* W W C", "F* C"])
    assert view.winner_text(s, ["A", "B"]) == "A wins with 3 points."


def test_winner_by_largest_property():
    s = state_with(["W* W W C", "F* F C L*"])  # 3 points each; properties 3 vs 2
    text = view.winner_text(s, ["A", "B"])
    assert text.startswith("A and B both have 3 points; A wins the tie-break")
    assert "most extended property (3 squares against 2)" in text


def test_winner_by_crowns():
    s = state_with(["W** W C", "F* F C S**"])  # 4 points each; largest 2 each; crowns 2 vs 3
    text = view.winner_text(s, ["A", "B"])
    assert "B wins the tie-break with more crowns (3 against 2)" in text


def test_shared_victory():
    s = state_with(["W* W C", "F* F C"])
    assert view.winner_text(s, ["A", "B"]).startswith("A and B share the victory: 2 points")


def test_lines_decisions_and_moves():
    game = regalia.load_game("kingdomino", players=4)
    s = game.new_initial_state(seed=1)
    while s.is_chance_node():
        s.apply_random_chance()
    assert view.describe_decision(s) == "Pick a domino of the next line"
    entries = view.line_entries(s, "next")
    assert len(entries) == 4 and [e.domino for e in entries] == sorted(e.domino for e in entries)
    picks = view.grouped_moves(s)
    assert all(m.startswith("pick ") for m in picks)
    first = s.current_player()
    s.apply_action(s.legal_actions()[0])
    lines = view.line_text(s, "next", ["P1", "P2", "P3", "P4"])
    assert sum(line.endswith(f"P{first + 1}") for line in lines) == 1
    # play to the first placement and check the grouped placements cover every legal move
    while s.phase_name != "place":
        s.apply_action(s.legal_actions()[0]) if not s.is_chance_node() else s.apply_random_chance()
    assert view.describe_decision(s).startswith(f"Place domino {s.current_domino} (")
    grouped = " ".join(view.grouped_moves(s)).split()
    assert sorted(grouped) == sorted(s.action_to_string(a) for a in s.legal_actions())
    a = s.legal_actions()[0]
    assert view.describe_action(s, a) == (f"places {s.current_domino} "
                                          f"({game.code[s.current_domino]}) at "
                                          f"{s.action_to_string(a)}")
    assert [e.status for e in view.line_entries(s, "current")][0] == "active"


def test_round_info_and_completed_lines():
    game = regalia.load_game("kingdomino", players=3)
    s = game.new_initial_state(seed=2)
    completed = []
    rounds = set()
    while not s.is_terminal():
        if s.is_chance_node():
            a = s.sample_chance_outcome(s.dealer())
            done = view.line_completed_by(s, a)
            if done:
                completed.append(done)
        else:
            info = view.round_info(s)
            rounds.add((info.line, info.last_round))
            a = s.legal_actions()[0]
        s.apply_action(a)
    assert [n for n, _ in completed] == list(range(1, 13))
    assert all(len(line) == 3 and line == sorted(line) for _, line in completed)
    assert {line for line, _ in rounds} == set(range(0, 13))
    assert (12, True) in rounds and (11, True) not in rounds


def test_round_and_game_ends_for_the_replay():
    game = regalia.load_game("kingdomino", players=2, variants=["dynasty"])
    s = game.new_initial_state(seed=4)
    events = []
    while not s.is_terminal():
        k, g = view.round_just_ended(s), view.game_just_ended(s)
        if k is not None:
            events.append(("round", s.game_number, k))
        if g is not None:
            events.append(("game", g))
            grid = view.rows_grid(s.finished_kingdoms[-1][0])
            assert "C" in [t for row in grid.cells for t in row]
            assert len(grid.rows) <= 5 and len(grid.columns) <= 5
        a = s.sample_chance_outcome(s.dealer()) if s.is_chance_node() else s.legal_actions()[0]
        s.apply_action(a)
    lines = game.num_lines
    rounds = [("round", n, k) for n in (1, 2, 3) for k in range(1, lines)]
    assert [e for e in events if e[0] == "round"] == rounds
    assert [e for e in events if e[0] == "game"] == [("game", 1), ("game", 2)]


def test_rows_grid_crops_to_the_kingdom():
    rows = [". . . . .", ". W C . .", ". . F* . .", ". . . . ."]
    grid = view.rows_grid(rows)
    assert grid.columns == ("b", "c") and grid.rows == (2, 3)
    assert grid.cells == (("W", "C"), (".", "F*"))
