"""Cascadito rules, one test per rule, with exact expectations.

Rulebook: ``shared/rules/cascadito.rulebook.en.txt`` (section names in the test names and
docstrings); rulings: ``docs/rulings/cascadito.md`` (R1 ...). Positions are played with
the move notation (``pink c5``: a pink die marks field c5; ``track blue``; ``mark c5``;
``river``) on the bundled sheets and on small hand-built sheets (``conftest.py``).
"""

from __future__ import annotations

import math

import pytest

from regalia import load_game
from regalia.core.errors import (
    DataError,
    IllegalActionError,
    NotationError,
    ParameterError,
)
from regalia.games.cascadito import hexgrid, load_sheet
from regalia.games.cascadito.tables import POOLS, cell_name
from regalia.games.cascadito.scoring import tracks_of


def game(players=2, sheet=1, **kw):
    return load_game("cascadito", players=players, sheet=sheet, **kw)


def start(g, pool="BYOP", seed=0):
    """A new game with the first roll leaving ``pool``."""
    s = g.new_initial_state(seed)
    s.apply_action(s.string_to_action(f"roll {pool}"))
    return s


def do(s, *moves):
    for m in moves:
        s.apply_action(s.string_to_action(m))


def n(h):
    return cell_name(tuple(h))


def heights(s, p=0):
    return s.track_heights(p)


def claim_all(s):
    """Claim every achievement offered (R12: claiming is the player's decision)."""
    while s.phase_name == "claim":
        offered = [s.action_to_string(a) for a in s.legal_actions()]
        if offered == ["decline"]:
            break
        do(s, offered[0])


# ====================================================================== rulebook examples
def _example(sheet, name):
    return [e for e in load_sheet(sheet).examples if e.name == name]


def test_town_scoring_three_step_example():
    """Town Scoring, the three-step example (placed on sheet 1): a yellow die marks a
    single field (no scoring); a pink die connects the pink town to the group of 2 (the
    pink town scores); an orange die adds a field next to the orange town, which the
    group of now 6 fields already touched (no scoring)."""
    steps = sorted(_example(1, "three-step town scoring"), key=lambda e: e.step)
    assert [e.step for e in steps] == [1, 2, 3]
    g = game(players=1, sheet=1)
    s = start(g, "YP")
    for e in steps:  # one game: each step's earlier marks, then its die
        if s.is_chance_node():
            do(s, "roll OO")
        s.set_marks(0, [n(h) for h in e.marked if not s.is_marked(0, n(h))])
        before = dict(heights(s))
        do(s, f"{e.dice[0]} {n(e.mark)}")
        after = heights(s)
        scored = {c for c in after if after[c] > before[c]}
        assert scored == {load_sheet(1).town_hexes[tuple(h)] for h in e.scores}, e.step
        assert scored == ({"pink"} if e.step == 2 else set())
    assert heights(s) == {"blue": 0, "yellow": 0, "orange": 0, "pink": 1}
    assert [len(gr) for gr in s.groups(0)] == [6]


@pytest.mark.parametrize("colour", ["orange", "pink"])
def test_sheet2_orange_or_pink_die_scores_only_the_pink_town(colour):
    """Play Sheet 2: "Selecting an orange or a pink die will allow you to mark the
    highlighted field and trigger a town scoring at the pink town. The orange town will not
    score as it has already been scored using the same group." """
    (e,) = _example(2, "orange or pink die, pink town scores")
    g = game(players=1, sheet=2)
    s = start(g, "OP")
    s.set_marks(0, [n(h) for h in e.marked])
    legal = {s.action_to_string(a) for a in s.legal_actions()}
    assert {f"orange {n(e.mark)}", f"pink {n(e.mark)}"} <= legal
    do(s, f"{colour} {n(e.mark)}")
    assert heights(s) == {"blue": 0, "yellow": 0, "orange": 0, "pink": 1, "white": 0}


def test_river_example_any_die_marks_the_river_and_triggers_mark_a_field():
    """Rivers: "You can use any die to mark the next river space, in this case triggering
    an action allowing you to mark an empty field in the Kingdom." (sheet 1, third
    hexagon)."""
    (e,) = _example(1, "river action")
    g = game(players=1, sheet=1)
    s = start(g, "BY")
    s.set_marks(0, [n(sp.at) for sp in g.sheet.rivers[0].spaces[:e.river_marked]])
    do(s, "yellow river")  # a yellow die, no yellow field needed
    assert s.river_progress(0) == [e.river_marked + 1]
    assert s.phase_name == "task" and s.pending_tasks() == ["mark_field"]
    fields = {s.action_to_string(a) for a in s.legal_actions()}
    empty = len(g.sheet.fields)
    assert len(fields) == empty + 1  # every empty field, or the next river space
    assert "river" in fields
    far = n((20, 0)) if (20, 0) in g.sheet.fields else min(fields).split()[-1]
    do(s, f"mark {far}")
    assert s.is_marked(0, far)
    assert s.phase_name == "die"  # second solo turn


# ====================================================================== setup, dice
def test_home_castles_in_turn_order_and_home_value():
    """Play: seats mark the blue, yellow, orange, pink castles in turn order; Scoring: the
    last space of your home track scores the higher value, others' the lower."""
    g = game(players=4, sheet=1)
    s = start(g)
    top = {c: len(g.sheet.track(c).spaces) for c in ("blue", "yellow", "orange", "pink")}
    for p in range(4):
        s.set_tracks(p, dict.fromkeys(top, top["blue"]))
    for p, colour in enumerate(("blue", "yellow", "orange", "pink")):
        b = tracks_of(s.breakdown(p))
        assert b[colour] == g.sheet.track(colour).home_points == 20
        assert all(b[c] == 16 for c in b if c != colour)


def test_roll_removes_forbidden_faces_sheet1_black_and_white():
    """Roll all 6 dice: black is forbidden; "On play sheet 1, the white face is also
    forbidden." No roll outcome of sheet 1 holds a white die; every pool of sheet 2 may."""
    s1 = game(sheet=1).new_initial_state(0)
    pools1 = [POOLS[a - s1.game.bases[5]] for a, _ in s1.chance_outcomes()]
    assert all(p[4] == 0 for p in pools1)
    assert len(pools1) == math.comb(6 + 4, 4) - 1  # 0..6 dice of 4 colours, not none
    s2 = game(sheet=2).new_initial_state(0)
    assert len(s2.chance_outcomes()) == math.comb(6 + 5, 5) - 1
    with pytest.raises(IllegalActionError, match="forbidden"):
        s1.apply_action(s1.string_to_action("roll W"))


