"""The Two Heirs game: parameters and per-game tables.

Source: ``shared/rules/two-heirs.rulebook.en.txt`` (Setup, How to play, Final round,
Scoring), the German rulebook where it fills gaps, and the solo rules
(``two-heirs.solo.en.md``, rendering the German "SOLOMODUS").

Parameters:

* ``players``: 2 (the game for two heirs) or 1 (solo against the automated Heinrich).
* ``sets``: the 3 sets of 6 used (Setup: "Select 3 of these sets to use for this game");
  default the rulebook's first-game advice, Travel, Land & Industry, Trade & Church.
* ``roads``: whether roads are scored (default True; "For your first game, we recommend not
  scoring roads at all" is ``roads=False``).
* ``level``: solo only, 1 to 3 (Heinrich the Poor / the Brave / the Hammer: 4 / 2 / 0
  treasures removed); default 2.
* ``data``: the path of a tiles TOML file (a user's transcription of the printed tiles);
  default the bundled reconstruction.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable

from regalia.core.errors import ParameterError
from regalia.core.game import Game, GameInfo
from regalia.core.params import data_path, digits_as_int, name_list, shown
from regalia.core.i18n import N_, _
from regalia.core.registry import register_game

from .components import (COLOURS, SET_NAMES, SETS, TileSet, TreasureSet, load_tiles,
                         load_treasures)
from .components import data_digest as _data_digest
from . import serialize
from .compiled import state_class
from .state import PureTwoHeirsState, TwoHeirsState
from .tables import build_tables

#: The first-game sets ("We recommend using the following sets for your first game:
#: Travel, Land & Industry, Trade & Church").
DEFAULT_SETS: tuple[str, ...] = ("travel", "land-industry", "trade-church")
#: Solo levels -> treasures removed ("Stufe 1 ... entferne 4 Schätze", 2, none).
LEVEL_REMOVED = {1: 4, 2: 2, 3: 0}
#: The levels' names (messages: German "Heinrich der Arme", "der Mutige", "der Hammer").
LEVEL_NAMES = {1: N_("Heinrich the Poor"), 2: N_("Heinrich the Brave"),
               3: N_("Heinrich the Hammer")}
DEFAULT_LEVEL = 2

_SET_ALIASES = {
    **{s: s for s in SETS},
    **{SET_NAMES[s].lower(): s for s in SETS},
    "land and industry": "land-industry", "trade and church": "trade-church",  # i18n: no
    "land-and-industry": "land-industry", "trade-and-church": "trade-church",
    # the German edition's set names (rulebook, "Beschreibung eines Plättchens")
    "reise": "travel", "land & industrie": "land-industry", "land und industrie": "land-industry",  # i18n: no
    "handel & kirche": "trade-church", "handel und kirche": "trade-church", "krieg": "war",  # i18n: no
    "patrouille": "patrol", "handwerk": "crafts",
}


def level_name(level: int) -> str:
    """Heinrich's level in words, in the language in force (``Heinrich the Brave``)."""
    return _(LEVEL_NAMES[level])


def normalise_sets(sets: Iterable[str] | str | None) -> tuple[str, ...]:
    """Three distinct set names in the order of :data:`SETS`.

    Accepts names (``"land-industry"``), printed titles (``"Land & Industry"``) and a
    comma-separated string. Raises ParameterError naming the six sets otherwise.
    """
    if sets is None:
        return DEFAULT_SETS
    out: list[str] = []
    for s in name_list(sets, "sets", _("a list of 3 set names"), SETS):
        key = " ".join(str(s).strip().lower().replace("_", "-").split())
        key = _SET_ALIASES.get(key, _SET_ALIASES.get(key.replace(" ", "-"), key))
        if key not in SETS:
            raise ParameterError(_("unknown Two Heirs set {set}; sets: {sets}").format(
                set=repr(s), sets=", ".join(SETS)))
        if key in out:
            raise ParameterError(_("set {set} is named twice; choose 3 different sets of "
                                   "{sets}").format(set=repr(key), sets=", ".join(SETS)))
        out.append(key)
    if len(out) != 3:
        raise ParameterError(_("Two Heirs uses exactly 3 of the 6 sets ('Select 3 of these "
                               "sets to use for this game'), not {n}; sets: {sets}").format(
            n=len(out), sets=", ".join(SETS)))
    return tuple(s for s in SETS if s in out)


