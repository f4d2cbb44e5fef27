"""Draw Duel: a test game whose balance is known exactly, with its balance module.

Two seats are each dealt one of ``cards`` cards (chance, without replacement: ``card N``),
each says ``go`` (one decision per seat, so an agent plays), and a last chance node names
the winner (``winner S``). Seat ``s`` wins with probability proportional to
``weight(card of s) * lead(s)``: card 0 weighs ``edge`` and the others 1; seat 0's factor is
``lead / (100 - lead)`` and seat 1's 1. So with ``edge=1`` seat 0 wins ``lead`` percent of
games, and with ``lead=50`` the seat holding card 0 wins ``edge / (edge + 1)`` of the games
it holds it in. The winner scores ``10`` plus its card's number, the loser its card's number.

:func:`register` adds the game to the registry as ``draw-duel`` with this module as its
balance module (component kind ``card``: in play when dealt, taken by the seat dealt it);
:func:`unregister` takes it out again (so that the suites that walk every registered game
never meet it).
"""

from __future__ import annotations

from typing import Any

from regalia.core.balance import ComponentKind, GameComponents
from regalia.core.errors import IllegalActionError, NotationError, RegaliaError
from regalia.core.game import CHANCE, TERMINAL, Game, GameInfo
from regalia.core.registry import register_balance, register_game
from regalia.core.state import State, uniform_outcomes


class DrawDuel(Game):
    info = GameInfo(name="draw-duel", title="Draw Duel", min_players=2, max_players=2)

    def __init__(self, players: int = 2, cards: int = 6, edge: int = 1, lead: int = 50):
        self._players = 2
        self.cards, self.edge, self.lead = int(cards), int(edge), int(lead)

    def _game_params(self) -> dict[str, Any]:
        return {"cards": self.cards, "edge": self.edge, "lead": self.lead}

    @property
    def num_distinct_actions(self) -> int:
        return self.cards + 3  # cards dealt, go, winner 0 / 1

    @property
    def max_game_length(self) -> int:
        return 5

    def new_initial_state(self, seed: int | None = None) -> "DrawDuelState":
        return DrawDuelState(self, seed)


class DrawDuelState(State):
    def __init__(self, game: DrawDuel, seed: int | None):
        self._start(game, seed)
        self.hist: list[int] = []

    def current_player(self) -> int:
        n = len(self.hist)
        if n < 2:
            return CHANCE
        if n < 4:
            return n - 2
        return CHANCE if n == 4 else TERMINAL

    def legal_actions(self) -> list[int]:
        p = self.current_player()
        if p == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        return [] if p == TERMINAL else [self.game.cards]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        g = self.game
        n = len(self.hist)
        if n < 2:
            return uniform_outcomes([c for c in range(g.cards) if c not in self.hist])
        if n != 4:
            raise RegaliaError("not a chance node")
        w = [(g.edge if c == 0 else 1) for c in self.hist[:2]]
        w[0] *= g.lead / (100 - g.lead)
        return [(g.cards + 1, w[0] / sum(w)), (g.cards + 2, w[1] / sum(w))]

    def apply_action(self, action: int) -> None:
        if action not in self.legal_actions():
            raise IllegalActionError(action, "not legal here")
        self.hist.append(action)

    def action_to_string(self, action: int) -> str:
        c = self.game.cards
        return f"card {action}" if action < c else "go" if action == c else f"winner {action - c - 1}"

    def string_to_action(self, text: str) -> int:
        for a in range(self.game.num_distinct_actions):
            if self.action_to_string(a) == text:
                return a
        raise NotationError(text)

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        w = self.hist[4] - self.game.cards - 1
        return [1.0 if s == w else 0.0 for s in range(2)]

    def scores(self) -> list[float]:
        r = self.returns()
        return [10 * r[s] + self.hist[s] if len(self.hist) > s else 0.0 for s in range(2)]

    def history(self) -> list[int]:
        return list(self.hist)

    def clone(self) -> "DrawDuelState":
        s = self._blank_copy()
        s.hist = self.hist[:]
        return s

    def observation(self, player: int) -> dict[str, Any]:
        return {"history": list(self.hist)}

    def information_state_string(self, player: int) -> str:
        return " ".join(map(str, self.hist))

    def to_json(self) -> dict[str, Any]:
        return {"history": list(self.hist)}


KINDS = (ComponentKind("card", "Cards", in_play="dealt", taken="dealt to the seat"),)


def components(state: DrawDuelState) -> GameComponents:
    dealt = state.hist[:2]
    return GameComponents(in_play={"card": tuple(str(c) for c in sorted(dealt))},
                          taken=tuple({"card": (str(c),)} for c in dealt))


def register() -> None:
    register_game(DrawDuel)
    register_balance("draw-duel", __name__)


def unregister() -> None:
    from regalia.core import registry

    registry._GAMES.pop("draw-duel", None)
    registry._BALANCE.pop("draw-duel", None)
