"""Search agents mce, mcts, ismcts: budgets, reproducibility, strength on solved toy
positions, information-set honesty, and spec options."""

from __future__ import annotations

import pytest

import regalia
from regalia.agents import ISMCTSAgent, MCEAgent, MCTSAgent, make_agent
from regalia.core.errors import RegaliaError, UnknownNameError

SEARCH = ["mce", "mcts", "ismcts"]


def midgame(players=4, plies=30, seed=2):
    game = regalia.load_game("kingdomino", players=players)
    s = game.new_initial_state(seed)
    rnd = make_agent("random", seed=seed)
    while s.is_chance_node() or len(s.history()) < plies:
        if s.is_chance_node():
            s.apply_random_chance()
        else:
            s.apply_action(rnd.step(s))
    return s


@pytest.mark.parametrize("name", SEARCH)
def test_same_seed_and_iterations_give_the_same_search(name):
    s = midgame()
    a = make_agent(f"{name}:iterations=60", seed=5)
    b = make_agent(f"{name}:iterations=60", seed=5)
    assert a.step(s) == b.step(s)
    assert a.last_stats == b.last_stats
    assert s == midgame()  # searching never changes the state it is given


@pytest.mark.parametrize("name", SEARCH)
def test_iteration_budget_is_exact_and_visits_add_up(name):
    s = midgame()
    agent = make_agent(f"{name}:iterations=37", seed=1)
    action = agent.step(s)
    assert action in s.legal_actions()
    assert agent.last_iterations == 37
    # every iteration passes through exactly one root action
    assert sum(st.visits for st in agent.last_stats) == 37
    assert {st.action for st in agent.last_stats} == set(s.legal_actions())
    assert all(0.0 <= st.value <= 1.0 for st in agent.last_stats)
    visits = [st.visits for st in agent.last_stats]
    assert visits == sorted(visits, reverse=True)


@pytest.mark.parametrize("name", SEARCH)
def test_seconds_budget_runs_at_least_one_iteration(name):
    agent = make_agent(f"{name}:seconds=0.05", seed=1)
    s = midgame()
    assert agent.step(s) in s.legal_actions()
    assert agent.last_iterations >= 1


@pytest.mark.parametrize("cls", [MCEAgent, MCTSAgent])
@pytest.mark.parametrize("hidden", [0, 1, 2])
def test_searching_the_true_state_finds_the_hidden_card(secret_guess, cls, hidden):
    # mce and mcts search the true state, so they "see" player 1's card: guessing it wins
    # (value 1); a wrong guess lets player 1 guess at random in the playouts: win 1/3 (0 for
    # player 0), miss 2/3 (shared, 1/2): value 1/3.
    s = secret_guess(own=0, other=hidden)
    agent = cls(seed=4, iterations=300)
    assert s.action_to_string(agent.step(s)) == f"guess {hidden}"
    assert agent.last_stats[0].value == 1.0


def test_ismcts_decides_from_the_information_state_only(secret_guess):
    # Player 0 holds card 1 in each position; only player 1's hidden card differs.
    runs = []
    for hidden in (0, 1, 2):
        agent = ISMCTSAgent(seed=11, iterations=300)
        action = agent.step(secret_guess(own=1, other=hidden))
        runs.append((action, agent.last_stats))
    assert runs[0] == runs[1] == runs[2]
    # honesty costs: unseen, every guess is right 1/3 of the time (1) and else worth 1/3
    # (see above): 1/3 + 2/3 * 1/3 = 5/9, far from the cheater's 1.
    assert max(st.value for st in runs[0][1]) < 0.9


def test_ismcts_equals_mcts_on_perfect_information():
    s = midgame()
    a = MCTSAgent(seed=3, iterations=80)
    b = ISMCTSAgent(seed=3, iterations=80)
    assert a.step(s) == b.step(s) and a.last_stats == b.last_stats


@pytest.mark.parametrize("name", SEARCH)
def test_search_agents_refuse_chance_nodes(name):
    s = regalia.load_game("kingdomino", players=2).new_initial_state(0)
    with pytest.raises(RegaliaError, match="chance"):
        make_agent(name).step(s)


def test_forced_moves_need_no_search():
    s = midgame()
    while len(s.legal_actions()) != 1 or s.is_chance_node():
        if s.is_chance_node():
            s.apply_random_chance()
        else:
            s.apply_action(s.legal_actions()[0])
    agent = make_agent("mcts:iterations=50", seed=0)
    assert agent.step(s) == s.legal_actions()[0] and agent.last_iterations == 0


def test_spec_options_are_typed():
    a = make_agent("mcts:seconds=0.5,c=1.2,final=max,playout=greedy", seed=2)
    assert (a.seconds, a.c, a.final, a.playout_name, a.iterations) == (0.5, 1.2, "max", "greedy", None)
    assert a.spec() == "mcts:seconds=0.5,playout=greedy,c=1.2,final=max"
    assert make_agent("mce").iterations == 1000
    assert make_agent(a.spec()).spec() == a.spec()


@pytest.mark.parametrize("spec, message", [
    ("mcts:iterations=0", "must be at least 1"),
    ("mcts:iterations=many", "bad iterations='many'"),
    ("mce:seconds=-1", "must be a positive number"),
    ("mcts:c=-1", "must be a finite number >= 0"),
    ("ismcts:playout=smart", "choose one of random, greedy"),
    ("mcts:final=best", "choose one of robust, max"),
    ("mce:c=1", "agent 'mce' has no option 'c'; options: seed, iterations, seconds, playout"),
])
def test_bad_search_options_are_named(spec, message):
    with pytest.raises(UnknownNameError, match=message.replace("(", r"\(")):
        make_agent(spec)


