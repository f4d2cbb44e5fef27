# The action history of a compiled state core: the ``hist`` of the pure engines (every
# action applied since the start, oldest first) as a C array of action ids that grows by
# doubling. Shared by the compiled engines (games/kingdomino/_engine.pyx and
# games/two_heirs/_engine.pyx): each ``Core`` holds one History and calls the functions
# below. They are ``inline`` in a .pxd, so Cython compiles them into each engine: no call
# crosses from one extension module to another, and nothing is imported at run time.

from libc.stdlib cimport free, malloc, realloc
from libc.string cimport memcpy


cdef struct History:
    int* acts    # the action ids, oldest first
    int n        # how many
    int cap      # how many fit before the array grows


cdef inline int history_init(History* h) except -1:
    """An empty history with room for 256 actions (``Core.__cinit__``).

    Raises MemoryError when the array cannot be allocated."""
    h.cap = 256
    h.acts = <int*>malloc(h.cap * sizeof(int))
    if h.acts == NULL:
        raise MemoryError()
    h.n = 0
    return 0


cdef inline void history_free(History* h) noexcept:
    """Release the array (``Core.__dealloc__``)."""
    free(h.acts)


cdef inline int history_reserve(History* h, int n) except -1:
    """Room for ``n`` actions: the capacity doubled until it holds them.

    Raises MemoryError when the array cannot grow (the history is then unchanged)."""
    cdef int cap = h.cap
    cdef int* grown
    if n <= cap:
        return 0
    while cap < n:
        cap *= 2
    grown = <int*>realloc(h.acts, cap * sizeof(int))
    if grown == NULL:
        raise MemoryError()
    h.acts = grown
    h.cap = cap
    return 0


cdef inline int history_push(History* h, int a) except -1:
    """Append action ``a`` (after each transition)."""
    if h.n == h.cap:
        history_reserve(h, h.n + 1)
    h.acts[h.n] = a
    h.n += 1
    return 0


cdef inline int history_copy(History* dst, const History* src) except -1:
    """Make ``dst`` hold the actions of ``src`` (``Core.clone``)."""
    history_reserve(dst, src.n)
    memcpy(dst.acts, src.acts, src.n * sizeof(int))
    dst.n = src.n
    return 0


cdef inline int history_load(History* h, object actions) except -1:
    """Make ``h`` hold ``actions``, a sequence of action ids (the pure engine's ``hist``,
    ``Core._load``).

    Raises TypeError or OverflowError for an element that is not a C int (``h``'s length is
    then unchanged)."""
    cdef int i
    history_reserve(h, len(actions))
    for i, a in enumerate(actions):
        h.acts[i] = a
    h.n = len(actions)
    return 0


cdef inline list history_list(const History* h):
    """The actions as a new Python list, oldest first (``State.history``, ``hist``)."""
    cdef int i
    return [h.acts[i] for i in range(h.n)]
