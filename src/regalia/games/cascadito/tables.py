"""Precomputed tables of one Cascadito play sheet, for the engine (:mod:`.state`).

Everything the state machine asks about the sheet is an index or a bitmask computed once
per sheet here, so that a state holds only flat lists of ints.

Cells. The *cells* of a sheet are the hexes a player can mark: its empty fields and its
river spaces, numbered ``0 .. num_cells - 1`` in reading order (top row first, left to
right), the river spaces of a river outside the kingdom (sheets 1, 2) last. A cell's name
is its row letter (``a`` = top row) and its 1-based position in the row: doubled
coordinates ``(x, y)`` are named ``chr(ord('a') + y) + str(x // 2 + 1)``, so ``c5`` is
``(8, 2)``.

Dice rolls. A roll of the dice is one chance node whose outcome is the dice pool left once
the forbidden faces are removed: the number of dice of each town colour (blue, yellow,
orange, pink, white). :data:`POOLS` lists every pool of at most 6 dice; a sheet allows
those without a forbidden colour. Rolling again when too few dice remain (multiplayer: an
empty pool; solo: fewer than 2, rulebook "Solo Play") is the same as drawing the pool
conditioned on leaving enough dice, which :meth:`SheetTables.roll_outcomes` does, so a
game never holds an unbounded chain of re-rolls.
"""

from __future__ import annotations

from itertools import product
from math import factorial
from typing import Any

from . import hexgrid
from .components import CASTLE_ORDER, TOWN_COLOURS, Achievement, DiceSet, Sheet, river_word

#: Colour indices: 0 blue, 1 yellow, 2 orange, 3 pink, 4 white (the die faces but black).
NUM_COLOURS = len(TOWN_COLOURS)
COLOUR_LETTERS = "BYOPW"
#: Action kinds of task icons.
A_TRACK, A_FIELD, A_RIVER = 0, 1, 2
ACTION_CODES = {"advance_track": A_TRACK, "mark_field": A_FIELD, "advance_river": A_RIVER}
ACTION_NAMES = ("advance_track", "mark_field", "advance_river")
#: Task code of a pending task: ``kind + 4 * cell``; kinds 0-2 are the action icons
#: (:data:`A_TRACK` ...), :data:`T_STAR` a star at ``cell`` (Play Sheet 4).
T_STAR = 3
#: Achievement criterion codes (see :meth:`SheetTables._spec`).
(ACH_MARK, ACH_BANDITS, ACH_BANNERS, ACH_BANNER, ACH_SEPARATE, ACH_GROUP_FIELDS,
 ACH_GROUP_TOWNS, ACH_GROUP_COLOURS) = range(8)


def _pools(max_dice: int = 6) -> tuple[tuple[int, ...], ...]:
    out = [c for c in product(range(max_dice + 1), repeat=NUM_COLOURS) if sum(c) <= max_dice]
    out.sort(key=lambda c: (sum(c), tuple(-x for x in c)))
    return tuple(out)


#: Every dice pool of 0 to 6 dice as counts per town colour (462 pools).
POOLS: tuple[tuple[int, ...], ...] = _pools()
POOL_INDEX: dict[tuple[int, ...], int] = {c: i for i, c in enumerate(POOLS)}


_BYTE_BITS = tuple(tuple(i for i in range(8) if b >> i & 1) for b in range(256))
#: ``_BITS_AT[k][b]``: the positions of the set bits of byte ``b`` of a mask when it is the
#: mask's byte ``k`` (``8k + i``); grown by :func:`bits` as wider masks come.
_BITS_AT: list[tuple[tuple[int, ...], ...]] = []


def bits(m: int) -> list[int]:
    """The positions of the set bits of ``m`` (a non-negative int bitmask), ascending."""
    at = _BITS_AT
    if m.bit_length() > 8 * len(at):
        while 8 * len(at) < m.bit_length():
            base = 8 * len(at)
            at.append(tuple(tuple(base + i for i in byte) for byte in _BYTE_BITS))
    out: list[int] = []
    k = 0
    while m:
        b = m & 255
        if b:
            out.extend(at[k][b])
        m >>= 8
        k += 1
    return out


