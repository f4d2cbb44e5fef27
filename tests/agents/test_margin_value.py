"""``value=margin``: playouts valued by victory share and score margin (for games where
nearly every playout is lost, such as Two Heirs solo against Heinrich at level 3)."""

from __future__ import annotations

import pytest

import regalia
from regalia.agents import make_agent
from regalia.agents.search import margin_values
from regalia.core.errors import RegaliaError


def finished(name: str, seed: int = 3, **params):
    s = regalia.load_game(name, **params).new_initial_state(seed)
    agent = make_agent("greedy", seed=seed)
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_random_chance()
        else:
            s.apply_action(agent.step(s))
    return s


def test_score_margin_default_is_own_score_minus_best_opponent():
    s = finished("kingdomino", players=3)
    sc = s.scores()
    for k in range(3):
        assert s.score_margin(k) == sc[k] - max(v for i, v in enumerate(sc) if i != k)


def test_solo_margin_counts_heinrich_and_a_lone_player_has_none():
    s = finished("two-heirs", players=1, level=3)
    assert s.score_margin(0) == s.scores()[0] - s.heinrich_score
    assert finished("cascadito", players=1).score_margin(0) is None


def test_margin_values_are_exact_and_in_range():
    s = finished("kingdomino", players=2, seed=5)
    (a, b), (ra, rb) = s.scores(), s.returns()
    scale = max(abs(a), abs(b), 1.0)
    expect = [0.5 * ra + 0.5 * (0.5 + (a - b) / (4 * scale)),
              0.5 * rb + 0.5 * (0.5 + (b - a) / (4 * scale))]
    assert margin_values(s) == pytest.approx(expect)
    assert all(0.0 <= v <= 1.0 for v in margin_values(s))
    # a seat without opponents keeps its return
    lone = finished("cascadito", players=1)
    assert margin_values(lone) == lone.returns()


def test_solo_values_rank_a_near_loss_above_a_rout():
    # Every level-3 solo game greedy plays here is lost (return 0), yet margins differ:
    # the value still orders the games by how close they were (the margin relative to the
    # larger of the two scores).
    games = [finished("two-heirs", seed=k, players=1, level=3) for k in range(4)]
    lost = [g for g in games if g.returns() == [0.0]]
    assert len(lost) >= 2

    def relative(g):
        return g.score_margin(0) / max(abs(g.scores()[0]), abs(g.heinrich_score), 1)

    by_margin = sorted(lost, key=relative)
    values = [margin_values(g)[0] for g in by_margin]
    assert values == sorted(values) and values[0] < values[-1]
    assert all(0.0 <= v < 0.5 for v in values)


@pytest.mark.parametrize("name", ["mce", "mcts", "ismcts"])
def test_margin_option_is_typed_reproducible_and_in_the_spec(name):
    s = regalia.load_game("two-heirs", players=1, level=3).new_initial_state(2)
    while s.is_chance_node() or len(s.legal_actions()) < 2:
        if s.is_chance_node():
            s.apply_random_chance()
        else:
            s.apply_action(s.legal_actions()[0])
    a = make_agent(f"{name}:iterations=20,value=margin", seed=4)
    b = make_agent(f"{name}:iterations=20,value=margin", seed=4)
    assert a.step(s) == b.step(s) and a.last_stats == b.last_stats
    assert "value=margin" in a.spec()
    assert all(0.0 <= st.value <= 1.0 for st in a.last_stats)
    assert make_agent(f"{name}:iterations=5").value == "win"
    with pytest.raises(RegaliaError, match="choose one of win, margin, points"):
        make_agent(f"{name}:value=score")
