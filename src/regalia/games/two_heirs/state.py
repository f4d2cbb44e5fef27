"""The Two Heirs state machine.

Rules source: ``shared/rules/two-heirs.rulebook.en.txt`` (sections Setup, Royal protocol,
Actions A, B, C, Final round and end of the game, Scoring, Tile effects by set), the German
rulebook where it fills gaps (Example 3; "Nur zu Beginn einer Partie liegen 2 Truppen auf
dem selben Plättchen"), and the solo rules ``two-heirs.solo.en.md``. Rulings on ambiguous
points: ``docs/rulings/two-heirs.md`` ("Engine rulings").

Coordinates are the table frame: ``x`` grows east, ``y`` north; the face-down starting tile
lies at (0, 0). Seat 0 (white) sits south: its buildings' top edge faces north. Seat 1
(blue; Heinrich in the solo game) sits north: its buildings are turned by 180 degrees.

Phases (each action is one step; chance is explicit):

1. ``toss`` (chance, 2 players): the royal shield is tossed: ``toss white`` / ``toss blue``
   names the starting player. Solo: "You always take the first turn" (no toss).
2. ``top`` (chance): the top tile of the shared supply shows its back, open terrain of its
   colour: its colour is revealed (``top green``). Drawing it is then a second chance node,
   ``draw <tile>`` among the supply's tiles of that colour (engine ruling E1). Setup lays
   6 tiles clockwise from the shield into the royal reserve and then the starting tile face
   down; during play a take refills the shield's old slot.
3. ``play`` (the seat to move): a turn is a sequence of actions ending with ``end``:
   ``take N`` (the N-th tile clockwise from the shield within reach), ``build <tile> @ x,y``,
   ``expand <tile> @ x,y``, ``move x,y->x,y``, ``deploy x,y``, ``withdraw x,y``,
   ``flip Encampment @ x,y``.
4. ``siege`` (the seat to move): a second Siege Tower flanks an opponent building:
   ``destroy x,y`` or ``spare``.
5. ``discard`` (the seat to move): more than 3 tiles in hand at the end of the turn:
   ``discard <tile>`` until 3 remain.
6. ``treasure`` (chance, solo): a treasure is drawn from the pile for Heinrich's building.
7. ``end``: the game is over; scores and returns are final.

Solo: after each of the human's turns Heinrich's turn runs automatically (take, place,
treasure, troop), stopping only at chance nodes (the refill, the next top tile, the treasure).

This module holds the data and the transitions; the rest lives beside it and the state
delegates to it: :mod:`.geometry` (the grid), :mod:`.tables` (constants, action layout),
:mod:`.notation`, :mod:`.information` (observation, information state, resampling),
:mod:`.serialize` (JSON), :mod:`.positions` (hand-set positions), :mod:`.actions` (typed
actions), :mod:`.solo_engine` (Heinrich's turn) and :mod:`.scoring`.
"""


from __future__ import annotations

import random
from abc import abstractmethod
from bisect import insort
from typing import TYPE_CHECKING, Any

from regalia.core.breakdown import Breakdown
from regalia.core.errors import RegaliaError
from regalia.core.i18n import _
from regalia.core.game import CHANCE, TERMINAL
from regalia.core.state import PhasedState

from . import information, notation, positions, serialize
from .actions import Action, decode
from .components import COLOURS, Cost, colour_name, type_name
from .geometry import DELTA, ORIGIN, ORTH, board_landscape, troop_positions
from .scoring import score_heinrich, score_heinrich_totals, score_landscape, score_totals
from .solo_engine import check_treasures, heinrich_step
from .tables import (HAND_LIMIT, HAND_MAX, IN_RESERVE, NUM_SLOTS, OFF_BOARD, OPEN, PH_DISCARD,
                     PH_DRAW, PH_END, PH_PLAY, PH_SIEGE, PH_TOP, PH_TOSS, PH_TREASURE,
                     PHASE_NAMES, START, TROOPS)

if TYPE_CHECKING:
    from .landscape import PlacedTile
    from .rules import TwoHeirsGame
    from .tables import Tables


#: The other slots of the reserve clockwise from slot ``i`` (``CLOCKWISE_AFTER[shield]``:
#: the order reach counts in).
CLOCKWISE_AFTER = tuple(tuple((i + k) % NUM_SLOTS for k in range(1, NUM_SLOTS))
                        for i in range(NUM_SLOTS))


