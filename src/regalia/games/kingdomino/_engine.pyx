# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, embedsignature=True
"""The compiled Kingdomino engine core (issue 15; ARCHITECTURE.md, "Compiled kernels").

:class:`Core` keeps a whole position in one C struct and implements, in C, the hot part
of the state contract: whose turn, legal actions, the transitions, chance outcomes, the
scores and whole playouts (random and greedy, with the caller's generator). It is the
first base of :class:`regalia.games.kingdomino.compiled.CompiledKingdominoState`, whose
second base, :class:`regalia.games.kingdomino.state.KingdominoState`, supplies everything
else (notation, observation, JSON, breakdowns) by reading the data through the same
names as the pure engine (``phase``, ``cur_nums``, ``terr``... shown here as properties in
the pure engine's layout).

The rules are the pure engine's (:mod:`.state`, the reference, which cites the rulebook);
every function below mirrors one there, named in its docstring, and the differential
tests (``tests/games/kingdomino/test_kingdomino_compiled.py``) check that both give the
same legal actions in the same order, histories, scores, observations and JSON, and
consume the same random numbers. An illegal action is refused by asking the pure engine
on a copy of the position, so the error is the reference's, word for word.

Boards are row masks: one ``unsigned short`` per row of the ``B x B`` board (``B`` = 9, or
13 in The Mighty Duel), bit ``c`` for column ``c``; row ``r`` is stored at index ``r + 1``
so that the rows above the first and below the last are always-empty padding.
"""

from cpython.list cimport PyList_New, PyList_SET_ITEM
from cpython.long cimport PyLong_AsLongAndOverflow
from cpython.object cimport PyObject
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_GET_ITEM
from libc.string cimport memcpy, memset

from regalia._compiled.pcg64 cimport Pcg64, PcgState, pcg_double
from regalia._compiled.history cimport (History, history_copy, history_free, history_init,
                                        history_list, history_load, history_push)

cdef extern from *:
    """
    /* Squares in a board row (16 bits): the popcnt instruction where the compiler may use
       it, else a few shifts (__builtin_popcount without it calls a slow library routine). */
    static inline int regalia_popcount16(unsigned int x) {
    #ifdef __POPCNT__
        return __builtin_popcount(x & 0xFFFFu);
    #else
        x &= 0xFFFFu;
        x = x - ((x >> 1) & 0x5555u);
        x = (x & 0x3333u) + ((x >> 2) & 0x3333u);
        x = (x + (x >> 4)) & 0x0F0Fu;
        return (int)((x + (x >> 8)) & 0x1Fu);
    #endif
    }
    """
    int popcount "regalia_popcount16"(unsigned int) nogil
    int ctz "__builtin_ctz"(unsigned int) nogil

ctypedef unsigned short u16

cdef enum:
    NR = 15          # rows stored: 13 at most, plus one padding row on each side
    PH_DRAW = 0      # the phases of .phases
    PH_KING = 1
    PH_PICK = 2
    PH_PLACE = 3
    PH_END = 4
    CHANCE = -1      # regalia.core.game
    TERMINAL = -4
    MAX_PLACEMENTS = 676   # 4 directions x 13 x 13 squares


cdef struct Kingdom:
    u16 occ[NR]        # occupied squares, castle included
    u16 free[NR]       # empty squares a domino may cover (within N x N)
    u16 terr[6][NR]    # squares of each terrain
    u16 adj[6][NR]     # squares touching each terrain or the castle
    u16 crown[3][NR]   # squares with 1, 2, 3 crowns
    int bbox[4]        # min row, max row, min col, max col
    int discarded


cdef struct Finished:  # a kingdom of a finished Dynasty game (for finished_kingdoms)
    u16 terr[6][NR]
    u16 crown[3][NR]


cdef struct St:
    # the game's constants (rules.KingdominoGame, board.Geometry)
    int np, nk, per_line, used, ngames, n, b, w, area
    int mk_bonus, harmony_bonus          # 0 when the variant is off
    int discard, pick_base, draw_base, king_base, nact
    signed char owner[4]
    signed char t1[49]
    signed char t2[49]
    signed char c1[49]
    signed char c2[49]
    signed char sym[49]
    # the position (state.PureKingdominoState's fields)
    int phase, king, idx, game_no, drawn
    int cur_nums[4]
    int cur_kings[4]
    int ncur
    int nxt_nums[4]
    int nxt_kings[4]
    int nnxt
    signed char box[48]
    int nbox
    int undrawn[4]
    int nund
    Kingdom kd[4]
    int past[36]
    int npast
    Finished fin[2][4]
    int nfin


# ---------------------------------------------------------------------- geometry
cdef inline u16 col_range(int lo, int hi) noexcept nogil:
    """Bits lo..hi of a row."""
    return <u16>(((1 << (hi + 1)) - 1) & ~((1 << lo) - 1))


cdef inline void add_neighbours(St* s, u16* a, int r, int c) noexcept nogil:
    """a |= the orthogonal neighbours of (r, c) on the board (Geometry.neigh)."""
    a[r + 1] |= <u16>(((1 << (c + 1)) | ((1 << c) >> 1)) & ((1 << s.b) - 1))
    if r > 0:
        a[r] |= <u16>(1 << c)
    if r < s.b - 1:
        a[r + 2] |= <u16>(1 << c)


cdef void set_free(St* s, Kingdom* k) noexcept nogil:
    """free = Geometry.window(bbox) & ~occ: squares keeping the kingdom within N x N."""
    cdef int kk = s.n - 1, r
    cdef int rlo = k.bbox[1] - kk, rhi = k.bbox[0] + kk
    cdef u16 cols = col_range(k.bbox[3] - kk, k.bbox[2] + kk)
    for r in range(s.b):
        if rlo <= r <= rhi:
            k.free[r + 1] = cols & ~k.occ[r + 1]
        else:
            k.free[r + 1] = 0


cdef void new_game(St* s) noexcept nogil:
    """positions.new_game: the box, the kings and empty kingdoms of a new game."""
    cdef int i, p, t, cr = s.n - 1
    cdef Kingdom* k
    s.phase = PH_DRAW
    s.king = -1
    s.idx = 0
    s.drawn = 0
    s.ncur = 0
    s.nnxt = 0
    s.nbox = 48
    for i in range(48):
        s.box[i] = i + 1
    s.nund = s.nk
    for i in range(s.nk):
        s.undrawn[i] = i
    for p in range(s.np):
        k = &s.kd[p]
        memset(k, 0, sizeof(Kingdom))
        k.occ[cr + 1] = <u16>(1 << cr)
        k.bbox[0] = k.bbox[1] = k.bbox[2] = k.bbox[3] = cr
        for t in range(6):
            add_neighbours(s, k.adj[t], cr, cr)
        set_free(s, k)


# ---------------------------------------------------------------------- scoring
cdef inline bint grow_row(u16* comp, const u16* m, int r) noexcept nogil:
    """One step of a property's flood fill (:func:`terrain_points`): row ``r`` of the
    property ``comp`` takes the squares of ``m[r]`` next to it in the rows above and below,
    then those joined to them along the row. True when the row grew."""
    cdef u16 x = (comp[r] | comp[r - 1] | comp[r + 1]) & m[r], y
    while True:
        y = (x | (x << 1) | (x >> 1)) & m[r]
        if y == x:
            break
        x = y
    if x != comp[r]:
        comp[r] = x
        return True
    return False


