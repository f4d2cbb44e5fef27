"""Two Heirs' scoring pad (``/score``; the contract is :mod:`regalia.core.pad`).

The shared landscape, north at the top: tap a space, choose its tile from the game's tile
list (by set, each with its face), which side owns it, whose troop stands on it; road
scoring on or off; solo: Heinrich's treasures (on his buildings and in the pile). Troops
not on the landscape are in the royal reserve (the tie-break). The position is the score
text of :mod:`.textformat` (``regalia score two-heirs FILE``; open terrain is written by
its colour, buildings by tile id); every edit is read back by
:func:`.textformat.parse_landscape`, so the pad refuses what it refuses (a fourth troop of
a side, a treasure off Heinrich's buildings, more than 10 treasures).
"""

from __future__ import annotations

from typing import Any, Mapping

from regalia.core import pad as P
from regalia.core.errors import NotationError, ParameterError

from regalia.core.i18n import N_, _, ngettext, pgettext

from .components import (COLOURS, NUM_TREASURES, SETS, TYPE_NAMES, TileSet, colour_name,
                         load_tiles, set_name, type_name)
from .help import SCORING_CITE, ROADS_CITE, SOLO_SCORING_CITE
from .landscape import PlacedTile, Pos
from .paddraw import icon, landscape_svg
from .scoring import buildings_of
from .textformat import (SIDE_WORDS, TROOPS_PER_SEAT, ScoreSheet, parse_landscape, score_sheet,
                         winner)

TITLE = N_("Two Heirs")     # a message: shown as _(TITLE) ("Die zwei Erben")
OPS = ("tile", "terrain", "side", "troop", "clear", "roads", "solo", "pile", "treasure")
#: How far from the starting tile a space may be (the landscape of a real game is far
#: smaller: 27 tiles and the starting tile).
REACH = 30
#: Sources per scoring section (messages: shown translated, :func:`_sections`).
SECTIONS = {"building": N_("Two Heirs rulebook (English), 'Scoring' and 'Tile effects by set'"),
            "road": ROADS_CITE, "treasures": SOLO_SCORING_CITE}


def _sections() -> dict[str, str]:
    return {k: _(v) for k, v in SECTIONS.items()}
_TILES: list[TileSet] = []


def _tiles() -> TileSet:
    if not _TILES:
        _TILES.append(load_tiles())
    return _TILES[0]


def _names(solo: bool) -> tuple[str, str]:
    return ((_("You (south)"), _("Heinrich (north)")) if solo else
            (_("South (white)"), _("North (blue)")))


def setup() -> list[dict[str, Any]]:
    """Two players, or solo against Heinrich."""
    return [{"name": "players", "label": _("Players"), "default": 2,
             "options": [{"value": 2, "label": "2"},
                         {"value": 1, "label": _("1 (solo against Heinrich)")}]}]


def new(choices: Mapping[str, Any]) -> str:
    """The starting landscape: one tile face down in the middle of the table (Setup:
    "Take the top building tile from the shared supply and place it face down"), grey
    until you say its colour; solo: 10 treasures in Heinrich's pile.

    Raises:
        ParameterError: another player count.
    """
    n = choices.get("players", 2)
    if n not in (1, 2) or type(n) is not int:
        raise ParameterError(_("players: 2, or 1 (solo against Heinrich)"))
    tiles = _tiles()
    start = next(i for i, t in enumerate(tiles.tiles) if t.colour == "grey")
    sheet = ScoreSheet({(0, 0): PlacedTile(start, False, None)}, {}, True, n == 1, (), 0)
    return _write(sheet)


def _read(text: str) -> ScoreSheet:
    return parse_landscape(text, _tiles(), source=P.SOURCE)


