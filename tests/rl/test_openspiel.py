"""OpenSpiel (issue 16): every game as a pyspiel Python game passing random_sim_test with
serialization on every configuration; OpenSpiel's MCTSBot and ISMCTSBot play them."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from regalia.adapters.openspiel import GAMES, RegaliaSpielGame  # noqa: E402
from regalia.core import load_game  # noqa: E402

SHORT = {v: k for k, v in GAMES.items()}


def spiel_string(name, params):
    parts = [f"{k}={'+'.join(v) if isinstance(v, list) else v}" for k, v in params.items()
             if not (isinstance(v, list) and not v)]
    return f"{SHORT[name]}({','.join(parts)})"


def test_random_sim_test_passes(game_config):
    name, params = game_config
    game = pyspiel.load_game(spiel_string(name, params))
    assert game.regalia == load_game(name, **params)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_game_type_declares_chance_and_information():
    T = pyspiel.GameType
    for short, name in GAMES.items():
        gt = pyspiel.load_game(short).get_type()
        assert gt.chance_mode == T.ChanceMode.EXPLICIT_STOCHASTIC
        perfect = load_game(name, players=2).info.perfect_information
        assert (gt.information == T.Information.PERFECT_INFORMATION) == perfect
    assert not load_game("inheritors", players=2).info.perfect_information


def test_tensors_and_strings_are_the_engines():
    game = pyspiel.load_game("regalia_inheritors(players=3)")
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    while state.is_chance_node() or len(state.history()) < 40:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    p = state.current_player()
    assert np.array_equal(np.asarray(state.observation_tensor(p), np.float32),
                          state.regalia.observation_tensor(p))
    assert state.information_state_string(p) == state.regalia.information_state_string(p)
    assert game.observation_tensor_shape() == [state.regalia.game.observation_tensor_size()]
    for q in range(3):
        assert np.array_equal(np.asarray(state.information_state_tensor(q), np.float32),
                              state.regalia.information_state_tensor(q))
    assert game.information_state_tensor_shape() == \
        list(state.regalia.game.information_state_tensor_shape())


def test_only_a_perfect_recall_tensor_is_declared_an_information_state_tensor():
    """As OpenSpiel's own perfect-information games (tic_tac_toe, chess, backgammon), the
    games whose information state tensor would only be the observation tensor do not
    declare one; Inheritors declares its perfect-recall tensor."""
    for short, name in GAMES.items():
        declared = pyspiel.load_game(short).get_type().provides_information_state_tensor
        assert declared == (name == "inheritors")


def play(game, bots, decisions, seed):
    """Play until ``decisions`` bot moves were made or the game ended; returns the state."""
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    made = 0
    while not state.is_terminal() and made < decisions:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
            continue
        action = bots[state.current_player()].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        made += 1
    return state


def test_openspiel_mctsbot_plays_kingdomino():
    game = pyspiel.load_game("regalia_kingdomino")
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bots = [mcts.MCTSBot(game, 1.4, 8, evaluator, random_state=np.random.RandomState(i))
            for i in range(2)]
    state = play(game, bots, decisions=200, seed=1)
    assert state.is_terminal() and sum(state.returns()) == pytest.approx(1.0)


def test_openspiel_ismctsbot_plays_inheritors():
    game = pyspiel.load_game("regalia_inheritors")
    assert isinstance(game, RegaliaSpielGame)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bots = [ismcts.ISMCTSBot(game, evaluator, 1.4, 4, random_state=np.random.RandomState(i))
            for i in range(2)]
    state = play(game, bots, decisions=12, seed=2)
    assert len(state.history()) > 12
