"""A game without a dedicated terminal view plugs into every command through the registry
(GenericUI). The toy game is registered only for the duration of each test."""

from __future__ import annotations

import random

import pytest

from regalia.core import registry
from regalia.core.errors import IllegalActionError, NotationError
from regalia.core.game import TERMINAL, Game, GameInfo
from regalia.core.state import State


class TinyNimState(State):
    """Take 1 or 2 counters from a pile of 5; whoever takes the last one wins."""

    def __init__(self, game, seed):
        self._game, self._seed, self.pile, self.hist = game, seed, 5, []

    @property
    def game(self):
        return self._game

    @property
    def seed(self):
        return self._seed

    def current_player(self):
        return TERMINAL if self.pile == 0 else len(self.hist) % 2

    def legal_actions(self):
        return [] if self.pile == 0 else [a for a in (0, 1) if a + 1 <= self.pile]

    def chance_outcomes(self):
        raise ValueError("no chance")

    def apply_action(self, action):
        if action not in self.legal_actions():
            raise IllegalActionError(action, f"you may take 1 or 2 of {self.pile}",
                                     f"take {action + 1}")
        self.pile -= action + 1
        self.hist.append(action)

    def action_to_string(self, action):
        return f"take {action + 1}"

    def string_to_action(self, text):
        words = text.split()
        if len(words) == 2 and words[0] == "take" and words[1] in ("1", "2"):
            return int(words[1]) - 1
        raise NotationError(f"cannot read {text!r}; write 'take 1' or 'take 2'")

    def dealer(self):
        return random.Random(self._seed)

    def returns(self):
        if self.pile:
            return [0.0, 0.0]
        winner = (len(self.hist) - 1) % 2
        return [1.0 if p == winner else 0.0 for p in (0, 1)]

    def scores(self):
        return self.returns()

    def history(self):
        return list(self.hist)

    def clone(self):
        s = TinyNimState(self._game, self._seed)
        s.pile, s.hist = self.pile, self.hist[:]
        return s

    def observation(self, player):
        return {"pile": self.pile}

    def to_json(self):
        return {"pile": self.pile, "history": self.hist}


class TinyNim(Game):
    info = GameInfo(name="tiny-nim", title="Tiny Nim", min_players=2, max_players=2)

    def __init__(self, players=2):
        self._players = int(players)

    @property
    def params(self):
        return {"players": self._players}

    @property
    def num_players(self):
        return 2

    @property
    def num_distinct_actions(self):
        return 2

    @property
    def max_game_length(self):
        return 5

    def new_initial_state(self, seed=None):
        return TinyNimState(self, seed)

    def state_from_json(self, data):
        raise NotImplementedError


@pytest.fixture(autouse=True)
def tiny_nim(monkeypatch):
    monkeypatch.setitem(registry._GAMES, "tiny-nim", TinyNim)


def test_listed_and_matched(cli, tmp_path):
    assert "tiny-nim" in cli("games").output
    path = tmp_path / "nim.json"
    result = cli("match", "tiny-nim", "-p", "random,greedy", "-s", "3", "-r", str(path))
    assert result.exit_code == 0, result.output
    assert "Seat 1 (random): take" in result.output
    assert "Final scores" in result.output
    replayed = cli("replay", str(path))
    assert replayed.exit_code == 0, replayed.output
    assert replayed.output.split("Final scores")[1] == \
        result.output.split("Final scores")[1].split("Record written")[0]


def test_played_by_a_person(cli):
    result = cli("play", "tiny-nim", "-p", "human,random", "-s", "1",
                 input="?\ntake 3\ntake one\ntake 2\ntake 2\ntake 1\ntake 2\n")
    assert result.exit_code == 0, result.output
    assert "take 1  take 2" in result.output
    assert "Illegal move 'take 3'" in result.output or "Cannot read" in result.output
    assert "Final scores" in result.output


def test_kingdomino_commands_are_not_available(cli, tmp_path):
    (tmp_path / "k.txt").write_text("C\n")
    result = cli("score", "tiny-nim", str(tmp_path / "k.txt"))
    assert result.exit_code == 2
    assert "not available for tiny-nim" in " ".join(result.output.split())
    result = cli("data", "check", "tiny-nim", str(tmp_path / "k.txt"))
    assert result.exit_code == 2
    offered = " ".join(result.output.split()).split("available for: ")[1]
    assert "kingdomino" in offered.split(", ")