def _write(sheet: ScoreSheet) -> str:
    tiles = _tiles()
    out = ["# Two Heirs final landscape, entered on the scoring pad (x east, y north;",  # i18n: no
           "# south = seat 0, north = seat 1; open terrain by its colour)"]  # i18n: no
    for pos in sorted(sheet.landscape):
        pt = sheet.landscape[pos]
        t = tiles.tiles[pt.tile]
        spec = f"{t.id} {SIDE_WORDS[pt.owner]}" if pt.building and pt.owner is not None \
            else f"{t.colour} down"
        troop = sheet.troops.get(pos)
        out.append(f"{pos[0]} {pos[1]} {spec}" + ("" if troop is None else f" {SIDE_WORDS[troop]}"))
    if not sheet.roads:
        out.append("roads off")  # i18n: no (the score format)
    if sheet.solo:
        out.append(f"solo {sheet.treasures_in_pile}")
        out.extend(f"treasure {p[0]} {p[1]}" for p in sheet.treasures_on_landscape)
    return "\n".join(out) + "\n"


def _checked(sheet: ScoreSheet) -> str:
    text = _write(sheet)
    try:
        _read(text)
    except NotationError as exc:
        raise NotationError(P.refusal(exc)) from None
    return text


def _pos(change: Mapping[str, Any]) -> Pos:
    return P.number(change, "x", -REACH, REACH), P.number(change, "y", -REACH, REACH)


def edit(text: str, change: Mapping[str, Any]) -> str:
    """The text after one edit (``op``: ``tile`` {x, y, tile: id} a building there, its
    side kept or south; ``terrain`` {x, y, colour} open terrain; ``side`` {x, y, side:
    south or north}; ``troop`` {x, y, seat: south, north or none}; ``clear`` {x, y};
    ``roads`` {on}; ``solo`` {on}; ``pile`` {value: treasures in Heinrich's pile};
    ``treasure`` {x, y, on}).

    Raises:
        NotationError: a malformed edit or one the score format refuses.
    """
    op = P.op_of(change, OPS)
    sheet = _read(text)
    tiles = _tiles()
    land, troops = dict(sheet.landscape), dict(sheet.troops)
    treasures = list(sheet.treasures_on_landscape)
    roads, solo, pile = sheet.roads, sheet.solo, sheet.treasures_in_pile
    if op in ("roads", "solo"):
        on = P.field(change, "on", bool, _("true or false"))
        if op == "roads":
            roads = on
        else:
            solo, pile, treasures = on, 0, []
    elif op == "pile":
        if not solo:
            raise NotationError(_("Heinrich's pile belongs to the solo game: turn it on first"))
        pile = P.number(change, "value", 0, NUM_TREASURES)
    else:
        pos = _pos(change)
        pt = land.get(pos)
        if op == "tile":
            ids = [t.id for t in tiles.tiles]
            i = ids.index(P.choice(change, "tile", ids))
            here = next((p for p, x in land.items() if x.tile == i and x.building), None)
            if here is not None and here != pos:
                raise NotationError(_("{tile} lies at {x}, {y} already; each tile lies in one "
                                      "place").format(tile=ids[i], x=here[0], y=here[1]))
            owner = pt.owner if pt is not None and pt.building and pt.owner is not None else 0
            land[pos] = PlacedTile(i, True, owner)
            if owner == 0:
                treasures = [p for p in treasures if p != pos]
        elif op == "terrain":
            colour = P.choice(change, "colour", COLOURS)
            free = [k for k, t in enumerate(tiles.tiles) if t.colour == colour
                    and all(x.tile != k for p, x in land.items() if p != pos)]
            if not free:
                raise NotationError(_("no unused {colour} tile left for open terrain").format(
                    colour=colour_name(colour)))
            land[pos] = PlacedTile(free[0], False, None)
            treasures = [p for p in treasures if p != pos]
        elif pt is None:
            raise NotationError(_("no tile at {x}, {y}: choose its tile first").format(
                x=pos[0], y=pos[1]))
        elif op == "side":
            if not pt.building:
                raise NotationError(_("open terrain belongs to no one: choose a building "
                                      "first"))
            owner = SIDE_WORDS.index(P.choice(change, "side", SIDE_WORDS[:2]))
            land[pos] = PlacedTile(pt.tile, True, owner)
            if owner == 0:
                treasures = [p for p in treasures if p != pos]
        elif op == "troop":
            seat = P.choice(change, "seat", ("south", "north", "none"))
            if seat == "none":
                troops.pop(pos, None)
            else:
                troops[pos] = SIDE_WORDS.index(seat)
        elif op == "clear":
            if len(land) == 1:
                raise NotationError(_("the last tile stays: a landscape has at least one"))
            del land[pos]
            troops.pop(pos, None)
            treasures = [p for p in treasures if p != pos]
        else:   # treasure
            if not P.field(change, "on", bool, _("true or false")):
                treasures = [p for p in treasures if p != pos]
            elif pos not in treasures:
                treasures.append(pos)
    return _checked(ScoreSheet(land, troops, roads, solo, tuple(treasures), pile))


