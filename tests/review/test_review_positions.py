"""The decisions a review judges (issue 26): every ply of the seat, as the seat saw it.

A game of perfect information is replayed from its record; a game with hidden
information is rebuilt from the seat's seat record alone, and the positions rebuilt must
be ones the seat could not tell from the real ones (same information state, same
observation, same legal moves)."""

from __future__ import annotations

import json

import pytest

from regalia.arena import play_match
from regalia.core.errors import ParameterError, RecordError
from regalia.core.registry import load_game
from regalia.core.seat_record import SeatRecord
from regalia.review import seat_game


def game_record(name: str, seed: int, lineup: list[str] | None = None, **params):
    game = load_game(name, **params)
    return play_match(game, lineup or ["greedy"] * game.num_players, seed=seed)


def test_every_decision_of_the_seat_is_a_moment_in_a_perfect_information_game():
    result = game_record("kingdomino", 3, players=3)
    rec = result.record
    seen = seat_game(rec, 1)
    state = result.state.game.new_initial_state(rec.seed)
    expected, turns, mover = [], [], None
    for ply, action in enumerate(rec.actions):
        if not state.is_chance_node():
            if state.current_player() == 1:
                expected.append((ply, action, state.observation(1), state.legal_actions()))
                # a new turn unless the seat also made the decision before (its placement
                # and pick; the last pick of a round and the first placement of the next)
                turns.append(turns[-1] + (mover != 1) if turns else 0)
            mover = state.current_player()
        state.apply_action(action)
    assert [(m.ply, m.played, m.observation, m.legal) for m in seen.moments] == [
        (p, a, json.loads(json.dumps(o)), legal) for p, a, o, legal in expected]
    assert [m.index for m in seen.moments] == list(range(len(expected)))
    # Kingdomino: a place and a pick in each round; a turn groups the seat's consecutive
    # decisions
    assert [m.turn for m in seen.moments] == turns and turns[-1] >= 8
    assert seen.scores == [float(x) for x in result.state.scores()]
    # the states searched carry no seed (no future draw can be read from them)
    assert all(m.state.seed is None for m in seen.moments)


@pytest.mark.parametrize("name,params,seat", [("inheritors", {"players": 2}, 0),
                                              ("inheritors", {"players": 3}, 2),
                                              ("two-heirs", {"players": 2}, 1)])
def test_hidden_information_positions_are_rebuilt_from_what_the_seat_saw(name, params, seat):
    result = game_record(name, 5, **params)
    final = result.state
    from_record = seat_game(result.record, seat, seed=1)
    text = SeatRecord.from_state(final, seat, result.record.players).to_json_string()
    from_seat_record = seat_game(SeatRecord.from_json_string(text), None, seed=1)
    truth = final.game.new_initial_state(result.record.seed)
    plies = {m.ply: m for m in from_seat_record.moments}
    checked = 0
    for ply, action in enumerate(result.record.actions):
        m = plies.get(ply)
        if m is not None:
            assert m.state.information_state_string(seat) == \
                truth.information_state_string(seat)
            assert m.observation == json.loads(json.dumps(truth.observation(seat)))
            assert m.legal == truth.legal_actions() and m.played == action
            checked += 1
        truth.apply_action(action)
    assert checked == len(from_seat_record.moments) > 10
    # the full record goes through its seat record: the same positions either way
    assert [(m.ply, m.notation, m.observation) for m in from_record.moments] == \
        [(m.ply, m.notation, m.observation) for m in from_seat_record.moments]
    assert [m.state.to_json() for m in from_record.moments] == \
        [m.state.to_json() for m in from_seat_record.moments]


def test_a_seat_record_whose_moves_do_not_fit_what_it_saw_is_refused():
    result = game_record("inheritors", 8, players=2)
    data = json.loads(SeatRecord.from_state(result.state, 0).to_json_string())
    # another seat's hand grows by a card nobody dealt it (a forged observation)
    i = next(i for i, p in enumerate(data["plies"]) if i > 40 and p["mover"] == 1)
    data["plies"][i]["observation"]["hand_sizes"][1] += 1
    forged = SeatRecord.from_data({**data, "digest": None})
    with pytest.raises(RecordError, match=rf"plies\[{i}\].*fits no position"):
        seat_game(forged, 0)


def test_a_seat_record_of_hidden_information_is_reviewed_for_its_own_seat_only():
    result = game_record("inheritors", 2, players=2)
    rec = SeatRecord.from_state(result.state, 1)
    with pytest.raises(ParameterError, match="seat 2 only"):
        seat_game(rec, 0)
    assert seat_game(rec, 1).seat == 1
    # a game of perfect information shows every seat everything: any seat
    kd = game_record("kingdomino", 2, players=2)
    seen = seat_game(SeatRecord.from_state(kd.state, 0), 1)
    assert [m.ply for m in seen.moments] == [m.ply for m in seat_game(kd.record, 1).moments]
    with pytest.raises(ParameterError, match="not a seat"):
        seat_game(kd.record, 2)


def test_a_record_that_fails_its_check_is_refused():
    result = game_record("kingdomino", 4, players=2)
    edited = result.record.model_copy(update={"actions": result.record.actions[:-1] + [0]})
    with pytest.raises(RecordError, match="digest"):
        seat_game(edited, 0)
