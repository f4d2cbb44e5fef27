"""Two Heirs engine speed: full games per second on one core.

Prints complete games per second through the public contract (``legal_actions`` /
``apply_action``, chance nodes sampled with ``sample_chance_outcome``) for random and
greedy two-player games (and a solo game with greedy against Heinrich), plus clone and
legal-action throughput and the final scoring of a landscape.

Usage: python benchmarks/bench_two_heirs.py [--seconds S]
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


def games_per_second(params: dict, agent: str, seconds: float) -> tuple[float, float]:
    game = regalia.load_game("two-heirs", **params)
    agents = [make_agent(agent, seed=i) for i in range(game.num_players)]
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
    """clone(), legal_actions() and scores() calls per second on mid-game decision states
    (scores() is the final scoring of the landscape, uncached on a fresh clone)."""
    game = regalia.load_game("two-heirs")
    rng = random.Random(7)
    states = []
    for seed in range(50):
        s = game.new_initial_state(seed)
        target = rng.randrange(40, 140)
        while not s.is_terminal() and len(s.history()) < target:
            if s.is_chance_node():
                s.apply_action(s.sample_chance_outcome(rng))
            else:
                la = s.legal_actions()
                s.apply_action(la[rng.randrange(len(la))])
        states.append(s)
    out = {}
    for name, fn in (("clone", lambda s: s.clone()),
                     ("legal_actions", lambda s: s.legal_actions()),
                     ("clone + scores", lambda s: s.clone().scores())):
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
    print(f"Two Heirs benchmark: Python {platform.python_version()}, {platform.machine()}, "
          f"{os.cpu_count()} CPUs visible, one core used")
    for label, params, agent in (
            ("random, 2 players", {"players": 2}, "random"),
            ("greedy, 2 players", {"players": 2}, "greedy"),
            ("greedy, solo vs Heinrich (level 2)", {"players": 1, "level": 2}, "greedy")):
        gps, sps = games_per_second(params, agent, args.seconds)
        print(f"  {label:38s} {gps:8.1f} games/s  ({sps:,.0f} actions/s)")
    for name, rate in micro(args.seconds / 2).items():
        print(f"  {name:38s} {rate:10,.0f} calls/s")


if __name__ == "__main__":
    main()
