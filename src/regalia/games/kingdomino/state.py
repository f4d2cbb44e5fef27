"""The Kingdomino state machine.

Rules source: the Kingdomino rulebook as summarised in ``shared/rules/COMPONENTS.md``
(sections "Setup by player count", "A round", "Placement", "Scoring", "Tie-break",
"Variants"); rulings on ambiguous points are in ``docs/rulings/kingdomino.md``.

Phases of a game (each action is one step):

1. ``draw`` (chance): a line is drawn from the box one domino at a time and laid out sorted
   by number. The 24 (2 players) or 12 (3 players) dominoes removed unseen at setup are
   simply never drawn, which gives every line the same distribution (ruling R1).
2. ``king-draw`` (chance, first line only): kings are drawn at random one at a time; the
   owner of each drawn king picks a free domino of the line. The last king is not drawn:
   it is the only one left (rulebook: "the last king has no choice").
3. A round: a new line is drawn (``draw``); then, in the order of the kings on the current
   line (lowest domino number first), the king's owner ``place``-s that domino (or
   discards it when no placement is legal) and ``pick``-s a free domino of the new line.
   On the last line there is no new line: players only place.

This module holds the position's data and its transitions; the rest of the contract lives
beside it and :class:`KingdominoState` delegates to it: :mod:`.notation` (text of moves),
:mod:`.actions` (typed moves), :mod:`.information` (observation), :mod:`.serialize`
(JSON), :mod:`.positions` (new games, analysis positions), :mod:`.board` (geometry and the
action-id layout), :mod:`.scoring` (properties and bonuses).
"""

from __future__ import annotations

import random
from abc import abstractmethod
from bisect import insort
from typing import TYPE_CHECKING, Any

from regalia.core.breakdown import Breakdown
from regalia.core.errors import RegaliaError
from regalia.core.game import CHANCE, TERMINAL
from regalia.core.i18n import _
from regalia.core.state import PhasedState

from . import information, notation, positions, serialize
from .actions import Action, decode
from .board import Geometry, placement_masks
from .components import TERRAIN_LETTERS
from .phases import PH_DRAW, PH_END, PH_KING, PH_PICK, PH_PLACE, PHASE_NAMES
from .positions import new_game
from .scoring import (HARMONY_BONUS, MIDDLE_KINGDOM_BONUS, centred_extent, is_harmony,
                      kingdom_breakdown, kingdom_summary, properties, property_points)

if TYPE_CHECKING:
    from .rules import KingdominoGame


