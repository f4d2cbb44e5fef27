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

from typing import TYPE_CHECKING

from regalia.core.engines import CompiledState, choose_state_class

from . import positions
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
            when the game's sheet does not fit the compiled engine's arrays (naming the
            limit).
    """
    compiled = CompiledCascaditoState if _engine is not None else None
    unfit = _engine.unfit(game) if _engine is not None else None
    return choose_state_class(engine, "Cascadito", compiled, PureCascaditoState, unfit)


if _engine is not None:
    class CompiledCascaditoState(_engine.Core, CompiledState, CascaditoState):
        """A Cascadito state of the compiled engine (see the module docstring)."""

        __slots__ = ()
        PURE_CLASS = PureCascaditoState
        PURE_FIELDS = ("phase", "cur", "pool", "tasks", "marked", "grp", "gsize", "gmask",
                       "track", "river", "bandits", "claimed", "first", "claimable", "predie",
                       "bonus", "turns", "solo_turn", "boxes", "hist")
        GAME_TITLE = "Cascadito"

        def _pure_extras(self, pure: PureCascaditoState) -> None:
            pure._t = self._t

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
