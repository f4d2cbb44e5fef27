"""Plain-text views of a Cascadito position (``regalia.games.cascadito.view``)."""

from __future__ import annotations

import re

from regalia import load_game
from regalia.games.cascadito import view
from regalia.games.cascadito.tables import cell_name

from random_play import play_out


def _start(sheet=2, players=2, pool="BP"):
    g = load_game("cascadito", players=players, sheet=sheet)
    s = g.new_initial_state(0)
    s.apply_action(s.string_to_action(f"roll {pool}"))
    return s


def _with_task(s, task):
    """The same position with ``task`` to resolve (phase ``task``), through the JSON."""
    data = s.to_json()
    data.update(phase="task", tasks=[task], die_used=True)
    return s.game.state_from_json(data)


def test_sheet_lines_place_hex_x_y_at_column_2x():
    s = _start()
    s.set_marks(0, ["a1"])
    lines = view.sheet_lines(s.game, s.observation(0), 0)
    assert lines[0].split()[:3] == ["1", "2", "3"]
    a = lines[1]
    assert a.startswith("a  ")
    # (0, 0) marked '#', (2, 0) the yellow town, (4, 0) a bandit
    assert a[3] == "#" and a[3 + 4] == "Y" and a[3 + 8] == "x"
    b = lines[2]
    assert b[3 + 2] == "."  # (1, 1): odd rows half a hex (2 columns) to the right
    assert lines[-1].startswith("j") and lines[-1].count("~") == 8


def test_tracks_achievements_rivers_and_decisions():
    s = _start()
    cols = view.track_columns(s.game, s.observation(1), 1)
    assert [c["colour"] for c in cols] == ["blue", "yellow", "orange", "pink", "white"]
    assert [c["home"] for c in cols] == [None, 20, None, None, None]  # seat 2: yellow
    assert cols[0]["spaces"][1] == (2, "+T", 0, False)
    assert cols[0]["spaces"][2][2] == 1  # the first banner at height 3
    rows = view.achievement_rows(s.game, s.observation(0), 0)
    assert rows[0][0] == "top 1" and rows[0][2] == "5 VP" and rows[0][3] == "open"
    assert [r[0] for r in rows][-2:] == ["bottom 4", "bottom 5"]  # sheet 2: 4 colours + 4 white towns
    assert view.river_line(s.game, s.observation(0), 0) == ["river: 0/8 marked; next space: nothing shown"]
    assert "select a die of the pool BP" in view.describe_decision(s)
    s = _with_task(s, "advance_track")
    assert view.describe_decision(s).startswith("mark the next space of any track")


def test_target_hexes_are_the_fields_this_decision_may_mark():
    s = _start(pool="P")
    t = s.tables
    expect = {t.cells[i] for i in t.die_list[3]}  # pink: fields next to a pink town
    assert view.target_hexes(s) == expect
    s = _with_task(s, "mark_field")
    assert view.target_hexes(s) == {t.cells[i] for i in range(t.num_cells)
                                    if t.fields_mask >> i & 1}


def test_claim_decision_is_described_and_met_achievements_are_shown():
    """R12: a met achievement shows 'met: claim it' and the decision names the claims."""
    s = _start(pool="BY")
    river = [cell_name(sp.at) for sp in s.game.sheet.rivers[0].spaces]
    s.set_marks(0, river)
    s.apply_action(s.string_to_action("blue pass"))
    assert view.describe_decision(s) == (
        "you have met achievement top 5: 'claim top 5' or 'decline' (the claim stays "
        "open), before your turn ends")
    assert view.achievement_rows(s.game, s.observation(0), 0)[4][3] == "met: claim it"
    assert view.achievement_rows(s.game, s.observation(1), 1)[4][3] == "open"
    assert view.target_hexes(s) == set()
    s.apply_action(s.string_to_action("claim top 5"))
    assert view.achievement_rows(s.game, s.observation(0), 0)[4][3] == "claimed"
    assert view.achievement_rows(s.game, s.observation(1), 1)[4][3] == "locked (seat 1)"


def _played_out(g, seed):
    """A game of ``g`` played to its end by random moves (deal and choices from ``seed``)."""
    import random

    rng = random.Random(seed)
    return play_out(g.new_initial_state(seed), rng, chance_rng=rng)


def test_end_reason_is_read_off_any_seats_observation_and_names_the_players():
    """Why the game ended comes from the observation (what the CLI's final screen shows),
    the same for every seat, seats named by the labels given; empty before the end."""
    assert view.end_reason(load_game("cascadito", players=2),
                           _start().observation(0)) == ""
    seen = set()
    for players, sheet in ((2, 1), (3, 2), (2, 3), (1, 2)):
        g = load_game("cascadito", players=players, sheet=sheet)
        for seed in range(3):
            s = _played_out(g, seed)
            reasons = {view.end_reason(g, s.observation(p)) for p in range(players)}
            assert len(reasons) == 1
            reason = reasons.pop()
            names = ["Ann", "Bob", "Cy"][:players]
            named = view.end_reason(g, s.observation(0), names)
            expected = reason
            for p, name in enumerate(names):
                expected = expected.replace(f"seat {p + 1} ", f"{name} ")
            assert named == expected and "seat" not in named
            seen.add(re.sub(r"seat \d", "seat N", reason))
    # random games end by the solo box limit and by a whole bottom row (the other ends
    # are pinned on hand-made positions in test_cascadito_claims.py and _rules.py)
    assert seen == {"the last dice box is marked (Solo Play)",
                    "seat N claimed the whole bottom row"}
