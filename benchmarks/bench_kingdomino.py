"""Kingdomino engine speed, the pure and the compiled engine side by side (issue 15).

Every figure is per CPU-second of this process (``time.process_time``), both engines
measured in the same run, so the ratio holds on a loaded machine; pin the process to one
core for stable figures: ``taskset -c 0 python benchmarks/bench_kingdomino.py``.

Rows:
* ``random 4p/2p games``: whole games from a new deal played by the random policy through
  ``regalia.agents.search.playout`` (what a search agent calls): the Python loop on the
  pure engine, one compiled playout on the compiled engine (same games, same draws);
* ``onestep 4p games``: the same with Kingdomino's one-step greedy policy (registered as
  ``onestep``; the policy the compiled ``onestep`` playout reproduces);
* ``Full Greedy 4p MK+H games``: the same with Full Greedy (``greedy``, compiled as
  ``greedy``), 4 players with Middle Kingdom and Harmony (issue 14's lineup);
* ``Full Greedy choices``: single Full Greedy decisions (what a ``greedy`` opponent pays
  per move) on mid-game 4-player Middle Kingdom + Harmony positions;
* ``random 4p games, per-ply loop``: the Python loop (``legal_actions``/``apply_action``
  per ply) on both engines, what a front end or a non-compiled agent pays;
* ``mcts iterations``: ``mcts`` with random, one-step greedy and Full Greedy playouts on
  mid-game 4-player positions (one iteration = a tree descent plus one playout);
* ``clone``, ``legal_actions``: calls on mid-game 4-player states.

The issue's goals: >= 10x the pure engine for random 4-player games per CPU-second and
for mcts iterations per second.

Usage: python benchmarks/bench_kingdomino.py [--seconds S]
"""

from __future__ import annotations

import argparse
import random
import time
import tracemalloc
from typing import Callable

from benchlib import machine_line, midgame_states, random_game_by_ply

import regalia
from regalia.agents import make_agent
from regalia.agents.search import playout, playout_policy
from regalia.core.policies import compiled_name
from regalia.core.registry import game_policies, game_policy
from regalia.games.kingdomino import compiled

ENGINES = ("pure", "compiled")
MK_HARMONY = ("middle-kingdom", "harmony")


def onestep_name() -> str:
    """The registered name of the policy the compiled ``onestep`` playout reproduces (the
    one-step greedy, marked ``compiled_as("onestep")``); ``greedy`` when none is marked."""
    for name in game_policies("kingdomino"):
        if compiled_name(game_policy("kingdomino", name)) == "onestep":
            return name
    return "greedy"


def per_cpu_second(work: Callable[[int], int], seconds: float) -> float:
    """Units of ``work(i)`` (it returns how many it did) per CPU-second, for at least
    ``seconds`` of CPU time."""
    done = i = 0
    start = time.process_time()
    while True:
        done += work(i)
        i += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return done / elapsed


def playout_games(engine: str, players: int, policy: str, seconds: float,
                  variants: tuple[str, ...] = ()) -> float:
    game = regalia.load_game("kingdomino", players=players, variants=list(variants),
                             engine=engine)
    rng = random.Random(12345)
    fn = playout_policy(game.new_initial_state(0), policy)

    def one(i: int) -> int:
        playout(game.new_initial_state(i), rng, fn)
        return 1
    return per_cpu_second(one, seconds)


def greedy_choices(engine: str, seconds: float) -> float:
    """Full Greedy decisions per CPU-second on mid-game 4-player MK + Harmony positions."""
    game = regalia.load_game("kingdomino", players=4, variants=list(MK_HARMONY),
                             engine=engine)
    states = [s for s in midgame_states(game, 20, 20, 120, decisions_only=True)
              if len(s.legal_actions()) > 1]
    fn = game_policy("kingdomino", "greedy")
    assert fn is not None
    rng = random.Random(3)

    def one(i: int) -> int:
        for s in states:
            fn(s, rng)
        return len(states)
    return per_cpu_second(one, seconds)


