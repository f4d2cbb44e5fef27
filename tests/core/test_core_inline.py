"""The apply_action template with the game's transition inlined (regalia.core.inline):
every game gets it, it behaves exactly as the template that calls ``_apply_action``
(same states, histories and errors, illegal actions included), and a transition that
cannot be inlined to the letter keeps the calling template."""

from __future__ import annotations

import inspect
import random
from types import SimpleNamespace
from typing import Any

import pytest

import regalia
from regalia.core.errors import IllegalActionError
from regalia.core.state import PhasedState, State

GAMES = [("kingdomino", {"players": 4}), ("two-heirs", {"players": 2}),
         ("two-heirs", {"players": 1}), ("cascadito", {"players": 2}),
         ("inheritors", {"players": 3})]


def pure_game(name: str, params: dict[str, Any]) -> regalia.Game:
    if name == "kingdomino":
        return regalia.load_game(name, engine="pure", **params)
    return regalia.load_game(name, **params)


@pytest.mark.parametrize("name,params", GAMES)
def test_every_game_inlines_its_transition(name, params):
    cls = type(pure_game(name, params).new_initial_state(1))
    code = cls.apply_action.__code__
    assert code.co_filename == inspect.getsourcefile(cls._apply_action)
    assert code.co_firstlineno == cls._apply_action.__code__.co_firstlineno
    assert cls.apply_action.__doc__ == State.apply_action.__doc__


def refusal(state: State, action: object, apply) -> tuple[str, str] | None:
    before = state.to_json()
    try:
        apply(state, action)
    except IllegalActionError as e:
        assert state.to_json() == before  # a refused action changes nothing
        return type(e).__name__, str(e)
    return None


@pytest.mark.parametrize("name,params", GAMES)
def test_inlined_template_plays_as_the_calling_template(name, params):
    """Random games applied through the inlined apply_action and through the core's
    State.apply_action (which calls _apply_action) side by side: the same states and
    histories at every ply; before each ply, the same refusal for an illegal id, text,
    an id out of range; at the end, the same refusal of every action."""
    game = pure_game(name, params)
    n = game.num_distinct_actions
    for deal in range(3):
        rng = random.Random(deal)
        fast, slow = game.new_initial_state(deal), game.new_initial_state(deal)
        while True:
            legal = set(fast.legal_actions())
            bad = [a for a in rng.sample(range(n), min(n, 40)) if a not in legal][:2]
            for action in bad + ["end", n, -1, True]:
                got = refusal(fast, action, type(fast).apply_action)
                assert got is not None and got == refusal(slow, action, State.apply_action)
            if fast.is_terminal():
                break
            action = (fast.sample_chance_outcome(rng) if fast.is_chance_node()
                      else sorted(legal)[rng.randrange(len(legal))])
            fast.apply_action(action)
            State.apply_action(slow, action)
            assert fast.history() == slow.history()
            assert fast.to_json() == slow.to_json()


# ---------------------------------------------------------------------- toy transitions
class Toy(PhasedState[Any]):
    """A counter: actions 0..4; the game ends past 30."""

    __slots__ = ("_game", "_seed", "_dealer", "phase", "hist", "n")
    PHASE_NAMES = ("play", "end")
    END_PHASE = 1

    def __init__(self) -> None:
        self._game = SimpleNamespace(action_bound=5, num_distinct_actions=5)
        self._seed = self._dealer = None
        self.phase, self.hist, self.n = 0, [], 0

    def current_player(self) -> int:
        return 0 if self.phase == 0 else -4

    def legal_actions(self) -> list[int]:
        return [0, 1, 3, 4] if self.phase == 0 else []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return []

    def action_to_string(self, action: int) -> str:
        return f"add {action}"

    def string_to_action(self, text: str) -> int:
        return int(text.split()[1])

    def scores(self) -> list[float]:
        return [self.n]

    def clone(self) -> "Toy":
        return self

    def observation(self, player: int) -> dict[str, Any]:
        return {}

    def to_json(self) -> dict[str, Any]:
        return {"n": self.n, "phase": self.phase, "hist": list(self.hist)}


class EarlyReturns(Toy):
    def _apply_action(self, action: int) -> None:
        if action == 0:
            self.n += 1
            return
        if action == 2:
            raise self.illegal(action, """two is
            never legal here""")
        for _ in range(action):
            if self.n > 30:
                self.phase = 1
                return
            self.n += 1


def inlined(cls: type) -> bool:
    return cls.apply_action.__code__.co_filename == __file__


def test_a_transition_with_early_returns_is_inlined_and_keeps_the_history_once():
    assert inlined(EarlyReturns)
    s = EarlyReturns()
    for a in (0, 3, 0, 4):
        s.apply_action(a)
    assert (s.n, s.hist) == (9, [0, 3, 0, 4])
    with pytest.raises(IllegalActionError) as e:
        s.apply_action(2)
    # the multi-line message keeps its text (the source is not dedented)
    assert "two is\n            never legal here" in str(e.value) and s.hist == [0, 3, 0, 4]
    while s.phase == 0:
        s.apply_action(4)
    assert s.n == 31 and len(s.hist) == 10  # 13, 17, 21, 25, 29, then 31 ends it
    for bad in (0, 5, "add 1"):
        with pytest.raises(IllegalActionError):
            s.apply_action(bad)
    assert len(s.hist) == 10


def test_a_subclass_with_its_own_transition_gets_its_own_template():
    class Doubling(EarlyReturns):
        def _apply_action(self, action: int) -> None:
            self.n += 2 * action

    s = Doubling()
    s.apply_action(3)
    assert inlined(Doubling) and (s.n, s.hist) == (6, [3])
    t = EarlyReturns()
    t.apply_action(3)
    assert (t.n, t.hist) == (3, [3])


class ReturnsAValue(Toy):
    def _apply_action(self, action: int) -> None:
        self.n += action
        return None if action else self.n  # type: ignore[return-value]


class RebindsTheAction(Toy):
    def _apply_action(self, action: int) -> None:
        action = action * 2
        self.n += action


class ReturnsInsideFinally(Toy):
    def _apply_action(self, action: int) -> None:
        try:
            self.n += action
            return
        finally:
            self.n += 100


class UsesSuper(EarlyReturns):
    def _apply_action(self, action: int) -> None:
        super()._apply_action(action)
        self.n *= 2


class Closure(Toy):
    def _apply_action(self, action: int) -> None:
        add = lambda k: self.n + k  # noqa: E731
        self.n = add(action)


@pytest.mark.parametrize("cls,n,hist", [
    (ReturnsAValue, 3, [3]), (RebindsTheAction, 6, [3]), (ReturnsInsideFinally, 103, [3]),
    (UsesSuper, 6, [3]), (Closure, 3, [3])])
def test_a_transition_not_inlinable_to_the_letter_keeps_the_calling_template(cls, n, hist):
    assert not inlined(cls)
    assert cls.apply_action.__code__.co_filename == inspect.getsourcefile(PhasedState)
    s = cls()
    s.apply_action(3)
    assert (s.n, s.hist) == (n, hist)
