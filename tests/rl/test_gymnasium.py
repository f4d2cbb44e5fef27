"""Gymnasium environments (issue 16): Gymnasium's check_env on every game, masks,
opponents, rewards and errors."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from regalia.adapters.gymnasium import ENV_IDS, RegaliaEnv  # noqa: E402
from regalia.core import ParameterError, UnknownNameError  # noqa: E402


def test_check_env_passes(game_config):
    name, params = game_config
    players = params["players"]
    opponents = ["random"] * (players - 1)
    env = RegaliaEnv(name, opponents=opponents, **params)
    with warnings.catch_warnings():
        # unbounded Box warnings: tensor values are scaled but not bounded (scores)
        warnings.simplefilter("ignore", UserWarning)
        check_env(env, skip_render_check=True)


@pytest.mark.parametrize("env_id", sorted(ENV_IDS))
def test_registered_ids_make_and_play_a_game(env_id):
    env = gymnasium.make(env_id)
    obs, info = env.reset(seed=3)
    assert obs.shape == env.observation_space.shape
    rng = np.random.default_rng(0)
    done, steps, reward = False, 0, 0.0
    while not done:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        obs, reward, done, truncated, info = env.unwrapped.step(action)
        assert not info.get("illegal_action")
        steps += 1
    assert steps > 5 and env.unwrapped.state.is_terminal()
    assert reward == env.unwrapped.state.returns()[env.unwrapped.seat]


def test_opponents_set_the_player_count_and_play_their_turns():
    env = gymnasium.make("regalia/Kingdomino-v0", opponents=["greedy", "random", "random"])
    obs, info = env.reset(seed=1)
    game = env.unwrapped.game
    assert game.num_players == 4
    assert env.unwrapped.state.current_player() == 0
    assert list(np.flatnonzero(info["action_mask"])) == env.unwrapped.state.legal_actions()
    assert np.array_equal(env.unwrapped.action_masks(), info["action_mask"].astype(bool))


def test_same_seed_same_episode():
    def episode():
        env = RegaliaEnv("inheritors", opponents=["greedy"], seat="random")
        obs, info = env.reset(seed=9)
        out = [obs]
        for _ in range(10):
            a = int(np.flatnonzero(info["action_mask"])[0])
            obs, r, done, _, info = env.step(a)
            out.append(obs)
            if done:
                break
        return out, env.state.history()
    (o1, h1), (o2, h2) = episode(), episode()
    assert h1 == h2 and all(np.array_equal(a, b) for a, b in zip(o1, o2))


def test_illegal_action_ends_the_episode_with_the_penalty():
    env = RegaliaEnv("kingdomino", opponents=["random"], illegal_reward=-5)
    obs, info = env.reset(seed=2)
    before = env.state.history()
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    obs, reward, done, _, info = env.step(illegal)
    assert (reward, done, info["illegal_action"]) == (-5.0, True, True)
    assert env.state.history() == before


def test_errors_name_what_is_allowed():
    with pytest.raises(ParameterError, match="needs 1 opponent"):
        RegaliaEnv("kingdomino", opponents=["random", "random"], players=2)
    with pytest.raises(ParameterError, match="seat must be"):
        RegaliaEnv("kingdomino", seat=5)
    with pytest.raises(UnknownNameError):
        RegaliaEnv("kingdomino", opponents=["nobody"])


def test_solo_games_have_no_opponents():
    env = gymnasium.make("regalia/Cascadito-v0", sheet=2)
    assert env.unwrapped.game.num_players == 1 and env.unwrapped.opponents == {}


@pytest.mark.parametrize("name", ["kingdomino", "inheritors", "cascadito", "two-heirs"])
def test_check_env_with_the_text_render(name):
    env = RegaliaEnv(name, render_mode="ansi")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        check_env(env)
    env.reset(seed=1)
    assert isinstance(env.render(), str) and env.render().strip()
