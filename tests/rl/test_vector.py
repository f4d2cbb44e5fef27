"""regalia.adapters.vector (issue 29): the batched Kingdomino kernel gives exactly the
arrays of B single environments (PolicyEnv on the public API) in Gymnasium's own
SyncVectorEnv with the same seeds, in both autoreset modes, on every variant and opponent
policy; Gymnasium's checks and wrappers accept it; the Python-loop fallback serves the other
games."""

from __future__ import annotations

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env, data_equivalence  # noqa: E402
from gymnasium.utils.passive_env_checker import check_obs  # noqa: E402
from gymnasium.utils.performance import benchmark_vector_step  # noqa: E402
from gymnasium.vector import AutoresetMode, SyncVectorEnv  # noqa: E402
from gymnasium.wrappers.vector import RecordEpisodeStatistics  # noqa: E402

import regalia  # noqa: E402
from regalia.adapters.vector import KernelVectorEnv, PolicyEnv, make  # noqa: E402
from regalia.core.errors import ParameterError  # noqa: E402
from regalia.games.kingdomino import compiled  # noqa: E402

needs_kernel = pytest.mark.skipif(not compiled.available(),
                                  reason="the compiled engine is not built")

#: (players, variants, opponent, seat, reward): the configurations compared step by step
CONFIGS = [
    (2, [], "random", 0, "returns"),
    (4, ["middle-kingdom", "harmony"], "greedy", "random", "returns"),
    (3, ["dynasty"], "onestep", 1, "margin"),
    (2, ["mighty-duel", "dynasty"], "random", "random", "margin"),
]


def masked_actions(rng, mask, illegal_every=0, step=0):
    """A legal action per game from its mask (0 where nothing is legal), and every
    ``illegal_every`` steps game 1 plays an illegal one."""
    acts = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in mask],
                    dtype=np.int64)
    if illegal_every and step % illegal_every == illegal_every - 1 and len(acts) > 1:
        acts[1] = int(np.flatnonzero(mask[1] == 0)[0])
    return acts


def assert_same_run(a, b, seed: int, steps: int, illegal_every: int = 0):
    """Step ``a`` and ``b`` with the same masked random actions; every array equal."""
    rng = np.random.default_rng(seed)
    out_a, out_b = a.reset(seed=seed), b.reset(seed=seed)
    assert data_equivalence(out_a, out_b, exact=True)
    info = out_a[1]
    ends = 0
    for step in range(steps):
        acts = masked_actions(rng, info["action_mask"], illegal_every, step)
        out_a, out_b = a.step(acts), b.step(acts)
        for name, x, y in zip(("obs", "rewards", "terminated", "truncated", "info"),
                              out_a, out_b):
            assert data_equivalence(x, y, exact=True), f"step {step}: {name} differ"
        info = out_a[4]
        ends += int(out_a[2].sum())
    return ends


def singles(n, *args, **kw):
    return SyncVectorEnv([lambda: PolicyEnv(*args, **kw) for _ in range(n)],
                         autoreset_mode=kw.pop("mode", AutoresetMode.NEXT_STEP))


@needs_kernel
@pytest.mark.parametrize("players,variants,opponent,seat,reward", CONFIGS)
def test_the_kernel_steps_as_b_single_environments(players, variants, opponent, seat,
                                                   reward):
    opponents = [opponent] * (players - 1)
    kw = dict(opponents=opponents, seat=seat, reward=reward, players=players,
              variants=variants)
    kernel = make("kingdomino", num_envs=4, **kw)
    assert isinstance(kernel, KernelVectorEnv) and kernel.metadata["kernel"] == "compiled"
    ref = SyncVectorEnv([lambda: PolicyEnv("kingdomino", **kw) for _ in range(4)],
                        autoreset_mode=AutoresetMode.NEXT_STEP)
    ends = assert_same_run(kernel, ref, seed=players * 100 + 7, steps=140, illegal_every=23)
    assert ends >= 4   # games ended and were reset along the way


@needs_kernel
def test_same_step_autoreset_as_syncvectorenv():
    kw = dict(opponents=["greedy"], seat="random", players=2)
    kernel = make("kingdomino", num_envs=3, autoreset_mode="SameStep", **kw)
    assert kernel.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    ref = SyncVectorEnv([lambda: PolicyEnv("kingdomino", **kw) for _ in range(3)],
                        autoreset_mode=AutoresetMode.SAME_STEP)
    assert assert_same_run(kernel, ref, seed=3, steps=90, illegal_every=17) >= 3


@needs_kernel
def test_b_games_are_b_one_game_environments_with_the_seeds_in_turn():
    kw = dict(opponents=["random"] * 3, seat="random", players=4)
    batch = make("kingdomino", num_envs=3, **kw)
    ones = [make("kingdomino", num_envs=1, **kw) for _ in range(3)]
    obs, info = batch.reset(seed=40)
    rng = np.random.default_rng(0)
    for i, env in enumerate(ones):
        o, inf = env.reset(seed=40 + i)
        assert np.array_equal(o[0], obs[i]) and np.array_equal(inf["action_mask"][0],
                                                              info["action_mask"][i])
    for _ in range(120):
        acts = masked_actions(rng, info["action_mask"])
        obs, rew, term, _, info = batch.step(acts)
        for i, env in enumerate(ones):
            o, r, t, _, inf = env.step(acts[i:i + 1])
            assert np.array_equal(o[0], obs[i]) and r[0] == rew[i] and t[0] == term[i]
            assert np.array_equal(inf["action_mask"][0], info["action_mask"][i])


