"""``horizon=N``: playouts cut after N decisions and valued by the scores as they stand
(:func:`regalia.agents.search.standing_values`)."""

from __future__ import annotations

import random

import pytest

import regalia
from regalia.agents import make_agent
from regalia.agents.search import playout, playout_policy, standing_values
from regalia.core.errors import RegaliaError


def solo_position(seed: int = 2, decisions: int = 12):
    """A level-3 solo Two Heirs state after ``decisions`` greedy decisions."""
    s = regalia.load_game("two-heirs", players=1, level=3).new_initial_state(seed)
    greedy = make_agent("greedy", seed=seed)
    k = 0
    while s.is_chance_node() or k < decisions:
        if s.is_chance_node():
            s.apply_random_chance()
        else:
            s.apply_action(greedy.step(s))
            k += 1
    return s


def test_standing_values_read_the_scores_as_they_stand():
    s = solo_position()
    assert not s.is_terminal()
    m = s.score_margin(0)
    own = s.player_score(0)
    assert m == own - s.heinrich_score and m < 0  # Heinrich's ten treasures still count
    lead = 1.0 if m > 0 else 0.0
    scale = max(abs(own), abs(own - m), 1.0)
    assert standing_values(s, "points") == [m]
    assert standing_values(s, "win") == [lead]
    assert standing_values(s, "margin") == pytest.approx(
        [0.5 * lead + 0.5 * (0.5 + m / (4 * scale))])
    # two players: the leader alone gets 1 with value=win
    t = regalia.load_game("kingdomino", players=3).new_initial_state(4)
    rnd = make_agent("random", seed=1)
    while t.is_chance_node() or len(t.history()) < 40:
        t.apply_random_chance() if t.is_chance_node() else t.apply_action(rnd.step(t))
    sc = t.scores()
    top = max(sc)
    expect = [1.0 if v == top and sc.count(top) == 1 else 0.0 for v in sc]
    assert standing_values(t, "win") == expect


def test_a_horizon_playout_stops_after_exactly_that_many_decisions():
    s = solo_position()
    fast = playout_policy(s, "fast")
    calls = []

    def counting(state, rng):
        calls.append(state.current_player())
        return fast(state, rng)

    cut = s.clone()
    values = playout(cut, random.Random(3), counting, "points", horizon=7)
    assert len(calls) == 7 and not cut.is_terminal()
    assert values == standing_values(cut, "points") == [cut.score_margin(0)]
    # the same draws as a playout to the end, up to the cut: a horizon beyond the end
    # of the game plays the whole game and values it as a finished one
    whole, long = s.clone(), s.clone()
    a = playout(whole, random.Random(3), fast, "margin")
    b = playout(long, random.Random(3), fast, "margin", horizon=10_000)
    assert long.is_terminal() and a == b and whole == long


@pytest.mark.parametrize("name", ["mce", "mcts", "ismcts"])
def test_horizon_option_is_reproducible_and_round_trips(name):
    s = solo_position(seed=5)
    spec = f"{name}:iterations=30,playout=fast,value=points,horizon=9"
    a, b = make_agent(spec, seed=2), make_agent(spec, seed=2)
    assert a.step(s) == b.step(s) and a.last_stats == b.last_stats
    assert a.horizon == 9 and a.spec() == spec and make_agent(a.spec()).spec() == spec
    assert s == solo_position(seed=5)   # the search does not change the given state
    assert make_agent(f"{name}:iterations=5").horizon == 0


def test_a_horizon_beyond_the_end_is_the_search_without_one():
    s = solo_position(seed=7)
    a = make_agent("mcts:iterations=40,playout=fast,value=margin", seed=6)
    b = make_agent("mcts:iterations=40,playout=fast,value=margin,horizon=100000", seed=6)
    assert a.step(s) == b.step(s) and a.last_stats == b.last_stats
    c = make_agent("mcts:iterations=40,playout=fast,value=margin,horizon=4", seed=6)
    c.step(s)
    assert c.last_stats != a.last_stats


@pytest.mark.parametrize("spec", ["mcts:horizon=0", "mce:horizon=-3", "ismcts:horizon=two"])
def test_a_bad_horizon_is_named(spec):
    with pytest.raises(RegaliaError, match="horizon"):
        make_agent(spec)