class TwoHeirsState(PhasedState["TwoHeirsGame"]):
    """One position of a Two Heirs game (2 players, or solo against Heinrich).

    The landscape is a dict ``board`` from grid index to ``tile * 4 + kind`` (kind 0/1: a
    building of seat 0/1, 2: open terrain); troops are a flat list of 6 positions (seat
    ``p``'s troop ``k`` at ``3 * p + k``, ``k = 0`` the retinue troop; -1 in the royal
    reserve, -2 beside the play area); the reserve is 7 slots (tile or -1) with the shield's
    slot. These data are stored by an engine: :class:`PureTwoHeirsState` (Python lists,
    dicts and ints, the reference) or the compiled one
    (:class:`.compiled.CompiledTwoHeirsState`, a C struct shown through the same names);
    every view, breakdown, notation and JSON method here reads them and so works on
    either. ``game.new_initial_state()`` gives the engine the game was built with.
    """

    # Stored by each engine's class (PureTwoHeirsState's slots, the compiled Core's C
    # struct), so no slots here; hidden from mypy, which would otherwise refuse the
    # assignments that code reading a state through this class makes (the totals' cache,
    # the JSON reader, determinizations).
    if not TYPE_CHECKING:
        __slots__ = ()

    # The data (set by PureTwoHeirsState.__init__, the JSON reader or the compiled engine).
    T: "Tables"                 #: the game's constant tables (:mod:`.tables`)
    phase: int                  #: one of tables.PH_*
    cur: int                    #: the seat to move (Heinrich's turn: 1)
    supply: list[int]           #: the shared supply's tiles, sorted
    top: int                    #: colour of the supply's revealed top tile, or -1
    slots: list[int]            #: the 7 reserve slots: a tile or -1
    shield: int                 #: the royal shield's slot
    board: dict[int, int]       #: the landscape: grid index -> tile * 4 + kind
    troops: list[int]           #: seat p's troop k at 3 p + k: a grid index, -1 or -2
    moved: int                  #: bit 3 p + k: that troop moved this turn
    hands: list[list[int]]      #: per seat, its hand, sorted
    box: list[int]              #: tiles out of the game, in the order they left
    takes_left: int             #: takes still allowed this turn
    taken: int                  #: tiles taken this turn
    discounts: int              #: resources expansions this turn still take off a cost
    final_left: int             #: turns left in the final round, -1 before it
    draw_to: int                #: the slot a draw fills (-1 the starting tile, -2 none)
    filled: int                 #: reserve slots filled at setup (0..6)
    start_tile: int             #: the face-down starting tile, or -1
    siege_cell: int             #: the Siege Tower just built, or -1
    scaffold: int               #: solo: the human's last building (grid index)
    tre_board: dict[int, int]   #: solo: grid index -> treasure on Heinrich's building
    tre_drawn: list[int]        #: solo: treasures drawn, in order
    tre_removed: list[int]      #: solo: treasures removed, in order
    h_step: int                 #: solo: the step of Heinrich's turn (0: not his turn)
    h_tile: int                 #: solo: the tile Heinrich took, or -1
    h_cell: int                 #: solo: where he built it, or -1
    last_h: str                 #: solo: Heinrich's last move in words
    hist: list[int]             #: every action applied (the core's history)
    turn: int                   #: turns begun
    acts: int                   #: actions of the player to move this turn
    _cache: tuple[int, int] | None  #: the totals of the landscape, or None

    # the phase codes (regalia.core.state.PhasedState)
    PHASE_NAMES = PHASE_NAMES
    END_PHASE = PH_END
    CHANCE_PHASES = frozenset({PH_TOSS, PH_TOP, PH_DRAW, PH_TREASURE})

    # ------------------------------------------------------------------ identity
    @abstractmethod
    def clone(self) -> "TwoHeirsState":
        """An independent copy (each engine's own; see :meth:`regalia.core.state.State.clone`)."""

    # ------------------------------------------------------------------ whose turn
    def current_player(self) -> int:
        ph = self.phase
        if ph >= PH_PLAY:
            return TERMINAL if ph == PH_END else self.cur
        return CHANCE

    @property
    def actions_this_turn(self) -> int:
        """Actions the player to move has taken in the current turn (0 at its start)."""
        return self.acts

    # ------------------------------------------------------------------ royal protocol
    def reach(self, player: int) -> int:
        """Royal protocol: "the number of troops of your colour currently in the royal
        reserve, plus 1" (minimum 1). Heinrich (solo seat 1) has unlimited reach; this
        returns his count by the same formula (0 troops in the reserve: 1)."""
        t = self.troops
        o = 3 * player
        return 1 + (t[o + 1] == IN_RESERVE) + (t[o + 2] == IN_RESERVE)

    def reserve_order(self) -> list[int]:
        """Slots holding a tile, clockwise from the royal shield (empty slots skipped:
        "Empty slots in the reserve are skipped and don't count towards the players'
        reach")."""
        sl = self.slots
        return [s for s in CLOCKWISE_AFTER[self.shield] if sl[s] >= 0]

    def tiles_within_reach(self, player: int) -> list[int]:
        """The reserve tiles ``player`` can reach, clockwise from the shield (tile numbers)."""
        order = self.reserve_order()
        return [self.slots[s] for s in order[:self.reach(player)]]

    def resources(self, player: int) -> list[int]:
        """Accessible resources ``[wood, stone, wheat]`` of ``player`` now (Action B.1
        "Resources"): reserve tiles within reach, tiles occupied by own troops (buildings
        and open terrain alike), and +1 per own Farm / Sawmill / Quarry. Never spent."""
        T = self.T
        col = T.colour
        avail = [0, 0, 0]
        for t in self.tiles_within_reach(player):
            avail[col[t]] += 1
        board = self.board
        o = 3 * player
        for k in range(TROOPS):
            pos = self.troops[o + k]
            if pos >= 0:
                avail[col[board[pos] >> 2]] += 1
        prod = T.producer
        for code in board.values():
            if code & 3 == player:
                c = prod[code >> 2]
                if c >= 0:
                    avail[c] += 1
        return avail

    def shortfall(self, tile: int, player: int, avail: list[int] | None = None) -> int:
        """Resources missing to construct ``tile`` for ``player`` (before discounts)."""
        if avail is None:
            avail = self.resources(player)
        c = self.T.cost[tile]
        return (max(0, c[0] - avail[0]) + max(0, c[1] - avail[1]) + max(0, c[2] - avail[2]))

    # ------------------------------------------------------------------ cells
    def _occupied(self) -> set[int]:
        return {p for p in self.troops if p >= 0}

    def placement_cells(self, player: int) -> dict[int, int]:
        """Empty cells orthogonally or diagonally adjacent to a tile occupied by one of
        ``player``'s troops, each with its canonical code ``8 * troop + direction`` (the
        first troop and direction, clockwise from north, that reach it)."""
        board = self.board
        out: dict[int, int] = {}
        o = 3 * player
        for k in range(TROOPS):
            pos = self.troops[o + k]
            if pos >= 0:
                for d in range(8):
                    c = pos + DELTA[d]
                    if c not in board and c not in out:
                        out[c] = 8 * k + d
        return out

    def deploy_cells(self, player: int) -> dict[int, int]:
        """Unoccupied tiles adjacent to a tile occupied by one of ``player``'s troops, with
        their canonical codes (Action C.2)."""
        board = self.board
        occ = self._occupied()
        out: dict[int, int] = {}
        o = 3 * player
        for k in range(TROOPS):
            pos = self.troops[o + k]
            if pos >= 0:
                for d in range(8):
                    c = pos + DELTA[d]
                    if c in board and c not in occ and c not in out:
                        out[c] = 8 * k + d
        return out

    def cell_of_code(self, p: int, code: int) -> int | None:
        """The space named by a placement code ``8 * troop + direction`` of seat ``p``
        (:meth:`placement_cells`), or None if that troop is not in the play area."""
        pos = self.troops[3 * p + code // 8]
        if pos < 0:
            return None
        return pos + DELTA[code % 8]

    # ------------------------------------------------------------------ scores
    def landscape(self) -> dict[tuple[int, int], "PlacedTile"]:
        """The landscape as :mod:`.landscape` wants it: ``(x, y) -> PlacedTile``."""
        return board_landscape(self.board, self.T.placed)

    def troop_map(self) -> dict[tuple[int, int], int]:
        """Troops in the play area: ``(x, y) -> seat``."""
        return troop_positions(self.troops)

    @property
    def treasures_left(self) -> int:
        """Solo: treasures still Heinrich's (on his buildings and in the pile)."""
        if not self._game.solo:
            return 0
        return len(self.tre_board) + self._game.treasures_used - len(self.tre_drawn)

    def _totals(self) -> tuple[int, int]:
        """(seat 0, seat 1) points of the landscape as it stands (final scoring rules,
        through :mod:`.scoring`); solo: (human, Heinrich)."""
        c = self._cache
        if c is None:
            G = self._game
            land = self.landscape()
            troops = self.troop_map()
            if G.solo:
                # adapter: every treasure left is passed as "in the pile" (only their number
                # counts), so a treasure on a destroyed building still counts (ruling E9)
                c = score_heinrich_totals(G.tiles, land, troops, (), self.treasures_left,
                                          roads=G.roads)
            else:
                c = score_totals(G.tiles, land, troops, roads=G.roads)
            self._cache = c
        return c

    def breakdowns(self) -> tuple[Breakdown, Breakdown]:
        """The final scoring of both sides of the table if the game ended now: ``(south,
        north)``, each a :class:`~regalia.core.breakdown.Breakdown` (per building, per
        scored road; see :func:`.scoring.score_landscape`); solo: the human and Heinrich
        (his treasures left included, :func:`.scoring.score_heinrich`)."""
        G = self._game
        if G.solo:
            return score_heinrich(G.tiles, self.landscape(), self.troop_map(), (),
                                  self.treasures_left, roads=G.roads)
        return score_landscape(G.tiles, self.landscape(), self.troop_map(), roads=G.roads)

    def breakdown(self, player: int) -> Breakdown:
        """Seat ``player``'s score itemised (``breakdowns()[player]``); solo, seat 0 is the
        human (Heinrich's is ``breakdowns()[1]``).

        Raises:
            ParameterError: ``player`` is not a seat.
        """
        return self.breakdowns()[self.check_seat(player)]

    def scores(self) -> list[float]:
        """Points of each seat if the game ended now (final scoring). Solo: ``[human]``;
        Heinrich's points are :attr:`heinrich_score`."""
        a, b = self._totals()
        return [float(a)] if self._game.solo else [float(a), float(b)]

    def player_score(self, player: int) -> float:
        """Seat ``player``'s points (solo: seat 1 gives Heinrich's).

        Raises:
            ParameterError: ``player`` is not a seat.
        """
        if type(player) is not int or not 0 <= player <= 1:
            self.check_seat(player)
        return float(self._totals()[player])

    def score_margin(self, player: int) -> float | None:
        """Two players: this seat's points minus the other's. Solo: the human's points minus
        Heinrich's (his solo scoring), so a search can tell a near loss from a rout."""
        self.check_seat(player)
        a, b = self._totals()
        return float(a - b) if player == 0 else float(b - a)

    @property
    def heinrich_score(self) -> int | None:
        """Solo: Heinrich's points (solo scoring); None in a 2-player game."""
        return self._totals()[1] if self._game.solo else None

    def troops_in_reserve(self, player: int) -> int:
        o = 3 * player
        return sum(1 for k in range(TROOPS) if self.troops[o + k] == IN_RESERVE)

    def winners(self) -> list[int]:
        """Seats that win. Two players: most points, then most troops in the royal reserve
        ("If there's a tie, the player with the most troops in the royal reserve wins"), a
        shared victory if still tied. Solo: ``[0]`` if the human has more points than
        Heinrich, else ``[]`` ("With fewer points, or a tie, you lose")."""
        a, b = self._totals()
        if self._game.solo:
            return [0] if a > b else []
        keys = [(a, self.troops_in_reserve(0)), (b, self.troops_in_reserve(1))]
        best = max(keys)
        return [p for p in (0, 1) if keys[p] == best]

    # ------------------------------------------------------------------ notation
    NOTATION_EXAMPLE = "end"

    def action_to_string(self, action: int) -> str:
        """``action`` in the notation (:func:`.notation.action_to_string`)."""
        return notation.action_to_string(self, action)

    def string_to_action(self, text: str) -> int:
        """The action id of a move in notation (:func:`.notation.string_to_action`)."""
        return notation.string_to_action(self, text)

    def decode(self, action: int) -> Action:
        """``action`` as a typed :class:`.actions.Action` in this state: its kind, tile,
        spaces and notation (:func:`.actions.decode`).

        Raises:
            NotationError: an id that names no action in this state.
        """
        return decode(self, action)

    # ------------------------------------------------------------------ hidden information
    def information_state_string(self, player: int) -> str:
        return information.information_state_string(self, player)

    def visibility(self) -> list[int]:
        """Per history entry, who saw it (:func:`.information.visibility`): every seat,
        but no seat for the face-down starting tile."""
        return information.visibility(self)

    def resample_from_infostate(self, player: int, rng: random.Random) -> "TwoHeirsState":
        """A copy with the face-down starting tile redrawn
        (:func:`.information.resample_from_infostate`)."""
        return information.resample_from_infostate(self, player, rng)

    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` sees (:func:`.information.observation`, keys listed there)."""
        return information.observation(self, player)

    def reserve_view(self) -> list[dict[str, Any]]:
        """The royal reserve clockwise from the shield (:func:`.information.reserve_view`)."""
        return information.reserve_view(self)

    # ------------------------------------------------------------------ JSON
    def to_json(self) -> dict[str, Any]:
        return serialize.to_json(self)

    @classmethod
    def _from_pure(cls, state: "PureTwoHeirsState") -> "TwoHeirsState":
        """``state`` (read and checked by :func:`.serialize.from_json` into the pure engine;
        ``TwoHeirsGame._state_from_json``) in the engine of ``cls`` (the compiled engine
        converts it).

        Raises:
            RecordError: a field the compiled engine cannot hold.
        """
        return state

    # ------------------------------------------------------------------ positions
    #: Replace the position by a hand-set one (:func:`.positions.set_position`: its
    #: keyword arguments and errors).
    set_position = positions.set_position

    def __repr__(self) -> str:
        return (f"<TwoHeirsState {'solo' if self._game.solo else '2p'} turn {self.turn} "
                f"phase={self.phase_name} ply={len(self.hist)}>")


class PureTwoHeirsState(TwoHeirsState):
    """The pure-Python engine: the reference implementation of the rules, and the
    fallback where the compiled engine (:mod:`.compiled`) is absent or ``REGALIA_PURE=1``.
    :meth:`clone` copies a handful of small lists and dicts."""

    __slots__ = ("_game", "_seed", "_dealer", "T", "phase", "cur", "supply", "top",
                 "slots", "shield", "board", "troops", "moved", "hands", "box",
                 "takes_left", "taken", "discounts", "final_left", "draw_to", "filled",
                 "start_tile", "siege_cell", "scaffold", "tre_board", "tre_drawn",
                 "tre_removed", "h_step", "h_tile", "h_cell", "last_h", "hist", "turn",
                 "acts", "_cache")

    def __init__(self, game: "TwoHeirsGame", seed: int | None = None):
        self._start(game, seed)
        self.T = game.tables
        self.phase = PH_TOSS
        self.cur = 0
        self.supply = list(self.T.used)
        self.top = -1
        self.slots = [-1] * NUM_SLOTS
        self.shield = 0
        self.board: dict[int, int] = {}
        self.troops = [ORIGIN, IN_RESERVE, IN_RESERVE, ORIGIN, IN_RESERVE, IN_RESERVE]
        if game.solo:
            # solo setup: "Lege Heinrichs Truppen verdeckt ... neben den Spielbereich,
            # außerhalb der Königlichen Reserve" (the other helper's troop rule decides
            # which of them moves; see _heinrich_troop)
            self.troops[3:6] = [OFF_BOARD, OFF_BOARD, OFF_BOARD]
        self.moved = 0
        self.hands: list[list[int]] = [[], []]
        self.box: list[int] = []
        self.takes_left = 0
        self.taken = 0
        self.discounts = 0
        self.final_left = -1
        self.draw_to = 1
        self.filled = 0
        self.start_tile = -1
        self.siege_cell = -1
        self.scaffold = ORIGIN
        self.tre_board: dict[int, int] = {}
        self.tre_drawn: list[int] = []
        self.tre_removed: list[int] = []
        self.h_step = 0
        self.h_tile = -1
        self.h_cell = -1
        self.last_h = ""
        self.hist: list[int] = []
        self.turn = 0
        self.acts = 0
        self._cache: tuple[int, int] | None = None
        if game.solo:
            self.cur = 0
            self._advance()


    # ------------------------------------------------------------------ identity
    def clone(self) -> "PureTwoHeirsState":
        s = self._blank_copy()
        s.T = self.T
        s.phase = self.phase
        s.cur = self.cur
        s.supply = self.supply[:]
        s.top = self.top
        s.slots = self.slots[:]
        s.shield = self.shield
        s.board = self.board.copy()
        s.troops = self.troops[:]
        s.moved = self.moved
        s.hands = [self.hands[0][:], self.hands[1][:]]
        s.box = self.box[:]
        s.takes_left = self.takes_left
        s.taken = self.taken
        s.discounts = self.discounts
        s.final_left = self.final_left
        s.draw_to = self.draw_to
        s.filled = self.filled
        s.start_tile = self.start_tile
        s.siege_cell = self.siege_cell
        s.scaffold = self.scaffold
        s.tre_board = self.tre_board.copy()
        s.tre_drawn = self.tre_drawn[:]
        s.tre_removed = self.tre_removed[:]
        s.h_step = self.h_step
        s.h_tile = self.h_tile
        s.h_cell = self.h_cell
        s.last_h = self.last_h
        s.hist = self.hist[:]
        s.turn = self.turn
        s.acts = self.acts
        s._cache = self._cache
        return s

    # ------------------------------------------------------------------ transitions
    def _reserve_troop(self, player: int) -> int:
        """The troop index a deploy uses: the first of ``player``'s troops in the reserve
        that has not moved this turn, or -1."""
        o = 3 * player
        for k in (1, 2):
            if self.troops[o + k] == IN_RESERVE and not self.moved >> (o + k) & 1:
                return k
        return -1

    def _siege_targets(self) -> list[int]:
        """Orthogonal direction indices (0..3: N E S W) from the just-built Siege Tower to
        opponent buildings that another own Siege Tower also touches orthogonally."""
        x = self.siege_cell
        p = self.cur
        board = self.board
        siege = self.T.is_siege
        out = []
        for i, d in enumerate(ORTH):
            y = x + d
            code = board.get(y)
            if code is None or code & 3 != 1 - p:
                continue
            for d2 in ORTH:
                z = y + d2
                if z == x:
                    continue
                c2 = board.get(z)
                if c2 is not None and c2 & 3 == p and siege[c2 >> 2]:
                    out.append(i)
                    break
        return out

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self) -> list[int]:
        ph = self.phase
        T = self.T
        if ph == PH_PLAY:
            return self._play_actions()
        if ph == PH_SIEGE:
            return [T.destroy0 + i for i in self._siege_targets()] + [T.spare]
        if ph == PH_DISCARD:
            return [T.discard0 + h for h in range(len(self.hands[self.cur]))]
        if ph < PH_PLAY:
            return [a for a, _ in self.chance_outcomes()]
        return []

    def _play_actions(self) -> list[int]:
        T = self.T
        p = self.cur
        out: list[int] = []
        n_reach = 0
        if self.takes_left > 0:
            n_reach = min(self.reach(p), len(self.reserve_order()))
            out.extend(range(T.take0, T.take0 + n_reach))
        hand = self.hands[p]
        if hand:
            cells = sorted(self.placement_cells(p).values())
            if cells:
                avail = self.resources(p)
                disc = self.discounts
                for h, t in enumerate(hand):
                    if self.shortfall(t, p, avail) <= disc:
                        b = T.build0 + 24 * h
                        out.extend(b + c for c in cells)
                for h in range(len(hand)):
                    b = T.expand0 + 24 * h
                    out.extend(b + c for c in cells)
        o = 3 * p
        moved = self.moved
        board = self.board
        occ = None
        for k in range(TROOPS):
            pos = self.troops[o + k]
            if pos >= 0 and not moved >> (o + k) & 1:
                if occ is None:
                    occ = self._occupied()
                for d in range(8):
                    c = pos + DELTA[d]
                    if c in board and c not in occ:
                        out.append(T.move0 + 8 * k + d)
        if self._reserve_troop(p) >= 0:
            out.extend(T.deploy0 + c for c in sorted(self.deploy_cells(p).values()))
        for k in (1, 2):
            if self.troops[o + k] >= 0 and not moved >> (o + k) & 1:
                out.append(T.withdraw0 + k)
        if self.takes_left == 0 and self.taken > 0:
            camps = T.is_camp
            for code in board.values():
                if code & 3 == p and camps[code >> 2]:
                    out.append(T.flip0 + (code >> 2))
        if self.taken > 0 or not self.reserve_order():
            out.append(T.end)
        out.sort()
        return out

    def chance_outcomes(self) -> list[tuple[int, float]]:
        ph = self.phase
        T = self.T
        if ph == PH_TOSS:
            return [(T.toss0, 0.5), (T.toss0 + 1, 0.5)]
        if ph == PH_TOP:
            counts = [0, 0, 0]
            col = T.colour
            for t in self.supply:
                counts[col[t]] += 1
            n = len(self.supply)
            return [(T.top0 + c, counts[c] / n) for c in range(3) if counts[c]]
        if ph == PH_DRAW:
            col = T.colour
            cands = [t for t in self.supply if col[t] == self.top]
            p = 1.0 / len(cands)
            return [(T.draw0 + t, p) for t in cands]
        if ph == PH_TREASURE:
            cands = [i for i in range(T.n_treasures) if i not in self.tre_drawn]
            p = 1.0 / len(cands)
            return [(T.treasure0 + i, p) for i in cands]
        raise RegaliaError(_("not a chance node (phase {phase})").format(phase=self.phase_name))

    def sample_chance_outcome(self, rng: random.Random) -> int:
        outcomes = self.chance_outcomes()
        if self.phase == PH_TOP:
            return super().sample_chance_outcome(rng)
        return outcomes[int(rng.random() * len(outcomes))][0]

    # ------------------------------------------------------------------ applying
    #: A move in notation, for the core's message when apply_action is given text.
    def _apply_action(self, action: int) -> None:
        """The transition (the core's :meth:`State.apply_action` checks the id's type and
        range, refuses every action at the end and keeps the history)."""
        ph = self.phase
        if ph == PH_PLAY:
            self._apply_play(action)
            if self.phase != PH_END and action != self.T.end:
                self.acts += 1
        elif ph < PH_PLAY:
            self._apply_chance(action)
        elif ph == PH_SIEGE:
            self._apply_siege(action)
        else:
            self._apply_discard(action)
        self._cache = None

    def _kind_hint(self) -> str:
        return {
            PH_TOSS: _("now the royal shield is tossed (a chance outcome, 'toss white')"),
            PH_TOP: _("now the top tile of the supply is revealed (a chance outcome, "
                      "'top green')"),
            PH_DRAW: _("now a tile is drawn from the supply (a chance outcome, 'draw <tile>')"),
            PH_TREASURE: _("now a treasure is drawn (a chance outcome, 'treasure <id>')"),
            PH_PLAY: _("now play your turn: take N, build/expand <tile> @ x,y, move x,y->x,y, "
                       "deploy x,y, withdraw x,y, flip Encampment @ x,y or end"),
            PH_SIEGE: _("now decide the siege: destroy x,y or spare"),
            PH_DISCARD: _("now discard down to 3 tiles: discard <tile>"),
            PH_END: _("the game is over"),
        }[self.phase]

    def _apply_chance(self, action: int) -> None:
        T = self.T
        ph = self.phase
        if ph == PH_TOSS and T.toss0 <= action < T.toss0 + 2:
            self.cur = action - T.toss0
            self._advance()
            return
        if ph == PH_TOP and T.top0 <= action < T.top0 + 3:
            c = action - T.top0
            if not any(T.colour[t] == c for t in self.supply):
                raise self.illegal(action, _("no {colour} tile is left in the supply").format(
                    colour=colour_name(COLOURS[c])))
            self.top = c
            self._advance()
            return
        if ph == PH_DRAW and T.draw0 <= action < T.draw0 + T.n_tiles:
            t = action - T.draw0
            if t not in self.supply:
                raise self.illegal(action, _("tile {tile} is not in the shared supply").format(
                    tile=T.ids[t]))
            if T.colour[t] != self.top:
                raise self.illegal(action, _("the top tile of the supply is {top}, tile {tile} "
                                             "is {colour}").format(
                    top=colour_name(COLOURS[self.top]), tile=T.ids[t],
                    colour=colour_name(COLOURS[T.colour[t]])))
            self.supply.remove(t)
            self.top = -1
            if self.draw_to == START:
                self.start_tile = t
                self.board[ORIGIN] = t * 4 + OPEN
            else:
                self.slots[self.draw_to] = t
                if self.filled < 6:
                    self.filled += 1
            self.draw_to = -2
            self._advance()
            return
        if ph == PH_TREASURE and T.treasure0 <= action < T.treasure0 + T.n_treasures:
            i = action - T.treasure0
            if i in self.tre_drawn:
                raise self.illegal(action, _("treasure {n} was already drawn").format(n=i + 1))
            self.tre_drawn.append(i)
            self.tre_board[self.h_cell] = i
            self._check_treasures()
            self.h_step = 4
            self._advance()
            return
        raise self.illegal(action, self._kind_hint())

    def _advance(self) -> None:
        """Run the game forward to the next chance node or decision (setup, refills,
        revealing the supply's top tile, Heinrich's automatic steps)."""
        while True:
            if self.top < 0 and self.supply:             # the top tile shows its back
                self.phase = PH_TOP
                return
            if self.filled < 6:
                self.draw_to = self.filled + 1           # clockwise from the shield (slot 0)
                self.phase = PH_DRAW
                return
            if self.start_tile < 0:
                self.draw_to = START
                self.phase = PH_DRAW
                return
            if self.draw_to >= 0:                        # a refill is due
                if self.supply:
                    self.phase = PH_DRAW
                    return
                self.draw_to = -2
            if self.h_step:
                if self._heinrich_step():
                    return
                continue
            if self.turn == 0:                           # setup done: the first turn
                self._begin_turn(self.cur)
            self.phase = PH_PLAY
            return

    def _begin_turn(self, player: int) -> None:
        self.cur = player
        self.turn += 1
        self.acts = 0
        self.takes_left = 1
        self.taken = 0
        self.discounts = 0
        self.moved = 0

    def _apply_play(self, action: int) -> None:
        T = self.T
        p = self.cur
        if T.take0 <= action < T.take0 + NUM_SLOTS:
            self._take(action, action - T.take0)
        elif T.build0 <= action < T.expand0 + HAND_MAX * 24:
            build = action < T.expand0
            rel = action - (T.build0 if build else T.expand0)
            self._play_tile(action, rel // 24, rel % 24, build)
        elif T.move0 <= action < T.move0 + 24:
            self._move(action, (action - T.move0) // 8, (action - T.move0) % 8)
        elif T.deploy0 <= action < T.deploy0 + 24:
            self._deploy(action, action - T.deploy0)
        elif T.withdraw0 <= action < T.withdraw0 + TROOPS:
            k = action - T.withdraw0
            o = 3 * p
            if k == 0:
                raise self.illegal(action, _("the retinue troop cannot be withdrawn ('you "
                                             "cannot withdraw your retinue troop, which must "
                                             "always stay in the play area')"))
            if self.troops[o + k] < 0:
                raise self.illegal(action, _("troop {k} is not in the play area").format(k=k))
            if self.moved >> (o + k) & 1:
                raise self.illegal(action, _("each troop may only move once per turn"))
            self.troops[o + k] = IN_RESERVE
            self.moved |= 1 << (o + k)
        elif T.flip0 <= action < T.flip0 + T.n_tiles:
            self._flip(action, action - T.flip0)
        elif action == T.end:
            if self.taken == 0 and self.reserve_order():
                raise self.illegal(action, _("you must take 1 building tile from the royal "
                                             "reserve before ending your turn (Action A is "
                                             "mandatory)"))
            if len(self.hands[p]) > HAND_LIMIT:
                self.phase = PH_DISCARD
            else:
                self._finish_turn()
        else:
            raise self.illegal(action, self._kind_hint())

    def _take(self, action: int, k: int) -> None:
        p = self.cur
        if self.takes_left <= 0:
            raise self.illegal(action, _("you have already taken a tile this turn (the royal "
                                         "shield shows your opponent's crown)"))
        order = self.reserve_order()
        reach = self.reach(p)
        if k >= min(reach, len(order)):
            raise self.illegal(action, _("position {position} is beyond your reach of {reach} "
                                         "({n} tiles in the reserve)").format(
                position=k + 1, reach=reach, n=len(order)))
        s = order[k]
        t = self.slots[s]
        self.slots[s] = -1
        old = self.shield
        self.shield = s
        insort(self.hands[p], t)
        self.takes_left -= 1
        self.taken += 1
        if self.supply:
            self.draw_to = old
            self._advance()

    def _play_tile(self, action: int, h: int, code: int, build: bool) -> None:
        p = self.cur
        hand = self.hands[p]
        if h >= len(hand):
            raise self.illegal(action, _("you have {n} tiles in hand (no tile {k})").format(
                n=len(hand), k=h + 1))
        cells = self.placement_cells(p)
        cell = self.cell_of_code(p, code)
        if cell is None or cells.get(cell) != code:
            raise self.illegal(action, _("tiles are placed on an empty space orthogonally or "
                                         "diagonally adjacent to a tile occupied by one of "
                                         "your troops"))
        t = hand[h]
        if build:
            short = self.shortfall(t, p)
            if short > self.discounts:
                raise self.illegal(action, _("you lack {n} resource(s) for the {building} "
                                             "({cost}); expansions this turn give {discounts} "
                                             "discount(s)").format(
                    n=short, building=type_name(self.T.types[t]), cost=self._cost_text(t),
                    discounts=self.discounts))
            self.discounts -= short
            del hand[h]
            self.board[cell] = t * 4 + p
            if self._game.solo and p == 0:
                self.scaffold = cell
            if self.T.is_siege[t]:
                self.siege_cell = cell
                if self._siege_targets():
                    self.phase = PH_SIEGE
        else:
            del hand[h]
            self.board[cell] = t * 4 + OPEN
            self.discounts += 1
        if self._game.solo:
            self._check_treasures()

    def _cost_text(self, t: int) -> str:
        c = self.T.cost[t]
        return str(Cost(**dict(zip(("wood", "stone", "wheat"), c))))

    def _move(self, action: int, k: int, d: int) -> None:
        p = self.cur
        o = 3 * p
        pos = self.troops[o + k]
        if pos < 0:
            raise self.illegal(action, _("troop {k} is not in the play area").format(k=k))
        if self.moved >> (o + k) & 1:
            raise self.illegal(action, _("each troop may only move once per turn"))
        c = pos + DELTA[d]
        if c not in self.board:
            raise self.illegal(action, _("troops move to an adjacent tile of the play area"))
        if c in self._occupied():
            raise self.illegal(action, _("that tile is occupied by another troop (no two "
                                         "troops share a tile after the start)"))
        self.troops[o + k] = c
        self.moved |= 1 << (o + k)

    def _deploy(self, action: int, code: int) -> None:
        p = self.cur
        k = self._reserve_troop(p)
        if k < 0:
            raise self.illegal(action, _("you have no troop in the royal reserve that has "
                                         "not moved this turn"))
        cells = self.deploy_cells(p)
        cell = self.cell_of_code(p, code)
        if cell is None or cells.get(cell) != code:
            raise self.illegal(action, _("deploy on an unoccupied tile adjacent to a tile "
                                         "occupied by another of your troops"))
        o = 3 * p
        self.troops[o + k] = cell
        self.moved |= 1 << (o + k)

    def _flip(self, action: int, t: int) -> None:
        p = self.cur
        T = self.T
        if not T.is_camp[t]:
            raise self.illegal(action, _("{tile} is not an Encampment").format(tile=T.ids[t]))
        cell = next((c for c, code in self.board.items() if code == t * 4 + p), None)
        if cell is None:
            raise self.illegal(action, _("{tile} is not one of your (unused) Encampments in "
                                         "the play area").format(tile=T.ids[t]))
        if self.taken == 0 or self.takes_left > 0:
            raise self.illegal(action, _("an Encampment is flipped only after you have taken "
                                         "a tile this turn ('if you have already taken a "
                                         "tile')"))
        self.board[cell] = t * 4 + OPEN
        self.takes_left = 1
        if self._game.solo:
            self._check_treasures()

    def _apply_siege(self, action: int) -> None:
        T = self.T
        targets = self._siege_targets()
        if action == T.spare:
            self.phase = PH_PLAY
            self.siege_cell = -1
            return
        if T.destroy0 <= action < T.destroy0 + 4 and action - T.destroy0 in targets:
            y = self.siege_cell + ORTH[action - T.destroy0]
            self.board[y] = (self.board[y] >> 2) * 4 + OPEN
            if self._game.solo:
                self._check_treasures()
            if not self._siege_targets():
                self.phase = PH_PLAY
                self.siege_cell = -1
            return
        raise self.illegal(action, _("decide the siege: destroy one of the flanked buildings "
                                     "or spare"))

    def _apply_discard(self, action: int) -> None:
        T = self.T
        hand = self.hands[self.cur]
        h = action - T.discard0
        if not (T.discard0 <= action < T.discard0 + HAND_MAX and h < len(hand)):
            raise self.illegal(action, _("discard one of your {n} tiles in hand (hand limit "
                                         "{limit})").format(n=len(hand), limit=HAND_LIMIT))
        self.box.append(hand.pop(h))
        if len(hand) <= HAND_LIMIT:
            self._finish_turn()

    def _finish_turn(self) -> None:
        """End of a turn: troops face up, discounts lapse, the final round is counted
        ("When one of the players replenishes the royal reserve with the final building
        tile ... the active player finishes their turn as normal. Both players may then
        carry out one final turn")."""
        self.moved = 0
        self.discounts = 0
        self.takes_left = 0
        if self.final_left < 0:
            if not self.supply:
                self.final_left = 2
        else:
            self.final_left -= 1
            if self.final_left == 0:
                self.phase = PH_END
                self._cache = None
                return
        nxt = 1 - self.cur
        if self._game.solo and nxt == 1:
            self.cur = 1
            self.turn += 1
            self.h_step = 1
            self._advance()
            return
        self._begin_turn(nxt)
        self.phase = PH_PLAY

    # ------------------------------------------------------------------ solo: Heinrich
    def _heinrich_step(self) -> bool:
        """One automatic step of Heinrich's turn; True when a chance node stops it."""
        return heinrich_step(self)

    def _check_treasures(self) -> None:
        check_treasures(self)
