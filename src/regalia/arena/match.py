"""Play one game between agents, with the game's dealer for chance nodes."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Callable, Sequence

from regalia.agents.base import Agent, derive_seed, make_agent
from regalia.core.errors import IllegalActionError, ParameterError
from regalia.core.game import Game
from regalia.core.record import GameRecord
from regalia.core.state import State
from regalia.core.i18n import _


@dataclass
class MatchResult:
    """The final state and who sat where; the record is built on first use (it replays
    the game, which a tournament that keeps only results does not need)."""

    state: State
    players: list[str]

    @cached_property
    def record(self) -> GameRecord:
        """The :class:`GameRecord` of the game (players labelled by their specs)."""
        return GameRecord.from_state(self.state, self.players)

    @property
    def scores(self) -> list[float]:
        return self.state.scores()

    @property
    def returns(self) -> list[float]:
        return self.state.returns()


def make_agents(specs: Sequence[str], seed: int) -> list[Agent]:
    """One agent per seat; seat ``i``'s generator is seeded from ``(seed, i)``."""
    return [make_agent(spec, seed=derive_seed(seed, "seat", i)) for i, spec in enumerate(specs)]


def play_match(game: Game, agents: Sequence[Agent | str], seed: int,
               on_step: Callable[[State, int], None] | None = None) -> MatchResult:
    """Play a whole game.

    Args:
        game: the game; ``len(agents)`` must equal ``game.num_players``.
        agents: one agent (or spec string) per seat.
        seed: the dealer's seed; with the agents' seeds it fixes the whole game.
        on_step: called as ``on_step(state_before, action)`` before each action is applied.

    Returns:
        :class:`MatchResult` with the terminal state and its :class:`GameRecord`.

    Raises:
        ParameterError: wrong number of agents.
        IllegalActionError: an agent returned an illegal action (a bug in the agent).
    """
    if len(agents) != game.num_players:
        raise ParameterError(_("{title} with these parameters has {num_players} seats; got "
                               "{n} players").format(title=game.info.title, num_players=game.num_players, n=len(agents)))
    seated = [make_agent(a, seed=derive_seed(seed, "seat", i)) if isinstance(a, str) else a
              for i, a in enumerate(agents)]
    labels = [a if isinstance(a, str) else a.spec() for a in agents]
    state = game.new_initial_state(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            action = state.sample_chance_outcome(state.dealer())
        else:
            action = seated[state.current_player()].step(state)
        if on_step is not None:
            on_step(state, action)
        try:
            state.apply_action(action)
        except IllegalActionError as exc:
            raise IllegalActionError(action, _("agent {label!r} chose it: {reason}").format(label=labels[state.current_player()], reason=exc.reason)) from exc
    return MatchResult(state, labels)
