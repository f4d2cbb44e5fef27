"""Many games at once: Gymnasium 1.x vector environments for regalia games (issue 29; the
``[rl]`` extra).

::

    from regalia.adapters.vector import make
    envs = make("kingdomino", num_envs=1024, seed=7, players=2)
    obs, info = envs.reset(seed=7)                 # obs: (1024, obs_size) float32
    mask = info["action_mask"]                     # (1024, num_distinct_actions) int8, 0/1
    obs, rewards, terminated, truncated, info = envs.step(actions)   # actions: (1024,) ints

**One game per sub-environment, one learner seat per game**, as in
:mod:`.gymnasium`: the learner plays ``seat`` (an int, or ``"random"``: drawn at each
reset from the game's generator); the other seats are played by ``opponents``, the
names of the game's playout policies (``random``; Kingdomino also ``onestep`` and
``greedy``, Full Greedy), one per other seat in seat order (default: ``random`` for
each; the player count is one more than their number, default the game's smallest).
Each step applies the learner's action, then plays chance and the opponents until the
learner is to act again or the game ends. Each game draws its chance outcomes and its
opponents' choices from a generator of its own, PCG64 (:mod:`regalia.core.dealers`)
seeded by ``reset(seed=...)``: an int ``s`` seeds game ``i`` with ``s + i`` (Gymnasium's
convention), a list gives each game its seed, None keeps the generators going (fresh
128-bit seeds the first time).

Arrays: the observation is each learner's observation tensor (``State.observation_tensor``,
built from what its seat may see); ``info["action_mask"]`` its legal actions (all zeros
once the game is over), ``info["seat"]`` its seat; rewards (float64) come at the end: the
learner's victory share (``reward="returns"``) or score margin (``"margin"``).
``terminated`` marks the end of a game; ``truncated`` is always False. An illegal action
(a masked policy never takes one) ends that game's episode with ``illegal_reward`` and
``info["illegal_action"]``, its position unchanged.

**Autoreset**: next-step by default, Gymnasium 1.x's default (``metadata["autoreset_mode"]``
is :attr:`gymnasium.vector.AutoresetMode.NEXT_STEP`): the step after a game's end resets
that game, ignoring its action, and returns the new game's first observation with reward
0. ``autoreset_mode=AutoresetMode.SAME_STEP`` (what Stable-Baselines3's vector
environments do) resets a game in the step that ends it: the observation is the new
game's, the last one is in ``info["final_obs"]`` and its info in ``info["final_info"]``
(as Gymnasium's ``SyncVectorEnv`` in that mode).

**Two implementations, one behaviour.** Where the game offers a batched kernel
(``Game.vector_kernel``: Kingdomino on its compiled engine, with compiled opponents),
:class:`KernelVectorEnv` steps every game in C and writes the arrays without a Python
loop over games (``metadata["kernel"] == "compiled"``). Otherwise :func:`make` returns
Gymnasium's ``SyncVectorEnv`` over :class:`PolicyEnv` single environments
(``metadata["kernel"] == "python-loop"``): the same environment, one Python step per game
(Two Heirs, Cascadito and Inheritors, the pure engines, or an opponent the kernel does not
compile). :class:`PolicyEnv` is the definition: B of them in ``SyncVectorEnv`` give the
kernel's arrays exactly (``tests/rl/test_vector.py``).

``copy`` (default True) returns fresh arrays at each step; ``copy=False`` returns the
kernel's own buffers, overwritten by the next step (no copy of ``B x obs_size`` floats per
step; as ``SyncVectorEnv(copy=False)``).
"""

from __future__ import annotations

import secrets
from typing import Any, Callable, Sequence

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, SyncVectorEnv, VectorEnv
from gymnasium.vector.utils import batch_space

from regalia.core.dealers import Dealer, pcg64_dealer
from regalia.core.errors import ParameterError
from regalia.core.game import Game
from regalia.core.registry import game_class, game_policies, game_policy
from regalia.core.state import State

from ._common import check_reward, final_rewards, resolve_game

#: ``policy(state, generator) -> action`` at a decision of the seat it plays.
Policy = Callable[[State, Any], int]