class KingdominoState(PhasedState["KingdominoGame"]):
    """One position of a Kingdomino game (or of a Dynasty of three games): what both
    engines share. The data below are stored by an engine, :class:`PureKingdominoState`
    (Python lists and ints, the reference) or the compiled one
    (:class:`.compiled.CompiledKingdominoState`, C arrays shown through the same names);
    every view, score breakdown, notation and JSON method here reads them and so works
    on either. ``game.new_initial_state()`` gives the engine the game was built with
    (see :class:`~.rules.KingdominoGame`).

    The phase codes below give both engines :meth:`is_terminal`, :meth:`is_chance_node`,
    :attr:`phase_name` and the ``apply_action`` template (see
    :class:`~regalia.core.state.PhasedState`); the compiled engine answers the first two
    and ``apply_action`` in C, its own methods coming first in its class's order.
    """

    __slots__ = ()
    # the phase codes (regalia.core.state.PhasedState)
    PHASE_NAMES = PHASE_NAMES
    END_PHASE = PH_END
    CHANCE_PHASES = frozenset({PH_DRAW, PH_KING})

    # The data (set by :func:`.positions.new_game` for each game, except the match-wide last
    # four). Kings are 0-based; king k belongs to seat ``game.owner[k]``. Bitboards are over
    # the padded board of :mod:`.board`.
    _geo: Geometry
    phase: int                  #: one of :mod:`.phases`
    king: int                   #: the king acting (pick, place), else -1
    idx: int                    #: position of that king on the current line
    drawn: int                  #: dominoes drawn from the box in this game
    cur_nums: list[int]         #: the current line's dominoes, sorted
    cur_kings: list[int]        #: the king on each of them
    nxt_nums: list[int]         #: the next line's dominoes drawn so far, sorted
    nxt_kings: list[int]        #: the king on each of them, -1 if free
    box: list[int]              #: dominoes not drawn yet, sorted
    undrawn: list[int]          #: kings not drawn yet for the first line
    occ: list[int]              #: per seat: occupied squares, castle included
    free: list[int]             #: per seat: empty squares a domino may cover (N x N window)
    terr: list[int]             #: per seat and terrain (stride 6): squares of that terrain
    adj: list[int]              #: per seat and terrain: squares touching it or the castle
    crown: list[int]            #: per seat and crown count 1..3 (stride 3): squares
    bbox: list[int]             #: per seat (stride 4): min row, max row, min col, max col
    discarded: list[int]        #: per seat: dominoes discarded in this game
    game_no: int                #: 0-based game of the match; num_games once it is over
    past: list[int]             #: per finished game and seat: points, largest, crowns
    done: tuple[tuple[tuple[str, ...], ...], ...]  #: finished kingdoms, see finished_kingdoms
    hist: list[int]             #: every action applied (the core's history)

    #: A move in the notation, for the core's type-error message.
    NOTATION_EXAMPLE = "d5-e5"

    # ------------------------------------------------------------------ identity
    @property
    def current_line_dominoes(self) -> tuple[int, ...]:
        """Numbers of the dominoes on the current line (being placed this round), sorted."""
        return tuple(self.cur_nums)

    @property
    def next_line_dominoes(self) -> tuple[int, ...]:
        """Numbers of the dominoes drawn so far for the next line, sorted."""
        return tuple(self.nxt_nums)

    @property
    def acting_position(self) -> int | None:
        """0-based position on the current line of the king acting this round (place or
        pick), or None (chance, first-line choice, game over)."""
        if self.phase in (PH_PLACE, PH_PICK) and self.cur_nums:
            return self.idx
        return None

    @property
    def choosing_first_line(self) -> bool:
        """True while kings are being drawn and placed on the first line of a game."""
        return self.phase in (PH_KING, PH_PICK) and not self.cur_nums

    @property
    def is_last_round(self) -> bool:
        """True on the last line of a game, where players only place."""
        return self.phase == PH_PLACE and not self.nxt_nums

    @property
    def placed(self) -> list[int]:
        """Dominoes each seat has placed in its current kingdom (two squares each)."""
        return [(occ.bit_count() - 1) // 2 for occ in self.occ]

    @property
    def dominoes_drawn(self) -> int:
        """Dominoes drawn from the box so far in the current game."""
        return self.drawn

    @property
    def game_number(self) -> int:
        """1-based number of the game being played (always 1 outside Dynasty)."""
        return min(self.game_no + 1, self._game.num_games)

    @property
    def finished_kingdoms(self) -> tuple[tuple[tuple[str, ...], ...], ...]:
        """Dynasty: per finished game (the last one not included while it is on the table),
        per player, the kingdom's rows of tokens as :meth:`kingdom_rows` gives them."""
        return self.done

    @property
    def current_domino(self) -> int | None:
        """The domino number to place now (phase ``place``), else None."""
        return self.cur_nums[self.idx] if self.phase == PH_PLACE else None

    # ------------------------------------------------------------------ notation
    def action_to_string(self, action: int) -> str:
        """See :func:`.notation.action_to_string`."""
        return notation.action_to_string(self, action)

    def string_to_action(self, text: str) -> int:
        """See :func:`.notation.string_to_action`."""
        return notation.string_to_action(self, text)

    def decode(self, action: int) -> Action:
        """``action`` as a typed value carrying its notation and fields (see
        :mod:`.actions`): :class:`~.actions.Place`, :class:`~.actions.Discard`,
        :class:`~.actions.Pick`, :class:`~.actions.Draw` or :class:`~.actions.KingDraw`.

        Raises:
            NotationError: ``action`` is not an id of this game.
        """
        return decode(self, action)

    # ------------------------------------------------------------------ scores
    def _game_summary(self, p: int) -> list[int]:
        """[points incl. bonuses, largest property, crowns] of seat ``p``'s current kingdom."""
        pts, largest, crowns = kingdom_summary(self._geo, self.terr[6 * p:6 * p + 6],
                                               self.crown[3 * p:3 * p + 3])
        return [pts + sum(self._bonuses(p)), largest, crowns]

    def _game_points(self, p: int) -> int:
        g = self._geo
        return property_points(g, self.terr[6 * p:6 * p + 6],
                               self.crown[3 * p:3 * p + 3]) + sum(self._bonuses(p))

    def _bonuses(self, p: int) -> tuple[int, int]:
        """(Middle Kingdom, Harmony) points now met by seat ``p`` (rulings R4, R6)."""
        G, g = self._game, self._geo
        middle = harmony = 0
        if G.middle_kingdom and tuple(self.bbox[4 * p:4 * p + 4]) == centred_extent(g):
            middle = MIDDLE_KINGDOM_BONUS
        if G.harmony and is_harmony(g, self.occ[p], self.discarded[p]):
            harmony = HARMONY_BONUS
        return middle, harmony

    def scores(self) -> list[float]:
        """Points per player: finished games of a Dynasty plus the current kingdom as it
        would score if the game ended now (properties and met variant bonuses)."""
        return [self.player_score(p) for p in range(self._game.num_players)]

    def player_score(self, player: int) -> int:
        self.check_seat(player)
        np_ = self._game.num_players
        prev = sum(self.past[3 * (g * np_ + player)] for g in range(len(self.past) // (3 * np_)))
        return prev + (self._game_points(player) if self.phase != PH_END else 0)

    def breakdown(self, player: int, include_previous: bool = True) -> Breakdown:
        """The score of ``player``'s current kingdom itemised
        (:func:`.scoring.kingdom_breakdown`: properties, the bonus of each variant played,
        previous Dynasty games); once the game is over, the last game's kingdom with all
        previous Dynasty games.

        Raises:
            ParameterError: ``player`` is not a seat.
        """
        G, g = self._game, self._geo
        p = self.check_seat(player)
        middle, harmony = self._bonuses(p)
        previous: list[int] = []
        if include_previous:
            np_ = G.num_players
            games = len(self.past) // (3 * np_)
            if self.phase == PH_END:
                games -= 1  # the kingdom on the table is the last game's
            previous = [self.past[3 * (k * np_ + p)] for k in range(games)]
        return kingdom_breakdown(
            properties(g, self.terr[6 * p:6 * p + 6], self.crown[3 * p:3 * p + 3]),
            middle if G.middle_kingdom else None, harmony if G.harmony else None, previous)

    def tie_break_keys(self) -> list[tuple[int, int, int]]:
        """Per player ``(points, largest property, crowns)``: compared in that order
        (rulebook: tie-break). Dynasty: totals over the games, the largest property of any
        game, crowns summed over the games (ruling R5)."""
        G = self._game
        np_ = G.num_players
        games = len(self.past) // (3 * np_)
        keys = []
        for p in range(np_):
            pts = largest = crowns = 0
            for k in range(games):
                o = 3 * (k * np_ + p)
                pts += self.past[o]
                largest = max(largest, self.past[o + 1])
                crowns += self.past[o + 2]
            if self.phase != PH_END:
                g_pts, g_largest, g_crowns = self._game_summary(p)
                pts += g_pts
                largest = max(largest, g_largest)
                crowns += g_crowns
            keys.append((pts, largest, crowns))
        return keys

    # ------------------------------------------------------------------ views
    def square_token(self, player: int, row: int, col: int) -> str:
        """``C``, ``.`` or a terrain letter with one ``*`` per crown, at board (row, col)."""
        g = self._geo
        i = row * g.w + col
        b = 1 << i
        if b == g.castle_bit:
            return "C"
        p = player
        for t in range(6):
            if self.terr[6 * p + t] & b:
                k = 0
                for c in range(3):
                    if self.crown[3 * p + c] & b:
                        k = c + 1
                return TERRAIN_LETTERS[t] + "*" * k
        return "."

    def kingdom_rows(self, player: int) -> list[str]:
        """The whole B x B board of ``player`` as rows of space-separated tokens
        (see :func:`.information.kingdom_rows`)."""
        return information.kingdom_rows(self, player)

    def kingdom_extent(self, player: int) -> tuple[int, int, int, int]:
        """(min row, max row, min col, max col) of ``player``'s kingdom, castle included."""
        o = 4 * player
        return tuple(self.bbox[o:o + 4])  # type: ignore[return-value]

    def line_view(self, which: str) -> list[dict[str, Any]]:
        """See :func:`.information.line_view`."""
        return information.line_view(self, which)

    def observation(self, player: int) -> dict[str, Any]:
        """See :func:`.information.observation` (everything is public but future draws)."""
        return information.observation(self, player)

    # ------------------------------------------------------------------ JSON, set-up
    def to_json(self) -> dict[str, Any]:
        """See :func:`.serialize.to_json`."""
        return serialize.to_json(self)

    @classmethod
    def _from_pure(cls, state: "PureKingdominoState") -> "KingdominoState":
        """``state`` (read by :func:`.serialize.from_json` into the pure engine, which
        checks every field; ``KingdominoGame._state_from_json``) in the engine of ``cls``
        (the compiled engine converts it).

        Raises:
            RecordError: a field the compiled engine cannot hold.
        """
        return state

    @abstractmethod
    def recompute_derived(self, p: int) -> None:
        """Rebuild seat ``p``'s derived bitboards from its terrain masks (see
        :func:`.positions.recompute_derived`)."""

    @abstractmethod
    def set_kingdom(self, player: int, text: str) -> None:
        """Replace ``player``'s kingdom by a text grid, for analysis positions and tests
        (see :func:`.positions.set_kingdom`).

        Raises:
            DataError: a malformed grid (see ``scoring.parse_kingdom``).
        """

    def __repr__(self) -> str:
        return (f"<KingdominoState {self._game.num_players}p game {self.game_no + 1} "
                f"phase={self.phase_name} ply={len(self.hist)}>")



class PureKingdominoState(KingdominoState):
    """The pure-Python engine: the reference implementation of the rules, and the
    fallback where the compiled engine (:mod:`.compiled`) is absent or ``REGALIA_PURE=1``.

    Per-player data are flat lists indexed by seat ``p`` (stride 6 for per-terrain masks,
    3 for crown masks, 4 for the bounding box), so :meth:`clone` is a handful of slices.
    """

    __slots__ = ("_game", "_geo", "_seed", "_dealer", "phase", "king", "idx", "game_no",
                 "drawn", "cur_nums", "cur_kings", "nxt_nums", "nxt_kings", "box", "undrawn",
                 "occ", "free", "terr", "adj", "crown", "bbox", "discarded",
                 "past", "done", "hist")

    def __init__(self, game: "KingdominoGame", seed: int | None = None):
        self._start(game, seed)
        self._geo = game.geo
        self.game_no = 0
        self.past = []
        self.done = ()
        self.hist = []
        new_game(self)

    def clone(self) -> "PureKingdominoState":
        s = self._blank_copy()   # copies never carry the seed (see regalia.core.state)
        s._geo = self._geo
        s.phase = self.phase
        s.king = self.king
        s.idx = self.idx
        s.game_no = self.game_no
        s.drawn = self.drawn
        s.cur_nums = self.cur_nums[:]
        s.cur_kings = self.cur_kings[:]
        s.nxt_nums = self.nxt_nums[:]
        s.nxt_kings = self.nxt_kings[:]
        s.box = self.box[:]
        s.undrawn = self.undrawn[:]
        s.occ = self.occ[:]
        s.free = self.free[:]
        s.terr = self.terr[:]
        s.adj = self.adj[:]
        s.crown = self.crown[:]
        s.bbox = self.bbox[:]
        s.discarded = self.discarded[:]
        s.past = self.past[:]
        s.done = self.done
        s.hist = self.hist[:]
        return s

    # ------------------------------------------------------------------ whose turn
    def current_player(self) -> int:
        ph = self.phase
        if ph >= PH_PICK:
            if ph == PH_END:
                return TERMINAL
            return self._game.owner[self.king]
        return CHANCE

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self) -> list[int]:
        ph = self.phase
        if ph == PH_PLACE:
            # the placements of the current domino (see _placement_masks), listed here
            # rather than through it: this is the playouts' hottest call
            G, g = self._game, self._geo
            n = self.cur_nums[self.idx]
            p = G.owner[self.king]
            o = 6 * p
            out: list[int] = []
            for tab, m in zip(g.place_action_by_bit,
                              placement_masks(g.w, self.free[p], self.adj[o + G.t1[n]],
                                              self.adj[o + G.t2[n]], G.sym[n])):
                while m:
                    low = m & -m
                    out.append(tab[low])
                    m ^= low
            if not out:
                out.append(g.discard)
            return out
        if ph == PH_PICK:
            base = self._geo.pick_base - 1
            return [base + n for n, k in zip(self.nxt_nums, self.nxt_kings) if k < 0]
        if ph == PH_DRAW:
            base = self._geo.draw_base - 1
            return [base + n for n in self.box]
        if ph == PH_KING:
            kb = self._geo.king_base
            return [kb + k for k in self.undrawn]
        return []

    def _placement_masks(self) -> tuple[int, int, int, int]:
        """Bitboards of first-half squares of legal placements, per direction E, S, W, N
        (see :func:`.board.placement_masks`, rulebook "Placement", ruling R3)."""
        G = self._game
        n = self.cur_nums[self.idx]
        p = G.owner[self.king]
        return placement_masks(self._geo.w, self.free[p], self.adj[6 * p + G.t1[n]],
                               self.adj[6 * p + G.t2[n]], G.sym[n])

    def num_placements(self) -> int:
        """Number of legal placements of the current domino (0 means it must be discarded).

        Raises:
            RegaliaError: outside the ``place`` phase.
        """
        if self.phase != PH_PLACE:
            raise RegaliaError(_("no domino to place in phase {phase}").format(
                phase=self.phase_name))
        return sum(m.bit_count() for m in self._placement_masks())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        ph = self.phase
        if ph == PH_DRAW:
            base = self._geo.draw_base - 1
            p = 1.0 / len(self.box)
            return [(base + n, p) for n in self.box]
        if ph == PH_KING:
            kb = self._geo.king_base
            p = 1.0 / len(self.undrawn)
            return [(kb + k, p) for k in self.undrawn]
        raise RegaliaError(_("not a chance node (phase {phase})").format(phase=self.phase_name))

    def sample_chance_outcome(self, rng: random.Random) -> int:
        g = self._geo
        if self.phase == PH_DRAW:
            return g.draw_base - 1 + self.box[int(rng.random() * len(self.box))]
        if self.phase == PH_KING:
            return g.king_base + self.undrawn[int(rng.random() * len(self.undrawn))]
        raise RegaliaError(_("not a chance node (phase {phase})").format(phase=self.phase_name))

    # ------------------------------------------------------------------ applying
    def _apply_action(self, action: int) -> None:
        """The transition for an id in range at a non-terminal state (the core's
        :meth:`~regalia.core.state.State.apply_action` checks type, range and the end and
        keeps the history): dispatch on the phase, refusing an action of another kind."""
        g = self._geo
        ph = self.phase
        if ph == PH_PLACE and action <= g.discard:
            if action == g.discard:
                self._discard()
            else:
                self._place(action)
            self._after_place()
        elif ph == PH_PICK and g.pick_base <= action < g.draw_base:
            self._pick(action - g.pick_base + 1)
        elif ph == PH_DRAW and g.draw_base <= action < g.king_base:
            self._draw(action - g.draw_base + 1)
        elif ph == PH_KING and g.king_base <= action:
            k = action - g.king_base
            if k not in self.undrawn:
                raise self.illegal(action, _("king {king} is not waiting to be drawn (undrawn: "
                                             "{undrawn})").format(
                                                 king=k + 1,
                                                 undrawn=[u + 1 for u in self.undrawn]))
            self.undrawn.remove(k)
            self.king = k
            self.phase = PH_PICK
        else:
            raise self.illegal(action, self._wrong_kind())

    def _wrong_kind(self) -> str:
        """Why an action of another kind than the phase's is refused."""
        if self.phase == PH_DRAW:
            return _("now a domino is drawn from the box (a chance outcome, 'draw N')")
        if self.phase == PH_KING:
            return _("now a king is drawn for the first line (a chance outcome, 'king N')")
        if self.phase == PH_PICK:
            return _("now pick a free domino of the next line: type its number "
                     "({free})").format(free=self._free_next())
        return _("now place domino {number} (e.g. d5-e5), or discard it if it fits "
                 "nowhere").format(number=self.current_domino)

    def _draw(self, n: int) -> None:
        box = self.box
        # box is sorted: binary search is not needed for 48 items
        if n not in box:
            raise self.illegal(self._geo.draw_base + n - 1,
                               _("domino {number} is not in the box").format(number=n))
        box.remove(n)
        insort(self.nxt_nums, n)
        self.nxt_kings.append(-1)
        self.drawn += 1
        if len(self.nxt_nums) == self._game.per_line:
            if not self.cur_nums:
                self.phase = PH_KING
            else:
                self.phase = PH_PLACE
                self.idx = 0
                self.king = self.cur_kings[0]

    def _pick(self, n: int) -> None:
        nums = self.nxt_nums
        if n not in nums:
            raise self.illegal(self._geo.pick_base + n - 1,
                               _("domino {number} is not on the next line (free: "
                                 "{free})").format(number=n, free=self._free_next()))
        slot = nums.index(n)
        if self.nxt_kings[slot] >= 0:
            raise self.illegal(self._geo.pick_base + n - 1,
                               _("domino {number} already has king {king} on it (free: "
                                 "{free})").format(number=n, king=self.nxt_kings[slot] + 1,
                                                   free=self._free_next()))
        self.nxt_kings[slot] = self.king
        if not self.cur_nums:  # first line: kings placed in the order they are drawn
            if len(self.undrawn) > 1:
                self.phase = PH_KING
            elif self.undrawn:
                self.king = self.undrawn.pop()  # the last king has no draw and no choice
            else:
                self._start_round()
        else:
            self._next_king()

    def _free_next(self) -> str:
        return ", ".join(str(n) for n, k in zip(self.nxt_nums, self.nxt_kings) if k < 0) or "none"

    def _next_king(self) -> None:
        self.idx += 1
        if self.idx < len(self.cur_nums):
            self.king = self.cur_kings[self.idx]
            self.phase = PH_PLACE
        else:
            self._start_round()

    def _start_round(self) -> None:
        self.cur_nums, self.cur_kings = self.nxt_nums, self.nxt_kings
        self.nxt_nums, self.nxt_kings = [], []
        if self.drawn < self._game.dominoes_used:
            self.phase = PH_DRAW
        else:  # last line: place only
            self.phase = PH_PLACE
            self.idx = 0
            self.king = self.cur_kings[0]

    def _after_place(self) -> None:
        if self.nxt_nums:
            self.phase = PH_PICK
            return
        self.idx += 1
        if self.idx < len(self.cur_nums):
            self.king = self.cur_kings[self.idx]
        else:
            self._end_game()

    def _end_game(self) -> None:
        G = self._game
        for p in range(G.num_players):
            self.past += self._game_summary(p)
        self.game_no += 1
        if self.game_no < G.num_games:
            self.done += (tuple(tuple(self.kingdom_rows(p)) for p in range(G.num_players)),)
        if self.game_no < G.num_games:
            new_game(self)
        else:
            self.phase = PH_END

    def _discard(self) -> None:
        if self.num_placements():
            example = self.action_to_string(self.legal_actions()[0])
            raise self.illegal(self._geo.discard,
                               _("domino {number} can be placed (e.g. {example}); if you can "
                                 "place a domino you must (rulebook: placement)").format(
                                     number=self.current_domino, example=example))
        self.discarded[self._game.owner[self.king]] += 1

    def _place(self, action: int) -> None:
        G, g = self._game, self._geo
        n = self.cur_nums[self.idx]
        p = G.owner[self.king]
        sq = g.place_squares[action]
        t1, t2 = G.t1[n], G.t2[n]
        if sq is not None:
            i1, i2 = sq
            b1, b2 = 1 << i1, 1 << i2
            e = self.free[p]
            if (e & b1 and e & b2 and (self.adj[6 * p + t1] & b1 or self.adj[6 * p + t2] & b2)
                    and not (G.sym[n] and action >= 2 * g.area)):
                occ = self.occ[p] | b1 | b2
                self.occ[p] = occ
                self.terr[6 * p + t1] |= b1
                self.terr[6 * p + t2] |= b2
                self.adj[6 * p + t1] |= g.neigh[i1]
                self.adj[6 * p + t2] |= g.neigh[i2]
                c = G.c1[n]
                if c:
                    self.crown[3 * p + c - 1] |= b1
                c = G.c2[n]
                if c:
                    self.crown[3 * p + c - 1] |= b2
                # the bounding box grows, and with it the window squares may lie in
                bb = self.bbox
                o = 4 * p
                lor, hir, loc, hic = g.place_span[action]  # type: ignore[misc]
                minr, maxr, minc, maxc = bb[o], bb[o + 1], bb[o + 2], bb[o + 3]
                if lor < minr or hir > maxr or loc < minc or hic > maxc:
                    if lor < minr:
                        bb[o] = minr = lor
                    if hir > maxr:
                        bb[o + 1] = maxr = hir
                    if loc < minc:
                        bb[o + 2] = minc = loc
                    if hic > maxc:
                        bb[o + 3] = maxc = hic
                    self.free[p] = g.window(minr, maxr, minc, maxc) & ~occ
                else:  # the same window: only the two squares are no longer free
                    self.free[p] = e & ~(b1 | b2)
                return
        raise self.illegal(action, self._placement_problem(action))

    def _placement_problem(self, action: int) -> str:
        """Why a placement action is illegal here (only computed on failure)."""
        G, g = self._game, self._geo
        n = self.cur_nums[self.idx]
        p = G.owner[self.king]
        sq = g.place_squares[action]
        if sq is None:
            return _("the second half would lie off the board")
        i1, i2 = sq
        occ = self.occ[p]
        for i in (i1, i2):
            if occ >> i & 1:
                return _("square {square} is already occupied").format(square=g.names[i])
        e = self.free[p]
        if not (e >> i1 & 1 and e >> i2 & 1):
            return _("the kingdom would no longer fit in {n}x{n} squares").format(n=g.n)
        if G.sym[n] and action >= 2 * g.area:
            other = g.place_action[action // g.area - 2][i2]
            return _("domino {number} has two identical halves, so this is placement "
                     "{placement}; use that notation").format(
                         number=n, placement=g.placement_name(other))
        return _("neither half touches the castle or a square of its own terrain "
                 "(rulebook: placement)")

    def recompute_derived(self, p: int) -> None:
        """See :func:`.positions.recompute_derived`."""
        positions.recompute_derived(self, p)

    def set_kingdom(self, player: int, text: str) -> None:
        """Replace ``player``'s kingdom by a text grid, for analysis positions and tests
        (see :func:`.positions.set_kingdom`).

        Raises:
            DataError: a malformed grid (see ``scoring.parse_kingdom``).
        """
        positions.set_kingdom(self, player, text)
