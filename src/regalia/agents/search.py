"""Shared machinery of the search agents: budgets, playouts, value estimates, statistics.

Budgets. Every search agent takes ``iterations`` (playouts per move) or ``seconds`` (wall
time per move), or both (whichever ends first). With an iteration budget and a fixed seed
the agent is reproducible; a time budget depends on the machine's speed.

Playouts. A playout plays the game to its end from a copy of the state (in the game's
compiled code when it offers one, :meth:`~regalia.core.state.State.compiled_playout`, with
the same result): chance nodes sampled with the agent's own generator, decisions by a
*playout policy*: ``random`` (uniform over legal actions), ``greedy`` (the game's own fast
greedy policy when it offers one through :func:`regalia.core.registry.game_policy`, else
the generic one-step score maximiser of :mod:`regalia.agents.greedy`) or any other policy
the game registers (e.g. Inheritors' ``fast``); an unknown name fails when the search
starts. The value of a playout for each player is its ``returns()`` (victory share: 1 win,
1/k shared, 0 loss); ``value=margin`` blends in the score margin (:func:`margin_values`),
and ``value=points`` values a playout in game points (``State.margins()``: the score
margin, or the score of a seat without opponents), for solo games where every playout is
won (Cascadito) or lost (Two Heirs against Heinrich at level 3) and the victory share
cannot rank moves.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Callable

from regalia.core.errors import UnknownNameError
from regalia.core.game import Game
from regalia.core.policies import compiled_as, compiled_name
from regalia.core.registry import all_policy_names, game_policies, game_policy
from regalia.core.state import State

from .base import Agent
from .greedy import greedy_action
from regalia.core.i18n import N_, _

Policy = Callable[[State, random.Random], int]
DEFAULT_ITERATIONS = 1000


@compiled_as("random")
def random_action(state: State, rng: random.Random) -> int:
    legal = state.legal_actions()
    return legal[int(rng.random() * len(legal))]


def playout_policy(state: State, name: str) -> Policy:
    """The policy called ``name`` for the game of ``state``: ``random``, ``greedy`` (the
    game's own or the generic one) or another policy the game offers.

    Raises:
        UnknownNameError: the game offers no policy of that name.
    """
    if name == "random":
        return random_action
    offered = game_policy(state.game.info.name, name)
    if offered is not None:
        return offered
    if name == "greedy":
        return greedy_action
    raise UnknownNameError(_("{title} offers no playout policy {name!r}; available: "
                             "{available_policies}").format(title=state.game.info.title, name=name, available_policies=', '.join(available_policies(state.game.info.name))))


def available_policies(game: str) -> list[str]:
    """The playout policy names usable for ``game``: random, greedy and the game's own."""
    return ["random", "greedy"] + sorted(n for n in game_policies(game)
                                         if n not in ("random", "greedy"))


def playout(state: State, rng: random.Random, policy: Policy,
            value: str = "win", horizon: int = 0) -> list[float]:
    """Play ``state`` (mutated) to the end; returns each seat's value:
    ``value="win"``: ``state.returns()`` (victory share, in [0, 1]); ``value="margin"``:
    :func:`margin_values` (in [0, 1]); ``value="points"``: ``State.margins()`` (game
    points, unbounded).

    A policy that compiled code reproduces (marked with
    :func:`regalia.core.policies.compiled_as`, like :func:`random_action` and Kingdomino's
    greedy) is played by the game's compiled playout of that name when the state offers
    one (:meth:`~regalia.core.state.State.compiled_playout`): the same draws from ``rng``,
    the same result, only faster.

    ``horizon`` > 0 cuts the playout after that many decisions of the policy (chance
    outcomes not counted) and values the state as it stands: :func:`standing_values`."""
    name = compiled_name(policy)
    if horizon <= 0 and name is not None and state.compiled_playout(name, rng):
        return _terminal_values(state, value)
    k = 0   # the policy's decisions so far
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance_outcome(rng))
        elif 0 < horizon <= k:
            return standing_values(state, value)
        else:
            state.apply_action(policy(state, rng))
            k += 1
    return _terminal_values(state, value)


def _terminal_values(state: State, value: str) -> list[float]:
    if value == "margin":
        return margin_values(state)
    if value == "points":
        return state.margins()
    return state.returns()


