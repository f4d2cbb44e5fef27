"""Hand-set Two Heirs positions: analysis positions, the rulebook's worked examples, tests.

:func:`set_position` (also :meth:`.state.TwoHeirsState.set_position`) replaces a state's
position by one described in the table's terms (tile ids, ``(x, y)`` spaces, troops in the
reserve or beside the play area) and checks it like a loaded state
(:func:`.serialize.check_state`).

Layer: functions of a :class:`~.state.TwoHeirsState`; imports the state module only for
type checking.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from regalia.core.errors import RecordError

from .components import COLOURS
from .geometry import ORIGIN, cell_of
from .serialize import check_state
from .tables import IN_RESERVE, OFF_BOARD, OPEN, PH_PLAY

if TYPE_CHECKING:
    from .state import TwoHeirsState


def set_position(s: "TwoHeirsState", *, landscape: list[tuple[int, int, str, str]],
                 troops: list[list[Any]], reserve: list[str | None],
                 hands: tuple[list[str], list[str]] = ([], []), current: int = 0,
                 taken: int = 0, discounts: int = 0, supply_top: str | None = None,
                 scaffold: tuple[int, int] | None = None,
                 final_turns_left: int = -1) -> None:
    """Replace the position by a hand-set one (analysis positions, worked examples,
    tests); the history is left as it was, so the result is not replayable.

    Args:
        landscape: ``(x, y, tile id, kind)`` with kind ``white``/``blue`` (a building
            of seat 0/1) or ``open``; a tile at (0, 0) face down is the starting tile.
        troops: per seat, 3 entries (retinue first): ``(x, y)``, ``"reserve"`` or
            ``"aside"`` (Heinrich's, beside the play area).
        reserve: up to 6 tile ids (or None for an empty slot) clockwise from the
            shield, which lies on slot 0.
        hands: tile ids per seat. ``current``: the seat to move, in phase ``play``;
        ``taken``: tiles it took this turn already (>= 1: the shield is flipped);
        ``discounts``: expansions this turn; ``supply_top``: the colour shown on top of
        the supply (default: the first tile left there). Tiles of the chosen sets
        named nowhere form the supply. ``scaffold``: solo, the human's last built
        building. ``final_turns_left``: turns still to play in the final round
        (counting this one), -1 before the end is triggered.

    Raises:
        RecordError: an unknown tile, a tile named twice, or an inconsistent position
            (the state is then left as it was).
    """
    backup = s.clone()
    try:
        _set_position(s, landscape, troops, reserve, hands, current, taken, discounts,
                      supply_top, scaffold, final_turns_left)
    except (RecordError, ValueError, TypeError, KeyError, IndexError) as exc:
        name: str
        for name in s.__slots__:
            if name not in ("_dealer", "_seed"):
                setattr(s, name, getattr(backup, name))
        if isinstance(exc, RecordError):
            raise
        raise RecordError(f"bad position: {type(exc).__name__}: {exc}") from None


def _set_position(s: "TwoHeirsState", landscape: list[tuple[int, int, str, str]],
                  troops: list[list[Any]], reserve: list[str | None],
                  hands: tuple[list[str], list[str]], current: int, taken: int,
                  discounts: int, supply_top: str | None, scaffold: tuple[int, int] | None,
                  final_turns_left: int) -> None:
    T = s.T
    index = {tid: i for i, tid in enumerate(T.ids)}

    def tile(tid: str) -> int:
        if tid not in index or index[tid] not in T.used:
            raise RecordError(f"tile {tid!r} is not a tile of the chosen sets")
        return index[tid]

    kinds = ("white", "blue", "open")
    s.board = {cell_of(x, y): tile(tid) * 4 + kinds.index(kind)
               for x, y, tid, kind in landscape}
    origin = s.board.get(ORIGIN)
    s.start_tile = origin >> 2 if origin is not None and origin & 3 == OPEN else -1
    s.troops = [IN_RESERVE if v == "reserve" else OFF_BOARD if v == "aside"
                else cell_of(*v) for seat in troops for v in seat]
    s.slots = [-1] + [tile(t) if t else -1 for t in reserve] + [-1] * (6 - len(reserve))
    s.shield = 0
    s.hands = [sorted(tile(t) for t in h) for h in hands]
    named = ([code >> 2 for code in s.board.values()] + [t for t in s.slots if t >= 0]
             + s.hands[0] + s.hands[1])
    if len(set(named)) != len(named):
        raise RecordError("a tile is named twice in the position")
    s.box = []
    s.supply = [t for t in T.used if t not in set(named)]
    s.top = (COLOURS.index(supply_top) if supply_top else
             T.colour[s.supply[0]] if s.supply else -1)
    s.filled = 6
    s.draw_to = -2
    s.phase = PH_PLAY
    s.cur = current
    s.turn = max(s.turn, 2)
    s.takes_left = 0 if taken else 1
    s.taken = taken
    s.discounts = discounts
    s.moved = 0
    s.acts = 0
    s.final_left = final_turns_left
    s.siege_cell = -1
    s.h_step = 0
    if scaffold is not None:
        s.scaffold = cell_of(*scaffold)
    s._cache = None
    check_state(s, s.game)
