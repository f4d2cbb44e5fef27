"""Tournaments: a lineup of agents plays a fixed list of deals in every seat rotation.

The scheme (duplicate play, as in duplicate bridge):

- The **lineup** names one agent spec per seat, ``P`` entries for a ``P``-player game;
  an agent may appear several times (``mcts:seconds=1, greedy, greedy, greedy``).
  :func:`expand_lineup` fills ``P`` seats from fewer agents by repeating them in order
  (``A, B`` for 4 seats is ``A, B, A, B``; for 3 seats ``A, B, A``).
- **Deals**: deal ``i`` has the seed ``derive_seed(seed, "deal", i)``; that seed is the
  dealer's seed of every game of the deal, so all of them see the same shuffles.
- **Rotations**: each deal is played ``P`` times. In rotation ``r`` (``0 <= r < P``) seat
  ``s`` holds lineup entry ``(s - r) mod P``: every lineup entry sits in every seat exactly
  once per deal, on the same cards. A tournament of ``N`` deals is ``N * P`` games; game
  ``i * P + r`` is deal ``i`` in rotation ``r``.
- **Agent seeds**: as in :func:`regalia.arena.play_match`, the agent in seat ``s`` of a
  game with dealer seed ``d`` has generator seed ``derive_seed(d, "seat", s)`` (unless its
  spec fixes ``seed=``).

Every game is a function of its task alone (game, agents per seat, seed), so any executor
(serial, a process pool, Ray) gives the same results; they are sorted by game index.
Agents with a *time* budget (``seconds=``) are the exception: how far they search depends
on the machine and its load.

Statistics (see :mod:`regalia.arena.ratings`) are per distinct agent spec: games are the
seats it played (an agent listed three times in a lineup plays three seats per game).
"""

from __future__ import annotations

import csv
import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from regalia.agents.base import check_spec, derive_seed
from regalia.core.errors import ParameterError, RegaliaError
from regalia.core.game import Game
from regalia.core.params import shown
from regalia.core.registry import load_game
from regalia.core.state import State

from .executors import Executor, SerialExecutor
from .match import play_match
from .ratings import Comparisons, bradley_terry, elo_ratings, mean_std, wilson_interval
from regalia.core.i18n import format_number, N_, _

TOURNAMENT_FORMAT = "regalia-tournament"
ROTATION_SCHEME = ("each deal is played once per seat rotation; in rotation r, seat s "  # i18n: no
                   "holds lineup entry (s - r) mod P")  # i18n: no (a field of the JSON results)
#: The columns of the CSV file, one row per game per seat.
CSV_COLUMNS = ("game", "deal", "rotation", "seed", "seat", "agent", "score", "return", "rank",
               "length", "moves", "think_seconds", "game_seconds")

#: ``progress(done, total, result)``, called as each game finishes.
Progress = Callable[[int, int, "GameResult"], None]


class GameFailed(RegaliaError):
    """A game of a tournament raised an error (usually a bug in an agent); the message
    names the game, its seed and its agents, so it can be replayed alone."""


# ---------------------------------------------------------------------- tasks and results
@dataclass(frozen=True)
class GameTask:
    """One game to play: everything a worker needs (picklable, game rebuilt by name)."""

    index: int
    deal: int
    rotation: int
    seed: int
    agents: tuple[str, ...]
    game: str
    params: Mapping[str, Any] = field(hash=False)