cdef int terrain_points(St* s, const u16* mask, const u16* c1, const u16* c2, const u16* c3,
                        int lo, int hi, bint crowned_only, int* largest) noexcept nogil:
    """Sum of squares x crowns over the properties of one terrain (rows lo..hi hold it);
    ``largest`` is raised to the largest property's size. With ``crowned_only`` only
    properties holding a crown are walked (scoring.property_points; the others score 0)."""
    cdef u16 m[NR]
    cdef u16 comp[NR]
    cdef u16 seed
    cdef int r, total = 0, size, k, changed, start
    memset(m, 0, sizeof(m))
    for r in range(lo + 1, hi + 2):
        m[r] = mask[r]
    while True:
        start = -1
        for r in range(lo + 1, hi + 2):
            seed = m[r] & (c1[r] | c2[r] | c3[r]) if crowned_only else m[r]
            if seed:
                start = r
                break
        if start < 0:
            return total
        memset(comp, 0, sizeof(comp))
        comp[start] = seed & (~seed + 1)
        changed = 1
        while changed:   # grow to the fixpoint, one sweep down and one up per round
            changed = 0
            for r in range(lo + 1, hi + 2):
                if grow_row(comp, m, r):
                    changed = 1
            for r in range(hi + 1, lo, -1):
                if grow_row(comp, m, r):
                    changed = 1
        size = 0
        k = 0
        for r in range(lo + 1, hi + 2):
            if comp[r]:
                size += popcount(comp[r])
                k += (popcount(comp[r] & c1[r]) + 2 * popcount(comp[r] & c2[r])
                      + 3 * popcount(comp[r] & c3[r]))
                m[r] &= ~comp[r]
        if size > largest[0]:
            largest[0] = size
        total += size * k


cdef int kingdom_points(St* s, int p, bint all_properties, int* largest) noexcept nogil:
    """Property points of seat p's kingdom (scoring.property_points, or with
    ``all_properties`` scoring.kingdom_summary's points and largest property)."""
    cdef Kingdom* k = &s.kd[p]
    cdef int t, total = 0
    for t in range(6):
        total += terrain_points(s, k.terr[t], k.crown[0], k.crown[1], k.crown[2],
                                k.bbox[0], k.bbox[1], not all_properties, largest)
    return total


cdef inline int bonuses(St* s, const int* bbox, int occupied, int discarded) noexcept nogil:
    """KingdominoState._bonuses: Middle Kingdom (the extent is the N x N square centred
    on the castle, ruling R4) plus Harmony (complete, nothing discarded, ruling R6)."""
    cdef int out = 0, cr = s.n - 1, h = s.n // 2
    if (s.mk_bonus and bbox[0] == cr - h and bbox[1] == cr + h and bbox[2] == cr - h
            and bbox[3] == cr + h):
        out += s.mk_bonus
    if s.harmony_bonus and discarded == 0 and occupied == s.n * s.n:
        out += s.harmony_bonus
    return out


cdef inline int occupied(St* s, Kingdom* k) noexcept nogil:
    cdef int r, total = 0
    for r in range(s.b):
        total += popcount(k.occ[r + 1])
    return total


cdef int game_points(St* s, int p) noexcept nogil:
    """KingdominoState._game_points: properties plus the bonuses met now."""
    cdef int largest = 0
    cdef Kingdom* k = &s.kd[p]
    return kingdom_points(s, p, False, &largest) + bonuses(s, k.bbox, occupied(s, k),
                                                           k.discarded)


cdef void game_summary(St* s, int p, int* out) noexcept nogil:
    """KingdominoState._game_summary: [points with bonuses, largest property, crowns]."""
    cdef Kingdom* k = &s.kd[p]
    cdef int largest = 0, r, crowns = 0
    cdef int pts = kingdom_points(s, p, True, &largest)
    for r in range(s.b):
        crowns += (popcount(k.crown[0][r + 1]) + 2 * popcount(k.crown[1][r + 1])
                   + 3 * popcount(k.crown[2][r + 1]))
    out[0] = pts + bonuses(s, k.bbox, occupied(s, k), k.discarded)
    out[1] = largest
    out[2] = crowns


