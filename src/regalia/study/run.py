"""Running a study into its directory, resumably.

``DIR/study.json`` holds the plan (:meth:`StudyPlan.identity`); ``DIR/games.jsonl`` gets one
line per finished game (its result, actions, turn order and components) the moment it
finishes, flushed, so an interrupted run (Ctrl-C, a closed terminal, a killed machine) loses
at most the games that were running. Running the same study into the same directory again
plays only the games missing (a torn last line is dropped and its game played again); since
every game depends only on its task, the finished study is the one an uninterrupted run
gives. A directory holding a study with other settings is refused, naming them, unless the
caller asks to restart it.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any, Callable, Sequence

from regalia.arena.executors import Executor, SerialExecutor
from regalia.core.errors import RegaliaError
from regalia.core.i18n import _

from .plan import StudyGame, StudyPlan, play_study_game

STUDY_FORMAT = "regalia-study"
PLAN_FILE = "study.json"
GAMES_FILE = "games.jsonl"


class StudyDirError(RegaliaError):
    """An output directory that holds another study, or cannot be written."""


def _describe_difference(old: dict[str, Any], new: dict[str, Any]) -> str:
    keys = [k for k in new if old.get(k) != new.get(k)]
    shown = []
    for k in keys:
        a, b = json.dumps(old.get(k)), json.dumps(new.get(k))
        if len(a) > 60:
            a = a[:57] + "..."
        if len(b) > 60:
            b = b[:57] + "..."
        shown.append(_("{setting} {old} there, {new} now").format(setting=k, old=a, new=b))
    return "; ".join(shown) or _("unknown")


def stored_plan(out: Path) -> dict[str, Any] | None:
    """The plan stored in ``out`` (``study.json``), or None when there is none readable."""
    try:
        data = json.loads((out / PLAN_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("format") != STUDY_FORMAT:
        return None
    plan = data.get("plan")
    return plan if isinstance(plan, dict) else None


def prepare(out: Path, plan: StudyPlan, restart: bool = False) -> list[StudyGame]:
    """Make ``out`` ready for ``plan``; return the games an earlier run already finished.

    Raises:
        StudyDirError: ``out`` is a file, cannot be created, or holds another study (the
            message names the settings that differ).
    """
    if out.exists() and not out.is_dir():
        raise StudyDirError(_("--out {path}: a file is there; give a directory").format(
            path=out))
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StudyDirError(_("--out {path}: cannot create the directory ({error})").format(
            path=out, error=exc)) from None
    identity = plan.identity()
    old = stored_plan(out)
    games_path = out / GAMES_FILE
    if restart or old is None:
        if games_path.exists() and old is None and not restart:
            raise StudyDirError(_("--out {path}: holds {games} but no {plan}; give another "
                                  "directory, or --restart to replace it").format(
                path=out, games=GAMES_FILE, plan=PLAN_FILE))
        _write_plan(out, identity)
        games_path.write_text("", encoding="utf-8")
        return []
    if old != identity:
        raise StudyDirError(_("--out {path} holds another study ({differences}); give another "
                              "directory, the same settings to resume it, or --restart to "
                              "discard its games").format(
            path=out, differences=_describe_difference(old, identity)))
    return load_games(games_path, plan)


def _write_plan(out: Path, identity: dict[str, Any]) -> None:
    text = json.dumps({"format": STUDY_FORMAT, "version": 1, "plan": identity}, indent=1)
    try:
        (out / PLAN_FILE).write_text(text + "\n", encoding="utf-8")
    except OSError as exc:
        raise StudyDirError(_("cannot write {path}: {error}").format(
            path=out / PLAN_FILE, error=exc)) from None


def load_games(path: Path, plan: StudyPlan) -> list[StudyGame]:
    """The finished games in ``path`` that belong to ``plan`` (a damaged line, e.g. the torn
    last line of a killed run, is dropped: its game is played again)."""
    games: dict[int, StudyGame] = {}
    kept: dict[int, str] = {}
    tasks = plan.tasks()
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError:
        return []
    for line in lines:
        try:
            game = StudyGame.from_json(json.loads(line))
        except (ValueError, KeyError, TypeError):
            continue
        i = game.index
        if 0 <= i < len(tasks) and tasks[i].task.seed == game.result.seed \
                and tasks[i].task.agents == game.result.agents and tasks[i].arm == game.arm:
            games[i] = game.without_actions()
            kept[i] = line
    if len(kept) < len(lines):  # rewrite without the damaged, repeated or foreign lines
        path.write_text("".join(kept[i] + "\n" for i in sorted(kept)), encoding="utf-8")
    return [games[i] for i in sorted(games)]


#: ``progress(done, total)`` after each game, in this process.
Progress = Callable[[int, int], None]


def run_study(plan: StudyPlan, executor: Executor | None = None, out: Path | None = None,
              restart: bool = False, progress: Progress | None = None,
              finished: Sequence[StudyGame] | None = None
              ) -> tuple[list[StudyGame], int, float]:
    """Play the games of ``plan`` that ``out`` does not hold yet.

    Args:
        executor: where the games run (default: this process).
        out: the study directory (None: nothing is stored, nothing resumed).
        restart: discard the games an earlier run stored in ``out``.
        progress: ``progress(done, total)`` after each game (``done`` counts the games of
            an earlier run too).
        finished: the games :func:`prepare` returned, when the caller prepared ``out``
            itself (to show how many there are before the run starts).

    Returns:
        (every game sorted by index, without actions; how many came from an earlier run;
        wall seconds of this run).

    Raises:
        StudyDirError: see :func:`prepare`. GameFailed: a game raised.
    """
    executor = executor or SerialExecutor()
    tasks = plan.tasks()
    if finished is not None:
        done = list(finished)
    else:
        done = prepare(out, plan, restart) if out is not None else []
    have = {g.index for g in done}
    todo = [t for t in tasks if t.task.index not in have]
    games = list(done)
    start = time.perf_counter()
    sink = (out / GAMES_FILE).open("a", encoding="utf-8") if out is not None else None
    try:
        for game in executor.map_unordered(play_study_game, todo):
            if sink is not None:
                sink.write(json.dumps(game.to_json(), separators=(",", ":")) + "\n")
                sink.flush()
            games.append(game.without_actions())
            if progress is not None:
                progress(len(games), len(tasks))
    finally:
        if sink is not None:
            sink.close()
    games.sort(key=lambda g: g.index)
    return games, len(done), time.perf_counter() - start


__all__ = ["run_study", "prepare", "load_games", "stored_plan", "StudyDirError",
           "STUDY_FORMAT", "PLAN_FILE", "GAMES_FILE"]
