"""Plain-text views of a Kingdomino position: kingdoms, lines, score breakdowns, narration.

Nothing here knows about terminals or colours (the layer rule: a game never imports a UI
library). Front ends colour the plain tokens themselves: every square is a token ``C``
(castle), ``.`` (empty) or a terrain letter ``W F L G S M`` followed by one ``*`` per crown,
the format of :func:`regalia.games.kingdomino.scoring.parse_kingdom`.

Squares are named like a spreadsheet (column letter, row number from the top), as in the
move notation ``d5-e5``; every kingdom view carries these coordinates.

What the views show of a position comes from its observation (``state.observation(seat)``,
see :mod:`.information`), the game's declared facts (``state.game``: line length, number
of lines) and the public contract (legal actions, :meth:`~.state.KingdominoState.decode`,
scores, breakdowns, tie-break keys); never from the state's fields. The drawing functions
(:func:`kingdom_grid`, :func:`line_entries` ...) take a *table*: an observation dict, or a
state whose observation they take. Kingdomino has perfect information, so every seat's
observation shows the same table (:func:`observe`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Mapping, Sequence, Union

from regalia.core.breakdown import Breakdown
from regalia.core.i18n import N_, _, ngettext

from .actions import Discard, Draw, KingDraw, Pick, Place
from .components import TERRAIN_LETTERS, TERRAINS
from .scoring import TextKingdom

if TYPE_CHECKING:
    from .state import KingdominoState

#: What the drawing functions draw from: an observation, or a state (its observation).
Table = Union["KingdominoState", Mapping[str, Any]]

#: Width of one square in the text grids: tokens of up to 3 characters and a space
#: (a grid holding ``M***`` widens to 5, see :attr:`KingdomGrid.cell_width`).
CELL_WIDTH = 4

#: How to write moves, in English (marked for the catalogue: show :func:`notation_help`).
NOTATION_HELP = N_("""\
How to write moves (squares: column letter + row number, as printed around
each kingdom; the castle stands on e5, or g7 in The Mighty Duel)
  d5-e5     place the domino: first half on d5, second half on e5. The first
            half is the left one of its code: for 24 (F*/W), F* goes on d5.
            'd5e5' and 'd5 e5' work too; the squares must be neighbours.
  23        pick domino 23 of the next line ('pick 23' works too).
  discard   only when the domino fits nowhere (then it is done for you).
