"""Cascadito drawn as SVG from a seat's observation, and clicks mapped to actions (board
protocol v2, ``docs/web.md``).

The drawing takes only ``observation(seat)`` (:func:`.information.observation`), never the
state: what a page shows is what the seat sees. (Cascadito is a game of perfect
information: every sheet and the dice pool are public; only future rolls are unknown, and
they are in no observation.) The play sheet is the game's own data (``data/sheets``),
loaded through the registry from the observation's ``params``; action ids are decoded
with :func:`.notation.decode`. The same drawing serves the web table, ``regalia render``
and Jupyter (``_repr_svg_``).

What is drawn (rulebook, "The Play Sheets"): the viewer's sheet large (a spectator sees the
player to move, or seat 1): the kingdom of hexes with towns, rivers, the low bridge,
bandits, stars, trade goods, crowns and action fields, the marked fields crossed out; the
success tracks with the home castles and achievement banners, the bandit track; the two
rows of achievements; the solo timer. Beside it: the dice pool with the forbidden faces
and every other player's sheet, small. Every field, town, track space, river space and
achievement has hover help (``<title>``) saying what it does and its provenance
("reconstructed" where the sheet data is the project's reconstruction).

Clicks (canonical JSON objects, the elements' ``data-click``):

* ``{"die": "pink"}``: select a die of the pool (phase ``die``);
* ``{"field": "c5"}``: a field of the kingdom (after a die; or for an action or a star);
* ``{"river": 0}``: the next space of river 0 (the sheet's river order; sheet 3 has two);
* ``{"pass": true}``: use the selected die for nothing;
* ``{"track": "blue"}``: the next space of a success track (an action);
* ``{"claim": "top 2"}``: claim an achievement; ``{"decline": true}``: claim nothing now.

A move is a die and where it goes (two clicks), or one click for a task or a claim.

Drawn once, reused (issue 23: a web table draws every seat's board at every ply). Each
part of a board (a kingdom, a sheet's tracks, its achievements, the pool, a small sheet's
pieces) goes through :func:`regalia.core.svgkit.fragment` with a key of everything it
reads, so the table's memo draws it once while it stays the same. Keys name the sheet by
``game.tables`` (hashed by identity and held by the key, so never mistaken for another;
the game itself hashes a repr of its parameters). Below that, a part's pieces are kept
per place, size and language in the ``_…Art`` objects: a field, river space, track column,
achievement box or die drawn once per state, so a part drawn afresh is mostly joined.
"""

from __future__ import annotations

import json
import math
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Mapping, Sequence, cast
from html import unescape as html_unescape
from xml.sax.saxutils import escape, quoteattr

from regalia.core.errors import RegaliaError
from regalia.core.i18n import _, language, ngettext, pgettext
from regalia.core.registry import load_game
from regalia.core.svgkit import (board_heading, canonical, click_attr, fragment, frozen,
                                 keyed_click, mark_id, marks, plain_hover, provenance_note,
                                 score_headings, wrap)

from . import hexgrid
from .components import CASTLE_ORDER, TOWN_COLOURS
from .help import ACTION_WORDS, SPECIAL_EFFECTS, book, help_entries, special_effect
from .narration import DIE, MARK, RIVER, describe, narrate, outcome, phrase
from .notation import Action, achievement_name, decode
from .scoring import CLAIMED, CLAIMED_LATER, UNCLAIMED, SheetFacts, score_steps, sheet_total
from .view import title as view_title
from .wording import colour, colour_stem, or_join, river_word, text as data_text, vp

if TYPE_CHECKING:
    from .rules import CascaditoGame
    from .tables import SheetTables

# ------------------------------------------------------------------ look
#: Town and die colours (the sheet's pastel inks; black: the forbidden face).
COLOURS = {"blue": "#3f83c8", "yellow": "#f1c318", "orange": "#ec7a2c", "pink": "#e2619f",
           "white": "#fbfaf5", "black": "#2b2b2b"}
#: Darker strokes of the same colours.
INKS = {"blue": "#1f4f80", "yellow": "#765c00", "orange": "#8c4210", "pink": "#84204f",
        "white": "#6f6f6f", "black": "#000000"}
#: Fills of the six trade goods (Play Sheet 4); others get grey.
GOODS = {"grain": "#e2bd4f", "wool": "#f2efe6", "timber": "#9a6a3a", "stone": "#a3a3a3",
         "cloth": "#8a5bb0", "salt": "#dfe7ee", "wine": "#8e2c48", "fish": "#6aa6c8"}
PAPER, FIELD, FIELD_EDGE, WATER = "#f7f1e3", "#efe5c9", "#bfae84", "#9fd0ee"
PENCIL, TARGET, ACTING = "#333333", "#17a34a", "#d4a017"
FONT = "DejaVu Sans, Verdana, sans-serif"
W, H = 960, 800
#: The big sheet's panel (top, height) and the dice pool's column (left edge).
BIG_TOP, BIG_H, POOL_X = 52, 560, 800

#: A move takes at most this many clicks (a die, then where it goes).
MAX_CLICKS = 2
CLICK_KEYS = ("die", "field", "river", "pass", "track", "claim", "decline")


# ------------------------------------------------------------------ svg helpers
def _t(text: str) -> str:
    """A ``<title>`` child (hover help), escaped."""
    return f"<title>{escape(text)}</title>"


def _txt(x: float, y: float, text: str, size: float = 12, anchor: str = "start",
         fill: str = "#222", weight: str = "normal", extra: str = "") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" '
            f'fill="{fill}" font-weight="{weight}"{extra}>{escape(text)}</text>')


@lru_cache(maxsize=4096)  # a layout draws the same hexes on every render
def _hex_path(cx: float, cy: float, r: float) -> str:
    """The ``d`` of a pointy-topped hexagon of circumradius ``r`` around ``(cx, cy)``
    (relative moves: shorter than a polygon's points)."""
    h = math.sqrt(3) / 2 * r
    return (f"M{cx:.1f} {cy - r:.1f}l{h:.1f} {r / 2:.1f}v{r:.1f}l-{h:.1f} {r / 2:.1f}"
            f"l-{h:.1f} -{r / 2:.1f}v-{r:.1f}z")


def _hex_points(cx: float, cy: float, r: float) -> str:
    """A pointy-topped hexagon of circumradius ``r`` around ``(cx, cy)``."""
    pts = []
    for k in range(6):
        a = math.radians(60 * k - 90)
        pts.append(f"{cx + r * math.cos(a):.1f},{cy + r * math.sin(a):.1f}")
    return " ".join(pts)


def _star(cx: float, cy: float, r: float, fill: str = "#f2b705") -> str:
    pts = []
    for k in range(10):
        rr = r if k % 2 == 0 else r * 0.45
        a = math.radians(36 * k - 90)
        pts.append(f"{cx + rr * math.cos(a):.1f},{cy + rr * math.sin(a):.1f}")
    return (f'<polygon points="{" ".join(pts)}" fill="{fill}" stroke="#7a5a00" '
            f'stroke-width="0.8" pointer-events="none"/>')


def _crown(cx: float, cy: float, s: float, colour: str) -> str:
    x0, y0 = cx - s, cy + s * 0.6
    d = (f"M{x0:.1f} {y0:.1f}L{x0:.1f} {cy - s * 0.5:.1f}L{cx - s * 0.5:.1f} {cy:.1f}"
         f"L{cx:.1f} {cy - s * 0.8:.1f}L{cx + s * 0.5:.1f} {cy:.1f}L{cx + s:.1f} "
         f"{cy - s * 0.5:.1f}L{cx + s:.1f} {y0:.1f}Z")
    return (f'<path d="{d}" fill="{COLOURS[colour]}" stroke="{INKS[colour]}" '
            f'stroke-width="1.2" pointer-events="none"/>')


def _bandit(cx: float, cy: float, s: float) -> str:
    """A bandit's mask: a dark band with two eye holes."""
    return (f'<g pointer-events="none"><rect x="{cx - s:.1f}" y="{cy - s * 0.45:.1f}" '
            f'width="{2 * s:.1f}" height="{s * 0.9:.1f}" rx="{s * 0.45:.1f}" fill="#3a2418"/>'
            f'<circle cx="{cx - s * 0.45:.1f}" cy="{cy:.1f}" r="{s * 0.22:.1f}" fill="#f7f1e3"/>'
            f'<circle cx="{cx + s * 0.45:.1f}" cy="{cy:.1f}" r="{s * 0.22:.1f}" fill="#f7f1e3"/>'
            f'</g>')


def _good(cx: float, cy: float, s: float, good: str) -> str:
    fill = GOODS.get(good, "#c8c8c8")
    light = good in ("wool", "salt", "stone", "grain")
    return (f'<g pointer-events="none"><rect x="{cx - s:.1f}" y="{cy - s * 0.8:.1f}" '
            f'width="{2 * s:.1f}" height="{1.6 * s:.1f}" rx="{s * 0.3:.1f}" fill="{fill}" '
            f'stroke="#5a4a2a" stroke-width="0.8"/>'
            + _txt(cx, cy + s * 0.36, good[:2].capitalize(), s * 0.95, "middle",
                   "#222" if light else "#fff", "bold") + "</g>")


def _action_icon(cx: float, cy: float, s: float, action: str) -> str:
    """The three action icons (rulebook, Actions): next space of any track (an arrow up a
    column), any empty field (a hexagon with a plus), next river space (waves)."""
    out = [f'<g pointer-events="none"><circle cx="{cx:.1f}" cy="{cy:.1f}" r="{s:.1f}" '
           f'fill="#fff" stroke="#555" stroke-width="0.9"/>']
    k = s * 0.55
    if action == "advance_track":
        out.append(f'<path d="M{cx:.1f} {cy - k:.1f}L{cx + k:.1f} {cy:.1f}H{cx + k * 0.4:.1f}'
                   f'V{cy + k:.1f}H{cx - k * 0.4:.1f}V{cy:.1f}H{cx - k:.1f}Z" fill="#444"/>')
    elif action == "mark_field":
        out.append(f'<polygon points="{_hex_points(cx, cy, k * 1.1)}" fill="none" '
                   f'stroke="#444" stroke-width="1"/>'
                   f'<path d="M{cx - k * 0.5:.1f} {cy:.1f}H{cx + k * 0.5:.1f}M{cx:.1f} '
                   f'{cy - k * 0.5:.1f}V{cy + k * 0.5:.1f}" stroke="#444" stroke-width="1.4"/>')
    else:
        for dy in (-k * 0.35, k * 0.45):
            out.append(f'<path d="M{cx - k:.1f} {cy + dy:.1f}q{k / 2:.1f} {-k / 2:.1f} '
                       f'{k:.1f} 0t{k:.1f} 0" fill="none" stroke="#2a6fb0" stroke-width="1.3"/>')
    out.append("</g>")
    return "".join(out)


def _cross(cx: float, cy: float, s: float, width: float = 2.4) -> str:
    """A pencil cross (a marked field or space)."""
    return (f'<path d="M{cx - s:.1f} {cy - s:.1f}L{cx + s:.1f} {cy + s:.1f}M{cx + s:.1f} '
            f'{cy - s:.1f}L{cx - s:.1f} {cy + s:.1f}" stroke="{PENCIL}" stroke-width="{width}" '
            f'stroke-linecap="round" pointer-events="none"/>')


def _castle(x: float, y: float, s: float, colour: str, filled: bool) -> str:
    """A home castle of width ``2s`` standing on ``y``; filled when it is marked."""
    fill = COLOURS[colour] if filled else "#fff"
    d = (f"M{x - s:.1f} {y:.1f}V{y - s * 1.2:.1f}h{s * 0.4:.1f}v{s * 0.3:.1f}h{s * 0.3:.1f}"
         f"v-{s * 0.3:.1f}h{s * 0.6:.1f}v{s * 0.3:.1f}h{s * 0.3:.1f}v-{s * 0.3:.1f}"
         f"h{s * 0.4:.1f}V{y:.1f}Z")
    return (f'<path d="{d}" fill="{fill}" stroke="{INKS[colour]}" stroke-width="1.4" '
            f'pointer-events="none"/>')