def pool_string(counts: tuple[int, ...] | list[int]) -> str:
    """``BBYP`` for two blue, a yellow and a pink die; ``-`` for an empty pool."""
    return "".join(COLOUR_LETTERS[c] * n for c, n in enumerate(counts)) or "-"


def cell_name(h: tuple[int, int]) -> str:
    """``c5`` for hex ``(8, 2)``: row letter, 1-based position in the row."""
    return f"{chr(ord('a') + h[1])}{h[0] // 2 + 1}"


class SheetTables:
    """The tables of one sheet (see the module docstring); built once per game.

    Attributes (all indexed by cell ``i``, colour ``c`` (0-4), track ``t`` in the sheet's
    left-to-right order, river ``r``, town ``k``, achievement ``a``):
        cells, names, index: the cell hexes, their names, ``{hex: i}``.
        nbr[i]: the cells that join a group with ``i`` (neighbouring kingdom cells; the
            river spaces of sheets 1-2 join none).
        star_nbr[i]: the neighbouring *fields* of ``i`` (a star's choices).
        town_mask[i]: bitmask of the towns next to ``i`` (0 for a river outside the kingdom).
        die_cells[c]: bitmask of the fields a die of colour ``c`` may mark (next to a
            town of that colour).
        fields_mask: the fields (cells that are not river spaces).
        bandit_mask, star_mask; cell_action[i]: an action code or -1 (sheet 3's action
            fields); river_of[i], river_pos[i]: the river and position of a river cell.
    """

    def __init__(self, sheet: Sheet, dice: DiceSet):
        self.sheet = sheet
        self.number = sheet.number
        kingdom_cells = sorted(sheet.fields | {h for r in sheet.rivers if r.joins_groups
                                               for h in (s.at for s in r.spaces)},
                               key=lambda h: (h[1], h[0]))
        outside = [h for r in sheet.rivers if not r.joins_groups for h in (s.at for s in r.spaces)]
        self.cells: tuple[tuple[int, int], ...] = tuple(kingdom_cells + outside)
        self.num_cells = len(self.cells)
        self.index = {h: i for i, h in enumerate(self.cells)}
        self.names = tuple(cell_name(h) for h in self.cells)
        self.name_index = {n: i for i, n in enumerate(self.names)}
        self.towns = tuple(sheet.towns)
        self.town_index = {t.at: k for k, t in enumerate(self.towns)}
        self.town_colour = tuple(TOWN_COLOURS.index(t.colour) for t in self.towns)
        self.colour_towns = tuple(sum(1 << k for k, c in enumerate(self.town_colour) if c == col)
                                  for col in range(NUM_COLOURS))
        field_set = sheet.fields
        grouping = set(kingdom_cells)
        self.fields_mask = sum(1 << i for i, h in enumerate(self.cells) if h in field_set)
        self.all_mask = (1 << self.num_cells) - 1
        nbr, star_nbr, town_mask = [], [], []
        for h in self.cells:
            ns = hexgrid.neighbours(h)
            if h in grouping:
                nbr.append(tuple(self.index[n] for n in ns if n in grouping))
                town_mask.append(sum(1 << self.town_index[n] for n in ns if n in self.town_index))
            else:
                nbr.append(())
                town_mask.append(0)
            star_nbr.append(tuple(sorted(self.index[n] for n in ns if n in field_set)))
        self.nbr = tuple(nbr)
        self.star_nbr = tuple(star_nbr)
        self.town_mask = tuple(town_mask)
        self.die_cells = tuple(
            sum(1 << i for i in range(self.num_cells)
                if self.fields_mask >> i & 1 and town_mask[i] & self.colour_towns[c])
            for c in range(NUM_COLOURS))
        self.groups_cell = tuple(h in grouping for h in self.cells)
        self.die_list = tuple(tuple(i for i in range(self.num_cells) if m >> i & 1)
                              for m in self.die_cells)
        # special fields
        self.bandit_mask = self.star_mask = 0
        cell_action = [-1] * self.num_cells
        for s in sheet.specials:
            i = self.index[s.at]
            if s.kind == "bandit":
                self.bandit_mask |= 1 << i
            elif s.kind == "star":
                self.star_mask |= 1 << i
            elif s.kind == "action" and s.action is not None:
                cell_action[i] = ACTION_CODES[s.action]
        self.cell_action = tuple(cell_action)
        self.goods = {i: s.good for s in sheet.specials if s.kind == "trade_good"
                      for i in (self.index[s.at],)}
        self.crowns = {i: s.colour for s in sheet.specials if s.kind == "crown"
                       for i in (self.index[s.at],)}
        # rivers
        self.rivers = tuple(sheet.rivers)
        self.num_rivers = len(self.rivers)
        self.river_cells = tuple(tuple(self.index[s.at] for s in r.spaces) for r in self.rivers)
        self.river_len = tuple(len(c) for c in self.river_cells)
        self.river_points = tuple(tuple(s.points for s in r.spaces) for r in self.rivers)
        self.river_action = tuple(tuple(ACTION_CODES[s.action] if s.action else -1
                                        for s in r.spaces) for r in self.rivers)
        self.river_names = tuple(river_word(r.name) if self.num_rivers > 1 else ""
                                 for r in self.rivers)
        river_of = [-1] * self.num_cells
        river_pos = [-1] * self.num_cells
        for r, cells in enumerate(self.river_cells):
            for k, i in enumerate(cells):
                river_of[i], river_pos[i] = r, k
        self.river_of, self.river_pos = tuple(river_of), tuple(river_pos)
        self.river_mask = sum(1 << i for cells in self.river_cells for i in cells)
        # the low bridge: the last spaces of the rivers ending at it connect once all marked
        ends = [cells[-1] for r, cells in zip(self.rivers, self.river_cells)
                if r.ends_at == "bridge"]
        self.bridge_ends = tuple(ends) if len(ends) >= 2 else ()
        self.bridge_mask = sum(1 << i for i in self.bridge_ends)
        # tracks
        self.tracks = tuple(sheet.tracks)
        self.num_tracks = len(self.tracks)
        self.track_colour = tuple(TOWN_COLOURS.index(t.colour) for t in self.tracks)
        self.track_of_colour = tuple(self.track_colour.index(c) if c in self.track_colour else -1
                                     for c in range(NUM_COLOURS))
        self.track_len = tuple(len(t.spaces) for t in self.tracks)
        self.track_points = tuple(tuple(s.points for s in t.spaces) for t in self.tracks)
        self.track_home = tuple(t.home_points or 0 for t in self.tracks)
        self.track_action = tuple(tuple(ACTION_CODES[s.action] if s.action else -1
                                        for s in t.spaces) for t in self.tracks)
        self.castle_track = tuple(self.track_colour.index(TOWN_COLOURS.index(c))
                                  for c in CASTLE_ORDER)
        self.banner_height = {b.fleurs: b.height for b in sheet.banners}
        self.bandit_points = (tuple(s.points for s in sheet.bandit_track.spaces)
                              if sheet.bandit_track else ())
        self.achievements = tuple(sheet.achievements)
        self.num_achievements = len(self.achievements)
        self.top = tuple(a for a, x in enumerate(self.achievements) if x.row == "top")
        self.bottom = tuple(a for a, x in enumerate(self.achievements) if x.row == "bottom")
        self.ach_cells = tuple(sum(1 << self.index[h] for h in (x.criterion.fields or ()))
                               for x in self.achievements)
        self.ach_spec = tuple(self._spec(x) for x in self.achievements)
        self.ach_top = tuple(x.row == "top" for x in self.achievements)
        self.ach_later = tuple(x.later_points is not None for x in self.achievements)
        self.any_later = any(self.ach_later)
        self.ach_actions = tuple(tuple(ACTION_CODES[k] for k in x.actions)
                                 for x in self.achievements)
        self.bonus = sheet.all_tracks_bonus
        self.end = sheet.game_end
        self.solo_boxes = sheet.solo.boxes
        self.solo_harder = sheet.solo.harder_start
        # dice: probability of each face colour
        faces = dice.dice.faces
        self.forbidden = tuple(sheet.forbidden)
        self.allowed = tuple(TOWN_COLOURS.index(c) for c in TOWN_COLOURS
                             if c in faces and c not in sheet.forbidden)
        self.num_dice = dice.dice.count
        self._face_p = [faces.count(c) / len(faces) for c in TOWN_COLOURS]
        self._forbidden_p = sum(1 for f in faces if f in sheet.forbidden) / len(faces)
        self.face_list = tuple(TOWN_COLOURS.index(f) if f in TOWN_COLOURS and
                               f not in sheet.forbidden else -1 for f in faces)
        self._outcomes: dict[int, Any] = {}

    def _spec(self, ach: Achievement) -> tuple[Any, ...]:
        """An achievement's criterion as a tuple the state checks quickly:
        ``(ACH_MARK, mask)``, ``(ACH_BANDITS, count)``, ``(ACH_BANNERS, height, tracks)``,
        ``(ACH_BANNER, height, track or -1 for home)``, ``(ACH_SEPARATE, count)``,
        ``(ACH_GROUP_FIELDS, mask, first cell)``, ``(ACH_GROUP_TOWNS, count, colour
        indices)``, ``(ACH_GROUP_COLOURS, colour indices)``."""
        c = ach.criterion
        mask = sum(1 << self.index[h] for h in (c.fields or ()))
        if c.kind == "mark_fields":
            return (ACH_MARK, mask)
        if c.kind == "bandits":
            return (ACH_BANDITS, c.count)
        if c.kind == "banner":
            assert c.banner is not None  # Criterion's validator: each kind has its fields
            h = self.banner_height[c.banner]
            if c.track is None:
                return (ACH_BANNERS, h, c.tracks)
            k = -1 if c.track == "home" else self.track_of_colour[TOWN_COLOURS.index(c.track)]
            return (ACH_BANNER, h, k)
        if c.kind == "separate_groups":
            return (ACH_SEPARATE, c.count)
        if c.kind == "group_fields":
            assert c.fields is not None
            return (ACH_GROUP_FIELDS, mask, self.index[c.fields[0]])
        if c.kind == "group_towns":
            cols = range(NUM_COLOURS) if c.colour == "any" else (TOWN_COLOURS.index(c.colour),)
            return (ACH_GROUP_TOWNS, c.count, tuple(k for k in cols if self.colour_towns[k]))
        assert c.colours is not None
        return (ACH_GROUP_COLOURS, tuple(TOWN_COLOURS.index(k) for k in c.colours))

    def roll_set(self, min_dice: int) -> frozenset[int]:
        """The pool indices :meth:`roll_outcomes` allows."""
        key = -1 - min_dice
        if key not in self._outcomes:
            self._outcomes[key] = frozenset(i for i, _ in self.roll_outcomes(min_dice))
        allowed: frozenset[int] = self._outcomes[key]
        return allowed

    # ------------------------------------------------------------------ dice
    def roll_outcomes(self, min_dice: int) -> list[tuple[int, float]]:
        """``[(pool index, probability)]`` of a roll of all dice with the forbidden faces
        removed, conditioned on at least ``min_dice`` dice remaining (a repeated roll)."""
        if min_dice in self._outcomes:
            known: list[tuple[int, float]] = self._outcomes[min_dice]
            return known
        n = self.num_dice
        raw = []
        for idx, pool in enumerate(POOLS):
            k = sum(pool)
            if k > n or k < min_dice or any(pool[c] and c not in self.allowed
                                            for c in range(NUM_COLOURS)):
                continue
            f = n - k
            ways = factorial(n) // factorial(f)
            p = self._forbidden_p ** f
            for c, m in enumerate(pool):
                ways //= factorial(m)
                p *= self._face_p[c] ** m
            if p > 0:
                raw.append((idx, ways * p))
        total = sum(p for _, p in raw)
        out = sorted((i, p / total) for i, p in raw)
        self._outcomes[min_dice] = out
        return out

    def castle_track_of(self, seat: int) -> int:
        """The track (index) of ``seat``'s home castle (blue, yellow, orange, pink)."""
        return self.castle_track[seat]
