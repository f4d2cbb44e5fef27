# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, embedsignature=True, auto_pickle=False
"""The compiled Inheritors engine core (issue 29; ARCHITECTURE.md, "Compiled kernels").

:class:`Core` keeps a whole position in one C struct and implements, in C, the hot part
of the state contract: whose turn, legal actions, the transitions (setup, draws and
Quests, the five actions, the Advocates' and Clans' effects, claims, the end), the public
knowledge of each hand (cards seen, upper bounds, public notes), chance outcomes, the
scores and whole playouts (``random``, ``greedy`` and ``fast``, :data:`POLICIES`) drawing
from the caller's generator. It is the first base of
:class:`regalia.games.inheritors.compiled.CompiledInheritorsState`, whose second base,
:class:`regalia.games.inheritors.state.InheritorsState`, supplies everything else
(notation, observations, information states, JSON, breakdowns) by reading the position
through the pure engine's names (``hand``, ``mask``, ``pend``... shown here as properties in
its layout).

The rules are the pure engine's (:class:`.state.PureInheritorsState`, :mod:`.scoring`,
:mod:`.policies`: the reference, which cites the rulebook and the rulings); every
function below mirrors one there, named in its docstring. The differential tests
(``tests/games/inheritors/test_inheritors_compiled.py``) check that both engines give the
same legal actions in the same order, histories, scores, observations, information states
and JSON, and consume the same random numbers. An illegal action is refused by asking the
pure engine on a copy of the position, so the error is the reference's, word for word.

The card texts are data (:mod:`.effects`, compiled to tuples by
:class:`~.rules.InheritorsGame`); :class:`Tables` copies those tuples once per game into
pools of C records (conditions, effects, scoring abilities). Card data larger than the C
arrays (:data:`LIMITS`) is played by the pure engine (:func:`unfit` says why).
"""

from libc.stdlib cimport qsort
from libc.string cimport memcpy, memmove, memset

from regalia._compiled.history cimport (History, history_copy, history_free, history_init,
                                        history_list, history_load, history_push)

ctypedef unsigned long long u64
ctypedef unsigned int u32

cdef extern from *:
    int popcount64 "__builtin_popcountll"(unsigned long long) nogil
    int ctz64 "__builtin_ctzll"(unsigned long long) nogil
    int clz32 "__builtin_clz"(unsigned int) nogil

cdef enum:
    MAXP = 4               # seats (codes.MAX_SEATS)
    MAXT = 64              # card types (a 64-bit mask; 46 bundled)
    MAXQ = 32              # Quests
    MAXHON = 32            # Honors (a 32-bit mask)
    MAXCLAN = 32           # Clans
    MAXCARDS = 256         # cards in all (a Market row holds at most all of them)
    MAXDQ = 256            # draws waiting
    MAXPEND = 32           # pending effects of a turn
    MAXCOND = 128          # compiled conditions of the game
    MAXEFF = 256           # compiled turn effects of the game
    MAXAB = 64             # compiled scoring abilities
    MAXSE = 128            # their effects
    MAXPTS = 4             # places of a majority
    MAXCT = 16             # cards named by one take_cards effect
    MAXDET = 24            # cards of one public note ("shown": at most 20)
    MAXNEW = MAXPEND + 4   # public notes of one action
    MAXACT = 1024          # legal actions of one state
    NOCAP = 1000000        # codes.NOCAP
    ROW = 10               # codes.ROW
    HAND_SIZE = 10         # codes.HAND_SIZE
    MAX_DEPTH = 120        # codes.MAX_DEPTH
    ANY = -1               # codes.ANY
    K_INF = 0              # codes.K_*
    K_RELIC = 3
    C_HAND = 0             # codes.C_*
    C_STACKS = 1
    C_INF = 2
    C_HIGH = 3
    C_QUESTS = 4
    C_AHEAD = 5
    C_USED = 6
    C_CARDS = 7
    E_DRAW = 0             # codes.E_*
    E_TAKE = 1
    E_PLAY = 2
    E_DEMAND = 3
    E_REMOVE = 4
    E_CARDS = 5
    E_SCORE = 6
    E_MAJORITY = 7
    E_IF = 8
    PH_COLOUR = 0          # codes.PH_*
    PH_HONOR = 1
    PH_CLAN = 2
    PH_DRAW = 3
    PH_QUEST = 4
    PH_FIRST = 5
    PH_START = 6
    PH_EFFECT = 7
    PH_QDISC = 8
    PH_POST = 9
    PH_END = 10
    ST_SETUP = 0           # codes.ST_*
    ST_BEFORE = 1
    ST_ACTION = 2
    ST_AFTER = 3
    ST_EOT = 4
    N_HELD = 0             # codes.NOTE_KINDS
    N_MISSED = 1
    N_SHOWN = 2
    N_NOPLAY = 3
    CHANCE = -1            # regalia.core.game
    TERMINAL = -4
    RANDOM = 0             # POLICIES
    GREEDY = 1
    FAST = 2

#: The compiled playouts (State.compiled_playout) by name.
POLICIES = {"random": RANDOM, "greedy": GREEDY, "fast": FAST}

#: The largest card data the C arrays hold (larger data is played by the pure engine).
LIMITS = {"card types": MAXT, "Quests": MAXQ, "Honors": MAXHON, "Clans": MAXCLAN,
          "cards": MAXCARDS, "conditions": MAXCOND, "turn effects": MAXEFF,
          "scoring abilities": MAXAB, "scoring effects": MAXSE,
          "places of a majority": MAXPTS, "cards taken from a Clan": MAXCT,
          "cards shown for an Honor": MAXDET - 4, "effects of a card": MAXPEND}

#: The public notes' kinds (codes.NOTE_KINDS) by code.
NOTE_KINDS = ("held", "missed", "shown", "noplay")

# the weights of policies.py
cdef double CARD = 0.3
cdef double PLAYABLE = 0.25
cdef double TOME = 0.9
cdef double QUEST_PENDING = 1.5
cdef double CLAN_W = 1.0
cdef double RIVAL = 0.3


# ---------------------------------------------------------------------- the game's tables
cdef struct Cond:          # a compiled condition (InheritorsGame.compile_condition)
    int code, a, b
    u64 types

cdef struct Eff:           # a turn effect (InheritorsGame.compile_effects), pending too
    int code, a, b, c, cond
    u64 types

cdef struct ScoreEff:      # E_SCORE (points) or E_MAJORITY (types, points per place)
    int code, points, npts
    int pts[MAXPTS]
    u64 types

cdef struct ScoreAb:       # a scoring ability: requirement (-1 none), met, otherwise
    int req, met0, nmet, oth0, noth

cdef struct Tab:
    int np, T, two, nquests, nhonors, nclans, honors_wanted
    int A_PLAY, A_ADV, A_DDRAW, A_MARKET, A_QUEST, A_DISC, A_ASK, A_TAKE, A_SABO, A_CLAN
    int A_HONOR, A_END, A_PASS, C_CARD, C_QUEST, C_COLOUR, C_HONOR, C_CLAN, C_FIRST, nact
    # card types
    int tkind[MAXT]
    int tcol[MAXT]
    int tnum[MAXT]
    int tcopies[MAXT]
    int tmarked[MAXT]
    int tclan[MAXT]
    unsigned char in_deck[MAXT]
    unsigned char is_adv[MAXT]
    u64 match[MAXT]            # bit x: type x matches (action 3)
    # named records
    int clan_colour[MAXCLAN]
    int quest_colour[MAXQ]
    int nclans_of[5]
    int clans_of[5][MAXCLAN]
    int honor_points[MAXHON]
    int quest_met[MAXQ]
    int quest_unmet[MAXQ]
    # compiled texts (indices into the pools; -1: none)
    Cond cond[MAXCOND]
    int ncond
    Eff eff[MAXEFF]
    int neff
    ScoreEff se[MAXSE]
    int nse
    ScoreAb ab[MAXAB]
    int nab
    int honor_req[MAXHON]
    int quest_req[MAXQ]
    int relic_req[MAXT]
    int relic_met[MAXT]
    int relic_unmet[MAXT]
    int adv_req[MAXT]
    int adv_eff0[MAXT]
    int adv_neff[MAXT]
    int nclaim[MAXCLAN]
    int claim_req[MAXCLAN][4]
    int claim_eff0[MAXCLAN][4]
    int claim_neff[MAXCLAN][4]
    int clan_ab0[MAXCLAN]
    int clan_nab[MAXCLAN]
    int epic_ab0[MAXT]
    int epic_nab[MAXT]        # 0: not an Epic
    u64 majority_types
    int nmaj
    int majority_points[MAXPTS]
    u64 tome_types


def _limit(name, size):
    if size > LIMITS[name]:
        return f"{size} {name}, more than the {LIMITS[name]} it holds"
    return None


