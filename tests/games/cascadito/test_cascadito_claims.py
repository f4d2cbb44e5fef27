"""Claiming achievements is the player's decision (ruling R12).

Rulebook ``Achievements``: "On their turn, a player may claim any Achievements whose
criteria they have met." The engine notes the criteria met after every step of the
player's turn and offers the open claims (``claim top 5``, ``claim bottom 1``, ...) plus
``decline`` at the start of the player's turn and after each step, only when a claim is
open; a declined claim stays open. Exact expectations on the bundled sheets.
"""

from __future__ import annotations

import random

import pytest

from regalia import load_game
from regalia.core.errors import IllegalActionError, NotationError
from regalia.games.cascadito import hexgrid
from regalia.games.cascadito.policies import greedy_policy
from regalia.games.cascadito.tables import cell_name
from regalia.games.cascadito.scoring import tracks_of


def start(g, pool):
    s = g.new_initial_state(0)
    s.apply_action(s.string_to_action(f"roll {pool}"))
    return s


def do(s, *moves):
    for m in moves:
        s.apply_action(s.string_to_action(m))


def offered(s):
    return [s.action_to_string(a) for a in s.legal_actions()]


def river(g):
    return [cell_name(sp.at) for sp in g.sheet.rivers[0].spaces]


def blue_path(sheet):
    """Fields joining a field next to the first blue town to one next to the second
    (sheet 1's bottom-left achievement: a group next to 2 blue towns)."""
    blues = [t.at for t in sheet.towns if t.colour == "blue"]
    a = next(h for h in hexgrid.neighbours(blues[0]) if h in sheet.fields)
    b = next(h for h in hexgrid.neighbours(blues[1]) if h in sheet.fields)
    prev, todo = {a: None}, [a]
    while todo:
        h = todo.pop(0)
        for x in hexgrid.neighbours(h):
            if x in sheet.fields and x not in prev:
                prev[x] = h
                todo.append(x)
    out, h = [], b
    while h is not None:
        out.append(cell_name(h))
        h = prev[h]
    return out


def test_claim_is_offered_only_when_met_and_a_declined_claim_stays_open():
    """Achievements: "may claim". Sheet 1, 2 players: seat 0 marks the last river space
    (top row, 5th: "Mark the last river space"); the claim is offered after the step;
    declined, it is offered again at the start of seat 0's next turn, before the die."""
    g = load_game("cascadito", players=2, sheet=1)
    s = start(g, "BY")
    assert s.phase_name == "die"  # nothing met: no claim decision
    s.set_marks(0, river(g))
    do(s, "blue pass")
    assert s.phase_name == "claim" and s.current_player() == 0
    assert offered(s) == ["claim top 5", "decline"]
    do(s, "decline")
    assert s.current_player() == 1 and s.phase_name == "die"
    assert s.claimable_achievements(0) == [g.tables.top[4]] and s.claimed_achievements(0) == []
    do(s, "yellow pass", "roll BY")
    assert s.current_player() == 0 and s.phase_name == "claim"
    assert offered(s) == ["claim top 5", "decline"]
    do(s, "claim top 5")
    assert s.phase_name == "die" and s.current_player() == 0  # the die is still to come
    assert s.first[g.tables.top[4]] == 0 and s.breakdown(0).points("top_row") == 5
    do(s, "blue pass")
    assert s.current_player() == 1 and s.phase_name == "die"


def test_a_claim_locks_the_top_row_achievement_for_the_others_open_claims_too():
    """Achievements: the other players "mark the corresponding lock ... this Achievement is
    no longer available to be claimed": an open (declined) claim of another player on the
    same achievement lapses."""
    g = load_game("cascadito", players=2, sheet=1)
    s = start(g, "BY")
    s.set_marks(0, river(g))
    s.set_marks(1, river(g))
    do(s, "blue pass", "decline")
    do(s, "yellow pass", "claim top 5")
    assert s.claimable_achievements(0) == [] and s.first[g.tables.top[4]] == 1
    do(s, "roll BY")
    assert s.phase_name == "die" and s.current_player() == 0


