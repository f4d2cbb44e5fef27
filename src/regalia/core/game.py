"""The :class:`Game` contract: an immutable description of one game with its parameters.

Vocabulary follows OpenSpiel: a game creates states; a state has a current player, which
may be :data:`CHANCE` (a chance node) or :data:`TERMINAL`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from functools import wraps
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Mapping, Sequence

from .errors import RecordError
from regalia.core.i18n import _

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

    #: :attr:`num_distinct_actions` kept as a plain attribute once ``__init__`` has run
    #: (a game's parameters, hence its action count, never change): what
    #: ``State.apply_action`` checks every id against, at every ply.
    action_bound: int

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Each game's ``__init__`` ends by setting :attr:`action_bound`."""
        super().__init_subclass__(**kwargs)
        init = cls.__dict__.get("__init__")
        if init is None:
            return

        @wraps(init)
        def __init__(self: Game, *args: Any, **kw: Any) -> None:
            init(self, *args, **kw)
            self.action_bound = self.num_distinct_actions

        setattr(cls, "__init__", __init__)

    #: What the defaults of :attr:`num_players`, :attr:`variants` and :attr:`params` read;
    #: a subclass's ``__init__`` sets them once validated.
    _players: int
    _variants: tuple[str, ...] = ()
    #: The resolved path of the component data file, None for the bundled data.
    _data: str | None = None

    @property
    def params(self) -> dict[str, Any]:
        """The parameters as a JSON-able dict; ``load_game(name, **params)`` rebuilds the game.

        The default: ``players``, then :meth:`_game_params`, then ``data`` when a data file
        was given."""
        out: dict[str, Any] = {"players": self._players}
        out.update(self._game_params())
        if self._data is not None:
            out["data"] = self._data
        return out

    def _game_params(self) -> dict[str, Any]:
        """The parameters :attr:`params` lists between ``players`` and ``data``; the
        default: ``variants`` (a list) for a game that has variants, else none."""
        return {"variants": list(self._variants)} if self.info.variants else {}

    @property
    def num_players(self) -> int:
        """Number of seats (players 0 .. num_players-1)."""
        return self._players

    @property
    def variants(self) -> tuple[str, ...]:
        """The variants played, sorted (names from ``info.variants``)."""
        return self._variants

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

    def state_from_json(self, data: Mapping[str, Any]) -> "State":
        """Rebuild a state from :meth:`State.to_json`.

        Raises:
            RecordError: ``data`` is not a JSON object, or (from the game's
                :meth:`_state_from_json`) a field is missing, malformed or inconsistent.
        """
        if not isinstance(data, Mapping):
            raise RecordError(_("state JSON must be an object, not {name}").format(name=type(data).__name__))
        d = dict(data)
        if d.get("game") != self.info.name:
            raise RecordError(_("state JSON is for game {get!r}, not {name!r}").format(get=d.get('game'), name=self.info.name))
        if d.get("params") != self.params:
            raise RecordError(_("state JSON parameters {get!r} differ from the game's "
                                "{params!r}").format(get=d.get('params'), params=self.params))
        try:
            return self._state_from_json(d)
        except RecordError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            # a field of the wrong shape that the game's reader did not name itself
            raise RecordError(_("state JSON is malformed: {name}: {exc}").format(name=type(exc).__name__, exc=exc)) from None

    def _state_from_json(self, data: dict[str, Any]) -> "State":
        """The game's reader behind :meth:`state_from_json`: ``data`` (a fresh dict) is
        already known to be this game's, with these parameters; raise ``RecordError``
        naming a missing, malformed or inconsistent field (any ``KeyError``,
        ``TypeError``, ``ValueError``, ``IndexError`` or ``AttributeError`` it lets out
        becomes one)."""
        raise NotImplementedError(_("{name} implements neither state_from_json nor "
                                    "_state_from_json").format(name=type(self).__name__))

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
            raise NotImplementedError(_("{title} offers no observation tensor").format(title=self.info.title))
        return module

    def observation_tensor_shape(self) -> tuple[int, ...]:
        """The shape of :meth:`State.observation_tensor`: ``(size,)``, the same for every
        state of this game (it depends on the parameters only)."""
        return self.observation_tensor_layout().shape

    def observation_tensor_size(self) -> int:
        """The number of float32 values in an observation tensor."""
        return self.observation_tensor_layout().size

    @property
    def perfect_recall_tensor(self) -> bool:
        """Whether :meth:`State.information_state_tensor` is a perfect-recall encoding of
        the information state (different information states, different tensors): the
        game's tensor module offers ``information_state_layout(game)`` and
        ``information_state(state, player)`` / ``encode_information_state(game, data)``.
        Otherwise the information state tensor is the observation tensor."""
        from .registry import has_perfect_recall_tensor

        return has_perfect_recall_tensor(self.info.name)

    def information_state_tensor_layout(self) -> "TensorLayout":
        """The named segments of :meth:`State.information_state_tensor` (the observation
        tensor's unless :attr:`perfect_recall_tensor`); fixed for the game's parameters.

        Raises:
            NotImplementedError: the game offers no tensor.
        """
        if self.perfect_recall_tensor:
            return self._tensor_module().information_state_layout(self)  # type: ignore[no-any-return]
        return self.observation_tensor_layout()

    def information_state_tensor_shape(self) -> tuple[int, ...]:
        """The shape of :meth:`State.information_state_tensor`: ``(size,)``, the same for
        every state of this game (see :meth:`information_state_tensor_layout`)."""
        return self.information_state_tensor_layout().shape

    def encode_observation(self, observation: Mapping[str, Any]) -> "Tensor":
        """The float32 tensor of ``observation`` (what ``State.observation(player)``
        returned), laid out as :meth:`observation_tensor_layout`.

        The default calls ``encode(game, observation)`` of the registered tensor module.

        Raises:
            NotImplementedError: the game offers no tensor.
        """
        return self._tensor_module().encode(self, observation)  # type: ignore[no-any-return]

    def vector_kernel(self, num_envs: int, seat: int, opponents: Sequence[str],
                      reward: str, illegal_reward: float) -> Any | None:
        """A kernel that steps ``num_envs`` games of this game in compiled code for
        :mod:`regalia.adapters.vector`, or None (the default: no game has to offer one;
        the adapter then loops in Python over single environments).

        A game that offers one returns an object with the interface of Kingdomino's
        (``games/kingdomino/_vector.pxi``): each game's learner sits at ``seat`` (-1: drawn
        at each reset), ``opponents`` name the compiled policies of the other seats in
        seat order, ``reward`` is ``returns`` or ``margin``; None when it cannot (another
        engine, a policy it does not compile)."""
        return None

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
