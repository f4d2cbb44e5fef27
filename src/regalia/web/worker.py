"""What a worker process runs for the web table: one computer move (:func:`think`) or one
hint (:func:`suggest`), on a position the server sends.

A job gets only what the agent may use: the game's name and parameters, the position as
``State.to_json`` of a copy without the seed (in a game with hidden information a state the
server resampled from the seat's information state, so no other seat's hidden card nor a
face-down tile reaches the worker), the seat, the agent's spec, its time budget and a seed
for its generator drawn from the server's entropy. It answers with an action id (or the
hint's fields). The worker imports no web module.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from regalia.agents import Hint, hint, make_agent
from regalia.core.errors import RegaliaError
from regalia.core.game import Game
from regalia.core.registry import load_game
from regalia.core.state import State


def warm() -> None:
    """Import the games and agents before the first job (the pool's initializer)."""
    import regalia  # noqa: F401  (registers the games)


@lru_cache(maxsize=64)
def _game(name: str, params_json: str) -> Game:
    import json
    return load_game(name, **json.loads(params_json))


def _position(game: str, params_json: str, position: dict[str, Any], seat: int) -> State:
    state = _game(game, params_json).state_from_json(position)
    if state.is_terminal() or state.current_player() != seat:
        raise RegaliaError(f"the position sent is not seat {seat + 1}'s turn")
    return state


def think(game: str, params_json: str, position: dict[str, Any], seat: int, spec: str,
          seconds: float, seed: int) -> int:
    """The action ``spec``'s agent chooses for ``seat`` in ``position``, thinking at most
    ``seconds`` (search agents; others are bounded by the pool's timeout)."""
    agent = make_agent(spec, seed=seed)
    agent.limit_time(seconds)
    return int(agent.step(_position(game, params_json, position, seat)))


def suggest(game: str, params_json: str, position: dict[str, Any], seat: int, spec: str,
            seconds: float, seed: int) -> Hint:
    """The hint agent's suggestion for ``seat`` (the server words it: web/story.py)."""
    agent = make_agent(spec, seed=seed)
    agent.limit_time(seconds)
    return hint(_position(game, params_json, position, seat), agent.spec(), seed=seed)
