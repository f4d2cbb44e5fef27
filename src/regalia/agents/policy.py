"""The ``policy`` agent: a trained policy read from a file (``policy:FILE`` or
``policy:file=FILE``), e.g. the MaskablePPO policy ``examples/train_kingdomino.py`` saves.

The file is an sb3-contrib ``MaskablePPO`` zip; it is loaded on first use (check or first
move), and only then are torch and sb3-contrib imported (the ``[train]`` extra), so the
agent costs nothing until it plays. Each move the policy sees the seat's observation tensor
(``state.observation_tensor(seat)``: what the seat may see only) and the legal-action mask,
and plays its most probable legal action (``deterministic=True``; ``sample=true`` samples
with the agent's generator seeding torch instead).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from regalia.core.errors import RegaliaError, UnknownNameError
from regalia.core.game import Game
from regalia.core.state import State

from .base import SEAT, Agent, parse_bool, register_agent
from regalia.core.i18n import N_, _


@register_agent("policy", N_("a trained policy file (policy:FILE, a MaskablePPO zip; needs the "
                             "[train] extra)"))
class PolicyAgent(Agent):
    """Plays a saved MaskablePPO policy.

    Args:
        file: the policy zip (``model.save`` of sb3-contrib's MaskablePPO).
        sample: sample the policy's distribution instead of its most probable action.

    Raises (at :meth:`check_game` or the first move):
        UnknownNameError: no file, a file that is not such a policy, a policy whose
            observation or action size does not match the game, or the ``[train]`` extra
            missing (the message says what to install).
    """

    OPTIONS = {"file": (str, N_("the policy file (a MaskablePPO zip)")),
               "sample": (parse_bool, N_("sample the policy instead of its best action"))}
    POSITIONAL = "file"
    information = SEAT   # the seat's observation tensor and legal-action mask only
    reads_files = True

    def __init__(self, seed: int | None = None, file: str = "", sample: bool = False):
        super().__init__(seed)
        self.file = file
        self.sample = sample
        self._model: Any = None

    def spec(self) -> str:
        return f"policy:{self.file}"

    def _load(self) -> Any:
        if self._model is not None:
            return self._model
        path = Path(self.file)
        if not self.file:
            raise UnknownNameError(_("the policy agent needs a file: policy:FILE"))
        if not path.is_file():
            raise UnknownNameError(_("policy file {file}: no such file").format(file=self.file))
        try:
            from sb3_contrib import MaskablePPO
        except ImportError:
            raise UnknownNameError(_("the policy agent needs sb3-contrib and torch: "
                                     "pip install 'regalia[train]'")) from None
        try:
            self._model = MaskablePPO.load(str(path), device="cpu")
        except Exception as exc:  # noqa: BLE001 - any failure to read is a bad file
            raise UnknownNameError(_("policy file {file}: not a MaskablePPO policy ({name}: "
                                     "{exc})").format(file=self.file, name=type(exc).__name__, exc=exc)) from None
        return self._model

    def check_game(self, game: Game) -> None:
        model = self._load()
        shape = tuple(model.observation_space.shape)
        want = tuple(game.observation_tensor_shape())
        n = int(model.action_space.n)
        if shape != want or n != game.num_distinct_actions:
            raise UnknownNameError(
                _("policy file {file} was trained on observations of shape {shape} and {n} "
                  "actions; {game!r} has {want} and {num_distinct_actions}").format(file=self.file, shape=shape, n=n, game=game, want=want, num_distinct_actions=game.num_distinct_actions))

    def step(self, state: State) -> int:
        legal = self._check_decision(state)
        model = self._load()
        obs = state.observation_tensor(state.current_player())
        mask = state.legal_actions_mask().astype(bool)
        if self.sample:
            import torch
            torch.manual_seed(self.rng.getrandbits(63))
        action, _state = model.predict(obs, action_masks=mask, deterministic=not self.sample)
        action = int(action)
        if action not in legal:
            raise RegaliaError(_("policy {file} chose illegal action {action}").format(file=self.file, action=action))
        return action
