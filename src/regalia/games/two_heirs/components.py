"""Two Heirs components: the 54 building tiles and the 10 solo treasures, validated, with
provenance.

Sources: the English rulebook (``../shared/rules/two-heirs.rulebook.en.txt``), the German
rulebook with the solo mode (``two-heirs.rulebook-and-solo.de.txt``), its English rendering
(``two-heirs.solo.en.md``) and the component facts of ``../shared/rules/COMPONENTS.md``.
The printed tile manifest is not public: the bundled files are reconstructions that satisfy
every known fact, and every record says so (``provenance = "reconstructed"`` with a
``note``); fields known from a rulebook sentence are marked in ``field_provenance``. The
format is documented in ``docs/data/two-heirs.md``.

Orientation: everything on a tile is given in the tile's own frame, as its owner sees it:
the bottom edge ``B`` faces the owner ("Always place the tile with the bottom edge towards
yourself"), ``T`` is the top edge, ``L``/``R`` the owner's left and right. Compass cells of
formations use the same frame (``N`` = beyond the top edge). The opponent sees the tile
turned by 180 degrees (:func:`rotate_edge`, :meth:`Cell.rotated`). Rows and columns are the
same for both owners. Treasures are "turned towards you" (the human player): their cells are
in the human's frame.
"""

from __future__ import annotations

import hashlib
from collections import Counter, defaultdict
from functools import lru_cache
from pathlib import Path
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar, Literal, TypeVar

from pydantic import (BaseModel, ConfigDict, Field, ValidationError, model_serializer,
                      model_validator)

from regalia.core import data as core_data
from regalia.core.i18n import N_, _, pgettext
from regalia.core.data import Provenance, load_validated, provenance_counts
from regalia.core.provenance import (OWN_META_FIELDS, SourcedFields, file_provenance_problems,
                                     json_digest, strip_meta)

DATA_DIR = Path(__file__).parent / "data"
DEFAULT_TILES = DATA_DIR / "tiles.toml"
DEFAULT_TREASURES = DATA_DIR / "treasures.toml"

# ----------------------------------------------------------------- vocabulary
#: The six sets (setup: "Separate the building tiles into 6 sets, each with 9 tiles").
SETS: tuple[str, ...] = ("travel", "land-industry", "trade-church", "war", "patrol", "crafts")
SET_NAMES = {"travel": N_("Travel"), "land-industry": N_("Land & Industry"),
             "trade-church": N_("Trade & Church"), "war": N_("War"), "patrol": N_("Patrol"),
             "crafts": N_("Crafts")}
TILES_PER_SET = 9
NUM_TILES = len(SETS) * TILES_PER_SET          # 54

#: Building types per set, exactly as the rulebook's "Tile effects by set" lists them.
SET_TYPES: dict[str, tuple[str, ...]] = {
    "travel": ("inn", "market", "pilgrimage-site", "robber-barony"),
    "land-industry": ("mill", "mine", "cowshed", "bakery", "encampment", "smithy", "lodge"),
    "trade-church": ("farm", "sawmill", "quarry", "trading-post", "cathedral"),
    "war": ("siege-tower", "stronghold"),
    "patrol": ("watchtower", "garrison"),
    "crafts": ("basket-shop", "pottery", "cooperage", "guildhall"),
}
TYPES: tuple[str, ...] = tuple(t for s in SETS for t in SET_TYPES[s])
SET_OF_TYPE: dict[str, str] = {t: s for s in SETS for t in SET_TYPES[s]}
TYPE_NAMES = {
    "inn": N_("Inn"), "market": N_("Market"), "pilgrimage-site": N_("Pilgrimage Site"),
    "robber-barony": N_("Robber Barony"), "mill": N_("Mill"), "mine": N_("Mine"),
    "cowshed": N_("Cowshed"), "bakery": N_("Bakery"), "encampment": N_("Encampment"),
    "smithy": N_("Smithy"), "lodge": N_("Lodge"), "farm": N_("Farm"),
    "sawmill": N_("Sawmill"), "quarry": N_("Quarry"), "trading-post": N_("Trading Post"),
    "cathedral": N_("Cathedral"), "siege-tower": N_("Siege Tower"),
    "stronghold": N_("Stronghold"), "watchtower": N_("Watchtower"),
    "garrison": N_("Garrison"), "basket-shop": N_("Basket Shop"), "pottery": N_("Pottery"),
    "cooperage": N_("Cooperage"), "guildhall": N_("Guildhall"),
}

