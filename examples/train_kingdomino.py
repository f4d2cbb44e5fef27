"""Train a masked policy for Kingdomino (2 players) on the vector environment, then play it
with ``regalia match`` (issues 16 and 29). Needs the ``[train]`` extra (sb3-contrib, torch
pinned to the CPU build, matplotlib).

The policy is sb3-contrib's ``MaskablePPO`` (an MLP over the observation tensor; illegal
actions are masked out of the distribution with the games' legal-action masks), trained on
CPU against ``random`` opponents first, then against ``greedy`` (Full Greedy). The games are
stepped ``--envs`` at a time by ``regalia.adapters.vector`` (in C on the compiled engine:
the observations, masks and rewards come back as arrays), seen by Stable-Baselines3 through
:func:`regalia_vec_env`. It writes, in ``--out``:

* ``policy.zip``: the policy (``regalia match kingdomino --players policy:FILE,greedy``
  plays it: the ``policy`` agent loads the file);
* ``learning_curve.png``: the mean result of the last 200 training games against the
  number of environment steps, with the two phases marked;
* ``report.txt``: the budget, the time taken and the evaluation: the policy's win share
  against ``greedy`` and ``random`` over ``--eval-games`` games each (seats alternate;
  a shared victory counts a half).

Usage: python examples/train_kingdomino.py [--random-steps N] [--greedy-steps N]
           [--envs B] [--out DIR] [--eval-games N] [--seed K] [--smoke]
``--smoke`` (what CI runs) trains a few hundred steps and evaluates two games.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np


def make_env(opponent: str, seed: int, envs: int):
    """``envs`` games against ``opponent`` as Stable-Baselines3 sees them, with episode
    results in ``info["episode"]`` (VecMonitor)."""
    from stable_baselines3.common.vec_env import VecMonitor

    return VecMonitor(regalia_vec_env(opponent, envs, seed))


def regalia_vec_env(opponent: str, envs: int, seed: int):
    """Stable-Baselines3's view (a ``VecEnv``) of ``regalia.adapters.vector.make``'s games:
    same-step autoreset (SB3 resets in the step that ends a game, the last observation in
    ``terminal_observation``) and the masks for MaskablePPO (``env_method("action_masks")``).
    Built in a function so that the module imports without the [train] extra."""
    from stable_baselines3.common.vec_env import VecEnv

    from regalia.adapters.vector import make

    class _VecEnv(VecEnv):  # type: ignore[misc]
        def __init__(self) -> None:
            self.games = make("kingdomino", num_envs=envs, players=2, opponents=[opponent],
                              seat="random", autoreset_mode="SameStep", seed=seed)
            super().__init__(envs, self.games.single_observation_space,
                             self.games.single_action_space)
            self._masks = np.zeros((envs, self.games.single_action_space.n), dtype=bool)
            self._actions = np.zeros(envs, dtype=np.int64)

        def reset(self):
            obs, info = self.games.reset()
            self._masks = info["action_mask"].astype(bool)
            return obs

        def step_async(self, actions) -> None:
            self._actions = np.asarray(actions, dtype=np.int64)

        def step_wait(self):
            obs, rewards, terminated, truncated, info = self.games.step(self._actions)
            self._masks = info["action_mask"].astype(bool)
            infos: list[dict] = [{} for _ in range(self.num_envs)]
            for i in np.flatnonzero(terminated):
                infos[i]["terminal_observation"] = info["final_obs"][i]
                infos[i]["TimeLimit.truncated"] = False
            return obs, rewards.astype(np.float32), terminated | truncated, infos

        def env_method(self, method_name, *args, indices=None, **kwargs):
            if method_name != "action_masks":
                raise AttributeError(f"the vector environment has no method {method_name}")
            return list(self._masks[self._indices(indices)])

        def _indices(self, indices):
            if indices is None:
                return list(range(self.num_envs))
            return [indices] if isinstance(indices, int) else list(indices)

        def get_attr(self, attr_name, indices=None):
            return [getattr(self, attr_name, None) for _ in self._indices(indices)]

        def set_attr(self, attr_name, value, indices=None) -> None:
            raise AttributeError(f"cannot set {attr_name} on the vector environment")

        def env_is_wrapped(self, wrapper_class, indices=None):
            return [False for _ in self._indices(indices)]

        def close(self) -> None:
            self.games.close()

    return _VecEnv()


def evaluate(model, opponent: str, games: int, seed: int) -> float:
    """The policy's mean result (victory share) over ``games`` games against ``opponent``,
    playing greedily (the most probable legal action)."""
    from regalia.adapters.gymnasium import RegaliaEnv

    env = RegaliaEnv("kingdomino", opponents=[opponent], seat="random")
    total = 0.0
    for g in range(games):
        obs, info = env.reset(seed=seed + g)
        done = False
        reward = 0.0
        while not done:
            action, _ = model.predict(obs, action_masks=info["action_mask"].astype(bool),
                                      deterministic=True)
            obs, reward, done, _, info = env.step(int(action))
        total += reward
    return total / games


def plot(curve: list[tuple[int, float]], switch: int, path: Path) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    if curve:
        xs, ys = zip(*curve)
        ax.plot(xs, ys, lw=1.2)
    ax.axvline(switch, color="grey", ls="--", lw=1)
    ax.text(switch, 0.02, "  vs greedy", color="grey")
    ax.text(0, 0.02, " vs random", color="grey")
    ax.set_ylim(0, 1)
    ax.set_xlabel("environment steps (the learner's decisions)")
    ax.set_ylabel("mean result, last 200 games")
    ax.set_title("MaskablePPO on regalia.adapters.vector: Kingdomino, 2 players")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--random-steps", type=int, default=100_000)
    ap.add_argument("--greedy-steps", type=int, default=150_000)
    ap.add_argument("--envs", type=int, default=64,
                    help="games stepped at once by the vector environment (default 64)")
    ap.add_argument("--out", type=Path, default=Path("runs/kingdomino-ppo"))
    ap.add_argument("--eval-games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--smoke", action="store_true", help="a few hundred steps (CI)")
    args = ap.parse_args()
    if args.smoke:
        args.random_steps, args.greedy_steps, args.eval_games, args.envs = 256, 256, 2, 8

    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback

    torch.set_num_threads(1)
    args.out.mkdir(parents=True, exist_ok=True)
    curve: list[tuple[int, float]] = []
    results: list[float] = []

    class Curve(BaseCallback):  # type: ignore[misc]
        def _on_step(self) -> bool:
            for info in self.locals.get("infos", []):
                if "episode" in info:
                    results.append(float(info["episode"]["r"]))
                    curve.append((self.num_timesteps, float(np.mean(results[-200:]))))
            return True

    small = args.smoke
    model = MaskablePPO("MlpPolicy", make_env("random", args.seed, args.envs), seed=args.seed,
                        device="cpu", n_steps=16 if small else max(2048 // args.envs, 16),
                        batch_size=64 if small else 256, learning_rate=3e-4, gamma=0.99,
                        ent_coef=0.01, policy_kwargs={"net_arch": [256, 256]}, verbose=0)
    t0 = time.perf_counter()
    print(f"training against random for {args.random_steps} steps ...", flush=True)
    model.learn(args.random_steps, callback=Curve())
    switch = model.num_timesteps
    print(f"  {switch} steps in {time.perf_counter() - t0:.0f} s; mean result of the last "
          f"200 games {np.mean(results[-200:]) if results else float('nan'):.3f}", flush=True)
    model.set_env(make_env("greedy", args.seed + 1, args.envs))
    print(f"training against greedy for {args.greedy_steps} steps ...", flush=True)
    model.learn(args.greedy_steps, callback=Curve(), reset_num_timesteps=False)
    elapsed = time.perf_counter() - t0
    policy = args.out / "policy.zip"
    model.save(policy)
    plot(curve, switch, args.out / "learning_curve.png")
    print(f"  {model.num_timesteps} steps in {elapsed:.0f} s; saved {policy}", flush=True)
    vs_greedy = evaluate(model, "greedy", args.eval_games, 10_000)
    vs_random = evaluate(model, "random", args.eval_games, 20_000)
    report = (f"MaskablePPO, Kingdomino 2 players: {switch} steps vs random, "
              f"{model.num_timesteps - switch} vs greedy, {elapsed:.0f} s on CPU\n"
              f"win share over {args.eval_games} games: vs greedy {vs_greedy:.3f}, "
              f"vs random {vs_random:.3f}\n")
    (args.out / "report.txt").write_text(report, encoding="utf-8")
    print(report, end="")


if __name__ == "__main__":
    main()