def unfit(game):
    """Why ``game``'s card data does not fit the compiled engine's arrays (:data:`LIMITS`),
    or None when it fits (the bundled cards do)."""
    G = game
    conds = (len(G.honor_req) + len(G.quest_req) + len(G.relic_req)
             + sum(1 for r in G.adv_req.values() if r is not None) + len(G.ability_req)
             + sum(1 for claim in G.clan_claim for req, _ in claim if req is not None)
             + sum(1 for abil in (*G.clan_scoring, *G.epic_scoring.values())
                   for req, _, _ in abil if req is not None))
    effs = (sum(len(e) for e in G.adv_effects.values())
            + sum(len(e) for claim in G.clan_claim for _, e in claim))
    abil = [a for x in (*G.clan_scoring, *G.epic_scoring.values()) for a in x]
    shown = max((c[1] for c in G.honor_req if c[0] == C_HAND), default=0)
    takes = max((len(e[1]) for claim in G.clan_claim for _, es in claim for e in es
                 if e[0] == E_CARDS), default=0)
    places = max([len(G.majority_points)] + [len(e[2]) for a in abil for e in (*a[1], *a[2])
                                             if e[0] == E_MAJORITY])
    per_card = max([len(e) for e in G.adv_effects.values()]
                   + [sum(len(es) for _, es in claim) for claim in G.clan_claim] + [0])
    for name, size in (("card types", G.T), ("Quests", len(G.quests)),
                       ("Honors", len(G.honors)), ("Clans", len(G.clans)),
                       ("cards", sum(G.tcopies)), ("conditions", conds),
                       ("turn effects", effs), ("scoring abilities", len(abil)),
                       ("scoring effects", sum(len(a[1]) + len(a[2]) for a in abil)),
                       ("places of a majority", places), ("cards taken from a Clan", takes),
                       ("cards shown for an Honor", shown), ("effects of a card", per_card)):
        problem = _limit(name, size)
        if problem is not None:
            return problem
    if any(len(claim) > 4 for claim in G.clan_claim):
        return "a Clan with more than 4 claim abilities"
    return None


cdef class Tables:
    """The C tables of one game (built once per game, kept on it, shared by its states)."""

    cdef Tab t
    cdef dict _conds      # compiled condition tuple -> index in the pool
    cdef dict _abreq      # (advocate, ability) -> condition index (E_IF)

    def __reduce__(self):
        # a pickled game carries no C tables: the copy builds its own (tables_of)
        return (_rebuilt_later, ())

    def __init__(self, G):
        problem = unfit(G)
        if problem is not None:
            raise ValueError(problem)
        cdef Tab* T = &self.t
        cdef int t, x, i, k, q, h
        memset(T, 0, sizeof(Tab))
        self._conds = {}
        self._abreq = {}
        T.np = G.num_players
        T.T = G.T
        T.two = 1 if G.two_player else 0
        T.nquests = len(G.quests)
        T.nhonors = len(G.honors)
        T.nclans = len(G.clans)
        T.honors_wanted = min(4 if G.two_player else 5, len(G.honors))
        for name in ("A_PLAY", "A_ADV", "A_DDRAW", "A_MARKET", "A_QUEST", "A_DISC", "A_ASK",
                     "A_TAKE", "A_SABO", "A_CLAN", "A_HONOR", "A_END", "A_PASS", "C_CARD",
                     "C_QUEST", "C_COLOUR", "C_HONOR", "C_CLAN", "C_FIRST"):
            _set_base(T, name, getattr(G, name))
        T.nact = G.num_actions
        for t in range(G.T):
            T.tkind[t] = G.tkind[t]
            T.tcol[t] = G.tcol[t]
            T.tnum[t] = G.tnum[t]
            T.tcopies[t] = G.tcopies[t]
            T.tmarked[t] = G.tmarked[t]
            T.tclan[t] = G.tclan[t]
            T.in_deck[t] = 1 if G.in_deck[t] else 0
            T.is_adv[t] = 1 if G.is_advocate[t] else 0
            for x in range(G.T):
                if G.match[t][x]:
                    T.match[t] |= (<u64>1) << x
            T.relic_req[t] = -1
            T.adv_req[t] = -1
        for i in range(T.nclans):
            T.clan_colour[i] = G.clan_colour[i]
        for k in range(5):
            T.nclans_of[k] = len(G.clans_of_colour[k])
            for i, x in enumerate(G.clans_of_colour[k]):
                T.clans_of[k][i] = x
        for q in range(T.nquests):
            T.quest_colour[q] = G.quest_colour[q]
            T.quest_met[q] = G.quests[q].points_met
            T.quest_unmet[q] = G.quests[q].points_unmet
            T.quest_req[q] = self._cond(G.quest_req[q])
        for h in range(T.nhonors):
            T.honor_points[h] = G.honors[h].points
            T.honor_req[h] = self._cond(G.honor_req[h])
        for t, req in G.relic_req.items():
            T.relic_req[t] = self._cond(req)
            T.relic_met[t] = G.relic_points[t][0]
            T.relic_unmet[t] = G.relic_points[t][1]
        for (t, i), req in G.ability_req.items():
            self._abreq[(t, i)] = self._cond(req)
        for t, req in G.adv_req.items():
            T.adv_req[t] = -1 if req is None else self._cond(req)
        for t, effs in G.adv_effects.items():
            T.adv_eff0[t] = T.neff
            T.adv_neff[t] = len(effs)
            for e in effs:
                self._effect(e)
        for i, claim in enumerate(G.clan_claim):
            T.nclaim[i] = len(claim)
            for k, (req, effs) in enumerate(claim):
                T.claim_req[i][k] = -1 if req is None else self._cond(req)
                T.claim_eff0[i][k] = T.neff
                T.claim_neff[i][k] = len(effs)
                for e in effs:
                    self._effect(e)
        for i, abilities in enumerate(G.clan_scoring):
            T.clan_ab0[i] = T.nab
            T.clan_nab[i] = len(abilities)
            for a in abilities:
                self._ability(a)
        for t, abilities in G.epic_scoring.items():
            T.epic_ab0[t] = T.nab
            T.epic_nab[t] = len(abilities)
            for a in abilities:
                self._ability(a)
        T.majority_types = _mask(G.majority_types)
        T.nmaj = len(G.majority_points)
        for i, x in enumerate(G.majority_points):
            T.majority_points[i] = x
        T.tome_types = _mask(G.tome_types)

    cdef int _cond(self, tuple cond) except -2:
        """The pool index of a compiled condition (equal tuples share one)."""
        cdef Tab* T = &self.t
        cdef int i = self._conds.get(cond, -1)
        if i >= 0:
            return i
        i = T.ncond
        T.ncond += 1
        T.cond[i].code = cond[0]
        if cond[0] in (C_HAND, C_USED):
            if cond[0] == C_HAND:
                T.cond[i].a = cond[1]
                T.cond[i].types = _mask(cond[2])
            else:
                T.cond[i].types = _mask(cond[1])
                T.cond[i].b = cond[2]
        else:
            T.cond[i].a = cond[1] if len(cond) > 1 else 0
            T.cond[i].b = cond[2] if len(cond) > 2 else 0
        self._conds[cond] = i
        return i

    cdef int _effect(self, tuple e) except -1:
        """Append a turn effect to the pool (:func:`eff_from_tuple`)."""
        cdef Tab* T = &self.t
        eff_from_tuple(&T.eff[T.neff], e, T.T, self._abreq)
        T.neff += 1
        return 0

    cdef int _ability(self, tuple a) except -1:
        """Append a scoring ability (requirement, met, otherwise) to the pools."""
        cdef Tab* T = &self.t
        cdef ScoreAb* ab = &T.ab[T.nab]
        T.nab += 1
        req, met, other = a
        ab.req = -1 if req is None else self._cond(req)
        ab.met0 = T.nse
        ab.nmet = len(met)
        for e in met:
            self._score_effect(e)
        ab.oth0 = T.nse
        ab.noth = len(other)
        for e in other:
            self._score_effect(e)
        return 0

    cdef int _score_effect(self, tuple e) except -1:
        cdef Tab* T = &self.t
        cdef ScoreEff* se = &T.se[T.nse]
        T.nse += 1
        se.code = e[0]
        if e[0] == E_SCORE:
            se.points = e[1]
        else:
            se.types = _mask(e[1])
            se.npts = len(e[2])
            for i, x in enumerate(e[2]):
                se.pts[i] = x
        return 0

    def abreq(self, t, i):
        return self._abreq[(t, i)]


cdef int _set_base(Tab* T, str name, int value) except -1:
    if name == "A_PLAY": T.A_PLAY = value
    elif name == "A_ADV": T.A_ADV = value
    elif name == "A_DDRAW": T.A_DDRAW = value
    elif name == "A_MARKET": T.A_MARKET = value
    elif name == "A_QUEST": T.A_QUEST = value
    elif name == "A_DISC": T.A_DISC = value
    elif name == "A_ASK": T.A_ASK = value
    elif name == "A_TAKE": T.A_TAKE = value
    elif name == "A_SABO": T.A_SABO = value
    elif name == "A_CLAN": T.A_CLAN = value
    elif name == "A_HONOR": T.A_HONOR = value
    elif name == "A_END": T.A_END = value
    elif name == "A_PASS": T.A_PASS = value
    elif name == "C_CARD": T.C_CARD = value
    elif name == "C_QUEST": T.C_QUEST = value
    elif name == "C_COLOUR": T.C_COLOUR = value
    elif name == "C_HONOR": T.C_HONOR = value
    elif name == "C_CLAN": T.C_CLAN = value
    else: T.C_FIRST = value
    return 0


cdef u64 _mask(types) except? 0:
    cdef u64 m = 0
    for t in types:
        m |= (<u64>1) << <int>t
    return m