cdef int past_points(St* s, int p) noexcept nogil:
    """Seat p's points in the finished games of a Dynasty (all games once it is over)."""
    cdef int g, total = 0
    for g in range(s.npast // (3 * s.np)):
        total += s.past[3 * (g * s.np + p)]
    return total


cdef int player_score(St* s, int p) noexcept nogil:
    """KingdominoState.player_score: finished games plus the kingdom on the table."""
    if s.phase != PH_END:
        return past_points(s, p) + game_points(s, p)
    return past_points(s, p)


cdef void tie_keys(St* s, int (*keys)[3]) noexcept nogil:
    """KingdominoState.tie_break_keys: per seat (points, largest property, crowns) over the
    finished games and the kingdom on the table."""
    cdef int p, g, o
    cdef int cur[3]
    for p in range(s.np):
        keys[p][0] = keys[p][1] = keys[p][2] = 0
        for g in range(s.npast // (3 * s.np)):
            o = 3 * (g * s.np + p)
            keys[p][0] += s.past[o]
            keys[p][1] = max(keys[p][1], s.past[o + 1])
            keys[p][2] += s.past[o + 2]
        if s.phase != PH_END:
            game_summary(s, p, cur)
            keys[p][0] += cur[0]
            keys[p][1] = max(keys[p][1], cur[1])
            keys[p][2] += cur[2]


# ---------------------------------------------------------------------- legal actions
cdef int placements(St* s, int* out) noexcept nogil:
    """PureKingdominoState.legal_actions in the place phase, without the discard: the legal
    placements of the current domino, in increasing action id (direction, then row, then
    column)."""
    return placements_of(s, &s.kd[s.owner[s.king]], s.cur_nums[s.idx], out)


cdef int placements_of(St* s, Kingdom* k, int n, int* out) noexcept nogil:
    """The placements of domino ``n`` in kingdom ``k`` as :func:`placements` lists them
    (board.placement_masks)."""
    cdef u16* e = k.free
    cdef u16* a1 = k.adj[s.t1[n]]
    cdef u16* a2 = k.adj[s.t2[n]]
    cdef int d, r, R, cnt = 0, dirs = 2 if s.sym[n] else 4
    cdef unsigned int m
    for d in range(dirs):
        for r in range(s.b):
            R = r + 1
            if d == 0:
                m = e[R] & (e[R] >> 1) & (a1[R] | (a2[R] >> 1))
            elif d == 1:
                m = e[R] & e[R + 1] & (a1[R] | a2[R + 1])
            elif d == 2:
                m = e[R] & (e[R] << 1) & (a1[R] | (a2[R] << 1))
            else:
                m = e[R] & e[R - 1] & (a1[R] | a2[R - 1])
            while m:
                out[cnt] = d * s.area + r * s.b + ctz(m)
                cnt += 1
                m &= m - 1
    return cnt


cdef inline bint placement_squares(St* s, int action, int* sq) noexcept nogil:
    """Geometry.placement_squares as (r1, c1, r2, c2); False when off the board."""
    cdef int d = action // s.area, rem = action % s.area
    cdef int r = rem // s.b, c = rem % s.b, r2 = r, c2 = c
    if d == 0:
        c2 += 1
    elif d == 1:
        r2 += 1
    elif d == 2:
        c2 -= 1
    else:
        r2 -= 1
    sq[0] = r
    sq[1] = c
    sq[2] = r2
    sq[3] = c2
    return not (r2 < 0 or r2 >= s.b or c2 < 0 or c2 >= s.b)


cdef bint placement_legal(St* s, int action) noexcept nogil:
    """The test of PureKingdominoState._place: both squares free, a half touching the
    castle or its own terrain, not the west/north form of a symmetric domino."""
    cdef int sq[4]
    cdef int n = s.cur_nums[s.idx]
    cdef Kingdom* k = &s.kd[s.owner[s.king]]
    if not placement_squares(s, action, sq):
        return False
    if s.sym[n] and action >= 2 * s.area:
        return False
    if not ((k.free[sq[0] + 1] >> sq[1]) & 1 and (k.free[sq[2] + 1] >> sq[3]) & 1):
        return False
    return ((k.adj[s.t1[n]][sq[0] + 1] >> sq[1]) & 1
            or (k.adj[s.t2[n]][sq[2] + 1] >> sq[3]) & 1)


cdef int free_picks(St* s, int* out) noexcept nogil:
    """The pick actions: free dominoes of the next line, lowest number first."""
    cdef int i, cnt = 0
    for i in range(s.nnxt):
        if s.nxt_kings[i] < 0:
            out[cnt] = s.pick_base - 1 + s.nxt_nums[i]
            cnt += 1
    return cnt


cdef int decisions(St* s, int* acts) noexcept nogil:
    """The legal actions at a pick or place ply, as :func:`free_picks` and
    :func:`placements` list them (the discard alone when nothing fits); their count."""
    cdef int cnt
    if s.phase == PH_PICK:
        return free_picks(s, acts)
    cnt = placements(s, acts)
    if cnt == 0:
        acts[0] = s.discard
        cnt = 1
    return cnt


cdef bint is_legal(St* s, int a) noexcept nogil:
    """True when ``a`` (in range, the game not over) is legal here."""
    cdef int i, ph = s.phase, buf[MAX_PLACEMENTS]
    if ph == PH_PLACE:
        if a > s.discard:
            return False
        if a == s.discard:
            return placements(s, buf) == 0
        return placement_legal(s, a)
    if ph == PH_PICK:
        if not s.pick_base <= a < s.draw_base:
            return False
        for i in range(s.nnxt):
            if s.nxt_nums[i] == a - s.pick_base + 1:
                return s.nxt_kings[i] < 0
        return False
    if ph == PH_DRAW:
        if not s.draw_base <= a < s.king_base:
            return False
        for i in range(s.nbox):
            if s.box[i] == a - s.draw_base + 1:
                return True
        return False
    if ph == PH_KING:
        for i in range(s.nund):
            if s.undrawn[i] == a - s.king_base:
                return True
    return False


# ---------------------------------------------------------------------- transitions
cdef void place(St* s, int action) noexcept nogil:
    """PureKingdominoState._place (legality already checked)."""
    place_on(s, &s.kd[s.owner[s.king]], s.cur_nums[s.idx], action)


cdef void place_on(St* s, Kingdom* k, int n, int action) noexcept nogil:
    """Domino ``n`` placed by ``action`` (a legal placement) in kingdom ``k``."""
    cdef int sq[4]
    cdef int t1 = s.t1[n], t2 = s.t2[n]
    placement_squares(s, action, sq)
    cdef u16 b1 = <u16>(1 << sq[1]), b2 = <u16>(1 << sq[3])
    k.occ[sq[0] + 1] |= b1
    k.occ[sq[2] + 1] |= b2
    k.terr[t1][sq[0] + 1] |= b1
    k.terr[t2][sq[2] + 1] |= b2
    add_neighbours(s, k.adj[t1], sq[0], sq[1])
    add_neighbours(s, k.adj[t2], sq[2], sq[3])
    if s.c1[n]:
        k.crown[s.c1[n] - 1][sq[0] + 1] |= b1
    if s.c2[n]:
        k.crown[s.c2[n] - 1][sq[2] + 1] |= b2
    k.bbox[0] = min(k.bbox[0], sq[0], sq[2])
    k.bbox[1] = max(k.bbox[1], sq[0], sq[2])
    k.bbox[2] = min(k.bbox[2], sq[1], sq[3])
    k.bbox[3] = max(k.bbox[3], sq[1], sq[3])
    set_free(s, k)


cdef void start_round(St* s) noexcept nogil:
    """PureKingdominoState._start_round: the next line becomes the current line."""
    memcpy(s.cur_nums, s.nxt_nums, sizeof(s.cur_nums))
    memcpy(s.cur_kings, s.nxt_kings, sizeof(s.cur_kings))
    s.ncur = s.nnxt
    s.nnxt = 0
    if s.drawn < s.used:
        s.phase = PH_DRAW
    else:
        s.phase = PH_PLACE
        s.idx = 0
        s.king = s.cur_kings[0]


cdef void end_game(St* s) noexcept nogil:
    """PureKingdominoState._end_game: score the kingdoms; Dynasty goes on with a new game."""
    cdef int p, t
    for p in range(s.np):
        game_summary(s, p, &s.past[s.npast])
        s.npast += 3
    s.game_no += 1
    if s.game_no < s.ngames:
        for p in range(s.np):
            for t in range(6):
                memcpy(s.fin[s.nfin][p].terr[t], s.kd[p].terr[t], sizeof(u16) * NR)
            for t in range(3):
                memcpy(s.fin[s.nfin][p].crown[t], s.kd[p].crown[t], sizeof(u16) * NR)
        s.nfin += 1
        new_game(s)
    else:
        s.phase = PH_END


cdef void apply(St* s, int a) noexcept nogil:
    """PureKingdominoState._apply_action for a legal action."""
    cdef int ph = s.phase, n, i, j
    if ph == PH_PLACE:
        if a == s.discard:
            s.kd[s.owner[s.king]].discarded += 1
        else:
            place(s, a)
        # _after_place
        if s.nnxt:
            s.phase = PH_PICK
            return
        s.idx += 1
        if s.idx < s.ncur:
            s.king = s.cur_kings[s.idx]
        else:
            end_game(s)
    elif ph == PH_PICK:
        n = a - s.pick_base + 1
        for i in range(s.nnxt):
            if s.nxt_nums[i] == n:
                s.nxt_kings[i] = s.king
                break
        if s.ncur == 0:    # first line: kings placed in the order they are drawn
            if s.nund > 1:
                s.phase = PH_KING
            elif s.nund:
                s.nund -= 1    # the last king has no draw and no choice
                s.king = s.undrawn[s.nund]
            else:
                start_round(s)
        else:              # _next_king
            s.idx += 1
            if s.idx < s.ncur:
                s.king = s.cur_kings[s.idx]
                s.phase = PH_PLACE
            else:
                start_round(s)
    elif ph == PH_DRAW:
        n = a - s.draw_base + 1
        for i in range(s.nbox):
            if s.box[i] == n:
                break
        for j in range(i, s.nbox - 1):
            s.box[j] = s.box[j + 1]
        s.nbox -= 1
        i = s.nnxt     # insort into the next line
        while i > 0 and s.nxt_nums[i - 1] > n:
            s.nxt_nums[i] = s.nxt_nums[i - 1]
            i -= 1
        s.nxt_nums[i] = n
        s.nxt_kings[s.nnxt] = -1
        s.nnxt += 1
        s.drawn += 1
        if s.nnxt == s.per_line:
            if s.ncur == 0:
                s.phase = PH_KING
            else:
                s.phase = PH_PLACE
                s.idx = 0
                s.king = s.cur_kings[0]
    elif ph == PH_KING:
        n = a - s.king_base
        for i in range(s.nund):
            if s.undrawn[i] == n:
                break
        for j in range(i, s.nund - 1):
            s.undrawn[j] = s.undrawn[j + 1]
        s.nund -= 1
        s.king = n
        s.phase = PH_PICK


# ---------------------------------------------------------------------- policies
cdef int greedy_placement(St* s, const int* acts, int cnt, int* best) noexcept nogil:
    """The placements of policies.greedy_policy: those maximising the acting seat's score
    after the placement (its properties plus, with Middle Kingdom or Harmony, the bonuses
    then met; the other terrains do not change and are left out). Returns how many, in
    legal order, in ``best``."""
    cdef int n = s.cur_nums[s.idx], p = s.owner[s.king]
    cdef Kingdom* k = &s.kd[p]
    cdef int t1 = s.t1[n], t2 = s.t2[n], k1 = s.c1[n], k2 = s.c2[n]
    cdef u16 m1[NR]
    cdef u16 m2[NR]
    cdef u16 cr[3][NR]
    cdef int sq[4]
    cdef int bb[4]
    cdef int i, lo, hi, value, best_value = -1, nbest = 0, largest = 0
    cdef int occ = occupied(s, k)
    cdef bint bonus = s.mk_bonus or s.harmony_bonus
    memcpy(m1, k.terr[t1], sizeof(m1))
    memcpy(m2, k.terr[t2], sizeof(m2))
    memcpy(cr, k.crown, sizeof(cr))
    for i in range(cnt):
        placement_squares(s, acts[i], sq)
        m1[sq[0] + 1] |= <u16>(1 << sq[1])
        if t1 == t2:
            m1[sq[2] + 1] |= <u16>(1 << sq[3])
        else:
            m2[sq[2] + 1] |= <u16>(1 << sq[3])
        if k1:
            cr[k1 - 1][sq[0] + 1] |= <u16>(1 << sq[1])
        if k2:
            cr[k2 - 1][sq[2] + 1] |= <u16>(1 << sq[3])
        bb[0] = min(k.bbox[0], sq[0], sq[2])
        bb[1] = max(k.bbox[1], sq[0], sq[2])
        bb[2] = min(k.bbox[2], sq[1], sq[3])
        bb[3] = max(k.bbox[3], sq[1], sq[3])
        lo = bb[0]
        hi = bb[1]
        value = terrain_points(s, m1, cr[0], cr[1], cr[2], lo, hi, True, &largest)
        if t1 != t2:
            value += terrain_points(s, m2, cr[0], cr[1], cr[2], lo, hi, True, &largest)
        if bonus:
            value += bonuses(s, bb, occ + 2, k.discarded)
        if value > best_value:
            best_value = value
            best[0] = acts[i]
            nbest = 1
        elif value == best_value:
            best[nbest] = acts[i]
            nbest += 1
        # undo (both squares were free)
        m1[sq[0] + 1] &= <u16>~(1 << sq[1])
        if t1 == t2:
            m1[sq[2] + 1] &= <u16>~(1 << sq[3])
        else:
            m2[sq[2] + 1] &= <u16>~(1 << sq[3])
        if k1:
            cr[k1 - 1][sq[0] + 1] &= <u16>~(1 << sq[1])
        if k2:
            cr[k2 - 1][sq[2] + 1] &= <u16>~(1 << sq[3])
    return nbest


# ---------------------------------------------------------------------- Full Greedy
# policies.full_greedy_policy in C. A kingdom is judged through its properties, labelled
# once per kingdom: a placement adds 1 or 2 squares that join the properties of their
# terrain touching them, so each position of the picked domino is scored from the labels
# without a flood fill (policies._best_with_domino and _joined).
cdef enum:
    NC = 15            # columns of a label grid: 13 at most, plus padding on each side
    MAX_COMPS = 50     # properties of one kingdom (49 squares at most)
    KEY_TIER = 1000000 # a key is (4 + negated tier) * KEY_TIER + value; 0 is the cut


cdef struct Labels:
    signed char ter[NR][NC]       # terrain of square (r, c) at [r + 1][c + 1]; -1 none
    unsigned char comp[NR][NC]    # its property's index
    int size[MAX_COMPS]
    int crowns[MAX_COMPS]
    int tp[6]                     # per terrain: property points, squares, crowns
    int tsq[6]
    int tcr[6]
    int points


cdef void label(St* s, Kingdom* k, Labels* L) noexcept nogil:
    """The properties of kingdom ``k`` (policies._Kingdom: comps, tp, tsq, tcr, points)."""
    cdef signed char cr[NR][NC]
    cdef int stack[64]
    cdef int r, c, t, m, top, ncomp = 0, i, rr, cc, d, size, crowns
    cdef int lo = k.bbox[0], hi = k.bbox[1]
    memset(L.ter, -1, sizeof(L.ter))
    memset(cr, 0, sizeof(cr))
    for t in range(6):
        L.tp[t] = L.tsq[t] = L.tcr[t] = 0
    L.points = 0
    for r in range(lo, hi + 1):
        for t in range(6):
            m = k.terr[t][r + 1]
            while m:
                c = ctz(m)
                m &= m - 1
                L.ter[r + 1][c + 1] = t
        for t in range(3):
            m = k.crown[t][r + 1]
            while m:
                c = ctz(m)
                m &= m - 1
                cr[r + 1][c + 1] = t + 1
    memset(L.comp, 255, sizeof(L.comp))
    for r in range(lo + 1, hi + 2):
        for c in range(k.bbox[2] + 1, k.bbox[3] + 2):
            t = L.ter[r][c]
            if t < 0 or L.comp[r][c] != 255:
                continue
            L.comp[r][c] = ncomp
            stack[0] = r * NC + c
            top = 1
            size = crowns = 0
            while top:
                top -= 1
                i = stack[top]
                rr = i // NC
                cc = i % NC
                size += 1
                crowns += cr[rr][cc]
                for d in range(4):
                    if d == 0:
                        i = (rr - 1) * NC + cc
                    elif d == 1:
                        i = (rr + 1) * NC + cc
                    elif d == 2:
                        i = rr * NC + cc - 1
                    else:
                        i = rr * NC + cc + 1
                    if L.ter[i // NC][i % NC] == t and L.comp[i // NC][i % NC] == 255:
                        L.comp[i // NC][i % NC] = ncomp
                        stack[top] = i
                        top += 1
            L.size[ncomp] = size
            L.crowns[ncomp] = crowns
            L.tp[t] += size * crowns
            L.tsq[t] += size
            L.tcr[t] += crowns
            L.points += size * crowns
            ncomp += 1


cdef inline int touching(Labels* L, int r, int c, int t, int* ids, int nid) noexcept nogil:
    """Add to ``ids`` (``nid`` of them) the properties of terrain ``t`` next to square
    (r, c), each once; returns the new count."""
    cdef int d, rr, cc, j, x
    for d in range(4):
        rr = r + 1
        cc = c + 1
        if d == 0:
            rr -= 1
        elif d == 1:
            rr += 1
        elif d == 2:
            cc -= 1
        else:
            cc += 1
        if L.ter[rr][cc] != t:
            continue
        x = L.comp[rr][cc]
        for j in range(nid):
            if ids[j] == x:
                break
        else:
            ids[nid] = x
            nid += 1
    return nid


cdef inline int joined(Labels* L, const int* ids, int nid, int squares,
                       int crowns) noexcept nogil:
    """The change of property points when ``squares`` new squares with ``crowns`` crowns
    join the properties ``ids`` (policies._joined)."""
    cdef int j, removed = 0
    for j in range(nid):
        squares += L.size[ids[j]]
        crowns += L.crowns[ids[j]]
        removed += L.size[ids[j]] * L.crowns[ids[j]]
    return squares * crowns - removed


cdef inline int frame_lo(St* s) noexcept nogil:
    return s.n - 1 - s.n // 2


cdef bint destructive(St* s, const u16* occ) noexcept nogil:
    """policies._destructive: a square outside the castle-centred N x N, or an empty
    square of it none of whose orthogonal neighbours in it is empty."""
    cdef int lo = frame_lo(s), hi = lo + s.n - 1, r
    cdef u16 inner = col_range(lo, hi), e
    cdef u16 empty[NR]
    memset(empty, 0, sizeof(empty))
    for r in range(s.b):
        if r < lo or r > hi:
            if occ[r + 1]:
                return True
        elif occ[r + 1] & ~inner:
            return True
        else:
            empty[r + 1] = inner & ~occ[r + 1]
    for r in range(lo + 1, hi + 2):
        e = empty[r]
        if e & ~((e << 1) | (e >> 1) | empty[r - 1] | empty[r + 1]):
            return True
    return False


cdef int fg_bonus(St* s, const u16* occ, int discarded) noexcept nogil:
    """policies._bonus: Middle Kingdom when the kingdom touches the four edges of the
    castle-centred N x N, Harmony when it fills that square and nothing was discarded."""
    cdef int lo = frame_lo(s), hi = lo + s.n - 1, r, out = 0
    cdef u16 inner = col_range(lo, hi)
    cdef bint left = False, right = False, full = True
    for r in range(lo + 1, hi + 2):
        if occ[r] & (1 << lo):
            left = True
        if occ[r] & (1 << hi):
            right = True
        if occ[r] & inner != inner:
            full = False
    if s.mk_bonus and occ[lo + 1] & inner and occ[hi + 1] & inner and left and right:
        out += s.mk_bonus
    if s.harmony_bonus and not discarded and full:
        out += s.harmony_bonus
    return out


cdef int most_bonus(St* s, const u16* occ, int discarded) noexcept nogil:
    """The bonuses a kingdom could still reach with one more domino (the bound of
    policies._best_with_domino)."""
    cdef int lo = frame_lo(s), hi = lo + s.n - 1, r, out = 0, missing = 0, edges = 0
    cdef u16 inner = col_range(lo, hi)
    cdef bint left = False, right = False
    for r in range(lo + 1, hi + 2):
        if occ[r] & (1 << lo):
            left = True
        if occ[r] & (1 << hi):
            right = True
        missing += popcount(inner & ~occ[r])
    if s.mk_bonus:
        edges = ((not occ[lo + 1] & inner) + (not occ[hi + 1] & inner) + (not left)
                 + (not right))
        if edges <= 2:
            out += s.mk_bonus
    if s.harmony_bonus and not discarded and missing <= 2:
        out += s.harmony_bonus
    return out


cdef int fg_key(St* s, Kingdom* k, Labels* L, int discarded, int n, bint has_floor,
                int floor) noexcept nogil:
    """policies._best_with_domino as an integer key (higher is better; 0 is the cut):
    kingdom ``k`` (labelled ``L``) with domino ``n`` at its best position (``n`` 0: none).
    Exact whenever the key's tier is 0 and its value reaches ``floor``."""
    cdef int t1, t2, x, y, base, reach, cnt, i, nid, pts, key, best = -1
    cdef int sq[4]
    cdef int ids[8]
    cdef int acts[MAX_PLACEMENTS]
    cdef bint same, bon = s.mk_bonus or s.harmony_bonus
    cdef u16 b1, b2
    if n:
        t1 = s.t1[n]
        t2 = s.t2[n]
        x = s.c1[n]
        y = s.c2[n]
        same = t1 == t2
        base = L.points - L.tp[t1] - (0 if same else L.tp[t2])
        if has_floor:
            i = most_bonus(s, k.occ, discarded) if bon else 0
            if same:
                reach = base + i + (L.tsq[t1] + 2) * (L.tcr[t1] + x + y)
            else:
                reach = (base + i + (L.tsq[t1] + 1) * (L.tcr[t1] + x)
                         + (L.tsq[t2] + 1) * (L.tcr[t2] + y))
            if reach < floor:
                return 0
            floor -= i
        cnt = placements_of(s, k, n, acts)
        for i in range(cnt):
            placement_squares(s, acts[i], sq)
            nid = touching(L, sq[0], sq[1], t1, ids, 0)
            if same:
                nid = touching(L, sq[2], sq[3], t1, ids, nid)
                pts = L.points + joined(L, ids, nid, 2, x + y)
            else:
                pts = L.points + joined(L, ids, nid, 1, x)
                nid = touching(L, sq[2], sq[3], t2, ids, 0)
                pts += joined(L, ids, nid, 1, y)
            if has_floor and pts < floor:
                continue
            b1 = <u16>(1 << sq[1])
            b2 = <u16>(1 << sq[3])
            # the kingdom with the domino: occupancy changed in place, then restored
            k.occ[sq[0] + 1] |= b1
            k.occ[sq[2] + 1] |= b2
            if bon:
                pts += fg_bonus(s, k.occ, discarded)
            key = (3 if destructive(s, k.occ) else 4) * KEY_TIER + pts
            k.occ[sq[0] + 1] &= <u16>~b1
            k.occ[sq[2] + 1] &= <u16>~b2
            if key > best:
                best = key
    if best < 0:
        best = ((1 if destructive(s, k.occ) else 2) * KEY_TIER + L.points
                + (fg_bonus(s, k.occ, discarded) if bon else 0))
    return best


cdef inline int keep_best(int key, int a, int* best, int nb, int* best_key) noexcept nogil:
    """Add action ``a`` judged ``key`` to the ``nb`` best so far; returns the new count."""
    if key > best_key[0]:
        best_key[0] = key
        nb = 0
    if key == best_key[0]:
        best[nb] = a
        nb += 1
    return nb


cdef int fg_candidates(St* s, int* legal, int cnt, int* best) noexcept nogil:
    """policies.full_greedy_python at a decision with ``cnt`` > 1 ``legal`` actions: the
    actions of the best pairs, in the Python policy's order, one entry per tied pair (its
    draw picks ``best[int(x * count)]``). Returns the count."""
    cdef int p = s.owner[s.king], n = 0, i, j, key, nb = 0, best_key = -1, npick = 0
    cdef int floor = 0, d, nplace = cnt
    cdef bint has_floor = False, at_pick = s.phase == PH_PICK
    cdef int picks[4]
    cdef Kingdom* k = &s.kd[p]
    cdef Kingdom after
    cdef Labels L
    if at_pick and s.ncur == 0:
        # first line: a free domino with the most crowns on one half
        for i in range(cnt):
            n = legal[i] - s.pick_base + 1
            nb = keep_best(max(s.c1[n], s.c2[n]), legal[i], best, nb, &best_key)
        return nb
    if at_pick:    # the placement is made: the pairs are the picks
        nplace = 1
        for i in range(cnt):
            picks[i] = legal[i] - s.pick_base + 1
        npick = cnt
    else:
        n = s.cur_nums[s.idx]
        for i in range(s.nnxt):
            if s.nxt_kings[i] < 0:
                picks[npick] = s.nxt_nums[i]
                npick += 1
        if npick == 0:
            picks[0] = 0     # the last line: nothing to pick
            npick = 1
    for i in range(nplace):
        memcpy(&after, k, sizeof(Kingdom))
        d = k.discarded
        if at_pick:
            pass
        elif legal[i] == s.discard:
            d += 1
        else:
            place_on(s, &after, n, legal[i])
        label(s, &after, &L)
        for j in range(npick):
            key = fg_key(s, &after, &L, d, picks[j], has_floor, floor)
            if key >= 4 * KEY_TIER and (not has_floor or key - 4 * KEY_TIER > floor):
                floor = key - 4 * KEY_TIER
                has_floor = True
            nb = keep_best(key, legal[j] if at_pick else legal[i], best, nb, &best_key)
    return nb


#: The playout policies compiled here: name -> code of :func:`decide`. Each has a Python
#: twin marked ``regalia.core.policies.compiled_as(name)``: ``random`` is
#: ``agents.search.random_action``, ``onestep`` the one-step greedy of
#: ``policies.onestep_policy``, ``greedy`` Full Greedy (``policies.full_greedy_policy``).
cdef enum:
    RANDOM = 0
    ONESTEP = 1
    FULL_GREEDY = 2
POLICIES = {"random": RANDOM, "onestep": ONESTEP, "greedy": FULL_GREEDY}


# Where a policy or a chance node draws its next float in [0, 1): a PCG64 in C (``g``),
# or else a Python callable (``fn``: a generator's ``random``).
cdef struct Draw:
    PcgState* g
    PyObject* fn


cdef inline double next_draw(Draw* d) except? -1.0:
    if d.g != NULL:
        return pcg_double(d.g)
    return (<object>d.fn)()


cdef int fg_choose(St* s, Draw* d) except -1:
    """Full Greedy's action at a pick or place decision, as policies.full_greedy_policy:
    the one legal action, or one draw among the best pairs (:func:`fg_candidates`)."""
    cdef int acts[MAX_PLACEMENTS]
    cdef int best[4 * MAX_PLACEMENTS]
    cdef int cnt = decisions(s, acts)
    if cnt == 1:
        return acts[0]
    cnt = fg_candidates(s, acts, cnt, best)
    return best[<int>(next_draw(d) * cnt)]


cdef int decide(St* s, int code, Draw* d) except -1:
    """The action policy ``code`` (:data:`POLICIES`) plays at a pick or place decision,
    drawing exactly where its Python twin calls ``rng.random()``: ``random`` at every
    decision, even a forced one (agents.search.random_action); ``onestep`` only when it
    has a choice (policies.onestep_policy: a uniform pick, or a tie among the best
    placements, drawn even when one placement is best); ``greedy`` (Full Greedy) only
    when it has a choice (one draw among the best pairs)."""
    cdef int acts[MAX_PLACEMENTS]
    cdef int best[4 * MAX_PLACEMENTS]
    cdef int cnt
    if code == FULL_GREEDY:
        return fg_choose(s, d)
    cnt = decisions(s, acts)
    if code == ONESTEP and s.phase == PH_PLACE and cnt > 1:
        cnt = greedy_placement(s, acts, cnt, best)
        return best[<int>(next_draw(d) * cnt)]
    if code == ONESTEP and cnt == 1:
        return acts[0]
    return acts[<int>(next_draw(d) * cnt)]


# ---------------------------------------------------------------------- the state
from regalia.core.dealers import make_dealer
from regalia.core.state import State, check_seed, fresh_seed

#: Every action id as a Python int, so that a list of legal actions is built without
#: making an int per element (ids above 256 are not cached by Python). Large enough for
#: The Mighty Duel's 13 x 13 board (Geometry.num_actions is below 1,024 for every game).
cdef tuple _IDS = tuple(range(1024))


cdef list ids_list(const int* acts, int n):
    """A new list of the Python ints of action ids ``acts[0 .. n-1]``."""
    cdef list out = PyList_New(n)
    cdef object o
    cdef int i
    for i in range(n):
        o = <object>PyTuple_GET_ITEM(_IDS, acts[i])
        Py_INCREF(o)
        PyList_SET_ITEM(out, i, o)
    return out


#: id(game) -> (a weak reference to the game, its initial position): see _initial.
cdef dict _INITIAL = {}


cdef Core _initial(object game):
    """The initial position of ``game`` (no seed, no dealer), built once per game: a new
    state copies its struct. Kept here while the game lives (nothing is added to the game
    object, which pickles as before)."""
    import weakref
    entry = _INITIAL.get(id(game))
    if entry is not None and entry[0]() is game:
        return <Core>entry[1]
    cdef Core t = Core.__new__(Core)
    t._init_game(game)
    t.s.game_no = 0
    t.s.npast = 0
    t.s.nfin = 0
    new_game(&t.s)
    key = id(game)
    _INITIAL[key] = (weakref.ref(game, lambda _, k=key: _INITIAL.pop(k, None)), t)
    return t


cdef inline int chance_action(St* s, double x) noexcept nogil:
    """The chance outcome that draw ``x`` in [0, 1) picks at a draw or king-draw node
    (PureKingdominoState.sample_chance_outcome)."""
    if s.phase == PH_DRAW:
        return s.draw_base - 1 + s.box[<int>(x * s.nbox)]
    return s.king_base + s.undrawn[<int>(x * s.nund)]


cdef class Core:
    """The C-typed position and the hot methods of the state contract (see the module
    docstring). Not used alone: :class:`~.compiled.CompiledKingdominoState` is the state."""

    cdef St s
    cdef History _hist     # the actions applied (the pure engine's ``hist``)
    cdef public object _game, _geo, _seed, _dealer
    cdef Pcg64 _cdealer    # the dealer when it is the C PCG64 (the same object as _dealer)

    def __cinit__(self):
        history_init(&self._hist)

    def __dealloc__(self):
        history_free(&self._hist)

    def __init__(self, game, seed=None):
        """A new game of ``game`` dealt by PCG64 in C from ``seed`` (None: a fresh 128-bit
        seed; see regalia.core.state): the position is copied from the game's initial
        position, built once per game (:func:`_initial`)."""
        cdef Core t = _initial(game)
        memcpy(&self.s, &t.s, sizeof(St))
        self._game = game
        self._geo = t._geo
        if seed is None:
            seed = fresh_seed()
        elif not (type(seed) is int and -0x7FFFFFFFFFFFFFFF <= seed <= 0x7FFFFFFFFFFFFFFF):
            seed = check_seed(seed)
        self._seed = seed
        self._cdealer = Pcg64.__new__(Pcg64)
        self._cdealer.seed_from(seed)
        self._dealer = self._cdealer

    def _set_dealer(self, name):
        """State._set_dealer: deal from now on with a new dealer ``name`` seeded with the
        game's seed (the C PCG64 for ``pcg64``)."""
        d = make_dealer(name, self._seed)
        self._dealer = d
        self._cdealer = d if type(d) is Pcg64 else None

    cdef _init_game(self, game):
        """The game's constants and domino tables (rules.KingdominoGame, board.Geometry)."""
        from .scoring import HARMONY_BONUS, MIDDLE_KINGDOM_BONUS
        cdef St* s = &self.s
        cdef int k, i
        g = game.geo
        self._game = game
        self._geo = g
        s.np = game.num_players
        s.nk = game.num_kings
        s.per_line = game.per_line
        s.used = game.dominoes_used
        s.ngames = game.num_games
        s.n = g.n
        s.b = g.b
        s.w = g.w
        s.area = g.area
        s.mk_bonus = MIDDLE_KINGDOM_BONUS if game.middle_kingdom else 0
        s.harmony_bonus = HARMONY_BONUS if game.harmony else 0
        s.discard = g.discard
        s.pick_base = g.pick_base
        s.draw_base = g.draw_base
        s.king_base = g.king_base
        s.nact = g.num_actions
        for k in range(s.nk):
            s.owner[k] = game.owner[k]
        for i in range(49):
            s.t1[i] = game.t1[i]
            s.t2[i] = game.t2[i]
            s.c1[i] = game.c1[i]
            s.c2[i] = game.c2[i]
            s.sym[i] = 1 if game.sym[i] else 0

    def _load(self, pure):
        """Take the position of ``pure`` (a PureKingdominoState of the same game, checked by
        its own from_json or set-up) into the C struct."""
        cdef St* s = &self.s
        cdef int p, t, i
        self._init_game(pure.game)
        self._seed = None
        self._dealer = None
        self._cdealer = None
        s.phase = pure.phase
        s.king = pure.king
        s.idx = pure.idx
        s.game_no = pure.game_no
        s.drawn = pure.drawn
        s.ncur = _load_ints(pure.cur_nums, s.cur_nums, 4)
        _load_ints(pure.cur_kings, s.cur_kings, 4)
        s.nnxt = _load_ints(pure.nxt_nums, s.nxt_nums, 4)
        _load_ints(pure.nxt_kings, s.nxt_kings, 4)
        if len(pure.box) > 48:
            raise ValueError("at most 48 dominoes in the box")
        for i, v in enumerate(pure.box):
            s.box[i] = <signed char>v     # 1..48, checked by the pure engine
        s.nbox = len(pure.box)
        s.nund = _load_ints(pure.undrawn, s.undrawn, 4)
        if len(pure.past) > 3 * s.np * s.ngames:
            raise ValueError(f"'past_games' holds {len(pure.past)} numbers; a "
                             f"{s.ngames}-game match has at most {3 * s.np * s.ngames}")
        s.npast = _load_ints(pure.past, s.past, 36)
        cdef Kingdom* k
        for p in range(s.np):
            k = &s.kd[p]
            memset(k, 0, sizeof(Kingdom))
            self._rows_in(pure.occ[p], k.occ)
            self._rows_in(pure.free[p], k.free)
            for t in range(6):
                self._rows_in(pure.terr[6 * p + t], k.terr[t])
                self._rows_in(pure.adj[6 * p + t], k.adj[t])
            for t in range(3):
                self._rows_in(pure.crown[3 * p + t], k.crown[t])
            for i in range(4):
                k.bbox[i] = pure.bbox[4 * p + i]
            k.discarded = pure.discarded[p]
        s.nfin = len(pure.done)
        if s.nfin > 2:
            raise ValueError("at most two finished Dynasty games")
        memset(s.fin, 0, sizeof(s.fin))
        for i, kingdoms in enumerate(pure.done):
            for p, rows in enumerate(kingdoms):
                self._finished_in(rows, &s.fin[i][p])
        # positions the pure engine's from_json lets through but no game reaches, on which
        # C would read past a line (the pure engine would fail on them with IndexError)
        if s.phase == PH_PLACE and not 0 <= s.idx < s.ncur:
            raise ValueError("a placement needs its domino on the current line ('idx')")
        if s.phase in (PH_PICK, PH_PLACE) and not 0 <= s.king < s.nk:
            raise ValueError("a pick or a placement needs the king that acts ('king')")
        cdef int buf[4]
        if s.phase == PH_PICK and free_picks(s, buf) == 0:
            raise ValueError("a pick needs a free domino on the next line")
        if (s.phase == PH_DRAW and s.nbox == 0) or (s.phase == PH_KING and s.nund == 0):
            raise ValueError("a draw needs a domino in the box or a king to draw")
        history_load(&self._hist, pure.hist)

    cdef _rows_in(self, object mask, u16* rows):
        cdef int r, w = self.s.w, full = (1 << self.s.b) - 1
        for r in range(self.s.b):
            rows[r + 1] = <u16>((mask >> (r * w)) & full)

    cdef object _rows_out(self, const u16* rows):
        cdef int r, w = self.s.w
        out = 0
        for r in range(self.s.b - 1, -1, -1):
            out = (out << w) | rows[r + 1]
        return out

    cdef _finished_in(self, rows, Finished* f):
        from .components import TERRAIN_LETTERS
        cdef int r, c, centre = self.s.n - 1
        for r, row in enumerate(rows):
            for c, tok in enumerate(row.split()):
                if tok == "." or (tok == "C" and r == c == centre):
                    continue
                if (not 1 <= len(tok) <= 4 or tok[0] not in TERRAIN_LETTERS
                        or tok[1:] != "*" * (len(tok) - 1)):
                    raise ValueError(f"'finished_kingdoms': {tok!r} at row {r + 1}, column "
                                     f"{c + 1} is not a square of a kingdom (W F L G S M with "
                                     f"0-3 '*', '.', or 'C' at the centre)")
                f.terr[TERRAIN_LETTERS.index(tok[0])][r + 1] |= <u16>(1 << c)
                if len(tok) > 1:
                    f.crown[len(tok) - 2][r + 1] |= <u16>(1 << c)

    # ------------------------------------------------------------------ the data
    # The pure engine's fields, in its layout (state.KingdominoState lists them).
    @property
    def phase(self):
        return self.s.phase

    @property
    def king(self):
        return self.s.king

    @property
    def idx(self):
        return self.s.idx

    @property
    def game_no(self):
        return self.s.game_no

    @property
    def drawn(self):
        return self.s.drawn

    @property
    def cur_nums(self):
        return [self.s.cur_nums[i] for i in range(self.s.ncur)]

    @property
    def cur_kings(self):
        return [self.s.cur_kings[i] for i in range(self.s.ncur)]

    @property
    def nxt_nums(self):
        return [self.s.nxt_nums[i] for i in range(self.s.nnxt)]

    @property
    def nxt_kings(self):
        return [self.s.nxt_kings[i] for i in range(self.s.nnxt)]

    @property
    def box(self):
        return [self.s.box[i] for i in range(self.s.nbox)]

    @property
    def undrawn(self):
        return [self.s.undrawn[i] for i in range(self.s.nund)]

    @property
    def occ(self):
        return [self._rows_out(self.s.kd[p].occ) for p in range(self.s.np)]

    @property
    def free(self):
        return [self._rows_out(self.s.kd[p].free) for p in range(self.s.np)]

    @property
    def terr(self):
        return [self._rows_out(self.s.kd[p].terr[t]) for p in range(self.s.np)
                for t in range(6)]

    @property
    def adj(self):
        return [self._rows_out(self.s.kd[p].adj[t]) for p in range(self.s.np)
                for t in range(6)]

    @property
    def crown(self):
        return [self._rows_out(self.s.kd[p].crown[t]) for p in range(self.s.np)
                for t in range(3)]

    @property
    def bbox(self):
        return [self.s.kd[p].bbox[i] for p in range(self.s.np) for i in range(4)]

    @property
    def discarded(self):
        return [self.s.kd[p].discarded for p in range(self.s.np)]

    @property
    def past(self):
        return [self.s.past[i] for i in range(self.s.npast)]

    @property
    def done(self):
        from .information import rows_from_masks
        g = self._geo
        return tuple(
            tuple(tuple(rows_from_masks(g, [self._rows_out(self.s.fin[i][p].terr[t])
                                            for t in range(6)],
                                        [self._rows_out(self.s.fin[i][p].crown[t])
                                         for t in range(3)]))
                  for p in range(self.s.np))
            for i in range(self.s.nfin))

    @property
    def hist(self):
        return history_list(&self._hist)

    @property
    def placed(self):
        return [(occupied(&self.s, &self.s.kd[p]) - 1) // 2 for p in range(self.s.np)]

    # ------------------------------------------------------------------ the contract
    def clone(self):
        cdef Core c = Core.__new__(type(self))
        memcpy(&c.s, &self.s, sizeof(St))
        history_copy(&c._hist, &self._hist)
        c._game = self._game
        c._geo = self._geo
        c._seed = None       # copies never carry the seed (see regalia.core.state)
        c._dealer = None
        c._cdealer = None
        return c

    def history(self):
        return history_list(&self._hist)

    def current_player(self):
        cdef int ph = self.s.phase
        if ph >= PH_PICK:
            if ph == PH_END:
                return TERMINAL
            return self.s.owner[self.s.king]
        return CHANCE

    def is_chance_node(self):
        return self.s.phase < PH_PICK

    def is_terminal(self):
        return self.s.phase == PH_END

    def legal_actions(self):
        """State.legal_actions: a new list (the caller may change it), of Python ints made
        once per process (:data:`_IDS`)."""
        cdef int buf[MAX_PLACEMENTS]
        return ids_list(buf, self._legal(buf))

    cdef int _legal(self, int* buf) noexcept:
        """The legal actions into ``buf``, in increasing id; their count."""
        cdef St* s = &self.s
        cdef int i, cnt, ph = s.phase
        if ph == PH_PLACE or ph == PH_PICK:
            return decisions(s, buf)
        if ph == PH_DRAW:
            for i in range(s.nbox):
                buf[i] = s.draw_base - 1 + s.box[i]
            return s.nbox
        if ph == PH_KING:
            for i in range(s.nund):
                buf[i] = s.king_base + s.undrawn[i]
            return s.nund
        return 0

    def legal_actions_mask(self):
        """State.legal_actions_mask, written in C: a 0/1 int8 NumPy vector over the action
        ids."""
        import numpy as np
        cdef int buf[MAX_PLACEMENTS]
        cdef int i, cnt = self._legal(buf)
        out = np.zeros(self.s.nact, dtype=np.int8)
        cdef signed char[::1] m = out
        for i in range(cnt):
            m[buf[i]] = 1
        return out

    def num_placements(self):
        cdef int buf[MAX_PLACEMENTS]
        if self.s.phase != PH_PLACE:
            return self._to_pure().num_placements()   # raises the reference's error
        return placements(&self.s, buf)

    def chance_outcomes(self):
        cdef St* s = &self.s
        cdef double p
        if s.phase == PH_DRAW:
            p = 1.0 / s.nbox
            return [(s.draw_base - 1 + s.box[i], p) for i in range(s.nbox)]
        if s.phase == PH_KING:
            p = 1.0 / s.nund
            return [(s.king_base + s.undrawn[i], p) for i in range(s.nund)]
        return self._to_pure().chance_outcomes()

    def sample_chance_outcome(self, rng):
        cdef St* s = &self.s
        cdef double x
        if s.phase == PH_DRAW or s.phase == PH_KING:
            x = pcg_double(&(<Pcg64>rng).g) if type(rng) is Pcg64 else rng.random()
            return chance_action(s, x)
        return self._to_pure().sample_chance_outcome(rng)

    def apply_random_chance(self, rng=None):
        """State.apply_random_chance in C: one draw from ``rng`` (None: the state's own
        dealer), the outcome applied; returns it. The errors are the core's (not a chance
        node; no dealer on a copy)."""
        cdef St* s = &self.s
        cdef double x
        cdef int a
        if s.phase != PH_DRAW and s.phase != PH_KING:
            return State.apply_random_chance(self, rng)
        if rng is None:
            if self._cdealer is None:
                return State.apply_random_chance(self, rng)   # the Mersenne Twister, or none
            x = pcg_double(&self._cdealer.g)
        elif type(rng) is Pcg64:
            x = pcg_double(&(<Pcg64>rng).g)
        else:
            x = rng.random()
        a = chance_action(s, x)
        apply(s, a)
        history_push(&self._hist, a)
        return a

    def _keep_dealer(self, seed, dealer):
        """Set the seed and the dealer (compiled.CompiledKingdominoState._reload keeps the
        real game's after a set-up change)."""
        self._seed = seed
        self._dealer = dealer
        self._cdealer = dealer if type(dealer) is Pcg64 else None

    def apply_action(self, action):
        """State.apply_action: the same checks, the same errors, the transition in C (the
        id read as a C long once: no Python comparisons)."""
        cdef int overflow = 0
        cdef long v = 0
        if type(action) is int:
            v = PyLong_AsLongAndOverflow(action, &overflow)
        if (type(action) is not int or overflow or v < 0 or v >= self.s.nact
                or self.s.phase == PH_END):
            raise self._refusal(action)
        cdef int a = <int>v
        if not is_legal(&self.s, a):
            self._to_pure()._apply_action(a)   # raises the reference's IllegalActionError
            raise AssertionError(f"the compiled engine refused action {a} that the pure "
                                 f"engine accepts")
        apply(&self.s, a)
        history_push(&self._hist, a)

    def player_score(self, player):
        if type(player) is not int or not 0 <= player < self.s.np:
            self.check_seat(player)
        return player_score(&self.s, player)

    def scores(self):
        return [player_score(&self.s, p) for p in range(self.s.np)]

    def tie_break_keys(self):
        cdef int keys[4][3]
        tie_keys(&self.s, keys)
        return [(keys[p][0], keys[p][1], keys[p][2]) for p in range(self.s.np)]

    def returns(self):
        cdef int np_ = self.s.np
        if self.s.phase != PH_END:
            return [0.0] * np_
        keys = self.tie_break_keys()
        best = max(keys)
        win = [k == best for k in keys]
        share = 1.0 / sum(win)
        return [share if w else 0.0 for w in win]

    def compiled_playout(self, policy, rng):
        """State.compiled_playout: play to the end here with ``policy`` (``random``,
        ``onestep`` or ``greedy``, as :data:`POLICIES`), drawing from ``rng`` exactly as
        the Python loop of ``regalia.agents.search.playout`` does with the same policy;
        False for another policy (the state is then unchanged)."""
        code = POLICIES.get(policy)
        if code is None:
            return False
        self._playout(rng.random, code)
        return True

    def compiled_action(self, policy, rng):
        """The action the policy compiled as ``policy`` (``greedy``: Full Greedy) plays
        here, drawing from ``rng`` as the Python policy does (one ``rng.random()`` when
        there is a choice); None for another policy or outside a decision.
        ``policies.full_greedy_policy`` calls it (the core hook ``State.compiled_action``)."""
        cdef St* s = &self.s
        cdef Draw d
        if POLICIES.get(policy) != FULL_GREEDY or s.phase not in (PH_PICK, PH_PLACE):
            return None
        fn = rng.random
        d.g = NULL
        d.fn = <PyObject*>fn
        return fg_choose(s, &d)

    cdef int _playout(self, object draw, int code) except -1:
        """Play to the end with policy ``code`` (:func:`decide`). ``draw()`` gives the
        generator's next float in [0, 1); it is called at every chance node and where the
        Python policy calls ``rng.random()``."""
        cdef St* s = &self.s
        cdef Draw d
        cdef int a
        d.g = NULL
        d.fn = <PyObject*>draw
        while s.phase != PH_END:
            if s.phase == PH_DRAW or s.phase == PH_KING:
                a = chance_action(s, next_draw(&d))
            else:
                a = decide(s, code, &d)
            apply(s, a)
            history_push(&self._hist, a)
        return 0


cdef int _load_ints(object values, int* out, int cap) except -1:
    cdef int i = 0
    if len(values) > cap:
        raise ValueError(f"at most {cap} values, not {len(values)}")
    for v in values:
        out[i] = v
        i += 1
    return i


include "_vector.pxi"