#: Tile colours and their resources ("Green = wood, Grey = stone, Yellow = wheat").
COLOURS: tuple[str, ...] = ("green", "grey", "yellow")
RESOURCE_OF_COLOUR = {"green": "wood", "grey": "stone", "yellow": "wheat"}
COLOUR_OF_RESOURCE = {v: k for k, v in RESOURCE_OF_COLOUR.items()}
RESOURCES: tuple[str, ...] = ("wood", "stone", "wheat")
#: Tiles of each colour per set (one reviewer, riseher.cz; COMPONENTS.md).
COLOURS_PER_SET = 3

#: Farm, Sawmill and Quarry: a troop on one gives "2 resources of the corresponding type
#: (1 from the building + 1 from the troop)", so the tile's colour is the building's resource.
PRODUCER_COLOUR = {"farm": "yellow", "sawmill": "green", "quarry": "grey"}

#: Tile-specific parameters the art shows.
DIRECTION_TYPES = ("inn", "watchtower")
TARGETS: dict[str, tuple[str, ...]] = {
    "trading-post": ("farm", "sawmill", "quarry"),
    "guildhall": ("basket-shop", "pottery", "cooperage"),
}
#: Craft buildings and the two colours of their pairs.
CRAFT_COLOURS: dict[str, tuple[str, str]] = {
    "basket-shop": ("green", "yellow"),
    "pottery": ("grey", "yellow"),
    "cooperage": ("grey", "green"),
}

#: Costs printed in the rulebook examples: at least one tile of the type has this cost.
EXAMPLE_COSTS: dict[str, tuple[dict[str, int], str]] = {
    "inn": ({"stone": 2, "wheat": 1}, "Example 2: 'The white player wants to construct an Inn "
            "from their hand (cost: 2 stone and 1 wheat).'"),  # i18n: no
    "trading-post": ({"wheat": 2, "wood": 1}, "Example 2: 'they could also construct the "
                     "Trading post (cost: 2 wheat and 1 wood)'"),  # i18n: no
    "bakery": ({"wheat": 2, "wood": 1}, "German Example 3: 'Weiß will die Bäckerei aus der "
               "Hand spielen (Kosten: 2 Getreide und 1 Holz).'"),  # i18n: no
    "watchtower": ({"wheat": 1, "wood": 1, "stone": 1}, "Example 4: 'They now want to "
                   "construct their Watchtower (cost: 1 wheat, 1 wood, 1 stone).'"),  # i18n: no
}

# ----------------------------------------------------------------- orientation
#: Tile edges clockwise from the top; ``B`` (bottom) faces the tile's owner.
EDGES: tuple[str, ...] = ("T", "R", "B", "L")
EDGE_NAMES = {"T": "top", "R": "right", "B": "bottom", "L": "left"}
#: The eight cells around a tile, clockwise from the one beyond the top edge.
COMPASS: tuple[str, ...] = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
#: (dcol, drow) of each compass cell in the tile's frame; drow = -1 is beyond the top edge
#: (rows counted downwards, as the owner sees the table).
OFFSETS: dict[str, tuple[int, int]] = {
    "N": (0, -1), "NE": (1, -1), "E": (1, 0), "SE": (1, 1),
    "S": (0, 1), "SW": (-1, 1), "W": (-1, 0), "NW": (-1, -1),
}
CELL_OF_OFFSET = {v: k for k, v in OFFSETS.items()}


def type_name(typ: str) -> str:
    """A building type's name in the language in force (``"inn"`` -> ``"Inn"``, German
    ``"Taverne"``, the German rulebook's word); the notation keeps :data:`TYPE_NAMES`."""
    return _(TYPE_NAMES[typ])


def set_name(set_id: str) -> str:
    """A set's name in the language in force (``"land-industry"`` -> ``"Land & Industry"``,
    German ``"Land & Industrie"``)."""
    return _(SET_NAMES[set_id])


def colour_name(colour: str) -> str:
    """A tile colour in words (``"grey"`` -> ``"grey"``, German ``"grau"``); an unknown
    colour is given back as it is."""
    names = {"green": pgettext("Two Heirs tile colour", "green"),
             "grey": pgettext("Two Heirs tile colour", "grey"),
             "yellow": pgettext("Two Heirs tile colour", "yellow")}
    return names.get(colour, colour)


def resource_name(resource: str) -> str:
    """A resource in words (``"wheat"``, German ``"Getreide"``)."""
    names = {"wood": pgettext("Two Heirs resource", "wood"),
             "stone": pgettext("Two Heirs resource", "stone"),
             "wheat": pgettext("Two Heirs resource", "wheat")}
    return names.get(resource, resource)


def direction_name(direction: str) -> str:
    """An Inn's or a Watchtower's direction in words (``row``, ``column``; German
    ``Reihe``, ``Spalte``, the rulebook's words)."""
    names = {"row": pgettext("Two Heirs direction", "row"),
             "column": pgettext("Two Heirs direction", "column")}
    return names.get(direction, direction)