def standing_values(state: State, value: str) -> list[float]:
    """Per seat, the value of a state that is not terminal, judged by the scores as they
    stand (a playout cut at its ``horizon``): ``points``: ``State.margins()``; ``win``: 1
    for a seat whose :meth:`~regalia.core.state.State.score_margin` is positive (it leads
    alone), else 0 (a seat without opponent: 0); ``margin``: :func:`margin_values` with that
    lead in place of the victory share."""
    if value == "points":
        return state.margins()
    out = []
    for k in range(state.game.num_players):
        m = state.score_margin(k)
        r = 1.0 if m is not None and m > 0 else 0.0
        out.append(_blend(state, k, r, m) if value == "margin" and m is not None else r)
    return out


def points_kind(state: State, player: int) -> str:
    """What ``value=points`` measures for ``player`` in this game: ``"margin"`` (it has an
    opponent, automated or not) or ``"score"`` (it plays for points alone)."""
    return "score" if state.score_margin(player) is None else "margin"


def margin_values(state: State) -> list[float]:
    """Per seat, half the victory share and half the score margin mapped into [0, 1]:
    ``0.5 * r + 0.5 * (0.5 + m / (4 * S))`` with ``r`` the seat's return, ``m`` its
    :meth:`~regalia.core.state.State.score_margin` and ``S = max(|own score|, |best
    opponent's score|, 1)``, so a margin of ``+-2S`` (the largest possible) gives 1 or 0.
    A seat with no opponent (``m`` None) keeps its return. Useful where nearly every
    playout is lost or won (a strong solo opponent), so that wins alone cannot rank moves."""
    ret = state.returns()
    out = []
    for k, r in enumerate(ret):
        m = state.score_margin(k)
        if m is None:
            out.append(r)
            continue
        out.append(_blend(state, k, r, m))
    return out


def _blend(state: State, seat: int, r: float, m: float) -> float:
    """``0.5 * r + 0.5 * (0.5 + m / (4 * S))``, ``S`` the larger of the seat's score and
    its best opponent's (at least 1): :func:`margin_values` of one seat."""
    own = state.player_score(seat)
    scale = max(abs(own), abs(own - m), 1.0)
    return 0.5 * r + 0.5 * (0.5 + m / (4.0 * scale))


def positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise ValueError(_("must be at least 1"))
    return value


def positive_float(text: str) -> float:
    value = float(text)
    if not value > 0 or math.isinf(value):
        raise ValueError(_("must be a positive number"))
    return value


def policy_name(text: str) -> str:
    """A playout policy name: ``random``, ``greedy`` (always available: the generic one-step
    greedy stands in when a game offers none) or a name some game registers with
    :func:`regalia.core.registry.register_policy` (e.g. ``fast``); whether the game being
    played offers it is checked when the search starts (:func:`playout_policy`)."""
    names = ["random", "greedy"] + [n for n in all_policy_names() if n not in ("random", "greedy")]
    if text not in names:
        raise ValueError(_("choose one of {names}").format(names=', '.join(names)))
    return text


def choice_of(*names: str) -> Callable[[str], str]:
    def convert(text: str) -> str:
        if text not in names:
            raise ValueError(_("choose one of {names}").format(names=', '.join(names)))
        return text
    return convert


SEARCH_OPTIONS = {
    "iterations": (positive_int, N_("playouts per move (default {iterations} when no "
                                    "seconds are given)")),
    "seconds": (positive_float, N_("thinking time per move in seconds")),
    "playout": (policy_name, N_("playout policy: random (default), greedy, or another policy "
                                "the game offers (e.g. fast for Inheritors)")),
    "horizon": (positive_int,
                N_("playouts stop after this many decisions and are valued by the scores as "
                   "they stand (default: played to the end)")),
    "value": (choice_of("win", "margin", "points"),
              N_("what a playout is worth: win (victory share, default), margin (half win, "
                 "half score margin) or points (the score margin in game points, or the score "
                 "of a solo player without opponent)")),
}


@dataclass(frozen=True)
class ActionStat:
    """What a search found about one root action: visits (playouts through it) and the
    mean value for the acting player: a victory share in [0, 1] (an estimated win rate),
    with ``value=margin`` the blend of :func:`margin_values` (in [0, 1]), with
    ``value=points`` the mean of ``State.margins()`` (game points)."""

    action: int
    visits: int
    value: float


