"""Every regalia game as an OpenSpiel Python game (the ``[openspiel]`` extra).

Importing this module registers ``regalia_kingdomino``, ``regalia_inheritors``,
``regalia_cascadito`` and ``regalia_two_heirs`` with pyspiel::

    import pyspiel
    import regalia.adapters.openspiel  # registers the games
    game = pyspiel.load_game("regalia_kingdomino", {"players": 3})
    state = game.new_initial_state()

Each is declared with explicit stochastic chance (draws, shuffles and dice are chance
nodes, with the engine's own outcome ids and probabilities), perfect or imperfect
information as the game is (Kingdomino and Cascadito perfect; Inheritors and Two Heirs
imperfect: hidden hands, the face-down starting tile, the supply's order), terminal rewards
(the game's returns: a sole winner 1, a shared victory split, others 0) and the tensors of
:mod:`regalia.core.tensors`: every game provides its observation tensor; only Inheritors
provides an information state tensor (``provides_information_state_tensor``), its
perfect-recall encoding, as OpenSpiel's own perfect-information games provide none and
Two Heirs' observation tensor does not record the order of the moves. Game parameters are those of ``load_game``, lists written as
text joined by ``+`` (``{"players": 2, "variants": "harmony+middle-kingdom"}``; a comma
would break OpenSpiel's game strings).

Chance and player actions share the engine's id space, so ``max_chance_outcomes`` is
``num_distinct_actions``. Observation strings are the seat's observation as JSON; the
information state string is the engine's (``information_state_string``: perfect recall),
and ``resample_from_infostate`` deals hidden information with the engine's own
determinization, which OpenSpiel's ``ISMCTSBot`` uses. Serialization is OpenSpiel's
default (the action history, replayed).
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel

from regalia.core.game import Game
from regalia.core.registry import game_class, has_perfect_recall_tensor, load_game
from regalia.core.state import State

#: pyspiel short name -> regalia game name.
GAMES = {"regalia_kingdomino": "kingdomino", "regalia_inheritors": "inheritors",
         "regalia_cascadito": "cascadito", "regalia_two_heirs": "two-heirs"}


def _defaults(name: str) -> dict[str, Any]:
    """The pyspiel parameter specification: the game's default parameters at its smallest
    player count (Kingdomino: 2), lists as text joined by ``+``."""
    import regalia  # noqa: F401  (registers the built-in games)

    info = game_class(name).info
    players = max(info.min_players, 2) if name == "kingdomino" else info.min_players
    spec: dict[str, Any] = {}
    for key, value in load_game(name, players=players).params.items():
        spec[key] = "+".join(value) if isinstance(value, list) else value
    if info.variants and "variants" not in spec:
        spec["variants"] = ""    # a game that lists its variants only when one is played
    return spec


def _to_params(name: str, pyspiel_params: dict[str, Any]) -> dict[str, Any]:
    """``load_game`` keyword arguments from pyspiel parameters (``+``-joined lists split).

    pyspiel fills in every default of the specification; a default that the game does not
    take at the chosen player count (Two Heirs' solo ``level`` in a 2-player game) is
    dropped, a value set on purpose is passed on (and refused by the game if wrong)."""
    spec = _defaults(name)
    players = pyspiel_params.get("players", spec["players"])
    try:
        applicable = set(load_game(name, players=players).params)
    except Exception:  # noqa: BLE001 - a bad player count is reported by load_game below
        applicable = set(spec)
    out: dict[str, Any] = {}
    for key, value in pyspiel_params.items():
        if key not in applicable and spec.get(key) == value:
            continue
        if isinstance(spec.get(key), str) and key != "players" and (key == "variants" or
                isinstance(load_game(name, players=spec["players"]).params.get(key), list)):
            out[key] = [v.strip() for v in str(value).split("+") if v.strip()]
        else:
            out[key] = value
    return out


class RegaliaObserver:
    """OpenSpiel's PyObserver over the regalia tensors: ``tensor`` (float32) and ``dict``
    (one named view per segment). With ``perfect_recall`` (OpenSpiel's information state)
    the tensor is the game's information state tensor where it has a perfect-recall one
    (``Game.perfect_recall_tensor``: Inheritors) and the string its information state
    string; otherwise the observation tensor and the observation as JSON."""

    def __init__(self, game: Game, iig_obs_type: Any = None, params: Any = None):
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self.history_tensor = self.perfect_recall and game.perfect_recall_tensor
        layout = (game.information_state_tensor_layout() if self.history_tensor
                  else game.observation_tensor_layout())
        self.layout = layout
        self.tensor = np.zeros(layout.size, np.float32)
        self.dict = {s.name: layout.view(self.tensor, s.name) for s in layout.segments}

    def set_from(self, state: "RegaliaSpielState", player: int) -> None:
        if self.history_tensor:
            self.tensor[:] = state.regalia.information_state_tensor(player)
        else:
            self.tensor[:] = state.regalia.observation_tensor(player)

    def string_from(self, state: "RegaliaSpielState", player: int) -> str:
        if self.perfect_recall:
            return state.regalia.information_state_string(player)
        return json.dumps(state.regalia.observation(player), sort_keys=True,
                          separators=(",", ":"))


class RegaliaSpielState(pyspiel.State):  # type: ignore[misc]
    """A regalia state seen through pyspiel (``self.regalia`` is the engine's state)."""

    def __init__(self, game: "RegaliaSpielGame", state: State | None = None):
        super().__init__(game)
        self.regalia = state if state is not None else game.regalia.new_initial_state(0)

    def current_player(self) -> int:
        # the engine's CHANCE (-1) and TERMINAL (-4) are OpenSpiel's PlayerId values
        return self.regalia.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        return self.regalia.legal_actions() if player == self.regalia.current_player() else []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.regalia.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self.regalia.apply_action(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        text = self.regalia.safe_string(int(action))
        return text if text is not None else f"action {action}"

    def is_terminal(self) -> bool:
        return self.regalia.is_terminal()

    def returns(self) -> list[float]:
        return [float(r) for r in self.regalia.returns()]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state consistent with what ``player_id`` knows (the engine's determinization),
        its generator seeded from ``probability_sampler`` (OpenSpiel's uniform sampler)."""
        seed = int(probability_sampler() * (1 << 53))
        other = self.get_game().new_initial_state()
        other.regalia = self.regalia.resample_from_infostate(player_id, random.Random(seed))
        return other

    def __deepcopy__(self, memo: dict[int, Any]) -> "RegaliaSpielState":
        return RegaliaSpielState(self.get_game(), self.regalia.clone())

    def __str__(self) -> str:
        return self.regalia.to_json_string()


class RegaliaSpielGame(pyspiel.Game):  # type: ignore[misc]
    """Base of the registered game classes; ``NAME`` is the regalia game."""

    NAME = ""
    TYPE: Any = None

    def __init__(self, params: dict[str, Any] | None = None):
        import regalia  # noqa: F401  (registers the built-in games)

        given = dict(params or {})
        self.regalia = load_game(self.NAME, **_to_params(self.NAME, given))
        g = self.regalia
        info = pyspiel.GameInfo(num_distinct_actions=g.num_distinct_actions,
                                max_chance_outcomes=g.num_distinct_actions,
                                num_players=g.num_players, min_utility=0.0, max_utility=1.0,
                                utility_sum=None, max_game_length=g.max_game_length)
        super().__init__(self.TYPE, info, given)

    def new_initial_state(self) -> RegaliaSpielState:
        return RegaliaSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> RegaliaObserver:
        return RegaliaObserver(self.regalia, iig_obs_type, params)


def _register(short_name: str, name: str) -> type[RegaliaSpielGame]:
    import regalia  # noqa: F401

    info = game_class(name).info
    imperfect = pyspiel.GameType.Information.IMPERFECT_INFORMATION
    game_type = pyspiel.GameType(
        short_name=short_name, long_name=f"regalia {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=(pyspiel.GameType.Information.PERFECT_INFORMATION
                     if info.perfect_information else imperfect),
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players, min_num_players=info.min_players,
        provides_information_state_string=True,
        # only a perfect-recall tensor is an information state tensor in OpenSpiel's sense
        # (its perfect-information games offer none: tic_tac_toe, chess, backgammon)
        provides_information_state_tensor=has_perfect_recall_tensor(name),
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=_defaults(name))
    cls = type(f"Regalia{info.title.replace(' ', '')}SpielGame", (RegaliaSpielGame,),
               {"NAME": name, "TYPE": game_type})
    pyspiel.register_game(game_type, cls)
    return cls


if GAMES and "regalia_kingdomino" not in pyspiel.registered_names():
    CLASSES = {short: _register(short, name) for short, name in GAMES.items()}