def test_roll_probabilities_are_the_dice_conditioned_on_enough_dice():
    """R8: a roll leaving no die (solo: fewer than 2) is rolled again; the chance outcome
    is the pool, with the multinomial probability conditioned on enough dice."""
    s = game(players=2, sheet=2).new_initial_state(0)
    out = dict(s.chance_outcomes())
    b6 = s.game.bases[5]
    p_none = (1 / 6) ** 6
    assert out[b6 + POOLS.index((6, 0, 0, 0, 0))] == pytest.approx((1 / 6) ** 6 / (1 - p_none))
    assert out[b6 + POOLS.index((1, 1, 1, 1, 1))] == pytest.approx(
        math.factorial(6) * (1 / 6) ** 6 / (1 - p_none))
    assert math.fsum(out.values()) == pytest.approx(1.0)
    solo = game(players=1, sheet=1).new_initial_state(0)
    b6 = solo.game.bases[5]
    pools = [POOLS[a - b6] for a, _ in solo.chance_outcomes()]
    assert min(sum(p) for p in pools) == 2
    p1 = 6 * (4 / 6) * (2 / 6) ** 5  # exactly one die left on sheet 1
    p0 = (2 / 6) ** 6
    got = dict(solo.chance_outcomes())[b6 + POOLS.index((2, 0, 0, 0, 0))]
    assert got == pytest.approx(15 * (1 / 6) ** 2 * (2 / 6) ** 4 / (1 - p0 - p1))


def test_pool_refills_only_when_empty_at_the_start_of_a_turn():
    """Play: "If there are no dice remaining in the dice pool at the start of a player's
    turn, that player ... rerolls them"; until then the next player uses what is left."""
    g = game(players=2, sheet=1)
    s = start(g, "BY")
    do(s, "blue pass")
    assert s.current_player() == 1 and s.dice_pool == "Y"
    do(s, "yellow pass")
    assert s.is_chance_node()
    do(s, "roll OO")
    assert s.current_player() == 0 and s.dice_pool == "OO"


def test_pass_still_takes_the_die():
    """Mark a field: "If the player cannot or does not want to use their selected die, they
    simply end their turn without doing anything" (R15: the selected die leaves the pool)."""
    g = game(players=3, sheet=1)
    s = start(g, "BBY")
    do(s, "blue pass")
    assert s.dice_pool == "BY" and s.marked_cells(0) == [] and s.current_player() == 1


# ====================================================================== marking fields
def test_die_marks_only_empty_fields_next_to_a_town_of_its_colour():
    """Mark a field: "marks 1 empty field in the Kingdom which neighbors a town
    corresponding to the die color". Exact legal actions from a known pool, counted
    independently from the sheet's towns."""
    g = game(players=2, sheet=1)
    sheet = g.sheet
    s = start(g, "BP")
    expect = set()
    for colour in ("blue", "pink"):
        for h in sheet.fields:
            if any(t.colour == colour for t in sheet.neighbouring_towns(h)):
                expect.add(f"{colour} {n(h)}")
    expect |= {"blue river", "pink river", "blue pass", "pink pass"}
    assert {s.action_to_string(a) for a in s.legal_actions()} == expect
    blue_field = next(x for x in sorted(expect) if x.startswith("blue ") and x[5].isalpha()
                      and x not in ("blue river", "blue pass"))
    do(s, blue_field)
    s2 = start(g, "BP")
    s2.set_marks(0, [blue_field.split()[1]])
    with pytest.raises(IllegalActionError, match="already marked"):
        do(s2, blue_field)
    far = next(h for h in sheet.fields if not sheet.neighbouring_towns(h))
    with pytest.raises(IllegalActionError, match="does not neighbour a blue town"):
        do(s2, f"blue {n(far)}")
    with pytest.raises(IllegalActionError, match="no yellow die"):
        do(s2, "yellow river")
    assert s2.dice_pool == "BP" and s2.history() == [s2.history()[0]]


def test_two_towns_score_at_once(sheet_file):
    """Town Scoring: "Several towns can score at once": a field next to a pink and an
    orange town joins a group that touched neither: both tracks advance."""
    path = sheet_file("two", ["", "   . .", "  . . .", "   . ."],
                      [("pink", [3, 1]), ("orange", [5, 1])])
    g = load_game("cascadito", players=1, data=path)
    s = start(g, "PO")
    do(s, "pink c3")  # alone: d4 is not yet marked -> single field, no scoring
    assert heights(s)["pink"] == 0
    s = start(g, "PO")
    s.set_marks(0, ["d3"])  # (5, 3): next to no town
    do(s, "orange c3")  # (4, 2): next to both towns, joins d3 -> a group of 2
    assert heights(s) == {"blue": 0, "yellow": 0, "orange": 1, "pink": 1, "white": 0}


def test_two_towns_of_one_colour_score_twice(sheet_file):
    """Town Scoring: "When you mark a field next to a town, this triggers a town scoring if
    ..." (per town); "If you have triggered a town scoring, mark the next space ... of the
    success track of the corresponding color": a field next to two pink towns, joining a
    group that touched neither, scores each: two pink spaces."""
    path = sheet_file("twopink", ["", "   . .", "  . . .", "   . ."],
                      [("pink", [3, 1]), ("pink", [5, 1])])
    g = load_game("cascadito", players=1, data=path)
    s = start(g, "PP")
    s.set_marks(0, ["d3"])
    do(s, "pink c3")
    assert heights(s) == {"blue": 0, "yellow": 0, "orange": 0, "pink": 2, "white": 0}
    assert tracks_of(s.breakdown(0))["pink"] == 3


