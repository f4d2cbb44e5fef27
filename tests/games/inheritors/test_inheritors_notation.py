"""Typed Inheritors actions: ``state.decode(action)`` gives the kind, the fields and the
notation of every action id (III. Gameplay: the five actions, the Advocates' choices, the
claims; the chance outcomes of setup and draws)."""

from __future__ import annotations

import random

import pytest

import regalia
from regalia.core.errors import NotationError
from regalia.games.inheritors.notation import CHANCE_KINDS, DECISION_KINDS, Action


def _game(players=3):
    return regalia.load_game("inheritors", players=players)


def test_decode_hand_worked_ids():
    g = _game(3)
    s = g.new_initial_state(1)
    t = g.lookup["purple 2"]
    assert s.decode(g.A_ASK + 30 * 1 + t) == Action(
        g.A_ASK + 30 + t, "ask", "ask P2 for purple 2", card="purple 2", seat=1)
    spy = g.lookup["spy"]
    a = s.decode(g.A_MARKET + 9 * spy + 3 * 0 + 2)
    assert (a.kind, a.card, a.row, a.take_row, a.notation) == (
        "discard-take", "Spy", 1, 3, "discard Spy to row 1, take row 3")
    a = s.decode(g.A_SABO + 5 * 2 + g.colours.index("blue"))
    assert (a.kind, a.seat, a.colour) == ("sabotage", 2, "blue")
    assert s.decode(g.A_END).kind == "end-turn" and s.decode(g.A_PASS).kind == "pass"
    a = s.decode(g.C_FIRST + 2)
    assert (a.kind, a.seat, a.is_chance, a.notation) == ("first-player", 2, True,
                                                         "first player P3")
    assert s.decode(g.A_QUEST + 5).colour == "white"
    assert not s.decode(g.A_PLAY + t).is_chance


@pytest.mark.parametrize("bad", [-1, 10 ** 6, "play purple 1", True])
def test_decode_refuses_what_is_no_action_id(bad):
    s = _game().new_initial_state(1)
    with pytest.raises(NotationError):
        s.decode(bad)


@pytest.mark.parametrize("players", [2, 4])
def test_decode_agrees_with_the_notation_on_every_move_of_random_games(players):
    """Every legal action: its notation is ``action_to_string`` and reads back to the id;
    its kind is a known kind, chance kinds exactly at chance nodes."""
    g = _game(players)
    seen = set()
    for seed in range(3):
        s = g.new_initial_state(seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            for a in s.legal_actions():
                d = s.decode(a)
                assert d.id == a and d.notation == s.action_to_string(a)
                assert s.string_to_action(d.notation) == a
                assert d.kind in (CHANCE_KINDS if s.is_chance_node() else DECISION_KINDS)
                assert d.is_chance == s.is_chance_node()
                seen.add(d.kind)
                if d.kind in ("play", "use", "discard-draw", "discard-take", "ask"):
                    assert d.card is not None and g.lookup[d.card.casefold()] >= 0
                if d.kind == "take":
                    assert d.card is not None and 1 <= d.row <= 3 and d.depth >= 1
            a = (s.sample_chance_outcome(rng) if s.is_chance_node()
                 else rng.choice(s.legal_actions()))
            s.apply_action(a)
    assert {"play", "discard-draw", "discard-take", "end-turn", "card"} <= seen
