"""The compiled Cascadito engine, and the choice between the two engines.

:class:`CompiledCascaditoState` is a Cascadito state whose position lives in a C struct
(the Cython extension ``_engine``, built by ``pip install .``; ARCHITECTURE.md, "Compiled
kernels"): whose turn, legal actions, the transitions (town scorings, tasks, achievements
and their claims, the end of the game), the dice, the scores and whole playouts
(``random``; ``greedy`` = :func:`.policies.greedy_policy`) run in C; notation, observation,
JSON, breakdowns and hand-set positions are :class:`~.state.CascaditoState`'s, shared with
the pure engine, which read the position through the same names. Both engines give the
same legal actions in the same order, histories, scores, observations and JSON, and draw
the same random numbers (differential tests in
``tests/games/cascadito/test_cascadito_compiled.py``).

Which engine a game uses (:func:`state_class`): the compiled one when the extension is
built and holds the game's sheet (every bundled sheet does; a user's sheet must stay
within :data:`_engine.LIMITS`), the pure one otherwise or when the environment sets
``REGALIA_PURE=1`` (read when a game is made); ``load_game("cascadito", engine="pure")``
chooses in code.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from regalia.core.engines import choose_state_class
from regalia.core.errors import ParameterError, RecordError

from . import positions, serialize
from .state import CascaditoState, PureCascaditoState

if TYPE_CHECKING:
    from .rules import CascaditoGame

try:
    from . import _engine
except ImportError:  # not built (a source tree without build_ext, or no C compiler)
    _engine = None  # type: ignore[assignment]


def available() -> bool:
    """True when the compiled extension is built and importable."""
    return _engine is not None


def state_class(engine: str | None, game: "CascaditoGame") -> type[CascaditoState]:
    """The state class of ``engine`` (``compiled``, ``pure``, or None for the default:
    :func:`regalia.core.engines.default_engine`) for ``game`` (its tables built).

    Raises:
        ParameterError: another name; ``compiled`` when the extension is not built, or
            when the game's sheet does not fit the compiled engine's limits (naming the
            limit).
    """
    compiled: type[CascaditoState] | None = (CompiledCascaditoState if _engine is not None
                                             else None)
    if compiled is not None:
        problem = _engine.unfit(game)
        if problem is not None:
            if engine == "compiled":
                raise ParameterError(f"the compiled Cascadito engine cannot hold this sheet "
                                     f"({problem}); use engine='pure'")
            compiled = None
    return choose_state_class(engine, "Cascadito", compiled, PureCascaditoState)


#: The pure engine's position fields, copied one by one by :meth:`_to_pure`.
_PURE_FIELDS = ("phase", "cur", "pool", "tasks", "marked", "grp", "gsize", "gmask", "track",
                "river", "bandits", "claimed", "first", "claimable", "predie", "bonus",
                "turns", "solo_turn", "boxes", "hist")


if _engine is not None:
    class CompiledCascaditoState(_engine.Core, CascaditoState):
        """A Cascadito state of the compiled engine (see the module docstring)."""

        __slots__ = ()

        def _to_pure(self) -> PureCascaditoState:
            """The same position in the pure engine (no seed, no dealer): used to raise the
            reference's own error for a refused action, and for set-up changes."""
            pure = PureCascaditoState._blank(self._game)
            pure._t = self._t
            for name in _PURE_FIELDS:
                setattr(pure, name, getattr(self, name))
            return pure

        @classmethod
        def _from_pure(cls, state: PureCascaditoState) -> "CompiledCascaditoState":
            """``state`` (checked by the pure engine's from_json or set-up) in C.

            Raises:
                RecordError: a field the C struct cannot hold.
            """
            out: CompiledCascaditoState = cls.__new__(cls)
            try:
                out._load(state)
            except (ValueError, OverflowError, IndexError) as exc:
                raise RecordError(f"state JSON does not fit a Cascadito position: {exc}") \
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

        def _reload(self, pure: PureCascaditoState) -> None:
            """Take ``pure``'s position, keeping this state's seed and dealer."""
            seed, dealer = self._seed, self._dealer
            self._load(pure)
            self._seed, self._dealer = seed, dealer

        def set_marks(self, player: int, cells: list[str]) -> None:
            """See :meth:`.state.CascaditoState.set_marks` (done on the pure engine's copy,
            then taken back; the seed and dealer are kept)."""
            pure = self._to_pure()
            positions.mark_cells(pure, player, cells)
            self._reload(pure)

        def set_tracks(self, player: int, heights: dict[str, int]) -> None:
            """See :meth:`.state.CascaditoState.set_tracks` (on the pure engine's copy)."""
            pure = self._to_pure()
            positions.set_tracks(pure, player, heights)
            self._reload(pure)

        def set_claims(self, player: int, names: list[str]) -> None:
            """See :meth:`.state.CascaditoState.set_claims` (on the pure engine's copy)."""
            pure = self._to_pure()
            positions.set_claims(pure, player, names)
            self._reload(pure)

        def __reduce__(self) -> tuple[Any, ...]:
            return (_rebuild, (self._game, self.to_json()))


def _rebuild(game: "CascaditoGame", data: dict[str, Any]) -> CascaditoState:
    """Unpickle a compiled state (from its JSON, as every copy: no seed, no dealer)."""
    return CompiledCascaditoState._from_pure(serialize.from_json(PureCascaditoState, game,
                                                                 data))
