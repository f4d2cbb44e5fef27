"""Kingdomino scoring: properties, variant bonuses, tie-break keys, and text kingdoms.

Rulebook (Kingdomino, "End of the game" / scoring): each property, a group of orthogonally
connected squares of one terrain, scores its number of squares times the number of crowns
in it; a property without crowns scores 0; a kingdom may hold several properties of one
terrain, each scored on its own. Tie-break: the most extended property, then the most
crowns, then a shared victory. Variants: Middle Kingdom +10 (castle in the centre),
Harmony +5 (complete kingdom, no discarded domino). Rulings: ``docs/rulings/kingdomino.md``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, Sequence

from regalia.core.breakdown import Breakdown, ScoreItem
from regalia.core.errors import DataError
from regalia.core.i18n import N_, _
from regalia.core.params import digits_as_int, shown

from .board import Geometry, geometry
from .components import TERRAIN_LETTERS, TERRAINS, terrain_word

MIDDLE_KINGDOM_BONUS = 10
HARMONY_BONUS = 5
#: The hint a 5x5 kingdom too large for 5x5 gets (the scoring pad swaps it for its own).
MIGHTY_DUEL_HINT = N_(" (a Mighty Duel kingdom is 7x7: --size 7, or 'variant mighty-duel' in "
                      "the file)")


@dataclass(frozen=True)
class Property:
    """A property: ``squares`` connected squares of ``terrain`` with ``crowns`` crowns."""

    terrain: str
    squares: int
    crowns: int

    @property
    def points(self) -> int:
        return self.squares * self.crowns


def kingdom_breakdown(props: Sequence[Property], middle_kingdom: int | None = None,
                      harmony: int | None = None,
                      previous_games: Sequence[int] = ()) -> Breakdown:
    """A kingdom's score itemised (:class:`regalia.core.breakdown.Breakdown`): one item
    ``"property"`` per property, crownless ones included, in the order given (largest
    points first from :func:`properties`; facts ``terrain``, ``squares``, ``crowns``);
    then ``"middle_kingdom"`` and ``"harmony"`` (the bonus awarded, 0 when unmet) where the
    variant is played (None: not played, no item); then ``"previous_game"`` per finished
    game of a Dynasty (label ``game K of the Dynasty``)."""
    items = [ScoreItem("property", terrain_word(p.terrain), p.points,
                       facts={"terrain": p.terrain, "squares": p.squares, "crowns": p.crowns})
             for p in props]
    if middle_kingdom is not None:
        items.append(ScoreItem("middle_kingdom", _("Middle Kingdom bonus"), middle_kingdom))
    if harmony is not None:
        items.append(ScoreItem("harmony", _("Harmony bonus"), harmony))
    items += [ScoreItem("previous_game", _("game {number} of the Dynasty").format(number=k),
                        pts)
              for k, pts in enumerate(previous_games, 1)]
    return Breakdown(tuple(items))


def properties_of(bd: Breakdown) -> list[Property]:
    """The properties of a :func:`kingdom_breakdown`, in its order."""
    return [Property(i.facts["terrain"], i.facts["squares"], i.facts["crowns"])
            for i in bd.of("property")]


def game_points(bd: Breakdown) -> float:
    """The points of the kingdom on the table: the total without previous Dynasty games."""
    return bd.total - bd.points("previous_game")


def largest_property(bd: Breakdown) -> int:
    """Squares of the most extended property (tie-break), 0 for an empty kingdom."""
    return max((p.squares for p in properties_of(bd)), default=0)


def crown_count(bd: Breakdown) -> int:
    """Crowns in the kingdom (second tie-break)."""
    return sum(p.crowns for p in properties_of(bd))


def components(w: int, mask: int) -> Iterator[int]:
    """The orthogonally connected parts of ``mask`` (a bitboard ``w`` bits wide), as masks."""
    while mask:
        comp = mask & -mask
        while True:
            grown = (comp | (comp << 1) | (comp >> 1) | (comp << w) | (comp >> w)) & mask
            if grown == comp:
                break
            comp = grown
        mask ^= comp
        yield comp


def properties(geo: Geometry, terr: Sequence[int], crowns: Sequence[int]) -> list[Property]:
    """Every property of a kingdom given as bitboards.

    Args:
        terr: six masks, one per terrain (index as :data:`TERRAINS`).
        crowns: three masks: squares with 1, 2 and 3 crowns.
    """
    w = geo.w
    c1, c2, c3 = crowns
    out = []
    for t in range(6):
        for comp in components(w, terr[t]):
            k = (comp & c1).bit_count() + 2 * (comp & c2).bit_count() + 3 * (comp & c3).bit_count()
            out.append(Property(TERRAINS[t], comp.bit_count(), k))
    out.sort(key=lambda p: (-p.points, -p.squares, TERRAINS.index(p.terrain)))
    return out


def property_points(geo: Geometry, terr: Sequence[int], crowns: Sequence[int]) -> int:
    """Sum of squares x crowns over all properties (the hot path of greedy play)."""
    w = geo.w
    c1, c2, c3 = crowns
    crowned = c1 | c2 | c3
    total = 0
    for t in range(6):
        m = terr[t]
        if not (m & crowned):
            continue
        for comp in components(w, m):
            if comp & crowned:
                total += comp.bit_count() * ((comp & c1).bit_count() + 2 * (comp & c2).bit_count()
                                             + 3 * (comp & c3).bit_count())
    return total


def kingdom_summary(geo: Geometry, terr: Sequence[int],
                    crowns: Sequence[int]) -> tuple[int, int, int]:
    """``(property points, largest property in squares, crowns)`` in one pass (tie-break data)."""
    w = geo.w
    c1, c2, c3 = crowns
    points = largest = 0
    for t in range(6):
        for comp in components(w, terr[t]):
            size = comp.bit_count()
            if size > largest:
                largest = size
            points += size * ((comp & c1).bit_count() + 2 * (comp & c2).bit_count()
                              + 3 * (comp & c3).bit_count())
    total_crowns = c1.bit_count() + 2 * c2.bit_count() + 3 * c3.bit_count()
    return points, largest, total_crowns


def centred_extent(geo: Geometry) -> tuple[int, int, int, int]:
    """(min row, max row, min col, max col) of the full N x N square centred on the castle."""
    h = geo.n // 2
    cr, cc = geo.castle_rc
    return cr - h, cr + h, cc - h, cc + h


def is_middle_kingdom(geo: Geometry, occ: int) -> bool:
    """Middle Kingdom: the kingdom spans the full N x N and the castle is at its centre.

    Ruling R4 (docs/rulings/kingdomino.md): "castle in the centre of the 5x5 kingdom" needs
    the kingdom to reach N//2 squares from the castle in every direction.
    """
    return geo.extent(occ) == centred_extent(geo)


def is_harmony(geo: Geometry, occ: int, discarded: int) -> bool:
    """Harmony: the kingdom is complete (all N x N squares filled) and nothing was discarded."""
    return discarded == 0 and occ.bit_count() == geo.n * geo.n


# ---------------------------------------------------------------------- text kingdoms
@dataclass
class TextKingdom:
    """A kingdom parsed from text, as bitboards on a :class:`Geometry` (castle at centre)."""

    geo: Geometry
    terr: list[int]
    crowns: list[int]
    occ: int

    def breakdown(self, middle_kingdom: bool = False, harmony: bool = False,
                  discarded: int = 0) -> Breakdown:
        """Score the kingdom (:func:`kingdom_breakdown`): properties, and the bonuses of
        the variants asked for.

        Args:
            discarded: dominoes the player discarded (Harmony needs none; ruling R6).
        """
        mk = hm = None
        if middle_kingdom:
            mk = MIDDLE_KINGDOM_BONUS if is_middle_kingdom(self.geo, self.occ) else 0
        if harmony:
            hm = HARMONY_BONUS if is_harmony(self.geo, self.occ, discarded) else 0
        return kingdom_breakdown(properties(self.geo, self.terr, self.crowns), mk, hm)

    def warnings(self) -> list[str]:
        """Reasons this kingdom cannot come from a real game (it is still scored):
        squares not connected to the castle, or an odd number of squares (each domino
        covers two)."""
        out = []
        g = self.geo
        reach = g.castle_bit
        while True:
            grown = (reach | (reach << 1) | (reach >> 1) | (reach << g.w) | (reach >> g.w)) & self.occ
            if grown == reach:
                break
            reach = grown
        cr, cc = g.castle_rc
        lost = self.occ & ~reach
        if lost:
            names = []
            while lost:
                low = lost & -lost
                r, c = g.rc[low.bit_length() - 1]
                names.append(_("row {row}, column {column} from the castle").format(
                    row=f"{r - cr:+d}", column=f"{c - cc:+d}"))
                lost ^= low
            out.append(_("{count} square(s) not connected to the castle: {squares}").format(
                count=len(names),
                squares="; ".join(names[:4]) + (" ..." if len(names) > 4 else "")))
        squares = self.occ.bit_count() - 1
        if squares % 2:
            out.append(_("{count} terrain squares: dominoes cover two squares each, so a real "
                         "kingdom has an even number").format(count=squares))
        return out


def parse_kingdom(text: str, size: int = 5, source: str = "kingdom") -> TextKingdom:
    """Parse a kingdom written as a text grid (format in the README, "Scoring assistant").

    One row per line, squares separated by spaces: ``C`` the castle, ``.`` an empty
    square, a terrain letter (W wheat, F forest, L lake, G grassland, S swamp, M mine)
    followed by one ``*`` per crown or by a crown count digit (``F**`` = ``F2``). Blank
    lines and text after ``#`` are ignored.

    Raises:
        DataError: naming the line and column of a bad square, a missing or second castle,
            or a kingdom wider or taller than ``size``.
    """
    rows: list[list[str]] = []
    lines: list[int] = []
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if line:
            rows.append(line.split())
            lines.append(lineno)
    if not rows:
        raise DataError(_("{source}: no squares found (write one row per line, e.g. "
                          "'W F* C . L')").format(source=source))
    cells: dict[tuple[int, int], tuple[int, int] | str] = {}
    for r, (row, lineno) in enumerate(zip(rows, lines)):
        for c, tok in enumerate(row):
            t = tok.upper()
            if t == ".":
                continue
            if t == "C":
                cells[(r, c)] = "castle"
                continue
            letter, rest = t[0], t[1:]
            if len(t) > 1 and all(ch in TERRAIN_LETTERS + "C." for ch in t):
                raise DataError(_("{source}: line {line}, square {square}: {token}: squares "
                                  "must be separated by spaces (e.g. 'W W C')").format(
                                      source=source, line=lineno, square=c + 1,
                                      token=repr(tok)))
            if letter not in TERRAIN_LETTERS:
                raise DataError(_("{source}: line {line}, square {square}: {token} is not a "
                                  "square; use C, '.', or a terrain letter {letters} with "
                                  "optional crowns (F* or F1)").format(
                                      source=source, line=lineno, square=c + 1,
                                      token=repr(tok), letters="/".join(TERRAIN_LETTERS)))
            if rest == "":
                k = 0
            elif set(rest) == {"*"}:
                k = len(rest)
            elif type(digits_as_int(rest)) is int:  # ASCII digits only ("²" is refused)
                k = digits_as_int(rest)
            else:
                raise DataError(_("{source}: line {line}, square {square}: {token}: crowns "
                                  "are written as stars (F**) or a digit (F2)").format(
                                      source=source, line=lineno, square=c + 1,
                                      token=repr(tok)))
            if k > 3:
                raise DataError(_("{source}: line {line}, square {square}: {token} has "
                                  "{crowns} crowns; a square has at most 3").format(
                                      source=source, line=lineno, square=c + 1,
                                      token=shown(tok), crowns=k))
            cells[(r, c)] = (TERRAIN_LETTERS.index(letter), k)
    castles = [rc for rc, v in cells.items() if v == "castle"]
    if len(castles) != 1:
        raise DataError(_("{source}: expected exactly one castle 'C', found {count}").format(
            source=source, count=len(castles)))
    rs = [r for r, _ in cells]
    cs = [c for _, c in cells]
    height, width = max(rs) - min(rs) + 1, max(cs) - min(cs) + 1
    if height > size or width > size:
        hint = _(MIGHTY_DUEL_HINT) if size == 5 and height <= 7 and width <= 7 else ""
        raise DataError(_("{source}: the kingdom spans {rows} rows x {columns} columns; it "
                          "must fit in {size}x{size}{hint}").format(
                              source=source, rows=height, columns=width, size=size,
                              hint=hint))
    geo = geometry(size)
    cr, cc = castles[0]
    terr = [0] * 6
    crowns = [0, 0, 0]
    occ = 0
    for (r, c), v in cells.items():
        bit = 1 << ((r - cr + geo.castle_rc[0]) * geo.w + (c - cc + geo.castle_rc[1]))
        occ |= bit
        if isinstance(v, str):  # "castle"
            continue
        terrain, k = v
        terr[terrain] |= bit
        if k:
            crowns[k - 1] |= bit
    return TextKingdom(geo, terr, crowns, occ)
