# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, embedsignature=True
"""The compiled Two Heirs engine core (issue 15; ARCHITECTURE.md, "Compiled kernels").

:class:`Core` keeps a whole position in one C struct and implements, in C, the hot part
of the state contract: whose turn, legal actions, the transitions (with Heinrich's
automatic turn and the treasure checks of the solo game), chance outcomes, the final
scoring of every building type and roads, and whole playouts (the ``random``, ``greedy``
and ``fast`` policies, :data:`POLICIES`) drawing from the caller's generator. It is the first base of
:class:`regalia.games.two_heirs.compiled.CompiledTwoHeirsState`, whose second base,
:class:`regalia.games.two_heirs.state.TwoHeirsState`, supplies everything else (notation,
observation, JSON, breakdowns) by reading the position through the pure engine's names
(``board``, ``troops``, ``hands``... shown here as properties in its layout).

The rules are the pure engine's (:mod:`.state`, :mod:`.solo_engine`, :mod:`.solo`,
:mod:`.scoring`, :mod:`.roads`: the reference, which cites the rulebook); every function
below mirrors one there, named in its docstring. The differential tests
(``tests/games/two_heirs/test_two_heirs_compiled.py``) check that both engines give the
same legal actions in the same order, histories, scores, observations and JSON, and
consume the same random numbers. An illegal action is refused by asking the pure engine
on a copy of the position, so the error is the reference's, word for word.

The landscape is the pure engine's grid (:mod:`.geometry`): ``board[cell]`` holds
``tile * 4 + kind`` or -1, and ``tile_cell[tile]`` where a tile lies (each tile lies in
one place at most), so the placed tiles are found without scanning the grid.
"""

from libc.string cimport memcpy, memset
from libc.stdlib cimport malloc, free

from regalia._compiled.history cimport (History, history_copy, history_free, history_init,
                                        history_list, history_load, history_push)

ctypedef unsigned long long u64

cdef extern from *:
    int ctz64 "__builtin_ctzll"(unsigned long long) nogil
    int popcount64 "__builtin_popcountll"(unsigned long long) nogil

cdef enum:
    R = 29                 # geometry.R
    W = 59                 # geometry.W = 2 R + 1
    NCELL = 3481           # W * W
    ORIGIN = 1740          # R * W + R
    MAXT = 64              # tiles (54) fit a 64-bit mask
    MAXTRE = 16            # treasures (10)
    MAXFORM = 8            # craft pairs per tile
    MAXTCELL = 8           # cells of a formation treasure
    HAND_MAX = 7           # tables.HAND_MAX
    HAND_LIMIT = 3
    NUM_SLOTS = 7
    PH_TOSS = 0            # tables.PH_*
    PH_TOP = 1
    PH_DRAW = 2
    PH_TREASURE = 3
    PH_PLAY = 4
    PH_SIEGE = 5
    PH_DISCARD = 6
    PH_END = 7
    IN_RESERVE = -1
    OFF_BOARD = -2
    START = -1
    OPEN = 2
    CHANCE = -1            # regalia.core.game
    TERMINAL = -4
    MAXACT = 512           # legal actions of one state (3 + 7 x 24 x 2 + 24 + 24 + 2 + 9 + 1)

# building types (components.TYPES order)
cdef enum:
    T_INN, T_MARKET, T_PILGRIM, T_ROBBER, T_MILL, T_MINE, T_COWSHED, T_BAKERY, T_CAMP
    T_SMITHY, T_LODGE, T_FARM, T_SAWMILL, T_QUARRY, T_TRADING, T_CATHEDRAL, T_SIEGE
    T_STRONGHOLD, T_WATCHTOWER, T_GARRISON, T_BASKET, T_POTTERY, T_COOPERAGE, T_GUILDHALL
    NTYPES

cdef int DELTA[8]          # geometry.DELTA: N NE E SE S SW W NW
DELTA[:] = [W, W + 1, 1, -W + 1, -W, -W - 1, -1, W - 1]
cdef int ORTH[4]           # geometry.ORTH: N E S W
ORTH[:] = [W, 1, -W, -1]


cdef struct Tab:
    # the game's constants (rules.TwoHeirsGame, tables.Tables, landscape.TileTables)
    int n, solo, roads, n_tre, tre_used
    int take0, build0, expand0, move0, deploy0, withdraw0, flip0, destroy0, spare
    int discard0, end, toss0, top0, draw0, treasure0, nact
    u64 used
    signed char colour[MAXT]
    signed char producer[MAXT]
    signed char camp[MAXT]
    signed char siege[MAXT]
    signed char typ[MAXT]
    signed char row[MAXT]          # Inn, Watchtower: 1 row, 0 column
    signed char target[MAXT]       # Trading Post, Guildhall: a type, else -1
    signed char craft[MAXT][2]     # craft colours, else -1
    int cost[MAXT][3]
    int costsum[MAXT]
    signed char nsec[2][MAXT]
    unsigned char sec[2][MAXT][4]
    unsigned char rmask[2][MAXT]
    signed char nform[2][MAXT]
    int form[2][MAXT][MAXFORM][4]  # cell offset a, colour a, offset b, colour b (_pinned)
    # solo treasures (components.TreasureSet): kind 0 vertical, 1 horizontal, 2 formation
    signed char tkind[MAXTRE]
    signed char tcol[MAXTRE]       # 0-2, 3 any, -2 none
    signed char tncell[MAXTRE]
    int tcell[MAXTRE][MAXTCELL][3]  # dx, dy, colour


cdef struct St:
    # the position (state.PureTwoHeirsState's fields)
    int phase, cur, top, shield, moved, takes_left, taken, discounts, final_left
    int draw_to, filled, start_tile, siege_cell, scaffold, h_step, h_tile, h_cell
    int turn, acts
    int lh_kind, lh_tile, lh_cell, lh_opt   # last_h: 0 the text kept in Python
    u64 supply
    int slots[NUM_SLOTS]
    int troops[6]
    int hand[2][HAND_MAX + 1]
    int nhand[2]
    int box[MAXT]
    int nbox
    int tre_cell[MAXTRE]
    int tre_id[MAXTRE]
    int ntre
    int tre_drawn[MAXTRE]
    int ndrawn
    int tre_removed[MAXTRE]
    int nremoved
    signed char tile_cell_set[MAXT]
    int tile_cell[MAXT]
    short board[NCELL]


# ---------------------------------------------------------------------- helpers
cdef inline int reach(St* s, int p) noexcept nogil:
    """TwoHeirsState.reach: 1 + own troops in the royal reserve."""
    cdef int o = 3 * p
    return 1 + (s.troops[o + 1] == IN_RESERVE) + (s.troops[o + 2] == IN_RESERVE)


cdef inline int reserve_order(St* s, int* out) noexcept nogil:
    """TwoHeirsState.reserve_order: slots holding a tile clockwise from the shield."""
    cdef int i, sl, n = 0
    for i in range(1, NUM_SLOTS):
        sl = (s.shield + i) % NUM_SLOTS
        if s.slots[sl] >= 0:
            out[n] = sl
            n += 1
    return n


cdef inline bint occupied(St* s, int c) noexcept nogil:
    cdef int i
    for i in range(6):
        if s.troops[i] == c:
            return True
    return False


cdef void resources(St* s, Tab* T, int p, int* avail) noexcept nogil:
    """TwoHeirsState.resources: [wood, stone, wheat] within reach, under own troops, and
    one per own Farm / Sawmill / Quarry."""
    cdef int order[NUM_SLOTS]
    cdef int n = reserve_order(s, order), r = reach(s, p), i, k, pos, t, code
    avail[0] = avail[1] = avail[2] = 0
    if r < n:
        n = r
    for i in range(n):
        avail[T.colour[s.slots[order[i]]]] += 1
    for k in range(3):
        pos = s.troops[3 * p + k]
        if pos >= 0:
            avail[T.colour[s.board[pos] >> 2]] += 1
    for t in range(T.n):
        if s.tile_cell_set[t]:
            code = s.board[s.tile_cell[t]]
            if code & 3 == p and T.producer[t] >= 0:
                avail[T.producer[t]] += 1


cdef inline int shortfall(Tab* T, int t, const int* avail) noexcept nogil:
    cdef int i, out = 0
    for i in range(3):
        if T.cost[t][i] > avail[i]:
            out += T.cost[t][i] - avail[i]
    return out


cdef enum:
    EMPTY_CELLS = 0        # neighbour_codes: where a tile may be placed
    FREE_TILES = 1         # neighbour_codes: where a troop may be deployed


