"""Records and matches, for every game: reproducible, replayable, round-tripping."""

from __future__ import annotations

import json

import pytest

from regalia import GameRecord, ParameterError, RecordError
from regalia.agents import agent_options, list_agents
from regalia.arena import play_match
from regalia.testing import mid_game_state


def test_same_seeds_same_match(game):
    seats = ["random"] * game.num_players
    a = play_match(game, seats, seed=17)
    b = play_match(game, seats, seed=17)
    assert a.state.history() == b.state.history()
    assert a.state == b.state
    assert a.record == b.record
    assert a.scores == b.scores
    assert a.record.players == seats
    histories = {tuple(play_match(game, seats, seed=s).state.history()) for s in range(4)}
    assert len(histories) > 1, "different match seeds always gave the same game"


def test_match_result_is_consistent(game):
    result = play_match(game, ["random"] * game.num_players, seed=3)
    final = result.state
    assert final.is_terminal()
    assert result.returns == final.returns()
    if game.num_players > 1:
        assert sum(result.returns) == pytest.approx(1.0)
    else:  # a solo game against an automated opponent: won (1.0) or lost (0.0)
        assert result.returns in ([0.0], [1.0])
    rec = result.record
    assert rec.game == game.info.name
    assert rec.params == game.params
    assert rec.seed == 3
    assert rec.actions == final.history()
    assert rec.notation == final.history_strings()
    assert rec.scores == [float(s) for s in final.scores()]
    assert rec.digest == rec.compute_digest()


def test_match_calls_on_step_before_each_action(game):
    seen = []

    def on_step(state, action):
        assert action in state.legal_actions()
        seen.append((len(state.history()), action))

    result = play_match(game, ["random"] * game.num_players, seed=8, on_step=on_step)
    assert [a for _, a in seen] == result.state.history()
    assert [ply for ply, _ in seen] == list(range(len(seen)))


def _cheap_spec(name: str) -> str:
    """The agent with the smallest budget its options allow (search agents: 4 playouts)."""
    return f"{name}:iterations=4" if "iterations" in agent_options(name) else name


# ``policy`` plays a trained policy file made for one game and parameter set (issue 16); it
# is tested with a file it trains itself in tests/rl/test_training.py.
@pytest.mark.parametrize("agent", sorted(set(list_agents()) - {"policy"}))
def test_every_registered_agent_plays_legally(game, agent):
    seats = [_cheap_spec(agent)] + ["random"] * (game.num_players - 1)
    result = play_match(game, seats, seed=5)
    assert result.state.is_terminal()
    assert result.record.replay() == result.state


def test_wrong_number_of_agents_is_refused(game):
    for count in (game.num_players - 1, game.num_players + 1):
        with pytest.raises(ParameterError):
            play_match(game, ["random"] * count, seed=0)


def test_record_replays_to_an_equal_final_state(game):
    final = play_match(game, ["random"] * game.num_players, seed=12).state
    rec = GameRecord.from_state(final)
    assert GameRecord.from_state(final) == rec  # deterministic, digest included
    replayed = rec.replay()
    assert replayed == final
    assert replayed.scores() == final.scores()
    assert replayed.returns() == final.returns()

    steps = []
    rec.replay(on_step=lambda state, action, text: steps.append((action, text)))
    assert [a for a, _ in steps] == rec.actions
    assert [t for _, t in steps] == rec.notation


def test_record_json_round_trip(game, tmp_path):
    final = play_match(game, ["random"] * game.num_players, seed=13).state
    rec = GameRecord.from_state(final, players=["a"] * game.num_players)
    text = rec.to_json_string()
    assert json.loads(text)["format"] == "regalia-record"
    again = GameRecord.from_json_string(text)
    assert again == rec
    assert again.replay() == final
    path = tmp_path / "game.json"
    rec.save(path)
    loaded = GameRecord.load(path)
    assert loaded == rec
    assert loaded.replay().scores() == final.scores()


def test_record_of_an_unfinished_game(game):

    def play(plies):
        return mid_game_state(game, 2, plies)

    # a third of the bound, or half of this game when it ends sooner (a game whose
    # length varies a lot, e.g. one ended by achievements, has a loose bound)
    length = len(play(game.max_game_length).history())
    state = play(min(game.max_game_length // 3, length // 2))
    assert not state.is_terminal()
    rec = GameRecord.from_state(state)
    assert rec.scores is None
    replayed = GameRecord.from_json_string(rec.to_json_string()).replay()
    assert replayed == state
    assert not replayed.is_terminal()
    assert replayed.legal_actions() == state.legal_actions()


def test_record_with_an_illegal_action_is_refused(game):
    """An edited action that is illegal (digest and notation made consistent) is refused
    by the legality check of the replay, naming the ply."""
    final = play_match(game, ["random"] * game.num_players, seed=14).state
    rec = GameRecord.from_state(final)
    ply = len(rec.actions) // 2
    state = game.new_initial_state(rec.seed)
    for a in rec.actions[:ply]:
        state.apply_action(a)
    legal = set(state.legal_actions())
    bad = next(a for a in range(game.num_distinct_actions) if a not in legal)
    rec.actions[ply] = bad
    rec.notation = None
    rec.digest = rec.compute_digest()
    with pytest.raises(RecordError) as exc:
        rec.replay()
    assert f"ply {ply}" in str(exc.value)
