"""Gymnasium single-agent environments for every regalia game (the ``[rl]`` extra).

Importing this module registers one id per game::

    import gymnasium
    import regalia.adapters.gymnasium  # registers the ids below
    env = gymnasium.make("regalia/Kingdomino-v0", opponents=["greedy"])
    obs, info = env.reset(seed=1)
    mask = info["action_mask"]

Ids: ``regalia/Kingdomino-v0``, ``regalia/Inheritors-v0``, ``regalia/Cascadito-v0``,
``regalia/TwoHeirs-v0`` (``gymnasium.make("regalia.adapters.gymnasium:regalia/...")``
imports the module itself). Keyword arguments: ``opponents``, a list of regalia agent
specs for the other seats (``"random"``, ``"greedy"``, ``"mcts:iterations=200"``; the
player count is one more than their number; default: the game's smallest player count with
``random`` opponents, so the solo games Cascadito and Two Heirs have none); ``seat`` (the
learner's seat, or ``"random"``: drawn at each reset); ``reward`` (``"returns"`` or
``"margin"``, as :mod:`.pettingzoo`); ``illegal_reward``; ``render_mode`` and the game's
own parameters (``sheet=3``, ``variants=[...]``).

The observation is the learner's observation tensor (``State.observation_tensor``: what
the seat may see only); the legal-action mask is ``info["action_mask"]`` and
``env.action_masks()`` (sb3-contrib's ``MaskablePPO`` reads the latter). Chance and the
opponents' turns are played inside ``step`` with the environment's own generator (seeded by
``reset(seed=...)``); opponents see a copy of the state, never the dealer. The reward comes
at the end (``terminated``); an illegal action, which a masked policy never takes, ends the
episode with ``illegal_reward`` (default -1, as pgx does) and ``info["illegal_action"]``,
leaving the game as it was.
"""

from __future__ import annotations

import random
import secrets
from typing import Any, Sequence

import gymnasium
import numpy as np
from gymnasium import spaces

from regalia.core.errors import ParameterError
from regalia.core.game import Game
from regalia.core.registry import game_class

from ._common import (ansi_text, check_reward, final_rewards, has_drawing, play_chance,
                      resolve_game, svg_text)

#: Gymnasium id -> regalia game name.
ENV_IDS = {"regalia/Kingdomino-v0": "kingdomino", "regalia/Inheritors-v0": "inheritors",
           "regalia/Cascadito-v0": "cascadito", "regalia/TwoHeirs-v0": "two-heirs"}


class RegaliaEnv(gymnasium.Env[np.ndarray, np.int64]):
    """One seat of a regalia game against regalia agents (see the module docstring).

    Raises:
        ParameterError: opponents that do not match ``players``, a bad seat, reward or
            render mode; UnknownNameError: an unknown game or agent.
    """

    metadata = {"render_modes": ["ansi", "svg"]}

    def __init__(self, game: str | Game = "kingdomino", opponents: Sequence[str] | None = None,
                 seat: int | str = 0, reward: str = "returns", illegal_reward: float = -1.0,
                 render_mode: str | None = None, **params: Any):
        from regalia.agents import make_agent

        if isinstance(game, str) and "players" not in params:
            info = game_class(game).info
            params["players"] = (info.min_players if opponents is None
                                 else len(opponents) + 1)
        self.game = resolve_game(game, params)
        n = self.game.num_players
        specs = list(opponents) if opponents is not None else ["random"] * (n - 1)
        if isinstance(opponents, str) or len(specs) != n - 1:
            raise ParameterError(f"{self.game.info.title} with {n} players needs {n - 1} "
                                 f"opponent(s) (a list of agent specs), not {opponents!r}")
        for spec in specs:
            make_agent(spec).check_game(self.game)
        self.opponent_specs = specs
        if seat != "random" and (type(seat) is not int or not 0 <= seat < n):
            raise ParameterError(f"seat must be a seat 0..{n - 1} or 'random', not {seat!r}")
        self.seat_choice = seat
        self.reward = check_reward(reward)
        self.illegal_reward = float(illegal_reward)
        modes = ["ansi"] + (["svg"] if has_drawing(self.game) else [])
        self.metadata = {"render_modes": modes}
        if render_mode is not None and render_mode not in modes:
            raise ParameterError(f"render_mode must be one of {', '.join(modes)} for "
                                 f"{self.game.info.title}, not {render_mode!r}")
        self.render_mode = render_mode
        self.observation_space = spaces.Box(-np.inf, np.inf, self.game.observation_tensor_shape(),
                                            np.float32)
        self.action_space = spaces.Discrete(self.game.num_distinct_actions)
        self._rng = random.Random(secrets.randbits(128))
        self._make_agent = make_agent
        self.seat = 0 if seat == "random" else int(seat)
        self.state = self.game.new_initial_state(0)
        self.opponents: dict[int, Any] = {}

    # ------------------------------------------------------------------ episodes
    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._rng = random.Random(seed)
        n = self.game.num_players
        if self.seat_choice == "random":
            self.seat = self._rng.randrange(n)
        others = [p for p in range(n) if p != self.seat]
        self.opponents = {p: self._make_agent(spec, seed=self._rng.getrandbits(64))
                          for p, spec in zip(others, self.opponent_specs)}
        self.state = self.game.new_initial_state(self._rng.getrandbits(128))
        self._advance()
        return self.state.observation_tensor(self.seat), self._info()

    def _advance(self) -> None:
        """Play chance and the opponents until the learner is to act or the game ends."""
        s = self.state
        while True:
            play_chance(s, self._rng)
            p = s.current_player()
            if s.is_terminal() or p == self.seat:
                return
            s.apply_action(self.opponents[p].step(s.clone()))

    def _info(self, **extra: Any) -> dict[str, Any]:
        mask = (self.state.legal_actions_mask() if self.state.current_player() == self.seat
                else np.zeros(self.game.num_distinct_actions, dtype=np.int8))
        return {"action_mask": mask, "seat": self.seat, **extra}

    def action_masks(self) -> np.ndarray:
        """The legal-action mask as booleans (what sb3-contrib's MaskablePPO asks for)."""
        mask: np.ndarray = self._info()["action_mask"].astype(bool)
        return mask

    def step(self, action: int | np.integer[Any]
             ) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        s = self.state
        if s.is_terminal():
            raise ParameterError("the episode is over; call reset()")
        a = int(action)
        if a not in s.legal_actions():
            return (s.observation_tensor(self.seat), self.illegal_reward, True, False,
                    self._info(illegal_action=True))
        s.apply_action(a)
        self._advance()
        done = s.is_terminal()
        reward = final_rewards(s, self.reward)[self.seat] if done else 0.0
        return s.observation_tensor(self.seat), reward, done, False, self._info()

    def render(self) -> str | None:
        if self.render_mode == "svg":
            return svg_text(self.state, self.seat)
        if self.render_mode == "ansi":
            return ansi_text(self.state, self.seat)
        return None


def register_envs() -> None:
    """Register the ids of :data:`ENV_IDS` (done when this module is imported)."""
    for env_id, name in ENV_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point=f"{__name__}:RegaliaEnv",
                               kwargs={"game": name}, disable_env_checker=True)


register_envs()
