"""The drawings of Cascadito's scoring pad (:mod:`.pad`): a player's hex map, success
tracks (and the bandit track) and achievements, laid out for a phone (every tappable
element at least 44 px each way at 1:1) with the web table's colours and icons
(:mod:`.svg`). Each tappable element carries :func:`regalia.core.pad.tap` attributes with
the edit a tap applies."""

from __future__ import annotations

from typing import Sequence

from regalia.core import pad as P
from regalia.core.svgkit import text as esc
from regalia.core.svgkit import wrap

from regalia.core.i18n import _, pgettext

from .components import TOWN_COLOURS, Special
from .wording import colour_stem, text as data_text
from .scoring import CLAIMED, CLAIMED_LATER, UNCLAIMED
from .svg import (COLOURS, FIELD, FIELD_EDGE, INKS, WATER, _action_icon, _bandit, _castle,
                  _crown, _cross, _good, _hex_path, _house, _Layout, _reward, _short, _star)
from .tables import SheetTables

#: Circumradius of a hex on the pad: 27 gives hexes 46.8 px wide and 54 px tall.
HEX_R = 27
#: Width the pad's tracks and achievements are laid out in (a 390 px phone's column).
WIDTH = 344
SPACE_H = 48
FONT = "DejaVu Sans, Verdana, sans-serif"


def _svg(w: float, h: float, label: str, body: Sequence[str]) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="pad cascadito" width="{w:.0f}" '
            f'height="{h:.0f}" viewBox="0 0 {w:.0f} {h:.0f}" font-family="{FONT}" '
            f'role="group" aria-label="{esc(label)}">' + "".join(body) + "</svg>")


def _txt(x: float, y: float, s: str, size: float = 12, anchor: str = "middle",
         fill: str = "#222", weight: str = "normal") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" '
            f'fill="{fill}" font-weight="{weight}" pointer-events="none">{esc(s)}</text>')


