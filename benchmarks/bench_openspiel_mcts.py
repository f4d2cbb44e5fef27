"""regalia's ``mcts`` against OpenSpiel's ``MCTSBot`` at the same time per move, on
Kingdomino for 2 players (issue 16). Needs the ``[openspiel]`` extra.

Both are UCT with random playouts (one rollout per leaf) and explicit chance nodes.
regalia's searches for ``--seconds`` of wall time per move (``mcts:seconds=S,playout=random``).
OpenSpiel's ``MCTSBot`` (``open_spiel.python.algorithms.mcts``, uct_c=2 as in OpenSpiel's
examples, ``RandomRolloutEvaluator(1)``) has no time limit, only a simulation count, so each
of its moves gets a **fixed simulation count for its stage of the game**, calibrated from
measured time and never changed during a game:

* a stage is a band of 8 plies (the history length, chance included), since a
  simulation's cost falls as the game shortens (a 2-player game has about 75 plies);
* before the match, for each stage, ``--calibration-positions`` decision positions reached
  by random play are searched with a probe budget; the time per simulation (the search's
  wall time over the root's visit count, which also counts a search that stops early on a
  solved root) gives the count that fills ``--seconds``; a second search with that count
  corrects it once (at most halved or doubled);
* between games (never during one), each stage's count moves halfway (geometrically)
  towards the count that fills the time regalia's ``mcts`` took per searched move in the
  last game (measured, its overshoot of ``--seconds`` included), at the time per
  simulation measured in that stage's searches of the last game, so that both get the
  same measured time per move as the machine's load changes; it stays within a factor 4 of
  the first calibration, at least 4 (the bot needs a few simulations to expand its root)
  and at most ``--max-simulations``.

A count fixed through a game and bounded cannot run away (an earlier version scaled the
count after each move by ``seconds / time taken``, and a stage where the root was solved at
once grew it to two million simulations). A move with one legal action is played without
searching, for both bots (regalia's ``mcts`` does the same); the per-move times count
searched moves. The bot's move is ``MCTSBot.mcts_search(state).best_child().action``, what
``MCTSBot.step`` returns, called directly to read the root's visit count.

Guards: each move runs under a ``--move-timeout`` alarm (default 50 x ``--seconds``, at
least 5 s) and each game under ``--game-timeout`` (default 400 x ``--seconds``, at least
60 s); a game that overruns either is recorded as ``timeout``, reported, and left out of the
figures. Results are written to ``--out`` (JSON lines: a header with the calibration, then
one line per game) as each game ends; run the same command again to resume where it
stopped (the header's settings must match), ``--fresh`` to start over, ``--report`` to
print the figures of a results file without playing.

Seats alternate (regalia is seat 0 in even games); each game's chance comes from its own
seed. A result is a win (1), a shared victory (0.5) or a loss (0); the win share has a
95% Wilson interval (:func:`regalia.arena.wilson_interval`).

Usage: python benchmarks/bench_openspiel_mcts.py [--games N] [--seconds S] [--seed K]
           [--out FILE] [--fresh | --report]
"""

from __future__ import annotations

import argparse
import json
import random
import signal
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts as spiel_mcts

sys.path.insert(0, str(Path(__file__).resolve().parent))

import regalia  # noqa: E402,F401
from regalia.adapters import openspiel as _spiel  # noqa: E402,F401  (registers the games)
from regalia.agents import make_agent  # noqa: E402
from regalia.arena import wilson_interval  # noqa: E402
from benchlib import machine_line  # noqa: E402

GAME = "regalia_kingdomino(players=2)"
STAGE_PLIES = 8
PROBE_SIMULATIONS = 16
MIN_SIMULATIONS = 4
DRIFT = 4.0        # a stage's count stays within this factor of its first calibration


class MoveTimeout(Exception):
    """A move or a game ran past its guard."""


def _alarm(signum: int, frame: Any) -> None:
    raise MoveTimeout()


def spiel_bot(game: Any, simulations: int, seed: int) -> spiel_mcts.MCTSBot:
    evaluator = spiel_mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
    return spiel_mcts.MCTSBot(game, 2.0, simulations, evaluator,
                              random_state=np.random.RandomState(seed + 1))


def stage_of(state: Any) -> int:
    return len(state.history()) // STAGE_PLIES


