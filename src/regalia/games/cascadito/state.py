"""The Cascadito state machine.

Rules source: ``shared/rules/cascadito.rulebook.en.txt`` (sections "Play", "Town Scoring",
"Actions", "Rivers", "Achievements", "Game End", "Scoring", "Solo Play", "The Play
Sheets"); rulings on ambiguous points are in ``docs/rulings/cascadito.md`` (R1, R2, ...).

Phases (each action is one step):

1. ``roll`` (chance): all 6 dice are rolled and the forbidden faces removed ("Roll all 6
   dice"). The outcome is the pool left (see :mod:`.tables`); a roll leaving no die
   (solo: fewer than 2) is rolled again, drawn as one conditioned outcome (R8).
2. ``die``: the player to move selects a die of the pool and, with it, either marks an
   empty field next to a town of the die's colour ("Mark a field"), or marks the next
   space of a river ("Rivers": any colour), or does nothing ("they simply end their turn
   without doing anything"): actions ``pink c5``, ``pink river``, ``pink pass``.
3. ``task``: an action icon, a star or an achievement asks the player where it applies
   (``track blue``, ``mark c5``, ``river west``): one decision per task, in the order the
   tasks were triggered (R9). A task with nowhere to apply lapses.
4. ``claim``: "On their turn, a player may claim any Achievements whose criteria they have
   met" ("Achievements"), except the bottom row of sheets 1-2, claimed the moment it is met
   ("Each time you accomplish ..., mark the space below and immediately take the action";
   R12; the variant ``deferred-bottom-row`` treats it like the rest): reached only when the player to move has met an achievement
   they have not claimed and may still claim, at the start of their turn and after each
   step of it: ``claim top 2`` (the row and the position from the left) for each, or
   ``decline`` (claim nothing now; the claims stay open). Criteria are checked after
   every step of the player's turn; once met, an achievement stays claimable even if its
   criterion stops holding ("have met"; R12).
5. ``end``.

Home castles are marked in turn order at setup: seat 0 blue, 1 yellow, 2 orange, 3 pink
("Play"). Seat 0 is the first player (the arena seats players in random order).

Per-player data are flat lists indexed ``p * stride + k``; a player's marks are one int
bitmask over the sheet's cells (:class:`.tables.SheetTables`); groups of marked cells are
kept as a root label per cell with the size and town contacts of each root, so a clone is
a handful of list slices.

Two engines play these rules: :class:`PureCascaditoState` here (the reference, the
transitions in Python) and the compiled one (:mod:`.compiled`, the transitions in C);
:class:`CascaditoState` is what both share. This module holds the data and the
transitions; the rest of the contract lives beside it and the state's methods delegate to
it: :mod:`.notation` (moves as text),
:mod:`.serialize` (JSON), :mod:`.information` (observations), :mod:`.positions` (setting
up positions), :mod:`.phases` (phase codes), :mod:`.hexgrid` (geometry), :mod:`.scoring`.
"""

from __future__ import annotations

import random
from abc import abstractmethod
from typing import TYPE_CHECKING, Any

from regalia.core.i18n import _
from regalia.core.breakdown import Breakdown
from regalia.core.errors import RegaliaError
from regalia.core.game import CHANCE, TERMINAL
from regalia.core.state import PhasedState

from . import information, notation, positions, serialize, view
from .components import TOWN_COLOURS
from .wording import colour_stem
from .phases import PH_CLAIM, PH_DIE, PH_END, PH_ROLL, PH_TASK, PHASE_NAMES
from .scoring import CLAIMED_LATER, SheetFacts, sheet_total
from .scoring import breakdown as sheet_breakdown
from .tables import (
    A_FIELD,
    A_RIVER,
    A_TRACK,
    ACH_BANDITS,
    ACH_BANNER,
    ACH_BANNERS,
    ACH_GROUP_TOWNS,
    ACH_MARK,
    ACH_SEPARATE,
    NUM_COLOURS,
    POOL_INDEX,
    POOLS,
    T_STAR,
    bits,
    pool_string,
)

if TYPE_CHECKING:
    from .rules import CascaditoGame
    from .tables import SheetTables

#: ``_settle`` / ``_claim`` markers: no cell marked by the step; every group to check.
_NO_GROUP, _ALL_GROUPS = -1, -2