cdef inline int neighbour_codes(St* s, int p, int which, int* out) noexcept nogil:
    """The canonical codes ``8 * troop + direction`` of the cells next to ``p``'s troops,
    ascending (the first code reaching a cell is its smallest): with ``which``
    EMPTY_CELLS the empty cells (TwoHeirsState.placement_cells), with FREE_TILES the tiles
    no troop occupies (TwoHeirsState.deploy_cells). Returns how many."""
    cdef int k, d, pos, c, n = 0, i
    cdef int seen[24]
    cdef bint dup
    for k in range(3):
        pos = s.troops[3 * p + k]
        if pos >= 0:
            for d in range(8):
                c = pos + DELTA[d]
                if which == EMPTY_CELLS:
                    if s.board[c] >= 0:
                        continue
                elif s.board[c] < 0 or occupied(s, c):
                    continue
                dup = False
                for i in range(n):
                    if seen[i] == c:
                        dup = True
                        break
                if not dup:
                    seen[n] = c
                    out[n] = 8 * k + d
                    n += 1
    return n


cdef inline int reserve_troop(St* s, int p) noexcept nogil:
    """PureTwoHeirsState._reserve_troop."""
    cdef int o = 3 * p, k
    for k in range(1, 3):
        if s.troops[o + k] == IN_RESERVE and not (s.moved >> (o + k)) & 1:
            return k
    return -1


cdef int siege_targets(St* s, Tab* T, int* out) noexcept nogil:
    """PureTwoHeirsState._siege_targets: orthogonal directions from the new Siege Tower to
    opponent buildings another own Siege Tower also touches."""
    cdef int x = s.siege_cell, p = s.cur, i, j, y, z, code, c2, n = 0
    for i in range(4):
        y = x + ORTH[i]
        code = s.board[y]
        if code < 0 or code & 3 != 1 - p:
            continue
        for j in range(4):
            z = y + ORTH[j]
            if z == x:
                continue
            c2 = s.board[z]
            if c2 >= 0 and c2 & 3 == p and T.siege[c2 >> 2]:
                out[n] = i
                n += 1
                break
    return n


cdef int play_actions(St* s, Tab* T, int* out) noexcept nogil:
    """PureTwoHeirsState._play_actions, ascending."""
    cdef int p = s.cur, o = 3 * p, n = 0, i, h, k, d, pos, c, t, nc, nr, r
    cdef int order[NUM_SLOTS]
    cdef int codes[24]
    cdef int avail[3]
    nr = reserve_order(s, order)
    if s.takes_left > 0:
        r = reach(s, p)
        if r > nr:
            r = nr
        for i in range(r):
            out[n] = T.take0 + i
            n += 1
    if s.nhand[p]:
        nc = neighbour_codes(s, p, EMPTY_CELLS, codes)
        if nc:
            resources(s, T, p, avail)
            for h in range(s.nhand[p]):
                if shortfall(T, s.hand[p][h], avail) <= s.discounts:
                    for i in range(nc):
                        out[n] = T.build0 + 24 * h + codes[i]
                        n += 1
            for h in range(s.nhand[p]):
                for i in range(nc):
                    out[n] = T.expand0 + 24 * h + codes[i]
                    n += 1
    for k in range(3):
        pos = s.troops[o + k]
        if pos >= 0 and not (s.moved >> (o + k)) & 1:
            for d in range(8):
                c = pos + DELTA[d]
                if s.board[c] >= 0 and not occupied(s, c):
                    out[n] = T.move0 + 8 * k + d
                    n += 1
    if reserve_troop(s, p) >= 0:
        nc = neighbour_codes(s, p, FREE_TILES, codes)
        for i in range(nc):
            out[n] = T.deploy0 + codes[i]
            n += 1
    for k in range(1, 3):
        if s.troops[o + k] >= 0 and not (s.moved >> (o + k)) & 1:
            out[n] = T.withdraw0 + k
            n += 1
    if s.takes_left == 0 and s.taken > 0:
        for t in range(T.n):
            if T.camp[t] and s.tile_cell_set[t] and s.board[s.tile_cell[t]] == t * 4 + p:
                out[n] = T.flip0 + t
                n += 1
    if s.taken > 0 or nr == 0:
        out[n] = T.end
        n += 1
    return n


cdef int supply_colour_count(St* s, Tab* T, int* counts) noexcept nogil:
    cdef u64 m = s.supply
    cdef int t, n = 0
    counts[0] = counts[1] = counts[2] = 0
    while m:
        t = ctz64(m)
        m &= m - 1
        counts[T.colour[t]] += 1
        n += 1
    return n


cdef int chance_actions(St* s, Tab* T, int* out) noexcept nogil:
    """The outcomes of PureTwoHeirsState.chance_outcomes, in its order (uniform but at
    ``top``)."""
    cdef int n = 0, c, t, i, j
    cdef int counts[3]
    cdef u64 m
    cdef bint drawn
    if s.phase == PH_TOSS:
        out[0] = T.toss0
        out[1] = T.toss0 + 1
        return 2
    if s.phase == PH_TOP:
        supply_colour_count(s, T, counts)
        for c in range(3):
            if counts[c]:
                out[n] = T.top0 + c
                n += 1
        return n
    if s.phase == PH_DRAW:
        m = s.supply
        while m:
            t = ctz64(m)
            m &= m - 1
            if T.colour[t] == s.top:
                out[n] = T.draw0 + t
                n += 1
        return n
    if s.phase == PH_TREASURE:
        for i in range(T.n_tre):
            drawn = False
            for j in range(s.ndrawn):
                if s.tre_drawn[j] == i:
                    drawn = True
                    break
            if not drawn:
                out[n] = T.treasure0 + i
                n += 1
        return n
    return 0


cdef int legal(St* s, Tab* T, int* out) noexcept nogil:
    """PureTwoHeirsState.legal_actions."""
    cdef int n, i
    cdef int tg[4]
    if s.phase == PH_PLAY:
        return play_actions(s, T, out)
    if s.phase == PH_SIEGE:
        n = siege_targets(s, T, tg)
        for i in range(n):
            out[i] = T.destroy0 + tg[i]
        out[n] = T.spare
        return n + 1
    if s.phase == PH_DISCARD:
        for i in range(s.nhand[s.cur]):
            out[i] = T.discard0 + i
        return s.nhand[s.cur]
    if s.phase < PH_PLAY:
        return chance_actions(s, T, out)
    return 0


# ---------------------------------------------------------------------- solo: treasures
cdef bint treasure_met(St* s, Tab* T, int i, int pos) noexcept nogil:
    """solo.treasure_met for treasure ``i`` at ``pos``."""
    cdef int px = pos % W, py = pos // W, j, c, code, t, n = 0, want, x, y
    if T.tkind[i] == 2:
        for j in range(T.tncell[i]):
            x = px + T.tcell[i][j][0]
            y = py + T.tcell[i][j][1]
            if not (0 <= x < W and 0 <= y < W):
                return False
            code = s.board[y * W + x]
            if code < 0:
                return False
            want = T.tcell[i][j][2]
            if want != 3 and T.colour[code >> 2] != want:
                return False
        return True
    want = T.tcol[i]
    for t in range(T.n):
        if not s.tile_cell_set[t]:
            continue
        c = s.tile_cell[t]
        x = c % W
        y = c // W
        if (x == px and y != py) if T.tkind[i] == 0 else (y == py and x != px):
            if want == 3 or T.colour[t] == want:
                n += 1
                if n >= 2:
                    return True
    return False


cdef void check_treasures(St* s, Tab* T) noexcept nogil:
    """solo_engine.check_treasures: remove every treasure whose condition is met (in
    the order of their cells)."""
    cdef int i, j, best, tmp, keep = 0
    if s.ntre == 0:
        return
    # sort by cell (a handful)
    for i in range(s.ntre):
        best = i
        for j in range(i + 1, s.ntre):
            if s.tre_cell[j] < s.tre_cell[best]:
                best = j
        if best != i:
            tmp = s.tre_cell[i]; s.tre_cell[i] = s.tre_cell[best]; s.tre_cell[best] = tmp
            tmp = s.tre_id[i]; s.tre_id[i] = s.tre_id[best]; s.tre_id[best] = tmp
    for i in range(s.ntre):
        if treasure_met(s, T, s.tre_id[i], s.tre_cell[i]):
            s.tre_removed[s.nremoved] = s.tre_id[i]
            s.nremoved += 1
        else:
            s.tre_cell[keep] = s.tre_cell[i]
            s.tre_id[keep] = s.tre_id[i]
            keep += 1
    s.ntre = keep


# ---------------------------------------------------------------------- transitions
cdef inline void put(St* s, int cell, int code) noexcept nogil:
    s.board[cell] = code
    s.tile_cell[code >> 2] = cell
    s.tile_cell_set[code >> 2] = 1


