"""Cascadito components: the four play sheets and the dice, validated, with provenance.

Sources: the English rulebook (Bitewing Games, 2023; ``../shared/rules/
cascadito.rulebook.en.txt``) and ``../shared/rules/COMPONENTS.md`` (Cascadito). The printed
sheets are not public: every record says whether it is ``verified`` (a published source,
quoted in ``source``), ``rulebook`` (a rulebook sentence or example, quoted in ``source``)
or ``reconstructed`` (designed by the project to fit every known fact; ``note`` says why).
A record's ``provenance`` is its weakest part; ``field_provenance`` names fields that are
better established than the record. The format, the coordinate system and the provenance
table are documented in ``docs/data/cascadito.md``; the geometry is in :mod:`.hexgrid`.

A sheet file holds: the kingdom (a picture of its hexes), towns, special fields, rivers
(and sheet 3's low bridge), success tracks, achievement banners, the bandit track, the
achievements, the all-tracks bonus, the game end, the solo timer and the rulebook examples
located on the sheet (for the engine's tests).
"""

from __future__ import annotations

import hashlib
from collections import Counter, defaultdict
from collections.abc import Iterator
from functools import cache, cached_property, lru_cache
from pathlib import Path
from typing import Annotated, Any, ClassVar, Literal, TypeVar

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StringConstraints,
    ValidationError,
    field_validator,
    model_validator,
)

from regalia.core import data as core_data
from regalia.core.data import (
    Provenance,
    load_validated,
    provenance_by_kind,
    provenance_counts,
)
from regalia.core.errors import DataError
from regalia.core.i18n import _
from regalia.core.provenance import (
    OWN_META_FIELDS,
    SourcedRecord,
    content_digest,
    file_provenance_problems,
    weakest,
)
from regalia.core.provenance import STRENGTH as _STRENGTH

from . import hexgrid
from .hexgrid import Hex

# The validation messages below (marked "i18n: no (data file)") are for authors of sheet
# files (docs/data/cascadito.md): they name TOML keys and records and are framed by
# regalia.core.data's English report, so they stay English; what a player reads is
# translated where it is shown (wording.py, view.py, svg.py ...).
DATA_DIR = Path(__file__).parent / "data"
SHEETS_DIR = DATA_DIR / "sheets"
DEFAULT_DICE = DATA_DIR / "dice.toml"
SHEET_NUMBERS = (1, 2, 3, 4)

#: The town colours, in home-castle order, then white (rulebook "Play").
TOWN_COLOURS: tuple[str, ...] = ("blue", "yellow", "orange", "pink", "white")
#: The die faces: the town colours and black, the face "showing no icon".
FACE_COLOURS: tuple[str, ...] = TOWN_COLOURS + ("black",)
#: Home castles are marked in this order: "the blue castle (first player), followed by the
#: yellow, orange, and finally the pink castles".
CASTLE_ORDER: tuple[str, ...] = ("blue", "yellow", "orange", "pink")
#: Action icons (rulebook "Actions"): mark the next space on any success track; mark any
#: empty field (or the next river space); mark the next space on the river.
ACTIONS: tuple[str, ...] = ("advance_track", "mark_field", "advance_river")
SPECIAL_KINDS: tuple[str, ...] = ("bandit", "star", "trade_good", "crown", "action")

#: Fields that describe a record rather than the component (left out of the digest).
META_FIELDS = OWN_META_FIELDS | {"text"}

Colour = Literal["blue", "yellow", "orange", "pink", "white"]
FaceColour = Literal["blue", "yellow", "orange", "pink", "white", "black"]
Action = Literal["advance_track", "mark_field", "advance_river"]
Name = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=80)]


# ==================================================================== base records
class Sourced(SourcedRecord):
    """Provenance fields shared by every record (as in the Inheritors cards file).

    ``provenance`` is the record's weakest part; ``source`` quotes the rulebook sentence or
    published source of a ``verified``/``rulebook`` fact; ``note`` says why a
    reconstruction was chosen; ``field_provenance`` lists fields better established than
    the record (``{ colour = "rulebook" }``).
    """

    source_hint: ClassVar[str] = "the rulebook sentence or published source it comes from"  # i18n: no (data-format hint)


def _coord(v: Any) -> Hex:
    if (not isinstance(v, (list, tuple)) or len(v) != 2
            or not all(isinstance(c, int) and not isinstance(c, bool) for c in v)):
        raise ValueError(f"expected a hex [x, y] of two integers, got {v!r}")  # i18n: no (data file)
    x, y = v
    if x < 0 or y < 0:
        raise ValueError(f"[{x}, {y}]: coordinates are 0 or more")  # i18n: no (data file)
    if (x + y) % 2:
        raise ValueError(f"[{x}, {y}] is not a hex: in doubled coordinates x + y is even "  # i18n: no (data file)
                         f"(row {y} has hexes at {'odd' if y % 2 else 'even'} x)")
    return (x, y)


#: A hex given as ``[x, y]`` in a data file, checked by :func:`_coord`.
HexField = Annotated[Hex, BeforeValidator(_coord)]


class Positioned(Sourced):
    """A record standing on one hex, ``at = [x, y]`` (doubled coordinates)."""

    at: HexField


