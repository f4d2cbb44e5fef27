"""The Cascadito game: parameters, the play sheet in use and its tables.

Source: ``shared/rules/cascadito.rulebook.en.txt`` (Reiner Knizia, Bitewing Games, 2023).
1 to 4 players, each on a copy of the same play sheet ("Setup": "give each player a copy of
the same sheet"); solo play with the dice-box timer and, as the variant ``harder-start``,
"mark the first 2 dice boxes before you start the game" ("Solo Play").

The four bundled sheets are reconstructions (the printed sheets are not public, see
``docs/data/cascadito.md``); ``data`` plays on a user's transcription of a real sheet.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from regalia.core.errors import DataError, ParameterError
from regalia.core.game import Game, GameInfo
from regalia.core.i18n import N_, _
from regalia.core.params import data_path, digits_as_int, normalise_variants, shown, whole_number
from regalia.core.registry import register_game

from .components import SHEET_NUMBERS, Sheet, load_dice, load_sheet
from . import serialize
from .compiled import state_class
from .state import CascaditoState, PureCascaditoState
from .tables import NUM_COLOURS, POOLS, SheetTables

VARIANTS = {
    # the descriptions are messages of the cascadito catalogue: front ends show _(text)
    "harder-start": N_("Harder start (solo only): the first 2 dice boxes are marked before "
                       "the game, as the solo rules suggest \"for a greater challenge\"."),
    "deferred-bottom-row": N_("Bottom-row claims when you choose (play sheets 1 and 2): a "
                              "bottom-row achievement you meet is claimed on that turn or a "
                              "later one, or never, as you decide, like the top row. The "
                              "rulebook can be read both ways; without this option it is "
                              "claimed at once."),
}

#: Engine limit (ruling R11): a multiplayer game ends after this many turns per player and
#: per cell of the sheet. Only players who keep passing with a die they could use reach
#: it; the rules never end such a game.
TURNS_PER_CELL = 2


@register_game
class CascaditoGame(Game):
    """Cascadito for 1 to 4 players on one of the play sheets.

    Args:
        players: 1 to 4 (default 2); 1 is the solo game.
        sheet: the play sheet, 1 to 4 (default 1: the rulebook recommends starting with
            play sheet 1).
        variants: ``harder-start`` (solo only); ``deferred-bottom-row`` (sheets 1-2:
            bottom-row claims are the player's decision, ruling R12's other reading).
        data: path of a sheet TOML file (a transcription of a printed sheet,
            ``docs/data/cascadito.md``) to play on instead of a bundled sheet; the game
            then plays that file's sheet (another ``sheet`` number is an error).
        engine: ``compiled`` or ``pure`` (default: the compiled engine when it is built,
            holds the sheet and ``REGALIA_PURE=1`` is not set; see :mod:`.compiled`).
            Both play the same game; the engine is not a parameter of the game (not in
            :attr:`params`, so records and JSON do not depend on it).

    Raises:
        ParameterError: a player count, sheet or variant the rules do not allow; an
            unknown engine, or ``compiled`` where it is not built or cannot hold the sheet.
        DataError: a sheet file that does not validate (file, record and field named).
    """

    info = GameInfo(
        name="cascadito",
        title="Cascadito",
        min_players=1,
        max_players=4,
        variants=VARIANTS,
        perfect_information=True,
        rulebook="cascadito.rulebook.en.txt",
        test_configs=(
            # sheet 1 runs at 1-4 players by default (and solo with harder-start); every
            # other sheet at every player count (issue 6: "1 to 4 players on every sheet")
            *({"players": n, "sheet": k} for k in (2, 3, 4) for n in (1, 2, 3, 4)),
        ),
    )

    def __init__(self, players: int = 2, sheet: int | str | None = None,
                 variants: Iterable[str] | str | None = None,
                 data: str | Path | None = None, *, engine: str | None = None):
        players = whole_number(players, "players", "1, 2, 3 or 4")
        if not 1 <= players <= 4:
            raise ParameterError(_("Cascadito is for 1 to 4 players (1: solo), not {n}").format(
                n=players))
        sheet = digits_as_int(sheet)
        if sheet is not None and (type(sheet) is not int or sheet not in SHEET_NUMBERS):
            raise ParameterError(_("sheet must be a play sheet number 1, 2, 3 or 4, not "
                                   "{value}").format(value=shown(sheet)))
        self._variants = normalise_variants(variants, VARIANTS, "Cascadito")
        self.harder = "harder-start" in self._variants
        if self.harder and players != 1:
            raise ParameterError(_("harder-start is a solo variant (players=1), not for {n} "
                                   "players").format(n=players))
        self._data = data_path(data, "sheet")
        self._players = players
        self.deferred_bottom = "deferred-bottom-row" in self._variants
        if self._data is None:
            self.sheet: Sheet = load_sheet(1 if sheet is None else sheet)
        else:
            if not Path(self._data).is_file():
                raise DataError(_("{path}: no such sheet file").format(path=data))
            self.sheet = load_sheet(Path(self._data))
            if sheet is not None and sheet != self.sheet.number:
                raise ParameterError(_("sheet={sheet} but the data file {path} is sheet {n}; "
                                       "leave sheet out with data").format(
                    sheet=sheet, path=data, n=self.sheet.number))
        self._sheet_no = self.sheet.number
        self.dice = load_dice()
        self.tables = SheetTables(self.sheet, self.dice)
        t = self.tables
        #: Achievements claimed the moment they are met (ruling R12): the bottom-row
        #: achievements that give an action (sheets 1-2: "Each time you accomplish ...,
        #: mark the space below and immediately take the action"); none with the variant
        #: ``deferred-bottom-row``.
        auto = sum(1 << a for a in range(t.num_achievements)
                   if not t.ach_top[a] and t.ach_actions[a])
        if self.deferred_bottom and not auto:
            raise ParameterError(_("deferred-bottom-row is for play sheets 1 and 2 (their "
                                   "bottom-row achievements give an action); sheet {n} has "
                                   "none").format(n=self.sheet.number))
        self.auto_claims = 0 if self.deferred_bottom else auto
        H, R, NT = t.num_cells, t.num_rivers, t.num_tracks
        b1 = NUM_COLOURS * H
        b2 = b1 + NUM_COLOURS * R
        b3 = b2 + NUM_COLOURS
        b4 = b3 + H
        b5 = b4 + R
        b6 = b5 + NT
        #: Action id bases: die river, die pass, task mark, task river, task track, roll.
        self.bases = (b1, b2, b3, b4, b5, b6)
        #: Claim actions: ``claim_base + a`` claims achievement ``a``;
        #: ``claim_base + num_achievements`` declines (R12).
        self.claim_base = b6 + len(POOLS)
        self._num_actions = self.claim_base + t.num_achievements + 1
        self.max_turns = (2 * t.solo_boxes if players == 1
                          else TURNS_PER_CELL * players * H)
        # a task marks a cell or a track space: at most that many task decisions per player
        tasks = H + sum(t.track_len)
        # claim decisions: each claim once per player and achievement; a decline at most
        # once per turn start, die step and task step
        claims = players * t.num_achievements
        self._max_length = 4 * self.max_turns + 2 * players * tasks + claims
        self._state_class = state_class(engine, self)

    def _game_params(self) -> dict[str, Any]:
        return {"sheet": self._sheet_no, "variants": list(self._variants)}

    @property
    def num_distinct_actions(self) -> int:
        return self._num_actions

    @property
    def max_game_length(self) -> int:
        """Rolls and die choices (at most 2 per turn, turns bounded by the solo timer or
        the engine limit R11), task decisions (each marks a cell or a track space), claims
        (one per player and achievement) and declines (at most one per turn start, die
        step and task step)."""
        return self._max_length

    @property
    def engine(self) -> str:
        """The engine this game's states use: ``compiled`` or ``pure``."""
        return "pure" if self._state_class is PureCascaditoState else "compiled"

    def new_initial_state(self, seed: int | None = None) -> CascaditoState:
        return self._state_class(self, seed)  # type: ignore[call-arg]

    def _state_from_json(self, data: dict[str, Any]) -> CascaditoState:
        # read and checked by the pure engine, then held in this game's engine
        return self._state_class._from_pure(
            serialize.from_json(PureCascaditoState, self, data))

    def data_provenance(self) -> dict[str, int]:
        counts = dict(self.sheet.provenance_summary())
        for k, v in self.dice.provenance_summary().items():
            counts[k] = counts.get(k, 0) + v
        return counts

    def data_digest(self) -> str | None:
        """SHA-256 over the sheet's and the dice's content digests."""
        import hashlib
        return hashlib.sha256(f"{self.sheet.digest()};{self.dice.digest()}".encode()).hexdigest()
