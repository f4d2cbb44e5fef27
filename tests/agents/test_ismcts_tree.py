"""The ismcts tree is a tree of the searching seat's information sets (SO-ISMCTS, Cowling,
Powley & Whitehouse 2012, issue 18): below the root it never branches on a chance outcome
the searching seat cannot see, and it branches on every one it can.

The attacks: a toy game where a tree keyed by hidden outcomes lets the searcher guess a
card it never sees (and so take a losing gamble); a walk of a real Inheritors tree checking
every chance node's children against what the searching seat observes of each outcome."""

from __future__ import annotations

import random

import pytest

import regalia
from regalia.agents import ISMCTSAgent, MCTSAgent, make_agent
from regalia.core.errors import IllegalActionError, NotationError, RegaliaError
from regalia.core.game import CHANCE, TERMINAL, Game, GameInfo
from regalia.core.state import State, uniform_outcomes

from random_play import play_out


class OutcomeKeyedISMCTS(ISMCTSAgent):
    """ismcts as it was before issue 18: chance children keyed by the outcome itself."""

    def _outcome_key(self, state, outcome, player):
        return outcome


# ---------------------------------------------------------------------------- Blind Gamble
# Player 0 takes a shared victory (action 3, "safe") or gambles (4): then player 1 is dealt a
# card 0..2 that only player 1 sees (chance, actions 0..2), and player 0 names it (5..7):
# right, player 0 wins; wrong, player 1 wins. Unseen, the guess is right 1/3 of the time, so
# the gamble is worth 1/3 to player 0 and "safe" (1/2) is the right move.
SAFE, GAMBLE, GUESS0 = 3, 4, 5


class BlindGamble(Game):
    info = GameInfo(name="blind-gamble", title="Blind Gamble", min_players=2, max_players=2,
                    perfect_information=False)
    params = property(lambda self: {})
    num_players = property(lambda self: 2)
    num_distinct_actions = property(lambda self: 8)
    max_game_length = property(lambda self: 3)

    def __init__(self, summary: bool = False):
        self.summary = summary

    def new_initial_state(self, seed=None):
        return BlindGambleState(self, seed)

    def state_from_json(self, data):
        s = BlindGambleState(self, data["seed"])
        for a in data["history"]:
            s.apply_action(a)
        return s


class BlindGambleState(State):
    def __init__(self, game, seed):
        self._game, self._seed, self._dealer = game, seed, None
        self.hist: list[int] = []

    def current_player(self):
        h = self.hist
        if not h:
            return 0
        if h[0] == SAFE or len(h) == 3:
            return TERMINAL
        return CHANCE if len(h) == 1 else 0

    def legal_actions(self):
        p = self.current_player()
        if p == TERMINAL:
            return []
        if p == CHANCE:
            return [0, 1, 2]
        return [SAFE, GAMBLE] if not self.hist else [GUESS0, GUESS0 + 1, GUESS0 + 2]

    def chance_outcomes(self):
        if not self.is_chance_node():
            raise RegaliaError("not a chance node")
        return uniform_outcomes([0, 1, 2])

    def apply_action(self, action):
        if action not in self.legal_actions():
            raise IllegalActionError(action, "not legal here")
        self.hist.append(action)

    def action_to_string(self, action):
        return ["card 0", "card 1", "card 2", "safe", "gamble",
                "guess 0", "guess 1", "guess 2"][action]

    def string_to_action(self, text):
        for a in range(8):
            if self.action_to_string(a) == text:
                return a
        raise NotationError(text)

    def returns(self):
        if not self.is_terminal():
            return [0.0, 0.0]
        if self.hist[0] == SAFE:
            return [0.5, 0.5]
        right = self.hist[2] - GUESS0 == self.hist[1]
        return [1.0, 0.0] if right else [0.0, 1.0]

    def scores(self):
        return self.returns()

    def history(self):
        return list(self.hist)

    def clone(self):
        s = BlindGambleState(self._game, self._seed)
        s.hist = self.hist[:]
        return s

    def observation(self, player):
        h = self.hist
        card = h[1] if len(h) > 1 and h[0] == GAMBLE else None
        return {"choice": h[0] if h else None, "card": card if player == 1 else None,
                "guess": h[2] if len(h) > 2 else None}

    def information_state_string(self, player):
        self.check_seat(player)
        if self._game.summary:   # the observation alone: not the root's string extended
            return repr(sorted(self.observation(player).items()))
        return " ".join("?" if i == 1 and player == 0 else str(a)
                        for i, a in enumerate(self.hist))

    def to_json(self):
        return {"seed": self._seed, "history": list(self.hist)}