def provenance_name(provenance: str) -> str:
    """A data provenance in words (``reconstructed``, German ``rekonstruiert``); the data
    keeps the English word."""
    names = {"reconstructed": pgettext("data provenance", "reconstructed"),
             "rulebook": pgettext("data provenance", "rulebook"),
             "verified": pgettext("data provenance", "verified")}
    return names.get(provenance, provenance)


def _a(typ: str) -> str:
    """``"an Inn"``, ``"a Market"``: the type's name with its article."""
    name = TYPE_NAMES[typ]
    return ("an " if name[0] in "AEIOU" else "a ") + name


def rotate_edge(edge: str, quarter_turns: int = 2) -> str:
    """The edge ``edge`` ends up on after turning the tile clockwise ``quarter_turns`` times
    (2: the opponent's view; ``T`` <-> ``B``, ``L`` <-> ``R``)."""
    return EDGES[(EDGES.index(edge) + quarter_turns) % 4]


def rotate_cell(cell: str, quarter_turns: int = 2) -> str:
    """The compass cell ``cell`` becomes after turning clockwise ``quarter_turns`` times."""
    return COMPASS[(COMPASS.index(cell) + 2 * quarter_turns) % 8]


META_FIELDS = OWN_META_FIELDS


# ==================================================================== value types
class RoadSection(BaseModel):
    """One road network on a tile: the edges its road ends reach, connected inside the tile.

    Written as the edge letters in any order: ``"TB"`` (a straight road), ``"LB"`` (a bend),
    ``"LRB"`` (a junction), ``"B"`` (one road end, e.g. into the building). Separate
    sections of one tile are separate list items: ``["T", "B"]`` is two road ends that the
    tile does not connect. Canonical form: edges in the order T, R, B, L.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)
    edges: tuple[Literal["T", "R", "B", "L"], ...] = Field(min_length=1, max_length=4)

    @model_validator(mode="before")
    @classmethod
    def _parse(cls, value: Any) -> Any:
        if isinstance(value, str):
            text = value.strip().upper()
            if not text:
                raise ValueError("empty road section; write the edges it reaches, e.g. 'TB'")  # i18n: no
            bad = [c for c in text if c not in EDGES]
            if bad:
                raise ValueError(f"road section {value!r}: unknown edge {bad[0]!r}; edges are "
                                 "T (top), R (right), B (bottom: the owner's side), L (left)")  # i18n: no
            if len(set(text)) != len(text):
                raise ValueError(f"road section {value!r} names an edge twice")  # i18n: no
            return {"edges": tuple(e for e in EDGES if e in text)}
        return value

    @model_validator(mode="after")
    def _canonical(self) -> "RoadSection":
        if len(set(self.edges)) != len(self.edges):
            raise ValueError(f"road section {self.edges!r} names an edge twice")  # i18n: no
        ordered = tuple(e for e in EDGES if e in self.edges)
        if ordered != self.edges:
            object.__setattr__(self, "edges", ordered)
        return self

    @model_serializer
    def _dump(self) -> str:
        return str(self)

    def __str__(self) -> str:
        return "".join(self.edges)

    def rotated(self, quarter_turns: int = 2) -> "RoadSection":
        return RoadSection(edges=tuple(e for e in EDGES
                                       if e in {rotate_edge(x, quarter_turns) for x in self.edges}))


class Cell(BaseModel):
    """A cell around a tile (compass, tile frame) and optionally the colour it must hold.

    Written ``"W"`` (no colour given) or ``"W:green"``; for treasures ``any`` is the
    rulebook's brown ("A condition that shows brown tiles is met by any colour").
    """

    model_config = ConfigDict(extra="forbid", frozen=True)
    at: Literal["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
    colour: Literal["green", "grey", "yellow", "any"] | None = None

    @model_validator(mode="before")
    @classmethod
    def _parse(cls, value: Any) -> Any:
        if isinstance(value, str):
            at, _sep, colour = value.strip().partition(":")
            at = at.strip().upper()
            if at not in COMPASS:
                raise ValueError(f"cell {value!r}: unknown position {at!r}; positions are "
                                 f"{', '.join(COMPASS)} (N = beyond the top edge)")  # i18n: no
            colour = colour.strip().lower()
            if colour and colour not in (*COLOURS, "any"):
                raise ValueError(f"cell {value!r}: unknown colour {colour!r}; expected green, "
                                 "grey, yellow or any")  # i18n: no
            return {"at": at, "colour": colour or None}
        return value

    @model_serializer
    def _dump(self) -> str:
        return str(self)

    def __str__(self) -> str:
        return self.at if self.colour is None else f"{self.at}:{self.colour}"

    @property
    def offset(self) -> tuple[int, int]:
        """(dcol, drow) in the tile's frame (drow = -1: beyond the top edge)."""
        return OFFSETS[self.at]

    def rotated(self, quarter_turns: int = 2) -> "Cell":
        return Cell(at=rotate_cell(self.at, quarter_turns), colour=self.colour)