def test_claim_at_the_start_of_a_turn_takes_its_action_before_the_die():
    """Variant ``deferred-bottom-row`` (R12's other reading): a bottom-row claim put off
    and made at the start of a later turn: "immediately take the action indicated (mark the
    next space on any 1 success track)": the action comes first, then the die."""
    g = load_game("cascadito", players=2, sheet=1, variants=["deferred-bottom-row"])
    s = start(g, "BY")
    s.set_marks(0, blue_path(g.sheet))
    do(s, "blue pass")
    assert offered(s) == ["claim bottom 1", "decline"]
    do(s, "decline", "yellow pass", "roll BY")
    assert offered(s) == ["claim bottom 1", "decline"]
    do(s, "claim bottom 1")
    assert s.phase_name == "task" and s.pending_tasks() == ["advance_track"]
    do(s, "track pink")
    assert s.phase_name == "die" and s.current_player() == 0 and s.dice_pool == "BY"
    assert s.track_heights(0)["pink"] == 1
    do(s, "blue pass")
    assert s.current_player() == 1


def test_declining_a_game_ending_claim_keeps_the_game_going():
    """Game End (sheets 1-3): the game ends when "every Achievement on the top row has been
    claimed": seat 1 may decline the last one (the game goes on) and claim it later."""
    g = load_game("cascadito", players=2, sheet=1)
    s = start(g, "BY")
    s.set_claims(0, ["top 1", "top 2", "top 3", "top 4"])
    do(s, "blue pass")
    s.set_marks(1, river(g))
    do(s, "yellow pass")
    assert offered(s) == ["claim top 5", "decline"]
    do(s, "decline")
    assert not s.is_terminal() and s.is_chance_node()
    do(s, "roll BY", "blue pass")
    assert s.current_player() == 1 and offered(s) == ["claim top 5", "decline"]
    do(s, "decline", "yellow pass")  # offered at the turn's start and after each step
    assert offered(s) == ["claim top 5", "decline"]
    do(s, "claim top 5")
    assert s.is_terminal() and s.end_reason == "every top-row achievement is claimed"
    assert g.tables.top[4] in s.claimed_achievements(1)


def test_claiming_the_game_end_after_the_waiting_actions_keeps_them():
    """Game End: "The game always ends instantly" (R13: actions still waiting are lost).
    Declining the last bottom-row claim while actions wait, then claiming it once they are
    taken, keeps their track spaces (variant ``deferred-bottom-row``; by default the bottom
    row is claimed at once, R12)."""
    g = load_game("cascadito", players=2, sheet=1, variants=["deferred-bottom-row"])
    s = start(g, "BY")
    s.set_marks(0, [cell_name(h) for h in g.sheet.fields])
    do(s, "blue pass", "claim bottom 1", "claim bottom 2", "claim bottom 3")
    assert s.pending_tasks() == ["advance_track"] * 3
    do(s, "decline")
    assert s.phase_name == "task"
    for track in ("yellow", "yellow", "pink"):  # spaces without action icons
        do(s, f"track {track}")
        assert offered(s) == ["claim top 3", "claim top 4", "claim bottom 4", "decline"]
        if s.pending_tasks():
            do(s, "decline")
    assert s.pending_tasks() == []
    do(s, "claim bottom 4")
    assert s.is_terminal() and s.end_reason == "seat 1 claimed the whole bottom row"
    assert s.track_heights(0) == {"blue": 0, "yellow": 2, "orange": 0, "pink": 1}
    assert tracks_of(s.breakdown(0)) == {"blue": 0, "yellow": 2, "orange": 0, "pink": 1}


def test_bad_claims_are_refused_and_change_nothing():
    g = load_game("cascadito", players=2, sheet=1)
    s = start(g, "BY")
    with pytest.raises(IllegalActionError, match="selects a die"):
        do(s, "decline")
    s.set_marks(0, river(g))
    do(s, "blue pass")
    before = s.to_json()
    with pytest.raises(IllegalActionError, match="not open to seat 1"):
        do(s, "claim top 1")
    with pytest.raises(IllegalActionError, match="may claim"):
        do(s, "blue c5")
    assert s.to_json() == before
    assert s.string_to_action("claim t5") == s.string_to_action("claim top5") == \
        s.string_to_action("CLAIM TOP 5")
    assert s.string_to_action("done") == s.string_to_action("decline")
    with pytest.raises(NotationError, match="claim top 1"):
        s.string_to_action("claim top 6")
    with pytest.raises(NotationError, match="claim bottom 4"):
        s.string_to_action("claim left 1")


def test_json_round_trip_in_the_claim_phase():
    g = load_game("cascadito", players=2, sheet=1, variants=["deferred-bottom-row"])
    s = start(g, "BY")
    s.set_marks(0, blue_path(g.sheet))
    do(s, "blue pass", "decline", "yellow pass", "roll BY")  # claim at the turn's start
    data = s.to_json()
    assert data["phase"] == "claim" and data["die_used"] is False
    assert data["sheets"][0]["claimable"] == [g.tables.bottom[0]]
    t = g.state_from_json(data)
    assert t.to_json() == data and t.legal_actions() == s.legal_actions()
    do(t, "decline")
    assert t.phase_name == "die"


