"""The Kingdomino game: parameters, variants and per-game tables.

Source: Kingdomino rulebook (Bruno Cathala, Blue Orange, 2016) as summarised in
``shared/rules/COMPONENTS.md``:

=========  ==========  ===============  ==============  ======
players    kings each  dominoes used    per line        lines
=========  ==========  ===============  ==============  ======
2          2           24 (24 unseen)   4               6
3          1           36 (12 unseen)   3               12
4          1           48               4               12
2 (duel)   2           48               4               12
=========  ==========  ===============  ==============  ======

Variants, combinable: ``dynasty`` (3 games in a row, total points), ``middle-kingdom``
(+10 when the castle is in the centre), ``harmony`` (+5 for a complete kingdom with no
discarded domino), ``mighty-duel`` (2 players, all 48 dominoes, 7x7 kingdoms).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable, Sequence

from regalia.core.errors import ParameterError
from regalia.core.game import Game, GameInfo
from regalia.core.i18n import N_, _
from regalia.core.params import data_path, normalise_variants, whole_number
from regalia.core.registry import register_game

from .board import geometry
from .components import DominoSet, load_dominoes
from . import serialize
from . import compiled
from .compiled import state_class
from .state import KingdominoState, PureKingdominoState

#: Variant name -> ``"Title: rule"`` in English (marked for the catalogue: a front end
#: shows ``_(VARIANTS[name])``, or :func:`variant_text`).
VARIANTS = {
    "dynasty": N_("Dynasty: three games in a row; the highest total wins."),
    "middle-kingdom": N_("Middle Kingdom: +10 points when the castle is in the centre of the "
                         "kingdom."),
    "harmony": N_("Harmony: +5 points for a complete kingdom with no discarded domino."),
    "mighty-duel": N_("The Mighty Duel: 2 players, all 48 dominoes, 7x7 kingdoms."),
}


def variant_text(name: str) -> str:
    """``"Title: rule"`` of variant ``name`` in the language in force (``name`` itself
    for a name that is no variant)."""
    return _(VARIANTS[name]) if name in VARIANTS else name


def variant_title(name: str) -> str:
    """The title of variant ``name`` in the language in force: ``Middle Kingdom``."""
    return variant_text(name).partition(": ")[0]


@register_game
class KingdominoGame(Game):
    """Kingdomino for 2, 3 or 4 players.

    Args:
        players: 2, 3 or 4 (default 4).
        variants: any of :data:`VARIANTS` (names, or one comma-separated string).
        data: path of a dominoes TOML file (default: the bundled, verified set).
        engine: ``compiled`` or ``pure`` (default: the compiled engine when it is built
            and ``REGALIA_PURE=1`` is not set; see :mod:`.compiled`). Both play the same
            game; the engine is not a parameter of the game (not in :attr:`params`, so
            records and JSON do not depend on it).

    Raises:
        ParameterError: a player count or variant the rules do not allow.
        DataError: a dominoes file that does not validate.
    """

    info = GameInfo(
        name="kingdomino",
        title="Kingdomino",
        min_players=2,
        max_players=4,
        variants=VARIANTS,
        perfect_information=True,
        rulebook="kingdomino.quick-reference.en.txt + COMPONENTS.md (Kingdomino)",
    )

    def __init__(self, players: int = 4, variants: Iterable[str] | str | None = None,
                 data: str | Path | None = None, *, engine: str | None = None):
        players = whole_number(players, "players", _("2, 3 or 4"))
        if players not in (2, 3, 4):
            raise ParameterError(_("Kingdomino is for 2, 3 or 4 players, not {players}").format(
                players=players))
        self._variants = normalise_variants(variants, VARIANTS, "Kingdomino")
        self.duel = "mighty-duel" in self._variants
        if self.duel and players != 2:
            raise ParameterError(_("The Mighty Duel is a 2-player variant, not for {players} "
                                   "players").format(players=players))
        self._players = players
        self._data = data_path(data, "dominoes")
        self.dominoes: DominoSet = load_dominoes(self._data)
        self.middle_kingdom = "middle-kingdom" in self._variants
        self.harmony = "harmony" in self._variants
        self.num_games = 3 if "dynasty" in self._variants else 1
        # setup table (rulebook: setup by player count)
        self.kings_each = 2 if players == 2 else 1
        self.num_kings = players * self.kings_each
        self.per_line = 3 if players == 3 else 4
        self.dominoes_used = 48 if (players == 4 or self.duel) else 12 * players
        self.num_lines = self.dominoes_used // self.per_line
        self.owner = tuple(k % players for k in range(self.num_kings))
        self.geo = geometry(7 if self.duel else 5)
        # domino tables indexed by number (index 0 unused)
        ds = self.dominoes.dominoes_sorted
        self.t1 = [0] + [d.first.terrain_index for d in ds]
        self.t2 = [0] + [d.second.terrain_index for d in ds]
        self.c1 = [0] + [d.first.crowns for d in ds]
        self.c2 = [0] + [d.second.crowns for d in ds]
        self.sym = [False] + [d.first == d.second for d in ds]
        self.code = [""] + [d.code() for d in ds]
        self._state_class = state_class(engine)

    @property
    def engine(self) -> str:
        """The engine this game's states use: ``compiled`` or ``pure``."""
        return "pure" if self._state_class is PureKingdominoState else "compiled"

    @property
    def num_distinct_actions(self) -> int:
        return self.geo.num_actions

    @property
    def max_game_length(self) -> int:
        # per game: draws + king draws + placements + picks
        return self.num_games * (3 * self.dominoes_used + 2 * self.num_kings)

    def new_initial_state(self, seed: int | None = None) -> KingdominoState:
        return self._state_class(self, seed)  # type: ignore[call-arg]

    def _state_from_json(self, data: dict[str, Any]) -> KingdominoState:
        # read and checked by the pure engine, then held in this game's engine
        return self._state_class._from_pure(
            serialize.from_json(PureKingdominoState, self, data))

    def vector_kernel(self, num_envs: int, seat: int, opponents: Sequence[str],
                      reward: str, illegal_reward: float) -> Any | None:
        """See :meth:`regalia.core.game.Game.vector_kernel`: the compiled engine's
        (:func:`.compiled.vector_kernel`); None on the pure engine."""
        if self.engine != "compiled":
            return None
        return compiled.vector_kernel(self, num_envs, seat, opponents, reward, illegal_reward)

    def data_provenance(self) -> dict[str, int]:
        return self.dominoes.provenance_summary()

    def data_digest(self) -> str | None:
        """SHA-256 of the dominoes as loaded (so a record notices a changed data file)."""
        return self.dominoes.digest()