@dataclass(frozen=True)
class GameResult:
    """One finished game.

    Attributes:
        index, deal, rotation: the game's place in the tournament.
        seed: the dealer's seed (the deal's seed).
        agents: the agent spec in each seat.
        scores: game points per seat; returns: victory shares per seat (1 win, 1/k a win
            shared by k players, 0 a loss).
        length: actions in the game, chance outcomes included; moves: agents' decisions.
        actions: every action id (with the game and seed, the game replays exactly).
        seat_moves: decisions per seat.
        seconds: wall time of the game; seat_seconds: thinking time per seat (neither is
            part of equality: they vary between runs).
    """

    index: int
    deal: int
    rotation: int
    seed: int
    agents: tuple[str, ...]
    scores: tuple[float, ...]
    returns: tuple[float, ...]
    length: int
    moves: int
    actions: tuple[int, ...] = ()
    seat_moves: tuple[int, ...] = ()
    seconds: float = field(default=0.0, compare=False)
    seat_seconds: tuple[float, ...] = field(default=(), compare=False)

    def ranks(self) -> list[int]:
        """1-based finishing place per seat by (return, score); equal players share one."""
        keys = list(zip(self.returns, self.scores))
        return [1 + sum(1 for other in keys if other > k) for k in keys]

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "deal": self.deal, "rotation": self.rotation,
                "seed": self.seed, "agents": list(self.agents), "scores": list(self.scores),
                "returns": list(self.returns), "ranks": self.ranks(), "length": self.length,
                "moves": self.moves, "seat_moves": list(self.seat_moves),
                "seconds": round(self.seconds, 6),
                "seat_seconds": [round(x, 6) for x in self.seat_seconds],
                "actions": list(self.actions)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "GameResult":
        return cls(index=int(data["index"]), deal=int(data["deal"]),
                   rotation=int(data["rotation"]), seed=int(data["seed"]),
                   agents=tuple(data["agents"]), scores=tuple(data["scores"]),
                   returns=tuple(data["returns"]), length=int(data["length"]),
                   moves=int(data["moves"]), actions=tuple(data.get("actions", ())),
                   seat_moves=tuple(data.get("seat_moves", ())),
                   seconds=float(data.get("seconds", 0.0)),
                   seat_seconds=tuple(data.get("seat_seconds", ())))


_GAMES: dict[str, Game] = {}


def _worker_game(name: str, params: Mapping[str, Any]) -> Game:
    key = json.dumps([name, dict(params)], sort_keys=True)
    game = _GAMES.get(key)
    if game is None:
        game = _GAMES[key] = load_game(name, **params)
    return game


def run_game(task: GameTask) -> GameResult:
    """Play one tournament game (the function the executors run in their workers).

    Raises:
        GameFailed: the game raised; the message names the game, seed and agents.
    """
    return play_task(task)[0]


def play_task(task: GameTask) -> tuple[GameResult, State]:
    """Play the game of ``task``: its :class:`GameResult` and its terminal state (for a
    caller that reads more of the finished game, such as a balance study).

    Raises:
        GameFailed: the game raised; the message names the game, seed and agents.
    """
    start = last = time.perf_counter()
    seats = len(task.agents)
    moves = [0] * seats
    think = [0.0] * seats

    def count(state: Any, action: int) -> None:
        # called after the agent chose, before the action is applied: the time since the
        # previous call is this decision's (plus a negligible apply_action / chance draw)
        nonlocal last
        now = time.perf_counter()
        if not state.is_chance_node():
            seat = state.current_player()
            moves[seat] += 1
            think[seat] += now - last
        last = now

    try:
        game = _worker_game(task.game, task.params)
        last = time.perf_counter()
        match = play_match(game, list(task.agents), task.seed, on_step=count)
    except Exception as exc:  # noqa: BLE001  (reported with the game that failed)
        raise GameFailed(_("game {index} (deal {deal}, rotation {rotation}, seed {seed}, "
                           "agents {agents}) failed: {kind}: {exc}").format(
            index=task.index, deal=task.deal, rotation=task.rotation, seed=task.seed,
            agents=", ".join(task.agents), kind=type(exc).__name__, exc=exc)) from exc
    state = match.state
    return GameResult(index=task.index, deal=task.deal, rotation=task.rotation,
                      seed=task.seed, agents=task.agents,
                      scores=tuple(state.scores()), returns=tuple(state.returns()),
                      length=len(state.history()), moves=sum(moves),
                      actions=tuple(state.history()), seat_moves=tuple(moves),
                      seconds=time.perf_counter() - start, seat_seconds=tuple(think)), state


# ---------------------------------------------------------------------- the scheme
def expand_lineup(agents: Sequence[str], players: int) -> list[str]:
    """``players`` seats filled from ``agents`` repeated in order (``A, B`` for 4 seats:
    ``A, B, A, B``).

    Raises:
        ParameterError: no agents, or more agents than seats.
    """
    agents = [a.strip() for a in agents]
    if not agents:
        raise ParameterError(_("a tournament needs at least one agent"))
    if len(agents) > players:
        raise ParameterError(_("{n} agents for {players} seats: list at most one agent per "
                               "seat").format(n=len(agents), players=players))
    return [agents[s % len(agents)] for s in range(players)]


