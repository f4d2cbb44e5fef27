# cython: language_level=3, boundscheck=False, wraparound=False
"""PCG64 in C: the compiled engines' dealer (see :mod:`regalia.core.dealers` for the
generator, its seeding and its Python twin :class:`regalia.core.dealers.Pcg64`, which
draws the same numbers)."""

from libc.stdint cimport uint64_t

cdef object _M64 = (1 << 64) - 1


cdef class Pcg64:
    """PCG64 seeded from an int, as :func:`regalia.core.dealers.pcg64_initial` seeds it.

    A state's dealer: ``random()`` is the next float in ``[0, 1)``. Engines that cimport
    it draw from its struct directly (``pcg_double(&dealer.g)``)."""

    def __init__(self, seed):
        self.seed_from(seed)

    cdef int seed_from(self, object seed) except -1:
        """Seed as regalia.core.dealers.pcg64_initial does, in C (an int of 63 bits or
        fewer without building Python ints)."""
        cdef long long v
        if type(seed) is int and -0x7FFFFFFFFFFFFFFF <= seed <= 0x7FFFFFFFFFFFFFFF:
            v = seed
            regalia_pcg64_seed(&self.g.state, &self.g.inc, 0, <uint64_t>(-v if v < 0 else v),
                               0, 0)
            return 0
        a = abs(seed)
        regalia_pcg64_seed(&self.g.state, &self.g.inc, (a >> 64) & _M64, a & _M64,
                           (a >> 192) & _M64, (a >> 128) & _M64)
        return 0

    def state(self):
        """``(state, increment)``, the two 128-bit words (as the Python Pcg64's)."""
        cdef uint64_t w[4]
        regalia_pcg64_get(&self.g.state, &self.g.inc, w)
        return ((<object>w[0]) << 64) | w[1], ((<object>w[2]) << 64) | w[3]

    def random(self):
        """The next float in [0, 1) (53 bits)."""
        return pcg_double(&self.g)

    def next_uint64(self):
        """The next 64-bit output."""
        return pcg_next(&self.g)

    def __reduce__(self):
        raise TypeError("a dealer is not copied or pickled (a copy would tell the real "
                        "game's future draws)")

    def __copy__(self):
        raise TypeError("a dealer is not copied (a copy would tell the real game's future "
                        "draws)")

    def __deepcopy__(self, memo):
        raise TypeError("a dealer is not copied (a copy would tell the real game's future "
                        "draws)")
