"""Two Heirs engine speed, the pure and the compiled engine side by side (issue 15).

Every figure is per CPU-second of this process (``time.process_time``), both engines
measured in the same run on the same work, so the ratio holds on a loaded machine; pin
the process to one core for stable figures:
``taskset -c 1 python benchmarks/bench_two_heirs.py``.

Each row does a fixed amount of work per engine (an iteration budget, scaled by
``--scale``: the pure engine does the base amount, the compiled one ``--compiled-times``
as much, so that both are timed over a similar stretch of CPU time):

* ``random 2p / solo games``: whole games from a new deal played by the random policy
  through ``regalia.agents.search.playout`` (what a search agent calls): the Python loop
  on the pure engine, one compiled playout on the compiled engine (same games, same draws);
* ``greedy 2p / solo games``, ``fast 2p games``: the same with Two Heirs' ``greedy`` and
  ``fast`` policies;
* ``random 2p games, per-ply loop``: the Python loop (``legal_actions``/``apply_action``
  per ply) on both engines, what a front end or a non-compiled agent pays;
* ``mcts iterations``: ``mcts`` with random and with greedy playouts on mid-game 2-player
  decisions (one iteration = a tree descent plus one playout); ``ismcts`` likewise (each
  iteration also redraws the face-down starting tile);
* ``clone``, ``legal_actions``, ``clone + scores``: calls on mid-game 2-player states
  (``scores`` is the final scoring of the landscape, uncached on a fresh clone).

The issue's goal: >= 10x the pure engine for random games per CPU-second.

Usage: python benchmarks/bench_two_heirs.py [--scale S] [--compiled-times K]
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Callable

from benchlib import machine_line, midgame_states, random_game_by_ply

import regalia
from regalia.agents import make_agent
from regalia.agents.search import playout, playout_policy
from regalia.games.two_heirs import compiled

ENGINES = ("pure", "compiled")
SOLO = {"players": 1, "level": 2}
DUEL = {"players": 2}


def per_cpu_second(work: Callable[[int], int], rounds: int) -> float:
    """Units of ``work(i)`` (it returns how many it did) per CPU-second over ``rounds``
    calls (``i`` = 0 .. rounds - 1)."""
    done = 0
    start = time.process_time()
    for i in range(rounds):
        done += work(i)
    return done / max(time.process_time() - start, 1e-9)


def playout_games(engine: str, params: dict, policy: str, games: int) -> float:
    game = regalia.load_game("two-heirs", engine=engine, **params)
    rng = random.Random(12345)
    fn = playout_policy(game.new_initial_state(0), policy)

    def one(i: int) -> int:
        playout(game.new_initial_state(i), rng, fn)
        return 1
    return per_cpu_second(one, games)


def loop_games(engine: str, games: int) -> float:
    game = regalia.load_game("two-heirs", engine=engine, **DUEL)
    rng = random.Random(12345)

    def one(i: int) -> int:
        random_game_by_ply(game.new_initial_state(i), rng)
        return 1
    return per_cpu_second(one, games)


def search_iterations(engine: str, playout_name: str, decisions: int,
                      agent_name: str = "mcts") -> float:
    game = regalia.load_game("two-heirs", engine=engine, **DUEL)
    states = [s for s in midgame_states(game, 12, 30, 120, decisions_only=True)
              if len(s.legal_actions()) > 1]
    iterations = 100 if playout_name == "random" else 20
    agent = make_agent(f"{agent_name}:iterations={iterations},playout={playout_name}",
                       seed=1)

    def one(i: int) -> int:
        agent.step(states[i % len(states)])
        return agent.last_iterations
    return per_cpu_second(one, decisions)


def calls(engine: str, name: str, rounds: int) -> float:
    game = regalia.load_game("two-heirs", engine=engine, **DUEL)
    states = midgame_states(game, 50, 40, 140)
    fns: dict[str, Callable[[regalia.State], object]] = {
        "clone": lambda s: s.clone(),
        "legal_actions": lambda s: s.legal_actions(),
        "clone + scores": lambda s: s.clone().scores(),
    }
    fn = fns[name]

    def one(i: int) -> int:
        for s in states:
            fn(s)
        return len(states)
    return per_cpu_second(one, rounds)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--scale", type=float, default=1.0,
                    help="multiply every work budget (default 1: about 6-10 CPU-s in all)")
    ap.add_argument("--compiled-times", type=int, default=10,
                    help="how much more work the compiled engine does per row (default 10)")
    args = ap.parse_args()
    if args.scale <= 0 or args.compiled_times < 1:
        ap.error("--scale must be positive and --compiled-times at least 1")
    print(f"Two Heirs benchmark: {machine_line()}")
    if not compiled.available():
        print("the compiled engine is not built (pip install . or python setup.py "
              "build_ext --inplace): nothing to compare")
        return

    def budget(base: int, engine: str) -> int:
        return max(1, round(base * args.scale * (args.compiled_times if engine == "compiled"
                                                 else 1)))

    rows: list[tuple[str, str, Callable[[str], float]]] = [
        ("random 2p games", "games/CPU-s",
         lambda e: playout_games(e, DUEL, "random", budget(400, e))),
        ("random solo games (level 2)", "games/CPU-s",
         lambda e: playout_games(e, SOLO, "random", budget(400, e))),
        ("greedy 2p games", "games/CPU-s",
         lambda e: playout_games(e, DUEL, "greedy", budget(30, e))),
        ("greedy solo games (level 2)", "games/CPU-s",
         lambda e: playout_games(e, SOLO, "greedy", budget(40, e))),
        ("fast 2p games", "games/CPU-s",
         lambda e: playout_games(e, DUEL, "fast", budget(60, e))),
        ("random 2p games, per-ply loop", "games/CPU-s",
         lambda e: loop_games(e, budget(300, e))),
        ("mcts, random playouts", "iterations/CPU-s",
         lambda e: search_iterations(e, "random", budget(8, e))),
        ("mcts, greedy playouts", "iterations/CPU-s",
         lambda e: search_iterations(e, "greedy", budget(4, e))),
        ("ismcts, random playouts", "iterations/CPU-s",
         lambda e: search_iterations(e, "random", budget(8, e), "ismcts")),
        ("clone (mid-game 2p)", "calls/CPU-s", lambda e: calls(e, "clone", budget(100, e))),
        ("legal_actions (mid-game 2p)", "calls/CPU-s",
         lambda e: calls(e, "legal_actions", budget(40, e))),
        ("clone + scores (mid-game 2p)", "calls/CPU-s",
         lambda e: calls(e, "clone + scores", budget(20, e))),
    ]
    print(f"{'':31}{'pure':>12}{'compiled':>12}{'ratio':>8}  unit")
    for name, unit, measure in rows:
        pure, comp = (measure(e) for e in ENGINES)
        print(f"{name:31}{pure:12,.0f}{comp:12,.0f}{comp / pure:7.1f}x  {unit}", flush=True)


if __name__ == "__main__":
    main()
