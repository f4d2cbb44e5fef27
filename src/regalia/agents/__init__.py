"""Game-independent agents, built by spec string: ``make_agent("mcts:seconds=1")``."""

from . import greedy as _greedy  # noqa: F401  (registers)
from . import ismcts as _ismcts  # noqa: F401
from . import mce as _mce  # noqa: F401
from . import mcts as _mcts  # noqa: F401
from . import policy as _policy  # noqa: F401
from . import random as _random  # noqa: F401
from .base import (SEAT, STATE, Agent, agent_options, check_spec, derive_seed, list_agents,
                   make_agent, parse_spec, register_agent, seat_spec)
from .greedy import GreedyAgent, OneStepAgent, greedy_action
from .hint import (DEFAULT_HINT_AGENT, FAST_HINT_AGENT, Hint, default_hint_spec, hint,
                   solo_hint_spec)
from .ismcts import ISMCTSAgent
from .mce import MCEAgent
from .mcts import MCTSAgent
from .random import RandomAgent
from .search import ActionStat, SearchAgent

__all__ = ["Agent", "RandomAgent", "GreedyAgent", "OneStepAgent", "MCEAgent", "MCTSAgent", "ISMCTSAgent",
           "SearchAgent", "ActionStat", "make_agent", "list_agents", "agent_options",
           "parse_spec", "register_agent", "seat_spec", "SEAT", "STATE", "check_spec", "derive_seed", "greedy_action", "hint",
           "Hint", "DEFAULT_HINT_AGENT", "FAST_HINT_AGENT", "default_hint_spec",
           "solo_hint_spec"]