def test_same_town_scores_again_with_a_distinct_group_only(sheet_file):
    """Town Scoring: "you can trigger more than 1 town scoring at the same town, but you
    must do this with distinct groups"; a field added to a group already touching the town,
    or merging two such groups, scores nothing."""
    rows = [". . . . .", " . . . . .", ". . . . .", " . . . . .", ". . . . ."]
    path = sheet_file("again", rows, [("pink", [4, 2])],
                      tracks={"pink": ((1, None), (2, None), (3, None), (4, None))})
    g = load_game("cascadito", players=1, data=path)
    s = start(g, "PP")
    s.set_marks(0, [n((1, 1)), n((7, 3))])
    do(s, f"pink {n((3, 1))}")  # group A touches the pink town: scores
    assert heights(s)["pink"] == 1
    do(s, f"pink {n((5, 3))}")  # group B, distinct: scores again
    assert heights(s)["pink"] == 2
    s.pool = [0, 0, 0, 2, 0]
    s.phase = 1
    do(s, f"pink {n((6, 2))}")  # joins B, which touched the town before
    assert heights(s)["pink"] == 2
    do(s, f"pink {n((5, 1))}")  # merges A and B: both touched it before
    assert heights(s)["pink"] == 2
    assert len(s.groups(0)) == 1


def test_single_field_is_no_group_and_does_not_score(sheet_file):
    """Town Scoring: "Single marked fields are not a group and do not trigger a town
    scoring"."""
    path = sheet_file("single", ["", "   . .", "  . . .", "   . ."],
                      [("pink", [3, 1]), ("orange", [5, 1])])
    g = load_game("cascadito", players=1, data=path)
    s = start(g, "PO")
    do(s, "pink c3")
    assert heights(s)["pink"] == heights(s)["orange"] == 0
    assert s.groups(0) == []


def test_full_track_scores_no_more(sheet_file):
    """Town Scoring: "If you have already crossed out all the spaces of a success track,
    further town scorings in this color have no effect"."""
    rows = [". . . . .", " . . . . .", ". . . . .", " . . . . .", ". . . . ."]
    path = sheet_file("full", rows, [("pink", [4, 2])],
                      tracks={"pink": ((1, None),)}, banners=((1, 1),))
    g = load_game("cascadito", players=1, data=path)
    s = start(g, "PP")
    s.set_marks(0, [n((1, 1)), n((7, 3))])
    do(s, f"pink {n((3, 1))}", f"pink {n((5, 3))}")
    assert heights(s)["pink"] == 1
    assert tracks_of(s.breakdown(0))["pink"] == 1


# ====================================================================== actions
def test_track_actions_chain_each_a_decision(sheet_file):
    """Actions: a track space's icon is triggered at once; "Mark the next space on any
    success track ... This may trigger another action"; "Mark a field in the Kingdom ...
    This may trigger another town scoring". Each is a decision of the player."""
    path = sheet_file("chain", ["", "   . .", "  . . .", "   . ."],
                      [("pink", [3, 1]), ("orange", [5, 1])],
                      tracks={"pink": ((1, "advance_track"), (3, None), (6, None)),
                              "blue": ((1, "mark_field"), (3, None), (6, None))})
    g = load_game("cascadito", players=1, data=path)
    s = start(g, "PO")
    s.set_marks(0, ["d3"])
    do(s, "pink c3")  # both towns score; pink space 1 asks to advance a track
    assert heights(s)["pink"] == 1 and heights(s)["orange"] == 1
    assert s.phase_name == "task" and s.pending_tasks() == ["advance_track"]
    assert sorted(s.action_to_string(a) for a in s.legal_actions()) == [
        "track blue", "track orange", "track pink", "track white", "track yellow"]
    do(s, "track blue")  # blue space 1: mark any field
    assert heights(s)["blue"] == 1 and s.pending_tasks() == ["mark_field"]
    assert [s.action_to_string(a) for a in s.legal_actions()] == ["mark c2", "mark c4",
                                                                   "mark d2"]
    do(s, "mark c4")
    assert s.phase_name == "die" and s.pending_tasks() == []


def test_mark_field_action_may_mark_the_next_river_space():
    """Actions: "This action may also be used to mark a space on the river" (the next one,
    R14); on sheet 3 either river."""
    g = game(players=1, sheet=3)
    s = start(g, "WW")
    s.tasks = [1]
    s.phase = 2
    legal = {s.action_to_string(a) for a in s.legal_actions()}
    assert {"river west", "river east"} <= legal
    assert len(legal) == len(g.sheet.fields) + 2
    do(s, "river east")
    assert s.river_progress(0) == [0, 1]
    assert s.is_marked(0, n(g.sheet.rivers[1].spaces[0].at))


def test_task_with_nowhere_to_apply_lapses():
    """R10: an action with nowhere to apply (every track full) is skipped (the pure
    engine's internals set the position; the compiled one is compared with it in
    test_cascadito_compiled.py)."""
    g = game(players=1, sheet=1, engine="pure")
    s = start(g, "BY")
    s.track[:] = [7, 7, 7, 7]
    s.tasks = [0]
    s._settle()
    assert s.pending_tasks() == [] and s.phase_name == "claim"  # full tracks: banners met
    do(s, "decline")
    assert s.pending_tasks() == [] and s.phase_name == "die"


def test_illegal_task_answer_changes_nothing():
    g = game(players=1, sheet=1)
    s = start(g, "BY")
    s.tasks = [0]
    s.phase = 2
    before = s.to_json()
    with pytest.raises(IllegalActionError):
        do(s, "mark c5")
    with pytest.raises(IllegalActionError):
        do(s, "blue c5")
    assert s.to_json() == before


# ====================================================================== rivers
def test_river_marked_left_to_right_any_die_and_scores_highest_value():
    """Rivers: "Start by marking the river hexagon furthest to the left, and progress to the
    right"; Scoring: "the highest point score your marked spaces have reached on the
    river" (sheet 1)."""
    g = game(players=1, sheet=1)
    river = g.sheet.rivers[0]
    s = start(g, "OO")
    do(s, "orange river")
    assert s.marked_cells(0) == [n(river.spaces[0].at)]
    s.set_marks(0, [n(sp.at) for sp in river.spaces[1:6]])
    assert s.breakdown(0).points("river") == max(sp.points for sp in river.spaces[:6]) == 6
    s.set_marks(0, [n(sp.at) for sp in river.spaces[6:]])
    assert s.breakdown(0).points("river") == 10
    s2 = start(g, "OO")
    with pytest.raises(NotationError):
        s2.string_to_action(f"orange {n(river.spaces[1].at)}")


def test_sheet1_river_does_not_join_groups():
    """R5: the separate river of sheets 1-2 lies outside the kingdom and joins no group."""
    g = game(players=1, sheet=1)
    s = start(g, "OO")
    do(s, "orange river", "orange river")
    assert s.groups(0) == [] and s.river_progress(0) == [2]


