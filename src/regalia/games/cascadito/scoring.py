"""Cascadito end-of-game scoring of one play sheet, as pure functions of what is on it.

Rules source: ``shared/rules/cascadito.rulebook.en.txt``, section "Scoring" (and the play
sheets' sections: "Play Sheet 2, Raiding bandits", "Play Sheet 4, Game End"). The engine
(:meth:`.state.CascaditoState.breakdown` and ``player_score``) and the scoring assistant
(:mod:`.textformat`) both score through this module; it reads only :class:`SheetFacts`,
never a game state.

Scoring, in the rulebook's order:

1. "For each Achievement claimed on the top row, you score the Victory points indicated"
   (sheet 4: 8 for the first claimant, 5 for later ones);
2. "On play sheets 3 and 4, for each Achievement claimed on the bottom row, score the
   indicated number of Victory points";
3. "For each success track, score Victory points as indicated next to the highest space
   you have marked", the higher home-castle value for a full home track;
4. "On play sheets 1 and 3, ... additional Victory points ... if you crossed out at least
   3 spaces in each of the success tracks";
5. the river: "On play sheets 1 and 2, ... the highest point score your marked spaces have
   reached on the river. On play sheet 3, ... 10 Victory points for each ship that has
   reached the end of the river at the low bridge";
6. sheet 2: "the Victory points shown next to the highest space you have marked on the
   raiding bandit track";
7. sheet 4: "If the player completed all of the top row achievements, then they also gain
   5 bonus points".
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple, Sequence

from regalia.core.breakdown import Breakdown, ScoreItem

from regalia.core.i18n import _

from .components import TOWN_COLOURS
from .wording import colour_stem, text as data_text

if TYPE_CHECKING:
    from .tables import SheetTables

#: Per-achievement claim codes of :attr:`SheetFacts.claims`.
UNCLAIMED, CLAIMED, CLAIMED_LATER = 0, 1, 2


class SheetFacts(NamedTuple):
    """Everything on one sheet that scores (a named tuple: the engine builds one per
    ``player_score`` call).

    Attributes:
        tracks: spaces marked per success track (0 = none), in the sheet's left-to-right
            track order (:attr:`.tables.SheetTables.tracks`).
        home: the index of the track under the player's home castle (-1: none).
        rivers: spaces marked per river, in the sheet's river order.
        bandits: spaces crossed off on the raiding-bandit track (sheet 2; else 0).
        claims: per achievement (the sheet's order: top row, then bottom row, each left to
            right) :data:`UNCLAIMED`, :data:`CLAIMED`, or :data:`CLAIMED_LATER` (a top-row
            achievement of sheet 4 claimed after another player: its smaller reward).
        top_row_bonus: the sheet-4 bonus for the whole top row (0 when not earned).
    """

    tracks: tuple[int, ...]
    home: int
    rivers: tuple[int, ...]
    bandits: int
    claims: tuple[int, ...]
    top_row_bonus: int = 0


def track_points(t: SheetTables, k: int, height: int, home: int) -> int:
    """Points of track ``k`` with ``height`` spaces marked: the value beside the highest
    marked space; the home-castle value when it is the full home track ("Scoring")."""
    if height == 0:
        return 0
    if height == t.track_len[k] and k == home and t.track_home[k]:
        return t.track_home[k]
    return t.track_points[k][height - 1]


def river_points(t: SheetTables, r: int, marked: int) -> int:
    """Points of river ``r`` with ``marked`` spaces: sheets 1-2 the highest value reached,
    sheet 3 the ship's points once it reaches the low bridge ("Scoring")."""
    riv = t.rivers[r]
    if riv.scoring == "highest":
        return max(t.river_points[r][:marked], default=0)
    return riv.ship_points if marked == t.river_len[r] else 0


def bandit_points(t: SheetTables, crossed: int) -> int:
    """Points beside the highest crossed space of the raiding-bandit track (sheet 2)."""
    nb = min(crossed, len(t.bandit_points))
    return t.bandit_points[nb - 1] if nb else 0


def achievement_points(t: SheetTables, a: int, claim: int) -> int:
    """Points of achievement ``a`` for a claim code (0 when unclaimed)."""
    if claim == UNCLAIMED:
        return 0
    ach = t.achievements[a]
    if claim == CLAIMED_LATER and ach.later_points is not None:
        return ach.later_points
    return ach.points


def all_tracks_bonus(t: SheetTables, tracks: Sequence[int]) -> int:
    """Sheets 1 and 3: the bonus for at least ``min_spaces`` spaces in every track."""
    b = t.bonus
    return b.points if b and all(h >= b.min_spaces for h in tracks) else 0