def test_stuck_game_waits_for_open_claims(sheet_file):
    """R11: a game in which nobody can mark anything ends only once no claim is open
    either (an open claim could still be claimed)."""
    path = sheet_file("stuck", ["", "   . .", "  . . .", "   . ."],
                      [("pink", [3, 1]), ("orange", [5, 1])],
                      achievements=[('row = "top"\ntext = "t"\ncriterion = { kind = '
                                     '"separate_groups", count = 1 }\npoints = 5'),
                                    ('row = "bottom"\ntext = "b"\ncriterion = { kind = '
                                     '"banner", banner = 1, tracks = 5 }\npoints = 1')],
                      game_end="top_row_claimed = false\nbottom_row_by_one = true")
    g = load_game("cascadito", players=2, data=path)
    s = start(g, "PO")
    s.set_marks(0, ["c2", "c3", "c4"])
    s.set_marks(1, ["c2", "c3", "c4"])
    do(s, "pink pass")
    assert offered(s) == ["claim top 1", "decline"]
    do(s, "decline")
    assert not s.is_terminal() and s.current_player() == 1
    do(s, "orange pass")
    assert offered(s) == ["claim top 1", "decline"]
    do(s, "claim top 1")  # locks seat 0's open claim: nothing is left to do
    assert s.claimable_achievements(0) == []
    assert s.is_terminal()
    assert s.end_reason == "no player can mark or claim anything any more (R11)"


# ====================================================================== the greedy policy
def _last_top_row_position(behind: bool):
    """Sheet 1, 2 players: seat 0 holds the first four top-row achievements; seat 1 meets
    the fifth, which would end the game at once."""
    g = load_game("cascadito", players=2, sheet=1)
    s = start(g, "BY")
    s.set_claims(0, ["top 1", "top 2", "top 3", "top 4"])  # seat 0: 20 points
    do(s, "blue pass")
    s.set_marks(1, river(g))
    if not behind:
        s.set_tracks(1, {"blue": 6, "yellow": 6})  # seat 1: 12 + 12 + river 10 = 34
    do(s, "yellow pass")
    return s


def test_greedy_declines_a_game_ending_claim_when_behind_and_claims_it_when_ahead():
    s = _last_top_row_position(behind=True)
    assert s.scores() == [20, 10] and offered(s) == ["claim top 5", "decline"]
    assert s.action_to_string(greedy_policy(s, random.Random(0))) == "decline"
    s = _last_top_row_position(behind=False)
    assert s.scores() == [20, 34]
    assert s.action_to_string(greedy_policy(s, random.Random(0))) == "claim top 5"


def test_greedy_uses_its_die_before_a_winning_game_end_offered_at_the_turn_start():
    s = _last_top_row_position(behind=False)
    do(s, "decline", "roll BY", "blue pass")
    assert s.current_player() == 1 and offered(s) == ["claim top 5", "decline"]
    assert s.action_to_string(greedy_policy(s, random.Random(0))) == "decline"
    do(s, "decline", "yellow pass")
    assert s.action_to_string(greedy_policy(s, random.Random(0))) == "claim top 5"


def test_greedy_claims_what_does_not_end_the_game_and_defers_a_winning_end():
    g = load_game("cascadito", players=2, sheet=1, variants=["deferred-bottom-row"])
    s = start(g, "BY")
    s.set_marks(0, [cell_name(h) for h in g.sheet.fields])
    do(s, "blue pass")
    rng = random.Random(0)
    while s.claimable_achievements(0) != [g.tables.bottom[3]]:
        a = greedy_policy(s, rng)
        assert s.action_to_string(a).startswith("claim")
        do(s, s.action_to_string(a))
    assert s.pending_tasks() == ["advance_track"] * 3
    # seat 0 wins by ending the game (top 3 + top 4 + tracks) but takes its actions first
    assert s.action_to_string(greedy_policy(s, rng)) == "decline"
    while not s.is_terminal():
        s.apply_action(greedy_policy(s, rng))
    assert s.end_reason == "seat 1 claimed the whole bottom row"
    # no action lost: 3 track spaces plus one per 'advance_track' icon crossed
    t = s.tables
    gained = s.track[:t.num_tracks]
    icons = sum(1 for k in range(t.num_tracks) for j in range(gained[k])
                if t.track_action[k][j] == 0)
    assert sum(gained) == 3 + icons and s.returns() == [1.0, 0.0]


