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
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from regalia.core.errors import RecordError, RegaliaError
from regalia.core.game import CHANCE, TERMINAL
from regalia.core.state import State

from . import notation, scoring
from .codes import (ANY, C_AHEAD, C_HAND, C_USED, E_CARDS, E_DEMAND, E_DRAW, E_IF, E_PLAY,
                    E_REMOVE, E_TAKE, K_INF, K_RELIC, MAX_DEPTH, WHITE)
from .notation import NOTATION_HELP, Action  # noqa: F401  (NOTATION_HELP: re-exported)
from .scoring import BREAKDOWN_KEYS, holds  # noqa: F401  (BREAKDOWN_KEYS: re-exported)

if TYPE_CHECKING:
    from .rules import InheritorsGame

PH_COLOUR, PH_HONOR, PH_CLAN, PH_DRAW, PH_QUEST, PH_FIRST, PH_START, PH_EFFECT, PH_QDISC, \
    PH_POST, PH_END = range(11)
PHASE_NAMES = ("remove-colour", "reveal-honor", "reveal-clan", "draw", "quest-draw",
               "first-player", "start", "effect", "quest-discard", "post", "end")
CHANCE_PHASES = frozenset({PH_COLOUR, PH_HONOR, PH_CLAN, PH_DRAW, PH_QUEST, PH_FIRST})
ST_SETUP, ST_BEFORE, ST_ACTION, ST_AFTER, ST_EOT = range(5)
STAGE_NAMES = ("setup", "before", "action", "after", "end-of-turn")
#: No upper bound known on a hand's copies of a type.
NOCAP = 10 ** 6
ROW = 10  # draw-queue entries ROW + r restock Market row r
HAND_SIZE = 10
EFFECT_NAMES = ("draw", "take_from_market", "play_influence", "demand_card",
                "remove_top_card", "take_cards", "score", "majority", "requirement")
#: Codes that may wait in the pending effects of a turn.
PENDING_CODES = frozenset({E_DRAW, E_TAKE, E_PLAY, E_DEMAND, E_REMOVE, E_CARDS, E_IF})
#: The numbers (bit positions, 0-5) set in each 6-bit stack mask.
_BITS = tuple(tuple(k for k in range(6) if m >> k & 1) for m in range(64))
#: Kinds of :attr:`InheritorsState.notes` (public consequences of a move).
NOTE_KINDS = ("held", "missed", "shown", "noplay")


