# Included by _engine.pyx (the same C module: the kernel calls its transitions inline).
#
# The batched kernel behind regalia.adapters.vector (issue 29): B games of one Kingdomino
# game stepped in C, each with its own PCG64, one learner seat per game and the other seats
# played by compiled policies (decide), writing observation tensors, legal-action masks,
# rewards and terminations into NumPy arrays. What a step does is defined by the single
# environment of regalia.adapters.vector (PolicyEnv, on the public API), which the tests
# step beside this kernel: B of them in Gymnasium's SyncVectorEnv give the same arrays.

from cpython.mem cimport PyMem_Free, PyMem_Malloc
from libc.stdint cimport int64_t


# One game of the batch beside its position: its generator, the learner's seat, the
# kingdoms written in the observation, scores kept until a kingdom changes.
cdef struct Slot:
    PcgState g
    int seat
    int pol[4]             # per seat, the code of the policy playing it (decide)
    bint autoreset         # ended at the last step: reset at the next (next-step autoreset)
    int tpts[4][6]         # property points of each seat's terrains in its kingdom
    int dirty[4]           # per seat, the terrains (bits) whose points are to recompute


cdef class VectorKernel:
    """``num_envs`` games of ``game`` stepped in C (see the comment at the top of this
    file). Not used alone: ``KingdominoGame.vector_kernel`` makes it for
    :mod:`regalia.adapters.vector`, which documents the environment.

    ``seat``: the learner's seat, or -1 for a seat drawn at each reset; ``policies``: the
    codes (:data:`POLICIES`) of the policies playing the other seats, in seat order;
    ``margin``: the reward is the seat's score margin instead of its victory share. The
    arrays (``obs``, ``mask``, ``rewards``, ``terminated``, ``seats``, ``illegal``) are
    written in place by :meth:`reset` and :meth:`step`."""

    cdef St* st
    cdef Slot* slots
    cdef readonly int num_envs, obs_size, num_actions
    cdef int seat_choice, margin, np_
    cdef int codes[3]      # the other seats' policies, in seat order after the learner's
    cdef double illegal_reward
    cdef Core base
    # tensor layout: offsets of the segments (tensors.layout)
    cdef int o_kd, o_cur, o_nxt, o_phase, o_move, o_prog, o_disc, o_score, slot_len
    cdef public object obs, mask, rewards, terminated, seats, illegal
    cdef float[:, ::1] o
    cdef signed char[:, ::1] m
    cdef double[::1] r
    cdef unsigned char[::1] t, bad
    cdef int64_t[::1] seat_out

    def __cinit__(self):
        self.st = NULL
        self.slots = NULL

    def __dealloc__(self):
        PyMem_Free(self.st)
        PyMem_Free(self.slots)

    def __init__(self, game, int num_envs, int seat, policies, bint margin,
                 double illegal_reward, offsets):
        import numpy as np
        cdef int i
        if num_envs < 1:
            raise ValueError(f"num_envs must be at least 1, not {num_envs}")
        self.base = _initial(game)
        self.num_envs = num_envs
        self.np_ = self.base.s.np
        self.seat_choice = seat
        self.margin = margin
        self.illegal_reward = illegal_reward
        if len(policies) != self.np_ - 1:
            raise ValueError(f"{self.np_ - 1} opponent policies, not {len(policies)}")
        for i in range(self.np_ - 1):
            self.codes[i] = policies[i]
        self.o_kd, self.o_cur, self.o_nxt, self.o_phase, self.o_move, self.o_prog, \
            self.o_disc, self.o_score, self.obs_size = offsets
        self.slot_len = 18 + self.np_
        self.num_actions = self.base.s.nact
        self.st = <St*>PyMem_Malloc(num_envs * sizeof(St))
        self.slots = <Slot*>PyMem_Malloc(num_envs * sizeof(Slot))
        if self.st == NULL or self.slots == NULL:
            raise MemoryError()
        memset(self.slots, 0, num_envs * sizeof(Slot))
        self.obs = np.zeros((num_envs, self.obs_size), dtype=np.float32)
        self.mask = np.zeros((num_envs, self.num_actions), dtype=np.int8)
        self.rewards = np.zeros(num_envs, dtype=np.float64)
        self.terminated = np.zeros(num_envs, dtype=np.bool_)
        self.illegal = np.zeros(num_envs, dtype=np.bool_)
        self.seats = np.zeros(num_envs, dtype=np.int64)
        self.o = self.obs
        self.m = self.mask
        self.r = self.rewards
        self.t = self.terminated.view(np.uint8)
        self.bad = self.illegal.view(np.uint8)
        self.seat_out = self.seats

    # ------------------------------------------------------------------ episodes
    def seed(self, int i, seed):
        """Seed game ``i``'s generator as a dealer seeded with ``seed`` (an int: see
        regalia.core.dealers)."""
        cdef Pcg64 d = Pcg64(seed)
        self.slots[i].g = d.g

    def reset(self):
        """Start a new game in every slot (each generator goes on from where it is) and
        write the arrays: rewards 0, nothing terminated."""
        cdef int i
        for i in range(self.num_envs):
            self._new_episode(i)
            self.r[i] = 0.0
            self.t[i] = 0
            self.bad[i] = 0
            self.slots[i].autoreset = False

    def step(self, const int64_t[::1] actions):
        """One step of every game (next-step autoreset: a game that ended at the last step
        is reset instead, its action ignored). Returns whether an action was illegal."""
        cdef int i, a
        cdef bint any_bad = False
        cdef St* s
        cdef Slot* sl
        if actions.shape[0] != self.num_envs:
            raise ValueError(f"step takes {self.num_envs} actions, not {actions.shape[0]}")
        for i in range(self.num_envs):
            sl = &self.slots[i]
            s = &self.st[i]
            self.bad[i] = 0
            if sl.autoreset:
                self._new_episode(i)
                self.r[i] = 0.0
                self.t[i] = 0
                sl.autoreset = False
                continue
            a = actions[i]
            if (s.phase != PH_PLACE and s.phase != PH_PICK) or s.owner[s.king] != sl.seat \
                    or not 0 <= a < s.nact or not is_legal(s, a):
                # an illegal action ends the episode and leaves the game as it was
                self.r[i] = self.illegal_reward
                self.t[i] = 1
                self.bad[i] = 1
                any_bad = True
                sl.autoreset = True
                self._write_mask(i)
                continue
            self._apply(i, a)
            self._advance(i)
            self._write(i)
            if s.phase == PH_END:
                self.r[i] = self._reward(i)
                self.t[i] = 1
                sl.autoreset = True
            else:
                self.r[i] = 0.0
                self.t[i] = 0
        return any_bad

    def reset_ended(self):
        """Start a new game in every slot whose game ended at the last step (same-step
        autoreset), writing its arrays; the others are left as they are."""
        cdef int i
        for i in range(self.num_envs):
            if self.slots[i].autoreset:
                self._new_episode(i)
                self.slots[i].autoreset = False

    cdef void _new_episode(self, int i):
        cdef Slot* sl = &self.slots[i]
        cdef int p, j = 0
        if self.seat_choice < 0:
            sl.seat = <int>(pcg_double(&sl.g) * self.np_)
        else:
            sl.seat = self.seat_choice
        for p in range(self.np_):
            if p != sl.seat:
                sl.pol[p] = self.codes[j]
                j += 1
        self.seat_out[i] = sl.seat
        memcpy(&self.st[i], &self.base.s, sizeof(St))
        memset(&self.o[i, 0], 0, self.obs_size * sizeof(float))
        self._new_kingdoms(i)
        self._advance(i)
        self._write(i)

    cdef void _advance(self, int i):
        """Chance (from the slot's generator) and the other seats' policies until the
        learner is to act or the game is over (PolicyEnv._advance)."""
        cdef St* s = &self.st[i]
        cdef Slot* sl = &self.slots[i]
        cdef Draw d
        cdef int cur
        d.g = &sl.g
        d.fn = NULL
        while True:
            while s.phase == PH_DRAW or s.phase == PH_KING:
                self._apply(i, chance_action(s, pcg_double(&sl.g)))
            if s.phase == PH_END:
                return
            cur = s.owner[s.king]
            if cur == sl.seat:
                return
            self._apply(i, decide(s, sl.pol[cur], &d))

    cdef void _apply(self, int i, int a) noexcept:
        """``a`` applied to game ``i``: a placed domino is written into the kingdom planes
        of the observation at once (its two squares), and its seat's score is recomputed
        when next written; a new Dynasty game clears the kingdoms."""
        cdef St* s = &self.st[i]
        cdef int g = s.game_no, p = -1, n = 0, b = s.b, area = s.b * s.b
        cdef int sq[4]
        cdef float* planes
        if s.phase == PH_PLACE:
            p = s.owner[s.king]
            n = s.cur_nums[s.idx]
        apply(s, a)
        if p < 0:
            return
        if a != s.discard:
            self.slots[i].dirty[p] |= (1 << s.t1[n]) | (1 << s.t2[n])
            placement_squares(s, a, sq)
            planes = &self.o[i, 0] + self.o_kd + (
                (p - self.slots[i].seat + self.np_) % self.np_) * 8 * area
            planes[(1 + s.t1[n]) * area + sq[0] * b + sq[1]] = 1.0
            planes[(1 + s.t2[n]) * area + sq[2] * b + sq[3]] = 1.0
            if s.c1[n]:
                planes[7 * area + sq[0] * b + sq[1]] = <float>(s.c1[n] / 3.0)
            if s.c2[n]:
                planes[7 * area + sq[2] * b + sq[3]] = <float>(s.c2[n] / 3.0)
        if s.game_no != g and s.phase != PH_END:   # a new Dynasty game: new kingdoms
            self._new_kingdoms(i)

    cdef void _new_kingdoms(self, int i) noexcept:
        """Every kingdom plane of game ``i`` cleared to the castle alone; scores to
        compute."""
        cdef St* s = &self.st[i]
        cdef int p, area = s.b * s.b, cr = s.n - 1
        cdef float* planes = &self.o[i, 0] + self.o_kd
        memset(planes, 0, self.np_ * 8 * area * sizeof(float))
        for p in range(self.np_):
            planes[p * 8 * area + cr * s.b + cr] = 1.0
            self.slots[i].dirty[p] = 0x3F

    # ------------------------------------------------------------------ the arrays
    cdef void _write(self, int i):
        """Game ``i``'s observation tensor for its learner (tensors.encode of the
        observation) and its legal-action mask."""
        cdef St* s = &self.st[i]
        cdef Slot* sl = &self.slots[i]
        cdef float* row = &self.o[i, 0]
        cdef int n = self.np_, p, rel, k, cur, acting, points
        for p in range(n):
            rel = (p - sl.seat + n) % n
            points = self._points(i, p)
            row[self.o_disc + rel] = <float>(s.kd[p].discarded / 12.0)
            row[self.o_score + rel] = <float>(
                (past_points(s, p) + (points if s.phase != PH_END else 0)) / 100.0)
        acting = s.king if s.phase == PH_PICK or s.phase == PH_PLACE else -1
        self._write_line(row + self.o_cur, s.cur_nums, s.cur_kings, s.ncur, acting, sl.seat)
        self._write_line(row + self.o_nxt, s.nxt_nums, s.nxt_kings, s.nnxt, -1, sl.seat)
        for k in range(5):
            row[self.o_phase + k] = 1.0 if k == s.phase else 0.0
        for k in range(n):
            row[self.o_move + k] = 0.0
        if s.phase == PH_PICK or s.phase == PH_PLACE:
            cur = s.owner[s.king]
            row[self.o_move + (cur - sl.seat + n) % n] = 1.0
        row[self.o_prog] = <float>((s.used - s.drawn) / <double>s.used)
        row[self.o_prog + 1] = <float>((min(s.game_no + 1, s.ngames) - 1) / <double>s.ngames)
        self._write_mask(i)

    cdef int _points(self, int i, int p) noexcept:
        """game_points of seat ``p`` in game ``i``: the properties of the terrains a
        placement touched recomputed, the others kept, plus the bonuses met now."""
        cdef St* s = &self.st[i]
        cdef Slot* sl = &self.slots[i]
        cdef Kingdom* k = &s.kd[p]
        cdef int t, total = 0, largest = 0
        for t in range(6):
            if sl.dirty[p] >> t & 1:
                sl.tpts[p][t] = terrain_points(s, k.terr[t], k.crown[0], k.crown[1],
                                               k.crown[2], k.bbox[0], k.bbox[1], True,
                                               &largest)
            total += sl.tpts[p][t]
        sl.dirty[p] = 0
        if s.mk_bonus or s.harmony_bonus:
            total += bonuses(s, k.bbox, occupied(s, k), k.discarded)
        return total

    cdef void _write_line(self, float* out, const int* nums, const int* kings, int cnt,
                          int acting, int seat):
        """A line of ``cnt`` dominoes as tensors._line writes it."""
        cdef St* s = &self.base.s
        cdef int i, j, num, n = self.np_
        cdef float* row
        for i in range(s.per_line):
            row = out + i * self.slot_len
            for j in range(self.slot_len):
                row[j] = 0.0
            if i >= cnt:
                continue
            num = nums[i]
            row[0] = 1.0
            row[1] = <float>(num / 48.0)
            row[2 + s.t1[num]] = 1.0
            row[8] = <float>(s.c1[num] / 3.0)
            row[9 + s.t2[num]] = 1.0
            row[15] = <float>(s.c2[num] / 3.0)
            if kings[i] >= 0:
                row[16] = 1.0
                row[17] = 1.0 if kings[i] == acting else 0.0
                row[18 + (s.owner[kings[i]] - seat + n) % n] = 1.0

    cdef void _write_mask(self, int i):
        cdef St* s = &self.st[i]
        cdef signed char* row = &self.m[i, 0]
        cdef int buf[MAX_PLACEMENTS]
        cdef int j, cnt
        memset(row, 0, s.nact)
        if (s.phase == PH_PICK or s.phase == PH_PLACE) and s.owner[s.king] == self.slots[i].seat:
            cnt = decisions(s, buf)
            for j in range(cnt):
                row[buf[j]] = 1

    cdef double _reward(self, int i):
        """The learner's reward at the end: its victory share (State.returns) or its score
        margin (State.margins)."""
        cdef St* s = &self.st[i]
        cdef int n = self.np_, p, seat = self.slots[i].seat, best = 0, winners = 0
        cdef int keys[4][3]
        cdef int other = -1000000
        tie_keys(s, keys)
        if self.margin:
            for p in range(n):
                if p != seat and keys[p][0] > other:
                    other = keys[p][0]
            return keys[seat][0] - other
        for p in range(1, n):
            if key_cmp(keys[p], keys[best]) > 0:
                best = p
        for p in range(n):
            if key_cmp(keys[p], keys[best]) == 0:
                winners += 1
        return 1.0 / winners if key_cmp(keys[seat], keys[best]) == 0 else 0.0


cdef inline int key_cmp(const int* a, const int* b) noexcept nogil:
    """Compare two (points, largest, crowns) keys as tuples: -1, 0 or 1."""
    cdef int j
    for j in range(3):
        if a[j] != b[j]:
            return 1 if a[j] > b[j] else -1
    return 0
