"""Cascadito's scoring pad (``/score``; the contract is :mod:`regalia.core.pad`).

Each player's play sheet as the web table draws it: tap the hex map to mark fields and
river spaces, the success tracks (and sheet 2's bandit track) to set how far they are
marked, the achievements to claim them; pick the home castle. The position is the score
text of :mod:`.textformat` (``regalia score cascadito FILE``): every edit is read back by
:func:`.textformat.parse_text` and :func:`.textformat.settle`, so the pad refuses exactly
what they refuse (a track level beyond the top, a castle already taken, a top-row
achievement claimed by two players), and warns where they warn.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from regalia.core import pad as P
from regalia.core.errors import NotationError, ParameterError
from regalia.core.i18n import _, ngettext

from .components import CASTLE_ORDER, SHEET_NUMBERS, TOWN_COLOURS
from .help import book
from .wording import text as data_text
from .paddraw import achievements_svg, map_svg, tracks_svg
from .scoring import CLAIMED, CLAIMED_LATER, UNCLAIMED, SheetFacts
from .tables import SheetTables
from .textformat import facts_to_text, parse_text, settle, sheet_tables, winner

TITLE = "Cascadito"
OPS = ("field", "river", "track", "bandits", "claim", "castle", "solo", "name",
       "add_player", "remove_player")
#: The largest number an edit carries; the parser then checks it against the sheet.
MAX_VALUE = 99
CLAIM_VALUES = {"none": UNCLAIMED, "first": CLAIMED, "later": CLAIMED_LATER}
def _sections() -> dict[str, str]:
    """The rulebook section of each scoring item (the book's name in the language in force;
    the sections are the English rulebook's)."""
    return {"top_row": f"{book()}, Achievements; Scoring",
            "bottom_row": f"{book()}, Achievements; Scoring",
            "tracks": f"{book()}, Scoring (success tracks)",  # i18n: no (section of the book)
            "all_tracks": f"{book()}, Play Sheets 1 and 3, bonus",
            "river": f"{book()}, Rivers; Scoring",
            "bandits": f"{book()}, Play Sheet 2, Raiding bandits",  # i18n: no (section of the book)
            "top_row_bonus": f"{book()}, Play Sheet 4, Game End"}


def _tie_break() -> str:
    return _("The most points wins; ties are broken in favour of the player whose home castle "
             "is furthest to the right (blue, yellow, orange, pink from left to right).")


@dataclass
class _Sheet:
    name: str
    castle: str
    tracks: list[int]
    rivers: list[int]
    bandits: int
    claims: list[int]
    #: marked fields (cell indices; river spaces are counted in ``rivers``)
    marked: set[int]
    solo: bool


@dataclass
class _Pad:
    tables: SheetTables
    sheets: list[_Sheet]


def setup() -> list[dict[str, Any]]:
    """The play sheet (1 to 4, each a reconstruction) and the players (1 to 4)."""
    sheets = [{"value": n, "label": f"{n}: {data_text(sheet_tables(n).sheet.title)}"} for n in SHEET_NUMBERS]
    return [{"name": "sheet", "label": _('Play sheet (reconstructed)'), "default": 1,
             "options": sheets},
            {"name": "players", "label": _("Players"), "default": 2,
             "options": [{"value": n, "label": "1 (solo)" if n == 1 else str(n)}
                         for n in range(1, len(CASTLE_ORDER) + 1)]}]


def new(choices: Mapping[str, Any]) -> str:
    """Blank sheets of ``players`` players on play sheet ``sheet``, castles in the
    rulebook's order.

    Raises:
        ParameterError: another sheet or count.
    """
    number, n = choices.get("sheet", 1), choices.get("players", 2)
    if type(number) is not int or number not in SHEET_NUMBERS:
        raise ParameterError(_('sheet: the play sheet, 1, 2, 3 or 4'))
    if type(n) is not int or not 1 <= n <= len(CASTLE_ORDER):
        raise ParameterError(_("players: 1 to {n}").format(n=len(CASTLE_ORDER)))
    t = sheet_tables(number)
    return _write(_Pad(t, [_blank(t, f"Player {k + 1}", CASTLE_ORDER[k], n == 1)
                           for k in range(n)]))


def _blank(t: SheetTables, name: str, castle: str, solo: bool = False) -> _Sheet:
    return _Sheet(name, castle, [0] * t.num_tracks, [0] * t.num_rivers, 0,
                  [UNCLAIMED] * t.num_achievements, set(), solo)


def _read(text: str) -> _Pad:
    t, players = parse_text(text, source=P.SOURCE)
    scored = settle(t, players)
    sheets = []
    for ps, s in zip(players, scored.scores):
        f = s.facts
        marked = {i for i in (ps.marked or ()) if t.river_of[i] < 0}
        sheets.append(_Sheet(s.name, s.castle, list(f.tracks), list(f.rivers), f.bandits,
                             list(f.claims), marked, ps.solo))
    return _Pad(t, sheets)


def _write(pad: _Pad) -> str:
    t = pad.tables
    parts = [f"# Cascadito, play sheet {t.number} ({t.sheet.title}), entered on the scoring "  # i18n: no (record)
             f"pad\nsheet {t.number}\n"]
    for s in pad.sheets:
        home = t.track_colour.index(TOWN_COLOURS.index(s.castle)) \
            if TOWN_COLOURS.index(s.castle) in t.track_colour else -1
        facts = SheetFacts(tuple(s.tracks), home, tuple(s.rivers), s.bandits,
                           tuple(s.claims), 0)
        marked = None
        if s.marked:   # the fields, and the river spaces marked (the parser compares them)
            cells = sorted(s.marked) + [c for r, n in enumerate(s.rivers)
                                        for c in t.river_cells[r][:n]]
            marked = [t.names[c] for c in cells]
        parts.append(facts_to_text(t, facts, name=s.name, castle=s.castle, marked=marked,
                                   solo=s.solo, sheet_line=False))
    return "\n".join(parts)


def _checked(pad: _Pad) -> str:
    text = _write(pad)
    try:
        settle(*parse_text(text, source=P.SOURCE))
    except NotationError as exc:
        raise NotationError(P.refusal(exc)) from None
    return text


def _achievement(t: SheetTables, word: Any) -> int:
    if isinstance(word, str):
        row, _sep, num = word.partition(" ")
        idx = t.top if row == "top" else t.bottom if row == "bottom" else ()
        if num.isdigit() and 1 <= int(num) <= len(idx):
            return idx[int(num) - 1]
    rows = _('top 1 to top {n}').format(
        n=len(t.top)) + (_(', bottom 1 to bottom {n}').format(n=len(t.bottom))
                                            if t.bottom else "")
    raise NotationError(_('sheet {number} has no achievement {value} ({rows})').format(
        number=t.number, value=repr(str(word)[:20]), rows=rows))


def edit(text: str, change: Mapping[str, Any]) -> str:
    """The text after one edit (``op``: ``field`` {player, cell: "c5"} marks or clears a
    field; ``river`` {player, river, value}; ``track`` {player, track: colour, value};
    ``bandits`` {player, value}; ``claim`` {player, achievement: "top 2", value: none,
    first or later}; ``castle`` {player, colour}; ``solo`` {player, on}; ``name``;
    ``add_player``; ``remove_player``).

    Raises:
        NotationError: a malformed edit or one the score format refuses (what is wrong and
            what is allowed).
    """
    op = P.op_of(change, OPS)
    pad = _read(text)
    t = pad.tables
    n = len(pad.sheets)
    if op == "add_player":
        if n >= len(CASTLE_ORDER):
            raise NotationError(_('Cascadito is for 1 to {n} players').format(n=len(CASTLE_ORDER)))
        free = [c for c in CASTLE_ORDER if c not in {s.castle for s in pad.sheets}]
        taken = {s.name for s in pad.sheets}
        name = next(f"Player {k}" for k in range(n + 1, n + 6) if f"Player {k}" not in taken)
        for s in pad.sheets:
            s.solo = False
        pad.sheets.append(_blank(t, name, free[0]))
        return _checked(pad)
    s = pad.sheets[P.player_index(change, n)]
    if op == "field":
        cell = t.name_index.get(str(change.get("cell"))[:8].lower())
        if cell is None or t.river_of[cell] >= 0 or not t.fields_mask >> cell & 1:
            raise NotationError(_('{value} is no field of sheet {number} (fields are named by row '
                                  'letter and position, e.g. c5; river spaces are marked in order)').format(
                value=repr(str(change.get('cell'))[:8]), number=t.number))
        s.marked ^= {cell}
    elif op == "river":
        if not t.num_rivers:
            raise NotationError(_('sheet {number} has no river').format(number=t.number))
        k = P.number(change, "river", 0, t.num_rivers - 1)
        s.rivers[k] = P.number(change, "value", 0, MAX_VALUE)   # the parser checks the length
    elif op == "track":
        colours = [TOWN_COLOURS[c] for c in t.track_colour]
        k = colours.index(P.choice(change, "track", colours))
        s.tracks[k] = P.number(change, "value", 0, MAX_VALUE)
    elif op == "bandits":
        if not t.bandit_points:
            raise NotationError(_('sheet {number} has no raiding bandit track (sheet 2 has)').format(
                number=t.number))
        s.bandits = P.number(change, "value", 0, MAX_VALUE)
    elif op == "claim":
        a = _achievement(t, change.get("achievement"))
        code = CLAIM_VALUES[P.choice(change, "value", tuple(CLAIM_VALUES))]
        if code == CLAIMED_LATER and not t.ach_later[a]:
            raise NotationError(_("only sheet 4's top-row achievements are claimed 'later' (for "
                                  "the smaller reward)"))
        s.claims[a] = code
    elif op == "castle":
        s.castle = P.choice(change, "colour", CASTLE_ORDER)
    elif op == "solo":
        s.solo = P.field(change, "on", bool, _('true or false'))
    elif op == "name":
        s.name = P.player_name(change, [x.name for x in pad.sheets if x is not s])
    else:
        if n == 1:
            raise NotationError(_('the last sheet stays: enter at least one'))
        pad.sheets.remove(s)
    return _checked(pad)


def view(text: str, focus: str | None = None) -> dict[str, Any]:
    """The pad's view of ``text`` (:mod:`regalia.core.pad`): each player's sheet (map,
    tracks, achievements; every tap is an edit, so there is no menu), the castle and solo
    choices, the scores with the castle tie-break.

    Raises:
        NotationError: a text the score format refuses, or any focus (this pad has none).
    """
    if focus is not None:
        raise NotationError(_('the Cascadito pad has no menus: every tap marks or claims'))
    pad = _read(text)
    t = pad.tables
    scored = settle(*parse_text(text, source=P.SOURCE))
    n = len(pad.sheets)
    parts = []
    for i, s in enumerate(pad.sheets):
        castles = [P.option(c, {"op": "castle", "player": i, "colour": c},
                            selected=c == s.castle) for c in CASTLE_ORDER]
        own = [P.group(_("Name"), [P.option(_("Rename"), {"op": "name", "player": i})], kind="name",
                       value=s.name),
               P.group(_('Home castle'), castles)]
        if n == 1:
            own.append(P.group(_('Solo game'), [P.option(
                _('Solo game'), {"op": "solo", "player": i, "on": not s.solo},
                selected=s.solo)], kind="toggle"))
        else:
            own.append(P.group("", [P.option(_("Remove {name}").format(name=s.name),
                                             {"op": "remove_player", "player": i})],
                               kind="buttons"))
        parts.append({"id": f"s{i}", "title": s.name, "controls": own,
                      "boards": [map_svg(t, i, s.name, s.marked, s.rivers),
                                 tracks_svg(t, i, s.name, s.tracks, s.bandits, s.castle),
                                 achievements_svg(t, i, s.name, s.claims)]})
    controls = []
    if n < len(CASTLE_ORDER):
        controls.append(P.group("Players", [P.option("Add a player", {"op": "add_player"})],
                                kind="buttons"))
    sc = scored.scores
    keys = [(x.total, CASTLE_ORDER.index(x.castle)) for x in sc]
    players = [P.player_score(x.name, x.breakdown, _sections(), (x.total, x.castle), x.warnings)
               for x in sc]
    sheet = t.sheet
    return {"text": text,
            "title": ngettext("Cascadito, play sheet {number} “{title}”, {n} player",
                              "Cascadito, play sheet {number} “{title}”, {n} players", n).format(
                number=t.number, title=data_text(sheet.title), n=n),
            "notes": [_("Play sheet {number} is the project's reconstruction, not the printed "
                        "sheet: the printed sheets are not public. Check the points beside the "
                        "tracks and rivers against your sheet.").format(number=t.number)
                      if sheet.provenance == "reconstructed" else
                      _('Play sheet {number}: data provenance {provenance}.').format(
                          number=t.number, provenance=sheet.provenance)],
            "controls": controls, "parts": parts, "menu": None,
            "score": P.score(players, P.ranks(keys), winner(scored)[1] + ".",
                             (_("points"), _("home castle")), _tie_break(),
                             f"{book()}, Scoring")}


__all__ = ["TITLE", "setup", "new", "view", "edit"]