class FormationPair(BaseModel):
    """Two cells around a craft building that together form one scoring pair.

    Written ``"W+E"``: one of the two cells must hold a tile of each of the craft's two
    colours, in either order. ``"W:green+E:yellow"`` pins the colour of each cell (when the
    art shows which colour goes where).
    """

    model_config = ConfigDict(extra="forbid", frozen=True)
    cells: tuple[Cell, Cell]

    @model_validator(mode="before")
    @classmethod
    def _parse(cls, value: Any) -> Any:
        if isinstance(value, str):
            parts = value.split("+")
            if len(parts) != 2:
                raise ValueError(f"pair {value!r}: expected two cells joined by '+', e.g. "
                                 "'W+E' or 'NW:green+SE:yellow'")  # i18n: no
            return {"cells": tuple(parts)}
        return value

    @model_validator(mode="after")
    def _distinct(self) -> "FormationPair":
        a, b = self.cells
        if a.at == b.at:
            raise ValueError(f"pair {self}: the two cells are the same position {a.at!r}")  # i18n: no
        if (a.colour is None) != (b.colour is None):
            raise ValueError(f"pair {self}: give a colour for both cells or for neither")  # i18n: no
        if a.colour == "any" or b.colour == "any":
            raise ValueError(f"pair {self}: a craft pair names the craft's colours, not 'any'")  # i18n: no
        return self

    @model_serializer
    def _dump(self) -> str:
        return str(self)

    def __str__(self) -> str:
        return f"{self.cells[0]}+{self.cells[1]}"

    def rotated(self, quarter_turns: int = 2) -> "FormationPair":
        return FormationPair(cells=(self.cells[0].rotated(quarter_turns),
                                    self.cells[1].rotated(quarter_turns)))


