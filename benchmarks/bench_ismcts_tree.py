"""ismcts's tree before and after issue 18: speed and how often the search changes.

Before issue 18 ismcts keyed a chance node's children by the outcome (as ``mcts`` does), so
its tree branched on another seat's hidden draw; now they are keyed by what the searching
seat observes of the outcome (``ISMCTSAgent._outcome_key``). This script defines the old
keying as a local subclass (not an agent of the package) and, on bench_search's mid-game
positions of one game, runs both with equal seeds and iteration budgets:

- speed: CPU time per iteration of each, interleaved, the best of ``--repeats`` rounds
  (CPU time, not wall time: the machine may be shared);
- change: on how many positions the root statistics, and the move, differ.

Strength over whole games: benchmarks/bench_strength.py (the figures in docs/agents.md).

Usage: python benchmarks/bench_ismcts_tree.py inheritors --param players=2 \\
           --spec iterations=100,playout=fast --positions 16
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time

import regalia
from regalia.agents import ISMCTSAgent, make_agent
from regalia.agents.base import register_agent
from regalia.cli.common import parse_params

from bench_search import positions


@register_agent("ismcts-outcome-keys", "ismcts before issue 18 (this benchmark only)")
class OutcomeKeyedISMCTS(ISMCTSAgent):
    """ismcts before issue 18: chance children keyed by the outcome itself. Registered in
    this script's process only, to be built from the same spec as ismcts."""

    def _outcome_key(self, state, outcome, player):
        return outcome


def agent(kind: str, spec: str, seed: int) -> ISMCTSAgent:
    name = "ismcts-outcome-keys" if kind == "old" else "ismcts"
    return make_agent(f"{name}:{spec}", seed=seed)  # type: ignore[return-value]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game", help="game name, e.g. inheritors")
    ap.add_argument("--param", action="append", default=[], metavar="KEY=VALUE",
                    help="a game parameter, e.g. players=2 (repeatable)")
    ap.add_argument("--spec", default="iterations=100,playout=fast",
                    help="ismcts options (default iterations=100,playout=fast); give "
                         "iterations: the comparison needs equal budgets")
    ap.add_argument("--positions", type=int, default=4, help="positions (default 4)")
    ap.add_argument("--repeats", type=int, default=2, help="timing rounds (default 2)")
    ap.add_argument("--seed", type=int, default=3,
                    help="seed of the positions (default 3, as bench_search)")
    args = ap.parse_args()
    if args.positions < 1 or args.repeats < 1:
        ap.error("--positions and --repeats must be at least 1")
    if "iterations=" not in args.spec or "seconds=" in args.spec:
        ap.error("--spec needs iterations=N and no seconds (equal budgets, same seeds)")
    try:
        game = regalia.load_game(args.game, **parse_params(args.param))
        agent("new", args.spec, 0)
    except ValueError as exc:   # ParameterError, UnknownNameError name what is allowed
        ap.error(str(exc))
    states = positions(game, args.positions, seed=args.seed)
    print(f"Python {platform.python_version()} | {os.cpu_count()} cores | {game.info.title}, "
          f"{game.num_players} players | ismcts:{args.spec} | {len(states)} positions")
    best = {"old": float("inf"), "new": float("inf")}
    differ_stats = differ_move = 0
    for r in range(args.repeats):
        results: dict[str, list] = {"old": [], "new": []}
        for kind in ("old", "new"):
            start = time.process_time()
            iterations = 0
            for i, s in enumerate(states):
                a = agent(kind, args.spec, seed=i)
                results[kind].append((a.step(s), a.last_stats))
                iterations += a.last_iterations
            best[kind] = min(best[kind], (time.process_time() - start) / max(iterations, 1))
        if r == 0:
            differ_stats = sum(o[1] != n[1] for o, n in zip(results["old"], results["new"]))
            differ_move = sum(o[0] != n[0] for o, n in zip(results["old"], results["new"]))
        print(f"  round {r + 1}/{args.repeats} done", file=sys.stderr, flush=True)
    print(f"outcome keys (before): {1 / best['old']:8.1f} iterations/s (CPU)")
    print(f"observation keys (now): {1 / best['new']:8.1f} iterations/s (CPU), "
          f"ratio now/before {best['old'] / best['new']:.3f}")
    print(f"root statistics differ on {differ_stats} of {len(states)} positions, "
          f"the move on {differ_move}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
