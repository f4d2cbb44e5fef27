"""The committed golden playthroughs: one transcript per game configuration, compared
with a fresh playthrough by ``tests/golden/test_golden.py`` and rewritten only on purpose.

    python -m regalia.testing.golden            # check: list the files that differ
    python -m regalia.testing.golden --write    # rewrite them all (after a wanted change)
    python -m regalia.testing.golden --write --game inheritors   # one game's files only

The files are ``tests/golden/<config id>.txt`` (ids from :func:`config_id`), one per
configuration of :func:`conformance_configs` (each player count, each variant, all
variants, each ``GameInfo.test_configs`` entry), each dealt from :data:`SEED` with
observations recorded in detail for the first :data:`DETAIL_PLIES` plies and at the end
(the files stay small: about 11 MB for all). Exit codes: 0 all equal (or written), 1 some
differ or are missing or stale, 2 bad usage.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Sequence

from regalia.core import list_games, load_game
from regalia.core.registry import normalise_name

from .configs import Config, config_id, conformance_configs
from .playthrough import playthrough

#: the dealer seed of every golden playthrough
SEED = 1
#: plies recorded with every seat's observation and information state (then only the
#: legal actions, chance outcomes and actions, and the full end)
DETAIL_PLIES = 100


def _default_dir() -> Path:
    """``tests/golden`` of the source checkout this module runs from, else of the current
    directory (an installed copy has no tests beside it)."""
    checkout = Path(__file__).resolve().parents[3]
    if (checkout / "pyproject.toml").is_file() and (checkout / "tests").is_dir():
        return checkout / "tests" / "golden"
    return Path.cwd() / "tests" / "golden"


#: where the transcripts live
DEFAULT_DIR = _default_dir()


def golden_configs(game: str | None = None) -> dict[str, Config]:
    """File name -> configuration, for every registered game (or only ``game``)."""
    return {f"{config_id(c)}.txt": c for c in conformance_configs()
            if game is None or c[0] == game}


def render(config: Config) -> str:
    """The golden transcript of one configuration."""
    name, params = config
    return playthrough(load_game(name, **params), SEED, detail_plies=DETAIL_PLIES)


def _excerpt(line: str, at: int, width: int = 160) -> str:
    start = max(0, at - width // 2)
    return ("…" if start else "") + line[start:start + width] + (
        "…" if start + width < len(line) else "")


def first_difference(expected: str, actual: str) -> str | None:
    """None when equal; else the first differing line (1-based number, both versions,
    cut around the first differing character)."""
    if expected == actual:
        return None
    old, new = expected.splitlines(), actual.splitlines()
    for i in range(max(len(old), len(new))):
        a = old[i] if i < len(old) else "<end of file>"
        b = new[i] if i < len(new) else "<end of transcript>"
        if a != b:
            at = next((k for k, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
            header = next((line for line in reversed(old[:i]) if line.startswith("ply ")), "")
            where = f"line {i + 1}" + (f" ({header})" if header else "")
            return (f"{where} differs at column {at + 1}:\n"
                    f"  file:    {_excerpt(a, at)}\n  now:     {_excerpt(b, at)}")
    return "the line endings differ"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m regalia.testing.golden",
        description="Check the golden playthroughs against the engines, or rewrite them "
                    "on purpose after a wanted change of behaviour.")
    parser.add_argument("--write", action="store_true",
                        help="rewrite the files (and delete stale ones when no --game)")
    parser.add_argument("--game", help="only this game's files (a registered name)")
    parser.add_argument("--dir", type=Path, default=DEFAULT_DIR,
                        help=f"the transcripts' directory (default: {DEFAULT_DIR})")
    args = parser.parse_args(argv)
    game = None if args.game is None else normalise_name(args.game)
    configs = golden_configs(game)
    if not configs:
        known = ", ".join(info.name for info in list_games())
        parser.error(f"no game named {args.game!r}; games: {known}")
    if not args.write and not args.dir.is_dir():
        parser.error(f"no directory {args.dir}")
    args.dir.mkdir(parents=True, exist_ok=True)
    bad = 0
    for i, (filename, config) in enumerate(configs.items(), 1):
        path = args.dir / filename
        text = render(config)
        if args.write:
            changed = not path.exists() or path.read_text(encoding="utf-8") != text
            path.write_text(text, encoding="utf-8", newline="\n")
            status = "written (changed)" if changed else "written (unchanged)"
        elif not path.exists():
            status, bad = "MISSING", bad + 1
        else:
            diff = first_difference(path.read_text(encoding="utf-8"), text)
            status = "ok" if diff is None else f"DIFFERS: {diff}"
            bad += diff is not None
        print(f"[{i}/{len(configs)}] {filename}: {status}", flush=True)
    if game is None:
        for path in sorted(args.dir.glob("*.txt")):
            if path.name not in configs:
                if args.write:
                    path.unlink()
                    print(f"{path.name}: deleted (no such configuration)")
                else:
                    print(f"{path.name}: STALE (no such configuration)")
                    bad += 1
    if bad:
        print(f"{bad} file(s) differ; if the change is wanted: "
              f"python -m regalia.testing.golden --write", file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(130)