def _house(cx: float, cy: float, s: float, colour: str) -> str:
    ink = "#555" if colour == "white" else "#fff"
    d = (f"M{cx - s:.1f} {cy + s * 0.8:.1f}V{cy - s * 0.1:.1f}L{cx:.1f} {cy - s:.1f}"
         f"L{cx + s:.1f} {cy - s * 0.1:.1f}V{cy + s * 0.8:.1f}Z")
    return f'<path d="{d}" fill="none" stroke="{ink}" stroke-width="1.6" pointer-events="none"/>'


# ------------------------------------------------------------------ the game behind it
@lru_cache(maxsize=32)
def _game_for(key: str) -> "CascaditoGame":
    return cast("CascaditoGame", load_game("cascadito", **json.loads(key)))


def game_of(observation: Mapping[str, Any]) -> "CascaditoGame":
    """The :class:`.rules.CascaditoGame` an observation belongs to (built from its
    ``params``, cached): the sheet's data and the action ids' meaning."""
    params = observation.get("params")
    if not isinstance(params, Mapping):
        raise RegaliaError(_("the observation has no game parameters"))
    return _game_for(canonical(dict(params)))


def _decoded(game: "CascaditoGame", legal: Sequence[Any]) -> list[Action]:
    """The legal action ids (other items skipped) decoded, each decoded once per game."""
    known = _known_actions(game)
    out = []
    for a in legal:
        if type(a) is int and 0 <= a < game.num_distinct_actions:
            act = known[a]
            if act is None:
                act = known[a] = decode(game, a)
            out.append(act)
    return out


@lru_cache(maxsize=32)
def _known_actions(game: "CascaditoGame") -> list[Action | None]:
    """The game's actions by id, decoded when first needed (None until then)."""
    return [None] * game.num_distinct_actions


def _seat_count(observation: Mapping[str, Any]) -> int:
    return len(observation["sheets"])


def _label(names: Sequence[str] | None, p: int) -> str:
    if names and 0 <= p < len(names) and str(names[p]).strip():
        return str(names[p])
    return _("Player {n}").format(n=p + 1)


def _river_label(t: "SheetTables", r: int) -> str:
    name = t.rivers[r].name
    if "river" not in name.lower():
        name = f"{name} river"
    name = data_text(name)
    return name[:1].upper() + name[1:]


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _track_label(c: str) -> str:
    """``Blue track`` (German ``Blaue Leiste``)."""
    return _cap(_("{colour} track").format(colour=colour_stem(c)))


def _river_word(word: str) -> str:
    """A small sheet's river word: ``river``, ``west``, ``east`` (translated)."""
    return river_word(word) if word else _("river")


def _achievement_title(name: str) -> str:
    """``Top 2`` (German ``Oben 2``)."""
    row, k = name.split()
    return (_("Top {n}") if row == "top" else _("Bottom {n}")).format(n=k)


def _river_lower(t: "SheetTables", r: int) -> str:
    """The river's name inside a sentence (``west river``; German ``Westfluss``)."""
    label = _river_label(t, r)
    return label.lower() if language() == "en" else label


# ------------------------------------------------------------------ clicks
def _check_clicks(clicks: Any) -> str | None:
    """A message naming what is wrong with the click list, or None."""
    if not isinstance(clicks, (list, tuple)):
        return _("clicks must be a list of click objects")
    if len(clicks) > MAX_CLICKS:
        return _("a move takes at most {max} clicks (a die, then a field, a river or Pass); "
                 "got {n}").format(max=MAX_CLICKS, n=len(clicks))
    for c in clicks:
        if not isinstance(c, Mapping) or len(c) != 1:
            return _("each click is an object with one key: {keys}").format(
                keys=", ".join(CLICK_KEYS))
        (k, v), = c.items()
        if k not in CLICK_KEYS:
            return _("unknown click {click}; clicks are: {keys}").format(
                click=repr(str(k)[:20]), keys=", ".join(CLICK_KEYS))
        if k in ("pass", "decline"):
            if v is not True:
                return _("{example} is the only {key} click").format(
                    example=f"{{{k!r}: true}}", key=k)
        elif k == "river":
            if type(v) is not int or not 0 <= v < 8:
                return _("a river click names the river by its number (0, or 0-1 on sheet 3)")
        elif not isinstance(v, str) or not 0 < len(v) <= 16:
            return _("a {key} click names it in a short text (e.g. {example})").format(
                key=k, example=_EXAMPLES[k])
    return None


_EXAMPLES = {"die": '{"die": "pink"}', "field": '{"field": "c5"}',
             "track": '{"track": "blue"}', "claim": '{"claim": "top 2"}'}


def _key(c: Mapping[str, Any]) -> tuple[str, Any]:
    (k, v), = c.items()
    return str(k), v


