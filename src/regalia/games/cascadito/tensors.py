"""Cascadito's observation tensor (see :mod:`regalia.core.tensors`), built from
:func:`.information.observation` only (everything in Cascadito is public but future rolls).

Seats are relative to the observing seat (0: itself, 1: the next seat, ...). Cells (fields
and river spaces), tracks, rivers and achievements are in the play sheet's order
(``game.tables``: ``names``, the track colours, the rivers, the achievement list), so the
layout depends on the sheet and the player count.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any, Mapping

from regalia.core.tensors import Tensor, TensorLayout, one_hot, relative_seat

from .phases import PHASE_NAMES
from .tables import ACTION_NAMES, COLOUR_LETTERS

if TYPE_CHECKING:
    from .rules import CascaditoGame

#: Task kinds counted in the ``tasks`` segment (a star task is ``star CELL``).
TASK_KINDS = (*ACTION_NAMES, "star")


def _task_kind(name: str) -> int:
    return TASK_KINDS.index("star" if name.startswith("star ") else name)


@lru_cache(maxsize=64)
def layout(game: "CascaditoGame") -> TensorLayout:
    """The segments for ``game``'s sheet and player count."""
    n = game.num_players
    t = game.tables
    a = max(1, t.num_achievements)
    return TensorLayout([
        ("pool", (len(COLOUR_LETTERS),), "dice in the pool per face (" +
         " ".join(COLOUR_LETTERS) + ") / 6"),
        ("tasks", (len(TASK_KINDS),), "pending tasks counted by kind: " + ", ".join(TASK_KINDS)),
        ("next_task", (len(TASK_KINDS),), "the task to resolve next (one-hot)"),
        ("turns", (1,), "turns left / the game's turn limit"),
        ("solo", (2,), "solo only: boxes marked / the sheet's boxes; turn in the round / 3"),
        ("marked", (n, t.num_cells), "per relative seat: each cell of the sheet marked"),
        ("tracks", (n, max(1, t.num_tracks)), "per relative seat: each success track's "
                                                "height / its length"),
        ("rivers", (n, max(1, t.num_rivers)), "per relative seat: each river's progress / "
                                                "its length (zero on a sheet without rivers)"),
        ("bandits", (n,), "per relative seat: bandits / 10"),
        ("claimed", (n, a), "per relative seat: achievements claimed"),
        ("claimable", (n, a), "per relative seat: achievements met, not claimed, available"),
        ("top_row_first", (a, n + 1), "per achievement: its first claimant (relative seat "
                                      "one-hot), last value: none yet"),
        ("phase", (len(PHASE_NAMES),), "one-hot: " + ", ".join(PHASE_NAMES)),
        ("to_move", (n,), "relative seat to act (all zero at chance or the end)"),
        ("scores", (n,), "per relative seat: points so far / 100"),
    ])


def encode(game: "CascaditoGame", obs: Mapping[str, Any]) -> Tensor:
    """The tensor of observation ``obs`` (shape ``layout(game).shape``)."""
    lay = layout(game)
    tb = game.tables
    t = lay.zeros()
    n = game.num_players
    p = obs["player"]
    pool = lay.view(t, "pool")
    if obs["pool"] != "-":
        for letter in obs["pool"]:
            pool[COLOUR_LETTERS.index(letter)] += 1.0 / 6.0
    tasks = lay.view(t, "tasks")
    for name in obs["tasks"]:
        tasks[_task_kind(name)] += 1.0
    if obs["tasks"]:
        lay.view(t, "next_task")[_task_kind(obs["tasks"][0])] = 1.0
    lay.view(t, "turns")[0] = obs["turns"] / max(1, game.max_turns)
    solo = lay.view(t, "solo")
    solo[0] = obs["solo"]["boxes"] / max(1, tb.solo_boxes)
    solo[1] = obs["solo"]["turn"] / 3.0
    marked, tracks, rivers = lay.view(t, "marked"), lay.view(t, "tracks"), lay.view(t, "rivers")
    bandits, claimed = lay.view(t, "bandits"), lay.view(t, "claimed")
    claimable = lay.view(t, "claimable")
    for seat, sheet in enumerate(obs["sheets"]):
        r = relative_seat(seat, p, n)
        for name in sheet["marked"]:
            marked[r, tb.name_index[name]] = 1.0
        for k, height in enumerate(sheet["tracks"].values()):
            tracks[r, k] = height / tb.track_len[k]
        for k, progress in enumerate(sheet["rivers"]):
            rivers[r, k] = progress / tb.river_len[k]
        bandits[r] = sheet["bandits"] / 10.0
        for a in sheet["claimed"]:
            claimed[r, a] = 1.0
        for a in sheet["claimable"]:
            claimable[r, a] = 1.0
    first = lay.view(t, "top_row_first")
    for a, seat in enumerate(obs["top_row_first"]):
        rel = relative_seat(seat, p, n)
        first[a, n if rel is None else rel] = 1.0
    one_hot(lay.view(t, "phase"), PHASE_NAMES.index(obs["phase"]))
    one_hot(lay.view(t, "to_move"), relative_seat(obs["current_player"], p, n))
    sc = lay.view(t, "scores")
    for seat, v in enumerate(obs["scores"]):
        sc[relative_seat(seat, p, n)] = v / 100.0
    return t
