"""Setting up positions without playing them: ``set_marks``, ``set_tracks``,
``set_claims`` (``regalia.games.cascadito.positions``). Nothing is triggered; bad input
is refused with a clear error naming what is allowed."""

from __future__ import annotations

import pytest

from regalia import load_game
from regalia.core.errors import ParameterError, RecordError
from regalia.games.cascadito.scoring import tracks_of


def _start(players=2, sheet=1):
    g = load_game("cascadito", players=players, sheet=sheet)
    s = g.new_initial_state(0)
    s.apply_action(s.string_to_action("roll BY"))
    return s


def test_set_tracks_sets_heights_by_colour_and_scores_them_without_actions():
    """Sheet 1 tracks (Scoring): blue 3 spaces = 4 points, yellow 1 = 1 point."""
    s = _start()
    s.set_tracks(0, {"blue": 3, "yellow": 1})
    assert s.track_heights(0) == {"blue": 3, "yellow": 1, "orange": 0, "pink": 0}
    assert s.track_heights(1) == {"blue": 0, "yellow": 0, "orange": 0, "pink": 0}
    assert tracks_of(s.breakdown(0))["blue"] == 4 and s.scores() == [5, 0]
    assert s.pending_tasks() == [] and s.history() == [s.string_to_action("roll BY")]


def test_set_claims_locks_a_first_top_row_claim_for_the_others():
    """Achievements: "The top row can be claimed by only 1 player"; the bottom row by
    every player. Sheet 1: top 1 scores 5 VP."""
    s = _start()
    s.set_claims(0, ["top 1", "bottom 1"])
    s.set_claims(1, ["bottom 1"])
    assert s.claimed_achievements(0) == [s.tables.top[0], s.tables.bottom[0]]
    assert s.observation(1)["top_row_first"][s.tables.top[0]] == 0
    assert s.breakdown(0).points("top_row") == 5
    assert s.pending_tasks() == []  # the claims' actions are not queued


@pytest.mark.parametrize("call, message", [
    (lambda s: s.set_tracks(0, {"green": 1}), "the tracks of sheet 1 are blue"),
    (lambda s: s.set_tracks(0, {"blue": 99}), "the blue track has spaces 0.."),
    (lambda s: s.set_tracks(0, {"blue": "3"}), "not '3'"),
    (lambda s: s.set_claims(0, ["top 9"]), "'top 9' is no achievement of sheet 1"),
    (lambda s: s.set_claims(0, ["top 1", "top 1"]), "seat 1 has already claimed top 1"),
    (lambda s: s.set_marks(0, ["z9"]), "'z9' is no cell of sheet 1"),
])
def test_bad_set_up_is_refused_with_what_is_allowed(call, message):
    s = _start()
    with pytest.raises(RecordError, match=message):
        call(s)


def test_set_up_names_a_seat():
    s = _start()
    for bad in (2, -1, "0"):
        with pytest.raises(ParameterError, match="player must be a seat 0..1"):
            s.set_tracks(bad, {"blue": 1})
