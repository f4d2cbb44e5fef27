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
from typing import TYPE_CHECKING, Any

from regalia.core.engines import choose_state_class
from regalia.core.errors import ParameterError, RecordError

from . import information, serialize
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
            when the game's card data does not fit the compiled engine's limits (naming
            the limit).
    """
    compiled: type[InheritorsState] | None = (CompiledInheritorsState if _engine is not None
                                              else None)
    if compiled is not None:
        problem = _engine.unfit(game)
        if problem is not None:
            if engine == "compiled":
                raise ParameterError(f"the compiled Inheritors engine cannot hold these cards "
                                     f"({problem}); use engine='pure'")
            compiled = None
    return choose_state_class(engine, "Inheritors", compiled, PureInheritorsState)


#: The pure engine's position fields, copied one by one by :meth:`_to_pure`.
_PURE_FIELDS = ("phase", "stage", "cur", "first", "ended", "rcol", "hand", "hsize", "deck",
                "dsize", "rows", "mask", "removed", "side", "box", "quests", "qpool", "qrow",
                "hrow", "honors", "clan_row", "clan_owner", "pclan", "drawq", "qdraw", "pend",
                "qcol", "qleft", "tadv", "tnum", "known", "capc", "pdraws", "hist", "vis",
                "notes")


if _engine is not None:
    class CompiledInheritorsState(_engine.Core, InheritorsState):
        """An Inheritors state of the compiled engine (see the module docstring)."""

        __slots__ = ()

        def _to_pure(self) -> PureInheritorsState:
            """The same position in the pure engine (no seed, no dealer): used to raise the
            reference's own error for a refused action, to resample, and for set-up
            changes."""
            pure = PureInheritorsState._blank(self._game)
            pure._legal = None
            for name in _PURE_FIELDS:
                setattr(pure, name, getattr(self, name))
            return pure

        @classmethod
        def _from_pure(cls, state: PureInheritorsState) -> "CompiledInheritorsState":
            """``state`` (checked by the pure engine's from_json or set-up) in C, without
            its seed and dealer.

            Raises:
                RecordError: a field the C struct cannot hold.
            """
            out: CompiledInheritorsState = cls.__new__(cls)
            try:
                out._load(state)
            except (ValueError, OverflowError, IndexError, KeyError) as exc:
                raise RecordError(f"state JSON does not fit an Inheritors position: {exc}") \
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
            seed, dealer = self._seed, self._dealer
            self._load(pure)
            self._seed, self._dealer = seed, dealer

        def resample_from_infostate(self, player: int,
                                    rng: random.Random) -> "CompiledInheritorsState":
            """:func:`.information.resample_from_infostate` on the pure engine's copy (the
            same draws from ``rng``), taken into C: like every copy, without the seed and
            the dealer."""
            return self._from_pure(information.resample_from_infostate(self._to_pure(),
                                                                       player, rng))

        def __reduce__(self) -> tuple[Any, ...]:
            return (_rebuild, (self._game, self.to_json()))


def _rebuild(game: "InheritorsGame", data: dict[str, Any]) -> InheritorsState:
    """Unpickle a compiled state (from its JSON, as every copy: no seed, no dealer)."""
    return CompiledInheritorsState._from_pure(serialize.from_json(PureInheritorsState, game,
                                                                  data))
