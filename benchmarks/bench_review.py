"""The game review's figures (docs/review.md): speed, agreement with a longer search, and
the calibration of its labels.

Modes (positions come from whole games played by the lineup, reviewed for every seat, as
``regalia.review`` rebuilds them from what the seat saw):

* ``speed``: iterations per CPU second of the game's review search (its first search) on
  the positions; chooses a budget.
* ``agreement``: the review's best move (its first search, ``--iterations`` N, default the
  game's documented budget) against a search ten times longer (``--factor``) with another
  seed, on the same positions. Prints the share of positions where both choose the same
  move, and the share where the longer search values the review's choice within the
  ``best`` threshold of its own (the review's move would be labelled best by the longer
  search).
* ``calibrate``: reviews of games played by weaker players; every decision labelled
  inaccuracy, mistake or blunder is played out ``--playouts`` times from both options
  (the better move and the played one): each time a fresh deal of the hidden cards from
  the seat's information (``resample_from_infostate``), the same deal and the same
  generator for both options, and the rest of the game played by the search's playout
  policy for every seat (or ``--continuation SPEC``, an agent for every seat). Prints per
  label the decisions, the review's mean cost and the mean loss in the playouts (95%
  interval): the thresholds are calibrated when moves labelled blunder lose on average at
  least the blunder threshold.

Usage:
  python benchmarks/bench_review.py speed kingdomino --players 2
  python benchmarks/bench_review.py agreement kingdomino --players 2 --positions 40
  python benchmarks/bench_review.py calibrate inheritors --players 2 --games 6 \\
      --lineup random,greedy --playouts 200
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from typing import Any

import regalia
from regalia.agents import derive_seed, make_agent, parse_spec
from regalia.agents.search import playout, playout_policy
from regalia.arena import play_match
from regalia.cli.common import parse_params, split_players
from regalia.core.game import Game
from regalia.review import Budget
from regalia.core.registry import ReviewSettings, game_review
from regalia.review.judge import DEFAULT_SETTINGS, Judge
from regalia.review.positions import Moment, seat_game


def make_judge(game: Game, args: argparse.Namespace) -> Judge:
    """The review's judge of ``game``, with ``--spec`` in place of the game's search."""
    settings = game_review(game.info.name, game.num_players)
    if args.spec:
        base = settings or DEFAULT_SETTINGS
        settings = ReviewSettings(args.spec, base.iterations, base.thresholds, base.evidence)
    return Judge(game, 0, Budget(args.iterations), args.seed, settings)


def games_moments(game: Game, lineup: list[str], games: int, seed: int,
                  every: int = 1) -> list[tuple[int, Moment]]:
    """``(seat, moment)`` of every seat's decisions with a choice (every ``every``-th),
    in games played by ``lineup`` (deals ``seed``, ``seed + 1``...)."""
    out = []
    for k in range(games):
        rec = play_match(game, lineup, seed=seed + k).record
        for seat in range(game.num_players):
            moments = [m for m in seat_game(rec, seat, seed=seed + k).moments
                       if len(m.legal) > 1]
            out += [(seat, m) for m in moments[k % every::every]]
    return out


def cmd_speed(game: Game, args: argparse.Namespace) -> None:
    moments = games_moments(game, args.lineup, args.games, args.seed, args.every)
    moments = moments[:args.positions]
    judge = make_judge(game, args)
    n = judge.iterations
    start = time.process_time()
    for seat, m in moments:
        judge.seat = seat
        judge.agent(n, None, m.ply).step(m.state)
    cpu = time.process_time() - start
    print(f"{judge.spec},iterations={n},value={judge.value}: {len(moments)} positions, "
          f"{n * len(moments) / cpu:,.0f} iterations per CPU second "
          f"({cpu / len(moments):.2f} CPU-s per first search)")


def cmd_agreement(game: Game, args: argparse.Namespace) -> None:
    moments = games_moments(game, args.lineup, args.games, args.seed, args.every)
    moments = moments[:args.positions]
    judge = make_judge(game, args)
    n = judge.iterations or 1
    long = n * args.factor
    best_t = judge.thresholds[0]
    same = equivalent = 0
    start = time.process_time()
    for i, (seat, m) in enumerate(moments):
        short = judge.agent(n, None, m.ply).step(m.state)
        choice = judge.agent(long, None, derive_seed("long", m.ply)).step(m.state)
        same += short == choice
        gap = 0.0
        if short != choice:   # both valued again on half the longer budget, same deals
            values = [judge.agent(long // 2, None, derive_seed("check", m.ply))
                      .value_of(m.state, a).value for a in (choice, short)]
            gap = values[0] - values[1]
        equivalent += gap <= best_t
        print(f"  {i + 1}/{len(moments)} seat {seat + 1} ply {m.ply} legal {len(m.legal)}: "
              f"{m.state.action_to_string(short)} / {m.state.action_to_string(choice)}"
              + ("" if short == choice else f" (differs, by {gap:+.3f})"), flush=True)
    k = len(moments)
    print(f"{judge.spec}, value={judge.value}: {k} positions, first search {n} iterations "
          f"against {long} ({args.factor}x), {time.process_time() - start:.0f} CPU-s")
    print(f"  same move: {same}/{k} = {100 * same / k:.1f}% "
          f"(95% Wilson {wilson(same, k)})")
    print(f"  as good within the best threshold ({best_t:g}), valued by the longer "
          f"budget: {equivalent}/{k} = {100 * equivalent / k:.1f}% ({wilson(equivalent, k)})")


def cmd_calibrate(game: Game, args: argparse.Namespace) -> None:
    judge = make_judge(game, args)
    losses: dict[str, list[float]] = {}
    costs: dict[str, list[float]] = {}
    start = time.process_time()
    for k in range(args.games):
        rec = play_match(game, args.lineup, seed=args.seed + k).record
        for seat in range(game.num_players):
            if args.seat is not None and seat != args.seat - 1:
                continue
            judge.seat = seat
            for m in seat_game(rec, seat, seed=args.seed + k).moments:
                v = judge.judge(m)
                if v.label not in ("inaccuracy", "mistake", "blunder") or v.better is None:
                    continue
                loss = played_out(m, seat, v.better, judge, args)
                losses.setdefault(v.label, []).append(loss)
                costs.setdefault(v.label, []).append(v.cost)
                print(f"  game {k + 1} seat {seat + 1} ply {m.ply}: {v.label} "
                      f"{m.notation!r} for {m.state.action_to_string(v.better)!r}: review "
                      f"cost {v.cost:.3f}, playouts {loss:+.3f}", flush=True)
    t = dict(zip(("best", "inaccuracy", "mistake", "blunder"), judge.thresholds))
    print(f"{judge.spec}, iterations={judge.iterations}, value={judge.value}; "
          f"{args.playouts} paired playouts per decision, continuation "
          f"{args.continuation or 'the playout policy'}; "
          f"{time.process_time() - start:.0f} CPU-s")
    print(f"{'label':<11} {'threshold':>9} {'decisions':>9} {'review cost':>11} "
          f"{'playout loss (95%)':>24}")
    for label in ("inaccuracy", "mistake", "blunder"):
        xs = losses.get(label, [])
        if not xs:
            print(f"{label:<11} {t[label]:>9g} {0:>9}")
            continue
        mean = statistics.fmean(xs)
        half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else math.nan
        print(f"{label:<11} {t[label]:>9g} {len(xs):>9} {statistics.fmean(costs[label]):>11.3f}"
              f" {mean:>10.3f} [{mean - half:.3f}, {mean + half:.3f}]")


def played_out(m: Moment, seat: int, better: int, judge: Judge,
               args: argparse.Namespace) -> float:
    """The mean of (value after ``better``) - (value after the played move) over
    ``args.playouts`` paired playouts (see the module docstring)."""
    value = judge.value
    name = parse_spec(judge.spec)[1].get("playout", "random")
    policy = playout_policy(m.state, name)
    total = 0.0
    for j in range(args.playouts):
        rng = random.Random(derive_seed("deal", m.ply, j))
        deal = m.state.resample_from_infostate(seat, rng)
        pair = []
        for action in (better, m.played):
            s = deal.clone()
            s.apply_action(action)
            r = random.Random(derive_seed("playout", m.ply, j))
            if args.continuation:
                pair.append(continue_with(s, args.continuation, r, value, seat, j))
            else:
                pair.append(playout(s, r, policy, value)[seat])
        total += pair[0] - pair[1]
    return total / args.playouts


def continue_with(s: Any, spec: str, rng: random.Random, value: str, seat: int,
                  j: int) -> float:
    agents = [make_agent(spec, seed=derive_seed("continuation", j, p))
              for p in range(s.game.num_players)]
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_action(s.sample_chance_outcome(rng))
        else:
            s.apply_action(agents[s.current_player()].step(s))
    return float(s.margins()[seat] if value == "points" else s.returns()[seat])


def wilson(k: int, n: int) -> str:
    if n == 0:
        return "-"
    z = 1.96
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return f"{100 * (c - h):.1f}-{100 * (c + h):.1f}%"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("mode", choices=("speed", "agreement", "calibrate"))
    ap.add_argument("game")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--param", action="append", default=[], metavar="KEY=VALUE")
    ap.add_argument("--lineup", default=None,
                    help="agent specs, one per seat (default: greedy everywhere; "
                         "calibrate: random in the first seat)")
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--every", type=int, default=3, help="every k-th decision of a seat")
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--iterations", type=int, default=None,
                    help="the first search's iterations (default: the game's budget)")
    ap.add_argument("--factor", type=int, default=10)
    ap.add_argument("--spec", default=None, help="an ismcts spec in place of the game's")
    ap.add_argument("--playouts", type=int, default=200)
    ap.add_argument("--seat", type=int, default=None, help="calibrate: this seat only (1-)")
    ap.add_argument("--continuation", default=None, metavar="SPEC")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    game = regalia.load_game(args.game, players=args.players, **parse_params(args.param))
    n = game.num_players
    if args.lineup is None:
        weak = ["random"] if args.mode == "calibrate" else ["greedy"]
        args.lineup = ",".join(weak + ["greedy"] * (n - 1))
    args.lineup = split_players(args.lineup)
    print(f"{game.info.title} {game.params}; lineup {','.join(args.lineup)}; seed {args.seed}")
    {"speed": cmd_speed, "agreement": cmd_agreement, "calibrate": cmd_calibrate}[args.mode](
        game, args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