# ---------------------------------------------------------------------- menus
def _focus(focus: str) -> tuple[Pos, str | None]:
    parts = focus.split(":")
    try:
        if parts[0] == "cell" and len(parts) in (3, 4):
            x, y = int(parts[1]), int(parts[2])
            if abs(x) <= REACH and abs(y) <= REACH and (len(parts) == 3 or parts[3] in SETS):
                return (x, y), parts[3] if len(parts) == 4 else None
    except ValueError:
        pass
    raise NotationError(_("{focus} is no space of the landscape").format(
        focus=repr(focus[:40])))


def _menu(sheet: ScoreSheet, pos: Pos, chosen: str | None) -> dict[str, Any]:
    tiles = _tiles()
    names = _names(sheet.solo)
    pt = sheet.landscape.get(pos)
    x, y = pos
    at = {"x": x, "y": y}
    groups = []
    placed = {p.tile: q for q, p in sheet.landscape.items() if p.building}
    if pt is not None and pt.building and pt.owner is not None:
        t = tiles.tiles[pt.tile]
        title = f"{x}, {y}: {type_name(t.type)} ({t.id}), {names[pt.owner]}"
        groups.append(P.group(_("Whose building"), [
            P.option(names[s], {"op": "side", **at, "side": SIDE_WORDS[s]},
                     selected=pt.owner == s) for s in (0, 1)]))
    elif pt is not None:
        title = _("{x}, {y}: open terrain ({colour})").format(
            x=x, y=y, colour=colour_name(tiles.tiles[pt.tile].colour))
    else:
        title = _("{x}, {y}: an empty space").format(x=x, y=y)
    if pt is not None:
        seat = sheet.troops.get(pos)
        groups.append(P.group(_("Troop on it (each side has {n})").format(n=TROOPS_PER_SEAT), [
            P.option(_("none"), {"op": "troop", **at, "seat": "none"}, selected=seat is None),
            *[P.option(names[s], {"op": "troop", **at, "seat": SIDE_WORDS[s]},
                       selected=seat == s) for s in (0, 1)]]))
        if sheet.solo and pt.building and pt.owner == 1:
            on = pos in sheet.treasures_on_landscape
            groups.append(P.group(_("Heinrich's treasure"), [P.option(
                _("A treasure on it"), {"op": "treasure", **at, "on": not on}, selected=on)],
                kind="toggle"))
    current = tiles.tiles[pt.tile].set if pt is not None and pt.building else None
    shown = chosen or current or next((tiles.tiles[k].set for k in placed), SETS[0])
    groups.append(P.group(_("Tile set (its symbol)"), [
        P.option(set_name(s), None, selected=s == shown, focus=f"cell:{x}:{y}:{s}")
        for s in SETS]))
    options = []
    owner = pt.owner if pt is not None and pt.building else 0
    for k, t in enumerate(tiles.tiles):
        if t.set != shown:
            continue
        elsewhere = placed.get(k)
        note = t.id + (_(", at {x}, {y}").format(x=elsewhere[0], y=elsewhere[1])
                       if elsewhere not in (None, pos) else "")
        options.append(P.option(type_name(t.type), {"op": "tile", **at, "tile": t.id}
                                if elsewhere in (None, pos) else None,
                                selected=pt is not None and pt.building and pt.tile == k,
                                note=note, svg=icon(tiles, k, owner)))
    groups.append(P.group(_("{set} tiles (reconstructed)").format(set=set_name(shown)),
                          options))
    groups.append(P.group(_("Open terrain (face down)"), [
        P.option(colour_name(c), {"op": "terrain", **at, "colour": c},
                 selected=pt is not None and not pt.building and tiles.tiles[pt.tile].colour == c)
        for c in COLOURS]))
    if pt is not None:
        groups.append(P.group("", [P.option(_("Remove the tile"), {"op": "clear", **at})],
                              kind="buttons"))
    return {"focus": f"cell:{x}:{y}" + (f":{chosen}" if chosen else ""), "title": title,
            "groups": groups}


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + "."