def _random(state: State, rng: Any) -> int:
    """A uniform legal action: one draw (agents.search.random_action)."""
    legal = state.legal_actions()
    return legal[int(rng.random() * len(legal))]


def build_game(game: str | Game, opponents: Sequence[str] | None, params: dict[str, Any]
               ) -> tuple[Game, list[str]]:
    """The game (its player count one more than the opponents, by default the game's
    smallest) and the opponents' policy names (default ``random`` for each other seat).

    Raises:
        ParameterError: opponents that do not match the player count, or a name that is
            not one of the game's policies; UnknownNameError: an unknown game.
    """
    if isinstance(opponents, str):
        raise ParameterError(f"opponents is a list of policy names, one per other seat, "
                             f"not {opponents!r}")
    if isinstance(game, str) and "players" not in params:
        info = game_class(game).info
        params["players"] = info.min_players if opponents is None else len(opponents) + 1
    g = resolve_game(game, params)
    n = g.num_players
    specs = list(opponents) if opponents is not None else ["random"] * (n - 1)
    if len(specs) != n - 1:
        raise ParameterError(f"{g.info.title} with {n} players needs {n - 1} opponent "
                             f"policies, not {specs!r}")
    offered = ["random", *game_policies(g.info.name)]
    for spec in specs:
        if spec not in offered:
            raise ParameterError(f"opponent {spec!r} is not a policy of {g.info.title}: "
                                 f"choose among {', '.join(offered)}")
    return g, specs


def check_seat(seat: int | str, n: int) -> int:
    """The seat as the kernel takes it (-1 for ``"random"``)."""
    if seat == "random":
        return -1
    if type(seat) is not int or not 0 <= seat < n:
        raise ParameterError(f"seat must be a seat 0..{n - 1} or 'random', not {seat!r}")
    return seat


class PolicyEnv(gymnasium.Env[np.ndarray, np.int64]):
    """One game of a vector environment, on the public API (see the module docstring):
    the definition :class:`KernelVectorEnv` reproduces, and the Python-loop fallback's
    sub-environment.

    Raises:
        ParameterError: see :func:`build_game`; a bad seat or reward.
    """

    metadata: dict[str, Any] = {"render_modes": []}

    def __init__(self, game: str | Game = "kingdomino", opponents: Sequence[str] | None = None,
                 seat: int | str = 0, reward: str = "returns", illegal_reward: float = -1.0,
                 **params: Any):
        self.game, self.opponent_names = build_game(game, opponents, params)
        n = self.game.num_players
        self.seat_choice = check_seat(seat, n)
        self.reward = check_reward(reward)
        self.illegal_reward = float(illegal_reward)
        self.observation_space = spaces.Box(-np.inf, np.inf,
                                            self.game.observation_tensor_shape(), np.float32)
        self.action_space = spaces.Discrete(self.game.num_distinct_actions)
        self.metadata = {"render_modes": []}
        name = self.game.info.name
        self._policies: list[Policy] = [
            _random if o == "random" else game_policy(name, o)  # type: ignore[misc]
            for o in self.opponent_names]
        self._gen: Dealer | None = None
        self.seat = max(self.seat_choice, 0)
        self.state: State = self.game.new_initial_state(0)
        self._plays: dict[int, Policy] = {}

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None or self._gen is None:
            self._gen = pcg64_dealer(secrets.randbits(128) if seed is None else seed)
        n = self.game.num_players
        self.seat = (int(self._gen.random() * n) if self.seat_choice < 0
                     else self.seat_choice)
        others = [p for p in range(n) if p != self.seat]
        self._plays = dict(zip(others, self._policies))
        self.state = self.game.new_initial_state(0)   # dealt from self._gen, not its dealer
        self._advance()
        return self.state.observation_tensor(self.seat), self._info()

    def _advance(self) -> None:
        """Chance and the opponents until the learner is to act or the game ends."""
        s, gen = self.state, self._gen
        while True:
            while s.is_chance_node():
                s.apply_random_chance(gen)  # type: ignore[arg-type]
            p = s.current_player()
            if s.is_terminal() or p == self.seat:
                return
            s.apply_action(self._plays[p](s, gen))

    def _info(self, **extra: Any) -> dict[str, Any]:
        mask = (self.state.legal_actions_mask() if self.state.current_player() == self.seat
                else np.zeros(self.game.num_distinct_actions, dtype=np.int8))
        return {"action_mask": mask, "seat": self.seat, **extra}

    def step(self, action: int | np.integer[Any]
             ) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        s = self.state
        a = int(action)
        if s.current_player() != self.seat or a not in s.legal_actions():
            return (s.observation_tensor(self.seat), self.illegal_reward, True, False,
                    self._info(illegal_action=True))
        s.apply_action(a)
        self._advance()
        done = s.is_terminal()
        reward = final_rewards(s, self.reward)[self.seat] if done else 0.0
        return s.observation_tensor(self.seat), reward, done, False, self._info()


