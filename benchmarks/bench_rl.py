"""Environment steps per second of the research interfaces (issue 16), per game: the
PettingZoo AEC environment, the Gymnasium environment and the pyspiel game.

A step is one decision of a seat: ``env.step`` in PettingZoo (every seat's decisions),
``env.step`` in Gymnasium (the learner's decisions; the opponents', ``random``, are played
inside the step and are not counted) and one ``apply_action`` at a decision node in pyspiel
(chance outcomes are applied but not counted). Actions are drawn uniformly from the
legal-action mask; every step builds the observation tensor the interface returns (pyspiel:
``observation_tensor`` of the seat to act, as an RL loop would ask). Whole games are played
for ``--seconds`` per game and interface; the figure is steps divided by that wall time.

Usage: python benchmarks/bench_rl.py [--seconds S] [--game NAME]
Needs the ``[rl]`` and ``[openspiel]`` extras (an interface whose library is missing is
skipped).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import regalia  # noqa: E402
from benchlib import machine_line  # noqa: E402

#: game -> (load_game parameters, pyspiel game string)
GAMES = {
    "kingdomino": ({"players": 2}, "regalia_kingdomino(players=2)"),
    "inheritors": ({"players": 2}, "regalia_inheritors(players=2)"),
    "cascadito": ({"players": 2}, "regalia_cascadito(players=2)"),
    "two-heirs": ({"players": 2}, "regalia_two_heirs(players=2)"),
}


def bench_pettingzoo(name, params, seconds, rng):
    from regalia.adapters.pettingzoo import env
    e = env(name, **params)
    steps, seed = 0, 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        e.reset(seed=seed)
        seed += 1
        for agent in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                e.step(None)
                continue
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
    return steps / (time.perf_counter() - t0)


def bench_gymnasium(name, params, seconds, rng):
    from regalia.adapters.gymnasium import RegaliaEnv
    env = RegaliaEnv(name, opponents=["random"] * (params["players"] - 1), **params)
    steps, seed = 0, 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        _, info = env.reset(seed=seed)
        seed += 1
        done = False
        while not done:
            _, _, done, _, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
            steps += 1
    return steps / (time.perf_counter() - t0)


def bench_pyspiel(spiel_name, seconds, rng):
    import pyspiel
    import regalia.adapters.openspiel  # noqa: F401  (registers the games)
    game = pyspiel.load_game(spiel_name)
    steps = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(int(rng.choice(actions, p=probs)))
                continue
            state.observation_tensor(state.current_player())
            state.apply_action(int(rng.choice(state.legal_actions())))
            steps += 1
    return steps / (time.perf_counter() - t0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--game", choices=sorted(GAMES))
    args = ap.parse_args()
    print(machine_line())
    print(f"{'game':<12}{'PettingZoo AEC':>16}{'Gymnasium':>12}{'pyspiel':>10}   steps/s")
    for name, (params, spiel) in GAMES.items():
        if args.game and name != args.game:
            continue
        rng = np.random.default_rng(0)
        cells = []
        for fn in (lambda: bench_pettingzoo(name, params, args.seconds, rng),
                   lambda: bench_gymnasium(name, params, args.seconds, rng),
                   lambda: bench_pyspiel(spiel, args.seconds, rng)):
            try:
                cells.append(f"{fn():,.0f}")
            except ImportError:
                cells.append("(absent)")
        print(f"{name:<12}{cells[0]:>16}{cells[1]:>12}{cells[2]:>10}", flush=True)


if __name__ == "__main__":
    main()