@pytest.mark.parametrize("summary", [False, True])
def test_ismcts_does_not_take_a_gamble_on_a_card_it_never_sees(summary):
    # summary=True: information-state strings that do not extend the root's
    s = BlindGamble(summary).new_initial_state(0)
    agent = ISMCTSAgent(seed=3, iterations=600)
    assert s.action_to_string(agent.step(s)) == "safe"
    stats = {st.action: st for st in agent.last_stats}
    assert stats[SAFE].value == 0.5
    # each guess is right 1/3 of the time whatever the card: the gamble's mean is about 1/3
    assert stats[GAMBLE].visits > 20 and abs(stats[GAMBLE].value - 1 / 3) < 0.15
    # one node below the deal, whichever card player 1 got
    deal = agent.last_tree.children[GAMBLE]
    assert len(deal.children) == 1
    ((key, guess_node),) = deal.children.items()
    assert key == ((repr([("card", None), ("choice", GAMBLE), ("guess", None)]),) if summary
                   else "4 ?")   # the root's string is empty: the gamble, the unseen deal
    # every visit but the first, which expanded "gamble" and played out from there
    assert guess_node.visits == deal.visits - 1 == stats[GAMBLE].visits - 1


@pytest.mark.parametrize("cls", [OutcomeKeyedISMCTS, MCTSAgent])
def test_a_tree_keyed_by_hidden_outcomes_guesses_the_unseen_card(cls):
    # The failure the fix removes: one child per card, so below each the guess "knows" it,
    # the gamble looks like a sure win and the search takes it.
    s = BlindGamble().new_initial_state(0)
    agent = cls(seed=3, iterations=600)
    assert s.action_to_string(agent.step(s)) == "gamble"
    assert len(agent.last_tree.children[GAMBLE].children) == 3
    assert max(st.value for st in agent.last_stats) > 0.8


def test_the_tree_is_kept_for_inspection_and_dropped_for_a_forced_move():
    agent = ISMCTSAgent(seed=1, iterations=30)
    s = BlindGamble().new_initial_state(0)
    agent.step(s)
    assert agent.last_tree is not None and agent.last_tree.visits == 30
    assert sum(ch.visits for ch in agent.last_tree.children.values()) == 30
    s.apply_action(GAMBLE)
    s.apply_action(1)
    agent.step(s)   # three guesses: searched
    assert agent.last_tree.visits == 30
    forced = regalia.load_game("kingdomino", players=2).new_initial_state(0)
    while forced.is_chance_node() or len(forced.legal_actions()) != 1:
        if forced.is_chance_node():
            forced.apply_random_chance()
        else:
            forced.apply_action(forced.legal_actions()[0])
    agent.step(forced)
    assert agent.last_tree is None and agent.last_iterations == 0


# ---------------------------------------------------------------------------- Inheritors
def inheritors_position(players: int, seed: int, plies: int) -> State:
    """The first decision with a choice (two legal actions or more) after ``plies`` actions
    of a random game."""
    game = regalia.load_game("inheritors", players=players)
    return play_out(game.new_initial_state(seed), random.Random(seed),
                    until=lambda s: (not s.is_chance_node() and len(s.history()) >= plies
                                     and len(s.legal_actions()) >= 2))


def tree_violations(agent: ISMCTSAgent, root_state: State, det: State):
    """Walk ``agent``'s last tree along determinization ``det``; at every chance node group
    the outcomes possible in ``det`` by the child they lead to and by what the searching
    seat observes of them (its information-state string after the outcome). Returns
    (violations, hidden, visible): ``violations`` lists chance nodes where two children
    hold outcomes the seat cannot tell apart, or one child holds outcomes it can;
    ``hidden`` counts chance nodes whose outcomes all look alike to the seat (another
    seat's draw), ``visible`` those where the seat tells some apart."""
    player = root_state.current_player()
    violations, hidden, visible = [], 0, 0
    stack = [(agent.last_tree, det)]
    while stack:
        node, s = stack.pop()
        if not node.children or s.is_terminal():
            continue
        if not s.is_chance_node():
            for a, child in node.children.items():
                if a in s.legal_actions():   # else: legal only in other determinizations
                    t = s.clone()
                    t.apply_action(a)
                    stack.append((child, t))
            continue
        seen: dict = {}       # child key -> the seat's information states it holds
        infos: dict = {}      # information state -> child keys holding it
        follow = {}           # child key -> the state after one outcome leading to it
        observed = set()      # the seat's information states after each possible outcome
        for outcome, _ in s.chance_outcomes():
            t = s.clone()
            t.apply_action(outcome)
            info = t.information_state_string(player)
            observed.add(info)
            key = agent._outcome_key(t, outcome, player)
            if key in node.children:
                seen.setdefault(key, set()).add(info)
                infos.setdefault(info, set()).add(key)
                follow.setdefault(key, t)
        if len(observed) == 1 and len(s.chance_outcomes()) > 1:
            hidden += 1
        elif len(observed) > 1:
            visible += 1
        if any(len(v) > 1 for v in seen.values()) or any(len(v) > 1 for v in infos.values()):
            violations.append(s.history()[len(root_state.history()):])
        stack.extend((node.children[k], t) for k, t in follow.items())
    return violations, hidden, visible