class KernelVectorEnv(VectorEnv[np.ndarray, np.ndarray, np.ndarray]):
    """``num_envs`` games stepped in C by the game's batched kernel (see the module
    docstring; :func:`make` builds it)."""

    def __init__(self, game: Game, kernel: Any, opponents: list[str], seat: int | str,
                 reward: str, copy: bool = True,
                 autoreset_mode: AutoresetMode = AutoresetMode.NEXT_STEP):
        self.game = game
        self.kernel = kernel
        self.opponent_names = opponents
        self.reward = reward
        self.seat_choice = seat
        self.copy = copy
        self.num_envs = kernel.num_envs
        self.autoreset_mode = autoreset_mode
        self.metadata = {"autoreset_mode": autoreset_mode, "render_modes": [],
                         "kernel": "compiled"}
        self.single_observation_space = spaces.Box(
            -np.inf, np.inf, game.observation_tensor_shape(), np.float32)
        self.single_action_space = spaces.Discrete(game.num_distinct_actions)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self._all = np.ones(self.num_envs, dtype=np.bool_)
        self._no = np.zeros(self.num_envs, dtype=np.bool_)
        self._seeded = False
        self.first_seed: int | None = None   # make(seed=...): the first reset() without one

    def reset(self, *, seed: int | Sequence[int] | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        """Start a new game everywhere; ``seed``: see the module docstring."""
        if seed is None and not self._seeded:
            seed = self.first_seed
        # the seeds go to the games' generators in C and are not kept (VectorEnv.reset
        # would keep an int seed in np_random_seed; nothing here draws from np_random)
        b = self.num_envs
        if seed is None and not self._seeded:
            seeds: Sequence[int | None] = [secrets.randbits(128) for _ in range(b)]
        elif seed is None:
            seeds = [None] * b
        elif isinstance(seed, int):
            seeds = [seed + i for i in range(b)]
        else:
            seeds = list(seed)
            if len(seeds) != b:
                raise ParameterError(f"reset takes {b} seeds, not {len(seeds)}")
        for i, s in enumerate(seeds):
            if s is not None:
                self.kernel.seed(i, s)
        self._seeded = True
        self.kernel.reset()
        return self._out(self.kernel.obs), self._infos(False)

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray,
                                          dict[str, Any]]:
        """Step every game (see the module docstring).

        Raises:
            ParameterError: not one action per game.
        """
        acts = np.ascontiguousarray(actions, dtype=np.int64)
        if acts.shape != (self.num_envs,):
            raise ParameterError(f"step takes {self.num_envs} actions (one per game), not "
                                 f"an array of shape {acts.shape}")
        k = self.kernel
        bad = k.step(acts)
        ended = k.terminated.copy()
        if self.autoreset_mode != AutoresetMode.SAME_STEP or not ended.any():
            return (self._out(k.obs), k.rewards.copy(), ended, self._no.copy(),
                    self._infos(bad))
        final_obs = np.full(self.num_envs, None, dtype=object)
        for i in np.flatnonzero(ended):
            final_obs[i] = k.obs[i].copy()
        final_info = self._infos(bad, ended)
        rewards = k.rewards.copy()
        k.reset_ended()
        info = self._infos(False)
        info.update({"final_obs": final_obs, "_final_obs": ended.copy(),
                     "final_info": final_info, "_final_info": ended.copy()})
        return self._out(k.obs), rewards, ended, self._no.copy(), info

    def _out(self, array: np.ndarray) -> np.ndarray:
        return array.copy() if self.copy else array

    def _infos(self, bad: bool, rows: np.ndarray | None = None) -> dict[str, Any]:
        """The info arrays as SyncVectorEnv gathers them; ``rows``: only those games' (a
        same-step reset's ``final_info``), the others zero."""
        k = self.kernel
        if rows is None:
            info = {"action_mask": self._out(k.mask), "_action_mask": self._all.copy(),
                    "seat": k.seats.copy(), "_seat": self._all.copy()}
        else:
            info = {"action_mask": np.where(rows[:, None], k.mask, 0).astype(np.int8),
                    "_action_mask": rows.copy(),
                    "seat": np.where(rows, k.seats, 0), "_seat": rows.copy()}
        if bad:
            info["illegal_action"] = k.illegal.copy()
            info["_illegal_action"] = k.illegal.copy()
        return info