class Cost(BaseModel):
    """Construction cost: resources of each kind (each 0 to 4)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    wood: int = Field(default=0, ge=0, le=4)
    stone: int = Field(default=0, ge=0, le=4)
    wheat: int = Field(default=0, ge=0, le=4)

    @property
    def total(self) -> int:
        return self.wood + self.stone + self.wheat

    def as_dict(self) -> dict[str, int]:
        return {r: getattr(self, r) for r in RESOURCES if getattr(self, r)}

    def __str__(self) -> str:
        """``2 stone + 1 wheat`` (``free``) in the language in force."""
        return " + ".join(_("{n} {resource}").format(n=n, resource=resource_name(r))
                          for r, n in self.as_dict().items()) or _("free")


# ==================================================================== records
class Sourced(SourcedFields):
    """Provenance fields of every record (as in the Inheritors card data).

    ``provenance``: the record's weakest part. ``source``: the rulebook sentence (quoted) a
    ``verified``/``rulebook`` record or field rests on. ``note``: why a reconstruction was
    chosen. ``field_provenance``: fields better established than the record, e.g.
    ``{ cost = "rulebook" }`` on a reconstructed Inn whose cost an example gives.
    """

    source_hint: ClassVar[str] = "the rulebook sentence it rests on"  # i18n: no


Id = Field(pattern=r"^[a-z0-9][a-z0-9-]*$", max_length=40)


class Tile(Sourced):
    """One building tile (front: building; back: open terrain of the same colour)."""

    id: str = Id
    set: Literal["travel", "land-industry", "trade-church", "war", "patrol", "crafts"]
    type: Literal[
        "inn", "market", "pilgrimage-site", "robber-barony", "mill", "mine", "cowshed",
        "bakery", "encampment", "smithy", "lodge", "farm", "sawmill", "quarry",
        "trading-post", "cathedral", "siege-tower", "stronghold", "watchtower", "garrison",
        "basket-shop", "pottery", "cooperage", "guildhall"]
    colour: Literal["green", "grey", "yellow"]
    cost: Cost
    roads: tuple[RoadSection, ...] = ()
    direction: Literal["row", "column"] | None = None
    target: str | None = None
    formation: tuple[FormationPair, ...] | None = None

    @model_validator(mode="after")
    def _check(self) -> "Tile":
        problems = self.provenance_problems()
        t = self.type
        if t not in SET_TYPES[self.set]:
            problems.append(
                f"@type: {t!r} is not a building of the {SET_NAMES[self.set]} set "
                f"('Tile effects by set'); expected one of {', '.join(SET_TYPES[self.set])} "
                f"({TYPE_NAMES[t]} belongs to {SET_NAMES[SET_OF_TYPE[t]]})")  # i18n: no
        # tile-specific parameters
        if t in DIRECTION_TYPES and self.direction is None:
            problems.append(f"@direction: {_a(t)} shows its direction ('in the same "
                            "row or column (as depicted on the tile)'): expected 'row' or "
                            "'column'")  # i18n: no
        if t not in DIRECTION_TYPES and self.direction is not None:
            problems.append(f"@direction: only an Inn or a Watchtower has a direction, not "
                            f"{_a(t)}")  # i18n: no
        if t in TARGETS:
            if self.target is None:
                problems.append(f"@target: {_a(t)} shows its target: expected one "
                                f"of {', '.join(TARGETS[t])}")  # i18n: no
            elif self.target not in TARGETS[t]:
                problems.append(f"@target: {_a(t)} cannot target {self.target!r}; "
                                f"expected one of {', '.join(TARGETS[t])}")  # i18n: no
        elif self.target is not None:
            problems.append(f"@target: only a Trading Post or a Guildhall has a target, not "
                            f"{_a(t)}")  # i18n: no
        if t in CRAFT_COLOURS:
            if not self.formation:
                problems.append(f"@formation: {_a(t)} shows its formation ('in the "
                                "formation depicted on the tile'): expected at least one pair "
                                "such as 'W+E'")  # i18n: no
            else:
                self._check_formation(problems)
        elif self.formation is not None:
            problems.append(f"@formation: only a Basket Shop, Pottery or Cooperage has a "
                            f"formation, not {_a(t)}")  # i18n: no
        # colours known from the rulebook
        if t in PRODUCER_COLOUR and self.colour != PRODUCER_COLOUR[t]:
            problems.append(
                f"@colour: {_a(t)} is {PRODUCER_COLOUR[t]} (a troop on it gives '2 "
                "resources of the corresponding type (1 from the building + 1 from the "
                f"troop)'), not {self.colour}")  # i18n: no
        # roads
        seen: dict[str, int] = {}
        for i, sec in enumerate(self.roads):
            for e in sec.edges:
                if e in seen:
                    problems.append(f"@roads.{i}: edge {e} ({EDGE_NAMES[e]}) is also in road "
                                    f"section {seen[e] + 1} ({self.roads[seen[e]]}); an edge "
                                    "carries one road end")  # i18n: no
                seen.setdefault(e, i)
        if t == "pilgrimage-site":
            for i, sec in enumerate(self.roads):
                if len(sec.edges) > 1:
                    problems.append(
                        f"@roads.{i}: section {sec} joins {len(sec.edges)} edges, but 'The "
                        "Pilgrimage Site tile doesn't connect roads – it acts as an end point "
                        "for each road connected to it': write one section per road end "
                        f"({', '.join(repr(e) for e in sec.edges)})")  # i18n: no
        if problems:
            raise ValueError("\n".join(problems))
        return self

    def _check_formation(self, problems: list[str]) -> None:
        colours = set(CRAFT_COLOURS[self.type])
        seen: dict[frozenset[Any], int] = {}
        for i, pair in enumerate(self.formation or ()):
            key = frozenset(c.at for c in pair.cells)
            if key in seen:
                problems.append(f"@formation.{i}: pair {pair} repeats pair {seen[key] + 1}")  # i18n: no
            seen.setdefault(key, i)
            given = {c.colour for c in pair.cells}
            if None not in given and given != colours:
                problems.append(
                    f"@formation.{i}: pair {pair} must hold one {' and one '.join(sorted(colours))}"
                    f" tile ({_a(self.type)} scores 'pairs of "
                    f"{' and '.join(CRAFT_COLOURS[self.type])} tiles')")  # i18n: no

    # ---------------------------------------------------------------- queries
    @property
    def name(self) -> str:
        return TYPE_NAMES[self.type]

    @property
    def resource(self) -> str:
        """The resource of the tile's colour (front and back)."""
        return RESOURCE_OF_COLOUR[self.colour]

    @property
    def road_edges(self) -> frozenset[str]:
        """Every edge carrying a road end."""
        return frozenset(e for s in self.roads for e in s.edges)

    def roads_turned(self, quarter_turns: int = 2) -> tuple[RoadSection, ...]:
        """The road sections as seen after turning the tile (2: the opponent's view)."""
        return tuple(s.rotated(quarter_turns) for s in self.roads)

    def craft_colours(self) -> tuple[str, str] | None:
        return CRAFT_COLOURS.get(self.type)


