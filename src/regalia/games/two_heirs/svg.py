"""Two Heirs drawn as SVG from a seat's observation, and clicks mapped to actions (the web
table's board protocol v2, ``docs/web.md``).

The drawing takes only ``observation(seat)`` (:func:`.information.observation`), never the
state: nothing a seat may not see (the face-down starting tile, the supply's order) can be
drawn. It serves the web table, ``regalia render`` and Jupyter (``_repr_svg_``).

What it shows (rulebook, Setup and How to play): both landscapes seen from the viewer's side
of the table (a spectator sits where white sits), each building turned with its owner (its
roads and the owner's band at the owner's bottom edge; names stay upright to be read); the
road sections, troops (retinue troops with a gold rim, moved troops crossed), treasures and
Heinrich's last building (solo); the royal reserve as a ring of 7 slots with the royal
shield, each seat's reach as an arc clockwise from the shield, the troops in the reserve in
its middle; the supply; both hands (hands are public: they come face up from the reserve);
the running score of every building as a badge. Every tile's ``<title>`` gives its effect
(the rulebook's words, :data:`.help.TYPE_EFFECTS`), cost, roads and its data provenance
("reconstructed" for the bundled tiles).

Clicks (each clickable element carries ``data-click`` with the canonical JSON of its click
object and the class ``target``):

==================== ============================================ =======================
click object         element                                      step of
==================== ============================================ =======================
``{"reserve": N}``   the N-th tile clockwise from the shield       Action A: take it
``{"hand": ID}``     a tile in the hand                            Action B; the discard
``{"cell": "x,y"}``  a space of the landscape (table frame)        where to build, move,
                                                                    deploy; a siege target
``{"troop": K}``     the player's troop K (0: the retinue)         Action C: move/withdraw
``{"troop":          a troop of the player in the royal reserve   Action C.2: deploy
"reserve"}``
==================== ============================================ =======================

and the dialog buttons (protocol ``choices``): ``{"mode": "expand"}`` (lay the selected tile
face down), ``{"withdraw": true}``, ``{"flip": "x,y"}`` (the Encampment), ``{"destroy":
"x,y"}`` and ``{"spare": true}`` (the Siege Tower choice), ``{"discard": ID}`` (the hand
limit), ``{"end": true}``. Every legal action is one short path of clicks (:func:`paths`):
``take`` one click; ``build`` hand tile then space; ``expand`` hand tile, "Lay face down",
space (hand tile then space when the building cannot be afforded); ``move`` troop then
space; ``withdraw`` troop then "Withdraw"; ``deploy`` reserve troop then space; ``flip``
the Encampment's space or its button, then confirm; ``destroy``/``spare``/``discard``/
``end`` one click or button.

Heinrich (solo) is not a seat: the engine plays his whole turn after the human's ``end``
(stopping only at chance nodes), so there are no plies of his to pace. The drawing shows
"Heinrich's last turn" from what the observation carries: his building (marked on the
landscape), its treasure and his troop on it, with the engine's own sentence.

Action ids follow :mod:`.tables` (:func:`.tables.build_tables`), decoded here from the
observation alone (the player's hand and troops give tiles and spaces, as
:mod:`.actions` does from the state).

A board is drawn in parts remembered by the web table (:func:`regalia.core.svgkit.fragment`,
issue 23): the faces and hover texts of tiles, troops, spaces, the marks, the seats' bars,
the reserve's tiles, shield, reaches and troops, the panel's boxes. Each part's key is the
arguments of the function that draws it (everything it reads besides the language); the
click attributes and highlights that a move in progress changes are drawn around them. A
position's click paths, its scores and Heinrich's last turn are computed once
(:class:`.recent.Recent`), constant texts once per language.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any, Callable, Mapping, NamedTuple, Sequence
from xml.sax.saxutils import escape, quoteattr

from regalia.core import i18n
from regalia.core.breakdown import Breakdown
from regalia.core.svgkit import (board_heading, canonical, click_attr, fragment, frozen,
                                 mark_id, marks, and_join, provenance_note, score_headings,
                                 wrap)

from regalia.core.i18n import N_, _, ngettext, pgettext

from .components import (COLOURS, RESOURCE_OF_COLOUR, SET_OF_TYPE, TYPE_NAMES, Tile,
                         TileSet, TreasureSet, load_tiles, load_treasures)
from .geometry import DIRS
from .components import (colour_name, direction_name, provenance_name, resource_name,
                         set_name, type_name)
from .help import EFFECTS_CITE, TYPE_EFFECTS, effect, scoring_rules
from .landscape import PlacedTile, edge_direction
from .narration import (AT, MOVE, ONE, TAKE, describe, heinrich_words, narrate,
                        outcome, phrase)
from .recent import Recent
from .rules import LEVEL_NAMES, level_name
from .scoring import (buildings_of, roads_of, score_heinrich, score_landscape,
                      treasures_of)
from .solo import HEINRICH_TROOP_COLOURS
from .tables import HAND_LIMIT, HAND_MAX, NUM_SLOTS, TROOPS, Tables, build_tables

# ---------------------------------------------------------------------------------- colours
#: Terrain fills (the tiles' colours: green = wood, grey = stone, yellow = wheat).
TERRAIN = {"green": "#79a94a", "grey": "#a7aaa4", "yellow": "#e6c34a"}
#: Face-down tiles (open terrain): the same colours, darker.
TERRAIN_BACK = {"green": "#55803a", "grey": "#7e817c", "yellow": "#b9953a"}
#: Seat colours of the troop tokens and crowns (white, blue).
SEAT_FILL = ("#fbfaf5", "#2f63b0")
SEAT_INK = ("#3a3a3a", "#15325e")
SEAT_NAMES = (N_("White"), N_("Blue"))     # messages: shown as _(SEAT_NAMES[seat])
ROAD = "#d9c39b"
ROAD_EDGE = "#8c7248"
GOLD = "#d4a017"
HOT = "#e0452b"
DASH = ' stroke-dasharray="5 3"'

W, H = 1120, 880
LEFT_W = 744                        # the landscape column; the reserve column to its right
MAX_CLICKS = 3

#: Keys of the click objects and the dialog buttons.
ELEMENT_KEYS = ("reserve", "hand", "cell", "troop")
CHOICE_KEYS = ("mode", "withdraw", "flip", "destroy", "spare", "discard", "end")


# ---------------------------------------------------------------------------------- helpers
def _t(value: Any) -> str:
    return escape(str(value))


@lru_cache(maxsize=1 << 15)
def _f(v: float) -> str:
    """A coordinate with at most one decimal (stable, short output); remembered (a board
    uses the same few thousand)."""
    r = round(v, 1)
    return str(int(r)) if r == int(r) else str(r)


@lru_cache(maxsize=8)
def _tiles(data: str | None) -> TileSet:
    return load_tiles(data)


@dataclass(frozen=True)
class _Source:
    """The parts of a game :func:`.tables.build_tables` reads, from an observation's
    parameters (the treasures drawn do not change the action layout)."""

    tiles: TileSet
    treasures: TreasureSet
    sets: tuple[str, ...]
    solo: bool
    treasures_used: int = 0


@lru_cache(maxsize=16)
def _tables(data: str | None, sets: tuple[str, ...], solo: bool) -> Tables:
    """The game's action layout (:func:`.tables.build_tables`) from its parameters."""
    return build_tables(_Source(_tiles(data), load_treasures(), sets, solo))


def _params(obs: Mapping[str, Any]) -> tuple[str | None, tuple[str, ...], bool]:
    p = obs.get("params") or {}
    data = p.get("data")
    return (str(data) if data else None, tuple(p.get("sets") or ()),
            int(p.get("players", 2)) == 1)


def tiles_of(obs: Mapping[str, Any]) -> TileSet:
    """The game's tile data (the bundled reconstruction or the ``data`` file it names)."""
    return _tiles(_params(obs)[0])


def tables_of(obs: Mapping[str, Any]) -> Tables:
    """The action-id layout of the observation's game (:class:`.tables.Tables`)."""
    return _tables(*_params(obs))


def _xy(pos: Any) -> tuple[int, int] | None:
    if isinstance(pos, list) and len(pos) == 2:
        return int(pos[0]), int(pos[1])
    return None


def _cell(xy: tuple[int, int]) -> str:
    return f"{xy[0]},{xy[1]}"


def _tile(tiles: TileSet, tile_id: str) -> Tile:
    """``tiles.by_id(tile_id)`` through an index of the tile set (kept with the set, a few
    sets at most); an unknown id raises :meth:`.components.TileSet.by_id`'s error."""
    known = _TILE_INDEX.get(id(tiles))
    if known is None or known[0] is not tiles:
        if len(_TILE_INDEX) >= 16:
            _TILE_INDEX.clear()
        known = _TILE_INDEX[id(tiles)] = (tiles, {t.id: t for t in tiles.tiles})
    tile = known[1].get(tile_id)
    return tiles.by_id(tile_id) if tile is None else tile


#: tile sets by identity (each entry keeps its set, so the identity is not reused)
_TILE_INDEX: dict[int, tuple[TileSet, dict[str, Tile]]] = {}


def _colour(colour: str) -> str:
    """:func:`.components.colour_name` in the language in force, remembered."""
    return _words(colour_name, colour, i18n.language())


def _resource(resource: str) -> str:
    """:func:`.components.resource_name` in the language in force, remembered."""
    return _words(resource_name, resource, i18n.language())


@lru_cache(maxsize=256)
def _words(name: Callable[[str], str], word: str, language: str) -> str:
    return name(word)


def _label(tiles: TileSet, tile_id: str) -> str:
    return f"{type_name(_tile(tiles, tile_id).type)} ({tile_id})"


def _name(tiles: TileSet, tile_id: str) -> str:
    return type_name(_tile(tiles, tile_id).type)


# ---------------------------------------------------------------------------------- actions
@dataclass(frozen=True, slots=True)
class Move:
    """A legal action as the drawing reads it from the observation: ``kind`` as in
    :data:`.actions.KINDS`, the hand/reserve ``tile`` id, the troop, and spaces ``at`` /
    ``origin`` in the table frame."""

    id: int
    kind: str
    tile: str | None = None
    position: int | None = None
    troop: int | None = None
    origin: tuple[int, int] | None = None
    at: tuple[int, int] | None = None


def decode(obs: Mapping[str, Any], action: int) -> Move | None:
    """``action`` of the player to move, read from the observation (None: an id that names
    nothing here)."""
    T = tables_of(obs)
    p = obs.get("current_player")
    if not isinstance(p, int) or p not in (0, 1) or type(action) is not int:
        return None
    return _decode(T, obs, obs["hands"][p], obs["troops"][p], action)