# ==================================================================== the kingdom
class Kingdom(Sourced):
    """The kingdom's hexes as a picture: line ``y`` of ``rows``, column ``x`` is hex
    ``(x, y)``; ``.`` marks a hex of the kingdom (a field, unless a town, a river space or
    the bridge stands on it), a blank marks no hex."""

    rows: tuple[str, ...] = Field(min_length=1)

    @field_validator("rows")
    @classmethod
    def _picture(cls, rows: tuple[str, ...]) -> tuple[str, ...]:
        problems = []
        for (x, y), ch in hexgrid.parse_picture(rows):
            if ch != ".":
                problems.append(f"line {y + 1}, column {x + 1}: {ch!r}; only '.' (a hex) and "  # i18n: no (data file)
                                "blanks are allowed")
            elif (x + y) % 2:
                problems.append(f"line {y + 1}, column {x + 1}: a '.' at x={x} in row y={y}; "  # i18n: no (data file)
                                f"row {y} has its hexes at {'odd' if y % 2 else 'even'} "
                                "columns (x + y even)")
        if not problems and not any(r.strip() for r in rows):
            problems.append("the picture shows no hex")  # i18n: no (data file)
        if problems:
            raise ValueError("; ".join(problems[:5]) + (" ..." if len(problems) > 5 else ""))
        return rows

    @cached_property
    def hexes(self) -> frozenset[Hex]:
        """The kingdom's hexes (parsed from the picture once; the model is frozen)."""
        return frozenset(h for h, _ in hexgrid.parse_picture(self.rows))


class Town(Positioned):
    """A town of ``colour`` on a kingdom hex."""

    colour: Colour


class Special(Positioned):
    """A special field (an empty field showing an icon).

    ``bandit`` (sheet 2), ``star`` (sheet 4: mark a neighbouring field at once),
    ``trade_good`` (sheet 4; ``good`` names it), ``crown`` (sheet 4; ``colour``) and
    ``action`` (sheet 3; ``action`` is the action taken when the field is marked).
    """

    kind: Literal["bandit", "star", "trade_good", "crown", "action"]
    good: Name | None = None
    colour: Colour | None = None
    action: Action | None = None

    @model_validator(mode="after")
    def _parameters(self) -> Special:
        wanted = {"trade_good": "good", "crown": "colour", "action": "action"}.get(self.kind)
        problems = []
        for name in ("good", "colour", "action"):
            value = getattr(self, name)
            if name == wanted and value is None:
                problems.append(f"@{name}: a {self.kind!r} field needs a {name!r}")  # i18n: no (data file)
            elif name != wanted and value is not None:
                problems.append(f"@{name}: a {self.kind!r} field has no {name!r}")  # i18n: no (data file)
        if problems:
            raise ValueError("\n".join(problems))
        return self


