"""The compiled Two Heirs engine, and the choice between the two engines.

:class:`CompiledTwoHeirsState` is a Two Heirs state whose position lives in a C struct (the
Cython extension ``_engine``, built by ``pip install .``; ARCHITECTURE.md, "Compiled
kernels"): whose turn, legal actions, the transitions (Heinrich's automatic turn and the
treasure checks of the solo game included), chance outcomes, final scoring and whole
playouts (``random``, ``greedy``, ``fast``) and the redraw of the face-down starting tile
(``resample_from_infostate``) run in C; notation, observation, JSON, breakdowns and
hand-set positions are :class:`~.state.TwoHeirsState`'s, shared with the pure engine,
which read the position through the same names. Every configuration is compiled: 2 players and solo against
Heinrich (levels 1-3), any 3 of the 6 sets, roads scored or not. Both engines give the
same legal actions in the same order, histories, scores, observations and JSON, and draw
the same random numbers (differential tests in
``tests/games/two_heirs/test_two_heirs_compiled.py``).

Which engine a game uses (:func:`state_class`): the compiled one when the extension is
built, the pure one when it is absent or when the environment sets ``REGALIA_PURE=1``
(read when a game is made); ``load_game("two-heirs", engine="pure")`` chooses in code.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from regalia.core.engines import choose_state_class
from regalia.core.errors import RecordError

from . import positions, serialize
from .state import PureTwoHeirsState, TwoHeirsState

if TYPE_CHECKING:
    from .rules import TwoHeirsGame

try:
    from . import _engine
except ImportError:  # not built (a source tree without build_ext, or no C compiler)
    _engine = None  # type: ignore[assignment]

def available() -> bool:
    """True when the compiled extension is built and importable."""
    return _engine is not None


def state_class(engine: str | None) -> type[TwoHeirsState]:
    """The state class of ``engine`` (``compiled``, ``pure``, or None for the default:
    :func:`regalia.core.engines.default_engine`).

    Raises:
        ParameterError: another name, or ``compiled`` when the extension is not built.
    """
    return choose_state_class(engine, "Two Heirs",
                              CompiledTwoHeirsState if _engine is not None else None,
                              PureTwoHeirsState)


#: The pure engine's position fields, copied one by one by :meth:`_to_pure`.
_PURE_FIELDS = ("phase", "cur", "supply", "top", "slots", "shield", "board", "troops",
                "moved", "hands", "box", "takes_left", "taken", "discounts", "final_left",
                "draw_to", "filled", "start_tile", "siege_cell", "scaffold", "tre_board",
                "tre_drawn", "tre_removed", "h_step", "h_tile", "h_cell", "last_h", "hist",
                "turn", "acts")


if _engine is not None:
    class CompiledTwoHeirsState(_engine.Core, TwoHeirsState):
        """A Two Heirs state of the compiled engine (see the module docstring)."""

        __slots__ = ()

        def _to_pure(self) -> PureTwoHeirsState:
            """The same position in the pure engine (no seed, no dealer): used to raise the
            reference's own error for a refused action, and for set-up changes."""
            pure = PureTwoHeirsState._blank(self._game)
            pure.T = self.T
            pure._cache = None
            for name in _PURE_FIELDS:
                setattr(pure, name, getattr(self, name))
            return pure

        @classmethod
        def _from_pure(cls, state: PureTwoHeirsState) -> "CompiledTwoHeirsState":
            """``state`` (checked by the pure engine's from_json or set-up) in C.

            Raises:
                RecordError: a field the C struct cannot hold.
            """
            out: CompiledTwoHeirsState = cls.__new__(cls)
            try:
                out._load(state)
            except (ValueError, OverflowError, IndexError) as exc:
                raise RecordError(f"state JSON does not fit a Two Heirs position: {exc}") \
                    from None
            return out

        def __setattr__(self, name: str, value: Any) -> None:
            """A position field set from Python (tests, analysis tools; as on the pure
            engine, nothing is checked) is set on the pure engine's copy and taken back."""
            if name not in _PURE_FIELDS:
                super().__setattr__(name, value)
                return
            pure = self._to_pure()
            setattr(pure, name, value)
            self._reload(pure)

        def _reload(self, pure: PureTwoHeirsState) -> None:
            """Take ``pure``'s position, keeping this state's seed and dealer."""
            seed, dealer = self._seed, self._dealer
            self._load(pure)
            self._seed, self._dealer = seed, dealer

        def set_position(self, **kwargs: Any) -> None:
            """See :func:`.positions.set_position` (done on the pure engine's copy, then
            taken back; the seed and dealer are kept)."""
            pure = self._to_pure()
            positions.set_position(pure, **kwargs)
            self._reload(pure)

        def __reduce__(self) -> tuple[Any, ...]:
            return (_rebuild, (self._game, self.to_json()))


def _rebuild(game: "TwoHeirsGame", data: dict[str, Any]) -> TwoHeirsState:
    """Unpickle a compiled state (from its JSON, as every copy: no seed, no dealer)."""
    pure = serialize.from_json(PureTwoHeirsState, game, data)
    assert isinstance(pure, PureTwoHeirsState)
    return CompiledTwoHeirsState._from_pure(pure)
