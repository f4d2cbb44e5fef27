# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, embedsignature=True, auto_pickle=False
"""The compiled Cascadito engine core (issue 29; ARCHITECTURE.md, "Compiled kernels").

:class:`Core` keeps a whole position in one C struct and implements, in C, the hot part
of the state contract: whose turn, legal actions, the transitions (marks, groups and town
scorings, tasks, achievements and their claims, the end of the game), the dice, the
scores and whole playouts (``random`` and ``greedy``, :data:`POLICIES`) drawing from the
caller's generator. It is the first base of
:class:`regalia.games.cascadito.compiled.CompiledCascaditoState`, whose second base,
:class:`regalia.games.cascadito.state.CascaditoState`, supplies everything else
(notation, observation, JSON, breakdowns, errors' wording) by reading the position
through the pure engine's names (``marked``, ``grp``, ``track``... shown here as
properties in its layout).

The rules are the pure engine's (:class:`.state.PureCascaditoState`, :mod:`.scoring`,
:mod:`.policies`: the reference, which cites the rulebook and the rulings); every function
below mirrors one there, named in its docstring. The differential tests
(``tests/games/cascadito/test_cascadito_compiled.py``) check that both engines give the
same legal actions in the same order, histories, scores, observations and JSON, and
consume the same random numbers. An illegal action is refused by asking the pure engine
on a copy of the position, so the error is the reference's, word for word.

A sheet's tables (:class:`.tables.SheetTables`) are copied once per game into a
:class:`Tables` (kept on the game); a sheet larger than the C arrays (:data:`LIMITS`) is
played by the pure engine (:func:`unfit` says why). A player's marks are one byte per
cell; towns touched by a group are a 64-bit mask.
"""

from libc.string cimport memcpy, memmove, memset

from regalia._compiled.history cimport (History, history_copy, history_free, history_init,
                                        history_list, history_load, history_push)

ctypedef unsigned long long u64
ctypedef unsigned int u32

cdef extern from *:
    int popcount64 "__builtin_popcountll"(unsigned long long) nogil
    int ctz64 "__builtin_ctzll"(unsigned long long) nogil
    int ctz32 "__builtin_ctz"(unsigned int) nogil

cdef enum:
    MAXP = 4               # seats
    MAXH = 128             # cells of a sheet (84 on sheet 1)
    MAXTOWN = 64           # towns (a 64-bit mask; 22 on sheet 3)
    MAXNT = 5              # success tracks (one per colour)
    MAXTL = 32             # spaces of a track
    MAXR = 8               # rivers
    MAXRL = 32             # spaces of a river
    MAXA = 32              # achievements (a 32-bit mask)
    MAXAACT = 8            # actions of one achievement
    MAXBP = 32             # spaces of the bandit track
    MAXFACE = 32           # faces of a die
    MAXTASK = 1024         # pending tasks: half for a turn's (unfit), half for a JSON's
    MAXACT = 1024          # legal actions of one state
    NC = 5                 # town colours (tables.NUM_COLOURS)
    NPOOLS = 462           # tables.POOLS
    PH_ROLL = 0            # phases.PH_*
    PH_DIE = 1
    PH_TASK = 2
    PH_END = 3
    PH_CLAIM = 4
    A_TRACK = 0            # tables.A_* and T_STAR
    A_FIELD = 1
    A_RIVER = 2
    T_STAR = 3
    ACH_MARK = 0           # tables.ACH_*
    ACH_BANDITS = 1
    ACH_BANNERS = 2
    ACH_BANNER = 3
    ACH_SEPARATE = 4
    ACH_GROUP_FIELDS = 5
    ACH_GROUP_TOWNS = 6
    ACH_GROUP_COLOURS = 7
    NO_GROUP = -1          # state._NO_GROUP, _ALL_GROUPS
    ALL_GROUPS = -2
    CHANCE = -1            # regalia.core.game
    TERMINAL = -4
    RANDOM = 0             # POLICIES
    GREEDY = 1

#: The compiled playouts (State.compiled_playout) by name.
POLICIES = {"random": RANDOM, "greedy": GREEDY}