def rotate(lineup: Sequence[str], rotation: int) -> list[str]:
    """The agents per seat in ``rotation``: seat ``s`` holds ``lineup[(s - rotation) % P]``."""
    p = len(lineup)
    return [lineup[(s - rotation) % p] for s in range(p)]


def deal_seeds(seed: int, deals: int) -> list[int]:
    """The dealer's seed of each deal: ``derive_seed(seed, "deal", i)``."""
    return [derive_seed(seed, "deal", i) for i in range(deals)]


def check_lineup(game: Game, lineup: Sequence[str]) -> list[str]:
    """The lineup, stripped, checked: one agent per seat, every spec builds.

    Raises:
        ParameterError: the wrong number of agents; UnknownNameError: a bad spec.
    """
    lineup = [str(a).strip() for a in lineup]
    if len(lineup) != game.num_players:
        raise ParameterError(_("{title} with these parameters has {num_players} seats; the "
                               "lineup has {n} agents (one per seat)").format(title=game.info.title, num_players=game.num_players, n=len(lineup)))
    for spec in lineup:
        check_spec(spec, game)  # raises UnknownNameError naming the spec
    return lineup


#: The most deals one run may play: a tournament keeps every game in memory (about 1 kB
#: each with its actions), and at the fastest agents' tens of games per core-second this is
#: already hours of work.
MAX_DEALS = 100_000


def check_deals(deals: int, option: str = N_("the number of deals")) -> int:
    """``deals`` if it is a whole number from 1 to :data:`MAX_DEALS`.

    Raises:
        ParameterError: naming ``option`` and the accepted range.
    """
    if isinstance(deals, bool) or not isinstance(deals, int) or not 1 <= deals <= MAX_DEALS:
        raise ParameterError(_("{option} must be a whole number from 1 to {max_deals}, got "
                               "{deals}").format(option=option, max_deals=format_number(MAX_DEALS), deals=shown(deals)))
    return deals


def tournament_tasks(game: Game, lineup: Sequence[str], deals: int,
                     seed: int = 0) -> list[GameTask]:
    """Every game of the tournament in index order (see the module doc for the scheme)."""
    lineup = check_lineup(game, lineup)
    check_deals(deals)
    p = len(lineup)
    name, params = game.info.name, dict(game.params)
    return [GameTask(index=i * p + r, deal=i, rotation=r, seed=ds,
                     agents=tuple(rotate(lineup, r)), game=name, params=params)
            for i, ds in enumerate(deal_seeds(seed, deals)) for r in range(p)]


# ---------------------------------------------------------------------- statistics
@dataclass(frozen=True)
class AgentStats:
    """One agent's results over the seats it played.

    Attributes:
        agent: the spec. games: seats played. wins: sum of victory shares.
        win_rate, ci_low, ci_high: ``wins / games`` and its 95% Wilson interval.
        mean_score, std_score: game points (sample standard deviation).
        rating: Bradley-Terry strength on the Elo scale (ratings average 0); ``None``
            when infinite (only possible with ``prior=0``).
        seat_games, seat_wins: games and wins per seat.
        moves: decisions made; seconds_per_move: mean thinking time per decision (varies
            between runs, unlike everything else here).
    """

    agent: str
    games: int
    wins: float
    win_rate: float
    ci_low: float
    ci_high: float
    mean_score: float
    std_score: float
    rating: float | None
    seat_games: tuple[int, ...]
    seat_wins: tuple[float, ...]
    moves: int = 0
    seconds_per_move: float = field(default=0.0, compare=False)

    def to_json(self) -> dict[str, Any]:
        return {"agent": self.agent, "games": self.games, "wins": self.wins,
                "win_rate": self.win_rate, "ci95": [self.ci_low, self.ci_high],
                "mean_score": self.mean_score, "std_score": self.std_score,
                "rating": self.rating, "seat_games": list(self.seat_games),
                "seat_wins": list(self.seat_wins), "moves": self.moves,
                "seconds_per_move": self.seconds_per_move}


