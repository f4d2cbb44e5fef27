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
"""

from __future__ import annotations

import random
import re
from bisect import insort
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from regalia.core.errors import NotationError, RecordError, RegaliaError
from regalia.core.game import CHANCE, TERMINAL
from regalia.core.state import State, check_action_id, check_notation_text

from .components import COLOURS, TYPE_NAMES
from .landscape import PlacedTile

if TYPE_CHECKING:
    from .rules import TwoHeirsGame

# --------------------------------------------------------------------------- geometry
#: Grid radius: 27 tiles at most in a connected landscape, so |x|, |y| <= 27 (+1 border).
R = 29
W = 2 * R + 1
ORIGIN = R * W + R
#: The eight directions clockwise from north: (dx, dy) in the table frame (y north).
DIRS: tuple[tuple[int, int], ...] = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1),
                                     (-1, 0), (-1, 1))
DIR_NAMES = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
DELTA: tuple[int, ...] = tuple(dy * W + dx for dx, dy in DIRS)
#: Orthogonal directions N, E, S, W (indices into DIRS 0, 2, 4, 6).
ORTH: tuple[int, ...] = (DELTA[0], DELTA[2], DELTA[4], DELTA[6])

SEAT_COLOURS = ("white", "blue")
HAND_MAX = 7            # 3 kept + 1 take + at most 3 Encampment takes (<= 3 per set)
TROOPS = 3              # per player: troop 0 is the retinue troop
NUM_SLOTS = 7           # royal reserve: 6 tiles + the royal shield
HAND_LIMIT = 3
BUILDING0, BUILDING1, OPEN = 0, 1, 2      # board code = tile * 4 + kind

IN_RESERVE = -1         # troop position: in the royal reserve
OFF_BOARD = -2          # troop position: beside the play area (Heinrich's, solo)

PH_TOSS, PH_TOP, PH_DRAW, PH_TREASURE, PH_PLAY, PH_SIEGE, PH_DISCARD, PH_END = range(8)
PHASE_NAMES = ("toss", "top", "draw", "treasure", "play", "siege", "discard", "end")
START = -1              # draw target: the starting tile


def cell_of(x: int, y: int) -> int:
    """Grid index of table coordinates (x east, y north)."""
    if not (-R < x < R and -R < y < R):
        raise ValueError(f"({x}, {y}) is outside the table grid (|x|, |y| < {R})")
    return (y + R) * W + (x + R)


def xy_of(cell: int) -> tuple[int, int]:
    """Table coordinates (x, y) of a grid index."""
    return XY[cell]


#: grid index -> (x, y)
XY: tuple[tuple[int, int], ...] = tuple((c % W - R, c // W - R) for c in range(W * W))


def fmt_cell(cell: int) -> str:
    x, y = xy_of(cell)
    return f"{x},{y}"


@dataclass(frozen=True)
class Tables:
    """Per-game constant tables (tiles as flat lists indexed by tile number, action bases)."""

    n_tiles: int
    ids: tuple[str, ...]
    types: tuple[str, ...]
    colour: tuple[int, ...]
    cost: tuple[tuple[int, int, int], ...]        # (wood, stone, wheat) = colour order
    producer: tuple[int, ...]                     # colour index of Farm/Sawmill/Quarry or -1
    is_camp: tuple[bool, ...]
    is_siege: tuple[bool, ...]
    used: tuple[int, ...]                         # tiles of the 3 chosen sets
    n_treasures: int
    placed: tuple                                 # board code -> landscape.PlacedTile
    take0: int
    build0: int
    expand0: int
    move0: int
    deploy0: int
    withdraw0: int
    flip0: int
    destroy0: int
    spare: int
    discard0: int
    end: int
    toss0: int
    top0: int
    draw0: int
    treasure0: int
    num_actions: int
    max_length: int


def build_tables(game: "TwoHeirsGame") -> Tables:
    tiles = game.tiles.tiles
    n = len(tiles)
    colour = tuple(COLOURS.index(t.colour) for t in tiles)
    prod = {"sawmill": 0, "quarry": 1, "farm": 2}
    used = tuple(i for i, t in enumerate(tiles) if t.set in game.sets)
    n_tre = len(game.treasures.treasures)
    base = 0
    bases = {}
    for name, size in (("take0", NUM_SLOTS), ("build0", HAND_MAX * 24),
                       ("expand0", HAND_MAX * 24), ("move0", 24), ("deploy0", 24),
                       ("withdraw0", TROOPS), ("flip0", n), ("destroy0", 4), ("spare", 1),
                       ("discard0", HAND_MAX), ("end", 1), ("toss0", 2), ("top0", 3),
                       ("draw0", n), ("treasure0", n_tre)):
        bases[name] = base
        base += size
    n_used = len(used)
    camps = sum(1 for i in used if tiles[i].type == "encampment")
    sieges = sum(1 for i in used if tiles[i].type == "siege-tower")
    # every turn but the last two refills the reserve from the supply (20 tiles after setup)
    turns = n_used - 7 + 2
    decision_turns = turns // 2 + 1 if game.solo else turns
    moved = n_used - 1                       # tiles that can leave the reserve (not the start)
    player = (moved                          # takes
              + moved                        # plays from hand
              + moved                        # discards
              + camps                        # Encampment flips
              + sieges + moved               # siege decisions: a spare per tower, destroys
              + TROOPS * decision_turns      # troop actions (each troop once per turn)
              + decision_turns)              # end
    chance = 1 + 2 * n_used + (game.treasures_used if game.solo else 0)
    return Tables(
        n_tiles=n, ids=tuple(t.id for t in tiles), types=tuple(t.type for t in tiles),
        colour=colour,
        cost=tuple((t.cost.wood, t.cost.stone, t.cost.wheat) for t in tiles),
        producer=tuple(prod.get(t.type, -1) for t in tiles),
        is_camp=tuple(t.type == "encampment" for t in tiles),
        is_siege=tuple(t.type == "siege-tower" for t in tiles),
        used=used, n_treasures=n_tre, num_actions=base, max_length=player + chance,
        placed=tuple(PlacedTile(code >> 2, code & 3 < 2, code & 3 if code & 3 < 2 else None)
                     if code & 3 != 3 else None for code in range(4 * n)),
        **bases)


_COORD = r"(-?\d+)\s*,\s*(-?\d+)"
_AT_RE = re.compile(r"^(build|expand|flip)\s+(.*?)\s*@\s*" + _COORD + r"$")
_MOVE_RE = re.compile(r"^move\s+" + _COORD + r"\s*(?:->|-|to|\s)\s*" + _COORD + r"$")
_ONE_RE = re.compile(r"^(deploy|withdraw|destroy|flip)\s+" + _COORD + r"$")


class TwoHeirsState(State):
    """One position of a Two Heirs game (2 players, or solo against Heinrich).

    The landscape is a dict ``board`` from grid index to ``tile * 4 + kind`` (kind 0/1: a
    building of seat 0/1, 2: open terrain); troops are a flat list of 6 positions (seat
    ``p``'s troop ``k`` at ``3 * p + k``, ``k = 0`` the retinue troop; -1 in the royal
    reserve, -2 beside the play area); the reserve is 7 slots (tile or -1) with the shield's
    slot. :meth:`clone` copies a handful of small lists and dicts.
    """

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
        self._cache = None
        if game.solo:
            self.cur = 0
            self._advance()

    # ------------------------------------------------------------------ identity
    @property
    def game(self) -> "TwoHeirsGame":
        return self._game  # type: ignore[return-value]

    def clone(self) -> "TwoHeirsState":
        s = object.__new__(TwoHeirsState)
        s._game = self._game
        s._seed = None      # copies never carry the seed (see regalia.core.state)
        s._dealer = None
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

    # ------------------------------------------------------------------ whose turn
    def current_player(self) -> int:
        ph = self.phase
        if ph >= PH_PLAY:
            return TERMINAL if ph == PH_END else self.cur
        return CHANCE

    def is_chance_node(self) -> bool:
        return self.phase < PH_PLAY

    def is_terminal(self) -> bool:
        return self.phase == PH_END

    @property
    def actions_this_turn(self) -> int:
        """Actions the player to move has taken in the current turn (0 at its start)."""
        return self.acts

    @property
    def phase_name(self) -> str:
        """``toss``, ``top``, ``draw``, ``treasure``, ``play``, ``siege``, ``discard``, ``end``."""
        return PHASE_NAMES[self.phase]

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
        out = []
        for i in range(1, NUM_SLOTS):
            s = (self.shield + i) % NUM_SLOTS
            if sl[s] >= 0:
                out.append(s)
        return out

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
        raise RegaliaError(f"not a chance node (phase {self.phase_name})")

    def sample_chance_outcome(self, rng: random.Random) -> int:
        outcomes = self.chance_outcomes()
        if self.phase == PH_TOP:
            return State.sample_chance_outcome(self, rng)
        return outcomes[int(rng.random() * len(outcomes))][0]

    # ------------------------------------------------------------------ applying
    #: A move in notation, for the core's message when apply_action is given text.
    NOTATION_EXAMPLE = "end"

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
            PH_TOSS: "now the royal shield is tossed (a chance outcome, 'toss white')",
            PH_TOP: "now the top tile of the supply is revealed (a chance outcome, 'top green')",
            PH_DRAW: "now a tile is drawn from the supply (a chance outcome, 'draw <tile>')",
            PH_TREASURE: "now a treasure is drawn (a chance outcome, 'treasure <id>')",
            PH_PLAY: "now play your turn: take N, build/expand <tile> @ x,y, move x,y->x,y, "
                     "deploy x,y, withdraw x,y, flip Encampment @ x,y or end",
            PH_SIEGE: "now decide the siege: destroy x,y or spare",
            PH_DISCARD: "now discard down to 3 tiles: discard <tile>",
            PH_END: "the game is over",
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
                raise self.illegal(action, f"no {COLOURS[c]} tile is left in the supply")
            self.top = c
            self._advance()
            return
        if ph == PH_DRAW and T.draw0 <= action < T.draw0 + T.n_tiles:
            t = action - T.draw0
            if t not in self.supply:
                raise self.illegal(action, f"tile {T.ids[t]} is not in the shared supply")
            if T.colour[t] != self.top:
                raise self.illegal(action, f"the top tile of the supply is "
                                    f"{COLOURS[self.top]}, tile {T.ids[t]} is "
                                    f"{COLOURS[T.colour[t]]}")
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
                raise self.illegal(action, f"treasure {i + 1} was already drawn")
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
                raise self.illegal(action, "the retinue troop cannot be withdrawn ('you "
                                    "cannot withdraw your retinue troop, which must always "
                                    "stay in the play area')")
            if self.troops[o + k] < 0:
                raise self.illegal(action, f"troop {k} is not in the play area")
            if self.moved >> (o + k) & 1:
                raise self.illegal(action, "each troop may only move once per turn")
            self.troops[o + k] = IN_RESERVE
            self.moved |= 1 << (o + k)
        elif T.flip0 <= action < T.flip0 + T.n_tiles:
            self._flip(action, action - T.flip0)
        elif action == T.end:
            if self.taken == 0 and self.reserve_order():
                raise self.illegal(action, "you must take 1 building tile from the royal "
                                    "reserve before ending your turn (Action A is "
                                    "mandatory)")
            if len(self.hands[p]) > HAND_LIMIT:
                self.phase = PH_DISCARD
            else:
                self._finish_turn()
        else:
            raise self.illegal(action, self._kind_hint())

    def _take(self, action: int, k: int) -> None:
        p = self.cur
        if self.takes_left <= 0:
            raise self.illegal(action, "you have already taken a tile this turn (the royal "
                                "shield shows your opponent's crown)")
        order = self.reserve_order()
        reach = self.reach(p)
        if k >= min(reach, len(order)):
            raise self.illegal(action, f"position {k + 1} is beyond your reach of {reach} "
                                f"({len(order)} tiles in the reserve)")
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
            raise self.illegal(action, f"you have {len(hand)} tiles in hand (no tile {h + 1})")
        cells = self.placement_cells(p)
        cell = self._cell_of_code(p, code)
        if cell is None or cells.get(cell) != code:
            raise self.illegal(action, "tiles are placed on an empty space orthogonally or "
                                "diagonally adjacent to a tile occupied by one of your troops")
        t = hand[h]
        if build:
            short = self.shortfall(t, p)
            if short > self.discounts:
                raise self.illegal(action, f"you lack {short} resource(s) for the "
                                    f"{TYPE_NAMES[self.T.types[t]]} ({self._cost_text(t)}); "
                                    f"expansions this turn give {self.discounts} discount(s)")
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
        parts = [f"{n} {r}" for n, r in zip(c, ("wood", "stone", "wheat")) if n]
        return " + ".join(parts) or "free"

    def _cell_of_code(self, p: int, code: int) -> int | None:
        pos = self.troops[3 * p + code // 8]
        if pos < 0:
            return None
        return pos + DELTA[code % 8]

    def _move(self, action: int, k: int, d: int) -> None:
        p = self.cur
        o = 3 * p
        pos = self.troops[o + k]
        if pos < 0:
            raise self.illegal(action, f"troop {k} is not in the play area")
        if self.moved >> (o + k) & 1:
            raise self.illegal(action, "each troop may only move once per turn")
        c = pos + DELTA[d]
        if c not in self.board:
            raise self.illegal(action, "troops move to an adjacent tile of the play area")
        if c in self._occupied():
            raise self.illegal(action, "that tile is occupied by another troop (no two "
                                "troops share a tile after the start)")
        self.troops[o + k] = c
        self.moved |= 1 << (o + k)

    def _deploy(self, action: int, code: int) -> None:
        p = self.cur
        k = self._reserve_troop(p)
        if k < 0:
            raise self.illegal(action, "you have no troop in the royal reserve that has not "
                                "moved this turn")
        cells = self.deploy_cells(p)
        cell = self._cell_of_code(p, code)
        if cell is None or cells.get(cell) != code:
            raise self.illegal(action, "deploy on an unoccupied tile adjacent to a tile "
                                "occupied by another of your troops")
        o = 3 * p
        self.troops[o + k] = cell
        self.moved |= 1 << (o + k)

    def _flip(self, action: int, t: int) -> None:
        p = self.cur
        T = self.T
        if not T.is_camp[t]:
            raise self.illegal(action, f"{T.ids[t]} is not an Encampment")
        cell = next((c for c, code in self.board.items() if code == t * 4 + p), None)
        if cell is None:
            raise self.illegal(action, f"{T.ids[t]} is not one of your (unused) "
                                "Encampments in the play area")
        if self.taken == 0 or self.takes_left > 0:
            raise self.illegal(action, "an Encampment is flipped only after you have taken "
                                "a tile this turn ('if you have already taken a tile')")
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
        raise self.illegal(action, "decide the siege: destroy one of the flanked buildings "
                            "or spare")

    def _apply_discard(self, action: int) -> None:
        T = self.T
        hand = self.hands[self.cur]
        h = action - T.discard0
        if not (T.discard0 <= action < T.discard0 + HAND_MAX and h < len(hand)):
            raise self.illegal(action, f"discard one of your {len(hand)} tiles in hand "
                                f"(hand limit {HAND_LIMIT})")
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
        from . import solo_engine
        return solo_engine.heinrich_step(self)

    def _check_treasures(self) -> None:
        from . import solo_engine
        solo_engine.check_treasures(self)

    # ------------------------------------------------------------------ notation
    def _tile_label(self, t: int) -> str:
        return f"{TYPE_NAMES[self.T.types[t]]} ({self.T.ids[t]})"

    def action_to_string(self, action: int) -> str:
        T = self.T
        check_action_id(action, T.num_actions)
        p = self.cur
        if T.take0 <= action < T.take0 + NUM_SLOTS:
            return f"take {action - T.take0 + 1}"
        if T.build0 <= action < T.expand0 + HAND_MAX * 24:
            build = action < T.expand0
            rel = action - (T.build0 if build else T.expand0)
            h, code = rel // 24, rel % 24
            hand = self.hands[p]
            cell = self._cell_of_code(p, code)
            if h >= len(hand) or cell is None:
                raise NotationError(f"action {action} names no tile or space in this state")
            return f"{'build' if build else 'expand'} {self._tile_label(hand[h])} @ {fmt_cell(cell)}"
        if T.move0 <= action < T.move0 + 24:
            k, d = divmod(action - T.move0, 8)
            pos = self.troops[3 * p + k]
            if pos < 0:
                raise NotationError(f"action {action}: troop {k} is not in the play area")
            return f"move {fmt_cell(pos)}->{fmt_cell(pos + DELTA[d])}"
        if T.deploy0 <= action < T.deploy0 + 24:
            cell = self._cell_of_code(p, action - T.deploy0)
            if cell is None:
                raise NotationError(f"action {action} names no space in this state")
            return f"deploy {fmt_cell(cell)}"
        if T.withdraw0 <= action < T.withdraw0 + TROOPS:
            pos = self.troops[3 * p + action - T.withdraw0]
            if pos < 0:
                raise NotationError(f"action {action}: that troop is not in the play area")
            return f"withdraw {fmt_cell(pos)}"
        if T.flip0 <= action < T.flip0 + T.n_tiles:
            t = action - T.flip0
            cell = next((c for c, code in self.board.items() if code >> 2 == t), None)
            if cell is None:
                raise NotationError(f"action {action}: tile {T.ids[t]} is not in the play area")
            return f"flip {self._tile_label(t)} @ {fmt_cell(cell)}"
        if T.destroy0 <= action < T.destroy0 + 4:
            if self.siege_cell < 0:
                raise NotationError(f"action {action}: no siege is being decided")
            return f"destroy {fmt_cell(self.siege_cell + ORTH[action - T.destroy0])}"
        if action == T.spare:
            return "spare"
        if T.discard0 <= action < T.discard0 + HAND_MAX:
            hand = self.hands[p]
            h = action - T.discard0
            if h >= len(hand):
                raise NotationError(f"action {action}: no tile {h + 1} in hand")
            return f"discard {self._tile_label(hand[h])}"
        if action == T.end:
            return "end"
        if T.toss0 <= action < T.toss0 + 2:
            return f"toss {SEAT_COLOURS[action - T.toss0]}"
        if T.top0 <= action < T.top0 + 3:
            return f"top {COLOURS[action - T.top0]}"
        if T.draw0 <= action < T.draw0 + T.n_tiles:
            return f"draw {T.ids[action - T.draw0]}"
        return f"treasure {self._game.treasures.treasures[action - T.treasure0].id}"

    def string_to_action(self, text: str) -> int:
        T = self.T
        s = " ".join(check_notation_text(text).strip().lower().split())
        if not s:
            raise NotationError("empty move; " + self._notation_help())
        p = self.cur
        m = re.fullmatch(r"take\s+(\d+)", s)
        if m:
            k = int(m.group(1))
            if not 1 <= k <= NUM_SLOTS:
                raise NotationError(f"take N counts 1 to {NUM_SLOTS} clockwise from the shield")
            return T.take0 + k - 1
        if s == "end":
            return T.end
        if s == "spare":
            return T.spare
        m = _AT_RE.match(s)
        if m:
            verb, what, x, y = m.group(1), m.group(2), int(m.group(3)), int(m.group(4))
            cell = self._parse_cell(x, y)
            if verb == "flip":
                for c, code in self.board.items():
                    if c == cell and T.is_camp[code >> 2]:
                        return T.flip0 + (code >> 2)
                raise NotationError(f"no Encampment at {x},{y}")
            h = self._parse_hand(what)
            code = self.placement_cells(p).get(cell)
            if code is None:
                raise NotationError(f"{x},{y} is not an empty space next to one of your troops")
            return (T.build0 if verb == "build" else T.expand0) + 24 * h + code
        m = _MOVE_RE.match(s)
        if m:
            a = self._parse_cell(int(m.group(1)), int(m.group(2)))
            b = self._parse_cell(int(m.group(3)), int(m.group(4)))
            o = 3 * p
            for k in range(TROOPS):
                if self.troops[o + k] == a:
                    for d in range(8):
                        if a + DELTA[d] == b:
                            return T.move0 + 8 * k + d
                    raise NotationError(f"{m.group(3)},{m.group(4)} is not adjacent to "
                                        f"{m.group(1)},{m.group(2)}")
            raise NotationError(f"none of your troops stands on {m.group(1)},{m.group(2)}")
        m = _ONE_RE.match(s)
        if m:
            verb = m.group(1)
            cell = self._parse_cell(int(m.group(2)), int(m.group(3)))
            if verb == "deploy":
                code = self.deploy_cells(p).get(cell)
                if code is None:
                    raise NotationError(f"{m.group(2)},{m.group(3)} is not an unoccupied tile "
                                        "next to one of your troops")
                return T.deploy0 + code
            if verb == "withdraw":
                o = 3 * p
                for k in range(TROOPS):
                    if self.troops[o + k] == cell:
                        return T.withdraw0 + k
                raise NotationError(f"none of your troops stands on {m.group(2)},{m.group(3)}")
            if verb == "flip":
                code = self.board.get(cell)
                if code is not None and T.is_camp[code >> 2]:
                    return T.flip0 + (code >> 2)
                raise NotationError(f"no Encampment at {m.group(2)},{m.group(3)}")
            if self.siege_cell >= 0:
                for i, d in enumerate(ORTH):
                    if self.siege_cell + d == cell:
                        return T.destroy0 + i
            raise NotationError(f"{m.group(2)},{m.group(3)} is not next to the Siege Tower "
                                "just built")
        m = re.fullmatch(r"discard\s+(.+)", s)
        if m:
            return T.discard0 + self._parse_hand(m.group(1))
        m = re.fullmatch(r"toss\s+(\w+)", s)
        if m and m.group(1) in SEAT_COLOURS:
            return T.toss0 + SEAT_COLOURS.index(m.group(1))
        m = re.fullmatch(r"top\s+(\w+)", s)
        if m and m.group(1) in COLOURS:
            return T.top0 + COLOURS.index(m.group(1))
        m = re.fullmatch(r"draw\s+([a-z0-9-]+)", s)
        if m and m.group(1) in T.ids:
            return T.draw0 + T.ids.index(m.group(1))
        m = re.fullmatch(r"treasure\s+([a-z0-9-]+)", s)
        if m:
            ids = [t.id for t in self._game.treasures.treasures]
            if m.group(1) in ids:
                return T.treasure0 + ids.index(m.group(1))
        raise NotationError(f"cannot read {text!r}; " + self._notation_help())

    def _notation_help(self) -> str:
        return ("moves are: take N, build <tile> @ x,y, expand <tile> @ x,y, move x,y->x,y, "
                "deploy x,y, withdraw x,y, flip Encampment @ x,y, destroy x,y, spare, "
                "discard <tile>, end")

    def _parse_cell(self, x: int, y: int) -> int:
        try:
            return cell_of(x, y)
        except ValueError as exc:
            raise NotationError(str(exc)) from None

    def _parse_hand(self, what: str) -> int:
        """Hand position of the tile named by ``what``: a tile id (``travel-1``), optionally
        after its type (``Inn (travel-1)``), or a type name when the hand holds one tile of
        that type (or several identical ones)."""
        T = self.T
        hand = self.hands[self.cur]
        w = what.strip().lower()
        m = re.search(r"\(([a-z0-9-]+)\)", w)
        ident = m.group(1) if m else w
        for h, t in enumerate(hand):
            if T.ids[t] == ident:
                return h
        key = "-".join(w.replace("_", " ").split())
        matches = [h for h, t in enumerate(hand)
                   if T.types[t] == key or TYPE_NAMES[T.types[t]].lower() == w]
        if len(matches) == 1:
            return matches[0]
        shown = ", ".join(self._tile_label(t) for t in hand) or "none"
        if matches:
            raise NotationError(f"{what!r} matches {len(matches)} tiles in hand; name one by "
                                f"its id ({shown})")
        raise NotationError(f"no tile {what!r} in hand (hand: {shown})")

    # ------------------------------------------------------------------ scores
    def landscape(self) -> dict[tuple[int, int], Any]:
        """The landscape as :mod:`.landscape` wants it: ``(x, y) -> PlacedTile``."""
        from .solo_engine import landscape_of
        return landscape_of(self)

    def troop_map(self) -> dict[tuple[int, int], int]:
        """Troops in the play area: ``(x, y) -> seat``."""
        from .solo_engine import troops_of
        return troops_of(self)

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
            from .scoring import score_heinrich_totals, score_totals
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

    def breakdowns(self) -> tuple[Any, Any]:
        """``(Breakdown of seat 0, Breakdown of seat 1)`` (:class:`.landscape.Breakdown`):
        per building and per road; solo: the human and Heinrich (treasures included)."""
        from .scoring import score_heinrich, score_landscape
        G = self._game
        if G.solo:
            return score_heinrich(G.tiles, self.landscape(), self.troop_map(), (),
                                  self.treasures_left, roads=G.roads)
        return score_landscape(G.tiles, self.landscape(), self.troop_map(), roads=G.roads)

    def scores(self) -> list[float]:
        """Points of each seat if the game ended now (final scoring). Solo: ``[human]``;
        Heinrich's points are :attr:`heinrich_score`."""
        a, b = self._totals()
        return [float(a)] if self._game.solo else [float(a), float(b)]

    def player_score(self, player: int) -> float:
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

    def returns(self) -> list[float]:
        n = self._game.num_players
        if self.phase != PH_END:
            return [0.0] * n
        win = self.winners()
        if self._game.solo:
            return [1.0 if win else 0.0]
        return [1.0 / len(win) if p in win else 0.0 for p in range(n)]

    # ------------------------------------------------------------------ hidden information
    # Only the face-down starting tile is hidden: both players see its colour (the back),
    # never which tile it is. The supply is kept as an unordered multiset: its order is not
    # decided before a draw, so no state holds a future draw.
    def information_state_string(self, player: int) -> str:
        self.check_seat(player)
        hidden = self.T.draw0 + self.start_tile if self.start_tile >= 0 else -1
        col = COLOURS[self.T.colour[self.start_tile]] if self.start_tile >= 0 else ""
        return " ".join(f"start:{col}" if a == hidden else str(a) for a in self.hist)

    def resample_from_infostate(self, player: int, rng: random.Random) -> "TwoHeirsState":
        """A copy in which the face-down starting tile is redrawn among the tiles it could
        be (itself and the supply's tiles of its colour); everything else is public."""
        self.check_seat(player)
        s = self.clone()
        t = self.start_tile
        if t < 0:
            return s
        col = self.T.colour
        cands = [t] + [u for u in self.supply if col[u] == col[t]]
        u = cands[int(rng.random() * len(cands))]
        if u != t:
            s.supply.remove(u)
            insort(s.supply, t)
            s.start_tile = u
            s.board[ORIGIN] = u * 4 + OPEN
            a, b = self.T.draw0 + t, self.T.draw0 + u
            s.hist = [b if x == a else x for x in s.hist]
        return s

    # ------------------------------------------------------------------ views
    def reserve_view(self) -> list[dict[str, Any]]:
        """The royal reserve clockwise from the shield: ``[{position (1-based), slot,
        tile (id or None), type, colour}]`` for the 6 slots after the shield."""
        T = self.T
        out = []
        pos = 0
        for i in range(1, NUM_SLOTS):
            s = (self.shield + i) % NUM_SLOTS
            t = self.slots[s]
            if t >= 0:
                pos += 1
            out.append({"position": pos if t >= 0 else None, "slot": s,
                        "tile": T.ids[t] if t >= 0 else None,
                        "type": T.types[t] if t >= 0 else None,
                        "colour": COLOURS[T.colour[t]] if t >= 0 else None})
        return out

    def tile_view(self, cell: int) -> dict[str, Any] | None:
        code = self.board.get(cell)
        if code is None:
            return None
        t, kind = code >> 2, code & 3
        T = self.T
        x, y = xy_of(cell)
        hidden = cell == ORIGIN and t == self.start_tile
        return {"x": x, "y": y, "tile": None if hidden else T.ids[t],
                "type": T.types[t] if kind != OPEN else None,
                "colour": COLOURS[T.colour[t]],
                "owner": kind if kind != OPEN else None}

    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` sees: everything but the identity of the face-down starting tile
        and the order of the supply (only its size and the colour of its top tile, whose
        back shows).

        Keys: game, params, player, current_player, phase, turn, reserve (clockwise from
        the shield), shield_slot, reach, supply_left, supply_top (colour or None),
        landscape (tiles), troops (per seat, ``[x, y]``, ``"reserve"`` or ``"aside"``),
        hands (tile ids; hands are public: they come face up from the reserve), box,
        takes_left, discounts, final_turns_left, scores, and for solo games treasures
        (on the landscape, pile, removed), heinrich_score, scaffold.
        """
        self.check_seat(player)
        G = self._game
        T = self.T
        obs: dict[str, Any] = {
            "game": G.info.name,
            "params": G.params,
            "player": player,
            "current_player": self.current_player(),
            "phase": self.phase_name,
            "turn": self.turn,
            "reserve": self.reserve_view(),
            "shield_slot": self.shield,
            "reach": [self.reach(0), self.reach(1)],
            "supply_left": len(self.supply),
            "supply_top": COLOURS[self.top] if self.top >= 0 else None,
            "landscape": [self.tile_view(c) for c in sorted(self.board)],
            "troops": [self._troop_json(3 * p, 3) for p in (0, 1)],
            "moved": self.moved,
            "hands": [[T.ids[t] for t in h] for h in self.hands],
            "box": sorted(T.ids[t] for t in self.box),
            "takes_left": self.takes_left,
            "taken": self.taken,
            "discounts": self.discounts,
            "final_turns_left": self.final_left,
            "siege": fmt_cell(self.siege_cell) if self.phase == PH_SIEGE else None,
            "scores": self.scores(),
        }
        if G.solo:
            tre = G.treasures.treasures
            obs["treasures"] = {
                "landscape": [[*xy_of(c), tre[i].id] for c, i in sorted(self.tre_board.items())],
                "pile": G.treasures_used - len(self.tre_drawn),
                "removed": [tre[i].id for i in self.tre_removed],
            }
            obs["heinrich_score"] = self.heinrich_score
            obs["scaffold"] = list(xy_of(self.scaffold))
            obs["heinrich"] = self.last_h
        return obs

    def _troop_json(self, o: int, n: int) -> list[Any]:
        out: list[Any] = []
        for i in range(o, o + n):
            pos = self.troops[i]
            out.append(list(xy_of(pos)) if pos >= 0 else
                       ("reserve" if pos == IN_RESERVE else "aside"))
        return out

    # ------------------------------------------------------------------ JSON
    def to_json(self) -> dict[str, Any]:
        G = self._game
        T = self.T
        ids = T.ids

        def tid(t: int) -> str | None:
            return ids[t] if t >= 0 else None

        tre = G.treasures.treasures
        return {
            "game": G.info.name,
            "params": G.params,
            "phase": self.phase_name,
            "current": self.cur,
            "turn": self.turn,
            "supply": [ids[t] for t in self.supply],
            "top": COLOURS[self.top] if self.top >= 0 else None,
            "reserve": [tid(t) for t in self.slots],
            "shield": self.shield,
            "landscape": [[*xy_of(c), ids[code >> 2], ("white", "blue", "open")[code & 3]]
                          for c, code in sorted(self.board.items())],
            "start_tile": tid(self.start_tile),
            "troops": self._troop_json(0, 6),
            "moved": self.moved,
            "hands": [[ids[t] for t in h] for h in self.hands],
            "box": [ids[t] for t in self.box],
            "turn_state": {"takes_left": self.takes_left, "taken": self.taken,
                           "discounts": self.discounts, "final_left": self.final_left,
                           "draw_to": self.draw_to, "filled": self.filled,
                           "actions": self.acts,
                           "siege": list(xy_of(self.siege_cell)) if self.siege_cell >= 0
                           else None},
            "solo": {"scaffold": list(xy_of(self.scaffold)),
                     "treasures": [[*xy_of(c), tre[i].id] for c, i in sorted(self.tre_board.items())],
                     "drawn": [tre[i].id for i in self.tre_drawn],
                     "removed": [tre[i].id for i in self.tre_removed],
                     "step": self.h_step, "tile": tid(self.h_tile),
                     "cell": list(xy_of(self.h_cell)) if self.h_cell >= 0 else None,
                     "last": self.last_h},
            "history": list(self.hist),
        }

    @classmethod
    def from_json(cls, game: "TwoHeirsGame", data: dict[str, Any]) -> "TwoHeirsState":
        """Rebuild a state from :meth:`to_json` output.

        Raises:
            RecordError: naming the first field that is missing, of the wrong shape, or
                inconsistent with the others (every tile of the chosen sets must be in
                exactly one place; troops never share a tile after the start).
        """
        try:
            return cls._from_json(game, data)
        except RecordError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise RecordError(f"state JSON is malformed: {type(exc).__name__}: {exc}") from None

    @classmethod
    def _from_json(cls, game: "TwoHeirsGame", d: dict[str, Any]) -> "TwoHeirsState":
        if not isinstance(d, dict) or d.get("game") != game.info.name:
            raise RecordError(f"state JSON is for game {d.get('game')!r}, not "
                              f"{game.info.name!r}")
        if d.get("params") != game.params:
            raise RecordError(f"state JSON parameters {d.get('params')!r} differ from the "
                              f"game's {game.params!r}")
        T = game.tables
        index = {tid: i for i, tid in enumerate(T.ids)}
        tre_ids = [t.id for t in game.treasures.treasures]

        def tile(x: Any, what: str) -> int:
            if x is None:
                return -1
            if x not in index:
                raise RecordError(f"state JSON: {what}: unknown tile {x!r}")
            return index[x]

        def cell(v: Any, what: str) -> int:
            if v is None:
                return -1
            if not (isinstance(v, list) and len(v) == 2 and all(type(a) is int for a in v)):
                raise RecordError(f"state JSON: {what} must be [x, y], not {v!r}")
            return cell_of(*v)

        def treasure(x: Any) -> int:
            if x not in tre_ids:
                raise RecordError(f"state JSON: unknown treasure {x!r}")
            return tre_ids.index(x)

        def intval(v: Any, what: str) -> int:
            if type(v) is not int:
                raise RecordError(f"state JSON: {what} must be a whole number, not {v!r}")
            return v

        s = object.__new__(cls)
        s._game = game
        s.T = T
        s._seed = None   # a state from JSON never has a seed (a "seed" key is ignored)
        s._dealer = None
        s._cache = None
        if d["phase"] not in PHASE_NAMES:
            raise RecordError(f"unknown phase {d['phase']!r}; one of {', '.join(PHASE_NAMES)}")
        s.phase = PHASE_NAMES.index(d["phase"])
        s.cur = intval(d["current"], "current")
        if s.cur not in (0, 1):
            raise RecordError("state JSON: current must be seat 0 or 1")
        s.turn = intval(d["turn"], "turn")
        s.supply = sorted(tile(x, "supply") for x in d["supply"])
        top = d["top"]
        if top is not None and top not in COLOURS:
            raise RecordError(f"state JSON: top must be a colour or null, not {top!r}")
        s.top = -1 if top is None else COLOURS.index(top)
        res = d["reserve"]
        if not isinstance(res, list) or len(res) != NUM_SLOTS:
            raise RecordError(f"state JSON: reserve must list {NUM_SLOTS} slots")
        s.slots = [tile(x, "reserve") for x in res]
        s.shield = intval(d["shield"], "shield")
        if not 0 <= s.shield < NUM_SLOTS or s.slots[s.shield] >= 0:
            raise RecordError("state JSON: the shield must lie on an empty reserve slot")
        s.board = {}
        for entry in d["landscape"]:
            x, y, tid, kind = entry
            c = cell(([x, y]), "landscape")
            if kind not in ("white", "blue", "open"):
                raise RecordError(f"state JSON: landscape kind {kind!r}; white, blue or open")
            if c in s.board:
                raise RecordError(f"state JSON: two tiles at {x},{y}")
            s.board[c] = tile(tid, "landscape") * 4 + ("white", "blue", "open").index(kind)
        s.start_tile = tile(d["start_tile"], "start_tile")
        troops = d["troops"]
        if not isinstance(troops, list) or len(troops) != 6:
            raise RecordError("state JSON: troops must list 6 troops")
        s.troops = [IN_RESERVE if v == "reserve" else OFF_BOARD if v == "aside"
                    else cell(v, "troop") for v in troops]
        s.moved = intval(d["moved"], "moved")
        hands = d["hands"]
        if not isinstance(hands, list) or len(hands) != 2:
            raise RecordError("state JSON: hands must list 2 hands")
        s.hands = [sorted(tile(x, "hand") for x in h) for h in hands]
        s.box = [tile(x, "box") for x in d["box"]]
        ts = d["turn_state"]
        s.takes_left = intval(ts["takes_left"], "takes_left")
        s.taken = intval(ts["taken"], "taken")
        s.discounts = intval(ts["discounts"], "discounts")
        s.final_left = intval(ts["final_left"], "final_left")
        s.draw_to = intval(ts["draw_to"], "draw_to")
        s.filled = intval(ts["filled"], "filled")
        s.acts = intval(ts["actions"], "actions")
        s.siege_cell = cell(ts["siege"], "siege")
        so = d["solo"]
        s.scaffold = cell(so["scaffold"], "scaffold")
        s.tre_board = {cell(v[:2], "treasure"): treasure(v[2]) for v in so["treasures"]}
        s.tre_drawn = [treasure(x) for x in so["drawn"]]
        s.tre_removed = [treasure(x) for x in so["removed"]]
        s.h_step = intval(so["step"], "solo step")
        s.h_tile = tile(so["tile"], "solo tile")
        s.h_cell = cell(so["cell"], "solo cell")
        s.last_h = str(so["last"]) if isinstance(so["last"], str) else None
        if s.last_h is None:
            raise RecordError("state JSON: solo.last must be a string")
        hist = d["history"]
        if not isinstance(hist, list) or not all(type(a) is int and 0 <= a < T.num_actions
                                                 for a in hist):
            raise RecordError(f"state JSON: history must hold action ids 0..{T.num_actions - 1}")
        s.hist = list(hist)
        s._check(game)
        return s

    def _check(self, game: "TwoHeirsGame") -> None:
        """Cross-checks of a loaded state (RecordError on the first failure)."""
        T = self.T
        places = (self.supply + [t for t in self.slots if t >= 0]
                  + [code >> 2 for code in self.board.values()] + self.hands[0]
                  + self.hands[1] + self.box + ([self.h_tile] if self.h_step == 2 else []))
        if sorted(places) != sorted(T.used):
            raise RecordError("state JSON: every tile of the chosen sets must be in exactly "
                              "one place (supply, reserve, landscape, hands, box)")
        on_board = [p for p in self.troops if p >= 0]
        if any(p not in self.board and not (p == ORIGIN and self.start_tile < 0)
               for p in on_board):
            raise RecordError("state JSON: a troop stands on a space without a tile")
        if len(set(on_board)) != len(on_board):
            # only the two retinue troops share a tile, the starting tile, until one leaves
            # ("Nur zu Beginn einer Partie liegen 2 Truppen auf dem selben Plättchen")
            rest = [p for i, p in enumerate(self.troops) if p >= 0 and i not in (0, 3)]
            if not (self.troops[0] == self.troops[3] == ORIGIN and ORIGIN not in rest
                    and len(set(rest)) == len(rest)):
                raise RecordError("state JSON: two troops share a tile after the start")
        if self.troops[0] < 0 or (self.troops[3] < 0 and not game.solo):
            raise RecordError("state JSON: a retinue troop must stay in the play area")
        if not game.solo and OFF_BOARD in self.troops:
            raise RecordError("state JSON: troops beside the play area exist only in solo games")
        if self.start_tile >= 0 and self.board.get(ORIGIN) != self.start_tile * 4 + OPEN:
            raise RecordError("state JSON: the starting tile must lie face down at 0,0")
        if not 0 <= self.moved < 64 or not -1 <= self.final_left <= 2:
            raise RecordError("state JSON: moved / final_left out of range")
        if any(len(h) > HAND_MAX for h in self.hands):
            raise RecordError(f"state JSON: a hand holds more than {HAND_MAX} tiles")
        if self.top >= 0 and not any(T.colour[t] == self.top for t in self.supply):
            raise RecordError("state JSON: the supply's top colour matches no supply tile")
        if any(c not in self.board for c in self.tre_board):
            raise RecordError("state JSON: a treasure lies on no tile")
        drawn = self.tre_drawn
        if (len(set(drawn)) != len(drawn) or len(drawn) > game.treasures_used
                or sorted(self.tre_removed + list(self.tre_board.values())) != sorted(drawn)):
            raise RecordError("state JSON: treasures drawn, placed and removed do not agree")
        if self.phase == PH_DRAW and not any(T.colour[t] == self.top for t in self.supply):
            raise RecordError("state JSON: a draw needs a top colour with tiles in the supply")
        if self.phase == PH_TOP and not self.supply:
            raise RecordError("state JSON: the supply is empty but its top is to be revealed")
        if self.phase == PH_TREASURE and len(drawn) >= game.treasures_used:
            raise RecordError("state JSON: no treasure is left to draw")
        if self.phase == PH_TOSS and game.solo:
            raise RecordError("state JSON: a solo game has no toss")
        if not -2 <= self.draw_to < NUM_SLOTS or not 0 <= self.filled <= 6 or self.acts < 0:
            raise RecordError("state JSON: draw_to / filled out of range")
        if self.phase == PH_SIEGE and self.siege_cell not in self.board:
            raise RecordError("state JSON: the siege needs the Siege Tower just built")
        if not 0 <= self.h_step <= 5:
            raise RecordError("state JSON: solo step out of range")

    # ------------------------------------------------------------------ positions
    def set_position(self, *, landscape: list[tuple[int, int, str, str]],
                     troops: list[list[Any]], reserve: list[str | None],
                     hands: tuple[list[str], list[str]] = ([], []), current: int = 0,
                     taken: int = 0, discounts: int = 0, supply_top: str | None = None,
                     scaffold: tuple[int, int] | None = None,
                     final_turns_left: int = -1) -> None:
        """Replace the position by a hand-set one (analysis positions, worked examples,
        tests); the history is left as it was, so the result is not replayable.

        Args:
            landscape: ``(x, y, tile id, kind)`` with kind ``white``/``blue`` (a building
                of seat 0/1) or ``open``; a tile at (0, 0) face down is the starting tile.
            troops: per seat, 3 entries (retinue first): ``(x, y)``, ``"reserve"`` or
                ``"aside"`` (Heinrich's, beside the play area).
            reserve: up to 6 tile ids (or None for an empty slot) clockwise from the
                shield, which lies on slot 0.
            hands: tile ids per seat. ``current``: the seat to move, in phase ``play``;
            ``taken``: tiles it took this turn already (>= 1: the shield is flipped);
            ``discounts``: expansions this turn; ``supply_top``: the colour shown on top of
            the supply (default: the first tile left there). Tiles of the chosen sets
            named nowhere form the supply. ``scaffold``: solo, the human's last built
            building. ``final_turns_left``: turns still to play in the final round
            (counting this one), -1 before the end is triggered.

        Raises:
            RecordError: an unknown tile, a tile named twice, or an inconsistent position
                (the state is then left as it was).
        """
        backup = self.clone()
        try:
            self._set_position(landscape, troops, reserve, hands, current, taken, discounts,
                               supply_top, scaffold, final_turns_left)
        except (RecordError, ValueError, TypeError, KeyError, IndexError) as exc:
            for name in self.__slots__:
                if name not in ("_dealer", "_seed"):
                    setattr(self, name, getattr(backup, name))
            if isinstance(exc, RecordError):
                raise
            raise RecordError(f"bad position: {type(exc).__name__}: {exc}") from None

    def _set_position(self, landscape, troops, reserve, hands, current, taken, discounts,
                      supply_top, scaffold, final_turns_left) -> None:
        T = self.T
        index = {tid: i for i, tid in enumerate(T.ids)}

        def tile(tid: str) -> int:
            if tid not in index or index[tid] not in T.used:
                raise RecordError(f"tile {tid!r} is not a tile of the chosen sets")
            return index[tid]

        kinds = ("white", "blue", "open")
        self.board = {cell_of(x, y): tile(tid) * 4 + kinds.index(kind)
                      for x, y, tid, kind in landscape}
        origin = self.board.get(ORIGIN)
        self.start_tile = origin >> 2 if origin is not None and origin & 3 == OPEN else -1
        self.troops = [IN_RESERVE if v == "reserve" else OFF_BOARD if v == "aside"
                       else cell_of(*v) for seat in troops for v in seat]
        self.slots = [-1] + [tile(t) if t else -1 for t in reserve] + [-1] * (6 - len(reserve))
        self.shield = 0
        self.hands = [sorted(tile(t) for t in h) for h in hands]
        named = ([code >> 2 for code in self.board.values()] + [t for t in self.slots if t >= 0]
                 + self.hands[0] + self.hands[1])
        if len(set(named)) != len(named):
            raise RecordError("a tile is named twice in the position")
        self.box = []
        self.supply = [t for t in T.used if t not in set(named)]
        self.top = (COLOURS.index(supply_top) if supply_top else
                    T.colour[self.supply[0]] if self.supply else -1)
        self.filled = 6
        self.draw_to = -2
        self.phase = PH_PLAY
        self.cur = current
        self.turn = max(self.turn, 2)
        self.takes_left = 0 if taken else 1
        self.taken = taken
        self.discounts = discounts
        self.moved = 0
        self.acts = 0
        self.final_left = final_turns_left
        self.siege_cell = -1
        self.h_step = 0
        if scaffold is not None:
            self.scaffold = cell_of(*scaffold)
        self._cache = None
        self._check(self._game)

    def __repr__(self) -> str:
        return (f"<TwoHeirsState {'solo' if self._game.solo else '2p'} turn {self.turn} "
                f"phase={self.phase_name} ply={len(self.hist)}>")