def test_sheet3_rivers_join_groups_and_score_towns():
    """Play Sheet 3: "Marked river spaces are treated exactly like marked fields when
    considering groups and town scoring". On sheet 3 the west river starts at e1 (0, 4),
    next to the pink town (1, 3); field f1 (1, 5) touches the blue town (3, 5). With f1
    marked, the first river space joins its group and scores the pink town; the second
    (e2, next to pink and blue) scores nothing: the group touched both before."""
    g = game(players=1, sheet=3)
    s = start(g, "BB")
    s.set_marks(0, ["f1"])
    do(s, "blue river west")
    assert s.groups(0) == [["e1", "f1"]]
    assert heights(s) == {"blue": 0, "yellow": 0, "orange": 0, "pink": 1, "white": 0}
    do(s, "blue river west")
    assert heights(s)["pink"] == 1 and heights(s)["blue"] == 0
    assert s.groups(0) == [["e1", "e2", "f1"]]


def test_sheet3_rivers_connect_at_the_low_bridge():
    """Play Sheet 3: "If both ships reach the end of the rivers at the low bridge, the rivers
    connect" (R6: the two last spaces count as neighbours once both are marked); each ship
    at the bridge scores 10."""
    g = game(players=1, sheet=3)
    west, east = g.sheet.rivers
    s = start(g, "BB")
    s.set_marks(0, [n(sp.at) for sp in west.spaces] + [n(sp.at) for sp in east.spaces[:-1]])
    assert len(s.groups(0)) == 2
    assert s.breakdown(0).points("river") == 10
    do(s, "blue river east")
    assert len(s.groups(0)) == 1 and len(s.groups(0)[0]) == 10
    assert s.breakdown(0).points("river") == 20


def test_sheet3_white_track_marks_either_river():
    """Play Sheet 3: "The white (education) Success track features actions that allow you
    to immediately fill in the next river space. You can choose either of the 2 rivers."
    (The pure engine's internals set the position.)"""
    g = game(players=1, sheet=3, engine="pure")
    s = start(g, "WW")
    s.track[4] = 1
    s.set_marks(0, [n(sp.at) for sp in g.sheet.rivers[0].spaces[:2]])
    s._advance(0, 4)  # the white track's second space shows 'advance_river'
    s._settle()
    assert s.pending_tasks() == ["advance_river"]
    assert [s.action_to_string(a) for a in s.legal_actions()] == ["river west", "river east"]


def test_sheet3_action_fields_advance_a_track():
    """Play Sheet 3: "When you mark one of these fields, immediately take the action
    indicated and mark a space in any 1 of the success tracks." """
    g = game(players=1, sheet=3)
    action_field = next(sp.at for sp in g.sheet.specials if sp.kind == "action")
    s = start(g, "BB")
    s.tasks = [1]
    s.phase = 2
    do(s, f"mark {n(action_field)}")
    assert s.pending_tasks() == ["advance_track"]


# ====================================================================== sheet 2 bandits
def test_sheet2_bandits_cross_off_the_bandit_track_and_score_highest():
    """Play Sheet 2: "When you mark a field with a raiding bandit icon, also cross off the
    next space on the raiding bandit track"; "you will score the Victory points shown next
    to the highest space you have marked"; the 6-bandit achievement."""
    g = game(players=2, sheet=2)
    sheet = g.sheet
    bandits = [sp.at for sp in sheet.specials if sp.kind == "bandit"]
    b = next(h for h in bandits if sheet.neighbouring_towns(h))
    colour = sheet.neighbouring_towns(b)[0].colour
    s = start(g, colour[0].upper())
    do(s, f"{colour} {n(b)}")
    assert s.bandits[0] == 1 and s.breakdown(0).points("bandits") == 1
    s2 = start(g, "B")
    s2.set_marks(0, [n(h) for h in bandits[:6]])
    assert s2.breakdown(0).points("bandits") == sheet.bandit_track.spaces[5].points == 10
    do(s2, "blue pass")  # claims happen on the player's turn
    claim_all(s2)
    bandit_ach = next(a for a, x in enumerate(sheet.achievements)
                      if x.criterion.kind == "bandits")
    assert bandit_ach in s2.claimed_achievements(0)
    assert s2.breakdown(0).points("top_row") == 5


# ====================================================================== sheet 4
def test_sheet4_star_marks_a_neighbouring_field_cascading():
    """Play Sheet 4: "When you mark a field showing a star, immediately mark another field
    neighboring the field you just marked. This can trigger a small cascade" (R7: an empty
    field; none left -> lapses). (The pure engine's internals set the position.)"""
    g = game(players=1, sheet=4, engine="pure")
    sheet = g.sheet
    stars = {sp.at for sp in sheet.specials if sp.kind == "star"}
    pair = next((a, b) for a in stars for b in stars
                if hexgrid.are_neighbours(a, b) and sheet.neighbouring_towns(a))
    a, b = pair
    colour = sheet.neighbouring_towns(a)[0].colour
    s = start(g, colour[0].upper() * 2)
    do(s, f"{colour} {n(a)}")
    assert s.pending_tasks() == [f"star {n(a)}"]
    choices = {s.action_to_string(x) for x in s.legal_actions()}
    assert choices == {f"mark {n(h)}" for h in hexgrid.neighbours(a) if h in sheet.fields}
    do(s, f"mark {n(b)}")
    assert s.pending_tasks()[-1] == f"star {n(b)}"  # the cascade goes on
    s2 = start(g, colour[0].upper() * 2)
    s2.set_marks(0, [n(h) for h in hexgrid.neighbours(a) if h in sheet.fields])
    s2.tasks = [3 + 4 * g.tables.index[a]]
    s2._settle()
    assert s2.pending_tasks() == []  # no empty neighbour: the star lapses