class Treasure(Sourced):
    """A solo treasure tile: the condition under which the human removes it.

    ``vertical``/``horizontal``: at least 2 tiles of ``colour`` in the treasure's column/row
    (the building carrying it does not count). ``formation``: the ``cells`` around the
    treasure each hold a tile of the cell's colour (at least 2 cells). ``any`` = brown.
    """

    id: str = Id
    kind: Literal["vertical", "horizontal", "formation"]
    colour: Literal["green", "grey", "yellow", "any"] | None = None
    cells: tuple[Cell, ...] | None = None

    @model_validator(mode="after")
    def _check(self) -> "Treasure":
        problems = self.provenance_problems()
        if self.kind in ("vertical", "horizontal"):
            if self.colour is None:
                problems.append(f"@colour: a {self.kind} condition shows a colour: expected "
                                "green, grey, yellow or any (brown)")  # i18n: no
            if self.cells is not None:
                problems.append(f"@cells: only a formation condition has cells, not a "
                                f"{self.kind} one")  # i18n: no
        else:
            if self.colour is not None:
                problems.append("@colour: a formation condition gives a colour per cell "
                                "('N:green'), not one colour")  # i18n: no
            cells = self.cells or ()
            if len(cells) < 2:
                problems.append("@cells: 'at least 2 tiles around the treasure stand in the "
                                "formation shown': expected at least 2 cells")  # i18n: no
            for i, c in enumerate(cells):
                if c.colour is None:
                    problems.append(f"@cells.{i}: cell {c} needs a colour: green, grey, "
                                    "yellow or any (brown)")  # i18n: no
            ats = [c.at for c in cells]
            for i, at in enumerate(ats):
                if at in ats[:i]:
                    problems.append(f"@cells.{i}: position {at} appears twice")  # i18n: no
        if problems:
            raise ValueError("\n".join(problems))
        return self

    @property
    def uses_any(self) -> bool:
        return self.colour == "any" or any(c.colour == "any" for c in self.cells or ())


# ==================================================================== files
class _DataFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    provenance: Provenance
    source: str = ""
    note: str = ""

    def _file_provenance(self, records: Sequence[Any], problems: list[str]) -> None:
        problems += file_provenance_problems(self.provenance, self.source, records)

    @staticmethod
    def _duplicate_ids(section: str, records: Sequence[Any], problems: list[str]) -> None:
        first: dict[str, int] = {}
        for i, r in enumerate(records):
            if r.id in first:
                problems.append(f"@{section}.{i}.id: id {r.id!r} is also {section} record "
                                f"#{first[r.id] + 1}; ids must be unique")  # i18n: no
            first.setdefault(r.id, i)


def _ids(records: Sequence[Any], idx: Iterable[int]) -> str:
    return ", ".join(f"#{i + 1} {records[i].id}" for i in idx)


