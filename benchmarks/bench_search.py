"""Search speed: iterations (playouts) per second of the search agents, per game.

For every registered game (default players) the script plays a few random plies into a
game (up to a decision with at least two legal actions), then lets each search agent think for a fixed number of seconds on each of several
positions, and prints iterations per second (each iteration = one tree descent or root
sample plus one playout to the end of the game) for random and greedy playouts and any
other playout policy the game offers (e.g. Inheritors' ``fast``).

Usage: python benchmarks/bench_search.py [--seconds S] [--positions N] [--game NAME]
                                        [--param KEY=VALUE ...]
"""

from __future__ import annotations

import argparse
import os
import platform
import random

import regalia
from regalia.agents import make_agent
from regalia.agents.search import available_policies
from regalia.cli.common import parse_params


def positions(game, count: int, seed: int = 3):
    rng = random.Random(seed)
    out = []
    for k in range(count):
        s = game.new_initial_state(seed + k)
        # a ply between an eighth and a half of a random game's actual length (the
        # length bound can be far above real games, e.g. Cascadito's engine cap)
        probe = game.new_initial_state(seed + k)
        while not probe.is_terminal():
            if probe.is_chance_node():
                probe.apply_random_chance()
            else:
                la = probe.legal_actions()
                probe.apply_action(la[rng.randrange(len(la))])
        length = len(probe.history())
        target = rng.randrange(max(1, length // 8), max(2, length // 2))
        # a position is a decision with a choice (a forced move is not searched)
        while not s.is_terminal() and (s.is_chance_node() or len(s.history()) < target
                                       or len(s.legal_actions()) < 2):
            if s.is_chance_node():
                s.apply_random_chance()
            else:
                la = s.legal_actions()
                s.apply_action(la[rng.randrange(len(la))])
        if not s.is_terminal():
            out.append(s)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=1.0, help="thinking time per position")
    ap.add_argument("--positions", type=int, default=4, help="positions per game")
    ap.add_argument("--game", default=None, help="one game (default: all registered)")
    ap.add_argument("--param", action="append", default=[], metavar="KEY=VALUE",
                    help="a game parameter for --game, e.g. players=2 (repeatable)")
    args = ap.parse_args()
    try:
        params = parse_params(args.param)
    except ValueError as exc:
        ap.error(str(exc))
    if params and not args.game:
        ap.error("--param needs --game")
    print(f"Python {platform.python_version()} | {platform.machine()} | "
          f"{os.cpu_count()} cores (one used)")
    names = [args.game] if args.game else [g.name for g in regalia.list_games()]
    for name in names:
        try:
            game = regalia.load_game(name, **params)
        except ValueError as exc:
            ap.error(str(exc))
        states = positions(game, args.positions)
        if not states:
            print(f"{game.info.title}: no undecided mid-game position found; skipped")
            continue
        print(f"{game.info.title}, {game.num_players} players, {len(states)} mid-game positions:")
        for agent_name in ("mce", "mcts", "ismcts"):
            for policy in available_policies(game.info.name):
                iters = 0
                for s in states:
                    agent = make_agent(f"{agent_name}:seconds={args.seconds},playout={policy}",
                                       seed=1)
                    agent.step(s)
                    iters += agent.last_iterations
                rate = iters / (args.seconds * len(states))
                print(f"  {agent_name:>6} playout={policy:<6} {rate:9,.0f} iterations/s")


if __name__ == "__main__":
    main()