cdef inline void begin_turn(St* s, int p) noexcept nogil:
    s.cur = p
    s.turn += 1
    s.acts = 0
    s.takes_left = 1
    s.taken = 0
    s.discounts = 0
    s.moved = 0


cdef void finish_turn(St* s, Tab* T) noexcept nogil:
    """PureTwoHeirsState._finish_turn."""
    cdef int nxt
    s.moved = 0
    s.discounts = 0
    s.takes_left = 0
    if s.final_left < 0:
        if s.supply == 0:
            s.final_left = 2
    else:
        s.final_left -= 1
        if s.final_left == 0:
            s.phase = PH_END
            return
    nxt = 1 - s.cur
    if T.solo and nxt == 1:
        s.cur = 1
        s.turn += 1
        s.h_step = 1
        advance(s, T)
        return
    begin_turn(s, nxt)
    s.phase = PH_PLAY


cdef bint heinrich_step(St* s, Tab* T) noexcept nogil:
    """solo_engine.heinrich_step: one step of Heinrich's turn; True at a chance node."""
    cdef int k, sl, first, top, t, old, here, mask, new_mask, d, q, block, code
    if s.h_step == 1:
        # solo.heinrich_take
        top = s.top if (s.supply and s.top >= 0) else -1
        first = -1
        sl = -1
        for k in range(1, NUM_SLOTS + 1):
            q = (s.shield + k) % NUM_SLOTS
            if q == s.shield or s.slots[q] < 0:
                continue
            if first < 0:
                first = q
                if top < 0:
                    sl = q
                    break
            if T.colour[s.slots[q]] == top:
                sl = q
                break
        if sl < 0:
            sl = first
        if sl < 0:
            s.lh_kind = 1
            s.h_step = 5
            return False
        s.h_tile = s.slots[sl]
        s.slots[sl] = -1
        old = s.shield
        s.shield = sl
        s.h_step = 2
        if s.supply:
            s.draw_to = old
        return False
    if s.h_step == 2:
        # solo.heinrich_placement_option
        t = s.h_tile
        here = s.board[s.scaffold]
        mask = T.rmask[here & 3][here >> 2] if (here >= 0 and here & 3 < 2) else 0
        new_mask = T.rmask[1][t]
        q = -1
        k = 0
        if mask:
            block = -1
            for d in range(4):
                if not mask & (1 << d):
                    continue
                code = s.scaffold + ORTH[d]
                if s.board[code] >= 0:
                    continue
                if new_mask & (1 << ((d + 2) % 4)):
                    q = code
                    k = 1
                    break
                if block < 0:
                    block = code
            if q < 0 and block >= 0:
                q = block
                k = 2
        if q < 0:
            for d in range(8):
                code = s.scaffold + DELTA[d]
                if s.board[code] < 0:
                    q = code
                    k = 3
                    break
        if q < 0:
            s.box[s.nbox] = t
            s.nbox += 1
            s.lh_kind = 2
            s.lh_tile = t
            s.h_tile = -1
            s.h_step = 5
            return False
        put(s, q, t * 4 + 1)
        s.h_cell = q
        s.lh_kind = 3
        s.lh_tile = t
        s.lh_cell = q
        s.lh_opt = k
        s.h_step = 3
        return False
    if s.h_step == 3:
        if s.ndrawn < T.tre_used:
            s.phase = PH_TREASURE
            return True
        s.h_step = 4
        return False
    if s.h_step == 4:
        # solo.heinrich_troop: the troop of the tile's colour
        s.troops[3 + T.colour[s.h_tile]] = s.h_cell
        s.h_step = 5
        return False
    check_treasures(s, T)
    s.h_step = 0
    s.h_tile = -1
    s.h_cell = -1
    finish_turn(s, T)
    return True


cdef void advance(St* s, Tab* T) noexcept nogil:
    """PureTwoHeirsState._advance: on to the next chance node or decision."""
    while True:
        if s.top < 0 and s.supply:
            s.phase = PH_TOP
            return
        if s.filled < 6:
            s.draw_to = s.filled + 1
            s.phase = PH_DRAW
            return
        if s.start_tile < 0:
            s.draw_to = START
            s.phase = PH_DRAW
            return
        if s.draw_to >= 0:
            if s.supply:
                s.phase = PH_DRAW
                return
            s.draw_to = -2
        if s.h_step:
            if heinrich_step(s, T):
                return
            continue
        if s.turn == 0:
            begin_turn(s, s.cur)
        s.phase = PH_PLAY
        return


cdef void hand_insert(St* s, int p, int t) noexcept nogil:
    cdef int i = s.nhand[p]
    while i > 0 and s.hand[p][i - 1] > t:
        s.hand[p][i] = s.hand[p][i - 1]
        i -= 1
    s.hand[p][i] = t
    s.nhand[p] += 1


cdef int hand_remove(St* s, int p, int h) noexcept nogil:
    cdef int t = s.hand[p][h], i
    for i in range(h, s.nhand[p] - 1):
        s.hand[p][i] = s.hand[p][i + 1]
    s.nhand[p] -= 1
    return t