class TileSet(_DataFile):
    """A whole tiles file, checked against every known fact of the game."""

    tiles: tuple[Tile, ...]

    @model_validator(mode="after")
    def _whole_file(self) -> "TileSet":
        problems: list[str] = []
        tiles = self.tiles
        self._duplicate_ids("tiles", tiles, problems)
        by_set: dict[str, list[int]] = defaultdict(list)
        for i, t in enumerate(tiles):
            by_set[t.set].append(i)
        if len(tiles) != NUM_TILES:
            problems.append(f"@tiles: {len(tiles)} tiles, expected {NUM_TILES} ('54 building "
                            "tiles: 6 sets of 9 tiles')")  # i18n: no
        for s in SETS:
            idx = by_set[s]
            if len(idx) != TILES_PER_SET:
                problems.append(f"@tiles: set {s!r} ({SET_NAMES[s]}) has {len(idx)} tiles, "
                                f"expected {TILES_PER_SET} ('6 sets, each with 9 tiles')")  # i18n: no
            types = {tiles[i].type for i in idx}
            missing = [t for t in SET_TYPES[s] if t not in types]
            if idx and missing:
                problems.append(
                    f"@tiles: set {s!r} ({SET_NAMES[s]}) has no {', '.join(missing)}; "
                    "'Tile effects by set' lists " + ", ".join(SET_TYPES[s]))  # i18n: no
            for colour in COLOURS:
                cidx = [i for i in idx if tiles[i].colour == colour]
                if idx and len(cidx) != COLOURS_PER_SET:
                    at = cidx[COLOURS_PER_SET] if len(cidx) > COLOURS_PER_SET else idx[-1]
                    problems.append(
                        f"@tiles.{at}.colour: set {s!r} has {len(cidx)} {colour} tiles "
                        f"({_ids(tiles, cidx) or 'none'}), expected {COLOURS_PER_SET} green, "
                        f"{COLOURS_PER_SET} grey and {COLOURS_PER_SET} yellow per set (review, "
                        "riseher.cz)")  # i18n: no
        self._check_known_facts(problems)
        self._file_provenance(tiles, problems)
        if problems:
            raise ValueError("\n".join(problems))
        return self

    def _check_known_facts(self, problems: list[str]) -> None:
        tiles = self.tiles
        if not tiles:
            return
        present = {t.type for t in tiles}
        for typ, (cost, sentence) in EXAMPLE_COSTS.items():
            if typ not in present:
                continue        # reported as a missing type of its set
            if not any(t.type == typ and t.cost.as_dict() == cost for t in tiles):
                last = max(i for i, t in enumerate(tiles) if t.type == typ)
                want = " + ".join(f"{n} {r}" for r, n in cost.items())
                problems.append(f"@tiles.{last}.cost: no {TYPE_NAMES[typ]} costs {want} "
                                f"({sentence})")  # i18n: no
        sieges = [i for i, t in enumerate(tiles) if t.type == "siege-tower"]
        if sieges and not any(tiles[i].colour == "green" for i in sieges):
            problems.append(f"@tiles.{sieges[-1]}.colour: no Siege Tower is green (solo "
                            "example: 'Das oberste Gebäude im gemeinsamen Vorrat ist grün, "
                            "folglich nimmst du den Belagerungsturm')")  # i18n: no
        if len(sieges) == 1:
            problems.append(f"@tiles.{sieges[0]}.type: only one Siege Tower, but 'If 2 of your "
                            "Siege Towers are orthogonally adjacent to 1 of your opponent's "
                            "buildings' needs two")  # i18n: no
        camps = [i for i, t in enumerate(tiles) if t.type == "encampment"]
        if len(camps) == 1:
            problems.append(f"@tiles.{camps[0]}.type: only one Encampment, but 'Each "
                            "Encampment tile can only be used once per game' implies several")  # i18n: no
        pilgrims = [i for i, t in enumerate(tiles) if t.type == "pilgrimage-site"]
        if pilgrims and not any(len(tiles[i].road_edges) == 2 for i in pilgrims):
            problems.append(f"@tiles.{pilgrims[-1]}.roads: no Pilgrimage Site has two road "
                            "ends (solo example: 'Für Option A gäbe es 2 mögliche Plätze (A1 "
                            "und A2), um die Straßen zu verbinden')")  # i18n: no
        if not any(len(t.roads) == 4 for t in tiles):
            problems.append("@tiles: no tile has 4 separate road sections ('A tile with 4 "
                            "separate road sections does not connect all of its roads'; German "
                            "'Eine Kreuzung ... als Endpunkt für die 4 Straßen')")  # i18n: no
        if not any(len(s.edges) >= 2 for t in tiles for s in t.roads):
            problems.append("@tiles: no tile carries a road through it (a section joining 2 "
                            "edges), but Example 5's 'Road A connects 3 buildings' needs one")  # i18n: no
        if all(t.roads for t in tiles):
            problems.append("@tiles: every tile has roads, but the tile description says "
                            "'Road section (only on some tiles)'")  # i18n: no

    # ---------------------------------------------------------------- queries
    def by_id(self, tile_id: str) -> Tile:
        for t in self.tiles:
            if t.id == tile_id:
                return t
        raise KeyError(f"no tile with id {tile_id!r}")  # i18n: no

    def of_set(self, set_name: str) -> tuple[Tile, ...]:
        if set_name not in SETS:
            raise KeyError(f"unknown set {set_name!r}; sets: {', '.join(SETS)}")  # i18n: no
        return tuple(t for t in self.tiles if t.set == set_name)

    def type_counts(self, set_name: str | None = None) -> dict[str, int]:
        c: Counter[str] = Counter(t.type for t in self.tiles if set_name in (None, t.set))
        return {t: c[t] for t in TYPES if c[t]}

    def provenance_summary(self) -> dict[str, int]:
        """Records per provenance (``{'reconstructed': 54}`` for the bundled file)."""
        return provenance_counts(self.tiles)

    def field_provenance_summary(self) -> dict[str, dict[str, int]]:
        """``{field: {provenance: records}}`` of the fields marked in ``field_provenance``."""
        out: dict[str, Counter[str]] = defaultdict(Counter)
        for t in self.tiles:
            for f, p in t.field_provenance.items():
                out[f][p] += 1
        return {f: dict(c) for f, c in sorted(out.items())}

    def digest(self) -> str:
        """SHA-256 of the tiles' content (ids, sets, types, colours, costs, roads,
        parameters), order-blind; provenance, sources and notes left out."""
        return _digest(self.tiles)