cdef int eff_from_tuple(Eff* e, tuple x, int ntypes, dict abreq) except -1:
    """A turn effect tuple of the pure engine (``state.pend``, ``adv_effects``) as an
    :class:`Eff`; refuses (ValueError) one the C record cannot hold."""
    cdef int code = x[0], need
    memset(e, 0, sizeof(Eff))
    e.code = code
    e.cond = -1
    need = {E_DRAW: 2, E_TAKE: 2, E_PLAY: 4, E_DEMAND: 3, E_REMOVE: 2, E_CARDS: 2,
            E_IF: 4}.get(code, -1)
    if need < 0 or len(x) != need:
        raise ValueError(f"pending effect {list(x)!r} is not an effect of a turn")
    if code == E_CARDS:
        types = x[1]
        if (len(types) > MAXCT or list(types) != sorted(set(types))
                or any(not 0 <= t < ntypes for t in types)):
            raise ValueError(f"pending effect {list(x)!r}: card types in order, each once")
        e.types = _mask(types)
        return 0
    if any(not -1 <= v <= 1000 for v in x[1:]):
        raise ValueError(f"pending effect {list(x)!r}: numbers out of range")
    e.a = x[1]
    if need > 2:
        e.b = x[2]
    if need > 3:
        e.c = x[3]
    if code == E_IF:
        e.cond = abreq[(x[1], x[2])]
    return 0


cdef tuple eff_to_tuple(Eff* e):
    """The pure engine's tuple of a pending effect."""
    cdef int code = e.code
    if code == E_CARDS:
        return (code, _types(e.types))
    if code in (E_PLAY, E_IF):
        return (code, e.a, e.b, e.c)
    if code == E_DEMAND:
        return (code, e.a, e.b)
    return (code, e.a)


cdef tuple _types(u64 m):
    out = []
    while m:
        out.append(ctz64(m))
        m &= m - 1
    return tuple(out)


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
    int phase, stage, cur, first, ended, rcol, dsize, qrow, qdraw, qcol, qleft, tadv, tnum
    int hsize[MAXP]
    int pdraws[MAXP]
    int mask[MAXP][5]
    u32 honors[MAXP]
    int pclan[MAXP]
    int clan_row[5]
    int clan_owner[5]
    int nquests[MAXP]
    signed char quests[MAXP][MAXQ]
    int nqpool
    signed char qpool[MAXQ]
    int nhrow
    signed char hrow[MAXHON]
    int ndrawq
    signed char drawq[MAXDQ]
    int npend
    Eff pend[MAXPEND]
    int nrow[3]
    unsigned char rows[3][MAXCARDS]
    short hand[MAXP][MAXT]
    short known[MAXP][MAXT]
    int capc[MAXP][MAXT]
    short deck[MAXT]
    short removed[MAXT]
    short side[MAXT]
    short box[MAXT]


cdef struct Note:          # a public note of a move (state.notes)
    int ply, kind, seat, nd
    short d[MAXDET]

cdef struct Notes:         # the notes of the action being applied
    int n
    Note items[MAXNEW]


cdef inline int bl(int m) noexcept nogil:
    """int.bit_length of a stack mask (the top card's number)."""
    return 0 if m == 0 else 32 - clz32(<unsigned int>m)


cdef void note(Notes* N, int ply, int kind, int seat, const int* d, int nd) noexcept nogil:
    """PureInheritorsState._note (``N`` NULL: the notes of a policy's trial are dropped)."""
    cdef Note* x
    cdef int i
    if N == NULL:
        return
    x = &N.items[N.n]
    N.n += 1
    x.ply = ply
    x.kind = kind
    x.seat = seat
    x.nd = nd
    for i in range(nd):
        x.d[i] = <short>d[i]


cdef void setup_cards(St* s, Tab* T) noexcept nogil:
    """PureInheritorsState._setup_cards."""
    cdef int t, c, out, q, rc = s.rcol
    s.dsize = 0
    for t in range(T.T):
        c = T.tcopies[t]
        if T.in_deck[t]:
            out = 0
            if (T.tkind[t] == K_INF or T.tkind[t] == K_RELIC) and T.tcol[t] == rc:
                out = c
            elif T.two:
                out = T.tmarked[t]
            s.deck[t] = c - out
            s.box[t] = out
        else:
            s.box[t] = c
        s.dsize += s.deck[t]
    s.nqpool = 0
    for q in range(T.nquests):
        if T.quest_colour[q] != rc or rc < 0:
            s.qpool[s.nqpool] = q
            s.nqpool += 1
    s.qrow = min(4 if T.two else 5, s.nqpool)
    s.phase = PH_HONOR


cdef void new_game(St* s, Tab* T) noexcept nogil:
    """PureInheritorsState.__init__."""
    cdef int i, p, t
    memset(s, 0, sizeof(St))
    s.stage = ST_SETUP
    s.first = -1
    s.rcol = -1
    s.qcol = -1
    s.tadv = -1
    for i in range(5):
        s.clan_row[i] = -1
        s.clan_owner[i] = -1
    for p in range(MAXP):
        s.pclan[p] = -1
        for t in range(MAXT):
            s.capc[p][t] = NOCAP
    if T.two:
        s.phase = PH_COLOUR
        for t in range(T.T):
            s.box[t] = T.tcopies[t]
    else:
        setup_cards(s, T)


cdef int next_clan_colour(St* s) noexcept nogil:
    cdef int c
    for c in range(5):
        if c != s.rcol and s.clan_row[c] < 0:
            return c
    return -1


# ---------------------------------------------------------------------- conditions
cdef bint holds(St* s, Tab* T, int p, int ci) noexcept nogil:
    """scoring.holds (with InheritorsState.condition's C_USED and C_AHEAD)."""
    cdef Cond* c = &T.cond[ci]
    cdef int code = c.code, total, k, q, mine, m
    cdef u64 ty
    if code == C_HAND:
        total = 0
        ty = c.types
        while ty:
            total += s.hand[p][ctz64(ty)]
            ty &= ty - 1
        return total >= c.a
    if code == C_STACKS:
        if c.a <= 0:
            return True
        if c.a > 5:
            return False
        total = 0
        for k in range(5):
            if bl(s.mask[p][k]) >= c.b:
                total += 1
        return total >= c.a
    if code == C_CARDS:
        total = 0
        for k in range(5):
            m = s.mask[p][k] >> (c.b - 1) if c.b >= 1 else s.mask[p][k]
            total += popcount64(<u64>m)
        return total >= c.a
    if code == C_INF:
        return bl(s.mask[p][c.a]) >= c.b
    if code == C_HIGH:
        mine = bl(s.mask[p][c.a])
        if mine <= 0:
            return False
        for q in range(T.np):
            if bl(s.mask[q][c.a]) > mine:
                return False
        return True
    if code == C_QUESTS:
        return s.nquests[p] >= c.a
    if code == C_USED:
        return p == s.cur and s.tadv >= 0 and (c.types >> s.tadv & 1) != 0 and s.tnum >= c.b
    return True   # C_AHEAD


cdef bint ahead(St* s, Tab* T, int p, int c) noexcept nogil:
    """PureInheritorsState._ahead."""
    cdef int mine = bl(s.mask[p][c]), q
    for q in range(T.np):
        if q != p and bl(s.mask[q][c]) > mine:
            return True
    return False


# ---------------------------------------------------------------------- legal actions
cdef int effect_options(St* s, Tab* T, Eff* e, int* out) noexcept nogil:
    """PureInheritorsState._effect_options (``out`` NULL: only count them)."""
    cdef int k = e.code, p = s.cur, n = 0, c, top, num, t, q, r, d, nr
    if k == E_PLAY:
        for c in range(5):
            if c == s.rcol:
                continue
            top = bl(s.mask[p][c])
            num = top + 1 + e.a
            if num > 6:
                continue
            t = 6 * c + num - 1
            if s.hand[p][t] and (not e.b or ahead(s, T, p, c)):
                if out != NULL:
                    out[n] = T.A_PLAY + t
                n += 1
        return n
    if k == E_DEMAND:   # ascending: by asked seat, then colour (sorted in the pure engine)
        for q in range(T.np):
            if q == p:
                continue
            for c in range(5):
                if c == s.rcol:
                    continue
                num = bl(s.mask[p][c]) + 1
                if num <= 6:
                    if out != NULL:
                        out[n] = T.A_ASK + 30 * q + 6 * c + num - 1
                    n += 1
        return n
    if k == E_TAKE:
        for r in range(3):
            nr = s.nrow[r] if s.nrow[r] < MAX_DEPTH else MAX_DEPTH
            for d in range(nr):
                if out != NULL:
                    out[n] = T.A_TAKE + MAX_DEPTH * r + d
                n += 1
        return n
    if k == E_REMOVE:
        for q in range(T.np):
            if q == p:
                continue
            for c in range(5):
                top = bl(s.mask[q][c])
                if 0 < top <= e.a:
                    if out != NULL:
                        out[n] = T.A_SABO + 5 * q + c
                    n += 1
        return n
    return 0


cdef int play_candidates(St* s, Tab* T, Eff* e, int* out) noexcept nogil:
    """PureInheritorsState._play_candidates."""
    cdef int p = s.cur, n = 0, c, num
    for c in range(5):
        if c == s.rcol:
            continue
        num = bl(s.mask[p][c]) + 1 + e.a
        if num <= 6 and (not e.b or ahead(s, T, p, c)):
            out[n] = 6 * c + num - 1
            n += 1
    return n


cdef bint advocate_usable(St* s, Tab* T, int t) noexcept nogil:
    """PureInheritorsState._advocate_usable (R12)."""
    cdef Eff* e
    if T.adv_req[t] >= 0 and not holds(s, T, s.cur, T.adv_req[t]):
        return False
    if T.adv_neff[t] == 0:
        return True
    e = &T.eff[T.adv_eff0[t]]
    if e.code == E_DRAW or e.code == E_CARDS:
        return True
    return effect_options(s, T, e, NULL) > 0