def test_sheet4_trade_goods_and_crowns_achievements():
    """Play Sheet 4: trade goods ("Mark the 2 fields showing the indicated trade good ...
    5 Victory points") and crowns ("Create a group that contains the 2 fields with the
    crowns of the indicated color, 8 Victory points for the first player ..., 5 ... for all
    later players")."""
    g = game(players=2, sheet=4)
    sheet = g.sheet
    goods = sheet.row("bottom")[0].criterion.fields
    s = start(g, "BB")
    s.set_marks(0, [n(h) for h in goods])
    do(s, "blue pass")
    assert [s.action_to_string(a) for a in s.legal_actions()] == ["claim bottom 1",
                                                                  "decline"]
    do(s, "claim bottom 1")
    assert s.breakdown(0).points("bottom_row") == 5
    crown = sheet.row("top")[0].criterion.fields
    path = _path(sheet, crown[0], crown[1])
    s.set_marks(1, [n(h) for h in path])
    do(s, "blue pass")
    assert [s.action_to_string(a) for a in s.legal_actions()] == ["claim top 1", "decline"]
    do(s, "claim top 1")
    b1 = s.breakdown(1)
    assert b1.points("top_row") == 8 and s.first[g.tables.top[0]] == 1
    s.set_marks(0, [n(h) for h in path])
    s.pool = [1, 0, 0, 0, 0]
    s.phase = 1
    do(s, "blue pass")
    assert [s.action_to_string(a) for a in s.legal_actions()] == ["claim top 1", "decline"]
    do(s, "claim top 1")
    assert s.breakdown(0).points("top_row") == 5  # a later claimant


def _path(sheet, a, b):
    """Cells of a shortest path of fields from a to b (breadth-first)."""
    cells = sheet.fields
    prev = {a: None}
    todo = [a]
    while todo:
        h = todo.pop(0)
        if h == b:
            break
        for x in hexgrid.neighbours(h):
            if x in cells and x not in prev:
                prev[x] = h
                todo.append(x)
    out = []
    h = b
    while h is not None:
        out.append(h)
        h = prev[h]
    return out[::-1]


def test_sheet4_game_ends_at_four_spaces_in_every_track_at_end_of_turn():
    """Play Sheet 4, Game End: "1 player has crossed out at least 4 spaces in each of the 5
    success tracks ... the game ends immediately at the end of this player's turn"."""
    g = game(players=2, sheet=4)
    s = start(g, "BY")
    colours = [t.colour for t in g.tables.tracks]
    s.set_tracks(0, dict(zip(colours, [4, 4, 4, 4, 3])))
    do(s, "blue pass")
    assert not s.is_terminal()
    s.set_tracks(1, dict.fromkeys(colours, 4))
    do(s, "yellow pass")
    assert s.is_terminal() and "4 spaces in every track" in s.end_reason


def test_sheet4_whole_top_row_ends_with_5_bonus():
    """Play Sheet 4: "If the player completed all of the top row achievements, then they
    also gain 5 bonus points." """
    g = game(players=2, sheet=4)
    s = start(g, "BY")
    A = g.tables.num_achievements
    whole_top = [f"top {k + 1}" for k in range(len(g.tables.top))]
    s.set_claims(0, whole_top)
    do(s, "blue pass")
    assert s.is_terminal()
    b = s.breakdown(0)
    assert b.points("top_row_bonus") == 5 and b.points("top_row") == 40
    assert s.claimed[A:A + A] == [0] * A
    # both conditions at once: the bonus still counts
    s2 = start(g, "BY")
    s2.set_tracks(0, dict.fromkeys((t.colour for t in g.tables.tracks), 4))
    s2.set_claims(0, whole_top)
    do(s2, "blue pass")
    assert s2.is_terminal() and s2.breakdown(0).points("top_row_bonus") == 5


# ====================================================================== achievements
def test_top_row_first_claimant_only_bottom_row_everyone():
    """Achievements: the top row "can only be claimed by 1 player during the game"; the
    bottom row "may be claimed by all players"; sheet 1 bottom row: "mark the space below
    and immediately take the action indicated (mark the next space on any 1 success
    track)" (R4: one per castle colour)."""
    g = game(players=2, sheet=1)
    sheet = g.sheet
    last = sheet.rivers[0].spaces[-1].at
    s = start(g, "BY")
    s.set_marks(0, [n(sp.at) for sp in sheet.rivers[0].spaces])
    do(s, "blue pass")
    top_river = next(a for a in g.tables.top
                     if sheet.achievements[a].criterion.fields == (last,))
    assert s.achievement_name(top_river) == "claim top 5"
    assert [s.action_to_string(a) for a in s.legal_actions()] == ["claim top 5", "decline"]
    do(s, "claim top 5")
    assert s.first[top_river] == 0 and s.breakdown(0).points("top_row") == 5
    s.set_marks(1, [n(sp.at) for sp in sheet.rivers[0].spaces])
    do(s, "yellow pass")
    assert s.is_chance_node()  # nothing to offer seat 1: locked
    assert top_river not in s.claimed_achievements(1)
    # bottom row, blue: a group touching 2 blue towns, for both players
    blues = [t.at for t in sheet.towns if t.colour == "blue"]
    a, b = blues[0], blues[1]
    start_f = next(h for h in hexgrid.neighbours(a) if h in sheet.fields)
    end_f = next(h for h in hexgrid.neighbours(b) if h in sheet.fields)
    path = _path(sheet, start_f, end_f)
    s2 = start(g, "BY")
    s2.set_marks(0, [n(h) for h in path])
    do(s2, "blue pass")
    bottom_blue = g.tables.bottom[0]
    # R12: "Each time you accomplish ..., mark the space below and immediately take the
    # action": claimed at once, its action asked for at once
    assert bottom_blue in s2.claimed_achievements(0)
    assert s2.pending_tasks() == ["advance_track"]
    do(s2, "track pink")
    s2.set_marks(1, [n(h) for h in path])
    do(s2, "yellow pass")
    assert bottom_blue in s2.claimed_achievements(1)
    assert s2.pending_tasks() == ["advance_track"]


def test_sheet1_all_colours_achievement_is_the_four_colours():
    """R1: sheet 1's "Create a group that neighbors towns of all 5 colors" needs the four
    colours the sheet shows (no white)."""
    g = game(players=1, sheet=1)
    crit = g.sheet.achievements[3].criterion
    assert crit.kind == "group_colours" and "white" not in crit.colours
    assert len(crit.colours) == 4
    # the counter-reading (issue 17) asks for a white town no die can reach: sheet 1 has
    # no white track, forbids white dice, and the bundled sheet has no white town
    assert "white" not in {t.colour for t in g.sheet.towns}
    # met with the four: a group touching a town of each of the four colours claims it
    # (every field marked; deferred-bottom-row, so the bottom row does not end the game)
    g2 = game(players=2, sheet=1, variants=["deferred-bottom-row"])
    s = start(g2, "BY")
    s.set_marks(0, [n(h) for h in g2.sheet.fields])
    do(s, "blue pass")
    assert g2.tables.top[3] in s.claimable_achievements(0)
    assert s.achievement_name(g2.tables.top[3]) == "claim top 4"