def _next_to(troops: Sequence[Any], code: int) -> tuple[int, int] | None:
    """The space in direction ``code % 8`` of troop ``code // 8`` (None: no such troop on
    the landscape)."""
    pos = _xy(troops[code // 8]) if code // 8 < TROOPS else None
    if pos is None:
        return None
    dx, dy = DIRS[code % 8]
    return pos[0] + dx, pos[1] + dy


def _decode(T: Tables, obs: Mapping[str, Any], hand: Sequence[str], troops: Sequence[Any],
            action: int) -> Move | None:
    """:func:`decode` for the player to move with ``hand`` and ``troops``."""
    if T.take0 <= action < T.take0 + NUM_SLOTS:
        return Move(action, "take", position=action - T.take0 + 1)
    if T.build0 <= action < T.expand0 + HAND_MAX * 24:
        build = action < T.expand0
        h, code = divmod(action - (T.build0 if build else T.expand0), 24)
        at = _next_to(troops, code)
        if h >= len(hand) or at is None:
            return None
        return Move(action, "build" if build else "expand", tile=hand[h], at=at)
    if T.move0 <= action < T.move0 + 24:
        k, d = divmod(action - T.move0, 8)
        pos = _xy(troops[k])
        if pos is None:
            return None
        return Move(action, "move", troop=k, origin=pos,
                    at=(pos[0] + DIRS[d][0], pos[1] + DIRS[d][1]))
    if T.deploy0 <= action < T.deploy0 + 24:
        at = _next_to(troops, action - T.deploy0)
        return None if at is None else Move(action, "deploy", at=at)
    if T.withdraw0 <= action < T.withdraw0 + TROOPS:
        k = action - T.withdraw0
        pos = _xy(troops[k])
        return None if pos is None else Move(action, "withdraw", troop=k, at=pos)
    if T.flip0 <= action < T.flip0 + T.n_tiles:
        tid = T.ids[action - T.flip0]
        for t in obs["landscape"]:
            if t["tile"] == tid:
                return Move(action, "flip", tile=tid, at=(t["x"], t["y"]))
        return None
    if T.destroy0 <= action < T.destroy0 + 4:
        siege = obs.get("siege")
        if not siege:
            return None
        x, y = (int(v) for v in str(siege).split(","))
        dx, dy = ((0, 1), (1, 0), (0, -1), (-1, 0))[action - T.destroy0]
        return Move(action, "destroy", at=(x + dx, y + dy))
    if action == T.spare:
        return Move(action, "spare")
    if T.discard0 <= action < T.discard0 + HAND_MAX:
        h = action - T.discard0
        return None if h >= len(hand) else Move(action, "discard", tile=hand[h])
    if action == T.end:
        return Move(action, "end")
    return None


#: A path of clicks (canonical click objects, oldest first) and the legal action it makes.
Path = tuple[tuple[str, ...], Move]


def paths(obs: Mapping[str, Any], legal_actions: Sequence[int]) -> list[Path]:
    """Every click path (canonical click objects, oldest first) with the legal action it
    makes. An action may have more than one path; no complete path is the beginning of
    another."""
    return list(_paths_of(obs, legal_actions).all)


@dataclass(frozen=True)
class _Paths:
    """The click paths of a position (:func:`paths`) and what the drawing asks of them:
    the element clicks of any path (the elements that get ``data-click``) and the spaces
    among them."""

    all: tuple[Path, ...]
    clickable: frozenset[str]
    cells: frozenset[tuple[int, int]]
    #: the elements of the first clicks (what a board without a move in progress
    #: highlights)
    first: tuple[str, ...]
    #: the hand tiles that can be built
    buildable: frozenset[str | None]


def _paths_of(obs: Mapping[str, Any], legal_actions: Sequence[int]) -> _Paths:
    """:class:`_Paths` of the position, remembered (:data:`_PATHS`) by everything
    :func:`decode` reads: the game's parameters, the player to move, its hand and troops,
    the siege, the landscape (only when an Encampment can be flipped) and the legal
    actions. A click walk asks for the same position several times."""
    ids = tuple(a for a in sorted(set(legal_actions)) if type(a) is int)
    p = obs.get("current_player")
    if not ids or not isinstance(p, int) or p not in (0, 1):
        return _NO_PATHS
    params = _params(obs)
    T = _tables(*params)
    flips = any(T.flip0 <= a < T.flip0 + T.n_tiles for a in ids)
    key = (params, p, frozen(obs["hands"][p]), frozen(obs["troops"][p]),
           frozen(obs.get("siege")), frozen(obs["landscape"]) if flips else None, ids)
    return _PATHS.get(key, lambda: _find_paths(obs, ids))


def _find_paths(obs: Mapping[str, Any], ids: Sequence[int]) -> _Paths:
    T = tables_of(obs)
    p = obs["current_player"]
    hand, troops = obs["hands"][p], obs["troops"][p]
    moves = [m for m in (_decode(T, obs, hand, troops, a) for a in ids) if m is not None]
    buildable = {m.tile for m in moves if m.kind == "build"}
    out: list[Path] = []

    def add(m: Move, *clicks: tuple[str, Any]) -> None:
        out.append((tuple(_click_texts(k, v)[0] for k, v in clicks), m))

    for m in moves:
        at = _cell(m.at) if m.at else None
        if m.kind == "take":
            add(m, ("reserve", m.position))
        elif m.kind == "build":
            add(m, ("hand", m.tile), ("cell", at))
        elif m.kind == "expand":
            add(m, ("hand", m.tile), ("mode", "expand"), ("cell", at))
            if m.tile not in buildable:
                add(m, ("hand", m.tile), ("cell", at))
        elif m.kind == "move":
            add(m, ("troop", m.troop), ("cell", at))
        elif m.kind == "withdraw":
            add(m, ("troop", m.troop), ("withdraw", True))
        elif m.kind == "deploy":
            add(m, ("troop", "reserve"), ("cell", at))
        elif m.kind == "flip":
            add(m, ("flip", at))
            add(m, ("cell", at), ("flip", at))
        elif m.kind == "destroy":
            add(m, ("destroy", at))
            add(m, ("cell", at))
        elif m.kind == "spare":
            add(m, ("spare", True))
        elif m.kind == "discard":
            add(m, ("discard", m.tile))
            add(m, ("hand", m.tile))
        elif m.kind == "end":
            add(m, ("end", True))
    clickable = frozenset(k for p, _ in out for k in p if _split(k)[0] in ELEMENT_KEYS)
    cells = frozenset(_xy_of(str(_split(k)[1])) for k in clickable if _split(k)[0] == "cell")
    return _Paths(tuple(out), clickable, cells, tuple(_targets(out, 0)),
                  frozenset(buildable))


def _xy_of(cell: str) -> tuple[int, int]:
    x, y = cell.split(",")
    return int(x), int(y)


_NO_PATHS = _Paths((), frozenset(), frozenset(), (), frozenset())
#: the click paths of the positions drawn lately (:func:`_paths_of`)
_PATHS: Recent[_Paths] = Recent(256)


@lru_cache(maxsize=4096, typed=True)
def _click_texts(key: str, value: Any) -> tuple[str, str]:
    """The canonical text and the ``data-click`` attribute of the click ``{key: value}``
    (typed: ``true`` and ``1`` are different clicks)."""
    obj = {key: value}
    return canonical(obj), click_attr(obj)


@lru_cache(maxsize=4096)
def _split(k: str) -> tuple[str, Any]:
    """The key and value of a canonical one-key click object."""
    (key, value), = json.loads(k).items()
    return key, value


# ---------------------------------------------------------------------------------- clicks
def _valid_click(c: Any) -> str | None:
    """Why click object ``c`` is malformed, or None."""
    if not isinstance(c, Mapping):
        return f"a click is an object such as {{\"cell\": \"0,1\"}}, not {type(c).__name__}"  # i18n: no (protocol)
    if len(c) != 1:
        return (f"a click object has exactly one key ({', '.join(ELEMENT_KEYS + CHOICE_KEYS)}),"
                f" not {len(c)}")  # i18n: no (protocol)
    (k, v), = c.items()
    if k not in ELEMENT_KEYS + CHOICE_KEYS:
        return (f"unknown click key {str(k)[:40]!r}; keys: "
                f"{', '.join(ELEMENT_KEYS + CHOICE_KEYS)}")  # i18n: no (protocol)
    if isinstance(v, bool):
        return None
    if isinstance(v, int):
        return None if abs(v) <= 100 else f"{k} {v} is out of range"  # i18n: no (protocol)
    if isinstance(v, str):
        return None if len(v) <= 40 else f"the {k} value is too long ({len(v)} characters)"  # i18n: no
    return f"the {k} value must be a number, a name or true, not {type(v).__name__}"  # i18n: no


def _describe(obs: Mapping[str, Any], c: Mapping[str, Any]) -> str:
    """A click object in words (for prompts and errors)."""
    tiles = tiles_of(obs)
    (k, v), = c.items()
    try:
        if k == "reserve":
            return _("reserve tile {n}").format(n=v)
        if k == "hand":
            return _("{tile} in hand").format(tile=_label(tiles, str(v)))
        if k == "cell":
            return _("space {where}").format(where=v)
        if k == "troop":
            return _("a troop in the royal reserve") if v == "reserve" else (
                _("your retinue troop") if v == 0 else _("troop {n}").format(n=v))
    except KeyError:
        pass
    return f"{k} {v}"


def _choice_label(obs: Mapping[str, Any], c: Mapping[str, Any], m: Move) -> str:
    tiles = tiles_of(obs)
    (k, v), = c.items()
    if k == "mode":
        return _("Lay it face down (open terrain)")
    if k == "withdraw":
        return _("Withdraw to the royal reserve")
    if k == "flip":
        return _("Flip the Encampment at {where}: take another tile").format(where=v)
    if k == "destroy":
        typ = _at(obs, m.at)
        kind = str(typ.get("type")) if typ else ""
        name = type_name(kind) if kind in TYPE_NAMES else _("building")
        return _("Destroy the {building} at {where}").format(building=name, where=v)
    if k == "spare":
        return _("Spare it (no destruction)")
    if k == "discard":
        return _("Return {tile} to the box").format(tile=_label(tiles, str(v)))
    return _("End turn")


def _at(obs: Mapping[str, Any], xy: tuple[int, int] | None) -> dict[str, Any] | None:
    if xy is None:
        return None
    for t in obs["landscape"]:
        if (t["x"], t["y"]) == xy:
            return dict(t)
    return None


def _cost_text(tile: Tile) -> str:
    return str(tile.cost)


def _prompt(obs: Mapping[str, Any], clicks: Sequence[Mapping[str, Any]],
            nexts: Sequence[tuple[str, Move]]) -> str:
    tiles = tiles_of(obs)
    phase = obs.get("phase")
    kinds = {m.kind for _, m in nexts}
    if not clicks:
        if phase == "siege":
            return _("Siege: your Siege Towers flank an opponent's building. Destroy it (click "
                     "it or its button) or spare it")
        if phase == "discard":
            return _("Hand size limit: you may keep {n} tiles. Click a tile of your hand (or "
                     "its button) to return it to the box").format(n=HAND_LIMIT)
        bits = []
        if "take" in kinds:
            bits.append(_("take a tile within your reach from the royal reserve (mandatory)"))
        if kinds & {"build", "expand"}:
            bits.append(_("play a tile from your hand"))
        if kinds & {"move", "withdraw", "deploy"}:
            bits.append(_("move a troop"))
        todo = ", ".join(bits) if bits else _("nothing to play")
        if "end" in kinds:
            return _("Your turn: {todo}; or End turn").format(todo=todo)
        return _("Your turn: {todo}").format(todo=todo)
    last = dict(clicks[-1])
    (k, v), = last.items()
    if k == "hand":
        tile = _tile(tiles, str(v))
        name = type_name(tile.type)
        if "build" in kinds:
            return _("Click a highlighted space to build the {building} (cost {cost}), or "
                     "'Lay it face down' to expand the landscape, or Cancel").format(
                building=name, cost=tile.cost)
        return _("You cannot construct the {building} now (cost {cost}): click a highlighted "
                 "space to lay it face down as open terrain (free; 1 building this turn then "
                 "costs 1 resource less), or Cancel").format(building=name, cost=tile.cost)
    if k == "mode":
        return _("Click a highlighted space to lay the tile face down as open terrain, or "
                 "Cancel")
    if k == "troop":
        if v == "reserve":
            return _("Click a highlighted tile to deploy a troop from the royal reserve next "
                     "to another of your troops, or Cancel")
        move = "move" in kinds
        withdraw = "withdraw" in kinds
        if move and withdraw:
            return _("This troop: click a highlighted tile to move it there or 'Withdraw' it "
                     "to the royal reserve (your reach grows by 1), or Cancel")
        if move:
            return _("This troop: click a highlighted tile to move it there, or Cancel")
        if withdraw:
            return _("This troop: 'Withdraw' it to the royal reserve (your reach grows by 1), "
                     "or Cancel")
        return _("Choose, or Cancel")
    if k == "cell":
        return _("Flip this Encampment face down to take another tile from the reserve this "
                 "turn? It then no longer scores its 2 points. Click the button, or Cancel")
    return _("Choose, or Cancel")


def click(observation: Mapping[str, Any], legal_actions: Sequence[int],
          clicks: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Map the clicks of a move in progress (oldest first; ``[]`` at the start of a turn)
    to ``{"action": id}``, ``{"next": {"prompt", "targets", "choices"}}`` or
    ``{"error": message}`` (board protocol v2). Never raises on hostile input."""
    try:
        return _click(observation, legal_actions, clicks)
    except (KeyError, ValueError, TypeError, IndexError, AttributeError) as e:
        return {"error": _("those clicks cannot be read ({error}); start the move again")
                .format(error=type(e).__name__)}


def _click(obs: Mapping[str, Any], legal_actions: Any, clicks: Any) -> dict[str, Any]:
    if isinstance(clicks, (str, bytes)) or not isinstance(clicks, Sequence):
        return {"error": "clicks must be a list of click objects"}  # i18n: no (protocol)
    why = _invalid(clicks)
    if why:
        return {"error": why}
    if not isinstance(legal_actions, Sequence) or isinstance(legal_actions, (str, bytes)):
        return {"error": "legal actions must be a list of action ids"}  # i18n: no (protocol)
    all_paths = _paths_of(obs, legal_actions).all
    if not all_paths:
        return {"error": _("it is not your turn: there is nothing to click now")}
    keys = tuple(canonical(dict(c)) for c in clicks)
    n = len(keys)
    step, found = _walk(all_paths, keys)
    if step == "error":
        i, before = found
        allowed = sorted({_describe(obs, _obj(p[i - 1])) if _split(p[i - 1])[0] in ELEMENT_KEYS
                          else _choice_label(obs, _obj(p[i - 1]), m) for p, m in before})
        what = _describe(obs, dict(clicks[i - 1]))
        shown = "; ".join(allowed[:8]) + (_(" (and {n} more)").format(n=len(allowed) - 8)
                                           if len(allowed) > 8 else "")
        return {"error": _("{what} is not a legal step here; allowed: {allowed}").format(
            what=what, allowed=shown)}
    if step == "action":
        return {"action": found.id}
    nexts = [(p[n], m) for p, m in found]
    choices: list[dict[str, Any]] = []
    seen: set[str] = set()
    for k, m in sorted(nexts, key=lambda km: (_choice_order(km[0]), km[0])):
        if _split(k)[0] in CHOICE_KEYS and k not in seen:
            seen.add(k)
            obj = _obj(k)
            choices.append({"label": _choice_label(obs, obj, m), "click": obj})
    return {"next": {"prompt": _prompt(obs, clicks, nexts), "targets": _targets(found, n),
                     "choices": choices}}


def _invalid(clicks: Sequence[Any]) -> str | None:
    """Why a list of click objects cannot be a move in progress, or None."""
    if len(clicks) > MAX_CLICKS:
        return f"too many clicks: a Two Heirs move takes at most {MAX_CLICKS}"  # i18n: no
    for i, c in enumerate(clicks):
        why = _valid_click(c)
        if why:
            return f"click {i + 1}: {why}"
    return None


def _walk(all_paths: Sequence[Path], keys: Sequence[str]) -> tuple[str, Any]:
    """Where the clicks ``keys`` (canonical, oldest first) lead among the paths:
    ``("action", Move)`` a complete path, ``("next", the paths they begin)``, or
    ``("error", (i, the paths click i could have continued))`` for the first click i
    (1-based) that begins no path."""
    live: Sequence[Path] = all_paths
    for i, k in enumerate(keys, 1):
        before = [(p, m) for p, m in live if len(p) >= i]
        live = [(p, m) for p, m in before if p[i - 1] == k]
        if not live:
            return "error", (i, before)
    n = len(keys)
    done = [m for p, m in live if len(p) == n]
    return ("action", done[0]) if done else ("next", live)


def _targets(live: Sequence[Path], n: int) -> list[str]:
    """The elements (canonical click objects) that can be the next click, the
    ``(n + 1)``-th, of the paths ``live`` (sorted)."""
    return sorted({p[n] for p, _ in live if _split(p[n])[0] in ELEMENT_KEYS})


def _obj(k: str) -> dict[str, Any]:
    """A new click object from its canonical text."""
    key, value = _split(k)
    return {key: value}


def _choice_order(k: str) -> int:
    key = _split(k)[0]
    return CHOICE_KEYS.index(key) if key in CHOICE_KEYS else -1


def public_observation(observation: Mapping[str, Any]) -> dict[str, Any]:
    """What a spectator may see: every part of a Two Heirs observation is public (hands
    come face up from the reserve; the face-down starting tile and the supply's order are
    in no observation); the viewer is dropped."""
    out = dict(observation)
    out["player"] = None
    return out


# ---------------------------------------------------------------------------------- scores
@lru_cache(maxsize=8)
def _index(data: str | None) -> dict[str, int]:
    return {t.id: i for i, t in enumerate(_tiles(data).tiles)}


def landscape_of(obs: Mapping[str, Any]) -> dict[tuple[int, int], PlacedTile]:
    """The observation's landscape as :mod:`.landscape` wants it. The face-down starting
    tile, whose identity is hidden, is open terrain: only its colour counts, so any tile of
    that colour stands in for it."""
    tiles = tiles_of(obs)
    index = _index(_params(obs)[0])
    by_colour = {c: next(i for i, t in enumerate(tiles.tiles) if t.colour == c)
                 for c in COLOURS}
    out: dict[tuple[int, int], PlacedTile] = {}
    for t in obs["landscape"]:
        i = index[t["tile"]] if t["tile"] is not None else by_colour[t["colour"]]
        owner = t["owner"]
        out[(t["x"], t["y"])] = PlacedTile(i, owner is not None, owner)
    return out


def troop_map(obs: Mapping[str, Any]) -> dict[tuple[int, int], int]:
    """Troops in the play area: ``(x, y) -> seat``."""
    out: dict[tuple[int, int], int] = {}
    for seat, troops in enumerate(obs["troops"]):
        for pos in troops:
            xy = _xy(pos)
            if xy is not None:
                out[xy] = seat
    return out


def breakdowns(obs: Mapping[str, Any]) -> tuple[Breakdown, Breakdown]:
    """Both seats' scores as the game would end now, itemised (:mod:`.scoring`): seat 0
    and seat 1, or the human and Heinrich (his solo scoring, treasures included).

    Remembered (:data:`_SCORES`) by what they are computed from (:func:`_score_key`)."""
    return _scored(obs, _score_key(obs))[0]


def _score_key(obs: Mapping[str, Any]) -> tuple[Any, ...]:
    """What the scores are computed from: the game's parameters, the landscape, the
    troops, Heinrich's treasures left, and the language of the details."""
    params = _params(obs)
    tre = obs.get("treasures") or {}
    return (params, bool((obs.get("params") or {}).get("roads", True)),
            tuple((t["x"], t["y"], t["tile"], t["colour"], t["owner"])
                  for t in obs["landscape"]),
            tuple(tuple(_xy(p) or frozen(p) for p in troops) for troops in obs["troops"]),
            len(tre.get("landscape", ())) + int(tre.get("pile", 0)) if params[2] else None,
            i18n.language())


def _scored(obs: Mapping[str, Any], key: tuple[Any, ...]
            ) -> tuple[tuple[Breakdown, Breakdown], dict[tuple[int, int], Any]]:
    """The scores (:func:`breakdowns`) and every building's score by its space."""
    return _SCORES.get(key, lambda: _score(obs, key[1]))


def _score(obs: Mapping[str, Any], roads: bool
           ) -> tuple[tuple[Breakdown, Breakdown], dict[tuple[int, int], Any]]:
    tiles = tiles_of(obs)
    land = landscape_of(obs)
    troops = troop_map(obs)
    if _params(obs)[2]:
        tre = obs.get("treasures") or {}
        left = len(tre.get("landscape", ())) + int(tre.get("pile", 0))
        bd = score_heinrich(tiles, land, troops, (), left, roads=roads)
    else:
        bd = score_landscape(tiles, land, troops, roads=roads)
    return bd, {bs.position: bs for seat in (0, 1) for bs in buildings_of(bd[seat])}


#: the scores of the positions drawn lately (:func:`breakdowns`)
_SCORES: Recent[tuple[tuple[Breakdown, Breakdown], dict[tuple[int, int], Any]]] = Recent(256)
#: their score tables' rows (:func:`score_table`)
_ROWS: Recent[tuple[tuple[str, tuple[Any, ...]], ...]] = Recent(256)


def seat_names(obs: Mapping[str, Any], names: Sequence[str] | None = None) -> list[str]:
    """A label per side of the table: the given names (seat order), else White/Blue; in a
    solo game the second side is Heinrich."""
    solo = _params(obs)[2]
    out = [_(SEAT_NAMES[0]), "Heinrich" if solo else _(SEAT_NAMES[1])]
    for i, n in enumerate(list(names or ())[:2]):
        if n:
            out[i] = str(n)
    return out


def score_table(observation: Mapping[str, Any],
                names: Sequence[str] | None = None) -> dict[str, Any]:
    """The running score (the final scoring applied to the landscape as it stands), one
    column per side (solo: you and Heinrich), one row per building (with how it counted),
    per scored road, treasures (solo) and the total. Cells: points, ``"8 (4 x2)"`` where
    doubled. Headings: ``Scoring item`` then one per column (``names``, else White, Blue /
    White, Heinrich; :func:`regalia.core.svgkit.score_headings`)."""
    key = _score_key(observation)
    rows = _ROWS.get(key, lambda: _score_rows(observation, _scored(observation, key)[0]))
    return {"headings": score_headings(2, None, seat_names(observation, names)),
            "rows": [{"label": label, "cells": list(cells)} for label, cells in rows]}


def _score_rows(obs: Mapping[str, Any], b: tuple[Breakdown, Breakdown]
                ) -> tuple[tuple[str, tuple[Any, ...]], ...]:
    """The rows of :func:`score_table`: (label, cells)."""
    tiles = tiles_of(obs)
    rows: list[tuple[str, tuple[Any, ...]]] = []
    for seat in (0, 1):
        for bs in buildings_of(b[seat]):
            tile = tiles.tiles[bs.tile]
            cells: list[str | int] = ["", ""]
            cells[seat] = f"{bs.points} ({bs.base} x2)" if bs.doubled else bs.points
            rows.append((_("{building} ({tile}) at {where}: {detail}").format(
                building=type_name(bs.type), tile=tile.id,
                where=f"{bs.position[0]},{bs.position[1]}", detail=bs.detail), tuple(cells)))
    for i, (r0, r1) in enumerate(zip(roads_of(b[0]), roads_of(b[1]))):
        n0, n1 = r0.road.buildings
        rows.append((_("Road {k} ({n} tiles; buildings {a}:{b})").format(
            k=i + 1, n=len(r0.road.tiles), a=n0, b=n1), (r0.points, r1.points)))
    if _params(obs)[2]:
        rows.append((_("Treasures left ({n} x 5)").format(n=treasures_of(b[1])),
                     ("", int(b[1].points("treasures")))))
    rows.append((_("Total"), (b[0].total, b[1].total)))
    return tuple(rows)


def scoring_help(observation: Mapping[str, Any]) -> list[dict[str, str]]:
    """The rulebook's scoring rules for this game (roads scored or not, solo or not) and
    the effect of every building type of its 3 sets, each with its source
    (:data:`.help.SCORING_RULES`, :data:`.help.TYPE_EFFECTS`)."""
    _data, sets, solo = _params(observation)
    roads = bool((observation.get("params") or {}).get("roads", True))
    return [dict(item) for item in _scoring_help(sets, solo, roads, i18n.language())]


@lru_cache(maxsize=64)
def _scoring_help(sets: tuple[str, ...], solo: bool, roads: bool,
                  language: str) -> tuple[dict[str, str], ...]:
    """:func:`scoring_help` of a game (copied out: its items are not to be changed)."""
    applies = {"all", "roads" if roads else "no-roads", "solo" if solo else "two"}
    out = [{"heading": h, "text": t, "source": src} for h, t, src in scoring_rules(applies)]
    for typ in TYPE_EFFECTS:
        if SET_OF_TYPE[typ] in sets:
            kit = set_name(SET_OF_TYPE[typ])
            out.append({"heading": f"{type_name(typ)} ({kit})", "text": effect(typ),
                        "source": f"{_(EFFECTS_CITE)}, {kit}"})
    return tuple(out)


# ---------------------------------------------------------------------------------- drawing
_SCREEN_DIRS = ((0, -1), (1, 0), (0, 1), (-1, 0))       # up, right, down, left
#: Heinrich's placement options (solo rules, Play 2), messages shown with ``_()``.
_OPTION_TEXT = {"A": N_("continuing a road of your last built building"),
                "B": N_("blocking a road of your last built building"),
                "C": N_("on the first empty space next to your last built building")}
_H_BUILD = re.compile(r"\(([a-z0-9-]+)\) at (-?\d+),(-?\d+) \(option ([A-D])\)")


def _provenance_text(tile: Tile) -> str:
    """The tile data's provenance in a player's words (the effect is always the
    rulebook's; a field the rulebook gives says so)."""
    text = provenance_note(tile.provenance, "tile")
    if tile.provenance == "reconstructed":
        given = sorted(k for k, v in (tile.field_provenance or {}).items() if v == "rulebook")
        if given:
            return text + " " + _("Its effect is the rulebook's; its colour, cost and roads "
                                  "are regalia's, but for its {fields}, from the rulebook."
                                  ).format(fields=and_join([_field_name(k) for k in given]))
        return text + " " + _("Its effect is the rulebook's; its colour, cost and roads are "
                              "regalia's.")
    return text


def _field_name(field: str) -> str:
    """A tile data field in words (``cost``, ``colour``...)."""
    return {"cost": _("cost"), "colour": _("colour"), "roads": _("roads"),
            "direction": _("direction"), "target": _("target"),
            "formation": _("formation")}.get(field, field)


def _roads_text(tile: Tile) -> str:
    if not tile.roads:
        return _("Roads: none")
    names = {"T": _("top"), "R": _("right"), "B": _("bottom"), "L": _("left")}
    secs = ["-".join(names[e] for e in sec.edges) for sec in tile.roads]
    return _("Roads (as its owner sees it): {roads}").format(roads="; ".join(secs))


def tile_title(tiles: TileSet, tile_id: str, extra: Sequence[str] = ()) -> str:
    """The hover text of a building tile: name, set, colour and resource, cost, the
    rulebook's effect, its parameters, roads, the ``extra`` lines and data provenance."""
    head, tail = _title_ends(_tile(tiles, tile_id))
    return "\n".join([head, *extra, tail])


def _hover(data: str | None, tile_id: str, extra: Sequence[str] = ()) -> str:
    """The ``<title>`` element of :func:`tile_title` of a tile of the game's tile
    ``data``, its fixed lines remembered (escaped) per language."""
    head, tail = _hover_ends(data, tile_id, i18n.language())
    return "<title>" + "\n".join([head, *(_t(e) for e in extra), tail]) + "</title>"


@lru_cache(maxsize=1024)
def _hover_ends(data: str | None, tile_id: str, language: str) -> tuple[str, str]:
    head, tail = _title_ends(_tile(_tiles(data), tile_id))
    return _t(head), _t(tail)


def _title_ends(tile: Tile) -> tuple[str, str]:
    """The lines of a tile's hover text before and after the extra lines."""
    lines = [_("{building} ({tile}), {set} set").format(
                 building=type_name(tile.type), tile=tile.id, set=set_name(tile.set)),
             _tile_colour_line(tile.colour),
             _("Cost: {cost}").format(cost=tile.cost),
             _("Effect: {effect}").format(effect=effect(tile.type))]
    if tile.direction:
        lines.append(_("Direction: its {direction}").format(
            direction=direction_name(tile.direction)))
    if tile.target:
        lines.append(_("Target: {building}").format(
            building=type_name(tile.target) if tile.target in TYPE_NAMES else tile.target))
    if tile.formation:
        lines.append(_("Formation pairs (its frame): {pairs}").format(
            pairs=" ".join(str(p) for p in tile.formation)))
    lines.append(_roads_text(tile))
    return "\n".join(lines), (_provenance_text(tile) + "\n"
                              + _("Effects: {source}").format(source=_(EFFECTS_CITE)))


def _tile_colour_line(colour: str) -> str:
    """``Grey tile: stone`` (German ``Graues Plättchen: Stein``)."""
    resource = _resource(RESOURCE_OF_COLOUR[colour])
    return {"green": _("Green tile: {resource}"), "grey": _("Grey tile: {resource}"),
            "yellow": _("Yellow tile: {resource}")}[colour].format(resource=resource)


def _title(text: str) -> str:
    return f"<title>{_t(text)}</title>"


def _wrap(name: str) -> list[str]:
    words = name.split()
    if len(name) <= 9 or len(words) == 1:
        return [name]
    return [" ".join(words[:-1]), words[-1]]


def _text(x: float, y: float, text: str, size: float, anchor: str = "middle",
          fill: str = "#222", weight: str = "normal", halo: str | None = None,
          extra: str = "") -> str:
    h = (f' stroke="{halo}" stroke-width="{_f(max(2.0, size / 4))}" paint-order="stroke"'
         if halo else "")
    return (f'<text x="{_f(x)}" y="{_f(y)}" font-size="{_f(size)}" text-anchor="{anchor}" '
            f'fill="{fill}" font-weight="{weight}"{h}{extra}>{_t(text)}</text>')


def _tile_face(x: float, y: float, s: float, tiles: TileSet, tile_id: str | None,
               colour: str, face_up: bool, screen_of_edge: Mapping[str, int] | None,
               band: tuple[int, int] | None, show_cost: bool, label: str | None = None) -> str:
    """The art of one tile at (x, y), side ``s``: terrain, roads (``screen_of_edge``: tile
    edge -> screen direction 0 up .. 3 left), the owner's band (``(screen direction,
    seat)``), name, cost pips."""
    out = []
    box = f'x="{_f(x)}" y="{_f(y)}" width="{_f(s)}" height="{_f(s)}" rx="{_f(s * .06)}"'
    if not face_up:
        out.append(f'<rect {box} fill="{TERRAIN_BACK[colour]}" stroke="#5a4a30" '
                   f'stroke-width="1"/><rect {box} fill="url(#hatch)" pointer-events="none"/>')
        word = label or _resource(RESOURCE_OF_COLOUR[colour])
        out.append(_text(x + s / 2, y + s * .56, word, max(9.0, s * .15), fill="#fffbe9",
                         halo="#2b2118",
                         extra=' font-style="italic" pointer-events="none"'))
        return "".join(out)
    assert tile_id is not None
    tile = _tile(tiles, tile_id)
    out.append(f'<rect {box} fill="{TERRAIN[colour]}" stroke="#5a4a30" stroke-width="1"/>')
    cx, cy = x + s / 2, y + s / 2
    if screen_of_edge is not None:
        for sec in tile.roads:
            for e in sec.edges:
                dx, dy = _SCREEN_DIRS[screen_of_edge[e]]
                ex, ey = cx + dx * s / 2, cy + dy * s / 2
                if len(sec.edges) > 1:
                    tx, ty = cx, cy
                else:
                    tx, ty = cx + dx * s * .2, cy + dy * s * .2
                for width, col in ((s * .16, ROAD_EDGE), (s * .11, ROAD)):
                    out.append(f'<line x1="{_f(ex)}" y1="{_f(ey)}" x2="{_f(tx)}" y2="{_f(ty)}" '
                               f'stroke="{col}" stroke-width="{_f(width)}" '
                               f'stroke-linecap="{"butt" if len(sec.edges) > 1 else "round"}"'
                               f' pointer-events="none"/>')
                if len(sec.edges) == 1:
                    out.append(f'<circle cx="{_f(tx)}" cy="{_f(ty)}" r="{_f(s * .07)}" '
                               f'fill="{ROAD_EDGE}" pointer-events="none"/>')
    if band is not None:
        d, seat = band
        bw = s * .09
        bx, by, w, h = {0: (x, y, s, bw), 1: (x + s - bw, y, bw, s), 2: (x, y + s - bw, s, bw),
                        3: (x, y, bw, s)}[d]
        out.append(f'<rect x="{_f(bx)}" y="{_f(by)}" width="{_f(w)}" height="{_f(h)}" '
                   f'fill="{SEAT_FILL[seat]}" stroke="{SEAT_INK[seat]}" stroke-width="1" '
                   f'pointer-events="none"/>')
    lines = _wrap(type_name(tile.type))
    size = max(7.0, min(s * .16, s * .86 / (.72 * max(len(w) for w in lines))))
    y0 = cy - (len(lines) - 1) * size * .55 + size * .35 - s * .06
    for i, line in enumerate(lines):
        out.append(_text(cx, y0 + i * size * 1.1, line, size, weight="bold", halo="#fff8e6",
                         extra=' pointer-events="none"'))
    if show_cost:
        pips = [c for c, r in (("green", "wood"), ("grey", "stone"), ("yellow", "wheat"))
                for _ in range(getattr(tile.cost, r))]
        r = s * .055
        px = cx - (len(pips) - 1) * r * 1.3
        py = y + s * .8
        for i, c in enumerate(pips):
            out.append(f'<circle cx="{_f(px + i * r * 2.6)}" cy="{_f(py)}" r="{_f(r)}" '
                       f'fill="{TERRAIN[c]}" stroke="#3b3123" stroke-width="1.2" '
                       f'pointer-events="none"/>')
    return "".join(out)


def _troop(x: float, y: float, r: float, seat: int, retinue: bool, moved: bool,
           title: str, click_obj: Any = None, hot: bool = False, selected: bool = False) -> str:
    """A troop token of ``seat`` centred at ``x``, ``y`` (``click_obj``: its click when
    it is a target)."""
    attr = click_attr(click_obj) if click_obj is not None else " "
    return (_troop_start(x, y, r, seat, attr, hot, selected)
            + _troop_body(x, y, r, seat, retinue, moved, title))


def _troop_start(x: float, y: float, r: float, seat: int, attr: str, hot: bool,
                 selected: bool) -> str:
    """A troop's opening tag, touch target and highlight (what its clicks change;
    ``attr``: its ``data-click`` attribute, or ``" "`` when it is no target)."""
    target = attr != " "
    cls = "troop" + (" target" if target else "") + (" hot" if hot else "") + (
        " selected" if selected else "")
    out = [f'<g class="{cls}"{attr}data-seat="{seat}">']
    if target:   # a touch target of at least 44 units, however small the troop
        out.append(f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(max(r, 22.0))}" fill="#fff" '
                   f'fill-opacity="0.01" stroke="none"/>')
    if selected or hot:
        out.append(f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(r + 5)}" fill="none" '
                   f'stroke="{"#1a73e8" if selected else HOT}" stroke-width="3"'
                   f'{"" if selected else DASH}/>')
    return "".join(out)


def _troop_body(x: float, y: float, r: float, seat: int, retinue: bool, moved: bool,
                title: str) -> str:
    """A troop's token (a gold rim: the retinue; crossed: moved), hover text and end."""
    out = [f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(r)}" fill="{SEAT_FILL[seat]}" '
           f'stroke="{GOLD if retinue else SEAT_INK[seat]}" '
           f'stroke-width="{3 if retinue else 1.5}"/>']
    if moved:
        d = r * .5
        ink = SEAT_INK[seat] if seat == 0 else "#fff"
        out.append(f'<path d="M{_f(x - d)} {_f(y - d)}L{_f(x + d)} {_f(y + d)}M{_f(x + d)} '
                   f'{_f(y - d)}L{_f(x - d)} {_f(y + d)}" stroke="{ink}" '
                   f'stroke-width="{_f(max(1.5, r * .22))}" pointer-events="none"/>')
    out.append(_title(title))
    out.append("</g>")
    return "".join(out)


