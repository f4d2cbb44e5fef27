"""Agent strength: a seat-rotated tournament through ``regalia.arena``, with its figures.

Each of ``--games N`` deals is played once per seat rotation of the lineup (``N x P``
games), so every agent plays every seat on the same deals; see
``regalia.arena.tournament``. Prints the machine (cores), the parameters, and per agent:
seats played, win rate with its 95% Wilson interval against parity (1/P), mean score,
Bradley-Terry rating (Elo scale), the configured per-move budget and the measured mean
thinking time per move. Not run in CI: it takes as long as the budgets say.

Usage:
  python benchmarks/bench_strength.py kingdomino --lineup mcts:seconds=1,greedy,greedy,greedy --games 50
  python benchmarks/bench_strength.py kingdomino --lineup mcts:iterations=500,greedy --games 100
  python benchmarks/bench_strength.py kingdomino --lineup mce,greedy --players 4 --workers 8 \\
      --seed 7 --variant harmony --out strength.json
  python benchmarks/bench_strength.py two-heirs --lineup mcts:seconds=1 --players 1 \\
      --param level=3 --games 100            (solo: the win rate against Heinrich)

Issue 14's lineups are named presets (``--preset NAME``; ``--lineup``, ``--games`` and the
others still override a preset's values):

  kingdomino-fg    Kingdomino, 4 players, Middle Kingdom and Harmony: one searcher against
                   three greedy (Full Greedy), seats rotated; the bar is 66% (parity 25%)
  two-heirs-solo3  Two Heirs solo against Heinrich, level 3 (win rate against Heinrich)
  two-heirs-2p     Two Heirs, 2 players: the strong opponent against greedy
  inheritors-2p    Inheritors, 2 players: the strong honest opponent against greedy

Budgets. The machine is shared, so wall-clock budgets (``seconds=``) measure the load as
much as the agent; the presets use ``iterations=`` budgets, each calibrated as what one
second (half a second, a quarter) buys on a quiet core. ``--calibrate`` measures that: it
runs the lineup's first agent (a search agent with an ``iterations=`` budget) on positions
from greedy self-play, timing CPU seconds (not wall time), and prints iterations per CPU
second; run it pinned to one core (``taskset -c 1 python benchmarks/bench_strength.py
--preset kingdomino-fg --calibrate``).
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time

import regalia
from regalia.agents import make_agent
from regalia.agents.search import SearchAgent
from regalia.arena import expand_lineup, make_executor, run_tournament
from regalia.arena.ratings import wilson_interval
from regalia.arena.tournament import GameResult
from regalia.cli.common import parse_params, split_players
from regalia.core.registry import game_class


def replay(game, result: GameResult):
    """The final state of a finished tournament game, replayed from its seed and actions
    (for the score margins, which a solo game's result does not carry: Heinrich has no
    seat)."""
    state = game.new_initial_state(result.seed)
    for action in result.actions:
        state.apply_action(action)
    return state


def budget(spec: str) -> str:
    """The per-move budget an agent spec asks for (``-`` for agents that do not search)."""
    agent = make_agent(spec, seed=0)
    if not isinstance(agent, SearchAgent):
        return "-"
    parts = []
    if agent.iterations is not None:
        parts.append(f"{agent.iterations} iterations")
    if agent.seconds is not None:
        parts.append(f"{agent.seconds:g} s")
    return " or ".join(parts) + " per move"


#: Issue 14's lineups: game, lineup, players, variants, parameters, deals. The iteration
#: budgets are what CPU time buys on one core of the 2-core machine, measured with
#: --calibrate (docs/agents.md): Kingdomino 0.3 s (1,000 iterations with compiled Full
#: Greedy playouts, about 3,200 a CPU second; the registered strong opponent), Two Heirs
#: solo 1 s (about 250), Two Heirs 2 players 0.25 s (about 40: the documented strong
#: setting), Inheritors 0.5 s (about 55: the documented strong setting).
PRESETS: dict[str, dict] = {
    "kingdomino-fg": {"game": "kingdomino", "players": 4, "games": 50,
                      "variants": ["middle-kingdom", "harmony"], "params": {},
                      "lineup": "mcts:iterations=1000,playout=greedy,value=margin,reuse=true,"
                                "greedy,greedy,greedy"},
    "two-heirs-solo3": {"game": "two-heirs", "players": 1, "games": 100, "variants": [],
                        "params": {"level": 3},
                        # horizon=12 playouts: about 570 iterations a CPU second (loaded
                        # machine), so 250 are under 0.5 s; value=points, see docs/agents.md
                        "lineup": "mcts:iterations=250,playout=fast,expand=policy,widen=1,"
                                  "value=points,horizon=12"},
    "two-heirs-2p": {"game": "two-heirs", "players": 2, "games": 50, "variants": [],
                     "params": {},
                     "lineup": "mcts:iterations=40,playout=fast,expand=policy,widen=1,greedy"},
    "inheritors-2p": {"game": "inheritors", "players": 2, "games": 50, "variants": [],
                      "params": {}, "lineup": "ismcts:iterations=55,playout=fast,greedy"},
}


def calibrate(game, spec: str, positions: int = 24, seed: int = 7) -> float:
    """Iterations per CPU second of the search agent ``spec`` (with an ``iterations=``
    budget) on ``positions`` decisions with a choice from greedy self-play of ``game``."""
    import random as _random

    agent = make_agent(spec, seed=seed)
    if not isinstance(agent, SearchAgent) or agent.iterations is None:
        raise SystemExit(f"--calibrate needs a search agent with iterations=, not {spec!r}")
    players = [make_agent("greedy", seed=seed + k) for k in range(game.num_players)]
    rng = _random.Random(seed)
    states = []
    deal = 0
    while len(states) < positions and deal < 50:
        s = game.new_initial_state(seed + deal)
        deal += 1
        k = 0
        while not s.is_terminal() and len(states) < positions:
            if s.is_chance_node():
                s.apply_action(s.sample_chance_outcome(rng))
                continue
            if len(s.legal_actions()) > 1:
                k += 1
                if k % 5 == 0:
                    states.append(s.clone())
            s.apply_action(players[s.current_player()].step(s))
    iterations = 0
    cpu = 0.0
    for st in states:
        t = time.process_time()
        agent.step(st)
        cpu += time.process_time() - t
        iterations += agent.last_iterations
    print(f"{spec}: {iterations} iterations on {len(states)} positions in {cpu:.1f} CPU s: "
          f"{iterations / cpu:.1f} iterations per CPU second")
    return iterations / cpu


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game", nargs="?", default=None,
                    help="game name, e.g. kingdomino (or give --preset)")
    ap.add_argument("--preset", choices=sorted(PRESETS), default=None,
                    help="one of issue 14's lineups (see above)")
    ap.add_argument("--calibrate", action="store_true",
                    help="measure iterations per CPU second of the lineup's first agent "
                         "instead of playing")
    ap.add_argument("--lineup", "--agents", default=None,
                    help="agent specs, one per seat, comma-separated (fewer are repeated "
                         "in order to fill --players seats)")
    ap.add_argument("--games", type=int, default=None,
                    help="deals, each played once per seat rotation (default 50)")
    ap.add_argument("--players", type=int, default=None, help="seats (default: one per agent)")
    ap.add_argument("--seed", type=int, default=1, help="base seed of the deals (default 1)")
    ap.add_argument("--workers", type=int, default=None,
                    help="parallel games (default: every core)")
    ap.add_argument("--backend", default="process", help="process (default), serial or ray")
    ap.add_argument("--address", default=None, help="Ray cluster address (--backend ray)")
    ap.add_argument("--variant", action="append", default=[], help="variant (repeatable)")
    ap.add_argument("--param", action="append", default=[], metavar="KEY=VALUE",
                    help="another game parameter, e.g. level=3 or sheet=2 (repeatable)")
    ap.add_argument("--out", default=None, help="write FILE.json and FILE.csv")
    args = ap.parse_args(argv)
    try:
        extra = parse_params(args.param)
    except ValueError as exc:
        ap.error(str(exc))
    if args.preset:
        preset = PRESETS[args.preset]
        args.game = args.game or preset["game"]
        args.lineup = args.lineup or preset["lineup"]
        args.games = args.games or preset["games"]
        args.players = args.players or preset["players"]
        args.variant = args.variant or preset["variants"]
        extra = {**preset["params"], **extra}
    if args.game is None or args.lineup is None:
        ap.error("give a game and --lineup, or --preset")
    if args.games is None:
        args.games = 50

    info = game_class(args.game).info
    agents = split_players(args.lineup)
    players = args.players or max(len(agents), info.min_players)
    lineup = expand_lineup(agents, players)
    params: dict = {"players": players}
    if args.variant:
        params["variants"] = args.variant
    params.update(extra)
    try:
        game = regalia.load_game(info.name, **params)
    except ValueError as exc:  # ParameterError / DataError name what is allowed
        ap.error(str(exc))
    if args.calibrate:
        calibrate(game, lineup[0])
        return 0
    executor = make_executor(args.backend, args.workers, args.address)
    total = args.games * players

    print(f"machine: {os.cpu_count()} cores, {platform.processor() or platform.machine()}, "
          f"Python {platform.python_version()} ({platform.system()})")
    print(f"game: {info.title}, {players} players, variants: "
          f"{', '.join(args.variant) or 'none'}"
          + "".join(f", {k}={v}" for k, v in extra.items()))
    print(f"lineup (rotation 0): {', '.join(lineup)}")
    print(f"{args.games} deals x {players} rotations = {total} games, seed {args.seed}, "
          f"on {executor.describe()}")
    for spec in dict.fromkeys(lineup):
        print(f"  budget of {spec}: {budget(spec)}")
    sys.stdout.flush()

    start = time.perf_counter()
    first = lineup[0]
    # the first agent's victory shares, games, points, margins, decisions and thinking
    # seconds so far
    share = [0.0, 0, 0.0, 0.0, 0, 0.0]

    def progress(done: int, total_: int, result: GameResult) -> None:
        # every game: a long run stopped early still says how the first agent stands
        final = None
        for seat, (spec, r) in enumerate(zip(result.agents, result.returns)):
            if spec == first:
                if final is None:
                    final = replay(game, result)
                share[0] += r
                share[1] += 1
                share[2] += result.scores[seat]
                share[3] += final.score_margin(seat) or 0.0
                if result.seat_moves:
                    share[4] += result.seat_moves[seat]
                    share[5] += result.seat_seconds[seat]
        elapsed = time.perf_counter() - start
        eta = elapsed / done * (total_ - done)
        so_far = ""
        if share[1]:
            lo, hi = wilson_interval(share[0], share[1])
            n = share[1]
            ms = f", {1000 * share[5] / share[4]:.0f} ms/move" if share[4] else ""
            so_far = (f"; {first}: {share[0]:g}/{n} victory share so far "
                      f"({100 * lo:.1f}-{100 * hi:.1f}%), mean score {share[2] / n:.1f}, "
                      f"mean margin {share[3] / n:+.1f}{ms}")
        print(f"  {done}/{total_} games, {elapsed:.0f} s, about {eta:.0f} s left{so_far}",
              file=sys.stderr, flush=True)

    result = run_tournament(game, lineup, args.games, seed=args.seed, executor=executor,
                            progress=progress)
    # A one-seat game (a solo game against an automated opponent) has no parity: the win
    # rate is simply how often the agent beats the game's own opponent.
    parity = 1 / players if players > 1 else None
    print()
    print(f"{'agent':<28} {'seats':>6} {'win rate':>9} {'95% CI':>15} {'vs parity':>9} "
          f"{'mean score':>13} {'rating':>7} {'ms/move':>8}")
    for s in result.standings():
        rating = "-" if s.rating is None else f"{s.rating:+.0f}"
        verdict = ("-" if parity is None else "above" if s.ci_low > parity
                   else "below" if s.ci_high < parity else "even")
        print(f"{s.agent:<28} {s.games:>6} {100 * s.win_rate:>8.1f}% "
              f"{f'{100 * s.ci_low:.1f}-{100 * s.ci_high:.1f}%':>15} {verdict:>9} "
              f"{f'{s.mean_score:.1f} ± {s.std_score:.1f}':>13} {rating:>7} "
              f"{1000 * s.seconds_per_move:>8.1f}")
    if parity is not None:
        print(f"\nparity {100 * parity:.1f}%; 'vs parity': the 95% interval lies above or "
              f"below it, or contains it (even)")
    print(f"{total} games in {result.elapsed:.1f} s ({total / result.elapsed:.2f} games/s) "
          f"on {os.cpu_count()} cores ({executor.describe()})")
    if args.out:
        json_path, csv_path = result.save(args.out)
        print(f"written: {json_path}, {csv_path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