def test_sheet3_bottom_row_scores_3_each():
    """R2 (reconstructed): sheet 3's bottom row, a group touching 3 towns of a colour,
    scores its indicated 3 points ("On play sheets 3 and 4, for each Achievement claimed on
    the bottom row, score the indicated number of Victory points")."""
    g = game(players=1, sheet=3)
    s = start(g, "BB")
    rivers = [n(sp.at) for r in g.sheet.rivers for sp in r.spaces]
    s.set_marks(0, [n(h) for h in g.sheet.fields] + rivers)  # one group, every town
    assert len(s.groups(0)) == 1
    do(s, "blue pass")
    claim_all(s)
    assert set(g.tables.bottom) <= set(s.claimed_achievements(0))
    assert s.breakdown(0).points("bottom_row") == 15


def test_sheet3_single_banner_on_any_track():
    """R3: sheet 3's "Reach the Achievement banner on any 1 success track": one banner."""
    g = game(players=1, sheet=3)
    assert [(b.fleurs, b.height) for b in g.sheet.banners] == [(1, 4)]
    s = start(g, "BB")
    s.set_tracks(0, {g.tables.tracks[2].colour: 4})
    do(s, "blue pass")
    assert [s.action_to_string(a) for a in s.legal_actions()] == ["claim top 1", "decline"]
    do(s, "claim top 1")
    assert 0 in s.claimed_achievements(0)


def test_separate_groups_achievement_counts_groups_of_two(sheet_file):
    """Play Sheet 2: "Create 4 separate groups ... each group must consist of at least 2
    marked fields"."""
    g = game(players=1, sheet=2)
    sheet = g.sheet
    a = next(i for i, x in enumerate(sheet.achievements)
             if x.criterion.kind == "separate_groups")
    pairs, used = [], set()
    for h in sorted(sheet.fields, key=lambda h: (h[1], h[0])):
        for x in hexgrid.neighbours(h):
            pair = {h, x}
            if x in sheet.fields and not any(hexgrid.distance(c, u) <= 1 for c in pair
                                             for u in used):
                pairs.append(sorted(pair))
                used |= pair
                break
        if len(pairs) == 5:
            break
    s = start(g, "BB")
    s.set_marks(0, [n(h) for pair in pairs[:3] for h in pair] + [n(pairs[3][0])])
    do(s, "blue pass")
    assert len(s.groups(0)) == 3 and a not in s.claimed_achievements(0)
    assert s.phase_name == "die"  # nothing met: no claim decision
    s.set_marks(0, [n(pairs[3][1])])
    do(s, "blue pass")
    assert len(s.groups(0)) == 4 and s.claimable_achievements(0) == [a]
    assert [s.action_to_string(x) for x in s.legal_actions()] == ["claim top 4", "decline"]
    do(s, "decline")
    # R12: "whose criteria they have met"; "After accomplishing this achievement, you may
    # seek to connect the groups": once met, the claim stays open when groups join
    link = _path(sheet, pairs[0][0], pairs[1][0])
    s.set_marks(0, [n(h) for h in link if not s.is_marked(0, n(h))])
    do(s, "roll BB", "decline", "blue pass")
    assert len(s.groups(0)) < 4 and s.claimable_achievements(0) == [a]
    do(s, "claim top 4")
    assert a in s.claimed_achievements(0) and s.breakdown(0).points("top_row") == 5


# ====================================================================== game end
def test_game_ends_instantly_when_bottom_row_claimed_by_one(sheet_file):
    """Game End (sheets 1-3): "1 player has claimed every Achievement on the bottom row";
    "The game always ends instantly" (R13: the claim's own action is not taken). The
    bottom-row claims of sheet 1 are immediate (R12), so the top-row claims met at the same
    moment (top 3, top 4) are never offered."""
    g = game(players=2, sheet=1)
    s = start(g, "BY")
    s.set_marks(0, [n(h) for h in g.sheet.fields])
    do(s, "blue pass")  # R12: the four bottom-row claims are taken at once
    assert s.is_terminal() and s.end_reason == "seat 1 claimed the whole bottom row"
    assert s.pending_tasks() == [] and s.track_heights(0) == dict.fromkeys(
        ("blue", "yellow", "orange", "pink"), 0)
    assert set(g.tables.bottom) <= set(s.claimed_achievements(0))


def test_game_ends_when_every_top_row_achievement_is_claimed_between_players():
    """Game End: "Between all players, every Achievement on the top row has been
    claimed"."""
    g = game(players=2, sheet=1)
    s = start(g, "BY")
    river_ach = g.tables.top[-1]  # "Mark the last river space"
    s.set_claims(1, ["top 1", "top 2", "top 3", "top 4"])
    do(s, "blue pass")
    assert not s.is_terminal()
    s.set_marks(1, [n(sp.at) for sp in g.sheet.rivers[0].spaces])
    do(s, "yellow pass", "claim top 5")
    assert s.first[river_ach] == 1
    assert s.is_terminal() and s.end_reason == "every top-row achievement is claimed"


def test_tie_broken_by_home_castle_furthest_right():
    """Winner: "Ties are broken in favor of the player whose home castle is furthest to the
    right" (the later seat: castles blue, yellow, orange, pink left to right)."""
    g = game(players=3, sheet=1)
    s = start(g, "BYO")
    first = g.tables.tracks[0].colour
    s.set_tracks(0, {first: 3})  # seats 0 and 1: 4 points each
    s.set_tracks(1, {first: 3})
    assert s.scores() == [4, 4, 0]
    assert s.winners() == [1]
    data = s.to_json()
    data["phase"] = "end"
    data["pool"] = "BYO"
    end = g.state_from_json(data)
    assert end.returns() == [0.0, 1.0, 0.0]