def _access(obs: Mapping[str, Any], seat: int,
            land: Mapping[tuple[int, int], Mapping[str, Any]]) -> dict[str, int]:
    """The resources ``seat`` has access to now (Action B.1, Resources): reserve tiles
    within reach, tiles its troops stand on (``land``: the landscape by space), +1 per own
    Farm / Sawmill / Quarry."""
    out = {"wood": 0, "stone": 0, "wheat": 0}
    reach = int(obs["reach"][seat])
    for r in obs["reserve"]:
        if r["position"] is not None and r["position"] <= reach and r["colour"]:
            out[RESOURCE_OF_COLOUR[r["colour"]]] += 1
    for pos in obs["troops"][seat]:
        xy = _xy(pos)
        if xy is not None and xy in land:
            out[RESOURCE_OF_COLOUR[land[xy]["colour"]]] += 1
    producers = {"farm": "wheat", "sawmill": "wood", "quarry": "stone"}
    for t in obs["landscape"]:
        if t["owner"] == seat and t["type"] in producers:
            out[producers[t["type"]]] += 1
    return out


def _heinrich_steps(obs: Mapping[str, Any], tiles: TileSet
                    ) -> tuple[list[str], tuple[int, int] | None]:
    """Heinrich's last turn as steps, from the engine's sentence and the landscape."""
    text = str(obs.get("heinrich") or "")
    if not text:
        return [], None
    m = _H_BUILD.search(text)
    if not m:
        return [heinrich_words(text, past=False) + "."], None
    tid, x, y, opt = m.group(1), int(m.group(2)), int(m.group(3)), m.group(4)
    pos = (x, y)
    name = _label(tiles, tid) if tid in _index(_params(obs)[0]) else tid
    option = _(_OPTION_TEXT[opt]) if opt in _OPTION_TEXT else ""
    steps = [_("1. Takes {tile} from the reserve").format(tile=name),
             _("2. Builds it at {where}: option {option}, {why}").format(
                 where=f"{x},{y}", option=opt, why=option)]
    tre = {(a, b): t for a, b, t in (obs.get("treasures") or {}).get("landscape", ())}
    if pos in tre:
        steps.append(_("3. Puts {treasure} on it").format(treasure=tre[pos]))
    else:
        steps.append(_("3. No treasure on it now (none left, or its condition was met)"))
    on = [k for k, p in enumerate(obs["troops"][1]) if _xy(p) == pos]
    if on:
        steps.append(_("4. His {colour} troop moves onto it").format(
            colour=_colour(HEINRICH_TROOP_COLOURS[on[0]])))
    here = _at(obs, pos)
    if here is None or here.get("tile") != tid:
        return steps, None
    return steps, pos