def click(observation: Mapping[str, Any], legal_actions: Sequence[int],
          clicks: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Map the clicks of a move in progress (oldest first) to an action, the next step,
    or a refusal (board protocol v2).

    Args:
        observation: the acting seat's observation.
        legal_actions: the seat's legal action ids now.
        clicks: click objects (module docstring), ``[]`` at the start of a turn.

    Returns:
        ``{"action": id}``; ``{"next": {"prompt", "targets", "choices"}}`` (targets are
        canonical JSON strings, choices ``{"label", "click"}`` buttons); or
        ``{"error": message}`` naming what was wrong and what is allowed. Never raises on
        malformed input.
    """
    problem = _check_clicks(clicks)
    if problem:
        return {"error": problem}
    try:
        game = game_of(observation)
    except (RegaliaError, TypeError, ValueError) as e:
        return {"error": _("cannot read the position: {problem}").format(problem=e)}
    acts = _decoded(game, list(legal_actions) if isinstance(legal_actions, (list, tuple))
                    else [])
    if not acts:
        return {"error": _("you have no move to make now")}
    t = game.tables
    kinds = {a.kind for a in acts}
    if kinds <= {"field", "river", "pass"}:
        return _die_click(t, acts, [_key(c) for c in clicks])
    if kinds <= {"claim", "decline"}:
        return _claim_click(t, acts, [_key(c) for c in clicks])
    if kinds <= {"mark", "river_space", "track"}:
        return _task_click(t, observation, acts, [_key(c) for c in clicks])
    return {"error": _("the dice are being rolled; wait for the pool")}


def _river_index(t: "SheetTables", a: Action) -> int:
    return t.river_names.index(a.river.removeprefix("river").strip()) if t.num_rivers > 1 else 0


def _die_click(t: "SheetTables", acts: list[Action], ks: list[tuple[str, Any]]) -> dict[str, Any]:
    offered = {a.colour for a in acts}
    colours = [c for c in TOWN_COLOURS if c in offered]
    if not ks:
        return {"next": {"prompt": _("Choose a die from the pool (then mark a field next to "
                                     "a town of its colour, the river, or pass)"),
                         "targets": [keyed_click("die", c)[0] for c in colours],
                         "choices": []}}
    k, v = ks[0]
    if k != "die":
        return {"error": _("choose a die first (the pool's colours: {colours})").format(
            colours=", ".join(colour(c) for c in colours))}
    if v not in colours:
        return {"error": _("there is no {colour} die to choose; the pool offers {colours}").format(
            colour=str(v)[:16], colours=", ".join(colour(c) for c in colours))}
    mine = [a for a in acts if a.colour == v]
    fields = {a.cell: a.id for a in mine if a.kind == "field"}
    rivers = {_river_index(t, a): a.id for a in mine if a.kind == "river"}
    passes = [a.id for a in mine if a.kind == "pass"]
    if len(ks) == 1:
        targets = [keyed_click("field", n)[0] for n in sorted(fields, key=_cell_key)]
        targets += [keyed_click("river", r)[0] for r in sorted(rivers)]
        choices = [{"label": _("Mark the next space of the {river}").format(
                        river=_river_lower(t, r)),
                    "click": {"river": r}} for r in sorted(rivers)]
        choices += [{"label": _("Pass (use the die for nothing)"), "click": {"pass": True}}
                    for _p in passes[:1]]
        stem = colour_stem(v)
        if fields:
            where = (_("a highlighted field next to an {colour} town") if _a(v) == "an" else
                     _("a highlighted field next to a {colour} town")).format(colour=stem)
        else:
            where = (_("no field (none is free next to an {colour} town)") if _a(v) == "an"
                     else _("no field (none is free next to a {colour} town)")).format(
                colour=stem)
        river = _(", the next river space") if rivers else ""
        return {"next": {"prompt": _("With the {colour} die: mark {where}{river}, or pass").format(
                             colour=stem, where=where, river=river),
                         "targets": targets, "choices": choices}}
    k2, v2 = ks[1]
    if k2 == "field":
        if v2 in fields:
            return {"action": fields[v2]}
        free = ", ".join(sorted(fields, key=_cell_key)) or _("none left")
        if rivers:
            msg = (_("the {colour} die cannot mark {field}: mark an empty field next to an "
                     "{colour} town ({free}), the river or pass") if _a(v) == "an" else
                   _("the {colour} die cannot mark {field}: mark an empty field next to a "
                     "{colour} town ({free}), the river or pass"))
        else:
            msg = (_("the {colour} die cannot mark {field}: mark an empty field next to an "
                     "{colour} town ({free}) or pass") if _a(v) == "an" else
                   _("the {colour} die cannot mark {field}: mark an empty field next to a "
                     "{colour} town ({free}) or pass"))
        return {"error": msg.format(colour=colour_stem(v), field=str(v2)[:16], free=free)}
    if k2 == "river":
        if v2 in rivers:
            return {"action": rivers[v2]}
        return {"error": _("that river is marked to its end or not on this sheet")
                         + (_("; open: {rivers}").format(
                             rivers=", ".join(_river_label(t, r) for r in sorted(rivers)))
                            if rivers else "")}
    if k2 == "pass" and passes:
        return {"action": passes[0]}
    return {"error": _("after choosing the {colour} die, click a field, the river or Pass").format(
        colour=colour_stem(v))}


def _task_prompt(observation: Mapping[str, Any]) -> str:
    tasks = observation.get("tasks") or []
    task = str(tasks[0]) if tasks else ""
    more = len(tasks) - 1
    tail = ngettext(" ({n} more action waiting)", " ({n} more actions waiting)",
                    more).format(n=more) if more > 0 else ""
    if task.startswith("star"):
        return _("The star on {field}: mark an empty field next to it").format(
            field=task.split()[-1]) + tail
    words = {"advance_track": _("Action: mark the next space of any success track"),
             "mark_field": _("Action: mark any empty field (or the next river space)"),
             "advance_river": _("Action: mark the next river space")}
    return words.get(task, _("Action: choose where it applies")) + tail


def _task_click(t: "SheetTables", observation: Mapping[str, Any], acts: list[Action],
                ks: list[tuple[str, Any]]) -> dict[str, Any]:
    fields = {a.cell: a.id for a in acts if a.kind == "mark"}
    rivers = {_river_index(t, a): a.id for a in acts if a.kind == "river_space"}
    tracks = {a.colour: a.id for a in acts if a.kind == "track"}
    if not ks:
        targets = [keyed_click("field", n)[0] for n in sorted(fields, key=_cell_key)]
        targets += [keyed_click("river", r)[0] for r in sorted(rivers)]
        order = [c for c in TOWN_COLOURS if c in tracks]
        targets += [keyed_click("track", c)[0] for c in order]
        choices = [{"label": _track_label(c),
                    "click": {"track": c}} for c in order]
        choices += [{"label": _("Next space of the {river}").format(river=_river_lower(t, r)),
                     "click": {"river": r}} for r in sorted(rivers)]
        return {"next": {"prompt": _task_prompt(observation), "targets": targets,
                         "choices": choices}}
    if len(ks) > 1:
        return {"error": _("an action is resolved with one click")}
    k, v = ks[0]
    if k == "field" and v in fields:
        return {"action": fields[v]}
    if k == "river" and v in rivers:
        return {"action": rivers[v]}
    if k == "track" and v in tracks:
        return {"action": tracks[v]}
    allowed = []
    if fields:
        allowed.append(_("a highlighted field"))
    if rivers:
        allowed.append(_("the next river space"))
    if tracks:
        allowed.append(_("a success track ({colours})").format(
            colours=", ".join(colour(c) for c in TOWN_COLOURS if c in tracks)))
    return {"error": _("{what}: that is not possible here; click {allowed}").format(
        what=_task_prompt(observation).split(" (")[0], allowed=or_join(allowed))}


def _claim_click(t: "SheetTables", acts: list[Action], ks: list[tuple[str, Any]]) -> dict[str, Any]:
    claims = {a.achievement: a.id for a in acts if a.kind == "claim"}
    decline = [a.id for a in acts if a.kind == "decline"]
    if not ks:
        order = sorted(claims, key=lambda n: (n.split()[0] != "top", int(n.split()[1])))
        choices = [{"label": _("Claim {name}: {what}").format(
                        name=n, what=_short(t, t.achievements[_ach_index(t, n)])),
                    "click": {"claim": n}} for n in order]
        choices += [{"label": _("Decline (claim later)"), "click": {"decline": True}}
                    for _d in decline[:1]]
        return {"next": {"prompt": _("You have met an achievement: claim it (click it or a "
                                     "button), or decline for now"),
                         "targets": [keyed_click("claim", n)[0] for n in order],
                         "choices": choices}}
    if len(ks) > 1:
        return {"error": _("a claim is one click")}
    k, v = ks[0]
    if k == "claim" and v in claims:
        return {"action": claims[v]}
    if k == "decline" and decline:
        return {"action": decline[0]}
    return {"error": _("claim one of the achievements you have met ({names}) or decline").format(
        names=", ".join(sorted(claims)))}


def _ach_index(t: "SheetTables", name: str) -> int:
    row, k = name.split()
    return (t.top if row == "top" else t.bottom)[int(k) - 1]


def _a(word: str) -> str:
    """``an`` before a vowel (``an orange town``), else ``a``."""
    return "an" if str(word)[:1] in "aeiou" else "a"


def _cell_key(name: str) -> tuple[str, int]:
    return name[0], int(name[1:])


# ------------------------------------------------------------------ achievements in words
def _short(t: "SheetTables", ach: Any) -> str:
    """A few words for an achievement's box (the full text is its hover help)."""
    c = ach.criterion
    sheet = t.sheet
    if c.kind == "banner":
        if len(sheet.banners) == 1:
            fl = pgettext("banner", "the")
        else:
            fl = ({1: pgettext("banner", "1st"), 2: pgettext("banner", "2nd")}.get(c.banner)
                  or pgettext("banner", "{n}th").format(n=c.banner))
        if c.track is None:
            n = c.tracks
            if n == len(sheet.tracks):
                return ngettext("{which} banner on all {n} track", "{which} banner on all {n} "
                                "tracks", n).format(which=fl, n=n)
            return ngettext("{which} banner on {n} track", "{which} banner on {n} tracks",
                            n).format(which=fl, n=n)
        if c.track == "home":
            return _("{which} banner on home track").format(which=fl)
        return _("{which} banner on {colour} track").format(which=fl, colour=colour(c.track))
    if c.kind == "group_towns":
        if c.colour == "any":
            return _("group: {n} towns of 1 colour").format(n=c.count)
        return _("group: {n} {colour} towns").format(n=c.count, colour=colour_stem(c.colour))
    if c.kind == "group_colours":
        return _("group: towns of {n} colours").format(n=len(c.colours or ()))
    if c.kind == "separate_groups":
        return _("{n} separate groups").format(n=c.count)
    if c.kind == "bandits":
        return _("{n} bandits marked").format(n=c.count)
    fields = tuple(c.fields or ())
    specials = [s for h in fields for s in sheet.specials_at(h)]
    if specials and all(s.kind == "trade_good" for s in specials):
        return _("both {good} fields").format(good=data_text(specials[0].good or ""))
    if specials and all(s.kind == "crown" for s in specials):
        return _("group: both {colour} crowns").format(colour=colour_stem(specials[0].colour or ""))
    if fields and all(h in sheet.river_hexes for h in fields):
        if len(fields) == 1:
            for r in sheet.rivers:
                pos = [s.at for s in r.spaces]
                if fields[0] in pos:
                    k = pos.index(fields[0]) + 1
                    return (_("last river space") if k == len(pos) else
                            _("river space {n}").format(n=k))
        return _("{n} river action spaces").format(n=len(fields))
    if specials and all(s.kind == "action" for s in specials):
        ys = [h[1] for h in fields]
        rows = [s.at[1] for r in sheet.rivers for s in r.spaces]
        if rows:
            if max(ys) < min(rows):
                return _("{n} action fields above").format(n=len(fields))
            if min(ys) > max(rows):
                return _("{n} action fields below").format(n=len(fields))
        return _("{n} action fields").format(n=len(fields))
    return _("mark {n} fields").format(n=len(fields))


def _reward(ach: Any) -> str:
    parts = []
    if ach.points:
        parts.append(vp(ach.points) + (_(" ({n} later)").format(n=ach.later_points)
                                       if ach.later_points is not None else ""))
    parts += [_("+track") if a == "advance_track" else _("+field") if a == "mark_field"
              else _("+river") for a in ach.actions]
    return ", ".join(parts)


def _prov(rec: Any, note: bool = True, what: str = "sheet") -> str:
    """The provenance line of a record's hover help, in a player's words
    (:func:`regalia.core.svgkit.provenance_note`); ``note``: with the record's note on why
    it was reconstructed (left out where a sheet repeats it on every hex)."""
    line = provenance_note(rec.provenance, what)
    if note and rec.provenance == "reconstructed" and getattr(rec, "note", ""):
        line += "\n" + plain_hover(_("Note: {note}").format(note=rec.note))
    return line


# ------------------------------------------------------------------ render
class _Layout:
    """Where a sheet's parts go: hex radius ``r`` and origin of the kingdom."""

    def __init__(self, t: "SheetTables", ox: float, oy: float, r: float):
        self.ox, self.oy, self.r = ox, oy, r
        self.w = math.sqrt(3) * r
        hexes = set(t.sheet.kingdom.hexes) | set(t.sheet.river_hexes)
        self.max_x = max(h[0] for h in hexes)
        self.max_y = max(h[1] for h in hexes)

    def centre(self, h: tuple[int, int]) -> tuple[float, float]:
        return (self.ox + (h[0] + 1) * self.w / 2, self.oy + self.r + h[1] * 1.5 * self.r)

    @property
    def width(self) -> float:
        return (self.max_x + 2) * self.w / 2

    @property
    def height(self) -> float:
        return self.max_y * 1.5 * self.r + 2 * self.r


@lru_cache(maxsize=256)
def _layout(t: "SheetTables", ox: float, oy: float, r: float) -> _Layout:
    """The :class:`_Layout` of a sheet at ``(ox, oy)`` with hex radius ``r``."""
    return _Layout(t, ox, oy, r)


def _facts(t: "SheetTables", observation: Mapping[str, Any], p: int) -> SheetFacts:
    """Seat ``p``'s :class:`.scoring.SheetFacts` from the observation (sheet 4: a top-row
    claim after another player's first claim is :data:`.scoring.CLAIMED_LATER`; the
    top-row bonus once the game ended with ``p`` holding the whole top row)."""
    sheet = observation["sheets"][p]
    heights = sheet["tracks"]
    tracks = tuple(int(heights.get(TOWN_COLOURS[c], 0)) for c in t.track_colour)
    claimed = set(sheet["claimed"])
    first = observation.get("top_row_first") or [-1] * t.num_achievements
    claims = []
    for a in range(t.num_achievements):
        if a not in claimed:
            claims.append(UNCLAIMED)
        elif t.ach_later[a] and first[a] not in (p, -1):
            claims.append(CLAIMED_LATER)
        else:
            claims.append(CLAIMED)
    home = t.castle_track[p] if p < len(t.castle_track) else -1
    bonus = 0
    e = t.end
    if (observation.get("phase") == "end" and e.top_row_by_one and e.top_row_bonus
            and t.top and all(a in claimed for a in t.top) and _seat_count(observation) > 1):
        bonus = e.top_row_bonus
    return SheetFacts(tracks, home, tuple(int(n) for n in sheet["rivers"]),
                      int(sheet["bandits"]), tuple(claims), bonus)


def render(observation: Mapping[str, Any], legal_actions: Sequence[int] = (),
           names: Sequence[str] | None = None,
           pending: Sequence[Mapping[str, Any]] = (), recent: Sequence[Any] = ()) -> str:
    """The table as an SVG document (a string, 960 x 800 user units, to sit beside the web
    table's side panel at 1280 x 800).

    Args:
        observation: ``state.observation(seat)`` (or its :func:`public_observation`).
        legal_actions: the viewer's legal action ids now (empty when it is not the
            viewer's turn): the viewer's dice, fields, river, tracks and achievements
            get ``data-click`` and the class ``target``; those that are valid next clicks
            are highlighted.
        names: a label per seat (default ``Player 1``...).
        pending: the clicks of the move in progress (the chosen die is shown lifted).
        recent: moves to mark (:func:`regalia.core.svgkit.marks`: the other seats' moves
            the viewer saw since its last turn, and a suggestion with ``hint``): a field
            or river space marked is ringed on its seat's sheet; a pass, a track advanced
            or a claim is written by the seat's name.
    """
    game = game_of(observation)
    t = game.tables
    n = _seat_count(observation)
    viewer = observation.get("player")
    acting = observation.get("current_player")
    phase = str(observation.get("phase"))
    legal = [a for a in legal_actions if type(a) is int]
    ok = isinstance(pending, (list, tuple)) and not _check_clicks(pending)
    pend = [dict(c) for c in pending] if ok else []
    step = click(observation, legal, pend) if legal else {}
    nxt = step.get("next") or {}
    targets = set(nxt.get("targets") or ())
    if isinstance(viewer, int) and 0 <= viewer < n:
        big = viewer
    elif isinstance(acting, int) and 0 <= acting < n:
        big = acting
    else:
        big = 0
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="regalia cascadito" '
           f'width="{W}" height="{H}" viewBox="0 0 {W} {H}" data-game="cascadito" '
           f'data-phase={quoteattr(phase)} data-current-player="{acting}" '
           f'data-viewer="{viewer if isinstance(viewer, int) else ""}" font-family="{FONT}">']
    out.append('<style>.target{cursor:pointer}.target:hover .face{stroke:#d11;'  # i18n: no (CSS)
               'stroke-width:3}.hot .ring{animation:pulse 1.2s ease-in-out infinite}'
               '@keyframes pulse{50%{stroke-opacity:.35}}</style>')
    header = _header(game, observation, names, acting, phase, nxt.get("prompt") or "")
    sc = observation.get("scores") or [0] * n
    out.append(board_heading(
        _("Cascadito: the play sheets and the dice pool"),
        _("{status}. Scores: {scores}.").format(status=_status_of(header), scores=", ".join(
            (_("{name} (you) {score}") if q == viewer else _("{name} {score}")).format(
                name=_label(names, q), score=int(sc[q]))
            for q in range(n)))))
    out.append(f'<rect x="0" y="0" width="{W}" height="{H}" fill="#e9e1cf"/>')
    out.append(header)
    clickable = bool(legal) and big == viewer
    items = list(marks(recent))
    out.append(_big_sheet(game, observation, big, names, clickable, targets, acting, pend,
                          items))
    out.append(_others(game, observation, big, names, acting, items))
    out.append("</svg>")
    return "".join(out)


def _status_of(header: str) -> str:
    """The status line of the header, as text."""
    start = header.find('class="status"')
    if start < 0:
        return "Cascadito"
    text = header[header.index(">", start) + 1:]
    return html_unescape(text[:text.index("<")])


#: Colours of the marks: a recent move of another seat, and a suggestion.
RECENT = "#e8590c"
HINT = "#1864ab"


