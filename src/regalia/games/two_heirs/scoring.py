"""Two Heirs final scoring: every building type of the six sets, troops, roads, and
Heinrich's solo scoring.

Rulebook, Scoring: "Add up the points for buildings you constructed. These are the building
tiles in the play area with their bottom edges facing towards you. Each tile is assessed
individually." Troop placement: "If you have troops located on any of your buildings at the
end of the game, you score double the usual amount of points for that building. If your
opponent has troops located on any of your buildings, it doesn't affect scoring in any way."
Roads: :mod:`.roads`. Building texts: "Tile effects by set" (quoted at each type below).
Solo rules, Scoring: Heinrich's "buildings score normally, and his 3 highest-scoring
buildings score double. Heinrich's troops are ignored. Roads score normally. 5 points for
each treasure left (in the pile and in the play area)."

All functions are pure: they read the landscape (table frame, see :mod:`.landscape`) and
return points. Rulings on unclear sentences are numbered S1... in ``docs/rulings/two-heirs.md``
("Scoring and solo rulings") and cited below.
"""

from __future__ import annotations

from typing import Any, Collection, Sequence

from regalia.core.breakdown import Breakdown, ScoreItem

from regalia.core.i18n import N_, _

from .components import TileSet, colour_name, direction_name, type_name
from .landscape import (DIRECTIONS, BuildingScore, Landscape, Pos, Road, RoadScore,
                        TileTables, Troops, tables)
from .roads import RoadIndex, networks_from

#: Solo scoring 3: "5 points for each treasure left".
TREASURE_POINTS = 5
#: Solo scoring 1: "his 3 highest-scoring buildings score double".
HEINRICH_DOUBLED = 3
#: Crafts: "3 points per pair"; with a Guildhall "4 points per pair instead of 3".
PAIR_POINTS = 3
GUILD_PAIR_POINTS = 4
#: The Inn: "a maximum of 3 tiles in both directions".
INN_REACH = 3

_AREA_COLOUR = {"mill": "yellow", "mine": "grey", "cowshed": "green"}
_OWN_COLOUR = {"bakery": "yellow", "smithy": "grey", "lodge": "green"}
_FIXED = {"cathedral": 5, "encampment": 2, "farm": 0, "sawmill": 0, "quarry": 0,
          "siege-tower": 0, "guildhall": 0}
_FIXED_DETAIL = {"cathedral": N_("5 points"), "encampment": N_("unused Encampment"),
                 "farm": N_("no points (resources)"), "sawmill": N_("no points (resources)"),
                 "quarry": N_("no points (resources)"),
                 "siege-tower": N_("not worth any points"),
                 "guildhall": N_("not worth any points")}
_DIAGONALS = ((1, 1), (1, -1), (-1, -1), (-1, 1))


class _Context:
    """Per-call aggregates shared by all buildings of one landscape (built once)."""

    __slots__ = ("tt", "land", "own_colour", "own_type", "guild", "bounds", "_roads")

    def __init__(self, tt: TileTables, land: Landscape):
        self.tt = tt
        self.land = land
        self._roads: RoadIndex | None = None

    def __getattr__(self, name: str) -> Any:
        """Build the aggregates on first use (unset slots land here)."""
        if name in ("own_colour", "own_type", "guild"):
            self._owned()
        elif name == "bounds":
            xs = [x for x, _ in self.land]
            ys = [y for _, y in self.land]
            self.bounds = (min(xs), max(xs), min(ys), max(ys)) if xs else (0, 0, 0, 0)
        else:
            raise AttributeError(name)
        return object.__getattribute__(self, name)

    def _owned(self) -> None:
        """Own buildings per seat by colour and by type; Guildhall targets per seat."""
        tt = self.tt
        own_colour: tuple[dict[str, int], dict[str, int]] = ({}, {})
        own_type: tuple[dict[str | None, int], dict[str | None, int]] = ({}, {})
        guild: tuple[set[Any], set[Any]] = (set(), set())
        for pt in self.land.values():
            if pt.owner is not None:  # a building (open terrain has no owner: PlacedTile)
                o = pt.owner
                c = tt.colour[pt.tile]
                t = tt.type[pt.tile]
                oc, ot = own_colour[o], own_type[o]
                oc[c] = oc.get(c, 0) + 1
                ot[t] = ot.get(t, 0) + 1
                if t == "guildhall":
                    guild[o].add(tt.target[pt.tile])
        self.own_colour, self.own_type, self.guild = own_colour, own_type, guild

    def roads(self) -> RoadIndex:
        if self._roads is None:
            self._roads = RoadIndex(self.tt, self.land)
        return self._roads


