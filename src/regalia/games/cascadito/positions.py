"""Setting up Cascadito positions without playing them: marks placed on a sheet without
triggering anything, for analysis positions, tests and loading a state from JSON
(:mod:`.serialize`).

A mark placed here updates what the mark itself changes on the sheet (the groups of marked
cells, the river progress, the bandits crossed) and nothing the rules would trigger (no
town scoring, action, star or achievement).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from regalia.core.errors import RecordError

if TYPE_CHECKING:
    from .state import CascaditoState


def mark_plain(s: CascaditoState, p: int, i: int) -> None:
    """Mark cell ``i`` on seat ``p``'s sheet without triggering anything.

    Raises:
        RecordError: the cell is already marked, or it is a river space out of river
            order (rivers are marked in order, rulebook: Rivers).
    """
    t = s.tables
    if s.marked[p] >> i & 1:
        raise RecordError(f"state JSON: sheet {p}: {t.names[i]} is marked twice")
    r = t.river_of[i]
    if r >= 0:
        R = t.num_rivers
        if t.river_pos[i] != s.river[p * R + r]:
            raise RecordError(f"state JSON: sheet {p}: river space {t.names[i]} is marked "
                              "before the spaces ahead of it (rivers are marked in order)")
        s.river[p * R + r] += 1
    s.marked[p] |= 1 << i
    if t.bandit_mask >> i & 1:
        s.bandits[p] += 1
    if r < 0 or t.rivers[r].joins_groups:
        s._join(p, i)  # the groups the mark joins; no town scores


def mark_cells(s: CascaditoState, player: int, cells: list[str]) -> None:
    """Mark ``cells`` (names such as ``c5``) on ``player``'s sheet without triggering
    anything; river spaces in river order.

    Raises:
        ParameterError: ``player`` is not a seat.
        RecordError: an unknown or already marked cell, or a river space out of order.
    """
    p = s.check_seat(player)
    t = s.tables
    for name in cells:
        if name not in t.name_index:
            raise RecordError(f"{name!r} is no cell of sheet {t.number}")
        mark_plain(s, p, t.name_index[name])