@needs_kernel
def test_the_kernel_equals_the_python_loop_on_the_pure_engine():
    """The fallback on the pure engine (the reference rules) steps the same games."""
    kw = dict(opponents=["onestep"], players=2, variants=["harmony"])
    kernel = make("kingdomino", num_envs=3, **kw)
    loop = make("kingdomino", num_envs=3, engine="pure", **kw)
    assert loop.metadata["kernel"] == "python-loop"
    assert_same_run(kernel, loop, seed=11, steps=60)


@needs_kernel
def test_observations_are_each_seats_tensor_and_masks_its_legal_actions():
    env = make("kingdomino", num_envs=2, players=3, seat="random")
    obs, info = env.reset(seed=9)
    k = env.kernel
    assert obs.dtype == np.float32 and obs.shape == (2, k.obs_size)
    assert info["action_mask"].dtype == np.int8 and set(np.unique(info["action_mask"])) <= {0, 1}
    for i in range(2):
        check_obs(obs[i], env.single_observation_space, "reset")
    assert env.observation_space.contains(obs)
    assert env.action_space.contains(np.zeros(2, dtype=np.int64))


@needs_kernel
def test_gymnasium_wrappers_and_benchmark_run_on_it():
    env = RecordEpisodeStatistics(make("kingdomino", num_envs=4, players=2), buffer_length=50)
    obs, info = env.reset(seed=1)
    rng = np.random.default_rng(2)
    returns = []
    for _ in range(200):
        obs, rew, term, trunc, info = env.step(masked_actions(rng, info["action_mask"]))
        if "episode" in info:
            returns += list(info["episode"]["r"][info["_episode"]])
    assert returns and set(returns) <= {0.0, 0.5, 1.0}
    # random actions from the action space: mostly illegal, every episode a step long
    assert benchmark_vector_step(make("kingdomino", num_envs=4, players=2),
                                 target_duration=0, seed=3) > 0


@needs_kernel
def test_copies_and_buffers():
    env = make("kingdomino", num_envs=2, players=2)
    obs, info = env.reset(seed=5)
    obs2, *_ = env.step(masked_actions(np.random.default_rng(0), info["action_mask"]))
    assert not np.shares_memory(obs, obs2)
    raw = make("kingdomino", num_envs=2, players=2, copy=False)
    o1, i1 = raw.reset(seed=5)
    o2, *_ = raw.step(masked_actions(np.random.default_rng(0), i1["action_mask"]))
    assert o1 is o2 and np.array_equal(o2, obs2)   # the kernel's buffer, overwritten


@needs_kernel
def test_make_seed_is_the_first_resets():
    a = make("kingdomino", num_envs=2, seed=77)
    b = make("kingdomino", num_envs=2)
    assert data_equivalence(a.reset(), b.reset(seed=77), exact=True)
    fresh = make("kingdomino", num_envs=2)
    again = make("kingdomino", num_envs=2)
    assert not np.array_equal(fresh.reset()[0], again.reset()[0])   # 128-bit fresh seeds


@pytest.mark.parametrize("name,params", [("cascadito", {"players": 2}),
                                         ("two-heirs", {"players": 2}),
                                         ("inheritors", {"players": 2})])
def test_other_games_run_in_the_labelled_python_loop(name, params):
    env = make(name, num_envs=2, seed=4, **params)
    assert env.metadata["kernel"] == "python-loop"
    assert env.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    obs, info = env.reset()
    rng = np.random.default_rng(1)
    for _ in range(5):
        obs, rew, term, trunc, info = env.step(masked_actions(rng, info["action_mask"]))
        assert obs.shape == (2, *env.single_observation_space.shape)


def test_the_single_environment_passes_gymnasiums_checker():
    check_env(PolicyEnv("kingdomino", players=2), skip_render_check=True)


@pytest.mark.parametrize("kwargs,message", [
    ({"num_envs": 0}, "num_envs must be a whole number of at least 1"),
    ({"opponents": ["mcts"]}, "opponent 'mcts' is not a policy of Kingdomino"),
    ({"opponents": "random"}, "opponents is a list of policy names"),
    ({"opponents": ["random"], "players": 3}, "needs 2 opponent policies"),
    ({"seat": 5}, "seat must be a seat 0..1 or 'random'"),
    ({"reward": "points"}, "reward must be one of"),
    ({"autoreset_mode": "Disabled"}, "autoreset_mode must be"),
])
def test_bad_arguments_are_named(kwargs, message):
    with pytest.raises(ParameterError, match=message):
        make("kingdomino", **kwargs)


@needs_kernel
def test_a_step_needs_one_action_per_game():
    env = make("kingdomino", num_envs=3, seed=1)
    env.reset()
    with pytest.raises(ParameterError, match="step takes 3 actions"):
        env.step(np.zeros(2, dtype=np.int64))


@needs_kernel
def test_the_kernel_holds_no_seed():
    """The games' generators stay in C: nothing a caller gets holds the seeds."""
    env = make("kingdomino", num_envs=2, players=2)
    out = env.reset(seed=2**127 + 12345)
    flat = [v for v in out[1].values()] + [out[0]]
    assert all(isinstance(x, np.ndarray) and x.dtype != object for x in flat)
    assert not any(isinstance(v, int) and v >= 2**64 for v in vars(env).values())
    assert regalia.load_game("kingdomino").vector_kernel(1, 0, ["mcts"], "returns", -1.0) \
        is None
