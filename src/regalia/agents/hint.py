"""Move hints for people: the suggestion of a strong search agent, with its estimated
win rate.

The default hint agent is ``ismcts`` with greedy playouts for one second: it decides from
what the player to move knows (``resample_from_infostate``), so a hint never leaks hidden
cards or future draws; in a perfect-information game it searches exactly as ``mcts`` would.
A game whose greedy playouts are too slow for a second's search offers a cheaper policy
named ``fast`` (Inheritors does: ~30 legal actions a turn, ~10 greedy playouts a second);
its default hint then uses ``FAST_HINT_AGENT``: ``fast`` playouts, the policy's move expanded
first and progressive widening, so the suggestion is the policy's move unless the search
finds better, and its win rate is a mean over many playouts rather than one.
"""

from __future__ import annotations

from dataclasses import dataclass

from regalia.core.state import State

from regalia.core.registry import game_policy

from .base import make_agent
from .search import SearchAgent

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
        win_rate: the search's estimate of the player's victory share after it, in [0, 1]
            (NaN for a forced move, which needs no search).
        visits: playouts through the suggestion.
        alternatives: up to 3 runner-up moves as ``(notation, win_rate, visits)``.
        agent: the spec of the agent that searched.
    """

    action: int
    notation: str
    win_rate: float
    visits: int
    alternatives: tuple[tuple[str, float, int], ...]
    agent: str


def hint(state: State, spec: str | None = None, seed: int | None = None) -> Hint:
    """Search ``state`` for the current player and suggest a move.

    Args:
        state: a decision node (not chance, not terminal); it is not changed.
        spec: a search agent spec (``mce``, ``mcts`` or ``ismcts`` with options); None:
            :func:`default_hint_spec` of the game.
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
    action = agent.step(state)
    by_action = {s.action: s for s in agent.last_stats}
    best = by_action[action]
    others = tuple((state.action_to_string(s.action), s.value, s.visits)
                   for s in agent.last_stats if s.action != action)[:3]
    return Hint(action, state.action_to_string(action), best.value, best.visits, others,
                agent.spec())
