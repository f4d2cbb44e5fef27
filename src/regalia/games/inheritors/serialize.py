"""Inheritors states as JSON: :func:`to_json` writes every field by name (cards, Quests,
Honors and Clans by their names), :func:`from_json` reads it back, validating each field and
that every card is in exactly one place; the seed and dealer are never written.

The functions take the state (or its class): :class:`~.state.InheritorsState` delegates
``to_json`` / ``from_json`` here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from regalia.core.errors import RecordError

from .codes import (E_CARDS, E_IF, HAND_SIZE, NOCAP, NOTE_KINDS, PENDING_CODES, PH_COLOUR,
                    PHASE_NAMES, ROW, STAGE_NAMES)

if TYPE_CHECKING:
    from .rules import InheritorsGame
    from .state import InheritorsState, PureInheritorsState


def to_json(state: "InheritorsState") -> dict[str, Any]:
    """Every field of ``state`` by name (never the seed nor the dealer)."""
    G = state.game
    names = G.tname
    n = G.num_players
    T = G.T

    def counts(v: list[int]) -> dict[str, int]:
        return {names[t]: k for t, k in enumerate(v) if k}
    return {
        "game": G.info.name,
        "params": G.params,
        "phase": state.phase_name,
        "stage": STAGE_NAMES[state.stage],
        "turn": state.cur,
        "first_player": state.first,
        "end_triggered": state.ended,
        "removed_colour": G.colours[state.rcol] if state.rcol >= 0 else None,
        "hands": [counts(state.hand[p * T:(p + 1) * T]) for p in range(n)],
        "deck": counts(state.deck),
        "market": [[names[t] for t in r] for r in state.rows],
        "stacks": [[state.stack_numbers(p, c) for c in range(5)] for p in range(n)],
        "removed_area": counts(state.removed),
        "with_clans": counts(state.side),
        "box": counts(state.box),
        "quests": [[G.quests[q].name for q in qs] for qs in state.quests],
        "quest_pool": [G.quests[q].name for q in state.qpool],
        "quests_in_row": state.qrow,
        "honor_row": [G.honors[h].name for h in state.hrow],
        "honors": [[G.honors[h].name for h in range(len(G.honors)) if state.honors[p] >> h & 1]
                   for p in range(n)],
        "clan_row": [G.clans[c].name if c >= 0 else None for c in state.clan_row],
        "clan_owner": list(state.clan_owner),
        "draw_queue": list(state.drawq),
        "quest_draw": state.qdraw,
        "pending": [list(e[:1]) + (list(e[1]) if e[0] == E_CARDS else list(e[1:]))
                    for e in state.pend],
        "quest_colour": state.qcol,
        "quest_discards_left": state.qleft,
        "turn_advocate": names[state.tadv] if state.tadv >= 0 else None,
        "turn_number": state.tnum,
        "known": [counts(state.known[p * T:(p + 1) * T]) for p in range(n)],
        "caps": [{names[t]: c for t, c in enumerate(state.capc[p * T:(p + 1) * T])
                  if c != NOCAP} for p in range(n)],
        "private_draws": list(state.pdraws),
        "history": list(state.hist),
        "visibility": list(state.vis),
        "notes": [[ply, kind, seat, list(detail)] for ply, kind, seat, detail in state.notes],
    }


def from_json(cls: type["PureInheritorsState"], G: "InheritorsGame",
              d: dict[str, Any]) -> "PureInheritorsState":
    """Rebuild a state of the pure engine's class ``cls`` (``Game.state_from_json`` has
    checked the game and the parameters; the game converts it to its engine) from
    :func:`to_json` output.

    Raises:
        RecordError: naming the first field that is missing, of the wrong shape, or
            inconsistent with the others (every card must be in exactly one place).
    """
    n, T = G.num_players, G.T
    s = cls._blank(G)   # a state from JSON never has a seed (a "seed" key is ignored)
    s._legal = None

    def pick(names: tuple[Any, ...], value: str, field: str) -> int:
        if value not in names:
            raise RecordError(f"state JSON {field!r}: unknown value {value!r}")  # i18n: no
        return names.index(value)

    def counts(v: dict[str, Any], field: str) -> list[int]:
        if not isinstance(v, dict):
            raise RecordError(f"state JSON {field!r} must map card names to counts")  # i18n: no
        out = [0] * T
        for k, c in v.items():
            t = G.lookup.get(str(k).casefold())
            if t is None or type(c) is not int or c <= 0:
                raise RecordError(f"state JSON {field!r}: bad entry {k!r}: {c!r}")  # i18n: no
            out[t] = c
        return out

    def ints(v: Any, field: str, size: int | None = None) -> list[int]:
        if not isinstance(v, list) or any(type(x) is not int for x in v) or (
                size is not None and len(v) != size):
            raise RecordError(f"state JSON {field!r} must be a list of "  # i18n: no
                              f"{size if size is not None else ''} whole numbers")
        return list(v)

    def per_player(v: Any, field: str) -> list[Any]:
        if not isinstance(v, list) or len(v) != n:
            raise RecordError(f"state JSON {field!r} needs one entry per player ({n})")  # i18n: no
        return v

    def card_list(v: Any, field: str) -> list[int]:
        if not isinstance(v, list):
            raise RecordError(f"state JSON {field!r} must be a list of card names")  # i18n: no
        return [G.tname.index(x) if x in G.tname else pick((), x, field) for x in v]

    def named(records: Sequence[Any], value: str, field: str) -> int:
        for i, r in enumerate(records):
            if r.name == value:
                return i
        raise RecordError(f"state JSON {field!r}: unknown name {value!r}")  # i18n: no

    s.phase = pick(PHASE_NAMES, d["phase"], "phase")
    s.stage = pick(STAGE_NAMES, d["stage"], "stage")
    s.cur, s.first = int(d["turn"]), int(d["first_player"])
    if not (0 <= s.cur < n and -1 <= s.first < n):
        raise RecordError("state JSON: 'turn' / 'first_player' are not seats")  # i18n: no
    if type(d["end_triggered"]) is not bool:
        raise RecordError("state JSON 'end_triggered' must be true or false")  # i18n: no
    s.ended = d["end_triggered"]
    rc = d["removed_colour"]
    s.rcol = -1 if rc is None else pick(G.colours, rc, "removed_colour")
    if (s.rcol >= 0) != (G.two_player and s.phase != PH_COLOUR):
        raise RecordError("state JSON 'removed_colour': a colour is removed in (and only "  # i18n: no
                          "in) a 2-player game once set up")
    hands = [counts(h, "hands") for h in per_player(d["hands"], "hands")]
    s.hand = [k for h in hands for k in h]
    s.hsize = [sum(h) for h in hands]
    s.deck = counts(d["deck"], "deck")
    s.dsize = sum(s.deck)
    rows = d["market"]
    if not isinstance(rows, list) or len(rows) != 3:
        raise RecordError("state JSON 'market' needs 3 rows")
    s.rows = [card_list(r, "market") for r in rows]
    stacks = per_player(d["stacks"], "stacks")
    s.mask = [0] * (5 * n)
    for p, st in enumerate(stacks):
        if not isinstance(st, list) or len(st) != 5:
            raise RecordError("state JSON 'stacks' needs 5 colours per player")  # i18n: no
        for c, nums in enumerate(ints(x, "stacks") for x in st):
            if nums != sorted(set(nums)) or not all(1 <= x <= 6 for x in nums):
                raise RecordError("state JSON 'stacks': numbers 1-6 in increasing order")  # i18n: no
            for x in nums:
                s.mask[p * 5 + c] |= 1 << (x - 1)
    s.removed = counts(d["removed_area"], "removed_area")
    s.side = counts(d["with_clans"], "with_clans")
    s.box = counts(d["box"], "box")
    s.quests = [[named(G.quests, q, "quests") for q in qs]
                for qs in per_player(d["quests"], "quests")]
    s.qpool = [named(G.quests, q, "quest_pool") for q in d["quest_pool"]]
    s.qrow = int(d["quests_in_row"])
    s.hrow = sorted(named(G.honors, h, "honor_row") for h in d["honor_row"])
    s.honors = [0] * n
    for p, hs in enumerate(per_player(d["honors"], "honors")):
        for h in hs:
            s.honors[p] |= 1 << named(G.honors, h, "honors")
    cr = d["clan_row"]
    if not isinstance(cr, list) or len(cr) != 5:
        raise RecordError("state JSON 'clan_row' needs one entry per colour")  # i18n: no
    s.clan_row = [-1 if c is None else named(G.clans, c, "clan_row") for c in cr]
    s.clan_owner = ints(d["clan_owner"], "clan_owner", 5)
    s.pclan = [-1] * n
    for c in range(5):
        o = s.clan_owner[c]
        if o >= 0:
            if o >= n or s.clan_row[c] < 0 or s.pclan[o] >= 0:
                raise RecordError("state JSON 'clan_owner': one Clan per player, on the row")  # i18n: no
            s.pclan[o] = s.clan_row[c]
        elif o != -1:
            raise RecordError("state JSON 'clan_owner': -1 or a seat")
    s.drawq = ints(d["draw_queue"], "draw_queue")
    if not all(0 <= x < n or ROW <= x < ROW + 3 for x in s.drawq):
        raise RecordError("state JSON 'draw_queue': seats or rows 10-12")  # i18n: no
    s.qdraw = int(d["quest_draw"])
    pend = d["pending"]
    if not isinstance(pend, list):
        raise RecordError("state JSON 'pending' must be a list")  # i18n: no
    s.pend = []
    for e in pend:
        e = ints(e, "pending")
        if not e or e[0] not in PENDING_CODES or (e[0] == E_IF and tuple(e[1:3]) not in
                                                    G.ability_req):
            raise RecordError("state JSON 'pending': unknown effect")  # i18n: no
        s.pend.append((E_CARDS, tuple(e[1:])) if e[0] == E_CARDS else tuple(e))
    s.qcol = int(d["quest_colour"])
    s.qleft = int(d["quest_discards_left"])
    ta = d["turn_advocate"]
    s.tadv = -1 if ta is None else card_list([ta], "turn_advocate")[0]
    s.tnum = int(d["turn_number"])
    s.known = [k for h in per_player(d["known"], "known") for k in counts(h, "known")]
    s.capc = []
    for caps in per_player(d["caps"], "caps"):
        if not isinstance(caps, dict):
            raise RecordError("state JSON 'caps' must map card names to bounds")  # i18n: no
        row = [NOCAP] * T
        for k, c in caps.items():
            t = G.lookup.get(str(k).casefold())
            if t is None or type(c) is not int:
                raise RecordError(f"state JSON 'caps': bad entry {k!r}")  # i18n: no
            row[t] = c
        s.capc += row
    s.pdraws = ints(d["private_draws"], "private_draws", n)
    s.hist = ints(d["history"], "history")
    s.vis = ints(d["visibility"], "visibility", len(s.hist))
    if not all(0 <= a < G.num_actions for a in s.hist):
        raise RecordError(f"state JSON: history holds an action outside "  # i18n: no
                          f"0..{G.num_actions - 1}")
    s.notes = _notes_from_json(s, d.get("notes", []))
    _check_cards(s)
    return s


def _notes_from_json(state: "PureInheritorsState",
                     raw: Any) -> tuple[tuple[int, str, int, tuple[int, ...]], ...]:
    """The ``notes`` of :func:`to_json` (absent in JSON written before they existed):
    ``[ply, kind, seat, [ints]]`` with ply in the history, in order, a known kind."""
    G = state.game
    n = G.num_players
    if not isinstance(raw, list):
        raise RecordError("state JSON 'notes' must be a list of [ply, kind, seat, detail]")  # i18n: no
    out = []
    last = -1
    for e in raw:
        ok = (isinstance(e, list) and len(e) == 4 and type(e[0]) is int
              and last <= e[0] < len(state.hist) and e[1] in NOTE_KINDS
              and type(e[2]) is int and 0 <= e[2] < n and isinstance(e[3], list)
              and all(type(x) is int for x in e[3]))
        if ok:
            detail = tuple(e[3])
            if e[1] in ("held", "missed"):
                ok = len(detail) == 2 and 0 <= detail[0] < n and 0 <= detail[1] < G.T
            elif e[1] == "shown":
                ok = 0 < len(detail) <= HAND_SIZE * 10 and all(0 <= t < G.T for t in detail)
            else:
                ok = not detail
        if not ok:
            raise RecordError(f"state JSON 'notes': bad entry {str(e)[:60]!r} (entries "  # i18n: no
                              f"are [ply, kind, seat, detail], kinds "
                              f"{', '.join(NOTE_KINDS)}, plies in order)")
        last = e[0]
        out.append((e[0], e[1], e[2], detail))
    return tuple(out)


def _check_cards(state: "PureInheritorsState") -> None:
    """Every card in exactly one place, no more cards known than held, each Quest once."""
    G = state.game
    total = state.card_places()
    bad = [G.tname[t] for t in range(G.T) if total[t] != G.tcopies[t]]
    if bad:
        raise RecordError(f"state JSON: cards missing or duplicated: {', '.join(bad)} "  # i18n: no
                          "(every card must be in exactly one place)")
    n = G.num_players
    T = G.T
    if any(state.known[i] > state.hand[i] for i in range(n * T)):
        raise RecordError("state JSON 'known': more known cards than held")  # i18n: no
    quests = sorted(q for qs in state.quests for q in qs) + state.qpool
    if len(set(quests)) != len(quests):
        raise RecordError("state JSON: a Quest is in two places")  # i18n: no