def _line_tiles(ctx: _Context, pos: Pos, step: Pos, limit: int | None, colour: str | None
                ) -> int:
    """Tiles met walking from ``pos`` by ``step`` to the landscape's edge: at most
    ``limit`` tiles counted (None: no limit), only tiles of ``colour`` if given. Empty
    spaces do not stop the walk (rulings S2, S3)."""
    land, tt = ctx.land, ctx.tt
    xmin, xmax, ymin, ymax = ctx.bounds
    x, y = pos
    dx, dy = step
    n = 0
    while True:
        x += dx
        y += dy
        if not (xmin <= x <= xmax and ymin <= y <= ymax):
            return n
        pt = land.get((x, y))
        if pt is None:
            continue
        if colour is not None and tt.colour[pt.tile] != colour:
            continue
        n += 1
        if limit is not None and n >= limit:
            return n


def _area(ctx: _Context, pos: Pos, colour: str) -> int:
    """Tiles of ``colour`` orthogonally connected to ``pos`` through tiles of that colour,
    ``pos`` itself not counted (ruling S5)."""
    land, tt = ctx.land, ctx.tt
    seen = {pos}
    stack = [pos]
    n = 0
    while stack:
        x, y = stack.pop()
        for dx, dy in DIRECTIONS:
            q = (x + dx, y + dy)
            if q in seen:
                continue
            pt = land.get(q)
            if pt is None or tt.colour[pt.tile] != colour:
                continue
            seen.add(q)
            n += 1
            stack.append(q)
    return n


