"""Matches, tournaments, ratings and executors.

- :func:`play_match`: one game between agents.
- :func:`run_tournament`: a lineup plays fixed deals in every seat rotation, run by an
  :class:`Executor` (serial, a process pool, or Ray); :class:`TournamentResult` gives the
  per-agent :func:`standings` (win rate with a 95% Wilson interval, mean score,
  Bradley-Terry rating on the Elo scale) and writes JSON and CSV.
- :mod:`regalia.arena.ratings`: the statistics, in pure Python.
"""

from .executors import (BACKENDS, BackendUnavailable, Executor, ProcessExecutor, RayExecutor,
                        SerialExecutor, default_workers, make_executor)
from .match import MatchResult, play_match
from .ratings import Comparisons, bradley_terry, elo_ratings, mean_std, wilson_interval
from .tournament import (AgentStats, GameFailed, GameResult, GameTask, TournamentResult,
                         deal_seeds, expand_lineup, rotate, run_tournament, standings,
                         tournament_tasks)

__all__ = ["play_match", "MatchResult",
           "run_tournament", "TournamentResult", "GameResult", "GameTask", "AgentStats",
           "GameFailed", "standings", "tournament_tasks", "expand_lineup", "rotate",
           "deal_seeds",
           "Executor", "SerialExecutor", "ProcessExecutor", "RayExecutor", "make_executor",
           "BackendUnavailable", "BACKENDS", "default_workers",
           "Comparisons", "bradley_terry", "elo_ratings", "wilson_interval", "mean_std"]
