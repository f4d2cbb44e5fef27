"""The dealers: the seeded generators that deal a real game's chance outcomes.

A state made by ``Game.new_initial_state(seed)`` owns a dealer (see :mod:`.state`). Two
generators deal, named in records (:class:`~regalia.core.record.GameRecord`'s ``dealer``)
so that a record replays and verifies exactly whichever engine played it:

* ``mt19937``: Python's :class:`random.Random` (the Mersenne Twister, seeded as Python
  seeds it from an int). The pure engines deal with it; a record without a ``dealer``
  field (every record written before the field existed) was dealt by it.
* ``pcg64``: M. E. O'Neill's PCG64 (PCG-XSL-RR 128/64, the generator behind NumPy's
  ``PCG64``), seeded as the PCG reference's ``pcg_setseq_128_srandom_r(initstate,
  initseq)`` with ``initstate`` the low 128 bits of ``abs(seed)`` and ``initseq`` the next
  128 bits (a fresh seed has 128 bits: ``initseq`` is then 0). A draw in ``[0, 1)`` is the
  next 64-bit output's top 53 bits times 2**-53 (NumPy's ``random()``). The compiled
  engines deal with it in C (``regalia._compiled.pcg64``): seeding it costs a few
  operations where seeding a Mersenne Twister fills 624 words. :class:`Pcg64` below is
  the same generator in Python (the reference, and the dealer where the extension is
  not built).

Both give the ``random()`` method that :meth:`State.sample_chance_outcome` draws from.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Final, Protocol

from .errors import ParameterError

if TYPE_CHECKING:
    from .game import Game
    from .state import State

#: The dealers, by the name records use.
DEALERS: Final = ("mt19937", "pcg64")
#: The dealer of a record that names none (records before the field existed).
DEFAULT_DEALER: Final = "mt19937"

_M64: Final = (1 << 64) - 1
_M128: Final = (1 << 128) - 1
#: PCG's default 128-bit multiplier (``PCG_DEFAULT_MULTIPLIER_128``).
PCG_MULTIPLIER: Final = 0x2360ED051FC65DA44385DF649FCCF645


class Dealer(Protocol):
    """What a dealer offers: the next float in ``[0, 1)``."""

    def random(self) -> float: ...


def pcg64_seed_words(seed: int) -> tuple[int, int]:
    """``(initstate, initseq)`` of ``seed`` for PCG64 (see the module docstring): the low
    128 bits of ``abs(seed)`` and the next 128."""
    a = -seed if seed < 0 else seed
    return a & _M128, (a >> 128) & _M128


def pcg64_initial(seed: int) -> tuple[int, int]:
    """The generator's ``(state, increment)`` after seeding with ``seed`` (the PCG
    reference's ``srandom_r``: state 0, one step, add ``initstate``, one step)."""
    initstate, initseq = pcg64_seed_words(seed)
    inc = ((initseq << 1) | 1) & _M128
    state = inc  # 0 * multiplier + inc: the first step from state 0
    state = (state + initstate) & _M128
    state = (state * PCG_MULTIPLIER + inc) & _M128
    return state, inc


class Pcg64:
    """PCG64 in Python (see the module docstring); ``random()`` as the C dealer's.

    Args:
        seed: an int (its absolute value's low 256 bits are used).
    """

    __slots__ = ("_state", "_inc")

    def __init__(self, seed: int):
        self._state, self._inc = pcg64_initial(seed)

    def next_uint64(self) -> int:
        """The next 64-bit output (step, then XSL-RR of the new state)."""
        s = (self._state * PCG_MULTIPLIER + self._inc) & _M128
        self._state = s
        x = ((s >> 64) ^ s) & _M64
        rot = s >> 122
        return ((x >> rot) | (x << (64 - rot))) & _M64

    def random(self) -> float:
        """The next float in ``[0, 1)``: 53 bits."""
        return (self.next_uint64() >> 11) * (1.0 / 9007199254740992.0)

    def state(self) -> tuple[int, int]:
        """``(state, increment)``, the two 128-bit words (for tests against NumPy)."""
        return self._state, self._inc


def check_dealer(name: object) -> str:
    """``name`` if it names a dealer of :data:`DEALERS`.

    Raises:
        ParameterError: naming the value and the dealers there are.
    """
    if name not in DEALERS:
        raise ParameterError(f"dealer must be one of {', '.join(DEALERS)}, not {name!r}")
    return name


def make_dealer(name: str, seed: int) -> Dealer:
    """A new dealer ``name`` seeded with ``seed``: :class:`random.Random` for ``mt19937``,
    PCG64 for ``pcg64`` (the compiled one where it is built, else :class:`Pcg64`).

    Raises:
        ParameterError: an unknown name.
    """
    if check_dealer(name) == "mt19937":
        return random.Random(seed)
    return pcg64_dealer(seed)


def pcg64_dealer(seed: int) -> Dealer:
    """A PCG64 dealer seeded with ``seed``: the compiled one where it is built."""
    try:
        from regalia._compiled.pcg64 import Pcg64 as CPcg64
    except ImportError:  # not built: the Python generator draws the same numbers
        return Pcg64(seed)
    return CPcg64(seed)


def dealer_name(dealer: object) -> str:
    """The name (:data:`DEALERS`) of a dealer object: ``mt19937`` for a
    :class:`random.Random`, ``pcg64`` for either PCG64."""
    return "mt19937" if isinstance(dealer, random.Random) else "pcg64"


def initial_state(game: "Game", seed: int | None, dealer: str | None = None) -> "State":
    """``game.new_initial_state(seed)`` dealt by ``dealer`` (None: the engine's own, the
    state class's ``DEALER``): how a record or a resumed game is continued with the
    generator that dealt it, whichever engine plays it now.

    Raises:
        ParameterError: a bad seed or an unknown dealer.
    """
    state = game.new_initial_state(seed)
    if dealer is not None and check_dealer(dealer) != state.dealer_name:
        state._set_dealer(dealer)
    return state
