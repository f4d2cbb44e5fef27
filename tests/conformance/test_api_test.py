"""``regalia.testing`` as a user adding a game meets it: ``api_test`` passes a correct toy
game, reports what does not apply, and catches each planted contract bug with a message
naming the check; the package runs without pytest.

The toy game, *Countdown*: a chance node sets the target (10 or 11, even odds), then the
players in turn add 1 or 2 to a shared total; whoever reaches the target wins.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any, Mapping

import pytest

import regalia
from regalia.core import registry
from regalia.core.errors import IllegalActionError, NotationError, ParameterError, RecordError
from regalia.core.game import CHANCE, TERMINAL, Game, GameInfo
from regalia.core.state import State, no_dealer_error
from regalia.testing import api_test

NAMES = ["+1", "+2", "target 10", "target 11"]


class Countdown(Game):
    info = GameInfo(name="countdown", title="Countdown", min_players=2, max_players=3)

    def __init__(self, players: int = 2, variants: list[str] | None = None):
        if players not in (2, 3):
            raise ParameterError(f"Countdown is for 2 or 3 players, not {players!r}")
        if variants:
            raise ParameterError(f"Countdown has no variants (not {', '.join(variants)})")
        self._players = players

    params = property(lambda self: {"players": self._players})
    num_players = property(lambda self: self._players)
    num_distinct_actions = property(lambda self: len(NAMES))
    max_game_length = property(lambda self: 12)

    def new_initial_state(self, seed: int | None = None) -> "CountdownState":
        state = self.state_class(self)
        state._start(self, seed)
        return state

    state_class: type["CountdownState"]

    def state_from_json(self, data: Mapping[str, Any]) -> "CountdownState":
        if not isinstance(data, Mapping) or data.get("params") != self.params:
            raise RecordError("not a Countdown state with these parameters")
        state = self.state_class(self)
        try:
            for a in data["history"]:
                state.apply_action(a)
        except (KeyError, TypeError, IllegalActionError) as exc:
            raise RecordError(f"bad Countdown state: {exc}") from None
        return state


class CountdownState(State):
    def __init__(self, game: Countdown):
        self._game, self._seed, self._dealer = game, None, None
        self._hist: list[int] = []

    def _total(self) -> int:
        return sum(a + 1 for a in self._hist[1:])

    def current_player(self) -> int:
        if not self._hist:
            return CHANCE
        if self._total() >= self._hist[0] + 8:
            return TERMINAL
        return (len(self._hist) - 1) % self._game.num_players

    def legal_actions(self) -> list[int]:
        cp = self.current_player()
        return [] if cp == TERMINAL else [2, 3] if cp == CHANCE else [0, 1]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if not self.is_chance_node():
            raise regalia.RegaliaError("not a chance node")
        return [(2, 0.5), (3, 0.5)]

    def apply_action(self, action: int) -> None:
        if action not in self.legal_actions():
            raise IllegalActionError(action, f"legal here: {self.legal_actions()}")
        self._hist.append(action)

    def action_to_string(self, action: int) -> str:
        return NAMES[action]

    def string_to_action(self, text: str) -> int:
        if text.strip() not in NAMES:
            raise NotationError(f"cannot read {text!r}; moves: {', '.join(NAMES)}")
        return NAMES.index(text.strip())

    def returns(self) -> list[float]:
        n = self._game.num_players
        if not self.is_terminal():
            return [0.0] * n
        winner = (len(self._hist) - 2) % n
        return [1.0 if p == winner else 0.0 for p in range(n)]

    def scores(self) -> list[float]:
        return [float(p == 0) * self._total() for p in range(self._game.num_players)]

    def history(self) -> list[int]:
        return list(self._hist)

    def clone(self) -> "CountdownState":
        copy = type(self)(self._game)
        copy._hist = list(self._hist)
        return copy

    def observation(self, player: int) -> dict[str, Any]:
        self.check_seat(player)
        return {"total": self._total(), "history": list(self._hist), "seat": player}

    def to_json(self) -> dict[str, Any]:
        return {"params": self._game.params, "history": list(self._hist)}


Countdown.state_class = CountdownState


# ------------------------------------------------------------------- planted bugs
class SharedHistoryClone(CountdownState):
    def clone(self):
        copy = type(self)(self._game)
        copy._hist = self._hist  # a shallow copy: moves on with the original
        return copy


class UnsortedLegalActions(CountdownState):
    def legal_actions(self):
        return list(reversed(super().legal_actions()))


class CloneKeepsTheDealer(CountdownState):
    def clone(self):
        copy = super().clone()
        copy._dealer = self._dealer
        return copy


class NotationOffByOne(CountdownState):
    def string_to_action(self, text):
        return (super().string_to_action(text) + 1) % len(NAMES)


class BiasedChance(CountdownState):
    def sample_chance_outcome(self, rng):
        return 2


def _registered(monkeypatch, state_class: type[CountdownState]) -> type[Countdown]:
    game_class = type("Countdown", (Countdown,), {"state_class": state_class})
    monkeypatch.setattr(registry, "_GAMES", dict(registry._GAMES))
    registry.register_game(game_class)
    return game_class


def test_api_test_passes_a_correct_game(monkeypatch):
    _registered(monkeypatch, CountdownState)
    report = api_test("countdown", players=3, seeds=[0, 1])
    assert report["random game, seed 1"] == "ok"
    assert report["game info"] == "ok"
    assert all(v == "ok" for v in report.values()), report
    assert len(report) == 5 + 15 + 2


def test_api_test_reports_checks_that_do_not_apply():
    report = api_test(regalia.load_game("kingdomino", players=2), seeds=[], info=False)
    assert "game info" not in report
    assert report["games with different parameters differ"] == "ok"
    report = api_test("two-heirs", players=1, seeds=[])
    assert report["sample_chance_outcome follows the probabilities"] == "ok"


@pytest.mark.parametrize("bug, check, message", [
    (SharedHistoryClone, "chance on a clone uses its own generator",
     "playing a clone out changed the original"),
    (UnsortedLegalActions, "random game, seed 0", "ply 0: legal actions must be sorted"),
    (CloneKeepsTheDealer, "random game, seed 0", "dealer() of a resample"),
    (NotationOffByOne, "random game, seed 0", "parses as"),
    (BiasedChance, "same seed, same game with the dealer",
     "different dealer seeds always gave the same game"),
])
def test_api_test_catches_a_broken_game(monkeypatch, bug, check, message):
    _registered(monkeypatch, bug)
    with pytest.raises(AssertionError) as exc:
        api_test("countdown", players=2, seeds=[0])
    text = str(exc.value)
    assert text.startswith(f"{check} (load_game('countdown', players=2)): "), text
    assert message in text, text


def test_api_test_turns_other_exceptions_into_assertion_errors(monkeypatch):
    class RaisingObservation(CountdownState):
        def observation(self, player):
            raise KeyError("boom")

    _registered(monkeypatch, RaisingObservation)
    with pytest.raises(AssertionError, match=r"^observation of a seat that does not exist "
                                             r"\(load_game\('countdown', players=2\)\): "
                                             r"unexpected KeyError: 'boom'"):
        api_test("countdown", players=2, seeds=[0])


def test_api_test_refuses_parameters_with_a_game_object():
    with pytest.raises(TypeError):
        api_test(regalia.load_game("kingdomino"), players=2)


def test_the_package_needs_neither_pytest_nor_hypothesis():
    code = ("import sys, regalia.testing, regalia.testing.golden; "
            "bad = [m for m in ('pytest', 'hypothesis', '_pytest') if m in sys.modules]; "
            "print(bad)")
    src = str(Path(regalia.__file__).resolve().parents[1])
    env = {**os.environ, "PYTHONPATH": src}
    out = subprocess.run([sys.executable, "-c", code], env=env, check=True,
                         capture_output=True, text=True).stdout
    assert out.strip() == "[]"


def test_random_action_at_chance_follows_the_generator():
    from regalia.testing import random_action
    state = regalia.load_game("kingdomino", players=2).new_initial_state(0)
    picks = {random_action(state, random.Random(s)) for s in range(30)}
    assert picks <= set(state.legal_actions()) and len(picks) > 5
