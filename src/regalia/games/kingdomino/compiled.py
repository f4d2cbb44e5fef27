"""The compiled Kingdomino engine, and the choice between the two engines.

:class:`CompiledKingdominoState` is a Kingdomino state whose position lives in C (the
Cython extension ``_engine``, built by ``pip install .``; see ARCHITECTURE.md, "Compiled
kernels"): legal actions, transitions, scores and whole playouts run there; notation,
observation, JSON and breakdowns are :class:`~.state.KingdominoState`'s, shared with the
pure engine. Both engines give the same legal actions in the same order, histories,
scores, observations and JSON, and draw the same random numbers (differential tests in
``tests/games/kingdomino/test_kingdomino_compiled.py``).

Which engine a game uses (:func:`state_class`): the compiled one when the extension is
built, the pure one when it is absent or when the environment sets ``REGALIA_PURE=1``
(read when a game is made); ``load_game("kingdomino", engine="pure")`` chooses in code.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from regalia.core.engines import choose_state_class
from regalia.core.errors import RecordError

from . import serialize
from .state import KingdominoState, PureKingdominoState

if TYPE_CHECKING:
    from .rules import KingdominoGame

try:
    from . import _engine
except ImportError:  # not built (a source tree without build_ext, or no C compiler)
    _engine = None  # type: ignore[assignment]

def available() -> bool:
    """True when the compiled extension is built and importable."""
    return _engine is not None


def state_class(engine: str | None) -> type[KingdominoState]:
    """The state class of ``engine`` (``compiled``, ``pure``, or None for the default:
    :func:`regalia.core.engines.default_engine`).

    Raises:
        ParameterError: another name, or ``compiled`` when the extension is not built.
    """
    return choose_state_class(engine, "Kingdomino",
                              CompiledKingdominoState if _engine is not None else None,
                              PureKingdominoState)


_PURE_FIELDS = ("phase", "king", "idx", "game_no", "drawn", "cur_nums", "cur_kings",
                "nxt_nums", "nxt_kings", "box", "undrawn", "occ", "free", "terr", "adj",
                "crown", "bbox", "discarded", "past", "done", "hist")


if _engine is not None:
    class CompiledKingdominoState(_engine.Core, KingdominoState):
        """A Kingdomino state of the compiled engine (see the module docstring). Its
        dealer is PCG64 in C (:mod:`regalia.core.dealers`)."""

        __slots__ = ()
        DEALER = "pcg64"

        def _to_pure(self) -> PureKingdominoState:
            """The same position in the pure engine (no seed, no dealer): used to raise the
            reference's own error for a refused action, and for set-up changes."""
            pure = PureKingdominoState._blank(self._game)
            pure._geo = self._geo
            for name in _PURE_FIELDS:
                setattr(pure, name, getattr(self, name))
            return pure

        @classmethod
        def _from_pure(cls, state: PureKingdominoState) -> "CompiledKingdominoState":
            """``state`` (checked by the pure engine's from_json or set-up) in C.

            Raises:
                RecordError: a field the C struct cannot hold (more finished-game scores
                    than a Dynasty has, a number beyond a C int).
            """
            out: CompiledKingdominoState = cls.__new__(cls)
            try:
                out._load(state)
            except (ValueError, OverflowError) as exc:
                raise RecordError(f"state JSON does not fit a Kingdomino position: {exc}") \
                    from None
            return out

        def recompute_derived(self, p: int) -> None:
            """See :func:`.positions.recompute_derived` (done on the pure engine's copy)."""
            pure = self._to_pure()
            pure.recompute_derived(p)
            self._reload(pure)

        def set_kingdom(self, player: int, text: str) -> None:
            """See :meth:`.state.KingdominoState.set_kingdom` (done on the pure engine's
            copy, then taken back; the seed and dealer are kept)."""
            pure = self._to_pure()
            pure.set_kingdom(player, text)
            self._reload(pure)

        def _reload(self, pure: PureKingdominoState) -> None:
            seed, dealer = self._seed, self._dealer
            self._load(pure)
            self._keep_dealer(seed, dealer)

        def __reduce__(self) -> tuple[Any, ...]:
            return (_rebuild, (self._game, self.to_json()))


def vector_kernel(game: "KingdominoGame", num_envs: int, seat: int,
                  opponents: Sequence[str], reward: str, illegal_reward: float) -> Any | None:
    """The batched kernel of ``game`` (``_engine.VectorKernel``, see
    :meth:`regalia.core.game.Game.vector_kernel`), or None when an opponent's policy is
    not one the engine compiles (:data:`_engine.POLICIES`)."""
    if _engine is None or any(o not in _engine.POLICIES for o in opponents):
        return None
    from .tensors import layout

    lay = layout(game)
    offsets = tuple(lay.offsets[name] for name in (
        "kingdoms", "current_line", "next_line", "phase", "to_move", "progress",
        "discarded", "scores")) + (lay.size,)
    return _engine.VectorKernel(game, num_envs, seat,
                                [_engine.POLICIES[o] for o in opponents],
                                reward == "margin", illegal_reward, offsets)


def _rebuild(game: "KingdominoGame", data: dict[str, Any]) -> KingdominoState:
    """Unpickle a compiled state (from its JSON, as every copy: no seed, no dealer)."""
    return CompiledKingdominoState._from_pure(serialize.from_json(PureKingdominoState, game,
                                                                  data))