cdef void apply_play(St* s, Tab* T, int a) noexcept nogil:
    """PureTwoHeirsState._apply_play for a legal action."""
    cdef int p = s.cur, o = 3 * p, k, sl, t, old, rel, h, code, cell, d, n
    cdef int order[NUM_SLOTS]
    cdef int avail[3]
    cdef int tg[4]
    if a < T.take0 + NUM_SLOTS:
        reserve_order(s, order)
        sl = order[a - T.take0]
        t = s.slots[sl]
        s.slots[sl] = -1
        old = s.shield
        s.shield = sl
        hand_insert(s, p, t)
        s.takes_left -= 1
        s.taken += 1
        if s.supply:
            s.draw_to = old
            advance(s, T)
    elif a < T.move0:
        if a < T.expand0:
            rel = a - T.build0
        else:
            rel = a - T.expand0
        h = rel // 24
        code = rel % 24
        cell = s.troops[o + code // 8] + DELTA[code % 8]
        if a < T.expand0:
            t = s.hand[p][h]
            resources(s, T, p, avail)
            s.discounts -= shortfall(T, t, avail)
            hand_remove(s, p, h)
            put(s, cell, t * 4 + p)
            if T.solo and p == 0:
                s.scaffold = cell
            if T.siege[t]:
                s.siege_cell = cell
                if siege_targets(s, T, tg):
                    s.phase = PH_SIEGE
        else:
            t = hand_remove(s, p, h)
            put(s, cell, t * 4 + OPEN)
            s.discounts += 1
        if T.solo:
            check_treasures(s, T)
    elif a < T.deploy0:
        k = (a - T.move0) // 8
        d = (a - T.move0) % 8
        s.troops[o + k] += DELTA[d]
        s.moved |= 1 << (o + k)
    elif a < T.withdraw0:
        code = a - T.deploy0
        k = reserve_troop(s, p)
        s.troops[o + k] = s.troops[o + code // 8] + DELTA[code % 8]
        s.moved |= 1 << (o + k)
    elif a < T.flip0:
        k = a - T.withdraw0
        s.troops[o + k] = IN_RESERVE
        s.moved |= 1 << (o + k)
    elif a < T.destroy0:
        t = a - T.flip0
        put(s, s.tile_cell[t], t * 4 + OPEN)
        s.takes_left = 1
        if T.solo:
            check_treasures(s, T)
    else:  # end
        if s.nhand[p] > HAND_LIMIT:
            s.phase = PH_DISCARD
        else:
            finish_turn(s, T)


cdef void apply(St* s, Tab* T, int a) noexcept nogil:
    """PureTwoHeirsState._apply_action for a legal action (the history is the caller's)."""
    cdef int ph = s.phase, t, y, i
    cdef int tg[4]
    if ph == PH_PLAY:
        apply_play(s, T, a)
        if s.phase != PH_END and a != T.end:
            s.acts += 1
    elif ph == PH_TOSS:
        s.cur = a - T.toss0
        advance(s, T)
    elif ph == PH_TOP:
        s.top = a - T.top0
        advance(s, T)
    elif ph == PH_DRAW:
        t = a - T.draw0
        s.supply &= ~((<u64>1) << t)
        s.top = -1
        if s.draw_to == START:
            s.start_tile = t
            put(s, ORIGIN, t * 4 + OPEN)
        else:
            s.slots[s.draw_to] = t
            if s.filled < 6:
                s.filled += 1
        s.draw_to = -2
        advance(s, T)
    elif ph == PH_TREASURE:
        i = a - T.treasure0
        s.tre_drawn[s.ndrawn] = i
        s.ndrawn += 1
        s.tre_cell[s.ntre] = s.h_cell
        s.tre_id[s.ntre] = i
        s.ntre += 1
        check_treasures(s, T)
        s.h_step = 4
        advance(s, T)
    elif ph == PH_SIEGE:
        if a == T.spare:
            s.phase = PH_PLAY
            s.siege_cell = -1
            return
        y = s.siege_cell + ORTH[a - T.destroy0]
        put(s, y, (s.board[y] >> 2) * 4 + OPEN)
        if T.solo:
            check_treasures(s, T)
        if siege_targets(s, T, tg) == 0:
            s.phase = PH_PLAY
            s.siege_cell = -1
    elif ph == PH_DISCARD:
        s.box[s.nbox] = hand_remove(s, s.cur, a - T.discard0)
        s.nbox += 1
        if s.nhand[s.cur] <= HAND_LIMIT:
            finish_turn(s, T)


# ---------------------------------------------------------------------- scoring
cdef inline int find(int* parent, int a) noexcept nogil:
    while parent[a] != a:
        a = parent[a]
    return a


cdef int line_tiles(St* s, Tab* T, int x, int y, int dx, int dy, int limit, int colour,
                    const int* bounds) noexcept nogil:
    """scoring._line_tiles: tiles met walking to the landscape's edge (gaps skipped)."""
    cdef int n = 0, code
    while True:
        x += dx
        y += dy
        if not (bounds[0] <= x <= bounds[1] and bounds[2] <= y <= bounds[3]):
            return n
        code = s.board[y * W + x]
        if code < 0:
            continue
        if colour >= 0 and T.colour[code >> 2] != colour:
            continue
        n += 1
        if limit > 0 and n >= limit:
            return n


cdef int area(St* s, Tab* T, int pos, int colour) noexcept nogil:
    """scoring._area: tiles of ``colour`` orthogonally connected to ``pos``, not itself."""
    cdef u64 seen = (<u64>1) << (s.board[pos] >> 2)
    cdef int stack[MAXT]
    cdef int top = 1, n = 0, c, q, d, code, t
    stack[0] = pos
    while top:
        top -= 1
        c = stack[top]
        for d in range(4):
            q = c + ORTH[d]
            code = s.board[q]
            if code < 0:
                continue
            t = code >> 2
            if (seen >> t) & 1 or T.colour[t] != colour:
                continue
            seen |= (<u64>1) << t
            n += 1
            stack[top] = q
            top += 1
    return n


cdef void totals(St* s, Tab* T, int* out, int* bases=NULL) noexcept nogil:
    """TwoHeirsState._totals: (seat 0, seat 1) final points of the landscape as it
    stands (scoring.score_totals; solo: score_heinrich_totals). ``bases``, if given,
    receives each building's points before doubling, by tile (scoring.building_scores'
    ``base``)."""
    cdef int t, u, c, code, owner, typ, i, j, k, d, x, y, base, n, m, a0, b0, best
    cdef int bounds[4]
    cdef int own_colour[2][3]
    cdef int own_type[2][NTYPES]
    cdef int guild[2][NTYPES]
    cdef int seat_at[6]
    cdef int parent[MAXT * 4]
    cdef int node0[MAXT]          # first section node of each tile
    cdef int endn[MAXT][4]        # section node with a road end on each side, or -1
    cdef int rtiles[MAXT * 4]
    cdef int rown[MAXT * 4][2]
    cdef int roots[4]
    cdef int nroots, nn = 0, r, other, ca, cb
    cdef int heinrich[MAXT]
    cdef int nh = 0, tmp
    cdef int tot[2]
    tot[0] = tot[1] = 0
    memset(own_colour, 0, sizeof(own_colour))
    memset(own_type, 0, sizeof(own_type))
    memset(guild, 0, sizeof(guild))
    bounds[0] = bounds[2] = 1 << 20
    bounds[1] = bounds[3] = -(1 << 20)
    for t in range(T.n):
        node0[t] = -1
        if not s.tile_cell_set[t]:
            continue
        c = s.tile_cell[t]
        x = c % W
        y = c // W
        if x < bounds[0]:
            bounds[0] = x
        if x > bounds[1]:
            bounds[1] = x
        if y < bounds[2]:
            bounds[2] = y
        if y > bounds[3]:
            bounds[3] = y
        code = s.board[c]
        owner = code & 3
        if owner < 2:
            own_colour[owner][T.colour[t]] += 1
            own_type[owner][T.typ[t]] += 1
            if T.typ[t] == T_GUILDHALL and T.target[t] >= 0:
                guild[owner][T.target[t]] = 1
    # roads (roads.RoadIndex): a node per section of a face-up building
    for t in range(T.n):
        if not s.tile_cell_set[t]:
            continue
        code = s.board[s.tile_cell[t]]
        owner = code & 3
        endn[t][0] = endn[t][1] = endn[t][2] = endn[t][3] = -1
        if owner >= 2:
            continue
        node0[t] = nn
        for i in range(T.nsec[owner][t]):
            parent[nn] = nn
            for d in range(4):
                if T.sec[owner][t][i] & (1 << d):
                    endn[t][d] = nn
            nn += 1
    for t in range(T.n):
        if node0[t] < 0:
            continue
        c = s.tile_cell[t]
        for d in range(2):       # north and east edges: each edge once
            if endn[t][d] < 0:
                continue
            code = s.board[c + ORTH[d]]
            if code < 0:
                continue
            u = code >> 2
            if node0[u] < 0 or endn[u][d + 2] < 0:
                continue
            a0 = find(parent, endn[t][d])
            b0 = find(parent, endn[u][d + 2])
            if a0 != b0:
                parent[a0] = b0
    for i in range(nn):
        parent[i] = find(parent, i)
        rtiles[i] = 0
        rown[i][0] = rown[i][1] = 0
    for t in range(T.n):
        if node0[t] < 0:
            continue
        owner = s.board[s.tile_cell[t]] & 3
        nroots = 0
        for i in range(T.nsec[owner][t]):
            r = parent[node0[t] + i]
            other = 0
            for j in range(nroots):
                if roots[j] == r:
                    other = 1
                    break
            if not other:
                roots[nroots] = r
                nroots += 1
                rtiles[r] += 1
                rown[r][owner] += 1
    # troops: the seat standing on each cell (the later troop wins, as troop_positions)
    for i in range(6):
        seat_at[i] = s.troops[i]
    # buildings (scoring._base)
    for t in range(T.n):
        if not s.tile_cell_set[t]:
            continue
        c = s.tile_cell[t]
        code = s.board[c]
        owner = code & 3
        if owner >= 2:
            continue
        typ = T.typ[t]
        x = c % W
        y = c // W
        base = 0
        if typ == T_CATHEDRAL:
            base = 5
        elif typ == T_CAMP:
            base = 2
        elif typ == T_INN:
            if T.row[t]:
                base = 1 + line_tiles(s, T, x, y, 1, 0, 3, -1, bounds) + \
                    line_tiles(s, T, x, y, -1, 0, 3, -1, bounds)
            else:
                base = 1 + line_tiles(s, T, x, y, 0, 1, 3, -1, bounds) + \
                    line_tiles(s, T, x, y, 0, -1, 3, -1, bounds)
        elif typ == T_MARKET:
            base = 1
            for d in range(4):
                if s.board[c + ORTH[d]] >= 0:
                    base += 1
        elif typ == T_PILGRIM:
            base = 1
            for i in range(T.nsec[owner][t]):
                n = rtiles[parent[node0[t] + i]]
                if n > base:
                    base = n
        elif typ == T_ROBBER:
            base = 2
            for d in range(4):
                u = s.board[c + ORTH[d]]
                if u >= 0 and u & 3 < 2 and u & 3 != owner:
                    base += 2
        elif typ == T_MILL:
            base = 1 + area(s, T, c, 2)
        elif typ == T_MINE:
            base = 1 + area(s, T, c, 1)
        elif typ == T_COWSHED:
            base = 1 + area(s, T, c, 0)
        elif typ == T_BAKERY or typ == T_SMITHY or typ == T_LODGE:
            k = 2 if typ == T_BAKERY else (1 if typ == T_SMITHY else 0)
            n = own_colour[owner][k]
            if T.colour[t] == k:
                n -= 1
            base = 1 + n
        elif typ == T_TRADING:
            base = 3 * own_type[owner][T.target[t]] if T.target[t] >= 0 else 0
        elif typ == T_STRONGHOLD:
            base = own_type[owner][T_SIEGE] + own_type[owner][T_STRONGHOLD]
        elif typ == T_WATCHTOWER:
            if T.row[t]:
                base = 1 + line_tiles(s, T, x, y, 1, 0, 0, T.colour[t], bounds) + \
                    line_tiles(s, T, x, y, -1, 0, 0, T.colour[t], bounds)
            else:
                base = 1 + line_tiles(s, T, x, y, 0, 1, 0, T.colour[t], bounds) + \
                    line_tiles(s, T, x, y, 0, -1, 0, T.colour[t], bounds)
        elif typ == T_GARRISON:
            n = 0
            for d in range(4):
                a0 = x + (1 if d < 2 else -1)
                b0 = y + (1 if d == 0 or d == 3 else -1)
                while bounds[0] <= a0 <= bounds[1] and bounds[2] <= b0 <= bounds[3]:
                    u = s.board[b0 * W + a0]
                    if u >= 0 and u & 3 < 2 and T.typ[u >> 2] == T_WATCHTOWER:
                        n += 1
                    a0 += (1 if d < 2 else -1)
                    b0 += (1 if d == 0 or d == 3 else -1)
            base = 2 * n
        elif typ == T_BASKET or typ == T_POTTERY or typ == T_COOPERAGE:
            n = 0
            for i in range(T.nform[owner][t]):
                ca = s.board[c + T.form[owner][t][i][0]]
                cb = s.board[c + T.form[owner][t][i][2]]
                if ca < 0 or cb < 0:
                    continue
                ca = T.colour[ca >> 2]
                cb = T.colour[cb >> 2]
                if T.form[owner][t][i][1] != -1:
                    if ca == T.form[owner][t][i][1] and cb == T.form[owner][t][i][3]:
                        n += 1
                elif ((ca == T.craft[t][0] and cb == T.craft[t][1])
                      or (ca == T.craft[t][1] and cb == T.craft[t][0])):
                    n += 1
            base = (4 if guild[owner][typ] else 3) * n
        # doubling: an own troop on the building (Heinrich's troops ignored in solo)
        if bases != NULL:
            bases[t] = base
        if owner == 1 and T.solo:
            heinrich[nh] = base
            nh += 1
            continue
        other = -1
        for i in range(6):
            if seat_at[i] == c:
                other = i // 3
        tot[owner] += 2 * base if other == owner else base
    if T.solo:
        # his 3 highest-scoring buildings score double, 5 points per treasure left
        for i in range(nh):
            tot[1] += heinrich[i]
        for k in range(3):
            best = -1
            for i in range(nh):
                if heinrich[i] >= 0 and (best < 0 or heinrich[i] > heinrich[best]):
                    best = i
            if best < 0:
                break
            tot[1] += heinrich[best]
            heinrich[best] = -1
        tot[1] += 5 * (s.ntre + T.tre_used - s.ndrawn)
    if T.roads:
        for i in range(nn):
            if parent[i] == i and rtiles[i] >= 2:
                if rown[i][0] > rown[i][1]:
                    tot[0] += rown[i][0] - rown[i][1]
                elif rown[i][1] > rown[i][0]:
                    tot[1] += rown[i][1] - rown[i][0]
    out[0] = tot[0]
    out[1] = tot[1]


# ---------------------------------------------------------------------- the greedy policy
cdef inline int margin(St* s, Tab* T, int p) noexcept nogil:
    """policies._margin: own points minus the other side's (Heinrich's in solo)."""
    cdef int out[2]
    totals(s, T, out)
    return out[0] - out[1] if p == 0 else out[1] - out[0]


cdef int best_after(St* s, Tab* T, const int* acts, int n, int p, int* best,
                    int* best_m) except -1 nogil:
    """policies.best_after: the actions of ``acts`` with the highest margin after them
    (each tried on a copy), their count, and that margin in ``best_m``.

    Raises MemoryError when the copy cannot be allocated."""
    cdef St* child = <St*>malloc(sizeof(St))
    cdef int i, m, nb = 0
    if child == NULL:
        with gil:
            raise MemoryError()
    for i in range(n):
        memcpy(child, s, sizeof(St))
        apply(child, T, acts[i])
        m = margin(child, T, p)
        if nb == 0 or m > best_m[0]:
            best_m[0] = m
            best[0] = acts[i]
            nb = 1
        elif m == best_m[0]:
            best[nb] = acts[i]
            nb += 1
    free(child)
    return nb


cdef int discard_choice(St* s, Tab* T) noexcept nogil:
    """policies.decision_action at a discard: the tile hardest to afford, then the
    dearest (cost compared as (wood, stone, wheat)); the first of equals."""
    cdef int p = s.cur, h, t, sh, best = 0, j, cmp
    cdef int best_sh = -1
    cdef int avail[3]
    resources(s, T, p, avail)
    for h in range(s.nhand[p]):
        t = s.hand[p][h]
        sh = shortfall(T, t, avail)
        if h == 0:
            best, best_sh = 0, sh
            continue
        cmp = sh - best_sh
        if cmp == 0:
            for j in range(3):
                cmp = T.cost[t][j] - T.cost[s.hand[p][best]][j]
                if cmp:
                    break
        if cmp > 0:
            best, best_sh = h, sh
    return T.discard0 + best


cdef int take_choice(St* s, Tab* T, const int* acts, int n, int* cands) noexcept nogil:
    """policies.take_action's candidates: the takes whose tile lacks the fewest
    resources once taken, then the dearest; returns their count."""
    cdef int p = s.cur, i, t, k0, k1, nc = 0, b0 = 0, b1 = 0
    cdef int order[NUM_SLOTS]
    cdef int avail[3]
    cdef int left[3]
    resources(s, T, p, avail)
    reserve_order(s, order)
    for i in range(n):
        if acts[i] >= T.take0 + NUM_SLOTS:
            break
        t = s.slots[order[acts[i] - T.take0]]
        left[0] = avail[0]
        left[1] = avail[1]
        left[2] = avail[2]
        left[T.colour[t]] -= 1
        k0 = shortfall(T, t, left)
        k1 = -T.costsum[t]
        if nc == 0 or k0 < b0 or (k0 == b0 and k1 < b1):
            b0, b1 = k0, k1
            cands[0] = acts[i]
            nc = 1
        elif k0 == b0 and k1 == b1:
            cands[nc] = acts[i]
            nc += 1
    return nc


cdef int opening_action(St* s, Tab* T, object draw, const int* buf, int n) except -2:
    """policies.opening_action among the ``n`` legal actions ``buf`` (a decision node):
    the only legal action; a Siege Tower's destroy or the hand-limit discard
    (policies.decision_action); the take (:func:`take_choice`, one ``draw()``) when takes
    are legal (they come first in ``buf``); -1 for none of these."""
    cdef int cands[NUM_SLOTS]
    cdef int nc
    if n == 1:
        return buf[0]
    if s.phase == PH_SIEGE:
        return buf[0] if buf[0] != T.spare else buf[n - 1]
    if s.phase == PH_DISCARD:
        return discard_choice(s, T)
    if buf[0] < T.take0 + NUM_SLOTS:
        nc = take_choice(s, T, buf, n, cands)
        return cands[<int>(draw() * nc)]
    return -1


cdef inline int actions_in(const int* buf, int n, int lo, int hi, int* out) noexcept nogil:
    """The actions ``a`` of ``buf`` (``n`` of them) with ``lo <= a < hi``, written to
    ``out`` in ``buf``'s order; returns how many."""
    cdef int i, k = 0
    for i in range(n):
        if lo <= buf[i] < hi:
            out[k] = buf[i]
            k += 1
    return k


# ---------------------------------------------------------------------- the fast policy
cdef enum:
    FAST_CELLS = 6         # playout.CELLS


cdef int over_limit_expansions(St* s, Tab* T, int p, const int* buf, int n,
                               int* sub) noexcept nogil:
    """policies.over_limit_expansions: over the hand limit, both policies expand face down:
    the expansions (among the ``n`` legal actions ``buf``) of the hand tile hardest to
    afford, or of any hand tile when that one has none, written to ``sub`` in ``buf``'s
    order; returns how many."""
    cdef int avail[3]
    cdef int h, i, k = 0, hard = 0, hs = -1, sh
    resources(s, T, p, avail)
    for h in range(s.nhand[p]):
        sh = shortfall(T, s.hand[p][h], avail)
        if sh > hs:
            hard, hs = h, sh
    for i in range(n):
        if T.expand0 <= buf[i] < T.move0 and (buf[i] - T.expand0) // 24 == hard:
            sub[k] = buf[i]
            k += 1
    if k == 0:
        k = actions_in(buf, n, T.expand0, T.move0, sub)
    return k


cdef int fast_troop(St* s, Tab* T, const int* acts, int n, int* best) noexcept nogil:
    """playout._troop's candidates: the moves and deployments onto an own building of
    some cost that gain the most points (the building's base, less that of an own
    building left; a move before a deployment), gaining at least 1; their count."""
    cdef int p = s.cur, o = 3 * p, i, a, k, d, pos, src, dest, code, g0, g1, nb = 0
    cdef int b0 = 1, b1 = 0, have = 0
    cdef int bases[MAXT]
    cdef int out[2]
    for i in range(n):
        a = acts[i]
        if a < T.move0:
            continue
        if a >= T.withdraw0:
            break
        if a < T.deploy0:
            k = (a - T.move0) // 8
            d = (a - T.move0) % 8
        else:
            k = (a - T.deploy0) // 8
            d = (a - T.deploy0) % 8
        pos = s.troops[o + k]
        dest = pos + DELTA[d]
        code = s.board[dest]
        if not (code & 3 == p and T.costsum[code >> 2] != 0):
            continue
        if not have:
            memset(bases, 0, sizeof(bases))
            totals(s, T, out, bases)
            have = 1
        src = pos if a < T.deploy0 else -1
        g0 = bases[code >> 2]
        if src >= 0:
            code = s.board[src]
            if code >= 0 and code & 3 == p and bases[code >> 2] > 0:
                g0 -= bases[code >> 2]
        g1 = 1 if a < T.deploy0 else 0
        if g0 > b0 or (g0 == b0 and g1 > b1):
            b0, b1 = g0, g1
            best[0] = a
            nb = 1
        elif g0 == b0 and g1 == b1:
            best[nb] = a
            nb += 1
    return nb


#: The playout policies compiled here: name -> code of Core._playout. Each has a Python
#: twin marked ``regalia.core.policies.compiled_as(name)``: ``random`` is
#: ``agents.search.random_action``, ``greedy`` is ``policies.greedy_policy``, ``fast``
#: is ``playout.fast_policy``.
POLICIES = {"random": 0, "greedy": 1, "fast": 2}

_TYPES = ("inn", "market", "pilgrimage-site", "robber-barony", "mill", "mine", "cowshed",
          "bakery", "encampment", "smithy", "lodge", "farm", "sawmill", "quarry",
          "trading-post", "cathedral", "siege-tower", "stronghold", "watchtower", "garrison",
          "basket-shop", "pottery", "cooperage", "guildhall")
_COLOURS = ("green", "grey", "yellow")


cdef class Tables:
    """The C tables of one game (built once per game, shared by its states)."""

    cdef Tab t

    def __reduce__(self):
        # a pickled game carries no C tables: the copy builds its own (tables_of)
        return (_rebuilt_later, ())

    def __init__(self, game):
        from .landscape import cell_offset, tables as tile_tables
        from .components import TYPES
        assert tuple(TYPES) == _TYPES, "components.TYPES changed: update _engine.pyx"
        cdef Tab* T = &self.t
        cdef int i, o, j, k
        memset(T, 0, sizeof(Tab))
        tb = game.tables
        tt = tile_tables(game.tiles)
        if tb.n_tiles > MAXT:
            raise ValueError(f"at most {MAXT} tiles, not {tb.n_tiles}")
        T.n = tb.n_tiles
        T.solo = 1 if game.solo else 0
        T.roads = 1 if game.roads else 0
        T.n_tre = tb.n_treasures
        if T.n_tre > MAXTRE:
            raise ValueError(f"at most {MAXTRE} treasures, not {T.n_tre}")
        T.tre_used = game.treasures_used
        T.take0 = tb.take0
        T.build0 = tb.build0
        T.expand0 = tb.expand0
        T.move0 = tb.move0
        T.deploy0 = tb.deploy0
        T.withdraw0 = tb.withdraw0
        T.flip0 = tb.flip0
        T.destroy0 = tb.destroy0
        T.spare = tb.spare
        T.discard0 = tb.discard0
        T.end = tb.end
        T.toss0 = tb.toss0
        T.top0 = tb.top0
        T.draw0 = tb.draw0
        T.treasure0 = tb.treasure0
        T.nact = tb.num_actions
        T.used = 0
        for i in tb.used:
            T.used |= (<u64>1) << i
        for i in range(T.n):
            T.colour[i] = tb.colour[i]
            T.producer[i] = tb.producer[i]
            T.camp[i] = 1 if tb.is_camp[i] else 0
            T.siege[i] = 1 if tb.is_siege[i] else 0
            T.typ[i] = _TYPES.index(tt.type[i])
            T.row[i] = 1 if tt.direction[i] == "row" else 0
            T.target[i] = _TYPES.index(tt.target[i]) if tt.target[i] in _TYPES else -1
            cc = tt.craft_colours[i]
            T.craft[i][0] = _COLOURS.index(cc[0]) if cc is not None else -1
            T.craft[i][1] = _COLOURS.index(cc[1]) if cc is not None else -1
            for j in range(3):
                T.cost[i][j] = tb.cost[i][j]
            T.costsum[i] = sum(tb.cost[i])
            for o in range(2):
                secs = tt.sections[o][i]
                if len(secs) > 4:
                    raise ValueError(f"tile {tb.ids[i]}: more than 4 road sections")
                T.nsec[o][i] = len(secs)
                for j, m in enumerate(secs):
                    T.sec[o][i][j] = m
                T.rmask[o][i] = tt.road_mask[o][i]
                pairs = tt.formation[o][i]
                if len(pairs) > MAXFORM:
                    raise ValueError(f"tile {tb.ids[i]}: more than {MAXFORM} craft pairs")
                T.nform[o][i] = len(pairs)
                for j, ((ax, ay, acol), (bx, by, bcol)) in enumerate(pairs):
                    T.form[o][i][j][0] = ay * W + ax
                    T.form[o][i][j][1] = _pinned(acol)
                    T.form[o][i][j][2] = by * W + bx
                    T.form[o][i][j][3] = _pinned(bcol)
        for i, tre in enumerate(game.treasures.treasures):
            T.tkind[i] = ("vertical", "horizontal", "formation").index(tre.kind)
            T.tcol[i] = (3 if tre.colour == "any" else _COLOURS.index(tre.colour)
                         if tre.colour in _COLOURS else -2)
            cells = tre.cells or ()
            if len(cells) > MAXTCELL:
                raise ValueError(f"treasure {tre.id}: more than {MAXTCELL} cells")
            T.tncell[i] = len(cells)
            for j, cell in enumerate(cells):
                dx, dy = cell_offset(cell.at, 0)
                T.tcell[i][j][0] = dx
                T.tcell[i][j][1] = dy
                T.tcell[i][j][2] = (3 if cell.colour == "any" else _COLOURS.index(cell.colour)
                                    if cell.colour in _COLOURS else -2)


def _rebuilt_later():
    """What a pickled :class:`Tables` becomes: nothing (rebuilt on first use)."""
    return None


cdef int _pinned(colour):
    """A craft pair cell's colour: -1 unpinned (None), 0-2 a colour, -3 one no tile has."""
    if colour is None:
        return -1
    return _COLOURS.index(colour) if colour in _COLOURS else -3


cdef Tables tables_of(game):
    """The game's :class:`Tables`, built on first use and kept on the game."""
    tab = getattr(game, "_compiled_tables", None)
    if tab is None:
        tab = Tables(game)
        game._compiled_tables = tab
    return <Tables>tab


_LAST_OPTION = ("", "A", "B", "C")


# ---------------------------------------------------------------------- the state
cdef class Core:
    """The C-typed position and the hot methods of the state contract (see the module
    docstring). Not used alone: :class:`~.compiled.CompiledTwoHeirsState` is the state."""

    cdef St s
    cdef Tab* tab
    cdef Tables _tabobj
    cdef History _hist     # the actions applied (the pure engine's ``hist``)
    cdef public object _game, _seed, _dealer, T, _last_text

    def __cinit__(self):
        history_init(&self._hist)

    def __dealloc__(self):
        history_free(&self._hist)

    cdef _bind(self, game):
        self._game = game
        self.T = game.tables
        self._tabobj = tables_of(game)
        self.tab = &self._tabobj.t
        self._last_text = ""

    def __init__(self, game, seed=None):
        """PureTwoHeirsState.__init__: a new game (solo: set up to the first chance node)."""
        self._start(game, seed)
        self._bind(game)
        cdef St* s = &self.s
        cdef int i
        memset(s, 0, sizeof(St))
        for i in range(NCELL):
            s.board[i] = -1
        s.phase = PH_TOSS
        s.supply = self.tab.used
        s.top = -1
        for i in range(NUM_SLOTS):
            s.slots[i] = -1
        s.troops[0] = s.troops[3] = ORIGIN
        s.troops[1] = s.troops[2] = s.troops[4] = s.troops[5] = IN_RESERVE
        if self.tab.solo:
            s.troops[3] = s.troops[4] = s.troops[5] = OFF_BOARD
        s.final_left = -1
        s.draw_to = 1
        s.start_tile = -1
        s.siege_cell = -1
        s.scaffold = ORIGIN
        s.h_tile = -1
        s.h_cell = -1
        if self.tab.solo:
            advance(s, self.tab)

    def _load(self, pure):
        """Take the position of ``pure`` (a PureTwoHeirsState of the same game, checked by
        its own from_json or set-up) into the C struct."""
        cdef St* s = &self.s
        cdef int i, p, c, code
        self._bind(pure.game)
        self._seed = None
        self._dealer = None
        memset(s, 0, sizeof(St))
        for i in range(NCELL):
            s.board[i] = -1
        s.phase = pure.phase
        s.cur = pure.cur
        s.top = pure.top
        s.shield = pure.shield
        s.moved = pure.moved
        s.takes_left = pure.takes_left
        s.taken = pure.taken
        s.discounts = pure.discounts
        s.final_left = pure.final_left
        s.draw_to = pure.draw_to
        s.filled = pure.filled
        s.start_tile = pure.start_tile
        s.siege_cell = pure.siege_cell
        s.scaffold = pure.scaffold
        s.h_step = pure.h_step
        s.h_tile = pure.h_tile
        s.h_cell = pure.h_cell
        s.turn = pure.turn
        s.acts = pure.acts
        n = self.tab.n
        if (any(not 0 <= t < n for t in pure.supply) or len(pure.box) > MAXT
                or any(not 0 <= t < n for t in pure.box)
                or any(not -1 <= t < n for t in pure.slots)
                or any(not 0 <= t < n for h in pure.hands for t in h)
                or any(not 0 <= code >> 2 < n for code in pure.board.values())
                or any(not OFF_BOARD <= c < NCELL for c in pure.troops)
                or not 0 <= pure.cur <= 1 or not 0 <= pure.shield < NUM_SLOTS
                or not -2 <= pure.draw_to < NUM_SLOTS or not 0 <= pure.filled <= 6
                or not -1 <= pure.top <= 2):
            raise ValueError("a tile, space or index outside the game")
        s.supply = 0
        for t in pure.supply:
            s.supply |= (<u64>1) << t
        if len(pure.slots) != NUM_SLOTS:
            raise ValueError(f"the royal reserve has {NUM_SLOTS} slots")
        for i in range(NUM_SLOTS):
            s.slots[i] = pure.slots[i]
        for i in range(6):
            s.troops[i] = pure.troops[i]
        for c, code in pure.board.items():
            if not 0 <= c < NCELL:
                raise ValueError(f"a tile outside the table grid")
            put(s, c, code)
        for p in range(2):
            if len(pure.hands[p]) > HAND_MAX:
                raise ValueError(f"at most {HAND_MAX} tiles in a hand")
            s.nhand[p] = len(pure.hands[p])
            for i, t in enumerate(pure.hands[p]):
                s.hand[p][i] = t
        s.nbox = len(pure.box)
        for i, t in enumerate(pure.box):
            s.box[i] = t
        if len(pure.tre_board) > MAXTRE or len(pure.tre_drawn) > MAXTRE \
                or len(pure.tre_removed) > MAXTRE:
            raise ValueError(f"at most {MAXTRE} treasures")
        for i, t in enumerate(pure.tre_board.values()):
            s.tre_id[i] = t
        s.ntre = len(pure.tre_board)
        for i, c in enumerate(pure.tre_board):
            s.tre_cell[i] = c
        s.ndrawn = len(pure.tre_drawn)
        for i, t in enumerate(pure.tre_drawn):
            s.tre_drawn[i] = t
        s.nremoved = len(pure.tre_removed)
        for i, t in enumerate(pure.tre_removed):
            s.tre_removed[i] = t
        # positions the pure engine's from_json lets through but no game reaches, on which
        # C would read outside the grid (the pure engine reads Python's negative indices)
        if self.tab.solo and not 0 <= s.scaffold < NCELL:
            raise ValueError("a solo game needs the human's last building ('scaffold')")
        if 2 <= s.h_step <= 4 and not 0 <= s.h_tile < self.tab.n:
            raise ValueError("Heinrich's turn at this step needs his tile ('solo tile')")
        if 3 <= s.h_step <= 4 and (not 0 <= s.h_cell < NCELL or s.board[s.h_cell] < 0):
            raise ValueError("Heinrich's turn at this step needs his building ('solo cell')")
        s.lh_kind = 0
        self._last_text = pure.last_h
        history_load(&self._hist, pure.hist)

    # ------------------------------------------------------------------ the data
    # The pure engine's fields, in its layout (state.PureTwoHeirsState).
    @property
    def phase(self):
        return self.s.phase

    @property
    def cur(self):
        return self.s.cur

    @property
    def supply(self):
        cdef u64 m = self.s.supply
        out = []
        while m:
            out.append(ctz64(m))
            m &= m - 1
        return out

    @property
    def top(self):
        return self.s.top

    @property
    def slots(self):
        return [self.s.slots[i] for i in range(NUM_SLOTS)]

    @property
    def shield(self):
        return self.s.shield

    @property
    def board(self):
        cdef int t
        return {self.s.tile_cell[t]: self.s.board[self.s.tile_cell[t]]
                for t in range(self.tab.n) if self.s.tile_cell_set[t]}

    @property
    def troops(self):
        return [self.s.troops[i] for i in range(6)]

    @property
    def moved(self):
        return self.s.moved

    @property
    def hands(self):
        return [[self.s.hand[p][i] for i in range(self.s.nhand[p])] for p in range(2)]

    @property
    def box(self):
        return [self.s.box[i] for i in range(self.s.nbox)]

    @property
    def takes_left(self):
        return self.s.takes_left

    @property
    def taken(self):
        return self.s.taken

    @property
    def discounts(self):
        return self.s.discounts

    @property
    def final_left(self):
        return self.s.final_left

    @property
    def draw_to(self):
        return self.s.draw_to

    @property
    def filled(self):
        return self.s.filled

    @property
    def start_tile(self):
        return self.s.start_tile

    @property
    def siege_cell(self):
        return self.s.siege_cell

    @property
    def scaffold(self):
        return self.s.scaffold

    @property
    def tre_board(self):
        return {self.s.tre_cell[i]: self.s.tre_id[i] for i in range(self.s.ntre)}

    @property
    def tre_drawn(self):
        return [self.s.tre_drawn[i] for i in range(self.s.ndrawn)]

    @property
    def tre_removed(self):
        return [self.s.tre_removed[i] for i in range(self.s.nremoved)]

    @property
    def h_step(self):
        return self.s.h_step

    @property
    def h_tile(self):
        return self.s.h_tile

    @property
    def h_cell(self):
        return self.s.h_cell

    @property
    def last_h(self):
        """solo_engine.heinrich_step's words on Heinrich's last move."""
        from .actions import tile_label
        from .geometry import fmt_cell
        k = self.s.lh_kind
        if k == 0:
            return self._last_text
        if k == 1:
            return "Heinrich finds no building in the reserve"
        label = tile_label(self.T, self.s.lh_tile)
        if k == 2:
            return f"Heinrich takes {label}: no space, it leaves the game (option D)"
        return (f"Heinrich builds {label} at {fmt_cell(self.s.lh_cell)} "
                f"(option {_LAST_OPTION[self.s.lh_opt]})")

    @property
    def hist(self):
        return history_list(&self._hist)

    @property
    def turn(self):
        return self.s.turn

    @property
    def acts(self):
        return self.s.acts

    # ------------------------------------------------------------------ the contract
    def clone(self):
        cdef Core c = Core.__new__(type(self))
        memcpy(&c.s, &self.s, sizeof(St))
        history_copy(&c._hist, &self._hist)
        c._game = self._game
        c.T = self.T
        c._tabobj = self._tabobj
        c.tab = self.tab
        c._last_text = self._last_text
        c._seed = None       # copies never carry the seed (see regalia.core.state)
        c._dealer = None
        return c

    def history(self):
        return history_list(&self._hist)

    def current_player(self):
        cdef int ph = self.s.phase
        if ph >= PH_PLAY:
            return TERMINAL if ph == PH_END else self.s.cur
        return CHANCE

    def is_chance_node(self):
        return self.s.phase < PH_PLAY

    def is_terminal(self):
        return self.s.phase == PH_END

    def legal_actions(self):
        cdef int buf[MAXACT]
        cdef int i, n = legal(&self.s, self.tab, buf)
        return [buf[i] for i in range(n)]

    def chance_outcomes(self):
        cdef St* s = &self.s
        cdef int buf[MAXACT]
        cdef int counts[3]
        cdef int i, n, total
        cdef double p
        if s.phase >= PH_PLAY:
            return self._to_pure().chance_outcomes()   # raises the reference's error
        n = chance_actions(s, self.tab, buf)
        if s.phase == PH_TOP:
            total = supply_colour_count(s, self.tab, counts)
            return [(buf[i], <double>counts[buf[i] - self.tab.top0] / <double>total)
                    for i in range(n)]
        p = 1.0 / n
        return [(buf[i], p) for i in range(n)]

    def sample_chance_outcome(self, rng):
        cdef St* s = &self.s
        if s.phase >= PH_PLAY:
            return self._to_pure().sample_chance_outcome(rng)
        return self._sample(rng.random())

    cdef int _sample(self, double x):
        """TwoHeirsState.sample_chance_outcome given the generator's draw ``x``: the
        cumulative pick of State.sample_chance_outcome at ``top``, else the uniform one."""
        cdef St* s = &self.s
        cdef int buf[MAXACT]
        cdef int counts[3]
        cdef int i, n = chance_actions(s, self.tab, buf), total
        cdef double acc = 0.0
        if s.phase == PH_TOP:
            total = supply_colour_count(s, self.tab, counts)
            for i in range(n):
                acc += <double>counts[buf[i] - self.tab.top0] / <double>total
                if x < acc:
                    return buf[i]
            return buf[n - 1]
        return buf[<int>(x * n)]

    def apply_action(self, action):
        """State.apply_action: the same checks, the same errors, the transition in C."""
        cdef int buf[MAXACT]
        cdef int i, n, a
        cdef bint ok = False
        if (type(action) is not int or not 0 <= action < self.tab.nact
                or self.s.phase == PH_END):
            raise self._refusal(action)
        a = action
        n = legal(&self.s, self.tab, buf)
        for i in range(n):
            if buf[i] == a:
                ok = True
                break
        if not ok:
            self._to_pure()._apply_action(a)   # raises the reference's IllegalActionError
            raise AssertionError(f"the compiled engine refused action {a} that the pure "
                                 f"engine accepts")
        apply(&self.s, self.tab, a)
        history_push(&self._hist, a)

    def resample_from_infostate(self, player, rng):
        """information.resample_from_infostate: a copy with the face-down starting tile
        redrawn among itself and the supply's tiles of its colour, in the order of their
        ids (one ``rng.random()`` when there is a starting tile), the history's draw
        changed with it."""
        self.check_seat(player)
        cdef Core c = self.clone()
        cdef St* s = &c.s
        cdef Tab* T = self.tab
        cdef int t = s.start_tile, u, n = 0, i, a, b
        cdef int cands[MAXT]
        cdef u64 m
        if t < 0:
            return c
        m = s.supply | ((<u64>1) << t)   # in the order of the ids: not telling t apart
        while m:
            u = ctz64(m)
            m &= m - 1
            if T.colour[u] == T.colour[t]:
                cands[n] = u
                n += 1
        u = cands[<int>(rng.random() * n)]
        if u != t:
            s.supply &= ~((<u64>1) << u)
            s.supply |= (<u64>1) << t
            s.tile_cell_set[t] = 0
            s.start_tile = u
            put(s, ORIGIN, u * 4 + OPEN)
            a = T.draw0 + t
            b = T.draw0 + u
            for i in range(c._hist.n):
                if c._hist.acts[i] == a:
                    c._hist.acts[i] = b
        return c

    def _totals(self):
        cdef int out[2]
        totals(&self.s, self.tab, out)
        return (out[0], out[1])

    def compiled_playout(self, policy, rng):
        """State.compiled_playout: play to the end here with ``policy`` (``random``, as
        :data:`POLICIES`), drawing from ``rng`` exactly as the Python loop of
        ``regalia.agents.search.playout`` does; False for another policy (the state is
        then unchanged)."""
        code = POLICIES.get(policy)
        if code is None:
            return False
        if code == 0:
            self._playout(rng.random)
        else:
            self._policy_playout(rng.random, rng.sample, code)
        return True

    cdef int _playout(self, object draw) except -1:
        """Play to the end. ``draw()`` gives the generator's next float in [0, 1); it is
        called where the Python loop calls ``rng.random()``: once at every chance node
        (TwoHeirsState.sample_chance_outcome) and once at every decision, even a forced
        one (agents.search.random_action)."""
        cdef St* s = &self.s
        cdef Tab* T = self.tab
        cdef int buf[MAXACT]
        cdef int a, n
        cdef double x
        while s.phase != PH_END:
            x = draw()
            if s.phase < PH_PLAY:
                a = self._sample(x)
            else:
                n = legal(s, T, buf)
                a = buf[<int>(x * n)]
            apply(s, T, a)
            history_push(&self._hist, a)
        return 0

    cdef int _policy_playout(self, object draw, object sample, int code) except -1:
        """Play to the end with policies.greedy_policy (``code`` 1) or
        playout.fast_policy (2), calling ``draw()`` and ``sample(list, k)`` exactly where
        they and the chance nodes call ``rng.random()`` and ``rng.sample``."""
        cdef St* s = &self.s
        cdef Tab* T = self.tab
        cdef int a
        while s.phase != PH_END:
            if s.phase < PH_PLAY:
                a = self._sample(draw())
            elif code == 1:
                a = self._greedy(draw)
            else:
                a = self._fast(draw, sample)
            apply(s, T, a)
            history_push(&self._hist, a)
        return 0

    cdef int _fast(self, object draw, object sample) except -1:
        """playout.fast_policy's action here (a decision node); ``draw()`` and
        ``sample`` are called where it calls ``rng.random()`` and ``rng.sample``."""
        cdef St* s = &self.s
        cdef Tab* T = self.tab
        cdef int buf[MAXACT]
        cdef int sub[MAXACT]
        cdef int best[MAXACT]
        cdef int slots[HAND_MAX]
        cdef int n, i, k, nb, nsl, top, h, now, m, a, p = s.cur
        n = legal(s, T, buf)
        a = opening_action(s, T, draw, buf, n)
        if a >= 0:
            return a
        # _build: the richest affordable hand tile, at the best of up to CELLS cells
        k = 0
        nsl = 0
        top = -1
        for i in range(n):
            if T.build0 <= buf[i] < T.expand0:
                sub[k] = buf[i]
                k += 1
                h = (buf[i] - T.build0) // 24
                if nsl == 0 or slots[nsl - 1] != h:
                    slots[nsl] = h
                    nsl += 1
                    if T.costsum[s.hand[p][h]] > top:
                        top = T.costsum[s.hand[p][h]]
        if k:
            nb = 0
            for i in range(nsl):
                if T.costsum[s.hand[p][slots[i]]] == top:
                    best[nb] = slots[i]
                    nb += 1
            h = best[<int>(draw() * nb)]
            nb = 0
            for i in range(k):
                if (sub[i] - T.build0) // 24 == h:
                    best[nb] = sub[i]
                    nb += 1
            if nb > FAST_CELLS:
                chosen = sample([best[i] for i in range(nb)], FAST_CELLS)
                nb = 0
                for a in chosen:
                    best[nb] = a
                    nb += 1
            memcpy(sub, best, nb * sizeof(int))
            now = margin(s, T, p)
            nb = best_after(s, T, sub, nb, p, best, &m)
            if m >= now:
                return best[<int>(draw() * nb)]
        nb = fast_troop(s, T, buf, n, best)
        if nb:
            return best[<int>(draw() * nb)]
        if s.nhand[p] > HAND_LIMIT:
            k = over_limit_expansions(s, T, p, buf, n, sub)
            if k:
                return sub[<int>(draw() * k)]
        if buf[n - 1] == T.end:
            return T.end
        return buf[<int>(draw() * n)]

    cdef int _greedy(self, object draw) except -1:
        """policies.greedy_policy's action here (a decision node); ``draw()`` is called
        where it calls ``rng.random()``."""
        cdef St* s = &self.s
        cdef Tab* T = self.tab
        cdef int buf[MAXACT]
        cdef int sub[MAXACT]
        cdef int best[MAXACT]
        cdef int n, k, nb, now, m, a, p = s.cur
        n = legal(s, T, buf)
        a = opening_action(s, T, draw, buf, n)
        if a >= 0:
            return a
        now = margin(s, T, p)
        k = actions_in(buf, n, T.build0, T.expand0, sub)
        if k:
            nb = best_after(s, T, sub, k, p, best, &m)
            a = best[<int>(draw() * nb)]
            if m >= now:
                return a
        k = actions_in(buf, n, T.move0, T.flip0, sub)
        if k:
            nb = best_after(s, T, sub, k, p, best, &m)
            a = best[<int>(draw() * nb)]
            if m > now:
                return a
        if s.nhand[p] > HAND_LIMIT:
            k = over_limit_expansions(s, T, p, buf, n, sub)
            if k:
                nb = best_after(s, T, sub, k, p, best, &m)
                return best[<int>(draw() * nb)]
        if buf[n - 1] == T.end:
            return T.end
        return buf[<int>(draw() * n)]
