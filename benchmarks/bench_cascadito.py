"""Cascadito engine speed: full games per second on one core.

Prints, per play sheet and player count (1 = solo), complete random games per second and
greedy games per second through the public contract (``legal_actions`` /
``apply_action``, chance nodes sampled with ``sample_chance_outcome``), then clone and
legal-action throughput on mid-game states.

Usage: python benchmarks/bench_cascadito.py [--seconds S] [--sheets 1,2,3,4]
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import time
import tracemalloc

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


def games_per_second(sheet: int, players: int, agent: str,
                     seconds: float) -> tuple[float, float]:
    game = regalia.load_game("cascadito", players=players, sheet=sheet)
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
    """clone() and legal_actions() calls per second on mid-game 4-player states."""
    game = regalia.load_game("cascadito", players=4, sheet=2)
    rng = random.Random(7)
    states = []
    for seed in range(50):
        s = game.new_initial_state(seed)
        target = rng.randrange(20, 150)
        while not s.is_terminal() and len(s.history()) < target:
            if s.is_chance_node():
                s.apply_action(s.sample_chance_outcome(rng))
            else:
                la = s.legal_actions()
                s.apply_action(la[rng.randrange(len(la))])
        if not s.is_terminal():
            states.append(s)
    out = {}
    for name, fn in (("clone", lambda s: s.clone()), ("legal_actions", lambda s: s.legal_actions())):
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
    ap.add_argument("--seconds", type=float, default=2.0,
                    help="time per measurement (default 2)")
    ap.add_argument("--sheets", default="1,2,3,4", help="play sheets to measure (default all)")
    args = ap.parse_args()
    sheets = [int(x) for x in args.sheets.split(",")]
    print(f"regalia {regalia.__version__} | Python {platform.python_version()} | "
          f"{platform.machine()} | {os.cpu_count()} cores (one used)")
    print("games per second (actions per second), by play sheet and player count")
    for sheet in sheets:
        for players in (1, 2, 3, 4):
            cells = []
            for agent in ("random", "greedy"):
                gps, sps = games_per_second(sheet, players, agent, args.seconds)
                cells.append(f"{agent} {gps:7.1f} games/s ({sps:8,.0f} actions/s)")
            print(f"sheet {sheet}, {players} player{'s' if players > 1 else ' '}: "
                  + " | ".join(cells))
    for name, rate in micro(args.seconds / 2).items():
        print(f"{name:>13}: {rate:12,.0f} calls/s (mid-game 4-player states, sheet 2)")
    game = regalia.load_game("cascadito", players=4, sheet=2)
    tracemalloc.start()
    s = game.new_initial_state(1)
    clones = [s.clone() for _ in range(1000)]
    size, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"memory: {size / len(clones):,.0f} bytes per cloned initial 4-player state")


if __name__ == "__main__":
    main()