# a decision after which the searcher's turn ends within a few plies, so a modest search
# reaches the next seat's hidden draws
POSITIONS = [(2, 6, 80)]


@pytest.mark.parametrize("players,seed,plies", POSITIONS)
def test_inheritors_tree_branches_on_what_the_searcher_observes(players, seed, plies):
    s = inheritors_position(players, seed, plies)
    p = s.current_player()
    spec = dict(iterations=60, playout="fast", expand="policy", widen=1.0)
    agent = ISMCTSAgent(seed=5, **spec)
    agent.step(s)
    old = OutcomeKeyedISMCTS(seed=5, **spec)
    old.step(s)
    total_hidden = 0
    for k in range(2):
        det = s.resample_from_infostate(p, random.Random(40 + k))
        violations, hidden, visible = tree_violations(agent, s, det)
        assert violations == []
        assert visible > 0            # its own draws, the Market: one child per card seen
        total_hidden += hidden
        # the tree keyed by outcomes has one child per card another seat draws unseen
        old_violations, _, _ = tree_violations(old, s, det)
        assert old_violations
    assert total_hidden > 0           # the search did reach another seat's hidden draws


# ---------------------------------------------------------------------------- the others
def test_ismcts_on_two_heirs_is_unchanged_as_every_draw_below_the_root_is_public():
    # Only the face-down starting tile is hidden (drawn before the first decision): every
    # later draw is seen by both seats, so the observation keys split the outcomes exactly
    # as the outcomes do and the search is the same move for move.
    game = regalia.load_game("two-heirs", players=2)
    s = game.new_initial_state(4)
    rnd = make_agent("random", seed=4)
    while s.is_chance_node() or len(s.history()) < 30 or len(s.legal_actions()) < 2:
        if s.is_chance_node():
            s.apply_random_chance()
        else:
            s.apply_action(rnd.step(s))
    # 120 iterations: more than the position's legal actions, so the tree grows past the
    # root into chance nodes whatever the deals of the face-down tile
    a = ISMCTSAgent(seed=2, iterations=120, playout="fast")
    b = OutcomeKeyedISMCTS(seed=2, iterations=120, playout="fast")
    assert a.step(s) == b.step(s) and a.last_stats == b.last_stats
    assert any(not isinstance(k, int) for k in _chance_keys(a.last_tree))


def _chance_keys(node):
    out = []
    stack = [node]
    while stack:
        nd = stack.pop()
        out += list(nd.children)
        stack.extend(nd.children.values())
    return out


@pytest.mark.parametrize("name,players", [("inheritors", 2), ("inheritors", 4),
                                          ("two-heirs", 2), ("two-heirs", 1)])
def test_every_decision_is_seen_by_every_seat(name, players):
    # ismcts keys decisions by action id, which is right only if no seat's move is hidden
    # from another: two different legal actions must leave every seat a different
    # information state.
    game = regalia.load_game(name, players=players)
    assert not game.info.perfect_information
    s = game.new_initial_state(9)
    rng = random.Random(9)
    checked = 0
    while not s.is_terminal() and checked < 40:
        if s.is_chance_node():
            s.apply_random_chance()
            continue
        legal = s.legal_actions()
        if len(legal) > 1:
            for q in range(players):
                seen = set()
                for a in legal:
                    t = s.clone()
                    t.apply_action(a)
                    seen.add(t.information_state_string(q))
                assert len(seen) == len(legal)
            checked += 1
        s.apply_action(legal[rng.randrange(len(legal))])
    assert checked == 40
