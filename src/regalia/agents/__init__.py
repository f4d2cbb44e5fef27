"""Game-independent agents, built by spec string: ``make_agent("greedy:seed=3")``."""

from . import greedy as _greedy  # noqa: F401  (registers)
from . import random as _random  # noqa: F401  (registers)
from .base import Agent, derive_seed, list_agents, make_agent, parse_spec, register_agent
from .greedy import GreedyAgent
from .random import RandomAgent

__all__ = ["Agent", "RandomAgent", "GreedyAgent", "make_agent", "list_agents", "parse_spec",
           "register_agent", "derive_seed"]
