# PCG64 (PCG-XSL-RR 128/64), the compiled engines' dealer (regalia.core.dealers describes
# the generator and its seeding; regalia.core.dealers.Pcg64 is the same generator in
# Python). The struct and the inline step are compiled into each engine that cimports
# them; the class Pcg64 (pcg64.pyx) is the dealer object a state hands out.

from libc.stdint cimport uint64_t

cdef extern from *:
    """
    typedef unsigned __int128 regalia_u128;
    static inline uint64_t regalia_pcg64_next(regalia_u128* state, regalia_u128 inc) {
        const regalia_u128 mult = (((regalia_u128)0x2360ED051FC65DA4ULL) << 64)
                                  | 0x4385DF649FCCF645ULL;
        regalia_u128 s = *state * mult + inc;
        *state = s;
        uint64_t x = ((uint64_t)(s >> 64)) ^ (uint64_t)s;
        unsigned rot = (unsigned)(s >> 122);
        return (x >> rot) | (x << ((-rot) & 63));
    }
    static inline double regalia_pcg64_double(regalia_u128* state, regalia_u128 inc) {
        return (double)(regalia_pcg64_next(state, inc) >> 11) * (1.0 / 9007199254740992.0);
    }
    static inline void regalia_pcg64_seed(regalia_u128* state, regalia_u128* inc,
                                          uint64_t shi, uint64_t slo, uint64_t ihi,
                                          uint64_t ilo) {
        /* pcg_setseq_128_srandom_r(initstate = shi:slo, initseq = ihi:ilo) */
        *inc = (((((regalia_u128)ihi) << 64) | ilo) << 1) | 1u;
        *state = 0;
        regalia_pcg64_next(state, *inc);
        *state += (((regalia_u128)shi) << 64) | slo;
        regalia_pcg64_next(state, *inc);
    }
    static inline void regalia_pcg64_get(regalia_u128* state, regalia_u128* inc,
                                         uint64_t* w) {
        w[0] = (uint64_t)(*state >> 64); w[1] = (uint64_t)*state;
        w[2] = (uint64_t)(*inc >> 64); w[3] = (uint64_t)*inc;
    }
    """
    ctypedef struct regalia_u128:
        pass
    uint64_t regalia_pcg64_next(regalia_u128* state, regalia_u128 inc) noexcept nogil
    double regalia_pcg64_double(regalia_u128* state, regalia_u128 inc) noexcept nogil
    void regalia_pcg64_seed(regalia_u128* state, regalia_u128* inc, uint64_t shi, uint64_t slo,
                            uint64_t ihi, uint64_t ilo) noexcept nogil
    void regalia_pcg64_get(regalia_u128* state, regalia_u128* inc, uint64_t* w) noexcept nogil


cdef struct PcgState:
    regalia_u128 state
    regalia_u128 inc


cdef inline double pcg_double(PcgState* g) noexcept nogil:
    """The next float in [0, 1) (53 bits)."""
    return regalia_pcg64_double(&g.state, g.inc)


cdef inline uint64_t pcg_next(PcgState* g) noexcept nogil:
    """The next 64-bit output."""
    return regalia_pcg64_next(&g.state, g.inc)


cdef class Pcg64:
    cdef PcgState g
    cdef int seed_from(self, object seed) except -1