class SearchAgent(Agent):
    """Base of the search agents: budget handling and the statistics of the last search.

    Args:
        seed: the agent's generator seed.
        iterations: playouts per move; seconds: time per move (either or both).
        playout: ``random``, ``greedy`` or a policy the game offers.

    Raises:
        ValueError: a non-positive budget or an unknown playout policy.
    """

    OPTIONS = dict(SEARCH_OPTIONS)
    OPTION_DEFAULTS = {"iterations": DEFAULT_ITERATIONS}

    def __init__(self, seed: int | None = None, iterations: int | None = None,
                 seconds: float | None = None, playout: str = "random", value: str = "win",
                 horizon: int = 0):
        super().__init__(seed)
        if horizon < 0:
            raise ValueError(_("horizon must be at least 1 (0: playouts to the end)"))
        #: decisions after which a playout stops (0: played to the end)
        self.horizon = horizon
        if iterations is None and seconds is None:
            iterations = DEFAULT_ITERATIONS
        if iterations is not None and iterations < 1:
            raise ValueError(_("iterations must be at least 1"))
        if seconds is not None and not seconds > 0:
            raise ValueError(_("seconds must be positive"))
        policy_name(playout)
        if value not in ("win", "margin", "points"):
            raise ValueError(_("value {value!r}: choose win, margin or points").format(value=value))
        self.value = value
        self.iterations = iterations
        self.seconds = seconds
        self.playout_name = playout
        #: statistics of the root actions after the last ``step``, most visited first
        self.last_stats: list[ActionStat] = []
        self.last_iterations = 0

    def check_game(self, game: Game) -> None:
        """Refuse a playout policy that ``game`` does not offer.

        Raises:
            UnknownNameError: naming the policy and the ones the game offers.
        """
        offered = available_policies(game.info.name)
        if self.playout_name not in offered:
            raise UnknownNameError(_("{title} offers no playout policy {playout_name!r}; "
                                     "available: {offered}").format(title=game.info.title, playout_name=self.playout_name, offered=', '.join(offered)))

    def spec(self) -> str:
        parts = []
        if self.iterations is not None:
            parts.append(f"iterations={self.iterations}")
        if self.seconds is not None:
            parts.append(f"seconds={self.seconds:g}")
        if self.playout_name != "random":
            parts.append(f"playout={self.playout_name}")
        if self.value != "win":
            parts.append(f"value={self.value}")
        if self.horizon:
            parts.append(f"horizon={self.horizon}")
        parts += self._extra_spec()
        return self.name + (":" + ",".join(parts) if parts else "")

    def _extra_spec(self) -> list[str]:
        return []

    def limit_time(self, seconds: float) -> None:
        """Search at most ``seconds`` a move (the smaller of this and :attr:`seconds`); an
        iteration budget is kept, ended early by the time."""
        if not seconds > 0:
            raise ValueError(_("a time limit is a positive number of seconds"))
        self.seconds = seconds if self.seconds is None else min(self.seconds, seconds)

    def _budget(self) -> Callable[[int], bool]:
        """``more(i)``: True while iteration ``i`` (0-based) is within the budget."""
        n = self.iterations
        if self.seconds is None:
            assert n is not None, "the constructor sets iterations when seconds is None"
            return lambda i: i < n
        deadline = time.perf_counter() + self.seconds
        if n is None:
            return lambda i: i == 0 or time.perf_counter() < deadline
        return lambda i: i < n and (i == 0 or time.perf_counter() < deadline)

    def step(self, state: State) -> int:
        legal = self._check_decision(state)
        if len(legal) == 1:
            self.last_stats = [ActionStat(legal[0], 0, float("nan"))]
            self.last_iterations = 0
            return legal[0]
        stats = self._search(state, legal)
        self.last_stats = sorted(stats, key=lambda s: (-s.visits, -s.value, s.action))
        return self._final_choice(stats)

    def _final_choice(self, stats: list[ActionStat]) -> int:
        best = max(s.value for s in stats)
        return min(s.action for s in stats if s.value == best)

    def _search(self, state: State, legal: list[int]) -> list[ActionStat]:
        raise NotImplementedError
