"""Game-independent policies that games and agents may both use (games cannot import
``agents``)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Callable, TypeVar

if TYPE_CHECKING:
    from .state import State

F = TypeVar("F", bound=Callable[..., int])
_COMPILED = "_regalia_compiled_playout"
_SEAT_ONLY = "_regalia_seat_information_only"


def compiled_as(name: str) -> Callable[[F], F]:
    """Mark a playout policy as one that games' compiled playouts named ``name``
    reproduce exactly (same actions, same draws from the generator; see
    :meth:`regalia.core.state.State.compiled_playout`). A policy changed so that it no
    longer matches must lose the mark (the differential tests of each compiled game compare
    the two); an unmarked policy always runs in Python."""
    def mark(policy: F) -> F:
        setattr(policy, _COMPILED, name)
        return policy
    return mark


def compiled_name(policy: Callable[..., int]) -> str | None:
    """The compiled playout name a policy is marked with (:func:`compiled_as`), or None."""
    name = getattr(policy, _COMPILED, None)
    return name if isinstance(name, str) else None


def seat_information_only(policy: F) -> F:
    """Mark a game's policy as one whose choice depends only on what the acting seat knows
    (its information state: its own hand, what was shown to it, the public position), never
    on another seat's hidden cards or a face-down tile: given two states the seat cannot
    tell apart and the same generator, it chooses the same action. The game's tests must
    prove it (a hidden card swapped, or the state resampled from the seat's information
    state: ``tests/agents/test_seat_information.py``); agents that play the policy then
    declare themselves honest at a table with hidden information
    (:meth:`regalia.agents.Agent.information_used`)."""
    setattr(policy, _SEAT_ONLY, True)
    return policy


def uses_seat_information_only(policy: Callable[..., int]) -> bool:
    """True when ``policy`` is marked with :func:`seat_information_only`."""
    return getattr(policy, _SEAT_ONLY, False) is True


def one_step_greedy(state: "State", rng: random.Random) -> int:
    """The legal action that maximises the current player's ``player_score`` one step
    ahead, each action tried on a copy; ties broken uniformly with ``rng`` (one draw, even
    without a tie, unless there is a single legal action). The state must be a decision node
    and is not changed."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    player = state.current_player()
    best: list[int] = []
    best_score: float | None = None
    for action in legal:
        child = state.clone()
        child.apply_action(action)
        score = child.player_score(player)
        if best_score is None or score > best_score:
            best_score, best = score, [action]
        elif score == best_score:
            best.append(action)
    return best[int(rng.random() * len(best))]