def sample_positions(game: Any, per_stage: int, seed: int) -> dict[int, list[Any]]:
    """Decision positions with more than one legal action, ``per_stage`` per stage, from
    random games (the generator seeded by ``seed``)."""
    rng = random.Random(seed)
    found: dict[int, list[Any]] = {}
    for _ in range(per_stage * 20):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                a, p = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(a, p)[0])
                continue
            legal = state.legal_actions()
            bucket = found.setdefault(stage_of(state), [])
            if len(legal) > 1 and len(bucket) < per_stage and rng.random() < 0.5:
                bucket.append(state.clone())
            state.apply_action(rng.choice(legal))
        if all(len(b) >= per_stage for b in found.values()):
            break
    return {k: v for k, v in sorted(found.items()) if v}


def seconds_per_simulation(game: Any, positions: list[Any], simulations: int) -> float:
    """Mean wall time of one MCTSBot simulation over ``positions`` at ``simulations``."""
    per_sim = []
    for k, state in enumerate(positions):
        bot = spiel_bot(game, simulations, 1000 + k)
        t = time.perf_counter()
        root = bot.mcts_search(state)
        per_sim.append((time.perf_counter() - t) / max(1, root.explore_count))
    return statistics.mean(per_sim)


def calibrate(game: Any, seconds: float, per_stage: int, cap: int) -> dict[int, int]:
    """The fixed MCTSBot simulation count of each stage (see the module doc)."""
    counts = {}
    for stage, positions in sample_positions(game, per_stage, 0).items():
        first = seconds / seconds_per_simulation(game, positions, PROBE_SIMULATIONS)
        first = int(min(cap, max(MIN_SIMULATIONS, first)))
        took = seconds_per_simulation(game, positions, first) * first
        scale = min(2.0, max(0.5, seconds / max(took, 1e-9)))
        counts[stage] = int(min(cap, max(MIN_SIMULATIONS, first * scale)))
        print(f"  stage {stage} (plies {stage * STAGE_PLIES}-{stage * STAGE_PLIES + 7}): "
              f"{counts[stage]} simulations", flush=True)
    return counts


def play_game(game: Any, index: int, args: argparse.Namespace,
              counts: dict[int, int]) -> dict[str, Any]:
    """One game; the record written to the results file."""
    seed = args.seed * 100_003 + index
    regalia_seat = index % 2
    ours = make_agent(f"mcts:seconds={args.seconds},playout=random", seed=seed)
    rng = random.Random(seed)
    state = game.new_initial_state()
    times: dict[str, list[float]] = {"regalia": [], "openspiel": []}
    searches: list[list[Any]] = []        # MCTSBot's: [stage, seconds, simulations]
    playouts: list[int] = []              # regalia mcts's iterations per searched move
    record: dict[str, Any] = {"game": index, "seed": seed, "regalia_seat": regalia_seat}
    game_deadline = time.perf_counter() + args.game_timeout
    try:
        while not state.is_terminal():
            if state.is_chance_node():
                a, p = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(a, p)[0])
                continue
            legal = state.legal_actions()
            if len(legal) == 1:
                state.apply_action(legal[0])
                continue
            left = game_deadline - time.perf_counter()
            if left <= 0:
                raise MoveTimeout()
            side = "regalia" if state.current_player() == regalia_seat else "openspiel"
            stage = nearest(counts, stage_of(state))
            signal.setitimer(signal.ITIMER_REAL, min(args.move_timeout, left))
            t = time.perf_counter()
            try:
                if side == "regalia":
                    action = ours.step(state.regalia.clone())
                else:
                    bot = spiel_bot(game, counts[stage], seed + len(state.history()))
                    root = bot.mcts_search(state)
                    action = root.best_child().action
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
            took = time.perf_counter() - t
            times[side].append(round(took, 4))
            if side == "openspiel":
                searches.append([stage, round(took, 5), root.explore_count])
            else:
                playouts.append(ours.last_iterations)
            state.apply_action(action)
    except MoveTimeout:
        record.update(status="timeout", plies=len(state.history()), times=times,
                      searches=searches, playouts=playouts)
        return record
    scores = state.regalia.scores()
    record.update(status="done", result=state.returns()[regalia_seat],
                  regalia_score=scores[regalia_seat], openspiel_score=scores[1 - regalia_seat],
                  times=times, searches=searches, playouts=playouts)
    return record


def nearest(counts: dict[int, int], stage: int) -> int:
    """The calibrated stage nearest ``stage`` (a late stage may have had no position)."""
    return min(counts, key=lambda k: (abs(k - stage), k))


