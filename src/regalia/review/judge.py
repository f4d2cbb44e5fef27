"""Judging one decision: the search's best move, the played move's cost, the label.

Method (docs/review.md, "How a decision is judged"):

1. **Search.** The game's review search (:class:`~regalia.core.registry.ReviewSettings`:
   an ``ismcts`` spec and a budget of ``N`` iterations) searches the position from the
   seat's information: every iteration starts from a determinization drawn by
   ``resample_from_infostate``, so the hidden cards are sampled, never read. Its choice
   (the most visited root action) is the *best move*.
2. **Check.** When the played move is not the search's choice, the choice, the search's
   runner-up (the next most visited move) and the played move are valued again, each by
   a search of ``N // 2`` iterations whose root tries only that move
   (:meth:`~regalia.agents.mcts.MCTSAgent.value_of`), all with the same seed and so on
   the same deals of the hidden cards: equal budgets, so a move the first search hardly
   visited is not judged on a handful of playouts, and a choice the first search made by
   luck is caught by its runner-up. The best of them is the *best move*; ``value_before``
   is its value, ``value_after`` the played move's, and the *cost* their difference (0
   when the played move comes out best: it is then labelled best and no better move is
   shown).
3. **Label.** The cost against the game's thresholds ``(best, inaccuracy, mistake,
   blunder)``: at most ``best`` best; below ``inaccuracy`` good; below ``mistake``
   inaccuracy; below ``blunder`` mistake; else blunder. A forced decision (one legal
   action) is best, without a search.

Values are victory shares (an estimated chance to win, in [0, 1]) when the seat has
opponents, and game points in a solo game (``value=points``: the margin over an automated
opponent such as Heinrich, or the final score).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from regalia.agents import ISMCTSAgent, derive_seed, make_agent, parse_spec
from regalia.agents.search import points_kind
from regalia.core.errors import ParameterError
from regalia.core.game import Game
from regalia.core.i18n import N_, _
from regalia.core.registry import ReviewSettings, game_review

from .positions import Moment

#: The labels, best first.
LABELS = ("best", "good", "inaccuracy", "mistake", "blunder")

#: The settings of a game that declares none (not calibrated: docs/review.md).
#: (The evidence is stored in the review in English; shown with ``_``.)
DEFAULT_SETTINGS = ReviewSettings("ismcts:playout=greedy", 400, (0.02, 0.05, 0.10, 0.20),
                                  N_("default settings, not calibrated for this game"))
DEFAULT_SOLO_SETTINGS = ReviewSettings("ismcts:playout=greedy", 400, (0.5, 2.0, 4.0, 8.0),
                                       N_("default settings, not calibrated for this game"))


def settings_for(game: Game) -> ReviewSettings:
    """The review's search, budget and thresholds for ``game``: those its package
    registers (:func:`~regalia.core.registry.game_review`: solo or with opponents), else
    :data:`DEFAULT_SETTINGS` (:data:`DEFAULT_SOLO_SETTINGS` for one seat)."""
    return game_review(game.info.name, game.num_players) or (
        DEFAULT_SOLO_SETTINGS if game.num_players == 1 else DEFAULT_SETTINGS)


@dataclass(frozen=True)
class Budget:
    """The search budget of a review, per decision.

    Attributes:
        iterations: the first search's iterations (None: the game's documented budget,
            or with ``seconds`` as many as they allow); the check of a move the search did
            not choose runs up to three searches of half as many. With an iteration budget
            and a seed a review is reproducible.
        seconds: a time cap per decision (None: none): half for the first search, the
            other half shared by the checks. A review under a time cap depends on the
            machine.
        total_seconds: a time cap for the whole review (None: none), shared by the
            decisions still to judge (each gets the time left over the decisions left,
            within ``seconds``): for a server's budget per table.
    """

    iterations: int | None = None
    seconds: float | None = None
    total_seconds: float | None = None

    def __post_init__(self) -> None:
        if self.iterations is not None and (type(self.iterations) is not int
                                            or self.iterations < 1):
            raise ParameterError(_("iterations per decision must be a whole number >= 1, "
                                   "not {value}").format(value=repr(self.iterations)))
        for name, value in ((N_("seconds per decision"), self.seconds),
                            (N_("seconds for the review"), self.total_seconds)):
            if value is not None and not (isinstance(value, (int, float))
                                          and 0 < value < math.inf):
                raise ParameterError(_("{name} must be a positive number, not {value}").format(
                    name=_(name), value=repr(value)))


@dataclass(frozen=True)
class Verdict:
    """How one decision was judged.

    Attributes:
        best: the best move found; better: the move shown as better (None when the played
            move is labelled best).
        played_value, best_value: the values of the played move and of the best move
            (NaN for a forced decision); value_before: the position's value (the better of
            the two), value_after: the played move's.
        cost: ``value_before - value_after`` (>= 0).
        label: one of :data:`LABELS`.
        visits: iterations spent on this decision (0 when forced).
    """

    best: int
    better: int | None
    played_value: float
    best_value: float
    value_before: float
    value_after: float
    cost: float
    label: str
    visits: int


class Judge:
    """The review's search for one game and seat.

    Args:
        game: the game; seat: the reviewed seat.
        budget: per decision; seed: the review's seed (each decision's search is seeded
            from it and the decision's ply).
        settings: the search and thresholds (default: the game's, else
            :data:`DEFAULT_SETTINGS`).

    Raises:
        ParameterError: the game's review spec is not an ``ismcts`` search.
    """

    def __init__(self, game: Game, seat: int, budget: Budget, seed: int = 0,
                 settings: ReviewSettings | None = None):
        settings = settings or settings_for(game)
        self.settings = settings
        self.seat = seat
        self.seed = seed
        #: the first search's iterations (None: as many as ``seconds`` allow)
        self.iterations: int | None = budget.iterations or (
            None if budget.seconds or budget.total_seconds else settings.iterations)
        self.seconds = budget.seconds
        self.solo = game.num_players == 1
        self.value = "points" if self.solo else "win"
        self.thresholds = settings.thresholds
        name, opts = parse_spec(settings.spec)
        if name != "ismcts":
            raise ParameterError(_("the review searches with ismcts (it decides from the "
                                   "seat's information), not {spec}").format(
                spec=repr(settings.spec)))
        for key in ("iterations", "seconds", "value", "seed"):
            opts.pop(key, None)
        self.spec = ":".join([name, ",".join(f"{k}={v}" for k, v in opts.items())]).rstrip(":")

    def measure(self, moment: Moment) -> str:
        """What values measure: ``"win"`` (a victory share), ``"margin"`` or ``"score"``
        (game points, solo)."""
        return points_kind(moment.state, self.seat) if self.solo else "win"

    def agent(self, iterations: int | None, seconds: float | None,
              ply: int) -> ISMCTSAgent:
        """The review search with this budget, seeded for the decision at ``ply``."""
        opts = f"value={self.value}"
        if iterations is not None:
            opts += f",iterations={iterations}"
        if seconds is not None:
            opts += f",seconds={seconds:g}"
        spec = self.spec + ("," if ":" in self.spec else ":") + opts
        agent = make_agent(spec, seed=derive_seed("review", self.seed, ply))
        assert isinstance(agent, ISMCTSAgent)   # the constructor checked the name
        return agent

    def judge(self, moment: Moment) -> Verdict:
        """Judge ``moment`` (see the module docstring)."""
        played = moment.played
        if len(moment.legal) == 1:
            nan = float("nan")
            return Verdict(played, None, nan, nan, nan, nan, 0.0, "best", 0)
        n, sec = self.iterations, self.seconds
        agent = self.agent(n, None if sec is None else sec / 2, moment.ply)
        best = agent.step(moment.state)
        visits = agent.last_iterations
        if best == played:
            stat = next(s for s in agent.last_stats if s.action == best)
            return Verdict(best, None, stat.value, stat.value, stat.value, stat.value, 0.0,
                           "best", visits)
        # the search's choice, its runner-up (by visits) and the played move, each valued
        # on a budget of its own and on the same deals of the hidden cards
        runner = next((s.action for s in agent.last_stats
                       if s.action not in (best, played)), None)
        candidates = [a for a in (best, runner, played) if a is not None]
        values = {}
        for action in candidates:
            check = self.agent(None if n is None else max(1, n // 2),
                               None if sec is None else sec / (2 * len(candidates)),
                               moment.ply)
            values[action] = check.value_of(moment.state, action).value
            visits += check.last_iterations
        top = max(candidates, key=lambda a: (values[a], a == played))
        before, after = values[top], values[played]
        cost = before - after
        label = self.label(cost)
        return Verdict(top, None if label == "best" else top, after, before, before, after,
                       cost, label, visits)

    def label(self, cost: float) -> str:
        """The label of a decision that cost ``cost`` (see the module docstring)."""
        best, inaccuracy, mistake, blunder = self.thresholds
        if cost <= best:
            return "best"
        if cost < inaccuracy:
            return "good"
        if cost < mistake:
            return "inaccuracy"
        if cost < blunder:
            return "mistake"
        return "blunder"
