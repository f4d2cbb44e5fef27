"""The ``random`` agent: uniform over the legal actions, with its own seeded generator."""

from __future__ import annotations

from regalia.core.state import State

from .base import SEAT, Agent, register_agent
from regalia.core.i18n import N_


@register_agent("random", N_("uniform over the legal actions"))
class RandomAgent(Agent):
    information = SEAT   # the legal actions only: the seat's own knowledge
    def step(self, state: State) -> int:
        legal = self._check_decision(state)
        return legal[int(self.rng.random() * len(legal))]
