"""The board at a decision with the played and the better move drawn on it, from the
game's own drawing (``games/<game>/svg.py``, found through the core registry) and its
board protocol (docs/web.md, "Board protocol v2"); nothing here knows a game.

A move is shown by the elements a person clicks to make it: :func:`move_clicks` follows
the drawing's ``click(observation, [action], clicks)`` from an empty move to the action
and collects every target and button on the way (the squares of a Kingdomino placement,
the domino picked, the card and the Market row of an Inheritors discard, ...).
:func:`marked_board` draws the board with ``render(observation, actions, names)`` (so
those elements carry their ``data-click``) and outlines each move's elements in its
colour. A move made by a button the drawing does not draw (``end turn``) has no element:
the caption names it.
"""

from __future__ import annotations

import html
import json
import re
from typing import Any, Mapping, Sequence

from regalia.core.registry import game_drawing
from regalia.core.svgkit import canonical

#: The colour of each role's outline: the move played, and the better one.
COLOURS = {"played": "#e8590c", "better": "#1c7ed6"}
#: The longest click path followed (a move of every game takes at most a few clicks).
MAX_STEPS = 12

_CLICK = re.compile(r'<([A-Za-z][\w:-]*)\b([^<>]*?)\sdata-click="([^"]*)"')


def move_clicks(drawing: Any, observation: Mapping[str, Any], action: int) -> list[str]:
    """The canonical click objects on a path of clicks that makes ``action`` in the
    drawing ``drawing`` (a game's svg module), in order: every target and button offered
    on the way. Empty when the drawing cannot make the move (or has no ``click``)."""
    click = getattr(drawing, "click", None)
    if click is None:
        return []
    clicks: list[Any] = []
    seen: list[str] = []
    for _ in range(MAX_STEPS):
        try:
            reply = click(observation, [action], clicks)
        except Exception:   # a drawing never raises by contract; a review does not fail
            return []
        if reply.get("action") == action:
            return seen
        step = reply.get("next")
        if not isinstance(step, Mapping):
            return []
        targets = [str(t) for t in step.get("targets") or ()]
        buttons = [canonical(c["click"]) for c in step.get("choices") or ()
                   if isinstance(c, Mapping) and "click" in c]
        seen += [k for k in targets + buttons if k not in seen]
        offered = targets or buttons
        if not offered:
            return []
        clicks.append(json.loads(offered[0]))
    return []


def marked_board(game: str, observation: Mapping[str, Any],
                 moves: Sequence[tuple[int, str]], names: Sequence[str] | None = None,
                 uid: str = "0") -> str | None:
    """The board as an SVG document with each move's elements outlined.

    Args:
        game: the game's registry name; observation: the seat's observation before the
            decision (the drawing's input; never the state).
        moves: ``(action, role)`` pairs, role ``"played"`` or ``"better"`` (colours:
            :data:`COLOURS`).
        names: a label per seat.
        uid: makes the outline filters' ids unique among several drawings in one page.

    Returns:
        the SVG text, or None when the game has no drawing.
    """
    drawing = game_drawing(game)
    if drawing is None:
        return None
    svg = str(drawing.render(observation, [a for a, _ in moves], names))
    roles: dict[str, set[str]] = {}
    for action, role in moves:
        for key in move_clicks(drawing, observation, action):
            roles.setdefault(key, set()).add(role)
    return outline(svg, {k: "both" if len(r) > 1 else next(iter(r)) for k, r in roles.items()},
                   uid)


