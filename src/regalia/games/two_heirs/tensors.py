"""Two Heirs' observation tensor (see :mod:`regalia.core.tensors`), built from
:func:`.information.observation` only: never the identity of the face-down starting tile,
nor the order of the supply (its size and the colour of its top tile only).

Seats are relative to the observing seat (0: itself, 1: the other seat; Heinrich is seat 1
of a solo game). The landscape is a list of tile slots (at most :data:`LANDSCAPE_SLOTS`
tiles, in the observation's order: by grid index, south row first), since a landscape can
grow 27 tiles in any direction from the starting tile. Tiles are in the data file's order
(``game.tables.ids``), building types in :data:`.components.TYPES` order, colours
``green grey yellow``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any, Mapping

from regalia.core.tensors import Tensor, TensorLayout, one_hot, relative_seat

from .components import COLOURS, TYPES
from .geometry import R
from .tables import NUM_SLOTS, PHASE_NAMES

if TYPE_CHECKING:
    from .rules import TwoHeirsGame

#: Tile slots of the landscape segment: the starting tile and 27 more (rulebook: a
#: landscape of 27 tiles at most, see :mod:`.geometry`), with room to spare.
LANDSCAPE_SLOTS = 32
#: Values per landscape slot.
SLOT = 3 + len(COLOURS) + len(TYPES) + 2 + 2 + 2 + 2
#: Values of the ``turn`` segment.
SCALARS = ("turn / 100", "takes left / 2", "tiles taken / 2",
           "discounts / 2", "final turns left / 2 (0 before the end is triggered)",
           "the end is triggered", "supply left / 54", "reach of relative seat 0 / 6",
           "reach of relative seat 1 / 6")


@lru_cache(maxsize=16)
def _tile_index(game: "TwoHeirsGame") -> dict[str, int]:
    return {tid: i for i, tid in enumerate(game.tables.ids)}


@lru_cache(maxsize=64)
def layout(game: "TwoHeirsGame") -> TensorLayout:
    """The segments for ``game`` (the tile count and solo or not)."""
    nt = len(game.tables.ids)
    ntr = max(1, len(game.treasures.treasures))
    return TensorLayout([
        ("landscape", (LANDSCAPE_SLOTS, SLOT),
         "per tile slot: present; x / 29; y / 29; colour one-hot (green grey yellow); "
         "building type one-hot (face up only); owner (relative seat one-hot); open side "
         "up; face-down starting tile; troops per relative seat (count / 3); a treasure "
         "on it (solo); Heinrich's scaffold on it (solo)"),
        ("reserve", (NUM_SLOTS - 1, nt), "the royal reserve clockwise from the shield: "
                                          "per slot, the tile (one-hot)"),
        ("supply_top", (len(COLOURS) + 1,), "colour of the supply's top tile (its back), "
                                            "last value: empty supply"),
        ("hands", (2, nt), "per relative seat: the tiles in hand (hands are public)"),
        ("box", (nt,), "tiles in the box"),
        ("troops_off", (2, 2), "per relative seat: troops in the royal reserve, set aside "
                               "(count / 3)"),
        ("troops_moved", (2, 3), "per relative seat: each of its three troops has moved "
                                 "this turn"),
        ("scalars", (len(SCALARS),), "; ".join(SCALARS)),
        ("siege", (3,), "a siege decision: present; its x / 29; its y / 29"),
        ("phase", (len(PHASE_NAMES),), "one-hot: " + ", ".join(PHASE_NAMES)),
        ("to_move", (2,), "relative seat to act (all zero at chance or the end)"),
        ("scores", (2,), "per relative seat: points / 100 (solo: the player's, then "
                         "Heinrich's)"),
        ("treasures", (ntr + 1,), "solo: each treasure removed from the game; last value: "
                                  "treasures left in the pile / 10"),
    ])


def encode(game: "TwoHeirsGame", obs: Mapping[str, Any]) -> Tensor:
    """The tensor of observation ``obs`` (shape ``layout(game).shape``).

    Raises:
        ValueError: a landscape of more than :data:`LANDSCAPE_SLOTS` tiles (impossible
            under the rules).
    """
    lay = layout(game)
    tix = _tile_index(game)
    t = lay.zeros()
    p = obs["player"]

    def rel(seat: int | None) -> int | None:
        return relative_seat(seat, p, 2)

    land = lay.view(t, "landscape")
    if len(obs["landscape"]) > LANDSCAPE_SLOTS:
        raise ValueError(f"a landscape of {len(obs['landscape'])} tiles; the tensor holds "
                         f"{LANDSCAPE_SLOTS}")
    where: dict[tuple[int, int], int] = {}
    nc, nty = len(COLOURS), len(TYPES)
    o_owner = 3 + nc + nty
    for i, tile in enumerate(obs["landscape"]):
        row = land[i]
        where[(tile["x"], tile["y"])] = i
        row[0] = 1.0
        row[1] = tile["x"] / R
        row[2] = tile["y"] / R
        row[3 + COLOURS.index(tile["colour"])] = 1.0
        if tile["type"] is not None:
            row[3 + nc + TYPES.index(tile["type"])] = 1.0
        if tile["owner"] is not None:
            one_hot(row[o_owner:o_owner + 2], rel(tile["owner"]))
        elif tile["type"] is None:
            row[o_owner + 2] = 1.0
        if tile["tile"] is None:
            row[o_owner + 3] = 1.0
    off = lay.view(t, "troops_off")
    for seat, troops in enumerate(obs["troops"]):
        r = rel(seat)
        assert r is not None
        for pos in troops:
            if isinstance(pos, list):
                at = where.get((pos[0], pos[1]))
                if at is not None:
                    land[at, o_owner + 4 + r] += 1.0 / 3.0
            else:
                off[r, 0 if pos == "reserve" else 1] += 1.0 / 3.0
    if "treasures" in obs:
        for x, y, _tid in obs["treasures"]["landscape"]:
            at = where.get((x, y))
            if at is not None:
                land[at, o_owner + 6] = 1.0
        sx, sy = obs["scaffold"]
        at = where.get((sx, sy))
        if at is not None:
            land[at, o_owner + 7] = 1.0
        tre = lay.view(t, "treasures")
        ids = [x.id for x in game.treasures.treasures]
        for tid in obs["treasures"]["removed"]:
            tre[ids.index(tid)] = 1.0
        tre[-1] = obs["treasures"]["pile"] / 10.0
    res = lay.view(t, "reserve")
    for k, slot in enumerate(obs["reserve"]):
        if slot["tile"] is not None:
            res[k, tix[slot["tile"]]] = 1.0
    top = lay.view(t, "supply_top")
    top[len(COLOURS) if obs["supply_top"] is None else COLOURS.index(obs["supply_top"])] = 1.0
    hands = lay.view(t, "hands")
    for seat, hand in enumerate(obs["hands"]):
        for tid in hand:
            hands[rel(seat), tix[tid]] = 1.0
    box = lay.view(t, "box")
    for tid in obs["box"]:
        box[tix[tid]] = 1.0
    sc = lay.view(t, "scalars")
    final = obs["final_turns_left"]
    moved = lay.view(t, "troops_moved")
    for seat in (0, 1):
        for k in range(3):
            if obs["moved"] >> (3 * seat + k) & 1:
                moved[rel(seat), k] = 1.0
    sc[:] = (obs["turn"] / 100.0, obs["takes_left"] / 2.0,
             obs["taken"] / 2.0, obs["discounts"] / 2.0, max(final, 0) / 2.0,
             1.0 if final >= 0 else 0.0, obs["supply_left"] / 54.0,
             obs["reach"][p % 2] / 6.0, obs["reach"][(p + 1) % 2] / 6.0)
    if obs["siege"] is not None:
        x, y = (int(v) for v in obs["siege"].split(","))
        lay.view(t, "siege")[:] = (1.0, x / R, y / R)
    one_hot(lay.view(t, "phase"), PHASE_NAMES.index(obs["phase"]))
    one_hot(lay.view(t, "to_move"), rel(obs["current_player"]))
    scores = lay.view(t, "scores")
    if game.solo:
        scores[0] = obs["scores"][0] / 100.0
        scores[1] = obs["heinrich_score"] / 100.0
    else:
        for seat, v in enumerate(obs["scores"]):
            scores[rel(seat)] = v / 100.0
    return t
