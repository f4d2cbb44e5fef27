"""What the core does for every game: the action bound, state_from_json's checks, the
winners/returns defaults and the phase methods PhasedState makes per class."""

from __future__ import annotations

import random

import pytest

import regalia
from regalia.core import CHANCE, TERMINAL
from regalia.core.errors import RecordError
from regalia.games.kingdomino import KingdominoGame

GAMES = [("kingdomino", {"players": 3}), ("two-heirs", {"players": 2}),
         ("two-heirs", {"players": 1}), ("cascadito", {"players": 1}),
         ("inheritors", {"players": 2})]


@pytest.mark.parametrize("name,params", GAMES)
def test_action_bound_is_the_action_count(name, params):
    game = regalia.load_game(name, **params)
    assert game.action_bound == game.num_distinct_actions


def test_action_bound_set_for_a_subclass_without_its_own_init():
    class Variant(KingdominoGame):
        pass

    g = Variant(players=2, variants=["mighty-duel"])
    assert g.action_bound == g.num_distinct_actions == KingdominoGame(
        players=2, variants=["mighty-duel"]).num_distinct_actions


@pytest.mark.parametrize("name,params", GAMES)
def test_state_from_json_refuses_other_games_parameters_and_shapes(name, params):
    game = regalia.load_game(name, **params)
    data = game.new_initial_state(3).to_json()
    assert game.state_from_json(data).to_json() == data
    with pytest.raises(RecordError, match="must be an object, not list"):
        game.state_from_json([data])  # type: ignore[arg-type]
    with pytest.raises(RecordError, match="is for game 'chess'"):
        game.state_from_json({**data, "game": "chess"})
    with pytest.raises(RecordError, match="parameters"):
        game.state_from_json({**data, "params": {**data["params"], "players": 9}})
    with pytest.raises(RecordError):
        game.state_from_json({**data, "history": None})


@pytest.mark.parametrize("name,params", GAMES)
def test_phase_methods_agree_with_current_player(name, params):
    game = regalia.load_game(name, **params)
    s = game.new_initial_state(7)
    rng = random.Random(7)
    while True:
        cp = s.current_player()
        assert s.is_chance_node() is (cp == CHANCE)
        assert s.is_terminal() is (cp == TERMINAL)
        assert s.phase_name == type(s).PHASE_NAMES[s.phase]
        if s.is_terminal():
            break
        s.apply_action(rng.choice(s.legal_actions()))
    win = s.winners()
    share = 1 / len(win) if win else 0.0
    assert s.returns() == [share if p in win else 0.0 for p in range(game.num_players)]


def test_default_winners_share_the_best_score(dice_race):
    s = dice_race(players=3).new_initial_state(2)
    while not s.is_terminal():
        s.apply_action(s.legal_actions()[0])  # every roll 1, every turn keep: all tie
    assert s.scores() == [2, 2, 2] and s.winners() == [0, 1, 2]
    assert s.returns() == [1 / 3] * 3
