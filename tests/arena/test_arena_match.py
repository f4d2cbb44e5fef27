"""The match runner: seeding, records, seat checks."""

from __future__ import annotations

import pytest

import regalia
from regalia.arena import play_match
from regalia.core.errors import ParameterError


def test_same_seed_same_game_and_different_seed_different_game():
    game = regalia.load_game("kingdomino", players=4)
    a = play_match(game, ["greedy", "random", "random", "random"], seed=11)
    b = play_match(game, ["greedy", "random", "random", "random"], seed=11)
    c = play_match(game, ["greedy", "random", "random", "random"], seed=12)
    assert a.state.history() == b.state.history()
    assert a.scores == b.scores
    assert a.state.history() != c.state.history()


def test_record_replays_to_the_same_final_state():
    game = regalia.load_game("kingdomino", players=3, variants=["harmony", "middle-kingdom"])
    result = play_match(game, ["greedy", "greedy", "random"], seed=3)
    assert result.record.players == ["greedy", "greedy", "random"]
    assert result.record.scores == result.scores
    final = result.record.replay()
    assert final == result.state
    assert final.scores() == result.scores


def test_seat_count_must_match():
    game = regalia.load_game("kingdomino", players=3)
    with pytest.raises(ParameterError, match="3 seats; got 2 players"):
        play_match(game, ["greedy", "random"], seed=0)


def test_dynasty_plays_three_games():
    game = regalia.load_game("kingdomino", players=2, variants=["dynasty"])
    result = play_match(game, ["greedy", "random"], seed=8)
    s = result.state
    # 2 players: per game 24 draws, 3 king draws, 24 placements, 20 picks (lines 2..6) + 4
    assert len(s.history()) == 3 * (24 + 3 + 24 + 24)
    totals = [s.breakdown(p).total for p in range(2)]
    assert totals == s.scores()
