"""The Inheritors state machine.

Rules source: the English rulebook (``../shared/rules/inheritors.rulebook.en.txt``): II.
Setup, III. Gameplay (the five actions, Claiming Clans and Honors), IV. End of the Game,
V. Scoring and the 2-Player Variant. Rulings: ``docs/rulings/inheritors.md`` (R1..R19).

Chance nodes (the state's dealer samples them; their outcomes are int actions):

* setup: the removed colour (2 players), each face-up Honor of the row, the Clan of each
  colour, every card dealt (10 per player) and the 3 Market cards, the first player;
* every card drawn from the deck: the outcome is the card's *type* (``purple 2``), with
  probability copies-left / cards-left. Drawing the top card of a shuffled deck is exactly
  this, and it lets :meth:`resample_from_infostate` re-deal the unseen cards freely;
* a Quest taken from the face-down row: the Quest drawn, uniform among those not yet taken
  (the row of random face-down Quests is only looked at when a Quest is taken: drawing
  from the whole remaining pool gives the same distribution, ruling R10).

A turn (decision states, all of the player whose turn it is): ``start`` (claim the Clan or
Honors, or choose one of the five actions; ``pass`` only with an empty hand), then the
steps of the action (quest discards; the choices of an Advocate's effects), then ``post``
(claims after the action, and the explicit ``end turn``). A player whose hand is empty at
the end of the turn draws 1 (ruling R11).

Hidden information: each player's hand and Quests, the deck. Every other player's public
knowledge of a hand is kept as a lower bound (cards seen entering it: taken from the
Market, given by a clan, shown for an Honor) and an upper bound (after a Spy's miss: none
of that card, plus one per card drawn since) per card type; resampling respects both.
What a move tells the table beyond its action id (a Spy's answer, the cards shown for an
Honor, a play skipped) is kept as a public note (:attr:`InheritorsState.notes`), shown in
every observation (``reveals``) and information state string, so equal information states
mean equal knowledge (rulings R12, R19).

Two engines play these rules: :class:`PureInheritorsState` here (the reference, the
transitions in Python) and the compiled one (:mod:`.compiled`, the transitions in C);
:class:`InheritorsState` is what both share. This module holds the data and the
transitions; the rest lives beside it, and the state's contract methods delegate there:
:mod:`.notation` (typed actions, notation), :mod:`.information` (observations, information
states, resampling), :mod:`.serialize` (JSON), :mod:`.scoring` (V. Scoring),
:mod:`.positions` (positions set up by description).
"""

from __future__ import annotations

import random
from abc import abstractmethod
from typing import TYPE_CHECKING, Any

from regalia.core.i18n import N_, _
from regalia.core.breakdown import Breakdown
from regalia.core.errors import RegaliaError
from regalia.core.game import CHANCE, TERMINAL
from regalia.core.state import PhasedState

from . import notation, scoring
from . import information, serialize
from .codes import (ANY, C_AHEAD, C_HAND, C_USED, CHANCE_PHASES, E_CARDS, E_DEMAND, E_DRAW,
                    E_IF, E_PLAY, E_REMOVE, E_TAKE, HAND_SIZE, K_INF, K_RELIC, MAX_DEPTH, NOCAP,
                    PH_CLAN, PH_COLOUR, PH_DRAW, PH_EFFECT, PH_END, PH_FIRST, PH_HONOR, PH_POST,
                    PH_QDISC, PH_QUEST, PH_START, PHASE_NAMES, ROW, ST_ACTION, ST_AFTER,
                    ST_BEFORE, ST_EOT, ST_SETUP)
from .notation import Action
from .scoring import BREAKDOWN_KEYS, holds  # noqa: F401  (BREAKDOWN_KEYS: re-exported)

if TYPE_CHECKING:
    from .rules import InheritorsGame

