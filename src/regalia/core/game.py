"""The :class:`Game` contract: an immutable description of one game with its parameters.

Vocabulary follows OpenSpiel: a game creates states; a state has a current player, which
may be :data:`CHANCE` (a chance node) or :data:`TERMINAL`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Mapping

if TYPE_CHECKING:
    from .state import State
    from .tensors import Tensor, TensorLayout

#: ``State.current_player()`` at a chance node.
CHANCE = -1
#: ``State.current_player()`` once the game is over.
TERMINAL = -4


@dataclass(frozen=True)
class GameInfo:
    """Declarative facts about a game (OpenSpiel's GameType + GameInfo).

    Attributes:
        name: registry name, lower case with hyphens (``"kingdomino"``).
        title: the printed title.
        min_players, max_players: the supported player counts (inclusive).
        variants: variant name -> one-line description.
        perfect_information: True when no player ever lacks information another has
            (chance may still be pending).
        rulebook: the rulebook file the rules come from (in ``shared/rules``).
        test_configs: extra ``load_game`` keyword sets the conformance suite also runs
            (parameters other than player count and variants, e.g. each play sheet); each
            must include ``players``.
    """

    name: str
    title: str
    min_players: int
    max_players: int
    variants: Mapping[str, str] = field(default_factory=dict)
    perfect_information: bool = True
    rulebook: str = ""
    test_configs: tuple[Mapping[str, Any], ...] = ()


class Game(ABC):
    """An immutable game with fixed parameters; a factory of :class:`State`.

    Subclasses set :attr:`info` and validate their parameters in ``__init__``, raising
    :class:`regalia.core.errors.ParameterError` with a message naming what is allowed.
    """

    info: ClassVar[GameInfo]

    @property
    @abstractmethod
    def params(self) -> dict[str, Any]:
        """The parameters as a JSON-able dict; ``load_game(name, **params)`` rebuilds the game."""

    @property
    @abstractmethod
    def num_players(self) -> int:
        """Number of seats (players 0 .. num_players-1)."""

    @property
    @abstractmethod
    def num_distinct_actions(self) -> int:
        """Every action id, chance outcomes included, lies in ``[0, num_distinct_actions)``."""

    @property
    @abstractmethod
    def max_game_length(self) -> int:
        """An upper bound on the number of actions (chance outcomes included) in one game."""

    @abstractmethod
    def new_initial_state(self, seed: int | None = None) -> "State":
        """The first state of a game.

        Args:
            seed: seeds the state's own dealer, the generator that
                :meth:`State.apply_random_chance` uses, so the same seed gives the same game.
                ``None`` draws a fresh, unguessable one (128 bits from :mod:`secrets`, see
                :func:`regalia.core.state.fresh_seed`), kept in ``state.seed`` so the game
                can be replayed. Copies of the state never carry it.

        Raises:
            ParameterError: ``seed`` is not an int of at most 256 bits.
        """

    @abstractmethod
    def state_from_json(self, data: Mapping[str, Any]) -> "State":
        """Rebuild a state from :meth:`State.to_json`; raises ``RecordError`` on bad data."""

    # ------------------------------------------------------------------ tensors
    def observation_tensor_layout(self) -> "TensorLayout":
        """The named segments of this game's observation tensor (see
        :mod:`regalia.core.tensors`); fixed for the game's parameters.

        The default asks the tensor module the game registered
        (:func:`regalia.core.registry.register_tensors`) for ``layout(game)``.

        Raises:
            NotImplementedError: the game offers no tensor.
        """
        return self._tensor_module().layout(self)  # type: ignore[no-any-return]

    def _tensor_module(self) -> Any:
        from .registry import game_tensors

        module = game_tensors(self.info.name)
        if module is None:
            raise NotImplementedError(f"{self.info.title} offers no observation tensor")
        return module

    def observation_tensor_shape(self) -> tuple[int, ...]:
        """The shape of :meth:`State.observation_tensor`: ``(size,)``, the same for every
        state of this game (it depends on the parameters only)."""
        return self.observation_tensor_layout().shape

    def observation_tensor_size(self) -> int:
        """The number of float32 values in an observation tensor."""
        return self.observation_tensor_layout().size

    def information_state_tensor_shape(self) -> tuple[int, ...]:
        """The shape of :meth:`State.information_state_tensor` (the observation tensor's:
        see that method)."""
        return self.observation_tensor_shape()

    def encode_observation(self, observation: Mapping[str, Any]) -> "Tensor":
        """The float32 tensor of ``observation`` (what ``State.observation(player)``
        returned), laid out as :meth:`observation_tensor_layout`.

        The default calls ``encode(game, observation)`` of the registered tensor module.

        Raises:
            NotImplementedError: the game offers no tensor.
        """
        return self._tensor_module().encode(self, observation)  # type: ignore[no-any-return]

    def data_provenance(self) -> dict[str, int]:
        """Counts of component records per provenance (``verified``/``rulebook``/``reconstructed``)."""
        return {}

    def data_digest(self) -> str | None:
        """A SHA-256 hex digest of the component data in use (None for a game without data
        files); records keep it so a replay with different data is refused."""
        return None

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Game) and type(other) is type(self)
                and other.params == self.params)

    def __hash__(self) -> int:
        return hash((type(self).__name__, repr(sorted(self.params.items()))))

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.params.items())
        return f"load_game({self.info.name!r}, {args})"
