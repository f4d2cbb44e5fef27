"""The Inheritors ``fast`` playout policy (``policies.fast_policy``): a cheaper ``greedy``
that values the discarding actions in closed form. It must return legal actions only,
never change the state it is given, be reproducible with a seed, decide only from what the
acting player sees, and choose as ``greedy`` does nearly everywhere."""

from __future__ import annotations

import random

import pytest

import regalia
from regalia.core.registry import game_policy


def decision_states(players: int, seeds=range(4), every: int = 5):
    """Decision states along games played by ``greedy`` (realistic positions)."""
    g = regalia.load_game("inheritors", players=players)
    greedy = game_policy("inheritors", "greedy")
    for seed in seeds:
        rng = random.Random(seed)
        s = g.new_initial_state(seed)
        ply = 0
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_random_chance()
                continue
            if ply % every == 0:
                yield s
            s.apply_action(greedy(s, rng))
            ply += 1


def test_fast_is_registered_and_offered_to_the_agents():
    from regalia.agents import make_agent
    from regalia.agents.search import available_policies, playout_policy
    from regalia.games.inheritors.policies import fast_policy
    assert game_policy("inheritors", "fast") is fast_policy
    assert available_policies("inheritors") == ["random", "greedy", "fast"]
    g = regalia.load_game("inheritors", players=2)
    s = g.new_initial_state(1)
    assert playout_policy(s, "fast") is fast_policy
    assert make_agent("ismcts:iterations=5,playout=fast").spec() == \
        "ismcts:iterations=5,playout=fast"


def test_a_game_without_the_policy_refuses_it_by_name():
    from regalia.agents import make_agent
    from regalia.core.errors import UnknownNameError
    g = regalia.load_game("kingdomino", players=2)
    s = g.new_initial_state(3)
    while s.is_chance_node():
        s.apply_random_chance()
    agent = make_agent("mcts:iterations=5,playout=fast", seed=1)
    with pytest.raises(UnknownNameError, match="offers no playout policy 'fast'"):
        agent.step(s)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_fast_returns_legal_actions_and_leaves_the_state_unchanged(players):
    policy = game_policy("inheritors", "fast")
    rng = random.Random(7)
    checked = 0
    for s in decision_states(players, seeds=range(3), every=3):
        before = s.clone()
        hist = list(s.history())
        a = policy(s, rng)
        assert a in s.legal_actions()
        assert s == before and s.history() == hist
        checked += 1
    assert checked >= 60


def test_fast_is_reproducible_with_a_seed():
    policy = game_policy("inheritors", "fast")
    for s in decision_states(2, seeds=range(2), every=4):
        seed = len(s.history())
        assert policy(s, random.Random(seed)) == policy(s, random.Random(seed))


@pytest.mark.parametrize("players", [2, 3])
def test_fast_uses_only_what_its_player_sees(players, compare_choices_with_a_hidden_card_swapped):
    """Same choice in two states that differ only in another player's hidden cards."""
    checked = compare_choices_with_a_hidden_card_swapped(
        game_policy("inheritors", "fast"), decision_states(players, seeds=range(3), every=4),
        random.Random(5))
    assert checked >= 20


def test_fast_chooses_as_greedy_nearly_everywhere():
    """Along greedy games, ``fast`` picks an action ``greedy`` values as highly in at least
    97% of the decisions with a choice (they differ only where a discard changes a Quest's
    hand condition)."""
    from regalia.games.inheritors.policies import visible_value
    fast = game_policy("inheritors", "fast")
    greedy = game_policy("inheritors", "greedy")
    same = total = 0
    for s in decision_states(2, seeds=range(4), every=1):
        legal = s.legal_actions()
        if len(legal) == 1 or any(s.game.A_ASK <= a < s.game.A_TAKE for a in legal):
            continue
        p = s.current_player()
        a, b = fast(s, random.Random(1)), greedy(s, random.Random(1))

        def value(x):
            c = s.clone()
            c.apply_action(x)
            return visible_value(c, p)
        total += 1
        same += abs(value(a) - value(b)) < 1e-9
    assert total >= 200
    assert same >= 0.97 * total



def test_a_clan_majority_award_is_not_read_from_hidden_hands():
    """A Clan scoring a majority (possible in a user's card file) would need every hand:
    the policies' estimate leaves it out, so another hand's Tomes cannot change it."""
    from regalia.games.inheritors.codes import E_MAJORITY
    from regalia.games.inheritors.policies import visible_value
    # the Python estimate, on the pure engine's fields (set in place below)
    g = regalia.load_game("inheritors", players=2, engine="pure")
    g.clan_scoring = tuple(((None, ((E_MAJORITY, g.majority_types, (3, 1)),), ()),)
                           for _ in g.clan_scoring)
    s = g.new_initial_state(2)
    while s.is_chance_node():
        s.apply_random_chance()
    p = s.current_player()
    q = 1 - p
    s.pclan[p] = 0
    T = g.T
    hand, deck = s.hand, s.deck

    def move(seat, t, to_hand):
        """One card of type t between the deck and a hand (keeps the card counts)."""
        k = 1 if to_hand else -1
        hand[seat * T + t] += k
        deck[t] -= k
        s.hsize[seat] += k
        s.dsize -= k
    for seat in (p, q):        # no Tome or Epic in either hand
        for t in g.majority_types:
            while hand[seat * T + t]:
                move(seat, t, False)
    move(p, g.tome_types[0], True)          # p: 1 Tome, first place alone
    base = visible_value(s, p)
    alone = s.scoring_points(p, g.clan_scoring[0])
    other = s.clone()
    for t in (g.tome_types[0], g.tome_types[0]):   # q (hidden from p): 2 Tomes, p second
        other.hand[q * T + t] += 1
        other.deck[t] -= 1
        other.hsize[q] += 1
        other.dsize -= 1
    assert (alone, other.scoring_points(p, g.clan_scoring[0])) == (3, 1)
    assert visible_value(other, p) == base
