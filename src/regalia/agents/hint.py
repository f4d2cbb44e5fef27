"""Move hints for people: the suggestion of a strong search agent, with its estimated
win rate (or, in a solo game, its expected score or margin).

The default hint agent is ``ismcts`` with greedy playouts for one second: it decides from
what the player to move knows (``resample_from_infostate``), so a hint never leaks hidden
cards or future draws; in a perfect-information game it searches exactly as ``mcts`` would.
A game whose greedy playouts are too slow for a second's search offers a cheaper policy
named ``fast`` (Inheritors does: ~30 legal actions a turn, ~10 greedy playouts a second);
its default hint then uses ``FAST_HINT_AGENT``: ``fast`` playouts, the policy's move expanded
first and progressive widening, so the suggestion is the policy's move unless the search
finds better, and its win rate is a mean over many playouts rather than one.

Solo games. With one seat the victory share cannot rank moves: Cascadito played alone is
always "won", Two Heirs against Heinrich at level 3 nearly always lost. There the hint
agent values playouts in game points (``value=points``, unless the spec names a value):
the expected margin over the automated opponent (Two Heirs' Heinrich) or, without one,
the expected score (Cascadito), and the hint says which.
"""

from __future__ import annotations

from dataclasses import dataclass

from regalia.core.state import State

from regalia.core.registry import game_policy

from .base import make_agent, parse_spec
from .search import SearchAgent, points_kind

DEFAULT_HINT_AGENT = "ismcts:seconds=1,playout=greedy"
#: the default hint agent of a game that offers a ``fast`` playout policy
FAST_HINT_AGENT = "ismcts:seconds=1,playout=fast,expand=policy,widen=1"


def default_hint_spec(game: str) -> str:
    """The default hint agent spec for ``game`` (a registry name): ``FAST_HINT_AGENT`` when
    the game offers a ``fast`` playout policy, else ``DEFAULT_HINT_AGENT``."""
    return FAST_HINT_AGENT if game_policy(game, "fast") is not None else DEFAULT_HINT_AGENT


@dataclass(frozen=True)
class Hint:
    """A suggested move.

    Attributes:
        action, notation: the suggested action and how to type it.
        value: the search's estimate for the player after it, in the unit ``measure``
            names (NaN for a forced move, which needs no search).
        visits: playouts through the suggestion.
        alternatives: up to 3 runner-up moves as ``(notation, value, visits)``.
        agent: the spec of the agent that searched.
        measure: ``"win"`` (victory share in [0, 1], an estimated win rate), ``"margin"``
            (expected score margin over the best opponent, in game points), ``"score"``
            (expected final score, in game points; a solo game without opponent) or
            ``"blend"`` (the [0, 1] blend of ``value=margin``).
    """

    action: int
    notation: str
    value: float
    visits: int
    alternatives: tuple[tuple[str, float, int], ...]
    agent: str
    measure: str = "win"

    @property
    def win_rate(self) -> float:
        """:attr:`value` (an estimated win rate when :attr:`measure` is ``"win"``)."""
        return self.value

    def format_value(self, value: float) -> str:
        """``value`` as the hint shows it: ``"63%"``, ``"+3.1"`` (margin), ``"47.2"``."""
        if self.measure == "margin":
            return f"{value:+.1f}"
        if self.measure == "score":
            return f"{value:.1f}"
        return f"{100 * value:.0f}%"

    def summary(self) -> str:
        """One line for a person: the move, what it is expected to bring, the runners-up.

        Example: ``Hint (ismcts:...): pick 19, estimated win rate 63% (1,204 playouts).
        Next best: pick 27 51%, pick 12 40%.``"""
        if self.visits == 0:
            return f"Hint: {self.notation} (the only legal move)."
        what = {"margin": "expected margin", "score": "expected score",
                "blend": "estimated value (win and margin blended)"}.get(
                    self.measure, "estimated win rate")
        also = ", ".join(f"{n} {self.format_value(v)}" for n, v, _ in self.alternatives)
        return (f"Hint ({self.agent}): {self.notation}, {what} "
                f"{self.format_value(self.value)} ({self.visits:,} "
                f"playout{'s' if self.visits != 1 else ''})."
                + (f" Next best: {also}." if also else ""))


def solo_hint_spec(spec: str, state: State) -> str:
    """``spec`` with ``value=points`` added in a solo game (one seat) when the spec names
    no value: the hint then ranks moves by expected margin or score, not by a victory
    share that is the same for every move."""
    if state.game.num_players != 1 or "value" in parse_spec(spec)[1]:
        return spec
    return spec + ("," if ":" in spec else ":") + "value=points"


def hint(state: State, spec: str | None = None, seed: int | None = None) -> Hint:
    """Search ``state`` for the current player and suggest a move.

    Args:
        state: a decision node (not chance, not terminal); it is not changed.
        spec: a search agent spec (``mce``, ``mcts`` or ``ismcts`` with options); None:
            :func:`default_hint_spec` of the game. In a solo game ``value=points`` is
            added unless the spec names a value (:func:`solo_hint_spec`).
        seed: the search's seed (reproducible with an iteration budget).

    Raises:
        UnknownNameError: a bad spec, or an agent that does not search.
        RegaliaError: ``state`` is a chance node or terminal.
    """
    from regalia.core.errors import UnknownNameError

    if spec is None:
        spec = default_hint_spec(state.game.info.name)
    agent = make_agent(spec, seed=seed)
    if not isinstance(agent, SearchAgent):
        raise UnknownNameError(f"hints need a search agent (mce, mcts, ismcts), not {spec!r}")
    spec = solo_hint_spec(spec, state)
    agent = make_agent(spec, seed=seed)
    assert isinstance(agent, SearchAgent)  # solo_hint_spec adds an option, not another agent
    action = agent.step(state)
    by_action = {s.action: s for s in agent.last_stats}
    best = by_action[action]
    others = tuple((state.action_to_string(s.action), s.value, s.visits)
                   for s in agent.last_stats if s.action != action)[:3]
    measure = {"win": "win", "margin": "blend"}.get(agent.value) or points_kind(
        state, state.current_player())
    return Hint(action, state.action_to_string(action), best.value, best.visits, others,
                agent.spec(), measure)
