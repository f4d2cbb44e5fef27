"""Cascadito engine speed, the pure and the compiled engine side by side (issues 15, 29).

Every figure is per CPU-second of this process (``time.process_time``), both engines
measured in the same run on the same games, so the ratio holds on a loaded machine; pin
the process to one core for stable figures:
``taskset -c 0 python benchmarks/bench_cascadito.py``.

Rows (play sheet ``--sheet``, default 1):

* ``random Np games, playout``: whole games from a new deal played by the random policy
  through ``regalia.agents.search.playout`` (what a search agent calls): the Python loop
  on the pure engine, one compiled playout (``State.compiled_playout``) on the compiled
  engine; ``greedy``: the same with Cascadito's greedy policy;
* ``random Np games, per-ply loop``: a user's Python loop over ``legal_actions`` /
  ``apply_action`` (``benchlib.random_game_by_ply``) on both engines;
* ``mcts iterations``: ``mcts`` with random and greedy playouts on mid-game 4-player
  decisions (one iteration = a tree descent plus one playout);
* ``clone``, ``legal_actions``: calls on mid-game 4-player states.

The goals of issue 29, printed beside their rows: the compiled engine at least 10x the
pure one through the compiled playout and 4x through the user's loop.

Usage: python benchmarks/bench_cascadito.py [--seconds S] [--sheet 1]
"""

from __future__ import annotations

import argparse
import tracemalloc
from typing import Callable

from benchlib import (EngineRow, engine_table, loop_games_per_cpu_second, machine_line,
                      midgame_states, per_cpu_second, playouts_per_cpu_second)

import regalia
from regalia.agents import make_agent
from regalia.games.cascadito import compiled

PLAYOUT_GOAL, LOOP_GOAL = 10.0, 4.0


def game(engine: str, players: int, sheet: int) -> regalia.Game:
    return regalia.load_game("cascadito", players=players, sheet=sheet, engine=engine)


def playout_games(engine: str, players: int, sheet: int, policy: str,
                  seconds: float) -> float:
    return playouts_per_cpu_second(game(engine, players, sheet), policy, seconds)


def loop_games(engine: str, players: int, sheet: int, seconds: float) -> float:
    return loop_games_per_cpu_second(game(engine, players, sheet), seconds)


def mcts_iterations(engine: str, sheet: int, playout_name: str, seconds: float) -> float:
    states = [s for s in midgame_states(game(engine, 4, sheet), 12, 20, 150,
                                        decisions_only=True) if len(s.legal_actions()) > 1]
    agent = make_agent(f"mcts:iterations=60,playout={playout_name}", seed=1)

    def one(i: int) -> int:
        agent.step(states[i % len(states)])
        return agent.last_iterations
    return per_cpu_second(one, seconds)


def calls(engine: str, sheet: int, name: str, seconds: float) -> float:
    states = midgame_states(game(engine, 4, sheet), 50, 20, 150)
    fn: Callable[[regalia.State], object] = ((lambda s: s.clone()) if name == "clone"
                                             else (lambda s: s.legal_actions()))

    def one(i: int) -> int:
        for s in states:
            fn(s)
        return len(states)
    return per_cpu_second(one, seconds)


def clone_bytes(engine: str, sheet: int) -> float:
    s = game(engine, 4, sheet).new_initial_state(1)
    tracemalloc.start()
    clones = [s.clone() for _ in range(1000)]
    size, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return size / len(clones)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=2.0,
                    help="CPU time per measurement and engine (default 2)")
    ap.add_argument("--sheet", type=int, default=1, help="the play sheet (default 1)")
    args = ap.parse_args()
    sec, sh = args.seconds, args.sheet
    print(machine_line())
    if not compiled.available():
        print("the compiled engine is not built (pip install . or python setup.py "
              "build_ext --inplace): nothing to compare")
        return
    print(f"Cascadito, play sheet {sh}, per CPU-second, both engines in this run")
    rows: list[EngineRow] = []
    for players in (1, 2, 4):
        rows.append((f"random {players}p games, playout", "games/CPU-s", PLAYOUT_GOAL,
                     lambda e, n=players: playout_games(e, n, sh, "random", sec)))
    rows += [
        ("greedy 2p games, playout", "games/CPU-s", None,
         lambda e: playout_games(e, 2, sh, "greedy", sec)),
        ("random 2p games, per-ply loop", "games/CPU-s", LOOP_GOAL,
         lambda e: loop_games(e, 2, sh, sec)),
        ("random 4p games, per-ply loop", "games/CPU-s", LOOP_GOAL,
         lambda e: loop_games(e, 4, sh, sec)),
        ("mcts, random playouts (4p)", "iterations/CPU-s", None,
         lambda e: mcts_iterations(e, sh, "random", sec)),
        ("mcts, greedy playouts (4p)", "iterations/CPU-s", None,
         lambda e: mcts_iterations(e, sh, "greedy", sec)),
        ("clone (mid-game 4p)", "calls/CPU-s", None, lambda e: calls(e, sh, "clone", sec / 2)),
        ("legal_actions (mid-game 4p)", "calls/CPU-s", None,
         lambda e: calls(e, sh, "legal_actions", sec / 2)),
    ]
    engine_table(rows)
    pure_b, comp_b = (clone_bytes(e, sh) for e in ("pure", "compiled"))
    print(f"{'memory per cloned state':36}{pure_b:11,.0f}{comp_b:11,.0f}"
          f"{comp_b / pure_b:7.1f}x  {'':14}bytes (initial 4p state)")


if __name__ == "__main__":
    main()
