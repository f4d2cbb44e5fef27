"""A toy game with hidden information for testing search agents: Secret Guess.

Two players are each dealt a secret card 0..2 (chance; each sees only their own). Player 0
then guesses player 1's card: right, player 0 wins; wrong, player 1 guesses player 0's card:
right, player 1 wins; else a shared victory. Actions 0..2: deal card k (chance);
3..5: guess k. Not registered: only these tests use it.
"""

from __future__ import annotations

import random

import pytest

from regalia.core.errors import IllegalActionError, NotationError, RegaliaError
from regalia.core.game import CHANCE, TERMINAL, Game, GameInfo
from regalia.core.state import State, uniform_outcomes


class SecretGuess(Game):
    info = GameInfo(name="secret-guess", title="Secret Guess", min_players=2, max_players=2,
                    perfect_information=False)

    @property
    def params(self):
        return {}

    @property
    def num_players(self):
        return 2

    @property
    def num_distinct_actions(self):
        return 6

    @property
    def max_game_length(self):
        return 4

    def new_initial_state(self, seed=None):
        return SecretGuessState(self, seed)

    def state_from_json(self, data):
        s = SecretGuessState(self, data["seed"])
        for a in data["history"]:
            s.apply_action(a)
        return s


class SecretGuessState(State):
    def __init__(self, game, seed):
        self._game, self._seed = game, seed
        self._dealer = random.Random(seed) if seed is not None else None
        self.cards: list[int] = []
        self.guesses: list[int] = []
        self.hist: list[int] = []

    game = property(lambda self: self._game)
    seed = property(lambda self: self._seed)

    def dealer(self):
        if self._dealer is None:
            raise RegaliaError("no dealer")
        return self._dealer

    def current_player(self):
        if len(self.cards) < 2:
            return CHANCE
        if self._winner() is not None:
            return TERMINAL
        return len(self.guesses)

    def _winner(self):
        if self.guesses and self.guesses[0] == self.cards[1]:
            return 0
        if len(self.guesses) == 2:
            return 1 if self.guesses[1] == self.cards[0] else -1
        return None

    def legal_actions(self):
        p = self.current_player()
        if p == CHANCE:
            return [0, 1, 2]
        return [] if p == TERMINAL else [3, 4, 5]

    def chance_outcomes(self):
        return uniform_outcomes([0, 1, 2])

    def apply_action(self, action):
        if action not in self.legal_actions():
            raise IllegalActionError(action, "not legal here")
        (self.cards if action < 3 else self.guesses).append(action % 3)
        self.hist.append(action)

    def action_to_string(self, action):
        return f"{'deal' if action < 3 else 'guess'} {action % 3}"

    def string_to_action(self, text):
        word, _, k = text.partition(" ")
        if word not in ("deal", "guess") or k not in ("0", "1", "2"):
            raise NotationError(text)
        return int(k) + (0 if word == "deal" else 3)

    def returns(self):
        w = self._winner()
        if self.current_player() != TERMINAL:
            return [0.0, 0.0]
        return [0.5, 0.5] if w == -1 else [1.0 if p == w else 0.0 for p in range(2)]

    def scores(self):
        return self.returns()

    def history(self):
        return list(self.hist)

    def clone(self):
        s = SecretGuessState(self._game, self._seed)
        s._dealer = None
        s.cards, s.guesses, s.hist = self.cards[:], self.guesses[:], self.hist[:]
        return s

    def observation(self, player):
        own = self.cards[player] if len(self.cards) > player else None
        return {"own_card": own, "guesses": list(self.guesses)}

    def information_state_string(self, player):
        return repr(self.observation(player))

    def resample_from_infostate(self, player, rng):
        s = self.clone()
        for other in range(len(s.cards)):
            if other != player:
                s.cards[other] = rng.randrange(3)
        s.hist = [c for c in s.cards] + [g + 3 for g in s.guesses]
        return s

    def to_json(self):
        return {"seed": self._seed, "history": list(self.hist)}


@pytest.fixture
def secret_guess():
    """``deal(own, other)``: a Secret Guess state where player 0 holds ``own``, player 1
    holds ``other``, and player 0 is to guess."""
    game = SecretGuess()

    def deal(own: int, other: int) -> State:
        s = game.new_initial_state(0)
        s.apply_action(own)
        s.apply_action(other)
        return s
    return deal