def _base(ctx: _Context, pos: Pos, tile: int, owner: int, detail: bool) -> tuple[int, str]:
    """The points a building's text gives (before troop doubling), and how, in words."""
    tt, land = ctx.tt, ctx.land
    typ = tt.type[tile]
    x, y = pos
    fixed = _FIXED.get(typ)
    if fixed is not None:
        # Cathedral: "Score 5 points." Encampment: "If you haven't used the Encampment's
        # effect by the end of the game, it scores 2 points" (a used one is face down).
        # Farm, Sawmill, Quarry, Guildhall: no scoring text; Siege Tower: "Siege Towers
        # themselves are not worth any points"; Guildhall: "not worth any points".
        return fixed, (_(_FIXED_DETAIL[typ]) if detail else "")
    if typ == "inn":
        # "1 point for each tile in the same row or column (as depicted on the tile) as the
        # Inn, with a maximum of 3 tiles in both directions. The Inn itself is also worth 1."
        steps = ((1, 0), (-1, 0)) if tt.direction[tile] == "row" else ((0, 1), (0, -1))
        n = sum(_line_tiles(ctx, pos, s, INN_REACH, None) for s in steps)
        return 1 + n, (_("1 + {n} tiles in its {direction}").format(
            n=n, direction=direction_name(str(tt.direction[tile]))) if detail else "")
    if typ == "market":
        # "1 point for each tile orthogonally adjacent to the market. The Market itself is
        # also worth 1 point."
        n = sum(1 for dx, dy in DIRECTIONS if (x + dx, y + dy) in land)
        return 1 + n, (_("1 + {n} adjacent tiles").format(n=n) if detail else "")
    if typ == "pilgrimage-site":
        # "the number of tiles of the longest continuous road connected to the Pilgrimage
        # Site, regardless of who owns the buildings on the road. The Pilgrimage Site itself
        # also counts as a road, which means it scores 1 point even if no other roads are
        # connected to it." (ruling S4: a road is a whole network; the site counts once)
        index = ctx.roads()
        best = 1
        for i in range(len(tt.sections[owner][tile])):
            n = len(index.tiles_of[index.road_of[(pos, i)]])
            if n > best:
                best = n
        return best, (_("longest road {n} tiles").format(n=best) if detail else "")
    if typ == "robber-barony":
        # "2 points for each of your opponent's buildings orthogonally adjacent to the
        # Robber Barony. The Robber Barony itself is also worth 2 points."
        n = 0
        for dx, dy in DIRECTIONS:
            pt = land.get((x + dx, y + dy))
            if pt is not None and pt.building and pt.owner != owner:
                n += 1
        return 2 + 2 * n, (_("2 + 2 x {n} adjacent opponent buildings").format(n=n)
                           if detail else "")
    colour = _AREA_COLOUR.get(typ)
    if colour is not None:
        # Mill: "1 point for every yellow tile (field) within a contiguous area of yellow
        # tiles orthogonally connected (with adjacent edges) to the Mill, including your
        # opponent's yellow tiles and yellow open terrain. The Mill itself is also worth 1
        # point." Mine grey, Cowshed green alike. (ruling S5: own square counted once)
        n = _area(ctx, pos, colour)
        return 1 + n, (_("1 + {n} {colour} tiles in its area").format(
            n=n, colour=colour_name(colour)) if detail else "")
    colour = _OWN_COLOUR.get(typ)
    if colour is not None:
        # Bakery: "1 point for each of your buildings on yellow tiles. The Bakery itself is
        # also worth 1 point." Smithy grey, Lodge green alike. (ruling S6: counted once)
        n = ctx.own_colour[owner].get(colour, 0)
        if tt.colour[tile] == colour:
            n -= 1
        return 1 + n, (_("1 + {n} other own buildings on {colour}").format(
            n=n, colour=colour_name(colour)) if detail else "")
    if typ == "trading-post":
        # "3 points for each of your buildings of the type depicted on the Trading Post:
        # Farms, Sawmills, or Quarries."
        target = tt.target[tile]
        n = ctx.own_type[owner].get(target, 0)
        return 3 * n, (_("3 x {n} own {building} buildings").format(
            n=n, building=type_name(target) if target else "") if detail else "")
    if typ == "stronghold":
        # "1 point for each of your Siege Towers and Strongholds anywhere on the play area,
        # including this one."
        n = ctx.own_type[owner].get("siege-tower", 0)
        m = ctx.own_type[owner].get("stronghold", 0)
        return n + m, (_("{n} siege towers + {m} strongholds").format(n=n, m=m)
                       if detail else "")
    if typ == "watchtower":
        # "1 point per tile of the same type as the Watchtower, located in its column or row
        # (as depicted on the tile). This includes your own buildings, your opponent's
        # buildings, and open terrain. The Watchtower itself is also worth 1 point."
        # (ruling S3: type = "Tile/Resource type" = colour; whole line, no range limit)
        own = tt.colour[tile]
        steps = ((1, 0), (-1, 0)) if tt.direction[tile] == "row" else ((0, 1), (0, -1))
        n = sum(_line_tiles(ctx, pos, s, None, own) for s in steps)
        return 1 + n, (_("1 + {n} {colour} tiles in its {direction}").format(
            n=n, colour=colour_name(own), direction=direction_name(str(tt.direction[tile])))
            if detail else "")
    if typ == "garrison":
        # "2 points per Watchtower (yours or your opponent's) diagonally in line with your
        # Garrison, regardless of distance." (ruling S7: face-up Watchtowers only)
        n = 0
        xmin, xmax, ymin, ymax = ctx.bounds
        for dx, dy in _DIAGONALS:
            cx, cy = x + dx, y + dy
            while xmin <= cx <= xmax and ymin <= cy <= ymax:
                pt = land.get((cx, cy))
                if pt is not None and pt.building and tt.type[pt.tile] == "watchtower":
                    n += 1
                cx += dx
                cy += dy
        return 2 * n, (_("2 x {n} watchtowers on its diagonals").format(n=n)
                       if detail else "")
    craft = tt.craft_colours[tile]
    if craft is not None:
        # "3 points per pair of green and yellow tiles in the formation depicted on the tile
        # (diagonally or orthogonally). Your opponent's tiles and open terrain tiles also
        # count." Guildhall: "The associated building will now score 4 points per pair
        # instead of 3." (ruling S8: the owner's own Guildhall; several do not add up)
        per = GUILD_PAIR_POINTS if typ in ctx.guild[owner] else PAIR_POINTS
        pairs = 0
        c1, c2 = craft
        for (ax, ay, acol), (bx, by, bcol) in tt.formation[owner][tile]:
            a = land.get((x + ax, y + ay))
            b = land.get((x + bx, y + by))
            if a is None or b is None:
                continue
            ca, cb = tt.colour[a.tile], tt.colour[b.tile]
            if acol is not None:
                ok = ca == acol and cb == bcol
            else:
                ok = (ca == c1 and cb == c2) or (ca == c2 and cb == c1)
            if ok:
                pairs += 1
        return per * pairs, (_("{points} x {n} pairs").format(points=per, n=pairs)
                             if detail else "")
    raise AssertionError(f"no scoring rule for building type {typ!r}")  # i18n: no


