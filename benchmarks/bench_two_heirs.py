"""Two Heirs engine speed: full games per second on one core.

Prints complete games per second through the public contract (``legal_actions`` /
``apply_action``, chance nodes sampled with ``sample_chance_outcome``) for random and
greedy two-player games (and a solo game with greedy against Heinrich), plus clone and
legal-action throughput and the final scoring of a landscape.

Usage: python benchmarks/bench_two_heirs.py [--seconds S]
"""

from __future__ import annotations

import argparse

from benchlib import calls_per_second, games_per_second, machine_line, midgame_states

import regalia


def micro(seconds: float) -> dict[str, float]:
    """clone(), legal_actions() and scores() calls per second on mid-game decision states
    (scores() is the final scoring of the landscape, uncached on a fresh clone)."""
    states = midgame_states(regalia.load_game("two-heirs"), 50, 40, 140)
    return calls_per_second(states, (("clone", lambda s: s.clone()),
                                     ("legal_actions", lambda s: s.legal_actions()),
                                     ("clone + scores", lambda s: s.clone().scores())), seconds)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=5.0, help="time per measurement (default 5)")
    args = ap.parse_args()
    print(f"Two Heirs benchmark: {machine_line()}")
    for label, params, agent in (
            ("random, 2 players", {"players": 2}, "random"),
            ("greedy, 2 players", {"players": 2}, "greedy"),
            ("greedy, solo vs Heinrich (level 2)", {"players": 1, "level": 2}, "greedy")):
        gps, sps = games_per_second(regalia.load_game("two-heirs", **params), agent,
                                    args.seconds)
        print(f"  {label:38s} {gps:8.1f} games/s  ({sps:,.0f} actions/s)")
    for name, rate in micro(args.seconds / 2).items():
        print(f"  {name:38s} {rate:10,.0f} calls/s")


if __name__ == "__main__":
    main()
