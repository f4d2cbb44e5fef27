"""Kingdomino states to JSON and back, validating every field.

:func:`to_json` writes a position (never its seed nor dealer, see
:mod:`regalia.core.state`); :func:`from_json` rebuilds it, refusing with a
:class:`~regalia.core.errors.RecordError` that names the first field missing, of the
wrong shape or inconsistent with the others (a hostile file changes nothing).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from regalia.core.errors import RecordError
from regalia.core.i18n import _

from .components import TERRAIN_LETTERS
from .information import kingdom_rows
from .phases import PH_END, PH_PICK, PH_PLACE, PHASE_NAMES
from .positions import recompute_derived

if TYPE_CHECKING:
    from .rules import KingdominoGame
    from .state import KingdominoState, PureKingdominoState


def to_json(state: "KingdominoState") -> dict[str, Any]:
    """The position as a JSON-able dict (see the module docstring)."""
    G = state.game
    return {
        "game": G.info.name,
        "params": G.params,
        "phase": state.phase_name,
        "king": state.king,
        "idx": state.idx,
        "game_no": state.game_no,
        "drawn": state.drawn,
        "current_line": {"dominoes": list(state.cur_nums), "kings": list(state.cur_kings)},
        "next_line": {"dominoes": list(state.nxt_nums), "kings": list(state.nxt_kings)},
        "box": list(state.box),
        "undrawn_kings": list(state.undrawn),
        "kingdoms": [kingdom_rows(state, p) for p in range(G.num_players)],
        "placed": list(state.placed),
        "discarded": list(state.discarded),
        "past_games": list(state.past),
        "finished_kingdoms": [[list(k) for k in game] for game in state.done],
        "history": list(state.hist),
    }


def from_json(cls: "type[PureKingdominoState]", game: "KingdominoGame",
              d: dict[str, Any]) -> "PureKingdominoState":
    """Rebuild a state (``Game.state_from_json`` has checked the game and the
    parameters) of class ``cls`` (the pure engine's ``PureKingdominoState``; the compiled
    engine converts it) from :func:`to_json` output.

    Raises:
        RecordError: naming the first field that is missing, of the wrong shape, or
            inconsistent with the others.
    """
    s = cls._blank(game)   # a state from JSON never has a seed (a "seed" key is ignored)
    s._geo = game.geo
    if d["phase"] not in PHASE_NAMES:
        raise RecordError(_("unknown phase {phase}; one of {phases}").format(
            phase=repr(d["phase"]), phases=", ".join(PHASE_NAMES)))
    s.phase = PHASE_NAMES.index(d["phase"])
    s.king, s.idx, s.game_no, s.drawn = (int(d["king"]), int(d["idx"]), int(d["game_no"]),
                                         int(d["drawn"]))
    s.cur_nums = [int(x) for x in d["current_line"]["dominoes"]]
    s.cur_kings = [int(x) for x in d["current_line"]["kings"]]
    s.nxt_nums = [int(x) for x in d["next_line"]["dominoes"]]
    s.nxt_kings = [int(x) for x in d["next_line"]["kings"]]
    s.box = [int(x) for x in d["box"]]
    s.undrawn = [int(x) for x in d["undrawn_kings"]]
    placed = [int(x) for x in d["placed"]]
    s.discarded = [int(x) for x in d["discarded"]]
    s.past = [int(x) for x in d["past_games"]]
    s.hist = [int(x) for x in d["history"]]
    s.done = tuple(tuple(tuple(str(r) for r in k) for k in g_) for g_ in d["finished_kingdoms"])
    np_ = game.num_players
    seen = s.box + s.cur_nums + s.nxt_nums
    if len(set(seen)) != len(seen) or not all(1 <= n <= 48 for n in seen):
        raise RecordError(_("state JSON: the box and the lines share a domino or hold a "
                            "number outside 1..48"))
    nk = game.num_kings
    groups = (s.undrawn, s.cur_kings, [k for k in s.nxt_kings if k >= 0])
    if any(not all(0 <= k < nk for k in grp) or len(set(grp)) != len(grp)
           for grp in groups) or not -1 <= s.king < nk:
        raise RecordError(_("state JSON: kings must be numbers 0..{last}, each at most "
                            "once per line").format(last=nk - 1))
    if len(s.cur_kings) != len(s.cur_nums) or len(s.nxt_kings) != len(s.nxt_nums):
        raise RecordError(_("state JSON: each line needs one king entry per domino"))
    if not all(0 <= a < game.num_distinct_actions for a in s.hist):
        raise RecordError(_("state JSON: history holds an action outside 0..{last}").format(
            last=game.num_distinct_actions - 1))
    if len(s.box) + s.drawn != 48:
        raise RecordError(_("state JSON: {box} dominoes in the box but {drawn} drawn (they "
                            "must add up to 48)").format(box=len(s.box), drawn=s.drawn))
    for name, lst in (("placed", placed), ("discarded", s.discarded)):
        if len(lst) != np_:
            raise RecordError(_("state JSON: {field} needs {count} entries").format(
                field=repr(name), count=np_))
    if not 0 <= s.game_no <= game.num_games or (s.game_no == game.num_games) != (s.phase == PH_END):
        raise RecordError(_("state JSON: game_no {number} does not fit phase {phase} of a "
                            "{games}-game match").format(number=s.game_no,
                                                         phase=repr(d["phase"]),
                                                         games=game.num_games))
    for name, nums in (("current", s.cur_nums), ("next", s.nxt_nums)):
        if nums != sorted(nums) or len(nums) > game.per_line:
            raise RecordError((_("state JSON: the current line must be sorted and hold at "
                                 "most {most} dominoes") if name == "current" else
                               _("state JSON: the next line must be sorted and hold at most "
                                 "{most} dominoes")).format(most=game.per_line))
    if s.phase in (PH_PLACE, PH_PICK) and s.cur_nums:
        if not 0 <= s.idx < len(s.cur_nums) or s.cur_kings[s.idx] != s.king:
            raise RecordError(_("state JSON: idx {idx} / king {king} do not name a king on "
                                "the current line").format(idx=s.idx, king=s.king))
    elif s.phase == PH_PICK and s.king < 0:
        raise RecordError(_("state JSON: a pick needs the king that picks"))
    _load_kingdoms(s, d["kingdoms"])
    for p in range(np_):
        if s.occ[p].bit_count() != 1 + 2 * placed[p]:
            raise RecordError(_("state JSON: kingdom {seat} has {squares} squares but "
                                "'placed' says {placed} dominoes").format(
                                    seat=p, squares=s.occ[p].bit_count() - 1,
                                    placed=placed[p]))
    b = game.geo.b
    if len(s.done) != min(s.game_no, game.num_games - 1) or any(
            len(k) != np_ or any(len(rows) != b or any(len(r.split()) != b for r in rows)
                                 for rows in k) for k in s.done):
        raise RecordError(_("state JSON: 'finished_kingdoms' must hold, for each finished "
                            "Dynasty game before the last, {count} kingdoms of {rows} "
                            "rows").format(count=np_, rows=b))
    return s


def _load_kingdoms(state: "PureKingdominoState", kingdoms: list[list[str]]) -> None:
    g = state.game.geo
    np_ = state.game.num_players
    if len(kingdoms) != np_:
        raise RecordError(_("state JSON: {count} kingdoms for {players} players").format(
            count=len(kingdoms), players=np_))
    state.occ, state.free = [0] * np_, [0] * np_
    state.terr, state.adj = [0] * (6 * np_), [0] * (6 * np_)
    state.crown, state.bbox = [0] * (3 * np_), [0] * (4 * np_)
    for p, rows in enumerate(kingdoms):
        if len(rows) != g.b or any(len(r.split()) != g.b for r in rows):
            raise RecordError(_("state JSON: kingdom {seat} must be {n} rows of {n} "
                                "squares").format(seat=p, n=g.b))
        for r, row in enumerate(rows):
            for c, tok in enumerate(row.split()):
                i = r * g.w + c
                b = 1 << i
                if tok == ".":
                    continue
                if tok == "C":
                    if i != g.castle:
                        raise RecordError(_("state JSON: kingdom {seat}: the castle must be "
                                            "at {square}").format(seat=p,
                                                                  square=g.names[g.castle]))
                    continue
                if tok[0] not in TERRAIN_LETTERS or set(tok[1:]) - {"*"} or len(tok) > 4:
                    raise RecordError(_("state JSON: kingdom {seat}: bad square {token} at "
                                        "{square}").format(seat=p, token=repr(tok),
                                                           square=g.names[i]))
                t = TERRAIN_LETTERS.index(tok[0])
                state.terr[6 * p + t] |= b
                if len(tok) > 1:
                    state.crown[3 * p + len(tok) - 2] |= b
        recompute_derived(state, p)
