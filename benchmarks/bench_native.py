"""The research API at native speed (issue 29): each figure beside its anchor, measured in
one run, per CPU-second of the process that does the work (``time.process_time``; kdom-ai's
driver measures its thread's CPU time after a warm-up).

Rows:

* ``kdom-ai 4p random games``: the anchor, kdom-ai (Gedda et al. 2018, Java) playing random
  4-player games through its own engine, warmed up, with regalia's driver
  (``benchmarks/kdom_ai``, built outside the repository from a fetched copy: ``--kdom-ai
  DIR``, see ``benchmarks/kdom_ai/build.sh``). Without ``--kdom-ai`` the issue's published
  figure (10,531 games per CPU-second) stands in, marked ``published``.
* ``user loop, 4p``: a user's Python loop over the public API on the compiled engine,
  ``legal_actions`` / ``apply_action`` per ply, chance from the loop's generator
  (``benchlib.random_game_by_ply``), new games from ``new_initial_state(i)``. Goal: 2x
  kdom-ai.
* ``compiled playout, 4p``: ``agents.search.playout`` with the ``random`` policy, one compiled
  playout per game. Goal: 5x kdom-ai.
* ``vector env, Kingdomino 2p, B=1024`` (and 4p): ``regalia.adapters.vector.make`` stepping
  1,024 games against ``random`` opponents with observation tensors and masks, the learner
  playing the first legal action of its mask (``mask.argmax(axis=1)``, part of the
  measured time); a step is one learner decision, the autoreset steps (next-step mode) not
  counted, as Gymnasium's ``benchmark_vector_step`` counts them. ``copy=True`` (fresh
  arrays, the default) and ``copy=False`` (the kernel's buffers). Goal: 1,000,000. The
  anchor is the PettingZoo AEC environment, one step per decision, measured here.

Usage: python benchmarks/bench_native.py [--seconds S] [--kdom-ai DIR]
           [--fastutil JAR]
Pin it to one core for steadier figures: ``taskset -c 0 python benchmarks/bench_native.py``.
"""

from __future__ import annotations

import argparse
import random
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent))

import numpy as np  # noqa: E402

import regalia  # noqa: E402
from benchlib import machine_line, random_game_by_ply  # noqa: E402
from regalia.agents.search import playout, playout_policy  # noqa: E402

#: The issue's figure for kdom-ai, 4-player random games per CPU-second (issue 29).
KDOM_AI_PUBLISHED = 10_531.0
VECTOR_GOAL = 1_000_000.0


def per_cpu_second(work: Callable[[], int], seconds: float) -> float:
    """Units of ``work()`` (it returns how many it did) per CPU-second, for at least
    ``seconds`` of CPU time."""
    done = 0
    start = time.process_time()
    while True:
        done += work()
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return done / elapsed


def kdom_ai(classes: Path, jar: Path, seconds: float) -> float:
    """kdom-ai's 4-player random games per CPU-second (its driver's own measure)."""
    run = subprocess.run(["java", "-cp", f"{classes}:{jar}", "RandomGames", "4",
                          str(max(seconds, 3.0)), str(seconds)],
                         capture_output=True, text=True, check=True)
    found = re.search(r"([0-9.]+) games per CPU-second", run.stdout)
    if found is None:
        raise RuntimeError(f"kdom-ai's driver printed {run.stdout!r} {run.stderr[-500:]!r}")
    return float(found.group(1))


def user_loop(seconds: float) -> float:
    game = regalia.load_game("kingdomino", players=4)
    rng = random.Random(12345)
    deal = iter(range(10**9))

    def one() -> int:
        random_game_by_ply(game.new_initial_state(next(deal)), rng)
        return 1
    return per_cpu_second(one, seconds)


def compiled_playout(seconds: float) -> float:
    game = regalia.load_game("kingdomino", players=4)
    rng = random.Random(12345)
    policy = playout_policy(game.new_initial_state(0), "random")
    deal = iter(range(10**9))

    def one() -> int:
        playout(game.new_initial_state(next(deal)), rng, policy)
        return 1
    return per_cpu_second(one, seconds)


def vector_steps(players: int, copy: bool, seconds: float, num_envs: int = 1024) -> float:
    from regalia.adapters.vector import make

    env = make("kingdomino", num_envs=num_envs, players=players, copy=copy,
               opponents=["random"] * (players - 1), seed=1)
    _, info = env.reset()
    ended = np.zeros(num_envs, dtype=bool)

    def one() -> int:
        nonlocal info, ended
        counted = num_envs - int(ended.sum())   # the autoreset steps are not decisions
        _, _, ended, _, info = env.step(info["action_mask"].argmax(axis=1))
        return counted
    return per_cpu_second(one, seconds)


def pettingzoo_steps(seconds: float) -> float:
    """PettingZoo AEC steps (one decision each) of 2-player Kingdomino, a random legal
    action from the mask, as benchmarks/bench_rl.py."""
    from regalia.adapters.pettingzoo import env as aec_env

    e = aec_env("kingdomino", players=2)
    rng = np.random.default_rng(0)
    seed = iter(range(10**9))

    def one() -> int:
        e.reset(seed=next(seed))
        steps = 0
        for _ in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                e.step(None)
                continue
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
        return steps
    return per_cpu_second(one, seconds)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=5.0,
                    help="CPU time per measurement (default 5)")
    ap.add_argument("--kdom-ai", type=Path, default=None,
                    help="the classes built by benchmarks/kdom_ai/build.sh")
    ap.add_argument("--fastutil", type=Path, default=Path("/usr/share/java/fastutil.jar"))
    args = ap.parse_args()
    sec = args.seconds
    print(machine_line())
    from regalia.games.kingdomino import compiled
    if not compiled.available():
        print("the compiled engine is not built (pip install . or python setup.py "
              "build_ext --inplace): nothing to measure")
        return
    if args.kdom_ai is not None:
        anchor, source = kdom_ai(args.kdom_ai, args.fastutil, sec), "measured"
    else:
        anchor, source = KDOM_AI_PUBLISHED, "published (issue 29; --kdom-ai DIR measures it)"
    print(f"{'':38}{'figure':>14}  {'anchor':>12}  ratio  goal")
    print(f"{'kdom-ai 4p random games/CPU-s':38}{anchor:14,.0f}  {'':>12}  {'':5}  "
          f"{source}", flush=True)
    for name, fig, goal in (("user loop, 4p games/CPU-s", user_loop(sec), 2.0),
                            ("compiled playout, 4p games/CPU-s", compiled_playout(sec), 5.0)):
        print(f"{name:38}{fig:14,.0f}  {anchor:12,.0f}  {fig / anchor:4.2f}x  >= {goal:g}x "
              f"kdom-ai", flush=True)
    pz = pettingzoo_steps(sec)
    print(f"{'PettingZoo AEC, 2p steps/CPU-s':38}{pz:14,.0f}  {'':>12}  {'':5}  the anchor "
          f"of the vector rows", flush=True)
    for players in (2, 4):
        for copy in (True, False):
            fig = vector_steps(players, copy, sec)
            name = f"vector env {players}p B=1024 copy={copy}"
            print(f"{name:38}{fig:14,.0f}  {pz:12,.0f}  {fig / pz:4.0f}x  "
                  f"{'>= 1,000,000 steps/CPU-s' if players == 2 else ''}", flush=True)


if __name__ == "__main__":
    main()