def recalibrate(counts: dict[int, int], first: dict[int, int], record: dict[str, Any],
                seconds: float, cap: int) -> dict[int, int]:
    """The counts for the next game: each stage searched in ``record`` moves halfway
    (geometrically) to regalia's mean time per searched move in ``record`` (``seconds``
    if it searched none) over the stage's measured time per simulation, within a factor
    :data:`DRIFT` of ``first`` and within ``[MIN_SIMULATIONS, cap]``."""
    ours = record.get("times", {}).get("regalia") or [seconds]
    seconds = statistics.mean(ours)
    spent: dict[int, list[float]] = {}
    for stage, took, sims in record.get("searches", []):
        acc = spent.setdefault(stage, [0.0, 0])
        acc[0] += took
        acc[1] += sims
    out = dict(counts)
    for stage, (took, sims) in spent.items():
        if took <= 0 or sims <= 0:
            continue
        target = seconds / (took / sims)
        new = (counts[stage] * target) ** 0.5
        low, high = first[stage] / DRIFT, first[stage] * DRIFT
        out[stage] = int(min(cap, high, max(MIN_SIMULATIONS, low, new)))
    return out


def header(args: argparse.Namespace) -> dict[str, Any]:
    return {"kind": "header", "game": GAME, "seconds": args.seconds, "seed": args.seed,
            "calibration_positions": args.calibration_positions,
            "max_simulations": args.max_simulations}


def load(path: Path) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
    """The header and game records of a results file (a torn last line is dropped)."""
    head, games = None, []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            item = json.loads(line)
        except json.JSONDecodeError:
            continue
        if item.get("kind") == "header":
            head = item
        elif "game" in item:
            games.append(item)
    return head, games