def _told_turn(obs: Mapping[str, Any], tiles: TileSet
               ) -> tuple[tuple[str, ...], tuple[int, int] | None]:
    steps, pos = _heinrich_steps(obs, tiles)
    return tuple(steps), pos


#: Heinrich's last turns told lately (:attr:`_Board.heinrich`)
_HEINRICH: Recent[tuple[tuple[str, ...], tuple[int, int] | None]] = Recent(256)


class _Board:
    """Per-render facts: the viewer's side, the clickable elements, highlights."""

    def __init__(self, obs: Mapping[str, Any], legal_actions: Sequence[int],
                 pending: Sequence[Mapping[str, Any]], recent: Any = ()):
        self.obs = obs
        #: the moves to mark (:func:`regalia.core.svgkit.marks`)
        self.marks = list(marks(recent))
        self.tiles = tiles_of(obs)
        viewer = obs.get("player")
        self.viewer = viewer if isinstance(viewer, int) and viewer in (0, 1) else None
        self.side = self.viewer if self.viewer is not None else 0
        self.data, _sets, self.solo = _params(obs)
        self.cur = obs.get("current_player")
        legal = [a for a in legal_actions if type(a) is int]
        known = _paths_of(obs, legal) if legal else _NO_PATHS
        self.paths = known.all
        #: every element click of any path (the elements that get data-click)
        self.clickable = known.clickable
        #: the spaces among them
        self.cells = known.cells
        pend = [dict(c) for c in pending] if pending else []
        hot = _step(self.paths, pend) if self.paths and pend else None
        if hot is None:   # no move in progress (invalid pending clicks are ignored)
            pend = []
            hot = list(known.first)
        self.selected = {canonical(c) for c in pend}
        self.hot = set(hot)
        self.ghost = next((str(c["hand"]) for c in pend if "hand" in c), None)
        self.ghost_face_down = (any("mode" in c for c in pend)
                                or self.ghost not in known.buildable)

    @cached_property
    def land(self) -> dict[tuple[int, int], Mapping[str, Any]]:
        """The landscape's tiles by space."""
        return {(t["x"], t["y"]): t for t in self.obs["landscape"]}

    @cached_property
    def heinrich(self) -> tuple[tuple[str, ...], tuple[int, int] | None]:
        """Heinrich's last turn (solo): its steps in words and his building's space
        (:func:`_heinrich_steps`), remembered (:data:`_HEINRICH`) by what they are told
        from: his sentence, the treasures on the landscape, his troops, the tile on his
        building's space, the tile data and the language."""
        if not self.solo:
            return (), None
        obs = self.obs
        text = str(obs.get("heinrich") or "")
        m = _H_BUILD.search(text)
        here = self.land.get((int(m.group(2)), int(m.group(3)))) if m else None
        key = (text, self.data,
               tuple(tuple(t) for t in (obs.get("treasures") or {}).get("landscape", ())),
               tuple(_xy(p) for p in obs["troops"][1]), here and here.get("tile"),
               i18n.language())
        return _HEINRICH.get(key, lambda: _told_turn(obs, self.tiles))

    def attr(self, key: str, value: Any) -> tuple[str, str]:
        """(data-click attribute or ' ', extra classes) of the element of the click
        ``{key: value}``."""
        k, attr = _click_texts(key, value)
        if k not in self.clickable:
            return " ", ""
        cls = " target" + (" hot" if k in self.hot else "") + (
            " selected" if k in self.selected else "")
        return attr, cls


def _step(all_paths: Sequence[Path], clicks: Sequence[Mapping[str, Any]]) -> list[str] | None:
    """The next clicks' elements after the clicks of a move in progress (as :func:`click`
    offers them as targets; none after a complete move), or None when the clicks are no
    beginning of a legal move."""
    if _invalid(clicks):
        return None
    n = len(clicks)
    step, found = _walk(all_paths, tuple(canonical(dict(c)) for c in clicks))
    if step == "error":
        return None
    return _targets(found, n) if step == "next" else []


