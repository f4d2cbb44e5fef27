"""The choice between a game's compiled engine and its pure-Python engine.

A game that offers a compiled engine (a Cython extension built by ``pip install .``;
ARCHITECTURE.md, "Compiled kernels") keeps its pure engine as the reference and the
fallback. Which one a new game uses: the compiled one when its extension is built, the
pure one when it is absent or when the environment sets ``REGALIA_PURE=1`` (also
``true`` or ``yes``; read when a game is made), or the one named in code
(``load_game(name, engine="pure")``).

:class:`CompiledState` is what a game's compiled state class shares with the others (the
copies to and from the pure engine, fields set from Python, pickling); the C core and the
game's shared state class supply the rest.
"""

from __future__ import annotations

import os
from typing import Any, ClassVar, TypeVar

from .errors import ParameterError, RecordError

#: The engines a game with a compiled core may be asked for.
ENGINES = ("compiled", "pure")

S = TypeVar("S")


def pure_requested() -> bool:
    """True when the environment asks for the pure engines (``REGALIA_PURE`` is ``1``,
    ``true`` or ``yes``, any case)."""
    return os.environ.get("REGALIA_PURE", "").strip().lower() in ("1", "true", "yes")


def default_engine(compiled_built: bool) -> str:
    """``pure`` when :func:`pure_requested` or the extension is not built, else
    ``compiled``."""
    return "compiled" if compiled_built and not pure_requested() else "pure"


def choose_state_class(engine: str | None, game_title: str, compiled: type[S] | None,
                       pure: type[S], unfit: str | None = None) -> type[S]:
    """The state class of ``engine`` (``compiled``, ``pure``, or None for
    :func:`default_engine`); ``compiled`` is None where the extension is not built;
    ``unfit`` says why the compiled engine cannot play this game's data (a user's file
    beyond its C arrays), None when it can: the game then falls back to the pure engine.

    Raises:
        ParameterError: another name, or ``compiled`` when the extension is not built or
            cannot play the game (naming the game, ``game_title``, and the reason).
    """
    if unfit is not None and compiled is not None:
        if engine == "compiled":
            raise ParameterError(f"the compiled {game_title} engine cannot hold this game's "
                                 f"data ({unfit}); use engine='pure'")
        compiled = None
    if engine is None:
        engine = default_engine(compiled is not None)
    if engine == "pure":
        return pure
    if engine == "compiled":
        if compiled is None:
            raise ParameterError(f"the compiled {game_title} engine is not built in this "
                                 "installation (pip install . builds it with the C compiler); "
                                 "use engine='pure'")
        return compiled
    raise ParameterError(f"engine must be one of {', '.join(ENGINES)}, not {engine!r}")


class CompiledState:
    """What the compiled state class of every game shares (a mixin placed after the
    extension's ``Core`` and before the game's shared state class:
    ``class CompiledCascaditoState(_engine.Core, CompiledState, CascaditoState)``).

    The ``Core`` holds the position in C and shows it through the pure engine's field
    names; it offers ``_load(pure)``, which takes a pure engine's position. A subclass
    names the pure engine's class (:attr:`PURE_CLASS`), the fields copied between the
    engines (:attr:`PURE_FIELDS`) and the game's title.
    """

    __slots__ = ()

    #: The pure engine's state class.
    PURE_CLASS: ClassVar[Any]
    #: The position's fields, by the pure engine's names.
    PURE_FIELDS: ClassVar[tuple[str, ...]]
    #: The game's title, for errors.
    GAME_TITLE: ClassVar[str]

    _game: Any
    _seed: int | None
    _dealer: Any

    def _load(self, pure: Any) -> None:  # pragma: no cover - the Core's
        raise NotImplementedError

    def _to_pure(self) -> Any:
        """The same position in the pure engine, without the seed and the dealer (a
        copy): used to raise the reference's own error for a refused action, and for
        set-up changes."""
        pure = self.PURE_CLASS._blank(self._game)
        self._pure_extras(pure)
        for name in self.PURE_FIELDS:
            setattr(pure, name, getattr(self, name))
        return pure

    def _pure_extras(self, pure: Any) -> None:
        """Set what the pure engine's copy holds besides :attr:`PURE_FIELDS` (a cache,
        the game's tables)."""

    @classmethod
    def _from_pure(cls, state: Any) -> Any:
        """``state`` (a pure engine's state, checked by its JSON reader or set-up) in C,
        without its seed and dealer.

        Raises:
            RecordError: a field the C struct cannot hold (naming it).
        """
        out = cls.__new__(cls)
        try:
            out._load(state)
        except (ValueError, OverflowError, IndexError, KeyError) as exc:
            raise RecordError(f"state JSON does not fit a {cls.GAME_TITLE} position: "
                              f"{exc}") from None
        return out

    def __setattr__(self, name: str, value: Any) -> None:
        """A position field set from Python (tests, analysis tools; as on the pure engine,
        nothing is checked) is set on the pure engine's copy and taken back."""
        if name not in self.PURE_FIELDS:
            super().__setattr__(name, value)
            return
        pure = self._to_pure()
        setattr(pure, name, value)
        self._reload(pure)

    def _reload(self, pure: Any) -> None:
        """Take ``pure``'s position, keeping this state's seed and dealer."""
        seed, dealer = self._seed, self._dealer
        self._load(pure)
        self._seed, self._dealer = seed, dealer

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its game and JSON: the copy, like every copy, has no seed nor
        dealer."""
        return (_from_json, (self._game, self.to_json()))  # type: ignore[attr-defined]


def _from_json(game: Any, data: dict[str, Any]) -> Any:
    """Unpickle a compiled state: ``game.state_from_json(data)`` (its engine is the
    game's)."""
    return game.state_from_json(data)