#: The largest sheet the C arrays hold (a larger one is played by the pure engine).
LIMITS = {"cells": MAXH, "towns": MAXTOWN, "tracks": MAXNT, "track spaces": MAXTL,
          "rivers": MAXR, "river spaces": MAXRL, "achievements": MAXA,
          "actions of an achievement": MAXAACT, "bandit spaces": MAXBP,
          "die faces": MAXFACE, "pending tasks of a turn": MAXTASK // 2}


# ---------------------------------------------------------------------- the dice pools
cdef short POOL_COUNTS[NPOOLS][NC]     # tables.POOLS
cdef short POOL_INDEX[16807]           # tables.POOL_INDEX, by counts in base 7


def _fill_pools():
    from .tables import POOLS
    cdef int i, c, key
    assert len(POOLS) == NPOOLS, "tables.POOLS changed: update _engine.pyx"
    for i in range(16807):
        POOL_INDEX[i] = -1
    for i, pool in enumerate(POOLS):
        key = 0
        for c in range(NC):
            POOL_COUNTS[i][c] = pool[c]
            key = key * 7 + pool[c]
        POOL_INDEX[key] = i


_fill_pools()


# ---------------------------------------------------------------------- the sheet
cdef struct Tab:
    # the game (rules.CascaditoGame)
    int np, H, R, NT, A, ntowns, ndice, nfaces, need, solo_boxes, max_turns, any_later
    int B1, B2, B3, B4, B5, B6, CB, nact
    u32 auto_claims
    signed char faces[MAXFACE]
    # cells (tables.SheetTables)
    signed char nnbr[MAXH]
    short nbr[MAXH][6]
    signed char nstar[MAXH]
    short star[MAXH][6]
    u64 town_mask[MAXH]
    unsigned char bandit[MAXH]
    unsigned char is_star[MAXH]
    unsigned char groups_cell[MAXH]
    unsigned char bridge[MAXH]
    unsigned char special[MAXH]           # a trade good or a crown (policies._cell_value)
    signed char cell_action[MAXH]
    signed char river_of[MAXH]
    signed char river_pos[MAXH]
    unsigned char die_ok[NC][MAXH]
    int ndie[NC]
    short die_list[NC][MAXH]
    int nfields
    short fields[MAXH]
    int nreach
    short reach[MAXH]                      # cells a die of an allowed colour may mark
    # rivers
    int river_len[MAXR]
    short river_cells[MAXR][MAXRL]
    signed char river_action[MAXR][MAXRL]
    int river_pts[MAXR][MAXRL]
    unsigned char joins[MAXR]
    unsigned char highest[MAXR]
    int ship_points[MAXR]
    int nbridge
    short bridge_ends[MAXR]
    # towns
    signed char town_colour[MAXTOWN]
    u64 colour_towns[NC]
    # tracks
    int track_len[MAXNT]
    signed char track_action[MAXNT][MAXTL]
    int track_points[MAXNT][MAXTL]
    int track_home[MAXNT]
    signed char track_of_colour[NC]
    signed char castle_track[4]
    int has_bonus, bonus_min, bonus_points
    int nbandit
    int bandit_points[MAXBP]
    # achievements
    unsigned char ach_top[MAXA]
    unsigned char ach_later[MAXA]
    int ach_code[MAXA]
    int ach_v1[MAXA]
    int ach_v2[MAXA]
    int ach_ncell[MAXA]
    short ach_cell[MAXA][MAXH]
    unsigned char ach_cols[MAXA]          # colour bits (group_towns, group_colours)
    int ach_nact[MAXA]
    signed char ach_act[MAXA][MAXAACT]
    int ach_points[MAXA]
    int ach_later_points[MAXA]            # -1: none
    int ntop, nbottom
    signed char top[MAXA]
    signed char bottom[MAXA]
    # the end (components.GameEnd)
    int e_top_claimed, e_bottom_by_one, e_spaces, e_top_by_one, e_top_bonus
    # rolls (tables.SheetTables.roll_outcomes of the game's minimum)
    int nroll
    short roll_idx[NPOOLS]
    double roll_p[NPOOLS]
    unsigned char roll_ok[NPOOLS]


def unfit(game):
    """Why ``game``'s sheet does not fit the compiled engine's arrays (:data:`LIMITS`), or
    None when it fits (every bundled sheet does)."""
    t = game.tables
    sizes = {"cells": t.num_cells, "towns": len(t.towns), "tracks": t.num_tracks,
             "track spaces": max(t.track_len), "rivers": t.num_rivers,
             "river spaces": max(t.river_len, default=0),
             "achievements": t.num_achievements,
             "actions of an achievement": max(len(a) for a in t.ach_actions),
             "bandit spaces": len(t.bandit_points), "die faces": len(t.face_list),
             # a turn's tasks: at most 3 per cell marked, one per track space and the
             # achievements' actions
             "pending tasks of a turn": 3 * t.num_cells + sum(t.track_len)
             + sum(len(a) for a in t.ach_actions)}
    for name, size in sizes.items():
        if size > LIMITS[name]:
            return f"{size} {name}, more than the {LIMITS[name]} it holds"
    if t.num_dice > 6:
        return f"{t.num_dice} dice, more than the 6 a dice pool holds"
    return None


cdef class Tables:
    """The C tables of one game (built once per game, kept on it, shared by its states)."""

    cdef Tab t

    def __reduce__(self):
        # a pickled game carries no C tables: the copy builds its own (tables_of)
        return (_rebuilt_later, ())

    def __init__(self, game):
        from .tables import ACH_GROUP_COLOURS as GC, ACH_GROUP_FIELDS as GF, \
            ACH_GROUP_TOWNS as GT
        problem = unfit(game)
        if problem is not None:
            raise ValueError(problem)
        cdef Tab* T = &self.t
        cdef int i, c, r, k, a, j, n
        memset(T, 0, sizeof(Tab))
        t = game.tables
        T.np = game.num_players
        T.H = t.num_cells
        T.R = t.num_rivers
        T.NT = t.num_tracks
        T.A = t.num_achievements
        T.ntowns = len(t.towns)
        T.ndice = t.num_dice
        T.nfaces = len(t.face_list)
        T.need = 2 if T.np == 1 else 1
        T.solo_boxes = t.solo_boxes
        T.max_turns = game.max_turns
        T.any_later = 1 if t.any_later else 0
        b = game.bases
        T.B1 = b[0]
        T.B2 = b[1]
        T.B3 = b[2]
        T.B4 = b[3]
        T.B5 = b[4]
        T.B6 = b[5]
        T.CB = game.claim_base
        T.nact = game.num_distinct_actions
        T.auto_claims = game.auto_claims
        for i, f in enumerate(t.face_list):
            T.faces[i] = f
        for i in range(T.H):
            T.nnbr[i] = len(t.nbr[i])
            for j, n in enumerate(t.nbr[i]):
                T.nbr[i][j] = n
            T.nstar[i] = len(t.star_nbr[i])
            for j, n in enumerate(t.star_nbr[i]):
                T.star[i][j] = n
            T.town_mask[i] = t.town_mask[i]
            T.bandit[i] = t.bandit_mask >> i & 1
            T.is_star[i] = t.star_mask >> i & 1
            T.groups_cell[i] = 1 if t.groups_cell[i] else 0
            T.bridge[i] = t.bridge_mask >> i & 1
            T.special[i] = 1 if (i in t.goods or i in t.crowns) else 0
            T.cell_action[i] = t.cell_action[i]
            T.river_of[i] = t.river_of[i]
            T.river_pos[i] = t.river_pos[i]
            if t.fields_mask >> i & 1:
                T.fields[T.nfields] = i
                T.nfields += 1
        reach = 0
        for c in t.allowed:
            reach |= t.die_cells[c]
        for c in range(NC):
            T.ndie[c] = len(t.die_list[c])
            for j, i in enumerate(t.die_list[c]):
                T.die_list[c][j] = i
                T.die_ok[c][i] = 1
        for i in range(T.H):
            if reach >> i & 1:
                T.reach[T.nreach] = i
                T.nreach += 1
        for r in range(T.R):
            riv = t.rivers[r]
            T.river_len[r] = t.river_len[r]
            for k in range(t.river_len[r]):
                T.river_cells[r][k] = t.river_cells[r][k]
                T.river_action[r][k] = t.river_action[r][k]
                T.river_pts[r][k] = t.river_points[r][k]
            T.joins[r] = 1 if riv.joins_groups else 0
            T.highest[r] = 1 if riv.scoring == "highest" else 0
            T.ship_points[r] = riv.ship_points
        T.nbridge = len(t.bridge_ends)
        for j, i in enumerate(t.bridge_ends):
            T.bridge_ends[j] = i
        for k in range(T.ntowns):
            T.town_colour[k] = t.town_colour[k]
        for c in range(NC):
            T.colour_towns[c] = t.colour_towns[c]
            T.track_of_colour[c] = t.track_of_colour[c]
        for k in range(T.NT):
            T.track_len[k] = t.track_len[k]
            T.track_home[k] = t.track_home[k]
            for j in range(t.track_len[k]):
                T.track_action[k][j] = t.track_action[k][j]
                T.track_points[k][j] = t.track_points[k][j]
        for i in range(4):
            T.castle_track[i] = t.castle_track[i]
        if t.bonus is not None:
            T.has_bonus = 1
            T.bonus_min = t.bonus.min_spaces
            T.bonus_points = t.bonus.points
        T.nbandit = len(t.bandit_points)
        for j, n in enumerate(t.bandit_points):
            T.bandit_points[j] = n
        for a in range(T.A):
            ach = t.achievements[a]
            spec = t.ach_spec[a]
            T.ach_top[a] = 1 if t.ach_top[a] else 0
            T.ach_later[a] = 1 if t.ach_later[a] else 0
            T.ach_code[a] = spec[0]
            if spec[0] in (GT, GC):
                cols = spec[2] if spec[0] == GT else spec[1]
                for c in cols:
                    T.ach_cols[a] |= 1 << c
                T.ach_v1[a] = spec[1] if spec[0] == GT else 0
            elif spec[0] in (ACH_MARK, GF):
                m = spec[1]
                for i in range(T.H):
                    if m >> i & 1:
                        T.ach_cell[a][T.ach_ncell[a]] = i
                        T.ach_ncell[a] += 1
                T.ach_v2[a] = spec[2] if spec[0] == GF else 0
            else:
                T.ach_v1[a] = spec[1]
                T.ach_v2[a] = spec[2] if len(spec) > 2 else 0
            T.ach_nact[a] = len(t.ach_actions[a])
            for j, k in enumerate(t.ach_actions[a]):
                T.ach_act[a][j] = k
            T.ach_points[a] = ach.points
            T.ach_later_points[a] = -1 if ach.later_points is None else ach.later_points
        T.ntop = len(t.top)
        for j, a in enumerate(t.top):
            T.top[j] = a
        T.nbottom = len(t.bottom)
        for j, a in enumerate(t.bottom):
            T.bottom[j] = a
        e = t.end
        T.e_top_claimed = 1 if e.top_row_claimed else 0
        T.e_bottom_by_one = 1 if e.bottom_row_by_one else 0
        T.e_spaces = e.spaces_in_every_track
        T.e_top_by_one = 1 if e.top_row_by_one else 0
        T.e_top_bonus = e.top_row_bonus
        outcomes = t.roll_outcomes(T.need)
        T.nroll = len(outcomes)
        for j, (i, p) in enumerate(outcomes):
            T.roll_idx[j] = i
            T.roll_p[j] = p
            T.roll_ok[i] = 1


def _rebuilt_later():
    """What a pickled :class:`Tables` becomes: nothing (rebuilt on first use)."""
    return None


cdef Tables tables_of(game):
    """The game's :class:`Tables`, built on first use and kept on the game."""
    tab = getattr(game, "_compiled_tables", None)
    if tab is None:
        tab = Tables(game)
        game._compiled_tables = tab
    return <Tables>tab


# ---------------------------------------------------------------------- the position
cdef struct St:
    int phase, cur, predie, turns, solo_turn, boxes, ntask
    int pool[NC]
    short tasks[MAXTASK]
    int track[MAXP][MAXNT]
    int river[MAXP][MAXR]
    int bandits[MAXP]
    int bonus[MAXP]
    u32 claimable[MAXP]
    signed char claimed[MAXP][MAXA]
    signed char first[MAXA]
    unsigned char marked[MAXP][MAXH]
    short grp[MAXP][MAXH]
    short gsize[MAXP][MAXH]
    u64 gmask[MAXP][MAXH]


cdef void new_game(St* s, Tab* T, int harder) noexcept nogil:
    """PureCascaditoState.__init__: empty sheets, the dice to roll."""
    memset(s, 0, sizeof(St))
    memset(s.grp, -1, sizeof(s.grp))
    memset(s.first, -1, sizeof(s.first))
    s.phase = PH_ROLL
    s.predie = 1
    s.boxes = harder


cdef inline void task_push(St* s, int task) noexcept nogil:
    s.tasks[s.ntask] = <short>task
    s.ntask += 1


cdef inline void task_pop(St* s) noexcept nogil:
    """tasks.pop(0)."""
    s.ntask -= 1
    memmove(s.tasks, s.tasks + 1, s.ntask * sizeof(short))


# ---------------------------------------------------------------------- legal actions
cdef int die_actions(St* s, Tab* T, int* out) noexcept nogil:
    """PureCascaditoState._die_actions: marks, then rivers, then passes, by colour."""
    cdef int p = s.cur, c, j, i, r, n = 0
    for c in range(NC):
        if s.pool[c]:
            for j in range(T.ndie[c]):
                i = T.die_list[c][j]
                if not s.marked[p][i]:
                    out[n] = c * T.H + i
                    n += 1
    for c in range(NC):
        if s.pool[c]:
            for r in range(T.R):
                if s.river[p][r] < T.river_len[r]:
                    out[n] = T.B1 + c * T.R + r
                    n += 1
    for c in range(NC):
        if s.pool[c]:
            out[n] = T.B2 + c
            n += 1
    return n


cdef int task_actions(St* s, Tab* T, int task, int* out) noexcept nogil:
    """PureCascaditoState._task_actions (``out`` None: only count them)."""
    cdef int p = s.cur, kind = task & 3, k, r, j, i, n = 0
    if kind == A_TRACK:
        for k in range(T.NT):
            if s.track[p][k] < T.track_len[k]:
                if out != NULL:
                    out[n] = T.B5 + k
                n += 1
        return n
    if kind == T_STAR:
        i = task >> 2
        for j in range(T.nstar[i]):
            if not s.marked[p][T.star[i][j]]:
                if out != NULL:
                    out[n] = T.B3 + T.star[i][j]
                n += 1
        return n
    if kind == A_FIELD:
        for j in range(T.nfields):
            i = T.fields[j]
            if not s.marked[p][i]:
                if out != NULL:
                    out[n] = T.B3 + i
                n += 1
    for r in range(T.R):
        if s.river[p][r] < T.river_len[r]:
            if out != NULL:
                out[n] = T.B4 + r
            n += 1
    return n


cdef int legal(St* s, Tab* T, int* out) noexcept nogil:
    """PureCascaditoState.legal_actions."""
    cdef int ph = s.phase, j, n
    cdef u32 m
    if ph == PH_DIE:
        return die_actions(s, T, out)
    if ph == PH_TASK:
        return task_actions(s, T, s.tasks[0], out)
    if ph == PH_ROLL:
        for j in range(T.nroll):
            out[j] = T.B6 + T.roll_idx[j]
        return T.nroll
    if ph == PH_CLAIM:
        n = 0
        m = s.claimable[s.cur]
        while m:
            out[n] = T.CB + ctz32(m)
            m &= m - 1
            n += 1
        out[n] = T.CB + T.A
        return n + 1
    return 0


cdef bint is_legal(St* s, Tab* T, int a) noexcept nogil:
    """Whether PureCascaditoState._apply_action accepts ``a`` (in range, game not over)."""
    cdef int ph = s.phase, c, i, r, n, j, k
    cdef int buf[MAXH + MAXR + MAXNT]
    if ph == PH_DIE:
        if a >= T.B3:
            return False
        if a < T.B1:
            c = a // T.H
            i = a % T.H
            return s.pool[c] != 0 and not s.marked[s.cur][i] and T.die_ok[c][i]
        if a < T.B2:
            c = (a - T.B1) // T.R
            r = (a - T.B1) % T.R
            return s.pool[c] != 0 and s.river[s.cur][r] < T.river_len[r]
        return s.pool[a - T.B2] != 0
    if ph == PH_TASK:
        if not (T.B3 <= a < T.B6) or s.ntask == 0:
            return False
        n = task_actions(s, T, s.tasks[0], buf)
        for j in range(n):
            if buf[j] == a:
                return True
        return False
    if ph == PH_ROLL:
        return T.B6 <= a < T.CB and T.roll_ok[a - T.B6]
    if ph == PH_CLAIM:
        if a < T.CB:
            return False
        k = a - T.CB
        return k == T.A or (s.claimable[s.cur] >> k & 1)
    return False


# ---------------------------------------------------------------------- the rules
cdef int join(St* s, Tab* T, int p, int i, int* scored) noexcept nogil:
    """PureCascaditoState._join: add cell ``i`` to ``p``'s groups; the towns that score
    (ascending) into ``scored``, their number returned."""
    cdef int roots[6 + MAXR]
    cdef int nroots = 0, j, n, rt, main, size, best, x, H = T.H
    cdef u64 old_mask = 0, new
    for j in range(T.nnbr[i]):
        n = T.nbr[i][j]
        if s.marked[p][n]:
            rt = s.grp[p][n]
            for x in range(nroots):
                if roots[x] == rt:
                    break
            else:
                roots[nroots] = rt
                nroots += 1
    if T.bridge[i]:
        for j in range(T.nbridge):
            if not s.marked[p][T.bridge_ends[j]]:
                break
        else:   # R6: the rivers connect at the low bridge
            for j in range(T.nbridge):
                n = T.bridge_ends[j]
                if n != i:
                    rt = s.grp[p][n]
                    for x in range(nroots):
                        if roots[x] == rt:
                            break
                    else:
                        roots[nroots] = rt
                        nroots += 1
    if nroots == 0:
        s.grp[p][i] = i
        s.gsize[p][i] = 1
        s.gmask[p][i] = T.town_mask[i]
        return 0
    size = 1
    main = roots[0]
    best = s.gsize[p][main]
    for x in range(nroots):
        rt = roots[x]
        old_mask |= s.gmask[p][rt]
        size += s.gsize[p][rt]
        if s.gsize[p][rt] > best:   # max(): the first of the largest
            best = s.gsize[p][rt]
            main = rt
    for x in range(nroots):
        rt = roots[x]
        if rt != main:
            for j in range(H):
                if s.grp[p][j] == rt:
                    s.grp[p][j] = main
            s.gsize[p][rt] = 0
            s.gmask[p][rt] = 0
    s.grp[p][i] = main
    s.gsize[p][main] = size
    s.gmask[p][main] = old_mask | T.town_mask[i]
    new = T.town_mask[i] & ~old_mask
    n = 0
    while new:
        scored[n] = ctz64(new)
        new &= new - 1
        n += 1
    return n


cdef void advance(St* s, Tab* T, int p, int k) noexcept nogil:
    """PureCascaditoState._advance: the next space of track ``k``; its action queued."""
    cdef int h = s.track[p][k], a
    if h < T.track_len[k]:
        s.track[p][k] = h + 1
        a = T.track_action[k][h]
        if a >= 0:
            task_push(s, a)


cdef void mark(St* s, Tab* T, int p, int i) noexcept nogil:
    """PureCascaditoState._mark: mark cell ``i`` and apply what it triggers (R9)."""
    cdef int r = T.river_of[i], a, n, j
    cdef int scored[MAXTOWN]
    s.marked[p][i] = 1
    if r >= 0:
        s.river[p][r] += 1
    if T.bandit[i]:
        s.bandits[p] += 1
    if r < 0 or T.joins[r]:
        n = join(s, T, p, i, scored)
        for j in range(n):
            advance(s, T, p, T.track_of_colour[T.town_colour[scored[j]]])
    a = T.cell_action[i]
    if a >= 0:
        task_push(s, a)
    if r >= 0:
        a = T.river_action[r][T.river_pos[i]]
        if a >= 0:
            task_push(s, a)
    if T.is_star[i]:
        task_push(s, T_STAR + 4 * i)


cdef inline bint towns_met(St* s, Tab* T, int p, int a, int root) noexcept nogil:
    """PureCascaditoState._met_towns for the group of ``root``."""
    cdef u64 gm = s.gmask[p][root]
    cdef int c
    cdef unsigned char cols = T.ach_cols[a]
    if T.ach_code[a] == ACH_GROUP_TOWNS:
        for c in range(NC):
            if cols >> c & 1 and popcount64(gm & T.colour_towns[c]) >= T.ach_v1[a]:
                return True
        return False
    for c in range(NC):
        if cols >> c & 1 and not (gm & T.colour_towns[c]):
            return False
    return True


cdef bint met_group_towns(St* s, Tab* T, int p, int a, int cell) noexcept nogil:
    """The group criteria of _newly_met over :meth:`_group_masks`: the group of ``cell``,
    or every group (``cell`` < 0) of 2+ cells touching a town."""
    cdef int k, rt
    if cell >= 0:
        rt = s.grp[p][cell]
        return s.gsize[p][rt] >= 2 and s.gmask[p][rt] != 0 and towns_met(s, T, p, a, rt)
    for k in range(T.H):
        if s.marked[p][k] and s.gsize[p][k] >= 2 and s.gmask[p][k] and \
                towns_met(s, T, p, a, k):
            return True
    return False


cdef bint met(St* s, Tab* T, int p, int a) noexcept nogil:
    """PureCascaditoState._met: the criteria other than the group-town ones."""
    cdef int code = T.ach_code[a], need = T.ach_v1[a], k, count, j, rt
    if code == ACH_MARK:
        for j in range(T.ach_ncell[a]):
            if not s.marked[p][T.ach_cell[a][j]]:
                return False
        return True
    if code == ACH_BANDITS:
        return s.bandits[p] >= need
    if code == ACH_BANNERS:
        count = 0
        for k in range(T.NT):
            if s.track[p][k] >= need:
                count += 1
        return count >= T.ach_v2[a]
    if code == ACH_BANNER:
        k = T.castle_track[p] if T.ach_v2[a] < 0 else T.ach_v2[a]
        return s.track[p][k] >= need
    if code == ACH_SEPARATE:
        count = 0
        for k in range(T.H):
            if s.gsize[p][k] >= 2:
                count += 1
        return count >= need
    # ACH_GROUP_FIELDS: every listed cell marked, all in one group
    for j in range(T.ach_ncell[a]):
        if not s.marked[p][T.ach_cell[a][j]]:
            return False
    rt = s.grp[p][T.ach_v2[a]]
    for j in range(T.ach_ncell[a]):
        if s.grp[p][T.ach_cell[a][j]] != rt:
            return False
    return s.gsize[p][rt] >= 2


cdef u32 newly_met(St* s, Tab* T, int p, int cell) noexcept nogil:
    """PureCascaditoState._newly_met."""
    cdef u32 new = 0, open_ = s.claimable[p]
    cdef int a, code
    cdef bint no_group = cell == NO_GROUP or (cell >= 0 and not T.groups_cell[cell]), ok
    for a in range(T.A):
        if s.claimed[p][a] or open_ >> a & 1 or (T.ach_top[a] and s.first[a] >= 0
                                                 and not T.ach_later[a]):
            continue
        code = T.ach_code[a]
        if code >= ACH_SEPARATE and no_group:
            continue
        if code >= ACH_GROUP_TOWNS:
            ok = met_group_towns(s, T, p, a, cell)
        else:
            ok = met(s, T, p, a)
        if ok:
            new |= (<u32>1) << a
    return new


cdef void finish(St* s) noexcept nogil:
    """PureCascaditoState._finish."""
    s.phase = PH_END
    s.ntask = 0


cdef bint all_claimed(St* s, Tab* T, int p, const signed char* row, int n,
                      int skip) noexcept nogil:
    """Whether ``p`` claimed every achievement of ``row`` but ``skip``."""
    cdef int j
    for j in range(n):
        if row[j] != skip and not s.claimed[p][row[j]]:
            return False
    return True


cdef bint all_first(St* s, Tab* T, int skip) noexcept nogil:
    """Whether every top-row achievement but ``skip`` has a first claimant."""
    cdef int j
    for j in range(T.ntop):
        if T.top[j] != skip and s.first[T.top[j]] < 0:
            return False
    return True


cdef bint instant_end(St* s, Tab* T, int p) noexcept nogil:
    """PureCascaditoState._instant_end (sheets 1-3, R13)."""
    if T.e_top_claimed and T.ntop and all_first(s, T, -1):
        finish(s)
        return True
    if T.e_bottom_by_one and T.nbottom and all_claimed(s, T, p, T.bottom, T.nbottom, -1):
        finish(s)
        return True
    return False


cdef bint claim(St* s, Tab* T, int p, int k) noexcept nogil:
    """PureCascaditoState._claim: True when the claim ends the game at once."""
    cdef int q, j
    cdef u32 bit = (<u32>1) << k
    s.claimable[p] &= ~bit
    s.claimed[p][k] = 1
    if T.ach_top[k] and s.first[k] < 0:
        s.first[k] = p
        if not T.ach_later[k]:
            for q in range(T.np):
                s.claimable[q] &= ~bit
    for j in range(T.ach_nact[k]):
        task_push(s, T.ach_act[k][j])
    return T.np > 1 and instant_end(s, T, p)


cdef bint stuck(St* s, Tab* T) noexcept nogil:
    """PureCascaditoState._stuck (R11)."""
    cdef int p, j, r
    for p in range(T.np):
        if s.claimable[p]:
            return False
    for p in range(T.np):
        for j in range(T.nreach):
            if not s.marked[p][T.reach[j]]:
                return False
        for r in range(T.R):
            if s.river[p][r] < T.river_len[r]:
                return False
    return True


cdef void begin_turn(St* s) noexcept nogil:
    """PureCascaditoState._begin_turn."""
    s.predie = 1
    s.phase = PH_CLAIM if s.claimable[s.cur] else PH_DIE


cdef void end_turn(St* s, Tab* T) noexcept nogil:
    """PureCascaditoState._end_turn."""
    cdef int p = s.cur, k, c
    s.turns += 1
    if T.np == 1:   # Solo Play: two turns per roll, then a dice box
        if s.solo_turn == 0:
            s.solo_turn = 1
            begin_turn(s)
            return
        s.solo_turn = 0
        s.boxes += 1
        if s.boxes >= T.solo_boxes:
            finish(s)
        else:
            s.phase = PH_ROLL
        return
    if T.e_top_by_one and T.ntop and all_claimed(s, T, p, T.top, T.ntop, -1):
        s.bonus[p] = T.e_top_bonus
        finish(s)
        return
    if T.e_spaces:
        for k in range(T.NT):
            if s.track[p][k] < T.e_spaces:
                break
        else:
            finish(s)
            return
    if s.turns >= T.max_turns:
        finish(s)
        return
    if stuck(s, T):
        finish(s)
        return
    s.cur = (p + 1) % T.np
    for c in range(NC):
        if s.pool[c]:
            begin_turn(s)
            return
    s.phase = PH_ROLL


cdef void drop_lapsed(St* s, Tab* T) noexcept nogil:
    """PureCascaditoState._drop_lapsed (R10)."""
    while s.ntask and task_actions(s, T, s.tasks[0], NULL) == 0:
        task_pop(s)


cdef void go_on(St* s, Tab* T) noexcept nogil:
    """PureCascaditoState._continue."""
    drop_lapsed(s, T)
    if s.ntask:
        s.phase = PH_TASK
    elif s.predie:
        s.phase = PH_DIE
    else:
        end_turn(s, T)


cdef void settle(St* s, Tab* T, int cell) noexcept nogil:
    """PureCascaditoState._settle."""
    cdef int p = s.cur
    cdef u32 new = newly_met(s, T, p, cell), auto
    if new:
        s.claimable[p] |= new
        auto = new & T.auto_claims
        while auto:
            if claim(s, T, p, ctz32(auto)):
                return   # the game ended (R13)
            auto &= auto - 1
    drop_lapsed(s, T)
    if s.claimable[p]:
        s.phase = PH_CLAIM
    else:
        go_on(s, T)


cdef void apply(St* s, Tab* T, int a) noexcept nogil:
    """PureCascaditoState._apply_action for a legal action (:func:`is_legal`)."""
    cdef int ph = s.phase, p = s.cur, c, i, r = 0, k
    if ph == PH_DIE:                      # _apply_die
        if a < T.B1:
            c = a // T.H
            i = a % T.H
        elif a < T.B2:
            c = (a - T.B1) // T.R
            r = (a - T.B1) % T.R
            i = -1
        else:
            c = a - T.B2
            i = -2
        s.pool[c] -= 1
        s.predie = 0
        if i >= 0:
            mark(s, T, p, i)
        elif i == -1:
            i = T.river_cells[r][s.river[p][r]]
            mark(s, T, p, i)
        else:
            i = ALL_GROUPS
        settle(s, T, i)
    elif ph == PH_TASK:                   # _apply_task
        task_pop(s)
        if a < T.B4:
            i = a - T.B3
            mark(s, T, p, i)
        elif a < T.B5:
            r = a - T.B4
            i = T.river_cells[r][s.river[p][r]]
            mark(s, T, p, i)
        else:
            i = NO_GROUP
            advance(s, T, p, a - T.B5)
        settle(s, T, i)
    elif ph == PH_ROLL:                   # _apply_roll
        i = a - T.B6
        for c in range(NC):
            s.pool[c] = POOL_COUNTS[i][c]
        begin_turn(s)
    else:                                 # _apply_claim
        k = a - T.CB
        if k == T.A:
            go_on(s, T)
            return
        if claim(s, T, p, k):
            return
        if s.claimable[p]:
            drop_lapsed(s, T)
            return
        go_on(s, T)


cdef int roll(Tab* T, object draw) except -1:
    """PureCascaditoState.sample_chance_outcome with ``draw()``, the generator's next
    float: each die rolled, again while too few dice remain."""
    cdef int counts[NC]
    cdef int k, j, c, key
    cdef double x
    while True:
        memset(counts, 0, sizeof(counts))
        k = 0
        for j in range(T.ndice):
            x = draw()
            c = T.faces[<int>(x * T.nfaces)]
            if c >= 0:
                counts[c] += 1
                k += 1
        if k >= T.need:
            key = 0
            for c in range(NC):
                key = key * 7 + counts[c]
            return T.B6 + POOL_INDEX[key]


# ---------------------------------------------------------------------- scores
cdef int sheet_total(St* s, Tab* T, int p) noexcept nogil:
    """scoring.sheet_total of seat ``p``'s sheet (CascaditoState.sheet_facts)."""
    cdef int total = 0, k, h, r, n, j, best, nb, a, home = T.castle_track[p]
    cdef bint full = True
    for k in range(T.NT):
        h = s.track[p][k]
        if h:
            if h == T.track_len[k] and k == home and T.track_home[k]:
                total += T.track_home[k]
            else:
                total += T.track_points[k][h - 1]
        if T.has_bonus and h < T.bonus_min:
            full = False
    if T.has_bonus and full:
        total += T.bonus_points
    for r in range(T.R):
        n = s.river[p][r]
        if n:
            if T.highest[r]:
                best = T.river_pts[r][0]
                for j in range(1, n):
                    if T.river_pts[r][j] > best:
                        best = T.river_pts[r][j]
                total += best
            elif n == T.river_len[r]:
                total += T.ship_points[r]
    nb = s.bandits[p] if s.bandits[p] < T.nbandit else T.nbandit
    if nb:
        total += T.bandit_points[nb - 1]
    for a in range(T.A):
        if s.claimed[p][a]:
            if (T.any_later and T.ach_later[a] and s.first[a] != p and s.first[a] != -1
                    and T.ach_later_points[a] >= 0):
                total += T.ach_later_points[a]
            else:
                total += T.ach_points[a]
    return total + s.bonus[p]


# ---------------------------------------------------------------------- greedy
cdef double track_gain(St* s, Tab* T, int p, int k) noexcept nogil:
    """policies._track_gain (one step)."""
    cdef int h = s.track[p][k], n = T.track_len[k], new, icons = 0
    if h >= n:
        return 0.0
    new = h + 1
    if T.track_action[k][h] >= 0:
        icons = 1
    return <double>(track_value(T, p, k, new) - track_value(T, p, k, h)) + 2.0 * icons


cdef inline int track_value(Tab* T, int p, int k, int x) noexcept nogil:
    if x == 0:
        return 0
    if x == T.track_len[k] and T.track_home[k] and T.castle_track[p] == k:
        return T.track_home[k]
    return T.track_points[k][x - 1]


cdef double cell_value(St* s, Tab* T, int p, int i) noexcept nogil:
    """policies._cell_value."""
    cdef double v = 0.0
    cdef int r = T.river_of[i], pos, j, best, gain, nb
    cdef bint joined = False
    cdef u64 old = 0, tm, new
    if r >= 0:
        pos = T.river_pos[i]
        if T.highest[r]:
            best = 0
            for j in range(pos):
                if T.river_pts[r][j] > best:
                    best = T.river_pts[r][j]
            gain = T.river_pts[r][pos] - best
            v += gain if gain > 0 else 0
        elif pos == T.river_len[r] - 1:
            v += T.ship_points[r]
        if T.river_action[r][pos] >= 0:
            v += 2.0
        v += 0.5
        if not T.joins[r]:
            return v
    for j in range(T.nnbr[i]):
        nb = T.nbr[i][j]
        if s.marked[p][nb]:
            joined = True
            old |= s.gmask[p][s.grp[p][nb]]
    tm = T.town_mask[i]
    if joined:
        new = tm & ~old
        while new:
            v += track_gain(s, T, p, T.track_of_colour[T.town_colour[ctz64(new)]])
            new &= new - 1
        v += 0.3
    if tm:
        v += 0.4
    if T.bandit[i]:
        v += 1.5
    if T.is_star[i]:
        v += 1.5
    if T.cell_action[i] >= 0:
        v += 2.0
    if T.special[i]:
        v += 1.0
    return v


cdef double claim_value(St* s, Tab* T, int p, int k) noexcept nogil:
    """policies._claim_value."""
    cdef int first = s.first[k], q, mine, sq
    cdef int pts = T.ach_points[k]
    cdef bint instant, later, wins
    if T.ach_later_points[k] >= 0 and first != p and first != -1:
        pts = T.ach_later_points[k]
    if T.np == 1:
        return pts + 2.0 * T.ach_nact[k] + 0.5
    instant = ((T.e_top_claimed and T.ach_top[k] and first < 0 and all_first(s, T, k))
               or (T.e_bottom_by_one and not T.ach_top[k]
                   and all_claimed(s, T, p, T.bottom, T.nbottom, k)))
    later = T.e_top_by_one and T.ach_top[k] and all_claimed(s, T, p, T.top, T.ntop, k)
    if not (instant or later):
        return pts + 2.0 * T.ach_nact[k] + 0.5
    mine = sheet_total(s, T, p) + pts + (T.e_top_bonus if later else 0)
    wins = True
    for q in range(T.np):
        if q != p:
            sq = sheet_total(s, T, q)
            if not (mine > sq or (mine == sq and p > q)):
                wins = False
                break
    if not wins:
        return -1000.0
    if instant and (s.ntask or s.predie):
        return -0.5
    return 1000.0


cdef int greedy_choose(St* s, Tab* T, object draw) except -1:
    """policies.greedy_policy at a decision: the one legal action; at a claim the best
    claim worth more than declining (no draw); else one ``draw()`` among the best."""
    cdef int acts[MAXACT]
    cdef int n = legal(s, T, acts), j, a, best_a, nbest = 0, p = s.cur, r
    cdef double v, best_v = 0.0, claim_v
    if n == 1:
        return acts[0]
    if s.phase == PH_CLAIM:
        best_a = acts[n - 1]
        best_v = 0.0
        for j in range(n - 1):
            claim_v = claim_value(s, T, p, acts[j] - T.CB)
            if claim_v > best_v:
                best_a = acts[j]
                best_v = claim_v
        return best_a
    for j in range(n):
        a = acts[j]
        if a < T.B1:
            v = cell_value(s, T, p, a % T.H)
        elif a < T.B2:
            r = (a - T.B1) % T.R
            v = cell_value(s, T, p, T.river_cells[r][s.river[p][r]])
        elif a < T.B3:
            v = -1.0
        elif a < T.B4:
            v = cell_value(s, T, p, a - T.B3)
        elif a < T.B5:
            r = a - T.B4
            v = cell_value(s, T, p, T.river_cells[r][s.river[p][r]])
        else:
            v = track_gain(s, T, p, a - T.B5)
        if nbest == 0 or v > best_v:
            best_v = v
            acts[0] = a
            nbest = 1
        elif v == best_v:
            acts[nbest] = a
            nbest += 1
    return acts[<int>(draw() * nbest)]


# ---------------------------------------------------------------------- the state
cdef class Core:
    """The C-typed position and the hot methods of the state contract (see the module
    docstring). Not used alone: :class:`~.compiled.CompiledCascaditoState` is the state."""

    cdef St s
    cdef Tab* tab
    cdef Tables _tabobj
    cdef History _hist     # the actions applied (the pure engine's ``hist``)
    cdef public object _game, _seed, _dealer, _t

    def __cinit__(self):
        history_init(&self._hist)

    def __dealloc__(self):
        history_free(&self._hist)

    cdef _bind(self, game):
        self._game = game
        self._t = game.tables
        self._tabobj = tables_of(game)
        self.tab = &self._tabobj.t

    def __init__(self, game, seed=None):
        """PureCascaditoState.__init__: a new game (harder-start: boxes marked)."""
        self._start(game, seed)
        self._bind(game)
        new_game(&self.s, self.tab, self._t.solo_harder if game.harder else 0)

    def _load(self, pure):
        """Take the position of ``pure`` (a PureCascaditoState of the same game, checked by
        its own from_json or set-up) into the C struct."""
        cdef St* s = &self.s
        cdef Tab* T
        cdef int p, i, k, n, a
        self._bind(pure.game)
        T = self.tab
        self._seed = None
        self._dealer = None
        n = T.np
        new_game(s, T, 0)
        if len(pure.tasks) > MAXTASK // 2:   # (the other half: the tasks a turn adds)
            raise ValueError(f"at most {MAXTASK // 2} pending tasks, not {len(pure.tasks)}")
        if any(not 0 <= x < 4 * T.H for x in pure.tasks):
            raise ValueError("a pending task outside the sheet")
        if not 0 <= pure.cur < n or not 0 <= pure.phase <= PH_CLAIM:
            raise ValueError("the player or phase is outside the game")
        s.phase = pure.phase
        s.cur = pure.cur
        s.predie = pure.predie
        s.turns = pure.turns
        s.solo_turn = pure.solo_turn
        s.boxes = pure.boxes
        for i in range(NC):
            s.pool[i] = pure.pool[i]
        s.ntask = len(pure.tasks)
        for i, x in enumerate(pure.tasks):
            s.tasks[i] = x
        for p in range(n):
            m = pure.marked[p]
            for i in range(T.H):
                s.marked[p][i] = m >> i & 1
                s.grp[p][i] = pure.grp[p * T.H + i]
                s.gsize[p][i] = pure.gsize[p * T.H + i]
                s.gmask[p][i] = pure.gmask[p * T.H + i]
            for k in range(T.NT):
                s.track[p][k] = pure.track[p * T.NT + k]
            for k in range(T.R):
                s.river[p][k] = pure.river[p * T.R + k]
            s.bandits[p] = pure.bandits[p]
            s.bonus[p] = pure.bonus[p]
            s.claimable[p] = pure.claimable[p]
            for a in range(T.A):
                s.claimed[p][a] = pure.claimed[p * T.A + a]
        for a in range(T.A):
            s.first[a] = pure.first[a]
        history_load(&self._hist, pure.hist)

    # ------------------------------------------------------------------ the data
    # The pure engine's fields, in its layout (state.CascaditoState lists them).
    @property
    def phase(self):
        return self.s.phase

    @property
    def cur(self):
        return self.s.cur

    @property
    def predie(self):
        return self.s.predie

    @property
    def turns(self):
        return self.s.turns

    @property
    def solo_turn(self):
        return self.s.solo_turn

    @property
    def boxes(self):
        return self.s.boxes

    @property
    def pool(self):
        return [self.s.pool[c] for c in range(NC)]

    @property
    def tasks(self):
        return [self.s.tasks[i] for i in range(self.s.ntask)]

    @property
    def marked(self):
        cdef int p, i
        out = []
        for p in range(self.tab.np):
            m = 0
            for i in range(self.tab.H - 1, -1, -1):
                m = (m << 1) | self.s.marked[p][i]
            out.append(m)
        return out

    @property
    def grp(self):
        return [self.s.grp[p][i] for p in range(self.tab.np) for i in range(self.tab.H)]

    @property
    def gsize(self):
        return [self.s.gsize[p][i] for p in range(self.tab.np) for i in range(self.tab.H)]

    @property
    def gmask(self):
        return [self.s.gmask[p][i] for p in range(self.tab.np) for i in range(self.tab.H)]

    @property
    def track(self):
        return [self.s.track[p][k] for p in range(self.tab.np) for k in range(self.tab.NT)]

    @property
    def river(self):
        return [self.s.river[p][r] for p in range(self.tab.np) for r in range(self.tab.R)]

    @property
    def bandits(self):
        return [self.s.bandits[p] for p in range(self.tab.np)]

    @property
    def bonus(self):
        return [self.s.bonus[p] for p in range(self.tab.np)]

    @property
    def claimable(self):
        return [self.s.claimable[p] for p in range(self.tab.np)]

    @property
    def claimed(self):
        return [self.s.claimed[p][a] for p in range(self.tab.np) for a in range(self.tab.A)]

    @property
    def first(self):
        return [self.s.first[a] for a in range(self.tab.A)]

    @property
    def hist(self):
        return history_list(&self._hist)

    # ------------------------------------------------------------------ the contract
    def clone(self):
        cdef Core c = Core.__new__(type(self))
        memcpy(&c.s, &self.s, sizeof(St))
        history_copy(&c._hist, &self._hist)
        c._game = self._game
        c._t = self._t
        c._tabobj = self._tabobj
        c.tab = self.tab
        c._seed = None       # copies never carry the seed (see regalia.core.state)
        c._dealer = None
        return c

    def history(self):
        return history_list(&self._hist)

    def current_player(self):
        cdef int ph = self.s.phase
        if ph == PH_ROLL:
            return CHANCE
        if ph == PH_END:
            return TERMINAL
        return self.s.cur

    def is_chance_node(self):
        return self.s.phase == PH_ROLL

    def is_terminal(self):
        return self.s.phase == PH_END

    def legal_actions(self):
        cdef int buf[MAXACT]
        cdef int n = legal(&self.s, self.tab, buf), i
        return [buf[i] for i in range(n)]

    def chance_outcomes(self):
        cdef Tab* T = self.tab
        cdef int j
        if self.s.phase != PH_ROLL:
            return self._to_pure().chance_outcomes()   # raises the reference's error
        return [(T.B6 + T.roll_idx[j], T.roll_p[j]) for j in range(T.nroll)]

    def sample_chance_outcome(self, rng):
        if self.s.phase != PH_ROLL:
            return self._to_pure().sample_chance_outcome(rng)
        return roll(self.tab, rng.random)

    def apply_action(self, action):
        """State.apply_action: the same checks, the same errors, the transition in C."""
        if (type(action) is not int or not 0 <= action < self.tab.nact
                or self.s.phase == PH_END):
            raise self._refusal(action)
        cdef int a = action
        if not is_legal(&self.s, self.tab, a):
            self._to_pure()._apply_action(a)   # raises the reference's IllegalActionError
            raise AssertionError(f"the compiled engine refused action {a} that the pure "
                                 f"engine accepts")
        apply(&self.s, self.tab, a)
        history_push(&self._hist, a)

    def player_score(self, player):
        if type(player) is not int or not 0 <= player < self.tab.np:
            self.check_seat(player)
        return sheet_total(&self.s, self.tab, player)

    def scores(self):
        return [sheet_total(&self.s, self.tab, p) for p in range(self.tab.np)]

    def tie_break_keys(self):
        return [(sheet_total(&self.s, self.tab, p), p) for p in range(self.tab.np)]

    def returns(self):
        """State.returns: the seat with the best (points, seat) wins alone."""
        cdef int np_ = self.tab.np, p, v, best, win = 0
        if self.s.phase != PH_END:
            return [0.0] * np_
        best = sheet_total(&self.s, self.tab, 0)
        for p in range(1, np_):
            v = sheet_total(&self.s, self.tab, p)
            if v >= best:
                best = v
                win = p
        return [1.0 if p == win else 0.0 for p in range(np_)]

    def compiled_playout(self, policy, rng):
        """State.compiled_playout: play to the end here with ``policy`` (``random`` or
        ``greedy``, as :data:`POLICIES`), drawing from ``rng`` exactly as the Python loop
        of ``regalia.agents.search.playout`` does with the same policy; False for another
        policy (the state is then unchanged)."""
        code = POLICIES.get(policy)
        if code is None:
            return False
        self._playout(rng.random, code)
        return True

    def compiled_action(self, policy, rng):
        """The action ``greedy`` (policies.greedy_policy) plays here, drawing from ``rng``
        as the Python policy does; None for another policy or outside a decision (the
        core hook ``State.compiled_action``, which greedy_policy calls first)."""
        if POLICIES.get(policy) != GREEDY or self.s.phase in (PH_ROLL, PH_END):
            return None
        return greedy_choose(&self.s, self.tab, rng.random)

    cdef int _playout(self, object draw, int policy) except -1:
        """Play to the end. ``draw()`` gives the generator's next float in [0, 1); it is
        called where the Python loop calls ``rng.random()``: once per die at every chance
        node (PureCascaditoState.sample_chance_outcome); ``random``: once at every
        decision, even a forced one (agents.search.random_action); ``greedy`` as
        :func:`greedy_choose`."""
        cdef St* s = &self.s
        cdef Tab* T = self.tab
        cdef int acts[MAXACT]
        cdef int a, n
        while s.phase != PH_END:
            if s.phase == PH_ROLL:
                a = roll(T, draw)
            elif policy == GREEDY:
                a = greedy_choose(s, T, draw)
            else:
                n = legal(s, T, acts)
                a = acts[<int>(draw() * n)]
            apply(s, T, a)
            history_push(&self._hist, a)
        return 0
