"""The balance lab: many exact games between fixed agents, answering a designer's question
about a game (``regalia study``).

* :func:`plan_study`: a question (:data:`QUESTIONS`), a game, a lineup, deals and a seed ->
  a :class:`StudyPlan` (the settings it plays, read from the game's balance facts through
  :mod:`regalia.core.balance`; no game is imported here).
* :func:`run_study`: plays the plan's games on any executor (serial, process pool, Ray),
  resumably into a directory.
* :func:`finish`: ``games.csv``, ``summary.json`` and ``report.html`` in that directory.

Statistics: :mod:`.stats`; tables: :mod:`.analysis`, :mod:`.components`; plots (matplotlib,
the ``study`` extra): :mod:`.plots`; the page: :mod:`.report`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

from regalia.arena.tournament import check_deals, check_lineup
from regalia.core.balance import ComponentKind, variant_arms
from regalia.core.balance import components as component_settings
from regalia.core.errors import ParameterError
from regalia.core.game import Game
from regalia.core.i18n import N_, _
from regalia.core.registry import load_game

from .plan import (MAX_GAMES, QUESTIONS, Arm, StudyGame, StudyPlan, StudyTask, check_total,
                   lineup_label, play_study_game)
from .run import GAMES_FILE, PLAN_FILE, StudyDirError, prepare, run_study, stored_plan

REPORT_FILE, CSV_FILE, SUMMARY_FILE = "report.html", "games.csv", "summary.json"


def check_question(question: str) -> str:
    """``question`` normalised (lower case), or ParameterError listing the questions."""
    q = str(question).strip().lower()
    if q not in QUESTIONS:
        raise ParameterError(_("unknown question {question}; questions: {questions}").format(
            question=repr(question), questions=", ".join(QUESTIONS)))
    return q


def _label(setting: dict[str, Any], others: Sequence[dict[str, Any]]) -> str:
    keys = [k for k in setting if any(o.get(k) != setting[k] for o in others)]
    if not keys:
        return "game"
    return " ".join(f"{k}={','.join(map(str, v)) if isinstance(v, list) else v}"
                    for k, v in ((k, setting[k]) for k in keys))


def plan_study(question: str, game: Game, lineup: Sequence[str], deals: int, seed: int,
               data: Sequence[str] = (), fixed: Sequence[str] = ()) -> StudyPlan:
    """The plan of a study (see :mod:`.plan` for the design of each question).

    Args:
        question: one of :data:`QUESTIONS`.
        game: the game as the user set it up (its parameters are the base of every arm).
        lineup: one agent spec per seat.
        deals: 1 to :data:`regalia.arena.tournament.MAX_DEALS`.
        data: ``compare`` only: one or two component files (one: compared with the game's
            bundled data; two: the first against the second).
        fixed: parameters the user set, which a components study does not vary.

    Raises:
        ParameterError: an unknown question, a bad count, a lineup that does not fit, data
            files for another question, a game without components or variants to study,
            or more than :data:`MAX_GAMES` games. DataError: a data file that does not
            validate. UnknownNameError: a bad agent spec.
    """
    q = check_question(question)
    check_deals(deals, _("--games (the number of deals)"))
    lineup = check_lineup(game, lineup)
    name, params = game.info.name, dict(game.params)
    kinds: tuple[ComponentKind, ...] = ()
    if data and q != "compare":
        raise ParameterError(_("several --data files are for the compare question; give at "
                               "most one (the game's data) to the others"))
    if q in ("seats", "scores"):
        arms = [Arm("game", params)]
    elif q == "components":
        kinds, settings = component_settings(name, params, fixed)
        arms = [Arm(_label(s, settings), s) for s in settings]
    elif q == "variants":
        base, options = variant_arms(name, params)
        if not options:
            raise ParameterError(_("{game} has no variant or ruling option to compare with "
                                   "these parameters ({params})").format(
                game=_(game.info.title), params=params))
        arms = [Arm("base", base, N_("the game without the options below"))]
        arms += [Arm(o.name, dict(o.params), o.description) for o in options]
    else:
        if not 1 <= len(data) <= 2:
            raise ParameterError(_("compare needs --data B.toml (against the bundled data) or "
                                   "--data A.toml --data B.toml (A against B)"))
        files = list(data) if len(data) == 2 else [None, data[0]]
        bare = {k: v for k, v in params.items() if k != "data"}
        arms = []
        for letter, path in zip("AB", files):
            p = bare if path is None else {**bare, "data": str(path)}
            # the names and descriptions are the plan's identity (study.json): kept in
            # English, shown translated (text.arm_name, text.arm_description)
            arm_label = N_("A: bundled data") if path is None else f"{letter}: {Path(path).name}"
            arms.append(Arm(arm_label, load_game(name, **p).params,
                            N_("the component file") if path is None
                            else f"the component file {path}"))  # i18n: no
        try:
            kinds, _settings = component_settings(name, params)
        except ParameterError:
            kinds = ()
    for arm in arms:  # every setting must load before any game runs
        load_game(name, **arm.params)
    plan = StudyPlan(q, name, tuple(arms), tuple(lineup), deals, seed, kinds)
    check_total(deals, len(arms), plan.rotations, plan.paired)
    return plan


def finish(out: Path, plan: StudyPlan, games: Sequence[StudyGame], run: dict[str, Any],
           command: str) -> dict[str, Any]:
    """Write ``games.csv``, ``summary.json``, ``report.html`` and the plots (``plots/*.svg``)
    into ``out``; return the summary."""
    from . import report  # noqa: PLC0415  (matplotlib, the study extra)
    from .summary import summarise, write_csv, write_summary  # noqa: PLC0415

    summary = summarise(plan, games, run)
    summary["command"] = command
    write_csv(out / CSV_FILE, plan, games)
    write_summary(out / SUMMARY_FILE, summary)
    report.write(out, summary, games, command)
    return summary


__all__ = ["plan_study", "run_study", "prepare", "finish", "check_question", "QUESTIONS", "MAX_GAMES",
           "StudyPlan", "StudyGame", "StudyTask", "Arm", "play_study_game", "lineup_label",
           "StudyDirError", "stored_plan", "REPORT_FILE", "CSV_FILE", "SUMMARY_FILE",
           "GAMES_FILE", "PLAN_FILE"]