class InheritorsState(PhasedState["InheritorsGame"]):
    """One position of an Inheritors game: what both engines share. The data below are
    stored by an engine, :class:`PureInheritorsState` (Python lists and ints, the
    reference) or the compiled one (:class:`.compiled.CompiledInheritorsState`, C arrays
    shown through the same names); every view, score, notation and JSON method here reads
    them and so works on either. ``game.new_initial_state()`` gives the engine the game was
    built with (see :class:`~.rules.InheritorsGame`).

    Flat per-player data: ``hand[p * T + t]`` copies of type ``t`` in seat ``p``'s hand;
    ``mask[p * 5 + c]`` the numbers played in seat ``p``'s stack of colour ``c`` (bit
    ``n - 1``; the stack's top card is the highest); ``deck[t]`` copies left in the deck.

    The phase codes below give both engines :meth:`is_terminal`, :meth:`is_chance_node`,
    :attr:`phase_name` and the ``apply_action`` template (see
    :class:`~regalia.core.state.PhasedState`); the compiled engine answers the first two
    and ``apply_action`` in C, its own methods coming first in its class's order.
    """

    __slots__ = ()
    # the phase codes (regalia.core.state.PhasedState)
    PHASE_NAMES = PHASE_NAMES
    END_PHASE = PH_END
    CHANCE_PHASES = CHANCE_PHASES

    # The data (set by PureInheritorsState.__init__; codes in :mod:`.codes`).
    phase: int                  #: the node of the game (:data:`.codes.PHASE_NAMES`)
    stage: int                  #: the step of the turn (:data:`.codes.STAGE_NAMES`)
    cur: int                    #: the seat whose turn it is
    first: int                  #: the first player, -1 before it is drawn
    ended: bool                 #: the end of the game is triggered (IV.)
    rcol: int                   #: the colour removed (2 players), else -1
    hand: list[int]             #: per seat and type (stride T): copies held
    hsize: list[int]            #: per seat: cards held
    deck: list[int]             #: per type: copies in the deck
    dsize: int                  #: cards in the deck
    rows: list[list[int]]       #: the Market's 3 rows of types, bottom first
    mask: list[int]             #: per seat and colour (stride 5): numbers in the stack
    removed: list[int]          #: per type: copies in the removed area
    side: list[int]             #: per type: copies waiting with their Clan
    box: list[int]              #: per type: copies out of the game
    quests: list[list[int]]     #: per seat: the Quests taken
    qpool: list[int]            #: the face-down Quests (sorted)
    qrow: int                   #: face-down Quests left in the row
    hrow: list[int]             #: the Honors face up (sorted)
    honors: list[int]           #: per seat: bitmask of the Honors claimed
    clan_row: list[int]         #: per colour: its Clan, -1 none
    clan_owner: list[int]       #: per colour: the seat that claimed its Clan, -1 none
    pclan: list[int]            #: per seat: the Clan claimed, -1 none
    drawq: list[int]            #: draws waiting: a seat, or ROW + r (restock row r)
    qdraw: int                  #: 1 while a Quest is to be drawn
    pend: list[tuple[Any, ...]]  #: the turn's pending effects, first next
    qcol: int                   #: the colour of the Quest action's discards, -1 none
    qleft: int                  #: discards left for the Quest action
    tadv: int                   #: the Advocate used this turn, -1 none
    tnum: int                   #: the highest number it placed this turn
    known: list[int]            #: per seat and type: copies the table saw enter the hand
    capc: list[int]             #: per seat and type: the public upper bound (NOCAP none)
    pdraws: list[int]           #: per seat: cards drawn unseen (the bound's offset)
    hist: list[int]             #: every action applied (the core's history)
    vis: list[int]              #: per history entry: the seat that alone saw it, -1 all
    notes: tuple[tuple[int, str, int, tuple[int, ...]], ...]  #: see :meth:`reveals`

    #: A move in the notation, for the core's message when apply_action is given text.
    NOTATION_EXAMPLE = "play purple 1"  # i18n: no

    # ------------------------------------------------------------------ small queries
    def top(self, player: int, colour: int) -> int:
        """The number on top of ``player``'s stack of colour index ``colour`` (0: none)."""
        return self.mask[player * 5 + colour].bit_length()

    def hand_counts(self, player: int) -> list[int]:
        T = self._game.T
        return self.hand[player * T:(player + 1) * T]

    def hand_names(self, player: int) -> list[str]:
        """``player``'s hand as card names, in type order."""
        G = self._game
        T = G.T
        o = player * T
        return [G.tname[t] for t in range(T) for _ in range(self.hand[o + t])]

    def stack_numbers(self, player: int, colour: int) -> list[int]:
        m = self.mask[player * 5 + colour]
        return [n for n in range(1, 7) if m >> (n - 1) & 1]

    def _colours_in_play(self) -> list[int]:
        return [c for c in range(5) if c != self.rcol]

    # ------------------------------------------------------------------ conditions, public knowledge
    def condition(self, player: int, cond: tuple[Any, ...]) -> bool:
        """A compiled condition (:meth:`InheritorsGame.compile_condition`) for ``player``:
        the events of the turn here, the rest by :func:`.scoring.holds`."""
        k = cond[0]
        if k == C_USED:
            return player == self.cur and self.tadv in cond[1] and self.tnum >= cond[2]
        if k == C_AHEAD:
            return True
        return holds(self._game, self, player, cond)  # C_HAND .. C_QUESTS

    def _ahead(self, player: int, colour: int) -> bool:
        """Another player's stack of ``colour`` tops ``player``'s (none counts as 0; R7)."""
        mine = self.mask[player * 5 + colour].bit_length()
        return any(self.mask[q * 5 + colour].bit_length() > mine
                   for q in range(self._game.num_players) if q != player)

    def _play_candidates(self, e: tuple[Any, ...]) -> list[int]:
        """Types an E_PLAY effect of the player to act could play if held (public: from
        the play areas only)."""
        p = self.cur
        out = []
        for c in self._colours_in_play():
            n = self.mask[p * 5 + c].bit_length() + 1 + e[1]
            if n <= 6 and (not e[2] or self._ahead(p, c)):
                out.append(6 * c + n - 1)
        return out

    def _required_cards(self, q: int) -> tuple[tuple[int, ...], int]:
        """Cards the player to act must hold, as everyone can tell from the decision in
        progress: (types, how many of them) -- the rest of a Quest's discards, or a card for
        the Influence play an Advocate asks for."""
        if q != self.cur:
            return (), 0
        G = self._game
        if self.phase == PH_QDISC:
            k = self.qcol
            return tuple(t for t in range(G.T) if G.tcol[t] == k or G.tcol[t] == ANY), \
                self.qleft
        if self.phase == PH_EFFECT and self.pend and self.pend[0][0] == E_PLAY:
            return tuple(self._play_candidates(self.pend[0])), 1
        return (), 0

    # ------------------------------------------------------------------ notation
    def decode(self, action: int) -> Action:
        """``action`` as a typed :class:`~.notation.Action` (kind, fields, notation) in this
        position (:func:`.notation.decode`).

        Raises:
            NotationError: ``action`` is not an action id of this game.
        """
        return notation.decode(self, action)

    def action_to_string(self, action: int) -> str:
        return notation.action_to_string(self, action)

    def string_to_action(self, text: str) -> int:
        return notation.string_to_action(self, text)

    # ------------------------------------------------------------------ scores
    def breakdown(self, player: int) -> Breakdown:
        """Points of ``player`` if the game ended now, itemised in the rulebook's order
        (V. Scoring) by :func:`.scoring.score_steps`: keys ``influence`` (top card of each
        stack), ``tomes`` (majority), ``relics``, ``quests``, ``honors``, ``clan`` (the
        claimed Clan's scoring text), ``epics`` (Epics held).

        Raises:
            ParameterError: ``player`` is not a seat.
        """
        return scoring.breakdown(self._game, self, self.check_seat(player))

    def scoring_points(self, p: int, abilities: tuple[Any, ...]) -> int:
        """Points of compiled scoring abilities (a Clan's or an Epic's) for their holder."""
        return scoring.scoring_points(self._game, self, p, abilities)

    def scores(self) -> list[float]:
        G = self._game
        return [float(scoring.entry_points(G, self, p)["total"]) for p in range(G.num_players)]

    def player_score(self, player: int) -> float:
        return float(scoring.entry_points(self._game, self, self.check_seat(player))["total"])

    def tie_break_keys(self) -> list[tuple[int, int, int]]:
        """(points, Tomes in hand, cards in hand) per seat (:func:`.scoring.tie_break_keys`;
        V. Scoring)."""
        return scoring.tie_break_keys(self._game, self)


    def visibility(self) -> list[int]:
        """Per history entry: the only seat that saw its outcome, or -1 (everyone)."""
        return list(self.vis)

    # ------------------------------------------------------------------ views
    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` sees (:func:`.information.observation`): their own hand and
        Quests, everything public, the decision in progress, ``reveals``; every hand at the
        end.

        Raises:
            ParameterError: ``player`` is not a seat.
        """
        return information.observation(self, player)

    def reveals(self) -> list[dict[str, Any]]:
        """What the table learnt from moves beyond their notation
        (:func:`.information.reveals`: Spy answers, cards shown for Honors, skipped plays),
        oldest first."""
        return information.reveals(self)

    def information_state_string(self, player: int) -> str:
        """Seat ``player``'s perfect-recall information state
        (:func:`.information.information_state_string`).

        Raises:
            ParameterError: ``player`` is not a seat.
        """
        return information.information_state_string(self, player)

    @abstractmethod
    def clone(self) -> "InheritorsState":
        """An independent copy of the position in the same engine, without the seed and
        the dealer (:meth:`regalia.core.state.State.clone`)."""

    @abstractmethod
    def apply_legal(self, action: int) -> None:
        """Apply an action already known to be legal here (no check: for playout policies
        that take it from :meth:`legal_actions` of this very position)."""

    @abstractmethod
    def resample_from_infostate(self, player: int, rng: random.Random) -> "InheritorsState":
        """A state ``player`` cannot tell from this one, hidden cards and Quests re-dealt
        from ``rng`` within every public bound (:func:`.information.resample_from_infostate`).

        Raises:
            ParameterError: ``player`` is not a seat.
        """

    def unseen_pool(self, player: int) -> list[int]:
        """Copies of each card type ``player`` has not seen
        (:func:`.information.unseen_pool`)."""
        return information.unseen_pool(self, player)

    # ------------------------------------------------------------------ JSON
    def to_json(self) -> dict[str, Any]:
        """Every field by name (:func:`.serialize.to_json`); never the seed nor the dealer."""
        return serialize.to_json(self)

    def card_places(self) -> list[int]:
        """Copies of each type found in all places together (deck, hands, Market, stacks,
        removed area, with the clans, box): every entry equals the type's copies."""
        G = self._game
        T = G.T
        total = [self.deck[t] + self.removed[t] + self.side[t] + self.box[t] for t in range(T)]
        for p in range(G.num_players):
            for t in range(T):
                total[t] += self.hand[p * T + t]
            for c in range(5):
                m = self.mask[p * 5 + c]
                for k in range(6):
                    if m >> k & 1:
                        total[6 * c + k] += 1
        for r in self.rows:
            for t in r:
                total[t] += 1
        return total


    @abstractmethod
    def _to_pure(self) -> "PureInheritorsState":
        """The same position in the pure engine, without the seed and dealer (a copy):
        what hand-made positions (:mod:`.positions`) and the compiled engine's refusals
        and determinizations work on."""

    @classmethod
    def _from_pure(cls, state: "PureInheritorsState") -> "InheritorsState":
        """``state`` (read by :func:`.serialize.from_json` or set up by
        :mod:`.positions` in the pure engine, which checks every field) in the engine of
        ``cls`` (the compiled engine converts it; the seed and dealer are not carried).

        Raises:
            RecordError: a field the compiled engine cannot hold.
        """
        return state


    def __repr__(self) -> str:
        return (f"<InheritorsState {self._game.num_players}p phase={self.phase_name} "
                f"turn=P{self.cur + 1} ply={len(self.hist)}>")


class PureInheritorsState(InheritorsState):
    """The pure-Python engine: the reference implementation of the rules, and the
    fallback where the compiled engine (:mod:`.compiled`) is absent, cannot hold the card
    data or ``REGALIA_PURE=1``.
    """

    __slots__ = ("_game", "_seed", "_dealer", "phase", "stage", "cur", "first", "ended",
                 "rcol", "hand", "hsize", "deck", "dsize", "rows", "mask", "removed", "side",
                 "box", "quests", "qpool", "qrow", "hrow", "honors", "clan_row", "clan_owner",
                 "pclan", "drawq", "qdraw", "pend", "qcol", "qleft", "tadv", "tnum", "known",
                 "capc", "pdraws", "hist", "vis", "notes", "_legal")

    def __init__(self, game: "InheritorsGame", seed: int | None = None):
        self._start(game, seed)
        G = game
        n, T = G.num_players, G.T
        self.stage = ST_SETUP
        self.cur = 0
        self.first = -1
        self.ended = False
        self.rcol = -1
        self.hand = [0] * (n * T)
        self.hsize = [0] * n
        self.deck = [0] * T
        self.dsize = 0
        self.rows: list[list[int]] = [[], [], []]
        self.mask = [0] * (n * 5)
        self.removed = [0] * T
        self.side = [0] * T
        self.box = [0] * T
        self.quests: list[list[int]] = [[] for _ in range(n)]
        self.qpool: list[int] = []
        self.qrow = 0
        self.hrow: list[int] = []
        self.honors = [0] * n
        self.clan_row = [-1] * 5
        self.clan_owner = [-1] * 5
        self.pclan = [-1] * n
        self.drawq: list[int] = []
        self.qdraw = 0
        self.pend: list[tuple[Any, ...]] = []
        self.qcol = -1
        self.qleft = 0
        self.tadv = -1
        self.tnum = 0
        self.known = [0] * (n * T)
        self.capc = [NOCAP] * (n * T)
        self.pdraws = [0] * n
        self.hist: list[int] = []
        self.vis: list[int] = []
        #: public consequences of a move that the move's id does not tell (a Spy's answer,
        #: the cards shown for an Honor, a play skipped): ``(ply, kind, seat, detail)``
        self.notes: tuple[tuple[int, str, int, tuple[int, ...]], ...] = ()
        self._legal: tuple[int, ...] | None = None   # legal actions, cached until a move
        if G.two_player:   # every card waits in the box until a colour is removed
            self.phase = PH_COLOUR
            self.box = list(G.tcopies)
        else:
            self._setup_cards()

    # ------------------------------------------------------------------ setup
    def _setup_cards(self) -> None:
        """Deck, Quest pool and box once the removed colour (2 players) is known
        (setup step 4; 2-Player Variant steps 1-3)."""
        G = self._game
        rc = self.rcol
        two = G.two_player
        for t in range(G.T):
            c = G.tcopies[t]
            if G.in_deck[t]:
                out = 0
                if G.tkind[t] in (K_INF, K_RELIC) and G.tcol[t] == rc:
                    out = c
                elif two:
                    out = G.tmarked[t]
                self.deck[t] = c - out
                self.box[t] = out
            else:
                self.box[t] = c   # Special Advocates and Epics: placed with their clans
        self.dsize = sum(self.deck)
        self.qpool = [q for q in range(len(G.quests)) if G.quest_colour[q] != rc or rc < 0]
        self.qrow = min(4 if two else 5, len(self.qpool))
        self.phase = PH_HONOR

    def _honors_wanted(self) -> int:
        return min(4 if self._game.two_player else 5, len(self._game.honors))

    def _next_clan_colour(self) -> int:
        for c in range(5):
            if c != self.rcol and self.clan_row[c] < 0:
                return c
        return -1


    # ------------------------------------------------------------------ identity
    def clone(self) -> "PureInheritorsState":
        s = self._blank_copy()
        s.phase = self.phase
        s.stage = self.stage
        s.cur = self.cur
        s.first = self.first
        s.ended = self.ended
        s.rcol = self.rcol
        s.hand = self.hand[:]
        s.hsize = self.hsize[:]
        s.deck = self.deck[:]
        s.dsize = self.dsize
        s.rows = [r[:] for r in self.rows]
        s.mask = self.mask[:]
        s.removed = self.removed[:]
        s.side = self.side[:]
        s.box = self.box
        s.quests = [q[:] for q in self.quests]
        s.qpool = self.qpool[:]
        s.qrow = self.qrow
        s.hrow = self.hrow[:]
        s.honors = self.honors[:]
        s.clan_row = self.clan_row[:]
        s.clan_owner = self.clan_owner[:]
        s.pclan = self.pclan[:]
        s.drawq = self.drawq[:]
        s.qdraw = self.qdraw
        s.pend = self.pend[:]
        s.qcol = self.qcol
        s.qleft = self.qleft
        s.tadv = self.tadv
        s.tnum = self.tnum
        s.known = self.known[:]
        s.capc = self.capc[:]
        s.pdraws = self.pdraws[:]
        s.hist = self.hist[:]
        s.vis = self.vis[:]
        s.notes = self.notes      # an immutable tuple: shared
        s._legal = self._legal
        return s

    # ------------------------------------------------------------------ whose turn
    def current_player(self) -> int:
        ph = self.phase
        if ph in CHANCE_PHASES:
            return CHANCE
        if ph == PH_END:
            return TERMINAL
        return self.cur


    # ------------------------------------------------------------------ legal actions
    def legal_actions(self) -> list[int]:
        legal = self._legal
        if legal is None:
            legal = self._legal = tuple(self._compute_legal())
        return list(legal)

    def _compute_legal(self) -> list[int]:
        ph = self.phase
        G = self._game
        if ph == PH_DRAW:
            base = G.C_CARD
            return [base + t for t, k in enumerate(self.deck) if k]
        if ph == PH_START:
            return sorted(self._claims() + self._main_actions())
        if ph == PH_POST:
            return self._claims() + [G.A_END]
        if ph == PH_EFFECT:
            return self._effect_options(self.pend[0])
        if ph == PH_QDISC:
            return self._quest_discards()
        if ph == PH_QUEST:
            return sorted(G.C_QUEST + q for q in self.qpool)
        if ph == PH_HONOR:
            return [G.C_HONOR + h for h in range(len(G.honors)) if h not in self.hrow]
        if ph == PH_CLAN:
            c = self._next_clan_colour()
            return [G.C_CLAN + i for i in G.clans_of_colour[c]]
        if ph == PH_COLOUR:
            return [G.C_COLOUR + c for c in range(5)]
        if ph == PH_FIRST:
            return [G.C_FIRST + p for p in range(G.num_players)]
        return []

    def _claims(self) -> list[int]:
        """Clan and Honor claims open to the player whose turn it is (III. Claiming)."""
        G = self._game
        p = self.cur
        out = []
        if self.pclan[p] < 0:
            o = p * 5
            for c in range(5):
                clan = self.clan_row[c]
                if clan >= 0 and self.clan_owner[c] < 0 and self.mask[o + c].bit_length() >= 3:
                    out.append(G.A_CLAN + clan)
        for h in sorted(self.hrow):
            if self.condition(p, G.honor_req[h]):
                out.append(G.A_HONOR + h)
        return out

    def _main_actions(self) -> list[int]:
        """The five actions (III. During your turn) open to the player to act."""
        G = self._game
        T = G.T
        o = self.cur * T
        hand = self.hand[o:o + T]
        out: list[int] = []
        mo = self.cur * 5
        tops = [m.bit_length() for m in self.mask[mo:mo + 5]]
        row_tops = [(s, r[-1]) for s, r in enumerate(self.rows) if r]
        match = G.match
        tkind, tcol, tnum = G.tkind, G.tcol, G.tnum
        is_adv = G.is_advocate
        a_play, a_adv, a_ddraw, a_market = G.A_PLAY, G.A_ADV, G.A_DDRAW, G.A_MARKET
        colour_count = [0] * 6
        wild = 0
        held = False
        for t, k in enumerate(hand):
            if not k:
                continue
            held = True
            col = tcol[t]
            if tkind[t] == K_INF:                                 # action 1
                if tops[col] == tnum[t] - 1:
                    out.append(a_play + t)
            elif is_adv[t] and self._advocate_usable(t):          # action 5
                out.append(a_adv + t)
            if col == ANY:
                wild += k
            else:
                colour_count[col] += k
            b = a_ddraw + 3 * t                                   # action 2
            out += (b, b + 1, b + 2)
            b = a_market + 9 * t                                  # action 3
            mt = match[t]
            for s, x in row_tops:
                if mt[x]:
                    out += [b + 3 * r + s for r in (0, 1, 2) if r != s]
        if not held:
            return [G.A_PASS]
        if self.qrow > 0:                                          # action 4
            for k in range(6):
                if colour_count[k] + wild >= 3:
                    out.append(G.A_QUEST + k)
        return out

    def _advocate_usable(self, t: int) -> bool:
        """An Advocate can be played if its requirement holds and its first effect can be
        carried out (ruling R12)."""
        G = self._game
        req = G.adv_req[t]
        if req is not None and not self.condition(self.cur, req):
            return False
        effs = G.adv_effects[t]
        for e in effs:
            if e[0] in (E_DRAW, E_CARDS):
                return True
            return bool(self._effect_options(e))
        return True

    def _effect_options(self, e: tuple[Any, ...]) -> list[int]:
        """Legal choices (action ids) for a pending effect of the player to act."""
        G = self._game
        k = e[0]
        p = self.cur
        if k == E_PLAY:
            skip, req = e[1], e[2]
            T = G.T
            o = p * T
            out = []
            for c in self._colours_in_play():
                top = self.mask[p * 5 + c].bit_length()
                n = top + 1 + skip
                if n > 6:
                    continue
                t = 6 * c + n - 1
                if self.hand[o + t] and (not req or self._ahead(p, c)):
                    out.append(G.A_PLAY + t)
            return out
        if k == E_DEMAND:
            out = []
            for c in self._colours_in_play():
                n = self.mask[p * 5 + c].bit_length() + 1
                if n <= 6:
                    for q in range(G.num_players):
                        if q != p:
                            out.append(G.A_ASK + 30 * q + 6 * c + n - 1)
            return sorted(out)
        if k == E_TAKE:
            out = []
            for r in range(3):
                for d in range(min(len(self.rows[r]), MAX_DEPTH)):
                    out.append(G.A_TAKE + MAX_DEPTH * r + d)
            return out
        if k == E_REMOVE:
            mx = e[1]
            out = []
            for q in range(G.num_players):
                if q != p:
                    for c in range(5):
                        top = self.mask[q * 5 + c].bit_length()
                        if 0 < top <= mx:
                            out.append(G.A_SABO + 5 * q + c)
            return out
        return []

    def _quest_discards(self) -> list[int]:
        """Action 4: the next of the 3 discards of the chosen colour (Tomes and Epics count
        as any colour when discarded to the Market, ruling R3b)."""
        G = self._game
        T = G.T
        o = self.cur * T
        k = self.qcol
        out: list[int] = []
        for t in range(T):
            if self.hand[o + t] and (G.tcol[t] == k or G.tcol[t] == ANY):
                b = G.A_DISC + 3 * t
                out += (b, b + 1, b + 2)
        return out

    # ------------------------------------------------------------------ chance
    def chance_outcomes(self) -> list[tuple[int, float]]:
        ph = self.phase
        if ph not in CHANCE_PHASES:
            raise RegaliaError(f"not a chance node (phase {self.phase_name})")  # i18n: no
        if ph == PH_DRAW:
            base = self._game.C_CARD
            total = self.dsize
            return [(base + t, k / total) for t, k in enumerate(self.deck) if k]
        legal = self.legal_actions()
        p = 1.0 / len(legal)
        return [(a, p) for a in legal]

    def sample_chance_outcome(self, rng: random.Random) -> int:
        ph = self.phase
        if ph == PH_DRAW:
            r = int(rng.random() * self.dsize)
            for t, k in enumerate(self.deck):
                if r < k:
                    return self._game.C_CARD + t
                r -= k
            raise RegaliaError("the deck counts are inconsistent")  # pragma: no cover  # i18n: no
        if ph not in CHANCE_PHASES:
            raise RegaliaError(f"not a chance node (phase {self.phase_name})")  # i18n: no
        legal = self.legal_actions()
        return legal[int(rng.random() * len(legal))]

    # ------------------------------------------------------------------ applying

    def _apply_action(self, action: int) -> None:
        """The transition behind the core's :meth:`State.apply_action` (which checks the id's
        type and range and refuses every action at the end): an action not legal here is
        refused (:meth:`_why_illegal` says why) before anything changes."""
        legal = self._legal
        if legal is None:
            legal = self._legal = tuple(self._compute_legal())
        if action not in legal:
            raise self.illegal(action, self._why_illegal(action))
        self._transition(action)

    def apply_legal(self, action: int) -> None:
        """Apply an action already known to be legal here (no check: for playout policies
        that take it from :meth:`legal_actions` of this very position)."""
        self._transition(action)
        self.hist.append(action)

    def _transition(self, action: int) -> None:
        """Apply a legal ``action``: everything but the history, which the caller extends
        (:attr:`vis` gets the seat that alone sees a chance outcome, -1 everyone)."""
        G = self._game
        self._legal = None
        vis = -1
        if action >= G.C_CARD:
            vis = self._apply_chance(action)
        else:
            self._apply_decision(action)
        self.vis.append(vis)
        self._advance()

    def _why_illegal(self, action: int) -> str:
        ph = self.phase
        what = {
            PH_COLOUR: N_("now a colour is removed (2 players; a chance outcome 'remove red')"),
            PH_HONOR: N_("now an Honor is revealed for the row (a chance outcome)"),
            PH_CLAN: N_("now a Clan is revealed for the row (a chance outcome)"),
            PH_DRAW: N_("now a card is drawn from the deck (a chance outcome 'card purple 2')"),
            PH_QUEST: N_("now a Quest is drawn from the face-down row (a chance outcome)"),
            PH_FIRST: N_("now the first player is drawn (a chance outcome)"),
            PH_START: N_("it is not one of the five actions or a claim open to this player "
                         "now"),
            PH_POST: N_("after the action only claims and 'end turn' remain"),
            PH_EFFECT: N_("it is not a choice the effect being resolved allows"),
            PH_QDISC: N_("the Quest action needs 3 discards of the chosen colour"),
        }[ph]
        legal = self.legal_actions()
        sample = ", ".join(self.action_to_string(a) for a in legal[:4])
        return _("{why} (legal here, e.g.: {moves})").format(why=_(what), moves=sample)

    def _apply_chance(self, action: int) -> int:
        """Apply a chance outcome; returns the seat that alone sees it (-1: everyone)."""
        G = self._game
        ph = self.phase
        if ph == PH_DRAW:
            t = action - G.C_CARD
            target = self.drawq.pop(0)
            self.deck[t] -= 1
            self.dsize -= 1
            if self.dsize == 0 and self.stage != ST_SETUP:
                self.ended = True   # IV. End: "The last card has been taken from the deck"
            if target >= ROW:
                self.rows[target - ROW].append(t)
                return -1
            self.hand[target * G.T + t] += 1
            self.hsize[target] += 1
            self.pdraws[target] += 1
            return target
        if ph == PH_QUEST:
            q = action - G.C_QUEST
            self.qpool.remove(q)
            self.quests[self.cur].append(q)
            self.qrow -= 1
            self.qdraw = 0
            self._check_row_end()
            return self.cur
        if ph == PH_HONOR:
            self.hrow.append(action - G.C_HONOR)
            self.hrow.sort()
            if len(self.hrow) == self._honors_wanted():
                self.phase = PH_CLAN
            return -1
        if ph == PH_CLAN:
            clan = action - G.C_CLAN
            c = G.clan_colour[clan]
            self.clan_row[c] = clan
            self.box = self.box[:]
            for t in range(G.T):   # setup step 3: its Special Advocates and Epics
                if G.tclan[t] == clan:
                    keep = G.tmarked[t] if G.two_player else 0   # marked: R4
                    self.side[t] += self.box[t] - keep
                    self.box[t] = keep
            if self._next_clan_colour() < 0:   # setup steps 5-6: deal 10 each, the Market
                for p in range(G.num_players):
                    self.drawq += [p] * HAND_SIZE
                self.drawq += [ROW, ROW + 1, ROW + 2]
            return -1
        if ph == PH_COLOUR:
            self.rcol = action - G.C_COLOUR
            self.box = [0] * G.T
            self._setup_cards()
            return -1
        if ph == PH_FIRST:
            self.first = self.cur = action - G.C_FIRST
            self.stage = ST_BEFORE
            return -1
        raise RegaliaError(f"not a chance node (phase {self.phase_name})")  # pragma: no cover  # i18n: no

    def _apply_decision(self, a: int) -> None:
        G = self._game
        T = G.T
        p = self.cur
        if a >= G.A_END:
            if a == G.A_END:
                self._finish_turn()
            else:  # pass: an empty hand allows none of the five actions (ruling R11)
                self.stage = ST_AFTER
            return
        if a >= G.A_HONOR:
            self._claim_honor(a - G.A_HONOR)
            return
        if a >= G.A_CLAN:
            self._claim_clan(a - G.A_CLAN)
            return
        if a >= G.A_SABO:
            q, c = divmod(a - G.A_SABO, 5)
            n = self.mask[q * 5 + c].bit_length()
            self.mask[q * 5 + c] ^= 1 << (n - 1)
            self.removed[6 * c + n - 1] += 1
            self.pend.pop(0)
            return
        if a >= G.A_TAKE:
            r, d = divmod(a - G.A_TAKE, MAX_DEPTH)
            row = self.rows[r]
            t = row.pop(len(row) - 1 - d)
            self._gain_public(p, t)
            e = self.pend[0]
            if e[1] > 1:
                self.pend[0] = (E_TAKE, e[1] - 1)
            else:
                self.pend.pop(0)
                self._restock()   # Advisor: "Refill the Market (if needed) after you take both"
            return
        if a >= G.A_ASK:
            q, t = divmod(a - G.A_ASK, 30)
            e = self.pend.pop(0)
            if self.hand[q * T + t]:   # "they must immediately place it in your play area"
                self._note(len(self.hist), "held", p, (q, t))
                self._lose_public(q, t)
                self._place(p, t, e[2])
            else:                      # "If they do not have it, you draw 1 card"
                self._note(len(self.hist), "missed", p, (q, t))
                self.capc[q * T + t] = -self.pdraws[q]
                self.drawq += [p] * e[1]
            return
        if a >= G.A_DISC:
            t, r = divmod(a - G.A_DISC, 3)
            self._discard(p, t, r)
            self.qleft -= 1
            if self.qleft == 0:   # "take 1 Quest and draw 1 card from the deck"
                self.qcol = -1
                self.qdraw = 1
                self.drawq.append(p)
            return
        self.stage = ST_ACTION
        if a >= G.A_QUEST:
            self.qcol = a - G.A_QUEST
            self.qleft = 3
            return
        if a >= G.A_MARKET:
            t, rs = divmod(a - G.A_MARKET, 9)
            r, s = divmod(rs, 3)
            self._discard(p, t, r)
            for x in self.rows[s]:
                self._gain_public(p, x)
            self.rows[s] = []
            self.drawq.append(ROW + s)   # "restock the empty row in the market"
            return
        if a >= G.A_DDRAW:
            t, r = divmod(a - G.A_DDRAW, 3)
            self._discard(p, t, r)
            self.drawq += [p, p]
            return
        if a >= G.A_ADV:
            t = a - G.A_ADV
            self._lose_public(p, t)
            self.removed[t] += 1       # "place it in the removed area"
            self.tadv = t
            self.pend = list(G.adv_effects[t])
            return
        # A_PLAY: action 1, or a play_influence effect
        t = a - G.A_PLAY
        if self.phase == PH_EFFECT:
            e = self.pend.pop(0)
            self._lose_public(p, t)
            self._place(p, t, e[3])
        else:
            self._lose_public(p, t)
            self._place(p, t, -1)

    # ------------------------------------------------------------------ card moves
    def _gain_public(self, p: int, t: int) -> None:
        i = p * self._game.T + t
        self.hand[i] += 1
        self.hsize[p] += 1
        self.known[i] += 1
        if self.capc[i] != NOCAP:
            self.capc[i] += 1

    def _lose_public(self, p: int, t: int) -> None:
        i = p * self._game.T + t
        self.hand[i] -= 1
        self.hsize[p] -= 1
        if self.known[i]:
            self.known[i] -= 1
        if self.capc[i] != NOCAP:
            self.capc[i] -= 1

    def _note(self, ply: int, kind: str, seat: int, detail: tuple[int, ...]) -> None:
        """Record a public consequence of the move at ``ply`` that its action id does not
        tell (see :attr:`notes`); the information state string and every observation
        show it."""
        self.notes += ((ply, kind, seat, detail),)

    def _discard(self, p: int, t: int, r: int) -> None:
        self._lose_public(p, t)
        self.rows[r].append(t)

    def _place(self, p: int, t: int, source: int) -> None:
        """Influence Card ``t`` onto ``p``'s stack; ``source``: the Advocate that put it
        there this turn (for the Honor 'Use a Spy to play ...'), or -1."""
        n = self._game.tnum[t]
        self.mask[p * 5 + t // 6] |= 1 << (n - 1)
        if source >= 0 and source == self.tadv and n > self.tnum:
            self.tnum = n

    def _restock(self) -> None:
        """"If a row is empty, reveal the top card from the main deck to restock the row.\""""
        for r in range(3):
            if not self.rows[r] and ROW + r not in self.drawq:
                self.drawq.append(ROW + r)

    def _claim_clan(self, clan: int) -> None:
        G = self._game
        p = self.cur
        c = G.clan_colour[clan]
        self.clan_owner[c] = p
        self.pclan[p] = clan
        for req, effs in G.clan_claim[clan]:
            if req is None or self.condition(p, req):
                self.pend += effs

    def _claim_honor(self, h: int) -> None:
        G = self._game
        p = self.cur
        self.hrow.remove(h)
        self.honors[p] |= 1 << h
        req = G.honor_req[h]
        if req[0] == C_HAND:   # "Show 3 Tomes from your hand": the cards shown are seen
            # The engine shows the first cards in the card order, every copy of a type
            # before the next type (ruling R19), so a type passed over before the last one
            # shown is held exactly as many times as shown: everyone learns that bound too.
            T = G.T
            need = req[1]
            shown: list[int] = []
            for t in req[2]:
                i = p * T + t
                k = min(self.hand[i], need)
                if k > self.known[i]:
                    self.known[i] = k
                shown += [t] * k
                need -= k
                if need <= 0:
                    break
                cap = k - self.pdraws[p]
                if self.capc[i] == NOCAP or self.capc[i] > cap:
                    self.capc[i] = cap
            self._note(len(self.hist), "shown", p, tuple(shown))
        self._check_row_end()

    def _check_row_end(self) -> None:
        """IV. End 1: "All the Quests and Honors have been taken"."""
        if self.qrow == 0 and not self.hrow and self.stage != ST_SETUP:
            self.ended = True

    def _finish_turn(self) -> None:
        """End of turn: "If you happen to play the last card in your hand, draw 1 card from
        the deck at the end of your turn" (an empty hand draws 1, ruling R11)."""
        self.stage = ST_EOT
        if self.hsize[self.cur] == 0:
            self.drawq.append(self.cur)

    # ------------------------------------------------------------------ the flow
    def _advance(self) -> None:
        """Move to the next decision or chance node after an action."""
        G = self._game
        while True:
            if self.qdraw:
                self.phase = PH_QUEST
                return
            if self.drawq:
                if self.dsize > 0:
                    self.phase = PH_DRAW
                    return
                self.drawq.clear()    # nothing left to draw
                continue
            st = self.stage
            if st == ST_SETUP:   # revealing the rows, or (dealt) drawing the first player
                if self.phase == PH_DRAW:
                    self.phase = PH_FIRST
                return
            if self.pend:
                e = self.pend[0]
                k = e[0]
                if k == E_DRAW:
                    self.pend.pop(0)
                    self.drawq += [self.cur] * e[1]
                    continue
                if k == E_IF:   # a later ability's requirement: skip it unless it holds
                    self.pend.pop(0)
                    if not self.condition(self.cur, G.ability_req[(e[1], e[2])]):
                        del self.pend[:e[3]]
                    continue
                if k == E_CARDS:
                    self.pend.pop(0)
                    for t in e[1]:
                        while self.side[t]:
                            self.side[t] -= 1
                            self._gain_public(self.cur, t)
                    continue
                if self._effect_options(e):
                    self.phase = PH_EFFECT
                    return
                self.pend.pop(0)      # an effect that cannot be carried out is skipped
                if k == E_TAKE:
                    self._restock()
                elif k == E_PLAY:     # everyone sees the play skipped: none of those cards
                    # (noted at the ply of the move being applied: not yet in the history)
                    T = G.T
                    q = self.cur
                    self._note(len(self.hist), "noplay", q, ())
                    for t in self._play_candidates(e):
                        self.capc[q * T + t] = -self.pdraws[q]
                continue
            if self.qleft:
                self.phase = PH_QDISC
                return
            if st == ST_BEFORE:
                self.phase = PH_START
                return
            if st == ST_ACTION:
                self.stage = ST_AFTER
                continue
            if st == ST_AFTER:
                self.phase = PH_POST
                return
            # ST_EOT: the next player, or the end once the round is complete
            n = G.num_players
            self.cur = (self.cur + 1) % n
            self.tadv = -1
            self.tnum = 0
            if self.ended and self.cur == self.first:
                self.phase = PH_END
                return
            self.stage = ST_BEFORE


    def resample_from_infostate(self, player: int, rng: random.Random) -> "PureInheritorsState":
        return information.resample_from_infostate(self, player, rng)

    def _to_pure(self) -> "PureInheritorsState":
        return self.clone()