class Space(BaseModel):
    """A space of a river or track. ``provenance`` etc. default to the parent record's and
    may only be stronger (the parent's provenance is its weakest part)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    points: int = Field(default=0, ge=0, le=100)
    action: Action | None = None
    icon: Literal["", "reminder"] = ""
    provenance: Provenance | None = None
    source: str = ""
    note: str = ""


class RiverSpace(Space):
    """A river hexagon: ``points`` is the river score shown on it (0: none), ``action`` the
    action icon, ``icon = "reminder"`` an achievement reminder."""

    at: HexField


class TrackSpace(Space):
    """A success-track (or bandit-track) space: ``points`` scored when it is the highest
    marked space, ``action`` its icon, ``highlight`` the sheet-4 reminder row."""

    highlight: bool = False


def _check_spaces(parent: Sourced, spaces: tuple[Space, ...], name: str) -> list[str]:
    problems = []
    for i, s in enumerate(spaces):
        if s.provenance is None:
            continue
        if _STRENGTH[s.provenance] < _STRENGTH[parent.provenance]:
            problems.append(f"@{name}.{i}.provenance: {s.provenance!r} is weaker than the "  # i18n: no (data file)
                            f"record's provenance {parent.provenance!r} (a record's "
                            "provenance is its weakest part)")
        if s.provenance != "reconstructed" and not s.source.strip():
            problems.append(f"@{name}.{i}.source: a {s.provenance!r} space must name its "  # i18n: no (data file)
                            "source")
    return problems


def river_word(name: str) -> str:
    """The word naming a river in the notation (``river west``): the first word of its
    name, in lower case (the notation is read in lower case)."""
    return name.split()[0].lower()


class River(Sourced):
    """A river: ``spaces`` in the order they are marked (first = where it starts).

    ``flows``: ``right`` (starts on the left) or ``left``. ``joins_groups``: marked spaces
    count as marked fields for groups (sheet 3); otherwise the river lies outside the
    kingdom (sheets 1, 2). ``scoring``: ``highest`` (the highest ``points`` reached) or
    ``ship`` (``ship_points`` when the last space is marked). ``ends_at``: ``edge`` or
    ``bridge`` (the last space neighbours the sheet's low bridge).
    """

    name: Name
    flows: Literal["right", "left"]
    joins_groups: bool
    scoring: Literal["highest", "ship"]
    ship_points: int = Field(default=0, ge=0, le=100)
    ends_at: Literal["edge", "bridge"] = "edge"
    spaces: tuple[RiverSpace, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _river(self) -> River:
        problems = _check_spaces(self, self.spaces, "spaces")
        for i in range(1, len(self.spaces)):
            a, b = self.spaces[i - 1].at, self.spaces[i].at
            if not hexgrid.are_neighbours(a, b):
                problems.append(f"@spaces.{i}.at: {list(b)} does not neighbour the previous "  # i18n: no (data file)
                                f"space {list(a)}; river spaces are listed in order, each "
                                "next to the one before")
        first, last = self.spaces[0].at, self.spaces[-1].at
        if len(self.spaces) > 1 and (last[0] - first[0] < 0) != (self.flows == "left"):
            problems.append(f"@flows: the river is marked from {list(first)} to {list(last)}, "  # i18n: no (data file)
                            f"which does not flow {self.flows!r} (right: it starts on the "
                            "left)")
        if self.scoring == "ship" and not self.ship_points:
            problems.append("@ship_points: a 'ship' river scores ship_points when its last "  # i18n: no (data file)
                            "space is marked; expected a positive value")
        if self.scoring == "highest" and self.ship_points:
            problems.append("@ship_points: only a 'ship' river has ship_points")  # i18n: no (data file)
        if problems:
            raise ValueError("\n".join(problems))
        return self


class Bridge(Positioned):
    """Sheet 3's low bridge: a kingdom hex that is not a field; the rivers ending at it
    connect once both their last spaces are marked."""


class Track(Sourced):
    """A success track, ``spaces`` bottom-up. ``castle``: it has a home castle (the higher
    ``home_points`` replace the top space's points for the player whose castle it is)."""

    colour: Colour
    theme: Name
    castle: bool
    home_points: int | None = Field(default=None, ge=0, le=100)
    spaces: tuple[TrackSpace, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _track(self) -> Track:
        problems = _check_spaces(self, self.spaces, "spaces")
        pts = [s.points for s in self.spaces]
        for i in range(1, len(pts)):
            if pts[i] < pts[i - 1]:
                problems.append(f"@spaces.{i}.points: {pts[i]} is less than the space below "  # i18n: no (data file)
                                f"({pts[i - 1]}); points grow bottom-up")
        if self.castle and self.home_points is None:
            problems.append("@home_points: a track with a home castle shows the higher value "  # i18n: no (data file)
                            "of its top space")
        if not self.castle and self.home_points is not None:
            problems.append("@home_points: only a track with a home castle has home_points")  # i18n: no (data file)
        if self.home_points is not None and self.home_points <= pts[-1]:
            problems.append(f"@home_points: {self.home_points} is not higher than the top "  # i18n: no (data file)
                            f"space's {pts[-1]} points")
        if problems:
            raise ValueError("\n".join(problems))
        return self


class Banner(Sourced):
    """An achievement banner beside the tracks: ``fleurs`` fleurs-de-lis (1 = the first
    banner), reached on a track when its space ``height`` (1 = bottom) is marked."""

    fleurs: int = Field(ge=1, le=5)
    height: int = Field(ge=1, le=30)


class BanditTrack(Sourced):
    """Sheet 2's raiding-bandit track, bottom-up: one space per bandit field marked."""

    spaces: tuple[TrackSpace, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _bandits(self) -> BanditTrack:
        problems = _check_spaces(self, self.spaces, "spaces")
        if problems:
            raise ValueError("\n".join(problems))
        return self


CRITERIA: dict[str, tuple[str, ...]] = {
    "banner": ("banner",),                 # + tracks (a count) or track (colour / "home")
    "group_towns": ("count", "colour"),    # colour: a colour or "any"
    "group_colours": ("colours",),
    "separate_groups": ("count",),
    "mark_fields": ("fields",),            # every listed hex marked (groups not needed)
    "group_fields": ("fields",),           # one group containing every listed hex
    "bandits": ("count",),
}


class Criterion(BaseModel):
    """What an achievement requires (``kind`` and its parameters, see :data:`CRITERIA`)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    kind: Literal["banner", "group_towns", "group_colours", "separate_groups", "mark_fields",
                  "group_fields", "bandits"]
    banner: int | None = Field(default=None, ge=1)
    tracks: int | None = Field(default=None, ge=1)
    track: Literal["home", "blue", "yellow", "orange", "pink", "white"] | None = None
    count: int | None = Field(default=None, ge=1)
    colour: Literal["any", "blue", "yellow", "orange", "pink", "white"] | None = None
    colours: tuple[Colour, ...] | None = None
    fields: tuple[HexField, ...] | None = None

    @model_validator(mode="after")
    def _parameters(self) -> Criterion:
        wanted = set(CRITERIA[self.kind]) | ({"tracks", "track"} if self.kind == "banner"
                                               else set())
        problems = []
        for name in ("banner", "tracks", "track", "count", "colour", "colours", "fields"):
            value = getattr(self, name)
            if name in CRITERIA[self.kind] and value is None:
                problems.append(f"@{name}: a {self.kind!r} criterion needs {name!r}")  # i18n: no (data file)
            elif name not in wanted and value is not None:
                problems.append(f"@{name}: a {self.kind!r} criterion has no {name!r}")  # i18n: no (data file)
        if self.kind == "banner" and (self.tracks is None) == (self.track is None):
            problems.append("@tracks: a 'banner' criterion needs either 'tracks' (how many "  # i18n: no (data file)
                            "tracks) or 'track' (a colour or 'home'), not both")
        if self.kind == "group_towns" and self.count is not None and self.count < 2:
            problems.append("@count: a group neighbouring fewer than 2 towns is no criterion")  # i18n: no (data file)
        if problems:
            raise ValueError("\n".join(problems))
        return self


class Achievement(Sourced):
    """An achievement, ``row`` ``top`` (first claimant only, unless ``later_points``) or
    ``bottom`` (every player); listed left to right. ``points``: VP at the end (0: none);
    ``later_points``: sheet 4's smaller reward for later claimants; ``actions``: taken at
    once when claimed. ``text``: the rulebook wording."""

    row: Literal["top", "bottom"]
    text: str = Field(min_length=1)
    criterion: Criterion
    points: int = Field(default=0, ge=0, le=100)
    later_points: int | None = Field(default=None, ge=0, le=100)
    actions: tuple[Action, ...] = ()

    @model_validator(mode="after")
    def _reward(self) -> Achievement:
        problems = []
        if self.later_points is not None and self.row != "top":
            problems.append("@later_points: only a top-row achievement has a reward for "  # i18n: no (data file)
                            "later claimants")
        if self.later_points is not None and self.later_points > self.points:
            problems.append(f"@later_points: {self.later_points} is more than the first "  # i18n: no (data file)
                            f"claimant's {self.points}")
        if not self.points and not self.actions:
            problems.append("@points: the achievement gives neither points nor actions")  # i18n: no (data file)
        if problems:
            raise ValueError("\n".join(problems))
        return self


class AllTracksBonus(Sourced):
    """Sheets 1 and 3: ``points`` for at least ``min_spaces`` spaces in every track."""

    min_spaces: int = Field(ge=1)
    points: int = Field(ge=1)


class GameEnd(Sourced):
    """How the (multiplayer) game ends; it always ends at once.

    ``top_row_claimed``: every top-row achievement claimed between the players;
    ``bottom_row_by_one``: one player claimed the whole bottom row; ``spaces_in_every_track``
    (0: not a condition): one player has that many spaces in every track;
    ``top_row_by_one``: one player claimed the whole top row, scoring ``top_row_bonus``.
    """

    top_row_claimed: bool
    bottom_row_by_one: bool
    spaces_in_every_track: int = Field(default=0, ge=0)
    top_row_by_one: bool = False
    top_row_bonus: int = Field(default=0, ge=0)

    @model_validator(mode="after")
    def _some(self) -> GameEnd:
        if not (self.top_row_claimed or self.bottom_row_by_one or self.spaces_in_every_track
                or self.top_row_by_one):
            raise ValueError("@top_row_claimed: no game-end condition is set")  # i18n: no (data file)
        if self.top_row_bonus and not self.top_row_by_one:
            raise ValueError("@top_row_bonus: a bonus for the whole top row needs "  # i18n: no (data file)
                             "top_row_by_one = true")
        return self


class Solo(Sourced):
    """The solo timer: ``boxes`` dice boxes marked left to right, one per round; the game
    ends with the last. ``harder_start``: boxes marked before a harder game (set apart)."""

    boxes: int = Field(ge=2, le=40)
    harder_start: int = Field(ge=0, le=10)

    @model_validator(mode="after")
    def _fits(self) -> Solo:
        if self.harder_start >= self.boxes:
            raise ValueError(f"@harder_start: {self.harder_start} boxes marked at the start "  # i18n: no (data file)
                             f"leave none of the {self.boxes} to play")
        return self


class Example(Sourced):
    """A rulebook example located on this sheet, for the engine's tests.

    ``kind = "town_scoring"``: with ``marked`` fields already marked, ``mark`` is marked
    with a die of a colour in ``dice``; ``scores`` lists the towns that score (may be
    empty). ``kind = "river_action"``: the first ``river_marked`` spaces of river
    ``river`` are marked; marking the next (with any die) triggers ``action``.
    """

    name: Name
    kind: Literal["town_scoring", "river_action"]
    step: int = Field(default=1, ge=1)
    dice: tuple[FaceColour, ...] = ()
    marked: tuple[HexField, ...] = ()
    mark: HexField | None = None
    scores: tuple[HexField, ...] = ()
    river: int = Field(default=0, ge=0)
    river_marked: int = Field(default=0, ge=0)
    action: Action | None = None

    @model_validator(mode="after")
    def _complete(self) -> Example:
        problems = []
        if self.kind == "town_scoring":
            if self.mark is None:
                problems.append("@mark: a 'town_scoring' example needs the field marked")  # i18n: no (data file)
            if not self.dice:
                problems.append("@dice: a 'town_scoring' example needs the die colours")  # i18n: no (data file)
        elif self.action is None:
            problems.append("@action: a 'river_action' example needs the action triggered")  # i18n: no (data file)
        if problems:
            raise ValueError("\n".join(problems))
        return self


# ==================================================================== the sheet
SECTIONS = ("towns", "specials", "rivers", "tracks", "banners", "achievements", "examples")
SINGLE = ("kingdom", "bridge", "bandit_track", "all_tracks_bonus", "game_end", "solo")


class Sheet(Sourced):
    """One play sheet. Whole-file checks name the record and the field of each problem."""

    number: int = Field(ge=1, le=9)
    title: Name
    forbidden: tuple[FaceColour, ...] = Field(min_length=1)
    kingdom: Kingdom
    towns: tuple[Town, ...] = Field(min_length=1)
    specials: tuple[Special, ...] = ()
    rivers: tuple[River, ...] = ()
    bridge: Bridge | None = None
    tracks: tuple[Track, ...] = Field(min_length=1)
    banners: tuple[Banner, ...] = ()
    bandit_track: BanditTrack | None = None
    achievements: tuple[Achievement, ...] = Field(min_length=1)
    all_tracks_bonus: AllTracksBonus | None = None
    game_end: GameEnd
    solo: Solo
    examples: tuple[Example, ...] = ()

    @model_validator(mode="after")
    def _whole_sheet(self) -> Sheet:
        problems: list[str] = []
        self._check_towns(problems)
        self._check_rivers(problems)
        self._check_specials(problems)
        self._check_tracks(problems)
        self._check_achievements(problems)
        self._check_examples(problems)
        self._check_file_provenance(problems)
        if problems:
            raise ValueError("\n".join(problems))
        return self

    # -------------------------------------------------------------- checks
    def _check_towns(self, p: list[str]) -> None:
        hexes = self.kingdom.hexes
        seen: dict[Hex, int] = {}
        for i, t in enumerate(self.towns):
            if t.at not in hexes:
                p.append(f"@towns.{i}.at: {list(t.at)} is not a hex of the kingdom picture")  # i18n: no (data file)
            if t.at in seen:
                p.append(f"@towns.{i}.at: {list(t.at)} is also the hex of towns record "  # i18n: no (data file)
                         f"#{seen[t.at] + 1}; each hex holds one town")
            seen.setdefault(t.at, i)
            if t.colour in self.forbidden:
                p.append(f"@towns.{i}.colour: {t.colour!r} is a forbidden colour on this sheet, "  # i18n: no (data file)
                         "so no die could mark a field next to this town")
        if self.bridge is not None:
            if self.bridge.at not in hexes:
                p.append(f"@bridge.at: {list(self.bridge.at)} is not a hex of the kingdom "  # i18n: no (data file)
                         "picture")
            if self.bridge.at in seen:
                p.append(f"@bridge.at: {list(self.bridge.at)} is the hex of towns record "  # i18n: no (data file)
                         f"#{seen[self.bridge.at] + 1}")

    def _check_rivers(self, p: list[str]) -> None:
        hexes, towns = self.kingdom.hexes, self.town_hexes
        owner: dict[Hex, tuple[int, int]] = {}
        words: dict[str, int] = {}
        for r, river in enumerate(self.rivers):
            word = river_word(river.name)
            if len(self.rivers) > 1 and word in words:
                p.append(f"@rivers.{r}.name: {river.name!r} begins with the word {word!r}, "  # i18n: no (data file)
                         f"as rivers record #{words[word] + 1} "
                         f"({self.rivers[words[word]].name!r}) does; the notation names a "
                         "river by its first word ('river west'), so each river's first "
                         "word must be unique")
            words.setdefault(word, r)
            for s, space in enumerate(river.spaces):
                at, where = space.at, f"@rivers.{r}.spaces.{s}.at"
                if at in owner:
                    r2, s2 = owner[at]
                    p.append(f"{where}: {list(at)} is also space {s2 + 1} of rivers record "  # i18n: no (data file)
                             f"#{r2 + 1}; each hex holds one river space")
                owner.setdefault(at, (r, s))
                if river.joins_groups:
                    if at not in hexes:
                        p.append(f"{where}: {list(at)} is not a hex of the kingdom picture "  # i18n: no (data file)
                                 "(a river that joins groups runs through the kingdom)")
                    elif at in towns:
                        p.append(f"{where}: {list(at)} is the hex of a town")  # i18n: no (data file)
                    elif self.bridge is not None and at == self.bridge.at:
                        p.append(f"{where}: {list(at)} is the bridge")  # i18n: no (data file)
                elif at in hexes:
                    p.append(f"{where}: {list(at)} is a hex of the kingdom, but this river is "  # i18n: no (data file)
                             "separate from the kingdom (joins_groups = false)")
            if river.ends_at == "bridge":
                if self.bridge is None:
                    p.append(f"@rivers.{r}.ends_at: the river ends at the bridge, but the "  # i18n: no (data file)
                             "sheet has no [bridge]")
                elif not hexgrid.are_neighbours(river.spaces[-1].at, self.bridge.at):
                    p.append(f"@rivers.{r}.spaces.{len(river.spaces) - 1}.at: the last space "  # i18n: no (data file)
                             f"{list(river.spaces[-1].at)} does not neighbour the bridge "
                             f"{list(self.bridge.at)}")
        if self.bridge is not None and not any(r.ends_at == "bridge" for r in self.rivers):
            p.append("@bridge: the sheet has a bridge but no river ends at it")  # i18n: no (data file)

    def _check_specials(self, p: list[str]) -> None:
        fields = self.fields
        seen: dict[tuple[Hex, str], int] = {}
        goods: dict[str, list[int]] = defaultdict(list)
        crowns: dict[str, list[int]] = defaultdict(list)
        towns = self.town_hexes
        for i, s in enumerate(self.specials):
            if s.at not in fields:
                what = ("a town" if s.at in towns else "a river space"  # i18n: no (data file)
                        if s.at in self.river_hexes else "the bridge"  # i18n: no (data file)
                        if self.bridge and s.at == self.bridge.at
                        else "not a hex of the kingdom picture")  # i18n: no (data file)
                p.append(f"@specials.{i}.at: {list(s.at)} is {what}; special icons stand on "  # i18n: no (data file)
                         "empty fields")
            key = (s.at, s.kind)
            if key in seen:
                p.append(f"@specials.{i}.at: {list(s.at)} already has a {s.kind!r} (specials "  # i18n: no (data file)
                         f"record #{seen[key] + 1})")
            seen.setdefault(key, i)
            if s.kind == "trade_good" and s.good is not None:
                goods[s.good].append(i)
                if any(n in towns for n in hexgrid.neighbours(s.at)):
                    p.append(f"@specials.{i}.at: the trade good at {list(s.at)} neighbours a "  # i18n: no (data file)
                             "town ('The fields showing trade goods have no neighboring "
                             "towns')")
            if s.kind == "crown" and s.colour is not None:
                crowns[s.colour].append(i)
        for good, idx in goods.items():
            if len(idx) != 2:
                p.append(f"@specials.{idx[0]}.good: the trade good {good!r} is shown on "  # i18n: no (data file)
                         f"{len(idx)} fields (records {', '.join(f'#{i + 1}' for i in idx)});"
                         " 'each trade good is shown in 2 different fields'")
        for colour, idx in crowns.items():
            if len(idx) != 2:
                p.append(f"@specials.{idx[0]}.colour: the {colour} crown appears on "  # i18n: no (data file)
                         f"{len(idx)} fields (records {', '.join(f'#{i + 1}' for i in idx)});"
                         " 'each crown appears in 2 different fields'")
        if any(s.kind == "bandit" for s in self.specials) and self.bandit_track is None:
            p.append("@bandit_track: the sheet has bandit fields but no [bandit_track]")  # i18n: no (data file)

    def _check_tracks(self, p: list[str]) -> None:
        seen: dict[str, int] = {}
        for i, t in enumerate(self.tracks):
            if t.colour in seen:
                p.append(f"@tracks.{i}.colour: a second {t.colour} track (also tracks record "  # i18n: no (data file)
                         f"#{seen[t.colour] + 1}); one success track per colour")
            seen.setdefault(t.colour, i)
            if t.colour in self.forbidden:
                p.append(f"@tracks.{i}.colour: {t.colour!r} is forbidden on this sheet")  # i18n: no (data file)
        castles = [t.colour for t in self.tracks if t.castle]
        if castles != list(CASTLE_ORDER):
            idx = next((i for i, t in enumerate(self.tracks) if t.castle), 0)
            p.append(f"@tracks.{idx}.castle: home castles on the {castles} tracks, left to "  # i18n: no (data file)
                     f"right; expected {list(CASTLE_ORDER)} ('players in turn mark the blue "
                     "castle (first player), followed by the yellow, orange, and finally the "
                     "pink castles')")
        for i, town in enumerate(self.towns):
            if town.colour not in seen and town.colour not in self.forbidden:
                p.append(f"@towns.{i}.colour: no {town.colour} success track for this town's "  # i18n: no (data file)
                         "scorings")
        shortest = min(len(t.spaces) for t in self.tracks)
        fl: dict[int, int] = {}
        for i, b in enumerate(self.banners):
            if b.fleurs in fl:
                p.append(f"@banners.{i}.fleurs: a second banner with {b.fleurs} fleurs-de-lis "  # i18n: no (data file)
                         f"(also banners record #{fl[b.fleurs] + 1})")
            fl.setdefault(b.fleurs, i)
            if b.height > shortest:
                p.append(f"@banners.{i}.height: {b.height} is above the shortest track "  # i18n: no (data file)
                         f"({shortest} spaces)")
        heights = [b.height for b in sorted(self.banners, key=lambda b: b.fleurs)]
        if heights != sorted(heights) or len(set(heights)) != len(heights):
            p.append("@banners: banners with more fleurs-de-lis must stand higher")  # i18n: no (data file)
        if self.game_end.spaces_in_every_track > shortest:
            p.append(f"@game_end.spaces_in_every_track: {self.game_end.spaces_in_every_track}"  # i18n: no (data file)
                     f" is more than the shortest track ({shortest} spaces)")
        if self.all_tracks_bonus and self.all_tracks_bonus.min_spaces > shortest:
            p.append(f"@all_tracks_bonus.min_spaces: {self.all_tracks_bonus.min_spaces} is "  # i18n: no (data file)
                     f"more than the shortest track ({shortest} spaces)")

    def _check_achievements(self, p: list[str]) -> None:
        colours = {t.colour for t in self.tracks}
        town_colours = {t.colour for t in self.towns}
        markable = self.markable
        banners = {b.fleurs for b in self.banners}
        bandits = sum(1 for s in self.specials if s.kind == "bandit")
        for i, a in enumerate(self.achievements):
            c, w = a.criterion, f"@achievements.{i}.criterion"
            if c.kind == "banner":
                if c.banner not in banners:
                    p.append(f"{w}.banner: no banner with {c.banner} fleurs-de-lis on this "  # i18n: no (data file)
                             f"sheet (banners: {sorted(banners)})")
                if c.track not in (None, "home") and c.track not in colours:
                    p.append(f"{w}.track: no {c.track} success track on this sheet")  # i18n: no (data file)
                if c.tracks is not None and c.tracks > len(self.tracks):
                    p.append(f"{w}.tracks: {c.tracks} tracks, but the sheet has "  # i18n: no (data file)
                             f"{len(self.tracks)}")
            if c.kind == "group_towns" and c.colour not in (None, "any"):
                have = sum(1 for t in self.towns if t.colour == c.colour)
                if c.colour not in town_colours or have < (c.count or 0):
                    p.append(f"{w}.count: {c.count} {c.colour} towns needed, the sheet has "  # i18n: no (data file)
                             f"{have}")
            if c.kind == "group_towns" and c.colour == "any":
                most = max(Counter(t.colour for t in self.towns).values())
                if (c.count or 0) > most:
                    p.append(f"{w}.count: {c.count} towns of one colour needed, the sheet has "  # i18n: no (data file)
                             f"at most {most} of a colour")
            if c.kind == "group_colours":
                for k, col in enumerate(c.colours or ()):
                    if col not in town_colours:
                        p.append(f"{w}.colours.{k}: no {col} town on this sheet")  # i18n: no (data file)
            if c.kind in ("mark_fields", "group_fields"):
                for k, h in enumerate(c.fields or ()):
                    if h not in markable:
                        p.append(f"{w}.fields.{k}: {list(h)} is neither a field nor a river "  # i18n: no (data file)
                                 "space of this sheet")
            if c.kind == "bandits" and (c.count or 0) > bandits:
                p.append(f"{w}.count: {c.count} bandits needed, the sheet shows {bandits}")  # i18n: no (data file)
        if not any(a.row == "top" for a in self.achievements):
            p.append("@achievements: no top-row achievement")  # i18n: no (data file)

    def _check_examples(self, p: list[str]) -> None:
        markable, towns = self.markable, self.town_hexes
        for i, e in enumerate(self.examples):
            w = f"@examples.{i}"
            for k, h in enumerate(e.marked):
                if h not in markable:
                    p.append(f"{w}.marked.{k}: {list(h)} is neither a field nor a river space")  # i18n: no (data file)
            if e.mark is not None and e.mark not in markable:
                p.append(f"{w}.mark: {list(e.mark)} is neither a field nor a river space")  # i18n: no (data file)
            for k, h in enumerate(e.scores):
                if h not in towns:
                    p.append(f"{w}.scores.{k}: {list(h)} is not a town")  # i18n: no (data file)
            if e.kind == "river_action":
                if e.river >= len(self.rivers):
                    p.append(f"{w}.river: no river #{e.river + 1} (rivers are counted from "  # i18n: no (data file)
                             "0 here)")
                elif e.river_marked >= len(self.rivers[e.river].spaces):
                    p.append(f"{w}.river_marked: the river has only "  # i18n: no (data file)
                             f"{len(self.rivers[e.river].spaces)} spaces")
                elif self.rivers[e.river].spaces[e.river_marked].action != e.action:
                    p.append(f"{w}.action: river space {e.river_marked + 1} shows "  # i18n: no (data file)
                             f"{self.rivers[e.river].spaces[e.river_marked].action!r}, not "
                             f"{e.action!r}")

    def _check_file_provenance(self, p: list[str]) -> None:
        p += file_provenance_problems(self.provenance, self.source,
                                      (r for _, r in self.records()), what="sheet",
                                      require_source=False)

    # -------------------------------------------------------------- queries
    @property
    def town_hexes(self) -> dict[Hex, str]:
        """``{hex: colour}`` of the towns."""
        return {t.at: t.colour for t in self.towns}

    @property
    def river_hexes(self) -> frozenset[Hex]:
        return frozenset(s.at for r in self.rivers for s in r.spaces)

    @property
    def fields(self) -> frozenset[Hex]:
        """The empty fields: kingdom hexes without a town, a river space or the bridge."""
        taken = set(self.town_hexes) | self.river_hexes
        if self.bridge is not None:
            taken.add(self.bridge.at)
        return self.kingdom.hexes - taken

    @property
    def markable(self) -> frozenset[Hex]:
        """Fields and river spaces (everything a player can mark)."""
        return self.fields | self.river_hexes

    def neighbouring_towns(self, h: Hex) -> list[Town]:
        """The towns next to ``h``."""
        ns = set(hexgrid.neighbours(h))
        return [t for t in self.towns if t.at in ns]

    def specials_at(self, h: Hex) -> list[Special]:
        return [s for s in self.specials if s.at == h]

    def track(self, colour: str) -> Track:
        for t in self.tracks:
            if t.colour == colour:
                return t
        raise KeyError(f"no {colour} track on sheet {self.number}")  # i18n: no (developers)

    def row(self, row: str) -> tuple[Achievement, ...]:
        """The ``top`` or ``bottom`` achievements, left to right."""
        return tuple(a for a in self.achievements if a.row == row)

    def records(self) -> Iterator[tuple[str, Sourced]]:
        """Every record with its kind (the sheet itself first)."""
        yield "sheet", self
        for name in SINGLE:
            rec = getattr(self, name)
            if rec is not None:
                yield name, rec
        for section in SECTIONS:
            for rec in getattr(self, section):
                yield section, rec

    def provenance_summary(self) -> dict[str, int]:
        """Records per provenance (spaces are parts of their river or track)."""
        return provenance_counts(r for _, r in self.records())

    def provenance_by_kind(self) -> dict[str, dict[str, int]]:
        return provenance_by_kind(self.records())

    def digest(self) -> str:
        """SHA-256 of the sheet's content (provenance, sources, notes, texts left out)."""
        return _digest(self)

    def render(self) -> str:
        """An ASCII picture: towns by colour letter (B Y O P W), ``~`` river spaces, ``=``
        the bridge, ``x`` bandit, ``*`` star, ``$`` trade good, ``^`` crown, ``!`` action
        field, ``.`` empty field."""
        marks: dict[Hex, str] = {h: "." for h in self.kingdom.hexes}
        for s in self.specials:
            marks[s.at] = {"bandit": "x", "star": "*", "trade_good": "$", "crown": "^",
                           "action": "!"}[s.kind]
        for h in self.river_hexes:
            marks[h] = "~"
        if self.bridge is not None:
            marks[self.bridge.at] = "="
        for t in self.towns:
            marks[t.at] = t.colour[0].upper()
        width = max(x for x, _ in marks) + 1
        height = max(y for _, y in marks) + 1
        lines = []
        for y in range(height):
            lines.append("".join(marks.get((x, y), " ") for x in range(width)).rstrip())
        return "\n".join(lines)


# ==================================================================== the dice
class Face(Sourced):
    """A die face: its ``colour``, the town type it stands for (``theme``) and ``icon``."""

    colour: FaceColour
    theme: Name
    icon: bool = True


class Die(Sourced):
    """The dice: ``count`` identical dice with ``faces`` (colours, one per face)."""

    count: int = Field(ge=1, le=20)
    faces: tuple[FaceColour, ...] = Field(min_length=2)


class DiceSet(Sourced):
    """``dice.toml``: the die and the meaning of each face colour."""

    dice: Die
    faces: tuple[Face, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _consistent(self) -> DiceSet:
        p = []
        seen: dict[str, int] = {}
        for i, f in enumerate(self.faces):
            if f.colour in seen:
                p.append(f"@faces.{i}.colour: {f.colour!r} is also faces record "  # i18n: no (data file)
                         f"#{seen[f.colour] + 1}")
            seen.setdefault(f.colour, i)
        for k, c in enumerate(self.dice.faces):
            if c not in seen:
                p.append(f"@dice.faces.{k}: no [[faces]] record for {c!r}")  # i18n: no (data file)
        if "black" in self.dice.faces and next(
                (f.icon for f in self.faces if f.colour == "black"), False):
            p.append(f"@faces.{seen['black']}.icon: the black face shows no icon")  # i18n: no (data file)
        low = weakest(r.provenance for r in (self.dice, *self.faces))
        if _STRENGTH[self.provenance] > _STRENGTH[low]:
            p.append(f"@provenance: the file says {self.provenance!r} but holds {low!r} "  # i18n: no (data file)
                     "records")
        if p:
            raise ValueError("\n".join(p))
        return self

    def records(self) -> Iterator[tuple[str, Sourced]]:
        yield "dice", self.dice
        for f in self.faces:
            yield "faces", f

    def provenance_summary(self) -> dict[str, int]:
        return provenance_counts(r for _, r in self.records())

    def face(self, colour: str) -> Face:
        for f in self.faces:
            if f.colour == colour:
                return f
        raise KeyError(f"no {colour} face")  # i18n: no (developers)

    def digest(self) -> str:
        return _digest(self)


# ==================================================================== loading
def _digest(model: BaseModel) -> str:
    return content_digest(model, META_FIELDS)


_LIST_SECTIONS = SECTIONS + ("faces",)


def _label(section: str, rec: Any) -> str:
    if not isinstance(rec, dict):
        return ""
    for key in ("name", "colour", "kind", "at", "fleurs"):
        if key in rec:
            parts = [f"{key}={rec[key]!r}"]
            if key == "kind" and "at" in rec:
                parts.append(f"at={rec['at']!r}")
            if key == "colour" and "at" in rec:
                parts.append(f"at={rec['at']!r}")
            return f" ({', '.join(parts)})"
    return ""


def describe_errors(exc: ValidationError, data: Any, source: str) -> str:
    """One line per problem: ``FILE: SECTION record #N (label), field F: message``, e.g.
    ``towns record #3 (colour='pink', at=[4, 2]), field 'at'``; single tables as
    ``[kingdom]`` (:func:`regalia.core.data.describe_errors`)."""
    return core_data.describe_errors(exc, data, source, sections=_LIST_SECTIONS,
                                     label=_label, single=(*SINGLE, "dice"))


def sheet_path(number: int) -> Path:
    """The bundled file of sheet ``number`` (1 to 4)."""
    if type(number) is not int or number not in SHEET_NUMBERS:
        raise DataError(_("Cascadito has play sheets {numbers}, not {value}").format(
            numbers=list(SHEET_NUMBERS), value=repr(number)))
    return SHEETS_DIR / f"sheet{number}.toml"


def load_sheet(sheet: int | str | Path = 1) -> Sheet:
    """A play sheet: a bundled one by number (1-4) or a file by path.

    Raises:
        DataError: one line per problem, each naming the file, the record and the field.
    """
    if isinstance(sheet, int) and not isinstance(sheet, bool):
        return _bundled_sheet(sheet_path(sheet))
    if not isinstance(sheet, (str, Path)):
        raise DataError(_("a play sheet is a number {numbers} or a file path, not {value}").format(
            numbers=list(SHEET_NUMBERS), value=repr(sheet)))
    return _load(Sheet, sheet)


def load_dice(path: str | Path | None = None) -> DiceSet:
    """The dice (default: the bundled ``data/dice.toml``). Raises :class:`DataError`."""
    if path is None:
        return _bundled_dice()
    return _load(DiceSet, path)


_M = TypeVar("_M", bound=BaseModel)


def _load(model: type[_M], path: str | Path) -> _M:
    return load_validated(model, path, describe_errors)


@cache
def _bundled_sheet(path: Path) -> Sheet:
    return _load(Sheet, path)


@lru_cache(maxsize=1)
def _bundled_dice() -> DiceSet:
    return _load(DiceSet, DEFAULT_DICE)


def load_all() -> tuple[Sheet, ...]:
    """The four bundled sheets."""
    return tuple(load_sheet(n) for n in SHEET_NUMBERS)


def provenance_summary() -> dict[str, int]:
    """Records per provenance of the bundled data (the four sheets and the dice)."""
    recs = [r for s in load_all() for _, r in s.records()]
    recs += [r for _, r in load_dice().records()]
    return provenance_counts(recs)


def digest() -> str:
    """SHA-256 over the bundled sheets' and dice's digests."""
    parts = [s.digest() for s in load_all()] + [load_dice().digest()]
    return hashlib.sha256(";".join(parts).encode()).hexdigest()


__all__ = [
    "ACTIONS", "CASTLE_ORDER", "CRITERIA", "DEFAULT_DICE", "FACE_COLOURS", "SHEET_NUMBERS",
    "SPECIAL_KINDS", "TOWN_COLOURS", "Achievement", "AllTracksBonus", "BanditTrack",
    "Banner", "Bridge", "Criterion", "DiceSet", "Die", "Example", "Face", "GameEnd",
    "Kingdom", "River", "RiverSpace", "Sheet", "Solo", "Sourced", "Special", "Town", "Track",
    "TrackSpace", "describe_errors", "digest", "load_all", "load_dice", "load_sheet",
    "provenance_summary", "sheet_path",
]
