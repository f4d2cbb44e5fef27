"""Inheritors engine speed, the pure and the compiled engine side by side (issues 15, 29).

Every figure is per CPU-second of this process (``time.process_time``), both engines
measured in the same run on the same games, so the ratio holds on a loaded machine; pin
the process to one core for stable figures:
``taskset -c 0 python benchmarks/bench_inheritors.py``.

Rows:

* ``random Np games, playout``: whole games from a new deal played by the random policy
  through ``regalia.agents.search.playout`` (what a search agent calls): the Python loop
  on the pure engine, one compiled playout (``State.compiled_playout``) on the compiled
  engine; ``fast`` and ``greedy``: the same with Inheritors' playout policies;
* ``random Np games, per-ply loop``: a user's Python loop over ``legal_actions`` /
  ``apply_action`` (``benchlib.random_game_by_ply``) on both engines;
* ``ismcts iterations``: ``ismcts`` (a determinization and a playout per iteration) with
  random and fast playouts on mid-game 4-player decisions;
* ``clone``, ``legal_actions``, ``resample``: calls on mid-game 4-player decision states
  (``resample_from_infostate``, IS-MCTS' determinization: on the compiled engine the pure
  engine's deal on a copy, taken into C).

The goals of issue 29, printed beside their rows: the compiled engine at least 10x the
pure one through the compiled playout and 4x through the user's loop.

Usage: python benchmarks/bench_inheritors.py [--seconds S]
"""

from __future__ import annotations

import argparse
import random
from typing import Callable

from benchlib import (EngineRow, engine_table, loop_games_per_cpu_second, machine_line,
                      midgame_states, per_cpu_second, playouts_per_cpu_second)

import regalia
from regalia.agents import make_agent
from regalia.games.inheritors import compiled

PLAYOUT_GOAL, LOOP_GOAL = 10.0, 4.0


def game(engine: str, players: int) -> regalia.Game:
    return regalia.load_game("inheritors", players=players, engine=engine)


def playout_games(engine: str, players: int, policy: str,
                  seconds: float) -> float:
    return playouts_per_cpu_second(game(engine, players), policy, seconds)


def loop_games(engine: str, players: int, seconds: float) -> float:
    return loop_games_per_cpu_second(game(engine, players), seconds)


def decisions(engine: str) -> list[regalia.State]:
    """Mid-game decision states of 4-player games with a choice."""
    return [s for s in midgame_states(game(engine, 4), 30, 60, 160, decisions_only=True)
            if len(s.legal_actions()) > 1]


def ismcts_iterations(engine: str, playout_name: str, seconds: float) -> float:
    states = decisions(engine)
    agent = make_agent(f"ismcts:iterations=40,playout={playout_name}", seed=1)

    def one(i: int) -> int:
        agent.step(states[i % len(states)])
        return agent.last_iterations
    return per_cpu_second(one, seconds)


def calls(engine: str, name: str, seconds: float) -> float:
    states = decisions(engine)
    rng = random.Random(7)
    fn: Callable[[regalia.State], object] = {
        "clone": lambda s: s.clone(),
        # a fresh copy each time: the pure engine caches its legal actions until a move
        "legal_actions": lambda s: s.clone().legal_actions(),
        "resample": lambda s: s.resample_from_infostate(s.current_player(), rng)}[name]

    def one(i: int) -> int:
        for s in states:
            fn(s)
        return len(states)
    return per_cpu_second(one, seconds)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=2.0,
                    help="CPU time per measurement and engine (default 2)")
    args = ap.parse_args()
    sec = args.seconds
    print(machine_line())
    if not compiled.available():
        print("the compiled engine is not built (pip install . or python setup.py "
              "build_ext --inplace): nothing to compare")
        return
    print("Inheritors, per CPU-second, both engines in this run")
    rows: list[EngineRow] = []
    for players in (2, 3, 4):
        rows.append((f"random {players}p games, playout", "games/CPU-s", PLAYOUT_GOAL,
                     lambda e, n=players: playout_games(e, n, "random", sec)))
    rows += [
        ("fast 4p games, playout", "games/CPU-s", None,
         lambda e: playout_games(e, 4, "fast", sec)),
        ("greedy 2p games, playout", "games/CPU-s", None,
         lambda e: playout_games(e, 2, "greedy", sec)),
        ("random 2p games, per-ply loop", "games/CPU-s", LOOP_GOAL,
         lambda e: loop_games(e, 2, sec)),
        ("random 4p games, per-ply loop", "games/CPU-s", LOOP_GOAL,
         lambda e: loop_games(e, 4, sec)),
        ("ismcts, random playouts (4p)", "iterations/CPU-s", None,
         lambda e: ismcts_iterations(e, "random", sec)),
        ("ismcts, fast playouts (4p)", "iterations/CPU-s", None,
         lambda e: ismcts_iterations(e, "fast", sec)),
        ("clone (mid-game 4p)", "calls/CPU-s", None, lambda e: calls(e, "clone", sec / 2)),
        ("clone + legal_actions (mid-game 4p)", "calls/CPU-s", None,
         lambda e: calls(e, "legal_actions", sec / 2)),
        ("resample (mid-game 4p)", "calls/CPU-s", None,
         lambda e: calls(e, "resample", sec / 2)),
    ]
    engine_table(rows)


if __name__ == "__main__":
    main()