def _buildings(ctx: _Context, troops: Troops | None, detail: bool
               ) -> tuple[list[BuildingScore], list[BuildingScore]]:
    out: tuple[list[BuildingScore], list[BuildingScore]] = ([], [])
    for pos in sorted(ctx.land):
        pt = ctx.land[pos]
        if pt.owner is None:  # open terrain (a building has an owner: PlacedTile)
            continue
        base, how = _base(ctx, pos, pt.tile, pt.owner, detail)
        doubled = troops is not None and troops.get(pos) == pt.owner
        out[pt.owner].append(BuildingScore(position=pos, tile=pt.tile, type=ctx.tt.type[pt.tile],
                                           base=base, doubled=doubled,
                                           points=2 * base if doubled else base, detail=how))
    return out


def building_scores(tiles: TileSet, landscape: Landscape, troops: Troops | None = None
                    ) -> tuple[list[BuildingScore], list[BuildingScore]]:
    """Every building of each seat with its points, in position order, without roads and
    without the words of ``detail`` (``""``): for heuristics that read single buildings.
    ``troops`` None: no building doubled."""
    return _buildings(_Context(tables(tiles), landscape), troops, False)


def _road_scores(ctx: _Context) -> tuple[tuple[RoadScore, ...], tuple[RoadScore, ...]]:
    roads, _sections = networks_from(ctx.roads())
    scored = [r for r in roads if r.scored]
    return (tuple(RoadScore(road=r, points=r.points(0)) for r in scored),
            tuple(RoadScore(road=r, points=r.points(1)) for r in scored))


