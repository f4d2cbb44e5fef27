"""The drawing of Two Heirs' scoring pad (:mod:`.pad`): the landscape seen from above,
north at the top, every tile drawn as the web table draws it (:func:`.svg._tile_face`:
terrain, roads turned with the owner, the owner's band), troops, treasures (solo) and
each building's points; the spaces around it are tappable too. Every space is at least
44 px each way at 1:1; a tap opens its menu (``data-focus``)."""

from __future__ import annotations

from typing import Mapping

from regalia.core import pad as P
from regalia.core.svgkit import text as esc

from regalia.core.i18n import _, ngettext

from .components import TileSet, colour_name, type_name
from .landscape import PlacedTile, Pos, edge_direction
from .svg import GOLD, SEAT_FILL, SEAT_INK, _tile_face

#: Side of a space on the pad (px at 1:1).
CELL = 60
FONT = "DejaVu Sans, Verdana, sans-serif"
HATCH = ('<defs><pattern id="hatch" width="8" height="8" patternUnits="userSpaceOnUse" '
         'patternTransform="rotate(45)"><line x1="0" y1="0" x2="0" y2="8" stroke="#ffffff" '
         'stroke-opacity="0.18" stroke-width="3"/></pattern></defs>')


def window(landscape: Mapping[Pos, PlacedTile]) -> tuple[range, range]:
    """The columns (x, west to east) and rows (y, north to south) drawn: the landscape
    and one space around it."""
    xs = [p[0] for p in landscape] or [0]
    ys = [p[1] for p in landscape] or [0]
    return range(min(xs) - 1, max(xs) + 2), range(max(ys) + 1, min(ys) - 2, -1)


def face(tiles: TileSet, tile: int, owner: int | None, s: float, x: float = 0,
         y: float = 0) -> str:
    """A tile's face at (x, y), side ``s``: a building of ``owner`` (its roads and band
    turned with it, north up), or open terrain (``owner`` None)."""
    t = tiles.tiles[tile]
    if owner is None:
        return _tile_face(x, y, s, tiles, None, t.colour, False, None, None, False)
    # the screen shows north up: a table direction (N E S W) is the screen's (up right
    # down left)
    edges = {e: edge_direction(e, owner) for e in "TRBL"}
    return _tile_face(x, y, s, tiles, t.id, t.colour, True, edges,
                      (edge_direction("B", owner), owner), False)


def icon(tiles: TileSet, tile: int, owner: int | None = 0, s: int = 40) -> str:
    """A small face for a menu button."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{s}" height="{s}" '
            f'aria-hidden="true" font-family="{FONT}">{HATCH}{face(tiles, tile, owner, s)}</svg>')


def landscape_svg(tiles: TileSet, landscape: Mapping[Pos, PlacedTile], troops: Mapping[Pos, int],
                  treasures: set[Pos], points: Mapping[Pos, int], names: tuple[str, str],
                  focus: Pos | None) -> str:
    """The landscape and the spaces around it; a tap on any opens its menu."""
    cols, rows = window(landscape)
    w, h = len(cols) * CELL, len(rows) * CELL
    out = [HATCH]
    for j, y in enumerate(rows):
        for i, x in enumerate(cols):
            px, py = i * CELL, j * CELL
            pt = landscape.get((x, y))
            where = _("space {x}, {y}").format(x=x, y=y)
            if pt is None:
                body = (f'<rect x="{px + 3}" y="{py + 3}" width="{CELL - 6}" height="{CELL - 6}" '
                        f'rx="6" fill="#f7f1e3" stroke="#b9a98a" stroke-dasharray="4 3"/>'
                        f'<text x="{px + CELL / 2}" y="{py + CELL / 2 + 6}" font-size="18" '
                        f'text-anchor="middle" fill="#b9a98a" pointer-events="none">+</text>')
                label = _("{where}: empty").format(where=where)
            else:
                t = tiles.tiles[pt.tile]
                body = face(tiles, pt.tile, pt.owner if pt.building else None, CELL, px, py)
                what = (_("{building} ({tile}) of {player}").format(
                    building=type_name(t.type), tile=t.id, player=names[pt.owner])
                        if pt.building and pt.owner is not None
                        else _("open terrain ({colour})").format(colour=colour_name(t.colour)))
                label = f"{where}: {what}"
                seat = troops.get((x, y))
                if seat is not None:
                    body += (f'<circle cx="{px + 13}" cy="{py + CELL - 13}" r="9" '
                             f'fill="{SEAT_FILL[seat]}" stroke="{SEAT_INK[seat]}" '
                             f'stroke-width="2" pointer-events="none"/>')
                    label += _(", a troop of {player}").format(player=names[seat])
                if (x, y) in treasures:
                    body += (f'<rect x="{px + CELL - 22}" y="{py + CELL - 18}" width="16" '
                             f'height="12" rx="2" fill="{GOLD}" stroke="#6b4a00" '
                             f'pointer-events="none"/>')
                    label += _(", a treasure")
                if (x, y) in points:
                    seat_of = pt.owner if pt.owner is not None else 0
                    body += (f'<circle cx="{px + CELL - 12}" cy="{py + 12}" r="10" '
                             f'fill="{SEAT_FILL[seat_of]}" stroke="{SEAT_INK[seat_of]}"/>'
                             f'<text x="{px + CELL - 12}" y="{py + 16}" font-size="11" '
                             f'font-weight="bold" text-anchor="middle" pointer-events="none" '
                             f'fill="{"#fff" if seat_of else "#222"}">{points[(x, y)]}</text>')
                    label += ngettext(", {n} point", ", {n} points", points[(x, y)]).format(
                        n=points[(x, y)])
            if focus == (x, y):
                body += (f'<rect x="{px + 2}" y="{py + 2}" width="{CELL - 4}" height="{CELL - 4}" '
                         f'fill="none" stroke="#d11" stroke-width="4" pointer-events="none"/>')
            out.append(f'<g class="space"{P.tap(label, focus=f"cell:{x}:{y}", selected=focus == (x, y))}>'
                       f'{body}</g>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="pad two-heirs" width="{w}" '
            f'height="{h}" viewBox="0 0 {w} {h}" font-family="{FONT}" role="group" '
            f'aria-label="{esc("the landscape, north at the top")}">' + "".join(out) + "</svg>")


__all__ = ["landscape_svg", "icon", "face", "window", "CELL"]