cdef int claims(St* s, Tab* T, int* out) noexcept nogil:
    """PureInheritorsState._claims."""
    cdef int p = s.cur, n = 0, c, clan, j, h
    if s.pclan[p] < 0:
        for c in range(5):
            clan = s.clan_row[c]
            if clan >= 0 and s.clan_owner[c] < 0 and bl(s.mask[p][c]) >= 3:
                out[n] = T.A_CLAN + clan
                n += 1
    for j in range(s.nhrow):
        h = s.hrow[j]
        if holds(s, T, p, T.honor_req[h]):
            out[n] = T.A_HONOR + h
            n += 1
    return n


cdef int main_actions(St* s, Tab* T, int* out) noexcept nogil:
    """PureInheritorsState._main_actions (unordered: the caller sorts)."""
    cdef int p = s.cur, n = 0, t, k, col, b, r, rs, x, j
    cdef int colour_count[6]
    cdef int wild = 0
    cdef bint held = False
    memset(colour_count, 0, sizeof(colour_count))
    for t in range(T.T):
        k = s.hand[p][t]
        if not k:
            continue
        held = True
        col = T.tcol[t]
        if T.tkind[t] == K_INF:
            if bl(s.mask[p][col]) == T.tnum[t] - 1:
                out[n] = T.A_PLAY + t
                n += 1
        elif T.is_adv[t] and advocate_usable(s, T, t):
            out[n] = T.A_ADV + t
            n += 1
        if col == ANY:
            wild += k
        else:
            colour_count[col] += k
        b = T.A_DDRAW + 3 * t
        out[n] = b
        out[n + 1] = b + 1
        out[n + 2] = b + 2
        n += 3
        b = T.A_MARKET + 9 * t
        for rs in range(3):
            if s.nrow[rs]:
                x = s.rows[rs][s.nrow[rs] - 1]
                if T.match[t] >> x & 1:
                    for r in range(3):
                        if r != rs:
                            out[n] = b + 3 * r + rs
                            n += 1
    if not held:
        out[0] = T.A_PASS
        return 1
    if s.qrow > 0:
        for j in range(6):
            if colour_count[j] + wild >= 3:
                out[n] = T.A_QUEST + j
                n += 1
    return n


cdef int quest_discards(St* s, Tab* T, int* out) noexcept nogil:
    """PureInheritorsState._quest_discards."""
    cdef int p = s.cur, n = 0, t, b
    for t in range(T.T):
        if s.hand[p][t] and (T.tcol[t] == s.qcol or T.tcol[t] == ANY):
            b = T.A_DISC + 3 * t
            out[n] = b
            out[n + 1] = b + 1
            out[n + 2] = b + 2
            n += 3
    return n


cdef int cmp_int(const void* a, const void* b) noexcept nogil:
    return (<const int*>a)[0] - (<const int*>b)[0]


cdef int legal(St* s, Tab* T, int* out) noexcept nogil:
    """PureInheritorsState._compute_legal."""
    cdef int ph = s.phase, n = 0, t, j, c
    if ph == PH_DRAW:
        for t in range(T.T):
            if s.deck[t]:
                out[n] = T.C_CARD + t
                n += 1
        return n
    if ph == PH_START:
        n = claims(s, T, out)
        n += main_actions(s, T, out + n)
        qsort(out, n, sizeof(int), cmp_int)
        return n
    if ph == PH_POST:
        n = claims(s, T, out)
        out[n] = T.A_END
        return n + 1
    if ph == PH_EFFECT:
        return effect_options(s, T, &s.pend[0], out)
    if ph == PH_QDISC:
        return quest_discards(s, T, out)
    if ph == PH_QUEST:
        for j in range(s.nqpool):
            out[j] = T.C_QUEST + s.qpool[j]
        qsort(out, s.nqpool, sizeof(int), cmp_int)
        return s.nqpool
    if ph == PH_HONOR:
        for j in range(T.nhonors):
            if not in_row(s, j):
                out[n] = T.C_HONOR + j
                n += 1
        return n
    if ph == PH_CLAN:
        c = next_clan_colour(s)
        for j in range(T.nclans_of[c]):
            out[j] = T.C_CLAN + T.clans_of[c][j]
        return T.nclans_of[c]
    if ph == PH_COLOUR:
        for j in range(5):
            out[j] = T.C_COLOUR + j
        return 5
    if ph == PH_FIRST:
        for j in range(T.np):
            out[j] = T.C_FIRST + j
        return T.np
    return 0


cdef inline bint in_row(St* s, int h) noexcept nogil:
    cdef int j
    for j in range(s.nhrow):
        if s.hrow[j] == h:
            return True
    return False


# ---------------------------------------------------------------------- card moves
cdef inline void pend_pop(St* s) noexcept nogil:
    """pend.pop(0)."""
    s.npend -= 1
    memmove(s.pend, s.pend + 1, s.npend * sizeof(Eff))


cdef inline void drawq_push(St* s, int x) noexcept nogil:
    s.drawq[s.ndrawq] = <signed char>x
    s.ndrawq += 1


cdef void gain_public(St* s, Tab* T, int p, int t) noexcept nogil:
    """PureInheritorsState._gain_public."""
    s.hand[p][t] += 1
    s.hsize[p] += 1
    s.known[p][t] += 1
    if s.capc[p][t] != NOCAP:
        s.capc[p][t] += 1


cdef void lose_public(St* s, Tab* T, int p, int t) noexcept nogil:
    """PureInheritorsState._lose_public."""
    s.hand[p][t] -= 1
    s.hsize[p] -= 1
    if s.known[p][t]:
        s.known[p][t] -= 1
    if s.capc[p][t] != NOCAP:
        s.capc[p][t] -= 1


cdef void discard(St* s, Tab* T, int p, int t, int r) noexcept nogil:
    """PureInheritorsState._discard."""
    lose_public(s, T, p, t)
    s.rows[r][s.nrow[r]] = <unsigned char>t
    s.nrow[r] += 1


