"""Cascadito's ``greedy`` playout policy: registered, legal, and much stronger than random."""

from __future__ import annotations

import random

import pytest

from regalia import load_game
from regalia.arena import play_match
from regalia.core.registry import game_policy
from regalia.games.cascadito.policies import greedy_policy


def test_greedy_policy_is_registered():
    assert game_policy("cascadito", "greedy") is greedy_policy


@pytest.mark.parametrize("sheet", (1, 2, 3, 4))
def test_greedy_plays_legal_moves_and_beats_random(sheet):
    g = load_game("cascadito", players=2, sheet=sheet)
    wins = 0.0
    for seed in range(6):
        seats = ["greedy", "random"] if seed % 2 == 0 else ["random", "greedy"]
        r = play_match(g, seats, seed=seed)
        assert r.record.replay() == r.state
        wins += r.returns[seats.index("greedy")]
    assert wins >= 5


def test_greedy_takes_the_town_scoring():
    """With pink dice and a group next to pink towns, greedy marks a field that scores a
    pink town (g8, the rulebook example's field, or h9, a bandit next to another one)."""
    g = load_game("cascadito", players=1, sheet=2)
    s = g.new_initial_state(0)
    s.apply_action(s.string_to_action("roll PP"))
    s.set_marks(0, ["h8", "h7"])  # (15, 7), (13, 7): the sheet-2 example's group
    a = greedy_policy(s, random.Random(0))
    assert s.action_to_string(a) in ("pink g8", "pink h9")
    s.apply_action(a)
    assert s.track_heights(0)["pink"] == 1
