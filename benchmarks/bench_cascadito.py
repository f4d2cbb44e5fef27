"""Cascadito engine speed: full games per second on one core.

Prints, per play sheet and player count (1 = solo), complete random games per second and
greedy games per second through the public contract (``legal_actions`` /
``apply_action``, chance nodes sampled with ``sample_chance_outcome``), then clone and
legal-action throughput on mid-game states.

Usage: python benchmarks/bench_cascadito.py [--seconds S] [--sheets 1,2,3,4]
"""

from __future__ import annotations

import argparse
import tracemalloc

from benchlib import calls_per_second, games_per_second, machine_line, midgame_states

import regalia


def micro(seconds: float) -> dict[str, float]:
    """clone() and legal_actions() calls per second on mid-game 4-player states."""
    states = midgame_states(regalia.load_game("cascadito", players=4, sheet=2), 50, 20, 150)
    return calls_per_second(states, (("clone", lambda s: s.clone()),
                                     ("legal_actions", lambda s: s.legal_actions())), seconds)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=2.0,
                    help="time per measurement (default 2)")
    ap.add_argument("--sheets", default="1,2,3,4", help="play sheets to measure (default all)")
    args = ap.parse_args()
    sheets = [int(x) for x in args.sheets.split(",")]
    print(machine_line())
    print("games per second (actions per second), by play sheet and player count")
    for sheet in sheets:
        for players in (1, 2, 3, 4):
            cells = []
            for agent in ("random", "greedy"):
                game = regalia.load_game("cascadito", players=players, sheet=sheet)
                gps, sps = games_per_second(game, agent, args.seconds)
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