def loop_games(engine: str, seconds: float) -> float:
    game = regalia.load_game("kingdomino", players=4, engine=engine)
    rng = random.Random(12345)

    def one(i: int) -> int:
        random_game_by_ply(game.new_initial_state(i), rng)
        return 1
    return per_cpu_second(one, seconds)


def mcts_iterations(engine: str, playout_name: str, seconds: float,
                    variants: tuple[str, ...] = ()) -> float:
    game = regalia.load_game("kingdomino", players=4, variants=list(variants), engine=engine)
    states = [s for s in midgame_states(game, 12, 20, 120, decisions_only=True)
              if len(s.legal_actions()) > 1]
    iterations = 100 if playout_name == "random" else 40
    agent = make_agent(f"mcts:iterations={iterations},playout={playout_name}", seed=1)

    def one(i: int) -> int:
        agent.step(states[i % len(states)])
        return agent.last_iterations
    return per_cpu_second(one, seconds)


def calls(engine: str, name: str, seconds: float) -> float:
    game = regalia.load_game("kingdomino", players=4, engine=engine)
    states = midgame_states(game, 50, 20, 120)
    fn: Callable[[regalia.State], object] = ((lambda s: s.clone()) if name == "clone"
                                             else (lambda s: s.legal_actions()))

    def one(i: int) -> int:
        for s in states:
            fn(s)
        return len(states)
    return per_cpu_second(one, seconds)


def clone_bytes(engine: str) -> float:
    game = regalia.load_game("kingdomino", players=4, engine=engine)
    s = game.new_initial_state(1)
    tracemalloc.start()
    clones = [s.clone() for _ in range(1000)]
    size, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return size / len(clones)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=3.0,
                    help="CPU time per measurement and engine (default 3)")
    args = ap.parse_args()
    sec = args.seconds
    print(machine_line())
    if not compiled.available():
        print("the compiled engine is not built (pip install . or python setup.py "
              "build_ext --inplace): nothing to compare")
        return
    greedy = onestep_name()
    rows: list[tuple[str, str, Callable[[str], float]]] = [
        ("random 4p games", "games/CPU-s", lambda e: playout_games(e, 4, "random", sec)),
        ("random 2p games", "games/CPU-s", lambda e: playout_games(e, 2, "random", sec)),
        (f"{greedy} 4p games", "games/CPU-s", lambda e: playout_games(e, 4, greedy, sec)),
        ("Full Greedy 4p MK+H games", "games/CPU-s",
         lambda e: playout_games(e, 4, "greedy", sec, MK_HARMONY)),
        ("Full Greedy choices (4p MK+H)", "choices/CPU-s", lambda e: greedy_choices(e, sec)),
        ("random 4p games, per-ply loop", "games/CPU-s", lambda e: loop_games(e, sec)),
        ("mcts, random playouts", "iterations/CPU-s",
         lambda e: mcts_iterations(e, "random", sec)),
        (f"mcts, {greedy} playouts", "iterations/CPU-s",
         lambda e: mcts_iterations(e, greedy, sec)),
        ("mcts, Full Greedy playouts", "iterations/CPU-s",
         lambda e: mcts_iterations(e, "greedy", sec, MK_HARMONY)),
        ("clone (mid-game 4p)", "calls/CPU-s", lambda e: calls(e, "clone", sec / 2)),
        ("legal_actions (mid-game 4p)", "calls/CPU-s",
         lambda e: calls(e, "legal_actions", sec / 2)),
    ]
    print(f"{'':31}{'pure':>12}{'compiled':>12}{'ratio':>8}  unit")
    for name, unit, measure in rows:
        pure, comp = (measure(e) for e in ENGINES)
        print(f"{name:31}{pure:12,.0f}{comp:12,.0f}{comp / pure:7.1f}x  {unit}", flush=True)
    pure_b, comp_b = (clone_bytes(e) for e in ENGINES)
    print(f"{'memory per cloned state':31}{pure_b:12,.0f}{comp_b:12,.0f}{comp_b / pure_b:7.1f}x"
          f"  bytes (initial 4p state)")


if __name__ == "__main__":
    main()