class CascaditoState(PhasedState["CascaditoGame"]):
    """One position of a Cascadito game (1 to 4 players, one play sheet each): what both
    engines share. The data below are stored by an engine, :class:`PureCascaditoState`
    (Python lists and ints, the reference) or the compiled one
    (:class:`.compiled.CompiledCascaditoState`, C arrays shown through the same names);
    every view, score breakdown, notation and JSON method here reads them and so works on
    either. ``game.new_initial_state()`` gives the engine the game was built with (see
    :class:`~.rules.CascaditoGame`).

    The phase codes below give both engines :meth:`is_terminal`, :meth:`is_chance_node`,
    :attr:`phase_name` and the ``apply_action`` template (see
    :class:`~regalia.core.state.PhasedState`); the compiled engine answers the first two
    and ``apply_action`` in C, its own methods coming first in its class's order.
    """

    __slots__ = ()
    # the phase codes (regalia.core.state.PhasedState)
    PHASE_NAMES = PHASE_NAMES
    END_PHASE = PH_END
    CHANCE_PHASES = frozenset({PH_ROLL})

    # The data. Per-player data are flat lists indexed ``p * stride + k``.
    _t: SheetTables
    phase: int                  #: one of :mod:`.phases`
    cur: int                    #: the seat to move (or to roll for)
    pool: list[int]             #: dice left per colour (blue, yellow, orange, pink, white)
    tasks: list[int]            #: pending tasks, first next (:mod:`.tables` task codes)
    marked: list[int]           #: per seat: bitmask of its marked cells
    grp: list[int]              #: per seat and cell (stride num_cells): its group's root
    gsize: list[int]            #: per seat and root: the group's size (0 elsewhere)
    gmask: list[int]            #: per seat and root: bitmask of the towns the group touches
    track: list[int]            #: per seat and track (stride num_tracks): spaces marked
    river: list[int]            #: per seat and river (stride num_rivers): spaces marked
    bandits: list[int]          #: per seat: bandit spaces crossed (sheet 2)
    claimed: list[int]          #: per seat and achievement (stride num_achievements): 0/1
    first: list[int]            #: per achievement: its first claimant, -1 none
    claimable: list[int]        #: per seat: bitmask of achievements met, open to claim
    predie: int                 #: 1 while the seat to move has not used a die this turn
    bonus: list[int]            #: per seat: the sheet-4 top-row bonus earned
    turns: int                  #: turns played (the engine limit R11)
    solo_turn: int              #: solo: 0 or 1, the turn of the roll (Solo Play)
    boxes: int                  #: solo: dice boxes marked
    hist: list[int]             #: every action applied (the core's history)

    #: A move in the notation, for the core's type-error message.
    NOTATION_EXAMPLE = "pink c5"

    @property
    def tables(self) -> SheetTables:
        """The sheet's precomputed tables (:class:`.tables.SheetTables`)."""
        return self._t

    @property
    def end_reason(self) -> str:
        """Why the game ended (empty before the end), read off the final position; seats
        are numbered from 1 as at the table (``seat 1 claimed the whole bottom row``).
        See :func:`.view.end_reason`, which reads it off an observation."""
        if self.phase != PH_END:
            return ""
        return view.end_reason(self._game, self.observation(0))

    @property
    def die_used(self) -> bool:
        """True once the player to move has used a die this turn (public: everyone at the
        table sees it; the JSON's ``die_used``)."""
        return not self.predie

    def pending_tasks(self) -> list[str]:
        """The tasks still to resolve this turn, first one next (``advance_track``,
        ``mark_field``, ``advance_river``, ``star c5``)."""
        return [self._task_name(k) for k in self.tasks]

    def _task_name(self, k: int) -> str:
        return notation.task_name(self._t, k)


    def _wrong_kind(self, action: int) -> str:
        return {
            PH_ROLL: lambda: _("now the dice are rolled (a chance outcome, 'roll BBYOPW')"),
            PH_DIE: lambda: _("now seat {seat} selects a die of the pool {pool} and uses it "
                              "('pink c5', 'pink river' or 'pink pass')").format(
                seat=self.cur + 1, pool=pool_string(self.pool)),
            PH_TASK: lambda: _("now seat {seat} resolves {task} ({hint})").format(
                seat=self.cur + 1, task=self._task_name(self.tasks[0]),
                hint=self._task_hint()) if self.tasks else "",
            PH_CLAIM: lambda: _("now seat {seat} may claim an achievement met ({hint}) or "
                                "'decline'").format(seat=self.cur + 1, hint=self._claim_hint()),
        }[self.phase]()

    def _claim_hint(self) -> str:
        return ", ".join(f"'{self.achievement_name(a)}'"
                         for a in bits(self.claimable[self.cur])) or _("none open")

    def _task_hint(self) -> str:
        kind = self.tasks[0] & 3
        return {A_TRACK: "'track blue'", A_FIELD: _("'mark c5' or 'river'"),  # i18n: no (notation)
                A_RIVER: "'river'", T_STAR: _("'mark c5', a field next to the star")}[kind]


    # ------------------------------------------------------------------ notation
    def action_to_string(self, action: int) -> str:
        """The move in notation (:func:`.notation.action_to_string`)."""
        return notation.action_to_string(self._game, action)

    def string_to_action(self, text: str) -> int:
        """Parse the notation (:func:`.notation.string_to_action`); while a task is being
        resolved, ``c5`` and ``blue`` are short for ``mark c5`` and ``track blue``."""
        return notation.string_to_action(self._game, text, self.phase == PH_TASK)

    def decode(self, action: int) -> notation.Action:
        """The action id as a typed value (:class:`.notation.Action`: kind, colour, cell,
        river, pool, achievement and notation).

        Raises:
            NotationError: ``action`` is not an action id of the game.
        """
        return notation.decode(self._game, action)

    def achievement_name(self, a: int) -> str:
        """``claim top 2``: an achievement by row and position from the left (1-based),
        as the rulebook lists them ("Top row, left to right")."""
        return notation.achievement_name(self._t, a)

    # ------------------------------------------------------------------ scores
    def sheet_facts(self, player: int) -> SheetFacts:
        """What scores on ``player``'s sheet as it stands (:class:`.scoring.SheetFacts`):
        track heights, the home-castle track, river progress, bandits, claims (sheet 4:
        :data:`.scoring.CLAIMED_LATER` for a top-row achievement another player claimed
        first), the top-row bonus."""
        p = self.check_seat(player)
        t = self._t
        NT, R, A = t.num_tracks, t.num_rivers, t.num_achievements
        claims = self.claimed[p * A:(p + 1) * A]  # 0 / 1 = UNCLAIMED / CLAIMED
        if t.any_later:  # sheet 4: the smaller reward after another player's claim
            first = self.first
            claims = [CLAIMED_LATER if c and t.ach_later[a] and first[a] not in (p, -1) else c
                      for a, c in enumerate(claims)]
        return SheetFacts(tuple(self.track[p * NT:(p + 1) * NT]), t.castle_track[p],
                          tuple(self.river[p * R:(p + 1) * R]), self.bandits[p], tuple(claims),
                          self.bonus[p])

    def breakdown(self, player: int) -> Breakdown:
        """``player``'s score as it stands (rulebook: Scoring), itemised in the rulebook's
        order by :func:`.scoring.breakdown`: claimed achievements (keys ``top_row``,
        ``bottom_row``), ``tracks`` (one item per track colour, facts ``colour``: the
        highest marked space; the home-castle value when the home track is full),
        ``all_tracks`` (sheets 1, 3), ``river`` (sheets 1-2: the highest value reached;
        sheet 3: points per ship at the bridge), ``bandits`` (sheet 2), ``top_row_bonus``
        (sheet 4).

        Raises:
            ParameterError: ``player`` is not a seat.
        """
        return sheet_breakdown(self._t, self.sheet_facts(player))

    def player_score(self, player: int) -> int:
        """``breakdown(player).total``, computed without building the breakdown."""
        return sheet_total(self._t, self.sheet_facts(player))

    def scores(self) -> list[float]:
        """Points per player as they stand (final scores once the game is over)."""
        return [self.player_score(p) for p in range(self._game.num_players)]

    def tie_break_keys(self) -> list[tuple[float, int]]:
        """Per seat ``(points, seat)``: the most points win; "Ties are broken in favor of
        the player whose home castle is furthest to the right" (the later seat), so one
        seat wins (:meth:`winners`)."""
        return [(v, p) for p, v in enumerate(self.scores())]

    # ------------------------------------------------------------------ views
    def marked_cells(self, player: int) -> list[str]:
        """Names of ``player``'s marked cells (fields and river spaces), in cell order."""
        p = self.check_seat(player)
        return [self._t.names[i] for i in bits(self.marked[p])]

    def is_marked(self, player: int, cell: str) -> bool:
        return bool(self.marked[player] >> self._t.name_index[cell] & 1)

    def track_heights(self, player: int) -> dict[str, int]:
        """Spaces marked per success track colour (0 = none)."""
        t = self._t
        o = player * t.num_tracks
        return {TOWN_COLOURS[t.track_colour[k]]: self.track[o + k] for k in range(t.num_tracks)}

    def river_progress(self, player: int) -> list[int]:
        R = self._t.num_rivers
        return self.river[player * R:(player + 1) * R]

    def claimed_achievements(self, player: int) -> list[int]:
        """Indices (in the sheet's list) of the achievements ``player`` claimed."""
        A = self._t.num_achievements
        return [a for a in range(A) if self.claimed[player * A + a]]

    def claimable_achievements(self, player: int) -> list[int]:
        """Indices of the achievements ``player`` has met and may still claim (R12)."""
        return bits(self.claimable[self.check_seat(player)])

    def groups(self, player: int) -> list[list[str]]:
        """``player``'s groups of marked cells (2 or more), each a sorted list of names."""
        t = self._t
        o = player * t.num_cells
        out: dict[int, list[str]] = {}
        for i in range(t.num_cells):
            rt = self.grp[o + i]
            if rt >= 0 and self.gsize[o + rt] >= 2:
                out.setdefault(rt, []).append(t.names[i])
        return sorted(out.values())

    @property
    def dice_pool(self) -> str:
        """The pool as letters, ``BBYP`` (``-`` when empty)."""
        return pool_string(self.pool)

    def observation(self, player: int) -> dict[str, Any]:
        """Everything is public in Cascadito (every sheet and the pool); only future rolls
        are unknown (:func:`.information.observation` lists the keys)."""
        return information.observation(self, player)

    # ------------------------------------------------------------------ JSON, set-up
    def to_json(self) -> dict[str, Any]:
        return serialize.to_json(self)

    def string_to_action_pool(self, text: str) -> int:
        """The :data:`.tables.POOLS` index of a pool written ``BBYP`` (``-``: empty)."""
        return notation.parse_pool(self._game, text)

    @abstractmethod
    def set_marks(self, player: int, cells: list[str]) -> None:
        """Mark ``cells`` (names) on ``player``'s sheet without triggering anything: for
        analysis positions and tests (changes the position, not the history). River
        spaces must be given in river order (:func:`.positions.mark_cells`).

        Raises:
            RecordError: an unknown or already marked cell, or a river space out of order.
        """

    @abstractmethod
    def set_tracks(self, player: int, heights: dict[str, int]) -> None:
        """Set ``player``'s track heights by colour (``{"blue": 3}``) without triggering
        anything (:func:`.positions.set_tracks`): for analysis positions and tests.

        Raises:
            RecordError: an unknown colour or a height off the track.
        """

    @abstractmethod
    def set_claims(self, player: int, names: list[str]) -> None:
        """Mark achievements (``["top 1"]``) claimed by ``player`` without queueing their
        actions; a first top-row claim locks it for the others
        (:func:`.positions.set_claims`): for analysis positions and tests.

        Raises:
            RecordError: an unknown achievement or one already claimed.
        """

    @classmethod
    def _from_pure(cls, state: "PureCascaditoState") -> "CascaditoState":
        """``state`` (read by :func:`.serialize.from_json` into the pure engine, which
        checks every field; ``CascaditoGame._state_from_json``) in the engine of ``cls``
        (the compiled engine converts it).

        Raises:
            RecordError: a field the compiled engine cannot hold.
        """
        return state


    def __repr__(self) -> str:
        return (f"<CascaditoState {self._game.num_players}p sheet {self._t.number} "
                f"phase={self.phase_name} ply={len(self.hist)}>")


