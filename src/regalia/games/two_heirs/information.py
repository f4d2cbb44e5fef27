"""What each seat of Two Heirs may see: the observation, the information state and
resampling.

Only the face-down starting tile is hidden (rulebook, Setup: it lies face down at the
centre): both players see its colour (the back), never which tile it is. The supply is
kept as an unordered multiset: its order is not decided before a draw, so no state holds a
future draw; only its size and the colour of its top tile (whose back shows) are seen.
Hands are public: they come face up from the reserve.

Layer: functions of a :class:`~.state.TwoHeirsState` (which delegates to them); imports
the state module only for type checking.
"""

from __future__ import annotations

import random
from bisect import insort
from typing import TYPE_CHECKING, Any

from regalia.core.state import SEEN_BY_ALL, SEEN_BY_NONE

from .components import COLOURS
from .geometry import ORIGIN, fmt_cell, xy_of
from .serialize import troops_json
from .tables import NUM_SLOTS, OPEN, PH_SIEGE

if TYPE_CHECKING:
    from .state import TwoHeirsState


def information_state_string(s: "TwoHeirsState", player: int) -> str:
    """The history with the face-down starting tile's draw replaced by its colour
    (``start:green``): what ``player`` knows, with perfect recall.

    Raises:
        ParameterError: ``player`` is not a seat.
    """
    s.check_seat(player)
    hidden = s.T.draw0 + s.start_tile if s.start_tile >= 0 else -1
    col = COLOURS[s.T.colour[s.start_tile]] if s.start_tile >= 0 else ""
    return " ".join(f"start:{col}" if a == hidden else str(a) for a in s.hist)


def visibility(s: "TwoHeirsState") -> list[int]:
    """Per history entry, who saw it: ``SEEN_BY_NONE`` for the draw of the face-down
    starting tile (its identity stays hidden from both players; only its colour, whose
    back shows, is known), ``SEEN_BY_ALL`` for every other action."""
    hidden = s.T.draw0 + s.start_tile if s.start_tile >= 0 else -1
    return [SEEN_BY_NONE if a == hidden else SEEN_BY_ALL for a in s.hist]


def resample_from_infostate(state: "TwoHeirsState", player: int,
                            rng: random.Random) -> "TwoHeirsState":
    """A copy in which the face-down starting tile is redrawn among the tiles it could
    be (itself and the supply's tiles of its colour); everything else is public. The
    candidates are taken in the order of their ids, which does not tell which one is
    face down: two states ``player`` cannot tell apart give the same copy for the same
    ``rng`` (so a search's decision depends on the information state only)."""
    state.check_seat(player)
    s = state.clone()
    t = state.start_tile
    if t < 0:
        return s
    col = state.T.colour
    cands = sorted([t] + [u for u in state.supply if col[u] == col[t]])
    u = cands[int(rng.random() * len(cands))]
    if u != t:
        s.supply.remove(u)
        insort(s.supply, t)
        s.start_tile = u
        s.board[ORIGIN] = u * 4 + OPEN
        a, b = state.T.draw0 + t, state.T.draw0 + u
        s.hist = [b if x == a else x for x in s.hist]
    return s


def reserve_view(s: "TwoHeirsState") -> list[dict[str, Any]]:
    """The royal reserve clockwise from the shield: ``[{position (1-based), slot,
    tile (id or None), type, colour}]`` for the 6 slots after the shield."""
    T = s.T
    out = []
    pos = 0
    for i in range(1, NUM_SLOTS):
        slot = (s.shield + i) % NUM_SLOTS
        t = s.slots[slot]
        if t >= 0:
            pos += 1
        out.append({"position": pos if t >= 0 else None, "slot": slot,
                    "tile": T.ids[t] if t >= 0 else None,
                    "type": T.types[t] if t >= 0 else None,
                    "colour": COLOURS[T.colour[t]] if t >= 0 else None})
    return out


def tile_view(s: "TwoHeirsState", cell: int) -> dict[str, Any] | None:
    """The tile at grid index ``cell`` as a seat sees it (``tile`` None: the face-down
    starting tile), or None for an empty space."""
    code = s.board.get(cell)
    if code is None:
        return None
    t, kind = code >> 2, code & 3
    T = s.T
    x, y = xy_of(cell)
    hidden = cell == ORIGIN and t == s.start_tile
    return {"x": x, "y": y, "tile": None if hidden else T.ids[t],
            "type": T.types[t] if kind != OPEN else None,
            "colour": COLOURS[T.colour[t]],
            "owner": kind if kind != OPEN else None}


def observation(s: "TwoHeirsState", player: int) -> dict[str, Any]:
    """What ``player`` sees: everything but the identity of the face-down starting tile
    and the order of the supply (only its size and the colour of its top tile, whose
    back shows).

    Keys: game, params, player, current_player, phase, turn, reserve (clockwise from
    the shield), shield_slot, reach, supply_left, supply_top (colour or None),
    landscape (tiles), troops (per seat, ``[x, y]``, ``"reserve"`` or ``"aside"``),
    hands (tile ids; hands are public: they come face up from the reserve), box,
    takes_left, discounts, final_turns_left, scores, and for solo games treasures
    (on the landscape, pile, removed), heinrich_score, scaffold.
    """
    s.check_seat(player)
    G = s.game
    T = s.T
    obs: dict[str, Any] = {
        "game": G.info.name,
        "params": G.params,
        "player": player,
        "current_player": s.current_player(),
        "phase": s.phase_name,
        "turn": s.turn,
        "reserve": reserve_view(s),
        "shield_slot": s.shield,
        "reach": [s.reach(0), s.reach(1)],
        "supply_left": len(s.supply),
        "supply_top": COLOURS[s.top] if s.top >= 0 else None,
        "landscape": [tile_view(s, c) for c in sorted(s.board)],
        "troops": [troops_json(s.troops, 3 * p, 3) for p in (0, 1)],
        "moved": s.moved,
        "hands": [[T.ids[t] for t in h] for h in s.hands],
        "box": sorted(T.ids[t] for t in s.box),
        "takes_left": s.takes_left,
        "taken": s.taken,
        "discounts": s.discounts,
        "final_turns_left": s.final_left,
        "siege": fmt_cell(s.siege_cell) if s.phase == PH_SIEGE else None,
        "scores": s.scores(),
    }
    if G.solo:
        tre = G.treasures.treasures
        obs["treasures"] = {
            "landscape": [[*xy_of(c), tre[i].id] for c, i in sorted(s.tre_board.items())],
            "pile": G.treasures_used - len(s.tre_drawn),
            "removed": [tre[i].id for i in s.tre_removed],
        }
        obs["heinrich_score"] = s.heinrich_score
        obs["scaffold"] = list(xy_of(s.scaffold))
        obs["heinrich"] = s.last_h
    return obs