def _sheet_marks(game: "CascaditoGame", obs: Mapping[str, Any], p: int, lay: "_Layout",
                 items: Sequence[tuple[int, dict[str, Any]]], note_at: tuple[float, float],
                 small: bool) -> str:
    """The marks of seat ``p``'s moves on its sheet: a field or river space ringed, any
    other move (a pass, a track, a claim) written at ``note_at`` (right-aligned)."""
    t = game.tables
    out, notes = [], []
    for k, item in items:
        if item["seat"] != p:
            continue
        n = item["notation"]
        colour = HINT if item["hint"] else RECENT
        dash = ' stroke-dasharray="6 3"' if item["hint"] else ""
        said = phrase(n, past=not item["hint"])
        cell = None
        die, mark, river = DIE.match(n), MARK.match(n), RIVER.match(n)
        what = die.group(2) if die else mark.group(1) if mark else n if river else ""
        if what in t.name_index:
            cell = t.cells[t.name_index[what]]
        elif what.startswith("river"):
            word = what[len("river"):].strip()
            ks = [r for r, nm in enumerate(t.river_names) if (nm or "") == word]
            if ks:
                done = int(obs["sheets"][p]["rivers"][ks[0]])
                j = done if item["hint"] else done - 1
                spaces = t.sheet.rivers[ks[0]].spaces
                if 0 <= j < len(spaces):
                    cell = spaces[j].at
        if cell is not None:
            cx, cy = lay.centre(cell)
            out.append(f'<path{mark_id(item, k)} d="{_hex_path(cx, cy, lay.r * 1.08)}" '
                       f'fill="none" stroke="{colour}" stroke-width="{2.5 if small else 4}"'
                       f'{dash} pointer-events="none">{_t(said)}</path>')
        else:
            notes.append((k, item, said))
    x, y = note_at
    for i, (k, item, said) in enumerate(notes):
        out.append(_txt(x, y + i * 14, (_("Suggested: {move}") if item["hint"] else
                                        _("Just: {move}")).format(move=said),
                        11 if small else 12, "end", RECENT if not item["hint"] else HINT,
                        "bold", mark_id(item, k, 1)))
    return '<g class="marks">' + "".join(out) + "</g>"


def _header(game: "CascaditoGame", obs: Mapping[str, Any], names: Sequence[str] | None, acting: Any,
            phase: str, prompt: str) -> str:
    t = game.tables
    sheet = t.sheet
    head = _("Cascadito · sheet {n} “{title}” · {status}").format(
        n=sheet.number, title=data_text(sheet.title), status=view_title(game, dict(obs)))
    if "harder-start" in (game.variants or ()):
        head += _(" · harder start")
    n = _seat_count(obs)
    if phase == "end":
        sc = obs.get("scores") or [0] * n
        best = max(sc)
        win = max(p for p, s in enumerate(sc) if s == best)  # ties: the later castle
        status = (_("Game over: {n} points").format(n=int(sc[0])) if n == 1 else
                  _("Game over: {name} wins with {n} points").format(
                      name=_label(names, win), n=int(best)))
    elif isinstance(acting, int) and 0 <= acting < n:
        who = _label(names, acting)
        status = {"die": _("{name} to choose a die"),
                  "task": _("{name} to resolve an action"),
                  "claim": _("{name} to claim or decline an achievement")}.get(
            phase, "{name}: " + phase).format(name=who)
        if prompt:
            status = _("Your turn: {prompt}").format(prompt=prompt)
    else:
        status = _("Rolling the dice…")
    line = _txt(16, 44, status, 14, fill="#8a1c1c" if prompt else "#333",
                weight="bold" if prompt else "normal", extra=' class="status"')
    return (f'<g class="header">{_txt(16, 24, head, 16, weight="bold", fill="#3b2f1a")}'
            f'{line}</g>')


def _field_title(game: "CascaditoGame", h: tuple[int, int], name: str, marked: bool) -> str:
    return _field_title_in(game, h, name, marked, language())


@lru_cache(maxsize=4096)  # the same few hundred fields on every render of a game
def _field_title_in(game: "CascaditoGame", h: tuple[int, int], name: str, marked: bool,
                    lang: str) -> str:
    sheet = game.tables.sheet
    towns = sheet.neighbouring_towns(h)
    lines = [(_("Field {name} (marked)") if marked else _("Field {name}")).format(name=name)]
    if towns:
        cols = sorted({tw.colour for tw in towns}, key=TOWN_COLOURS.index)
        dice = or_join([colour(c) for c in cols])
        may = (_("an {colours} die may mark it") if _a(cols[0]) == "an" else
               _("a {colours} die may mark it")).format(colours=dice)
        lines.append(_("Next to {towns}; {dice}").format(
            towns=", ".join(_("{colour} town").format(colour=colour_stem(tw.colour))
                            for tw in towns), dice=may))
    else:
        lines.append(_("Next to no town: only an action or a star can mark it"))
    for s in sheet.specials_at(h):
        word, effect, where = special_effect(s.kind)
        extra = (f" ({data_text(s.good)})" if s.good else
                 f" ({colour(s.colour)})" if s.colour else "")
        if s.action:
            effect = _("When you mark it, immediately {action}.").format(
                action=_(ACTION_WORDS[s.action]))
        lines.append(f"{_cap(word)}{extra}: {effect} [{book()}, {where}]")
        lines.append(_prov(s, False))
    lines.append(_prov(sheet.kingdom, False, "map"))
    return "\n".join(lines)


def _kingdom(game: "CascaditoGame", obs: Mapping[str, Any], p: int, lay: _Layout, clickable: bool,
             targets: set[str], small: bool) -> str:
    """Seat ``p``'s kingdom and rivers; fields carry ``data-click`` when ``clickable``.
    Remembered (:func:`regalia.core.svgkit.fragment`) by the sheet, place and size, the
    fields marked, the rivers' progress, clickable and the targets."""
    sheet = obs["sheets"][p]
    marked, progress = sheet["marked"], sheet["rivers"]
    key = (game.tables, lay.ox, lay.oy, lay.r, small, frozen(marked), frozen(progress), clickable,
           frozenset(targets))
    return fragment("kingdom", key, _draw_kingdom, game, lay, marked, progress, clickable,
                    targets, small)


def _draw_kingdom(game: "CascaditoGame", lay: _Layout, marked: Sequence[str],
                  progress: Sequence[Any], clickable: bool, targets: set[str],
                  small: bool) -> str:
    """:func:`_kingdom` drawn (from the game's :class:`_KingdomArt`)."""
    art = _kingdom_art(game, lay.ox, lay.oy, lay.r, small, language())
    return art.draw(set(marked), progress, clickable, targets)


@lru_cache(maxsize=256)   # a few places and sizes per game and language
def _kingdom_art(game: "CascaditoGame", ox: float, oy: float, r: float, small: bool,
                 lang: str) -> "_KingdomArt":
    """The :class:`_KingdomArt` of a game's sheet at ``(ox, oy)`` with hex radius ``r``
    in language ``lang`` (the language in force: its texts are drawn in it)."""
    return _KingdomArt(game, _Layout(game.tables, ox, oy, r), small)


class _KingdomArt:
    """A sheet's kingdom and rivers at one place and size in one language: the row and
    column labels and every town and the bridge drawn once; a field or river space drawn
    once per state (marked; the next river space; highlighted as a valid click;
    clickable) and reused. A kingdom starts from its fields all blank and redraws only
    the fields marked or highlighted and the river spaces."""

    def __init__(self, game: "CascaditoGame", lay: _Layout, small: bool):
        sheet = game.tables.sheet
        self.game, self.lay, self.small = game, lay, small
        river_at = {s.at: (k, j) for k, riv in enumerate(sheet.rivers)
                    for j, s in enumerate(riv.spaces)}
        self.labels = "" if small else _kingdom_labels(sheet, lay, river_at)
        #: per hex in drawing order: (kind, hex, name, river, space, click text, drawn text)
        self.hexes: list[tuple[str, tuple[int, int], str, int, int, str, str]] = []
        for h in sorted(set(sheet.kingdom.hexes) | set(river_at), key=lambda h: (h[1], h[0])):
            name = f"{chr(97 + h[1])}{h[0] // 2 + 1}"
            if h in sheet.town_hexes:
                self.hexes.append(("fixed", h, name, 0, 0, "", _town_hex(game, lay, h, small)))
            elif sheet.bridge is not None and h == sheet.bridge.at:
                self.hexes.append(("fixed", h, name, 0, 0, "",
                                    _bridge_hex(game, lay, h, small)))
            elif h in river_at:
                k, j = river_at[h]
                self.hexes.append(("river", h, name, k, j, keyed_click("river", k)[0], ""))
            else:
                self.hexes.append(("field", h, name, 0, 0, keyed_click("field", name)[0], ""))
        kinds = [x[0] for x in self.hexes]
        self.rivers = [i for i, kind in enumerate(kinds) if kind == "river"]
        self.fields = {x[2]: i for i, x in enumerate(self.hexes) if x[0] == "field"}
        self.field_clicks = {x[5]: i for i, x in enumerate(self.hexes) if x[0] == "field"}
        self._blank: dict[bool, list[str]] = {}
        self._drawn: dict[tuple[int, bool, bool, bool, bool], str] = {}

    def draw(self, marked: set[str], progress: Sequence[Any], clickable: bool,
             targets: set[str]) -> str:
        """The kingdom with the fields named in ``marked`` crossed out, rivers marked to
        ``progress`` (spaces per river), clickable or not, ``targets`` highlighted."""
        out = list(self._blank.get(clickable) or self._blank_hexes(clickable))
        hexes = self.hexes
        for i in self.rivers:
            _kind, _h, name, k, j, ck, _text = hexes[i]
            nxt = j == progress[k]
            out[i] = self._hex(i, name in marked, nxt, ck in targets and nxt, clickable and nxt)
        for name in marked:
            i = self.fields.get(name, -1)
            if i >= 0:
                out[i] = self._hex(i, True, False, hexes[i][5] in targets, False)
        for ck in targets:
            i = self.field_clicks.get(ck, -1)
            if i >= 0 and hexes[i][2] not in marked:
                out[i] = self._hex(i, False, False, True, clickable)
        return self.labels + "".join(out)

    def _blank_hexes(self, clickable: bool) -> list[str]:
        """Every hex's text with no field marked or highlighted (a river space's is left
        empty: :meth:`draw` always draws it)."""
        blank = self._blank[clickable] = [
            text if kind == "fixed" else "" if kind == "river" else
            self._hex(i, False, False, False, clickable)
            for i, (kind, _h, _name, _k, _j, _ck, text) in enumerate(self.hexes)]
        return blank

    def _hex(self, i: int, is_marked: bool, nxt: bool, tgt: bool, can: bool) -> str:
        """Hex ``i``'s text (a field or river space) in this state, drawn once."""
        state = (i, is_marked, nxt, tgt, can)
        text = self._drawn.get(state)
        if text is None:
            kind, h, name, k, j, _ck, _text = self.hexes[i]
            text = self._drawn[state] = (
                _river_hex(self.game, self.lay, h, k, j, is_marked, nxt, tgt, can, self.small)
                if kind == "river" else
                _field_hex(self.game, self.lay, h, name, is_marked, tgt, can, self.small))
        return text