class PureCascaditoState(CascaditoState):
    """The pure-Python engine: the reference implementation of the rules, and the
    fallback where the compiled engine (:mod:`.compiled`) is absent, cannot hold the sheet
    or ``REGALIA_PURE=1``.

    Per-player data are flat lists indexed ``p * stride + k``; a player's marks are one
    int bitmask over the sheet's cells; groups of marked cells are kept as a root label
    per cell with the size and town contacts of each root, so :meth:`clone` is a handful
    of list slices.
    """

    __slots__ = (
        "_dealer",
        "_game",
        "_seed",
        "_t",
        "bandits",
        "bonus",
        "boxes",
        "claimable",
        "claimed",
        "cur",
        "first",
        "gmask",
        "grp",
        "gsize",
        "hist",
        "marked",
        "phase",
        "pool",
        "predie",
        "river",
        "solo_turn",
        "tasks",
        "track",
        "turns",
    )

    def __init__(self, game: CascaditoGame, seed: int | None = None):
        self._start(game, seed)
        t = self._t = game.tables
        n = game.num_players
        H = t.num_cells
        self.phase = PH_ROLL
        self.cur = 0
        self.pool = [0] * NUM_COLOURS
        self.tasks: list[int] = []
        self.marked = [0] * n
        self.grp = [-1] * (n * H)
        self.gsize = [0] * (n * H)
        self.gmask = [0] * (n * H)
        self.track = [0] * (n * t.num_tracks)
        self.river = [0] * (n * t.num_rivers)
        self.bandits = [0] * n
        self.claimed = [0] * (n * t.num_achievements)
        self.first = [-1] * t.num_achievements
        #: Per player, a bitmask of the achievements met, not claimed and still available.
        self.claimable = [0] * n
        #: 1 while the player to move has not used a die yet this turn.
        self.predie = 1
        self.bonus = [0] * n
        self.turns = 0
        self.solo_turn = 0
        self.boxes = t.solo_harder if game.harder else 0
        self.hist: list[int] = []


    # ------------------------------------------------------------------ identity
    def clone(self) -> PureCascaditoState:
        s = self._blank_copy()
        s._t = self._t
        s.phase, s.cur = self.phase, self.cur
        s.pool = self.pool[:]
        s.tasks = self.tasks[:]
        s.marked = self.marked[:]
        s.grp = self.grp[:]
        s.gsize = self.gsize[:]
        s.gmask = self.gmask[:]
        s.track = self.track[:]
        s.river = self.river[:]
        s.bandits = self.bandits[:]
        s.claimed = self.claimed[:]
        s.first = self.first[:]
        s.claimable = self.claimable[:]
        s.predie = self.predie
        s.bonus = self.bonus[:]
        s.turns, s.solo_turn, s.boxes = self.turns, self.solo_turn, self.boxes
        s.hist = self.hist[:]
        return s

    # ------------------------------------------------------------------ whose turn
    def current_player(self) -> int:
        ph = self.phase
        if ph == PH_ROLL:
            return CHANCE
        if ph == PH_END:
            return TERMINAL
        return self.cur

    # ------------------------------------------------------------------ action ids
    # die marks c*H + i | die river B1 + c*R + r | die pass B2 + c | task mark B3 + i
    # | task river B4 + r | task track B5 + t | roll B6 + pool index
    def legal_actions(self) -> list[int]:
        ph = self.phase
        if ph == PH_DIE:
            return self._die_actions()
        if ph == PH_TASK:
            return self._task_actions(self.tasks[0])
        if ph == PH_ROLL:
            b6 = self._game.bases[5]
            return [b6 + i for i, _ in self._roll_outcomes()]
        if ph == PH_CLAIM:
            cb = self._game.claim_base
            return [cb + a for a in bits(self.claimable[self.cur])] + \
                [cb + self._t.num_achievements]
        return []

    def _die_actions(self) -> list[int]:
        t = self._t
        H, R = t.num_cells, t.num_rivers
        B1, B2 = self._game.bases[0], self._game.bases[1]
        p = self.cur
        m = self.marked[p]
        marks: list[int] = []
        rivers: list[int] = []
        passes: list[int] = []
        open_rivers = [r for r in range(R) if self.river[p * R + r] < t.river_len[r]]
        for c in range(NUM_COLOURS):
            if self.pool[c]:
                base = c * H
                marks.extend([base + i for i in t.die_list[c] if not m >> i & 1])
                rivers.extend(B1 + c * R + r for r in open_rivers)
                passes.append(B2 + c)
        return marks + rivers + passes

    def _task_actions(self, task: int) -> list[int]:
        t = self._t
        p = self.cur
        B3, B4, B5 = self._game.bases[2], self._game.bases[3], self._game.bases[4]
        kind = task & 3
        if kind == A_TRACK:
            o = p * t.num_tracks
            return [B5 + k for k in range(t.num_tracks) if self.track[o + k] < t.track_len[k]]
        R = t.num_rivers
        rivers = [B4 + r for r in range(R) if self.river[p * R + r] < t.river_len[r]]
        if kind == A_RIVER:
            return rivers
        empty = ~self.marked[p]
        if kind == A_FIELD:
            return [B3 + i for i in bits(t.fields_mask & empty)] + rivers
        cells = [i for i in t.star_nbr[task >> 2] if empty >> i & 1]
        return [B3 + i for i in cells]

    def _roll_outcomes(self) -> list[tuple[int, float]]:
        return self._t.roll_outcomes(2 if self._game.num_players == 1 else 1)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.phase != PH_ROLL:
            raise RegaliaError(f"not a chance node (phase {self.phase_name})")  # i18n: no (API use)
        b6 = self._game.bases[5]
        return [(b6 + i, p) for i, p in self._roll_outcomes()]

    def sample_chance_outcome(self, rng: random.Random) -> int:
        """Roll the dice one by one with ``rng`` (re-rolling when too few remain)."""
        if self.phase != PH_ROLL:
            raise RegaliaError(f"not a chance node (phase {self.phase_name})")  # i18n: no (API use)
        t = self._t
        faces = t.face_list
        nf = len(faces)
        need = 2 if self._game.num_players == 1 else 1
        while True:
            counts = [0] * NUM_COLOURS
            k = 0
            for _die in range(t.num_dice):
                c = faces[int(rng.random() * nf)]
                if c >= 0:
                    counts[c] += 1
                    k += 1
            if k >= need:
                return self._game.bases[5] + POOL_INDEX[tuple(counts)]

    # ------------------------------------------------------------------ applying
    def _apply_action(self, action: int) -> None:
        """The transition (the core's :meth:`State.apply_action` checks the id's type and
        range, refuses every action at the end and keeps the history)."""
        ph = self.phase
        G = self._game
        B3, B6, CB = G.bases[2], G.bases[5], G.claim_base
        if ph == PH_DIE and action < B3:
            self._apply_die(action)
        elif ph == PH_TASK and B3 <= action < B6:
            self._apply_task(action)
        elif ph == PH_ROLL and B6 <= action < CB:
            self._apply_roll(action - B6)
        elif ph == PH_CLAIM and CB <= action:
            self._apply_claim(action - CB)
        else:
            raise self.illegal(action, self._wrong_kind(action))

    def _apply_roll(self, idx: int) -> None:
        if idx not in self._t.roll_set(2 if self._game.num_players == 1 else 1):
            raise self.illegal(self._game.bases[5] + idx,
                               _("the pool {pool} cannot come from a roll on this sheet "
                                 "(forbidden: {forbidden}; at least {n} dice remain)").format(
                                   pool=pool_string(POOLS[idx]),
                                   forbidden=", ".join(self._t.forbidden),
                                   n=2 if self._game.num_players == 1 else 1))
        self.pool = list(POOLS[idx])
        self._begin_turn()

    def _apply_die(self, action: int) -> None:
        t = self._t
        G = self._game
        H, R = t.num_cells, t.num_rivers
        B1, B2 = G.bases[0], G.bases[1]
        p = self.cur
        if action < B1:
            c, i = divmod(action, H)
        elif action < B2:
            c, r = divmod(action - B1, R)
            i = -1
        else:
            c, i, r = action - B2, -2, -1
        if not self.pool[c]:
            raise self.illegal(action, _("no {colour} die in the pool {pool}").format(
                colour=colour_stem(TOWN_COLOURS[c]), pool=pool_string(self.pool)))
        if i >= 0:
            if self.marked[p] >> i & 1:
                raise self.illegal(action, _("field {field} is already marked").format(
                    field=t.names[i]))
            if not t.die_cells[c] >> i & 1:
                raise self.illegal(action, _("field {field} does not neighbour a {colour} town "
                                             "(rulebook: Mark a field)").format(
                    field=t.names[i], colour=colour_stem(TOWN_COLOURS[c])))
        elif i == -1 and self.river[p * R + r] >= t.river_len[r]:
            raise self.illegal(action, _("the river is already marked to its end"))
        self.pool[c] -= 1
        self.predie = 0
        if i >= 0:
            self._mark(p, i)
        elif i == -1:
            i = t.river_cells[r][self.river[p * R + r]]
            self._mark(p, i)
        else:
            i = _ALL_GROUPS  # a pass: check everything (cheap enough, and set_marks-proof)
        self._settle(i)

    def _apply_task(self, action: int) -> None:
        if not self.tasks:
            raise self.illegal(action, _("no task to resolve"))
        if action not in self._task_actions(self.tasks[0]):
            raise self.illegal(action, _("not a way to resolve {task} here ({hint}; 'moves' "
                                         "lists them)").format(
                task=self._task_name(self.tasks[0]), hint=self._task_hint()))
        t = self._t
        B3, B4, B5 = self._game.bases[2], self._game.bases[3], self._game.bases[4]
        p = self.cur
        self.tasks.pop(0)
        if action < B4:
            cell = action - B3
            self._mark(p, cell)
        elif action < B5:
            r = action - B4
            cell = t.river_cells[r][self.river[p * t.num_rivers + r]]
            self._mark(p, cell)
        else:
            cell = _NO_GROUP
            self._advance(p, action - B5)
        self._settle(cell)

    # ------------------------------------------------------------------ rules
    def _mark(self, p: int, i: int) -> None:
        """Mark cell ``i`` on ``p``'s sheet and apply what it triggers, in this order (R9):
        the bandit track (Play Sheet 2), town scorings and their track actions (Town
        Scoring), the action of an action field (Play Sheet 3) or river space (Rivers), a
        star (Play Sheet 4)."""
        t = self._t
        bit = 1 << i
        self.marked[p] |= bit
        r = t.river_of[i]
        if r >= 0:
            self.river[p * t.num_rivers + r] += 1
        if t.bandit_mask & bit:
            self.bandits[p] += 1
        if r < 0 or t.rivers[r].joins_groups:
            for k in self._join(p, i):
                self._advance(p, t.track_of_colour[t.town_colour[k]])
        a = t.cell_action[i]
        if a >= 0:
            self.tasks.append(a)
        if r >= 0:
            a = t.river_action[r][t.river_pos[i]]
            if a >= 0:
                self.tasks.append(a)
        if t.star_mask & bit:
            self.tasks.append(T_STAR + 4 * i)

    def _join(self, p: int, i: int) -> list[int]:
        """Add cell ``i`` to ``p``'s groups; return the towns that score (rulebook: Town
        Scoring): ``i`` belongs to a group of 2+ marked cells and no other cell of that
        group neighboured the town before."""
        t = self._t
        H = t.num_cells
        o = p * H
        grp, gsize, gmask = self.grp, self.gsize, self.gmask
        marked = self.marked[p]
        roots: list[int] = []
        for n in t.nbr[i]:
            if marked >> n & 1:
                rt = grp[o + n]
                if rt not in roots:
                    roots.append(rt)
        if t.bridge_mask >> i & 1 and (marked & t.bridge_mask) == t.bridge_mask:
            for n in t.bridge_ends:  # R6: the rivers connect at the low bridge
                if n != i:
                    rt = grp[o + n]
                    if rt not in roots:
                        roots.append(rt)
        if not roots:
            grp[o + i] = i
            gsize[o + i] = 1
            gmask[o + i] = t.town_mask[i]
            return []
        old_mask = 0
        size = 1
        for rt in roots:
            old_mask |= gmask[o + rt]
            size += gsize[o + rt]
        main = max(roots, key=lambda rt: gsize[o + rt])
        for rt in roots:
            if rt != main:
                for j in range(H):
                    if grp[o + j] == rt:
                        grp[o + j] = main
                gsize[o + rt] = 0
                gmask[o + rt] = 0
        grp[o + i] = main
        gsize[o + main] = size
        gmask[o + main] = old_mask | t.town_mask[i]
        new = t.town_mask[i] & ~old_mask
        return list(bits(new)) if new else []

    def _advance(self, p: int, k: int) -> None:
        """Mark the next space (bottom-up) of track ``k``; a full track takes no more
        (rulebook: Town Scoring). A space's action is triggered at once (Actions)."""
        t = self._t
        j = p * t.num_tracks + k
        h = self.track[j]
        if h < t.track_len[k]:
            self.track[j] = h + 1
            a = t.track_action[k][h]
            if a >= 0:
                self.tasks.append(a)

    def _settle(self, cell: int = -2) -> None:
        """After a step of the turn: note the achievements the player now meets (R12),
        drop tasks with nowhere to apply (R10), then offer the open claims (phase
        ``claim``) or go on with the turn. ``cell``: the cell just marked (only its group
        can newly meet a group criterion), ``_NO_GROUP`` (no mark: group criteria cannot
        change) or ``_ALL_GROUPS`` (check every group). A newly met bottom-row achievement
        of sheets 1-2 is claimed at once, without a decision (R12; not with the variant
        ``deferred-bottom-row``)."""
        p = self.cur
        new = self._newly_met(p, cell)
        if new:
            self.claimable[p] |= new
            for a in bits(new & self._game.auto_claims):
                if self._claim(p, a):
                    return  # the game ended (R13)
        self._drop_lapsed()
        if self.claimable[p]:
            self.phase = PH_CLAIM
        else:
            self._continue()

    def _drop_lapsed(self) -> None:
        while self.tasks and not self._task_actions(self.tasks[0]):
            self.tasks.pop(0)  # R10: nowhere to apply, the task lapses

    def _continue(self) -> None:
        """Go on with the turn once no claim is being offered: the next task, else the
        die (a claim at the start of the turn), else the end of the turn."""
        self._drop_lapsed()
        if self.tasks:
            self.phase = PH_TASK
        elif self.predie:
            self.phase = PH_DIE
        else:
            self._end_turn()

    def _begin_turn(self) -> None:
        """The player to move starts a turn with dice in the pool: claims still open
        (declined earlier) are offered first ("On their turn, a player may claim")."""
        self.predie = 1
        self.phase = PH_CLAIM if self.claimable[self.cur] else PH_DIE

    def _apply_claim(self, k: int) -> None:
        """``k``: an achievement to claim, or ``num_achievements`` to decline. A claim
        marks the achievement (top row: the first claimant locks it for the others, except
        where later claimants score ``later_points``), queues its actions, and on sheets
        1-3 may end the game at once (Game End; R13)."""
        t = self._t
        G = self._game
        A = t.num_achievements
        p = self.cur
        if k == A:
            self._continue()
            return
        if not self.claimable[p] >> k & 1:
            raise self.illegal(G.claim_base + k, _(
                "achievement {name} is not open to seat {seat} (open: {hint})").format(
                name=self.achievement_name(k).removeprefix("claim "), seat=p + 1,
                hint=self._claim_hint()))
        if self._claim(p, k):
            return
        if self.claimable[p]:
            self._drop_lapsed()
            return  # still in phase claim
        self._continue()

    def _claim(self, p: int, k: int) -> bool:
        """Seat ``p`` claims open achievement ``k``: mark it, lock a top-row one for the
        others (unless later claimants score ``later_points``), queue its actions; True
        when the claim ends the game at once (sheets 1-3, R13)."""
        t = self._t
        G = self._game
        self.claimable[p] &= ~(1 << k)
        self.claimed[p * t.num_achievements + k] = 1
        if t.ach_top[k] and self.first[k] < 0:
            self.first[k] = p
            if not t.ach_later[k]:  # "no longer available to be claimed"
                for q in range(G.num_players):
                    self.claimable[q] &= ~(1 << k)
        self.tasks.extend(t.ach_actions[k])
        return G.num_players > 1 and self._instant_end(p)

    def _newly_met(self, p: int, cell: int = -2) -> int:
        """Bitmask of the achievements ``p`` meets now that were not yet claimable,
        claimed or locked (top row, first claimant only, except where later claimants
        score ``later_points``). ``cell``: see :meth:`_settle`; criteria are checked
        after every step, so a group criterion can only become met through the group
        that just changed."""
        t = self._t
        A = t.num_achievements
        o = p * A
        new = 0
        claimed, first, open_ = self.claimed, self.first, self.claimable[p]
        masks: list[tuple[int, ...]] | None = None
        no_group = cell == _NO_GROUP or (cell >= 0 and not t.groups_cell[cell])
        top, later, specs = t.ach_top, t.ach_later, t.ach_spec
        for a in range(A):
            if claimed[o + a] or open_ >> a & 1 or (top[a] and first[a] >= 0
                                                     and not later[a]):
                continue
            spec = specs[a]
            code = spec[0]
            if code >= ACH_SEPARATE and no_group:
                continue
            if code >= ACH_GROUP_TOWNS:
                if masks is None:
                    masks = self._group_masks(p, cell)
                ok = self._met_towns(spec, masks)
            else:
                ok = self._met(p, spec)
            if ok:
                new |= 1 << a
        return new

    def _group_masks(self, p: int, cell: int = -2) -> list[tuple[int, ...]]:
        """Per group (2+ cells) of ``p``: how many towns of each colour it touches; only
        the group of ``cell`` when it is a cell."""
        t = self._t
        o = p * t.num_cells
        gs, gm, ct = self.gsize, self.gmask, t.colour_towns
        roots = [self.grp[o + cell]] if cell >= 0 else bits(self.marked[p])
        return [tuple((gm[o + k] & c).bit_count() for c in ct)
                for k in roots if gs[o + k] >= 2 and gm[o + k]]

    @staticmethod
    def _met_towns(spec: tuple[Any, ...], counts: list[tuple[int, ...]]) -> bool:
        if spec[0] == ACH_GROUP_TOWNS:
            need, cols = spec[1], spec[2]
            return any(cnt[c] >= need for cnt in counts for c in cols)
        return any(all(cnt[c] for c in spec[1]) for cnt in counts)

    def _met(self, p: int, spec: tuple[Any, ...]) -> bool:
        """Whether ``p`` meets a criterion other than the group-town ones
        (``docs/data/cascadito.md``, Achievement criteria)."""
        t = self._t
        code = spec[0]
        need: int = spec[1]  # (typed here: comparisons with it are bools for mypy)
        if code == ACH_MARK:
            return self.marked[p] & need == need
        if code == ACH_BANDITS:
            return self.bandits[p] >= need
        o = p * t.num_tracks
        if code == ACH_BANNERS:
            count: int = spec[2]
            return sum(1 for k in range(t.num_tracks) if self.track[o + k] >= need) >= count
        if code == ACH_BANNER:
            k = t.castle_track[p] if spec[2] < 0 else spec[2]
            return self.track[o + k] >= need
        H = t.num_cells
        o = p * H
        if code == ACH_SEPARATE:
            gs = self.gsize
            return sum(1 for k in range(o, o + H) if gs[k] >= 2) >= need
        # ACH_GROUP_FIELDS: every listed cell marked, all in one group
        m = need
        if self.marked[p] & m != m:
            return False
        rt = self.grp[o + spec[2]]
        return all(self.grp[o + j] == rt for j in bits(m)) and self.gsize[o + rt] >= 2

    def _instant_end(self, p: int) -> bool:
        """Sheets 1-3 (rulebook: Game End): every top-row achievement claimed between the
        players, or one player claimed the whole bottom row; the game ends instantly."""
        t = self._t
        e = t.end
        A = t.num_achievements
        if e.top_row_claimed and t.top and all(self.first[a] >= 0 for a in t.top):
            self._finish()
            return True
        if e.bottom_row_by_one and t.bottom and all(self.claimed[p * A + a] for a in t.bottom):
            self._finish()
            return True
        return False

    def _end_turn(self) -> None:
        G = self._game
        t = self._t
        p = self.cur
        self.turns += 1
        if G.num_players == 1:  # Solo Play: two turns per roll, then a dice box
            if self.solo_turn == 0:
                self.solo_turn = 1
                self._begin_turn()
                return
            self.solo_turn = 0
            self.boxes += 1
            if self.boxes >= t.solo_boxes:
                self._finish()
            else:
                self.phase = PH_ROLL
            return
        e = t.end
        A = t.num_achievements
        # Play Sheet 4, Game End: checked at the end of the player's turn; the whole top row
        # earns its bonus even when the tracks condition holds too
        if e.top_row_by_one and t.top and all(self.claimed[p * A + a] for a in t.top):
            self.bonus[p] = e.top_row_bonus
            self._finish()
            return
        if e.spaces_in_every_track:
            o = p * t.num_tracks
            if all(self.track[o + k] >= e.spaces_in_every_track for k in range(t.num_tracks)):
                self._finish()
                return
        if self.turns >= G.max_turns:
            self._finish()
            return
        if self._stuck():
            self._finish()
            return
        self.cur = (p + 1) % G.num_players
        if any(self.pool):
            self._begin_turn()
        else:
            self.phase = PH_ROLL

    def _stuck(self) -> bool:
        """No player can ever mark or claim anything again: no empty field next to a town
        of an allowed colour, every river marked to its end and no claim open, on every
        sheet (R11)."""
        t = self._t
        R = t.num_rivers
        if any(self.claimable):
            return False
        reach = 0
        for c in t.allowed:
            reach |= t.die_cells[c]
        for p in range(self._game.num_players):
            if reach & ~self.marked[p]:
                return False
            if any(self.river[p * R + r] < t.river_len[r] for r in range(R)):
                return False
        return True

    def _finish(self) -> None:
        self.phase = PH_END
        self.tasks = []

    # ------------------------------------------------------------------ set-up
    def set_marks(self, player: int, cells: list[str]) -> None:
        positions.mark_cells(self, player, cells)

    def set_tracks(self, player: int, heights: dict[str, int]) -> None:
        positions.set_tracks(self, player, heights)

    def set_claims(self, player: int, names: list[str]) -> None:
        positions.set_claims(self, player, names)
