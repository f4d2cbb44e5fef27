"""Engine cost before and after a change, in one run: instructions per action by callgrind
(deterministic, load-independent: the figure to quote), or interleaved wall time.

Each side (``--before``, ``--after``) is a commit (checked out into a temporary worktree
with ``git worktree add --detach`` and removed afterwards) or a directory holding a
regalia tree (``.`` for the working tree as it is, uncommitted changes included). For
each game the same fixed workload runs on both sides in a child process with that
side's ``src`` on ``PYTHONPATH``: random games from deals ``0, 1, ...`` played through
the public contract only (``legal_actions`` / ``apply_action``; a decision is
``legal[rng.randrange(len(legal))]``, a chance node ``sample_chance_outcome(rng)``, one
``random.Random(deal)`` per game). The child prints the number of actions and a digest
of every history, so the report says whether both sides played the same games (they do
unless the rules changed between the two).

``callgrind`` mode (the default): each workload runs twice under ``valgrind
--tool=callgrind`` with ``PYTHONHASHSEED=0``, once with the warm-up games only and once
with the warm-up games followed by the measured ones; the difference of the two
instruction totals divided by the measured games' actions is the cost of one action,
start-up, imports and first-use tables excluded. ``wall`` mode (for a machine without
valgrind): ``--repeat`` rounds alternate the sides, each child timing the measured games
after its warm-up with ``time.process_time``; the best round per side is shown. CPU time
on a shared machine is noisy: give wall mode a larger workload (``--scale 10``) and
several rounds.

The engine: ``--engine pure`` (the default) sets ``REGALIA_PURE=1``; ``--engine
compiled`` builds each side's extension (``python setup.py build_ext --inplace``) in a
temporary worktree (a directory side must have it built) and measures the games with a
compiled engine (every game since issue 29, :data:`COMPILED`), leaving out, with a note,
a game that either side has not built (Cascadito before its compiled engine, say).

Usage::

    python benchmarks/bench_instructions.py --before 8d87292 --after HEAD
    python benchmarks/bench_instructions.py --before HEAD --after . --games kingdomino
    python benchmarks/bench_instructions.py --mode wall --repeat 5

Output: one line per game, ``instructions/action`` (or ``us/action``) before and after,
``after/before`` ratio (below 1.00: the after side is cheaper), actions per side and
whether the games were the same.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

#: Workload per game: the game's registered name (Two Heirs has been ``two-heirs`` since
#: before issue 18), its parameters, variants played where the side's game offers them,
#: warm-up games, measured games. Cascadito plays ``deferred-bottom-row`` where it exists:
#: the rule of the engine before issue 17, so that both sides of an older comparison play
#: the same games.
WORKLOADS: dict[str, tuple[str, dict[str, object], tuple[str, ...], int, int]] = {
    "kingdomino": ("kingdomino", {"players": 4}, (), 3, 60),
    "two-heirs": ("two-heirs", {"players": 2}, (), 2, 12),
    "cascadito": ("cascadito", {"players": 2}, ("deferred-bottom-row",), 2, 20),
    "inheritors": ("inheritors", {"players": 3}, (), 2, 30),
}

#: The games with a compiled engine: workload -> the package folder of its ``_engine``.
COMPILED = {"kingdomino": "kingdomino", "two-heirs": "two_heirs", "cascadito": "cascadito",
            "inheritors": "inheritors"}

REPO = Path(__file__).resolve().parent.parent


# ---------------------------------------------------------------------- the child
def child(name: str, params: dict[str, object], variants: tuple[str, ...], warm: int,
          measured: int) -> None:
    """Play ``warm`` then ``measured`` random games; print the measured games' actions,
    their CPU seconds and a digest of every game's history (all on one line)."""
    import random

    import regalia

    offered = next(info.variants for info in regalia.list_games() if info.name == name)
    chosen = [v for v in variants if v in offered]
    game = regalia.load_game(name, **params, **({"variants": chosen} if chosen else {}))
    digest = hashlib.sha256()

    def one(deal: int) -> int:
        rng = random.Random(deal)
        state = game.new_initial_state(deal)
        n = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance_outcome(rng))
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
            n += 1
        digest.update(repr(state.history()).encode())
        return n

    for deal in range(warm):
        one(deal)
    actions = 0
    start = time.process_time()
    for deal in range(warm, warm + measured):
        actions += one(deal)
    seconds = time.process_time() - start
    print(f"RESULT {actions} {seconds:.6f} {digest.hexdigest()[:16]}")


