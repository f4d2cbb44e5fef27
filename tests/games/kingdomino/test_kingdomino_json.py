"""State JSON: damaged positions are refused with RecordError, not loaded half-right."""

from __future__ import annotations

import pytest

import regalia
from regalia.core.errors import ParameterError, RecordError


def king_draw_state():
    g = regalia.load_game("kingdomino", players=4)
    s = g.new_initial_state(0)
    for n in (3, 10, 20, 30):
        s.apply_action(s.string_to_action(f"draw {n}"))
    assert s.phase_name == "king-draw"
    return g, s


@pytest.mark.parametrize("field, value, message", [
    ("undrawn_kings", [0, 1, 2, 999], "kings must be numbers 0..3"),
    ("undrawn_kings", [0, 0, 1, 2], "at most once per line"),
    ("history", [999999], "history holds an action outside"),
    ("box", [1, 2], "must add up to 48"),
    ("box", list(range(1, 45)), "share a domino"),
    ("finished_kingdoms", [[["C"]]], "finished_kingdoms"),
])
def test_damaged_field_is_refused(field, value, message):
    g, s = king_draw_state()
    data = s.to_json()
    data[field] = value
    with pytest.raises(RecordError, match=message):
        g.state_from_json(data)


def test_line_kings_must_match_line_dominoes():
    g, s = king_draw_state()
    data = s.to_json()
    data["next_line"]["kings"] = [-1, -1]
    with pytest.raises(RecordError, match="one king entry per domino"):
        g.state_from_json(data)


def test_round_trip_keeps_legal_actions():
    g, s = king_draw_state()
    loaded = g.state_from_json(s.to_json())
    assert loaded == s and loaded.legal_actions() == s.legal_actions() == [421, 422, 423, 424]


def test_observation_of_a_missing_seat_is_a_parameter_error():
    _, s = king_draw_state()
    with pytest.raises(ParameterError, match="seat 0..3"):
        s.observation(4)