def sheet_total(t: SheetTables, f: SheetFacts) -> int:
    """The sheet's total (the sum of :func:`score_steps`), computed without the steps (the
    engine's fast path: greedy play calls it once per legal action)."""
    home = f.home
    total = 0
    full = True
    b = t.bonus
    for k, h in enumerate(f.tracks):
        if h:
            if h == t.track_len[k] and k == home and t.track_home[k]:
                total += t.track_home[k]
            else:
                total += t.track_points[k][h - 1]
        if b is not None and h < b.min_spaces:
            full = False
    if b is not None and full:
        total += b.points
    for r, n in enumerate(f.rivers):
        if n:
            total += river_points(t, r, n)
    nb = min(f.bandits, len(t.bandit_points))
    if nb:
        total += t.bandit_points[nb - 1]
    for a, c in enumerate(f.claims):
        if c:
            total += achievement_points(t, a, c)
    return total + f.top_row_bonus


def _achievement_label(t: SheetTables, a: int) -> str:
    row = t.top if a in t.top else t.bottom
    return f"{'top' if a in t.top else 'bottom'} {row.index(a) + 1}"


def score_steps(t: SheetTables, f: SheetFacts) -> list[ScoreItem]:
    """The scoring of one sheet step by step, in the rulebook's order (module docstring):
    every claimed achievement, every success track, the all-tracks bonus (sheets 1, 3),
    each river (sheets 1-3), the bandit track (sheet 2), the top-row bonus (sheet 4).
    Steps that a sheet does not have are left out; tracks and rivers are always listed."""
    out: list[ScoreItem] = []
    for row, key in ((t.top, "top_row"), (t.bottom, "bottom_row")):
        for a in row:
            c = f.claims[a]
            if not c:
                continue
            ach = t.achievements[a]
            pts = achievement_points(t, a, c)
            how = data_text(ach.text).rstrip(".")
            if ach.later_points is not None:
                how += (_("; claimed after another player: the smaller reward")
                        if c == CLAIMED_LATER else _("; claimed first"))
            elif not ach.points:
                how += _("; its reward is an action, no points")
            out.append(ScoreItem(key, _achievement_label(t, a), pts, how))
    for k, h in enumerate(f.tracks):
        colour = TOWN_COLOURS[t.track_colour[k]]
        pts = track_points(t, k, h, f.home)
        if h == 0:
            how = _("no space marked")
        elif h == t.track_len[k] and k == f.home and t.track_home[k]:
            how = _("all {n} spaces marked under your home castle: the higher value").format(n=h)
        else:
            how = _("highest marked space {n} of {total}").format(n=h, total=t.track_len[k])
            if k == f.home:
                how += _("; your home castle's track")
        out.append(ScoreItem("tracks", _("{colour} track").format(colour=colour_stem(colour)),
                             pts, how, {"colour": colour}))
    if t.bonus is not None:
        low = min(f.tracks) if f.tracks else 0
        met = low >= t.bonus.min_spaces
        out.append(ScoreItem("all_tracks", _("all tracks bonus"), all_tracks_bonus(t, f.tracks),
                             (_("at least {n} spaces in every track: yes (lowest track {low})")
                              if met else
                              _("at least {n} spaces in every track: no (lowest track {low})")
                              ).format(n=t.bonus.min_spaces, low=low)))
    for r, riv in enumerate(t.rivers):
        n = f.rivers[r]
        name = data_text(riv.name if len(t.rivers) > 1 else "river")  # i18n: no (data key)
        if riv.scoring == "highest":
            how = (_("{n} of {total} spaces marked; the highest value reached").format(
                n=n, total=t.river_len[r]) if n else _("no space marked"))
        elif n == t.river_len[r]:
            how = _("{n} of {total} spaces marked; the ship reached the low bridge").format(
                n=n, total=t.river_len[r])
        else:
            how = _("{n} of {total} spaces marked; the ship did not reach the low bridge").format(
                n=n, total=t.river_len[r])
        out.append(ScoreItem("river", name, river_points(t, r, n), how))
    if t.bandit_points:
        out.append(ScoreItem("bandits", _("raiding bandits"), bandit_points(t, f.bandits),
                             _("{n} of {total} spaces crossed off").format(
                                 n=f.bandits, total=len(t.bandit_points))))
    if t.end.top_row_bonus and f.top_row_bonus:
        out.append(ScoreItem("top_row_bonus", _("whole top row"), f.top_row_bonus,
                             _("every top-row achievement claimed: bonus")))
    return out


def breakdown(t: SheetTables, f: SheetFacts) -> Breakdown:
    """The sheet's score itemised as :meth:`.state.CascaditoState.breakdown` returns it:
    the items of :func:`score_steps` (keys ``top_row``, ``bottom_row``, ``tracks`` (facts
    ``colour``), ``all_tracks``, ``river``, ``bandits``, ``top_row_bonus``); its total is
    :func:`sheet_total`."""
    return Breakdown(tuple(score_steps(t, f)))


def tracks_of(bd: Breakdown) -> dict[str, float]:
    """Points per track colour of a :func:`breakdown`, in track order."""
    return {i.facts["colour"]: i.points for i in bd.of("tracks")}


__all__ = ["SheetFacts", "tracks_of", "UNCLAIMED", "CLAIMED", "CLAIMED_LATER", "breakdown",
           "score_steps", "sheet_total", "track_points", "river_points", "bandit_points",
           "achievement_points", "all_tracks_bonus"]
