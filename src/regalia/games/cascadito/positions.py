"""Setting up Cascadito positions without playing them: marks placed on a sheet without
triggering anything, for analysis positions, tests and loading a state from JSON
(:mod:`.serialize`).

:func:`set_tracks` and :func:`set_claims` set track heights and claimed achievements the
same way. A mark placed here updates what the mark itself changes on the sheet (the groups of marked
cells, the river progress, the bandits crossed) and nothing the rules would trigger (no
town scoring, action, star or achievement). They act on the pure engine's state; the
compiled engine applies them to a pure copy and takes the position back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from regalia.core.errors import RecordError

from .notation import achievement_name

if TYPE_CHECKING:
    from .state import PureCascaditoState


def mark_plain(s: PureCascaditoState, p: int, i: int) -> None:
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


def mark_cells(s: PureCascaditoState, player: int, cells: list[str]) -> None:
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


def set_tracks(s: PureCascaditoState, player: int, heights: dict[str, int]) -> None:
    """Set the marked spaces of ``player``'s success tracks by colour (``{"blue": 3}``;
    colours not named keep their height) without triggering the spaces' actions.

    Raises:
        ParameterError: ``player`` is not a seat.
        RecordError: a colour with no track on this sheet, or a height that is not a
            whole number from 0 to the track's length.
    """
    p = s.check_seat(player)
    t = s.tables
    colours = [tr.colour for tr in t.tracks]
    for colour, h in heights.items():
        if colour not in colours:
            raise RecordError(f"{colour!r}: the tracks of sheet {t.number} are "
                              f"{', '.join(colours)}")
        k = colours.index(colour)
        if type(h) is not int or not 0 <= h <= t.track_len[k]:
            raise RecordError(f"the {colour} track has spaces 0..{t.track_len[k]}, not {h!r}")
        s.track[p * t.num_tracks + k] = h


def set_claims(s: PureCascaditoState, player: int, names: list[str]) -> None:
    """Mark achievements claimed by ``player`` (``["top 1", "bottom 2"]``: row and
    position from the left, as in ``claim top 1``) without queueing their actions. A
    top-row achievement nobody claimed before becomes ``player``'s first claim, locked
    for the others (rulebook: Achievements), as a claim in play would.

    Raises:
        ParameterError: ``player`` is not a seat.
        RecordError: a name that is no achievement of the sheet, or one ``player`` has
            already claimed.
    """
    p = s.check_seat(player)
    t = s.tables
    A = t.num_achievements
    index = {achievement_name(t, a).removeprefix("claim "): a for a in range(A)}
    for name in names:
        a = index.get(" ".join(str(name).split()))
        if a is None:
            raise RecordError(f"{name!r} is no achievement of sheet {t.number}: "
                              f"{', '.join(index)}")
        if s.claimed[p * A + a]:
            raise RecordError(f"seat {p + 1} has already claimed {name}")
        s.claimed[p * A + a] = 1
        s.claimable[p] &= ~(1 << a)
        if t.ach_top[a] and s.first[a] < 0:
            s.first[a] = p
            if not t.ach_later[a]:
                for q in range(len(s.claimable)):
                    s.claimable[q] &= ~(1 << a)
