"""Kingdomino drawn as SVG from a seat's observation, clicks mapped to actions, and the
score table and scoring help of the web table (board protocol v2, ``docs/web.md``).

The drawing takes only ``observation(seat)`` (see :meth:`KingdominoState.observation`),
never the state, so nothing a seat may not see can be drawn (ARCHITECTURE.md,
"Presentation"). The same drawing serves the web table, ``regalia render`` and Jupyter
(``_repr_svg_``).

Click objects (each clickable element carries ``data-click`` with the canonical JSON of its
object, :func:`regalia.core.svgkit.click_attr`, and the class ``target``):

* ``{"domino": N}``: pick domino N of the next line (a whole move);
* ``{"square": "d5"}``: a square of the acting seat's kingdom. The first is where the
  domino's first half goes; the drawing then shows a preview (a ghost of the domino) with
  the second half on the first legal square around it, and
* ``{"choice": "rotate"}`` turns the preview to the next legal second-half square
  (east, south, west, north), ``{"choice": "place"}`` places the domino as previewed, and
  clicking a highlighted square places the second half there;
* ``{"choice": "discard"}``: discard the domino when it fits nowhere (a whole move);
* ``{"action": ID}``: any legal action by its id (:mod:`regalia.games.kingdomino.board`).

:func:`click` maps a click sequence to an action, to the next step (prompt, targets,
choices), or to a refusal naming what was wrong.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any, Mapping, NamedTuple, Sequence

from regalia.core.breakdown import Breakdown
from regalia.core.i18n import N_, _, language, ngettext, pgettext
from regalia.core.svgkit import (board_heading, fragment, keyed_click, mark_id, marks,
                                 score_headings, text)

from .board import Geometry, geometry
from .components import terrain_word
from .help import VARIANT_SOURCE, book_section
from .narration import (NUMBERED, PLACE, TERRAIN_NAMES, describe, domino_text, narrate,
                        token_text)
from .rules import variant_text
from .scoring import (HARMONY_BONUS, MIDDLE_KINGDOM_BONUS, crown_count, game_points,
                      largest_property, parse_kingdom, properties_of)

#: Fill colour of each terrain letter (wheat, forest, lake, grassland, swamp, mine).
TERRAIN_COLOURS = {"W": "#e6c440", "F": "#2f6b33", "L": "#3a7bd5", "G": "#8dc641",
                   "S": "#8a7f5c", "M": "#4d4d4d"}
#: Colour of each seat's kings (pink, yellow, green, blue as in the box).
SEAT_COLOURS = ("#d94f9b", "#e3b51f", "#3c9a4b", "#3f6fd1")
#: The seats' colours darkened for text on the page's light background (WCAG AA, 4.5:1).
SEAT_INKS = ("#a3266c", "#765a00", "#23692f", "#2c52a0")
CELL = 30
GAP = 24
#: The height the two lines of dominoes take, with their headings, the count of dominoes
#: left and the Discard button, below the top of the kingdoms.
LINES_HEIGHT = 262
#: The longest click sequence :func:`click` reads (first square, rotations, the last).
MAX_CLICKS = 16
CHOICES = ("rotate", "place", "discard")
#: The variants that change the scoring (their rules go in the scoring help).
SCORING_VARIANTS = {"dynasty", "middle-kingdom", "harmony"}
#: Where the scoring rules are printed: the quick reference's "End of the Game"
#: (:func:`.help.book_section`), and the tie-break (translated where shown).
TIE_BREAK_SOURCE = N_("Kingdomino rules, tie-break (COMPONENTS.md, Kingdomino); Dynasty: "
                      "docs/rulings/kingdomino.md R5")
#: Where the board's title and description go (:func:`render` writes them last).
HEADING = "{heading}"
#: The chance phases as a status line names them (translated where shown).
PHASE_WORDS = {"draw": N_("draw"), "king-draw": N_("king-draw")}


def geometry_of(observation: Mapping[str, Any]) -> Geometry:
    """The board :class:`~regalia.games.kingdomino.board.Geometry` of an observation (its
    kingdoms are B x B rows of tokens, B = 2N - 1)."""
    b = len(observation["kingdoms"][0])
    return geometry((b + 1) // 2)


def _square(x: float, y: float, token: str, size: int = CELL, seat: int | None = None,
            square: str | None = None, half: int | None = None,
            clickable: bool = False, ident: str = "") -> str:
    """One square: terrain fill, crowns as small dots, the castle as a grey keep.
    ``square`` (a square name such as ``e5``) is written as ``data-square``; with
    ``clickable`` the square is a click target (``data-click``); ``ident``: its element
    id (a kingdom's squares keep theirs from one drawing to the next: the page morphs
    them in place, so a domino laid on them fades in)."""
    fill, cls = _face(token)
    if clickable:
        cls += " target"
    data = ((f' data-seat="{seat}"' if seat is not None else "")
            + (f' data-square="{square}"' if square else "")
            + (f' data-half="{half}"' if half is not None else "")
            + (keyed_click("square", square)[1].rstrip() if clickable and square else ""))
    tip = _tip(token, square, clickable, language())
    out = (f'<rect{f" id={chr(34)}{ident}{chr(34)}" if ident else ""} class="{cls}" '
           f'x="{x}" y="{y}" width="{size}" height="{size}" '
           f'fill="{fill}" stroke="#8c8273" stroke-width="1"{data}>{tip}</rect>')
    if token == "C":
        s = size
        out += (f'<path class="keep" d="M{x + s * .25} {y + s * .8}V{y + s * .35}h{s * .12}'
                f'v{s * .1}h{s * .1}v-{s * .1}h{s * .06}v{s * .1}h{s * .1}v-{s * .1}h{s * .12}'
                f'V{y + s * .8}z" fill="#7a7a7a" pointer-events="none"/>')
    for k in range(token.count("*")):
        cx = x + size * (0.25 + 0.25 * k)
        out += (f'<circle class="crown" cx="{cx}" cy="{y + size * 0.22}" r="{size * 0.1}" '
                f'fill="#ffd700" stroke="#6b5400" stroke-width="1" pointer-events="none"/>')
    return out


@lru_cache(maxsize=64)
def _face(token: str) -> tuple[str, str]:
    """The fill colour and CSS classes of a square holding ``token``.

    Raises:
        KeyError, IndexError: ``token`` is no kingdom token.
    """
    if token == ".":
        return "#f4efe4", "sq empty"  # i18n: no (CSS classes)
    if token == "C":
        return "#d8d8d8", "sq castle"  # i18n: no (CSS classes)
    return TERRAIN_COLOURS[token[0]], f"sq {TERRAIN_NAMES[token[0]]}"


@lru_cache(maxsize=4096)
def _tip(token: str, square: str | None, clickable: bool, lang: str) -> str:
    """The hover text (``<title>``) of a square holding ``token``, in ``lang`` (the
    language in force when called: the cache keys on it)."""
    words = token_text(token)
    if square:
        words = _("{square}: {what}").format(square=square, what=words)
    if clickable:
        words = _("{what} (a half of your domino may go here)").format(what=words)
    return f"<title>{text(words)}</title>"


def _king(x: float, y: float, king: int, seat: int) -> str:
    colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    return (f'<g id="king-{king}" class="king" data-king="{king}" data-seat="{seat}" '
            f'pointer-events="none" style="transform:translate({x}px,{y}px)">'
            f'<circle cx="0" cy="0" r="9" fill="{colour}" stroke="#222" stroke-width="1.5"/>'
            f'<text x="0" y="4" text-anchor="middle" font-size="11" '
            f'font-weight="bold" fill="#111">{king}</text></g>')


def _domino(x: float, y: float, d: _LineDomino) -> str:
    """Domino ``d`` of a line laid horizontally at ``(x, y)``: number and two halves (its
    king goes in the kings' layer, :func:`_king`). A played domino (placed or discarded
    this round) is drawn faded. The group is placed by a CSS translation and keeps its id,
    so that the page slides a domino from the next line to the current one."""
    start, end = _domino_parts(*d[:5], language())
    return f"{start}style=\"transform:translate({x}px,{y}px)\"{end}"


@lru_cache(maxsize=2048)
def _domino_parts(n: int, code: str, pickable: bool, highlight: bool, played: bool,
                  lang: str) -> tuple[str, str]:
    """:func:`_domino`'s text before and after its place (the group's CSS translation),
    in ``lang`` (the language in force when called: the cache keys on it)."""
    first, second = code.split("/")
    cls = ("domino" + (" target" if pickable else "") + (" acting" if highlight else "")
           + (" played" if played else ""))
    start = f'<g id="domino-{n}" class="{cls}" data-domino="{n}" '
    out = [(' opacity="0.35"' if played else "")
           + (keyed_click("domino", n)[1].rstrip() if pickable else "") + ">"]
    words = domino_text(n, code)
    if pickable:
        words = _("{domino} (click to pick it)").format(domino=words)
    if played:
        words = _("{domino} (played this round)").format(domino=words)
    out.append(f"<title>{text(words)}</title>")
    out.append(f'<text x="-6" y="{CELL * 0.65}" text-anchor="end" font-size="12" '
               f'fill="#333">{n}</text>')
    out.append(_square(0, 0, first, half=1))
    out.append(_square(CELL, 0, second, half=2))
    if highlight:
        out.append(f'<rect x="-2" y="-2" width="{2 * CELL + 4}" height="{CELL + 4}" '
                   f'fill="none" stroke="#d11" stroke-width="3" pointer-events="none"/>')
    if pickable:
        out.append(f'<rect class="hit" x="0" y="0" width="{2 * CELL}" height="{CELL}" '
                   f'fill="transparent" stroke="#1a1" stroke-width="2" stroke-dasharray="4 3"/>')
    out.append("</g>")
    return start, "".join(out)


def played_dominoes(observation: Mapping[str, Any]) -> tuple[set[int], set[int]]:
    """The dominoes of the current line already played this round (placed or discarded)
    and, among them, those whose king has left the line. Kings play the current line from
    top to bottom (Kingdomino quick reference, 'Turn order' and 'On your turn': the
    lowest numbered tile first; its owner adds it to the kingdom, then puts the meeple on
    the next line): the acting king (``observation["king"]``) has played the dominoes
    above its own, and its own once it is picking. At the end of the game every domino was played and no king is left on
    the line. Returns ``(played, kings gone)``."""
    line = [int(e["domino"]) for e in observation.get("current_line", ())]
    phase = observation.get("phase")
    if phase == "end":
        return set(line), set(line)
    if phase not in ("place", "pick"):
        return set(), set()
    kings = [e.get("king") for e in observation.get("current_line", ())]
    acting = observation.get("king")
    if acting not in kings:
        return set(), set()
    i = kings.index(acting)
    gone = set(line[:i])
    return gone | ({line[i]} if phase == "pick" else set()), gone


def pick_action(observation: Mapping[str, Any], domino: int) -> int:
    """Action id of picking domino ``domino`` (1..48) of the next line."""
    return geometry_of(observation).pick_base + domino - 1


def _code_of(observation: Mapping[str, Any], domino: Any) -> str | None:
    """The code (``W/F*``) of domino ``domino`` of the current line, or None."""
    for entry in observation.get("current_line", ()):
        if entry.get("domino") == domino:
            return str(entry.get("code", ""))
    return None


def render(observation: Mapping[str, Any], legal_actions: Sequence[int] = (),
           names: Sequence[str] | None = None, pending: Sequence[Any] = (),
           recent: Sequence[Any] = ()) -> str:
    """The table as an SVG document (a string).

    Args:
        observation: ``state.observation(seat)`` (a JSON-able dict); never the state.
        legal_actions: the actions the viewer may take now (empty when it is not the
            viewer's turn): pickable dominoes and, in the place phase, the empty squares
            of the acting kingdom become click targets; a Discard button appears when
            discarding is legal.
        names: a label per seat (default ``Player 1``...).
        pending: the clicks of a placement in progress (see :func:`click`); a valid one is
            shown as a ghost of the domino on the board (the preview). Anything else in it
            is ignored.
        recent: moves to mark (:func:`regalia.core.svgkit.marks`: the other seats' moves
            the viewer saw since its last one, in the notation it saw, and a suggestion
            with ``hint``): a placement's two squares outlined in its kingdom, a picked
            domino outlined on its line, a discard written under the kingdom's name.

    Shape: every kingdom (B x B squares, B = 9, or 13 in The Mighty Duel; the viewer's
    first), the current and next lines with their kings, scores and whose turn it is.
    """
    g = geometry_of(observation)
    b = g.b
    kingdoms = observation["kingdoms"]
    n_players = len(kingdoms)
    names = [str(x) for x in names] if names else []
    names += [_("Player {n}").format(n=p + 1) for p in range(len(names), n_players)]
    legal = set(legal_actions)
    acting = observation.get("current_player")
    phase = observation.get("phase")
    scores = observation.get("scores") or [0] * n_players
    viewer = observation.get("player")

    order = list(range(n_players))
    seated = isinstance(viewer, int) and 0 <= viewer < n_players
    if isinstance(viewer, int) and seated:
        order.remove(viewer)
        order.insert(0, viewer)
    boxes, line_x, width, height = _frame(b, n_players, seated)
    ky0 = boxes[0][1] - 20
    kx0 = boxes[0][0]
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="regalia kingdomino" '  # i18n: no
           f'width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
           f'data-game="kingdomino" data-phase="{text(phase)}"'
           + (f' data-current-player="{int(acting)}"' if isinstance(acting, int) else "")
           + (f' data-viewer="{int(viewer)}"' if isinstance(viewer, int) else "") + ">"]
    out.append('<style>.target{cursor:pointer}.domino.target:hover .hit{fill:rgba(40,200,40,.25)}'
               'rect.target:hover{stroke:#d11;stroke-width:3}text{font-family:sans-serif}'
               '</style>')
    out.append(HEADING)
    colour = "#333"
    if phase == "end":
        status = _("Game over")
    elif isinstance(acting, int) and 0 <= acting < n_players:
        status = _status(str(phase), acting == viewer, names[acting],
                         observation.get("domino"))
        colour = SEAT_INKS[acting % len(SEAT_INKS)]
    else:
        status = _(PHASE_WORDS[str(phase)]) if str(phase) in PHASE_WORDS else str(phase)
    if observation.get("games", 1) != 1:
        status = _("Game {number} of {games}: {status}").format(
            number=observation.get("game_number", 1), games=observation.get("games", 1),
            status=status)
    out.append(f'<text class="status" x="{kx0}" y="26" font-size="18" font-weight="bold" '
               f'fill="{colour}">{text(status)}</text>')

    ghost = _preview(g, observation, legal, pending) if pending else None
    place_legal = any(a < g.discard for a in legal)
    yours = tuple(p == viewer for p in range(n_players))
    for slot, p in enumerate(order):
        ox, oy, cell = boxes[slot]
        out += _kingdom(p, kingdoms[p], (ox, oy - 20, cell), b, int(scores[p]), names[p],
                        yours[p], p == acting, phase,
                        phase == "place" and p == acting and place_legal)
        if ghost is not None and p == acting:
            out.append(_ghost(g, ghost, ox, oy, cell))
        out.append("</g>")
    lines = _line_specs(observation, legal, g)
    out.append(fragment("lines", (line_x, ky0, lines), _lines, line_x, ky0, lines))
    y = ky0 + 24 + 4 * (CELL + 14) + 10
    left = _("Dominoes left to draw: {count}").format(
        count=int(observation.get("dominoes_left_to_draw", 0)))
    out.append(f'<text x="{line_x - 20}" y="{y}" font-size="12" fill="#555">{text(left)}</text>')
    if g.discard in legal:
        out.append(_discard_button(line_x - 20, y + 10, observation.get("domino")))
    if recent:
        out.append(_marks(recent, boxes, order, _line_places(line_x, ky0, lines),
                          (line_x - 20, y + 10), b))
    else:
        out.append('<g class="marks"></g>')
    out.append("</svg>")
    heading = _board_heading(status, tuple(names),
                             tuple(int(scores[p]) for p in range(n_players)), yours,
                             language())
    if HEADING in out[0]:   # a phase spelling the place-holder: it takes the heading
        return "".join(out).replace(HEADING, heading, 1)
    out[2] = heading
    return "".join(out)


@lru_cache(maxsize=1024)
def _board_heading(status: str, names: tuple[str, ...], scores: tuple[int, ...],
                   yours: tuple[bool, ...], lang: str) -> str:
    """The board's title and description (:func:`~regalia.core.svgkit.board_heading`):
    the ``status`` line and each seat's name (``(you)`` where ``yours``) and score, in
    ``lang`` (the language in force when called: the cache keys on it)."""
    desc = _("{status}. Scores: {scores}.").format(
        status=status or "Kingdomino",
        scores=", ".join(_("{name} {score}").format(name=_you(names[p], yours[p]),
                                                     score=scores[p])
                         for p in range(len(scores))))
    return board_heading(_("Kingdomino: the kingdoms and the lines of dominoes"), desc)


def _kingdom(p: int, rows: Sequence[str], box: tuple[int, int, int], b: int, score: int,
             name: str, viewer: bool, acting: bool, phase: Any, clickable: bool
             ) -> tuple[str, str]:
    """Seat ``p``'s kingdom up to its squares (the caller adds the preview and closes the
    group): :func:`_kingdom_heading` and the squares (:func:`_squares`, remembered), two
    texts (the board joins them with the rest: a kingdom's squares are not copied twice)."""
    ox, oy, cell = box
    square_box = (ox, oy + 20, cell)
    return (_kingdom_heading(p, box, b, score, name, viewer, acting, acting and phase != "end",
                             language()),
            fragment("squares", (p, tuple(rows), square_box, clickable), _squares, p, rows,
                     square_box, clickable))


@lru_cache(maxsize=4096)
def _kingdom_heading(p: int, box: tuple[int, int, int], b: int, score: int, name: str,
                     viewer: bool, acting: bool, framed: bool, lang: str) -> str:
    """The start of seat ``p``'s kingdom (top-left corner and square size ``box``, ``b``
    squares a side): the group, the acting seat's frame (``framed``), the heading (name,
    ``(you)`` for the ``viewer``, points; bold for the ``acting`` seat), in ``lang`` (the
    language in force when called: the cache keys on it)."""
    ox, oy, cell = box
    side = b * cell
    out = f'<g class="kingdom" data-seat="{p}">'
    if framed:
        out += (f'<rect class="acting-frame" x="{ox - 4}" y="{oy - 2}" '
                f'width="{side + 8}" height="{side + 28}" rx="6" fill="none" '
                f'stroke="{SEAT_COLOURS[p % len(SEAT_COLOURS)]}" stroke-width="3"/>')
    heading = ngettext("{name}: {score} point", "{name}: {score} points", score).format(
        name=text(_you(name, viewer)),
        score=f'<tspan class="score" data-seat="{p}">{score}</tspan>')
    return out + (f'<text x="{ox}" y="{oy + 14}" font-size="14" '
                  f'font-weight="{"bold" if acting else "normal"}" '
                  f'fill="{SEAT_INKS[p % len(SEAT_INKS)]}">{heading}</text>')


def _squares(p: int, rows: Sequence[str], box: tuple[int, int, int], clickable: bool) -> str:
    """The squares of seat ``p``'s kingdom (``rows``: the observation's rows of tokens)
    from the top-left corner and square size ``box``, its empty squares click targets when
    ``clickable``. A part of the board remembered by (seat, rows, box, clickable)."""
    x0, y0, cell = box
    lang = language()
    return "".join(_kingdom_row(x0, y0 + r * cell, row, cell, p, r, clickable, lang)
                   for r, row in enumerate(rows))


@lru_cache(maxsize=4096)
def _kingdom_row(x0: int, y: int, row: str, cell: int, p: int, r: int, clickable: bool,
                 lang: str) -> str:
    """Row ``r`` of seat ``p``'s kingdom (its tokens ``row``) from ``(x0, y)``, in ``lang``
    (the language in force when called: the cache keys on it). Cached: a kingdom is drawn
    again each time a domino is laid in it, and its other rows are drawn the same."""
    out = []
    for c, tok in enumerate(row.split()):
        name = f"{chr(97 + c)}{r + 1}"
        out.append(_square(x0 + c * cell, y, tok, size=cell, seat=p, square=name,
                           clickable=clickable and tok == ".", ident=f"k{p}-{name}"))
    return "".join(out)


#: A domino of a line as drawn: ``(number, code, pickable, highlight, played, king)``:
#: whether it is a click target, the domino being placed, played this round, and the king on
#: it as ``(king, seat)`` (None when there is none or it has left the line). A plain tuple
#: of numbers and strings: it is part of the keys of remembered parts, and such tuples
#: leave the garbage collector's watch.
_LineDomino = tuple[int, str, bool, bool, bool, "tuple[int, int] | None"]


def _line_specs(observation: Mapping[str, Any], legal: set[int],
                g: Geometry) -> tuple[tuple[_LineDomino, ...], tuple[_LineDomino, ...]]:
    """The current and the next line as :func:`_lines` draws them (everything their text
    depends on, so also the key of that part)."""
    played, gone = played_dominoes(observation)
    placing = observation.get("phase") == "place"
    domino = observation.get("domino")
    out = []
    for key in ("current_line", "next_line"):
        current = key == "current_line"
        line = []
        for entry in observation[key]:
            n = entry["domino"]
            king = entry.get("king")
            pick = g.pick_base + int(n) - 1
            line.append((
                int(n), str(entry["code"]),
                not current and g.pick_base <= pick < g.draw_base and pick in legal,
                current and placing and n == domino,
                current and n in played,
                (int(king), int(entry["player"]))
                if king is not None and not (current and n in gone) else None))
        out.append(tuple(line))
    return out[0], out[1]


def _line_places(line_x: int, ky0: int, lines: Sequence[Sequence[_LineDomino]]
                 ) -> dict[int, tuple[int, int]]:
    """Where each domino of the two lines is drawn (its top-left corner), by number."""
    return {d[0]: (line_x + k * (2 * CELL + 60), ky0 + 24 + i * (CELL + 14))
            for k, line in enumerate(lines) for i, d in enumerate(line)}


def _lines(line_x: int, ky0: int, lines: Sequence[Sequence[_LineDomino]]) -> str:
    """The current and next lines of dominoes (:func:`_line_specs`) from ``(line_x,
    ky0)``, then the layer of the kings on them. A part of the board remembered by its
    arguments."""
    out = []
    kings: list[tuple[int, str]] = []               # the kings' layer, by king
    for k, (key, line) in enumerate(zip(("current", "next"), lines)):
        x = line_x + k * (2 * CELL + 60)
        title = text(_("Current line") if key == "current" else _("Next line"))
        out.append(f'<g class="line" data-line="{key}">')
        out.append(f'<text x="{x - 20}" y="{ky0 + 14}" font-size="13">{title}</text>')
        for i, d in enumerate(line):
            y = ky0 + 24 + i * (CELL + 14)
            out.append(_domino(x, y, d))
            king = d[5]
            if king is not None:
                kings.append((king[0], _king(x + 2 * CELL + 14, y + CELL / 2, *king)))
        out.append("</g>")
    out.append('<g class="kings">' + "".join(k for _, k in sorted(kings)) + "</g>")
    return "".join(out)


def _discard_button(x: int, y: int, domino: Any) -> str:
    """The Discard button (top-left corner ``(x, y)``) of domino ``domino``."""
    tip = _("Domino {number} fits nowhere in your kingdom: discard it").format(number=domino)
    return (f'<g class="button target"{keyed_click("choice", "discard")[1].rstrip()}>'
            f'<title>{text(tip)}</title>'
            f'<rect class="hit" x="{x}" y="{y}" width="120" height="28" '
            f'rx="5" fill="#eee" stroke="#a33"/><text x="{x + 60}" y="{y + 19}" '
            f'text-anchor="middle" font-size="13">{text(_choice("discard"))}</text></g>')


def _status(phase: str, mine: bool, name: str, domino: Any) -> str:
    """The status line while seat ``name`` acts (``mine``: the viewer's own turn)."""
    if phase == "place":
        if mine:
            return _("Your turn: place domino {number}").format(number=domino)
        return _("{name} to place domino {number}").format(name=name, number=domino)
    if phase == "pick":
        if mine:
            return _("Your turn: pick a domino of the next line")
        return _("{name} to pick a domino of the next line").format(name=name)
    return (_("Your turn: {phase}") if mine else _("{name} to {phase}")).format(
        name=name, phase=phase)


def _you(name: str, viewer: bool) -> str:
    """``Anna (you)`` for the viewer's own seat, else the name."""
    return _("{name} (you)").format(name=name) if viewer else name


def _choice(choice: str) -> str:
    """The label of a choice button: ``Place``, ``Rotate``, ``Discard``."""
    if choice == "place":
        return pgettext("button", "Place")
    if choice == "rotate":
        return pgettext("button", "Rotate")
    return pgettext("button", "Discard")


#: Colours of the marks: a recent move of another seat, and a suggestion.
RECENT = "#e8590c"
HINT = "#1864ab"


def _marks(recent: Any, boxes: Sequence[tuple[int, int, int]], order: Sequence[int],
           at: Mapping[int, tuple[float, float]], discard_at: tuple[float, float],
           b: int) -> str:
    """The marks of ``recent`` (see :func:`render`), drawn over everything, never clickable."""
    out = []
    lang = language()
    for k, item in marks(recent):
        seat, hint, notation = item["seat"], item["hint"], item["notation"]
        colour = HINT if hint else RECENT
        dash = ' stroke-dasharray="7 4"' if hint else ""
        note, squares, picked = _mark_words(notation, hint, lang)
        if squares is not None and seat in order:
            ox, oy, cell = boxes[order.index(seat)]
            column, row, columns, rows, low, high = squares
            if low < 0 or high >= b:
                continue
            x0, y0, w, h = ox + column * cell, oy + row * cell, columns * cell, rows * cell
            out.append(f'<rect{mark_id(item, k)} x="{x0 - 3}" y="{y0 - 3}" width="{w + 6}" '
                       f'height="{h + 6}" rx="4" fill="none" stroke="{colour}" '
                       f'stroke-width="4"{dash} pointer-events="none"><title>{note}</title>'
                       f'</rect>')
        elif picked is not None and picked in at:
            x, y = at[picked]
            out.append(f'<rect{mark_id(item, k)} x="{x - 5}" y="{y - 5}" '
                       f'width="{2 * CELL + 34}" height="{CELL + 10}" rx="6" fill="none" '
                       f'stroke="{colour}" stroke-width="4"{dash} pointer-events="none">'
                       f'<title>{note}</title></rect>')
        elif notation == "discard" and hint:
            x, y = discard_at
            out.append(f'<rect{mark_id(item, k)} x="{x - 4}" y="{y - 4}" width="128" '
                       f'height="36" rx="7" fill="none" stroke="{colour}" stroke-width="4"'
                       f'{dash} pointer-events="none"><title>{note}</title></rect>')
        elif notation == "discard" and seat in order:
            ox, oy, cell = boxes[order.index(seat)]
            x, y = ox + b * cell - 4, oy + 8
            badge = text(_("discarded a domino"))
            out.append(f'<g{mark_id(item, k)}><rect x="{x - 132}" y="{y}" width="132" '
                       f'height="22" rx="11" fill="#fff" stroke="{RECENT}" stroke-width="2"/>'
                       f'<text x="{x - 66}" y="{y + 15}" text-anchor="middle" font-size="12.5" '
                       f'font-weight="bold" fill="#9c3a00">{badge}</text>'
                       f'<title>{note}</title></g>')
    return '<g class="marks">' + "".join(out) + "</g>"


@lru_cache(maxsize=4096)
def _mark_words(notation: str, hint: bool, lang: str
                ) -> tuple[str, tuple[int, int, int, int, int, int] | None, int | None]:
    """What a mark of move ``notation`` says and where it goes: its hover text (escaped,
    in ``lang``, the language in force when called: the cache keys on it); for a placement,
    the top-left (column, row) of its two squares, the columns and rows they span, and the
    lowest and highest of their columns and rows (the mark is drawn when both squares are
    on the board); for a pick, the domino's number (None where the move is not of that
    kind)."""
    note = text((_("Suggested: {move}") if hint else _("Just played: {move}"))
                .format(move=notation))
    m = PLACE.match(notation)
    pick = NUMBERED.match(notation)
    squares = None
    if m:
        (c1, r1), (c2, r2) = ((ord(q[0]) - 97, int(q[1:]) - 1) for q in m.groups())
        squares = (min(c1, c2), min(r1, r2), abs(c1 - c2) + 1, abs(r1 - r2) + 1,
                   min(c1, c2, r1, r2), max(c1, c2, r1, r2))
    picked = int(pick.group(2)) if pick and pick.group(1) == "pick" else None
    return note, squares, picked


class _Ghost(NamedTuple):
    """A placement previewed: the padded squares of the two halves and the domino's code."""

    first: int
    second: int
    code: str


def _ghost(g: Geometry, ghost: _Ghost, ox: float, oy: float, cell: int) -> str:
    """The domino being placed, drawn translucent over its squares with a dashed outline."""
    first, _sep, second = ghost.code.partition("/")
    out = ['<g class="preview" opacity="0.85" pointer-events="none">']
    for idx, token in ((ghost.first, first), (ghost.second, second)):
        r, c = g.rc[idx]
        out.append(_square(ox + c * cell, oy + r * cell, token, size=cell))
    (r1, c1), (r2, c2) = g.rc[ghost.first], g.rc[ghost.second]
    x, y = ox + min(c1, c2) * cell, oy + min(r1, r2) * cell
    w, h = (abs(c1 - c2) + 1) * cell, (abs(r1 - r2) + 1) * cell
    out.append(f'<rect class="preview-outline" x="{x - 2}" y="{y - 2}" width="{w + 4}" '
               f'height="{h + 4}" fill="none" stroke="#d11" stroke-width="3" '
               f'stroke-dasharray="6 3"/>')
    fx, fy = ox + c1 * cell, oy + r1 * cell
    tip = text(_("first half"))
    out.append(f'<circle cx="{fx + cell / 2}" cy="{fy + cell / 2}" r="{cell * 0.12}" '
               f'fill="#d11"><title>{tip}</title></circle>')
    out.append("</g>")
    return "".join(out)


@lru_cache(maxsize=64)
def _frame(b: int, n_players: int, seated: bool
           ) -> tuple[tuple[tuple[int, int, int], ...], int, int, int]:
    """The board's layout (:func:`_layout`: the kingdoms' boxes and the lines' x) and its
    width and height."""
    boxes, line_x = _layout(b, n_players, seated)
    width = max(line_x + 2 * (2 * CELL + 60) + 10, max(x + b * c + 10 for x, _, c in boxes))
    ky0 = boxes[0][1] - 20
    height = max(max(y + b * c + 10 for _, y, c in boxes), ky0 + 24 + 4 * (CELL + 14) + 60)
    return tuple(boxes), line_x, width, height


def _layout(b: int, n_players: int, seated: bool) -> tuple[list[tuple[int, int, int]], int]:
    """Where each kingdom goes, in drawing order (the viewer's first): ``(x, y, cell)`` of
    its top-left square and its square size; and the x of the lines of dominoes. A seat's
    own kingdom is drawn large on the left with the lines beside it; one opponent's
    kingdom goes under the lines, two or three in a row under the viewer's (a column
    beside it, or a row of kingdoms and lines, left the space under the viewer's kingdom
    empty on the page). A spectator sees every kingdom alike, two per row, the lines on
    the right."""
    top = 64
    if seated:
        big, small = (40, 24) if b <= 9 else (28, 17)
        out = [(10, top, big)]
        if n_players == 2:
            out.append((10 + b * big + GAP, top + LINES_HEIGHT, small))
        else:
            y = top + b * big + 40
            out += [(10 + k * (b * small + GAP), y, small) for k in range(n_players - 1)]
        return out, 10 + b * big + 50
    cell = CELL if b <= 9 else 22
    out = [(10 + (k % 2) * (b * cell + GAP), top + (k // 2) * (b * cell + GAP + 24), cell)
           for k in range(n_players)]
    return out, max(x + b * c for x, _, c in out) + 50


def public_observation(observation: Mapping[str, Any]) -> dict[str, Any]:
    """What a spectator may see: in Kingdomino every observation is public (the only
    hidden thing, the order of future draws, is in no observation); the viewer is dropped."""
    out = dict(observation)
    out["player"] = None
    return out


# ---------------------------------------------------------------------------- clicks
class _Placing(NamedTuple):
    """A placement in progress: the first half's padded square, the legal second-half
    squares around it in turning order (name, action), and which one is previewed."""

    first: int
    options: tuple[tuple[str, int], ...]
    turn: int


def _check(c: Any) -> str | None:
    """Why a click object is malformed, or None when it is one of the documented shapes."""
    if not isinstance(c, dict) or len(c) != 1:
        return _("a click is an object with one key: square, domino, choice or action "
                 "(got {got})").format(got=_short(c))
    (key, value), = c.items()
    if key == "square":
        ok = isinstance(value, str) and 2 <= len(value) <= 3
    elif key in ("domino", "action"):
        ok = type(value) is int and 0 <= value < 10**6
    elif key == "choice":
        ok = value in CHOICES
    else:
        return _("unknown click {click}: a click names a square, domino, choice or "
                 "action").format(click=_short(c))
    return None if ok else _("malformed click {click}").format(click=_short(c))


def _short(value: Any) -> str:
    try:
        t = json.dumps(value, sort_keys=True)
    except (TypeError, ValueError):
        t = type(value).__name__
    return t if len(t) <= 40 else t[:37] + "..."


def _options(g: Geometry, observation: Mapping[str, Any], place: Sequence[int],
             first: int) -> tuple[tuple[str, int], ...]:
    """Legal second-half squares for the first half on ``first``, in turning order (east,
    south, west, north), each with its action. A domino with two identical halves has only
    east/south ids (ruling R3): the same squares the other way round name the same
    placement."""
    return _turning(g.n, tuple(place), first, _symmetric(observation))


@lru_cache(maxsize=256)
def _turning(n: int, place: tuple[int, ...], first: int, symmetric: bool
             ) -> tuple[tuple[str, int], ...]:
    """:func:`_options` for kingdoms of side ``n``, the placements ``place`` (sorted),
    cached: each click of a placement reads the clicks before it again, and the board of
    each shows the preview."""
    g = geometry(n)
    found: dict[int, int] = {}
    for a in place:
        i1, i2 = _ends(g, a)
        if i1 == first:
            found[i2] = a
        elif symmetric and i2 == first:
            found.setdefault(i1, a)
    order = [first + off for off in g.offsets]
    return tuple((g.names[i], found[i]) for i in order if i in found)


def _placing(g: Geometry, observation: Mapping[str, Any], legal: set[int],
             clicks: Sequence[Any]) -> dict[str, Any] | _Placing:
    """Read a placement's clicks: ``{"action"}``, ``{"error"}``, or the step reached."""
    place = sorted(a for a in legal if a < g.discard)
    name = str(clicks[0]["square"]).strip().lower()
    if name not in g.by_name:
        last = f"{chr(96 + g.b)}{g.b}"
        return {"error": _("{square} is not a square of the kingdom (a1 to {last})").format(
            square=repr(clicks[0]["square"]), last=last)}
    if not place:
        return {"error": _("there is no domino to place now")}
    first = g.by_name[name]
    options = _options(g, observation, place, first)
    if not options:
        return {"error": _("no legal placement puts the first half of domino {number} on "
                           "{square}; click a highlighted square").format(
                               number=observation.get("domino"), square=name)}
    turn = 0
    for i, c in enumerate(clicks[1:], 1):
        is_last = i == len(clicks) - 1
        if c == {"choice": "rotate"} or c == {"square": g.names[first]}:
            turn += 1
            continue
        if not is_last:
            return {"error": _("a placement ends with Place or with the second half's "
                               "square")}
        if c == {"choice": "place"}:
            return {"action": options[turn % len(options)][1]}
        if "square" in c:
            second = str(c["square"]).strip().lower()
            for n, a in options:
                if n == second:
                    return {"action": a}
            return {"error": _("{placement} is not a legal placement; with the first half "
                               "on {first} the second may go on {seconds}").format(
                                   placement=f"{g.names[first]}-{c['square']}",
                                   first=g.names[first],
                                   seconds=", ".join(n for n, _a in options))}
        return {"error": _("{click} does not go on with a placement: Rotate, Place or a "
                           "highlighted square").format(click=_short(c))}
    return _Placing(first, options, turn % len(options))


def _preview(g: Geometry, observation: Mapping[str, Any], legal: set[int],
             pending: Sequence[Any]) -> _Ghost | None:
    """The ghost of a valid placement in progress (None for anything else)."""
    if (not isinstance(pending, (list, tuple)) or not pending or len(pending) > MAX_CLICKS
            or any(_check(c) for c in pending) or "square" not in pending[0]):
        return None
    step = _placing(g, observation, legal, pending)
    code = _code_of(observation, observation.get("domino"))
    if not isinstance(step, _Placing) or code is None:
        return None
    return _Ghost(step.first, g.by_name[step.options[step.turn][0]], code)


def click(observation: Mapping[str, Any], legal_actions: Sequence[int],
          clicks: Sequence[Any]) -> dict[str, Any]:
    """Map the clicks of a move in progress to a legal action, the next step, or a refusal
    (board protocol v2; the click objects are listed in the module docstring).

    Args:
        observation: the acting seat's observation.
        legal_actions: the current legal actions of the acting seat (empty: not its turn).
        clicks: the click objects so far, oldest first (``[]`` at the start of a turn).

    Returns:
        ``{"action": id}`` for a complete legal action;
        ``{"next": {"prompt", "targets", "choices"}}``: what to do now, the ``data-click``
        values to highlight, and buttons (``{"label", "click"}``);
        ``{"error": message}`` for anything else (malformed or hostile clicks included),
        naming what was wrong and what is allowed. Never raises.
    """
    try:
        return _click(observation, legal_actions, clicks)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        return {"error": _("these clicks could not be read; start the move again")}


def _click(observation: Mapping[str, Any], legal_actions: Sequence[int],
           clicks: Sequence[Any]) -> dict[str, Any]:
    g = geometry_of(observation)
    legal = {a for a in legal_actions if type(a) is int}
    if not legal:
        return {"error": _("it is not your turn")}
    if not isinstance(clicks, (list, tuple)):
        return {"error": _("clicks must be a list of click objects")}
    if len(clicks) > MAX_CLICKS:
        return {"error": _("a move takes at most {most} clicks; start again").format(
            most=MAX_CLICKS)}
    for c in clicks:
        problem = _check(c)
        if problem:
            return {"error": problem}
    place = [a for a in legal if a < g.discard]
    picks = sorted(a for a in legal if g.pick_base <= a < g.draw_base)
    n = observation.get("domino")
    code = _code_of(observation, n) or "?/?"
    if not clicks:
        if picks:
            return _next(_("Pick a domino of the next line: click it (you place it next "
                           "round)"),
                         [("domino", a - g.pick_base + 1) for a in picks])
        if place:
            first_half = token_text(code.partition("/")[0])
            firsts = sorted({g.names[_ends(g, a)[0]] for a in place}
                            | ({g.names[_ends(g, a)[1]] for a in place}
                               if _symmetric(observation) else set()), key=_square_key)
            faces = domino_text(int(str(n)), code).split(": ", 1)[1]
            return _next(_("Place domino {number} ({faces}): click the square for its first "
                           "half ({first_half})").format(number=n, faces=faces,
                                                         first_half=first_half),
                         [("square", s) for s in firsts])
        if g.discard in legal:
            return _next(_("Domino {number} fits nowhere in your kingdom: it is "
                           "discarded").format(number=n),
                         [], [(_choice("discard"), {"choice": "discard"})])
        return _next(_("Choose your move"), [],
                     [(_("action {id}").format(id=a), {"action": a}) for a in sorted(legal)])
    c0 = clicks[0]
    whole = None
    if "action" in c0:
        whole = c0["action"] if c0["action"] in legal else None
        why = _("action {id} is not legal now").format(id=c0["action"])
    elif "domino" in c0:
        a = g.pick_base + c0["domino"] - 1
        whole = a if 1 <= c0["domino"] <= 48 and a in legal else None
        free = ", ".join(str(p - g.pick_base + 1) for p in picks)
        why = (_("domino {number} cannot be picked now; free dominoes of the next line: "
                 "{free}") if free else _("domino {number} cannot be picked now")).format(
                     number=c0["domino"], free=free)
    elif c0 == {"choice": "discard"}:
        whole = g.discard if g.discard in legal else None
        why = _("discarding is allowed only when the domino fits nowhere in your kingdom")
    elif "choice" in c0:
        return {"error": _("{choice} goes on with a placement: click the square of the first "
                           "half first").format(choice=_choice(c0["choice"]))}
    else:
        step = _placing(g, observation, legal, clicks)
        if not isinstance(step, _Placing):
            return step
        second, _action = step.options[step.turn]
        first = g.names[step.first]
        choices = [(_choice("place"), {"choice": "place"})]
        if len(step.options) > 1:
            choices.insert(0, (_choice("rotate"), {"choice": "rotate"}))
        others = ", ".join(s for s, _a in step.options if s != second)
        if others:
            prompt = _("Domino {number}: first half on {first}, second half on {second} "
                       "(preview). Place it, Rotate, or click {others}; Cancel to start over")
        else:
            prompt = _("Domino {number}: first half on {first}, second half on {second} "
                       "(preview). Place it; Cancel to start over")
        prompt = prompt.format(number=n, first=first, second=second, others=others)
        return _next(prompt, [("square", s) for s, _ in step.options], choices)
    if whole is None:
        return {"error": why}
    if len(clicks) != 1:
        return {"error": _("a pick, a discard or an action id is a whole move by itself")}
    return {"action": whole}


def _next(prompt: str, targets: Sequence[tuple[str, str | int]],
          choices: Sequence[tuple[str, Mapping[str, Any]]] = ()) -> dict[str, Any]:
    """The next step of a move: ``targets`` are one-key click objects as ``(key, value)``
    (``("square", "e5")``; their canonical text cached, :func:`~.svgkit.keyed_click`)."""
    return {"next": {"prompt": prompt,
                     "targets": [keyed_click(key, value)[0] for key, value in targets],
                     "choices": [{"label": label, "click": dict(c)} for label, c in choices]}}


def _symmetric(observation: Mapping[str, Any]) -> bool:
    """True when the domino to place has two identical halves (code ``X/X``)."""
    a, _sep, b = (_code_of(observation, observation.get("domino")) or "").partition("/")
    return bool(a) and a == b


def _ends(g: Geometry, action: int) -> tuple[int, int]:
    """The padded squares of a legal placement (a legal one never lies off the board)."""
    squares = g.place_squares[action]
    assert squares is not None, f"placement {action} lies off the board"
    return squares


def _square_key(name: str) -> tuple[int, str]:
    return int(name[1:]), name[0]


# ---------------------------------------------------------------------------- scores
def breakdowns(observation: Mapping[str, Any]) -> list[Breakdown]:
    """Each seat's kingdom on the table scored with the game's own scoring
    (:func:`~regalia.games.kingdomino.scoring.parse_kingdom` and its ``breakdown``), from the
    kingdoms in the observation; the bonuses of the variants played
    (:func:`~regalia.games.kingdomino.scoring.kingdom_breakdown`). Previous Dynasty games
    are not in a kingdom: they are ``scores`` minus the kingdom's points."""
    return [_breakdown(*kingdom) for kingdom in _kingdoms(observation)]


def _kingdoms(observation: Mapping[str, Any]
              ) -> list[tuple[int, tuple[str, ...], int, bool, bool, int]]:
    """What each seat's kingdom is scored from: ``(seat, rows of tokens, side, Middle
    Kingdom played, Harmony played, dominoes it discarded)``."""
    n = geometry_of(observation).n
    variants = set((observation.get("params") or {}).get("variants") or ())
    middle, harmony = "middle-kingdom" in variants, "harmony" in variants
    discarded = list(observation.get("discarded") or [])
    return [(p, tuple(rows), n, middle, harmony,
             int(discarded[p]) if p < len(discarded) else 0)
            for p, rows in enumerate(observation["kingdoms"])]


def _breakdown(p: int, rows: tuple[str, ...], n: int, middle: bool, harmony: bool,
               discarded: int) -> Breakdown:
    """Seat ``p``'s kingdom (``rows`` of tokens, side ``n``) scored with the bonuses of
    the variants played and its ``discarded`` dominoes.

    Raises:
        DataError: the rows are no kingdom (:func:`~.scoring.parse_kingdom`).
    """
    kingdom = parse_kingdom("\n".join(rows), size=n, source=f"kingdom {p + 1}")
    return kingdom.breakdown(middle, harmony, discarded)


def score_table(observation: Mapping[str, Any],
                names: Sequence[str] | None = None) -> dict[str, Any]:
    """The score of every kingdom as it stands (the final scoring applied now), one column
    per seat: property points, crowns, the bonuses of the variants played (Middle Kingdom
    +10, Harmony +5), previous Dynasty games, and the total (= the observation's scores).
    Once the game is over: the points of each terrain's properties and the tie-break
    (largest property, crowns) too. Headings: ``Scoring item`` and one per seat
    (``names``, else ``Player N``; :func:`regalia.core.svgkit.score_headings`)."""
    cols = [_column(*kingdom) for kingdom in _kingdoms(observation)]
    variants = set((observation.get("params") or {}).get("variants") or ())
    n = len(cols)
    scores = [int(s) for s in (observation.get("scores") or [c.game for c in cols])]
    over = observation.get("phase") == "end"
    rows: list[dict[str, Any]] = []
    if over:
        for k, terrain in enumerate(TERRAIN_NAMES.values()):
            rows.append({"label": terrain_word(terrain).capitalize(),
                         "cells": [c.terrains[k] for c in cols]})
    rows.append({"label": _("Properties"), "cells": [c.properties for c in cols]})
    rows.append({"label": _("Crowns"), "cells": [c.crowns for c in cols]})
    if "middle-kingdom" in variants:
        rows.append({"label": _("Middle Kingdom (+{bonus})").format(bonus=MIDDLE_KINGDOM_BONUS),
                     "cells": [c.middle for c in cols]})
    if "harmony" in variants:
        rows.append({"label": _("Harmony (+{bonus})").format(bonus=HARMONY_BONUS),
                     "cells": [c.harmony for c in cols]})
    if "dynasty" in variants:
        rows.append({"label": _("Previous games (Dynasty)"),
                     "cells": [scores[p] - int(cols[p].game) for p in range(n)]})
    if over:
        rows.append({"label": _("Largest property (tie-break)"),
                     "cells": [c.largest for c in cols]})
    rows.append({"label": _("Total"), "cells": scores})
    return {"headings": score_headings(n, names), "rows": rows}


class _Column(NamedTuple):
    """A kingdom's cells of the score table (:func:`score_table`): each terrain's
    properties (``"3×2 + 1×1 = 7"``, or 0; in :data:`TERRAIN_NAMES` order), property
    points, crowns, the Middle Kingdom and Harmony bonuses, the points of the kingdom
    (:func:`~regalia.games.kingdomino.scoring.game_points`) and its largest property."""

    terrains: tuple[str | int, ...]
    properties: int
    crowns: int
    middle: int
    harmony: int
    game: float
    largest: int


@lru_cache(maxsize=1024)
def _column(p: int, rows: tuple[str, ...], n: int, middle: bool, harmony: bool,
            discarded: int) -> _Column:
    """Seat ``p``'s kingdom in the score table's cells (:func:`_breakdown`'s arguments;
    cached: a kingdom is scored once, not once per seat and ply)."""
    b = _breakdown(p, rows, n, middle, harmony, discarded)
    props = properties_of(b)
    terrains: list[str | int] = []
    for terrain in TERRAIN_NAMES.values():
        crowned = [q for q in props if q.terrain == terrain and q.crowns]
        terrains.append(" + ".join(f"{q.squares}×{q.crowns}" for q in crowned)
                        + f" = {sum(q.points for q in crowned)}" if crowned else 0)
    return _Column(tuple(terrains), int(b.points("property")), crown_count(b),
                   int(b.points("middle_kingdom")), int(b.points("harmony")), game_points(b),
                   largest_property(b))


def scoring_help(observation: Mapping[str, Any]) -> list[dict[str, str]]:
    """How Kingdomino scores (the quick reference's "End of the Game"), the variants played
    (their text from :data:`~regalia.games.kingdomino.rules.VARIANTS`) and the tie-break,
    each with its source."""
    variants = tuple((observation.get("params") or {}).get("variants") or ())
    return [dict(x) for x in _scoring_help(variants, language())]


@lru_cache(maxsize=32)
def _scoring_help(variants: tuple[str, ...], lang: str) -> tuple[dict[str, str], ...]:
    """The scoring help of the ``variants`` played, in ``lang`` (the language in force
    when called: the cache keys on it)."""
    out = [{"heading": _("Properties"),
            "text": _("A property is a group of squares of one terrain connected horizontally "
                      "or vertically. Each property scores its number of squares times the "
                      "crowns in it; a property without a crown scores 0. A kingdom may hold "
                      "several properties of one terrain, each scored on its own."),
            "source": book_section("End of the Game")}]  # i18n: no (a section title as printed)
    for name in sorted(set(variants) & SCORING_VARIANTS):
        heading, _sep, rule = variant_text(name).partition(": ")
        out.append({"heading": heading, "text": rule or heading, "source": _(VARIANT_SOURCE)})
    out.append({"heading": _("Tie-break"),
                "text": _("On equal points the player with the most extended property wins; "
                          "if still tied, the one with the most crowns; then the victory is "
                          "shared."),
                "source": _(TIE_BREAK_SOURCE)})
    return tuple(out)
