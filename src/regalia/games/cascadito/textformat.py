"""Cascadito play sheets as text, for ``regalia score cascadito FILE...`` (the scoring
assistant); the questions of ``--interactive`` are in :mod:`.interview`.

The format is documented in ``docs/games/cascadito-score-format.md``. In short, one
statement per line, ``#`` starts a comment:

.. code-block:: text

    sheet 2                         # the play sheet, 1 to 4
    player Anna                     # a new player's sheet (optional with one sheet)
    castle yellow                   # home castle: blue, yellow, orange or pink
    tracks blue 3 yellow 7 pink 2   # spaces marked per success track (others: 0)
    river 6                         # spaces marked on the river (sheet 3: river west 5)
    bandits 5                       # spaces crossed off on the bandit track (sheet 2)
    claimed top 1, top 4, bottom 2  # achievements claimed (sheet 4: top 2 later)
    marked c5 c6 d3                 # optional: the marked fields and river spaces
    solo                            # the sheet of a solo game

Scoring is the engine's (:mod:`.scoring`), in the rulebook's order ("Scoring"); the winner
is the player with the most points, ties "broken in favor of the player whose home castle
is furthest to the right". A text that breaks the format raises
:class:`~regalia.core.errors.NotationError` listing every problem as
``SOURCE:LINE:COLUMN: message``; what only disagrees with the bundled sheet data (which
is a reconstruction of the printed sheet) is a warning, and the sheet is still scored.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from regalia.core.breakdown import Breakdown
from regalia.core.errors import NotationError
from regalia.core.i18n import _
from regalia.core.textlines import (Problems, Statement, Word, check_size, digits, statements,
                                   whole)

from .components import CASTLE_ORDER, SHEET_NUMBERS, TOWN_COLOURS
from .wording import colour, colour_stem, text as data_text
from .scoring import CLAIMED, CLAIMED_LATER, UNCLAIMED, SheetFacts
from .scoring import breakdown as sheet_breakdown
from .tables import (ACH_BANDITS, ACH_BANNER, ACH_BANNERS, ACH_GROUP_FIELDS, ACH_MARK,
                     SheetTables)

if TYPE_CHECKING:
    from .state import CascaditoState

KEYWORDS = ("sheet", "player", "castle", "track", "tracks", "river", "bandits", "claimed",
            "claim", "marked", "solo")
ROW_WORDS = {"top": "top", "t": "top", "bottom": "bottom", "b": "bottom"}


def sheet_tables(sheet: int | None = None, data: str | Path | None = None) -> SheetTables:
    """The tables of a bundled play sheet (1-4) or of a sheet file (``data``).

    Raises:
        ParameterError, DataError: as :class:`.rules.CascaditoGame`.
    """
    from .rules import CascaditoGame
    return CascaditoGame(players=1, sheet=sheet, data=data).tables


@dataclass
class PlayerSheet:
    """One player's sheet as written (before the castles of all sheets are settled).

    Attributes:
        name: the name for the report (``player NAME``; default ``player K``).
        castle: the home castle colour, or None when not written.
        tracks: spaces marked per track index (missing: 0).
        rivers: spaces marked per river index (None: not written).
        bandits: spaces crossed off on the bandit track (None: not written).
        claims: achievement index -> claim code (:data:`.scoring.CLAIMED` or
            :data:`.scoring.CLAIMED_LATER`).
        marked: the marked cell indices (None: no ``marked`` line).
        solo: the sheet of a solo game.
        source, line: where the sheet starts (for messages).
        claim_at: achievement index -> (line, column) of its claim.
        castle_at: (line, column) of the castle's colour.
    """

    name: str
    source: str
    line: int
    castle: str | None = None
    tracks: dict[int, int] = field(default_factory=dict)
    rivers: dict[int, int] = field(default_factory=dict)
    bandits: int | None = None
    claims: dict[int, int] = field(default_factory=dict)
    marked: list[int] | None = None
    solo: bool = False
    claim_at: dict[int, tuple[int, int]] = field(default_factory=dict)
    castle_at: tuple[int, int] = (0, 0)


@dataclass(frozen=True)
class SheetScore:
    """The scoring of one player's sheet: ``breakdown`` (:func:`.scoring.breakdown`, the
    steps in the rulebook's order) and its ``total``, ``warnings`` (the sheet disagrees with the sheet data; the score stands), ``solo``
    (the sheet of a solo game)."""

    name: str
    castle: str
    facts: SheetFacts
    breakdown: Breakdown
    warnings: tuple[str, ...] = ()
    solo: bool = False

    @property
    def total(self) -> float:
        return self.breakdown.total


@dataclass(frozen=True)
class ScoredSheets:
    """Every sheet of the files scored: the tables, the scores in file order."""

    tables: SheetTables
    scores: tuple[SheetScore, ...]

    @property
    def solo(self) -> bool:
        return len(self.scores) == 1


# ---------------------------------------------------------------------- parsing
def _achievement(t: SheetTables, row: str, num: int) -> int | None:
    idx = t.top if row == "top" else t.bottom
    return idx[num - 1] if 1 <= num <= len(idx) else None


def _rows_text(t: SheetTables) -> str:
    text = _('top 1 to top {n}').format(n=len(t.top))
    if t.bottom:
        text += _(', bottom 1 to bottom {n}').format(n=len(t.bottom))
    return text


def _track_names(t: SheetTables) -> str:
    return ", ".join(TOWN_COLOURS[c] for c in t.track_colour)


class _Parser:
    def __init__(self, text: str, source: str, sheet: int | None, data: str | Path | None,
                 first_player: int):
        self.text, self.source, self.data = text, source, data
        self.p = Problems(source)
        self.tables: SheetTables | None = None
        self.sheet_no = sheet
        self.players: list[PlayerSheet] = []
        self.first_player = first_player
        self.seen: dict[str, int] = {}
        #: a sheet started without a 'player' line (only allowed for a single sheet)
        self.implicit = False

    def err(self, st: Statement | Word | tuple[int, int], msg: str, line: int = 0) -> None:
        if isinstance(st, Statement):
            self.p.add(st.line, st.col, msg)
        elif isinstance(st, Word):
            self.p.add(line, st.col, msg)
        else:
            self.p.add(st[0], st[1], msg)

    def run(self) -> tuple[SheetTables, list[PlayerSheet]]:
        check_size(self.text, self.source)
        stmts = list(statements(self.text, commas=True))
        sheet_st = [s for s in stmts if s.head == "sheet"]
        for s in sheet_st[1:]:
            self.err(s, _("a second 'sheet' line (the first is line {line}); every player uses "
                          "the same sheet").format(line=sheet_st[0].line))
        number = None
        if sheet_st:
            s = sheet_st[0]
            n = whole(s.words[1]) if len(s.words) == 2 else None
            if n is None or n not in SHEET_NUMBERS:
                self.err(s, _("expected 'sheet N': the play sheet, 1, 2, 3 or 4"))
            else:
                number = n
            before = [x for x in stmts if x.line < s.line]
            if before:
                self.err(s, _("'sheet' must come first (line {line} comes before it)").format(
                    line=before[0].line))
        if number is None and self.sheet_no is None and self.data is None:
            if not sheet_st:
                line = stmts[0].line if stmts else 1
                self.p.add(line, 1, _("no 'sheet N' line: say which play sheet (1 to 4) first"))
            self.p.raise_if_any()
        if self.data is not None:
            self.tables = sheet_tables(None, self.data)
            if number is not None and number != self.tables.number:
                self.err(sheet_st[0], _("'sheet {number}' but the sheet file {data} is sheet "
                                        "{number2}").format(
                    number=number, data=self.data, number2=self.tables.number))
        else:
            if number is not None and self.sheet_no is not None and number != self.sheet_no:
                self.err(sheet_st[0], _("'sheet {number}' but sheet {sheet_no} was given (--sheet "
                                        "or an earlier file)").format(
                    number=number, sheet_no=self.sheet_no))
            self.tables = sheet_tables(number if number is not None else self.sheet_no)
        t = self.tables
        self.p.raise_if_any()
        cur: PlayerSheet | None = None
        for st in stmts:
            h = st.head
            if h == "sheet":
                continue
            if h == "player":
                name = st.rest_text() or f"player {self.first_player + len(self.players) + 1}"
                cur = PlayerSheet(name=name, source=self.source, line=st.line)
                self.players.append(cur)
                self.seen = {}
                continue
            if h not in KEYWORDS:
                self.err(st, _('unknown statement {text}; expected one of: sheet, player, castle, '
                               'track(s), river, bandits, claimed, marked, solo').format(
                    text=repr(st.words[0].text)))
                continue
            if cur is None:
                cur = PlayerSheet(name=f"player {self.first_player + 1}", source=self.source,
                                  line=st.line)
                self.players.append(cur)
                self.implicit = True
            getattr(self, "_" + {"tracks": "track", "claim": "claimed"}.get(h, h))(st, cur)
        if not self.players:
            self.p.add(stmts[-1].line if stmts else 1, 1,
                       _("no sheet: write at least the tracks ('tracks blue 3 yellow 5')"))
        if len(self.players) > 1 and self.implicit:
            first = self.players[0]
            self.p.add(first.line, 1, _("statements before the first 'player' line: start every "
                                        "sheet with 'player NAME' when a file holds several"))
        self.p.raise_if_any()
        return t, self.players

    def _once(self, st: Statement, key: str) -> bool:
        if key in self.seen:
            self.err(st, _('a second {key} for this player (the first is line {seen})').format(
                key=repr(key), seen=self.seen[key]))
            return False
        self.seen[key] = st.line
        return True

    def _castle(self, st: Statement, cur: PlayerSheet) -> None:
        w = st.words[1].low if len(st.words) == 2 else ""
        if w not in CASTLE_ORDER:
            self.err(st, _("expected 'castle COLOUR': the home castle, blue, yellow, orange or "
                           "pink"))
        elif self._once(st, "castle"):
            cur.castle = w
            cur.castle_at = (st.line, st.words[1].col)

    def _track(self, st: Statement, cur: PlayerSheet) -> None:
        t = self.tables
        assert t is not None
        ws = st.words[1:]
        if not ws or len(ws) % 2:
            self.err(st, _("expected 'track COLOUR N' or 'tracks COLOUR N COLOUR N ...': spaces "
                           "marked per success track"))
            return
        for cw, nw in zip(ws[::2], ws[1::2]):
            c = cw.low
            if c not in TOWN_COLOURS or TOWN_COLOURS.index(c) not in t.track_colour:
                self.err(cw, _('{text} is not a success track of sheet {number} (tracks: {value})').format(
                    text=repr(cw.text), number=t.number, value=_track_names(t)), st.line)
                continue
            k = t.track_colour.index(TOWN_COLOURS.index(c))
            n = whole(nw)
            if n is None or n > t.track_len[k]:
                self.err(nw, _('{text}: the {c} track has {track_len} spaces; expected 0 to '
                               '{track_len} spaces marked').format(
                    text=repr(nw.text), c=colour_stem(c), track_len=t.track_len[k]), st.line)
                continue
            key = f"{c} track"
            if key in self.seen:
                self.err(cw, _('the {c} track is given twice for this player (also line {seen})').format(
                    c=colour_stem(c), seen=self.seen[key]), st.line)
                continue
            self.seen[key] = st.line
            cur.tracks[k] = n

    def _river(self, st: Statement, cur: PlayerSheet) -> None:
        t = self.tables
        assert t is not None
        if not t.num_rivers:
            self.err(st, _('sheet {number} has no river').format(number=t.number))
            return
        ws = st.words[1:]
        names = [n for n in t.river_names if n]
        if t.num_rivers == 1:
            shape = _("'river N': spaces marked on the river")
            r = 0 if len(ws) == 1 else None
        else:
            shape = (_("'river NAME N' ({value}): spaces marked on that river").format(
                value=' or '.join(names)))
            r = (t.river_names.index(ws[0].low) if len(ws) == 2 and ws[0].low in names
                 else None)
        if r is None:
            self.err(st, f"expected {shape}")
            return
        n = whole(ws[-1])
        if n is None or n > t.river_len[r]:
            self.err(ws[-1], _('{text}: the river has {river_len} spaces; expected 0 to '
                               '{river_len}').format(
                text=repr(ws[-1].text), river_len=t.river_len[r]), st.line)
            return
        if self._once(st, f"river {t.river_names[r]}".strip()):
            cur.rivers[r] = n

    def _bandits(self, st: Statement, cur: PlayerSheet) -> None:
        t = self.tables
        assert t is not None
        if not t.bandit_points:
            self.err(st, _('sheet {number} has no raiding bandit track (only sheet 2)').format(
                number=t.number))
            return
        size = len(t.bandit_points)
        n = whole(st.words[1]) if len(st.words) == 2 else None
        if n is None or n > size:
            self.err(st, _("expected 'bandits N': spaces crossed off on the raiding bandit track, "
                           "0 to {size}").format(size=size))
        elif self._once(st, "bandits"):
            cur.bandits = n

    def _claimed(self, st: Statement, cur: PlayerSheet) -> None:
        t = self.tables
        assert t is not None
        ws = list(st.words[1:])
        if not ws:
            self.err(st, _("expected 'claimed top 1, bottom 2 ...' (achievements: {value})").format(
                value=_rows_text(t)))
            return
        i = 0
        last: int | None = None
        while i < len(ws):
            w = ws[i]
            low = w.low
            if low in ("later", "first"):
                if last is None:
                    self.err(w, _("{text} follows an achievement ('top 2 later')").format(
                        text=repr(w.text)), st.line)
                elif t.achievements[last].later_points is None:
                    self.err(w, _('{text}: only a top-row achievement of sheet 4 scores '
                                  'differently for a later claimant').format(
                        text=repr(w.text)), st.line)
                elif low == "later":
                    cur.claims[last] = CLAIMED_LATER
                last = None
                i += 1
                continue
            row = num = None
            stripped = low.rstrip("0123456789")
            if stripped in ROW_WORDS and stripped != low:
                row, num = ROW_WORDS[stripped], digits(low[len(stripped):][:6])
                i += 1
            elif low in ROW_WORDS and i + 1 < len(ws) and whole(ws[i + 1]) is not None:
                row, num = ROW_WORDS[low], whole(ws[i + 1])
                i += 2
            else:
                self.err(w, _('{text}: expected an achievement by row and position from the left '
                              '({value})').format(text=repr(w.text), value=_rows_text(t)), st.line)
                i += 1
                last = None
                continue
            a = _achievement(t, row, num or 0)
            if a is None:
                self.err(w, _('sheet {number} has no achievement {row} {num} ({value})').format(
                    number=t.number, row=row, num=num, value=_rows_text(t)), st.line)
                last = None
                continue
            if a in cur.claims:
                line, _col = cur.claim_at[a]
                self.err(w, _('{row} {num} is claimed twice (also line {line})').format(
                    row=row, num=num, line=line), st.line)
                last = None
                continue
            cur.claims[a] = CLAIMED
            cur.claim_at[a] = (st.line, w.col)
            last = a

    def _marked(self, st: Statement, cur: PlayerSheet) -> None:
        t = self.tables
        assert t is not None
        if len(st.words) < 2:
            self.err(st, _("expected 'marked c5 c6 ...': the marked fields (row letter, position "
                           "in the row) and river spaces"))
            return
        if cur.marked is None:
            cur.marked = []
        have = set(cur.marked)
        for w in st.words[1:]:
            i = t.name_index.get(w.low)
            if i is None:
                self.err(w, _('{text} is no field of sheet {number} (fields are named by row '
                              'letter, a = top row, and position in the row, e.g. c5)').format(
                    text=repr(w.text), number=t.number),
                         st.line)
            elif i in have:
                self.err(w, _('{text} is marked twice').format(text=repr(w.text)), st.line)
            else:
                have.add(i)
                cur.marked.append(i)

    def _solo(self, st: Statement, cur: PlayerSheet) -> None:
        if len(st.words) != 1:
            self.err(st, _("expected 'solo' alone: the sheet of a solo game"))
        elif self._once(st, "solo"):
            cur.solo = True


def parse_text(text: str, *, source: str = "<text>", sheet: int | None = None,
               data: str | Path | None = None,
               first_player: int = 0) -> tuple[SheetTables, list[PlayerSheet]]:
    """Parse one score text: its sheet's tables and its players' sheets, as written.

    Args:
        sheet: the play sheet when known already (``--sheet``, an earlier file); the
            text's ``sheet`` line must agree, and may be left out.
        data: a sheet TOML file (a transcription of a printed sheet) to score with.
        first_player: players already read from earlier files (default names).

    Raises:
        NotationError: every problem, one per line, ``SOURCE:LINE:COLUMN: message``.
        ParameterError, DataError: a bad sheet number or sheet file (``data``).
    """
    return _Parser(text, source, sheet, data, first_player).run()


def _river_progress(t: SheetTables, ps: PlayerSheet, warn: list[str]) -> list[int]:
    """Spaces per river: the ``river`` lines, else the marked river spaces."""
    out = []
    for r in range(t.num_rivers):
        cells = t.river_cells[r]
        marked = [i for i in (ps.marked or ()) if t.river_of[i] == r]
        from_marks = len(marked)
        if ps.marked is not None and sorted(t.river_pos[i] for i in marked) != \
                list(range(from_marks)):
            warn.append(_('the marked spaces of the {name} are not its first {from_marks} (rivers '
                          'are marked in order from {names})').format(
                name=data_text(t.rivers[r].name), from_marks=from_marks, names=t.names[cells[0]]))
        n = ps.rivers.get(r)
        if n is None:
            n = from_marks
        elif ps.marked is not None and n != from_marks:
            warn.append(_('{name}: {n} spaces written but {from_marks} river spaces marked; '
                          'scored with {n}').format(
                name=data_text(t.rivers[r].name), n=n, from_marks=from_marks))
        out.append(n)
    return out


def _bandit_count(t: SheetTables, ps: PlayerSheet, warn: list[str]) -> int:
    from_marks = sum(1 for i in (ps.marked or ()) if t.bandit_mask >> i & 1)
    if ps.bandits is None:
        return from_marks
    if ps.marked is not None and ps.bandits != from_marks:
        warn.append(_('bandits {bandits} written but {from_marks} bandit fields marked; scored '
                      'with {bandits}').format(bandits=ps.bandits, from_marks=from_marks))
    return ps.bandits


def criterion_gap(t: SheetTables, a: int, f: SheetFacts, marked: list[int] | None) -> str:
    """Why the final sheet does not meet achievement ``a``'s criterion, or "" (met, or
    not checkable: group criteria need the groups, checked only where the fields are
    given). Every criterion checked here only grows during a game, so a claim made during
    the game still holds at the end."""
    spec = t.ach_spec[a]
    code = spec[0]
    if code == ACH_BANNERS:
        h, need = spec[1], spec[2]
        have = sum(1 for x in f.tracks if x >= h)
        return "" if have >= need else _('{have} track(s) reach height {h}, {need} needed').format(
            have=have, h=h, need=need)
    if code == ACH_BANNER:
        k = f.home if spec[2] < 0 else spec[2]
        if k < 0:
            return ""
        colour = TOWN_COLOURS[t.track_colour[k]]
        return "" if f.tracks[k] >= spec[1] else \
            _('the {colour} track has {tracks} spaces, the banner is at {spec}').format(
                colour=colour_stem(colour), tracks=f.tracks[k], spec=spec[1])
    if code == ACH_BANDITS:
        return "" if f.bandits >= spec[1] else f"{f.bandits} bandits, {spec[1]} needed"
    if code in (ACH_MARK, ACH_GROUP_FIELDS):
        missing = []
        for i in range(t.num_cells):
            if spec[1] >> i & 1:
                r = t.river_of[i]
                if r >= 0:   # rivers are marked in order: its progress says
                    if t.river_pos[i] >= f.rivers[r]:
                        missing.append(t.names[i])
                elif marked is not None and i not in marked:
                    missing.append(t.names[i])
        return _('not marked: {value}').format(value=', '.join(missing)) if missing else ""
    return ""


def settle(tables: SheetTables, players: list[PlayerSheet]) -> ScoredSheets:
    """Settle the castles of every sheet, check the sheets against each other and score
    them. Castles not written take the free ones in the rulebook's order (blue, yellow,
    orange, pink: "players in turn mark the blue castle (first player), followed by ...").

    Raises:
        NotationError: two sheets with one castle, more than 4 sheets, a solo sheet among
            others, a top-row achievement claimed by two players (sheets 1-3: "can only be
            claimed by 1 player"; sheet 4: only one first claimant).
    """
    t = tables
    problems: list[str] = []

    def err(ps: PlayerSheet, line: int, col: int, msg: str) -> None:
        problems.append(f"{ps.source}:{line}:{col}: {msg}")

    if len(players) > len(CASTLE_ORDER):
        ps = players[len(CASTLE_ORDER)]
        err(ps, ps.line, 1, _('{n} sheets: Cascadito is for 1 to 4 players').format(
            n=len(players)))
    taken: dict[str, PlayerSheet] = {}
    for ps in players:
        if ps.castle is not None:
            if ps.castle in taken:
                o = taken[ps.castle]
                err(ps, *ps.castle_at, _("{name}: the {castle} castle is already {name2}'s "
                                         "({source} line {castle_at}); each player marks their "
                                         "own castle").format(
                    name=ps.name, castle=colour_stem(ps.castle), name2=o.name, source=o.source, castle_at=o.castle_at[0]))
            taken.setdefault(ps.castle, ps)
    free = [c for c in CASTLE_ORDER if c not in taken]
    castles = []
    for ps in players:
        castles.append(ps.castle if ps.castle is not None else (free.pop(0) if free else "blue"))
    for ps in players:
        if ps.solo and len(players) > 1:
            err(ps, ps.line, 1, _('{name}: a solo sheet among {n} sheets; score a solo sheet on '
                                  'its own').format(name=ps.name, n=len(players)))
    for a in t.top:
        firsts = [ps for ps in players if ps.claims.get(a) == CLAIMED]
        if len(firsts) > 1:
            label = f"top {t.top.index(a) + 1}"
            ps = firsts[1]
            line, col = ps.claim_at[a]
            if t.ach_later[a]:
                err(ps, line, col, _("{label} is claimed first by {name} and by {name2}; a later "
                                     "claimant writes '{label} later'").format(
                    label=label, name=firsts[0].name, name2=ps.name))
            else:
                err(ps, line, col, _("{label} is claimed by {name} and by {name2}; a top-row "
                                     "achievement 'can only be claimed by 1 player'").format(
                    label=label, name=firsts[0].name, name2=ps.name))
    if problems:
        raise NotationError("\n".join(problems))
    scores = []
    for ps, castle in zip(players, castles):
        warn: list[str] = []
        rivers = _river_progress(t, ps, warn)
        bandits = _bandit_count(t, ps, warn)
        claims = tuple(ps.claims.get(a, UNCLAIMED) for a in range(t.num_achievements))
        tracks = tuple(ps.tracks.get(k, 0) for k in range(t.num_tracks))
        home = t.track_colour.index(TOWN_COLOURS.index(castle))
        whole_top = bool(t.top) and all(claims[a] for a in t.top)
        # Play Sheet 4, Game End: the whole top row earns its bonus (not in a solo game:
        # "Disregard any other game end conditions")
        bonus = t.end.top_row_bonus if whole_top and not ps.solo else 0
        facts = SheetFacts(tracks, home, tuple(rivers), bandits, claims, bonus)
        for a in sorted(ps.claims):
            gap = criterion_gap(t, a, facts, ps.marked)
            if gap:
                row = "top" if a in t.top else "bottom"
                idx = (t.top if a in t.top else t.bottom).index(a) + 1
                warn.append(_("{row} {idx} is claimed but the sheet data says its criterion is "
                              "not met ({gap}): '{text}'").format(
                    row=row, idx=idx, gap=gap, text=data_text(t.achievements[a].text)))
        scores.append(SheetScore(ps.name, castle, facts, sheet_breakdown(t, facts), tuple(warn),
                                 ps.solo))
    return ScoredSheets(t, tuple(scores))


def score_texts(texts: list[tuple[str, str]], *, sheet: int | None = None,
                data: str | Path | None = None) -> ScoredSheets:
    """Parse and score one or more score texts (``(text, source)`` each): every sheet of
    every file, all on the same play sheet.

    Raises:
        NotationError: every problem of the first file that has some, or the problems
            between the files' sheets (:func:`settle`).
        ParameterError, DataError: a bad sheet number or sheet file.
    """
    tables = None
    players: list[PlayerSheet] = []
    for text, source in texts:
        tables, ps = parse_text(text, source=source, sheet=sheet, data=data,
                                first_player=len(players))
        sheet = tables.number
        players += ps
    if tables is None:
        raise NotationError(_('no score text given'))
    return settle(tables, players)


def winner(scored: ScoredSheets) -> tuple[int | None, str]:
    """``(index of the winning sheet, sentence)``: the most points; "Ties are broken in
    favor of the player whose home castle is furthest to the right" (the castles stand
    blue, yellow, orange, pink from left to right). A solo sheet: ``(None, score)``."""
    sc = scored.scores
    if scored.solo:
        return None, (_("{name}: {total} points").format(name=sc[0].name, total=sc[0].total)
                      + (" (solo)" if sc[0].solo else _(" (one sheet: give every player's sheet "
                                                        "to find the winner)")))
    best = max(s.total for s in sc)
    tied = [i for i, s in enumerate(sc) if s.total == best]
    w = max(tied, key=lambda i: CASTLE_ORDER.index(sc[i].castle))
    if len(tied) == 1:
        second = max(s.total for i, s in enumerate(sc) if i != w)
        return w, _('{name} wins with {best} points (next: {second})').format(
            name=sc[w].name, best=best, second=second)
    others = ", ".join(f"{sc[i].name} ({sc[i].castle})" for i in tied if i != w)
    return w, (_('tie at {best} points with {others}: {name} wins, the home castle furthest to '
                 'the right ({castle})').format(
        best=best, others=others, name=sc[w].name, castle=sc[w].castle))


def format_report(scored: ScoredSheets) -> str:
    """The scoring as plain text: per sheet every step (item, how counted, points), the
    total, the warnings; then the result."""
    out = []
    for s in scored.scores:
        out.append(_("{name} (castle {castle}): {total} points").format(
            name=s.name, castle=colour(s.castle), total=s.total))
        for st in s.breakdown:
            out.append(f"  {st.label}: {st.points}   ({st.detail})")
        for w in s.warnings:
            out.append("  " + _("warning: {text}").format(text=w))
    out.append(_("Result: {text}").format(text=winner(scored)[1]))
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------- writing
def claim_word(t: SheetTables, a: int, code: int) -> str:
    """``top 2`` / ``bottom 1`` / ``top 2 later``: achievement ``a`` as a claim is written."""
    row = t.top if a in t.top else t.bottom
    word = f"{'top' if a in t.top else 'bottom'} {row.index(a) + 1}"
    return word + (" later" if code == CLAIMED_LATER else "")


def facts_to_text(t: SheetTables, f: SheetFacts, *, name: str | None = None,
                  castle: str | None = None, marked: list[str] | None = None,
                  solo: bool = False, sheet_line: bool = True) -> str:
    """One sheet in the score format (what :func:`parse_text` reads back to the same
    facts)."""
    lines = []
    if sheet_line:
        lines += [f"# Cascadito, play sheet {t.number} ({t.sheet.title})",  # i18n: no (record)
                  f"sheet {t.number}"]
    if name is not None:
        lines.append(f"player {name}")
    if castle is not None:
        lines.append(f"castle {castle}")
    lines.append("tracks " + " ".join(f"{TOWN_COLOURS[t.track_colour[k]]} {h}"
                                      for k, h in enumerate(f.tracks)))
    for r, n in enumerate(f.rivers):
        lines.append(f"river {t.river_names[r] + ' ' if t.river_names[r] else ''}{n}")
    if t.bandit_points:
        lines.append(f"bandits {f.bandits}")
    claims = [claim_word(t, a, c) for a in (*t.top, *t.bottom) if (c := f.claims[a])]
    if claims:
        lines.append("claimed " + ", ".join(claims))
    if marked:
        for k in range(0, len(marked), 16):
            lines.append("marked " + " ".join(marked[k:k + 16]))
    if solo:
        lines.append("solo")
    return "\n".join(lines) + "\n"


def to_text(state: CascaditoState, seat: int | None = None) -> str:
    """The final sheet of ``seat`` (None: every seat, one ``player`` block each) in the
    score format, e.g. to score a finished game with the assistant. Seat ``p`` has the
    castle of the rulebook's order (``CASTLE_ORDER[p]``)."""
    t = state.tables
    n = state.game.num_players
    seats = range(n) if seat is None else [state.check_seat(seat)]
    parts = [f"# Cascadito, play sheet {t.number} ({t.sheet.title})\nsheet {t.number}\n"]  # i18n: no (record)
    for p in seats:
        parts.append(facts_to_text(t, state.sheet_facts(p), name=f"seat {p + 1}",
                                   castle=CASTLE_ORDER[p], marked=state.marked_cells(p),
                                   solo=n == 1, sheet_line=False))
    return "\n".join(parts)


__all__ = ["PlayerSheet", "SheetScore", "ScoredSheets", "sheet_tables", "parse_text", "settle",
           "score_texts", "winner", "format_report", "facts_to_text", "to_text", "claim_word",
           "criterion_gap"]