def test_engine_messages_number_seats_from_1_as_at_the_table():
    """The table shows 'Seat 1' .. 'Seat 4': an illegal move's reason names the seat to
    move the same way (the second seat is 'seat 2'), never its 0-based index."""
    g = load_game("cascadito", players=2, sheet=1)
    s = start(g, "B")
    with pytest.raises(IllegalActionError, match="now seat 1 selects a die"):
        do(s, "decline")
    do(s, "blue pass")  # the pool is empty: the turn ends, the dice are rolled again
    do(s, "roll Y")
    assert s.current_player() == 1
    with pytest.raises(IllegalActionError, match="now seat 2 selects a die") as err:
        do(s, "decline")
    assert "seat 1 " not in str(err.value)


# ============================== R12: sheets 1-2 bottom row claimed at once; R13; R11
def test_bottom_row_claims_at_once_and_takes_the_action():
    """R12: Play Sheet 1: "Each time you accomplish 1 of these achievements ..., mark the
    space below and immediately take the action indicated": the bottom-row achievement is
    claimed the moment it is met, with no ``decline``; the variant ``deferred-bottom-row``
    asks instead."""
    g = load_game("cascadito", players=2, sheet=1)
    s = start(g, "BY")
    s.set_marks(0, blue_path(g.sheet))
    do(s, "blue pass")
    assert s.phase_name == "task" and s.pending_tasks() == ["advance_track"]
    assert s.claimed_achievements(0) == [g.tables.bottom[0]]
    assert s.claimable_achievements(0) == []
    do(s, "track pink")
    assert s.current_player() == 1 and s.track_heights(0)["pink"] == 1
    d = load_game("cascadito", players=2, sheet=1, variants=["deferred-bottom-row"])
    s = start(d, "BY")
    s.set_marks(0, blue_path(d.sheet))
    do(s, "blue pass")
    assert offered(s) == ["claim bottom 1", "decline"] and s.claimed_achievements(0) == []


def test_bottom_row_ends_the_game_at_once_and_the_top_row_stays_optional():
    """With every field marked, seat 1 meets its whole bottom row: the four claims are taken
    at once and the game ends instantly (R13), the claims' actions and the open top-row
    claims lost; a trailing player cannot put the end off. The top row stays the player's
    decision ("may claim")."""
    g = load_game("cascadito", players=2, sheet=1)
    s = start(g, "BY")
    s.set_marks(0, [cell_name(h) for h in g.sheet.fields])
    do(s, "blue pass")
    assert s.is_terminal() and s.end_reason == "seat 1 claimed the whole bottom row"
    assert sorted(s.claimed_achievements(0)) == sorted(g.tables.bottom)
    assert s.track_heights(0) == {"blue": 0, "yellow": 0, "orange": 0, "pink": 0}
    s = start(g, "BY")
    s.set_marks(0, river(g))
    do(s, "blue pass")
    assert offered(s) == ["claim top 5", "decline"]


def test_immediate_bottom_row_still_needs_the_turn_cap():
    """R11 answered: immediate bottom-row claims remove one way of putting the end off, not
    the other: a player "can ... not want to use their selected die" and pass, so passing
    players never meet an achievement and only the engine's cap ends the game."""
    g = load_game("cascadito", players=2, sheet=2)
    assert g.auto_claims
    s = start(g, "BY")
    while not s.is_terminal():
        if s.is_chance_node():
            do(s, "roll BY")
        do(s, "blue pass" if s.dice_pool.startswith("B") else "yellow pass")
    assert s.turns == g.max_turns
    assert s.end_reason == f"the engine's limit of {g.max_turns} turns (R11)"


def test_deferred_bottom_row_is_for_sheets_1_and_2_and_is_recorded():
    """The variant ``deferred-bottom-row`` is refused on sheets 3 and 4 (no bottom-row
    achievement with an action), naming the sheets it is for; on sheet 2 it is kept in the
    game's parameters (and so in records). Sheets 3-4 claim nothing at once."""
    from regalia.core.errors import ParameterError
    for sheet in (3, 4):
        with pytest.raises(ParameterError, match="play sheets 1 and 2"):
            load_game("cascadito", players=2, sheet=sheet, variants=["deferred-bottom-row"])
        assert load_game("cascadito", players=2, sheet=sheet).auto_claims == 0
    g = load_game("cascadito", players=3, sheet=2)
    assert g.auto_claims == sum(1 << a for a in g.tables.bottom)
    d = load_game("cascadito", players=3, sheet=2, variants="deferred-bottom-row")
    assert d.params["variants"] == ["deferred-bottom-row"] and d.auto_claims == 0
    assert load_game("cascadito", **d.params).auto_claims == 0