def map_svg(t: SheetTables, i: int, name: str, marked: set[int], rivers: Sequence[int]) -> str:
    """Player ``i``'s kingdom: a tap on a field marks or clears it; a tap on a river space
    marks the river up to it (on its last marked space: clears that one)."""
    sheet = t.sheet
    r = HEX_R
    lay = _Layout(t, 16, 18, r)
    river_at = {s.at: (k, j, s) for k, riv in enumerate(sheet.rivers)
                for j, s in enumerate(riv.spaces)}
    specials: dict[tuple[int, int], list[Special]] = {}
    for sp in sheet.specials:
        specials.setdefault(sp.at, []).append(sp)
    out = []
    for y in range(lay.max_y + 1):
        out.append(_txt(lay.ox - 9, lay.centre((0, y))[1] + 4, chr(97 + y), 11, fill="#7a6a4a"))
    for k in range(lay.max_x // 2 + 1):
        out.append(_txt(lay.centre((2 * k, 0))[0], lay.oy - 4, str(k + 1), 10, fill="#7a6a4a"))
    for h in sorted(set(sheet.kingdom.hexes) | set(river_at), key=lambda h: (h[1], h[0])):
        cx, cy = lay.centre(h)
        d = _hex_path(cx, cy, r * 0.97)
        cell = t.index.get(h)
        label_name = t.names[cell] if cell is not None else ""
        if h in sheet.town_hexes:
            col = sheet.town_hexes[h]
            out.append(f'<g class="town"><path d="{d}" fill="{COLOURS[col]}" '
                       f'stroke="{INKS[col]}" stroke-width="1.2"/>'
                       f'{_house(cx, cy, r * 0.42, col)}</g>')
            continue
        if sheet.bridge is not None and h == sheet.bridge.at:
            out.append(f'<path d="{d}" fill="#b98b5a" stroke="#6b4a2a" stroke-width="1.2"/>')
            continue
        if h in river_at:
            k, j, space = river_at[h]
            n = rivers[k]
            done = j < n
            value = j if n == j + 1 else j + 1
            river = data_text(sheet.rivers[k].name) if t.num_rivers > 1 else _("River")
            label = (_("{name}: {river} space {j} of {total} ({state}; {n} marked)").format(
                name=name, river=river, j=j + 1, total=t.river_len[k],
                state=pgettext("space", "marked") if done else _("not marked"), n=n))
            body = [f'<path d="{d}" fill="{WATER}" stroke="#4a8fc0" stroke-width="1.2"/>']
            if space.points:
                body.append(_txt(cx, cy + r * 0.2, str(space.points), r * 0.42,
                                 fill="#123d63", weight="bold"))
            if done:
                body.append(_cross(cx, cy, r * 0.42))
            out.append(f'<g class="river-space"'
                       f'{P.tap(label, edit={"op": "river", "player": i, "river": k, "value": value})}>'
                       + "".join(body) + "</g>")
            continue
        is_marked = cell in marked
        body = [f'<path d="{d}" fill="{"#dcd2b4" if is_marked else FIELD}" '
                f'stroke="{FIELD_EDGE}" stroke-width="1"/>']
        for sp in specials.get(h, ()):
            body.append(_special(sp, cx, cy, r * 0.42))
        if is_marked:
            body.append(_cross(cx, cy, r * 0.42, 2.6))
        label = (_("{name}: field {field} (marked)") if is_marked else
                 _("{name}: field {field} (not marked)")).format(name=name, field=label_name)
        out.append(f'<g class="field"'
                   f'{P.tap(label, edit={"op": "field", "player": i, "cell": label_name}, selected=is_marked)}>'
                   + "".join(body) + "</g>")
    return _svg(lay.ox + lay.width + 8, lay.oy + lay.height + 8, _("{name}: kingdom").format(name=name), out)


def _special(sp: Special, cx: float, cy: float, s: float) -> str:
    if sp.kind == "bandit":
        return _bandit(cx, cy, s)
    if sp.kind == "star":
        return _star(cx, cy, s * 1.1)
    if sp.kind == "crown" and sp.colour:
        return _crown(cx, cy, s * 0.95, sp.colour)
    if sp.kind == "trade_good" and sp.good:
        return _good(cx, cy, s * 0.85, sp.good)
    if sp.kind == "action" and sp.action:
        return _action_icon(cx, cy, s, sp.action)
    return ""


def tracks_svg(t: SheetTables, i: int, name: str, tracks: Sequence[int], bandits: int,
               castle: str) -> str:
    """Player ``i``'s success tracks, bottom-up, the points beside each space, the home
    castle on its track, and on sheet 2 the raiding bandit track: a tap on a space marks
    the track up to it (on its highest marked space: clears that one)."""
    columns = t.num_tracks + (1 if t.bandit_points else 0)
    cw = min(64.0, WIDTH / columns)
    nmax = max(max(t.track_len), len(t.bandit_points))
    top = 44.0
    out = []
    for k, track in enumerate(t.tracks):
        col = track.colour
        x = k * cw
        h = tracks[k]
        length = t.track_len[k]
        home = col == castle
        if track.castle:
            cy = top + (nmax - length) * SPACE_H - 6
            out.append(_castle(x + cw / 2, cy, cw * 0.22, col, home))
            out.append(_txt(x + cw / 2, cy - cw * 0.3 - 4, f"{track.home_points}", 11,
                            weight="bold" if home else "normal"))
        for j, sp in enumerate(track.spaces):
            label = _("{name}: {colour} track space {j} of {length}, {points} points").format(
                name=name, colour=colour_stem(col), j=j + 1, length=length, points=sp.points)
            out.append(_space(x, top + (nmax - 1 - j) * SPACE_H, cw, SPACE_H, j, h,
                              sp.points, label, (pgettext("space", "marked"), _("not marked")),
                              {"op": "track", "player": i, "track": col},
                              ("#d8d0bd" if j < h else COLOURS[col], INKS[col],
                               2 if sp.highlight else 0.8), "track-space"))
        out.append(_txt(x + cw / 2, top + nmax * SPACE_H + 14, col, 11, fill=INKS[col]))
    if t.bandit_points:
        x = t.num_tracks * cw
        n = len(t.bandit_points)
        hh = SPACE_H * nmax / n
        out.append(_bandit(x + cw / 2, top - 14, 10))
        for j, pts in enumerate(t.bandit_points):
            label = _('{name}: raiding bandit track space {j} of {n}, {pts} points').format(
                name=name, j=j + 1, n=n, pts=pts)
            out.append(_space(x, top + (n - 1 - j) * hh, cw, hh, j, bandits, pts, label,
                              (_('crossed off'), _('not crossed off')),
                              {"op": "bandits", "player": i},
                              ("#d8d0bd" if j < bandits else "#caa89a", "#5a3020", 0.8),
                              "bandit-space"))
        out.append(_txt(x + cw / 2, top + nmax * SPACE_H + 14, _("bandits"), 11, fill="#5a3020"))
    return _svg(columns * cw, top + nmax * SPACE_H + 22, _('{name}: success tracks').format(
        name=name), out)


def _space(x: float, y: float, w: float, h: float, j: int, marked: int, points: int,
           label: str, words: tuple[str, str], edit: dict[str, object],
           look: tuple[str, str, float], cls: str) -> str:
    """Space ``j`` (0 = the bottom) of a track marked ``marked`` high: a tap marks up to it,
    or clears it when it is the highest marked (``edit`` gets that ``value``)."""
    done = j < marked
    fill, ink, stroke = look
    value = j if marked == j + 1 else j + 1
    body = (f'<rect x="{x + 2:.1f}" y="{y + 1:.1f}" width="{w - 4:.1f}" height="{h - 2:.1f}" '
            f'rx="4" fill="{fill}" fill-opacity="{1 if done else 0.6}" stroke="{ink}" '
            f'stroke-width="{stroke}"/>'
            + _txt(x + w / 2, y + h / 2 + 5, str(points), 14, weight="bold"))
    if done:
        body += _cross(x + w / 2, y + h / 2, 12, 2.4)
    state = f" ({words[0] if done else words[1]}; {marked} {words[0]})"
    return (f'<g class="{cls}"{P.tap(label + state, edit={**edit, "value": value}, selected=done)}>'
            f'{body}</g>')


def achievements_svg(t: SheetTables, i: int, name: str, claims: Sequence[int]) -> str:
    """Player ``i``'s achievements, top row then bottom row: a tap claims or clears one
    (sheet 4's top row: claimed first, claimed later, not claimed, in turn)."""
    bw, bh, gap = (WIDTH - 8) / 2, 58, 8
    out = []
    y = 0.0
    for row, idx in (("top", t.top), ("bottom", t.bottom)):
        if not idx:
            continue
        later = any(t.ach_later[a] for a in idx)
        word = (_('Top row (8 VP first, 5 VP later)') if later else _('Top row (first player only)')) \
            if row == "top" else _('Bottom row (every player)')
        y += 18
        out.append(_txt(0, y - 5, word, 12, anchor="start", fill="#5a4a2a", weight="bold"))
        for k, a in enumerate(idx):
            ach = t.achievements[a]
            x = (k % 2) * (bw + gap)
            yy = y + (k // 2) * (bh + gap)
            c = claims[a]
            cycle = ((UNCLAIMED, CLAIMED, CLAIMED_LATER) if t.ach_later[a]
                     else (UNCLAIMED, CLAIMED))
            nxt = cycle[(cycle.index(c) + 1) % len(cycle)]
            state = {UNCLAIMED: _("not claimed"), CLAIMED: pgettext("achievement", "claimed"),
                     CLAIMED_LATER: _("claimed later")}[c]
            label = f"{name}: {row} {k + 1}, {data_text(ach.text)} ({state})"
            value = {UNCLAIMED: "none", CLAIMED: "first", CLAIMED_LATER: "later"}[nxt]
            edit = {"op": "claim", "player": i, "achievement": f"{row} {k + 1}",
                    "value": value}
            fill = "#e8f4e2" if c == CLAIMED else "#eef0fb" if c == CLAIMED_LATER else "#fbf7ec"
            body = [f'<rect x="{x:.1f}" y="{yy:.1f}" width="{bw:.1f}" height="{bh}" rx="6" '
                    f'fill="{fill}" stroke="{"#1d7a33" if c else "#9b8a66"}" '
                    f'stroke-width="{2.5 if c else 1.2}"/>',
                    _txt(x + 6, yy + 14, f"{row} {k + 1}", 11, "start", "#7a6a4a", "bold"),
                    _txt(x + bw - 6, yy + 14, _reward(ach), 11, "end", "#8a1c1c", "bold")]
            for li, line in enumerate(wrap(_short(t, ach), 24)[:2]):
                body.append(_txt(x + 6, yy + 29 + li * 12, line, 11, "start"))
            if c:
                body.append(_txt(x + bw - 6, yy + bh - 6, _("later ✓") if c == CLAIMED_LATER
                                 else _("claimed ✓"), 11, "end", "#1d7a33", "bold"))
            if ach.provenance == "reconstructed":
                body.append(_txt(x + 6, yy + bh - 6, _("reconstructed"), 9, "start", "#8a7a5a"))
            colour = ach.criterion.colour or ""
            if colour in COLOURS and colour in TOWN_COLOURS:
                body.append(f'<circle cx="{x + bw - 10:.1f}" cy="{yy + 28:.1f}" r="5" '
                            f'fill="{COLOURS[colour]}" stroke="{INKS[colour]}"/>')
            out.append(f'<g class="achievement"{P.tap(label, edit=edit, selected=bool(c))}>'
                       + "".join(body) + "</g>")
        y += ((len(idx) + 1) // 2) * (bh + gap)
    return _svg(WIDTH, y + 4, f"{name}: achievements", out)


__all__ = ["map_svg", "tracks_svg", "achievements_svg"]
