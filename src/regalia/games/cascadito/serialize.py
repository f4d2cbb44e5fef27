"""Cascadito states to JSON and back (:meth:`.state.CascaditoState.to_json`,
``CascaditoGame.state_from_json``), with the validation of every field.

The JSON holds the phase, the player to move, the dice pool, the pending tasks, the turn
counters, per sheet the marked cells, track heights, claims and open claims, the first
claimant of each achievement, the bonuses and the history; never the seed. Groups, river
progress and bandits are recomputed from the marks (:mod:`.positions`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from regalia.core.i18n import _
from regalia.core.errors import RecordError

from .notation import parse_pool, parse_task
from .phases import PH_CLAIM, PH_DIE, PH_TASK, PHASE_NAMES
from .positions import mark_plain
from .tables import POOLS

if TYPE_CHECKING:
    from .rules import CascaditoGame
    from .state import CascaditoState, PureCascaditoState


def to_json(s: CascaditoState) -> dict[str, Any]:
    """The JSON-able dict of ``s`` (see the module docstring)."""
    G = s.game
    NT = s.tables.num_tracks
    return {
        "game": G.info.name,
        "params": G.params,
        "phase": s.phase_name,
        "player": s.cur,
        "pool": s.dice_pool,
        "tasks": s.pending_tasks(),
        "turns": s.turns,
        "solo_turn": s.solo_turn,
        "boxes": s.boxes,
        "die_used": not s.predie,
        "sheets": [{"marked": s.marked_cells(p),
                    "tracks": s.track[p * NT:(p + 1) * NT],
                    "claimed": s.claimed_achievements(p),
                    "claimable": s.claimable_achievements(p)}
                   for p in range(G.num_players)],
        "top_row_first": list(s.first),
        "bonus": list(s.bonus),
        "history": list(s.hist),
    }


def from_json(cls: type[PureCascaditoState], game: CascaditoGame,
              d: dict[str, Any]) -> PureCascaditoState:
    """Rebuild a state of the pure engine's class ``cls`` (``Game.state_from_json`` has
    checked the game and the parameters; the game converts it to its engine) from
    :func:`to_json` output.

    Raises:
        RecordError: naming the first field that is missing, malformed or inconsistent.
    """
    s = cls(game, 0)
    t = s.tables
    n = game.num_players
    s._seed = None   # a state from JSON never has a seed (a "seed" key is ignored)
    s._dealer = None
    if d["phase"] not in PHASE_NAMES:
        raise RecordError(_("unknown phase {phase}; one of {phases}").format(phase=repr(d["phase"]), phases=", ".join(PHASE_NAMES)))
    s.phase = PHASE_NAMES.index(d["phase"])
    s.cur = int(d["player"])
    if not 0 <= s.cur < n:
        raise RecordError(_("state JSON: player {n} is not a seat 0..{last}").format(n=s.cur, last=n - 1))
    pool = str(d["pool"])
    s.pool = list(POOLS[parse_pool(game, pool)])
    s.turns, s.solo_turn, s.boxes = int(d["turns"]), int(d["solo_turn"]), int(d["boxes"])
    if s.turns < 0 or s.solo_turn not in (0, 1) or not 0 <= s.boxes <= t.solo_boxes:
        raise RecordError(_("state JSON: turns, solo_turn or boxes out of range"))
    sheets = d["sheets"]
    if not isinstance(sheets, list) or len(sheets) != n:
        raise RecordError(_("state JSON: 'sheets' needs {n} entries").format(n=n))
    A = t.num_achievements
    for p, sh in enumerate(sheets):
        names = sh["marked"]
        if not isinstance(names, list) or any(n not in t.name_index for n in names):
            raise RecordError(_("state JSON: sheet {p}: 'marked' must list cell names").format(p=p))
        for i in sorted((t.name_index[n] for n in names), key=lambda i: t.river_pos[i]):
            mark_plain(s, p, i)  # river spaces in river order
        tr = [int(x) for x in sh["tracks"]]
        if len(tr) != t.num_tracks or any(not 0 <= h <= t.track_len[k]
                                          for k, h in enumerate(tr)):
            raise RecordError(_("state JSON: sheet {p}: tracks {tracks} do not fit the sheet").format(p=p, tracks=tr))
        s.track[p * t.num_tracks:(p + 1) * t.num_tracks] = tr
        for a in sh["claimed"]:
            if type(a) is not int or not 0 <= a < A:
                raise RecordError(_("state JSON: sheet {p}: claimed {a} is no achievement").format(p=p, a=repr(a)))
            s.claimed[p * A + a] = 1
        for a in sh["claimable"]:
            if type(a) is not int or not 0 <= a < A or s.claimed[p * A + a]:
                raise RecordError(_("state JSON: sheet {p}: claimable {a} is no unclaimed achievement").format(
                    p=p, a=repr(a)))
            s.claimable[p] |= 1 << a
    first = [int(x) for x in d["top_row_first"]]
    if len(first) != A or any(f >= 0 and not s.claimed[f * A + a] for a, f in enumerate(first)
                              if f < n):
        raise RecordError(_("state JSON: 'top_row_first' names a seat that did not claim it"))
    if any(not -1 <= f < n for f in first):
        raise RecordError(_("state JSON: 'top_row_first' holds seats -1..{last}").format(last=n - 1))
    s.first = first
    for a, f in enumerate(first):
        if f >= 0 and not t.ach_later[a] and any(c >> a & 1 for c in s.claimable):
            raise RecordError(_("state JSON: achievement {a} is claimable but locked").format(a=a))
    if type(d["die_used"]) is not bool:
        raise RecordError(_("state JSON: 'die_used' must be true or false"))
    s.predie = 0 if d["die_used"] else 1
    if s.phase == PH_CLAIM and not s.claimable[s.cur]:
        raise RecordError(_("state JSON: phase 'claim' with no claim open"))
    s.bonus = [int(x) for x in d["bonus"]]
    if len(s.bonus) != n:
        raise RecordError(_("state JSON: 'bonus' needs {n} entries").format(n=n))
    tasks = d["tasks"]
    if not isinstance(tasks, list):
        raise RecordError(_("state JSON: 'tasks' must be a list"))
    s.tasks = [_task(t, str(x)) for x in tasks]
    if (s.phase == PH_TASK and not s.tasks) or (s.tasks and s.phase not in (PH_TASK,
                                                                           PH_CLAIM)):
        raise RecordError(_("state JSON: tasks are pending in phase 'task' (or 'claim') only, and always in "
                            "phase 'task'"))
    if s.phase == PH_DIE and not any(s.pool):
        raise RecordError(_("state JSON: phase 'die' with an empty pool"))
    s.hist = [int(x) for x in d["history"]]
    if not all(0 <= a < game.num_distinct_actions for a in s.hist):
        raise RecordError(_("state JSON: history holds an action outside 0..{last}").format(
            last=game.num_distinct_actions - 1))
    return s


def _task(t: Any, text: str) -> int:
    k = parse_task(t, text)
    if k is None:
        raise RecordError(_("state JSON: unknown task {task}").format(task=repr(text)))
    return k