@register_game
class TwoHeirsGame(Game):
    """Two Heirs for 2 players, or solo (``players=1``) against Heinrich.

    Args:
        players: 2, or 1 for the solo game against Heinrich.
        sets: the 3 sets of tiles played, of travel, land-industry, trade-church, war,
            patrol and crafts, separated by commas (default: the rulebook's first game,
            travel, land-industry and trade-church).
        roads: score roads (default on; the rulebook suggests leaving them out of a
            first game).
        level: Heinrich's level in the solo game: 1 the Poor, 2 the Brave (default), 3
            the Hammer.
        data: path of a tiles TOML file (default: the bundled reconstruction).
        engine: ``compiled`` or ``pure`` (default: the compiled engine when it is built
            and ``REGALIA_PURE=1`` is not set; see :mod:`.compiled`). Both play the same
            game; the engine is not a parameter of the game (not in :attr:`params`, so
            records and JSON do not depend on it).

    Raises:
        ParameterError: a player count, set choice, level or flag the rules do not allow.
        DataError: a tiles file that does not validate.
    """

    info = GameInfo(
        name="two-heirs",
        title="Two Heirs",
        min_players=1,
        max_players=2,
        variants={},
        perfect_information=False,
        rulebook="two-heirs.rulebook.en.txt + two-heirs.solo.en.md (German rulebook for gaps)",  # i18n: no
        test_configs=(
            {"players": 1, "level": 1},
            {"players": 1, "level": 3, "sets": ["war", "patrol", "crafts"]},
            {"players": 2, "sets": ["travel", "war", "crafts"], "roads": False},
            {"players": 2, "sets": ["land-industry", "patrol", "war"]},
        ),
    )

    def __init__(self, players: int = 2, sets: Iterable[str] | str | None = None,
                 roads: bool | str = True, level: int | None = None,
                 data: str | Path | None = None, variants: Iterable[str] | None = None,
                 *, engine: str | None = None):
        players = digits_as_int(players)
        if type(players) is not int or players not in (1, 2):
            raise ParameterError(_("Two Heirs is for 2 players, or 1 (solo against Heinrich): "
                                   "players must be 1 or 2, not {players}").format(
                players=shown(players)))
        if variants:
            names = [variants] if isinstance(variants, str) else list(variants)
            raise ParameterError(_("Two Heirs has no variants (not {variants}); its options are "
                                   "the parameters sets, roads, level, data").format(
                variants=", ".join(map(str, names))))
        self._players = players
        self.solo = players == 1
        self.sets = normalise_sets(sets)
        if isinstance(roads, str) and roads.strip().lower() in ("true", "false", "yes", "no",
                                                                  "1", "0", "on", "off"):
            roads = roads.strip().lower() in ("true", "yes", "1", "on")
        if type(roads) is not bool:
            raise ParameterError(_("roads must be True (score roads) or False (the first-game "
                                   "advice: no road scoring), not {roads}").format(
                roads=repr(roads)))
        self.roads = roads
        level = digits_as_int(level)
        if self.solo:
            if level is None:
                level = DEFAULT_LEVEL
            if type(level) is not int or level not in LEVEL_REMOVED:
                raise ParameterError(_("level must be 1 (Heinrich the Poor), 2 (the Brave) or "
                                       "3 (the Hammer), not {level}").format(
                    level=shown(level)))
        elif level is not None:
            raise ParameterError(_("level is a solo parameter (players=1); a 2-player game has "
                                   "none (got level={level})").format(level=shown(level)))
        self.level = level
        self._data = data_path(data, "tiles")
        self.tiles: TileSet = load_tiles(self._data)
        self.treasures: TreasureSet = load_treasures()
        # level is an int exactly when solo (checked above)
        self.treasures_used = (len(self.treasures.treasures) - LEVEL_REMOVED[level]
                               if level is not None else 0)
        self.colour_names = COLOURS
        self.tables = build_tables(self)
        self._state_class = state_class(engine)

    @property
    def engine(self) -> str:
        """The engine this game's states use: ``compiled`` or ``pure``."""
        return "pure" if self._state_class is PureTwoHeirsState else "compiled"

    def _game_params(self) -> dict[str, Any]:
        out: dict[str, Any] = {"sets": list(self.sets), "roads": self.roads}
        if self.solo:
            out["level"] = self.level
        return out

    @property
    def num_distinct_actions(self) -> int:
        return self.tables.num_actions

    @property
    def max_game_length(self) -> int:
        return self.tables.max_length

    def new_initial_state(self, seed: int | None = None) -> TwoHeirsState:
        return self._state_class(self, seed)  # type: ignore[call-arg]

    def _state_from_json(self, data: dict[str, Any]) -> TwoHeirsState:
        # read and checked by the pure engine, then held in this game's engine
        pure = serialize.from_json(PureTwoHeirsState, self, data)
        assert isinstance(pure, PureTwoHeirsState)
        return self._state_class._from_pure(pure)

    def data_provenance(self) -> dict[str, int]:
        counts = dict(self.tiles.provenance_summary())
        if self.solo:
            for k, v in self.treasures.provenance_summary().items():
                counts[k] = counts.get(k, 0) + v
        return counts

    def data_digest(self) -> str | None:
        return _data_digest(self.tiles, self.treasures)
