"""The game review: every decision of one seat judged by a strong search from what that
seat knew, labelled best, good, inaccuracy, mistake or blunder, with the better move and
the curve of the seat's chances (docs/review.md).

Layer: built on the agents and the core (and the games' drawings through the core
registry); it imports no game. Entry point: :func:`review_game`.

Example::

    from regalia.core.record import GameRecord
    from regalia.review import Budget, review_game

    review = review_game(GameRecord.load("game.json"), seat=0,
                         budget=Budget(iterations=200), seed=1)
    for d in review["decisions"]:
        print(d["ply"], d["played"]["notation"], d["label"], d["cost"])
"""

from __future__ import annotations

import math
import time
from pathlib import Path
from typing import Any, Callable, Mapping

from regalia.core.errors import ParameterError, RegaliaError
from regalia.core.i18n import _
from regalia.core.record import GameRecord
from regalia.core.registry import ReviewSettings, game_drawing
from regalia.core.seat_record import SeatRecord
from regalia.core.state import State

from .board import marked_board, move_clicks
from .judge import LABELS, Budget, Judge, Verdict, settings_for
from .positions import Moment, SeatGame, seat_game
from .report import REVIEW_FORMAT, Decision, Move, Point, Review, Search, key_moments

#: ``progress(done, total)``: called before the first decision (0) and after each one.
Progress = Callable[[int, int], None]


class ReviewStopped(Exception):
    """Raised by a progress callback to stop a review; :func:`review_game` then returns
    the decisions judged so far with ``complete`` False."""


