"""regalia's ``mcts`` against OpenSpiel's ``MCTSBot`` at the same time per move, on
Kingdomino for 2 players (issue 16). Needs the ``[openspiel]`` extra.

Both are UCT with random playouts (one rollout per leaf) and explicit chance nodes;
regalia's searches for ``--seconds`` per move (``mcts:seconds=S,playout=random``),
OpenSpiel's ``MCTSBot`` (``open_spiel.python.algorithms.mcts``, uct_c=2 as in OpenSpiel's
examples, ``RandomRolloutEvaluator(1)``) takes a simulation count, so its budget is
steered: calibrated before the match on a few Kingdomino positions, then kept per stage of
the game (a bucket of 8 plies, since a simulation's cost falls as the game shortens) and
scaled after each of its moves in that stage by ``seconds / time taken`` (at most halved
or doubled at once), so that its time per move follows ``--seconds`` as the machine's load
changes. Both measured
times per move are printed. Seats alternate; each game's
chance comes from its own seed. A result is a win (1), a shared victory (0.5) or a loss.

Usage: python benchmarks/bench_openspiel_mcts.py [--games N] [--seconds S] [--seed K]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from math import sqrt
from pathlib import Path

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts as spiel_mcts

sys.path.insert(0, str(Path(__file__).resolve().parent))

import regalia  # noqa: E402
from regalia.adapters import openspiel as _spiel  # noqa: E402,F401  (registers the games)
from regalia.agents import make_agent  # noqa: E402
from benchlib import machine_line  # noqa: E402


def spiel_bot(game, simulations: int, seed: int):
    evaluator = spiel_mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
    return spiel_mcts.MCTSBot(game, 2.0, simulations, evaluator,
                              random_state=np.random.RandomState(seed + 1))


def calibrate(game, seconds: float) -> int:
    """OpenSpiel MCTSBot simulations that fill ``seconds`` per move (measured on early
    and middle Kingdomino positions)."""
    probe = 200
    rng = random.Random(0)
    times = []
    for k in range(4):
        state = game.new_initial_state()
        while state.is_chance_node() or len(state.history()) < 10 + 12 * k:
            if state.is_chance_node():
                a, p = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(a, p)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        bot = spiel_bot(game, probe, k)
        t = time.perf_counter()
        bot.step(state)
        times.append(time.perf_counter() - t)
    per_sim = sum(times) / len(times) / probe
    return max(4, int(seconds / per_sim))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seconds", type=float, default=0.5, help="time per move")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    game = pyspiel.load_game("regalia_kingdomino(players=2)")
    sims = calibrate(game, args.seconds)
    print(machine_line())
    print(f"Kingdomino 2p, {args.games} games, {args.seconds} s per move; OpenSpiel MCTSBot "
          f"calibrated to {sims} simulations per move", flush=True)
    score = 0.0
    budget: dict[int, int] = {}
    clock = {"regalia": [0.0, 0], "openspiel": [0.0, 0]}
    for g in range(args.games):
        seed = args.seed * 100_003 + g
        regalia_seat = g % 2
        ours = make_agent(f"mcts:seconds={args.seconds},playout=random", seed=seed)
        theirs = spiel_bot(game, sims, seed)  # the budget carries over between games
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                a, p = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(a, p)[0])
                continue
            bucket = len(state.history()) // 8
            theirs.max_simulations = budget.setdefault(bucket, sims)
            t = time.perf_counter()
            if state.current_player() == regalia_seat:
                action = ours.step(state.regalia.clone())
                side = "regalia"
            else:
                action = theirs.step(state)
                side = "openspiel"
            took = time.perf_counter() - t
            clock[side][0] += took
            clock[side][1] += 1
            if side == "openspiel":
                scale = min(2.0, max(0.5, args.seconds / max(took, 1e-6)))
                # MCTSBot needs a few simulations to expand its root at all
                budget[bucket] = max(4, int(budget[bucket] * scale))
            state.apply_action(action)
        result = state.returns()[regalia_seat]
        score += result
        n = g + 1
        mean = score / n
        half = 1.96 * sqrt(max(mean * (1 - mean), 1e-9) / n)
        print(f"game {n}: regalia seat {regalia_seat}, result {result:.1f}; regalia "
              f"{mean:.3f} +- {half:.3f}", flush=True)
    for side, (total, moves) in clock.items():
        print(f"{side}: {moves} moves, {total / max(moves, 1):.3f} s per move")
    print("OpenSpiel MCTSBot simulations per move by stage (8 plies): "
          + ", ".join(str(budget[b]) for b in sorted(budget)))
    print(f"regalia mcts scored {score:.1f} / {args.games} against OpenSpiel MCTSBot")


if __name__ == "__main__":
    main()