def outline(svg: str, roles: Mapping[str, str], uid: str = "0") -> str:
    """``svg`` with every element whose ``data-click`` (canonical JSON) is a key of
    ``roles`` ringed in its role's colour (``"played"``, ``"better"``, or ``"both"``: the
    better move's ring around the played move's).

    A ring is an SVG filter that draws a band around the element's shape (its outline
    dilated, less the shape itself). It is drawn by a copy of the element (``<use>``)
    appended to the drawing, so that nothing drawn after the element hides it; in a
    drawing with ``transform`` attributes (where a copy at the top level could be
    misplaced) the filter goes on the element itself instead. The drawing's own ids (and
    the references to them) are prefixed with ``rv<uid>-``, so that the board can sit in
    a page beside another drawing of the same game (the live board, another decision)."""
    safe = re.sub(r"[^A-Za-z0-9_-]", "", uid)
    svg = _own_ids(svg, f"rv{safe}-")
    in_place = "transform=" in svg
    copies: list[str] = []

    def mark(m: re.Match[str]) -> str:
        role = roles.get(html.unescape(m.group(3)))
        attrs = m.group(2)
        if role is None or " filter=" in attrs:
            return m.group(0)
        ring = f"url(#rv-{role}-{safe})"
        if in_place:
            extra = f' filter="{ring}"'
        else:
            named = _ID.search(attrs)
            ident = named.group(1) if named else f"rv-{safe}-{len(copies)}"
            copies.append(f'<use href="#{ident}" filter="{ring}"/>')
            extra = "" if named else f' id="{ident}"'
        return f'<{m.group(1)}{extra}{attrs} data-click="{m.group(3)}"'

    marked = _CLICK.sub(mark, svg)
    start = marked.find(">", marked.find("<svg")) + 1
    end = marked.rfind("</svg>")
    if start <= 0 or end < start:
        return svg
    top = (f'<g class="review-marks" pointer-events="none">{"".join(copies)}</g>'
           if copies else "")
    return (marked[:start] + _filters(safe, with_source=in_place) + marked[start:end] + top
            + marked[end:])


_ID = re.compile(r'\sid="([^"]*)"')


def _own_ids(svg: str, prefix: str) -> str:
    """``svg`` with every ``id`` and every reference to one (``href="#id"``,
    ``url(#id)``) prefixed with ``prefix``."""
    ids = set(_ID.findall(svg))
    if not ids:
        return svg
    svg = _ID.sub(lambda m: f' id="{prefix}{m.group(1)}"', svg)
    return re.sub(r'(href="#|url\(#)([^")]*)',
                  lambda m: m.group(1) + (prefix + m.group(2) if m.group(2) in ids
                                          else m.group(2)), svg)


def _ring(colour: str, radius: float, name: str) -> str:
    """Filter primitives: a band of ``radius`` around the shape, in ``colour``."""
    return (f'<feMorphology in="SourceAlpha" operator="dilate" radius="{radius}" '
            f'result="{name}d"/><feComposite in="{name}d" in2="SourceAlpha" operator="out" '
            f'result="{name}r"/><feFlood flood-color="{colour}"/>'
            f'<feComposite in2="{name}r" operator="in" result="{name}"/>')


def _filters(uid: str, with_source: bool) -> str:
    """The three ring filters (played, better, both) in user space, so that a thin
    element (a line) gets a ring too; ``with_source``: the element drawn inside its
    ring (a filter on the element itself)."""
    region = 'filterUnits="userSpaceOnUse" x="-5000" y="-5000" width="20000" height="20000"'
    source = '<feMergeNode in="SourceGraphic"/>' if with_source else ""
    out = ["<defs>"]
    for role in ("played", "better"):
        out.append(f'<filter id="rv-{role}-{uid}" {region}>{_ring(COLOURS[role], 4, "a")}'
                   f'<feMerge><feMergeNode in="a"/>{source}</feMerge></filter>')
    out.append(f'<filter id="rv-both-{uid}" {region}>{_ring(COLOURS["better"], 7, "a")}'
               f'{_ring(COLOURS["played"], 3.5, "b")}<feMerge><feMergeNode in="a"/>'
               f'<feMergeNode in="b"/>{source}</feMerge></filter>')
    out.append("</defs>")
    return "".join(out)
