"""Two Heirs states to JSON and back, with the validation of loaded data.

A state's JSON (:func:`to_json`) names tiles and treasures by id and spaces as ``[x, y]``;
:func:`from_json` refuses damaged data with a :class:`~regalia.core.errors.RecordError`
naming the field, and :func:`check_state` cross-checks the whole position (every tile of
the chosen sets in exactly one place; "Nur zu Beginn einer Partie liegen 2 Truppen auf dem
selben Plättchen").

Layer: functions of a :class:`~.state.TwoHeirsState` (which delegates to them); imports
the state module only for type checking.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from regalia.core.errors import RecordError

from .components import COLOURS
from .geometry import ORIGIN, cell_of, xy_of
from .tables import (HAND_MAX, IN_RESERVE, NUM_SLOTS, OFF_BOARD, OPEN, PH_DRAW, PH_SIEGE,
                     PH_TOP, PH_TOSS, PH_TREASURE, PHASE_NAMES)

if TYPE_CHECKING:
    from .rules import TwoHeirsGame
    from .state import TwoHeirsState


def troops_json(troops: Sequence[int], o: int, n: int) -> list[Any]:
    """Troops ``o .. o+n-1`` of the flat list as JSON: ``[x, y]``, ``"reserve"`` (the royal
    reserve) or ``"aside"`` (Heinrich's, beside the play area)."""
    out: list[Any] = []
    for i in range(o, o + n):
        pos = troops[i]
        out.append(list(xy_of(pos)) if pos >= 0 else
                   ("reserve" if pos == IN_RESERVE else "aside"))
    return out


def to_json(s: "TwoHeirsState") -> dict[str, Any]:
    """The state as a JSON-able dict (tiles and treasures by id, spaces as ``[x, y]``);
    never the seed nor the dealer (:meth:`regalia.core.state.State.to_json`)."""
    G = s.game
    T = s.T
    ids = T.ids

    def tid(t: int) -> str | None:
        return ids[t] if t >= 0 else None

    tre = G.treasures.treasures
    return {
        "game": G.info.name,
        "params": G.params,
        "phase": s.phase_name,
        "current": s.cur,
        "turn": s.turn,
        "supply": [ids[t] for t in s.supply],
        "top": COLOURS[s.top] if s.top >= 0 else None,
        "reserve": [tid(t) for t in s.slots],
        "shield": s.shield,
        "landscape": [[*xy_of(c), ids[code >> 2], ("white", "blue", "open")[code & 3]]
                      for c, code in sorted(s.board.items())],
        "start_tile": tid(s.start_tile),
        "troops": troops_json(s.troops, 0, 6),
        "moved": s.moved,
        "hands": [[ids[t] for t in h] for h in s.hands],
        "box": [ids[t] for t in s.box],
        "turn_state": {"takes_left": s.takes_left, "taken": s.taken,
                       "discounts": s.discounts, "final_left": s.final_left,
                       "draw_to": s.draw_to, "filled": s.filled,
                       "actions": s.acts,
                       "siege": list(xy_of(s.siege_cell)) if s.siege_cell >= 0
                       else None},
        "solo": {"scaffold": list(xy_of(s.scaffold)),
                 "treasures": [[*xy_of(c), tre[i].id] for c, i in sorted(s.tre_board.items())],
                 "drawn": [tre[i].id for i in s.tre_drawn],
                 "removed": [tre[i].id for i in s.tre_removed],
                 "step": s.h_step, "tile": tid(s.h_tile),
                 "cell": list(xy_of(s.h_cell)) if s.h_cell >= 0 else None,
                 "last": s.last_h},
        "history": list(s.hist),
    }


def from_json(cls: "type[TwoHeirsState]", game: "TwoHeirsGame",
              d: dict[str, Any]) -> "TwoHeirsState":
    """Rebuild a state (``Game.state_from_json`` has checked the game and the
    parameters) of class ``cls`` from :func:`to_json` output.

    Raises:
        RecordError: naming the first field that is missing, of the wrong shape, or
            inconsistent with the others (every tile of the chosen sets must be in
            exactly one place; troops never share a tile after the start).
    """
    T = game.tables
    index = {tid: i for i, tid in enumerate(T.ids)}
    tre_ids = [t.id for t in game.treasures.treasures]

    def tile(x: Any, what: str) -> int:
        if x is None:
            return -1
        if x not in index:
            raise RecordError(f"state JSON: {what}: unknown tile {x!r}")  # i18n: no
        return index[x]

    def cell(v: Any, what: str) -> int:
        if v is None:
            return -1
        if not (isinstance(v, list) and len(v) == 2 and all(type(a) is int for a in v)):
            raise RecordError(f"state JSON: {what} must be [x, y], not {v!r}")  # i18n: no
        return cell_of(*v)

    def treasure(x: Any) -> int:
        if x not in tre_ids:
            raise RecordError(f"state JSON: unknown treasure {x!r}")  # i18n: no
        return tre_ids.index(x)

    def intval(v: Any, what: str) -> int:
        if type(v) is not int:
            raise RecordError(f"state JSON: {what} must be a whole number, not {v!r}")  # i18n: no
        return v

    s = cls._blank(game)   # a state from JSON never has a seed (a "seed" key is ignored)
    s.T = T
    s._cache = None
    if d["phase"] not in PHASE_NAMES:
        raise RecordError(f"unknown phase {d['phase']!r}; one of {', '.join(PHASE_NAMES)}")  # i18n: no
    s.phase = PHASE_NAMES.index(d["phase"])
    s.cur = intval(d["current"], "current")
    if s.cur not in (0, 1):
        raise RecordError("state JSON: current must be seat 0 or 1")  # i18n: no
    s.turn = intval(d["turn"], "turn")
    s.supply = sorted(tile(x, "supply") for x in d["supply"])
    top = d["top"]
    if top is not None and top not in COLOURS:
        raise RecordError(f"state JSON: top must be a colour or null, not {top!r}")  # i18n: no
    s.top = -1 if top is None else COLOURS.index(top)
    res = d["reserve"]
    if not isinstance(res, list) or len(res) != NUM_SLOTS:
        raise RecordError(f"state JSON: reserve must list {NUM_SLOTS} slots")  # i18n: no
    s.slots = [tile(x, "reserve") for x in res]
    s.shield = intval(d["shield"], "shield")
    if not 0 <= s.shield < NUM_SLOTS or s.slots[s.shield] >= 0:
        raise RecordError("state JSON: the shield must lie on an empty reserve slot")  # i18n: no
    s.board = {}
    for entry in d["landscape"]:
        x, y, tid, kind = entry
        c = cell(([x, y]), "landscape")
        if kind not in ("white", "blue", "open"):
            raise RecordError(f"state JSON: landscape kind {kind!r}; white, blue or open")  # i18n: no
        if c in s.board:
            raise RecordError(f"state JSON: two tiles at {x},{y}")  # i18n: no
        s.board[c] = tile(tid, "landscape") * 4 + ("white", "blue", "open").index(kind)
    s.start_tile = tile(d["start_tile"], "start_tile")
    troops = d["troops"]
    if not isinstance(troops, list) or len(troops) != 6:
        raise RecordError("state JSON: troops must list 6 troops")  # i18n: no
    s.troops = [IN_RESERVE if v == "reserve" else OFF_BOARD if v == "aside"
                else cell(v, "troop") for v in troops]
    s.moved = intval(d["moved"], "moved")
    hands = d["hands"]
    if not isinstance(hands, list) or len(hands) != 2:
        raise RecordError("state JSON: hands must list 2 hands")  # i18n: no
    s.hands = [sorted(tile(x, "hand") for x in h) for h in hands]
    s.box = [tile(x, "box") for x in d["box"]]
    ts = d["turn_state"]
    s.takes_left = intval(ts["takes_left"], "takes_left")
    s.taken = intval(ts["taken"], "taken")
    s.discounts = intval(ts["discounts"], "discounts")
    s.final_left = intval(ts["final_left"], "final_left")
    s.draw_to = intval(ts["draw_to"], "draw_to")
    s.filled = intval(ts["filled"], "filled")
    s.acts = intval(ts["actions"], "actions")
    s.siege_cell = cell(ts["siege"], "siege")
    so = d["solo"]
    s.scaffold = cell(so["scaffold"], "scaffold")
    s.tre_board = {cell(v[:2], "treasure"): treasure(v[2]) for v in so["treasures"]}
    s.tre_drawn = [treasure(x) for x in so["drawn"]]
    s.tre_removed = [treasure(x) for x in so["removed"]]
    s.h_step = intval(so["step"], "solo step")  # i18n: no
    s.h_tile = tile(so["tile"], "solo tile")  # i18n: no
    s.h_cell = cell(so["cell"], "solo cell")  # i18n: no
    if not isinstance(so["last"], str):
        raise RecordError("state JSON: solo.last must be a string")  # i18n: no
    s.last_h = so["last"]
    hist = d["history"]
    if not isinstance(hist, list) or not all(type(a) is int and 0 <= a < T.num_actions
                                             for a in hist):
        raise RecordError(f"state JSON: history must hold action ids 0..{T.num_actions - 1}")  # i18n: no
    s.hist = list(hist)
    check_state(s, game)
    return s


def check_state(s: "TwoHeirsState", game: "TwoHeirsGame") -> None:
    """Cross-checks of a loaded or hand-set state.

    Raises:
        RecordError: naming the first inconsistency (a tile in two places, troops sharing
            a tile after the start, treasures that do not add up ...).
    """
    T = s.T
    places = (s.supply + [t for t in s.slots if t >= 0]
              + [code >> 2 for code in s.board.values()] + s.hands[0]
              + s.hands[1] + s.box + ([s.h_tile] if s.h_step == 2 else []))
    if sorted(places) != sorted(T.used):
        raise RecordError("state JSON: every tile of the chosen sets must be in exactly "
                          "one place (supply, reserve, landscape, hands, box)")  # i18n: no
    on_board = [p for p in s.troops if p >= 0]
    if any(p not in s.board and not (p == ORIGIN and s.start_tile < 0)
           for p in on_board):
        raise RecordError("state JSON: a troop stands on a space without a tile")  # i18n: no
    if len(set(on_board)) != len(on_board):
        # only the two retinue troops share a tile, the starting tile, until one leaves
        # ("Nur zu Beginn einer Partie liegen 2 Truppen auf dem selben Plättchen")
        rest = [p for i, p in enumerate(s.troops) if p >= 0 and i not in (0, 3)]
        if not (s.troops[0] == s.troops[3] == ORIGIN and ORIGIN not in rest
                and len(set(rest)) == len(rest)):
            raise RecordError("state JSON: two troops share a tile after the start")  # i18n: no
    if s.troops[0] < 0 or (s.troops[3] < 0 and not game.solo):
        raise RecordError("state JSON: a retinue troop must stay in the play area")  # i18n: no
    if not game.solo and OFF_BOARD in s.troops:
        raise RecordError("state JSON: troops beside the play area exist only in solo games")  # i18n: no
    if s.start_tile >= 0 and s.board.get(ORIGIN) != s.start_tile * 4 + OPEN:
        raise RecordError("state JSON: the starting tile must lie face down at 0,0")  # i18n: no
    if not 0 <= s.moved < 64 or not -1 <= s.final_left <= 2:
        raise RecordError("state JSON: moved / final_left out of range")  # i18n: no
    if any(len(h) > HAND_MAX for h in s.hands):
        raise RecordError(f"state JSON: a hand holds more than {HAND_MAX} tiles")  # i18n: no
    if s.top >= 0 and not any(T.colour[t] == s.top for t in s.supply):
        raise RecordError("state JSON: the supply's top colour matches no supply tile")  # i18n: no
    if any(c not in s.board for c in s.tre_board):
        raise RecordError("state JSON: a treasure lies on no tile")  # i18n: no
    drawn = s.tre_drawn
    if (len(set(drawn)) != len(drawn) or len(drawn) > game.treasures_used
            or sorted(s.tre_removed + list(s.tre_board.values())) != sorted(drawn)):
        raise RecordError("state JSON: treasures drawn, placed and removed do not agree")  # i18n: no
    if s.phase == PH_DRAW and not any(T.colour[t] == s.top for t in s.supply):
        raise RecordError("state JSON: a draw needs a top colour with tiles in the supply")  # i18n: no
    if s.phase == PH_TOP and not s.supply:
        raise RecordError("state JSON: the supply is empty but its top is to be revealed")  # i18n: no
    if s.phase == PH_TREASURE and len(drawn) >= game.treasures_used:
        raise RecordError("state JSON: no treasure is left to draw")  # i18n: no
    if s.phase == PH_TOSS and game.solo:
        raise RecordError("state JSON: a solo game has no toss")  # i18n: no
    if not -2 <= s.draw_to < NUM_SLOTS or not 0 <= s.filled <= 6 or s.acts < 0:
        raise RecordError("state JSON: draw_to / filled out of range")  # i18n: no
    if s.phase == PH_SIEGE and s.siege_cell not in s.board:
        raise RecordError("state JSON: the siege needs the Siege Tower just built")  # i18n: no
    if not 0 <= s.h_step <= 5:
        raise RecordError("state JSON: solo step out of range")  # i18n: no
