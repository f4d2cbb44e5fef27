"""Smoke test of an installed wheel: one game of every game and configuration.

Run by ``.ci/run`` with the Python of a fresh virtual environment into which only the
built wheel (and its dependencies) was installed, from a directory outside the source
tree, so that ``import regalia`` finds the installed package and nothing else. It fails
(exit 1) when a game's component data is missing from the wheel, a game or a
configuration does not use the game's compiled engine (each game has one: issues 15 and
29), a configuration cannot load or play, or the ``regalia`` console script does not run a
match.

Configurations: every player count of every registered game, each variant on its own, and
each game's ``GameInfo.test_configs``. The web table's store (installed with the ``web``
extra) opens a new SQLite file: its schema comes from the migrations the wheel ships.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import regalia
from regalia.arena import play_match
from regalia.core.errors import ParameterError
from regalia.core.registry import list_games


def configurations(info) -> list[dict]:
    """The ``load_game`` keyword sets to play for one game."""
    configs: list[dict] = [{"players": n} for n in range(info.min_players, info.max_players + 1)]
    for variant in info.variants:
        configs.append({"players": info.max_players, "variants": [variant]})
    configs.extend(dict(c) for c in info.test_configs)
    return configs


def main() -> int:
    here = Path(regalia.__file__).resolve()
    if "site-packages" not in here.parts:
        print(f"regalia was imported from {here}, not from an installed wheel")
        return 1
    failures = 0
    played = 0
    # issues 15 and 29: the wheel holds a compiled engine for every game, and every
    # configuration below uses it
    for info in list_games():
        engine = getattr(regalia.load_game(info.name), "engine", None)
        if engine != "compiled":
            print(f"FAIL {info.name}: the wheel's games use the {engine} engine, not the "
                  f"compiled one (is the extension missing from the wheel?)")
            failures += 1
    for info in list_games():
        for params in configurations(info):
            try:
                game = regalia.load_game(info.name, **params)
            except ParameterError as exc:
                # a variant that needs another player count (the Mighty Duel is 2 players)
                if "variants" in params:
                    params = {**params, "players": info.min_players if info.min_players > 1 else 2}
                    try:
                        game = regalia.load_game(info.name, **params)
                    except ParameterError:
                        print(f"skip {info.name} {params}: {exc}")
                        continue
                else:
                    print(f"FAIL {info.name} {params}: {exc}")
                    failures += 1
                    continue
            except Exception as exc:  # missing data files end here (DataError)
                print(f"FAIL {info.name} {params}: {type(exc).__name__}: {exc}")
                failures += 1
                continue
            if getattr(game, "engine", None) != "compiled":
                print(f"FAIL {info.name} {params}: played by the "
                      f"{getattr(game, 'engine', None)} engine, not the compiled one")
                failures += 1
                continue
            try:
                result = play_match(game, ["random"] * game.num_players, seed=1)
                replayed = result.record.replay()
                assert replayed.scores() == result.scores, "replay gave other scores"
            except Exception as exc:  # the smoke test reports every failure, then fails
                print(f"FAIL {info.name} {params}: {type(exc).__name__}: {exc}")
                failures += 1
                continue
            played += 1
            print(f"ok   {info.name} {params}: scores {result.scores}")
    script = shutil.which("regalia")
    if script is None:
        print("FAIL the regalia console script is not on PATH")
        return 1
    commands = [[script, "games"],
                [script, "match", "cascadito", "-p", "greedy"],
                [script, "match", "two-heirs", "--solo", "--level", "1"],
                [script, "match", "kingdomino", "--players", "greedy,random,random,random",
                 "--seed", "1"],
                [script, "match", "inheritors", "--players", "greedy,random", "--seed", "2"]]
    for command in commands:
        done = subprocess.run(command, capture_output=True, text=True, timeout=600)
        text = done.stdout + done.stderr
        if done.returncode != 0 or "Traceback" in text or "cannot load" in text:
            print(f"FAIL {' '.join(command[1:])} (exit {done.returncode}):\n{text[-2000:]}")
            failures += 1
        else:
            print(f"ok   regalia {' '.join(command[1:])}")
    failures += store_smoke()
    failures += language_smoke()
    print(f"{played} configurations played from the wheel, {failures} failures")
    return 1 if failures else 0


def store_smoke() -> int:
    """Open a new web store and store a table (1 on failure: migrations missing from the
    wheel end here)."""
    try:
        from regalia.web.store import SeatRow, Store
        from regalia.web.store.migrate import head

        with tempfile.TemporaryDirectory() as tmp:
            store = Store(f"sqlite:///{tmp}/smoke.sqlite")
            store.create_table("smoke", "kingdomino", {"players": 2}, 2**127,
                               [SeatRow(0, "here", None, "P1", None)])
            assert store.load("smoke").seed == 2**127
            assert store.revisions == (None, head()), store.revisions
            store.close()
    except Exception as exc:
        print(f"FAIL the web store: {type(exc).__name__}: {exc}")
        return 1
    print(f"ok   the web store opens at schema revision {head()}")
    return 0


def language_smoke() -> int:
    """The German catalogues ship and load (1 when an area's ``.po`` is missing or German
    falls back to English)."""
    from regalia.core import i18n
    from regalia.core.catalogues import AREAS

    folder = i18n.catalogue_dir() / "de" / "LC_MESSAGES"
    missing = [area for area in AREAS if not (folder / f"{area}.po").is_file()]
    with i18n.using("de"):
        corner = i18n._("Scoring item")
    count = len(i18n.messages("de").singular)
    if missing or corner == "Scoring item" or count < 1000:
        print(f"FAIL German: catalogues missing {missing}, {count} messages, "
              f"'Scoring item' -> {corner!r}")
        return 1
    print(f"ok   German: {count} messages ('Scoring item' -> {corner!r})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