def review_game(record: GameRecord | SeatRecord, seat: int | None = None,
                budget: Budget | None = None, progress: Progress | None = None,
                seed: int = 0, data: str | Path | None = None,
                resume: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Review ``record`` for ``seat``: a JSON-able dict (:class:`~.report.Review`).

    Safe in a worker process: it reads nothing but its arguments (and the games'
    registered data), keeps no state between calls, and returns plain JSON types.
    Deterministic for a given ``seed`` under an iteration budget.

    Args:
        record: a full game record, or a seat record (a game with hidden information:
            its own seat only).
        seat: the seat to review (0-based); None: a seat record's own seat.
        budget: search iterations and/or seconds per decision, and/or seconds for the
            whole review (default: the game's documented budget,
            :func:`regalia.core.registry.game_review`). A decision
            costs at most 2.5 times the iterations (the checks of a move the search did
            not choose), and a game has at most ``max_game_length`` plies.
        progress: ``progress(done, total)`` after each decision; it may raise
            :class:`ReviewStopped` to end the review early (the result then has
            ``complete`` False).
        seed: seeds every search and every hidden outcome drawn.
        data: the component data file of a game played with one (see
            :func:`regalia.core.record.build_recorded_game`).
        resume: a review this function returned with ``complete`` False for the same
            record, seat, seed and search: its decisions are kept and the review goes on
            from the next one (a server runs a long review in slices). Each decision is
            searched with a seed of its own, so a review made in slices under an
            iteration budget is the one made at once.

    Raises:
        RecordError: the record fails its check (as ``regalia replay`` refuses it).
        ParameterError: ``seat`` is not a seat, or not the seat record's own seat in a
            game with hidden information; a bad budget; a ``resume`` that is not a
            review of this record, seat, seed and search.
    """
    budget = budget or Budget()
    seen = seat_game(record, seat, seed, data)
    judge = Judge(seen.game, seen.seat, budget, seed)
    drawing = game_drawing(seen.game.info.name)
    total = len(seen.moments)
    decisions: list[Decision] = _resumed(resume, seen, judge)
    complete = True
    deadline = (time.monotonic() + budget.total_seconds
                if budget.total_seconds is not None else None)
    searched = [len(m.legal) > 1 for m in seen.moments]
    try:
        if progress is not None:
            progress(len(decisions), total)
        for k, moment in enumerate(seen.moments[len(decisions):], start=len(decisions)):
            if deadline is not None and searched[k]:
                share = max(0.01, deadline - time.monotonic()) / sum(searched[k:])
                judge.seconds = share if budget.seconds is None else min(budget.seconds,
                                                                          share)
            decisions.append(_decision(moment, judge.judge(moment), seen.seat, drawing))
            if progress is not None:
                progress(len(decisions), total)
    except ReviewStopped:
        complete = False
    return _review(seen, judge, budget, decisions, complete).model_dump(mode="json")


def _resumed(resume: Mapping[str, Any] | None, seen: SeatGame, judge: Judge
             ) -> list[Decision]:
    """The decisions of ``resume`` (see :func:`review_game`), checked against ``seen``.

    Raises:
        ParameterError: ``resume`` is not a review of this game, seat, seed and search.
    """
    if resume is None:
        return []
    try:
        earlier = Review.model_validate(resume)
    except ValueError as exc:
        raise ParameterError(_("resume is not a review: {error}").format(error=exc)) from None
    same = (earlier.game == seen.game.info.name and earlier.seat == seen.seat
            and earlier.search.seed == judge.seed and earlier.search.spec == judge.spec
            and earlier.search.iterations == judge.iterations
            and len(earlier.decisions) <= len(seen.moments)
            and all(d.index == m.index and d.ply == m.ply and d.played.action == m.played
                    for d, m in zip(earlier.decisions, seen.moments)))
    if not same:
        raise ParameterError(_("resume is a review of another game, seat, seed or search; "
                               "start the review again without it"))
    return list(earlier.decisions)


def judge_position(state: State, action: int, budget: Budget | None = None, seed: int = 0,
                   settings: ReviewSettings | None = None) -> Verdict:
    """Judge one decision: ``action`` played by the seat to move in ``state`` (a decision
    node), as :func:`review_game` judges each decision of a record. The search decides
    from that seat's information only (it samples what the seat cannot see), so ``state``
    may hold the real hidden cards.

    Args:
        settings: the search and thresholds (default: the game's).

    Raises:
        RegaliaError: ``state`` is a chance node or terminal; IllegalActionError:
            ``action`` is not legal there.
    """
    if state.is_terminal() or state.is_chance_node():
        raise RegaliaError(_("a decision is judged at a decision node, not at a chance node "
                             "or the end of the game"))
    legal = state.legal_actions()
    if action not in legal:
        raise state.illegal(action, _("it is not one of the legal actions here"))
    seat = state.current_player()
    moment = Moment(0, len(state.history()), 0, state.clone(), state.observation(seat), legal,
                    action, state.action_to_string(action))
    return Judge(state.game, seat, budget or Budget(), seed, settings).judge(moment)


def _move(moment: Moment, action: int, value: float, drawing: Any) -> Move:
    clicks = move_clicks(drawing, moment.observation, action) if drawing else []
    return Move(action=action, notation=moment.state.action_to_string(action),
                value=None if math.isnan(value) else value, clicks=clicks)


def _decision(moment: Moment, verdict: Verdict, seat: int, drawing: Any) -> Decision:
    played = _move(moment, moment.played, verdict.played_value, drawing)
    best = played if verdict.best == moment.played else _move(
        moment, verdict.best, verdict.best_value, drawing)
    forced = len(moment.legal) == 1

    def num(v: float) -> float | None:
        return None if math.isnan(v) else v

    return Decision(index=moment.index, ply=moment.ply, turn=moment.turn, seat=seat,
                    observation=moment.observation, legal=len(moment.legal), forced=forced,
                    played=played, best=best,
                    better=best if verdict.better is not None else None,
                    value_before=num(verdict.value_before),
                    value_after=num(verdict.value_after), cost=verdict.cost,
                    label=verdict.label, iterations=verdict.visits)


def _review(seen: SeatGame, judge: Judge, budget: Budget, decisions: list[Decision],
            complete: bool) -> Review:
    keys = key_moments(decisions)
    for d in decisions:
        d.key = d.index in keys
    curve = [Point(index=d.index, ply=d.ply, value=d.value_after)
             for d in decisions if d.value_after is not None]
    measure = judge.measure(seen.moments[0]) if seen.moments else (
        "score" if judge.solo else "win")
    best, inaccuracy, mistake, blunder = judge.thresholds
    game = seen.game
    n = game.num_players
    # the stand-in labels stay English in the JSON (language-free); report.player_label
    # shows them in the language in force
    players = seen.players if len(seen.players) == n else [
        f"Seat {i + 1}" for i in range(n)]  # i18n: no
    return Review(game=game.info.name, title=game.info.title, params=game.params,
                  players=players, seat=seen.seat, measure=measure,
                  unit="points" if judge.solo else "win chance",  # i18n: no (keys)
                  thresholds={"best": best, "inaccuracy": inaccuracy, "mistake": mistake,
                              "blunder": blunder},
                  evidence=judge.settings.evidence,
                  search=Search(spec=judge.spec, iterations=judge.iterations,
                                seconds=budget.seconds, total_seconds=budget.total_seconds,
                                seed=judge.seed),
                  decisions=decisions, curve=curve, key_moments=keys,
                  counts={k: sum(d.label == k for d in decisions) for k in LABELS},
                  decision_count=len(seen.moments),
                  total_cost=sum(d.cost for d in decisions),
                  scores=seen.scores, returns=seen.returns, complete=complete)


__all__ = ["review_game", "judge_position", "Verdict", "Budget", "ReviewStopped", "Progress", "Review", "Decision",
           "Move", "LABELS", "REVIEW_FORMAT", "marked_board", "move_clicks", "seat_game",
           "settings_for"]