class TreasureSet(_DataFile):
    """The 10 solo treasures (solo rules: '10 treasure tiles')."""

    treasures: tuple[Treasure, ...]

    @model_validator(mode="after")
    def _whole_file(self) -> "TreasureSet":
        problems: list[str] = []
        self._duplicate_ids("treasures", self.treasures, problems)
        if len(self.treasures) != NUM_TREASURES:
            problems.append(f"@treasures: {len(self.treasures)} treasures, expected "
                            f"{NUM_TREASURES} ('10 Schätze')")
        kinds = {t.kind for t in self.treasures}
        missing = [k for k in ("vertical", "horizontal", "formation") if k not in kinds]
        if self.treasures and missing:
            problems.append(f"@treasures: no {', '.join(missing)} condition; the solo rules "
                            "name three kinds (Vertikal, Horizontal, Anordnung)")  # i18n: no
        if self.treasures and not any(t.uses_any for t in self.treasures):
            problems.append("@treasures: no condition shows brown (any colour), but 'Zeigt "
                            "eine Voraussetzung braune Plättchen, wird sie von jeder "
                            "Farbe/Art erfüllt'")  # i18n: no
        self._file_provenance(self.treasures, problems)
        if problems:
            raise ValueError("\n".join(problems))
        return self

    def by_id(self, treasure_id: str) -> Treasure:
        for t in self.treasures:
            if t.id == treasure_id:
                return t
        raise KeyError(f"no treasure with id {treasure_id!r}")  # i18n: no

    def provenance_summary(self) -> dict[str, int]:
        return provenance_counts(self.treasures)

    def digest(self) -> str:
        return _digest(self.treasures)


NUM_TREASURES = 10


def _digest(records: Sequence[Any]) -> str:
    items = sorted((strip_meta(r.model_dump(mode="json", exclude_none=True), META_FIELDS)
                    for r in records), key=lambda d: d["id"])
    return json_digest(items)


# ==================================================================== loading
_SECTIONS = ("tiles", "treasures")


def _label(section: str, rec: Any) -> str:
    """The label of a raw record in error messages: ``" (id='travel-3')"``."""
    return f" (id={rec['id']!r})" if isinstance(rec, dict) and "id" in rec else ""


def describe_errors(exc: ValidationError, data: Any, source: str) -> str:
    """One line per problem: ``FILE: SECTION record #N (id=...), field F: message``, e.g.
    ``tiles record #3 (id='travel-3'), field 'roads[1]'``
    (:func:`regalia.core.data.describe_errors`; every error is reported, a ``too_short``
    one included)."""
    return core_data.describe_errors(exc, data, source, sections=_SECTIONS, label=_label,
                                     skip_implied_too_short=False)


_D = TypeVar("_D", bound=_DataFile)


def _load(model: type[_D], path: str | Path) -> _D:
    return load_validated(model, path, describe_errors)


def load_tiles(path: str | Path | None = None) -> TileSet:
    """Load and validate a tiles file (default: the bundled reconstruction).

    Raises:
        DataError: one line per problem, naming the file, the record (position and id) and
            the field, and saying what was expected.
    """
    return _default_tiles() if path is None else _load(TileSet, path)


def load_treasures(path: str | Path | None = None) -> TreasureSet:
    """Load and validate a treasures file (default: the bundled reconstruction)."""
    return _default_treasures() if path is None else _load(TreasureSet, path)


@lru_cache(maxsize=1)
def _default_tiles() -> TileSet:
    return _load(TileSet, DEFAULT_TILES)


@lru_cache(maxsize=1)
def _default_treasures() -> TreasureSet:
    return _load(TreasureSet, DEFAULT_TREASURES)


def provenance_summary(tiles_path: str | Path | None = None,
                       treasures_path: str | Path | None = None) -> dict[str, int]:
    """Records per provenance over both files (tiles and treasures)."""
    recs = [*load_tiles(tiles_path).tiles, *load_treasures(treasures_path).treasures]
    return provenance_counts(recs)


def data_digest(tiles: TileSet | None = None, treasures: TreasureSet | None = None) -> str:
    """One SHA-256 for both files (for game records)."""
    tiles = tiles or load_tiles()
    treasures = treasures or load_treasures()
    return hashlib.sha256(f"{tiles.digest()}:{treasures.digest()}".encode()).hexdigest()


__all__ = [
    "DEFAULT_TILES", "DEFAULT_TREASURES", "SETS", "SET_NAMES", "SET_TYPES", "TYPES",
    "TYPE_NAMES", "SET_OF_TYPE", "COLOURS", "RESOURCES", "RESOURCE_OF_COLOUR",
    "COLOUR_OF_RESOURCE", "EDGES", "COMPASS", "OFFSETS", "CRAFT_COLOURS", "TARGETS",
    "DIRECTION_TYPES", "PRODUCER_COLOUR", "EXAMPLE_COSTS", "NUM_TILES", "TILES_PER_SET",
    "NUM_TREASURES", "Cell", "Cost", "FormationPair", "RoadSection", "Sourced", "Tile",
    "TileSet", "Treasure", "TreasureSet", "rotate_edge", "rotate_cell", "load_tiles",
    "load_treasures", "provenance_summary", "data_digest", "describe_errors",
]