def _breakdown(buildings: Sequence[BuildingScore], roads: tuple[RoadScore, ...],
               treasures: int = 0) -> Breakdown:
    """One seat's score itemised (:class:`regalia.core.breakdown.Breakdown`): an item
    ``"building"`` per building in position order (facts ``position``, ``tile``, ``type``,
    ``base``, ``doubled``; detail: how ``base`` was counted), an item ``"road"`` per
    scored road (facts ``tiles``, ``buildings``: the buildings of seat 0 and seat 1 on
    it), and for Heinrich's treasures left an item ``"treasures"`` (facts ``treasures``,
    5 points each)."""
    items = [ScoreItem("building", b.type, b.points, b.detail,
                       {"position": b.position, "tile": b.tile, "type": b.type,
                        "base": b.base, "doubled": b.doubled}) for b in buildings]
    items += [ScoreItem("road", "road", r.points, "",
                        {"tiles": r.road.tiles, "buildings": r.road.buildings}) for r in roads]
    if treasures:
        items.append(ScoreItem("treasures", _("treasures left"), TREASURE_POINTS * treasures,
                               f"{treasures} x {TREASURE_POINTS}", {"treasures": treasures}))
    return Breakdown(tuple(items))


def buildings_of(bd: Breakdown) -> list[BuildingScore]:
    """The buildings of a breakdown of this module, in its order."""
    return [BuildingScore(position=i.facts["position"], tile=i.facts["tile"],
                          type=i.facts["type"], base=i.facts["base"],
                          doubled=i.facts["doubled"], points=int(i.points), detail=i.detail)
            for i in bd.of("building")]


def roads_of(bd: Breakdown) -> list[RoadScore]:
    """The scored roads of a breakdown of this module, with the seat's points, in order."""
    return [RoadScore(road=Road(tiles=i.facts["tiles"], buildings=i.facts["buildings"]),
                      points=int(i.points)) for i in bd.of("road")]


def treasures_of(bd: Breakdown) -> int:
    """Heinrich's treasures left in a breakdown (0 for a human seat)."""
    return sum(i.facts["treasures"] for i in bd.of("treasures"))


def score_landscape(tiles: TileSet, landscape: Landscape, troops: Troops, *,
                    roads: bool = True) -> tuple[Breakdown, Breakdown]:
    """The final score of both seats of a two-player game, itemised.

    Args:
        tiles: the tile set the landscape's tile indices refer to.
        landscape: position (table frame) -> :class:`~.landscape.PlacedTile`.
        troops: position -> seat of the troop standing there (troops in the reserve are not
            in it). A troop doubles its seat's building under it ("you score double the
            usual amount of points for that building"); an opponent's troop does nothing.
        roads: False plays without road scoring ("For your first game, we recommend not
            scoring roads at all"); the Pilgrimage Site still counts its road.

    Returns:
        ``(breakdown of seat 0, breakdown of seat 1)``. Ties are broken by the engine
        (troops in the reserve), not here.
    """
    ctx = _Context(tables(tiles), landscape)
    b0, b1 = _buildings(ctx, troops, True)
    r0, r1 = _road_scores(ctx) if roads else ((), ())
    return _breakdown(b0, r0), _breakdown(b1, r1)


def score_totals(tiles: TileSet, landscape: Landscape, troops: Troops, *,
                 roads: bool = True) -> tuple[int, int]:
    """``(total of seat 0, total of seat 1)``, as :func:`score_landscape` computes them,
    without building the breakdown (for heuristics that score many candidate moves)."""
    tt = tables(tiles)
    ctx = _Context(tt, landscape)
    totals = [0, 0]
    for pos, pt in landscape.items():
        if pt.owner is not None:  # a building (open terrain has no owner: PlacedTile)
            base, _how = _base(ctx, pos, pt.tile, pt.owner, False)
            totals[pt.owner] += 2 * base if troops.get(pos) == pt.owner else base
    if roads:
        p0, p1 = ctx.roads().points()
        totals[0] += p0
        totals[1] += p1
    return totals[0], totals[1]