class InheritorsState(State):
    """One position of an Inheritors game.

    Flat per-player data: ``hand[p * T + t]`` copies of type ``t`` in seat ``p``'s hand;
    ``mask[p * 5 + c]`` the numbers played in seat ``p``'s stack of colour ``c`` (bit
    ``n - 1``; the stack's top card is the highest); ``deck[t]`` copies left in the deck.
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
        self.pend: list[tuple] = []
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
    @property
    def game(self) -> "InheritorsGame":
        return self._game  # type: ignore[return-value]

    def clone(self) -> "InheritorsState":
        s = object.__new__(InheritorsState)
        s._game = self._game
        s._seed = None      # copies never carry the seed (see regalia.core.state)
        s._dealer = None
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

    def is_chance_node(self) -> bool:
        return self.phase in CHANCE_PHASES

    def is_terminal(self) -> bool:
        return self.phase == PH_END

    @property
    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

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

    # ------------------------------------------------------------------ conditions
    def condition(self, player: int, cond: tuple) -> bool:
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

    def _effect_options(self, e: tuple) -> list[int]:
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

    def _play_candidates(self, e: tuple) -> list[int]:
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

    def _quest_discards(self) -> list[int]:
        """Action 4: the next of the 3 discards of the chosen colour (Tomes and Epics count
        as any colour when discarded to the Market, ruling R3b)."""
        G = self._game
        T = G.T
        o = self.cur * T
        k = self.qcol
        out = []
        for t in range(T):
            if self.hand[o + t] and (G.tcol[t] == k or G.tcol[t] == ANY):
                b = G.A_DISC + 3 * t
                out += (b, b + 1, b + 2)
        return out

    # ------------------------------------------------------------------ chance
    def chance_outcomes(self) -> list[tuple[int, float]]:
        ph = self.phase
        if ph not in CHANCE_PHASES:
            raise RegaliaError(f"not a chance node (phase {self.phase_name})")
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
            raise RegaliaError("the deck counts are inconsistent")  # pragma: no cover
        if ph not in CHANCE_PHASES:
            raise RegaliaError(f"not a chance node (phase {self.phase_name})")
        legal = self.legal_actions()
        return legal[int(rng.random() * len(legal))]

    # ------------------------------------------------------------------ applying
    #: A move in the notation, for the core's message when apply_action is given text.
    NOTATION_EXAMPLE = "play purple 1"

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
            PH_COLOUR: "now a colour is removed (2 players; a chance outcome 'remove red')",
            PH_HONOR: "now an Honor is revealed for the row (a chance outcome)",
            PH_CLAN: "now a Clan is revealed for the row (a chance outcome)",
            PH_DRAW: "now a card is drawn from the deck (a chance outcome 'card purple 2')",
            PH_QUEST: "now a Quest is drawn from the face-down row (a chance outcome)",
            PH_FIRST: "now the first player is drawn (a chance outcome)",
            PH_START: "it is not one of the five actions or a claim open to this player now",
            PH_POST: "after the action only claims and 'end turn' remain",
            PH_EFFECT: "it is not a choice the effect being resolved allows",
            PH_QDISC: "the Quest action needs 3 discards of the chosen colour",
        }[ph]
        legal = self.legal_actions()
        sample = ", ".join(self.action_to_string(a) for a in legal[:4])
        return f"{what} (legal here, e.g.: {sample})"

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
        raise RegaliaError(f"not a chance node (phase {self.phase_name})")  # pragma: no cover

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
    def breakdown(self, player: int) -> dict[str, int]:
        """Points of ``player`` if the game ended now, in the rulebook's order (V. Scoring),
        by :func:`.scoring.breakdown`: ``influence`` (top cards), ``tomes`` (majority),
        ``relics``, ``quests``, ``honors``, ``clan`` (the claimed Clan's scoring text),
        ``epics`` (Epics held), ``total``."""
        return scoring.breakdown(self._game, self, player)

    def scoring_points(self, p: int, abilities: tuple) -> int:
        """Points of compiled scoring abilities (a Clan's or an Epic's) for their holder."""
        return scoring.scoring_points(self._game, self, p, abilities)

    def scores(self) -> list[float]:
        return [float(self.breakdown(p)["total"]) for p in range(self._game.num_players)]

    def player_score(self, player: int) -> float:
        return float(self.breakdown(player)["total"])

    def tie_break_keys(self) -> list[tuple[int, int, int]]:
        """(points, Tomes in hand, cards in hand) per seat (:func:`.scoring.tie_break_keys`;
        V. Scoring)."""
        return scoring.tie_break_keys(self._game, self)

    def winners(self) -> list[int]:
        return scoring.winners(self._game, self)

    def returns(self) -> list[float]:
        n = self._game.num_players
        if self.phase != PH_END:
            return [0.0] * n
        win = self.winners()
        share = 1.0 / len(win)
        return [share if p in win else 0.0 for p in range(n)]

    def visibility(self) -> list[int]:
        """Per history entry: the only seat that saw its outcome, or -1 (everyone)."""
        return list(self.vis)

    # ------------------------------------------------------------------ views
    def _pending_view(self) -> list[dict[str, Any]]:
        G = self._game
        out = []
        for e in self.pend:
            d: dict[str, Any] = {"effect": EFFECT_NAMES[e[0]]}
            if e[0] == E_PLAY:
                d.update(skip=e[1], requirement="opponent_ahead" if e[2] else None)
            elif e[0] == E_DEMAND:
                d.update(otherwise_draw=e[1])
            elif e[0] == E_TAKE:
                d.update(count=e[1])
            elif e[0] == E_REMOVE:
                d.update(max_number=e[1])
            elif e[0] == E_DRAW:
                d.update(n=e[1])
            elif e[0] == E_CARDS:
                d.update(cards=[G.tname[t] for t in e[1]])
            elif e[0] == E_IF:
                d.update(advocate=G.tname[e[1]], ability=e[2], effects=e[3])
            out.append(d)
        return out

    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` sees: their own hand and Quests; everyone's play area, Clan,
        Honors, hand size and Quest count; the Market, the Honor and Clan rows, the removed
        area, the deck size; the decision in progress; ``reveals``, what moves told the
        table beyond their notation (:meth:`reveals`: Spy answers, cards shown for Honors,
        skipped plays). At the end (hands are shown for
        scoring) every hand, Quest and score breakdown.

        Raises:
            ParameterError: ``player`` is not a seat.
        """
        self.check_seat(player)
        G = self._game
        n = G.num_players
        colours = G.colours
        names = G.tname
        ended = self.phase == PH_END
        obs: dict[str, Any] = {
            "game": G.info.name,
            "params": G.params,
            "player": player,
            "current_player": self.current_player(),
            "phase": self.phase_name,
            "turn": self.cur if self.stage != ST_SETUP else None,
            "first_player": self.first if self.first >= 0 else None,
            "end_triggered": self.ended,
            "removed_colour": colours[self.rcol] if self.rcol >= 0 else None,
            "hand": self.hand_names(player),
            "quests": [G.quests[q].name for q in self.quests[player]],
            "hand_sizes": list(self.hsize),
            "quest_counts": [len(q) for q in self.quests],
            "deck_size": self.dsize,
            "market": [[names[t] for t in r] for r in self.rows],
            "play_areas": [{colours[c]: self.stack_numbers(p, c) for c in range(5)
                            if self.mask[p * 5 + c]} for p in range(n)],
            "clans": [{"colour": colours[c], "clan": G.clans[self.clan_row[c]].name,
                       "owner": self.clan_owner[c] if self.clan_owner[c] >= 0 else None,
                       "cards": [names[t] for t in range(G.T)
                                 if G.tclan[t] == self.clan_row[c] for _ in range(self.side[t])]}
                      for c in range(5) if self.clan_row[c] >= 0],
            "honor_row": [G.honors[h].name for h in self.hrow],
            "honors": [[G.honors[h].name for h in range(len(G.honors)) if self.honors[p] >> h & 1]
                       for p in range(n)],
            "quests_in_row": self.qrow,
            "removed_area": {names[t]: k for t, k in enumerate(self.removed) if k},
            "pending": self._pending_view(),
            "quest_action": ({"colour": "white" if self.qcol == WHITE else colours[self.qcol],
                              "discards_left": self.qleft} if self.qleft else None),
            "advocate_this_turn": names[self.tadv] if self.tadv >= 0 else None,
            "reveals": self.reveals(),
        }
        if ended:
            obs["hands"] = [self.hand_names(p) for p in range(n)]
            obs["all_quests"] = [[G.quests[q].name for q in self.quests[p]] for p in range(n)]
            obs["scores"] = [self.breakdown(p) for p in range(n)]
        return obs

    def reveals(self) -> list[dict[str, Any]]:
        """What the table learnt from moves beyond their notation, oldest first (public:
        every seat sees all of it): ``{"ply", "event", "seat", ...}`` with ``event``

        * ``"spy"``: ``seat`` asked seat ``asked`` for ``card``; ``held`` is the answer
          (rulebook III, Spy: "If that player has the card, they must immediately place
          it in your play area. If they do not have it, you draw 1 card");
        * ``"shown"``: ``seat`` showed ``cards`` from their hand to claim ``honor`` ("Show
          3 Tomes/Relics from your hand", ruling R19 on which cards);
        * ``"play skipped"``: ``seat`` held no card for the play of its Advocate (R12).
        """
        G = self._game
        out: list[dict[str, Any]] = []
        for ply, kind, seat, detail in self.notes:
            d: dict[str, Any] = {"ply": ply, "seat": seat}
            if kind in ("held", "missed"):
                d.update(event="spy", asked=detail[0], card=G.tname[detail[1]],
                         held=kind == "held")
            elif kind == "shown":
                d.update(event="shown", honor=G.honors[self.hist[ply] - G.A_HONOR].name
                         if G.A_HONOR <= self.hist[ply] < G.A_END else None,
                         cards=[G.tname[t] for t in detail])
            else:
                d.update(event="play skipped")
            out.append(d)
        return out

    def information_state_string(self, player: int) -> str:
        """Seat ``player``, then the history with every outcome that seat did not see (other
        players' draws and Quests) written ``?``, each move followed by what the table
        learnt from it beyond its notation (:meth:`reveals`: ``[held:Q.T]``,
        ``[missed:Q.T]``, ``[shown:T.T.T]``, ``[noplay]``): perfect recall of what it saw.
        Equal strings mean equal knowledge, and different knowledge different strings."""
        self.check_seat(player)
        vis = self.vis
        words = [str(a) if v < 0 or v == player else "?" for a, v in zip(self.hist, vis)]
        for ply, kind, _seat, detail in self.notes:
            words[ply] += f"[{kind}:{'.'.join(map(str, detail))}]" if detail else f"[{kind}]"
        return f"P{player}:" + " ".join(words)

    def resample_from_infostate(self, player: int, rng: random.Random) -> "InheritorsState":
        """A state ``player`` cannot tell from this one: the other players' hands and Quests
        and the deck re-dealt from the cards ``player`` has not seen, respecting what is
        public about each hand (cards seen entering it, Spy misses, cards shown for Honors).
        Hidden outcomes in the copy's history are replaced by the ``hidden`` action.

        Raises:
            ParameterError: ``player`` is not a seat.
        """
        self.check_seat(player)
        s = self.clone()
        s._legal = None
        s._seed = None     # the seed fixes every hidden card: a determinization drops it
        hid = self._game.A_HIDDEN
        s.hist = [a if v < 0 or v == player else hid for a, v in zip(self.hist, self.vis)]
        if self.phase == PH_END:
            return s   # hands and Quests are shown for scoring
        G = self._game
        n = G.num_players
        others = [q for q in range(n) if q != player]
        # Quests of the others and the face-down pool
        qp = self.qpool[:]
        for q in others:
            qp += self.quests[q]
        qp.sort()         # in an order that does not tell who holds which Quest
        rng.shuffle(qp)
        for q in others:
            k = len(self.quests[q])
            s.quests[q] = sorted(qp[:k])
            qp = qp[k:]
        s.qpool = sorted(qp)
        self._redeal(s, player, others, rng)
        return s

    def unseen_pool(self, player: int) -> list[int]:
        """Copies of each type ``player`` has not seen and cannot place: every card less the
        box, the cards with the Clans, the removed area, the Market, the play areas,
        ``player``'s own hand and the cards everyone has seen entering (or shown from) the
        other hands. Computed from public information and ``player``'s hand only; equals
        the deck plus the unknown part of the other hands."""
        G = self._game
        T = G.T
        n = G.num_players
        o = player * T
        pool = [a - b - c - d - e for a, b, c, d, e in
                zip(G.tcopies, self.box, self.side, self.removed, self.hand[o:o + T])]
        for r in self.rows:
            for t in r:
                pool[t] -= 1
        mask = self.mask
        known = self.known
        for q in range(n):
            for c in range(5):
                m = mask[q * 5 + c]
                if m:
                    for k in _BITS[m]:
                        pool[6 * c + k] -= 1
            if q != player:
                o = q * T
                for t, k in enumerate(known[o:o + T]):
                    if k:
                        pool[t] -= k
        return pool

    def _redeal(self, s: "InheritorsState", player: int, others: list[int],
                rng: random.Random) -> None:
        """Deal the unseen cards (:meth:`unseen_pool`) to the other hands and the deck so
        that every public bound holds: each hand keeps its size and the cards known in it,
        holds at most ``capc + pdraws`` of a type after a Spy's miss or a skipped play, and
        the player to act holds the cards their decision in progress shows.

        Exact: the deal never fails. The unseen cards are shuffled and each hand (in a
        random order of the seats; hands with a cap or required cards first, after which the
        others cannot fail) takes the next card that keeps the rest of the deal feasible.
        Feasibility is the max-flow / min-cut condition of this transportation
        problem: for every set ``Q`` of demands (a hand's remaining size; the player to act
        split in the cards their decision shows they hold and the rest), the cards ``Q``
        needs are at most ``sum over types of min(unseen copies, what Q may take)``. Only
        sets of constrained demands (a cap, or required types) can fail it; their slacks
        are kept incrementally. The true deal proves the problem feasible to start with, and
        a feasible problem always has a card that keeps it feasible, so there is no dead
        end. Reads only public information, ``player``'s hand and ``rng``: two states with
        the same information state for ``player`` give the same deal for the same ``rng``.
        """
        G = self._game
        T = G.T
        pool = self.unseen_pool(player)
        cards = [t for t in range(T) for _ in range(pool[t])]
        rng.shuffle(cards)
        order = others[:]
        rng.shuffle(order)
        total = len(cards)
        big = total + 1                       # "no cap": more than every unseen card
        hands: dict[int, list[int]] = {}
        capped: dict[int, bool] = {}
        seat: list[int] = []                  # per demand: its seat
        need: list[int] = []                  # per demand: cards still to deal
        only: list[frozenset | None] = []     # per demand: the types it takes (None: any)
        known, capc = self.known, self.capc
        for q in order:
            o = q * T
            h = known[o:o + T]
            hands[q] = h
            capped[q] = min(capc[o:o + T]) < NOCAP
            size = self.hsize[q] - sum(h)
            if q == self.cur:
                types, must = self._required_cards(q)
                must -= sum(h[t] for t in types)
                if must > 0:
                    seat.append(q); need.append(must); only.append(frozenset(types))
                    size -= must
            seat.append(q); need.append(size); only.append(None)
        cons = [d for d in range(len(seat)) if only[d] is not None or capped[seat[d]]]
        if not cons:   # no cap, nothing required: the shuffled cards in turn
            i = 0
            for q, k in zip(seat, need):
                h = hands[q]
                for t in cards[i:i + k]:
                    h[t] += 1
                i += k
            deck = [0] * T
            for t in cards[i:]:
                deck[t] += 1
            s.deck = deck
            for q, h in hands.items():
                s.hand[q * T:(q + 1) * T] = h
            return
        room: dict[int, list[int]] = {}       # copies each hand may still take, per type
        for q in order:
            o = q * T
            if capped[q]:
                pd = self.pdraws[q]
                h = hands[q]
                room[q] = [big if c == NOCAP else max(0, c + pd - h[t])
                           for t, c in enumerate(capc[o:o + T])]
            else:
                room[q] = [big] * T
        # per set Q of constrained demands: its bit mask, the seats taking any type, and
        # the (seat, types) taking only some types (a seat counted once per type)
        subsets = []
        for m in range(1, 1 << len(cons)):
            ds = [cons[j] for j in range(len(cons)) if m >> j & 1]
            full = tuple(sorted({seat[d] for d in ds if only[d] is None}))
            part = tuple((seat[d], only[d]) for d in ds
                         if only[d] is not None and seat[d] not in full)
            subsets.append((sum(1 << d for d in ds), full, part))

        def capacity(full, part, t: int) -> int:
            """What the seats of Q may take of type ``t`` (before the pool's limit)."""
            c = 0
            for q in full:
                c += room[q][t]
            for q, ty in part:
                if t in ty:
                    c += room[q][t]
            return c

        slack = [sum(min(pool[t], capacity(full, part, t)) for t in range(T))
                 - sum(need[d] for d in cons if bits >> d & 1)
                 for bits, full, part in subsets]
        used = [False] * total
        start = 0
        # the constrained hands first; once they are dealt, the others cannot fail
        bound = {seat[d] for d in cons}
        for q in sorted(order, key=lambda q: q not in bound):
            mine = [d for d in range(len(seat)) if seat[d] == q]
            left = sum(need[d] for d in mine)
            h = hands[q]
            rm = room[q]
            if q not in bound:
                for i in range(start, total):
                    if not left:
                        break
                    if not used[i]:
                        used[i] = True
                        h[cards[i]] += 1
                        left -= 1
                continue
            while left:
                while used[start]:
                    start += 1
                refused: set[int] = set()
                for i in range(start, total):
                    if used[i]:
                        continue
                    t = cards[i]
                    if t in refused or rm[t] == 0:
                        continue
                    # the demand of q this card serves: the required cards first
                    d = next((d for d in mine if need[d] and only[d] is not None
                              and t in only[d]), None)
                    if d is None:
                        d = next(d for d in mine if only[d] is None)
                        if need[d] == 0:      # only required cards are still wanted
                            refused.add(t)
                            continue
                    new = []
                    pt = pool[t]
                    for (bits, full, part), sl in zip(subsets, slack):
                        c = capacity(full, part, t)
                        # q's room for t counts in Q if q takes t there
                        fed = q in full or any(x == q and t in ty for x, ty in part)
                        v = (sl - min(pt, c) + min(pt - 1, c - fed)
                             + (bits >> d & 1))
                        if v < 0:
                            break
                        new.append(v)
                    else:
                        slack = new
                        used[i] = True
                        pool[t] -= 1
                        rm[t] -= 1
                        h[t] += 1
                        need[d] -= 1
                        left -= 1
                        break
                    refused.add(t)
                else:  # pragma: no cover - impossible: the deal was feasible
                    raise RegaliaError("no deal fits what this player has seen")
        deck = [0] * T
        for i, t in enumerate(cards):
            if not used[i]:
                deck[t] += 1
        s.deck = deck
        for q, h in hands.items():
            s.hand[q * T:(q + 1) * T] = h

    # ------------------------------------------------------------------ JSON
    def to_json(self) -> dict[str, Any]:
        G = self._game
        names = G.tname
        n = G.num_players
        T = G.T

        def counts(v: list[int]) -> dict[str, int]:
            return {names[t]: k for t, k in enumerate(v) if k}
        return {
            "game": G.info.name,
            "params": G.params,
            "phase": self.phase_name,
            "stage": STAGE_NAMES[self.stage],
            "turn": self.cur,
            "first_player": self.first,
            "end_triggered": self.ended,
            "removed_colour": G.colours[self.rcol] if self.rcol >= 0 else None,
            "hands": [counts(self.hand[p * T:(p + 1) * T]) for p in range(n)],
            "deck": counts(self.deck),
            "market": [[names[t] for t in r] for r in self.rows],
            "stacks": [[self.stack_numbers(p, c) for c in range(5)] for p in range(n)],
            "removed_area": counts(self.removed),
            "with_clans": counts(self.side),
            "box": counts(self.box),
            "quests": [[G.quests[q].name for q in qs] for qs in self.quests],
            "quest_pool": [G.quests[q].name for q in self.qpool],
            "quests_in_row": self.qrow,
            "honor_row": [G.honors[h].name for h in self.hrow],
            "honors": [[G.honors[h].name for h in range(len(G.honors)) if self.honors[p] >> h & 1]
                       for p in range(n)],
            "clan_row": [G.clans[c].name if c >= 0 else None for c in self.clan_row],
            "clan_owner": list(self.clan_owner),
            "draw_queue": list(self.drawq),
            "quest_draw": self.qdraw,
            "pending": [list(e[:1]) + (list(e[1]) if e[0] == E_CARDS else list(e[1:]))
                        for e in self.pend],
            "quest_colour": self.qcol,
            "quest_discards_left": self.qleft,
            "turn_advocate": names[self.tadv] if self.tadv >= 0 else None,
            "turn_number": self.tnum,
            "known": [counts(self.known[p * T:(p + 1) * T]) for p in range(n)],
            "caps": [{names[t]: c for t, c in enumerate(self.capc[p * T:(p + 1) * T])
                      if c != NOCAP} for p in range(n)],
            "private_draws": list(self.pdraws),
            "history": list(self.hist),
            "visibility": list(self.vis),
            "notes": [[ply, kind, seat, list(detail)] for ply, kind, seat, detail in self.notes],
        }

    @classmethod
    def from_json(cls, game: "InheritorsGame", data: dict[str, Any]) -> "InheritorsState":
        """Rebuild a state from :meth:`to_json` output.

        Raises:
            RecordError: naming the first field that is missing, of the wrong shape, or
                inconsistent with the others (every card must be in exactly one place).
        """
        try:
            return cls._from_json(game, data)
        except RecordError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise RecordError(f"state JSON is malformed: {type(exc).__name__}: {exc}") from None

    @classmethod
    def _from_json(cls, G: "InheritorsGame", d: dict[str, Any]) -> "InheritorsState":
        if d.get("game") != G.info.name:
            raise RecordError(f"state JSON is for game {d.get('game')!r}, not {G.info.name!r}")
        if d.get("params") != G.params:
            raise RecordError(f"state JSON parameters {d.get('params')!r} differ from the "
                              f"game's {G.params!r}")
        n, T = G.num_players, G.T
        s = object.__new__(cls)
        s._game = G
        s._seed = None   # a state from JSON never has a seed (a "seed" key is ignored)
        s._dealer = None
        s._legal = None

        def pick(names: tuple, value: str, field: str) -> int:
            if value not in names:
                raise RecordError(f"state JSON {field!r}: unknown value {value!r}")
            return names.index(value)

        def counts(v: dict, field: str) -> list[int]:
            if not isinstance(v, dict):
                raise RecordError(f"state JSON {field!r} must map card names to counts")
            out = [0] * T
            for k, c in v.items():
                t = G.lookup.get(str(k).casefold())
                if t is None or type(c) is not int or c <= 0:
                    raise RecordError(f"state JSON {field!r}: bad entry {k!r}: {c!r}")
                out[t] = c
            return out

        def ints(v: Any, field: str, size: int | None = None) -> list[int]:
            if not isinstance(v, list) or any(type(x) is not int for x in v) or (
                    size is not None and len(v) != size):
                raise RecordError(f"state JSON {field!r} must be a list of "
                                  f"{size if size is not None else ''} whole numbers")
            return list(v)

        def per_player(v: Any, field: str) -> list:
            if not isinstance(v, list) or len(v) != n:
                raise RecordError(f"state JSON {field!r} needs one entry per player ({n})")
            return v

        def card_list(v: Any, field: str) -> list[int]:
            if not isinstance(v, list):
                raise RecordError(f"state JSON {field!r} must be a list of card names")
            return [G.tname.index(x) if x in G.tname else pick((), x, field) for x in v]

        def named(records, value: str, field: str) -> int:
            for i, r in enumerate(records):
                if r.name == value:
                    return i
            raise RecordError(f"state JSON {field!r}: unknown name {value!r}")

        s.phase = pick(PHASE_NAMES, d["phase"], "phase")
        s.stage = pick(STAGE_NAMES, d["stage"], "stage")
        s.cur, s.first = int(d["turn"]), int(d["first_player"])
        if not (0 <= s.cur < n and -1 <= s.first < n):
            raise RecordError("state JSON: 'turn' / 'first_player' are not seats")
        if type(d["end_triggered"]) is not bool:
            raise RecordError("state JSON 'end_triggered' must be true or false")
        s.ended = d["end_triggered"]
        rc = d["removed_colour"]
        s.rcol = -1 if rc is None else pick(G.colours, rc, "removed_colour")
        if (s.rcol >= 0) != (G.two_player and s.phase != PH_COLOUR):
            raise RecordError("state JSON 'removed_colour': a colour is removed in (and only "
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
                raise RecordError("state JSON 'stacks' needs 5 colours per player")
            for c, nums in enumerate(ints(x, "stacks") for x in st):
                if nums != sorted(set(nums)) or not all(1 <= x <= 6 for x in nums):
                    raise RecordError("state JSON 'stacks': numbers 1-6 in increasing order")
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
            raise RecordError("state JSON 'clan_row' needs one entry per colour")
        s.clan_row = [-1 if c is None else named(G.clans, c, "clan_row") for c in cr]
        s.clan_owner = ints(d["clan_owner"], "clan_owner", 5)
        s.pclan = [-1] * n
        for c in range(5):
            o = s.clan_owner[c]
            if o >= 0:
                if o >= n or s.clan_row[c] < 0 or s.pclan[o] >= 0:
                    raise RecordError("state JSON 'clan_owner': one Clan per player, on the row")
                s.pclan[o] = s.clan_row[c]
            elif o != -1:
                raise RecordError("state JSON 'clan_owner': -1 or a seat")
        s.drawq = ints(d["draw_queue"], "draw_queue")
        if not all(0 <= x < n or ROW <= x < ROW + 3 for x in s.drawq):
            raise RecordError("state JSON 'draw_queue': seats or rows 10-12")
        s.qdraw = int(d["quest_draw"])
        pend = d["pending"]
        if not isinstance(pend, list):
            raise RecordError("state JSON 'pending' must be a list")
        s.pend = []
        for e in pend:
            e = ints(e, "pending")
            if not e or e[0] not in PENDING_CODES or (e[0] == E_IF and tuple(e[1:3]) not in
                                                        G.ability_req):
                raise RecordError("state JSON 'pending': unknown effect")
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
                raise RecordError("state JSON 'caps' must map card names to bounds")
            row = [NOCAP] * T
            for k, c in caps.items():
                t = G.lookup.get(str(k).casefold())
                if t is None or type(c) is not int:
                    raise RecordError(f"state JSON 'caps': bad entry {k!r}")
                row[t] = c
            s.capc += row
        s.pdraws = ints(d["private_draws"], "private_draws", n)
        s.hist = ints(d["history"], "history")
        s.vis = ints(d["visibility"], "visibility", len(s.hist))
        if not all(0 <= a < G.num_actions for a in s.hist):
            raise RecordError(f"state JSON: history holds an action outside "
                              f"0..{G.num_actions - 1}")
        s.notes = s._notes_from_json(d.get("notes", []))
        s._check_cards()
        return s

    def _notes_from_json(self, raw: Any) -> tuple[tuple[int, str, int, tuple[int, ...]], ...]:
        """The ``notes`` of :meth:`to_json` (absent in JSON written before they existed):
        ``[ply, kind, seat, [ints]]`` with ply in the history, in order, a known kind."""
        G = self._game
        n = G.num_players
        if not isinstance(raw, list):
            raise RecordError("state JSON 'notes' must be a list of [ply, kind, seat, detail]")
        out = []
        last = -1
        for e in raw:
            ok = (isinstance(e, list) and len(e) == 4 and type(e[0]) is int
                  and last <= e[0] < len(self.hist) and e[1] in NOTE_KINDS
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
                raise RecordError(f"state JSON 'notes': bad entry {str(e)[:60]!r} (entries "
                                  f"are [ply, kind, seat, detail], kinds "
                                  f"{', '.join(NOTE_KINDS)}, plies in order)")
            last = e[0]
            out.append((e[0], e[1], e[2], detail))
        return tuple(out)

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

    def _check_cards(self) -> None:
        G = self._game
        total = self.card_places()
        bad = [G.tname[t] for t in range(G.T) if total[t] != G.tcopies[t]]
        if bad:
            raise RecordError(f"state JSON: cards missing or duplicated: {', '.join(bad)} "
                              "(every card must be in exactly one place)")
        n = G.num_players
        T = G.T
        if any(self.known[i] > self.hand[i] for i in range(n * T)):
            raise RecordError("state JSON 'known': more known cards than held")
        quests = sorted(q for qs in self.quests for q in qs) + self.qpool
        if len(set(quests)) != len(quests):
            raise RecordError("state JSON: a Quest is in two places")

    def __repr__(self) -> str:
        return (f"<InheritorsState {self._game.num_players}p phase={self.phase_name} "
                f"turn=P{self.cur + 1} ply={len(self.hist)}>")