def make(game: str | Game = "kingdomino", num_envs: int = 8, seed: int | None = None,
         opponents: Sequence[str] | None = None, seat: int | str = 0,
         reward: str = "returns", illegal_reward: float = -1.0, copy: bool = True,
         autoreset_mode: AutoresetMode | str = AutoresetMode.NEXT_STEP,
         **params: Any) -> VectorEnv[Any, Any, Any]:
    """``num_envs`` games of ``game`` as one Gymnasium vector environment (see the module
    docstring). ``seed`` is used by the first ``reset()`` that gives none (None: fresh
    128-bit seeds).

    Args:
        game: a registered name (with its parameters in ``params``: ``players``,
            ``variants``, ...) or a Game.
        num_envs: B, at least 1.
        opponents, seat, reward, illegal_reward, copy, autoreset_mode: see the module
            docstring (the mode: ``NEXT_STEP`` or ``SAME_STEP``, or their values).

    Raises:
        ParameterError: a bad count, seat, reward, opponent or autoreset mode;
            UnknownNameError: an unknown game.
    """
    if type(num_envs) is not int or num_envs < 1:
        raise ParameterError(f"num_envs must be a whole number of at least 1, not "
                             f"{num_envs!r}")
    g, specs = build_game(game, opponents, params)
    n = g.num_players
    kseat = check_seat(seat, n)
    check_reward(reward)
    try:
        mode = AutoresetMode(autoreset_mode)
    except ValueError:
        mode = None
    if mode not in (AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP):
        raise ParameterError(f"autoreset_mode must be AutoresetMode.NEXT_STEP or SAME_STEP, "
                             f"not {autoreset_mode!r}")
    kernel = g.vector_kernel(num_envs, kseat, specs, reward, float(illegal_reward))
    env: KernelVectorEnv | LoopVectorEnv
    if kernel is not None:
        env = KernelVectorEnv(g, kernel, specs, seat, reward, copy, mode)
    else:
        env = LoopVectorEnv([lambda: PolicyEnv(g, specs, seat, reward, illegal_reward)
                             for _ in range(num_envs)], copy=copy, autoreset_mode=mode)
    env.first_seed = seed
    return env


class LoopVectorEnv(SyncVectorEnv):
    """The Python-loop fallback (``metadata["kernel"] == "python-loop"``): Gymnasium's
    ``SyncVectorEnv`` over :class:`PolicyEnv` games, its autoreset mode, and
    :func:`make`'s ``seed`` used by the first ``reset()`` that gives none."""

    def __init__(self, env_fns: Sequence[Callable[[], PolicyEnv]], copy: bool = True,
                 autoreset_mode: AutoresetMode = AutoresetMode.NEXT_STEP):
        super().__init__(env_fns, copy=copy, autoreset_mode=autoreset_mode)
        self.metadata = {**self.metadata, "kernel": "python-loop"}
        self.first_seed: int | None = None
        self._seeded = False

    def reset(self, *, seed: int | list[int | None] | None = None,
              options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        if seed is None and not self._seeded:
            seed = self.first_seed
        self._seeded = True
        return super().reset(seed=seed, options=options)