def test_all_tracks_bonus_sheet1():
    """Scoring: "On play sheets 1 and 3, you receive additional Victory points as indicated
    if you crossed out at least 3 spaces in each of the success tracks"."""
    g = game(players=1, sheet=1)
    s = start(g, "BB")
    colours = [t.colour for t in g.tables.tracks]
    s.set_tracks(0, dict(zip(colours, [3, 3, 3, 2])))
    assert s.breakdown(0).points("all_tracks") == 0
    s.set_tracks(0, {colours[3]: 3})
    b = s.breakdown(0)
    assert b.points("all_tracks") == 10 and b.total == 4 * 4 + 10


def test_stuck_game_ends(sheet_file):
    """R11: once no player can mark anything (no empty field next to a town of an allowed
    colour, every river full), the game ends: nothing could change any more."""
    path = sheet_file("stuck", ["", "   . .", "  . . .", "   . ."],
                      [("pink", [3, 1]), ("orange", [5, 1])],
                      achievements=[('row = "top"\ntext = "t"\ncriterion = { kind = "banner", '
                                     'banner = 1, tracks = 5 }\npoints = 5')])
    g = load_game("cascadito", players=2, data=path)
    s = start(g, "PO")
    reach = ["c2", "c3", "c4"]
    s.set_marks(0, reach)
    s.set_marks(1, reach)
    do(s, "pink pass")
    assert s.is_terminal() and "no player can mark" in s.end_reason


def test_engine_turn_limit_ends_with_the_normal_scoring():
    """R11: the rules never end a game in which the players keep passing ("they simply end
    their turn without doing anything"); the engine ends it after 2 x players x cells
    turns, scored as usual ("Scoring")."""
    g = game(players=2, sheet=1)
    assert g.max_turns == 2 * 2 * g.tables.num_cells
    s = start(g, "BY")
    s.set_tracks(0, {"blue": 3, "yellow": 1})  # seat 0: 4 + 1 points
    s.set_tracks(1, {"orange": 2})  # seat 1: 2 points
    turns = 0
    while not s.is_terminal():
        if s.is_chance_node():
            do(s, "roll BY")
        do(s, "blue pass" if s.dice_pool.startswith("B") else "yellow pass")
        turns += 1
    assert turns == g.max_turns == s.turns
    assert s.end_reason == f"the engine's limit of {g.max_turns} turns (R11)"
    assert s.scores() == [5, 2] and s.breakdown(0).total == 5
    assert s.returns() == [1.0, 0.0]


# ====================================================================== solo
def test_solo_two_turns_per_roll_and_the_timer():
    """Solo Play: "take 2 consecutive turns"; "mark the next dice box ... The game ends when
    you mark the last dice box"."""
    g = game(players=1, sheet=1)
    s = start(g, "BYO")
    do(s, "blue pass")
    assert s.current_player() == 0 and s.dice_pool == "YO"
    do(s, "yellow pass")
    assert s.is_chance_node() and s.boxes == 1
    for _ in range(11):
        do(s, "roll BB", "blue pass", "blue pass")
    assert s.is_terminal() and s.boxes == 12 and s.returns() == [1.0]


def test_solo_harder_start_marks_two_boxes():
    """Solo Play: "For a greater challenge, mark the first 2 dice boxes before you start the
    game"."""
    g = game(players=1, sheet=1, variants=["harder-start"])
    s = g.new_initial_state(0)
    assert s.boxes == 2
    rounds = 0
    while not s.is_terminal():
        do(s, "roll BB", "blue pass", "blue pass")
        rounds += 1
    assert rounds == 10


def test_solo_disregards_other_game_ends():
    g = game(players=1, sheet=1)
    s = start(g, "BY")
    s.set_marks(0, [n(h) for h in g.sheet.fields])
    do(s, "blue pass")
    claim_all(s)
    assert not s.is_terminal() and set(g.tables.bottom) <= set(s.claimed_achievements(0))


def test_solo_sheet4_whole_top_row_neither_ends_nor_scores_the_bonus():
    """Solo Play: "Disregard any other game end conditions" (R16): on sheet 4 the whole
    top row ends nothing and its "5 bonus points" (a Game End rule) are not scored; the
    crowns score 8 each as first claimant."""
    g = game(players=1, sheet=4)
    s = start(g, "BY")
    crowns = [h for a in g.tables.top for h in g.sheet.achievements[a].criterion.fields]
    s.set_marks(0, [n(h) for h in g.sheet.fields])  # one group holding every crown
    assert all(s.is_marked(0, n(h)) for h in crowns)
    do(s, "blue pass")
    claim_all(s)
    assert set(g.tables.top) <= set(s.claimed_achievements(0))
    assert not s.is_terminal() and s.phase_name == "die"  # the second solo turn
    b = s.breakdown(0)
    assert b.points("top_row") == 5 * 8 and b.points("top_row_bonus") == 0


# ====================================================================== parameters
def test_parameters_are_checked():
    with pytest.raises(ParameterError, match="1 to 4"):
        load_game("cascadito", players=5)
    with pytest.raises(ParameterError, match="sheet"):
        load_game("cascadito", sheet=5)
    with pytest.raises(ParameterError, match="solo"):
        load_game("cascadito", players=2, variants=["harder-start"])
    with pytest.raises(ParameterError, match="harder-start"):
        load_game("cascadito", players=1, variants=["easy"])
    with pytest.raises(DataError):
        load_game("cascadito", data="/no/such/sheet.toml")
    g = load_game("cascadito", players="3", sheet="4")
    assert g.params == {"players": 3, "sheet": 4, "variants": []}


def test_data_file_plays_and_names_its_sheet(sheet_file):
    path = sheet_file("mine", ["", "   . .", "  . . .", "   . ."],
                      [("pink", [3, 1]), ("orange", [5, 1])], number=2)
    g = load_game("cascadito", players=2, data=path)
    assert g.params["sheet"] == 2 and g.params["data"] == path
    with pytest.raises(ParameterError, match="is sheet 2"):
        load_game("cascadito", players=2, data=path, sheet=3)
    assert load_game("cascadito", **g.params) == g


# ====================================================================== notation
def test_notation_round_trips_and_is_readable():
    g = game(players=2, sheet=3)
    s = start(g, "BYOPW")
    texts = [s.action_to_string(a) for a in s.legal_actions()]
    assert "white river west" in texts and "white pass" in texts
    for t, a in zip(texts, s.legal_actions()):
        assert s.string_to_action(t) == a
        assert s.string_to_action(t.upper()) == a
    assert s.string_to_action("w river east") == s.string_to_action("white river east")
    with pytest.raises(NotationError, match="name the river"):
        s.string_to_action("white river")
    with pytest.raises(NotationError):
        s.string_to_action("white z9")