def render(observation: Mapping[str, Any], legal_actions: Sequence[int] = (),
           names: Sequence[str] | None = None,
           pending: Sequence[Mapping[str, Any]] = (), recent: Sequence[Any] = ()) -> str:
    """The table as an SVG document (a string, 1280 x 800 user units).

    Args:
        observation: ``state.observation(seat)`` (or :func:`public_observation` of it);
            never the state.
        legal_actions: the viewer's legal action ids now (empty when it is not the viewer's
            turn); their elements carry ``data-click`` (:func:`paths`).
        names: a label per seat (default White / Blue; Heinrich in a solo game).
        pending: the clicks of a move in progress, oldest first; the selected tile or troop
            is outlined in blue and the next valid clicks in red (invalid pending clicks are
            ignored).
        recent: moves to mark (:func:`regalia.core.svgkit.marks`: the other seat's moves
            the viewer saw since its last turn, and a suggestion with ``hint``): a tile
            built, laid, flipped or destroyed outlined, a troop's move as an arrow, a
            deployed or withdrawn troop's space ringed, a take as "+1" at the hand (a
            suggested take: its reserve tile).
    """
    b = _Board(observation, legal_actions, pending, recent)
    obs = observation
    labels = seat_names(obs, names)
    bd, points = _scored(obs, _score_key(obs))
    status = _status(b, labels, bd)
    scores = _("Scores: {a} {a_points}, {b} {b_points}.").format(
        a=labels[0], a_points=bd[0].total, b=labels[1], b_points=bd[1].total)
    opening = (f'<svg xmlns="http://www.w3.org/2000/svg" class="regalia two-heirs" '
               f'width="{W}" height="{H}" viewBox="0 0 {W} {H}" data-game="two-heirs" '
               f'data-phase={quoteattr(str(obs.get("phase")))} '
               f'data-current-player="{_t(obs.get("current_player"))}" '
               f'data-viewer="{"" if b.viewer is None else b.viewer}">' + _STYLE + "{heading}")
    opening = opening.replace("{heading}", board_heading(   # the board's first "{heading}"
        _("Two Heirs: the landscape, the royal reserve and the supply"),
        f"{status}. {scores}"), 1)
    return "".join((opening, _BACKGROUND, _header(b.cur, labels, bd, status),
                    _landscape(b, labels, points),
                    _seat_bar(b, labels, bd, 1 - b.side, top=True),
                    _seat_bar(b, labels, bd, b.side, top=False),
                    _reserve(b, labels), _side_panel(b, labels, bd), "</svg>"))


#: The board's style sheet and hatch pattern (its title and description follow them).
_STYLE = ('<style>text{font-family:"DejaVu Sans",Verdana,sans-serif}'  # i18n: no (CSS)
          '.target{cursor:pointer}.target:hover>rect:first-of-type{stroke:#e0452b;'
          'stroke-width:3}.troop.target:hover circle{stroke:#e0452b}</style>'
          '<defs><pattern id="hatch" width="8" height="8" patternUnits="userSpaceOnUse" '
          'patternTransform="rotate(45)"><line x1="0" y1="0" x2="0" y2="8" '
          'stroke="#ffffff" stroke-opacity="0.18" stroke-width="3"/></pattern></defs>')
#: The table and the landscape's frame.
_BACKGROUND = (f'<rect width="{W}" height="{H}" fill="#efe6d0"/>'
               f'<rect x="6" y="44" width="{LEFT_W - 6}" height="{H - 50}" rx="10" '
               f'fill="#d9c9a3" stroke="#b6a47c"/>')


def _header(cur: Any, labels: Sequence[str], bd: tuple[Breakdown, Breakdown],
            status: str) -> str:
    colour = SEAT_FILL[cur] if isinstance(cur, int) and cur in (0, 1) else "#ccc"
    out = [f'<rect x="0" y="0" width="{W}" height="38" fill="#3b2f22"/>',
           f'<circle cx="22" cy="19" r="10" fill="{colour}" stroke="{GOLD}" stroke-width="2"/>',
           _text(42, 26, status, 18, anchor="start", fill="#fff6dc", weight="bold",
                 extra=' class="status"')]
    scores = f"{labels[0]} {bd[0].total} · {labels[1]} {bd[1].total}"
    out.append(_text(W - 14, 26, scores, 16, anchor="end", fill="#fff6dc",
                     extra=' class="scores"'))
    return "".join(out)


def _status(b: _Board, labels: Sequence[str], bd: tuple[Breakdown, Breakdown]) -> str:
    """The header's line: whose turn and what to do, or the game's end."""
    obs = b.obs
    phase = obs.get("phase")
    cur = b.cur
    you = b.viewer
    if phase == "end":
        a, c = bd[0].total, bd[1].total
        if b.solo:
            status = (_("Game over: you win, {a} to {b}").format(a=a, b=c) if a > c else
                      _("Game over: Heinrich wins, {a} to {b}").format(a=c, b=a))
        elif a != c:
            w = 0 if a > c else 1
            status = _("Game over: {player} wins, {a} to {b}").format(
                player=labels[w], a=max(a, c), b=min(a, c))
        else:
            r = [sum(1 for p in obs["troops"][s] if p == "reserve") for s in (0, 1)]
            status = (_("Game over: {points} all; {player} wins with more troops in the royal "
                        "reserve").format(points=a, player=labels[0 if r[0] > r[1] else 1])
                      if r[0] != r[1] else
                      _("Game over: {points} all; a shared victory (same troops in the "
                        "reserve)").format(points=a))
    elif isinstance(cur, int) and cur in (0, 1):
        turn = obs.get("turn")
        if cur == you:
            what = {"play": _("Turn {turn}: You are to play"),
                    "siege": _("Turn {turn}: You are to decide the siege"),
                    "discard": _("Turn {turn}: You are to return tiles to the box (hand "
                                 "limit 3)")}.get(str(phase), _("Turn {turn}: You"))
        else:
            what = {"play": _("Turn {turn}: {player} is to play"),
                    "siege": _("Turn {turn}: {player} is to decide the siege"),
                    "discard": _("Turn {turn}: {player} is to return tiles to the box (hand "
                                 "limit 3)")}.get(str(phase), _("Turn {turn}: {player}"))
        status = what.format(turn=turn, player=labels[cur])
    else:
        status = _("Turn {turn}: dealing ({phase})").format(turn=obs.get("turn"), phase=phase)
    fl = obs.get("final_turns_left", -1)
    if isinstance(fl, int) and fl > 0 and phase != "end":
        status += ngettext(" · final round: {n} turn left", " · final round: {n} turns left",
                           fl).format(n=fl)
    return status


class _Layout(NamedTuple):
    """Where the landscape's spaces are drawn: squares of ``s`` units, the viewer's
    ``side`` of the table at the bottom (``xmin``..``ymax``: the spaces shown)."""

    side: int
    xmin: int
    xmax: int
    ymin: int
    ymax: int
    ox: float
    oy: float
    s: float

    def at(self, xy: tuple[int, int]) -> tuple[float, float]:
        """The top left corner of space ``xy`` (table frame) on the screen."""
        x, y = xy
        if self.side == 0:
            return self.ox + (x - self.xmin) * self.s, self.oy + (self.ymax - y) * self.s
        return self.ox + (self.xmax - x) * self.s, self.oy + (y - self.ymin) * self.s


def _layout(spaces: Sequence[tuple[int, int]], side: int) -> _Layout:
    """The largest squares (at most 104 units) that fit ``spaces`` in the landscape
    column, centred."""
    pts = list(spaces) or [(0, 0)]
    xmin, xmax = min(p[0] for p in pts), max(p[0] for p in pts)
    ymin, ymax = min(p[1] for p in pts), max(p[1] for p in pts)
    ncol, nrow = xmax - xmin + 1, ymax - ymin + 1
    ax, ay, aw, ah = 16, 128, LEFT_W - 26, 612
    s = min(104.0, (aw - 10) / (ncol + .4), (ah - 10) / (nrow + .4))
    return _Layout(side, xmin, xmax, ymin, ymax, ax + (aw - ncol * s) / 2,
                   ay + (ah - nrow * s) / 2, s)


def _landscape(b: _Board, labels: Sequence[str],
               points: Mapping[tuple[int, int], Any]) -> str:
    """The landscape: its tiles (a highlighted one: its face and its rest apart, around
    the highlight), the empty spaces a move may use, the troops and the marks of the
    moves, as parts (:func:`~regalia.core.svgkit.fragment`)."""
    obs = b.obs
    land = b.land
    empties = {xy for xy in b.cells if xy not in land}
    lay = _layout([*land, *empties], b.side)
    out = ['<g class="landscape">']
    tre = {(a, c): t for a, c, t in (obs.get("treasures") or {}).get("landscape", ())}
    h_pos = b.heinrich[1]
    scaffold = tuple(obs["scaffold"]) if b.solo and obs.get("scaffold") else None
    data, side, size, cells, at = b.data, lay.side, lay.s, b.cells, lay.at
    for xy in sorted(land):
        t = land[xy]
        owner = t["owner"]
        bs = points.get(xy) if owner is not None else None
        x, y = at(xy)
        attr, cls = b.attr("cell", _cell(xy)) if xy in cells else (" ", "")
        art = (data, t["tile"], t["colour"], owner, x, y, size, side)
        rest = (xy, None if bs is None else labels[int(owner)],
                None if bs is None else (bs.points, bs.doubled, bs.detail),
                (tre[xy],) if xy in tre else None, xy == h_pos,
                xy == scaffold and xy != (0, 0))
        opening = f'<g class="tile{cls}"{attr}data-x="{xy[0]}" data-y="{xy[1]}">'
        if cls in ("", " target"):
            out.append(opening + fragment("tile-body", (art, rest), _tile_body, art, rest))
            continue
        out.append(opening + fragment("tile-art", art, _land_art, *art)
                   + f'<rect x="{_f(x + 2)}" y="{_f(y + 2)}" width="{_f(size - 4)}" '
                   f'height="{_f(size - 4)}" rx="5" fill="{HOT}" fill-opacity="0.12" '
                   f'stroke="{HOT}" stroke-width="3"{DASH} pointer-events="none"/>'
                   + fragment("tile", art + rest, _land_tile, *art, *rest))
    if empties:
        ghost = (b.data, b.ghost, b.ghost_face_down) if b.ghost else None
        spaces = tuple((sp, *b.attr("cell", _cell(sp))) for sp in sorted(empties))
        out.append(fragment("spaces", (spaces, lay, ghost), _spaces, spaces, lay, ghost))
    out.append(_land_troops(b, labels, lay))
    out.append(_landscape_marks(b, lay))
    out.append("</g>")
    return "".join(out)


def _land_art(data: str | None, tile_id: str | None, colour: str, owner: int | None,
              x: float, y: float, s: float, side: int) -> str:
    """The face of a landscape tile at screen corner ``x``, ``y``: a building turned with
    its ``owner`` on the screen of ``side``, else face down (the starting tile: no id)."""
    tiles = _tiles(data)
    if owner is not None:
        edges = {e: _screen(side, edge_direction(e, owner)) for e in "TRBL"}
        band = (_screen(side, edge_direction("B", owner)), owner)
        return _tile_face(x, y, s, tiles, tile_id, colour, True, edges, band, False)
    if tile_id is None:
        return _tile_face(x, y, s, tiles, None, colour, False, None, None, False,
                          label=pgettext("the starting tile, at most 6 letters", "start"))
    return _tile_face(x, y, s, tiles, None, colour, False, None, None, False)


def _tile_body(art: tuple[Any, ...], rest: tuple[Any, ...]) -> str:
    """A landscape tile without a highlight after its opening tag: its face
    (:func:`_land_art` of ``art``) and the rest (:func:`_land_tile` of ``art`` and
    ``rest``)."""
    return _land_art(*art) + _land_tile(*art, *rest)


def _land_tile(data: str | None, tile_id: str | None, colour: str, owner: int | None,
               x: float, y: float, s: float, side: int, xy: tuple[int, int],
               label: str | None, score: tuple[int, bool, str] | None,
               treasure: tuple[str] | None, heinrich: bool, scaffold: bool) -> str:
    """The rest of a landscape tile at ``xy`` after its face (screen corner ``x``,
    ``y``): its hover text (its owner's ``label`` and its ``score``: points, doubled,
    how they count) and end, its points badge, Heinrich's treasure on it (``(id,)``), the
    marks of Heinrich's last building and of the scaffold."""
    if owner is not None:
        extra = []
        if score is not None:
            points, doubled, detail = score
            extra.append((_("Owner: {player}. Scores now: {points} (doubled) ({detail})")
                          if doubled else
                          _("Owner: {player}. Scores now: {points} ({detail})")).format(
                player=label, points=points, detail=detail))
        hover = _hover(data, str(tile_id), extra)
    elif tile_id is None:
        hover = _title(_("The starting tile, face down: a {colour} tile ({resource}); which "
                         "tile it is stays hidden. Open terrain: a troop on it gives 1 "
                         "{resource}.").format(
            colour=_colour(colour), resource=_resource(RESOURCE_OF_COLOUR[colour])))
    else:
        hover = _title(_("Open terrain (face down): {tile}, a {colour} tile. It belongs to no "
                         "one; a troop on it gives 1 {resource}. Open terrain is no road."
                         ).format(tile=_label(_tiles(data), tile_id),
                                  colour=_colour(colour),
                                  resource=_resource(RESOURCE_OF_COLOUR[colour])))
    out = [hover + "</g>"]
    if owner is not None and score is not None:
        points, doubled, _detail = score
        r = max(8.0, s * .13)
        bx, by = x + s - r - 3, y + r + 3
        out.append(f'<g class="points" pointer-events="none"><circle cx="{_f(bx)}" '
                   f'cy="{_f(by)}" r="{_f(r)}" fill="{SEAT_FILL[owner]}" '
                   f'stroke="{GOLD if doubled else SEAT_INK[owner]}" '
                   f'stroke-width="{2.5 if doubled else 1.2}"/>'
                   + _text(bx, by + r * .4, str(points), r * 1.1, weight="bold",
                           fill=SEAT_INK[0] if owner == 0 else "#fff") + "</g>")
    if treasure is not None:
        treasure_id, = treasure
        tr = _treasures_by_id().get(treasure_id)
        cond = _treasure_text(tr) if tr is not None else ""
        d = max(7.0, s * .11)
        tx, ty = x + d + 4, y + d + 4
        out.append(f'<g class="treasure"><path d="M{_f(tx)} {_f(ty - d)}L{_f(tx + d)} '
                   f'{_f(ty)}L{_f(tx)} {_f(ty + d)}L{_f(tx - d)} {_f(ty)}Z" fill="{GOLD}" '
                   f'stroke="#6b4e00" stroke-width="1.5"/>'
                   + _title(_("Heinrich's treasure {treasure} (5 points for him at the "
                              "end). {condition}").format(treasure=treasure_id,
                                                          condition=cond))
                   + "</g>")
    if heinrich:
        out.append(f'<rect x="{_f(x - 3)}" y="{_f(y - 3)}" width="{_f(s + 6)}" '
                   f'height="{_f(s + 6)}" rx="7" fill="none" stroke="#b5179e" '
                   f'stroke-width="3"{DASH} pointer-events="none"/>')
        out.append(_text(x + s / 2, y - 6 if side == 0 else y + s + 14, _("Heinrich's last"),
                         11, fill="#7a0f6b", weight="bold", halo="#efe6d0",
                         extra=' pointer-events="none"'))
    if scaffold:
        out.append(f'<g class="scaffold"><rect x="{_f(x + 3)}" y="{_f(y + s - 15)}" '
                   f'width="12" height="12" fill="none" stroke="#5a3d1a" stroke-width="2"/>'
                   f'<path d="M{_f(x + 3)} {_f(y + s - 3)}L{_f(x + 15)} {_f(y + s - 15)}" '
                   f'stroke="#5a3d1a" stroke-width="2"/>'
                   + _title(_("Scaffold: your last built building; Heinrich builds next to "
                              "it (solo rules, Play 2)")) + "</g>")
    return "".join(out)