cdef void place(St* s, Tab* T, int p, int t, int source) noexcept nogil:
    """PureInheritorsState._place."""
    cdef int n = T.tnum[t]
    s.mask[p][t // 6] |= 1 << (n - 1)
    if source >= 0 and source == s.tadv and n > s.tnum:
        s.tnum = n


cdef void restock(St* s) noexcept nogil:
    """PureInheritorsState._restock."""
    cdef int r, j
    cdef bint queued
    for r in range(3):
        if not s.nrow[r]:
            queued = False
            for j in range(s.ndrawq):
                if s.drawq[j] == ROW + r:
                    queued = True
                    break
            if not queued:
                drawq_push(s, ROW + r)


cdef void pend_add(St* s, Tab* T, int e0, int n) noexcept nogil:
    """pend += effects e0 .. e0 + n - 1 of the pool."""
    memcpy(&s.pend[s.npend], &T.eff[e0], n * sizeof(Eff))
    s.npend += n


cdef void claim_clan(St* s, Tab* T, int clan) noexcept nogil:
    """PureInheritorsState._claim_clan."""
    cdef int p = s.cur, c = T.clan_colour[clan], k, req
    s.clan_owner[c] = p
    s.pclan[p] = clan
    for k in range(T.nclaim[clan]):
        req = T.claim_req[clan][k]
        if req < 0 or holds(s, T, p, req):
            pend_add(s, T, T.claim_eff0[clan][k], T.claim_neff[clan][k])


cdef void check_row_end(St* s) noexcept nogil:
    """PureInheritorsState._check_row_end (IV. End 1)."""
    if s.qrow == 0 and s.nhrow == 0 and s.stage != ST_SETUP:
        s.ended = 1


cdef void claim_honor(St* s, Tab* T, int h, int ply, Notes* N) noexcept nogil:
    """PureInheritorsState._claim_honor (the cards shown: ruling R19)."""
    cdef int p = s.cur, j, need, t, k, cap, nshown = 0
    cdef int shown[MAXDET]
    cdef Cond* c
    cdef u64 ty
    for j in range(s.nhrow):
        if s.hrow[j] == h:
            s.nhrow -= 1
            memmove(&s.hrow[j], &s.hrow[j + 1], (s.nhrow - j) * sizeof(signed char))
            break
    s.honors[p] |= (<u32>1) << h
    c = &T.cond[T.honor_req[h]]
    if c.code == C_HAND:
        need = c.a
        ty = c.types
        while ty:
            t = ctz64(ty)
            ty &= ty - 1
            k = s.hand[p][t] if s.hand[p][t] < need else need
            if k > s.known[p][t]:
                s.known[p][t] = k
            for j in range(k):
                shown[nshown] = t
                nshown += 1
            need -= k
            if need <= 0:
                break
            cap = k - s.pdraws[p]
            if s.capc[p][t] == NOCAP or s.capc[p][t] > cap:
                s.capc[p][t] = cap
        note(N, ply, N_SHOWN, p, shown, nshown)
    check_row_end(s)


cdef void finish_turn(St* s) noexcept nogil:
    """PureInheritorsState._finish_turn (R11)."""
    s.stage = ST_EOT
    if s.hsize[s.cur] == 0:
        drawq_push(s, s.cur)


# ---------------------------------------------------------------------- transitions
cdef int apply_chance(St* s, Tab* T, int a) noexcept nogil:
    """PureInheritorsState._apply_chance: the seat that alone sees it (-1 everyone)."""
    cdef int ph = s.phase, t, target, q, j, h, clan, c, keep, p
    if ph == PH_DRAW:
        t = a - T.C_CARD
        target = s.drawq[0]
        s.ndrawq -= 1
        memmove(s.drawq, s.drawq + 1, s.ndrawq * sizeof(signed char))
        s.deck[t] -= 1
        s.dsize -= 1
        if s.dsize == 0 and s.stage != ST_SETUP:
            s.ended = 1
        if target >= ROW:
            s.rows[target - ROW][s.nrow[target - ROW]] = <unsigned char>t
            s.nrow[target - ROW] += 1
            return -1
        s.hand[target][t] += 1
        s.hsize[target] += 1
        s.pdraws[target] += 1
        return target
    if ph == PH_QUEST:
        q = a - T.C_QUEST
        for j in range(s.nqpool):
            if s.qpool[j] == q:
                s.nqpool -= 1
                memmove(&s.qpool[j], &s.qpool[j + 1], (s.nqpool - j) * sizeof(signed char))
                break
        s.quests[s.cur][s.nquests[s.cur]] = q
        s.nquests[s.cur] += 1
        s.qrow -= 1
        s.qdraw = 0
        check_row_end(s)
        return s.cur
    if ph == PH_HONOR:
        h = a - T.C_HONOR
        j = s.nhrow
        while j > 0 and s.hrow[j - 1] > h:   # hrow.append(h); hrow.sort()
            s.hrow[j] = s.hrow[j - 1]
            j -= 1
        s.hrow[j] = h
        s.nhrow += 1
        if s.nhrow == T.honors_wanted:
            s.phase = PH_CLAN
        return -1
    if ph == PH_CLAN:
        clan = a - T.C_CLAN
        c = T.clan_colour[clan]
        s.clan_row[c] = clan
        for t in range(T.T):
            if T.tclan[t] == clan:
                keep = T.tmarked[t] if T.two else 0
                s.side[t] += s.box[t] - keep
                s.box[t] = keep
        if next_clan_colour(s) < 0:
            for p in range(T.np):
                for j in range(HAND_SIZE):
                    drawq_push(s, p)
            drawq_push(s, ROW)
            drawq_push(s, ROW + 1)
            drawq_push(s, ROW + 2)
        return -1
    if ph == PH_COLOUR:
        s.rcol = a - T.C_COLOUR
        memset(s.box, 0, sizeof(s.box))
        setup_cards(s, T)
        return -1
    # PH_FIRST
    s.first = s.cur = a - T.C_FIRST
    s.stage = ST_BEFORE
    return -1


cdef void apply_decision(St* s, Tab* T, int a, int ply, Notes* N) noexcept nogil:
    """PureInheritorsState._apply_decision."""
    cdef int p = s.cur, q, c, n, r, d, t, rs, j, x, row_len
    cdef int detail[2]
    cdef Eff e
    if a >= T.A_END:
        if a == T.A_END:
            finish_turn(s)
        else:   # pass: an empty hand allows none of the five actions (ruling R11)
            s.stage = ST_AFTER
        return
    if a >= T.A_HONOR:
        claim_honor(s, T, a - T.A_HONOR, ply, N)
        return
    if a >= T.A_CLAN:
        claim_clan(s, T, a - T.A_CLAN)
        return
    if a >= T.A_SABO:
        q = (a - T.A_SABO) // 5
        c = (a - T.A_SABO) % 5
        n = bl(s.mask[q][c])
        s.mask[q][c] ^= 1 << (n - 1)
        s.removed[6 * c + n - 1] += 1
        pend_pop(s)
        return
    if a >= T.A_TAKE:
        r = (a - T.A_TAKE) // MAX_DEPTH
        d = (a - T.A_TAKE) % MAX_DEPTH
        row_len = s.nrow[r]
        j = row_len - 1 - d
        t = s.rows[r][j]
        memmove(&s.rows[r][j], &s.rows[r][j + 1], (row_len - 1 - j) * sizeof(unsigned char))
        s.nrow[r] -= 1
        gain_public(s, T, p, t)
        if s.pend[0].a > 1:
            s.pend[0].a -= 1
        else:
            pend_pop(s)
            restock(s)   # Advisor: "Refill the Market (if needed) after you take both"
        return
    if a >= T.A_ASK:
        q = (a - T.A_ASK) // 30
        t = (a - T.A_ASK) % 30
        e = s.pend[0]
        pend_pop(s)
        detail[0] = q
        detail[1] = t
        if s.hand[q][t]:   # "they must immediately place it in your play area"
            note(N, ply, N_HELD, p, detail, 2)
            lose_public(s, T, q, t)
            place(s, T, p, t, e.b)
        else:              # "If they do not have it, you draw 1 card"
            note(N, ply, N_MISSED, p, detail, 2)
            s.capc[q][t] = -s.pdraws[q]
            for j in range(e.a):
                drawq_push(s, p)
        return
    if a >= T.A_DISC:
        t = (a - T.A_DISC) // 3
        r = (a - T.A_DISC) % 3
        discard(s, T, p, t, r)
        s.qleft -= 1
        if s.qleft == 0:   # "take 1 Quest and draw 1 card from the deck"
            s.qcol = -1
            s.qdraw = 1
            drawq_push(s, p)
        return
    s.stage = ST_ACTION
    if a >= T.A_QUEST:
        s.qcol = a - T.A_QUEST
        s.qleft = 3
        return
    if a >= T.A_MARKET:
        t = (a - T.A_MARKET) // 9
        rs = (a - T.A_MARKET) % 9
        r = rs // 3
        x = rs % 3
        discard(s, T, p, t, r)
        for j in range(s.nrow[x]):
            gain_public(s, T, p, s.rows[x][j])
        s.nrow[x] = 0
        drawq_push(s, ROW + x)   # "restock the empty row in the market"
        return
    if a >= T.A_DDRAW:
        t = (a - T.A_DDRAW) // 3
        r = (a - T.A_DDRAW) % 3
        discard(s, T, p, t, r)
        drawq_push(s, p)
        drawq_push(s, p)
        return
    if a >= T.A_ADV:
        t = a - T.A_ADV
        lose_public(s, T, p, t)
        s.removed[t] += 1       # "place it in the removed area"
        s.tadv = t
        s.npend = 0
        pend_add(s, T, T.adv_eff0[t], T.adv_neff[t])
        return
    # A_PLAY: action 1, or a play_influence effect
    t = a - T.A_PLAY
    if s.phase == PH_EFFECT:
        e = s.pend[0]
        pend_pop(s)
        lose_public(s, T, p, t)
        place(s, T, p, t, e.c)
    else:
        lose_public(s, T, p, t)
        place(s, T, p, t, -1)


cdef void advance(St* s, Tab* T, int ply, Notes* N) noexcept nogil:
    """PureInheritorsState._advance: on to the next decision or chance node."""
    cdef Eff e
    cdef int k, j, t, n, q, st
    cdef int cand[5]
    cdef u64 ty
    while True:
        if s.qdraw:
            s.phase = PH_QUEST
            return
        if s.ndrawq:
            if s.dsize > 0:
                s.phase = PH_DRAW
                return
            s.ndrawq = 0    # nothing left to draw
            continue
        st = s.stage
        if st == ST_SETUP:
            if s.phase == PH_DRAW:
                s.phase = PH_FIRST
            return
        if s.npend:
            e = s.pend[0]
            k = e.code
            if k == E_DRAW:
                pend_pop(s)
                for j in range(e.a):
                    drawq_push(s, s.cur)
                continue
            if k == E_IF:   # a later ability's requirement: skip it unless it holds
                pend_pop(s)
                if not holds(s, T, s.cur, e.cond):
                    n = e.c if e.c < s.npend else s.npend
                    s.npend -= n
                    memmove(s.pend, s.pend + n, s.npend * sizeof(Eff))
                continue
            if k == E_CARDS:
                pend_pop(s)
                ty = e.types
                while ty:
                    t = ctz64(ty)
                    ty &= ty - 1
                    while s.side[t]:
                        s.side[t] -= 1
                        gain_public(s, T, s.cur, t)
                continue
            if effect_options(s, T, &s.pend[0], NULL):
                s.phase = PH_EFFECT
                return
            pend_pop(s)      # an effect that cannot be carried out is skipped
            if k == E_TAKE:
                restock(s)
            elif k == E_PLAY:   # everyone sees the play skipped: none of those cards
                q = s.cur
                note(N, ply, N_NOPLAY, q, cand, 0)
                n = play_candidates(s, T, &e, cand)
                for j in range(n):
                    s.capc[q][cand[j]] = -s.pdraws[q]
            continue
        if s.qleft:
            s.phase = PH_QDISC
            return
        if st == ST_BEFORE:
            s.phase = PH_START
            return
        if st == ST_ACTION:
            s.stage = ST_AFTER
            continue
        if st == ST_AFTER:
            s.phase = PH_POST
            return
        # ST_EOT: the next player, or the end once the round is complete
        s.cur = (s.cur + 1) % T.np
        s.tadv = -1
        s.tnum = 0
        if s.ended and s.cur == s.first:
            s.phase = PH_END
            return
        s.stage = ST_BEFORE


cdef int transition(St* s, Tab* T, int a, int ply, Notes* N) noexcept nogil:
    """PureInheritorsState._transition for a legal action: the visibility of ``a``."""
    cdef int vis = -1
    if a >= T.C_CARD:
        vis = apply_chance(s, T, a)
    else:
        apply_decision(s, T, a, ply, N)
    advance(s, T, ply, N)
    return vis


cdef int sample(St* s, Tab* T, double x) noexcept nogil:
    """PureInheritorsState.sample_chance_outcome given the generator's draw ``x``."""
    cdef int r, t, n
    cdef int buf[MAXACT]
    if s.phase == PH_DRAW:
        r = <int>(x * s.dsize)
        for t in range(T.T):
            if r < s.deck[t]:
                return T.C_CARD + t
            r -= s.deck[t]
        return -1
    n = legal(s, T, buf)
    return buf[<int>(x * n)]


# ---------------------------------------------------------------------- scores
cdef void majority(St* s, Tab* T, u64 types, const int* pts, int npts, int* out) noexcept nogil:
    """scoring.majority_points (per seat into ``out``)."""
    cdef int counts[MAXP]
    cdef int p, q, place
    cdef u64 ty
    for p in range(T.np):
        counts[p] = 0
        ty = types
        while ty:
            counts[p] += s.hand[p][ctz64(ty)]
            ty &= ty - 1
    for p in range(T.np):
        out[p] = 0
        if counts[p] > 0:
            place = 0
            for q in range(T.np):
                if counts[q] > counts[p]:
                    place += 1
            if place < npts:
                out[p] = pts[place]


cdef int scoring_points(St* s, Tab* T, int p, int ab0, int nab) noexcept nogil:
    """scoring.scoring_points of the abilities ab0 .. ab0 + nab - 1."""
    cdef int total = 0, i, j, e0, ne
    cdef int out[MAXP]
    cdef ScoreAb* ab
    cdef ScoreEff* se
    for i in range(nab):
        ab = &T.ab[ab0 + i]
        if ab.req < 0 or holds(s, T, p, ab.req):
            e0, ne = ab.met0, ab.nmet
        else:
            e0, ne = ab.oth0, ab.noth
        for j in range(ne):
            se = &T.se[e0 + j]
            if se.code == E_SCORE:
                total += se.points
            else:
                majority(s, T, se.types, se.pts, se.npts, out)
                total += out[p]
    return total


cdef int total_points(St* s, Tab* T, int p) noexcept nogil:
    """scoring.entry_points(...)["total"]."""
    cdef int total = 0, c, t, k, q, h, j
    cdef int out[MAXP]
    for c in range(5):
        total += bl(s.mask[p][c])
    majority(s, T, T.majority_types, T.majority_points, T.nmaj, out)
    total += out[p]
    for t in range(T.T):
        if T.relic_req[t] >= 0:
            k = s.hand[p][t]
            if k:
                total += k * (T.relic_met[t] if holds(s, T, p, T.relic_req[t])
                              else T.relic_unmet[t])
    for j in range(s.nquests[p]):
        q = s.quests[p][j]
        total += T.quest_met[q] if holds(s, T, p, T.quest_req[q]) else T.quest_unmet[q]
    for h in range(T.nhonors):
        if s.honors[p] >> h & 1:
            total += T.honor_points[h]
    if s.pclan[p] >= 0:
        total += scoring_points(s, T, p, T.clan_ab0[s.pclan[p]], T.clan_nab[s.pclan[p]])
    for t in range(T.T):
        if T.epic_nab[t] and s.hand[p][t]:
            total += s.hand[p][t] * scoring_points(s, T, p, T.epic_ab0[t], T.epic_nab[t])
    return total


cdef int tomes_in_hand(St* s, Tab* T, int p) noexcept nogil:
    cdef int total = 0
    cdef u64 ty = T.tome_types
    while ty:
        total += s.hand[p][ctz64(ty)]
        ty &= ty - 1
    return total


# ---------------------------------------------------------------------- policies
cdef double visible_scoring(St* s, Tab* T, int p, int ab0, int nab) noexcept nogil:
    """policies._visible_scoring."""
    cdef double total = 0.0
    cdef int i, j, e0, ne
    cdef ScoreAb* ab
    for i in range(nab):
        ab = &T.ab[ab0 + i]
        if ab.req < 0 or holds(s, T, p, ab.req):
            e0, ne = ab.met0, ab.nmet
        else:
            e0, ne = ab.oth0, ab.noth
        for j in range(ne):
            if T.se[e0 + j].code == E_SCORE:
                total += T.se[e0 + j].points
    return total


cdef double visible_value(St* s, Tab* T, int p) noexcept nogil:
    """policies.visible_value: seat ``p``'s points as ``p`` can estimate them."""
    cdef int c, own = 0, h, j, q, n, k, all_tops = 0, drawn = 0, t, hon
    cdef int tops[5]
    cdef double v
    cdef u64 ty
    for c in range(5):
        tops[c] = bl(s.mask[p][c])
        own += tops[c]
    v = <double>own
    if s.honors[p]:
        hon = 0
        for h in range(T.nhonors):
            if s.honors[p] >> h & 1:
                hon += T.honor_points[h]
        v += hon
    for j in range(s.nquests[p]):
        q = s.quests[p][j]
        v += T.quest_met[q] if holds(s, T, p, T.quest_req[q]) else T.quest_unmet[q]
    if s.qdraw and s.cur == p:
        v += QUEST_PENDING
    if s.pclan[p] >= 0:
        v += CLAN_W
        v += visible_scoring(s, T, p, T.clan_ab0[s.pclan[p]], T.clan_nab[s.pclan[p]])
    for j in range(s.ndrawq):
        if s.drawq[j] == p:
            drawn += 1
    v += CARD * (s.hsize[p] + drawn)
    for c in range(5):
        n = tops[c]
        if n < 6 and s.hand[p][6 * c + n]:
            v += PLAYABLE
    k = 0
    ty = T.majority_types
    while ty:
        k += s.hand[p][ctz64(ty)]
        ty &= ty - 1
    v += TOME * k
    for q in range(T.np):
        for c in range(5):
            all_tops += bl(s.mask[q][c])
    v -= RIVAL * (all_tops - own)
    for t in range(T.T):
        if T.relic_req[t] >= 0:
            k = s.hand[p][t]
            if k:
                v += k * (T.relic_met[t] if holds(s, T, p, T.relic_req[t])
                          else T.relic_unmet[t])
    return v


cdef double ask_value(St* s, Tab* T, int p, int a, double base) noexcept nogil:
    """policies._ask_value: a Spy's question valued from public knowledge."""
    cdef int q = (a - T.A_ASK) // 30, t = (a - T.A_ASK) % 30, r, unseen_t, unseen, count
    cdef double hit
    if s.known[q][t] > 0:
        hit = 1.0
    elif s.capc[q][t] != NOCAP and s.capc[q][t] + s.pdraws[q] <= 0:
        hit = 0.0
    else:
        unseen_t = s.deck[t]
        unseen = s.dsize
        for r in range(T.np):
            if r != p:
                unseen_t += s.hand[r][t]
                unseen += s.hsize[r]
        if unseen:
            hit = <double>(s.hsize[q] * unseen_t) / unseen
            if hit > 1.0:
                hit = 1.0
        else:
            hit = 0.0
    count = s.pend[0].a
    return base + hit * (1.0 + (0.5 if T.tnum[t] >= 2 else 0.0)) + (1 - hit) * CARD * count


cdef double trial(St* s, Tab* T, int a, int p) noexcept nogil:
    """visible_value(child, p) of a clone with ``a`` applied (apply_legal; notes dropped)."""
    cdef St child
    memcpy(&child, s, sizeof(St))
    transition(&child, T, a, 0, NULL)
    return visible_value(&child, T, p)


cdef int greedy_choose(St* s, Tab* T, object draw) except -1:
    """policies.greedy_policy at a decision: the one legal action, else one ``draw()``
    among the best one step ahead (classes of actions valued once, _equivalence)."""
    cdef int acts[MAXACT]
    cdef int n = legal(s, T, acts), p = s.cur, j, a, nbest = 0, key, kt
    cdef double base, v, best_v = 0.0
    cdef double seen_d[MAXT]
    cdef double seen_q[MAXT]
    cdef double seen_m[MAXT][3]
    cdef unsigned char has_d[MAXT]
    cdef unsigned char has_q[MAXT]
    cdef unsigned char has_m[MAXT][3]
    if n == 1:
        return acts[0]
    memset(has_d, 0, sizeof(has_d))
    memset(has_q, 0, sizeof(has_q))
    memset(has_m, 0, sizeof(has_m))
    base = visible_value(s, T, p)
    for j in range(n):
        a = acts[j]
        if T.A_ASK <= a < T.A_TAKE:
            v = ask_value(s, T, p, a, base)
        elif T.A_DDRAW <= a < T.A_MARKET:
            kt = (a - T.A_DDRAW) // 3
            if not has_d[kt]:
                seen_d[kt] = trial(s, T, a, p)
                has_d[kt] = 1
            v = seen_d[kt]
        elif T.A_MARKET <= a < T.A_QUEST:
            kt = (a - T.A_MARKET) // 9
            key = (a - T.A_MARKET) % 9 % 3
            if not has_m[kt][key]:
                seen_m[kt][key] = trial(s, T, a, p)
                has_m[kt][key] = 1
            v = seen_m[kt][key]
        elif T.A_DISC <= a < T.A_ASK:
            kt = (a - T.A_DISC) // 3
            if not has_q[kt]:
                seen_q[kt] = trial(s, T, a, p)
                has_q[kt] = 1
            v = seen_q[kt]
        else:
            v = trial(s, T, a, p)
        if nbest == 0 or v > best_v + 1e-9:
            best_v = v
            acts[0] = a
            nbest = 1
        elif -1e-9 <= v - best_v <= 1e-9:
            acts[nbest] = a
            nbest += 1
    return acts[<int>(draw() * nbest)]


cdef double keep_value(St* s, Tab* T, int p, const int* tops, int t) noexcept nogil:
    """policies._keep_value."""
    cdef double v = CARD
    cdef int k = s.hand[p][t]
    if t < 30 and t % 6 == tops[t // 6] and k == 1:
        v += PLAYABLE
    if T.majority_types >> t & 1:
        v += TOME
    if T.relic_req[t] >= 0:
        v += T.relic_met[t] if holds(s, T, p, T.relic_req[t]) else T.relic_unmet[t]
    return v


cdef double gain_value(St* s, Tab* T, int p, const int* tops, int t, u64* gained) noexcept nogil:
    """policies._gain_value (``gained``: the types already counted in the same take)."""
    cdef double v = CARD
    if t < 30 and t % 6 == tops[t // 6] and not s.hand[p][t] and not (gained[0] >> t & 1):
        v += PLAYABLE
    gained[0] |= (<u64>1) << t
    if T.majority_types >> t & 1:
        v += TOME
    if T.relic_req[t] >= 0:
        v += T.relic_met[t] if holds(s, T, p, T.relic_req[t]) else T.relic_unmet[t]
    return v


cdef int fast_choose(St* s, Tab* T, object draw) except -1:
    """policies.fast_policy at a decision: discards valued in closed form, the other
    actions one step ahead; one ``draw()`` among the best."""
    cdef int acts[MAXACT]
    cdef int n = legal(s, T, acts), p = s.cur, j, a, nbest = 0, t, s_row, c, u
    cdef int tops[5]
    cdef double base = 0.0, v, best_v = 0.0, kv, g
    cdef bint has_base = False
    cdef u64 gained
    if n == 1:
        return acts[0]
    for c in range(5):
        tops[c] = bl(s.mask[p][c])
    for j in range(n):
        a = acts[j]
        if T.A_DDRAW <= a < T.A_QUEST:
            if a < T.A_MARKET:
                t = (a - T.A_DDRAW) // 3
                s_row = -1
            else:
                t = (a - T.A_MARKET) // 9
                s_row = (a - T.A_MARKET) % 9 % 3
            kv = keep_value(s, T, p, tops, t)
            if s_row < 0:
                v = 2 * CARD - kv
            else:
                gained = 0
                g = 0
                for u in range(s.nrow[s_row]):
                    g += gain_value(s, T, p, tops, s.rows[s_row][u], &gained)
                v = g - kv
        elif T.A_DISC <= a < T.A_ASK:
            v = -keep_value(s, T, p, tops, (a - T.A_DISC) // 3)
        else:
            if not has_base:
                base = visible_value(s, T, p)
                has_base = True
            if T.A_ASK <= a < T.A_TAKE:
                v = ask_value(s, T, p, a, base) - base
            else:
                v = trial(s, T, a, p) - base
        if nbest == 0 or v > best_v + 1e-9:
            best_v = v
            acts[0] = a
            nbest = 1
        elif -1e-9 <= v - best_v <= 1e-9:
            acts[nbest] = a
            nbest += 1
    return acts[<int>(draw() * nbest)]


# ---------------------------------------------------------------------- the state
cdef class Core:
    """The C-typed position and the hot methods of the state contract (see the module
    docstring). Not used alone: :class:`~.compiled.CompiledInheritorsState` is the state."""

    cdef St s
    cdef Tab* tab
    cdef Tables _tabobj
    cdef History _hist     # the actions applied (the pure engine's ``hist``)
    cdef History _vis      # who saw each (``vis``)
    cdef Notes _new        # the public notes of the action being applied
    cdef int _legal_n      # legal actions cached until a move (-1: none)
    cdef int _legal[MAXACT]
    cdef object _notes     # the public notes (``notes``), an immutable tuple
    cdef public object _game, _seed, _dealer

    def __cinit__(self):
        history_init(&self._hist)
        history_init(&self._vis)
        self._legal_n = -1
        self._notes = ()

    def __dealloc__(self):
        history_free(&self._hist)
        history_free(&self._vis)

    cdef _bind(self, game):
        self._game = game
        self._tabobj = tables_of(game)
        self.tab = &self._tabobj.t

    def __init__(self, game, seed=None):
        """PureInheritorsState.__init__: a new game (2 players: a colour to remove)."""
        self._start(game, seed)
        self._bind(game)
        new_game(&self.s, self.tab)

    def _load(self, pure):
        """Take the position of ``pure`` (a PureInheritorsState of the same game, checked by
        its own from_json or set-up) into the C struct."""
        cdef St* s = &self.s
        cdef Tab* T
        cdef int p, t, c, j, n, r
        self._bind(pure.game)
        T = self.tab
        self._seed = None
        self._dealer = None
        self._legal_n = -1
        n = T.np
        new_game(s, T)
        if not 0 <= pure.phase <= PH_END or not 0 <= pure.stage <= ST_EOT:
            raise ValueError("the phase or stage is outside the game")
        if not 0 <= pure.cur < n or not -1 <= pure.first < n or not -1 <= pure.rcol < 5:
            raise ValueError("a seat or colour outside the game")
        s.phase = pure.phase
        s.stage = pure.stage
        s.cur = pure.cur
        s.first = pure.first
        s.ended = 1 if pure.ended else 0
        s.rcol = pure.rcol
        s.dsize = pure.dsize
        s.qrow = pure.qrow
        s.qdraw = pure.qdraw
        s.qcol = pure.qcol
        s.qleft = pure.qleft
        s.tadv = pure.tadv
        s.tnum = pure.tnum
        if not -1 <= s.qcol <= 5 or not -1 <= s.tadv < T.T:
            raise ValueError("a Quest colour or Advocate outside the game")
        for p in range(n):
            s.hsize[p] = pure.hsize[p]
            s.pdraws[p] = pure.pdraws[p]
            s.honors[p] = pure.honors[p]
            s.pclan[p] = pure.pclan[p]
            for c in range(5):
                s.mask[p][c] = pure.mask[p * 5 + c]
            s.nquests[p] = _bytes(pure.quests[p], s.quests[p], MAXQ, "Quests of a seat")
            for t in range(T.T):
                s.hand[p][t] = pure.hand[p * T.T + t]
                s.known[p][t] = pure.known[p * T.T + t]
                s.capc[p][t] = pure.capc[p * T.T + t]
        for c in range(5):
            s.clan_row[c] = pure.clan_row[c]
            s.clan_owner[c] = pure.clan_owner[c]
        s.nqpool = _bytes(pure.qpool, s.qpool, MAXQ, "face-down Quests")
        s.nhrow = _bytes(pure.hrow, s.hrow, MAXHON, "Honors in the row")
        s.ndrawq = _bytes(pure.drawq, s.drawq, MAXDQ, "draws waiting")
        for t in range(T.T):
            s.deck[t] = pure.deck[t]
            s.removed[t] = pure.removed[t]
            s.side[t] = pure.side[t]
            s.box[t] = pure.box[t]
        for r in range(3):
            row = pure.rows[r]
            if len(row) > MAXCARDS:
                raise ValueError(f"at most {MAXCARDS} cards in a Market row")
            s.nrow[r] = len(row)
            for j, t in enumerate(row):
                s.rows[r][j] = t
        if len(pure.pend) > MAXPEND:
            raise ValueError(f"at most {MAXPEND} pending effects, not {len(pure.pend)}")
        s.npend = len(pure.pend)
        for j, e in enumerate(pure.pend):
            eff_from_tuple(&s.pend[j], tuple(e), T.T, self._tabobj._abreq)
        # positions the pure engine's reader lets through but no game reaches, on which C
        # would read outside its arrays (the pure engine fails on them with IndexError)
        if s.phase == PH_EFFECT and s.npend == 0:
            raise ValueError("phase 'effect' with no pending effect")
        if s.phase == PH_DRAW and (s.ndrawq == 0 or s.dsize == 0):
            raise ValueError("phase 'draw' with no draw waiting or no card to draw")
        if s.ndrawq + sum(e[1] for e in pure.pend if e[0] in (E_DRAW, E_DEMAND)) > MAXDQ // 2:
            raise ValueError(f"more than {MAXDQ // 2} draws waiting")
        if s.phase == PH_CLAN and next_clan_colour(s) < 0:
            raise ValueError("phase 'reveal-clan' with every Clan revealed")
        history_load(&self._hist, pure.hist)
        history_load(&self._vis, pure.vis)
        self._notes = tuple(pure.notes)

    # ------------------------------------------------------------------ the data
    # The pure engine's fields, in its layout (state.InheritorsState lists them).
    @property
    def phase(self):
        return self.s.phase

    @property
    def stage(self):
        return self.s.stage

    @property
    def cur(self):
        return self.s.cur

    @property
    def first(self):
        return self.s.first

    @property
    def ended(self):
        return bool(self.s.ended)

    @property
    def rcol(self):
        return self.s.rcol

    @property
    def dsize(self):
        return self.s.dsize

    @property
    def qrow(self):
        return self.s.qrow

    @property
    def qdraw(self):
        return self.s.qdraw

    @property
    def qcol(self):
        return self.s.qcol

    @property
    def qleft(self):
        return self.s.qleft

    @property
    def tadv(self):
        return self.s.tadv

    @property
    def tnum(self):
        return self.s.tnum

    @property
    def hand(self):
        return [self.s.hand[p][t] for p in range(self.tab.np) for t in range(self.tab.T)]

    @property
    def known(self):
        return [self.s.known[p][t] for p in range(self.tab.np) for t in range(self.tab.T)]

    @property
    def capc(self):
        return [self.s.capc[p][t] for p in range(self.tab.np) for t in range(self.tab.T)]

    @property
    def hsize(self):
        return [self.s.hsize[p] for p in range(self.tab.np)]

    @property
    def pdraws(self):
        return [self.s.pdraws[p] for p in range(self.tab.np)]

    @property
    def honors(self):
        return [self.s.honors[p] for p in range(self.tab.np)]

    @property
    def pclan(self):
        return [self.s.pclan[p] for p in range(self.tab.np)]

    @property
    def mask(self):
        return [self.s.mask[p][c] for p in range(self.tab.np) for c in range(5)]

    @property
    def deck(self):
        return [self.s.deck[t] for t in range(self.tab.T)]

    @property
    def removed(self):
        return [self.s.removed[t] for t in range(self.tab.T)]

    @property
    def side(self):
        return [self.s.side[t] for t in range(self.tab.T)]

    @property
    def box(self):
        return [self.s.box[t] for t in range(self.tab.T)]

    @property
    def rows(self):
        return [[self.s.rows[r][j] for j in range(self.s.nrow[r])] for r in range(3)]

    @property
    def quests(self):
        return [[self.s.quests[p][j] for j in range(self.s.nquests[p])]
                for p in range(self.tab.np)]

    @property
    def qpool(self):
        return [self.s.qpool[j] for j in range(self.s.nqpool)]

    @property
    def hrow(self):
        return [self.s.hrow[j] for j in range(self.s.nhrow)]

    @property
    def clan_row(self):
        return [self.s.clan_row[c] for c in range(5)]

    @property
    def clan_owner(self):
        return [self.s.clan_owner[c] for c in range(5)]

    @property
    def drawq(self):
        return [self.s.drawq[j] for j in range(self.s.ndrawq)]

    @property
    def pend(self):
        return [eff_to_tuple(&self.s.pend[j]) for j in range(self.s.npend)]

    @property
    def hist(self):
        return history_list(&self._hist)

    @property
    def vis(self):
        return history_list(&self._vis)

    @property
    def notes(self):
        return self._notes

    # ------------------------------------------------------------------ the contract
    def clone(self):
        cdef Core c = Core.__new__(type(self))
        memcpy(&c.s, &self.s, sizeof(St))
        history_copy(&c._hist, &self._hist)
        history_copy(&c._vis, &self._vis)
        c._notes = self._notes
        c._game = self._game
        c._tabobj = self._tabobj
        c.tab = self.tab
        c._seed = None       # copies never carry the seed (see regalia.core.state)
        c._dealer = None
        return c

    def history(self):
        return history_list(&self._hist)

    def visibility(self):
        return history_list(&self._vis)

    def current_player(self):
        cdef int ph = self.s.phase
        if ph <= PH_FIRST:
            return CHANCE
        if ph == PH_END:
            return TERMINAL
        return self.s.cur

    def is_chance_node(self):
        return self.s.phase <= PH_FIRST

    def is_terminal(self):
        return self.s.phase == PH_END

    cdef int* _legal_actions(self):
        if self._legal_n < 0:
            self._legal_n = legal(&self.s, self.tab, self._legal)
        return self._legal

    def legal_actions(self):
        cdef int* buf = self._legal_actions()
        return [buf[i] for i in range(self._legal_n)]

    def chance_outcomes(self):
        cdef St* s = &self.s
        cdef int* buf
        cdef int t, i
        cdef double p
        if s.phase > PH_FIRST:
            return self._to_pure().chance_outcomes()   # raises the reference's error
        if s.phase == PH_DRAW:
            return [(self.tab.C_CARD + t, s.deck[t] / <double>s.dsize)
                    for t in range(self.tab.T) if s.deck[t]]
        buf = self._legal_actions()
        p = 1.0 / self._legal_n
        return [(buf[i], p) for i in range(self._legal_n)]

    def sample_chance_outcome(self, rng):
        if self.s.phase > PH_FIRST:
            return self._to_pure().sample_chance_outcome(rng)
        return sample(&self.s, self.tab, rng.random())

    def apply_action(self, action):
        """State.apply_action: the same checks, the same errors, the transition in C."""
        cdef int* buf
        cdef int i, a
        cdef bint ok = False
        if (type(action) is not int or not 0 <= action < self.tab.nact
                or self.s.phase == PH_END):
            raise self._refusal(action)
        a = action
        buf = self._legal_actions()
        for i in range(self._legal_n):
            if buf[i] == a:
                ok = True
                break
        if not ok:
            self._to_pure()._apply_action(a)   # raises the reference's IllegalActionError
            raise AssertionError(f"the compiled engine refused action {a} that the pure "
                                 f"engine accepts")
        self._step(a)

    def apply_legal(self, action):
        """PureInheritorsState.apply_legal (an action known to be legal here): checked all
        the same, since C must not read outside its arrays (cheap: the legal actions are
        cached)."""
        self.apply_action(action)

    cdef int _step(self, int a) except -1:
        """The transition, the visibility, the notes and the history of legal ``a``."""
        self._new.n = 0
        history_push(&self._vis, transition(&self.s, self.tab, a, self._hist.n, &self._new))
        history_push(&self._hist, a)
        self._legal_n = -1
        if self._new.n:
            self._flush_notes()
        return 0

    cdef _flush_notes(self):
        cdef Note* x
        cdef int i, j
        out = []
        for i in range(self._new.n):
            x = &self._new.items[i]
            out.append((x.ply, NOTE_KINDS[x.kind], x.seat, tuple([x.d[j] for j in range(x.nd)])))
        self._notes = self._notes + tuple(out)
        self._new.n = 0

    def player_score(self, player):
        if type(player) is not int or not 0 <= player < self.tab.np:
            self.check_seat(player)
        return float(total_points(&self.s, self.tab, player))

    def scores(self):
        return [float(total_points(&self.s, self.tab, p)) for p in range(self.tab.np)]

    def tie_break_keys(self):
        return [(total_points(&self.s, self.tab, p), tomes_in_hand(&self.s, self.tab, p),
                 self.s.hsize[p]) for p in range(self.tab.np)]

    def returns(self):
        """State.returns: the best (points, Tomes in hand, cards in hand) share the win."""
        cdef int np_ = self.tab.np
        if self.s.phase != PH_END:
            return [0.0] * np_
        keys = self.tie_break_keys()
        best = max(keys)
        win = [k == best for k in keys]
        share = 1.0 / sum(win)
        return [share if w else 0.0 for w in win]

    def compiled_playout(self, policy, rng):
        """State.compiled_playout: play to the end here with ``policy`` (``random``,
        ``greedy`` or ``fast``, as :data:`POLICIES`), drawing from ``rng`` exactly as the
        Python loop of ``regalia.agents.search.playout`` does with the same policy; False
        for another policy (the state is then unchanged)."""
        code = POLICIES.get(policy)
        if code is None:
            return False
        self._playout(rng.random, code)
        return True

    def compiled_action(self, policy, rng):
        """The action ``greedy`` or ``fast`` (policies.greedy_policy, fast_policy) plays
        here, drawing from ``rng`` as the Python policy does; None for another policy or
        outside a decision (the core hook ``State.compiled_action``, which both policies
        call first)."""
        code = POLICIES.get(policy)
        if code is None or code == RANDOM or self.s.phase <= PH_FIRST or \
                self.s.phase == PH_END:
            return None
        if code == GREEDY:
            return greedy_choose(&self.s, self.tab, rng.random)
        return fast_choose(&self.s, self.tab, rng.random)

    cdef int _playout(self, object draw, int policy) except -1:
        """Play to the end. ``draw()`` gives the generator's next float in [0, 1); it is
        called where the Python loop calls ``rng.random()``: once at every chance node
        (PureInheritorsState.sample_chance_outcome); ``random``: once at every decision,
        even a forced one (agents.search.random_action); ``greedy`` and ``fast`` as
        :func:`greedy_choose` and :func:`fast_choose`."""
        cdef St* s = &self.s
        cdef Tab* T = self.tab
        cdef int acts[MAXACT]
        cdef int a, n
        while s.phase != PH_END:
            if s.phase <= PH_FIRST:
                a = sample(s, T, draw())
            elif policy == GREEDY:
                a = greedy_choose(s, T, draw)
            elif policy == FAST:
                a = fast_choose(s, T, draw)
            else:
                n = legal(s, T, acts)
                a = acts[<int>(draw() * n)]
            self._step(a)
        return 0


cdef int _bytes(values, signed char* out, int cap, str what) except -1:
    """Copy small ints (Quests, Honors, draws waiting) into ``out``; their number."""
    cdef int i = 0
    if len(values) > cap:
        raise ValueError(f"at most {cap} {what}, not {len(values)}")
    for v in values:
        if not -1 <= v <= 127:
            raise ValueError(f"{what}: {v!r} is outside the game")
        out[i] = v
        i += 1
    return i