def view(text: str, focus: str | None = None) -> dict[str, Any]:
    """The pad's view of ``text`` (:mod:`regalia.core.pad`): the landscape, the road and
    solo options, the menu of the tapped space, and the scores with the tie-break.

    Raises:
        NotationError: a text the score format refuses, or a focus that is no space.
    """
    sheet = _read(text)
    tiles = _tiles()
    names = _names(sheet.solo)
    at, chosen = _focus(focus) if focus is not None else (None, None)
    bds = score_sheet(sheet, tiles)
    points = {b.position: b.points for bd in bds for b in buildings_of(bd)}
    reserve = sheet.reserve_troops()
    controls = [P.group(_("Scoring"), [P.option(_("Roads scored"),
                                                {"op": "roads", "on": not sheet.roads},
                                                selected=sheet.roads),
                                       P.option(_("Solo (against Heinrich)"),
                                             {"op": "solo", "on": not sheet.solo},
                                             selected=sheet.solo)], kind="toggle")]
    if sheet.solo:
        controls.append(P.stepper(_("Treasures left in Heinrich's pile"), sheet.treasures_in_pile,
                                  0, NUM_TREASURES, {"op": "pile"}, unit="treasure"))
    board = landscape_svg(tiles, sheet.landscape, sheet.troops,
                          set(sheet.treasures_on_landscape), points, names, at)
    keys = ([(bds[0].total, 0), (bds[1].total, 1)] if sheet.solo    # the human loses ties
            else [(bds[s].total, reserve[s]) for s in (0, 1)])
    players = [P.player_score(names[s], bds[s], _sections(),
                              (bds[s].total,) if sheet.solo else (bds[s].total, reserve[s]),
                              note=(_("Heinrich's 3 best buildings count double; his troops "
                                      "are ignored.") if sheet.solo and s == 1 else
                                    ngettext("{n} troop(s) in the royal reserve.",
                                             "{n} troop(s) in the royal reserve.",
                                             reserve[s]).format(n=reserve[s])))
               for s in (0, 1)]
    for player in players:          # the breakdown labels a building by its type id
        for step in player["steps"]:
            label = step["label"]
            step["label"] = (type_name(label) if label in TYPE_NAMES else
                             pgettext("score item", "road") if label == "road" else label)
    on_land = len(sheet.landscape)
    tie = (_("With fewer points, or a tie, you lose.") if sheet.solo else
           _("The most points wins; on a tie the player with the most troops in the royal "
             "reserve wins; still tied, nobody."))
    title = (ngettext("Two Heirs, solo: {n} tile", "Two Heirs, solo: {n} tiles", on_land)
             if sheet.solo else ngettext("Two Heirs: {n} tile", "Two Heirs: {n} tiles", on_land))
    return {"text": text,
            "title": title.format(n=on_land) + ("" if sheet.roads else _(", roads not scored")),
            "notes": [_("The tiles are the project's reconstruction: the printed tile list is "
                        "not public. The building types of each set and their effects are the "
                        "rulebook's; each tile's colour, roads, direction and target are "
                        "reconstructed. Choose the tile whose building, colour and roads match "
                        "yours, and check the points.")],
            "controls": controls,
            "parts": [{"id": "land", "title": _("Landscape"), "boards": [board],
                       "controls": []}],
            "menu": _menu(sheet, at, chosen) if at is not None else None,
            "score": P.score(players, P.ranks(keys), _sentence(winner(sheet, bds)[1]),
                             (_("points"),) if sheet.solo else
                             (_("points"), _("troops in the reserve")),
                             tie, _(SOLO_SCORING_CITE) if sheet.solo else _(SCORING_CITE))}


__all__ = ["TITLE", "setup", "new", "view", "edit"]
