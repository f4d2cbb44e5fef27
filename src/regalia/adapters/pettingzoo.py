"""PettingZoo AEC environments for every regalia game (the ``[rl]`` extra).

>>> from regalia.adapters.pettingzoo import env
>>> e = env("kingdomino", players=2)
>>> e.reset(seed=1)
>>> obs, reward, terminated, truncated, info = e.last()
>>> sorted(obs)
['action_mask', 'observation']

Agents are ``player_0 .. player_{n-1}`` (seat order). Each observation is a dict:
``observation``, the seat's float32 observation tensor (``State.observation_tensor``:
built from what the seat may see only; segments in the game's docs), and
``action_mask``, an int8 0/1 vector over ``num_distinct_actions``. Chance nodes (draws,
shuffles, dice) are played inside the environment with its own generator, seeded by
``reset(seed=...)``: the same seed and actions give the same game. Rewards come once, at
the end: the game's returns (a sole winner 1.0, a shared victory split, others 0), or with
``reward="margin"`` the score margin in game points. An illegal action raises
:class:`regalia.IllegalActionError` (a ``ValueError``) and changes nothing.

Render modes: ``"ansi"`` (the terminal view of the seat to act, as ``regalia play`` shows
it; the whole table once the game is over) and, for a game that draws itself
(Kingdomino), ``"svg"`` (the SVG text of that seat's view). There is no ``"rgb_array"``:
it would need an SVG rasteriser, which regalia does not depend on.
"""

from __future__ import annotations

import random
import secrets
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from regalia.core.game import Game

from ._common import (ansi_text, check_reward, final_rewards, has_drawing, play_chance,
                      resolve_game, svg_text)


def env(game: str | Game, *, render_mode: str | None = None, reward: str = "returns",
        **params: Any) -> "RegaliaAECEnv":
    """The AEC environment of ``game`` (a registry name with ``load_game`` parameters, or a
    Game), e.g. ``env("cascadito", players=2, sheet=3)``.

    Raises:
        UnknownNameError, ParameterError: an unknown game, bad parameters, an unknown
            ``reward`` or a ``render_mode`` the game does not offer.
    """
    return RegaliaAECEnv(resolve_game(game, params), render_mode=render_mode, reward=reward)


class RegaliaAECEnv(AECEnv):  # type: ignore[misc]
    """A regalia game as a PettingZoo AEC environment (see the module docstring)."""

    def __init__(self, game: Game, render_mode: str | None = None, reward: str = "returns"):
        super().__init__()
        from regalia.core.errors import ParameterError

        self.game = game
        self.reward = check_reward(reward)
        modes = ["ansi"] + (["svg"] if has_drawing(game) else [])
        self.metadata = {"render_modes": modes, "name": f"regalia_{game.info.name}_v0",
                         "is_parallelizable": False}
        if render_mode is not None and render_mode not in modes:
            raise ParameterError(f"render_mode must be one of {', '.join(modes)} for "
                                 f"{game.info.title}, not {render_mode!r}")
        self.render_mode = render_mode
        self.possible_agents = [f"player_{p}" for p in range(game.num_players)]
        self._seat = {a: p for p, a in enumerate(self.possible_agents)}
        shape = game.observation_tensor_shape()
        n = game.num_distinct_actions
        self.observation_spaces = {a: spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, shape, np.float32),
            "action_mask": spaces.Box(0, 1, (n,), np.int8)}) for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self._rng = random.Random(secrets.randbits(128))
        self.state = game.new_initial_state(0)
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ episodes
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; ``seed`` seeds the environment's generator (chance), None
        draws a fresh one."""
        if seed is not None:
            self._rng = random.Random(seed)
        self.state = self.game.new_initial_state(self._rng.getrandbits(128))
        play_chance(self.state, self._rng)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        if self.state.is_terminal():
            for a, r in zip(self.possible_agents, final_rewards(self.state, self.reward)):
                if a in self.agents:
                    self.rewards[a] = r
                    self.terminations[a] = True
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[self.state.current_player()]

    def step(self, action: int | None) -> None:
        """Apply the selected agent's ``action`` (an int id in the mask), then play chance
        until a seat is to act. A finished agent's only action is None."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.state.apply_action(int(action))  # type: ignore[arg-type]
        play_chance(self.state, self._rng)
        self._clear_rewards()
        self._select()
        self._accumulate_rewards()

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self._seat[agent]
        mask = (self.state.legal_actions_mask() if self.state.current_player() == seat
                else np.zeros(self.game.num_distinct_actions, dtype=np.int8))
        return {"observation": self.state.observation_tensor(seat), "action_mask": mask}

    def render(self) -> str | None:
        """The ``render_mode`` text of the position (None without a render mode)."""
        if self.render_mode is None:
            return None
        seat = self.state.current_player()
        viewer = seat if seat >= 0 else None
        if self.render_mode == "svg":
            return svg_text(self.state, 0 if viewer is None else viewer)
        return ansi_text(self.state, viewer)

    def close(self) -> None:
        pass