# ---------------------------------------------------------------------- the sides
@dataclass
class Side:
    label: str      # what the user gave
    path: Path      # the tree whose src/ runs
    temporary: bool


def open_side(spec: str, label: str, build: bool, keep: list[Side]) -> Side:
    """``spec`` as a tree: an existing directory as it is, else a commit checked out
    into a temporary worktree (with the compiled extension built when ``build``)."""
    if Path(spec).is_dir():
        side = Side(f"{label} {spec}", Path(spec).resolve(), False)
        keep.append(side)
        return side
    rev = subprocess.run(["git", "-C", str(REPO), "rev-parse", "--short", spec + "^{commit}"],
                         capture_output=True, text=True)
    if rev.returncode != 0:
        sys.exit(f"bench_instructions: {spec!r} is neither a directory nor a commit "
                 f"({rev.stderr.strip()})")
    path = Path(tempfile.mkdtemp(prefix=f"bench-{label}-"))
    path.rmdir()
    subprocess.run(["git", "-C", str(REPO), "worktree", "add", "--detach", "--quiet",
                    str(path), rev.stdout.strip()], check=True)
    side = Side(f"{label} {spec} ({rev.stdout.strip()})", path, True)
    keep.append(side)
    if build and (path / "setup.py").exists():
        print(f"building the extension in {path} ...", file=sys.stderr, flush=True)
        subprocess.run([sys.executable, "setup.py", "build_ext", "--inplace"], cwd=path,
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return side


def close_sides(sides: list[Side]) -> None:
    for side in sides:
        if side.temporary:
            subprocess.run(["git", "-C", str(REPO), "worktree", "remove", "--force",
                            str(side.path)], check=False)
            shutil.rmtree(side.path, ignore_errors=True)


def has_compiled(side: Side, game: str) -> bool:
    """Whether ``side`` has ``game``'s compiled engine built."""
    return any((side.path / "src/regalia/games" / COMPILED[game]).glob("_engine*.so"))


# ---------------------------------------------------------------------- running
def run_child(side: Side, game: str, warm: int, measured: int, engine: str,
              callgrind: bool) -> tuple[int, float, str, int | None]:
    """(actions, CPU seconds, digest, instructions or None) of one child run."""
    _, params, variants, _, _ = WORKLOADS[game]
    env = dict(os.environ, PYTHONPATH=str(side.path / "src"), PYTHONHASHSEED="0")
    env.pop("REGALIA_PURE", None)
    if engine == "pure":
        env["REGALIA_PURE"] = "1"
    cmd = [sys.executable, str(Path(__file__).resolve()), "--child", game,
           "--child-params", repr((params, variants)), "--warm", str(warm), "--measured", str(measured)]
    out_file = None
    if callgrind:
        fd, out_file = tempfile.mkstemp(prefix="callgrind-", suffix=".out")
        os.close(fd)
        cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out_file}",
               "--dump-instr=no", "--compress-strings=no"] + cmd
    try:
        proc = subprocess.run(cmd, env=env, capture_output=True, text=True, cwd=side.path)
        result = [line for line in proc.stdout.splitlines() if line.startswith("RESULT ")]
        if proc.returncode != 0 or not result:
            sys.exit(f"bench_instructions: the workload failed on {side.label} ({game}):\n"
                     f"{proc.stderr[-2000:]}")
        _, actions, seconds, digest = result[-1].split()
        instructions = read_total(Path(out_file)) if out_file else None
    finally:
        if out_file:
            Path(out_file).unlink(missing_ok=True)
    return int(actions), float(seconds), digest, instructions


def read_total(path: Path) -> int:
    """The instruction total of a callgrind output file (its ``totals:`` or
    ``summary:`` line)."""
    for line in path.read_text().splitlines():
        if line.startswith(("totals:", "summary:")):
            return int(line.split()[1])
    raise SystemExit(f"bench_instructions: no totals in {path}")


