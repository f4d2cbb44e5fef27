"""Shared pieces of the engine benchmarks (imported by the ``bench_<game>.py`` scripts,
which Python runs with this directory on ``sys.path``).

Every figure goes through the public contract: ``legal_actions`` / ``apply_action``, chance
nodes sampled with ``sample_chance_outcome`` from the benchmark's own generator.
"""

from __future__ import annotations

import os
import platform
import random
import time
from typing import Any, Callable, Iterable

import regalia
from regalia.agents import make_agent
from regalia.agents.search import random_action
from regalia.core.game import Game
from regalia.core.state import State


def machine_line() -> str:
    """regalia's version, Python, the machine and its core count, one line."""
    return (f"regalia {regalia.__version__} | Python {platform.python_version()} | "
            f"{platform.machine()} | {os.cpu_count()} cores (one used)")


def play(game: Game, agents: list, seed: int, rng: random.Random) -> int:
    """Play one whole game (deal ``seed``); returns its number of actions."""
    state = game.new_initial_state(seed)
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance_outcome(rng))
        else:
            state.apply_action(agents[state.current_player()].step(state))
        steps += 1
    state.returns()
    return steps


def games_per_second(game: Game, agent: str, seconds: float) -> tuple[float, float]:
    """Whole games per second and actions per second with ``agent`` (a spec) in every seat,
    for at least ``seconds`` of wall time (at least one game)."""
    agents = [make_agent(agent, seed=i) for i in range(game.num_players)]
    rng = random.Random(12345)
    games = steps = 0
    start = time.perf_counter()
    while True:
        steps += play(game, agents, games, rng)
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return games / elapsed, steps / elapsed


def midgame_states(game: Game, count: int, low: int, high: int, seed: int = 7,
                   decisions_only: bool = False) -> list[State]:
    """Up to ``count`` states reached by random play after ``low`` to ``high`` actions
    (finished games dropped; with ``decisions_only``, play goes on past chance nodes)."""
    rng = random.Random(seed)
    states = []
    for k in range(count):
        s = game.new_initial_state(k)
        target = rng.randrange(low, high)
        while not s.is_terminal() and (len(s.history()) < target
                                       or (decisions_only and s.is_chance_node())):
            if s.is_chance_node():
                s.apply_action(s.sample_chance_outcome(rng))
            else:
                la = s.legal_actions()
                s.apply_action(la[rng.randrange(len(la))])
        if not s.is_terminal():
            states.append(s)
    return states


def calls_per_second(states: list[State], calls: Iterable[tuple[str, Callable[[State], object]]],
                     seconds: float) -> dict[str, float]:
    """For each ``(name, fn)``: calls of ``fn`` per second over ``states``, round after
    round, for ``seconds`` of wall time each."""
    out = {}
    for name, fn in calls:
        n = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            for s in states:
                fn(s)
            n += len(states)
        out[name] = n / (time.perf_counter() - start)
    return out


def random_game_by_ply(state: Any, rng: random.Random) -> None:
    """Play ``state`` to its end with uniform random moves, one ``apply_action`` per ply
    through the public contract (the Python loop per ply that a front end pays, unlike a
    compiled playout), then read its returns."""
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance_outcome(rng))
        else:
            state.apply_action(random_action(state, rng))
    state.returns()


def per_cpu_second(work: Callable[[int], int], seconds: float) -> float:
    """Units of ``work(i)`` (it returns how many it did; ``i`` = 0, 1, ...) per CPU-second
    of this process (``time.process_time``), for at least ``seconds`` of CPU time."""
    done = i = 0
    start = time.process_time()
    while True:
        done += work(i)
        i += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return done / elapsed


def playouts_per_cpu_second(game: Game, policy: str, seconds: float) -> float:
    """Whole games from new deals (0, 1, ...) played by the playout policy ``policy``
    through ``regalia.agents.search.playout`` (a compiled playout where the game's engine
    offers one), per CPU-second."""
    from regalia.agents.search import playout, playout_policy

    rng = random.Random(12345)
    fn = playout_policy(game.new_initial_state(0), policy)

    def one(i: int) -> int:
        playout(game.new_initial_state(i), rng, fn)
        return 1
    return per_cpu_second(one, seconds)


def loop_games_per_cpu_second(game: Game, seconds: float) -> float:
    """Whole random games from new deals played by a user's Python loop over
    ``legal_actions`` / ``apply_action`` (:func:`random_game_by_ply`), per CPU-second."""
    rng = random.Random(12345)

    def one(i: int) -> int:
        random_game_by_ply(game.new_initial_state(i), rng)
        return 1
    return per_cpu_second(one, seconds)


#: One row of :func:`engine_table`: name, unit, goal ratio (None: no goal), and the
#: measurement of one engine (``"pure"`` or ``"compiled"``) in units per CPU-second.
EngineRow = tuple[str, str, "float | None", Callable[[str], float]]


def engine_table(rows: Iterable[EngineRow]) -> list[tuple[str, float, float]]:
    """Print each row measured on the pure and the compiled engine in one run, side by
    side, with the ratio and the goal it is held to (``goal >= 10x``, ``met`` or
    ``MISSED``); returns (name, pure, compiled) per row."""
    out = []
    print(f"{'':36}{'pure':>11}{'compiled':>11}{'ratio':>8}  {'goal':14}unit")
    for name, unit, goal, measure in rows:
        pure, comp = measure("pure"), measure("compiled")
        ratio = comp / pure
        verdict = "" if goal is None else (f">= {goal:g}x " + ("met" if ratio >= goal
                                                              else "MISSED"))
        print(f"{name:36}{pure:11,.0f}{comp:11,.0f}{ratio:7.1f}x  {verdict:14}{unit}",
              flush=True)
        out.append((name, pure, comp))
    return out
