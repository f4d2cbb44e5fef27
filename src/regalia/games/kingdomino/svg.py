"""Kingdomino drawn as SVG from a seat's observation, and clicks mapped to actions.

The drawing takes only ``observation(seat)`` (see :meth:`KingdominoState.observation`),
never the state, so nothing a seat may not see can be drawn (ARCHITECTURE.md,
"Presentation"). The same drawing serves the web table, ``regalia render`` and Jupyter
(``_repr_svg_``).

Clickable elements carry data attributes:

* ``data-action="ID"``: a complete action (pick a domino of the next line; discard);
* ``data-square="e5"`` (with ``data-seat``): a square of the acting seat's kingdom, one step
  of a two-click placement (first half, then second half);
* ``data-domino="N"``: a domino of a line (informative; picks also carry ``data-action``).

:func:`click` maps a sequence of clicks (those attributes as dicts) and the legal actions to
an action id, to the next step (which squares complete the placement), or to a refusal.
Action ids follow :mod:`regalia.games.kingdomino.board`.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence
from xml.sax.saxutils import escape, quoteattr

from .board import Geometry, geometry

#: Fill colour of each terrain letter (wheat, forest, lake, grassland, swamp, mine).
TERRAIN_COLOURS = {"W": "#e6c440", "F": "#2f6b33", "L": "#3a7bd5", "G": "#8dc641",
                   "S": "#8a7f5c", "M": "#4d4d4d"}
TERRAIN_NAMES = {"W": "wheat", "F": "forest", "L": "lake", "G": "grassland", "S": "swamp",
                 "M": "mine"}
#: Colour of each seat's kings (pink, yellow, green, blue as in the box).
SEAT_COLOURS = ("#d94f9b", "#e3b51f", "#3c9a4b", "#3f6fd1")
CELL = 30
GAP = 24


def geometry_of(observation: Mapping[str, Any]) -> Geometry:
    """The board :class:`~regalia.games.kingdomino.board.Geometry` of an observation (its
    kingdoms are B x B rows of tokens, B = 2N - 1)."""
    b = len(observation["kingdoms"][0])
    return geometry((b + 1) // 2)


def _attr(**attrs: Any) -> str:
    return "".join(f" {k.replace('_', '-')}={quoteattr(str(v))}" for k, v in attrs.items()
                   if v is not None)


def _square(x: float, y: float, token: str, size: int = CELL, seat: int | None = None,
            square: str | None = None, half: int | None = None) -> str:
    """One square: terrain fill, crowns as small dots, the castle as a grey keep.
    ``square`` (a square name such as ``e5``) makes it a click target; ``seat`` and
    ``half`` are data attributes (all three are plain ints or names: nothing to escape)."""
    out = []
    if token == ".":
        fill, cls = "#f4efe4", "sq empty target" if square else "sq empty"
    elif token == "C":
        fill, cls = "#d8d8d8", "sq castle"
    else:
        fill, cls = TERRAIN_COLOURS[token[0]], f"sq {TERRAIN_NAMES[token[0]]}"
    data = ((f' data-seat="{seat}"' if seat is not None else "")
            + (f' data-square="{square}"' if square else "")
            + (f' data-half="{half}"' if half is not None else ""))
    out.append(f'<rect class="{cls}" x="{x}" y="{y}" width="{size}" height="{size}" '
               f'fill="{fill}" stroke="#8c8273" stroke-width="1"{data}/>')
    if token == "C":
        s = size
        out.append(f'<path class="keep" d="M{x + s * .25} {y + s * .8}V{y + s * .35}h{s * .12}'
                   f'v{s * .1}h{s * .1}v-{s * .1}h{s * .06}v{s * .1}h{s * .1}v-{s * .1}h{s * .12}'
                   f'V{y + s * .8}z" fill="#7a7a7a" pointer-events="none"/>')
    crowns = token.count("*")
    for k in range(crowns):
        cx = x + size * (0.25 + 0.25 * k)
        out.append(f'<circle class="crown" cx="{cx}" cy="{y + size * 0.22}" r="{size * 0.1}" '
                   f'fill="#ffd700" stroke="#6b5400" stroke-width="1" pointer-events="none"/>')
    return "".join(out)


def _king(x: float, y: float, king: int, seat: int) -> str:
    colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    return (f'<g class="king" data-king="{king}" data-seat="{seat}" pointer-events="none">'
            f'<circle cx="{x}" cy="{y}" r="9" fill="{colour}" stroke="#222" stroke-width="1.5"/>'
            f'<text x="{x}" y="{y + 4}" text-anchor="middle" font-size="11" '
            f'font-weight="bold" fill="#111">{king}</text></g>')


def _domino(x: float, y: float, entry: Mapping[str, Any], action: int | None,
            highlight: bool) -> str:
    """A domino of a line laid horizontally: number, two halves, its king if any."""
    first, second = str(entry["code"]).split("/")
    n = int(entry["domino"])
    cls = "domino" + (" pickable" if action is not None else "") + (" acting" if highlight else "")
    out = [f'<g class="{cls}"{_attr(data_domino=n, data_action=action)}>']
    out.append(f'<text x="{x - 6}" y="{y + CELL * 0.65}" text-anchor="end" font-size="12" '
               f'fill="#333">{n}</text>')
    out.append(_square(x, y, first, half=1))
    out.append(_square(x + CELL, y, second, half=2))
    if highlight:
        out.append(f'<rect x="{x - 2}" y="{y - 2}" width="{2 * CELL + 4}" height="{CELL + 4}" '
                   f'fill="none" stroke="#d11" stroke-width="3" pointer-events="none"/>')
    if action is not None:
        out.append(f'<rect class="hit" x="{x}" y="{y}" width="{2 * CELL}" height="{CELL}" '
                   f'fill="transparent" stroke="#1a1" stroke-width="2" stroke-dasharray="4 3"/>')
    if entry.get("king") is not None:
        out.append(_king(x + 2 * CELL + 14, y + CELL / 2, int(entry["king"]),
                         int(entry["player"])))
    out.append("</g>")
    return "".join(out)


def pick_action(observation: Mapping[str, Any], domino: int) -> int:
    """Action id of picking domino ``domino`` (1..48) of the next line."""
    return geometry_of(observation).pick_base + domino - 1


def render(observation: Mapping[str, Any], legal_actions: Sequence[int] = (),
           names: Sequence[str] | None = None) -> str:
    """The table as an SVG document (a string).

    Args:
        observation: ``state.observation(seat)`` (a JSON-able dict); never the state.
        legal_actions: the actions the viewer may take now (empty when it is not the
            viewer's turn); picks among them get ``data-action``, the acting kingdom's
            squares get ``data-square`` in the place phase, and a discard button appears
            when discarding is legal.
        names: a label per seat (default ``Player 1``...).

    Shape: every kingdom (B x B squares, B = 9, or 13 in The Mighty Duel), the current and
    next lines with their kings, scores and whose turn it is.
    """
    g = geometry_of(observation)
    b = g.b
    kingdoms = observation["kingdoms"]
    n_players = len(kingdoms)
    names = list(names) if names else [f"Player {p + 1}" for p in range(n_players)]
    legal = set(legal_actions)
    acting = observation.get("current_player")
    phase = observation.get("phase")
    scores = observation.get("scores") or [0] * n_players
    viewer = observation.get("player")

    side = b * CELL
    per_row = 2
    kx0, ky0 = 10, 40
    line_x = kx0 + per_row * (side + GAP) + 10
    width = line_x + 2 * (2 * CELL + 60) + 20
    rows = (n_players + per_row - 1) // per_row
    height = max(ky0 + rows * (side + GAP + 24), 320)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="regalia kingdomino" '
           f'width="{width}" height="{height}" viewBox="0 0 {width} {height}"'
           f'{_attr(data_game="kingdomino", data_phase=phase, data_current_player=acting, data_viewer=viewer)}>']
    out.append('<style>.pickable,.target{cursor:pointer}.pickable:hover .hit{fill:rgba(40,200,40,.25)}'
               '.target:hover{stroke:#d11;stroke-width:3}text{font-family:sans-serif}</style>')
    status = f"Game {observation.get('game_number', 1)} of {observation.get('games', 1)}"
    if phase == "end":
        status += ": game over"
    elif isinstance(acting, int) and 0 <= acting < n_players:
        what = {"place": f"place domino {observation.get('domino')}",
                "pick": "pick a domino of the next line"}.get(str(phase), str(phase))
        status += f": {escape(names[acting])} to {what}"
    else:
        status += f": {escape(str(phase))}"
    out.append(f'<text class="status" x="{kx0}" y="22" font-size="16">{escape(status)}</text>')

    for p, rows_ in enumerate(kingdoms):
        ox = kx0 + (p % per_row) * (side + GAP)
        oy = ky0 + (p // per_row) * (side + GAP + 24)
        clickable = phase == "place" and p == acting and any(a < g.discard for a in legal)
        colour = SEAT_COLOURS[p % len(SEAT_COLOURS)]
        weight = "bold" if p == acting else "normal"
        out.append(f'<g class="kingdom" data-seat="{p}">')
        out.append(f'<text x="{ox}" y="{oy + 14}" font-size="14" font-weight="{weight}" '
                   f'fill="{colour}">{escape(names[p])}: <tspan class="score" '
                   f'data-seat="{p}">{int(scores[p])}</tspan> points</text>')
        for r, row in enumerate(rows_):
            for c, tok in enumerate(row.split()):
                name = f"{chr(97 + c)}{r + 1}" if clickable and tok == "." else None
                out.append(_square(ox + c * CELL, oy + 20 + r * CELL, tok, seat=p,
                                   square=name))
        out.append("</g>")
    # lines
    picks = {a for a in legal if g.pick_base <= a < g.draw_base}
    for k, key in enumerate(("current_line", "next_line")):
        x = line_x + k * (2 * CELL + 60)
        title = "Current line" if key == "current_line" else "Next line"
        out.append(f'<g class="line" data-line="{key[:-5]}">')
        out.append(f'<text x="{x - 20}" y="{ky0 + 14}" font-size="13">{title}</text>')
        for i, entry in enumerate(observation[key]):
            y = ky0 + 24 + i * (CELL + 14)
            pick: int | None = pick_action(observation, int(entry["domino"]))
            act = pick if pick in picks else None
            hl = key == "current_line" and phase == "place" and entry["domino"] == observation.get("domino")
            out.append(_domino(x, y, entry, act, hl))
        out.append("</g>")
    y = ky0 + 24 + 4 * (CELL + 14) + 10
    out.append(f'<text x="{line_x - 20}" y="{y}" font-size="12" fill="#555">Dominoes left to '
               f'draw: {int(observation.get("dominoes_left_to_draw", 0))}</text>')
    if g.discard in legal:
        out.append(f'<g class="button pickable" data-action="{g.discard}">'
                   f'<rect class="hit" x="{line_x - 20}" y="{y + 10}" width="120" height="28" '
                   f'rx="5" fill="#eee" stroke="#a33"/><text x="{line_x + 40}" y="{y + 29}" '
                   f'text-anchor="middle" font-size="13">Discard</text></g>')
    out.append("</svg>")
    return "".join(out)


def public_observation(observation: Mapping[str, Any]) -> dict[str, Any]:
    """What a spectator may see: in Kingdomino every observation is public (the only
    hidden thing, the order of future draws, is in no observation); the viewer is dropped."""
    out = dict(observation)
    out["player"] = None
    return out


def click(observation: Mapping[str, Any], legal_actions: Sequence[int],
          clicks: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Map a sequence of clicks to a legal action, to the next step, or to a refusal.

    Args:
        observation: the acting seat's observation.
        legal_actions: the current legal actions (of the acting seat).
        clicks: the data attributes of the clicked elements, oldest first, e.g.
            ``[{"square": "d5"}, {"square": "e5"}]`` or ``[{"action": 193}]``.

    Returns:
        ``{"action": id}`` for a complete legal action;
        ``{"next": {"first": "d5", "squares": ["e5", ...]}}`` after a valid first square
        (the squares that complete a legal placement with the first half there);
        ``{"next": {"first": None, "squares": [...]}}`` for no click yet in the place phase;
        ``{"error": message}`` for a click that leads to no legal action.
    """
    g = geometry_of(observation)
    legal = set(legal_actions)
    if not clicks:
        firsts = sorted({g.names[_ends(g, a)[0]] for a in legal if a < g.discard},
                        key=_square_key)
        return {"next": {"first": None, "squares": firsts}}
    if len(clicks) > 2:
        return {"error": "a move takes at most two clicks (first half, second half)"}
    c0 = clicks[0]
    if "action" in c0:
        if len(clicks) != 1:
            return {"error": "a domino or button click is a whole move"}
        try:
            a = int(c0["action"])
        except (TypeError, ValueError):
            return {"error": f"not an action id: {c0['action']!r}"}
        return {"action": a} if a in legal else {"error": f"action {a} is not legal now"}
    if "domino" in c0 and "square" not in c0:
        try:
            a = pick_action(observation, int(c0["domino"]))
        except (TypeError, ValueError):
            return {"error": f"not a domino number: {c0['domino']!r}"}
        if a in legal and len(clicks) == 1:
            return {"action": a}
        return {"error": f"domino {c0['domino']} cannot be picked now"}
    squares = []
    for c in clicks:
        name = str(c.get("square", "")).strip().lower()
        if name not in g.by_name:
            return {"error": f"not a square of the kingdom: {c.get('square')!r}"}
        squares.append(g.by_name[name])
    place = [a for a in legal if a < g.discard]
    if not place:
        return {"error": "there is no domino to place now"}
    first = squares[0]
    options = _completions(g, place, first, _symmetric(observation))
    if not options:
        return {"error": f"no legal placement puts the first half of domino "
                         f"{observation.get('domino')} on {g.names[first]}"}
    if len(squares) == 1:
        return {"next": {"first": g.names[first],
                         "squares": sorted(options, key=_square_key)}}
    second = g.names[squares[1]]
    if second not in options:
        return {"error": f"{g.names[first]}-{second} is not a legal placement; with the first "
                         f"half on {g.names[first]} the second may go on "
                         f"{', '.join(sorted(options, key=_square_key))}"}
    return {"action": options[second]}


def _symmetric(observation: Mapping[str, Any]) -> bool:
    """True when the domino to place has two identical halves (code ``X/X``)."""
    n = observation.get("domino")
    for entry in observation.get("current_line", ()):
        if entry.get("domino") == n:
            a, _, b = str(entry.get("code", "")).partition("/")
            return a == b
    return False


def _ends(g: Geometry, action: int) -> tuple[int, int]:
    """The padded squares of a legal placement (a legal one never lies off the board)."""
    squares = g.place_squares[action]
    assert squares is not None, f"placement {action} lies off the board"
    return squares


def _completions(g: Geometry, place: Sequence[int], first: int, symmetric: bool) -> dict[str, int]:
    """Second-half square name -> action, for legal placements with the first half on
    ``first``. A domino with two identical halves has only east/south ids (ruling R3): the
    same squares clicked the other way round name the same placement."""
    out: dict[str, int] = {}
    for a in place:
        i1, i2 = _ends(g, a)
        if i1 == first:
            out[g.names[i2]] = a
        elif symmetric and i2 == first:
            out.setdefault(g.names[i1], a)
    return out


def _square_key(name: str) -> tuple[int, str]:
    return int(name[1:]), name[0]