def report(head: dict[str, Any], games: list[dict[str, Any]]) -> str:
    done = [g for g in games if g["status"] == "done"]
    timeouts = [g["game"] for g in games if g["status"] != "done"]
    lines = []
    if done:
        n = len(done)
        share = sum(g["result"] for g in done)
        lo, hi = wilson_interval(share, n)
        ours = statistics.mean(g["regalia_score"] for g in done)
        theirs = statistics.mean(g["openspiel_score"] for g in done)
        lines.append(f"regalia mcts win share {share / n:.3f} (95% Wilson {lo:.3f}-{hi:.3f}) "
                     f"over {n} games: {share:g} points")
        lines.append(f"mean score: regalia {ours:.1f}, OpenSpiel MCTSBot {theirs:.1f}")
    for side in ("regalia", "openspiel"):
        t = [x for g in games for x in g["times"][side]]
        if t:
            q = statistics.quantiles(t, n=20)[-1] if len(t) > 1 else t[0]
            lines.append(f"{side}: {len(t)} searched moves, {statistics.mean(t):.3f} s per "
                         f"move (median {statistics.median(t):.3f}, p95 {q:.3f}, "
                         f"max {max(t):.3f})")
    first = head.get("simulations", {})
    last = next((g["simulations"] for g in reversed(games) if "simulations" in g), first)
    lines.append("OpenSpiel MCTSBot simulations per move by stage (8 plies): first "
                 + ", ".join(str(first[k]) for k in sorted(first, key=int)) + "; last "
                 + ", ".join(str(last[k]) for k in sorted(last, key=int)))
    sims = [x[2] for g in games for x in g.get("searches", [])]
    if sims:
        lines.append(f"OpenSpiel MCTSBot: {statistics.mean(sims):.0f} simulations per "
                     f"searched move on average")
    ours = [x for g in games for x in g.get("playouts", [])]
    if ours:
        lines.append(f"regalia mcts: {statistics.mean(ours):.0f} iterations (playouts) per "
                     f"searched move on average")
    if timeouts:
        lines.append(f"{len(timeouts)} games over a guard, left out: {timeouts}")
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100, help="games to play (default 100)")
    ap.add_argument("--seconds", type=float, default=0.1, help="time per move (default 0.1)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the games' deals")
    ap.add_argument("--out", type=Path, default=None,
                    help="results file (JSON lines; default openspiel-mcts-S-sK.jsonl)")
    ap.add_argument("--fresh", action="store_true", help="start over, replacing --out")
    ap.add_argument("--report", action="store_true", help="print the figures of --out only")
    ap.add_argument("--calibration-positions", type=int, default=3,
                    help="positions per stage searched to calibrate MCTSBot (default 3)")
    ap.add_argument("--max-simulations", type=int, default=20_000,
                    help="upper bound of MCTSBot's simulations per move (default 20000)")
    ap.add_argument("--move-timeout", type=float, default=None,
                    help="seconds a move may take before its game is abandoned")
    ap.add_argument("--game-timeout", type=float, default=None,
                    help="seconds a game may take before it is abandoned")
    args = ap.parse_args()
    if args.games < 1 or args.seconds <= 0 or args.calibration_positions < 1 \
            or args.max_simulations < MIN_SIMULATIONS:
        ap.error("--games and --calibration-positions must be >= 1, --seconds > 0, "
                 f"--max-simulations >= {MIN_SIMULATIONS}")
    args.move_timeout = args.move_timeout or max(5.0, 50 * args.seconds)
    args.game_timeout = args.game_timeout or max(60.0, 400 * args.seconds)
    out = args.out or Path(f"openspiel-mcts-{args.seconds:g}-s{args.seed}.jsonl")

    want = header(args)
    head, games = (None, [])
    if out.exists() and not args.fresh:
        try:
            head, games = load(out)
        except (OSError, UnicodeDecodeError) as e:
            ap.error(f"cannot read {out}: {e}")
        if head is None:
            ap.error(f"{out} holds no header line; use --fresh to replace it")
        mismatch = [k for k in want if head.get(k) != want[k]]
        if mismatch and not args.report:
            ap.error(f"{out} was written with other settings ({', '.join(mismatch)}: "
                     f"{[head.get(k) for k in mismatch]}); use --fresh or another --out")
    if args.report:
        if head is None:
            ap.error(f"no results file {out}")
        print(report(head, games))
        return 0

    if out.is_dir() or not out.parent.is_dir():
        ap.error(f"--out {out}: not a file in an existing directory")
    game = pyspiel.load_game(GAME)
    print(machine_line())
    if head is None:
        print(f"calibrating OpenSpiel MCTSBot to {args.seconds} s per move ...", flush=True)
        counts = calibrate(game, args.seconds, args.calibration_positions,
                           args.max_simulations)
        head = dict(want, simulations={str(k): v for k, v in counts.items()},
                    machine=machine_line())
        out.write_text(json.dumps(head) + "\n", encoding="utf-8")
        games = []
    first = {int(k): v for k, v in head["simulations"].items()}
    counts = dict(first)
    for g in games:      # resume with the counts the last game played left
        if "simulations" in g:
            counts = {int(k): v for k, v in g["simulations"].items()}
            counts = recalibrate(counts, first, g, args.seconds, args.max_simulations)
    played = {g["game"] for g in games}
    todo = [i for i in range(args.games) if i not in played]
    print(f"Kingdomino 2p, {args.games} games ({len(played)} in {out} already), "
          f"{args.seconds} s per move; MCTSBot simulations by stage now: "
          + ", ".join(str(counts[k]) for k in sorted(counts)), flush=True)
    signal.signal(signal.SIGALRM, _alarm)
    start = time.perf_counter()
    for k, index in enumerate(todo):
        record = play_game(game, index, args, counts)
        record["simulations"] = {str(k): v for k, v in counts.items()}
        counts = recalibrate(counts, first, record, args.seconds, args.max_simulations)
        with out.open("a", encoding="utf-8") as f:
            f.write(json.dumps(record) + "\n")
        games.append(record)
        done = [g for g in games if g["status"] == "done"]
        share = sum(g["result"] for g in done)
        lo, hi = wilson_interval(share, len(done)) if done else (0.0, 1.0)
        eta = (time.perf_counter() - start) / (k + 1) * (len(todo) - k - 1)
        what = (f"result {record['result']:g} ({record['regalia_score']}-"
                f"{record['openspiel_score']})" if record["status"] == "done"
                else f"TIMEOUT at ply {record['plies']}")
        print(f"game {index + 1}/{args.games}: regalia seat {record['regalia_seat']}, {what}; "
              f"regalia {share:g}/{len(done)} = {share / max(1, len(done)):.3f} "
              f"[{lo:.3f}, {hi:.3f}]; about {eta / 60:.0f} min left", flush=True)
    print(report(head, [g for g in games if g["game"] < args.games]))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        print("\ninterrupted; the games played are in the results file (run again to "
              "resume)", file=sys.stderr)
        sys.exit(130)