def standings(games: Sequence[GameResult], agents: Sequence[str] | None = None,
              prior: float = 1.0) -> list[AgentStats]:
    """Per-agent statistics of ``games`` (see :mod:`regalia.arena.ratings`).

    Args:
        games: finished games.
        agents: the order of the rows (default: order of first appearance).
        prior: the Bradley-Terry prior (virtual draws per agent).
    """
    order: list[str] = list(dict.fromkeys(agents or []))
    for g in games:
        for a in g.agents:
            if a not in order:
                order.append(a)
    seats = max((len(g.agents) for g in games), default=0)
    scores: dict[str, list[float]] = {a: [] for a in order}
    wins = {a: [0.0] * seats for a in order}
    count = {a: [0] * seats for a in order}
    moves = {a: 0 for a in order}
    think = {a: 0.0 for a in order}
    comps = Comparisons()
    for a in order:
        comps.add_agent(a)  # every agent gets a rating, even without a comparison
    for g in games:
        for s, a in enumerate(g.agents):
            scores[a].append(g.scores[s])
            wins[a][s] += g.returns[s]
            count[a][s] += 1
            if g.seat_moves:
                moves[a] += g.seat_moves[s]
            if g.seat_seconds:
                think[a] += g.seat_seconds[s]
        comps.add_game(list(g.agents), list(g.returns), list(g.scores))
    elo = elo_ratings(bradley_terry(comps, prior=prior))
    out = []
    for a in order:
        n = sum(count[a])
        w = sum(wins[a])
        lo, hi = wilson_interval(min(w, n), n)
        mean, std = mean_std(scores[a]) if scores[a] else (0.0, 0.0)
        r = elo.get(a)
        out.append(AgentStats(agent=a, games=n, wins=w, win_rate=w / n if n else 0.0,
                              ci_low=lo, ci_high=hi, mean_score=mean, std_score=std,
                              rating=r if r is not None and abs(r) != float("inf") else None,
                              seat_games=tuple(count[a]), seat_wins=tuple(wins[a]),
                              moves=moves[a],
                              seconds_per_move=think[a] / moves[a] if moves[a] else 0.0))
    return out