# ====================================================================== hand-built sheets
BRIDGE_ROWS = [". . . . . .", " . . . . .", ". . . . . ."]
WEST = ('name = "west river"\nflows = "right"\njoins_groups = true\nscoring = "ship"\n'
        'ship_points = 10\nends_at = "bridge"\n'
        'spaces = [{ at = [1, 1] }, { at = [3, 1], action = "mark_field" }]')
EAST = ('name = "east river"\nflows = "left"\njoins_groups = true\nscoring = "ship"\n'
        'ship_points = 10\nends_at = "bridge"\nspaces = [{ at = [9, 1] }, { at = [7, 1] }]')


def test_hand_built_rivers_meet_at_the_bridge_and_score_the_new_town(sheet_file):
    """Play Sheet 3 on a tiny sheet: two rivers run to a bridge at (5, 1); the pink town
    (4, 0) touches the west river's end, the orange town (6, 2) the east river's end.
    Marking the east river's last space connects the rivers (R6): the joined group newly
    touches the orange town only; both ships score 10."""
    path = sheet_file("bridge", BRIDGE_ROWS, [("pink", [4, 0]), ("orange", [6, 2])],
                      river=[WEST, EAST], bridge=[5, 1])
    g = load_game("cascadito", players=1, data=path)
    s = start(g, "BB")
    assert {s.action_to_string(a) for a in s.legal_actions() if "river" in
            s.action_to_string(a)} == {"blue river west", "blue river east"}
    do(s, "blue river west", "blue river west")  # the second space: mark a field
    assert s.pending_tasks() == ["mark_field"]
    assert "river east" in {s.action_to_string(a) for a in s.legal_actions()}
    do(s, "river east")
    assert heights(s)["pink"] == 1  # (3, 1) joined (1, 1): first contact with pink
    assert s.breakdown(0).points("river") == 10
    assert len(s.groups(0)) == 1  # the east space stands alone, not a group
    do(s, "roll OO", "orange river east")
    assert heights(s) == {"blue": 0, "yellow": 0, "orange": 1, "pink": 1, "white": 0}
    assert len(s.groups(0)) == 1 and len(s.groups(0)[0]) == 4
    assert s.breakdown(0).points("river") == 20


def test_hand_built_rivers_do_not_connect_before_both_ships_arrive(sheet_file):
    path = sheet_file("bridge2", BRIDGE_ROWS, [("pink", [4, 0]), ("orange", [6, 2])],
                      river=[WEST, EAST], bridge=[5, 1])
    g = load_game("cascadito", players=1, data=path)
    s = start(g, "BB")
    s.set_marks(0, ["b1", "b2", "b5"])  # west complete, east first space
    assert len(s.groups(0)) == 1
    assert s.groups(0) == [["b1", "b2"]]


def test_hand_built_star_cascade_exact_choices(sheet_file):
    """Play Sheet 4 on a tiny sheet: stars at (2, 0) and (4, 0); marking the first asks for
    one of its empty neighbouring fields, marking the second star asks again (cascade);
    a star whose neighbours are all marked lapses (R7, R10)."""
    rows = [". . . .", " . . ."]
    path = sheet_file("stars", rows, [("blue", [0, 0])],
                      specials=['kind = "star"\nat = [2, 0]', 'kind = "star"\nat = [4, 0]'])
    g = load_game("cascadito", players=1, data=path)
    s = start(g, "BB")
    do(s, "blue a2")  # (2, 0), next to the blue town
    assert s.pending_tasks() == ["star a2"]
    assert sorted(s.action_to_string(a) for a in s.legal_actions()) == [
        "mark a3", "mark b1", "mark b2"]
    do(s, "mark a3")  # (4, 0): another star
    assert s.pending_tasks() == ["star a3"]
    assert sorted(s.action_to_string(a) for a in s.legal_actions()) == [
        "mark a4", "mark b2", "mark b3"]
    do(s, "mark b2")
    assert s.pending_tasks() == [] and s.phase_name == "die"
    assert s.marked_cells(0) == ["a2", "a3", "b2"]


def test_hand_built_separate_river_highest_value_and_action(sheet_file):
    """Rivers (sheets 1-2 style) on a tiny sheet: a separate river below the kingdom,
    points 0, 3, (action: mark a field), 7; any die marks it left to right; the score is
    the highest value reached."""
    river = ('name = "river"\nflows = "right"\njoins_groups = false\nscoring = "highest"\n'
             'spaces = [{ at = [1, 3] }, { at = [3, 3], points = 3 }, '
             '{ at = [5, 3], action = "mark_field" }, { at = [7, 3], points = 7 }]')
    path = sheet_file("river", [". . . .", " . . ."], [("blue", [0, 0])], river=river)
    g = load_game("cascadito", players=1, data=path)
    s = start(g, "YY")  # yellow: no yellow town, the river is the only use
    assert sorted(s.action_to_string(a) for a in s.legal_actions()) == [
        "yellow pass", "yellow river"]
    do(s, "yellow river", "yellow river")
    assert s.breakdown(0).points("river") == 3
    do(s, "roll YY", "yellow river")
    assert s.pending_tasks() == ["mark_field"]
    do(s, "river")  # the action may mark the next river space
    assert s.breakdown(0).points("river") == 7 and s.river_progress(0) == [4]
    assert s.groups(0) == []


def test_task_shortcuts_and_bad_json_are_refused():
    g = game(players=1, sheet=1)
    s = start(g, "BY")
    s.tasks = [0]
    s.phase = 2
    assert s.string_to_action("blue") == s.string_to_action("track blue")
    assert s.string_to_action("c5") == s.string_to_action("mark c5")
    data = s.to_json()
    river = [n(sp.at) for sp in g.sheet.rivers[0].spaces]
    bad = dict(data, sheets=[dict(data["sheets"][0], marked=[river[1]])])
    from regalia.core.errors import RecordError
    with pytest.raises(RecordError, match="rivers are marked in order"):
        g.state_from_json(bad)
    bad = dict(data, tasks=[])
    with pytest.raises(RecordError, match="phase 'task'"):
        g.state_from_json(bad)
