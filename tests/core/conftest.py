"""Fixtures for the core unit tests.

``dice_race`` registers a tiny toy game, *Dice Race*, for the duration of one test (the
registry is restored afterwards, so the conformance suite never sees it). The toy game
implements the contract with the base class's defaults wherever there is one
(``sample_chance_outcome``, ``information_state_string``, ``resample_from_infostate``,
``history_strings``, ``to_json_string``, ``__eq__``), which lets the core be tested
independently of Kingdomino.

Dice Race: each turn is a chance roll of 1, 2 or 3 (probabilities 0.5, 0.3, 0.2) followed
by the player's choice to ``keep`` the roll (add it to their total) or ``skip`` it. Every
player has ``rounds`` turns (2; 1 with the variant ``short``); the highest total wins.
"""

from __future__ import annotations

import random
from typing import Any, Mapping

import pytest

from regalia.core import registry
from regalia.core.errors import IllegalActionError, NotationError, ParameterError, RecordError
from regalia.core.game import CHANCE, TERMINAL, Game, GameInfo
from regalia.core.state import State, no_dealer_error

ROLL_PROBS = (0.5, 0.3, 0.2)
KEEP, SKIP = 3, 4


class DiceRaceGame(Game):
    info = GameInfo(name="dice-race", title="Dice Race", min_players=2, max_players=3,
                    variants={"short": "one turn each instead of two"})

    def __init__(self, players: int = 2, variants: list[str] | tuple[str, ...] = ()):
        if players not in (2, 3):
            raise ParameterError(f"Dice Race is for 2 or 3 players, not {players}")
        for v in variants:
            if v not in self.info.variants:
                raise ParameterError(f"unknown variant {v!r}; variants: short")
        self._players = players
        self._variants = sorted(set(variants))
        self.rounds = 1 if "short" in self._variants else 2

    @property
    def params(self) -> dict[str, Any]:
        return {"players": self._players, "variants": list(self._variants)}

    @property
    def num_players(self) -> int:
        return self._players

    @property
    def num_distinct_actions(self) -> int:
        return 5

    @property
    def max_game_length(self) -> int:
        return 2 * self.rounds * self._players

    def new_initial_state(self, seed: int | None = None) -> "DiceRaceState":
        return DiceRaceState(self, seed, random.Random(seed))

    def state_from_json(self, data: Mapping[str, Any]) -> "DiceRaceState":
        if data.get("game") != self.info.name or data.get("params") != self.params:
            raise RecordError("not a Dice Race state with these parameters")
        state = DiceRaceState(self, data.get("seed"), None)
        try:
            for a in data["history"]:
                state.apply_action(a)
        except (KeyError, TypeError, IllegalActionError) as exc:
            raise RecordError(f"bad Dice Race state: {exc}") from None
        return state


class DiceRaceState(State):
    __slots__ = ("_game", "_seed", "_dealer", "_hist", "_roll", "_totals")

    def __init__(self, game: DiceRaceGame, seed: int | None, dealer: random.Random | None):
        self._game = game
        self._seed = seed
        self._dealer = dealer
        self._hist: list[int] = []
        self._roll = 0
        self._totals = [0] * game.num_players

    @property
    def game(self) -> DiceRaceGame:
        return self._game

    @property
    def seed(self) -> int | None:
        return self._seed

    def dealer(self) -> random.Random:
        if self._dealer is None:
            raise no_dealer_error()
        return self._dealer

    def current_player(self) -> int:
        turn = len(self._hist) // 2
        if turn >= self._game.rounds * self._game.num_players:
            return TERMINAL
        if len(self._hist) % 2 == 0:
            return CHANCE
        return turn % self._game.num_players

    def legal_actions(self) -> list[int]:
        cp = self.current_player()
        if cp == TERMINAL:
            return []
        return [0, 1, 2] if cp == CHANCE else [KEEP, SKIP]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if not self.is_chance_node():
            from regalia.core.errors import RegaliaError
            raise RegaliaError("not a chance node")
        return list(enumerate(ROLL_PROBS))

    def apply_action(self, action: int) -> None:
        if action not in self.legal_actions():
            raise IllegalActionError(action, f"legal here: {self.legal_actions()}")
        cp = self.current_player()
        if cp == CHANCE:
            self._roll = action + 1
        elif action == KEEP:
            self._totals[cp] += self._roll
        self._hist.append(action)

    def action_to_string(self, action: int) -> str:
        names = ["roll 1", "roll 2", "roll 3", "keep", "skip"]
        if not isinstance(action, int) or not 0 <= action < len(names):
            raise NotationError(f"no action {action!r}")
        return names[action]

    def string_to_action(self, text: str) -> int:
        names = ["roll 1", "roll 2", "roll 3", "keep", "skip"]
        t = " ".join(text.lower().split())
        if t not in names:
            raise NotationError(f"cannot read {text!r}; moves: {', '.join(names)}")
        return names.index(t)

    def returns(self) -> list[float]:
        n = self._game.num_players
        if not self.is_terminal():
            return [0.0] * n
        best = max(self._totals)
        win = [p for p in range(n) if self._totals[p] == best]
        return [1.0 / len(win) if p in win else 0.0 for p in range(n)]

    def scores(self) -> list[float]:
        return list(self._totals)

    def history(self) -> list[int]:
        return list(self._hist)

    def clone(self) -> "DiceRaceState":
        s = DiceRaceState(self._game, self._seed, None)
        s._hist = self._hist[:]
        s._roll = self._roll
        s._totals = self._totals[:]
        return s

    def observation(self, player: int) -> dict[str, Any]:
        if not 0 <= player < self._game.num_players:
            raise ValueError(f"no seat {player}")
        return {"totals": list(self._totals), "roll": self._roll, "player": player}

    def to_json(self) -> dict[str, Any]:
        return {"game": self._game.info.name, "params": self._game.params,
                "seed": self._seed, "history": list(self._hist)}


@pytest.fixture
def dice_race(monkeypatch) -> type[DiceRaceGame]:
    """Register Dice Race for one test; the registry is restored afterwards."""
    monkeypatch.setattr(registry, "_GAMES", dict(registry._GAMES))
    assert registry.register_game(DiceRaceGame) is DiceRaceGame
    return DiceRaceGame