# ---------------------------------------------------------------------- the tournament
@dataclass
class TournamentResult:
    """All games of a tournament (sorted by index) and its parameters.

    Attributes:
        game, params: the game's registry name and ``load_game`` parameters.
        lineup: one agent spec per seat (rotation 0).
        deals, seed: the number of deals and the base seed of their seeds.
        games: the results, game ``i * P + r`` is deal ``i`` in rotation ``r``.
        backend: how the games were run (for the record); elapsed: wall seconds.
    """

    game: str
    params: dict[str, Any]
    lineup: list[str]
    deals: int
    seed: int
    games: list[GameResult]
    backend: str = field(default="", compare=False)
    elapsed: float = field(default=0.0, compare=False)

    @property
    def num_players(self) -> int:
        return len(self.lineup)

    @property
    def agents(self) -> list[str]:
        """The distinct agent specs, in lineup order."""
        return list(dict.fromkeys(self.lineup))

    def standings(self, prior: float = 1.0) -> list[AgentStats]:
        """Per-agent statistics, in lineup order."""
        return standings(self.games, self.agents, prior=prior)

    # ------------------------------------------------------------------ output
    def to_json(self) -> dict[str, Any]:
        """Parameters, per-agent summary and every game (a JSON-able dict)."""
        return {"format": TOURNAMENT_FORMAT, "version": 1, "game": self.game,
                "params": self.params, "lineup": self.lineup, "deals": self.deals,
                "seed": self.seed, "rotation": ROTATION_SCHEME,
                "deal_seeds": deal_seeds(self.seed, self.deals),
                "num_games": len(self.games), "backend": self.backend,
                "elapsed_seconds": round(self.elapsed, 3),
                "summary": [s.to_json() for s in self.standings()],
                "games": [g.to_json() for g in self.games]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "TournamentResult":
        """Rebuild from :meth:`to_json` (the summary is recomputed, not read)."""
        if data.get("format") != TOURNAMENT_FORMAT:
            raise RegaliaError(_("not a {expected} file (format {format!r})").format(
            expected=TOURNAMENT_FORMAT, format=data.get("format")))
        return cls(game=data["game"], params=dict(data["params"]), lineup=list(data["lineup"]),
                   deals=int(data["deals"]), seed=int(data["seed"]),
                   games=[GameResult.from_json(g) for g in data["games"]],
                   backend=str(data.get("backend", "")),
                   elapsed=float(data.get("elapsed_seconds", 0.0)))

    def csv_rows(self) -> list[dict[str, Any]]:
        """One row per game per seat, keys :data:`CSV_COLUMNS` (``length`` and
        ``game_seconds`` are the game's; ``moves`` and ``think_seconds`` the seat's)."""
        rows = []
        for g in self.games:
            ranks = g.ranks()
            for s, agent in enumerate(g.agents):
                rows.append({"game": g.index, "deal": g.deal, "rotation": g.rotation,
                             "seed": g.seed, "seat": s, "agent": agent, "score": g.scores[s],
                             "return": g.returns[s], "rank": ranks[s], "length": g.length,
                             "moves": g.seat_moves[s] if g.seat_moves else "",
                             "think_seconds": (round(g.seat_seconds[s], 6)
                                               if g.seat_seconds else ""),
                             "game_seconds": round(g.seconds, 6)})
        return rows

    def write_json(self, path: str | Path) -> Path:
        path = Path(path)
        path.write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")
        return path

    def write_csv(self, path: str | Path) -> Path:
        path = Path(path)
        with path.open("w", newline="", encoding="utf-8") as fh:
            writer = csv.DictWriter(fh, fieldnames=CSV_COLUMNS)
            writer.writeheader()
            writer.writerows(self.csv_rows())
        return path

    def save(self, path: str | Path) -> tuple[Path, Path]:
        """Write ``NAME.json`` (everything) and ``NAME.csv`` (one row per game per seat)
        beside it; ``path`` may end in ``.json``, ``.csv`` or neither."""
        json_path, csv_path = output_paths(path)
        return self.write_json(json_path), self.write_csv(csv_path)


def output_paths(path: str | Path) -> tuple[Path, Path]:
    """``results.json`` / ``results.csv`` / ``results`` -> (``results.json``, ``results.csv``)."""
    path = Path(path)
    stem = path.name[:-len(path.suffix)] if path.suffix.lower() in (".json", ".csv") else path.name
    return path.with_name(stem + ".json"), path.with_name(stem + ".csv")


def run_tournament(game: Game, lineup: Sequence[str], deals: int, seed: int = 0,
                   executor: Executor | None = None,
                   progress: Progress | None = None) -> TournamentResult:
    """Play ``deals`` deals, each once per seat rotation of ``lineup`` (``deals * P`` games).

    Args:
        game: the game (its parameters fix the seat count ``P``).
        lineup: one agent spec per seat (see :func:`expand_lineup` for fewer agents).
        deals: how many deals (seeds), at least 1.
        seed: the base seed of the deal seeds.
        executor: where the games run (default: :class:`SerialExecutor`; see
            :func:`regalia.arena.executors.make_executor`).
        progress: ``progress(done, total, result)`` after each game, in this process.

    Returns:
        :class:`TournamentResult` with the games sorted by index.

    Raises:
        ParameterError: a lineup of the wrong size, or ``deals < 1``.
        UnknownNameError: a bad agent spec. GameFailed: a game raised.
    """
    tasks = tournament_tasks(game, lineup, deals, seed)
    executor = executor or SerialExecutor()
    start = time.perf_counter()
    results: list[GameResult] = []
    for result in executor.map_unordered(run_game, tasks):
        results.append(result)
        if progress is not None:
            progress(len(results), len(tasks), result)
    results.sort(key=lambda r: r.index)
    return TournamentResult(game=game.info.name, params=dict(game.params),
                            lineup=list(tasks[0].agents), deals=deals, seed=seed,
                            games=results, backend=executor.describe(),
                            elapsed=time.perf_counter() - start)


__all__ = ["run_tournament", "TournamentResult", "GameResult", "GameTask", "AgentStats",
           "GameFailed", "standings", "tournament_tasks", "expand_lineup", "rotate",
           "deal_seeds", "check_lineup", "run_game", "play_task", "check_deals", "MAX_DEALS",
           "output_paths", "CSV_COLUMNS",
           "ROTATION_SCHEME", "TOURNAMENT_FORMAT"]
