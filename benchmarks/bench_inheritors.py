"""Inheritors engine speed: full games per second on one core.

Prints, for random play (2, 3 and 4 players) and greedy play (2 and 4 players), complete
games per second through the public contract (``legal_actions`` / ``apply_action``,
chance nodes sampled with ``sample_chance_outcome``), plus the throughput of ``clone``,
``legal_actions`` and ``resample_from_infostate`` (the determinizations of IS-MCTS) on
mid-game states.

Usage: python benchmarks/bench_inheritors.py [--seconds S]
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import time

import regalia
from regalia.agents import make_agent


def play(game, agents, seed: int, rng: random.Random) -> int:
    state = game.new_initial_state(seed)
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance_outcome(rng))
        else:
            state.apply_action(agents[state.current_player()].step(state))
        steps += 1
    state.returns()
    return steps


def games_per_second(players: int, agent: str, seconds: float) -> tuple[float, float]:
    game = regalia.load_game("inheritors", players=players)
    agents = [make_agent(agent, seed=i) for i in range(players)]
    rng = random.Random(12345)
    games = steps = 0
    start = time.perf_counter()
    while True:
        steps += play(game, agents, games, rng)
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return games / elapsed, steps / elapsed


def micro(seconds: float) -> dict[str, float]:
    """Calls per second on mid-game decision states of 4-player games."""
    game = regalia.load_game("inheritors", players=4)
    rng = random.Random(7)
    states = []
    for seed in range(50):
        s = game.new_initial_state(seed)
        target = rng.randrange(60, 160)
        while not s.is_terminal() and (len(s.history()) < target or s.is_chance_node()):
            if s.is_chance_node():
                s.apply_action(s.sample_chance_outcome(rng))
            else:
                la = s.legal_actions()
                s.apply_action(la[rng.randrange(len(la))])
        if not s.is_terminal():
            states.append(s)
    out = {}
    for name, fn in (("clone", lambda s: s.clone()),
                     # the state caches its legal actions until the next move: time
                     # the computation itself
                     ("legal_actions", lambda s: s._compute_legal()),
                     ("resample", lambda s: s.resample_from_infostate(s.current_player(), rng))):
        n = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            for s in states:
                fn(s)
            n += len(states)
        out[name] = n / (time.perf_counter() - start)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=5.0, help="time per measurement (default 5)")
    args = ap.parse_args()
    print(f"regalia {regalia.__version__} | Python {platform.python_version()} | "
          f"{platform.machine()} | {os.cpu_count()} cores (one used)")
    for players, agent in ((2, "random"), (3, "random"), (4, "random"), (2, "greedy"),
                           (4, "greedy")):
        gps, sps = games_per_second(players, agent, args.seconds)
        print(f"{agent:>6} {players} players: {gps:9.1f} games/s  ({sps:,.0f} actions/s)")
    for name, rate in micro(args.seconds / 2).items():
        print(f"{name:>13}: {rate:12,.0f} calls/s (mid-game 4-player states)")


if __name__ == "__main__":
    main()