def _screen(side: int, table_dir: int) -> int:
    """A direction of the table frame (0 up .. 3 left) on the screen of ``side``."""
    return table_dir if side == 0 else (table_dir + 2) % 4


@lru_cache(maxsize=1)
def _treasures_by_id() -> dict[str, Any]:
    """Heinrich's treasures (the bundled file) by id."""
    return {t.id: t for t in load_treasures().treasures}


def _spaces(spaces: Sequence[tuple[tuple[int, int], str, str]], lay: _Layout,
            ghost: tuple[str | None, str, bool] | None) -> str:
    """The empty spaces a move may use (each with its click attribute and classes), laid
    out by ``lay``; ``ghost``: the game's data, the tile the move in progress places and
    whether face down (shown in the spaces it may go to)."""
    out = []
    for sp, attr, cls in spaces:
        x, y = lay.at(sp)
        out.append(_space(sp, x, y, lay.s, attr, cls,
                          ghost if ghost is not None and "hot" in cls else None))
    return "".join(out)


def _space(sp: tuple[int, int], x: float, y: float, s: float, attr: str, cls: str,
           ghost: tuple[str | None, str, bool] | None) -> str:
    """An empty space ``sp`` a move may use; ``ghost``: the game's data, the tile the move
    in progress places there and whether face down (shown in the space when it is a
    target)."""
    hot = "hot" in cls
    out = [f'<g class="space{cls}"{attr}data-x="{sp[0]}" data-y="{sp[1]}">'
           f'<rect x="{_f(x + 3)}" y="{_f(y + 3)}" width="{_f(s - 6)}" '
           f'height="{_f(s - 6)}" '
           f'rx="6" fill="{HOT if hot else "#fffaf0"}" '
           f'fill-opacity="{0.16 if hot else 0.35}" stroke="{HOT if hot else "#8a7650"}" '
           f'stroke-width="{2.5 if hot else 1.2}"{DASH}/>']
    if ghost is not None:
        data, tile_id, face_down = ghost
        words = [_("face down")] if face_down else _wrap(_name(_tiles(data), tile_id))
        size = max(7.0, min(s * .14, s * .8 / (.66 * max(len(w) for w in words))))
        for i, word in enumerate(words):
            out.append(_text(x + s / 2, y + s / 2 + 4 + (i - (len(words) - 1) / 2) * size,
                             word, size, fill="#8a2a17",
                             extra=' opacity="0.75" pointer-events="none"'))
    out.append(_title(_("Empty space {where}").format(where=f"{sp[0]},{sp[1]}")) + "</g>")
    return "".join(out)


def _land_troops(b: _Board, labels: Sequence[str], lay: _Layout) -> str:
    """The troops on the landscape (two on a space side by side), each a fragment."""
    troops_at: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for seat, troops in enumerate(b.obs["troops"]):
        for k, pos in enumerate(troops):
            xy = _xy(pos)
            if xy is not None:
                troops_at.setdefault(xy, []).append((seat, k))
    moved = int(b.obs.get("moved") or 0)
    out = []
    for xy, group in sorted(troops_at.items()):
        x, y = lay.at(xy)
        s = lay.s
        r = max(7.0, s * .12)
        for i, (seat, k) in enumerate(group):
            px, py = x + s * (.8 if i == 0 else .2), y + s * .78
            attr, cls = b.attr("troop", k) if seat == b.cur else (" ", "")
            key = (px, py, r, seat, k, xy, bool(moved >> (3 * seat + k) & 1), labels[seat],
                   b.solo)
            out.append(_troop_start(px, py, r, seat, attr, "hot" in cls, "selected" in cls)
                       + fragment("troop", key, _land_troop, *key))
    return "".join(out)


def _land_troop(px: float, py: float, r: float, seat: int, k: int, xy: tuple[int, int],
                mv: bool, who: str, solo: bool) -> str:
    """Troop ``k`` of ``seat`` on space ``xy`` (``mv``: moved this turn) after its
    opening tag (:func:`_troop_start`)."""
    retinue = k == 0
    where = f"{xy[0]},{xy[1]}"
    title = ((_("{player}'s retinue troop at {where}") if retinue else
              _("{player}'s troop at {where}")).format(player=who, where=where)
             + (_(" (moved this turn)") if mv else "")
             + ("" if seat != 1 or not solo else
                _("; Heinrich's {colour} troop").format(
                    colour=_colour(HEINRICH_TROOP_COLOURS[k]))))
    return _troop_body(px, py, r, seat, retinue and not (solo and seat == 1), mv, title)


#: Colours of the marks: a recent move of the other seat, and a suggestion.
RECENT = "#e8590c"
HINT = "#1864ab"


def _landscape_marks(b: _Board, lay: _Layout) -> str:
    """The marks of the moves on the landscape (see :func:`render`, ``recent``), a
    fragment keyed by the marks and the layout."""
    key = (tuple((k, item["ply"], item["seat"], item["notation"], item["hint"])
                 for k, item in b.marks), lay)
    return fragment("marks", key, _draw_marks, b.marks, lay)


def _draw_marks(items: Sequence[tuple[int, dict[str, Any]]], lay: _Layout) -> str:
    out = ['<g class="marks" pointer-events="none">']
    at, s = lay.at, lay.s
    for k, item in items:
        n = item["notation"]
        colour = HINT if item["hint"] else RECENT
        dash = DASH if item["hint"] else ""
        said = phrase(n, past=not item["hint"])
        note = _title((_("Suggested: {move}") if item["hint"] else
                       _("Just played: {move}")).format(move=said))
        if m := AT.match(n):
            x, y = at((int(m.group(3)), int(m.group(4))))
            out.append(f'<rect{mark_id(item, k)} x="{_f(x - 4)}" y="{_f(y - 4)}" '
                       f'width="{_f(s + 8)}" height="{_f(s + 8)}" rx="8" fill="none" '
                       f'stroke="{colour}" stroke-width="5"{dash}>{note}</rect>')
        elif m := MOVE.match(n):
            (x0, y0), (x1, y1) = (at((int(m.group(1)), int(m.group(2)))),
                                  at((int(m.group(3)), int(m.group(4)))))
            c0 = (x0 + s / 2, y0 + s / 2)
            c1 = (x1 + s / 2, y1 + s / 2)
            out.append(f'<g{mark_id(item, k)}><path d="M{_f(c0[0])} {_f(c0[1])}L{_f(c1[0])} '
                       f'{_f(c1[1])}" stroke="{colour}" stroke-width="5" '
                       f'stroke-linecap="round"{dash} fill="none"/>'
                       f'<circle cx="{_f(c1[0])}" cy="{_f(c1[1])}" r="{_f(s * .16)}" '
                       f'fill="{colour}" fill-opacity="0.35" stroke="{colour}" '
                       f'stroke-width="3"/>{note}</g>')
        elif m := ONE.match(n):
            x, y = at((int(m.group(2)), int(m.group(3))))
            wd = m.group(1) == "withdraw"
            shape = (f'<rect x="{_f(x - 4)}" y="{_f(y - 4)}" width="{_f(s + 8)}" '
                     f'height="{_f(s + 8)}" rx="8"' if m.group(1) == "destroy" else
                     f'<circle cx="{_f(x + s * .8)}" cy="{_f(y + s * .78)}" '
                     f'r="{_f(max(7.0, s * .12) + 7)}"')  # i18n: no
            out.append(f'{shape}{mark_id(item, k)} fill="none" stroke="{colour}" '
                       f'stroke-width="4"{DASH if wd or item["hint"] else ""}>{note}'
                       f'{"</rect>" if m.group(1) == "destroy" else "</circle>"}')
    out.append("</g>")
    return "".join(out)


def _treasure_text(tr: Any) -> str:
    if tr.kind in ("vertical", "horizontal"):
        if tr.colour == "any":
            text = (_("Removed when its column holds at least 2 tiles of any colour (its "
                      "building not counted).") if tr.kind == "vertical" else
                    _("Removed when its row holds at least 2 tiles of any colour (its "
                      "building not counted)."))
        else:
            text = (_("Removed when its column holds at least 2 {colour} tiles (its building "
                      "not counted).") if tr.kind == "vertical" else
                    _("Removed when its row holds at least 2 {colour} tiles (its building "
                      "not counted).")).format(colour=_colour(tr.colour))
    else:
        cells = ", ".join(f"{c.at} {_any_colour(c.colour)}" for c in tr.cells or ())
        text = _("Removed when these spaces around it (your frame) hold: {cells}.").format(
            cells=cells)
    if tr.provenance == "reconstructed":
        return _("{condition} Treasure data: {provenance} (the printed treasures are not "
                 "public)").format(condition=text, provenance=provenance_name(tr.provenance))
    return _("{condition} Treasure data: {provenance}").format(
        condition=text, provenance=provenance_name(tr.provenance))


def _any_colour(colour: Any) -> str:
    """A treasure cell's colour in words (``any``: brown on the tile, any colour)."""
    return _("any") if colour == "any" else _colour(str(colour))


class _Bar(NamedTuple):
    """What a seat's bar shows besides its hand's clicks (the key of its fragment): the
    seat, at the ``top`` (the opponent) or the bottom (the viewer), its name, points (as
    text), reach, troops in the royal reserve, access to resources (None: Heinrich), the
    discounts and this turn's take of the player to move, its hand, and the marks of its
    takes (``(index, ply, notation)``)."""

    data: str | None
    seat: int
    top: bool
    mover: bool
    yours: bool
    phase: Any
    name: str
    points: str
    heinrich: bool
    in_reserve: int
    reach: Any
    access: tuple[tuple[str, int], ...] | None
    discounts: int
    took: tuple[int, int] | None
    hand: tuple[str, ...]
    takes: tuple[tuple[int, Any, str], ...]

    @property
    def acting(self) -> bool:
        return self.mover and self.phase != "end"

    def hand_place(self) -> tuple[float, float, float]:
        """Where the hand is drawn: the first tile's corner and the tiles' size."""
        n = max(1, len(self.hand))
        y0, h = _bar_box(self.top)
        if self.top:
            size = min(62.0, (_BAR_W - 480) / n - 6)
            return _BAR_X + _BAR_W - 8 - n * (size + 6) - (110 if self.acting else 0), y0 + 5, size
        hx = 400.0
        return hx, y0 + 20, min(100.0, h - 26, (_BAR_X + _BAR_W - hx - 8) / n - 6)


_BAR_X, _BAR_W = 12.0, LEFT_W - 18.0


def _bar_box(top: bool) -> tuple[float, float]:
    """The top and height of a seat's bar."""
    return (50.0, 72.0) if top else (746.0, 128.0)


