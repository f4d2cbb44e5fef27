"""The compiled Inheritors engine, and the choice between the two engines.

:class:`CompiledInheritorsState` is an Inheritors state whose position lives in a C struct
(the Cython extension ``_engine``, built by ``pip install .``; ARCHITECTURE.md, "Compiled
kernels"): whose turn, legal actions, the transitions (the five actions, the Advocates'
and Clans' effects, claims, draws and the setup's chance nodes, the public knowledge of
each hand), the chance outcomes, the scores and whole playouts (``random``; ``greedy`` and
``fast`` = :func:`.policies.greedy_policy` and :func:`.policies.fast_policy`) run in C;
notation, observation, information states, JSON and breakdowns are
:class:`~.state.InheritorsState`'s, shared with the pure engine, which read the position
through the same names. Both engines give the same legal actions in the same order,
histories, scores, observations, information states and JSON, and draw the same random
numbers (differential tests in ``tests/games/inheritors/test_inheritors_compiled.py``).

Hidden hands stay hidden the same way on both engines: a clone, a JSON copy and a
determinization (``resample_from_infostate``, made by the pure engine's
:func:`.information.resample_from_infostate` on a copy and taken into C) carry no seed and
no dealer; the attacks of ``tests/security`` run on both engines.

Which engine a game uses (:func:`state_class`): the compiled one when the extension is
built and holds the game's card data (the bundled cards do; a user's file must stay
within :data:`_engine.LIMITS`), the pure one otherwise or when the environment sets
``REGALIA_PURE=1`` (read when a game is made); ``load_game("inheritors", engine="pure")``
chooses in code.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from regalia.core.engines import CompiledState, choose_state_class

from . import information
from .state import InheritorsState, PureInheritorsState

if TYPE_CHECKING:
    from .rules import InheritorsGame

try:
    from . import _engine
except ImportError:  # not built (a source tree without build_ext, or no C compiler)
    _engine = None  # type: ignore[assignment]


def available() -> bool:
    """True when the compiled extension is built and importable."""
    return _engine is not None


def state_class(engine: str | None, game: "InheritorsGame") -> type[InheritorsState]:
    """The state class of ``engine`` (``compiled``, ``pure``, or None for the default:
    :func:`regalia.core.engines.default_engine`) for ``game`` (its tables built).

    Raises:
        ParameterError: another name; ``compiled`` when the extension is not built, or
            when the game's card data does not fit the compiled engine's arrays (naming
            the limit).
    """
    compiled = CompiledInheritorsState if _engine is not None else None
    unfit = _engine.unfit(game) if _engine is not None else None
    return choose_state_class(engine, "Inheritors", compiled, PureInheritorsState, unfit)


if _engine is not None:
    class CompiledInheritorsState(_engine.Core, CompiledState, InheritorsState):
        """An Inheritors state of the compiled engine (see the module docstring)."""

        __slots__ = ()
        PURE_CLASS = PureInheritorsState
        PURE_FIELDS = ("phase", "stage", "cur", "first", "ended", "rcol", "hand", "hsize",
                       "deck", "dsize", "rows", "mask", "removed", "side", "box", "quests",
                       "qpool", "qrow", "hrow", "honors", "clan_row", "clan_owner", "pclan",
                       "drawq", "qdraw", "pend", "qcol", "qleft", "tadv", "tnum", "known",
                       "capc", "pdraws", "hist", "vis", "notes")
        GAME_TITLE = "Inheritors"

        def _pure_extras(self, pure: PureInheritorsState) -> None:
            pure._legal = None

        def resample_from_infostate(self, player: int,
                                    rng: random.Random) -> "CompiledInheritorsState":
            """:func:`.information.resample_from_infostate` on the pure engine's copy (the
            same draws from ``rng``), taken into C: like every copy, without the seed and
            the dealer."""
            out: CompiledInheritorsState = self._from_pure(
                information.resample_from_infostate(self._to_pure(), player, rng))
            return out