def _kingdom_labels(sheet: Any, lay: _Layout, river_at: Mapping[tuple[int, int], Any]) -> str:
    """The row letters and positions around a big kingdom, as the notation names fields
    (c5: row c, 5th hex)."""
    out = []
    for y in range(lay.max_y + 1):
        if any(h[1] == y for h in sheet.kingdom.hexes) or any(h[1] == y for h in river_at):
            out.append(_txt(lay.ox - 8, lay.centre((0, y))[1] + 4, chr(97 + y), 11,
                            "middle", "#7a6a4a"))
    for k in range((lay.max_x // 2) + 1):
        out.append(_txt(lay.centre((2 * k, 0))[0], lay.oy - 3, str(k + 1), 10, "middle",
                        "#7a6a4a"))
    return "".join(out)


def _town_hex(game: "CascaditoGame", lay: _Layout, h: tuple[int, int], small: bool) -> str:
    """A town (its help on a big sheet)."""
    sheet = game.tables.sheet
    cx, cy = lay.centre(h)
    r = lay.r
    col = sheet.town_hexes[h]
    tw = next(x for x in sheet.towns if x.at == h)
    face = game.dice.face(col) if col in {f.colour for f in game.dice.faces} else None
    theme = f" ({data_text(face.theme)})" if face else ""
    tip = (_cap(_("{colour} town").format(colour=colour_stem(col))) + theme + "\n"
           + (_("Mark a field next to it with an {colour} die. A town scoring (a group "
                "of 2+ marked fields newly touching it) marks the next space of the "
                "{colour} success track [{book}, Town Scoring]") if _a(col) == "an" else
              _("Mark a field next to it with a {colour} die. A town scoring (a group "
                "of 2+ marked fields newly touching it) marks the next space of the "
                "{colour} success track [{book}, Town Scoring]")).format(
               colour=colour_stem(col), book=book())
           + f"\n{_prov(tw, False)}")
    return (f'<g class="town">{"" if small else _t(tip)}<path d="{_hex_path(cx, cy, r * 0.97)}" '
            f'fill="{COLOURS[col]}" stroke="{INKS[col]}" stroke-width="1.2"/>'
            + ("" if small else _house(cx, cy, r * 0.42, col)) + "</g>")


def _bridge_hex(game: "CascaditoGame", lay: _Layout, h: tuple[int, int], small: bool) -> str:
    """The low bridge (sheet 3): the ships cannot pass it."""
    bridge = game.tables.sheet.bridge
    cx, cy = lay.centre(h)
    r = lay.r
    tip = (_("The low bridge: the ships cannot pass it; once both rivers are marked "
             "to it, they connect [{book}, Play Sheet 3]").format(book=book())
           + f"\n{_prov(bridge)}")
    return (f'<g class="bridge">{"" if small else _t(tip)}<path d="{_hex_path(cx, cy, r * 0.97)}" '
            f'fill="#b98b5a" stroke="#6b4a2a" stroke-width="1.2"/>'
            f'<path d="M{cx - r * .6:.1f} {cy - r * .25:.1f}H{cx + r * .6:.1f}M'
            f'{cx - r * .6:.1f} {cy + r * .25:.1f}H{cx + r * .6:.1f}" '
            f'stroke="#6b4a2a" stroke-width="2" pointer-events="none"/></g>')


def _river_hex(game: "CascaditoGame", lay: _Layout, h: tuple[int, int], k: int, j: int,
               is_marked: bool, nxt: bool, tgt: bool, can: bool, small: bool) -> str:
    """Space ``j`` of river ``k``: ``nxt`` the next one to mark (the ship on it), ``tgt``
    highlighted, ``can`` clickable."""
    t = game.tables
    riv = t.sheet.rivers[k]
    sp = riv.spaces[j]
    cx, cy = lay.centre(h)
    r = lay.r
    attrs = keyed_click("river", k)[1] if can else " "
    cls = "river-space" + (" target" if can else "")
    bits = [_("{river}, space {n} of {total}").format(
                river=_river_label(t, k), n=j + 1, total=len(riv.spaces))
            + (_(" (marked)") if is_marked else _(" (the next one)") if nxt else "")]
    bits.append(_("Any die may mark the next river space instead of a field "
                  "[{book}, Rivers]").format(book=book()))
    if sp.points:
        bits.append(_("Scores {n} points if it is your highest marked space").format(
            n=sp.points))
    if sp.action:
        bits.append(_("When marked: {action} [{book}, Actions]").format(
            action=_(ACTION_WORDS[sp.action]), book=book()))
    if riv.scoring == "ship" and j == len(riv.spaces) - 1:
        bits.append(_("The ship reaching the bridge scores {n} points").format(
            n=riv.ship_points))
    bits.append(_prov(riv, False))
    out = [f'<g class="{cls}"{attrs}>{"" if small else _t(chr(10).join(bits))}'
           f'<path class="face" d="{_hex_path(cx, cy, r * 0.97)}" fill="{WATER}" '
           f'stroke="{TARGET if tgt else "#4a8fc0"}" '
           f'stroke-width="{3.2 if tgt else 1.2}"/>']
    if not small:
        if sp.action:
            out.append(_action_icon(cx, cy - r * 0.18, r * 0.36, sp.action))
        if sp.points:
            out.append(_txt(cx, cy + r * (0.62 if sp.action else 0.18), str(sp.points),
                            r * 0.42, "middle", "#123d63", "bold",
                            ' pointer-events="none"'))
        if sp.icon == "reminder":
            out.append(_star(cx + r * 0.5, cy - r * 0.5, r * 0.2, "#7ac143"))
    if nxt and not small:
        out.append(_boat(cx, cy + r * 0.55, r * 0.28))
    if is_marked:
        out.append(_cross(cx, cy, r * 0.42, 2.4 if not small else 1.4))
    out.append("</g>")
    return "".join(out)


def _field_hex(game: "CascaditoGame", lay: _Layout, h: tuple[int, int], name: str,
               is_marked: bool, tgt: bool, can: bool, small: bool) -> str:
    """Field ``name`` at hex ``h`` with what is printed on it: ``tgt`` highlighted,
    ``can`` clickable (a small sheet's field: no wrapper, no help)."""
    cx, cy = lay.centre(h)
    r = lay.r
    poly = _hex_path(cx, cy, r * 0.97)
    attrs = keyed_click("field", name)[1] if can else " "
    cls = "field" + (" target" if can else "") + (" marked" if is_marked else "")
    fill = "#dcd2b4" if is_marked else "#e4f5e0" if tgt else FIELD
    if small:
        out = [f'<path d="{poly}" fill="{fill}" stroke="{FIELD_EDGE}" stroke-width=".7"/>']
    else:
        out = [f'<g class="{cls}"{attrs}>{_t(_field_title(game, h, name, is_marked))}'
               f'<path class="face" d="{poly}" fill="{fill}" '
               f'stroke="{TARGET if tgt else FIELD_EDGE}" '
               f'stroke-width="{3.2 if tgt else 1}"/>']
    for s in game.tables.sheet.specials_at(h):
        sz = r * 0.42
        if s.kind == "bandit":
            out.append(_bandit(cx, cy, sz))
        elif s.kind == "star":
            out.append(_star(cx, cy, sz * 1.1))
        elif s.kind == "crown" and s.colour:
            out.append(_crown(cx, cy, sz * 0.95, s.colour))
        elif s.kind == "trade_good" and s.good:
            out.append(_good(cx, cy, sz * 0.85, s.good))
        elif s.kind == "action" and s.action:
            out.append(_action_icon(cx, cy, sz, s.action))
    if is_marked:
        out.append(_cross(cx, cy, r * 0.42, 2.6 if not small else 1.4))
    if not small:
        out.append("</g>")
    return "".join(out)


def _tracks(game: "CascaditoGame", obs: Mapping[str, Any], p: int, x0: float, y0: float, cw: float,
            sh: float, clickable: bool, targets: set[str], small: bool) -> str:
    """Seat ``p``'s success tracks (bottom-up), castles on top, banners on the left, and
    the bandit track (sheet 2). ``(x0, y0)``: top left of the spaces; ``cw``, ``sh``:
    column width and space height. Remembered by the sheet, place and size, the seat,
    the number of seats, the heights, the bandits crossed, clickable and the track
    targets."""
    sheet = obs["sheets"][p]
    heights = sheet["tracks"]
    crossed = int(sheet["bandits"]) if game.tables.bandit_points else 0
    key = (game.tables, x0, y0, cw, sh, small, p, _seat_count(obs), frozen(heights), crossed,
           clickable, _clicks_of(targets, "track"))
    return fragment("tracks", key, _draw_tracks, game, p, _seat_count(obs), heights, crossed,
                    (x0, y0, cw, sh, small), clickable, targets)


def _draw_tracks(game: "CascaditoGame", p: int, n: int, heights: Mapping[str, Any], crossed: int,
                 place: tuple[float, float, float, float, bool], clickable: bool,
                 targets: set[str]) -> str:
    """:func:`_tracks` drawn (from the sheet's :class:`_TrackArt`); ``place``: ``(x0, y0,
    cw, sh, small)``."""
    art = _track_art(game.tables, *place, language())
    return art.draw(p, n, heights, crossed, clickable, targets)


def _clicks_of(targets: set[str], key: str) -> frozenset[str]:
    """The targets that are clicks of one kind (``key``: ``track``, ``claim``, ``die``),
    for the key of a part that draws only those."""
    head = '{"' + key + '":'
    return frozenset(x for x in targets if x.startswith(head))


@lru_cache(maxsize=256)   # a few places and sizes per game and language
def _track_art(t: "SheetTables", x0: float, y0: float, cw: float, sh: float, small: bool,
               lang: str) -> "_TrackArt":
    """The :class:`_TrackArt` of a game's sheet at this place and size in language
    ``lang`` (the language in force: its texts are drawn in it)."""
    return _TrackArt(t, x0, y0, cw, sh, small)


class _TrackArt:
    """A sheet's success tracks and bandit track at one place and size in one language:
    the banners, the bandit's mask and the themes drawn once; a castle drawn once per
    (mine, owned), a track's column of spaces once per (height, clickable, highlighted),
    the bandit track once per spaces crossed."""

    def __init__(self, t: "SheetTables", x0: float, y0: float, cw: float, sh: float,
                 small: bool):
        self.t, self.x0, self.y0, self.cw, self.sh, self.small = t, x0, y0, cw, sh, small
        self.nmax = max(t.track_len)
        self.clicks = [keyed_click("track", track.colour)[0] for track in t.tracks]
        self.banners = "" if small else self._banners()
        self.tail = "" if small else self._tail()
        self._drawn: dict[tuple[Any, ...], str] = {}

    def draw(self, p: int, n: int, heights: Mapping[str, Any], crossed: int, clickable: bool,
             targets: set[str]) -> str:
        """Seat ``p``'s tracks (of ``n`` seats) marked to ``heights`` (spaces per colour),
        ``crossed`` bandit spaces; the next spaces clickable or not, ``targets``
        highlighted."""
        t = self.t
        out = [self.banners]
        drawn = self._drawn
        for k, track in enumerate(t.tracks):
            col = track.colour
            if track.castle:
                seat = CASTLE_ORDER.index(col) if col in CASTLE_ORDER else -1
                key: tuple[Any, ...] = ("castle", k, seat == p, seat < n)
                text = drawn.get(key)
                if text is None:
                    text = drawn[key] = self._castle(k, seat == p, seat < n)
                out.append(text)
            hgt = max(-1, min(int(heights.get(col, 0)), len(track.spaces)))
            key = ("column", k, hgt, clickable, self.clicks[k] in targets)
            text = drawn.get(key)
            if text is None:
                text = drawn[key] = self._column(k, *key[2:])
            out.append(text)
        if t.bandit_points:
            key = ("bandits", max(0, min(crossed, len(t.bandit_points))))
            text = drawn.get(key)
            if text is None:
                text = drawn[key] = self._bandits(key[1])
            out.append(text)
        out.append(self.tail)
        return "".join(out)

    def _banners(self) -> str:
        """The achievement banners left of the tracks (a big sheet's)."""
        sheet = self.t.sheet
        sh, out = self.sh, []
        bx = self.x0 - 16
        for hgt, b in sorted({b.height: b for b in sheet.banners}.items()):
            y = self.y0 + (self.nmax - hgt) * sh
            tip = (_("Achievement banner {fleurs}: reached on a track when its space {n} is "
                     "marked [{book}, Achievement banners]").format(fleurs=b.fleurs, n=hgt,
                                                                    book=book())
                   + f"\n{_prov(b)}")
            out.append(f'<g class="banner">{_t(tip)}<path d="M{bx - 10:.1f} {y + 4:.1f}h22v'
                       f'{sh - 8:.1f}l-11 -5l-11 5z" fill="#4f9a4a" stroke="#2c5e28"/>'
                       + _txt(bx + 1, y + sh / 2 + 3,
                              "⚜" * b.fleurs if b.fleurs <= 2 else str(b.fleurs),
                              9 if b.fleurs > 1 else 11, "middle", "#fff") + "</g>")
        return "".join(out)

    def _castle(self, k: int, mine: bool, owner: bool) -> str:
        """Track ``k``'s home castle (filled on its owner's sheet; a small sheet shows
        only its own)."""
        track = self.t.tracks[k]
        col, cw, small = track.colour, self.cw, self.small
        x = self.x0 + k * cw
        length = len(track.spaces)
        cy = self.y0 + (self.nmax - length) * self.sh - (4 if not small else 2)
        if small:
            return _castle(x + cw / 2, cy, cw * 0.32, col, True) if mine else ""
        tip = ((_("Home castle of the {colour} track (this sheet's player: yes)") if mine
                else _("Home castle of the {colour} track (this sheet's player: no)")
                ).format(colour=colour_stem(col))
               + _(": with all {n} spaces marked the home player scores {home} points "
                   "instead of {top} [{book}, Scoring]").format(
                   n=length, home=track.home_points, top=track.spaces[-1].points,
                   book=book())
               + f"\n{_prov(track)}")
        return (f'<g class="castle">{_t(tip)}'
                + _castle(x + cw / 2, cy, cw * 0.3, col, mine and owner)
                + _txt(x + cw / 2, cy - cw * 0.42 - 3, str(track.home_points), 11,
                       "middle", "#333", "bold" if mine else "normal")
                + "</g>")

    def _column(self, k: int, hgt: int, clickable: bool, nxt_tgt: bool) -> str:
        """Track ``k``'s spaces, the first ``hgt`` crossed out; the next one clickable
        and highlighted as said."""
        track = self.t.tracks[k]
        col, cw, sh, small = track.colour, self.cw, self.sh, self.small
        x = self.x0 + k * cw
        length = len(track.spaces)
        ck_attr = keyed_click("track", col)[1]
        out = []
        for j, sp in enumerate(track.spaces):
            y = self.y0 + (self.nmax - 1 - j) * sh
            done = j < hgt
            is_next = j == hgt
            can = clickable and is_next
            tgt = can and nxt_tgt
            attrs = ck_attr if can else " "
            cls = "track-space" + (" target" if can else "")
            fill = COLOURS[col] if not done else "#d8d0bd"
            op = "0.55" if not done else "1"
            body = (f'<rect class="face" x="{x + 2:.1f}" y="{y + 1:.1f}" width="{cw - 4:.1f}" '
                    f'height="{sh - 2:.1f}" rx="{3 if not small else 1}" fill="{fill}" '
                    f'fill-opacity="{op}" stroke="{TARGET if tgt else INKS[col]}" '
                    f'stroke-width="{3.2 if tgt else (2 if sp.highlight else 0.8)}"/>')
            if not small:
                lines = [_("{track} ({theme}), space {n} of {total}").format(
                             track=_track_label(col), theme=data_text(track.theme), n=j + 1,
                             total=length)
                         + (_(" (marked)") if done else _(" (the next one)") if is_next else ""),
                         _("{n} points if it is your highest marked space").format(n=sp.points)]
                if sp.action:
                    lines.append(_("When marked: {action} [{book}, Actions]").format(
                        action=_(ACTION_WORDS[sp.action]), book=book()))
                if sp.highlight:
                    lines.append(_("The 4th row: 4 spaces in every track end the game "
                                   "[{book}, Play Sheet 4, Game End]").format(book=book()))
                lines.append(_prov(track, False))
                body = _t("\n".join(lines)) + body
                if sp.action:
                    body += _action_icon(x + cw * 0.28, y + sh / 2, min(sh, cw) * 0.22,
                                         sp.action)
                    body += _txt(x + cw * 0.72, y + sh / 2 + 4, str(sp.points), 11, "middle",
                                 "#222", "bold", ' pointer-events="none"')
                else:
                    body += _txt(x + cw / 2, y + sh / 2 + 4, str(sp.points), 12, "middle",
                                 "#222", "bold", ' pointer-events="none"')
            if done:
                body += _cross(x + cw / 2, y + sh / 2, min(cw, sh) * (0.3 if not small else 0.28),
                               2 if not small else 1)
            out.append(f'<g class="{cls}"{attrs}>{body}</g>')
        return "".join(out)

    def _bandits(self, crossed: int) -> str:
        """The raiding bandit track (sheet 2), its first ``crossed`` spaces crossed out."""
        t = self.t
        cw, sh, small = self.cw, self.sh, self.small
        x = self.x0 + len(t.tracks) * cw + (10 if not small else 3)
        bt = t.sheet.bandit_track
        out = []
        for j, pts in enumerate(t.bandit_points):
            hh = sh * self.nmax / len(t.bandit_points)
            y = self.y0 + (len(t.bandit_points) - 1 - j) * hh
            done = j < crossed
            body = (f'<rect x="{x:.1f}" y="{y + 1:.1f}" width="{cw * 0.8:.1f}" '
                    f'height="{hh - 2:.1f}" rx="2" fill="{"#d8d0bd" if done else "#caa89a"}" '
                    f'stroke="#5a3020" stroke-width="0.8"/>')
            if not small:
                body = _t(_("Raiding bandit track, space {n}: {points} points if it is your "
                            "highest crossed space; each marked bandit field crosses the next "
                            "[{book}, Play Sheet 2, Raiding bandits]").format(
                    n=j + 1, points=pts, book=book()) + f"\n{_prov(bt)}") + body
                body += _txt(x + cw * 0.4, y + hh / 2 + 4, str(pts), 11, "middle", "#222",
                             "bold", ' pointer-events="none"')
            if done:
                body += _cross(x + cw * 0.4, y + hh / 2, min(cw, hh) * 0.28,
                               1.8 if not small else 1)
            out.append(f'<g class="bandit-space">{body}</g>')
        return "".join(out)

    def _tail(self) -> str:
        """Under a big sheet's tracks: the bandit's mask over the bandit track and each
        track's theme."""
        t = self.t
        out = []
        if t.bandit_points:
            x = self.x0 + len(t.tracks) * self.cw + 10
            out.append(_bandit(x + self.cw * 0.4, self.y0 - 14, 9))
        for k, track in enumerate(t.tracks):
            out.append(_txt(self.x0 + k * self.cw + self.cw / 2,
                            self.y0 + self.nmax * self.sh + 14 + 11 * (k % 2),
                            data_text(track.theme), 10, "middle", INKS[track.colour]))
        return "".join(out)


def _achievements(game: "CascaditoGame", obs: Mapping[str, Any], p: int, x0: float, y0: float,
                  clickable: bool, targets: set[str], names: Sequence[str] | None) -> str:
    """Seat ``p``'s two rows of achievements, each box clickable when met (a claim).
    Remembered by the sheet, place, seat, the achievements claimed and met, who claimed
    each first, the names, the number of seats, clickable and the claim targets."""
    sheet = obs["sheets"][p]
    key = (game.tables, x0, y0, p, frozen(sheet["claimed"]), frozen(sheet["claimable"]),
           frozen(obs.get("top_row_first")), frozen(names), _seat_count(obs), clickable,
           _clicks_of(targets, "claim"))
    return fragment("achievements", key, _draw_achievements, game, obs, p, x0, y0, clickable,
                    targets, names)


def _draw_achievements(game: "CascaditoGame", obs: Mapping[str, Any], p: int, x0: float,
                       y0: float, clickable: bool, targets: set[str],
                       names: Sequence[str] | None) -> str:
    """:func:`_achievements` drawn, box by box (:func:`_achievement_box`)."""
    t = game.tables
    sheet = obs["sheets"][p]
    claimed, claimable = set(sheet["claimed"]), set(sheet["claimable"])
    first = obs.get("top_row_first") or [-1] * t.num_achievements
    multi = _seat_count(obs) > 1
    lang = language()
    out = []
    for row_i, (row, idx) in enumerate((("top", t.top), ("bottom", t.bottom))):
        if not idx:
            continue
        out.append(_achievement_row_heading(t, row_i, x0, y0, lang))
        for k, a in enumerate(idx):
            f = first[a]
            locked = (row == "top" and f >= 0 and f != p
                      and not t.ach_later[a] and a not in claimed)
            out.append(_achievement_box(
                t, row_i, k, x0, y0, a in claimed, a in claimable, locked, f,
                _label(names, f) if f >= 0 else "", clickable and a in claimable,
                keyed_click("claim", f"{row} {k + 1}")[0] in targets, multi, lang))
    return "".join(out)


#: An achievement box's width, height, and the gap between two boxes.
ACH_W, ACH_H, ACH_GAP = 122, 54, 6


@lru_cache(maxsize=64)
def _achievement_row_heading(t: "SheetTables", row_i: int, x0: float, y0: float,
                             lang: str) -> str:
    """The heading of the top (``row_i`` 0) or bottom row of achievements, in ``lang``
    (the language in force)."""
    idx = t.top if row_i == 0 else t.bottom
    y = y0 + row_i * (ACH_H + 20)
    word = (_("Top row (first player only)") if not any(t.ach_later[a] for a in idx)
            else _("Top row (8 VP first, 5 VP later)")) if row_i == 0 else \
        _("Bottom row (every player)")
    return _txt(x0, y - 5, word, 11, fill="#5a4a2a", weight="bold")


@lru_cache(maxsize=4096)   # a sheet's boxes in their few states, per language
def _achievement_box(t: "SheetTables", row_i: int, k: int, x0: float, y0: float,
                     claimed: bool, claimable: bool, locked: bool, first: int, first_name: str,
                     can: bool, tgt: bool, multi: bool, lang: str) -> str:
    """Achievement ``k`` (from 0) of the top (``row_i`` 0) or bottom row: claimed, met
    (``claimable``), or ``locked`` (another player claimed it first); ``first`` the seat
    that claimed it first (-1: none), named ``first_name``; ``can`` clickable, ``tgt``
    highlighted; ``multi`` a game of several players; in ``lang`` (the language in
    force)."""
    row = "top" if row_i == 0 else "bottom"
    a = (t.top if row_i == 0 else t.bottom)[k]
    ach = t.achievements[a]
    name = f"{row} {k + 1}"
    bw, bh = ACH_W, ACH_H
    x = x0 + k * (bw + ACH_GAP)
    y = y0 + row_i * (bh + 20)
    state = (pgettext("achievement", "claimed") if claimed else _("met: claim it") if claimable
             else _("locked: {name} claimed it first").format(name=first_name) if locked
             else pgettext("achievement", "open"))
    tip = [f"{_achievement_title(name)} ({state})", data_text(ach.text),
           _("Reward: {reward}").format(reward=_reward(ach) or pgettext("cascadito", "none"))]
    if ach.later_points is not None and first >= 0:
        tip.append(_("First claimed by {name}").format(name=first_name))
    tip += [plain_hover(_("Rule: {source}").format(source=ach.source)) if ach.source
            else _("[{book}, The Play Sheets]").format(book=book()), _prov(ach)]
    fill = ("#e8f4e2" if claimed else "#fff7d1" if claimable
            else "#d9d4c8" if locked else "#fbf7ec")
    stroke = TARGET if tgt else "#c99a1a" if claimable else "#9b8a66"
    cls = "achievement" + (" target" if can else "") + (" hot" if claimable else "")
    attrs = keyed_click("claim", name)[1] if can else " "
    body = [f'<rect class="face ring" x="{x}" y="{y}" width="{bw}" height="{bh}" rx="6" '
            f'fill="{fill}" stroke="{stroke}" '
            f'stroke-width="{3.2 if tgt or claimable else 1.2}"/>']
    body.append(_txt(x + 5, y + 13, name, 10, fill="#7a6a4a", weight="bold"))
    body.append(_txt(x + bw - 5, y + 13, _reward(ach), 10, "end", "#8a1c1c", "bold"))
    colour = ach.criterion.colour or ""
    if colour in COLOURS:
        body.append(f'<circle cx="{x + bw - 10}" cy="{y + bh - 10}" r="6" '
                    f'fill="{COLOURS[colour]}" stroke="{INKS[colour]}"/>')
    for li, line in enumerate(wrap(_short(t, ach), 22)[:2]):
        body.append(_txt(x + 5, y + 26 + li * 12, line, 10.5, fill="#222"))
    if claimed:
        body.append(f'<path d="M{x + bw - 26} {y + bh - 16}l6 7l12 -14" fill="none" '
                    f'stroke="#1d7a33" stroke-width="3" stroke-linecap="round"/>')
    elif locked:
        body.append(_lock(x + bw - 12, y + bh - 14))
    if ach.provenance == "reconstructed":
        body.append(_txt(x + 5, y + bh - 4, _("\u2248 reconstructed"), 8, fill="#6e5f40",
                         extra=' font-style="italic"'))
    if multi and row == "top" and first >= 0 and not claimed and not locked:
        body.append(_txt(x + bw - 5, y + bh - 4, _("1st: P{n}").format(n=first + 1), 8,
                         "end", "#555"))
    return f'<g class="{cls}"{attrs}>{_t(chr(10).join(tip))}{"".join(body)}</g>'


def _boat(cx: float, cy: float, s: float) -> str:
    """The ship on a river's next space."""
    return (f'<path d="M{cx - s * 1.3:.1f} {cy - s * 0.3:.1f}h{s * 2.6:.1f}l-{s * 0.5:.1f} '
            f'{s * 0.7:.1f}h-{s * 1.6:.1f}z M{cx:.1f} {cy - s * 0.3:.1f}v-{s * 1.3:.1f}l{s:.1f} '
            f'{s:.1f}z" fill="#7a4a22" stroke="#4a2a10" stroke-width="0.6" '
            f'pointer-events="none"/>')


def _summary(game: "CascaditoGame", obs: Mapping[str, Any], p: int,
             names: Sequence[str] | None) -> str:
    """A small sheet's hover text: tracks, rivers, bandits, achievements claimed."""
    t = game.tables
    sheet = obs["sheets"][p]
    lines = [_("{name}'s sheet ({colour} home castle)").format(
                 name=_label(names, p), colour=colour_stem(CASTLE_ORDER[p])),
             _("Tracks: {tracks}").format(
                 tracks=", ".join(f"{colour(c)} {h}" for c, h in sheet["tracks"].items()))]
    for r, k in enumerate(sheet["rivers"]):
        lines.append(_("{river}: {n}/{total} marked").format(
            river=_river_label(t, r), n=k, total=t.river_len[r]))
    if t.bandit_points:
        lines.append(_("Bandits marked: {n}").format(n=sheet["bandits"]))
    claimed = [achievement_name(t, a).removeprefix("claim ") for a in sheet["claimed"]]
    lines.append(_("Achievements claimed: {names}").format(
        names=", ".join(claimed) or pgettext("cascadito", "none")))
    return "\n".join(lines)


def _lock(x: float, y: float) -> str:
    return (f'<g pointer-events="none"><rect x="{x - 6}" y="{y - 2}" width="12" height="10" '
            f'rx="1.5" fill="#666"/><path d="M{x - 3.5} {y - 2}v-3a3.5 3.5 0 0 1 7 0v3" '
            f'fill="none" stroke="#666" stroke-width="2"/></g>')


def _panel(x: float, y: float, w: float, h: float, active: bool) -> str:
    return (f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="10" fill="{PAPER}" '
            f'stroke="{ACTING if active else "#b9a98a"}" stroke-width="{4 if active else 1.2}"/>')


def _seat_head(obs: Mapping[str, Any], p: int, names: Sequence[str] | None, x: float,
               y: float, size: float, viewer: Any, extra: str = "") -> str:
    col = CASTLE_ORDER[p % len(CASTLE_ORDER)]
    sc = obs.get("scores") or [0] * _seat_count(obs)
    who = (_("{name} (you)") if viewer == p else "{name}").format(name=_label(names, p))
    return (f'<g class="seat-head" data-seat="{p}">'
            f'<circle cx="{x + size * 0.45}" cy="{y - size * 0.35}" r="{size * 0.45}" '
            f'fill="{COLOURS[col]}" stroke="{INKS[col]}"/>'
            + _txt(x + size * 1.2, y, who, size, weight="bold", fill="#2a2a2a")
            + f'<text x="{x + size * 1.2 + len(who) * size * 0.62 + 8:.1f}" y="{y}" '
              f'font-size="{size * 0.9:.1f}" fill="#6a4a1a"><tspan class="score" '
              f'data-seat="{p}" font-weight="bold">{int(sc[p])}</tspan> '
              f'{escape(ngettext("point", "points", int(sc[p])))}'
              f'{escape(" · " + extra) if extra else ""}</text></g>')


def _big_sheet(game: "CascaditoGame", obs: Mapping[str, Any], p: int, names: Sequence[str] | None,
               clickable: bool, targets: set[str], acting: Any,
               pend: list[dict[str, Any]], items: Sequence[tuple[int, dict[str, Any]]] = ()
               ) -> str:
    """The big sheet (top part of the picture): kingdom, tracks, achievements; the dice
    pool and the sheet's notes in a column on its right."""
    t = game.tables
    out = [f'<g class="sheet big" data-seat="{p}">',
           _panel(6, BIG_TOP, W - 12, BIG_H, acting == p and obs.get("phase") != "end"),
           _seat_head(obs, p, names, 18, BIG_TOP + 22, 15, obs.get("player"))]
    lay = _layout(t, 26, BIG_TOP + 40, 24.0)
    out.append(_kingdom(game, obs, p, lay, clickable, targets, False))
    out.append(_sheet_marks(game, obs, p, lay, items, (POOL_X - 16, BIG_TOP + 22), False))
    nmax = max(t.track_len)
    sh = min(36.0, 290.0 / nmax)
    tx = 26 + lay.width + 28
    out.append(_tracks(game, obs, p, tx, BIG_TOP + 64, 42, sh, clickable, targets, False))
    ay = BIG_TOP + 40 + lay.height + 22
    out.append(_achievements(game, obs, p, 26, ay, clickable, targets, names))
    out.append(_pool(game, obs, clickable, targets, pend, POOL_X, BIG_TOP + 8))
    out.append(_sheet_notes(game, obs, p, POOL_X + 10, BIG_TOP + 250))
    out.append("</g>")
    return "".join(out)


def _sheet_notes(game: "CascaditoGame", obs: Mapping[str, Any], p: int, x: float, y: float) -> str:
    """Rivers, bandits and the running score of the big sheet, in words. Remembered by
    the sheet, place, seat, its sheet, who claimed each achievement first, the number of
    seats and whether the game is over (what :func:`_facts` reads)."""
    key = (game.tables, x, y, p, frozen(obs["sheets"][p]), frozen(obs.get("top_row_first")),
           obs.get("phase") == "end", _seat_count(obs))
    return fragment("notes", key, _draw_sheet_notes, game, obs, p, x, y)


def _draw_sheet_notes(game: "CascaditoGame", obs: Mapping[str, Any], p: int, x: float,
                      y: float) -> str:
    """:func:`_sheet_notes` drawn."""
    t = game.tables
    f = _facts(t, obs, p)
    lines = []
    for r, riv in enumerate(t.rivers):
        k = f.rivers[r]
        lines.append(_("{river}: {n}/{total} marked").format(
            river=_river_label(t, r), n=k, total=len(riv.spaces)))
    if t.bandit_points:
        lines.append(_("Bandits marked: {n}").format(n=f.bandits))
    groups = hexgrid.components([t.cells[t.name_index[c]] for c in obs["sheets"][p]["marked"]
                                 if c in t.name_index])
    lines.append(_("Groups of 2+ fields: {n}").format(n=sum(1 for g in groups if len(g) >= 2)))
    lines.append(_("Score now: {n} points").format(n=sheet_total(t, f)))
    return "".join(_txt(x, y + i * 16, s, 12, fill="#3b2f1a") for i, s in enumerate(lines))


def _solo_timer(game: "CascaditoGame", obs: Mapping[str, Any], x: float, y: float) -> str:
    t = game.tables
    boxes = int((obs.get("solo") or {}).get("boxes", 0))
    out = [_txt(x, y + 4, _("Solo timer: one dice box per round of 2 turns; the game ends "
                            "with the last box"), 11, fill="#5a4a2a", weight="bold")]
    for k in range(t.solo_boxes):
        bx = x + k * 34 + (8 if k >= t.solo_harder else 0)
        done = k < boxes
        tip = (_("Dice box {n} of {total}").format(n=k + 1, total=t.solo_boxes)
               + (_(" (marked)") if done else "")
               + (_("; the first {n} are marked before a harder game").format(n=t.solo_harder)
                  if k < t.solo_harder else "")
               + _(" [{book}, Solo Play]").format(book=book()) + "\n"
               + _prov(t.sheet.solo))
        out.append(f'<g class="solo-box">{_t(tip)}<rect x="{bx}" y="{y + 12}" width="28" '
                   f'height="28" rx="5" fill="#fff" stroke="#666"/>'
                   f'<circle cx="{bx + 9}" cy="{y + 21}" r="2.5" fill="#666"/>'
                   f'<circle cx="{bx + 19}" cy="{y + 31}" r="2.5" fill="#666"/>'
                   + (_cross(bx + 14, y + 26, 9, 2.4) if done else "") + "</g>")
    return "".join(out)


def _pool(game: "CascaditoGame", obs: Mapping[str, Any], clickable: bool, targets: set[str],
          pend: list[dict[str, Any]], x0: float, y0: float) -> str:
    """The dice pool (3 dice a row), the forbidden faces, the actions waiting.
    Remembered by the sheet, place, the pool, the die chosen, the number of actions
    waiting, clickable and the die targets."""
    pool = str(obs.get("pool") or "-")
    chosen = next((c["die"] for c in pend if "die" in c), None)
    waiting = len(obs.get("tasks") or [])
    key = (game.tables, x0, y0, pool, chosen, waiting, clickable, _clicks_of(targets, "die"))
    return fragment("pool", key, _draw_pool, game, pool, chosen, waiting, clickable, targets,
                    x0, y0)


def _draw_pool(game: "CascaditoGame", pool: str, chosen: str | None, waiting: int,
               clickable: bool, targets: set[str], x0: float, y0: float) -> str:
    """:func:`_pool` drawn (from the game's :class:`_PoolArt`)."""
    art = _pool_art(game, x0, y0, language())
    dice = [_LETTERS[ch] for ch in pool if ch in _LETTERS]
    out = [art.heading]
    lifted = False
    for k, col in enumerate(dice):
        up = chosen == col and not lifted
        lifted = lifted or up
        out.append(art.die(k, col, up, keyed_click("die", col)[0] in targets, clickable))
    if not dice:
        out.append(art.empty)
    out.append(art.forbidden)
    if waiting:
        out.append(_txt(x0 + 10, y0 + 182, _("Actions waiting: {n}").format(n=waiting), 12,
                        fill="#8a1c1c", weight="bold"))
    return "".join(out)


#: A die's colour by its letter in the pool (``B`` blue...).
_LETTERS = {c[0].upper(): c for c in TOWN_COLOURS}


@lru_cache(maxsize=64)
def _pool_art(game: "CascaditoGame", x0: float, y0: float, lang: str) -> "_PoolArt":
    """The :class:`_PoolArt` of a game at ``(x0, y0)`` in ``lang`` (the language in force)."""
    return _PoolArt(game, x0, y0)


class _PoolArt:
    """The dice pool's column at one place in one language: its heading, the empty pool's
    words and the forbidden faces drawn once; a die drawn once per place in the pool,
    colour and state (lifted, highlighted, clickable)."""

    def __init__(self, game: "CascaditoGame", x0: float, y0: float):
        self.game, self.x0, self.y0 = game, x0, y0
        self.heading = _txt(x0 + 10, y0 + 18, _("Dice pool"), 14, weight="bold")
        self.empty = "".join(_txt(x0 + 10, y0 + 48 + i * 16, line, 12, fill="#555")
                             for i, line in enumerate((_("Empty: the next player"),
                                                       _("rolls all 6 dice"))))
        fy = y0 + 152
        out = [_txt(x0 + 10, fy + 4, _("Forbidden:"), 12, fill="#555")]
        for k, col in enumerate(game.tables.forbidden):
            fx = x0 + 84 + k * 28
            forbidden = _("The {colour} face is forbidden on this sheet: such dice leave the "
                          "pool after every roll [{book}, Roll all 6 dice]").format(
                colour=colour_stem(col), book=book())
            out.append(f'<g class="forbidden">{_t(forbidden)}'
                       f'<rect x="{fx}" y="{fy - 12}" width="22" height="22" rx="4" '
                       f'fill="{COLOURS[col]}" stroke="#555"/>'
                       f'<path d="M{fx - 2} {fy - 14}L{fx + 24} {fy + 12}" stroke="#c22" '
                       f'stroke-width="2.5"/></g>')
        self.forbidden = "".join(out)
        self._dice: dict[tuple[int, str, bool, bool, bool], str] = {}

    def die(self, k: int, col: str, up: bool, tgt: bool, clickable: bool) -> str:
        """The ``k``-th die of the pool (3 a row), of colour ``col``: ``up`` lifted (the
        die chosen), ``tgt`` highlighted, ``clickable``."""
        key = (k, col, up, tgt, clickable)
        text = self._dice.get(key)
        if text is None:
            text = self._dice[key] = self._draw_die(*key)
        return text

    def _draw_die(self, k: int, col: str, up: bool, tgt: bool, clickable: bool) -> str:
        dx = self.x0 + 10 + (k % 3) * 48
        dy = self.y0 + 30 + (k // 3) * 50 - (6 if up else 0)
        face = self.game.dice.face(col)
        tip = ((_("An {colour} die ({theme}): mark an empty field next to an {colour} town, "
                  "or the next river space, or pass [{book}, Select a die]") if _a(col) == "an"
                else _("A {colour} die ({theme}): mark an empty field next to a {colour} town, "
                       "or the next river space, or pass [{book}, Select a die]")).format(
                    colour=colour_stem(col), theme=data_text(face.theme), book=book())
               + f"\n{_prov(face)}")
        return (f'<g class="die{" target" if clickable else ""}{" chosen" if up else ""}"'
                f'{keyed_click("die", col)[1] if clickable else " "}>{_t(tip)}'
                f'<rect class="face" x="{dx}" y="{dy}" width="40" height="40" rx="8" '
                f'fill="{COLOURS[col]}" '
                f'stroke="{TARGET if tgt else ("#d11" if up else INKS[col])}" '
                f'stroke-width="{3.2 if tgt or up else 1.5}"/>'
                + _house(dx + 20, dy + 20, 10, col) + "</g>")


def _others(game: "CascaditoGame", obs: Mapping[str, Any], big: int, names: Sequence[str] | None,
            acting: Any, items: Sequence[tuple[int, dict[str, Any]]] = ()) -> str:
    """The bottom band: every other seat's sheet, small, side by side (solo: the timer)."""
    n = _seat_count(obs)
    if n == 1:
        key = (game.tables, frozen(obs.get("solo")), obs.get("phase") == "end")
        return fragment("solo", key, _solo_band, game, obs)
    others = [q for q in range(n) if q != big]
    return "".join(_small_sheet(game, obs, q, i, len(others), names, acting, items)
                   for i, q in enumerate(others))


def _solo_band(game: "CascaditoGame", obs: Mapping[str, Any]) -> str:
    """The bottom band of a solo game: the dice boxes and the round in words."""
    t = game.tables
    y = BIG_TOP + BIG_H + 8
    ph = H - y - 6
    solo = obs.get("solo") or {}
    out = [_panel(6, y, W - 12, ph, False),
           _solo_timer(game, obs, 22, y + 22),
           _txt(22, y + 92, (_("Solo game over: all {n} rounds played. ").format(
                                 n=t.solo_boxes)
                             if obs.get("phase") == "end" else
                             _("Solo game: round {n} of {total}, turn {turn} of 2. ").format(
                                 n=int(solo.get("boxes", 0)) + 1, total=t.solo_boxes,
                                 turn=int(solo.get("turn", 0)) + 1))
                + _("Roll all 6 dice each round, take 2 turns, then mark the next dice "
                    "box."), 12.5, fill="#333"),
           _txt(22, y + 112, _("How many points can you achieve?"), 12.5, fill="#333")]
    return "".join(out)


def _small_opening(game: "CascaditoGame", obs: Mapping[str, Any], q: int,
                   names: Sequence[str] | None) -> str:
    """The start of seat ``q``'s small sheet: its group and hover text (:func:`_summary`)."""
    return f'<g class="sheet small" data-seat="{q}">' + _t(_summary(game, obs, q, names))


def _small_sheet(game: "CascaditoGame", obs: Mapping[str, Any], q: int, i: int, count: int,
                 names: Sequence[str] | None, acting: Any,
                 items: Sequence[tuple[int, dict[str, Any]]]) -> str:
    """Seat ``q``'s sheet, small, the ``i``-th of ``count`` side by side in the bottom band:
    its summary as hover text, its kingdom, marks, tracks and achievements (each part
    remembered by what it shows)."""
    t = game.tables
    y = BIG_TOP + BIG_H + 8
    ph = H - y - 6
    pw = min(470.0, (W - 12 - 8 * (count - 1)) / count)
    px = 6 + i * (pw + 8)
    sheet = obs["sheets"][q]
    out = [fragment("small-opening", (t, q, frozen(sheet), _label(names, q)), _small_opening,
                    game, obs, q, names),
           _panel(px, y, pw, ph, acting == q and obs.get("phase") != "end")]
    info = [f"{_river_word(t.river_names[rv])} {k}/{t.river_len[rv]}"
            for rv, k in enumerate(sheet["rivers"])]
    if t.bandit_points:
        info.append(_("bandits {n}").format(n=sheet["bandits"]))
    out.append(_seat_head(obs, q, names, px + 10, y + 18, 12, obs.get("player"),
                          " · ".join(info)))
    r = min(9.0, (ph - 34) / 15.5)
    lay = _layout(t, px + 10, y + 26, r)
    out.append(_kingdom(game, obs, q, lay, False, set(), True))
    out.append(_sheet_marks(game, obs, q, lay, items, (px + pw - 10, y + 16), True))
    nmax = max(t.track_len)
    sh = min(13.0, (ph - 48) / nmax)
    out.append(_tracks(game, obs, q, px + 10 + lay.width + 10, y + 38, 12, sh, False,
                       set(), True))
    key = (t, q, px + pw - 8, y + 30, frozen(sheet["claimed"]), frozen(obs.get("top_row_first")))
    out.append(fragment("mini-achievements", key, _mini_achievements, game, obs, q,
                        px + pw - 8, y + 30))
    out.append("</g>")
    return "".join(out)


def _mini_achievements(game: "CascaditoGame", obs: Mapping[str, Any], p: int, right: float,
                       y: float) -> str:
    """A small sheet's achievements: one square per achievement, the top row in a column
    left of the bottom row's, ending at ``right``; claimed ones green, ones another player
    took first grey (remembered by its seat, place, claims and who claimed first where
    drawn)."""
    t = game.tables
    sheet = obs["sheets"][p]
    claimed = set(sheet["claimed"])
    first = obs.get("top_row_first") or [-1] * t.num_achievements
    out = []
    s = 13
    for ri, idx in enumerate((t.top, t.bottom)):
        for k, a in enumerate(idx):
            x = right - (2 - ri) * (s + 4)
            yy = y + k * (s + 3)
            locked = (a in t.top and first[a] >= 0 and first[a] != p and not t.ach_later[a]
                      and a not in claimed)
            fill = "#7cc36a" if a in claimed else "#b5b0a5" if locked else "#fbf7ec"
            name = achievement_name(t, a).removeprefix("claim ")
            state = (pgettext("achievement", "claimed") if a in claimed else _("taken by another player") if locked
                     else pgettext("achievement", "open"))
            out.append(f'<rect x="{x:.1f}" y="{yy:.1f}" width="{s}" height="{s}" rx="2" '
                       f'fill="{fill}" stroke="#8a7a5a">{_t(f"{name}: {state}")}</rect>')
    return "".join(out)


# ------------------------------------------------------------------ public view, scores
def public_observation(observation: Mapping[str, Any]) -> dict[str, Any]:
    """What a spectator may see: in Cascadito every sheet and the pool are public (the
    future rolls, the only hidden thing, are in no observation); the viewer is dropped."""
    out = dict(observation)
    out["player"] = None
    return out


def score_table(observation: Mapping[str, Any],
                names: Sequence[str] | None = None) -> dict[str, Any]:
    """The running score of every sheet (its final breakdown at the end), in the rulebook's
    order ("Scoring"; :func:`.scoring.score_steps`): the top-row achievements, the
    bottom-row ones (sheets 3-4), each success track, the all-tracks bonus (sheets 1, 3),
    each river (sheets 1-3), the bandit track (sheet 2), the whole-top-row bonus (sheet
    4), and a Total row. Headings: ``Scoring item`` and one per seat (``names``, else
    ``Player N``; :func:`regalia.core.svgkit.score_headings`)."""
    t = game_of(observation).tables
    facts = tuple(_facts(t, observation, p) for p in range(_seat_count(observation)))
    return {"headings": score_headings(len(facts), names),
            "rows": [{"label": label, "cells": list(cells)}
                     for label, cells in _score_rows(t, facts, language())]}


@lru_cache(maxsize=256)   # every seat's table of a ply is the same
def _score_rows(t: "SheetTables", facts: tuple[SheetFacts, ...],
                lang: str) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """The rows of the score table, ``(label, points per seat)``, of sheets with these
    :class:`.scoring.SheetFacts`, in ``lang`` (the language in force)."""
    n = len(facts)
    steps = [score_steps(t, f) for f in facts]
    labels = {"top_row": _("Top-row achievements"), "bottom_row": _("Bottom-row achievements")}
    order = [labels["top_row"]]
    if any(a.points for a in t.achievements if a.row == "bottom"):
        order.append(labels["bottom_row"])
    order += [_track_label(TOWN_COLOURS[c]) for c in t.track_colour]
    if t.bonus is not None:
        order.append(_("All tracks bonus"))
    order += [_river_label(t, r) if t.num_rivers > 1 else _("River")
              for r in range(t.num_rivers)]
    if t.bandit_points:
        order.append(_("Raiding bandits"))
    if t.end.top_row_bonus:
        order.append(_("Whole top row"))
    rows: dict[str, list[int]] = {k: [0] * n for k in order}
    for p, ss in enumerate(steps):
        for st in ss:
            label = labels.get(st.key) or (st.label[:1].upper() + st.label[1:])
            if label not in rows and not st.points:
                continue  # an action-only achievement (sheets 1-2 bottom row): no points
            rows.setdefault(label, [0] * n)[p] += int(st.points)
            if label not in order:
                order.append(label)
    body = [(k, tuple(rows[k])) for k in order]
    body.append((_("Total"), tuple(sheet_total(t, f) for f in facts)))
    return tuple(body)


def _section(source: str, default: str) -> str:
    """``Cascadito rulebook (English), Play Sheet 2, Raiding bandits``: the book and the
    section a data record's ``source`` names (its quotation left out)."""
    if source.startswith(book()):
        return source
    section = source.split(":", 1)[0].strip() if source else ""
    return f"{book()}, {section or default}"


def scoring_help(observation: Mapping[str, Any]) -> list[dict[str, str]]:
    """The scoring rules of this sheet from the game's help data (:func:`.help.help_entries`:
    success tracks, bonus, river, bandits, then the achievements), each with its source
    (book and section)."""
    return [dict(e) for e in _scoring_help(game_of(observation), language())]


@lru_cache(maxsize=64)
def _scoring_help(game: "CascaditoGame", lang: str) -> list[dict[str, str]]:
    """:func:`scoring_help` of a game in ``lang`` (the language in force); callers copy."""
    first = [{"heading": _("Scoring"),
              "text": _("At the game end: top-row achievements (and on sheets 3 and 4 "
                        "bottom-row ones) score the points shown; each success track scores "
                        "the value beside its highest marked space (the higher home-castle "
                        "value for your full home track); the river, bandit track and bonuses "
                        "as below."),
              "source": f"{book()}, Scoring"}]
    achievements = []
    for e in help_entries(game):
        if e.kind in (_("success track"), _("bonus")) or e.kind == _("sheet feature") and (
                e.aliases[:1] in (("river",), ("bandit",))):
            text = e.effect + (" " + provenance_note(e.provenance, "sheet")
                               if e.provenance == "reconstructed" else "")
            first.append({"heading": _cap(e.name), "text": text,
                          "source": _section(e.source, "Scoring")})
        elif e.aliases[-1:] and e.aliases[-1].startswith(("top", "bottom")):
            det = e.details[0] if e.details else ""
            achievements.append({"heading": _("Achievement {name}").format(name=e.name),
                                 "text": f"{e.effect} {det}".strip(),
                                 "source": _section(e.source, "Achievements")})
    return first + achievements


__all__ = ["click", "game_of", "public_observation", "render",
           "score_table", "scoring_help"]