def _heinrich_double(bs: list[BuildingScore]) -> list[BuildingScore]:
    """Mark Heinrich's 3 highest-scoring buildings doubled (ties: lower position first;
    the total does not depend on the choice)."""
    best = sorted(range(len(bs)), key=lambda i: (-bs[i].base, bs[i].position))
    chosen = set(best[:HEINRICH_DOUBLED])
    out = []
    for i, b in enumerate(bs):
        d = i in chosen
        out.append(BuildingScore(position=b.position, tile=b.tile, type=b.type, base=b.base,
                                 doubled=d, points=2 * b.base if d else b.base,
                                 detail=b.detail))
    return out


def score_heinrich(tiles: TileSet, landscape: Landscape, troops: Troops,
                   treasures_on_landscape: Collection[Pos], treasures_in_pile: int, *,
                   roads: bool = True) -> tuple[Breakdown, Breakdown]:
    """The final score of a solo game: the human (seat 0) normally, Heinrich (seat 1) by the
    solo scoring.

    Solo rules, Scoring: "You score normally. Heinrich scores: 1. His buildings score
    normally, and his 3 highest-scoring buildings score double. Heinrich's troops are
    ignored. 2. Roads score normally. 3. 5 points for each treasure left (in the pile and
    in the play area)."

    Args:
        treasures_on_landscape: positions of the treasures still lying on Heinrich's
            buildings (only their number counts; the positions are checked to hold a
            building of seat 1).
        treasures_in_pile: treasures left in the pile (>= 0).
        roads: as in :func:`score_landscape` (the solo rules score roads: "roads
            included").

    Returns:
        ``(human's breakdown, Heinrich's breakdown)``. "With fewer points, or a tie, you
        lose": the engine applies that.

    Raises:
        ValueError: a negative pile, or a treasure position without a building of seat 1.
    """
    n = _treasure_count(landscape, treasures_on_landscape, treasures_in_pile)
    ctx = _Context(tables(tiles), landscape)
    b0, b1 = _buildings(ctx, troops, True)
    r0, r1 = _road_scores(ctx) if roads else ((), ())
    return _breakdown(b0, r0), _breakdown(_heinrich_double(b1), r1, n)


def _treasure_count(landscape: Landscape, on_landscape: Collection[Pos], pile: int) -> int:
    if pile < 0:
        raise ValueError(_("treasures in the pile must be 0 or more, not {n}").format(n=pile))
    for p in on_landscape:
        pt = landscape.get(p)
        if pt is None or not pt.building or pt.owner != 1:
            raise ValueError(_("a treasure at {where} does not lie on a building of Heinrich "
                               "(seat 1)").format(where=p))
    return len(on_landscape) + pile


def score_heinrich_totals(tiles: TileSet, landscape: Landscape, troops: Troops,
                          treasures_on_landscape: Collection[Pos], treasures_in_pile: int,
                          *, roads: bool = True) -> tuple[int, int]:
    """``(human's total, Heinrich's total)`` as :func:`score_heinrich`, without the
    breakdown."""
    n = _treasure_count(landscape, treasures_on_landscape, treasures_in_pile)
    ctx = _Context(tables(tiles), landscape)
    human = 0
    heinrich: list[int] = []
    for pos, pt in landscape.items():
        if pt.owner is None:  # open terrain (a building has an owner: PlacedTile)
            continue
        base, _how = _base(ctx, pos, pt.tile, pt.owner, False)
        if pt.owner == 0:
            human += 2 * base if troops.get(pos) == 0 else base
        else:
            heinrich.append(base)
    heinrich.sort(reverse=True)
    h = sum(heinrich) + sum(heinrich[:HEINRICH_DOUBLED]) + TREASURE_POINTS * n
    if roads:
        p0, p1 = ctx.roads().points()
        human += p0
        h += p1
    return human, h


__all__ = ["score_landscape", "score_totals", "score_heinrich", "score_heinrich_totals",
           "building_scores", "buildings_of", "roads_of", "treasures_of",
           "TREASURE_POINTS", "HEINRICH_DOUBLED", "PAIR_POINTS", "GUILD_PAIR_POINTS",
           "INN_REACH"]