def measure_callgrind(side: Side, game: str, engine: str,
                      measured: int) -> tuple[float, int, str]:
    """(instructions per measured action, measured actions, digest) of ``measured`` games
    after the game's warm-up."""
    warm = WORKLOADS[game][3]
    _, _, _, base = run_child(side, game, warm, 0, engine, True)
    actions, _, digest, total = run_child(side, game, warm, measured, engine, True)
    assert base is not None and total is not None
    return (total - base) / actions, actions, digest


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Instructions (callgrind) or wall time per action of random games, "
                    "before and after a change, with the ratio per game.")
    parser.add_argument("--before", default="8d87292",
                        help="commit or directory of the reference (default 8d87292, the "
                             "tree before issue 18's restructuring)")
    parser.add_argument("--after", default="HEAD",
                        help="commit or directory to compare (default HEAD; '.' is the "
                             "working tree with its uncommitted changes)")
    parser.add_argument("--games", nargs="+", choices=sorted(WORKLOADS), default=list(WORKLOADS),
                        help="games to measure (default all four)")
    parser.add_argument("--engine", choices=("pure", "compiled"), default="pure",
                        help="pure (REGALIA_PURE=1, the default) or the compiled engine")
    parser.add_argument("--mode", choices=("callgrind", "wall"), default="callgrind",
                        help="callgrind instruction counts (default) or interleaved "
                             "CPU time, best of --repeat")
    parser.add_argument("--repeat", type=int, default=5,
                        help="wall mode: rounds, each running both sides (default 5)")
    parser.add_argument("--scale", type=float, default=1.0,
                        help="multiply every game's number of measured games (default 1)")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--child-params", help=argparse.SUPPRESS)
    parser.add_argument("--warm", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--measured", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)

    if args.child:
        import ast

        params, variants = ast.literal_eval(args.child_params)
        child(WORKLOADS[args.child][0], params, variants, args.warm, args.measured)
        return 0
    if args.repeat < 1 or args.scale <= 0:
        parser.error("--repeat must be at least 1 and --scale positive")
    if args.mode == "callgrind" and shutil.which("valgrind") is None:
        parser.error("valgrind is not installed: use --mode wall")

    def measured(game: str) -> int:
        """The game's measured games, times --scale (at least 1)."""
        return max(1, round(WORKLOADS[game][4] * args.scale))

    if args.engine == "compiled":
        args.games = [g for g in args.games if g in COMPILED]
        if not args.games:
            parser.error(f"only {', '.join(COMPILED)} have a compiled engine")

    sides: list[Side] = []
    try:
        before = open_side(args.before, "before", args.engine == "compiled", sides)
        after = open_side(args.after, "after", args.engine == "compiled", sides)
        if args.engine == "compiled":
            for game in list(args.games):
                missing = [side.label for side in (before, after)
                           if not has_compiled(side, game)]
                if missing:
                    print(f"{game}: left out, no compiled engine built in "
                          f"{' and '.join(missing)}", flush=True)
                    args.games.remove(game)
            if not args.games:
                sys.exit("bench_instructions: neither side has a compiled engine built "
                         "(build it, or compare with --engine pure)")
        unit = "instr/action" if args.mode == "callgrind" else "us/action"
        print(f"{args.mode}, {args.engine} engine; before = {before.label}; "
              f"after = {after.label}")
        print(f"{'game':<12} {'before ' + unit:>20} {'after ' + unit:>20} {'ratio':>7} "
              f"{'actions':>15}  same games")
        for game in args.games:
            if args.mode == "callgrind":
                b, nb, db = measure_callgrind(before, game, args.engine, measured(game))
                a, na, da = measure_callgrind(after, game, args.engine, measured(game))
            else:
                warm = WORKLOADS[game][3]
                best = {0: float("inf"), 1: float("inf")}
                runs = {}
                for _ in range(args.repeat):
                    for i, side in enumerate((before, after)):
                        n, seconds, digest, _ = run_child(side, game, warm,
                                                          measured(game), args.engine,
                                                          False)
                        best[i] = min(best[i], seconds)
                        runs[i] = (n, digest)
                (nb, db), (na, da) = runs[0], runs[1]
                b, a = best[0] / nb * 1e6, best[1] / na * 1e6
            print(f"{game:<12} {b:>20,.0f} {a:>20,.0f} {a / b:>7.3f} {nb:>7}/{na:<7}  "
                  f"{'yes' if db == da else 'no (the rules changed between the sides)'}"
                  if args.mode == "callgrind" else
                  f"{game:<12} {b:>20.2f} {a:>20.2f} {a / b:>7.3f} {nb:>7}/{na:<7}  "
                  f"{'yes' if db == da else 'no (the rules changed between the sides)'}",
                  flush=True)
    finally:
        close_sides(sides)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