def _seat_bar(b: _Board, labels: Sequence[str], bd: tuple[Breakdown, Breakdown], seat: int,
              top: bool) -> str:
    """The bar of ``seat``: its facts (a fragment keyed by :class:`_Bar`), then its hand
    (each tile: its face and hover text fragments around its click attribute and
    highlight) and the marks of its takes."""
    obs = b.obs
    mover = seat == b.cur
    heinrich = b.solo and seat == 1
    bar = _Bar(b.data, seat, top, mover, seat == b.viewer, obs.get("phase"), labels[seat],
               str(bd[seat].total), heinrich,
               sum(1 for p in obs["troops"][seat] if p == "reserve"), obs["reach"][seat],
               None if heinrich else tuple(_access(obs, seat, b.land).items()),
               int(obs.get("discounts") or 0) if mover else 0,
               (int(obs.get("taken") or 0), int(obs.get("takes_left") or 0)) if mover else None,
               tuple(str(t) for t in obs["hands"][seat]),
               tuple((k, item["ply"], item["notation"]) for k, item in b.marks
                     if item["seat"] == seat and not item["hint"]
                     and TAKE.match(item["notation"])))
    out = [fragment("bar", bar, _draw_bar, bar)]
    if not heinrich:
        hx, hy, size = bar.hand_place()
        for i, tid in enumerate(bar.hand):
            x = hx + i * (size + 6)
            attr, cls = b.attr("hand", tid) if mover else (" ", "")
            art = (b.data, x, hy, size, seat, tid)
            out.append(f'<g class="hand-tile{cls}"{attr}data-tile="{_t(tid)}">'
                       + fragment("hand-art", art, _hand_art, *art))
            if "selected" in cls or "hot" in cls:
                col = "#1a73e8" if "selected" in cls else HOT
                out.append(f'<rect x="{_f(x - 3)}" y="{_f(hy - 3)}" width="{_f(size + 6)}" '
                           f'height="{_f(size + 6)}" rx="6" fill="none" stroke="{col}" '
                           f'stroke-width="4"{"" if "selected" in cls else DASH} '
                           f'pointer-events="none"/>')
            rest = (b.data, tid, bar.yours, "target" in cls)
            out.append(fragment("hand", rest, _hand_tile, *rest))
        out.append(_bar_end(bar, hx, hy, size))
    out.append("</g>")
    return "".join(out)


def _hand_art(data: str | None, x: float, y: float, s: float, seat: int, tile_id: str) -> str:
    """The face of a tile in the hand of ``seat``, ``s`` units at ``x``, ``y``."""
    tiles = _tiles(data)
    edges = {e: i for i, e in enumerate("TRBL")}
    return _tile_face(x, y, s, tiles, tile_id, _tile(tiles, tile_id).colour, True, edges,
                      (2, seat), True)


def _hand_tile(data: str | None, tile_id: str, yours: bool, target: bool) -> str:
    """The hover text and end of a tile in a hand (``yours``: the viewer's; ``target``:
    it can be clicked)."""
    where = _("In your hand") if yours else _("In the hand")
    extra = [where + (_(": click it to build it or lay it face down") if target else "")]
    return _hover(data, tile_id, extra) + "</g>"


def _bar_end(bar: _Bar, hx: float, hy: float, size: float) -> str:
    """After a hand: the marks of the seat's takes ("+1" before the hand) or that the
    hand is empty."""
    top = bar.top
    y0, h = _bar_box(top)
    out = []
    for k, ply, notation in bar.takes:
        item = {"seat": bar.seat, "ply": ply, "hint": False}
        bx = (hx - 82) if top else (hx - 24)
        by = (y0 + h / 2) if top else (y0 + 60)
        out.append(f'<g{mark_id(item, k)} pointer-events="none"><circle '
                   f'cx="{_f(bx)}" cy="{_f(by)}" r="15" fill="{RECENT}"/>'
                   + _text(bx, by + 5, "+1", 14, weight="bold", fill="#fff")
                   + _title(_("Just played: {move}").format(move=phrase(notation, past=True)))
                   + "</g>")
    if not bar.hand:
        out.append(_text(hx, hy + size / 2 + 4, _("no tiles"), 12, anchor="start",
                         fill="#5e5038", extra=' font-style="italic"'))
    return "".join(out)


def _draw_bar(bar: _Bar) -> str:
    """A seat's bar up to its hand's tiles: its box, name, points, reach, access and
    this turn's take, and its hand's heading."""
    seat, top = bar.seat, bar.top
    y0, h = _bar_box(top)
    x0, w = _BAR_X, _BAR_W
    acting = bar.acting
    out = [f'<g class="seat" data-seat="{seat}">',
           f'<rect x="{_f(x0)}" y="{_f(y0)}" width="{_f(w)}" height="{_f(h)}" rx="8" '
           f'fill="{"#fbf3dc" if acting else "#efe4c8"}" stroke="{GOLD if acting else "#b6a47c"}" '
           f'stroke-width="{3 if acting else 1}"/>']
    cy = y0 + (22 if not top else 20)
    out.append(f'<circle cx="{_f(x0 + 18)}" cy="{_f(cy - 5)}" r="9" fill="{SEAT_FILL[seat]}" '
               f'stroke="{SEAT_INK[seat]}" stroke-width="1.5"/>')
    name = (("▶ " if acting else "") + bar.name[:22] + (_(" (you)") if bar.yours else ""))
    out.append(_text(x0 + 34, cy, name, 19 if not top else 17, anchor="start",
                     weight="bold", fill="#2b2118"))
    pts = bar.points
    out.append(_text(x0 + 372, cy, ngettext("{n} point", "{n} points", int(float(pts)))
                     .format(n=pts), 17 if not top else 16,
                     anchor="end", weight="bold", fill="#2b2118"))
    if acting and top:
        doing = {"play": _("to play"), "siege": _("to decide the siege"),
                 "discard": _("to discard")}.get(str(bar.phase), "")
        out.append(_text(x0 + w - 10, y0 + 18, f"▶ {doing}", 14, anchor="end",
                         fill="#8a5a00", weight="bold"))
    in_reserve = bar.in_reserve
    if bar.heinrich:
        facts = _("Unlimited reach · builds for free · troops set aside until he builds")
    else:
        facts = ngettext("Reach {reach} · {n} troop in the royal reserve",
                         "Reach {reach} · {n} troops in the royal reserve", in_reserve).format(
            reach=bar.reach, n=in_reserve)
    out.append(_text(x0 + 34, cy + 22, facts, 14, anchor="start", fill="#4a3c2a"))
    if bar.access is not None:
        text = _("Access: {resources}").format(resources=" · ".join(
            _("{n} {resource}").format(n=n, resource=_resource(r)) for r, n in bar.access))
        disc = bar.discounts
        if disc:
            text += ngettext(" (+{n} discount)", " (+{n} discounts)", disc).format(n=disc)
        if not top:
            out.append(_text(x0 + 34, cy + 44, text, 14, anchor="start", fill="#4a3c2a"))
            if bar.took is not None and bar.phase == "play":
                took, left = bar.took
                a_text = (_("Tile taken this turn") if took and not left else
                          _("Encampment flipped: take another tile") if took else
                          _("Take 1 tile from the reserve (mandatory)"))
                out.append(_text(x0 + 34, cy + 66, a_text, 14, anchor="start",
                                 fill="#8a5a00", weight="bold"))
        else:
            out.append(_text(x0 + 34, cy + 40, text, 14, anchor="start", fill="#4a3c2a"))
    if not bar.heinrich:
        hx, hy, _size = bar.hand_place()
        n = len(bar.hand)
        if top:
            out.append(_text(hx - 8, y0 + h / 2 + 4, _("Hand ({n})").format(n=n), 12.5,
                             anchor="end", fill="#4a3c2a"))
        else:
            out.append(_text(hx, y0 + 15, _("Hand ({n}; keep at most {limit})").format(
                                 n=n, limit=HAND_LIMIT),
                             12.5, anchor="start", fill="#4a3c2a"))
    return "".join(out)


RING_X, RING_Y, RING_R, RING_TILE = 932.0, 232.0, 118.0, 62.0


@lru_cache(maxsize=64)
def _slot_xy(side: int, slot: int) -> tuple[float, float, float]:
    """The centre of a slot of the royal reserve on the screen of ``side``, and its angle
    (degrees clockwise from the right)."""
    a = -90.0 + slot * 360.0 / NUM_SLOTS + (180.0 if side == 1 else 0.0)
    r = math.radians(a)
    return RING_X + RING_R * math.cos(r), RING_Y + RING_R * math.sin(r), a


def _arc(r: float, a0: float, a1: float) -> str:
    p0 = (RING_X + r * math.cos(math.radians(a0)), RING_Y + r * math.sin(math.radians(a0)))
    p1 = (RING_X + r * math.cos(math.radians(a1)), RING_Y + r * math.sin(math.radians(a1)))
    large = 1 if (a1 - a0) % 360 > 180 else 0
    return (f"M{_f(p0[0])} {_f(p0[1])}A{_f(r)} {_f(r)} 0 {large} 1 "
            f"{_f(p1[0])} {_f(p1[1])}")


def _reserve(b: _Board, labels: Sequence[str]) -> str:
    """The royal reserve: its tiles (each a face and a rest fragment around its click
    attribute and highlight), then the shield, the reaches and the troops in the reserve
    (a fragment each)."""
    obs = b.obs
    side = b.side
    out = ['<g class="reserve">', _reserve_heading(i18n.language())]
    reach_of: dict[int, list[str]] = {}
    for seat in (0, 1):
        if b.solo and seat == 1:
            continue
        for pos in range(1, int(obs["reach"][seat]) + 1):
            reach_of.setdefault(pos, []).append(labels[seat])
    by_pos: dict[int, float] = {}
    for r in obs["reserve"]:
        slot = int(r["slot"])
        if r["tile"] is None:
            out.append(fragment("slot", (side, slot), _empty_slot, side, slot))
            continue
        pos = int(r["position"])
        by_pos[pos] = _slot_xy(side, slot)[2]
        attr, cls = b.attr("reserve", pos)
        art = (b.data, side, slot, r["tile"], r["colour"])
        out.append(f'<g class="reserve-tile{cls}"{attr}data-position="{pos}">'
                   + fragment("reserve-art", art, _reserve_art, *art))
        for k, item in b.marks:          # a suggested take
            if item["hint"] and item["notation"] == f"take {pos}":
                x, y = _slot_corner(side, slot)
                out.append(f'<rect{mark_id(item, k)} x="{_f(x - 6)}" y="{_f(y - 6)}" '
                           f'width="{_f(RING_TILE + 12)}" height="{_f(RING_TILE + 12)}" '
                           f'rx="9" fill="none" stroke="{HINT}" stroke-width="4"{DASH} '
                           f'pointer-events="none"/>')
        if "hot" in cls:
            out.append(_slot_outline(side, slot))
        tail = (b.data, side, slot, r["tile"], pos, tuple(reach_of.get(pos, ())), b.solo,
                "target" in cls)
        out.append(fragment("reserve", tail, _reserve_tile, *tail))
    cur = b.cur
    takes = int(obs.get("takes_left") or 0)
    crown = (cur if takes > 0 else 1 - cur) if isinstance(cur, int) and cur in (0, 1) else None
    shield = int(obs.get("shield_slot", 0))
    crowned = (side, shield, crown, labels[crown] if crown is not None else None)
    out.append(fragment("shield", crowned, _shield, *crowned))
    for seat in (0, 1):                    # reach arcs, clockwise from the shield
        n = min(int(obs["reach"][seat]), len(by_pos)) if not (b.solo and seat == 1) else 0
        if n > 0:
            arc = (side, shield, seat, by_pos[n], obs["reach"][seat], labels[seat])
            out.append(fragment("reach", arc, _reach_arc, *arc))
    moved = int(obs.get("moved") or 0)
    tokens = tuple((seat, k, bool(moved >> (3 * seat + k) & 1), seat == cur)
                   for seat in (0, 1) for k, p in enumerate(obs["troops"][seat])
                   if p == "reserve")
    held = (tokens, tuple(labels[:2]),
            b.attr("troop", "reserve") if any(t[3] for t in tokens) else None)
    out.append(fragment("tokens", held, _reserve_troops, *held))
    out.append("</g>")
    return "".join(out)


@lru_cache(maxsize=8)
def _reserve_heading(language: str) -> str:
    """The ring of the royal reserve and its name."""
    return (f'<circle cx="{_f(RING_X)}" cy="{_f(RING_Y)}" r="{_f(RING_R + 40)}" '
            f'fill="#e2d3ad" stroke="#b6a47c" stroke-width="1.5"/>'
            + _text(756, 64, pgettext("Royal reserve, first line", "Royal"), 17,
                    anchor="start", weight="bold", fill="#2b2118")
            + _text(756, 84, pgettext("Royal reserve, second line", "reserve"), 17,
                    anchor="start", weight="bold", fill="#2b2118"))


def _empty_slot(side: int, slot: int) -> str:
    x, y = _slot_corner(side, slot)
    return (f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(RING_TILE)}" '
            f'height="{_f(RING_TILE)}" rx="6" fill="none" stroke="#a08c62" '
            f'stroke-width="1.5"{DASH}>'
            + _title(_("An empty slot: skipped, it does not count towards reach"))
            + '</rect>')


def _slot_corner(side: int, slot: int) -> tuple[float, float]:
    """The top left corner of the tile in a slot of the royal reserve."""
    sx, sy, _angle = _slot_xy(side, slot)
    return sx - RING_TILE / 2, sy - RING_TILE / 2


@lru_cache(maxsize=64)
def _slot_outline(side: int, slot: int) -> str:
    """The outline of a reserve tile that can be clicked next."""
    x, y = _slot_corner(side, slot)
    return (f'<rect x="{_f(x - 3)}" y="{_f(y - 3)}" width="{_f(RING_TILE + 6)}" '
            f'height="{_f(RING_TILE + 6)}" rx="7" fill="none" stroke="{HOT}" '
            f'stroke-width="3"{DASH} pointer-events="none"/>')


def _reserve_art(data: str | None, side: int, slot: int, tile_id: str, colour: str) -> str:
    """The face of the tile in ``slot`` of the royal reserve."""
    x, y = _slot_corner(side, slot)
    edges = {e: i for i, e in enumerate("TRBL")}
    return _tile_face(x, y, RING_TILE, _tiles(data), tile_id, colour, True, edges, None, True)