Placement: both squares empty; the kingdom stays within 5x5 (7x7 in The
Mighty Duel); one half touches the castle or a square of its own terrain.
Squares show their crowns as stars (F** forest, 2 crowns); the compact table
(--compact, or a small terminal) writes them as a digit (F2).
Commands: 'moves' or '?' lists the legal moves, 'board' shows the table
again, 'hint' suggests a move (when the game was started with --hints),
'help' shows this text, 'quit' ends the game.""")


def notation_help() -> str:
    """:data:`NOTATION_HELP` in the language in force (the German text also names the
    German aliases ``nimm 23``, ``abwerfen``)."""
    return _(NOTATION_HELP)


def observe(state: "KingdominoState", viewer: int | None = None) -> dict[str, Any]:
    """The observation the views draw from: seat ``viewer``'s, or seat 0's for a spectator
    (None or a negative number). Kingdomino has perfect information: only the ``player``
    key differs from one seat to another."""
    return state.observation(viewer if viewer is not None and viewer >= 0 else 0)


def _obs(table: Table) -> Mapping[str, Any]:
    return table if isinstance(table, Mapping) else observe(table)


# ---------------------------------------------------------------------- kingdoms
@dataclass(frozen=True)
class KingdomGrid:
    """A rectangle of a kingdom board with its coordinates.

    Attributes:
        columns: column letters, left to right (``("c", "d", "e", ...)``).
        rows: row numbers as printed (1-based, top to bottom).
        cells: one tuple of tokens per row (``C``, ``.``, ``W``, ``F*``, ...).
    """

    columns: tuple[str, ...]
    rows: tuple[int, ...]
    cells: tuple[tuple[str, ...], ...]
    min_width: int = CELL_WIDTH

    @property
    def cell_width(self) -> int:
        """Characters per square: the longest token plus one space, at least
        :attr:`min_width` (4; 3 for a :func:`compact_grid`)."""
        return max([self.min_width] + [len(t) + 1 for row in self.cells for t in row])

    @property
    def label_width(self) -> int:
        """Characters of the row-number column (number and a space)."""
        return len(str(max(self.rows, default=1))) + 1

    def lines(self, coordinates: bool = True) -> list[str]:
        """The grid as text lines (column letters above, row numbers on the left)."""
        w = self.cell_width
        label_w = self.label_width if coordinates else 0
        out = []
        if coordinates:
            out.append((" " * label_w + "".join(c.ljust(w) for c in self.columns)).rstrip())
        for num, row in zip(self.rows, self.cells):
            label = str(num).rjust(label_w - 1) + " " if coordinates else ""
            out.append((label + "".join(t.ljust(w) for t in row)).rstrip())
        return out


def _extent(cells: Sequence[Sequence[str]]) -> tuple[int, int, int, int]:
    """(first row, last row, first column, last column) of the squares that are not empty
    (the castle at least)."""
    used = [(r, c) for r, row in enumerate(cells) for c, t in enumerate(row) if t != "."]
    return (min(r for r, _ in used), max(r for r, _ in used),
            min(c for _, c in used), max(c for _, c in used))


def kingdom_window(table: Table, player: int,
                   margin: bool = True) -> tuple[int, int, int, int]:
    """(first row, last row, first column, last column), 0-based and inclusive, of the part
    of ``player``'s board worth showing: with ``margin``, the kingdom plus every square it
    may still grow into (the kingdom must stay within N x N); without, its extent only.

    The board of the observation is B x B with B = 2N - 1 (9, or 13 in The Mighty Duel)."""
    cells = [row.split() for row in _obs(table)["kingdoms"][player]]
    minr, maxr, minc, maxc = _extent(cells)
    if not margin:
        return minr, maxr, minc, maxc
    b = len(cells)
    k = (b + 1) // 2 - 1
    return max(0, maxr - k), min(b - 1, minr + k), max(0, maxc - k), min(b - 1, minc + k)


def kingdom_grid(table: Table, player: int, margin: bool = True,
                 full: bool = False) -> KingdomGrid:
    """``player``'s kingdom as a :class:`KingdomGrid`.

    Args:
        table: an observation, or a state (see the module docstring).
        margin: include the empty squares the kingdom may still grow into (see
            :func:`kingdom_window`); otherwise crop to the kingdom itself.
        full: show the whole board (9x9, 13x13 in The Mighty Duel) instead.
    """
    obs = _obs(table)
    cells = [row.split() for row in obs["kingdoms"][player]]
    b = len(cells)
    r0, r1, c0, c1 = (0, b - 1, 0, b - 1) if full else kingdom_window(obs, player, margin)
    return _grid(cells, r0, r1, c0, c1)


def _grid(cells: Sequence[Sequence[str]], r0: int, r1: int, c0: int, c1: int) -> KingdomGrid:
    """Rows ``r0..r1`` and columns ``c0..c1`` (0-based, inclusive) of a board of tokens."""
    return KingdomGrid(
        columns=tuple(chr(97 + c) for c in range(c0, c1 + 1)),
        rows=tuple(r + 1 for r in range(r0, r1 + 1)),
        cells=tuple(tuple(cells[r][c0:c1 + 1]) for r in range(r0, r1 + 1)),
    )


def kingdom_text(table: Table, player: int, margin: bool = True,
                 full: bool = False) -> list[str]:
    """``player``'s kingdom as text lines with column letters and row numbers.

    >>> from regalia import load_game
    >>> s = load_game("kingdomino", players=2).new_initial_state(seed=1)
    >>> print("\\n".join(kingdom_text(s, 0, margin=False)))
      e
    5 C
    """
    return kingdom_grid(table, player, margin, full).lines()


def compact_token(token: str) -> str:
    """A square in at most 2 characters: the terrain letter and its crowns as a digit
    (``M**`` -> ``M2``, ``F`` -> ``F``); ``C`` and ``.`` unchanged."""
    crowns = token.count("*")
    return token.rstrip("*") + (str(crowns) if crowns else "")


def compact_grid(grid: KingdomGrid) -> KingdomGrid:
    """``grid`` with :func:`compact_token` squares, 3 characters wide (the compact table
    layout that fits four kingdoms in an 80x24 terminal)."""
    return KingdomGrid(columns=grid.columns, rows=grid.rows, min_width=3,
                       cells=tuple(tuple(compact_token(t) for t in row) for row in grid.cells))


def rows_grid(rows: Sequence[str]) -> KingdomGrid:
    """A board given as rows of space-separated tokens (as ``kingdom_rows`` and
    ``finished_kingdoms`` give it), cropped to the kingdom (castle included)."""
    cells = [row.split() for row in rows]
    return _grid(cells, *_extent(cells))


def text_kingdom_grid(kingdom: TextKingdom) -> KingdomGrid:
    """A kingdom parsed by ``parse_kingdom`` (scoring assistant), cropped to its extent."""
    geo = kingdom.geo
    r0, r1, c0, c1 = geo.extent(kingdom.occ)
    castle = geo.castle_bit

    def token(r: int, c: int) -> str:
        bit = 1 << (r * geo.w + c)
        if bit == castle:
            return "C"
        for t in range(6):
            if kingdom.terr[t] & bit:
                k = next((i + 1 for i in range(3) if kingdom.crowns[i] & bit), 0)
                return TERRAIN_LETTERS[t] + "*" * k
        return "."

    return KingdomGrid(
        columns=tuple(chr(97 + c) for c in range(c0, c1 + 1)),
        rows=tuple(r + 1 for r in range(r0, r1 + 1)),
        cells=tuple(tuple(token(r, c) for c in range(c0, c1 + 1)) for r in range(r0, r1 + 1)),
    )


# ---------------------------------------------------------------------- lines
@dataclass(frozen=True)
class LineEntry:
    """One domino of a line: its number, code (``F*/W``), the king on it and its owner.

    ``status`` is ``"placed"`` (already placed or discarded this round), ``"active"`` (to
    be placed now) or ``""``; only dominoes of the current line get a status.
    """

    domino: int
    code: str
    king: int | None
    player: int | None
    status: str = ""


def acting_position(table: Table) -> int | None:
    """0-based position on the current line of the king acting this round (place or
    pick), or None (chance, choice from the first line, game over)."""
    obs = _obs(table)
    if obs["phase"] not in ("place", "pick"):
        return None
    kings = [e["king"] for e in obs["current_line"]]
    return kings.index(obs["king"]) if obs["king"] in kings else None


def line_entries(table: Table, which: str) -> list[LineEntry]:
    """The ``"current"`` or ``"next"`` line, lowest number first.

    Raises:
        ValueError: ``which`` is another name.
    """
    if which not in ("current", "next"):
        raise ValueError(f"which must be 'current' or 'next', not {which!r}")  # i18n: no
    obs = _obs(table)
    out = []
    pos = acting_position(obs)
    for i, e in enumerate(obs[f"{which}_line"]):
        status = ""
        if which == "current" and pos is not None:
            if i < pos or (i == pos and obs["phase"] == "pick"):
                status = "placed"
            elif i == pos:
                status = "active"
        out.append(LineEntry(e["domino"], e["code"], e["king"], e["player"], status))
    return out


def line_text(table: Table, which: str,
              labels: Sequence[str] | None = None) -> list[str]:
    """The line as text, one domino per row: ``> 23  F*/W   Seat 2``.

    ``>`` marks the domino to place now, ``-`` those already placed this round.
    """
    out = []
    for e in line_entries(table, which):
        mark = {"active": ">", "placed": "-"}.get(e.status, " ")
        who = "" if e.player is None else seat_label(e.player, labels)
        out.append(f"{mark} {e.domino:>2}  {e.code:<7} {who}".rstrip())
    return out


def seat_label(player: int, labels: Sequence[str] | None = None) -> str:
    """``labels[player]`` if given, else ``"Seat N"`` (1-based; ``Platz N`` in German)."""
    if labels is not None and 0 <= player < len(labels):
        return labels[player]
    return _("Seat {n}").format(n=player + 1)


def split_code(code: str) -> tuple[str, str]:
    """``"F*/W"`` -> ``("F*", "W")``."""
    first, _sep, second = code.partition("/")
    return first, second


@dataclass(frozen=True)
class RoundInfo:
    """Where a game stands: ``line`` is the number of the current line (0 while kings
    choose from the first line), of ``lines`` per game; ``game`` of ``games`` (Dynasty)."""

    line: int
    lines: int
    left_to_draw: int
    game: int
    games: int
    last_round: bool


def _drawn(state: "KingdominoState", obs: Mapping[str, Any]) -> int:
    """Dominoes drawn so far in the current game."""
    return state.game.dominoes_used - int(obs["dominoes_left_to_draw"])


def _last_round(obs: Mapping[str, Any]) -> bool:
    """Placing the last line: no next line is drawn (rulebook: end of the game)."""
    return obs["phase"] == "place" and not obs["next_line"]


def round_info(state: "KingdominoState") -> RoundInfo:
    """Where the game stands (see :class:`RoundInfo`)."""
    G = state.game
    obs = observe(state)
    drawn = _drawn(state, obs)
    drawn_lines = drawn // G.per_line
    full_next = len(obs["next_line"]) == G.per_line
    current = drawn_lines - 1 if full_next else drawn_lines
    return RoundInfo(line=current, lines=G.num_lines, left_to_draw=obs["dominoes_left_to_draw"],
                     game=obs["game_number"], games=obs["games"],
                     last_round=_last_round(obs))


def line_completed_by(state: "KingdominoState", action: int) -> tuple[int, list[int]] | None:
    """If ``action`` (a draw, not yet applied) completes the next line: ``(line number,
    the line's dominoes sorted)``; else None."""
    G = state.game
    obs = observe(state)
    nxt = [e["domino"] for e in obs["next_line"]]
    move = state.decode(action)
    if not isinstance(move, Draw) or obs["phase"] != "draw" or len(nxt) + 1 != G.per_line:
        return None
    return _drawn(state, obs) // G.per_line + 1, sorted(nxt + [move.domino])


def round_just_ended(state: "KingdominoState") -> int | None:
    """If ``state`` stands between two rounds of placements, the number of the round just
    played (round k places the dominoes of line k; the first-line choice is not a round);
    else None.

    That is the first draw of a new line after round k >= 1, and the first placement of
    the last round (which draws no line) after the round before it.
    """
    G = state.game
    obs = observe(state)
    if obs["phase"] == "draw" and not obs["next_line"]:
        k = _drawn(state, obs) // G.per_line - 1
        return k if k >= 1 else None
    if _last_round(obs) and acting_position(obs) == 0:
        return G.num_lines - 1
    return None


def game_just_ended(state: "KingdominoState") -> int | None:
    """Dynasty: at the first draw of game g > 1 (its kingdoms still empty), g - 1, the game
    whose kingdoms :func:`finished_kingdoms` shows; else None."""
    obs = observe(state)
    if obs["phase"] == "draw" and _drawn(state, obs) == 0 and obs["game_number"] > 1:
        return int(obs["game_number"]) - 1
    return None


def finished_kingdoms(state: "KingdominoState") -> list[KingdomGrid]:
    """Dynasty: the kingdoms of the last finished game (before the last game), one grid
    per seat cropped to the kingdom; empty before any game is finished.

    Public, but not part of the observation (adding it would change every recorded
    playthrough); read from ``state.finished_kingdoms``."""
    done = state.finished_kingdoms
    return [rows_grid(rows) for rows in done[-1]] if done else []


# ---------------------------------------------------------------------- scores
def terrain_name(letter_or_name: str) -> str:
    """``"F"`` or ``"forest"`` -> ``"forest"`` (the terrain's key, English; the name a
    player reads is :func:`.components.terrain_word`)."""
    if letter_or_name in TERRAINS:
        return letter_or_name
    return TERRAINS[TERRAIN_LETTERS.index(letter_or_name[0].upper())]


def breakdown_rows(bd: Breakdown, group_crownless: bool = False) -> list[tuple[str, str, str, str]]:
    """Rows ``(item, squares, crowns, points)`` of a kingdom's breakdown
    (:func:`.scoring.kingdom_breakdown`), ending with the total.

    Properties come first (largest points first; crownless ones too, or with
    ``group_crownless`` a single row ``"no crowns (N)"`` summing their squares), then the bonuses
    (present when the variant is played), then the previous games of a Dynasty, then
    ``("total", "", "", total)``.
    """
    props = bd.of("property")
    rows = [(i.label, str(i.facts["squares"]), str(i.facts["crowns"]), str(i.points))
            for i in props if i.facts["crowns"] or not group_crownless]
    bare = [i for i in props if not i.facts["crowns"]]
    if group_crownless and bare:
        rows.append((_("no crowns ({count})").format(count=len(bare)),
                     str(sum(i.facts["squares"] for i in bare)), "0", "0"))
    rows += [(i.label, "", "", str(i.points)) for i in bd if i.key != "property"]
    rows.append((_("total"), "", "", str(bd.total)))
    return rows


def breakdown_text(bd: Breakdown) -> list[str]:
    """The breakdown as an aligned text table.

    >>> from regalia.games.kingdomino.scoring import Property, kingdom_breakdown
    >>> print("\\n".join(breakdown_text(kingdom_breakdown([Property("forest", 3, 2)]))))
    property  squares  crowns  points
    forest          3       2       6
    total                           6
    """
    rows = [(_("property"), _("squares"), _("crowns"), _("points"))]
    rows += breakdown_rows(bd)
    w0 = max(len(r[0]) for r in rows)
    return [f"{r[0]:<{w0}}  {r[1]:>7}  {r[2]:>6}  {r[3]:>6}".rstrip() for r in rows]


def standings(state: "KingdominoState") -> list[int]:
    """Seats ordered best first by (points, largest property, crowns), seat number last."""
    keys = state.tie_break_keys()
    return sorted(range(len(keys)), key=lambda p: (tuple(-x for x in keys[p]), p))


def winner_text(state: "KingdominoState", labels: Sequence[str] | None = None) -> str:
    """Who wins, and how a tie on points was broken (rulebook: tie-break).

    The tie-break compares the most extended property, then the crowns; in a Dynasty the
    largest property of any game and the crowns of all games (ruling R5).
    """
    keys = state.tie_break_keys()
    winners = state.winners()
    names = [seat_label(p, labels) for p in winners]
    top = max(k[0] for k in keys)
    tied = [p for p, k in enumerate(keys) if k[0] == top]
    pts = _points(top)
    if len(winners) > 1:
        w = keys[winners[0]]
        return _("{names} share the victory: {points}, a largest property of {squares} and "
                 "{crowns} each.").format(names=_join(names), points=pts,
                                          squares=_squares(w[1]), crowns=_crowns(w[2]))
    win = winners[0]
    if len(tied) == 1:
        return ngettext("{name} wins with {n} point.", "{name} wins with {n} points.",
                        top).format(name=names[0], n=top)
    tied_names = _join([seat_label(p, labels) for p in tied])
    others = [p for p in tied if p != win]
    best_other_largest = max(keys[p][1] for p in others)
    if keys[win][1] > best_other_largest:
        if len(tied) == 2:
            message = _("{tied} both have {points}; {name} wins the tie-break with the most "
                        "extended property ({squares} against {other}).")
        else:
            message = _("{tied} all have {points}; {name} wins the tie-break with the most "
                        "extended property ({squares} against {other}).")
        return message.format(tied=tied_names, points=pts, name=names[0],
                              squares=_squares(keys[win][1]), other=best_other_largest)
    best_other_crowns = max(keys[p][2] for p in others if keys[p][1] == keys[win][1])
    if len(tied) == 2:
        message = _("{tied} both have {points}; the most extended properties are equal "
                    "({squares}), so {name} wins the tie-break with more crowns ({crowns} "
                    "against {other}).")
    else:
        message = _("{tied} all have {points}; the most extended properties are equal "
                    "({squares}), so {name} wins the tie-break with more crowns ({crowns} "
                    "against {other}).")
    return message.format(tied=tied_names, points=pts, squares=_squares(keys[win][1]),
                          name=names[0], crowns=keys[win][2], other=best_other_crowns)


def _points(n: int) -> str:
    return ngettext("{n} point", "{n} points", n).format(n=n)


def _squares(n: int) -> str:
    return ngettext("{n} square", "{n} squares", n).format(n=n)


def _crowns(n: int) -> str:
    return ngettext("{n} crown", "{n} crowns", n).format(n=n)


def _join(names: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c`` in the language in force."""
    if len(names) <= 1:
        return "".join(names)
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


# ---------------------------------------------------------------------- decisions, moves
def describe_decision(state: "KingdominoState") -> str:
    """What the player to act must do: ``"Place domino 23 (F*/W)"``, ``"Pick a domino of
    the next line"``; empty at chance nodes and at the end."""
    ph = observe(state)["phase"]
    if ph == "place":
        tp = to_place(state)
        assert tp is not None
        if tp.placements == 0:
            return _("Discard domino {number} ({code}): it fits nowhere in your "
                     "kingdom").format(number=tp.domino, code=tp.code)
        return _("Place domino {number} ({code})").format(number=tp.domino, code=tp.code)
    if ph == "pick":
        return _("Pick a domino of the next line")
    return ""


@dataclass(frozen=True)
class ToPlace:
    """The domino to place now: its number and code (``F*/W``), the halves of the code
    (``F*``, ``W``: the first goes on the first square written) and how many placements
    are legal (0: it must be discarded)."""

    domino: int
    code: str
    first: str
    second: str
    placements: int


def to_place(state: "KingdominoState") -> ToPlace | None:
    """The domino to place now (phase ``place``), else None."""
    obs = observe(state)
    if obs["phase"] != "place":
        return None
    n = obs["domino"]
    code = next(e["code"] for e in obs["current_line"] if e["domino"] == n)
    first, second = split_code(code)
    placements = sum(isinstance(state.decode(a), Place) for a in state.legal_actions())
    return ToPlace(n, code, first, second, placements)


def describe_action(state: "KingdominoState", action: int) -> str:
    """A short sentence for ``action`` played in ``state`` (before it is applied), without
    the player: ``"places 23 (F*/W) at d5-e5"``, ``"picks 35 (L*/F)"``, ``"discards 12
    (S/S): no legal placement"``; chance: ``"draws 7"``, ``"king 2 is drawn"``."""
    move = state.decode(action)
    if isinstance(move, Pick):
        return _("picks {number} ({code})").format(number=move.domino, code=move.code)
    if isinstance(move, Draw):
        return _("draws {number}").format(number=move.domino)
    if isinstance(move, KingDraw):
        return _("king {king} is drawn").format(king=move.king)
    if isinstance(move, Discard):
        return _("discards {number} ({code}): no legal placement").format(
            number=move.domino, code=move.code)
    return _("places {number} ({code}) at {placement}").format(
        number=move.domino, code=move.code, placement=move.notation)


def grouped_moves(state: "KingdominoState") -> list[str]:
    """The legal moves as compact text lines.

    Placements are grouped by the square of the first half (one line per square, e.g.
    ``"d4-c4  d4-d3  d4-e4"``); picks are listed as ``"pick 2 (W/W)"``.
    """
    moves = [state.decode(a) for a in state.legal_actions()]
    if observe(state)["phase"] == "pick":
        return [f"{m.notation} ({m.code})" for m in moves if isinstance(m, Pick)]
    groups: dict[str, list[tuple[str, str]]] = {}   # first square -> (second, notation)
    for m in moves:
        if isinstance(m, Place) and m.second is not None:
            groups.setdefault(m.first, []).append((m.second, m.notation))
    if not groups:
        return [m.notation for m in moves]

    def square_key(sq: str) -> tuple[int, str]:
        return int(sq[1:]), sq[0]

    return ["  ".join(text for _, text in sorted(groups[sq], key=lambda e: square_key(e[0])))
            for sq in sorted(groups, key=square_key)]


def forced_action_text(state: "KingdominoState", action: int) -> str:
    """Why a decision with a single legal action is played automatically (a short note)."""
    move = state.decode(action)
    if isinstance(move, Pick):
        return _("the last free domino of the next line: taken for you")
    if isinstance(move, Discard):
        return _("the domino fits nowhere in the kingdom: discarded for you")
    return _("the only legal move: played for you")
