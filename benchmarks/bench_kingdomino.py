"""Kingdomino engine speed: full games per second on one core.

Prints, for random play (2 and 4 players) and greedy play (4 players), complete games per
second through the public contract (``legal_actions`` / ``apply_action``, chance nodes
sampled with ``sample_chance_outcome``), plus clone and legal-action throughput.

Usage: python benchmarks/bench_kingdomino.py [--seconds S]
The issue's bar: >= 1,000 random 4-player games per second on one core.
"""

from __future__ import annotations

import argparse
import tracemalloc

from benchlib import calls_per_second, games_per_second, machine_line, midgame_states

import regalia


def micro(seconds: float) -> dict[str, float]:
    """clone() and legal_actions() calls per second on mid-game placement states."""
    states = midgame_states(regalia.load_game("kingdomino", players=4), 50, 20, 120)
    return calls_per_second(states, (("clone", lambda s: s.clone()),
                                     ("legal_actions", lambda s: s.legal_actions())), seconds)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=5.0, help="time per measurement (default 5)")
    args = ap.parse_args()
    print(machine_line())
    for players, agent in ((4, "random"), (2, "random"), (3, "random"), (4, "greedy"), (2, "greedy")):
        game = regalia.load_game("kingdomino", players=players)
        gps, sps = games_per_second(game, agent, args.seconds)
        print(f"{agent:>6} {players} players: {gps:9.1f} games/s  ({sps:,.0f} actions/s)")
    for name, rate in micro(args.seconds / 2).items():
        print(f"{name:>13}: {rate:12,.0f} calls/s (mid-game 4-player states)")
    game = regalia.load_game("kingdomino", players=4)
    tracemalloc.start()
    s = game.new_initial_state(1)
    clones = [s.clone() for _ in range(1000)]
    size, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"memory: {size / len(clones):,.0f} bytes per cloned initial state")


if __name__ == "__main__":
    main()