@pytest.mark.parametrize("name", ["mcts", "ismcts"])
def test_widening_limits_the_root_children(name):
    """widen=K: after n iterations the root has at most max(1, K*sqrt(n)) + 1 children
    (a child is added while fewer than K*sqrt(visits) exist), never more than the legal
    actions; with expand=policy the first child is the playout policy's choice."""
    import math
    import random as _random

    from regalia.agents.search import playout_policy
    s = midgame(plies=31)
    legal = s.legal_actions()
    assert len(legal) > 8
    agent = make_agent(f"{name}:iterations=36,widen=1,expand=policy,playout=greedy", seed=3)
    assert agent.step(s) in legal
    expanded = [st for st in agent.last_stats if st.visits > 0]
    assert sum(st.visits for st in agent.last_stats) == 36
    assert 2 <= len(expanded) <= math.ceil(math.sqrt(36)) + 1
    # without widening every legal action gets a playout before any gets a second
    flat = make_agent(f"{name}:iterations={len(legal)}", seed=3)
    flat.step(s)
    assert all(st.visits == 1 for st in flat.last_stats)
    # expand=policy, one iteration: the only child is the policy's choice for the same
    # generator state (mcts searches the true state, so the policy sees the same state)
    if name == "mcts":
        one = make_agent("mcts:iterations=1,expand=policy,playout=greedy", seed=8)
        one.step(s)
        chosen = [st.action for st in one.last_stats if st.visits == 1]
        policy = playout_policy(s, "greedy")
        rng = _random.Random()
        rng.setstate(make_agent("mcts", seed=8).rng.getstate())
        assert chosen == [policy(s, rng)]


@pytest.mark.parametrize("name", ["mcts", "ismcts"])
def test_expand_and_widen_are_reproducible_and_round_trip(name):
    s = midgame(plies=31)
    spec = f"{name}:iterations=40,playout=greedy,expand=policy,widen=1.5"
    a, b = make_agent(spec, seed=2), make_agent(spec, seed=2)
    assert a.step(s) == b.step(s) and a.last_stats == b.last_stats
    assert a.spec() == spec and make_agent(a.spec()).spec() == spec
    assert s == midgame(plies=31)


def test_default_expand_and_widen_do_not_change_the_search():
    s = midgame()
    a = make_agent("mcts:iterations=80", seed=6)
    b = make_agent("mcts:iterations=80,expand=random,widen=0", seed=6)
    assert a.step(s) == b.step(s) and a.last_stats == b.last_stats
    assert b.spec() == "mcts:iterations=80"


@pytest.mark.parametrize("spec, message", [
    ("mcts:expand=best", "choose one of random, policy"),
    ("ismcts:widen=-1", "must be a finite number >= 0"),
    ("mce:widen=1", "agent 'mce' has no option 'widen'"),
])
def test_bad_expand_and_widen_are_named(spec, message):
    with pytest.raises(UnknownNameError, match=message):
        make_agent(spec)


def place_ply(seed=2):
    """A 4-player Kingdomino place ply (followed by a pick ply of the same seat)."""
    s = midgame(plies=30, seed=seed)
    rnd = make_agent("random", seed=seed)
    while s.is_chance_node() or s.phase_name != "place" or len(s.legal_actions()) < 3:
        s.apply_action(s.sample_chance_outcome(rnd.rng) if s.is_chance_node()
                       else rnd.step(s))
    return s


def test_reuse_starts_the_next_search_below_the_actions_played():
    """reuse=true: after a placement the pick's search starts at the placement's node of
    the last tree (the same node, its visits kept) and adds its budget to it."""
    s = place_ply()
    agent = make_agent("mcts:iterations=60,playout=greedy,reuse=true", seed=4)
    a = agent.step(s)
    old = agent.last_tree.children[a]
    kept = old.visits
    assert kept > 0
    s.apply_action(a)
    assert s.phase_name == "pick" and len(s.legal_actions()) > 1
    agent.step(s)
    assert agent.last_tree is old
    assert agent.last_iterations == 60 and old.visits == kept + 60
    # every visit but the one that expanded the node went on to a pick
    assert sum(st.visits for st in agent.last_stats) == kept + 60 - 1
    # the same sequence of positions gives the same searches (reproducible)
    again = make_agent("mcts:iterations=60,playout=greedy,reuse=true", seed=4)
    t = place_ply()
    assert again.step(t) == a
    t.apply_action(a)
    again.step(t)
    assert again.last_stats == agent.last_stats


def test_reuse_starts_a_fresh_tree_off_the_kept_one():
    """A position the kept tree does not lead to (another deal) gets a new tree."""
    agent = make_agent("mcts:iterations=30,reuse=true", seed=4)
    agent.step(place_ply(seed=2))
    other = place_ply(seed=3)
    agent.step(other)
    assert agent.last_tree.visits == 30
    assert agent.spec() == "mcts:iterations=30,reuse=true"
    assert make_agent(agent.spec()).reuse is True


def test_reuse_is_off_by_default_and_refused_by_ismcts():
    assert make_agent("mcts").reuse is False
    with pytest.raises(UnknownNameError, match="agent 'ismcts' has no option 'reuse'"):
        make_agent("ismcts:reuse=true")
    with pytest.raises(ValueError, match="cannot reuse its tree"):
        ISMCTSAgent(reuse=True)
    with pytest.raises(UnknownNameError, match="expected true or false"):
        make_agent("mcts:reuse=maybe")
