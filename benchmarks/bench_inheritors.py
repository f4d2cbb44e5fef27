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
import random

from benchlib import calls_per_second, games_per_second, machine_line, midgame_states

import regalia


def micro(seconds: float) -> dict[str, float]:
    """Calls per second on mid-game decision states of 4-player games."""
    game = regalia.load_game("inheritors", players=4)
    rng = random.Random(7)
    states = midgame_states(game, 50, 60, 160, decisions_only=True)
    return calls_per_second(states, (
        ("clone", lambda s: s.clone()),
        # the state caches its legal actions until the next move: time the computation itself
        ("legal_actions", lambda s: s._compute_legal()),
        ("resample", lambda s: s.resample_from_infostate(s.current_player(), rng))), seconds)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=5.0, help="time per measurement (default 5)")
    args = ap.parse_args()
    print(machine_line())
    for players, agent in ((2, "random"), (3, "random"), (4, "random"), (2, "greedy"),
                           (4, "greedy")):
        gps, sps = games_per_second(regalia.load_game("inheritors", players=players), agent,
                                    args.seconds)
        print(f"{agent:>6} {players} players: {gps:9.1f} games/s  ({sps:,.0f} actions/s)")
    for name, rate in micro(args.seconds / 2).items():
        print(f"{name:>13}: {rate:12,.0f} calls/s (mid-game 4-player states)")


if __name__ == "__main__":
    main()