def _reserve_tile(data: str | None, side: int, slot: int, tile_id: str, pos: int,
                  reach: Sequence[str], solo: bool, target: bool) -> str:
    """The rest of the tile in ``slot`` of the royal reserve after its face and marks:
    its hover text (``pos`` clockwise from the shield, within the ``reach`` of the
    players named; ``target``: it can be taken) and end, and its position's number."""
    ang = _slot_xy(side, slot)[2]
    extra = [_("Royal reserve, position {n} clockwise from the shield; within the reach "
               "of: {players}").format(n=pos, players=", ".join(reach) if reach
                                       else _("no one"))
             + (_("; Heinrich reaches every tile") if solo else "")]
    if target:
        extra.append(_("Click to take it into your hand (Action A)"))
    out = [_hover(data, tile_id, extra) + "</g>"]
    rad = math.radians(ang)
    nx, ny = RING_X + (RING_R - 50) * math.cos(rad), RING_Y + (RING_R - 50) * math.sin(rad)
    out.append(f'<circle cx="{_f(nx)}" cy="{_f(ny)}" r="9" fill="#fff8e6" stroke="#5a4a30"/>'
               + _text(nx, ny + 4, str(pos), 11, weight="bold"))
    return "".join(out)


def _shield(side: int, shield: int, crown: int | None, who: str | None) -> str:
    """The royal shield in ``shield`` slot, its crown in the colour of the seat ``crown``
    (named ``who``) who takes next (None: unknown)."""
    sx, sy, _angle = _slot_xy(side, shield)
    fill = SEAT_FILL[crown] if crown is not None else "#ccc"
    ink = SEAT_INK[crown] if crown is not None else "#555"
    who = who if crown is not None else _("the next player")
    return (f'<g class="shield"><path d="M{_f(sx - 24)} {_f(sy - 26)}H{_f(sx + 24)}V{_f(sy)}'
            f'Q{_f(sx + 24)} {_f(sy + 22)} {_f(sx)} {_f(sy + 32)}Q{_f(sx - 24)} {_f(sy + 22)} '
            f'{_f(sx - 24)} {_f(sy)}Z" fill="#8c1c13" stroke="{GOLD}" stroke-width="3"/>'
            f'<path d="M{_f(sx - 13)} {_f(sy + 6)}L{_f(sx - 15)} {_f(sy - 12)}L{_f(sx - 6)} '
            f'{_f(sy - 3)}L{_f(sx)} {_f(sy - 16)}L{_f(sx + 6)} {_f(sy - 3)}L{_f(sx + 15)} '
            f'{_f(sy - 12)}L{_f(sx + 13)} {_f(sy + 6)}Z" fill="{fill}" stroke="{ink}" '
            f'stroke-width="1.5"/>'
            + _title(_("The royal shield. Its crown shows {player}'s colour: {player} takes "
                       "the next tile. Reach counts clockwise from here (rulebook, Royal "
                       "protocol).").format(player=who))
            + "</g>")


def _reach_arc(side: int, shield: int, seat: int, end: float, reach: Any, who: str) -> str:
    """The ``reach`` of ``seat`` (named ``who``): an arc clockwise from the shield to
    the angle ``end`` of the reserve tile at its reach, and its number."""
    step = 360.0 / NUM_SLOTS
    a0 = _slot_xy(side, shield)[2] + step * .35
    a1 = end + step * .3
    while a1 <= a0:
        a1 += 360
    rr = RING_R + 44 + 11 * seat
    path = _arc(rr, a0, a1)
    la = math.radians(a1 + 6 * seat)
    ex, ey = RING_X + rr * math.cos(la), RING_Y + rr * math.sin(la)
    return (f'<g class="reach" data-seat="{seat}"><path d="{path}" fill="none" '
            f'stroke="{SEAT_INK[seat]}" stroke-width="8" stroke-linecap="round"/>'
            f'<path d="{path}" fill="none" stroke="{SEAT_FILL[seat]}" stroke-width="5" '
            f'stroke-linecap="round"/>'
            + _title(_("{player}'s reach: {reach} (1 + troops in the royal reserve), "
                       "clockwise from the shield").format(player=who, reach=reach))
            + "</g>"
            f'<circle cx="{_f(ex)}" cy="{_f(ey)}" r="9" fill="{SEAT_FILL[seat]}" '
            f'stroke="{SEAT_INK[seat]}" stroke-width="1.5"/>'
            + _text(ex, ey + 4, str(reach), 11, weight="bold",
                    fill=SEAT_INK[seat] if seat == 0 else "#fff"))


def _reserve_troops(tokens: Sequence[tuple[int, int, bool, bool]], labels: Sequence[str],
                    click: tuple[str, str] | None) -> str:
    """The troops in the royal reserve, in the middle of its ring (``(seat, troop, moved,
    the player to move's)``; ``click``: their click attribute and classes)."""
    out = []
    for i, (seat, k, mv, mover) in enumerate(tokens):
        tx = RING_X - (len(tokens) - 1) * 13 + i * 26
        attr, cls = click if mover and click is not None else (" ", "")
        title = (_("{player}'s troop in the royal reserve (adds 1 to reach)").format(
            player=labels[seat]) + (_(": click to deploy it") if attr.strip() else ""))
        out.append(_troop(tx, RING_Y, 11, seat, False, mv, title,
                          {"troop": "reserve"} if attr.strip() else None, "hot" in cls,
                          "selected" in cls))
    if not tokens:
        out.append(_text(RING_X, RING_Y + 4, _("no troops"), 11, fill="#5e5038",
                         extra=' font-style="italic"'))
    return "".join(out)


def _side_panel(b: _Board, labels: Sequence[str], bd: tuple[Breakdown, Breakdown]) -> str:
    """The panel under the reserve: the supply, then Heinrich's facts and last turn (solo)
    or the running score, each a fragment; then the legend."""
    obs = b.obs
    supply = (int(obs.get("supply_left") or 0), obs.get("supply_top"),
              len(obs.get("box") or ()))
    out = ['<g class="panel">', fragment("supply", supply, _supply, *supply)]
    if b.solo:
        tre = obs.get("treasures") or {}
        facts = (int((obs.get("params") or {}).get("level", 2)), len(tre.get("landscape", ())),
                 int(tre.get("pile", 0)), len(tre.get("removed", ())), str(bd[1].total),
                 sum(1 for p in obs["troops"][1] if p == "aside"), b.heinrich[0])
        out.append(fragment("heinrich", facts, _heinrich_panel, *facts))
        y = _PANEL_Y + 52 + 272
    else:
        scores = (tuple(labels[:2]),
                  tuple((str(bd[0].points(k)), str(bd[1].points(k))) for k in ("building", "road")),
                  (str(bd[0].total), str(bd[1].total)),
                  bool((obs.get("params") or {}).get("roads", True)))
        out.append(fragment("scores", scores, _score_panel, *scores))
        y = _PANEL_Y + 52 + 124
    out.append(_legend(max(y, H - 110.0), i18n.language()))
    out.append("</g>")
    return "".join(out)


_PANEL_X, _PANEL_Y = LEFT_W + 12.0, 424.0


def _supply(left: int, top: Any, box: int) -> str:
    """The supply: ``left`` tiles, the ``top`` tile's back colour, ``box`` tiles returned
    to the box."""
    x0, y = _PANEL_X, _PANEL_Y
    out = []
    if top:
        out.append(f'<rect x="{_f(x0 + 4)}" y="{_f(y - 2)}" width="30" height="30" rx="3" '
                   f'fill="{TERRAIN_BACK[str(top)]}" stroke="#3b2f22"/>'
                   f'<rect x="{_f(x0)}" y="{_f(y + 2)}" width="30" height="30" rx="3" '
                   f'fill="{TERRAIN_BACK[str(top)]}" stroke="#3b2f22"/>')
    words = (ngettext("Supply: {n} tile", "Supply: {n} tiles", left).format(n=left)
             + (_(" · top: a {colour} back").format(colour=_colour(str(top))) if top
                else ""))
    out.append(_text(x0 + 42, y + 14, words, 15, anchor="start", fill="#2b2118",
                     weight="bold"))
    sub = (_("the last tile is out: final round, no more refills") if not left else
           ngettext("{n} tile returned to the box", "{n} tiles returned to the box", box)
           .format(n=box))
    out.append(_text(x0 + 42, y + 33, sub, 13, anchor="start", fill="#4a3c2a"))
    return "".join(out)


def _heinrich_panel(level: int, on: int, pile: int, gone: int, total: str, aside: int,
                    steps: Sequence[str]) -> str:
    """Heinrich's box: his ``level``, points, treasures (on buildings, in the pile,
    removed), troops set ``aside``, and the ``steps`` of his last turn."""
    x0, y = _PANEL_X, _PANEL_Y + 52
    out = [f'<rect x="{_f(x0 - 4)}" y="{_f(y)}" width="{_f(W - x0 - 4)}" height="262" '
           f'rx="8" '
           f'fill="#f3e3ef" stroke="#b5179e" stroke-opacity="0.5"/>',
           _text(x0 + 6, y + 20, _("{name} (level {level})").format(
                 name=level_name(level) if level in LEVEL_NAMES else "Heinrich",
                 level=level),
                 15, anchor="start", weight="bold", fill="#5b0f50"),
           _text(W - 14, y + 22, ngettext("{n} point", "{n} points", int(float(total)))
                 .format(n=total),
                 15, anchor="end",
                 weight="bold", fill="#5b0f50"),
           _text(x0 + 6, y + 44, _("Treasures: {on} on buildings · {pile} in the pile "
                                   "· {gone} removed").format(on=on, pile=pile, gone=gone),
                 13, anchor="start", fill="#4a2a45"),
           _text(x0 + 6, y + 63, _("(5 points each left) · troops: {placed} placed, "
                                   "{aside} aside").format(placed=3 - aside, aside=aside),
                 13, anchor="start", fill="#4a2a45"),
           _text(x0 + 6, y + 90, _("Heinrich's last turn:") if steps else
                 _("Heinrich has not played yet."), 14.5, anchor="start",
                 weight="bold", fill="#5b0f50")]
    ly = y + 110
    for st in steps:
        for i, line in enumerate(wrap(st, 44)):
            out.append(_text(x0 + (8 if i == 0 else 24), ly, line, 13.5, anchor="start",
                             fill="#3a2236"))
            ly += 17
    return "".join(out)


def _score_panel(labels: Sequence[str], points: Sequence[tuple[str, str]],
                 totals: tuple[str, str], roads: bool) -> str:
    """The running score of two players: their names, the ``points`` (as text) of their
    buildings and roads, their ``totals``; whether ``roads`` are scored."""
    x0, y = _PANEL_X, _PANEL_Y + 52
    out = [_text(x0, y + 14, _("Running score (if the game ended now)"), 13.5,
                 anchor="start", weight="bold", fill="#2b2118")]
    buildings, road = points
    rows = [(_("Buildings"), *buildings), (_("Roads"), *road), (_("Total"), *totals)]
    for col, name in ((200, labels[0]), (300, labels[1])):   # a long name on 2 lines
        lines = wrap(name, 13)[:2] or [""]
        for i, line in enumerate(lines):
            out.append(_text(x0 + col, y + 38 - (len(lines) - 1 - i) * 15, line, 13,
                             weight="bold"))
    for i, (name, a, c) in enumerate(rows):
        yy = y + 60 + i * 22
        bold = "bold" if i == len(rows) - 1 else "normal"
        out.append(_text(x0 + 6, yy, name, 14, anchor="start", weight=bold))
        out.append(_text(x0 + 200, yy, a, 14, weight=bold))
        out.append(_text(x0 + 300, yy, c, 14, weight=bold))
    if not roads:
        out.append(_text(x0 + 6, y + 60 + 3 * 22, _("Roads are not scored in this game"),
                         13, anchor="start", fill="#6a5a40",
                         extra=' font-style="italic"'))
    return "".join(out)


@lru_cache(maxsize=16)
def _legend(ly: float, language: str) -> str:
    """The legend of the marks from ``ly`` down, and the note on the tiles' data."""
    x0 = _PANEL_X
    out = [_troop(x0 + 10, ly, 9, 0, True, False, _("A retinue troop (gold rim): never "
                                                     "withdrawn")),
           _text(x0 + 26, ly + 5, _("retinue troop"), 13, anchor="start", fill="#4a3c2a"),
           _troop(x0 + 190, ly, 9, 1, False, True, _("A troop that moved this turn (its "
                                                      "cross shows)")),
           _text(x0 + 206, ly + 5, _("moved this turn"), 13, anchor="start",
                 fill="#4a3c2a")]
    ly += 24
    out.append(f'<circle cx="{_f(x0 + 10)}" cy="{_f(ly)}" r="9" fill="#fff" stroke="{GOLD}" '
               f'stroke-width="2.5"/>')
    out.append(_text(x0 + 26, ly + 5, _("points (gold: doubled)"), 13, anchor="start",
                     fill="#4a3c2a"))
    out.append(f'<rect x="{_f(x0 + 180)}" y="{_f(ly - 8)}" width="22" height="14" '
               f'fill="{TERRAIN["grey"]}"/><rect x="{_f(x0 + 180)}" y="{_f(ly + 3)}" width="22" '
               f'height="4" fill="{SEAT_FILL[1]}"/>')
    out.append(_text(x0 + 206, ly + 5, _("owner's edge"), 13, anchor="start", fill="#4a3c2a"))
    note = (_("Hover a tile for its effect, cost and roads.") + " \u2248 "
            + _("The tiles are reconstructed (the printed list is not public; see About the "
                "components); their effects are the rulebook's."))
    for i, line in enumerate(wrap(note, 50)):
        out.append(_text(x0, ly + 26 + i * 17, line, 13, anchor="start", fill="#5a4a30"))
    return "".join(out)
