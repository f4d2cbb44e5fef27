"""The choice between a game's compiled engine and its pure-Python engine.

A game that offers a compiled engine (a Cython extension built by ``pip install .``;
ARCHITECTURE.md, "Compiled kernels") keeps its pure engine as the reference and the
fallback. Which one a new game uses: the compiled one when its extension is built, the
pure one when it is absent or when the environment sets ``REGALIA_PURE=1`` (also
``true`` or ``yes``; read when a game is made), or the one named in code
(``load_game(name, engine="pure")``).
"""

from __future__ import annotations

import os
from typing import TypeVar

from .errors import ParameterError

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
                       pure: type[S]) -> type[S]:
    """The state class of ``engine`` (``compiled``, ``pure``, or None for
    :func:`default_engine`); ``compiled`` is None where the extension is not built.

    Raises:
        ParameterError: another name, or ``compiled`` when the extension is not built
            (naming the game, ``game_title``).
    """
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
